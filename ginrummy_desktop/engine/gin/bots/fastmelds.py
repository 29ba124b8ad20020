"""The meld questions the bots ask in their inner loops, answered by the engine's solver.

All solving and memoising is done once, in ``engine.gin.melds`` and ``engine.gin.layoffs``; this
module only shapes those answers the way the bots use them (hands as 52-bit masks, bit
``card.index``): per-discard pairs in index order, best discards with exclusions, and every
optimal packing.
"""

from __future__ import annotations

from functools import cache

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


# -- Greedy throws, suit by suit ---------------------------------------------------------------
# The world sampler's imagined turns and the play-outs throw one card of eleven thousands of
# times per decision, nearly always from a hand never seen before (a miss in the engine's
# memo). When no rank is held three times no set is possible, so the hand's deadwood is each
# suit's run-less cards and discarding a card changes only its own suit's count; when every
# rank held three times is clear of the runs, those sets are melded whole and the rest is
# again suit by suit. Either way the best throw is the best of four per-suit answers, each
# looked up by the suit's 13-bit pattern and the cards that may not go (the sets' cards are
# weighed on their own), which is the same card, by the same tie-breaks, as scanning
# ``after_each_discard``, the engine's answer. Where a set and a run compete for a card, each
# choice of sets is tried as the engine's solver does, the rest again suit by suit.

_SUIT = 0x1FFF
_RANK_POINTS = tuple(min(rank + 1, 10) for rank in range(13))
_RUN_STARTS = sum(0x7FF << 13 * suit for suit in range(4))  # ranks ace..J: a run may start
_RANK_SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39
_THROW_MEMO = 1 << 17  # entries per throw table (about 15 MB when full)


@cache  # at most 8,192 patterns
def _suit_dead(pattern: int) -> int:
    """Deadwood points of one suit's cards when no set is possible (cards outside every run)."""
    starts = pattern & pattern >> 1 & pattern >> 2
    dead = pattern & ~(starts | starts << 1 | starts << 2)
    return sum(_RANK_POINTS[rank] for rank in range(13) if dead >> rank & 1)


class _SuitThrows(dict[int, tuple[int, int, int]]):
    """Suit pattern | barred ranks << 13 -> (the suit's deadwood, change in it of the best throw
    among the pattern's unbarred ranks, that rank: -1 when none may go). ``by_points``: ties
    in the change go to the higher card (the play-outs' rule), else to the lower rank (the
    sampler's)."""

    def __init__(self, by_points: bool) -> None:
        super().__init__()
        self.by_points = by_points

    def __missing__(self, key: int) -> tuple[int, int, int]:
        if len(self) >= _THROW_MEMO:  # a pure function: forgetting changes no answer
            self.clear()
        pattern, barred = key & _SUIT, key >> 13
        dead = _suit_dead(pattern)
        best: tuple[int, int] | None = None  # (change, -points if by_points else 0)
        best_rank = -1
        for rank in range(13):
            if not pattern >> rank & 1 or barred >> rank & 1:
                continue
            order = (_suit_dead(pattern & ~(1 << rank)) - dead,
                     -_RANK_POINTS[rank] if self.by_points else 0)
            if best is None or order < best:
                best, best_rank = order, rank
        entry = (dead, best[0] if best is not None else 1 << 30, best_rank)
        self[key] = entry
        return entry


_LOWEST_THROW = _SuitThrows(by_points=False)
_HIGHEST_THROW = _SuitThrows(by_points=True)


def _sets_apart(hand: int, triples: int) -> list[int] | None:
    """The sets (every card of each rank in ``triples``) when none of their cards is in a run of
    ``hand``; None when a set and a run compete for a card."""
    starts = hand & hand >> 1 & hand >> 2 & _RUN_STARTS
    cover = starts | starts << 1 | starts << 2
    sets = []
    while triples:
        low = triples & -triples
        triples ^= low
        cards = hand & _RANK_SPREAD << low.bit_length() - 1
        if cards & cover:
            return None
        sets.append(cards)
    return sets


def _sets_points(sets: list[int]) -> int:
    """The points of the cards in ``sets``."""
    return sum(cards.bit_count() * POINTS[(cards & -cards).bit_length() - 1]
               for cards in sets)


def _set_throws(sets: list[int], barred: int, base: int) -> list[tuple[int, int]]:
    """(deadwood left, card index) for throwing each unbarred card of ``sets`` from a hand whose
    deadwood is ``base`` with the sets melded: a four stays a set, a three leaves two loose."""
    throws = []
    for cards in sets:
        three = cards.bit_count() == 3
        points = POINTS[(cards & -cards).bit_length() - 1]
        while cards:
            low = cards & -cards
            cards ^= low
            if not barred & low:
                throws.append((base + 2 * points if three else base, low.bit_length() - 1))
    return throws


def _set_choices(hand: int, triples: int) -> list[int]:
    """Every choice of cards melded as sets among the ranks in ``triples`` (none, each rank's
    whole set, and each three of a four), as the engine's solver tries them when a set and a
    run compete: the rest of the hand is then arranged in runs alone."""
    choices = [0]
    while triples:
        low = triples & -triples
        triples ^= low
        cards = hand & _RANK_SPREAD << low.bit_length() - 1
        options = [cards]
        if cards.bit_count() == 4:
            rest = cards
            while rest:
                card = rest & -rest
                rest ^= card
                options.append(cards ^ card)
        choices += [chosen | option for chosen in choices for option in options]
    return choices


def _greedy_over_set_choices(eleven: int, triples: int, fixed: int) -> int:
    """``greedy_throw`` when a set and a run compete: the least (deadwood left, index) over
    every choice of sets, the rest of the hand suit by suit (the sets' cards stay)."""
    best = (1 << 30, -1)
    for melded in _set_choices(eleven, triples):
        rest = eleven & ~melded
        barred = fixed & rest  # only the rest's cards matter to the tables
        total = 0
        best_change, best_index = 1 << 30, -1
        for offset in (0, 13, 26, 39):
            dead, change, rank = _LOWEST_THROW[
                rest >> offset & _SUIT | (barred >> offset & _SUIT) << 13]
            total += dead
            if change < best_change:
                best_change, best_index = change, offset + rank
        if best_index >= 0 and (total + best_change, best_index) < best:
            best = (total + best_change, best_index)
    return best[1]


def _choose_over_set_choices(hand: int, triples: int, forbidden: int) -> tuple[int, int]:
    """``choose_throw`` when a set and a run compete: the least (deadwood left, -points, index)
    over every choice of sets, the rest of the hand suit by suit (the sets' cards stay)."""
    best = (1 << 30, 0, -1)
    for melded in _set_choices(hand, triples):
        rest = hand & ~melded
        barred = forbidden & rest
        total = 0
        choice = (1 << 30, 0, -1)
        for offset in (0, 13, 26, 39):
            dead, change, rank = _HIGHEST_THROW[
                rest >> offset & _SUIT | (barred >> offset & _SUIT) << 13]
            total += dead
            if rank >= 0 and (change, -_RANK_POINTS[rank], offset + rank) < choice:
                choice = (change, -_RANK_POINTS[rank], offset + rank)
        if choice[2] >= 0 and (total + choice[0], choice[1], choice[2]) < best:
            best = (total + choice[0], choice[1], choice[2])
    if best[2] < 0:
        return -1, 1 << 30
    return best[2], best[0]


def greedy_throw(eleven: int, fixed: int) -> int:
    """The first card, in index order, of ``eleven`` not in ``fixed`` whose discard leaves the
    least deadwood (-1 if every card is fixed): the scan of ``after_each_discard`` the world
    sampler's imagined turns make."""
    c, d, h, s = eleven & _SUIT, eleven >> 13 & _SUIT, eleven >> 26 & _SUIT, eleven >> 39
    triples = (c & d & (h | s)) | (h & s & (c | d))
    barred = fixed
    sets: list[int] | None = None
    if triples:
        sets = _sets_apart(eleven, triples)
        if sets is None:
            return _greedy_over_set_choices(eleven, triples, fixed)
        for cards in sets:
            barred |= cards
    total = 0
    best_value, best_index = 1 << 30, -1
    for offset, pattern in ((0, c), (13, d), (26, h), (39, s)):
        dead, change, rank = _LOWEST_THROW[pattern | (barred >> offset & _SUIT) << 13]
        total += dead
        if change < best_value:  # strictly: an equal change in a later suit is a later index
            best_value, best_index = change, offset + rank
    if sets is None:
        return best_index
    base = total - _sets_points(sets)
    best = (base + best_value, best_index) if best_index >= 0 else (1 << 30, -1)
    for throw in _set_throws(sets, fixed, base):
        if throw < best:
            best = throw
    return best[1]


def choose_throw(hand: int, forbidden: int) -> tuple[int, int]:
    """(card index, deadwood left) of the least-deadwood throw from ``hand`` (not ``forbidden``),
    ties to the highest card, then the lowest index: the play-outs' greedy throw."""
    c, d, h, s = hand & _SUIT, hand >> 13 & _SUIT, hand >> 26 & _SUIT, hand >> 39
    triples = (c & d & (h | s)) | (h & s & (c | d))
    barred = forbidden
    sets: list[int] | None = None
    if triples:
        sets = _sets_apart(hand, triples)
        if sets is None:
            return _choose_over_set_choices(hand, triples, forbidden)
        for cards in sets:
            barred |= cards
    total = 0
    best: tuple[int, int, int] = (1 << 30, 0, -1)  # (change, -points, index)
    for offset, pattern in ((0, c), (13, d), (26, h), (39, s)):
        dead, change, rank = _HIGHEST_THROW[pattern | (barred >> offset & _SUIT) << 13]
        total += dead
        if rank >= 0:
            order = (change, -_RANK_POINTS[rank], offset + rank)
            if order < best:
                best = order
    if sets is not None:
        total -= _sets_points(sets)
    best = (total + best[0], best[1], best[2]) if best[2] >= 0 else best
    if sets is not None:
        for value, index in _set_throws(sets, forbidden, total):
            order = (value, -POINTS[index], index)
            if order < best:
                best = order
    if best[2] < 0:
        return -1, 1 << 30
    return best[2], best[0]
