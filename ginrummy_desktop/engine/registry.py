"""The one list of games: name -> game spec, each loaded on first use.

Every other game list in the tree (the runner's subcommands, the wire codec, the online protocol,
the settings and summaries checks, the GUI's registry) is read from here, so adding a game is its
own package plus one ``register_game`` call; see docs/engine.md ("Adding a game").

Specs are imported lazily so one game's import errors never block another, and a program that
plays one game never imports the others.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ginrummy_desktop.engine.protocol import GameSpec

#: Game name -> ``"package.module:ATTRIBUTE"`` of its spec, or the spec itself. In the order
#: the games are offered (menus, subcommands); write to it only through ``register_game``.
GAMES: dict[str, str | GameSpec] = {
    "gin": "ginrummy_desktop.engine.gin.spec:GIN",
    "cribbage": "ginrummy_desktop.engine.cribbage.spec:CRIBBAGE",
}

_LOADED: dict[str, tuple[str | GameSpec, GameSpec]] = {}  # name -> (GAMES entry, its spec)
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


def register_game(name: str, spec: str | GameSpec) -> None:
    """Add game ``name``: its spec object, or ``"package.module:ATTRIBUTE"`` to load on first
    use. The name is what records, saved files and the online protocol store, so it must be
    short lower-case text, and one already registered is refused (names never change meaning)."""
    if not name or len(name) > 20 or not set(name) <= _NAME_CHARS or not name[0].isalpha():
        raise ValueError(f"a game name is 1-20 lower-case letters, digits or _, not {name!r}")
    if name in GAMES:
        raise ValueError(f"game {name!r} is already registered")
    if not isinstance(spec, str) and getattr(spec, "name", None) != name:
        raise ValueError(f"the spec registered as {name!r} must have name {name!r}")
    GAMES[name] = spec


def unregister_game(name: str) -> None:
    """Remove a game added with ``register_game`` (tests; the built-in games stay)."""
    GAMES.pop(name, None)
    _LOADED.pop(name, None)


@contextmanager
def registered_game(spec: GameSpec) -> Iterator[GameSpec]:
    """``spec`` registered for the ``with`` block only (tests of a made-up game)."""
    register_game(spec.name, spec)
    try:
        yield spec
    finally:
        unregister_game(spec.name)


def game_names() -> tuple[str, ...]:
    """The registered games' names, in the order they are offered."""
    return tuple(GAMES)


def load_object(path: str) -> object:
    """Import ``"package.module:Attribute"`` and return the attribute."""
    module_name, sep, attribute = path.partition(":")
    if not sep or not module_name or not attribute:
        raise ValueError(f"expected 'package.module:Name', got {path!r}")
    module = importlib.import_module(module_name)
    try:
        return getattr(module, attribute)
    except AttributeError:
        raise ValueError(f"{module_name} has no attribute {attribute!r}") from None


def get_game(name: str) -> GameSpec:
    """The spec for game ``name``; unknown names raise ``ValueError`` listing the known ones."""
    loaded = _LOADED.get(name)  # the wire codec asks for every observation: keep it quick
    if loaded is not None and GAMES.get(name) is loaded[0]:
        return loaded[1]
    try:
        entry = GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES))
        raise ValueError(f"unknown game {name!r} (known: {known})") from None
    if isinstance(entry, str):
        try:
            spec: GameSpec = load_object(entry)  # type: ignore[assignment]
        except ImportError as error:
            raise ValueError(f"game {name!r} is not available: {error}") from None
    else:
        spec = entry
    _LOADED[name] = (entry, spec)
    return spec


def game_titles() -> dict[str, str]:
    """Game name -> the title people read ("Gin Rummy"), for every registered game."""
    return {name: get_game(name).title for name in GAMES}


def spec_value(name: object, attribute: str, default: Any = None) -> Any:
    """One optional hook or attribute of game ``name``'s spec (docs/engine.md, "Adding a game"),
    ``default`` when the spec has none or ``name`` is no registered game (a damaged record)."""
    if not isinstance(name, str) or name not in GAMES:
        return default
    try:
        return getattr(get_game(name), attribute, default)
    except ValueError:  # registered but not available
        return default
