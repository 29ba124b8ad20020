"""The contracts between the engine, agents, the headless runner and the GUI.

Both games implement ``MatchSession``: a match in progress that says whose decision is due, builds
that seat's observation, and applies an action (raising ``IllegalActionError`` and changing nothing
when it is illegal). The runner (``ginrummy-sim``) and the GUI controllers drive every game through
this one interface, so the loop that asks agents for moves exists once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from ginrummy_desktop.engine.actions import Action


@runtime_checkable
class Observation(Protocol):
    """What one seat may know. Game observations add their own fields (see docs/bots.md)."""

    seat: int
    legal_actions: Sequence[Action]


@runtime_checkable
class Agent(Protocol):
    """A player: constructible with no arguments (optionally ``seed=``), one method."""

    def choose(self, observation: Any) -> Action:  # pragma: no cover - protocol
        ...


class MatchSession(Protocol):
    """A match in progress, driven one decision at a time."""

    @property
    def num_seats(self) -> int: ...

    @property
    def over(self) -> bool: ...

    def to_move(self) -> int | None:
        """The seat whose decision is due, or None when the match is over."""

    def observation(self, seat: int) -> Any:
        """The observation for ``seat`` (only what that seat may know)."""

    def apply(self, seat: int, action: Action) -> None:
        """Play ``action`` for ``seat``; illegal actions raise ``IllegalActionError`` unchanged."""

    def hand_records(self) -> list[dict]:
        """JSON-ready records of every finished hand, in order."""
