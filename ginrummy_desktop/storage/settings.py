"""The settings of one profile: fields, defaults and validation of values read from disk.

Values come from a file a person (or an older/newer app) may have edited, so every field is
checked on its own: a bad value falls back to that field's default instead of losing the rest.
Game options are checked by the engines' own rule classes, so a saved option is always playable.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from ginrummy_desktop.engine import registry
from ginrummy_desktop.engine.cribbage.rules import CribbageRules
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS as ENGINE_GIN_PRESETS
from ginrummy_desktop.engine.gin.rules import GinRules
from ginrummy_desktop.engine.translation import LANGUAGES, mark, tr
from ginrummy_desktop.storage.notices import Phrase

GIN_PRESETS: tuple[str, ...] = tuple(ENGINE_GIN_PRESETS)
CARD_FACES = ("standard", "large-index")
CARD_BACKS = ("blue", "red", "green", "midnight")  # the card renderer's BACKS
TABLE_COLOURS = ("green", "blue", "red", "grey")  # named felts; "#rrggbb" is accepted too
CARD_SIZES = ("small", "medium", "large", "huge")
ANIMATION_SPEEDS = ("instant", "fast", "normal", "slow")
CONFIRMATION_KEYS = ("knock", "new_match", "quit_match", "resign")
GAMES: tuple[str, ...] = registry.game_names()  # at import; checks ask the registry itself

CRIBBAGE_OPTION_DEFAULTS: dict[str, Any] = {"target": 121, "stinkhole": False, "muggins": False}


def _default_opponents() -> dict[str, str]:
    # Empty: until the player picks one, the app offers its strongest installed opponent.
    return {}


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
    table_colour: str = "green"
    four_colour_deck: bool = False
    card_size: str = "medium"
    animation_speed: str = "normal"
    auto_sort: bool = True
    undo_vs_computer: bool = False  # undo in gin matches against the computer (never online)
    sound_volume: int = 40  # percent, 0-100
    sound_muted: bool = False
    confirmations: dict[str, bool] = field(default_factory=_default_confirmations)
    window_geometry: dict[str, str] = field(default_factory=dict)
    online_server: str = ""  # Play online's server: domain[:port]; "" = not chosen yet
    language: str = ""  # "en", "de", "fr", "es"; "" = the system's (used from the next start)

    def gin_rules(self) -> GinRules:
        """The engine rules for the chosen preset with the player's overrides applied."""
        return ENGINE_GIN_PRESETS[self.gin_preset].replace(**self.gin_overrides)

    def cribbage_rules(self) -> CribbageRules:
        """The engine rules for the cribbage options (61 points plays the short game)."""
        return _cribbage_rules(self.cribbage_options)

    def with_changes(self, **changes: Any) -> Settings:
        """A copy with ``changes`` applied; raises ``ValueError`` naming any bad field/value."""
        unknown = set(changes) - set(SETTING_NAMES)
        if unknown:
            raise ValueError(f"unknown setting(s): {', '.join(sorted(unknown))}")
        if isinstance(changes.get("player_name"), str):
            changes = {**changes, "player_name": clean_name(changes["player_name"])}
        for name, value in changes.items():
            problem = _check(name, value)
            if problem:
                raise ValueError(tr("setting {name}: {problem}").format(name=repr(name),
                                                                        problem=problem))
        changed = dataclasses.replace(self, **_complete(changes))
        problem = _gin_combination_problem(changed.gin_preset, changed.gin_overrides)
        if problem:
            raise ValueError(problem)
        return changed

    def to_json(self) -> dict[str, Any]:
        return {name: _copy(getattr(self, name)) for name in SETTING_NAMES}

    @classmethod
    def from_json(cls, data: Any) -> tuple[Settings, list[str]]:
        """Settings from a parsed file; returns also the names of fields that fell back."""
        if not isinstance(data, dict):
            return cls(), [Phrase(mark("(whole profile)"))]
        defaults = cls()
        values: dict[str, Any] = {}
        rejected: list[str] = []
        for name in SETTING_NAMES:
            if name not in data:
                continue
            value = data[name]
            if name == "player_name" and isinstance(value, str):
                value = clean_name(value)  # a name typed into the file by hand
            if _check(name, value):
                rejected.append(name)
                continue
            values[name] = _copy(value)
        preset = values.get("gin_preset", defaults.gin_preset)
        if _gin_combination_problem(preset, values.get("gin_overrides", {})):
            values.pop("gin_overrides", None)  # the preset's own rules instead
            rejected.append("gin_overrides")
        return dataclasses.replace(defaults, **_complete(values)), rejected


SETTING_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Settings))


_MERGED_WITH_DEFAULTS = ("cribbage_options", "confirmations", "default_opponent")


def _complete(values: dict[str, Any]) -> dict[str, Any]:
    """Fill keys a partial mapping (or an older file) lacks from the defaults."""
    defaults = Settings()
    return {
        name: {**getattr(defaults, name), **value} if name in _MERGED_WITH_DEFAULTS else value
        for name, value in values.items()
    }


def _copy(value: Any) -> Any:
    return dict(value) if isinstance(value, dict) else value


def clean_name(text: str) -> str:
    """A player's name as stored: NFC, no control or invisible (format) characters, no lone
    surrogates, single spaces. ``Settings`` refuses a name that is not already clean."""
    text = unicodedata.normalize("NFC", text.encode("utf-8", "ignore").decode("utf-8"))
    text = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cf"))
    return " ".join(text.split())


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


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
        return None if value in choices[name] else tr("must be one of {choices}").format(
            choices=", ".join(choices[name]))
    if name == "player_name":
        if not isinstance(value, str) or not value.strip():
            return tr("must be a non-empty name")
        if len(value) > 40:
            return tr("must be at most 40 characters")
        return None if value == clean_name(value) else \
            tr("must be plain text: no control or invisible characters, no extra spaces")
    if name == "online_server":
        ok = isinstance(value, str) and len(value) <= 253 and _encodable(value) and not any(
            ch.isspace() or ch in "@/" for ch in value)
        return None if ok else tr("must be a server name or address, optionally with :port")
    if name == "language":
        return None if isinstance(value, str) and (value == "" or value in LANGUAGES) else \
            tr("must be empty (the system's) or one of {choices}").format(
                choices=", ".join(LANGUAGES))
    if name == "sound_volume":
        return None if _is_int(value) and 0 <= value <= 100 else \
            tr("must be a whole number 0-100")
    if name in ("four_colour_deck", "auto_sort", "sound_muted", "undo_vs_computer"):
        return None if isinstance(value, bool) else tr("must be true or false")
    if name == "table_colour":
        ok = isinstance(value, str) and len(value) == 7 and value.startswith("#")
        ok = ok and all(ch in "0123456789abcdefABCDEF" for ch in value[1:])
        ok = ok or value in TABLE_COLOURS
        return None if ok else tr("must be {choices} or a colour like #1d6b3c").format(
            choices=", ".join(TABLE_COLOURS))
    if not isinstance(value, dict):
        return tr("must be a mapping")
    if name == "default_opponent":
        ok = all(k in registry.GAMES and isinstance(v, str) and 0 < len(v) <= 100 and _encodable(v)
                 for k, v in value.items())
        return None if ok else tr("must map {games} to an opponent id").format(
            games="/".join(registry.GAMES))
    if name == "gin_overrides":
        return _check_gin_overrides(value)
    if name == "cribbage_options":
        for key, option in value.items():
            default = CRIBBAGE_OPTION_DEFAULTS.get(key)
            if default is None:
                return tr("unknown cribbage option {key}").format(key=repr(key))
            if type(option) is not type(default):
                return tr("cribbage option {key} has a bad value {value}").format(
                    key=repr(key), value=repr(option))
        if value.get("target", 121) not in (61, 121):
            return tr("cribbage target must be 61 or 121")
        return None
    if name == "confirmations":
        ok = all(k in CONFIRMATION_KEYS and isinstance(v, bool) for k, v in value.items())
        keys = ", ".join(CONFIRMATION_KEYS)
        return None if ok else tr("keys must be among {keys}, values true/false").format(
            keys=keys)
    if name == "window_geometry":  # Qt's saveGeometry in base64: a few hundred characters
        ok = len(value) <= 50 and all(
            isinstance(k, str) and isinstance(v, str) and len(k) <= 100 and len(v) <= 10_000
            and _encodable(k) and _encodable(v) for k, v in value.items())
        return None if ok else tr("must map at most 50 window names to short text")
    # pragma: no cover - SETTING_NAMES guards callers
    return tr("unknown setting {name}").format(name=repr(name))  # pragma: no cover


_GIN_DEFAULTS = GinRules()


MAX_GIN_NUMBER = 1_000_000  # beyond any sensible bonus or target (and any spin box)


def _check_gin_overrides(overrides: dict[str, Any]) -> str | None:
    """Each override on its own: a known option of the right type. Whether the options go
    together is for the engine to say, against the chosen preset (``_gin_combination_problem``)."""
    for key, option in overrides.items():
        if key == "preset" or not hasattr(_GIN_DEFAULTS, key):
            return tr("unknown gin option {key}").format(key=repr(key))
        default = getattr(_GIN_DEFAULTS, key)
        nullable = key == "big_gin_bonus" and option is None
        same_type = type(option) is type(default) or (_is_int(option) and _is_int(default))
        if not (nullable or same_type):
            return tr("gin option {key} has a bad value {value}").format(key=repr(key),
                                                                         value=repr(option))
        if _is_int(option) and abs(option) > MAX_GIN_NUMBER:
            return tr("gin option {key} is out of range").format(key=repr(key))
    return None


def _gin_combination_problem(preset: str, overrides: dict[str, Any]) -> str | None:
    """Why ``overrides`` cannot be played with ``preset`` (the engine decides), or None."""
    rules = ENGINE_GIN_PRESETS.get(preset)
    if rules is None:
        return None  # an unknown preset is refused on its own
    problems = rules.problems_with(**overrides)
    if not problems:
        return None
    return tr("Not allowed with the {preset} rules: {problems}.").format(
        preset=preset, problems="; ".join(problems))


def _cribbage_rules(options: dict[str, Any]) -> CribbageRules:
    return CribbageRules.for_target(int(options.get("target", 121)),
                                    stinkhole=bool(options.get("stinkhole", False)),
                                    muggins=bool(options.get("muggins", False)))
