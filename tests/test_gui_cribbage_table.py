"""The cribbage table driven with real mouse events against the real engine.

A stacked deal makes every hand known in advance (see ``DEAL``): the person (seat 0) is the
pone and the scripted opponent deals. The opponent keeps four ten-cards, so the play goes:
KH, 10C, 5H, opponent "go", 5S pair (2) and go (1), JC, 10H, QD run (3), go (1), KS last card (1).
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import FULL_DECK, Card, card_text, parse_cards
from ginrummy_desktop.engine.cribbage import CribbageMatch
from ginrummy_desktop.engine.cribbage.scoring import score_show
from ginrummy_desktop.gui.cribbage.table import CribbageTable
from tests.gui_helpers import settle

HUMAN = parse_cards("KH TH 5H 5S 9C 2D")
OPPONENT = parse_cards("TC JC QD KS 3C 4D")
STARTER = Card.parse("AH")


def stacked_deck(first: list[Card], second: list[Card], starter: Card) -> list[Card]:
    """Deal order: pone, dealer, pone, ... then the starter, then the rest of the pack."""
    top = [card for pair in zip(first, second, strict=True) for card in pair] + [starter]
    return top + [card for card in FULL_DECK if card not in top]


DEAL = stacked_deck(HUMAN, OPPONENT, STARTER)
NEXT_DEAL = list(reversed(FULL_DECK))


class ScriptedOpponent:
    """Discards a fixed pair, then plays the first card of its list that the engine allows."""

    def __init__(self, toss: str = "3C 4D", plays: str = "TC JC QD KS") -> None:
        self.toss = set(parse_cards(toss))
        self.plays = parse_cards(plays)

    def choose(self, observation) -> Action:
        legal = list(observation.legal_actions)
        for action in legal:
            if action.kind == "discard" and set(action.cards) == self.toss:
                return action
        for card in self.plays:
            for action in legal:
                if action.kind == "play" and action.card == card:
                    return action
        return legal[0]


def make_table(qtbot, scores=(0, 0), speed="instant") -> CribbageTable:
    match = CribbageMatch(first_dealer=1, decks=[DEAL, NEXT_DEAL], scores=scores)
    table = CribbageTable(match=match, opponent=ScriptedOpponent(), speed=speed)
    qtbot.addWidget(table)
    table.resize(1180, 760)
    table.show()
    qtbot.waitExposed(table)
    settle(qtbot, table)
    return table


def at(table: CribbageTable, point: QPointF) -> QPoint:
    return table.view.mapFromScene(point)


def click_card(qtbot, table: CribbageTable, card: Card) -> None:
    qtbot.mouseClick(table.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=at(table, table.card_centre(card)))
    settle(qtbot, table)


def drag_card(qtbot, table: CribbageTable, card: Card, target: QPointF) -> None:
    """Press on the card, move in steps past the drag threshold to ``target``, release."""
    viewport = table.view.viewport()
    start = table.card_centre(card)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(table, start))
    for k in range(1, 6):
        point = start + (target - start) * (k / 5)
        qtbot.mouseMove(viewport, at(table, point))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(table, target))


def discard_by_clicking(qtbot, table: CribbageTable) -> None:
    click_card(qtbot, table, Card.parse("9C"))
    click_card(qtbot, table, Card.parse("2D"))
    qtbot.mouseClick(table.send_button, Qt.MouseButton.LeftButton)
    settle(qtbot, table)


def test_click_two_cards_then_send_lays_them_in_the_crib(qtbot):
    table = make_table(qtbot)
    assert table.controller.stage == "discard"
    assert not table.send_button.isEnabled()
    click_card(qtbot, table, Card.parse("9C"))
    assert table.display.pending == (Card.parse("9C"),)
    assert not table.send_button.isEnabled()
    click_card(qtbot, table, Card.parse("2D"))
    assert set(table.display.pending) == set(parse_cards("9C 2D"))
    # Chosen cards wait in the hand, raised in their places, until they are sent.
    crib = table.layout_geometry.crib
    assert not crib.contains(table.card_centre(Card.parse("9C")))
    assert Card.parse("9C") in table.display.hand
    assert table.card_centre(Card.parse("9C")).y() < table.card_centre(Card.parse("KH")).y()
    assert table.send_button.isEnabled()
    qtbot.mouseClick(table.send_button, Qt.MouseButton.LeftButton)
    settle(qtbot, table)
    assert table.controller.match.observation(0).own_discards == tuple(parse_cards("2D 9C"))
    # The opponent has laid away too; the starter is up and the person (pone) leads.
    assert table.controller.stage == "play"
    assert table.display.crib_hidden == 4
    assert table.display.starter == STARTER
    assert table.display.your_turn


def test_clicking_a_chosen_card_takes_it_back(qtbot):
    table = make_table(qtbot)
    click_card(qtbot, table, Card.parse("9C"))
    click_card(qtbot, table, Card.parse("9C"))
    assert table.display.pending == ()
    assert Card.parse("9C") in table.display.hand


def test_dragging_two_cards_onto_the_crib_then_send(qtbot):
    table = make_table(qtbot)
    crib_centre = table.layout_geometry.crib.center()
    drag_card(qtbot, table, Card.parse("9C"), crib_centre)
    settle(qtbot, table)
    drag_card(qtbot, table, Card.parse("2D"), crib_centre)
    settle(qtbot, table)
    assert set(table.display.pending) == set(parse_cards("9C 2D"))
    # Dragging one back out to the table returns it to the hand.
    drag_card(qtbot, table, Card.parse("2D"), QPointF(300, 560))
    settle(qtbot, table)
    assert table.display.pending == (Card.parse("9C"),)
    drag_card(qtbot, table, Card.parse("2D"), crib_centre)
    settle(qtbot, table)
    qtbot.mouseClick(table.send_button, Qt.MouseButton.LeftButton)
    settle(qtbot, table)
    assert table.controller.stage == "play"


def test_play_by_drag_and_by_double_click(qtbot):
    table = make_table(qtbot)
    discard_by_clicking(qtbot, table)
    settle(qtbot, table)
    play_centre = table.layout_geometry.play.center()
    drag_card(qtbot, table, Card.parse("KH"), play_centre)
    settle(qtbot, table)
    # KH is down, the opponent answered with TC: count 20, back to the person.
    assert [card for _, card in table.display.play] == parse_cards("KH TC")
    assert table.display.count == 20
    assert table.layout_geometry.play.contains(table.card_centre(Card.parse("KH")))
    qtbot.mouseDClick(table.view.viewport(), Qt.MouseButton.LeftButton,
                      pos=at(table, table.card_centre(Card.parse("5H"))))
    settle(qtbot, table)
    # 5H makes 25; no ten-card fits, so the opponent said go and it is the person's turn.
    assert table.controller.match.count == 25
    assert table.controller.match.go_seat == 1
    assert table.display.your_turn


def test_over_31_card_springs_back_with_the_reason(qtbot):
    table = make_table(qtbot)
    discard_by_clicking(qtbot, table)
    settle(qtbot, table)
    table.controller.play_card(Card.parse("KH"))
    settle(qtbot, table)
    table.controller.play_card(Card.parse("5H"))
    settle(qtbot, table)
    assert table.controller.match.count == 25
    ten = Card.parse("TH")
    home = table.item_for(ten).pos()
    assert ten not in table.display.playable  # dimmed: it cannot go now
    drag_card(qtbot, table, ten, table.layout_geometry.play.center())
    settle(qtbot, table)
    assert "35" in table.status.message and "31" in table.status.message
    assert table.status.kind == "warning"
    assert table.item_for(ten).pos() == home  # sprang back to its place in the hand
    assert ten in table.display.hand
    assert table.controller.match.count == 25  # the engine did not change


def test_whole_hand_through_the_show_with_pegs(qtbot):
    table = make_table(qtbot)
    board = table.board
    landed: list[tuple[int, int]] = []
    board.peg_landed.connect(lambda player, score: landed.append((player, score)))
    discard_by_clicking(qtbot, table)
    settle(qtbot, table)
    table.controller.play_card(Card.parse("KH"))
    settle(qtbot, table)
    table.controller.play_card(Card.parse("5H"))
    settle(qtbot, table)
    table.controller.play_card(Card.parse("5S"))
    settle(qtbot, table)
    # Pair for 2, then go for 1: the back peg sits at 2, the front at 3.
    assert (board.front_peg(0), board.back_peg(0)) == (3, 2)
    assert table.controller.stage == "play"
    table.controller.play_card(Card.parse("TH"))
    settle(qtbot, table)
    # The last card ended the play and (at instant speed) the show was counted at once.
    assert table.announcement_text == "Last card for 1"
    assert table.controller.stage == "show"
    own = score_show(parse_cards("KH TH 5H 5S"), STARTER)
    theirs = score_show(parse_cards("TC JC QD KS"), STARTER)
    crib = score_show(parse_cards("9C 2D 3C 4D"), STARTER, is_crib=True)
    # Opponent: QD's run (3), go (1), last card (1); then its hand and its crib.
    assert [score for player, score in landed if player == 1] == [
        3, 4, 5, 5 + theirs.total, 5 + theirs.total + crib.total
    ]
    # Person: pair (2), go (1), then the hand, counted first as the pone.
    assert [score for player, score in landed if player == 0] == [2, 3, 13]
    assert landed.index((0, 13)) < landed.index((1, 5 + theirs.total))
    assert own.total == 10 and theirs.total == 4
    assert own.spoken == ("fifteen two, fifteen four, fifteen six, fifteen eight "
                          "and a pair is ten")
    assert (board.front_peg(0), board.back_peg(0)) == (13, 3)
    assert (board.front_peg(1), board.back_peg(1)) == (9 + crib.total, 9)
    assert board.shown_score(0) == 13 and board.shown_score(1) == 9 + crib.total
    # The crib is on show last, laid out with the starter, its words on the banner.
    assert table.display.show_cards == (*sorted(parse_cards("9C 2D 3C 4D")), STARTER)
    assert table.banner.spoken == crib.spoken
    assert table.layout_geometry.play.contains(table.card_centre(STARTER))
    assert table.continue_button.isVisible()
    qtbot.mouseClick(table.continue_button, Qt.MouseButton.LeftButton)
    settle(qtbot, table)
    assert table.controller.stage == "discard"
    assert table.controller.match.hand_number == 2
    assert len(table.display.hand) == 6


def test_show_counts_item_by_item_when_animated(qtbot):
    table = make_table(qtbot)
    controller = table.controller
    discard_by_clicking(qtbot, table)
    settle(qtbot, table)
    for name in ("KH", "5H", "5S"):
        controller.play_card(Card.parse(name))
        settle(qtbot, table)
    # From the last card on, everything animates: the opponent thinks on a worker thread,
    # pegs travel, and the show counts one combination at a time.
    table.set_speed("fast")
    controller.play_card(Card.parse("TH"))
    settle(qtbot, table)
    spoken_seen = set()

    def show_done() -> bool:
        spoken_seen.add(table.banner.spoken)
        return controller.stage == "show" and table.continue_button.isVisible()

    qtbot.waitUntil(show_done, timeout=20_000)
    assert "fifteen two" in spoken_seen
    assert "fifteen two, fifteen four" in spoken_seen
    assert table.board.front_peg(0) == 13 and not table.board.is_animating()


def test_auto_go_is_said_for_the_person_with_a_clear_message(qtbot):
    table = make_table(qtbot)
    said: list[str] = []
    show_message = table.status.show_message
    table.status.show_message = lambda text, kind="info": (said.append(text),
                                                           show_message(text, kind))
    discard_by_clicking(qtbot, table)
    settle(qtbot, table)
    table.controller.play_card(Card.parse("5H"))  # 5; the opponent's TC makes fifteen (20)
    settle(qtbot, table)
    table.controller.play_card(Card.parse("5S"))  # 20; the opponent's JC makes 30
    settle(qtbot, table)
    # Only KH and TH are left and neither fits: the engine offers only "go", said for the person.
    assert "None of your cards fits under 31 (the count is 30): Go." in said
    kinds = [(e.seat, e.words) for e in table.controller.match.events]
    assert kinds == [(1, "Fifteen for 2"), (1, "Go for 1")]
    assert table.display.your_turn  # the person leads the next count


def test_game_over_announces_double_skunk_and_rematch(qtbot):
    table = make_table(qtbot, scores=(115, 55))
    discard_by_clicking(qtbot, table)
    settle(qtbot, table)
    for name in ("KH", "5H", "5S", "TH"):
        table.controller.play_card(Card.parse(name))
        settle(qtbot, table)
    # 115 + 3 pegged + 10 in the show: the person pegs out; the opponent is on 60.
    assert table.controller.stage == "over"
    assert table.result_panel.isVisible()
    assert "You win" in table.result_panel.text()
    assert "Double skunk" in table.result_panel.text()
    assert table.result_panel.picture == "double skunk"
    assert table.board.front_peg(0) == 121
    assert table.rematch_button.isVisible()
    qtbot.mouseClick(table.rematch_button, Qt.MouseButton.LeftButton)
    settle(qtbot, table)
    assert table.controller.stage in ("discard", "play")
    assert table.controller.match.scores == [0, 0]
    assert (table.board.front_peg(0), table.board.front_peg(1)) == (0, 0)
    assert not table.result_panel.isVisible()


def test_discard_hint_shows_the_advisors_table(qtbot):
    table = make_table(qtbot)
    qtbot.mouseClick(table.hint_button, Qt.MouseButton.LeftButton)
    settle(qtbot, table)
    assert table.hint_panel.isVisible()
    assert len(table.hint_panel.lines) == 16  # a header and all 15 keeps
    assert table.status.kind == "hint"
    qtbot.mouseClick(table.hint_button, Qt.MouseButton.LeftButton)
    settle(qtbot, table)
    assert not table.hint_panel.isVisible()


@pytest.mark.parametrize("size", [(900, 620), (1600, 1000)])
def test_resizing_rescales_cards_and_board_inside_the_window(qtbot, size):
    table = make_table(qtbot)
    discard_by_clicking(qtbot, table)
    settle(qtbot, table)
    before_card = table.layout_geometry.card_width
    before_unit = table.board.layout.unit
    table.resize(*size)
    qtbot.waitUntil(lambda: table.view.viewport().width() > size[0] - 40)
    area = table.view.viewport().rect()
    lay = table.layout_geometry
    assert (lay.card_width > before_card) == (size[0] > 1180)
    assert (table.board.layout.unit > before_unit) == (size[0] > 1180)
    for card in table.display.hand:
        rect = table.item_for(card).card_rect()
        assert area.contains(rect.toRect())
    board_rect = table.board.mapRectToScene(table.board.boundingRect())
    assert area.adjusted(-1, -1, 1, 1).contains(board_rect.toRect())
    # The pegs moved with their holes.
    peg = table.board.pegs[0][0]
    assert peg.pos() == table.board.hole_position(0, 0, table.board.peg_hole(0, 0))


def test_play_hint_lights_the_experts_card(qtbot):
    table = make_table(qtbot)
    discard_by_clicking(qtbot, table)
    settle(qtbot, table)
    qtbot.mouseClick(table.hint_button, Qt.MouseButton.LeftButton)
    settle(qtbot, table)
    assert table.status.kind == "hint"
    assert "The expert would play " in table.status.message
    (suggested,) = table.display.hint_cards
    assert suggested in table.display.hand
    assert card_text(suggested) in table.status.message


def test_unknown_opponent_is_refused_with_the_choices():
    from ginrummy_desktop.gui.cribbage.controller import default_opponent

    with pytest.raises(ValueError, match="expert"):
        default_opponent(persona="grandmaster")


@pytest.mark.parametrize(("entered", "verdict"), [
    (9, "Not quite: you counted 9; it is worth 10."),
    (10, "Right, 10!"),
])
def test_manual_counting_checks_the_persons_count(qtbot, entered, verdict):
    match = CribbageMatch(first_dealer=1, decks=[DEAL, NEXT_DEAL])
    table = CribbageTable(match=match, opponent=ScriptedOpponent(), speed="instant",
                          manual_count=True)
    qtbot.addWidget(table)
    table.resize(1180, 760)
    table.show()
    said: list[str] = []
    show_message = table.status.show_message
    table.status.show_message = lambda text, kind="info": (said.append(text),
                                                           show_message(text, kind))
    discard_by_clicking(qtbot, table)
    settle(qtbot, table)
    for name in ("KH", "5H", "5S", "TH"):
        table.controller.play_card(Card.parse(name))
        settle(qtbot, table)
    # The show waits for the person's count of their own hand (the pone counts first).
    assert table.display.ask_count and table.count_button.isVisible()
    assert table.board.front_peg(0) == 3
    assert Card.parse("KH") in table.display.show_cards
    table.count_entry.setValue(entered)
    qtbot.mouseClick(table.count_button, Qt.MouseButton.LeftButton)
    settle(qtbot, table)
    assert any(text.startswith(verdict) for text in said)
    assert not table.count_button.isVisible()
    assert table.board.front_peg(0) == 13  # pegged as the engine counted it
    assert table.controller.stage == "show" and table.continue_button.isVisible()


def test_a_restored_game_shows_where_it_stood(qtbot):
    match = CribbageMatch(first_dealer=1, decks=[DEAL, NEXT_DEAL])
    match.apply(0, Action("discard", cards=tuple(parse_cards("2D 9C"))))
    match.apply(1, Action("discard", cards=tuple(parse_cards("3C 4D"))))
    for seat, name in ((0, "KH"), (1, "TC"), (0, "5H")):
        match.apply(seat, Action("play", card=Card.parse(name)))
    match.apply(1, Action("go"))
    match.apply(0, Action("play", card=Card.parse("5S")))  # pair 2, go 1: new count
    restored = CribbageMatch.restore(match.snapshot())
    table = CribbageTable(match=restored, opponent=ScriptedOpponent(), speed="instant")
    qtbot.addWidget(table)
    table.resize(1180, 760)
    table.show()
    qtbot.waitExposed(table)
    settle(qtbot, table)
    # The opponent led JC on the new count; the person holds TH; the pegs are as they were.
    assert [card for _, card in table.display.play] == [Card.parse("JC")]
    assert table.display.hand == (Card.parse("TH"),)
    assert set(table.display.piles[0]) == set(parse_cards("KH 5H 5S"))
    assert (table.board.front_peg(0), table.board.back_peg(0)) == (3, 2)
    assert table.board.shown_score(0) == 3


def test_pegging_out_during_the_play_ends_the_game_at_once(qtbot):
    table = make_table(qtbot, scores=(119, 40))
    results = []
    saves = []
    table.controller.match_over.connect(lambda: results.append(table.controller.result()))
    table.controller.action_applied.connect(lambda _seat, _action: saves.append(1))
    discard_by_clicking(qtbot, table)
    settle(qtbot, table)
    for name in ("KH", "5H", "5S"):
        table.controller.play_card(Card.parse(name))
        settle(qtbot, table)
    assert [(r.winner, r.outcome, r.game_points) for r in results] == [(0, "double skunk", 3)]
    # Every accepted action (two discards, KH, TC, 5H, go, 5S) offers a moment to autosave.
    assert len(saves) == 7
    # The pair makes 121: the game ends mid-play, with no show.
    assert table.controller.stage == "over"
    assert table.controller.match.winner == 0
    assert "Double skunk" in table.result_panel.text()
    assert (table.board.front_peg(0), table.board.back_peg(0)) == (121, 119)
    assert table.rematch_button.isVisible() and not table.continue_button.isVisible()
    table.controller.play_card(Card.parse("TH"))  # nothing happens after the end
    settle(qtbot, table)
    assert table.controller.stage == "over"
