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
from ginrummy_desktop.engine.translation import mark, tr, tr_n

HOME_ENV_VAR = "GINRUMMY_DESKTOP_HOME"  # same name as storage.paths.HOME_ENV_VAR
GAMES: tuple[str, ...] = game_names()  # the engine registry's games, at import
FRAME_SIZE = (1024, 700)


class SelfTestFailure(Exception):
    """A check found a problem; the message (translated) is shown to the person running the
    test. The output's "ok" and "FAIL" stay as they are in every language: scripts read them."""


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
        (mark("version"), check_version),
        (mark("display"), check_display_platform),
        (mark("data files"), check_data_files),
        (mark("Qt"), check_qt),
        (mark("main window"), check_main_window),
        (mark("game tables"), check_game_tables),
        (mark("online client"), check_online_client),
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
                print(f"FAIL {tr(name)}: {reason}", flush=True)
            else:
                print(f"ok   {tr(name)}: {detail}", flush=True)
    finally:
        storage = context.get("storage")
        if storage is not None:
            storage.close()
        if previous_home is None:
            os.environ.pop(HOME_ENV_VAR, None)
        else:
            os.environ[HOME_ENV_VAR] = previous_home
        shutil.rmtree(root, ignore_errors=True)
    count = len(checks)
    if failures:
        print(tr_n("self-test FAILED: {failed} of {count} check failed",
                   "self-test FAILED: {failed} of {count} checks failed", count).format(
                       failed=failures, count=count), flush=True)
        return 1
    print(tr_n("self-test passed ({count} check)", "self-test passed ({count} checks)",
               count).format(count=count), flush=True)
    return 0


def check_version(_context: dict[str, Any]) -> str:
    import ginrummy_desktop

    version = ginrummy_desktop.__version__
    frozen = bool(getattr(sys, "frozen", False))
    if frozen and version.startswith("0.0.0"):
        raise SelfTestFailure(tr("the bundle has no version metadata (build.spec writes it from "
                                 "pyproject.toml); About would show a wrong version"))
    return tr("{version} ({kind}, Python {python}, {platform})").format(
        version=version, kind=tr("packaged") if frozen else install_kind(),
        python=sys.version.split()[0], platform=sys.platform)


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
            return tr("installed with pip")
    return tr("from the source checkout in {folder}").format(folder=package.parent)


def check_display_platform(context: dict[str, Any]) -> str:
    """The platform the app itself would start on (not the offscreen one tests use)."""
    display = context["display"]
    if not display.usable:
        raise SelfTestFailure(tr("the app cannot open a window here: {problem}").format(
            problem=display.problem))
    return tr("the app starts on Qt platform {platform} ({detail})").format(
        platform=repr(display.platform), detail=display.detail)


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
            raise SelfTestFailure(tr("{file} was not written under {folder}").format(
                file=path.name, folder=root))
    if reopened.settings.settings.player_name != "Self Test":
        raise SelfTestFailure(tr("settings did not survive a reopen ({file})").format(
            file=paths.settings_file))
    played = reopened.figures().matches_played
    if played != 1:
        raise SelfTestFailure(tr("statistics database holds {count} matches after recording 1")
                              .format(count=played))
    problems = [notice.message for notice in reopened.notices.take()]
    if problems:
        raise SelfTestFailure(tr("storage reported: {problems}").format(
            problems="; ".join(problems)))
    return tr("settings and statistics written and read back in {folder}").format(folder=root)


def check_qt(context: dict[str, Any]) -> str:
    from PySide6 import __version__ as pyside_version
    from PySide6.QtGui import QGuiApplication, QImageReader
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0]])
    context["app"] = app
    formats = {name.toStdString() for name in QImageReader.supportedImageFormats()}
    if "svg" not in formats:
        raise SelfTestFailure(tr("Qt's SVG image plugin is missing: icons and card art need it"))
    return tr("PySide6 {version}, platform {platform}").format(
        version=pyside_version, platform=QGuiApplication.platformName())


def check_main_window(context: dict[str, Any]) -> str:
    from PySide6.QtCore import QCoreApplication

    from ginrummy_desktop.gui.shell.main_window import MainWindow

    if "app" not in context:
        raise SelfTestFailure(tr("skipped: Qt did not start"))
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
        _require_painted(image, tr("the main window"))
        title = window.windowTitle()
    finally:
        window.set_confirmations(dict.fromkeys(window.confirmations, False))  # nobody to answer
        window.close()
        window.deleteLater()
        QCoreApplication.processEvents()
    return tr("'{title}' painted at {width}x{height}").format(
        title=title, width=image.width(), height=image.height())


def check_game_tables(context: dict[str, Any]) -> str:
    """One frame of each game's table, through the screenshot scene registry."""
    if "app" not in context:
        raise SelfTestFailure(tr("skipped: Qt did not start"))
    from ginrummy_desktop.gui.scenes import SCENES, load_scene_modules, render_scene

    load_scene_modules()
    first_scene: dict[str, str] = {}
    for name in SCENES:  # registration order: each game's first scene is its usual table
        first_scene.setdefault(name.split("-", 1)[0], name)
    games = game_names()
    missing = [game for game in games if game not in first_scene]
    if missing:
        raise SelfTestFailure(tr("no table scene registered for {games} (known scenes: {scenes})")
                              .format(games=", ".join(missing),
                                      scenes=", ".join(sorted(SCENES)) or tr("none")))
    for game in games:
        _require_painted(render_scene(first_scene[game], *FRAME_SIZE),
                         tr("scene {name}").format(name=repr(first_scene[game])))
    return tr("rendered {scenes}").format(scenes=", ".join(first_scene[game] for game in games))


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
        backend = tr("unavailable ({error})").format(error=error)
    return tr("slixmpp {slixmpp}, {openssl} TLS, client for {domain}, keyring {backend}").format(
        slixmpp=slixmpp.__version__, openssl=ssl.OPENSSL_VERSION.split()[1],
        domain=client.jid.domain, backend=backend)


def _require_painted(image: Any, what: str) -> None:
    """Fail unless ``image`` has real content: not null and not a single flat colour."""
    if image.isNull() or image.width() == 0:
        raise SelfTestFailure(tr("{what} rendered no image").format(what=what))
    step_x, step_y = max(1, image.width() // 24), max(1, image.height() // 24)
    colours = {image.pixel(x, y) for x in range(0, image.width(), step_x)
               for y in range(0, image.height(), step_y)}
    if len(colours) < 3:
        raise SelfTestFailure(tr("{what} rendered a blank image ({count} colours)").format(
            what=what, count=len(colours)))
