"""The status line under the table: what is happening, what to do next, and why a move failed.

Messages have a kind; a refused move is shown with a warning sign and colour *and* the word
"Not allowed", so colour is never the only signal.

A table may set a standing prompt (``show_prompt``: whose turn it is and what to do). Any other
message is then a notice: it shows *beside* the prompt for a while ("✔ Sorted by suit · ▶ Your
turn: draw…") and then the prompt stands alone, so "Sorted by suit" or "Resumed your game"
never hides what to do next. Without a standing prompt a message simply stays.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel, QWidget

from ginrummy_desktop.engine.translation import mark, tr
from ginrummy_desktop.gui.table.palette import TablePalette, fill_with

# Prefix signs come from the common symbol blocks that DejaVu Sans (Linux), Segoe UI Symbol
# (Windows) and Apple Symbols all have; emoji such as U+1F4A1 showed as an empty box.
_STYLES = {
    "info": ("", "color: #f2f2f2; font-weight: normal;"),
    "turn": ("\u25b6 ", "color: #ffffff; font-weight: bold;"),
    "warning": (mark("\u26a0 Not allowed: "), "color: #ffd7d7; font-weight: bold;"),
    "success": ("\u2714 ", "color: #d8ffd8; font-weight: bold;"),
    "hint": (mark("\u2605 Hint: "), "color: #fff3c4;"),
}


def _prefixed(kind: str) -> tuple[str, str]:
    """The sign and word a message of ``kind`` starts with, in the chosen language, and its
    style."""
    prefix, style = _STYLES.get(kind, _STYLES["info"])
    return (tr(prefix) if prefix else ""), style


class StatusLine(QLabel):
    """One line of text; ``message`` and ``kind`` keep the last message for tests and tools."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(tr("Status"))
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setMinimumHeight(28)
        # Not the text's width: after a big window's big font the table must still shrink.
        self.setMinimumWidth(1)
        # A long prompt in a narrow window (800x600 beside the online chat) takes a second line
        # rather than losing its end ("keys: arrows, E").
        self.setWordWrap(True)
        self.message = ""
        self.kind = "info"
        self._pixels = 14
        fill_with(self, TablePalette.for_felt("green").status)  # until the window's felt applies
        self.prompt: tuple[str, str] | None = None  # the standing prompt (text, kind)
        self.notice_ms = 4000  # how long a notice shows before the prompt returns
        self._fallback = QTimer(self)
        self._fallback.setSingleShot(True)
        self._fallback.timeout.connect(self._show_prompt_again)
        self._restyle()

    def set_font_pixels(self, pixels: int) -> None:
        self._pixels = pixels
        self._restyle()

    def _restyle(self) -> None:
        _prefix, style = _STYLES.get(self.kind, _STYLES["info"])
        self.setStyleSheet(f"QLabel {{ padding: 4px 10px; "
                           f"font-size: {self._pixels}px; {style} }}")

    def show_prompt(self, text: str, kind: str = "turn") -> None:
        """Show ``text`` now and come back to it after every notice."""
        self.prompt = (text, kind)
        self._fallback.stop()
        self._display(text, kind)

    def clear_prompt(self) -> None:
        """No standing prompt (the game ended or another begins): messages stay as shown."""
        self.prompt = None
        self._fallback.stop()

    def show_message(self, text: str, kind: str = "info") -> None:
        """A notice beside the standing prompt (alone again after ``notice_ms``), else a
        message that stays."""
        self._display(text, kind, beside=self.prompt)
        if self.prompt is not None:
            # Hints and refusals are read more slowly than "Sorted by suit".
            factor = 2 if kind in ("hint", "warning") else 1
            self._fallback.start(self.notice_ms * factor)

    def _show_prompt_again(self) -> None:
        if self.prompt is not None:
            self._display(*self.prompt)

    @property
    def shown_text(self) -> str:
        """What the line reads now, as plain text (the notice, then the prompt it stands by)."""
        return self.accessibleDescription()

    def _display(self, text: str, kind: str, beside: tuple[str, str] | None = None) -> None:
        prefix, _style = _prefixed(kind)
        self.message = text
        self.kind = kind
        plain = prefix + text
        if beside is None or beside[0] == text:
            self.setTextFormat(Qt.TextFormat.PlainText)
            self.setText(plain)
        else:
            # The notice in its own colour, then the prompt in its own: both stay readable.
            prompt_prefix, prompt_style = _prefixed(beside[1])
            prompt = prompt_prefix + beside[0]
            self.setTextFormat(Qt.TextFormat.RichText)
            self.setText(f"<span style='{_style}'>{html.escape(plain, quote=False)}</span>"
                         f"&nbsp; · &nbsp;<span style='{prompt_style}'>"
                         f"{html.escape(prompt, quote=False)}</span>")
            plain = f"{plain} · {prompt}"
        self._restyle()
        self.setAccessibleDescription(plain)
