"""Cutting the pack (with the ``player_cuts`` option): for the deal and for the starter.

A cut is the action ``Action("cut", points=depth)``: the cutter lifts ``depth`` cards off the
top of the pack and the card on top of the lower packet is the one shown. ACC rules: a cut
leaves at least four cards in each packet, so ``depth`` runs from 4 to ``pack size - 4``.

Because the depth only picks a position in a pack whose order was committed before the cut
(``engine.deck.commitment``), anyone holding the record can check the card: the committed deck
and the recorded depth give it, and nothing else does.

- **For the deal** (the first game): the engine commits a shuffled pack; seat 0 cuts it, then
  seat 1 cuts what is left (the same pack without seat 0's card, in its order). The lower rank
  deals (ace low); equal ranks cut again from a new committed pack. Hand 1's record keeps every
  round as ``deal_cut`` (see ``deal_cut_errors``).
- **For the starter**: after both discards the pone cuts the 40 undealt cards (the committed
  deck after its first 12), and the dealer turns up the card at the cut: ``deck[12 + depth]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card, parse_cards
from ginrummy_desktop.engine.deck import verify_commitment
from ginrummy_desktop.engine.rng import StableRandom
from ginrummy_desktop.engine.translation import tr, tr_n

#: The fewest cards a cut may leave in either packet (ACC: four).
MIN_CUT = 4
#: Where the pack cut for the starter begins in the committed deck (after 6 + 6 dealt cards).
UNDEALT_FROM = 12
DEAL_PACK = 52


def cut_depths(pack_size: int) -> range:
    """Every legal depth for a pack of ``pack_size`` cards."""
    return range(MIN_CUT, pack_size - MIN_CUT + 1)


def cut_actions(pack_size: int) -> tuple[Action, ...]:
    return tuple(Action("cut", points=depth) for depth in cut_depths(pack_size))


def why_not_cut(action: Action, pack_size: int) -> str | None:
    """Why ``action`` is not a legal cut of a pack this size (None when it is)."""
    depths = cut_depths(pack_size)
    if action.kind != "cut" or action.points is None or action.card or action.cards:
        return tr("Cut the pack: lift between {low} and {high} cards off the top.").format(
            low=depths.start, high=depths.stop - 1)
    if action.points not in depths:
        return tr("A cut must leave at least {least} cards in each packet: lift between {low} "
                  "and {high} of the {size} cards.").format(
            least=MIN_CUT, low=depths.start, high=depths.stop - 1, size=pack_size)
    return None


def starter_at(deck: Sequence[Card], depth: int) -> Card:
    """The starter the pone's cut at ``depth`` turns up from the committed ``deck``."""
    return deck[UNDEALT_FROM + depth]


def second_pack(pack: Sequence[Card], first_card: Card) -> list[Card]:
    """What seat 1 cuts for the deal: the pack without seat 0's card, in its order."""
    return [card for card in pack if card != first_card]


def lower_cut_deals(first: Card, second: Card) -> int | None:
    """The seat whose card is lower (it deals), or None on equal ranks (cut again)."""
    if first.rank == second.rank:
        return None
    return 0 if first.rank < second.rank else 1


def deal_cut_errors(rounds: Any, dealer: Any) -> str | None:
    """What is wrong with a record's ``deal_cut`` rounds (None when they check out).

    Each round must reveal a pack that hashes to its commitment, legal depths, the cards those
    depths give, equal ranks in every round but the last, and the lower card's seat as
    ``dealer``."""
    if type(rounds) is not list or not rounds:
        return tr("the cut for the deal is missing its rounds")
    winner: int | None = None
    for number, round_ in enumerate(rounds, start=1):
        try:
            pack = parse_cards(" ".join(round_["deck"]) if isinstance(round_["deck"], list)
                               else round_["deck"])
            if not verify_commitment(pack, round_["salt"], round_["commitment"]):
                return tr("cut for the deal, round {number}: the pack was not as "
                          "committed").format(number=number)
            depths = [cut["depth"] for cut in round_["cuts"]]
            cards = [Card.parse(cut["card"]) for cut in round_["cuts"]]
            seats = [cut["seat"] for cut in round_["cuts"]]
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            return tr("cut for the deal, round {number}: damaged ({error})").format(
                number=number, error=repr(error))
        if seats != [0, 1] or len(depths) != 2:
            return tr("cut for the deal, round {number}: seat 0 cuts, then seat 1").format(
                number=number)
        packs = [pack, second_pack(pack, cards[0])]
        for seat, (depth, card, cut_pack) in enumerate(zip(depths, cards, packs, strict=True)):
            if type(depth) is not int or depth not in cut_depths(len(cut_pack)):
                return tr("cut for the deal, round {number}: seat {seat}'s depth is not "
                          "legal").format(number=number, seat=seat)
            if cut_pack[depth] != card:
                return tr("cut for the deal, round {number}: seat {seat}'s cut at {depth} "
                          "turns up {turned}, not {card}").format(
                    number=number, seat=seat, depth=depth, turned=cut_pack[depth], card=card)
        winner = lower_cut_deals(cards[0], cards[1])
        if (winner is None) != (number < len(rounds)):
            return tr("cut for the deal, round {number}: only equal cuts are cut "
                      "again").format(number=number)
    if winner != dealer:
        return tr("cut for the deal: the lower card's seat ({winner}) deals, not "
                  "{dealer}").format(winner=winner, dealer=repr(dealer))
    return None


def check_cuts(record: dict) -> tuple[bool, list[str]]:
    """What a hand record's cuts show, for a person checking the deal: (ok, sentences).

    The starter must be the committed deck's card at the pone's recorded depth, and the cut for
    the deal (hand 1 of a game that was cut for) must check out (``deal_cut_errors``). A record
    without cuts gives (True, [])."""
    from ginrummy_desktop.engine.cards import card_text

    lines: list[str] = []
    ok = True
    depth = record.get("starter_cut")
    if depth is not None:
        try:
            deck = parse_cards(" ".join(record["deck"]) if isinstance(record["deck"], list)
                               else record["deck"])
            turned = starter_at(deck, int(depth))
            recorded = Card.parse(record["starter"])
        except (KeyError, TypeError, ValueError, IndexError):
            return False, [tr("The starter cut in this record is damaged.")]
        if turned == recorded and int(depth) in cut_depths(DEAL_PACK - UNDEALT_FROM):
            lines.append(tr_n("The starter {card} is the card at the pone's cut ({count} card "
                              "lifted): card {position} of the committed deck.",
                              "The starter {card} is the card at the pone's cut ({count} cards "
                              "lifted): card {position} of the committed deck.", int(depth)
                              ).format(card=card_text(recorded), count=depth,
                                       position=UNDEALT_FROM + int(depth) + 1))
        else:
            ok = False
            lines.append(tr("The cut at {depth} turns up {turned}, not the recorded starter "
                            "{card}.").format(depth=depth, turned=card_text(turned),
                                              card=card_text(recorded)))
    if "deal_cut" in record:
        problem = deal_cut_errors(record["deal_cut"], record.get("dealer"))
        if problem:
            ok = False
            lines.append(tr("The cut for the deal does not check out: {problem}.").format(
                problem=problem))
        else:
            rounds = len(record["deal_cut"])
            if rounds > 1:
                lines.append(tr("The cut for the deal checks out: each pack as committed, each "
                                "card at its cutter's depth, the lower card deals ({rounds} "
                                "rounds: equal cards cut again).").format(rounds=rounds))
            else:
                lines.append(tr("The cut for the deal checks out: each pack as committed, each "
                                "card at its cutter's depth, the lower card deals."))
    return ok, lines


def choose_cut(legal: Sequence[Action], rng: StableRandom) -> Action:
    """A bot's cut: any legal depth, from its seeded generator."""
    cuts = [action for action in legal if action.kind == "cut"]
    if not cuts:
        raise ValueError("no cut is legal now")
    return rng.choice(cuts)
