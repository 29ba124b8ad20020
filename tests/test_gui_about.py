"""Help > About: version, licence and credits, in a box sized to its text."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import ginrummy_desktop
from ginrummy_desktop.gui.shell.about import about_html, asset_credits
from ginrummy_desktop.gui.shell.main_window import MainWindow


def test_about_from_the_help_menu_is_sized_to_its_text(qtbot):
    window = MainWindow(storage=None, speed="instant")
    qtbot.addWidget(window)
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    before = len(window.dialogs)
    next(a for a in help_menu.actions() if a.text() == "&About").trigger()
    dialog = window.dialogs[before]
    qtbot.waitExposed(dialog)
    text = dialog.text.text()
    assert ginrummy_desktop.__version__ in text and "MIT licence" in text
    assert "Sounds synthesised" in text and "Cards, pips and backs" in text
    label = dialog.text
    assert label.height() >= label.heightForWidth(label.width())  # nothing cut off
    assert dialog.width() < 640 and dialog.height() < 400  # not the old 640x560 page


def test_third_party_art_credits_are_listed(tmp_path):
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "CREDITS.md").write_text("# Deck by A. Artist, CC0\nmore\n")
    (tmp_path / "icons").mkdir()
    assert asset_credits(tmp_path) == ["cards: Deck by A. Artist, CC0"]
    assert "cards: Deck by A. Artist, CC0" in about_html(tmp_path)
