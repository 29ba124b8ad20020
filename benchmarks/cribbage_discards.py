"""Cribbage discard duel: how many points per hand one persona's discards gain over another's.

The companion of ``cribbage_pegging.py``: single hands from a 0-0 score in which the hero lays
away two cards by its own rule and the opponent by its own, and then both seats peg alike (the
``--pegging`` persona, the expert by default), so only the discards differ. Every deal is played
twice with the seats swapped. Prints the hero's mean lead in all the hand's points (pegging,
hand and crib) per hand with a 95% interval.

    nice -n 10 python benchmarks/cribbage_discards.py --hero expert --opponent careful --deals 600
    python benchmarks/cribbage_discards.py --deals 600 --pegging-credit 0
    python benchmarks/cribbage_discards.py --deals 600 --crib-model random

``--pegging own`` lets each seat peg as the persona whose discards it plays (as in a game).
``--discard-playouts N`` gives an expert hero ``ExpertBot.discard_playouts`` (its near-equal
keeps told apart by N pegging play-outs each; ``--playout-share``/``--playout-margin`` set
``expert.PLAYOUT_SHARE``/``PLAYOUT_MARGIN``). ``--leads FILE`` saves each deal's lead and
``--against FILE`` prints the paired difference from another run's leads on the same deals:

    python benchmarks/cribbage_discards.py --pegging own --leads shipped.json
    python benchmarks/cribbage_discards.py --pegging own --discard-playouts 300 \
        --leads playouts.json --against shipped.json

``--pegging-credit`` scales the expert's small credit for ranks that peg well (1: as shipped)
and ``--crib-model`` sets the crib the expert expects ("sensible": the opponent's toss modelled
as a sensible player's, as shipped; "random": the classic random-toss averages); both only
change an expert hero.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cribbage_pegging import (  # noqa: E402  (this folder is on the path)
    check_arguments,
    deal_leads,
    interval,
    paired_difference,
    read_against,
)

from ginrummy_desktop.engine.cribbage import CribbageMatch  # noqa: E402
from ginrummy_desktop.engine.cribbage.advisor import discard_table  # noqa: E402
from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS, ExpertBot, expert  # noqa: E402
from ginrummy_desktop.engine.cribbage.bots.base import CribbageBot  # noqa: E402
from ginrummy_desktop.engine.cribbage.bots.expert import pegging_value  # noqa: E402
from ginrummy_desktop.engine.cribbage.observation import DISCARD  # noqa: E402


def tuned_expert(credit: float, crib_model: str, playouts: int = 0) -> type[CribbageBot]:
    """The expert, or (other settings) an expert whose discard uses them."""
    if credit == 1.0 and crib_model == "sensible":
        if not playouts:
            return ExpertBot

        class PlayingOutExpert(ExpertBot):
            discard_playouts = playouts

        return PlayingOutExpert

    class TunedExpert(ExpertBot):
        def pick_discard(self, observation, rng):  # type: ignore[no-untyped-def]
            is_dealer = observation.is_dealer
            table = discard_table(observation.hand, is_dealer, crib_model=crib_model)
            best = max(
                table,
                key=lambda option: (
                    option.net + credit * pegging_value(option.keep, is_dealer),
                    [-card.index for card in option.keep],
                ),
            )
            return best.toss[0], best.toss[1]

    return TunedExpert


def discard_lead(task: tuple[str, str, str, int, float, str, int, float, float]) -> float:
    """The hero's points minus the opponent's in one hand, averaged over both seatings."""
    hero, opponent, pegger, seed, credit, crib_model, playouts, share, margin = task
    expert.PLAYOUT_SHARE, expert.PLAYOUT_MARGIN = share, margin
    hero_class = (tuned_expert(credit, crib_model, playouts) if hero == "expert"
                  else BUILTIN_BOTS[hero])
    lead = 0.0
    for hero_seat in (0, 1):
        discarding: list[CribbageBot] = [
            hero_class(seed=seed * 2)
            if seat == hero_seat
            else BUILTIN_BOTS[opponent](seed=seed * 2 + 1)
            for seat in (0, 1)
        ]
        pegging = (discarding if pegger == "own"
                   else [BUILTIN_BOTS[pegger](seed=seed * 2 + seat) for seat in (0, 1)])
        match = CribbageMatch(seed=seed, first_dealer=0)
        while match.hand_number == 1 and not match.over:
            seat = match.to_move()
            observation = match.observation(seat)
            bots = discarding if observation.phase == DISCARD else pegging
            match.apply(seat, bots[seat].choose(observation))
        events = match.events() if match.over else match.view(0).last_events
        points = [0, 0]
        for event in events:
            points[event.seat] += event.points
        lead += points[hero_seat] - points[1 - hero_seat]
    return lead / 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hero", default="expert")
    parser.add_argument("--opponent", default="careful")
    parser.add_argument("--pegging", default="expert",
                        help="the persona both seats peg as, or 'own': each as it discards")
    parser.add_argument("--deals", type=int, default=600, help="deals, each played twice")
    parser.add_argument("--first-seed", type=int, default=301)
    parser.add_argument("--pegging-credit", type=float, default=1.0)
    parser.add_argument("--crib-model", choices=("sensible", "random"), default="sensible")
    parser.add_argument("--discard-playouts", type=int, default=0,
                        help="play-outs per near-equal keep (ExpertBot.discard_playouts)")
    parser.add_argument("--playout-share", type=float, default=expert.PLAYOUT_SHARE)
    parser.add_argument("--playout-margin", type=float, default=expert.PLAYOUT_MARGIN)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--leads", type=Path, help="save each deal's lead to this JSON file")
    parser.add_argument("--against", type=Path,
                        help="a --leads file of another setting on the same deals: print the "
                             "paired difference")
    args = parser.parse_args(argv)
    peggers = () if args.pegging == "own" else (args.pegging,)
    check_arguments(parser, (args.hero, args.opponent, *peggers), args.deals, args.workers)
    if args.discard_playouts < 0:
        parser.error("--discard-playouts must not be negative")
    tasks = [
        (args.hero, args.opponent, args.pegging, seed, args.pegging_credit, args.crib_model,
         args.discard_playouts, args.playout_share, args.playout_margin)
        for seed in range(args.first_seed, args.first_seed + args.deals)
    ]
    theirs = read_against(parser, args.leads, args.against, args.deals)
    leads, seconds = deal_leads(discard_lead, tasks, args.workers)
    if args.leads:
        args.leads.write_text(json.dumps(leads), encoding="utf-8")
    mean, half = interval(leads)
    pegging = "each its own" if args.pegging == "own" else f"both as {args.pegging}"
    print(
        f"{args.hero} vs {args.opponent} discards (pegging {pegging}): "
        f"lead {mean:+.3f} ± {half:.3f} points per hand over {args.deals} deals played both "
        f"ways (seeds {args.first_seed}-{args.first_seed + args.deals - 1}, {seconds:.0f} s)"
    )
    if theirs is not None:
        difference, spread = paired_difference(leads, theirs)
        print(f"Paired with {args.against.name}: {difference:+.3f} ± {spread:.3f} per hand")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
