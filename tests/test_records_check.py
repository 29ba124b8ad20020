"""``ginrummy-sim verify`` and ``engine.records_check``: each line alone, and each match's chain."""

from __future__ import annotations

import io
import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.records_check import (
    RecordsChecker,
    check_records,
    check_records_file,
)
from ginrummy_desktop.engine.runner import run_matches
from ginrummy_desktop.sim import main


def runner_lines(game: str, players: list[str], matches: int = 2, **kwargs) -> list[str]:
    out = io.StringIO()
    run_matches(game, players, matches, seed=kwargs.pop("seed", 3), records=out, **kwargs)
    return out.getvalue().splitlines()


def edited(lines: list[str], index: int, change) -> list[str]:
    record = json.loads(lines[index])
    change(record)
    return [*lines[:index], json.dumps(record), *lines[index + 1:]]


def problems(lines: list[str]) -> list[str]:
    return check_records(lines).problems


@pytest.mark.parametrize(("game", "players", "preset"), [
    ("gin", ["greedy", "random"], None),
    ("gin", ["greedy", "greedy", "greedy"], "three-player"),
    ("gin", ["greedy", "greedy", "greedy", "greedy"], "partnership"),
    ("gin", ["random", "greedy"], "hollywood"),
    ("gin", ["greedy", "greedy"], "oklahoma"),
    ("cribbage", ["greedy", "beginner"], None),
    ("cribbage", ["greedy", "greedy"], "muggins"),
])
def test_honest_runner_records_pass_with_their_summaries(game, players, preset) -> None:
    lines = runner_lines(game, players, preset=preset, mirror=True)
    report = check_records(lines)
    assert report.ok, report.problems[:3]
    assert report.summaries == 4 and report.hands == len(lines) - 4


def test_app_style_records_without_match_numbers_pass() -> None:
    lines = [line for line in runner_lines("gin", ["greedy", "greedy"])
             if "match_summary" not in line]
    plain = [json.dumps({k: v for k, v in json.loads(line).items() if k != "match"})
             for line in lines]
    assert check_records(plain).ok


def test_gin_scores_that_do_not_follow_are_found_although_the_hand_replays() -> None:
    lines = runner_lines("gin", ["greedy", "random"])
    found = problems(edited(lines, 1, lambda r: r["scores"].__setitem__(0, r["scores"][0] + 7)))
    assert found[0].startswith("line 2: does not follow the match begun on "
                               "line 1: scores differ from the match")
    # The match's later hands cannot be checked after a broken link: each is refused too.
    assert all("follows a hand of the match begun on line 1 that failed" in problem
               for problem in found[1:])


def test_a_missing_hand_or_wrong_hand_number_is_found() -> None:
    lines = runner_lines("gin", ["greedy", "random"])
    assert "hand number 2 should be 1" in problems([lines[0], *lines[2:]])[0]
    found = problems(edited(lines, 1, lambda r: r.__setitem__("hand_number", 5)))
    assert found and found[0].startswith("line 2:")


def test_a_hand_after_the_end_of_a_match_is_found() -> None:
    lines = runner_lines("gin", ["greedy", "random"], matches=1)
    last_hand = next(i for i in range(len(lines) - 1, -1, -1) if "match_over" in lines[i])
    duplicate = [*lines[:last_hand + 1], lines[last_hand], *lines[last_hand + 1:]]
    assert any("already over" in p for p in problems(duplicate))


def test_cribbage_scores_before_must_be_the_previous_scores_after() -> None:
    lines = runner_lines("cribbage", ["greedy", "beginner"], matches=1)

    def shift(record):  # consistent within the hand, so only the chain can tell
        record["scores_before"][0] += 5
        record["scores_after"][0] += 5
        for event in record["events"]:
            if event["seat"] == 0:
                event["score_after"] += 5

    found = problems(edited(lines, 2, shift))
    assert "line 3:" in found[0] and "scores_before differ" in found[0]
    assert all("that failed" in problem for problem in found[1:])
    swapped = problems(edited(lines, 2, lambda r: r.__setitem__("dealer", 1 - r["dealer"])))
    assert swapped and swapped[0].startswith("line 3:")


def test_match_summaries_must_agree_with_the_hands() -> None:
    lines = runner_lines("gin", ["greedy", "random"], matches=1)
    summary = len(lines) - 1
    wrong_winner = edited(lines, summary, lambda s: s.__setitem__("winners", [1 - s["winners"][0]]))
    assert "winners" in problems(wrong_winner)[0]
    fake_forfeit = edited(lines, summary, lambda s: s.__setitem__(
        "forfeit", {"seat": 1, "player": "random", "reason": "x"}))
    assert "yet the summary records a forfeit" in problems(fake_forfeit)[0]
    assert "no match_summary line" in problems(lines[:-1])[0]
    cut_short = [*lines[:2], lines[-1]]
    assert "stop before its end and no forfeit" in problems(cut_short)[0]


def test_a_forfeit_summary_passes_and_names_the_right_winners() -> None:
    lines = runner_lines("gin", ["tests.hostile_bots:Raises", "greedy"], matches=1)
    assert check_records(lines).ok
    bad = edited(lines, len(lines) - 1, lambda s: s.__setitem__("winners", [0]))
    assert "gain from the forfeit" in problems(bad)[0]


def test_damaged_lines_are_reported_with_their_number_and_checking_goes_on(tmp_path) -> None:
    lines = runner_lines("gin", ["greedy", "random"], matches=1)
    path = tmp_path / "records.jsonl"
    damaged = [
        b"[" * 200_000 + b"\n",
        b'{"game": "gin", "deck": "\xff\xfe"}\n',
        b'{"game": "gin", "scores": [NaN]}\n',
        b"x" * (2 << 20) + b"\n",
        json.dumps({**json.loads(lines[0]), "commitment": "\u00e9" * 64, "match": None}).encode()
        + b"\n",
    ]
    path.write_bytes(b"".join(damaged) + "\n".join(lines).encode() + b"\n")
    report = check_records_file(path)
    assert [p.split(":")[0] for p in report.problems] == [f"line {n}" for n in range(1, 6)]
    assert "nested" in report.problems[0] and "UTF-8" in report.problems[1]
    assert "NaN" in report.problems[2] and "longer" in report.problems[3]
    assert "64 hexadecimal digits" in report.problems[4]
    assert report.hands == len(lines) - 1 + 1  # the good hands after them were all checked


def test_verify_refuses_a_fifo_without_blocking(tmp_path, capsys) -> None:
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    assert main(["verify", str(fifo)]) == 2
    assert "not a regular file" in capsys.readouterr().err


def test_verify_json_lists_problems_and_exit_code(tmp_path, capsys) -> None:
    lines = runner_lines("cribbage", ["greedy", "beginner"], matches=1)
    path = tmp_path / "r.jsonl"
    path.write_text("\n".join(["{", *lines]) + "\n")
    assert main(["verify", str(path), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is False and data["problems"][0].startswith("line 1: not JSON")
    assert data["hands"] == len(lines) - 1


hostile = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        st.sampled_from(["game", "kind", "match", "deck", "salt", "commitment", "actions",
                         "hand_number", "seats", "rules", "scores", "winners", "players",
                         "forfeit", "hand", "scores_before"]), children, max_size=6),
    max_leaves=16,
)


@settings(max_examples=200, deadline=None)
@given(st.lists(hostile, min_size=1, max_size=4))
def test_any_json_lines_get_a_verdict_never_an_exception(values) -> None:
    checker = RecordsChecker()
    for number, value in enumerate(values, start=1):
        verdict = checker.check_line(number, json.dumps(value))
        assert verdict.number == number
        assert verdict.problem is None or isinstance(verdict.problem, str)
    checker.finish()
