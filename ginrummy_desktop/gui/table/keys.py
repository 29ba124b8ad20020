"""Keyboard shortcuts for a table, from one table of rows: ``QAction``s and Help's rows.

Each game keeps its keys as rows of ``(action id, label, shortcut(s), description)`` (gin:
``gui/gin/keys.py``'s ``KEYS``, cribbage: ``gui/cribbage/keys.py``). ``add_key_actions`` turns
the rows into window-wide ``QAction``s on the table's widget, so the keys work wherever the focus
is in the window while that table shows; ``key_rows`` lists them for the Help page. Labels and
descriptions are module constants written with ``mark()``: both functions show them with ``tr()``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from ginrummy_desktop.engine import translation
from ginrummy_desktop.engine.translation import tr

KeyRow = tuple[str, str, tuple[str, ...], str]


def add_key_actions(widget: QWidget, rows: Sequence[KeyRow],
                    handlers: Mapping[str, Callable[[], object]],
                    guard: Callable[[Callable[[], object]], object] | None = None,
                    checkable: bool = False) -> dict[str, QAction]:
    """One ``QAction`` per row on ``widget`` (its tooltip names the keys); a triggered action
    calls its handler, through ``guard(handler)`` when given (e.g. only while a match is on).
    ``checkable`` actions (a View menu's show/hide entries) toggle before the handler runs, so
    the handler reads the new state from ``isChecked()``."""
    actions: dict[str, QAction] = {}
    for action_id, label, keys, text in rows:
        label, text = tr(label), tr(text)
        action = QAction(label, widget)
        action.setCheckable(checkable)
        action.setShortcuts([QKeySequence(key) for key in keys])
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.setToolTip(f"{text} ({shown_keys(keys)})")
        action.setStatusTip(text)
        handler = handlers[action_id]
        if guard is None:
            action.triggered.connect(lambda _checked=False, h=handler: h())
        else:
            action.triggered.connect(lambda _checked=False, h=handler: guard(h))
        widget.addAction(action)
        actions[action_id] = action
    return actions


def shown_keys(keys: Sequence[str]) -> str:
    """The keys as the player's keyboard names them ("Leertaste", "Entrée"): Qt words them in
    the chosen language from its own catalogue; English keeps the names as written ("Escape")."""
    if translation.language() == translation.SOURCE_LANGUAGE:
        return " / ".join(keys)
    return " / ".join(QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText) or key
                      for key in keys)


def key_rows(rows: Sequence[KeyRow]) -> list[tuple[str, str, str]]:
    """(keys, action, description) rows for the Help menu's keyboard page."""
    return [(shown_keys(keys), tr(label), tr(text)) for _id, label, keys, text in rows]
