"""A match the referee plays, as the table's controller sees a session: the client side's
stand-in for the engine match. The referee stays the only authority; this object only orders
what it says.

The referee's ``state`` events arrive in order. Each one that follows a move (``last``) waits in
a queue until the table takes it:
- the local person's move (``submit``) is checked against the observation's legal actions (the
  referee's own engine made them), sent, and applied when the referee's state for it arrives;
- the remote person's move is handed to their ``RemotePlayer`` when the turn loop asks that
  seat (``next_move``), and becomes the position when the loop applies it (``apply``), so each
  move is shown in turn, after the one before has landed.
A state without a move (a resync, the version bump of an away/back) replaces the position at
once and tells the controller through ``on_resync``. Hand records (``hand_end``) belong to the
state that follows them, so a hand's result shows when its last move is applied.

Subclasses (gin, cribbage) turn the current observation into what their controller reads.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.engine.wire import action_to_wire, observation_from_wire
from ginrummy_desktop.engine.wording import action_text

MoveSender = Callable[[dict[str, Any], int], None]  # (action JSON, table version)


@dataclass
class _Step:
    state: dict[str, Any]
    records: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class RemoteSeatView:
    """What the turn loop may know of the remote seat: the one move the referee confirmed."""

    legal_actions: tuple[Action, ...]


class RemoteMatch:
    """See the module docstring. ``me`` is this person's seat at the referee."""

    def __init__(self, state: dict[str, Any], send: MoveSender) -> None:
        self.me = int(state["seat"])
        self.send = send
        self.records: list[dict[str, Any]] = []
        self.table_id = str(state["table"])
        self.rated = bool(state.get("rated"))
        self.players = list(state.get("players", []))
        self.end_reason: str | None = None
        self.referee_winners: tuple[int, ...] = ()  # seats as the referee numbers them
        self.on_resync: Callable[[], None] | None = None
        self._queue: deque[_Step] = deque()
        self._waiting_records: list[dict[str, Any]] = []
        self._submitted: tuple[Action, Callable[[], None], Callable[[str], None]] | None = None
        self._asked: dict[int, Callable[[Action], None]] = {}
        self._use(state)

    # -- seats ------------------------------------------------------------------------------
    def local(self, seat: int | None) -> int | None:
        """The controller's number for a referee seat (gin renumbers: the person is 0)."""
        return seat

    def referee_seat(self, local: int) -> int:
        return local

    @property
    def human(self) -> int:
        return int(self.local(self.me))  # type: ignore[arg-type]

    @property
    def opponent(self) -> int:
        return 1 - self.human

    # -- the session the turn loop drives -----------------------------------------------------
    @property
    def over(self) -> bool:
        return self.end_reason not in (None, "finished") or self.status == "over"

    def to_move(self) -> int | None:
        return None if self.over else self.local(self.state.get("to_move"))

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat == self.human and not self.over:
            return tuple(self.observation_now.legal_actions)
        return ()

    def observation(self, seat: int) -> Any:
        if seat == self.human:
            return self.observation_now
        step = self._queue[0] if self._queue else None
        action = self._remote_action(step) if step is not None else None
        return RemoteSeatView((action,) if action is not None else ())

    def hand_records(self) -> list[dict[str, Any]]:
        return list(self.records)

    def snapshot(self) -> dict[str, Any]:
        return {"table": self.table_id, "seq": self.seq}

    def submit(self, seat: int, action: Action, confirmed: Callable[[], None],
               refused: Callable[[str], None]) -> None:
        """Send the local person's move (checked first, as the referee's engine will)."""
        if self.over:
            raise IllegalActionError(tr("the match is over"))
        if seat != self.human or self.to_move() != self.human or self._queue:
            raise IllegalActionError(tr("it is not your turn"))
        if action not in self.observation_now.legal_actions:
            raise IllegalActionError(
                tr("{action} is not allowed now").format(action=action_text(action)))
        self._submitted = (action, confirmed, refused)
        self.send(action_to_wire(action), self.seq)

    def apply(self, seat: int, action: Action) -> None:
        """The loop applies the remote seat's move: the referee's state for it takes over."""
        step = self._queue[0] if self._queue else None
        if step is None or seat != self.opponent or self._remote_action(step) != action:
            raise IllegalActionError(tr("the referee has not confirmed that move"))
        self._queue.popleft()
        self._take(step)

    # -- RemotePlayer's feed --------------------------------------------------------------------
    def next_move(self, seat: int, reply: Callable[[Action], None]) -> None:
        self._asked[seat] = reply
        self._offer()

    def forget(self, seat: int) -> None:
        self._asked.pop(seat, None)

    def _offer(self) -> None:
        step = self._queue[0] if self._queue else None
        if step is None or self._mover(step) != self.opponent:
            return
        reply = self._asked.pop(self.opponent, None)
        if reply is not None:
            action = self._remote_action(step)
            assert action is not None
            reply(action)

    # -- the referee's events -------------------------------------------------------------------
    @property
    def pending(self) -> bool:
        """True while the person's move waits for the referee."""
        return self._submitted is not None

    def receive_state(self, state: dict[str, Any]) -> None:
        step = _Step(state, self._waiting_records)
        self._waiting_records = []
        last = state.get("last")
        if last is None or (int(last["seat"]) == self.me and self._submitted is None
                            and not self._queue):
            self._resync(step)
            return
        self._queue.append(step)
        self._advance()

    def receive_record(self, record: dict[str, Any]) -> None:
        self._waiting_records.append(record)

    def refused(self, reason: str) -> None:
        """The referee refused the person's move (stale, lost…): nothing was played."""
        submitted, self._submitted = self._submitted, None
        if submitted is not None:
            submitted[2](reason)

    def end(self, winners: list[int], reason: str) -> None:
        """``match_end``: a finished match ends with its last state; any other ending (resign,
        time, abandoned) ends it now, whatever is still on its way to the table."""
        self.referee_winners = tuple(winners)
        self.end_reason = reason
        if reason != "finished":
            self._submitted = None
            while self._queue:
                self._take(self._queue.popleft())

    # -- internals ------------------------------------------------------------------------------
    def _mover(self, step: _Step) -> int | None:
        last = step.state.get("last")
        return None if last is None else self.local(int(last["seat"]))

    def _remote_action(self, step: _Step) -> Action | None:
        if self._mover(step) != self.opponent:
            return None
        observation = observation_from_wire(step.state["observation"])
        return self.public_action(str(step.state["last"]["kind"]), observation)

    def public_action(self, kind: str, after: Any) -> Action:
        """The remote seat's move as far as this seat may know it (the referee names only the
        kind; a card shown face up is read from the position after it)."""
        return Action(kind)

    def _advance(self) -> None:
        """Take the person's confirmed move at the head; offer the remote seat's to its player."""
        while self._queue and self._mover(self._queue[0]) == self.human:
            step = self._queue.popleft()
            self._take(step)
            submitted, self._submitted = self._submitted, None
            if submitted is not None:
                submitted[1]()
            elif self.on_resync is not None:  # our own move seen after a reconnect
                self.on_resync()
        self._offer()

    def _resync(self, step: _Step) -> None:
        if self._queue and step.state["observation"] == self._queue[-1].state["observation"]:
            self._queue[-1].state["seq"] = step.state["seq"]  # a version bump: same position
            self._queue[-1].records += step.records
            return
        same = step.state["observation"] == self.state["observation"] and not step.records
        self._queue.clear()
        if self._submitted is not None and same:
            self._take(step)  # the move is still on its way: only the version moved
            return
        self._submitted = None
        self._take(step)
        if not same and self.on_resync is not None:
            self.on_resync()

    def _take(self, step: _Step) -> None:
        self.records += step.records
        for record in step.records:
            self.record_added(record)
        self._use(step.state)

    def _use(self, state: dict[str, Any]) -> None:
        self.state = state
        self.seq = int(state["seq"])
        self.status = str(state.get("status", "playing"))
        self.commitment = str(state.get("commitment", ""))
        self.observation_now = observation_from_wire(state["observation"])
        self.position_changed()

    def record_added(self, record: dict[str, Any]) -> None:
        """A finished hand's record became part of the position (subclasses read it)."""

    def position_changed(self) -> None:
        """The current state changed (subclasses refresh what they derive from it)."""
