"""Replay a Gin Rummy hand record move by move through ``GinHand`` (see ``engine.replay``).

The record's deck is dealt the engine's way and its actions applied one by one; the last frame
lays both hands out as the engine scored them (melds, deadwood, lay-offs and score items).
"""

from __future__ import annotations

from typing import Any

from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.cards import Card, card_text
from ginrummy_desktop.engine.deck import verify_commitment
from ginrummy_desktop.engine.gin.hand import GinHand
from ginrummy_desktop.engine.gin.melds import min_deadwood
from ginrummy_desktop.engine.gin.results import HandResult, RevealedHand
from ginrummy_desktop.engine.gin.rules import GinRules
from ginrummy_desktop.engine.replay import ReplayFrame, ShownHand, seat_names, verb

# (you, third person) wording of each action.
_ACTION_WORDS = {
    "draw_stock": ("draw {card} from the stock", "draws {card} from the stock"),
    "draw_discard": ("take {card} from the discard pile", "takes {card} from the discard pile"),
    "pass": ("pass", "passes"),
    "discard": ("discard {card}", "discards {card}"),
    "knock": ("knock, discarding {card}", "knocks, discarding {card}"),
    "gin": ("go gin, discarding {card}", "goes gin, discarding {card}"),
    "big_gin": ("go big gin", "goes big gin"),
}
_RESULT_WORDS = {"knock": ("knock", "knocks"), "gin": ("go gin", "goes gin"),
                 "big_gin": ("go big gin", "goes big gin"),
                 "undercut": ("undercut", "undercuts")}


def gin_replay_frames(
    record: dict[str, Any], names: dict[int, str] | None = None
) -> list[ReplayFrame]:
    """Every position of the hand, from the deal to the scored hands.

    Raises ``ValueError`` when the record is malformed or an action does not replay (e.g.
    discarding a card the player does not hold).
    """
    if not isinstance(record, dict) or record.get("game") != "gin":
        raise ValueError("not a Gin Rummy hand record")
    seats = _positions(record)
    named = seat_names(seats, names)
    try:
        rules = record.get("rules")
        deck_field = record["deck"]
        deck = [Card.parse(text) for text in (
            deck_field.split() if isinstance(deck_field, str) else deck_field)]
        salt = str(record.get("salt", ""))
        hand = GinHand.deal(GinRules.from_dict(rules if isinstance(rules, dict) else {}), deck,
                            salt, seats)
        actions = record["actions"]
        if not isinstance(actions, list):
            raise TypeError("actions must be a list")
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"damaged gin record ({error})") from None
    promised = record.get("commitment")
    if isinstance(promised, str) and not verify_commitment(deck, salt, promised):
        raise ValueError("the deck does not match its commitment (record was altered)")
    frames = [_frame(hand, 0, f"{verb(named[seats[1]], 'deal', 'deals')}", None, None)]
    for step, entry in enumerate(actions, start=1):
        try:
            seat, kind, card_code = entry
            action = Action(kind, None if card_code is None else Card.parse(card_code))
            before = set(hand.hands[hand.position_of(seat)])
            hand.apply(seat, action)
        except (IllegalActionError, ValueError, TypeError, KeyError) as error:
            raise ValueError(f"move {step} does not replay: {error}") from None
        drawn = set(hand.hands[hand.position_of(seat)]) - before
        card = next(iter(drawn)) if kind.startswith("draw") and drawn else action.card
        you, other = _ACTION_WORDS[kind]
        words = verb(named[seat], you, other).format(card=_text(card))
        frames.append(_frame(hand, step, words, seat, card))
    if hand.result is not None:
        frames[-1] = _ending(frames[-1], hand.result, named)
    return frames


def _text(card: Card | None) -> str:
    return "a card" if card is None else card_text(card)


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


def _frame(hand: GinHand, step: int, text: str, actor: int | None, card: Card | None
           ) -> ReplayFrame:
    hands = (tuple(hand.hands[0]), tuple(hand.hands[1]))
    return ReplayFrame(step, (hand.seats[0], hand.seats[1]), text, hands,
                       tuple(hand.discard_pile), hand.stock_size, actor, card,
                       deadwood=(min_deadwood(hands[0]), min_deadwood(hands[1])))


def _ending(frame: ReplayFrame, result: HandResult, named: dict[int, str]) -> ReplayFrame:
    """The last frame with both hands laid out and the score told item by item."""
    from dataclasses import replace

    by_seat = {revealed.seat: revealed for revealed in result.hands}
    shown = tuple(_shown(by_seat[seat]) if seat in by_seat else None for seat in frame.seats)
    if result.kind == "draw":
        scoring: tuple[str, ...] = ("Dead hand: the stock ran out, no score",)
    else:
        assert result.winner is not None and result.knocker is not None
        you, other = _RESULT_WORDS[result.kind]
        if result.kind == "undercut":
            knocker = named[result.knocker]
            whom = "you" if knocker == "You" else knocker
            you, other = f"{you} {whom}", f"{other} {whom}"
        points = result.points
        scoring = (*(str(item) for item in result.items),
                   verb(named[result.winner], f"{you} and score {points}",
                        f"{other} and scores {points}"))
    return replace(frame, shown=(shown[0], shown[1]), scoring=scoring)


def _shown(revealed: RevealedHand) -> ShownHand:
    return ShownHand(seat=revealed.seat, melds=revealed.melds, deadwood=revealed.deadwood,
                     laid_off=tuple(card for card, _meld in revealed.layoffs),
                     summary=f"Deadwood {revealed.deadwood_points}")
