"""Forward schema migrations in steps: the one loop behind the statistics database
(``storage/migrations.py``) and the online service store (``online/service_migrations.py``).

A schema is an append-only tuple of steps; step ``i`` takes a database from version ``i`` to
``i + 1``. Each step runs in its own write transaction together with its version bump, and the
version is re-read inside that transaction, so a crash (or a failing step) mid-migration leaves
the database at the version before the step, and two processes opening an old database at
once migrate it exactly once. Pure Python, no database module: each caller brings its own
transaction and its own place for the version (SQLite's ``user_version``, a table).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import TypeVar

Handle = TypeVar("Handle")


class NewerSchemaError(Exception):
    """The database was written by a newer program: its version is past the last step known."""

    def __init__(self, found: int, known: int) -> None:
        super().__init__(f"schema version {found}, newer than {known}")
        self.found = found
        self.known = known


def migrate_in_steps(
    steps: Sequence[Callable[[Handle], None]],
    transaction: Callable[[], AbstractContextManager[Handle]],
    read_version: Callable[[Handle], int],
    write_version: Callable[[Handle, int], None],
    target: int | None = None,
    refuse_newer: bool = True,
) -> int:
    """Bring a database up to ``target`` (default: every step); returns the version it started at.

    ``transaction()`` opens a write transaction (one that serialises with other writers) and
    yields the handle the steps and the version functions use; it must commit on a normal exit
    and roll back when the body raises. A version past ``len(steps)`` raises
    ``NewerSchemaError`` (after the rollback: nothing is written) unless ``refuse_newer`` is
    false, in which case such a database is left as it is.
    """
    target = len(steps) if target is None else target
    start: int | None = None
    while True:
        with transaction() as handle:
            version = read_version(handle)
            start = version if start is None else start
            if version > len(steps) and refuse_newer:
                raise NewerSchemaError(version, len(steps))
            if version >= target:
                return start
            steps[version](handle)
            write_version(handle, version + 1)
