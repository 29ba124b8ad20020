"""Score all 12,994,800 hand+starter combinations and compare with Lumetta's published table.

Fifteens, pairs and runs depend only on the five ranks, so each four-card hand looks up the rank
part once per starter rank (a cached 5-rank pattern); flush and nobs depend on the starter's suit
and are added per starter. Prints the distribution, the means and the time taken; exits 1 on any
mismatch.

    python benchmarks/cribbage_enumeration.py [--write-docs]
"""

from __future__ import annotations

import platform
import sys
import time
from datetime import date
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
MARK_START = "<!-- cribbage-enumeration:start -->"
MARK_END = "<!-- cribbage-enumeration:end -->"

from ginrummy_desktop.engine.cards import FULL_DECK  # noqa: E402
from ginrummy_desktop.engine.cribbage.scoring import rank_points  # noqa: E402

# score: (hand rules, crib rules), from Lumetta's exhaustive table (reference.md section 4).
PUBLISHED = {
    0: (1009008, 1022208), 1: (99792, 99792), 2: (2813796, 2839800), 3: (505008, 508908),
    4: (2855676, 2868960), 5: (697508, 703496), 6: (1800268, 1787176), 7: (751324, 755320),
    8: (1137236, 1118336), 9: (361224, 358368), 10: (388740, 378240), 11: (51680, 43880),
    12: (317340, 310956), 13: (19656, 16548), 14: (90100, 88132), 15: (9168, 9072),
    16: (58248, 57288), 17: (11196, 11196), 18: (2708, 2264), 20: (8068, 7828),
    21: (2496, 2472), 22: (444, 444), 23: (356, 356), 24: (3680, 3680), 28: (76, 76),
    29: (4, 4),
}


def enumerate_scores() -> tuple[list[int], list[int]]:
    """Counts of each score 0..29 under hand rules and under crib rules."""
    hand_counts = [0] * 30
    crib_counts = [0] * 30
    suits = "CDHS"
    for four in combinations(FULL_DECK, 4):
        ranks = sorted(card.rank for card in four)
        rank_part = [0] * 14
        for rank in range(1, 14):
            rank_part[rank] = rank_points(tuple(sorted((*ranks, rank))))
        flush_suit = four[0].suit if all(c.suit == four[0].suit for c in four) else None
        nobs = {card.suit for card in four if card.rank == 11}
        hand_bonus = {}
        crib_bonus = {}
        for suit in suits:
            extra = 1 if suit in nobs else 0
            if flush_suit is None:
                hand_bonus[suit] = crib_bonus[suit] = extra
            elif suit == flush_suit:
                hand_bonus[suit] = crib_bonus[suit] = extra + 5
            else:
                hand_bonus[suit], crib_bonus[suit] = extra + 4, extra
        held = set(four)
        for starter in FULL_DECK:
            if starter in held:
                continue
            base = rank_part[starter.rank]
            hand_counts[base + hand_bonus[starter.suit]] += 1
            crib_counts[base + crib_bonus[starter.suit]] += 1
    return hand_counts, crib_counts


def main() -> int:
    started = time.perf_counter()
    hand_counts, crib_counts = enumerate_scores()
    elapsed = time.perf_counter() - started
    total = sum(hand_counts)
    problems = []
    print(f"{'score':>5} {'hand':>10} {'crib':>10}")
    for score in range(30):
        expected = PUBLISHED.get(score, (0, 0))
        got = (hand_counts[score], crib_counts[score])
        mark = "" if got == expected else f"  MISMATCH, published {expected}"
        if mark:
            problems.append(score)
        if any(got) or mark:
            print(f"{score:>5} {got[0]:>10,} {got[1]:>10,}{mark}")
    hand_mean = sum(s * n for s, n in enumerate(hand_counts)) / total
    crib_mean = sum(s * n for s, n in enumerate(crib_counts)) / total
    print(f"combinations: {total:,} (expected 12,994,800)")
    print(f"mean: hand {hand_mean:.6f} (published 4.769152), crib {crib_mean:.6f} (4.734819)")
    print(f"time: {elapsed:.1f} s")
    if total != 12_994_800 or problems:
        print(f"FAILED: mismatches at scores {problems}")
        return 1
    print("OK: matches the published distribution count for count")
    if "--write-docs" in sys.argv[1:]:
        write_docs(hand_counts, crib_counts, hand_mean, crib_mean, elapsed)
    return 0


def write_docs(hand_counts, crib_counts, hand_mean, crib_mean, elapsed) -> None:
    text = (
        f"All {sum(hand_counts):,} hand+starter combinations scored on "
        f"{date.today().isoformat()} ({platform.machine()}, Python "
        f"{platform.python_version()}) by `python benchmarks/cribbage_enumeration.py` in "
        f"{elapsed:.0f} s: the distribution matches Lumetta's published table count for count "
        f"under hand and under crib rules. Means {hand_mean:.6f} (hand) and {crib_mean:.6f} "
        f"(crib); no hand scores 19, 25, 26 or 27; {hand_counts[28]} hands of 28; "
        f"{hand_counts[29]} of 29."
    )
    path = ROOT / "docs" / "ai.md"
    content = path.read_text()
    start = content.index(MARK_START) + len(MARK_START)
    end = content.index(MARK_END)
    path.write_text(content[:start] + "\n" + text + "\n" + content[end:])


if __name__ == "__main__":
    raise SystemExit(main())
