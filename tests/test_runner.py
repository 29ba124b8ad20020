"""The game-agnostic runner: determinism, mirrored deals, forfeits, bot loading, verify."""

from __future__ import annotations

import io
import json
import sys
import threading

import pytest

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.gin.spec import GIN
from ginrummy_desktop.engine.records_check import check_records as verify_records
from ginrummy_desktop.engine.runner import run_matches

TIMING = ("decision_ms_mean", "decision_ms_p95", "decision_ms_max")


def without_timing(report: dict) -> dict:
    data = json.loads(json.dumps(report))
    for player in data["players"]:
        for key in TIMING:
            player.pop(key)
    return data


class RaisingBot:
    def choose(self, observation):
        raise RuntimeError("my brain hurts")


class IllegalBot:
    def choose(self, observation):
        return Action("gin", observation.hand[0])


class UnbuildableBot:
    def __init__(self):
        raise OSError("no model file")

    def choose(self, observation):  # pragma: no cover - never built
        return observation.legal_actions[0]


class HangingBot:
    never = threading.Event()

    def choose(self, observation):
        self.never.wait()  # blocks until the runner gives up on it


def bot_path(cls: type) -> str:
    return f"{__name__}:{cls.__name__}"


def test_same_seed_same_result_and_report_shape() -> None:
    first = run_matches("gin", ["random", "greedy"], 10, seed=4).to_json()
    second = run_matches("gin", ["random", "greedy"], 10, seed=4).to_json()
    assert without_timing(first) == without_timing(second)
    assert first["matches"] == 10 and first["hands"] >= 10
    greedy = first["players"][1]
    assert greedy["spec"] == "greedy" and greedy["match_wins"] >= 8
    for key in ("match_wins", "hand_wins", "points", "gins", "undercuts", "knocks", *TIMING):
        assert key in greedy
    assert greedy["decision_ms_max"] >= greedy["decision_ms_p95"] >= 0
    other = run_matches("gin", ["random", "greedy"], 10, seed=5).to_json()
    assert without_timing(other) != without_timing(first)


def test_split_runs_merge_to_the_whole_run() -> None:
    whole = run_matches("gin", ["greedy", "greedy"], 6, seed=2)
    part = run_matches("gin", ["greedy", "greedy"], 3, seed=2)
    part.merge(run_matches("gin", ["greedy", "greedy"], 3, seed=2, first_match=3))
    assert without_timing(part.to_json()) == without_timing(whole.to_json())


def test_mirror_plays_each_deal_twice_with_seats_swapped() -> None:
    out = io.StringIO()
    report = run_matches("gin", ["random", "greedy"], 3, seed=9, mirror=True, records=out)
    assert report.matches == 6
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    summaries = [line for line in lines if line.get("kind") == "match_summary"]
    assert [s["players"] for s in summaries[:2]] == [["random", "greedy"], ["greedy", "random"]]
    first_hands = {}
    for line in lines:
        if line.get("kind") != "match_summary" and line["hand_number"] == 0:
            first_hands.setdefault(line["match"], []).append(line["deck"])
    assert all(len(decks) == 2 and decks[0] == decks[1] for decks in first_hands.values())
    assert report.players[1].match_wins >= 5  # greedy wins from both seats


@pytest.mark.parametrize(
    ("bot", "reason"),
    [
        (RaisingBot, "raised RuntimeError: my brain hurts"),
        (IllegalBot, "returned an illegal action"),
        (HangingBot, "took longer than 0.05 s"),
        (UnbuildableBot, "could not be constructed: OSError: no model file"),
    ],
)
def test_misbehaving_bot_forfeits_by_name_and_the_runner_carries_on(bot, reason) -> None:
    try:
        report = run_matches("gin", ["greedy", bot_path(bot)], 2, seed=1, time_limit=0.05)
    finally:
        HangingBot.never.set()  # let the abandoned decision threads finish
        HangingBot.never = threading.Event()
    report = report.to_json()
    assert report["matches"] == 2
    assert [f["player"] for f in report["forfeits"]] == [bot_path(bot)] * 2
    assert all(reason in f["reason"] for f in report["forfeits"])
    assert report["players"][0]["match_wins"] == 2 and report["players"][1]["forfeits"] == 2


def test_forfeit_is_written_to_the_records_file() -> None:
    out = io.StringIO()
    run_matches("gin", [bot_path(RaisingBot), "greedy"], 1, seed=1, records=out)
    summary = json.loads(out.getvalue().splitlines()[-1])
    assert summary["forfeit"]["player"] == bot_path(RaisingBot) and summary["winners"] == [1]


def test_bots_load_from_the_current_directory(tmp_path, monkeypatch) -> None:
    package = tmp_path / "mybots"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "first.py").write_text(
        "class FirstLegal:\n"
        "    def choose(self, observation):\n"
        "        return observation.legal_actions[0]\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", ".")])
    report = run_matches("gin", ["mybots.first:FirstLegal", "random"], 1, seed=1).to_json()
    assert report["players"][0]["spec"] == "mybots.first:FirstLegal"
    assert report["players"][0]["decisions"] > 0


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["random"], "needs 2 players"),
        (["random", "nobody"], "unknown gin bot 'nobody'"),
        (["random", "no_such_module:Bot"], "cannot import bot"),
        (["random", "json:NoSuchClass"], "has no attribute"),
    ],
)
def test_bad_player_specs_are_explained(players, message) -> None:
    with pytest.raises(ValueError, match=message):
        run_matches("gin", players, 1)


def test_unknown_game_and_preset_are_explained() -> None:
    with pytest.raises(ValueError, match="unknown game 'poker'"):
        run_matches("poker", ["a", "b"], 1)
    with pytest.raises(ValueError, match="unknown gin rules preset"):
        run_matches(GIN, ["random", "random"], 1, preset="nonsense")


def test_verify_accepts_honest_records_and_names_the_bad_line() -> None:
    out = io.StringIO()
    run_matches("gin", ["greedy", "greedy"], 2, seed=3, records=out)
    lines = out.getvalue().splitlines()
    good = verify_records(lines)
    assert good.ok and good.hands == sum(1 for ln in lines if "match_summary" not in ln)
    record = json.loads(lines[0])
    record["deck"][0], record["deck"][1] = record["deck"][1], record["deck"][0]
    bad = verify_records([json.dumps(record), "not json", *lines[1:]])
    assert not bad.ok
    assert bad.problems[0].startswith("line 1: the deck was not dealt as committed")
    assert bad.problems[1].startswith("line 2: not JSON")
    unknown = verify_records([json.dumps({**json.loads(lines[0]), "game": "poker"})])
    assert "unknown game 'poker'" in unknown.problems[0]
