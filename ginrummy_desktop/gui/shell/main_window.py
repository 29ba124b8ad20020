"""The main window: menus (Game, View, Help), the game screen, settings and window geometry.

Storage is optional: without it (screenshots, some tests) the window runs with defaults and
remembers nothing. With it, window geometry, appearance and the match in progress persist
(see ``gui/shell/persistence.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRect, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QGuiApplication,
    QKeySequence,
    QShortcut,
)
from PySide6.QtWidgets import QApplication, QMainWindow, QMessageBox, QStackedWidget, QWidget

from ginrummy_desktop.engine.translation import mark, tr
from ginrummy_desktop.engine.wording import YOU
from ginrummy_desktop.gui.common.window_table import WindowTable
from ginrummy_desktop.gui.game_registry import GameMapping, gui_game, gui_games
from ginrummy_desktop.gui.shell.table_sounds import TableSounds
from ginrummy_desktop.gui.table.card_renderer import BACKS, CardRenderer, CardStyle
from ginrummy_desktop.gui.table.layout import DEFAULT_CARD_SIZE
from ginrummy_desktop.gui.table.palette import TABLE_COLOURS, TablePalette, window_style_sheet
from ginrummy_desktop.storage.settings import ANIMATION_SPEEDS

if TYPE_CHECKING:
    from ginrummy_desktop.gui.cribbage.new_game_dialog import CribbageSetup
    from ginrummy_desktop.gui.gin.controller import MatchSetup
    from ginrummy_desktop.gui.shell.help_pages import HelpDialog

TITLE = mark("Gin Rummy Desktop")


# The two built-in games' registry keys, kept for callers that name one (tests); the window
# itself reads every game from the registry.
GIN, CRIBBAGE = "gin", "cribbage"
# What one contest is called in each game: a gin match, a cribbage game (its registration says).
CONTEST: Mapping[str, str] = GameMapping(lambda game: game.contest)
# The "Ask for confirmation" settings (storage's CONFIRMATION_KEYS) and their questions, each a
# whole sentence per contest's word (a gin "match", a cribbage "game": each language words and
# genders them itself); "" is the question for any contest. Marked here, shown with tr().
CONFIRMATIONS: dict[str, dict[str, tuple[str, str]]] = {
    "knock": {"": (mark("Knock?"),
                   mark("Knock now, discarding {card}, with {deadwood} deadwood?"))},
    "new_match": {
        "match": (mark("Abandon this match?"),
                  mark("This match is not finished. Abandon it (it counts as abandoned in your "
                       "statistics) and start another?")),
        "game": (mark("Abandon this game?"),
                 mark("This game is not finished. Abandon it (it counts as abandoned in your "
                      "statistics) and start another?")),
    },
    "quit_match": {"match": (mark("Quit during a match?"), ""),
                   "game": (mark("Quit during a game?"), "")},  # the text: QUIT_SAVED/UNSAVED
    "resign": {"match": (mark("Resign?"), mark("Resign this match? It counts as a loss.")),
               "game": (mark("Resign?"), mark("Resign this game? It counts as a loss."))},
}
QUIT_SAVED = {
    "match": mark("Your match is saved. Next time you start Gin Rummy Desktop it is offered to "
                  "you, to carry on where you left off. Quit now?"),
    "game": mark("Your game is saved. Next time you start Gin Rummy Desktop it is offered to "
                 "you, to carry on where you left off. Quit now?"),
}
QUIT_UNSAVED = {
    "match": mark("This match cannot be saved, so quitting abandons it. Quit anyway?"),
    "game": mark("This game cannot be saved, so quitting abandons it. Quit anyway?"),
}
# Animation speeds and felts as the View menu names them (the settings keep the ids).
SPEED_NAMES = {"instant": mark("Instant"), "fast": mark("Fast"), "normal": mark("Normal"),
               "slow": mark("Slow")}
COLOUR_NAMES = {"green": mark("Green"), "blue": mark("Blue"), "red": mark("Red"),
                "grey": mark("Grey")}


def question(key: str, contest: str, saved: bool = True) -> tuple[str, str]:
    """The ``key`` confirmation's title and text for a contest called ``contest`` ("match" or
    "game"; any other word reads as "game"), in the chosen language."""
    questions = CONFIRMATIONS[key]
    word = contest if contest in questions else "" if "" in questions else "game"
    title, text = questions[word]
    if key == "quit_match":
        text = (QUIT_SAVED if saved else QUIT_UNSAVED)[word]
    return tr(title), tr(text)


class MainWindow(QMainWindow):
    """Top-level window hosting one game's table at a time: each game in the registry that has
    a ``window_table`` gets one (gui/common/window_table.py), kept in ``tables`` by name; the
    first game's shows at start.

    Starting a game of another kind switches the window to it; the game it replaces is
    recorded as abandoned, exactly like a new match of the same kind. Closing it (Quit) closes
    every other window of the app and emits ``closed``: the app's event loop ends there.
    """

    closed = Signal()

    def __init__(self, storage: Any = None, speed: str | None = None,
                 parent: QWidget | None = None, *, tables_later: bool = False) -> None:
        super().__init__(parent)
        self.storage = storage
        self.setWindowTitle(tr(TITLE))
        self.setMinimumSize(800, 600)
        self.renderer = CardRenderer()
        self.speed = speed or "normal"  # the tables' animation speed (set_speed)
        self.stack = QStackedWidget(self)
        self.setCentralWidget(self.stack)
        self.player_name = YOU  # the person at the table (wording.is_you), shown translated
        self.table_colour = "green"
        self.card_size = DEFAULT_CARD_SIZE
        self.auto_sort = True
        self.confirmations: dict[str, bool] = dict.fromkeys(CONFIRMATIONS, True)
        self.last_question: QMessageBox | None = None  # the confirmation on show (tests)
        self.start_offer: QMessageBox | None = None  # resume/rematch question (start_offer.py)
        self.dialogs: list[QWidget] = []  # keep modeless dialogs alive
        self.notifications: list[str] = []
        self.persistence: Any = None
        self.welcome: Any = None  # the first-run page while it is shown
        # Each game's table (gui/game_registry.py's window_table), in the registry's order;
        # made by make_tables().
        self.tables: dict[str, WindowTable] = {}
        self.game = ""  # the game on screen: the first table's once the tables are made
        self.setStyleSheet(window_style_sheet(TablePalette.for_felt(self.table_colour)))
        self.sounds = TableSounds()
        self._build_menus()
        self.resize(1280, 800)
        # The welcome shows until the player has chosen an opponent there (or in Preferences):
        # quitting on the welcome page shows it again next time.
        self.first_run = storage is not None and not storage.settings.settings.default_opponent
        self._unsubscribe_undo: Any = None
        self.restored_geometry = False
        if storage is not None:
            from ginrummy_desktop.gui.shell.geometry import restore_geometry

            self.restored_geometry = restore_geometry(self, storage)
        if not tables_later:
            self.make_tables()

    def make_tables(self) -> None:
        """Each game's table, its Play and View menu entries, and (with storage) the link to
        storage that applies the settings and autosaves (``Persistence``).

        The constructor calls this unless it was given ``tables_later``: the app (run_app)
        maps the window (title, frame, size, menus) first and makes the tables right after,
        before the event loop paints anything, so the first frame has the table. Until then
        the window has no ``table``.
        """
        if self.tables:
            return
        for entry in gui_games():
            if entry.window_table is not None:
                self.tables[entry.name] = entry.window_table(self)
        if not self.tables:
            raise ValueError("no registered game has a table for the main window")
        self.game = next(iter(self.tables))  # the game on screen
        for table in self.tables.values():
            table.offer_review(self.review_last_hand, tr("Review"),
                               tr("Review your decisions in this hand"))
            if table.widget is not None:  # a table made with the window (the first game's)
                self.stack.addWidget(table.widget)
                self.sounds.attach(table.controller)
        self._add_table_menus()
        storage = self.storage
        if storage is not None:
            from ginrummy_desktop.gui.shell.persistence import Persistence

            self.persistence = Persistence(self, storage)
            self.set_undo_allowed(storage.settings.settings.undo_vs_computer)
            self._unsubscribe_undo = storage.settings.subscribe(
                lambda settings, _changed: self.set_undo_allowed(settings.undo_vs_computer))
        for table in self.tables.values():
            undo = table.undo_action()
            if undo is not None:
                undo.changed.connect(self._sync_undo_fallback)
        self._sync_undo_fallback()

    # -- fitting the screen -----------------------------------------------------------------

    def fit_to_screen(self, size: str | None = None, available: QRect | None = None) -> None:
        """Keep the whole window on its screen (``available``: that screen's free area; by
        default the screen the window is on). ``size="default"`` starts from 1280x800."""
        from ginrummy_desktop.gui.common import window_fit

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
        game = bar.addMenu(tr("&Game"))
        # One "New …" entry per game, in the registry's order (gui/game_registry.py).
        self.new_game_actions: dict[str, QAction] = {}
        for entry in gui_games():
            self.new_game_actions[entry.name] = self._action(
                game, tr(entry.new_game_label),
                lambda open_dialog=entry.new_game_dialog: open_dialog(self),
                entry.new_game_shortcut)
        self.rematch_action = self._action(game, tr("&Rematch"), self.rematch, "Ctrl+R")
        self.resign_action = self._action(game, tr("Re&sign"), self.resign, "Ctrl+Shift+R")
        self.online_action = self._action(game, tr("Play &online…"), self.show_online)
        game.addSeparator()
        self.play_menu = game.addMenu(tr("&Play"))  # the keys of the game on screen
        game.addSeparator()
        self.replay_action = self._action(game, tr("Replay &last hand…"), self.replay_last_hand)
        self.review_action = self._action(game, tr("Re&view last hand…"), self.review_last_hand)
        self._action(game, tr("Review this ma&tch…"), lambda: self.review_last_hand(True))
        self.commitment_action = self._action(game, tr("Deal co&mmitment…"),
                                              self._show_commitment)
        if self.storage is not None:
            self._action(game, tr("&Statistics…"), self.show_statistics)
        if self.storage is not None:
            self._action(game, tr("&Preferences…"), self.show_preferences)
        game.addSeparator()
        # Ctrl+Q by name: the standard Quit key is empty where the platform theme has none.
        self.quit_action = self._action(game, tr("&Quit"), self.close, "Ctrl+Q")

        view = self.view_menu = bar.addMenu(tr("&View"))
        # Entries only some games have (gin's fan and score sheet), greyed in the others: they
        # go first, before the speeds, when the tables are made (_add_table_menus).
        self.game_view_actions: dict[str, list[QAction]] = {}
        speed_menu = view.addMenu(tr("Animation &speed"))
        group = QActionGroup(self)
        self.speed_actions: dict[str, QAction] = {}
        # The speeds the settings take (the animator's SPEEDS, a test keeps them the same):
        # read from the settings, so the menu does not load the animator and the card items
        # before the window shows.
        for name in ANIMATION_SPEEDS:
            action = QAction(tr(SPEED_NAMES[name]) if name in SPEED_NAMES else name.title(), self,
                             checkable=True)
            action.setChecked(name == self.speed)
            action.triggered.connect(lambda _c=False, n=name: self.remember(animation_speed=n))
            group.addAction(action)
            speed_menu.addAction(action)
            self.speed_actions[name] = action
        self.four_colour_action = QAction(tr("&Four-colour deck"), self, checkable=True)
        self.four_colour_action.triggered.connect(
            lambda on: self.remember(four_colour_deck=bool(on)))
        view.addAction(self.four_colour_action)
        backs = view.addMenu(tr("Card &back"))
        back_group = QActionGroup(self)
        self.back_actions: dict[str, QAction] = {}
        for back_id, (label, *_rest) in BACKS.items():
            action = QAction(tr(label), self, checkable=True)
            action.setChecked(back_id == self.renderer.style.back)
            action.triggered.connect(lambda _c=False, b=back_id: self.remember(card_back=b))
            back_group.addAction(action)
            backs.addAction(action)
            self.back_actions[back_id] = action
        self.mute_action = QAction(tr("&Mute sounds"), self, checkable=True)
        self.mute_action.setShortcut(QKeySequence("M"))
        self.mute_action.triggered.connect(self.toggle_mute)
        view.addAction(self.mute_action)
        felt = view.addMenu(tr("&Table colour"))
        felt_group = QActionGroup(self)
        # Exclusive only among the named felts: a custom colour (from the settings file)
        # leaves every named one unticked.
        felt_group.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)
        self.felt_actions: dict[str, QAction] = {}
        for colour in TABLE_COLOURS:
            action = QAction(tr(COLOUR_NAMES[colour]) if colour in COLOUR_NAMES
                             else colour.title(), self, checkable=True)
            action.setChecked(colour == self.table_colour)
            action.triggered.connect(lambda _c=False, c=colour: self.remember(table_colour=c))
            felt_group.addAction(action)
            felt.addAction(action)
            self.felt_actions[colour] = action

        help_menu = bar.addMenu(tr("&Help"))
        # Each game's rules page, then each game's guided game (gui/game_registry.py). F1
        # opens the rules of the game on screen (``_show_game`` moves it; the first game's at
        # start).
        self.rules_actions: dict[str, QAction] = {}
        for entry in gui_games():
            if entry.rules_html is not None:
                self.rules_actions[entry.name] = self._action(
                    help_menu, tr(entry.rules_label),
                    lambda title=entry.title, html=entry.rules_html:
                    self.show_help(tr("{game} rules").format(game=tr(title)), html()),
                    None if self.rules_actions else QKeySequence.StandardKey.HelpContents)
        for entry in gui_games():
            if entry.lesson_label:
                self._action(help_menu, tr(entry.lesson_label),
                             lambda name=entry.name: self.open_lesson(name))
        self._action(help_menu, tr("&Keyboard shortcuts"), self.show_shortcuts)
        self._action(help_menu, tr("&About"), self.show_about)
        # Keys whose action does not apply just now still answer, in the status line.
        self.undo_fallback = QShortcut(QKeySequence.StandardKey.Undo, self)
        self.undo_fallback.setContext(Qt.ShortcutContext.WindowShortcut)
        self.undo_fallback.activated.connect(self.explain_undo)

    def _add_table_menus(self) -> None:
        """The tables' entries: the Play menu of the game on screen, and the View entries only
        some games have, at the top of the View menu."""
        self.play_menu.addActions(list(self.table.key_actions()))
        self.game_view_actions = {name: list(table.view_actions())
                                  for name, table in self.tables.items()}
        first = self.view_menu.actions()[0]
        for actions in self.game_view_actions.values():
            self.view_menu.insertActions(first, actions)

    def _action(self, menu: Any, text: str, slot: Any, shortcut: Any = None) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action

    def show_preferences(self) -> QWidget:
        """Preferences (loaded when first opened: it is not needed to show the table)."""
        from ginrummy_desktop.gui.common import window_fit
        from ginrummy_desktop.gui.shell.preferences import PreferencesDialog

        window = PreferencesDialog(self.storage, self)
        self.dialogs.append(window)
        window.show()
        window_fit.keep_on_screen(window)  # a scaled laptop screen is 800x500
        return window

    # -- the tables ------------------------------------------------------------------------

    @property
    def table(self) -> WindowTable:
        """The table of the game on screen."""
        return self.tables[self.game]

    @property
    def controller(self) -> Any:
        """The controller of the match on screen (every game's has the same interface)."""
        return self.table.controller

    def contest(self) -> str:
        """What one contest of the game on screen is called: "match" (gin) or "game"."""
        return CONTEST[self.game]

    def start_default_match(self) -> None:
        """A new game of the window's first game, with the settings' opponent and rules."""
        self.tables[next(iter(self.tables))].start_default()

    def start_new(self, game: str) -> None:
        """A new game of ``game`` with the opponent and rules from the settings."""
        self.tables[game].start_default()

    def new_match_started(self) -> None:
        """A new game is about to start: record the game it replaces (if it is unfinished)."""
        if self.persistence is not None:
            self.persistence.new_match_started()

    def table_starting(self, game: str) -> None:
        """A match on ``game``'s table (made with the window) is about to start: record the
        game it replaces, show that table."""
        self.new_match_started()
        self._show_game(game)
        self.sounds.play("deal")

    def install_table(self, game: str, widget: QWidget, old: QWidget | None = None) -> None:
        """``game``'s table made a new ``widget`` for a game starting: show it, in place of
        ``old`` (stopped and removed), with its sounds and autosave."""
        controller = getattr(widget, "controller", None)
        self.stack.addWidget(widget)
        self.sounds.attach(controller)
        self._show_game(game)
        self.sounds.play("deal")
        if old is not None:
            old_controller = getattr(old, "controller", None)
            if old_controller is not None:
                old_controller.stop()
            self.stack.removeWidget(old)
            old.deleteLater()
        if self.persistence is not None:
            self.persistence.attach(controller)

    def save_settings(self, **changes: Any) -> None:
        """Save settings a command chose; a failure is told, and the command goes on."""
        if self.storage is None:
            return
        try:
            self.storage.settings.update(**changes)
        except Exception as error:  # noqa: BLE001 - the game starts all the same
            self.notify(tr("Could not save: {error}").format(error=error))

    def _show_game(self, game: str) -> None:
        self.game = game
        table = self.tables[game]
        if table.widget is None:
            raise ValueError(f"no {game!r} game has been started to show")
        self.stack.setCurrentWidget(table.widget)
        for name, each in self.tables.items():
            each.set_active(name == game)  # a hidden table's keys must not play it
        # The same menus in every game: the Play menu lists the keys of the game on screen,
        # and entries only some games have stay in place, greyed, while another is played.
        self.play_menu.clear()
        self.play_menu.addActions(list(table.key_actions()))
        self.play_menu.menuAction().setVisible(True)
        self.commitment_action.setEnabled(table.commitment() is not None)
        for name, actions in self.game_view_actions.items():
            for action in actions:
                action.setEnabled(name == game)
        rules_key = QKeySequence(QKeySequence.StandardKey.HelpContents)
        for name, action in self.rules_actions.items():
            action.setShortcut(rules_key if name == game else QKeySequence())
        self._sync_undo_fallback()

    def _show_commitment(self) -> Any:
        show = self.table.commitment()
        return None if show is None else show()

    # -- each game's own entry points (registrations, scenes and tests call them) -----------

    @property
    def gin_screen(self) -> Any:
        """The Gin Rummy table (gui/gin/window_table.py)."""
        return self.tables[GIN].widget

    @property
    def cribbage_table(self) -> Any:
        """The Cribbage table of the game on screen, None before the first."""
        return self.tables[CRIBBAGE].widget

    @property
    def cribbage_setup(self) -> CribbageSetup | None:
        """The last cribbage game's setup."""
        return getattr(self.tables[CRIBBAGE], "setup", None)

    def preferred_gin_setup(self) -> MatchSetup:
        """The opponent, preset and rule changes from the settings (Preferences)."""
        return self.tables[GIN].preferred_setup()  # type: ignore[attr-defined, no-any-return]

    def new_match_dialog(self) -> QWidget | None:
        """The New Gin Rummy match dialog."""
        return self.tables[GIN].new_game_dialog()  # type: ignore[attr-defined, no-any-return]

    def preferred_cribbage_setup(self) -> CribbageSetup:
        """The cribbage opponent and options from the settings."""
        table = self.tables[CRIBBAGE]
        return table.preferred_setup()  # type: ignore[attr-defined, no-any-return]

    def new_cribbage_dialog(self) -> QWidget | None:
        """The New Cribbage game dialog."""
        return self.tables[CRIBBAGE].new_game_dialog()  # type: ignore[attr-defined, no-any-return]

    def start_cribbage(self, setup: CribbageSetup, match: Any = None,
                       seed: int | None = None) -> Any:
        """Start a cribbage game (or continue ``match``, a restored ``CribbageMatch``)."""
        return self.tables[CRIBBAGE].start(setup, match, seed)  # type: ignore[attr-defined]

    # -- the first run -------------------------------------------------------------------

    def show_welcome(self) -> QWidget:
        """The first-run page: name, game and opponent; "Play" starts that game."""
        from ginrummy_desktop.gui.shell.welcome import WelcomePage

        self.welcome = WelcomePage(self._welcome_done, self.player_name, self)
        self.welcome.on_learn = self.open_lesson
        self.stack.addWidget(self.welcome)
        self.stack.setCurrentWidget(self.welcome)
        for table in self.tables.values():
            table.set_active(False)  # no table's keys on the welcome page
        self.play_menu.menuAction().setVisible(False)
        self._sync_undo_fallback()
        self.welcome.focus_name()
        return self.welcome

    def _welcome_done(self, name: str, game: str, bot_id: str) -> None:
        if self.storage is not None:
            settings = self.storage.settings.settings
            self.save_settings(player_name=name,
                               default_opponent={**settings.default_opponent, game: bot_id})
        self.set_player_name(name)
        start_against = gui_game(game).start_against
        if start_against is not None:  # the welcome page offers only games that have it
            start_against(self, bot_id)
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
        return self.table.status_line()

    def rematch(self) -> None:
        if self.match_in_progress() and not self.confirm("new_match"):
            return
        self.table.rematch()

    def replay_last_hand(self) -> QWidget | None:
        """Step through the last finished hand of this match, move by move."""
        session, names = self.table.replay_source()
        records = session.hand_records() if session is not None else []
        if not records:
            self.status_line().show_message(tr("No finished hand to replay yet"), "info")
            return None
        from ginrummy_desktop.gui.stats.replay_window import ReplayWindow

        window = ReplayWindow(records[-1], names, self.renderer, self)
        self.dialogs.append(window)
        window.show()
        return window

    def open_lesson(self, game: str) -> QWidget:
        """The guided first game of ``game``, resumed at the chapter it was left at."""
        from ginrummy_desktop.gui.lessons.launch import open_lesson

        return open_lesson(self, game)

    def review_last_hand(self, whole_match: bool = False) -> QWidget | None:
        """Where the last finished hand (or the whole match) lost points, decision by decision."""
        from ginrummy_desktop.gui.review.launch import review_from_window

        return review_from_window(self, whole_match)

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
        from ginrummy_desktop.gui.common.window_fit import open_fitted

        window = self.persistence.statistics_window(self)
        self.dialogs.append(window)
        open_fitted(window, window.size(), near=self)  # whole on this screen, at any scale
        return window

    def show_help(self, title: str, html: str) -> HelpDialog:
        from ginrummy_desktop.gui.common.window_fit import keep_on_screen
        from ginrummy_desktop.gui.shell.help_pages import HelpDialog  # loaded when first asked

        dialog = HelpDialog(title, html, self)
        self.dialogs.append(dialog)
        dialog.show()
        keep_on_screen(dialog)  # 640x560 is taller than a scaled laptop screen
        return dialog

    def show_shortcuts(self) -> HelpDialog:
        """The keys of the game on screen."""
        from ginrummy_desktop.gui.shell.help_pages import shortcuts_html

        title, rows = self.table.shortcuts()
        return self.show_help(title or tr("Keyboard shortcuts"), shortcuts_html(rows))

    def show_about(self) -> QWidget:
        from ginrummy_desktop.gui.common.window_fit import keep_on_screen
        from ginrummy_desktop.gui.shell.about import AboutDialog

        dialog = AboutDialog(self)
        self.dialogs.append(dialog)
        dialog.show()
        keep_on_screen(dialog)
        return dialog

    def remember(self, **changes: Any) -> None:
        """Change settings from a menu: saved in the profile (Preferences shows the same at
        once), then applied by the settings' subscriber; without storage, applied directly."""
        if self.storage is not None:
            try:
                self.storage.settings.update(**changes)
                return
            except Exception as error:  # noqa: BLE001 - applied for this session all the same
                self.notify(tr("Could not save: {error}").format(error=error))
        appliers = {"animation_speed": self.set_speed, "table_colour": self.set_table_colour,
                    "four_colour_deck": lambda on: self.set_card_style(four_colour=on),
                    "card_back": lambda back: self.set_card_style(back=back)}
        for name, value in changes.items():
            appliers[name](value)

    def set_speed(self, speed: str) -> None:
        self.speed = speed
        for table in self.tables.values():
            table.set_speed(speed)
        if speed in self.speed_actions:
            self.speed_actions[speed].setChecked(True)

    def set_card_style(self, **changes: Any) -> None:
        style = self.renderer.style
        values = {"four_colour": style.four_colour, "back": style.back,
                  "large_index": style.large_index, **changes}
        self.renderer.set_style(CardStyle(**values))
        self.four_colour_action.setChecked(self.renderer.style.four_colour)
        if self.renderer.style.back in self.back_actions:
            self.back_actions[self.renderer.style.back].setChecked(True)
        for table in self.tables.values():
            table.update_cards()

    def set_card_size(self, size: str) -> None:
        """The card size setting, for every table."""
        self.card_size = size
        for table in self.tables.values():
            table.set_card_size(size)

    def set_table_colour(self, colour: str) -> None:
        """The felt and, from it, the whole window's colours (bars, status line, panels)."""
        self.table_colour = colour
        for name, action in self.felt_actions.items():
            action.setChecked(name == colour)
        self.setStyleSheet(window_style_sheet(TablePalette.for_felt(colour)))
        for table in self.tables.values():
            table.set_felt_colour(colour)

    def set_player_name(self, name: str) -> None:
        self.player_name = name
        for table in self.tables.values():
            table.set_player_name(name)

    def set_sound(self, volume: int, muted: bool) -> None:
        """The sound settings, applied at once (Preferences and the Mute menu entry)."""
        self.sounds.apply_settings(volume, muted)
        self.mute_action.setChecked(self.sounds.muted)

    def set_undo_allowed(self, on: bool) -> None:
        """Preferences' "Allow undo against the computer" (the online table has none)."""
        for table in self.tables.values():
            table.set_undo_allowed(on)

    def preview_sound(self) -> None:
        """A table sound at the current volume (Preferences' volume slider); muted: say so."""
        if self.sounds.muted:
            self.status_line().show_message(tr("Sounds are muted (press M to hear them)"), "info")
            return
        self.sounds.play("discard")

    def toggle_mute(self) -> None:
        muted = not self.sounds.muted
        self.set_sound(self.sounds.volume, muted)
        if self.storage is not None:  # remembered; Preferences shows it at once
            try:
                self.storage.settings.update(sound_muted=muted)
            except Exception as error:  # noqa: BLE001 - the toggle still works this session
                self.notify(tr("Could not save: {error}").format(error=error))
        # Silence cannot be heard: say what changed and how to change it back.
        self.status_line().show_message(
            tr("Sounds off (press M to turn them back on)") if muted
            else tr("Sounds on, volume {volume}% (M mutes them)").format(
                volume=self.sounds.volume), "info")

    def explain_undo(self) -> None:
        """Ctrl+Z when there is nothing it may take back: say why, instead of nothing."""
        if self.welcome is not None:
            return
        text = self.table.no_undo()  # a game without undo says why
        if not text and not self.table.undo_permitted():
            text = tr("Undo is for practice games; turn on \u201cAllow undo against the "
                      "computer\u201d in Preferences to use it in every game")
        elif not text:
            text = tr("Nothing to undo just now: undo takes back your own moves in this hand")
        self.status_line().show_message(text, "info")

    def _sync_undo_fallback(self) -> None:
        """The window's own Ctrl+Z answers only while the table's Undo cannot (two enabled
        shortcuts on one key would both be ignored as ambiguous)."""
        undo = self.table.undo_action()
        self.undo_fallback.setEnabled(not (undo is not None and self.welcome is None
                                           and undo.isEnabled()))

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.match_in_progress() and not self.confirm("quit_match"):
            event.ignore()
            return
        self.close_other_windows()
        self.sounds.close()
        for table in self.tables.values():
            table.stop()
        if self.persistence is not None:
            self.persistence.close()
        if self._unsubscribe_undo is not None:
            self._unsubscribe_undo()
        super().closeEvent(event)
        self.closed.emit()

    def close_other_windows(self) -> None:
        """Quit closes the whole app: sign out of the online service and close every other
        window (online, replays, statistics, dialogs); a window left open would keep the
        process alive with nothing on screen."""
        online = getattr(self, "online_window", None)
        if online is not None:
            online.sign_out()  # ends its network tasks; a no-op when not signed in
            board = getattr(online, "sound_board", None)
            if board is not None:
                board.close()
        for widget in QApplication.topLevelWidgets():
            if widget is not self and widget.isVisible():
                widget.close()

    def confirm(self, key: str, **details: Any) -> bool:
        """Ask the ``key`` question (see ``CONFIRMATIONS``) unless that setting is off."""
        if not self.confirmations.get(key, True):
            return True
        saving = self.persistence is not None and self.persistence.autosave is not None
        title, text = question(key, self.contest(), saving)
        box = QMessageBox(QMessageBox.Icon.Question, title.format(**details),
                          text.format(**details),
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

    def resign(self) -> bool:
        """Resign the match on screen (a loss) after asking, if the setting says so."""
        if not self.match_in_progress():
            self.status_line().show_message(
                tr("There is no match in progress to resign") if self.contest() == "match"
                else tr("There is no game in progress to resign"), "info")
            return False
        if not self.confirm("resign"):
            return False
        return self.table.resign()

    def set_auto_sort(self, on: bool) -> None:
        """"Sort my hand automatically" (games whose hands are always in order ignore it)."""
        self.auto_sort = on
        for table in self.tables.values():
            table.set_auto_sort(on)

    def set_confirmations(self, confirmations: dict[str, bool]) -> None:
        self.confirmations = {key: bool(confirmations.get(key, True)) for key in CONFIRMATIONS}
