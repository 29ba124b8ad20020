"""Workarounds for defects of particular PySide6 builds, applied once at import of ``gui``.

PySide6 6.12.0 on CPython 3.11 returns ``None`` from every void method without taking a
reference (it assumes ``None`` is immortal, which is only true from Python 3.12). Each call
then lowers ``None``'s reference count by one, and after a few thousand calls the interpreter
aborts with "Fatal Python error: none_dealloc". The same build also under-counts ``True`` and
``False`` somewhere ("bool_dealloc" after rendering many frames). Python 3.12+ is unaffected by
design. We detect the defect by measurement (so fixed builds are left alone) and give ``None``,
``True`` and ``False`` reference counts so large that no session can exhaust them, which is
what 3.12's immortal objects do.
"""

from __future__ import annotations

import ctypes
import sys

_IMMORTAL_MARGIN = 1 << 40
_applied = False


def none_refcount_drift(calls: int = 64) -> int:
    """How much ``None``'s reference count changes over ``calls`` PySide void calls (0 if sound)."""
    from PySide6.QtCore import QPointF

    point = QPointF()
    before = sys.getrefcount(None)
    for _ in range(calls):
        point.setX(1.0)
    return sys.getrefcount(None) - before


def protect_none_refcount() -> bool:
    """Apply the workaround when this PySide6 build needs it; True when it was applied."""
    global _applied
    if _applied or sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return _applied
    if none_refcount_drift() >= 0:
        return False
    for singleton in (None, True, False):
        ctypes.c_ssize_t.from_address(id(singleton)).value += _IMMORTAL_MARGIN
    _applied = True
    return True
