"""What every game's opponent list is made of: ``OpponentInfo`` (one line of a picker) and a
measured rating in a card player's words. Each game fills it from its own bots
(``gui/gin/opponents.py``, ``gui/cribbage/opponents.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ginrummy_desktop.engine.translation import tr_ctx

FRIENDLY = "beginner"  # offered first to a newcomer (the welcome)
# A measured strength in a card player's words, by its place between the game's weakest and
# strongest opponent (ratings are on each game's own scale, so only the place means anything).
# Keys: ``strength_text`` says them in the chosen language.
STRENGTH_WORDS = ((0.2, "easy"), (0.45, "fair"), (0.7, "good"), (0.9, "strong"),
                  (float("inf"), "very_strong"))
UNRATED_WORDS = "easiest"


@dataclass(frozen=True)
class OpponentInfo:
    bot_id: str
    name: str
    style: str
    rating: str  # measured strength in words ("strong"), from its place on the ladder
    emblem: str  # a letter or short mark drawn in the picker


def strength_text(rating: Any, ladder: Any) -> str:
    """A measured rating in words, by its place among ``ladder`` (every rating of the game's
    opponents): "easy" for the weakest ... "very strong" for the strongest; unmeasured
    (too weak to rate) is the easiest."""
    if isinstance(rating, dict):
        rating = rating.get("elo")
    if not isinstance(rating, (int, float)) or isinstance(rating, bool):
        return _said(UNRATED_WORDS)
    values = [r.get("elo") if isinstance(r, dict) else r for r in ladder]
    known = [float(value) for value in values if isinstance(value, (int, float))]
    low, high = min(known, default=rating), max(known, default=rating)
    place = 1.0 if high <= low else (rating - low) / (high - low)
    return _said(next(words for limit, words in STRENGTH_WORDS if place < limit))


def _said(words: str) -> str:
    """A strength's words (``STRENGTH_WORDS``, ``UNRATED_WORDS``) in the chosen language."""
    said = {
        "easiest": tr_ctx("opponent strength", "easiest"),
        "easy": tr_ctx("opponent strength", "easy"),
        "fair": tr_ctx("opponent strength", "fair"),
        "good": tr_ctx("opponent strength", "good"),
        "strong": tr_ctx("opponent strength", "strong"),
        "very_strong": tr_ctx("opponent strength", "very strong"),
    }
    return said.get(words, words)
