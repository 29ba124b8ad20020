"""Built-in Gin Rummy bots: bot id -> factory accepting an optional ``seed=``.

Personas from the opponents module register here too; ``ginrummy-sim`` and the app list them.
"""

from __future__ import annotations

from collections.abc import Callable

from ginrummy_desktop.engine.gin.bots.basic import GreedyBot, RandomBot
from ginrummy_desktop.engine.protocol import Agent

BUILTIN_BOTS: dict[str, Callable[..., Agent]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}

# The opponents ladder (docs/opponents.md): personas with measured ratings, and the hint.
from ginrummy_desktop.engine.gin.bots.hint import hint  # noqa: E402
from ginrummy_desktop.engine.gin.bots.personas import BASELINES, PERSONAS, Persona  # noqa: E402

BUILTIN_BOTS.update({bot_id: persona.factory for bot_id, persona in PERSONAS.items()})

__all__ = ["BASELINES", "BUILTIN_BOTS", "PERSONAS", "GreedyBot", "Persona", "RandomBot", "hint"]
