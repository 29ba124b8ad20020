"""The running gin score sheet as a side panel drawn like paper (View → Score sheet).

A column per player (per team in partnerships), a line per hand with the running total written
in the scorer's column and a red box line under it, the boxes as tally marks, and a ruled total
line; Hollywood shows three games side by side and greys a game out once it is won. Everything
on it comes from the engine's ``ScoreSheet`` (``engine/gin/score_sheet.py``): the widget lays
out the engine's figures and words and decides nothing. It reads the match through the
controller and rebuilds after every hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QPointF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.engine.gin.rules import GIN_PRESETS, preset_description
from ginrummy_desktop.engine.gin.score_sheet import (
    ALL_GAMES,
    BOXES_HEADING,
    HOLLYWOOD_NOTE,
    HOW_HEADING,
    NO_HANDS_YET,
    RUNNING_HEADING,
    SHEET_TITLE,
    TOTAL_HEADING,
    ScoreSheet,
    ScoreSheetBuilder,
    game_heading,
    game_short_heading,
    game_state_text,
    line_heading,
    row_words,
    side_label,
)
from ginrummy_desktop.engine.translation import tr, tr_n
from ginrummy_desktop.gui.table.controls_style import control_pixels

PAPER = "#fbf7e8"
INK = "#1d2a4d"
RULE = "#b5cbe6"  # the sheet's blue lines
MARGIN = "#d0473f"  # the red margin line after the hand numbers
BOX_INK = "#b3261e"  # box lines and tallies
CLOSED = "#ebe5cd"  # a Hollywood game already won
FADED = "#857f6a"


def boxes_text(count: int) -> str:
    """"1 box", "3 boxes" in the chosen language."""
    return tr_n("{count} box", "{count} boxes", count).format(count=count)


class TallyMarks(QWidget):
    """Box counts drawn as gate tallies (four strokes, the fifth across them)."""

    def __init__(self, count: int, pixels: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.count = count
        self.pixels = pixels
        text = boxes_text(count)
        self.setAccessibleName(text)
        self.setToolTip(text)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def _step(self) -> float:
        return max(3.0, self.pixels * 0.32)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        step = self._step()
        groups = -(-self.count // 5)
        width = int(groups * step * 5.5) + 2 if self.count else 2
        return QSize(width, int(self.pixels * 1.1))

    def paintEvent(self, _event: Any) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(BOX_INK), max(1.2, self.pixels / 10)))
        step, top, bottom = self._step(), self.height() * 0.15, self.height() * 0.85
        for group in range(-(-self.count // 5)):
            left = 1 + group * step * 5.5
            strokes = min(4, self.count - group * 5)
            for stroke in range(strokes):
                x = left + stroke * step
                painter.drawLine(QPointF(x, top), QPointF(x, bottom))
            if self.count - group * 5 >= 5:
                painter.drawLine(QPointF(left - step * 0.5, bottom - 1),
                                 QPointF(left + step * 3.5, top + 1))
        painter.end()


def _cell_style(pixels: int, *, compact: bool = False, bold: bool = False, boxed: bool = False,
                closed: bool = False, top_rule: bool = False, margin: bool = False,
                divider: str = "", faded: bool = False, small: bool = False, ruled: bool = True,
                heading: bool = False) -> str:
    bottom = f"2px solid {BOX_INK}" if boxed else f"2px solid {INK}" if heading \
        else f"1px solid {RULE}" if ruled else "0px solid transparent"
    rules = [f"color: {FADED if faded else INK};",
             f"font-size: {max(10, pixels - 2) if small else pixels}px;",
             "padding: 1px 3px;" if compact else "padding: 2px 6px;",
             "border: 0px solid transparent;",  # else Qt draws no single-side border
             f"border-bottom: {bottom};"]
    if bold or boxed:
        rules.append("font-weight: bold;")
    if closed:
        rules.append(f"background: {CLOSED};")
    if top_rule:
        rules.append(f"border-top: 3px double {INK};")
    if margin:
        rules.append(f"border-right: 2px solid {MARGIN};")
    if divider:
        rules.append(f"border-left: {divider};")
    return "QLabel { " + " ".join(rules) + " }"


class ScoreSheetView(QScrollArea):
    """The sheet on paper, in a scroll area (Up/Down and Page Up/Down scroll it).

    Columns: the hand number, how the hand ended, then each side's game columns (three on a
    Hollywood sheet). When the panel is narrow (800x600) the words of each hand move to a line
    of their own above its numbers, so the numbers keep their room."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setAccessibleName(tr(SHEET_TITLE))
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.pixels = 13
        self.compact = False
        self.sheet: ScoreSheet | None = None
        self.names: dict[int, str] = {}
        self.problem = ""
        paper = QFrame()
        paper.setObjectName("scoreSheetPaper")
        paper.setStyleSheet(f"QFrame#scoreSheetPaper {{ background: {PAPER}; }}")
        outer = QVBoxLayout(paper)
        outer.setContentsMargins(8, 4, 8, 10)
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(0)
        self.grid.setVerticalSpacing(0)
        outer.addLayout(self.grid)
        outer.addStretch(1)
        self.paper = paper
        self.paper_layout = outer
        self.setWidget(paper)

    def set_font_pixels(self, pixels: int) -> None:
        if pixels != self.pixels:
            self.pixels = pixels
            self._rebuild()

    def _wants_compact(self, width: int) -> bool:
        """True when a column of words (at least 16 characters wide) would not fit beside
        the hand numbers and the number columns."""
        sheet = self.sheet
        if sheet is None:
            return False
        font = QFont(self.font())
        font.setPixelSize(self.pixels)
        font.setBold(True)
        metrics = QFontMetrics(font)
        games = len(sheet.games)
        numbers = 0.0
        for side in range(sheet.sides):
            name = metrics.horizontalAdvance(side_label(sheet, side, self.names)) + 12
            numbers += max(name / games, metrics.horizontalAdvance("0000") + 12) * games
        return width < numbers + metrics.horizontalAdvance("Hand") * 6  # a measure, not shown

    def set_compact(self, width: int) -> None:
        """Words on their own lines when ``width`` is too narrow for a column of them."""
        compact = self._wants_compact(width)
        if compact != self.compact:
            self.compact = compact
            self._rebuild()

    def show_sheet(self, sheet: ScoreSheet | None, names: Mapping[int, str],
                   problem: str = "") -> None:
        """Lay out ``sheet`` (None: no match) naming seats by ``names``; ``problem``: why the
        match's records could not be read (shown instead of a sheet)."""
        self.sheet, self.names, self.problem = sheet, dict(names), problem
        self.compact = self._wants_compact(self.viewport().width())  # this sheet's columns
        self._rebuild()

    def labels(self) -> list[str]:
        """Every text on the sheet, top to bottom (what a screen reader walks through)."""
        found = []
        for index in range(self.grid.count()):
            item = self.grid.itemAt(index)
            widget = item.widget() if item is not None else None
            if isinstance(widget, QLabel) and widget.text():
                found.append(widget.text())
        return found

    # -- layout ------------------------------------------------------------------------------

    def _label(self, text: str, row: int, column: int, span: int = 1, *, number: bool = False,
               wrap: bool = False, name: str = "", rows: int = 1, **style: Any) -> QLabel:
        label = QLabel(text, self.paper)
        label.setStyleSheet(_cell_style(self.pixels, compact=self.compact, **style))
        label.setWordWrap(wrap)
        label.setTextFormat(Qt.TextFormat.PlainText)
        horizontal = Qt.AlignmentFlag.AlignRight if number else Qt.AlignmentFlag.AlignLeft
        label.setAlignment(horizontal | Qt.AlignmentFlag.AlignVCenter)
        if name:
            label.setAccessibleName(name)
            label.setToolTip(name)
        label.ensurePolished()  # its style's font counts in the sizes measured before it shows
        self.grid.addWidget(label, row, column, rows, span)
        label.show()  # now, not from the event loop: the layout counts only shown widgets
        return label

    def _clear(self) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        for column in range(self.grid.columnCount()):
            self.grid.setColumnStretch(column, 0)

    def _column(self, game: int, side: int) -> int:
        assert self.sheet is not None
        return (1 if self.compact else 2) + side * len(self.sheet.games) + game

    def _divider(self, game: int, side: int) -> str:
        if game == 0:
            return f"2px solid {INK}" if side else ""
        return f"1px solid {RULE}"

    def _rebuild(self) -> None:
        self._clear()
        sheet, names = self.sheet, self.names
        if sheet is None:
            self._label(self.problem or tr(NO_HANDS_YET), 0, 0, 2, wrap=True, faded=True)
            self.grid.setColumnStretch(1, 1)
            return
        sides, games = sheet.sides, len(sheet.games)
        words_column = 0 if self.compact else 1
        last = self._column(games - 1, sides - 1)
        preset = GIN_PRESETS.get(sheet.rules.preset)
        rules_text = preset_description(sheet.rules.preset) if sheet.rules == preset \
            else sheet.rules.describe()
        self._label(rules_text, 0, 0, last + 1, wrap=True, faded=True, small=True)
        row = 1
        if games > 1:
            self._label(tr(HOLLYWOOD_NOTE), row, 0, last + 1, wrap=True, faded=True, small=True)
            row += 1
            for sheet_game in sheet.games:  # which games are closed, in words
                state = game_state_text(sheet, sheet_game, names)
                if state:
                    # Translators: a Hollywood game and who won it: "Game 2: won by you".
                    self._label(tr("{game}: {state}").format(game=game_heading(sheet, sheet_game),
                                                             state=state),
                                row, 0, last + 1, wrap=True, small=True, bold=True)
                    row += 1
        row = self._headings(sheet, row)
        if not sheet.rows:
            self._label(tr(NO_HANDS_YET), row, words_column, last + 1 - words_column, faded=True,
                        wrap=True)
            row += 1
        closed_at = [len(sheet.rows) + 1] * games  # the line after which a game is closed
        for line in sheet.rows:
            for game, winner in enumerate(line.closed):
                if winner is not None:
                    closed_at[game] = line.number
        for line in sheet.rows:
            words = row_words(sheet, line, names)
            if self.compact:  # the number spans both lines; the words sit above the numbers
                self._label(str(line.number), row, 0, number=True, margin=True, rows=2,
                            faded=not line.complete)
                self._label(words, row, 1, last, wrap=True, small=True, faded=True,
                            ruled=False)
                row += 1
            else:
                self._label(str(line.number), row, 0, number=True, margin=True,
                            faded=not line.complete)
                self._label(words, row, 1, wrap=True, small=True, faded=not line.complete)
            for game in range(games):
                for side in range(sides):
                    written = line.entries[game][side]
                    text, name = "", ""
                    if written is not None:
                        total = line.totals[game][side]
                        text = str(total)
                        heading = game_heading(sheet, sheet.games[game])
                        # Translators: a score sheet cell for screen readers: "Ann: +18,
                        # 43 in Game to 100".
                        name = tr("{side}: +{points}, {total} in {game}").format(
                            side=side_label(sheet, side, names), points=written, total=total,
                            game=heading)
                    self._label(text, row, self._column(game, side), number=True, name=name,
                                boxed=line.boxes[game] == side and written is not None,
                                closed=line.number > closed_at[game],
                                divider=self._divider(game, side))
            row += 1
        row = self._boxes_row(sheet, row)
        self._totals(sheet, row)
        if self.compact:  # the room left goes to the numbers alike
            for column in range(1, last + 1):
                self.grid.setColumnStretch(column, 1)
        else:
            self.grid.setColumnStretch(words_column, 1)

    def _headings(self, sheet: ScoreSheet, row: int) -> int:
        """A one-game sheet: the game, then the players. Hollywood: each player over their
        three game columns."""
        names, sides, games = self.names, sheet.sides, len(sheet.games)
        if games == 1:
            (game,) = sheet.games
            self._label(game_heading(sheet, game), row, self._column(0, 0), sides, bold=True,
                        number=True)
        else:
            for side in range(sides):
                self._label(side_label(sheet, side, names), row, self._column(0, side), games,
                            bold=True, wrap=True, number=True, divider=self._divider(0, side))
        row += 1
        self._label(line_heading(sheet), row, 0, bold=True, margin=True, heading=True)
        if not self.compact:
            self._label(tr(HOW_HEADING), row, 1, bold=True, heading=True)
        for side in range(sides):
            for game in sheet.games:
                if games == 1:
                    text, name = side_label(sheet, side, names), ""
                else:
                    state = game_state_text(sheet, game, names)
                    text = game_short_heading(game)
                    name = tr("{game}, {state}").format(game=game_heading(sheet, game),
                                                        state=state) if state \
                        else game_heading(sheet, game)
                self._label(text, row, self._column(game.number - 1, side), bold=True,
                            wrap=games == 1, number=True, name=name, heading=True,
                            closed=game.winner is not None,
                            divider=self._divider(game.number - 1, side))
        return row + 1

    def _boxes_row(self, sheet: ScoreSheet, row: int) -> int:
        self._label("" if not self.compact else tr(BOXES_HEADING), row, 0, margin=True,
                    bold=True)
        if not self.compact:
            self._label(tr(BOXES_HEADING), row, 1, bold=True)
        for game in sheet.games:
            for side in range(sheet.sides):
                count = game.boxes[side]
                cell = QWidget(self.paper)
                cell.setObjectName("tallyCell")
                cell.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
                border = self._divider(game.number - 1, side)
                cell.setStyleSheet(
                    f"QWidget#tallyCell {{ border: 0px solid transparent;"
                    f" border-bottom: 1px solid {RULE};"
                    + (f" border-left: {border};" if border else "") + " }")
                box = QHBoxLayout(cell)
                box.setContentsMargins(3, 2, 3, 2)
                box.setSpacing(3)
                box.addStretch(1)
                if len(sheet.games) == 1:  # three games' tallies would not fit their columns
                    box.addWidget(TallyMarks(count, self.pixels, cell))
                digits = QLabel(str(count))
                digits.setStyleSheet(f"QLabel {{ color: {BOX_INK}; font-size: {self.pixels}px;"
                                     " font-weight: bold; }")
                digits.setAccessibleName(boxes_text(count))
                digits.setToolTip(boxes_text(count))
                digits.ensurePolished()
                box.addWidget(digits)
                self.grid.addWidget(cell, row, self._column(game.number - 1, side))
                cell.show()
        return row + 1

    def _totals(self, sheet: ScoreSheet, row: int) -> int:
        """The ruled total line: the running totals, or each game's final lines once the
        match is over (hand points, boxes, game bonus, shutout, the total)."""
        sides = sheet.sides
        label_span = 1 if self.compact else 2
        if not sheet.over:
            # A narrow sheet writes "Total" as paper does, so the hand numbers' column stays
            # narrow; the double rule marks it as the running total either way.
            heading = tr(TOTAL_HEADING) if self.compact else tr(RUNNING_HEADING)
            self._label(heading, row, 0, label_span, bold=True, top_rule=True,
                        wrap=True)
            for game in sheet.games:
                for side in range(sides):
                    self._label(str(game.scores[side]), row, self._column(game.number - 1, side),
                                number=True, bold=True, top_rule=True,
                                divider=self._divider(game.number - 1, side))
            row += 1
            return self._match_line(sheet, tr(RUNNING_HEADING), row)
        labels: list[str] = []
        for game in sheet.games:
            labels += [line.label for line in game.lines if line.label not in labels]
        for index, label in enumerate(labels):
            self._label(label, row, 0, label_span, top_rule=index == 0, wrap=True, small=True)
            for game in sheet.games:
                points = next((line.points for line in game.lines if line.label == label),
                              (None,) * sides)
                for side in range(sides):
                    value = points[side]
                    self._label("" if value is None else str(value), row,
                                self._column(game.number - 1, side), number=True,
                                top_rule=index == 0, divider=self._divider(game.number - 1, side))
            row += 1
        self._label(tr(TOTAL_HEADING), row, 0, label_span, bold=True, top_rule=True)
        for game in sheet.games:
            for side in range(sides):
                total = game.totals[side] if game.totals is not None else 0
                self._label(str(total), row, self._column(game.number - 1, side), number=True,
                            bold=True, top_rule=True, divider=self._divider(game.number - 1, side))
        return self._match_line(sheet, tr(TOTAL_HEADING), row + 1)

    def _match_line(self, sheet: ScoreSheet, heading: str, row: int) -> int:
        """Hollywood: the three games added up, per player, under the sheet."""
        if len(sheet.games) == 1:
            return row
        parts = [f"{side_label(sheet, side, self.names)} {sheet.totals[side]}"
                 for side in range(sheet.sides)]
        # Translators: under a Hollywood sheet: "Running total, all games: Ann 40 · Bo 12".
        self._label(tr("{heading}, {all_games}: {totals}").format(
            heading=heading, all_games=tr(ALL_GAMES), totals="  ·  ".join(parts)), row, 0,
                    self._column(len(sheet.games) - 1, sheet.sides - 1) + 1, bold=True,
                    wrap=True, ruled=False)
        return row + 1


class ScoreSheetPanel(QFrame):
    """The sheet as a side panel beside the table; it follows the controller's match."""

    def __init__(self, controller: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scoreSheetPanel")
        self.setAccessibleName(tr(SHEET_TITLE))
        self.setStyleSheet(f"QFrame#scoreSheetPanel {{ background: {PAPER}; }}")
        self.controller = controller
        self.title = QLabel(tr(SHEET_TITLE), self)
        self.close_button = QToolButton(self)
        self.close_button.setText("×")
        self.close_button.setAccessibleName(tr("Close the score sheet"))
        self.close_button.setAutoRaise(True)
        self.close_button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.view = ScoreSheetView(self)
        header = QHBoxLayout()
        header.setContentsMargins(10, 6, 4, 0)
        header.addWidget(self.title, 1)
        header.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(header)
        layout.addWidget(self.view, 1)
        self.setFocusProxy(self.view)
        self._style_header(13)
        self._builder: ScoreSheetBuilder | None = None
        self._last_commitment: str | None = None
        controller.hand_over.connect(lambda _result: self.refresh())
        controller.match_over.connect(self.refresh)
        controller.changed.connect(self.refresh)

    def needed_width(self) -> int:
        """The width the sheet's columns need at least (its narrow layout, at its text size);
        the panel is never made narrower."""
        self.view.set_compact(0)
        self.view.paper_layout.activate()
        needed = self.view.paper.minimumSizeHint().width() \
            + self.view.verticalScrollBar().sizeHint().width() + 2 * self.view.frameWidth()
        self.view.set_compact(self.view.viewport().width())
        return needed

    def preferred_width(self, window_width: int) -> int:
        """About a third of the window, never narrower than the columns need (a Hollywood
        sheet has six) nor wider than half the window (the cards keep the rest)."""
        return min(window_width // 2, max(self.minimumWidth(), window_width * 34 // 100))

    def _style_header(self, pixels: int) -> None:
        self.title.setStyleSheet(f"QLabel {{ color: {INK}; font-weight: bold; "
                                 f"font-size: {pixels + 1}px; }}")
        self.close_button.setStyleSheet(f"QToolButton {{ color: {INK}; font-size: {pixels + 4}px;"
                                        " padding: 0px 6px; }")

    def sheet(self) -> ScoreSheet | None:
        return self.view.sheet

    def refresh(self, force: bool = False) -> None:
        """Bring the sheet up to the match's last hand (only new hands are added; ``force``:
        lay it out again even when no hand was added, e.g. for new names)."""
        if self.isHidden():
            return  # it is brought up to date when it is shown
        session = getattr(self.controller, "session", None)
        records_of = getattr(session, "hand_records", None)
        if session is None or records_of is None:
            self._builder = None
            self.view.show_sheet(None, {})
            return
        records = records_of()
        builder = self._builder
        if builder is None or session.rules != builder.rules or (
                builder.records and (len(records) < builder.records or records[
                    builder.records - 1].get("commitment") != self._last_commitment)):
            builder = ScoreSheetBuilder(session.rules)  # another match, or hands undone
        elif builder.records == len(records) and not force:
            return  # nothing new
        try:
            builder.add_all(records[builder.records:])
        except (ValueError, KeyError, TypeError) as error:
            self._builder = None
            self.view.show_sheet(None, {}, tr("This match's hand records cannot be read: "
                                              "{error}").format(error=error))
            return
        self._builder = builder
        self._last_commitment = records[-1].get("commitment") if records else None
        self.view.show_sheet(builder.sheet(), self.controller.seat_names())
        self.setMinimumWidth(self.needed_width())

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self.refresh(force=True)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        pixels = control_pixels(self.height())  # as the table's bar and status line grow
        if pixels != self.view.pixels:
            self._style_header(pixels)
            self.view.set_font_pixels(pixels)
            self.setMinimumWidth(self.needed_width())
        self.view.set_compact(self.view.viewport().width())
