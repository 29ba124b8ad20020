"""The cuts: the pack spread for the cut for the deal and for the starter.

The person clicks a card of the spread pack (or picks a depth with the arrow keys and Enter) and
the engine takes that depth; the opponent's cut comes through the turn loop. The cut for the
deal ends on both cards face up with "Low card deals: …" and a Deal button; the starter flies
from the cut to the deck. Methods of ``CribbageController`` (``controller.py`` binds them to the
class).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cribbage import words as crib_words
from ginrummy_desktop.engine.cribbage.cuts import cut_depths
from ginrummy_desktop.engine.cribbage.observation import (
    DEAL_CUT,
)
from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.gui.cribbage.display import (
    STAGE_CUT,
)

if TYPE_CHECKING:
    from ginrummy_desktop.gui.cribbage.controller import CribbageController


def cut(self: CribbageController, depth: int) -> bool:
    """The person cuts the spread pack at ``depth`` (the engine refuses a depth that
    leaves fewer than four cards in a packet, and says so)."""
    if self._stage != STAGE_CUT or self._cut_result or self.match.to_move() != self.human:
        return False
    return self._apply(self.human, Action("cut", points=int(depth)))


def _cut_bounds(self: CribbageController) -> tuple[int, int]:
    """The depths the engine allows for the pack spread now (first, last)."""
    legal = [a.points for a in self.match.legal_actions(self.match.to_move() or 0)
             if a.kind == "cut" and a.points is not None]
    if not legal:
        depths = cut_depths(self.match.pack_size)
        return (depths.start, depths.stop - 1) if len(depths) else (0, -1)
    return min(legal), max(legal)


def _move_cut_focus(self: CribbageController, step: int) -> None:
    low, high = self._cut_bounds()
    if high < low:
        return
    if self._cut_focus is None:
        self._cut_focus = (low + high) // 2
    else:
        span = high - low + 1
        self._cut_focus = low + (self._cut_focus - low + step) % span
    self._refresh()


def _cut_at_focus(self: CribbageController) -> None:
    if self._cut_result:
        self.continue_game()
        return
    low, high = self._cut_bounds()
    depth = self._cut_focus if self._cut_focus is not None else (low + high) // 2
    self.cut(depth)


def _absorb_cut(self: CribbageController) -> bool:
    """Present a cut; True when it is fully handled (False: the starter is up, the play
    goes on as after any move)."""
    match = self.match
    seat, depth = self._last_cut or (self.human, 0)
    self._last_cut = None
    self._cut_focus = None
    if match.phase == DEAL_CUT or match.hand_number == 1 and not self._hand_seen:
        cuts = match.view(self.human).deal_cuts
        if match.phase == DEAL_CUT and len(match.observation(self.human).deal_cuts) == 1:
            card = match.observation(self.human).deal_cuts[0][1]
            self._round_log = [(seat, depth, card)]
            self._tie = ()
            self._say(crib_words.cuts_text(self.speaker(seat), card), "info")
        else:
            first, second = cuts[-1]
            assert second is not None
            prior = self._round_log[0] if self._round_log else (0, 0, first)
            finished = (prior, (seat, depth, second))
            self._round_log = []
            if match.phase == DEAL_CUT:  # equal cards: the prompt says so (_next_turn)
                self._tie = finished
            else:
                self._cut_result = finished
                self._tie = ()
                self.table.clear_announcement()  # "Cut for the deal" is done
                dealer = self.speaker(match.dealer)
                text = crib_words.low_card_deals(dealer)
                # Translators: {cuts} are the two cut sentences, {dealer} "Low card deals: Ann".
                self._say(tr("{cuts} {dealer}. Press Deal (Enter).").format(
                    cuts=tr("{first} {second}").format(
                        first=crib_words.cuts_text(self.speaker(0), first),
                        second=crib_words.cuts_text(self.speaker(1), second)),
                    dealer=text), "turn")
        self._refresh()
        self._next_turn()
        return True
    # The starter cut: it flies from the cut to the deck, then the play begins.
    self._starter_from = depth
    if match.starter is not None:
        starter = crib_words.starter_text(self.speaker(seat), self.speaker(match.dealer),
                                          match.starter)
        self._say(starter, "info")
        self._log(starter.removesuffix("."))
    return False
