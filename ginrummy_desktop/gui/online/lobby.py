"""One game's lobby: the room chat, who is in the room, the open tables (updated live by the
referee's ``tables`` messages), and Create table / Join / Quick match."""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.engine import registry
from ginrummy_desktop.engine.registry import get_game
from ginrummy_desktop.engine.translation import SOURCE_LANGUAGE, language, mark, tr, tr_ctx
from ginrummy_desktop.gui.game_registry import GAME_TITLES

# The open tables' column headings, shown with tr().
TABLE_COLUMNS = (mark("Host"), mark("Rating"), mark("Rules"), mark("Target"), mark("Rated"),
                 mark("Clock"))


def game_title(game: str) -> str:
    """The game's title ("Gin Rummy") in the chosen language."""
    return tr(GAME_TITLES[game])


def preset_title(name: str, game: str | None = None) -> str:
    """A preset id ("classic", "acc") as its title in the chosen language ("Classic"): from
    ``game``'s spec (its ``preset_titles``), or from any game's when none is given."""
    games = [game] if game is not None else list(registry.game_names())
    for each in games:
        titles = getattr(registry.get_game(each), "preset_titles", None) or {}
        if name in titles:
            return tr(titles[name])
    return name.replace("_", " ").title()


def _preset_cell(name: str, game: str | None = None) -> str:
    """The open tables' Rules cell: in English the preset id as it has always been shown
    ("classic"), in another language the preset's title ("Klassisch")."""
    if language() == SOURCE_LANGUAGE:
        return name.replace("_", " ")
    return preset_title(name, game)


def presets_for(game: str) -> dict[str, Any]:
    """The game's presets a two-seat online table can play (the engine's own list). Cribbage
    with muggins is left out: its show waits for each player's own count, which the online
    table does not ask for yet."""
    return {name: rules for name, rules in get_game(game).presets.items()
            if getattr(rules, "players", 2) == 2 and not getattr(rules, "muggins", False)}


def game_lengths(game: str) -> dict[int, str] | None:
    """The game lengths the create dialog offers by name (the spec's ``game_lengths``: target
    -> words), None for a game whose target is typed."""
    lengths = getattr(get_game(game), "game_lengths", None)
    return None if lengths is None else dict(lengths())


class CreateTableDialog(QDialog):
    """Game options for a new table; ``options()`` gives the create request's keys."""

    def __init__(self, game: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.setWindowTitle(tr("Create a {game} table").format(game=game_title(game)))
        presets = presets_for(game)
        self.lengths = game_lengths(game)
        self.preset = QComboBox(self)
        self.length: QComboBox | None = None
        for name, rules in presets.items():
            # Lengths picked by name (cribbage): the length picks the short game; the rules
            # list the full-length ones.
            if self.lengths and rules.target != max(self.lengths):
                continue
            self.preset.addItem(preset_title(name, game), name)
        self.target = QSpinBox(self)
        self.target.setRange(1, 1000)
        if self.lengths:
            self.length = QComboBox(self)
            for target, words in self.lengths.items():
                self.length.addItem(words[:1].upper() + words[1:], target)
            self.length.currentIndexChanged.connect(self._length_changed)
            self.target.hide()
        self.preset.currentIndexChanged.connect(self._preset_changed)
        self.rated = QCheckBox(tr("Rated (changes both players' ratings)"), self)
        self.rated.setChecked(True)
        self.clock = QSpinBox(self)
        self.clock.setRange(5, 3600)
        self.clock.setValue(60)
        # Translators: after the number of seconds in a spin box ("60 s per move").
        self.clock.setSuffix(tr(" s per move"))
        form = QFormLayout(self)
        form.addRow(tr("&Rules:"), self.preset)
        if self.length is not None:
            form.addRow(tr("&Game:"), self.length)
        else:
            form.addRow(tr("&Target:"), self.target)
        form.addRow("", self.rated)
        form.addRow(tr("&Clock:"), self.clock)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("Create"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self._preset_changed()

    def _length_changed(self) -> None:
        assert self.length is not None
        full = self.length.currentData() == max(self.lengths or (0,))
        self.preset.setEnabled(full)  # the short game is one preset of its own
        self.target.setValue(int(self.length.currentData()))

    def _preset_changed(self) -> None:
        rules = presets_for(self.game)[self.preset.currentData()]
        self.target.setValue(int(getattr(rules, "target", 100)))

    def options(self) -> dict[str, Any]:
        preset = self.preset.currentData()
        if self.length is not None:
            target = int(self.length.currentData())
            if target != max(self.lengths or (0,)):
                preset = next(name for name, rules in presets_for(self.game).items()
                              if rules.target == target)
            return {"preset": preset, "target": target,
                    "rated": self.rated.isChecked(), "clock": self.clock.value()}
        return {"preset": preset, "target": self.target.value(),
                "rated": self.rated.isChecked(), "clock": self.clock.value()}


class LobbyTab(QWidget):
    """The lobby of one game. The window connects the signals to the session."""

    say_wanted = Signal(str, str)  # game, text
    join_wanted = Signal(str)  # table
    create_wanted = Signal(str, dict)  # game, options
    quick_wanted = Signal(str, bool)  # game, cancel
    profile_wanted = Signal(str)  # user

    def __init__(self, game: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.tables: list[dict[str, Any]] = []
        self.chat_log = QTextEdit(self)
        self.chat_log.setReadOnly(True)
        self.chat_log.setAccessibleName(tr("{game} room chat").format(game=game_title(game)))
        self.chat_entry = QLineEdit(self)
        self.chat_entry.setPlaceholderText(tr("Chat with the room…"))
        self.chat_entry.setAccessibleName(tr("Room chat message"))
        self.chat_entry.returnPressed.connect(self._say)
        self.players = QListWidget(self)
        self.players.setAccessibleName(tr("Players in the room"))
        self.players.itemClicked.connect(
            lambda item: self.profile_wanted.emit(item.data(Qt.ItemDataRole.UserRole)))
        self.table_list = QTableWidget(0, len(TABLE_COLUMNS), self)
        self.table_list.setHorizontalHeaderLabels([tr(title) for title in TABLE_COLUMNS])
        self.table_list.setAccessibleName(tr("Open tables"))
        self.table_list.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table_list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table_list.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table_list.verticalHeader().hide()
        self.table_list.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.Stretch)
        self.table_list.cellDoubleClicked.connect(lambda row, _c: self._join_row(row))
        self.table_list.itemSelectionChanged.connect(self._update_buttons)

        self.create_button = QPushButton(tr("Create table…"), self)
        self.join_button = QPushButton(tr("Join"), self)
        self.quick_button = QPushButton(tr("Quick match"), self)
        self.cancel_button = QPushButton(tr("Cancel search"), self)
        self.search = QProgressBar(self)
        self.search.setRange(0, 0)  # busy indicator: the search has no known length
        self.search.setFormat(tr("Searching for an opponent…"))
        self.search.setTextVisible(True)
        self.search.setAccessibleName(tr("Quick match search"))
        self.search_label = QLabel(tr("Searching for an opponent of your strength…"), self)
        for widget in (self.search, self.search_label, self.cancel_button):
            widget.hide()
        self.create_button.clicked.connect(self._create)
        self.join_button.clicked.connect(lambda: self._join_row(self.table_list.currentRow()))
        self.quick_button.clicked.connect(lambda: self.quick_wanted.emit(self.game, False))
        self.cancel_button.clicked.connect(lambda: self.quick_wanted.emit(self.game, True))
        self.notice = QLabel("", self)
        self.notice.setWordWrap(True)
        self.notice.setAccessibleName(tr("Lobby message"))

        buttons = QHBoxLayout()
        for widget in (self.create_button, self.join_button, self.quick_button):
            buttons.addWidget(widget)
        buttons.addStretch(1)
        search_row = QHBoxLayout()
        search_row.addWidget(self.search_label)
        search_row.addWidget(self.search, 1)
        search_row.addWidget(self.cancel_button)
        tables_box = QWidget(self)
        tables_layout = QVBoxLayout(tables_box)
        tables_layout.setContentsMargins(0, 0, 0, 0)
        tables_layout.addWidget(QLabel(tr("<b>Open tables</b> (double-click to join)"), tables_box))
        tables_layout.addWidget(self.table_list, 1)
        tables_layout.addLayout(buttons)
        tables_layout.addLayout(search_row)
        tables_layout.addWidget(self.notice)
        chat_box = QWidget(self)
        chat_layout = QVBoxLayout(chat_box)
        chat_layout.setContentsMargins(0, 0, 0, 0)
        chat_layout.addWidget(QLabel(tr("<b>Room chat</b>"), chat_box))
        chat_layout.addWidget(self.chat_log, 1)
        chat_layout.addWidget(self.chat_entry)
        players_box = QWidget(self)
        players_layout = QVBoxLayout(players_box)
        players_layout.setContentsMargins(0, 0, 0, 0)
        players_layout.addWidget(QLabel(tr("<b>Players</b>"), players_box))
        players_layout.addWidget(self.players, 1)
        lower = QSplitter(Qt.Orientation.Horizontal, self)
        lower.addWidget(chat_box)
        lower.addWidget(players_box)
        lower.setStretchFactor(0, 3)
        lower.setStretchFactor(1, 1)
        upper_lower = QSplitter(Qt.Orientation.Vertical, self)
        upper_lower.addWidget(tables_box)
        upper_lower.addWidget(lower)
        layout = QVBoxLayout(self)
        layout.addWidget(upper_lower)
        self._update_buttons()

    # -- shown data -----------------------------------------------------------------------
    def set_tables(self, tables: list[dict[str, Any]]) -> None:
        selected = self.selected_table()
        self.tables = [t for t in tables if t.get("game", self.game) == self.game]
        self.table_list.setRowCount(len(self.tables))
        for row, table in enumerate(self.tables):
            # Translators: the open tables' Rules or Target cell when the host chose none.
            default = tr_ctx("open table", "default")
            preset = table.get("preset")
            cells = (table.get("host", "?"), f"{table.get('host_rating', 0):.0f}",
                     _preset_cell(str(preset), self.game) if preset else default,
                     str(table.get("target") or default),
                     tr("Rated") if table.get("rated") else tr("Casual"),
                     # Translators: a move clock in seconds ("60 s").
                     tr("{seconds} s").format(seconds=table.get("clock")))
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, table["table"])
                self.table_list.setItem(row, column, item)
            if table["table"] == selected:
                self.table_list.selectRow(row)
        self._update_buttons()

    def set_players(self, players: list[tuple[str, float | None]]) -> None:
        from PySide6.QtWidgets import QListWidgetItem
        self.players.clear()
        for name, rating in sorted(players):
            text = name if rating is None else f"{name}  ({rating:.0f})"
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, name)
            self.players.addItem(item)

    def add_chat(self, nick: str, text: str) -> None:
        self.chat_log.append(f"<b>{escape(nick)}:</b> {escape(text)}")

    def selected_table(self) -> str | None:
        row = self.table_list.currentRow()
        return self.tables[row]["table"] if 0 <= row < len(self.tables) else None

    def set_searching(self, searching: bool) -> None:
        for widget in (self.search, self.search_label, self.cancel_button):
            widget.setVisible(searching)
        self.quick_button.setEnabled(self.playable and not searching)

    def set_playable(self, playable: bool) -> None:
        """Tables of this game cannot be played from this version: chat only, and say so."""
        for button in (self.create_button, self.join_button, self.quick_button):
            button.setEnabled(playable)
        self.playable = playable
        if not playable:
            self.show_notice(tr("Playing {game} online comes in a later version; the room "
                                "chat and the table list work.").format(
                                    game=game_title(self.game)))

    playable = True

    def show_notice(self, text: str, warning: bool = False) -> None:
        self.notice.setStyleSheet("color: #b00020;" if warning else "")
        self.notice.setText(text)

    # -- input ----------------------------------------------------------------------------
    def _update_buttons(self) -> None:
        self.join_button.setEnabled(self.playable and self.selected_table() is not None)

    def _join_row(self, row: int) -> None:
        if 0 <= row < len(self.tables):
            self.join_wanted.emit(self.tables[row]["table"])

    def _create(self) -> None:
        dialog = CreateTableDialog(self.game, self)
        dialog.accepted.connect(lambda: self.create_wanted.emit(self.game, dialog.options()))
        dialog.open()
        self.create_dialog = dialog

    def _say(self) -> None:
        text = self.chat_entry.text().strip()
        if text:
            self.chat_entry.clear()
            self.say_wanted.emit(self.game, text)
