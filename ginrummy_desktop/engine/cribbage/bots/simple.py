"""Three heuristic personas: the beginner, the greedy player and the careful player."""

from __future__ import annotations

from itertools import combinations

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.cribbage.advisor import discard_table
from ginrummy_desktop.engine.cribbage.bots.base import (
    CribbageBot,
    current_ranks,
    immediate_points,
)
from ginrummy_desktop.engine.cribbage.bots.safe_play import safe_play_value
from ginrummy_desktop.engine.cribbage.evaluation import expected_hand, unseen_by, unseen_cards
from ginrummy_desktop.engine.cribbage.observation import CribbageObservation
from ginrummy_desktop.engine.rng import StableRandom
from ginrummy_desktop.engine.translation import mark


class BeginnerBot(CribbageBot):
    """Lays away any two cards and plays any card that fits: legal, but naive."""

    persona_id = "beginner"
    display_name = "Bea the Beginner"
    style = mark("Lays away any two cards and plays any card that fits: for learning the rules")

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
    style = mark("Keeps the best-looking hand, forgets the crib, grabs any points he can when "
                 "pegging")

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
    style = mark("Weighs her hand against the crib and pegs safely, leaving you little to score")

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
        seen = [0] * 13
        for other in unseen_by(observation):
            seen[other.rank - 1] -= 1
        seen = [4 + unseen for unseen in seen]
        held = tuple(sorted(other.rank for other in observation.hand))
        return safe_play_value(
            observation.count,
            tuple(current_ranks(observation)),
            card.rank,
            held,
            tuple(seen),
            observation.opponent_cards_left,
        )


__all__ = ["BeginnerBot", "CarefulBot", "GreedyBot"]
