"""``ginrummy-sim review``: the same analysis headless, per hand and per match."""

from __future__ import annotations

import json

from ginrummy_desktop.engine.review import review_hand
from ginrummy_desktop.sim import main
from tests.test_review_engine import cribbage_records, gin_records


def _write(path, lines):
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return str(path)


def test_json_review_matches_the_engine_review(tmp_path, capsys):
    records = list(gin_records())
    summary = {"game": "gin", "kind": "match_summary", "match": 0,
               "players": ["expert", "simple"], "winners": [0]}
    path = _write(tmp_path / "gin.jsonl", [dict(r, match=0) for r in records] + [summary])
    assert main(["review", path, "--player", "simple", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    (match,) = out["matches"]
    assert match["seat"] == 1
    expected = [review_hand(dict(r, match=0), 1).to_json() for r in records]
    assert match["hands"] == expected
    assert out["summary"]["decisions"] == sum(len(h["decisions"]) for h in expected)
    assert out["problems"] == []


def test_text_review_lists_what_lost_points(tmp_path, capsys):
    path = _write(tmp_path / "crib.jsonl", list(cribbage_records(("beginner", "expert"), 3, 2)))
    assert main(["review", path, "--seat", "0"]) == 0
    text = capsys.readouterr().out
    assert "Match" in text and "accuracy" in text and text.rstrip().splitlines()[-1]


def test_bad_lines_are_reported_by_number_and_the_rest_reviewed(tmp_path, capsys):
    good = dict(gin_records()[0])
    broken = dict(good, actions=[[0, "discard", "XX"]])
    path = tmp_path / "mixed.jsonl"
    path.write_text(json.dumps(good) + "\n{not json\n" + json.dumps(broken) + "\n[1]\n",
                    encoding="utf-8")
    assert main(["review", str(path), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert [p.split(":")[0] for p in out["problems"]] == ["line 2", "line 4", "line 3"]
    assert len(out["matches"][0]["hands"]) == 1


def test_a_missing_file_is_a_one_line_error(tmp_path, capsys):
    assert main(["review", str(tmp_path / "none.jsonl")]) == 2
    assert "ginrummy-sim: error:" in capsys.readouterr().err
