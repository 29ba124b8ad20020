"""The gin table's keys: the single source for its shortcuts, tooltips and the Help page.

``KEYS`` (the moves, Game → Play) and ``VIEW_KEYS`` (the View menu's score sheet and move log)
are rows of (action id, label, shortcut(s), description); the screen turns each into a
``QAction`` (``gui/table/keys.py``), and ``shortcut_rows()`` lists them, with the mouse, for
Help → Keyboard shortcuts.
"""

from __future__ import annotations

from ginrummy_desktop.engine.translation import mark, tr, tr_ctx
from ginrummy_desktop.gui.table.keys import KeyRow, key_rows

# (action id, label, shortcut(s), description) — the single source for keys, tooltips and Help.
# Labels and descriptions are marked for the catalogue and shown through ``shown_rows``; the
# shortcuts are Qt's key names (``QKeySequence``), the same in every language.
KEYS: tuple[KeyRow, ...] = (
    ("stock", mark("Draw from stock"), ("S",), mark("Draw the top card of the stock")),
    ("take", mark("Take discard"), ("D", "T"),
     mark("Take the top card of the discard pile (or the upcard)")),
    ("pass", mark("Pass"), ("P",), mark("Pass on the upcard (first turn only)")),
    ("discard", mark("Discard selected"), ("Return", "Enter"), mark("Discard the selected card")),
    ("knock", mark("Knock / Gin"), ("K",),
     mark("Knock or go gin with the selected card (or the best discard)")),
    ("prev", mark("Select left"), ("Left",), mark("Select the card to the left")),
    ("next", mark("Select right"), ("Right",), mark("Select the card to the right")),
    ("move_left", mark("Move card left"), ("Ctrl+Left",),
     mark("Move the selected card one place left")),
    ("move_right", mark("Move card right"), ("Ctrl+Right",),
     mark("Move the selected card one place right")),
    ("sort_rank", mark("Sort by rank"), ("1",), mark("Sort the hand by rank")),
    ("sort_suit", mark("Sort by suit"), ("2",), mark("Sort the hand by suit")),
    ("sort_melds", mark("Sort by melds"), ("3",),
     mark("Melds left, deadwood right (highest last)")),
    ("hint", mark("Hint"), ("H",), mark("Ask the expert for a suggestion")),
    ("use_hint", mark("Use this hint"), ("U",),
     mark("Select the hinted card (Enter or K then plays it), or make the hinted draw")),
    ("undo", mark("Undo"), ("Ctrl+Z",), mark("Take back your last move (practice games)")),
    ("fan", mark("Fan discard pile"), ("F",), mark("Spread the discard pile to see its history")),
    ("skip", mark("Skip animation / next hand"), ("Space",),
     mark("Finish animations; continue after a hand; play out a hand you sit out")),
    ("deselect", mark("Clear selection"), ("Escape",), mark("Deselect the card")),
)

# The View menu's gin entries (same shape as KEYS; they are not moves, so not in Game → Play).
VIEW_KEYS: tuple[tuple[str, str, tuple[str, ...], str], ...] = (
    ("score_sheet", mark("Score sheet"), ("Ctrl+G",), mark("Show or hide the running score sheet")),
    ("move_log", mark("Move log"), ("L",), mark("Show or hide the moves of the hand in play")),
)


def shown_rows(rows: tuple[KeyRow, ...]) -> tuple[KeyRow, ...]:
    """``rows`` with their labels and descriptions in the chosen language (the ids and keys
    stay)."""
    return tuple((action_id, tr(label), keys, tr(text)) for action_id, label, keys, text in rows)


def shortcut_rows() -> list[tuple[str, str, str]]:
    """(keys, action, description) rows for the Help menu's keyboard page."""
    rows = key_rows(shown_rows(KEYS + VIEW_KEYS))
    rows += [(tr_ctx("mouse", "Drag"), tr("Move cards"),
              tr("Drag a card within your hand to reorder it; drag to the pile to discard, to "
                 "the knock area to knock")),
             (tr_ctx("mouse", "Double-click"), tr_ctx("mouse action", "Discard"),
              tr("Double-click a card in your hand to discard it")),
             (tr_ctx("mouse", "Click"), tr("Draw / select"),
              tr("Click the stock or the pile to draw; click a card to select it"))]
    return rows
