"""Opponents in plain words, each with its strength, and one name everywhere."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

from ginrummy_desktop.gui.cribbage import opponents as cribbage
from ginrummy_desktop.gui.gin import opponents as gin
from ginrummy_desktop.gui.shell.preferences import PreferencesDialog
from ginrummy_desktop.storage import Storage

JARGON = ("Neller", "MARJJ", "research", "baseline", " EV", "determiniz", "Player)", "persona")


@pytest.mark.parametrize("info", gin.list_opponents() + cribbage.list_opponents(),
                         ids=lambda info: info.bot_id)
def test_every_opponent_speaks_plainly_and_has_a_strength(info):
    text = f"{info.name} {info.style}"
    assert not [word for word in JARGON if word.lower() in text.lower()]
    assert "not yet measured" not in info.rating and info.rating != "not rated"


def test_preferences_name_the_opponents_as_the_pickers_do(qtbot, tmp_path):
    storage = Storage(tmp_path)
    dialog = PreferencesDialog(storage)
    qtbot.addWidget(dialog)
    for game, module in (("gin", gin), ("cribbage", cribbage)):
        combo = dialog.opponent_combos[game]
        shown = {combo.itemData(i): combo.itemText(i) for i in range(combo.count())}
        assert shown == {info.bot_id: info.name for info in module.list_opponents()}
    assert cribbage.short_name("expert") == dict(
        (i.bot_id, i.name) for i in cribbage.list_opponents())["expert"]
    dialog.close()
    storage.close()
