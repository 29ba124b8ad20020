"""GUI pieces shared by several of the game, online, statistics, review and lessons packages:
the opponent list and "New game" dialog frame, the storage thread, the charts, window fitting
and the row of painted cards. Below those packages and above ``gui/table/`` (docs/gui.md,
"Layers"): nothing here imports a game's package, the shell or the scenes."""
