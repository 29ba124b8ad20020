"""Determinization: opponent hands and stock orders consistent with what a seat has seen.

The opponent holds every card it is known to have taken from the pile plus unknown cards drawn
from the ``unseen`` set; the rest of ``unseen`` is the stock in random order. Uniform samples
badly underestimate a developed hand late in the deal (the opponent has been choosing its
cards for many turns), so each sampled hand is developed by imagined greedy turns,
and cards next to what the opponent declined are
drawn less often (a player who passes the 7 of hearts rarely holds the 6 and 8).

How the opponent has played this match shapes the hands too (the expert passes it in):

- ``looks_per_turn``: a player who rarely knocks is building toward gin, keeping the cards
  with the most outs; its imagined turns pick the better of that many stock cards, which
  develops the hand further than blind draws do.
- ``goes_out_at``: a player who goes out as soon as its deadwood is at most this, and has not,
  does not hold such a hand; those samples are drawn again (nor does anyone sit on gin).

``benchmarks/gin_worlds.py`` compares the hands with the opponent's true one wherever the
expert could knock (docs/ai.md): without these, they held about 4 points too much deadwood
against the MARJJ-style player and 3 too little against Simple.
"""

from __future__ import annotations

from dataclasses import dataclass

from ginrummy_desktop.engine.gin.bots.evaluate import iter_bits, neighbours
from ginrummy_desktop.engine.gin.bots.fastmelds import after_each_discard, deadwood
from ginrummy_desktop.engine.gin.bots.knowledge import Knowledge
from ginrummy_desktop.engine.rng import StableRandom


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


def _develop(
    hand: int, fixed: int, pool: list[int], steps: int, rng: StableRandom, looks: int = 1
) -> int:
    """Play ``steps`` imagined greedy turns: of ``looks`` cards from ``pool``, draw the one
    that leaves the least deadwood, then throw the worst free card (back into ``pool``)."""
    for _ in range(steps):
        best_value, best_position, best_eleven, best_index = 1 << 30, 0, 0, 0
        for _look in range(looks):
            position = rng.randbelow(len(pool))
            drawn = pool[position]
            eleven = hand | 1 << drawn
            throw, value = drawn, 1 << 30
            for index, after in after_each_discard(eleven):
                if after < value and not fixed >> index & 1:
                    throw, value = index, after
            if value < best_value:
                best_value, best_position, best_eleven, best_index = value, position, eleven, throw
        hand = best_eleven & ~(1 << best_index)
        pool[best_position] = best_index
    return hand


REDRAWS = 8  # attempts at a hand the opponent could still hold before keeping the last one


def sample_worlds(
    knowledge: Knowledge,
    count: int,
    rng: StableRandom,
    opponent_size: int = 10,
    looks_per_turn: int = 1,
    goes_out_at: int = 0,
) -> list[World]:
    """``count`` worlds consistent with ``knowledge`` (same inputs, same worlds).

    Each sampled hand is then developed by as many imagined turns as the opponent has had, so
    late in a deal it is as organised as a real player's. Once the opponent has played, hands
    with deadwood at most ``goes_out_at`` (and gin hands) are drawn again, up to ``REDRAWS``
    times (see the module docstring).
    """
    weights = card_weights(knowledge)
    unknown = max(0, opponent_size - bin(knowledge.opponent_known).count("1"))
    steps = knowledge.opponent_turns
    # Only a ten-card hand after the opponent's own discard tells us it chose not to go out.
    screened = steps > 0 and opponent_size == 10
    worlds = []
    for _ in range(count):
        for _attempt in range(REDRAWS):
            drawn, rest = _weighted_sample(weights, unknown, rng)
            hand = drawn | knowledge.opponent_known
            pool = list(iter_bits(rest))
            if steps and pool and unknown:
                hand = _develop(hand, knowledge.opponent_known, pool, steps, rng, looks_per_turn)
            if not screened or deadwood(hand) > goes_out_at:
                break
        rng.shuffle(pool)
        worlds.append(World(hand, pool))
    return worlds
