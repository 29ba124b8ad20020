"""Rankings: the leaderboard per game (rank, name, rating, games), the person's own row
highlighted even when it is below the top 100, and their rating history as a chart drawn by
the statistics window's own chart widget."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.engine.translation import mark, tr
from ginrummy_desktop.gui.common.charts import LineChart, Series
from ginrummy_desktop.gui.online.lobby import GAME_TITLES, game_title

COLUMNS = (mark("Rank"), mark("Player"), mark("Rating"), mark("Games"))  # shown with tr()
OWN_ROW = QColor("#fff0b3")


class RankingsTab(QWidget):
    refresh_wanted = Signal(str)  # game
    profile_wanted = Signal(str)  # user

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.me = ""
        self.game_box = QComboBox(self)
        for game in GAME_TITLES:
            self.game_box.addItem(game_title(game), game)
        self.game_box.currentIndexChanged.connect(lambda _i: self.refresh_wanted.emit(self.game))
        self.refresh_button = QPushButton(tr("Refresh"), self)
        self.refresh_button.clicked.connect(lambda: self.refresh_wanted.emit(self.game))
        self.board = QTableWidget(0, len(COLUMNS), self)
        self.board.setHorizontalHeaderLabels([tr(title) for title in COLUMNS])
        self.board.setAccessibleName(tr("Leaderboard"))
        self.board.verticalHeader().hide()
        self.board.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.board.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.board.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.board.cellClicked.connect(self._profile_row)
        self.own_rank = QLabel("", self)
        self.own_rank.setAccessibleName(tr("Your rank"))
        self.chart = LineChart(tr("Your rating"), self)
        self.rows: list[dict[str, Any]] = []
        top = QHBoxLayout()
        top.addWidget(QLabel(tr("Game:"), self))
        top.addWidget(self.game_box)
        top.addWidget(self.refresh_button)
        top.addStretch(1)
        top.addWidget(self.own_rank)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.board)
        splitter.addWidget(self.chart)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(QLabel(tr("Click a player's name to see their profile."), self))
        layout.addWidget(splitter, 1)

    @property
    def game(self) -> str:
        return str(self.game_box.currentData())

    def set_board(self, board: dict[str, Any], own: dict[str, Any] | None) -> None:
        """``board``: the leaderboard reply; ``own``: the person's rating row for this game
        (shown as an extra highlighted row when they are not in the top list)."""
        self.rows = list(board.get("top", []))
        rank = board.get("rank")
        rows = [(i + 1, r) for i, r in enumerate(self.rows)]
        if rank is not None and not any(r["user"] == self.me for r in self.rows) and own:
            rows.append((rank, {"user": self.me, **own}))
            self.rows.append({"user": self.me, **own})
        self.board.setRowCount(len(rows))
        bold = QFont()
        bold.setBold(True)
        for row, (position, entry) in enumerate(rows):
            cells = (str(position), entry["user"], f"{entry['rating']:.0f}",
                     str(entry.get("games", 0)))
            mine = entry["user"] == self.me
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column == 1:
                    item.setForeground(QBrush(QColor("#1f6fd1")))
                    item.setToolTip(tr("{user}'s profile").format(user=text))
                if mine:
                    item.setBackground(QBrush(OWN_ROW))
                    item.setFont(bold)
                self.board.setItem(row, column, item)
        self.own_rank.setText(tr("You are not ranked yet (play a rated game)") if rank is None
                              else tr("Your rank: {rank}").format(rank=rank))

    def set_history(self, history: list[dict[str, Any]]) -> None:
        points = [(float(i + 1), float(h["rating"])) for i, h in enumerate(history)]
        values = [y for _x, y in points] or [1500.0]
        # Around the person's own ratings: a change of 20 points should be visible.
        low, high = min(values) // 50 * 50 - 50, -(-max(values) // 50) * 50 + 50
        self.chart.set_series([Series(tr("Rating"), points)], y_range=(low, high),
                              # Translators: the rating chart's axis: the n-th game ("game 12").
                              x_format=lambda v: tr("game {number}").format(number=f"{v:.0f}"),
                              y_format=lambda v: f"{v:.0f}")

    def row_of(self, user: str) -> int | None:
        return next((i for i, r in enumerate(self.rows) if r["user"] == user), None)

    def _profile_row(self, row: int, column: int) -> None:
        if column == 1 and 0 <= row < len(self.rows):  # the name, as a link would be
            self.profile_wanted.emit(self.rows[row]["user"])
