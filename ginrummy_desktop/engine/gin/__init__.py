"""Gin Rummy: meld solving, rules, hand and match state, scoring and records."""

from ginrummy_desktop.engine.gin.melds import Arrangement, best_arrangement, min_deadwood

__all__ = ["Arrangement", "best_arrangement", "min_deadwood"]
