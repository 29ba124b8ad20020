"""The move log and the standing prompt.

Each move becomes a sentence ("Ada took 7♥ from the discard pile") in the move log of the hand
on the felt and before the prompt that says what happens now ("Your turn: draw ..."), or what
the person watches when they sit out. Methods of ``GinController`` (``controller.py``
binds them to the class).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.gin.results import ending_text, partner_table_text, sits_out_text
from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.engine.wording import YOU, person
from ginrummy_desktop.gui.gin.display import DRAW_KINDS, HUMAN, card_text

if TYPE_CHECKING:
    from ginrummy_desktop.gui.gin.controller import GinController


def _describe(self: GinController, seat: int, action: Action) -> str:
    who = self.name_of(seat, you=True)
    if action.kind == "draw_stock":
        if seat == HUMAN and self.drawn is not None:
            return tr("You drew {card} from the stock").format(card=card_text(self.drawn))
        return person(who, tr("You drew from the stock"), tr("{name} drew from the stock"))
    if action.kind == "draw_discard":
        view = self.view()
        known = view.known_opponent_cards
        if seat in view.in_hand and view.known_cards:
            known = view.known_cards[view.in_hand.index(seat)]
        pile_card = self.drawn if seat == HUMAN else next(iter(known[-1:]), None)
        return person(who, tr("You took {card} from the discard pile"),
                      tr("{name} took {card} from the discard pile"),
                      card=card_text(pile_card))
    if action.kind == "pass":
        return person(who, tr("You passed on the upcard"), tr("{name} passed on the upcard"))
    if action.kind == "discard":
        return person(who, tr("You discarded {card}"), tr("{name} discarded {card}"),
                      card=card_text(action.card))
    return ending_text(action.kind, who)  # knock, gin, big gin: "Ada knocked"


def _announce(self: GinController, seat: int | None = None,
              action: Action | None = None) -> None:
    if self.session is None:
        return
    view = self.view()
    described = ""
    if action is not None and seat is not None:
        described = self._describe(seat, action)
        self._log(described)

    def after_move(text: str) -> str:  # "Ada discarded 7♥. Your turn: ..."
        # Translators: the move just made, then what happens now.
        return tr("{move}. {now}").format(move=described, now=text) if described else text
    if view.match_over:
        return
    if self.watching:
        watching = self._watch_text()
        if not self.fast_forward:
            watching = tr("{watching} (Space skips ahead)").format(watching=watching)
        self.prompt.emit(after_move(watching), "info")
        return
    if view.to_move != HUMAN:
        self.prompt.emit(after_move(tr("{name} is thinking…").format(
            name=self.name_of(view.to_move))), "info")
        return
    kinds = {a.kind for a in view.legal_actions}
    upcard = card_text(view.discard_pile[-1] if view.discard_pile else None)
    if "pass" in kinds:
        text = tr("Take the upcard {card} (D) or pass (P)?").format(card=upcard)
    elif kinds & set(DRAW_KINDS):
        text = tr("Your turn: draw from the stock (S) or take {card} from the discard pile "
                  "(D)").format(card=upcard)
    elif "big_gin" in kinds:
        text = tr("Big gin is yours: press K")
    elif "gin" in kinds:
        text = tr("You can go gin: drop your discard on the knock area (K)")
    elif "knock" in kinds:
        text = tr("You may knock (K), or discard to play on")
    else:
        text = tr("Discard: drag a card to the pile, double-click it, or select it and Enter")
    self.prompt.emit(after_move(text), "turn")


def _log(self: GinController, line: str) -> None:
    self.moves.append(line)
    self.moves_changed.emit()


def _watch_text(self: GinController) -> str:
    """What the person watches: "You sit out this hand: Ada and Bo play"."""
    players = [self.name_of(seat, you=True) for seat in self.view().in_hand]
    if self.players == 4:
        return partner_table_text(players)
    return sits_out_text(YOU, players)
