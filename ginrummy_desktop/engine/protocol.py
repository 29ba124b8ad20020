"""The contracts between the engine, agents, the headless runner and the GUI.

Both games implement ``MatchSession``: a match in progress that says whose decision is due, builds
that seat's observation, and applies an action (raising ``IllegalActionError`` and changing nothing
when it is illegal). The runner (``ginrummy-sim``) and the GUI controllers drive every game through
this one interface, so the loop that asks agents for moves exists once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from ginrummy_desktop.engine.actions import Action


@runtime_checkable
class Observation(Protocol):
    """What one seat may know. Game observations add their own fields (see docs/bots.md).

    Built afresh for each call from immutable values (tuples, ``Card``, ``Action``) and copies
    (the rules), so an agent that rewrites what it was given changes nothing the engine uses.
    """

    seat: int
    legal_actions: Sequence[Action]


@runtime_checkable
class Agent(Protocol):
    """A player: constructible with no arguments (optionally ``seed=``), one method."""

    def choose(self, observation: Any) -> Action:  # pragma: no cover - protocol
        ...


class MatchSession(Protocol):
    """A match in progress, driven one decision at a time."""

    @property
    def num_seats(self) -> int: ...

    @property
    def over(self) -> bool: ...

    def to_move(self) -> int | None:
        """The seat whose decision is due, or None when the match is over."""

    def observation(self, seat: int) -> Any:
        """The observation for ``seat`` (only what that seat may know)."""

    def apply(self, seat: int, action: Action) -> None:
        """Play ``action`` for ``seat``; anything but one of its legal actions (compared by value
        on exact types, ``engine.actions.legal_action``) raises ``IllegalActionError``, with
        the state and the hand's log unchanged."""

    def hand_records(self) -> list[dict]:
        """JSON-ready records of every finished hand, in order."""


@runtime_checkable
class GameSpec(Protocol):
    """Everything game-agnostic code needs to know about one game: the runner (``ginrummy-sim``),
    the wire codec, replays, the online referee's tables, storage's checks.

    ``engine/registry.py`` maps a game name to ``"module:ATTRIBUTE"`` of an object with this
    shape (or holds the object itself); see docs/engine.md ("Adding a game"). Code outside a
    game's package asks its spec instead of branching on the game's name.
    """

    #: The game's name as typed on the command line and stored in each record's ``game`` field.
    name: str
    #: What people call the game ("Gin Rummy"): menus, window titles, statistics.
    title: str
    #: Built-in bot ids -> factories accepting an optional ``seed=`` keyword.
    builtin_bots: Mapping[str, Callable[..., Agent]]
    #: Preset names -> rules objects (the first is the default).
    presets: Mapping[str, Any]
    #: The class of this game's observations (the wire codec picks the game by it).
    observation_type: type

    def parse_rules(self, preset: str, overrides: Mapping[str, str]) -> Any:
        """Rules from a preset name plus ``name=value`` texts; bad input raises ``ValueError``."""

    def num_seats(self, rules: Any) -> int:
        """How many seats (agents) a match under ``rules`` needs."""

    def new_match(self, rules: Any, seed: int | None = None) -> MatchSession:
        """A fresh match. The same rules and seed deal the same cards for every hand number."""

    def restore(self, snapshot: dict[str, Any]) -> MatchSession:
        """The match a ``snapshot()`` of it saved; bad data raises ``ValueError``."""

    def hand_number(self, session: MatchSession) -> int:
        """The number of the hand in play (or of the last one dealt)."""

    def dealt_deck(self, session: MatchSession) -> tuple[list[str], str, str] | None:
        """(deck as card texts, salt, commitment) of the hand in play, None before a deal: what
        a match stopped mid-hand reveals so the hand's published commitment can be checked."""

    def public_view(self, session: MatchSession, seat: int) -> dict[str, Any] | None:
        """Public facts of the hand in play a table shows but the observation leaves out (never
        a hidden card), as JSON; None when the observation holds them all."""

    def observation_to_wire(self, observation: Any) -> dict[str, Any]:
        """The observation as a JSON object with ``"game": name`` (engine/wire.py's format)."""

    def observation_from_wire(self, data: dict[str, Any]) -> Any:
        """The observation back from its JSON object; anything malformed raises ``WireError``."""

    def replay_frames(self, record: dict[str, Any],
                      names: dict[int, str] | None = None) -> list[Any]:
        """Every position of one hand record as ``engine.replay.ReplayFrame`` objects; a record
        that does not replay raises ``ValueError``."""

    def match_winners(self, session: MatchSession) -> tuple[int, ...]:
        """The seats that won a finished match (both partners in a partnership game)."""

    def player_stats(self, records: Sequence[dict], seat: int) -> dict[str, int]:
        """Per-seat counters from one match's hand records (e.g. ``hand_wins``, ``points``)."""

    def replay_record(self, record: dict) -> None:
        """Replay one hand record; raise ``ValueError`` with the reason if it does not match."""

    # Optional: ``derived_stats(counters, hands) -> dict[str, float]`` adds figures computed from
    # a player's summed counters (e.g. averages per hand) to the runner's per-player report.
    # Optional, for the hand review (engine/review/): ``review(record, seat) -> HandReview``
    # values and grades one seat's decisions in a hand record, by ``review_thresholds``
    # ((inaccuracy, mistake, blunder) in points lost); ``practice(record, seat, step) ->
    # MatchSession`` sets a recorded hand up again just before action ``step`` to play on.
    # Optional: ``match_score(mine, theirs) -> int``, the arcade score of a won match from the
    # match totals (storage keeps the best for the Statistics window).
    # Optional: ``preset_titles`` (preset id -> its name as people read it, English, shown with
    # ``tr()``); ``game_lengths() -> dict[int, str]`` (target -> words, longest first) when
    # people pick a game's length by name rather than typing a target: the longest plays the
    # preset chosen, each shorter one is the preset whose rules have that target.
    # Optional: ``lesson``, ``"module:NAME"`` of the game's guided game (an
    # ``engine.lessons.Lesson``), loaded when the lesson window opens.
    # Optional, how the table and records read (replays, reviews, statistics; absent: no):
    # ``hands_numbered_from`` (0 when records number hands from 0; absent: 1), ``has_stock``
    # (a face-down stock beside the discard pile), ``shows_melds`` (a hand shown at the end of
    # a deal is melds, deadwood and cards laid off rather than one counted group),
    # ``match_bonuses`` (the match totals add bonuses to the hands' points).
