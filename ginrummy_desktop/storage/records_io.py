"""Export of history (CSV) and hand records (JSON lines), and validated import of records.

Import stores only records that replay: each line goes through the engine's records checker
(``engine/records_check.py``), the one ``ginrummy-sim verify`` uses, with the same limits: strict
JSON (no NaN, no infinite number, no lone surrogate, no deep nesting, UTF-8 only, at most
``wire.MAX_LINE_BYTES`` a line), the fair-deal commitment, a replay through the game's engine and
the chain of each match from its first hand. A line that fails is refused with its number and the
reason; the rest are stored, so import stores exactly the hands ``verify`` passes. The runner's
own match-summary lines are recognised and skipped, not refused.
"""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from ginrummy_desktop.engine.records_check import NO_RECORDS, RecordsChecker
from ginrummy_desktop.engine.translation import tr, tr_n
from ginrummy_desktop.engine.wire import MAX_LINE_BYTES
from ginrummy_desktop.storage.database import StatsDatabase

HISTORY_COLUMNS = (
    "date", "game", "opponent", "score", "result", "duration_seconds", "rules", "hands",
)
MAX_IMPORT_BYTES = 500_000_000


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
    cancelled: bool = False  # stopped before the end: nothing was stored

    def summary(self) -> str:
        if self.cancelled:
            return tr("Import cancelled: nothing was stored.")
        parts = [
            tr_n("{count} record(s) imported", "{count} record(s) imported",
                 self.added).format(count=self.added),
            tr_n("{count} already present", "{count} already present",
                 self.duplicates).format(count=self.duplicates),
        ]
        if self.summaries:
            parts.append(tr_n("{count} match summary line(s) skipped",
                              "{count} match summary line(s) skipped",
                              self.summaries).format(count=self.summaries))
        if self.rejected:
            first = tr("; ").join(
                tr("line {number}: {reason}").format(number=n, reason=why) if n else why
                for n, why in self.rejected[:3])
            more = tr("; ...") if len(self.rejected) > 3 else ""
            parts.append(tr_n("{count} refused ({reasons})", "{count} refused ({reasons})",
                              len(self.rejected)).format(count=len(self.rejected),
                                                         reasons=first + more))
        return tr("{parts}.").format(parts=tr(", ").join(parts))


def import_records_jsonl(database: StatsDatabase, profile: str, path: Path,
                        keep_going: Callable[[int], bool] | None = None) -> ImportReport:
    """Check every line of ``path`` with the engine's records checker (the one ``verify``
    uses: strict JSON, the deal commitment, a replay, the chain of each match) and store the
    good hand records in one transaction. Never raises because of the file or its lines.
    ``keep_going(line number)`` is asked before each line (progress); False cancels the
    import with nothing stored."""
    report = ImportReport()
    accepted: list[dict[str, Any]] = []
    try:
        handle = _open_regular(path)
    except (OSError, ValueError) as error:
        why = error.strerror if isinstance(error, OSError) and error.strerror else error
        report.rejected.append((0, tr("the file could not be opened ({reason})").format(
            reason=why)))
        return report
    checker = RecordsChecker()
    with handle:
        for number, raw in _numbered_lines(handle):
            if keep_going is not None and not keep_going(number):
                report.cancelled = True
                return report
            if raw is None:
                report.rejected.append((number, tr("line is too long to be a hand record")))
                continue
            verdict = checker.check_line(number, raw)
            if verdict.kind == "blank":
                continue
            if verdict.kind == "summary":  # the runner's per-match line: nothing to store
                report.summaries += 1
            elif verdict.problem or verdict.record is None:
                report.rejected.append((number, _short(verdict.problem or tr("not a record"))))
            else:
                accepted.append(verdict.record)
    if not accepted and not report.rejected and not report.summaries:
        report.rejected.append((0, tr(NO_RECORDS)))
        return report
    if accepted:
        try:
            report.added = database.add_records(profile, accepted, source="imported")
        except (sqlite3.Error, ValueError) as error:
            report.rejected.append((0, tr(
                "nothing was stored: the statistics file failed ({error})").format(error=error)))
            return report
    report.duplicates = len(accepted) - report.added
    return report


def record_problem(record: Any) -> str | None:
    """Why ``record`` alone is not a hand record that replays, or None (the engine's records
    checker, as ``verify`` and import use it). Never raises."""
    try:
        line = json.dumps(record, allow_nan=False)
    except (TypeError, ValueError) as error:
        return tr("not a JSON record ({error})").format(error=error)
    except RecursionError:
        return tr("nested too deep")
    verdict = RecordsChecker(whole_matches=False).check_line(1, line)
    if verdict.kind == "hand":
        return verdict.problem
    return verdict.problem or tr("not a hand record")


def _short(reason: str, limit: int = 300) -> str:
    """A reason fit for a status line (a hostile record can put megabytes into one)."""
    return reason if len(reason) <= limit else reason[:limit] + "…"


def _open_regular(path: Path) -> io.BufferedReader:
    """``path`` opened for reading if it is a regular file (never blocks on a FIFO)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(tr("it is not a regular file"))
        if info.st_size > MAX_IMPORT_BYTES:
            raise ValueError(tr("it is larger than {size} MB").format(
                size=MAX_IMPORT_BYTES // 1_000_000))
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
