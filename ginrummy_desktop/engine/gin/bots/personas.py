"""The opponents ladder: persona metadata for the app's picker and the bot registry.

``PERSONAS`` maps a bot id to its ``Persona`` (display name, one-line style, emblem mark, the
parameters that make it play the way it does, and the strength measured by
``benchmarks/ladder.py``, read from ``ratings.json`` beside this module). Ordered weakest first.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ginrummy_desktop.engine.gin.bots.expert import ExpertBot
from ginrummy_desktop.engine.gin.bots.simple import SimpleBot
from ginrummy_desktop.engine.gin.bots.styles import (
    BeginnerBot,
    GinHunterBot,
    KnockerBot,
    MarjjBot,
    MarjjLiteBot,
)
from ginrummy_desktop.engine.translation import mark, tr

RATINGS_PATH = Path(__file__).with_name("ratings.json")


@dataclass(frozen=True)
class Persona:
    """One opponent as the player sees it. ``rating`` is the measured Elo (None: not measured).
    ``name`` is the same in every language; ``style`` is English (``style_text``: translated)."""

    id: str
    name: str
    style: str
    emblem: str  # a short mark the picker draws
    emblem_hint: str  # what an artist could draw instead
    factory: Callable[..., Any]
    parameters: dict[str, Any] = field(default_factory=dict)
    rating: float | None = None
    figures: dict[str, float] = field(default_factory=dict)  # knock rate, gin rate, ...

    def create(self, seed: int | None = None) -> Any:
        return self.factory(seed=seed)

    @property
    def style_text(self) -> str:
        """``style`` in the chosen language."""
        return tr(self.style)


def load_ratings(path: Path = RATINGS_PATH) -> dict[str, dict[str, float]]:
    """Measured figures per bot id; an absent or damaged file just means 'not measured yet'."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    bots = data.get("bots") if isinstance(data, dict) else None
    if not isinstance(bots, dict):
        return {}
    return {str(k): v for k, v in bots.items() if isinstance(v, dict)}


_LADDER: tuple[tuple[str, str, str, str, Callable[..., Any], dict[str, Any]], ...] = (
    (
        "beginner", "Bea the Beginner",
        mark("Hangs on to pairs, grabs discards that only look useful, knocks at once"),
        "seedling", BeginnerBot,
        {"slip_rate": BeginnerBot.slip_rate, "pair_attachment": BeginnerBot.pair_attachment,
         "knocks": mark("as soon as allowed")},
    ),
    (
        "knocker", "Rapid Rita",
        mark("Aggressive: grabs cards for sets, dumps high cards and knocks the moment she can"),
        "lightning", KnockerBot,
        {"grabs_pairs": KnockerBot.grabs_pairs, "careless_knock": KnockerBot.careless_knock,
         "upcard": mark("if it lowers deadwood or pairs a loose card"),
         "discard": mark("least deadwood, highest card"),
         "knocks": mark("as soon as allowed, dumping her biggest knockable card")},
    ),
    (
        "simple", "Professor Simple",
        mark("Plays it straight: keeps cards that fit a meld, throws its highest loose card, "
             "knocks as soon as it may, and never watches yours"),
        "mortarboard", SimpleBot,
        {"upcard": mark("if it is in any meld"), "discard": mark("random among least deadwood"),
         "knocks": mark("as soon as allowed")},
    ),
    (
        "gin_hunter", "Patient Pat",
        mark("Waits for gin and lets eager knockers walk into undercuts"),
        "hourglass", GinHunterBot,
        {"future_weight": GinHunterBot.future_weight, "danger_weight": GinHunterBot.danger_weight,
         "knocks": mark("gin only (at 2 or less when the stock is nearly out)")},
    ),
    (
        "marjj_lite", "Marjorie Lite",
        mark("Counts the cards still out there for her melds, watches what you pick up, and "
             "holds out for gin after the first few turns, a little less thoroughly than "
             "Marjorie"),
        "half shield", MarjjLiteBot,
        {"future_weight": MarjjLiteBot.future_weight, "future_fade": MarjjLiteBot.future_fade,
         "danger_weight": MarjjLiteBot.danger_weight, "danger_table": mark("this project's"),
         "voluntary_knock_turns": MarjjLiteBot.voluntary_knock_turns},
    ),
    (
        "marjj", "Marjorie",
        mark("Plays like a champion gin program: keeps the cards with the most ways to "
             "improve, never feeds what you collect, and holds out for gin after the first few "
             "turns"),
        "shield", MarjjBot,
        {"future_weight": MarjjBot.future_weight, "future_fade": MarjjBot.future_fade,
         "danger_weight": MarjjBot.danger_weight, "danger_table": mark("published MARJJ's"),
         "voluntary_knock_turns": MarjjBot.voluntary_knock_turns},
    ),
    (
        "expert", "Ada the Expert",
        mark("Remembers what you pick up, pictures the cards it cannot see, and plays the score: "
             "safe when ahead, bold when behind"),
        "crown", ExpertBot,
        {"samples": ExpertBot.samples, "future_weight": ExpertBot.future_weight,
         "rollout_go_out": (ExpertBot.own_rollout_go_out, ExpertBot.opponent_rollout_go_out)},
    ),
)


def _build() -> dict[str, Persona]:
    measured = load_ratings()
    personas = {}
    for bot_id, name, style, emblem_hint, factory, parameters in _LADDER:
        figures = measured.get(bot_id, {})
        rating = figures.get("elo")
        personas[bot_id] = Persona(
            id=bot_id, name=name, style=style, emblem=name[0], emblem_hint=emblem_hint,
            factory=factory,
            parameters=dict(parameters),
            rating=float(rating) if isinstance(rating, (int, float)) else None,
            figures={k: v for k, v in figures.items() if isinstance(v, (int, float))},
        )
    return personas


PERSONAS: dict[str, Persona] = _build()


@dataclass(frozen=True)
class Baseline:
    """A plain bot without a persona (random, greedy): its line and strength, in plain words
    (English; ``style_text`` and ``strength_text`` translated)."""

    style: str
    strength: str  # a measured Elo as text, or its place on the ladder where none is measured
    rating: float | None = None  # where it sits on the ladder (None: below everyone)

    @property
    def style_text(self) -> str:
        return tr(self.style)

    @property
    def strength_text(self) -> str:
        return tr(self.strength)


# Measured with ``ginrummy-sim gin --players A B --matches 100 --mirror --seed 1`` (classic,
# 200 matches each; docs/opponents.md): greedy beat beginner 144-56, knocker 124-76 and split
# 104-96 with simple,
# about Elo 1480 on the ladder's scale; random lost all 200 to greedy, too weak to rate.
BASELINES: dict[str, Baseline] = {
    "random": Baseline(mark("Plays any legal move: for learning the rules"),
                       mark("below Bea the Beginner (won 0 of 200 against Greedy)")),
    "greedy": Baseline(mark("Keeps whatever lowers its deadwood right now"),
                       mark("Elo about 1480"), rating=1480.0),
}
