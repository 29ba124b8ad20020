"""Game-win probability over (my score, their score), by dynamic programming.

A hand is modelled as a coin flip for who scores, with the points drawn from the distribution
measured by playing 6,000 simulated hands between knock-as-soon-as-possible players (binned in
fours; the mean of each bin is its value). ``win_probability(mine, theirs, target)`` is then the
chance of reaching ``target`` first between equal players: the expert converts every imagined
hand result into this currency, so it banks a lead and gambles when far behind.
"""

from __future__ import annotations

from functools import lru_cache

# (points, probability) for one hand's winner; dead hands (under 0.1%) are left out.
HAND_POINTS: tuple[tuple[int, float], ...] = (
    (3, 0.1371), (6, 0.1806), (10, 0.1616), (14, 0.1182), (18, 0.0966), (22, 0.065),
    (26, 0.0822), (30, 0.0374), (34, 0.0274), (38, 0.028), (42, 0.0208), (46, 0.0185),
    (50, 0.0093), (55, 0.007), (58, 0.0042), (62, 0.0023), (66, 0.0015), (74, 0.0022),
)


@lru_cache(maxsize=8)
def win_table(target: int) -> tuple[tuple[float, ...], ...]:
    """``table[a][b]``: chance the player on ``a`` points wins against one on ``b``."""
    total = sum(p for _, p in HAND_POINTS)
    outcomes = [(points, p / total / 2) for points, p in HAND_POINTS]
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


def win_probability(mine: int, theirs: int, target: int = 100) -> float:
    """Chance of winning the match from these scores (1 at or past the target first)."""
    if mine >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    return win_table(target)[max(0, mine)][max(0, theirs)]


def value_of_points(points: float, mine: int, theirs: int, target: int = 100) -> float:
    """Win probability after a hand giving ``points`` to me (negative: to the opponent)."""
    whole = round(points)
    if whole >= 0:
        return win_probability(mine + whole, theirs, target)
    return win_probability(mine, theirs - whole, target)
