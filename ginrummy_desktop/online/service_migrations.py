"""The service store's schema as an append-only list of forward migrations (SQLite and PostgreSQL).

``MIGRATIONS[i]`` takes a database from schema version i to i + 1; the version is the one row of
the ``schema_version`` table. Never edit a migration that has shipped; append a new one (the
SQL is written once with ``?`` placeholders, as in ``service_store.py``; ``tx.postgres`` tells
the back ends apart where their SQL differs). Each runs inside one write transaction together
with its version bump (the loop is ``schema_steps.migrate_in_steps``, shared with the
statistics database), so a crash or a failing migration leaves the version it started from.

Version 1 is the schema the referee created before versions were recorded: a database with
the ``players`` table and no ``schema_version`` table is at version 1.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from ginrummy_desktop.schema_steps import migrate_in_steps


@dataclass(frozen=True)
class Tx:
    """One open transaction on the store: ``run(sql, params)`` returns the cursor."""

    run: Callable[..., Any]
    postgres: bool

    def has_table(self, name: str) -> bool:
        if self.postgres:
            sql = ("SELECT 1 FROM information_schema.tables "
                   "WHERE table_schema = current_schema() AND table_name = ?")
        else:
            sql = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?"
        return self.run(sql, (name,)).fetchone() is not None


Migration = Callable[[Tx], None]


def _v1_players_ratings_tables(tx: Tx) -> None:
    """The schema as it was before versions (tests/data/service_store_v1.sql)."""
    tx.run("""CREATE TABLE players (
        username TEXT PRIMARY KEY, display TEXT NOT NULL, created REAL NOT NULL)""")
    tx.run("""CREATE TABLE ratings (
        username TEXT NOT NULL, game TEXT NOT NULL,
        rating REAL NOT NULL, rd REAL NOT NULL, vol REAL NOT NULL,
        games INTEGER NOT NULL, wins INTEGER NOT NULL, completed INTEGER NOT NULL,
        PRIMARY KEY (username, game))""")
    tx.run("""CREATE TABLE rating_history (
        username TEXT NOT NULL, game TEXT NOT NULL, table_id TEXT NOT NULL, at REAL NOT NULL,
        rating REAL NOT NULL, rd REAL NOT NULL, PRIMARY KEY (username, table_id))""")
    tx.run("""CREATE TABLE tables (
        id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, host TEXT NOT NULL,
        guest TEXT, status TEXT NOT NULL, rated INTEGER NOT NULL, seq INTEGER NOT NULL,
        snapshot TEXT, outcome TEXT, owner TEXT NOT NULL, created REAL NOT NULL,
        updated REAL NOT NULL)""")
    tx.run("""CREATE TABLE moves (
        table_id TEXT NOT NULL, seq INTEGER NOT NULL, seat INTEGER NOT NULL,
        action TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (table_id, seq))""")
    tx.run("""CREATE TABLE records (
        table_id TEXT NOT NULL, hand_index INTEGER NOT NULL, record TEXT NOT NULL,
        PRIMARY KEY (table_id, hand_index))""")
    # Whom each account blocks (its client sends its XMPP block list): no invitations from them.
    tx.run("""CREATE TABLE blocks (
        username TEXT NOT NULL, blocked TEXT NOT NULL, PRIMARY KEY (username, blocked))""")


def _v2_indexes(tx: Tx) -> None:
    """Indexes for the lookups the referee makes as the service grows: the "result already
    stored?" check of every finished match (it read the whole rating history), the leaderboard
    and rank, and the tables a referee resumes at its start."""
    tx.run("CREATE INDEX rating_history_table ON rating_history (table_id)")
    tx.run("CREATE INDEX ratings_game_rating ON ratings (game, rating)")
    tx.run("CREATE INDEX tables_owner_status ON tables (owner, status)")


# Every REAL column of version 1: times (seconds since 1970) and Glicko-2 figures.
_FLOAT_COLUMNS = (
    ("players", "created"), ("ratings", "rating"), ("ratings", "rd"), ("ratings", "vol"),
    ("rating_history", "at"), ("rating_history", "rating"), ("rating_history", "rd"),
    ("tables", "created"), ("tables", "updated"), ("moves", "at"),
)


def _v3_double_precision(tx: Tx) -> None:
    """PostgreSQL's REAL is a 4-byte float: a time stored in it is rounded to 128 seconds
    (tables and rating history came back out of order) and a rating to about 7 digits. SQLite's
    REAL is already 8 bytes, so there is nothing to do there. What was rounded stays rounded."""
    if not tx.postgres:
        return
    for table, column in _FLOAT_COLUMNS:
        tx.run(f"ALTER TABLE {table} ALTER COLUMN {column} TYPE DOUBLE PRECISION")


MIGRATIONS: tuple[Migration, ...] = (
    _v1_players_ratings_tables,
    _v2_indexes,
    _v3_double_precision,
)
SCHEMA_VERSION = len(MIGRATIONS)


def read_version(tx: Tx) -> int:
    """The database's schema version (0: empty; 1: from before versions were recorded)."""
    if tx.has_table("schema_version"):
        row = tx.run("SELECT version FROM schema_version").fetchone()
        if row is None:
            raise ValueError("the schema_version table is empty")
        return int(row[0])
    return 1 if tx.has_table("players") else 0


def write_version(tx: Tx, version: int) -> None:
    tx.run("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    tx.run("DELETE FROM schema_version")
    tx.run("INSERT INTO schema_version (version) VALUES (?)", (version,))


def migrate(transaction: Callable[[], AbstractContextManager[Tx]],
            target: int | None = None) -> int:
    """Bring the store up to ``target`` (default: the newest version); returns the version it
    started at. ``transaction()`` must serialise with other writers (SQLite ``BEGIN
    IMMEDIATE``, a PostgreSQL advisory lock), so referees starting together migrate once.
    Raises ``schema_steps.NewerSchemaError``, writing nothing, for a newer database."""
    return migrate_in_steps(MIGRATIONS, transaction, read_version, write_version, target)
