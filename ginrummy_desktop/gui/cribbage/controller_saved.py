"""The table state autosave keeps beside the match: the cards chosen for the crib, the keyboard
focus, the hint, the cut for the deal on show and the published commitments. Methods of
``CribbageController`` (``controller.py`` binds them to the class).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ginrummy_desktop.engine.cards import Card, parse_cards
from ginrummy_desktop.engine.cribbage.observation import (
    DISCARD,
)
from ginrummy_desktop.gui.cribbage.display import (
    STAGE_CUT,
    STAGE_DISCARD,
    STAGE_PLAY,
)

if TYPE_CHECKING:
    from ginrummy_desktop.gui.cribbage.controller import CribbageController


def snapshot(self: CribbageController) -> dict[str, Any]:
    """JSON-ready autosave state: the match plus what the table shows beyond it."""
    return {"game": "cribbage", "match": self.match.snapshot(), "opponent": self.opponent_id,
            "table": self._table_state()}


def _table_state(self: CribbageController) -> dict[str, Any]:
    """The person's marks at the table: cards chosen for the crib but not sent, the
    keyboard focus (card or cut depth), the hint on show, the cut for the deal on show
    before Deal, and the fair-deal commitments published before each hand. (Cribbage
    offers no undo, so there is none to keep.)"""
    hint = None
    if self._hint is not None:
        title, lines, cards = self._hint
        hint = {"title": title, "lines": [list(line) for line in lines],
                "cards": sorted(str(card) for card in cards)}
    return {
        "pending": [str(card) for card in self._pending],
        "focus": None if self._focus is None else str(self._focus),
        "cut_focus": self._cut_focus,
        "cut_result": [[seat, depth, str(card)] for seat, depth, card in self._cut_result],
        "hint": hint,
        "published": {str(hand): text for hand, text in self.published.items()},
    }


def restore_table(self: CribbageController, state: dict[str, Any] | None) -> None:
    """Put back ``_table_state()`` after ``start`` of a restored match. Anything that no
    longer fits the match (a card not in hand, a damaged entry) is dropped; the match
    itself has resumed either way (an autosave from before the marks has none)."""
    if not state or self.match.over:
        return
    try:
        hand = set(self.match.observation(self.human).hand)
        pending = [c for c in parse_cards(state.get("pending") or []) if c in hand][:2]
        focus_text = state.get("focus")
        focus = Card.parse(focus_text) if focus_text else None
        cut_focus = state.get("cut_focus")
        shown = tuple((int(seat), int(depth), Card.parse(card))
                      for seat, depth, card in state.get("cut_result") or [])
        hint = state.get("hint")
        restored_hint = None
        if hint:
            lines = tuple((str(a), str(b), bool(best)) for a, b, best in hint["lines"])
            restored_hint = (str(hint["title"]), lines,
                             frozenset(parse_cards(hint["cards"])))
        published = {int(hand_number): str(text)
                     for hand_number, text in (state.get("published") or {}).items()}
    except (KeyError, TypeError, ValueError, AttributeError):
        return
    self.published.update(published)
    yours = self.match.to_move() == self.human
    if self._stage == STAGE_DISCARD and yours:
        self._pending = pending
    self._focus = focus if focus in hand else None
    if self._stage == STAGE_CUT and yours and type(cut_focus) is int:
        low, high = self._cut_bounds()
        self._cut_focus = cut_focus if low <= cut_focus <= high else None
    if shown and self.match.hand_number == 1 and self.match.phase == DISCARD and \
            not self.match.counted_shows and len(self.match.observation(
                self.human).hand) == 6 and tuple(c for *_, c in shown) == \
            (self.match.cuts[-1] if self.match.cuts else ()):
        # Quit with the cut for the deal on show: it comes back, waiting for Deal.
        self.loop.reset()
        self._cut_result = shown
        self._stage = STAGE_CUT
        self._hand_seen = 0
    if restored_hint is not None and yours and self._stage in (STAGE_DISCARD, STAGE_PLAY) \
            and restored_hint[2] <= hand:
        self._hint = restored_hint
    self._refresh()
