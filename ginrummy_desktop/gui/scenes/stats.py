"""Screenshot scenes of the Statistics window (each tab) and the replay viewer.

``stats-summary``, ``stats-history``, ``stats-charts``, ``stats-records``: the window over a
temporary data folder holding matches played here by bots (gin matches to the end, one
abandoned, a cribbage game). ``replay-gin`` (mid-hand), ``replay-gin-end`` (the scored hands)
and ``replay-cribbage`` (the show): one recorded hand.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from ginrummy_desktop.gui.scenes import SCENES

SEED = 20240611


def _gin_match(seed: int, opponent: str = "greedy", hands: int | None = None) -> Any:
    from ginrummy_desktop.engine.gin import GIN_PRESETS, GinMatch
    from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS

    session = GinMatch(GIN_PRESETS["classic"], seed=seed)
    bots = [BUILTIN_BOTS["simple"](seed=seed), BUILTIN_BOTS[opponent](seed=seed + 1)]
    while not session.over and (hands is None or len(session.hand_records()) < hands):
        seat = session.to_move()
        assert seat is not None
        session.apply(seat, bots[seat].choose(session.observation(seat)))
    return session


def _record_matches(storage: Any) -> None:
    """Gin matches against three opponents (one abandoned), two three-player gin matches and a
    cribbage game, played here by bots, recorded a day apart."""
    from ginrummy_desktop.engine.cribbage import CribbageMatch
    from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS as CRIBBAGE_BOTS
    from ginrummy_desktop.gui.cribbage.summary import game_summary
    from ginrummy_desktop.gui.shell.persistence import match_summary

    start = datetime(2026, 3, 2, 19, 0, tzinfo=UTC)
    names = {"greedy": "Gus the Greedy", "knocker": "Ada the Expert", "beginner": "Sam"}
    plays = [("greedy", None), ("beginner", None), ("knocker", None), ("greedy", 2),
             ("beginner", None), ("knocker", None)]
    for index, (opponent, hands) in enumerate(plays):
        session = _gin_match(SEED + index, opponent, hands)
        controller = SimpleNamespace(session=session, opponent_name=names[opponent],
                                     setup=SimpleNamespace(preset="classic", opponent=opponent,
                                                           practice=False), undo_used=False)
        result = ("abandoned" if not session.over else
                  "win" if 0 in session.winners else "loss")
        summary = match_summary(controller, start + timedelta(days=index), result)
        storage.record_match(_timed(summary, start + timedelta(days=index), 14 + 3 * index))
    for index in range(2):  # three-player gin: the same Sam, a line-up of its own
        storage.record_match(_timed(_three_player_summary(SEED + 10 + index, start),
                                    start + timedelta(days=7 + index), 30 + index))
    match = CribbageMatch(seed=SEED)
    bots = [CRIBBAGE_BOTS["careful"](seed=1), CRIBBAGE_BOTS["greedy"](seed=2)]
    while not match.over:
        seat = match.to_move()
        assert seat is not None
        match.apply(seat, bots[seat].choose(match.observation(seat)))
    summary = game_summary(match, opponent_id="greedy", opponent_name="Greta",
                           rules="121 points", started_at=start + timedelta(days=6),
                           result="win" if match.winner == 0 else "loss")
    storage.record_match(_timed(summary, start + timedelta(days=6), 24))


def _three_player_summary(seed: int, start: datetime) -> Any:
    """A three-player gin match (the person against Sam and Marjorie) played to the end by
    bots, summarised as the table summarises it."""
    from ginrummy_desktop.engine.gin import GIN_PRESETS, GinMatch
    from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
    from ginrummy_desktop.gui.shell.persistence import match_summary

    bot_ids = {1: "beginner", 2: "marjj"}
    session = GinMatch(GIN_PRESETS["three-player"], seed=seed)
    bots = [BUILTIN_BOTS["simple"](seed=seed)] + [  # quick bots play every seat
        BUILTIN_BOTS[bot](seed=seed + seat) for seat, bot in ((1, "beginner"), (2, "greedy"))]
    while not session.over:
        seat = session.to_move()
        assert seat is not None
        session.apply(seat, bots[seat].choose(session.observation(seat)))
    seat_names = {0: "Ann", 1: "Sam", 2: "Marjorie"}
    controller = SimpleNamespace(
        session=session, opponent_name=seat_names[1], undo_used=False,
        setup=SimpleNamespace(preset="three-player", opponent="beginner", practice=False,
                              seat_bots=lambda _players: dict(bot_ids)),
        name_of=lambda seat, you=False: seat_names[seat],
        seat_names=lambda you=False: dict(seat_names))
    return match_summary(controller, start, "win" if 0 in session.winners else "loss")


def _timed(summary: Any, started: datetime, minutes: int) -> Any:
    """The summary as if played at ``started`` for ``minutes`` (the pictures need no clock)."""
    from dataclasses import replace

    return replace(summary, started_at=started, ended_at=started + timedelta(minutes=minutes))


def statistics_scene(fill: Callable[[Any], None], tab: str,
                     select_hand: int | None = None) -> QWidget:
    """A Statistics window over a new temporary data folder (never the person's files) that
    ``fill(storage)`` records matches into, on ``tab``. On History the oldest match is opened
    (and its hand ``select_hand`` selected) once the queries are in; the folder is removed
    with the window. Scenes of any game build their Statistics pictures with this."""
    from ginrummy_desktop.engine.translation import tr
    from ginrummy_desktop.gui.common.storage_jobs import StorageJobs
    from ginrummy_desktop.gui.stats.window import StatisticsWindow
    from ginrummy_desktop.storage import Storage
    from ginrummy_desktop.storage.stats import StatisticsQueries

    root = tempfile.mkdtemp(prefix="ginrummy-screens-")
    storage = Storage(root)
    fill(storage)
    jobs = StorageJobs()
    window = StatisticsWindow(StatisticsQueries(storage), jobs)
    jobs.setParent(window)
    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    window.tabs.setCurrentIndex(titles.index(tr(tab)))  # ``tab`` in English, shown translated

    def settle() -> None:
        for _ in range(10):
            jobs.wait()
            QCoreApplication.processEvents()
            if not window.busy and not jobs.pending:
                break
        if tab == "History" and window.history_model.rows:
            window.open_match(window.history_model.rows[-1])  # the oldest (newest first)
            jobs.wait()
            if select_hand is not None:
                window.hands_table.selectRow(select_hand)
        QCoreApplication.processEvents()

    def clean_up(_object: object = None) -> None:
        jobs.wait()
        storage.close()
        shutil.rmtree(root, ignore_errors=True)

    window.settle = settle  # type: ignore[attr-defined]
    window.destroyed.connect(clean_up)
    return window


def _replay(game: str, stage: str) -> QWidget:
    from ginrummy_desktop.gui.stats.replay_window import ReplayWindow

    if game == "gin":
        record = next(session.hand_records()[0] for session in (
            _gin_match(seed, hands=1) for seed in range(SEED, SEED + 30))
            if session.hand_records()[0]["result"]["kind"] == "knock" and any(
                hand["layoffs"] for hand in session.hand_records()[0]["result"]["hands"]))
        window = ReplayWindow(record, {0: "You", 1: "Ada the Expert"})
    else:
        from ginrummy_desktop.engine.cribbage import CribbageMatch
        from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS

        match = CribbageMatch(seed=SEED)
        bots = [BUILTIN_BOTS["careful"](seed=1), BUILTIN_BOTS["greedy"](seed=2)]
        while not match.hand_records():
            seat = match.to_move()
            assert seat is not None
            match.apply(seat, bots[seat].choose(match.observation(seat)))
        window = ReplayWindow(match.hand_records()[0], {0: "You", 1: "Greta"})
    frames = window.frames
    if stage == "end":
        window.show_step(len(frames) - 1)
    elif stage == "show":
        window.show_step(next(i for i, f in enumerate(frames) if any(f.shown)))
    else:
        window.show_step(len(frames) // 2)
    return window


def _statistics_scene(tab: str) -> Callable[[], QWidget]:
    return lambda: statistics_scene(_record_matches, tab, select_hand=0)


for _tab in ("Summary", "History", "Charts", "Records"):
    SCENES[f"stats-{_tab.lower()}"] = _statistics_scene(_tab)
SCENES["replay-gin"] = lambda: _replay("gin", "middle")
SCENES["replay-gin-end"] = lambda: _replay("gin", "end")
SCENES["replay-cribbage"] = lambda: _replay("cribbage", "show")
