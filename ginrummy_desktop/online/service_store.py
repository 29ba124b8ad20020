"""The match service's storage: players, ratings and their history, tables, moves and records.

One interface, two back ends chosen by URL: ``sqlite:///path/to/file.db`` (the default, one
machine) and ``postgresql://user@host/db`` (psycopg 3; several referee processes share it). The
SQL is written once with ``?`` placeholders; the PostgreSQL adapter rewrites them.

A move is stored in the same transaction as the table's new snapshot and sequence number
(``apply_move``), so a referee killed at any instant restarts with each table either before
the move or after it, never half-way, and a move is never applied twice.

The schema has a version (``service_migrations.py``): opening a database brings an older one
up to date, one transaction per version, and refuses one from a newer referee, untouched.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ginrummy_desktop.online import service_migrations
from ginrummy_desktop.online.service_migrations import Tx
from ginrummy_desktop.schema_steps import NewerSchemaError

# The PostgreSQL advisory lock that referees starting together take to migrate one at a time.
MIGRATION_LOCK = 0x67696E72756D6D79  # "ginrummy"
OPEN, PLAYING, OVER = "open", "playing", "over"  # table status


@dataclass
class TableRow:
    id: str
    game: str
    options: dict[str, Any]
    host: str
    guest: str | None
    status: str
    rated: bool
    seq: int
    snapshot: dict[str, Any] | None
    outcome: dict[str, Any] | None
    owner: str


@dataclass
class RatingRow:
    username: str
    game: str
    rating: float
    rd: float
    vol: float
    games: int
    wins: int
    completed: int

    @property
    def completion_rate(self) -> float:
        return self.completed / self.games if self.games else 1.0


NEW_RATING = (1500.0, 350.0, 0.06)


class StoreError(RuntimeError):
    """The database cannot be opened or used; the message says which and why."""


class ServiceStore:
    """All the service's persistent state. Thread-safe; every method is one transaction."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._lock = threading.RLock()
        if url.startswith("sqlite:///"):
            path = url[len("sqlite:///"):]  # sqlite:////abs/path or sqlite:///relative
            self._postgres = False
            self._where = f"the SQLite database {path!r}"
            self._errors: tuple[type[Exception], ...] = (sqlite3.Error,)
            try:
                self._db: Any = sqlite3.connect(path or ":memory:", check_same_thread=False,
                                                isolation_level=None)
            except sqlite3.Error as error:
                raise StoreError(f"cannot open {self._where}: {error}") from None
            # Before WAL mode is set: a newer database is refused with its file as it was.
            self._migrate()
            try:
                self._db.execute("PRAGMA journal_mode=WAL")
                # NORMAL in WAL mode: a commit survives the referee being killed (SIGKILL,
                # crash); only a power cut or an OS crash can undo the last few. FULL waited for
                # the disk on every move (several ms, the referee blocked meanwhile).
                self._db.execute("PRAGMA synchronous=NORMAL")
            except sqlite3.Error as error:
                self._db.close()
                raise StoreError(f"cannot open {self._where}: {error}") from None
        elif url.startswith(("postgresql://", "postgres://")):
            self._postgres = True
            try:
                import psycopg
            except ImportError:
                raise StoreError(
                    "PostgreSQL needs psycopg: pip install 'psycopg[binary]'") from None
            try:
                self._db = psycopg.connect(url, autocommit=True)
            except psycopg.Error as error:
                # psycopg's message spans lines (a hint on the second): one line for the log.
                reason = " ".join(str(error).split())
                raise StoreError(f"cannot connect to PostgreSQL: {reason}") from None
            self._where = "the PostgreSQL database"
            self._errors = (psycopg.Error,)
            self._migrate()
        else:
            raise StoreError(f"database URL must start with sqlite:/// or postgresql://: {url!r}")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # ------------------------------------------------------------------ plumbing
    def _migrate(self) -> None:
        """Bring the schema up to date, or refuse a newer one; closes the connection on failure."""
        failures: tuple[type[Exception], ...] = (*self._errors, ValueError)
        try:
            service_migrations.migrate(self._migration_transaction)
        except NewerSchemaError as newer:
            self._db.close()
            raise StoreError(
                f"{self._where} has schema version {newer.found}, newer than this referee knows "
                f"(up to {newer.known}): it was written by a newer ginrummy-server and is left "
                "untouched; run that version, or set [database] url to another database"
            ) from None
        except failures as error:
            self._db.close()
            reason = " ".join(str(error).split())
            raise StoreError(f"cannot bring {self._where} up to schema version "
                             f"{service_migrations.SCHEMA_VERSION}: {reason}") from None

    @contextmanager
    def _migration_transaction(self) -> Iterator[Tx]:
        with self._transaction("BEGIN" if self._postgres else "BEGIN IMMEDIATE") as run:
            if self._postgres:
                run("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
            yield Tx(run, self._postgres)

    @contextmanager
    def _transaction(self, begin: str = "BEGIN") -> Iterator[Any]:
        with self._lock:
            cursor = self._db.cursor()

            def run(sql: str, params: Sequence[Any] = ()) -> Any:
                if self._postgres:
                    sql = sql.replace("?", "%s")
                cursor.execute(sql, tuple(params))
                return cursor

            run(begin)
            try:
                yield run
            except BaseException:
                run("ROLLBACK")
                raise
            run("COMMIT")

    def _one(self, sql: str, params: Sequence[Any] = ()) -> tuple | None:
        with self._transaction() as run:
            return run(sql, params).fetchone()

    def _all(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        with self._transaction() as run:
            return list(run(sql, params).fetchall())

    # ------------------------------------------------------------------ players
    def ensure_player(self, username: str, display: str | None = None) -> None:
        with self._transaction() as run:
            if run("SELECT 1 FROM players WHERE username = ?", (username,)).fetchone() is None:
                run("INSERT INTO players (username, display, created) VALUES (?, ?, ?)",
                    (username, display or username, time.time()))

    def set_display(self, username: str, display: str) -> None:
        self.ensure_player(username)
        with self._transaction() as run:
            run("UPDATE players SET display = ? WHERE username = ?", (display, username))

    def set_blocks(self, username: str, blocked: Sequence[str]) -> None:
        """Replace the accounts ``username`` blocks."""
        with self._transaction() as run:
            run("DELETE FROM blocks WHERE username = ?", (username,))
            for name in sorted(set(blocked)):
                run("INSERT INTO blocks (username, blocked) VALUES (?, ?)", (username, name))

    def blocks(self, username: str, other: str) -> bool:
        """Whether ``username`` blocks ``other``."""
        return self._one("SELECT 1 FROM blocks WHERE username = ? AND blocked = ?",
                         (username, other)) is not None

    def display_name(self, username: str) -> str:
        row = self._one("SELECT display FROM players WHERE username = ?", (username,))
        return row[0] if row else username

    def rating(self, username: str, game: str) -> RatingRow:
        row = self._one("SELECT username, game, rating, rd, vol, games, wins, completed "
                        "FROM ratings WHERE username = ? AND game = ?", (username, game))
        if row is None:
            return RatingRow(username, game, *NEW_RATING, 0, 0, 0)
        return RatingRow(*row)

    def record_result(self, table_id: str, game: str, rows: Sequence[RatingRow],
                      rated: bool) -> bool:
        """Store each player's new rating and counters once per table; False if already done."""
        now = time.time()
        with self._transaction() as run:
            done = run("SELECT 1 FROM rating_history WHERE table_id = ?", (table_id,)).fetchone()
            if done is not None:
                return False
            for row in rows:
                run("DELETE FROM ratings WHERE username = ? AND game = ?", (row.username, game))
                run("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (row.username, game, row.rating, row.rd, row.vol, row.games, row.wins,
                     row.completed))
                run("INSERT INTO rating_history VALUES (?, ?, ?, ?, ?, ?)",
                    (row.username, game, table_id, now, row.rating, row.rd))
            return True

    def leaderboard(self, game: str, limit: int = 100) -> list[RatingRow]:
        rows = self._all("SELECT username, game, rating, rd, vol, games, wins, completed "
                         "FROM ratings WHERE game = ? AND games > 0 "
                         "ORDER BY rating DESC, username LIMIT ?", (game, limit))
        return [RatingRow(*row) for row in rows]

    def rank(self, username: str, game: str) -> int | None:
        """1-based position on the game's leaderboard, or None for a player with no games."""
        mine = self._one("SELECT rating FROM ratings WHERE username = ? AND game = ? "
                         "AND games > 0", (username, game))
        if mine is None:
            return None
        above = self._one("SELECT COUNT(*) FROM ratings WHERE game = ? AND games > 0 AND "
                          "(rating > ? OR (rating = ? AND username < ?))",
                          (game, mine[0], mine[0], username))
        return int(above[0]) + 1 if above else None

    def rating_history(self, username: str, game: str) -> list[dict[str, Any]]:
        rows = self._all("SELECT table_id, at, rating, rd FROM rating_history "
                         "WHERE username = ? AND game = ? ORDER BY at", (username, game))
        return [{"table": t, "at": at, "rating": r, "rd": rd} for t, at, r, rd in rows]

    # ------------------------------------------------------------------ tables
    def create_table(self, table_id: str, game: str, options: dict, host: str, rated: bool,
                     owner: str) -> None:
        now = time.time()
        with self._transaction() as run:
            run("INSERT INTO tables (id, game, options, host, guest, status, rated, seq, "
                "snapshot, outcome, owner, created, updated) "
                "VALUES (?, ?, ?, ?, NULL, ?, ?, 0, NULL, NULL, ?, ?, ?)",
                (table_id, game, json.dumps(options), host, OPEN, int(rated), owner, now, now))

    def _table_from(self, row: tuple) -> TableRow:
        (tid, game, options, host, guest, status, rated, seq, snapshot, outcome, owner) = row
        return TableRow(tid, game, json.loads(options), host, guest, status, bool(rated), seq,
                        None if snapshot is None else json.loads(snapshot),
                        None if outcome is None else json.loads(outcome), owner)

    _TABLE_COLUMNS = "id, game, options, host, guest, status, rated, seq, snapshot, outcome, owner"

    def table(self, table_id: str) -> TableRow | None:
        row = self._one(f"SELECT {self._TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,))
        return None if row is None else self._table_from(row)

    def tables(self, owner: str, statuses: Sequence[str]) -> list[TableRow]:
        marks = ", ".join("?" for _ in statuses)
        rows = self._all(f"SELECT {self._TABLE_COLUMNS} FROM tables WHERE owner = ? AND "
                         f"status IN ({marks}) ORDER BY created", (owner, *statuses))
        return [self._table_from(row) for row in rows]

    def delete_table(self, table_id: str) -> None:
        with self._transaction() as run:
            run("DELETE FROM tables WHERE id = ? AND status = ?", (table_id, OPEN))

    def start_table(self, table_id: str, guest: str, snapshot: dict) -> None:
        """Seat the guest and store the dealt match in one step (a crash leaves the table
        either still open or started, never seated but not dealt)."""
        with self._transaction() as run:
            run("UPDATE tables SET guest = ?, status = ?, snapshot = ?, seq = 1, updated = ? "
                "WHERE id = ?", (guest, PLAYING, json.dumps(snapshot), time.time(), table_id))

    def apply_move(self, table_id: str, seq: int, seat: int, action: dict,
                   snapshot: dict | str, records: Sequence[dict], first_record: int) -> None:
        """Atomically: the move as number ``seq``, the new snapshot (or its JSON text, as
        ``SnapshotText`` in online/table.py makes it), and new hand records."""
        now = time.time()
        text = snapshot if isinstance(snapshot, str) else json.dumps(snapshot)
        with self._transaction() as run:
            cursor = run("UPDATE tables SET seq = ?, snapshot = ?, updated = ? "
                         "WHERE id = ? AND seq = ?",
                         (seq, text, now, table_id, seq - 1))
            if cursor.rowcount != 1:  # a replayed or out-of-order move: store nothing
                raise StoreError(f"table {table_id} is not at move {seq - 1}")
            run("INSERT INTO moves VALUES (?, ?, ?, ?, ?)",
                (table_id, seq, seat, json.dumps(action), now))
            for offset, record in enumerate(records):
                run("INSERT INTO records VALUES (?, ?, ?)",
                    (table_id, first_record + offset, json.dumps(record)))

    def bump_seq(self, table_id: str, seq: int) -> None:
        """Advance a table's sequence number for an event that is not a move (away, back)."""
        with self._transaction() as run:
            run("UPDATE tables SET seq = ? WHERE id = ? AND seq < ?", (seq, table_id, seq))

    def finish_table(self, table_id: str, outcome: dict) -> None:
        with self._transaction() as run:
            run("UPDATE tables SET status = ?, outcome = ?, updated = ? WHERE id = ?",
                (OVER, json.dumps(outcome), time.time(), table_id))

    def moves(self, table_id: str) -> list[tuple[int, int, dict]]:
        rows = self._all("SELECT seq, seat, action FROM moves WHERE table_id = ? ORDER BY seq",
                         (table_id,))
        return [(seq, seat, json.loads(action)) for seq, seat, action in rows]

    def records(self, table_id: str) -> list[dict]:
        rows = self._all("SELECT record FROM records WHERE table_id = ? ORDER BY hand_index",
                         (table_id,))
        return [json.loads(row[0]) for row in rows]

    def player_tables(self, username: str, game: str) -> list[TableRow]:
        rows = self._all(f"SELECT {self._TABLE_COLUMNS} FROM tables WHERE game = ? AND "
                         "(host = ? OR guest = ?) ORDER BY created", (game, username, username))
        return [self._table_from(row) for row in rows]
