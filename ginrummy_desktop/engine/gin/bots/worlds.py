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

A knock can be weighed on worlds of its own (``knock_worlds_for``, off while
``KNOCK_OVERSAMPLE`` is 0): more candidates, each kept by how well every logged turn of the
opponent fits a careful player's rules (``rule_weights``: it takes only upcards that meld and
lower its count, passes the rest, and throws one of its highest loose cards). They forecast
undercuts better, yet chose between knocking and playing on no closer to the true hand's choice
(``benchmarks/gin_knock_regret.py``), so the expert does not use them.

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
from ginrummy_desktop.engine.gin.bots.fastmelds import (
    POINTS,
    after_each_discard,
    best_arrangements,
    choose_throw,
    deadwood,
    greedy_throw,
    melded_in_any,
)
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
# Knock decisions only: sample this many candidate worlds per world kept, and keep them by how
# well every past turn of the opponent fits a careful player's rules (``rule_weights``); 0: the
# worlds every decision uses. On 897 knock positions 4 sharpened the undercut forecast (AUC
# 0.77 to 0.83) but not the knock choices (benchmarks/gin_knock_regret.py), so it stays off.
KNOCK_OVERSAMPLE = 0
# The rules do part of the developing, so those candidates get fewer imagined greedy turns.
KNOCK_DEVELOPMENT = 0.6
RULE_MISS = 0.1  # each turn the careful player would not have played multiplies the weight so
PRUNE = 0.05  # a candidate this far behind the best is dropped before its older turns are replayed
PIP_WINDOW = 5  # a careful player throws one of its highest unmelded cards: within 5 pips
RESIDUAL_WINDOW = 5  # and one leaving at most 5 points more than its best throw
# A world where the opponent threw its last card holding gin, or a knock it takes whenever it
# may, is kept at these weights at most (people miss a gin now and then).
PASSED_GIN = 0.02
PASSED_KNOCK_FLOOR = 0.02


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
        best_index = greedy_throw(eleven, fixed)
        if best_index < 0:
            best_index = drawn
        hand = eleven & ~(1 << best_index)
        pool[position] = best_index
    return hand


def sample_worlds(
    knowledge: Knowledge,
    count: int,
    rng: StableRandom,
    opponent_size: int = 10,
    per_turn: float | None = None,
) -> list[World]:
    """``count`` worlds consistent with ``knowledge`` (same inputs, same worlds).

    Each sampled hand is then developed by imagined greedy turns, one and a half for every turn
    the opponent has drawn, so late in a deal it is as organised as a real player's.
    """
    weights = card_weights(knowledge)
    unknown = max(0, opponent_size - bin(knowledge.opponent_known).count("1"))
    per_turn = DEVELOPMENT_PER_TURN if per_turn is None else per_turn
    steps = min(MAX_DEVELOPMENT, round(per_turn * knowledge.opponent_turns))
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
    needs_draws = rng is not None and len(log) - first > 1  # only an undone stock draw does
    taken_before = _taken_before(log) if needs_draws else [0] * (len(log) + 1)
    hand, weight = opponent, 1.0
    for turn in range(len(log) - 1, first - 1, -1):
        taken, _, thrown = log[turn]
        eleven = hand | 1 << thrown
        least = choose_throw(eleven, taken)[1]  # the least deadwood it could have kept
        weight *= exp(-DISCARD_SENSE * (deadwood(hand) - least))
        if turn == first or rng is None:
            break
        hand = _before_draw(eleven, taken, taken_before[turn], rng)
    return weight


def _taken_before(log: tuple[tuple[int, int, int], ...]) -> list[int]:
    """The upcards the opponent had taken before each turn of ``log`` (and after the last)."""
    taken_before = [0] * (len(log) + 1)
    for turn, (taken, _, _) in enumerate(log):
        taken_before[turn + 1] = taken_before[turn] | taken
    return taken_before


def _before_draw(eleven: int, taken: int, taken_earlier: int, rng: StableRandom) -> int:
    """The opponent's ten cards before a draw that left it ``eleven``: less the upcard it took,
    or less one card from the stock (unknown, so one of the eleven picked at random; never an
    upcard it had taken earlier)."""
    if taken:
        return eleven & ~taken
    choices = list(iter_bits(eleven & ~taken_earlier)) or list(iter_bits(eleven))
    return eleven & ~(1 << choices[rng.randbelow(len(choices))])


def passed_knock_weight(opponent: int, knock_chance: float, knock_limit: int) -> float:
    """How likely the opponent was to throw its last card without going out had it held
    ``opponent`` since: a hand it could knock with was kept only if it declined to knock
    (``knock_chance`` is how often it knocks when it may), and gin is never passed up."""
    left = deadwood(opponent)
    if left == 0:
        return PASSED_GIN
    if left <= knock_limit:
        return max(PASSED_KNOCK_FLOOR, 1.0 - knock_chance)
    return 1.0


def worlds_for(
    observation: Any, knowledge: Knowledge, count: int, rng: StableRandom,
    knock_chance: float = 0.0, knock_limit: int = -1,
) -> list[World]:
    """``count`` worlds for the opponent's hand size as the observation gives it, drawn by how
    sensible the opponent's discards so far would have been in each (``history_weight``) and,
    with ``knock_limit`` 0 or more, by how likely it was to play on with that hand
    (``passed_knock_weight``)."""
    size = int(getattr(observation, "opponent_hand_size", 10) or 10)
    # With two or more opponents the turn log mixes their turns: nothing to replay.
    several_opponents = getattr(getattr(observation, "rules", None), "players", 2) != 2
    if several_opponents or not knowledge.opponent_turn_log or not DISCARD_SENSE:
        return sample_worlds(knowledge, count, rng, opponent_size=size)
    candidates = sample_worlds(knowledge, count * OVERSAMPLE, rng, opponent_size=size)
    weights = [history_weight(world.opponent, knowledge, rng) for world in candidates]
    if knock_limit >= 0:
        weights = [weight * passed_knock_weight(world.opponent, knock_chance, knock_limit)
                   for weight, world in zip(weights, candidates, strict=True)]
    return systematic_resample(candidates, weights, count, rng)


def wants_upcard(hand: int, upcard: int) -> bool:
    """Would a careful player (MARJJ's rule) holding ``hand`` take card index ``upcard``? Only
    if it melds with the hand in a least-deadwood arrangement and lowers the deadwood."""
    bit = 1 << upcard
    eleven = hand | bit
    if not melded_in_any(eleven) & bit:
        return False
    values = after_each_discard(eleven)
    now = next(value for index, value in values if index == upcard)  # the hand's own deadwood
    if min(value for index, value in values if index != upcard) >= now:
        return False
    # Melded in every least-deadwood arrangement unless leaving it out costs nothing.
    if deadwood(eleven) < now + POINTS[upcard]:
        return True
    return any(any(meld & bit for meld in option) for option in best_arrangements(eleven))


def fits_throw(eleven: int, thrown: int, taken: int) -> bool:
    """Could a careful player have thrown ``thrown`` from ``eleven``? MARJJ throws a card that
    is unmelded in some least-deadwood arrangement, among its highest such cards, and never
    much worse than its best throw (its finer choice, by outs, is too dear to replay here)."""
    whole = deadwood(eleven)
    # A card is unmelded in some least-deadwood arrangement exactly when the rest, arranged
    # at their best, leave the whole hand's least deadwood less that card's points.
    loose = [(index, value) for index, value in after_each_discard(eleven)
             if value + POINTS[index] == whole and not taken >> index & 1]
    if not loose:
        return True  # nothing loose: any throw is as good as another
    residual = next((value for index, value in loose if index == thrown), None)
    if residual is None:
        return False
    top = max(POINTS[index] for index, _ in loose)
    least = min(value for _, value in loose)
    return POINTS[thrown] >= top - PIP_WINDOW and residual <= least + RESIDUAL_WINDOW


def rule_weights(hands: list[int], knowledge: Knowledge, rng: StableRandom) -> list[float]:
    """How well every past turn of the opponent fits a careful player's rules had it held each
    of ``hands`` now: ``RULE_MISS`` for each throw ``fits_throw`` rejects, each upcard it took
    that ``wants_upcard`` would not take and each it passed that it would.

    The turns are replayed backwards as in ``history_weight`` (an undone stock draw is one of
    the eligible cards picked at random), all hands a turn at a time, so a hand that has fallen
    ``PRUNE`` behind the best is dropped (weight 0) instead of being replayed to the deal.
    """
    log = knowledge.opponent_turn_log
    taken_before = _taken_before(log)
    current = list(hands)
    weights = [1.0] * len(hands)
    alive = list(range(len(hands)))
    for turn in range(len(log) - 1, -1, -1):
        taken, declined, thrown = log[turn]
        for position in alive:
            eleven = current[position] | 1 << thrown
            weight = weights[position]
            if not fits_throw(eleven, thrown, taken):
                weight *= RULE_MISS
            hand = _before_draw(eleven, taken, taken_before[turn], rng)
            if taken and not wants_upcard(hand, taken.bit_length() - 1):
                weight *= RULE_MISS  # it took an upcard a careful player would have left
            if declined and wants_upcard(hand, declined.bit_length() - 1):
                weight *= RULE_MISS  # it passed one a careful player would have taken
            current[position], weights[position] = hand, weight
        floor = max(weights[position] for position in alive) * PRUNE
        for position in alive:
            if weights[position] < floor:
                weights[position] = 0.0
        alive = [position for position in alive if weights[position]]
    return weights


def knock_worlds_for(
    observation: Any, knowledge: Knowledge, count: int, rng: StableRandom,
    knock_chance: float = 0.0, knock_limit: int = -1,
) -> list[World]:
    """The worlds a knock is weighed on: ``worlds_for``'s, or with ``KNOCK_OVERSAMPLE`` set,
    ``count`` of that many times more candidates, kept by ``rule_weights`` (two players only)."""
    several_opponents = getattr(getattr(observation, "rules", None), "players", 2) != 2
    if not KNOCK_OVERSAMPLE or several_opponents or not knowledge.opponent_turn_log:
        return worlds_for(observation, knowledge, count, rng, knock_chance, knock_limit)
    size = int(getattr(observation, "opponent_hand_size", 10) or 10)
    candidates = sample_worlds(
        knowledge, count * KNOCK_OVERSAMPLE, rng, opponent_size=size, per_turn=KNOCK_DEVELOPMENT
    )
    weights = rule_weights([world.opponent for world in candidates], knowledge, rng)
    weights = [weight * last_discard_weight(world.opponent, knowledge) if weight else 0.0
               for weight, world in zip(weights, candidates, strict=True)]
    if knock_limit >= 0:
        weights = [weight * passed_knock_weight(world.opponent, knock_chance, knock_limit)
                   for weight, world in zip(weights, candidates, strict=True)]
    return systematic_resample(candidates, weights, count, rng)

