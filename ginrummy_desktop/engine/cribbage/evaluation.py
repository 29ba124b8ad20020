"""Expected values for discards: the kept hand over every possible starter, and the crib.

The hand's value is exact: the mean score over the 46 starters the player cannot see. The crib's
value comes from a table (``_crib_tables.py``, built by ``tools/crib_tables.py``) indexed by the
two tossed ranks and by who owns the crib; it models the *other* player's toss as a sensible player
makes it (a pone balks the dealer's crib, a dealer feeds his own), not as a random pair.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ginrummy_desktop.engine.cards import FULL_DECK, Card
from ginrummy_desktop.engine.cribbage import _crib_tables
from ginrummy_desktop.engine.cribbage.scoring import rank_points

if TYPE_CHECKING:
    from ginrummy_desktop.engine.cribbage.observation import CribbageObservation


def unseen_cards(seen: Iterable[Card]) -> list[Card]:
    known = set(seen)
    return [card for card in FULL_DECK if card not in known]


def unseen_by(observation: CribbageObservation) -> list[Card]:
    """The cards a seat has not seen: not in its hand or its own discards, not played, not the
    starter. The opponent's holding is among them."""
    seen = set(observation.hand) | set(observation.own_discards)
    seen |= {card for _, card in observation.played}
    if observation.starter is not None:
        seen.add(observation.starter)
    return unseen_cards(seen)


def hand_scores(keep: Sequence[Card], starters: Sequence[Card]) -> list[int]:
    """The show score of ``keep`` with each starter (hand rules), fast."""
    ranks = sorted(card.rank for card in keep)
    suits = {card.suit for card in keep}
    flush_suit = keep[0].suit if len(suits) == 1 else None
    nobs_suits = {card.suit for card in keep if card.rank == 11}
    by_rank = [0] * 14
    for rank in range(1, 14):
        by_rank[rank] = rank_points(tuple(sorted((*ranks, rank))))
    scores = []
    for starter in starters:
        points = by_rank[starter.rank]
        if flush_suit is not None:
            points += 5 if starter.suit == flush_suit else 4
        if starter.suit in nobs_suits:
            points += 1
        scores.append(points)
    return scores


def expected_hand(keep: Sequence[Card], starters: Sequence[Card]) -> float:
    """Mean show score of the four kept cards over the possible starters."""
    scores = hand_scores(keep, starters)
    return sum(scores) / len(scores)


def crib_value(toss: Sequence[Card], own_crib: bool, model: str = "sensible") -> float:
    """Expected crib score contributed with ``toss`` (two cards).

    ``own_crib``: the tosser deals. ``model``: ``"sensible"`` (the other player tosses well) or
    ``"random"`` (the other two crib cards are random, as in the classic Hessel-style tables).
    """
    low, high = sorted(card.rank for card in toss)
    table = _crib_tables.TABLES[model]["dealer" if own_crib else "pone"]
    value = table[(low - 1) * 13 + (high - 1)]
    # Two of one suit make a crib flush possible; the tables average over suits, so adjust a
    # little for a suited toss (five-card crib flushes are rare: ~0.2% when suited).
    if toss[0].suit == toss[1].suit:
        value += 0.04
    return value
