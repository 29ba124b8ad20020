"""Scenes of the shell: the first run's welcome, preferences, the "New game" dialogs, About,
the keyboard help, the start-up problems dialog and the question to resume a saved match."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from ginrummy_desktop.gui.scenes import register_scene

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

    from ginrummy_desktop.engine import translation
    from ginrummy_desktop.gui.shell.preferences import PreferencesDialog
    from ginrummy_desktop.storage import Storage

    root = tempfile.mkdtemp(prefix="ginrummy-scene-")
    storage = Storage(root)
    if translation.language() != translation.SOURCE_LANGUAGE:
        # As a player who chose this language sees it (no "from the next start" note).
        storage.settings.update(language=translation.language())
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
    from ginrummy_desktop.gui.gin.new_game_dialog import NewMatchDialog

    return NewMatchDialog(MatchSetup())


@register_scene("new-cribbage-game")
def _new_cribbage_game() -> QWidget:
    from ginrummy_desktop.gui.cribbage.new_game_dialog import NewCribbageGameDialog

    return NewCribbageGameDialog()


@register_scene("about")
def _about() -> QWidget:
    from ginrummy_desktop.gui.shell.about import AboutDialog

    return AboutDialog()


@register_scene("help-keys")
def _help_keys() -> QWidget:
    """Help > Keyboard shortcuts: both games' keys."""
    from ginrummy_desktop.gui.gin.keys import shortcut_rows
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



@register_scene("resume")
def _resume() -> QWidget:
    """The next launch after quitting in the middle of a match against Bea the Beginner: the
    question to resume it over plain felt (issue 39). The saved match lives in a temporary
    folder that goes with the window. The question is a dialog of its own on screen; here it
    is drawn into the window where it opens, over the felt, so one picture shows both."""
    import shutil
    import tempfile

    from PySide6.QtCore import QCoreApplication, QDeadlineTimer, QPoint, Qt
    from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout

    from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
    from ginrummy_desktop.engine.gin.match import GinMatch
    from ginrummy_desktop.engine.gin.rules import GIN_PRESETS
    from ginrummy_desktop.gui.scenes import SCREENSHOT_SEED
    from ginrummy_desktop.gui.shell.main_window import MainWindow
    from ginrummy_desktop.storage import Storage

    rules = GIN_PRESETS["classic"]
    match = GinMatch(rules, seed=SCREENSHOT_SEED)
    bots = [BUILTIN_BOTS["greedy"](seed=seat) for seat in range(rules.players)]
    while len(match.hand_records()) < 2 or not match.hand.actions:  # two hands, a third begun
        seat = match.to_move()
        assert seat is not None
        match.apply(seat, bots[seat].choose(match.observation(seat)))
    root = tempfile.mkdtemp(prefix="ginrummy-scene-")
    storage = Storage(root)
    storage.settings.update(player_name="Sam", default_opponent={"gin": "beginner"})
    autosave = storage.autosave()
    assert autosave.acquire()
    autosave.save({"game": "gin", "match": match.snapshot(), "hand_order": [],
                   "opponent": "beginner", "preset": "classic", "others": [],
                   "practice": False, "undo_used": False})
    autosave.release()
    window = MainWindow(storage=storage, speed="instant")
    window.set_confirmations(dict.fromkeys(window.confirmations, False))  # nobody to answer
    window.restore_or_start()

    framed: list[QFrame] = []

    def settle() -> None:
        if framed:  # already drawn in: keep it in the middle of a resized window
            frame = framed[0]
            frame.move(QPoint((window.width() - frame.width()) // 2,
                              (window.height() - frame.height()) // 2))
            return
        deadline = QDeadlineTimer(10_000)
        box = getattr(window, "start_offer", None)
        while (box is None or not box.isVisible()) and not deadline.hasExpired():
            QCoreApplication.processEvents()
            box = getattr(window, "start_offer", None)
        assert box is not None, "the resume question did not open"
        # Into the picture where it opens, in a plain frame with its title for the window
        # manager's decoration.
        frame = QFrame(window)
        frame.setFrameShape(QFrame.Shape.Box)
        frame.setAutoFillBackground(True)
        layout = QVBoxLayout(frame)
        layout.setContentsMargins(1, 1, 1, 1)
        layout.setSpacing(0)
        title = QLabel(box.windowTitle(), frame)
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        title.setStyleSheet("background: #d6d6d6; font-weight: bold; padding: 4px;")
        layout.addWidget(title)
        box.setParent(frame, Qt.WindowType.Widget)
        box.setAutoFillBackground(True)
        layout.addWidget(box)
        frame.adjustSize()
        frame.move(QPoint((window.width() - frame.width()) // 2,
                          (window.height() - frame.height()) // 2))
        frame.show()
        box.show()
        frame.raise_()
        framed.append(frame)

    def clean_up(_object: object = None) -> None:
        storage.close()
        shutil.rmtree(root, ignore_errors=True)

    window.settle = settle  # type: ignore[attr-defined]
    window.destroyed.connect(clean_up)
    return window
