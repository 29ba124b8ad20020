"""Hand review timing, and how the expert's own hands are graded.

Plays matches between two built-in bots (the expert first: seat 0), then reviews every hand for
seat 0 with ``engine.review`` and prints the wall-clock review time per hand (mean, p95, max)
for each game, and the share of the expert's decisions graded neither mistake nor blunder (the
issue asks for at least 95%). Each hand is reviewed once with the cache cleared, on one core:

    python benchmarks/review.py --gin-hands 60 --cribbage-hands 60 --seed 1
    python benchmarks/review.py --gin-hands 20 --cribbage-hands 0 --json

Goal (issue 41): under 2 s per gin hand and 1 s per cribbage hand on a 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ginrummy_desktop.engine.cribbage import CribbageMatch  # noqa: E402
from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS as CRIBBAGE_BOTS  # noqa: E402
from ginrummy_desktop.engine.gin import GIN_PRESETS, GinMatch  # noqa: E402
from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS as GIN_BOTS  # noqa: E402
from ginrummy_desktop.engine.review import (  # noqa: E402
    BLUNDER,
    MISTAKE,
    clear_cache,
    review_hand,
)


def gin_hands(count: int, seed: int, opponent: str) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    match_seed = seed
    while len(records) < count:
        match = GinMatch(GIN_PRESETS["tournament"], seed=match_seed)
        bots = [GIN_BOTS["expert"](seed=match_seed), GIN_BOTS[opponent](seed=match_seed + 1)]
        while not match.over and len(records) + len(match.hand_records()) < count:
            seat = match.to_move()
            assert seat is not None
            match.apply(seat, bots[seat].choose(match.observation(seat)))
        records += match.hand_records()
        match_seed += 1
    return records[:count]


def cribbage_hands(count: int, seed: int, opponent: str) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    game_seed = seed
    while len(records) < count:
        match = CribbageMatch(seed=game_seed)
        bots = [CRIBBAGE_BOTS["expert"](seed=game_seed),
                CRIBBAGE_BOTS[opponent](seed=game_seed + 1)]
        while match.winner is None and len(records) + len(match.hand_records()) < count:
            seat = match.to_move()
            assert seat is not None
            match.apply(seat, bots[seat].choose(match.observation(seat)))
        records += match.hand_records()
        game_seed += 1
    return records[:count]


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0


def measure(records: list[dict[str, Any]]) -> dict[str, Any]:
    times: list[float] = []
    cpu: list[float] = []
    decisions = clean = 0
    for record in records:
        clear_cache()
        start, start_cpu = time.perf_counter(), time.process_time()
        review = review_hand(record, 0)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        decisions += len(review.decisions)
        clean += sum(1 for d in review.decisions if d.grade not in (MISTAKE, BLUNDER))
    return {
        "hands": len(records), "decisions": decisions,
        "mean_s": statistics.fmean(times) if times else 0.0, "p95_s": _p95(times),
        "max_s": max(times, default=0.0),
        "cpu_mean_s": statistics.fmean(cpu) if cpu else 0.0, "cpu_p95_s": _p95(cpu),
        "expert_clean_share": clean / decisions if decisions else 1.0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gin-hands", type=int, default=40)
    parser.add_argument("--cribbage-hands", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--gin-opponent", default="marjj")
    parser.add_argument("--cribbage-opponent", default="careful")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    results: dict[str, Any] = {
        "machine": f"{platform.machine()}, Python {platform.python_version()}",
        "seed": args.seed,
    }
    if args.gin_hands > 0:
        results["gin"] = measure(gin_hands(args.gin_hands, args.seed, args.gin_opponent))
    if args.cribbage_hands > 0:
        results["cribbage"] = measure(
            cribbage_hands(args.cribbage_hands, args.seed, args.cribbage_opponent))
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(results["machine"])
    for game in ("gin", "cribbage"):
        if game in results:
            r = results[game]
            print(f"{game}: {r['hands']} hands, {r['decisions']} decisions; review per hand "
                  f"mean {r['mean_s']:.3f} s, p95 {r['p95_s']:.3f} s, max {r['max_s']:.3f} s "
                  f"(CPU mean {r['cpu_mean_s']:.3f} s, p95 {r['cpu_p95_s']:.3f} s); "
                  f"expert decisions not graded mistake or blunder: "
                  f"{r['expert_clean_share']:.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
