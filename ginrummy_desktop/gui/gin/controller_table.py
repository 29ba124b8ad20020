"""What the gin table shows: ``GinController.build_model``, the controller's half of the table.

Mid-hand the model comes from the engine's view of the person's seat (which zones accept a
card come from its legal actions, the score panel's lines from its scores); at the end of a
hand, from the hand's result (``_reveal_model``: both hands face up in melds, lay-offs marked).
Methods of ``GinController``, written as functions of the controller (``self``);
``controller.py`` binds them to the class, as it does every ``controller_<job>.py`` module's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ginrummy_desktop.engine.cards import SUITS, Card
from ginrummy_desktop.engine.gin.melds import best_arrangement, min_deadwood
from ginrummy_desktop.engine.gin.observation import GinView
from ginrummy_desktop.engine.gin.results import HandResult
from ginrummy_desktop.engine.gin.rules import preset_title
from ginrummy_desktop.engine.translation import tr, tr_ctx
from ginrummy_desktop.gui.gin.display import (
    DRAW_KINDS,
    HUMAN,
    OUT_KINDS,
    GinTableModel,
    RevealedRow,
    meld_kind,
    shown_name,
)
from ginrummy_desktop.gui.gin.table_layout import ZONE_DISCARD, ZONE_HAND, ZONE_KNOCK

if TYPE_CHECKING:
    from ginrummy_desktop.gui.gin.controller import GinController


def _refresh(self: GinController, deal: bool = False, animate: bool = True) -> None:
    if self.fast_forward and self.watching:
        animate = deal = False  # skipping ahead: the cards jump to where they go
    self.table.show(self.build_model(), animate=animate, deal=deal)
    self.changed.emit()


def build_model(self: GinController) -> GinTableModel:
    view = self.view()
    if self.reveal is not None:
        return self._reveal_model(self.reveal)
    legal = view.legal_actions
    kinds = {a.kind for a in legal}
    hand = list(view.hand)
    arrangement = best_arrangement(hand) if hand else None
    accepting = set()
    if "discard" in kinds or kinds & set(OUT_KINDS):
        accepting.add(ZONE_DISCARD)
    if kinds & set(OUT_KINDS):
        accepting.add(ZONE_KNOCK)
    if kinds & set(DRAW_KINDS):
        accepting.add(ZONE_HAND)
    accepting.add(ZONE_HAND)  # reordering is always allowed
    top_hidden = view.opponent_hand_size - len(view.known_opponent_cards)
    top_known = view.known_opponent_cards
    bottom_hidden = 0
    bottom_known: tuple[Card, ...] = ()
    top_name, bottom_name = shown_name(self.name_of(view.opponent)), ""
    if self.watching:  # both players' hands face down, their pile cards face up
        top_known, bottom_known = view.known_cards
        top_hidden = view.hand_sizes[0] - len(top_known)
        bottom_hidden = view.hand_sizes[1] - len(bottom_known)
        top_name, bottom_name = (shown_name(self.name_of(s)) for s in view.in_hand)
    if self.players == 2:
        top_name = bottom_name = ""  # one opponent: the score panel names them
    return GinTableModel(
        hand_order=tuple(self.hand_order),
        melds=arrangement.melds if arrangement else (),
        deadwood_points=arrangement.deadwood_points if arrangement else 0,
        opponent_hidden=top_hidden,
        opponent_known=top_known,
        bottom_hidden=bottom_hidden,
        bottom_known=bottom_known,
        top_name=top_name,
        bottom_name=bottom_name,
        discard_pile=view.discard_pile,
        stock_size=view.stock_size,
        drawn=self.drawn,
        locked=self.locked,
        selected=self.selected,
        accepting=frozenset(accepting),
        stock_draggable="draw_stock" in kinds,
        discard_draggable="draw_discard" in kinds,
        fan_discard=self.fan_discard,
        # After resigning, the panel over the middle says the score: the piles and the
        # score panel would only show around (or through) its edges.
        show_piles=not self.resigned,
        knock_label=self.knock_label(),
        score_title=self._score_title(),
        score_lines=tuple(self._score_lines(view, arrangement)),
        commitment=view.commitment,
    )


def _score_title(self: GinController) -> str:
    rules = self.rules
    # Translators: the score panel's title: the rules preset and the match target.
    return tr("{preset} · to {target}").format(preset=preset_title(rules.preset),
                                                target=rules.target)


def _score_lines(self: GinController, view: GinView, arrangement: Any
                 ) -> list[tuple[str, str, bool]]:
    dealer = view.dealer
    lines: list[tuple[str, str, bool]] = []
    if self.players == 4:  # team scores; the person's table is named below
        for side, members in enumerate(self.sides()):
            moving = view.to_move in members
            lines.append((("● " if moving else "") + self.side_name(side),
                          str(view.scores[members[0]]), True))
        if view.opponent is not None:
            lines.append((tr("Your table"), tr("vs {name}").format(
                name=shown_name(self.name_of(view.opponent))), False))
    else:
        for seat in range(self.players):
            name = shown_name(self.name_of(seat))
            if seat in view.sitting_out:
                # Translators: the score panel: a player who sits out this hand.
                name = tr("{name}  (out)").format(name=name)
            elif dealer == seat and self.players == 2:
                name = tr("{name}  (dealer)").format(name=name)
            lines.append((("● " if view.to_move == seat else "") + name,
                          str(view.scores[seat]), True))
    lines.append((tr("Knock limit"), tr("gin only") if view.knock_limit == 0
                  else str(view.knock_limit), False))
    if arrangement is not None:
        if len(view.hand) == 11:
            lines.append((tr("Deadwood after discard"), str(min_deadwood(list(view.hand))),
                          False))
        else:
            lines.append((tr("Your deadwood"), str(arrangement.deadwood_points), False))
    deals = getattr(self.session, "deals_scored", None)
    if self.players == 4 and deals is not None:  # a deal is two tables' hands
        # Translators: the score panel: the number of the deal in play.
        lines.append((tr_ctx("score panel", "Deal"), str(deals + 1), False))
    else:
        # Translators: the score panel: the number of the hand in play.
        lines.append((tr_ctx("score panel", "Hand"), str(view.hand_number + 1), False))
    if self.setup.practice:  # undo is allowed and the match is not counted as rated
        lines.append((tr("Practice game"), tr("undo on"), True))
    return lines


def knock_label(self: GinController) -> str:
    kinds = {a.kind for a in self.view().legal_actions} if self.session else set()
    if "big_gin" in kinds:
        return tr("Big Gin!")
    if "gin" in kinds:
        return tr("Gin! Drop a card here")
    if "knock" in kinds:
        return tr("Knock: drop your discard here")
    return tr("Knock area")


def _reveal_model(self: GinController, result: HandResult) -> GinTableModel:
    hands = {h.seat: h for h in result.hands}
    # The person's cards at the bottom; a hand they watched shows its dealer there.
    bottom_seat = HUMAN if HUMAN in hands else result.hands[-1].seat
    top_seat = next((h.seat for h in result.hands if h.seat != bottom_seat), bottom_seat)
    mine, theirs = hands.get(bottom_seat), hands.get(top_seat)

    def row(hand: Any, knocker_hand: Any | None) -> RevealedRow:
        if hand is None:
            return RevealedRow((), 0)
        groups = [list(m) for m in hand.melds]
        laid: set[Card] = set()
        if knocker_hand is None:  # this is the knocker: append the defender's lay-offs
            other = theirs if hand is mine else mine
            for card, index in (other.layoffs if other else ()):
                if 0 <= index < len(groups):
                    groups[index].append(card)
                    laid.add(card)
            groups = [sorted(g, key=lambda c: (c.rank, SUITS.index(c.suit))) for g in groups]
        laid_off = {c for c, _ in hand.layoffs}
        deadwood = [c for c in hand.deadwood if c not in laid_off]
        # Translators: a meld's label at the end of a hand when the defender laid off on it.
        labels = tuple(tr("{meld} + lay-off").format(meld=meld_kind(g)) if laid & set(g)
                       else meld_kind(g) for g in groups)
        return RevealedRow(tuple(tuple(g) for g in groups) + (tuple(deadwood),),
                           len(groups), frozenset(laid), labels)

    knocker = result.knocker
    knocker_hand = None if knocker is None else hands.get(knocker)
    top = row(theirs, None if knocker == top_seat else knocker_hand)
    bottom = row(mine, None if knocker == bottom_seat else knocker_hand)
    if result.kind == "draw":
        top = RevealedRow((tuple(theirs.cards),) if theirs else (), 0)
        bottom = RevealedRow((tuple(mine.cards),) if mine else (), 0)
    several = self.players > 2
    return GinTableModel(reveal_top=top, reveal_bottom=bottom, show_piles=False,
                         score_title=self._score_title(),
                         top_name=shown_name(self.name_of(top_seat)) if several else "",
                         bottom_name=shown_name(self.name_of(bottom_seat)) if several
                         else "")
