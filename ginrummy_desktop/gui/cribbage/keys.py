"""The cribbage table's keys: the single source for its shortcuts, tooltips and the Help page.

Like the gin screen's ``KEYS``: (action id, label, shortcut(s), description). The table turns
each row into a ``QAction``; ``shortcut_rows()`` lists them (and the mouse) for Help.
"""

from __future__ import annotations

from ginrummy_desktop.gui.table.keys import KeyRow, key_rows

CRIBBAGE_KEYS: tuple[KeyRow, ...] = (
    ("prev", "Focus left", ("Left",),
     "Move the keyboard focus to the card on the left (in a cut: along the spread pack)"),
    ("next", "Focus right", ("Right",),
     "Move the keyboard focus to the card on the right (in a cut: along the spread pack)"),
    ("choose", "Choose for the crib", ("Space",),
     "Choose the focused card for the crib, or take it back; cut the pack at the focus; "
     "skip the show's counting"),
    ("confirm", "Cut / play / send / count", ("Return", "Enter"),
     "Cut the pack at the focus (the middle if none); play the focused card; send the two "
     "chosen cards to the crib; enter your count; deal the next hand"),
    ("count", "Count box", ("C",), "Put the cursor in the count box to type your points"),
    ("next_hand", "Next hand", ("N",),
     "Deal the next hand after the show (the first, after the cut for the deal)"),
    ("verify", "Verify deal", ("V",), "After the show: check the deal against the fair-deal "
                                      "commitment published before it"),
    ("hint", "Hint", ("H",), "The discard advisor, or the expert's play"),
    ("use_hint", "Use this hint", ("U",),
     "Choose the two cards the advisor would toss, or focus the card the expert would play"),
    ("rematch", "Rematch", ("R",), "Play another game when this one is over"),
    ("move_log", "Move log", ("L",), "Show or hide the moves of the hand in play"),
    ("clear", "Clear choice", ("Escape",),
     "Take back the cards chosen for the crib; hide the hint"),
)


def shortcut_rows() -> list[tuple[str, str, str]]:
    """(keys, action, description) rows for the Help menu's keyboard page."""
    rows = key_rows(CRIBBAGE_KEYS)
    rows += [("Click the pack", "Cut",
              "Click a card of the spread pack (or drag it off the pack) to cut there"),
             ("Click", "Choose", "Click a card to choose it for the crib (again to take it back)"),
             ("Drag", "Crib / play", "Drag a card onto the crib, or to the play area to play it"),
             ("Double-click", "Play", "Double-click a card to play it")]
    return rows
