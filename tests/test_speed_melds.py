"""The fast meld solver (issue 43) gives exactly the answers of the packing search it replaced.

The reference below is the previous solver, kept verbatim in spirit: list candidate melds (runs
of 3-5, sets of 3-4), enumerate every packing of disjoint candidates, and read each answer off
the packings. Bots replay card for card only if every answer, ties and their order included, is
the same, so each public mask-level function is compared on random hands, biased towards hands
rich in melds (a few ranks, or one suit), where the set-choice shortcut has the most to get wrong.
"""

from __future__ import annotations

import copy
import itertools
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.cards import (
    FULL_DECK,
    Card,
    cards_mask,
    mask_cards,
    mask_cards_sorted,
    parse_cards,
)
from ginrummy_desktop.engine.gin import melds
from ginrummy_desktop.engine.gin.melds import (
    best_arrangement,
    best_arrangement_mask,
    best_discard_deadwood_mask,
    best_meld_masks,
    clear_meld_memos,
    deadwood_after_each_discard_mask,
    deadwood_cards_mask,
    layoff_cards_mask,
    melded_in_any_mask,
    min_deadwood,
    min_deadwood_mask,
    points_of_mask,
)

# ---------------------------------------------------------------------------------------------
# The packing-search reference (the solver before issue 43).


def _packings(mask: int) -> list[tuple[int, tuple[int, ...]]]:
    """Every packing of disjoint candidate melds as (points, melds), the empty one too."""
    cands = melds._candidates(mask)
    found: list[tuple[int, tuple[int, ...]]] = []

    def extend(start: int, points: int, cover: int, chosen: tuple[int, ...]) -> None:
        found.append((points, chosen))
        for j in range(start, len(cands)):
            meld, meld_points = cands[j]
            if not meld & cover:
                extend(j + 1, points + meld_points, cover | meld, (*chosen, meld))

    extend(0, 0, 0, ())
    return found


def ref_min_deadwood(mask: int) -> int:
    return points_of_mask(mask) - max(points for points, _ in _packings(mask))


def ref_after_each_discard(mask: int) -> dict[int, int]:
    return {card.index: ref_min_deadwood(mask & ~card.mask) for card in mask_cards(mask)}


def ref_best_discard(mask: int) -> int:
    return min(ref_after_each_discard(mask).values(), default=0)


def ref_best_meld_masks(mask: int) -> list[tuple[int, ...]]:
    packings = _packings(mask)
    best = max(points for points, _ in packings)
    return sorted({melds._merge_touching_runs(chosen) for points, chosen in packings
                   if points == best})


def ref_deadwood_cards(mask: int) -> int:
    result = 0
    for chosen in ref_best_meld_masks(mask):
        result |= mask & ~sum(chosen)
    return result


def ref_best_arrangement(mask: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], int]:
    choices = ref_best_meld_masks(mask)
    chosen = min(choices, key=lambda ms: (layoff_cards_mask(ms, mask).bit_count(), ms))
    dead = mask & ~sum(chosen)
    meld_cards = sorted((tuple(sorted(mask_cards(m))) for m in chosen), key=lambda t: (t[0], t))
    return tuple(meld_cards), tuple(sorted(mask_cards(dead))), points_of_mask(dead)


# ---------------------------------------------------------------------------------------------
# Hands: any cards, or cards from a few ranks or one suit (sets and runs that compete).


@st.composite
def hands(draw: st.DrawFn, max_size: int = 11) -> int:
    size = draw(st.integers(0, max_size))
    pool = draw(st.sampled_from(["any", "few ranks", "one suit and a rank"]))
    if pool == "any":
        cards = list(FULL_DECK)
    elif pool == "few ranks":
        ranks = draw(st.sets(st.integers(1, 13), min_size=3, max_size=5))
        cards = [card for card in FULL_DECK if card.rank in ranks]
    else:
        suit = draw(st.sampled_from("CDHS"))
        rank = draw(st.integers(1, 13))
        cards = [card for card in FULL_DECK if card.suit == suit or card.rank == rank]
    chosen = draw(st.lists(st.sampled_from(cards), min_size=min(size, len(cards)),
                           max_size=min(size, len(cards)), unique=True))
    return cards_mask(chosen)


FAST = settings(max_examples=600, deadline=None)


@FAST
@given(hands())
def test_every_mask_answer_equals_the_packing_search(mask: int) -> None:
    clear_meld_memos()
    assert min_deadwood_mask(mask) == ref_min_deadwood(mask)
    assert best_meld_masks(mask) == ref_best_meld_masks(mask)
    assert deadwood_cards_mask(mask) == ref_deadwood_cards(mask)
    assert deadwood_after_each_discard_mask(mask) == ref_after_each_discard(mask)
    assert list(deadwood_after_each_discard_mask(mask)) == sorted(
        deadwood_after_each_discard_mask(mask))  # index order, as the bots iterate it
    if mask:
        assert best_discard_deadwood_mask(mask) == ref_best_discard(mask)


def _ref_melded_in_any(mask: int) -> int:
    union = 0
    for meld, _ in melds._candidates(mask):
        union |= meld
    return union


@FAST
@given(hands())
def test_melded_in_any_is_the_union_of_the_candidate_melds(mask: int) -> None:
    assert melded_in_any_mask(mask) == _ref_melded_in_any(mask)


@FAST
@given(hands(max_size=11))
def test_best_arrangement_equals_the_packing_search_cold_and_from_the_memo(mask: int) -> None:
    clear_meld_memos()
    expected = ref_best_arrangement(mask)
    cold = best_arrangement(mask_cards(mask))
    assert (cold.melds, cold.deadwood, cold.deadwood_points) == expected
    warm = best_arrangement(list(reversed(mask_cards(mask))))  # a memo hit, any card order
    assert warm == cold and best_arrangement_mask(mask) == cold


@FAST
@given(st.integers(0, (1 << 52) - 1))
def test_cards_of_a_mask_in_sorted_order(mask: int) -> None:
    assert mask_cards_sorted(mask) == tuple(sorted(mask_cards(mask)))


# ---------------------------------------------------------------------------------------------
# The fast way in (one object per card, looked up by id) never changes what callers see.


def test_every_way_of_making_a_card_gives_the_one_object() -> None:
    seven = FULL_DECK[32]
    assert str(seven) == "7H"
    for made in (Card(7, "H"), Card.parse("7h"), Card.parse("7♥"), Card.from_index(32),
                 copy.copy(seven), copy.deepcopy(seven), pickle.loads(pickle.dumps(seven))):
        assert made is seven


def test_card_checks_are_unchanged() -> None:
    for rank, suit in ((0, "H"), (14, "H"), (7.0, "H"), ("7", "H"), (7, "X"), (7, "h")):
        with pytest.raises(ValueError):
            Card(rank, suit)  # type: ignore[arg-type]


class _MarkedCard(Card):
    """A subclass instance is a different object: the fast path must fall back, not fail."""

    __slots__ = ()


def test_any_iterable_of_cards_gives_the_same_answers() -> None:
    cards = parse_cards("7S 7H 7D 7C 8H 9H 2C 3C 4C KD")
    expected = best_arrangement(cards)
    subclass_cards = [_MarkedCard(card.rank, card.suit) for card in cards]
    for given_as in (tuple(cards), set(cards), frozenset(cards), iter(cards),
                     (card for card in cards), subclass_cards):
        assert best_arrangement(given_as) == expected
    assert min_deadwood(subclass_cards) == min_deadwood(cards) == 10
    assert cards_mask(subclass_cards) == cards_mask(cards) == cards_mask(iter(cards))
    assert cards_mask([cards[0], cards[0]]) == cards[0].mask  # duplicates collapse, as before


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ([(7, "S"), (8, "S"), (9, "S")], "is not a Card"),  # equal tuples are not cards
        ([FULL_DECK[0], (7, "S")], "is not a Card"),
        ([FULL_DECK[0], FULL_DECK[0]], "appears twice"),
        (list(FULL_DECK[:12]), "at most 11"),
        ([None], "is not a Card"),
    ],
)
def test_the_fast_path_still_refuses_bad_hands(cards: list, message: str) -> None:
    for function in (min_deadwood, best_arrangement):
        with pytest.raises(ValueError, match=message):
            function(cards)


def test_a_repeated_card_never_answers_from_the_memo() -> None:
    """Two copies of a card carry into the next card's bit (rank-major), so a hand with a repeat
    has the cards of another hand; with that hand memoised it must still be refused."""
    ordered = sorted(FULL_DECK)  # rank-major: the order of best_arrangement's bits
    king = ordered[-1]
    for card, following in itertools.pairwise(ordered):
        extra = [king] if following is not king else []
        carried = [following, *extra]
        assert best_arrangement(carried).deadwood == tuple(sorted(carried))  # memoised
        with pytest.raises(ValueError, match="appears twice"):
            best_arrangement([card, card, *extra])


def test_best_arrangement_on_many_random_hands_equals_the_packing_search() -> None:
    """Beyond hypothesis's examples: 3,000 seeded random hands of 10 and 11 cards, each answered
    cold, from the memo, and through the mask-level call, equal the reference (issue 43)."""
    from ginrummy_desktop.engine.rng import StableRandom

    rng = StableRandom(43)
    deck = list(FULL_DECK)
    for number in range(3000):
        rng.shuffle(deck)
        hand = deck[: 10 + number % 2]
        mask = cards_mask(hand)
        expected = ref_best_arrangement(mask)
        if number % 100 == 0:
            clear_meld_memos()
        cold = best_arrangement(hand)
        assert (cold.melds, cold.deadwood, cold.deadwood_points) == expected, hand
        assert best_arrangement(tuple(reversed(hand))) is cold
        clear_meld_memos()
        assert best_arrangement_mask(mask) == cold
