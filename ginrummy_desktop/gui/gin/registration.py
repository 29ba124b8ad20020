"""Gin Rummy's registration with the GUI's game registry (gui/game_registry.py): its title,
New match entry, autosave resume, statistics figures and online seat. Imports stay light: each
callable loads the gin modules it needs when it runs."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QKeySequence

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
    """A gin autosave (the gin controller's ``snapshot()``) checked, and how to continue it."""
    from ginrummy_desktop.engine.cards import parse_cards
    from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
    from ginrummy_desktop.engine.gin.match import GinMatch
    from ginrummy_desktop.engine.gin.rules import GIN_PRESETS
    from ginrummy_desktop.gui.gin.controller import MatchSetup

    session = unfinished(GinMatch.restore(state["match"]), state["opponent"], BUILTIN_BOTS)
    if not isinstance(state["preset"], str) or state["preset"] not in GIN_PRESETS:
        raise ValueError(f"unknown rules preset {state['preset']!r}")  # Rematch needs it
    others = tuple(state.get("others", ()))  # three- and four-player matches' other bots
    if len(others) != session.rules.players - 2:
        raise ValueError(f"{len(others) + 2} players saved for a match of "
                         f"{session.rules.players}")
    for bot_id in others:
        unfinished(session, bot_id, BUILTIN_BOTS)
    setup = MatchSetup(preset=str(state["preset"]), opponent=state["opponent"],
                       practice=bool(state["practice"]), others=others)
    order, undo_used = parse_cards(state["hand_order"]), bool(state["undo_used"])
    if len(set(order)) != len(order):
        raise ValueError("the saved hand order repeats a card")

    def start(window: MainWindow) -> None:
        window.gin_screen.start_session(session, setup, order)
        window.gin_screen.controller.undo_used = undo_used
        window.gin_screen.controller.restore_table(state.get("table"))
    start.opponent = state["opponent"]  # type: ignore[attr-defined]  # for the resume offer
    start.others = others  # type: ignore[attr-defined]
    return "gin", session, start


def window_table(window: MainWindow) -> Any:
    """The gin table in the main window (gui/gin/window_table.py)."""
    from ginrummy_desktop.gui.gin.window_table import GinWindowTable

    return GinWindowTable(window)


def online_seat(me: str, speed: str | None, parent: Any) -> Any:
    from ginrummy_desktop.gui.online.table_pane import GinSeatGame

    return GinSeatGame(me, speed, parent)


def opponents() -> tuple[list[Any], str]:
    """Every gin opponent, and a friendly one to offer a newcomer first."""
    from ginrummy_desktop.gui.gin import opponents as gin

    return gin.list_opponents(), gin.friendly_opponent()


def start_against(window: MainWindow, bot_id: str) -> None:
    """A match against ``bot_id`` with the rules from the settings."""
    window.gin_screen.new_match(dataclasses.replace(window.preferred_gin_setup(),
                                                    opponent=bot_id))


def rules_html() -> str:
    from ginrummy_desktop.gui.shell.help_pages import GIN_RULES_HTML

    return GIN_RULES_HTML


def review_source(controller: Any) -> tuple[Any, dict[int, str], int, str | None]:
    """The match on the gin table, for the review: the person holds seat 0."""
    from ginrummy_desktop.engine.wording import YOU

    session = controller.session
    names = controller.seat_names(you=True) if session is not None else {0: YOU}
    return session, names, 0, controller.setup.opponent


def practice_table(table: PracticeTable) -> Any:
    """A gin table playing on from a reviewed moment (the person moved to seat 0)."""
    from ginrummy_desktop.engine.gin import GIN_PRESETS
    from ginrummy_desktop.gui.gin.controller import MatchSetup
    from ginrummy_desktop.gui.gin.opponents import default_opponent
    from ginrummy_desktop.gui.gin.screen import GinScreen

    preset = table.record.get("rules", {}).get("preset")
    setup = MatchSetup(preset=preset if preset in GIN_PRESETS else "classic",
                       opponent=table.opponent or default_opponent(), practice=True)
    screen = GinScreen(table.renderer, "fast", parent=table.parent)
    screen.on_rematch = table.end  # a rematch of a practice moment: nothing
    screen.on_new_opponent = table.end
    screen.start_session(table.session, setup)
    return screen


def _history(name: str) -> Any:
    """``gui/gin/history_words.py``'s ``name``, loaded when the Statistics window first asks."""
    def call(*args: Any) -> Any:
        from ginrummy_desktop.gui.gin import history_words

        return getattr(history_words, name)(*args)
    return call


def _best_score(figures: Any) -> str:
    from ginrummy_desktop.engine.gin.results import number_text as thousands

    return "–" if figures.best_score is None else thousands(figures.best_score)


# Labels, tooltips and the GAME's labels are marked here and translated where shown.
FIGURES = (
    StatFigure("best_score", mark("Best score"), _best_score,
               mark("The arcade score of your best win: (your points − the computer's points) "
                    "× 200")),
    StatFigure("gins", mark("Gins / big gins"), lambda f: f"{f.gins} / {f.big_gins}"),
    StatFigure("knocks", mark("Knocks"), lambda f: str(f.knocks)),
    StatFigure("undercuts", mark("Undercuts given / taken"),
               lambda f: f"{f.undercuts_given} / {f.undercuts_taken}"),
    StatFigure("deadwood", mark("Average deadwood when caught"),
               lambda f: number_text(f.average_deadwood_caught)),
    StatFigure("turns", mark("Average hand length"),
               lambda f: "–" if f.average_hand_turns is None
               else tr("{turns} turns").format(turns=number_text(f.average_hand_turns))),
)

GAME = GuiGame(
    name="gin",
    title=mark("Gin Rummy"),
    contest="match",
    new_game_label=mark("&New Gin Rummy Match…"),
    new_game_shortcut=QKeySequence.StandardKey.New,
    new_game_dialog=lambda window: window.new_match_dialog(),
    restore=restore,
    statistics_figures=FIGURES,
    online_seat=online_seat,
    rules_label=mark("Gin Rummy &rules"),
    rules_html=rules_html,
    lesson_label=mark("&Learn Gin Rummy (guided game)"),
    opponents=opponents,
    start_against=start_against,
    review_source=review_source,
    practice_table=practice_table,
    record_result=_history("record_result"),
    record_ending=_history("record_ending"),
    hand_outcome=_history("hand_outcome"),
    hand_players=_history("hand_players"),
    window_table=window_table,
    opponent_label=mark("Gin Rummy opponent"),
)
