"""Undo, and the table state autosave keeps beside the match.

Undo takes the person's last move back (practice games, or against the computer when
Preferences allow it; the match is then marked as played with undo). ``snapshot`` and
``restore_table`` keep the hand's order, the NEW/KEEP marks and the undo history across a
restart. Methods of ``GinController`` (``controller.py`` binds them to the class; the
``undo_on`` and ``can_undo`` properties are there).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ginrummy_desktop.engine.cards import Card, parse_cards
from ginrummy_desktop.engine.gin.match import GinMatch
from ginrummy_desktop.engine.translation import tr

if TYPE_CHECKING:
    from ginrummy_desktop.gui.gin.controller import GinController


@dataclass
class _Undo:
    snapshot: dict[str, Any]
    hand_order: list[Card]
    drawn: Card | None
    locked: Card | None
    log_length: int = 0  # how many moves the move log held before the move


def undo(self: GinController) -> bool:
    if not self.undo_on:
        self.message.emit(tr("Undo is available in practice games only"), "warning")
        return False
    if not self._undo or self.reveal is not None:
        self.message.emit(tr("Nothing to undo in this hand"), "warning")
        return False
    entry = self._undo.pop()
    self.background.cancel()
    self.session = GinMatch.restore(entry.snapshot)
    self.loop.attach(self.session, self.loop.seats)
    self.hand_order, self.drawn, self.locked = entry.hand_order, entry.drawn, entry.locked
    self.selected = None
    del self.moves[entry.log_length:]  # the moves taken back leave the log too
    self.moves_changed.emit()
    self.last_hint = None
    self.undo_used = True
    self._refresh()
    self.message.emit(tr("Took back your last move (this match is marked as played with "
                         "undo)"), "info")
    self._schedule_bot()
    return True


def snapshot(self: GinController) -> dict[str, Any]:
    """Match plus table state (hand order), JSON-ready, for autosave."""
    assert self.session is not None
    return {"game": "gin", "match": self.session.snapshot(),
            "hand_order": [str(c) for c in self.hand_order],
            "opponent": self.setup.opponent, "preset": self.setup.preset,
            "others": list(self.setup.seat_bots(self.players).values())[1:],
            "practice": self.setup.practice, "undo_used": self.undo_used,
            "table": self._table_state()}


def _table_state(self: GinController) -> dict[str, Any]:
    """What the table shows beyond the match: the NEW/KEEP marks and, in practice games,
    the undo history (SEEN comes from the match itself)."""
    def card(value: Card | None) -> str | None:
        return None if value is None else str(value)
    return {"drawn": card(self.drawn), "locked": card(self.locked),
            "undo": [{"match": entry.snapshot, "hand_order": [str(c) for c in entry.hand_order],
                      "drawn": card(entry.drawn), "locked": card(entry.locked)}
                     for entry in self._undo]}


def restore_table(self: GinController, state: dict[str, Any] | None) -> None:
    """Put back ``_table_state()`` after ``start`` of a restored match (an autosave from
    before the marks were kept has none: the table starts unmarked, as it did)."""
    if not state:
        return
    hand = set(self.view().hand)

    def card(text: Any) -> Card | None:
        if text is None:
            return None
        (value,) = parse_cards([text])
        return value
    try:
        drawn, locked = card(state.get("drawn")), card(state.get("locked"))
        undo = [_Undo(entry["match"], parse_cards(entry["hand_order"]),
                      card(entry["drawn"]), card(entry["locked"]))
                for entry in (state.get("undo", []) if self.undo_on else [])]
        for entry in undo:
            GinMatch.restore(entry.snapshot)  # refuse a damaged entry now, not at undo
    except (KeyError, TypeError, ValueError, AttributeError):
        return  # the match itself resumed; only its marks and undo are dropped
    self.drawn = drawn if drawn in hand else None
    self.locked = locked if locked in hand else None
    self._undo = undo
    self._refresh()
