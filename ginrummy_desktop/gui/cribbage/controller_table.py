"""What the table shows: the ``CribbageDisplay`` built from the engine's view and where the
presentation is (a cut, the discard, the play, a show being counted), and the status line's
messages. Methods of ``CribbageController`` (``controller.py`` binds them to the class).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.cribbage import words as crib_words
from ginrummy_desktop.engine.cribbage.observation import (
    DEAL_CUT,
    OVER,
)
from ginrummy_desktop.engine.cribbage.scoring import ShowScore
from ginrummy_desktop.engine.translation import tr, tr_ctx
from ginrummy_desktop.gui.cribbage.display import (
    STAGE_CUT,
    STAGE_DISCARD,
    STAGE_OVER,
    STAGE_SHOW,
    CribbageDisplay,
    GameResult,
)

if TYPE_CHECKING:
    from ginrummy_desktop.gui.cribbage.controller import CribbageController


def _move_refused(self: CribbageController, _seat: int, text: str) -> None:
    self._say(text, "warning")
    self._refresh()


def _say(self: CribbageController, text: str, kind: str) -> None:
    """A "turn" message is the standing prompt (what to do now); every other message is
    a notice shown beside it, so "Computer plays 5" never hides what to do next."""
    if kind == "turn":
        self.table.status.show_prompt(text, kind)
    else:
        self.table.status.show_message(text, kind)


def _refresh(self: CribbageController) -> None:
    self.display = replace(self._build_display(), verifiable=self.dealt_record() is not None,
                           starter_from=self._starter_from)
    self._starter_from = None  # the starter flies from the cut once
    self.table.show_display(self.display)


def _build_display(self: CribbageController) -> CribbageDisplay:
    if self._stage == STAGE_SHOW or (
        self._stage == STAGE_OVER and self._show_steps
    ):
        return self._show_display()
    if self._stage == STAGE_CUT:
        return self._cut_display()
    if self._stage == STAGE_DISCARD:
        return self._discard_display()
    return self._play_display()


def _discard_display(self: CribbageController) -> CribbageDisplay:
    """The hand dealt, the cards chosen for the crib raised in it, and the hint."""
    view = self.match.view(self.human)
    hint_title, hint_lines, hint_cards = self._hint or ("", (), frozenset())
    # Chosen cards stay in their places, raised, until they are sent: nothing moves
    # under the mouse between the first and the second click.
    hand = tuple(view.hand)
    return CribbageDisplay(
        stage=STAGE_DISCARD,
        names=self.names,
        dealer=view.dealer,
        hand=hand,
        pending=tuple(self._pending),
        opponent_hidden=view.opponent_hand_size,
        crib_hidden=view.crib_size,
        starter=None,
        your_turn=view.to_move == self.human,
        can_send=len(self._pending) == 2 and view.to_move == self.human,
        result=self.result(),
        hint_title=hint_title,
        hint_lines=hint_lines,
        hint_cards=hint_cards,
        focus=self._focus if self._focus in hand else None,
    )


def _play_display(self: CribbageController) -> CribbageDisplay:
    """The play (and a game over without a show on the felt): the count in the middle, the
    cards of finished counts turned over in front of the players who played them."""
    view = self.match.view(self.human)
    observation = self.match.observation(self.human)
    played = observation.played
    bounds = self._count_bounds
    current = tuple(observation.current)
    if not current and bounds and (bounds[-2] if len(bounds) > 1 else 0) < bounds[-1]:
        start = bounds[-2] if len(bounds) > 1 else 0
        play = tuple(played[start:bounds[-1]])
        pile_end = start
        # The finished count stays in view until the next card, but the number is the
        # engine's live count (0), as the status line says; the note names the old total.
        total = sum(card.points for _, card in play)
        note = tr("after {total}").format(total=total)
    else:
        play = current
        pile_end = bounds[-1] if bounds else 0
        note = ""
    piles = tuple(
        tuple(card for who, card in played[:pile_end] if who == seat) for seat in (0, 1)
    )
    legal_cards = frozenset(a.card for a in view.legal_actions
                            if a.kind == "play" and a.card is not None)
    return CribbageDisplay(
        stage=self._stage,
        names=self.names,
        dealer=view.dealer,
        hand=view.hand,
        opponent_hidden=view.opponent_hand_size,
        crib_hidden=view.crib_size,
        starter=view.starter,
        play=play,
        count=view.count,
        count_note=note,
        piles=piles,  # type: ignore[arg-type]
        your_turn=view.to_move == self.human,
        playable=legal_cards,
        result=self.result(),
        hint_cards=self._hint[2] if self._hint else frozenset(),
        focus=self._focus if self._focus in view.hand else None,
    )


def _cut_display(self: CribbageController) -> CribbageDisplay:
    """The spread pack (or, after the cut for the deal, the two cards cut)."""
    match = self.match
    view = match.view(self.human)
    for_deal = bool(self._cut_result) or match.phase == DEAL_CUT
    your_cut = match.to_move() == self.human and not self._cut_result
    if for_deal:
        cards = self._cut_result or tuple(self._round_log) or self._tie
        title, spoken = crib_words.CUT_FOR_DEAL, crib_words.CUT_RULE
        if self._cut_result:
            title = crib_words.low_card_deals(self.speaker(match.dealer))
            spoken = " ".join(crib_words.cuts_text(self.speaker(seat), card)
                              for seat, _depth, card in self._cut_result)
        return CribbageDisplay(
            stage=STAGE_CUT,
            names=self.names,
            dealer=view.dealer,
            deck_visible=False,
            show_title=title,
            spoken=spoken,
            your_turn=your_cut,
            continue_label=tr_ctx("button", "Deal") if self._cut_result else "",
            cut_pack=0 if self._cut_result else view.pack_size,
            cut_for_deal=True,
            cut_depths=self._cut_bounds() if your_cut else (0, view.pack_size),
            cut_focus=self._cut_focus if your_cut else None,
            cut_cards=cards,
            cut_commitment=view.cut_commitment,
        )
    return CribbageDisplay(
        stage=STAGE_CUT,
        names=self.names,
        dealer=view.dealer,
        hand=view.hand,
        opponent_hidden=view.opponent_hand_size,
        crib_hidden=view.crib_size,
        deck_visible=False,
        your_turn=your_cut,
        cut_pack=view.pack_size,
        cut_depths=self._cut_bounds() if your_cut else (0, view.pack_size),
        cut_focus=self._cut_focus if your_cut else None,
        cut_commitment=view.commitment,
    )


def _show_display(self: CribbageController) -> CribbageDisplay:
    index = min(self._show_index, len(self._show_steps) - 1)
    step = self._show_steps[index] if self._show_steps else None
    done = self._show_index >= len(self._show_steps)
    starter = self._show_starter
    kept = self._show_kept
    crib = self._show_crib
    show_cards: tuple[Card, ...] = ()
    spoken = ""
    title = ""
    highlighted: frozenset[Card] = frozenset()
    if step is not None:
        show_cards = tuple(step.cards) + ((starter,) if starter else ())
        counted = len(step.items) if done else self._show_items
        shown_items = step.items[:counted]
        spoken = ShowScore(step.items).spoken_after(counted)
        if self._awaiting_count:
            spoken = ""
        if counted and shown_items:
            highlighted = frozenset(shown_items[-1].cards)
        title = crib_words.show_title(self.speaker(step.seat), step.what,
                                 None if self._awaiting_count else step.total)
    in_middle = set(show_cards)
    hand = tuple(c for c in kept.get(self.human, ()) if c not in in_middle)
    opponent = tuple(c for c in kept.get(self.bot_seat, ()) if c not in in_middle)
    crib_cards = tuple(c for c in crib if c not in in_middle)
    over = self.match.over and done
    label = "" if over or not done else tr("Next hand")
    return CribbageDisplay(
        stage=STAGE_OVER if over and self._stage == STAGE_OVER else STAGE_SHOW,
        names=self.names,
        dealer=self._show_dealer,
        hand=hand,
        opponent_shown=opponent,
        crib_shown=crib_cards,
        starter=None,
        show_cards=show_cards,
        show_title=title,
        spoken=spoken,
        highlighted=highlighted,
        continue_label=label,
        ask_count=self._awaiting_count,
        result=self.result() if self._stage == STAGE_OVER else None,
    )


def result(self: CribbageController) -> GameResult | None:
    """How the finished match ended (None until it is over and shown)."""
    match = self.match
    if match.phase != OVER or match.winner is None or self._stage != STAGE_OVER:
        return None
    return GameResult(
        winner=match.winner,
        outcome=match.outcome() or "win",
        scores=(match.scores[0], match.scores[1]),
        game_points=match.game_points(),
    )


def _track_counts(self: CribbageController) -> None:
    """Remember where each count ended, so a finished count stays in view until the next
    card and then turns over in front of the players who played it."""
    if self.match.hand_number != self._hand_seen:
        return
    observation = self.match.observation(self.human)
    completed = len(observation.played) - len(observation.current)
    if completed > (self._count_bounds[-1] if self._count_bounds else 0):
        self._count_bounds.append(completed)
