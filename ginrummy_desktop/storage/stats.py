"""Statistics figures computed in SQL from the stored summaries.

One ``figures()`` call answers "overall", "per game" and "per opponent" (pass the filter). All
averages are None when there is nothing to average, so the window can show a dash.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path
from typing import Any

from ginrummy_desktop.engine.gin.results import arcade_score
from ginrummy_desktop.storage.database import HistoryRow, RecordIndex, StatsDatabase, StoredHand
from ginrummy_desktop.storage.migrations import MATCH_TOTAL_COLUMNS
from ginrummy_desktop.storage.records_io import (
    export_history_csv,
    export_records_jsonl,
    import_records_jsonl,
)


@dataclass(frozen=True, slots=True)
class MatchRef:
    """A match picked out by a figure (best/worst): id, scores and margin."""

    match_id: int
    player_score: int
    opponent_score: int

    @property
    def margin(self) -> int:
        return self.player_score - self.opponent_score


@dataclass(frozen=True)
class Figures:
    """Everything the Statistics window shows for one filter. Counts are from the player's side."""

    matches_played: int = 0
    matches_won: int = 0
    matches_lost: int = 0
    matches_abandoned: int = 0
    hands_played: int = 0
    hands_won: int = 0
    points_for: int = 0
    points_against: int = 0
    # Gin Rummy
    gins: int = 0
    big_gins: int = 0
    knocks: int = 0
    undercuts_given: int = 0
    undercuts_taken: int = 0
    average_deadwood_caught: float | None = None
    average_hand_turns: float | None = None
    best_match: MatchRef | None = None
    worst_match: MatchRef | None = None
    best_score: int | None = None  # the best arcade score of a won gin match
    longest_win_streak: int = 0
    longest_losing_streak: int = 0
    current_streak: int = 0  # +n: n wins in a row now; -n: n losses in a row
    # Cribbage
    average_hand_points: float | None = None
    average_crib_points: float | None = None
    average_pegging_points: float | None = None
    skunks_given: int = 0
    double_skunks_given: int = 0
    skunks_taken: int = 0
    double_skunks_taken: int = 0
    best_hand: int | None = None
    best_pegging: int | None = None

    @property
    def win_rate(self) -> float | None:
        """Won / (won + lost): abandoned matches do not count either way."""
        decided = self.matches_won + self.matches_lost
        return self.matches_won / decided if decided else None

    @property
    def hand_win_rate(self) -> float | None:
        return self.hands_won / self.hands_played if self.hands_played else None

    @property
    def average_points_per_hand(self) -> float | None:
        return self.points_for / self.hands_played if self.hands_played else None


#: Online matches are stored with the opponent ``online:<user name>``. These two opponent
#: filters stand for every online, or every offline, opponent.
ONLINE_PREFIX = "online:"
ALL_ONLINE, ALL_OFFLINE = "online:*", "offline:*"


def opponent_matches(wanted: str | None, opponent_id: str) -> bool:
    """Whether a match against ``opponent_id`` passes the opponent filter ``wanted``."""
    if wanted == ALL_ONLINE:
        return opponent_id.startswith(ONLINE_PREFIX)
    if wanted == ALL_OFFLINE:
        return not opponent_id.startswith(ONLINE_PREFIX)
    return wanted is None or opponent_id == wanted


def _where(profile: str, game: str | None, opponent_id: str | None) -> tuple[str, list[object]]:
    clauses: list[str] = ["m.profile = ?"]
    params: list[object] = [profile]
    if game is not None:
        clauses.append("m.game = ?")
        params.append(game)
    if opponent_id in (ALL_ONLINE, ALL_OFFLINE):
        negate = "NOT " if opponent_id == ALL_OFFLINE else ""
        clauses.append(f"{negate}substr(m.opponent_id, 1, {len(ONLINE_PREFIX)}) = ?")
        params.append(ONLINE_PREFIX)
    elif opponent_id is not None:
        clauses.append("m.opponent_id = ?")
        params.append(opponent_id)
    return " AND ".join(clauses), params


def figures(
    database: StatsDatabase, profile: str, game: str | None = None, opponent_id: str | None = None
) -> Figures:
    """Figures for ``profile``, optionally only one game and/or one opponent."""
    db = database.connection
    where, params = _where(profile, game, opponent_id)
    row = db.execute(
        "SELECT COUNT(*), "
        "COALESCE(SUM(m.result = 'win'), 0), COALESCE(SUM(m.result = 'loss'), 0), "
        "COALESCE(SUM(m.result = 'abandoned'), 0), "
        "COALESCE(SUM(m.result = 'win' AND m.skunk = 1), 0), "
        "COALESCE(SUM(m.result = 'win' AND m.skunk >= 2), 0), "
        "COALESCE(SUM(m.result = 'loss' AND m.skunk = 1), 0), "
        "COALESCE(SUM(m.result = 'loss' AND m.skunk >= 2), 0), "
        + ", ".join(f"COALESCE(SUM(m.{c}), 0)" for c in _SUMMED)
        + ", MAX(m.best_hand), MAX(m.best_pegging) "
        f"FROM matches m WHERE {where}",
        params,
    ).fetchone()
    played, won, lost, abandoned, sk_g, dsk_g, sk_t, dsk_t = row[:8]
    totals = dict(zip(_SUMMED, row[8:8 + len(_SUMMED)], strict=True))
    best_hand, best_pegging = row[-2:]
    # One ordered pass over the decided matches gives the streaks and the best/worst match.
    decided = db.execute(
        f"SELECT m.result, m.id, m.player_score, m.opponent_score, m.game FROM matches m "
        f"WHERE {where} AND m.result != 'abandoned' ORDER BY m.ended_at, m.id",
        params,
    ).fetchall()
    longest_win, longest_loss, current = _streaks([result for result, *_ in decided])
    refs = [MatchRef(match_id, mine, theirs) for _, match_id, mine, theirs, _g in decided]
    best_score = max((arcade_score(mine, theirs) for result, _id, mine, theirs, game in decided
                      if result == "win" and game == "gin"), default=None)
    # max/min keep the first of equal margins: the earliest match, as the window says.
    best = max(refs, key=lambda ref: ref.margin, default=None)
    worst = min(refs, key=lambda ref: ref.margin, default=None)
    return Figures(
        matches_played=played, matches_won=won, matches_lost=lost, matches_abandoned=abandoned,
        hands_played=totals["hands_played"], hands_won=totals["hands_won"],
        points_for=totals["points_for"], points_against=totals["points_against"],
        gins=totals["gins"], big_gins=totals["big_gins"], knocks=totals["knocks"],
        undercuts_given=totals["undercuts_given"], undercuts_taken=totals["undercuts_taken"],
        average_deadwood_caught=_mean(totals, "deadwood_caught"),
        average_hand_turns=_mean(totals, "turns"),
        average_hand_points=_mean(totals, "hand_points"),
        average_crib_points=_mean(totals, "crib_points"),
        average_pegging_points=_mean(totals, "pegging_points"),
        best_hand=best_hand, best_pegging=best_pegging,
        best_match=best,
        worst_match=worst,
        best_score=best_score,
        longest_win_streak=longest_win, longest_losing_streak=longest_loss,
        current_streak=current, skunks_given=sk_g, double_skunks_given=dsk_g,
        skunks_taken=sk_t, double_skunks_taken=dsk_t,
    )


_SUMMED = tuple(c for c in MATCH_TOTAL_COLUMNS if c not in ("best_hand", "best_pegging"))


def _mean(totals: dict[str, int], name: str) -> float | None:
    count = totals[f"{name}_count"]
    return totals[f"{name}_sum"] / count if count else None


def _streaks(results: list[str]) -> tuple[int, int, int]:
    """(longest run of wins, longest run of losses, current run: +wins or -losses)."""
    longest = {"win": 0, "loss": 0}
    current = 0
    for result, run in groupby(results):
        length = sum(1 for _ in run)
        longest[result] = max(longest[result], length)
        current = length if result == "win" else -length
    return longest["win"], longest["loss"], current


@dataclass(frozen=True, slots=True)
class OpponentLine:
    """One row of the per-opponent (or per-game) breakdown."""

    key: str
    label: str
    matches: int
    won: int
    lost: int
    hands: int
    points_for: int
    points_against: int

    @property
    def win_rate(self) -> float | None:
        return self.won / (self.won + self.lost) if self.won + self.lost else None

    @property
    def average_points_per_hand(self) -> float | None:
        return self.points_for / self.hands if self.hands else None


def breakdown(database: StatsDatabase, profile: str, by: str) -> list[OpponentLine]:
    """Lines grouped ``by`` "game" or "opponent" (opponents keyed ``game/opponent_id``)."""
    if by not in ("game", "opponent"):
        raise ValueError("breakdown is by 'game' or 'opponent'")
    key = "m.game" if by == "game" else "m.game || '/' || m.opponent_id"
    label = "m.game" if by == "game" else "MAX(m.opponent_name)"
    rows = database.connection.execute(
        f"SELECT {key}, {label}, COUNT(*), SUM(m.result = 'win'), SUM(m.result = 'loss'), "
        "SUM(m.hands_played), SUM(m.points_for), SUM(m.points_against) "
        f"FROM matches m WHERE m.profile = ? GROUP BY {key} ORDER BY COUNT(*) DESC",
        (profile,),
    ).fetchall()
    return [OpponentLine(*row) for row in rows]


def win_rate_over_time(
    database: StatsDatabase, profile: str, game: str | None = None, window: int = 20,
    opponent_id: str | None = None,
) -> list[tuple[float, float]]:
    """``(ended_at, win rate of the last `window` decided matches)`` for each decided match."""
    where, params = _where(profile, game, opponent_id)
    rows = database.connection.execute(
        f"SELECT m.ended_at, m.result = 'win' FROM matches m WHERE {where} "
        "AND m.result != 'abandoned' ORDER BY m.ended_at, m.id",
        params,
    ).fetchall()
    points: list[tuple[float, float]] = []
    wins_in_window = 0
    for index, (ended_at, won) in enumerate(rows):
        wins_in_window += won
        if index >= window:
            wins_in_window -= rows[index - window][1]
        points.append((ended_at, wins_in_window / min(index + 1, window)))
    return points


def points_per_hand_distribution(
    database: StatsDatabase, profile: str, game: str | None = None,
    opponent_id: str | None = None,
) -> dict[int, int]:
    """``{points the player scored in a hand: number of hands}``, zero-point hands included."""
    where, params = _where(profile, game, opponent_id)
    rows = database.connection.execute(
        f"SELECT h.player_points, COUNT(*) FROM hands h JOIN matches m ON m.id = h.match_id "
        f"WHERE {where} GROUP BY h.player_points ORDER BY h.player_points",
        params,
    ).fetchall()
    return dict(rows)


@dataclass(frozen=True, slots=True)
class Overview:
    """What the Statistics window loads at once: the profile it belongs to, the per-opponent
    lines and the whole match history."""

    profile: str
    lines: list[OpponentLine]
    history: list[HistoryRow]


class StatisticsQueries:
    """Everything the Statistics window reads and writes, for the current profile of a
    ``Storage``, as plain blocking calls: the window runs them on its storage thread, so it
    never imports storage itself and never waits for the database."""

    def __init__(self, storage: Any) -> None:
        self._storage = storage

    @property
    def profile(self) -> str:
        return str(self._storage.profile)

    @property
    def database(self) -> StatsDatabase:
        return self._storage.database

    def subscribe_profile(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback`` after any settings change (a profile switch among them); returns
        the function that unsubscribes."""
        return self._storage.settings.subscribe(
            lambda _settings, _changed: callback())

    def overview(self) -> Overview:
        profile = self.profile
        return Overview(profile, breakdown(self.database, profile, by="opponent"),
                        self.database.history(profile))

    def figures(self, game: str | None, opponent_id: str | None) -> Figures:
        return figures(self.database, self.profile, game, opponent_id)

    def charts(self, game: str | None, opponent_id: str | None
               ) -> tuple[list[tuple[float, float]], dict[int, int]]:
        """(win rate over time, points per hand distribution) for the filter."""
        profile = self.profile
        return (win_rate_over_time(self.database, profile, game, opponent_id=opponent_id),
                points_per_hand_distribution(self.database, profile, game, opponent_id))

    def match_hands(self, match_id: int) -> list[StoredHand]:
        return self.database.match_hands(match_id)

    def match_rules(self, match_id: int) -> dict[str, Any] | None:
        """The rules the match was played under, from its first readable hand record (None
        when no record was kept): the chart draws the match's own target and lines."""
        for hand in self.database.match_hands(match_id):
            record = self.database.record(hand.record_id) if hand.record_id is not None else None
            if record is not None and isinstance(record.get("rules"), dict):
                return record["rules"]
        return None

    def record(self, record_id: int) -> dict[str, Any] | None:
        return self.database.record(record_id)

    def records(self) -> RecordIndex:
        """The records list; damaged rows are left out and counted (``.skipped``)."""
        return self.database.record_index(self.profile)

    def record_match(self, summary: Any) -> int:
        """Store a finished or abandoned match (``MatchSummary``) for the current profile."""
        return int(self._storage.record_match(summary))

    def export_history(self, path: Path) -> int:
        return export_history_csv(self.database, self.profile, path)

    def export_records(self, path: Path) -> int:
        return export_records_jsonl(self.database, self.profile, path)

    def import_records(self, path: Path) -> str:
        """Import a JSON-lines file of records; returns the report for a person to read."""
        return import_records_jsonl(self.database, self.profile, path).summary()
