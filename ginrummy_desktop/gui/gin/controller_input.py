"""The person's input: moves, selection, the hand's order, and the mouse on the table.

Every move (draw, pass, discard, knock) goes through ``play`` to the engine; a refused one
shows the engine's reason and the table springs the card back. ``accepts`` answers, per card
while it is dragged, whether a zone takes it. Sorting the hand (by rank, suit or melds; the
automatic sort keeps melds together) is here too. Methods of ``GinController``
(``controller.py`` binds them to the class).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.cards import SUITS, Card
from ginrummy_desktop.engine.gin.melds import best_arrangement, min_deadwood
from ginrummy_desktop.engine.translation import mark, tr
from ginrummy_desktop.gui.gin.controller_undo import _Undo
from ginrummy_desktop.gui.gin.display import HUMAN
from ginrummy_desktop.gui.gin.table_layout import ZONE_DISCARD, ZONE_HAND, ZONE_KNOCK
from ginrummy_desktop.gui.table.layout import insertion_index

if TYPE_CHECKING:
    from ginrummy_desktop.gui.gin.controller import GinController


SORTS = ("rank", "suit", "melds")
# What the status line says after a sort, by sort (``tr`` where shown).
SORTED_TEXT = {"rank": mark("Sorted by rank"), "suit": mark("Sorted by suit"),
               "melds": mark("Sorted by melds")}


def sort_cards(cards: list[Card] | tuple[Card, ...], how: str) -> list[Card]:
    """Order a hand by rank, by suit, or melds first (grouped) and deadwood last, highest last."""
    if how == "rank":
        return sorted(cards, key=lambda c: (c.rank, SUITS.index(c.suit)))
    if how == "suit":
        return sorted(cards, key=lambda c: (SUITS.index(c.suit), c.rank))
    if how == "melds":
        arrangement = best_arrangement(list(cards))
        ordered: list[Card] = []
        for meld in sorted(arrangement.melds, key=lambda m: (SUITS.index(m[0].suit), m[0].rank)):
            ordered.extend(sorted(meld, key=lambda c: (c.rank, SUITS.index(c.suit))))
        ordered.extend(sorted(arrangement.deadwood,
                              key=lambda c: (c.points, c.rank, SUITS.index(c.suit))))
        return ordered
    raise ValueError(f"unknown sort {how!r}; choose rank, suit or melds")


def keep_melds_together(order: list[Card], melds: tuple[tuple[Card, ...], ...] | list
                        ) -> list[Card]:
    """``order`` with each meld's cards pulled together where its first card stands (in the
    meld's own order), so an automatically sorted hand shows every meld as one group."""
    meld_of = {card: i for i, meld in enumerate(melds) for card in meld}
    placed: set[int] = set()
    grouped: list[Card] = []
    for card in order:
        index = meld_of.get(card)
        if index is None:
            grouped.append(card)
        elif index not in placed:
            placed.add(index)
            members = set(melds[index])
            grouped.extend(c for c in order if c in members)
    return grouped


def auto_sorted(cards: list[Card] | tuple[Card, ...], how: str) -> list[Card]:
    """The automatic sort: ``sort_cards`` with the best arrangement's melds kept together."""
    ordered = sort_cards(cards, how)
    if how == "melds" or not ordered:
        return ordered
    return keep_melds_together(ordered, best_arrangement(list(ordered)).melds)


def play(self: GinController, action: Action) -> bool:
    """Apply the player's action; on refusal show why and spring the table back."""
    if self.session is None or self.reveal is not None:
        return False
    if self.session.over or self.resigned:
        self._refuse(tr("the match is over: start a rematch or a new match from the Game "
                        "menu"))
        return False
    if self.session.to_move() != HUMAN:
        if self.watching:
            self._refuse(tr("{watching} (Space skips ahead)").format(
                watching=self._watch_text()))
        else:
            self._refuse(tr("it is {name}'s turn: wait for their move").format(
                name=self.name_of(self.session.to_move())))
        return False
    before = self.session.snapshot() if self.undo_on else None
    old_hand = set(self.view().hand)
    undo = _Undo(before, list(self.hand_order), self.drawn, self.locked,
                 len(self.moves)) if before else None

    def played() -> None:  # at once offline; online when the referee confirms the move
        if undo is not None:
            self._undo.append(undo)
        self.selected = None
        self.last_hint = None
        self._after_move(HUMAN, action, old_hand)
        self.action_applied.emit(HUMAN, action)
    try:
        self.loop.play(HUMAN, action, then=played)
    except IllegalActionError as error:
        self._refuse(str(error))
        return False
    self.changed.emit()
    return True


def _refuse(self: GinController, reason: str) -> None:
    text = reason[:1].upper() + reason[1:]
    self.message.emit(text, "warning")
    self.table.refresh()


def _by_kind(self: GinController, kind: str) -> Action:
    """The legal action of ``kind`` (the engine may name the card, e.g. the pile's top);
    when there is none, a bare action that the engine will refuse with its reason."""
    if self.session is not None:
        for action in self.view().legal_actions:
            if action.kind == kind:
                return action
    return Action(kind)


def draw_stock(self: GinController) -> bool:
    return self.play(self._by_kind("draw_stock"))


def draw_discard(self: GinController) -> bool:
    return self.play(self._by_kind("draw_discard"))


def pass_upcard(self: GinController) -> bool:
    return self.play(self._by_kind("pass"))


def discard(self: GinController, card: Card) -> bool:
    return self.play(Action("discard", card))


def knock(self: GinController, card: Card | None = None) -> bool:
    """Knock (or gin / big gin, whichever is legal) discarding ``card``.

    Without a card, the discard that leaves the least deadwood is chosen among the legal
    knocks, using the meld solver.
    """
    if self.session is None:
        return False
    legal = self.view().legal_actions
    if any(a.kind == "big_gin" for a in legal) and card is None:
        return self.play(self._by_kind("big_gin"))
    outs = [a for a in legal if a.kind in ("gin", "knock")]
    if card is None:
        if not outs:
            reason = tr("you can knock only after drawing, with deadwood at or under the "
                        "knock limit ({limit})").format(limit=self.view().knock_limit)
            self._refuse(reason)
            return False
        hand = list(self.view().hand)
        best = min(outs, key=lambda a: (a.kind != "gin", min_deadwood(
            [c for c in hand if c != a.card])))
        return self._knock_if_confirmed(best)
    for kind in ("gin", "knock"):
        if Action(kind, card) in legal:
            return self._knock_if_confirmed(Action(kind, card))
    return self.play(Action("knock", card))  # the engine explains why not


def _knock_if_confirmed(self: GinController, action: Action) -> bool:
    if action.kind == "knock" and self.confirm_knock is not None \
            and not self.confirm_knock(action):
        self.message.emit(tr("You did not knock: play on"), "info")
        self.table.refresh()
        return False
    return self.play(action)


def select(self: GinController, card: Card | None) -> None:
    self.selected = None if card == self.selected else card
    self._refresh()


def move_selection(self: GinController, step: int) -> None:
    if not self.hand_order:
        return
    if self.selected not in self.hand_order:
        index = 0 if step > 0 else len(self.hand_order) - 1
    else:
        index = (self.hand_order.index(self.selected) + step) % len(self.hand_order)
    self.selected = self.hand_order[index]
    self._refresh()


def shift_selected(self: GinController, step: int) -> None:
    """Move the selected card left or right within the hand (keyboard reordering)."""
    if self.selected not in self.hand_order:
        return
    index = self.hand_order.index(self.selected)
    target = max(0, min(len(self.hand_order) - 1, index + step))
    self.reorder(self.selected, target)


def discard_selected(self: GinController) -> bool:
    if self.selected is None:
        self.message.emit(tr("Select a card first: use the arrow keys or click a card"),
                          "info")
        return False
    return self.discard(self.selected)


def reorder(self: GinController, card: Card, index: int) -> None:
    if card not in self.hand_order:
        return
    self.hand_order.remove(card)
    self.hand_order.insert(max(0, min(index, len(self.hand_order))), card)
    self._refresh()


def sort_hand(self: GinController, how: str) -> None:
    # With auto-sort on, a chosen sort keeps melds together too (it is the sort to come).
    self.hand_order = (auto_sorted if self.auto_sort else sort_cards)(self.hand_order, how)
    self.sort_how = how
    self._refresh()
    self.message.emit(tr(SORTED_TEXT[how]), "info")


def toggle_fan(self: GinController) -> None:
    self.fan_discard = not self.fan_discard
    self._refresh()


def drop(self: GinController, item: Any, zone: str, centre_x: float) -> None:
    """A card was dragged and released over ``zone`` (or nowhere)."""
    key = item.key
    if self.reveal is not None:
        self.table.refresh()
        return
    in_hand = isinstance(key, Card) and key in self.hand_order
    from_stock = isinstance(key, tuple) and key[:1] == ("stock",)
    from_pile = isinstance(key, Card) and key in self.view().discard_pile
    if in_hand and zone == ZONE_DISCARD:
        self.discard(key)
    elif in_hand and zone == ZONE_KNOCK:
        self.knock(key)
    elif in_hand and zone == ZONE_HAND:
        centres = [x for c, x in zip(self.hand_order, self.table.hand_centres(),
                                     strict=False) if c != key]
        self.reorder(key, insertion_index(centres, centre_x))
    elif from_stock and zone == ZONE_HAND:
        self.draw_stock()
    elif from_pile and zone == ZONE_HAND:
        self.draw_discard()
    else:
        self.message.emit(tr("Drop cards on the discard pile, the knock area or your hand"),
                          "info")
        self.table.refresh()


def accepts(self: GinController, zone: str, item: Any) -> bool:
    """May this dragged card go to ``zone`` now? Asked of the engine's legal actions, per
    card, while dragging (the zone lights up only then)."""
    if self.session is None:
        return False
    key = item.key
    in_hand = isinstance(key, Card) and key in self.hand_order
    if zone == ZONE_HAND and in_hand:
        return True  # reordering is always allowed
    if self.reveal is not None or self.resigned:
        return False
    legal = self.view().legal_actions
    if in_hand and zone == ZONE_DISCARD:
        return Action("discard", key) in legal
    if in_hand and zone == ZONE_KNOCK:
        return Action("knock", key) in legal or Action("gin", key) in legal
    if zone == ZONE_HAND and isinstance(key, tuple) and key[:1] == ("stock",):
        return any(a.kind == "draw_stock" for a in legal)
    if zone == ZONE_HAND and isinstance(key, Card) and key in self.view().discard_pile:
        return any(a.kind == "draw_discard" for a in legal)
    return False


def click(self: GinController, item: Any) -> None:
    key = item.key
    if self.reveal is not None:
        return
    view = self.view()
    if isinstance(key, tuple) and key[:1] == ("stock",):
        self.draw_stock()
    elif isinstance(key, Card) and view.discard_pile and key == view.discard_pile[-1] \
            and key not in self.hand_order:
        if self.fan_discard:
            self.toggle_fan()
        else:
            self.draw_discard()
    elif isinstance(key, Card) and key in view.discard_pile:
        self.toggle_fan()
    elif isinstance(key, Card) and key in self.hand_order:
        self.select(key)


def double_click(self: GinController, item: Any) -> None:
    if isinstance(item.key, Card) and item.key in self.hand_order:
        self.discard(item.key)
