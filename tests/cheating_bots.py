"""Bots that try to cheat the engine, for tests/test_engine_actions.py (loaded as module:Class).

Each plays through the public agent interface only: it gets an observation and returns an
action. The engine must refuse every trick, and the runner must turn it into a forfeit.
"""

from __future__ import annotations

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS


class LyingAction(Action):
    """An ``Action`` subclass that says it equals everything (its reflected ``__eq__`` runs
    first when compared with an ``Action``) and hashes like any legal action."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    def __hash__(self) -> int:
        return 0


def _gin_card(observation):
    return observation.hand[0]


class SubclassCheat:
    """Claims gin every turn with a ``LyingAction``."""

    def choose(self, observation) -> Action:
        return LyingAction("gin", _gin_card(observation))


class SetattrCheat:
    """Rewrites a legal action it was given into a gin (``object.__setattr__`` passes frozen)."""

    def choose(self, observation) -> Action:
        action = observation.legal_actions[0]
        object.__setattr__(action, "kind", "gin")
        object.__setattr__(action, "card", _gin_card(observation))
        return action


class RulesCheat:
    """Rewrites the rules in its observation (a fifty-point knock limit, a huge gin bonus), then
    plays like the simple bot: the engine must go on by the real rules."""

    def __init__(self, seed: int | None = None) -> None:
        self.inner = BUILTIN_BOTS["simple"](seed=seed)

    def choose(self, observation) -> Action:
        object.__setattr__(observation.rules, "knock_limit", 50)
        object.__setattr__(observation.rules, "gin_bonus", 1000)
        return self.inner.choose(observation)
