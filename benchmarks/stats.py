"""Statistics window with a long history: how long it takes to open with 10,000 matches.

Builds a temporary data root with N plausible Gin Rummy and Cribbage matches (about 60,000
hands), then times ``StatisticsWindow(storage)`` until its first paint, several times, plus the
figures query alone. Prints the numbers; ``--write-docs`` also records them in
docs/performance.md between the stats markers.

    python benchmarks/stats.py [--matches 10000] [--runs 5] [--write-docs]
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import statistics
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--write-docs", action="store_true")
    args = parser.parse_args()

    from PySide6.QtWidgets import QApplication

    import ginrummy_desktop.gui  # noqa: F401  (applies the PySide6 workaround)
    from ginrummy_desktop.gui.stats.window import StatisticsWindow

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as root:
        storage = Storage(root)
        began = time.perf_counter()
        matches = sample_matches(args.matches)
        storage.database.record_matches(matches, storage.profile)
        fill = time.perf_counter() - began
        hands = sum(len(m.hands) for m in matches)
        figures_times, open_times = [], []
        for _ in range(args.runs):
            began = time.perf_counter()
            storage.figures()
            figures_times.append(time.perf_counter() - began)
            began = time.perf_counter()
            window = StatisticsWindow(storage)
            window.show()
            window.repaint()
            app.processEvents()
            open_times.append(time.perf_counter() - began)
            window.close()
            window.deleteLater()
            app.processEvents()
        storage.close()
    lines = [
        f"- {args.matches:,} matches ({hands:,} hands) written in {fill:.2f} s "
        "(one transaction).",
        f"- Opening the Statistics window (query, fill, first paint): median "
        f"{statistics.median(open_times):.3f} s, worst {max(open_times):.3f} s over "
        f"{args.runs} runs.",
        f"- All figures for one filter (`storage.figures()`): median "
        f"{statistics.median(figures_times) * 1000:.0f} ms.",
        f"- Measured {datetime.now():%Y-%m-%d} on {platform.system()} {platform.machine()}, "
        f"Python {platform.python_version()}, {os.cpu_count()} cores, load average "
        f"{os.getloadavg()[0]:.1f} (other jobs shared the machine).",
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
