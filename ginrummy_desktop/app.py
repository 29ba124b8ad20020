"""The app's entry point: ``ginrummy-desktop`` / ``python -m ginrummy_desktop``.

Options: ``--screenshot FILE --scene NAME [--size WxH]`` renders a named table state headless;
``--self-test`` runs the packaged self-test; ``--install-desktop-entry`` puts the app in the
desktop's menu (Linux). Bad arguments get a one-line message, not a traceback. A second launch
for the same data folder brings the running window forward and exits.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import ginrummy_desktop
from ginrummy_desktop.applog import LOGGER, install_excepthook, start_logging
from ginrummy_desktop.engine.translation import LANGUAGES, mark, set_language, tr

if TYPE_CHECKING:
    from PySide6.QtGui import QGuiApplication

    from ginrummy_desktop.storage import Storage


def _parse_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {text!r}") from None
    if width < 200 or height < 150 or width > 8192 or height > 8192:
        raise argparse.ArgumentTypeError("size must be between 200x150 and 8192x8192")
    return width, height


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ginrummy-desktop",
                                     description="Gin Rummy and Cribbage against the computer.")
    parser.add_argument("--screenshot", metavar="FILE", help="render --scene to a PNG and exit")
    parser.add_argument("--scene", default="gin-mid-hand",
                        help="scene for --screenshot (e.g. gin-mid-hand, gin-end-of-hand, "
                             "gin-match-over)")
    parser.add_argument("--size", type=_parse_size, default=(1280, 800), metavar="WxH",
                        help="screenshot size in pixels (default 1280x800)")
    parser.add_argument("--language", choices=sorted(LANGUAGES), default="en",
                        help="language of the --screenshot (default en)")
    parser.add_argument("--self-test", action="store_true",
                        help="check the installation and exit")
    parser.add_argument("--install-desktop-entry", action="store_true",
                        help="add Gin Rummy Desktop to the desktop's application menu (a "
                             ".desktop file and an icon under ~/.local/share) and exit")
    return parser


def take_screenshot(path: str, scene: str, size: tuple[int, int], language: str = "en") -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from ginrummy_desktop.gui.common.language import apply_language
    from ginrummy_desktop.gui.scenes import load_scene_modules, render_scene

    app = QApplication.instance() or QApplication([])
    apply_language(cast(QApplication, app), language)

    scenes = load_scene_modules()
    if scene not in scenes:
        print(f"ginrummy-desktop: unknown scene {scene!r}; known scenes: "
              f"{', '.join(sorted(scenes))}", file=sys.stderr)
        return 2
    image = render_scene(scene, *size)
    if not image.save(path):
        print(f"ginrummy-desktop: could not write {path!r}", file=sys.stderr)
        return 1
    print(f"wrote {path} ({image.width()}x{image.height()}, scene {scene})")
    return 0


DESKTOP_FILE_ID = "io.github.ginrummy_desktop.GinRummyDesktop"
# The icons ship as package data (ginrummy_desktop/icons, for pip and pipx installs); assets/
# sits beside the package in a source tree and inside a PyInstaller bundle.
APP_ICONS = (Path(__file__).resolve().parent / "icons" / "ginrummy-desktop.svg",
             Path(__file__).resolve().parent.parent / "assets" / "icons" / "ginrummy-desktop.svg")


def _set_window_icon(app: QGuiApplication) -> None:
    icon = next((path for path in APP_ICONS if path.is_file()), None)
    if icon is not None:  # none: Qt's default icon, never an error
        from PySide6.QtGui import QIcon

        app.setWindowIcon(QIcon(str(icon)))


STARTUP_DIALOG_TITLE = mark("Gin Rummy Desktop: some files could not be used")  # tr() shown


def show_startup_problems(problems: Sequence[str]) -> None:
    """Tell the person, as the app starts, what was set aside and where.

    A modal dialog of its own over the main window (not the window's notice line, which may not
    be there when start-up goes wrong); its text can be selected and copied into a bug report.
    """
    startup_problems_dialog(problems).exec()


def startup_problems_dialog(problems: Sequence[str]) -> Any:
    """The (not yet shown) start-up dialog listing ``problems``."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(QMessageBox.Icon.Warning, tr(STARTUP_DIALOG_TITLE),
                      tr("Gin Rummy Desktop started, but some of your files could not be used. "
                         "Nothing was deleted."))
    box.setObjectName("startupProblems")
    box.setInformativeText("\n\n".join(problems))
    # Paths are long: a wider text column keeps each notice to a few readable lines.
    box.setStyleSheet("QLabel#qt_msgbox_informativelabel { min-width: 560px; }")
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    return box


def _open_storage(problems: list[str]) -> Storage | None:
    try:
        from ginrummy_desktop.storage import open_storage

        return open_storage()
    except Exception as error:  # noqa: BLE001 - the game must still start without its files
        problems.append(tr("Settings and statistics are unavailable this time: {error}")
                        .format(error=error))
        return None


def run_app() -> int:
    from ginrummy_desktop.display_check import check_display

    # Until the settings are read (after Qt starts), the terminal and the first messages speak
    # the system's language.
    set_language("")
    display = check_display()
    if not display.usable:
        # Qt would abort (exit 134) with a misleading hint about xcb-cursor0; say what is wrong.
        print(f"ginrummy-desktop: {display.problem}", file=sys.stderr)
        return 1
    from PySide6.QtWidgets import QApplication

    from ginrummy_desktop.gui.shell import single_instance

    app = cast(QApplication, QApplication.instance() or QApplication(sys.argv))
    app.setApplicationName("Gin Rummy Desktop")
    app.setOrganizationName("ginrummy-desktop")
    # Matches the installed .desktop file, so desktops group the window under its launcher.
    app.setDesktopFileName(DESKTOP_FILE_ID)
    instance = single_instance.instance_name(single_instance.data_folder_of())
    if single_instance.show_running_copy(instance):
        print(tr("ginrummy-desktop: already running; brought its window forward"))
        return 0
    from ginrummy_desktop.gui.shell.main_window import MainWindow

    problems: list[str] = []
    storage = _open_storage(problems)
    start_logging(storage.paths.log_file if storage is not None else None)
    from ginrummy_desktop.gui.common.language import apply_language

    chosen = storage.settings.settings.language if storage is not None else ""
    language = apply_language(app, chosen)
    from ginrummy_desktop.engine import translation

    for catalogue in translation.unreadable_catalogues:  # a damaged install: its words in English
        LOGGER.warning("translation catalogue %s could not be read; skipped", catalogue)
    LOGGER.info("Gin Rummy Desktop starting (language %s)", language)
    # The window (title, saved size and place, menus, felt) goes on screen first: Qt's xcb
    # platform sends the map request at show(), so the desktop has the window while the rest
    # is made. Nothing paints until the event loop starts, after all of it, so the first frame
    # already has the table and its cards. Not needed to map the window: the games' tables
    # and the link to storage (make_tables), the icon, the single-instance server, the saved
    # game or the deal, and the start-up problems (a dialog over the window).
    window = MainWindow(storage=storage, tables_later=True)
    window.open_on_screen()
    window.make_tables()
    # One way out: closing the main window (Quit) ends the app, even if another window of
    # it were still open; "last window closed" would post a second quit, which a later event
    # loop in the same process (tests run several apps) would receive at once.
    quit_on_last = app.quitOnLastWindowClosed()
    app.setQuitOnLastWindowClosed(False)
    window.closed.connect(app.quit)
    install_excepthook(window.notify)
    _set_window_icon(app)

    def bring_forward() -> None:
        LOGGER.info("a second launch asked for this window")
        single_instance.bring_forward(window)

    server = single_instance.InstanceServer(instance, bring_forward)
    try:
        window.restore_or_start()
    except Exception as error:  # noqa: BLE001 - a failed resume must not stop the app
        LOGGER.exception("resuming the saved game failed")
        problems.append(tr("The game in progress could not be resumed: {error}")
                        .format(error=error))
        window.start_default_match()
    problems.extend(window.notifications)  # storage notices are shown there at start
    for problem in problems:
        LOGGER.warning("at start: %s", problem)
    if problems:
        show_startup_problems(problems)
    from PySide6.QtCore import QTimer

    # The version is read from the installed metadata, slow to import: once the table shows.
    QTimer.singleShot(1000, lambda: LOGGER.info("version %s", ginrummy_desktop.__version__))
    code = app.exec()
    app.setQuitOnLastWindowClosed(quit_on_last)
    server.close()
    from ginrummy_desktop.gui.table.background import Background

    finished = Background.wait_all(3000)  # let a thinking bot finish before Qt tears down
    if storage is not None:
        storage.close()
    if not finished:
        # Qt's thread pool would wait for the job at exit, however long it takes: the
        # player asked to quit, and everything worth keeping is saved by now.
        LOGGER.warning("a background job was still running at quit; exiting without it")
        logging.shutdown()
        os._exit(code)
    return code


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.self_test:
        set_language("")  # the self-test reads no settings: it speaks the system's language
        selftest = importlib.import_module("ginrummy_desktop.selftest")
        return int(selftest.run() or 0)
    if args.screenshot:
        return take_screenshot(args.screenshot, args.scene, args.size, args.language)
    if args.install_desktop_entry:
        from ginrummy_desktop.gui.shell.desktop_entry import install_desktop_entry

        return install_desktop_entry()
    return run_app()


if __name__ == "__main__":
    raise SystemExit(main())
