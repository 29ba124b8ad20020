"""The engine must run headless: importing all of it never loads Qt."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import importlib, pkgutil, sys
import ginrummy_desktop.engine as engine
names = [m.name for m in pkgutil.walk_packages(engine.__path__, engine.__name__ + ".")]
for name in names:
    importlib.import_module(name)
qt = sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6", "PyQt5", "PyQt6"))
print(len(names), ",".join(qt))
"""


def test_importing_every_engine_module_loads_no_qt() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    count, qt_modules = done.stdout.split(" ", 1)
    assert int(count) >= 10  # the walk really found the engine's modules
    assert qt_modules.strip() == ""
