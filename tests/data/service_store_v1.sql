-- The online service store's schema before it had a version (version 1), as the referee
-- created it at commit 45f1c87: sqlite_master of a new database, one statement each.
-- Used by tests/test_service_store_migrations.py on SQLite and PostgreSQL. Never edit.
CREATE TABLE players (
        username TEXT PRIMARY KEY, display TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE ratings (
        username TEXT NOT NULL, game TEXT NOT NULL,
        rating REAL NOT NULL, rd REAL NOT NULL, vol REAL NOT NULL,
        games INTEGER NOT NULL, wins INTEGER NOT NULL, completed INTEGER NOT NULL,
        PRIMARY KEY (username, game));
CREATE TABLE rating_history (
        username TEXT NOT NULL, game TEXT NOT NULL, table_id TEXT NOT NULL, at REAL NOT NULL,
        rating REAL NOT NULL, rd REAL NOT NULL, PRIMARY KEY (username, table_id));
CREATE TABLE tables (
        id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, host TEXT NOT NULL,
        guest TEXT, status TEXT NOT NULL, rated INTEGER NOT NULL, seq INTEGER NOT NULL,
        snapshot TEXT, outcome TEXT, owner TEXT NOT NULL, created REAL NOT NULL,
        updated REAL NOT NULL);
CREATE TABLE moves (
        table_id TEXT NOT NULL, seq INTEGER NOT NULL, seat INTEGER NOT NULL,
        action TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (table_id, seq));
CREATE TABLE records (
        table_id TEXT NOT NULL, hand_index INTEGER NOT NULL, record TEXT NOT NULL,
        PRIMARY KEY (table_id, hand_index));
CREATE TABLE blocks (
        username TEXT NOT NULL, blocked TEXT NOT NULL, PRIMARY KEY (username, blocked));
