"""The bundle's empty stand-in for ICU's data library (issue 43: bundle 15% under budget).

The Linux bundle swaps Qt's 31 MB ICU data library for an empty one (installers/pyinstaller/
icu_stub.py). These tests build the stand-in from the installed PySide6's library and start Qt on
it in a child process: it must load in place of the real one and the app's kind of work (widgets,
text, the self-test's checks of locale and case) must go on as before.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "installers" / "pyinstaller"))

from icu_stub import build_icu_data_stub, icu_data_version, replace_icu_data  # noqa: E402


def _installed_icu_data() -> Path | None:
    if not sys.platform.startswith("linux"):
        return None
    import PySide6

    found = sorted((Path(PySide6.__file__).parent / "Qt" / "lib").glob("libicudata.so.*"))
    return found[0] if found else None


ICU_DATA = _installed_icu_data()
needs_stub_tools = pytest.mark.skipif(
    ICU_DATA is None or not (shutil.which("as") and shutil.which("ld")),
    reason="needs Linux PySide6 with ICU and the binutils assembler and linker",
)


def test_only_icu_data_libraries_are_recognised() -> None:
    assert icu_data_version("libicudata.so.73") == "73"
    for name in ("libicuuc.so.73", "libicudata.so", "libicudata.so.73.1", "icudt73.dll"):
        assert icu_data_version(name) is None


@needs_stub_tools
def test_the_stand_in_replaces_only_the_data_library(tmp_path: Path) -> None:
    assert ICU_DATA is not None
    dest = f"PySide6/Qt/lib/{ICU_DATA.name}"
    entries = [
        (dest, str(ICU_DATA), "BINARY"),
        (ICU_DATA.name, dest, "SYMLINK"),
        ("PySide6/Qt/lib/libQt6Core.so.6", str(ICU_DATA.parent / "libQt6Core.so.6"), "BINARY"),
    ]
    replaced = replace_icu_data(entries, tmp_path)
    assert replaced[1:] == entries[1:]
    stub = Path(replaced[0][1])
    assert replaced[0][0] == dest and stub != ICU_DATA
    assert stub.stat().st_size < 64 * 1024 < ICU_DATA.stat().st_size
    dynamic = subprocess.run(["readelf", "-d", "--dyn-syms", str(stub)], capture_output=True,
                             text=True, check=True).stdout if shutil.which("readelf") else ""
    if dynamic:
        assert f"[{ICU_DATA.name}]" in dynamic  # the soname Qt asks for
        assert f"icudt{icu_data_version(ICU_DATA.name)}_dat" in dynamic


QT_ON_THE_STUB = """
import sys
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QApplication, QLabel
app = QApplication([])
maps = open("/proc/self/maps").read()
assert sys.argv[1] in maps, "the stand-in was not loaded"
label = QLabel("Gin Rummy: 10♥ J♣ - knock for 7")
label.resize(300, 40)
image = label.grab().toImage()
assert len({image.pixel(x, y) for x in range(0, 300, 3) for y in range(0, 40, 3)}) > 2
print(QLocale("tr_TR").toUpper("i"), QLocale("de_DE").toString(1234.5, "f", 1))
"""


@needs_stub_tools
def test_qt_starts_and_draws_text_on_the_stand_in(tmp_path: Path) -> None:
    assert ICU_DATA is not None
    stub = build_icu_data_stub(ICU_DATA, tmp_path)
    assert stub is not None
    env = dict(os.environ, LD_LIBRARY_PATH=str(tmp_path), QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, "-c", QT_ON_THE_STUB, str(stub)], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["İ", "1.234,5"]  # case mapping and number formats intact
