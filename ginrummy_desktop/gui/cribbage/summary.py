"""A storage ``MatchSummary`` of a cribbage game, from the engine's hand records.

Figures are the person's: ``hand_points`` and ``crib_points`` are the counts of the show (None
when that hand was not counted because the game ended first, and ``crib_points`` None when the
computer had the crib); ``pegging_points`` is everything pegged outside the show (the play, go,
last card and his heels). A deal is "won" by whoever scored more in it (None on a tie).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

PEGGING_KINDS = ("play", "go", "last card", "heels")
SKUNK_LEVELS = {"win": 0, "skunk": 1, "double skunk": 2}


def _side(points: tuple[int, int]) -> str | None:
    if points[0] == points[1]:
        return None
    return "player" if points[0] > points[1] else "opponent"


def hand_summary(record: dict[str, Any], human: int) -> Any:
    """One deal from the person's side."""
    from ginrummy_desktop.storage import HandSummary

    events = record.get("events", [])
    mine = sum(e["points"] for e in events if e["seat"] == human)
    theirs = sum(e["points"] for e in events if e["seat"] != human)
    # With muggins a hand scores what its owner claimed ("claimed"), not always its full value.
    shows = {(s["seat"], s["what"]): int(s.get("claimed", s["total"]))
             for s in record.get("shows", [])}
    pegging = sum(e["points"] for e in events if e["seat"] == human and e["kind"] in PEGGING_KINDS)
    after = record.get("scores_after", [None, None])
    return HandSummary(
        winner=_side((mine, theirs)),  # type: ignore[arg-type]
        player_points=mine, opponent_points=theirs,
        player_total=after[human], opponent_total=after[1 - human],
        hand_points=shows.get((human, "hand")),
        crib_points=shows.get((human, "crib")) if record.get("dealer") == human else None,
        pegging_points=pegging, record=record)


def game_summary(match: Any, *, opponent_id: str, opponent_name: str, rules: str,
                 started_at: datetime, result: str, human: int = 0) -> Any:
    """The whole game (``result``: win, loss or abandoned) with every finished deal."""
    from ginrummy_desktop.storage import MatchSummary

    skunk = SKUNK_LEVELS.get(match.outcome() or "win", 0) if result != "abandoned" else 0
    return MatchSummary(
        game="cribbage", opponent_id=opponent_id, opponent_name=opponent_name, rules=rules,
        started_at=started_at, ended_at=datetime.now(UTC),
        player_score=int(match.scores[human]), opponent_score=int(match.scores[1 - human]),
        result=result, skunk=skunk, player_seat=human,
        hands=tuple(hand_summary(record, human) for record in match.hand_records()))
