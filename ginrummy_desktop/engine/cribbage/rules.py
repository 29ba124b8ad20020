"""Cribbage rule options (defaults follow the American Cribbage Congress) and game values."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields


@dataclass(frozen=True, slots=True)
class CribbageRules:
    """Options for one game.

    ``skunk_line``/``double_skunk_line``: a loser at or below the line is skunked (ACC: 90 and
    60 in a 121-point game). ``stinkhole``: a house rule; a player sitting on hole
    ``target - 1`` cannot peg out with his heels or a go/last card (those points are void).
    ``muggins``: players count their own hands and crib in the show; the opponent may take the
    points a player misses (see docs/cribbage-rules.md).
    """

    target: int = 121
    skunk_line: int = 90
    double_skunk_line: int = 60
    game_value: int = 1
    skunk_value: int = 2
    double_skunk_value: int = 3
    stinkhole: bool = False
    muggins: bool = False

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
        base = {"target": 61, "skunk_line": 30, "double_skunk_line": -1}
        base.update(changes)
        return cls(**base)  # type: ignore[arg-type]

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
