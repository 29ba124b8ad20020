"""Meld solver speed: microseconds per ``min_deadwood`` call on random 10- and 11-card hands.

Prints median and mean per call, cold (memo cleared and every hand distinct, so each call does
the full solve) and warm (the same hands again, answered from the memo), for the mask-level
fast path the bots use and for the card-level ``min_deadwood(cards)``. For comparison it times,
in the same run, a straightforward solver in the style of RLCard's pure-Python meld search
(written here from its description: list every meld, try every cluster of up to three disjoint
melds) and prints the ratio. Both solvers must agree on every hand.

    python benchmarks/melds.py [--hands 20000] [--seed 1]
"""

from __future__ import annotations

import argparse
import itertools
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a source checkout

from ginrummy_desktop.engine.cards import FULL_DECK, Card, cards_mask  # noqa: E402
from ginrummy_desktop.engine.gin.layoffs import defender_result  # noqa: E402
from ginrummy_desktop.engine.gin.melds import (  # noqa: E402
    best_arrangement,
    best_discard_deadwood_mask,
    clear_meld_memos,
    deadwood_after_each_discard_mask,
    deadwood_cards_mask,
    min_deadwood,
    min_deadwood_mask,
)
from ginrummy_desktop.engine.rng import StableRandom  # noqa: E402

# ---------------------------------------------------------------------------------------------
# Baseline in the style of RLCard's gin rummy utils: Card objects, meld lists, clusters.


def _baseline_all_melds(hand: Sequence[Card]) -> list[frozenset[Card]]:
    melds: list[frozenset[Card]] = []
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[str, list[Card]] = {}
    for card in hand:
        by_rank.setdefault(card.rank, []).append(card)
        by_suit.setdefault(card.suit, []).append(card)
    for same_rank in by_rank.values():
        if len(same_rank) >= 3:
            melds.append(frozenset(same_rank))
            if len(same_rank) == 4:
                melds.extend(frozenset(c) for c in itertools.combinations(same_rank, 3))
    for same_suit in by_suit.values():
        ordered = sorted(same_suit, key=lambda c: c.rank)
        for start in range(len(ordered)):
            for end in range(start + 2, len(ordered)):
                span = ordered[start : end + 1]
                if span[-1].rank - span[0].rank != end - start:
                    break
                melds.append(frozenset(span))
    return melds


def _baseline_deadwood(hand: Sequence[Card]) -> int:
    melds = _baseline_all_melds(hand)
    total = sum(card.points for card in hand)
    best = total
    for size in (1, 2, 3):
        for cluster in itertools.combinations(melds, size):
            cards = frozenset().union(*cluster)
            if len(cards) != sum(len(m) for m in cluster):
                continue  # melds overlap
            best = min(best, total - sum(card.points for card in cards))
    return best


def baseline_min_deadwood(hand: Sequence[Card]) -> int:
    if len(hand) == 11:
        return min(_baseline_deadwood([c for c in hand if c != out]) for out in hand)
    return _baseline_deadwood(hand)


# ---------------------------------------------------------------------------------------------


def machine_info() -> str:
    cpu = platform.processor() or "unknown CPU"
    try:
        lscpu = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
        for line in lscpu.splitlines():
            if line.startswith("Model name:"):
                cpu = line.split(":", 1)[1].strip()
    except (OSError, subprocess.CalledProcessError):
        pass
    return (
        f"{cpu}; {os.cpu_count()} logical CPUs; {platform.system()} {platform.machine()}; "
        f"{platform.python_implementation()} {platform.python_version()}"
    )


def random_hands(rng: StableRandom, size: int, count: int) -> list[list[Card]]:
    seen: set[int] = set()
    hands: list[list[Card]] = []
    deck = list(FULL_DECK)
    while len(hands) < count:
        rng.shuffle(deck)
        hand = deck[:size]
        mask = cards_mask(hand)
        if mask not in seen:  # distinct hands, so a cold run never hits the memo
            seen.add(mask)
            hands.append(hand)
    return hands


def per_call_us(function: Callable[[object], object], inputs: Sequence[object]) -> list[float]:
    clock = time.perf_counter_ns
    timings = []
    for item in inputs:
        start = clock()
        function(item)
        timings.append((clock() - start) / 1000)
    return timings


def timer_overhead_us() -> float:
    clock = time.perf_counter_ns
    samples = []
    for _ in range(10000):
        start = clock()
        samples.append(clock() - start)
    return statistics.median(samples) / 1000


def report(label: str, timings: list[float]) -> float:
    median = statistics.median(timings)
    print(f"  {label:<44} median {median:8.2f} us   mean {statistics.fmean(timings):8.2f} us")
    return median


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000, help="random hands per size")
    parser.add_argument("--baseline-hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    print(f"machine: {machine_info()}")
    if hasattr(os, "getloadavg"):  # other work on the machine inflates every figure
        print("load average before the run: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    print(f"command: python {' '.join(sys.argv)}")
    print(f"timer overhead per call (included below): {timer_overhead_us():.2f} us")
    rng = StableRandom(args.seed)
    for size in (10, 11):
        hands = random_hands(rng, size, args.hands)
        masks = [cards_mask(hand) for hand in hands]
        mask_solver = min_deadwood_mask if size == 10 else best_discard_deadwood_mask
        print(f"\n{size}-card hands ({len(hands)} distinct, seed {args.seed}):")
        clear_meld_memos()
        report(f"{mask_solver.__name__}(mask), cold", per_call_us(mask_solver, masks))
        report(f"{mask_solver.__name__}(mask), warm", per_call_us(mask_solver, masks))
        clear_meld_memos()
        report("min_deadwood(cards), cold", per_call_us(min_deadwood, hands))
        report("min_deadwood(cards), warm", per_call_us(min_deadwood, hands))

        # Side by side on the same hands, interleaved so that both see the same machine load.
        # The memo is cleared first and every hand is new, so card-level calls solve for real;
        # the mask-level timing calls the solver under the memo directly.
        sample = hands[: args.baseline_hands]
        uncached = mask_solver.__wrapped__
        clock = time.perf_counter_ns
        fast_mask: list[float] = []
        fast_cards: list[float] = []
        slow: list[float] = []
        clear_meld_memos()
        for hand in sample:
            mask = cards_mask(hand)
            t0 = clock()
            uncached(mask)
            t1 = clock()
            answer = min_deadwood(hand)
            t2 = clock()
            expected = baseline_min_deadwood(hand)
            t3 = clock()
            fast_mask.append((t1 - t0) / 1000)
            fast_cards.append((t2 - t1) / 1000)
            slow.append((t3 - t2) / 1000)
            if answer != expected:
                raise SystemExit(f"solvers disagree on {' '.join(map(str, hand))}")
        print(f"  side by side on {len(sample)} hands, cold, interleaved:")
        mask_median = report(f"{mask_solver.__name__}(mask)", fast_mask)
        cards_median = report("min_deadwood(cards)", fast_cards)
        baseline = report("RLCard-style baseline (Card lists)", slow)
        print(
            f"  baseline is {baseline / cards_median:.1f}x slower than min_deadwood(cards), "
            f"{baseline / mask_median:.1f}x slower than the mask path (medians)"
        )

    # The other calls the rules engine and the bots make, cold, for scale.
    count = min(args.hands, 2000)
    tens = random_hands(rng, 10, count)
    elevens = random_hands(rng, 11, count)
    knocks = []
    for hand in tens:
        arrangement = best_arrangement(hand)
        if arrangement.melds:
            rest = [c for c in FULL_DECK if c not in hand]
            rng.shuffle(rest)
            knocks.append((rest[:10], arrangement.melds))
    clear_meld_memos()
    print(f"\nother calls, cold ({count} hands each):")
    ten_masks = [cards_mask(hand) for hand in tens]
    eleven_masks = [cards_mask(hand) for hand in elevens]
    report("deadwood_cards_mask (10 cards)", per_call_us(deadwood_cards_mask, ten_masks))
    report(
        "deadwood_after_each_discard_mask (11)",
        per_call_us(deadwood_after_each_discard_mask, eleven_masks),
    )
    report("best_arrangement(cards) (10 cards)", per_call_us(best_arrangement, tens))
    report(
        f"defender_result ({len(knocks)} knocks)",
        per_call_us(lambda knock: defender_result(*knock), knocks),
    )

if __name__ == "__main__":
    main()
