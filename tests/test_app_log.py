"""The log file and the uncaught-error hook: errors are logged and told once, never lost."""

from __future__ import annotations

import logging
import sys

import pytest

from ginrummy_desktop.applog import LOGGER, install_excepthook, start_logging


@pytest.fixture
def restore_logging():
    handlers, hook = list(LOGGER.handlers), sys.excepthook
    yield
    for handler in LOGGER.handlers[:]:
        if handler not in handlers:
            handler.close()
            LOGGER.removeHandler(handler)
    sys.excepthook = hook


def test_uncaught_errors_are_logged_and_told_once(tmp_path, restore_logging):
    log_file = tmp_path / "logs" / "ginrummy-desktop.log"
    start_logging(log_file)
    told: list[str] = []
    install_excepthook(told.append)

    for message in ("first", "second"):
        try:
            raise RuntimeError(message)
        except RuntimeError:
            sys.excepthook(*sys.exc_info())

    for handler in LOGGER.handlers:
        handler.flush()
    text = log_file.read_text(encoding="utf-8")
    assert "RuntimeError: first" in text and "RuntimeError: second" in text
    assert len(told) == 1 and "RuntimeError: first" in told[0]


def test_unwritable_log_folder_does_not_stop_the_app(tmp_path, restore_logging, capsys):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the log folder should be")
    start_logging(blocker / "ginrummy-desktop.log")
    assert "cannot write the log" in capsys.readouterr().err
    assert LOGGER.level == logging.INFO
