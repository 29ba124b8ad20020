"""Builds the crib-value tables in ``engine/cribbage/_crib_tables.py``.

    python3 -m tools.crib_tables            # rewrite the tables (about 15 CPU-seconds)
    python3 -m tools.crib_tables --check    # exit 1 if the committed tables differ

For each pair of tossed ranks and each crib owner, the table holds the expected crib score:
the two tossed ranks, the other player's two (from a model of his toss) and every starter rank,
scored exactly with the rank-pattern scorer, plus nobs (a crib jack matches the starter's suit
about a quarter of the time). Suits are averaged out; ``evaluation.crib_value`` adds the tiny
flush term for a suited toss.

Two models of the other player's toss:
- ``random``: any two of the remaining cards (the classic published averages assume this);
- ``sensible``: the toss a good player makes. We sample many six-card hands and let a pone keep
  the best ``hand - crib`` and a dealer the best ``hand + crib`` (crib valued by the random
  table), then use the frequency of each tossed rank pair. Real pones balk: they rarely give
  fives, pairs or touching cards, so the dealer's crib is worth less than a random model says.
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

from ginrummy_desktop.engine.cards import FULL_DECK
from ginrummy_desktop.engine.cribbage.evaluation import hand_scores
from ginrummy_desktop.engine.cribbage.scoring import rank_points
from ginrummy_desktop.engine.rng import StableRandom
from tools.generated import write_or_check

RANKS = range(1, 14)
NOBS_CHANCE = 11.5 / 46  # a crib jack's suit matches the starter's


def random_pair_weights(removed: tuple[int, ...]) -> dict[tuple[int, int], float]:
    """Probability of each rank pair for two random cards once ``removed`` ranks are gone."""
    avail = {r: 4 - removed.count(r) for r in RANKS}
    weights = {}
    for c in RANKS:
        for d in RANKS:
            if d < c:
                continue
            n = avail[c] * (avail[c] - 1) / 2 if c == d else avail[c] * avail[d]
            if n > 0:
                weights[(c, d)] = n
    total = sum(weights.values())
    return {pair: w / total for pair, w in weights.items()}


def crib_expectation(a: int, b: int, other: dict[tuple[int, int], float]) -> float:
    """Expected crib with tossed ranks a, b and the other toss drawn from ``other``."""
    base = random_pair_weights((a, b))
    weighted = {}
    for pair, p in other.items():
        if pair in base:
            # Condition the model on the cards still available after our toss.
            full = random_pair_weights(())[pair]
            weighted[pair] = p * base[pair] / full
    norm = sum(weighted.values())
    value = 0.0
    for (c, d), p in weighted.items():
        four = (a, b, c, d)
        starter_weights = {s: 4 - four.count(s) for s in RANKS}
        total_w = sum(w for w in starter_weights.values() if w > 0)
        expect = sum(
            w * rank_points(tuple(sorted((*four, s))))
            for s, w in starter_weights.items()
            if w > 0
        ) / total_w
        expect += NOBS_CHANCE * four.count(11)
        value += p / norm * expect
    return value


def table(other: dict[tuple[int, int], float]) -> list[float]:
    values = [0.0] * 169
    for a in RANKS:
        for b in RANKS:
            if b >= a:
                v = round(crib_expectation(a, b, other), 4)
                values[(a - 1) * 13 + (b - 1)] = v
                values[(b - 1) * 13 + (a - 1)] = v
    return values


def sensible_toss_frequencies(
    as_dealer: bool, random_table: list[float], samples: int, seed: int
) -> dict[tuple[int, int], float]:
    """How often a good player tosses each rank pair (from sampled six-card hands)."""
    rng = StableRandom(seed)
    counts: dict[tuple[int, int], float] = {}
    for _ in range(samples):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        six = deck[:6]
        starters = deck[6:]
        best, best_toss = None, None
        for keep in combinations(six, 4):
            toss = [card for card in six if card not in keep]
            low, high = sorted(card.rank for card in toss)
            crib = random_table[(low - 1) * 13 + (high - 1)]
            scores = hand_scores(keep, starters)
            value = sum(scores) / len(scores) + (crib if as_dealer else -crib)
            if best is None or value > best:
                best, best_toss = value, (low, high)
        counts[best_toss] = counts.get(best_toss, 0) + 1  # type: ignore[index]
    total = sum(counts.values())
    return {pair: n / total for pair, n in counts.items()}


def build(samples: int = 20000, seed: int = 2024) -> dict[str, dict[str, list[float]]]:
    random_table = table(random_pair_weights(()))
    dealer_tosses = sensible_toss_frequencies(True, random_table, samples, seed)
    pone_tosses = sensible_toss_frequencies(False, random_table, samples, seed + 1)
    return {
        "random": {"dealer": random_table, "pone": random_table},
        # Own crib: the other two cards come from the pone; opponent's crib: from the dealer.
        "sensible": {"dealer": table(pone_tosses), "pone": table(dealer_tosses)},
    }


TABLE_PATH = (Path(__file__).resolve().parents[1] / "ginrummy_desktop" / "engine" / "cribbage"
              / "_crib_tables.py")
SAMPLES = 20000


def render(tables: dict[str, dict[str, list[float]]]) -> str:
    lines = [
        '"""Crib-value tables generated by ``tools/crib_tables.py``; do not edit by hand.',
        "",
        "TABLES[model][owner][(low - 1) * 13 + (high - 1)]: expected crib for the tossed ranks.",
        '"""',
        "",
        "TABLES = {",
    ]
    for model, owners in tables.items():
        lines.append(f"    {model!r}: {{")
        for owner, values in owners.items():
            lines.append(f"        {owner!r}: [")
            for row in range(13):
                for start, stop in ((0, 7), (7, 13)):
                    cells = values[row * 13 + start : row * 13 + stop]
                    lines.append("            " + ", ".join(f"{v:.4f}" for v in cells) + ",")
            lines.append("        ],")
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    return write_or_check(TABLE_PATH, lambda: render(build(SAMPLES)), "tools/crib_tables.py", argv)


if __name__ == "__main__":
    raise SystemExit(main())
