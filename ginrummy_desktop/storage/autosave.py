"""The match in progress, saved after every action so play can resume after a crash.

The file wraps the caller's JSON-ready state with a format name, a version and a SHA-256 of the
state, so a truncated or hand-edited save is recognised and set aside, never loaded half-way.
The state itself (which holds the deck order) is stored compressed and base64-encoded, so the
stock cannot be read by opening the file in an editor (see docs/storage.md, "Autosave").
A ``FileLock`` per profile makes sure only one running copy of the app autosaves that profile.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from ginrummy_desktop.engine.translation import mark
from ginrummy_desktop.storage.files import atomic_write_text, move_aside, plain_os_error
from ginrummy_desktop.storage.jsonfile import JsonProblem, Missing, parse_json, read_json_file
from ginrummy_desktop.storage.lock import FileLock
from ginrummy_desktop.storage.notices import Notices, Phrase, reason

AUTOSAVE_FORMAT = "ginrummy-desktop-autosave"
AUTOSAVE_VERSION = 2  # 1: plain JSON state; 2: the state compressed and encoded
STATE_ENCODING = "zlib+base64"
MAX_FILE_BYTES = 16_000_000
MAX_STATE_BYTES = 64_000_000  # a decompressed state; long Hollywood matches stay far below

T = TypeVar("T")


def _canonical(state: Any) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"), allow_nan=False)


def _encode_state(body: str) -> str:
    return base64.b64encode(zlib.compress(body.encode("utf-8"), 6)).decode("ascii")


def _decode_state(text: Any) -> Any:
    """The state from its encoded form; ``JsonProblem`` if it is not what we wrote."""
    if not isinstance(text, str):
        raise JsonProblem(Phrase(mark("its state is not encoded text")))
    try:
        packed = base64.b64decode(text.encode("ascii"), validate=True)
        inflater = zlib.decompressobj()
        body = inflater.decompress(packed, MAX_STATE_BYTES)
    except (ValueError, binascii.Error, zlib.error):
        raise JsonProblem(Phrase(mark("its state is damaged"))) from None
    if inflater.unconsumed_tail or not inflater.eof:
        raise JsonProblem(Phrase(mark("its state is damaged or too large")))
    return parse_json(body)


class Autosave:
    """One profile's autosave file plus the lock that says which app copy owns it."""

    def __init__(self, path: Path, lock_path: Path, notices: Notices | None = None) -> None:
        self.path = path
        self.notices = notices if notices is not None else Notices()
        self._lock = FileLock(lock_path)
        self._keep_file = False  # a newer app's save, or one we could not move aside

    # ----- ownership -----------------------------------------------------------------------
    def acquire(self) -> bool:
        """Own this autosave. False (with a notice) when another running copy owns it; that
        copy keeps saving and this one neither saves nor offers to resume."""
        try:
            if self._lock.try_acquire():
                return True
        except OSError as error:
            self.notices.add("io", Phrase(
                mark("The match in progress cannot be saved because {why}, so it could not be "
                     "resumed after a crash."), why=plain_os_error(error)))
            return False
        self.notices.add("locked", Phrase(mark(
            "Another copy of Gin Rummy Desktop is already playing with this profile, so this copy "
            "will not save or resume the match in progress.")))
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
        if self._keep_file:
            return
        body = _canonical(state)
        document = {
            "format": AUTOSAVE_FORMAT,
            "version": AUTOSAVE_VERSION,
            "saved_at": time.time(),
            "sha256": hashlib.sha256(body.encode()).hexdigest(),
            "encoding": STATE_ENCODING,
            "state": _encode_state(body),
        }
        atomic_write_text(self.path, json.dumps(document, sort_keys=True) + "\n")

    def exists(self) -> bool:
        return self.path.exists()

    def clear(self) -> None:
        """Forget the save (the match finished or the player declined to resume)."""
        if self._lock.held and not self._keep_file:
            self.path.unlink(missing_ok=True)

    def load(self, restore: Callable[[Any], T] = lambda state: state) -> T | None:
        """The saved match rebuilt by ``restore(state)``, or None when there is none to offer.

        Never raises because of the file. ``restore`` raises (any ``Exception``) when the state
        does not describe a legal match; then the file is set aside and the user told, as for a
        damaged file. A save from a newer app version is left alone with a notice.
        """
        if not self._lock.held:
            return None
        try:
            document = read_json_file(self.path, MAX_FILE_BYTES)
        except Missing:
            return None
        except JsonProblem as problem:
            self._reject(reason(problem))
            return None
        if not isinstance(document, dict) or document.get("format") != AUTOSAVE_FORMAT:
            self._reject(Phrase(mark("it is not a saved match of this app")))
            return None
        version = document.get("version")
        if type(version) is int and version > AUTOSAVE_VERSION:
            self._keep_file = True
            self.notices.add("newer_version", Phrase(mark(
                "The match in progress was saved by a newer version of Gin Rummy Desktop and "
                "cannot be resumed here. It was left as it is, and this copy will not autosave "
                "over it.")))
            return None
        try:
            if version == AUTOSAVE_VERSION and document.get("encoding") == STATE_ENCODING:
                state = _decode_state(document.get("state"))
            elif version == 1:  # saved by an earlier version: the state in plain JSON
                state = document.get("state")
            else:
                raise JsonProblem(Phrase(mark("it is incomplete or damaged")))
            digest = hashlib.sha256(_canonical(state).encode()).hexdigest()
        except (JsonProblem, ValueError, RecursionError) as problem:
            self._reject(reason(problem))
            return None
        if document.get("sha256") != digest:
            self._reject(Phrase(mark("it is incomplete or damaged")))
            return None
        try:
            return restore(state)
        except Exception as error:  # noqa: BLE001 - any failure to rebuild means "not valid"
            self._reject(Phrase(mark("it does not describe a valid match ({detail})"),
                                detail=_short(error)))
            return None

    def _reject(self, why: str) -> None:
        try:
            moved = move_aside(self.path, "invalid")
        except OSError as error:
            self._keep_file = True  # the user's file: neither loaded nor overwritten
            self.notices.add("corrupt", Phrase(
                mark("The saved match in progress could not be resumed because {why}. It could "
                     "not be moved aside ({problem}), so it was left as {path} and ignored; this "
                     "copy will not autosave over it."),
                why=why, problem=plain_os_error(error), path=self.path))
            return None
        self.notices.add("corrupt", Phrase(
            mark("The saved match in progress could not be resumed because {why}. It was set "
                 "aside as {path}; you can start a new match."), why=why, path=moved))
        return None


def _short(error: BaseException) -> str:
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    return text if len(text) <= 200 else text[:200] + "…"
