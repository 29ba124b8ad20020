"""Who sits at a table: each seat holds a ``Player`` that the turn loop asks for an action.

The interface is asynchronous so that every kind of player fits it: a bot thinks on a pool
thread, a remote person (online play, ``RemotePlayer``) answers over the network, and the local
person answers through the table's input. The loop calls ``request`` when the seat's decision
is due and expects exactly one of ``reply(action)`` or ``fail(reason)`` later, on the GUI thread;
``cancel`` means the position has moved on (undo, new match, the table closing) and any answer
still coming will be ignored.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.gui.table.background import Background

Reply = Callable[[Action], None]
Fail = Callable[[str], None]

#: How long a bot may think before the loop gives up on it and plays its first legal move.
BOT_TIME_LIMIT_MS = 15_000


class Player(Protocol):
    """A seat's player. ``local`` is True only for the person at this computer."""

    name: str
    local: bool

    def request(self, observation: Any, reply: Reply, fail: Fail) -> None: ...

    def cancel(self) -> None: ...


class LocalPerson:
    """The person at this table: the controller turns clicks and keys into ``TurnLoop.play``,
    so the loop never waits on a callback for this seat."""

    local = True

    def __init__(self, name: str = "You") -> None:
        self.name = name

    def request(self, observation: Any, reply: Reply, fail: Fail) -> None:
        """Nothing to do: the table's input answers (see ``TurnLoop.play``)."""

    def cancel(self) -> None:
        """Nothing pending."""


class BotPlayer:
    """An engine agent (``choose(observation) -> Action``) thinking off the GUI thread."""

    local = False

    def __init__(self, name: str, agent: Any, background: Background,
                 time_limit_ms: int = BOT_TIME_LIMIT_MS) -> None:
        self.name = name
        self.agent = agent
        self.background = background
        self.time_limit_ms = time_limit_ms
        self._op: int | None = None

    def request(self, observation: Any, reply: Reply, fail: Fail) -> None:
        agent = self.agent
        self._op = self.background.run(lambda: agent.choose(observation), reply, fail,
                                       time_limit_ms=self.time_limit_ms)

    def cancel(self) -> None:
        if self._op is not None:
            self.background.forget(self._op)
            self._op = None


class MoveFeed(Protocol):
    """Where a remote seat's moves come from (online: the referee's confirmed states)."""

    def next_move(self, seat: int, reply: Reply) -> None: ...

    def forget(self, seat: int) -> None: ...


class RemotePlayer:
    """A person at another computer. Their move is decided there and checked by the referee;
    the feed calls ``reply`` with it once the referee's state says it was played (at once if
    that state came while the table was still showing an earlier move). No time limit here:
    the referee's move clock governs a remote person."""

    local = False

    def __init__(self, name: str, seat: int, feed: MoveFeed) -> None:
        self.name = name
        self.seat = seat
        self.feed = feed

    def request(self, observation: Any, reply: Reply, fail: Fail) -> None:
        self.feed.next_move(self.seat, reply)

    def cancel(self) -> None:
        self.feed.forget(self.seat)
