"""Computer seats: the referee plays a ``computer.<bot>`` seat itself with the game's built-in
bot, off the event loop (a bot may think for a while)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from ginrummy_desktop.engine.registry import get_game
from ginrummy_desktop.engine.wire import action_to_wire
from ginrummy_desktop.online.table import COMPUTER_PREFIX, LiveTable, MoveRefused, is_computer

log = logging.getLogger("ginrummy.referee")


class ComputerSeats:
    def __init__(self, play: Callable[[LiveTable, int, Any], Any],
                 in_play: Callable[[LiveTable], bool]) -> None:
        self._play = play
        self._in_play = in_play

    def maybe_move(self, table: LiveTable) -> None:
        """Start the computer's move if a computer seat is to move."""
        seat = table.to_move()
        if seat is None or table.over or not is_computer(table.players[seat]):
            return
        asyncio.ensure_future(self._move(table, seat, table.seq))

    async def _move(self, table: LiveTable, seat: int, seq: int) -> None:
        bot_id = str(table.players[seat])[len(COMPUTER_PREFIX):]
        agent = get_game(table.game).builtin_bots[bot_id]()
        observation = table.match.observation(seat)
        action = await asyncio.get_running_loop().run_in_executor(None, agent.choose,
                                                                  observation)
        if self._in_play(table) and table.seq == seq and not table.over:
            try:
                self._play(table, seat, table.check_move(seat, seq, action_to_wire(action)))
            except MoveRefused:
                log.exception("the computer's move was refused at table %s", table.id)
