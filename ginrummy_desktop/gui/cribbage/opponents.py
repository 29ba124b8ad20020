"""What the app knows about Cribbage opponents, read from the cribbage bot registry.

Each bot class carries ``persona_id``, ``display_name`` ("Max the Expert") and ``style`` (its
one line in plain words; the engine owns the words). A measured strength is
shown when the class has a ``rating`` or a ``ratings.json`` sits beside the bots package.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ginrummy_desktop.engine.cribbage import bots as cribbage_bots
from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.gui.common.opponents import FRIENDLY, OpponentInfo, strength_text

STRONGEST = "expert"


def _ratings() -> dict[str, Any]:
    path = Path(cribbage_bots.__file__).with_name("ratings.json")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _style(bot_id: str, bot_class: type) -> str:
    own = getattr(bot_class, "style", None)
    if own:
        return str(own)
    text = " ".join((bot_class.__doc__ or "").split())
    return (text.split(". ")[0].rstrip(".") + ".") if text else tr("Computer opponent")


def short_name(bot_id: str) -> str:
    """The name the pickers, Preferences, the table and the statistics all use."""
    bot_class = cribbage_bots.BUILTIN_BOTS.get(bot_id)
    return str(getattr(bot_class, "display_name", "") or bot_id.title())


def list_opponents() -> list[OpponentInfo]:
    """Every cribbage opponent, strongest first (the registry lists them weakest first)."""
    measured = _ratings()
    ratings = {bot_id: getattr(bot_class, "rating", None) or measured.get(bot_id)
               for bot_id, bot_class in cribbage_bots.BUILTIN_BOTS.items()}
    result = []
    for bot_id, bot_class in reversed(cribbage_bots.BUILTIN_BOTS.items()):
        name = short_name(bot_id)
        result.append(OpponentInfo(bot_id, name, _style(bot_id, bot_class),
                                   strength_text(ratings[bot_id], ratings.values()),
                                   name[:1].upper()))
    return result


def default_opponent() -> str:
    bots = cribbage_bots.BUILTIN_BOTS
    return STRONGEST if STRONGEST in bots else next(reversed(bots))


def friendly_opponent() -> str:
    """The opponent a newcomer is offered first: the beginner, else the weakest."""
    bots = cribbage_bots.BUILTIN_BOTS
    return FRIENDLY if FRIENDLY in bots else next(iter(bots))
