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
from ginrummy_desktop.engine.gin.results import HandResult, RevealedHand, score_item_text
from ginrummy_desktop.engine.gin.rules import GinRules
from ginrummy_desktop.engine.replay import ReplayFrame, ShownHand, seat_names
from ginrummy_desktop.engine.translation import mark, tr
from ginrummy_desktop.engine.wording import is_you, person

# (you, anyone else) wording of each action, translated where a frame is made.
_ACTION_WORDS = {
    "draw_stock": (mark("You draw {card} from the stock"),
                   mark("{name} draws {card} from the stock")),
    "draw_discard": (mark("You take {card} from the discard pile"),
                     mark("{name} takes {card} from the discard pile")),
    "pass": (mark("You pass"), mark("{name} passes")),
    "discard": (mark("You discard {card}"), mark("{name} discards {card}")),
    "knock": (mark("You knock, discarding {card}"), mark("{name} knocks, discarding {card}")),
    "gin": (mark("You go gin, discarding {card}"), mark("{name} goes gin, discarding {card}")),
    "big_gin": (mark("You go big gin"), mark("{name} goes big gin")),
}
_RESULT_WORDS = {
    "knock": (mark("You knock and score {points}"), mark("{name} knocks and scores {points}")),
    "gin": (mark("You go gin and score {points}"), mark("{name} goes gin and scores {points}")),
    "big_gin": (mark("You go big gin and score {points}"),
                mark("{name} goes big gin and scores {points}")),
}


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
    frames = [_frame(hand, 0, person(named[seats[1]], tr("You deal"), tr("{name} deals")),
                     None, None)]
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
        words = person(named[seat], tr(you), tr(other), card=_text(card))
        frames.append(_frame(hand, step, words, seat, card))
    if hand.result is not None:
        frames[-1] = _ending(frames[-1], hand.result, named)
    return frames


def _text(card: Card | None) -> str:
    return tr("a card") if card is None else card_text(card)


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
        scoring: tuple[str, ...] = (tr("Dead hand: the stock ran out, no score"),)
    else:
        assert result.winner is not None and result.knocker is not None
        scoring = (*(score_item_text(item) for item in result.items),
                   _scored(result, named))
    return replace(frame, shown=(shown[0], shown[1]), scoring=scoring)


def _scored(result: HandResult, named: dict[int, str]) -> str:
    """"Ann knocks and scores 12", "You undercut Ann and score 27"."""
    assert result.winner is not None and result.knocker is not None
    winner, points = named[result.winner], result.points
    if result.kind == "undercut":
        knocker = named[result.knocker]
        if is_you(winner):
            return tr("You undercut {knocker} and score {points}").format(
                knocker=knocker, points=points)
        if is_you(knocker):
            return tr("{name} undercuts you and scores {points}").format(
                name=winner, points=points)
        return tr("{name} undercuts {knocker} and scores {points}").format(
            name=winner, knocker=knocker, points=points)
    you, other = _RESULT_WORDS[result.kind]
    return person(winner, tr(you), tr(other), points=points)


def _shown(revealed: RevealedHand) -> ShownHand:
    return ShownHand(seat=revealed.seat, melds=revealed.melds, deadwood=revealed.deadwood,
                     laid_off=tuple(card for card, _meld in revealed.layoffs),
                     summary=tr("Deadwood {points}").format(points=revealed.deadwood_points))
