""""Try again": a recorded hand set up again just before one of its decisions, to play on.

The match is dealt the record's own deck and every recorded action before ``step`` is replayed,
so the table is exactly as it was; from there the person plays on against a bot. The hands
after it are dealt fresh. A gin hand is relabelled so that the reviewed seat is seat 0 (the
table's person always sits there); a cribbage table takes the person's seat as it is.
"""

from __future__ import annotations

import secrets
from typing import Any

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card, parse_cards
from ginrummy_desktop.engine.cribbage.match import CribbageMatch, action_from_json
from ginrummy_desktop.engine.cribbage.rules import CribbageRules
from ginrummy_desktop.engine.deck import shuffled_deck
from ginrummy_desktop.engine.gin.hand import GinHand
from ginrummy_desktop.engine.gin.match import GinMatch
from ginrummy_desktop.engine.gin.rules import GinRules
from ginrummy_desktop.engine.rng import StableRandom

SPARE_DECKS = 60  # cribbage: deals after the practised one (a game from 0 takes ~ 10)


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


def cribbage_practice(record: dict[str, Any], step: int) -> CribbageMatch:
    """A ``CribbageMatch`` at the moment before action ``step`` of the cribbage hand
    ``record``, scores as they stood before it; later hands are dealt fresh."""
    deck_field = record["deck"]
    deck = parse_cards(" ".join(deck_field) if isinstance(deck_field, list) else deck_field)
    before = record.get("scores_before", [0, 0])
    match = CribbageMatch(rules=CribbageRules.from_json(record["rules"]),
                          first_dealer=int(record["dealer"]),
                          decks=[deck] + [_fresh_deck() for _ in range(SPARE_DECKS)],
                          scores=(int(before[0]), int(before[1])))
    for entry in record["actions"][: max(0, step - 1)]:
        match.apply(int(entry["seat"]), action_from_json(entry["action"]))
    return match
