"""Figures from the totals the writer keeps (issue 43): the same as counting every match, in
any order of writing, for every filter; rebuilt when the database's matches are not what the
totals counted; a cost that does not grow with the history; the schema 5 -> 6 upgrade."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from itertools import groupby

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.gin.results import arcade_score
from ginrummy_desktop.storage import StatsDatabase
from ginrummy_desktop.storage.migrations import SCHEMA_VERSION, migrate, refresh_match_totals
from ginrummy_desktop.storage.stats import ALL_OFFLINE, ALL_ONLINE, breakdown, figures
from tests.storage_fixtures import EPOCH, gin_hand, gin_record, match

OPPONENTS = ("a", "b", "online:zed")
LINEUPS = ((), ("you", "a", "b"), ("you", "b", "a"), ("you", "a", "b", "c"))


@st.composite
def matches(draw):
    game = draw(st.sampled_from(["gin", "cribbage"]))
    result = draw(st.sampled_from(["win", "loss", "abandoned"]))
    mine, theirs = draw(st.integers(0, 200)), draw(st.integers(0, 200))
    hands = [gin_hand("player", draw(st.integers(0, 30)), 0, "gin", "player")] \
        if game == "gin" and draw(st.booleans()) else []
    summary = match(game, result, mine, theirs, hands, day=draw(st.integers(0, 5)),
                    opponent=draw(st.sampled_from(OPPONENTS)), skunk=draw(st.integers(0, 2)))
    seats = draw(st.sampled_from(LINEUPS))
    if seats and not summary.opponent_id.startswith("online:"):
        names = tuple(s.upper() for s in seats)
        summary = replace(summary, seat_ids=seats, seat_names=names,
                          opponent_id=seats[1], opponent_name=f"{names[1]} and {names[2]}")
    return summary


def streaks(results):
    longest = {"win": 0, "loss": 0}
    current = 0
    for result, run in groupby(results):
        length = len(list(run))
        longest[result] = max(longest[result], length)
        current = length if result == "win" else -length
    return longest["win"], longest["loss"], current


def expected(stored, keep):
    """The figures a person would count by hand: ``stored`` is [(id, summary)]."""
    chosen = sorted(((m.ended_at, i, m) for i, m in stored if keep(m)), key=lambda t: t[:2])
    decided = [(i, m) for _, i, m in chosen if m.result != "abandoned"]
    margins = [(m.player_score - m.opponent_score, i) for i, m in decided]
    # max and min keep the first of equal margins: the match that ended first.
    best = max(margins, key=lambda t: t[0], default=None)
    worst = min(margins, key=lambda t: t[0], default=None)
    wins = [arcade_score(m.player_score, m.opponent_score) for _, m in decided
            if m.result == "win" and m.game == "gin"]
    return {
        "played": len(chosen), "won": sum(m.result == "win" for _, m in decided),
        "lost": sum(m.result == "loss" for _, m in decided),
        "points": sum(h.player_points for _, _, m in chosen for h in m.hands),
        "streaks": streaks([m.result for _, m in decided]),
        "best": best and (best[0], best[1]), "worst": worst and (worst[0], worst[1]),
        "best_score": max(wins, default=None),
    }


def shown(f):
    return {
        "played": f.matches_played, "won": f.matches_won, "lost": f.matches_lost,
        "points": f.points_for,
        "streaks": (f.longest_win_streak, f.longest_losing_streak, f.current_streak),
        "best": f.best_match and (f.best_match.margin, f.best_match.match_id),
        "worst": f.worst_match and (f.worst_match.margin, f.worst_match.match_id),
        "best_score": f.best_score,
    }


@settings(max_examples=40, deadline=None)
@given(batches=st.lists(st.lists(matches(), min_size=1, max_size=4), max_size=6))
def test_kept_totals_equal_a_count_by_hand_for_every_filter(tmp_path_factory, batches):
    database = StatsDatabase(tmp_path_factory.mktemp("totals") / "s.sqlite3")
    stored = []
    try:
        for batch in batches:  # one at a time and in batches, days out of order
            ids = ([database.record_match(batch[0], "player")] if len(batch) == 1
                   else database.record_matches(batch, "player"))
            stored.extend(zip(ids, batch, strict=True))
        database.record_match(match("gin", "win", 9, 0, []), "other")  # another profile
        lineups = {m.lineup for _, m in stored}
        filters = [(None, None, None), ("gin", None, None), ("cribbage", ALL_ONLINE, None),
                   (None, ALL_OFFLINE, None), ("gin", "a", None), (None, "a", "b+c with a")]
        filters += [(game, None, lineup) for lineup in lineups for game in (None, "gin")]
        for game, opponent, lineup in filters:
            def keep(m, game=game, opponent=opponent, lineup=lineup):
                online = m.opponent_id.startswith("online:")
                return (game in (None, m.game) and lineup in (None, m.lineup)
                        and (opponent is None or (opponent == ALL_ONLINE and online)
                             or (opponent == ALL_OFFLINE and not online)
                             or opponent == m.opponent_id))
            got = figures(database, "player", game, opponent, lineup)
            assert shown(got) == expected(stored, keep), (game, opponent, lineup)
        lines = {line.key: line.matches for line in breakdown(database, "player", "opponent")}
        counted = {}
        for _, m in stored:
            counted[f"{m.game}/{m.lineup}"] = counted.get(f"{m.game}/{m.lineup}", 0) + 1
        assert lines == counted
    finally:
        database.close()


def test_matches_added_behind_the_writers_back_are_counted_on_opening(tmp_path):
    path = tmp_path / "s.sqlite3"
    database = StatsDatabase(path)
    database.record_match(match("gin", "win", 100, 0, []), "player")
    database.close()
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("INSERT INTO matches (profile, game, opponent_id, opponent_name, rules, "
               "started_at, ended_at, player_score, opponent_score, result, lineup) VALUES "
               "('player', 'gin', 'x', 'X', 'classic', 1, 2, 5, 100, 'loss', 'x')")
    db.close()
    database = StatsDatabase(path)
    try:
        f = figures(database, "player")
        assert (f.matches_played, f.matches_won, f.matches_lost) == (2, 1, 1)
        assert f.current_streak == 1  # the hand-added loss ended first
    finally:
        database.close()


def test_a_damaged_totals_row_still_gives_the_right_figures_and_is_rebuilt(tmp_path):
    database = StatsDatabase(tmp_path / "s.sqlite3")
    try:
        for day, result in enumerate(("win", "win", "loss")):
            database.record_match(match("gin", result, 100, 50, [], day=day), "player")
        database.connection.execute("UPDATE figure_totals SET data = 'garbage'")
        assert figures(database, "player").matches_won == 2
        database.record_match(match("gin", "loss", 0, 100, [], day=9), "player")
        f = figures(database, "player")
        assert (f.matches_played, f.longest_losing_streak, f.current_streak) == (4, 2, -2)
        assert json.loads(database.connection.execute(
            "SELECT data FROM figure_totals WHERE game = '*' AND scope = '*'").fetchone()[0])
    finally:
        database.close()


def test_a_match_that_ended_before_the_last_one_keeps_the_streaks_right(tmp_path):
    database = StatsDatabase(tmp_path / "s.sqlite3")
    try:
        database.record_match(match("gin", "win", 100, 0, [], day=5), "player")
        database.record_match(match("gin", "win", 100, 0, [], day=6), "player")
        database.record_match(match("gin", "loss", 0, 100, [], day=1), "player")  # late write
        f = figures(database, "player")
        assert (f.longest_win_streak, f.current_streak) == (2, 2)
    finally:
        database.close()


def test_reading_the_figures_costs_the_same_at_any_length_of_history(tmp_path):
    """Counted in SQLite virtual-machine steps, not time: the figures read one row."""
    def steps_for(count: int) -> int:
        database = StatsDatabase(tmp_path / f"{count}.sqlite3")
        try:
            database.record_matches([match("gin", "win" if i % 3 else "loss", 100, 40, [
                gin_hand("player", 25, 0, "gin", "player")], day=i) for i in range(count)],
                "player")
            steps = [0]

            def count_step() -> int:
                steps[0] += 1
                return 0

            database.connection.set_progress_handler(count_step, 1)
            assert figures(database, "player", "gin").matches_played == count
            database.connection.set_progress_handler(None, 0)
            return steps[0]
        finally:
            database.close()

    assert steps_for(1000) == steps_for(20)


def test_upgrading_from_schema_5_keeps_three_player_matches_apart(tmp_path):
    """Schema 5 stored a three-player match under its first computer player's id."""
    path = tmp_path / "s.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    migrate(db, target=5)
    record = dict(gin_record(), rules={"preset": "three-player", "players": 3})
    db.execute("INSERT INTO records (game, body, digest, source, added_at) "
               "VALUES ('gin', ?, 'd', 'played', 0)", (json.dumps(record),))
    start = EPOCH.timestamp()
    for number, name in enumerate(("Bea the Beginner", "Bea the Beginner and Marjorie"), 1):
        db.execute("INSERT INTO matches (game, opponent_id, opponent_name, rules, started_at, "
                   "ended_at, player_score, opponent_score, result) VALUES "
                   "('gin', 'beginner', ?, 'classic', ?, ?, 100, 10, 'win')",
                   (name, start + number, start + number + 60))
    db.execute("INSERT INTO hands (match_id, number, winner, player_points, opponent_points, "
               "player_total, opponent_total, record_id) VALUES (2, 1, 'player', 25, 0, 25, 0, 1)")
    refresh_match_totals(db)
    db.close()
    database = StatsDatabase(path)
    try:
        assert database.connection.execute("PRAGMA user_version").fetchone()[0] == \
            SCHEMA_VERSION == 6
        lines = {line.label: line.matches for line in breakdown(database, "player", "opponent")}
        assert lines == {"Bea the Beginner": 1, "Bea the Beginner and Marjorie": 1}
        # A new two-player match against Bea joins her line from before the upgrade.
        later = match("gin", "win", 100, 0, [], day=3, opponent="beginner")
        database.record_match(replace(later, opponent_name="Bea the Beginner"), "player")
        lines = {line.label: line.matches for line in breakdown(database, "player", "opponent")}
        assert lines == {"Bea the Beginner": 2, "Bea the Beginner and Marjorie": 1}
        assert figures(database, "player").matches_played == 3
    finally:
        database.close()


def test_seat_lists_that_do_not_fit_the_match_are_refused():
    with pytest.raises(ValueError, match="player_seat"):
        replace(match("gin", "win", 1, 0, []), seat_ids=("a", "b", "c"), player_seat=3)
    with pytest.raises(ValueError, match="texts"):
        replace(match("gin", "win", 1, 0, []), seat_names=("a", 5))


def test_the_newest_match_is_read_without_reading_the_whole_history(tmp_path):
    """What the start-up offer needs ("play Ada again?") at any length of history."""
    database = StatsDatabase(tmp_path / "s.sqlite3")
    try:
        for day in (3, 9, 1):
            database.record_match(match("gin", "win", 100, day, [], day=day), "player")
        assert database.history("player", limit=1) == database.history("player")[:1]
        assert database.history("player", limit=1)[0].opponent_score == 9
    finally:
        database.close()
