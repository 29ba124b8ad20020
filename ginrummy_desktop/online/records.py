"""Hand records of online matches in the ``ginrummy-sim`` JSONL format (one line per hand, then
a ``match_summary`` line), so ``ginrummy-sim verify`` and records import read them unchanged."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import IO, Any

from ginrummy_desktop.engine.records_check import MATCH_SUMMARY


def match_summary(game: str, match: int, players: Sequence[str | None],
                  winners: Sequence[int], reason: str) -> dict[str, Any]:
    """The summary line; a timeout or an abandoned game is the loser's forfeit."""
    forfeit = None
    if reason != "finished" and len(winners) == 1:
        seat = 1 - winners[0]
        forfeit = {"seat": seat, "player": str(players[seat]), "reason": reason}
    return {"game": game, "kind": MATCH_SUMMARY, "match": match,
            "players": [str(p) for p in players], "winners": list(winners), "forfeit": forfeit}


def write_hands(out: IO[str], records: Sequence[dict], match: int) -> None:
    for record in records:
        out.write(json.dumps(dict(record, match=match), separators=(",", ":")) + "\n")


def write_summary(out: IO[str], summary: dict[str, Any]) -> None:
    out.write(json.dumps(summary, separators=(",", ":")) + "\n")
