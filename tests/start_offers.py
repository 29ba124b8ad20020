"""Answer the question the window asks at start (resume offer, after-match offer) with a real
mouse click on one of its buttons."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest


def start_offer(qtbot, window):
    """The start question, once it is on screen (the window is shown for it)."""
    window.show()
    qtbot.waitUntil(lambda: getattr(window, "start_offer", None) is not None
                    and window.start_offer.isVisible(), timeout=10_000)
    return window.start_offer


def answer_start_offer(qtbot, window, label: str) -> str:
    """Click ``label`` ("Resume", "New match", "Rematch"); returns the question's text."""
    box = start_offer(qtbot, window)
    text = box.text()
    (button,) = [b for b in box.buttons() if b.text() == label]
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not box.isVisible())
    return text
