"""The discard advisor: all 15 ways to keep four of six cards, with their expected values.

The cribbage table shows this as a hint, and the expert bot decides from the same numbers.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from ginrummy_desktop.engine.cards import Card, cards_text, require_distinct
from ginrummy_desktop.engine.cribbage.evaluation import crib_value, expected_hand, unseen_cards


@dataclass(frozen=True, slots=True)
class KeepOption:
    """One way to discard: ``hand`` is the kept cards' expected show over the 46 starters,
    ``crib`` the expected crib the toss helps make (the dealer's own or the opponent's), and
    ``net`` = hand + crib for the dealer, hand - crib for the pone."""

    keep: tuple[Card, ...]
    toss: tuple[Card, ...]
    hand: float
    crib: float
    net: float

    def describe(self) -> str:
        return (
            f"keep {cards_text(self.keep)} toss {cards_text(self.toss)}: "
            f"hand {self.hand:.2f} crib {self.crib:.2f} net {self.net:.2f}"
        )


def discard_table(
    cards: Iterable[Card], is_dealer: bool, crib_model: str = "sensible"
) -> list[KeepOption]:
    """All 15 keeps of six cards, best ``net`` first.

    >>> from ginrummy_desktop.engine.cards import parse_cards
    >>> best = discard_table(parse_cards("AS 2D 3C 4H 5S 6D"), is_dealer=False)[0]
    >>> format_cards(best.keep)
    '3C 4H 5S 6D'
    """
    six = sorted(require_distinct(cards, "the six cards"))
    if len(six) != 6:
        raise ValueError(f"the discard advisor needs the six dealt cards, not {len(six)}")
    if crib_model not in ("sensible", "random"):
        raise ValueError(f"crib_model must be 'sensible' or 'random', not {crib_model!r}")
    starters = unseen_cards(six)
    options = []
    for keep in combinations(six, 4):
        toss = tuple(card for card in six if card not in keep)
        hand = expected_hand(keep, starters)
        crib = crib_value(toss, own_crib=is_dealer, model=crib_model)
        net = hand + crib if is_dealer else hand - crib
        options.append(KeepOption(keep, toss, hand, crib, net))
    options.sort(key=lambda option: (-option.net, [c.index for c in option.keep]))
    return options
