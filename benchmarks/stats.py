"""Statistics window with a long history, and with the database locked by another process.

For each history size (``--matches 10000 100000``: about 8.5 hands a match) a child process
builds a temporary data root with that many plausible Gin Rummy and Cribbage matches (written
in chunks, so the benchmark's own data does not swell the memory measured), then times:

- ``storage.figures()`` alone (every filter the window offers has the same cost);
- the Statistics window until its first paint and until its figures, history and opponents
  are laid out (read on the storage thread), several times;
- a refresh after a locked write: a child process takes the write lock (``BEGIN EXCLUSIVE``)
  for ``--lock-seconds`` while a finished match is recorded the way the app records it (on
  the storage thread, where it waits), and the time from the write going through to the
  refreshed figures on screen;
- the longest the GUI thread went without running its event loop (a 10 ms timer) or
  painting (a repaint asked every 16 ms), while opening and while refreshing;
- for comparison, the same write made once on the GUI thread, as the app did long ago;
- the child's peak resident memory (``ru_maxrss``).

Prints the numbers; ``--write-docs`` also records them in docs/performance.md between the
stats markers.

    python benchmarks/stats.py [--matches 10000 100000] [--runs 5] [--lock-seconds 3]
                               [--write-docs]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ginrummy_desktop.engine.rng import StableRandom  # noqa: E402
from ginrummy_desktop.storage import HandSummary, MatchSummary, Storage  # noqa: E402
from ginrummy_desktop.storage.totals import rebuild_totals  # noqa: E402

GIN_OPPONENTS = (("expert", "Expert"), ("marjj", "Marjj"), ("greedy", "Greedy"))
CRIBBAGE_OPPONENTS = (("expert", "Expert"), ("careful", "Careful"))


def _gin_match(rng: StableRandom, opponent: tuple[str, str], start: datetime) -> MatchSummary:
    totals = [0, 0]
    hands = []
    while max(totals) < 100:
        roll = rng.random()
        winner = 0 if rng.random() < 0.52 else 1
        ending, knocker = "knock", winner
        points = 3 + rng.randbelow(20)
        if roll < 0.06:
            ending, points = "draw", 0
        elif roll < 0.22:
            ending, points = "gin", 25 + rng.randbelow(40)
        elif roll < 0.24:
            ending, points = "big_gin", 31 + rng.randbelow(40)
        elif roll < 0.32:
            ending, knocker, points = "undercut", 1 - winner, 25 + rng.randbelow(10)
        if ending != "draw":
            totals[winner] += points
        sides = ("player", "opponent")
        hands.append(HandSummary(
            winner=None if ending == "draw" else sides[winner],
            player_points=points if ending != "draw" and winner == 0 else 0,
            opponent_points=points if ending != "draw" and winner == 1 else 0,
            player_total=totals[0], opponent_total=totals[1], ending=ending,
            knocker=None if ending == "draw" else sides[knocker],
            player_deadwood=0 if (ending in ("gin", "big_gin") and winner == 0)
            else rng.randbelow(40), turns=6 + rng.randbelow(20),
        ))
    won = totals[0] > totals[1]
    final = (totals[0] + (100 if won else 0), totals[1] + (0 if won else 100))
    return MatchSummary(
        game="gin", opponent_id=opponent[0], opponent_name=opponent[1], rules="classic",
        started_at=start, ended_at=start + timedelta(minutes=8 + rng.randbelow(25)),
        player_score=final[0], opponent_score=final[1], result="win" if won else "loss",
        hands=tuple(hands),
    )


def _cribbage_match(rng: StableRandom, opponent: tuple[str, str], start: datetime
                    ) -> MatchSummary:
    totals = [0, 0]
    hands = []
    dealer = rng.randbelow(2)
    while max(totals) < 121:
        hand_points = rng.randbelow(17) if rng.random() > 0.0005 else 29
        crib = rng.randbelow(12) if dealer == 0 else None
        pegging = rng.randbelow(9)
        mine = hand_points + (crib or 0) + pegging
        theirs = rng.randbelow(17) + rng.randbelow(9) + (rng.randbelow(12) if dealer else 0)
        totals = [min(121, totals[0] + mine), min(121, totals[1] + theirs)]
        hands.append(HandSummary(
            winner="player" if mine > theirs else "opponent" if theirs > mine else None,
            player_points=mine, opponent_points=theirs, player_total=totals[0],
            opponent_total=totals[1], hand_points=hand_points, crib_points=crib,
            pegging_points=pegging,
        ))
        dealer = 1 - dealer
    won = totals[0] >= 121
    loser = totals[1] if won else totals[0]
    skunk = 2 if loser <= 60 else 1 if loser <= 90 else 0
    return MatchSummary(
        game="cribbage", opponent_id=opponent[0], opponent_name=opponent[1], rules="121 points",
        started_at=start, ended_at=start + timedelta(minutes=10 + rng.randbelow(20)),
        player_score=totals[0], opponent_score=totals[1], result="win" if won else "loss",
        hands=tuple(hands), skunk=skunk,
    )


def sample_matches(count: int, seed: int = 2026, after: int = 0) -> list[MatchSummary]:
    """``count`` plausible matches, two thirds Gin Rummy, one every 45 minutes (``after``:
    starting after that many others, as the next matches played)."""
    return [match for chunk in sample_chunks(count, seed, after=after) for match in chunk]


def sample_chunks(count: int, seed: int = 2026, size: int = 2000, after: int = 0
                  ) -> Iterator[list[MatchSummary]]:
    """The matches of ``sample_matches`` in lists of ``size`` (only one list alive at a time)."""
    rng = StableRandom(seed)
    start = datetime(2025, 1, 1, 18, 0, tzinfo=UTC)
    for first in range(after, after + count, size):
        chunk = []
        for index in range(first, min(after + count, first + size)):
            when = start + timedelta(minutes=index * 45)
            if rng.random() < 0.67:
                chunk.append(_gin_match(rng, rng.choice(GIN_OPPONENTS), when))
            else:
                chunk.append(_cribbage_match(rng, rng.choice(CRIBBAGE_OPPONENTS), when))
        yield chunk


HOLD_LOCK = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
db.rollback()
"""


def _hold_lock(path: Path, seconds: float) -> subprocess.Popen[str]:
    """A child process holding the database's write lock for ``seconds``."""
    child = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(path), str(seconds)],
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdout.readline().strip() == "locked"
    return child


def _wait(app: object, condition: object, limit: float = 120.0) -> float:
    began = time.perf_counter()
    while not condition() and time.perf_counter() - began < limit:  # type: ignore[operator]
        app.processEvents()  # type: ignore[attr-defined]
        time.sleep(0.001)
    return time.perf_counter() - began


class _Gaps:
    """Longest gap between timer ticks (event loop) and between paint events of a widget."""

    def __init__(self, widget: object) -> None:
        from PySide6.QtCore import QEvent, QObject, QTimer

        gaps = self

        class PaintWatch(QObject):
            def eventFilter(self, _watched: object, event: object) -> bool:
                if event.type() == QEvent.Type.Paint:  # type: ignore[attr-defined]
                    gaps.mark("paint")
                return False

        self.times: dict[str, list[float]] = {"tick": [], "paint": []}
        self.watch = PaintWatch()
        widget.installEventFilter(self.watch)  # type: ignore[attr-defined]
        self.tick = QTimer()
        self.tick.timeout.connect(lambda: self.mark("tick"))
        self.tick.start(10)
        self.repaint = QTimer()
        self.repaint.timeout.connect(widget.update)  # type: ignore[attr-defined]
        self.repaint.start(16)

    def mark(self, kind: str) -> None:
        self.times[kind].append(time.perf_counter())

    def longest(self, kind: str, start: float, end: float, whole: bool = False) -> float:
        """The longest gap between two marks of ``kind`` that ends within [start, end]
        (``whole``: that also begins there)."""
        marks = self.times[kind]
        return max((b - a for a, b in zip(marks, marks[1:], strict=False)
                    if start <= b <= end and (not whole or a >= start)), default=0.0)

    def stop(self) -> None:
        self.tick.stop()
        self.repaint.stop()


def measure(matches: int, runs: int, lock_seconds: float) -> dict[str, float]:
    """Every figure for one history size (run in a child process of its own)."""
    from PySide6.QtWidgets import QApplication, QWidget

    from ginrummy_desktop.gui.common.storage_jobs import StorageJobs
    from ginrummy_desktop.gui.stats.window import StatisticsWindow
    from ginrummy_desktop.storage.stats import StatisticsQueries

    app = QApplication.instance() or QApplication([])
    out: dict[str, float] = {"matches": matches}
    with tempfile.TemporaryDirectory() as root:
        storage = Storage(root)
        queries = StatisticsQueries(storage)
        jobs = StorageJobs()
        began = time.perf_counter()
        hands = 0
        for chunk in sample_chunks(matches):
            storage.database.record_matches(chunk, storage.profile)
            hands += sum(len(m.hands) for m in chunk)
        out["fill"], out["hands"] = time.perf_counter() - began, hands
        figures_times, paint_times, shown_times, open_times, open_blocks = [], [], [], [], []
        for _ in range(runs):
            began = time.perf_counter()
            storage.figures()
            figures_times.append(time.perf_counter() - began)
            holder = QWidget()
            holder.show()
            gaps = _Gaps(holder)
            _wait(app, lambda: False, 0.05)  # the timers running before the window is made
            began = time.perf_counter()
            window = StatisticsWindow(queries, jobs)
            window.show()
            window.repaint()
            app.processEvents()
            painted = time.perf_counter()
            paint_times.append(painted - began)
            _wait(app, lambda w=window: w.figures is not None)
            shown_times.append(time.perf_counter() - began)
            _wait(app, lambda w=window: not w.busy and not jobs.pending)
            done = time.perf_counter()
            open_times.append(done - began)
            _wait(app, lambda: False, 0.05)
            gaps.stop()
            # After the first paint (building the window is in "first paint"): the longest
            # the GUI thread was held while the figures, opponents and history arrived.
            open_blocks.append(gaps.longest("tick", painted, time.perf_counter(), whole=True))
            window.close()
            window.deleteLater()
            holder.deleteLater()
            app.processEvents()
        out["figures"], out["figures_worst"] = statistics.median(figures_times), max(figures_times)
        out["paint"], out["paint_worst"] = statistics.median(paint_times), max(paint_times)
        out["shown"], out["shown_worst"] = statistics.median(shown_times), max(shown_times)
        out["open"], out["open_worst"] = statistics.median(open_times), max(open_times)
        out["open_block"] = max(open_blocks)

        # The write lock held by another process, the app recording a match meanwhile.
        window = StatisticsWindow(queries, jobs)
        window.show()
        _wait(app, lambda: not window.busy and not jobs.pending)
        extra = sample_matches(2, seed=7, after=matches)  # the next matches played
        child = _hold_lock(storage.paths.database_file, lock_seconds)
        locked_at = time.perf_counter()
        gaps = _Gaps(window)
        stored: list[float] = []
        jobs.submit(lambda: queries.record_match(extra[0]),
                    lambda _id: stored.append(time.perf_counter()), writes=True)
        _wait(app, lambda: bool(stored) and not window.busy and not jobs.pending)
        shown = time.perf_counter()
        _wait(app, lambda: False, 0.05)
        gaps.stop()
        out["stored"] = stored[0] - locked_at
        out["refresh"] = shown - stored[0]
        out["wait_block"] = gaps.longest("tick", locked_at, stored[0])
        out["wait_paint"] = gaps.longest("paint", locked_at, stored[0])
        out["refresh_block"] = gaps.longest("tick", stored[0], time.perf_counter())
        child.wait()
        # The way it was long ago: the same write on the GUI thread, blocked until the lock goes.
        child = _hold_lock(storage.paths.database_file, lock_seconds)
        began = time.perf_counter()
        storage.record_match(extra[1])
        out["gui_write_block"] = time.perf_counter() - began
        child.wait()
        jobs.wait()
        window.close()
        # Once, after a match that ended before the last one counted: every total recounted.
        began = time.perf_counter()
        with storage.database.transaction() as db:
            rebuild_totals(db, storage.profile)
        out["rebuild"] = time.perf_counter() - began
        storage.close()
    out["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


def describe(result: dict[str, float], lock_seconds: float) -> str:
    ms = 1000
    return (
        f"| {result['matches']:,.0f} ({result['hands']:,.0f} hands) "
        f"| {result['figures'] * ms:.1f} ms (worst {result['figures_worst'] * ms:.1f}) "
        f"| {result['paint']:.2f} s "
        f"| {result['shown']:.2f} s (worst {result['shown_worst']:.2f}) "
        f"| {result['open']:.2f} s (worst {result['open_worst']:.2f}) "
        f"| {result['refresh']:.2f} s "
        f"| {result['open_block'] * ms:.0f} ms / {result['refresh_block'] * ms:.0f} ms "
        f"/ {result['wait_block'] * ms:.0f} ms "
        f"| {result['peak_rss_mb']:.0f} MB "
        f"| {result['fill']:.1f} s |"
    )


TABLE_HEAD = (
    "| matches | `storage.figures()` | first paint | figures shown | figures, history and "
    "opponents laid out | refresh after the locked write | longest GUI-thread block: opening "
    "/ refreshing / waiting for the lock | peak RSS | written in |\n"
    "|---|---|---|---|---|---|---|---|---|"
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--lock-seconds", type=float, default=3.0)
    parser.add_argument("--write-docs", action="store_true")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:  # one size, in a process of its own (so its peak memory is its own)
        print(json.dumps(measure(args.matches[0], args.runs, args.lock_seconds)))
        return 0
    results = []
    for size in args.matches:
        child = subprocess.run(
            [sys.executable, __file__, "--child", "--matches", str(size), "--runs",
             str(args.runs), "--lock-seconds", str(args.lock_seconds)],
            capture_output=True, text=True, check=True)
        results.append(json.loads(child.stdout.strip().splitlines()[-1]))
        print(describe(results[-1], args.lock_seconds), flush=True)
    gui_write = max(r["gui_write_block"] for r in results)
    lines = [
        TABLE_HEAD,
        *(describe(r, args.lock_seconds) for r in results),
        "",
        f"Figures and layout are medians of {args.runs} runs. The write lock was held by "
        f"another process for {args.lock_seconds:g} s (`BEGIN EXCLUSIVE`); the refresh is "
        "timed from the write going through to the refreshed figures on screen. The same "
        f"write made on the GUI thread (as the app did long ago) blocked it for "
        f"{gui_write:.2f} s. Recounting every total from the match rows (once, after a match "
        f"that ended before the last one counted, or on opening an older database): "
        + ", ".join(f"{r['rebuild']:.2f} s at {r['matches']:,.0f}" for r in results) + ".",
        "",
        f"Measured {datetime.now():%Y-%m-%d %H:%M} on {platform.system()} "
        f"{platform.machine()}, Python {platform.python_version()}, {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.1f} at the end (other jobs shared the machine). "
        f"Command: `python benchmarks/stats.py --matches "
        f"{' '.join(str(m) for m in args.matches)} --runs {args.runs} "
        f"--lock-seconds {args.lock_seconds:g} --write-docs`.",
    ]
    print("\n".join(lines))
    if args.write_docs:
        docs = ROOT / "docs" / "performance.md"
        text = docs.read_text(encoding="utf-8")
        block = "<!-- stats:start -->\n" + "\n".join(lines) + "\n<!-- stats:end -->"
        text = re.sub(r"<!-- stats:start -->.*?<!-- stats:end -->", lambda _m: block, text,
                      flags=re.S)
        docs.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
