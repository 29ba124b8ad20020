"""The online window (Game → Play online…): sign in, then tabs for the lobbies, friends,
messages, rankings and each table being played. Every request runs as an asyncio task on the
Qt loop; its refusal is shown in words where the person looked, and nothing waits."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QTabWidget,
    QWidget,
)

from ginrummy_desktop.engine.translation import mark, tr
from ginrummy_desktop.gui.game_registry import GameMapping
from ginrummy_desktop.gui.online import credentials
from ginrummy_desktop.gui.online.async_loop import spawn
from ginrummy_desktop.gui.online.connection import (
    ClientFactory,
    OnlineSession,
    ServerAddress,
    default_client,
    state_text,
)
from ginrummy_desktop.gui.online.friends import FriendsTab
from ginrummy_desktop.gui.online.lobby import (
    GAME_TITLES,
    LobbyTab,
    game_title,
    preset_title,
    presets_for,
)
from ginrummy_desktop.gui.online.messages import MessagesTab
from ginrummy_desktop.gui.online.profile import ProfileDialog
from ginrummy_desktop.gui.online.rankings import RankingsTab
from ginrummy_desktop.gui.online.refusals import refusal_text, refusal_words
from ginrummy_desktop.gui.online.signin import SignInPanel
from ginrummy_desktop.gui.online.table_pane import TablePane

DEFAULT_SERVER = ""  # no made-up host: the player types the address they were given
# The games this version can sit at online: those whose registration has an online seat.
PLAYABLE_GAMES: Mapping[str, Any] = GameMapping(lambda game: game.online_seat)
RESIGN_QUESTION = (mark("Resign?"), mark("Resign this match? It counts as a loss."))  # tr()
PLAYERS_REFRESH_MS = 10_000  # who is in the lobby rooms (joins and leaves are not pushed)


class OnlineWindow(QMainWindow):
    def __init__(self, server: str = DEFAULT_SERVER, client_factory: ClientFactory | None = None,
                 speed: str | None = None, record_match: Any = None,
                 ask_before_resign: Callable[[], bool] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # Whether to ask before resigning (the "Ask for confirmation: before resigning"
        # setting, read when asked); None: always ask.
        self.ask_before_resign = ask_before_resign
        self.record_match = record_match  # stores a MatchSummary in the local statistics
        self.speed = speed  # animation speed of the tables (tests: "instant")
        self.setWindowTitle(tr("Gin Rummy Desktop — Online"))
        self.resize(1100, 760)
        self.client_factory = client_factory or default_client
        self.session: OnlineSession | None = None
        self.address: ServerAddress | None = None
        self.tables: dict[str, TablePane] = {}
        self.ratings: dict[tuple[str, str], float] = {}  # (user, game) -> rating

        self.stack = QStackedWidget(self)
        self.signin = SignInPanel(server, parent=self.stack)
        self.signin.submitted.connect(self._sign_in)
        self.tabs = QTabWidget(self.stack)
        self.tabs.setDocumentMode(True)
        self.lobbies = {game: LobbyTab(game, self.tabs) for game in GAME_TITLES}
        for game, lobby in self.lobbies.items():
            if game not in PLAYABLE_GAMES:
                lobby.set_playable(False)
        for game, lobby in self.lobbies.items():
            self.tabs.addTab(lobby, game_title(game))
            lobby.join_wanted.connect(self.join_table)
            lobby.create_wanted.connect(self.create_table)
            lobby.quick_wanted.connect(self.quick_match)
            lobby.say_wanted.connect(self._say)
        self.friends = FriendsTab(self.tabs)
        self.tabs.addTab(self.friends, tr("Friends"))
        self.messages = MessagesTab(parent=self.tabs)
        self.messages_index = self.tabs.addTab(self.messages, tr("Messages"))
        self.messages.unread_changed.connect(self._unread_changed)
        self.messages.history_wanted.connect(self._load_history)
        self.messages.send_wanted.connect(self._send_private)
        self.rankings = RankingsTab(self.tabs)
        self.tabs.addTab(self.rankings, tr("Rankings"))
        self.rankings.refresh_wanted.connect(self.refresh_rankings)
        self.rankings.profile_wanted.connect(self.show_profile)
        self.tabs.currentChanged.connect(self._tab_changed)
        self.asked: set[str] = set()  # users this account asked to be friends
        self.last_notice: tuple[str, str] | None = None  # (how, text) of the last alert
        f = self.friends
        f.add_wanted.connect(self._add_friend)
        f.answer_wanted.connect(self._answer_friend)
        f.remove_wanted.connect(self._remove_friend)
        f.block_wanted.connect(self._block)
        f.invite_wanted.connect(self._invite)
        f.chat_wanted.connect(self.open_chat)
        f.profile_wanted.connect(self.show_profile)
        for lobby in self.lobbies.values():
            lobby.profile_wanted.connect(self.show_profile)
        self.stack.addWidget(self.signin)
        self.stack.addWidget(self.tabs)
        self.setCentralWidget(self.stack)
        self.state_label = QLabel(state_text("offline"), self)
        self.state_label.setAccessibleName(tr("Connection state"))
        self.statusBar().addPermanentWidget(self.state_label)
        self.players_timer = QTimer(self)
        self.players_timer.setInterval(PLAYERS_REFRESH_MS)
        self.players_timer.timeout.connect(self._refresh_players)
        self.sign_out_action = self.menuBar().addAction(tr("Sign &out"))
        self.sign_out_action.triggered.connect(self.sign_out)
        self.sign_out_action.setEnabled(False)
        table_menu = self.menuBar().addMenu(tr("&Table"))
        self.resign_action = table_menu.addAction(tr("Re&sign"))
        self.resign_action.setShortcut(QKeySequence("Ctrl+Shift+R"))
        self.resign_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.resign_action.setStatusTip(tr("Give the match at this table up (a loss)"))
        self.resign_action.triggered.connect(lambda: self.resign_table())
        self.resign_box: QMessageBox | None = None

    # -- signing in -----------------------------------------------------------------------
    def _sign_in(self, address: ServerAddress, user: str, password: str, create: bool,
                 remember: bool) -> None:
        try:
            client = self.client_factory(address, user, password)
        except ValueError as error:
            self.signin.show_problem(str(error).capitalize())  # the JID library's words
            return
        session = OnlineSession(client, self)
        session.state_changed.connect(self._connection_changed)
        session.client_event.connect(self._on_event)
        self.signin.set_busy(True)
        # Current at once: offline messages arrive before the sign-in call returns.
        self.session, self.address = session, address
        self.messages.me = user

        def failed(reason: str) -> None:
            self.session = None
            self.signin.set_busy(False)
            self.signin.show_problem(_sentence(reason))
            session.deleteLater()

        def done(_result: Any) -> None:
            self.signin.set_busy(False)
            self.signin.password.clear()  # nothing of the password stays in the window
            self._remember(address, user, password, remember)
            self.stack.setCurrentWidget(self.tabs)
            self.sign_out_action.setEnabled(True)
            self.setWindowTitle(tr("Gin Rummy Desktop — Online — {user}").format(user=user))
            spawn(self._after_sign_in(), self._notice)

        spawn(session.sign_in(create), failed, done)

    def _remember(self, address: ServerAddress, user: str, password: str,
                  remember: bool) -> None:
        if not remember:
            credentials.forget(str(address), user)
            return
        try:
            credentials.remember(str(address), user, password)
        except credentials.KeyringUnavailable as error:
            self.statusBar().showMessage(_sentence(str(error)), 15000)

    async def _after_sign_in(self) -> None:
        assert self.session is not None
        client = self.session.client
        for jid, presence in client.friends().items():
            self.friends.set_friend(jid.split("@")[0], presence["available"],
                                    presence["status"])
        for game, lobby in self.lobbies.items():
            try:
                await client.join_lobby(game)
            except Exception as error:  # noqa: BLE001 - the lobby list still works without chat
                lobby.show_notice(tr("The room chat is not available: {error}").format(
                    error=refusal_words(str(error))), warning=True)
            lobby.set_tables(await client.open_tables(game))
        self._refresh_players()
        self.players_timer.start()
        await client.resync_all()

    def _refresh_players(self) -> None:
        if self.session is None:
            self.players_timer.stop()
            return
        spawn(self._load_players())

    async def _load_players(self) -> None:
        client = self._client()
        for game, lobby in self.lobbies.items():
            names = client.lobby_players(game)
            for name in names:
                if (name, game) not in self.ratings:
                    profile = await client.profile(user=name)
                    self.ratings[(name, game)] = profile["games"][game]["rating"]
            lobby.set_players([(name, self.ratings.get((name, game))) for name in names])

    def sign_out(self) -> None:
        session = self.session
        if session is None:
            return
        self.session = None
        self.players_timer.stop()
        self.ratings.clear()
        self.sign_out_action.setEnabled(False)
        for pane in list(self.tables.values()):
            self._close_table(pane.table_id)
        self._forget_account_views()
        self.stack.setCurrentWidget(self.signin)
        self.setWindowTitle(tr("Gin Rummy Desktop — Online"))
        spawn(session.sign_out(), self._notice, lambda _r: session.deleteLater())

    def _tab_changed(self, _index: int) -> None:
        self.messages._read_current()
        if self.tabs.currentWidget() is self.rankings:
            self.refresh_rankings(self.rankings.game)

    # -- rankings and profiles ------------------------------------------------------------
    def refresh_rankings(self, game: str) -> None:
        if self.session is None:
            return
        self.rankings.me = self.session.username
        spawn(self._load_rankings(game), self._notice)

    async def _load_rankings(self, game: str) -> None:
        client = self._client()
        board = await client.leaderboard(game)
        own = (await client.profile()).get("games", {}).get(game)
        history = await client.rating_history(game)
        if self.rankings.game == game:
            self.rankings.set_board(board, own)
            self.rankings.set_history(history)

    def show_profile(self, user: str) -> None:
        if self.session is None:
            return

        def show(profile: dict) -> None:
            me = self.session is not None and user == self.session.username
            dialog = ProfileDialog(profile, not me and user not in self.friends.presence,
                                   self._add_friend, self)
            dialog.open()
            self.profile_dialog = dialog

        spawn(self._client().profile(user=user), self._notice, show)

    def _forget_account_views(self) -> None:
        """Nothing of the signed-out account stays on screen (the next may be someone else)."""
        self.friends.presence.clear()
        self.friends._redraw()
        self.friends.requests.clear()
        self.asked.clear()
        self.messages.clear()
        for conversation in self.messages.conversations.values():
            conversation.deleteLater()
        self.messages.conversations.clear()
        self._unread_changed(0)
        for lobby in self.lobbies.values():
            lobby.chat_log.clear()
            lobby.set_tables([])
            lobby.set_players([])
            lobby.set_searching(False)

    def _connection_changed(self, state: str) -> None:
        self.state_label.setText(state_text(state))
        for pane in self.tables.values():
            pane.set_connection(state)

    # -- lobby requests -------------------------------------------------------------------
    def _client(self):  # type: ignore[no-untyped-def]
        assert self.session is not None
        return self.session.client

    def _notice(self, reason: str) -> None:
        lobby = self.tabs.currentWidget()
        if isinstance(lobby, LobbyTab):
            lobby.show_notice(_sentence(reason), warning=True)
        elif isinstance(lobby, TablePane):
            lobby.status.show_message(_sentence(reason), "warning")
        else:
            self.statusBar().showMessage(_sentence(reason), 10000)

    def join_table(self, table: str) -> None:
        for lobby in self.lobbies.values():
            listed = next((t for t in lobby.tables if t.get("table") == table), None)
            preset = (listed or {}).get("preset")
            if preset and preset not in presets_for(lobby.game):
                title = preset_title(preset, lobby.game)
                lobby.show_notice(tr("This version cannot play {preset} tables online: choose "
                                     "another table").format(preset=title), warning=True)
                return
        if self.session is not None:
            spawn(self._client().join_table(table), self._notice)

    def create_table(self, game: str, options: dict) -> None:
        if self.session is None:
            return
        lobby = self.lobbies[game]

        def created(table: str) -> None:
            lobby.show_notice(tr("Your table is open: waiting for an opponent to join."))

        spawn(self._client().create_table(game, **options), self._notice, created)

    def quick_match(self, game: str, cancel: bool) -> None:
        if self.session is None:
            return
        lobby = self.lobbies[game]
        lobby.set_searching(not cancel)

        def failed(reason: str) -> None:
            lobby.set_searching(False)
            lobby.show_notice(_sentence(reason), warning=True)

        spawn(self._client().quick_match(game, cancel=cancel), failed)

    def _say(self, game: str, text: str) -> None:
        if self.session is not None:
            self._client().say(game, text)

    # -- what the server pushes -----------------------------------------------------------
    def _on_event(self, kind: str, payload: Any) -> None:
        if kind == "tables":
            lobby = self.lobbies.get(payload["game"])
            if lobby is not None:
                lobby.set_tables(payload["tables"])
        elif kind == "chat":
            lobby = self.lobbies.get(payload["game"])
            if lobby is not None:
                lobby.add_chat(payload["nick"], payload["text"])
        elif kind in ("matched",):
            self.lobbies[payload["game"]].set_searching(False)
        elif kind == "offer":
            self._offer_computer(payload["game"])
        elif kind == "invite":
            self._invited(payload)
        elif kind == "private":
            self._private(payload)
        elif kind == "presence":
            user = str(payload["from"]).split("@")[0]
            if user in self.friends.presence or self._is_friend(str(payload["from"])):
                self.friends.set_friend(user, payload["available"], payload["status"] or "")
        elif kind == "subscribe":
            self._friend_request(str(payload["from"]))
        elif isinstance(payload, dict) and "table" in payload:
            self._table_event(kind, payload)

    def _table_event(self, kind: str, payload: dict[str, Any]) -> None:
        table = str(payload["table"])
        pane = self.tables.get(table)
        if pane is None:
            if kind != "state" or payload.get("status") != "playing" \
                    or payload.get("game") not in PLAYABLE_GAMES:
                return
            pane = self._open_table(payload)
            return
        pane.on_event(kind, payload)

    def _open_table(self, state: dict[str, Any]) -> TablePane:
        assert self.session is not None
        pane = TablePane(self.session.username, self.speed, self.tabs, game=str(state["game"]))
        self.tables[str(state["table"])] = pane
        pane.move_wanted.connect(self._move)
        pane.claim_wanted.connect(
            lambda table: spawn(self._client().claim_win(table), self._notice))
        pane.resign_wanted.connect(self.resign_table)
        pane.chat_wanted.connect(
            lambda user, text: self._client().send_private(self.session.jid_of(user), text))
        pane.closed.connect(self.close_table_asked)
        if self.record_match is not None:
            pane.finished.connect(self.record_match)
        pane.sound = self._sound()
        pane.start(state)
        index = self.tabs.addTab(pane, tr("Table: {name}").format(name=pane.opponent))
        self.tabs.setCurrentIndex(index)
        for lobby in self.lobbies.values():
            lobby.set_searching(False)
        self.session.client.set_playing(True)
        spawn(self._opponent_rating(pane, str(state["game"])))
        return pane

    def _sound(self) -> Any:
        if getattr(self, "sound_board", None) is None:
            from ginrummy_desktop.sound import SoundBoard
            self.sound_board = SoundBoard()  # its audio thread starts at the first sound
        return self.sound_board

    async def _opponent_rating(self, pane: TablePane, game: str) -> None:
        profile = await self._client().profile(user=pane.opponent)
        rating = profile.get("games", {}).get(game, {}).get("rating")
        pane.set_opponent_rating(rating)

    def _move(self, table: str, action: dict, seq: int) -> None:
        pane = self.tables.get(table)

        def refused(reason: str) -> None:
            if pane is not None:
                pane.move_refused(refusal_words(reason))
            spawn(self._client().resync(table))

        spawn(self._client().move(table, action, seq), refused)

    def resign_table(self, table: str | None = None) -> bool:
        """Resign the match at ``table`` (default: the table on view), after asking unless
        the setting says not to. False when there is nothing to resign (said in words)."""
        pane = self.tables.get(table) if table else self.tabs.currentWidget()
        if not isinstance(pane, TablePane):
            self.statusBar().showMessage(
                tr("Resign is for a match at a table: open its tab first"), 10000)
            return False
        if not pane.match_in_play:
            pane.status.show_message(tr("The match is over: there is nothing to resign"), "info")
            return False
        if self.session is None:
            pane.status.show_message(tr("You are signed out: sign in again to resign"),
                                     "warning")
            return False

        def send() -> None:
            if self.tables.get(pane.table_id) is pane and pane.match_in_play \
                    and self.session is not None:
                pane.status.show_message(tr("Resigning…"), "info")
                spawn(self._client().resign(pane.table_id),
                      lambda reason: pane.status.show_message(_sentence(reason), "warning"))

        if self.ask_before_resign is not None and not self.ask_before_resign():
            send()
            return True
        title, question = RESIGN_QUESTION
        box = QMessageBox(QMessageBox.Icon.Question, tr(title), tr(question),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setDefaultButton(QMessageBox.StandardButton.No)
        box.buttonClicked.connect(
            lambda button: send() if box.standardButton(button)
            == QMessageBox.StandardButton.Yes else None)
        box.open()  # not exec(): the table and the network go on while the person decides
        self.resign_box = box
        return True

    def close_table_asked(self, table: str) -> None:
        """Close table: a match still in play is not left behind silently (its clock would
        run out on the absent player): resign and close, or keep playing."""
        pane = self.tables.get(table)
        if pane is None or not pane.match_in_play or self.session is None:
            self._close_table(table)
            return
        box = QMessageBox(QMessageBox.Icon.Question, tr("Close table"),
                          tr("The match is still in play. Closing the table resigns it (a "
                             "loss)."),
                          QMessageBox.StandardButton.NoButton, self)
        resign = box.addButton(tr("Resign and close"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(tr("Keep playing"), QMessageBox.ButtonRole.RejectRole)

        def answered(button: Any) -> None:
            if button is resign and self.tables.get(table) is pane:
                spawn(self._client().resign(table),
                      lambda reason: pane.status.show_message(_sentence(reason), "warning"),
                      lambda _r: self._close_table(table))
        box.buttonClicked.connect(answered)
        box.open()
        self.close_box = box

    def _close_table(self, table: str) -> None:
        pane = self.tables.pop(table, None)
        if pane is None:
            return
        self.tabs.removeTab(self.tabs.indexOf(pane))
        pane.deleteLater()
        if self.session is not None and not self.tables:
            self.session.client.set_playing(False)

    def _offer_computer(self, game: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Question, tr("Quick match"),
                          tr("Nobody of your strength is free right now. Play a casual game "
                             "against the computer?"),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.buttonClicked.connect(lambda button: self._computer_answer(
            game, box.standardButton(button) == QMessageBox.StandardButton.Yes))
        box.open()
        self.offer_box = box

    def _computer_answer(self, game: str, accept: bool) -> None:
        if accept and self.session is not None:
            spawn(self._client().quick_match(game, computer=True), self._notice)

    def _invited(self, payload: dict[str, Any]) -> None:
        sender = str(payload["from"]).split("@")[0]
        if payload["game"] not in PLAYABLE_GAMES:
            self.statusBar().showMessage(
                tr("{name} invited you to a {game} table, which this version cannot play "
                   "online yet").format(name=sender, game=game_title(payload["game"])), 15000)
            return
        box = QMessageBox(QMessageBox.Icon.Question, tr("Invitation"),
                          tr("{name} invites you to a {game} table.").format(
                              name=sender, game=game_title(payload["game"])),
                          QMessageBox.StandardButton.NoButton, self)
        accept = box.addButton(tr("Accept"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(tr("Decline"), QMessageBox.ButtonRole.RejectRole)
        box.buttonClicked.connect(
            lambda button: self.join_table(payload["table"]) if button is accept else None)
        box.setWindowModality(Qt.WindowModality.NonModal)
        box.open()
        self.invite_box = box

    def _private(self, payload: dict[str, Any]) -> None:
        sender = str(payload["from"]).split("@")[0]
        for pane in self.tables.values():
            if pane.opponent == sender:
                pane.add_chat(sender, payload["text"])
        in_view = self.isVisible() and self.isActiveWindow() \
            and self.tabs.currentWidget() is self.messages
        self.messages.receive(sender, payload["text"], in_view)
        if not self.isVisible() or self.isMinimized() or not self.isActiveWindow():
            self._alert(tr("Message from {name}").format(name=sender), payload["text"])

    def _alert(self, title: str, text: str) -> None:
        """A tray notice where the desktop has a tray, else the taskbar entry asks for
        attention."""
        from PySide6.QtWidgets import QApplication, QSystemTrayIcon
        if QSystemTrayIcon.isSystemTrayAvailable():
            tray = getattr(self, "tray", None)
            if tray is None:
                tray = self.tray = QSystemTrayIcon(self.windowIcon(), self)
                tray.show()
            tray.showMessage(title, text)
            self.last_notice = ("tray", title)
        else:
            QApplication.alert(self)
            self.last_notice = ("alert", title)

    def _unread_changed(self, total: int) -> None:
        self.tabs.setTabText(self.messages_index,
                             tr("Messages ({count})").format(count=total) if total
                             else tr("Messages"))

    def open_chat(self, user: str) -> None:
        self.tabs.setCurrentWidget(self.messages)
        self.messages.open(user)

    def _load_history(self, user: str) -> None:
        if self.session is None:
            return
        conversation = self.messages.conversation(user)

        def loaded(history: list[dict]) -> None:
            conversation.set_history([(str(m["from"]).split("@")[0], m["text"])
                                      for m in history])

        spawn(self._client().message_history(self.session.jid_of(user)),
              lambda reason: conversation.add("—", tr("The history is not available: {reason}")
                                              .format(reason=refusal_words(reason))),
              loaded)

    def _send_private(self, user: str, text: str) -> None:
        if self.session is not None:
            self._client().send_private(self.session.jid_of(user), text)

    # -- friends --------------------------------------------------------------------------
    def _is_friend(self, jid: str) -> bool:
        return self.session is not None and jid in self._client().friends()

    def _add_friend(self, user: str) -> None:
        from ginrummy_desktop.online import protocol
        if self.session is None:
            return
        if not protocol.USERNAME_PATTERN.match(user):
            self.friends.show_notice(tr("{name} is not a user name").format(name=repr(user)))
            return
        if user == self.session.username:
            self.friends.show_notice(tr("That is you"))
            return
        self.asked.add(user)
        self._client().add_friend(self.session.jid_of(user))
        self.friends.show_notice(tr("Friend request sent to {name}").format(name=user))

    def _friend_request(self, jid: str) -> None:
        user = jid.split("@")[0]
        if user in self.asked:  # they accepted ours and ask back: that completes it
            self._client().approve_friend(jid)
            self.friends.set_friend(user, True, "")
            return
        self.friends.add_request(user)
        self.tabs.setTabText(self.tabs.indexOf(self.friends), tr("Friends (request)"))

    def _answer_friend(self, user: str, accept: bool) -> None:
        if self.session is None:
            return
        jid = self.session.jid_of(user)
        self.tabs.setTabText(self.tabs.indexOf(self.friends), tr("Friends"))
        if accept:
            self.asked.add(user)
            self._client().approve_friend(jid)
            self.friends.set_friend(user, False, "")
            self.friends.show_notice(tr("{name} is now your friend").format(name=user))
        else:
            self._client().decline_friend(jid)
            self.friends.show_notice(tr("Declined {name}'s request").format(name=user))

    def _remove_friend(self, user: str) -> None:
        if self.session is not None:
            self._client().remove_friend(self.session.jid_of(user))
            self.asked.discard(user)
            self.friends.drop_friend(user)
            self.friends.show_notice(tr("Removed {name} from your friends").format(name=user))

    def _block(self, user: str) -> None:
        if self.session is None:
            return

        def blocked(_r: Any) -> None:
            self._remove_friend(user)
            self.friends.show_notice(
                tr("Blocked {name}: they cannot message or invite you").format(name=user))

        spawn(self._client().block(self.session.jid_of(user)),
              lambda reason: self.friends.show_notice(refusal_words(reason)), blocked)

    def _invite(self, user: str, game: str = "gin") -> None:
        if self.session is None:
            return
        spawn(self._client().create_table(game, rated=False,
                                          invite=self.session.jid_of(user)),
              lambda reason: self.friends.show_notice(refusal_words(reason)),
              lambda _t: self.friends.show_notice(
                  tr("Invited {name} to a casual {game} table: waiting for them to accept")
                  .format(name=user, game=game_title(game))))


def _sentence(text: str) -> str:
    """A refusal or an error's text as a sentence in the chosen language (refusals.py)."""
    return refusal_text(text)
