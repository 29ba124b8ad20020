"""The Cribbage table in the main window (``GuiGame.window_table``, gui/common/window_table.py).

Each cribbage game gets a fresh ``CribbageTable``, made when it starts (the cribbage modules
load when cribbage is first played: a faster start-up); the one it replaces is stopped and
removed. Cribbage has no undo and no deal commitment on screen yet.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QWidget

from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.gui.common.window_table import WindowTable

if TYPE_CHECKING:
    from ginrummy_desktop.gui.cribbage.new_game_dialog import CribbageSetup

NAME = "cribbage"


class CribbageWindowTable(WindowTable):
    """The cribbage table of the game on screen (None before the first game)."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.setup: CribbageSetup | None = None  # the last cribbage game's setup
        self._review: Callable[..., Any] | None = None

    # -- what the window shows ----------------------------------------------------------

    def shortcuts(self) -> tuple[str, Sequence[tuple[str, str, str]]]:
        from ginrummy_desktop.gui.cribbage.keys import shortcut_rows

        return tr("Keyboard shortcuts: Cribbage"), shortcut_rows()

    def no_undo(self) -> str:
        return tr("Cribbage has no undo: a card laid away or played stays")

    def offer_review(self, review: Callable[..., Any], label: str, tip: str) -> None:
        self._review = review  # each new table's on_review: the finished game's hands

    def replay_source(self) -> tuple[Any, dict[int, str]]:
        controller = self.controller
        if controller is None:
            return None, {}
        return controller.match, {controller.human: controller.names[0],
                                  controller.bot_seat: controller.names[1]}

    def set_player_name(self, name: str) -> None:
        controller = self.controller
        if controller is not None:
            controller.names = (name, controller.names[1])
            self.widget.board.set_names(controller.names)  # type: ignore[union-attr]

    # -- commands --------------------------------------------------------------------------

    def preferred_setup(self) -> CribbageSetup:
        """The opponent and options from the settings (before the player has chosen, the
        friendly opponent the welcome offers, as Preferences shows; without settings, the
        strongest)."""
        from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS
        from ginrummy_desktop.gui.cribbage.new_game_dialog import CribbageSetup
        from ginrummy_desktop.gui.cribbage.opponents import default_opponent, friendly_opponent

        if self.window.storage is None:
            return CribbageSetup(default_opponent())
        settings = self.window.storage.settings.settings
        wanted = settings.default_opponent.get(NAME)
        opponent = wanted if wanted in BUILTIN_BOTS else friendly_opponent()
        return CribbageSetup.from_rules(opponent, settings.cribbage_rules())

    def new_game_dialog(self) -> QWidget | None:
        window = self.window
        if window.match_in_progress() and not window.confirm("new_match"):
            return None
        from ginrummy_desktop.gui.cribbage.new_game_dialog import NewCribbageGameDialog

        current = self.setup if self.widget is not None and self.setup is not None \
            else self.preferred_setup()
        dialog = NewCribbageGameDialog(current, window)
        window.dialogs.append(dialog)
        dialog.accepted.connect(lambda: self.start(dialog.setup()))
        dialog.open()
        return dialog

    def start(self, setup: CribbageSetup, match: Any = None, seed: int | None = None) -> Any:
        """Start a cribbage game (or continue ``match``, a restored ``CribbageMatch``)."""
        from ginrummy_desktop.gui.cribbage.opponents import short_name
        from ginrummy_desktop.gui.cribbage.table import CribbageTable

        window = self.window
        window.new_match_started()
        names = (window.player_name, short_name(setup.opponent))
        table = CribbageTable(window, opponent=setup.opponent, seed=seed, rules=setup.rules(),
                              match=match, renderer=window.renderer, speed=window.speed,
                              names=names)
        table.scene.set_felt_colour(window.table_colour)
        table.set_card_size(window.card_size)
        table.controller.before_new_match = window.new_match_started  # a rematch
        review = self._review
        if review is not None:
            table.on_review = lambda: review(True)  # the finished game's hands
        old, self.setup, self.widget = self.widget, setup, table
        window.install_table(NAME, table, old)
        return table

    def start_default(self) -> None:
        self.start(self.preferred_setup())

    def start_again(self, opponent: str, rules: str | None) -> None:
        self.start(replace(self.preferred_setup(), opponent=opponent))

    def rematch(self) -> None:
        if self.controller is not None:
            self.controller.rematch()  # before_new_match records the old one
