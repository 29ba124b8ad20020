"""The cribbage table's keys: the single source for its shortcuts, tooltips and the Help page.

Like the gin screen's ``KEYS``: (action id, label, shortcut(s), description). The table turns
each row into a ``QAction``; ``shortcut_rows()`` lists them (and the mouse) for Help. Labels and
descriptions are marked here and shown with ``tr()`` (gui/table/keys.py); the shortcuts are Qt's
key names and stay.
"""

from __future__ import annotations

from ginrummy_desktop.engine.translation import mark, tr, tr_ctx
from ginrummy_desktop.gui.table.keys import KeyRow, key_rows

CRIBBAGE_KEYS: tuple[KeyRow, ...] = (
    ("prev", mark("Focus left"), ("Left",),
     mark("Move the keyboard focus to the card on the left (in a cut: along the spread pack)")),
    ("next", mark("Focus right"), ("Right",),
     mark("Move the keyboard focus to the card on the right (in a cut: along the spread pack)")),
    ("choose", mark("Choose for the crib"), ("Space",),
     mark("Choose the focused card for the crib, or take it back; cut the pack at the focus; "
          "skip the show's counting")),
    ("confirm", mark("Cut / play / send / count"), ("Return", "Enter"),
     mark("Cut the pack at the focus (the middle if none); play the focused card; send the two "
          "chosen cards to the crib; enter your count; deal the next hand")),
    ("count", mark("Count box"), ("C",),
     mark("Put the cursor in the count box to type your points")),
    ("next_hand", mark("Next hand"), ("N",),
     mark("Deal the next hand after the show (the first, after the cut for the deal)")),
    ("verify", mark("Verify deal"), ("V",),
     mark("After the show: check the deal against the fair-deal commitment published before "
          "it")),
    ("hint", mark("Hint"), ("H",), mark("The discard advisor, or the expert's play")),
    ("use_hint", mark("Use this hint"), ("U",),
     mark("Choose the two cards the advisor would toss, or focus the card the expert would "
          "play")),
    ("rematch", mark("Rematch"), ("R",), mark("Play another game when this one is over")),
    ("move_log", mark("Move log"), ("L",), mark("Show or hide the moves of the hand in play")),
    ("clear", mark("Clear choice"), ("Escape",),
     mark("Take back the cards chosen for the crib; hide the hint")),
)


def shortcut_rows() -> list[tuple[str, str, str]]:
    """(keys, action, description) rows for the Help menu's keyboard page."""
    rows = key_rows(CRIBBAGE_KEYS)
    rows += [(tr("Click the pack"), tr_ctx("mouse action", "Cut"),
              tr("Click a card of the spread pack (or drag it off the pack) to cut there")),
             (tr_ctx("mouse", "Click"), tr_ctx("mouse action", "Choose"),
              tr("Click a card to choose it for the crib (again to take it back)")),
             (tr_ctx("mouse", "Drag"), tr("Crib / play"),
              tr("Drag a card onto the crib, or to the play area to play it")),
             (tr_ctx("mouse", "Double-click"), tr_ctx("mouse action", "Play"),
              tr("Double-click a card to play it"))]
    return rows
