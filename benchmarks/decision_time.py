"""Decision time of the gin and cribbage experts, wall clock and CPU, as ``ginrummy-sim`` plays.

Plays the same matches as ``ginrummy-sim <game> --players ... --matches N --seed S`` (same
match and bot seeds), in this process and on this thread, and times every decision of the
first seat's bot twice: wall clock (``perf_counter``, what a player waits; other processes on
the machine inflate it) and this thread's CPU time (``thread_time``, the bot's own work, far
less sensitive to load). Prints mean, p95 (as ``ginrummy-sim`` computes it) and max of each,
the load average, and a digest of every action chosen by every seat: two runs with the same
digest played the same games card for card (run it against an older checkout with
``PYTHONPATH=/path/to/old/checkout`` to check a speed-up changed no decision).

    python benchmarks/decision_time.py [--matches 20] [--seed 1] [--games gin,cribbage]
        [--slowest N] [--profile N]

``--slowest N`` lists the N slowest decisions (match, hand, stock left, the action and the
bot's reason); ``--profile N`` runs cProfile around the timed seat's decisions only.

``--compare DIR [DIR ...]`` times several checkouts under the same load: each round runs this
script once per checkout (a child process with ``PYTHONPATH=DIR``), in turn, ``--rounds``
times, so a change of load hits them alike (extract an older commit with ``git archive``):

    git archive 60101b1 ginrummy_desktop | tar -x -C /tmp/before
    python benchmarks/decision_time.py --games gin --compare /tmp/before . --rounds 3
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import os
import pstats
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

if "PYTHONPATH" not in os.environ:  # run from a source checkout unless told which one
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ginrummy_desktop.engine.registry import get_game  # noqa: E402
from ginrummy_desktop.engine.runner import (  # noqa: E402
    derive_seed,
    load_agent_factory,
    make_agent,
    play_match,
)

DEFAULT_PLAYERS = {"gin": ("expert", "marjj"), "cribbage": ("expert", "careful")}


class TimedAgent:
    """Forwards to a bot, timing each ``choose`` (wall and thread CPU) and hashing its answers."""

    def __init__(self, agent: Any, digest: Any, timed: bool, match: int = 0,
                 profiler: Any = None) -> None:
        self.agent = agent
        self.digest = digest
        self.timed = timed
        self.match = match
        self.profiler = profiler
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.what: list[str] = []  # per timed decision: where it was and what was chosen

    def choose(self, observation: Any) -> Any:
        profiler = self.profiler if self.timed else None
        if profiler is not None:
            profiler.enable()
        wall, cpu = time.perf_counter(), time.thread_time()
        action = self.agent.choose(observation)
        cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
        if profiler is not None:
            profiler.disable()
        if self.timed:
            self.wall.append(wall)
            self.cpu.append(cpu)
            self.what.append(
                f"match {self.match} hand {getattr(observation, 'hand_number', '?')} "
                f"stock {getattr(observation, 'stock_size', '?')}: "
                f"{' '.join(map(str, action))} ({getattr(self.agent, 'last_reason', '') or '-'})")
        self.digest.update(repr(tuple(action)).encode())
        return action

    def __getattr__(self, name: str) -> Any:
        return getattr(self.agent, name)


def summary(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    count = len(ordered)
    p95 = ordered[min(count - 1, int(0.95 * count))]
    return (f"mean {statistics.fmean(ordered) * 1000:7.1f} ms   p95 {p95 * 1000:7.1f} ms   "
            f"max {ordered[-1] * 1000:7.1f} ms")


def run(game: str, players: tuple[str, str], matches: int, seed: int, slowest: int = 0,
        profile: int = 0) -> None:
    spec = get_game(game)
    rules = spec.parse_rules(next(iter(spec.presets)), {})
    factories = [load_agent_factory(spec, player) for player in players]
    digest = hashlib.sha256()
    first: list[TimedAgent] = []
    load_before = os.getloadavg()
    started = time.perf_counter()
    wins = 0
    profiler = cProfile.Profile() if profile else None
    for index in range(matches):
        match_seed = derive_seed(seed, f"match {index}")
        agents = [TimedAgent(make_agent(factory, derive_seed(match_seed, f"agent {player}")),
                             digest, timed=player == 0, match=index, profiler=profiler)
                  for player, factory in enumerate(factories)]
        outcome = play_match(spec, rules, agents, match_seed, None, index)
        wins += 0 in outcome.winners
        first.append(agents[0])
    elapsed = time.perf_counter() - started
    load_after = os.getloadavg()
    wall = [t for agent in first for t in agent.wall]
    cpu = [t for agent in first for t in agent.cpu]
    print(f"\n{game}: {players[0]} against {players[1]}, {matches} matches, seed {seed}: "
          f"{len(wall)} decisions by {players[0]}, {wins} matches won, {elapsed:.1f} s")
    print(f"  wall clock  {summary(wall)}")
    print(f"  thread CPU  {summary(cpu)}")
    print(f"  load average {load_before[0]:.2f} before, {load_after[0]:.2f} after")
    print(f"  digest of every action chosen: {digest.hexdigest()[:16]}")
    if slowest:
        what = [w for agent in first for w in agent.what]
        print(f"  the {slowest} slowest decisions (thread CPU / wall ms):")
        for seconds, wall_seconds, where in sorted(zip(cpu, wall, what, strict=True),
                                                   reverse=True)[:slowest]:
            print(f"    {seconds * 1000:7.1f} / {wall_seconds * 1000:7.1f}  {where}")
    if profiler is not None:
        print(f"  cProfile of the timed decisions, top {profile} by cumulative time:")
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("cumulative").print_stats(profile)


def compare(args: argparse.Namespace) -> None:
    """Run this script on each checkout of ``args.compare`` in turn, ``args.rounds`` times."""
    passed = ["--matches", str(args.matches), "--seed", str(args.seed), "--games", args.games,
              "--gin-players", *args.gin_players, "--cribbage-players", *args.cribbage_players,
              "--slowest", str(args.slowest)]
    for round_number in range(1, args.rounds + 1):
        for directory in args.compare:
            code = str(Path(directory).resolve())
            print(f"\n=== round {round_number}, {code}, load average "
                  f"{' '.join(f'{load:.2f}' for load in os.getloadavg())}", flush=True)
            subprocess.run([sys.executable, __file__, *passed], check=True,
                           env={**os.environ, "PYTHONPATH": code})


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default="gin,cribbage")
    parser.add_argument("--gin-players", nargs=2, default=DEFAULT_PLAYERS["gin"])
    parser.add_argument("--cribbage-players", nargs=2, default=DEFAULT_PLAYERS["cribbage"])
    parser.add_argument("--slowest", type=int, default=0, metavar="N",
                        help="list the N slowest decisions of the timed seat (where, what)")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="profile the timed seat's decisions; print the top N functions")
    parser.add_argument("--compare", nargs="+", default=[], metavar="DIR",
                        help="time these checkouts in turn (PYTHONPATH=DIR), --rounds times")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of --compare")
    args = parser.parse_args(argv)
    if args.compare:
        compare(args)
        return
    import ginrummy_desktop

    print(f"code: {Path(ginrummy_desktop.__file__).parent}; command: python {' '.join(sys.argv)}")
    for game in args.games.split(","):
        players = tuple(getattr(args, f"{game}_players"))
        run(game, players, args.matches, args.seed,  # type: ignore[arg-type]
            args.slowest, args.profile)


if __name__ == "__main__":
    main()
