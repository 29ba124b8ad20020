"""How well the gin expert's imagined opponent hands match the real ones.

The expert decides whether to knock by sampling hidden worlds (``worlds.sample_worlds``) and
scoring the knock against each imagined opponent hand. This benchmark plays mirrored matches of
the expert against each named opponent and, at every decision where the expert may knock,
compares what its worlds predict with the opponent's true hand. Only this driver reads the true
hand (from the engine's state); the bot never sees it.

Columns: positions, the mean points of knocking now (predicted over the worlds; actual against
the true hand), the undercut rate (predicted; actual), the opponent's deadwood, and how sharp
the forecasts are position by position: the RMS error of the predicted knock points, the Brier
score of the undercut chance, and that chance's AUC (how often an undercut position was given a
higher chance than one without). ``--knock-oversample N`` adds a row for the worlds a knock
would be weighed on with ``worlds.KNOCK_OVERSAMPLE = N``, at the same positions.
``--by-turns`` adds a row for every three turns the opponent has drawn, and ``--expert-knob``
changes a setting of the expert and its worlds as in ``ladder.py`` (the expert plays with it
too, so the positions change with it); the expert of 2026-12-01's morning:

    python benchmarks/gin_worlds.py --deals 30 --opponents marjj,simple
    python benchmarks/gin_worlds.py --deals 30 --opponents marjj --by-turns \
        --expert-knob per_turn=1 --expert-knob max_development=12 --expert-knob discard_sense=0
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ladder import (  # noqa: E402  (the script's own folder is on the path)
    TWO_PLAYER_PRESETS,
    apply_knobs,
    parse_knobs,
)

from ginrummy_desktop.engine.cards import cards_mask  # noqa: E402
from ginrummy_desktop.engine.gin.bots import PERSONAS  # noqa: E402
from ginrummy_desktop.engine.gin.bots import worlds as worlds_module  # noqa: E402
from ginrummy_desktop.engine.gin.bots.fastmelds import best_discards, deadwood  # noqa: E402
from ginrummy_desktop.engine.gin.bots.knowledge import read_knowledge  # noqa: E402
from ginrummy_desktop.engine.gin.bots.rollout import knock_points  # noqa: E402
from ginrummy_desktop.engine.gin.bots.worlds import knock_worlds_for, worlds_for  # noqa: E402
from ginrummy_desktop.engine.gin.match import GinMatch  # noqa: E402
from ginrummy_desktop.engine.gin.observation import GinObservation  # noqa: E402
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS  # noqa: E402
from ginrummy_desktop.engine.rng import StableRandom  # noqa: E402


def knock_position(observation: GinObservation):
    """(knowledge, the ten cards a knock keeps) when the observing seat may knock, else None."""
    legal = observation.legal_actions
    if not any(action.kind == "knock" for action in legal):
        return None
    allowed = 0
    for action in legal:
        if action.kind in ("discard", "knock") and action.card is not None:
            allowed |= 1 << action.card.index
    knowledge = read_knowledge(observation)
    playable = allowed & ~knowledge.taken_upcard or allowed
    least, lowest = best_discards(knowledge.hand, ~playable)
    if least == 0:
        return None  # gin: nothing to weigh
    return knowledge, knowledge.hand & ~(1 << lowest[0])


def knock_positions(
    opponent: str, deal: int, preset: str, before_each_match: Callable[[], None] | None = None
) -> Iterator[tuple]:
    """Deal ``deal`` played twice between the expert and ``opponent``, seats swapped: at every
    position where the expert may knock, (observation, knowledge, the ten cards a knock keeps,
    the opponent's true hand, the expert playing). Play resumes when the caller asks for the
    next position, so it may use the position (and change settings back) first."""
    rules = GIN_PRESETS[preset]
    for expert_seat in (0, 1):
        if before_each_match is not None:
            before_each_match()
        seeds = (deal * 2 + expert_seat, deal * 2 + 1 - expert_seat)
        expert = PERSONAS["expert"].create(seed=seeds[0])
        other = PERSONAS[opponent].create(seed=seeds[1])
        bots = (expert, other) if expert_seat == 0 else (other, expert)
        match = GinMatch(rules, seed=deal)
        while not match.over:
            seat = match.to_move()
            observation = match.observation(seat)
            found = knock_position(observation) if seat == expert_seat else None
            if found:
                knowledge, kept = found
                hand = match.hand
                truth = cards_mask(hand.hands[1 - hand.position_of(seat)])
                yield observation, knowledge, kept, truth, expert
            match.apply(seat, bots[seat].choose(observation))


def predict(kept: int, truth: int, imagined: list, sim_rules) -> tuple[float, ...]:
    """(knock points predicted, actual, undercut chance predicted, actual, opponent deadwood
    predicted, actual, squared error of the predicted points, Brier score of the undercut)."""
    actual = knock_points(kept, truth, sim_rules)
    points = [knock_points(kept, w.opponent, sim_rules) for w in imagined]
    predicted = sum(points) / len(points)
    undercut = sum(p < 0 for p in points) / len(points)
    return (
        predicted,
        actual,
        undercut,
        float(actual < 0),
        sum(deadwood(w.opponent) for w in imagined) / len(imagined),
        deadwood(truth),
        (predicted - actual) ** 2,
        (undercut - (actual < 0)) ** 2,
    )


FIGURES = 8


def measure(
    opponent: str, deals: int, seed: int, worlds: int, preset: str, knock_oversample: int = 0
) -> dict:
    """Sum predicted and actual figures over every knock position the expert reaches.

    ``totals`` has them all; ``by_turns`` the same sums for every three turns the opponent has
    drawn (``positions`` first), the last bucket holding 12 turns and more. With
    ``knock_oversample``, ``knock_totals`` has the same figures for the worlds a knock would be
    weighed on with ``worlds.KNOCK_OVERSAMPLE`` set so, at the same positions (the expert
    itself plays as configured).
    """
    totals = [0.0] * FIGURES
    knock_totals = [0.0] * FIGURES
    forecasts: list[tuple[float, bool]] = []  # (undercut chance predicted, undercut) each
    knock_forecasts: list[tuple[float, bool]] = []
    by_turns: dict[int, list[float]] = {}
    positions = 0
    for deal in range(seed, seed + deals):
        for observation, knowledge, kept, truth, expert in knock_positions(opponent, deal, preset):
            sim_rules = expert._sim_rules(observation)
            # the expert's own sampler and reading of the opponent, on a stream of its own (the
            # bot's is left alone)
            reading = expert.passed_knock(observation)
            imagined = worlds_for(observation, knowledge, worlds, StableRandom(positions),
                                  **reading)
            figures = predict(kept, truth, imagined, sim_rules)
            bucket = by_turns.setdefault(
                min(knowledge.opponent_turns // 3, 4), [0.0] * (FIGURES + 1)
            )
            bucket[0] += 1
            for position, value in enumerate(figures):
                totals[position] += value
                bucket[position + 1] += value
            forecasts.append((figures[2], bool(figures[3])))
            if knock_oversample:
                shipped = worlds_module.KNOCK_OVERSAMPLE
                worlds_module.KNOCK_OVERSAMPLE = knock_oversample
                try:
                    imagined = knock_worlds_for(
                        observation, knowledge, worlds, StableRandom(positions), **reading
                    )
                finally:
                    worlds_module.KNOCK_OVERSAMPLE = shipped
                figures = predict(kept, truth, imagined, sim_rules)
                for position, value in enumerate(figures):
                    knock_totals[position] += value
                knock_forecasts.append((figures[2], bool(figures[3])))
            positions += 1
    return {"positions": positions, "totals": totals, "by_turns": by_turns,
            "knock_totals": knock_totals, "auc": auc(forecasts),
            "knock_auc": auc(knock_forecasts)}


def auc(forecasts: list[tuple[float, bool]]) -> float:
    """How well the undercut chances sort the positions: the share of (undercut, not undercut)
    pairs in which the undercut one was given the higher chance (ties count half); 0.5 is
    blind, 1 perfect."""
    hit = [chance for chance, undercut in forecasts if undercut]
    missed = [chance for chance, undercut in forecasts if not undercut]
    if not hit or not missed:
        return float("nan")
    ordered = sum((a > b) + 0.5 * (a == b) for a in hit for b in missed)
    return ordered / (len(hit) * len(missed))


def row(label: str, count: int, sums: list[float], sorting: float | None = None) -> str:
    count = max(1, count)
    pts, real, under, real_under, dead, real_dead, squared, brier = (
        value / count for value in sums
    )
    return (f"| {label} | {count} | {pts:+.1f} / {real:+.1f} "
            f"| {under:.0%} / {real_under:.0%} | {dead:.1f} / {real_dead:.1f} "
            f"| {squared ** 0.5:.1f} | {brier:.3f} | "
            + ("" if sorting is None else f"{sorting:.3f}") + " |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30, help="mirrored deal pairs per opponent")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--worlds", type=int, default=48, help="worlds per position")
    parser.add_argument("--opponents", default="marjj,simple")
    parser.add_argument("--preset", default="tournament", choices=TWO_PLAYER_PRESETS)
    parser.add_argument("--by-turns", action="store_true",
                        help="a row for every three turns the opponent has drawn")
    parser.add_argument("--knock-oversample", type=int, default=0, metavar="N",
                        help="also score the knock worlds with worlds.KNOCK_OVERSAMPLE=N")
    parser.add_argument("--expert-knob", action="append", default=[], metavar="NAME=VALUE",
                        help="play the expert with this setting changed (as in ladder.py)")
    args = parser.parse_args(argv)
    try:
        apply_knobs(parse_knobs(args.expert_knob))
    except ValueError as error:
        parser.error(str(error))
    opponents = [name.strip() for name in args.opponents.split(",") if name.strip()]
    unknown = [name for name in opponents if name not in PERSONAS]
    if unknown or args.deals < 1 or args.worlds < 1 or args.knock_oversample < 0:
        parser.error(f"unknown opponent(s): {', '.join(unknown)}" if unknown
                     else "--deals and --worlds must be at least 1, --knock-oversample 0 or more")
    started = time.time()
    shown = " ".join(sys.argv[1:] if argv is None else argv)
    print(f"Command: `python benchmarks/gin_worlds.py {shown}`")
    print()
    print("| opponent | positions | knock points predicted / actual "
          "| undercut predicted / actual | opponent deadwood predicted / actual "
          "| knock points RMS error | undercut Brier | undercut AUC |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for opponent in opponents:
        result = measure(opponent, args.deals, args.seed, args.worlds, args.preset,
                         args.knock_oversample)
        print(row(opponent, result["positions"], result["totals"], result["auc"]))
        if args.knock_oversample:
            print(row(f"{opponent}, knock worlds (x{args.knock_oversample})",
                      result["positions"], result["knock_totals"], result["knock_auc"]))
        if args.by_turns:
            for bucket, sums in sorted(result["by_turns"].items()):
                turns = "12+" if bucket == 4 else f"{bucket * 3}-{bucket * 3 + 2}"
                print(row(f"{opponent}, opponent turns {turns}", int(sums[0]), sums[1:]))
    print()
    print(f"{time.time() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
