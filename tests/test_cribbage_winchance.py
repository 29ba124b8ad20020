"""The game-win chances of Cribbage and the positional discard built on them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ginrummy_desktop.engine.cribbage import _hand_points, winchance
from tools import cribbage_hand_points

NEEDS = st.integers(min_value=1, max_value=winchance.MAX_NEED)
ROUNDING = 1 / 65535  # the stored table's resolution


def test_between_equals_the_first_dealer_is_favoured_as_published():
    # The first dealer wins about 55.5% between equal players (shared/reference.md).
    assert 0.42 < winchance.pone_win_chance(121, 121) < 0.47
    # In a 61-point game the dealer's edge matters more: one hand is a bigger share of it.
    assert winchance.pone_win_chance(61, 61) > winchance.pone_win_chance(121, 121)


@given(NEEDS, NEEDS)
def test_needing_fewer_points_never_lowers_the_chance(pone, dealer):
    chance = winchance.pone_win_chance(pone, dealer)
    assert 0.0 <= chance <= 1.0
    if pone > 1:
        assert winchance.pone_win_chance(pone - 1, dealer) >= chance - ROUNDING
    if dealer > 1:
        assert winchance.pone_win_chance(pone, dealer - 1) <= chance + ROUNDING


def test_a_game_over_or_beyond_the_target_is_refused_or_clamped():
    with pytest.raises(ValueError, match="at least a point"):
        winchance.pone_win_chance(0, 5)
    assert winchance.pone_win_chance(500, 3) == winchance.pone_win_chance(121, 3)


@given(st.lists(st.integers(min_value=0, max_value=24), min_size=1, max_size=46),
       st.booleans(), NEEDS, NEEDS, st.floats(min_value=-3, max_value=3))
def test_a_better_hand_or_a_better_own_crib_never_lowers_the_chance(
    points, is_dealer, mine, theirs, shift
):
    chance = winchance.keep_win_chance(points, is_dealer, mine, theirs, shift)
    assert -1e-9 <= chance <= 1 + 1e-9
    better = [p + 2 for p in points]
    assert winchance.keep_win_chance(better, is_dealer, mine, theirs, shift) >= chance - 1e-9
    # The crib is the dealer's: more in it helps the dealer and hurts the pone.
    more_crib = winchance.keep_win_chance(points, is_dealer, mine, theirs, shift + 1)
    assert (more_crib >= chance - 1e-9) if is_dealer else (more_crib <= chance + 1e-9)


def test_a_pone_whose_hand_always_counts_out_loses_only_to_the_dealers_pegging():
    # Needing 3 with a show of at least 3 whatever the starter, the pone wins unless the dealer
    # pegs out first (needing 2, with the pone not pegging its 3 in the same hand).
    chance = winchance.keep_win_chance([3] * 46, False, 3, 2, 0.0)
    dealer_first = sum(c for p, d, c in winchance.PEGGING if d >= 2 and p < 3)
    both = sum(c for p, d, c in winchance.PEGGING if d >= 2 and p >= 3)
    assert chance == pytest.approx(1 - dealer_first - both * winchance.BOTH_PEG_OUT)


def test_a_seeded_chunk_of_the_hand_points_is_what_the_generator_plays():
    chunk = cribbage_hand_points.chunk_histograms(7)
    assert sum(chunk["pone_show"].values()) == cribbage_hand_points.HANDS_PER_CHUNK
    for part, histogram in chunk.items():
        for outcome, count in histogram.items():
            assert _hand_points.HISTOGRAMS[part][outcome] >= count


def test_the_stored_chances_are_what_the_committed_histograms_solve_to():
    solved = cribbage_hand_points.solve_pone_chances(_hand_points.HISTOGRAMS)
    assert cribbage_hand_points.encode_chances(solved) == _hand_points.PONE_CHANCES
    assert _hand_points.HANDS == cribbage_hand_points.CHUNKS * cribbage_hand_points.HANDS_PER_CHUNK
