"""``ginrummy-sim``: play bots against each other headless, or verify a records file.

    ginrummy-sim gin --players random greedy --matches 200 --json
    ginrummy-sim gin --players examples.gin_bot:CarefulBot "cmd:node examples/gin_bot.js"
    ginrummy-sim verify records.jsonl

Every argument is checked (and every bot found) before any file is written; records go to a
temporary file that replaces ``--records`` only when the run is complete.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import signal
import sys
import tempfile
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, NoReturn

from ginrummy_desktop.engine.records_check import check_records_file
from ginrummy_desktop.engine.registry import GAMES, get_game
from ginrummy_desktop.engine.runner import MAX_TIME_LIMIT, RunReport, prepare_run

USAGE_ERROR = 2
INTERRUPTED = 130  # what a shell reports for Ctrl-C
TERMINATED = 143  # ... and for SIGTERM


class _Terminated(KeyboardInterrupt):
    """SIGTERM, turned into an interrupt so the records' temp file and the bots are cleaned up
    exactly as for Ctrl-C (the default action would end the process on the spot)."""


def _on_sigterm(_signum: int, _frame: object) -> None:
    raise _Terminated


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
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"the time limit must be a positive number, not {text!r}")
    if value > MAX_TIME_LIMIT:
        raise argparse.ArgumentTypeError(
            f"the time limit must be at most {MAX_TIME_LIMIT:g} seconds, not {text}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="ginrummy-sim", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for game in GAMES:
        sub = commands.add_parser(game, help=f"play {game} matches between bots")
        sub.add_argument("--players", nargs="+", required=True, metavar="BOT",
                         help="one per seat: a built-in bot id, package.module:Class or "
                              "'cmd:PROGRAM ARGS' (plug-ins run in a process of their own)")
        sub.add_argument("--matches", type=_non_negative, default=1)
        sub.add_argument("--seed", type=_non_negative, default=None,
                         help="reproducible, NOT secret deals: every deal follows from this "
                              "number, so a bot that knows it knows every hand (records are "
                              "marked deals=reproducible). Default: secret deals from the OS")
        sub.add_argument("--rules", default=None, metavar="PRESET", help="rules preset")
        sub.add_argument("--rule", action="append", type=_parse_rule, default=[],
                         metavar="NAME=VALUE", help="override one rules option (repeatable)")
        sub.add_argument("--records", metavar="FILE.jsonl", help="write hand records here")
        sub.add_argument("--json", action="store_true", help="print one JSON object")
        sub.add_argument("--mirror", action="store_true",
                         help="play every match twice, seats swapped, same deals")
        sub.add_argument("--time-limit", type=_seconds, default=10.0, metavar="SECONDS",
                         help="longest a bot may think about one decision (default 10, "
                              f"at most {MAX_TIME_LIMIT:g})")
        sub.add_argument("--in-process", action="store_true",
                         help="run package.module:Class bots inside the runner (trusted code "
                              "only: faster, but such a bot can read the whole game)")
        sub.add_argument("--bot-logs", metavar="DIR",
                         help="folder for plug-in bots' stderr logs (default: a new folder "
                              "under ginrummy-sim-logs in the temp folder)")
    verify = commands.add_parser("verify", help="check fair-deal commitments and replay records")
    verify.add_argument("file", metavar="FILE.jsonl")
    verify.add_argument("--json", action="store_true")
    from ginrummy_desktop.online.sim_online import add_online_parser  # no network imports

    add_online_parser(commands)
    from ginrummy_desktop.sim_review import add_review_parser

    add_review_parser(commands)
    return parser


def _progress(done: int, total: int) -> None:
    step = max(1, total // 10)
    if total >= 20 and (done % step == 0 or done == total):
        print(f"{done}/{total} matches", file=sys.stderr, flush=True)


def _print_table(report: RunReport) -> None:
    data = report.to_json()
    dead = f", {data['draws']} dead hands" if data["draws"] else ""
    print(f"{data['game']}: {data['matches']} matches, {data['hands']} hands{dead}")
    if data["seed"] is None:
        print("  deals: secret (a fresh seed from the OS for every match)")
    else:
        print(f"  deals: reproducible from seed {data['seed']} (not secret)")
    for seat, player in enumerate(data["players"]):
        counters = ", ".join(
            f"{key} {value}" for key, value in player.items()
            if key not in ("spec", "log") and not key.startswith("decision_ms")
        )
        print(f"  {seat}: {player['spec']}: {counters}; decision ms mean "
              f"{player['decision_ms_mean']:.3f} p95 {player['decision_ms_p95']:.3f} "
              f"max {player['decision_ms_max']:.3f}")
        if "log" in player:
            print(f"     its stderr: {player['log']}")
    for forfeit in data["forfeits"]:
        print(f"  forfeit: match {forfeit['match']}: {forfeit['player']} {forfeit['reason']}")


def _check_records_path(path: str) -> Path:
    """The records file may be created or replaced: its folder exists, it is not a folder."""
    target = Path(path)
    if target.is_dir():
        raise ValueError(f"--records {path}: is a folder, not a file")
    folder = target.parent
    if not folder.is_dir():
        raise ValueError(f"--records {path}: folder {str(folder)!r} does not exist")
    if not os.access(folder, os.W_OK):
        raise ValueError(f"--records {path}: folder {str(folder)!r} is not writable")
    return target


@contextlib.contextmanager
def _replacing(target: Path | None) -> Iterator[IO[str] | None]:
    """A temp file next to ``target`` that replaces it only if the block completes."""
    if target is None:
        yield None
        return
    handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 - renamed or removed below
        "w", encoding="utf-8", dir=target.parent, prefix=f".{target.name}.", suffix=".tmp",
        delete=False,
    )
    try:
        with handle:
            yield handle
        os.replace(handle.name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(handle.name)
        raise


def _play(args: argparse.Namespace) -> int:
    spec = get_game(args.command)
    target = _check_records_path(args.records) if args.records else None
    with prepare_run(
        spec, args.players, args.matches, args.seed, args.rules, dict(args.rule),
        mirror=args.mirror, time_limit=args.time_limit, in_process=args.in_process,
        bot_log_dir=args.bot_logs,
    ) as run, _replacing(target) as records:
        report = run.play(records, progress=_progress)
    if args.json:
        print(json.dumps(report.to_json(), indent=2))
    else:
        _print_table(report)
    return 0


def _verify(args: argparse.Namespace) -> int:
    report = check_records_file(args.file)
    if args.json:
        print(json.dumps({"hands": report.hands, "ok": report.ok, "problems": report.problems}))
    elif report.ok:
        print(f"{report.hands} hands verified: dealt as committed and replayed identically")
    else:
        for problem in report.problems:
            print(problem)
        print(f"{len(report.problems)} problem(s) in {report.hands} hands")
    return 0 if report.ok else 1


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        return _run(args)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _run(args: argparse.Namespace) -> int:
    try:
        if args.command == "online":
            from ginrummy_desktop.online.sim_online import run_online

            return run_online(args)
        if args.command == "review":
            from ginrummy_desktop.sim_review import run_review

            return run_review(args)
        return _verify(args) if args.command == "verify" else _play(args)
    except (ValueError, OSError) as error:
        print(f"ginrummy-sim: error: {error}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt as interrupt:  # bots stopped, --records left as it was
        terminated = isinstance(interrupt, _Terminated)
        print(f"ginrummy-sim: {'terminated' if terminated else 'interrupted'}", file=sys.stderr)
        return TERMINATED if terminated else INTERRUPTED


if __name__ == "__main__":
    raise SystemExit(main())
