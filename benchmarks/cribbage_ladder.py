"""Cribbage opponent strength: head-to-head games between personas, with confidence intervals.

Each pair of games shares one seed (the same cards for every hand number) with the first deal
swapped, so both players get both sides of every deal and the first-dealer edge cancels.
Progress is saved as JSON lines so a long run can be stopped and its games still counted.
``--first-game N`` numbers the games from N (game i is dealt from seed 10000 + i // 2), so a
measured run can use deals no screening run has seen. ``--no-opponent-reading`` turns off the
expert's hand-to-hand reading of the opponent (``ExpertBot.opponent_reading``, on by default)
and ``--rule-policy-at`` sets how sure of a greedy-rule opponent it must be before its search
expects greedy replies, ``--safe-policy-at`` how sure of a safe pegger before it expects the
safety rules' replies, ``--candidates`` how many candidate holdings the expert weighs and
``--worlds`` how many of them it searches, ``--safe-sharpness`` how sharply its opponent model
believes a safe pegger follows the safety rules (``opponent_model.SAFE_SHARPNESS``). These
and the pegging duel's other settings of the expert come from ``cribbage_knobs.py``, so a flag
means the same in both scripts. ``--against FILE`` prints the paired difference from another
run's games.

    nice -n 10 python benchmarks/cribbage_ladder.py --games 4000 --workers 2 --write-docs
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import platform
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cribbage_knobs import ExpertKnobs, add_arguments, from_args  # noqa: E402  (this folder is on the path)

from ginrummy_desktop.engine.cribbage import CribbageMatch  # noqa: E402
from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS  # noqa: E402
from ginrummy_desktop.engine.rng import StableRandom  # noqa: E402

DEFAULT_PAIRS = "expert:greedy,expert:careful,careful:greedy,greedy:beginner"
MARK_START, MARK_END = "<!-- cribbage-ladder:start -->", "<!-- cribbage-ladder:end -->"


def start_scores(index: int, start: tuple[int, int] | None) -> tuple[int, int]:
    """The scores game ``index`` starts from: 0-0, or with ``start`` = (low, high) each drawn
    from low-high by the deal's seed. The mirrored game swaps them, so each side of a pair gets
    the other's seat with its score as well as its cards."""
    if start is None:
        return (0, 0)
    low, high = start
    rng = StableRandom(10_000 + index // 2)
    first, second = (low + rng.randbelow(high - low + 1) for _ in range(2))
    return (first, second) if index % 2 == 0 else (second, first)


def play_game(task: tuple[str, str, int, ExpertKnobs, tuple[int, int] | None]) -> dict:
    """One game; the first-named persona ("hero") sits in seat 0."""
    hero, villain, index, knobs, start = task
    knobs.apply()
    seed = 10_000 + index // 2
    bots = [BUILTIN_BOTS[hero](seed=index), BUILTIN_BOTS[villain](seed=index + 77_777)]
    match = CribbageMatch(seed=seed, first_dealer=index % 2, scores=start_scores(index, start))
    cpu, wall = [], []
    while not match.over:
        seat = match.to_move()
        observation = match.observation(seat)
        c0, w0 = time.process_time(), time.perf_counter()
        action = bots[seat].choose(observation)
        if seat == 0:
            cpu.append(time.process_time() - c0)
            wall.append(time.perf_counter() - w0)
        match.apply(seat, action)
    hand = [0, 0]
    crib = [0, 0]
    peg = [0, 0]
    hands = 0
    for record in match.hand_records():
        hands += 1
        for event in record["events"]:
            bucket = {"hand": hand, "crib": crib}.get(event["kind"], peg)
            bucket[event["seat"]] += event["points"]
    return {
        "pair": f"{hero}:{villain}",
        "index": index,
        "winner": match.winner,
        "outcome": match.outcome(),
        "first_dealer": index % 2,
        "scores": match.scores,
        "hands": hands,
        "hand": hand,
        "crib": crib,
        "peg": peg,
        "cpu_sum": sum(cpu),
        "cpu_max": max(cpu, default=0.0),
        "wall_sum": sum(wall),
        "wall_max": max(wall, default=0.0),
        "decisions": len(cpu),
        "cpu_ms": [round(1000 * t, 1) for t in cpu],
    }


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def summarise(results: list[dict]) -> dict:
    n = len(results)
    wins = sum(1 for r in results if r["winner"] == 0)
    low, high = wilson(wins, n)
    hands = sum(r["hands"] for r in results) or 1
    decisions = sum(r["decisions"] for r in results) or 1
    first_dealer_wins = sum(1 for r in results if r["winner"] == r["first_dealer"])
    # Older progress files kept no per-decision times, so they have no p95.
    every_ms = sorted(ms for r in results for ms in r.get("cpu_ms", ()))
    return {
        "games": n,
        "win_rate": wins / n if n else 0.0,
        "ci": (low, high),
        "skunks_for": sum(1 for r in results if r["winner"] == 0 and r["outcome"] != "win"),
        "skunks_against": sum(1 for r in results if r["winner"] == 1 and r["outcome"] != "win"),
        "double_skunks": sum(1 for r in results if r["outcome"] == "double skunk"),
        "first_dealer_win_rate": first_dealer_wins / n if n else 0.0,
        "per_hand": {
            key: [sum(r[key][s] for r in results) / hands for s in (0, 1)]
            for key in ("hand", "crib", "peg")
        },
        "cpu_mean_ms": 1000 * sum(r["cpu_sum"] for r in results) / decisions,
        "cpu_p95_ms": every_ms[int(0.95 * len(every_ms))] if every_ms else None,
        "cpu_max_ms": 1000 * max((r["cpu_max"] for r in results), default=0.0),
        "wall_mean_ms": 1000 * sum(r["wall_sum"] for r in results) / decisions,
        "wall_max_ms": 1000 * max((r["wall_max"] for r in results), default=0.0),
    }


def markdown(summaries: dict[str, dict], command: str) -> str:
    lines = [
        f"Measured {date.today().isoformat()} on {platform.machine()} "
        f"({platform.python_implementation()} {platform.python_version()}, "
        f"{multiprocessing.cpu_count()} shared cores), with `{command}`.",
        "Each pair of games shares a seed with the first deal swapped (mirrored deals).",
        "",
        "| hero vs opponent | games | hero wins | 95% CI | skunks by hero / against |"
        " per hand: hand, crib, pegging (hero; opp) | first dealer wins | hero ms/decision"
        " mean / p95 / max (CPU) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for pair, s in summaries.items():
        hero, villain = pair.split(":")
        ph = s["per_hand"]
        p95 = "-" if s["cpu_p95_ms"] is None else f"{s['cpu_p95_ms']:.0f}"
        lines.append(
            f"| {hero} vs {villain} | {s['games']} | {100 * s['win_rate']:.1f}% | "
            f"{100 * s['ci'][0]:.1f}-{100 * s['ci'][1]:.1f}% | "
            f"{s['skunks_for']} / {s['skunks_against']} | "
            f"{ph['hand'][0]:.2f}, {ph['crib'][0]:.2f}, {ph['peg'][0]:.2f}; "
            f"{ph['hand'][1]:.2f}, {ph['crib'][1]:.2f}, {ph['peg'][1]:.2f} | "
            f"{100 * s['first_dealer_win_rate']:.1f}% | "
            f"{s['cpu_mean_ms']:.1f} / {p95} / {s['cpu_max_ms']:.0f} |"
        )
    return "\n".join(lines)


def write_docs(text: str, path: Path) -> None:
    content = path.read_text()
    start = content.index(MARK_START) + len(MARK_START)
    end = content.index(MARK_END)
    path.write_text(content[:start] + "\n" + text + "\n" + content[end:])


def table_results(doc: str) -> dict[tuple[str, str], tuple[float, int]]:
    """(wins, games) for every "| hero vs opponent | games | rate% | ..." row of the
    cribbage-ladder block of docs/ai.md (the rate times the games, rounded)."""
    from ladder import pairing_rows  # the gin ladder, in this script's folder

    results: dict[tuple[str, str], tuple[float, int]] = {}
    for hero, villain, cells in pairing_rows(doc, MARK_START, MARK_END):
        if not cells[1].endswith("%"):
            continue
        try:
            games, rate = int(cells[0]), float(cells[1].removesuffix("%"))
        except ValueError:
            continue
        results[(hero, villain)] = (round(rate / 100 * games), games)
    return results


def fit_table(path: Path) -> str:
    """Elo fitted to the ladder block's rows, greedy at 1500 (the gin ladder's fit)."""
    from ladder import fit_elo  # the gin ladder, in this script's folder

    results = table_results(path.read_text(encoding="utf-8"))
    if not results:
        raise ValueError(f"no pairing rows in {path}'s cribbage-ladder block")
    bots = sorted({bot for pair in results for bot in pair})
    elo = fit_elo(results, bots, anchor="greedy")
    lines = [f"Elo fitted to {len(results)} rows of {path.name}'s cribbage ladder "
             "(greedy at 1500):"]
    lines += [f"  {bot}: {elo[bot]:.0f}" for bot in sorted(bots, key=elo.__getitem__)]
    return "\n".join(lines)


def paired_win_difference(mine: list[dict], theirs: list[dict]) -> tuple[int, float, float]:
    """(games, mean, 95% half-width) of the hero's win in ``mine`` less in ``theirs``, game by
    game, over the game numbers both hold: two heroes on the very same deals."""
    from cribbage_pegging import paired_difference  # in this script's folder

    theirs_by_index = {r["index"]: float(r["winner"] == 0) for r in theirs}
    both = [r for r in mine if r["index"] in theirs_by_index]
    if len(both) < 2:
        return len(both), 0.0, 0.0
    mean, half = paired_difference(
        [float(r["winner"] == 0) for r in both], [theirs_by_index[r["index"]] for r in both]
    )
    return len(both), mean, half


def mirrored_pairs_only(results: list[dict]) -> list[dict]:
    """The games whose mirror (same deals, other first dealer) was played too."""
    indices = {r["index"] for r in results}
    return [r for r in results if r["index"] ^ 1 in indices]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pair (even)")
    parser.add_argument("--pairs", default=DEFAULT_PAIRS, help="hero:opponent,...")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--progress", type=Path, help="JSON-lines file: resume and append")
    parser.add_argument("--write-docs", action="store_true", help="update docs/ai.md block")
    parser.add_argument("--summarise-only", action="store_true", help="only read --progress")
    parser.add_argument("--first-game", type=int, default=0,
                        help="number of the first game (even; later numbers mean fresh deals)")
    add_arguments(parser)
    parser.add_argument("--start-scores", metavar="LOW:HIGH",
                        help="start each game from scores drawn from LOW-HIGH (screening "
                             "endgames; a mirrored pair swaps them)")
    parser.add_argument("--against", type=Path,
                        help="another run's --progress file: print, for each pair, the paired "
                             "difference of the hero's wins over the games both played")
    parser.add_argument("--fit-table", action="store_true",
                        help="print Elo fitted to docs/ai.md's cribbage ladder rows, no games")
    args = parser.parse_args(argv)
    if args.fit_table:
        try:
            print(fit_table(ROOT / "docs" / "ai.md"))
        except (OSError, ValueError) as error:
            parser.error(f"cannot read the table: {error}")
        return 0
    if args.games < 2 or args.games % 2 or args.first_game < 0 or args.first_game % 2:
        parser.error("--games must be even and at least 2, --first-game even and not negative")
    knobs = from_args(parser, args)
    start = None
    if args.start_scores:
        try:
            low, high = (int(part) for part in args.start_scores.split(":"))
        except ValueError:
            parser.error("--start-scores takes LOW:HIGH, two whole numbers")
        if not 0 <= low <= high <= 120:
            parser.error("--start-scores needs 0 <= LOW <= HIGH <= 120")
        start = (low, high)
    pairs = [tuple(p.split(":")) for p in args.pairs.split(",")]
    for hero, villain in pairs:
        for name in (hero, villain):
            if name not in BUILTIN_BOTS:
                parser.error(f"unknown persona {name!r} (known: {', '.join(BUILTIN_BOTS)})")
    done: dict[str, list[dict]] = {f"{h}:{v}": [] for h, v in pairs}
    if args.progress and args.progress.exists():
        for line in args.progress.read_text().splitlines():
            result = json.loads(line)
            done.setdefault(result["pair"], []).append(result)
    tasks = []
    if not args.summarise_only:
        for hero, villain in pairs:
            have = {r["index"] for r in done[f"{hero}:{villain}"]}
            games = range(args.first_game, args.first_game + args.games)
            tasks += [(hero, villain, i, knobs, start)
                      for i in games if i not in have]
        tasks.sort(key=lambda task: task[2])  # interleave pairs so all progress together
    out = args.progress.open("a") if args.progress else None
    started = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        for k, result in enumerate(pool.imap_unordered(play_game, tasks, chunksize=2), 1):
            done[result["pair"]].append(result)
            if out:
                out.write(json.dumps(result) + "\n")
                out.flush()
            if k % 50 == 0:
                print(f"{k}/{len(tasks)} games, {time.perf_counter() - started:.0f}s", flush=True)
    # A run stopped early may hold one game of a mirrored pair: count only complete pairs.
    summaries = {
        pair: summarise(mirrored_pairs_only(results)) for pair, results in done.items() if results
    }
    command = "python benchmarks/cribbage_ladder.py " + " ".join(argv or sys.argv[1:])
    text = markdown(summaries, command)
    print(text)
    if args.write_docs:
        write_docs(text, ROOT / "docs" / "ai.md")
    if args.against:
        try:
            other = [json.loads(line) for line in args.against.read_text().splitlines()]
        except (OSError, ValueError) as error:
            parser.error(f"cannot read --against: {error}")
        for pair, results in done.items():
            theirs = [r for r in other if r.get("pair") == pair]
            games, mean, half = paired_win_difference(results, theirs)
            print(f"{pair}: this run less {args.against.name} over the same {games} games: "
                  f"{100 * mean:+.1f} ± {100 * half:.1f} points of win rate")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
