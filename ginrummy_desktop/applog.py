"""The app's log file and its last line of defence against unexpected errors.

Qt calls Python slots from its event loop; an exception escaping one is printed to a console the
player never sees. The hook below writes it to the log file in the user's log dir and tells the
player once in plain words, and the app keeps running.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from logging.handlers import RotatingFileHandler
from pathlib import Path
from types import TracebackType

LOGGER = logging.getLogger("ginrummy_desktop")


def start_logging(log_file: Path | None) -> None:
    """Log INFO and above to ``log_file`` (rotated at 1 MB, 3 old files kept)."""
    LOGGER.setLevel(logging.INFO)
    if log_file is None:
        return
    try:
        log_file.parent.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(log_file, maxBytes=1_000_000, backupCount=3,
                                      encoding="utf-8")
    except OSError as error:  # a read-only home must not stop the game
        print(f"ginrummy-desktop: cannot write the log {log_file}: {error}", file=sys.stderr)
        return
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    LOGGER.addHandler(handler)


def install_excepthook(tell_player: Callable[[str], None]) -> None:
    """Log uncaught exceptions and tell the player once, instead of dying silently."""
    told = False

    def hook(kind: type[BaseException], error: BaseException,
             trace: TracebackType | None) -> None:
        nonlocal told
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, error, trace)
            return
        LOGGER.error("unexpected error", exc_info=(kind, error, trace))
        if not told:
            told = True
            # No promise about the autosave: the failure may be in saving, or in the save.
            tell_player(f"Something went wrong ({kind.__name__}: {error}). "
                        "The details are in the log file.")

    sys.excepthook = hook
