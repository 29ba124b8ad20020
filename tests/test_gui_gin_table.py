"""The Gin Rummy table played with real mouse and keyboard events on the view's viewport."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
from ginrummy_desktop.engine.gin.melds import best_arrangement
from ginrummy_desktop.gui.gin.controller import BOT, HUMAN, MatchSetup, sort_cards
from ginrummy_desktop.gui.gin.table_layout import ZONE_DISCARD, ZONE_HAND, ZONE_KNOCK
from ginrummy_desktop.gui.shell.main_window import MainWindow
from ginrummy_desktop.gui.table.background import Background
from ginrummy_desktop.gui.table.card_item import MARK_KNOWN, MARK_LOCKED, MARK_NEW
from tests.gui_helpers import open_gin_window, stand_in_until


@pytest.fixture
def window(qtbot):
    yield from open_gin_window(qtbot)


def start(window, seed: int = 11, settle: bool = True, practice: bool = False):
    """A new match; with ``settle`` the opponent's opening moves are waited for."""
    screen = window.gin_screen
    screen.new_match(MatchSetup(preset="classic", opponent="greedy", seed=seed,
                                practice=practice))
    if settle:
        assert screen.controller.settle()
    return screen


def centre(item) -> QPointF:
    return item.card_rect().center()


def left_edge(item) -> QPointF:
    """A point on the visible (left) strip of a fanned card."""
    rect = item.card_rect()
    return QPointF(rect.left() + rect.width() * 0.15, rect.center().y())


def my_turn_to_draw(screen) -> bool:
    view = screen.controller.view()
    return view.to_move == HUMAN and {a.kind for a in view.legal_actions} >= {"draw_stock",
                                                                              "draw_discard"}


def test_drag_card_within_hand_reorders_it(window, qtbot, drag_on_view):
    screen = start(window)
    order = list(screen.controller.hand_order)
    first, third = screen.table.item_for(order[0]), screen.table.item_for(order[3])
    # Drop the first card just right of the fourth card's centre: it becomes the fourth card.
    target = QPointF(centre(third).x() + 8, centre(third).y())
    drag_on_view(screen.view, left_edge(first), target + (left_edge(first) - centre(first)))
    assert screen.controller.hand_order == order[1:4] + [order[0]] + order[4:]
    # The order stays put after the next refresh (no automatic re-sorting).
    screen.controller._refresh()
    assert screen.controller.hand_order == order[1:4] + [order[0]] + order[4:]
    positions = [screen.table.item_for(c).pos().x() for c in screen.controller.hand_order]
    assert positions == sorted(positions)


def test_drag_from_pile_then_drop_on_pile(window, qtbot, drag_on_view):
    screen = start(window)
    stand_in_until(screen, lambda: my_turn_to_draw(screen))
    controller = screen.controller
    top = controller.view().discard_pile[-1]
    pile_item = screen.table.discard_top()
    hand_zone = screen.table.zones["hand"].rect()
    drag_on_view(screen.view, centre(pile_item), QPointF(hand_zone.center()))
    view = controller.view()
    assert top in view.hand and len(view.hand) == 11
    assert controller.drawn == top
    assert MARK_NEW in screen.table.item_for(top).marks
    # Now drop another card on the discard pile.
    card = next(c for c in controller.hand_order if c != top)
    item = screen.table.item_for(card)
    pile = screen.table.zones[ZONE_DISCARD].rect().center()
    drag_on_view(screen.view, left_edge(item), pile)
    view = controller.view()
    assert card not in view.hand and card in view.discard_pile
    assert screen.table.item_for(card).card_rect().intersects(
        screen.table.zones[ZONE_DISCARD].rect())


def test_card_taken_from_pile_is_marked_and_refused_with_reason(window, qtbot, drag_on_view):
    screen = start(window)
    stand_in_until(screen, lambda: my_turn_to_draw(screen))
    controller = screen.controller
    taken = controller.view().discard_pile[-1]
    qtbot.mouseClick(screen.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=screen.view.mapFromScene(centre(screen.table.discard_top())))
    assert taken in controller.view().hand
    item = screen.table.item_for(taken)
    assert MARK_LOCKED in item.marks
    home = QPointF(item.pos())
    drag_on_view(screen.view, left_edge(item), screen.table.zones[ZONE_DISCARD].rect().center())
    assert taken in controller.view().hand  # nothing happened in the engine
    assert screen.status.kind == "warning"
    assert "not allowed" in screen.status.text().lower()
    assert screen.status.message  # the engine's reason, shown to the player
    assert item.pos() == home  # sprang back (instant animations)


def test_illegal_drop_springs_back_with_message(window, qtbot, drag_on_view):
    screen = start(window)
    controller = screen.controller
    stand_in_until(screen, lambda: controller.view().to_move == HUMAN
                   and "draw_stock" in {a.kind for a in controller.view().legal_actions})
    card = controller.hand_order[2]
    item = screen.table.item_for(card)
    home = QPointF(item.pos())
    before = controller.view()
    # Discarding before drawing is illegal.
    drag_on_view(screen.view, left_edge(item), screen.table.zones[ZONE_DISCARD].rect().center())
    assert controller.view().hand == before.hand
    assert controller.view().discard_pile == before.discard_pile
    assert screen.status.kind == "warning" and screen.status.message
    assert item.pos() == home


def test_knock_by_dropping_on_the_knock_area(window, qtbot, drag_on_view):
    screen = start(window, seed=5)
    controller = screen.controller

    def can_knock() -> bool:
        view = controller.view()
        return view.to_move == HUMAN and any(a.kind == "knock" for a in view.legal_actions)

    stand_in_until(screen, can_knock, limit=2000)
    assert screen.buttons["knock"].isEnabled()
    knocks = [a for a in controller.view().legal_actions if a.kind == "knock"]
    card = knocks[0].card
    item = screen.table.item_for(card)
    drag_on_view(screen.view, left_edge(item), screen.table.zones[ZONE_KNOCK].rect().center())
    assert controller.reveal is not None
    assert controller.reveal.knocker == HUMAN
    qtbot.waitUntil(screen.panel.isVisible)
    assert "Next hand" in screen.panel.button_texts() or controller.session.over


def test_knock_button_disabled_until_legal(window):
    screen = start(window)
    view = screen.controller.view()
    if not any(a.kind in ("knock", "gin", "big_gin") for a in view.legal_actions):
        assert not screen.buttons["knock"].isEnabled()


def test_sort_buttons(window, qtbot):
    screen = start(window)
    controller = screen.controller
    window.set_auto_sort(False)  # a plain sort; with auto-sort on melds stay together
    qtbot.mouseClick(screen.buttons["sort_rank"], Qt.MouseButton.LeftButton)
    ranks = [c.rank for c in controller.hand_order]
    assert ranks == sorted(ranks)
    qtbot.mouseClick(screen.buttons["sort_suit"], Qt.MouseButton.LeftButton)
    suits = ["CDHS".index(c.suit) for c in controller.hand_order]
    assert suits == sorted(suits)
    qtbot.mouseClick(screen.buttons["sort_melds"], Qt.MouseButton.LeftButton)
    arrangement = best_arrangement(controller.hand_order)
    melded = sum(len(m) for m in arrangement.melds)
    assert set(controller.hand_order[:melded]) == {c for m in arrangement.melds for c in m}
    dead = [c.points for c in controller.hand_order[melded:]]
    assert dead == sorted(dead)  # highest deadwood last
    # On screen, left to right, the same order.
    xs = [screen.table.item_for(c).pos().x() for c in controller.hand_order]
    assert xs == sorted(xs)


def test_sort_cards_by_melds_groups_melds_left():
    hand = [Card.parse(t) for t in ["KD", "2C", "3C", "4C", "9S", "9H", "9D", "QS", "5H", "AH"]]
    ordered = sort_cards(hand, "melds")
    assert set(ordered[:6]) == {Card.parse(t) for t in ["2C", "3C", "4C", "9S", "9H", "9D"]}
    assert [c.points for c in ordered[6:]] == sorted(c.points for c in ordered[6:])
    with pytest.raises(ValueError, match="unknown sort"):
        sort_cards(hand, "colour")


def test_melds_are_banded_with_labels_and_patterns(window):
    screen = start(window)
    controller = screen.controller
    controller.sort_hand("melds")
    melds = best_arrangement(controller.hand_order).melds
    bands = screen.table.bands()
    assert len(bands) == len(melds)
    assert len({b.style_index for b in bands}) == len(bands)  # each meld its own pattern
    assert all(b.label.startswith(("Run", "Set")) for b in bands)
    deadwood = best_arrangement(controller.hand_order).deadwood_points
    assert ("Your deadwood", str(deadwood), False) in screen.table.model.score_lines


def meld_segments(order, melds) -> int:
    """How many separate runs of adjacent cards the melds occupy in ``order``."""
    meld_of = {c: i for i, m in enumerate(melds) for c in m}
    parts = 0
    for i, card in enumerate(order):
        if card in meld_of and (i == 0 or meld_of.get(order[i - 1]) != meld_of[card]):
            parts += 1
    return parts


SPLIT_HAND = [Card.parse(t) for t in ["2C", "9S", "3C", "9H", "KD", "4C", "9D", "QS", "5H", "AH"]]


def test_a_split_meld_is_labelled_once_in_its_own_colour():
    from ginrummy_desktop.gui.gin.display import GinTableModel
    from ginrummy_desktop.gui.gin.table_layout import compute_layout

    melds = tuple(best_arrangement(SPLIT_HAND).melds)
    assert meld_segments(SPLIT_HAND, melds) > len(melds)  # the hand really splits them
    layout = compute_layout(GinTableModel(hand_order=tuple(SPLIT_HAND), melds=melds), 1280, 800)
    labels = [label for _style, label, _rect in layout.bands if label]
    assert sorted(labels) == sorted(
        ("Set" if len({c.rank for c in m}) == 1 else "Run") + f" · {sum(c.points for c in m)}"
        for m in melds)
    # Every part of one meld has that meld's style; different melds differ.
    assert {style for style, _l, _r in layout.bands} == set(range(len(melds)))
    assert len(layout.bands) == meld_segments(SPLIT_HAND, melds)


def test_auto_sort_keeps_each_meld_together(window, qtbot):
    screen = start(window, seed=3)  # a run that a plain rank sort splits (5C 5D 6C 7C)
    controller = screen.controller
    assert controller.auto_sort
    melds = best_arrangement(controller.hand_order).melds
    assert melds and meld_segments(sort_cards(controller.hand_order, "rank"), melds) > len(melds)
    for button in ("sort_rank", "sort_suit"):
        qtbot.mouseClick(screen.buttons[button], Qt.MouseButton.LeftButton)
        melds = best_arrangement(controller.hand_order).melds
        assert meld_segments(controller.hand_order, melds) == len(melds)
        labelled = [b for b in screen.table.bands() if b.label]
        assert len(labelled) == len(screen.table.bands()) == len(melds)


def test_keyboard_play(window, qtbot):
    screen = start(window)
    controller = screen.controller
    stand_in_until(screen, lambda: my_turn_to_draw(screen))
    screen.view.setFocus()
    QTest.keyClick(window, Qt.Key.Key_S)
    assert len(controller.view().hand) == 11
    QTest.keyClick(window, Qt.Key.Key_Right)
    QTest.keyClick(window, Qt.Key.Key_Right)
    selected = controller.selected
    assert selected == controller.hand_order[1]
    QTest.keyClick(window, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    assert controller.hand_order[2] == selected
    QTest.keyClick(window, Qt.Key.Key_Return)
    assert selected in controller.view().discard_pile or controller.reveal is not None


def test_first_turn_take_or_pass_buttons(window, qtbot):
    for seed in range(30, 60):  # find a deal where the player is offered the upcard first
        screen = start(window, seed=seed)
        kinds = {a.kind for a in screen.controller.view().legal_actions}
        if screen.controller.view().to_move == HUMAN and "pass" in kinds:
            break
    else:
        pytest.skip("no deal with the player first")
    assert screen.buttons["pass"].isEnabled() and screen.buttons["take"].isEnabled()
    assert screen.buttons["take"].text() == "Take upcard"
    qtbot.mouseClick(screen.buttons["pass"], Qt.MouseButton.LeftButton)
    assert "pass" in [e.kind for e in screen.controller.session.observation(HUMAN).history]


def test_opponent_known_cards_shown_face_up(window):
    screen = start(window)
    controller = screen.controller
    stand_in_until(screen, lambda: bool(controller.view().known_opponent_cards), limit=400)
    for card in controller.view().known_opponent_cards:
        item = screen.table.item_for(card)
        assert item.face_up and MARK_KNOWN in item.marks


def test_fan_discard_pile(window, qtbot):
    screen = start(window)
    controller = screen.controller
    stand_in_until(screen, lambda: len(controller.view().discard_pile) >= 4)
    QTest.keyClick(window, Qt.Key.Key_F)
    xs = [screen.table.item_for(c).pos().x() for c in controller.view().discard_pile]
    assert xs == sorted(xs) and len(set(xs)) == len(xs)
    QTest.keyClick(window, Qt.Key.Key_F)
    xs = {screen.table.item_for(c).pos().x() for c in controller.view().discard_pile}
    assert len(xs) == 1


def test_whole_scripted_hand_to_the_end_of_hand_panel(window, qtbot, drag_on_view):
    """Every player move made with the mouse; the opponent thinks on its worker thread."""
    screen = start(window, seed=3, settle=False)
    controller = screen.controller
    stand_in = BUILTIN_BOTS["greedy"]()
    viewport = screen.view.viewport()
    for _ in range(300):
        if controller.reveal is not None:
            break
        qtbot.waitUntil(lambda: controller.view().to_move == HUMAN
                        or controller.reveal is not None, timeout=10_000)
        if controller.reveal is not None:
            break
        action = stand_in.choose(controller.session.observation(HUMAN))
        if action.kind == "draw_stock":
            qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton,
                             pos=screen.view.mapFromScene(centre(screen.table.stock_top())))
        elif action.kind == "draw_discard":
            qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton,
                             pos=screen.view.mapFromScene(centre(screen.table.discard_top())))
        elif action.kind == "pass":
            qtbot.mouseClick(screen.buttons["pass"], Qt.MouseButton.LeftButton)
        elif action.kind == "discard":
            item = screen.table.item_for(action.card)
            qtbot.mouseDClick(viewport, Qt.MouseButton.LeftButton,
                              pos=screen.view.mapFromScene(left_edge(item)))
        elif action.kind in ("knock", "gin"):
            item = screen.table.item_for(action.card)
            drag_on_view(screen.view, left_edge(item),
                         screen.table.zones[ZONE_KNOCK].rect().center())
        else:
            qtbot.mouseClick(screen.buttons["knock"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(screen.panel.isVisible, timeout=10_000)
    result = controller.reveal
    assert result is not None
    text = screen.panel.title.text()
    assert ("Dead hand" in text) or str(result.points) in text
    # The end-of-hand layout shows both hands face up.
    for hand in result.hands:
        for card in hand.cards:
            assert screen.table.item_for(card).face_up
    # Verify deal checks the published commitment against the revealed deck.
    qtbot.mouseClick(screen.panel.button("Verify deal"), Qt.MouseButton.LeftButton)
    assert screen.last_verification[0] is True
    screen.verification_box.close()
    if not controller.session.over:
        qtbot.mouseClick(screen.panel.button("Next hand"), Qt.MouseButton.LeftButton)
        assert not screen.panel.isVisible()
        assert controller.reveal is None
        assert len(controller.view().hand) in (10, 11)


def test_undo_in_practice_game(window, qtbot):
    screen = start(window, practice=True)
    controller = screen.controller
    stand_in_until(screen, lambda: my_turn_to_draw(screen))
    hand = controller.view().hand
    QTest.keyClick(window, Qt.Key.Key_S)
    assert len(controller.view().hand) == 11
    assert screen.buttons["undo"].isEnabled()
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert controller.view().hand == hand
    assert controller.undo_used


def test_no_undo_outside_practice(window):
    screen = start(window)
    stand_in_until(screen, lambda: my_turn_to_draw(screen))
    screen.controller.draw_stock()
    assert not screen.controller.undo()
    assert screen.status.kind == "warning"
    assert not screen.buttons["undo"].isVisible()


def test_hint_comes_from_a_worker_thread(window, qtbot):
    screen = start(window)
    stand_in_until(screen, lambda: my_turn_to_draw(screen))
    QTest.keyClick(window, Qt.Key.Key_H)
    qtbot.waitUntil(lambda: screen.status.kind == "hint", timeout=10_000)
    action, reason = screen.controller.last_hint
    assert action in screen.controller.view().legal_actions
    assert reason


def test_a_broken_opponent_does_not_stall_the_game(window, qtbot):
    screen = start(window, settle=False)
    controller = screen.controller
    messages: list[str] = []
    controller.message.connect(lambda text, kind: messages.append(text))

    class Broken:
        def choose(self, observation):
            raise RuntimeError("boom")

    controller.loop.seats[BOT].agent = Broken()
    stand_in = BUILTIN_BOTS["greedy"]()
    for _ in range(3):
        qtbot.waitUntil(lambda: controller.view().to_move == HUMAN
                        or controller.reveal is not None, timeout=10_000)
        if controller.reveal is not None:
            break
        controller.play(stand_in.choose(controller.session.observation(HUMAN)))
    qtbot.waitUntil(lambda: any("failed to move" in m for m in messages), timeout=10_000)
    assert any("boom" in m for m in messages)


def test_clicking_the_table_skips_animations(qtbot):
    win = MainWindow(storage=None, speed="slow")
    qtbot.addWidget(win)
    win.show()
    screen = win.gin_screen
    screen.new_match(MatchSetup(opponent="greedy", seed=4))
    assert screen.animator.busy  # the deal is animating
    qtbot.mouseClick(screen.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=screen.view.mapFromScene(QPointF(5, 5)))
    assert not screen.animator.busy
    for card in screen.controller.hand_order:
        assert screen.table.item_for(card).pos() == screen.table.target_pos(card)



def test_random_clicks_drops_and_keys_never_break_the_table(window):
    """A monkey at the table: whatever it does, the table matches the engine afterwards."""
    import random

    screen = start(window, seed=17, practice=True)
    controller = screen.controller
    rng = random.Random(5)
    zones = ["discard", "knock", "hand", ""]
    for _ in range(400):
        items = list(screen.table.items.values())
        choice = rng.randrange(9)
        if controller.reveal is not None and rng.random() < 0.5:
            if controller.session.over:
                screen.new_match(MatchSetup(opponent="greedy", seed=rng.randrange(99),
                                            practice=True))
            else:
                screen._continue()
        elif choice == 0:
            controller.click(rng.choice(items))
        elif choice == 1:
            controller.double_click(rng.choice(items))
        elif choice == 2:
            controller.drop(rng.choice(items), rng.choice(zones), rng.uniform(0, 1280))
        elif choice == 3:
            controller.knock(rng.choice([None, *controller.hand_order]))
        elif choice == 4:
            controller.sort_hand(rng.choice(["rank", "suit", "melds"]))
        elif choice == 5:
            controller.undo()
        elif choice == 6:
            controller.move_selection(rng.choice([-1, 1]))
            controller.shift_selected(rng.choice([-1, 1]))
        elif choice == 7:
            controller.toggle_fan()
        else:
            controller.pass_upcard() if rng.random() < 0.3 else controller.draw_stock()
        if controller.reveal is None:
            view = controller.view()
            assert sorted(controller.hand_order) == sorted(view.hand)
            for card in view.hand:
                assert screen.table.item_for(card).face_up
            assert len(screen.table.items) == (
                len(view.hand) + view.opponent_hand_size + len(view.discard_pile)
                + min(4, view.stock_size))


def hover_drag(view, start: QPointF, end: QPointF, steps: int = 6) -> None:
    """Press at ``start`` and move (left button held) to ``end`` without releasing."""
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    viewport = view.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     view.mapFromScene(start))
    for i in range(1, steps + 1):
        local = QPointF(view.mapFromScene(start + (end - start) * (i / steps)))
        QApplication.sendEvent(viewport, QMouseEvent(
            QMouseEvent.Type.MouseMove, local, QPointF(viewport.mapToGlobal(local.toPoint())),
            Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier))


def release(view, at: QPointF) -> None:
    QTest.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier, view.mapFromScene(at))


def test_the_card_just_taken_does_not_light_up_the_discard_pile(window, qtbot, drag_on_view):
    """Like KPat: a zone lights up only for a card that may legally go there."""
    screen = start(window)
    stand_in_until(screen, lambda: my_turn_to_draw(screen))
    controller = screen.controller
    assert not controller.rules.rediscard_taken  # the classic rule: it may not go back
    taken = controller.view().discard_pile[-1]
    hand_zone = screen.table.zones[ZONE_HAND].rect()
    drag_on_view(screen.view, centre(screen.table.discard_top()), QPointF(hand_zone.center()))
    assert controller.drawn == taken
    pile = screen.table.zones[ZONE_DISCARD]
    item = screen.table.item_for(taken)
    hover_drag(screen.view, left_edge(item), pile.rect().center() + (left_edge(item)
                                                                      - centre(item)))
    assert screen.scene.dragging
    assert pile.rect().intersects(item.card_rect())  # the card is over the pile...
    assert not pile.hovered  # ...and the pile stays dark
    release(screen.view, pile.rect().center())
    assert taken in controller.view().hand  # refused: still in the hand
    assert screen.status.kind == "warning"  # and the engine says why
    # Any other card lights the pile up while it hovers there.
    other = next(c for c in controller.hand_order if c != taken)
    item = screen.table.item_for(other)
    hover_drag(screen.view, left_edge(item), pile.rect().center() + (left_edge(item)
                                                                      - centre(item)))
    assert pile.hovered
    release(screen.view, pile.rect().center())
    assert other in controller.view().discard_pile


def test_a_notice_falls_back_to_the_turn_prompt(window, qtbot):
    screen = start(window)
    status = screen.status
    status.notice_ms = 200
    qtbot.waitUntil(lambda: status.kind == "turn")
    prompt = status.message
    qtbot.keyClick(screen.view.viewport(), Qt.Key.Key_2)  # sort by suit
    assert status.message == "Sorted by suit"
    qtbot.waitUntil(lambda: status.message == prompt, timeout=3000)
    assert status.kind == "turn"


def test_the_prompt_comes_back_after_resuming(qtbot):
    from ginrummy_desktop.storage import open_storage
    from tests.start_offers import answer_start_offer

    store = open_storage()  # a per-test folder (conftest)
    store.settings.update(animation_speed="instant")
    first = MainWindow(storage=store, speed="instant")
    qtbot.addWidget(first)
    first.gin_screen.new_match(MatchSetup(opponent="greedy", seed=11))
    assert first.gin_screen.controller.settle()
    first.gin_screen.controller.action_applied.emit(HUMAN, None)  # autosave
    first.close()
    store.close()
    again = open_storage()
    try:
        window = MainWindow(storage=again, speed="instant")
        qtbot.addWidget(window)
        window.restore_or_start()
        answer_start_offer(qtbot, window, "Resume")
        status = window.gin_screen.status
        assert "Resumed" in status.message
        assert window.gin_screen.controller.settle()
        prompt = status.prompt
        assert prompt is not None and prompt[1] == "turn"
        qtbot.waitUntil(lambda: (status.message, status.kind) == prompt,
                        timeout=3 * status.notice_ms)
        window.gin_screen.controller.stop()
        window.close()
    finally:
        again.close()
        Background.wait_all()


def test_match_over_panel_shows_the_arcade_score_and_wraps_long_lines(window, qtbot):
    from ginrummy_desktop.engine.gin.results import arcade_score, match_totals

    screen = window.gin_screen
    controller = screen.controller
    for seed in range(1, 40):  # a short match the stand-in (playing for the person) wins
        screen.new_match(MatchSetup(preset="classic", opponent="greedy", seed=seed,
                                    overrides={"target": 10}))
        controller.opponent_name = "Ada the Expert of the Very Long Name"
        stand_in_until(screen, lambda: controller.session.over)
        if controller.person_won():
            break
    assert controller.person_won()
    view = controller.view()
    totals = match_totals(view.final_breakdown, view.scores)
    expected = arcade_score(totals[HUMAN], totals[BOT])
    assert expected > 0
    panel = screen.panel
    assert f"Arcade score: {expected:,}" in panel.score.text()
    # Issue 39: the number is explained where it is shown, from the match totals.
    rival = "Ada the Expert of the Very Long Name"
    assert (f"\n(your {totals[HUMAN]} points \u2212 {rival}'s {totals[BOT]})\u00a0\u00d7\u00a0200"
            in panel.score.text())
    assert "your match points minus your nearest rival's, times 200" in panel.score.toolTip()
    # Nothing is clipped: the panel is at least as wide and tall as its content needs.
    assert panel.minimumSizeHint().width() <= panel.width() <= window.width()
    assert panel.score.height() >= panel.score.heightForWidth(panel.score.width())
    # The opponent's long last-hand line (the clipped one) wraps inside the panel's width.
    long_line = ("Last hand: Ada the Expert of the Very Long Name went gin: Ada the Expert of the "
                 "Very Long Name scores 40 (25 for gin)")
    panel.set_content("Ada wins the match", [("Total", "54", "342")], long_line, [])
    size = screen._panel_size()
    assert panel.minimumSizeHint().width() <= size.width()
    assert size.height() >= panel.heightForWidth(size.width())


@pytest.mark.parametrize("large_index", [False, True])
@pytest.mark.parametrize("width", [40.0, 90.0, 160.0])
def test_badges_never_cover_the_index_or_pips(large_index, width):
    from PySide6.QtCore import QRectF

    from ginrummy_desktop.gui.table.card_renderer import badge_boxes, card_height, face_layout

    rect = QRectF(0, 0, width, card_height(width))
    for rank in range(1, 14):
        for suit in "CDHS":
            face = face_layout(rect, rank, large_index, suit)
            drawn = [face.rank_box, face.suit_box, *face.pips]
            if rank == 1 or rank >= 11:
                drawn.append(face.centre)  # the ace's pip or the court frame
            for count in (1, 2, 3):
                boxes = badge_boxes(rect, rank, large_index, suit, count)
                for box in boxes:
                    assert box.width() > 0 and box.height() > 0
                    assert rect.contains(box)
                    assert not any(box.intersects(part) for part in drawn), (rank, suit, count)
                assert not any(a.intersects(b) for a in boxes for b in boxes if a is not b)


def test_stock_tooltip_says_what_it_is_and_shows_the_commitment(window):
    screen = start(window)
    controller = screen.controller
    stand_in_until(screen, lambda: my_turn_to_draw(screen))
    view = controller.view()
    tip = screen.table.stock_top().toolTip()
    assert tip.startswith(f"Stock: {view.stock_size} cards left — click or drag to draw")
    assert view.commitment[:16] in tip
    assert "face-down" not in tip
    assert screen.table.stock_badge.toolTip() == tip


def test_deal_commitment_menu_entry_shows_the_full_hash_to_copy(window, qtbot):
    from PySide6.QtWidgets import QApplication

    screen = start(window)
    window.commitment_action.trigger()
    box = screen.commitment_box
    qtbot.waitUntil(box.isVisible)
    commitment = screen.controller.view().commitment
    assert len(commitment) == 64 and box.informativeText() == commitment
    copy = next(b for b in box.buttons() if b.text() == "Copy")
    QTest.mouseClick(copy, Qt.MouseButton.LeftButton)
    assert QApplication.clipboard().text() == commitment


def test_a_practice_game_is_marked_on_the_table(window):
    screen = start(window, practice=True)
    assert ("Practice game", "undo on", True) in screen.table.model.score_lines
    assert "Practice game" in screen.table.score_panel.text()
    rated = start(window, practice=False)
    assert not any(line[0] == "Practice game" for line in rated.table.model.score_lines)


def test_a_raised_card_leaves_its_meld_label_visible():
    from ginrummy_desktop.gui.gin.display import GinTableModel
    from ginrummy_desktop.gui.gin.table_layout import compute_layout

    hand = tuple(sort_cards(SPLIT_HAND, "melds"))
    melds = tuple(best_arrangement(list(hand)).melds)
    for card in (c for m in melds for c in m):
        layout = compute_layout(GinTableModel(hand_order=hand, melds=melds, selected=card),
                                1280, 800)
        w = layout.card_width
        raised = next(p for p in layout.placements if p.key == card)
        band = next(r for _s, label, r in layout.bands if label and r.left() <= raised.pos.x()
                    <= r.right())
        label_height = max(12.0, 0.2 * w)
        assert band.top() + label_height <= raised.pos.y()  # the label strip is above the card


def test_the_fanned_discard_pile_leaves_stock_knock_area_and_score_clear():
    from ginrummy_desktop.gui.gin.display import GinTableModel
    from ginrummy_desktop.gui.gin.table_layout import compute_layout
    from ginrummy_desktop.gui.table.card_renderer import card_height

    pile = tuple(Card.parse(r + s) for s in "CDH" for r in "A23456789TJQK")[:28]
    for size in ((800, 600), (1280, 800), (2560, 1440)):
        layout = compute_layout(GinTableModel(discard_pile=pile, fan_discard=True,
                                              stock_size=4), *size)
        w = layout.card_width
        fan = [card_rect_of(p, w, card_height(w)) for p in layout.placements
               if p.key in pile]
        assert len(fan) == len(pile)
        for block in ("stock", "knock", "score"):
            assert not any(r.intersects(layout.regions[block]) for r in fan), (size, block)
        assert all(r.left() >= 0 and r.right() <= size[0] for r in fan)


def card_rect_of(placement, w, h):
    from PySide6.QtCore import QRectF

    return QRectF(placement.pos.x(), placement.pos.y(), w, h)
