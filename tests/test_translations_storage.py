"""Storage's words in German, French and Spanish: notices written before the language is chosen
(storage opens first) are said in it when shown, and refusals a player reads are translated."""

from __future__ import annotations

import errno
import re
from pathlib import Path

import pytest

from ginrummy_desktop.engine import translation
from ginrummy_desktop.engine.translation import tr, tr_n
from ginrummy_desktop.storage import open_storage
from ginrummy_desktop.storage.files import plain_os_error
from ginrummy_desktop.storage.records_io import ImportReport
from ginrummy_desktop.storage.settings import Settings
from ginrummy_desktop.storage.summaries import lineup_label, translated_lineup_label
from tests.translation_support import LANGUAGES

# A word each language's notice about a damaged settings file must use.
SETTINGS_WORD = {"de": "Einstellungsdatei", "fr": "fichier de réglages", "es": "archivo de ajustes"}
UNFILLED = re.compile(r"\{[A-Za-z_]+\}")


def _no_placeholder_left(text: str) -> None:
    assert not UNFILLED.search(text), text


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_notice_written_before_the_language_is_chosen_is_said_in_it(
        tmp_path: Path, language: str, english_after) -> None:
    translation.set_language("en")
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text("{not json", encoding="utf-8")
    storage = open_storage(tmp_path)  # opens in English, as the app does before its language
    try:
        assert [notice.message for notice in storage.notices.peek()] and \
            "could not be used because it is incomplete or damaged" in \
            storage.notices.peek()[0].message
        translation.set_language(language)
        (notice,) = [n for n in storage.notices.take() if n.kind == "corrupt"]
        message = notice.message
        assert SETTINGS_WORD[language] in message
        assert tr("it is incomplete or damaged (not valid JSON at line {line}, column {column}: "
                  "{detail})").split("{line}")[0] in message
        assert "could not be used" not in message and "set aside" not in message
        _no_placeholder_left(message)
    finally:
        storage.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_refusals_and_summaries_a_player_reads_are_translated(language: str,
                                                               english_after) -> None:
    translation.set_language(language)
    with pytest.raises(ValueError) as refused:
        Settings().with_changes(sound_volume=500)
    assert str(refused.value) == tr("setting {name}: {problem}").format(
        name="'sound_volume'", problem=tr("must be a whole number 0-100"))
    assert "must be" not in str(refused.value)

    full = plain_os_error(OSError(errno.ENOSPC, "No space left on device", "/x/settings.json"))
    assert full == f"{tr('the disk is full')} (/x/settings.json)" != "the disk is full (/x/...)"
    assert tr("the disk is full") != "the disk is full"

    report = ImportReport(added=3, duplicates=1, rejected=[(4, "bad"), (0, "worse")])
    summary = report.summary()
    assert tr_n("{count} record(s) imported", "{count} record(s) imported", 3).format(
        count=3) in summary
    assert tr("line {number}: {reason}").format(number=4, reason="bad") in summary
    assert "imported" not in summary and "refused" not in summary
    _no_placeholder_left(summary)
    assert ImportReport(cancelled=True).summary() == tr("Import cancelled: nothing was stored.")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_partnership_line_up_is_stored_in_english_and_shown_translated(
        language: str, english_after) -> None:
    translation.set_language(language)
    names = ["You", "Bea", "Ada", "Marjorie"]
    stored = lineup_label("Bea and Marjorie", names, 0, translated=False)
    assert stored == "Bea and Marjorie (partner: Ada)"
    shown = translated_lineup_label(stored)
    assert shown == lineup_label("Bea and Marjorie", names, 0) != stored
    assert shown.startswith("Bea and Marjorie (") and "Ada" in shown


def test_in_english_nothing_changes(english_after) -> None:
    translation.set_language("en")
    assert ImportReport(added=1, duplicates=0, summaries=1).summary() == \
        "1 record(s) imported, 0 already present, 1 match summary line(s) skipped."
    assert translated_lineup_label("Bea (partner: Ada)") == "Bea (partner: Ada)"
