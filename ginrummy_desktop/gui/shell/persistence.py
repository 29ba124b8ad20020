"""Connects the main window to storage: appearance settings applied live, window geometry,
autosave after every action, resume after a crash or quit, and finished matches recorded.

Every game shares the one autosave slot: it holds whichever match is in progress, as the game's
controller gives it (``snapshot()``, with a ``"game"`` key; an older state without one is a gin
match), and the game's registration (gui/game_registry.py) says how to resume it. What is
recorded comes from the controller too (``summary()``): nothing here depends on which game is on
screen.

Storage is pure Python; this module is the GUI's link to it (the Statistics window gets its
query interface and the storage thread from here; Preferences edits the settings, and
gui/cribbage/summary.py builds a cribbage game's summary). Every storage call is guarded so a
failing disk never takes the game down (the problem is shown once instead), and finished
matches are written on the storage thread, so a locked database never freezes the table.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.engine.wording import YOU
from ginrummy_desktop.gui.common.storage_jobs import StorageJobs
from ginrummy_desktop.gui.game_registry import GameMapping, Restored
from ginrummy_desktop.gui.gin.summary import match_summary  # noqa: F401 - a public name
from ginrummy_desktop.gui.shell.geometry import GEOMETRY_KEY, restore_geometry
from ginrummy_desktop.gui.table.animation import SPEEDS
from ginrummy_desktop.gui.table.card_renderer import CardStyle
from ginrummy_desktop.storage.files import plain_os_error
from ginrummy_desktop.storage.stats import StatisticsQueries

if TYPE_CHECKING:
    from ginrummy_desktop.gui.shell.main_window import MainWindow


#: The game of an autosaved state without a ``"game"`` key (states saved before it had one).
UNNAMED_GAME = "gin"


#: Each game's autosave state (its controller's ``snapshot()``) -> how to continue it.
RESTORERS: Mapping[str, Callable[[dict[str, Any]], Restored]] = GameMapping(
    lambda game: game.restore)


def _restore_state(state: dict[str, Any]) -> Restored:
    """Check a saved state: (game, session, how to start it); ``ValueError`` if it cannot be."""
    if not isinstance(state, dict):
        raise ValueError("the saved game is not a match")
    game = state.get("game", UNNAMED_GAME)
    if game not in RESTORERS:
        raise ValueError(f"unknown game {game!r}")
    return RESTORERS[game](state)


class Persistence(QObject):
    """Owns the window's link to a ``Storage``."""

    def __init__(self, window: MainWindow, storage: Any) -> None:
        super().__init__(window)
        self.window = window
        self.storage = storage
        self.jobs = StorageJobs(self)  # the storage thread, shared with the Statistics window
        self.queries = StatisticsQueries(storage)
        self.started_at = datetime.now(UTC)
        self.recorded = False
        self.autosave = None
        try:
            autosave = storage.autosave()
            self.autosave = autosave if autosave.acquire() else None
        except Exception as error:  # noqa: BLE001 - any storage failure becomes a notice
            self.window.notify(tr("The match in progress cannot be saved: {problem}").format(
                problem=plain_os_error(error)))
        self.apply_settings(storage.settings.settings)
        self._unsubscribe = storage.settings.subscribe(
            lambda settings, _changed: self.apply_settings(settings))
        for table in window.tables.values():  # the tables made with the window
            if table.controller is not None:
                self.attach(table.controller)

    # -- settings ----------------------------------------------------------------------

    def apply_settings(self, settings: Any) -> None:
        window = self.window
        window.set_card_style(four_colour=bool(settings.four_colour_deck),
                              back=str(settings.card_back),
                              large_index=settings.card_face == "large-index")
        window.set_auto_sort(bool(settings.auto_sort))
        window.set_confirmations(dict(settings.confirmations))
        window.set_table_colour(str(settings.table_colour))
        window.set_card_size(str(settings.card_size))
        if settings.animation_speed in SPEEDS:
            window.set_speed(str(settings.animation_speed))
        window.set_player_name(str(settings.player_name or YOU))
        window.set_sound(int(settings.sound_volume), bool(settings.sound_muted))

    def restore_geometry(self) -> bool:
        return restore_geometry(self.window, self.storage)

    def save_geometry(self) -> None:
        data = bytes(self.window.saveGeometry().data())
        geometry = dict(self.storage.settings.settings.window_geometry)
        geometry[GEOMETRY_KEY] = base64.b64encode(data).decode()
        self._guard(lambda: self.storage.settings.update(window_geometry=geometry))

    # -- autosave and records ------------------------------------------------------------

    def attach(self, controller: Any) -> None:
        """Autosave after every action of ``controller``'s match; record it when it ends."""
        controller.action_applied.connect(lambda _seat, _action: self.save())
        controller.match_over.connect(self.record_finished)

    def saved_match(self) -> tuple[str, Any, Callable[[MainWindow], None]] | None:
        """The autosaved unfinished match as (game, session, how to start it), or None."""
        if self.autosave is None:
            return None
        try:  # a damaged save is set aside by load(); anything else must not stop the app
            return self.autosave.load(_restore_state)
        except Exception as error:  # noqa: BLE001 - the player starts a new game instead
            self.window.notify(tr("The game in progress could not be resumed: {problem}").format(
                problem=error))
            return None

    def last_finished(self) -> Any:
        """The newest recorded match of this profile (a ``HistoryRow``), or None."""
        history = self._guard(lambda: self.queries.database.history(self.queries.profile,
                                                                     limit=1))
        return history[0] if history else None

    def resume(self, restored: tuple[str, Any, Callable[[MainWindow], None]] | None = None
               ) -> bool:
        """Resume ``restored`` (by default the autosaved match, gin or cribbage), if there is
        one; True when resumed."""
        restored = restored or self.saved_match()
        if restored is None:
            return False
        try:
            _game, _session, start = restored
            start(self.window)
        except Exception as error:  # noqa: BLE001 - the player starts a new game instead
            self.window.notify(tr("The game in progress could not be resumed: {problem}").format(
                problem=error))
            return False
        self.started_at = datetime.now(UTC)
        self.recorded = False
        self.window.status_line().show_message(tr("Resumed your game in progress"), "success")
        return True

    #: Checks a saved state and returns how to start it (the autosave loader's validator).
    _restore_state = staticmethod(lambda state: _restore_state(state))

    def _summary(self, result: str) -> Any:
        """The storage summary of the match on screen."""
        return self.window.controller.summary(self.started_at, result)

    def _current(self) -> Any:
        """The engine session of the match on screen (a GinMatch or a CribbageMatch), or None."""
        return self.window.controller.session

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
        if session.over or self.recorded:  # recorded: finished, or ended by Resign
            self._guard(self.autosave.clear)
        else:
            self._guard(lambda: self.autosave.save(self.window.controller.snapshot()))

    def record_finished(self) -> None:
        session = self._current()
        if session is None or self.recorded:
            return
        result = "win" if self.window.controller.person_won() else "loss"
        self.record_in_background(self._guard(lambda: self._summary(result)))
        self.recorded = True
        if self.autosave is not None:
            self._guard(self.autosave.clear)

    def record_in_background(self, summary: Any) -> None:
        """Store a match summary on the storage thread; the game goes on at once. A failure
        is told to the player; an open Statistics window refreshes when it is stored."""
        if summary is None:
            return

        def record() -> str:
            """Empty once stored, else why not in plain words (here, on the storage thread: the
            failure it sends back is only text, "OSError: [Errno 28] ...", too late for that)."""
            try:
                self.queries.record_match(summary)
            except OSError as error:
                return plain_os_error(error)
            return ""

        def tell(problem: str) -> None:
            if problem:
                self.window.notify(tr("Could not save: {error}").format(error=problem))

        self.jobs.submit(record, tell, tell, writes=True)

    def statistics_window(self, parent: Any = None) -> Any:
        """A Statistics window reading this storage through the storage thread."""
        from ginrummy_desktop.gui.stats.window import StatisticsWindow

        return StatisticsWindow(self.queries, self.jobs, parent)

    def apply_style(self) -> CardStyle:
        return self.window.renderer.style

    def close(self) -> None:
        self.jobs.stop_long_jobs()  # an import stops (storing nothing): quitting never waits
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
            self.window.notify(tr("Could not save: {error}").format(error=plain_os_error(error)))
            return None
