"""The online part of the app: sign in, lobby, friends, messages, rankings and the online table.

All network work is the asyncio client (``ginrummy_desktop.online.client``) running on the Qt
event loop through qasync (``async_loop``), so nothing here blocks the window.
"""
