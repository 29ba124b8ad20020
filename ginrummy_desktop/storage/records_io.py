"""Export of history (CSV) and hand records (JSON lines), and validated import of records.

A record must be a JSON object with a known ``game``; when it carries a ``deck`` it must be 52
distinct cards, and when it carries both ``commitment`` and ``salt`` the deck must match them
(so a shared record cannot have been edited after the deal). Gin records also need well-formed
``actions`` and a ``result`` kind.
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from ginrummy_desktop.engine.cards import FULL_DECK, Card
from ginrummy_desktop.engine.deck import verify_commitment
from ginrummy_desktop.storage.database import StatsDatabase
from ginrummy_desktop.storage.summaries import GAMES, GIN_ENDINGS

HISTORY_COLUMNS = (
    "date", "game", "opponent", "score", "result", "duration_seconds", "rules", "hands",
)
MAX_LINE_BYTES = 1_000_000


def export_history_csv(database: StatsDatabase, profile: str, path: Path) -> int:
    """Write the profile's match history to ``path``; returns the number of matches."""
    rows = database.history(profile)
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(HISTORY_COLUMNS)
        for row in rows:
            writer.writerow((
                datetime.fromtimestamp(row.started_at).isoformat(timespec="seconds"),
                row.game,
                _safe_cell(row.opponent_name),
                f"{row.player_score}-{row.opponent_score}",
                row.result,
                round(row.duration_seconds),
                _safe_cell(row.rules),
                row.hands,
            ))
    return len(rows)


def _safe_cell(text: str) -> str:
    """Keep spreadsheets from running a cell as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def export_records_jsonl(database: StatsDatabase, profile: str, path: Path) -> int:
    """Write every stored hand record of the profile, one JSON object per line."""
    count = 0
    with path.open("w", encoding="utf-8", newline="\n") as handle:
        for _record_id, record in database.iter_records(profile):
            handle.write(json.dumps(record, sort_keys=True, ensure_ascii=False) + "\n")
            count += 1
    return count


@dataclass
class ImportReport:
    """What an import did: records added, already present, and lines refused with why."""

    added: int = 0
    duplicates: int = 0
    rejected: list[tuple[int, str]] = field(default_factory=list)

    def summary(self) -> str:
        text = f"{self.added} record(s) imported, {self.duplicates} already present"
        if self.rejected:
            first = "; ".join(f"line {n}: {why}" for n, why in self.rejected[:3])
            more = "; ..." if len(self.rejected) > 3 else ""
            text += f", {len(self.rejected)} refused ({first}{more})"
        return text + "."


def import_records_jsonl(database: StatsDatabase, profile: str, path: Path) -> ImportReport:
    """Validate every line of ``path`` and store the good records in one transaction."""
    report = ImportReport()
    accepted: list[dict[str, Any]] = []
    try:
        handle = path.open("rb")
    except OSError as error:
        report.rejected.append((0, f"the file could not be opened ({error.strerror})"))
        return report
    with handle:
        for number, raw in enumerate(handle, start=1):
            if not raw.strip():
                continue
            try:
                if len(raw) > MAX_LINE_BYTES:
                    raise ValueError("line is too long to be a hand record")
                accepted.append(validate_record(json.loads(raw.decode("utf-8"))))
            except UnicodeDecodeError:
                report.rejected.append((number, "not UTF-8 text"))
            except ValueError as error:  # json.JSONDecodeError is a ValueError
                report.rejected.append((number, str(error).split("\n")[0]))
    if accepted:
        report.added = database.add_records(profile, accepted, source="imported")
    report.duplicates = len(accepted) - report.added
    return report


def validate_record(record: Any) -> dict[str, Any]:
    """Return ``record`` if it is a well-formed hand record, else raise ``ValueError`` saying
    what is wrong in words a person understands."""
    if not isinstance(record, dict):
        raise ValueError("a record must be a JSON object")
    game = record.get("game")
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r} (expected gin or cribbage)")
    deck = record.get("deck")
    if deck is not None:
        cards = _parse_deck(deck)
        commitment, salt = record.get("commitment"), record.get("salt")
        if commitment is not None and salt is not None:
            if not isinstance(commitment, str) or not isinstance(salt, str):
                raise ValueError("commitment and salt must both be text")
            if not verify_commitment(cards, salt, commitment):
                raise ValueError("the deck does not match its commitment (record was altered)")
    elif game == "gin":
        raise ValueError("a gin record needs its deck")
    if game == "gin":
        _check_gin_actions(record.get("actions"))
        result = record.get("result")
        if not isinstance(result, dict) or result.get("kind") not in GIN_ENDINGS:
            kinds = ", ".join(GIN_ENDINGS)
            raise ValueError(f"a gin record needs a result with kind one of {kinds}")
    return record


def _parse_deck(deck: Any) -> list[Card]:
    tokens = deck.split() if isinstance(deck, str) else deck
    if not isinstance(tokens, list) or len(tokens) != 52:
        raise ValueError("the deck must list 52 cards")
    try:
        cards = [Card.parse(token) for token in tokens]
    except ValueError as error:
        raise ValueError(f"the deck has a bad card: {error}") from None
    if sorted(cards) != sorted(FULL_DECK):
        raise ValueError("the deck must hold each of the 52 cards once")
    return cards


def _check_gin_actions(actions: Any) -> None:
    if not isinstance(actions, list):
        raise ValueError("a gin record needs a list of actions")
    for index, action in enumerate(actions, start=1):
        if not (isinstance(action, list) and len(action) == 3):
            raise ValueError(f"action {index} must be [seat, kind, card or null]")
        seat, kind, card = action
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4:
            raise ValueError(f"action {index}: seat must be a seat number 0-3")
        if not isinstance(kind, str) or not kind:
            raise ValueError(f"action {index}: kind must be text")
        if card is not None:
            try:
                Card.parse(card)
            except ValueError as error:
                raise ValueError(f"action {index}: {error}") from None
