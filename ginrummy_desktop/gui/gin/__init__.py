"""The Gin Rummy table: presentation, controller hooks and dialogs."""
