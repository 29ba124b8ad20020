"""The move log, the prompts and the calls of the play.

Each move and score of the hand in play becomes a sentence of the move log; the status line says
whose turn it is and what to do (the person's "Go" is said and played for them); a call of the
play flashes and moves a peg once its card has landed. Methods of ``CribbageController``
(``controller.py`` binds them to the class).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ginrummy_desktop.engine.cards import card_text, cards_text
from ginrummy_desktop.engine.cribbage import ScoreEvent
from ginrummy_desktop.engine.cribbage import words as crib_words
from ginrummy_desktop.engine.cribbage.observation import (
    DEAL_CUT,
)
from ginrummy_desktop.engine.translation import tr, tr_ctx
from ginrummy_desktop.gui.cribbage.display import (
    STAGE_CUT,
    STAGE_DISCARD,
    STAGE_PLAY,
)

if TYPE_CHECKING:
    from ginrummy_desktop.gui.cribbage.controller import CribbageController

# The pause before the person's automatic go (ms at "normal" speed, scaled by the animation
# speed); the pause before the opponent's moves is the turn loop's.
AUTO_GO_PAUSE_MS = 700


def _log(self: CribbageController, line: str) -> None:
    self.moves.append(line)
    self.moves_changed.emit()


def _greet_hand(self: CribbageController) -> None:
    self.moves = []  # a new hand (or the cut for the deal): a fresh log
    self.moves_changed.emit()
    if self.match.phase == DEAL_CUT:
        self.table.announce(crib_words.CUT_FOR_DEAL, self.human, quiet=True)
        return
    self.published.setdefault(self.match.hand_number, self.match.commitment)
    dealer = self.match.dealer
    text = crib_words.deal_text(self.match.hand_number, self.speaker(dealer))
    self.table.announce(text, dealer, quiet=True)


def _next_turn(self: CribbageController) -> None:
    """Ask the opponent to move, say go for the person, or wait for the person."""
    match = self.match
    if match.over or self._stage not in (STAGE_DISCARD, STAGE_PLAY, STAGE_CUT) or \
            self._cut_result:
        return
    seat = match.to_move()
    if seat == self.bot_seat:
        self.table.status.clear_prompt()  # the person has nothing to do meanwhile
        self.loop.kick()
    elif seat == self.human and self._stage == STAGE_CUT:
        if self._tie and not self._round_log:  # equal cards: say so with the prompt
            text = crib_words.cut_again_prompt(self._tie[0][2], self._tie[1][2])
        else:
            text = crib_words.cut_prompt(match.phase == DEAL_CUT)
        self._say(text, "turn")
    elif seat == self.human:
        legal = match.legal_actions(self.human)
        if len(legal) == 1 and legal[0].kind == "go":
            self._say(
                tr("None of your cards fits under 31 (the count is {count}): Go.").format(
                    count=match.count),
                "info",
            )
            self.table.announce(tr_ctx("cribbage call", "Go"), self.human)
            self._later(self._auto_go, AUTO_GO_PAUSE_MS)
        elif self._stage == STAGE_DISCARD:
            self._say(self._discard_prompt(), "turn")
        else:
            self._say(
                tr("Your turn (count {count}): double-click a card or drag it to the play "
                   "area (keys: arrows, Enter).").format(count=match.count),
                "turn",
            )


def _discard_prompt(self: CribbageController) -> str:
    """What to do next in the discard: choose two cards, then confirm them."""
    whose = crib_words.crib_owner(self.speaker(self.match.dealer), start=False)
    if len(self._pending) == 2:
        return tr("Send {cards} to {whose}: press Send to crib (Enter), or click a raised "
                  "card to change your mind.").format(cards=cards_text(self._pending),
                                                       whose=whose)
    if len(self._pending) == 1:
        return tr("{card} is chosen for {whose}: choose one more card (click it, or arrows "
                  "and Space).").format(card=card_text(self._pending[0]), whose=whose)
    return tr("Choose two cards for {whose} (click them, or arrows and Space), then press "
              "Send to crib (Enter).").format(whose=whose)


def _auto_go(self: CribbageController) -> None:
    legal = self.match.legal_actions(self.human)
    if len(legal) == 1 and legal[0].kind == "go":
        self._apply(self.human, legal[0])


def _announce_when_landed(self: CribbageController, event: ScoreEvent) -> None:
    """Flash and peg a call of the play once the card is in place (instant: at once)."""
    animator = self.table.animator
    if animator.instant and not animator.busy:
        self._announce_event(event)
    else:
        animator.when_idle(self._guarded(lambda: self._announce_event(event)))


def _announce_event(self: CribbageController, event: ScoreEvent) -> None:
    who = self.speaker(event.seat)
    if event.points:
        words = event.text  # the engine's words in the chosen language (records: English)
        self.table.announce(words, event.seat)
        self.table.board.peg(event.seat, event.points, words)
        self._say(crib_words.scored_text(who, words),
                  "success" if event.seat == self.human else "info")
        self._log(crib_words.scored_text(who, words).removesuffix("."))
