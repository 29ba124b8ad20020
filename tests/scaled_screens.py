"""The main screens at scale factor 2 on a 1600x1000 screen, for real (used by
tests/test_gui_screens_text.py in a child process: Qt's scale factor and screen are fixed when
the QApplication starts).

``python -m tests.scaled_screens SCENE...`` starts Qt with ``QT_SCALE_FACTOR=2`` on an offscreen
screen of 1600x1000 device pixels (800x500 logical), opens each scene as the app opens it (the
main window fitted to its screen, Statistics and replays through ``open_fitted``, dialogs at
their own size) and prints one JSON line per scene: where the window lies, whether it is
wholly on the screen, and every text that is clipped or overlaps other text.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

SCREEN = {"name": "laptop", "x": 0, "y": 0, "width": 1600, "height": 1000,
          "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}


def scaled_environment() -> dict[str, str]:
    """The environment of a child process that sees the scaled laptop screen."""
    config = Path(tempfile.mkdtemp(prefix="ginrummy-screen-")) / "screen.json"
    config.write_text(json.dumps({"screens": [SCREEN]}))
    env = dict(os.environ)
    env.update(QT_QPA_PLATFORM=f"offscreen:configfile={config}", QT_SCALE_FACTOR="2")
    env.pop("QT_SCREEN_SCALE_FACTORS", None)
    env.pop("QT_AUTO_SCREEN_SCALE_FACTOR", None)
    return env


def open_as_the_app_does(widget) -> None:
    from PySide6.QtCore import QSize
    from PySide6.QtWidgets import QDialog

    from ginrummy_desktop.gui.common.window_fit import keep_on_screen, open_fitted
    from ginrummy_desktop.gui.shell.main_window import MainWindow
    from ginrummy_desktop.gui.stats.replay_window import ReplayWindow
    from ginrummy_desktop.gui.stats.window import StatisticsWindow

    if isinstance(widget, MainWindow):
        widget.open_on_screen()
    elif isinstance(widget, (StatisticsWindow, ReplayWindow)):
        open_fitted(widget, QSize(widget.size()))
    elif isinstance(widget, QDialog):  # Preferences, About, New match, start-up problems
        widget.show()
        keep_on_screen(widget)
    else:  # a game's table on its own: it fills the main window, which fills the screen
        open_fitted(widget, QSize(1280, 800))


def check(name: str) -> dict:
    from PySide6.QtCore import QCoreApplication

    from ginrummy_desktop.gui.scenes import SCENES, settle_scene
    from tests.text_layout import text_problems

    widget = SCENES[name]()
    try:
        open_as_the_app_does(widget)
        settle_scene(widget)
        screen = widget.screen()
        frame = widget.frameGeometry()
        return {"scene": name, "frame": [frame.x(), frame.y(), frame.width(), frame.height()],
                "ratio": screen.devicePixelRatio(),
                "on_screen": screen.availableGeometry().contains(frame),
                "problems": text_problems(widget)}
    finally:
        widget.close()
        widget.deleteLater()
        QCoreApplication.processEvents()


def main(names: list[str]) -> int:
    from PySide6.QtWidgets import QApplication

    from ginrummy_desktop.gui.scenes import load_scene_modules

    QApplication.instance() or QApplication([])
    load_scene_modules()
    for name in names:
        print(json.dumps(check(name)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
