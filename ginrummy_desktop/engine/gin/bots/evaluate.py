"""Hand-evaluation terms shared by the heuristic personas and the expert.

- ``future_deadwood``: how low a ten-card hand can get with one more draw, averaged over the
  ``k`` most helpful cards still available (MARJJ's "future outs" idea: a hand that many cards
  improve is worth keeping).
- ``discard_danger``: how much a discard is likely to help an opponent, from the cards it is
  known to hold (taken from the pile) and those it declined or threw.
- ``outs``: unseen cards that would complete a meld with the kept cards (for the hint's reason).
"""

from __future__ import annotations

from ginrummy_desktop.engine.gin.bots.fastmelds import (
    RANKS,
    best_discards,
    deadwood,
    melded_in_any,
)
from ginrummy_desktop.engine.gin.bots.knowledge import Knowledge


def iter_bits(mask: int):
    while mask:
        low = mask & -mask
        mask ^= low
        yield low.bit_length() - 1


def future_deadwood(hand: int, available: int, k: int = 7) -> float:
    """Mean of the ``k`` lowest 'deadwood after drawing u and discarding well' over available u."""
    current = deadwood(hand)
    values = []
    for index in iter_bits(available):
        value = best_discards(hand | 1 << index)[0]
        values.append(value if value < current else current)
    if not values:
        return float(current)
    values.sort()
    best = values[:k]
    return sum(best) / len(best)


def neighbours(index: int) -> tuple[int, int, int]:
    """Masks of (same rank other suits, same suit +-1, same suit +-2) around a card."""
    suit, rank = divmod(index, RANKS)
    same_rank = 0
    for other in range(4):
        if other != suit:
            same_rank |= 1 << (other * RANKS + rank)
    adjacent = near = 0
    for step, target in ((1, "adjacent"), (2, "near")):
        for signed in (-step, step):
            r = rank + signed
            if 0 <= r < RANKS:
                bit = 1 << (suit * RANKS + r)
                if target == "adjacent":
                    adjacent |= bit
                else:
                    near |= bit
    return same_rank, adjacent, near


def discard_danger(index: int, knowledge: Knowledge) -> float:
    """Larger when the card likely fits an opponent's hand; negative when it is 'dead'."""
    same_rank, adjacent, near = neighbours(index)
    known = knowledge.opponent_known
    danger = 0.0
    rank_known = bin(same_rank & known).count("1")
    if rank_known >= 2:
        danger += 20
    elif rank_known == 1:
        danger += 6
    if adjacent & known:
        danger += 5 * bin(adjacent & known).count("1")
        if bin(adjacent & known).count("1") == 2:
            danger += 15  # it fills the gap between two cards the opponent holds
    if near & known:
        danger += 3
        if adjacent & known:
            danger += 12  # e.g. opponent holds 5-6, this is 7 (or 4)
    declined = knowledge.opponent_passed | knowledge.opponent_discarded
    danger -= 2 * bin(same_rank & declined).count("1")
    danger -= 1.5 * bin(adjacent & declined).count("1")
    # cards in the pile cannot be drawn any more: neighbours gone make this card safer to throw
    dead = knowledge.pile
    danger -= 1 * bin(same_rank & dead).count("1")
    danger -= 0.5 * bin(adjacent & dead).count("1")
    return danger


def outs(kept: int, unseen: int) -> int:
    """Unseen cards that would sit in a meld with the kept cards (not already melded)."""
    already = melded_in_any(kept)
    count = 0
    for index in iter_bits(unseen):
        bit = 1 << index
        new_melded = melded_in_any(kept | bit)
        if new_melded & bit and new_melded & ~already & ~bit:
            count += 1
    return count
