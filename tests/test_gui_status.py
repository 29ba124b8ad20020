"""The status line's signs are glyphs the table's font has (no empty boxes)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtGui import QFontMetrics

from ginrummy_desktop.gui.table.status import _STYLES, StatusLine


@pytest.mark.parametrize("kind", sorted(_STYLES))
def test_every_prefix_sign_is_in_the_font(qtbot, kind):
    line = StatusLine()
    qtbot.addWidget(line)
    line.show_message("Draw from the stock", kind)
    metrics = QFontMetrics(line.font())
    prefix = line.text()[: -len("Draw from the stock")]
    missing = [c for c in prefix if not c.isascii() and not metrics.inFontUcs4(ord(c))]
    assert missing == [], f"{kind}: {missing} would show as an empty box"
    assert line.message == "Draw from the stock" and line.kind == kind
