"""Which sound a table event makes: the shell hears the controllers' signals and plays them.

The controllers know nothing of sound (their ``action_applied(seat, action)`` and
``match_over()`` signals are all this needs); the ``SoundBoard`` plays off the GUI thread and
is silent without a device.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the player loads at the first sound, not at start-up
    from ginrummy_desktop.sound import SoundBoard

DEFAULT_VOLUME = 40  # percent, until the settings are applied (sound.player's default too)

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
        self._board = board
        self.volume = board.volume if board is not None else DEFAULT_VOLUME
        self._muted = board.muted if board is not None else False

    @property
    def board(self) -> SoundBoard:
        """The sound player, made at the first sound (it is not needed to show the table)."""
        if self._board is None:
            from ginrummy_desktop.sound import SoundBoard

            self._board = SoundBoard(volume=self.volume, muted=self._muted)
        return self._board

    @board.setter
    def board(self, board: SoundBoard) -> None:
        """Another player (tests: one with a stand-in device), at this table's settings."""
        self._board = board
        board.volume, board.muted = self.volume, self._muted

    def apply_settings(self, volume: int, muted: bool) -> None:
        self.volume = max(0, min(100, int(volume)))
        self._muted = bool(muted)
        if self._board is not None:
            self._board.volume, self._board.muted = self.volume, self._muted

    @property
    def muted(self) -> bool:
        return self._muted

    def play(self, name: str) -> None:
        if self._muted or self.volume <= 0:
            return  # silence needs no player
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
        if self._board is not None:
            self._board.close()
