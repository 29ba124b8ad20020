"""Exact Cribbage scoring for the show (hand or crib + starter) and for the play (pegging).

Two layers: itemized scorers (``score_show``, ``play_items``) that say which cards made which
points, in the words players use; and a fast rank-pattern scorer (``show_points``) for bots and
the exhaustive benchmark. Fifteens, pairs and runs depend only on the five ranks, so that part is
cached per sorted rank tuple (6,175 patterns); flush and nobs are added from the suits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from operator import itemgetter
from typing import Any

from ginrummy_desktop.engine import translation
from ginrummy_desktop.engine.cards import (
    BIT_BY_CARD_ID,
    Card,
    cards_mask,
    format_cards,
    mask_cards_sorted,
    require_distinct,
)


class _English:
    """The words as hand records, snapshots and the wire keep them: English in every language
    (the catalogue's own message ids), so a record reads the same whoever wrote it. Each
    function here takes ``lang``: this, or ``translation`` (the chosen language) for what a
    player reads."""

    @staticmethod
    def tr(message: str) -> str:
        return message

    @staticmethod
    def tr_n(singular: str, plural: str, count: int) -> str:
        return singular if count == 1 else plural

    @staticmethod
    def tr_ctx(context: str, message: str) -> str:
        return message


#: The words records keep (pass as ``lang``); the default everywhere is the chosen language.
ENGLISH: Any = _English()
CHOSEN: Any = translation

#: The most a hand or crib can score in the show: 5 5 5 J with the fourth five turned up and
#: the jack of its suit (twenty-nine).
MAX_SHOW_POINTS = 29

# Names for 2, 3 and 4 of a rank, in the show and in the play.
_SET_NAMES = {2: "pair", 3: "pair royal", 4: "double pair royal"}
_SET_POINTS = {2: 2, 3: 6, 4: 12}


def _number_words(lang: Any) -> tuple[str, ...]:
    # Translators: numbers as a cribbage player says them counting a hand ("fifteen two").
    return (
        lang.tr_ctx("spoken number", "zero"), lang.tr_ctx("spoken number", "one"),
        lang.tr_ctx("spoken number", "two"), lang.tr_ctx("spoken number", "three"),
        lang.tr_ctx("spoken number", "four"), lang.tr_ctx("spoken number", "five"),
        lang.tr_ctx("spoken number", "six"), lang.tr_ctx("spoken number", "seven"),
        lang.tr_ctx("spoken number", "eight"), lang.tr_ctx("spoken number", "nine"),
        lang.tr_ctx("spoken number", "ten"), lang.tr_ctx("spoken number", "eleven"),
        lang.tr_ctx("spoken number", "twelve"), lang.tr_ctx("spoken number", "thirteen"),
        lang.tr_ctx("spoken number", "fourteen"), lang.tr_ctx("spoken number", "fifteen"),
        lang.tr_ctx("spoken number", "sixteen"), lang.tr_ctx("spoken number", "seventeen"),
        lang.tr_ctx("spoken number", "eighteen"), lang.tr_ctx("spoken number", "nineteen"),
        lang.tr_ctx("spoken number", "twenty"), lang.tr_ctx("spoken number", "twenty-one"),
        lang.tr_ctx("spoken number", "twenty-two"),
        lang.tr_ctx("spoken number", "twenty-three"),
        lang.tr_ctx("spoken number", "twenty-four"),
        lang.tr_ctx("spoken number", "twenty-five"),
        lang.tr_ctx("spoken number", "twenty-six"),
        lang.tr_ctx("spoken number", "twenty-seven"),
        lang.tr_ctx("spoken number", "twenty-eight"),
        lang.tr_ctx("spoken number", "twenty-nine"),
    )


def number_word(value: int, lang: Any = CHOSEN) -> str:
    """``12 -> "twelve"`` (digits beyond the largest hand score)."""
    words = _number_words(lang)
    return words[value] if 0 <= value < len(words) else str(value)


def item_words(item: ScoreItem, lang: Any = CHOSEN) -> str:
    """How a player announces ``item`` when pegging, e.g. ``"Pair royal for 6"``."""
    points = item.points
    kind = item.kind
    if kind == "run":
        return lang.tr("Run of {length} for {points}").format(length=len(item.cards),
                                                              points=points)
    said = {
        "fifteen": lambda: lang.tr("Fifteen for {points}"),
        "thirty-one": lambda: lang.tr("31 for {points}"),
        "pair": lambda: lang.tr("Pair for {points}"),
        "pair royal": lambda: lang.tr("Pair royal for {points}"),
        "double pair royal": lambda: lang.tr("Double pair royal for {points}"),
        "go": lambda: lang.tr("Go for {points}"),
        "last card": lambda: lang.tr("Last card for {points}"),
        "heels": lambda: lang.tr("His heels for {points}"),
        "nobs": lambda: lang.tr("His nobs for {points}"),
        "flush": lambda: lang.tr("Flush for {points}"),
        "claimed": lambda: lang.tr("Claimed for {points}"),
        "muggins": lambda: lang.tr("Muggins for {points}"),
    }.get(kind)
    if said is None:  # a kind from a newer record: its own name
        return lang.tr("{combination} for {points}").format(combination=kind.capitalize(),
                                                            points=points)
    return str(said()).format(points=points)


def show_phrase(item: ScoreItem, lang: Any = CHOSEN) -> str:
    """``item``'s name as counted in the show: ``"a pair"``, ``"a run of four"``."""
    kind, size = item.kind, len(item.cards)
    if kind == "run" and 3 <= size <= 5:
        return (lang.tr("a run of three"), lang.tr("a run of four"),
                lang.tr("a run of five"))[size - 3]
    if kind == "flush" and size in (4, 5):
        return lang.tr("a four-card flush") if size == 4 else lang.tr("a five-card flush")
    phrase = {
        "nobs": lambda: lang.tr("his nobs"),
        "fifteen": lambda: lang.tr("a fifteen"),
        "pair": lambda: lang.tr("a pair"),
        "pair royal": lambda: lang.tr("a pair royal"),
        "double pair royal": lambda: lang.tr("a double pair royal"),
    }.get(kind)
    if phrase is None:  # a kind from a newer record
        return lang.tr("a {combination}").format(combination=kind)
    return str(phrase())


def spoken(items: Sequence[ScoreItem], lang: Any = CHOSEN, finished: bool = True) -> str:
    """The count as players say it: ``"fifteen two, fifteen four and a pair is six"``
    (``finished`` False: the count so far, no "and" before the last combination said)."""
    if not items:
        return lang.tr("nothing (nineteen)")
    phrases = []
    running = 0
    for item in items:
        running += item.points
        total = number_word(running, lang)
        if item.kind == "fifteen":
            phrases.append(lang.tr("fifteen {total}").format(total=total))
        else:
            phrases.append(lang.tr("{combination} is {total}").format(
                combination=show_phrase(item, lang), total=total))
    if len(phrases) == 1:
        return phrases[0]
    comma = lang.tr(", ")
    if not finished:
        return comma.join(phrases)
    return lang.tr("{counted} and {last}").format(counted=comma.join(phrases[:-1]),
                                                  last=phrases[-1])


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One scoring combination: ``kind`` (e.g. ``"fifteen"``, ``"run"``), its cards, points."""

    kind: str
    cards: tuple[Card, ...]
    points: int

    @property
    def words(self) -> str:
        """How a player announces it when pegging, e.g. ``"Pair royal for 6"`` (in the chosen
        language; ``item_words(item, ENGLISH)`` is what records keep)."""
        return item_words(self)

    @property
    def show_phrase(self) -> str:
        """The item's name as counted in the show: ``"a pair"``, ``"a run of four"``."""
        return show_phrase(self)

    def to_json(self) -> dict:
        return {"kind": self.kind, "cards": format_cards(self.cards), "points": self.points}


@dataclass(frozen=True, slots=True)
class ShowScore:
    """A hand's or crib's score in the show, itemized."""

    items: tuple[ScoreItem, ...]

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)

    @property
    def spoken(self) -> str:
        """The count as players say it: ``"fifteen two, fifteen four and a pair is six"`` (in
        the chosen language; ``spoken(score.items, ENGLISH)`` is what records keep)."""
        return spoken(self.items)

    def spoken_after(self, counted: int) -> str:
        """The count as said so far, after the first ``counted`` items: no "and" until the
        last combination is reached; the whole count (``spoken``) once every item is said."""
        if counted >= len(self.items):
            return self.spoken
        if counted <= 0:
            return ""
        return spoken(self.items[:counted], finished=False)


@dataclass(frozen=True, slots=True)
class ShowPart:
    """One group counted in the show: ``what`` is ``"hand"`` or ``"crib"``; ``score`` is None
    until the starter is turned up."""

    seat: int
    what: str
    cards: tuple[Card, ...]
    score: ShowScore | None

    @property
    def is_crib(self) -> bool:
        return self.what == "crib"


def show_parts(dealer: int, kept: Sequence[Sequence[Card]], crib: Sequence[Card],
               starter: Card | None) -> tuple[ShowPart, ...]:
    """The show in counting order: the pone's hand, the dealer's hand, then the crib."""
    pone = 1 - dealer
    groups = ((pone, "hand", kept[pone]), (dealer, "hand", kept[dealer]), (dealer, "crib", crib))
    return tuple(
        ShowPart(seat, what, tuple(sorted(cards)),
                 None if starter is None or len(cards) != 4
                 else score_show(cards, starter, is_crib=(what == "crib")))
        for seat, what, cards in groups
    )


def _check_show_cards(hand: Iterable[Card], starter: Card) -> tuple[list[Card], Card]:
    cards = require_distinct(list(hand), "hand")
    if len(cards) != 4:
        raise ValueError(f"a cribbage hand or crib has 4 cards, not {len(cards)}")
    if not isinstance(starter, Card):
        raise ValueError(f"starter: {starter!r} is not a Card")
    if starter in cards:
        raise ValueError(f"the starter {starter} is also in the hand")
    return cards, starter


def score_show(hand: Iterable[Card], starter: Card, is_crib: bool = False) -> ShowScore:
    """Score four cards with the starter: fifteens, pairs, runs, flush, nobs, itemized.

    >>> from ginrummy_desktop.engine.cards import Card, parse_cards
    >>> score = score_show(parse_cards("5C 5D 5H JS"), Card.parse("5S"))
    >>> score.total
    29
    """
    cards = list(hand) if type(hand) is not list else hand
    try:  # the usual case: four of the 52 cards and a fifth, all different (one table look-up)
        mask = sum(map(BIT_BY_CARD_ID.__getitem__, map(id, cards))) + BIT_BY_CARD_ID[id(starter)]
    except KeyError:
        mask = 0
    if len(cards) != 4 or mask.bit_count() != 5:
        cards, starter = _check_show_cards(cards, starter)  # raises the readable message
        mask = cards_mask([*cards, starter])
    five = mask_cards_sorted(mask)  # by rank, then suit
    items = [ScoreItem(kind, pick(five), points)
             for kind, pick, points in _rank_items(tuple(map(_RANK_OF, five)))]
    suit = cards[0][1]
    if cards[1][1] == suit and cards[2][1] == suit and cards[3][1] == suit:
        if starter[1] == suit:
            items.append(ScoreItem("flush", five, 5))
        elif not is_crib:
            items.append(ScoreItem("flush", tuple(cards), 4))
    for card in cards:
        if card[0] == 11 and card[1] == starter[1]:
            items.append(ScoreItem("nobs", (card,), 1))
    return ShowScore(tuple(items))


_RANK_OF = itemgetter(0)
# Every combination of the five sorted cards, by size then in order (as itertools gives them).
_COMBINATIONS = [combo for size in range(2, 6) for combo in combinations(range(5), size)]


@cache
def _rank_items(ranks: tuple[int, ...]) -> tuple[tuple[str, Callable[..., tuple[Card, ...]], int],
                                                   ...]:
    """The fifteens, pairs and runs of five sorted ranks, in the order they are counted, as
    (kind, picker of the cards from the five sorted cards, points). Suits change none of them,
    so this is worked out once per rank pattern (6,175 of them)."""
    found: list[tuple[str, tuple[int, ...], int]] = []
    values = [min(rank, 10) for rank in ranks]
    for combo in _COMBINATIONS:
        if sum(values[i] for i in combo) == 15:
            found.append(("fifteen", combo, 2))
    for rank in sorted(set(ranks)):
        same = tuple(i for i in range(5) if ranks[i] == rank)
        if len(same) >= 2:
            found.append((_SET_NAMES[len(same)], same, _SET_POINTS[len(same)]))
    for size in (5, 4, 3):  # every distinct longest run (a double run is two runs of three...)
        runs = [combo for combo in combinations(range(5), size)
                if all(ranks[b] == ranks[a] + 1 for a, b in zip(combo, combo[1:], strict=False))]
        if runs:
            found.extend(("run", combo, size) for combo in runs)
            break
    return tuple((kind, itemgetter(*combo), points) for kind, combo, points in found)


# ---------------------------------------------------------------------------- fast scorer


@cache
def rank_points(ranks: tuple[int, ...]) -> int:
    """Fifteens + pairs + runs of five sorted ranks (the part of a score suits cannot change)."""
    counts = [0] * 15
    for rank in ranks:
        counts[rank] += 1
    # Fifteens: count subsets by running sum (values are at most 10, so sums stay small).
    ways = [1] + [0] * 15
    for rank in ranks:
        value = min(rank, 10)
        for total in range(15, value - 1, -1):
            ways[total] += ways[total - value]
    points = 2 * ways[15]
    points += sum(c * (c - 1) for c in counts)
    rank = 1
    while rank <= 13:
        if counts[rank]:
            start, product = rank, 1
            while rank <= 13 and counts[rank]:
                product *= counts[rank]
                rank += 1
            length = rank - start
            if length >= 3:
                points += length * product
        else:
            rank += 1
    return points


def show_points(hand: Sequence[Card], starter: Card, is_crib: bool = False) -> int:
    """The same total as ``score_show(...).total``, fast and without validation."""
    a, b, c, d = hand
    total = rank_points(tuple(sorted((a.rank, b.rank, c.rank, d.rank, starter.rank))))
    suit = a.suit
    if suit == b.suit == c.suit == d.suit:
        if starter.suit == suit:
            total += 5
        elif not is_crib:
            total += 4
    for card in hand:
        if card.rank == 11 and card.suit == starter.suit:
            total += 1
    return total


# ---------------------------------------------------------------------------- the play


def _check_play_cards(cards: Iterable[Card]) -> list[Card]:
    played = require_distinct(list(cards), "cards played")
    if not played:
        raise ValueError("no cards played on this count")
    count = sum(card.points for card in played)
    if count > 31:
        raise ValueError(f"the count would be {count}; it may never pass 31")
    return played


def play_items(cards: Sequence[Card]) -> list[ScoreItem]:
    """What the last card scores on the current count, itemized (no go or last card)."""
    played = _check_play_cards(cards)
    return _play_items_unchecked(played)


def _play_items_unchecked(played: Sequence[Card]) -> list[ScoreItem]:
    items = []
    count = sum(card.points for card in played)
    last = played[-1]
    if count == 15:
        items.append(ScoreItem("fifteen", tuple(played), 2))
    elif count == 31:
        items.append(ScoreItem("thirty-one", tuple(played), 2))
    same = 1
    while same < len(played) and played[-same - 1].rank == last.rank:
        same += 1
    if same >= 2:
        items.append(ScoreItem(_SET_NAMES[same], tuple(played[-same:]), _SET_POINTS[same]))
    run = play_run_length([card.rank for card in played])
    if run:
        items.append(ScoreItem("run", tuple(played[-run:]), run))
    return items


def play_run_length(ranks: Sequence[int]) -> int:
    """Length of the longest run (3+) formed by the last cards, in any order, or 0."""
    best = 0
    seen = 0
    low, high = 14, 0
    for size, rank in enumerate(reversed(ranks), start=1):
        bit = 1 << rank
        if seen & bit:
            break  # a repeated rank breaks every longer window
        seen |= bit
        low = min(low, rank)
        high = max(high, rank)
        if size >= 3 and high - low == size - 1:
            best = size
    return best


def score_play(cards: Sequence[Card]) -> int:
    """Points the last card scores on the current count (cards since the last reset, in order).

    Go and last card are not included. ``score_play(parse_cards("3S 5D 4H"))`` is 3.
    """
    return sum(item.points for item in play_items(cards))


def play_points_for_ranks(ranks: Sequence[int], count: int) -> int:
    """Fast pegging points of the last rank given the count after it (for searches)."""
    points = 2 if count in (15, 31) else 0
    last = ranks[-1]
    same = 1
    n = len(ranks)
    while same < n and ranks[-same - 1] == last:
        same += 1
    if same >= 2:
        points += _SET_POINTS[same]
    elif n >= 3:
        points += play_run_length(ranks)
    return points
