"""Screenshot scenes of the hand review.

``review-gin``: a gin hand played by the Simple persona, reviewed, on its costliest decision.
``review-cribbage``: a cribbage hand, on the discard with its table of the 15 keeps.
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from ginrummy_desktop.gui.scenes import SCENES

SEED = 41


def _gin_record() -> dict[str, Any]:
    from ginrummy_desktop.engine.gin import GIN_PRESETS, GinMatch
    from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS

    match = GinMatch(GIN_PRESETS["classic"], seed=SEED)
    bots = [BUILTIN_BOTS["simple"](seed=1), BUILTIN_BOTS["expert"](seed=2)]
    while len(match.hand_records()) < 2:
        seat = match.to_move()
        assert seat is not None
        match.apply(seat, bots[seat].choose(match.observation(seat)))
    return match.hand_records()[1]


def _cribbage_record() -> dict[str, Any]:
    from ginrummy_desktop.engine.cribbage import CribbageMatch
    from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS

    match = CribbageMatch(seed=SEED)
    bots = [BUILTIN_BOTS["greedy"](seed=1), BUILTIN_BOTS["expert"](seed=2)]
    while not match.hand_records():
        seat = match.to_move()
        assert seat is not None
        match.apply(seat, bots[seat].choose(match.observation(seat)))
    return match.hand_records()[0]


def _review(game: str) -> QWidget:
    from ginrummy_desktop.gui.review.window import ReviewWindow

    record = _gin_record() if game == "gin" else _cribbage_record()
    window = ReviewWindow([record], 0, {0: "You", 1: "Ada the Expert"})

    def settle() -> None:
        deadline = time.monotonic() + 60
        while window.review is None and window.error is None and time.monotonic() < deadline:
            QCoreApplication.processEvents()
            time.sleep(0.01)
        QCoreApplication.processEvents()
        if game == "gin":
            costly = max(range(len(window.entries)), key=lambda i: window.entries[i][1].loss,
                         default=0)
            window.show_decision(costly)
        QCoreApplication.processEvents()

    window.settle = settle  # type: ignore[attr-defined]
    return window


SCENES["review-gin"] = lambda: _review("gin")
SCENES["review-cribbage"] = lambda: _review("cribbage")
