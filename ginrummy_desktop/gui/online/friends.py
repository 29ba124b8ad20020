"""Friends: who is online, away or playing; add by user name; requests to accept or decline;
remove, block; invite a friend to a new table; open a chat."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt, Signal, SignalInstance
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.engine.translation import mark, tr, tr_ctx
from ginrummy_desktop.gui.online.lobby import GAME_TITLES

# A friend's presence as a key ("playing", "away", "busy", "online", "offline"): what the list
# sorts by; shown in words with presence_words.
PRESENCE_WORDS = {"playing": "playing", "away": "away", "xa": "away", "dnd": "busy"}
_PRESENCE_SHOWN = {
    # Translators: a friend's presence in the friends list ("Ann — playing").
    "playing": mark("playing"), "away": mark("away"), "busy": mark("busy"),
    "online": mark("online"), "offline": mark("offline"),
}


def presence_text(available: bool, status: str) -> str:
    if not available:
        return "offline"
    return PRESENCE_WORDS.get(status, "online")


def presence_words(presence: str) -> str:
    """A presence key (``presence_text``) in the chosen language."""
    words = _PRESENCE_SHOWN.get(presence)
    return tr(words) if words is not None else presence


class FriendsTab(QWidget):
    add_wanted = Signal(str)
    answer_wanted = Signal(str, bool)  # user, accept
    remove_wanted = Signal(str)
    block_wanted = Signal(str)
    invite_wanted = Signal(str, str)  # user, game ("gin" or "cribbage")
    chat_wanted = Signal(str)
    profile_wanted = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.presence: dict[str, str] = {}
        self.friend_list = QListWidget(self)
        self.friend_list.setAccessibleName(tr("Friends"))
        self.friend_list.itemDoubleClicked.connect(
            lambda item: self.chat_wanted.emit(item.data(Qt.ItemDataRole.UserRole)))
        self.requests = QListWidget(self)
        self.requests.setAccessibleName(tr("Friend requests"))
        self.name_entry = QLineEdit(self)
        self.name_entry.setPlaceholderText(tr("User name"))
        self.name_entry.setAccessibleName(tr("Friend's user name"))
        self.add_button = QPushButton(tr("Add friend"), self)
        self.accept_button = QPushButton(tr("Accept"), self)
        self.decline_button = QPushButton(tr("Decline"), self)
        # Translators: a button: write a message to the friend selected in the list.
        self.chat_button = QPushButton(tr_ctx("verb", "Message"), self)
        self.invite_button = QPushButton(tr("Invite to a table"), self)
        # The button opens a menu of the games (a click or Space), one entry a game.
        invite_menu = QMenu(self.invite_button)
        for game, title in GAME_TITLES.items():
            invite_menu.addAction(tr("{game} table").format(game=tr(title)),
                                  partial(self._invite_selected, game))
        self.invite_button.setMenu(invite_menu)
        self.profile_button = QPushButton(tr("Profile"), self)
        self.remove_button = QPushButton(tr("Remove"), self)
        self.block_button = QPushButton(tr("Block"), self)
        self.notice = QLabel("", self)
        self.notice.setWordWrap(True)
        self.notice.setAccessibleName(tr("Friends message"))

        self.add_button.clicked.connect(self._add)
        self.name_entry.returnPressed.connect(self._add)
        self.accept_button.clicked.connect(lambda: self._answer(True))
        self.decline_button.clicked.connect(lambda: self._answer(False))
        for button, signal in ((self.chat_button, self.chat_wanted),
                               (self.profile_button, self.profile_wanted),
                               (self.remove_button, self.remove_wanted),
                               (self.block_button, self.block_wanted)):
            button.clicked.connect(lambda _c=False, s=signal: self._with_selected(s))

        add_row = QHBoxLayout()
        add_row.addWidget(self.name_entry, 1)
        add_row.addWidget(self.add_button)
        actions = QHBoxLayout()
        for button in (self.chat_button, self.invite_button, self.profile_button,
                       self.remove_button, self.block_button):
            actions.addWidget(button)
        actions.addStretch(1)
        answer = QHBoxLayout()
        answer.addWidget(self.accept_button)
        answer.addWidget(self.decline_button)
        answer.addStretch(1)
        layout = QVBoxLayout(self)
        heading = QLabel(tr("<b>Friends</b> (double-click to send a message)"), self)
        heading.setWordWrap(True)
        layout.addWidget(heading)
        layout.addWidget(self.friend_list, 3)
        layout.addLayout(actions)
        layout.addLayout(add_row)
        layout.addWidget(QLabel(tr("<b>Friend requests</b>"), self))
        layout.addWidget(self.requests, 1)
        layout.addLayout(answer)
        layout.addWidget(self.notice)

    def set_friend(self, user: str, available: bool, status: str) -> None:
        self.presence[user] = presence_text(available, status)
        self._redraw()

    def drop_friend(self, user: str) -> None:
        self.presence.pop(user, None)
        self._redraw()

    def _redraw(self) -> None:
        selected = self.selected()
        self.friend_list.clear()
        order = {"playing": 0, "online": 0, "away": 1, "busy": 1, "offline": 2}
        for user in sorted(self.presence, key=lambda u: (order.get(self.presence[u], 3), u)):
            # Translators: a line of the friends list: the name and the presence ("playing").
            item = QListWidgetItem(tr("{user} — {presence}").format(
                user=user, presence=presence_words(self.presence[user])))
            item.setData(Qt.ItemDataRole.UserRole, user)
            self.friend_list.addItem(item)
            if user == selected:
                self.friend_list.setCurrentItem(item)

    def add_request(self, user: str) -> None:
        if any(self.requests.item(i).data(Qt.ItemDataRole.UserRole) == user
               for i in range(self.requests.count())):
            return
        item = QListWidgetItem(tr("{user} wants to be friends").format(user=user))
        item.setData(Qt.ItemDataRole.UserRole, user)
        self.requests.addItem(item)
        self.requests.setCurrentItem(item)

    def selected(self) -> str | None:
        item = self.friend_list.currentItem()
        return None if item is None else item.data(Qt.ItemDataRole.UserRole)

    def _invite_selected(self, game: str) -> None:
        user = self.selected()
        if user is None:
            self.show_notice(tr("Select a friend in the list first"))
            return
        self.invite_wanted.emit(user, game)

    def _with_selected(self, signal: SignalInstance) -> None:
        user = self.selected()
        if user is None:
            self.show_notice(tr("Select a friend in the list first"))
            return
        signal.emit(user)

    def _add(self) -> None:
        user = self.name_entry.text().strip()
        if user:
            self.name_entry.clear()
            self.add_wanted.emit(user)

    def _answer(self, accept: bool) -> None:
        item = self.requests.currentItem()
        if item is None:
            self.show_notice(tr("Select a request first"))
            return
        self.requests.takeItem(self.requests.row(item))
        self.answer_wanted.emit(item.data(Qt.ItemDataRole.UserRole), accept)

    def show_notice(self, text: str) -> None:
        self.notice.setText(text)
