"""Game name -> game spec, imported lazily so one game's import errors never block the other."""

from __future__ import annotations

import importlib

from ginrummy_desktop.engine.protocol import GameSpec

GAMES: dict[str, str] = {
    "gin": "ginrummy_desktop.engine.gin.spec:GIN",
    "cribbage": "ginrummy_desktop.engine.cribbage.spec:CRIBBAGE",
}


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
    try:
        path = GAMES[name]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise ValueError(f"unknown game {name!r} (known: {known})") from None
    try:
        return load_object(path)  # type: ignore[return-value]
    except ImportError as error:
        raise ValueError(f"game {name!r} is not available: {error}") from None
