"""Fast checks of the packaging pieces: icons, bundle allow-lists, build helpers, self-test,
desktop metadata and the start-up probe. The full build is tests/test_packaging.py."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import importlib.util  # noqa: E402
import shutil  # noqa: E402
import struct  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from ginrummy_desktop import build, selftest  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "assets" / "icons"


def _load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make_icons = _load(ROOT / "installers" / "make_icons.py", "make_icons")
bundle_policy = _load(ROOT / "installers" / "pyinstaller" / "bundle_policy.py", "bundle_policy")


# -- icons ------------------------------------------------------------------------------------

def test_committed_svg_icon_is_what_the_icon_script_draws() -> None:
    assert (ICONS / "ginrummy-desktop.svg").read_text() == make_icons.icon_svg()


def test_hicolor_pngs_exist_in_every_size_they_claim(qapp) -> None:
    from PySide6.QtGui import QImage

    for size in build.HICOLOR_SIZES:
        image = QImage(str(ICONS / f"ginrummy-desktop-{size}.png"))
        assert (image.width(), image.height()) == (size, size)
        assert image.pixelColor(size // 2, size // 2).alpha() == 255  # drawn, not empty
        assert image.pixelColor(0, 0).alpha() == 0  # rounded corner stays transparent


def test_windows_icon_holds_every_size_and_qt_reads_them(qapp) -> None:
    from PySide6.QtGui import QImageReader

    reader = QImageReader(str(ICONS / "ginrummy-desktop.ico"))
    sizes = []
    for index in range(reader.imageCount()):
        reader.jumpToImage(index)
        image = reader.read()
        assert not image.isNull()
        sizes.append(image.width())
        # the card face at the centre is near-white: colour channels were written in order
        centre = image.pixelColor(image.width() // 2, image.height() // 2)
        assert centre.red() > 200 and centre.blue() > 200
    assert sorted(sizes) == sorted(make_icons.ICO_SIZES)


def test_macos_icon_set_is_a_well_formed_icns_container() -> None:
    data = (ICONS / "ginrummy-desktop.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    offset, kinds = 8, []
    while offset < len(data):
        kind, length = data[offset:offset + 4], struct.unpack(">I", data[offset + 4:offset + 8])[0]
        assert data[offset + 8:offset + 16] == b"\x89PNG\r\n\x1a\n"
        kinds.append(kind)
        offset += length
    assert offset == len(data)
    assert {b"ic07", b"ic08", b"ic09", b"ic10"} <= set(kinds)  # 128..1024 px, as macOS wants


# -- what the bundle keeps ---------------------------------------------------------------------

@pytest.mark.parametrize("dest, kept", [
    ("PySide6/Qt/plugins/platforms/libqxcb.so", True),
    ("PySide6/Qt/plugins/platforms/libqoffscreen.so", True),
    ("PySide6/Qt/plugins/imageformats/libqsvg.so", True),
    ("PySide6/Qt/plugins/iconengines/libqsvgicon.so", True),
    ("PySide6/plugins/platforms/qwindows.dll", True),
    ("PySide6/Qt/plugins/platforms/libqwayland.so", False),
    ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", False),
    ("PySide6/Qt/plugins/imageformats/libqtiff.so", False),
    ("PySide6/Qt/translations/qtbase_de.qm", True),  # Qt's Yes/Cancel in the app's languages
    ("PySide6/Qt/translations/qtbase_ja.qm", False),
    ("PySide6/Qt/translations/qtdeclarative_de.qm", False),
    ("PySide6/Qt/lib/libQt6Widgets.so.6", True),
    ("PySide6/Qt/lib/libQt6Quick.so.6", False),
    ("PySide6/Qt6Qml.dll", False),
    ("libQt6Network.so.6", False),
    ("PySide6/Qt/lib/libicudata.so.73", True),
    ("libxcb-cursor.so.0", True),
    ("assets/icons/ginrummy-desktop.svg", True),
])
def test_bundle_policy_keeps_only_what_the_app_uses(dest: str, kept: bool) -> None:
    assert bundle_policy.keep(dest) is kept


def test_hook_filter_drops_unused_plugins_before_dependency_analysis() -> None:
    entries = [("/site/PySide6/Qt/plugins/platforms/libqxcb.so", "PySide6/Qt/plugins/platforms"),
               ("/site/PySide6/Qt/plugins/platforms/libqeglfs.so", "PySide6/Qt/plugins/platforms")]
    assert bundle_policy.keep_hook_entries(entries) == entries[:1]


# -- build helpers -----------------------------------------------------------------------------

@pytest.mark.parametrize("pep440, debian", [
    ("0.1.0", "0.1.0"), ("1.2.0rc1", "1.2.0~rc1"), ("2.0.0b3", "2.0.0~b3"),
    ("1.0.0.dev4", "1.0.0~dev4"),
])
def test_debian_versions_sort_pre_releases_before_the_release(pep440: str, debian: str) -> None:
    assert build.debian_version(pep440) == debian


def test_version_comes_from_pyproject() -> None:
    import tomllib

    project = build.find_project()
    expected = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert project.version == expected


def test_unknown_format_is_refused_with_the_choices(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        build.parse_args(["--formats", "deb,rpm"])
    assert exit_info.value.code == 2
    error = capsys.readouterr().err
    assert "unknown format(s) rpm" in error and "appimage" in error


def test_build_outside_a_checkout_says_so(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    monkeypatch.setattr(build, "__file__", str(tmp_path / "pkg" / "build.py"))
    with pytest.raises(build.BuildError, match="not a source checkout"):
        build.find_project()


def test_missing_bundle_is_reported_in_words(tmp_path: Path) -> None:
    problems = build.bundle_problems(tmp_path)
    assert problems and "did not finish" in problems[0]


def test_desktop_integration_files_carry_version_and_all_icons(monkeypatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    project = build.find_project()
    files = build.desktop_integration_files(project)
    metainfo = files[f"metainfo/{build.APP_ID}.metainfo.xml"].decode()
    assert f'<release version="{project.version}" date="2023-11-14"/>' in metainfo
    assert "@" not in metainfo
    for size in build.HICOLOR_SIZES:
        assert f"icons/hicolor/{size}x{size}/apps/ginrummy-desktop.png" in files
    assert "icons/hicolor/scalable/apps/ginrummy-desktop.svg" in files


@pytest.mark.skipif(not (shutil.which("desktop-file-validate") and shutil.which("appstreamcli")),
                    reason="needs desktop-file-utils and appstream (installed by .ci/run)")
def test_desktop_file_and_metainfo_pass_the_freedesktop_validators(tmp_path: Path) -> None:
    project = build.find_project()
    for relative, data in build.desktop_integration_files(project).items():
        if relative.startswith(("applications/", "metainfo/")):
            path = tmp_path / Path(relative).name
            path.write_bytes(data)
            tool = (["desktop-file-validate"] if path.suffix == ".desktop"
                    else ["appstreamcli", "validate", "--no-net"])
            result = subprocess.run([*tool, str(path)], capture_output=True, text=True)
            assert result.returncode == 0, result.stdout + result.stderr


def test_launcher_script_execs_the_bundle_with_all_arguments() -> None:
    script = build.launcher_script("/opt/ginrummy-desktop/ginrummy-desktop").decode()
    assert script.startswith("#!/bin/sh\n")
    assert 'exec /opt/ginrummy-desktop/ginrummy-desktop "$@"' in script


# -- self-test ---------------------------------------------------------------------------------

def test_self_test_passes_from_source_and_leaves_the_data_root_alone(
        qapp, capsys: pytest.CaptureFixture[str]) -> None:
    home = Path(os.environ["GINRUMMY_DESKTOP_HOME"])  # conftest's private folder for this test
    assert selftest.run() == 0
    output = capsys.readouterr().out
    for check in ("version", "display", "data files", "Qt", "main window", "game tables"):
        assert f"ok   {check}:" in output
    assert "rendered gin-" in output and ", cribbage-" in output  # each game's table
    assert os.environ["GINRUMMY_DESKTOP_HOME"] == str(home)
    assert not any(home.iterdir())  # everything went to the throw-away root


def test_self_test_failure_is_a_message_and_exit_status_1(
        qapp, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def broken_disk(_context: dict) -> str:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(selftest, "check_data_files", broken_disk)
    assert selftest.run() == 1
    output = capsys.readouterr().out
    assert "FAIL data files: OSError: [Errno 28] No space left on device" in output
    assert "self-test FAILED: 1 of 7 checks failed" in output
    assert "Traceback" not in output


def test_blank_frames_are_caught(qapp) -> None:
    from PySide6.QtGui import QImage

    blank = QImage(320, 200, QImage.Format.Format_ARGB32)
    blank.fill(0xFF206030)
    with pytest.raises(selftest.SelfTestFailure, match="blank image"):
        selftest._require_painted(blank, "the table")
    with pytest.raises(selftest.SelfTestFailure, match="no image"):
        selftest._require_painted(QImage(), "the table")


# -- start-up probe used by benchmarks/startup.py ----------------------------------------------

def test_startup_probe_reports_the_first_painted_window_and_exits(tmp_path: Path) -> None:
    boot = ("import runpy, sys; runpy.run_path(sys.argv[1]); "
            "from ginrummy_desktop.app import main; sys.exit(main([]))")
    env = dict(os.environ, GINRUMMY_STARTUP_PROBE="exit", QT_QPA_PLATFORM="offscreen",
               GINRUMMY_DESKTOP_HOME=str(tmp_path))
    result = subprocess.run(
        [sys.executable, "-c", boot, str(ROOT / "installers" / "pyi_rth_startup_probe.py")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)  # hang guard only
    assert result.returncode == 0, result.stderr
    assert "GINRUMMY_STARTUP_PROBE first_paint rss_kb=" in result.stderr


def test_self_test_fails_when_a_game_has_no_table_scene(
        qapp, monkeypatch: pytest.MonkeyPatch) -> None:
    from ginrummy_desktop.gui import scenes as screenshots
    from ginrummy_desktop.gui.scenes import gin as _gin_scenes  # noqa: F401 (registers gin-*)

    gin_only = {name: build for name, build in screenshots.SCENES.items()
                if name.startswith("gin-")}
    monkeypatch.setattr(screenshots, "SCENES", gin_only)
    monkeypatch.setattr(screenshots, "load_scene_modules", lambda: gin_only)
    with pytest.raises(selftest.SelfTestFailure, match="no table scene registered for cribbage"):
        selftest.check_game_tables({"app": qapp})
