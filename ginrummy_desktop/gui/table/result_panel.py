"""The end-of-hand / end-of-match panel shown over the table, and the fair-deal check.

Game-agnostic: it shows a title, itemized lines, a running score and a row of buttons; the
game's screen fills it in.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.engine.cards import card_text, parse_cards
from ginrummy_desktop.engine.deck import verify_commitment
from ginrummy_desktop.engine.translation import tr

_PANEL_STYLE = """
QFrame#resultPanel { background: rgb(12, 30, 20); border: 2px solid #d9b65a;
                     border-radius: 14px; }
QLabel { color: #f4f1e6; background: transparent; }
QLabel#resultTitle { color: #ffe39a; font-size: 20px; font-weight: bold; }
QLabel#resultScore { color: #ffffff; font-size: 15px; font-weight: bold; }
QPushButton { background: #e9dfbf; color: #1b1b1b; border: 1px solid #8d7a3d; border-radius: 6px;
              padding: 6px 16px; font-weight: bold; }
QPushButton:default { background: #ffd55c; }
QPushButton:focus { border: 2px solid #ffffff; }
"""


MAX_BUTTONS = 4  # in one row at the smallest window


class ResultPanel(QFrame):
    """Title, itemized lines (label, points), a score line and action buttons."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resultPanel")
        self.setStyleSheet(_PANEL_STYLE)
        self.setAccessibleName(tr("Hand result"))
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(22, 16, 22, 16)
        self._layout.setSpacing(6)
        self.title = QLabel()
        self.title.setObjectName("resultTitle")
        self.title.setWordWrap(True)
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.body = QLabel()
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setWordWrap(True)
        self.body.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.score = QLabel()
        self.score.setObjectName("resultScore")
        self.score.setAlignment(Qt.AlignmentFlag.AlignCenter)
        # Long names make "Last hand: … went gin: … scores 40" wider than the panel: wrap it
        # (the panel's height follows heightForWidth) instead of clipping both ends.
        self.score.setWordWrap(True)
        self.buttons = QHBoxLayout()
        self._layout.addWidget(self.title)
        self._layout.addWidget(self.body)  # no stretch: no empty gap under the rows
        self._layout.addWidget(self.score)
        self._layout.addLayout(self.buttons)
        self._button_widgets: list[QPushButton] = []
        # Buttons the app adds after the game's own (the hand review's), when the row has room:
        # five buttons do not fit across an 800-pixel window.
        self.extra_buttons: list[tuple[str, Callable[[], object], str]] = []
        self.rows: list[tuple[str, ...]] = []
        self._pixels = 14
        self._table_html = ""
        self.hide()

    def set_font_pixels(self, pixels: int) -> None:
        """Scale the panel's text with the window (body rows use this size)."""
        self._pixels = pixels
        self.setStyleSheet(_PANEL_STYLE + f"QLabel#resultTitle {{ font-size: {pixels + 6}px; }}"
                           f"QLabel#resultScore {{ font-size: {pixels + 1}px; }}"
                           f"QPushButton {{ font-size: {pixels}px; }}")
        if self.rows:
            self.body.setText(self._table_html.replace("font-size:14px",
                                                       f"font-size:{pixels}px"))

    def set_content(self, title: str, lines: Sequence[Sequence[str]], score: str,
                    buttons: Sequence[tuple[str, Callable[[], object], str]],
                    header: Sequence[str] = ()) -> None:
        """``lines`` are rows (label, value, ...); ``header`` optionally names the value columns;
        ``buttons`` are (text, callback, accessible name), the first is the default."""
        self.title.setText(title)
        self.rows = [tuple(row) for row in lines]

        def cells(row: Sequence[str], tag: str = "td") -> str:
            label, *values = row
            # "… scores 28": the number stays with its word when the line wraps.
            label = re.sub(r" (\S+)$", r"&nbsp;\1", label)
            out = f"<{tag} align='left' style='padding:2px 18px 2px 0'>{label}</{tag}>"
            for value in values:
                out += f"<{tag} align='right' style='padding:2px 0 2px 14px'><b>{value}</b></{tag}>"
            return out

        head = f"<tr>{cells(header, 'th')}</tr>" if header else ""
        rows = "".join(f"<tr>{cells(row)}</tr>" for row in lines)
        self._table_html = f"<table align='center' style='font-size:14px'>{head}{rows}</table>"
        self.body.setText(self._table_html.replace("font-size:14px",
                                                   f"font-size:{self._pixels}px"))
        self.body.setVisible(bool(lines))  # an empty table would still take a line's height
        self.score.setText(score)
        self.score.setVisible(bool(score))
        while self.buttons.count():
            item = self.buttons.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()  # deleteLater alone leaves it painted until the loop runs
                widget.deleteLater()
        self._button_widgets = []
        self.buttons.addStretch(1)
        room = max(0, MAX_BUTTONS - len(buttons))
        for index, (text, callback, accessible) in enumerate(
                [*buttons, *self.extra_buttons[:room]]):
            button = QPushButton(text, self)
            button.setAccessibleName(accessible or text)
            button.clicked.connect(callback)
            if index == 0:
                button.setDefault(True)
            self.buttons.addWidget(button)
            self._button_widgets.append(button)
        self.buttons.addStretch(1)

    def button(self, text: str) -> QPushButton | None:
        return next((b for b in self._button_widgets if b.text().replace("&", "") == text), None)

    def button_texts(self) -> list[str]:
        return [b.text().replace("&", "") for b in self._button_widgets]


def verify_deal_text(record: dict, published: str | None) -> tuple[bool, str]:
    """Check a finished hand's revealed deck and salt against the commitment published before
    the hand was played. Returns (ok, explanation as HTML)."""
    deck, salt = record.get("deck", []), record.get("salt", "")
    expected = published or record.get("commitment", "")
    ok = bool(deck) and verify_commitment(" ".join(deck), salt, expected)
    verdict = (tr("<b style='color:#1a7f37'>✔ Verified:</b> the cards were dealt exactly as "
                  "committed before the hand began.") if ok else
               tr("<b style='color:#c3192d'>✘ Mismatch:</b> the revealed deck does not match the "
                  "published commitment."))
    codes = " ".join(deck)
    deck_words = tr("<b>Deck in dealt order:</b>")
    commitment_words = tr("<b>Commitment published before the hand</b> (SHA-256):")
    salt_words = tr("<b>Salt revealed after the hand:</b>")
    check_words = tr("To check it yourself, compute SHA-256 of the salt, a colon and the deck "
                     "written in card codes (10 as T, suits as C D H S, separated by spaces):")
    text = (f"{verdict}<br><br>{deck_words}<br>{_readable_deck(deck)}<br><br>"
            f"{commitment_words}<br><tt>{expected}</tt>"
            f"<br><br>{salt_words} <tt>{salt}</tt><br><br>"
            f"{check_words}<br><tt>{codes}</tt>")
    return ok, text


def _readable_deck(deck: Sequence[str]) -> str:
    """The dealt deck as a player reads cards (10♥, J♣), in the suits' colours; a record
    whose cards do not read is shown as written."""
    try:
        cards = parse_cards(list(deck))
    except (ValueError, TypeError):
        return html.escape(" ".join(map(str, deck)))
    red = {"D", "H"}
    return " ".join(f"<span style='color:#c3192d'>{card_text(card)}</span>"
                    if card.suit in red else card_text(card) for card in cards)


def show_verification(parent: QWidget, ok: bool, text: str) -> QMessageBox:
    """The Verify deal verdict in a non-modal box (both tables' Verify deal uses it)."""
    box = QMessageBox(QMessageBox.Icon.Information if ok else QMessageBox.Icon.Warning,
                      tr("Verify deal"), text, QMessageBox.StandardButton.Ok, parent)
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setAccessibleName(tr("Deal verification"))
    box.open()
    return box
