"""Statistics figures computed in SQL from the stored summaries.

One ``figures()`` call answers "overall", "per game" and "per opponent" (pass the filter). All
averages are None when there is nothing to average, so the window can show a dash.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from ginrummy_desktop.storage.database import StatsDatabase


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


def _where(profile: str, game: str | None, opponent_id: str | None) -> tuple[str, list[object]]:
    clauses, params = ["m.profile = ?"], [profile]
    if game is not None:
        clauses.append("m.game = ?")
        params.append(game)
    if opponent_id is not None:
        clauses.append("m.opponent_id = ?")
        params.append(opponent_id)
    return " AND ".join(clauses), params


def figures(
    database: StatsDatabase, profile: str, game: str | None = None, opponent_id: str | None = None
) -> Figures:
    """Figures for ``profile``, optionally only one game and/or one opponent."""
    db = database.connection
    where, params = _where(profile, game, opponent_id)
    played, won, lost, abandoned, sk_g, dsk_g, sk_t, dsk_t = db.execute(
        "SELECT COUNT(*), "
        "COALESCE(SUM(m.result = 'win'), 0), COALESCE(SUM(m.result = 'loss'), 0), "
        "COALESCE(SUM(m.result = 'abandoned'), 0), "
        "COALESCE(SUM(m.result = 'win' AND m.skunk = 1), 0), "
        "COALESCE(SUM(m.result = 'win' AND m.skunk >= 2), 0), "
        "COALESCE(SUM(m.result = 'loss' AND m.skunk = 1), 0), "
        "COALESCE(SUM(m.result = 'loss' AND m.skunk >= 2), 0) "
        f"FROM matches m WHERE {where}",
        params,
    ).fetchone()
    hands = db.execute(
        "SELECT COUNT(*), COALESCE(SUM(h.winner = 'player'), 0), "
        "COALESCE(SUM(h.player_points), 0), COALESCE(SUM(h.opponent_points), 0), "
        "COALESCE(SUM(h.ending = 'gin' AND h.knocker = 'player'), 0), "
        "COALESCE(SUM(h.ending = 'big_gin' AND h.knocker = 'player'), 0), "
        "COALESCE(SUM(h.ending IN ('knock', 'undercut') AND h.knocker = 'player'), 0), "
        "COALESCE(SUM(h.ending = 'undercut' AND h.knocker = 'opponent'), 0), "
        "COALESCE(SUM(h.ending = 'undercut' AND h.knocker = 'player'), 0), "
        "AVG(CASE WHEN h.knocker = 'opponent' AND h.ending IN ('knock', 'gin', 'big_gin') "
        "    THEN h.player_deadwood END), "
        "AVG(h.turns), AVG(h.hand_points), AVG(h.crib_points), AVG(h.pegging_points), "
        "MAX(h.hand_points), MAX(h.pegging_points) "
        f"FROM hands h JOIN matches m ON m.id = h.match_id WHERE {where}",
        params,
    ).fetchone()
    results = [r for (r,) in db.execute(
        f"SELECT m.result FROM matches m WHERE {where} AND m.result != 'abandoned' "
        "ORDER BY m.ended_at, m.id",
        params,
    )]
    longest_win, longest_loss, current = _streaks(results)
    return Figures(
        matches_played=played, matches_won=won, matches_lost=lost, matches_abandoned=abandoned,
        hands_played=hands[0], hands_won=hands[1], points_for=hands[2], points_against=hands[3],
        gins=hands[4], big_gins=hands[5], knocks=hands[6], undercuts_given=hands[7],
        undercuts_taken=hands[8], average_deadwood_caught=hands[9], average_hand_turns=hands[10],
        average_hand_points=hands[11], average_crib_points=hands[12],
        average_pegging_points=hands[13], best_hand=hands[14], best_pegging=hands[15],
        best_match=_extreme_match(db, where, params, "DESC"),
        worst_match=_extreme_match(db, where, params, "ASC"),
        longest_win_streak=longest_win, longest_losing_streak=longest_loss,
        current_streak=current, skunks_given=sk_g, double_skunks_given=dsk_g,
        skunks_taken=sk_t, double_skunks_taken=dsk_t,
    )


def _extreme_match(
    db: sqlite3.Connection, where: str, params: list[object], order: str
) -> MatchRef | None:
    row = db.execute(
        f"SELECT m.id, m.player_score, m.opponent_score FROM matches m WHERE {where} "
        f"AND m.result != 'abandoned' ORDER BY m.player_score - m.opponent_score {order}, "
        "m.ended_at LIMIT 1",
        params,
    ).fetchone()
    return MatchRef(*row) if row else None


def _streaks(results: list[str]) -> tuple[int, int, int]:
    longest_win = longest_loss = run = 0
    previous = None
    for result in results:
        run = run + 1 if result == previous else 1
        previous = result
        if result == "win":
            longest_win = max(longest_win, run)
        else:
            longest_loss = max(longest_loss, run)
    current = 0 if previous is None else (run if previous == "win" else -run)
    return longest_win, longest_loss, current


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
        "COALESCE(SUM(hs.n), 0), COALESCE(SUM(hs.pf), 0), COALESCE(SUM(hs.pa), 0) "
        "FROM matches m LEFT JOIN (SELECT match_id, COUNT(*) AS n, SUM(player_points) AS pf, "
        "SUM(opponent_points) AS pa FROM hands GROUP BY match_id) hs ON hs.match_id = m.id "
        f"WHERE m.profile = ? GROUP BY {key} ORDER BY COUNT(*) DESC",
        (profile,),
    ).fetchall()
    return [OpponentLine(*row) for row in rows]


def win_rate_over_time(
    database: StatsDatabase, profile: str, game: str | None = None, window: int = 20
) -> list[tuple[float, float]]:
    """``(ended_at, win rate of the last `window` decided matches)`` for each decided match."""
    where, params = _where(profile, game, None)
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
    database: StatsDatabase, profile: str, game: str | None = None
) -> dict[int, int]:
    """``{points the player scored in a hand: number of hands}``, zero-point hands included."""
    where, params = _where(profile, game, None)
    rows = database.connection.execute(
        f"SELECT h.player_points, COUNT(*) FROM hands h JOIN matches m ON m.id = h.match_id "
        f"WHERE {where} GROUP BY h.player_points ORDER BY h.player_points",
        params,
    ).fetchall()
    return dict(rows)
