"""Keep the main window on the screen it opens on, at any scale factor.

With ``QT_SCALE_FACTOR=2`` a 1600x1000 screen is 800x500 logical pixels: a saved 1280x800
geometry, or an 800x600 minimum, would leave the buttons and status line off-screen. Pure
functions over ``QRect``/``QSize`` (tested with made-up screens); ``MainWindow`` applies them,
``open_fitted`` applies them to the shell's other windows (Statistics, replays) and
``keep_on_screen`` to its dialogs (Preferences).
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QWidget

PREFERRED_MINIMUM = QSize(800, 600)  # logical pixels, where the screen has room for it
DEFAULT_SIZE = QSize(1280, 800)


def minimum_for(available: QRect) -> QSize:
    """The window's minimum size: 800x600, or the whole available area if that is smaller."""
    return PREFERRED_MINIMUM.boundedTo(available.size())


def default_geometry(available: QRect, preferred: QSize = DEFAULT_SIZE) -> QRect:
    """``preferred`` (1280x800; at most 90% of the available area, at least the minimum),
    centred."""
    room = QSize(available.width() * 9 // 10, available.height() * 9 // 10)
    size = preferred.boundedTo(room).expandedTo(minimum_for(available))
    rect = QRect(0, 0, size.width(), size.height())
    rect.moveCenter(available.center())
    return rect


def fitted(geometry: QRect, available: QRect) -> QRect:
    """``geometry`` shrunk to fit ``available`` and moved wholly inside it (the main
    window's minimum size permitting)."""
    return inside(geometry, available, minimum_for(available))


def inside(geometry: QRect, available: QRect, minimum: QSize | None = None) -> QRect:
    """``geometry`` shrunk to fit ``available`` (but not below ``minimum``) and moved wholly
    inside it."""
    size = geometry.size().boundedTo(available.size())
    if minimum is not None:
        size = size.expandedTo(minimum)
    left = min(max(geometry.left(), available.left()), available.right() - size.width() + 1)
    top = min(max(geometry.top(), available.top()), available.bottom() - size.height() + 1)
    return QRect(left, top, size.width(), size.height())


def client_room(window: QWidget, available: QRect) -> QRect:
    """What ``available`` leaves for the window's own area once its frame and title bar
    (known while it is shown; none before) are inside it too."""
    frame, inner = window.frameGeometry(), window.geometry()
    if not window.isVisible() or frame == inner:
        return QRect(available)
    return available.adjusted(inner.left() - frame.left(), inner.top() - frame.top(),
                              inner.right() - frame.right(), inner.bottom() - frame.bottom())


def open_fitted(window: QWidget, preferred: QSize, near: QWidget | None = None) -> None:
    """Show ``window`` at ``preferred`` size, or smaller, whole (frame and title bar too) on
    the screen of ``near`` (the window that opened it) or its own screen."""
    window.show()
    screen = window.screen() if near is None else (near.screen() or window.screen())
    if screen is None:
        return
    window.setGeometry(default_geometry(client_room(window, screen.availableGeometry()),
                                        preferred))


def keep_on_screen(window: QWidget) -> None:
    """A shown dialog at its own size, shrunk and moved only as far as its screen needs. (Qt
    caps a new window at 2/3 of the screen, which on a scaled laptop screen cuts a dialog's
    fields off though there is room: the whole size it asks for is given where it fits.)"""
    screen = window.screen()
    if screen is None:
        return
    wanted = QRect(window.geometry().topLeft(), window.sizeHint().expandedTo(window.size()))
    wanted.moveCenter(window.geometry().center())
    window.setGeometry(inside(wanted, client_room(window, screen.availableGeometry())))
