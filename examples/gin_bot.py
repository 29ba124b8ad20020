"""A complete third-party Gin Rummy bot, written only against the public bot API.

Try it from the project folder:

    ginrummy-sim gin --players examples.gin_bot:CarefulBot greedy --matches 100 --seed 1

A bot is any class that can be built with no arguments (``seed=`` is passed when accepted)
and has ``choose(observation)`` returning one of ``observation.legal_actions``. The runner
plays it in a process of its own (its ``print`` output goes to a log file); ``--in-process``
runs it inside the runner. ``examples/gin_bot.js`` is the same idea in JavaScript.
"""

from __future__ import annotations

import random

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.gin import min_deadwood


class CarefulBot:
    """Greedy about deadwood, but it avoids feeding the opponent and knocks only when low."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation) -> Action:
        legal = observation.legal_actions
        by_kind: dict[str, list[Action]] = {}
        for action in legal:
            by_kind.setdefault(action.kind, []).append(action)
        if "big_gin" in by_kind:
            return by_kind["big_gin"][0]
        if "gin" in by_kind:
            return by_kind["gin"][0]
        if "knock" in by_kind and self._wants_to_knock(observation):
            return self._best_discard(observation, by_kind["knock"])
        if "discard" in by_kind:
            return self._best_discard(observation, by_kind["discard"])
        return self._draw(observation, by_kind)

    def _draw(self, observation, by_kind: dict[str, list[Action]]) -> Action:
        """Take the visible card only when it lowers our best deadwood."""
        for take in by_kind.get("draw_discard", []):
            hand = list(observation.hand)
            if min_deadwood(hand + [take.card]) < min_deadwood(hand):
                return take
        for kind in ("draw_stock", "pass"):
            if kind in by_kind:
                return by_kind[kind][0]
        return observation.legal_actions[0]

    def _wants_to_knock(self, observation) -> bool:
        """Knock early with anything legal; later, knock only with little deadwood."""
        if observation.turn <= 4 or observation.stock_size <= 8:
            return True
        return min_deadwood(observation.hand) <= 4

    def _best_discard(self, observation, options: list[Action]) -> Action:
        """Least deadwood left; among equals, the card least useful to the opponent."""

        def cost(action: Action) -> tuple[int, int, int, float]:
            rest = [c for c in observation.hand if c != action.card]
            return (
                min_deadwood(rest),
                self._danger(action.card, observation.known_opponent_cards),
                -action.card.points,
                self.rng.random(),
            )

        return min(options, key=cost)

    @staticmethod
    def _danger(card: Card, opponent_cards) -> int:
        """How likely the card is to help the opponent: same rank or a suit neighbour they hold."""
        danger = 0
        for theirs in opponent_cards:
            if theirs.rank == card.rank:
                danger += 2
            elif theirs.suit == card.suit and abs(theirs.rank - card.rank) <= 2:
                danger += 1
        return danger
