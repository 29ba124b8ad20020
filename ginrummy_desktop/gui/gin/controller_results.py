"""The end of a hand and of the match: the result on the table, both tables of a partnership
deal, dealing on after a hand, resigning.

Methods of ``GinController`` (``controller.py`` binds them to the class).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ginrummy_desktop.engine.gin.results import HandResult, describe_hand
from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.engine.wording import names_together
from ginrummy_desktop.gui.gin.display import HUMAN

if TYPE_CHECKING:
    from ginrummy_desktop.gui.gin.controller import GinController


def _hand_ended(self: GinController, record: dict[str, Any]) -> None:
    """A hand record arrived: show the result, or (a partnership's first table) keep the
    person's result on the felt while the other table is played."""
    assert self.session is not None
    result = self.session.last_result
    if self.partner_table_running:
        if record.get("table") == 0:
            self._watch_partner_table()
        return  # the other table's dead hand: it is dealt again and played on
    if self.players == 4 and record.get("table") == 1 and self.my_table is not None:
        self.deal_results = (self.my_table, result) if result is not None else ()
        self.reveal = None
        self._show_hand_result(self.my_table)
        return
    self.deal_results = (result,) if result is not None else ()
    self._show_hand_result(result)


def deal_outcome_text(self: GinController, last: bool = False) -> str:
    """What the partnership deal just shown scored, from the engine's team scores:
    "This deal: you and Bo score 12", or "This deal: no score, the tables cancel out"
    (``last``: "Last deal: ...", under the match-over panel)."""
    scores = self.view().scores
    for members in self.sides():
        before = self.deal_start_scores[members[0]] if self.deal_start_scores else 0
        gained = scores[members[0]] - before
        if not gained:
            continue
        if HUMAN in members:
            partner = next((self.name_of(seat) for seat in members if seat != HUMAN), "?")
            text = tr("Last deal: you and {partner} score {points}") if last \
                else tr("This deal: you and {partner} score {points}")
            return text.format(partner=partner, points=gained)
        team = names_together([self.name_of(seat, you=True) for seat in members])
        text = tr("Last deal: {team} score {points}") if last \
            else tr("This deal: {team} score {points}")
        return text.format(team=team, points=gained)
    return tr("Last deal: no score, the two tables cancel out") if last \
        else tr("This deal: no score, the two tables cancel out")


def _watch_partner_table(self: GinController) -> None:
    """Show the person's table result while the loop plays the other table unpaced."""
    assert self.session is not None
    self.my_table = self.session.table_results[0]
    self.deal_start_scores = self.view().scores  # the deal is scored after both tables
    self.reveal = self.my_table
    self.fast_forward = True
    self.drawn = self.locked = self.selected = None
    self._refresh()
    mine = describe_hand(self.my_table, self.seat_names(you=True))
    self.prompt.emit(tr("Your table: {result}. {others}…").format(
        result=mine, others=self._watch_text()), "info")
    self._schedule_bot()


def _show_hand_result(self: GinController, result: HandResult | None) -> None:
    if result is None:
        return
    self.reveal = result
    self.drawn = self.locked = self.selected = None
    self.fan_discard = False
    self._refresh()
    self.hand_over.emit(result)
    if self.session is not None and self.session.over:
        self.match_over.emit()


def continue_after_hand(self: GinController) -> None:
    """The player dismissed the end-of-hand panel: deal the next hand."""
    if self.reveal is None or self.session is None or self.session.over:
        return
    self.reveal = None
    self.my_table = None
    self.deal_results = ()
    self.hand_order = []
    self._begin_hand(deal=True)


def resign(self: GinController) -> bool:
    """End the match now as the person's loss (``match_over`` records it)."""
    if self.session is None or self.session.over or self.resigned:
        return False
    self.stop()
    self.resigned = True
    self.reveal = None
    self.selected = None
    self._refresh()
    self.prompt.emit(self.resign_text(), "info")
    self.match_over.emit()
    return True


def resign_text(self: GinController) -> str:
    """"You resigned: Ada wins the match" (partnerships: the other team wins; three
    players: nobody else is named the winner)."""
    if self.players == 3:
        return tr("You resigned the match")
    other = 1 - self.person_side()
    if len(self.sides()[other]) > 1:
        return tr("You resigned: {team} win the match").format(team=self.side_name(other))
    return tr("You resigned: {name} wins the match").format(name=self.side_name(other))
