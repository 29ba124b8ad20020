"""Every word a player reads goes through the translation layer, and German, French and Spanish
have every word translated (issue 42). How to write a translatable string:
ginrummy_desktop/engine/translation.py; the catalogues: docs/translations.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from ginrummy_desktop.engine import translation, wording
from ginrummy_desktop.storage.settings import Settings
from tools import translations as catalogues

# Areas whose words are not all wrapped in tr() yet; each leaves this list when it is done.
NOT_YET_TRANSLATED: set[str] = set()
# Literals that look like words but are not for translation: (file, text) and why.
NOT_WORDS: dict[tuple[str, str], str] = {
    ("ginrummy_desktop/engine/bot_host.py",
     "usage: python3 -m ginrummy_desktop.engine.bot_host package.module:Class"):
        "a command line's usage, English like every --help",
    ("ginrummy_desktop/engine/wording.py", "You"): "the name that means the person at the table",
    ("ginrummy_desktop/engine/translation.py", "English"): "each language named in itself",
    ("ginrummy_desktop/engine/translation.py", "Deutsch"): "each language named in itself",
    ("ginrummy_desktop/engine/gin/bots/personas.py", "half shield"): "an emblem's shape, an id",
    ("ginrummy_desktop/engine/gin/layoffs.py", "unavailable cards"):
        "names an argument in a caller's ValueError",
    ("ginrummy_desktop/engine/gin/wire_codec.py", "gin observation"):
        "the protocol's name for a message, in its error's context",
    ("ginrummy_desktop/app.py", "size must look like 1280x800, not "): "command line (--size)",
    ("ginrummy_desktop/app.py", "size must be between 200x150 and 8192x8192"):
        "command line (--size)",
    ("ginrummy_desktop/app.py", "ginrummy-desktop: unknown scene ; known scenes: "):
        "command line (--screenshot, a developer's tool)",
    ("ginrummy_desktop/app.py", "ginrummy-desktop: could not write "):
        "command line (--screenshot, a developer's tool)",
    ("ginrummy_desktop/selftest.py", "Self Test"): "a throw-away player name, never shown",
    ("ginrummy_desktop/selftest.py", "not used"): "a throw-away password, never shown",
    ("ginrummy_desktop/sound/player.py", "Gin Rummy Desktop"): "the audio device's client name",
    ("ginrummy_desktop/gui/gin/screen.py", ", doubled for a shutout"):
        "matched in the engine's stored English label; the shown label is translated",
    ("ginrummy_desktop/engine/cribbage/advisor.py", "the six cards"):
        "names an argument in a caller's ValueError",
    ("ginrummy_desktop/engine/cribbage/scoring.py", "cards played"):
        "names an argument in a caller's ValueError",
    ("ginrummy_desktop/engine/cribbage/records.py", "hand number"):
        "names a record field in a damaged record's message",
    ("ginrummy_desktop/engine/cribbage/match.py", "seat must be 0 or 1, not "):
        "a caller's mistake (a seat that does not exist), never a player's move",
    ("ginrummy_desktop/engine/cribbage/match.py", "last card"): "a score kind's id",
    ("ginrummy_desktop/engine/cribbage/observation.py", "last card"): "a score kind's id",
    ("ginrummy_desktop/gui/stats/window.py", "last card"): "a score kind's id in records",
    ("ginrummy_desktop/engine/cribbage/rules.py", "double skunk"): "a rule option's id",
    ("ginrummy_desktop/engine/cribbage/scoring.py", "pair royal"): "a score kind's id",
    ("ginrummy_desktop/engine/cribbage/scoring.py", "double pair royal"): "a score kind's id",
    ("ginrummy_desktop/engine/cribbage/wire_codec.py", "cribbage observation"):
        "the protocol's name for a message, in its error's context",
    ("ginrummy_desktop/engine/cribbage/wire_codec.py",
     "cribbage observation.scores: expected two scores"): "a protocol error, for developers",
    ("ginrummy_desktop/storage/migrations.py", " (practice, undo used)"):
        "text older versions stored in records, matched when upgrading them",
    ("ginrummy_desktop/storage/settings.py", "Player"):
        "the stored default name until the player gives theirs on the welcome page",
    ("ginrummy_desktop/gui/table/card_sheet.py", "could not write "):
        "command line (the card sheet, a developer's tool)",
    ("ginrummy_desktop/gui/table/seats.py", "You"): "the name that means the person at the table",
    ("ginrummy_desktop/gui/shell/desktop_entry.py", "Application"): "a .desktop file key's value",
    ("ginrummy_desktop/gui/shell/desktop_entry.py", "Gin Rummy Desktop"): "the app's name",
    ("ginrummy_desktop/gui/shell/desktop_entry.py", "Card Game"):
        "the .desktop file's GenericName, kept equal to the installers' file",
    ("ginrummy_desktop/gui/shell/desktop_entry.py",
     "Play Gin Rummy and Cribbage against good computer opponents"):
        "the .desktop file's Comment, kept equal to the installers' file",
    ("ginrummy_desktop/gui/shell/desktop_entry.py", "[Desktop Entry]\n"): "a file format's header",
    ("ginrummy_desktop/gui/shell/help_pages.py", '<img src="((?:cards|board):[^"]*)"'):
        "a pattern that finds the pictures in a page",
    ("ginrummy_desktop/gui/cribbage/controller.py", "last card"): "a score kind's id",
    ("ginrummy_desktop/gui/cribbage/summary.py", "last card"): "a score kind's id",
    ("ginrummy_desktop/gui/online/credentials.py", "Gin Rummy Desktop online"):
        "the keyring entry's service name, a stored key",
    ("ginrummy_desktop/gui/online/profile.py",
     "<h2></h2><table cellpadding='6'><tr><th></th></tr>"): "markup; its words go through tr()",
    ("ginrummy_desktop/sound/synth.py", "usage: python -m ginrummy_desktop.sound.synth DIR"):
        "a command line's usage",
}


def test_every_module_of_the_app_belongs_to_one_catalogue_area() -> None:
    package = catalogues.PACKAGE
    owners: dict[Path, list[str]] = {}
    for area in catalogues.AREAS:
        for file in catalogues.area_files(area):
            owners.setdefault(file, []).append(area)
    shared = {str(file): areas for file, areas in owners.items() if len(areas) > 1}
    assert not shared
    outside = {"online", "gui/scenes"}  # the service speaks protocol codes; scenes are props
    missing = [file for file in package.rglob("*.py") if file not in owners
               and not any(file.relative_to(package).as_posix().startswith(part)
                           for part in outside)
               and file.parent != package]
    top_level = [file for file in package.glob("*.py") if file not in owners]
    # The command-line tools (ginrummy-sim, build) speak English, like their --help; the log
    # and the schema steps shared by the stores have no words for a player.
    english_only = {"__init__.py", "applog.py", "build.py", "sim.py", "sim_review.py",
                    "schema_steps.py"}
    assert {file.name for file in top_level} <= english_only
    assert missing == []


def test_german_french_and_spanish_catalogues_are_complete() -> None:
    problems = [str(problem) for problem in catalogues.problems()]
    assert problems == []


def names_of_people() -> set[str]:
    """The computer opponents' names: names, the same in every language."""
    from ginrummy_desktop.engine.cribbage.bots import expert, simple  # noqa: F401 - registers
    from ginrummy_desktop.engine.cribbage.bots.base import CribbageBot
    from ginrummy_desktop.engine.gin.bots.personas import PERSONAS

    def subclasses(kind: type) -> list[type]:
        return [kind] + [sub for direct in kind.__subclasses__() for sub in subclasses(direct)]

    cribbage = {bot.display_name for bot in subclasses(CribbageBot)}
    return {persona.name for persona in PERSONAS.values()} | cribbage


@pytest.mark.parametrize("area", sorted(set(catalogues.AREAS) - NOT_YET_TRANSLATED))
def test_words_a_player_reads_go_through_the_translation_layer(area: str) -> None:
    names = names_of_people()
    left = [literal for literal in catalogues.untranslated(catalogues.area_files(area))
            if (literal.path, literal.text) not in NOT_WORDS and literal.text not in names]
    assert [str(literal) for literal in left] == []


def test_the_check_finds_an_untranslated_label(tmp_path: Path) -> None:
    module = catalogues.ROOT / "tests" / "_untranslated_example.py"
    module.write_text('label.setText("Your turn")\nlabel.setText(tr("Your turn"))\n'
                      'LOGGER.info("Dealt the hand")\nname = "card_back"\n', encoding="utf-8")
    try:
        found = [literal.text for literal in catalogues.untranslated([module])]
    finally:
        module.unlink()
    assert found == ["Your turn"]


def test_a_chosen_language_translates_and_an_unknown_one_falls_back_to_english(
        english_after: None) -> None:
    assert translation.set_language("de") == "de"
    assert wording.names_together(["Bo", "You"]) == "Du und Bo"
    assert translation.set_language("fr_CA") == "fr"
    assert wording.names_together(["Ann", "Bo", "You"]) == "Vous, Ann et Bo"
    assert translation.set_language("ja") == "en"
    assert wording.names_together(["Bo", "You"]) == "You and Bo"


def test_no_choice_follows_the_system_language(english_after: None,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "es_MX:en")
    assert translation.set_language("") == "es"
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    assert translation.set_language("") == "en"


def test_the_language_setting_accepts_the_shipped_languages_and_the_system_choice() -> None:
    assert Settings().language == ""
    assert Settings().with_changes(language="de").language == "de"
    with pytest.raises(ValueError, match="language"):
        Settings().with_changes(language="klingon")
    loaded, rejected = Settings.from_json({**Settings().to_json(), "language": 7})
    assert loaded.language == "" and rejected == ["language"]


def test_qt_dialog_buttons_speak_the_chosen_language(qtbot, english_after: None) -> None:
    from PySide6.QtCore import QLocale, QTranslator
    from PySide6.QtWidgets import QApplication, QDialogButtonBox

    from ginrummy_desktop.gui.common.language import apply_language

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    before = QLocale()
    try:
        assert apply_language(app, "de") == "de"
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        qtbot.addWidget(box)
        assert box.button(QDialogButtonBox.StandardButton.Cancel).text() == "Abbrechen"
    finally:
        for translator in app.findChildren(QTranslator):
            app.removeTranslator(translator)
            translator.deleteLater()
        QLocale.setDefault(before)


def test_numbers_are_written_as_each_language_writes_them(english_after: None) -> None:
    translation.set_language("en")
    assert translation.number(77800) == "77,800" and translation.number(9.44, 1) == "9.4"
    assert format(translation.localized(2.54), "+.1f") == "+2.5"
    translation.set_language("de")
    assert translation.number(77800) == "77.800" and translation.number(9.44, 1) == "9,4"
    # a catalogue sentence keeps its format spec and still writes German decimals
    assert format(translation.localized(2.54), "+.1f") == "+2,5"
    assert translation.percent(38) == "38\u00a0%"
    translation.set_language("fr")
    assert translation.number(1234567.5, 1) == "1\u202f234\u202f567,5"
    translation.set_language("es")
    assert translation.number(13.25, 2) == "13,25"


@pytest.mark.parametrize("damage", [b"", b"not a catalogue at all",
                                    b"\xde\x12\x04\x95" + b"\xff" * 40])
def test_a_damaged_catalogue_is_skipped_not_fatal(tmp_path: Path, english_after: None,
                                                  damage: bytes) -> None:
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    good = catalogues.catalogue_path("de", "engine", ".mo")
    (folder / "engine.mo").write_bytes(good.read_bytes())
    (folder / "a_broken.mo").write_bytes(damage)
    translation.unreadable_catalogues.clear()
    assert translation.set_language("de", locale_dir=tmp_path) == "de"
    assert translation.unreadable_catalogues == [folder / "a_broken.mo"]
    assert wording.names_together(["Bo", "You"]) == "Du und Bo"  # the good one still speaks
