"""Statistics figures, the per-opponent lines and the charts, read from the stored matches.

One ``figures()`` call answers "overall", "per game", "per opponent" and "per line-up" (pass
the filter): it reads the one row of totals the writer keeps for that filter
(``storage/totals.py``), so it costs the same at any length of history. All averages are None
when there is nothing to average, so the window can show a dash.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ginrummy_desktop.engine.registry import game_names
from ginrummy_desktop.storage.database import HistoryRow, RecordIndex, StatsDatabase, StoredHand
from ginrummy_desktop.storage.records_io import (
    export_history_csv,
    export_records_jsonl,
    import_records_jsonl,
)
from ginrummy_desktop.storage.summaries import translated_lineup_label
from ginrummy_desktop.storage.totals import (
    ALL_OFFLINE,
    ALL_ONLINE,
    ANY,
    MATCH_ROW_SQL,
    ONLINE_PREFIX,
    Figures,
    MatchRef,
    Totals,
    accumulate,
    lineup_totals,
    read_totals,
    scope_of_filter,
)

__all__ = ["ALL_OFFLINE", "ALL_ONLINE", "ONLINE_PREFIX", "Figures", "MatchRef"]


def opponent_matches(wanted: str | None, opponent_id: str) -> bool:
    """Whether a match against ``opponent_id`` passes the opponent filter ``wanted``."""
    if wanted == ALL_ONLINE:
        return opponent_id.startswith(ONLINE_PREFIX)
    if wanted == ALL_OFFLINE:
        return not opponent_id.startswith(ONLINE_PREFIX)
    return wanted is None or opponent_id == wanted


def _where(profile: str, game: str | None, opponent_id: str | None, lineup: str | None = None
           ) -> tuple[str, list[object]]:
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
    if lineup is not None:
        clauses.append("m.lineup = ?")
        params.append(lineup)
    return " AND ".join(clauses), params


def figures(
    database: StatsDatabase, profile: str, game: str | None = None, opponent_id: str | None = None,
    lineup: str | None = None,
) -> Figures:
    """Figures for ``profile``, optionally only one game and/or one opponent (an id, or all
    online or all offline opponents) or one line-up (``MatchSummary.lineup``)."""
    database.check_totals()
    db = database.connection
    scope = scope_of_filter(game, opponent_id, lineup)
    totals = read_totals(db, profile, *scope) if scope is not None else None
    if totals is None:  # a filter no totals row keeps, or a damaged row: count the matches
        where, params = _where(profile, game, opponent_id, lineup)
        rows = db.execute(f"{MATCH_ROW_SQL} WHERE {where} ORDER BY 2, 1", params)
        totals = accumulate(rows, only=(ANY, ANY)).get((ANY, ANY), Totals())
    return totals.figures()


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
    """Lines grouped ``by`` "game" or "opponent", most played first. Opponent lines are one
    per line-up (keyed ``game/line-up``): two-player matches against one opponent are one
    line, and "Bea and Marjorie" in three-player gin is a line of its own."""
    if by not in ("game", "opponent"):
        raise ValueError("breakdown is by 'game' or 'opponent'")
    database.check_totals()
    db = database.connection
    if by == "game":
        found = [(game, game, totals) for game in game_names()
                 if (totals := read_totals(db, profile, game, ANY)) is not None
                 and totals.counts["played"]]
    else:
        found = [(f"{game}/{lineup}", translated_lineup_label(totals.label), totals)
                 for game, lineup, totals in lineup_totals(db, profile)]
    lines = [OpponentLine(key, label, t.counts["played"], t.counts["won"], t.counts["lost"],
                          t.total("hands_played"), t.total("points_for"),
                          t.total("points_against"))
             for key, label, t in found]
    return sorted(lines, key=lambda line: (-line.matches, line.label.casefold()))


def win_rate_over_time(
    database: StatsDatabase, profile: str, game: str | None = None, window: int = 20,
    opponent_id: str | None = None, lineup: str | None = None,
) -> list[tuple[float, float]]:
    """``(ended_at, win rate of the last `window` decided matches)`` for each decided match."""
    where, params = _where(profile, game, opponent_id, lineup)
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
    opponent_id: str | None = None, lineup: str | None = None,
) -> dict[int, int]:
    """``{points the player scored in a hand: number of hands}``, zero-point hands included."""
    where, params = _where(profile, game, opponent_id, lineup)
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

    def lines(self) -> tuple[str, list[OpponentLine]]:
        """(the profile, its per-line-up lines): as cheap at 100,000 matches as at 10."""
        profile = self.profile
        return profile, breakdown(self.database, profile, by="opponent")

    def history(self, after_id: int = 0) -> tuple[str, list[tuple[Any, ...]]]:
        """(the profile, its matches newest first as plain tuples in ``HistoryRow``'s field
        order; ``after_id``: only those stored after it)."""
        profile = self.profile
        return profile, self.database.history_rows(profile, after_id)

    def figures(self, game: str | None, opponent_id: str | None,
                lineup: str | None = None) -> Figures:
        return figures(self.database, self.profile, game, opponent_id, lineup)

    def charts(self, game: str | None, opponent_id: str | None, lineup: str | None = None
               ) -> tuple[list[tuple[float, float]], dict[int, int]]:
        """(win rate over time, points per hand distribution) for the filter."""
        profile = self.profile
        return (win_rate_over_time(self.database, profile, game, opponent_id=opponent_id,
                                   lineup=lineup),
                points_per_hand_distribution(self.database, profile, game, opponent_id, lineup))

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

    def import_records(self, path: Path, keep_going: Callable[[int], bool] | None = None
                       ) -> str:
        """Import a JSON-lines file of records; returns the report for a person to read.
        ``keep_going(line number)`` is asked before each line: False cancels, storing
        nothing."""
        return import_records_jsonl(self.database, self.profile, path, keep_going).summary()
