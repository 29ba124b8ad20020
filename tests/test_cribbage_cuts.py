"""Player cuts: the cut for the deal and the starter cut as engine actions, verifiable records."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.cribbage import CribbageMatch, CribbageRules
from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS
from ginrummy_desktop.engine.cribbage.cuts import MIN_CUT, cut_depths, deal_cut_errors
from ginrummy_desktop.engine.cribbage.observation import DEAL_CUT, PLAY, STARTER_CUT
from ginrummy_desktop.engine.cribbage.records import replay_record
from ginrummy_desktop.engine.records_check import check_records
from ginrummy_desktop.engine.wire import observation_from_wire, observation_to_wire

CUTS = CribbageRules(player_cuts=True)


def discard_both(match: CribbageMatch) -> None:
    for _ in range(2):
        seat = match.to_move()
        match.apply(seat, match.observation(seat).legal_actions[0])


def to_starter_cut(seed: int) -> CribbageMatch:
    match = CribbageMatch(seed=seed, rules=CUTS, first_dealer=0)
    discard_both(match)
    assert match.phase == STARTER_CUT
    return match


def bot_game(seed: int, rules: CribbageRules = CUTS) -> CribbageMatch:
    match = CribbageMatch(seed=seed, rules=rules)
    bots = [BUILTIN_BOTS["greedy"](seed=seed), BUILTIN_BOTS["careful"](seed=seed + 1)]
    while not match.over:
        seat = match.to_move()
        match.apply(seat, bots[seat].choose(match.observation(seat)))
    return match


def test_a_game_with_player_cuts_opens_with_the_cut_for_the_deal() -> None:
    match = CribbageMatch(seed=4, rules=CUTS)
    assert match.phase == DEAL_CUT and match.to_move() == 0 and match.hand_number == 0
    observation = match.observation(0)
    assert observation.pack_size == 52
    assert [a.points for a in observation.legal_actions] == list(range(MIN_CUT, 49))
    assert match.observation(1).legal_actions == ()
    match.apply(0, Action("cut", points=20))
    second = match.observation(1)
    assert second.pack_size == 51 and len(second.deal_cuts) == 1  # seat 0's card lies face up
    assert second.legal_actions[-1] == Action("cut", points=47)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), first=st.integers(MIN_CUT, 48), second=st.integers(4, 47))
def test_any_deal_cut_in_bounds_is_legal_and_the_lower_card_deals(seed: int, first: int,
                                                                  second: int) -> None:
    match = CribbageMatch(seed=seed, rules=CUTS)
    match.apply(0, Action("cut", points=first))
    card0 = match.observation(1).deal_cuts[0][1]
    match.apply(1, Action("cut", points=second))
    rounds = match.view(0).deal_cuts
    assert rounds[0][0] == card0
    if match.phase == DEAL_CUT:  # equal ranks: both cut again, from a new pack
        assert rounds[0][0].rank == rounds[0][1].rank and match.to_move() == 0
        return
    low, high = rounds[-1]
    assert high is not None and low.rank != high.rank
    assert match.dealer == (0 if low.rank < high.rank else 1)
    assert match.hand_number == 1 and len(match.hands[0]) == 6


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), depth=st.integers(MIN_CUT, 36))
def test_any_starter_cut_in_bounds_turns_up_that_card_of_the_committed_deck(seed: int,
                                                                           depth: int) -> None:
    match = to_starter_cut(seed)
    deck = list(match._deck)
    pone = 1 - match.dealer
    assert match.to_move() == pone
    assert len(match.legal_actions(pone)) == len(cut_depths(40))
    match.apply(pone, Action("cut", points=depth))
    assert match.starter == deck[12 + depth]
    assert match.phase in (PLAY, "over") and match.view(0).starter_cut == depth


hostile_cuts = st.one_of(
    st.integers(-10**6, MIN_CUT - 1).map(lambda d: Action("cut", points=d)),
    st.integers(37, 10**6).map(lambda d: Action("cut", points=d)),
    st.just(Action("cut")),
    st.just(Action("cut", card=Card.parse("JH"), points=10)),
    st.just(Action("cut", cards=(Card.parse("JH"), Card.parse("5S")), points=10)),
    st.just(Action("play", card=Card.parse("JH"))),
    st.just(Action("go")),
    st.just(Action("count", points=10)),
    st.builds(lambda d: Action("cut", points=bool(d)), st.booleans()),  # a bool is no int
    st.just(("cut", None, (), 10)),
)


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 1000), action=hostile_cuts)
def test_a_forged_or_out_of_range_cut_raises_and_changes_nothing(seed: int, action) -> None:
    match = to_starter_cut(seed)
    before = json.dumps(match.snapshot(), sort_keys=True)
    with pytest.raises(IllegalActionError):
        match.apply(1 - match.dealer, action)
    assert json.dumps(match.snapshot(), sort_keys=True) == before


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 1000), depth=st.integers(-100, 100))
def test_the_deal_cut_refuses_depths_out_of_bounds(seed: int, depth: int) -> None:
    match = CribbageMatch(seed=seed, rules=CUTS)
    before = json.dumps(match.snapshot(), sort_keys=True)
    if depth in cut_depths(52):
        match.apply(0, Action("cut", points=depth))
        return
    with pytest.raises(IllegalActionError, match="at least 4 cards"):
        match.apply(0, Action("cut", points=depth))
    assert json.dumps(match.snapshot(), sort_keys=True) == before


def test_the_cut_must_come_from_the_seat_to_cut() -> None:
    match = to_starter_cut(2)
    with pytest.raises(IllegalActionError, match="not your turn"):
        match.apply(match.dealer, Action("cut", points=10))
    with pytest.raises(IllegalActionError, match="Cut the pack"):
        match.apply(1 - match.dealer, Action("go"))


def test_a_jack_cut_for_the_starter_is_his_heels_for_the_dealer() -> None:
    for seed in range(200):
        match = to_starter_cut(seed)
        depths = [d for d in cut_depths(40) if match._deck[12 + d].rank == 11]
        if depths:
            break
    dealer_before = match.scores[match.dealer]
    match.apply(1 - match.dealer, Action("cut", points=depths[0]))
    assert match.scores[match.dealer] == dealer_before + 2
    assert match.events[-1].kind == "heels"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_records_with_cuts_verify_alone_and_as_a_file(seed: int) -> None:
    match = bot_game(seed)
    records = match.hand_records()
    assert "deal_cut" in records[0] and all("deal_cut" not in r for r in records[1:])
    for record in records:
        assert record["starter_cut"] in cut_depths(40)
        assert {"seat": 1 - record["dealer"],
                "action": {"kind": "cut", "points": record["starter_cut"]}} in record["actions"]
        replay_record(record)
    report = check_records(json.dumps(record) for record in records)
    assert report.ok, report


def test_tampering_with_the_starter_cut_fails_verification() -> None:
    record = bot_game(5).hand_records()[0]
    forged = copy.deepcopy(record)
    for entry in forged["actions"]:
        if entry["action"]["kind"] == "cut":
            entry["action"]["points"] = 5 if entry["action"]["points"] == 4 else 4
    with pytest.raises(ValueError, match="starter|differ|illegal"):
        replay_record(forged)
    forged = copy.deepcopy(record)
    forged["starter_cut"] = 5 if record["starter_cut"] == 4 else 4
    with pytest.raises(ValueError, match="starter_cut differ"):
        replay_record(forged)


def test_tampering_with_the_cut_for_the_deal_fails_verification() -> None:
    record = bot_game(6).hand_records()[0]
    assert deal_cut_errors(record["deal_cut"], record["dealer"]) is None
    moved = copy.deepcopy(record)
    cut = moved["deal_cut"][-1]["cuts"][0]
    cut["depth"] = cut["depth"] + 1 if cut["depth"] < 48 else 4
    with pytest.raises(ValueError, match="turns up"):
        replay_record(moved)
    reordered = copy.deepcopy(record)
    deck = reordered["deal_cut"][-1]["deck"]
    deck[10], deck[11] = deck[11], deck[10]
    with pytest.raises(ValueError, match="not as committed"):
        replay_record(reordered)
    other_dealer = copy.deepcopy(record)
    assert deal_cut_errors(other_dealer["deal_cut"], 1 - record["dealer"])


def test_bots_cut_at_seeded_depths_and_old_games_have_no_cut() -> None:
    first = [r["starter_cut"] for r in bot_game(9).hand_records()]
    assert first == [r["starter_cut"] for r in bot_game(9).hand_records()]
    assert len(set(first)) > 1  # the depth is chosen, not always the same
    plain = bot_game(9, CribbageRules())
    assert all(r["starter_cut"] is None and "deal_cut" not in r for r in plain.hand_records())


@pytest.mark.parametrize("steps", [0, 1, 2, 4])
def test_snapshots_restore_in_the_middle_of_the_cuts(steps: int) -> None:
    match = CribbageMatch(seed=12, rules=CUTS)
    bots = [BUILTIN_BOTS["beginner"](seed=1), BUILTIN_BOTS["beginner"](seed=2)]
    for _ in range(steps):
        seat = match.to_move()
        match.apply(seat, bots[seat].choose(match.observation(seat)))
    copy_ = CribbageMatch.restore(json.loads(json.dumps(match.snapshot())))
    assert copy_.snapshot() == match.snapshot()
    for _ in range(8):
        seat = match.to_move()
        action = bots[seat].choose(match.observation(seat))
        match.apply(seat, action)
        copy_.apply(seat, action)
    assert copy_.snapshot() == match.snapshot()


def test_cut_observations_cross_the_wire_unchanged() -> None:
    match = CribbageMatch(seed=3, rules=CUTS)
    match.apply(0, Action("cut", points=7))
    observation = match.observation(1)
    assert observation_from_wire(observation_to_wire(observation)) == observation
    starter = to_starter_cut(3)
    seat = starter.to_move()
    assert observation_from_wire(observation_to_wire(starter.observation(seat))) == \
        starter.observation(seat)


def test_the_replay_tells_the_starter_cut_in_words() -> None:
    from ginrummy_desktop.engine.cards import card_text
    from ginrummy_desktop.engine.cribbage.replay import cribbage_replay_frames

    record = bot_game(4).hand_records()[0]
    frames = cribbage_replay_frames(record, {0: "You", 1: "Max"})
    pone = 1 - record["dealer"]
    cutter = "You cut" if pone == 0 else "Max cuts"
    starter = card_text(Card.parse(record["starter"]))
    told = [f.description for f in frames if f.description.startswith(cutter)]
    assert told and told[0].startswith(f"{cutter} {record['starter_cut']} cards: the starter "
                                       f"is {starter}")


def test_the_simulator_plays_with_cuts_and_verify_refuses_a_changed_cut(tmp_path, capsys):
    from ginrummy_desktop.sim import main

    records = tmp_path / "cuts.jsonl"
    assert main(["cribbage", "--players", "greedy", "beginner", "--matches", "1", "--seed", "3",
                 "--rule", "player_cuts=true", "--records", str(records), "--in-process"]) == 0
    assert main(["verify", str(records)]) == 0
    lines = [json.loads(line) for line in records.read_text().splitlines()]
    hands = [line for line in lines if line.get("game") == "cribbage" and "actions" in line]
    assert "deal_cut" in hands[0] and all(h["starter_cut"] in cut_depths(40) for h in hands)
    hands[0]["deal_cut"][0]["cuts"][1]["depth"] = 5 if hands[0]["deal_cut"][0]["cuts"][1][
        "depth"] == 4 else 4
    records.write_text("".join(json.dumps(line) + "\n" for line in lines))
    capsys.readouterr()
    assert main(["verify", str(records)]) != 0
    assert "cut for the deal" in capsys.readouterr().out


def test_check_cuts_explains_a_good_record_and_catches_a_changed_one() -> None:
    from ginrummy_desktop.engine.cribbage.cuts import check_cuts

    record = bot_game(2).hand_records()[0]
    ok, lines = check_cuts(record)
    assert ok and len(lines) == 2 and "checks out" in lines[1]
    assert f"({record['starter_cut']} cards lifted)" in lines[0]
    changed = copy.deepcopy(record)
    changed["starter_cut"] = 5 if record["starter_cut"] == 4 else 4
    ok, lines = check_cuts(changed)
    assert not ok and "not the recorded starter" in lines[0]
    assert check_cuts(bot_game(2, CribbageRules()).hand_records()[0]) == (True, [])
