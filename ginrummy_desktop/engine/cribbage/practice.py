""""Try again" for cribbage: a recorded hand set up again just before one of its decisions.

The match is dealt the record's own deck and every recorded action before ``step`` is replayed,
so the table is exactly as it was; the person keeps their seat. Later hands are dealt fresh.
Reached through the spec's ``practice`` hook (``engine/review/practice.py``).
"""

from __future__ import annotations

import secrets
from typing import Any

from ginrummy_desktop.engine.cards import Card, parse_cards
from ginrummy_desktop.engine.cribbage.match import CribbageMatch, action_from_json
from ginrummy_desktop.engine.cribbage.rules import CribbageRules
from ginrummy_desktop.engine.deck import shuffled_deck
from ginrummy_desktop.engine.rng import StableRandom

SPARE_DECKS = 60  # deals after the practised one (a game from 0 takes ~ 10)


def _fresh_deck() -> list[Card]:
    return shuffled_deck(StableRandom(secrets.randbits(63)))


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
