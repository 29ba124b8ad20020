"""The cost of running a bot in its own process: the same bot in-process and as a plug-in.

The expert is played against greedy twice on the same seeds: once in-process (the built-in id
``expert``) and once loaded as a plug-in (``ginrummy_desktop.engine.gin.bots.expert:ExpertBot``,
which the runner starts in a child process and drives over the ginrummy-bot protocol). Both runs
play exactly the same games (the script checks the records are identical), so the difference in
time is the process boundary: encoding each observation, two pipe hops, decoding, and the
child's start-up. The runs alternate in blocks so a change in the machine's load hits both.

A second, quick pair does the same with the random bot, whose decisions cost almost nothing, so
its difference per decision is the protocol's own overhead.

    python benchmarks/plugin_overhead.py                 # 200 matches each (several CPU-minutes)
    python benchmarks/plugin_overhead.py --matches 10    # a quick look
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import resource
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ginrummy_desktop.engine.runner import run_matches  # noqa: E402

PAIRS = {
    "expert": ("expert", "ginrummy_desktop.engine.gin.bots.expert:ExpertBot"),
    "random": ("random", "ginrummy_desktop.engine.gin.bots.basic:RandomBot"),
}


def timed_run(player: str, first: int, matches: int, seed: int) -> tuple[float, float, int, str]:
    """(wall seconds, CPU seconds of runner and children, the bot's decisions, records)."""
    records = io.StringIO()
    before = _cpu()
    start = time.perf_counter()
    report = run_matches("gin", [player, "greedy"], matches, seed=seed, first_match=first,
                         records=records)
    wall = time.perf_counter() - start
    data = report.to_json()
    if data["forfeits"]:
        raise SystemExit(f"unexpected forfeit: {data['forfeits'][0]}")
    return wall, _cpu() - before, data["players"][0]["decisions"], records.getvalue()


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def compare(bot: str, matches: int, blocks: int, seed: int) -> dict[str, float]:
    in_process, plugin = PAIRS[bot]
    totals = {"in": [0.0, 0.0, 0], "plugin": [0.0, 0.0, 0]}
    size = max(1, matches // blocks)
    first = 0
    while first < matches:
        count = min(size, matches - first)
        runs = {}
        for label, player in (("in", in_process), ("plugin", plugin)):
            wall, cpu, decisions, records = timed_run(player, first, count, seed)
            totals[label][0] += wall
            totals[label][1] += cpu
            totals[label][2] += decisions
            runs[label] = records.replace(plugin, in_process)
        if runs["in"] != runs["plugin"]:
            raise SystemExit("the plug-in played different games than the in-process bot")
        first += count
        print(f"  {bot}: {first}/{matches} matches, in-process {totals['in'][0]:.1f} s, "
              f"plug-in {totals['plugin'][0]:.1f} s", file=sys.stderr, flush=True)
    wall_in, cpu_in, decisions = totals["in"]
    wall_plugin, cpu_plugin, _ = totals["plugin"]
    return {
        "matches": matches, "decisions": decisions,
        "wall_in": wall_in, "wall_plugin": wall_plugin,
        "cpu_in": cpu_in, "cpu_plugin": cpu_plugin,
        "ratio": wall_plugin / wall_in,
        "cpu_ratio": cpu_plugin / cpu_in,
        "overhead_us": (wall_plugin - wall_in) / decisions * 1e6,
        "cpu_overhead_us": (cpu_plugin - cpu_in) / decisions * 1e6,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=200, help="expert matches per side")
    parser.add_argument("--blocks", type=int, default=4, help="alternations per side")
    parser.add_argument("--quick-matches", type=int, default=40,
                        help="random-bot matches per side (protocol overhead alone)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"# plugin_overhead {date.today()}  {platform.system()} {platform.machine()}, "
          f"Python {platform.python_version()}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f}")
    header = (f"{'bot':8} {'matches':>7} {'decisions':>9} {'in-process s':>12} "
              f"{'plug-in s':>10} {'ratio':>6} {'CPU ratio':>9} {'us/decision':>11} "
              f"{'CPU us/dec':>10}")
    print(header)
    for bot, matches in (("random", args.quick_matches), ("expert", args.matches)):
        if matches <= 0:
            continue
        r = compare(bot, matches, args.blocks, args.seed)
        print(f"{bot:8} {r['matches']:>7} {r['decisions']:>9} {r['wall_in']:>12.2f} "
              f"{r['wall_plugin']:>10.2f} {r['ratio']:>6.3f} {r['cpu_ratio']:>9.3f} "
              f"{r['overhead_us']:>11.0f} {r['cpu_overhead_us']:>10.0f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
