"""What the opponent probably holds while pegging, given that it discarded sensibly.

Uniformly random holdings are a poor guess: a sensible player keeps fives, pairs, runs and
fifteens and lays away the rest. Each candidate world draws the opponent's unseen held cards
(consistent with its plays and every go it said) and two cards it might have laid away, then
weights the world by how good that keep was among the 15 keeps of those six cards
(``exp(SHARPNESS * (net(keep) - best net))``, by ranks; suits barely change a keep's value).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from math import exp

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.cribbage import _crib_tables
from ginrummy_desktop.engine.cribbage.evaluation import unseen_by
from ginrummy_desktop.engine.cribbage.observation import CribbageObservation
from ginrummy_desktop.engine.cribbage.scoring import rank_points
from ginrummy_desktop.engine.rng import StableRandom

# A keep one point worse than the best is about 1/e^2 as likely: players rarely throw a point.
SHARPNESS = 2.0


@cache
def keep_regrets(six: tuple[int, ...], is_dealer: bool) -> dict[tuple[int, ...], float]:
    """For six sorted ranks: each keep's (sorted ranks) shortfall from the best keep's net."""
    available = [4] * 14
    for rank in six:
        available[rank] -= 1
    table = _crib_tables.TABLES["sensible"]["dealer" if is_dealer else "pone"]
    nets: dict[tuple[int, ...], float] = {}
    for picks in combinations(range(6), 4):
        keep = tuple(six[i] for i in picks)
        if keep in nets:
            continue
        toss = sorted(six[i] for i in range(6) if i not in picks)
        hand = sum(
            available[r] * rank_points(tuple(sorted((*keep, r)))) for r in range(1, 14)
        ) / 46.0
        crib = table[(toss[0] - 1) * 13 + (toss[1] - 1)]
        nets[keep] = hand + crib if is_dealer else hand - crib
    best = max(nets.values())
    return {keep: best - net for keep, net in nets.items()}


def plausible_holdings(
    observation: CribbageObservation, rng: StableRandom, count: int
) -> list[tuple[tuple[Card, ...], float]]:
    """``count`` candidate opponent holdings (unplayed cards) with plausibility weights."""
    held = observation.opponent_cards_left
    if held == 0:
        return [((), 1.0)]
    unseen = unseen_by(observation)
    minimum = go_minimum(observation)
    pool = [card for card in unseen if card.points >= minimum]
    if len(pool) < held:
        pool = list(unseen)
    played_ranks = tuple(card.rank for card in observation.opponent_played)
    opponent_deals = not observation.is_dealer
    worlds = []
    for _ in range(count):
        pick = list(pool)
        rng.shuffle(pick)
        holding = tuple(pick[:held])
        rest = [card for card in unseen if card not in holding]
        rng.shuffle(rest)
        keep = tuple(sorted(played_ranks + tuple(card.rank for card in holding)))
        six = tuple(sorted(keep + (rest[0].rank, rest[1].rank)))
        regret = keep_regrets(six, opponent_deals)[keep]
        worlds.append((holding, exp(-SHARPNESS * regret)))
    return worlds


def go_minimum(observation: CribbageObservation) -> int:
    """Every go the opponent said means it held no card that fit the count then, and the cards
    it still holds were all in its hand at that moment: each is worth at least this many points."""
    minimum = 0
    running = 0
    for seat, kind, card in observation.history:
        if kind == "play":
            assert card is not None
            if running + card.points > 31:
                running = 0  # a go was paid and a new count began
            running += card.points
            if running == 31:
                running = 0
        elif seat != observation.seat:
            minimum = max(minimum, 32 - running)
    return minimum
