"""The first-run welcome: the player's name, a game and an opponent, then that game starts.

Shown in the main window itself (a page of its central stack, so it resizes with the window
and needs no modal dialog before the window exists) on the very first launch only. It holds
no rules: the opponents and their words come from each game's ``opponents`` module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.engine.wording import YOU
from ginrummy_desktop.gui.common.opponent_picker import OpponentPicker
from ginrummy_desktop.gui.common.opponents import OpponentInfo
from ginrummy_desktop.gui.game_registry import GameMapping, gui_game

# The games a newcomer can pick: each registered game with opponents to offer.
GAME_TITLES: Mapping[str, str] = GameMapping(lambda game: game.title if game.opponents else None)
NAME_LIMIT = 40  # the settings' limit for a player name
DEFAULT_NAME = YOU  # a blank name: the table speaks to "You" (in the chosen language)


def game_opponents(game: str) -> tuple[list[OpponentInfo], str]:
    """The opponents of ``game`` (the pickers' own data) and the one offered first: a
    friendly one, since a newcomer is learning."""
    opponents = gui_game(game).opponents
    if opponents is None:
        raise ValueError(f"{game!r} offers no opponents")
    return opponents()


class WelcomePage(QWidget):
    """Name, game and opponent; ``on_play(name, game, bot_id)`` is called by "Play"."""

    def __init__(self, on_play: Callable[[str, str, str], None], name: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("welcomePage")
        self.on_play = on_play
        self.on_learn: Callable[[str], object] | None = None  # the guided game of a game
        outer = QVBoxLayout(self)
        outer.setContentsMargins(24, 16, 24, 16)
        card = QFrame(self)
        card.setObjectName("welcomeCard")
        card.setMaximumWidth(720)
        card.setFrameShape(QFrame.Shape.StyledPanel)
        card.setAutoFillBackground(True)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(card, 4)
        row.addStretch(1)
        outer.addLayout(row, 1)
        layout = QVBoxLayout(card)
        title = QLabel("<h2>{}</h2>".format(tr("Welcome to Gin Rummy Desktop")))
        title.setObjectName("welcomeTitle")
        layout.addWidget(title)
        intro = QLabel(tr("Tell us your name, choose a game and an opponent, and the cards are "
                          "dealt. You can change all of this later in Preferences."))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.name_edit = QLineEdit("" if name in ("", "Player", DEFAULT_NAME) else name)
        self.name_edit.setObjectName("welcomeName")
        self.name_edit.setMaxLength(NAME_LIMIT)
        self.name_edit.setPlaceholderText(tr("Your name (blank: \u201cYou\u201d)"))
        self.name_edit.setAccessibleName(tr("Your name"))
        self.name_edit.returnPressed.connect(self.play)
        form.addRow(tr("Your &name"), self.name_edit)
        games = QHBoxLayout()
        self.game_group = QButtonGroup(self)
        self.game_buttons: dict[str, QRadioButton] = {}
        for game, text in GAME_TITLES.items():
            button = QRadioButton(tr(text))
            button.setObjectName(f"welcomeGame_{game}")
            self.game_group.addButton(button)
            self.game_buttons[game] = button
            button.toggled.connect(lambda on, g=game: self._game_toggled(g, on))
            games.addWidget(button)
        games.addStretch(1)
        form.addRow(tr("Game"), games)
        layout.addLayout(form)
        layout.addWidget(QLabel("<b>{}</b>".format(tr("Choose your opponent"))))
        self.picker_slot = QVBoxLayout()
        layout.addLayout(self.picker_slot, 1)
        self.picker: OpponentPicker | None = None
        self.play_button = QPushButton(tr("&Play"))
        self.play_button.setObjectName("welcomePlay")
        self.play_button.setDefault(True)
        self.play_button.clicked.connect(self.play)
        self.learn_button = QPushButton(tr("&Learn to play"))
        self.learn_button.setObjectName("welcomeLearn")
        self.learn_button.setToolTip(tr("A guided first game of the chosen game, step by step"))
        self.learn_button.clicked.connect(
            lambda: self.on_learn(self.game) if self.on_learn is not None else None)
        buttons = QHBoxLayout()
        buttons.addWidget(self.learn_button)
        buttons.addStretch(1)
        buttons.addWidget(self.play_button)
        layout.addLayout(buttons)
        self.game = ""
        next(iter(self.game_buttons.values())).setChecked(True)  # the first game

    def _game_toggled(self, game: str, on: bool) -> None:
        if on:
            self._show_opponents(game)

    def _show_opponents(self, game: str) -> None:
        self.game = game
        opponents, first = game_opponents(game)
        if self.picker is not None:
            self.picker_slot.removeWidget(self.picker)
            self.picker.deleteLater()
        self.picker = OpponentPicker(opponents, first, self)
        self.picker.setObjectName("welcomeOpponents")
        self.picker.itemDoubleClicked.connect(lambda _item: self.play())
        self.picker_slot.addWidget(self.picker)

    def name(self) -> str:
        return self.name_edit.text().strip()[:NAME_LIMIT] or DEFAULT_NAME

    def play(self) -> None:
        bot_id = self.picker.bot_id() if self.picker is not None else None
        if bot_id is None:
            return
        self.on_play(self.name(), self.game, bot_id)

    def focus_name(self) -> None:
        self.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)
