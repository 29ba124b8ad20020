"""Statistics database: hand-computed figures, history, migrations, damaged and newer files."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy_desktop.storage import StatsDatabase, Storage, breakdown, figures
from ginrummy_desktop.storage.migrations import (
    MIGRATIONS,
    SCHEMA_VERSION,
    migrate,
    refresh_match_totals,
)
from ginrummy_desktop.storage.stats import points_per_hand_distribution, win_rate_over_time
from tests.storage_fixtures import (
    CRIBBAGE_MATCHES,
    EPOCH,
    GIN_MATCHES,
    gin_hand,
    gin_record,
    match,
)


@pytest.fixture
def database(tmp_path):
    db = StatsDatabase(tmp_path / "statistics.sqlite3")
    yield db
    db.close()


@pytest.fixture
def played(database):
    ids = [database.record_match(m, "player") for m in GIN_MATCHES + CRIBBAGE_MATCHES]
    # Another profile's match must never leak into this profile's figures.
    database.record_match(GIN_MATCHES[0], "bob")
    return ids


def test_gin_figures_equal_hand_computed_values(database, played):
    f = figures(database, "player", game="gin")
    assert (f.matches_played, f.matches_won, f.matches_lost, f.matches_abandoned) == (4, 2, 1, 1)
    assert f.win_rate == pytest.approx(2 / 3)
    assert (f.hands_played, f.hands_won) == (9, 5)
    assert (f.points_for, f.points_against) == (145, 77)
    assert f.average_points_per_hand == pytest.approx(145 / 9)
    assert (f.gins, f.big_gins, f.knocks) == (1, 1, 3)
    assert (f.undercuts_given, f.undercuts_taken) == (1, 1)
    assert f.average_deadwood_caught == pytest.approx(16.0)  # 12 and 20 when the opponent went out
    assert f.average_hand_turns == pytest.approx(97 / 9)
    assert f.best_match.match_id == played[2] and f.best_match.margin == 90
    assert f.worst_match.match_id == played[1] and f.worst_match.margin == -70
    assert (f.longest_win_streak, f.longest_losing_streak, f.current_streak) == (1, 1, 1)


def test_cribbage_figures_equal_hand_computed_values(database, played):
    f = figures(database, "player", game="cribbage")
    assert (f.matches_played, f.matches_won, f.matches_lost) == (2, 1, 1)
    assert f.average_hand_points == pytest.approx(49 / 4)
    assert f.average_crib_points == pytest.approx(2.0)  # only deals where the player had the crib
    assert f.average_pegging_points == pytest.approx(15 / 4)
    assert (f.skunks_given, f.double_skunks_given) == (1, 0)
    assert (f.skunks_taken, f.double_skunks_taken) == (0, 1)
    assert (f.best_hand, f.best_pegging) == (29, 6)


def test_overall_and_per_opponent_figures(database, played):
    overall = figures(database, "player")
    assert (overall.matches_played, overall.matches_won, overall.matches_lost) == (6, 3, 2)
    # decided results in time order: W L W W L
    assert (overall.longest_win_streak, overall.longest_losing_streak) == (2, 1)
    assert overall.current_streak == -1
    novice = figures(database, "player", game="gin", opponent_id="novice")
    assert (novice.matches_played, novice.hands_played, novice.points_for) == (1, 1, 15)
    lines = {line.key: line for line in breakdown(database, "player", by="opponent")}
    expert = lines["gin/expert"]
    assert (expert.matches, expert.won, expert.lost, expert.hands) == (3, 1, 1, 8)
    assert (expert.points_for, expert.points_against) == (130, 77)
    assert expert.label == "Expert"
    games = {line.key: line for line in breakdown(database, "player", by="game")}
    assert games["cribbage"].win_rate == pytest.approx(0.5)


def test_empty_profile_has_no_averages_to_show(database, played):
    f = figures(database, "nobody")
    assert f.matches_played == 0 and f.win_rate is None
    assert f.average_points_per_hand is None and f.best_match is None


def test_history_is_newest_first_with_hands_and_durations(database, played):
    rows = database.history("player")
    assert [r.match_id for r in rows] == played[::-1]
    assert rows[-1].hands == 4 and rows[-1].duration_seconds == 20 * 60
    hands = database.match_hands(played[0])
    assert [h.ending for h in hands] == ["gin", "knock", "undercut", "big_gin"]


def test_chart_series(database, played):
    series = win_rate_over_time(database, "player", game="gin", window=2)
    assert [rate for _, rate in series] == [1.0, 0.5, 0.5]
    distribution = points_per_hand_distribution(database, "player", game="gin")
    assert distribution == {0: 4, 10: 1, 15: 1, 30: 1, 35: 1, 55: 1}


def test_hand_records_are_stored_and_read_back(database):
    record = gin_record()
    m = match("gin", "win", 100, 0, [gin_hand("player", 100, 0, "gin", "player", record=record)])
    match_id = database.record_match(m, "player")
    [hand] = database.match_hands(match_id)
    assert database.record(hand.record_id) == record
    assert [r for _, r in database.iter_records("player")] == [record]


def test_a_failed_write_leaves_nothing_half_written(database):
    # The second hand's record cannot be stored (not JSON), after the match row went in.
    bad = match("gin", "win", 1, 0, [gin_hand("player", 1, 0, "knock", "player"),
                                     gin_hand("player", 1, 0, "knock", "player",
                                              record={"cards": {"AS"}})])
    with pytest.raises(TypeError):
        database.record_match(bad, "player")
    assert database.history("player") == []
    assert database.connection.execute("SELECT COUNT(*) FROM hands").fetchone() == (0,)


# ----- migrations -----------------------------------------------------------------------------
def _old_database(path, version: int) -> None:
    """A database as version ``version`` of the app left it, with one match of data."""
    db = sqlite3.connect(path, isolation_level=None)
    migrate(db, target=version)
    record = json.dumps(gin_record())
    start = EPOCH.timestamp()
    if version >= 1:
        db.execute(
            "INSERT INTO matches (game, opponent_id, opponent_name, rules, started_at, ended_at, "
            "player_score, opponent_score, result, skunk) "
            "VALUES ('gin', 'expert', 'Expert', 'classic', ?, ?, 100, 40, 'win', 0)",
            (start, start + 600),
        )
    if version == 1:
        db.execute(
            "INSERT INTO hands (match_id, number, winner, player_points, opponent_points, "
            "player_total, opponent_total, ending, knocker, player_deadwood, turns, record) "
            "VALUES (1, 1, 'player', 25, 0, 100, 40, 'gin', 'player', 0, 9, ?)",
            (record,),
        )
    if version >= 2:  # v3 added columns with defaults; the same rows fit
        db.execute(
            "INSERT INTO records (game, body, digest, source, added_at) "
            "VALUES ('gin', ?, 'x', 'played', 0)",
            (record,),
        )
        db.execute(
            "INSERT INTO hands (match_id, number, winner, player_points, opponent_points, "
            "player_total, opponent_total, ending, knocker, player_deadwood, turns, record_id) "
            "VALUES (1, 1, 'player', 25, 0, 100, 40, 'gin', 'player', 0, 9, 1)"
        )
    if version >= 4:  # from v4 on the app keeps each match's hand totals on its row
        refresh_match_totals(db)
    db.close()


@pytest.mark.parametrize("version", range(SCHEMA_VERSION))
def test_every_older_schema_migrates_forward_keeping_its_data(tmp_path, version):
    path = tmp_path / "statistics.sqlite3"
    _old_database(path, version)
    database = StatsDatabase(path)
    try:
        assert database.connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert database.notices.take() == []
        rows = database.history("player")
        if version == 0:
            assert rows == []
        else:
            [row] = rows
            assert (row.player_score, row.opponent_score, row.result) == (100, 40, "win")
            [hand] = database.match_hands(row.match_id)
            assert hand.ending == "gin" and hand.turns == 9
            assert database.record(hand.record_id) == gin_record()
            assert figures(database, "player").gins == 1
        # and the migrated database takes new matches
        database.record_match(CRIBBAGE_MATCHES[0], "player")
        assert figures(database, "player", game="cribbage").matches_played == 1
    finally:
        database.close()


def test_migrations_are_an_append_only_list_matching_the_schema_version():
    assert len(MIGRATIONS) == SCHEMA_VERSION == 6


@pytest.mark.parametrize("version", range(1, 5))  # the versions before undo had a field
def test_undo_written_in_the_rules_text_becomes_the_undo_used_field(tmp_path, version):
    path = tmp_path / "statistics.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    migrate(db, target=version)
    start = EPOCH.timestamp()
    for rules in ("classic (practice, undo used)", "classic (practice)", "oklahoma"):
        db.execute(
            "INSERT INTO matches (game, opponent_id, opponent_name, rules, started_at, "
            "ended_at, player_score, opponent_score, result, skunk) "
            "VALUES ('gin', 'expert', 'Expert', ?, ?, ?, 100, 40, 'win', 0)",
            (rules, start, start + 60),
        )
    db.close()
    database = StatsDatabase(path)
    try:
        rows = sorted(database.history("player"), key=lambda row: row.match_id)
        assert [(row.rules, row.undo_used) for row in rows] == [
            ("classic (practice)", True), ("classic (practice)", False), ("oklahoma", False)]
    finally:
        database.close()


def test_undo_used_is_stored_and_read_back(database):
    hands = [gin_hand("player", 25, 0, "gin", "player", 0)]
    practice = match("gin", "win", 100, 20, day=1, hands=hands)
    database.record_match(practice, "player")
    database.record_match(replace(practice, undo_used=True), "player")
    assert sorted(row.undo_used for row in database.history("player")) == [False, True]


# ----- damaged and newer files ----------------------------------------------------------------
def _fill(path) -> None:
    db = StatsDatabase(path)
    for m in GIN_MATCHES * 20:
        db.record_match(m, "player")
    db.close()


@pytest.mark.parametrize("damage", ["garbage", "truncated", "zeroed-header"])
def test_corrupt_database_is_set_aside_and_a_fresh_one_works(tmp_path, damage):
    storage = Storage(tmp_path)
    path = storage.paths.database_file
    storage.close()
    _fill(path)
    data = path.read_bytes()
    if damage == "garbage":
        data = b"this is not a database at all" * 200
    elif damage == "truncated":
        data = data[: len(data) // 3]
    else:
        data = b"\0" * 100 + data[100:]
    path.write_bytes(data)
    storage = Storage(tmp_path)
    try:
        [notice] = storage.notices.take()
        assert notice.kind == "corrupt" and "damaged" in notice.message
        kept = list(path.parent.glob("statistics.sqlite3.corrupt-*"))
        assert [p.read_bytes() for p in kept if not p.name.endswith(("-wal", "-shm"))] == [data]
        storage.record_match(GIN_MATCHES[0])
        assert storage.figures().matches_played == 1
    finally:
        storage.close()


def test_newer_database_is_left_untouched_and_the_session_still_records(tmp_path):
    storage = Storage(tmp_path)
    path = storage.paths.database_file
    storage.close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    before = path.read_bytes()
    storage = Storage(tmp_path)
    try:
        [notice] = storage.notices.take()
        assert notice.kind == "newer_version" and "newer version" in notice.message
        storage.record_match(GIN_MATCHES[0])
        assert storage.figures().matches_played == 1  # kept in memory for this session
        assert storage.database.in_memory
    finally:
        storage.close()
    assert path.read_bytes() == before


# ----- property: SQL figures equal a plain Python count -------------------------------------
_sides = st.sampled_from(["player", "opponent"])


@st.composite
def gin_hands(draw):
    ending = draw(st.sampled_from(["gin", "big_gin", "knock", "undercut", "draw"]))
    knocker = None if ending == "draw" else draw(_sides)
    defender = "opponent" if knocker == "player" else "player"
    winner = defender if ending == "undercut" else knocker  # an undercut scores for the defender
    points = 0 if ending == "draw" else draw(st.integers(1, 80))
    return gin_hand(winner, points if winner == "player" else 0,
                    points if winner == "opponent" else 0, ending, knocker,
                    deadwood=draw(st.none() | st.integers(0, 98)),
                    turns=draw(st.integers(1, 40)))


@st.composite
def gin_matches(draw):
    hands = draw(st.lists(gin_hands(), min_size=0, max_size=6))
    return match("gin", draw(st.sampled_from(["win", "loss", "abandoned"])),
                 draw(st.integers(0, 300)), draw(st.integers(0, 300)), hands,
                 day=draw(st.integers(0, 30)), opponent=draw(st.sampled_from(["a", "b"])))


def _mean(values):
    values = [v for v in values if v is not None]
    return sum(values) / len(values) if values else None


@settings(max_examples=30, deadline=None)
@given(matches=st.lists(gin_matches(), max_size=8), opponent=st.sampled_from([None, "a"]))
def test_figures_equal_a_direct_count(tmp_path_factory, matches, opponent):
    database = StatsDatabase(tmp_path_factory.mktemp("prop") / "s.sqlite3")
    try:
        database.record_matches(matches, "player")
        f = figures(database, "player", "gin", opponent)
    finally:
        database.close()
    chosen = [m for m in matches if opponent in (None, m.opponent_id)]
    hands = [h for m in chosen for h in m.hands]
    caught = [h.player_deadwood for h in hands
              if h.knocker == "opponent" and h.ending in ("knock", "gin", "big_gin")]
    assert f.matches_played == len(chosen)
    assert f.matches_won == sum(m.result == "win" for m in chosen)
    assert f.hands_played == len(hands)
    assert f.hands_won == sum(h.winner == "player" for h in hands)
    assert (f.points_for, f.points_against) == (sum(h.player_points for h in hands),
                                                sum(h.opponent_points for h in hands))
    assert f.knocks == sum(h.knocker == "player" and h.ending in ("knock", "undercut")
                           for h in hands)
    assert f.undercuts_given == sum(h.undercut_given for h in hands)
    assert f.undercuts_taken == sum(h.undercut_taken for h in hands)
    assert f.average_deadwood_caught == pytest.approx(_mean(caught))
    assert f.average_hand_turns == pytest.approx(_mean([h.turns for h in hands]))
    decided = [m for m in chosen if m.result != "abandoned"]
    if decided:
        assert f.best_match.margin == max(m.player_score - m.opponent_score for m in decided)
        assert f.worst_match.margin == min(m.player_score - m.opponent_score for m in decided)
    else:
        assert f.best_match is None and f.win_rate is None


def test_unopenable_data_folder_still_gives_a_working_app(tmp_path):
    (tmp_path / "data").write_text("a file where the data folder should be")
    storage = Storage(tmp_path)
    try:
        kinds = [n.kind for n in storage.notices.take()]
        assert kinds.count("io") == 2  # folders, then statistics
        storage.record_match(GIN_MATCHES[0])
        assert storage.figures().matches_played == 1 and storage.database.in_memory
        assert not storage.autosave().acquire()
        assert "cannot be saved" in storage.notices.take()[0].message
        storage.settings.update(card_size="large")  # settings live elsewhere and still save
        assert storage.paths.settings_file.exists()
    finally:
        storage.close()
