"""A slow, obviously correct meld reference for the solver tests (test_melds, test_layoffs).

Every subset of a hand is tested against the definition of a meld; every collection of
disjoint melds is enumerated.
"""

from __future__ import annotations

import itertools

from ginrummy_desktop.engine.cards import Card


def ref_is_meld(cards: tuple[Card, ...]) -> bool:
    if len(cards) < 3:
        return False
    if len({c.rank for c in cards}) == 1:
        return len({c.suit for c in cards}) == len(cards) <= 4
    if len({c.suit for c in cards}) != 1:
        return False
    ranks = sorted(c.rank for c in cards)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def ref_melds_in(hand: frozenset[Card]) -> list[frozenset[Card]]:
    cards = sorted(hand)
    return [
        frozenset(combo)
        for size in range(3, len(cards) + 1)
        for combo in itertools.combinations(cards, size)
        if ref_is_meld(combo)
    ]


def ref_packings(hand: frozenset[Card]) -> list[tuple[frozenset[Card], ...]]:
    """Every collection of pairwise disjoint melds of the hand (including the empty one)."""
    found = ref_melds_in(hand)
    result: list[tuple[frozenset[Card], ...]] = []

    def extend(start: int, chosen: tuple[frozenset[Card], ...], used: frozenset[Card]) -> None:
        result.append(chosen)
        for i in range(start, len(found)):
            if not found[i] & used:
                extend(i + 1, (*chosen, found[i]), used | found[i])

    extend(0, (), frozenset())
    return result


def ref_points(cards) -> int:
    return sum(min(c.rank, 10) for c in cards)
