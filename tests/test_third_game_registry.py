"""A third game joins by registering itself (issue 42): High Card (tests/third_game.py) is
registered with the engine and GUI registries and shows up in the wire codec, replays, the
online protocol and table, storage, the Game menu's New dialog and the Statistics window, with
no shared file naming it."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest

from ginrummy_desktop.engine import registry, wire
from ginrummy_desktop.engine.replay import replay_frames
from ginrummy_desktop.engine.review import (
    BLUNDER,
    FINE,
    THRESHOLDS,
    clear_cache,
    review_hand,
    review_match,
)
from ginrummy_desktop.engine.review.practice import can_practise, practice
from ginrummy_desktop.online import protocol
from ginrummy_desktop.online.table import LiveTable, MoveRefused, public_view, unfinished_deal
from ginrummy_desktop.storage import HandSummary, MatchSummary, Storage
from ginrummy_desktop.storage.settings import Settings
from ginrummy_desktop.storage.stats import breakdown
from tests.gui_helpers import open_gin_window
from tests.third_game import NAME, SPEC, FirstCardBot, HighCardMatch, HighCardRules


@pytest.fixture
def high_card():
    with registry.registered_game(SPEC):
        yield SPEC


def play_out(spec, seed: int = 7) -> object:
    match = spec.new_match(HighCardRules(target=2), seed=seed)
    bot = FirstCardBot()
    while not match.over:
        seat = match.to_move()
        match.apply(seat, bot.choose(match.observation(seat)))
    return match


def test_a_registered_game_is_listed_and_loaded_and_leaves_when_unregistered(high_card):
    assert registry.game_names() == ("gin", "cribbage", NAME)
    assert registry.get_game(NAME) is high_card
    assert registry.game_titles()[NAME] == "High Card"
    registry.unregister_game(NAME)
    with pytest.raises(ValueError, match="unknown game 'highcard'"):
        registry.get_game(NAME)
    registry.register_game(NAME, SPEC)  # the fixture's own exit removes it again


def test_names_that_would_break_records_or_shadow_a_game_are_refused():
    with pytest.raises(ValueError, match="already registered"):
        registry.register_game("gin", SPEC)
    with pytest.raises(ValueError, match="lower-case"):
        registry.register_game("High Card", SPEC)
    with pytest.raises(ValueError, match="must have name"):
        registry.register_game("other", SPEC)
    assert registry.game_names() == ("gin", "cribbage")


def test_its_observations_cross_the_wire_both_ways(high_card):
    match = high_card.new_match(HighCardRules(), seed=3)
    observation = match.observation(match.to_move())
    data = wire.observation_to_wire(observation)
    assert data["game"] == NAME and len(data["legal_actions"]) == 3
    assert wire.observation_from_wire(wire.loads_line(wire.dumps_line(data))) == observation
    with pytest.raises(wire.WireError, match="high card observation: unknown field"):
        wire.observation_from_wire({**data, "extra": 1})


def test_wire_refuses_the_game_once_it_is_gone():
    data = {"game": NAME, "seat": 0}
    with pytest.raises(wire.WireError, match="observation.game"):
        wire.observation_from_wire(data)


def test_its_hand_records_replay_frame_by_frame(high_card):
    record = play_out(high_card).hand_records()[0]
    frames = replay_frames(record, {0: "You", 1: "Bot"})
    assert [frame.step for frame in frames] == [0, 1, 2]
    assert [len(hand) for hand in frames[0].hands] == [3, 3]
    first_seat, first_card = record["plays"][0]
    assert frames[1].actor == first_seat and str(frames[1].card) == first_card
    assert frames[1].description.startswith("You lay" if first_seat == 0 else "Bot lays")
    forged = {**record, "plays": [record["plays"][1], record["plays"][0]]}
    with pytest.raises(ValueError, match="in turn"):
        replay_frames(forged)


def test_the_online_protocol_accepts_it_while_registered(high_card):
    request = {"game": NAME, "rated": False}
    assert protocol.check_payload("create", request, protocol.REQUESTS) == request
    assert NAME in protocol.online_games()
    registry.unregister_game(NAME)
    with pytest.raises(protocol.ProtocolError, match="game must be one of gin, cribbage"):
        protocol.check_payload("create", request, protocol.REQUESTS)
    registry.register_game(NAME, SPEC)


def test_a_live_table_plays_restores_and_reveals_it(high_card):
    table = LiveTable(id="t1a2", game=NAME, options={"clock": 60}, players=["ann", "bob"],
                      rated=False)
    events = table.start()
    states = [event for event in events if event.kind == "state"]
    assert [event.seat for event in states] == [0, 1]
    assert states[0].data["observation"]["game"] == NAME
    assert states[0].data["public"] == {"hands_won": [0, 0]}
    protocol.check_payload("state", states[0].data, protocol.EVENTS)
    seat = table.to_move()
    card = table.match.observation(seat).hand[0]
    with pytest.raises(MoveRefused, match="not your turn"):
        table.check_move(1 - seat, table.seq, {"kind": "discard", "card": str(card)})
    action = table.check_move(seat, table.seq, {"kind": "discard", "card": str(card)})
    table.apply(seat, action)
    assert unfinished_deal(NAME, table.match)["commitment"] == table.match.commitment

    again = LiveTable(id="t1a2", game=NAME, options={"clock": 60}, players=["ann", "bob"],
                      rated=False)
    again.restore(table.snapshot(), table.seq, table.records_sent)
    assert again.match.observation(1 - seat) == table.match.observation(1 - seat)
    assert public_view(NAME, again.match, 0) == {"hands_won": [0, 0]}


def test_its_hands_are_reviewed_and_practised_through_its_spec(high_card):
    match = play_out(high_card)
    record = match.hand_records()[0]
    leader = record["seats"][0]
    assert THRESHOLDS[NAME] == (0.5, 1.0, 1.0) and NAME in THRESHOLDS
    review = review_hand(record, leader)
    assert review.game == NAME and [d.kind for d in review.decisions] == ["lay"]
    assert review.decisions[0].grade in (FINE, BLUNDER)
    assert len(review_match(match.hand_records(), leader).hands) == len(match.hand_records())
    session = practice(record, leader, 2)
    assert session.to_move() == record["seats"][1] and len(session.plays) == 1
    registry.unregister_game(NAME)
    clear_cache()  # a cached review is the record's, whatever the registry holds now
    assert NAME not in THRESHOLDS and not can_practise(NAME)
    with pytest.raises(ValueError, match="unknown game 'highcard'"):
        review_hand(record, leader)
    registry.register_game(NAME, SPEC)


def high_card_summary(records: list[dict]) -> MatchSummary:
    start = datetime(2026, 3, 1, 12, tzinfo=UTC)
    hands = tuple(HandSummary(winner="player" if r["result"]["winner"] == 0 else "opponent",
                              player_points=int(r["result"]["winner"] == 0),
                              opponent_points=int(r["result"]["winner"] == 1), record=r)
                  for r in records)
    won = sum(h.player_points for h in hands)
    return MatchSummary(game=NAME, opponent_id="first", opponent_name="First", rules="standard",
                        started_at=start, ended_at=start + timedelta(minutes=2),
                        player_score=won, opponent_score=len(hands) - won,
                        result="win" if won == 2 else "loss", hands=hands)


def test_storage_takes_its_matches_and_settings(high_card, tmp_path):
    storage = Storage(tmp_path)
    try:
        summary = high_card_summary(play_out(high_card).hand_records())
        storage.record_match(summary)
        [line] = breakdown(storage.database, storage.profile, by="game")
        assert (line.key, line.matches) == (NAME, 1)
        figures = storage.figures(game=NAME)
        assert figures.matches_played == 1
        won = summary.result == "win"  # its spec's match_score: the best score of a won match
        assert figures.best_score == (100 * (summary.player_score - summary.opponent_score)
                                      if won else None)
        storage.record_match(high_card_summary(play_out(high_card, seed=8).hand_records()))
        assert storage.figures(game=NAME).best_score in (None, 100, 200)
    finally:
        storage.close()
    settings = Settings().with_changes(default_opponent={NAME: "first"})
    assert settings.default_opponent[NAME] == "first"


# ----------------------------------------------------------------------------- the GUI
@pytest.fixture
def high_card_gui(high_card):
    from ginrummy_desktop.gui.game_registry import registered_gui_game
    from tests.third_game import gui_registration

    with registered_gui_game(gui_registration()) as game:
        yield game


@pytest.fixture
def main_window(qtbot, tmp_path, high_card_gui):
    storage = Storage(tmp_path)
    storage.record_match(high_card_summary(play_out(SPEC, seed=11).hand_records()))
    windows = open_gin_window(qtbot, storage=storage)
    window = next(windows)
    yield window
    next(windows, None)  # stops the match and waits for the background
    window.close()
    storage.close()


def test_the_game_menu_offers_its_new_game_dialog(qtbot, main_window):
    from tests.gui_helpers import choose_from_menu

    dialog = choose_from_menu(qtbot, main_window, "&Game", "New &High Card Game…")
    assert dialog.windowTitle() == "New High Card game" and dialog.isVisible()
    dialog.reject()


def test_the_statistics_window_shows_its_title_and_figures(qtbot, main_window):
    stats = main_window.show_statistics()
    qtbot.waitUntil(lambda: not stats.busy and not stats.jobs.pending, timeout=5000)
    index = stats.game_combo.findData(NAME)
    assert stats.game_combo.itemText(index) == "High Card"
    stats.game_combo.setCurrentIndex(index)
    qtbot.waitUntil(lambda: not stats.busy and not stats.jobs.pending, timeout=5000)
    assert stats.figure_labels["matches"].text() == "1"
    assert stats.figure_labels["highcard_hands"].text() == "3.0"  # seed 11: a 2-1 match
    assert stats.game_boxes[NAME].isVisibleTo(stats)
    assert not stats.game_boxes["gin"].isVisibleTo(stats)


def test_the_replay_window_steps_through_its_hand(qtbot, high_card_gui):
    from ginrummy_desktop.gui.stats.replay_window import ReplayWindow

    record = play_out(SPEC).hand_records()[0]
    replay = ReplayWindow(record, {0: "You", 1: "First"})
    qtbot.addWidget(replay)
    assert replay.error is None and len(replay.frames) == 3
    replay.step_forward()
    assert replay.position == 1


def test_its_autosave_is_refused_when_it_registers_no_restorer(high_card_gui):
    from ginrummy_desktop.gui.shell.persistence import RESTORERS, _restore_state

    assert NAME not in RESTORERS and "gin" in RESTORERS
    with pytest.raises(ValueError, match="unknown game 'highcard'"):
        _restore_state({"game": NAME})


def test_online_play_is_offered_only_for_games_with_an_online_seat(qtbot, high_card_gui):
    from ginrummy_desktop.gui.game_registry import online_seat
    from ginrummy_desktop.gui.online.window import PLAYABLE_GAMES, OnlineWindow

    assert NAME not in PLAYABLE_GAMES and {"gin", "cribbage"} <= set(PLAYABLE_GAMES)
    window = OnlineWindow(speed="instant")
    qtbot.addWidget(window)
    tabs = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert tabs[:3] == ["Gin Rummy", "Cribbage", "High Card"]
    lobby = window.lobbies[NAME]  # its room and table list, but no Create or Quick match
    assert not lobby.playable and not lobby.create_button.isEnabled()
    assert window.lobbies["gin"].create_button.isEnabled()
    with pytest.raises(ValueError, match="High Card cannot be played online yet"):
        online_seat(NAME)


def test_the_create_table_dialog_reads_its_titles_and_lengths_from_its_spec(qtbot, high_card_gui):
    from ginrummy_desktop.gui.online.lobby import CreateTableDialog, preset_title

    assert preset_title("long", NAME) == preset_title("long") == "Best of nine"
    dialog = CreateTableDialog(NAME)
    qtbot.addWidget(dialog)
    assert dialog.length is not None and dialog.target.isHidden()
    assert [dialog.length.itemData(i) for i in range(dialog.length.count())] == [5, 2]
    assert [dialog.preset.itemText(i) for i in range(dialog.preset.count())] == ["Best of nine"]
    assert dialog.options()["preset"] == "long" and dialog.options()["target"] == 5
    dialog.length.setCurrentIndex(1)
    assert dialog.options()["preset"] == "standard" and dialog.options()["target"] == 2


def test_a_game_without_a_lesson_opens_none(high_card):
    from ginrummy_desktop.gui.lessons.window import lesson_for

    assert lesson_for("gin").lesson_id == "gin" and lesson_for("cribbage").draws is False
    with pytest.raises(ValueError, match="has no lesson"):
        lesson_for(NAME)


def test_its_review_numbers_its_hands_and_shows_its_stock(qtbot, high_card_gui):
    from ginrummy_desktop.gui.review.window import ReviewWindow

    records = play_out(SPEC).hand_records()
    review = ReviewWindow(records, 0, {0: "You", 1: "First"})
    qtbot.addWidget(review)
    qtbot.waitUntil(lambda: review.review is not None or review.error is not None,
                    timeout=60_000)
    first = review.decisions.item(0).text()
    assert records[0]["hand_number"] == 0 and first.startswith("Hand 1 · ")  # from 0: + 1
    review.show_decision(0)
    assert [label for label, _ in review.pile_row.groups][0] == "stock"  # its spec's has_stock


def test_try_again_plays_on_at_its_practice_table(qtbot, high_card_gui):
    from ginrummy_desktop.gui.review.try_again import TryAgainWindow

    record = play_out(SPEC).hand_records()[0]
    leader = record["seats"][0]
    window = TryAgainWindow(record, leader, 2)
    qtbot.addWidget(window)
    assert window.screen.text() == "High Card from step 2"  # its registration's table
    assert window.controller.session.to_move() == record["seats"][1]
    window.close()
    assert window.controller.stopped


def test_the_review_opens_on_the_match_at_its_table(qtbot, high_card_gui):
    from PySide6.QtWidgets import QWidget

    from ginrummy_desktop.gui.review.launch import review_from_window
    from tests.third_game import PracticeController

    match = play_out(SPEC)
    window = QWidget()  # a main window with High Card on its table
    qtbot.addWidget(window)
    window.game, window.controller, window.renderer, window.dialogs = \
        NAME, PracticeController(match, 0), None, []
    review = review_from_window(window, whole_match=True)
    qtbot.waitUntil(lambda: review.review is not None or review.error is not None,
                    timeout=60_000)
    assert review.records == match.hand_records() and review.seat == 0
    assert window.dialogs == [review]


def test_the_statistics_window_words_its_records_and_hands(high_card_gui):
    from types import SimpleNamespace

    from ginrummy_desktop.gui.stats import window as stats

    line = SimpleNamespace(game=NAME, result_kind="win", winner_seat=1, dealer_seat=0,
                           player_seat=0, opponents="First", players=2, seat_names=())
    assert stats.record_result(line) == "First took the hand"  # named by the window
    assert stats.record_ending(line) == "Higher card"
    won = SimpleNamespace(winner="player", ending=None, knocker=None)
    assert stats._outcome(won, "First", None, NAME) == "You laid the higher card"
    lost = SimpleNamespace(winner="opponent", ending=None, knocker=None)
    assert stats._outcome(lost, "First", None, NAME) == "First scored more"  # the default


def test_the_main_window_plays_it_at_its_own_table(qtbot, main_window):
    """The window holds High Card's table as it holds gin's: shown, its keys in the Play menu,
    its status line, its undo note, its keys page, Resign and Rematch through its hooks."""
    window = main_window
    assert NAME in window.tables and window.tables[NAME].widget is None  # built when played
    window.start_new(NAME)
    table = window.tables[NAME]
    first = table.widget
    assert window.game == NAME and window.stack.currentWidget() is first
    assert window.controller is first.controller and window.contest() == "game"
    assert [a.text() for a in window.play_menu.actions()] == ["&Lay the first card"]
    assert not window.commitment_action.isEnabled()  # gin's entries wait, greyed
    assert not any(a.isEnabled() for a in window.game_view_actions["gin"])
    window.explain_undo()
    assert window.status_line() is first.status
    assert first.status.message == "High Card has no undo: a card laid stays laid"
    page = window.show_shortcuts()
    assert page.windowTitle() == "Keyboard shortcuts: High Card"
    assert "Lay your first card" in page.browser.toPlainText()
    window.set_confirmations(dict.fromkeys(window.confirmations, False))
    assert window.resign() and first.controller.resigned
    window.rematch()  # a new table replaces the resigned one
    assert table.widget is not first and first.controller.stopped
    assert window.stack.currentWidget() is table.widget
    window.start_default_match()  # the first game's table comes back
    assert window.game == "gin" and window.stack.currentWidget() is window.gin_screen
    assert window.commitment_action.isEnabled()


def test_preferences_list_its_opponent_and_the_start_offer_names_it(qtbot, main_window):
    from PySide6.QtWidgets import QFormLayout

    from ginrummy_desktop.gui.shell import start_offer

    prefs = main_window.show_preferences()
    combo = prefs.opponent_combos[NAME]
    assert combo.itemText(0) == "First Card" and combo.itemData(0) == "first"
    form = combo.parentWidget().layout()
    assert isinstance(form, QFormLayout)
    assert form.labelForField(combo).text() == "High Card opponent"
    prefs.close()
    assert start_offer.opponent_name(NAME, "first") == "First Card"
    match = HighCardMatch(HighCardRules(), 3)
    assert start_offer.resume_question(NAME, match, "first").startswith(
        "Resume your game against First Card")
    last = SimpleNamespace(game=NAME, opponent_name="", opponent_id="first", player_score=2,
                           opponent_score=1, result="win", rules="standard")
    box = start_offer.offer_after_match(main_window, last)
    assert "First Card, 2–1" in box.text()
    box.buttons()[0].click()  # Rematch: a High Card game against the same bot
    assert main_window.game == NAME
    assert main_window.tables[NAME].widget.text() == "High Card game 1 against first"
