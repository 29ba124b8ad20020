"""A storage ``MatchSummary`` of a gin match, from the engine's hand records."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from ginrummy_desktop.engine.gin.results import match_totals
from ginrummy_desktop.gui.gin.controller import HUMAN


def _side(seat: int | None, person: int = HUMAN) -> str | None:
    return None if seat is None else ("player" if seat == person else "opponent")


def match_summary(controller: Any, started_at: datetime, result: str, seat: int = HUMAN,
                  opponent_id: str | None = None) -> Any:
    """A storage ``MatchSummary`` of the controller's match from the engine's hand records;
    ``seat`` is the person's seat in them (an online match may seat them second)."""
    from ginrummy_desktop.storage import HandSummary, MatchSummary

    hands = []
    for record in controller.session.hand_records():
        outcome = record["result"]
        winner = outcome.get("winner")
        points = outcome.get("points", 0) if outcome.get("kind") != "draw" else 0
        mine = next((h for h in outcome.get("hands", []) if h.get("seat") == seat), None)
        scores = record.get("scores", [0, 0])
        hands.append(HandSummary(
            winner=_side(winner, seat) if outcome.get("kind") != "draw" else None,
            player_points=points if winner == seat else 0,
            opponent_points=points if winner not in (None, seat) else 0,
            player_total=scores[seat], opponent_total=scores[1 - seat],
            ending=outcome.get("kind"), knocker=_side(outcome.get("knocker"), seat),
            player_deadwood=mine.get("deadwood_points") if mine else None,
            turns=sum(1 for action in record.get("actions", []) if action[1] == "discard"),
            record=record))
    session = controller.session  # match totals (boxes, bonuses), as the match-over panel
    scores = match_totals(session.final_breakdown, session.seat_scores())
    rules = controller.setup.preset + (" (practice)" if controller.setup.practice else "")
    return MatchSummary(game="gin", opponent_id=opponent_id or controller.setup.opponent,
                        opponent_name=controller.opponent_name, rules=rules,
                        started_at=started_at, ended_at=datetime.now(UTC),
                        player_score=scores[seat], opponent_score=scores[1 - seat],
                        result=result, hands=tuple(hands), player_seat=seat,
                        undo_used=bool(controller.setup.practice and controller.undo_used))
