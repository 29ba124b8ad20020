"""History CSV export, record JSON-lines export/import with validation, and gin replays."""

from __future__ import annotations

import csv
import json

import pytest

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.rng import StableRandom
from ginrummy_desktop.storage import StatsDatabase
from ginrummy_desktop.storage.records_io import (
    export_history_csv,
    export_records_jsonl,
    import_records_jsonl,
    validate_record,
)
from ginrummy_desktop.storage.replay import gin_replay_frames
from tests.storage_fixtures import gin_hand, gin_record, match, played_gin_records


@pytest.fixture
def database(tmp_path):
    db = StatsDatabase(tmp_path / "statistics.sqlite3")
    yield db
    db.close()


def test_history_csv_has_one_row_per_match_with_readable_columns(database, tmp_path):
    database.record_match(match("gin", "win", 120, 45, [gin_hand("player", 5, 0, "knock",
                                                                 "player")]), "player")
    database.record_match(match("cribbage", "loss", 80, 121, [], day=1, opponent="=cmd"), "player")
    out = tmp_path / "history.csv"
    assert export_history_csv(database, "player", out) == 2
    with out.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["game"] for r in rows] == ["cribbage", "gin"]
    assert rows[1]["score"] == "120-45" and rows[1]["result"] == "win"
    assert rows[1]["duration_seconds"] == "1200" and rows[1]["hands"] == "1"
    assert rows[0]["opponent"] == "'=Cmd"  # never a spreadsheet formula


def test_records_round_trip_through_json_lines(database, tmp_path):
    records = played_gin_records(seed=3, count=3)
    hands = [gin_hand("player", 1, 0, "knock", "player", record=r) for r in records]
    database.record_match(match("gin", "win", 3, 0, hands), "player")
    out = tmp_path / "records.jsonl"
    assert export_records_jsonl(database, "player", out) == 3
    assert [json.loads(line) for line in out.read_text().splitlines()] == records

    other = StatsDatabase(tmp_path / "other.sqlite3")
    try:
        report = import_records_jsonl(other, "ann", out)
        assert (report.added, report.duplicates, report.rejected) == (3, 0, [])
        again = import_records_jsonl(other, "ann", out)
        assert (again.added, again.duplicates) == (0, 3)
        assert [r for _, r in other.iter_records("ann")] == records
    finally:
        other.close()


def test_import_refuses_bad_lines_with_reasons_and_keeps_good_ones(database, tmp_path):
    good, second = played_gin_records(seed=5, count=2)
    tampered = json.loads(json.dumps(second))
    tampered["deck"][0], tampered["deck"][1] = tampered["deck"][1], tampered["deck"][0]
    forged_result = {**second, "result": {**second["result"], "points": 99}}
    lines = [
        json.dumps(good),
        "{not json",
        json.dumps(tampered),
        json.dumps({**second, "deck": ["AS"] * 52}),
        json.dumps({"game": "poker"}),
        json.dumps({**second, "actions": [[0, "discard", "XX"]]}),
        json.dumps(forged_result),
        json.dumps({**gin_record(), "hand_number": 1}),  # its actions do not finish the hand
        "",
    ]
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join(lines))
    report = import_records_jsonl(database, "player", path)
    assert report.added == 1
    reasons = dict(report.rejected)
    assert sorted(reasons) == [2, 3, 4, 5, 6, 7, 8]
    assert "JSON" in reasons[2]
    assert "commitment" in reasons[3]
    assert "52 cards" in reasons[4] or "commit" in reasons[4]  # a deck of 52 aces
    assert "unknown game" in reasons[5]
    assert "not a card" in reasons[6]
    assert "different result" in reasons[7]
    assert "do not finish the hand" in reasons[8]
    assert "1 record(s) imported" in report.summary() and "7 refused" in report.summary()
    assert [r for _, r in database.iter_records("player")] == [good]


def test_import_of_a_missing_file_reports_instead_of_raising(database, tmp_path):
    report = import_records_jsonl(database, "player", tmp_path / "nope.jsonl")
    assert report.added == 0 and "could not be opened" in report.rejected[0][1]


def test_validate_names_what_is_missing():
    with pytest.raises(ValueError, match="needs its deck"):
        validate_record({"game": "gin", "actions": [], "result": {"kind": "gin"}})
    with pytest.raises(ValueError, match="result"):
        validate_record({**gin_record(), "result": {"kind": "victory"}})


# ----- replays -------------------------------------------------------------------------------
def test_replay_steps_through_a_hand_with_both_hands_visible():
    frames = gin_replay_frames(gin_record(), names={0: "Ann", 1: "Bot"})
    assert len(frames) == 6
    deal = frames[0]
    assert deal.description == "Bot deals"
    assert [str(c) for c in deal.hands[0]][:3] == ["AC", "3C", "5C"]
    assert deal.discard_pile == (Card.parse("8D"),) and deal.stock_count == 31
    took = frames[2]
    assert took.description == "Bot takes 8D from the discard pile"
    assert Card.parse("8D") in took.hands[1] and took.discard_pile == ()
    last = frames[-1]
    assert last.description == "Ann discards 9D"
    assert last.stock_count == 30 and last.discard_pile[-1] == Card.parse("9D")
    assert all(len(f.hands[0]) + len(f.hands[1]) in (20, 21) for f in frames)


def test_replay_rejects_a_move_that_does_not_fit_the_cards():
    record = gin_record(actions=[[0, "pass", None], [1, "pass", None], [0, "draw_stock", None],
                                 [0, "discard", "2C"]])  # 2C is in the dealer's hand
    with pytest.raises(ValueError, match="move 4 does not replay: .*2C"):
        gin_replay_frames(record)


def test_replay_matches_the_gin_engine_move_for_move():
    hand_module = pytest.importorskip("ginrummy_desktop.engine.gin.hand")
    from ginrummy_desktop.engine.deck import shuffled_deck
    from ginrummy_desktop.engine.gin.rules import GIN_PRESETS

    for seed in range(5):
        rng = StableRandom(seed)
        hand = hand_module.GinHand.deal(GIN_PRESETS["classic"], shuffled_deck(rng), "ab" * 16,
                                        (1, 0))
        positions = []
        while not hand.over:
            seat = hand.to_move_seat
            hand.apply(seat, rng.choice(hand.legal_actions()))
            positions.append((tuple(hand.hands[0]), tuple(hand.hands[1])))
        record = {**hand.to_dict(), "game": "gin", "result": {"kind": hand.result.kind}}
        frames = gin_replay_frames(record)
        assert [(f.hands[0], f.hands[1]) for f in frames[1:]] == positions


def _cribbage_hand(rules=None, short_counter: int | None = None) -> dict:
    """One bot-played cribbage hand; ``short_counter`` counts each of its shows one short."""
    from ginrummy_desktop.engine.actions import Action
    from ginrummy_desktop.engine.cribbage import CribbageMatch
    from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS

    match = CribbageMatch(seed=3, rules=rules) if rules is not None else CribbageMatch(seed=3)
    bots = [BUILTIN_BOTS["greedy"](seed=1), BUILTIN_BOTS["careful"](seed=2)]
    while not match.hand_records():
        seat = match.to_move()
        action = bots[seat].choose(match.observation(seat))
        if seat == short_counter and action.kind == "count" and action.points:
            action = Action("count", points=action.points - 1)
        match.apply(seat, action)
    return match.hand_records()[0]


def test_cribbage_muggins_replay_tells_each_count_and_claim():
    from ginrummy_desktop.engine.cribbage import CribbageRules
    from ginrummy_desktop.storage.replay import replay_frames

    record = _cribbage_hand(CribbageRules(muggins=True), short_counter=0)
    told = [frame.description for frame in replay_frames(record, {0: "You", 1: "Max"})]
    counts = [e["action"]["points"] for e in record["actions"]
              if e["action"]["kind"] == "count" and e["seat"] == 0]
    assert counts, "seat 0 counted at least its hand"
    for points in counts:
        assert f"You count {points}" in told
    claims = [text for text in told if text.startswith("Max calls muggins")]
    assert len(claims) == len(counts)
    assert all(text.count("Muggins!") == 1 for text in claims)  # each claim told once, in place


def test_cribbage_replay_follows_the_engine_to_the_show():
    from ginrummy_desktop.storage.replay import replay_frames

    record = _cribbage_hand()
    frames = replay_frames(record, {0: "You", 1: "Max"})
    assert frames[0].hands[0] and len(frames[0].hands[0]) == 6
    moves = frames[1:len(record["actions"]) + 1]
    assert len(moves) == len(record["actions"])
    for frame, entry in zip(moves, record["actions"], strict=True):
        assert frame.actor == entry["seat"]
    # Every point of the play is told, with who pegged it.
    told = " ".join(frame.description for frame in moves)
    for event in record["events"]:
        if event["kind"] not in ("hand", "crib", "heels"):
            assert event["words"] in told
    shows = frames[len(record["actions"]) + 1:]
    assert [frame.description.split(":")[0] for frame in shows][-1] in ("Your crib", "Max's crib")
    assert len(shows) == len(record["shows"])
    kept = {s["seat"]: s["cards"] for s in record["shows"] if s["what"] == "hand"}
    dealer = record["dealer"]
    assert " ".join(map(str, shows[0].hands[1])) == kept[dealer]


def test_cribbage_replay_refuses_a_tampered_action():
    from ginrummy_desktop.storage.replay import replay_frames

    record = _cribbage_hand()
    plays = [i for i, e in enumerate(record["actions"]) if e["action"].get("kind") == "play"]
    first, second = plays[0], plays[1]
    actions = list(record["actions"])
    actions[first], actions[second] = actions[second], actions[first]
    with pytest.raises(ValueError, match="does not replay|damaged"):
        replay_frames({**record, "actions": actions}, {0: "You", 1: "Max"})
