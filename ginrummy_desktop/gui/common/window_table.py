"""One game's table as the main window holds it (issue 42: the window names no game).

A game's registration (``GuiGame.window_table``, gui/game_registry.py) makes one
``WindowTable`` per main window; the window keeps them by game name and asks the one on screen
for its widget, controller, status line, keys, undo and commands, so it never branches on
which game is played. This base class has each hook's usual answer; a game's subclass
(``gui/<game>/window_table.py``) says what differs. ``window`` is the main window
(gui/shell/main_window.py), typed loosely: the games sit below the shell.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget


class WindowTable:
    """A game's table in the main window, and the window's commands as that game does them.

    ``widget`` is the table shown in the window's stack (None until the game is first
    played); ``controller`` its controller, with the interface the window and its autosave use
    (``session``, ``resigned``, ``snapshot()``, ``summary()``, ``person_won()``, ``stop()``).
    """

    def __init__(self, window: Any) -> None:
        self.window = window
        self.widget: QWidget | None = None

    # -- what the window shows ----------------------------------------------------------

    @property
    def controller(self) -> Any:
        return getattr(self.widget, "controller", None)

    def status_line(self) -> Any:
        """The table's status line (the window's messages go there)."""
        return getattr(self.widget, "status", None)

    def key_actions(self) -> Sequence[QAction]:
        """The Play menu while this game is on screen."""
        actions = getattr(self.widget, "key_actions", None)
        return list(actions.values()) if actions else []

    def view_actions(self) -> Sequence[QAction]:
        """View menu entries only this game has (kept, greyed, while another game plays);
        asked once, when the window builds its menus."""
        return []

    def commitment(self) -> Callable[[], Any] | None:
        """What Game → Deal commitment shows for this game (None: greyed)."""
        return None

    def shortcuts(self) -> tuple[str, Sequence[tuple[str, str, str]]]:
        """Help → Keyboard shortcuts: the page's title ("" for the window's own) and rows."""
        return "", []

    def set_active(self, on: bool) -> None:
        """The table is (or no longer is) the one on screen: a hidden table's keys are off."""

    # -- undo ------------------------------------------------------------------------------

    def undo_action(self) -> QAction | None:
        """The table's Undo, whose state the window's own Ctrl+Z follows (None: no undo)."""
        return None

    def no_undo(self) -> str:
        """Why this game has no undo at all, said when Ctrl+Z is pressed ("": it has one)."""
        return ""

    def undo_permitted(self) -> bool:
        """Whether undo is on in the game on this table (practice, or Preferences allow it)."""
        return True

    # -- settings ------------------------------------------------------------------------

    def set_speed(self, speed: str) -> None:
        if self.widget is not None:
            self.widget.set_speed(speed)  # type: ignore[attr-defined]

    def set_card_size(self, size: str) -> None:
        if self.widget is not None:
            self.widget.set_card_size(size)  # type: ignore[attr-defined]

    def set_felt_colour(self, colour: str) -> None:
        if self.widget is not None:
            self.widget.scene.set_felt_colour(colour)  # type: ignore[attr-defined]

    def update_cards(self) -> None:
        """Draw the cards again (the card style changed)."""
        if self.widget is not None:
            self.widget.scene.update()  # type: ignore[attr-defined]

    def set_player_name(self, name: str) -> None:
        """The person's name at this table."""

    def set_auto_sort(self, on: bool) -> None:
        """Preferences' "Sort my hand automatically" (games whose hands are always in order
        ignore it)."""

    def set_undo_allowed(self, on: bool) -> None:
        """Preferences' "Allow undo against the computer" (games without undo ignore it)."""

    # -- commands --------------------------------------------------------------------------

    def start_default(self) -> None:
        """A new game with the opponent and rules from the settings."""
        raise NotImplementedError

    def start_again(self, opponent: str, rules: str | None) -> None:
        """A new game against ``opponent`` (a finished record's rematch; ``rules``: the
        record's preset, if the game has presets)."""
        raise NotImplementedError

    def rematch(self) -> None:
        """Game → Rematch: the same opponent and rules again."""
        raise NotImplementedError

    def resign(self) -> bool:
        return bool(self.controller.resign())

    def offer_review(self, review: Callable[..., Any], label: str, tip: str) -> None:
        """Let the table open the review (``review(whole_match)``); ``label`` and ``tip`` are
        for a button, if the table shows one."""

    def replay_source(self) -> tuple[Any, dict[int, str]]:
        """The session on the table (None: none yet) and its seats' names, for Replay."""
        return None, {}

    def stop(self) -> None:
        controller = self.controller
        if controller is not None:
            controller.stop()
