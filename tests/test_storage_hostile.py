"""Every load path survives hostile files, through the storage API (see docs/storage.md,
"When files go wrong"): FIFOs and devices, huge files, foreign databases, links, bad rows."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import time

import pytest
from PySide6.QtCore import Qt

from ginrummy_desktop.engine.gin.match import GinMatch
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS
from ginrummy_desktop.storage import Settings, SettingsStore, StatsDatabase, Storage, app_paths
from ginrummy_desktop.storage.records_io import import_records_jsonl, record_problem
from ginrummy_desktop.storage.settings import SETTING_NAMES
from tests.storage_fixtures import gin_hand, match, played_gin_records

SETTINGS_HEADER = {"format": "ginrummy-desktop-settings", "version": 1}


def _finishes(call, *args):
    """``call(*args)``, failing (instead of hanging the suite) if it blocks: an alarm
    interrupts a blocked system call in this thread."""
    def blocked(_signum, _frame):
        raise AssertionError(f"{call} blocked")

    previous = signal.signal(signal.SIGALRM, blocked)
    signal.alarm(30)
    try:
        return call(*args)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def paths(tmp_path):
    return app_paths(tmp_path).ensure()


# ----- FIFOs, devices, huge files --------------------------------------------------------------
@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_fifo_or_device_in_place_of_each_file_is_set_aside_without_blocking(tmp_path, paths,
                                                                              kind):
    targets = [paths.settings_file, paths.autosave_file("player"), paths.database_file]
    for target in targets:
        if kind == "fifo":
            os.mkfifo(target)
        else:
            target.symlink_to("/dev/zero")
    storage = _finishes(Storage, tmp_path)
    try:
        autosave = storage.autosave()
        assert autosave.acquire()
        assert _finishes(autosave.load) is None
        messages = " ".join(n.message for n in storage.notices.take())
        assert "settings file could not be used" in messages
        assert "saved match in progress could not be resumed" in messages
        assert "statistics file could not be used" in messages
        assert not storage.database.in_memory  # a fresh database took its place
        storage.settings.update(card_back="red")  # and settings save again
        assert SettingsStore(paths.settings_file).settings.card_back == "red"
    finally:
        storage.close()
    for target in targets:
        assert len(list(target.parent.glob(target.name + ".*-2*"))) == 1  # kept aside


def test_a_fifo_given_to_import_is_refused_without_blocking(tmp_path, paths):
    fifo = tmp_path / "records.jsonl"
    os.mkfifo(fifo)
    database = StatsDatabase(paths.database_file)
    try:
        report = _finishes(import_records_jsonl, database, "player", fifo)
    finally:
        database.close()
    assert "not a regular file" in report.summary()


def test_a_huge_settings_file_is_not_read_whole(tmp_path, paths):
    with paths.settings_file.open("wb") as handle:
        handle.truncate(50_000_000)  # sparse: large on paper, nothing to write
    storage = Storage(tmp_path)
    try:
        [notice] = storage.notices.take()
        assert "larger than 4 MB" in notice.message
    finally:
        storage.close()


@pytest.mark.parametrize("name", SETTING_NAMES)
@pytest.mark.parametrize("bad", [[], None, {"x": [1]}, 10**30, "", 1.5])
def test_a_wrong_type_in_any_settings_field_falls_back_alone(tmp_path, paths, name, bad):
    profile = {"player_name": "Ann", "card_back": "red", name: bad}
    if name in ("player_name", "card_back"):
        profile[name] = bad
    paths.settings_file.write_text(json.dumps({**SETTINGS_HEADER, "last_profile": bad,
                                               "profiles": {"ann": profile}}))
    store = SettingsStore(paths.settings_file)
    settings = store.settings
    assert store.current_profile == "ann" and not store.read_only
    for field in ("player_name", "card_back"):
        expected = getattr(Settings(), field) if field == name else profile[field]
        assert getattr(settings, field) == expected
    settings.gin_rules(), settings.cribbage_rules()  # always playable


# ----- the database ------------------------------------------------------------------------
def test_an_empty_schema_claiming_the_current_version_is_replaced(tmp_path, paths):
    db = sqlite3.connect(paths.database_file)
    db.execute("PRAGMA user_version = 5")
    db.close()
    storage = Storage(tmp_path)
    try:
        [notice] = storage.notices.take()
        assert "does not hold this app's tables" in notice.message
        storage.record_match(match("gin", "win", 100, 0, [gin_hand("player", 100, 0, "gin",
                                                                   "player")]))
        assert len(storage.database.history("player")) == 1
    finally:
        storage.close()


def test_another_programs_database_is_set_aside_not_migrated(tmp_path, paths):
    db = sqlite3.connect(paths.database_file)
    db.execute("CREATE TABLE matches (id INTEGER PRIMARY KEY, title TEXT)")
    db.execute("INSERT INTO matches (title) VALUES ('football')")
    db.commit()
    db.close()
    storage = Storage(tmp_path)
    try:
        [notice] = storage.notices.take()
        assert "another program's tables" in notice.message
        assert not storage.database.in_memory
    finally:
        storage.close()
    [kept] = paths.data_dir.glob("statistics.sqlite3.corrupt-*")
    other = sqlite3.connect(kept)
    assert other.execute("SELECT title FROM matches").fetchall() == [("football",)]
    other.close()


def _insert_raw_record(path, body, game="gin", added_at=1.0):
    db = sqlite3.connect(path)
    db.execute("INSERT INTO records (profile, game, body, digest, source, added_at) "
               "VALUES ('player', ?, ?, ?, 'imported', ?)", (game, body, body[:40], added_at))
    db.commit()
    db.close()


BAD_BODIES = ['{"result": {"kind": NaN}}', "[" * 5000, "not json", '["a list"]']


def test_bad_record_rows_are_skipped_and_counted(tmp_path, paths):
    database = StatsDatabase(paths.database_file)
    good = played_gin_records(count=1)
    database.add_records("player", good, "imported")
    for body in BAD_BODIES:
        _insert_raw_record(paths.database_file, body)
    _insert_raw_record(paths.database_file, '{"result": {"kind": 5}}', added_at=1e300)
    try:
        index = database.record_index("player")
        assert [row.result_kind for row in index] == [good[0]["result"]["kind"]]
        assert index.skipped == len(BAD_BODIES) + 1
        # Export and replay read the body alone: only the unreadable bodies are left out.
        readable = [record for _, record in database.iter_records("player")]
        assert readable == [*good, {"result": {"kind": 5}}]
        assert all(database.record(row) is None for row in range(2, 2 + len(BAD_BODIES)))
    finally:
        database.close()


def test_the_records_tab_shows_good_rows_and_counts_bad_ones(qtbot, tmp_path):
    from ginrummy_desktop.gui.common.storage_jobs import StorageJobs
    from ginrummy_desktop.gui.stats.window import StatisticsWindow
    from ginrummy_desktop.storage.stats import StatisticsQueries

    storage = Storage(tmp_path)
    jobs = StorageJobs()
    try:
        storage.database.add_records("player", played_gin_records(count=2), "imported")
        _insert_raw_record(storage.paths.database_file, '{"result": {"kind": NaN}}')
        window = StatisticsWindow(StatisticsQueries(storage), jobs)
        qtbot.addWidget(window)
        window.show()
        settled = lambda: not window.busy and not window.jobs.pending  # noqa: E731
        qtbot.waitUntil(settled, timeout=5000)
        bar = window.tabs.tabBar()
        index = next(i for i in range(bar.count()) if bar.tabText(i) == "Records")
        qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
        qtbot.waitUntil(settled, timeout=5000)
        assert window.records_model.rowCount() == 2
        assert "1 damaged record(s) could not be shown" in window.status.text()
    finally:
        jobs.wait()
        storage.close()


# ----- import ----------------------------------------------------------------------------------
def test_import_refuses_nan_non_ascii_and_nesting_per_line_and_knows_summaries(tmp_path, paths):
    first, second = played_gin_records(seed=7, count=2)
    nan_line = json.dumps(second).replace('"points": ' + str(second["result"]["points"]),
                                          '"points": NaN', 1)
    lines = [
        json.dumps(first),
        nan_line,
        json.dumps({**second, "commitment": "é" * 64}),
        "[" * 100_000 + "]" * 100_000,
        json.dumps({"game": "gin", "kind": "match_summary", "match": 0, "players": ["a", "b"],
                    "winners": [0], "forfeit": None}),
        json.dumps(second),
    ]
    path = tmp_path / "records.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    database = StatsDatabase(paths.database_file)
    try:
        report = import_records_jsonl(database, "player", path)
        reasons = dict(report.rejected)
        # Line 6 repeats hand 2 with no hand 1 before it: a fragment, refused as verify does.
        assert sorted(reasons) == [2, 3, 4, 6]
        assert "first hand" in reasons[6]
        assert "NaN" in reasons[2]
        assert "hexadecimal" in reasons[3]
        assert "nested" in reasons[4]
        assert (report.added, report.summaries) == (1, 1)
        assert "1 match summary line(s) skipped" in report.summary()
        stored = [record for _, record in database.iter_records("player")]
        assert stored == [first]
        assert database.record_index("player").skipped == 0
    finally:
        database.close()


def test_storage_refuses_to_store_nan():
    database = StatsDatabase(None)
    record = {**played_gin_records(count=1)[0], "extra": float("nan")}
    with pytest.raises(ValueError):
        database.add_records("player", [record], "imported")
    assert database.record_index("player") == []
    database.close()


def test_an_over_long_line_is_refused_without_stopping_the_import(tmp_path, paths):
    record = played_gin_records(count=1)[0]
    path = tmp_path / "records.jsonl"
    path.write_text('{"pad": "' + "x" * 1_500_000 + '"}\n' + json.dumps(record) + "\n")
    database = StatsDatabase(paths.database_file)
    try:
        report = import_records_jsonl(database, "player", path)
    finally:
        database.close()
    assert report.rejected == [(1, "line is too long to be a hand record")]
    assert report.added == 1


# ----- leftovers, locks, the hidden state ----------------------------------------------------
def test_leftover_temp_files_of_interrupted_writes_are_removed_at_start(tmp_path, paths):
    old = [paths.config_dir / ".settings.json.abc123.tmp",
           paths.data_dir / ".autosave-player.json.xyz789.tmp"]
    young = paths.data_dir / ".autosave-ann.json.young1.tmp"
    foreign = paths.data_dir / ".notes.txt.abc.tmp"
    for leftover in [*old, young, foreign]:
        leftover.write_text("half a file")
    an_hour_ago = time.time() - 3600
    for leftover in [*old, foreign]:
        os.utime(leftover, (an_hour_ago, an_hour_ago))
    storage = Storage(tmp_path)
    storage.close()
    assert sorted(storage.removed_temp_files) == sorted(old)
    assert not any(p.exists() for p in old)
    assert young.exists()  # may be another running copy's write in progress
    assert foreign.exists()  # not ours


def test_an_autosave_lock_that_is_a_link_is_refused(tmp_path, paths):
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me")
    paths.autosave_lock_file("player").symlink_to(victim)
    storage = Storage(tmp_path)
    try:
        autosave = storage.autosave()
        assert not autosave.acquire()
        [notice] = storage.notices.take()
        assert "link" in notice.message
    finally:
        storage.close()
    assert victim.read_text() == "keep me"


def test_the_autosave_does_not_show_the_deck_in_plain_text(tmp_path):
    storage = Storage(tmp_path)
    try:
        autosave = storage.autosave()
        assert autosave.acquire()
        session = GinMatch(GIN_PRESETS["classic"], 11)
        state = {"match": session.snapshot()}
        autosave.save(state)
        text = autosave.path.read_text()
        stock = [str(card) for card in session.hand.deck[session.hand.stock_pos:]]
        assert len(stock) > 20, "the hand has a stock to hide"
        assert all(f'"{card}"' not in text for card in stock)
        assert '"deck"' not in text and '"hand"' not in text
        assert autosave.load() == json.loads(json.dumps(state))  # and it resumes exactly
    finally:
        storage.close()


def test_an_autosave_of_the_previous_version_still_resumes(tmp_path):
    import hashlib

    storage = Storage(tmp_path)
    try:
        autosave = storage.autosave()
        assert autosave.acquire()
        state = {"scores": [1, 2]}
        body = json.dumps(state, sort_keys=True, separators=(",", ":"))
        autosave.path.write_text(json.dumps({
            "format": "ginrummy-desktop-autosave", "version": 1,
            "sha256": hashlib.sha256(body.encode()).hexdigest(), "state": state}))
        assert autosave.load() == state
    finally:
        storage.close()


# ----- two copies of the app -----------------------------------------------------------------
def test_a_profile_added_in_one_copy_survives_a_setting_changed_in_the_other(tmp_path, paths):
    first = SettingsStore(paths.settings_file)
    second = SettingsStore(paths.settings_file)  # opened before the profile exists
    added = first.add_profile("Ann")
    second.update(card_back="red")
    first.update(table_colour="blue")
    reopened = SettingsStore(paths.settings_file)
    assert dict(reopened.profiles()) == {"player": "Player", added: "Ann"}
    assert reopened.settings.card_back == "red" and reopened.settings.table_colour == "blue"
    assert added in dict(second.profiles())  # the other copy sees it after its own write


def test_two_processes_adding_profiles_and_changing_settings_lose_nothing(tmp_path, paths):
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from ginrummy_desktop.storage import SettingsStore\n"
        "from pathlib import Path\n"
        "store = SettingsStore(Path(sys.argv[1]))\n"
        "for n in range(15):\n"
        "    store.add_profile(f'{sys.argv[2]} {n}')\n"
    )
    here = SettingsStore(paths.settings_file)
    child = subprocess.Popen([sys.executable, "-c", script, str(paths.settings_file), "Kid"],
                             env={**os.environ, "PYTHONPATH": os.getcwd()})
    parent = 0
    while (child.poll() is None or parent < 15) and parent < 500:  # write while the child does
        here.update(card_back=("red", "blue")[parent % 2])
        here.add_profile(f"Parent {parent}")
        parent += 1
    assert child.wait(timeout=120) == 0
    names = {name for _, name in SettingsStore(paths.settings_file).profiles()}
    assert {f"Kid {n}" for n in range(15)} <= names
    assert {f"Parent {n}" for n in range(parent)} <= names


def test_a_record_problem_is_words_never_an_exception():
    assert "JSON object" in record_problem(None)
    assert "salt" in record_problem({**played_gin_records(count=1)[0], "salt": 5})


def test_a_refusal_reason_stays_short_whatever_the_line_holds(tmp_path, paths):
    path = tmp_path / "records.jsonl"
    path.write_text(json.dumps({"game": "x" * 500_000}) + "\n")
    database = StatsDatabase(None)
    try:
        [(number, reason)] = import_records_jsonl(database, "player", path).rejected
    finally:
        database.close()
    assert number == 1 and reason.startswith("unknown game") and len(reason) < 400


def test_a_match_row_of_the_wrong_types_is_left_out_of_the_history(tmp_path, paths):
    database = StatsDatabase(paths.database_file)
    try:
        database.record_match(match("gin", "win", 100, 0, []), "player")
        database.record_match(match("gin", "loss", 0, 100, [], day=1), "player")
        database.connection.execute(
            "UPDATE matches SET player_score = 'lots', started_at = 'yesterday' WHERE id = 2")
        assert [row.match_id for row in database.history("player")] == [1]
    finally:
        database.close()


def test_damaged_settings_that_cannot_be_moved_aside_are_left_alone(tmp_path, paths):
    from tests.storage_fixtures import frozen_folder

    paths.settings_file.write_text('{"format": "ginrummy-desktop-settings", "version": 1, ')
    with frozen_folder(paths.config_dir):
        store = SettingsStore(paths.settings_file)
        [notice] = store.notices.take()
        store.update(card_back="red")  # works for this session
        assert store.settings.card_back == "red"
    assert "could not be moved aside" in notice.message
    assert str(paths.settings_file) in notice.message
    assert store.read_only
    assert paths.settings_file.read_text().endswith('"version": 1, ')  # never overwritten


def test_a_file_where_the_data_folder_belongs_leaves_settings_on(tmp_path):
    (tmp_path / "data").write_text("not a folder")
    storage = Storage(tmp_path)
    try:
        assert storage.database.in_memory
        assert not storage.autosave().acquire()
        storage.settings.update(card_back="green")
        messages = " ".join(n.message for n in storage.notices.take())
        assert "folders could not be created" in messages
        assert "statistics file could not be opened" in messages
    finally:
        storage.close()
    assert SettingsStore(storage.paths.settings_file).settings.card_back == "green"


def test_a_hand_row_of_the_wrong_types_is_left_out_of_the_match_details(tmp_path, paths):
    database = StatsDatabase(paths.database_file)
    try:
        match_id = database.record_match(match("gin", "win", 20, 0, [
            gin_hand("player", 10, 0, "knock", "player"),
            gin_hand("player", 10, 0, "gin", "player")]), "player")
        database.connection.execute(
            "UPDATE hands SET player_points = 'ten', ending = 7 WHERE number = 2")
        assert [hand.number for hand in database.match_hands(match_id)] == [1]
    finally:
        database.close()


def test_a_line_with_text_storage_cannot_keep_is_refused_alone(tmp_path, paths):
    first, second = played_gin_records(seed=8, count=2)
    path = tmp_path / "records.jsonl"
    path.write_text(json.dumps({**first, "note": "\ud800"}) + "\n" + json.dumps(second) + "\n")
    database = StatsDatabase(None)
    try:
        report = import_records_jsonl(database, "player", path)
        # The second hand replays alone, but its match cannot be checked without the first.
        assert [number for number, _ in report.rejected] == [1, 2]
        assert "Unicode" in report.rejected[0][1]
        assert "first hand" in report.rejected[1][1]
        assert list(database.iter_records("player")) == []
    finally:
        database.close()
