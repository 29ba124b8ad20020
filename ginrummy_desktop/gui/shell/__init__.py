"""The main window, menus, preferences, persistence link and dialogs."""
