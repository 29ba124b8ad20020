"""The running gin score sheet of a match: a line per hand, boxes, games and the final bonuses.

A paper gin sheet has a column per player (per team in partnerships), a line per hand with the
points written in the winner's column, a box line drawn under each hand won and, when the game
is over, the box, game and shutout bonuses under a ruled total line. Hollywood keeps three such
games side by side.

The sheet is built from the match's hand records alone (live, from storage or from a resumed
match alike). Every record is played through ``GinMatchChain``, the engine's own check of a
match, so each figure on the sheet is the one ``GinMatch`` scored: which Hollywood games a win
goes into, a partnership deal's net, when a game closes. The sheet writes those figures down per
line and keeps its own running totals; the bonuses at the end come from ``game_breakdown``, the
function that scores them for the match.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ginrummy_desktop.engine.gin.match import GinMatch, game_breakdown
from ginrummy_desktop.engine.gin.records import GinMatchChain
from ginrummy_desktop.engine.gin.results import (
    HandResult,
    describe_hand,
    ending_text,
    score_label_text,
    team_name,
)
from ginrummy_desktop.engine.gin.rules import GinRules
from ginrummy_desktop.engine.translation import mark, tr
from ginrummy_desktop.engine.wording import is_you

# The sheet's headings (the widget draws these words with ``tr``; it writes none of its own).
HAND_HEADING = mark("Hand")
DEAL_HEADING = mark("Deal")
HOW_HEADING = mark("How")
BOXES_HEADING = mark("Boxes")
TOTAL_HEADING = mark("Total")
RUNNING_HEADING = mark("Running total")
SHEET_TITLE = mark("Score sheet")
ALL_GAMES = mark("all games")
NO_HANDS_YET = mark("No hand has been scored yet")
DEAL_IN_PLAY = mark("the other table is still playing")
HOLLYWOOD_NOTE = mark("Hollywood: a player's first win is scored in game 1, the second in "
                      "games 1 and 2, every later win in all three; a game that is won takes "
                      "no more")

_BOX_COUNT = re.compile(r"\s*\(\d+ x \d+\)$")


@dataclass(frozen=True, slots=True)
class Ending:
    """How one hand of the line ended (seats as the match numbers them)."""

    hand_number: int
    table: int | None  # partnerships: 0 or 1; otherwise None
    kind: str  # knock, gin, big_gin, undercut or draw
    knocker: int | None
    winner: int | None
    points: int
    knocked_with: int | None  # the knocker's deadwood
    result: HandResult  # the whole result, as the engine recorded it


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One line of the sheet: a hand (a deal of two tables in partnerships)."""

    number: int  # 1-based
    endings: tuple[Ending, ...]
    scorer: int | None  # the side credited on this line (None: no score)
    points: int  # what the scorer got (a partnership deal's net)
    entries: tuple[tuple[int | None, ...], ...]  # per game, per side: points written here
    totals: tuple[tuple[int, ...], ...]  # per game, per side: the running hand points after it
    boxes: tuple[int | None, ...]  # per game: the side whose box line is drawn under this line
    closed: tuple[int | None, ...]  # per game: the side that won the game on this line
    complete: bool = True  # False: a partnership deal whose second table is still in play


@dataclass(frozen=True, slots=True)
class FinalLine:
    """A line under the ruled total line: e.g. ``FinalLine("Game bonus", (100, None))``."""

    label: str
    points: tuple[int | None, ...]  # per side (None: nothing on this line for that side)


@dataclass(frozen=True, slots=True)
class SheetGame:
    """One game's column pair (Hollywood has three)."""

    number: int  # 1-based
    scores: tuple[int, ...]  # hand points per side
    boxes: tuple[int, ...]  # boxes (hands won) per side
    winner: int | None  # the side that won it, once it is closed
    lines: tuple[FinalLine, ...] = ()  # once the match is over: hand points, boxes, bonuses
    totals: tuple[int, ...] | None = None  # once the match is over: each side's game total


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """The whole sheet. ``totals`` per side: the running hand points while the match is on,
    the match totals (boxes and bonuses added) once it is over."""

    rules: GinRules
    side_seats: tuple[tuple[int, ...], ...]  # the seats of each side (a team has two)
    rows: tuple[SheetRow, ...]
    games: tuple[SheetGame, ...]
    totals: tuple[int, ...]
    over: bool
    winners: tuple[int, ...]  # seats, as the match names them (empty: a drawn match)

    @property
    def sides(self) -> int:
        return len(self.side_seats)

    def side_of(self, seat: int) -> int:
        return next(side for side, seats in enumerate(self.side_seats) if seat in seats)

    def seat_totals(self) -> tuple[int, ...]:
        """``totals`` per seat (both partners show their team's), as the match gives scores."""
        seats = sum(len(s) for s in self.side_seats)
        return tuple(self.totals[self.side_of(seat)] for seat in range(seats))


def side_seats(rules: GinRules) -> tuple[tuple[int, ...], ...]:
    """Who sits on each side of the sheet: a column per player, per team in partnerships."""
    if rules.players == 4:
        return ((0, 2), (1, 3))
    return tuple((seat,) for seat in range(rules.players))


class ScoreSheetBuilder:
    """Builds the sheet one hand record at a time (``add``); ``sheet()`` is the sheet so far.
    ``add`` raises ``ValueError`` for a record that does not follow from the ones before it."""

    def __init__(self, rules: GinRules) -> None:
        self.rules = rules
        self.side_seats = side_seats(rules)
        self._chain = GinMatchChain()
        self._games = 3 if rules.hollywood else 1
        sides = len(self.side_seats)
        self._totals = [[0] * sides for _ in range(self._games)]
        self._boxes = [[0] * sides for _ in range(self._games)]
        self._winners: list[int | None] = [None] * self._games
        self._rows: list[SheetRow] = []
        self._pending: list[Ending] = []  # the partnership deal in play
        self.records = 0

    def add_all(self, records: Iterable[dict[str, Any]]) -> ScoreSheetBuilder:
        for record in records:
            self.add(record)
        return self

    def add(self, record: dict[str, Any]) -> None:
        before = self._standing()
        if GinRules.from_dict(record["rules"]) != self.rules:
            raise ValueError("this hand was played under other rules than the sheet's")
        self._chain.add(record)
        self.records += 1
        match = self._chain.match
        assert match is not None
        self._pending.append(_ending(record))
        if self.rules.players == 4 and match.deals_scored == before.deals and not match.finished:
            return  # the deal's second table is still to play
        after = self._standing()
        entries, boxes, closed = [], [], []
        for game in range(self._games):
            written = [None if after.scores[game][s] == before.scores[game][s]
                       and after.boxes[game][s] == before.boxes[game][s]
                       else after.scores[game][s] - before.scores[game][s]
                       for s in range(len(self.side_seats))]
            for side, points in enumerate(written):
                if points is not None:
                    self._totals[game][side] += points
            boxed = [s for s in range(len(self.side_seats))
                     if after.boxes[game][s] > before.boxes[game][s]]
            for side in boxed:
                self._boxes[game][side] += 1
            won = after.winners[game] if before.winners[game] is None else None
            if won is not None:
                self._winners[game] = won
            entries.append(tuple(written))
            boxes.append(boxed[0] if boxed else None)
            closed.append(won)
        # The side credited: the first game it was written in (a closed Hollywood game 1 takes
        # no more points, so a later win is written in games 2 and 3 only).
        credited = [(side, points) for written in entries
                    for side, points in enumerate(written) if points is not None]
        scorer, points = credited[0] if credited else (None, 0)
        self._rows.append(SheetRow(
            number=len(self._rows) + 1, endings=tuple(self._pending), scorer=scorer,
            points=points or 0, entries=tuple(entries),
            totals=tuple(tuple(t) for t in self._totals), boxes=tuple(boxes),
            closed=tuple(closed)))
        self._pending = []

    def sheet(self) -> ScoreSheet:
        rows = list(self._rows)
        if self._pending:  # a partnership deal half played: its first table's line, no score
            rows.append(SheetRow(
                number=len(rows) + 1, endings=tuple(self._pending), scorer=None, points=0,
                entries=tuple(tuple(None for _ in self.side_seats) for _ in range(self._games)),
                totals=tuple(tuple(t) for t in self._totals),
                boxes=(None,) * self._games, closed=(None,) * self._games, complete=False))
        match = self._chain.match
        over = match is not None and match.finished
        games = []
        for index in range(self._games):
            scores, boxes = tuple(self._totals[index]), tuple(self._boxes[index])
            winner = self._winners[index]
            if over and winner is not None:
                lines, game_totals = game_breakdown(self.rules, scores, boxes, winner)
                games.append(SheetGame(index + 1, scores, boxes, winner,
                                       _final_lines(lines, len(scores)), tuple(game_totals)))
            else:
                games.append(SheetGame(index + 1, scores, boxes, winner))
        if over:
            totals = tuple(sum(game.totals[side] for game in games if game.totals is not None)
                           for side in range(len(self.side_seats)))
        else:
            totals = tuple(sum(game.scores[side] for game in games)
                           for side in range(len(self.side_seats)))
        winners = match.winners if over and match is not None else ()
        return ScoreSheet(self.rules, self.side_seats, tuple(rows), tuple(games), totals,
                          over, tuple(winners))

    # -- what the engine scored so far -------------------------------------------------------

    def _standing(self) -> _Standing:
        match = self._chain.match
        sides = len(self.side_seats)
        if match is None:
            zeros = tuple((0,) * sides for _ in range(self._games))
            return _Standing(zeros, zeros, (None,) * self._games, 0)
        return _standing(match, sides)


@dataclass(frozen=True, slots=True)
class _Standing:
    scores: tuple[tuple[int, ...], ...]  # per game, per side
    boxes: tuple[tuple[int, ...], ...]
    winners: tuple[int | None, ...]  # per game: the side that won it
    deals: int  # partnership deals scored


def _standing(match: GinMatch, sides: int) -> _Standing:
    if match.rules.hollywood:
        return _Standing(tuple(tuple(game[0]) for game in match.hollywood),
                         tuple(tuple(game[1]) for game in match.hollywood),
                         tuple(game[2] for game in match.hollywood), match.deals_scored)
    winner = None
    if match.finished and match.winners:
        winner = match.winners[0] % 2 if match.rules.players == 4 else match.winners[0]
    return _Standing((tuple(match.scores[:sides]),), (tuple(match.boxes[:sides]),), (winner,),
                     match.deals_scored)


def _ending(record: dict[str, Any]) -> Ending:
    result = record["result"]
    knocker = result.get("knocker")
    deadwood = next((hand["deadwood_points"] for hand in result.get("hands", [])
                     if hand.get("seat") == knocker), None)
    return Ending(hand_number=record["hand_number"], table=record.get("table"),
                  kind=result["kind"], knocker=knocker, winner=result.get("winner"),
                  points=result.get("points", 0) if result["kind"] != "draw" else 0,
                  knocked_with=deadwood if result["kind"] != "draw" else None,
                  result=HandResult.from_dict(result))


def _final_lines(lines: Sequence[tuple[str, int, int]], sides: int) -> tuple[FinalLine, ...]:
    """The engine's breakdown lines, one per heading with a value per side ("Boxes (3 x 20)"
    and "Boxes (1 x 20)" share the heading "Boxes"; the sheet counts the boxes above it),
    headed in the chosen language."""
    table: dict[str, list[int | None]] = {}
    for label, side, points in lines:
        heading = score_label_text(_BOX_COUNT.sub("", label))
        table.setdefault(heading, [None] * sides)[side] = points
    return tuple(FinalLine(label, tuple(points)) for label, points in table.items())


def build_score_sheet(rules: GinRules, records: Iterable[dict[str, Any]]) -> ScoreSheet:
    """The sheet of a match played under ``rules`` from its hand records, in order."""
    return ScoreSheetBuilder(rules).add_all(records).sheet()


# -- words -----------------------------------------------------------------------------------

def side_label(sheet: ScoreSheet, side: int, names: Mapping[int, str],
               start: bool = True) -> str:
    """A column's heading: the player's name, or the team's ("You and Bea", the table's
    ``team_name``); ``start=False``: inside a sentence ("you", "you and Bea")."""
    members = [_seat_name(names, seat) for seat in sheet.side_seats[side]]
    if len(members) > 1:
        return team_name(members, start)
    if is_you(members[0]):
        return tr("You") if start else tr("you")
    return members[0]


def _seat_name(names: Mapping[int, str], seat: int) -> str:
    return names[seat] if seat in names else tr("Seat {number}").format(number=seat + 1)


def line_heading(sheet: ScoreSheet) -> str:
    return tr(DEAL_HEADING if sheet.rules.players == 4 else HAND_HEADING)


def game_heading(sheet: ScoreSheet, game: SheetGame) -> str:
    """"Game 2" on a Hollywood sheet; "Game to 100" on a one-game sheet."""
    if len(sheet.games) == 1:
        return tr("Game to {target}").format(target=sheet.rules.target)
    return tr("Game {number}").format(number=game.number)


def game_short_heading(game: SheetGame) -> str:
    """A Hollywood game column's heading under the player's name: "G1", "G2", "G3"."""
    return tr("G{number}").format(number=game.number)


def game_state_text(sheet: ScoreSheet, game: SheetGame, names: Mapping[int, str]) -> str:
    """"won by you", "won by Ann & Bea", or "" while the game is open."""
    if game.winner is None:
        return ""
    members = [_seat_name(names, seat) for seat in sheet.side_seats[game.winner]]
    if len(members) == 1 and is_you(members[0]):
        return tr("won by you")
    if len(members) == 2 and any(is_you(name) for name in members):
        partner = next(name for name in members if not is_you(name))
        return tr("won by you and {other}").format(other=partner)
    return tr("won by {side}").format(side=side_label(sheet, game.winner, names))


def ending_words(ending: Ending, names: Mapping[int, str]) -> str:
    """"Ada knocked with 6: Ada scores 18", "Bo knocked with 7 and was undercut: you score
    25" (the engine's ``describe_hand``), or "Dead hand"."""
    if ending.kind == "draw" or ending.winner is None:
        return ending_text("draw", None)
    return describe_hand(ending.result, {seat: _seat_name(names, seat)
                                         for seat in (ending.knocker, ending.winner)
                                         if seat is not None})


def row_words(sheet: ScoreSheet, row: SheetRow, names: Mapping[int, str]) -> str:
    """How a line came about: "Ada knocked with 6: Ada scores 18", or per table in
    partnerships ("Table 1: You went gin: you score 31 · Table 2: ...")."""
    parts = []
    for ending in row.endings:
        words = ending_words(ending, names)
        if ending.table is not None:
            words = tr("Table {number}: {ending}").format(number=ending.table + 1, ending=words)
        parts.append(words)
    if not row.complete:
        parts.append(tr(DEAL_IN_PLAY))
    return " · ".join(parts)
