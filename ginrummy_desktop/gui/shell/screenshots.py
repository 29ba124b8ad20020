"""Named table states rendered headless to images: ``ginrummy-desktop --screenshot F --scene S``.

``SCENES`` maps a scene name to a function that builds a window in that state; games register
their own scenes here (the cribbage table adds ``cribbage-*`` scenes). ``render_scene`` sizes
the window, lets Qt lay it out and grabs it into a ``QImage``.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QWidget

from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
from ginrummy_desktop.engine.gin.match import GinMatch

# A scene builder returns the top-level widget to grab (already in its final state).
SCENES: dict[str, Callable[[], QWidget]] = {}

SCREENSHOT_SEED = 20240611


def register_scene(name: str) -> Callable[[Callable[[], QWidget]], Callable[[], QWidget]]:
    def decorate(builder: Callable[[], QWidget]) -> Callable[[], QWidget]:
        SCENES[name] = builder
        return builder
    return decorate


def load_scene_modules() -> dict[str, Callable[[], QWidget]]:
    """Import every ``gui/<game>/screenshots.py`` module (each registers its game's scenes)."""
    import importlib
    import importlib.util
    import pkgutil

    import ginrummy_desktop.gui as gui_package

    for package in pkgutil.iter_modules(gui_package.__path__):
        if not package.ispkg or package.name == "shell":
            continue
        name = f"ginrummy_desktop.gui.{package.name}.screenshots"
        if importlib.util.find_spec(name) is not None:
            importlib.import_module(name)
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


# -- Gin Rummy scenes ------------------------------------------------------------------------

def _gin_window(stage: str) -> QWidget:
    """A main window with a seeded match played by bots (for both seats) up to ``stage``."""
    from ginrummy_desktop.engine.gin.melds import best_arrangement
    from ginrummy_desktop.gui.gin.controller import HUMAN, MatchSetup
    from ginrummy_desktop.gui.gin.opponents import make_bot
    from ginrummy_desktop.gui.shell.main_window import MainWindow

    window = MainWindow(storage=None, speed="instant")
    window.set_confirmations(dict.fromkeys(window.confirmations, False))  # nobody to answer
    screen = window.gin_screen
    controller = screen.controller
    opponent = "greedy" if "greedy" in BUILTIN_BOTS else next(iter(BUILTIN_BOTS))
    stand_in = make_bot(opponent, seed=7)

    def human_step() -> None:
        session = controller.session
        assert isinstance(session, GinMatch)
        controller.settle()  # the opponent thinks off the GUI thread, also at instant speed
        if controller.reveal is None and session.to_move() == HUMAN:
            controller.play(stand_in.choose(session.observation(HUMAN)))
        controller.settle()

    def good_mid_hand() -> bool:
        view = controller.view()
        return (view.to_move == HUMAN and view.phase == "discard"
                and len(view.discard_pile) >= 5 and view.stock_size >= 8
                and len(best_arrangement(list(view.hand)).melds) >= 2)

    for seed in range(SCREENSHOT_SEED, SCREENSHOT_SEED + 40):
        screen.new_match(MatchSetup(preset="classic", opponent=opponent, seed=seed))
        controller.settle()
        if stage == "mid-hand":
            for _ in range(60):
                if good_mid_hand() or controller.reveal is not None:
                    break
                human_step()
            if good_mid_hand():
                controller.sort_hand("melds")
                controller._announce()
                break
        elif stage == "end-of-hand":
            for _ in range(400):
                if controller.reveal is not None:
                    break
                human_step()
            result = controller.reveal
            if result is not None and result.kind in ("knock", "undercut") and any(
                    hand.layoffs for hand in result.hands):
                break  # a hand that shows lay-offs moving onto the knocker's melds
        else:
            for _ in range(5000):
                if controller.session is not None and controller.session.over:
                    break
                if controller.reveal is not None:
                    screen._continue()
                    continue
                human_step()
            break
    return window


for _stage in ("mid-hand", "end-of-hand", "match-over"):
    SCENES[f"gin-{_stage}"] = (lambda stage=_stage: _gin_window(stage))



# -- Shell scenes ------------------------------------------------------------------------------

@register_scene("first-run")
def _first_run() -> QWidget:
    """The welcome page of the very first launch (name, game and opponent)."""
    from ginrummy_desktop.gui.shell.main_window import MainWindow

    window = MainWindow(storage=None, speed="instant")
    window.show_welcome()
    return window


def _preferences_on(tab: int) -> QWidget:
    """Preferences on tab ``tab``, over storage in a new temporary folder (a scene must not
    touch the person's files), which goes with the dialog."""
    import shutil
    import tempfile

    from ginrummy_desktop.gui.shell.preferences import PreferencesDialog
    from ginrummy_desktop.storage import Storage

    root = tempfile.mkdtemp(prefix="ginrummy-scene-")
    storage = Storage(root)
    dialog = PreferencesDialog(storage)
    dialog.tabs.setCurrentIndex(tab)

    def clean_up(_object: object = None) -> None:
        storage.close()
        shutil.rmtree(root, ignore_errors=True)

    dialog.destroyed.connect(clean_up)
    return dialog


@register_scene("preferences")
def _preferences() -> QWidget:
    """Preferences on its Appearance tab (table, cards and sound)."""
    return _preferences_on(1)


@register_scene("preferences-player")
def _preferences_player() -> QWidget:
    return _preferences_on(0)


@register_scene("preferences-gin")
def _preferences_gin() -> QWidget:
    """Preferences on its Gin Rummy tab (the house rules)."""
    return _preferences_on(2)


@register_scene("new-gin-match")
def _new_gin_match() -> QWidget:
    from ginrummy_desktop.gui.gin.controller import MatchSetup
    from ginrummy_desktop.gui.gin.new_match_dialog import NewMatchDialog

    return NewMatchDialog(MatchSetup())


@register_scene("new-cribbage-game")
def _new_cribbage_game() -> QWidget:
    from ginrummy_desktop.gui.cribbage.game_dialog import NewCribbageGameDialog

    return NewCribbageGameDialog()


@register_scene("about")
def _about() -> QWidget:
    from ginrummy_desktop.gui.shell.about import AboutDialog

    return AboutDialog()


@register_scene("help-keys")
def _help_keys() -> QWidget:
    """Help > Keyboard shortcuts: both games' keys."""
    from ginrummy_desktop.gui.gin.screen import shortcut_rows
    from ginrummy_desktop.gui.shell.help_pages import HelpDialog, shortcuts_html

    return HelpDialog("Keyboard shortcuts", shortcuts_html(shortcut_rows()))


@register_scene("startup-problems")
def _startup_problems() -> QWidget:
    """The start-up dialog with what storage really says about a damaged statistics file and a
    damaged autosave (made in a temporary folder, removed again)."""
    import shutil
    import tempfile
    from pathlib import Path

    from ginrummy_desktop.app import startup_problems_dialog
    from ginrummy_desktop.gui.shell.persistence import Persistence
    from ginrummy_desktop.storage import Storage, app_paths

    root = Path(tempfile.mkdtemp(prefix="ginrummy-home-"))
    paths = app_paths(root)
    paths.ensure()
    (paths.data_dir / "statistics.sqlite3").write_bytes(b"not a database" * 100)
    (paths.data_dir / "autosave-player.json").write_text(
        '{"format":"ginrummy-desktop-autosave","version":1,"sha256":"x","state":{"a":NaN}}')
    storage = Storage(root)
    try:
        autosave = storage.autosave()
        if autosave.acquire():
            autosave.load(Persistence._restore_state)
        problems = [notice.message for notice in storage.notices.take()]
    finally:
        storage.close()
        shutil.rmtree(root, ignore_errors=True)
    return startup_problems_dialog(problems)  # type: ignore[no-any-return]

