"""The statistics and records database (SQLite, WAL, one transaction per write).

Opening never fails because of the file: a corrupt database, or one that is not ours (another
program's tables, or something other than a regular file in its place) is moved aside (with its
``-wal`` and ``-shm`` companions) and a fresh one created; a database from a newer app version,
or one that cannot be moved aside, is left untouched and this session keeps its statistics in
memory only. Either way a notice says so. Reading never fails because of a bad row either: rows
whose record is not valid JSON are skipped and counted.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from ginrummy_desktop.engine.translation import mark
from ginrummy_desktop.storage.files import move_aside
from ginrummy_desktop.storage.jsonfile import JsonProblem, check_tree, dumps_strict, parse_json
from ginrummy_desktop.storage.migrations import (
    SCHEMA_VERSION,
    migrate,
    record_digest,
    refresh_match_totals,
    tables_at,
)
from ginrummy_desktop.storage.notices import Notices, Phrase
from ginrummy_desktop.storage.summaries import (
    MatchSummary,
    lineup_label,
    stored_seat_names,
    timestamp,
)
from ginrummy_desktop.storage.totals import add_matches, ensure_totals

BUSY_TIMEOUT_SECONDS = 30.0


class HistoryRow(NamedTuple):
    """One line of the match history (times as epoch seconds).

    A named tuple rather than a dataclass: building 10,000 of them is twice as fast.
    """

    match_id: int
    game: str
    opponent_id: str
    opponent_name: str
    rules: str
    started_at: float
    ended_at: float
    player_score: int
    opponent_score: int
    result: str
    hands: int
    player_seat: int = 0
    undo_used: bool = False
    lineup: str = ""  # who the person played with and against (``summaries.lineup_key``)
    lineup_label: str = ""  # the line-up in words: the opponents (and a partner)
    seat_names: tuple[str, ...] = ()  # every seat's name (three or four players)

    @property
    def duration_seconds(self) -> float:
        return self.ended_at - self.started_at


class RecordInfo(NamedTuple):
    """What the records list shows about one stored hand record: how its deal ended comes
    from the record itself (``result_kind``; a cribbage deal's ``last_event`` tells whether
    the game was won in the play or in the show)."""

    record_id: int
    game: str
    source: str  # "played" or "imported"
    added_at: float
    result_kind: str | None
    last_event: str | None = None
    # Played here: the match it was played in (None for an imported record).
    opponents: str | None = None  # the opponents' names ("Bea and Marjorie")
    player_seat: int | None = None
    seat_names: tuple[str, ...] = ()  # every seat's name, when the match stored them
    winner: str | None = None  # "player", "opponent" or None (a dead hand)
    player_points: int | None = None
    opponent_points: int | None = None
    # From the record itself (any record): the winning seat and its points (gin).
    winner_seat: int | None = None
    points: int | None = None
    dealer_seat: int | None = None
    players: int | None = None  # the rules' number of players (None: two)


@dataclass(frozen=True, slots=True)
class StoredHand:
    """A hand as stored: its summary figures plus the id of its record (if any)."""

    match_id: int
    number: int
    winner: str | None
    player_points: int
    opponent_points: int
    player_total: int
    opponent_total: int
    ending: str | None
    knocker: str | None
    player_deadwood: int | None
    turns: int | None
    hand_points: int | None
    crib_points: int | None
    pegging_points: int | None
    record_id: int | None


_HAND_COLUMNS = (
    "match_id, number, winner, player_points, opponent_points, player_total, opponent_total, "
    "ending, knocker, player_deadwood, turns, hand_points, crib_points, pegging_points, record_id"
)


class StatsDatabase:
    """Statistics history and hand records for every profile in one SQLite file.

    ``path=None`` keeps everything in memory (used when the file on disk must not be touched).
    """

    def __init__(self, path: Path | None, notices: Notices | None = None) -> None:
        self.path = path
        self.notices = notices if notices is not None else Notices()
        self.in_memory = path is None
        self._db = self._open()
        self._totals_checked = False

    # ----- opening -------------------------------------------------------------------------
    def _open(self) -> sqlite3.Connection:
        if self.path is None:
            return self._prepare(self._connect(":memory:"))
        # Two copies of the app opening a new file at once can deadlock on its first write
        # (switching to WAL, creating the schema); SQLite then reports "locked" at once instead
        # of waiting. That is transient, so try again before counting games in memory only.
        for attempt in range(OPEN_ATTEMPTS - 1):
            try:
                return self._open_file()
            except _Busy:
                time.sleep(0.05 * (attempt + 1))
        try:
            return self._open_file()
        except _Busy as busy:
            return self._fall_back_to_memory(str(busy))

    def _open_file(self) -> sqlite3.Connection:
        assert self.path is not None
        db: sqlite3.Connection | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            odd = _not_a_regular_file(self.path)
            if odd:
                return self._replace_corrupt(odd)
            db = self._connect(str(self.path))
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(check)
            version = db.execute("PRAGMA user_version").fetchone()[0]
            foreign = _schema_problem(db, version)
        except (OSError, sqlite3.OperationalError) as error:  # cannot open: not a damaged file
            if db is not None:
                db.close()
            if _is_busy(error):
                raise _Busy(str(error)) from error
            return self._fall_back_to_memory(str(error))
        except sqlite3.DatabaseError as error:
            if db is not None:
                db.close()
            return self._replace_corrupt(Phrase(mark("it is damaged ({detail})"), detail=error))
        if version > SCHEMA_VERSION:
            db.close()
            self.notices.add("newer_version", Phrase(mark(
                "Your statistics were saved by a newer version of Gin Rummy Desktop. They were "
                "left as they are; games played in this version are not added to them.")))
            self.in_memory = True
            return self._prepare(self._connect(":memory:"))
        if foreign:
            db.close()
            return self._replace_corrupt(foreign)
        try:
            return self._prepare(db)
        except sqlite3.OperationalError as error:  # e.g. a read-only file or folder
            db.close()
            if _is_busy(error):
                raise _Busy(str(error)) from error
            return self._fall_back_to_memory(str(error))
        except sqlite3.DatabaseError as error:  # a migration met tables it did not expect
            db.close()
            return self._replace_corrupt(
                Phrase(mark("it could not be brought up to date ({detail})"), detail=error))

    def _fall_back_to_memory(self, why: str) -> sqlite3.Connection:
        self.notices.add("io", Phrase(
            mark("Your statistics file could not be opened ({why}). Games played now are counted "
                 "for this session only."), why=why))
        self.in_memory = True
        return self._prepare(self._connect(":memory:"))

    def _replace_corrupt(self, why: str) -> sqlite3.Connection:
        assert self.path is not None
        try:
            moved = move_aside(self.path)
        except OSError as error:
            self.notices.add("corrupt", Phrase(
                mark("Your statistics file {path} could not be used because {why}. It could not "
                     "be moved aside ({problem}), so it was left as it is and ignored; games "
                     "played now are counted for this session only."),
                path=self.path, why=why, problem=error.strerror or error))
            self.in_memory = True
            return self._prepare(self._connect(":memory:"))
        for suffix in ("-wal", "-shm"):
            companion = self.path.with_name(self.path.name + suffix)
            if os.path.lexists(companion):
                with contextlib.suppress(OSError):
                    companion.rename(moved.with_name(moved.name + suffix))
        self.notices.add("corrupt", Phrase(
            mark("Your statistics file could not be used because {why}. It was set aside as "
                 "{path} and a new, empty statistics file was started."), why=why, path=moved))
        try:
            return self._prepare(self._connect(str(self.path)))
        except sqlite3.DatabaseError as error:
            return self._fall_back_to_memory(str(error))

    @staticmethod
    def _connect(target: str) -> sqlite3.Connection:
        # The GUI runs every database call on its one storage thread (not the thread that
        # opened the file), one call at a time, so the connection may move between threads.
        db = sqlite3.connect(target, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None,
                             check_same_thread=False)
        db.execute("PRAGMA foreign_keys = ON")
        return db

    @staticmethod
    def _prepare(db: sqlite3.Connection) -> sqlite3.Connection:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        migrate(db)
        return db

    def close(self) -> None:
        self._db.close()

    @property
    def connection(self) -> sqlite3.Connection:
        """The raw connection, for read-only queries (``stats.py``)."""
        return self._db

    def check_totals(self) -> None:
        """Recount the kept figures if they do not count this file's matches (an upgraded
        file, rows added by another program): once, at the first read or write of figures,
        so a long recount runs where the statistics are read (the storage thread), not
        while the app opens."""
        if not self._totals_checked:
            ensure_totals(self._db)
            self._totals_checked = True

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT`` (or ``ROLLBACK`` on any error)."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    # ----- writing -------------------------------------------------------------------------
    def record_match(self, summary: MatchSummary, profile: str) -> int:
        """Store a match, its hands and their records in one transaction; returns its id."""
        self.check_totals()
        with self.transaction() as db:
            match_id = self._insert_match(db, summary, profile)
            add_matches(db, profile, [match_id])
            return match_id

    def record_matches(self, summaries: list[MatchSummary], profile: str) -> list[int]:
        """Store many matches in one transaction (bulk import); all or none are stored."""
        self.check_totals()
        with self.transaction() as db:
            ids = [self._insert_match(db, summary, profile) for summary in summaries]
            add_matches(db, profile, ids)
            return ids

    def _insert_match(self, db: sqlite3.Connection, summary: MatchSummary, profile: str) -> int:
        cursor = db.execute(
            "INSERT INTO matches (profile, game, opponent_id, opponent_name, rules, "
            "started_at, ended_at, player_score, opponent_score, result, skunk, player_seat, "
            "undo_used, lineup, seat_names) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                profile, summary.game, summary.opponent_id, summary.opponent_name,
                summary.rules, timestamp(summary.started_at), timestamp(summary.ended_at),
                summary.player_score, summary.opponent_score, summary.result, summary.skunk,
                summary.player_seat, int(summary.undo_used), summary.lineup,
                json.dumps(summary.seat_names) if summary.seat_names else None,
            ),
        )
        match_id = int(cursor.lastrowid or 0)
        running = [0, 0]
        for number, hand in enumerate(summary.hands, start=1):
            running = [running[0] + hand.player_points, running[1] + hand.opponent_points]
            player_total = running[0] if hand.player_total is None else hand.player_total
            opponent_total = running[1] if hand.opponent_total is None else hand.opponent_total
            record_id = None
            if hand.record is not None:
                record_id = self._insert_record(
                    db, profile, summary.game, hand.record, "played",
                    timestamp(summary.ended_at),
                )
            db.execute(
                f"INSERT INTO hands ({_HAND_COLUMNS}) VALUES "
                "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    match_id, number, hand.winner, hand.player_points, hand.opponent_points,
                    player_total, opponent_total, hand.ending, hand.knocker,
                    hand.player_deadwood, hand.turns, hand.hand_points, hand.crib_points,
                    hand.pegging_points, record_id,
                ),
            )
        refresh_match_totals(db, match_id)
        return match_id

    @staticmethod
    def _insert_record(
        db: sqlite3.Connection, profile: str, game: str, record: dict[str, Any], source: str,
        added_at: float,
    ) -> int:
        check_tree(record)  # nothing stored that the Records tab could not read back
        body = dumps_strict(record, sort_keys=True, separators=(",", ":"))
        digest = record_digest(body)
        row = db.execute(
            "SELECT id FROM records WHERE profile = ? AND digest = ?", (profile, digest)
        ).fetchone()
        if row:
            return int(row[0])
        cursor = db.execute(
            "INSERT INTO records (profile, game, body, digest, source, added_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (profile, game, body, digest, source, added_at),
        )
        return int(cursor.lastrowid or 0)

    def add_records(self, profile: str, records: list[dict[str, Any]], source: str) -> int:
        """Store validated records (one transaction); returns how many were new."""
        with self.transaction() as db:
            before = db.execute("SELECT COUNT(*) FROM records WHERE profile = ?", (profile,))
            count_before = before.fetchone()[0]
            for record in records:
                self._insert_record(db, profile, record["game"], record, source, time.time())
            after = db.execute("SELECT COUNT(*) FROM records WHERE profile = ?", (profile,))
            return int(after.fetchone()[0] - count_before)

    # ----- reading -------------------------------------------------------------------------
    def history(self, profile: str, after_id: int = 0, limit: int | None = None
                ) -> list[HistoryRow]:
        """Every match of ``profile``, newest first (``after_id``: only matches stored after
        that one, for a window that has the rest; ``limit``: only the newest so many)."""
        return list(map(HistoryRow._make, self.history_rows(profile, after_id, limit)))

    def history_rows(self, profile: str, after_id: int = 0, limit: int | None = None
                     ) -> list[tuple[Any, ...]]:
        """``history`` as plain tuples in ``HistoryRow``'s field order, for long lists: the
        garbage collector stops tracking a plain tuple of texts and numbers, never a named
        one (100,000 named tuples made every full collection take 45 ms)."""
        rows = self._db.execute(
            "SELECT m.id, m.game, m.opponent_id, m.opponent_name, m.rules, m.started_at, "
            "m.ended_at, m.player_score, m.opponent_score, m.result, "
            "m.hands_played, m.player_seat, m.undo_used = 1, m.lineup, m.seat_names "
            f"FROM matches m WHERE m.profile = ? AND m.id > ? AND {_GOOD_MATCH_ROW} "
            "ORDER BY m.ended_at DESC, m.id DESC LIMIT ?",
            (profile, after_id, -1 if limit is None else limit),
        )
        # A long history repeats a few names, rules and results: one copy of each text (at
        # 100,000 matches that is tens of MB less). Rows are read one by one, not all at once.
        shared: dict[Any, Any] = {}
        one = shared.setdefault
        history: list[tuple[Any, ...]] = []
        for (match_id, game, opponent_id, name, rules, started, ended, mine, theirs, result,
             hands, seat, undo, lineup, seat_names) in rows:
            names = tuple(stored_seat_names(seat_names)) if seat_names is not None else ()
            label = shared.get((name, names, seat))
            if label is None:
                label = shared[(name, names, seat)] = lineup_label(name, names, seat)
            history.append((
                match_id, one(game, game), one(opponent_id, opponent_id), one(name, name),
                one(rules, rules), started, ended, mine, theirs, one(result, result), hands,
                seat, undo, one(lineup, str(lineup)), label, one(names, names)))
        return history

    def match_hands(self, match_id: int) -> list[StoredHand]:
        rows = self._db.execute(
            f"SELECT {_HAND_COLUMNS} FROM hands WHERE match_id = ? AND {_GOOD_HAND_ROW} "
            "ORDER BY number",
            (match_id,),
        ).fetchall()
        return [StoredHand(*row) for row in rows]

    def record(self, record_id: int) -> dict[str, Any] | None:
        """The stored record, or None when there is none or its row is damaged."""
        row = self._db.execute("SELECT body FROM records WHERE id = ?", (record_id,)).fetchone()
        return _parse_body(row[0]) if row else None

    def record_index(self, profile: str) -> RecordIndex:
        """A line per stored record of ``profile`` (played and imported), newest first.

        Rows that could not be shown (a body that is not valid JSON, a field of the wrong type)
        are left out; ``.skipped`` counts them.
        """
        def field(path: str, kind: str) -> str:
            return (f"CASE WHEN good THEN (CASE WHEN json_type(body, '{path}') = '{kind}' "
                    f"THEN json_extract(body, '{path}') END) END")

        # The hand a record was played in (the first, should two hold the same deal) names
        # the match: its opponents, the person's seat, who won the hand.
        rows = self._db.execute(
            "SELECT r.id, r.game, r.source, r.added_at, "
            f"{field('$.result.kind', 'text')}, {field('$.events[#-1].kind', 'text')}, "
            "r.good, m.opponent_name, m.player_seat, m.seat_names, h.winner, "
            "h.player_points, h.opponent_points, "
            f"{field('$.result.winner', 'integer')}, {field('$.result.points', 'integer')}, "
            f"{field('$.dealer', 'integer')}, {field('$.rules.players', 'integer')} "
            f"FROM (SELECT id, game, source, added_at, body, {_GOOD_RECORD_ROW} AS good, "
            "(SELECT MIN(hands.id) FROM hands WHERE hands.record_id = records.id) AS hand_id "
            "FROM records WHERE profile = ?) r "
            "LEFT JOIN hands h ON h.id = r.hand_id LEFT JOIN matches m ON m.id = h.match_id "
            "ORDER BY r.id DESC",
            (profile,),
        ).fetchall()
        index = RecordIndex(_record_info(row) for row in rows if row[6])
        index.skipped = len(rows) - len(index)
        return index

    def iter_records(self, profile: str) -> Iterator[tuple[int, dict[str, Any]]]:
        """``(record_id, record)`` for every readable stored record of ``profile``, oldest
        first (a damaged row is skipped)."""
        cursor = self._db.execute(
            "SELECT id, body FROM records WHERE profile = ? ORDER BY id", (profile,)
        )
        for record_id, body in cursor:
            record = _parse_body(body)
            if record is not None:
                yield record_id, record


def _record_info(row: tuple[Any, ...]) -> RecordInfo:
    """A records-list line from ``record_index``'s row; a match field of the wrong type (a
    hand-edited row) is left out rather than shown."""
    (record_id, game, source, added_at, kind, last_event, _good, opponents, seat, names,
     winner, mine, theirs, winner_seat, points, dealer, players) = row

    def typed(value: Any, kind: type) -> Any:
        return value if isinstance(value, kind) and not isinstance(value, bool) else None

    return RecordInfo(
        record_id, game, source, added_at, kind, last_event, typed(opponents, str),
        typed(seat, int), tuple(stored_seat_names(names)),
        winner if winner in ("player", "opponent") else None, typed(mine, int),
        typed(theirs, int), typed(winner_seat, int), typed(points, int), typed(dealer, int),
        typed(players, int))


class RecordIndex(list[RecordInfo]):
    """The records list, plus how many damaged rows were left out of it."""

    skipped: int = 0


# A row the Records tab can show: strict JSON (SQLite's json_valid refuses NaN and nesting
# deeper than it supports), text fields that are text, a time that converts to a date. A CASE,
# because SQLite does not promise to stop at the first false term of an AND, and json_type
# raises on a body that is not JSON.
_GOOD_RECORD_ROW = (
    "(CASE WHEN typeof(body) != 'text' OR NOT json_valid(body) THEN 0 "
    "WHEN json_type(body) != 'object' THEN 0 "
    "WHEN typeof(game) != 'text' OR typeof(source) != 'text' THEN 0 "
    "WHEN typeof(added_at) NOT IN ('real', 'integer') THEN 0 "
    "WHEN added_at NOT BETWEEN 0 AND 253402300799 THEN 0 ELSE 1 END)"
)


# A match row the History tab can show (a hand-edited or foreign row is left out).
_GOOD_MATCH_ROW = (
    "(CASE WHEN typeof(m.game) != 'text' OR typeof(m.opponent_name) != 'text' "
    "OR typeof(m.opponent_id) != 'text' OR typeof(m.rules) != 'text' "
    "OR typeof(m.result) != 'text' THEN 0 "
    "WHEN typeof(m.started_at) NOT IN ('real', 'integer') "
    "OR typeof(m.ended_at) NOT IN ('real', 'integer') THEN 0 "
    "WHEN m.started_at NOT BETWEEN 0 AND 253402300799 "
    "OR m.ended_at NOT BETWEEN 0 AND 253402300799 THEN 0 "
    "WHEN typeof(m.player_score) != 'integer' OR typeof(m.opponent_score) != 'integer' THEN 0 "
    "ELSE 1 END)"
)


_HAND_INTEGERS = ("number", "player_points", "opponent_points", "player_total", "opponent_total")
_HAND_OPTIONAL_TEXT = ("winner", "ending", "knocker")
_HAND_OPTIONAL_INTEGERS = ("player_deadwood", "turns", "hand_points", "crib_points",
                           "pegging_points", "record_id")
# A hand row the match details can show.
_GOOD_HAND_ROW = "(CASE " + " ".join(
    [f"WHEN typeof({c}) != 'integer' THEN 0" for c in _HAND_INTEGERS]
    + [f"WHEN typeof({c}) NOT IN ('null', 'text') THEN 0" for c in _HAND_OPTIONAL_TEXT]
    + [f"WHEN typeof({c}) NOT IN ('null', 'integer') THEN 0" for c in _HAND_OPTIONAL_INTEGERS]
) + " ELSE 1 END)"


def _parse_body(body: Any) -> dict[str, Any] | None:
    if not isinstance(body, str):
        return None
    try:
        record = parse_json(body)
    except JsonProblem:
        return None
    return record if isinstance(record, dict) else None


def _not_a_regular_file(path: Path) -> str | None:
    """Why ``path`` (or a companion) cannot be a database file, or None. SQLite would block on a
    FIFO, so this is decided before SQLite opens anything."""
    for candidate in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            info = os.stat(candidate)
        except FileNotFoundError:
            continue
        if not stat.S_ISREG(info.st_mode):
            return Phrase(mark("{name} is not a regular file"), name=candidate.name)
    return None


def _schema_problem(db: sqlite3.Connection, version: int) -> str | None:
    """Why ``db`` is not a statistics database of this app, or None (checks the tables
    themselves, not only ``user_version``, which any program can set)."""
    if version > SCHEMA_VERSION or version < 0:
        return None if version > SCHEMA_VERSION else \
            Phrase(mark("its schema version is not ours"))
    tables = {
        name: {column[1] for column in db.execute(f"PRAGMA table_info('{name}')")}
        for (name,) in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    }
    expected = tables_at(version)
    for name, columns in expected.items():
        if name not in tables:
            return Phrase(mark(
                "it does not hold this app's tables (it may belong to another program)"))
        missing = columns - tables[name]
        if missing:
            return Phrase(mark("its {table} table lacks {columns}"), table=name,
                          columns=", ".join(sorted(missing)))
    if version == 0 and tables:
        return Phrase(mark("it holds another program's tables"))
    return None


OPEN_ATTEMPTS = 8


class _Busy(Exception):
    """Another connection held the file at a moment SQLite would not wait for."""


def _is_busy(error: Exception) -> bool:
    message = str(error).lower()
    return "locked" in message or "busy" in message
