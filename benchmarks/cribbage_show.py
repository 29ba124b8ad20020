"""Cribbage show scoring speed: ``score_show`` (itemized) beside the PyPI ``cribbage-scorer``.

Both score the same deals (four cards, a starter, hand or crib rules at random) in one run,
interleaved deal by deal so that both see the same machine load; every total must agree. Also
times ``show_points`` (the bots' total-only scorer). Medians and means per call, in microseconds.
The first pass over the deals also fills ``score_show``'s table of rank patterns (one entry per
pattern of five ranks, 6,175 in all), so a second pass is printed as well.

    pip install cribbage-scorer      # benchmark only: the app does not use it
    python benchmarks/cribbage_show.py [--deals 20000] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a source checkout

from benchmarks.melds import machine_info  # noqa: E402
from ginrummy_desktop.engine.cards import FULL_DECK  # noqa: E402
from ginrummy_desktop.engine.cribbage.scoring import score_show, show_points  # noqa: E402
from ginrummy_desktop.engine.rng import StableRandom  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        from cribbage_scorer.cribbage_scorer import show_calc_score
    except ImportError:
        print("cribbage-scorer is not installed: pip install cribbage-scorer", file=sys.stderr)
        return 2

    print(f"machine: {machine_info()}")
    if hasattr(os, "getloadavg"):
        print("load average before the run: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    print(f"command: python {' '.join(sys.argv)}")
    rng = StableRandom(args.seed)
    deck = list(FULL_DECK)
    deals = []
    for _ in range(args.deals):
        rng.shuffle(deck)
        deals.append((deck[:4], deck[4], rng.random() < 0.5))

    clock = time.perf_counter_ns
    for label in ("first pass", "second pass"):
        ours: list[float] = []
        fast: list[float] = []
        theirs: list[float] = []
        totals = [0, 0, 0]
        for hand, starter, is_crib in deals:
            # cribbage-scorer takes (rank, suit) tuples: a Card is one.
            t0 = clock()
            mine = score_show(hand, starter, is_crib).total
            t1 = clock()
            quick = show_points(hand, starter, is_crib)
            t2 = clock()
            other = show_calc_score(starter, hand, is_crib)[0]
            t3 = clock()
            ours.append((t1 - t0) / 1000)
            fast.append((t2 - t1) / 1000)
            theirs.append((t3 - t2) / 1000)
            if not mine == quick == other:
                print(f"totals disagree on {hand} + {starter}: {mine} {quick} {other}")
                return 1
            totals[0] += mine
            totals[1] += quick
            totals[2] += other
        print(f"\n{label}: {len(deals)} deals (seed {args.seed}), totals "
              f"{totals[0]} / {totals[1]} / {totals[2]} (all agree deal by deal)")
        for name, timings in (("score_show (itemized)", ours), ("show_points (total only)", fast),
                              ("cribbage-scorer show_calc_score", theirs)):
            print(f"  {name:<34} median {statistics.median(timings):8.2f} us   "
                  f"mean {statistics.fmean(timings):8.2f} us")
        print(f"  cribbage-scorer / score_show: "
              f"{statistics.median(theirs) / statistics.median(ours):.2f}x (medians), "
              f"{statistics.fmean(theirs) / statistics.fmean(ours):.2f}x (means)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
