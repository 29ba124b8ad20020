"""The app's own messages in German, French and Spanish: the start-up problems dialog, the
display check's advice and the self-test's lines (whose "ok" and "FAIL" stay for scripts)."""

from __future__ import annotations

from ginrummy_desktop import selftest
from ginrummy_desktop.app import STARTUP_DIALOG_TITLE, startup_problems_dialog
from ginrummy_desktop.display_check import NO_DISPLAY_ADVICE, check_display
from ginrummy_desktop.engine import translation
from ginrummy_desktop.engine.translation import tr
from tests.translation_support import filled


def test_the_display_check_advises_in_the_language(language):
    found = check_display({}, "linux")
    assert not found.usable and found.problem is not None
    assert filled(found.problem).endswith(tr(NO_DISPLAY_ADVICE))
    assert tr(NO_DISPLAY_ADVICE) != NO_DISPLAY_ADVICE
    assert "DISPLAY (X11)" in found.problem and "No display was found" not in found.problem
    wayland = check_display({"QT_QPA_PLATFORM": "wayland"}, "linux")
    assert filled(wayland.problem or "").startswith("QT_QPA_PLATFORM")
    assert check_display({"QT_QPA_PLATFORM": "offscreen"}).detail == tr("no display needed")


def test_the_self_test_speaks_the_language_but_keeps_ok_and_fail(language, monkeypatch, capsys):
    def broken(_context):
        raise selftest.SelfTestFailure(tr("skipped: Qt did not start"))

    for name in ("check_version", "check_display_platform", "check_qt", "check_main_window",
                 "check_game_tables", "check_online_client"):
        monkeypatch.setattr(selftest, name, lambda _context: selftest.install_kind())
    monkeypatch.setattr(selftest, "check_data_files", broken)
    assert selftest.run() == 1
    output = capsys.readouterr().out
    filled(output)
    assert f"FAIL {tr('data files')}: {tr('skipped: Qt did not start')}" in output
    assert f"ok   {tr('main window')}: " in output
    assert "self-test FAILED" not in output and "checks failed" not in output
    assert tr("installed with pip") in output or "installed with pip" not in output


def test_the_start_up_dialog_reads_whole_in_german(qapp):
    translation.set_language("de")
    try:
        problems = ["Die Einstellungsdatei /home/ann/.local/share/ginrummy-desktop/"
                    "settings.json war beschädigt und wurde als settings.json.broken beiseite "
                    "gelegt; es gelten die Standardeinstellungen.",
                    tr("The game in progress could not be resumed: {error}").format(
                        error="kaputte Datei")]
        box = startup_problems_dialog(problems)
        assert box.windowTitle() == tr(STARTUP_DIALOG_TITLE) != STARTUP_DIALOG_TITLE
        assert "Nichts wurde gelöscht" in box.text()
        box.resize(800, 600)
        box.show()
        qapp.processEvents()
        image = box.grab().toImage()
        assert image.save("/tmp/translations-app-startup-de.png")
        assert image.width() <= 800 and image.height() <= 600
        box.close()
    finally:
        translation.set_language("en")


def test_english_is_unchanged(capsys):
    translation.set_language("en")
    found = check_display({}, "linux")
    assert (found.problem or "").startswith("No display was found: neither DISPLAY (X11)")
    assert (found.problem or "").endswith(NO_DISPLAY_ADVICE)
