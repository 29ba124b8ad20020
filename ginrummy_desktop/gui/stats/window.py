"""Statistics window: figures per game and opponent, the match history, charts, export/import.

All figures come from ``storage.stats`` (SQL); the window only lays them out. The history model
sorts and filters its own list in Python (a proxy model would call back into Python for every
comparison, too slow at 10,000 matches).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
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
    QSplitter,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.gui.stats.charts import (
    OPPONENT_COLOUR,
    PLAYER_COLOUR,
    BarChart,
    LineChart,
    Series,
    bucket_counts,
    rule_lines,
)
from ginrummy_desktop.storage.database import HistoryRow, RecordInfo, StoredHand
from ginrummy_desktop.storage.records_io import (
    export_history_csv,
    export_records_jsonl,
    import_records_jsonl,
)
from ginrummy_desktop.storage.stats import (
    Figures,
    breakdown,
    figures,
    points_per_hand_distribution,
    win_rate_over_time,
)

GAME_NAMES = {"gin": "Gin Rummy", "cribbage": "Cribbage"}
ModelIndex = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()


def _percent(value: float | None) -> str:
    return "–" if value is None else f"{value * 100:.0f}%"


def _number(value: float | None, digits: int = 1) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _duration(seconds: float) -> str:
    minutes = int(round(seconds / 60))
    return f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"


def _outcome(hand: StoredHand, opponent: str) -> str:
    """How a hand ended, in words: "Gin by you", "You undercut", "Dead hand"..."""
    who = {"player": "you", "opponent": opponent}
    if hand.ending == "draw":
        return "Dead hand"
    if hand.ending == "undercut":  # named after the defender, who scores
        return "You undercut" if hand.knocker == "opponent" else f"Undercut by {opponent}"
    if hand.ending and hand.knocker:
        kind = {"gin": "Gin", "big_gin": "Big gin", "knock": "Knock"}.get(hand.ending, "?")
        return f"{kind} by {who[hand.knocker]}"
    if hand.winner is None:
        return "Even"
    return "You scored more" if hand.winner == "player" else f"{opponent} scored more"


class _RowsModel(QAbstractTableModel):
    """A read-only table over ``self.rows`` with the column titles in ``COLUMNS``."""

    COLUMNS: tuple[str, ...] = ()
    rows: list[Any]

    def rowCount(self, parent: ModelIndex = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: ModelIndex = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.COLUMNS[section]
        return None


class HistoryModel(_RowsModel):
    """Every match of the profile; ``set_filter`` and ``sort`` work on a Python list."""

    COLUMNS = ("Date", "Game", "Opponent", "Score", "Result", "Duration", "Rules", "Hands",
               "Undo")
    _SORT_KEYS: tuple[Callable[[HistoryRow], Any], ...] = (
        lambda r: r.started_at,
        lambda r: r.game,
        lambda r: r.opponent_name.casefold(),
        lambda r: r.player_score - r.opponent_score,
        lambda r: r.result,
        lambda r: r.ended_at - r.started_at,
        lambda r: r.rules,
        lambda r: r.hands,
        lambda r: r.undo_used,
    )

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.all_rows: list[HistoryRow] = []
        self.rows: list[HistoryRow] = []
        self._text = ""
        self._game: str | None = None
        self._opponent: str | None = None
        self._sort: tuple[int, Qt.SortOrder] = (0, Qt.SortOrder.DescendingOrder)

    def set_rows(self, rows: list[HistoryRow]) -> None:
        self.all_rows = rows
        self._refilter()

    def set_filter(self, text: str = "", game: str | None = None,
                   opponent: str | None = None) -> None:
        self._text, self._game, self._opponent = text.strip().casefold(), game, opponent
        self._refilter()

    def _refilter(self) -> None:
        self.beginResetModel()
        rows = self.all_rows
        if self._game:
            rows = [r for r in rows if r.game == self._game]
        if self._opponent:
            rows = [r for r in rows if r.opponent_id == self._opponent]
        if self._text:
            rows = [r for r in rows if self._text in self._search_text(r)]
        column, order = self._sort
        self.rows = sorted(rows, key=self._SORT_KEYS[column],
                           reverse=order == Qt.SortOrder.DescendingOrder)
        self.endResetModel()

    @staticmethod
    def _search_text(row: HistoryRow) -> str:
        return " ".join((GAME_NAMES.get(row.game, row.game), row.opponent_name, row.result,
                         row.rules, datetime.fromtimestamp(row.started_at).strftime("%Y-%m-%d"))
                        ).casefold()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self._sort = (column, order)
        self.layoutAboutToBeChanged.emit()
        self.rows.sort(key=self._SORT_KEYS[column], reverse=order == Qt.SortOrder.DescendingOrder)
        self.layoutChanged.emit()

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or not index.isValid():
            return None
        row = self.rows[index.row()]
        column = index.column()
        if column == 0:
            return datetime.fromtimestamp(row.started_at).strftime("%Y-%m-%d %H:%M")
        if column == 1:
            return GAME_NAMES.get(row.game, row.game)
        if column == 2:
            return row.opponent_name
        if column == 3:
            return f"{row.player_score}–{row.opponent_score}"
        if column == 4:
            return row.result.title()
        if column == 5:
            return _duration(row.ended_at - row.started_at)
        if column == 6:
            return row.rules
        if column == 7:
            return row.hands
        return "used" if row.undo_used else ""  # practice matches with a move taken back


class RecordsModel(_RowsModel):
    """The stored hand records, newest first (read only)."""

    COLUMNS = ("Record", "Game", "Ended by", "Source", "Stored")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[RecordInfo] = []

    def set_rows(self, rows: list[RecordInfo]) -> None:
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or not index.isValid():
            return None
        row = self.rows[index.row()]
        return (
            str(row.record_id),
            GAME_NAMES.get(row.game, row.game),
            (row.result_kind or "–").replace("_", " "),
            row.source,
            datetime.fromtimestamp(row.added_at).strftime("%Y-%m-%d %H:%M"),
        )[index.column()]


class StatisticsWindow(QWidget):
    """The player's statistics for the current profile of ``storage``."""

    def __init__(self, storage: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window)
        self.setWindowTitle("Statistics")
        self.storage = storage
        self.replays: list[QWidget] = []  # keep replay windows alive
        self.current_hands: list[StoredHand] = []
        self.current_match: HistoryRow | None = None
        self._build()
        self.refresh()
        self.resize(1000, 700)
        # Follow a profile switch made elsewhere (menu, Preferences).
        unsubscribe = storage.settings.subscribe(lambda _s, _c: self._profile_may_have_changed())
        self.destroyed.connect(lambda _obj=None: unsubscribe())

    # ----- building --------------------------------------------------------------------------
    def _build(self) -> None:
        filters = QHBoxLayout()
        self.game_combo = QComboBox()
        self.game_combo.addItem("All games", None)
        for game, name in GAME_NAMES.items():
            self.game_combo.addItem(name, game)
        self.opponent_combo = QComboBox()
        self.opponent_combo.setMinimumContentsLength(14)
        filters.addWidget(QLabel("Game"))
        filters.addWidget(self.game_combo)
        filters.addWidget(QLabel("Opponent"))
        filters.addWidget(self.opponent_combo)
        filters.addStretch(1)
        self.game_combo.currentIndexChanged.connect(lambda _i: self._game_changed())
        self.opponent_combo.currentIndexChanged.connect(lambda _i: self.apply_filters())

        self.tabs = QTabWidget()
        self.tabs.addTab(self._summary_tab(), "Summary")
        self.tabs.addTab(self._history_tab(), "History")
        self.charts_page = self._charts_tab()
        self.tabs.addTab(self.charts_page, "Charts")
        self.records_page = self._records_tab()
        self.tabs.addTab(self.records_page, "Records")
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
        for text, slot in (("Export history…", self._ask_export_history),
                           ("Export records…", self._ask_export_records),
                           ("Import records…", self._ask_import_records)):
            button = QPushButton(text)
            button.clicked.connect(slot)
            bottom.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addWidget(self.tabs, 1)
        layout.addLayout(bottom)

    def _summary_tab(self) -> QWidget:
        page = QWidget()
        layout = QHBoxLayout(page)
        self.figure_labels: dict[str, QLabel] = {}
        groups = QVBoxLayout()
        self.general_box = self._figure_group("Results", (
            ("matches", "Matches played"), ("won", "Matches won / lost"),
            ("win_rate", "Win rate"), ("hands", "Hands played / won"),
            ("points", "Points for / against"), ("per_hand", "Average points per hand"),
            ("streaks", "Longest winning / losing streak"), ("current", "Current streak"),
            ("best", "Best match"), ("worst", "Worst match"),
        ))
        self.gin_box = self._figure_group("Gin Rummy", (
            ("gins", "Gins / big gins"), ("knocks", "Knocks"),
            ("undercuts", "Undercuts given / taken"),
            ("deadwood", "Average deadwood when caught"), ("turns", "Average hand length"),
        ))
        self.cribbage_box = self._figure_group("Cribbage", (
            ("avg_hand", "Average hand"), ("avg_crib", "Average crib"),
            ("avg_pegging", "Average pegging"), ("skunks_given", "Skunks / double skunks given"),
            ("skunks_taken", "Skunks / double skunks taken"), ("best_hand", "Best hand"),
            ("best_pegging", "Highest pegging in a deal"),
        ))
        for box in (self.general_box, self.gin_box, self.cribbage_box):
            groups.addWidget(box)
        groups.addStretch(1)
        holder = QWidget()
        holder.setLayout(groups)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(holder)
        layout.addWidget(scroll, 1)
        self.opponent_table = QTableWidget(0, 6)
        self.opponent_table.setHorizontalHeaderLabels(
            ["Opponent", "Game", "Matches", "Won–lost", "Win rate", "Points/hand"])
        self.opponent_table.verticalHeader().hide()
        self.opponent_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.opponent_table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self.opponent_table.horizontalHeader().setStretchLastSection(True)
        right = QVBoxLayout()
        right.addWidget(QLabel("<b>Against each opponent</b>"))
        right.addWidget(self.opponent_table)
        layout.addLayout(right, 1)
        return page

    def _figure_group(self, title: str, rows: tuple[tuple[str, str], ...]) -> QGroupBox:
        box = QGroupBox(title)
        form = QFormLayout(box)
        for key, text in rows:
            label = QLabel("–")
            label.setObjectName(f"figure_{key}")
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.figure_labels[key] = label
            form.addRow(text, label)
        return box

    def _history_tab(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        self.search_edit = QLineEdit()
        self.search_edit.setPlaceholderText("Filter: opponent, result, rules or date (2026-03)")
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.textChanged.connect(lambda _t: self.apply_filters())
        layout.addWidget(self.search_edit)
        self.history_model = HistoryModel(self)
        self.history_view = QTableView()
        self.history_view.setModel(self.history_model)
        self.history_view.setSortingEnabled(True)
        self.history_view.horizontalHeader().setSortIndicator(0, Qt.SortOrder.DescendingOrder)
        self.history_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.history_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.history_view.verticalHeader().hide()
        self.history_view.verticalHeader().setDefaultSectionSize(22)
        self.history_view.horizontalHeader().setStretchLastSection(True)
        for column, width in enumerate((130, 90, 120, 80, 80, 80, 110, 60)):
            self.history_view.setColumnWidth(column, width)
        self.history_view.clicked.connect(self._match_clicked)
        self.history_view.activated.connect(self._match_clicked)
        detail = QWidget()
        detail_layout = QHBoxLayout(detail)
        hands_side = QVBoxLayout()
        self.match_title = QLabel("Choose a match to see its hands.")
        self.hands_table = QTableWidget(0, 5)
        self.hands_table.setHorizontalHeaderLabels(["Hand", "Outcome", "You", "Opponent",
                                                    "Score after"])
        self.hands_table.verticalHeader().hide()
        self.hands_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.hands_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.hands_table.horizontalHeader().setStretchLastSection(True)
        self.hands_table.setWordWrap(False)
        self.hands_table.verticalHeader().setDefaultSectionSize(22)
        for column, width in enumerate((44, 170, 50, 70)):
            self.hands_table.setColumnWidth(column, width)
        self.hands_table.itemSelectionChanged.connect(self._hand_selected)
        self.hands_table.cellDoubleClicked.connect(lambda row, _c: self.open_replay(row))
        self.replay_button = QPushButton("Replay hand")
        self.replay_button.setEnabled(False)
        self.replay_button.clicked.connect(lambda: self.open_replay(self.hands_table.currentRow()))
        hands_side.addWidget(self.match_title)
        hands_side.addWidget(self.hands_table)
        hands_side.addWidget(self.replay_button)
        self.progress_chart = LineChart("Score progression")
        self.progress_chart.empty_text = "Choose a match above."
        detail_layout.addLayout(hands_side, 1)
        detail_layout.addWidget(self.progress_chart, 1)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.history_view)
        splitter.addWidget(detail)
        splitter.setSizes([360, 280])
        layout.addWidget(splitter, 1)
        return page

    def _charts_tab(self) -> QWidget:
        page = QWidget()
        layout = QGridLayout(page)
        self.win_rate_chart = LineChart("Win rate over time (last 20 matches)")
        self.points_chart = BarChart("Points you scored per hand")
        layout.addWidget(self.win_rate_chart, 0, 0)
        layout.addWidget(self.points_chart, 1, 0)
        return page

    def _records_tab(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addWidget(QLabel("Every stored hand record, played here or imported. "
                                "Double-click one to replay it."))
        self.records_model = RecordsModel(self)
        self.records_view = QTableView()
        self.records_view.setModel(self.records_model)
        self.records_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.records_view.verticalHeader().hide()
        self.records_view.verticalHeader().setDefaultSectionSize(22)
        self.records_view.horizontalHeader().setStretchLastSection(True)
        self.records_view.doubleClicked.connect(
            lambda index: self.open_record(self.records_model.rows[index.row()].record_id))
        layout.addWidget(self.records_view)
        return page

    def _update_records_if_visible(self) -> None:
        if not self._records_stale or self.tabs.currentWidget() is not self.records_page:
            return
        self._records_stale = False
        rows = self.storage.database.record_index(self.profile)
        self.records_model.set_rows(rows)
        if getattr(rows, "skipped", 0):  # damaged rows are left out by the storage query
            self.status.setText(f"{rows.skipped} damaged record(s) could not be shown.")

    def open_record(self, record_id: int) -> QWidget | None:
        """Replay any stored record (seat names are generic: it may come from elsewhere)."""
        from ginrummy_desktop.gui.stats.replay_window import ReplayWindow

        record = self.storage.database.record(record_id)
        if record is None:
            return None
        window = ReplayWindow(record)
        window.setWindowTitle(f"Hand record {record_id}")
        self.replays.append(window)
        window.show()
        return window

    # ----- data ------------------------------------------------------------------------------
    @property
    def profile(self) -> str:
        return self.storage.profile

    @property
    def game(self) -> str | None:
        return self.game_combo.currentData()

    @property
    def opponent(self) -> str | None:
        return self.opponent_combo.currentData()

    def _profile_may_have_changed(self) -> None:
        if self.profile != self._shown_profile:
            self.refresh()

    def refresh(self) -> None:
        """Reload everything from the database (after a match, an import or a profile switch)."""
        self._shown_profile = self.profile
        self.lines = breakdown(self.storage.database, self.profile, by="opponent")
        self.history_model.set_rows(self.storage.database.history(self.profile))
        self._records_stale = True
        if hasattr(self, "records_model"):
            self._update_records_if_visible()
        self._fill_opponents()
        self.apply_filters()

    def _fill_opponents(self) -> None:
        chosen = self.opponent
        self.opponent_combo.blockSignals(True)
        self.opponent_combo.clear()
        self.opponent_combo.addItem("All opponents", None)
        names: dict[str, str] = {}
        for line in self.lines:
            game, opponent_id = line.key.split("/", 1)
            if self.game in (None, game):
                names.setdefault(opponent_id, line.label)
        for opponent_id, label in sorted(names.items(), key=lambda item: item[1].casefold()):
            self.opponent_combo.addItem(label, opponent_id)
        index = self.opponent_combo.findData(chosen)
        self.opponent_combo.setCurrentIndex(max(0, index))
        self.opponent_combo.blockSignals(False)

    def _game_changed(self) -> None:
        self._fill_opponents()
        self.apply_filters()

    def apply_filters(self) -> None:
        """Recompute figures, history and charts for the chosen game, opponent and search."""
        game, opponent = self.game, self.opponent
        self.show_figures(figures(self.storage.database, self.profile, game, opponent))
        self.history_model.set_filter(self.search_edit.text(), game, opponent)
        self._fill_opponent_table(game)
        self.status.setText(f"{len(self.history_model.rows)} of "
                            f"{len(self.history_model.all_rows)} matches shown.")
        self._charts_stale = True
        self._update_charts_if_visible()

    def _update_charts_if_visible(self) -> None:
        if not self._charts_stale or self.tabs.currentWidget() is not self.charts_page:
            return
        self._charts_stale = False
        game, opponent = self.game, self.opponent
        rates = win_rate_over_time(self.storage.database, self.profile, game,
                                   opponent_id=opponent)
        self.win_rate_chart.set_series(
            [Series("Win rate", rates)], y_range=(0.0, 1.0),
            y_format=lambda v: f"{v * 100:.0f}%",
            x_format=lambda v: datetime.fromtimestamp(v).strftime("%Y-%m-%d"),
            reference=(0.5, "50%"),
        )
        distribution = points_per_hand_distribution(self.storage.database, self.profile, game,
                                                    opponent)
        self.points_chart.set_bars(bucket_counts(distribution))

    def _fill_opponent_table(self, game: str | None) -> None:
        lines = [line for line in self.lines if game in (None, line.key.split("/", 1)[0])]
        self.opponent_table.setRowCount(len(lines))
        for row, line in enumerate(lines):
            line_game = line.key.split("/", 1)[0]
            values = (line.label, GAME_NAMES.get(line_game, line_game), str(line.matches),
                      f"{line.won}–{line.lost}", _percent(line.win_rate),
                      _number(line.average_points_per_hand))
            for column, text in enumerate(values):
                self.opponent_table.setItem(row, column, QTableWidgetItem(text))

    def show_figures(self, f: Figures) -> None:
        put = {key: label.setText for key, label in self.figure_labels.items()}
        put["matches"](f"{f.matches_played}" + (
            f" ({f.matches_abandoned} abandoned)" if f.matches_abandoned else ""))
        put["won"](f"{f.matches_won} / {f.matches_lost}")
        put["win_rate"](_percent(f.win_rate))
        put["hands"](f"{f.hands_played} / {f.hands_won}")
        put["points"](f"{f.points_for} / {f.points_against}")
        put["per_hand"](_number(f.average_points_per_hand))
        put["streaks"](f"{f.longest_win_streak} / {f.longest_losing_streak}")
        put["current"]("–" if not f.current_streak else (
            f"{f.current_streak} won" if f.current_streak > 0 else f"{-f.current_streak} lost"))
        for key, ref in (("best", f.best_match), ("worst", f.worst_match)):
            put[key]("–" if ref is None else
                     f"{ref.player_score}–{ref.opponent_score} ({ref.margin:+d})")
        put["gins"](f"{f.gins} / {f.big_gins}")
        put["knocks"](str(f.knocks))
        put["undercuts"](f"{f.undercuts_given} / {f.undercuts_taken}")
        put["deadwood"](_number(f.average_deadwood_caught))
        put["turns"]("–" if f.average_hand_turns is None else
                     f"{f.average_hand_turns:.1f} turns")
        put["avg_hand"](_number(f.average_hand_points))
        put["avg_crib"](_number(f.average_crib_points))
        put["avg_pegging"](_number(f.average_pegging_points))
        put["skunks_given"](f"{f.skunks_given} / {f.double_skunks_given}")
        put["skunks_taken"](f"{f.skunks_taken} / {f.double_skunks_taken}")
        put["best_hand"]("–" if f.best_hand is None else
                         f"{f.best_hand}" + ("  (a perfect 29!)" if f.best_hand == 29 else ""))
        put["best_pegging"]("–" if f.best_pegging is None else str(f.best_pegging))
        self.gin_box.setVisible(self.game in (None, "gin"))
        self.cribbage_box.setVisible(self.game in (None, "cribbage"))

    # ----- one match -------------------------------------------------------------------------
    def _match_clicked(self, index: QModelIndex) -> None:
        if index.isValid():
            self.open_match(self.history_model.rows[index.row()])

    def open_match(self, row: HistoryRow) -> None:
        """Show the hands and the score progression of one match."""
        self.current_match = row
        self.current_hands = self.storage.database.match_hands(row.match_id)
        when = datetime.fromtimestamp(row.started_at).strftime("%Y-%m-%d %H:%M")
        self.match_title.setText(
            f"<b>{GAME_NAMES.get(row.game, row.game)} against {row.opponent_name}</b>, {when}: "
            f"{row.result} {row.player_score}–{row.opponent_score}")
        self.hands_table.setRowCount(len(self.current_hands))
        for index, hand in enumerate(self.current_hands):
            outcome = _outcome(hand, row.opponent_name)
            values = (str(hand.number), outcome, str(hand.player_points),
                      str(hand.opponent_points), f"{hand.player_total}–{hand.opponent_total}")
            for column, text in enumerate(values):
                item = QTableWidgetItem(text)
                if hand.record_id is None and column == 0:
                    item.setToolTip("No record was kept for this hand")
                self.hands_table.setItem(index, column, item)
        self.replay_button.setEnabled(False)
        you = [(0.0, 0.0)] + [(float(h.number), float(h.player_total))
                              for h in self.current_hands]
        them = [(0.0, 0.0)] + [(float(h.number), float(h.opponent_total))
                               for h in self.current_hands]
        # The match's own lines (its target, a cribbage game's skunk lines), from its records.
        record = next((self.storage.database.record(h.record_id)
                       for h in self.current_hands if h.record_id is not None), None)
        lines = rule_lines(row.game, (record or {}).get("rules"))
        top = max(y for _, y in you + them)
        self.progress_chart.set_series(
            [Series("You", you, PLAYER_COLOUR, step=True),
             Series(row.opponent_name, them, OPPONENT_COLOUR, step=True)],
            x_format=lambda v: f"hand {v:g}",
            references=lines if lines and top > lines[0][0] / 2 else (),
        )

    def _hand_selected(self) -> None:
        row = self.hands_table.currentRow()
        has_record = 0 <= row < len(self.current_hands) and \
            self.current_hands[row].record_id is not None
        self.replay_button.setEnabled(has_record)

    def open_replay(self, row: int) -> QWidget | None:
        """Open the replay viewer for hand ``row`` of the open match (if it has a record)."""
        from ginrummy_desktop.gui.stats.replay_window import ReplayWindow

        if not 0 <= row < len(self.current_hands) or self.current_match is None:
            return None
        hand = self.current_hands[row]
        record = self.storage.database.record(hand.record_id) if hand.record_id else None
        if record is None:
            self.status.setText("No record was kept for this hand, so it cannot be replayed.")
            return None
        seat = self.current_match.player_seat
        names = {seat: "You", 1 - seat: self.current_match.opponent_name}
        window = ReplayWindow(record, names)
        window.setWindowTitle(f"Hand {hand.number} against {self.current_match.opponent_name}")
        self.replays.append(window)
        window.show()
        return window

    # ----- export and import -----------------------------------------------------------------
    def export_history(self, path: Path) -> None:
        try:
            count = export_history_csv(self.storage.database, self.profile, path)
        except OSError as error:
            self.status.setText(f"Could not write {path.name}: {error.strerror}.")
            return
        self.status.setText(f"Exported {count} matches to {path.name}.")

    def export_records(self, path: Path) -> None:
        try:
            count = export_records_jsonl(self.storage.database, self.profile, path)
        except OSError as error:
            self.status.setText(f"Could not write {path.name}: {error.strerror}.")
            return
        self.status.setText(f"Exported {count} hand records to {path.name}.")

    def import_records(self, path: Path) -> None:
        report = import_records_jsonl(self.storage.database, self.profile, path)
        self.status.setText(report.summary())
        self._records_stale = True
        self._update_records_if_visible()

    def _ask_export_history(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, "Export history", "history.csv",
                                              "CSV files (*.csv)")
        if name:
            self.export_history(Path(name))

    def _ask_export_records(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, "Export hand records", "records.jsonl",
                                              "JSON lines (*.jsonl)")
        if name:
            self.export_records(Path(name))

    def _ask_import_records(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Import hand records", "",
                                              "JSON lines (*.jsonl);;All files (*)")
        if name:
            self.import_records(Path(name))
