"""The muggins option at the cribbage table: the person counts, the opponent takes what is missed.

The deal is the one in test_gui_cribbage_table.py: the person (seat 0) is the pone and holds
KH TH 5H 5S after the discard, worth 10 with the AH starter; the play leaves the person on 3.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card, parse_cards
from ginrummy_desktop.engine.cribbage import CribbageMatch, CribbageRules
from ginrummy_desktop.engine.cribbage.bots.base import claim_muggins, exact_count
from ginrummy_desktop.engine.cribbage.scoring import score_show
from ginrummy_desktop.gui.cribbage.table import CribbageTable
from tests.gui_helpers import settle
from tests.test_gui_cribbage_table import DEAL, NEXT_DEAL, STARTER, ScriptedOpponent

MUGGINS = CribbageRules(muggins=True)
THEIRS = score_show(parse_cards("TC JC QD KS"), STARTER).total
CRIB = score_show(parse_cards("9C 2D 3C 4D"), STARTER, is_crib=True).total


class CountingOpponent(ScriptedOpponent):
    """The scripted play, then the built-in bots' show: exact counts, muggins whenever it can."""

    def choose(self, observation) -> Action:
        if observation.phase == "count":
            return exact_count(observation)
        if observation.phase == "muggins":
            return claim_muggins(observation)
        return super().choose(observation)


def table_at_the_show(qtbot, match: CribbageMatch | None = None):
    match = match or CribbageMatch(first_dealer=1, decks=[DEAL, NEXT_DEAL], rules=MUGGINS)
    table = CribbageTable(match=match, opponent=CountingOpponent(), speed="instant")
    qtbot.addWidget(table)
    table.resize(1180, 760)
    table.show()
    qtbot.waitExposed(table)
    settle(qtbot, table)
    said: list[str] = []
    show_message = table.status.show_message
    table.status.show_message = lambda text, kind="info": (said.append(text),
                                                           show_message(text, kind))
    landed: list[tuple[int, int]] = []
    table.board.peg_landed.connect(lambda player, score: landed.append((player, score)))
    if match.phase == "discard":
        for name in ("9C", "2D"):
            qtbot.mouseClick(table.view.viewport(), Qt.MouseButton.LeftButton,
                             pos=table.view.mapFromScene(table.card_centre(Card.parse(name))))
        qtbot.mouseClick(table.send_button, Qt.MouseButton.LeftButton)
        settle(qtbot, table)
        for name in ("KH", "5H", "5S", "TH"):
            table.controller.play_card(Card.parse(name))
            settle(qtbot, table)
    return table, said, landed


def type_count(qtbot, table: CribbageTable, points: int, press_enter: bool = False) -> None:
    editor = table.count_entry.lineEdit()
    editor.selectAll()
    qtbot.keyClicks(editor, str(points))
    if press_enter:
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    else:
        qtbot.mouseClick(table.count_button, Qt.MouseButton.LeftButton)
    settle(qtbot, table)  # the opponent's claim and counts come from its thread


def test_an_under_count_is_mugged_and_pegged_to_the_opponent(qtbot):
    table, said, landed = table_at_the_show(qtbot)
    assert table.controller.match.phase == "count"
    assert table.display.ask_count and table.count_entry.isVisible()
    assert table.display.show_title == "Your hand: your count?"
    opponent_before = table.board.front_peg(1)
    type_count(qtbot, table, 8)
    assert table.announcement_text == "Muggins! Computer takes the 2 points you missed"
    # Plain words, a sentence each, and no "Not allowed" sign: a short count is not a refusal.
    assert any(t.startswith("You counted 8; it is worth 10. Your hand: ")
               and t.endswith(". Muggins! Computer takes the 2 points you missed.")
               for t in said)
    assert "Not allowed" not in table.status.shown_text
    assert (table.board.front_peg(0), table.board.back_peg(0)) == (11, 3)
    # The opponent's muggins, then its own hand and crib counted exactly.
    assert [score for player, score in landed if player == 1][-3:] == [
        opponent_before + 2, opponent_before + 2 + THEIRS, opponent_before + 2 + THEIRS + CRIB]
    assert table.controller.match.scores == [11, opponent_before + 2 + THEIRS + CRIB]
    assert not table.count_entry.isVisible() and table.continue_button.isVisible()
    qtbot.mouseClick(table.continue_button, Qt.MouseButton.LeftButton)
    settle(qtbot, table)
    assert table.controller.stage == "discard" and table.controller.match.hand_number == 2
    record = table.controller.match.hand_records()[0]
    assert record["shows"][0]["claimed"] == 8 and record["shows"][0]["muggins"] == 2


def test_an_over_count_is_refused_and_the_right_count_typed_with_enter(qtbot):
    table, said, _ = table_at_the_show(qtbot)
    type_count(qtbot, table, 12)
    assert said[-1] == "You claimed 12 but the hand is worth 10. Count again."
    assert table.count_entry.isVisible() and table.board.front_peg(0) == 3
    type_count(qtbot, table, 10, press_enter=True)
    assert any(t.startswith("Right, 10!") for t in said)
    assert not any("Muggins" in t for t in said)
    assert table.board.front_peg(0) == 13


def test_a_game_restored_in_the_middle_of_the_show_asks_again(qtbot):
    match = CribbageMatch(first_dealer=1, decks=[DEAL, NEXT_DEAL], rules=MUGGINS)
    match.apply(0, Action("discard", cards=tuple(parse_cards("9C 2D"))))
    match.apply(1, Action("discard", cards=tuple(parse_cards("3C 4D"))))
    opponent = CountingOpponent()
    while match.phase == "play":
        seat = match.to_move()
        plays = {"KH", "5H", "5S", "TH"}
        legal = match.observation(seat).legal_actions
        action = next((a for a in legal if a.card and str(a.card) in plays), legal[0]) \
            if seat == 0 else opponent.choose(match.observation(seat))
        match.apply(seat, action)
    restored = CribbageMatch.restore(match.snapshot())
    table, said, _ = table_at_the_show(qtbot, restored)
    assert table.controller.stage == "show" and table.display.ask_count
    type_count(qtbot, table, 10)
    assert table.controller.match.hand_number == 2
    assert table.continue_button.isVisible()


def test_the_game_ends_at_the_count_that_reaches_121(qtbot):
    match = CribbageMatch(first_dealer=1, decks=[DEAL, NEXT_DEAL], rules=MUGGINS,
                          scores=(0, 110))
    table, said, _ = table_at_the_show(qtbot, match)
    type_count(qtbot, table, 8)  # mugged for 2, then the opponent's own hand takes it out
    match = table.controller.match
    assert match.over and match.winner == 1 and match.scores[1] == 110 + 5 + 2 + THEIRS
    assert [show["what"] for show in match.hand_records()[-1]["shows"]] == ["hand", "hand"]
    assert table.controller.stage == "over" and table.rematch_button.isVisible()
    assert table.display.result is not None and table.display.result.winner == 1
    assert "Computer wins" in said[-1]


def test_statistics_count_the_hand_as_claimed_and_muggins_as_the_takers_points():
    from ginrummy_desktop.gui.cribbage.summary import hand_summary

    record = {"dealer": 1, "scores_after": [11, 20], "shows": [
        {"seat": 0, "what": "hand", "total": 10, "claimed": 8, "muggins": 2}],
        "events": [{"seat": 0, "kind": "hand", "points": 8},
                   {"seat": 1, "kind": "muggins", "points": 2}]}
    summary = hand_summary(record, human=0)
    assert summary.hand_points == 8 and summary.player_points == 8
    assert summary.opponent_points == 2 and summary.pegging_points == 0
