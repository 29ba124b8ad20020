"""Opening the review from the rest of the app: the main window's game, a replayed record."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import QWidget

from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.engine.wording import is_you
from ginrummy_desktop.gui.game_registry import find_gui_game
from ginrummy_desktop.gui.review.history import ReviewHistory
from ginrummy_desktop.gui.review.window import ReviewWindow


def person_seat(names: dict[int, str], records: Sequence[dict[str, Any]]) -> int:
    """The seat named "You", else the first seat of the first record."""
    for seat, name in names.items():
        if is_you(name):
            return seat
    seats = records[0].get("seats") if records else None
    return seats[0] if isinstance(seats, list) and seats else 0


def open_review(parent: QWidget, records: Sequence[dict[str, Any]], names: dict[int, str],
                opponent: str | None = None, renderer: Any = None,
                seat: int | None = None) -> ReviewWindow:
    """A review window for ``records`` (kept alive by ``parent.dialogs`` when it has one)."""
    chosen = person_seat(names, records) if seat is None else seat
    window = ReviewWindow(records, chosen, names, opponent, renderer, parent, ReviewHistory())
    dialogs = getattr(parent, "dialogs", None)
    if isinstance(dialogs, list):
        dialogs.append(window)
    window.show()
    from ginrummy_desktop.gui.common.window_fit import keep_on_screen

    keep_on_screen(window)
    return window


def review_from_window(window: Any, whole_match: bool = False) -> ReviewWindow | None:
    """Review the last finished hand (or every finished hand) of the game on ``window``."""
    game = find_gui_game(window.game)  # the registration says where its match and names are
    source = game.review_source if game is not None else None
    session, names, seat, opponent = (None, {}, 0, None) if source is None else \
        source(window.controller)
    records = session.hand_records() if session is not None else []
    if not records:
        window.status_line().show_message(tr("No finished hand to review yet"), "info")
        return None
    chosen = records if whole_match else records[-1:]
    return open_review(window, chosen, names, opponent, window.renderer, seat)
