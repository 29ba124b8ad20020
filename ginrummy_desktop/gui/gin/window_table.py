"""The Gin Rummy table in the main window (``GuiGame.window_table``, gui/common/window_table.py).

The gin screen is made with the window (it is the table the window opens on), and the window's
commands do here what gin needs: the New match dialog and the settings it reads, Rematch with
the rules actually played, Resign, the knock confirmation, undo and the View menu's fan and
score sheet.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from ginrummy_desktop.gui.common.window_table import WindowTable
from ginrummy_desktop.gui.gin.controller import MatchSetup
from ginrummy_desktop.gui.gin.keys import shortcut_rows
from ginrummy_desktop.gui.gin.opponents import default_opponent
from ginrummy_desktop.gui.gin.screen import GinScreen

NAME = "gin"


class GinWindowTable(WindowTable):
    """The gin screen, made once and reused for every match."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        screen = self.screen = GinScreen(window.renderer, window.speed, parent=window)
        self.widget = screen
        screen.controller.confirm_knock = self._confirm_knock
        screen.on_rematch = window.rematch
        screen.on_new_opponent = self.new_game_dialog
        screen.before_new_match = lambda: window.table_starting(NAME)

    # -- what the window shows ----------------------------------------------------------

    def view_actions(self) -> Sequence[QAction]:
        return [self.screen.key_actions["fan"], *self.screen.view_actions.values()]

    def commitment(self) -> Callable[[], Any] | None:
        return self.screen.show_commitment

    def shortcuts(self) -> tuple[str, Sequence[tuple[str, str, str]]]:
        return "", shortcut_rows()

    def set_active(self, on: bool) -> None:
        self.screen.active = on  # the gin keys must not play a hidden table

    def undo_action(self) -> QAction | None:
        return self.screen.key_actions["undo"]

    def undo_permitted(self) -> bool:
        controller = self.screen.controller
        return bool(controller.setup.practice or getattr(controller, "undo_allowed", False))

    def offer_review(self, review: Callable[..., Any], label: str, tip: str) -> None:
        self.screen.panel.extra_buttons = [(label, review, tip)]

    def replay_source(self) -> tuple[Any, dict[int, str]]:
        gin = self.screen.controller
        session = gin.session
        return session, gin.seat_names() if session is not None else {0: gin.player_name}

    # -- settings ------------------------------------------------------------------------

    def set_speed(self, speed: str) -> None:
        self.screen.animator.set_speed(speed)

    def set_player_name(self, name: str) -> None:
        self.screen.controller.player_name = name

    def set_auto_sort(self, on: bool) -> None:
        self.screen.controller.auto_sort = on

    def set_undo_allowed(self, on: bool) -> None:
        controller = self.screen.controller
        controller.undo_allowed = bool(on)
        if controller.session is not None:
            controller.changed.emit()  # the Undo button and its key follow at once

    def preferred_setup(self) -> MatchSetup:
        """The opponent, preset and rule changes from the settings (Preferences)."""
        return MatchSetup(opponent=self._preferred_opponent(), preset=self.preferred_preset(),
                          overrides=self._preferred_overrides())

    def _settings(self) -> Any:
        storage = self.window.storage
        return None if storage is None else storage.settings.settings

    def _preferred_opponent(self) -> str:
        """The gin opponent from the settings; before the player has chosen, the friendly one
        the welcome offers (as Preferences shows); without settings, the strongest."""
        from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
        from ginrummy_desktop.gui.gin.opponents import friendly_opponent

        settings = self._settings()
        if settings is not None:
            wanted = settings.default_opponent.get(NAME)
            return wanted if wanted in BUILTIN_BOTS else friendly_opponent()
        return default_opponent()

    def preferred_preset(self) -> str:
        from ginrummy_desktop.engine.gin.rules import GIN_PRESETS  # every one is playable

        settings = self._settings()
        if settings is not None and settings.gin_preset in GIN_PRESETS:
            return str(settings.gin_preset)
        return "classic"

    def _preferred_overrides(self) -> dict[str, Any]:
        """Preferences → Gin Rummy's changes to the preset (the settings checked them)."""
        settings = self._settings()
        if settings is None or settings.gin_preset != self.preferred_preset():
            return {}
        return dict(settings.gin_overrides)

    # -- commands --------------------------------------------------------------------------

    def start_default(self) -> None:
        self.screen.new_match(self.preferred_setup())

    def start_again(self, opponent: str, rules: str | None) -> None:
        from ginrummy_desktop.engine.gin.rules import GIN_PRESETS

        preset = rules if rules in GIN_PRESETS else self.preferred_preset()
        self.screen.new_match(MatchSetup(preset=str(preset), opponent=opponent))

    def new_game_dialog(self) -> QWidget | None:
        window = self.window
        if window.match_in_progress() and not window.confirm("new_match"):
            return None
        # The rules come from the settings (what Preferences shows); the rest from the match
        # on screen, for a quick rematch with another opponent.
        preferred = self.preferred_setup()
        current = self.screen.controller.setup
        if self.screen.controller.session is None:
            current = preferred
        elif window.storage is not None:
            current = dataclasses.replace(current, preset=preferred.preset,
                                          overrides=preferred.overrides)
        from ginrummy_desktop.gui.gin.new_game_dialog import NewMatchDialog

        dialog = NewMatchDialog(current, window)
        window.dialogs.append(dialog)
        dialog.accepted.connect(lambda: self._start_chosen(dialog.setup()))
        dialog.open()
        return dialog

    def _start_chosen(self, setup: MatchSetup) -> None:
        """A match from the New match dialog; its rules and opponent become the settings
        (one source of truth: Preferences and the next dialog show the same)."""
        window = self.window
        if window.storage is not None:
            settings = window.storage.settings.settings
            window.save_settings(
                gin_preset=setup.preset, gin_overrides=dict(setup.overrides),
                default_opponent={**settings.default_opponent, NAME: setup.opponent})
        self.screen.new_match(setup)

    def rematch(self) -> None:
        from ginrummy_desktop.gui.gin.new_game_dialog import rule_changes

        controller = self.screen.controller
        setup = controller.setup
        # The rules actually played (a resumed match keeps its own, whatever the setup says).
        overrides = setup.overrides if controller.session is None else \
            rule_changes(setup.preset, controller.session.rules)
        self.screen.new_match(MatchSetup(setup.preset, setup.opponent, setup.practice,
                                         others=setup.others, overrides=overrides))

    def resign(self) -> bool:
        return bool(self.screen.resign())

    def _confirm_knock(self, action: Any) -> bool:
        from ginrummy_desktop.engine.gin.melds import min_deadwood
        from ginrummy_desktop.gui.gin.controller import card_text

        hand = [c for c in self.screen.controller.view().hand if c != action.card]
        return bool(self.window.confirm("knock", card=card_text(action.card),
                                        deadwood=min_deadwood(hand)))
