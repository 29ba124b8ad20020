"""The wire codec: every observation both games make survives JSON, hostile input is refused."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine import wire
from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.cribbage.spec import CRIBBAGE
from ginrummy_desktop.engine.gin.spec import GIN
from ginrummy_desktop.engine.wire import WireError


def observations(spec, preset: str, seed: int, limit: int = 400):
    """Every observation of a random-play match (both seats, whoever is to move)."""
    session = spec.new_match(spec.parse_rules(preset, {}), seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if session.over:
            return
        seat = session.to_move()
        observation = session.observation(seat)
        yield observation
        session.apply(seat, rng.choice(observation.legal_actions))


@pytest.mark.parametrize(("spec", "preset"), [
    (GIN, "classic"), (GIN, "oklahoma"), (GIN, "partnership"), (GIN, "three-player"),
    (GIN, "hollywood"),
    (CRIBBAGE, "acc"), (CRIBBAGE, "muggins"),
])
def test_every_observation_round_trips_through_json(spec, preset) -> None:
    seen = 0
    for observation in observations(spec, preset, seed=11):
        text = wire.dumps_line(wire.observation_to_wire(observation))
        back = wire.observation_from_wire(wire.loads_line(text))
        assert back == observation
        assert type(back) is type(observation)
        seen += 1
    assert seen > 20


def test_the_encoding_covers_exactly_the_observation_fields() -> None:
    """A field added to an observation must be a conscious wire decision, not silently lost."""
    gin = next(observations(GIN, "classic", 1))
    crib = next(observations(CRIBBAGE, "acc", 1))
    for observation in (gin, crib):
        names = {f.name for f in dataclasses.fields(observation)}
        assert set(wire.observation_to_wire(observation)) == names | {"game"}


def test_cards_are_two_character_texts() -> None:
    observation = next(observations(GIN, "classic", 2))
    data = wire.observation_to_wire(observation)
    assert all(isinstance(c, str) and len(c) == 2 for c in data["hand"])
    assert wire.card_from_wire("TH") == Card(10, "H")
    for bad in ("10H", "th", "T♥", "TX", "", "THX", 5, None):
        with pytest.raises(WireError):
            wire.card_from_wire(bad)


@pytest.mark.parametrize(("action", "data"), [
    (Action("draw_stock"), {"kind": "draw_stock"}),
    (Action("discard", Card(10, "H")), {"kind": "discard", "card": "TH"}),
    (Action("discard", cards=(Card(5, "H"), Card(11, "C"))),
     {"kind": "discard", "cards": ["5H", "JC"]}),
    (Action("count", points=8), {"kind": "count", "points": 8}),
])
def test_actions_encode_only_the_fields_they_use(action, data) -> None:
    assert wire.action_to_wire(action) == data
    assert wire.action_from_wire(data) == action
    assert type(wire.action_from_wire(data)) is Action


@pytest.mark.parametrize(("data", "words"), [
    ([], "expected an object"),
    ({"kind": ["gin"]}, "kind"),
    ({"kind": "discard", "card": None, "extra": 1}, "unknown field"),
    ({"kind": "discard", "card": "10H"}, "not a card"),
    ({"kind": "discard", "cards": None}, "expected a list"),
    ({"kind": "count", "points": True}, "points"),
    ({"kind": "count", "points": 1.5}, "points"),
    ({"kind": "GIN"}, "kind"),
    ({}, "kind"),
])
def test_malformed_actions_are_refused_with_the_field_named(data, words) -> None:
    with pytest.raises(WireError, match=words):
        wire.action_from_wire(data)


def test_lookalike_actions_do_not_encode_and_no_method_of_theirs_is_called() -> None:
    class Sneaky(Action):
        def __eq__(self, other):
            raise AssertionError("called")

        __hash__ = Action.__hash__

    with pytest.raises(WireError, match="not an Action"):
        wire.action_to_wire(Sneaky("gin"))
    # Exactly an Action (or Card) underneath, but with fields no constructor would accept:
    for forged in (tuple.__new__(Action, (["gin"], None, (), None)),
                   tuple.__new__(Action, ("discard", tuple.__new__(Card, (99, "X")), (), None)),
                   tuple.__new__(Action, ("count", None, (), True))):
        with pytest.raises(WireError):
            wire.action_to_wire(forged)


def test_strict_lines_refuse_nan_deep_nesting_huge_numbers_and_bad_utf8() -> None:
    assert wire.loads_line('{"a":[1,2]}') == {"a": [1, 2]}
    for line, words in [
        ('{"a":NaN}', "NaN"), ('[1, Infinity]', "Infinity"), ("[" * 100_000, "nested"),
        ("1" * 5000, "acceptable"), (b'{"a":"\xff"}', "UTF-8"), ("{", "not JSON"),
    ]:
        with pytest.raises(WireError, match=words):
            wire.loads_line(line)
    with pytest.raises(WireError, match="longer"):
        wire.loads_line("[" + "1," * 100 + "1]", max_bytes=50)
    with pytest.raises(ValueError):
        wire.dumps_line({"a": float("nan")})


def test_observation_decoding_refuses_unknown_and_missing_fields() -> None:
    data = wire.observation_to_wire(next(observations(GIN, "classic", 3)))
    with pytest.raises(WireError, match="unknown field"):
        wire.observation_from_wire({**data, "stock": ["AS"]})
    partial = dict(data)
    del partial["hand"]
    with pytest.raises(WireError, match="missing field 'hand'"):
        wire.observation_from_wire(partial)
    with pytest.raises(WireError, match="game"):
        wire.observation_from_wire({**data, "game": "poker"})


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(["kind", "card", "cards", "points", "x"]), children,
                      max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_any_json_value_decodes_to_an_action_or_a_wire_error(value) -> None:
    try:
        action = wire.action_from_wire(value)
    except WireError as error:
        assert str(error)
    else:
        assert type(action) is Action
        assert wire.action_from_wire(wire.action_to_wire(action)) == action


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["seat", "hand", "rules", "legal_actions", "history", "upcard", "scores"]),
       json_values)
def test_a_gin_observation_with_any_field_replaced_decodes_or_is_refused(name, value) -> None:
    data = json.loads(json.dumps(wire.observation_to_wire(next(observations(GIN, "classic", 5)))))
    data[name] = value
    try:
        wire.observation_from_wire(data)
    except WireError as error:
        assert str(error)
