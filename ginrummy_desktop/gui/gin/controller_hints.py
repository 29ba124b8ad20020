"""Hints: the expert's advice (asked off the GUI thread) and "Use this hint".

Methods of ``GinController`` (``controller.py`` binds them to the class); the advice comes
from ``opponents.hint``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.gui.gin import opponents as gin_opponents
from ginrummy_desktop.gui.gin.display import HUMAN, OUT_KINDS, card_text

if TYPE_CHECKING:
    from ginrummy_desktop.gui.gin.controller import GinController


def request_hint(self: GinController) -> None:
    if not self.setup.hints:
        self.message.emit(tr("Hints are off in rated games"), "warning")
        return
    if self.session is None or self.view().to_move != HUMAN or self.reveal is not None:
        self.message.emit(tr("A hint is available when it is your turn"), "info")
        return
    observation = self.session.observation(HUMAN)
    if self._hint_op is not None:
        self.background.forget(self._hint_op)
    self._hint_op = self.background.run(lambda: gin_opponents.hint(observation),
                                        self._hint_ready, self._hint_failed)
    self.message.emit(tr("Thinking about a hint…"), "info")


def _hint_ready(self: GinController, hint: tuple[Action, str]) -> None:
    self._hint_op = None
    action, reason = hint
    self.last_hint = (action, reason)
    self.message.emit(reason, "hint")
    self.changed.emit()  # "Use this hint" is offered


def use_hint(self: GinController) -> bool:
    """"Use this hint": the hinted card is selected (Enter discards it, K knocks with it),
    or the hinted draw or pass is made. The person still makes every discard."""
    hint = self.last_hint
    if hint is None or self.session is None or self.view().to_move != HUMAN \
            or self.reveal is not None:
        self.message.emit(tr("Ask for a hint first (H)"), "info")
        return False
    action = hint[0]
    if action.card is not None and action.card in self.hand_order \
            and action.kind in ("discard", *OUT_KINDS):
        self.selected = action.card
        self._refresh()
        text = tr("{card} is selected: press K to knock") if action.kind in OUT_KINDS \
            else tr("{card} is selected: press Enter to discard it")
        self.message.emit(text.format(card=card_text(action.card)), "info")
        return True
    return self.play(action)


def _hint_failed(self: GinController, reason: str) -> None:
    self._hint_op = None
    self.message.emit(tr("No hint this time ({reason})").format(reason=reason), "info")
