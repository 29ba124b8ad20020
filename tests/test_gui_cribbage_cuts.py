"""The cuts at the cribbage table, by real mouse clicks and real key presses."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication

from ginrummy_desktop.engine.cards import parse_cards
from ginrummy_desktop.engine.cribbage import CribbageMatch, CribbageRules
from ginrummy_desktop.engine.cribbage.cuts import cut_depths
from ginrummy_desktop.engine.cribbage.observation import DEAL_CUT, STARTER_CUT
from ginrummy_desktop.gui.cribbage.display import STAGE_CUT, STAGE_DISCARD, STAGE_PLAY
from ginrummy_desktop.gui.cribbage.table import CribbageTable
from tests.gui_helpers import settle
from tests.test_gui_cribbage_table import DEAL, NEXT_DEAL, ScriptedOpponent, at

CUTS = CribbageRules(player_cuts=True)
Key = Qt.Key


def shown(qtbot, table: CribbageTable) -> CribbageTable:
    qtbot.addWidget(table)
    table.resize(1180, 760)
    table.show()
    qtbot.waitExposed(table)
    table.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is table)
    settle(qtbot, table)
    return table


def deal_cut_table(qtbot, seed: int = 5) -> CribbageTable:
    match = CribbageMatch(seed=seed, rules=CUTS)
    return shown(qtbot, CribbageTable(match=match, opponent="beginner", speed="instant"))


def starter_cut_table(qtbot) -> CribbageTable:
    """The stacked deal of the table tests with cuts: the person is the pone and cuts."""
    match = CribbageMatch(first_dealer=1, decks=[DEAL, NEXT_DEAL], rules=CUTS)
    table = shown(qtbot, CribbageTable(match=match, opponent=ScriptedOpponent(),
                                       speed="instant"))
    controller = table.controller
    for card in parse_cards("9C 2D"):
        controller.toggle_discard(card)
    controller.send_discard()
    qtbot.waitUntil(lambda: controller.match.phase == STARTER_CUT)
    settle(qtbot, table)
    return table


def click_pack(qtbot, table: CribbageTable, depth: int) -> None:
    qtbot.mouseClick(table.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=at(table, table.pack_point(depth)))
    settle(qtbot, table)


def press(qtbot, table: CribbageTable, key: Qt.Key) -> None:
    qtbot.keyClick(table.view.viewport(), key)
    settle(qtbot, table)


def finish_deal_cut(qtbot, table: CribbageTable, cut) -> None:
    """Cut (``cut(table)``) until the cut for the deal is decided (equal cards cut again)."""
    controller = table.controller
    for _ in range(6):
        qtbot.waitUntil(lambda: controller.waiting_for_human, timeout=10_000)
        if table.continue_button.isVisible():
            return
        assert controller.match.phase == DEAL_CUT and controller.match.to_move() == 0
        cut(table)
    qtbot.waitUntil(lambda: table.continue_button.isVisible())


def test_the_cut_for_the_deal_by_mouse_shows_both_cards_and_who_deals(qtbot):
    table = deal_cut_table(qtbot)
    controller = table.controller
    assert controller.stage == STAGE_CUT and table.display.cut_pack == 52
    assert table.display.cut_for_deal and not table.send_button.isVisible()
    assert "Cut for the deal" in table.status.text()
    finish_deal_cut(qtbot, table, lambda t: click_pack(qtbot, t, 20))
    record_cuts = controller.match.cuts[-1]
    first = controller.match.view(0).deal_cuts[-1]
    assert first == record_cuts
    # Both cuts lie face up, and the words say who deals.
    for card in record_cuts:
        assert table.item_for(card) is not None and table.item_for(card).face_up
    dealer = "You" if controller.match.dealer == 0 else "Computer"
    assert table.display.show_title == f"Low card deals: {dealer}"
    assert table.continue_button.text() == "Deal"
    low = min(record_cuts, key=lambda card: card.rank)
    assert controller.match.dealer == record_cuts.index(low)
    qtbot.mouseClick(table.continue_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: controller.stage == STAGE_DISCARD)
    assert controller.match.hand_number == 1 and len(table.display.hand) == 6
    # The person's cut went in at the depth clicked (it is in the game's first record later).
    assert controller.match.snapshot()["deal_rounds"][-1]["cuts"][0]["depth"] == 20


def test_a_click_outside_the_allowed_depths_is_refused_in_words(qtbot):
    table = deal_cut_table(qtbot)
    click_pack(qtbot, table, 1)
    assert table.controller.match.phase == DEAL_CUT and table.controller.match.to_move() == 0
    assert "at least 4 cards" in table.status.text()


def test_the_cut_for_the_deal_by_keys(qtbot):
    table = deal_cut_table(qtbot, seed=8)
    controller = table.controller

    def by_keys(t: CribbageTable) -> None:
        press(qtbot, t, Key.Key_Right)  # the focus starts in the middle of the allowed depths
        middle = (cut_depths(52).start + cut_depths(52).stop - 1) // 2
        assert t.display.cut_focus == middle
        assert t.item_for(("pack", middle)).selected
        press(qtbot, t, Key.Key_Left)
        press(qtbot, t, Key.Key_Left)
        assert t.display.cut_focus == middle - 2
        press(qtbot, t, Key.Key_Return)

    finish_deal_cut(qtbot, table, by_keys)
    assert controller.match.snapshot()["deal_rounds"][-1]["cuts"][0]["depth"] == 24
    press(qtbot, table, Key.Key_Return)  # Enter deals
    qtbot.waitUntil(lambda: controller.stage == STAGE_DISCARD)
    assert controller.match.hand_number == 1


def test_the_starter_cut_by_mouse_turns_up_the_card_at_the_cut(qtbot):
    table = starter_cut_table(qtbot)
    controller = table.controller
    assert controller.stage == STAGE_CUT and table.display.cut_pack == 40
    assert "Cut for the starter" in table.status.text()
    click_pack(qtbot, table, 17)
    qtbot.waitUntil(lambda: controller.stage == STAGE_PLAY)
    assert controller.match.starter == DEAL[12 + 17]
    assert table.item_for(DEAL[12 + 17]).face_up
    assert controller.match.view(0).starter_cut == 17


def test_the_starter_cut_by_keys(qtbot):
    table = starter_cut_table(qtbot)
    controller = table.controller
    press(qtbot, table, Key.Key_Left)  # starts in the middle: (4 + 36) // 2 = 20
    press(qtbot, table, Key.Key_Left)
    assert table.display.cut_focus == 19
    press(qtbot, table, Key.Key_Space)
    qtbot.waitUntil(lambda: controller.stage == STAGE_PLAY)
    assert controller.match.starter == DEAL[12 + 19]


def test_the_opponent_cuts_the_starter_when_the_person_deals(qtbot):
    match = CribbageMatch(seed=3, rules=CUTS, first_dealer=0)
    table = shown(qtbot, CribbageTable(match=match, opponent="beginner", speed="instant"))
    controller = table.controller
    qtbot.waitUntil(lambda: controller.waiting_for_human)
    for card in table.display.hand[:2]:
        controller.toggle_discard(card)
    controller.send_discard()
    qtbot.waitUntil(lambda: controller.stage == STAGE_PLAY and controller.waiting_for_human,
                    timeout=10_000)
    depth = controller.match.view(0).starter_cut
    assert depth in cut_depths(40)
    assert "turn up" in table.status.text() or controller.match.count > 0


def test_help_lists_how_to_cut_with_the_mouse_and_the_keys():
    from ginrummy_desktop.gui.gin.keys import shortcut_rows
    from ginrummy_desktop.gui.shell.help_pages import shortcuts_html

    cribbage = shortcuts_html(shortcut_rows()).split("<h3>Cribbage</h3>")[1]
    assert "Click the pack" in cribbage and "Cut the pack at the focus" in cribbage
    assert "in a cut: along the spread pack" in cribbage


class TyingOpponent:
    """Cuts for the deal at a depth that matches the person's rank (the first time), so the
    table must show equal cards and ask for another cut. It reads the pack from the match's
    snapshot, which only a test may do."""

    def __init__(self) -> None:
        self.match: CribbageMatch | None = None
        self.tied = False

    def choose(self, observation):
        from ginrummy_desktop.engine.cribbage.cuts import second_pack

        legal = observation.legal_actions
        if observation.phase != DEAL_CUT or self.tied or self.match is None:
            return legal[0]
        first = observation.deal_cuts[0][1]
        pack = second_pack(parse_cards(self.match.snapshot()["cut_pack"]), first)
        for action in legal:
            if pack[action.points].rank == first.rank:
                self.tied = True
                return action
        return legal[0]


def test_equal_cards_are_shown_and_the_person_cuts_again(qtbot):
    opponent = TyingOpponent()
    match = CribbageMatch(seed=11, rules=CUTS)
    opponent.match = match
    table = shown(qtbot, CribbageTable(match=match, opponent=opponent, speed="instant"))
    controller = table.controller
    click_pack(qtbot, table, 12)
    qtbot.waitUntil(lambda: controller.waiting_for_human)
    assert opponent.tied and controller.match.phase == DEAL_CUT
    first, second = controller.match.cuts[-1]
    assert first.rank == second.rank
    assert "are equal: cut again" in table.status.text()
    assert {card for *_, card in table.display.cut_cards} == {first, second}
    assert table.display.cut_pack == 52  # a new pack is spread
    click_pack(qtbot, table, 30)
    qtbot.waitUntil(lambda: table.continue_button.isVisible())
    assert len(controller.match.cuts) == 2


def test_verify_deal_also_checks_the_starter_cut(qtbot):
    from ginrummy_desktop.gui.cribbage.display import STAGE_SHOW

    table = starter_cut_table(qtbot)
    controller = table.controller
    click_pack(qtbot, table, 9)
    for _ in range(20):
        qtbot.waitUntil(lambda: controller.waiting_for_human or controller.stage == STAGE_SHOW)
        if controller.stage != STAGE_PLAY:
            break
        controller.play_card(sorted(table.display.playable)[0])
        settle(qtbot, table)
    qtbot.waitUntil(lambda: table.verify_button.isVisible(), timeout=10_000)
    press(qtbot, table, Key.Key_V)
    text = table.verification_box.text()
    assert "Verified" in text and "(9 cards lifted)" in text
    assert f"card {12 + 9 + 1} of the committed deck" in text


def test_the_spread_pack_names_its_commitment_before_the_cut(qtbot):
    table = deal_cut_table(qtbot)
    commitment = table.controller.match.view(0).cut_commitment
    assert len(commitment) == 64
    assert commitment in table.item_for(("pack", 10)).toolTip()
    starter = starter_cut_table(qtbot)
    assert starter.controller.match.commitment in starter.item_for(("pack", 3)).toolTip()


def test_dragging_a_card_off_the_spread_pack_cuts_there(qtbot):
    table = starter_cut_table(qtbot)
    controller = table.controller
    viewport = table.view.viewport()
    start = table.pack_point(22)
    target = start + QPointF(0, -table.layout_geometry.card_width * 1.5)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(table, start))
    for k in range(1, 6):
        qtbot.mouseMove(viewport, at(table, start + (target - start) * (k / 5)))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(table, target))
    settle(qtbot, table)
    qtbot.waitUntil(lambda: controller.stage == STAGE_PLAY)
    assert controller.match.starter == DEAL[12 + 22]
