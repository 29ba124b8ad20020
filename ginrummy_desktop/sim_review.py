"""``ginrummy-sim review RECORDS.jsonl``: the hand review (``engine.review``) printed headless.

    ginrummy-sim review records.jsonl --seat 0
    ginrummy-sim review records.jsonl --player expert --json

Hands are grouped into matches by the records' ``match`` field (else a new match starts at the
first hand), each reviewed for one seat: ``--seat`` (default 0), or ``--player ID``, the seat
that player had in each match by its ``match_summary`` line. A line that cannot be reviewed is
reported with its line number and the others are still reviewed; the exit code is then 1.
"""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
from dataclasses import dataclass, field
from typing import Any

from ginrummy_desktop.engine import wire
from ginrummy_desktop.engine.review import MatchReview, review_match
from ginrummy_desktop.engine.review.grades import summarise


def add_review_parser(commands: Any) -> None:
    review = commands.add_parser(
        "review", help="review hand records: where each decision lost points")
    review.add_argument("file", metavar="RECORDS.jsonl")
    who = review.add_mutually_exclusive_group()
    who.add_argument("--seat", type=int, default=None, help="the seat to review (default 0)")
    who.add_argument("--player", metavar="ID",
                     help="review the seat this player had (from the match_summary lines)")
    review.add_argument("--json", action="store_true", help="print one JSON object")


@dataclass
class _Match:
    key: Any
    records: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    players: list[Any] = field(default_factory=list)


def read_matches(path: str) -> tuple[list[_Match], list[str]]:
    """The hand records of ``path`` grouped by match, and the problems found reading it."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path}: not a regular file")
        os.set_blocking(fd, True)
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    matches: list[_Match] = []
    problems: list[str] = []
    with handle:
        for number, line in enumerate(iter(lambda: handle.readline(wire.MAX_LINE_BYTES + 1),
                                           b""), start=1):
            if len(line) > wire.MAX_LINE_BYTES:
                problems.append(f"line {number}: longer than {wire.MAX_LINE_BYTES} bytes")
                while line and not line.endswith(b"\n"):
                    line = handle.readline(1 << 16)
                continue
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except (ValueError, UnicodeDecodeError) as error:
                problems.append(f"line {number}: not JSON ({error})")
                continue
            if not isinstance(record, dict):
                problems.append(f"line {number}: not a JSON object")
                continue
            _file(record, number, matches)
    return matches, problems


def _file(record: dict[str, Any], number: int, matches: list[_Match]) -> None:
    """Put a line in its match: a summary names the players, a hand joins or opens a match."""
    key = record.get("match")
    if record.get("kind") == "match_summary":
        for match in reversed(matches):
            if match.key == key:
                match.players = list(record.get("players") or [])
                return
        return
    first = record.get("hand_number") == 0 or record.get("hand") == 1
    if not matches or (key is not None and matches[-1].key != key) or (key is None and first):
        matches.append(_Match(key))
    matches[-1].records.append((number, record))


def run_review(args: argparse.Namespace) -> int:
    matches, problems = read_matches(args.file)
    reviews: list[tuple[_Match, MatchReview]] = []
    for match in matches:
        seat = _seat_for(match, args)
        if seat is None:
            problems.append(f"match {match.key}: player {args.player!r} did not play it")
            continue
        good = []
        for number, record in match.records:
            try:
                review_match([record], seat)
            except ValueError as error:
                problems.append(f"line {number}: {error}")
                continue
            good.append(record)
        reviews.append((match, review_match(good, seat)))  # cached: no second analysis
    overall = summarise([(hand.hand_number, hand.decisions)
                         for _, review in reviews for hand in review.hands])
    if args.json:
        print(json.dumps({
            "matches": [{"match": match.key, **review.to_json()} for match, review in reviews],
            "summary": overall.to_json(), "problems": problems}, indent=2, ensure_ascii=False))
    else:
        _print_text(reviews, overall, problems)
    return 1 if problems else 0


def _seat_for(match: _Match, args: argparse.Namespace) -> int | None:
    if args.player is None:
        return 0 if args.seat is None else args.seat
    return match.players.index(args.player) if args.player in match.players else None


def _print_text(reviews: list[tuple[_Match, MatchReview]], overall: Any,
                problems: list[str]) -> None:
    for match, review in reviews:
        print(f"Match {match.key}, seat {review.seat}:")
        for hand in review.hands:
            summary = hand.summary
            print(f"  hand {hand.hand_number}: {summary.decisions} decisions, accuracy "
                  f"{summary.accuracy:.0f}%, {summary.lost:.1f} points lost")
            for decision in hand.decisions:
                if decision.grade != "fine":
                    print(f"    {decision.step}. {decision.grade}: "
                          f"{decision.chosen_option.label} (best: {decision.best.label}, "
                          f"{decision.loss:.1f} points) - {decision.reason}")
        print(f"  match: accuracy {review.summary.accuracy:.0f}%, "
              f"{review.summary.lost:.1f} points lost")
    print(f"Overall: {overall.decisions} decisions, accuracy {overall.accuracy:.0f}%, "
          f"{overall.lost:.1f} points lost")
    for costly in overall.costliest:
        print(f"  costly: hand {costly.hand_number} step {costly.step}: {costly.text}")
    for problem in problems:
        print(problem, file=sys.stderr)
