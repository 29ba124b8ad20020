"""Two baseline bots: ``random`` (any legal action) and ``greedy`` (least deadwood, knock ASAP)."""

from __future__ import annotations

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import cards_mask
from ginrummy_desktop.engine.gin.melds import (
    best_discard_deadwood_mask,
    deadwood_after_each_discard_mask,
    min_deadwood_mask,
)
from ginrummy_desktop.engine.gin.observation import GinObservation
from ginrummy_desktop.engine.rng import StableRandom


class RandomBot:
    """Picks uniformly among the legal actions. Useful for fuzzing and as a floor."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = StableRandom(seed)

    def choose(self, observation: GinObservation) -> Action:
        return self._rng.choice(observation.legal_actions)


class GreedyBot:
    """Takes a card only if it lowers its deadwood, discards to the least deadwood, knocks ASAP."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = StableRandom(seed)

    def choose(self, observation: GinObservation) -> Action:
        legal = observation.legal_actions
        kinds = {action.kind for action in legal}
        hand_mask = cards_mask(observation.hand)
        if "big_gin" in kinds:
            return Action("big_gin")
        if "draw_discard" in kinds or "draw_stock" in kinds or "pass" in kinds:
            return self._draw(observation, hand_mask, legal)
        for kind in ("gin", "knock"):
            options = [a for a in legal if a.kind == kind]
            if options:
                return self._least_deadwood(options, hand_mask)
        return self._least_deadwood(list(legal), hand_mask)

    def _draw(self, observation: GinObservation, hand_mask: int, legal) -> Action:
        take = next((a for a in legal if a.kind == "draw_discard"), None)
        if take is not None and take.card is not None:
            now = min_deadwood_mask(hand_mask)
            if best_discard_deadwood_mask(hand_mask | take.card.mask) < now:
                return take
        for kind in ("draw_stock", "pass"):
            for action in legal:
                if action.kind == kind:
                    return action
        return legal[0]

    def _least_deadwood(self, options: list[Action], hand_mask: int) -> Action:
        after = deadwood_after_each_discard_mask(hand_mask)
        # Least deadwood left; among equals shed the highest card, then break ties at random.
        def key(action: Action) -> tuple[int, int]:
            card = action.card
            assert card is not None  # discards, knocks and gins all name their card
            return after[card.index], -card.points

        best_key = min(key(a) for a in options)
        best = [a for a in options if key(a) == best_key]
        return best[0] if len(best) == 1 else self._rng.choice(best)
