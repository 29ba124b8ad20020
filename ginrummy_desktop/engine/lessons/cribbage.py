"""The guided first game of Cribbage: two deals, in the order a hand is played.

Deal A (seed 4201): the person deals (seat 0); the chapters on the crib and the starter,
pegging to 31, the go, and the show with his nobs all play on it, each starting where the one
before ended (so a lesson left in the middle resumes at its chapter). Deal B (seed 4202):
his heels. Muggins rules, so the person counts their own hand and crib.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import card_text, cards_text, parse_cards
from ginrummy_desktop.engine.cribbage.advisor import discard_table
from ginrummy_desktop.engine.cribbage.match import STARTER_POSITION, CribbageMatch
from ginrummy_desktop.engine.cribbage.rules import CribbageRules
from ginrummy_desktop.engine.cribbage.scoring import play_points_for_ranks, score_show
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
from ginrummy_desktop.engine.translation import localized, mark, tr, tr_ctx

PERSON, OPPONENT = 0, 1
RULES = CribbageRules(muggins=True)


def crib_deal(seed: int, pone: str, dealer: str, starter: str,
              moves: Sequence[tuple[int, Action]] = ()) -> Callable[[], CribbageMatch]:
    """The person deals: ``dealer`` is theirs, ``pone`` the opponent's; ``moves`` are played
    first (the chapters before this one)."""
    placed = {**cards_at(0, 2, pone), **cards_at(1, 2, dealer),
              **cards_at(STARTER_POSITION, 1, starter)}

    def deal() -> CribbageMatch:
        decks = [stacked(placed, seed), stacked({}, seed + 1000)]
        match = CribbageMatch(rules=RULES, first_dealer=PERSON, decks=decks)
        for seat, action in moves:
            match.apply(seat, action)
        return match
    return deal


def _toss(codes: str) -> Action:
    return Action("discard", cards=tuple(parse_cards(codes)))


def _play(code: str) -> Action:
    return Action("play", card=parse_cards(code)[0])


def best_toss(say: str) -> Do:
    """Lay away the advisor's best two cards."""
    def table(state: CribbageMatch) -> list[Any]:
        observation = state.observation(PERSON)
        return discard_table(observation.hand, observation.is_dealer)

    def check(action: Action, state: CribbageMatch) -> str | None:
        options = table(state)
        best = options[0]
        if set(action.cards) == set(best.toss):
            return None
        chosen = next((o for o in options if set(o.toss) == set(action.cards)), None)
        if chosen is None:
            return tr("Choose two cards, then press Lay away")
        return tr("Keeping {keep} is worth {net:.1f} points on average with your crib; keeping "
                  "{best} is worth {best_net:.1f}.").format(
            keep=cards_text(chosen.keep), net=localized(chosen.net), best=cards_text(best.keep),
            best_net=localized(best.net))

    def wanted(state: CribbageMatch) -> list[Action]:
        return [Action("discard", cards=table(state)[0].toss)]
    return Do(say, check, wanted)


def _points_now(state: CribbageMatch, action: Action) -> int:
    if action.card is None:
        return 0
    ranks = [card.rank for _, card in state.current] + [action.card.rank]
    return play_points_for_ranks(ranks, state.count + action.card.points)


def _plays(state: CribbageMatch) -> list[Action]:
    return [a for a in state.legal_actions(PERSON) if a.kind == "play"]


def take_points(say: str) -> Do:
    """Play a card that pegs the most now (any card when none pegs)."""
    def best(state: CribbageMatch) -> list[Action]:
        plays = _plays(state)
        most = max((_points_now(state, a) for a in plays), default=0)
        return [a for a in plays if _points_now(state, a) == most]

    def check(action: Action, state: CribbageMatch) -> str | None:
        if action in best(state):
            return None
        if action.kind != "play":
            return tr("You have a card that fits: play it")
        target = best(state)[0]
        assert target.card is not None
        return tr("{card} makes {count} and pegs {points}: play it.").format(
            card=card_text(target.card), count=state.count + target.card.points,
            points=_points_now(state, target))
    return Do(say, check, best)


def must(kind: str, say: str, why: str) -> Do:
    """A move of one kind; ``say`` and ``why`` are English (marked), shown with ``tr``."""
    def check(action: Action, _state: Any) -> str | None:
        return None if action.kind == kind else tr(why)

    def wanted(state: CribbageMatch) -> list[Action]:
        return [a for a in state.legal_actions(PERSON) if a.kind == kind]
    return Do(say, check, wanted)


def _show_value(state: CribbageMatch) -> int:
    observation = state.observation(state.to_move() or 0)
    assert observation.starter is not None
    return score_show(observation.show_cards, observation.starter,
                      observation.show_is_crib).total


def exact_count(say: str) -> Do:
    """Count the hand (or crib) on show to the point."""
    def check(action: Action, state: CribbageMatch) -> str | None:
        observation = state.observation(PERSON)
        assert observation.starter is not None
        score = score_show(observation.show_cards, observation.starter,
                           observation.show_is_crib)
        if action.kind != "count":
            return tr("Count your cards")
        if action.points == score.total:
            return None
        said = tr(", ").join(tr("{combination} {points}").format(
            combination=_combination(item.kind), points=item.points)
            for item in score.items) or tr("nothing")
        if (action.points or 0) > score.total:
            return tr("That is more than it is worth: {combinations}.").format(
                combinations=said)
        return tr("You missed some: {combinations}, {total} in all (the opponent could take "
                  "the missed points: muggins).").format(combinations=said, total=score.total)

    def wanted(state: CribbageMatch) -> list[Action]:
        return [Action("count", points=_show_value(state))]
    return Do(say, check, wanted)


def _combination(kind: str) -> str:
    """A scoring combination's name (a show item's ``kind``) in the chosen language."""
    names = {
        "fifteen": lambda: tr_ctx("scoring combination", "fifteen"),
        "pair": lambda: tr_ctx("scoring combination", "pair"),
        "pair royal": lambda: tr_ctx("scoring combination", "pair royal"),
        "double pair royal": lambda: tr_ctx("scoring combination", "double pair royal"),
        "run": lambda: tr_ctx("scoring combination", "run"),
        "flush": lambda: tr_ctx("scoring combination", "flush"),
        "nobs": lambda: tr_ctx("scoring combination", "nobs"),
    }
    name = names.get(kind)
    return name() if name is not None else kind


def _opponent_count(state: CribbageMatch) -> Action:
    return Action("count", points=_show_value(state))


# Deal A, played the same way in every chapter that starts part-way (the canonical moves).
A_PONE, A_DEALER, A_STARTER = "9C 7C 8H KC 4C QS", "5H 5S 10D JD 2C 9S", "3D"
A_MOVES: tuple[tuple[int, Action], ...] = (
    (OPPONENT, _toss("4C QS")), (PERSON, _toss("2C 9S")),
    (OPPONENT, _play("9C")), (PERSON, _play("JD")), (OPPONENT, _play("7C")),
    (PERSON, _play("5H")),
    (OPPONENT, _play("8H")), (PERSON, _play("10D")), (OPPONENT, _play("KC")),
    (PERSON, Action("go")), (PERSON, _play("5S")),
)


def deal_a(after: int) -> Callable[[], CribbageMatch]:
    return crib_deal(4201, A_PONE, A_DEALER, A_STARTER, A_MOVES[:after])


CHAPTERS = (
    Chapter(mark("The crib and the starter"), 4201, deal_a(0), (
        Play(_toss("4C QS")),
        best_toss(mark("You deal, so the crib is yours: each player lays two cards away into "
                       "it, and it scores for the dealer. Keep the four that score best with "
                       "it: click two cards, then Lay away.")),
        Say(lambda state: tr("The starter is {card}: it counts as a fifth card in both hands "
                             "and in the crib.").format(card=card_text(state.starter))),
    )),
    Chapter(mark("Pegging to 31"), 4201, deal_a(2), (
        Play(_play("9C")),
        take_points(mark("Now the play: the players lay cards down in turn, counting up, "
                         "never past 31. 15 and 31 peg 2, pairs 2, runs of three or more a "
                         "point a card. Play any card.")),
        Play(_play("7C")),
        take_points(mark("Make 31 if you can: it pegs 2.")),
        Say(mark("31! The count starts again from zero.")),
    )),
    Chapter(mark("The go"), 4201, deal_a(6), (
        Play(_play("8H")),
        take_points(mark("Play a card.")),
        Play(_play("KC")),
        must("go", mark("No card of yours fits under 31: say go (the Go button). The last "
                        "player to lay a card pegs 1 for it."), mark("No card fits: press Go.")),
        must("play", mark("Play your last card: the last card of the play pegs 1."),
             mark("Play your last card.")),
        Say(mark("Every card is played. Now the show.")),
    )),
    Chapter(mark("The show and his nobs"), 4201, deal_a(len(A_MOVES)), (
        Play(_opponent_count),
        exact_count(mark("Each hand counts with the starter: fifteens 2, pairs 2, runs, "
                         "flushes, and his nobs: the jack of the starter's suit pegs 1. Your "
                         "J♦ matches the 3♦. Count your hand.")),
        exact_count(mark("Now count your crib (a crib flush needs all five of one suit).")),
        Say(mark("That is a whole hand: deal, crib, starter, the play, the show.")),
    )),
    Chapter(mark("His heels"), 4202,
            crib_deal(4202, "2H 3S 7D 9C KD AC", "3H 4S 8D QC KH 6C", "JC"), (
                Play(_toss("KD AC")),
                best_toss(mark("Lay two cards away to your crib.")),
                Say(mark("The starter is the J♣: when the starter is a jack the dealer pegs 2 "
                         "at once, for his heels. That is the game: you are ready to play!")),
            )),
)

def table(state: CribbageMatch, person: int) -> LessonTable:
    """The person's cards by rank, the opponent's count, the cards of the count, the starter
    and the count and scores beside them."""
    starter = state.starter
    turned = card_text(starter) if starter is not None else tr("not turned yet")
    return LessonTable(
        mine=tuple(sorted(state.hands[person], key=lambda card: (card.rank, card.suit))),
        others=len(state.hands[1 - person]), pile=tuple(card for _, card in state.current),
        stock=(starter,),
        middle=tr("Starter: {card}\nCount: {count}\nScore: you {you}, opponent {opponent}")
        .format(card=turned, count=state.count, you=state.scores[person],
                opponent=state.scores[1 - person]))


def legal(state: CribbageMatch, person: int) -> tuple[Action, ...]:
    return tuple(state.legal_actions(person))


CRIBBAGE_LESSON = Lesson("cribbage", mark("Learn Cribbage"), CHAPTERS, table=table, legal=legal)
