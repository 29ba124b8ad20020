"""Rebuild a Gin Rummy hand move by move from its record (``deck`` + ``actions``).

Follows the engine's dealing convention: the non-dealer gets ``deck[0]``, ``deck[2]``, ...,
the dealer ``deck[1]``, ``deck[3]``, ...; ``deck[20]`` is the upcard (or the non-dealer's
eleventh card when the rules deal eleven) and the stock is drawn from ``deck[21]`` on.
Pure Python: the replay window only displays the frames.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.storage.records_io import validate_record

# (third person, for "You") wording of each action.
_ACTION_WORDS = {
    "draw_stock": ("draws {card} from the stock", "draw {card} from the stock"),
    "draw_discard": ("takes {card} from the discard pile", "take {card} from the discard pile"),
    "pass": ("passes", "pass"),
    "discard": ("discards {card}", "discard {card}"),
    "knock": ("knocks, discarding {card}", "knock, discarding {card}"),
    "gin": ("goes gin, discarding {card}", "go gin, discarding {card}"),
    "big_gin": ("goes big gin", "go big gin"),
}


@dataclass(frozen=True, slots=True)
class ReplayFrame:
    """The table after ``step`` actions (step 0 is the deal).

    ``hands`` is in ``seats`` order: the non-dealer's hand first, then the dealer's.
    """

    step: int
    seats: tuple[int, int]
    description: str
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    discard_pile: tuple[Card, ...]
    stock_count: int
    actor: int | None = None
    card: Card | None = None


def gin_replay_frames(
    record: dict[str, Any], names: dict[int, str] | None = None
) -> list[ReplayFrame]:
    """Every position of the hand, from the deal to the last action.

    Raises ``ValueError`` when the record is malformed or an action does not fit the cards
    (e.g. discarding a card the player does not hold).
    """
    validate_record(record)
    names = names or {}
    if record["game"] != "gin":
        raise ValueError("only Gin Rummy hands can be replayed move by move")
    deck = [Card.parse(text) for text in (
        record["deck"].split() if isinstance(record["deck"], str) else record["deck"]
    )]
    first, second = _positions(record)
    names = {first: names.get(first, f"Seat {first}"), second: names.get(second, f"Seat {second}")}
    hands: dict[int, list[Card]] = {first: list(deck[0:20:2]), second: list(deck[1:20:2])}
    rules = record.get("rules")
    deal_eleven = isinstance(rules, dict) and bool(rules.get("deal_eleven"))
    discard: list[Card] = []
    if deal_eleven:
        hands[first].append(deck[20])
    else:
        discard.append(deck[20])
    stock_pos = 21
    seats = (first, second)
    deals = "deal" if names[second] == "You" else "deals"
    frames = [_frame(0, f"{names[second]} {deals}", seats, hands, discard, stock_pos, None, None)]
    for step, (seat, kind, card_text) in enumerate(record["actions"], start=1):
        card = Card.parse(card_text) if card_text is not None else None
        if seat not in hands:
            raise ValueError(f"move {step}: seat {seat} is not in this hand")
        hand = hands[seat]
        if kind == "draw_stock":
            if stock_pos >= 52:
                raise ValueError(f"move {step}: the stock is empty")
            card = deck[stock_pos]
            hand.append(card)
            stock_pos += 1
        elif kind == "draw_discard":
            if not discard or (card is not None and discard[-1] != card):
                raise ValueError(f"move {step}: {card} is not on top of the discard pile")
            card = discard.pop()
            hand.append(card)
        elif kind in ("discard", "knock", "gin"):
            if card is None or card not in hand:
                raise ValueError(f"move {step}: {names[seat]} does not hold {card}")
            hand.remove(card)
            discard.append(card)
        elif kind not in ("pass", "big_gin"):
            raise ValueError(f"move {step}: unknown action {kind!r}")
        words = _ACTION_WORDS[kind][names[seat] == "You"].format(card=card)
        frames.append(
            _frame(step, f"{names[seat]} {words}", seats, hands, discard, stock_pos, seat, card)
        )
    return frames


def _positions(record: dict[str, Any]) -> tuple[int, int]:
    """(non-dealer seat, dealer seat)."""
    seats = record.get("seats")
    if isinstance(seats, list) and len(seats) == 2:
        if not all(isinstance(s, int) and s >= 0 for s in seats) or seats[0] == seats[1]:
            raise ValueError("seats must be two different seat numbers")
        return seats[0], seats[1]
    dealer = record.get("dealer", 1)
    if dealer not in (0, 1):
        raise ValueError("dealer must be seat 0 or 1")
    return 1 - dealer, dealer


def _frame(step: int, text: str, seats: tuple[int, int], hands: dict[int, list[Card]],
           discard: list[Card], stock_pos: int, actor: int | None, card: Card | None
           ) -> ReplayFrame:
    return ReplayFrame(
        step, seats, text, (tuple(hands[seats[0]]), tuple(hands[seats[1]])), tuple(discard),
        52 - stock_pos, actor, card,
    )
