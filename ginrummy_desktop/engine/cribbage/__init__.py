"""Cribbage for two players (ACC rules): exact scoring, the game engine, records and bots."""

from ginrummy_desktop.engine.cribbage.match import CribbageMatch, cut_for_deal, stacked_deck
from ginrummy_desktop.engine.cribbage.observation import (
    CribbageObservation,
    Pegs,
    ScoreEvent,
    TableView,
)
from ginrummy_desktop.engine.cribbage.rules import CribbageRules
from ginrummy_desktop.engine.cribbage.scoring import (
    ScoreItem,
    ShowScore,
    play_items,
    score_play,
    score_show,
    show_points,
)

__all__ = [
    "CribbageMatch",
    "CribbageObservation",
    "CribbageRules",
    "Pegs",
    "ScoreEvent",
    "ScoreItem",
    "ShowScore",
    "TableView",
    "cut_for_deal",
    "play_items",
    "score_play",
    "score_show",
    "show_points",
    "stacked_deck",
]
