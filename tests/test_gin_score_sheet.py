"""The running gin score sheet: its lines, boxes, games and totals against the engine's scores."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.gin import GIN_PRESETS, GinMatch
from ginrummy_desktop.engine.gin.bots import GreedyBot, RandomBot
from ginrummy_desktop.engine.gin.results import match_totals
from ginrummy_desktop.engine.gin.score_sheet import (
    ScoreSheetBuilder,
    build_score_sheet,
    game_heading,
    game_state_text,
    row_words,
    side_label,
)
from tests.test_gin_match import KNOCK_DEAL, UNDERCUT_DEAL, dead_hand, knock_hand, undercut_hand

NAMES = {0: "You", 1: "Ada the Expert", 2: "Bea", 3: "Cy"}


def engine_boxes(match: GinMatch) -> list[tuple[int, ...]]:
    """Boxes per game and side as the engine keeps them."""
    if match.rules.hollywood:
        return [tuple(game[1]) for game in match.hollywood]
    sides = 3 if match.rules.players == 3 else 2
    return [tuple(match.boxes[:sides])]


# Seats that play greedily in every match: every table has a player who knocks, so a match
# ends in tens of hands (two random players can take thousands of dead hands to reach 100).
ALWAYS_GREEDY = {2: {0}, 3: {0, 1}, 4: {0, 2}}


@pytest.mark.parametrize("preset", sorted(GIN_PRESETS))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32),
       bot_kinds=st.lists(st.sampled_from([RandomBot, GreedyBot]), min_size=4, max_size=4))
def test_sheet_totals_equal_the_engine_after_every_hand_and_at_match_end(preset, seed,
                                                                         bot_kinds):
    rules = GIN_PRESETS[preset]
    match = GinMatch(rules, seed=seed)
    bots = [(GreedyBot if seat in ALWAYS_GREEDY[rules.players] else kind)(seed=seed + seat)
            for seat, kind in enumerate(bot_kinds[:rules.players])]
    builder = ScoreSheetBuilder(rules)
    while not match.over:
        seat = match.to_move()
        match.apply(seat, bots[seat].choose(match.observation(seat)))
        for record in match.hand_records()[builder.records:]:
            builder.add(record)
            sheet = builder.sheet()
            if not sheet.over:
                assert sheet.seat_totals() == match.seat_scores()
                assert [game.boxes for game in sheet.games] == engine_boxes(match)
                last = sheet.rows[-1]
                if last.complete:  # the line's running totals are the sheet's running totals
                    assert tuple(sum(t[side] for t in last.totals)
                                 for side in range(sheet.sides)) == sheet.totals
    sheet = builder.sheet()
    assert sheet.over and sheet.winners == match.winners
    assert sheet.seat_totals() == match_totals(match.final_breakdown, match.seat_scores())
    assert sheet == build_score_sheet(rules, match.hand_records())  # one go = hand by hand
    for game in sheet.games:
        assert game.winner is not None and game.totals is not None
        for side in range(sheet.sides):  # the lines under the rule add up to the game total
            assert sum(line.points[side] or 0 for line in game.lines) == game.totals[side]
    scored = [row for row in sheet.rows if row.scorer is not None]
    for game_index, game in enumerate(sheet.games):  # a box line per line won in that game
        for side in range(sheet.sides):
            assert game.boxes[side] == sum(1 for row in scored if row.boxes[game_index] == side)


def test_hollywood_writes_a_players_nth_win_into_the_first_n_games_still_open():
    rules = GIN_PRESETS["hollywood"]
    match = GinMatch(rules, seed=2, deals=lambda n: KNOCK_DEAL)  # every hand: knocker +45
    knocker = 1 - match.view(0).dealer
    for _ in range(3):
        knock_hand(match)
    sheet = build_score_sheet(rules, match.hand_records())
    them = 1 - knocker
    assert [row.entries for row in sheet.rows] == [
        tuple(tuple(45 if side == knocker and game <= line else None for side in (0, 1))
              for game in range(3)) for line in range(3)]
    assert [game.scores[knocker] for game in sheet.games] == [135, 90, 45]
    assert [game.scores[them] for game in sheet.games] == [0, 0, 0]
    assert sheet.rows[-1].closed == (knocker, None, None)  # 135 >= 100 closes game 1
    assert [game.winner for game in sheet.games] == [knocker, None, None]
    assert game_state_text(sheet, sheet.games[0], NAMES) == \
        f"won by {'you' if knocker == 0 else 'Ada the Expert'}"
    assert [game_heading(sheet, game) for game in sheet.games] == ["Game 1", "Game 2", "Game 3"]
    knock_hand(match)  # the fourth win: game 1 is closed, so games 2 and 3 only
    sheet = build_score_sheet(rules, match.hand_records())
    assert sheet.rows[-1].entries[0] == (None, None)
    assert sheet.rows[-1].scorer == knocker and sheet.rows[-1].points == 45
    assert [game.scores[knocker] for game in sheet.games] == [135, 135, 90]
    assert not sheet.over and sheet.totals[knocker] == 360 == match.seat_scores()[knocker]


def test_one_game_sheet_lines_boxes_and_the_final_bonuses():
    rules = GIN_PRESETS["classic"]
    match = GinMatch(rules, seed=3, deals=lambda n: KNOCK_DEAL if n != 1 else UNDERCUT_DEAL)
    knock_hand(match)
    dead = GinMatch(rules, seed=3)  # a dead hand: no points, no box, the line still written
    dead_hand(dead)
    sheet = build_score_sheet(rules, dead.hand_records())
    assert sheet.rows[0].scorer is None and sheet.rows[0].entries == ((None, None),)
    assert row_words(sheet, sheet.rows[0], NAMES) == "Dead hand"
    first = match.records[0]["result"]["winner"]  # knocked for 45
    other = 1 - first
    undercut_hand(match)  # the loser deals; the first knocker knocks and is undercut: +25
    sheet = build_score_sheet(rules, match.hand_records())
    assert [row.scorer for row in sheet.rows] == [first, other]
    assert [row.boxes for row in sheet.rows] == [(first,), (other,)]
    assert sheet.rows[1].entries[0][other] == 25 and sheet.rows[1].entries[0][first] is None
    assert sheet.rows[1].totals[0][first] == 45 and sheet.rows[1].totals[0][other] == 25
    words = row_words(sheet, sheet.rows[1], NAMES)  # the engine's describe_hand sentence
    assert "knocked with" in words and "and was undercut: " in words
    assert words.endswith("you score 25" if other == 0 else "Ada the Expert scores 25")
    knock_hand(match)
    knock_hand(match)  # the other side knocks twice for 45: 115, the game
    sheet = build_score_sheet(rules, match.hand_records())
    assert sheet.over and sheet.winners == (other,)
    (game,) = sheet.games
    lines = {line.label: line.points for line in game.lines}
    assert lines["Hand points"][other] == 115 and lines["Hand points"][first] == 45
    assert lines["Boxes"][other] == 60 and lines["Boxes"][first] == 20
    assert lines["Game bonus"] == ((100, None) if other == 0 else (None, 100))
    assert sheet.totals[other] == 275 and sheet.totals[first] == 65
    assert game_heading(sheet, game) == "Game to 100"


def test_partnership_lines_are_deals_with_the_net_of_both_tables():
    rules = GIN_PRESETS["partnership"]
    match = GinMatch(rules, seed=4, deals=lambda n: KNOCK_DEAL)
    knock_hand(match)
    sheet = build_score_sheet(rules, match.hand_records())
    (row,) = sheet.rows
    assert not row.complete and row.scorer is None and sheet.totals == (0, 0)
    assert "still playing" in row_words(sheet, row, NAMES)
    knock_hand(match)
    sheet = build_score_sheet(rules, match.hand_records())
    (row,) = sheet.rows
    assert row.complete and len(row.endings) == 2
    team_scores = match.seat_scores()
    assert sheet.seat_totals() == team_scores
    assert row_words(sheet, row, NAMES).startswith("Table 1: ")
    assert side_label(sheet, 0, NAMES) == "You and Bea"
    assert side_label(sheet, 1, NAMES) == "Ada the Expert and Cy"


def test_three_players_have_a_column_each():
    rules = GIN_PRESETS["three-player"]
    match = GinMatch(rules, seed=5, deals=lambda n: KNOCK_DEAL)
    knock_hand(match)
    sheet = build_score_sheet(rules, match.hand_records())
    assert sheet.sides == 3 and len(sheet.rows[0].entries[0]) == 3
    assert sheet.seat_totals() == match.seat_scores()
    (sitting_out,) = {0, 1, 2} - set(match.records[0]["seats"])
    assert sheet.rows[0].entries[0][sitting_out] is None
    assert sheet.rows[0].totals[0][sitting_out] == 0


@pytest.mark.parametrize("damage", ["rules", "order"])
def test_a_record_that_does_not_follow_is_refused_with_a_reason(damage):
    rules = GIN_PRESETS["classic"]
    match = GinMatch(rules, seed=6, deals=lambda n: KNOCK_DEAL)
    knock_hand(match)
    knock_hand(match)
    records = copy.deepcopy(match.hand_records())
    if damage == "rules":
        records[1]["rules"]["gin_bonus"] = 99
    else:
        records.reverse()
    builder = ScoreSheetBuilder(rules)
    with pytest.raises(ValueError):
        builder.add_all(records)
