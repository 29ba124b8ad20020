"""The running count and the calls of the play, as the person sees them (real key events).

The stacked deal of ``test_gui_cribbage_table``: the person plays KH, 5H, 5S (a pair and the
go at 30: the count starts again from 0), then TH.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt

from ginrummy_desktop.engine.cards import parse_cards
from ginrummy_desktop.gui.cribbage.display import STAGE_PLAY, STAGE_SHOW
from tests.gui_helpers import settle
from tests.test_gui_cribbage_keyboard import active_table, focus_card, press

Key = Qt.Key


def discard_by_keys(qtbot, table) -> None:
    for card in parse_cards("9C 2D"):
        focus_card(qtbot, table, card)
        press(qtbot, table, Key.Key_Space)
    press(qtbot, table, Key.Key_Return)
    qtbot.waitUntil(lambda: table.controller.stage == STAGE_PLAY)


def persons_turn(controller) -> bool:
    return controller.stage == STAGE_PLAY and controller.waiting_for_human and \
        controller.match.to_move() == controller.human


def test_the_count_shown_is_the_engines_count_also_after_a_count_ends(qtbot):
    table = active_table(qtbot)
    controller = table.controller
    seen: list[tuple[int, int, str]] = []  # (count drawn, engine's count, note) per render
    show_display = table.show_display

    def watching_render(display):
        show_display(display)
        if display.stage == STAGE_PLAY:
            seen.append((table.count_display.count, controller.match.count,
                         table.count_display.note))

    table.show_display = watching_render  # type: ignore[method-assign]
    discard_by_keys(qtbot, table)
    for card in parse_cards("KH 5H 5S TH"):
        qtbot.waitUntil(lambda: persons_turn(controller) or controller.stage == STAGE_SHOW)
        focus_card(qtbot, table, card)
        press(qtbot, table, Key.Key_Return)
    qtbot.waitUntil(lambda: controller.stage == STAGE_SHOW)
    assert seen and all(drawn == engine for drawn, engine, _note in seen)
    # The count of 30 stayed in view after it ended, noted as over, while the number said 0.
    assert (0, 0, "after 30") in seen


def test_a_call_of_the_play_comes_when_the_card_has_landed(qtbot):
    table = active_table(qtbot)
    table.set_speed("normal")
    controller = table.controller
    calls: list[tuple[str, bool]] = []  # (words, a card still moving)
    flash = table.announcement.flash

    def watching_flash(text, seat, scale, hold_ms):
        calls.append((text, table.animator.busy))
        flash(text, seat, scale, hold_ms)

    table.announcement.flash = watching_flash
    discard_by_keys(qtbot, table)
    for card in parse_cards("KH 5H"):
        qtbot.waitUntil(lambda: persons_turn(controller), timeout=20_000)
        focus_card(qtbot, table, card)
        press(qtbot, table, Key.Key_Return)
    qtbot.waitUntil(lambda: persons_turn(controller), timeout=20_000)
    focus_card(qtbot, table, parse_cards("5S")[0])
    qtbot.keyClick(table.view.viewport(), Key.Key_Return)  # no waiting: the card is moving
    assert table.animator.busy  # the 5S is on its way to the play area...
    assert not any("pair" in text.lower() for text, _busy in calls), calls  # ...not called yet
    qtbot.waitUntil(lambda: any("pair" in text.lower() for text, _busy in calls), timeout=10_000)
    assert all(not busy for text, busy in calls if "pair" in text.lower())


def test_at_instant_speed_the_call_comes_with_the_key(qtbot):
    table = active_table(qtbot)
    controller = table.controller
    discard_by_keys(qtbot, table)
    for card in parse_cards("KH 5H 5S"):
        qtbot.waitUntil(lambda: persons_turn(controller))
        focus_card(qtbot, table, card)
        qtbot.keyClick(table.view.viewport(), Key.Key_Return)  # no waiting after this key
    assert "pair" in table.announcement_text.lower() or "go" in table.announcement_text.lower()
    settle(qtbot, table)
