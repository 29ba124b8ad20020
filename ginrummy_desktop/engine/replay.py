"""Step through a finished hand from its record, one position per action, for a replay viewer.

``replay_frames(record, names)`` reads a hand record of any registered game (the JSON the
matches write) and plays its actions through that game's own engine (its spec's
``replay_frames``, e.g. engine/gin/replay.py), so a replay shows exactly what
was played. Each ``ReplayFrame`` is the table after one action, told in words a person reads
(cards as ``Q♦``); the last frames lay the hands out as they were scored: a gin hand's melds,
deadwood and lay-offs with the score items, a cribbage deal's show item by item. A record
that does not replay raises ``ValueError`` saying why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.registry import GAMES, game_names, get_game
from ginrummy_desktop.engine.translation import tr


@dataclass(frozen=True, slots=True)
class ShownHand:
    """One player's cards as scored at the end of a deal.

    Gin: ``melds`` and ``deadwood`` as the engine arranged them, ``laid_off`` the cards this
    player laid off onto the knocker's melds. Cribbage: ``melds`` holds the counted hand (or
    crib) as one group, counted with the frame's starter (its ``discard_pile``). ``summary``
    says what it scored ("Deadwood 4", "crib: 12 points").
    """

    seat: int
    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...] = ()
    laid_off: tuple[Card, ...] = ()
    summary: str = ""


@dataclass(frozen=True, slots=True)
class ReplayFrame:
    """The table after ``step`` actions (step 0 is the deal).

    ``hands`` is in ``seats`` order: the non-dealer's hand first, then the dealer's.
    ``deadwood`` (gin) is each hand's least deadwood at that moment. ``shown`` and
    ``scoring`` are filled on the frames that end the deal: the hands laid out as scored (None
    for a hand not shown) and the score lines, e.g. ``("Gin bonus 25", "Opponent's deadwood
    12", "Max scores 37")``.
    """

    step: int
    seats: tuple[int, int]
    description: str
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    discard_pile: tuple[Card, ...]
    stock_count: int
    actor: int | None = None
    card: Card | None = None
    note: str = ""  # what the middle of the table says (cribbage: count, starter, crib)
    deadwood: tuple[int | None, int | None] = (None, None)
    shown: tuple[ShownHand | None, ShownHand | None] = (None, None)
    scoring: tuple[str, ...] = ()


def replay_frames(
    record: dict[str, Any], names: dict[int, str] | None = None
) -> list[ReplayFrame]:
    """Every position of one hand of any registered game. ``names`` maps seats to player names
    ("You" reads in the second person); seats without a name are "Seat N"."""
    if not isinstance(record, dict):
        raise ValueError(tr("a hand record must be a JSON object"))
    game = record.get("game")
    if not isinstance(game, str) or game not in GAMES:
        known = " or ".join(game_names())
        # Translators: {known} lists the games' ids (gin or cribbage), kept as they are.
        raise ValueError(tr("unknown game {game} (expected {known})").format(game=repr(game),
                                                                           known=known))
    return get_game(game).replay_frames(record, names)


def seat_names(seats: tuple[int, ...], names: dict[int, str] | None) -> dict[int, str]:
    given = names or {}
    return {seat: given[seat] if seat in given else tr("Seat {number}").format(number=seat)
            for seat in seats}
