"""``ginrummy-desktop --self-test``: prove an installed or packaged copy of the app works.

First checks that the platform the app would really start on can open a window here (the
display, the X11 libraries) and reports it; the GUI checks then run on that platform, or
offscreen when it cannot start (so the rest is still checked, and the test fails). It opens the
main window, renders one frame of each game's table through the screenshot scenes, writes and
reads the settings file and statistics database in a throw-away data root, and prints one line
per check. Returns 0 when every check passed, 1 otherwise (each failure says what went wrong).
The user's own data is never touched: ``GINRUMMY_DESKTOP_HOME`` points at a temporary folder for
the duration of the test.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ginrummy_desktop.engine.registry import game_names

HOME_ENV_VAR = "GINRUMMY_DESKTOP_HOME"  # same name as storage.paths.HOME_ENV_VAR
GAMES: tuple[str, ...] = game_names()  # the engine registry's games, at import
FRAME_SIZE = (1024, 700)


class SelfTestFailure(Exception):
    """A check found a problem; the message is shown to the person running the test."""


def run() -> int:
    """Run every check; print a line for each; 0 if all passed, 1 otherwise."""
    from ginrummy_desktop.display_check import check_display

    display = check_display()
    if not display.usable:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    root = Path(tempfile.mkdtemp(prefix="ginrummy-selftest-"))
    previous_home = os.environ.get(HOME_ENV_VAR)
    os.environ[HOME_ENV_VAR] = str(root)
    context: dict[str, Any] = {"root": root, "display": display}
    checks: list[tuple[str, Callable[[dict[str, Any]], str]]] = [
        ("version", check_version),
        ("display", check_display_platform),
        ("data files", check_data_files),
        ("Qt", check_qt),
        ("main window", check_main_window),
        ("game tables", check_game_tables),
        ("online client", check_online_client),
    ]
    failures = 0
    try:
        for name, check in checks:
            try:
                detail = check(context)
            except Exception as error:  # a self-test reports every failure, never a traceback
                failures += 1
                reason = str(error) or type(error).__name__
                if not isinstance(error, SelfTestFailure):
                    reason = f"{type(error).__name__}: {reason}"
                print(f"FAIL {name}: {reason}", flush=True)
            else:
                print(f"ok   {name}: {detail}", flush=True)
    finally:
        storage = context.get("storage")
        if storage is not None:
            storage.close()
        if previous_home is None:
            os.environ.pop(HOME_ENV_VAR, None)
        else:
            os.environ[HOME_ENV_VAR] = previous_home
        shutil.rmtree(root, ignore_errors=True)
    if failures:
        print(f"self-test FAILED: {failures} of {len(checks)} checks failed", flush=True)
        return 1
    print(f"self-test passed ({len(checks)} checks)", flush=True)
    return 0


def check_version(_context: dict[str, Any]) -> str:
    import ginrummy_desktop

    version = ginrummy_desktop.__version__
    frozen = bool(getattr(sys, "frozen", False))
    if frozen and version.startswith("0.0.0"):
        raise SelfTestFailure("the bundle has no version metadata (build.spec writes it from "
                              "pyproject.toml); About would show a wrong version")
    return f"{version} ({'packaged' if frozen else install_kind()}, Python "\
           f"{sys.version.split()[0]}, {sys.platform})"


def install_kind() -> str:
    """Where the running code comes from: an installed package, or a source checkout."""
    import site
    import sysconfig

    import ginrummy_desktop

    package = Path(ginrummy_desktop.__file__).resolve().parent
    installed_dirs = {sysconfig.get_paths()[key] for key in ("purelib", "platlib")}
    installed_dirs.update(site.getsitepackages() + [site.getusersitepackages()])
    for folder in installed_dirs:
        if Path(folder).resolve() in package.parents:
            return "installed with pip"
    return f"from the source checkout in {package.parent}"


def check_display_platform(context: dict[str, Any]) -> str:
    """The platform the app itself would start on (not the offscreen one tests use)."""
    display = context["display"]
    if not display.usable:
        raise SelfTestFailure(f"the app cannot open a window here: {display.problem}")
    return f"the app starts on Qt platform {display.platform!r} ({display.detail})"


def check_data_files(context: dict[str, Any]) -> str:
    """Write settings and a match record, reopen, and read both back."""
    from ginrummy_desktop.storage import MatchSummary, open_storage

    root = context["root"]
    storage = open_storage(root)
    try:
        storage.settings.update(player_name="Self Test")
        started = datetime(2024, 1, 1, 12, 0, tzinfo=UTC)
        storage.record_match(MatchSummary(
            game="gin", opponent_id="self-test", opponent_name="Self Test", rules="classic",
            started_at=started, ended_at=started, player_score=100, opponent_score=0,
            result="win"))
    finally:
        storage.close()
    reopened = open_storage(root)
    context["storage"] = reopened  # the main window check uses it, run() closes it
    paths = reopened.paths
    for path in (paths.settings_file, paths.database_file):
        if not path.is_file():
            raise SelfTestFailure(f"{path.name} was not written under {root}")
    if reopened.settings.settings.player_name != "Self Test":
        raise SelfTestFailure(f"settings did not survive a reopen ({paths.settings_file})")
    played = reopened.figures().matches_played
    if played != 1:
        raise SelfTestFailure(f"statistics database holds {played} matches after recording 1")
    problems = [notice.message for notice in reopened.notices.take()]
    if problems:
        raise SelfTestFailure("storage reported: " + "; ".join(problems))
    return f"settings and statistics written and read back in {root}"


def check_qt(context: dict[str, Any]) -> str:
    from PySide6 import __version__ as pyside_version
    from PySide6.QtGui import QGuiApplication, QImageReader
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0]])
    context["app"] = app
    formats = {name.toStdString() for name in QImageReader.supportedImageFormats()}
    if "svg" not in formats:
        raise SelfTestFailure("Qt's SVG image plugin is missing: icons and card art need it")
    return f"PySide6 {pyside_version}, platform {QGuiApplication.platformName()}"


def check_main_window(context: dict[str, Any]) -> str:
    from PySide6.QtCore import QCoreApplication

    from ginrummy_desktop.gui.shell.main_window import MainWindow

    if "app" not in context:
        raise SelfTestFailure("skipped: Qt did not start")
    window = MainWindow(storage=context.get("storage"))
    try:
        start = getattr(window, "restore_or_start", None) or getattr(
            window, "start_default_match", None)
        if start is not None:
            start()
        window.resize(*FRAME_SIZE)
        window.show()
        for _ in range(5):  # let the first layout and paint happen
            QCoreApplication.processEvents()
        image = window.grab().toImage()
        _require_painted(image, "the main window")
        title = window.windowTitle()
    finally:
        window.set_confirmations(dict.fromkeys(window.confirmations, False))  # nobody to answer
        window.close()
        window.deleteLater()
        QCoreApplication.processEvents()
    return f"'{title}' painted at {image.width()}x{image.height()}"


def check_game_tables(context: dict[str, Any]) -> str:
    """One frame of each game's table, through the screenshot scene registry."""
    if "app" not in context:
        raise SelfTestFailure("skipped: Qt did not start")
    from ginrummy_desktop.gui.scenes import SCENES, load_scene_modules, render_scene

    load_scene_modules()
    first_scene: dict[str, str] = {}
    for name in SCENES:  # registration order: each game's first scene is its usual table
        first_scene.setdefault(name.split("-", 1)[0], name)
    games = game_names()
    missing = [game for game in games if game not in first_scene]
    if missing:
        raise SelfTestFailure(f"no table scene registered for {', '.join(missing)} "
                              f"(known scenes: {', '.join(sorted(SCENES)) or 'none'})")
    for game in games:
        _require_painted(render_scene(first_scene[game], *FRAME_SIZE),
                         f"scene {first_scene[game]!r}")
    return "rendered " + ", ".join(first_scene[game] for game in games)


def check_online_client(_context: dict[str, Any]) -> str:
    """Play online loads: the XMPP client with TLS, its Qt event-loop bridge, the online window
    and the keyring (whose backend may legitimately be missing: the app then says so)."""
    import ssl

    import qasync  # noqa: F401 - the bridge the window runs the client on
    import slixmpp

    from ginrummy_desktop.gui.online.window import OnlineWindow  # noqa: F401
    from ginrummy_desktop.online.client import OnlineClient

    client = OnlineClient("selftest@example.org", "not used")  # builds, never connects
    try:
        import keyring
        backend = type(keyring.get_keyring()).__name__
    except Exception as error:  # noqa: BLE001 - reported, not fatal: Remember me says so
        backend = f"unavailable ({error})"
    return (f"slixmpp {slixmpp.__version__}, {ssl.OPENSSL_VERSION.split()[1]} TLS, "
            f"client for {client.jid.domain}, keyring {backend}")


def _require_painted(image: Any, what: str) -> None:
    """Fail unless ``image`` has real content: not null and not a single flat colour."""
    if image.isNull() or image.width() == 0:
        raise SelfTestFailure(f"{what} rendered no image")
    step_x, step_y = max(1, image.width() // 24), max(1, image.height() // 24)
    colours = {image.pixel(x, y) for x in range(0, image.width(), step_x)
               for y in range(0, image.height(), step_y)}
    if len(colours) < 3:
        raise SelfTestFailure(f"{what} rendered a blank image ({len(colours)} colours)")
