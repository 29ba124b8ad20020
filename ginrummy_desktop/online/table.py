"""One refereed table: the engine match, who sits where, the event sequence and what each seat
may be told. No networking here: the referee turns the returned events into stanzas.

Seat 0 is the host, seat 1 the guest. ``seq`` is the table's version: it grows by one with
every accepted move (and with every away/back event); each event carries the version it
describes, and a move must name the version it was chosen at, so a retried or stale move is
refused instead of applied twice. Everything game-specific is asked of the game's ``GameSpec``
(engine/registry.py); nothing here names a game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.registry import get_game
from ginrummy_desktop.engine.wire import (
    WireError,
    action_from_wire,
    action_to_wire,
    observation_to_wire,
)

COMPUTER_PREFIX = "computer."  # a seat name the referee plays itself (never a real username:
# usernames cannot hold the reserved prefix because the referee refuses to seat them)


def is_computer(name: str | None) -> bool:
    return name is not None and name.startswith(COMPUTER_PREFIX)


class MoveRefused(Exception):
    """A move or request refused with a reason; the table is unchanged."""


def rules_for(game: str, options: dict[str, Any]) -> Any:
    """The engine rules for a table's options (preset, target); bad ones raise ValueError."""
    spec = get_game(game)
    preset = options.get("preset") or next(iter(spec.presets))
    overrides = {"target": str(options["target"])} if "target" in options else {}
    rules = spec.parse_rules(preset, overrides)
    if spec.num_seats(rules) != 2:
        raise ValueError(f"preset {preset!r} is not a two-player game")
    return rules


def _hand_number(game: str, match: Any) -> int:
    return get_game(game).hand_number(match)


def winners_of(game: str, match: Any) -> tuple[int, ...]:
    return tuple(get_game(game).match_winners(match))


def unfinished_deal(game: str, match: Any) -> dict[str, Any] | None:
    """The deck and salt of the hand in play, to reveal when a match ends in the middle of it
    (timeout, resignation, abandon), so its published commitment can still be checked; None
    when that hand's record (which reveals them) was already sent or nothing was dealt."""
    spec = get_game(game)
    dealt = spec.dealt_deck(match)
    if dealt is None:
        return None
    deck, salt, commitment = dealt
    records = match.hand_records()
    if not salt or (records and records[-1].get("commitment") == commitment):
        return None
    return {"hand_number": spec.hand_number(match), "deck": deck, "salt": salt,
            "commitment": commitment}


def public_view(game: str, match: Any, seat: int) -> dict[str, Any] | None:
    """What the table shows that the observation leaves out (cribbage: the pegs, the calls made
    in this hand so far, its shows counted, the result): public facts of the hand in play, never
    a hidden card; None when the observation holds everything (gin). A finished hand's calls
    and shows are in its record (``hand_end``), so they are not repeated here."""
    return get_game(game).public_view(match, seat)


_encode_json = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode


class SnapshotText:
    """A table's match snapshots as the JSON text stored with each move, each finished hand's
    record encoded once per table instead of once per move.

    The records are most of a snapshot late in a match (the hand records of every hand played)
    and never change once made: the engine hands out the same record objects in each snapshot,
    so a record already encoded (the same object at the same place) is reused as text. The
    stored text decodes to exactly the snapshot (``"records"`` comes last: key order is not part
    of it); a record that is not the same object as before is encoded again."""

    def __init__(self) -> None:
        self._records: list[tuple[Any, str]] = []  # (record object, its JSON text), in order

    def encode(self, snapshot: dict[str, Any]) -> str:
        records = snapshot.get("records")
        if not isinstance(records, list) or not records:
            return _encode_json(snapshot)
        cache = self._records
        for index, record in enumerate(records):
            if index < len(cache) and cache[index][0] is record:
                continue
            del cache[index:]
            cache.append((record, _encode_json(record)))
        del cache[len(records):]
        rest = _encode_json({key: value for key, value in snapshot.items() if key != "records"})
        body = ",".join(text for _, text in cache)
        return f'{rest[:-1]}{"," if len(rest) > 2 else ""}"records":[{body}]}}'


@dataclass
class Event:
    """One message for one seat (``seat`` None: both seats)."""

    kind: str
    data: dict[str, Any]
    seat: int | None = None


@dataclass
class LiveTable:
    id: str
    game: str
    options: dict[str, Any]
    players: list[str | None]
    rated: bool
    seq: int = 0
    match: Any = None
    records_sent: int = 0
    dealt_hand: int = -1
    away: dict[int, float] = field(default_factory=dict)  # seat -> grace deadline (monotonic)
    # The snapshot last stored: what a move that cannot be stored rolls back to (kept so each
    # move takes one snapshot, not two).
    stored: dict[str, Any] | None = None
    snapshot_text: SnapshotText = field(default_factory=SnapshotText, repr=False, compare=False)

    @property
    def clock(self) -> int:
        return int(self.options["clock"])

    def start(self) -> list[Event]:
        spec = get_game(self.game)
        self.match = spec.new_match(rules_for(self.game, self.options))
        self.seq = 1
        return self._after_step(None)

    def restore(self, snapshot: dict, seq: int, records: int) -> None:
        self.match = get_game(self.game).restore(snapshot)
        self.stored = snapshot
        self.seq = seq
        self.records_sent = records
        self.dealt_hand = _hand_number(self.game, self.match)

    def snapshot(self) -> dict:
        return self.match.snapshot()

    def seat_of(self, username: str) -> int | None:
        return self.players.index(username) if username in self.players else None

    @property
    def over(self) -> bool:
        return self.match is not None and self.match.over

    def to_move(self) -> int | None:
        return None if self.match is None else self.match.to_move()

    def check_move(self, seat: int, seq: int, action_data: dict) -> Action:
        """The engine action, or ``MoveRefused`` (not your turn, stale, illegal)."""
        if self.match is None or self.match.over:
            raise MoveRefused("the match is not in play")
        if seq != self.seq:
            raise MoveRefused(f"stale move: the table is at event {self.seq}, not {seq}")
        if self.match.to_move() != seat:
            raise MoveRefused("it is not your turn")
        try:
            action = action_from_wire(action_data)
            if action.cards:  # a pair laid in the crib is the same move in either order
                action = Action(action.kind, action.card, tuple(sorted(action.cards)),
                                action.points)
        except (WireError, ValueError, KeyError, TypeError) as error:
            raise MoveRefused(f"malformed action: {error}") from None
        if action not in self.match.legal_actions(seat):
            raise MoveRefused(f"illegal move: {action} is not allowed now")
        return action

    def apply(self, seat: int, action: Action) -> tuple[list[dict], list[Event]]:
        """Play a checked move; returns (new hand records, events). Raises MoveRefused if the
        engine refuses it (the engine leaves the match unchanged then)."""
        try:
            self.match.apply(seat, action)
        except IllegalActionError as error:
            raise MoveRefused(f"illegal move: {error}") from None
        self.seq += 1
        new_records = self.match.hand_records()[self.records_sent:]
        return new_records, self._after_step({"seat": seat, "kind": action.kind})

    def _after_step(self, last: dict | None) -> list[Event]:
        events: list[Event] = []
        records = self.match.hand_records()
        for record in records[self.records_sent:]:
            events.append(Event("hand_end", {"table": self.id, "seq": self.seq,
                                             "record": record}))
        self.records_sent = len(records)
        hand_number = _hand_number(self.game, self.match)
        if not self.match.over and hand_number != self.dealt_hand:
            self.dealt_hand = hand_number
            events.append(Event("deal", {"table": self.id, "seq": self.seq,
                                         "hand_number": self.dealt_hand,
                                         "commitment": self.match.commitment}))
        for seat in range(len(self.players)):
            events.append(Event("state", self.state_for(seat, last), seat))
        return events

    def state_for(self, seat: int, last: dict | None = None) -> dict[str, Any]:
        """What ``seat`` may see now: its own observation and public table facts only."""
        data: dict[str, Any] = {
            "table": self.id, "seq": self.seq, "game": self.game, "seat": seat,
            "observation": observation_to_wire(self.match.observation(seat)),
            "to_move": self.match.to_move(),
            "commitment": self.match.commitment,
            "status": "over" if self.match.over else "playing",
            "players": list(self.players), "rated": self.rated,
        }
        if last is not None:
            data["last"] = last
        public = public_view(self.game, self.match, seat)
        if public is not None:
            data["public"] = public
        return data

    def action_json(self, action: Action) -> dict:
        return action_to_wire(action)
