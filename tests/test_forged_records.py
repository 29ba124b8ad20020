"""Issue 45, item 3: forged score sheets pass neither ``verify`` nor import, and the two agree.

Every case is written to a file and given to both ``ginrummy-sim verify`` and the app's records
import: the lines verify flags are exactly the lines import refuses, and import stores exactly
the hands verify passes.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from ginrummy_desktop.engine.records_check import check_records_file
from ginrummy_desktop.engine.runner import run_matches
from ginrummy_desktop.engine.wire import MAX_LINE_BYTES
from ginrummy_desktop.sim import main
from ginrummy_desktop.storage import StatsDatabase
from ginrummy_desktop.storage.records_io import import_records_jsonl


def runner_lines(game: str, players: list[str], preset: str | None = None,
                 overrides: dict[str, str] | None = None) -> list[str]:
    out = io.StringIO()
    run_matches(game, players, 1, seed=5, preset=preset, overrides=overrides, records=out)
    return out.getvalue().splitlines()


def forged_last_hand(lines: list[str]) -> list[str]:
    """Only the match's last hand, its winners swapped and every total made 9999."""
    *hands, summary = [json.loads(line) for line in lines]
    last = hands[-1]
    winners = [seat for seat in range(len(json.loads(lines[-1])["players"]))
               if seat not in last.get("winners", [])]
    last["winners"] = winners
    last["scores"] = [9999 for _ in last["scores"]]
    if "final" in last:
        last["final"] = [[label, side, 9999] for label, side, _ in last["final"]]
    summary["winners"] = winners
    return [json.dumps(last), json.dumps(summary)]


def run_both(tmp_path: Path, lines: list[str]) -> tuple[int, set[int], set[int], int]:
    """verify's exit code and the line numbers it flags; import's refused line numbers and the
    number of hands it stored."""
    path = tmp_path / "forged.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8",
                    errors="surrogatepass")
    code = main(["verify", str(path)])
    flagged = {int(problem.split(":")[0].split()[1])
               for problem in check_records_file(path).problems if problem.startswith("line ")}
    database = StatsDatabase(None)
    try:
        report = import_records_jsonl(database, "player", path)
        stored = len(list(database.iter_records("player")))
    finally:
        database.close()
    return code, flagged, {number for number, _ in report.rejected if number}, stored


FRAGMENTS: dict[str, Callable[[], list[str]]] = {
    "hollywood": lambda: forged_last_hand(runner_lines("gin", ["greedy", "random"], "hollywood")),
    "partnership": lambda: forged_last_hand(
        runner_lines("gin", ["greedy", "random", "greedy", "random"], "partnership")),
    "three players": lambda: forged_last_hand(
        runner_lines("gin", ["greedy", "random", "random"], "three-player")),
}


@pytest.mark.parametrize("case", sorted(FRAGMENTS))
def test_a_forged_last_hand_alone_fails_verify_and_is_not_imported(
        tmp_path: Path, case: str) -> None:
    code, flagged, refused, stored = run_both(tmp_path, FRAGMENTS[case]())
    assert code == 1
    assert 1 in flagged and refused == flagged - {2}  # line 2, the summary, is never imported
    assert stored == 0


def test_the_honest_match_still_verifies_and_imports_whole(tmp_path: Path) -> None:
    lines = runner_lines("gin", ["greedy", "random"], "hollywood")
    code, flagged, refused, stored = run_both(tmp_path, lines)
    assert (code, flagged, refused, stored) == (0, set(), set(), len(lines) - 1)


def _first_hand_with(change: Callable[[str], str]) -> list[str]:
    lines = runner_lines("gin", ["greedy", "greedy"])
    return [change(lines[0]), *lines[1:]]


def _padded(line: str) -> str:
    record = json.loads(line)
    record["note"] = ""
    size = len(json.dumps(record, separators=(",", ":")))
    record["note"] = "x" * (MAX_LINE_BYTES - size - 10)
    return json.dumps(record, separators=(",", ":"))


HOSTILE_LINES: dict[str, Callable[[str], str]] = {
    "an infinite number (1e400)": lambda line: line.replace('"hand_number":0',
                                                             '"hand_number":0,"x":1e400'),
    "a lone surrogate": lambda line: line.replace('"hand_number":0',
                                                  '"hand_number":0,"x":"\\ud800"'),
    "a line just under 1 MiB": _padded,
}


@pytest.mark.parametrize("case", sorted(HOSTILE_LINES))
def test_verify_and_import_agree_on_hostile_lines(tmp_path: Path, case: str) -> None:
    lines = _first_hand_with(HOSTILE_LINES[case])
    assert len(lines[0].encode()) < MAX_LINE_BYTES
    code, flagged, refused, stored = run_both(tmp_path, lines)
    hands = len(lines) - 1
    assert refused == {n for n in flagged if n != len(lines)}  # the summary is never imported
    assert stored == hands - len(refused)
    assert (code == 0) == (not flagged)
    if case != "a line just under 1 MiB":
        assert 1 in flagged  # a figure or a text that cannot be kept as it is


@pytest.mark.parametrize("content", ["", "\n\n", "   \n"])
def test_a_file_with_no_records_is_not_a_success(tmp_path: Path, content: str) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text(content)
    assert main(["verify", str(path)]) == 1
    database = StatsDatabase(None)
    try:
        report = import_records_jsonl(database, "player", path)
    finally:
        database.close()
    assert report.added == 0 and "no records" in report.summary()


def _without_deal_cut(lines: list[str], mark: bool) -> list[str]:
    first = json.loads(lines[0])
    del first["deal_cut"]
    if mark:
        first["first_dealer"] = "given"  # the app's rematch mark, forged onto a runner record
    return [json.dumps(first), *lines[1:]]


@pytest.mark.parametrize("mark", [False, True])
def test_a_player_cuts_record_with_its_deal_cut_removed_fails_both(
        tmp_path: Path, mark: bool) -> None:
    lines = runner_lines("cribbage", ["greedy", "greedy"], overrides={"player_cuts": "true"})
    assert "deal_cut" in json.loads(lines[0])
    code, flagged, refused, stored = run_both(tmp_path, _without_deal_cut(lines, mark))
    assert code == 1 and 1 in flagged and refused == flagged - {len(lines)}
    assert stored == 0  # the rest of the game cannot be checked without its first hand


def test_an_app_rematch_that_names_its_first_dealer_still_verifies(tmp_path: Path) -> None:
    from ginrummy_desktop.engine.cribbage import CribbageMatch
    from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS
    from ginrummy_desktop.engine.cribbage.rules import CribbageRules

    game = CribbageMatch(seed=4, rules=CribbageRules(player_cuts=True), first_dealer=1)
    bots = [BUILTIN_BOTS["greedy"](seed=seat) for seat in range(2)]
    while not game.over:
        seat = game.to_move()
        game.apply(seat, bots[seat].choose(game.observation(seat)))
    records = game.hand_records()
    assert records[0]["first_dealer"] == "given" and "deal_cut" not in records[0]
    code, flagged, refused, stored = run_both(tmp_path, [json.dumps(r) for r in records])
    assert (code, flagged, refused, stored) == (0, set(), set(), len(records))
