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

__all__ = ["BUILTIN_BOTS", "GreedyBot", "RandomBot"]
