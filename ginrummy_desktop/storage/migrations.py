"""The statistics database schema as an append-only list of forward migrations.

``MIGRATIONS[i]`` takes a database from ``PRAGMA user_version`` i to i + 1. Never edit a
migration that has shipped; append a new one. Each runs inside one ``BEGIN IMMEDIATE``
transaction together with its ``user_version`` bump, so a crash mid-migration changes nothing
(the loop is ``schema_steps.migrate_in_steps``, shared with the online service store).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import sqlite3
from collections.abc import Callable, Iterator

from ginrummy_desktop.schema_steps import migrate_in_steps

Migration = Callable[[sqlite3.Connection], None]


def record_digest(text: str) -> str:
    """Identity of a stored record (dedupes imports); registered in SQL as ``sha256(text)``."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _v1_matches_and_hands(db: sqlite3.Connection) -> None:
    db.execute(
        """CREATE TABLE matches (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            opponent_id TEXT NOT NULL,
            opponent_name TEXT NOT NULL,
            rules TEXT NOT NULL,
            started_at REAL NOT NULL,
            ended_at REAL NOT NULL,
            player_score INTEGER NOT NULL,
            opponent_score INTEGER NOT NULL,
            result TEXT NOT NULL,
            skunk INTEGER NOT NULL DEFAULT 0)"""
    )
    db.execute(
        """CREATE TABLE hands (
            id INTEGER PRIMARY KEY,
            match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            winner TEXT,
            player_points INTEGER NOT NULL,
            opponent_points INTEGER NOT NULL,
            player_total INTEGER NOT NULL,
            opponent_total INTEGER NOT NULL,
            ending TEXT,
            knocker TEXT,
            player_deadwood INTEGER,
            turns INTEGER,
            hand_points INTEGER,
            crib_points INTEGER,
            pegging_points INTEGER,
            record TEXT)"""
    )


def _v2_records_table(db: sqlite3.Connection) -> None:
    """Hand records move to their own table so imported records (with no match) fit too."""
    db.execute(
        """CREATE TABLE records (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            body TEXT NOT NULL,
            digest TEXT NOT NULL,
            source TEXT NOT NULL DEFAULT 'played',
            added_at REAL NOT NULL)"""
    )
    db.execute("ALTER TABLE hands ADD COLUMN record_id INTEGER REFERENCES records(id)")
    rows = db.execute(
        "SELECT hands.id, matches.game, hands.record, matches.ended_at FROM hands "
        "JOIN matches ON matches.id = hands.match_id WHERE hands.record IS NOT NULL"
    ).fetchall()
    for hand_id, game, body, ended_at in rows:
        cursor = db.execute(
            "INSERT INTO records (game, body, digest, source, added_at) VALUES (?, ?, ?, ?, ?)",
            (game, body, record_digest(body), "played", ended_at),
        )
        db.execute("UPDATE hands SET record_id = ? WHERE id = ?", (cursor.lastrowid, hand_id))
    db.execute("ALTER TABLE hands DROP COLUMN record")


def _v3_profiles_and_indexes(db: sqlite3.Connection) -> None:
    """Statistics per local profile, and indexes for the history window at 10,000+ matches."""
    db.execute("ALTER TABLE matches ADD COLUMN profile TEXT NOT NULL DEFAULT 'player'")
    db.execute("ALTER TABLE records ADD COLUMN profile TEXT NOT NULL DEFAULT 'player'")
    # Which seat of the hand records was the person (for naming players in replays).
    db.execute("ALTER TABLE matches ADD COLUMN player_seat INTEGER NOT NULL DEFAULT 0")
    db.execute(
        "UPDATE records SET profile = (SELECT matches.profile FROM hands JOIN matches "
        "ON matches.id = hands.match_id WHERE hands.record_id = records.id) "
        "WHERE id IN (SELECT record_id FROM hands WHERE record_id IS NOT NULL)"
    )
    # Collapse duplicate record bodies before the uniqueness rule that import relies on.
    db.execute(
        "UPDATE hands SET record_id = (SELECT MIN(r2.id) FROM records r1 JOIN records r2 "
        "ON r1.digest = r2.digest AND r1.profile = r2.profile WHERE r1.id = hands.record_id) "
        "WHERE record_id IS NOT NULL"
    )
    db.execute(
        "DELETE FROM records WHERE id NOT IN (SELECT MIN(id) FROM records GROUP BY profile, digest)"
    )
    db.execute("CREATE UNIQUE INDEX records_profile_digest ON records(profile, digest)")
    db.execute("CREATE INDEX matches_profile_ended ON matches(profile, ended_at)")
    db.execute("CREATE INDEX matches_profile_opponent ON matches(profile, game, opponent_id)")
    db.execute("CREATE INDEX hands_match ON hands(match_id, number)")


# Per-match totals of its hands, kept on the match row so the Statistics window aggregates
# 10,000 match rows instead of joining 80,000 hand rows. One definition serves the migration
# and every insert (``refresh_match_totals``), so the two can never disagree.
MATCH_TOTAL_COLUMNS = (
    "hands_played", "hands_won", "points_for", "points_against", "gins", "big_gins", "knocks",
    "undercuts_given", "undercuts_taken", "deadwood_caught_sum", "deadwood_caught_count",
    "turns_sum", "turns_count", "hand_points_sum", "hand_points_count", "crib_points_sum",
    "crib_points_count", "pegging_points_sum", "pegging_points_count", "best_hand",
    "best_pegging",
)
_CAUGHT = "knocker = 'opponent' AND ending IN ('knock', 'gin', 'big_gin')"
_MATCH_TOTALS_SELECT = (
    "SELECT COUNT(*), COALESCE(SUM(winner = 'player'), 0), COALESCE(SUM(player_points), 0), "
    "COALESCE(SUM(opponent_points), 0), "
    "COALESCE(SUM(ending = 'gin' AND knocker = 'player'), 0), "
    "COALESCE(SUM(ending = 'big_gin' AND knocker = 'player'), 0), "
    "COALESCE(SUM(ending IN ('knock', 'undercut') AND knocker = 'player'), 0), "
    "COALESCE(SUM(ending = 'undercut' AND knocker = 'opponent'), 0), "
    "COALESCE(SUM(ending = 'undercut' AND knocker = 'player'), 0), "
    f"COALESCE(SUM(CASE WHEN {_CAUGHT} THEN player_deadwood END), 0), "
    f"COUNT(CASE WHEN {_CAUGHT} THEN player_deadwood END), "
    "COALESCE(SUM(turns), 0), COUNT(turns), COALESCE(SUM(hand_points), 0), COUNT(hand_points), "
    "COALESCE(SUM(crib_points), 0), COUNT(crib_points), COALESCE(SUM(pegging_points), 0), "
    "COUNT(pegging_points), MAX(hand_points), MAX(pegging_points) "
    "FROM hands WHERE hands.match_id = matches.id"
)
_UPDATE_TOTALS = (
    f"UPDATE matches SET ({', '.join(MATCH_TOTAL_COLUMNS)}) = ({_MATCH_TOTALS_SELECT})"
)


def refresh_match_totals(db: sqlite3.Connection, match_id: int | None = None) -> None:
    """Recompute the stored hand totals of one match (or of every match)."""
    if match_id is None:
        db.execute(_UPDATE_TOTALS)
    else:
        db.execute(_UPDATE_TOTALS + " WHERE id = ?", (match_id,))


def _v4_match_totals(db: sqlite3.Connection) -> None:
    for column in MATCH_TOTAL_COLUMNS:
        nullable = column in ("best_hand", "best_pegging")
        kind = "INTEGER" if nullable else "INTEGER NOT NULL DEFAULT 0"
        db.execute(f"ALTER TABLE matches ADD COLUMN {column} {kind}")
    refresh_match_totals(db)


UNDO_SUFFIX = " (practice, undo used)"  # how versions before 5 marked it in the rules text


def _v5_undo_used(db: sqlite3.Connection) -> None:
    """Undo in a practice match becomes its own column instead of words in the rules text."""
    db.execute("ALTER TABLE matches ADD COLUMN undo_used INTEGER NOT NULL DEFAULT 0")
    db.execute(
        "UPDATE matches SET undo_used = 1, "
        "rules = substr(rules, 1, length(rules) - ?) || ' (practice)' "
        "WHERE substr(rules, -?) = ?",
        (len(UNDO_SUFFIX), len(UNDO_SUFFIX), UNDO_SUFFIX),
    )


def _v6_lineups_and_totals(db: sqlite3.Connection) -> None:
    """Line-ups (three players, partnerships) kept apart, and figures kept up to date by the
    writer (``storage/totals.py``) instead of read from every match row.

    Earlier versions stored only the first computer player's id; a match whose hand records say
    more than two players gets a line-up of its own per opponents' name, so "Bea and Marjorie"
    no longer counts as "Bea". The totals table starts empty: the first read or write of
    figures fills it (``totals.ensure_totals``), as it does whenever its count of matches is
    not the table's.
    """
    db.execute("ALTER TABLE matches ADD COLUMN lineup TEXT NOT NULL DEFAULT ''")
    db.execute("ALTER TABLE matches ADD COLUMN seat_names TEXT")
    players = (
        "(SELECT CASE WHEN json_valid(r.body) THEN json_extract(r.body, '$.rules.players') END "
        "FROM hands h JOIN records r ON r.id = h.record_id WHERE h.match_id = matches.id "
        "ORDER BY h.number LIMIT 1)"
    )
    db.execute(
        f"UPDATE matches SET lineup = CASE WHEN game = 'gin' AND {players} > 2 "
        "THEN opponent_id || ' with ' || opponent_name ELSE opponent_id END"
    )
    db.execute(
        """CREATE TABLE figure_totals (
            profile TEXT NOT NULL,
            game TEXT NOT NULL,
            scope TEXT NOT NULL,
            data TEXT NOT NULL,
            PRIMARY KEY (profile, game, scope))"""
    )


MIGRATIONS: tuple[Migration, ...] = (
    _v1_matches_and_hands,
    _v2_records_table,
    _v3_profiles_and_indexes,
    _v4_match_totals,
    _v5_undo_used,
    _v6_lineups_and_totals,
)
SCHEMA_VERSION = len(MIGRATIONS)


def migrate(db: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring ``db`` (autocommit connection) up to ``target``; returns the version it started at.

    The version is re-read inside each write transaction, so two app copies opening an old file
    at once migrate it exactly once.
    """
    # database.py checks the version first and keeps a newer file as it is (refuse_newer off).
    return migrate_in_steps(MIGRATIONS, lambda: _immediate(db), _user_version, _set_user_version,
                            target, refuse_newer=False)


@contextlib.contextmanager
def _immediate(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _user_version(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def _set_user_version(db: sqlite3.Connection, version: int) -> None:
    db.execute(f"PRAGMA user_version = {version}")


@functools.cache
def tables_at(version: int) -> dict[str, frozenset[str]]:
    """The tables and columns a database at ``version`` has, from running the migrations on an
    empty database (so the check of a file on disk can never drift from the schema)."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    try:
        migrate(db, version)
        names = [row[0] for row in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        return {
            name: frozenset(column[1] for column in db.execute(f"PRAGMA table_info('{name}')"))
            for name in names
        }
    finally:
        db.close()
