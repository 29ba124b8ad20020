""""Try again" for gin: a recorded hand set up again just before one of its decisions.

The match is dealt the record's own deck and every recorded action before ``step`` is replayed,
so the table is exactly as it was; the hand is relabelled so that the reviewed seat is seat 0
(the table's person always sits there). The hands after it are dealt fresh. Reached through the
spec's ``practice`` hook (``engine/review/practice.py``).
"""

from __future__ import annotations

import secrets
from typing import Any

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.deck import shuffled_deck
from ginrummy_desktop.engine.gin.hand import GinHand
from ginrummy_desktop.engine.gin.match import GinMatch
from ginrummy_desktop.engine.gin.rules import GinRules
from ginrummy_desktop.engine.rng import StableRandom


def _fresh_deck() -> list[Card]:
    return shuffled_deck(StableRandom(secrets.randbits(63)))


def gin_practice(record: dict[str, Any], seat: int, step: int) -> GinMatch:
    """A two-player ``GinMatch`` at the moment before action ``step`` (1-based) of the gin hand
    ``record``, with ``seat`` moved to seat 0 and the scores as they stood before the hand."""
    if seat not in record["seats"]:
        raise ValueError(f"seat {seat} did not play this hand")

    def relabel(other: int) -> int:
        return 0 if other == seat else 1 if other == 0 else other

    rules = GinRules.from_dict(record["rules"])
    deck = [Card.parse(code) for code in record["deck"]]
    seats = tuple(relabel(s) for s in record["seats"])
    match = GinMatch(rules, deals=lambda number: deck if number == 0 else _fresh_deck())
    match.hand = GinHand.deal(rules, deck, str(record.get("salt", "")), seats, 0)
    match.dealer = seats[1]
    before = _gin_scores_before(record)
    match.scores = [before[relabel(0)], before[relabel(1)]] if seat else before
    for actor, kind, code in record["actions"][: max(0, step - 1)]:
        match.apply(relabel(actor), Action(kind, None if code is None else Card.parse(code)))
    return match


def _gin_scores_before(record: dict[str, Any]) -> list[int]:
    scores = [int(value) for value in record.get("scores", [0, 0])[:2]] or [0, 0]
    result = record.get("result") or {}
    winner, points = result.get("winner"), int(result.get("points") or 0)
    if isinstance(winner, int) and 0 <= winner < len(scores):
        scores[winner] = max(0, scores[winner] - points)
    return scores if len(scores) == 2 else [0, 0]
