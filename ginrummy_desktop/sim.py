"""``ginrummy-sim``: play bots against each other headless, or verify a records file.

    ginrummy-sim gin --players random greedy --matches 200 --seed 1 --json
    ginrummy-sim verify records.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from ginrummy_desktop.engine.registry import GAMES, get_game
from ginrummy_desktop.engine.runner import RunReport, run_matches, verify_records

USAGE_ERROR = 2


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line (and exit code 2), without the usage."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_ERROR, f"{self.prog}: error: {message}\n")


def _parse_rule(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"expected name=value, got {text!r}")
    return name.strip(), value.strip()


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative, got {value}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError("the time limit must be positive")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="ginrummy-sim", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for game in GAMES:
        sub = commands.add_parser(game, help=f"play {game} matches between bots")
        sub.add_argument("--players", nargs="+", required=True, metavar="BOT",
                         help="one per seat: a built-in bot id or package.module:Class")
        sub.add_argument("--matches", type=_non_negative, default=1)
        sub.add_argument("--seed", type=_non_negative, default=0)
        sub.add_argument("--rules", default=None, metavar="PRESET", help="rules preset")
        sub.add_argument("--rule", action="append", type=_parse_rule, default=[],
                         metavar="NAME=VALUE", help="override one rules option (repeatable)")
        sub.add_argument("--records", metavar="FILE.jsonl", help="write hand records here")
        sub.add_argument("--json", action="store_true", help="print one JSON object")
        sub.add_argument("--mirror", action="store_true",
                         help="play every match twice, seats swapped, same deals")
        sub.add_argument("--time-limit", type=_seconds, default=10.0, metavar="SECONDS",
                         help="longest a bot may think about one decision (default 10)")
    verify = commands.add_parser("verify", help="check fair-deal commitments and replay records")
    verify.add_argument("file", metavar="FILE.jsonl")
    verify.add_argument("--json", action="store_true")
    from ginrummy_desktop.online.sim_online import add_online_parser  # no network imports

    add_online_parser(commands)
    return parser


def _progress(done: int, total: int) -> None:
    step = max(1, total // 10)
    if total >= 20 and (done % step == 0 or done == total):
        print(f"{done}/{total} matches", file=sys.stderr, flush=True)


def _print_table(report: RunReport) -> None:
    data = report.to_json()
    dead = f", {data['draws']} dead hands" if data["draws"] else ""
    print(f"{data['game']}: {data['matches']} matches, {data['hands']} hands{dead}")
    for seat, player in enumerate(data["players"]):
        counters = ", ".join(
            f"{key} {value}" for key, value in player.items()
            if key not in ("spec",) and not key.startswith("decision_ms")
        )
        print(f"  {seat}: {player['spec']}: {counters}; decision ms mean "
              f"{player['decision_ms_mean']:.3f} p95 {player['decision_ms_p95']:.3f} "
              f"max {player['decision_ms_max']:.3f}")
    for forfeit in data["forfeits"]:
        print(f"  forfeit: match {forfeit['match']}: {forfeit['player']} {forfeit['reason']}")


def _play(args: argparse.Namespace) -> int:
    spec = get_game(args.command)
    records = open(args.records, "w", encoding="utf-8") if args.records else None  # noqa: SIM115
    try:
        report = run_matches(
            spec, args.players, args.matches, args.seed, args.rules, dict(args.rule),
            mirror=args.mirror, time_limit=args.time_limit, records=records,
            progress=_progress,
        )
    finally:
        if records is not None:
            records.close()
    if args.json:
        print(json.dumps(report.to_json(), indent=2))
    else:
        _print_table(report)
    return 0


def _verify(args: argparse.Namespace) -> int:
    with open(args.file, encoding="utf-8") as handle:
        report = verify_records(handle)
    if args.json:
        print(json.dumps({"hands": report.hands, "ok": report.ok, "problems": report.problems}))
    elif report.ok:
        print(f"{report.hands} hands verified: dealt as committed and replayed identically")
    else:
        for problem in report.problems:
            print(problem)
        print(f"{len(report.problems)} of {report.hands} hands failed verification")
    return 0 if report.ok else 1


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "online":
            from ginrummy_desktop.online.sim_online import run_online

            return run_online(args)
        return _verify(args) if args.command == "verify" else _play(args)
    except (ValueError, OSError) as error:
        print(f"ginrummy-sim: error: {error}", file=sys.stderr)
        return USAGE_ERROR


if __name__ == "__main__":
    raise SystemExit(main())
