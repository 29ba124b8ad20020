"""``ginrummy-sim``: the command line around the runner."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ginrummy_desktop.sim import main

ROOT = Path(__file__).resolve().parent.parent


def run_json(capsys, *args: str) -> dict:
    assert main(["gin", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def strip_timing(data: dict) -> dict:
    for player in data["players"]:
        for key in [k for k in player if k.startswith("decision_ms")]:
            del player[key]
    return data


def test_json_report_has_the_documented_fields_and_repeats(capsys) -> None:
    args = ("--players", "random", "greedy", "--matches", "4", "--seed", "1")
    first = run_json(capsys, *args)
    assert {"hands", "draws", "players"} <= set(first)
    assert [p["spec"] for p in first["players"]] == ["random", "greedy"]
    for player in first["players"]:
        assert {"spec", "match_wins", "hand_wins", "points", "gins", "undercuts", "knocks",
                "decision_ms_mean", "decision_ms_p95", "decision_ms_max"} <= set(player)
    assert strip_timing(run_json(capsys, *args)) == strip_timing(first)


def test_rules_preset_and_overrides_reach_the_game(capsys) -> None:
    data = run_json(capsys, "--players", "greedy", "greedy", "--rules", "tournament",
                    "--rule", "knock_limit=5", "--rule", "target=50")
    assert data["rules"]["preset"] == "tournament"
    assert (data["rules"]["knock_limit"], data["rules"]["target"]) == (5, 50)


def test_three_players_need_three_bots(capsys) -> None:
    data = run_json(capsys, "--players", "greedy", "greedy", "greedy", "--rules",
                    "three-player", "--rule", "target=30")
    assert len(data["players"]) == 3 and data["matches"] == 1


@pytest.mark.parametrize(
    "args",
    [
        ["gin", "--players", "random"],
        ["gin", "--players", "random", "robot"],
        ["gin", "--players", "random", "greedy", "--rules", "nope"],
        ["gin", "--players", "random", "greedy", "--rule", "knock_limit"],
        ["gin", "--players", "random", "greedy", "--rule", "knock_limit=lots"],
        ["gin", "--players", "random", "greedy", "--matches", "-3"],
        ["gin", "--players", "random", "greedy", "--seed", "x"],
        ["gin", "--players", "random", "greedy", "--time-limit", "0"],
        ["gin"],
        ["chess", "--players", "a", "b"],
        ["verify", "/no/such/file.jsonl"],
    ],
)
def test_bad_arguments_get_one_line_and_exit_code_2(capsys, args) -> None:
    try:
        code = main(args)
    except SystemExit as exit_:
        code = exit_.code
    assert code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "error" in err


def test_records_then_verify(tmp_path, capsys) -> None:
    records = tmp_path / "hands.jsonl"
    assert main(["gin", "--players", "greedy", "random", "--matches", "2", "--seed", "7",
                 "--records", str(records)]) == 0
    capsys.readouterr()
    assert main(["verify", str(records)]) == 0
    assert "dealt as committed and replayed identically" in capsys.readouterr().out
    lines = records.read_text().splitlines()
    hand = json.loads(lines[0])
    hand["result"]["points"] += 1
    records.write_text("\n".join([json.dumps(hand), *lines[1:]]) + "\n")
    assert main(["verify", str(records)]) == 1
    assert "line 1: replaying the actions gives a different result" in capsys.readouterr().out


def test_module_entry_point_runs_with_progress_on_stderr() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ginrummy_desktop.sim", "gin", "--players", "random", "greedy",
         "--matches", "20", "--seed", "1", "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["matches"] == 20
    assert "20/20 matches" in done.stderr


def test_cribbage_json_adds_skunks_and_average_hand_crib_and_pegging_points(capsys) -> None:
    args = ["cribbage", "--players", "greedy", "careful", "--matches", "3", "--seed", "4",
            "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"hands", "draws", "players"} <= set(data)
    for player in data["players"]:
        assert {"spec", "match_wins", "skunks", "double_skunks"} <= set(player)
        assert player["average_hand_points"] == round(player["hand_points"] / data["hands"], 3)
        assert player["average_pegging_points"] == round(
            player["pegging_points"] / data["hands"], 3)
        assert player["average_crib_points"] == round(
            player["crib_points"] / player["cribs"], 3)
    assert sum(player["cribs"] for player in data["players"]) == data["hands"]


@pytest.mark.parametrize("limit", ["nan", "inf", "-inf", "1e300", "3601", "-1", "0", "soon"])
def test_time_limit_must_be_finite_positive_and_sane(capsys, limit) -> None:
    try:
        code = main(["gin", "--players", "random", "greedy", f"--time-limit={limit}"])
    except SystemExit as exit_:
        code = exit_.code
    assert code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "time limit" in err or "expected seconds" in err


@pytest.mark.parametrize(
    "bad",
    [
        ["--players", "random", "greedyy"],
        ["--players", "random", "greedy", "--time-limit", "nan"],
        ["--players", "random", "greedy", "--rule", "knock_limit=lots"],
        ["--players", "random", "no_such_module:Bot"],
    ],
)
def test_a_bad_argument_leaves_the_records_file_untouched(tmp_path, capsys, bad) -> None:
    keep = tmp_path / "keep.jsonl"
    keep.write_text('{"kept": true}\n')
    try:
        code = main(["gin", *bad, "--records", str(keep)])
    except SystemExit as exit_:
        code = exit_.code
    assert code == 2
    assert keep.read_text() == '{"kept": true}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.jsonl"]


def test_records_replace_the_file_only_when_the_run_is_complete(tmp_path, capsys) -> None:
    keep = tmp_path / "keep.jsonl"
    keep.write_text("old\n")
    assert main(["gin", "--players", "random", "greedy", "--records", str(keep)]) == 0
    assert keep.read_text().startswith('{"game":"gin"')
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.jsonl"]  # no temp file left


@pytest.mark.parametrize("where", ["folder", "missing/keep.jsonl"])
def test_records_path_that_cannot_be_written_is_a_usage_error(tmp_path, capsys, where) -> None:
    (tmp_path / "folder").mkdir()
    assert main(["gin", "--players", "random", "greedy", "--records",
                 str(tmp_path / where)]) == 2
    assert "--records" in capsys.readouterr().err


def test_typo_in_players_from_the_shell_keeps_records_and_prints_no_traceback(tmp_path) -> None:
    keep = tmp_path / "keep.jsonl"
    keep.write_text("precious\n")
    done = subprocess.run(
        [sys.executable, "-m", "ginrummy_desktop.sim", "gin", "--players", "random", "gredy",
         "--records", str(keep)],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 2
    assert "unknown gin bot 'gredy'" in done.stderr and "Traceback" not in done.stderr
    assert keep.read_text() == "precious\n"


def test_ctrl_c_stops_the_run_and_leaves_the_records_file_as_it_was(tmp_path) -> None:
    keep = tmp_path / "keep.jsonl"
    keep.write_text("precious\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.Popen(
        [sys.executable, "-m", "ginrummy_desktop.sim", "gin", "--players", "greedy",
         "tests.hostile_bots:Hangs", "--time-limit", "600", "--records", str(keep)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    deadline = time.monotonic() + 60
    while not any(p.name.endswith(".tmp") for p in tmp_path.iterdir()):  # the run has begun
        assert run.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    run.send_signal(signal.SIGINT)
    _, err = run.communicate(timeout=60)
    assert run.returncode == 130 and "interrupted" in err and "Traceback" not in err
    assert keep.read_text() == "precious\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.jsonl"]
