"""Figures kept up to date by the writer, so reading them costs the same at 100 or 100,000
matches.

Every filter the Statistics window offers (a game or all; everyone, one opponent, one line-up,
all online or all offline opponents) is a *scope* with one row in ``figure_totals``: counts,
sums, the best and worst match, streaks so far. Storing a match adds it to its scopes in the
same transaction (``add_matches``). Streaks need matches in the order they ended, so a match
that ended before the last one counted (a clock put back, another copy's late write) rebuilds
the profile's totals from its match rows instead (``rebuild_totals``), as does the first use
of a database whose totals do not count its matches (``ensure_totals``: an older version's
file, rows added by hand). One accumulator (``Totals.add``) serves both ways, so they cannot differ.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ginrummy_desktop.engine import registry
from ginrummy_desktop.storage.migrations import MATCH_TOTAL_COLUMNS
from ginrummy_desktop.storage.summaries import lineup_label, stored_seat_names

#: Online matches are stored with the opponent ``online:<user name>``. These two opponent
#: filters stand for every online, or every offline, opponent.
ONLINE_PREFIX = "online:"
ALL_ONLINE, ALL_OFFLINE = "online:*", "offline:*"
ANY = "*"
TOTALS_VERSION = 1  # bump when the stored accumulator changes: every profile is rebuilt


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
    best_score: int | None = None  # the best arcade score of a won match (gin's: see below)
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


_SUMMED = tuple(c for c in MATCH_TOTAL_COLUMNS if c not in ("best_hand", "best_pegging"))
_COUNTS = ("played", "won", "lost", "abandoned", "skunks_given", "double_skunks_given",
           "skunks_taken", "double_skunks_taken", "longest_win", "longest_loss", "current")

# One match as the accumulator reads it. Numbers are CAST so a hand-edited row (text where a
# number belongs) counts as 0 rather than breaking the sums, as SQL's SUM did.
MATCH_ROW_SQL = (
    "SELECT m.id, CAST(m.ended_at AS REAL), m.game, m.result, CAST(m.skunk AS INTEGER), "
    "CAST(m.player_score AS INTEGER), CAST(m.opponent_score AS INTEGER), m.opponent_id, "
    "m.lineup, m.opponent_name, m.seat_names, CAST(m.player_seat AS INTEGER), "
    + ", ".join(f"CAST(m.{c} AS INTEGER)" for c in MATCH_TOTAL_COLUMNS)
    + " FROM matches m"
)
_FIRST_TOTAL = 12  # index of the first MATCH_TOTAL_COLUMNS value in a MATCH_ROW_SQL row


def match_score(game: str, mine: int, theirs: int) -> int | None:
    """The arcade score of a won match of ``game`` (its spec's optional ``match_score``: gin's
    is (mine - theirs) x 200), None for a game that keeps none or is not registered."""
    if game not in registry.GAMES:
        return None
    try:
        score = getattr(registry.get_game(game), "match_score", None)
    except ValueError:  # registered but not importable: its matches still count
        return None
    return None if score is None else int(score(mine, theirs))


class Totals:
    """The running figures of one scope; ``add`` takes match rows in the order they ended."""

    __slots__ = ("counts", "sums", "best_hand", "best_pegging", "best", "worst", "best_score",
                 "last", "label")

    def __init__(self) -> None:
        self.counts = dict.fromkeys(_COUNTS, 0)
        self.sums = [0] * len(_SUMMED)  # in _SUMMED's order
        self.best_hand: int | None = None
        self.best_pegging: int | None = None
        self.best: list[int] | None = None  # [margin, id, player score, opponent score]
        self.worst: list[int] | None = None
        self.best_score: int | None = None
        self.last: list[float] = [float("-inf"), -1.0]  # (ended_at, id) of the last match
        self.label = ""

    def total(self, name: str) -> int:
        """One of the summed hand totals (``MATCH_TOTAL_COLUMNS``), e.g. "points_for"."""
        return self.sums[_SUMMED.index(name)]

    def comes_after(self, row: Sequence[Any]) -> bool:
        """Whether ``row`` ended after every match counted so far (streaks stay right)."""
        return (row[1], row[0]) >= (self.last[0], self.last[1])

    def add(self, row: Sequence[Any], label: str) -> None:
        """Count one match row (``MATCH_ROW_SQL``); ``label`` is its line-up in words."""
        match_id, ended_at, game, result, skunk, mine, theirs = row[:7]
        counts = self.counts
        counts["played"] += 1
        self.last = [ended_at, match_id]
        self.label = label
        self.sums = [total + (value or 0) for total, value in
                     zip(self.sums, row[_FIRST_TOTAL:_FIRST_TOTAL + len(_SUMMED)], strict=True)]
        hand, pegging = row[-2], row[-1]
        if hand is not None:
            self.best_hand = hand if self.best_hand is None else max(self.best_hand, hand)
        if pegging is not None:
            self.best_pegging = pegging if self.best_pegging is None else \
                max(self.best_pegging, pegging)
        if result not in ("win", "loss"):
            counts["abandoned"] += 1
            return
        mine, theirs, skunk = mine or 0, theirs or 0, skunk or 0
        won = result == "win"
        side = "given" if won else "taken"
        counts["won" if won else "lost"] += 1
        if skunk == 1:
            counts[f"skunks_{side}"] += 1
        elif skunk >= 2:
            counts[f"double_skunks_{side}"] += 1
        current = counts["current"]
        counts["current"] = (max(current, 0) + 1) if won else (min(current, 0) - 1)
        counts["longest_win"] = max(counts["longest_win"], counts["current"])
        counts["longest_loss"] = max(counts["longest_loss"], -counts["current"])
        margin = mine - theirs
        # Strictly better only: of equal margins the earliest match stays, as the window says.
        if self.best is None or margin > self.best[0]:
            self.best = [margin, match_id, mine, theirs]
        if self.worst is None or margin < self.worst[0]:
            self.worst = [margin, match_id, mine, theirs]
        score = match_score(str(game), mine, theirs) if won else None
        if score is not None:
            self.best_score = score if self.best_score is None else max(self.best_score, score)

    def figures(self) -> Figures:
        counts, sums = self.counts, dict(zip(_SUMMED, self.sums, strict=True))

        def mean(name: str) -> float | None:
            count = sums[f"{name}_count"]
            return sums[f"{name}_sum"] / count if count else None

        def ref(found: list[int] | None) -> MatchRef | None:
            return None if found is None else MatchRef(found[1], found[2], found[3])

        return Figures(
            matches_played=counts["played"], matches_won=counts["won"],
            matches_lost=counts["lost"], matches_abandoned=counts["abandoned"],
            hands_played=sums["hands_played"], hands_won=sums["hands_won"],
            points_for=sums["points_for"], points_against=sums["points_against"],
            gins=sums["gins"], big_gins=sums["big_gins"], knocks=sums["knocks"],
            undercuts_given=sums["undercuts_given"], undercuts_taken=sums["undercuts_taken"],
            average_deadwood_caught=mean("deadwood_caught"), average_hand_turns=mean("turns"),
            average_hand_points=mean("hand_points"), average_crib_points=mean("crib_points"),
            average_pegging_points=mean("pegging_points"),
            best_hand=self.best_hand, best_pegging=self.best_pegging,
            best_match=ref(self.best), worst_match=ref(self.worst), best_score=self.best_score,
            longest_win_streak=counts["longest_win"],
            longest_losing_streak=counts["longest_loss"], current_streak=counts["current"],
            skunks_given=counts["skunks_given"], double_skunks_given=counts["double_skunks_given"],
            skunks_taken=counts["skunks_taken"], double_skunks_taken=counts["double_skunks_taken"],
        )

    def to_json(self) -> str:
        return json.dumps({
            "version": TOTALS_VERSION, "counts": self.counts,
            "sums": dict(zip(_SUMMED, self.sums, strict=True)),
            "best_hand": self.best_hand, "best_pegging": self.best_pegging, "best": self.best,
            "worst": self.worst, "best_score": self.best_score, "last": self.last,
            "label": self.label,
        }, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: Any) -> Totals | None:
        """The stored totals, or None when the row is not ours (then it is rebuilt)."""
        try:
            data = json.loads(text)
            if data["version"] != TOTALS_VERSION:
                return None
            totals = cls()
            totals.counts = {name: int(data["counts"][name]) for name in _COUNTS}
            totals.sums = [int(data["sums"][name]) for name in _SUMMED]
            totals.best_hand, totals.best_pegging = data["best_hand"], data["best_pegging"]
            totals.best, totals.worst = data["best"], data["worst"]
            totals.best_score = data["best_score"]
            totals.last = [float(data["last"][0]), float(data["last"][1])]
            totals.label = str(data["label"])
        except (TypeError, ValueError, KeyError, IndexError):
            return None
        return totals


def row_label(row: Sequence[Any]) -> str:
    """A match row's line-up in words (``summaries.lineup_label``)."""
    names = stored_seat_names(row[10]) if row[10] is not None else []
    return lineup_label(row[9], names, row[11] or 0, translated=False)  # stored: English


def scopes_of(row: Sequence[Any]) -> list[tuple[str, str]]:
    """Every (game, scope) a match row counts in."""
    game, opponent_id, lineup = row[2], row[7], row[8]
    side = ALL_ONLINE if str(opponent_id).startswith(ONLINE_PREFIX) else ALL_OFFLINE
    scopes = (ANY, side, f"opponent:{opponent_id}", f"lineup:{lineup}")
    return [(g, scope) for g in (ANY, str(game)) for scope in scopes]


def scope_of_filter(game: str | None, opponent_id: str | None, lineup: str | None
                    ) -> tuple[str, str] | None:
    """The (game, scope) row that answers a filter, or None for a filter no row keeps (an
    opponent and a line-up at once)."""
    if opponent_id is not None and lineup is not None:
        return None
    if lineup is not None:
        scope = f"lineup:{lineup}"
    elif opponent_id in (None, ALL_ONLINE, ALL_OFFLINE):
        scope = opponent_id or ANY
    else:
        scope = f"opponent:{opponent_id}"
    return (game or ANY, scope)


def read_totals(db: sqlite3.Connection, profile: str, game: str, scope: str) -> Totals | None:
    """The stored totals of a scope: empty ones when it has no match, None when damaged."""
    row = db.execute("SELECT data FROM figure_totals WHERE profile = ? AND game = ? AND "
                     "scope = ?", (profile, game, scope)).fetchone()
    return Totals() if row is None else Totals.from_json(row[0])


def lineup_totals(db: sqlite3.Connection, profile: str, game: str | None = None
                  ) -> list[tuple[str, str, Totals]]:
    """``(game, line-up, totals)`` of every line-up of ``profile`` (one game or all)."""
    rows = db.execute(
        "SELECT game, substr(scope, 8), data FROM figure_totals WHERE profile = ? AND "
        "game != ? AND substr(scope, 1, 7) = 'lineup:'" + (" AND game = ?" if game else ""),
        (profile, ANY, game) if game else (profile, ANY),
    ).fetchall()
    found = [(g, key, Totals.from_json(data)) for g, key, data in rows]
    return [(g, key, totals) for g, key, totals in found if totals is not None]


def add_matches(db: sqlite3.Connection, profile: str, match_ids: Iterable[int]) -> None:
    """Count newly stored matches in their scopes (inside the writer's transaction)."""
    ids = list(match_ids)
    if not ids:
        return
    rows = db.execute(
        f"{MATCH_ROW_SQL} WHERE m.id IN ({', '.join('?' * len(ids))}) ORDER BY 2, 1", ids
    ).fetchall()
    cache: dict[tuple[str, str], Totals] = {}
    for row in rows:
        label = row_label(row)
        for key in scopes_of(row):
            totals = cache.get(key)
            if totals is None:
                totals = read_totals(db, profile, *key)
                if totals is None or not totals.comes_after(row):
                    rebuild_totals(db, profile)  # damaged, or a match out of order
                    return
                cache[key] = totals
            totals.add(row, label)
    _write(db, profile, cache)


def rebuild_totals(db: sqlite3.Connection, profile: str) -> None:
    """Recount every scope of ``profile`` from its match rows."""
    db.execute("DELETE FROM figure_totals WHERE profile = ?", (profile,))
    _write(db, profile, accumulate(db.execute(
        f"{MATCH_ROW_SQL} WHERE m.profile = ? ORDER BY 2, 1", (profile,))))


def accumulate(rows: Iterable[Sequence[Any]], only: tuple[str, str] | None = None
               ) -> dict[tuple[str, str], Totals]:
    """Totals per scope of match rows in the order they ended (``only``: one scope, and every
    row counts in it: the rows were already filtered)."""
    found: dict[tuple[str, str], Totals] = {}
    for row in rows:
        label = row_label(row)
        for key in [only] if only else scopes_of(row):
            totals = found.get(key)
            if totals is None:
                totals = found[key] = Totals()
            totals.add(row, label)
    return found


def _write(db: sqlite3.Connection, profile: str, totals: dict[tuple[str, str], Totals]) -> None:
    db.executemany(
        "INSERT OR REPLACE INTO figure_totals (profile, game, scope, data) VALUES (?, ?, ?, ?)",
        [(profile, game, scope, value.to_json()) for (game, scope), value in totals.items()])


def ensure_totals(db: sqlite3.Connection) -> None:
    """Rebuild the totals of every profile whose count of matches is not its totals' count
    (a database upgraded from an older version, rows added by another program)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        stored = dict(db.execute(
            "SELECT profile, data FROM figure_totals WHERE game = ? AND scope = ?", (ANY, ANY)
        ).fetchall())
        counted = dict(db.execute("SELECT profile, COUNT(*) FROM matches GROUP BY profile"))
        for profile in set(stored) | set(counted):
            totals = Totals.from_json(stored[profile]) if profile in stored else None
            if (totals.counts["played"] if totals else 0) != counted.get(profile, 0) or \
                    (profile in stored and totals is None):
                rebuild_totals(db, profile)
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
