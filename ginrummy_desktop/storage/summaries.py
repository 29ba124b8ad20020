"""What the table controllers hand to storage when a hand or match ends.

Storage never looks inside the engines: the caller fills these with figures from its own point
of view ("player" is the person at this computer, "opponent" the computer player) and passes the
engine's JSON hand record along unchanged.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from ginrummy_desktop.engine import registry
from ginrummy_desktop.engine.gin.results import RESULT_KINDS
from ginrummy_desktop.engine.translation import mark, tr

Side = Literal["player", "opponent"]
GIN_ENDINGS = RESULT_KINDS  # how a gin hand can end: the engine's record kinds
MATCH_RESULTS = ("win", "loss", "abandoned")
GAMES: tuple[str, ...] = registry.game_names()  # at import; checks ask the registry itself


@dataclass(frozen=True)
class HandSummary:
    """One finished hand (a deal).

    Common: ``winner`` (None for a dead/drawn hand), points each side scored in the hand and
    the running match score after it (when None, storage sums the hand points so far).
    Gin: ``ending`` (gin/big_gin/knock/undercut/draw), ``knocker`` (who knocked or went gin),
    ``player_deadwood`` (the player's deadwood count when the hand ended, after lay-offs),
    ``turns`` (hand length in turns). Cribbage: the player's ``hand_points``, ``crib_points``
    (None when the opponent had the crib) and ``pegging_points``.
    """

    winner: Side | None
    player_points: int
    opponent_points: int
    player_total: int | None = None
    opponent_total: int | None = None
    ending: str | None = None
    knocker: Side | None = None
    player_deadwood: int | None = None
    turns: int | None = None
    hand_points: int | None = None
    crib_points: int | None = None
    pegging_points: int | None = None
    record: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        if self.winner not in (None, "player", "opponent"):
            raise ValueError(f"winner must be 'player', 'opponent' or None, not {self.winner!r}")
        if self.knocker not in (None, "player", "opponent"):
            raise ValueError(f"knocker must be 'player', 'opponent' or None, not {self.knocker!r}")
        if self.ending is not None and self.ending not in GIN_ENDINGS:
            raise ValueError(f"hand ending must be one of {', '.join(GIN_ENDINGS)}")
        for name in ("player_points", "opponent_points"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 0:
                raise ValueError(f"{name} must be a whole number >= 0, not {value!r}")

    @property
    def undercut_given(self) -> bool:
        """The player undercut the opponent's knock."""
        return self.ending == "undercut" and self.knocker == "opponent"

    @property
    def undercut_taken(self) -> bool:
        return self.ending == "undercut" and self.knocker == "player"


@dataclass(frozen=True)
class MatchSummary:
    """One match (finished or abandoned) with its hands in order.

    ``skunk`` is the cribbage skunk level of the result (0 none, 1 skunk, 2 double skunk); it
    counts as given when the player won and as taken when the player lost. ``player_seat`` is
    the person's seat number in the hand records (so replays can name both players).
    ``undo_used`` marks a practice match in which the person took a move back.

    With more than two players, ``seat_ids`` (each seat's bot id or ``online:<name>``, the
    person's own seat any text) and ``seat_names`` (each seat's name) tell the line-up: the
    statistics keep "Bea and Marjorie" apart from "Bea" alone, and replays name every seat.
    Two-player matches may leave both empty (``opponent_id`` and ``opponent_name`` say it all).
    """

    game: str
    opponent_id: str
    opponent_name: str
    rules: str
    started_at: datetime
    ended_at: datetime
    player_score: int
    opponent_score: int
    result: str
    hands: tuple[HandSummary, ...] = field(default_factory=tuple)
    skunk: int = 0
    player_seat: int = 0
    undo_used: bool = False
    seat_ids: tuple[str, ...] = ()
    seat_names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.game not in registry.GAMES:
            known = ", ".join(registry.game_names())
            raise ValueError(f"game must be one of {known}, not {self.game!r}")
        if self.result not in MATCH_RESULTS:
            raise ValueError(f"result must be one of {', '.join(MATCH_RESULTS)}")
        if self.skunk not in (0, 1, 2, 3):
            raise ValueError("skunk must be 0 (none), 1, 2 or 3")
        if self.ended_at < self.started_at:
            raise ValueError("a match cannot end before it starts")
        for name in ("seat_ids", "seat_names"):
            value = tuple(getattr(self, name))
            if not all(isinstance(item, str) for item in value):
                raise ValueError(f"{name} must be texts, one per seat")
            object.__setattr__(self, name, value)
        if self.seat_ids and not 0 <= self.player_seat < len(self.seat_ids):
            raise ValueError("player_seat must be one of the seats in seat_ids")
        object.__setattr__(self, "hands", tuple(self.hands))

    @property
    def lineup(self) -> str:
        """Who the person played with and against, as a key (``lineup_key``)."""
        return lineup_key(self.opponent_id, self.seat_ids, self.player_seat)


def lineup_key(opponent_id: str, seat_ids: tuple[str, ...] | list[str], player_seat: int
               ) -> str:
    """The statistics' key of a line-up: the opponent's id with two players (so every match
    against the same opponent is one line); with three, the two opponents' ids; in
    partnerships, the opponents' ids and the partner's. Seat order does not matter."""
    if len(seat_ids) <= 2:
        return opponent_id
    others = [seat_ids[seat] for seat in range(len(seat_ids)) if seat != player_seat]
    if len(seat_ids) == 4:
        partner = seat_ids[(player_seat + 2) % 4]
        others.remove(partner)
        return "+".join(sorted(others)) + f" with {partner}"
    return "+".join(sorted(others))


_WITH_PARTNER = mark("{opponents} (partner: {partner})")


def lineup_label(opponent_name: str, seat_names: tuple[str, ...] | list[str],
                 player_seat: int, translated: bool = True) -> str:
    """The line-up in words, as the statistics list it: the opponents' names, and in
    partnerships the partner's ("Bea and Marjorie (partner: Ada)"). ``translated=False``: in
    English, as the stored totals keep it (``translated_lineup_label`` shows it)."""
    if len(seat_names) == 4:
        words = tr(_WITH_PARTNER) if translated else _WITH_PARTNER
        return words.format(opponents=opponent_name, partner=seat_names[(player_seat + 2) % 4])
    return opponent_name


def translated_lineup_label(label: str) -> str:
    """A line-up label kept in English (``lineup_label(..., translated=False)``) in the
    language in use."""
    opponents, partner_part, partner = label.rpartition(" (partner: ")
    if not partner_part or not partner.endswith(")"):
        return label
    return tr(_WITH_PARTNER).format(opponents=opponents, partner=partner[:-1])


def timestamp(moment: datetime) -> float:
    """Seconds since the epoch; naive datetimes are taken as local time."""
    return moment.timestamp()


def from_timestamp(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def stored_seat_names(text: Any) -> list[str]:
    """The seat names as the database keeps them (a JSON list), or [] when there are none or
    the stored text is damaged."""
    if not isinstance(text, str):
        return []
    try:
        names = json.loads(text)
    except ValueError:
        return []
    ok = isinstance(names, list) and all(isinstance(name, str) for name in names)
    return names if ok else []
