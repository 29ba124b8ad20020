"""Determinization: opponent hands and stock orders consistent with what a seat has seen.

The opponent holds every card it is known to have taken from the pile plus unknown cards drawn
from the ``unseen`` set; the rest of ``unseen`` is the stock in random order. Uniform samples
badly underestimate a developed hand late in the deal (the opponent has been choosing its
cards for many turns), so each sampled hand is developed by imagined greedy turns,
and cards next to what the opponent declined are
drawn less often (a player who passes the 7 of hearts rarely holds the 6 and 8).

One imagined greedy turn per real turn left the hands too raw: against the faithful MARJJ, at
its 6th to 8th turn, they held 17.5 points of deadwood where the real hands held 13.2, so a
knock looked safer than it was (``benchmarks/gin_worlds.py --by-turns``; docs/ai.md). A real
player chose between the upcard and the stock and kept the best of eleven every turn, so the
hands now get one and a half imagined turns per real one.

Every discard of the opponent is evidence too. The last one can be replayed exactly: right
after it, the opponent held the hand it holds now, so in a sampled world it threw that card from
those ten cards plus that card. ``worlds_for`` samples three times the worlds it needs and keeps
them by how sensible that throw would have been (``exp(-0.3 x`` the deadwood kept above the
least it could have kept``)``), so worlds in which the opponent would have blundered are rarely
played. ``history_weight`` can replay earlier turns too, backwards from there: undo the throw,
undo the draw (the upcard it took, or one of the eleven cards picked at random as the unknown
stock card), and judge the throw before. With every turn replayed the expert did no better on
fresh deals, so ``HISTORY_DEPTH`` keeps the last turn only.

Why it matters: the same expert given the opponent's true hand in every world (a measurement
only, ``ladder.py --expert-knob oracle=1``) beat the faithful MARJJ in 77-80% of matches
instead of about 55%. How sharp the picture of the hand is decides the match, far more than
any setting of the search (docs/ai.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import exp
from typing import Any

from ginrummy_desktop.engine.gin.bots.evaluate import iter_bits, neighbours
from ginrummy_desktop.engine.gin.bots.fastmelds import after_each_discard, deadwood
from ginrummy_desktop.engine.gin.bots.knowledge import Knowledge
from ginrummy_desktop.engine.rng import StableRandom, systematic_resample

DEVELOPMENT_PER_TURN = 1.5  # imagined greedy turns per turn the opponent has drawn
MAX_DEVELOPMENT = 18
DISCARD_SENSE = 0.3  # each replayed discard's weight falls by e^-0.3 per point of deadwood wasted
OVERSAMPLE = 3  # worlds sampled for each one kept by that weight
# The opponent's turns replayed backwards to weigh a world: 1, only the last. Replaying every
# turn (30) gained in screening but measured 53.9% against MARJJ on 1,000 fresh matches, no
# better than the last alone (55.8%, run S), so it stays a setting to screen (docs/ai.md).
HISTORY_DEPTH = 1


@dataclass(slots=True)
class World:
    opponent: int  # the opponent's hand mask
    stock: list[int]  # card indices, drawn from the end


def card_weights(knowledge: Knowledge) -> list[tuple[int, float]]:
    """(card index, relative chance it sits in the opponent's hand) for every unseen card."""
    declined = knowledge.opponent_passed | knowledge.opponent_discarded
    known = knowledge.opponent_known
    weights = []
    for index in iter_bits(knowledge.unseen):
        same_rank, adjacent, _ = neighbours(index)
        weight = 1.0
        weight *= 0.75 ** bin((same_rank | adjacent) & declined).count("1")
        weight *= 1.3 ** bin((same_rank | adjacent) & known).count("1")
        weights.append((index, weight))
    return weights


def _weighted_sample(
    weights: list[tuple[int, float]], count: int, rng: StableRandom
) -> tuple[int, int]:
    """Draw ``count`` distinct cards by weight (Efraimidis-Spirakis keys); (drawn, rest) masks."""
    keyed = sorted(
        ((rng.random() ** (1.0 / weight), index) for index, weight in weights), reverse=True
    )
    drawn = rest = 0
    for position, (_, index) in enumerate(keyed):
        if position < count:
            drawn |= 1 << index
        else:
            rest |= 1 << index
    return drawn, rest


def _develop(hand: int, fixed: int, pool: list[int], steps: int, rng: StableRandom) -> int:
    """Play ``steps`` imagined greedy turns: draw from ``pool``, throw the worst free card."""
    for _ in range(steps):
        position = rng.randbelow(len(pool))
        drawn = pool[position]
        eleven = hand | 1 << drawn
        best_index, best_value = drawn, 1 << 30
        for index, value in after_each_discard(eleven):
            if value < best_value and not fixed >> index & 1:
                best_index, best_value = index, value
        hand = eleven & ~(1 << best_index)
        pool[position] = best_index
    return hand


def sample_worlds(
    knowledge: Knowledge, count: int, rng: StableRandom, opponent_size: int = 10
) -> list[World]:
    """``count`` worlds consistent with ``knowledge`` (same inputs, same worlds).

    Each sampled hand is then developed by imagined greedy turns, one and a half for every turn
    the opponent has drawn, so late in a deal it is as organised as a real player's.
    """
    weights = card_weights(knowledge)
    unknown = max(0, opponent_size - bin(knowledge.opponent_known).count("1"))
    steps = min(MAX_DEVELOPMENT, round(DEVELOPMENT_PER_TURN * knowledge.opponent_turns))
    worlds = []
    for _ in range(count):
        drawn, rest = _weighted_sample(weights, unknown, rng)
        hand = drawn | knowledge.opponent_known
        pool = list(iter_bits(rest))
        if steps and pool and unknown:
            hand = _develop(hand, knowledge.opponent_known, pool, steps, rng)
        rng.shuffle(pool)
        worlds.append(World(hand, pool))
    return worlds


def last_discard_weight(opponent: int, knowledge: Knowledge) -> float:
    """How sensible the opponent's last discard was had it held ``opponent`` since (1: no
    card would have left less deadwood; it may not have thrown an upcard it had just taken)."""
    return history_weight(opponent, knowledge, None, depth=1)


def history_weight(
    opponent: int, knowledge: Knowledge, rng: StableRandom | None, depth: int | None = None
) -> float:
    """How sensible the opponent's last ``depth`` turns were had it held ``opponent`` now.

    The turns are replayed backwards from the hand it holds now: before its last discard it
    held those ten cards plus the card it threw; before its draw, that minus the upcard it took,
    or minus one card drawn from the stock (unknown, so one of the eleven it could have been is
    picked at random; never a card it is known to have taken earlier). Each throw is weighed
    as ``last_discard_weight`` says. ``rng`` picks the stock cards; without it only the last
    turn is judged.
    """
    depth = HISTORY_DEPTH if depth is None else depth
    log = knowledge.opponent_turn_log
    first = max(0, len(log) - depth)
    taken_before = [0] * (len(log) + 1)  # upcards the opponent took before each turn
    if rng is not None and len(log) - first > 1:  # only an undone stock draw needs them
        for turn, (taken, _, _) in enumerate(log):
            taken_before[turn + 1] = taken_before[turn] | taken
    hand, weight = opponent, 1.0
    for turn in range(len(log) - 1, first - 1, -1):
        taken, _, thrown = log[turn]
        eleven = hand | 1 << thrown
        least = min(
            value for index, value in after_each_discard(eleven) if not taken >> index & 1
        )
        weight *= exp(-DISCARD_SENSE * (deadwood(hand) - least))
        if turn == first or rng is None:
            break
        if taken:
            hand = eleven & ~taken
            continue
        choices = list(iter_bits(eleven & ~taken_before[turn])) or list(iter_bits(eleven))
        hand = eleven & ~(1 << choices[rng.randbelow(len(choices))])
    return weight


def worlds_for(
    observation: Any, knowledge: Knowledge, count: int, rng: StableRandom
) -> list[World]:
    """``count`` worlds for the opponent's hand size as the observation gives it, drawn by how
    sensible the opponent's discards so far would have been in each (``history_weight``)."""
    size = int(getattr(observation, "opponent_hand_size", 10) or 10)
    # With two or more opponents the turn log mixes their turns: nothing to replay.
    several_opponents = getattr(getattr(observation, "rules", None), "players", 2) != 2
    if several_opponents or not knowledge.opponent_turn_log or not DISCARD_SENSE:
        return sample_worlds(knowledge, count, rng, opponent_size=size)
    candidates = sample_worlds(knowledge, count * OVERSAMPLE, rng, opponent_size=size)
    weights = [history_weight(world.opponent, knowledge, rng) for world in candidates]
    return systematic_resample(candidates, weights, count, rng)
