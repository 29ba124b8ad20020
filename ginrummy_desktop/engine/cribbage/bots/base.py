"""The frame every cribbage persona shares: pick two cards to lay away, then pick plays.

A persona implements ``pick_discard`` (which two of six) and ``pick_play`` (which of the cards
that fit). ``choose`` maps those answers onto ``observation.legal_actions`` and says go itself
when go is the only legal action, so a persona can never answer something illegal. With the
muggins option every persona counts its hand and crib exactly and always takes muggins when the
other player under-counts; personas inherit that from ``choose``.
"""

from __future__ import annotations

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.cribbage.cuts import choose_cut
from ginrummy_desktop.engine.cribbage.observation import (
    COUNT,
    CUT_PHASES,
    DISCARD,
    MUGGINS,
    CribbageObservation,
)
from ginrummy_desktop.engine.cribbage.scoring import play_points_for_ranks, show_points
from ginrummy_desktop.engine.rng import StableRandom


class CribbageBot:
    """Base class for the personas; ``seed`` makes any randomness repeatable."""

    persona_id = "persona"
    display_name = "Persona"
    style = ""  # one line in plain words for the opponent picker

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed if seed is not None else 0xC0FFEE

    def choose(self, observation: CribbageObservation) -> Action:
        legal = list(observation.legal_actions)
        if not legal:
            raise ValueError("no legal action offered: the game is not waiting for this seat")
        if observation.phase == COUNT:
            return exact_count(observation)
        if observation.phase == MUGGINS:
            return claim_muggins(observation)
        rng = self.decision_rng(observation)
        if observation.phase in CUT_PHASES:  # any depth is as good as another
            return choose_cut(legal, rng)
        if observation.phase == DISCARD:
            toss = set(self.pick_discard(observation, rng))
            for action in legal:
                if set(action.cards) == toss:
                    return action
            raise ValueError(f"{self.persona_id} chose a discard that is not legal: {toss}")
        plays = [action for action in legal if action.kind == "play"]
        if not plays:
            return legal[0]  # go: the only legal action when no card fits
        card = self.pick_play(observation, [a.card for a in plays if a.card is not None], rng)
        for action in plays:
            if action.card == card:
                return action
        raise ValueError(f"{self.persona_id} chose a card that is not legal: {card}")

    def decision_rng(self, observation: CribbageObservation) -> StableRandom:
        """A generator fixed by the seed and what this seat has seen, so a decision depends
        only on the information set (the same observation always gets the same answer)."""
        key = self.seed
        for value in information_key(observation):
            key = (key * 1_000_003 + value) % (1 << 63)
        return StableRandom(key)

    # -- what a persona decides -------------------------------------------------------------
    def pick_discard(
        self, observation: CribbageObservation, rng: StableRandom
    ) -> tuple[Card, Card]:
        raise NotImplementedError

    def pick_play(
        self, observation: CribbageObservation, fitting: list[Card], rng: StableRandom
    ) -> Card:
        raise NotImplementedError


def information_key(observation: CribbageObservation) -> list[int]:
    values = [observation.seat, observation.dealer, observation.hand_number, observation.count]
    values += list(observation.scores)
    values += [card.index for card in observation.hand]
    values += [card.index for card in observation.own_discards]
    if observation.starter is not None:
        values.append(observation.starter.index + 100)
    for seat, kind, card in observation.history:
        values.append(seat * 1000 + (card.index if card else 99) + (500 if kind == "go" else 0))
    return values


def exact_count(observation: CribbageObservation) -> Action:
    """The count action for the true value of the hand or crib on show."""
    assert observation.starter is not None
    true = show_points(observation.show_cards, observation.starter, observation.show_is_crib)
    for action in observation.legal_actions:
        if action.kind == "count" and action.points == true:
            return action
    raise ValueError(f"counting {true} is not among the legal actions")


def claim_muggins(observation: CribbageObservation) -> Action:
    """Take the missed points whenever the count was short (the engine asks only then)."""
    for action in observation.legal_actions:
        if action.kind == "muggins":
            return action
    return observation.legal_actions[0]


def current_ranks(observation: CribbageObservation) -> list[int]:
    return [card.rank for _, card in observation.current]


def immediate_points(observation: CribbageObservation, card: Card) -> int:
    """What playing ``card`` now pegs (without go or last card)."""
    ranks = current_ranks(observation) + [card.rank]
    return play_points_for_ranks(ranks, observation.count + card.points)

