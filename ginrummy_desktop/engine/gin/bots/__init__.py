"""Built-in Gin Rummy bots: bot id -> factory accepting an optional ``seed=``.

Personas from the opponents module register here too; ``ginrummy-sim`` and the app list them.

The package loads lazily (issue 43: the app's window must not wait for every bot). Importing it,
or ``BUILTIN_BOTS`` from it, loads no bot: the registry knows each built-in bot's module by name
(``BOT_FACTORIES``) and imports a bot's module the first time that bot is looked up
(``BUILTIN_BOTS["expert"]``); listing ids (``in``, iteration, ``len``) imports nothing.
``PERSONAS``, ``BASELINES``, ``Persona``, ``hint``, ``GreedyBot`` and ``RandomBot`` are the same
objects as before, loaded on first use (PEP 562).
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable, Iterator, MutableMapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ginrummy_desktop.engine.gin.bots.basic import GreedyBot, RandomBot
    from ginrummy_desktop.engine.gin.bots.hint import hint
    from ginrummy_desktop.engine.gin.bots.personas import BASELINES, PERSONAS, Persona
    from ginrummy_desktop.engine.protocol import Agent

# Every built-in bot's factory as "module:name" inside this package, in the registry's order:
# the two baselines, then the opponents ladder weakest first (personas.py's order; a test keeps
# the two the same).
BOT_FACTORIES: dict[str, str] = {
    "random": "basic:RandomBot",
    "greedy": "basic:GreedyBot",
    "beginner": "styles:BeginnerBot",
    "knocker": "styles:KnockerBot",
    "simple": "simple:SimpleBot",
    "gin_hunter": "styles:GinHunterBot",
    "marjj_lite": "styles:MarjjLiteBot",
    "marjj": "styles:MarjjBot",
    "expert": "expert:ExpertBot",
}

# The names this package hands out, and the module of the package each comes from.
_LAZY_NAMES = {"PERSONAS": "personas", "BASELINES": "personas", "Persona": "personas",
               "hint": "hint", "GreedyBot": "basic", "RandomBot": "basic"}


def _load(where: str) -> Any:
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


class BotRegistry(MutableMapping[str, "Callable[..., Agent]"]):
    """A dict of bot id -> factory whose built-in factories are imported when first looked up.

    Behaves as the plain dict it replaces: insertion order, ``BUILTIN_BOTS[id] = factory`` to
    add or replace a bot, ``del``, ``items()`` (which loads every bot).
    """

    def __init__(self, factories: dict[str, str]) -> None:
        # A str is a factory not imported yet ("module:name"); anything else is the factory.
        self._entries: dict[str, Any] = dict(factories)

    def __getitem__(self, bot_id: str) -> Callable[..., Agent]:
        entry = self._entries[bot_id]
        if isinstance(entry, str):
            entry = self._entries[bot_id] = _load(entry)
        return entry  # type: ignore[no-any-return]

    def __setitem__(self, bot_id: str, factory: Callable[..., Agent]) -> None:
        self._entries[bot_id] = factory

    def __delitem__(self, bot_id: str) -> None:
        del self._entries[bot_id]

    def __contains__(self, bot_id: object) -> bool:
        return bot_id in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._entries))

    def __len__(self) -> int:
        return len(self._entries)

    def loaded(self) -> list[str]:
        """The ids whose factory has been imported (the rest load when looked up)."""
        return [bot_id for bot_id, entry in self._entries.items() if not isinstance(entry, str)]

    def __repr__(self) -> str:
        return f"BotRegistry({list(self._entries)})"


BUILTIN_BOTS: BotRegistry = BotRegistry(BOT_FACTORIES)


def __getattr__(name: str) -> Any:
    module = _LAZY_NAMES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = _load(f"{module}:{name}")
    globals()[name] = value
    if name == "PERSONAS":  # a persona added there without a line above still registers
        for bot_id, persona in value.items():
            if bot_id not in BUILTIN_BOTS:
                BUILTIN_BOTS[bot_id] = persona.factory
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY_NAMES))


class _Package(types.ModuleType):
    """Keeps ``hint`` the function: loading the submodule of the same name (``bots/hint.py``)
    would otherwise make the package's ``hint`` that module, as Python's import does for every
    submodule (the eager package rebound it after the import)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "hint" and isinstance(value, types.ModuleType):
            return  # the module stays in sys.modules; ``hint`` loads the function on use
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

__all__ = ["BASELINES", "BOT_FACTORIES", "BUILTIN_BOTS", "PERSONAS", "BotRegistry", "GreedyBot",
           "Persona", "RandomBot", "hint"]
