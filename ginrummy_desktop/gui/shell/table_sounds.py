"""Which sound a table event makes: the shell hears the controllers' signals and plays them.

The controllers know nothing of sound (their ``action_applied(seat, action)`` and
``match_over()`` signals are all this needs); the ``SoundBoard`` plays off the GUI thread and
is silent without a device.
"""

from __future__ import annotations

from typing import Any

from ginrummy_desktop.sound import SoundBoard

# An action kind -> the sound it makes (both games; kinds not listed make none).
ACTION_SOUNDS = {
    "draw_stock": "draw",
    "draw_discard": "draw",
    "discard": "discard",
    "knock": "knock",
    "gin": "gin",
    "big_gin": "gin",
    "play": "peg",
    "go": "peg",
}


def sound_for(action: Any) -> str | None:
    return ACTION_SOUNDS.get(str(getattr(action, "kind", "")))


class TableSounds:
    """Plays the sounds of whatever controllers are attached, at the settings' volume."""

    def __init__(self, board: SoundBoard | None = None) -> None:
        self.board = board if board is not None else SoundBoard()

    def apply_settings(self, volume: int, muted: bool) -> None:
        self.board.volume = max(0, min(100, int(volume)))
        self.board.muted = bool(muted)

    @property
    def muted(self) -> bool:
        return self.board.muted

    def play(self, name: str) -> None:
        self.board.play(name)

    def attach(self, controller: Any) -> None:
        """Listen to one table controller (gin or cribbage: the same two signals)."""
        # A hand played out of sight (gin's skipped or other-table hands) makes no sound.
        controller.action_applied.connect(
            lambda seat, action: None if getattr(controller, "silent", False)
            else self._on_action(seat, action))
        controller.match_over.connect(lambda: self.play("game_end"))

    def _on_action(self, _seat: int, action: Any) -> None:
        name = sound_for(action)
        if name is not None:
            self.play(name)

    def close(self) -> None:
        self.board.close()
