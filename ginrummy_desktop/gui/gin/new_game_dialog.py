"""The "New Gin Rummy match" dialog: choose an opponent (emblem, style, strength) and rules.

Every preset of ``GIN_PRESETS`` is offered. Three-player gin and partnerships need more computer
players: the list picks the first opponent, and the rows that appear under the rules pick the
others (three-player: a second opponent; partnership: the person's partner and the second
opponent). The rules combo keeps its items short and explains the chosen preset below it, so
the dialog fits an 800x600 screen. The player's own changes to the preset (Preferences →
Gin Rummy) are kept while that preset is chosen and named in its item and description; "Play
to" sets the match length for this match.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QSizePolicy, QSpinBox, QWidget

from ginrummy_desktop.engine import translation
from ginrummy_desktop.engine.gin.rules import (
    GIN_PRESETS,
    PRESET_NOTES,
    PRESET_TITLES,
    GinRules,
    format_text,
    option_label,
)
from ginrummy_desktop.engine.translation import mark, tr, tr_ctx
from ginrummy_desktop.gui.common.opponent_picker import NewGameDialog
from ginrummy_desktop.gui.gin.controller import MatchSetup
from ginrummy_desktop.gui.gin.opponents import companions, default_opponent, list_opponents

# Every preset is playable at the table (two, three and four players).
TABLE_PRESETS = tuple(GIN_PRESETS)

# The extra computer seats each player count needs, by label (seat 2, then seat 3); shown
# with ``tr``.
EXTRA_SEATS = {2: (), 3: (mark("Second opponent:"),),
               4: (mark("Your partner:"), mark("Second opponent:"))}
# The combo's short preset names where they differ from the engine's titles ("Three-Player").
SHORT_TITLES = {"three-player": mark("Three-player")}


MAX_TARGET = 1000  # Preferences' limit for the game target


def preset_title(name: str, changed: bool = False) -> str:
    """A preset's short combo text: "Three-player — Three players, the dealer sits out"
    (``changed``: "Classic, your way — …" when the player changed some of its rules)."""
    if name in SHORT_TITLES:
        label = tr(SHORT_TITLES[name])
    elif name in PRESET_TITLES:
        label = tr(PRESET_TITLES[name])
    else:
        label = name.capitalize()
    if changed:
        label = tr("{preset}, your way").format(preset=label)
    note = tr(PRESET_NOTES[name]) if name in PRESET_NOTES else name
    # Translators: a rules preset's name and what it means, on one line.
    return tr("{label} — {note}").format(label=label, note=note)


def rule_changes(preset: str, rules: GinRules) -> dict[str, Any]:
    """The options of ``rules`` that differ from ``preset``'s (as settings overrides)."""
    base = GIN_PRESETS[preset]
    return {f.name: getattr(rules, f.name) for f in fields(rules)
            if f.name != "preset" and getattr(rules, f.name) != getattr(base, f.name)}


def changes_text(changes: dict[str, Any]) -> str:
    """"Changed from the preset: game target 10" (the option labels are the engine's)."""
    if not changes:
        return ""
    # German writes its nouns capitalised inside a sentence too; the others lower the label.
    def lowered(label: str) -> str:
        return label if translation.language() == "de" else label.lower()
    parts = [tr("{option} {value}").format(
        option=lowered(option_label(key)),
        value=tr_ctx("option value", "none") if value is None else value)
        for key, value in changes.items()]
    return tr("Changed from the preset: {changes}").format(changes=tr(", ").join(parts))


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
        super().__init__(tr("New Gin Rummy match"), list_opponents(), current.opponent, parent)
        # The player's changes belong to their preset: another preset is played as it is.
        self.own_preset = current.preset
        self.own_changes = {key: value for key, value in current.overrides.items()
                            if key != "target"}
        self.own_target = current.overrides.get("target")
        self.preset = QComboBox(self)
        self.preset.setAccessibleName(tr("Rules preset"))
        for name in TABLE_PRESETS:
            self.preset.addItem(preset_title(name, name == self.own_preset
                                             and bool(current.overrides)), name)
        self.preset.setCurrentIndex(max(0, self.preset.findData(current.preset)))
        self.form.addRow(tr("Rules:"), self.preset)
        self.target = QSpinBox(self)
        self.target.setRange(1, MAX_TARGET)
        # Translators: after the match target in its box: "100 points".
        self.target.setSuffix(" " + tr_ctx("spin box suffix", "points"))
        self.target.setAccessibleName(tr("Match length: play to"))
        self.target.setToolTip(tr("The match ends when a player (or team) reaches this many "
                                  "points"))
        self.form.addRow(tr("Play to:"), self.target)
        self.description = WrappedLabel(self)
        self.description.setAccessibleName(tr("Rules of the chosen preset"))
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
            box.setAccessibleName(tr("Computer player {number}").format(number=index + 2))
            self.form.addRow(label, box)
            self.seat_boxes.append(box)
            self.seat_labels.append(label)
        self._chosen_others = chosen
        self.practice = QCheckBox(tr("Practice game (undo allowed; marked so in statistics)"),
                                  self)
        self.practice.setChecked(current.practice)
        self.form.addRow("", self.practice)
        self.preset.currentIndexChanged.connect(self._preset_changed)
        self.target.valueChanged.connect(lambda _value: self._describe())
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

    def _changes(self) -> dict[str, Any]:
        """The player's own changes that apply to the chosen preset (not the target)."""
        return dict(self.own_changes) if self.preset.currentData() == self.own_preset else {}

    def rules(self) -> GinRules:
        """The rules the match will be played with, as the dialog shows them."""
        rules = GIN_PRESETS[self.preset.currentData()].replace(**self._changes())
        return rules.replace(target=self.target.value())

    def _preset_changed(self) -> None:
        name = self.preset.currentData()
        rules = GIN_PRESETS[name].replace(**self._changes())
        own_target = self.own_target if name == self.own_preset else None
        self.target.blockSignals(True)  # one description, written below
        self.target.setValue(own_target or rules.target)
        self.target.blockSignals(False)
        self._describe()

    def _describe(self) -> None:
        name = self.preset.currentData()
        shown = self.rules()
        values = shown.describe()
        # Only the first letter raised: German nouns keep their capitals ("Spiel 100").
        sentences = [text for text in (format_text(shown), values[:1].upper() + values[1:],
                                       changes_text(rule_changes(name, shown))) if text]
        self.description.setText(". ".join(sentences) + ".")
        labels = EXTRA_SEATS[self.players()]
        for index, (box, label) in enumerate(zip(self.seat_boxes, self.seat_labels,
                                                 strict=True)):
            seated = index < len(labels)
            box.setVisible(seated)
            label.setVisible(seated)
            if seated:
                label.setText(tr(labels[index]))
                box.setAccessibleName(labels[index].rstrip(":"))

    def setup(self) -> MatchSetup:
        opponent = self.opponents.bot_id() or default_opponent()
        others = tuple(box.currentData() for box in self.seat_boxes[:self.players() - 2])
        preset = self.preset.currentData()
        return MatchSetup(preset=preset, opponent=opponent, practice=self.practice.isChecked(),
                          others=others, overrides=rule_changes(preset, self.rules()))
