"""The safety rules a good player pegs by, over ranks: one definition for the careful persona,
which plays by them, and for the expert's opponent model, which assumes the opponent does.

``seen`` counts, for ranks 1-13 (index 0-12), the cards the player has seen: its six dealt
cards, the starter and the cards its opponent has played.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from ginrummy_desktop.engine.cribbage.scoring import play_points_for_ranks


def safe_play_value(
    count: int,
    ranks: tuple[int, ...],
    rank: int,
    held: tuple[int, ...],
    seen: tuple[int, ...],
    opponent_cards_left: int,
) -> float:
    """The value of playing ``rank`` from ``held`` (ranks, ``rank`` among them) onto the count:
    points now, less the opponent's best reply's expected points, with the classic rules (lead
    low, never lead a five, lead from a pair, avoid leaving 5 or 21, keep "magic eleven" pairs)."""
    after = count + min(rank, 10)
    value = play_points(ranks, rank, count) - reply_points(
        ranks + (rank,), after, seen, opponent_cards_left
    )
    remaining = list(held)
    remaining.remove(rank)
    if count == 0:
        if rank == 5:
            value -= 2.0  # a lead five invites fifteen-two from any ten-card
        elif rank <= 4:
            value += 0.6  # nothing the opponent plays makes fifteen
        if rank in remaining:
            value += 0.4  # lead from a pair: a pairing reply meets a pair royal
    if after in (5, 21):
        value -= 0.8
    for other in remaining:
        if min(other, 10) + min(rank, 10) == 11:
            value -= 0.2  # breaking a magic-eleven pair
    return value


@lru_cache(maxsize=1 << 13)
def play_points(ranks: tuple[int, ...], rank: int, count: int) -> int:
    """What playing ``rank`` onto the count (its ``ranks``, total ``count``) pegs."""
    return play_points_for_ranks((*ranks, rank), count + min(rank, 10))


@lru_cache(maxsize=1 << 12)  # few repeat: kept small, cheap for the garbage collector
def reply_points(ranks: tuple[int, ...], count: int, seen: tuple[int, ...], held: int) -> float:
    """Expected points of the opponent's best reply if it holds ``held`` random unseen cards."""
    if held <= 0:
        return 0.0
    total = 52 - sum(seen)
    replies = []
    for rank, points in _scoring_replies(ranks, count):
        available = 4 - seen[rank - 1]
        if available > 0:
            replies.append((points, _chance_to_hold(total, available, held)))
    replies.sort(reverse=True)
    expected, none_better = 0.0, 1.0
    for points, p_hold in replies:
        expected += points * p_hold * none_better
        none_better *= 1 - p_hold
    return expected


@lru_cache(maxsize=1 << 16)
def _scoring_replies(ranks: tuple[int, ...], count: int) -> tuple[tuple[int, int], ...]:
    """The ranks that fit the count and peg, with what each pegs (most counts have few)."""
    replies = []
    for rank in range(1, 14):
        # After four of a rank on the count there is no fifth to pair it.
        if count + min(rank, 10) <= 31 and ranks.count(rank) < 4:
            points = play_points(ranks, rank, count)
            if points:
                replies.append((rank, points))
    return tuple(replies)


@lru_cache(maxsize=4096)
def _chance_to_hold(total: int, available: int, held: int) -> float:
    """The chance that ``held`` cards drawn from ``total`` include one of ``available``."""
    return 1 - comb(total - available, held) / comb(total, held)
