"""The keyboard (``keys.py``): the arrow keys' focus along the hand or the spread pack, Space,
Enter and Escape. Methods of ``CribbageController`` (``controller.py`` binds them to the class);
the ``focus`` property is there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.gui.cribbage.display import (
    STAGE_CUT,
    STAGE_DISCARD,
    STAGE_PLAY,
    STAGE_SHOW,
)

if TYPE_CHECKING:
    from ginrummy_desktop.gui.cribbage.controller import CribbageController


def move_focus(self: CribbageController, step: int) -> None:
    """Left (-1) or Right (+1) along the person's hand, wrapping at the ends (during a
    cut: along the spread pack)."""
    if self._stage == STAGE_CUT:
        self._move_cut_focus(step)
        return
    cards = list(self.display.hand)
    if not cards:
        return
    current = self.focus
    if current is None:
        index = 0 if step > 0 else len(cards) - 1
    else:
        index = (cards.index(current) + step) % len(cards)
    self._focus = cards[index]
    self._refresh()


def choose_focused(self: CribbageController) -> None:
    """Space: the focused card into the crib or back; in the show, hurry the counting."""
    if self._stage == STAGE_SHOW:
        self.skip_animations()
    elif self._stage == STAGE_CUT:
        self._cut_at_focus()
    elif self._stage == STAGE_DISCARD:
        card = self.focus
        if card is not None:  # it stays in its place (raised), so the focus stays on it
            self.toggle_discard(card)
        elif self._pending:  # the focus went with a chosen card: take the last one back
            self.toggle_discard(self._pending[-1])


def confirm(self: CribbageController) -> None:
    """Enter: cut, send the chosen pair, play the focused card or go on after the show."""
    if self._stage == STAGE_CUT:
        self._cut_at_focus()
    elif self._stage == STAGE_DISCARD:
        if len(self._pending) == 2:
            self.send_discard()
        else:
            self.choose_focused()
    elif self._stage == STAGE_PLAY:
        card = self.focus
        if card is None:
            self._say(tr("Choose a card with the arrow keys, then press Enter to play it."),
                      "info")
            return
        self._focus_after_leaving(card)
        if not self.play_card(card):
            self._focus = card
    elif self._stage == STAGE_SHOW:
        self.continue_game()


def clear_choice(self: CribbageController) -> None:
    """Escape: hide the hint, or take back the cards chosen for the crib."""
    if self._hint is not None:
        self.toggle_hint()
    elif self._stage == STAGE_DISCARD and self._pending:
        self._pending = []
        self._refresh()


def _focus_after_leaving(self: CribbageController, card: Card) -> None:
    """The card leaves the hand: the focus moves to its right-hand neighbour."""
    cards = list(self.display.hand)
    rest = [c for c in cards if c != card]
    index = cards.index(card) if card in cards else 0
    self._focus = rest[min(index, len(rest) - 1)] if rest else None
