"""Statistics window: figures per game and opponent, the match history, charts, export/import.

The shell hands the window a query interface (``storage.stats.StatisticsQueries``) and the
storage thread (``StorageJobs``); every query runs there and its result is laid out when it
arrives, so a locked or slow database never freezes the window. The figures come first (one
row of totals the writer keeps), then the opponents, then the history. After a match is
stored only the matches newer than those shown are read. The history model sorts and filters
its own list on a thread of its own (a proxy model would call back into Python for every
comparison; 100,000 rows on the GUI thread held it for a quarter of a second); typing in its
filter only re-filters that list, after a short pause, and never re-runs the figures.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from datetime import datetime
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QThreadPool,
    QTimer,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.engine import wording
from ginrummy_desktop.engine.registry import spec_value
from ginrummy_desktop.engine.translation import mark, number, percent, tr, tr_ctx, tr_n
from ginrummy_desktop.gui.common.charts import (
    OPPONENT_COLOUR,
    PLAYER_COLOUR,
    BarChart,
    LineChart,
    Series,
    bucket_counts,
    rule_lines,
)
from ginrummy_desktop.gui.common.storage_jobs import StorageJobs
from ginrummy_desktop.gui.game_registry import (
    GAME_TITLES,
    find_gui_game,
    gui_games,
    number_text,
)
from ginrummy_desktop.gui.stats.replay_window import replay_names
from ginrummy_desktop.gui.table.background import Background
from ginrummy_desktop.storage.database import HistoryRow
from ginrummy_desktop.storage.stats import (
    ALL_OFFLINE,
    ALL_ONLINE,
    ONLINE_PREFIX,
    opponent_matches,
)

if TYPE_CHECKING:  # types only: the window reaches storage through the queries it is given
    from ginrummy_desktop.storage.database import RecordIndex, RecordInfo, StoredHand
    from ginrummy_desktop.storage.stats import Figures, StatisticsQueries

GAME_NAMES = GAME_TITLES  # every registered game's title (gui/game_registry.py)
SEARCH_PAUSE_MS = 250  # re-filter the history once typing pauses this long
NAME_CHARS = 34  # a figure's name wider than this many average characters wraps
PRACTICE_SUFFIX = " (practice)"  # after a practice match's stored rules (gui/gin/summary.py)
PLAY_EVENTS = ("play", "go", "last card", "heels")
# A match's result as stored ("win", "loss", "abandoned") in words: capitalised in the history
# list, as it reads inside a sentence in a match's title.
RESULT_WORDS: dict[str, Callable[[], tuple[str, str]]] = {
    "win": lambda: (tr_ctx("match result", "Win"), tr_ctx("match result", "win")),
    "loss": lambda: (tr_ctx("match result", "Loss"), tr_ctx("match result", "loss")),
    "abandoned": lambda: (tr_ctx("match result", "Abandoned"),
                          tr_ctx("match result", "abandoned")),
}
ModelIndex = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
_T = TypeVar("_T")  # what a storage query returns to the window


def _percent(value: float | None) -> str:
    return "–" if value is None else percent(value * 100)


def _duration(seconds: float) -> str:
    minutes = int(round(seconds / 60))
    if minutes >= 60:
        # Translators: a match's length, hours and minutes ("1 h 05 min").
        return tr("{hours} h {minutes:02d} min").format(hours=minutes // 60,
                                                       minutes=minutes % 60)
    return tr("{minutes} min").format(minutes=minutes)


def _result_word(result: str, title: bool = True) -> str:
    """A stored match result in words ("Win"; ``title=False``: "win" inside a sentence)."""
    words = RESULT_WORDS.get(result)
    if words is None:
        return result.title() if title else result
    return words()[0 if title else 1]


def _rules_text(rules: str, game: str) -> str:
    """A match's stored rules ("classic", "three-player (practice)", "121 points, muggins") in
    the chosen language; English shows them as stored. A preset's id is named by its
    ``game``'s spec (``preset_titles``)."""
    practice = rules.endswith(PRACTICE_SUFFIX)
    name = rules[:-len(PRACTICE_SUFFIX)] if practice else rules
    titles = spec_value(game, "preset_titles", {})
    if name in titles:
        title = tr(titles[name])
        name = name if title == titles[name] else title  # untranslated: the id as stored
    else:  # cribbage: "121 points, stinkhole, muggins"
        parts = []
        for part in name.split(", "):
            target = part.removesuffix(" points")
            if target != part and target.isdigit():
                part = tr_n("{count} point", "{count} points", int(target)).format(
                    count=int(target))
            elif part == "stinkhole":
                part = tr_ctx("cribbage rule", "stinkhole")
            elif part == "muggins":
                part = tr_ctx("cribbage rule", "muggins")
            parts.append(part)
        name = ", ".join(parts)
    # Translators: a practice match's rules in the history ("classic (practice)").
    return tr("{rules} (practice)").format(rules=name) if practice else name


def _source_word(source: str) -> str:
    """Where a stored record came from ("played", "imported"), in words."""
    if source == "played":
        return tr_ctx("record source", "played")
    if source == "imported":
        return tr_ctx("record source", "imported")
    return source


def _matches_figure(played: int, abandoned: int) -> str:
    """Matches played, with the abandoned ones: "6 (1 abandoned)"."""
    if not abandoned:
        return str(played)
    return tr_n("{played} ({count} abandoned)", "{played} ({count} abandoned)",
                abandoned).format(played=played, count=abandoned)


def wide_figure() -> str:
    """A usual wide value (a wider one widens the column), in the chosen language."""
    return _matches_figure(10, 1)


def seat_names_of(player_seat: int | None, opponent_name: str | None,
                  seat_names: tuple[str, ...] = ()) -> dict[int, str]:
    """Every seat's name in a match's hand records: the person is "You"; with two players the
    other seat is the opponent, with more each seat's stored name."""
    names = dict(enumerate(seat_names))
    if not names and player_seat in (0, 1) and opponent_name:
        names = {1 - player_seat: opponent_name}
    if player_seat is not None:
        names[player_seat] = wording.YOU  # the person: worded "you" wherever it is shown
    return names


def record_seat_names(line: RecordInfo) -> dict[int, str]:
    """The names of a listed record's seats: from the match it was played in; a record
    imported (or from a three-player match stored before seats were named) has the seats
    nobody named filled in by the replay window ("Dealer", "Non-dealer")."""
    two_players = (line.players or 2) <= 2
    return seat_names_of(line.player_seat, line.opponents if two_players else None,
                         line.seat_names)


def record_result(line: RecordInfo) -> str:
    """Who won the deal and what it scored, in words: "You won 25", "Marjorie won 14" (the
    game registration's ``record_result``), else each side's points: "You 12, Careful 8"."""
    game = find_gui_game(line.game)
    if game is not None and game.record_result is not None:
        return game.record_result(line, lambda seat: replay_names(
            record_seat_names(line), (seat,), line.dealer_seat)[seat])
    if line.player_points is not None and line.opponent_points is not None and line.opponents:
        # Translators: a cribbage deal's points: yours, then the opponent's ("You 12, Greta 8").
        return tr("You {points}, {opponent} {opponent_points}").format(
            points=line.player_points, opponent=line.opponents,
            opponent_points=line.opponent_points)
    return "–"


def _outcome(hand: StoredHand, opponent: str, players: tuple[str, str] | None = None,
             game: str = "") -> str:
    """How a hand of ``game`` ended, in words: "You went gin", "Max undercut you" (the game
    registration's ``hand_outcome``, given ``players`` read from the hand's record), else who
    scored more."""
    registered = find_gui_game(game)
    if registered is not None and registered.hand_outcome is not None:
        words = registered.hand_outcome(hand, opponent, players)
        if words is not None:
            return words
    if hand.winner is None:
        # Translators: a hand both players scored the same in.
        return tr("Even")
    if hand.winner == "player":
        return tr("You scored more")
    return tr("{name} scored more").format(name=opponent)


def record_ending(line: RecordInfo) -> str:
    """How a recorded deal ended, from the record: "Gin", "Dead hand" (the game registration's
    ``record_ending``), else "Deal over, game went on", "Won in the show (skunk)"... (short:
    the list fits 800 pixels beside the players)."""
    game = find_gui_game(line.game)
    if game is not None and game.record_ending is not None:
        return game.record_ending(line)
    kind = line.result_kind
    if kind in (None, "continue"):
        return tr("Deal over, game went on")
    in_play = line.last_event in PLAY_EVENTS
    if kind == "win":
        return tr("Won in the play") if in_play else tr("Won in the show")
    if kind == "skunk":
        return tr("Won in the play (skunk)") if in_play else tr("Won in the show (skunk)")
    if kind == "double skunk":
        return (tr("Won in the play (double skunk)") if in_play
                else tr("Won in the show (double skunk)"))
    won = tr("Won in the play") if in_play else tr("Won in the show")
    # Translators: a game won, with how ({kind}) when it is none of the usual ones.
    return tr("{won} ({kind})").format(won=won, kind=kind)


class _RowsModel(QAbstractTableModel):
    """A read-only table over ``self.rows`` with the column titles in ``COLUMNS``."""

    COLUMNS: tuple[str, ...] = ()
    rows: Sequence[Any]

    def rowCount(self, parent: ModelIndex = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: ModelIndex = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.column_title(section)
        return None

    def column_title(self, section: int) -> str:
        """The title shown over column ``section`` (``COLUMNS`` holds them in English)."""
        return tr(self.COLUMNS[section])


PlainRow = tuple[Any, ...]  # a history row as storage sends it: HistoryRow's fields in order
AT = {name: position for position, name in enumerate(HistoryRow._fields)}


class HistoryRows(Sequence["HistoryRow"]):
    """Plain history rows read as ``HistoryRow``s, each made when asked for. The model keeps
    plain tuples because the garbage collector stops tracking those (100,000 named tuples
    made every full collection, on whichever thread, hold the GUI thread for 45 ms)."""

    def __init__(self, plain: list[PlainRow]) -> None:
        self.plain = plain

    def __len__(self) -> int:
        return len(self.plain)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [HistoryRow._make(row) for row in self.plain[index]]
        return HistoryRow._make(self.plain[index])


def arrange_history(rows: list[PlainRow], text: str, game: str | None, opponent: str | None,
                    lineup: str | None, sort: tuple[int, Qt.SortOrder]) -> list[PlainRow]:
    """The rows that pass the filters, in the chosen order (run off the GUI thread)."""
    if game:
        rows = [r for r in rows if r[AT["game"]] == game]
    if opponent:
        rows = [r for r in rows if opponent_matches(opponent, r[AT["opponent_id"]])]
    if lineup is not None:
        rows = [r for r in rows if r[AT["lineup"]] == lineup]
    if text:
        rows = [r for r in rows if text in HistoryModel.search_text(r)]
    column, order = sort
    return sorted(rows, key=HistoryModel.SORT_KEYS[column],
                  reverse=order == Qt.SortOrder.DescendingOrder)


class HistoryModel(_RowsModel):
    """Every match of the profile; ``set_filter`` and ``sort`` arrange a Python list on a
    thread of its own (``pending`` until it is back), so 100,000 matches never hold the GUI
    thread; ``arranged`` is emitted when the new rows are shown. ``rows`` (shown) and
    ``all_rows`` read as ``HistoryRow``s."""

    arranged = Signal()

    COLUMNS = (mark("Date"), mark("Game"), mark("Opponent"), mark("Score"), mark("Result"),
               mark("Duration"), mark("Rules"), mark("Hands"), mark("Undo"))
    SORT_KEYS: tuple[Callable[[PlainRow], Any], ...] = (
        itemgetter(AT["started_at"]),
        itemgetter(AT["game"]),
        lambda r: r[AT["opponent_name"]].casefold(),
        lambda r: r[AT["player_score"]] - r[AT["opponent_score"]],
        itemgetter(AT["result"]),
        lambda r: r[AT["ended_at"]] - r[AT["started_at"]],
        itemgetter(AT["rules"]),
        itemgetter(AT["hands"]),
        itemgetter(AT["undo_used"]),
    )

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._all: list[PlainRow] = []
        self._shown: list[PlainRow] = []
        self._text = ""
        self._game: str | None = None
        self._opponent: str | None = None
        self._lineup: str | None = None
        self._sort: tuple[int, Qt.SortOrder] = (0, Qt.SortOrder.DescendingOrder)
        pool = QThreadPool(self)
        pool.setMaxThreadCount(1)
        self._worker = Background(self, pool)
        self.pending = False

    @property  # read-only here: the rows come from the worker
    def rows(self) -> HistoryRows:  # type: ignore[override]
        return HistoryRows(self._shown)

    @property
    def all_rows(self) -> HistoryRows:
        return HistoryRows(self._all)

    def set_rows(self, rows: list[PlainRow]) -> None:
        self._all = rows
        self._refilter()

    def add_rows(self, rows: list[PlainRow]) -> None:
        """Matches stored since the rows were read (a new list: the worker may hold the old)."""
        if rows:
            self._all = rows + self._all
            self._refilter()

    def set_filter(self, text: str = "", game: str | None = None,
                   opponent: str | None = None, lineup: str | None = None) -> None:
        self._text, self._game = text.strip().casefold(), game
        self._opponent, self._lineup = opponent, lineup
        self._refilter()

    def _refilter(self) -> None:
        criteria = (self._all, self._text, self._game, self._opponent, self._lineup,
                    self._sort)
        self._worker.cancel()  # an older arrangement is stale: dropped when it arrives
        self.pending = True
        self._worker.run(lambda: arrange_history(*criteria), self._show, self._failed)

    def _show(self, rows: list[PlainRow]) -> None:
        self.beginResetModel()
        self._shown = rows
        self.endResetModel()
        self.pending = False
        self.arranged.emit()

    def _failed(self, _message: str) -> None:
        self.pending = False

    def column_title(self, section: int) -> str:
        if self.COLUMNS[section] == "Undo":
            # Translators: the history's column saying a move was taken back in the match.
            return tr_ctx("history column", "Undo")
        return super().column_title(section)

    @staticmethod
    def search_text(row: PlainRow) -> str:
        game = str(row[AT["game"]])
        result = row[AT["result"]]
        words = [GAME_NAMES.get(game, game), row[AT["lineup_label"]] or row[AT["opponent_name"]],
                 result, row[AT["rules"]],
                 datetime.fromtimestamp(row[AT["started_at"]]).strftime("%Y-%m-%d")]
        shown = (tr(GAME_NAMES.get(game, game)), _result_word(result),  # as the list shows them
                 _rules_text(row[AT["rules"]], game))
        words += [word for word in shown if word.casefold() not in " ".join(words).casefold()]
        return " ".join(words).casefold()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self._sort = (column, order)
        self._refilter()

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole) or \
                not index.isValid():
            return None
        row = self.rows[index.row()]
        column = index.column()
        opponents = row.lineup_label or row.opponent_name
        if role == Qt.ItemDataRole.ToolTipRole:  # the whole text, where a column elides it
            return opponents if column == 2 else \
                _rules_text(row.rules, row.game) if column == 6 else None
        if column == 0:
            return datetime.fromtimestamp(row.started_at).strftime("%Y-%m-%d %H:%M")
        if column == 1:
            return tr(GAME_NAMES.get(row.game, row.game))
        if column == 2:
            return opponents
        if column == 3:
            return f"{row.player_score}–{row.opponent_score}"
        if column == 4:
            return _result_word(row.result)
        if column == 5:
            return _duration(row.ended_at - row.started_at)
        if column == 6:
            return _rules_text(row.rules, row.game)
        if column == 7:
            return row.hands
        # Practice matches with a move taken back.
        return tr_ctx("undo column", "used") if row.undo_used else ""


class RecordsModel(_RowsModel):
    """The stored hand records, newest first (read only)."""

    COLUMNS = (mark("Record"), mark("Game"), mark("Opponents"), mark("Result"), mark("Ended by"),
               mark("Source"), mark("Stored"))

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[RecordInfo] = []

    def set_rows(self, rows: list[RecordInfo]) -> None:
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole) or \
                not index.isValid():
            return None
        row = self.rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == 2 and row.opponents is None:
                return tr("Imported: the record does not name its players")
            return self._text(row, column) if column in (2, 3, 4) else None
        return self._text(row, column)

    @staticmethod
    def _text(row: RecordInfo, column: int) -> str:
        if column == 0:
            return str(row.record_id)
        if column == 1:
            return tr(GAME_NAMES.get(row.game, row.game))
        if column == 2:
            return row.opponents or "–"
        if column == 3:
            return record_result(row)
        if column == 4:
            return record_ending(row)
        if column == 5:
            return _source_word(row.source)
        return datetime.fromtimestamp(row.added_at).strftime("%Y-%m-%d %H:%M")


class StatisticsWindow(QWidget):
    """The player's statistics for the current profile, read through ``queries`` on the
    storage thread ``jobs`` (both from the shell: ``Persistence.statistics_window``)."""

    def __init__(self, queries: StatisticsQueries, jobs: StorageJobs,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window)
        self.setWindowTitle(tr("Statistics"))
        self.queries = queries
        self.jobs = jobs
        self.replays: list[QWidget] = []  # keep replay windows alive
        self.current_hands: list[StoredHand] = []
        self.current_match: HistoryRow | None = None
        self.lines: list[Any] = []
        self.figures: Figures | None = None
        self.loading = False  # the history is on its way
        self._newest_id = 0  # the newest match shown: after a write only newer ones are read
        self._import_stop: threading.Event | None = None  # set to cancel the running import
        self._import_line = 0  # lines checked by the running import (read by the GUI thread)
        self._shown_profile = queries.profile
        self._build()
        self.refresh()
        self.resize(1000, 700)
        # Follow a profile switch made elsewhere (menu, Preferences) and each recorded match.
        unsubscribe = queries.subscribe_profile(self._profile_may_have_changed)

        def forget(_obj: object = None) -> None:
            unsubscribe()
            self._mark_closed()

        self.destroyed.connect(forget)
        jobs.changed.connect(self._after_write)

    # ----- building --------------------------------------------------------------------------
    def _build(self) -> None:
        filters = QHBoxLayout()
        self.game_combo = QComboBox()
        self.game_combo.addItem(tr("All games"), None)
        for game, name in GAME_NAMES.items():
            self.game_combo.addItem(tr(name), game)
        self.opponent_combo = QComboBox()
        # Room for "All opponents" in any language (the names arrive after it is first shown).
        self.opponent_combo.setMinimumContentsLength(max(14, len(tr("All opponents")) + 1))
        filters.addWidget(QLabel(tr("Game")))
        filters.addWidget(self.game_combo)
        filters.addWidget(QLabel(tr("Opponent")))
        filters.addWidget(self.opponent_combo)
        filters.addStretch(1)
        self.game_combo.currentIndexChanged.connect(lambda _i: self._game_changed())
        self.opponent_combo.currentIndexChanged.connect(lambda _i: self.apply_filters())

        self.tabs = QTabWidget()
        self.tabs.addTab(self._summary_tab(), tr("Summary"))
        self.tabs.addTab(self._history_tab(), tr("History"))
        self.charts_page = self._charts_tab()
        self.tabs.addTab(self.charts_page, tr("Charts"))
        self.records_page = self._records_tab()
        self.tabs.addTab(self.records_page, tr("Records"))
        # Charts read every hand row; draw them only when someone looks at them.
        self._charts_stale = True
        self._records_stale = True
        self.tabs.currentChanged.connect(lambda _i: self._update_charts_if_visible())
        self.tabs.currentChanged.connect(lambda _i: self._update_records_if_visible())

        bottom = QHBoxLayout()
        self.status = QLabel()
        self.status.setObjectName("statisticsStatus")
        self.status.setWordWrap(True)
        bottom.addWidget(self.status, 1)
        for text, slot in ((tr("Export history…"), self._ask_export_history),
                           (tr("Export records…"), self._ask_export_records),
                           (tr("Import records…"), self._import_clicked)):
            button = QPushButton(text)
            button.clicked.connect(slot)
            bottom.addWidget(button)
        self.import_button = button  # "Cancel import" while one runs
        self.import_progress = QTimer(self)
        self.import_progress.setInterval(200)
        self.import_progress.timeout.connect(self._show_import_progress)
        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addWidget(self.tabs, 1)
        layout.addLayout(bottom)

    def _summary_tab(self) -> QWidget:
        page = QWidget()
        layout = QHBoxLayout(page)
        self.figure_labels: dict[str, QLabel] = {}
        self._row_names: list[QLabel] = []
        groups = QVBoxLayout()
        self.general_box = self._figure_group(tr("Results"), (
            ("matches", tr("Matches played")), ("won", tr("Matches won / lost")),
            ("win_rate", tr_ctx("statistics", "Win rate")), ("hands", tr("Hands played / won")),
            ("points", tr("Points for / against")), ("per_hand", tr("Average points per hand")),
            ("streaks", tr("Longest winning / losing streak")), ("current", tr("Current streak")),
            ("best", tr("Best match")), ("worst", tr("Worst match")),
        ))
        # Each game's own figures, as its registration lists them (gui/game_registry.py).
        self.game_boxes: dict[str, QGroupBox] = {}
        for entry in gui_games():
            if entry.statistics_figures:
                self.game_boxes[entry.name] = self._figure_group(
                    tr(entry.title), tuple((f.key, tr(f.label))
                                           for f in entry.statistics_figures))
                for figure in entry.statistics_figures:
                    if figure.tooltip:
                        self.figure_labels[figure.key].setToolTip(tr(figure.tooltip))
        # The same column of values in every group; a name longer than NAME_CHARS characters
        # (some languages' "longest winning / losing streak") wraps rather than widening the
        # figures at the opponent table's expense.
        room = self.fontMetrics().averageCharWidth() * NAME_CHARS
        widest = min(room, max(name.sizeHint().width() for name in self._row_names))
        for name in self._row_names:
            if name.sizeHint().width() > widest:
                name.setWordWrap(True)
                name.setMaximumWidth(widest)
            name.setMinimumWidth(widest)
        for box in (self.general_box, *self.game_boxes.values()):
            groups.addWidget(box)
        groups.addStretch(1)
        holder = QWidget()
        holder.setLayout(groups)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(holder)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)
        self.figures_scroll, self.figures_holder = scroll, holder
        self._fit_figures()
        layout.addWidget(scroll)
        # One row per opponent, under a row naming the game when several games are shown.
        self.opponent_table = QTableWidget(0, 5)
        self.opponent_table.setHorizontalHeaderLabels(
            [tr("Opponent"), tr("Matches"), tr("Won–lost"), tr_ctx("statistics", "Win rate"),
             tr("Points/hand")])
        self.opponent_table.verticalHeader().hide()
        self.opponent_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.opponent_table.setWordWrap(True)  # a long line-up wraps (rows grow to fit)
        self.opponent_table.verticalHeader().setDefaultSectionSize(22)
        # Columns as wide as their contents, not stretched: on a wide screen the figures stay
        # next to the name they belong to.
        opponent_header = self.opponent_table.horizontalHeader()
        opponent_header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        opponent_header.setStretchLastSection(False)
        # A long line-up ("Sam and Gus the Greedy (partner: Ada)") gets the room the figures
        # leave and wraps there (its whole name in the tooltip too): the figures are never
        # cut off.
        opponent_header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        self.opponent_table.viewport().installEventFilter(self)
        right = QVBoxLayout()
        right.addWidget(QLabel("<b>{}</b>".format(tr("Against each opponent"))))
        right.addWidget(self.opponent_table)
        layout.addLayout(right, 1)
        return page

    def eventFilter(self, watched: Any, event: Any) -> bool:
        if watched is self.opponent_table.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_opponent_names()
        return super().eventFilter(watched, event)

    def _fit_opponent_names(self) -> None:
        table = self.opponent_table
        header = table.horizontalHeader()
        figures = sum(max(table.sizeHintForColumn(c), header.sectionSizeHint(c))
                      for c in range(1, table.columnCount()))
        room = table.viewport().width() - figures
        header.resizeSection(0, max(80, min(table.sizeHintForColumn(0), room)))
        table.resizeRowsToContents()  # a name that now wraps gets its second line

    def _fit_figures(self) -> None:
        """The figures keep the width their names and values need (again whenever the values
        change); the opponent table beside them takes the rest, so at 800x600 neither is cut
        off. A scroll bar's width is kept free for a window too short for every figure."""
        for box in (self.general_box, *self.game_boxes.values()):
            box.updateGeometry()  # now, not when its layout request comes round
        scroll, figures = self.figures_scroll, self.figures_holder
        scroll.setMinimumWidth(figures.sizeHint().width() + 2 * scroll.frameWidth()
                               + scroll.verticalScrollBar().sizeHint().width())

    def _figure_group(self, title: str, rows: tuple[tuple[str, str], ...]) -> QGroupBox:
        box = QGroupBox(title)
        form = QFormLayout(box)
        for key, text in rows:
            label = QLabel("–")
            label.setObjectName(f"figure_{key}")
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            # Room for the longest usual value from the start, so the column does not jump
            # (and the figures' width is known before the first figures arrive).
            label.setMinimumWidth(label.fontMetrics().horizontalAdvance(wide_figure()))
            self.figure_labels[key] = label
            name = QLabel(text)
            self._row_names.append(name)
            form.addRow(name, label)
        return box

    def _history_tab(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        self.search_edit = QLineEdit()
        self.search_edit.setPlaceholderText(
            tr("Filter: opponent, result, rules or date (2026-03)"))
        self.search_edit.setClearButtonEnabled(True)
        # Typing re-filters the history list once it pauses; the figures do not depend on it.
        self.search_timer = QTimer(self)
        self.search_timer.setSingleShot(True)
        self.search_timer.setInterval(SEARCH_PAUSE_MS)
        self.search_timer.timeout.connect(self._filter_history)
        self.search_edit.textChanged.connect(lambda _t: self.search_timer.start())
        layout.addWidget(self.search_edit)
        self.history_model = HistoryModel(self)
        self.history_model.arranged.connect(self._history_arranged)
        self.history_view = QTableView()
        self.history_view.setModel(self.history_model)
        self.history_view.setSortingEnabled(True)
        self.history_view.horizontalHeader().setSortIndicator(0, Qt.SortOrder.DescendingOrder)
        self.history_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.history_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.history_view.setWordWrap(False)
        self.history_view.verticalHeader().hide()
        self.history_view.verticalHeader().setDefaultSectionSize(22)
        header = self.history_view.horizontalHeader()
        header.setResizeContentsPrecision(50)  # size columns from the first rows, not 100,000
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)  # the opponent's name
        self.history_view.clicked.connect(self._match_clicked)
        self.history_view.activated.connect(self._match_clicked)
        detail = QWidget()
        detail_layout = QHBoxLayout(detail)
        hands_side = QVBoxLayout()
        self.match_title = QLabel(tr("Choose a match to see its hands."))
        self.match_title.setWordWrap(True)
        self.hands_table = QTableWidget(0, 5)
        self.hands_table.setHorizontalHeaderLabels([tr("Hand"), tr("Outcome"), tr("You"),
                                                    tr("Opponent"), tr("Score after")])
        self.hands_table.verticalHeader().hide()
        self.hands_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.hands_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # Figures take the room they need; the outcome the rest (elided, whole in its tooltip).
        hands_header = self.hands_table.horizontalHeader()
        hands_header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        hands_header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.hands_table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.hands_table.setWordWrap(False)
        self.hands_table.verticalHeader().setDefaultSectionSize(22)
        self.hands_table.itemSelectionChanged.connect(self._hand_selected)
        self.hands_table.cellDoubleClicked.connect(lambda row, _c: self.open_replay(row))
        self.replay_button = QPushButton(tr("Replay hand"))
        self.replay_button.setEnabled(False)
        self.replay_button.clicked.connect(lambda: self.open_replay(self.hands_table.currentRow()))
        hands_side.addWidget(self.match_title)
        hands_side.addWidget(self.hands_table)
        hands_side.addWidget(self.replay_button)
        self.progress_chart = LineChart(tr("Score progression"))
        self.progress_chart.empty_text = tr("Choose a match above.")
        # The hands' outcomes are words ("Gus the Greedy knocked"): they get the wider side.
        detail_layout.addLayout(hands_side, 3)
        detail_layout.addWidget(self.progress_chart, 2)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.history_view)
        splitter.addWidget(detail)
        splitter.setChildrenCollapsible(False)
        # The list and the open match share the height evenly, at any window size.
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([1000, 1000])  # in proportion: half each
        layout.addWidget(splitter, 1)
        return page

    def _charts_tab(self) -> QWidget:
        page = QWidget()
        layout = QGridLayout(page)
        self.win_rate_chart = LineChart(tr_n("Win rate over time (last {count} match)",
                                             "Win rate over time (last {count} matches)",
                                             20).format(count=20))
        self.points_chart = BarChart(tr("Points you scored per hand"))
        layout.addWidget(self.win_rate_chart, 0, 0)
        layout.addWidget(self.points_chart, 1, 0, 1, 2)
        from ginrummy_desktop.gui.review.trend import AccuracyTrend  # issue 41: reviewed hands

        self.accuracy_chart = AccuracyTrend()  # beside the win rate: the window's height fits
        layout.addWidget(self.accuracy_chart, 0, 1)
        return page

    def _records_tab(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        note = QLabel(tr("Every stored hand record, played here or imported. "
                         "Double-click one to replay it."))
        note.setWordWrap(True)
        layout.addWidget(note)
        self.records_model = RecordsModel(self)
        self.records_view = QTableView()
        self.records_view.setModel(self.records_model)
        self.records_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.records_view.setWordWrap(False)
        self.records_view.verticalHeader().hide()
        self.records_view.verticalHeader().setDefaultSectionSize(22)
        self.records_view.horizontalHeader().setSectionResizeMode(  # how it ended: words
            4, QHeaderView.ResizeMode.Stretch)
        self.records_view.horizontalHeader().setResizeContentsPrecision(200)
        self.records_view.doubleClicked.connect(
            lambda index: self.open_record(self.records_model.rows[index.row()].record_id))
        layout.addWidget(self.records_view)
        return page

    # ----- data ------------------------------------------------------------------------------
    @property
    def profile(self) -> str:
        return self.queries.profile

    @property
    def game(self) -> str | None:
        return self.game_combo.currentData()

    @property
    def opponent(self) -> str | None:
        """The opponent filter: all online or all offline opponents (or None)."""
        return (self.opponent_combo.currentData() or (None, None))[0]

    @property
    def lineup(self) -> str | None:
        """The line-up filter: one opponent, or the opponents of a three-player game..."""
        return (self.opponent_combo.currentData() or (None, None))[1]

    @property
    def busy(self) -> bool:
        """A query of this window is still on its way (tests wait on this)."""
        return (self.loading or self._figures_pending or self._charts_pending
                or self.history_model.pending or self._import_stop is not None)

    _figures_pending = False
    _charts_pending = False

    def _run(self, work: Callable[[], _T], done: Callable[[_T], object],
             key: str | None = None) -> None:
        """Run a query on the storage thread; ``done(result)`` lays it out when it arrives
        (unless the window was closed and deleted meanwhile)."""
        def finished(result: _T) -> None:
            if not self._closed:
                done(result)

        def failed(message: str) -> None:
            if not self._closed:
                self._failed(message)

        self.jobs.submit(work, finished, failed, key=key)

    _closed = False

    def _failed(self, message: str) -> None:
        self.loading = self._figures_pending = self._charts_pending = False
        self.status.setText(tr("The statistics could not be read: {message}").format(
            message=message))

    def _mark_closed(self) -> None:
        self._closed = True
        self.cancel_import()

    def closeEvent(self, event: Any) -> None:
        self.cancel_import()  # nobody would see its report
        super().closeEvent(event)

    def _profile_may_have_changed(self) -> None:
        if self.profile != self._shown_profile:
            self.refresh()

    def refresh(self) -> None:
        """Reload everything (a profile switch, opening), off the GUI thread; what is on
        screen stays until the new figures arrive. The figures are asked for first."""
        self._shown_profile = self.profile
        self.loading = True
        self.status.setText(tr("Reading your statistics…"))
        self.apply_filters()
        self._run(self.queries.lines, self._show_lines, key="lines")
        self._run(self.queries.history, self._show_history, key="history")
        self._records_stale = True
        self._update_records_if_visible()

    def _after_write(self) -> None:
        """A match was stored: new figures and opponents, and only the newer matches."""
        if self.loading or self.profile != self._shown_profile:
            self.refresh()
            return
        self.apply_filters()
        self._run(self.queries.lines, self._show_lines, key="lines")
        after = self._newest_id
        self._run(lambda: self.queries.history(after),
                  lambda found: self._add_history(after, found), key="history")
        self._records_stale = True
        self._update_records_if_visible()

    def _show_lines(self, found: tuple[str, list[Any]]) -> None:
        profile, lines = found
        if profile != self.profile:  # switched again while it was read
            return
        self.lines = lines
        self._fill_opponents()
        self._fill_opponent_table(self.game)

    def _show_history(self, found: tuple[str, list[PlainRow]]) -> None:
        self.loading = False
        profile, rows = found
        if profile != self.profile:
            return
        self._newest_id = max((row[AT["match_id"]] for row in rows), default=0)
        self.history_model.set_rows(rows)
        self._filter_history()

    def _add_history(self, after: int, found: tuple[str, list[PlainRow]]) -> None:
        profile, rows = found
        if profile != self.profile or after != self._newest_id:  # a reload came between
            self.refresh()
            return
        self._newest_id = max([after, *(row[AT["match_id"]] for row in rows)])
        self.history_model.add_rows(rows)

    def _history_arranged(self) -> None:
        if not self.loading:
            total = len(self.history_model.all_rows)
            self.status.setText(tr_n("{shown} of {count} match shown.",
                                     "{shown} of {count} matches shown.", total).format(
                shown=len(self.history_model.rows), count=total))
        if not self._history_sized and self.history_model.rows:
            self._history_sized = True  # once: later rows keep the widths the person sees
            self.history_view.resizeColumnsToContents()

    _history_sized = False

    def _fill_opponents(self) -> None:
        chosen = self.opponent
        self.opponent_combo.blockSignals(True)
        self.opponent_combo.clear()
        self.opponent_combo.addItem(tr("All opponents"), None)
        names: dict[str, str] = {}  # line-up -> its label (one per line-up, any game)
        for line in self.lines:
            game, lineup = line.key.split("/", 1)
            if self.game in (None, game):
                names.setdefault(lineup, line.label)
        for lineup, label in sorted(names.items(), key=lambda item: item[1].casefold()):
            self.opponent_combo.addItem(label, (None, lineup))
        if any(key.startswith(ONLINE_PREFIX) for key in names):  # online or offline only
            self.opponent_combo.addItem(tr("All online opponents"), (ALL_ONLINE, None))
            self.opponent_combo.addItem(tr("All offline (computer) opponents"),
                                        (ALL_OFFLINE, None))
        index = self.opponent_combo.findData(chosen)
        self.opponent_combo.setCurrentIndex(max(0, index))
        self.opponent_combo.blockSignals(False)

    def _game_changed(self) -> None:
        self._fill_opponents()
        self.apply_filters()

    def apply_filters(self) -> None:
        """The chosen game or opponent changed: new figures and charts (on the storage thread);
        the history list and the opponent table are filtered here, from what is loaded."""
        game, opponent, lineup = self.game, self.opponent, self.lineup
        self._figures_pending = True
        self._run(lambda: self.queries.figures(game, opponent, lineup),
                  self._show_figures_result, key="figures")
        self._filter_history()
        self._fill_opponent_table(game)
        self._charts_stale = True
        self._update_charts_if_visible()

    def _filter_history(self) -> None:
        self.search_timer.stop()
        self.history_model.set_filter(self.search_edit.text(), self.game, self.opponent,
                                      self.lineup)

    def _show_figures_result(self, figures: Figures) -> None:
        self._figures_pending = False
        self.show_figures(figures)

    def _update_charts_if_visible(self) -> None:
        if not self._charts_stale or self.tabs.currentWidget() is not self.charts_page:
            return
        self._charts_stale = False
        self._charts_pending = True
        game, opponent, lineup = self.game, self.opponent, self.lineup
        self._run(lambda: self.queries.charts(game, opponent, lineup), self._show_charts,
                  key="charts")

    def _show_charts(self, charts: tuple[list[tuple[float, float]], dict[int, int]]) -> None:
        self._charts_pending = False
        rates, distribution = charts
        self.win_rate_chart.set_series(
            [Series(tr_ctx("statistics", "Win rate"), rates)], y_range=(0.0, 1.0),
            y_format=lambda v: percent(v * 100),
            x_format=lambda v: datetime.fromtimestamp(v).strftime("%Y-%m-%d"),
            reference=(0.5, percent(50)),
        )
        self.points_chart.set_bars(bucket_counts(distribution))
        self.accuracy_chart.load(self.game)

    def _update_records_if_visible(self) -> None:
        if not self._records_stale or self.tabs.currentWidget() is not self.records_page:
            return
        self._records_stale = False
        self._run(self.queries.records, self._show_records, key="records")

    def _show_records(self, lines: RecordIndex) -> None:
        self.records_model.set_rows(lines)
        self.records_view.resizeColumnsToContents()
        if lines.skipped:  # damaged rows are left out by the storage query, never shown broken
            self.status.setText(tr_n("{count} damaged record(s) could not be shown.",
                                     "{count} damaged record(s) could not be shown.",
                                     lines.skipped).format(count=lines.skipped))

    def _fill_opponent_table(self, game: str | None) -> None:
        table = self.opponent_table
        by_game: dict[str, list[Any]] = {}
        for line in self.lines:
            line_game = line.key.split("/", 1)[0]
            if game in (None, line_game):
                by_game.setdefault(line_game, []).append(line)
        table.clearSpans()
        table.setRowCount(0)
        for line_game, lines in by_game.items():
            if len(by_game) > 1:  # the game's name over its opponents, across the table
                row = table.rowCount()
                table.insertRow(row)
                title = QTableWidgetItem(tr(GAME_NAMES.get(line_game, line_game)))
                font = title.font()
                font.setBold(True)
                title.setFont(font)
                title.setFlags(Qt.ItemFlag.ItemIsEnabled)
                table.setItem(row, 0, title)
                table.setSpan(row, 0, 1, table.columnCount())
            for line in lines:
                row = table.rowCount()
                table.insertRow(row)
                values = (line.label, str(line.matches), f"{line.won}–{line.lost}",
                          _percent(line.win_rate), number_text(line.average_points_per_hand))
                for column, text in enumerate(values):
                    item = QTableWidgetItem(text)
                    if not column:
                        item.setToolTip(text)
                    else:
                        item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                              | Qt.AlignmentFlag.AlignVCenter)
                    table.setItem(row, column, item)
        self._fit_opponent_names()

    def show_figures(self, f: Figures) -> None:
        self.figures = f
        put = {key: label.setText for key, label in self.figure_labels.items()}
        put["matches"](_matches_figure(f.matches_played, f.matches_abandoned))
        put["won"](f"{f.matches_won} / {f.matches_lost}")
        put["win_rate"](_percent(f.win_rate))
        put["hands"](f"{f.hands_played} / {f.hands_won}")
        put["points"](f"{f.points_for} / {f.points_against}")
        put["per_hand"](number_text(f.average_points_per_hand))
        put["streaks"](f"{f.longest_win_streak} / {f.longest_losing_streak}")
        streak = abs(f.current_streak)
        put["current"]("–" if not f.current_streak else (
            tr_n("{count} won", "{count} won", streak).format(count=streak)
            if f.current_streak > 0 else
            tr_n("{count} lost", "{count} lost", streak).format(count=streak)))
        for key, ref in (("best", f.best_match), ("worst", f.worst_match)):
            put[key]("–" if ref is None else
                     f"{ref.player_score}–{ref.opponent_score} ({ref.margin:+d})")
        for entry in gui_games():
            for figure in entry.statistics_figures:
                put[figure.key](figure.value(f))
            box = self.game_boxes.get(entry.name)
            if box is not None:
                box.setVisible(self.game in (None, entry.name))
        self._fit_figures()

    # ----- one match -------------------------------------------------------------------------
    def _match_clicked(self, index: QModelIndex) -> None:
        if index.isValid():
            self.open_match(self.history_model.rows[index.row()])

    def open_match(self, row: HistoryRow) -> None:
        """Show the hands and the score progression of one match (read on the storage thread)."""
        self.current_match = row
        when = datetime.fromtimestamp(row.started_at).strftime("%Y-%m-%d %H:%M")
        # Translators: a match's title over its hands ("Gin Rummy against Sam, 2026-03-02
        # 19:00: win 120–85"); the <b> tags make the first part bold.
        self.match_title.setText(
            tr("<b>{game} against {opponents}</b>, {when}: {result} {score}").format(
                game=tr(GAME_NAMES.get(row.game, row.game)),
                opponents=row.lineup_label or row.opponent_name, when=when,
                result=_result_word(row.result, title=False),
                score=f"{row.player_score}–{row.opponent_score}"))
        self.replay_button.setEnabled(False)
        def read() -> tuple[Any, ...]:
            hands = self.queries.match_hands(row.match_id)
            players: dict[int, tuple[str, str]] = {}
            game = find_gui_game(row.game)
            read_players = game.hand_players if game is not None else None
            if row.seat_names and read_players is not None:  # three or four players: who
                # knocked, from each record
                names = seat_names_of(row.player_seat, row.opponent_name, row.seat_names)
                for hand in hands:
                    record = self.queries.record(hand.record_id) if hand.record_id else None
                    found = read_players(record, names)
                    if found is not None:
                        players[hand.number] = found
            return hands, self.queries.match_rules(row.match_id), players

        self._run(read, lambda found: self._show_hands(row, *found), key="match")

    def _show_hands(self, row: HistoryRow, hands: list[StoredHand],
                    rules: dict[str, Any] | None = None,
                    players: dict[int, tuple[str, str]] | None = None) -> None:
        """The hands of ``row``; its ``rules`` (from its records) draw the match's own lines:
        the target, and a cribbage game's skunk lines."""
        self.current_hands = hands
        last = hands[-1] if hands else None
        if spec_value(row.game, "match_bonuses", False) and last is not None and (
                last.player_total, last.opponent_total) != (row.player_score, row.opponent_score):
            self.match_title.setText(  # the hands add up to less than the match totals
                tr("{title} (hand points {points}, plus boxes and bonuses)").format(
                    title=self.match_title.text(),
                    points=f"{last.player_total}–{last.opponent_total}"))
        self.hands_table.setRowCount(len(hands))
        for index, hand in enumerate(hands):
            outcome = _outcome(hand, row.opponent_name, (players or {}).get(hand.number),
                               row.game)
            values = (str(hand.number), outcome, str(hand.player_points),
                      str(hand.opponent_points), f"{hand.player_total}–{hand.opponent_total}")
            for column, text in enumerate(values):
                item = QTableWidgetItem(text)
                if hand.record_id is None and column == 0:
                    item.setToolTip(tr("No record was kept for this hand"))
                elif column == 1:
                    item.setToolTip(text)
                self.hands_table.setItem(index, column, item)
        self.replay_button.setEnabled(False)
        you = [(0.0, 0.0)] + [(float(h.number), float(h.player_total)) for h in hands]
        them = [(0.0, 0.0)] + [(float(h.number), float(h.opponent_total)) for h in hands]
        highest = max(y for _, y in you + them)
        lines = rule_lines(row.game, rules)
        self.progress_chart.set_series(
            [Series(tr("You"), you, PLAYER_COLOUR, step=True),
             Series(row.opponent_name, them, OPPONENT_COLOUR, step=True)],
            # Translators: the score chart's axis under hand {number}.
            x_format=lambda v: tr("hand {number}").format(number=f"{v:g}"),
            references=lines if lines and highest > lines[0][0] / 2 else (),
        )

    def _hand_selected(self) -> None:
        row = self.hands_table.currentRow()
        has_record = 0 <= row < len(self.current_hands) and \
            self.current_hands[row].record_id is not None
        self.replay_button.setEnabled(has_record)

    # ----- replays ---------------------------------------------------------------------------
    def open_replay(self, row: int) -> None:
        """Open the replay viewer for hand ``row`` of the open match (if it has a record)."""
        if not 0 <= row < len(self.current_hands) or self.current_match is None:
            return
        hand, match = self.current_hands[row], self.current_match
        if hand.record_id is None:
            self.status.setText(tr("No record was kept for this hand, so it cannot be "
                                   "replayed."))
            return
        names = seat_names_of(match.player_seat, match.opponent_name, match.seat_names)
        title = tr("Hand {number} against {opponents}").format(
            number=hand.number, opponents=match.lineup_label or match.opponent_name)
        self._open_replay_of(hand.record_id, names, title)

    def open_record(self, record_id: int) -> None:
        """Replay a stored record, naming the players of the match it was played in (an
        imported record's seats are the dealer and the non-dealer)."""
        line = next((row for row in self.records_model.rows if row.record_id == record_id),
                    None)
        names = record_seat_names(line) if line is not None else {}
        if line is not None and line.opponents:
            title = tr("Hand record {number} against {opponents}").format(
                number=record_id, opponents=line.opponents)
        else:
            title = tr("Hand record {number}").format(number=record_id)
        self._open_replay_of(record_id, names, title)

    def _open_replay_of(self, record_id: int, names: dict[int, str] | None, title: str) -> None:
        from ginrummy_desktop.gui.stats.replay_window import ReplayWindow

        def show(record: dict[str, Any] | None) -> None:
            if record is None:
                self.status.setText(tr("That hand record is no longer stored."))
                return
            from ginrummy_desktop.gui.common.window_fit import open_fitted

            window = ReplayWindow(record, names)
            window.setWindowTitle(title)
            self.replays.append(window)
            open_fitted(window, window.size(), near=self)

        self._run(lambda: self.queries.record(record_id), show)

    # ----- export and import -----------------------------------------------------------------
    def export_history(self, path: Path) -> None:
        self._file_job(lambda: self.queries.export_history(path), path,
                       lambda count: tr_n("Exported {count} match to {file}.",
                                          "Exported {count} matches to {file}.",
                                          count).format(count=count, file=path.name))

    def export_records(self, path: Path) -> None:
        self._file_job(lambda: self.queries.export_records(path), path,
                       lambda count: tr_n("Exported {count} hand record to {file}.",
                                          "Exported {count} hand records to {file}.",
                                          count).format(count=count, file=path.name))

    def import_records(self, path: Path) -> None:
        """Import a file of hand records on the storage thread; the import button cancels it
        (so does closing the window or quitting), storing nothing."""
        stop = threading.Event()

        def keep_going(line: int) -> bool:
            self._import_line = line  # read by the progress timer on the GUI thread
            return not stop.is_set()

        def finished(report: Any) -> None:
            if self._closed:  # the window went while it ran: nothing to show it in
                return
            if self._import_stop is stop:
                self._import_stop = None
                self.import_progress.stop()
                self.import_button.setText(tr("Import records…"))
            self.status.setText(str(report))
            self._records_stale = True
            self._update_records_if_visible()

        self.cancel_import()
        self._import_stop, self._import_line = stop, 0
        self._import_name = path.name
        self.import_button.setText(tr("Cancel import"))
        self.status.setText(tr("Importing {file}…").format(file=path.name))
        self.import_progress.start()
        self.jobs.submit(lambda: self.queries.import_records(path, keep_going), finished,
                         lambda message: finished(
                             tr("The import failed: {message}").format(message=message)),
                         stop=stop)

    def cancel_import(self) -> None:
        """Stop the running import, if any (it stores nothing)."""
        if self._import_stop is not None:
            self._import_stop.set()
            if not self._closed:
                self.status.setText(tr("Cancelling the import…"))

    def _show_import_progress(self) -> None:
        if self._import_stop is not None and not self._import_stop.is_set():
            lines = self._import_line
            self.status.setText(tr_n("Importing {file}… {count} line checked.",
                                     "Importing {file}… {count} lines checked.",
                                     lines).format(file=self._import_name, count=number(lines)))

    def _import_clicked(self) -> None:
        if self._import_stop is not None:
            self.cancel_import()
        else:
            self._ask_import_records()

    def _file_job(self, work: Any, path: Path, told: Any) -> None:
        def write() -> tuple[bool, Any]:
            try:
                return True, work()
            except OSError as error:  # a folder that is gone, a full disk: said in words
                return False, error.strerror or str(error)

        def finished(outcome: tuple[bool, Any]) -> None:
            written, value = outcome
            self.status.setText(told(value) if written else
                                tr("Could not write {file}: {error}.").format(
                                    file=path.name, error=value))

        self.status.setText(tr("Writing {file}…").format(file=path.name))
        self._run(write, finished)

    def _ask_export_history(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, tr("Export history"), "history.csv",
                                              tr("CSV files (*.csv)"))
        if name:
            self.export_history(Path(name))

    def _ask_export_records(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, tr("Export hand records"), "records.jsonl",
                                              tr("JSON lines (*.jsonl)"))
        if name:
            self.export_records(Path(name))

    def _ask_import_records(self) -> None:
        name, _ = QFileDialog.getOpenFileName(
            self, tr("Import hand records"), "",
            ";;".join((tr("JSON lines (*.jsonl)"), tr("All files (*)"))))
        if name:
            self.import_records(Path(name))
