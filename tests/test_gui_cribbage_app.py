"""Cribbage in the app window: the menu, autosave and resume, statistics, rematch."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QDialogButtonBox

from ginrummy_desktop.engine.cards import FULL_DECK, Card, parse_cards
from ginrummy_desktop.engine.cribbage import CribbageMatch
from ginrummy_desktop.gui.cribbage.new_game_dialog import CribbageSetup, NewCribbageGameDialog
from ginrummy_desktop.gui.shell.main_window import MainWindow
from ginrummy_desktop.storage import open_storage
from ginrummy_desktop.storage.stats import figures
from tests.gui_helpers import settle
from tests.start_offers import answer_start_offer

HUMAN = parse_cards("KH TH 5H 5S 9C 2D")
DEALER = parse_cards("TC JC QD KS 3C 4D")


def deal() -> list[Card]:
    """The person (pone) gets ``HUMAN``: keeping K T 5 5 with the ace starter counts 10 in the
    show (four fifteens and a pair), whatever the computer tosses."""
    top = [card for pair in zip(HUMAN, DEALER, strict=True) for card in pair] + [Card.parse("AH")]
    return top + [card for card in FULL_DECK if card not in top]


@pytest.fixture
def storage():
    store = open_storage()  # a private folder per test (conftest)
    store.settings.update(animation_speed="instant")  # the bot moves at once, no pacing
    yield store
    store.close()


def make_window(qtbot, storage) -> MainWindow:
    window = MainWindow(storage=storage, speed="instant")
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def click(qtbot, widget, point: QPoint) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=point)
    table = getattr(widget.window(), "cribbage_table", None)
    if table is not None:
        settle(qtbot, table)  # the opponent answers from its thread


def click_card(qtbot, table, card: Card, double: bool = False) -> None:
    point = table.view.mapFromScene(table.card_centre(card))
    if double:
        click(qtbot, table.view.viewport(), point)
        qtbot.mouseDClick(table.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
        settle(qtbot, table)
    else:
        click(qtbot, table.view.viewport(), point)


def lay_away(qtbot, table) -> None:
    click_card(qtbot, table, Card.parse("9C"))
    click_card(qtbot, table, Card.parse("2D"))
    click(qtbot, table.send_button, table.send_button.rect().center())


def play_out_the_hand(qtbot, table) -> None:
    """Double-click a playable card whenever it is the person's turn in the play."""
    for _ in range(12):
        display = table.display
        if display.stage != "play" or not display.your_turn:
            break
        click_card(qtbot, table, sorted(display.playable)[0], double=True)


def open_menu_entry(qtbot, window, menu_title: str, entry: str) -> None:
    """Open a menu of the menu bar with the mouse and click one of its entries."""
    bar = window.menuBar()
    menu_action = next(a for a in bar.actions() if a.text().replace("&", "") == menu_title)
    click(qtbot, bar, bar.actionGeometry(menu_action).center())
    menu = menu_action.menu()
    qtbot.waitUntil(menu.isVisible)
    action = next(a for a in menu.actions() if a.text().replace("&", "") == entry)
    click(qtbot, menu, menu.actionGeometry(action).center())


def test_new_cribbage_game_from_the_menu_with_a_chosen_opponent(qtbot, storage):
    window = make_window(qtbot, storage)
    window.start_default_match()
    assert window.game == "gin"
    open_menu_entry(qtbot, window, "Game", "New Cribbage Game…")
    dialog = next(d for d in window.dialogs if isinstance(d, NewCribbageGameDialog))
    qtbot.waitExposed(dialog)
    names = [dialog.opponents.item(i).text() for i in range(dialog.opponents.count())]
    assert names[0].startswith("Max the Expert") and "strength:" in names[0]
    assert len(names) == 4
    careful = next(i for i in range(dialog.opponents.count())
                   if dialog.opponents.item(i).text().startswith("Cora"))
    view = dialog.opponents
    click(qtbot, view.viewport(), view.visualItemRect(view.item(careful)).center())
    dialog.target.setCurrentIndex(dialog.target.findData(61))
    deal_button = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    click(qtbot, deal_button, deal_button.rect().center())

    table = window.cribbage_table
    assert window.game == "cribbage" and window.centralWidget().currentWidget() is table
    assert table.controller.opponent.persona_id == "careful"
    assert table.controller.rules.target == 61
    assert table.controller.names[1] == "Cora the Careful"
    # A new game from the menu opens with the players' cut for the deal.
    assert table.controller.stage == "cut" and table.controller.match.phase == "deal_cut"
    # The gin keys do nothing while cribbage is on screen.
    gin = window.gin_screen.controller
    before = gin.view()
    window.gin_screen.key_actions["stock"].trigger()
    assert gin.view() == before
    # Back to gin: the unfinished cribbage game had no finished deal, so nothing is recorded.
    window.start_default_match()
    assert window.game == "gin" and window.centralWidget().currentWidget() is window.gin_screen
    window.persistence.jobs.wait()
    assert storage.database.history("player") == []


def test_cribbage_game_autosaves_and_resumes(qtbot, storage):
    window = make_window(qtbot, storage)
    match = CribbageMatch(first_dealer=1, decks=[deal()])
    table = window.start_cribbage(CribbageSetup("greedy"), match=match)
    lay_away(qtbot, table)
    assert table.controller.stage == "play"
    snapshot = table.controller.match.snapshot()
    window.close()
    storage.close()

    again = open_storage()
    try:
        resumed = make_window(qtbot, again)
        resumed.restore_or_start()
        answer_start_offer(qtbot, resumed, "Resume")
        assert resumed.game == "cribbage"
        other = resumed.cribbage_table.controller
        assert other.match.snapshot() == snapshot
        assert other.opponent.persona_id == "greedy"
        assert "Resumed" in resumed.cribbage_table.status.message
        resumed.close()
    finally:
        again.close()


def test_finished_cribbage_game_appears_in_statistics(qtbot, storage):
    window = make_window(qtbot, storage)
    match = CribbageMatch(first_dealer=1, decks=[deal()], scores=(110, 40))
    table = window.start_cribbage(CribbageSetup("beginner"), match=match)
    lay_away(qtbot, table)
    play_out_the_hand(qtbot, table)
    qtbot.waitUntil(lambda: table.controller.stage == "over")
    assert storage.autosave().load(lambda state: state) is None  # cleared when the game ended

    stats = window.show_statistics()  # the game is stored on the storage thread first
    qtbot.waitUntil(lambda: not stats.busy and bool(stats.history_model.rows))
    row = stats.history_model.rows[0]
    assert (row.game, row.opponent_name, row.result) == ("cribbage", "Bea the Beginner", "win")
    assert row.rules == "121 points"
    assert stats.figure_labels["best_hand"].text().startswith("10")
    cribbage = figures(storage.database, "player", game="cribbage")
    assert cribbage.best_hand == 10 and cribbage.average_hand_points == 10
    assert cribbage.average_crib_points is None  # the computer dealt: no crib of the person's
    assert cribbage.double_skunks_given == 1  # the computer stayed on 40
    assert cribbage.best_pegging is not None and cribbage.best_pegging >= 1


def test_rematch_starts_a_new_cribbage_game(qtbot, storage):
    window = make_window(qtbot, storage)
    match = CribbageMatch(first_dealer=1, decks=[deal()], scores=(120, 0))
    table = window.start_cribbage(CribbageSetup("beginner"), match=match)
    lay_away(qtbot, table)
    play_out_the_hand(qtbot, table)
    qtbot.waitUntil(lambda: table.rematch_button.isVisible())
    click(qtbot, table.rematch_button, table.rematch_button.rect().center())
    assert table.controller.match.scores == [0, 0]
    assert table.controller.stage == "discard"
    window.persistence.jobs.wait()
    assert len(storage.database.history("player")) == 1  # the finished game, once


def test_appearance_settings_reach_the_cribbage_table(qtbot, storage):
    window = make_window(qtbot, storage)
    table = window.start_cribbage(CribbageSetup("beginner"))
    storage.settings.update(animation_speed="slow", table_colour="blue", player_name="Ada")
    assert table.animator.speed == "slow" and table.board.speed == "slow"
    storage.settings.update(animation_speed="instant")
    assert table.scene._felt.name() == window.gin_screen.scene._felt.name()
    assert table.controller.names[0] == "Ada"
    assert table.renderer is window.renderer  # card back and four-colour deck are shared


def test_card_size_setting_scales_the_cards_of_both_tables(qtbot, storage):
    window = make_window(qtbot, storage)
    window.start_default_match()
    table = window.start_cribbage(CribbageSetup("beginner"))
    widths = {}
    for size in ("small", "medium", "huge"):
        storage.settings.update(card_size=size)
        widths[size] = (table.layout_geometry.card_width,
                        window.gin_screen.table.layout.card_width)
    for game in (0, 1):
        assert widths["small"][game] < widths["medium"][game] < widths["huge"][game]
        assert widths["small"][game] == pytest.approx(widths["huge"][game] * 0.8)
    # Every size keeps the cards inside the table.
    storage.settings.update(card_size="huge")
    view = table.view.viewport().rect()
    for item in table.items.values():
        assert view.contains(item.sceneBoundingRect().toRect())


def test_last_cribbage_hand_replays_move_by_move(qtbot, storage):
    window = make_window(qtbot, storage)
    match = CribbageMatch(first_dealer=1, decks=[deal(), list(reversed(FULL_DECK))])
    table = window.start_cribbage(CribbageSetup("greedy"), match=match)
    lay_away(qtbot, table)
    play_out_the_hand(qtbot, table)
    qtbot.waitUntil(lambda: table.controller.match.hand_records() != [])
    open_menu_entry(qtbot, window, "Game", "Replay last hand…")
    replay = window.dialogs[-1]
    assert replay.error is None and replay.counter_label.text().startswith("Move 0 of")
    assert "Computer" not in replay.move_label.text()  # the opponent is named: Gus
    assert replay.move_label.text() == "Gus the Greedy deals"
    assert len(replay.bottom_row.cards) == 6  # the person is the pone: six cards dealt
    click(qtbot, replay.forward_button, replay.forward_button.rect().center())
    click(qtbot, replay.forward_button, replay.forward_button.rect().center())
    assert "lay" in replay.move_label.text() and len(replay.bottom_row.cards) == 4
    click(qtbot, replay.last_button, replay.last_button.rect().center())
    assert "crib" in replay.move_label.text()
    replay.close()
