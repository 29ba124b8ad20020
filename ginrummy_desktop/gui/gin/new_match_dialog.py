"""The "New Gin Rummy match" dialog: choose an opponent (emblem, style, strength) and rules.

Every preset of ``GIN_PRESETS`` is offered. Three-player gin and partnerships need more computer
players: the list picks the first opponent, and the rows that appear under the rules pick the
others (three-player: a second opponent; partnership: the person's partner and the second
opponent). The rules combo keeps its items short and explains the chosen preset below it, so
the dialog fits an 800x600 screen.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QSizePolicy, QWidget

from ginrummy_desktop.engine.gin.rules import GIN_PRESETS, PRESET_NOTES, format_text
from ginrummy_desktop.gui.gin.controller import MatchSetup
from ginrummy_desktop.gui.gin.opponents import companions, default_opponent, list_opponents
from ginrummy_desktop.gui.shell.opponent_picker import NewGameDialog

# Every preset is playable at the table (two, three and four players).
TABLE_PRESETS = tuple(GIN_PRESETS)

# The extra computer seats each player count needs, by label (seat 2, then seat 3).
EXTRA_SEATS = {2: (), 3: ("Second opponent:",), 4: ("Your partner:", "Second opponent:")}


def preset_title(name: str) -> str:
    """A preset's short combo text: "Three-player — Three players, the dealer sits out"."""
    return f"{name.capitalize()} — {PRESET_NOTES.get(name, name)}"


class WrappedLabel(QLabel):
    """A word-wrapped label exactly as tall as its lines at the width it is given (a form
    layout sizes a wrapped label for some narrower width: gaps above and below, or clipping)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        super().setText(text)
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        width = self.contentsRect().width()
        if width <= 50:
            return
        wrapped = self.fontMetrics().boundingRect(QRect(0, 0, width, 10_000),
                                                  Qt.TextFlag.TextWordWrap, self.text())
        margins = self.contentsMargins()
        height = wrapped.height() + margins.top() + margins.bottom() + 2
        if height != self.height():
            self.setFixedHeight(height)


class NewMatchDialog(NewGameDialog):
    """Pick opponent and preset; ``setup()`` gives the chosen ``MatchSetup``."""

    def __init__(self, current: MatchSetup | None = None, parent: QWidget | None = None) -> None:
        current = current or MatchSetup(opponent=default_opponent())
        super().__init__("New Gin Rummy match", list_opponents(), current.opponent, parent)
        self.preset = QComboBox(self)
        self.preset.setAccessibleName("Rules preset")
        for name in TABLE_PRESETS:
            self.preset.addItem(preset_title(name), name)
        self.preset.setCurrentIndex(max(0, self.preset.findData(current.preset)))
        self.form.addRow("Rules:", self.preset)
        self.description = WrappedLabel(self)
        self.description.setAccessibleName("Rules of the chosen preset")
        self.form.addRow("", self.description)
        self.seat_boxes: list[QComboBox] = []
        self.seat_labels: list[QLabel] = []
        opponents = list_opponents()
        chosen = list(current.others)
        for index in range(2):
            box = QComboBox(self)
            for info in reversed(opponents):  # strongest first
                box.addItem(f"{info.name} ({info.rating})", info.bot_id)
            label = QLabel(self)
            box.setAccessibleName(f"Computer player {index + 2}")
            self.form.addRow(label, box)
            self.seat_boxes.append(box)
            self.seat_labels.append(label)
        self._chosen_others = chosen
        self.practice = QCheckBox("Practice game (undo allowed; marked so in statistics)", self)
        self.practice.setChecked(current.practice)
        self.form.addRow("", self.practice)
        self.preset.currentIndexChanged.connect(self._preset_changed)
        self.opponents.currentItemChanged.connect(lambda *_: self._fill_defaults())
        self._fill_defaults(keep=True)
        self._preset_changed()

    def players(self) -> int:
        return GIN_PRESETS[self.preset.currentData()].players

    def _fill_defaults(self, keep: bool = False) -> None:
        """The other seats: the ones chosen before (``keep``), else the strongest others; a
        seat that now holds the opponent chosen in the list gets another persona."""
        first = self.opponents.bot_id() or default_opponent()
        defaults = companions(first, 3)[1:]
        for index, box in enumerate(self.seat_boxes):
            if keep:
                wanted = self._chosen_others[index] if index < len(self._chosen_others) \
                    else defaults[index]
            elif box.currentData() == first:
                taken = [other.currentData() for other in self.seat_boxes]
                wanted = next((d for d in defaults if d not in taken), defaults[index])
            else:
                continue
            box.setCurrentIndex(max(0, box.findData(wanted)))

    def _preset_changed(self) -> None:
        name = self.preset.currentData()
        rules = GIN_PRESETS[name]
        sentences = [text for text in (format_text(rules), rules.describe().capitalize()) if text]
        self.description.setText(". ".join(sentences) + ".")
        labels = EXTRA_SEATS[self.players()]
        for index, (box, label) in enumerate(zip(self.seat_boxes, self.seat_labels,
                                                 strict=True)):
            shown = index < len(labels)
            box.setVisible(shown)
            label.setVisible(shown)
            if shown:
                label.setText(labels[index])
                box.setAccessibleName(labels[index].rstrip(":"))

    def setup(self) -> MatchSetup:
        opponent = self.opponents.bot_id() or default_opponent()
        others = tuple(box.currentData() for box in self.seat_boxes[:self.players() - 2])
        return MatchSetup(preset=self.preset.currentData(), opponent=opponent,
                          practice=self.practice.isChecked(), others=others)
