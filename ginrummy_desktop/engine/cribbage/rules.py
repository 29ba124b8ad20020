"""Cribbage rule options (defaults follow the American Cribbage Congress) and game values.

The rules object also owns the words for its values: ``describe()`` names a game length with its
skunk lines, ``outcome_note()`` says why a game was worth what it was worth, ``score_lines()``
lists the lines a board or a chart draws, and ``OPTION_LABELS`` name the house rules. The GUI
reads these instead of writing its own numbers.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from ginrummy_desktop.engine.translation import mark, tr

#: Game lengths the table offers (the first is the default); ``CribbageRules.for_target`` builds
#: each one's rules.
STANDARD_TARGET = 121
SHORT_TARGET = 61
GAME_LENGTHS = (STANDARD_TARGET, SHORT_TARGET)

#: Check-box labels for the optional rules, by field name (English: shown with ``tr(label)``,
#: or ``option_label(name)``).
OPTION_LABELS = {
    "stinkhole": mark("Stinkhole (house rule: no pegging out with a go or his heels from the "
                      "hole before the last)"),
    "muggins": mark("Muggins (you count your own hand and crib; the opponent takes any points "
                    "you miss)"),
}


def option_label(name: str) -> str:
    """The check-box label of the optional rule ``name`` in the chosen language."""
    return tr(OPTION_LABELS[name])


@dataclass(frozen=True, slots=True)
class CribbageRules:
    """Options for one game.

    ``skunk_line``/``double_skunk_line``: a loser at or below the line is skunked (ACC: 90 and
    60 in a 121-point game). ``stinkhole``: a house rule; a player sitting on hole
    ``target - 1`` cannot peg out with his heels or a go/last card (those points are void).
    ``muggins``: players count their own hands and crib in the show; the opponent may take the
    points a player misses (see docs/cribbage-rules.md). ``player_cuts``: the players cut
    the pack themselves (``cut`` actions): each cuts for the deal and the pone cuts for the
    starter, the cut's depth choosing the card from the committed deck order. Off (the
    simulator's default and every older record), the engine turns up the committed deck's
    13th card and the cut for the deal is drawn from the seed.
    """

    target: int = 121
    skunk_line: int = 90
    double_skunk_line: int = 60
    game_value: int = 1
    skunk_value: int = 2
    double_skunk_value: int = 3
    stinkhole: bool = False
    muggins: bool = False
    player_cuts: bool = False

    def __post_init__(self) -> None:
        if not 31 <= self.target <= 1000:
            raise ValueError(f"target must be between 31 and 1000 points, not {self.target}")
        if self.double_skunk_line > self.skunk_line or self.skunk_line >= self.target:
            raise ValueError("skunk lines must satisfy double skunk <= skunk < target")
        if min(self.game_value, self.skunk_value, self.double_skunk_value) < 1:
            raise ValueError("game values must be at least 1")

    @classmethod
    def short_game(cls, **changes: object) -> CribbageRules:
        """The 61-point game ("once around"): skunk below 31, no double skunk."""
        base: dict[str, object] = {"target": SHORT_TARGET, "skunk_line": 30,
                                   "double_skunk_line": -1}
        base.update(changes)
        return cls(**base)  # type: ignore[arg-type]

    @classmethod
    def for_target(cls, target: int, **changes: object) -> CribbageRules:
        """The rules of a game to ``target`` with its own skunk lines: 61 is the short game
        (skunk at 30, no double skunk), any other length keeps the ACC lines (90 and 60)."""
        if target == SHORT_TARGET:
            return cls.short_game(**changes)
        return cls(target=target, **changes)  # type: ignore[arg-type]

    @property
    def has_double_skunk(self) -> bool:
        """False when no score can be at or below the double-skunk line (the short game)."""
        return self.double_skunk_line >= 0

    def describe(self) -> str:
        """The game length in words, e.g. ``"61 points: the short game, once around (skunk at
        30)"``."""
        if self.target == STANDARD_TARGET:
            name = tr("the standard game")
        elif self.target == SHORT_TARGET:
            name = tr("the short game, once around")
        else:
            name = tr("a custom game")
        if self.has_double_skunk:
            return tr("{target} points: {name} (skunk at {skunk}, double skunk at "
                      "{double_skunk})").format(target=self.target, name=name,
                                                skunk=self.skunk_line,
                                                double_skunk=self.double_skunk_line)
        return tr("{target} points: {name} (skunk at {skunk})").format(
            target=self.target, name=name, skunk=self.skunk_line)

    def outcome_note(self, outcome: str, loser: str) -> str:
        """Why a finished game is worth what it is: ``loser`` names the losing player."""
        if outcome == "double skunk":
            return tr("Double skunk! {loser} stayed at or below the {line} line.").format(
                loser=loser, line=self.double_skunk_line)
        if outcome == "skunk":
            return tr("Skunk! {loser} stayed at or below the {line} line.").format(
                loser=loser, line=self.skunk_line)
        return tr("A fine game of cribbage.")

    def score_lines(self) -> tuple[tuple[int, str], ...]:
        """The lines a board or chart marks, highest first: ``(points, label)``."""
        lines = [(self.target, tr("game {points}").format(points=self.target)),
                 (self.skunk_line, tr("skunk {points}").format(points=self.skunk_line))]
        if self.has_double_skunk:
            lines.append((self.double_skunk_line,
                          tr("double skunk {points}").format(points=self.double_skunk_line)))
        return tuple(lines)

    def game_points(self, loser_score: int) -> int:
        """Games the winner earns: 1, or more for a skunk or double skunk."""
        if loser_score <= self.double_skunk_line:
            return self.double_skunk_value
        if loser_score <= self.skunk_line:
            return self.skunk_value
        return self.game_value

    def outcome(self, loser_score: int) -> str:
        """``"win"``, ``"skunk"`` or ``"double skunk"``."""
        if loser_score <= self.double_skunk_line:
            return "double skunk"
        if loser_score <= self.skunk_line:
            return "skunk"
        return "win"

    def to_json(self) -> dict:
        return asdict(self)

    to_dict = to_json  # the runner's name for it

    @classmethod
    def from_json(cls, data: dict) -> CribbageRules:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown cribbage rule options: {', '.join(sorted(unknown))}")
        return cls(**data)
