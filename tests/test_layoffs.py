"""Lay-offs: the defender's joint choice of melds and lay-offs, checked by hand and by brute force.

The brute-force helpers come from tests/meld_reference.py, shared with test_melds.py.
"""

from __future__ import annotations

import doctest
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.cards import FULL_DECK, Card, cards_mask, parse_cards
from ginrummy_desktop.engine.gin import layoffs
from ginrummy_desktop.engine.gin.layoffs import (
    defender_deadwood_mask,
    defender_result,
    possible_layoff_cards,
)
from ginrummy_desktop.engine.gin.melds import ALL_MELD_MASKS, best_arrangement
from tests.meld_reference import ref_is_meld, ref_packings, ref_points


def ref_defender_deadwood(hand: frozenset[Card], knocker: list[tuple[Card, ...]]) -> int:
    """Try every own-meld packing and every assignment of the rest to knocker melds."""
    best = ref_points(hand)
    for packing in ref_packings(hand):
        rest = sorted(hand - frozenset().union(*packing)) if packing else sorted(hand)
        # Each remaining card stays deadwood or joins a knocker meld sharing its suit or rank.
        options = [
            [None] + [i for i, meld in enumerate(knocker)
                      if any(c.suit == card.suit or c.rank == card.rank for c in meld)]
            for card in rest
        ]
        for choice in itertools.product(*options):
            grown = [list(meld) for meld in knocker]
            for card, target in zip(rest, choice, strict=True):
                if target is not None:
                    grown[target].append(card)
            if all(ref_is_meld(tuple(meld)) for meld in grown):
                dead = [card for card, target in zip(rest, choice, strict=True) if target is None]
                best = min(best, ref_points(dead))
    return best


def assert_result_is_legal(result, hand, knocker) -> None:
    """Own melds are melds, lay-offs can be laid one at a time, every card is used once."""
    placed = [c for meld in result.melds for c in meld]
    placed += [card for card, _ in result.layoffs] + list(result.deadwood)
    assert sorted(placed) == sorted(hand)
    assert all(ref_is_meld(meld) for meld in result.melds)
    grown = [list(meld) for meld in knocker]
    for card, index in result.layoffs:
        grown[index].append(card)
        assert ref_is_meld(tuple(grown[index])), f"{card} cannot go onto meld {index} yet"
    assert result.deadwood_points == ref_points(result.deadwood)


def layoff_table(result) -> list[tuple[str, int]]:
    return [(str(card), index) for card, index in result.layoffs]


# ---------------------------------------------------------------------------------------------
# Hand-written cases.


def test_chain_onto_a_run_in_laying_order() -> None:
    knocker = [parse_cards("5H 6H 7H")]
    result = defender_result(parse_cards("9H 8H KS"), knocker)
    assert layoff_table(result) == [("8H", 0), ("9H", 0)]
    assert result.deadwood == (Card.parse("KS"),)
    assert result.deadwood_points == 10


def test_chains_at_both_ends_and_downwards() -> None:
    knocker = [parse_cards("5H 6H 7H")]
    result = defender_result(parse_cards("3H 4H 8H 2C"), knocker)
    assert sorted(layoff_table(result)) == [("3H", 0), ("4H", 0), ("8H", 0)]
    # 4H is laid before 3H: it is the card that touches the run.
    order = [str(card) for card, _ in result.layoffs]
    assert order.index("4H") < order.index("3H")
    assert result.deadwood_points == 2


def test_gap_breaks_the_chain() -> None:
    result = defender_result(parse_cards("9H TH"), [parse_cards("5H 6H 7H")])
    assert result.layoffs == ()
    assert result.deadwood_points == 19


def test_set_is_completed_to_four_only() -> None:
    knocker = [parse_cards("KC KD KS")]
    assert layoff_table(defender_result(parse_cards("KH QH"), knocker)) == [("KH", 0)]
    four = [parse_cards("KC KD KS KH")]
    assert defender_result(parse_cards("QH"), four).layoffs == ()


def test_no_wrap_around_king_to_ace() -> None:
    result = defender_result(parse_cards("AH"), [parse_cards("JH QH KH")])
    assert result.layoffs == ()


def test_card_goes_where_it_enables_more() -> None:
    # 8H fits the set of eights or the run; on the run it lets 9H follow.
    knocker = [parse_cards("5H 6H 7H"), parse_cards("8C 8D 8S")]
    result = defender_result(parse_cards("8H 9H"), knocker)
    assert layoff_table(result) == [("8H", 0), ("9H", 0)]
    assert result.deadwood_points == 0


def test_card_worth_more_laid_off_than_melded() -> None:
    # Alone, the defender would meld all four fives (deadwood 4D 6S = 10). Laying 5S off lets 6S
    # follow it: melds 5C 5D 5H, lay-offs 5S and 6S, deadwood 4D only.
    hand = parse_cards("4D 5C 5D 5H 5S 6S")
    knocker = [parse_cards("2S 3S 4S")]
    assert best_arrangement(hand).deadwood_points == 10
    result = defender_result(hand, knocker)
    assert result.melds == (tuple(parse_cards("5C 5D 5H")),)
    assert layoff_table(result) == [("5S", 0), ("6S", 0)]
    assert result.deadwood_points == 4


def test_run_card_laid_off_so_a_set_can_form() -> None:
    hand = parse_cards("7C 7H 7S 8H 9H JS")
    knocker = [parse_cards("TH JH QH KH")]
    result = defender_result(hand, knocker)
    assert result.melds == (tuple(parse_cards("7C 7H 7S")),)
    assert layoff_table(result) == [("9H", 0), ("8H", 0)]
    assert result.deadwood_points == 10


def test_never_onto_deadwood_only_onto_given_melds() -> None:
    # The defender's 8H would fit next to 7H, but 7H is not in any meld the knocker laid down.
    result = defender_result(parse_cards("8H"), [])
    assert result.layoffs == () and result.deadwood_points == 8


def test_defender_melds_are_kept_and_shown_joined() -> None:
    result = defender_result(parse_cards("2D 3D 4D 5D 6D 7D KS"), [parse_cards("9C TC JC")])
    assert result.melds == (tuple(parse_cards("2D 3D 4D 5D 6D 7D")),)
    assert result.deadwood_points == 10


def test_possible_layoff_cards_with_chains_and_blockers() -> None:
    run = parse_cards("5H 6H 7H")
    assert possible_layoff_cards([run]) == set(parse_cards("AH 2H 3H 4H 8H 9H TH JH QH KH"))
    assert possible_layoff_cards([run], parse_cards("4H 9H")) == set(parse_cards("8H"))
    assert possible_layoff_cards([parse_cards("2C 2D 2H")]) == {Card.parse("2S")}
    assert possible_layoff_cards([]) == set()


@pytest.mark.parametrize(
    ("defender", "knocker", "message"),
    [
        (parse_cards("AS AS"), [parse_cards("5H 6H 7H")], "appears twice"),
        (parse_cards("AS"), [parse_cards("5H 6H 8H")], "not a set or a run"),
        (parse_cards("5H"), [parse_cards("5H 6H 7H")], "already in another hand"),
        (parse_cards("AS"), [parse_cards("5H 6H 7H"), parse_cards("7H 7C 7D")], "already"),
        (parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS"), [], "at most 11"),
    ],
)
def test_bad_input_gets_a_clear_message(defender, knocker, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        defender_result(defender, knocker)


def test_docstring_examples() -> None:
    assert doctest.testmod(layoffs).failed == 0


# ---------------------------------------------------------------------------------------------
# Brute-force cross-check on random knocks.

_SMALL_MELDS = [tuple(c for c in FULL_DECK if m >> c.index & 1) for m in ALL_MELD_MASKS
                if m.bit_count() <= 5]


@st.composite
def knocks(draw) -> tuple[frozenset[Card], list[tuple[Card, ...]]]:
    knocker: list[tuple[Card, ...]] = []
    used: set[Card] = set()
    for meld in draw(st.lists(st.sampled_from(_SMALL_MELDS), min_size=1, max_size=3)):
        if not used & set(meld):
            knocker.append(meld)
            used |= set(meld)
    rest = [c for c in FULL_DECK if c not in used]
    # Mostly cards near the knocker's melds, where lay-offs and own melds compete.
    near = [c for c in rest if any(abs(c.rank - k.rank) <= 3 for m in knocker for k in m)]
    pool = draw(st.sampled_from([near, rest])) if len(near) >= 10 else rest
    size = draw(st.integers(1, 10))
    hand = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))
    return frozenset(hand), knocker


@settings(max_examples=150, deadline=None)
@given(knocks())
def test_defender_result_matches_reference(knock) -> None:
    hand, knocker = knock
    result = defender_result(hand, knocker)
    assert_result_is_legal(result, hand, knocker)
    assert result.deadwood_points == ref_defender_deadwood(hand, knocker)
    masks = tuple(cards_mask(m) for m in knocker)
    assert defender_deadwood_mask.__wrapped__(cards_mask(hand), masks) == result.deadwood_points
