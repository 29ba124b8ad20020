"""The accuracy trend chart: the accuracy of the last reviews, one point per review."""

from __future__ import annotations

from ginrummy_desktop.engine.translation import percent, tr, tr_n
from ginrummy_desktop.gui.common.charts import LineChart, Series
from ginrummy_desktop.gui.review.history import ReviewHistory

SHOWN = 20  # the newest reviews on the chart


class AccuracyTrend(LineChart):
    """``load(game)`` reads ``history`` (the app's own by default) and draws it."""

    def __init__(self, history: ReviewHistory | None = None) -> None:
        super().__init__(tr_n("Accuracy of your reviews (last {count})",
                              "Accuracy of your reviews (last {count})", SHOWN).format(
                                  count=SHOWN))
        self.setObjectName("accuracyTrend")
        # Translators: "Game → Review last hand…" names the menu and its item.
        self.empty_text = tr("Review a hand (Game → Review last hand…)\nto start this trend.")
        self.history = history
        self.load()

    def load(self, game: str | None = None) -> None:
        history = self.history if self.history is not None else ReviewHistory()
        entries = history.entries(game)[-SHOWN:]
        points = [(float(i + 1), item["accuracy"] / 100) for i, item in enumerate(entries)]
        self.set_series([Series(tr("Accuracy"), points)], y_range=(0.0, 1.0),
                        y_format=lambda v: percent(v * 100), x_format=lambda v: f"{v:.0f}")
