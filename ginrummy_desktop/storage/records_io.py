"""Export of history (CSV) and hand records (JSON lines), and validated import of records.

Import stores only records that replay: each line is read with the guarded JSON reader (no NaN,
no deep nesting, UTF-8 only), checked for shape (``validate_record``) and then replayed through
its game's engine exactly as ``ginrummy-sim verify`` does (``record_problem``). A line that fails
is refused with its number and the reason; the rest are stored. The runner's own match-summary
lines are recognised and skipped, not refused.
"""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
import stat
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from ginrummy_desktop.engine.cards import FULL_DECK, Card
from ginrummy_desktop.engine.deck import verify_commitment
from ginrummy_desktop.engine.registry import get_game
from ginrummy_desktop.storage.database import StatsDatabase
from ginrummy_desktop.storage.jsonfile import JsonProblem, parse_json
from ginrummy_desktop.storage.summaries import GAMES, GIN_ENDINGS

HISTORY_COLUMNS = (
    "date", "game", "opponent", "score", "result", "duration_seconds", "rules", "hands",
)
MAX_LINE_BYTES = 1_000_000
MAX_IMPORT_BYTES = 500_000_000
MATCH_SUMMARY_KIND = "match_summary"  # the runner's per-match lines (engine/runner.py)


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
    """What an import did: records added, already present, match-summary lines recognised,
    and lines refused with why."""

    added: int = 0
    duplicates: int = 0
    rejected: list[tuple[int, str]] = field(default_factory=list)
    summaries: int = 0

    def summary(self) -> str:
        text = f"{self.added} record(s) imported, {self.duplicates} already present"
        if self.summaries:
            text += f", {self.summaries} match summary line(s) skipped"
        if self.rejected:
            first = "; ".join(
                f"line {n}: {why}" if n else why for n, why in self.rejected[:3])
            more = "; ..." if len(self.rejected) > 3 else ""
            text += f", {len(self.rejected)} refused ({first}{more})"
        return text + "."


def import_records_jsonl(database: StatsDatabase, profile: str, path: Path) -> ImportReport:
    """Check every line of ``path`` (shape, then replay) and store the good records in one
    transaction. Never raises because of the file or its lines."""
    report = ImportReport()
    accepted: list[dict[str, Any]] = []
    try:
        handle = _open_regular(path)
    except (OSError, ValueError) as error:
        why = error.strerror if isinstance(error, OSError) and error.strerror else error
        report.rejected.append((0, f"the file could not be opened ({why})"))
        return report
    with handle:
        for number, raw in _numbered_lines(handle):
            if raw is None:
                report.rejected.append((number, "line is too long to be a hand record"))
                continue
            if not raw.strip():
                continue
            try:
                record = parse_json(raw)
            except JsonProblem as damaged:
                report.rejected.append((number, str(damaged)))
                continue
            if isinstance(record, dict) and record.get("kind") == MATCH_SUMMARY_KIND:
                report.summaries += 1
                continue
            problem = record_problem(record)
            if problem:
                report.rejected.append((number, _short(problem)))
            else:
                accepted.append(record)
    if accepted:
        try:
            report.added = database.add_records(profile, accepted, source="imported")
        except (sqlite3.Error, ValueError) as error:
            report.rejected.append((0, f"nothing was stored: the statistics file failed ({error})"))
            return report
    report.duplicates = len(accepted) - report.added
    return report


def record_problem(record: Any) -> str | None:
    """Why ``record`` is not a hand record that replays, or None when it is one.

    The shape check first (for plain words), then the game's engine replays the deck and every
    action and compares the result, as ``verify`` does. Never raises.
    """
    try:
        if not isinstance(record, dict):
            return "a record must be a JSON object"
        if record.get("game") not in GAMES:
            return f"unknown game {record.get('game')!r} (expected gin or cribbage)"
        deck, salt, expected = record.get("deck"), record.get("salt"), record.get("commitment")
        if not isinstance(salt, str) or not isinstance(expected, str):
            return "the record needs its salt and fair-deal commitment as text to be checked"
        if not (salt.isascii() and expected.isascii()):
            return "the commitment and salt must be hexadecimal text"
        validate_record(record)
        if not verify_commitment(_parse_deck(deck), salt, expected):
            return "the deck does not match its commitment (record was altered)"
        get_game(record["game"]).replay_record(record)
    except ValueError as error:
        return str(error).split("\n")[0]
    except Exception as error:  # noqa: BLE001 - a hostile record must not stop the import
        return f"the record could not be replayed ({type(error).__name__}: {error})"
    return None


def _short(reason: str, limit: int = 300) -> str:
    """A reason fit for a status line (a hostile record can put megabytes into one)."""
    return reason if len(reason) <= limit else reason[:limit] + "…"


def _open_regular(path: Path) -> io.BufferedReader:
    """``path`` opened for reading if it is a regular file (never blocks on a FIFO)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError("it is not a regular file")
        if info.st_size > MAX_IMPORT_BYTES:
            raise ValueError(f"it is larger than {MAX_IMPORT_BYTES // 1_000_000} MB")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return open(fd, "rb", closefd=True)  # noqa: SIM115 - returned to a with block
    except BaseException:
        os.close(fd)
        raise


def _numbered_lines(handle: io.BufferedReader) -> Any:
    """``(number, line)``, with ``line`` None for one longer than ``MAX_LINE_BYTES`` (which is
    skipped without ever being held in memory whole)."""
    number = 0
    while True:
        line = handle.readline(MAX_LINE_BYTES + 1)
        if not line:
            return
        number += 1
        if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):
                line = handle.readline(MAX_LINE_BYTES)
            yield number, None
            continue
        yield number, line


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
