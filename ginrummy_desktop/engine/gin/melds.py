"""Gin Rummy meld solving: least deadwood, best arrangements and a mask-level fast path for bots.

A meld is a set (3 or 4 cards of one rank) or a run (3+ consecutive cards of one suit, ace low:
A-2-3 is a run, Q-K-A is not). Each card belongs to at most one meld; the rest is deadwood,
counted with ``Card.points``.

How it is fast: hands are 52-bit masks (``Card.index``), and runs have no upper length, so once
the sets are chosen the best use of every other card is fixed: a card inside three consecutive
cards of one suit is in a run (found with three shifts of the whole mask), the rest is deadwood.
Each question is answered by trying each choice of sets: most hands hold no rank three times
(one choice), and when the sets share no card with a run there is nothing to choose either; at
most 6 x 6 x 2 choices for 11 cards. Per-discard answers come from ready-made per-suit tables.
Answers are memoised by mask in bounded LRU caches and per-suit tables (about 36 MB when all
are full; ``best_arrangement``'s memos are plain dicts emptied when full, read inline).
Card-level calls turn a hand into a mask with one look-up per card (``cards.BIT_BY_CARD_ID``);
``best_arrangement``'s look-up gives a word whose sum is the hand rank-major, its points and a
per-rank count, so it sees runs and sets with a few operations and reads the sorted deadwood
from byte tables without a further pass over the cards.

Mask-level functions assume hands of at most 11 cards (they do not check, for speed); the
card-level functions check their input and raise ``ValueError`` with a readable message.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from typing import NamedTuple

from ginrummy_desktop.engine.cards import (  # noqa: F401 (cards_mask: doctests)
    # mask_cards_sorted's tables (a suit's 13 bits spread to every fourth bit; the cards of each
    # byte of a rank-major mask), for best_arrangement's inlined copy of it:
    _B0,
    _B1,
    _B2,
    _B3,
    _B4,
    _B5,
    _B6,
    BIT_BY_CARD_ID,
    FULL_DECK,
    Card,
    cards_mask,
    mask_cards,
    mask_cards_sorted,
)

__all__ = [
    "ALL_MELD_MASKS",
    "Arrangement",
    "all_best_arrangements",
    "best_arrangement",
    "best_arrangement_mask",
    "best_discard_deadwood_mask",
    "clear_meld_memos",
    "deadwood_after_each_discard_mask",
    "deadwood_cards_mask",
    "hand_to_mask",
    "is_meld_mask",
    "layoff_cards_mask",
    "meld_masks_containing",
    "melded_in_any_mask",
    "min_deadwood",
    "min_deadwood_mask",
    "points_of_mask",
]

MAX_HAND_SIZE = 11
# Memo sizes: a full entry costs about 130 bytes, so these stay under ~9 MB and ~2 MB each.
_MEMO = 1 << 16
_SMALL_MEMO = 1 << 14
_DISCARD_MEMO = 1 << 15  # ~0.7 kB an entry: about 25 MB when full
_SUIT_BITS = 0x1FFF  # one suit's 13 ranks
_RANK_SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39  # the ace of every suit; shift by rank - 1


def _rank_points(rank_offset: int) -> int:
    return min(rank_offset + 1, 10)


def _build_suit_points() -> tuple[int, ...]:
    table = [0] * (1 << 13)
    for pattern in range(1, 1 << 13):
        low = pattern & -pattern
        table[pattern] = table[pattern ^ low] + _rank_points(low.bit_length() - 1)
    return tuple(table)


# Deadwood points of each 13-bit suit pattern, and of each card index.
_SUIT_POINTS: tuple[int, ...] = _build_suit_points()
_CARD_POINTS: tuple[int, ...] = tuple(_rank_points(index % 13) for index in range(52))


def points_of_mask(mask: int) -> int:
    """Total deadwood points of the cards in ``mask``.

    >>> points_of_mask(cards_mask([Card.parse("KS"), Card.parse("AH"), Card.parse("7D")]))
    18
    """
    return (
        _SUIT_POINTS[mask & _SUIT_BITS]
        + _SUIT_POINTS[mask >> 13 & _SUIT_BITS]
        + _SUIT_POINTS[mask >> 26 & _SUIT_BITS]
        + _SUIT_POINTS[mask >> 39 & _SUIT_BITS]
    )


def _build_all_melds() -> tuple[int, ...]:
    melds = []
    for rank in range(13):
        suits = [rank + 13 * s for s in range(4)]
        for left_out in range(4):
            melds.append(sum(1 << i for k, i in enumerate(suits) if k != left_out))
        melds.append(sum(1 << i for i in suits))
    for suit in range(4):
        for length in range(3, 14):
            for start in range(0, 14 - length):
                melds.append(((1 << length) - 1) << (start + 13 * suit))
    return tuple(sorted(melds))


ALL_MELD_MASKS: tuple[int, ...] = _build_all_melds()
"""All 329 melds (65 sets, 264 runs) as card masks, in increasing numeric order."""

_MELD_SET = frozenset(ALL_MELD_MASKS)
_MELDS_CONTAINING: tuple[tuple[int, ...], ...] = tuple(
    tuple(m for m in ALL_MELD_MASKS if m >> i & 1) for i in range(52)
)


def meld_masks_containing(card_index: int) -> tuple[int, ...]:
    """Every meld (as a mask) that contains the card with this ``Card.index``.

    >>> len(meld_masks_containing(Card.parse("AC").index))  # 4 sets + 11 runs starting at A
    15
    """
    return _MELDS_CONTAINING[card_index]


def is_meld_mask(mask: int) -> bool:
    """Whether these cards form one valid meld."""
    return mask in _MELD_SET


# Runs are found with shifts of the whole hand: bit i of ``hand & hand >> 1 & hand >> 2`` says
# the hand holds cards i, i+1, i+2. The start masks keep a run inside one suit (no K-A wrap).
def _run_starts(length: int) -> int:
    return sum(1 << (13 * suit + start) for suit in range(4) for start in range(14 - length))


_RUN3_STARTS = _run_starts(3)
_RUN4_STARTS = _run_starts(4)
_RUN5_STARTS = _run_starts(5)


def _runs_by_low_bit(length: int) -> dict[int, tuple[int, int]]:
    """Run of ``length`` starting at each start bit -> (run mask, points)."""
    starts = _run_starts(length)
    runs = {}
    for index in range(52):
        if starts >> index & 1:
            run = ((1 << length) - 1) << index
            runs[1 << index] = (run, points_of_mask(run))
    return runs


_RUN3 = _runs_by_low_bit(3)
_RUN4 = _runs_by_low_bit(4)
_RUN5 = _runs_by_low_bit(5)

def _sets_by_rank_bits() -> dict[int, tuple[tuple[int, int], ...]]:
    """The hand's bits at one rank (3 or 4 suits held) -> candidate sets, as (mask, points)."""
    table: dict[int, tuple[tuple[int, int], ...]] = {}
    for rank in range(13):
        bits = [1 << (rank + 13 * suit) for suit in range(4)]
        points = _rank_points(rank)
        four = sum(bits)
        threes = tuple((four & ~bit, 3 * points) for bit in bits)
        table[four] = ((four, 4 * points), *threes)
        for three in threes:
            table[three[0]] = (three,)
    return table


_SETS_BY_RANK_BITS = _sets_by_rank_bits()
# The same as choices for the solver, "no set" first: (set cards, points, (the set,)).
_SET_CHOICES_BY_RANK_BITS: dict[int, tuple[tuple[int, int, tuple[int, ...]], ...]] = {
    bits: ((0, 0, ()), *((meld, points, (meld,)) for meld, points in options))
    for bits, options in _SETS_BY_RANK_BITS.items()
}


def _candidates(mask: int) -> list[tuple[int, int]]:
    """Melds (runs of 3-5, sets of 3-4) inside ``mask`` as (meld mask, points)."""
    found: list[tuple[int, int]] = []
    starts = mask & mask >> 1 & mask >> 2 & _RUN3_STARTS
    if starts:
        _add_runs(found, starts, mask)
    c = mask & _SUIT_BITS
    d = mask >> 13 & _SUIT_BITS
    h = mask >> 26 & _SUIT_BITS
    s = mask >> 39
    triples = (c & d & (h | s)) | (h & s & (c | d))  # ranks held in at least three suits
    while triples:
        low = triples & -triples
        triples ^= low
        found.extend(_SETS_BY_RANK_BITS[mask & (_RANK_SPREAD << (low.bit_length() - 1))])
    return found


def _add_runs(found: list[tuple[int, int]], starts: int, mask: int) -> None:
    longer = starts & mask >> 3 & _RUN4_STARTS
    bits = starts
    while bits:
        low = bits & -bits
        bits ^= low
        found.append(_RUN3[low])
    if longer:
        bits = longer
        while bits:
            low = bits & -bits
            bits ^= low
            found.append(_RUN4[low])
        bits = longer & mask >> 4 & _RUN5_STARTS
        while bits:
            low = bits & -bits
            bits ^= low
            found.append(_RUN5[low])


# ---------------------------------------------------------------------------------------------
# The solver. Runs have no upper length, so once the sets are chosen the best use of the other
# cards is fixed: every card inside three consecutive cards of one suit is in a run, the rest is
# deadwood. So every question below is answered by trying each choice of sets (most hands have
# no rank held three times: one choice; at most 6 x 6 x 2 for 11 cards) and reading the runs of
# what is left with three shifts. (A card that could extend a run is always better melded, so a
# least-deadwood arrangement melds whole stretches: that is the shape ``best_meld_masks`` shows.)


def _run_cover(mask: int) -> int:
    """Cards of ``mask`` inside three consecutive cards of one suit (all of them are meldable)."""
    starts = mask & mask >> 1 & mask >> 2 & _RUN3_STARTS
    return starts | starts << 1 | starts << 2


def _set_choices(mask: int, triples: int) -> Sequence[tuple[int, int, tuple[int, ...]]]:
    """Every choice of sets among the ranks in ``triples``: (cards, points, the sets' masks).

    The first choice is "no set"; a rank held four times offers the four and each three.
    """
    if not triples:
        return _NO_SET
    low = triples & -triples
    first = _SET_CHOICES_BY_RANK_BITS.get(mask & (_RANK_SPREAD << (low.bit_length() - 1)))
    triples ^= low
    if not triples:  # one rank held three times or more: the choices are ready-made
        return first  # type: ignore[return-value]  # (``low`` is such a rank: always found)
    choices = list(first)  # type: ignore[arg-type]
    while triples:
        low = triples & -triples
        triples ^= low
        options = _SETS_BY_RANK_BITS[mask & (_RANK_SPREAD << (low.bit_length() - 1))]
        choices += [
            (cards | meld, points + meld_points, (*sets, meld))
            for cards, points, sets in choices
            for meld, meld_points in options
        ]
    return choices


_NO_SET: tuple[tuple[int, int, tuple[int, ...]], ...] = ((0, 0, ()),)


def _triples(mask: int) -> int:
    """Bit r set when the hand holds rank r (0 = ace) in at least three suits."""
    c = mask & _SUIT_BITS
    d = mask >> 13 & _SUIT_BITS
    h = mask >> 26 & _SUIT_BITS
    s = mask >> 39
    return (c & d & (h | s)) | (h & s & (c | d))


@lru_cache(maxsize=_MEMO)
def min_deadwood_mask(mask: int) -> int:
    """Least deadwood points of the hand ``mask`` (all its cards arranged; no discard).

    >>> min_deadwood_mask(cards_mask([Card.parse(t) for t in "AS 2S 3S KD".split()]))
    10
    """
    c = mask & _SUIT_BITS
    d = mask >> 13 & _SUIT_BITS
    h = mask >> 26 & _SUIT_BITS
    s = mask >> 39
    total = _SUIT_POINTS[c] + _SUIT_POINTS[d] + _SUIT_POINTS[h] + _SUIT_POINTS[s]
    triples = (c & d & (h | s)) | (h & s & (c | d))
    starts = mask & mask >> 1 & mask >> 2 & _RUN3_STARTS
    if not triples:  # most hands: no set to choose, so the runs are the answer
        return total - points_of_mask(starts | starts << 1 | starts << 2) if starts else total
    cover = starts | starts << 1 | starts << 2
    sets = _sets_clear_of(mask, triples, cover)
    if sets is not None:  # sets and runs share no card: meld them all
        return total - points_of_mask(cover) - points_of_mask(sum(sets))
    best = 0
    for cards, points, _ in _set_choices(mask, triples):
        melded = points + points_of_mask(_run_cover(mask & ~cards))
        if melded > best:
            best = melded
    return total - best


def _highest_card_points(mask: int) -> int:
    """Points of the highest-scoring card in ``mask`` (0 if empty)."""
    if mask & _COURT_AND_TEN:
        return 10
    best = 0
    for shift in (0, 13, 26, 39):
        suit = mask >> shift & _SUIT_BITS
        if suit and suit.bit_length() > best:
            best = suit.bit_length()
    return best


_COURT_AND_TEN = sum(0b1111 << (9 + 13 * s) for s in range(4))


def _stretches(cover: int) -> list[int]:
    """A run cover split into its maximal runs (each inside one suit), lowest first."""
    runs = []
    while cover:
        low = cover & -cover
        suit = _SUIT_BITS << 13 * ((low.bit_length() - 1) // 13)
        run = cover & ~(cover + low) & suit  # the block of consecutive bits from ``low``
        runs.append(run)
        cover ^= run
    return runs


def _cheapest_run_break(cover: int) -> int:
    """Least deadwood left by discarding one card of these runs (a run of 4+ loses an end free)."""
    best = 1 << 30
    for run in _stretches(cover):
        if run.bit_count() > 3:
            return 0
        value = points_of_mask(run) - _highest_card_points(run)
        if value < best:
            best = value
    return best


@lru_cache(maxsize=_MEMO)
def best_discard_deadwood_mask(mask11: int) -> int:
    """Least deadwood of the hand after discarding its best card (usually from 11 cards).

    >>> best_discard_deadwood_mask(cards_mask([Card.parse(t) for t in "AS 2S 3S 4S KD".split()]))
    0
    """
    # Discarding x and arranging the rest uses sets that leave x out; for each choice of sets,
    # the best x is the costliest deadwood card, or, when every other card is in a run, the
    # cheapest way to break a run.
    best = points_of_mask(mask11)
    for cards, _, _ in _set_choices(mask11, _triples(mask11)):
        rest = mask11 & ~cards
        if not rest:
            continue  # everything is in sets: nothing to discard under this choice
        cover = _run_cover(rest)
        dead = rest & ~cover
        if dead:
            value = points_of_mask(dead) - _highest_card_points(dead)
        else:
            value = _cheapest_run_break(cover)
        if value < best:
            best = value
    return best


def _run_breaks(run: int) -> tuple[tuple[int, int], ...]:
    """For each card of a run: (its index, deadwood its discard adds: the pieces left under 3)."""
    breaks = []
    for card in mask_cards(run):
        bit = card.mask
        below, above = run & (bit - 1), run & ~((bit << 1) - 1)
        added = (points_of_mask(below) if below.bit_count() < 3 else 0) + (
            points_of_mask(above) if above.bit_count() < 3 else 0)
        breaks.append((card.index, added))
    return tuple(breaks)


_RUN_BREAKS = {meld: _run_breaks(meld) for meld in ALL_MELD_MASKS if meld & (meld & -meld) << 1}


_CHANGE_OFFSET = 64  # changes are stored as bytes: -10 (a court discarded) .. +40 (runs broken)


@cache  # shared by the four suits (at most 8,192 patterns)
def _suit_discards(pattern: int) -> tuple[int, bytes, bytes]:
    """One suit's cards (a 13-bit pattern) with no set: (their deadwood, the ranks held (0 = ace)
    in order, and for each the change in that deadwood when it is discarded, plus
    ``_CHANGE_OFFSET``: minus its points if deadwood, plus the points of the pieces under three
    cards left when it breaks its run)."""
    starts = pattern & pattern >> 1 & pattern >> 2
    cover = starts | starts << 1 | starts << 2
    dead = pattern & ~cover
    ranks = []
    changes = []
    for rank in range(13):
        bit = 1 << rank
        if not pattern & bit:
            continue
        ranks.append(rank)
        if dead & bit:
            changes.append(_CHANGE_OFFSET - _rank_points(rank))
            continue
        low = high = rank  # the run around this card
        while low > 0 and cover >> (low - 1) & 1:
            low -= 1
        while high < 12 and cover >> (high + 1) & 1:
            high += 1
        below = ((1 << rank) - 1) & ~((1 << low) - 1)
        above = ((1 << (high + 1)) - 1) & ~((1 << (rank + 1)) - 1)
        change = _SUIT_POINTS[below] if rank - low < 3 else 0
        change += _SUIT_POINTS[above] if high - rank < 3 else 0
        changes.append(_CHANGE_OFFSET + change)
    return _SUIT_POINTS[dead], bytes(ranks), bytes(changes)


class _SuitDiscards(dict[int, tuple[int, bytes, bytes]]):
    """``_suit_discards`` for one suit, with card indexes instead of ranks. Without sets a
    suit's runs depend on that suit alone, so a hand's answers are its four suits' entries.
    Filled on first use; as bytes a full table is about 1.5 MB."""

    def __init__(self, suit: int) -> None:
        super().__init__()
        self.to_index = bytes(range(13 * suit, 13 * suit + 13)).ljust(256, b"\0")

    def __missing__(self, pattern: int) -> tuple[int, bytes, bytes]:
        dead_points, ranks, changes = _suit_discards(pattern)
        entry = (dead_points, ranks.translate(self.to_index), changes)
        self[pattern] = entry
        return entry


_DISCARDS_C, _DISCARDS_D, _DISCARDS_H, _DISCARDS_S = (_SuitDiscards(suit) for suit in range(4))
# A set's cards -> what discarding each adds beyond the suit tables' answer (which count the set
# as deadwood): a four keeps three (the card's own points back), a three leaves its other two.
_SET_DISCARD_EXTRA: dict[int, tuple[tuple[int, int], ...]] = {
    meld: tuple((card.index, points_of_mask(meld) if meld.bit_count() == 3 else card.points)
                for card in mask_cards(meld))
    for options in _SETS_BY_RANK_BITS.values() for meld, _ in options
}


def _each_discard(mask: int) -> list[tuple[int, int]]:
    """(card index, least deadwood after discarding it) for every card, in index order."""
    c = mask & _SUIT_BITS
    d = mask >> 13 & _SUIT_BITS
    h = mask >> 26 & _SUIT_BITS
    s = mask >> 39
    triples = (c & d & (h | s)) | (h & s & (c | d))
    dead_c, cards_c, changes_c = _DISCARDS_C[c]  # each suit's runs and deadwood, as if no set
    dead_d, cards_d, changes_d = _DISCARDS_D[d]
    dead_h, cards_h, changes_h = _DISCARDS_H[h]
    dead_s, cards_s, changes_s = _DISCARDS_S[s]
    dead_points = dead_c + dead_d + dead_h + dead_s - _CHANGE_OFFSET
    changes = zip(cards_c + cards_d + cards_h + cards_s,
                  changes_c + changes_d + changes_h + changes_s, strict=True)
    if not triples:  # no set: the suits' answers are the hand's
        return [(index, dead_points + change) for index, change in changes]
    sets = _sets_clear_of(mask, triples, _run_cover(mask))
    if sets is not None:  # sets apart from the runs: take them out of the deadwood
        extra: dict[int, int] = {}  # for a set card: what its discard adds to the suit's answer
        for meld in sets:
            extra.update(_SET_DISCARD_EXTRA[meld])
        dead_points -= points_of_mask(sum(sets))
        return [(index, dead_points + change + extra.get(index, 0)) for index, change in changes]
    best: dict[int, int] = {}
    for cards, _, _ in _set_choices(mask, triples):
        rest = mask & ~cards
        cover = _run_cover(rest)
        dead = rest & ~cover
        dead_points = points_of_mask(dead)
        while dead:
            low = dead & -dead
            dead ^= low
            index = low.bit_length() - 1
            value = dead_points - _CARD_POINTS[index]
            if value < best.get(index, 1 << 30):
                best[index] = value
        for run in _stretches(cover):
            for index, added in _RUN_BREAKS[run]:
                if dead_points + added < best.get(index, 1 << 30):
                    best[index] = dead_points + added
    return sorted(best.items())


def deadwood_after_each_discard_mask(mask11: int) -> dict[int, int]:
    """For each card index in the hand: least deadwood of the hand after discarding that card.

    >>> hand = cards_mask([Card.parse(t) for t in "AS 2S 3S 4S KD".split()])
    >>> after = deadwood_after_each_discard_mask(hand)
    >>> after[Card.parse("KD").index], after[Card.parse("AS").index]
    (0, 10)
    """
    return dict(deadwood_after_each_discard_pairs(mask11))


@lru_cache(maxsize=_DISCARD_MEMO)
def deadwood_after_each_discard_pairs(mask11: int) -> tuple[tuple[int, int], ...]:
    """``deadwood_after_each_discard_mask`` as ``(card index, deadwood)`` pairs in index order.

    The bots' rollouts ask this for the same hands again and again, so the answer is memoised
    ready to iterate (no dict built per call).
    """
    return tuple(_each_discard(mask11))


@lru_cache(maxsize=_SMALL_MEMO)
def deadwood_cards_mask(mask: int) -> int:
    """Mask of the cards that are deadwood in at least one least-deadwood arrangement.

    All of ``mask`` is arranged (no discard), so for 11 cards these are the discard candidates
    that keep some best arrangement intact.

    >>> hand = [Card.parse(t) for t in "7S 7H 7D 7C 8H 9H KD".split()]
    >>> [str(c) for c in mask_cards(deadwood_cards_mask(cards_mask(hand)))]
    ['KD']
    """
    full = -1
    result = 0
    for cards, points, _ in _set_choices(mask, _triples(mask)):
        rest = mask & ~cards
        cover = _run_cover(rest)
        melded = points + points_of_mask(cover)
        if melded > full:
            full, result = melded, rest & ~cover
        elif melded == full:
            result |= rest & ~cover
    return result


def clear_meld_memos() -> None:
    """Forget every memoised answer (benchmarks use it to time real solving work)."""
    _ARRANGED.clear()
    _ARRANGED_BY_WORD.clear()
    for memo in (
        min_deadwood_mask,
        best_discard_deadwood_mask,
        deadwood_cards_mask,
        deadwood_after_each_discard_pairs,
    ):
        memo.cache_clear()


def melded_in_any_mask(mask: int) -> int:
    """Mask of the cards of ``mask`` that belong to at least one meld within ``mask``.

    >>> hand = [Card.parse(t) for t in "QS KS AS 5D 5H 5C 6D".split()]
    >>> [str(c) for c in mask_cards(melded_in_any_mask(cards_mask(hand)))]
    ['5C', '5D', '5H']
    """
    union = _run_cover(mask)
    triples = _triples(mask)
    while triples:
        low = triples & -triples
        triples ^= low
        union |= mask & (_RANK_SPREAD << (low.bit_length() - 1))
    return union


# ---------------------------------------------------------------------------------------------
# Lay-off reach of melds (used by the tie-break here and by layoffs.py).


def layoff_cards_mask(meld_masks: Iterable[int], unavailable: int = 0) -> int:
    """Cards that could be laid off onto these melds, chains included.

    A run grows outwards one card at a time, so a chain stops at the first card that is in a
    meld or in ``unavailable`` (for example the knocker's own deadwood). A set of three can take
    its fourth card.

    >>> run = cards_mask([Card.parse(t) for t in "5H 6H 7H".split()])
    >>> len(mask_cards(layoff_cards_mask([run])))  # AH-4H and 8H-KH
    10
    >>> [str(c) for c in mask_cards(layoff_cards_mask([run], Card.parse("9H").mask))]
    ['AH', '2H', '3H', '4H', '8H']
    """
    melds = list(meld_masks)
    blocked = unavailable
    for m in melds:
        blocked |= m
    reach = 0
    for m in melds:
        low = m & -m
        if m & (low << 1):  # two cards of one suit in a row: a run
            index = low.bit_length() - 1
            suit_base = index - index % 13
            card = index - 1
            while card >= suit_base and not blocked >> card & 1:
                reach |= 1 << card
                card -= 1
            card = m.bit_length()
            while card < suit_base + 13 and not blocked >> card & 1:
                reach |= 1 << card
                card += 1
        else:
            missing = (_RANK_SPREAD << ((low.bit_length() - 1) % 13)) & ~m & ~blocked
            reach |= missing
    return reach


# ---------------------------------------------------------------------------------------------
# Card-level API.


class Arrangement(NamedTuple):
    """One way to lay out a hand: melds (each sorted) and the deadwood left over.

    Immutable (a named tuple: the cheapest immutable object to build, and memoised ones are
    shared between callers).
    """

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    deadwood_points: int

    def __str__(self) -> str:
        parts = [" ".join(str(c) for c in meld) for meld in self.melds]
        dead = " ".join(str(c) for c in self.deadwood) or "-"
        return f"[{'] ['.join(parts)}] deadwood {dead} ({self.deadwood_points})" if parts else (
            f"deadwood {dead} ({self.deadwood_points})"
        )


_BIT_OFFSET_OF_SUIT = {"C": -1, "D": 12, "H": 25, "S": 38}  # Card.index = rank + offset
_SIZED_HANDS = (list, tuple, frozenset, set)


def hand_to_mask(cards: Iterable[Card], what: str = "hand") -> tuple[int, int]:
    """(mask, number of cards) of a hand, checked: Cards only, no repeats, at most 11.

    Fast for a list, tuple or set of Cards (one table look-up per card by ``id``, see
    ``BIT_BY_CARD_ID``), because bots and the rules engine call the card-level API often; anything
    the fast path does not recognise gets the careful loop and its readable messages.
    """
    if type(cards) in _SIZED_HANDS:
        try:
            mask: int = sum(map(BIT_BY_CARD_ID.__getitem__, map(id, cards)))
        except KeyError:
            pass
        else:
            count = len(cards)  # type: ignore[arg-type]
            if mask.bit_count() == count <= MAX_HAND_SIZE:  # a repeated card carries a bit
                return mask, count
    mask = 0
    count = 0
    offsets = _BIT_OFFSET_OF_SUIT
    for card in cards:
        if not isinstance(card, Card):
            raise ValueError(f"{what}: {card!r} is not a Card")
        bit = 1 << (card.rank + offsets[card.suit])
        if mask & bit:
            raise ValueError(f"{what}: {card} appears twice")
        mask |= bit
        count += 1
    if count > MAX_HAND_SIZE:
        raise ValueError(f"{what}: a Gin Rummy hand has at most {MAX_HAND_SIZE} cards, not {count}")
    return mask, count


def min_deadwood(cards: Iterable[Card]) -> int:
    """Deadwood points of the best arrangement; for 11 cards, after the best discard.

    >>> from ginrummy_desktop.engine.cards import parse_cards
    >>> min_deadwood(parse_cards("7S 7H 7D 7C 8H 9H 2C 3C 4C KD"))
    10
    >>> min_deadwood(parse_cards("7S 7H 7D 7C 8H 9H 2C 3C 4C KD QD"))  # discard a court card
    10
    >>> min_deadwood(parse_cards("QS KS AS"))  # Q-K-A is not a run
    21
    """
    mask, count = hand_to_mask(cards, "min_deadwood")
    if count == MAX_HAND_SIZE:
        return best_discard_deadwood_mask(mask)
    return min_deadwood_mask(mask)


def _merge_touching_runs(melds: tuple[int, ...]) -> tuple[int, ...]:
    """Join runs of one suit that touch (A-3 + 4-6 is shown as A-6); sets stay as they are."""
    runs = sorted(m for m in melds if m & ((m & -m) << 1))
    merged: list[int] = []
    for run in runs:
        if merged and run & (merged[-1] << 1) and (run & -run).bit_length() % 13 != 1:
            merged[-1] |= run
        else:
            merged.append(run)
    return tuple(sorted(merged + [m for m in melds if not m & ((m & -m) << 1)]))


def _best_set_choices(mask: int) -> list[tuple[tuple[int, ...], int]]:
    """The choices of sets that leave the least deadwood, as (the sets' masks, run cover)."""
    best = -1
    found: list[tuple[tuple[int, ...], int]] = []
    points_of = _SUIT_POINTS
    for cards, points, sets in _set_choices(mask, _triples(mask)):
        rest = mask & ~cards
        starts = rest & rest >> 1 & rest >> 2 & _RUN3_STARTS  # (_run_cover, inlined: hot)
        cover = starts | starts << 1 | starts << 2
        melded = (points + points_of[cover & _SUIT_BITS] + points_of[cover >> 13 & _SUIT_BITS]
                  + points_of[cover >> 26 & _SUIT_BITS] + points_of[cover >> 39])
        if melded > best:
            best, found = melded, [(sets, cover)]
        elif melded == best:
            found.append((sets, cover))
    return found


def best_meld_masks(mask: int) -> list[tuple[int, ...]]:
    """Every least-deadwood arrangement of the hand as meld masks (touching runs joined).

    >>> hand = cards_mask([Card.parse(t) for t in "JH QH KH JC JD".split()])
    >>> len(best_meld_masks(hand)), best_meld_masks(0)
    (2, [()])
    """
    return sorted(
        tuple(sorted((*sets, *_stretches(cover)))) for sets, cover in _best_set_choices(mask)
    )


# The cards of every meld mask (merged runs are runs too), ready to hand out.
_MELD_CARDS: dict[int, tuple[Card, ...]] = {m: mask_cards_sorted(m) for m in ALL_MELD_MASKS}


def _arrangement(mask: int, melds: tuple[int, ...]) -> Arrangement:
    dead = mask & ~sum(melds)  # (melds are disjoint)
    # Melds are disjoint, so sorting them as card tuples orders them by their lowest card.
    meld_cards = tuple(sorted(map(_MELD_CARDS.__getitem__, melds)))
    points = _SUIT_POINTS
    return Arrangement(meld_cards, mask_cards_sorted(dead), points[dead & _SUIT_BITS]
                       + points[dead >> 13 & _SUIT_BITS] + points[dead >> 26 & _SUIT_BITS]
                       + points[dead >> 39])


def _sets_clear_of(mask: int, triples: int, cover: int) -> tuple[int, ...] | None:
    """The full sets of the ranks in ``triples`` when none of their cards is in ``cover`` (the
    run cover): then taking every set whole is the only best choice. None when a set and a run
    compete for a card (the caller tries each choice)."""
    sets: tuple[int, ...] = ()
    while triples:
        low = triples & -triples
        triples ^= low
        rank_cards = mask & (_RANK_SPREAD << (low.bit_length() - 1))
        if rank_cards & cover:
            return None
        sets += (rank_cards,)
    return sets


def all_best_arrangements(cards: Iterable[Card]) -> list[Arrangement]:
    """Every least-deadwood arrangement of all the given cards (touching runs shown joined).

    Unlike ``min_deadwood`` this never discards: pass the 10 cards being arranged.

    >>> from ginrummy_desktop.engine.cards import parse_cards
    >>> for a in all_best_arrangements(parse_cards("JH QH KH JC JD")):
    ...     print(a)
    [JC JD JH] deadwood QH KH (20)
    [JH QH KH] deadwood JC JD (20)
    """
    mask, _ = hand_to_mask(cards, "all_best_arrangements")
    return [_arrangement(mask, melds) for melds in best_meld_masks(mask)]


class _SuitRuns(dict[int, tuple[tuple[Card, ...], ...]]):
    """One suit's run cover (a 13-bit pattern) -> the cards of each of its runs, lowest first.
    Without a set to choose, a suit's runs depend on that suit alone. Filled on first use."""

    def __init__(self, suit: int) -> None:
        super().__init__()
        self.shift = 13 * suit

    def __missing__(self, pattern: int) -> tuple[tuple[Card, ...], ...]:
        entry = tuple(_MELD_CARDS[run] for run in _stretches(pattern << self.shift))
        self[pattern] = entry
        return entry


_RUNS_C, _RUNS_D, _RUNS_H, _RUNS_S = (_SuitRuns(suit) for suit in range(4))

# ``best_arrangement`` works on the hand's cards rank-major (bit ``4 * (rank - 1) + suit``, suits
# in C, D, H, S order: the order ``sorted()`` gives), where the deadwood comes out sorted from
# byte tables, a run of three is ``r & r >> 4 & r >> 8`` (no wrap to mask out: the king is the
# top rank) and the cards of rank k are one nibble. One look-up per card by ``id`` gives a word
# whose sum over the hand (one ``sum``, started at ``_WORD_BIAS``) holds:
#   bits 0-51    the cards, rank-major (a repeated card carries: the bit count falls short);
#   bits 56-63   their points (at most 11 x 10 = 110: one byte);
#   bits 64-115  per rank, a counter of its cards plus 1, so a rank held three or four times
#                sets the counter's bit 2 (``_WORD_TRIPLES``): sets are seen with one ``&``.
_RANK_MAJOR_BITS = (1 << 52) - 1
_WORD_POINTS = 56
_WORD_RANKS = 64
_RANK_NIBBLES = sum(1 << 4 * rank for rank in range(13))  # bit 0 of each rank's nibble
_WORD_BIAS = _RANK_NIBBLES << _WORD_RANKS
_WORD_TRIPLES = _WORD_BIAS << 2
_WORD_TRIPLES_SHIFT = _WORD_RANKS + 2  # the triples' bits down to bit 0 of the ranks' nibbles
_WORD_BYTES = 15  # (a counter holds at most 5: the word stays below bit 116)


def _rank_major_bit(card: Card) -> int:
    return 1 << 4 * (card.rank - 1) + "CDHS".index(card.suit)


_WORD_OF_CARD_ID = {
    id(card): _rank_major_bit(card) | card.points << _WORD_POINTS
    | 1 << _WORD_RANKS + 4 * (card.rank - 1) for card in FULL_DECK
}.__getitem__


def _suit_major_tables() -> tuple[tuple[int, ...], ...]:
    """Byte k of a rank-major mask -> the same cards as a suit-major mask (``Card.index``)."""
    index_of_bit = {_rank_major_bit(card).bit_length() - 1: card.index for card in FULL_DECK}
    tables = []
    for k in range(7):
        table = [0] * 256
        for byte in range(1, 256):
            low = byte & -byte
            bit = 8 * k + low.bit_length() - 1
            table[byte] = table[byte ^ low] | (1 << index_of_bit[bit] if bit < 52 else 0)
        tables.append(tuple(table))
    return tuple(tables)


_S0, _S1, _S2, _S3, _S4, _S5, _S6 = _suit_major_tables()


def _suit_major(ranks: int) -> int:
    """The suit-major mask (``Card.index`` bits) of a rank-major mask."""
    return (_S0[ranks & 255] | _S1[ranks >> 8 & 255] | _S2[ranks >> 16 & 255]
            | _S3[ranks >> 24 & 255] | _S4[ranks >> 32 & 255] | _S5[ranks >> 40 & 255]
            | _S6[ranks >> 48])


class _MeldedCards(dict[int, tuple[tuple[tuple[Card, ...], ...], int]]):
    """The melded cards of a hand whose sets (if any) share no card with its runs, rank-major
    -> (the melds' card tuples in ``Arrangement`` order, their points). Such a hand's melds
    depend on these cards alone: the runs are their run cover (a set card is never next to a
    run card of its suit: it would be in the run cover), the sets the rest. Filled on first
    use; emptied when full."""

    def __missing__(self, melded: int) -> tuple[tuple[tuple[Card, ...], ...], int]:
        mask = _suit_major(melded)
        cover = _run_cover(mask)
        melds = [_MELD_CARDS[run] for run in _stretches(cover)]
        sets = mask & ~cover
        while sets:
            rank_cards = sets & _RANK_SPREAD << (sets & -sets).bit_length() - 1
            melds.append(_MELD_CARDS[rank_cards])
            sets ^= rank_cards
        entry = (tuple(sorted(melds)), points_of_mask(mask))
        if len(self) >= _SMALL_MEMO:
            self.clear()
        self[melded] = entry
        return entry


_MELDED_CARDS = _MeldedCards()
_MELDED_CARDS[0] = ((), 0)
_ARRANGED: dict[int, Arrangement] = {}  # best_arrangement_mask's memo by mask (cleared when full)
_ARRANGED_BY_WORD: dict[int, Arrangement] = {}  # best_arrangement's, by its summed word
_new_tuple = tuple.__new__  # Arrangement(...) without the named tuple's Python-level __new__


def best_arrangement(cards: Iterable[Card]) -> Arrangement:
    """The least-deadwood arrangement, leaving the opponent the fewest possible lay-offs.

    Ties in deadwood are broken by how many cards outside the hand could be laid off onto the
    melds (chains included), then by a fixed order of the melds. Never discards.

    >>> from ginrummy_desktop.engine.cards import parse_cards
    >>> print(best_arrangement(parse_cards("AS 2S 3S 4S 4H 4D 9C")))
    [AS 2S 3S] [4D 4H 4S] deadwood 9C (9)
    >>> print(best_arrangement(parse_cards("JH QH KH JC JD")))  # the set takes one lay-off only
    [JC JD JH] deadwood QH KH (20)
    """
    if type(cards) in _SIZED_HANDS:  # one look-up per card (see hand_to_mask), then the memo
        try:
            word: int = sum(map(_WORD_OF_CARD_ID, map(id, cards)), _WORD_BIAS)
        except KeyError:
            pass
        else:
            # The memo is keyed by the whole word: only checked hands are stored, and no hand
            # with a repeated card or more than 11 cards sums to a checked hand's word (its rank
            # counters would count the same cards, but its rank-major bits carry).
            found = _ARRANGED_BY_WORD.get(word)
            if found is not None:
                return found
            ranks = word & _RANK_MAJOR_BITS
            if ranks.bit_count() == len(cards) <= MAX_HAND_SIZE:  # type: ignore[arg-type]
                starts = ranks & ranks >> 4 & ranks >> 8  # three in a row of one suit
                triples = word & _WORD_TRIPLES  # ranks held three times or more
                if starts or triples:
                    melded = starts | starts << 4 | starts << 8
                    if triples:
                        sets = ranks & (triples >> _WORD_TRIPLES_SHIFT) * 15  # those ranks' cards
                        if sets & melded:  # a set and a run compete for a card: try each choice
                            found = _arrange(_suit_major(ranks))
                        melded |= sets
                    if found is None:  # the melds are these cards' (see _MeldedCards)
                        melds, points = _MELDED_CARDS[melded]
                        dead = (word ^ melded).to_bytes(_WORD_BYTES, "little")  # (melded in ranks)
                        found = _new_tuple(Arrangement, (
                            melds,
                            _B0[dead[0]] + _B1[dead[1]] + _B2[dead[2]] + _B3[dead[3]]
                            + _B4[dead[4]] + _B5[dead[5]] + _B6[dead[6]],
                            dead[7] - points))
                else:  # no meld at all (most random hands): every card is deadwood
                    dead = word.to_bytes(_WORD_BYTES, "little")
                    found = _new_tuple(Arrangement, ((), (
                        _B0[dead[0]] + _B1[dead[1]] + _B2[dead[2]] + _B3[dead[3]]
                        + _B4[dead[4]] + _B5[dead[5]] + _B6[dead[6]]), dead[7]))
                if len(_ARRANGED_BY_WORD) >= _SMALL_MEMO:
                    _ARRANGED_BY_WORD.clear()
                _ARRANGED_BY_WORD[word] = found
                return found
    mask, _ = hand_to_mask(cards, "best_arrangement")
    return best_arrangement_mask(mask)


def best_arrangement_mask(mask: int) -> Arrangement:
    """``best_arrangement`` of the hand ``mask`` (unchecked, memoised: arrangements are immutable).

    >>> print(best_arrangement_mask(cards_mask([Card.parse(t) for t in "5H 6H 7H 9C".split()])))
    [5H 6H 7H] deadwood 9C (9)
    """
    found = _ARRANGED.get(mask)
    if found is None:
        found = _arrange(mask)
        if len(_ARRANGED) >= _SMALL_MEMO:
            _ARRANGED.clear()
        _ARRANGED[mask] = found
    return found


def _arrange(mask: int) -> Arrangement:
    """Solve ``best_arrangement_mask`` (not memoised)."""
    c = mask & _SUIT_BITS
    d = mask >> 13 & _SUIT_BITS
    h = mask >> 26 & _SUIT_BITS
    s = mask >> 39
    triples = (c & d & (h | s)) | (h & s & (c | d))
    starts = mask & mask >> 1 & mask >> 2 & _RUN3_STARTS
    points = _SUIT_POINTS
    if not triples:  # no set to choose (most hands): the runs of each suit are the answer
        if not starts:  # no meld at all
            return _new_tuple(Arrangement, ((), mask_cards_sorted(mask), points[c] + points[d]
                                            + points[h] + points[s]))
        cover = starts | starts << 1 | starts << 2
        dead = mask & ~cover
        runs = (_RUNS_C[cover & _SUIT_BITS] + _RUNS_D[cover >> 13 & _SUIT_BITS]
                + _RUNS_H[cover >> 26 & _SUIT_BITS] + _RUNS_S[cover >> 39])
        return _new_tuple(Arrangement, (
            runs if len(runs) == 1 else tuple(sorted(runs)), mask_cards_sorted(dead),
            points[dead & _SUIT_BITS] + points[dead >> 13 & _SUIT_BITS]
            + points[dead >> 26 & _SUIT_BITS] + points[dead >> 39]))
    cover = starts | starts << 1 | starts << 2
    sets = _sets_clear_of(mask, triples, cover)
    if sets is not None:  # sets and runs share no card: one best arrangement, all melded
        melds = (_RUNS_C[cover & _SUIT_BITS] + _RUNS_D[cover >> 13 & _SUIT_BITS]
                 + _RUNS_H[cover >> 26 & _SUIT_BITS] + _RUNS_S[cover >> 39]
                 + tuple(map(_MELD_CARDS.__getitem__, sets)))
        dead = mask & ~(cover | sum(sets))
        return _new_tuple(Arrangement, (
            melds if len(melds) == 1 else tuple(sorted(melds)), mask_cards_sorted(dead),
            points[dead & _SUIT_BITS] + points[dead >> 13 & _SUIT_BITS]
            + points[dead >> 26 & _SUIT_BITS] + points[dead >> 39]))
    found = _best_set_choices(mask)
    if len(found) == 1:
        (sets, cover), = found
        return _arrangement(mask, (*sets, *_stretches(cover)))
    choices = best_meld_masks(mask)
    best = min(choices, key=lambda melds: (layoff_cards_mask(melds, mask).bit_count(), melds))
    return _arrangement(mask, best)
