""""Try again" sets a recorded hand up exactly as it stood before the chosen decision."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.cribbage.match import action_from_json
from ginrummy_desktop.engine.cribbage.practice import cribbage_practice
from ginrummy_desktop.engine.gin.hand import GinHand
from ginrummy_desktop.engine.gin.practice import gin_practice
from ginrummy_desktop.engine.gin.rules import GinRules
from ginrummy_desktop.engine.review import practice as shared_practice
from tests.test_review_engine import cribbage_records, gin_records


def _replayed(record, actions):
    hand = GinHand.deal(GinRules.from_dict(record["rules"]),
                        [Card.parse(c) for c in record["deck"]], record["salt"],
                        tuple(record["seats"]), record["hand_number"])
    for actor, kind, code in record["actions"][:actions]:
        hand.apply(actor, Action(kind, None if code is None else Card.parse(code)))
    return hand


@settings(max_examples=20, deadline=None)
@given(hand=st.integers(0, 2), seat_choice=st.integers(0, 1), fraction=st.floats(0, 1))
def test_gin_practice_is_the_recorded_table_with_the_person_in_seat_0(hand, seat_choice,
                                                                      fraction):
    record = gin_records()[hand]
    seat = record["seats"][seat_choice]
    step = 1 + int(fraction * (len(record["actions"]) - 1))
    match = gin_practice(record, seat, step)
    original = _replayed(record, step - 1)
    mine = original.position_of(seat)
    assert match.hand.hands[match.hand.position_of(0)] == original.hands[mine]
    assert match.hand.hands[match.hand.position_of(1)] == original.hands[1 - mine]
    assert match.hand.discard_pile == original.discard_pile
    assert match.hand.stock_size == original.stock_size
    assert match.hand.phase == original.phase
    due = original.to_move_seat
    assert match.to_move() == (0 if due == seat else 1)
    # The recorded move of that moment is legal on the practice table.
    actor, kind, code = record["actions"][step - 1]
    action = Action(kind, None if code is None else Card.parse(code))
    match.apply(0 if actor == seat else 1, action)


def test_gin_practice_scores_are_those_before_the_hand():
    records = gin_records()
    later = records[1]
    match = gin_practice(later, later["seats"][0], 1)
    assert sorted(match.scores) == sorted(records[0]["scores"])


def test_gin_practice_refuses_a_seat_that_did_not_play():
    with pytest.raises(ValueError, match="did not play"):
        gin_practice(gin_records()[0], 7, 1)


@pytest.mark.parametrize("step", [1, 3, 6, 9])
def test_cribbage_practice_stands_before_the_step(step):
    record = cribbage_records()[0]
    match = cribbage_practice(record, step)
    entry = record["actions"][step - 1]
    assert match.to_move() == entry["seat"]
    match.apply(entry["seat"], action_from_json(entry["action"]))  # still legal there
    assert len(match.played) == sum(1 for e in record["actions"][:step]
                                    if e["action"]["kind"] == "play")


def test_cribbage_practice_starts_from_the_scores_before_the_hand():
    record = cribbage_records()[1]
    assert list(cribbage_practice(record, 1).scores) == list(record["scores_before"])


def test_practice_asks_the_records_game():
    gin_record, cribbage_record = gin_records()[0], cribbage_records()[0]
    seat = gin_record["seats"][1]
    gin_match = shared_practice.practice(gin_record, seat, 3)
    assert gin_match.observation(0) == gin_practice(gin_record, seat, 3).observation(0)
    cribbage_match = shared_practice.practice(cribbage_record, 0, 2)
    assert cribbage_match.observation(0) == cribbage_practice(cribbage_record, 2).observation(0)
    assert not shared_practice.can_practise("chess")
    with pytest.raises(ValueError, match="cannot be practised"):
        shared_practice.practice({"game": "chess"}, 0, 1)
