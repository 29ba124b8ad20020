"""A storage ``MatchSummary`` of a gin match, from the engine's hand records.

Storage keeps two sides, the player and the opponent. With three players the opponent side is
both computer players (a hand either of them wins is the opponent's; its total is the leading
one's); in partnerships the player side is the person's team and the opponent side the other
team (partners share one score, as the engine keeps it).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ginrummy_desktop.engine.gin.results import match_totals
from ginrummy_desktop.gui.gin.controller import HUMAN

if TYPE_CHECKING:
    from ginrummy_desktop.storage.summaries import Side


def _teams(players: int, seat: int) -> tuple[set[int], list[int]]:
    """(the person's side's seats, the other seats) for ``players`` at the table."""
    if players == 4:
        mine = {seat, (seat + 2) % 4}
        return mine, [s for s in range(4) if s not in mine]
    return {seat}, [s for s in range(max(2, players)) if s != seat]


def _side(seat: int | None, mine: set[int]) -> Side | None:
    return None if seat is None else ("player" if seat in mine else "opponent")


def match_summary(controller: Any, started_at: datetime, result: str, seat: int = HUMAN,
                  opponent_id: str | None = None) -> Any:
    """A storage ``MatchSummary`` of the controller's match from the engine's hand records;
    ``seat`` is the person's seat in them (an online match may seat them second)."""
    from ginrummy_desktop.storage import HandSummary, MatchSummary

    session = controller.session
    players = len(session.seat_scores()) if session.seat_scores() else 2
    mine, others = _teams(players, seat)
    hands = []
    for record in session.hand_records():
        outcome = record["result"]
        winner = outcome.get("winner")
        points = outcome.get("points", 0) if outcome.get("kind") != "draw" else 0
        played = next((h for h in outcome.get("hands", []) if h.get("seat") == seat), None)
        scores = record.get("scores", [0] * players)
        hands.append(HandSummary(
            winner=_side(winner, mine) if outcome.get("kind") != "draw" else None,
            player_points=points if winner in mine else 0,
            opponent_points=points if winner is not None and winner not in mine else 0,
            player_total=scores[seat], opponent_total=max(scores[s] for s in others),
            ending=outcome.get("kind"), knocker=_side(outcome.get("knocker"), mine),
            player_deadwood=played.get("deadwood_points") if played else None,
            turns=sum(1 for action in record.get("actions", []) if action[1] == "discard"),
            record=record))
    # Match totals (boxes, bonuses), as the match-over panel shows them.
    scores = match_totals(session.final_breakdown, session.seat_scores())
    rules = controller.setup.preset + (" (practice)" if controller.setup.practice else "")
    return MatchSummary(game="gin", opponent_id=opponent_id or controller.setup.opponent,
                        opponent_name=_opponent_names(controller, others),
                        rules=rules, started_at=started_at, ended_at=datetime.now(UTC),
                        player_score=scores[seat],
                        opponent_score=max(scores[s] for s in others),
                        result=result, hands=tuple(hands), player_seat=seat,
                        undo_used=bool(controller.setup.practice and controller.undo_used),
                        **_lineup(controller, players, seat))


def _lineup(controller: Any, players: int, seat: int) -> dict[str, Any]:
    """Every seat's bot id and name with three or four players (statistics keep each
    line-up apart; replays name every seat); two-player matches need neither."""
    if players <= 2 or not hasattr(controller, "seat_names"):
        return {}
    bots = controller.setup.seat_bots(players)
    return {"seat_ids": tuple(bots.get(s, "you") for s in range(players)),
            "seat_names": tuple(controller.seat_names()[s] for s in range(players))}


def _opponent_names(controller: Any, others: list[int]) -> str:
    """The opponent side's name: one opponent's, or "Ada and Bo" for several. A record field:
    written in English whatever the language, like the rest of the record."""
    name_of = getattr(controller, "name_of", None)
    if name_of is None or len(others) == 1:
        return controller.opponent_name
    names = [name_of(seat) for seat in others]
    return ", ".join(names[:-1]) + " and " + names[-1]
