"""A fast two-player Gin Rummy hand simulator on bit masks, for the expert's Monte Carlo.

The engine's hand is the authority (and is what tests compare this against); it is built for
correctness and full records, far too slow to play thousands of imagined hands per decision.
This one keeps two hand masks, the stock as a list of card indices and the discard pile, and
plays both sides with a quick greedy policy whose only parameter is when each side goes out.

Scoring follows the engine: knock = deadwood difference after lay-offs (the knocker spreads so
as to leave the defender the most deadwood); undercut when the defender has no more (bonus plus
difference); gin = bonus plus the defender's deadwood (no lay-offs); a dead hand scores 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ginrummy_desktop.engine.gin.bots.fastmelds import (
    best_arrangements,
    choose_throw,
    deadwood,
    defender_deadwood,
)

if TYPE_CHECKING:
    from ginrummy_desktop.engine.gin.observation import GinObservation


@dataclass(frozen=True, slots=True)
class SimRules:
    """The few rules a rollout needs, read from ``GinRules`` (or defaults: Tournament)."""

    knock_limit: int = 10
    gin_bonus: int = 25
    undercut_bonus: int = 25
    dead_stock: int = 2
    rediscard_taken: bool = False
    multiplier: int = 1

    @staticmethod
    def from_observation(observation: GinObservation) -> SimRules:
        """The hand's rules: its knock limit (an Oklahoma upcard's) and the match's bonuses."""
        rules = observation.rules
        return SimRules(
            knock_limit=observation.knock_limit,
            gin_bonus=rules.gin_bonus,
            undercut_bonus=rules.undercut_bonus,
            dead_stock=rules.dead_stock,
            rediscard_taken=rules.rediscard_taken,
        )


def knock_points(knocker: int, defender: int, rules: SimRules) -> int:
    """Points of a knock or gin from the knocker's side: positive to it, negative if undercut.

    ``knocker`` is the ten cards it keeps.
    """
    ours = deadwood(knocker)
    if ours == 0:
        return (rules.gin_bonus + deadwood(defender)) * rules.multiplier
    theirs = -1
    for option in best_arrangements(knocker):
        value = defender_deadwood(defender, option)
        if value > theirs:
            theirs = value
    if theirs <= ours:
        return -(rules.undercut_bonus + ours - theirs) * rules.multiplier
    return (theirs - ours) * rules.multiplier


# (card index, deadwood left): least deadwood, then the highest card, then the lowest index.
_choose_discard = choose_throw


def play_out(
    hands: list[int],
    stock: list[int],
    pile: list[int],
    to_move: int,
    go_out_at: tuple[int, int],
    rules: SimRules,
    max_turns: int = 80,
) -> int:
    """Play the hand to its end; return points for player 0 (negative when player 1 scores).

    ``hands`` are ten-card masks (mutated), ``stock`` is drawn from the end (mutated), ``pile``
    has its top last (mutated), ``to_move`` is about to draw. Player ``p`` goes out when its
    deadwood after discarding is at most ``go_out_at[p]`` (and the knock limit); gin always.
    """
    limit = rules.knock_limit
    if len(stock) <= rules.dead_stock:
        return 0
    for _ in range(max_turns):
        me = to_move
        hand = hands[me]
        current = deadwood(hand)
        taken = 0
        top = pile[-1] if pile else -1
        if top >= 0:
            bit = 1 << top
            forbid = 0 if rules.rediscard_taken else bit
            index, value = choose_throw(hand | bit, forbid)
            if value < current:
                pile.pop()
                hand |= bit
                taken = bit
        if not taken:
            if len(stock) <= rules.dead_stock:
                return 0
            hand |= 1 << stock.pop()
            index, value = choose_throw(hand, 0)
        hand &= ~(1 << index)
        threshold = go_out_at[me]
        if value == 0 or (value <= limit and value <= threshold):
            points = knock_points(hand, hands[1 - me], rules)
            return points if me == 0 else -points
        hands[me] = hand
        pile.append(index)
        if len(stock) <= rules.dead_stock:
            return 0
        to_move = 1 - me
    return 0
