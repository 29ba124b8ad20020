"""The settings of one profile: fields, defaults and validation of values read from disk.

Values come from a file a person (or an older/newer app) may have edited, so every field is
checked on its own: a bad value falls back to that field's default instead of losing the rest.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

GIN_PRESETS = ("classic", "traditional", "palace", "tournament", "oklahoma")
CARD_FACES = ("standard", "large-index", "simple")
CARD_BACKS = ("blue", "red", "green", "plain")
CARD_SIZES = ("small", "medium", "large", "huge")
ANIMATION_SPEEDS = ("instant", "fast", "normal", "slow")
CONFIRMATION_KEYS = ("knock", "new_match", "quit_match", "resign")
GAMES = ("gin", "cribbage")

# Gin options a preset sets and a player may override (names follow docs/rules in the engine).
GIN_OPTION_TYPES: dict[str, type] = {
    "knock_limit": int,
    "gin_bonus": int,
    "big_gin_bonus": int,
    "undercut_bonus": int,
    "box_bonus": int,
    "game_bonus": int,
    "target": int,
    "shutout_multiplier": int,
    "oklahoma": bool,
    "spade_doubles": bool,
    "discard_taken_upcard": bool,
}
CRIBBAGE_OPTION_DEFAULTS: dict[str, Any] = {
    "target": 121,
    "muggins": False,
    "manual_counting": False,
    "show_count_breakdown": True,
}


def _default_opponents() -> dict[str, str]:
    return {"gin": "expert", "cribbage": "expert"}


def _default_confirmations() -> dict[str, bool]:
    return dict.fromkeys(CONFIRMATION_KEYS, True)


@dataclass(frozen=True)
class Settings:
    """Everything one profile can change in Preferences. Immutable: use ``with_changes``."""

    player_name: str = "Player"
    default_opponent: dict[str, str] = field(default_factory=_default_opponents)
    gin_preset: str = "classic"
    gin_overrides: dict[str, int | bool] = field(default_factory=dict)
    cribbage_options: dict[str, Any] = field(
        default_factory=lambda: dict(CRIBBAGE_OPTION_DEFAULTS)
    )
    card_face: str = "standard"
    card_back: str = "blue"
    table_colour: str = "#1d6b3c"
    four_colour_deck: bool = False
    card_size: str = "medium"
    animation_speed: str = "normal"
    auto_sort: bool = True
    confirmations: dict[str, bool] = field(default_factory=_default_confirmations)
    window_geometry: dict[str, str] = field(default_factory=dict)

    def with_changes(self, **changes: Any) -> Settings:
        """A copy with ``changes`` applied; raises ``ValueError`` naming any bad field/value."""
        unknown = set(changes) - set(SETTING_NAMES)
        if unknown:
            raise ValueError(f"unknown setting(s): {', '.join(sorted(unknown))}")
        for name, value in changes.items():
            problem = _check(name, value)
            if problem:
                raise ValueError(f"setting {name!r}: {problem}")
        return dataclasses.replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        return {name: _copy(getattr(self, name)) for name in SETTING_NAMES}

    @classmethod
    def from_json(cls, data: Any) -> tuple[Settings, list[str]]:
        """Settings from a parsed file; returns also the names of fields that fell back."""
        if not isinstance(data, dict):
            return cls(), ["(whole profile)"]
        defaults = cls()
        values: dict[str, Any] = {}
        rejected: list[str] = []
        for name in SETTING_NAMES:
            if name not in data:
                continue
            value = data[name]
            if _check(name, value):
                rejected.append(name)
                continue
            if name == "cribbage_options":  # keep defaults for keys an older file lacks
                value = {**defaults.cribbage_options, **value}
            elif name in ("confirmations", "default_opponent"):
                value = {**getattr(defaults, name), **value}
            values[name] = _copy(value)
        return dataclasses.replace(defaults, **values), rejected


SETTING_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Settings))


def _copy(value: Any) -> Any:
    return dict(value) if isinstance(value, dict) else value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check(name: str, value: Any) -> str | None:
    """None when ``value`` is acceptable for setting ``name``, else what is wrong with it."""
    choices = {
        "gin_preset": GIN_PRESETS,
        "card_face": CARD_FACES,
        "card_back": CARD_BACKS,
        "card_size": CARD_SIZES,
        "animation_speed": ANIMATION_SPEEDS,
    }
    if name in choices:
        return None if value in choices[name] else f"must be one of {', '.join(choices[name])}"
    if name == "player_name":
        if not isinstance(value, str) or not value.strip():
            return "must be a non-empty name"
        return "must be at most 40 characters" if len(value) > 40 else None
    if name in ("four_colour_deck", "auto_sort"):
        return None if isinstance(value, bool) else "must be true or false"
    if name == "table_colour":
        ok = isinstance(value, str) and len(value) == 7 and value.startswith("#")
        ok = ok and all(ch in "0123456789abcdefABCDEF" for ch in value[1:])
        return None if ok else "must be a colour like #1d6b3c"
    if not isinstance(value, dict):
        return "must be a mapping"
    if name == "default_opponent":
        ok = all(k in GAMES and isinstance(v, str) and v for k, v in value.items())
        return None if ok else "must map gin/cribbage to an opponent id"
    if name == "gin_overrides":
        for key, option in value.items():
            wanted = GIN_OPTION_TYPES.get(key)
            if wanted is None:
                return f"unknown gin option {key!r}"
            if (wanted is bool and not isinstance(option, bool)) or (
                wanted is int and (not _is_int(option) or option < 0)
            ):
                return f"gin option {key!r} has a bad value {option!r}"
        return None
    if name == "cribbage_options":
        for key, option in value.items():
            default = CRIBBAGE_OPTION_DEFAULTS.get(key)
            if default is None:
                return f"unknown cribbage option {key!r}"
            if type(option) is not type(default):
                return f"cribbage option {key!r} has a bad value {option!r}"
        target = value.get("target", 121)
        return None if target in (61, 121) else "cribbage target must be 61 or 121"
    if name == "confirmations":
        ok = all(k in CONFIRMATION_KEYS and isinstance(v, bool) for k, v in value.items())
        keys = ", ".join(CONFIRMATION_KEYS)
        return None if ok else f"keys must be among {keys}, values true/false"
    if name == "window_geometry":
        ok = all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())
        return None if ok else "must map window names to text"
    return f"unknown setting {name!r}"  # pragma: no cover - SETTING_NAMES guards callers
