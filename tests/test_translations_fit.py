"""Text must fit in every language (issue 42): each main screen at 800x600, in English, German,
French and Spanish, has no label or button whose words are cut off.

A widget's text is cut off when the widget is narrower than the text needs: a one-line label
narrower than its longest line, a word-wrapped label shorter than its wrapped height, a push
button narrower than its words, a check box narrower than its size hint. The pictures in
docs/screenshots/<language>/ are looked at too; this test catches the cut-offs a layout change
brings back.
"""

from __future__ import annotations

import pytest
from PySide6 import QtGui
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import QAbstractButton, QLabel, QPushButton, QWidget

from ginrummy_desktop.engine import translation
from ginrummy_desktop.gui.scenes import SCENES, load_scene_modules, settle_scene

MAIN_SCREENS = ("gin-mid-hand", "gin-end-of-hand", "gin-match-over", "cribbage-play",
                "cribbage-show", "cribbage-over", "stats-summary", "stats-records",
                "preferences", "preferences-player", "preferences-gin", "new-gin-match",
                "new-cribbage-game", "first-run", "resume", "review-gin", "review-cribbage",
                "lesson-gin", "lesson-cribbage", "online-signin", "online-lobby")
LANGUAGES = sorted(translation.LANGUAGES)


def cut_off(widget: QWidget) -> str | None:
    """What of ``widget``'s text does not fit, or None."""
    if isinstance(widget, QLabel) and widget.text() and widget.pixmap().isNull():
        if widget.textFormat() == Qt.TextFormat.RichText or QtGui.Qt.mightBeRichText(widget.text()):
            return None  # rich text lays itself out; checked by eye in the screenshots
        if widget.wordWrap():
            needed = widget.heightForWidth(widget.width())
            return f"needs {needed} px high, has {widget.height()}" \
                if needed > widget.height() + 1 else None
        text = widget.text()
        if widget.buddy() is not None:  # "&Name": the & marks the shortcut and is not drawn
            text = text.replace("&&", "\0").replace("&", "").replace("\0", "&")
        metrics = widget.fontMetrics()
        widest = max(metrics.horizontalAdvance(line) for line in text.split("\n"))
        room = widget.contentsRect().width() - 2 * max(widget.margin(), 0)
        return f"needs {widest} px wide, has {room}" if widest > room + 1 else None
    if isinstance(widget, QPushButton) and widget.text():
        # the words and a little air: a style's generous padding may shrink, the words not
        text = widget.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
        icon = widget.iconSize().width() + 4 if not widget.icon().isNull() else 0
        needed = widget.fontMetrics().horizontalAdvance(text) + icon + 6
        return f"needs {needed} px wide, has {widget.width()}" if needed > widget.width() + 1 \
            else None
    if isinstance(widget, QAbstractButton) and widget.text():  # check boxes, radio buttons
        needed = widget.sizeHint().width()
        return f"needs {needed} px wide, has {widget.width()}" if needed > widget.width() + 1 \
            else None
    return None


def shown_texts_cut_off(window: QWidget) -> list[str]:
    found = []
    for widget in [window, *window.findChildren(QWidget)]:
        if not widget.isVisible() or widget.width() <= 0:
            continue
        problem = cut_off(widget)
        if problem:
            text = widget.text() if isinstance(widget, (QLabel, QAbstractButton)) else ""
            found.append(f"{type(widget).__name__} {text!r}: {problem}")
    return found


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("scene", MAIN_SCREENS)
def test_no_words_are_cut_off_at_800x600(qtbot, english_after: None, scene: str,
                                         language: str) -> None:
    load_scene_modules()
    if scene not in SCENES:
        pytest.fail(f"no scene {scene!r}")
    translation.set_language(language)
    window = SCENES[scene]()
    qtbot.addWidget(window)
    window.resize(800, 600)
    window.show()
    settle_scene(window)
    try:
        assert shown_texts_cut_off(window) == []
    finally:
        window.close()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
