"""Card movement and flips with a global speed setting (including "instant") and skipping.

Tables ask the ``Animator`` to move items to their new places; a controller waits for
``when_idle`` before the next step (for example the opponent's move), which paces the game so a
person can follow it. A click on the table calls ``skip()`` to jump every running animation to
its end.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QObject,
    QPauseAnimation,
    QPointF,
    QPropertyAnimation,
    QSequentialAnimationGroup,
    QTimer,
    Signal,
)

from ginrummy_desktop.gui.table.card_item import CardItem

# Multipliers of the base durations; "instant" places cards without animation.
SPEEDS: dict[str, float] = {"instant": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}
DEFAULT_SPEED = "normal"
MOVE_MS = 280
FLIP_MS = 180


class Animator(QObject):
    """Runs card animations and tells when all have finished."""

    idle = Signal()

    def __init__(self, speed: str = DEFAULT_SPEED, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._scale = SPEEDS.get(speed, 1.0)
        self._speed = speed if speed in SPEEDS else DEFAULT_SPEED
        self._running: dict[CardItem, tuple[QAbstractAnimation, Callable[[], None]]] = {}
        self._waiting: list[Callable[[], None]] = []

    @property
    def speed(self) -> str:
        return self._speed

    def set_speed(self, speed: str) -> None:
        if speed not in SPEEDS:
            raise ValueError(f"unknown animation speed {speed!r}; choose one of "
                             f"{', '.join(SPEEDS)}")
        self._speed = speed
        self._scale = SPEEDS[speed]
        if self._scale == 0:
            self.skip()

    @property
    def instant(self) -> bool:
        return self._scale == 0

    def scaled(self, ms: int) -> int:
        return int(ms * self._scale)

    @property
    def busy(self) -> bool:
        return bool(self._running)

    def move(self, item: CardItem, pos: QPointF, delay_ms: int = 0,
             reveal: Callable[[], None] | None = None, duration_ms: int = MOVE_MS) -> None:
        """Move ``item`` to ``pos``; ``reveal`` (a face change) happens mid-way as a flip."""
        self._finish(item)
        moving = (item.pos() - pos).manhattanLength() > 0.5
        if self.instant or (not moving and reveal is None):
            item.setPos(pos)
            if reveal is not None:
                reveal()
            return
        group = QSequentialAnimationGroup(self)
        revealed: list[None] = []
        if delay_ms:
            group.addAnimation(QPauseAnimation(self.scaled(delay_ms), group))
        motion = QPropertyAnimation(item, b"pos", group)
        motion.setDuration(max(1, self.scaled(duration_ms)))
        motion.setStartValue(item.pos())
        motion.setEndValue(pos)
        motion.setEasingCurve(QEasingCurve.Type.OutCubic)
        group.addAnimation(motion)
        if reveal is not None:
            half = max(1, self.scaled(FLIP_MS) // 2)
            shrink = QPropertyAnimation(item, b"flip", group)
            shrink.setDuration(half)
            shrink.setStartValue(1.0)
            shrink.setEndValue(0.0)
            grow = QPropertyAnimation(item, b"flip", group)
            grow.setDuration(half)
            grow.setStartValue(0.0)
            grow.setEndValue(1.0)
            shrink.finished.connect(lambda: revealed.append(reveal()))
            group.addAnimation(shrink)
            group.addAnimation(grow)

        def finish() -> None:
            item.setPos(pos)
            item.set_flip(1.0)
            if reveal is not None and not revealed:
                revealed.append(reveal())

        self._running[item] = (group, finish)
        group.finished.connect(lambda: self._done(item, group))
        group.start()

    def _finish(self, item: CardItem) -> None:
        entry = self._running.pop(item, None)
        if entry is not None:
            group, finish = entry
            finish()
            group.stop()

    def _done(self, item: CardItem, group: QAbstractAnimation) -> None:
        entry = self._running.get(item)
        if entry is not None and entry[0] is group:
            del self._running[item]
            item.set_flip(1.0)
        group.deleteLater()
        self._check_idle()

    def skip(self) -> None:
        """Jump every running animation to its end state."""
        for item in list(self._running):
            self._finish(item)
        self._check_idle()

    def forget(self, item: CardItem) -> None:
        """Stop animating an item that is about to be removed from the scene."""
        entry = self._running.pop(item, None)
        if entry is not None:
            entry[0].stop()
            # A relayout (window resize) may forget the last running move: whoever waits for
            # idle must still be called, once this event has settled (new moves may start).
            QTimer.singleShot(0, self, self._check_idle)

    def when_idle(self, callback: Callable[[], None], pause_ms: int = 0) -> None:
        """Call ``callback`` from the event loop once no animation runs (after ``pause_ms``)."""
        delay = self.scaled(pause_ms)

        def later() -> None:
            QTimer.singleShot(delay, callback)

        if self._running:
            self._waiting.append(later)
        else:
            later()

    def _check_idle(self) -> None:
        if self._running:
            return
        waiting, self._waiting = self._waiting, []
        for callback in waiting:
            callback()
        self.idle.emit()
