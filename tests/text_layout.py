"""Finds text a person cannot read whole: widget text wider than its widget, table cells and
column titles wider than their column, and graphics text items outside their panel or on top
of one another (used by the screenshot test)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetrics, QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QCheckBox,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QGraphicsView,
    QLabel,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QTableView,
    QWidget,
)

SLACK = 2  # px: anti-aliasing and rounding


def _plain(text: str, rich: bool) -> str:
    if not rich:
        return text
    document = QTextDocument()
    document.setHtml(text)
    return document.toPlainText()


def _without_mnemonic(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def _looks_rich(text: str) -> bool:
    return "<" in text and ">" in text  # what Qt's AutoText treats as rich, near enough


def _shown(widget: QWidget) -> bool:
    return widget.isVisible() and widget.width() > 0 and widget.height() > 0


def label_problems(label: QLabel) -> list[str]:
    text = label.text()
    if label.buddy() is not None:
        text = _without_mnemonic(text)
    if not text or not _shown(label) or label.wordWrap() or not label.pixmap().isNull():
        return []
    rich = label.textFormat() == Qt.TextFormat.RichText or (
        label.textFormat() == Qt.TextFormat.AutoText and _looks_rich(text))
    metrics = label.fontMetrics()
    room = label.contentsRect().width() - 2 * label.margin() - label.indent() * 0
    problems = []
    for line in _plain(text, rich).splitlines():
        needed = metrics.horizontalAdvance(line)
        if line.strip() and needed > room + SLACK:
            problems.append(f"label {label.objectName() or line[:30]!r} clipped: "
                            f"{needed}px of text in {room}px")
    return problems


def button_problems(button: QAbstractButton) -> list[str]:
    text = _without_mnemonic(button.text())
    if not text or not _shown(button):
        return []
    needed = button.fontMetrics().horizontalAdvance(text)
    if isinstance(button, (QCheckBox, QRadioButton)):
        needed += 20  # the indicator
    elif isinstance(button, QPushButton) and not button.icon().isNull():
        needed += button.iconSize().width()
    if needed > button.width() + SLACK:
        return [f"button {text!r} clipped: {needed}px of text in {button.width()}px"]
    return []


def scroll_area_problems(area: QScrollArea) -> list[str]:
    """A page wider than the scroll area showing it, with no scroll bar to reach the rest."""
    page = area.widget()
    if page is None or not _shown(area) or area.horizontalScrollBar().isVisible():
        return []
    room = area.viewport().width()
    if page.width() > room + SLACK:
        return [f"page {page.objectName() or type(page).__name__!r} cut off: {page.width()}px "
                f"wide in {room}px"]
    return []


CELL_PADDING = 6  # px: the item delegate's margins either side of a cell's text


def table_problems(table: QTableView) -> list[str]:
    """Cells of the rows on screen, and the column titles, that do not fit their column."""
    model = table.model()
    if model is None or not _shown(table):
        return []
    problems = []
    metrics = table.fontMetrics()
    header = table.horizontalHeader()
    columns = [c for c in range(model.columnCount()) if not table.isColumnHidden(c)]
    width = table.viewport().width()
    for column in columns:  # a column scrolled out of sight: only a scroll bar shows it
        right = header.sectionViewportPosition(column) + header.sectionSize(column)
        if right > width + SLACK:
            title = str(model.headerData(column, Qt.Orientation.Horizontal) or column)
            problems.append(f"column {title!r} ends at {right}px, past the table's {width}px")
    if header.isVisible():
        for column in columns:
            title = str(model.headerData(column, Qt.Orientation.Horizontal) or "")
            needed = header.fontMetrics().horizontalAdvance(title) + CELL_PADDING
            if title and needed > header.sectionSize(column) + SLACK:
                problems.append(f"column title {title!r} clipped: {needed}px in "
                                f"{header.sectionSize(column)}px")
    first = table.rowAt(0)
    last = table.rowAt(table.viewport().height() - 1)
    last = model.rowCount() - 1 if last < 0 else last
    for row in range(max(0, first), last + 1):
        for column in columns:
            index = model.index(row, column)
            text = str(index.data() or "")
            if not text or table.columnSpan(row, column) < 1:
                continue
            span = range(column, column + max(1, table.columnSpan(row, column)))
            room = sum(table.columnWidth(c) for c in span)
            font = index.data(Qt.ItemDataRole.FontRole)
            cell_metrics = QFontMetrics(font) if font is not None else metrics
            advance = cell_metrics.horizontalAdvance(text)
            if table.wordWrap() and advance + CELL_PADDING > room + SLACK:
                # A wrapping table: whole words on as many lines as the row is tall.
                wrapped = cell_metrics.boundingRect(
                    0, 0, max(1, room - CELL_PADDING), 10_000, Qt.TextFlag.TextWordWrap, text)
                if wrapped.width() <= room - CELL_PADDING + SLACK and \
                        wrapped.height() <= table.rowHeight(row) + SLACK:
                    continue
            if advance + CELL_PADDING > room + SLACK:
                problems.append(f"cell {text[:30]!r} clipped: {advance}px of text in "
                                f"{room}px")
    return problems


def _text_items(view: QGraphicsView) -> list:
    items = [item for item in view.scene().items()
             if isinstance(item, (QGraphicsTextItem, QGraphicsSimpleTextItem))
             and item.isVisible() and item.effectiveOpacity() > 0.05]
    return [item for item in items if _item_text(item).strip()]


def _item_text(item) -> str:
    return item.toPlainText() if isinstance(item, QGraphicsTextItem) else item.text()


def scene_problems(view: QGraphicsView) -> list[str]:
    if view.scene() is None or not _shown(view):
        return []
    problems = []
    area = view.mapToScene(view.viewport().rect()).boundingRect()
    boxes: list[tuple[str, QRectF]] = []
    for item in _text_items(view):
        box = item.sceneBoundingRect()
        name = _item_text(item)[:30]
        parent = item.parentItem()
        bounds = parent.sceneBoundingRect() if parent is not None else area
        if not bounds.adjusted(-SLACK, -SLACK, SLACK, SLACK).contains(box):
            problems.append(f"text {name!r} outside its {'panel' if parent else 'view'}")
        boxes.append((name, box.adjusted(SLACK, SLACK, -SLACK, -SLACK)))
    for index, (name, box) in enumerate(boxes):
        for other, other_box in boxes[index + 1:]:
            if box.intersects(other_box):
                problems.append(f"text {name!r} overlaps {other!r}")
    return problems


def text_problems(top: QWidget) -> list[str]:
    """Every clipped or overlapping text under ``top`` (widgets and graphics scenes)."""
    problems: list[str] = []
    widgets = [top, *top.findChildren(QWidget)]
    for widget in widgets:
        if not widget.isVisibleTo(top) and widget is not top:
            continue
        if isinstance(widget, QLabel):
            problems += label_problems(widget)
        elif isinstance(widget, QAbstractButton):
            problems += button_problems(widget)
        elif isinstance(widget, QGraphicsView):
            problems += scene_problems(widget)
        elif isinstance(widget, QTableView):
            problems += table_problems(widget)
        elif isinstance(widget, QScrollArea):
            problems += scroll_area_problems(widget)
    return problems
