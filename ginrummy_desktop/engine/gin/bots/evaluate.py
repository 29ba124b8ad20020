"""Hand-evaluation terms shared by the heuristic personas and the expert.

- ``future_deadwood``: how low a ten-card hand can get with one more draw, averaged over the
  ``k`` most helpful cards still available (MARJJ's "future outs" idea: a hand that many cards
  improve is worth keeping).
- ``discard_danger``: how much a discard is likely to help an opponent, from the cards it is
  known to hold (taken from the pile) and those it declined or threw.
- ``published_danger``: the same question answered with published MARJJ's table (EAAI 2021),
  which also rewards throwing a card whose neighbours nobody can draw any more.
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


# Published MARJJ's table (v5): bonuses (negative) when the cards an opponent would need with
# this one are out of its reach, penalties when it holds them.
SEQUENCE_SAFE, ADJACENT_SAFE, TWO_AWAY_SAFE = -10.0, -5.0, -3.0
SEQUENCE_DANGER, ADJACENT_DANGER, TWO_AWAY_DANGER = 20.0, 5.0, 3.0
SET_SAFE, RANK_SAFE, SET_DANGER, RANK_DANGER = -10.0, -4.0, 20.0, 4.0


def _suit_neighbour(index: int, step: int) -> int:
    """The card ``step`` ranks away in the same suit as a mask, or 0 off the end of the suit."""
    suit, rank = divmod(index, RANKS)
    target = rank + step
    return 1 << (suit * RANKS + target) if 0 <= target < RANKS else 0


def published_danger(index: int, knowledge: Knowledge) -> float:
    """Published MARJJ's danger of throwing card ``index`` (lower is safer).

    Each same-suit neighbour (one and two ranks away) is either held by the opponent (it took
    it from the pile), out of its reach (in my hand or seen: in the pile, or off the end of the
    suit), or unknown. Both sides of a possible run out of reach earn the sequence bonus, else
    each out-of-reach neighbour its own; the opponent holding cards on both sides costs the
    sequence penalty, else each held neighbour its own. Same rank: two other cards out of reach
    earn the set bonus, one the rank bonus; the opponent holding two costs the set penalty,
    and a rank with no other card out of reach costs the rank penalty.
    """
    held = knowledge.opponent_known
    gone = (knowledge.hand | knowledge.pile | knowledge.opponent_passed
            | knowledge.opponent_discarded) & ~held

    def status(step: int) -> tuple[bool, bool]:
        bit = _suit_neighbour(index, step)
        if not bit:
            return False, True
        return bool(bit & held), bool(bit & gone)

    (held_low, gone_low), (held_high, gone_high) = status(-1), status(1)
    (held_low2, gone_low2), (held_high2, gone_high2) = status(-2), status(2)
    danger = 0.0
    if (gone_high and (gone_low or gone_low2)) or (gone_low and (gone_high or gone_high2)):
        danger += SEQUENCE_SAFE
    else:
        danger += ADJACENT_SAFE * (gone_low + gone_high) + TWO_AWAY_SAFE * (gone_low2 + gone_high2)
    if (held_high and (held_low or held_low2)) or (held_low and (held_high or held_high2)):
        danger += SEQUENCE_DANGER
    else:
        danger += (ADJACENT_DANGER * (held_low + held_high)
                   + TWO_AWAY_DANGER * (held_low2 + held_high2))
    same_rank, _, _ = neighbours(index)
    others_gone = bin(same_rank & gone).count("1")
    if others_gone >= 2:
        danger += SET_SAFE
    elif others_gone == 1:
        danger += RANK_SAFE
    if bin(same_rank & held).count("1") >= 2:
        danger += SET_DANGER
    elif others_gone == 0:
        danger += RANK_DANGER
    return danger
