"""A compact bit-mask meld solver tuned for the bots' inner loops (rollouts, inference).

The engine's ``melds`` module is the reference for correctness; this one trades generality for
speed: hands are 52-bit integers (bit ``card.index``), melds present in a hand are found from
each card's own short list, and the best packing is a tiny depth-first search because a real
hand rarely holds more than a handful of melds. Results are memoised per hand mask.
"""

from __future__ import annotations

SUIT_COUNT = 4
RANKS = 13
POINTS: tuple[int, ...] = tuple(min(i % RANKS + 1, 10) for i in range(52))


def _build_meld_tables() -> tuple[list[list[int]], list[list[int]], dict[int, int]]:
    runs_from: list[list[int]] = [[] for _ in range(52)]
    sets_from: list[list[int]] = [[] for _ in range(52)]
    value: dict[int, int] = {}
    for suit in range(SUIT_COUNT):
        for start in range(RANKS - 2):
            for length in range(3, RANKS - start + 1):
                mask = 0
                for rank in range(start, start + length):
                    mask |= 1 << (suit * RANKS + rank)
                runs_from[suit * RANKS + start].append(mask)
    for rank in range(RANKS):
        bits = [1 << (suit * RANKS + rank) for suit in range(SUIT_COUNT)]
        full = sum(bits)
        sets_from[rank].append(full)
        for skipped in range(SUIT_COUNT):
            mask = full & ~bits[skipped]
            lowest = (mask & -mask).bit_length() - 1
            sets_from[lowest].append(mask)
    for table in (runs_from, sets_from):
        for masks in table:
            for mask in masks:
                value[mask] = mask_points(mask)
    return runs_from, sets_from, value


def mask_points(mask: int) -> int:
    """Sum of the card points of every card in ``mask``."""
    total = 0
    while mask:
        low = mask & -mask
        total += POINTS[low.bit_length() - 1]
        mask ^= low
    return total


RUNS_FROM, SETS_FROM, MELD_VALUE = _build_meld_tables()
ALL_MELDS: tuple[int, ...] = tuple(MELD_VALUE)


def melds_in(hand: int) -> list[int]:
    """Every meld (as a mask) wholly inside ``hand``."""
    found = []
    rest = hand
    while rest:
        low = rest & -rest
        rest ^= low
        index = low.bit_length() - 1
        for run in RUNS_FROM[index]:
            if run & hand != run:
                break  # longer runs from this card need this one's cards too
            found.append(run)
        for meld in SETS_FROM[index]:
            if meld & hand == meld:
                found.append(meld)
    return found


def _packings(melds: list[int], values: dict[int, int]) -> list[tuple[int, int]]:
    """All sets of pairwise disjoint melds as (union mask, melded points), the empty one first."""
    result = [(0, 0)]
    stack = [(0, 0, 0)]
    count = len(melds)
    while stack:
        start, used, total = stack.pop()
        for j in range(start, count):
            meld = melds[j]
            if meld & used:
                continue
            entry = (used | meld, total + values[meld])
            result.append(entry)
            stack.append((j + 1, entry[0], entry[1]))
    return result


def _best_melded(melds: list[int], values: dict[int, int]) -> tuple[int, int]:
    best_used, best_value = 0, 0
    for used, total in _packings(melds, values):
        if total > best_value:
            best_used, best_value = used, total
    return best_used, best_value


_DEADWOOD_CACHE: dict[int, int] = {}
_AFTER_DISCARD_CACHE: dict[int, tuple[tuple[int, int], ...]] = {}
_CACHE_LIMIT = 400_000


def deadwood(hand: int) -> int:
    """Least deadwood of ``hand`` (any size)."""
    cached = _DEADWOOD_CACHE.get(hand)
    if cached is not None:
        return cached
    melds = melds_in(hand)
    result = mask_points(hand)
    if melds:
        result -= _best_melded(melds, MELD_VALUE)[1]
    if len(_DEADWOOD_CACHE) > _CACHE_LIMIT:
        _DEADWOOD_CACHE.clear()
    _DEADWOOD_CACHE[hand] = result
    return result


def after_each_discard(hand: int) -> tuple[tuple[int, int], ...]:
    """``(card index, least deadwood of the rest)`` for every card of ``hand``, in index order."""
    cached = _AFTER_DISCARD_CACHE.get(hand)
    if cached is not None:
        return cached
    total = mask_points(hand)
    packings = _packings(melds_in(hand), MELD_VALUE)
    result = []
    rest = hand
    while rest:
        low = rest & -rest
        rest ^= low
        best = 0
        for used, value in packings:
            if value > best and not used & low:
                best = value
        index = low.bit_length() - 1
        result.append((index, total - POINTS[index] - best))
    frozen = tuple(result)
    if len(_AFTER_DISCARD_CACHE) > _CACHE_LIMIT:
        _AFTER_DISCARD_CACHE.clear()
    _AFTER_DISCARD_CACHE[hand] = frozen
    return frozen


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


def melded_in_any(hand: int) -> int:
    """Union of every meld inside ``hand``: the cards that belong to at least one meld."""
    union = 0
    for meld in melds_in(hand):
        union |= meld
    return union


def best_arrangements(hand: int) -> list[list[int]]:
    """Every least-deadwood arrangement of ``hand`` as a list of meld masks."""
    melds = melds_in(hand)
    if not melds:
        return [[]]
    best = _best_melded(melds, MELD_VALUE)[1]
    arrangements: list[list[int]] = []

    def walk(start: int, used: int, total: int, chosen: list[int]) -> None:
        if total == best:
            arrangements.append(list(chosen))
        for j in range(start, len(melds)):
            meld = melds[j]
            if not meld & used:
                chosen.append(meld)
                walk(j + 1, used | meld, total + MELD_VALUE[meld], chosen)
                chosen.pop()

    walk(0, 0, 0, [])
    return arrangements


def layoff_pieces(knocker_melds: list[int]) -> list[int]:
    """Groups of cards a defender may lay off on ``knocker_melds`` (each group as one mask).

    A set of three accepts its fourth card; a run accepts chains extending either end.
    """
    pieces = []
    for meld in knocker_melds:
        low_index = (meld & -meld).bit_length() - 1
        high_index = meld.bit_length() - 1
        if low_index // RANKS == high_index // RANKS:  # a run (all one suit)
            suit_base = low_index // RANKS * RANKS
            chain = 0
            for index in range(low_index - 1, suit_base - 1, -1):
                chain |= 1 << index
                pieces.append(chain)
            chain = 0
            for index in range(high_index + 1, suit_base + RANKS):
                chain |= 1 << index
                pieces.append(chain)
        elif bin(meld).count("1") == 3:
            rank = low_index % RANKS
            for suit in range(SUIT_COUNT):
                bit = 1 << (suit * RANKS + rank)
                if not meld & bit:
                    pieces.append(bit)
    return pieces


def defender_deadwood(defender: int, knocker_melds: list[int]) -> int:
    """The defender's least deadwood when it may also lay off on the knocker's melds."""
    pieces = [p for p in layoff_pieces(knocker_melds) if p & defender == p]
    melds = melds_in(defender)
    if not pieces:
        return deadwood(defender)
    values = {meld: MELD_VALUE[meld] for meld in melds}
    for piece in pieces:
        values[piece] = mask_points(piece)
    return mask_points(defender) - _best_melded(list(values), values)[1]


def fewest_layoff_arrangement(hand: int, danger: int) -> list[int]:
    """Among the least-deadwood arrangements, the one accepting the fewest ``danger`` cards."""
    options = best_arrangements(hand)
    best, best_count = options[0], 1 << 30
    for option in options:
        count = 0
        for piece in layoff_pieces(option):
            if bin(piece).count("1") == 1 and piece & danger:
                count += 1
        if count < best_count:
            best, best_count = option, count
    return best
