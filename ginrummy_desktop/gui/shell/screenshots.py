"""Temporary re-export (issue 42): the screenshot scenes moved to ``gui/scenes/``.

Kept only while ``selftest.py``, ``app.py`` and ``tests/test_gui_online_screens.py`` still import
this path (they have other work in progress); import ``ginrummy_desktop.gui.scenes`` instead.
Remove this module with their last import of it.
"""

from ginrummy_desktop.gui.scenes import (
    SCENES,
    SCREENSHOT_SEED,
    load_scene_modules,
    register_scene,
    render_scene,
    settle_scene,
)

__all__ = ["SCENES", "SCREENSHOT_SEED", "load_scene_modules", "register_scene", "render_scene",
           "settle_scene"]
