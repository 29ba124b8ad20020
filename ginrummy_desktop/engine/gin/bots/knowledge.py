"""What a seat can know about a hand, read only from its own observation.

Every bot builds a ``Knowledge`` from the observation: its hand as a mask, the cards each
opponent is known to hold (taken from the discard pile and not thrown back), the cards each
opponent declined (upcards passed, tops left behind when drawing from the stock) and threw, and
the ``unseen`` cards (in an opponent's hand or in the stock: nobody can tell which).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card, cards_mask

FULL_MASK = (1 << 52) - 1
DRAW_KINDS = ("draw_stock", "draw_discard")
DISCARD_KINDS = ("discard", "knock", "gin")


def event_field(event: Any, name: str) -> Any:
    """Read ``name`` from a history event, whether it is a mapping or an object."""
    if isinstance(event, dict):
        return event.get(name)
    return getattr(event, name, None)


def card_bit(card: Card | None) -> int:
    return 0 if card is None else 1 << card.index


@dataclass(slots=True)
class Knowledge:
    """The public picture of the hand from one seat's point of view."""

    seat: int
    hand: int
    top: int  # the discard pile's top card as a mask (0 when empty)
    pile: int  # every card in the discard pile
    opponent_known: int  # cards some opponent took from the pile and still holds
    opponent_passed: int  # cards an opponent declined
    opponent_discarded: int  # cards an opponent threw
    unseen: int  # not in my hand, not in the pile, not known in an opponent's hand
    stock_size: int
    my_turns: int  # how many times I have drawn this hand
    opponent_turns: int
    taken_upcard: int  # the card I just took from the pile (must not go straight back), or 0
    just_drew: int  # the card I just drew (either source) when visible, or 0
    my_draw_discard_pairs: set[int] = field(default_factory=set)
    # Every completed turn of the opponent, oldest first: (the upcard it took as a mask, or 0
    # when it drew from the stock, and which it was not allowed to throw; the upcard it
    # declined by drawing from the stock, or 0; the card index it threw).
    opponent_turn_log: tuple[tuple[int, int, int], ...] = ()


def _pile_before_each_event(history: Sequence[Any], final_pile: Sequence[Card]) -> list[list[Card]]:
    """The discard pile as it stood before every event, found by undoing events from the end."""
    pile = list(final_pile)
    before: list[list[Card]] = [[] for _ in history]
    for position in range(len(history) - 1, -1, -1):
        event = history[position]
        kind = event_field(event, "kind")
        card = event_field(event, "card")
        if kind in DISCARD_KINDS and card is not None and pile and pile[-1] == card:
            pile.pop()
        elif kind == "draw_discard" and card is not None:
            pile.append(card)
        before[position] = list(pile)
    return before


def read_knowledge(observation: Any) -> Knowledge:
    """Build the seat's ``Knowledge`` from its observation alone."""
    seat = observation.seat
    hand = cards_mask(observation.hand)
    pile_cards = list(observation.discard_pile)
    history = list(getattr(observation, "history", ()) or ())
    piles = _pile_before_each_event(history, pile_cards)
    opponent_known = opponent_passed = opponent_discarded = 0
    my_turns = opponent_turns = 0
    taken_upcard = just_drew = 0
    pending_draw = 0
    pairs: set[int] = set()
    opponent_pending_taken = opponent_pending_declined = 0
    turn_log: list[tuple[int, int, int]] = []
    for position, event in enumerate(history):
        kind = event_field(event, "kind")
        actor = event_field(event, "seat")
        bit = card_bit(event_field(event, "card"))
        top_before = card_bit(piles[position][-1]) if piles[position] else 0
        mine = actor == seat
        if kind in DRAW_KINDS:
            if mine:
                my_turns += 1
                pending_draw = bit
            else:
                opponent_turns += 1
                opponent_pending_taken = bit if kind == "draw_discard" else 0
                opponent_pending_declined = 0 if kind == "draw_discard" else top_before
                if kind == "draw_discard":
                    opponent_known |= bit
                else:
                    opponent_passed |= top_before
        elif kind == "pass" and not mine:
            opponent_passed |= bit or top_before
        elif kind in DISCARD_KINDS:
            if mine:
                if pending_draw:
                    pairs.add(pending_draw | bit)
                pending_draw = 0
            else:
                opponent_known &= ~bit
                opponent_discarded |= bit
                if bit:
                    turn_log.append((opponent_pending_taken, opponent_pending_declined,
                                     bit.bit_length() - 1))
                opponent_pending_taken = opponent_pending_declined = 0
    if history:
        last = history[-1]
        if event_field(last, "seat") == seat and event_field(last, "kind") in DRAW_KINDS:
            just_drew = card_bit(event_field(last, "card"))
            if event_field(last, "kind") == "draw_discard":
                taken_upcard = just_drew
    pile = cards_mask(pile_cards)
    top = card_bit(pile_cards[-1]) if pile_cards else 0
    opponent_known &= ~(hand | pile)
    unseen = FULL_MASK & ~(hand | pile | opponent_known)
    return Knowledge(
        seat=seat,
        hand=hand,
        top=top,
        pile=pile,
        opponent_known=opponent_known,
        opponent_passed=opponent_passed & ~hand,
        opponent_discarded=opponent_discarded,
        unseen=unseen,
        stock_size=int(getattr(observation, "stock_size", 31) or 0),
        my_turns=my_turns,
        opponent_turns=opponent_turns,
        taken_upcard=taken_upcard,
        just_drew=just_drew,
        my_draw_discard_pairs=pairs,
        opponent_turn_log=tuple(turn_log),
    )


def legal_by_kind(legal_actions: Sequence[Action]) -> dict[str, list[Action]]:
    """Group the legal actions by kind, keeping their order."""
    grouped: dict[str, list[Action]] = {}
    for action in legal_actions:
        grouped.setdefault(action.kind, []).append(action)
    return grouped
