"""Game-win probability over (my score, their score), by dynamic programming, per rule set.

A hand is modelled as a coin flip for who scores, with the points drawn from the distribution
measured for the hand's own scoring rules: ``tools/winprob_tables.py`` plays 6,000 hands between
knock-as-soon-as-possible players for each rule set in ``MEASURED`` and writes the histograms to
``_winprob_tables.py`` (a test checks them against the generator). Points are binned in fours
(1-4, 5-8, ...), the mean of each bin being its value. ``win_probability(mine, theirs, target,
rules)`` is then the chance of reaching ``target`` first between equal players: the expert
converts every imagined hand result into this currency, so it banks a lead and gambles when far
behind. Hollywood scoring has no single race (three games run at once and the scores the
players see are their sums), so there ``value_of_points`` is linear in the hand's points: the
expert then simply plays for the most points.
"""

from __future__ import annotations

from functools import lru_cache

from ginrummy_desktop.engine.gin.bots._winprob_tables import HISTOGRAMS
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS, GinRules

# The rules that change what one hand scores (the rest act on the match: box, game, target...).
HAND_FIELDS = (
    "knock_limit", "gin_bonus", "big_gin_bonus", "undercut_bonus", "oklahoma",
    "oklahoma_ace_gin_only", "deal_eleven", "rediscard_taken", "last_discard_to_knock",
    "dead_stock",
)
BIN_WIDTH = 4


def hand_rules(rules: GinRules) -> tuple[object, ...]:
    """The values of ``HAND_FIELDS``: two rule sets with equal values score hands alike."""
    return tuple(getattr(rules, name) for name in HAND_FIELDS)


def _measured_presets() -> tuple[str, ...]:
    """One two-player preset per distinct set of hand rules, in preset order."""
    seen: dict[tuple[object, ...], str] = {}
    for name, rules in GIN_PRESETS.items():
        if rules.players == 2:
            seen.setdefault(hand_rules(rules), name)
    return tuple(seen.values())


MEASURED = _measured_presets()


@lru_cache(maxsize=64)
def measured_preset(rules: GinRules | None) -> str:
    """The measured rule set serving ``rules``: the one with the same hand rules, else the
    measurement of its own preset (overrides that change hand scoring are not measured)."""
    if rules is None:
        return MEASURED[0]
    key = hand_rules(rules)
    for name in MEASURED:
        if hand_rules(GIN_PRESETS[name]) == key:
            return name
    own = GIN_PRESETS.get(rules.preset)
    return measured_preset(own) if own is not None and own != rules else MEASURED[0]


@lru_cache(maxsize=len(MEASURED))
def hand_points(preset: str) -> tuple[tuple[int, float], ...]:
    """(points, probability) for one hand's winner under measured rule set ``preset``."""
    totals: dict[int, list[int]] = {}
    for histogram in HISTOGRAMS[preset]:
        for points, count in histogram.items():
            cell = totals.setdefault((points - 1) // BIN_WIDTH, [0, 0])
            cell[0] += count
            cell[1] += points * count
    hands = sum(count for count, _ in totals.values())
    return tuple((round(total / count), count / hands)
                 for _, (count, total) in sorted(totals.items()))


@lru_cache(maxsize=16)
def win_table(target: int, preset: str = MEASURED[0]) -> tuple[tuple[float, ...], ...]:
    """``table[a][b]``: chance the player on ``a`` points wins against one on ``b``."""
    outcomes = [(points, p / 2) for points, p in hand_points(preset)]
    table = [[0.0] * target for _ in range(target)]
    for a in range(target - 1, -1, -1):
        row = table[a]
        for b in range(target - 1, -1, -1):
            value = 0.0
            for points, half in outcomes:
                value += half * (1.0 if a + points >= target else table[a + points][b])
                if b + points < target:
                    value += half * row[b + points]
            row[b] = value
    return tuple(tuple(row) for row in table)


def win_probability(mine: int, theirs: int, target: int = 100,
                    rules: GinRules | None = None) -> float:
    """Chance of winning the match from these scores (1 at or past the target first)."""
    if mine >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    return win_table(target, measured_preset(rules))[max(0, mine)][max(0, theirs)]


def value_of_points(points: float, mine: int, theirs: int, target: int = 100,
                    rules: GinRules | None = None) -> float:
    """Win probability after a hand giving ``points`` to me (negative: to the opponent); under
    Hollywood scoring a value that grows with the points alone (see the module docstring)."""
    if rules is not None and rules.hollywood:
        return min(1.0, max(0.0, 0.5 + points / (4 * target)))
    whole = round(points)
    if whole >= 0:
        return win_probability(mine + whole, theirs, target, rules)
    return win_probability(mine, theirs - whole, target, rules)
