"""Gin Rummy opponents ladder: a mirrored round robin between the personas.

Every deal is played twice with the seats swapped (same cards, same dealer cycle), matches to
100 under the Tournament preset. Pairings run in parallel worker processes. Prints match win
rates with 95% Wilson intervals, Elo ratings (Bradley-Terry fit, Simple anchored at 1500),
style figures and decision times; with ``--write`` it also replaces the ladder block of
docs/ai.md and the ratings file the app's opponent picker reads.

    nice -n 10 python benchmarks/ladder.py --quick
    nice -n 10 python benchmarks/ladder.py --matches 200 --focus-matches 600 --write
    nice -n 10 python benchmarks/ladder.py --pairs knocker:beginner=2000,expert:marjj=200 \
        --seed 101 --json /tmp/ladder.json

``--pairs`` runs only the listed pairings (stronger-meant persona first, optional match count);
``--json`` saves the raw tallies so runs over disjoint deals (``--seed``) can be pooled, and
``--merge`` pools such files into one table without playing (long runs can go in chunks):

    python benchmarks/ladder.py --merge /tmp/chunks/*.json

``--expert-knob NAME=VALUE`` (repeatable) plays the expert with one of its settings changed,
for screening a variant before it is shipped: ``samples``, ``discard_samples`` (0: heuristic
discards only), ``discard_candidates``, ``knock_margin`` and ``close_call`` (``ExpertBot``),
``own_go_out`` and ``own_go_out_playing`` (the deadwood at which the expert's imagined future
self knocks when weighing a knock and a discard; 0: gin only, as shipped), ``own_go_out_racing``
(that deadwood for a discard times how readily the opponent knocks; 0: off), ``per_turn``,
``max_development``, ``discard_sense`` (0: off), ``oversample`` and ``history_depth`` (the
opponent's turns replayed; 1: only its last discard, as before 2026-12-01's evening)
(``worlds.DEVELOPMENT_PER_TURN``, ``MAX_DEVELOPMENT``, ``DISCARD_SENSE``, ``OVERSAMPLE``,
``HISTORY_DEPTH``).
``oracle=1`` is a measurement, not a player: every world holds the opponent's true hand
(``oracle=2``: only when weighing a knock; ``oracle=3``: only for close discards).
The expert of 2026-12-01's morning is ``per_turn=1 max_development=12 discard_sense=0``:

    python benchmarks/ladder.py --pairs expert:marjj=200 --seed 1 --expert-knob knock_margin=0.02

``--fit-table`` fits Elo ratings to the pairing rows of docs/ai.md's ladder table (a player
written with a label, such as "expert (run P)", is a player of its own: an earlier version):

    python benchmarks/ladder.py --fit-table
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import os
import platform
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from itertools import combinations
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ginrummy_desktop.engine.cards import cards_mask  # noqa: E402
from ginrummy_desktop.engine.gin.bots import PERSONAS  # noqa: E402
from ginrummy_desktop.engine.gin.bots import expert as expert_module  # noqa: E402
from ginrummy_desktop.engine.gin.bots import worlds as worlds_module  # noqa: E402
from ginrummy_desktop.engine.gin.bots.evaluate import iter_bits  # noqa: E402
from ginrummy_desktop.engine.gin.bots.expert import ExpertBot  # noqa: E402
from ginrummy_desktop.engine.gin.bots.knowledge import Knowledge  # noqa: E402
from ginrummy_desktop.engine.gin.bots.personas import RATINGS_PATH  # noqa: E402
from ginrummy_desktop.engine.gin.bots.worlds import World  # noqa: E402
from ginrummy_desktop.engine.gin.match import GinMatch  # noqa: E402
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS  # noqa: E402
from ginrummy_desktop.engine.rng import StableRandom  # noqa: E402

DOC_PATH = ROOT / "docs" / "ai.md"
START, END = "<!-- gin-ladder:start -->", "<!-- gin-ladder:end -->"
FOCUS = {("expert", "simple"), ("expert", "marjj"), ("simple", "simple")}
# The round robin seats two bots; three-player and partnership presets need more.
TWO_PLAYER_PRESETS = sorted(name for name, rules in GIN_PRESETS.items() if rules.players == 2)
STYLE_KEYS = ("hands", "knocks", "knock_deadwood", "gins", "undercut_against", "undercuts_made")


class Oracle:
    """``--expert-knob oracle=N``: a measurement, never a player. The expert's worlds hold the
    opponent's true hand (the stock order stays unknown), which bounds what a perfect picture
    of the hand could win: for every decision (1), only for knocks (2: ``compare_knock``) or
    only for close discards (3: ``compare_discards``). The driver sets ``hand`` before each
    expert decision."""

    enabled = 0
    hand = 0
    active = False  # inside a decision the oracle serves
    wrapped = False
    ONLY = {2: "compare_knock", 3: "compare_discards"}


# name: (owner, attribute, type) of the expert settings --expert-knob may change
EXPERT_KNOBS: dict[str, tuple[object, str, type]] = {
    "samples": (ExpertBot, "samples", int),
    "discard_samples": (ExpertBot, "discard_samples", int),
    "knock_margin": (ExpertBot, "knock_margin", float),
    "discard_candidates": (ExpertBot, "discard_candidates", int),
    "own_go_out": (ExpertBot, "own_rollout_go_out", int),
    "own_go_out_playing": (ExpertBot, "own_rollout_go_out_playing", int),
    "own_go_out_racing": (ExpertBot, "own_go_out_racing", int),
    "close_call": (ExpertBot, "close_call", float),
    "future_weight": (ExpertBot, "future_weight", float),
    "per_turn": (worlds_module, "DEVELOPMENT_PER_TURN", float),
    "max_development": (worlds_module, "MAX_DEVELOPMENT", int),
    "discard_sense": (worlds_module, "DISCARD_SENSE", float),
    "oversample": (worlds_module, "OVERSAMPLE", int),
    "history_depth": (worlds_module, "HISTORY_DEPTH", int),
    "knock_oversample": (worlds_module, "KNOCK_OVERSAMPLE", int),
    "knock_correction": (ExpertBot, "use_knock_correction", int),
    "rule_miss": (worlds_module, "RULE_MISS", float),
    "prune": (worlds_module, "PRUNE", float),
    "knock_development": (worlds_module, "KNOCK_DEVELOPMENT", float),
    "pip_window": (worlds_module, "PIP_WINDOW", int),
    "residual_window": (worlds_module, "RESIDUAL_WINDOW", int),
    "passed_knock": (ExpertBot, "passed_knock_inference", int),
    "passed_knock_floor": (worlds_module, "PASSED_KNOCK_FLOOR", float),
    "passed_gin": (worlds_module, "PASSED_GIN", float),
    "oracle": (Oracle, "enabled", int),
}


# int knobs for which 0 means "off" (the rest must be at least 1)
CAN_BE_ZERO = {"max_development", "own_go_out", "own_go_out_playing", "own_go_out_racing",
               "discard_samples", "oracle", "knock_oversample", "knock_correction", "pip_window",
               "residual_window", "passed_knock"}


def parse_knobs(items: list[str]) -> tuple[tuple[str, float], ...]:
    """``["knock_margin=0.02", ...]`` -> ((name, value), ...); a clear error for anything else."""
    knobs = []
    for item in items:
        name, _, text = item.partition("=")
        if name not in EXPERT_KNOBS:
            raise ValueError(f"unknown expert knob {name!r} (known: {', '.join(EXPERT_KNOBS)})")
        kind = EXPERT_KNOBS[name][2]
        try:
            value = kind(text)
        except ValueError:
            raise ValueError(f"{name} needs a number, not {text!r}") from None
        if value < 0 or (kind is int and value < 1 and name not in CAN_BE_ZERO):
            raise ValueError(f"{name} must be positive, not {text!r}")
        if name == "oracle" and value not in (0, 1, *Oracle.ONLY):
            raise ValueError(f"oracle must be 0, 1, 2 or 3, not {text!r}")
        knobs.append((name, value))
    return tuple(knobs)


def oracle_worlds_for(
    observation: object, knowledge: Knowledge, count: int, rng: StableRandom, **reading: Any
) -> list[World]:
    if Oracle.enabled != 1 and not Oracle.active:
        return worlds_module.worlds_for(observation, knowledge, count, rng, **reading)
    stock = list(iter_bits(knowledge.unseen & ~Oracle.hand))
    worlds = []
    for _ in range(count):
        rng.shuffle(stock)
        worlds.append(World(Oracle.hand, list(stock)))
    return worlds


def apply_knobs(knobs: tuple[tuple[str, float], ...]) -> None:
    """Set the expert's settings in this process (each worker applies them for itself)."""
    for name, value in knobs:
        owner, attribute, _ = EXPERT_KNOBS[name]
        setattr(owner, attribute, value)
    if Oracle.enabled:
        expert_module.worlds_for = oracle_worlds_for  # type: ignore[assignment]
        expert_module.knock_worlds_for = oracle_worlds_for  # type: ignore[assignment]
    if Oracle.enabled in Oracle.ONLY and not Oracle.wrapped:  # once per process
        Oracle.wrapped = True
        name = Oracle.ONLY[int(Oracle.enabled)]
        decide = getattr(ExpertBot, name)

        def with_oracle(*args: object, **kwargs: object) -> object:
            Oracle.active = True
            try:
                return decide(*args, **kwargs)
            finally:
                Oracle.active = False

        setattr(ExpertBot, name, with_oracle)


def play_deal_pair(task: tuple) -> dict:
    """Play deal ``seed`` twice, ``a`` first in seat 0 then in seat 1; return tallies."""
    a, b, seed, preset = task[:4]
    apply_knobs(task[4] if len(task) > 4 else ())
    rules = GIN_PRESETS[preset]
    out = {"a_wins": 0, "matches": 0, "hands": 0, "endings": defaultdict(int),
           "style": {a: defaultdict(float),
           b: defaultdict(float)}, "times": {a: [], b: []}, "cpu_times": {a: [], b: []}}
    if a == b:
        out["style"] = {a: defaultdict(float)}
        out["times"] = {a: []}
        out["cpu_times"] = {a: []}
    for swap in (False, True):
        ids = (b, a) if swap else (a, b)
        seeds = [seed * 2 + seat for seat in (0, 1)]
        if a == b and swap:
            # Self-play: the bots' own seeds change seats too, or the mirror would replay the
            # first match move for move and the pairing would score exactly 50% by construction.
            seeds.reverse()
        bots = [PERSONAS[ids[seat]].create(seed=seeds[seat]) for seat in (0, 1)]
        match = GinMatch(rules, seed=seed)
        while not match.over:
            seat = match.to_move()
            observation = match.observation(seat)
            if Oracle.enabled and ids[seat] == "expert":
                hand = match.hand
                Oracle.hand = cards_mask(hand.hands[1 - hand.position_of(seat)])
            started, cpu_started = time.perf_counter(), time.process_time()
            action = bots[seat].choose(observation)
            out["times"][ids[seat]].append(time.perf_counter() - started)
            # CPU time too: on shared cores the wall clock also counts other processes' turns
            out["cpu_times"][ids[seat]].append(time.process_time() - cpu_started)
            match.apply(seat, action)
        a_seat = 1 if swap else 0
        out["matches"] += 1
        out["a_wins"] += a_seat in match.winners
        for record in match.hand_records():
            out["hands"] += 1
            out["endings"][record["result"]["kind"]] += 1
            _tally_hand(record["result"], ids, out["style"])
    return out


def _tally_hand(result: dict, ids: tuple[str, str], style: dict) -> None:
    for seat in (0, 1):
        style[ids[seat]]["hands"] += 1
    knocker = result["knocker"]
    if knocker is None:
        return
    knocker_id = ids[knocker]
    other_id = ids[1 - knocker]
    figures = style[knocker_id]
    if result["kind"] in ("gin", "big_gin"):
        figures["gins"] += 1
    else:
        figures["knocks"] += 1
        revealed = [h for h in result["hands"] if h["seat"] == knocker]
        figures["knock_deadwood"] += revealed[0]["deadwood_points"] if revealed else 0
        if result["kind"] == "undercut":
            figures["undercut_against"] += 1
            style[other_id]["undercuts_made"] += 1


def wilson(wins: float, total: int, z: float = 1.96) -> tuple[float, float]:
    if total == 0:
        return 0.0, 1.0
    p = wins / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return centre - half, centre + half


def fit_elo(
    results: dict[tuple[str, str], tuple[float, int]], bots: list[str], anchor: str = "simple"
) -> dict:
    """Bradley-Terry by minorisation-maximisation, reported on the Elo scale, ``anchor`` at
    1500 (the cribbage ladder anchors its greedy persona)."""
    strength = dict.fromkeys(bots, 1.0)
    for _ in range(500):
        new = {}
        for bot in bots:
            wins = games_over = 0.0
            for (a, b), (a_wins, total) in results.items():
                if a == b or bot not in (a, b):
                    continue
                own = a_wins if bot == a else total - a_wins
                other = b if bot == a else a
                wins += own + 0.5  # a half-win prior keeps unbeaten bots finite
                games_over += (total + 1) / (strength[bot] + strength[other])
            new[bot] = wins / games_over if games_over else strength[bot]
        strength = new
    scale = strength.get(anchor, 1.0)
    return {bot: 1500 + 400 * math.log10(strength[bot] / scale) for bot in bots}


def pairing_rows(doc: str, start: str, end: str) -> Iterator[tuple[str, str, list[str]]]:
    """(a, b, the other cells) for every "| a vs b | ..." table row between the two markers
    (the gin and the cribbage ladders' tables both read this way)."""
    if start not in doc or end not in doc:
        raise ValueError(f"{DOC_PATH} lacks the {start} ... {end} block")
    block = doc.split(start, 1)[1].split(end, 1)[0]
    for line in block.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and " vs " in cells[0]:
            a, b = (name.strip() for name in cells[0].split(" vs ", 1))
            yield a, b, cells[1:]


def table_results(doc: str) -> dict[tuple[str, str], tuple[float, int]]:
    """(wins, matches) for every "| a vs b | matches | wins | ..." row of the ladder block."""
    results: dict[tuple[str, str], tuple[float, int]] = {}
    for a, b, cells in pairing_rows(doc, START, END):
        try:
            matches, wins = int(cells[0]), int(cells[1])
        except ValueError:
            continue
        results[(a, b)] = (wins, matches)
    return results


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def parse_pairs(text: str, default: int) -> dict[tuple[str, str], int]:
    """``"a:b=N,c:d"`` -> {(a, b): N, (c, d): default}; unknown ids are a clear error."""
    counts = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        pair, _, count = item.partition("=")
        a, _, b = pair.partition(":")
        if a not in PERSONAS or b not in PERSONAS:
            raise ValueError(f"bad pairing {item!r}: expected a:b[=matches] with persona ids "
                             f"from {', '.join(PERSONAS)}")
        if count and not count.isdigit():
            raise ValueError(f"bad match count in {item!r}")
        counts[(a, b)] = int(count) if count else default
    return counts


def run(args: argparse.Namespace) -> str:
    if args.pairs:
        counts = parse_pairs(args.pairs, args.matches)
        pairings = list(counts)
        bots = [bot for bot in PERSONAS if any(bot in pair for pair in pairings)]
    else:
        bots = args.bots.split(",") if args.bots else list(PERSONAS)
        pairings = [(a, b) for a, b in combinations(bots, 2)]
        if "simple" in bots:
            pairings.append(("simple", "simple"))
        ordered = {bot: n for n, bot in enumerate(bots)}
        pairings = [(b, a) if ordered[a] < ordered[b] else (a, b) for a, b in pairings]
        counts = {pair: args.focus_matches if pair in FOCUS else args.matches
                  for pair in pairings}
    tasks = []
    for a, b in pairings:
        count = counts[(a, b)]
        for deal in range(max(1, count // 2)):
            tasks.append((a, b, args.seed + deal, args.preset, args.knobs))
    totals: dict[tuple[str, str], dict] = {
        pair: {"a_wins": 0, "matches": 0, "hands": 0, "endings": {}} for pair in pairings
    }
    style: dict[str, dict] = defaultdict(lambda: defaultdict(float))
    times: dict[str, list[float]] = defaultdict(list)
    cpu_times: dict[str, list[float]] = defaultdict(list)
    started = time.time()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(play_deal_pair, task): task for task in tasks}
        for done, future in enumerate(as_completed(futures), 1):
            a, b = futures[future][:2]
            out = future.result()
            add_counts(totals[(a, b)], out)
            add_style(style, times, out["style"], out["times"])
            for bot, values in out["cpu_times"].items():
                cpu_times[bot].extend(values)
            if done % 50 == 0:
                print(f"  {done}/{len(tasks)} deal pairs, {time.time() - started:.0f}s",
                      file=sys.stderr)
    elapsed = time.time() - started
    results = {pair: (t["a_wins"], t["matches"]) for pair, t in totals.items()}
    elo = fit_elo(results, bots)
    text = report(args, bots, pairings, totals, elo, style, times, elapsed)
    if args.write:
        write_outputs(text, bots, elo, style, times, results, args)
    if args.json:
        raw = {"command": "python benchmarks/ladder.py " + " ".join(sys.argv[1:]),
               "seed": args.seed, "preset": args.preset, "expert_knobs": dict(args.knobs),
               "pairings": [{"a": a, "b": b, **totals[(a, b)]} for a, b in pairings],
               "style": {bot: dict(figures) for bot, figures in style.items()},
               "times": {bot: values for bot, values in times.items()},
               "cpu_times": {bot: values for bot, values in cpu_times.items()}}
        Path(args.json).write_text(json.dumps(raw) + "\n", encoding="utf-8")
    return text


def merge(paths: list[str]) -> tuple[list, dict, dict, dict, list[str]]:
    """Pool ``--json`` files: the same pairing's tallies add up, decision times join."""
    pairings: list[tuple[str, str]] = []
    totals: dict[tuple[str, str], dict] = {}
    style: dict[str, dict] = defaultdict(lambda: defaultdict(float))
    times: dict[str, list[float]] = defaultdict(list)
    commands = []
    for path in paths:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
        commands.append(raw["command"])
        for entry in raw["pairings"]:
            pair = (entry["a"], entry["b"])
            if pair not in totals:
                pairings.append(pair)
                totals[pair] = {"a_wins": 0, "matches": 0, "hands": 0, "endings": {}}
            add_counts(totals[pair], entry)
        add_style(style, times, raw["style"], raw["times"])
    return pairings, totals, style, times, commands


def add_counts(total: dict, counts: dict) -> None:
    """Add a pairing's wins, matches, hands and hand endings (a deal pair, or a merged file)."""
    for key in ("a_wins", "matches", "hands"):
        total[key] += counts[key]
    for kind, count in counts.get("endings", {}).items():  # files from before 2026-12-01 lack it
        total["endings"][kind] = total["endings"].get(kind, 0) + count


def add_style(style: dict, times: dict, more_style: dict, more_times: dict) -> None:
    """Add per-bot style figures and decision times into the pooled ones."""
    for bot, figures in more_style.items():
        for key, value in figures.items():
            style[bot][key] += value
    for bot, values in more_times.items():
        times[bot].extend(values)


def report(args, bots, pairings, totals, elo, style, times, elapsed: float | None) -> str:
    lines = []
    when = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    command = "python benchmarks/ladder.py " + " ".join(sys.argv[1:])
    how = (f"({args.workers} worker processes, `nice`), {elapsed / 60:.1f} minutes"
           if elapsed is not None else "(pooled from earlier runs, listed below)")
    lines += [
        f"Measured {when} on {machine} {how}.", "",
        f"Command: `{command}`", "",
        f"Preset `{args.preset}`, matches to 100, mirrored deals (each deal played twice with "
        "seats swapped). 95% Wilson intervals on match wins.", "",
        "| pairing (first named wins) | matches | win rate | 95% CI | hands/match |",
        "|---|---:|---:|---:|---:|",
    ]
    for a, b in pairings:
        t = totals[(a, b)]
        if not t["matches"]:
            continue
        low, high = wilson(t["a_wins"], t["matches"])
        lines.append(
            f"| {a} vs {b} | {t['matches']} | {t['a_wins'] / t['matches']:.1%} "
            f"| {low:.1%} - {high:.1%} | {t['hands'] / t['matches']:.1f} |"
        )
    lines += ["", "How the hands of each pairing ended (all hands, whoever went out):", "",
              "| pairing | hands | winning knock | gin | undercut | dead |",
              "|---|---:|---:|---:|---:|---:|"]
    for a, b in pairings:
        t = totals[(a, b)]
        endings = t.get("endings") or {}
        counted = sum(endings.values())
        if not counted:
            continue
        share = {kind: endings.get(kind, 0) / counted for kind in ("knock", "undercut", "draw")}
        gins = (endings.get("gin", 0) + endings.get("big_gin", 0)) / counted
        lines.append(f"| {a} vs {b} | {counted} | {share['knock']:.1%} | {gins:.1%} "
                     f"| {share['undercut']:.1%} | {share['draw']:.1%} |")
    lines += ["", "| persona | Elo | knock rate | avg knock deadwood | gin rate | "
              "undercut when knocking | undercuts made | decision ms mean / p95 / max |",
              "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for bot in sorted(bots, key=lambda b: elo[b]):
        s = style[bot]
        hands = max(1.0, s["hands"])
        knocks = s["knocks"]
        avg_dw = s["knock_deadwood"] / knocks if knocks else 0.0
        undercut = s["undercut_against"] / knocks if knocks else 0.0
        t = times[bot]
        timing = (f"{1000 * sum(t) / len(t):.1f} / {1000 * percentile(t, 0.95):.1f} / "
                  f"{1000 * max(t):.0f}") if t else "-"
        lines.append(
            f"| {bot} | {elo[bot]:.0f} | {knocks / hands:.1%} | {avg_dw:.1f} | "
            f"{s['gins'] / hands:.1%} | {undercut:.1%} | {s['undercuts_made'] / hands:.1%} "
            f"| {timing} |"
        )
    lines += ["", "Rates are per hand played by the persona (knocks exclude gins); decision "
              "times were taken while both workers ran, on cores shared with other work."]
    return "\n".join(lines)


def write_outputs(text, bots, elo, style, times, results, args) -> None:
    doc = DOC_PATH.read_text(encoding="utf-8")
    if START not in doc or END not in doc:
        raise SystemExit(f"{DOC_PATH} lacks the {START} ... {END} block")
    head, rest = doc.split(START, 1)
    _, tail = rest.split(END, 1)
    DOC_PATH.write_text(f"{head}{START}\n{text}\n{END}{tail}", encoding="utf-8")
    data = {"measured": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "command": "python benchmarks/ladder.py " + " ".join(sys.argv[1:]),
            "preset": args.preset, "bots": {}}
    for bot in bots:
        s = style[bot]
        hands = max(1.0, s["hands"])
        knocks = s["knocks"]
        t = times[bot]
        data["bots"][bot] = {
            "elo": round(elo[bot]),
            "knock_rate": round(knocks / hands, 4),
            "avg_knock_deadwood": round(s["knock_deadwood"] / knocks, 2) if knocks else 0.0,
            "gin_rate": round(s["gins"] / hands, 4),
            "undercut_rate": round(s["undercut_against"] / knocks, 4) if knocks else 0.0,
            "mean_decision_ms": round(1000 * sum(t) / len(t), 1) if t else 0.0,
        }
    RATINGS_PATH.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="matches per pairing")
    parser.add_argument("--focus-matches", type=int, default=None,
                        help="matches for expert-simple, expert-marjj, simple-simple")
    parser.add_argument("--quick", action="store_true", help="20 matches per pairing")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bots", default="", help="comma-separated persona ids (default all)")
    parser.add_argument("--preset", default="tournament", choices=TWO_PLAYER_PRESETS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", default="",
                        help="only these pairings: a:b[=matches],... (a meant to be stronger)")
    parser.add_argument("--json", default="", help="also save the raw tallies to this file")
    parser.add_argument("--write", action="store_true",
                        help="write docs/ai.md's ladder block and the ratings file")
    parser.add_argument("--merge", nargs="+", default=[], metavar="JSON",
                        help="pool these --json files into one table instead of playing")
    parser.add_argument("--expert-knob", action="append", default=[], metavar="NAME=VALUE",
                        help="play the expert with this setting changed (repeatable)")
    parser.add_argument("--fit-table", action="store_true",
                        help="print Elo fitted to docs/ai.md's ladder table instead of playing")
    args = parser.parse_args(argv)
    try:
        args.knobs = parse_knobs(args.expert_knob)
    except ValueError as error:
        parser.error(str(error))
    if args.knobs and args.write:
        parser.error("--write records the shipped bots: it cannot take --expert-knob")
    if args.fit_table:
        try:
            results = table_results(DOC_PATH.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            parser.error(f"cannot read the table: {error}")
        if not results:
            parser.error(f"no pairing rows in {DOC_PATH}'s ladder block")
        bots = sorted({bot for pair in results for bot in pair})
        elo = fit_elo(results, bots)
        print(f"Elo fitted to {len(results)} rows of {DOC_PATH.name}'s ladder table "
              f"(Simple at 1500):")
        for bot in sorted(bots, key=elo.__getitem__):
            print(f"  {bot}: {elo[bot]:.0f}")
        return 0
    if args.merge:
        if args.write:
            parser.error("--merge prints the pooled table; it cannot --write")
        try:
            pairings, totals, style, times, commands = merge(args.merge)
        except (OSError, ValueError, KeyError) as error:
            parser.error(f"cannot merge: {error}")
        bots = sorted({bot for pair in pairings for bot in pair})
        results = {pair: (t["a_wins"], t["matches"]) for pair, t in totals.items()}
        print(report(args, bots, pairings, totals, fit_elo(results, bots), style, times, None))
        print(f"\nPooled {len(args.merge)} files; their commands:")
        for command in sorted(set(commands)):
            print(f"  {command}")
        return 0
    if args.quick:
        args.matches = 20
    if args.focus_matches is None:
        args.focus_matches = args.matches
    unknown = [b for b in (args.bots.split(",") if args.bots else []) if b not in PERSONAS]
    if args.pairs:
        try:
            parse_pairs(args.pairs, args.matches)
        except ValueError as error:
            parser.error(str(error))
    if unknown:
        parser.error(f"unknown persona(s): {', '.join(unknown)} (known: {', '.join(PERSONAS)})")
    if args.matches < 2 or args.workers < 1:
        parser.error("--matches must be at least 2 and --workers at least 1")
    print(run(args))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
