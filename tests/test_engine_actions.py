"""The engine accepts only its own legal actions, in both games (issue 15, section 2).

Legality is decided by value on exact types; anything else raises ``IllegalActionError`` and
leaves the match exactly as it was, with nothing in its log. Observations are copies.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.actions import ACTION_KINDS, Action, IllegalActionError
from ginrummy_desktop.engine.cards import FULL_DECK, Card
from ginrummy_desktop.engine.cribbage.match import CribbageMatch
from ginrummy_desktop.engine.cribbage.rules import CribbageRules
from ginrummy_desktop.engine.gin import GIN_PRESETS, GinMatch, replay_record
from tests.cheating_bots import LyingAction

ROOT = Path(__file__).resolve().parent.parent


# ----------------------------------------------------------------------------- helpers
def gin_match(seed: int = 1, preset: str = "classic") -> GinMatch:
    return GinMatch(GIN_PRESETS[preset], seed=seed)


def cribbage_match(seed: int = 1, muggins: bool = False) -> CribbageMatch:
    return CribbageMatch(seed=seed, rules=CribbageRules(muggins=muggins))


def everything(match) -> str:
    """The whole state as a caller can see it: snapshot (with the hand's log), records, and
    every seat's observation and view."""
    seats = range(match.num_seats)
    seen = []
    for seat in seats:
        try:
            seen.append(repr(match.observation(seat)))
        except ValueError:  # a seat sitting out this gin hand
            seen.append(None)
        seen.append(repr(match.view(seat)))
    return json.dumps([match.snapshot(), match.hand_records(), seen], sort_keys=True)


def refused(match, seat: int, action: object) -> str:
    """Apply ``action``; assert it is refused with a message and changes nothing at all."""
    before = everything(match)
    with pytest.raises(IllegalActionError) as caught:
        match.apply(seat, action)
    assert str(caught.value).strip()
    assert everything(match) == before
    return str(caught.value)


def advance(match, steps: int, rng: random.Random) -> None:
    """Play ``steps`` random legal moves (fewer if the match ends)."""
    for _ in range(steps):
        seat = match.to_move()
        if seat is None or match.over:
            return
        match.apply(seat, rng.choice(match.observation(seat).legal_actions))


def unheld_card(match, seat: int) -> Card:
    held = set(match.observation(seat).hand)
    return next(card for card in FULL_DECK if card not in held)


# ----------------------------------------------------------------------------- reproductions
class Spy(Action):
    """A subclass whose every method records that the engine called it."""

    __slots__ = ()
    calls: list[str] = []  # noqa: RUF012 - a class-level log on purpose

    def __eq__(self, other: object) -> bool:
        Spy.calls.append("__eq__")
        return True

    def __hash__(self) -> int:
        Spy.calls.append("__hash__")
        return 0

    def __str__(self) -> str:
        Spy.calls.append("__str__")
        return "gin"

    def __repr__(self) -> str:
        Spy.calls.append("__repr__")
        return "gin"

    def __getattribute__(self, name: str):
        Spy.calls.append(name)
        return object.__getattribute__(self, name)


@pytest.mark.parametrize("game", ["gin", "cribbage"])
def test_an_action_subclass_that_equals_everything_is_refused_without_being_called(game) -> None:
    match = gin_match() if game == "gin" else cribbage_match()
    seat = match.to_move()
    hand = match.observation(seat).hand
    Spy.calls.clear()
    message = refused(match, seat, Spy("gin", hand[0]))
    assert "must be an Action" in message and "Spy" in message
    assert Spy.calls == []
    refused(match, seat, LyingAction("gin", hand[0]))
    refused(match, seat, LyingAction("discard", cards=hand[:2]))


class Other(tuple):
    __slots__ = ()


@pytest.mark.parametrize("game", ["gin", "cribbage"])
def test_legal_actions_and_events_in_an_observation_cannot_be_rewritten(game) -> None:
    match = gin_match() if game == "gin" else cribbage_match()
    seat = match.to_move()
    observation = match.observation(seat)
    action = observation.legal_actions[0]
    before = everything(match)
    for name, value in [("kind", "gin"), ("card", observation.hand[0]), ("__class__", Other)]:
        with pytest.raises(AttributeError):
            object.__setattr__(action, name, value)
    with pytest.raises(AttributeError):
        object.__setattr__(action, "bonus", 1)
    card = observation.hand[0]
    for name, value in [("rank", 1), ("suit", "S"), ("__class__", Other)]:
        with pytest.raises(AttributeError):
            object.__setattr__(card, name, value)
    assert type(action) is Action and type(card) is Card and everything(match) == before
    if game == "gin":
        match.apply(seat, Action("pass"))
        event = match.observation(seat).history[-1]
        for name, value in [("kind", "gin"), ("__class__", Other)]:
            with pytest.raises(AttributeError):
                object.__setattr__(event, name, value)


def test_immutable_values_still_copy_pickle_and_compare_by_value() -> None:
    card = Card.parse("TH")
    match = gin_match()
    event = match.observation(match.to_move()).history[0]
    values = [card, Action("discard", card), Action("discard", cards=(card,)), Action("pass"),
              event]
    for value in values:
        for clone in (copy.copy(value), copy.deepcopy(value), pickle.loads(pickle.dumps(value))):
            assert clone == value and type(clone) is type(value) and hash(clone) == hash(value)
    assert Card(True, "H") == Card(1, "H") and type(Card(True, "H").rank) is int
    assert sorted([Card.parse("2C"), Card.parse("AS"), Card.parse("AC")]) == [
        Card.parse("AC"), Card.parse("AS"), Card.parse("2C")]


def test_a_forged_copy_of_a_legal_action_is_judged_by_value() -> None:
    match = gin_match()
    seat = match.to_move()
    observation = match.observation(seat)
    forged = observation.legal_actions[0]._replace(kind="gin", card=observation.hand[0])
    assert "first turn" in refused(match, seat, forged)
    assert [str(a) for a in match.observation(seat).legal_actions] == ["draw_discard TH", "pass"]


def test_observations_are_copies_the_engine_never_reads_again() -> None:
    match = gin_match()
    seat = match.to_move()
    first = match.observation(seat)
    second = match.observation(seat)
    assert first == second
    assert first.rules is not match.rules and first.rules == match.rules
    assert first.rules is not second.rules
    assert isinstance(first.hand, tuple) and isinstance(first.discard_pile, tuple)
    object.__setattr__(first.rules, "gin_bonus", 1000)
    object.__setattr__(first.rules, "knock_limit", 50)
    assert match.rules == GIN_PRESETS["classic"] and match.hand.rules.gin_bonus == 25
    assert match.observation(seat).rules == GIN_PRESETS["classic"]


def test_cribbage_observations_are_copies_too() -> None:
    match = cribbage_match()
    seat = match.to_move()
    observation = match.observation(seat)
    object.__setattr__(observation.rules, "target", 31)
    assert match.rules.target == 121 and match.observation(seat).rules.target == 121
    other = match.observation(1 - seat).hand
    forged = observation.legal_actions[0]._replace(cards=other[:2])  # the opponent's cards
    assert "do not hold" in refused(match, seat, forged)


def test_an_unheld_card_is_refused_and_leaves_no_trace_in_either_game() -> None:
    gin = gin_match()
    seat = gin.to_move()
    gin.apply(seat, Action("pass"))
    gin.apply(1 - seat, Action("pass"))
    seat = gin.to_move()
    gin.apply(seat, Action("draw_stock"))
    stranger = unheld_card(gin, seat)
    assert "do not hold" in refused(gin, seat, Action("discard", stranger))
    for kind in ("knock", "gin"):
        refused(gin, seat, Action(kind, stranger))
    crib = cribbage_match()
    seat = crib.to_move()
    hand = crib.observation(seat).hand
    assert "do not hold" in refused(crib, seat, Action("discard", cards=(hand[0], unheld_card(
        crib, seat))))


def test_a_damaged_snapshot_log_stays_restorable_after_refusals() -> None:
    match = gin_match()
    seat = match.to_move()
    refused(match, seat, Action("discard", unheld_card(match, seat)))
    refused(match, seat, LyingAction("gin", match.observation(seat).hand[0]))
    refused(match, seat, LyingAction("discard", unheld_card(match, seat)))  # half-applied once
    copy = GinMatch.restore(json.loads(json.dumps(match.snapshot())))
    assert copy.snapshot() == match.snapshot()


MALFORMED = {
    "None": lambda hand: None,
    "a string": lambda hand: "pass",
    "a tuple": lambda hand: ("pass", None, (), None),
    "a dict": lambda hand: {"kind": "pass"},
    "a list as kind": lambda hand: Action(["pass"]),  # type: ignore[arg-type]
    "a str subclass as kind": lambda hand: Action(type("Sneaky", (str,), {})("pass")),
    "an unknown kind": lambda hand: Action("win"),
    "cards=None": lambda hand: Action("discard", cards=None),  # type: ignore[arg-type]
    "cards as a list": lambda hand: Action("discard", cards=list(hand[:2])),  # type: ignore[arg-type]
    "a card as text": lambda hand: Action("discard", "AS"),  # type: ignore[arg-type]
    "a card as a tuple": lambda hand: Action("discard", (1, "S")),  # type: ignore[arg-type]
    "a Card subclass": lambda hand: Action("discard", type("Fake", (Card,), {"__slots__": ()})(
        hand[0].rank, hand[0].suit)),
    "an unbuilt card": lambda hand: Action("discard", tuple.__new__(Card, ())),
    "a card with a bogus rank": lambda hand: Action("discard", _bogus_card()),
    "bool points": lambda hand: Action("count", points=True),
    "float points": lambda hand: Action("count", points=1.0),  # type: ignore[arg-type]
    "huge points": lambda hand: Action("count", points=10**5000),
    "an unbuilt Action": lambda hand: tuple.__new__(Action, ()),
    "an Action with a fifth field": lambda hand: tuple.__new__(Action, ("pass", None, (), None, 1)),
    "a subclass with extra attributes": lambda hand: _with_extra(Action("discard", hand[0])),
    "an extra field": lambda hand: Action("pass", points=0),
    "too many cards": lambda hand: Action("discard", cards=tuple(FULL_DECK) * 2),
}


def _bogus_card() -> Card:
    return tuple.__new__(Card, (99, "S"))


def _with_extra(action: Action) -> Action:
    extended = type("Extended", (Action,), {})(action.kind, action.card)  # has a __dict__
    object.__setattr__(extended, "bonus", 1000)
    return extended


@pytest.mark.parametrize("game", ["gin", "cribbage"])
@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_every_malformed_action_is_refused_with_a_message_and_changes_nothing(game, name) -> None:
    match = gin_match() if game == "gin" else cribbage_match()
    seat = match.to_move()
    refused(match, seat, MALFORMED[name](match.observation(seat).hand))


def test_a_refused_action_does_not_stop_the_next_legal_one() -> None:
    match = cribbage_match()
    seat = match.to_move()
    hand = match.observation(seat).hand
    refused(match, seat, Action("discard", cards=None))  # type: ignore[arg-type]
    match.apply(seat, Action("discard", cards=(hand[3], hand[1])))  # any order is the same set
    record_actions = match.snapshot()["actions"]
    assert len(record_actions) == 1
    assert record_actions[0]["action"]["cards"] == " ".join(str(c) for c in sorted(hand[1:4:2]))


# ----------------------------------------------------------------------------- the runner
def run_sim(tmp_path: Path, bot: str, matches: int = 4) -> tuple[dict, list[dict]]:
    records = tmp_path / "records.jsonl"
    command = [
        sys.executable, "-m", "ginrummy_desktop.sim", "gin", "--players",
        f"tests.cheating_bots:{bot}", "simple", "--matches", str(matches), "--seed", "1",
        "--records", str(records), "--json",
    ]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in records.read_text().splitlines() if line.strip()]
    return json.loads(done.stdout), [line for line in lines if "result" in line]


@pytest.mark.parametrize("bot", ["SubclassCheat", "SetattrCheat"])
def test_the_simulator_forfeits_a_cheating_bot_and_records_no_fake_gin(tmp_path, bot) -> None:
    report, hands = run_sim(tmp_path, bot)
    cheater = report["players"][0]
    assert cheater["forfeits"] == 4 and cheater["gins"] == 0 and cheater["match_wins"] == 0
    # Refused (by the engine or the runner), or the bot failed trying to rewrite an action.
    assert all("legal action" in f["reason"] or "AttributeError" in f["reason"]
               for f in report["forfeits"])
    for hand in hands:
        replay_record(hand)
        assert hand["result"]["kind"] not in ("gin", "big_gin") or (
            hand["result"]["hands"][hand["seats"].index(hand["result"]["knocker"])]
            ["deadwood_points"] == 0)


def test_a_bot_that_rewrites_its_rules_still_plays_by_the_real_ones(tmp_path) -> None:
    report, hands = run_sim(tmp_path, "RulesCheat", matches=2)
    assert hands
    for hand in hands:
        assert hand["rules"] == GIN_PRESETS["classic"].to_dict()
        replay_record(hand)
        result = hand["result"]
        if result["kind"] in ("knock", "undercut"):
            knocker = hand["seats"].index(result["knocker"])
            assert result["hands"][knocker]["deadwood_points"] <= 10


# ----------------------------------------------------------------------------- hypothesis
CARDS = st.sampled_from(FULL_DECK)
KINDS = st.sampled_from(sorted(ACTION_KINDS))
JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(max_size=5),
    st.lists(st.integers(), max_size=3), st.tuples(st.integers(1, 13), st.sampled_from("CDHS")),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@st.composite
def hostile_actions(draw) -> object:
    """Anything an agent could hand back: junk, an ``Action`` with fields of the wrong type, a
    subclass, or a well-typed action that may or may not be legal."""
    shape = draw(st.sampled_from(["junk", "bad field", "subclass", "typed"]))
    kind = draw(st.one_of(KINDS, st.text(max_size=8)))
    card = draw(st.one_of(st.none(), CARDS))
    cards = tuple(draw(st.lists(CARDS, max_size=3)))
    points = draw(st.one_of(st.none(), st.integers(-3, 40)))
    if shape == "junk":
        return draw(JUNK)
    if shape == "subclass":
        return LyingAction(kind, card, cards, points)
    if shape == "bad field":
        field = draw(st.sampled_from(["kind", "card", "cards", "points"]))
        values = {"kind": kind, "card": card, "cards": cards, "points": points}
        values[field] = draw(JUNK.filter(lambda v: v is not None or field in ("kind", "cards")))
        return Action(**values)
    return Action(kind, card, cards, points)


def is_legal_by_value(match, seat: int, action: object) -> bool:
    """The test's own oracle: a genuine Action with exactly typed fields equal to a legal one."""
    if type(action) is not Action or type(action.kind) is not str:
        return False
    if action.card is not None and type(action.card) is not Card:
        return False
    if type(action.cards) is not tuple or any(type(c) is not Card for c in action.cards):
        return False
    if action.points is not None and type(action.points) is not int:
        return False
    mine = (action.kind, action.card, tuple(sorted(action.cards)), action.points)
    return any(
        (a.kind, a.card, tuple(sorted(a.cards)), a.points) == mine
        for a in match.observation(seat).legal_actions
    )


FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(
    seed=st.integers(0, 2**32), steps=st.integers(0, 80),
    preset=st.sampled_from(["classic", "oklahoma", "three-player", "partnership"]),
    action=hostile_actions(),
)
def test_hostile_actions_at_random_gin_states_never_change_anything(
    seed, steps, preset, action
) -> None:
    match = gin_match(seed, preset)
    advance(match, steps, random.Random(seed))
    seat = match.to_move()
    if seat is None or is_legal_by_value(match, seat, action):
        return
    refused(match, seat, action)


@FAST
@given(
    seed=st.integers(0, 2**32), steps=st.integers(0, 60), muggins=st.booleans(),
    action=hostile_actions(),
)
def test_hostile_actions_at_random_cribbage_states_never_change_anything(
    seed, steps, muggins, action
) -> None:
    match = cribbage_match(seed, muggins)
    advance(match, steps, random.Random(seed))
    seat = match.to_move()
    if seat is None or is_legal_by_value(match, seat, action):
        return
    refused(match, seat, action)
