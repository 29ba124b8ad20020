"""The cribbage sentences that name players, for the table's status line, banners and panels.

Names follow ``engine.wording``: the table passes ``"You"`` for the person and a display name
("Ann", "Ada the Expert") for anyone else, and every verb agrees with it.
"""

from __future__ import annotations

from typing import Any

from ginrummy_desktop.engine.cards import Card, card_text, cards_text
from ginrummy_desktop.engine.wording import action_text, count_of, possessive, says, subject

#: The title over the cut for the deal.
CUT_FOR_DEAL = "Cut for the deal"
#: Under it, the rule in a line.
CUT_RULE = "Low card deals (ace low); equal cards cut again."


def deal_text(hand_number: int, dealer: str) -> str:
    """``"Hand 3: You deal"`` / ``"Hand 3: Ada the Expert deals"``."""
    return f"Hand {hand_number}: {says(dealer, 'deals')}"


def cuts_text(name: str, card: Card) -> str:
    """``"You cut 7♥."`` / ``"Ann cuts 7♥."``: a card cut for the deal."""
    return f"{says(name, 'cuts')} {card_text(card)}."


def low_card_deals(dealer: str) -> str:
    """``"Low card deals: You"`` / ``"Low card deals: Ann"``."""
    return f"Low card deals: {dealer}"


def cut_again_prompt(first: Card, second: Card) -> str:
    """The person's turn after equal cards: ``"7♥ and 7♣ are equal: cut again (click the
    pack, or arrows and Enter)."``"""
    return (f"{card_text(first)} and {card_text(second)} are equal: cut again (click the pack, "
            "or arrows and Enter).")


def cut_prompt(for_deal: bool) -> str:
    """What the person is asked when it is their cut (short: it fits the status line at
    800x600): ``"Cut for the starter: click the pack (or arrows, Enter)."``"""
    if for_deal:
        return "Cut for the deal: click the pack (or arrows, Enter). Low card deals."
    return "Cut for the starter: click the pack (or arrows, Enter)."


def pack_tooltip(commitment: str) -> str:
    """The spread pack's tooltip: what is cut, and the commitment to its order."""
    return ("Click a card to cut the pack there. Its order was committed before the cut "
            f"(SHA-256 {commitment}); Verify deal checks it after the hand.")


def starter_text(pone: str, dealer: str, card: Card) -> str:
    """``"Ann cuts; you turn up 5♥."`` / ``"You cut; Ann turns up J♠."``"""
    return f"{says(pone, 'cuts')}; {says(dealer, 'turns', start=False)} up {card_text(card)}."


def crib_owner(dealer: str, start: bool = True) -> str:
    """Whose crib it is: ``"Your crib"`` / ``"Ann's crib"`` (``start=False``: ``"your crib"``)."""
    return f"{possessive(dealer, start)} crib"


def says_go(name: str) -> str:
    """``"You say go."`` / ``"Ann says go."``."""
    return f"{says(name, 'says')} go."


def lays_away(name: str) -> str:
    """``"Ada the Expert lays two cards away."``: a discard to the crib, cards unseen."""
    return f"{says(name, 'lays')} two cards away."


def scored_text(name: str, words: str) -> str:
    """A pegging score for the status line: ``"Ann: 31 for 2."``."""
    return f"{name}: {words}."


def show_title(owner: str, what: str, total: int | None) -> str:
    """The show panel's heading: ``"Your hand: 8"``, ``"Ann's crib: 12"``; ``total`` None while
    the person is asked to count (``"Your crib: your count?"``)."""
    return f"{_whose(owner, what)}: {'your count?' if total is None else total}"


def _whose(owner: str, what: str) -> str:
    return f"{possessive(owner, start=True)} {'crib' if what == 'crib' else 'hand'}"


def show_text(owner: str, what: str, spoken: str, total: int) -> str:
    """A counted hand or crib for the status line: ``"Your hand: fifteen two and a pair is
    four."``, ``"Ann's crib: nothing — no points."`` (a whole sentence, so whatever follows
    it, such as a muggins call, reads apart)."""
    return f"{_whose(owner, what)}: {spoken}" + ("." if total else " — no points.")


def count_verdict(claimed: int, total: int, muggins: bool) -> str:
    """What the person is told of their own count, before the hand's count is read out:
    ``"Right, 10! "``, ``"You counted 8; it is worth 10. "`` (muggins: the rest may be taken),
    ``"Not quite: you counted 9; it is worth 10. "``."""
    if claimed == total:
        return f"Right, {claimed}! "
    if muggins:
        return f"You counted {claimed}; it is worth {total}. "
    return f"Not quite: you counted {claimed}; it is worth {total}. "


def muggins_text(taker: str, missed_by: str, points: int) -> str:
    """``"Muggins! You take the 2 points Ann missed"`` / ``"Muggins! Ann takes the 1 point you
    missed"``."""
    return (f"Muggins! {says(taker, 'takes')} the {count_of(points, 'point')} "
            f"{says(missed_by, 'missed', start=False)}")


def game_over_text(winner: str, outcome: str, scores: tuple[int, int], target: int) -> str:
    """The game's last status line: ``"You win with a skunk, 121 to 80."``, as the pegs stand
    (a score past the target shows as the target)."""
    text = says(winner, "wins")
    if outcome != "win":
        text += f" with a {outcome}"
    return f"{text}, {min(scores[0], target)} to {min(scores[1], target)}."


def winner_title(winner: str) -> str:
    """The result panel's title: ``"You win!"`` / ``"Ada the Expert wins"``."""
    return f"{says(winner, 'wins')}!"



def move_text(name: str, action: Any, you_see_cards: bool = False) -> str:
    """A move for the table's move log: ``"Ann plays 5♣"``, ``"You lay 9♣ 2♦ away"``
    (``you_see_cards``: the cards are named, for the person's own discard), ``"Ann says go"``,
    ``"You count 8"``, ``"Ann calls muggins"``, ``"You cut the pack"``."""
    kind = getattr(action, "kind", "")
    if kind == "play" and action.card is not None:
        return f"{says(name, 'plays')} {card_text(action.card)}"
    if kind == "discard":
        if you_see_cards and action.cards:
            return f"{says(name, 'lays')} {cards_text(action.cards)} away to the crib"
        return lays_away(name).removesuffix(".")
    if kind == "go":
        return says_go(name).removesuffix(".")
    if kind == "count" and action.points is not None:
        return f"{says(name, 'counts')} {action.points}"
    if kind == "muggins":
        return f"{says(name, 'calls')} muggins"
    if kind == "pass":
        return f"{says(name, 'lets')} the count stand"
    if kind == "cut":
        return f"{says(name, 'cuts')} the pack"
    return f"{subject(name)}: {action_text(action)}"
