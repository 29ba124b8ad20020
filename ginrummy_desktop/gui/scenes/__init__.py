"""Named table states rendered headless to images: ``ginrummy-desktop --screenshot F --scene S``.

``SCENES`` maps a scene name to a function that builds a window in that state. Each module of
this package registers one part's scenes (``gin``, ``cribbage``, ``shell``, ``stats``,
``online``, ``review``, ``lessons``, ``score_sheet``); ``load_scene_modules`` imports them all.
``render_scene`` sizes the window, lets Qt lay it out and grabs it into a ``QImage``.

The scenes sit above the shell (docs/gui.md, "Layers"): they build main windows and dialogs,
and nothing the app ships imports them except the ``--screenshot`` and ``--self-test`` paths.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QWidget

# A scene builder returns the top-level widget to grab (already in its final state).
SCENES: dict[str, Callable[[], QWidget]] = {}

SCREENSHOT_SEED = 20240611


def register_scene(name: str) -> Callable[[Callable[[], QWidget]], Callable[[], QWidget]]:
    def decorate(builder: Callable[[], QWidget]) -> Callable[[], QWidget]:
        SCENES[name] = builder
        return builder
    return decorate


def load_scene_modules() -> dict[str, Callable[[], QWidget]]:
    """Import every module of ``gui/scenes/`` (each registers its part's scenes), in name order
    (``gin`` registers its usual table, ``gin-mid-hand``, first)."""
    import importlib
    import pkgutil

    for module in sorted(pkgutil.iter_modules(__path__), key=lambda module: module.name):
        importlib.import_module(f"{__name__}.{module.name}")
    return SCENES


def _app() -> QApplication:
    app = QApplication.instance()
    if app is None:
        app = QApplication([])
    return app  # type: ignore[return-value]


def settle_scene(widget: QWidget) -> None:
    """Let a shown scene's layouts and resize events settle, then its own ``settle()`` (a
    scene whose content arrives from another thread waits for it there)."""
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        QCoreApplication.processEvents()
    settle = getattr(widget, "settle", None)
    if settle:
        settle()
        QCoreApplication.processEvents()


def render_scene(name: str, width: int, height: int) -> QImage:
    """Render scene ``name`` at ``width`` x ``height`` logical pixels (raises KeyError)."""
    if name not in SCENES:
        load_scene_modules()
    if name not in SCENES:
        raise KeyError(f"unknown scene {name!r}; known scenes: {', '.join(sorted(SCENES))}")
    if width < 200 or height < 150:
        raise ValueError("screenshot size must be at least 200x150")
    _app()
    widget = SCENES[name]()
    widget.resize(width, height)
    widget.show()
    settle_scene(widget)
    image = widget.grab().toImage()
    widget.close()
    widget.deleteLater()
    # Deleted now, so a scene's clean-up (its temporary data folder) runs before the exit.
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()
    return image
