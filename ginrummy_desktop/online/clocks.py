"""Move clocks: when each table's move is due, when its players are next told the time, and
which version's mover was last pinged. No networking and no tables here: the table service
decides what running out means."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ginrummy_desktop.online.table import LiveTable, is_computer


def tenths_left(deadline: float, now: float) -> float:
    """Seconds left, rounded up to a tenth: 0 is shown only once the time has really run out."""
    return max(0.0, math.ceil((deadline - now) * 10) / 10)


class MoveClocks:
    def __init__(self, now: Callable[[], float], tick: float) -> None:
        self.now = now
        self.tick = tick
        self.deadlines: dict[str, float] = {}  # table -> monotonic deadline of the move due
        self.next_tick: dict[str, float] = {}
        self.pinged: dict[str, int] = {}  # table -> the version whose mover was pinged

    def start(self, table: LiveTable) -> None:
        """A new turn's full clock. Only a turn starts it: going away and coming back leave it
        running (a player must not win time by dropping their presence)."""
        seat = table.to_move()
        if seat is None or table.over or is_computer(table.players[seat]):
            self.deadlines.pop(table.id, None)
            return
        self.deadlines[table.id] = self.now() + table.clock
        self.next_tick[table.id] = self.now() + self.tick

    def stop(self, table_id: str) -> None:
        self.deadlines.pop(table_id, None)
        self.next_tick.pop(table_id, None)
        self.pinged.pop(table_id, None)

    def fields(self, table: LiveTable) -> dict[str, Any]:
        """The ``clock`` of a ``state`` event (nothing when no clock runs)."""
        deadline = self.deadlines.get(table.id)
        seat = table.to_move()
        if deadline is None or seat is None:
            return {}
        return {"clock": {"seat": seat, "seconds_left": tenths_left(deadline, self.now())}}

    def tick_due(self, table_id: str, now: float) -> bool:
        """Whether the players are due the time left (and, if so, the next telling is set)."""
        if now < self.next_tick.get(table_id, 0.0):
            return False
        self.next_tick[table_id] = now + self.tick
        return True
