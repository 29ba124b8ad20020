"""The person's moves: choosing cards for the crib and sending them, playing a card, going on after
the show, and the clicks and drops on the felt that make them. Methods of ``CribbageController``
(``controller.py`` binds them to the class).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.gui.cribbage.display import (
    STAGE_CUT,
    STAGE_DISCARD,
    STAGE_OVER,
    STAGE_PLAY,
    STAGE_SHOW,
)
from ginrummy_desktop.gui.table.card_item import CardItem

if TYPE_CHECKING:
    from ginrummy_desktop.gui.cribbage.controller import CribbageController

ZONE_CRIB = "crib"
ZONE_PLAY = "play"


def toggle_discard(self: CribbageController, card: Card) -> None:
    """Choose ``card`` for the crib, or take it back; a third choice replaces the first."""
    if self._stage != STAGE_DISCARD or self.match.to_move() != self.human:
        return
    if card in self._pending:
        self._pending.remove(card)
    elif card in self.match.observation(self.human).hand:
        self._pending.append(card)
        if len(self._pending) > 2:
            self._pending.pop(0)
    self._cancel_hint()
    self._refresh()
    self._say(self._discard_prompt(), "turn")


def send_discard(self: CribbageController) -> None:
    if self._stage != STAGE_DISCARD:
        return
    action = Action("discard", cards=tuple(self._pending))
    if self._apply(self.human, action):
        self._pending = []


def play_card(self: CribbageController, card: Card) -> bool:
    """Play ``card`` (a refused card springs back with the engine's reason)."""
    if self._stage != STAGE_PLAY:
        self._refresh()
        return False
    return self._apply(self.human, Action("play", card=card))


def continue_game(self: CribbageController) -> None:
    """After the show: deal the next hand (after the cut for the deal: the first)."""
    if self._stage == STAGE_CUT and self._cut_result:
        self._cut_result = ()
        self._hand_seen = self.match.hand_number
        self._events_seen = len(self.match.events)
        self._stage = self._engine_stage()
        self._refresh()
        self._greet_hand()
        self._next_turn()
        return
    if self._stage == STAGE_SHOW and self._show_index >= len(self._show_steps):
        self._stage = self._engine_stage() if not self.match.over else STAGE_OVER
        if self.match.over:
            self._finish_game()
            return
        if self._live_show:  # the engine dealt the next hand when the crib was counted
            self._live_show = False
            self._hand_seen = self.match.hand_number
            self._events_seen = len(self.match.events)
        self._show_steps = []
        self._sync_board()
        self._refresh()
        self._greet_hand()
        self._next_turn()
    elif self._stage == STAGE_SHOW:
        self.skip_animations()


def skip_animations(self: CribbageController) -> None:
    """A click on the table: finish card and peg movements (and the show's counting)."""
    if self._stage == STAGE_SHOW:
        self._rush = True
    self.table.animator.skip()
    self.table.board.finish_animations()


def _on_card_clicked(self: CribbageController, item: CardItem) -> None:
    key = item.key
    if isinstance(key, tuple) and len(key) == 2 and key[0] == "pack":
        if self.match.to_move() == self.human:
            self.cut(key[1])
        return
    card = item.key if isinstance(item.key, Card) else None
    if card is None:
        return
    if self._stage == STAGE_DISCARD:
        self.toggle_discard(card)
    elif self._stage == STAGE_PLAY and card in self.display.hand:
        self._say(tr("Double-click a card or drag it to the play area to play it."), "info")


def _on_card_double_clicked(self: CribbageController, item: CardItem) -> None:
    card = item.key if isinstance(item.key, Card) else None
    if card is not None and self._stage == STAGE_PLAY and card in self.display.hand:
        self.play_card(card)


def accepts(self: CribbageController, zone: str, item: CardItem) -> bool:
    """May this dragged card go to ``zone`` now? (asked per card while dragging)"""
    card = item.key if isinstance(item.key, Card) else None
    if card is None or self.match.to_move() != self.human:
        return False
    if zone == ZONE_CRIB:
        return self._stage == STAGE_DISCARD and card in self.display.hand
    if zone == ZONE_PLAY:
        return self._stage == STAGE_PLAY and \
            Action("play", card=card) in self.match.legal_actions(self.human)
    return False


def _on_card_dropped(self: CribbageController, item: CardItem, zone: str, centre: QPointF) -> None:
    key = item.key
    if isinstance(key, tuple) and len(key) == 2 and key[0] == "pack":
        # Dragging a card off the spread pack cuts there too (as a click does).
        if not (self.match.to_move() == self.human and self.cut(key[1])):
            self._refresh()  # refused or not the person's cut: the card goes back
        return
    card = item.key if isinstance(item.key, Card) else None
    if card is None:
        self._refresh()
        return
    if self._stage == STAGE_DISCARD:
        onto_crib = zone == ZONE_CRIB
        if onto_crib != (card in self._pending):  # into the crib, or dragged back out
            self.toggle_discard(card)
        else:
            self._refresh()
    elif self._stage == STAGE_PLAY and zone == ZONE_PLAY:
        self.play_card(card)
    else:
        self._refresh()  # dropped elsewhere: back where it came from
