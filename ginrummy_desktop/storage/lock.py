"""An inter-process lock that dies with its holder, without Qt.

POSIX ``flock`` and Windows ``msvcrt.locking`` are released by the OS when the holding process
exits or is killed, so a crash never leaves a stale lock behind. The file keeps the holder's PID
for people reading it; it is not used to decide anything.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
from pathlib import Path

from ginrummy_desktop.engine.translation import mark
from ginrummy_desktop.storage.notices import Phrase

if sys.platform == "win32":  # pragma: no cover - exercised on Windows CI only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)  # not on Windows, where links need admin rights


class FileLock:
    """Non-blocking exclusive lock on ``path``. Two ``FileLock`` objects on one path exclude each
    other even inside one process (each opens its own file description)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def try_acquire(self) -> bool:
        """Take the lock if nobody holds it; True on success (also when already held by us)."""
        if self._fd is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.path.is_symlink():  # also caught by O_NOFOLLOW; this gives the clearer words
            raise OSError(errno.ELOOP, Phrase(mark("the lock file is a link, which is refused")),
                          str(self.path))
        # Never follow a link planted in the lock's place (it could point at any file to be
        # truncated below); never block on a FIFO; lock only a regular file.
        flags = os.O_RDWR | os.O_CREAT | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0)
        fd = os.open(self.path, flags, 0o644)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(errno.EINVAL, Phrase(mark("the lock file is not a regular file")),
                              str(self.path))
        except OSError:
            os.close(fd)
            raise
        if not _try_lock(fd):
            os.close(fd)
            return False
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.write(fd, str(os.getpid()).encode())
        self._fd = fd
        return True

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        with contextlib.suppress(OSError):
            _unlock(fd)
        os.close(fd)

    def __enter__(self) -> FileLock:
        if not self.try_acquire():
            raise RuntimeError(f"{self.path} is locked by another copy of the app")
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.release()
