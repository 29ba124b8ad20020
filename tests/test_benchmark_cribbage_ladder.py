"""The cribbage ladder benchmark's bookkeeping: the docs table it fits Elo to, and its p95."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import cribbage_ladder  # noqa: E402

DOC = f"""# Computer opponents
| expert vs careful | 9 | 99.0% | outside the block, ignored |
{cribbage_ladder.MARK_START}
Some prose | with a bar.

| hero vs opponent | games | hero wins | 95% CI |
|---|---|---|---|
| expert vs greedy | 4000 | 63.6% | 62.1-65.1% |
| greedy vs beginner | 400 | 98.0% | 96.1-99.0% |
| expert vs careful | n/a | 50% | |
{cribbage_ladder.MARK_END}
"""


def test_the_table_rows_become_wins_and_games() -> None:
    assert cribbage_ladder.table_results(DOC) == {
        ("expert", "greedy"): (2544, 4000),
        ("greedy", "beginner"): (392, 400),
    }


def test_elo_puts_greedy_at_1500_and_orders_the_ladder(tmp_path: Path) -> None:
    doc = tmp_path / "ai.md"
    doc.write_text(DOC, encoding="utf-8")
    lines = cribbage_ladder.fit_table(doc).splitlines()[1:]
    elo = {name.strip(): int(value) for name, value in (line.split(":") for line in lines)}
    assert elo["greedy"] == 1500
    assert elo["beginner"] < 1500 < elo["expert"]


def test_a_docs_file_without_the_block_is_a_clear_error(tmp_path: Path) -> None:
    doc = tmp_path / "ai.md"
    doc.write_text("# nothing here\n", encoding="utf-8")
    with pytest.raises(ValueError, match="cribbage-ladder"):
        cribbage_ladder.fit_table(doc)


def _game(cpu_ms: list[float] | None) -> dict:
    game = {
        "winner": 0, "outcome": "win", "first_dealer": 0, "hands": 9,
        "hand": [70, 70], "crib": [20, 20], "peg": [25, 25],
        "cpu_sum": sum(cpu_ms or [1.0]) / 1000, "cpu_max": max(cpu_ms or [1.0]) / 1000,
        "wall_sum": 0.0, "wall_max": 0.0, "decisions": len(cpu_ms or [1.0]),
    }
    if cpu_ms is not None:
        game["cpu_ms"] = cpu_ms
    return game


def test_p95_is_read_from_every_decision_and_absent_for_old_progress_files() -> None:
    times = [float(ms) for ms in range(1, 101)]
    summary = cribbage_ladder.summarise([_game(times[:50]), _game(times[50:])])
    assert summary["cpu_p95_ms"] == 96.0
    assert cribbage_ladder.summarise([_game(None)])["cpu_p95_ms"] is None
    row = cribbage_ladder.markdown({"expert:careful": summary}, "cmd").splitlines()[-1]
    assert row.endswith("/ 96 / 100 |")


def test_two_heroes_on_the_same_games_are_compared_game_by_game() -> None:
    mine = [{"index": i, "winner": 0} for i in range(4)]
    theirs = [{"index": i, "winner": i % 2} for i in range(1, 6)]  # games 4 and 5 not in mine
    games, mean, half = cribbage_ladder.paired_win_difference(mine, theirs)
    assert games == 3  # games 1-3 only
    assert mean == pytest.approx(2 / 3)  # wins in both at game 2, only in mine at 1 and 3
    assert half > 0
    assert cribbage_ladder.paired_win_difference(mine, []) == (0, 0.0, 0.0)


def test_endgame_screens_start_mirrored_games_from_swapped_scores() -> None:
    assert cribbage_ladder.start_scores(40, None) == (0, 0)
    first = cribbage_ladder.start_scores(40, (70, 118))
    assert all(70 <= score <= 118 for score in first)
    assert cribbage_ladder.start_scores(41, (70, 118)) == first[::-1]
    drawn = {cribbage_ladder.start_scores(index, (70, 118)) for index in range(0, 200, 2)}
    assert len(drawn) > 50  # each pair of games gets its own position


@pytest.mark.parametrize("value", ["100", "a:b", "119:90", "50:130"])
def test_bad_start_scores_are_refused_with_a_message(value: str, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        cribbage_ladder.main(["--games", "2", "--start-scores", value])
    assert stopped.value.code == 2
    assert "--start-scores" in capsys.readouterr().err


@pytest.mark.parametrize("option", ["--worlds", "--candidates"])
def test_a_search_size_under_one_is_refused_with_a_message(option: str, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        cribbage_ladder.main(["--games", "2", option, "0"])
    assert stopped.value.code == 2
    assert option in capsys.readouterr().err


def test_a_negative_safe_sharpness_is_refused_with_a_message(capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        cribbage_ladder.main(["--games", "2", "--safe-sharpness", "-1"])
    assert stopped.value.code == 2
    assert "--safe-sharpness" in capsys.readouterr().err
