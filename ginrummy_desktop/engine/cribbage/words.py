"""The cribbage sentences that name players, for the table's status line, banners and panels.

Names follow ``engine.wording``: the table passes ``"You"`` for the person and a display name
("Ann", "Ada the Expert") for anyone else; each sentence is given whole for the person and for
anyone else (``wording.person``), so every language words both its own way.
"""

from __future__ import annotations

from typing import Any

from ginrummy_desktop.engine.cards import Card, card_text, cards_text
from ginrummy_desktop.engine.translation import mark, tr, tr_ctx, tr_n
from ginrummy_desktop.engine.wording import action_text, is_you, names_together, person

#: The title over the cut for the deal (English: shown with ``tr``).
CUT_FOR_DEAL = mark("Cut for the deal")
#: Under it, the rule in a line (English: shown with ``tr``).
CUT_RULE = mark("Low card deals (ace low); equal cards cut again.")


def _named(name: str) -> str:
    """A name standing alone: the person's ("You") in the chosen language."""
    return names_together([name])


def deal_text(hand_number: int, dealer: str) -> str:
    """``"Hand 3: You deal"`` / ``"Hand 3: Ada the Expert deals"``."""
    return person(dealer, tr("Hand {number}: You deal"), tr("Hand {number}: {name} deals"),
                  number=hand_number)


def cuts_text(name: str, card: Card) -> str:
    """``"You cut 7♥."`` / ``"Ann cuts 7♥."``: a card cut for the deal."""
    return person(name, tr("You cut {card}."), tr("{name} cuts {card}."), card=card_text(card))


def low_card_deals(dealer: str) -> str:
    """``"Low card deals: You"`` / ``"Low card deals: Ann"``."""
    return tr("Low card deals: {name}").format(name=_named(dealer))


def cut_again_prompt(first: Card, second: Card) -> str:
    """The person's turn after equal cards: ``"7♥ and 7♣ are equal: cut again (click the
    pack, or arrows and Enter)."``"""
    return tr("{first} and {second} are equal: cut again (click the pack, or arrows and "
              "Enter).").format(first=card_text(first), second=card_text(second))


def cut_prompt(for_deal: bool) -> str:
    """What the person is asked when it is their cut (short: it fits the status line at
    800x600): ``"Cut for the starter: click the pack (or arrows, Enter)."``"""
    if for_deal:
        return tr("Cut for the deal: click the pack (or arrows, Enter). Low card deals.")
    return tr("Cut for the starter: click the pack (or arrows, Enter).")


def pack_tooltip(commitment: str) -> str:
    """The spread pack's tooltip: what is cut, and the commitment to its order."""
    return tr("Click a card to cut the pack there. Its order was committed before the cut "
              "(SHA-256 {commitment}); Verify deal checks it after the hand.").format(
        commitment=commitment)


def starter_text(pone: str, dealer: str, card: Card) -> str:
    """``"Ann cuts; you turn up 5♥."`` / ``"You cut; Ann turns up J♠."``"""
    if is_you(pone):
        return tr("You cut; {name} turns up {card}.").format(name=dealer, card=card_text(card))
    if is_you(dealer):
        return tr("{name} cuts; you turn up {card}.").format(name=pone, card=card_text(card))
    return tr("{pone} cuts; {dealer} turns up {card}.").format(pone=pone, dealer=dealer,
                                                               card=card_text(card))


def crib_owner(dealer: str, start: bool = True) -> str:
    """Whose crib it is: ``"Your crib"`` / ``"Ann's crib"`` (``start=False``: ``"your crib"``)."""
    if start:
        return person(dealer, tr("Your crib"), tr("{name}'s crib"))
    return person(dealer, tr("your crib"), tr_ctx("inside a sentence", "{name}'s crib"))


def says_go(name: str) -> str:
    """``"You say go."`` / ``"Ann says go."``."""
    return person(name, tr("You say go."), tr("{name} says go."))


def lays_away(name: str) -> str:
    """``"Ada the Expert lays two cards away."``: a discard to the crib, cards unseen."""
    return person(name, tr("You lay two cards away."), tr("{name} lays two cards away."))


def scored_text(name: str, words: str) -> str:
    """A pegging score for the status line: ``"Ann: 31 for 2."`` (``words``: a
    ``ScoreEvent``'s ``text``)."""
    return tr("{name}: {words}.").format(name=_named(name), words=words)


def show_title(owner: str, what: str, total: int | None) -> str:
    """The show panel's heading: ``"Your hand: 8"``, ``"Ann's crib: 12"``; ``total`` None while
    the person is asked to count (``"Your crib: your count?"``)."""
    shown = tr("your count?") if total is None else str(total)
    return tr("{whose}: {total}").format(whose=hand_owner(owner, what), total=shown)


def hand_owner(owner: str, what: str) -> str:
    """``"Your hand"``, ``"Ann's crib"``: whose hand (``what``: ``"hand"`` or ``"crib"``)."""
    if what == "crib":
        return person(owner, tr("Your crib"), tr("{name}'s crib"))
    return person(owner, tr("Your hand"), tr("{name}'s hand"))


def show_text(owner: str, what: str, spoken: str, total: int) -> str:
    """A counted hand or crib for the status line: ``"Your hand: fifteen two and a pair is
    four."``, ``"Ann's crib: nothing — no points."`` (a whole sentence, so whatever follows
    it, such as a muggins call, reads apart)."""
    if total:
        return tr("{whose}: {count}.").format(whose=hand_owner(owner, what), count=spoken)
    return tr("{whose}: {count} — no points.").format(whose=hand_owner(owner, what), count=spoken)


def count_verdict(claimed: int, total: int, muggins: bool) -> str:
    """What the person is told of their own count, before the hand's count is read out:
    ``"Right, 10! "``, ``"You counted 8; it is worth 10. "`` (muggins: the rest may be taken),
    ``"Not quite: you counted 9; it is worth 10. "``."""
    if claimed == total:
        return tr("Right, {points}!").format(points=claimed) + " "
    if muggins:
        return tr("You counted {claimed}; it is worth {total}.").format(
            claimed=claimed, total=total) + " "
    return tr("Not quite: you counted {claimed}; it is worth {total}.").format(
        claimed=claimed, total=total) + " "


def muggins_text(taker: str, missed_by: str, points: int) -> str:
    """``"Muggins! You take the 2 points Ann missed"`` / ``"Muggins! Ann takes the 1 point you
    missed"``."""
    if is_you(taker):
        text = tr_n("Muggins! You take the {count} point {name} missed",
                    "Muggins! You take the {count} points {name} missed", points)
        return text.format(count=points, name=missed_by)
    if is_you(missed_by):
        text = tr_n("Muggins! {name} takes the {count} point you missed",
                    "Muggins! {name} takes the {count} points you missed", points)
        return text.format(count=points, name=taker)
    text = tr_n("Muggins! {taker} takes the {count} point {name} missed",
                "Muggins! {taker} takes the {count} points {name} missed", points)
    return text.format(count=points, taker=taker, name=missed_by)


def game_over_text(winner: str, outcome: str, scores: tuple[int, int], target: int) -> str:
    """The game's last status line: ``"You win with a skunk, 121 to 80."``, as the pegs stand
    (a score past the target shows as the target)."""
    values = {"first": min(scores[0], target), "second": min(scores[1], target)}
    if outcome == "skunk":
        return person(winner, tr("You win with a skunk, {first} to {second}."),
                      tr("{name} wins with a skunk, {first} to {second}."), **values)
    if outcome == "double skunk":
        return person(winner, tr("You win with a double skunk, {first} to {second}."),
                      tr("{name} wins with a double skunk, {first} to {second}."), **values)
    return person(winner, tr("You win, {first} to {second}."),
                  tr("{name} wins, {first} to {second}."), **values)


def winner_title(winner: str) -> str:
    """The result panel's title: ``"You win!"`` / ``"Ada the Expert wins"``."""
    return person(winner, tr("You win!"), tr("{name} wins!"))


def move_text(name: str, action: Any, you_see_cards: bool = False) -> str:
    """A move for the table's move log: ``"Ann plays 5♣"``, ``"You lay 9♣ 2♦ away"``
    (``you_see_cards``: the cards are named, for the person's own discard), ``"Ann says go"``,
    ``"You count 8"``, ``"Ann calls muggins"``, ``"You cut the pack"``."""
    kind = getattr(action, "kind", "")
    if kind == "play" and action.card is not None:
        return person(name, tr("You play {card}"), tr("{name} plays {card}"),
                      card=card_text(action.card))
    if kind == "discard":
        if you_see_cards and action.cards:
            return person(name, tr("You lay {cards} away to the crib"),
                          tr("{name} lays {cards} away to the crib"),
                          cards=cards_text(action.cards))
        return person(name, tr("You lay two cards away"), tr("{name} lays two cards away"))
    if kind == "go":
        return person(name, tr("You say go"), tr("{name} says go"))
    if kind == "count" and action.points is not None:
        return person(name, tr("You count {points}"), tr("{name} counts {points}"),
                      points=action.points)
    if kind == "muggins":
        return person(name, tr("You call muggins"), tr("{name} calls muggins"))
    if kind == "pass":
        return person(name, tr("You let the count stand"), tr("{name} lets the count stand"))
    if kind == "cut":
        return person(name, tr("You cut the pack"), tr("{name} cuts the pack"))
    return tr("{name}: {action}").format(name=_named(name), action=action_text(action))
