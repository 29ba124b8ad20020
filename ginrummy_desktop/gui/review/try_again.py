""""Try again": a reviewed moment played on as practice, in a window of its own.

The window holds its own table (the game registration's ``practice_table``: gin's
``GinScreen``, cribbage's ``CribbageTable``) playing the match that
``engine.review.practice`` sets up: the recorded cards, every move before the decision already
made. Nothing connects it to the app's storage, so the game is never autosaved, rated or
counted in the statistics; closing the window ends it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ginrummy_desktop.engine.review.practice import practice
from ginrummy_desktop.engine.translation import mark, tr
from ginrummy_desktop.engine.wording import YOU
from ginrummy_desktop.gui.game_registry import PracticeTable, find_gui_game
from ginrummy_desktop.gui.table.card_renderer import CardRenderer

BANNER = mark("Practice from the review: not rated, not counted in statistics")  # shown: tr()


class TryAgainWindow(QWidget):
    """Play ``record`` on from action ``step`` as ``seat`` against the bot ``opponent``."""

    def __init__(self, record: dict[str, Any], seat: int, step: int,
                 opponent: str | None = None, renderer: CardRenderer | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window)
        self.setWindowTitle(tr("Try again (practice)"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.banner = QLabel(tr(BANNER))
        self.banner.setWordWrap(True)
        self.banner.setObjectName("practiceBanner")
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.banner.setStyleSheet("background: #3d5a80; color: white; padding: 4px;")
        layout.addWidget(self.banner)
        renderer = renderer or CardRenderer()
        self.game = record.get("game")
        table = find_gui_game(self.game) if isinstance(self.game, str) else None
        if table is None or table.practice_table is None:
            raise ValueError(f"hands of {self.game!r} cannot be practised")
        session = practice(record, seat, step)
        opponent_name = tr("Opponent")
        names = (YOU, opponent_name) if seat == 0 else (opponent_name, YOU)
        self.screen: Any = table.practice_table(PracticeTable(
            session, record, seat, opponent, renderer, names, self, self._end))
        self.controller: Any = self.screen.controller
        layout.addWidget(self.screen, 1)
        self.resize(1000, 700)

    def _end(self) -> None:
        self.close()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.controller.stop()
        super().closeEvent(event)
