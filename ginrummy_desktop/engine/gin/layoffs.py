"""The defender's answer to a knock: own melds plus lay-offs onto the knocker's melds.

After a knock the defender lays out melds and may lay off cards onto the knocker's melds:
runs grow at either end one card at a time (so 8H then 9H onto 5H-6H-7H is fine: a laid-off card
can enable the next), and a set of three takes its fourth card. Nothing is laid off onto
deadwood, and the knocker never lays off.

Lay-offs are allowed only when the knocker did not go gin. Callers (the rules engine) must not
call ``defender_result`` after gin: the defender then just melds, which is
``best_arrangement(defender_cards)``.

The choice is made jointly: every lay-off "chain" (1, 2, ... cards held by the defender going
outward from one end of a knocker's run, or a set's fourth card) is a candidate beside the
defender's own melds, and one exact search picks the disjoint candidates covering the most
points. So a card goes where it is worth most, even laid off instead of melded.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ginrummy_desktop.engine.cards import Card, cards_mask, mask_cards, require_distinct
from ginrummy_desktop.engine.gin.melds import (
    _candidates,
    _merge_touching_runs,
    hand_to_mask,
    is_meld_mask,
    layoff_cards_mask,
    points_of_mask,
)

__all__ = [
    "DefenderResult",
    "defender_deadwood_mask",
    "defender_result",
    "possible_layoff_cards",
]

_RANK_SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39


@dataclass(frozen=True, slots=True)
class DefenderResult:
    """The defender's best layout against a knock.

    ``layoffs`` pairs each laid-off card with the index of the knocker's meld it joins, in an
    order in which they can be laid one at a time (a chain starts next to the meld).
    """

    melds: tuple[tuple[Card, ...], ...]
    layoffs: tuple[tuple[Card, int], ...]
    deadwood: tuple[Card, ...]
    deadwood_points: int


# A candidate is (card mask, points, knocker meld index or -1 for the defender's own meld,
# cards in laying order for lay-offs).
_Candidate = tuple[int, int, int, tuple[int, ...]]


def _layoff_candidates(hand: int, knocker_melds: Sequence[int]) -> list[_Candidate]:
    found: list[_Candidate] = []
    for meld_index, meld in enumerate(knocker_melds):
        low = meld & -meld
        if meld & (low << 1):  # a run: chains outward from each end while the hand has the cards
            first = low.bit_length() - 1
            suit_base = first - first % 13
            for step, stop in ((-1, suit_base - 1), (1, suit_base + 13)):
                card = first - 1 if step < 0 else meld.bit_length()
                chain_mask = 0
                order: tuple[int, ...] = ()
                while card != stop and hand >> card & 1:
                    chain_mask |= 1 << card
                    order += (card,)
                    found.append((chain_mask, points_of_mask(chain_mask), meld_index, order))
                    card += step
        else:
            missing = (_RANK_SPREAD << ((low.bit_length() - 1) % 13)) & ~meld & hand
            if missing:
                order = (missing.bit_length() - 1,)
                found.append((missing, points_of_mask(missing), meld_index, order))
    return found


def _best_packing(cands: list[_Candidate]) -> tuple[tuple[int, int], tuple[_Candidate, ...]]:
    """Disjoint candidates with the most points; ties keep more cards in the defender's melds."""
    if not cands:
        return (0, 0), ()
    union = 0
    for cand in cands:
        union |= cand[0]
    low = union & -union
    rest = [c for c in cands if not c[0] & low]
    best_key, best_pack = _best_packing(rest)
    for cand in cands:
        if cand[0] & low:
            sub = [c for c in rest if not c[0] & cand[0]]
            (points, own), pack = _best_packing(sub)
            key = (points + cand[1], own + (cand[0].bit_count() if cand[2] < 0 else 0))
            if key > best_key:
                best_key, best_pack = key, (cand, *pack)
    return best_key, best_pack


def _all_candidates(hand: int, knocker_melds: Sequence[int]) -> list[_Candidate]:
    own: list[_Candidate] = [(m, p, -1, ()) for m, p in _candidates(hand)]
    return own + _layoff_candidates(hand, knocker_melds)


@lru_cache(maxsize=1 << 14)  # entries hold a tuple of melds: ~250 bytes each
def defender_deadwood_mask(defender_mask: int, knocker_melds: tuple[int, ...]) -> int:
    """Fast path for bots: the defender's least deadwood after melding and laying off.

    >>> hand = cards_mask([Card.parse(t) for t in "8H 9H KS".split()])
    >>> defender_deadwood_mask(hand, (cards_mask([Card.parse(t) for t in "5H 6H 7H".split()]),))
    10
    """
    (points, _), _ = _best_packing(_all_candidates(defender_mask, knocker_melds))
    return points_of_mask(defender_mask) - points


def _meld_masks(knocker_melds: Iterable[Iterable[Card]], defender: int) -> list[int]:
    masks: list[int] = []
    seen = defender
    for number, meld in enumerate(knocker_melds, start=1):
        cards = require_distinct(meld, f"knocker's meld {number}")
        mask = cards_mask(cards)
        if not is_meld_mask(mask):
            raise ValueError(
                f"knocker's meld {number} ({' '.join(map(str, cards))}) is not a set or a run"
            )
        if mask & seen:
            shared = " ".join(str(c) for c in mask_cards(mask & seen))
            raise ValueError(
                f"knocker's meld {number} uses {shared}, already in another hand or meld"
            )
        seen |= mask
        masks.append(mask)
    return masks


def defender_result(
    defender_cards: Iterable[Card], knocker_melds: Iterable[Iterable[Card]]
) -> DefenderResult:
    """The defender's own melds and lay-offs that leave the least deadwood.

    Not for gin: after gin there are no lay-offs (use ``best_arrangement`` instead).

    >>> from ginrummy_desktop.engine.cards import parse_cards
    >>> knocker = [parse_cards("5H 6H 7H"), parse_cards("KC KD KS")]
    >>> result = defender_result(parse_cards("8H 9H KH 2C 3D"), knocker)
    >>> [(str(card), meld) for card, meld in result.layoffs], result.deadwood_points
    ([('8H', 0), ('9H', 0), ('KH', 1)], 5)
    """
    mask, _ = hand_to_mask(defender_cards, "defender's cards")
    melds = _meld_masks(knocker_melds, mask)
    _, packing = _best_packing(_all_candidates(mask, melds))
    own = _merge_touching_runs(tuple(c[0] for c in packing if c[2] < 0))
    chains = sorted((c for c in packing if c[2] >= 0), key=lambda c: (c[2], c[3]))
    layoffs = tuple(
        (Card.from_index(index), chain[2]) for chain in chains for index in chain[3]
    )
    covered = 0
    for cand in packing:
        covered |= cand[0]
    dead = mask & ~covered
    return DefenderResult(
        melds=tuple(
            sorted((tuple(mask_cards(m)) for m in own), key=lambda t: (min(t), t))
        ),
        layoffs=layoffs,
        deadwood=tuple(sorted(mask_cards(dead))),
        deadwood_points=points_of_mask(dead),
    )


def possible_layoff_cards(
    melds: Iterable[Iterable[Card]], unavailable: Iterable[Card] = ()
) -> set[Card]:
    """Cards of the deck that could be laid off onto these melds, chains included.

    ``unavailable`` cards (say, the knocker's deadwood) cannot be laid off and stop a chain.

    >>> from ginrummy_desktop.engine.cards import parse_cards
    >>> melds = [parse_cards("JS QS KS"), parse_cards("4C 4D 4H")]
    >>> sorted(str(c) for c in possible_layoff_cards(melds))
    ['2S', '3S', '4S', '5S', '6S', '7S', '8S', '9S', 'AS', 'TS']
    >>> sorted(str(c) for c in possible_layoff_cards([parse_cards("JS QS KS")], parse_cards("9S")))
    ['TS']
    """
    masks = _meld_masks(melds, 0)
    blocked = cards_mask(require_distinct(unavailable, "unavailable cards"))
    return set(mask_cards(layoff_cards_mask(masks, blocked)))
