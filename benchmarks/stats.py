"""Statistics window with a long history, and with the database locked by another process.

Builds a temporary data root with N plausible Gin Rummy and Cribbage matches (about 60,000
hands), then times the Statistics window until its first paint and until its figures are laid
out (they are read on the storage thread), several times, plus the figures query alone.

Then a child process takes the write lock (``BEGIN EXCLUSIVE``) and holds it for
``--lock-seconds``. Meanwhile a finished match is recorded the way the app records it (on the
storage thread, where it waits for the lock), the window refreshes behind it, and a 10 ms timer
plus a repaint every 16 ms measure how long the GUI thread ever goes without running its
event loop or painting. For comparison, the same write is made once on the GUI thread, as the
app did before, and the time the GUI thread was blocked is printed. Prints the numbers;
``--write-docs`` also records them in docs/performance.md between the stats markers.

    python benchmarks/stats.py [--matches 10000] [--runs 5] [--lock-seconds 3] [--write-docs]
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ginrummy_desktop.engine.rng import StableRandom  # noqa: E402
from ginrummy_desktop.storage import HandSummary, MatchSummary, Storage  # noqa: E402

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


def sample_matches(count: int, seed: int = 2026) -> list[MatchSummary]:
    """``count`` plausible matches, two thirds Gin Rummy, spread over recent months."""
    rng = StableRandom(seed)
    start = datetime(2025, 1, 1, 18, 0, tzinfo=UTC)
    matches = []
    for index in range(count):
        when = start + timedelta(minutes=index * 45)
        if rng.random() < 0.67:
            matches.append(_gin_match(rng, rng.choice(GIN_OPPONENTS), when))
        else:
            matches.append(_cribbage_match(rng, rng.choice(CRIBBAGE_OPPONENTS), when))
    return matches


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

    def longest(self, kind: str, start: float, end: float) -> float:
        """The longest gap between two marks of ``kind`` that ends within [start, end]."""
        marks = self.times[kind]
        return max((b - a for a, b in zip(marks, marks[1:], strict=False) if start <= b <= end),
                   default=0.0)

    def stop(self) -> None:
        self.tick.stop()
        self.repaint.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--lock-seconds", type=float, default=3.0)
    parser.add_argument("--write-docs", action="store_true")
    args = parser.parse_args()

    from PySide6.QtWidgets import QApplication

    from ginrummy_desktop.gui.stats.background import StorageJobs
    from ginrummy_desktop.gui.stats.window import StatisticsWindow
    from ginrummy_desktop.storage.stats import StatisticsQueries

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as root:
        storage = Storage(root)
        queries = StatisticsQueries(storage)
        jobs = StorageJobs()
        began = time.perf_counter()
        matches = sample_matches(args.matches)
        storage.database.record_matches(matches, storage.profile)
        fill = time.perf_counter() - began
        hands = sum(len(m.hands) for m in matches)
        figures_times, paint_times, open_times = [], [], []
        for _ in range(args.runs):
            began = time.perf_counter()
            storage.figures()
            figures_times.append(time.perf_counter() - began)
            began = time.perf_counter()
            window = StatisticsWindow(queries, jobs)
            window.show()
            window.repaint()
            app.processEvents()
            paint_times.append(time.perf_counter() - began)
            _wait(app, lambda w=window: not w.busy and not jobs.pending)
            open_times.append(time.perf_counter() - began)
            window.close()
            window.deleteLater()
            app.processEvents()

        # The write lock held by another process, the app recording a match meanwhile.
        window = StatisticsWindow(queries, jobs)
        window.show()
        _wait(app, lambda: not window.busy and not jobs.pending)
        extra = sample_matches(2, seed=7)
        child = _hold_lock(storage.paths.database_file, args.lock_seconds)
        locked_at = time.perf_counter()
        gaps = _Gaps(window)
        stored: list[float] = []
        jobs.submit(lambda: queries.record_match(extra[0]),
                    lambda _id: stored.append(time.perf_counter() - locked_at), writes=True)
        _wait(app, lambda: bool(stored) and not window.busy and not jobs.pending)
        figures_shown = time.perf_counter() - locked_at
        gaps.stop()
        released = locked_at + stored[0]
        waiting = {kind: gaps.longest(kind, locked_at, released) for kind in ("tick", "paint")}
        after = {kind: gaps.longest(kind, released, locked_at + figures_shown + 1)
                 for kind in ("tick", "paint")}
        child.wait()
        # The way it was: the same write on the GUI thread, which blocks until the lock goes.
        child = _hold_lock(storage.paths.database_file, args.lock_seconds)
        began = time.perf_counter()
        storage.record_match(extra[1])
        blocked = time.perf_counter() - began
        child.wait()
        jobs.wait()
        window.close()
        storage.close()
    lines = [
        f"- {args.matches:,} matches ({hands:,} hands) written in {fill:.2f} s "
        "(one transaction).",
        f"- Opening the Statistics window: first paint median "
        f"{statistics.median(paint_times):.3f} s (worst {max(paint_times):.3f} s); figures, "
        f"history and opponents laid out (read on the storage thread) median "
        f"{statistics.median(open_times):.3f} s, worst {max(open_times):.3f} s over "
        f"{args.runs} runs.",
        f"- All figures for one filter (`storage.figures()`): median "
        f"{statistics.median(figures_times) * 1000:.0f} ms.",
        f"- Write lock held by another process for {args.lock_seconds:g} s (`BEGIN EXCLUSIVE`)"
        f", a finished match recorded meanwhile: stored after {stored[0] if stored else -1:.2f}"
        f" s, the window's refreshed figures shown after {figures_shown:.2f} s. While the "
        f"write waited for the lock the longest gap between event-loop ticks (a 10 ms timer) "
        f"was {waiting['tick'] * 1000:.0f} ms and between paints (a repaint asked every 16 ms)"
        f" {waiting['paint'] * 1000:.0f} ms; laying out the refreshed history afterwards took "
        f"the GUI thread up to {after['tick'] * 1000:.0f} ms. The same write on the GUI "
        f"thread, as before, blocked it for {blocked:.2f} s.",
        f"- Measured {datetime.now():%Y-%m-%d} on {platform.system()} {platform.machine()}, "
        f"Python {platform.python_version()}, {os.cpu_count()} cores, load average "
        f"{os.getloadavg()[0]:.1f} (other jobs shared the machine). Command: "
        f"`python benchmarks/stats.py --matches {args.matches} --runs {args.runs} "
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
