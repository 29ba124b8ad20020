"""The meld questions the bots ask in their inner loops, answered by the engine's solver.

All solving and memoising is done once, in ``engine.gin.melds`` and ``engine.gin.layoffs``; this
module only shapes those answers the way the bots use them (hands as 52-bit masks, bit
``card.index``): per-discard pairs in index order, best discards with exclusions, and every
optimal packing.
"""

from __future__ import annotations

from ginrummy_desktop.engine.gin.layoffs import defender_deadwood_mask
from ginrummy_desktop.engine.gin.melds import (
    best_meld_masks,
    deadwood_after_each_discard_pairs,
    melded_in_any_mask,
    min_deadwood_mask,
)

RANKS = 13
POINTS: tuple[int, ...] = tuple(min(i % RANKS + 1, 10) for i in range(52))

deadwood = min_deadwood_mask  # least deadwood of a hand of any size, every card arranged
melded_in_any = melded_in_any_mask  # the cards that belong to at least one meld


# ``(card index, least deadwood of the rest)`` for every card of ``hand``, in index order. The
# memoised engine function itself, not a wrapper: the world sampler asks this millions of times.
after_each_discard = deadwood_after_each_discard_pairs


def best_discards(hand: int, forbidden: int = 0) -> tuple[int, list[int]]:
    """Least deadwood after one discard, and every card reaching it (``forbidden`` excluded)."""
    best = 1 << 30
    cards: list[int] = []
    for index, value in after_each_discard(hand):
        if forbidden >> index & 1:
            continue
        if value < best:
            best, cards = value, [index]
        elif value == best:
            cards.append(index)
    return best, cards


def best_arrangements(hand: int) -> list[tuple[int, ...]]:
    """Every least-deadwood arrangement of ``hand`` as meld masks."""
    return best_meld_masks(hand)


def defender_deadwood(defender: int, knocker_melds: tuple[int, ...] | list[int]) -> int:
    """The defender's least deadwood when it may also lay off on the knocker's melds."""
    return defender_deadwood_mask(defender, tuple(knocker_melds))
