"""The online table: the offline gin or cribbage table, plus who the opponent is, the move
clock, the connection state, the opponent-away banner with Claim win, Resign, and a chat panel.

The table itself is the offline one, driven by the same controller and turn loop: the match is
a ``RemoteMatch`` (the referee plays it) and the opponent's seat holds a ``RemotePlayer``. The
game-specific part, which table and how it is started and resynced, is one small "seat game"
object per game (``GinSeatGame`` here, ``CribbageSeatGame`` in remote_cribbage.py); everything
else in this pane serves both games.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.engine.translation import mark, tr
from ginrummy_desktop.gui.game_registry import online_seat
from ginrummy_desktop.gui.gin.controller import BOT, MatchSetup
from ginrummy_desktop.gui.gin.screen import GinScreen
from ginrummy_desktop.gui.online.remote_gin import RemoteGinMatch
from ginrummy_desktop.gui.online.remote_match import MoveSender, RemoteMatch
from ginrummy_desktop.gui.table.animation import DEFAULT_SPEED
from ginrummy_desktop.gui.table.seats import RemotePlayer

CLOCK_WARNING_SECONDS = 10


class GinSeatGame:
    """The online gin table: the offline ``GinScreen`` and ``GinController``."""

    game = "gin"

    def __init__(self, me: str, speed: str | None, parent: QWidget) -> None:
        self.screen = GinScreen(speed=speed or DEFAULT_SPEED, player_name=me, parent=parent)
        self.controller = self.screen.controller
        self.widget: QWidget = self.screen
        self.status = self.screen.status
        self.view = self.screen.view
        self.remote: RemoteGinMatch | None = None
        self.player: RemotePlayer | None = None

    def start(self, state: dict[str, Any], opponent: str, send: MoveSender) -> RemoteMatch:
        remote = self.remote = RemoteGinMatch(state, send)
        rated = remote.rated
        setup = MatchSetup(preset=f"{remote.rules.preset} (online, "
                                  f"{'rated' if rated else 'casual'})",
                           opponent=f"online:{opponent}", practice=False, hints=not rated)
        self.player = RemotePlayer(opponent, BOT, remote)
        self.screen.panel.hide()
        self.screen.published.clear()
        self.controller.start(remote, setup, opponent=self.player)  # type: ignore[arg-type]
        self.screen.on_rematch = self.screen.on_new_opponent = self._lobby_hint
        self.screen.buttons["hint"].setVisible(not rated)
        remote.on_resync = self.resynced
        self.remember_commitment()
        return remote

    def _lobby_hint(self) -> None:
        self.status.show_message(
            tr("The match is over: open or join a new table in the lobby"), "info")

    def resynced(self) -> None:
        """The referee's position replaced ours (after a reconnect): show it from scratch."""
        c = self.controller
        if c.reveal is not None or self.remote is None:
            return  # the next hand is shown when the person closes the end-of-hand panel
        c.start(self.remote, c.setup, hand_order=c.hand_order,  # type: ignore[arg-type]
                opponent=self.player)
        self.remember_commitment()

    def remember_commitment(self) -> None:
        self.screen._remember_commitment()

    def deal(self, hand_number: int, commitment: str) -> None:
        self.screen.published.setdefault(hand_number, commitment)

    def ended(self) -> None:
        """A match ended before its last hand (resigned, on time, abandoned)."""
        self.controller.stop()
        self.controller.changed.emit()
        self.screen.table.refresh()

    def resign_enabled(self) -> bool:
        return self.remote is not None and not self.remote.over

    def summary(self, started_at: datetime, result: str) -> Any:
        from ginrummy_desktop.gui.gin.summary import match_summary
        assert self.remote is not None
        return match_summary(self.controller, started_at, result, seat=self.remote.me,
                             opponent_id=self.controller.setup.opponent)

    def stop(self) -> None:
        self.controller.stop()


class TablePane(QWidget):
    """One online match. The window feeds it the referee's events for its table."""

    move_wanted = Signal(str, dict, int)  # table, action JSON, version
    claim_wanted = Signal(str)
    resign_wanted = Signal(str)
    chat_wanted = Signal(str, str)  # opponent user, text
    closed = Signal(str)
    finished = Signal(object)  # the match's storage MatchSummary, for the local statistics

    def __init__(self, me: str, speed: str | None = None, parent: QWidget | None = None,
                 game: str = "gin") -> None:
        super().__init__(parent)
        self.me = me
        self.table_id = ""
        self.opponent = ""
        self.rated = False
        self.seconds_left: float | None = None
        self.clock_seat: int | None = None
        self.grace_left: float | None = None
        self.remote: RemoteMatch | None = None
        # The game's side of the table comes from its registration (gui/game_registry.py).
        self.seat_game: Any = online_seat(game)(me, speed, self)
        self.table = self.seat_game.widget
        self.status = self.seat_game.status

        self.opponent_label = QLabel("", self)
        self.opponent_label.setAccessibleName(tr("Opponent"))
        self.connection_label = QLabel("", self)
        self.connection_label.setAccessibleName(tr("Connection"))
        self.clock_label = QLabel("", self)
        self.clock_label.setAccessibleName(tr("Move clock"))
        self.clock_label.setMinimumWidth(150)
        self.resign_button = QPushButton(tr("Resign"), self)
        self.resign_button.setToolTip(
            tr("Give this match up: it counts as a loss (Ctrl+Shift+R)"))
        self.resign_button.setEnabled(False)
        self.resign_button.clicked.connect(lambda: self.resign_wanted.emit(self.table_id))
        self.leave_button = QPushButton(tr("Close table"), self)
        self.leave_button.clicked.connect(lambda: self.closed.emit(self.table_id))
        header = QHBoxLayout()
        header.addWidget(self.opponent_label, 1)
        header.addWidget(self.clock_label)
        header.addWidget(self.connection_label)
        header.addWidget(self.resign_button)
        header.addWidget(self.leave_button)

        self.banner = QWidget(self)
        self.banner.setObjectName("awayBanner")
        self.banner.setStyleSheet("#awayBanner { background: #fff3c4; }")
        self.banner_text = QLabel("", self.banner)
        self.banner_text.setWordWrap(True)
        self.claim_button = QPushButton(tr("Claim win"), self.banner)
        self.claim_button.setEnabled(False)
        self.claim_button.clicked.connect(lambda: self.claim_wanted.emit(self.table_id))
        row = QHBoxLayout(self.banner)
        row.addWidget(self.banner_text, 1)
        row.addWidget(self.claim_button)
        self.banner.hide()

        self.reconnecting = QLabel(tr("Reconnecting…"), self.table)
        self.reconnecting.setObjectName("reconnectingNotice")
        self.reconnecting.setStyleSheet("background: rgba(0,0,0,170); color: white; "
                                        "font-size: 20px; padding: 16px; border-radius: 8px;")
        self.reconnecting.hide()

        self.chat_log = QTextEdit(self)
        self.chat_log.setReadOnly(True)
        self.chat_log.setAccessibleName(tr("Table chat"))
        self.chat_entry = QLineEdit(self)
        self.chat_entry.setPlaceholderText(tr("Say something to your opponent…"))
        self.chat_entry.setAccessibleName(tr("Table chat message"))
        self.chat_entry.returnPressed.connect(self._send_chat)
        chat = QWidget(self)
        chat_layout = QVBoxLayout(chat)
        chat_layout.setContentsMargins(4, 0, 0, 0)
        chat_layout.addWidget(QLabel(tr("Chat"), chat))
        chat_layout.addWidget(self.chat_log, 1)
        chat_layout.addWidget(self.chat_entry)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.table)
        splitter.addWidget(chat)
        splitter.setStretchFactor(0, 4)
        splitter.setStretchFactor(1, 1)
        chat.setMinimumWidth(140)  # at 800 px the table keeps room for its prompts
        splitter.setSizes([1100, 200])

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(header)
        layout.addWidget(self.banner)
        layout.addWidget(splitter, 1)

        self.ticker = QTimer(self)
        self.ticker.setInterval(250)
        self.ticker.timeout.connect(self._tick)
        self.ticker.start()
        self.flash_on = False
        self.warned = False  # the 10-second warning sounded for this move
        self.sound: Any = None  # a SoundBoard (set by the window); None: flash only

    @property
    def controller(self) -> Any:
        return self.seat_game.controller

    @property
    def game(self) -> str:
        return str(self.seat_game.game)

    # -- the referee's events -------------------------------------------------------------
    def start(self, state: dict[str, Any], rating: float | None = None) -> None:
        self.table_id = str(state["table"])
        players = list(state.get("players", []))
        seat = int(state["seat"])
        self.opponent = str(players[1 - seat]) if len(players) == 2 else tr("Opponent")
        self.rated = bool(state.get("rated"))
        self.remote = self.seat_game.start(state, self.opponent, self._send)
        self.started_at = datetime.now(UTC)
        self.set_opponent_rating(rating)
        self.set_connection("online")
        self.resign_button.setEnabled(True)
        self._clock_from(state.get("clock"))

    def set_opponent_rating(self, rating: float | None) -> None:
        name = f"<b>{self.opponent}</b>"
        if rating is None:
            text = (tr("{name} · rated game") if self.rated
                    else tr("{name} · casual game")).format(name=name)
        else:
            text = (tr("{name} · rating {rating} · rated game") if self.rated
                    else tr("{name} · rating {rating} · casual game")).format(
                        name=name, rating=f"{rating:.0f}")
        self.opponent_label.setText(text)

    @property
    def match_in_play(self) -> bool:
        return self.remote is not None and not self.remote.over

    def _send(self, action: dict, seq: int) -> None:
        self.move_wanted.emit(self.table_id, action, seq)

    def move_refused(self, reason: str) -> None:
        if self.remote is not None:
            self.remote.refused(reason)

    def on_event(self, kind: str, payload: dict[str, Any]) -> None:
        remote = self.remote
        if remote is None:
            return
        if kind == "state":
            remote.receive_state(payload)
            self.seat_game.remember_commitment()
            self._clock_from(payload.get("clock"))
        elif kind == "deal":
            self.seat_game.deal(int(payload["hand_number"]), str(payload["commitment"]))
        elif kind == "hand_end":
            remote.receive_record(payload["record"])
        elif kind == "match_end":
            reason = str(payload.get("reason", "finished"))
            remote.end(list(payload.get("winners", [])), reason)
            won = remote.referee_winners == (remote.me,)
            if reason != "finished":
                self.seat_game.ended()
            self._record(payload)
            self.seconds_left = None
            self.banner.hide()
            self.resign_button.setEnabled(False)
            words = _ENDINGS.get(reason)
            if words is not None:
                text = tr(words[0] if won else words[1]).format(opponent=self.opponent)
                self.status.show_prompt(text, "success" if won else "warning")  # it stands
        elif kind == "clock":
            self._clock_from(payload)
            if payload.get("away") is not None:
                self._away(float(payload.get("grace_left") or 0))
        elif kind == "away" and int(payload["seat"]) != remote.me:
            self._away(float(payload.get("grace", 0)))
        elif kind == "back" and int(payload["seat"]) != remote.me:
            self.grace_left = None
            self.banner.hide()
            self.status.show_message(tr("{name} is back").format(name=self.opponent), "info")

    def _record(self, payload: dict[str, Any]) -> None:
        """The finished match into the local statistics, marked online (``online:<name>``)."""
        remote = self.remote
        assert remote is not None
        if remote.referee_winners == (remote.me,):
            result = "win"
        elif payload.get("reason") == "abandoned" and not payload.get("winners"):
            result = "abandoned"
        else:
            result = "loss"
        self.finished.emit(self.seat_game.summary(self.started_at, result))

    def _away(self, grace: float) -> None:
        self.grace_left = grace
        self.banner.show()
        self._show_grace()

    def _show_grace(self) -> None:
        if self.grace_left is None:
            return
        if self.grace_left > 0:
            self.banner_text.setText(
                tr("{name} has lost the connection. They have {seconds} s to come back.")
                .format(name=self.opponent, seconds=f"{self.grace_left:.0f}"))
            self.claim_button.setEnabled(False)
        else:
            self.banner_text.setText(
                tr("{name} did not come back in time: you may claim the win.")
                .format(name=self.opponent))
            self.claim_button.setEnabled(True)

    def _clock_from(self, clock: dict | None) -> None:
        if not clock or clock.get("seconds_left") is None:
            return
        seconds = float(clock["seconds_left"])
        if clock.get("seat") != self.clock_seat or seconds > (self.seconds_left or 0) + 1:
            self.warned = False  # a new move's clock
        self.seconds_left = seconds
        self.clock_seat = clock.get("seat")

    def _tick(self) -> None:
        step = self.ticker.interval() / 1000
        if self.grace_left is not None and self.grace_left > 0:
            # Counted down here between the referee's clock events; only the referee's own
            # "no grace left" enables Claim win (it refuses a claim a moment too early).
            self.grace_left = max(0.5, self.grace_left - step)
            self._show_grace()
        if self.seconds_left is None or self.remote is None:
            self.clock_label.setText("")
            return
        paused = self.grace_left is not None or self.reconnecting.isVisible()
        if not paused:
            self.seconds_left = max(0.0, self.seconds_left - step)
        mine = self.clock_seat == self.remote.me
        low = self.seconds_left <= CLOCK_WARNING_SECONDS
        if low and mine and not paused:
            self.flash_on = not self.flash_on
            if not self.warned:
                self.warned = True
                if self.sound is not None:
                    self.sound.play("peg")
        else:
            self.flash_on = False
        colour = "#c3192d" if low else "palette(text)"
        background = "#ffd6d6" if self.flash_on else "transparent"
        self.clock_label.setStyleSheet(f"color: {colour}; background: {background};")
        seconds = f"{self.seconds_left:.0f}"
        self.clock_label.setText(
            tr("Your move: {seconds} s").format(seconds=seconds) if mine
            else tr("{name}'s move: {seconds} s").format(name=self.opponent, seconds=seconds))

    # -- connection -----------------------------------------------------------------------
    def set_connection(self, state: str) -> None:
        from ginrummy_desktop.gui.online.connection import state_text
        self.connection_label.setText(state_text(state))
        lost = state in ("reconnecting", "connecting")
        view = self.seat_game.view
        view.setEnabled(not lost)
        if lost:
            from PySide6.QtWidgets import QGraphicsColorizeEffect
            effect = QGraphicsColorizeEffect(view)
            effect.setColor(Qt.GlobalColor.gray)
            view.setGraphicsEffect(effect)
            self.reconnecting.adjustSize()
            self.reconnecting.move((self.table.width() - self.reconnecting.width()) // 2,
                                   (self.table.height() - self.reconnecting.height()) // 3)
            self.reconnecting.show()
            self.reconnecting.raise_()
        else:
            view.setGraphicsEffect(None)
            self.reconnecting.hide()

    # -- chat -----------------------------------------------------------------------------
    def _send_chat(self) -> None:
        text = self.chat_entry.text().strip()
        if not text or not self.opponent:
            return
        self.chat_entry.clear()
        self.chat_wanted.emit(self.opponent, text)
        self.add_chat(self.me, text)

    def add_chat(self, who: str, text: str) -> None:
        from html import escape
        self.chat_log.append(f"<b>{escape(who)}:</b> {escape(text)}")


# reason -> (words when this person won, words when they lost); "finished" shows the table's
# own. Shown with tr().
_ENDINGS = {
    "resigned": (mark("{opponent} resigned: you win the match"),
                 mark("You resigned: {opponent} wins the match")),
    "timeout": (mark("You win on time: {opponent} ran out of time"),
                mark("You ran out of time")),
    "abandoned": (mark("You win: {opponent} left the table"),
                  mark("The match ended: you were away too long")),
}
