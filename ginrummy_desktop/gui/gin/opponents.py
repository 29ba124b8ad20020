"""What the app knows about Gin Rummy opponents and hints, read from the bots package.

Personas (``engine.gin.bots.PERSONAS``) carry each ladder opponent's name, style, emblem and
measured rating; the two baseline bots without a persona (random, greedy) get a plain line here.
The hint is the expert's (``engine.gin.bots.hint``).
"""

from __future__ import annotations

from typing import Any

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.gin import bots as gin_bots
from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
from ginrummy_desktop.engine.protocol import Agent
from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.gui.common.opponents import FRIENDLY, OpponentInfo, strength_text

STRONGEST = "expert"  # the default opponent once the player has played


def list_opponents() -> list[OpponentInfo]:
    """Every opponent the player can choose, weakest first (baselines placed by strength)."""
    ratings = {bot_id: _rating_of(bot_id) for bot_id in BUILTIN_BOTS}
    result = [
        OpponentInfo(bot_id, persona.name, persona.style_text,
                     strength_text(ratings[bot_id], ratings.values()), persona.emblem)
        for bot_id, persona in gin_bots.PERSONAS.items() if bot_id in BUILTIN_BOTS
    ]
    for bot_id in BUILTIN_BOTS:
        if bot_id not in gin_bots.PERSONAS:
            baseline = gin_bots.BASELINES.get(bot_id)
            result.append(OpponentInfo(
                bot_id, bot_id.replace("_", " ").title(),
                baseline.style_text if baseline else tr("Computer opponent"),
                strength_text(ratings[bot_id], ratings.values()), bot_id[:1].upper()))
    return sorted(result, key=_ladder_rating)


def _rating_of(bot_id: str) -> float | None:
    persona = gin_bots.PERSONAS.get(bot_id)
    baseline = gin_bots.BASELINES.get(bot_id)
    rating = persona.rating if persona else (baseline.rating if baseline else None)
    return None if rating is None else float(rating)


def _ladder_rating(info: OpponentInfo) -> float:
    rating = _rating_of(info.bot_id)
    return float("-inf") if rating is None else rating


def rating_text(rating: Any) -> str:
    """``1620.4`` or ``{"elo": 1620.4}`` (a ratings.json entry) -> ``"Elo 1620"``."""
    if isinstance(rating, dict):
        rating = rating.get("elo")
    if isinstance(rating, (int, float)) and not isinstance(rating, bool):
        return tr("Elo {rating}").format(rating=round(rating))
    return tr("not rated")


def default_opponent() -> str:
    return STRONGEST if STRONGEST in BUILTIN_BOTS else next(iter(BUILTIN_BOTS))


def friendly_opponent() -> str:
    """The opponent a newcomer is offered first: the beginner, else the weakest rated one."""
    if FRIENDLY in BUILTIN_BOTS:
        return FRIENDLY
    rated = [info for info in list_opponents() if _rating_of(info.bot_id) is not None]
    return (rated or list_opponents())[0].bot_id


def make_bot(bot_id: str, seed: int | None = None) -> Agent:
    """A new bot of ``bot_id`` (every built-in factory takes ``seed=``)."""
    try:
        factory = BUILTIN_BOTS[bot_id]
    except KeyError:
        known = ", ".join(BUILTIN_BOTS)
        raise ValueError(f"unknown gin opponent {bot_id!r}; choose one of {known}") from None
    return factory(seed=seed)


def hint(observation: Any) -> tuple[Action, str]:
    """The expert's move for the person's seat, with a one-line reason."""
    return gin_bots.hint(observation)


def companions(first: str, count: int) -> list[str]:
    """``count`` computer players for a table, ``first`` first, then the strongest others
    (each once while there are enough), so three- and four-player tables get distinct names."""
    strongest = [info.bot_id for info in reversed(list_opponents())]
    chosen = [first]
    for bot_id in strongest + strongest:
        if len(chosen) >= count:
            break
        if bot_id not in chosen or len(chosen) >= len(strongest):
            chosen.append(bot_id)
    return chosen[:count]


def seat_names(bot_ids: dict[int, str]) -> dict[int, str]:
    """Display names for computer seats; the same persona twice gets "2" after its name."""
    known = {o.bot_id: o.name for o in list_opponents()}
    names: dict[int, str] = {}
    for seat in sorted(bot_ids):
        base = known.get(bot_ids[seat], bot_ids[seat].replace("_", " ").title())
        name, number = base, 2
        while name in names.values():
            name, number = f"{base} {number}", number + 1
        names[seat] = name
    return names
