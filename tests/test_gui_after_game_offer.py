"""After a finished cribbage game the calm table speaks of a game, not a match, and "New game"
opens cribbage's own New game dialog (issue 39's words; issue 42: the game's registration says
what one contest is called and which dialog starts the next)."""

from __future__ import annotations

from types import SimpleNamespace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ginrummy_desktop.gui.cribbage.new_game_dialog import NewCribbageGameDialog
from ginrummy_desktop.gui.gin.new_game_dialog import NewMatchDialog
from ginrummy_desktop.gui.shell import start_offer
from tests.test_gui_cribbage_app import make_window, storage  # noqa: F401


def offer(window, game: str, result: str):
    last = SimpleNamespace(game=game, opponent_name="Cora the Careful", opponent_id="careful",
                           player_score=121, opponent_score=98, result=result, rules=None)
    return start_offer.offer_after_match(window, last)


def open_dialogs(kind: type) -> list:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, kind) and w.isVisible()]


def test_a_finished_cribbage_game_is_offered_as_a_game(qtbot, storage):  # noqa: F811
    window = make_window(qtbot, storage)
    box = offer(window, "cribbage", "win")
    assert box.windowTitle() == "Game over"
    assert box.text() == "You won your last game against Cora the Careful, 121–98. Play again?"
    new_game = next(b for b in box.buttons() if b.text() == "New game")
    qtbot.mouseClick(new_game, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(open_dialogs(NewCribbageGameDialog)))
    assert open_dialogs(NewMatchDialog) == []


def test_a_finished_gin_match_is_still_offered_as_a_match(qtbot, storage):  # noqa: F811
    window = make_window(qtbot, storage)
    box = offer(window, "gin", "loss")
    assert box.windowTitle() == "Match over"
    assert box.text().startswith("You lost your last match against Cora the Careful")
    new_match = next(b for b in box.buttons() if b.text() == "New match")
    qtbot.mouseClick(new_match, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(open_dialogs(NewMatchDialog)))
