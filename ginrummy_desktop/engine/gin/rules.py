"""Gin Rummy rules as one dataclass of named options, and the named presets.

Every option and preset is documented, with its source, in docs/rules.md. The words for them live
here too (``OPTION_LABELS``, ``PRESET_NOTES``, ``GinRules.describe()``), so dialogs read them
instead of copying numbers.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from ginrummy_desktop.engine.translation import mark, tr, tr_ctx

NEXT_DEALER_CHOICES = ("loser", "winner", "alternate")
SHUTOUT_CHOICES = ("double_game_bonus", "double_total", "none")


@dataclass(frozen=True, slots=True)
class GinRules:
    """Named options for one match. Build from a preset with ``GIN_PRESETS[name]``."""

    preset: str = "classic"
    players: int = 2  # 2, 3 (dealer sits out) or 4 (two partnerships)
    knock_limit: int = 10  # 0 = straight gin: only gin ends a hand
    gin_bonus: int = 25
    big_gin_bonus: int | None = 31  # None: eleven melded cards must still discard (plain gin)
    undercut_bonus: int = 25
    box_bonus: int = 20  # per hand won, added when the game ends
    game_bonus: int = 100
    shutout: str = "double_game_bonus"  # or "double_total" or "none"
    target: int = 100
    next_dealer: str = "loser"  # or "winner" or "alternate" (after a scored hand)
    oklahoma: bool = False  # upcard sets the knock limit; a spade upcard doubles the hand
    oklahoma_ace_gin_only: bool = True  # Oklahoma ace upcard: gin only (else limit 1)
    hollywood: bool = False  # three games scored at once
    deal_eleven: bool = False  # non-dealer gets 11 cards, no upcard, starts by discarding
    rediscard_taken: bool = False  # GRA: a card taken from the pile may be discarded again
    last_discard_to_knock: bool = False  # after stock hits the wall, last discard to knock only
    dead_stock: int = 2  # the hand is dead when the stock is down to this many cards

    def __post_init__(self) -> None:
        problems = validate_rules(self)
        if problems:
            raise ValueError("; ".join(problems))

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> GinRules:
        known = {f.name for f in fields(GinRules)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown gin rule option(s): {', '.join(unknown)}")
        return GinRules(**dict(data))

    def replace(self, **changes: Any) -> GinRules:
        return dataclasses.replace(self, **changes)

    def score_lines(self) -> tuple[tuple[int, str], ...]:
        """The lines a score chart marks: ``(points, label)`` (gin has one, the target)."""
        return ((self.target, tr("game {target}").format(target=self.target)),)

    def describe(self) -> str:
        """The scoring values in a line, e.g. ``"gin 25, big gin 31, undercut 25, box 20,
        game 100; knock at 10 or less; to 100"`` (built from the fields, so it is always true)."""
        values = [tr("gin {points}").format(points=self.gin_bonus)]
        if self.big_gin_bonus is not None:
            values.append(tr("big gin {points}").format(points=self.big_gin_bonus))
        values.append(tr("undercut {points}").format(points=self.undercut_bonus))
        if self.box_bonus:
            values.append(tr("box {points}").format(points=self.box_bonus))
        if self.game_bonus:
            values.append(tr_ctx("game bonus", "game {points}").format(points=self.game_bonus))
        if self.oklahoma:
            knock = tr("the upcard sets the knock limit, a spade upcard doubles")
        elif self.knock_limit == 0:
            knock = tr("only gin ends a hand")
        else:
            knock = tr("knock at {limit} or less").format(limit=self.knock_limit)
        if self.hollywood:
            line = tr("{values}; {knock}; three games scored at once, each to {target}")
        else:
            line = tr("{values}; {knock}; to {target}")
        return line.format(values=tr(", ").join(values), knock=knock, target=self.target)

    def problems_with(self, **changes: Any) -> list[str]:
        """Why these rules with ``changes`` applied are not a playable set (empty when they
        are): how Preferences learns which option combinations a preset allows."""
        try:
            self.replace(**changes)
        except (TypeError, ValueError) as error:
            return str(error).split("; ")
        return []


def validate_rules(rules: GinRules) -> list[str]:
    """Human-readable problems with a rules object (empty when it is fine). They name the
    options as rule files and ``--rule`` write them (``knock_limit``), in the chosen language."""
    problems = []
    if rules.players not in (2, 3, 4):
        problems.append(tr("players must be 2, 3 or 4, not {players}").format(
            players=rules.players))
    if not 0 <= rules.knock_limit <= 100:
        problems.append(tr("knock_limit must be 0..100, not {limit}").format(
            limit=rules.knock_limit))
    for name in ("gin_bonus", "undercut_bonus", "box_bonus", "game_bonus"):
        if getattr(rules, name) < 0:
            problems.append(tr("{option} must not be negative").format(option=name))
    if rules.big_gin_bonus is not None and rules.big_gin_bonus < 0:
        problems.append(tr("big_gin_bonus must not be negative (use none to disable big gin)"))
    if rules.target < 1:
        problems.append(tr("target must be at least 1, not {target}").format(target=rules.target))
    if rules.shutout not in SHUTOUT_CHOICES:
        problems.append(tr("shutout must be one of {choices}").format(
            choices=", ".join(SHUTOUT_CHOICES)))
    if rules.next_dealer not in NEXT_DEALER_CHOICES:
        problems.append(tr("next_dealer must be one of {choices}").format(
            choices=", ".join(NEXT_DEALER_CHOICES)))
    if not 0 <= rules.dead_stock <= 10:
        problems.append(tr("dead_stock must be 0..10, not {cards}").format(
            cards=rules.dead_stock))
    if rules.hollywood and rules.players != 2:
        problems.append(tr("hollywood scoring is for two players"))
    if rules.oklahoma and rules.deal_eleven:
        problems.append(tr("oklahoma needs an upcard, so it cannot be combined with deal_eleven"))
    if rules.players != 2 and rules.deal_eleven:
        problems.append(tr("deal_eleven is only for two players"))
    return problems


_CLASSIC = GinRules()

GIN_PRESETS: dict[str, GinRules] = {
    "classic": _CLASSIC,
    "traditional": _CLASSIC.replace(
        preset="traditional", gin_bonus=20, big_gin_bonus=None, undercut_bonus=10
    ),
    "tournament": _CLASSIC.replace(
        preset="tournament", big_gin_bonus=None, box_bonus=0, game_bonus=0, shutout="none",
        next_dealer="alternate",
    ),
    "oklahoma": _CLASSIC.replace(preset="oklahoma", oklahoma=True, target=150),
    "straight": _CLASSIC.replace(preset="straight", knock_limit=0),
    "hollywood": _CLASSIC.replace(preset="hollywood", hollywood=True),
    "three-player": _CLASSIC.replace(preset="three-player", players=3),
    "partnership": _CLASSIC.replace(preset="partnership", players=4, target=125),
}


#: What each preset is, in a phrase (its numbers come from ``GinRules.describe()``); English,
#: shown with ``tr(PRESET_NOTES[name])``.
PRESET_NOTES: dict[str, str] = {
    "classic": mark("Common modern rules"),
    "traditional": mark("The card books' rules"),
    "tournament": mark("Hand points only, no bonuses"),
    "oklahoma": mark("Oklahoma gin"),
    "straight": mark("Straight gin"),
    "hollywood": mark("Hollywood gin"),
    "three-player": mark("Three players, the dealer sits out"),
    "partnership": mark("Two partnerships of two"),
}

#: The presets' names as a player reads them (``tr(PRESET_TITLES[name])``); the ids stay.
PRESET_TITLES: dict[str, str] = {
    "classic": mark("Classic"),
    "traditional": mark("Traditional"),
    "tournament": mark("Tournament"),
    "oklahoma": mark("Oklahoma"),
    "straight": mark("Straight"),
    "hollywood": mark("Hollywood"),
    "three-player": mark("Three-Player"),
    "partnership": mark("Partnership"),
}
assert all(title == name.title() for name, title in PRESET_TITLES.items())

#: Labels for the options a person can change, by field name; English, shown with
#: ``tr(OPTION_LABELS[name])``.
OPTION_LABELS: dict[str, str] = {
    "knock_limit": mark("Knock limit (0 = gin only)"),
    "gin_bonus": mark("Gin bonus"),
    "big_gin_bonus": mark("Big gin bonus (0 = no big gin)"),
    "undercut_bonus": mark("Undercut bonus"),
    "box_bonus": mark("Box bonus per hand won"),
    "game_bonus": mark("Game bonus"),
    "target": mark("Game target"),
    "shutout": mark("Shutout"),
    "next_dealer": mark("Next dealer"),
    "oklahoma": mark("Oklahoma: upcard sets the knock limit"),
    "deal_eleven": mark("Deal eleven to the first player (no upcard)"),
    "rediscard_taken": mark("A card taken from the pile may be discarded again"),
    "last_discard_to_knock": mark("At the wall, the last discard may be taken only to knock"),
}


def preset_title(name: str) -> str:
    """A preset's name in the chosen language: "Classic", German "Klassisch"."""
    return tr(PRESET_TITLES[name]) if name in PRESET_TITLES else name.title()


def option_label(name: str) -> str:
    """An option's label in the chosen language (``OPTION_LABELS`` holds the English)."""
    return tr(OPTION_LABELS[name]) if name in OPTION_LABELS else name.replace("_", " ")


def format_text(rules: GinRules) -> str:
    """How the players sit, in a sentence ("" for two players): the format's rule words."""
    if rules.players == 3:
        return tr("Three players: the dealer sits out each hand and watches; the loser of a "
                  "hand deals the next")
    if rules.players == 4:
        return tr("Two partnerships: each deal has two tables, one player of each team at "
                  "each; a team that wins both scores both, else the bigger win scores the "
                  "difference")
    return ""


def preset_description(name: str) -> str:
    """A preset's note and its values, e.g. ``"The card books' rules; gin 20, ..."``."""
    note = tr(PRESET_NOTES[name]) if name in PRESET_NOTES else name.title()
    return tr("{note}; {values}").format(note=note, values=GIN_PRESETS[name].describe())


def _parse_value(name: str, text: str, current: Any) -> Any:
    lowered = text.strip().lower()
    if name == "big_gin_bonus" and lowered in ("none", "off", "no", ""):
        return None
    if isinstance(current, bool):
        if lowered in ("1", "true", "yes", "on"):
            return True
        if lowered in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"rule {name} expects true or false, not {text!r}")
    if isinstance(current, int) or name == "big_gin_bonus":
        try:
            return int(lowered)
        except ValueError:
            raise ValueError(f"rule {name} expects a whole number, not {text!r}") from None
    return text.strip()


def parse_rules(preset: str, overrides: Mapping[str, str] | None = None) -> GinRules:
    """A preset with ``name=value`` overrides applied; bad input raises a one-line ValueError."""
    try:
        rules = GIN_PRESETS[preset.lower()]
    except KeyError:
        known = ", ".join(GIN_PRESETS)
        raise ValueError(f"unknown gin rules preset {preset!r} (known: {known})") from None
    if not overrides:
        return rules
    names = {f.name for f in fields(GinRules)} - {"preset"}
    changes: dict[str, Any] = {}
    for name, text in overrides.items():
        key = name.strip().replace("-", "_")
        if key not in names:
            raise ValueError(f"unknown gin rule {name!r} (known: {', '.join(sorted(names))})")
        changes[key] = _parse_value(key, str(text), getattr(rules, key))
    return rules.replace(**changes)
