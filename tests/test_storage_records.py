"""History CSV export and record JSON-lines export/import with validation."""

from __future__ import annotations

import csv
import json

import pytest

from ginrummy_desktop.storage import StatsDatabase
from ginrummy_desktop.storage.records_io import (
    export_history_csv,
    export_records_jsonl,
    import_records_jsonl,
)
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
