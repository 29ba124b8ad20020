"""Connects the main window to storage: appearance settings applied live, window geometry,
autosave after every action, resume after a crash or quit, and finished matches recorded.

Both games share the one autosave slot: it holds whichever game is in progress (a cribbage
state carries ``"game": "cribbage"``; a state without ``game`` is a gin match).

Storage is pure Python; this module is the GUI's link to it (the Statistics window gets its
query interface and the storage thread from here; Preferences edits the settings, and
gui/cribbage/summary.py builds a cribbage game's summary). Every storage call is guarded so a
failing disk never takes the game down (the problem is shown once instead), and finished
matches are written on the storage thread, so a locked database never freezes the table.
"""

from __future__ import annotations

import base64
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QObject

from ginrummy_desktop.engine.cards import parse_cards
from ginrummy_desktop.engine.gin.match import GinMatch
from ginrummy_desktop.engine.gin.results import match_totals
from ginrummy_desktop.gui.gin.controller import HUMAN, MatchSetup
from ginrummy_desktop.gui.stats.background import StorageJobs
from ginrummy_desktop.gui.table.animation import SPEEDS
from ginrummy_desktop.gui.table.card_renderer import CardStyle
from ginrummy_desktop.storage.stats import StatisticsQueries

if TYPE_CHECKING:
    from ginrummy_desktop.gui.shell.main_window import MainWindow

GEOMETRY_KEY = "main"


def _side(seat: int | None) -> str | None:
    return None if seat is None else ("player" if seat == HUMAN else "opponent")


def match_summary(controller: Any, started_at: datetime, result: str) -> Any:
    """A storage ``MatchSummary`` of the controller's match from the engine's hand records."""
    from ginrummy_desktop.storage import HandSummary, MatchSummary

    hands = []
    for record in controller.session.hand_records():
        outcome = record["result"]
        winner = outcome.get("winner")
        points = outcome.get("points", 0) if outcome.get("kind") != "draw" else 0
        mine = next((h for h in outcome.get("hands", []) if h.get("seat") == HUMAN), None)
        scores = record.get("scores", [0, 0])
        hands.append(HandSummary(
            winner=_side(winner) if outcome.get("kind") != "draw" else None,
            player_points=points if winner == HUMAN else 0,
            opponent_points=points if winner not in (None, HUMAN) else 0,
            player_total=scores[HUMAN], opponent_total=scores[1 - HUMAN],
            ending=outcome.get("kind"), knocker=_side(outcome.get("knocker")),
            player_deadwood=mine.get("deadwood_points") if mine else None,
            turns=sum(1 for action in record.get("actions", []) if action[1] == "discard"),
            record=record))
    session = controller.session  # match totals (boxes, bonuses), as the match-over panel
    scores = match_totals(session.final_breakdown, session.seat_scores())
    rules = controller.setup.preset + (" (practice)" if controller.setup.practice else "")
    return MatchSummary(game="gin", opponent_id=controller.setup.opponent,
                        opponent_name=controller.opponent_name, rules=rules,
                        started_at=started_at, ended_at=datetime.now(UTC),
                        player_score=scores[HUMAN], opponent_score=scores[1 - HUMAN],
                        result=result, hands=tuple(hands),
                        undo_used=bool(controller.setup.practice and controller.undo_used))


def _unfinished(session: Any, opponent: str, bots: dict[str, Any]) -> Any:
    """A restored game worth resuming (the autosave refuses it with the reason otherwise)."""
    if session.over:
        raise ValueError("the saved game is already over")
    if opponent not in bots:
        raise ValueError(f"unknown opponent {opponent!r}")
    return session


class Persistence(QObject):
    """Owns the window's link to a ``Storage``."""

    def __init__(self, window: MainWindow, storage: Any) -> None:
        super().__init__(window)
        self.window = window
        self.storage = storage
        self.jobs = StorageJobs(self)  # the storage thread, shared with the Statistics window
        self.queries = StatisticsQueries(storage)
        self.controller = window.gin_screen.controller
        self.started_at = datetime.now(UTC)
        self.recorded = False
        self.autosave = None
        try:
            autosave = storage.autosave()
            self.autosave = autosave if autosave.acquire() else None
        except Exception as error:  # noqa: BLE001 - any storage failure becomes a notice
            self.window.notify(f"The match in progress cannot be saved: {error}")
        self.apply_settings(storage.settings.settings)
        self._unsubscribe = storage.settings.subscribe(
            lambda settings, _changed: self.apply_settings(settings))
        self.controller.action_applied.connect(lambda _seat, _action: self.save())
        self.controller.match_over.connect(self.record_finished)

    # -- settings ----------------------------------------------------------------------

    def apply_settings(self, settings: Any) -> None:
        window = self.window
        window.set_card_style(four_colour=bool(settings.four_colour_deck),
                              back=str(settings.card_back))
        window.set_table_colour(str(settings.table_colour))
        window.set_card_size(str(settings.card_size))
        if settings.animation_speed in SPEEDS:
            window.set_speed(str(settings.animation_speed))
        window.set_player_name(str(settings.player_name or "You"))
        window.set_sound(int(settings.sound_volume), bool(settings.sound_muted))

    def restore_geometry(self) -> bool:
        text = self.storage.settings.settings.window_geometry.get(GEOMETRY_KEY)
        if not text:
            return False
        try:
            data = QByteArray(base64.b64decode(text.encode()))
        except ValueError:
            return False
        return bool(self.window.restoreGeometry(data))

    def save_geometry(self) -> None:
        data = bytes(self.window.saveGeometry().data())
        geometry = dict(self.storage.settings.settings.window_geometry)
        geometry[GEOMETRY_KEY] = base64.b64encode(data).decode()
        self._guard(lambda: self.storage.settings.update(window_geometry=geometry))

    # -- autosave and records ------------------------------------------------------------

    def attach_cribbage(self, table: Any) -> None:
        """Autosave after every cribbage action; record the game when it ends."""
        table.controller.action_applied.connect(self.save)
        table.controller.game_finished.connect(lambda _result: self.record_finished())

    def resume(self) -> bool:
        """Resume the autosaved game (gin or cribbage), if there is one; True when resumed."""
        if self.autosave is None:
            return False
        try:  # a damaged save is set aside by load(); anything else must not stop the app
            state = self.autosave.load(self._restore_state)
            if state is None:
                return False
            if state[0] == "cribbage":
                _game, match, setup = state
                self.window.start_cribbage(setup, match=match)
            else:
                _game, session, gin_setup, order, undo_used = state
                self.window.gin_screen.start_session(session, gin_setup, order)
                self.controller.undo_used = undo_used
        except Exception as error:  # noqa: BLE001 - the player starts a new game instead
            self.window.notify(f"The game in progress could not be resumed: {error}")
            return False
        self.started_at = datetime.now(UTC)
        self.recorded = False
        self.window.status_line().show_message("Resumed your game in progress", "success")
        return True

    @staticmethod
    def _restore_state(state: dict[str, Any]) -> tuple:
        if not isinstance(state, dict):
            raise ValueError("the saved game is not a match")
        if state.get("game") == "cribbage":
            return Persistence._restore_cribbage(state)
        from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
        from ginrummy_desktop.engine.gin.rules import GIN_PRESETS

        session = _unfinished(GinMatch.restore(state["match"]), state["opponent"], BUILTIN_BOTS)
        if not isinstance(state["preset"], str) or state["preset"] not in GIN_PRESETS:
            raise ValueError(f"unknown rules preset {state['preset']!r}")  # Rematch needs it
        setup = MatchSetup(preset=str(state["preset"]), opponent=state["opponent"],
                           practice=bool(state["practice"]))
        return ("gin", session, setup, parse_cards(state["hand_order"]),
                bool(state["undo_used"]))

    @staticmethod
    def _restore_cribbage(state: dict[str, Any]) -> tuple:
        from ginrummy_desktop.engine.cribbage import CribbageMatch
        from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS
        from ginrummy_desktop.gui.cribbage.game_dialog import CribbageSetup

        match = _unfinished(CribbageMatch.restore(state["match"]), state["opponent"], BUILTIN_BOTS)
        return "cribbage", match, CribbageSetup.from_rules(state["opponent"], match.rules)

    def _cribbage_state(self) -> dict[str, Any]:
        table = self.window.cribbage_table
        return {"game": "cribbage", "match": table.controller.match.snapshot(),
                "opponent": self.window.cribbage_setup.opponent}

    def _summary(self, result: str) -> Any:
        """The storage summary of the game on screen."""
        if self.window.game == "cribbage":
            from ginrummy_desktop.gui.cribbage.summary import game_summary

            table = self.window.cribbage_table
            setup = self.window.cribbage_setup
            return game_summary(table.controller.match, opponent_id=setup.opponent,
                                opponent_name=table.controller.names[1],
                                rules=setup.rules_text(), started_at=self.started_at,
                                result=result, human=table.controller.human)
        return match_summary(self.controller, self.started_at, result)

    def _current(self) -> Any:
        """The engine session of the game on screen (a GinMatch or a CribbageMatch), or None."""
        if self.window.game == "cribbage":
            table = self.window.cribbage_table
            return table.controller.match if table is not None else None
        return self.controller.session

    def new_match_started(self) -> None:
        """Called before a new game replaces the current one: record it as abandoned."""
        session = self._current()
        if session is not None and not session.over and not self.recorded \
                and session.hand_records():
            self.record_in_background(self._guard(lambda: self._summary("abandoned")))
        self.started_at = datetime.now(UTC)
        self.recorded = False

    def save(self) -> None:
        session = self._current()
        if self.autosave is None or session is None:
            return
        if session.over:
            self._guard(self.autosave.clear)
        elif self.window.game == "cribbage":
            self._guard(lambda: self.autosave.save(self._cribbage_state()))
        else:
            self._guard(lambda: self.autosave.save(self.controller.snapshot()))

    def record_finished(self) -> None:
        session = self._current()
        if session is None or self.recorded:
            return
        if self.window.game == "cribbage":
            human = self.window.cribbage_table.controller.human
            result = "win" if session.winner == human else "loss"
        else:
            result = "win" if HUMAN in session.winners else "loss"
        self.record_in_background(self._guard(lambda: self._summary(result)))
        self.recorded = True
        if self.autosave is not None:
            self._guard(self.autosave.clear)

    def record_in_background(self, summary: Any) -> None:
        """Store a match summary on the storage thread; the game goes on at once. A failure
        is told to the player; an open Statistics window refreshes when it is stored."""
        if summary is None:
            return
        self.jobs.submit(lambda: self.queries.record_match(summary), None,
                         lambda error: self.window.notify(f"Could not save: {error}"),
                         writes=True)

    def statistics_window(self, parent: Any = None) -> Any:
        """A Statistics window reading this storage through the storage thread."""
        from ginrummy_desktop.gui.stats.window import StatisticsWindow

        return StatisticsWindow(self.queries, self.jobs, parent)

    def apply_style(self) -> CardStyle:
        return self.window.renderer.style

    def close(self) -> None:
        self.jobs.wait()  # every finished match is stored before storage closes
        self.save_geometry()
        self.save()
        self._unsubscribe()
        self.show_notices()

    def show_notices(self) -> None:
        for notice in self.storage.notices.take():
            self.window.notify(notice.message)

    def _guard(self, call: Any) -> Any:
        try:
            return call()
        except Exception as error:  # noqa: BLE001 - the game goes on; the player is told
            self.window.notify(f"Could not save: {error}")
            return None
