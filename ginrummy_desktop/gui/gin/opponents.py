"""What the app knows about Gin Rummy opponents and hints, read from the bots package.

The opponents module provides ``PERSONAS`` (metadata) and ``hint(observation)``; until it does,
or if it lacks an entry, this falls back to the bot registry and the strongest bot available.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import format_cards
from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
from ginrummy_desktop.engine.gin.melds import best_arrangement, min_deadwood

# Strongest first: the hint and the default opponent use the first that exists.
_STRENGTH_ORDER = ("expert", "marjj", "strategist", "simple", "greedy", "random")


@dataclass(frozen=True)
class OpponentInfo:
    bot_id: str
    name: str
    style: str
    rating: str  # measured strength as text ("Elo 1620", "not yet measured")
    emblem: str  # a letter or short mark drawn in the picker


def _bots_module() -> Any:
    return importlib.import_module("ginrummy_desktop.engine.gin.bots")


def _field(persona: Any, *names: str, default: Any = None) -> Any:
    for name in names:
        if isinstance(persona, dict) and name in persona:
            return persona[name]
        if hasattr(persona, name):
            return getattr(persona, name)
    return default


def list_opponents() -> list[OpponentInfo]:
    """Every opponent the player can choose, strongest known first where ratings exist."""
    personas = getattr(_bots_module(), "PERSONAS", None) or {}
    items = personas.items() if isinstance(personas, dict) else \
        ((_field(p, "id", "bot_id"), p) for p in personas)
    result: list[OpponentInfo] = []
    seen: set[str] = set()
    for bot_id, persona in items:
        if bot_id not in BUILTIN_BOTS:
            continue
        result.append(_info(bot_id, persona))
        seen.add(bot_id)
    for bot_id in BUILTIN_BOTS:
        if bot_id not in seen:
            styles = {"random": "Plays any legal move: for learning the rules",
                      "greedy": "Keeps whatever lowers its deadwood right now"}
            result.append(OpponentInfo(bot_id, bot_id.replace("_", " ").title(),
                                       styles.get(bot_id, "Computer opponent"),
                                       "not yet measured", bot_id[:1].upper()))
    return result


def rating_text(rating: Any) -> str:
    if isinstance(rating, dict):  # e.g. {"elo": 1620, "win_rate": 0.61}
        rating = rating.get("elo", rating.get("rating"))
    if isinstance(rating, (int, float)) and not isinstance(rating, bool):
        return f"Elo {round(rating)}"
    return str(rating) if rating else "not yet measured"


def _info(bot_id: str, persona: Any) -> OpponentInfo:
    name = str(_field(persona, "name", "display_name", default=bot_id.title()))
    style = str(_field(persona, "style", "one_line_style", "description", default=""))
    rating = _field(persona, "rating", "elo", "measured_rating", default=None)
    emblem = str(_field(persona, "emblem", "emblem_hint", default="") or name[:1])
    return OpponentInfo(bot_id, name, style, rating_text(rating), emblem)


def default_opponent() -> str:
    for bot_id in _STRENGTH_ORDER:
        if bot_id in BUILTIN_BOTS:
            return bot_id
    return next(iter(BUILTIN_BOTS))


def make_bot(bot_id: str, seed: int | None = None) -> Any:
    factory: Callable[..., Any] = BUILTIN_BOTS[bot_id]
    try:
        return factory(seed=seed)
    except TypeError:
        return factory()


def _describe(action: Action, observation: Any) -> str:
    """A one-line reason for a move, from the meld solver (used when no expert hint exists)."""
    hand = list(observation.hand)
    if action.kind in ("draw_discard",) and observation.discard_pile:
        card = observation.discard_pile[-1]
        after = min_deadwood([*hand, card])
        return f"Take {card}: your best deadwood after discarding becomes {after}"
    if action.kind == "draw_stock":
        return "Draw from the stock: the upcard does not improve your hand"
    if action.kind == "pass":
        return "Pass: the upcard does not fit your melds"
    if action.kind in ("discard", "knock", "gin") and action.card is not None:
        rest = [c for c in hand if c != action.card]
        arrangement = best_arrangement(rest)
        verb = {"discard": "Discard", "knock": "Knock, discarding", "gin": "Gin, discarding"}
        keep = "; ".join(format_cards(m) for m in arrangement.melds) or "no melds yet"
        return (f"{verb[action.kind]} {action.card}: leaves {arrangement.deadwood_points} "
                f"deadwood (melds: {keep})")
    if action.kind == "big_gin":
        return "Big gin: all eleven cards are melded"
    return str(action)


def hint(observation: Any) -> tuple[Action, str]:
    """The expert's move with a one-line reason (falls back to the strongest available bot)."""
    expert_hint = getattr(_bots_module(), "hint", None)
    if expert_hint is None:
        try:
            expert_hint = importlib.import_module(
                "ginrummy_desktop.engine.gin.bots.hint").hint
        except (ImportError, AttributeError):
            expert_hint = None
    if expert_hint is not None:
        action, reason = expert_hint(observation)
        return action, str(reason)
    bot = make_bot(default_opponent(), seed=1)
    action = bot.choose(observation)
    return action, _describe(action, observation)
