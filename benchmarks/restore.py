"""The cost of checking a save whole: ``GinMatch.restore`` / ``CribbageMatch.restore`` replay
every finished hand and the hand in progress before a match is offered for resuming (issue 45).

A match between two greedy bots is played to its last hand; its snapshot there (the longest a
save gets) is restored ``--repeat`` times and the median time printed, per rule set. The gin
table's undo history (practice games) holds up to one snapshot per action of the hand in
progress, each checked the same way at resume, so the worst resume costs about the number of
undo entries times the figure printed here.

    python benchmarks/restore.py
"""

from __future__ import annotations

import argparse
import copy
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ginrummy_desktop.engine.cribbage import CribbageMatch  # noqa: E402
from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS as CRIBBAGE_BOTS  # noqa: E402
from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS as GIN_BOTS  # noqa: E402
from ginrummy_desktop.engine.gin.match import GinMatch  # noqa: E402
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS  # noqa: E402


def last_snapshot(session, bots) -> dict:
    """The snapshot before the match's final action (a deep copy: snapshots share lists)."""
    snapshot = copy.deepcopy(session.snapshot())
    while not session.over:
        seat = session.to_move()
        session.apply(seat, bots[seat].choose(session.observation(seat)))
        if not session.over:
            snapshot = copy.deepcopy(session.snapshot())
    return snapshot


def measure(restore, snapshot: dict, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        restore(snapshot)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    for preset in ("classic", "hollywood", "three-player", "partnership"):
        rules = GIN_PRESETS[preset]
        bots = [GIN_BOTS["greedy"](seed=seat) for seat in range(rules.players)]
        snapshot = last_snapshot(GinMatch(rules, seed=args.seed), bots)
        seconds = measure(GinMatch.restore, snapshot, args.repeat)
        print(f"gin {preset}: {len(snapshot['records'])} finished hands, "
              f"restore {seconds * 1000:.1f} ms (median of {args.repeat})")
    bots = [CRIBBAGE_BOTS["greedy"](seed=seat) for seat in range(2)]
    snapshot = last_snapshot(CribbageMatch(seed=args.seed), bots)
    seconds = measure(CribbageMatch.restore, snapshot, args.repeat)
    print(f"cribbage: {len(snapshot['records'])} finished hands, "
          f"restore {seconds * 1000:.1f} ms (median of {args.repeat})")
    print(f"{platform.system()} {platform.machine()}, Python {platform.python_version()}, "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
