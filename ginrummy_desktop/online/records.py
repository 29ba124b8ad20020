"""Hand records of online matches in the ``ginrummy-sim`` JSONL format (one line per hand, then
a ``match_summary`` line), so ``ginrummy-sim verify`` and records import read them unchanged."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
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


class RecordFiles:
    """``[tables] records_dir``: one JSONL file per table, appended as hands end (none when the
    setting is empty). Written by the store writer thread, in order with the database."""

    def __init__(self, directory: str) -> None:
        self.directory = Path(directory) if directory else None

    def _path(self, table_id: str) -> Path | None:
        if self.directory is None:
            return None
        self.directory.mkdir(parents=True, exist_ok=True)
        return self.directory / f"{table_id}.jsonl"

    def append_hands(self, table_id: str, records: Sequence[dict]) -> None:
        path = self._path(table_id)
        if path is None or not records:
            return
        with path.open("a", encoding="utf-8") as out:
            write_hands(out, records, match=0)

    def append_summary(self, table_id: str, summary: dict[str, Any]) -> None:
        path = self._path(table_id)
        if path is None:
            return
        with path.open("a", encoding="utf-8") as out:
            write_summary(out, summary)
