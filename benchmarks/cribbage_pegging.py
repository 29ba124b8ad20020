"""Cribbage pegging duel: how many points per hand one persona's pegging gains over another's.

Whole games are too noisy to compare two pegging policies (a 0.1 point edge per hand needs tens
of thousands of games), so this plays single hands from a 0-0 score: both seats lay away what
the careful persona would (the same discard policy on both sides), then the hero and the
opponent peg. Every deal is played twice with the policies swapped, so only the pegging
decisions differ. Prints the hero's mean pegging lead per hand with a 95% interval.

    nice -n 10 python benchmarks/cribbage_pegging.py --hero expert --opponent careful --deals 600
    python benchmarks/cribbage_pegging.py --deals 600 --worlds 48 --candidates 384

``--worlds`` and ``--candidates`` set the expert's sampled opponent holdings and the weighted
candidates they are drawn from (defaults: the shipped expert's). ``--discard-sharpness`` and
``--play-sharpness`` set how strongly its opponent model believes the opponent discarded and
played sensibly (``opponent_model.SHARPNESS``, ``PLAY_SHARPNESS``), ``--reply-sharpness`` how
much of the opponent's reply the search values as its worst for us
(``expert.OPPONENT_SHARPNESS``; the rest is the average reply). ``--play-model`` sets how the
model believes the opponent plays (``opponent_model.PLAY_MODEL``: ``points``, ``safe`` with
``--safe-sharpness``, or ``mixed`` with ``--safe-share`` and ``--greedy-share``, the belief in a
plain greedy player), ``--discard-model`` which crib averages it believes the opponent discards
by. ``--opponent-policy`` sets how the search averages the opponent's replies
(``expert.OPPONENT_POLICY``: ``uniform``, or by a model of its choice, ``safe`` or ``mixed``,
with ``--policy-sharpness``, or ``greedy``, the greedy rule), ``--own-best-share`` how much of
its own later choices it values as the best in each world (``expert.OWN_BEST_SHARE``; the rest
is their average), ``--joint-worlds`` whether it searches the worlds as one tree
(``expert.JOINT_WORLDS``: its later cards chosen once for the worlds it cannot tell apart).
These settings of the expert come from ``cribbage_knobs.py``, shared with the whole-game
ladder. ``--leads FILE`` saves each deal's lead and ``--against FILE`` prints the paired
difference from another run's leads on the same deals.

In a game the expert reads from hand to hand what kind of pegger its opponent is
(``opponent_reading``); a bot fresh for each deal only has its prior belief. ``--warm-hands N``
first plays N hands of another deal between the same two bots, each laying away its own cards,
so the measured hand is pegged with the reading a game would have by then; ``--safe-policy-at``
sets from which share of safe pegging that reading makes the search expect the safety rules'
replies (``opponent_reading.SAFE_POLICY_AT``; 0: never).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cribbage_knobs import add_arguments, from_args  # noqa: E402  (this folder is on the path)

from ginrummy_desktop.engine.cribbage import CribbageMatch  # noqa: E402
from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS, CarefulBot  # noqa: E402
from ginrummy_desktop.engine.cribbage.bots.base import CribbageBot  # noqa: E402
from ginrummy_desktop.engine.cribbage.observation import DISCARD, PLAY  # noqa: E402

PEGGING_KINDS = ("play", "go", "last card")
# Warm-up deals are numbered apart from every measured deal.
WARM_SEED_OFFSET = 7_000_000


def warm_up(bots: list[CribbageBot], seed: int, hands: int) -> None:
    """Play ``hands`` hands of another deal between ``bots``, each laying away its own cards,
    so that whatever they remember from hand to hand is what a game would have taught them."""
    match = CribbageMatch(seed=WARM_SEED_OFFSET + seed, first_dealer=seed % 2)
    while match.hand_number <= hands and not match.over:
        seat = match.to_move()
        match.apply(seat, bots[seat].choose(match.observation(seat)))


def pegging_lead(task: tuple) -> float:
    """The hero's pegging points minus the opponent's, averaged over both seatings of a deal."""
    hero, opponent, seed, knobs, own_discards, warm_hands = task
    knobs.apply()
    lead = 0.0
    for hero_seat in (0, 1):
        names = (hero, opponent) if hero_seat == 0 else (opponent, hero)
        pegging = [BUILTIN_BOTS[names[seat]](seed=seed * 2 + seat) for seat in (0, 1)]
        if warm_hands:
            warm_up(pegging, seed, warm_hands)
        discarding = CarefulBot(seed=seed)
        match = CribbageMatch(seed=seed, first_dealer=0)
        while match.hand_number == 1 and not match.over:
            seat = match.to_move()
            observation = match.observation(seat)
            if observation.phase == DISCARD:
                action = (pegging[seat] if own_discards else discarding).choose(observation)
            elif observation.phase == PLAY:
                action = pegging[seat].choose(observation)
            else:
                raise RuntimeError(f"unexpected phase {observation.phase!r}")
            match.apply(seat, action)
        events = match.events() if match.over else match.view(0).last_events
        points = [0, 0]
        for event in events:
            if event.kind in PEGGING_KINDS:
                points[event.seat] += event.points
        lead += points[hero_seat] - points[1 - hero_seat]
    return lead / 2


def check_arguments(
    parser: argparse.ArgumentParser, names: tuple[str, ...], deals: int, workers: int
) -> None:
    """A clear error for an unknown persona or a count too small to measure anything."""
    for name in names:
        if name not in BUILTIN_BOTS:
            parser.error(f"unknown persona {name!r} (known: {', '.join(BUILTIN_BOTS)})")
    if deals < 2 or workers < 1:
        parser.error("--deals must be at least 2 and --workers at least 1")


def deal_leads(
    lead: Callable[[tuple], float], tasks: list[tuple], workers: int
) -> tuple[list[float], float]:
    """Each task's lead, in task order, and the seconds they took."""
    started = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        leads = list(pool.map(lead, tasks, chunksize=20))
    return leads, time.perf_counter() - started


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval."""
    return statistics.mean(values), 1.96 * statistics.stdev(values) / len(values) ** 0.5


def paired_difference(mine: list[float], theirs: list[float]) -> tuple[float, float]:
    """Mean and 95% half-width of the deal-by-deal difference of two runs' leads."""
    if len(mine) != len(theirs) or len(mine) < 2:
        raise ValueError("the runs must cover the same deals (at least two)")
    return interval([a - b for a, b in zip(mine, theirs, strict=True)])


def read_against(parser: argparse.ArgumentParser, leads: Path | None, against: Path | None,
                 deals: int) -> list[float] | None:
    """The other run's leads named by ``--against`` (None without it), or a clear error."""
    if against and not leads:
        parser.error("--against compares with this run's --leads: give both")
    if not against:
        return None
    try:
        theirs = json.loads(against.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        parser.error(f"cannot read --against: {error}")
    if not isinstance(theirs, list) or len(theirs) != deals:
        parser.error(f"--against must hold {deals} leads, one per deal")
    return theirs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hero", default="expert")
    parser.add_argument("--opponent", default="careful")
    parser.add_argument("--deals", type=int, default=600, help="deals, each played twice")
    parser.add_argument("--first-seed", type=int, default=301)
    add_arguments(parser)
    parser.add_argument("--own-discards", action="store_true",
                        help="each persona lays away its own choice (the pegging then also "
                             "differs by what each kept)")
    parser.add_argument("--warm-hands", type=int, default=0,
                        help="hands the two bots play on another deal before each measured "
                             "hand, so the expert's hand-to-hand reading is warm")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--leads", type=Path, help="save each deal's lead to this JSON file")
    parser.add_argument("--against", type=Path,
                        help="a --leads file of another setting on the same deals: print the "
                             "paired difference")
    args = parser.parse_args(argv)
    knobs = from_args(parser, args)
    if args.warm_hands < 0:
        parser.error("--warm-hands must not be negative")
    check_arguments(parser, (args.hero, args.opponent), args.deals, args.workers)
    tasks = [
        (args.hero, args.opponent, seed, knobs, args.own_discards, args.warm_hands)
        for seed in range(args.first_seed, args.first_seed + args.deals)
    ]
    theirs = read_against(parser, args.leads, args.against, args.deals)
    leads, seconds = deal_leads(pegging_lead, tasks, args.workers)
    if args.leads:  # so two settings on the same deals can be compared pair by pair
        args.leads.write_text(json.dumps(leads), encoding="utf-8")
    mean, half = interval(leads)
    print(
        f"{args.hero} vs {args.opponent}: pegging lead {mean:+.3f} ± {half:.3f} points per hand "
        f"over {args.deals} deals played both ways "
        f"(seeds {args.first_seed}-{args.first_seed + args.deals - 1}, {seconds:.0f} s)"
    )
    if theirs is not None:
        difference, spread = paired_difference(leads, theirs)
        print(f"Paired with {args.against.name}: {difference:+.3f} ± {spread:.3f} per hand")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
