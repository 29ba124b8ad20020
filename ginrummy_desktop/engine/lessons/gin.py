"""The guided first game of Gin Rummy: seven deals, one idea each (classic rules).

The person sits first (the non-dealer, seat 0). Each deal places the cards that make the point
(the person's ten, the upcard, the first stock cards, the opponent's ten where it plays) and
shuffles the rest with the chapter's seed, 4101 to 4107 (docs/lessons.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card, card_text
from ginrummy_desktop.engine.gin.hand import GinHand
from ginrummy_desktop.engine.gin.melds import min_deadwood
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS
from ginrummy_desktop.engine.lessons import (
    Chapter,
    Do,
    Lesson,
    LessonTable,
    Play,
    Say,
    cards_at,
    stacked,
)
from ginrummy_desktop.engine.translation import mark, tr, tr_n

PERSON = 0


def gin_deal(seed: int, person: str, upcard: str, stock: str = "",
             opponent: str = "") -> Callable[[], GinHand]:
    """A deal: the person's ten (first player), the opponent's ten, the upcard, then the stock
    in the order it is drawn."""
    placed = {**cards_at(0, 2, person), **cards_at(20, 1, upcard), **cards_at(21, 1, stock)}
    if opponent:
        placed.update(cards_at(1, 2, opponent))

    def deal() -> GinHand:
        return GinHand.deal(GIN_PRESETS["classic"], stacked(placed, seed), "", (PERSON, 1))
    return deal


def _legal(state: GinHand) -> tuple[Action, ...]:
    return state.legal_actions()


def _left(state: GinHand, action: Action) -> int:
    """The person's deadwood after throwing the action's card."""
    hand = [card for card in state.hands[0] if card != action.card]
    return min_deadwood(hand)


def _best_throws(state: GinHand, kinds: tuple[str, ...]) -> list[Action]:
    options = [a for a in _legal(state) if a.kind in kinds and a.card is not None]
    if not options:
        return []
    least = min(_left(state, a) for a in options)
    return [a for a in options if _left(state, a) == least]


def kind_is(kind: str, why: str) -> Do:
    """A step whose move is of one kind (take, pass, draw from the stock); ``why`` is English
    (marked), shown with ``tr``."""
    def check(action: Action, _state: Any) -> str | None:
        return None if action.kind == kind else tr(why)

    def wanted(state: GinHand) -> list[Action]:
        return [a for a in _legal(state) if a.kind == kind]
    return Do("", check, wanted)


def _with_say(step: Do, say: str) -> Do:
    return Do(say, step.check, step.wanted)


def least_deadwood(say: str, kinds: tuple[str, ...] = ("discard",), why: str = "") -> Do:
    """A throw that leaves the least deadwood (of the kinds allowed); ``say`` and ``why`` are
    English (marked), shown with ``tr``."""
    def check(action: Action, state: GinHand) -> str | None:
        best = _best_throws(state, kinds)
        if action in best:
            return None
        if action.kind not in kinds and why:
            return tr(why)
        if action.card is None or not best:
            return tr(why) if why else tr("Throw a card")
        target = best[0]
        compared = tr("Throwing {card} leaves {deadwood} deadwood; throwing {best} leaves "
                      "{least}.").format(card=card_text(action.card),
                                         deadwood=_left(state, action),
                                         best=card_text(target.card or action.card),
                                         least=_left(state, target))
        if not why:
            return compared
        return tr("{compared} {advice}").format(compared=compared, advice=tr(why))
    return Do(say, check, lambda state: _best_throws(state, kinds))


def _result_words(state: GinHand) -> str:
    result = state.result
    if result is None:
        return ""
    mine = next(hand for hand in result.hands if hand.seat == PERSON)
    laid = [card_text(card) for card, _ in mine.layoffs]
    lines = tr(", ").join(tr("{label} {points}").format(label=tr(item.label), points=item.points)
                          for item in result.items)
    if result.winner == PERSON:
        if laid:
            return tr("You scored {points}: {lines}. You laid off {cards} on the knocker's "
                      "melds.").format(points=result.points, lines=lines, cards=" ".join(laid))
        return tr("You scored {points}: {lines}.").format(points=result.points, lines=lines)
    if laid:
        return tr("The opponent scored {points}: {lines}. You laid off {cards} on the "
                  "knocker's melds.").format(points=result.points, lines=lines,
                                             cards=" ".join(laid))
    return tr("The opponent scored {points}: {lines}.").format(points=result.points, lines=lines)


def _say_result(intro: str) -> Say:
    """``intro`` (English, marked) then what the hand scored."""
    return Say(lambda state: tr("{intro} {result}").format(intro=tr(intro),
                                                           result=_result_words(state)))


def _card(code: str) -> Card:
    return Card.parse(code)


CHAPTERS = (
    Chapter(mark("Melds"), 4101, gin_deal(4101, "7C 7D 7H 4H 5H 6H KS QD 9C 2S", "3H"), (
        _with_say(kind_is("draw_discard", mark("The 3♥ joins your run 4♥ 5♥ 6♥: take it.")),
                  mark("A meld is a set (three or four cards of one rank, like your three 7s) or a "
                       "run (three or more cards in a row of one suit, like 4♥ 5♥ 6♥). The upcard "
                       "3♥ makes your run longer: take it (click the discard pile).")),
        least_deadwood(mark("Now throw a card that is in no meld: a high one, as loose cards "
                            "count against you. Double-click it."),
                       why=mark("Keep your melds together; throw your highest loose card.")),
        Say(mark("Well done: your melds are a set of 7s and the run 3♥ 4♥ 5♥ 6♥.")),
    )),
    Chapter(mark("Drawing and discarding"), 4102,
            gin_deal(4102, "2C 3C 4C 9D 9S 9H JH 5S 8D KC", "QH", "5C"), (
                _with_say(kind_is("pass", mark("The Q♥ fits none of your melds: pass it.")),
                          mark("Every turn you draw one card, then throw one. First the upcard "
                               "is offered: the Q♥ fits nothing you hold, so pass (the Pass "
                               "button).")),
                Play(Action("pass")),
                _with_say(kind_is("draw_stock", mark("Both players passed the upcard: now draw "
                                                     "from the stock.")),
                          mark("Your opponent passed too. Draw the top card of the stock (click "
                               "it).")),
                least_deadwood(mark("The 5♣ extends your run 2♣ 3♣ 4♣. Now throw your highest "
                                    "loose card."),
                               why=mark("Throw one of your loose high cards.")),
                Say(mark("That is a whole turn: draw, then discard. The discard pile now offers "
                         "your throw to the opponent.")),
            )),
    Chapter(mark("Deadwood"), 4103, gin_deal(4103, "AS 2S 3S 6D 6C 6H 10C 8H 4D QD", "KH", "JD"), (
        Say(mark("Deadwood is every card outside your melds, counted at its pips (aces 1, faces "
                 "10). Yours: 10♣ 8♥ 4♦ Q♦, 32 points.")),
        _with_say(kind_is("pass", mark("The K♥ would only add 10 deadwood: pass.")),
                  mark("The K♥ fits nothing: pass.")),
        Play(Action("pass")),
        _with_say(kind_is("draw_stock", mark("Draw from the stock.")),
                  mark("Draw from the stock.")),
        least_deadwood(mark("You drew the J♦. Throw the card that leaves the least deadwood."),
                       why=mark("A ten or a face card leaves the least.")),
        Say(mark("Your deadwood is 32 again, but one turn closer to a meld. Less deadwood is the "
                 "whole aim of the game.")),
    )),
    Chapter(mark("Knocking"), 4104, gin_deal(4104, "3C 4C 5C 8S 8H 8D 10H JH QH 6S", "KS", "2D"), (
        _with_say(kind_is("pass", mark("Pass the K♠: it fits nothing.")), mark("Pass the K♠.")),
        Play(Action("pass")),
        _with_say(kind_is("draw_stock", mark("Draw from the stock.")),
                  mark("Draw from the stock.")),
        least_deadwood(mark("With 10 or less deadwood after your throw you may knock: end the hand "
                            "and lay your melds down. Press Knock, then click the card to throw."),
                       kinds=("knock",),
                       why=mark("Your deadwood is 10 or less: press Knock, then click the card "
                                "that leaves the least.")),
        _say_result(mark("You knocked with 2 deadwood; the opponent laid its melds down too.")),
    )),
    Chapter(mark("Gin"), 4105, gin_deal(4105, "3C 4C 5C 8S 8H 8D 10H JH QH 6S", "KH"), (
        _with_say(kind_is("draw_discard", mark("The K♥ completes 10♥ J♥ Q♥ K♥: take it.")),
                  mark("The upcard K♥ extends your run 10♥ J♥ Q♥: take it.")),
        least_deadwood(mark("Every card but the 6♠ is melded now: press Gin, then click the 6♠."),
                       kinds=("gin",),
                       why=mark("With every other card melded you have gin: press Gin, then "
                                "click the 6♠.")),
        _say_result(mark("Gin: no deadwood at all, and a 25-point bonus. The opponent may not lay "
                         "off on a gin hand.")),
    )),
    Chapter(mark("Lay-offs"), 4106,
            gin_deal(4106, "8H 10H 9S 9D 2S 4D 6C JC QS KC", "AS",
                     opponent="5H 6H 7H 10S 10C 10D 2C 3C 4C KD"), (
                _with_say(kind_is("pass", mark("Pass: this time, watch your opponent.")),
                          mark("Pass the A♠, and watch your opponent.")),
                Play(Action("draw_discard", _card("AS"))),
                Play(Action("knock", _card("KD"))),
                _say_result(mark("Your opponent knocked. When someone knocks, the other player "
                                 "lays off: cards that fit the knocker's melds (your 8♥ on its "
                                 "5♥ 6♥ 7♥, your 10♥ on its tens) stop counting as deadwood.")),
            )),
    Chapter(mark("Undercuts"), 4107,
            gin_deal(4107, "AD 2D 3D 4S 5S 6S JC JD JH 8C", "9S",
                     opponent="5H 6H 7H 10S 10C 10D 2C 3C 4C KD"), (
                _with_say(kind_is("pass", mark("Pass the 9♠ and see what happens.")),
                          mark("Your deadwood is only the 8♣. Pass the 9♠.")),
                Play(Action("draw_discard", _card("9S"))),
                Play(Action("knock", _card("KD"))),
                _say_result(mark("Undercut! The opponent knocked with 9, but your deadwood (8) was "
                                 "not more: you score the difference and the 25-point undercut "
                                 "bonus.")),
            )),
)

def table(state: GinHand, person: int) -> LessonTable:
    """The person's cards, the opponent's count, the pile's top and the stock face down."""
    return LessonTable(
        mine=tuple(state.hands[0]), others=len(state.hands[1]),
        pile=tuple(state.discard_pile[-1:]), stock=(None,),
        middle=tr_n("Stock: {count} card", "Stock: {count} cards",
                    state.stock_size).format(count=state.stock_size))


def legal(state: GinHand, person: int) -> tuple[Action, ...]:
    """The person's moves when it is their turn (the person sits at seat 0)."""
    return tuple(state.legal_actions()) if state.to_move_seat == 0 else ()


GIN_LESSON = Lesson("gin", mark("Learn Gin Rummy"), CHAPTERS, table=table, legal=legal,
                    draws=True, hand_overlap=0.45)
