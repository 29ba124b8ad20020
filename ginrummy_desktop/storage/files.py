"""Crash-safe file helpers: atomic replace, moving a bad file aside, sweeping leftovers, and
saying in plain words why the disk refused."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from ginrummy_desktop.engine.translation import mark
from ginrummy_desktop.storage.notices import Phrase

TEMP_SUFFIX = ".tmp"
# A temp file this old is a leftover of a write that was interrupted (crash, power cut); a
# younger one may belong to another running copy of the app that is writing right now.
STALE_TEMP_SECONDS = 60.0


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` so that ``path`` holds either the old or the new content, never a mix.

    Temp file in the same folder (so ``os.replace`` is a rename, not a copy), flush + fsync before
    the rename, then fsync the folder so the rename itself survives a power cut.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    _fsync_folder(path.parent)


def _fsync_folder(folder: Path) -> None:
    if os.name != "posix":  # Windows cannot open a folder for fsync; NTFS journals renames
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def move_aside(path: Path, reason: str = "corrupt") -> Path:
    """Rename ``path`` to ``<name>.<reason>-<timestamp>`` beside it and return the new path.

    The user's data is never deleted: a bad file stays on disk for them (or a bug report).
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{reason}-{stamp}")
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{path.name}.{reason}-{stamp}-{counter}")
    os.replace(path, target)
    return target


def remove_stale_temp_files(folder: Path, is_ours: Callable[[str], bool]) -> list[Path]:
    """Delete leftovers of interrupted atomic writes in ``folder``: ``.<name>.<random>.tmp``
    for a ``name`` that ``is_ours``, regular files older than ``STALE_TEMP_SECONDS``.

    Returns what was removed. Never raises.
    """
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not (entry.name.startswith(".") and entry.name.endswith(TEMP_SUFFIX)):
            continue
        target = entry.name[1:-len(TEMP_SUFFIX)].rpartition(".")[0]
        if not target or not is_ours(target):
            continue
        with contextlib.suppress(OSError):
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_TEMP_SECONDS:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed


#: What a card player is told for the usual ways a disk refuses a write.
_PLAIN_OS_ERRORS = {
    errno.EROFS: mark("the disk or folder it is on can only be read, not written"),
    errno.ENOSPC: mark("the disk is full"),
    errno.EDQUOT: mark("your disk quota is used up"),
    errno.EACCES: mark("the app is not allowed to write there"),
    errno.EPERM: mark("the app is not allowed to write there"),
    errno.ENOENT: mark("its folder is missing"),
}


def plain_os_error(error: BaseException) -> str:
    """Why a file operation failed, in words for a person ("the disk is full", with the file
    when known) instead of "[Errno 28] No space left on device: '...'". A ``Phrase`` when the
    words are the app's own (the system's own words for rarer errors stay as they are)."""
    if not isinstance(error, OSError):
        return str(error)
    known = _PLAIN_OS_ERRORS.get(error.errno or 0)
    if known:
        why: str = Phrase(known)
    elif isinstance(error.strerror, Phrase):  # the app's own words (``FileLock``)
        why = error.strerror
    else:
        why = (error.strerror or str(error)).lower()
    return Phrase(mark("{why} ({file})"), why=why, file=error.filename) if error.filename \
        else why
