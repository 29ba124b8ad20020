"""The one turn loop both tables share: whose turn, ask that seat's player, apply, pace.

The loop asks the engine session (``engine.protocol.MatchSession``) whose decision is due and
asks that seat's ``Player`` for it. Answers come back on the GUI thread; an answer for a
position the game has left (undo, new match: ``reset`` bumps the ticket) is dropped. Every
action goes through ``session.apply``. A player that fails — raises, gives no answer within its
time limit, or returns an action the engine refuses — is handled one way: its first legal move
is played and ``failed`` says so (the controller shows it in the status line).

Between decisions the loop waits until the table is still (``wait_still``, the game's
animations) and then one pause, ``TURN_PAUSE_MS`` scaled by the speed setting ("instant": no
pause, but the answer still arrives through the event loop).

A session may be remote (online play: ``submit`` instead of ``apply`` for the local person).
Then ``play`` sends the local person's move and returns; the controller's continuation runs
when the referee confirms it, and ``refused`` reports a move the referee turned down (nothing
was played). Offline the continuation runs at once, so one controller serves both.

The game's controller supplies two hooks: ``ready()`` says whether the table may take the next
decision now (not while a hand's result is on show, say) and ``present(seat, action)`` shows an
action the loop applied.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QDeadlineTimer, QEventLoop, QObject, QTimer, Signal

from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.engine.wording import action_text
from ginrummy_desktop.gui.table.seats import Player

#: Pause before a non-local player's decision, at "normal" speed (scaled by the speed setting).
TURN_PAUSE_MS = 500


class TurnLoop(QObject):
    """Drives one session's seats; see the module docstring."""

    failed = Signal(int, str)  # seat, what went wrong and what was played instead
    refused = Signal(int, str)  # seat, why the referee refused the local person's move
    thinking_changed = Signal(bool)

    def __init__(self, *, ready: Callable[[], bool], present: Callable[[int, Action], None],
                 wait_still: Callable[[Callable[[], None]], None],
                 scaled: Callable[[int], int], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ready = ready
        self._present = present
        self._wait_still = wait_still
        self._scaled = scaled
        self.session: Any = None
        self.seats: dict[int, Player] = {}
        self._ticket = 0
        self._pending = False
        self._submitting = False

    # -- lifecycle ---------------------------------------------------------------------------

    def attach(self, session: Any, seats: dict[int, Player]) -> None:
        """Drive ``session`` with ``seats`` from now on (the previous one is forgotten)."""
        self.reset()
        self.session = session
        self.seats = dict(seats)

    def reset(self) -> None:
        """Forget the decision being waited for: its answer will be ignored."""
        self._ticket += 1
        self._submitting = False
        for player in self.seats.values():
            player.cancel()
        self._set_pending(False)

    @property
    def thinking(self) -> bool:
        """True while a non-local player's decision is scheduled or awaited."""
        return self._pending

    def waiting_for(self) -> int | None:
        """The seat whose decision is due (None when the match is over)."""
        if self.session is None or self.session.over:
            return None
        return self.session.to_move()

    # -- the local person --------------------------------------------------------------------

    @property
    def submitting(self) -> bool:
        """True while the local person's move is on its way to the referee (online)."""
        return self._submitting

    def play(self, seat: int, action: Action, then: Callable[[], None] | None = None) -> None:
        """Apply the local person's action, then call ``then`` (the controller's presentation).
        ``IllegalActionError`` (state unchanged) propagates so the table can show the reason and
        spring the card back. A remote session checks the move as the engine would, sends it,
        and ``then`` runs when the referee confirms it."""
        submit = getattr(self.session, "submit", None)
        if submit is None:
            self.session.apply(seat, action)
            if then is not None:
                then()
            return
        if self._submitting:
            raise IllegalActionError(tr("your last move is on its way to the server: a moment"))
        ticket = self._ticket

        def confirmed() -> None:
            if ticket == self._ticket:
                self._submitting = False
                if then is not None:
                    then()

        def refused(reason: str) -> None:
            if ticket == self._ticket:
                self._submitting = False
                self.refused.emit(seat, reason)

        self._submitting = True
        try:
            submit(seat, action, confirmed, refused)  # IllegalActionError before sending
        except Exception:
            self._submitting = False
            raise

    # -- other players -----------------------------------------------------------------------

    def kick(self) -> None:
        """Ask the next non-local player, once the table is still (no-op if none is due)."""
        seat = self.waiting_for()
        if seat is None or self._pending or not self._ready():
            return
        player = self.seats.get(seat)
        if player is None or player.local:
            return
        ticket = self._ticket
        self._set_pending(True)
        self._wait_still(lambda: QTimer.singleShot(self._scaled(TURN_PAUSE_MS), self,
                                                   lambda: self._ask(ticket, seat)))

    def _ask(self, ticket: int, seat: int) -> None:
        if ticket != self._ticket:
            return
        if self.waiting_for() != seat or not self._ready():
            self._set_pending(False)
            return
        observation = self.session.observation(seat)
        self.seats[seat].request(
            observation,
            lambda action: self._answered(ticket, seat, action, ""),
            lambda reason: self._answered(ticket, seat, None, reason or tr("failed")))

    def _answered(self, ticket: int, seat: int, action: Action | None, reason: str) -> None:
        if ticket != self._ticket:
            return  # an answer for a position the game has left
        self._set_pending(False)
        if self.waiting_for() != seat:
            return
        legal = list(self.session.observation(seat).legal_actions)
        if not reason and action not in legal:
            reason = tr("returned an illegal action ({action})").format(
                action=action_text(action))
        if not reason:
            try:
                self.session.apply(seat, action)
            except IllegalActionError as error:  # legal_actions and apply disagree: same policy
                reason = tr("returned an illegal action ({action}: {error})").format(
                    action=action_text(action), error=error)
        if reason:
            action = legal[0]
            self.session.apply(seat, action)
        assert action is not None
        self._present(seat, action)
        if reason:
            name = self.seats[seat].name
            self.failed.emit(seat, tr("{name} failed to move ({reason}); its first legal move "
                                      "was played instead: {action}").format(
                name=name, reason=reason, action=action_text(action)))
        self.kick()

    def _set_pending(self, pending: bool) -> None:
        if pending != self._pending:
            self._pending = pending
            self.thinking_changed.emit(pending)

    # -- tools and tests ---------------------------------------------------------------------

    def settle(self, timeout_ms: int = 20_000) -> bool:
        """Run the event loop until no non-local decision is pending (screenshots, scripts).

        Returns False if the time ran out first."""
        deadline = QDeadlineTimer(timeout_ms)
        events = QEventLoop()
        wake = QTimer(events)
        wake.start(50)  # WaitForMoreEvents returns at least this often to check the deadline
        while self._pending and not deadline.hasExpired():
            events.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
        return not self._pending
