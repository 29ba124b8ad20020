"""The chance of winning a game of Cribbage from any two scores, and what a keep does to it.

A hand is played in this order: the pegging (the dealer's heels included), the pone's show, the
dealer's hand, the crib; whoever reaches the target first wins, so near the end the order
matters as much as the points. ``tools/cribbage_hand_points.py`` measures what each part of a
hand scores between careful players and, from those histograms, computes by dynamic programming
(``solve_pone_chances``) the chance that the pone wins from each pair of needs (points still to
go, 1-121), taking the parts as independent and the two players as alike. Both are stored in
``_hand_points.py`` (solving takes seconds). A 61-point game uses the same table as a
121-point one: only the needs matter.

``keep_win_chance`` is the expert's positional discard: the exact spread of its hand over the
starters, the measured pegging, the opponent's measured show and a crib shifted by what the
toss is worth, played through in the right order.
"""

from __future__ import annotations

import base64
import sys
from array import array
from collections.abc import Callable, Sequence
from math import floor
from typing import Any

from ginrummy_desktop.engine.cribbage import _hand_points

MAX_NEED = 121
BOTH_PEG_OUT = 0.5  # both reach the target in one hand's pegging: who got there first is unknown

Distribution = list[tuple[int, float]]


def normalised(histogram: dict[Any, int]) -> list[tuple[Any, float]]:
    """A histogram's outcomes with their shares of the whole, in order."""
    total = sum(histogram.values())
    return [(outcome, count / total) for outcome, count in sorted(histogram.items())]


PEGGING: list[tuple[int, int, float]] = [
    (pone, dealer, chance)
    for (pone, dealer), chance in normalised(_hand_points.HISTOGRAMS["pegging"])
]
PONE_SHOW: Distribution = normalised(_hand_points.HISTOGRAMS["pone_show"])
DEALER_SHOW: Distribution = normalised(_hand_points.HISTOGRAMS["dealer_show"])
CRIB: Distribution = normalised(_hand_points.HISTOGRAMS["crib"])
MEAN_CRIB = sum(points * chance for points, chance in CRIB)


def decode_chances(text: str) -> list[float]:
    packed = array("H")
    packed.frombytes(base64.b64decode(text))
    if sys.byteorder != "little":
        packed.byteswap()
    return [value / 65535 for value in packed]


_PONE_CHANCES = decode_chances(_hand_points.PONE_CHANCES)


def pone_win_chance(pone_need: int, dealer_need: int) -> float:
    """The pone's chance of winning the game at the start of a hand, from the points each
    player still needs (1 or more; needs beyond ``MAX_NEED`` count as ``MAX_NEED``)."""
    if pone_need < 1 or dealer_need < 1:
        raise ValueError("a game in progress needs at least a point on each side")
    pone_need, dealer_need = min(pone_need, MAX_NEED), min(dealer_need, MAX_NEED)
    return _PONE_CHANCES[(pone_need - 1) * MAX_NEED + dealer_need - 1]


# Positions part-way through a hand, by needs (int keys and float values: the collector never
# walks these dicts). Each entry is a short sum, filled on first use.
_AFTER_PONE_SHOW: dict[int, float] = {}
_BEFORE_CRIB: dict[int, float] = {}
_AFTER_DEALER_HAND: dict[int, float] = {}


def _pone_after_own_show(mine: int, dealer: int) -> float:
    """The pone has pegged and shown and needs ``mine`` more; the dealer needs ``dealer``
    and has still to show hand and crib."""
    if dealer <= 0:
        return 0.0
    key = mine * 1024 + dealer
    value = _AFTER_PONE_SHOW.get(key)
    if value is None:
        value = sum(chance * (1.0 - pone_win_chance(dealer - points, mine))
                    for points, chance in DEALER_SHOW if points < dealer)
        _AFTER_PONE_SHOW[key] = value
    return value


def _dealer_before_crib(pone: int, mine: int) -> float:
    """The dealer, needing ``mine`` after his hand, with the pone needing ``pone`` after its
    show (both still short): only the crib is left to count."""
    if mine <= 0:
        return 1.0
    key = pone * 1024 + mine
    value = _BEFORE_CRIB.get(key)
    if value is None:
        value = sum(chance * (1.0 if points >= mine else pone_win_chance(mine - points, pone))
                    for points, chance in CRIB)
        _BEFORE_CRIB[key] = value
    return value


def _dealer_after_own_hand(pone: int, mine: int) -> float:
    """The dealer's chance once the pegging is over and his hand is counted (in thought:
    the pone shows first, so the dealer's hand only counts if the pone's falls short)."""
    key = pone * 1024 + max(mine, 0)
    value = _AFTER_DEALER_HAND.get(key)
    if value is None:
        value = sum(chance * _dealer_before_crib(pone - points, mine)
                    for points, chance in PONE_SHOW if points < pone)
        _AFTER_DEALER_HAND[key] = value
    return value


def _between(function: Callable[[int, int], float], first: int, second: float) -> float:
    """``function(first, second)`` for a fractional ``second``, by linear interpolation."""
    low = floor(second)
    share = second - low
    value = function(first, low)
    return value if share == 0 else (1 - share) * value + share * function(first, low + 1)


def keep_win_chance(
    hand_points: Sequence[int], is_dealer: bool, my_need: int, their_need: int, crib_shift: float
) -> float:
    """The chance of winning the game with a keep whose show scores each of ``hand_points``
    equally likely (one per possible starter). ``crib_shift`` is what the toss adds to the crib
    over a careful player's average (``crib_value - MEAN_CRIB``); it counts for the crib's owner.
    The pegging and the opponent's show are the measured ones."""
    spread: dict[int, float] = {}
    for points in hand_points:
        spread[points] = spread.get(points, 0.0) + 1.0
    mass = len(hand_points)
    shows = [(points, count / mass) for points, count in spread.items()]
    value = 0.0
    if is_dealer:
        for pp, pd, chance in PEGGING:
            if pp >= their_need:
                value += chance * (BOTH_PEG_OUT if pd >= my_need else 0.0)
            elif pd >= my_need:
                value += chance
            else:
                pone, mine = their_need - pp, my_need - pd - crib_shift
                value += chance * sum(
                    share * _between(_dealer_after_own_hand, pone, mine - points)
                    for points, share in shows
                )
    else:
        for pp, pd, chance in PEGGING:
            if pp >= my_need:
                value += chance * (BOTH_PEG_OUT if pd >= their_need else 1.0)
            elif pd < their_need:
                mine, dealer = my_need - pp, their_need - pd - crib_shift
                value += chance * sum(
                    share * (1.0 if points >= mine else
                             _between(_pone_after_own_show, mine - points, dealer))
                    for points, share in shows
                )
    return value
