"""The online window (Game → Play online…): sign in, then tabs for the lobbies, friends,
messages, rankings and each table being played. Every request runs as an asyncio task on the
Qt loop; its refusal is shown in words where the person looked, and nothing waits."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QTabWidget,
    QWidget,
)

from ginrummy_desktop.gui.online import credentials
from ginrummy_desktop.gui.online.async_loop import spawn
from ginrummy_desktop.gui.online.connection import (
    STATE_WORDS,
    ClientFactory,
    OnlineSession,
    ServerAddress,
    default_client,
)
from ginrummy_desktop.gui.online.lobby import GAME_TITLES, LobbyTab
from ginrummy_desktop.gui.online.signin import SignInPanel
from ginrummy_desktop.gui.online.table_pane import TablePane

DEFAULT_SERVER = "ginrummy.example.org"


class OnlineWindow(QMainWindow):
    def __init__(self, server: str = DEFAULT_SERVER, client_factory: ClientFactory | None = None,
                 speed: str | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.speed = speed  # animation speed of the tables (tests: "instant")
        self.setWindowTitle("Gin Rummy Desktop — Online")
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
            self.tabs.addTab(lobby, GAME_TITLES[game])
            lobby.join_wanted.connect(self.join_table)
            lobby.create_wanted.connect(self.create_table)
            lobby.quick_wanted.connect(self.quick_match)
            lobby.say_wanted.connect(self._say)
        self.stack.addWidget(self.signin)
        self.stack.addWidget(self.tabs)
        self.setCentralWidget(self.stack)
        self.state_label = QLabel(STATE_WORDS["offline"], self)
        self.state_label.setAccessibleName("Connection state")
        self.statusBar().addPermanentWidget(self.state_label)
        self.sign_out_action = self.menuBar().addAction("Sign &out")
        self.sign_out_action.triggered.connect(self.sign_out)
        self.sign_out_action.setEnabled(False)

    # -- signing in -----------------------------------------------------------------------
    def _sign_in(self, address: ServerAddress, user: str, password: str, create: bool,
                 remember: bool) -> None:
        try:
            client = self.client_factory(address, user, password)
        except ValueError as error:
            self.signin.show_problem(str(error).capitalize())
            return
        session = OnlineSession(client, self)
        session.state_changed.connect(self._connection_changed)
        session.event.connect(self._on_event)
        self.signin.set_busy(True)

        def failed(reason: str) -> None:
            self.signin.set_busy(False)
            self.signin.show_problem(_sentence(reason))
            session.deleteLater()

        def done(_result: Any) -> None:
            self.signin.set_busy(False)
            self.signin.password.clear()  # nothing of the password stays in the window
            self.session, self.address = session, address
            self._remember(address, user, password, remember)
            self.stack.setCurrentWidget(self.tabs)
            self.sign_out_action.setEnabled(True)
            self.setWindowTitle(f"Gin Rummy Desktop — Online — {user}")
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
        for game, lobby in self.lobbies.items():
            try:
                await client.join_lobby(game)
            except Exception as error:  # noqa: BLE001 - the lobby list still works without chat
                lobby.show_notice(f"The room chat is not available: {error}", warning=True)
            lobby.set_tables(await client.open_tables(game))
        await client.resync_all()

    def sign_out(self) -> None:
        session = self.session
        if session is None:
            return
        self.session = None
        self.sign_out_action.setEnabled(False)
        for pane in list(self.tables.values()):
            self._close_table(pane.table_id)
        self.stack.setCurrentWidget(self.signin)
        self.setWindowTitle("Gin Rummy Desktop — Online")
        spawn(session.sign_out(), self._notice, lambda _r: session.deleteLater())

    def _connection_changed(self, state: str) -> None:
        self.state_label.setText(STATE_WORDS.get(state, state))
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
            lobby.screen.status.show_message(_sentence(reason), "warning")
        else:
            self.statusBar().showMessage(_sentence(reason), 10000)

    def join_table(self, table: str) -> None:
        if self.session is not None:
            spawn(self._client().join_table(table), self._notice)

    def create_table(self, game: str, options: dict) -> None:
        if self.session is None:
            return
        lobby = self.lobbies[game]

        def created(table: str) -> None:
            lobby.show_notice("Your table is open: waiting for an opponent to join.")

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
        elif isinstance(payload, dict) and "table" in payload:
            self._table_event(kind, payload)

    def _table_event(self, kind: str, payload: dict[str, Any]) -> None:
        table = str(payload["table"])
        pane = self.tables.get(table)
        if pane is None:
            if kind != "state" or payload.get("status") != "playing" \
                    or payload.get("game") != "gin":
                return
            pane = self._open_table(payload)
            return
        pane.on_event(kind, payload)

    def _open_table(self, state: dict[str, Any]) -> TablePane:
        assert self.session is not None
        pane = TablePane(self.session.username, self.speed, self.tabs)
        self.tables[str(state["table"])] = pane
        pane.move_wanted.connect(self._move)
        pane.claim_wanted.connect(
            lambda table: spawn(self._client().claim_win(table), self._notice))
        pane.chat_wanted.connect(
            lambda user, text: self._client().send_private(self.session.jid_of(user), text))
        pane.closed.connect(self._close_table)
        pane.start(state)
        index = self.tabs.addTab(pane, f"Table: {pane.opponent}")
        self.tabs.setCurrentIndex(index)
        for lobby in self.lobbies.values():
            lobby.set_searching(False)
        self.session.client.set_playing(True)
        spawn(self._opponent_rating(pane, str(state["game"])))
        return pane

    async def _opponent_rating(self, pane: TablePane, game: str) -> None:
        profile = await self._client().profile(user=pane.opponent)
        rating = profile.get("games", {}).get(game, {}).get("rating")
        pane.set_opponent_rating(rating)

    def _move(self, table: str, action: dict, seq: int) -> None:
        pane = self.tables.get(table)

        def refused(reason: str) -> None:
            if pane is not None:
                pane.controller.move_refused(reason)
            spawn(self._client().resync(table))

        spawn(self._client().move(table, action, seq), refused)

    def _close_table(self, table: str) -> None:
        pane = self.tables.pop(table, None)
        if pane is None:
            return
        self.tabs.removeTab(self.tabs.indexOf(pane))
        pane.deleteLater()
        if self.session is not None and not self.tables:
            self.session.client.set_playing(False)

    def _offer_computer(self, game: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Question, "Quick match",
                          "Nobody of your strength is free right now. Play a casual game "
                          "against the computer?",
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
        box = QMessageBox(QMessageBox.Icon.Question, "Invitation",
                          f"{sender} invites you to a {GAME_TITLES[payload['game']]} table.",
                          QMessageBox.StandardButton.NoButton, self)
        accept = box.addButton("Accept", QMessageBox.ButtonRole.AcceptRole)
        box.addButton("Decline", QMessageBox.ButtonRole.RejectRole)
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


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return "Something went wrong"
    return text[:1].upper() + text[1:]
