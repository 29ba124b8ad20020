"""The main window: menus (Game, View, Help), the game screen, settings and window geometry.

Storage is optional: without it (screenshots, some tests) the window runs with defaults and
remembers nothing. With it, window geometry, appearance and the match in progress persist
(see ``gui/shell/persistence.py``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRect
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QGuiApplication,
    QKeySequence,
)
from PySide6.QtWidgets import QMainWindow, QMessageBox, QStackedWidget, QWidget

from ginrummy_desktop.gui.gin.controller import MatchSetup
from ginrummy_desktop.gui.gin.new_match_dialog import NewMatchDialog
from ginrummy_desktop.gui.gin.opponents import default_opponent
from ginrummy_desktop.gui.gin.screen import GinScreen, shortcut_rows
from ginrummy_desktop.gui.shell.help_pages import (
    CRIBBAGE_RULES_HTML,
    GIN_RULES_HTML,
    HelpDialog,
    shortcuts_html,
)
from ginrummy_desktop.gui.shell.table_sounds import TableSounds
from ginrummy_desktop.gui.table.animation import SPEEDS
from ginrummy_desktop.gui.table.card_renderer import BACKS, CardRenderer, CardStyle
from ginrummy_desktop.gui.table.layout import DEFAULT_CARD_SIZE
from ginrummy_desktop.gui.table.palette import TABLE_COLOURS, TablePalette, window_style_sheet

if TYPE_CHECKING:  # the cribbage modules load when cribbage is first played (faster start-up)
    from ginrummy_desktop.gui.cribbage.game_dialog import CribbageSetup

TITLE = "Gin Rummy Desktop"


GIN, CRIBBAGE = "gin", "cribbage"
# The "Ask for confirmation" settings (storage's CONFIRMATION_KEYS) and their questions.
CONFIRMATIONS: dict[str, tuple[str, str]] = {
    "knock": ("Knock?", "Knock now, discarding {card}, with {deadwood} deadwood?"),
    "new_match": ("Abandon this match?", "A match is in progress. Abandon it (it counts as "
                                         "abandoned in your statistics) and start another?"),
    "quit_match": ("Quit during a match?", "A match is in progress. Quit anyway?"),
    "resign": ("Resign?", "Resign this match? It counts as a loss."),
}


class MainWindow(QMainWindow):
    """Top-level window hosting the Gin Rummy screen or the Cribbage table (one game at a time).

    Starting a game of the other kind switches the window to it; the game it replaces is
    recorded as abandoned, exactly like a new match of the same kind.
    """

    def __init__(self, storage: Any = None, speed: str | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.storage = storage
        self.setWindowTitle(TITLE)
        self.setMinimumSize(800, 600)
        self.renderer = CardRenderer()
        self.speed = speed or "normal"
        self.gin_screen = GinScreen(self.renderer, self.speed, parent=self)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.gin_screen)
        self.setCentralWidget(self.stack)
        self.game = GIN
        self.cribbage_table: Any = None  # a CribbageTable once a cribbage game is started
        self.cribbage_setup: CribbageSetup | None = None  # the last cribbage game's setup
        self.player_name = "You"
        self.table_colour = "green"
        self.card_size = DEFAULT_CARD_SIZE
        self.auto_sort = True
        self.confirmations: dict[str, bool] = dict.fromkeys(CONFIRMATIONS, True)
        self.last_question: QMessageBox | None = None  # the confirmation on show (tests)
        self.gin_screen.controller.confirm_knock = self._confirm_knock
        self.gin_screen.on_rematch = self.rematch
        self.gin_screen.on_new_opponent = self.new_match_dialog
        self.dialogs: list[QWidget] = []  # keep modeless dialogs alive
        self.notifications: list[str] = []
        self.setStyleSheet(window_style_sheet(TablePalette.for_felt(self.table_colour)))
        self.sounds = TableSounds()
        self.sounds.attach(self.gin_screen.controller)
        self._build_menus()
        self.resize(1280, 800)
        self.restored_geometry = False
        self.persistence = None
        self.welcome: Any = None  # the first-run page while it is shown
        # The very first launch has no settings file yet (nothing writes one before this).
        paths = getattr(storage, "paths", None)
        self.first_run = paths is not None and not paths.settings_file.exists()
        if storage is not None:
            from ginrummy_desktop.gui.shell.persistence import Persistence

            self.persistence = Persistence(self, storage)
            self.restored_geometry = self.persistence.restore_geometry()
        self.gin_screen.before_new_match = self._before_gin_match

    # -- fitting the screen -----------------------------------------------------------------

    def fit_to_screen(self, size: str | None = None, available: QRect | None = None) -> None:
        """Keep the whole window on its screen (``available``: that screen's free area; by
        default the screen the window is on). ``size="default"`` starts from 1280x800."""
        from ginrummy_desktop.gui.shell import window_fit

        if available is None:
            screen = self.screen() or QGuiApplication.primaryScreen()
            if screen is None:
                return
            available = window_fit.client_room(self, screen.availableGeometry())
        self.setMinimumSize(window_fit.minimum_for(available))
        if self.isMaximized() or self.isFullScreen():
            return
        start = window_fit.default_geometry(available) if size == "default" \
            else self.geometry()
        self.setGeometry(window_fit.fitted(start, available))

    def open_on_screen(self) -> None:
        """Show the window (the app's start), its saved or default size fitted to the screen."""
        self.fit_to_screen(None if self.restored_geometry else "default")
        self.show()
        self.fit_to_screen()  # the screen it really opened on (the saved one may be gone)

    # -- menus -----------------------------------------------------------------------------

    def _build_menus(self) -> None:
        bar = self.menuBar()
        game = bar.addMenu("&Game")
        self.new_action = self._action(game, "&New Gin Rummy Match…", self.new_match_dialog,
                                       QKeySequence.StandardKey.New)
        self.new_cribbage_action = self._action(game, "New &Cribbage Game…",
                                                self.new_cribbage_dialog, "Ctrl+Shift+N")
        self.rematch_action = self._action(game, "&Rematch", self.rematch, "Ctrl+R")
        self.resign_action = self._action(game, "Re&sign", self.resign, "Ctrl+Shift+R")
        self.online_action = self._action(game, "Play &online…", self.show_online)
        game.addSeparator()
        self.play_menu = game.addMenu("&Play")
        for action in self.gin_screen.actions.values():
            self.play_menu.addAction(action)
        game.addSeparator()
        self.replay_action = self._action(game, "Replay &last hand…", self.replay_last_hand)
        self.commitment_action = self._action(game, "Deal co&mmitment…",
                                              self.gin_screen.show_commitment)
        if self.storage is not None:
            self._action(game, "&Statistics…", self.show_statistics)
        self._optional_window_action(game, "&Preferences…", "shell.preferences",
                                     "PreferencesDialog")
        game.addSeparator()
        self._action(game, "&Quit", self.close, QKeySequence.StandardKey.Quit)

        view = bar.addMenu("&View")
        fan = self.gin_screen.actions["fan"]
        view.addAction(fan)
        view.addActions(list(self.gin_screen.view_actions.values()))  # the score sheet
        speed_menu = view.addMenu("Animation &speed")
        group = QActionGroup(self)
        self.speed_actions: dict[str, QAction] = {}
        for name in SPEEDS:
            action = QAction(name.title(), self, checkable=True)
            action.setChecked(name == self.gin_screen.animator.speed)
            action.triggered.connect(lambda _c=False, n=name: self.set_speed(n))
            group.addAction(action)
            speed_menu.addAction(action)
            self.speed_actions[name] = action
        self.four_colour_action = QAction("&Four-colour deck", self, checkable=True)
        self.four_colour_action.triggered.connect(
            lambda on: self.set_card_style(four_colour=on))
        view.addAction(self.four_colour_action)
        backs = view.addMenu("Card &back")
        back_group = QActionGroup(self)
        for back_id, (label, *_rest) in BACKS.items():
            action = QAction(label, self, checkable=True)
            action.setChecked(back_id == self.renderer.style.back)
            action.triggered.connect(lambda _c=False, b=back_id: self.set_card_style(back=b))
            back_group.addAction(action)
            backs.addAction(action)
        self.mute_action = QAction("&Mute sounds", self, checkable=True)
        self.mute_action.setShortcut(QKeySequence("M"))
        self.mute_action.triggered.connect(self.toggle_mute)
        view.addAction(self.mute_action)
        felt = view.addMenu("&Table colour")
        felt_group = QActionGroup(self)
        for colour in TABLE_COLOURS:
            action = QAction(colour.title(), self, checkable=True)
            action.setChecked(colour == "green")
            action.triggered.connect(lambda _c=False, c=colour: self.set_table_colour(c))
            felt_group.addAction(action)
            felt.addAction(action)

        help_menu = bar.addMenu("&Help")
        self._action(help_menu, "Gin Rummy &rules", lambda: self.show_help(
            "Gin Rummy rules", GIN_RULES_HTML), QKeySequence.StandardKey.HelpContents)
        self._action(help_menu, "&Cribbage rules", lambda: self.show_help(
            "Cribbage rules", CRIBBAGE_RULES_HTML))
        self._action(help_menu, "&Keyboard shortcuts", lambda: self.show_help(
            "Keyboard shortcuts", shortcuts_html(shortcut_rows())))
        self._action(help_menu, "&About", self.show_about)

    def _action(self, menu: Any, text: str, slot: Any, shortcut: Any = None) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action

    def _optional_window_action(self, menu: Any, label: str, module: str, cls: str) -> None:
        """Menu entry for a window another part of the app provides, when it is installed."""
        from ginrummy_desktop.gui.shell import window_fit

        try:
            window_class = getattr(importlib.import_module(f"ginrummy_desktop.gui.{module}"), cls)
        except (ImportError, AttributeError):
            return
        if self.storage is None:
            return

        def open_window() -> None:
            try:
                window = window_class(self.storage, self)
            except TypeError:
                window = window_class(self.storage)
            self.dialogs.append(window)
            window.show()
            window_fit.keep_on_screen(window)  # a scaled laptop screen is 800x500

        self._action(menu, label, open_window)

    # -- commands ------------------------------------------------------------------------

    def start_default_match(self) -> None:
        self.gin_screen.new_match(MatchSetup(opponent=self._preferred_opponent(),
                                             preset=self._preferred_preset()))

    def _before_gin_match(self) -> None:
        """A gin match is about to start: record the game it replaces, show the gin screen."""
        if self.persistence is not None:
            self.persistence.new_match_started()
        self._show_game(GIN)
        self.sounds.play("deal")

    def _show_game(self, game: str) -> None:
        self.game = game
        gin = game == GIN
        self.stack.setCurrentWidget(self.gin_screen if gin else self.cribbage_table)
        self.gin_screen.active = gin  # the gin keys must not play a hidden table
        self.play_menu.menuAction().setVisible(gin)
        self.commitment_action.setVisible(gin)  # cribbage has no commitment yet
        self.gin_screen.actions["fan"].setVisible(gin)
        for action in self.gin_screen.view_actions.values():
            action.setVisible(gin)

    # -- cribbage --------------------------------------------------------------------------

    def preferred_cribbage_setup(self) -> CribbageSetup:
        """The opponent and options from the settings (the strongest opponent by default)."""
        from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS
        from ginrummy_desktop.gui.cribbage.game_dialog import CribbageSetup
        from ginrummy_desktop.gui.cribbage.opponents import default_opponent

        if self.storage is None:
            return CribbageSetup(default_opponent())
        settings = self.storage.settings.settings
        wanted = settings.default_opponent.get(CRIBBAGE)
        opponent = wanted if wanted in BUILTIN_BOTS else default_opponent()
        return CribbageSetup.from_rules(opponent, settings.cribbage_rules())

    def new_cribbage_dialog(self) -> QWidget | None:
        if self.match_in_progress() and not self.confirm("new_match"):
            return None
        from ginrummy_desktop.gui.cribbage.game_dialog import NewCribbageGameDialog

        current = self.cribbage_setup if self.cribbage_table is not None \
            else self.preferred_cribbage_setup()
        dialog = NewCribbageGameDialog(current, self)
        self.dialogs.append(dialog)
        dialog.accepted.connect(lambda: self.start_cribbage(dialog.setup()))
        dialog.open()
        return dialog

    def start_cribbage(self, setup: CribbageSetup, match: Any = None,
                       seed: int | None = None) -> Any:
        """Start a cribbage game (or continue ``match``, a restored ``CribbageMatch``)."""
        from ginrummy_desktop.gui.cribbage.opponents import short_name
        from ginrummy_desktop.gui.cribbage.table import CribbageTable

        if self.persistence is not None:
            self.persistence.new_match_started()
        old = self.cribbage_table
        names = (self.player_name, short_name(setup.opponent))
        table = CribbageTable(self, opponent=setup.opponent, seed=seed, rules=setup.rules(),
                              match=match, renderer=self.renderer,
                              speed=self.gin_screen.animator.speed, names=names)
        table.scene.set_felt_colour(self.table_colour)
        table.set_card_size(self.card_size)
        table.controller.before_new_match = self._before_cribbage_match
        self.cribbage_setup = setup
        self.cribbage_table = table
        self.stack.addWidget(table)
        self.sounds.attach(table.controller)
        self._show_game(CRIBBAGE)
        self.sounds.play("deal")
        if old is not None:
            old.controller.stop()
            self.stack.removeWidget(old)
            old.deleteLater()
        if self.persistence is not None:
            self.persistence.attach(table.controller)
        return table

    def _before_cribbage_match(self) -> None:
        """A cribbage rematch is about to start: record the match it replaces."""
        if self.persistence is not None:
            self.persistence.new_match_started()

    @property
    def controller(self) -> Any:
        """The controller of the match on screen (gin or cribbage; the same interface)."""
        if self.game == CRIBBAGE and self.cribbage_table is not None:
            return self.cribbage_table.controller
        return self.gin_screen.controller

    def _preferred_opponent(self) -> str:
        from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS

        if self.storage is not None:
            wanted = self.storage.settings.settings.default_opponent.get("gin")
            if wanted in BUILTIN_BOTS:
                return wanted
        return default_opponent()

    def _preferred_preset(self) -> str:
        from ginrummy_desktop.gui.gin.new_match_dialog import TABLE_PRESETS

        if self.storage is not None and self.storage.settings.settings.gin_preset in TABLE_PRESETS:
            return self.storage.settings.settings.gin_preset
        return "classic"

    def show_welcome(self) -> QWidget:
        """The first-run page: name, game and opponent; "Play" starts that game."""
        from ginrummy_desktop.gui.shell.welcome import WelcomePage

        self.welcome = WelcomePage(self._welcome_done, self.player_name, self)
        self.stack.addWidget(self.welcome)
        self.stack.setCurrentWidget(self.welcome)
        self.gin_screen.active = False  # no gin keys on the welcome page
        self.play_menu.menuAction().setVisible(False)
        self.welcome.focus_name()
        return self.welcome

    def _welcome_done(self, name: str, game: str, bot_id: str) -> None:
        if self.storage is not None:
            settings = self.storage.settings.settings
            try:
                self.storage.settings.update(
                    player_name=name, default_opponent={**settings.default_opponent, game: bot_id})
            except Exception as error:  # noqa: BLE001 - the game starts all the same
                self.notify(f"Could not save: {error}")
        self.set_player_name(name)
        if game == CRIBBAGE:
            from ginrummy_desktop.gui.cribbage.game_dialog import CribbageSetup

            rules = self.preferred_cribbage_setup().rules()
            self.start_cribbage(CribbageSetup.from_rules(bot_id, rules))
        else:
            self.gin_screen.new_match(MatchSetup(opponent=bot_id,
                                                 preset=self._preferred_preset()))
        page, self.welcome = self.welcome, None
        if page is not None:
            self.stack.removeWidget(page)
            page.deleteLater()

    def restore_or_start(self) -> None:
        """Offer to resume the autosaved match if there is one; after a finished match offer
        a new match or a rematch on a calm table; on the very first launch the welcome; else
        deal a new match."""
        from ginrummy_desktop.gui.shell import start_offer

        restored = self.persistence.saved_match() if self.persistence is not None else None
        last = self.persistence.last_finished() if self.persistence and not restored else None
        if restored is not None:
            start_offer.offer_resume(self, restored)
        elif last is not None:
            start_offer.offer_after_match(self, last)
        elif self.first_run:
            self.first_run = False
            self.show_welcome()
        else:
            self.start_default_match()
        if self.persistence is not None:
            self.persistence.show_notices()

    def notify(self, text: str) -> None:
        """Tell the player about a problem once, without interrupting play."""
        self.notifications.append(text)
        self.status_line().show_message(text, "warning")

    def status_line(self) -> Any:
        """The status line of the game on screen."""
        return self.cribbage_table.status if self.game == CRIBBAGE else self.gin_screen.status

    def new_match_dialog(self) -> None:
        if self.match_in_progress() and not self.confirm("new_match"):
            return
        current = self.gin_screen.controller.setup
        if self.gin_screen.controller.session is None:
            current = MatchSetup(preset=self._preferred_preset(),
                                 opponent=self._preferred_opponent())
        dialog = NewMatchDialog(current, self)
        self.dialogs.append(dialog)
        dialog.accepted.connect(lambda: self.gin_screen.new_match(dialog.setup()))
        dialog.open()

    def rematch(self) -> None:
        if self.match_in_progress() and not self.confirm("new_match"):
            return
        if self.game == CRIBBAGE and self.cribbage_table is not None:
            self.cribbage_table.controller.rematch()  # before_new_match records the old one
            return
        setup = self.gin_screen.controller.setup
        self.gin_screen.new_match(MatchSetup(setup.preset, setup.opponent, setup.practice,
                                             others=setup.others))

    def replay_last_hand(self) -> QWidget | None:
        """Step through the last finished hand of this match, move by move."""
        if self.game == CRIBBAGE:
            controller = self.cribbage_table.controller
            session: Any = controller.match
            names = {controller.human: controller.names[0],
                     controller.bot_seat: controller.names[1]}
        else:
            gin = self.gin_screen.controller
            session = gin.session
            names = gin.seat_names() if session is not None else {0: gin.player_name}
        records = session.hand_records() if session is not None else []
        if not records:
            self.status_line().show_message("No finished hand to replay yet", "info")
            return None
        from ginrummy_desktop.gui.stats.replay_window import ReplayWindow

        window = ReplayWindow(records[-1], names, self.renderer, self)
        self.dialogs.append(window)
        window.show()
        return window

    def show_online(self) -> QWidget:
        """The online window (one per app; its server comes from Preferences)."""
        from ginrummy_desktop.gui.online.window import DEFAULT_SERVER, OnlineWindow
        window = getattr(self, "online_window", None)
        if window is None:
            server = DEFAULT_SERVER if self.storage is None else \
                self.storage.settings.settings.online_server
            record = None if self.persistence is None else self.persistence.record_in_background
            window = self.online_window = OnlineWindow(
                server, record_match=record,
                ask_before_resign=lambda: self.confirmations.get("resign", True))
        window.show()
        window.raise_()
        window.activateWindow()
        return window

    def show_statistics(self) -> QWidget | None:
        """The Statistics window, reading storage through persistence's storage thread."""
        if self.persistence is None:
            return None
        from ginrummy_desktop.gui.shell.window_fit import open_fitted

        window = self.persistence.statistics_window(self)
        self.dialogs.append(window)
        open_fitted(window, window.size(), near=self)  # whole on this screen, at any scale
        return window

    def show_help(self, title: str, html: str) -> HelpDialog:
        from ginrummy_desktop.gui.shell.window_fit import keep_on_screen

        dialog = HelpDialog(title, html, self)
        self.dialogs.append(dialog)
        dialog.show()
        keep_on_screen(dialog)  # 640x560 is taller than a scaled laptop screen
        return dialog

    def show_about(self) -> QWidget:
        from ginrummy_desktop.gui.shell.about import AboutDialog
        from ginrummy_desktop.gui.shell.window_fit import keep_on_screen

        dialog = AboutDialog(self)
        self.dialogs.append(dialog)
        dialog.show()
        keep_on_screen(dialog)
        return dialog

    def set_speed(self, speed: str) -> None:
        self.gin_screen.animator.set_speed(speed)
        if self.cribbage_table is not None:
            self.cribbage_table.set_speed(speed)
        if speed in self.speed_actions:
            self.speed_actions[speed].setChecked(True)

    def set_card_style(self, **changes: Any) -> None:
        style = self.renderer.style
        values = {"four_colour": style.four_colour, "back": style.back,
                  "large_index": style.large_index, **changes}
        self.renderer.set_style(CardStyle(**values))
        self.four_colour_action.setChecked(self.renderer.style.four_colour)
        self.gin_screen.scene.update()
        if self.cribbage_table is not None:
            self.cribbage_table.scene.update()

    def set_card_size(self, size: str) -> None:
        """The card size setting, for both tables."""
        self.card_size = size
        self.gin_screen.set_card_size(size)
        if self.cribbage_table is not None:
            self.cribbage_table.set_card_size(size)

    def set_table_colour(self, colour: str) -> None:
        """The felt and, from it, the whole window's colours (bars, status line, panels)."""
        self.table_colour = colour
        self.setStyleSheet(window_style_sheet(TablePalette.for_felt(colour)))
        self.gin_screen.scene.set_felt_colour(colour)
        if self.cribbage_table is not None:
            self.cribbage_table.scene.set_felt_colour(colour)

    def set_player_name(self, name: str) -> None:
        self.player_name = name
        self.gin_screen.controller.player_name = name
        if self.cribbage_table is not None:
            controller = self.cribbage_table.controller
            controller.names = (name, controller.names[1])
            self.cribbage_table.board.set_names(controller.names)

    def set_sound(self, volume: int, muted: bool) -> None:
        """The sound settings, applied at once (Preferences and the Mute menu entry)."""
        self.sounds.apply_settings(volume, muted)
        self.mute_action.setChecked(self.sounds.muted)

    def toggle_mute(self) -> None:
        muted = not self.sounds.muted
        self.set_sound(self.sounds.board.volume, muted)
        if self.storage is not None:  # remembered; Preferences shows it at once
            try:
                self.storage.settings.update(sound_muted=muted)
            except Exception as error:  # noqa: BLE001 - the toggle still works this session
                self.notify(f"Could not save: {error}")

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.match_in_progress() and not self.confirm("quit_match"):
            event.ignore()
            return
        self.sounds.close()
        self.gin_screen.controller.stop()
        if self.cribbage_table is not None:
            self.cribbage_table.controller.stop()
        if self.persistence is not None:
            self.persistence.close()
        super().closeEvent(event)

    def confirm(self, key: str, **details: Any) -> bool:
        """Ask the ``key`` question (see ``CONFIRMATIONS``) unless that setting is off."""
        if not self.confirmations.get(key, True):
            return True
        title, text = CONFIRMATIONS[key]
        box = QMessageBox(QMessageBox.Icon.Question, title, text.format(**details),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setDefaultButton(QMessageBox.StandardButton.No)
        self.last_question = box
        try:
            return self.ask(box)
        finally:
            self.last_question = None
            box.deleteLater()

    def ask(self, box: QMessageBox) -> bool:
        """Show a question and wait for the answer (modal)."""
        return box.exec() == QMessageBox.StandardButton.Yes

    def match_in_progress(self) -> bool:
        """True when leaving now would abandon a match (not finished, not resigned)."""
        controller = self.controller
        session = controller.session
        return session is not None and not session.over and not controller.resigned

    def _confirm_knock(self, action: Any) -> bool:
        from ginrummy_desktop.engine.gin.melds import min_deadwood
        from ginrummy_desktop.gui.gin.controller import card_text

        hand = [c for c in self.gin_screen.controller.view().hand if c != action.card]
        return self.confirm("knock", card=card_text(action.card), deadwood=min_deadwood(hand))

    def resign(self) -> bool:
        """Resign the match on screen (a loss) after asking, if the setting says so."""
        if not self.match_in_progress():
            self.status_line().show_message("There is no match in progress to resign", "info")
            return False
        if not self.confirm("resign"):
            return False
        if self.game == GIN:
            return self.gin_screen.resign()
        return self.controller.resign()

    def set_auto_sort(self, on: bool) -> None:
        """"Sort my hand automatically" (the gin hand; cribbage hands are always in rank
        order)."""
        self.auto_sort = on
        self.gin_screen.controller.auto_sort = on

    def set_confirmations(self, confirmations: dict[str, bool]) -> None:
        self.confirmations = {key: bool(confirmations.get(key, True)) for key in CONFIRMATIONS}
