"""The online table: the offline gin table, plus who the opponent is, the move clock, the
connection state, the opponent-away banner with Claim win, and a chat panel."""

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

from ginrummy_desktop.gui.gin.screen import GinScreen
from ginrummy_desktop.gui.online.remote_gin import OnlineGinController

CLOCK_WARNING_SECONDS = 10


class OnlineGinScreen(GinScreen):
    controller_class = OnlineGinController


class TablePane(QWidget):
    """One online gin match. The window feeds it the referee's events for its table."""

    move_wanted = Signal(str, dict, int)  # table, action JSON, version
    claim_wanted = Signal(str)
    chat_wanted = Signal(str, str)  # opponent user, text
    closed = Signal(str)
    finished = Signal(object)  # the match's storage MatchSummary, for the local statistics

    def __init__(self, me: str, speed: str | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.me = me
        self.table_id = ""
        self.opponent = ""
        self.seconds_left: float | None = None
        self.clock_seat: int | None = None
        self.grace_left: float | None = None
        self.screen = OnlineGinScreen(player_name=me, parent=self,
                                      **({"speed": speed} if speed else {}))
        self.controller: OnlineGinController = self.screen.controller  # type: ignore[assignment]

        self.opponent_label = QLabel("", self)
        self.opponent_label.setAccessibleName("Opponent")
        self.connection_label = QLabel("", self)
        self.connection_label.setAccessibleName("Connection")
        self.clock_label = QLabel("", self)
        self.clock_label.setAccessibleName("Move clock")
        self.clock_label.setMinimumWidth(150)
        self.leave_button = QPushButton("Close table", self)
        self.leave_button.clicked.connect(lambda: self.closed.emit(self.table_id))
        header = QHBoxLayout()
        header.addWidget(self.opponent_label, 1)
        header.addWidget(self.clock_label)
        header.addWidget(self.connection_label)
        header.addWidget(self.leave_button)

        self.banner = QWidget(self)
        self.banner.setObjectName("awayBanner")
        self.banner.setStyleSheet("#awayBanner { background: #fff3c4; }")
        self.banner_text = QLabel("", self.banner)
        self.claim_button = QPushButton("Claim win", self.banner)
        self.claim_button.setEnabled(False)
        self.claim_button.clicked.connect(lambda: self.claim_wanted.emit(self.table_id))
        row = QHBoxLayout(self.banner)
        row.addWidget(self.banner_text, 1)
        row.addWidget(self.claim_button)
        self.banner.hide()

        self.reconnecting = QLabel("Reconnecting…", self.screen)
        self.reconnecting.setObjectName("reconnectingNotice")
        self.reconnecting.setStyleSheet("background: rgba(0,0,0,170); color: white; "
                                        "font-size: 20px; padding: 16px; border-radius: 8px;")
        self.reconnecting.hide()

        self.chat_log = QTextEdit(self)
        self.chat_log.setReadOnly(True)
        self.chat_log.setAccessibleName("Table chat")
        self.chat_entry = QLineEdit(self)
        self.chat_entry.setPlaceholderText("Say something to your opponent…")
        self.chat_entry.setAccessibleName("Table chat message")
        self.chat_entry.returnPressed.connect(self._send_chat)
        chat = QWidget(self)
        chat_layout = QVBoxLayout(chat)
        chat_layout.setContentsMargins(4, 0, 0, 0)
        chat_layout.addWidget(QLabel("Chat", chat))
        chat_layout.addWidget(self.chat_log, 1)
        chat_layout.addWidget(self.chat_entry)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.screen)
        splitter.addWidget(chat)
        splitter.setStretchFactor(0, 4)
        splitter.setStretchFactor(1, 1)
        chat.setMinimumWidth(170)
        splitter.setSizes([1000, 240])

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

    # -- the referee's events -------------------------------------------------------------
    def start(self, state: dict[str, Any], rating: float | None = None) -> None:
        self.table_id = str(state["table"])
        players = list(state.get("players", []))
        seat = int(state["seat"])
        self.opponent = str(players[1 - seat]) if len(players) == 2 else "Opponent"
        self.rated = bool(state.get("rated"))
        self.controller.start_remote(state, self.opponent, self._send, self.rated)
        self.started_at = datetime.now(UTC)
        self.screen.published.clear()
        self.screen._remember_commitment()
        self.screen.buttons["hint"].setVisible(not self.rated)
        self.set_opponent_rating(rating)
        self.set_connection("online")
        self._clock_from(state.get("clock"))

    def set_opponent_rating(self, rating: float | None) -> None:
        rated = "rated" if self.rated else "casual"
        text = f"<b>{self.opponent}</b>"
        if rating is not None:
            text += f" · rating {rating:.0f}"
        self.opponent_label.setText(f"{text} · {rated} game")

    def _send(self, action: dict, seq: int) -> None:
        self.move_wanted.emit(self.table_id, action, seq)

    def on_event(self, kind: str, payload: dict[str, Any]) -> None:
        c = self.controller
        if kind == "state":
            c.apply_state(payload)
            self.screen._remember_commitment()
            self._clock_from(payload.get("clock"))
        elif kind == "deal":
            self.screen.published.setdefault(int(payload["hand_number"]),
                                             str(payload["commitment"]))
        elif kind == "hand_end":
            c.apply_hand_end(payload["record"])
        elif kind == "match_end":
            c.apply_match_end(payload)
            self._record(payload)
            self.seconds_left = None
            self.banner.hide()
            reason = payload.get("reason")
            if reason == "abandoned":
                won = bool(payload.get("winners")) and c.remote.winners == (0,)
                self.screen.status.show_message(
                    "You win: your opponent left the table" if won else
                    "The match ended: you were away too long", "success" if won else "warning")
            elif reason == "timeout":
                won = c.remote.winners == (0,)
                self.screen.status.show_message(
                    "You win on time" if won else "You ran out of time", "warning")
        elif kind == "clock":
            self._clock_from(payload)
            if payload.get("away") is not None:
                self._away(float(payload.get("grace_left") or 0))
        elif kind == "away" and int(payload["seat"]) != c.remote.me:
            self._away(float(payload.get("grace", 0)))
        elif kind == "back" and int(payload["seat"]) != c.remote.me:
            self.grace_left = None
            self.banner.hide()
            self.screen.status.show_message(f"{self.opponent} is back", "info")

    def _record(self, payload: dict[str, Any]) -> None:
        """The finished match into the local statistics, marked online (``online:<name>``)."""
        from ginrummy_desktop.gui.gin.summary import match_summary
        remote = self.controller.remote
        if remote.winners == (0,):
            result = "win"
        elif payload.get("reason") == "abandoned" and not payload.get("winners"):
            result = "abandoned"
        else:
            result = "loss"
        self.finished.emit(match_summary(self.controller, self.started_at, result,
                                         seat=remote.me,
                                         opponent_id=self.controller.setup.opponent))

    def _away(self, grace: float) -> None:
        self.grace_left = grace
        self.banner.show()
        self._show_grace()

    def _show_grace(self) -> None:
        if self.grace_left is None:
            return
        if self.grace_left > 0:
            self.banner_text.setText(f"{self.opponent} has lost the connection. They have "
                                     f"{self.grace_left:.0f} s to come back.")
            self.claim_button.setEnabled(False)
        else:
            self.banner_text.setText(f"{self.opponent} did not come back in time: you may "
                                     "claim the win.")
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
        if self.seconds_left is None or self.controller.session is None:
            self.clock_label.setText("")
            return
        paused = self.grace_left is not None or self.reconnecting.isVisible()
        if not paused:
            self.seconds_left = max(0.0, self.seconds_left - step)
        mine = self.clock_seat == self.controller.remote.me
        who = "Your move" if mine else f"{self.opponent}'s move"
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
        self.clock_label.setText(f"{who}: {self.seconds_left:.0f} s")

    # -- connection -----------------------------------------------------------------------
    def set_connection(self, state: str) -> None:
        from ginrummy_desktop.gui.online.connection import STATE_WORDS
        self.connection_label.setText(STATE_WORDS.get(state, state))
        lost = state in ("reconnecting", "connecting")
        self.screen.view.setEnabled(not lost)
        self.screen.setGraphicsEffect(None)
        if lost:
            from PySide6.QtWidgets import QGraphicsColorizeEffect
            effect = QGraphicsColorizeEffect(self.screen.view)
            effect.setColor(Qt.GlobalColor.gray)
            self.screen.view.setGraphicsEffect(effect)
            self.reconnecting.adjustSize()
            self.reconnecting.move((self.screen.width() - self.reconnecting.width()) // 2,
                                   (self.screen.height() - self.reconnecting.height()) // 3)
            self.reconnecting.show()
            self.reconnecting.raise_()
        else:
            self.screen.view.setGraphicsEffect(None)
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
