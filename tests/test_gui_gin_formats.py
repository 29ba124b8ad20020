"""Three-player gin and partnerships at the table, played with real mouse and key events.

The person's moves are chosen by a stand-in bot and made the way a person makes them: a click
on the stock, a drag from the pile, a double-click to discard, a drag onto the knock area, the
P and K keys. The computer players move through the turn loop, off the GUI thread.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox, QPushButton

from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
from ginrummy_desktop.engine.gin.match import GinMatch
from ginrummy_desktop.engine.gin.results import (
    match_over_text,
    partner_table_text,
    sits_out_text,
    team_name,
)
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS
from ginrummy_desktop.gui.gin.controller import HUMAN, MatchSetup
from ginrummy_desktop.gui.gin.table_layout import ZONE_HAND, ZONE_KNOCK
from ginrummy_desktop.gui.shell.main_window import MainWindow
from ginrummy_desktop.storage import open_storage
from tests.gui_helpers import open_gin_window
from tests.start_offers import answer_start_offer


@pytest.fixture
def window(qtbot):
    yield from open_gin_window(qtbot, ask=False)


def seed_where(preset: str, person_plays: bool) -> int:
    """A seed whose first hand seats the person (or leaves them out), found by the engine."""
    for seed in range(1, 200):
        if (HUMAN in GinMatch(GIN_PRESETS[preset], seed=seed).hand.seats) == person_plays:
            return seed
    raise AssertionError("no such seed")


def start(window, preset: str, seed: int, others: tuple[str, ...] = ()):
    screen = window.gin_screen
    screen.new_match(MatchSetup(preset=preset, opponent="greedy", seed=seed, others=others))
    return screen


def wait_for_person_or_result(qtbot, screen) -> None:
    controller = screen.controller
    qtbot.waitUntil(lambda: (controller.reveal is None and controller.session.to_move() == HUMAN)
                    or screen.panel.isVisible(), timeout=30_000)


def click_item(qtbot, screen, item, double: bool = False) -> None:
    point = screen.view.mapFromScene(item.card_rect().center())
    if double:
        QTest.mouseDClick(screen.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    else:
        qtbot.mouseClick(screen.view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def visible_strip(item) -> QPointF:
    rect = item.card_rect()
    return QPointF(rect.left() + rect.width() * 0.15, rect.center().y())


def play_person_hand(qtbot, screen, drag_on_view, limit: int = 120) -> None:
    """Play the person's hand with the mouse and keys until its result panel shows."""
    controller = screen.controller
    stand_in = BUILTIN_BOTS["greedy"](seed=3)
    for _ in range(limit):
        wait_for_person_or_result(qtbot, screen)
        if screen.panel.isVisible():
            return
        action = stand_in.choose(controller.session.observation(HUMAN))
        before = len(controller.session.observation(HUMAN).history)
        if action.kind == "draw_stock":
            click_item(qtbot, screen, screen.table.stock_top())
        elif action.kind == "draw_discard":
            hand_zone = screen.table.zones[ZONE_HAND].rect()
            drag_on_view(screen.view, screen.table.discard_top().card_rect().center(),
                         QPointF(hand_zone.center()))
        elif action.kind == "pass":
            qtbot.keyClick(screen.view, Qt.Key.Key_P)
        elif action.kind == "discard":
            click_item(qtbot, screen, screen.table.item_for(action.card), double=True)
        elif action.kind in ("knock", "gin"):
            item = screen.table.item_for(action.card)
            drag_on_view(screen.view, visible_strip(item),
                         screen.table.zones[ZONE_KNOCK].rect().center())
        else:  # big gin
            qtbot.keyClick(screen.view, Qt.Key.Key_K)
        if screen.panel.isVisible() or controller.reveal is not None:
            continue
        assert controller.session.to_move() != HUMAN or \
            len(controller.session.observation(HUMAN).history) > before, action
    raise AssertionError("the hand did not end")


def panel_text(screen) -> str:
    panel = screen.panel
    return "\n".join([panel.title.text(), panel.body.text(), panel.score.text()])


def score_panel_lines(screen) -> list[str]:
    return [left for left, _right, _bold in screen.table.score_panel.lines]


def test_three_player_hand_played_with_the_mouse_to_its_end_of_hand_panel(
        window, qtbot, drag_on_view):
    screen = start(window, "three-player", seed_where("three-player", True))
    controller = screen.controller
    names = [controller.player_name, *controller.names.values()]
    assert len(set(names)) == 3
    lines = " ".join(score_panel_lines(screen))
    assert all(name in lines for name in names)  # all three scores in the side panel
    sitter = controller.view().sitting_out
    assert len(sitter) == 1 and sitter[0] != HUMAN
    assert "(out)" in next(line for line in score_panel_lines(screen)
                           if controller.name_of(sitter[0]) in line)
    play_person_hand(qtbot, screen, drag_on_view)
    result = controller.reveal
    assert result is not None and HUMAN in {hand.seat for hand in result.hands}
    text = panel_text(screen)
    opponent = controller.name_of(next(h.seat for h in result.hands if h.seat != HUMAN))
    assert opponent in text and controller.player_name in screen.panel.score.text()
    assert all(name in screen.panel.score.text() for name in names)  # every score, after
    # "Next hand" with the mouse deals the next hand (the loser deals: the engine says who).
    (button,) = [b for b in screen.panel.findChildren(QPushButton) if b.text() == "Next hand"
                 and b.isVisible()]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert not screen.panel.isVisible() and controller.reveal is None
    assert controller.view().hand_number == 1


def test_a_hand_the_person_sits_out_is_watched_and_skipped_to_its_end(window, qtbot):
    screen = start(window, "three-player", seed_where("three-player", False))
    controller = screen.controller
    assert controller.watching and controller.view().sitting_out == (HUMAN,)
    players = [controller.name_of(seat) for seat in controller.view().in_hand]
    prompt = screen.status.prompt[0]
    assert prompt.startswith("You sit out this hand")
    assert all(name in prompt for name in players)
    # Both players' hands are face down; nothing of theirs is shown to the person.
    low = [item for key, item in screen.table.items.items()
           if isinstance(key, tuple) and key[0] == "low"]
    assert low and not any(item.face_up for item in low)
    assert [tag.text for tag in screen.table.name_tags] == players
    # The stock is not the person's to draw from: clicking it says why.
    click_item(qtbot, screen, screen.table.stock_top())
    assert "sit out" in screen.status.message
    assert screen.buttons["skip"].isVisible() and screen.buttons["skip"].isEnabled()
    sounds: list[str] = []
    window.sounds.play = sounds.append  # what the table would have played
    qtbot.keyClick(screen.view, Qt.Key.Key_Space)  # skip ahead to the end of the hand
    assert controller.fast_forward and controller.silent
    qtbot.waitUntil(screen.panel.isVisible, timeout=60_000)
    assert len(sounds) <= 1  # played out of sight: at most the knock or gin that ended it
    result = controller.reveal
    assert result is not None and HUMAN not in {hand.seat for hand in result.hands}
    assert {tag.text for tag in screen.table.name_tags} == set(players)
    assert screen.panel.title.text()  # the bots' result, e.g. "Ada went gin: Ada scores 31"
    assert not screen.buttons["skip"].isVisible()
    qtbot.keyClick(screen.view, Qt.Key.Key_Space)  # Space continues after the hand
    assert not screen.panel.isVisible()
    assert HUMAN in controller.view().in_hand  # the loser deals and sits out: the person plays


def test_partnership_deal_played_to_the_panel_showing_both_tables(window, qtbot, drag_on_view):
    screen = start(window, "partnership", seed=4, others=("expert", "marjj"))
    controller = screen.controller
    partner, team_names = controller.name_of(2), controller.side_name(0)
    assert partner in team_names and controller.player_name in team_names
    lines = score_panel_lines(screen)
    assert any(team_names in line for line in lines)
    assert any(controller.side_name(1) in line for line in lines)
    assert any(line == "Your table" for line in lines)
    play_person_hand(qtbot, screen, drag_on_view)
    # Dead hands are dealt again; the panel of a scored deal shows both tables.
    for _ in range(5):
        if len(controller.deal_results) == 2:
            break
        qtbot.keyClick(screen.view, Qt.Key.Key_Space)
        play_person_hand(qtbot, screen, drag_on_view)
    mine, other = controller.deal_results
    assert HUMAN in {hand.seat for hand in mine.hands}
    assert {hand.seat for hand in other.hands} == {0, 1, 2, 3} - {h.seat for h in mine.hands}
    text = panel_text(screen)
    assert "Your table:" in text and "Other table (" in text and partner in text
    assert screen.panel.title.text().startswith("This deal:")
    scores = controller.view().scores
    assert f"{controller.side_name(0)} {scores[0]}" in screen.panel.score.text()
    assert f"{controller.side_name(1)} {scores[1]}" in screen.panel.score.text()
    assert [b.text() for b in screen.panel.findChildren(QPushButton) if b.isVisible()][0] \
        == "Next deal"
    # Verify deal checks the hand the person played (its commitment was shown before it).
    verify = next(b for b in screen.panel.findChildren(QPushButton)
                  if b.isVisible() and b.text() == "Verify deal")
    qtbot.mouseClick(verify, Qt.MouseButton.LeftButton)
    ok, text = screen.last_verification
    mine_record = next(r for r in reversed(controller.session.hand_records())
                       if HUMAN in r["seats"])
    assert ok and mine_record["salt"] in text
    screen.verification_box.close()


def test_new_match_dialog_offers_every_preset_and_starts_each(window, qtbot):
    for index, name in enumerate(GIN_PRESETS):
        window.new_match_dialog()
        dialog = window.dialogs[-1]
        qtbot.waitExposed(dialog)
        assert dialog.width() <= 800 and dialog.height() <= 600
        combo = dialog.preset
        assert [combo.itemData(i) for i in range(combo.count())] == list(GIN_PRESETS)
        combo.setFocus()
        qtbot.keyClick(combo, Qt.Key.Key_Home)
        for _ in range(index):
            qtbot.keyClick(combo, Qt.Key.Key_Down)
        assert combo.currentData() == name
        players = GIN_PRESETS[name].players
        shown = [box for box in dialog.seat_boxes if box.isVisible()]
        assert len(shown) == players - 2  # a second opponent; or a partner and an opponent
        if players == 4:
            assert dialog.seat_labels[0].text() == "Your partner:"
        deal = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(deal, Qt.MouseButton.LeftButton)
        controller = window.gin_screen.controller
        qtbot.waitUntil(lambda n=name, c=controller: c.session is not None
                        and c.rules.preset == n)
        assert controller.session.num_seats == players
        assert len(controller.seat_names()) == players
        controller.stop()


def test_three_player_match_resumes_after_a_restart(qtbot):
    storage = open_storage()  # GINRUMMY_DESKTOP_HOME points at a per-test folder (conftest)
    storage.settings.update(animation_speed="instant")
    window = MainWindow(storage=storage, speed="instant")
    qtbot.addWidget(window)
    screen = start(window, "three-player", seed_where("three-player", True),
                   others=("expert",))
    controller = screen.controller
    stand_in = BUILTIN_BOTS["greedy"]()
    for _ in range(3):
        assert controller.settle()
        controller.play(stand_in.choose(controller.session.observation(HUMAN)))
    assert controller.settle()
    controller.action_applied.emit(HUMAN, None)  # what a move does: autosave
    view, names = controller.view(), controller.seat_names()
    window.close()
    storage.close()

    again = open_storage()
    try:
        resumed = MainWindow(storage=again, speed="instant")
        qtbot.addWidget(resumed)
        resumed.restore_or_start()
        question = answer_start_offer(qtbot, resumed, "Resume")
        assert "Greedy" in question and names[2] in question
        other = resumed.gin_screen.controller
        assert other.view() == view
        assert other.setup.others == ("expert",) and other.seat_names() == names
        assert other.rules.players == 3
        resumed.close()
    finally:
        again.close()


def test_finished_three_player_match_is_recorded(qtbot):
    storage = open_storage()
    storage.settings.update(animation_speed="instant")
    window = MainWindow(storage=storage, speed="instant")
    qtbot.addWidget(window)
    screen = start(window, "three-player", seed=9)
    controller = screen.controller
    stand_in = BUILTIN_BOTS["greedy"]()
    for _ in range(5000):
        if controller.session.over:
            break
        if controller.reveal is not None:
            screen._continue()
            continue
        assert controller.settle()
        if controller.reveal is None and controller.session.to_move() == HUMAN:
            controller.play(stand_in.choose(controller.session.observation(HUMAN)))
    assert controller.session.over
    header = screen.panel.rows
    assert all(len(row) == 4 for row in header)  # a label and three players' columns
    window.persistence.jobs.wait()
    figures = storage.figures("gin")
    assert figures.matches_played == 1
    assert figures.hands_played == len(controller.session.hand_records())
    window.close()
    storage.close()


@pytest.mark.parametrize(("sitter", "players", "expected"), [
    ("You", ["Ada the Expert", "Bo"], "You sit out this hand: Ada the Expert and Bo play"),
    ("Ann", ["You", "Bo"], "Ann sits out this hand: you and Bo play"),
    ("Ada the Expert", ["Ann", "You"], "Ada the Expert sits out this hand: you and Ann play"),
])
def test_format_words_read_right_for_you_a_profile_name_and_a_bot(sitter, players, expected):
    assert sits_out_text(sitter, players) == expected


def test_team_words_agree_in_the_plural():
    assert team_name(["Bo", "You"]) == "You and Bo"
    assert team_name(["You", "Bo"], start=False) == "you and Bo"
    assert match_over_text(team_name(["You", "Bo"]), team=True) == "You and Bo win the match!"
    assert match_over_text("Ada the Expert") == "Ada the Expert wins the match!"
    assert partner_table_text(["Ann", "Ada the Expert"]) == \
        "The other table: Ann and Ada the Expert play"


def test_a_profile_name_labels_scores_and_you_speaks_in_sentences(window, qtbot):
    window.set_player_name("Ann")
    screen = start(window, "partnership", seed=4, others=("expert", "marjj"))
    controller = screen.controller
    lines = score_panel_lines(screen)
    assert any(line.endswith("Ann and Ada the Expert") for line in lines)
    assert controller.side_name(0, you=True, start=False) == "you and Ada the Expert"
    screen = start(window, "three-player", seed_where("three-player", False))
    assert screen.status.prompt[0].startswith("You sit out this hand: ")
    assert any(line.startswith("Ann") and "(out)" in line for line in score_panel_lines(screen))


def test_partnership_saved_while_the_other_table_plays_resumes_there(window, qtbot,
                                                                     drag_on_view):
    import json

    from ginrummy_desktop.gui.shell.persistence import RESTORERS

    screen = start(window, "partnership", seed=4, others=("expert", "marjj"))
    controller = screen.controller
    saved: list[dict] = []

    def save_when_my_table_is_done(_seat, _action) -> None:
        if controller.partner_table_running and not saved:
            saved.append(json.loads(json.dumps(controller.snapshot())))  # as the autosave
    controller.action_applied.connect(save_when_my_table_is_done)
    play_person_hand(qtbot, screen, drag_on_view)
    for _ in range(5):  # dead hands at the person's table are dealt again
        if saved:
            break
        qtbot.keyClick(screen.view, Qt.Key.Key_Space)
        play_person_hand(qtbot, screen, drag_on_view)
    assert saved, "the person's table never finished first"
    _game, _session, start_saved = RESTORERS["gin"](saved[0])
    start_saved(window)
    # The person's table result is back on the felt and the other table is played to its end.
    assert controller.reveal is not None and HUMAN in {h.seat for h in controller.reveal.hands}
    qtbot.waitUntil(lambda: len(controller.deal_results) == 2 and screen.panel.isVisible(),
                    timeout=60_000)
    assert "Other table (" in panel_text(screen)


def test_dialog_keeps_the_chosen_players_apart(window, qtbot):
    window.gin_screen.new_match(MatchSetup(preset="three-player", opponent="greedy",
                                           others=("marjj",)))
    window.new_match_dialog()
    dialog = window.dialogs[-1]
    second = dialog.seat_boxes[0]
    assert second.currentData() == "marjj"  # the current match's players are offered again
    # Choosing the second opponent in the list moves the second seat to someone else.
    row = next(i for i in range(dialog.opponents.count())
               if dialog.opponents.item(i).data(Qt.ItemDataRole.UserRole) == "marjj")
    rect = dialog.opponents.visualItemRect(dialog.opponents.item(row))
    qtbot.mouseClick(dialog.opponents.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert dialog.opponents.bot_id() == "marjj"
    assert second.currentData() not in ("marjj", None)
    assert dialog.setup().others == (second.currentData(),)
    dialog.reject()


@settings(max_examples=40, deadline=None)
@given(width=st.integers(800, 3840), height=st.integers(520, 2160), known=st.integers(0, 3))
def test_a_watched_hand_and_its_name_tags_fit_without_overlap(width, height, known):
    from ginrummy_desktop.engine.cards import FULL_DECK
    from ginrummy_desktop.gui.gin.display import GinTableModel
    from ginrummy_desktop.gui.gin.table_layout import compute_layout

    model = GinTableModel(opponent_hidden=10 - known, opponent_known=FULL_DECK[:known],
                          bottom_hidden=11 - known, bottom_known=FULL_DECK[10:10 + known],
                          discard_pile=FULL_DECK[20:30], stock_size=20,
                          top_name="Marjorie", bottom_name="Ada the Expert",
                          score_lines=(("You  (out)", "0", True),) * 6)
    layout = compute_layout(model, width, height)
    blocks = list(layout.regions.values()) + [rect for _name, rect in layout.name_tags]
    bounds = QRectF(0, 0, width, height)
    assert [name for name, _rect in layout.name_tags] == ["Marjorie", "Ada the Expert"]
    for index, rect in enumerate(blocks):
        assert bounds.contains(rect)
        assert not any(rect.intersects(other) for other in blocks[index + 1:])
