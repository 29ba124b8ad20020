"""The storage layer stays Qt-free, so it runs headless (tests, simulator, a second process)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_importing_and_using_storage_loads_no_qt(tmp_path):
    code = (
        "import sys\n"
        "from ginrummy_desktop.storage import Storage\n"
        "from ginrummy_desktop.storage import records_io, stats\n"
        f"s = Storage({str(tmp_path)!r}); s.figures(); s.close()\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6'))\n"
        "print(loaded)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                            text=True, check=True)
    assert result.stdout.strip() == "[]"
