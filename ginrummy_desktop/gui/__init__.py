"""The Qt user interface, by game: ``table/`` (the shared scene, seats and turn loop),
``gin/``, ``cribbage/``, ``stats/`` and ``shell/`` (see docs/gui.md)."""
