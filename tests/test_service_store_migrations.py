"""The online service store's schema versions (issue 42): a database made by the referee before
versions were recorded (tests/data/service_store_v1.sql) opens with its rows kept, its version
recorded and the later migrations applied; a database from a newer referee is refused in one
line and left byte for byte as it was; a migration that fails leaves the version it started
from. On SQLite, and on PostgreSQL when its binaries and psycopg are installed."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ginrummy_desktop.online import service_migrations
from ginrummy_desktop.online.service_migrations import MIGRATIONS, SCHEMA_VERSION, Tx
from ginrummy_desktop.online.service_store import RatingRow, ServiceStore, StoreError
from tests.test_online_server_cli import _closed_port, _config, _one_line_error, _run

V1_SQL = Path(__file__).parent / "data" / "service_store_v1.sql"
INDEXES = {"rating_history_table", "ratings_game_rating", "tables_owner_status"}


class Raw:
    """A plain connection beside the store, to build old databases and look at them."""

    def __init__(self, url: str) -> None:
        self.postgres = url.startswith("postgresql://")
        if self.postgres:
            import psycopg

            self.db: Any = psycopg.connect(url, autocommit=True)
        else:
            self.db = sqlite3.connect(url[len("sqlite:///"):], isolation_level=None)

    def run(self, sql: str, params: tuple = ()) -> list[tuple]:
        cursor = self.db.cursor()
        cursor.execute(sql.replace("?", "%s") if self.postgres else sql, params)
        return list(cursor.fetchall()) if cursor.description else []

    def version(self) -> int | None:
        tables = self.tables()
        return self.run("SELECT version FROM schema_version")[0][0] \
            if "schema_version" in tables else None

    def tables(self) -> set[str]:
        if self.postgres:
            rows = self.run("SELECT table_name FROM information_schema.tables "
                            "WHERE table_schema = current_schema()")
        else:
            rows = self.run("SELECT name FROM sqlite_master WHERE type = 'table'")
        return {row[0] for row in rows}

    def indexes(self) -> set[str]:
        if self.postgres:
            rows = self.run("SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()")
        else:
            rows = self.run("SELECT name FROM sqlite_master WHERE type = 'index'")
        return {row[0] for row in rows} & INDEXES

    def column_types(self) -> dict[tuple[str, str], str]:
        assert self.postgres
        rows = self.run("SELECT table_name, column_name, data_type FROM information_schema.columns "
                        "WHERE table_schema = current_schema()")
        return {(table, column): kind for table, column, kind in rows}

    def close(self) -> None:
        self.db.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'service.db'}"
    pytest.importorskip("psycopg")
    return request.getfixturevalue("postgres_url")


@pytest.fixture
def raw(database_url: str) -> Iterator[Raw]:
    connection = Raw(database_url)
    yield connection
    connection.close()


def make_todays_database(raw: Raw) -> None:
    """Today's schema, from the captured SQL, with a row in every table."""
    sql = "\n".join(line for line in V1_SQL.read_text(encoding="utf-8").splitlines()
                    if not line.startswith("--"))
    for statement in sql.split(";"):
        if statement.strip():
            raw.run(statement)
    raw.run("INSERT INTO players VALUES ('ada', 'Ada L.', 1700000000.5)")
    raw.run("INSERT INTO players VALUES ('bob', 'bob', 1700000001.5)")
    raw.run("INSERT INTO ratings VALUES ('ada', 'gin', 1612.5, 80.25, 0.06, 12, 8, 12)")
    raw.run("INSERT INTO rating_history VALUES ('ada', 'gin', 't1', 1700000100.0, 1612.5, 80.25)")
    raw.run("INSERT INTO tables VALUES ('t1', 'gin', '{\"target\": 100}', 'ada', 'bob', 'over', "
            "1, 2, '{\"hand\": 1}', '{\"winner\": 0}', 'referee.example', 1700000000.0, "
            "1700000100.0)")
    raw.run("INSERT INTO tables VALUES ('t2', 'cribbage', '{}', 'bob', NULL, 'open', 0, 0, NULL, "
            "NULL, 'referee.example', 1700000200.0, 1700000200.0)")
    raw.run("INSERT INTO moves VALUES ('t1', 2, 0, '{\"draw\": \"stock\"}', 1700000050.0)")
    raw.run("INSERT INTO records VALUES ('t1', 0, '{\"hand\": 0}')")
    raw.run("INSERT INTO blocks VALUES ('ada', 'mallory')")


def assert_todays_rows(store: ServiceStore) -> None:
    assert store.display_name("ada") == "Ada L."
    rating = store.rating("ada", "gin")
    assert (rating.rating, rating.rd, rating.games, rating.wins, rating.completed) == \
        (1612.5, 80.25, 12, 8, 12)
    assert rating.vol == pytest.approx(0.06)  # PostgreSQL's REAL had kept 0.0599999986...
    assert [entry["table"] for entry in store.rating_history("ada", "gin")] == ["t1"]
    table = store.table("t1")
    assert table is not None and table.guest == "bob" and table.options == {"target": 100}
    assert table.snapshot == {"hand": 1} and table.outcome == {"winner": 0} and table.seq == 2
    assert [row.id for row in store.tables("referee.example", ["open"])] == ["t2"]
    assert store.moves("t1") == [(2, 0, {"draw": "stock"})]
    assert store.records("t1") == [{"hand": 0}]
    assert store.blocks("ada", "mallory") and not store.blocks("mallory", "ada")


def test_todays_database_is_upgraded_with_its_rows_kept(database_url, raw):
    make_todays_database(raw)
    assert raw.version() is None and raw.indexes() == set()
    store = ServiceStore(database_url)
    try:
        assert_todays_rows(store)
        assert raw.version() == SCHEMA_VERSION == 3
        assert raw.indexes() == INDEXES  # version 2
        # The store keeps working on the upgraded database: a second result for t1 is refused.
        assert not store.record_result("t1", "gin", [store.rating("ada", "gin")], rated=True)
        store.ensure_player("carol")
    finally:
        store.close()
    ServiceStore(database_url).close()  # opening an up-to-date database changes nothing
    assert raw.version() == SCHEMA_VERSION


def test_postgres_times_and_ratings_are_kept_to_the_full_float(postgres_url_or_skip):
    """Version 3: PostgreSQL's REAL (4 bytes) rounded a time to 128 seconds."""
    url = postgres_url_or_skip
    raw = Raw(url)
    try:
        make_todays_database(raw)
        assert raw.column_types()[("rating_history", "at")] == "real"
        store = ServiceStore(url)
        try:
            store.record_result("t9", "gin", [RatingRow("ada", "gin", 1612.345678, 80.123456,
                                                        0.0600012345, 13, 9, 13)], rated=True)
            assert store.rating("ada", "gin").vol == 0.0600012345
            history = store.rating_history("ada", "gin")
            assert history[-1]["table"] == "t9" and abs(history[-1]["at"] - time.time()) < 5
        finally:
            store.close()
        types = raw.column_types()
        for table, column in service_migrations._FLOAT_COLUMNS:
            assert types[(table, column)] == "double precision", (table, column)
    finally:
        raw.close()


@pytest.fixture
def postgres_url_or_skip(request: pytest.FixtureRequest) -> str:
    pytest.importorskip("psycopg")
    return request.getfixturevalue("postgres_url")


def test_a_new_database_gets_the_same_schema_as_an_upgraded_one(database_url, raw, tmp_path):
    ServiceStore(database_url).close()
    assert raw.version() == SCHEMA_VERSION
    assert raw.tables() == {"players", "ratings", "rating_history", "tables", "moves", "records",
                            "blocks", "schema_version"}
    assert raw.indexes() == INDEXES
    if not raw.postgres:  # the same CREATE statements as an upgraded copy of today's database
        old_url = f"sqlite:///{tmp_path / 'old.db'}"
        old = Raw(old_url)
        make_todays_database(old)
        ServiceStore(old_url).close()
        schema = "SELECT type, name, sql FROM sqlite_master ORDER BY name"
        assert old.run(schema) == raw.run(schema)
        old.close()


def test_a_newer_database_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "service.db"
    url = f"sqlite:///{path}"
    store = ServiceStore(url)
    store.ensure_player("ada")
    store.close()
    raw = Raw(url)
    raw.run("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    raw.close()
    before = path.read_bytes()
    with pytest.raises(StoreError) as refused:
        ServiceStore(url)
    message = str(refused.value)
    assert f"schema version {SCHEMA_VERSION + 1}, newer than this referee knows " \
           f"(up to {SCHEMA_VERSION})" in message and "left untouched" in message
    assert "\n" not in message
    assert path.read_bytes() == before
    # The referee's start says so in one line and exits 1, the file still as it was.
    _one_line_error(_run(_config(tmp_path, port=_closed_port(), database=url)),
                    "newer than this referee knows", "left untouched")
    assert path.read_bytes() == before


def test_a_newer_postgres_database_is_refused_and_left_untouched(postgres_url_or_skip):
    url = postgres_url_or_skip
    ServiceStore(url).close()
    raw = Raw(url)
    try:
        raw.run("UPDATE schema_version SET version = 99")
        raw.run("INSERT INTO players VALUES ('ada', 'Ada', 1.0)")
        with pytest.raises(StoreError, match="schema version 99, newer than this referee"):
            ServiceStore(url)
        assert raw.version() == 99 and raw.run("SELECT * FROM players") == [("ada", "Ada", 1.0)]
    finally:
        raw.close()


def _failing(tx: Tx) -> None:
    """A migration that does part of its work, then meets an error from the database."""
    tx.run("CREATE TABLE half_done (x INTEGER)")
    tx.run("ALTER TABLE no_such_table ADD COLUMN x INTEGER")


def test_a_failing_migration_leaves_the_old_version(database_url, raw, monkeypatch):
    make_todays_database(raw)
    # Today's database (version 1, no marker), its version 2 failing midway.
    monkeypatch.setattr(service_migrations, "MIGRATIONS", (MIGRATIONS[0], _failing))
    with pytest.raises(StoreError, match="cannot bring the .* up to schema version"):
        ServiceStore(database_url)
    assert raw.version() is None and "half_done" not in raw.tables() and raw.indexes() == set()
    # Up to version 2, then a version 3 failing: the database stays at 2, with 2's indexes.
    monkeypatch.setattr(service_migrations, "MIGRATIONS", MIGRATIONS[:2])
    ServiceStore(database_url).close()
    monkeypatch.setattr(service_migrations, "MIGRATIONS", (*MIGRATIONS[:2], _failing))
    with pytest.raises(StoreError):
        ServiceStore(database_url)
    assert raw.version() == 2 and "half_done" not in raw.tables() and raw.indexes() == INDEXES
    # The real migrations then bring it up to date, rows intact.
    monkeypatch.setattr(service_migrations, "MIGRATIONS", MIGRATIONS)
    store = ServiceStore(database_url)
    try:
        assert_todays_rows(store)
    finally:
        store.close()
    assert raw.version() == SCHEMA_VERSION


def test_referees_opening_an_old_database_together_migrate_it_once(database_url, raw):
    make_todays_database(raw)
    stores: list[ServiceStore] = []
    errors: list[BaseException] = []

    def open_store() -> None:
        try:
            stores.append(ServiceStore(database_url))
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=open_store) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    for store in stores:
        store.close()
    assert errors == [] and len(stores) == 4
    assert raw.version() == SCHEMA_VERSION and raw.indexes() == INDEXES
