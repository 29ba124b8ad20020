"""Actions and errors shared by both games' engines and by every agent.

An agent returns one element of ``observation.legal_actions``. Gin Rummy uses ``kind`` and
``card``; Cribbage's ``discard`` uses ``cards`` (the two cards laid in the crib) and, with the
muggins option, ``count`` uses ``points`` (the points a player claims for a hand or crib).
"""

from __future__ import annotations

from dataclasses import dataclass

from ginrummy_desktop.engine.cards import Card


class IllegalActionError(ValueError):
    """An action the rules do not allow now. The message is meant for a person to read.

    The engine raises it before changing anything, so the game state is exactly as it was.
    """


@dataclass(frozen=True, slots=True)
class Action:
    """One player action: ``kind`` plus the card (or cards) or the points it concerns."""

    kind: str
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    points: int | None = None

    def __str__(self) -> str:
        if self.points is not None:
            return f"{self.kind} {self.points}"
        if self.cards:
            return f"{self.kind} {' '.join(str(c) for c in self.cards)}"
        if self.card is not None:
            return f"{self.kind} {self.card}"
        return self.kind
