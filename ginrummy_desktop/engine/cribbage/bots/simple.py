"""Three heuristic personas: the beginner, the greedy player and the careful player."""

from __future__ import annotations

from itertools import combinations
from math import comb

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.cribbage.advisor import discard_table
from ginrummy_desktop.engine.cribbage.bots.base import (
    CribbageBot,
    current_ranks,
    immediate_points,
)
from ginrummy_desktop.engine.cribbage.evaluation import expected_hand, unseen_by, unseen_cards
from ginrummy_desktop.engine.cribbage.observation import CribbageObservation
from ginrummy_desktop.engine.cribbage.scoring import play_points_for_ranks
from ginrummy_desktop.engine.rng import StableRandom


class BeginnerBot(CribbageBot):
    """Lays away any two cards and plays any card that fits: legal, but naive."""

    persona_id = "beginner"
    display_name = "Bea the Beginner"
    style = "Lays away any two cards and plays any card that fits: for learning the rules"

    def pick_discard(
        self, observation: CribbageObservation, rng: StableRandom
    ) -> tuple[Card, Card]:
        hand = list(observation.hand)
        first = rng.choice(hand)
        hand.remove(first)
        return first, rng.choice(hand)

    def pick_play(
        self, observation: CribbageObservation, fitting: list[Card], rng: StableRandom
    ) -> Card:
        return rng.choice(fitting)


class GreedyBot(CribbageBot):
    """Keeps the four cards with the best expected hand (ignores the crib) and pegs whatever
    scores most right now, shedding high cards when nothing scores."""

    persona_id = "greedy"
    display_name = "Gus the Greedy"
    style = "Keeps the best-looking hand, forgets the crib, grabs any points he can when pegging"

    def pick_discard(
        self, observation: CribbageObservation, rng: StableRandom
    ) -> tuple[Card, Card]:
        six = list(observation.hand)
        starters = unseen_cards(six)
        best = max(
            combinations(six, 4),
            key=lambda keep: (expected_hand(keep, starters), [-c.index for c in keep]),
        )
        toss = [card for card in six if card not in best]
        return toss[0], toss[1]

    def pick_play(
        self, observation: CribbageObservation, fitting: list[Card], rng: StableRandom
    ) -> Card:
        return max(fitting, key=lambda card: (immediate_points(observation, card), card.points))


class CarefulBot(CribbageBot):
    """Weighs hand against crib (random-toss crib averages) and pegs safely: leads low, never
    leads a five, avoids leaving 5 or 21, prefers plays the opponent cannot answer for points,
    and keeps "magic eleven" pairs (5-6, 4-7, 3-8, 2-9, T-A) for the 31."""

    persona_id = "careful"
    display_name = "Cora the Careful"
    style = "Weighs her hand against the crib and pegs safely, leaving you little to score"

    def pick_discard(
        self, observation: CribbageObservation, rng: StableRandom
    ) -> tuple[Card, Card]:
        table = discard_table(observation.hand, observation.is_dealer, crib_model="random")
        best = table[0]
        return best.toss[0], best.toss[1]

    def pick_play(
        self, observation: CribbageObservation, fitting: list[Card], rng: StableRandom
    ) -> Card:
        return max(fitting, key=lambda card: (self.play_value(observation, card), -card.index))

    def play_value(self, observation: CribbageObservation, card: Card) -> float:
        value = immediate_points(observation, card) - opponent_reply_points(observation, card)
        count_after = observation.count + card.points
        remaining = [c for c in observation.hand if c != card]
        if observation.count == 0:
            if card.rank == 5:
                value -= 2.0  # a lead five invites fifteen-two from any ten-card
            elif card.rank <= 4:
                value += 0.6  # nothing the opponent plays makes fifteen
            if any(c.rank == card.rank for c in remaining):
                value += 0.4  # lead from a pair: a pairing reply meets a pair royal
        if count_after in (5, 21):
            value -= 0.8
        for a, b in combinations(remaining + [card], 2):
            if a.points + b.points == 11 and card in (a, b):
                value -= 0.2  # breaking a magic-eleven pair
        return value


def opponent_reply_points(observation: CribbageObservation, card: Card) -> float:
    """Expected points of the opponent's best reply, if it holds random unseen cards."""
    held = observation.opponent_cards_left
    if held == 0:
        return 0.0
    unseen = unseen_by(observation)
    total = len(unseen)
    ranks = current_ranks(observation) + [card.rank]
    count = observation.count + card.points
    replies = []
    for rank in range(1, 14):
        available = sum(1 for c in unseen if c.rank == rank)
        value = min(rank, 10)
        if not available or count + value > 31:
            continue
        points = play_points_for_ranks(ranks + [rank], count + value)
        if points:
            p_hold = 1 - comb(total - available, held) / comb(total, held)
            replies.append((points, p_hold))
    replies.sort(reverse=True)
    expected, p_none_better = 0.0, 1.0
    for points, p_hold in replies:
        expected += points * p_hold * p_none_better
        p_none_better *= 1 - p_hold
    return expected


__all__ = ["BeginnerBot", "CarefulBot", "GreedyBot"]
