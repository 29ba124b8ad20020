"""Meld solver: hand-written rule cases and a brute-force cross-check on random hands."""

from __future__ import annotations

import doctest
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.cards import FULL_DECK, Card, cards_mask, parse_cards
from ginrummy_desktop.engine.gin import melds
from ginrummy_desktop.engine.gin.melds import (
    ALL_MELD_MASKS,
    all_best_arrangements,
    best_arrangement,
    best_discard_deadwood_mask,
    deadwood_after_each_discard_mask,
    deadwood_cards_mask,
    meld_masks_containing,
    melded_in_any_mask,
    min_deadwood,
    min_deadwood_mask,
)
from tests.meld_reference import ref_is_meld, ref_melds_in, ref_packings, ref_points

# ---------------------------------------------------------------------------------------------
# Reference solver built on tests/meld_reference.py.


def ref_deadwood(hand: frozenset[Card], packing) -> int:
    melded = frozenset().union(*packing) if packing else frozenset()
    return ref_points(hand - melded)


@cache
def ref_min_deadwood(hand: frozenset[Card]) -> int:
    return min(ref_deadwood(hand, p) for p in ref_packings(hand))


def ref_min_after_discard(hand: frozenset[Card]) -> int:
    return min(ref_min_deadwood(hand - {c}) for c in hand)


def ref_normalise(packing) -> frozenset[frozenset[Card]]:
    """Sets as they are; run cards of each suit split into maximal consecutive blocks."""
    sets = [m for m in packing if len({c.rank for c in m}) == 1]
    run_cards = sorted(c for m in packing if m not in sets for c in m)
    blocks: list[list[Card]] = []
    for card in sorted(run_cards, key=lambda c: (c.suit, c.rank)):
        last = blocks[-1][-1] if blocks else None
        if last and last.suit == card.suit and last.rank + 1 == card.rank:
            blocks[-1].append(card)
        else:
            blocks.append([card])
    return frozenset([*sets, *(frozenset(b) for b in blocks)])


def ref_best_layouts(hand: frozenset[Card]) -> set[frozenset[frozenset[Card]]]:
    best = ref_min_deadwood(hand)
    return {ref_normalise(p) for p in ref_packings(hand) if ref_deadwood(hand, p) == best}


def ref_layoff_reach(packing, hand: frozenset[Card]) -> set[Card]:
    """Cards outside the hand that could be laid off onto the melds, found by laying them on."""
    reach: set[Card] = set()
    for meld in packing:
        current = set(meld)
        grew = True
        while grew:
            grew = False
            for card in FULL_DECK:
                if card not in current and card not in hand and ref_is_meld((*current, card)):
                    current.add(card)
                    reach.add(card)
                    grew = True
    return reach


# ---------------------------------------------------------------------------------------------
# Hand strategies: uniform hands, plus dense hands from a few ranks and suits, where melds
# overlap and the solver has real choices to make.


def hands(size: int) -> st.SearchStrategy[frozenset[Card]]:
    uniform = st.lists(st.sampled_from(FULL_DECK), min_size=size, max_size=size, unique=True)

    @st.composite
    def dense(draw) -> list[Card]:
        low = draw(st.integers(1, 9))
        width = draw(st.integers(4, 5))
        suits = draw(st.sampled_from(["CDHS", "CDH", "DHS", "CHS"]))
        pool = [Card(r, s) for r in range(low, min(low + width, 14)) for s in suits]
        return draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))

    return st.one_of(uniform, dense()).map(frozenset)


FAST = settings(max_examples=150, deadline=None)


# ---------------------------------------------------------------------------------------------
# Hand-written rule cases.


def test_ace_is_low_in_runs() -> None:
    assert min_deadwood(parse_cards("AS 2S 3S")) == 0


def test_queen_king_ace_is_not_a_run() -> None:
    assert min_deadwood(parse_cards("QS KS AS")) == 21


def test_run_must_be_one_suit_and_consecutive() -> None:
    assert min_deadwood(parse_cards("4S 5H 6S")) == 15
    assert min_deadwood(parse_cards("4S 5S 7S")) == 16


def test_set_of_four_and_set_of_three() -> None:
    assert min_deadwood(parse_cards("9C 9D 9H 9S")) == 0
    assert min_deadwood(parse_cards("9C 9D 9H KS")) == 10


def test_card_counts_in_one_meld_only() -> None:
    # 7H completes the set or the run, not both: the run wins and 7C 7D stay deadwood.
    assert min_deadwood(parse_cards("7C 7D 7H 8H 9H")) == 14
    arrangement = best_arrangement(parse_cards("7C 7D 7H 8H 9H"))
    all_cards = [c for meld in arrangement.melds for c in meld] + list(arrangement.deadwood)
    assert sorted(all_cards) == sorted(parse_cards("7C 7D 7H 8H 9H"))
    assert arrangement.deadwood == tuple(parse_cards("7C 7D"))


def test_four_set_gives_a_card_to_a_run() -> None:
    hand = parse_cards("7S 7H 7D 7C 8H 9H")
    assert min_deadwood(hand) == 0
    assert best_arrangement(hand).melds == (
        tuple(parse_cards("7C 7D 7S")),
        tuple(parse_cards("7H 8H 9H")),
    )


def test_long_run_is_shown_whole() -> None:
    arrangement = best_arrangement(parse_cards("2D 3D 4D 5D 6D 7D 8D KC"))
    assert arrangement.melds == (tuple(parse_cards("2D 3D 4D 5D 6D 7D 8D")),)
    assert arrangement.deadwood == (Card.parse("KC"),)
    assert arrangement.deadwood_points == 10


def test_runs_of_different_suits_are_never_joined() -> None:
    # KC and AD are neighbours in the card index, not in the game.
    arrangement = best_arrangement(parse_cards("JC QC KC AD 2D 3D"))
    assert arrangement.melds == (tuple(parse_cards("AD 2D 3D")), tuple(parse_cards("JC QC KC")))


def test_eleven_cards_discard_the_best_card() -> None:
    hand = parse_cards("AS 2S 3S 5H 5D 5C 9C TC JC KD QH")
    # Keep the three melds, discard a court card: the other one stays.
    assert min_deadwood(hand) == 10
    assert min_deadwood(parse_cards("AS 2S 3S 5H 5D 5C 9C TC JC QC KD")) == 0


def test_discarding_from_a_hand_that_is_one_meld() -> None:
    assert best_discard_deadwood_mask(cards_mask(parse_cards("5H 6H 7H"))) == 11
    assert best_discard_deadwood_mask(cards_mask(parse_cards("5H 6H 7H 8H"))) == 0
    assert best_discard_deadwood_mask(cards_mask(parse_cards("5H 6H 7H 2C 3C 4C"))) == 5


def test_eleven_cards_breaking_a_four_card_meld_can_give_gin() -> None:
    hand = parse_cards("AS 2S 3S 4S 5H 5D 5C 9C TC JC QC")
    assert min_deadwood(hand) == 0
    discards = deadwood_after_each_discard_mask(cards_mask(hand))
    assert discards[Card.parse("AS").index] == 0
    assert discards[Card.parse("2S").index] == 8  # breaks the run: AS, 3S, 4S are deadwood
    assert min(discards.values()) == best_discard_deadwood_mask(cards_mask(hand))


def test_memoised_answers_are_not_shared_objects() -> None:
    mask = cards_mask(parse_cards("AS 2S 3S 4S 5H 5D 5C 9C TC JC KD"))
    first = deadwood_after_each_discard_mask(mask)
    first.clear()  # a caller changing its copy must not change later answers
    again = deadwood_after_each_discard_mask(mask)
    melds.clear_meld_memos()
    assert again == deadwood_after_each_discard_mask(mask)
    assert again[Card.parse("KD").index] == 0


def test_tie_prefers_fewer_possible_layoffs() -> None:
    # JH can go in the run JH-QH-KH (TH..AH could be laid off: 10 cards) or the set of jacks
    # (only JS): both leave 20 points.
    hand = parse_cards("JH QH KH JC JD")
    assert len(all_best_arrangements(hand)) == 2
    assert best_arrangement(hand).melds == (tuple(parse_cards("JC JD JH")),)


def test_layoff_reach_stops_at_cards_in_the_hand() -> None:
    # The knocker's own 9H blocks the chain below JH-QH-KH: only TH could be laid off.
    run = cards_mask(parse_cards("JH QH KH"))
    blocked = melds.layoff_cards_mask([run], Card.parse("9H").mask)
    assert blocked == Card.parse("TH").mask
    assert melds.layoff_cards_mask([run]).bit_count() == 10
    four = cards_mask(parse_cards("5C 5D 5H 5S"))
    assert melds.layoff_cards_mask([four]) == 0


def test_empty_hand_and_no_melds() -> None:
    assert min_deadwood([]) == 0
    assert best_arrangement([]).melds == ()
    assert min_deadwood(parse_cards("KS QH JD TC 9S")) == 49


def test_deadwood_cards_mask_marks_cards_deadwood_in_some_best_arrangement() -> None:
    hand = parse_cards("JH QH KH JC JD 2S")
    dead = {c for c in FULL_DECK if deadwood_cards_mask(cards_mask(hand)) >> c.index & 1}
    assert dead == set(parse_cards("QH KH JC JD 2S"))


def test_melded_in_any_mask_ignores_partial_melds() -> None:
    hand = parse_cards("5D 6D 8D 5H 5C 2S 2C")
    mask = melded_in_any_mask(cards_mask(hand))
    assert {c for c in FULL_DECK if mask >> c.index & 1} == set(parse_cards("5D 5H 5C"))


def test_meld_tables() -> None:
    assert len(ALL_MELD_MASKS) == len(set(ALL_MELD_MASKS)) == 329
    as_cards = [tuple(c for c in FULL_DECK if m >> c.index & 1) for m in ALL_MELD_MASKS]
    assert all(ref_is_meld(cards) for cards in as_cards)
    assert sum(len({c.rank for c in cards}) == 1 for cards in as_cards) == 65
    seven_hearts = Card.parse("7H")
    containing = meld_masks_containing(seven_hearts.index)
    assert set(containing) == {m for m in ALL_MELD_MASKS if m & seven_hearts.mask}


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (parse_cards("AS AS 2S"), "appears twice"),
        (parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS"), "at most 11"),
        (["AS"], "not a Card"),
    ],
)
def test_bad_input_gets_a_clear_message(cards, message: str) -> None:
    for function in (min_deadwood, best_arrangement, all_best_arrangements):
        with pytest.raises(ValueError, match=message):
            function(cards)


def test_docstring_examples() -> None:
    assert doctest.testmod(melds).failed == 0


# ---------------------------------------------------------------------------------------------
# Brute-force cross-checks.


@FAST
@given(st.integers(0, 10).flatmap(hands))
def test_min_deadwood_matches_reference(hand: frozenset[Card]) -> None:
    expected = ref_min_deadwood(hand)
    assert min_deadwood(hand) == expected
    assert min_deadwood_mask.__wrapped__(cards_mask(hand)) == expected


@settings(max_examples=100, deadline=None)
@given(hands(11))
def test_eleven_card_functions_match_reference(hand: frozenset[Card]) -> None:
    mask = cards_mask(hand)
    assert min_deadwood(hand) == ref_min_after_discard(hand)
    assert best_discard_deadwood_mask.__wrapped__(mask) == ref_min_after_discard(hand)
    each = deadwood_after_each_discard_mask(mask)
    assert each == {c.index: ref_min_deadwood(hand - {c}) for c in hand}


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 10).flatmap(hands))
def test_discard_functions_on_smaller_hands(hand: frozenset[Card]) -> None:
    # Bots also ask about partial hands; a hand that is exactly one meld must break it.
    mask = cards_mask(hand)
    assert best_discard_deadwood_mask.__wrapped__(mask) == ref_min_after_discard(hand)
    each = deadwood_after_each_discard_mask(mask)
    assert each == {c.index: ref_min_deadwood(hand - {c}) for c in hand}


@FAST
@given(st.integers(3, 10).flatmap(hands))
def test_arrangements_match_reference(hand: frozenset[Card]) -> None:
    best = ref_min_deadwood(hand)
    arrangements = all_best_arrangements(hand)
    for a in arrangements:
        laid = [c for meld in a.melds for c in meld] + list(a.deadwood)
        assert sorted(laid) == sorted(hand)
        assert all(ref_is_meld(meld) and list(meld) == sorted(meld) for meld in a.melds)
        assert a.deadwood_points == ref_points(a.deadwood) == best
    layouts = {frozenset(frozenset(m) for m in a.melds) for a in arrangements}
    assert layouts == ref_best_layouts(hand)
    assert len(layouts) == len(arrangements)

    chosen = best_arrangement(hand)
    assert chosen in arrangements
    assert best_arrangement(sorted(hand, reverse=True)) == chosen  # order of input is irrelevant
    fewest = min(len(ref_layoff_reach(layout, hand)) for layout in layouts)
    assert len(ref_layoff_reach(frozenset(frozenset(m) for m in chosen.melds), hand)) == fewest

    mask = cards_mask(hand)
    some_dead = set().union(*(a.deadwood for a in arrangements))
    assert deadwood_cards_mask.__wrapped__(mask) == cards_mask(some_dead)
    in_any_meld = set().union(*ref_melds_in(hand))
    assert melded_in_any_mask(mask) == cards_mask(in_any_meld)
