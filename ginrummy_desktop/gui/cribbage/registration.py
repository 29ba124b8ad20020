"""Cribbage's registration with the GUI's game registry (gui/game_registry.py): its title, New
game entry, autosave resume, statistics figures and online seat. Imports stay light: the
cribbage modules load when cribbage is first played (faster start-up)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ginrummy_desktop.engine.translation import mark, tr
from ginrummy_desktop.gui.game_registry import (
    GuiGame,
    PracticeTable,
    Restored,
    StatFigure,
    number_text,
    unfinished,
)

if TYPE_CHECKING:
    from ginrummy_desktop.gui.shell.main_window import MainWindow


def restore(state: dict[str, Any]) -> Restored:
    """A cribbage autosave (the cribbage controller's ``snapshot()``) checked, and how to
    continue it."""
    from ginrummy_desktop.engine.cribbage import CribbageMatch
    from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS
    from ginrummy_desktop.gui.cribbage.new_game_dialog import CribbageSetup

    match = unfinished(CribbageMatch.restore(state["match"]), state["opponent"], BUILTIN_BOTS)
    setup = CribbageSetup.from_rules(state["opponent"], match.rules)

    def start(window: MainWindow) -> None:
        window.start_cribbage(setup, match=match)
        window.cribbage_table.controller.restore_table(state.get("table"))
    start.opponent = state["opponent"]  # type: ignore[attr-defined]  # for the resume offer
    return "cribbage", match, start


def window_table(window: MainWindow) -> Any:
    """The cribbage table in the main window (gui/cribbage/window_table.py)."""
    from ginrummy_desktop.gui.cribbage.window_table import CribbageWindowTable

    return CribbageWindowTable(window)


def online_seat(me: str, speed: str | None, parent: Any) -> Any:
    from ginrummy_desktop.gui.online.remote_cribbage import CribbageSeatGame

    return CribbageSeatGame(me, speed, parent)


def opponents() -> tuple[list[Any], str]:
    """Every cribbage opponent, and a friendly one to offer a newcomer first."""
    from ginrummy_desktop.gui.cribbage import opponents as cribbage

    return cribbage.list_opponents(), cribbage.friendly_opponent()


def start_against(window: MainWindow, bot_id: str) -> None:
    """A game against ``bot_id`` with the options from the settings."""
    from ginrummy_desktop.gui.cribbage.new_game_dialog import CribbageSetup

    rules = window.preferred_cribbage_setup().rules()
    window.start_cribbage(CribbageSetup.from_rules(bot_id, rules))


def review_source(controller: Any) -> tuple[Any, dict[int, str], int, str | None]:
    """The game on the cribbage table, for the review: the person keeps their seat."""
    names = {controller.human: controller.names[controller.human],
             controller.bot_seat: controller.names[controller.bot_seat]}
    return controller.match, names, controller.human, controller.opponent_id


def practice_table(table: PracticeTable) -> Any:
    """A cribbage table playing on from a reviewed moment (the person keeps their seat)."""
    from ginrummy_desktop.gui.cribbage.opponents import default_opponent
    from ginrummy_desktop.gui.cribbage.table import CribbageTable

    screen = CribbageTable(table.parent, opponent=table.opponent or default_opponent(),
                           match=table.session, renderer=table.renderer, speed="fast",
                           names=table.names)
    if table.seat != 0:
        screen.controller.start(table.session, human_seat=table.seat)
    return screen


def rules_html() -> str:
    from ginrummy_desktop.gui.shell.help_pages import CRIBBAGE_RULES_HTML

    return CRIBBAGE_RULES_HTML


def _best_hand(best: int | None) -> str:
    if best is None:
        return "–"
    return tr("{points}  (a perfect 29!)").format(points=best) if best == 29 else f"{best}"


# Labels and the GAME's labels are marked here and translated where shown.
FIGURES = (
    StatFigure("avg_hand", mark("Average hand"), lambda f: number_text(f.average_hand_points)),
    StatFigure("avg_crib", mark("Average crib"), lambda f: number_text(f.average_crib_points)),
    StatFigure("avg_pegging", mark("Average pegging"),
               lambda f: number_text(f.average_pegging_points)),
    StatFigure("skunks_given", mark("Skunks / double skunks given"),
               lambda f: f"{f.skunks_given} / {f.double_skunks_given}"),
    StatFigure("skunks_taken", mark("Skunks / double skunks taken"),
               lambda f: f"{f.skunks_taken} / {f.double_skunks_taken}"),
    StatFigure("best_hand", mark("Best hand"), lambda f: _best_hand(f.best_hand)),
    StatFigure("best_pegging", mark("Highest pegging in a deal"),
               lambda f: "–" if f.best_pegging is None else str(f.best_pegging)),
)

GAME = GuiGame(
    name="cribbage",
    title=mark("Cribbage"),
    new_game_label=mark("New &Cribbage Game…"),
    new_game_shortcut="Ctrl+Shift+N",
    new_game_dialog=lambda window: window.new_cribbage_dialog(),
    restore=restore,
    statistics_figures=FIGURES,
    online_seat=online_seat,
    rules_label=mark("&Cribbage rules"),
    rules_html=rules_html,
    lesson_label=mark("Learn Cri&bbage (guided game)"),
    opponents=opponents,
    start_against=start_against,
    review_source=review_source,
    practice_table=practice_table,
    window_table=window_table,
    opponent_label=mark("Cribbage opponent"),
)
