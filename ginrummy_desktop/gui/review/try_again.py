""""Try again": a reviewed moment played on as practice, in a window of its own.

The window holds its own table (a ``GinScreen`` or a ``CribbageTable``) playing the match that
``engine.review.practice`` sets up: the recorded cards, every move before the decision already
made. Nothing connects it to the app's storage, so the game is never autosaved, rated or
counted in the statistics; closing the window ends it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ginrummy_desktop.engine.review.practice import cribbage_practice, gin_practice
from ginrummy_desktop.engine.translation import mark, tr
from ginrummy_desktop.engine.wording import YOU
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
        self.controller: Any = None
        if self.game == "gin":
            from ginrummy_desktop.engine.gin import GIN_PRESETS
            from ginrummy_desktop.gui.gin.controller import MatchSetup
            from ginrummy_desktop.gui.gin.opponents import default_opponent
            from ginrummy_desktop.gui.gin.screen import GinScreen

            gin_match = gin_practice(record, seat, step)
            preset = record.get("rules", {}).get("preset")
            setup = MatchSetup(preset=preset if preset in GIN_PRESETS else "classic",
                               opponent=opponent or default_opponent(), practice=True)
            self.screen: Any = GinScreen(renderer, "fast", parent=self)
            self.screen.on_rematch = self._end  # a rematch of a practice moment: nothing
            self.screen.on_new_opponent = self._end
            self.screen.start_session(gin_match, setup)
            self.controller = self.screen.controller
        else:
            from ginrummy_desktop.gui.cribbage.opponents import default_opponent as crib_default
            from ginrummy_desktop.gui.cribbage.table import CribbageTable

            crib_match = cribbage_practice(record, step)
            opponent_name = tr("Opponent")
            names = (YOU, opponent_name) if seat == 0 else (opponent_name, YOU)
            self.screen = CribbageTable(self, opponent=opponent or crib_default(),
                                        match=crib_match, renderer=renderer, speed="fast",
                                        names=names)
            self.controller = self.screen.controller
            if seat != 0:
                self.controller.start(crib_match, human_seat=seat)
        layout.addWidget(self.screen, 1)
        self.resize(1000, 700)

    def _end(self) -> None:
        self.close()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.controller.stop()
        super().closeEvent(event)
