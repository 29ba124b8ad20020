"""How the Statistics window words gin's records and hands (the registration's
``record_result``, ``record_ending``, ``hand_outcome`` and ``hand_players``): "You won 25",
"Gin", "Max undercut you", "Dead hand"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ginrummy_desktop.engine import wording
from ginrummy_desktop.engine.gin.results import ending_text
from ginrummy_desktop.engine.translation import mark, tr, tr_ctx

# How a gin hand ended, as the records list names it (the keys are the records' kinds), in
# English; ``record_ending`` gives them in the chosen language.
ENDINGS = {"knock": mark("Knock"), "gin": mark("Gin"), "big_gin": mark("Big gin"),
           "undercut": mark("Undercut"), "draw": mark("Dead hand")}
# The same as nouns naming an ending (a "Knock" button elsewhere is a verb).
_ENDING_WORDS: dict[str, Callable[[], str]] = {
    "knock": lambda: tr_ctx("hand ending", "Knock"),
    "gin": lambda: tr_ctx("hand ending", "Gin"),
    "big_gin": lambda: tr_ctx("hand ending", "Big gin"),
    "undercut": lambda: tr_ctx("hand ending", "Undercut"),
    "draw": lambda: tr_ctx("hand ending", "Dead hand"),
}


def record_result(line: Any, name_of: Callable[[int], str]) -> str:
    """Who won a listed gin record and what it scored: "You won 25", "Marjorie won 14", "No
    score" (a dead hand); ``name_of(seat)`` names a seat."""
    if line.result_kind == "draw":
        return tr("No score")
    if line.winner_seat is not None and line.points is not None:
        return wording.person(name_of(line.winner_seat), tr("You won {points}"),
                              tr("{name} won {points}"), points=line.points)
    return "–"


def record_ending(line: Any) -> str:
    """How a listed gin record ended: "Gin", "Dead hand"..."""
    ending = _ENDING_WORDS.get(line.result_kind or "")
    return ending() if ending is not None else "–"


def hand_outcome(hand: Any, opponent: str, players: tuple[str, str] | None = None
                 ) -> str | None:
    """How a hand of a gin match ended, in words: "You went gin", "Max undercut you", "Dead
    hand"; ``players`` (the knocker's name, the other player's) come from the hand's record
    when more than two play: "Sam knocked" rather than "Sam and Marjorie knocked". None: a
    hand stored without its ending (the Statistics window's own words)."""
    if hand.ending == "draw":
        return tr("Dead hand")
    if hand.ending and hand.knocker:
        you = wording.YOU
        knocker, other = (you, opponent) if hand.knocker == "player" else (opponent, you)
        if players is not None:
            knocker, other = players
        # An undercut is told from the defender, who scores: "Ada undercut you".
        return ending_text(hand.ending, knocker, other if hand.ending == "undercut" else None)
    return None


def hand_players(record: dict[str, Any] | None, names: dict[int, str]
                 ) -> tuple[str, str] | None:
    """(the knocker's name, the other player's) of a gin hand record, or None."""
    if not isinstance(record, dict) or not isinstance(record.get("result"), dict):
        return None
    knocker, seats = record["result"].get("knocker"), record.get("seats")
    if not isinstance(seats, list) or knocker not in seats or len(seats) != 2:
        return None
    other = seats[1 - seats.index(knocker)]
    return names.get(knocker, "?"), names.get(other, "?")
