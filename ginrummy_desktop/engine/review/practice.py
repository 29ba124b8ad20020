""""Try again": a recorded hand set up again just before one of its decisions, to play on.

``practice(record, seat, step)`` asks the record's game (its spec's ``practice`` hook, e.g.
``engine/gin/practice.py``) for the match at the moment before action ``step``: dealt the
record's own deck, every recorded action before it replayed, so the table is exactly as it was;
from there the person plays on against a bot. The hands after it are dealt fresh.
"""

from __future__ import annotations

from typing import Any

from ginrummy_desktop.engine import registry
from ginrummy_desktop.engine.protocol import MatchSession


def can_practise(game: Any) -> bool:
    """Whether hands of ``game`` (a record's ``game`` field) can be played on from a step."""
    return (isinstance(game, str) and game in registry.GAMES
            and getattr(registry.get_game(game), "practice", None) is not None)


def practice(record: dict[str, Any], seat: int, step: int) -> MatchSession:
    """The match of ``record``'s game at the moment before action ``step`` (1-based), for
    ``seat`` to play on (the spec says which seat the person then holds); ``ValueError`` for a
    game that has no practice."""
    game = record.get("game")
    if not isinstance(game, str) or not can_practise(game):
        raise ValueError(f"hands of {game!r} cannot be practised")
    session: MatchSession = registry.get_game(game).practice(  # type: ignore[attr-defined]
        record, seat, step)
    return session
