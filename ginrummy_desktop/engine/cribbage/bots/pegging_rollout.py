"""How a keep pegs, by play-outs over ranks: both seats peg by the safety rules
(``safe_play``), each seeing only its own cards, the starter and what has been played, against
opponent hands kept as a sensible player would keep them (``opponent_model.best_keep``).
The same drawn deals serve every keep, so their differences stand out of the noise.

The expert's discard can weigh its near-equal keeps by this (``ExpertBot.discard_playouts``;
off: screened, it gained nothing, docs/ai.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from ginrummy_desktop.engine.cribbage.bots.opponent_model import best_keep
from ginrummy_desktop.engine.cribbage.bots.safe_play import play_points, safe_play_value
from ginrummy_desktop.engine.rng import StableRandom


def play_out(pone: Sequence[int], dealer: Sequence[int], pone_seen: Sequence[int],
             dealer_seen: Sequence[int]) -> tuple[int, int]:
    """The pegging points (pone, dealer) of one play, both seats by the safety rules.

    ``pone``/``dealer`` are the four kept ranks; ``*_seen`` count by rank (index 0-12) what
    each has seen before the play: its six cards and the starter. Goes, 31s and the last card
    score as in the rules; his heels is left out (it is the same for every keep)."""
    held = [sorted(pone), sorted(dealer)]
    seen = [list(pone_seen), list(dealer_seen)]
    points = [0, 0]
    on_count: tuple[int, ...] = ()
    count, mover, last = 0, 0, -1
    said_go = [False, False]
    while held[0] or held[1]:
        fitting = sorted({rank for rank in held[mover] if count + min(rank, 10) <= 31})
        if not fitting:
            said_go[mover] = True
            other = 1 - mover
            if any(count + min(rank, 10) <= 31 for rank in held[other]):
                mover = other
                continue
            points[last] += 1  # the go: nobody can play; the last to play pegs one
            count, on_count, said_go = 0, (), [False, False]
            mover = 1 - last
            continue
        hand, sees = tuple(held[mover]), tuple(seen[mover])
        cards_left = len(held[1 - mover])
        rank = max(fitting, key=lambda r: (
            safe_play_value(count, on_count, r, hand, sees, cards_left), -r))
        points[mover] += play_points(on_count, rank, count)
        count += min(rank, 10)
        on_count += (rank,)
        held[mover].remove(rank)
        seen[1 - mover][rank - 1] += 1
        last = mover
        if count == 31:  # its two points are in play_points; a new count starts
            count, on_count, said_go = 0, (), [False, False]
            mover = 1 - last
        elif not said_go[1 - mover]:
            mover = 1 - mover
    if count:
        points[last] += 1  # the last card
    return points[0], points[1]


def _draw(items: list[int], count: int, rng: StableRandom) -> list[int]:
    """``count`` of ``items`` without replacement (a partial shuffle of ``items`` in place)."""
    for i in range(count):
        j = i + rng.randbelow(len(items) - i)
        items[i], items[j] = items[j], items[i]
    return items[:count]


def keep_pegging(six: Sequence[int], keeps: Sequence[Sequence[int]], is_dealer: bool,
                 deals: int, rng: StableRandom) -> list[float]:
    """For each keep (ranks) of our ``six`` ranks: our mean pegging lead over ``deals`` drawn
    deals (the opponent's six and the starter from the cards we cannot see), the same deals for
    every keep."""
    unseen = [rank for rank in range(1, 14) for _ in range(4)]
    for rank in six:
        unseen.remove(rank)
    mine_base = [0] * 13
    for rank in six:
        mine_base[rank - 1] += 1
    drawn = []
    for _ in range(deals):
        picks = _draw(unseen, 7, rng)
        their_six, starter = tuple(sorted(picks[:6])), picks[6]
        theirs = best_keep(their_six, not is_dealer, "sensible")
        their_seen = [0] * 13
        for rank in their_six:
            their_seen[rank - 1] += 1
        their_seen[starter - 1] += 1
        mine_seen = list(mine_base)
        mine_seen[starter - 1] += 1
        drawn.append((theirs, their_seen, mine_seen))
    leads = []
    for keep in keeps:
        total = 0
        for theirs, their_seen, mine_seen in drawn:
            if is_dealer:
                pone_points, dealer_points = play_out(theirs, keep, their_seen, mine_seen)
                total += dealer_points - pone_points
            else:
                pone_points, dealer_points = play_out(keep, theirs, mine_seen, their_seen)
                total += pone_points - dealer_points
        leads.append(total / max(deals, 1))
    return leads
