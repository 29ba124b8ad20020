"""Meld solver speed: microseconds per call on random 10- and 11-card hands and on hands from play.

Prints median and mean per call, cold (memo cleared and every hand distinct, so each call does
the full solve) and warm (the same hands again, answered from the memo), for the mask-level
fast path the bots use and for the card-level ``min_deadwood(cards)``. For comparison it times,
in the same run, a straightforward solver in the style of RLCard's pure-Python meld search
(written here from its description: list every meld, try every cluster of up to three disjoint
melds) and prints the ratio. Both solvers must agree on every hand.

Then ``best_arrangement(cards)`` and ``min_deadwood(cards)`` side by side with other solvers on
the same hands, interleaved in blocks of 100 so that all see the same machine load, on random
deals and on hands held during play (greedy players; these hold more melds, and more that
compete for a card): RLCard's own ``get_best_meld_clusters`` when ``rlcard`` is installed, and
OpenSpiel's C++ ``GinRummyUtils::BestMeldGroup`` / ``MinDeadwood`` through ``--openspiel
PROGRAM``, a small driver built locally from OpenSpiel's sources (docs/performance.md says how).
The driver reads lines ``best|min <card indexes>`` (index as ``Card.index``: OpenSpiel numbers
cards the same way, suit-major, ace low) and answers each with ``<nanoseconds> <deadwood>``,
timing the call alone with ``std::chrono::steady_clock``. Deadwood must agree on every hand.

With ``--before FILE`` (an earlier ``melds.py``, e.g. ``git show
REV:ginrummy_desktop/engine/gin/melds.py > FILE``) that version's ``best_arrangement`` is timed in
the same blocks (going first in every other block) and must give the same arrangements.

    python benchmarks/melds.py [--hands 20000] [--seed 1] [--openspiel /path/to/driver]
                               [--before FILE]
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a source checkout

from ginrummy_desktop.engine.cards import FULL_DECK, Card, cards_mask  # noqa: E402
from ginrummy_desktop.engine.gin import melds  # noqa: E402
from ginrummy_desktop.engine.gin.hand import GinHand  # noqa: E402
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
from ginrummy_desktop.engine.gin.rules import GinRules  # noqa: E402
from ginrummy_desktop.engine.rng import StableRandom  # noqa: E402

_T = TypeVar("_T")

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


def per_call_us(function: Callable[[_T], object], inputs: Sequence[_T]) -> list[float]:
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


def hands_from_play(rng: StableRandom, count: int) -> list[list[Card]]:
    """Distinct 10-card hands held after each discard by two greedy players (classic rules).

    Greedy: take the upcard when it lowers the best deadwood after a discard, discard to the
    least deadwood, knock or go gin as soon as allowed.
    """
    seen: set[int] = set()
    hands: list[list[Card]] = []
    rules = GinRules()
    while len(hands) < count:
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        hand = GinHand.deal(rules, deck, "benchmark", (0, 1))
        while not hand.over and len(hands) < count:
            position = hand.turn
            legal = hand.legal_actions()
            mine = hand.hands[position]
            if any(action.kind in ("discard", "knock", "gin") for action in legal):
                after = deadwood_after_each_discard_mask(cards_mask(mine))
                choice = min(legal, key=lambda a: (a.kind not in ("gin", "knock", "big_gin"),
                                                   after[a.card.index] if a.card else 0))
                hand.apply(hand.seats[position], choice)
                mask = cards_mask(hand.hands[position])
                if len(hand.hands[position]) == 10 and mask not in seen:
                    seen.add(mask)
                    hands.append(list(hand.hands[position]))
                continue
            choice = next((a for a in legal if a.kind in ("draw_stock", "pass")), legal[0])
            for action in legal:
                if action.kind == "draw_discard" and min_deadwood(
                        [*mine, action.card]) < min_deadwood_mask(cards_mask(mine)):
                    choice = action
            hand.apply(hand.seats[position], choice)
    return hands


class OpenSpielDriver:
    """OpenSpiel's C++ gin rummy utils in a child process (see the module docstring)."""

    def __init__(self, program: str) -> None:
        self.process = subprocess.Popen([program], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)

    def time(self, what: str, hands: Sequence[Sequence[Card]]) -> tuple[list[float], list[int]]:
        assert self.process.stdin and self.process.stdout
        lines = "".join(f"{what} {' '.join(str(c.index) for c in hand)}\n" for hand in hands)
        self.process.stdin.write(lines + "end\n")
        self.process.stdin.flush()
        timings, answers = [], []
        for _ in hands:
            nanoseconds, deadwood = self.process.stdout.readline().split()
            timings.append(int(nanoseconds) / 1000)
            answers.append(int(deadwood))
        return timings, answers

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait(timeout=10)


def rlcard_solver() -> Callable[[Sequence[Card]], int] | None:
    """RLCard's ``get_best_meld_clusters`` as a deadwood function, when rlcard is installed."""
    try:
        from rlcard.games.gin_rummy.utils import melding, utils
    except ImportError:
        return None
    by_card = {card: utils.card_from_text(str(card)) for card in FULL_DECK}

    def deadwood(hand: Sequence[Card]) -> int:
        theirs = [by_card[card] for card in hand]
        best = melding.get_best_meld_clusters(theirs)
        if not best:
            return sum(card.points for card in hand)
        return utils.get_deadwood_count(theirs, best[0])

    return deadwood


def floor_rows(hands: list[list[Card]], openspiel_median: float | None) -> None:
    """Where the cold time of ``best_arrangement`` goes on hands without a meld (most random
    deals), interleaved in blocks of 100: a bare Python call, the identity look-ups and their
    sum, the sorted deadwood and the ``Arrangement`` built from that sum (as ``best_arrangement``
    builds them), and the whole cold call; the rest is checking the hand, the meld test, the
    memo."""
    word_of_card_id, bias = melds._WORD_OF_CARD_ID, melds._WORD_BIAS
    b0, b1, b2, b3, b4, b5, b6 = (melds._B0, melds._B1, melds._B2, melds._B3, melds._B4,
                                  melds._B5, melds._B6)
    arrangement, new_tuple, size = melds.Arrangement, tuple.__new__, melds._WORD_BYTES

    def bare_call(cards: list[Card]) -> None:
        return None

    def identity_sum(cards: list[Card]) -> int:
        return sum(map(word_of_card_id, map(id, cards)), bias)

    def deadwood_and_arrangement(word: int) -> object:
        dead = word.to_bytes(size, "little")
        return new_tuple(arrangement, ((), (b0[dead[0]] + b1[dead[1]] + b2[dead[2]] + b3[dead[3]]
                                            + b4[dead[4]] + b5[dead[5]] + b6[dead[6]]), dead[7]))

    plain = [hand for hand in hands if not melds.melded_in_any_mask(cards_mask(hand))]
    words = [identity_sum(hand) for hand in plain]
    rows: dict[str, list[float]] = {}
    for start in range(0, len(plain), 100):
        part, part_words = plain[start:start + 100], words[start:start + 100]
        rows.setdefault("a bare Python call", []).extend(per_call_us(bare_call, part))
        rows.setdefault("identity look-ups and their sum", []).extend(
            per_call_us(identity_sum, part))
        rows.setdefault("sorted deadwood + Arrangement", []).extend(
            per_call_us(deadwood_and_arrangement, part_words))
        clear_meld_memos()
        rows.setdefault("best_arrangement(cards), cold", []).extend(
            per_call_us(best_arrangement, part))
    print(f"\nwhere the time goes: {len(plain)} random deals without a meld (cold, interleaved "
          "in blocks of 100):")
    medians = {name: report(name, timings) for name, timings in rows.items()}
    parts = sum(medians[name] for name in list(medians)[1:3])
    print(f"  left for checking the hand, the meld test, the memo: "
          f"{medians['best_arrangement(cards), cold'] - parts:.2f} us (medians)")
    if openspiel_median is not None:
        print(f"  3x OpenSpiel's BestMeldGroup median on random deals: "
              f"{3 * openspiel_median:.2f} us")


def load_before(path: str) -> ModuleType:
    """An earlier ``melds.py`` (``git show REV:ginrummy_desktop/engine/gin/melds.py > FILE``),
    loaded beside the current one so that before and after are timed in the same run."""
    spec = importlib.util.spec_from_file_location("melds_before", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def side_by_side(label: str, hands: list[list[Card]], driver: OpenSpielDriver | None,
                 rlcard: Callable[[Sequence[Card]], int] | None,
                 before: ModuleType | None = None) -> dict[str, float]:
    """best_arrangement and min_deadwood against OpenSpiel and RLCard, cold, interleaved (and
    against an earlier melds.py's best_arrangement, which goes first in every other block)."""
    columns: dict[str, list[float]] = {}
    clock = time.perf_counter_ns
    block = 100
    for start in range(0, len(hands), block):
        part = hands[start:start + block]
        earlier: list[float] = []
        if before is not None and start // block % 2:
            before.clear_meld_memos()
            earlier = [_timed_best_arrangement(before.best_arrangement, hand) for hand in part]
        clear_meld_memos()
        ours_best, ours_min, points = [], [], []
        arranged: list[tuple[object, ...]] = []
        for hand in part:
            t0 = clock()
            arrangement = best_arrangement(hand)
            t1 = clock()
            ours_best.append((t1 - t0) / 1000)
            points.append(arrangement.deadwood_points)
            arranged.append(tuple(arrangement))
        if before is not None:
            if not earlier:
                before.clear_meld_memos()
                earlier = [_timed_best_arrangement(before.best_arrangement, hand) for hand in part]
            if [tuple(before.best_arrangement(hand)) for hand in part] != arranged:
                raise SystemExit("the earlier melds.py arranges a hand differently")
            columns.setdefault("best_arrangement(cards), cold, before", []).extend(earlier)
        clear_meld_memos()
        for hand in part:
            t0 = clock()
            min_deadwood(hand)
            t1 = clock()
            ours_min.append((t1 - t0) / 1000)
        columns.setdefault("best_arrangement(cards), cold", []).extend(ours_best)
        columns.setdefault("min_deadwood(cards), cold", []).extend(ours_min)
        if driver is not None:
            their_best, answers = driver.time("best", part)
            if answers != points:
                raise SystemExit("OpenSpiel's BestMeldGroup disagrees on deadwood")
            their_min, _ = driver.time("min", part)
            columns.setdefault("OpenSpiel C++ BestMeldGroup", []).extend(their_best)
            columns.setdefault("OpenSpiel C++ MinDeadwood", []).extend(their_min)
        if rlcard is not None:
            timings = []
            for hand, expected in zip(part, points, strict=True):
                t0 = clock()
                answer = rlcard(hand)
                t1 = clock()
                timings.append((t1 - t0) / 1000)
                if answer != expected:
                    raise SystemExit("RLCard disagrees on deadwood")
            columns.setdefault("RLCard get_best_meld_clusters", []).extend(timings)
    print(f"\n{label} ({len(hands)} distinct 10-card hands, cold, interleaved in blocks of "
          f"{block}):")
    medians = {name: report(name, timings) for name, timings in columns.items()}
    means = {name: statistics.fmean(timings) for name, timings in columns.items()}
    now, then = "best_arrangement(cards), cold", "best_arrangement(cards), cold, before"
    for ours, theirs, text in (
        (now, "OpenSpiel C++ BestMeldGroup", "best_arrangement / OpenSpiel C++ BestMeldGroup"),
        ("min_deadwood(cards), cold", "OpenSpiel C++ MinDeadwood",
         "min_deadwood / OpenSpiel C++ MinDeadwood"),
        (now, "RLCard get_best_meld_clusters",
         "best_arrangement / RLCard get_best_meld_clusters"),
        (then, "OpenSpiel C++ BestMeldGroup",
         "best_arrangement before / OpenSpiel C++ BestMeldGroup"),
        (now, then, "best_arrangement after / before"),
    ):
        if ours in medians and theirs in medians:
            print(f"  {text}: {medians[ours] / medians[theirs]:.2f}x "
                  f"(medians), {means[ours] / means[theirs]:.2f}x (means)")
    clear_meld_memos()
    for hand in hands:
        best_arrangement(hand)
        min_deadwood(hand)
    warm_best = per_call_us(best_arrangement, hands)
    warm_min = per_call_us(min_deadwood, hands)
    report("best_arrangement(cards), memo hit", warm_best)
    report("min_deadwood(cards), memo hit", warm_min)
    return medians


def _timed_best_arrangement(function: Callable[[list[Card]], object], hand: list[Card]) -> float:
    t0 = time.perf_counter_ns()
    function(hand)
    return (time.perf_counter_ns() - t0) / 1000


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000, help="random hands per size")
    parser.add_argument("--baseline-hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--play-hands", type=int, default=5000,
                        help="hands from play for the side-by-side rows")
    parser.add_argument("--openspiel", metavar="PROGRAM",
                        help="driver around OpenSpiel's C++ GinRummyUtils (see the docstring)")
    parser.add_argument("--before", metavar="FILE",
                        help="an earlier melds.py: its best_arrangement timed in the same blocks")
    args = parser.parse_args(argv)
    before = load_before(args.before) if args.before else None

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

    driver = OpenSpielDriver(args.openspiel) if args.openspiel else None
    rlcard = rlcard_solver()
    if driver is None:
        print("\n(no --openspiel driver: OpenSpiel rows left out)")
    if rlcard is None:
        print("(rlcard is not installed: RLCard rows left out)")
    try:
        deals = random_hands(rng, 10, args.play_hands)
        medians = side_by_side("random deals", deals, driver, rlcard, before)
        side_by_side("hands from play", hands_from_play(rng, args.play_hands), driver, rlcard,
                     before)
    finally:
        if driver is not None:
            driver.close()
    floor_rows(deals, medians.get("OpenSpiel C++ BestMeldGroup"))

if __name__ == "__main__":
    main()
