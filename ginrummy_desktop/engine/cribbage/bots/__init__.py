"""Cribbage opponents, weakest first. Each is ``Bot(seed=None)`` with ``choose(observation)``."""

from ginrummy_desktop.engine.cribbage.bots.base import CribbageBot
from ginrummy_desktop.engine.cribbage.bots.expert import ExpertBot
from ginrummy_desktop.engine.cribbage.bots.simple import BeginnerBot, CarefulBot, GreedyBot

BUILTIN_BOTS: dict[str, type[CribbageBot]] = {
    "beginner": BeginnerBot,
    "greedy": GreedyBot,
    "careful": CarefulBot,
    "expert": ExpertBot,
}

__all__ = ["BUILTIN_BOTS", "BeginnerBot", "CarefulBot", "CribbageBot", "ExpertBot", "GreedyBot"]
