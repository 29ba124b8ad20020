"""Storing a finished match: the outcome, the new ratings of a rated match, the summary line of
its records file. Runs as one job of the store writer, so reading both ratings and writing the
new ones cannot interleave with another result of the same players."""

from __future__ import annotations

from dataclasses import dataclass

from ginrummy_desktop.online.ratings import rate_match
from ginrummy_desktop.online.records import RecordFiles, match_summary
from ginrummy_desktop.online.service_store import ServiceStore
from ginrummy_desktop.online.table import is_computer

# Results that count against the loser's completion rate: leaving (abandoned), and letting the
# clock run out, which is how an absent player to move loses now that the clock keeps running
# while they are away; counting it keeps walking away from a lost match from being free.
INCOMPLETE = ("abandoned", "timeout")


@dataclass(frozen=True)
class MatchResult:
    table: str
    game: str
    players: tuple[str | None, ...]
    winners: tuple[int, ...]
    reason: str
    rated: bool


def store_result(store: ServiceStore, files: RecordFiles, result: MatchResult
                 ) -> dict[str, float]:
    """Store ``result``; the players' new ratings (rounded as sent) if it was rated."""
    ratings: dict[str, float] = {}
    players = result.players
    humans = not any(is_computer(p) for p in players)
    if result.rated and humans and len(result.winners) == 1:
        winner, loser = players[result.winners[0]], players[1 - result.winners[0]]
        assert winner is not None and loser is not None
        new = rate_match(store.rating(winner, result.game), store.rating(loser, result.game),
                         completed=result.reason not in INCOMPLETE)
        store.record_result(result.table, result.game, new, rated=True)
        ratings = {row.username: round(row.rating, 1) for row in new}
    store.finish_table(result.table, {"winners": list(result.winners),
                                      "reason": result.reason, "players": list(players)})
    files.append_summary(result.table, match_summary(result.game, 0, players, result.winners,
                                                     result.reason))
    return ratings
