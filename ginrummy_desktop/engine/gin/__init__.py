"""Gin Rummy: meld solving, rules, hand and match state, scoring and records."""

from ginrummy_desktop.engine.gin.match import GinMatch, replay_record
from ginrummy_desktop.engine.gin.melds import (
    Arrangement,
    all_best_arrangements,
    best_arrangement,
    min_deadwood,
)
from ginrummy_desktop.engine.gin.observation import GinObservation, GinView, HistoryEvent
from ginrummy_desktop.engine.gin.results import HandResult, RevealedHand, ScoreItem
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS, GinRules, parse_rules

__all__ = [
    "GIN_PRESETS",
    "Arrangement",
    "GinMatch",
    "GinObservation",
    "GinRules",
    "GinView",
    "HandResult",
    "HistoryEvent",
    "RevealedHand",
    "ScoreItem",
    "all_best_arrangements",
    "best_arrangement",
    "min_deadwood",
    "parse_rules",
    "replay_record",
]
