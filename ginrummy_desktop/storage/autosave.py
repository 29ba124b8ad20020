"""The match in progress, saved after every action so play can resume after a crash.

The file wraps the caller's JSON-ready state with a format name, a version and a SHA-256 of the
state, so a truncated or hand-edited save is recognised and set aside, never loaded half-way.
A ``FileLock`` per profile makes sure only one running copy of the app autosaves that profile.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from ginrummy_desktop.storage.files import atomic_write_text, move_aside
from ginrummy_desktop.storage.lock import FileLock
from ginrummy_desktop.storage.notices import Notices

AUTOSAVE_FORMAT = "ginrummy-desktop-autosave"
AUTOSAVE_VERSION = 1

T = TypeVar("T")


def _canonical(state: Any) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"), allow_nan=False)


class Autosave:
    """One profile's autosave file plus the lock that says which app copy owns it."""

    def __init__(self, path: Path, lock_path: Path, notices: Notices | None = None) -> None:
        self.path = path
        self.notices = notices if notices is not None else Notices()
        self._lock = FileLock(lock_path)
        self._newer_file_present = False  # a newer app's save: never overwrite or delete it

    # ----- ownership -----------------------------------------------------------------------
    def acquire(self) -> bool:
        """Own this autosave. False (with a notice) when another running copy owns it; that
        copy keeps saving and this one neither saves nor offers to resume."""
        try:
            if self._lock.try_acquire():
                return True
        except OSError as error:
            self.notices.add(
                "io",
                f"The match in progress cannot be saved ({error.strerror or error}), so it "
                "could not be resumed after a crash.",
            )
            return False
        self.notices.add(
            "locked",
            "Another copy of Gin Rummy Desktop is already playing with this profile, so this copy "
            "will not save or resume the match in progress.",
        )
        return False

    @property
    def owned(self) -> bool:
        return self._lock.held

    def release(self) -> None:
        self._lock.release()

    # ----- saving and loading --------------------------------------------------------------
    def save(self, state: Any) -> None:
        """Atomically replace the save with ``state`` (anything ``json.dumps`` accepts)."""
        if not self._lock.held:
            raise RuntimeError("autosave is owned by another copy of the app (call acquire())")
        if self._newer_file_present:
            return
        body = _canonical(state)
        document = {
            "format": AUTOSAVE_FORMAT,
            "version": AUTOSAVE_VERSION,
            "saved_at": time.time(),
            "sha256": hashlib.sha256(body.encode()).hexdigest(),
            "state": state,
        }
        atomic_write_text(self.path, json.dumps(document, sort_keys=True) + "\n")

    def exists(self) -> bool:
        return self.path.exists()

    def clear(self) -> None:
        """Forget the save (the match finished or the player declined to resume)."""
        if self._lock.held and not self._newer_file_present:
            self.path.unlink(missing_ok=True)

    def load(self, restore: Callable[[Any], T] = lambda state: state) -> T | None:
        """The saved match rebuilt by ``restore(state)``, or None when there is none to offer.

        ``restore`` raises ``ValueError`` (or ``KeyError``/``TypeError``) when the state does
        not describe a legal match; then the file is set aside and the user told, as for a
        damaged file. A save from a newer app version is left alone with a notice.
        """
        if not self._lock.held:
            return None
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError):
            return self._reject("it could not be read")
        try:
            document = json.loads(text)
        except ValueError:
            return self._reject("it is incomplete or damaged")
        if not isinstance(document, dict) or document.get("format") != AUTOSAVE_FORMAT:
            return self._reject("it is not a saved match of this app")
        version = document.get("version")
        if isinstance(version, int) and version > AUTOSAVE_VERSION:
            self._newer_file_present = True
            self.notices.add(
                "newer_version",
                "The match in progress was saved by a newer version of Gin Rummy Desktop and "
                "cannot be resumed here. It was left as it is, and this copy will not autosave "
                "over it.",
            )
            return None
        state = document.get("state")
        digest = hashlib.sha256(_canonical(state).encode()).hexdigest()
        if version != AUTOSAVE_VERSION or document.get("sha256") != digest:
            return self._reject("it is incomplete or damaged")
        try:
            return restore(state)
        except (ValueError, KeyError, TypeError, IndexError) as error:
            return self._reject(f"it does not describe a valid match ({error})")

    def _reject(self, why: str) -> None:
        moved = move_aside(self.path, "invalid")
        self.notices.add(
            "corrupt",
            f"The saved match in progress could not be resumed because {why}. It was kept as "
            f"{moved.name}; you can start a new match.",
        )
        return None
