"""Temporary re-export (issue 42): the charts moved to ``gui/common/charts.py``.

Kept only while ``gui/stats/window.py`` (other work in progress) still imports this path.
"""

from ginrummy_desktop.gui.common.charts import (
    OPPONENT_COLOUR,
    PLAYER_COLOUR,
    BarChart,
    LineChart,
    Series,
    bucket_counts,
    rule_lines,
)

__all__ = ["OPPONENT_COLOUR", "PLAYER_COLOUR", "BarChart", "LineChart", "Series",
           "bucket_counts", "rule_lines"]
