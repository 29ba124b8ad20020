"""Private messages: one conversation per friend, with its history from the server's archive,
and an unread count for messages that arrived while the conversation was not in view."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLineEdit, QTabWidget, QTextEdit, QVBoxLayout, QWidget

from ginrummy_desktop.engine.translation import tr


class Conversation(QWidget):
    send_wanted = Signal(str, str)  # user, text

    def __init__(self, me: str, user: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.me, self.user = me, user
        self.unread = 0
        self.log = QTextEdit(self)
        self.log.setReadOnly(True)
        self.log.setAccessibleName(tr("Messages with {user}").format(user=user))
        self.entry = QLineEdit(self)
        # Translators: the placeholder of the line where a message to {user} is typed.
        self.entry.setPlaceholderText(tr("Message {user}…").format(user=user))
        self.entry.setAccessibleName(tr("Message to {user}").format(user=user))
        self.entry.returnPressed.connect(self._send)
        layout = QVBoxLayout(self)
        layout.addWidget(self.log, 1)
        layout.addWidget(self.entry)
        self.texts: list[tuple[str, str]] = []

    def add(self, sender: str, text: str) -> None:
        self.texts.append((sender, text))
        self.log.append(f"<b>{escape(sender)}:</b> {escape(text)}")

    def set_history(self, history: list[tuple[str, str]]) -> None:
        """The archive, oldest first; what arrived live since is kept after it."""
        live = [t for t in self.texts if t not in history]
        self.texts = []
        self.log.clear()
        for sender, text in history + live:
            self.add(sender, text)

    def _send(self) -> None:
        text = self.entry.text().strip()
        if text:
            self.entry.clear()
            self.add(self.me, text)
            self.send_wanted.emit(self.user, text)


class MessagesTab(QTabWidget):
    """Conversations as tabs; ``unread_changed(total)`` drives the badge on the window's tab."""

    unread_changed = Signal(int)
    history_wanted = Signal(str)
    send_wanted = Signal(str, str)

    def __init__(self, me: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.me = me
        self.conversations: dict[str, Conversation] = {}
        self.setTabsClosable(False)
        self.currentChanged.connect(lambda _i: self._read_current())

    def conversation(self, user: str) -> Conversation:
        conversation = self.conversations.get(user)
        if conversation is None:
            conversation = Conversation(self.me, user, self)
            conversation.send_wanted.connect(self.send_wanted)
            self.conversations[user] = conversation
            self.addTab(conversation, user)
            self.history_wanted.emit(user)
        return conversation

    def open(self, user: str) -> Conversation:
        conversation = self.conversation(user)
        self.setCurrentWidget(conversation)
        self._read_current()
        return conversation

    def receive(self, user: str, text: str, in_view: bool) -> None:
        conversation = self.conversation(user)
        conversation.add(user, text)
        if not (in_view and self.currentWidget() is conversation):
            conversation.unread += 1
            self._label(conversation)
            self.unread_changed.emit(self.total_unread)

    @property
    def total_unread(self) -> int:
        return sum(c.unread for c in self.conversations.values())

    def _label(self, conversation: Conversation) -> None:
        text = conversation.user + (f" ({conversation.unread})" if conversation.unread else "")
        self.setTabText(self.indexOf(conversation), text)

    def _read_current(self) -> None:
        conversation = self.currentWidget()
        if isinstance(conversation, Conversation) and conversation.unread and self.isVisible():
            conversation.unread = 0
            self._label(conversation)
            self.unread_changed.emit(self.total_unread)
