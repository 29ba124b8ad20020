"""The online cribbage table: the offline ``CribbageTable`` and ``CribbageController``, with the
referee's match (``RemoteCribbageMatch``) and a ``RemotePlayer`` in the opponent's seat.

``RemoteCribbageMatch`` answers what the cribbage controller reads of a ``CribbageMatch`` from
the referee's state for this seat: the observation, and the state's ``public`` part for what
the table shows beyond it (the pegs, the calls so far, the shows, the result). Seats keep the
referee's numbers: the controller is told which one is the person's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from PySide6.QtWidgets import QWidget

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cribbage.match import event_from_json
from ginrummy_desktop.engine.cribbage.observation import (
    OVER,
    CribbageObservation,
    Pegs,
    ScoreEvent,
    TableView,
)
from ginrummy_desktop.engine.cribbage.rules import CribbageRules
from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.gui.online.remote_match import MoveSender, RemoteMatch
from ginrummy_desktop.gui.table.seats import RemotePlayer


class RemoteCribbageMatch(RemoteMatch):
    """What ``CribbageController`` reads of a match the referee plays."""

    observation_now: CribbageObservation  # a cribbage table's states (checked below)

    def position_changed(self) -> None:
        assert isinstance(self.observation_now, CribbageObservation)
        self.public: dict[str, Any] = dict(self.state.get("public") or {})

    def public_action(self, kind: str, after: Any) -> Action:
        if kind == "play" and after.played and after.played[-1][0] == self.opponent \
                and after.hand_number == self.observation_now.hand_number:
            return Action(kind, card=after.played[-1][1])
        return Action(kind)  # a discard stays face down; go says no more

    # -- what CribbageController reads ------------------------------------------------------
    @property
    def rules(self) -> CribbageRules:
        return self.observation_now.rules

    @property
    def phase(self) -> str:
        return OVER if self.over else str(self.observation_now.phase)

    @property
    def hand_number(self) -> int:
        return int(self.observation_now.hand_number)

    @property
    def dealer(self) -> int:
        return int(self.observation_now.dealer)

    @property
    def count(self) -> int:
        return int(self.observation_now.count)

    @property
    def scores(self) -> tuple[int, int]:
        return tuple(self.observation_now.scores)  # type: ignore[return-value]

    @property
    def winner(self) -> int | None:
        if self.end_reason not in (None, "finished"):
            return self.referee_winners[0] if len(self.referee_winners) == 1 else None
        winner = self.public.get("winner")
        return None if winner is None else int(winner)

    @property
    def events(self) -> tuple[ScoreEvent, ...]:
        return tuple(event_from_json(e) for e in self.public.get("events", []))

    def outcome(self) -> str | None:
        if self.end_reason not in (None, "finished"):
            return None if self.winner is None else "win"
        return self.public.get("outcome")

    def game_points(self) -> int:
        return int(self.public.get("game_points") or (1 if self.winner is not None else 0))

    def view(self, seat: int) -> TableView:
        o = self.observation_now
        pegs = self.public.get("pegs") or [[o.scores[0], 0], [o.scores[1], 0]]
        # Before the hand's first call, the last calls and shows are the finished hand's.
        last = self.records[-1] if self.records else {}
        events = self.public.get("events") or last.get("events", [])
        shows = self.public.get("shows") or last.get("shows", [])
        return TableView(
            seat=self.me, phase=self.phase, hand=tuple(o.hand),
            opponent_hand_size=o.opponent_cards_left, dealer=o.dealer, crib_owner=o.dealer,
            crib_size=o.crib_size, starter=o.starter, play_area=tuple(o.current),
            count=o.count, go_seat=o.go_seat, scores=tuple(o.scores),  # type: ignore[arg-type]
            pegs=tuple(Pegs(front=int(f), back=int(b)) for f, b in pegs),  # type: ignore[arg-type]
            target=o.target, to_move=self.to_move(),
            legal_actions=self.legal_actions(self.me),
            last_events=tuple(event_from_json(e) for e in events),
            shows=tuple(shows), winner=self.winner,
            commitment=self.commitment, hand_number=o.hand_number)


class CribbageSeatGame:
    """The online cribbage table for the pane (see table_pane.GinSeatGame for the gin one)."""

    game = "cribbage"

    def __init__(self, me: str, speed: str | None, parent: QWidget) -> None:
        from ginrummy_desktop.gui.cribbage.table import CribbageTable
        from ginrummy_desktop.gui.table.animation import DEFAULT_SPEED

        self.me = me
        self.table = CribbageTable(parent, speed=speed or DEFAULT_SPEED, names=(me, tr("Opponent")))
        self.table.rematch_allowed = False
        self.table.key_actions["rematch"].setEnabled(False)
        self.controller = self.table.controller
        self.controller.stop()  # the offline game it opened with is not played
        self.widget: QWidget = self.table
        self.status = self.table.status
        self.view = self.table.view
        self.remote: RemoteCribbageMatch | None = None
        self.player: RemotePlayer | None = None

    def start(self, state: dict[str, Any], opponent: str, send: MoveSender) -> RemoteMatch:
        remote = self.remote = RemoteCribbageMatch(state, send)
        c = self.controller
        names = [opponent, opponent]
        names[remote.me] = self.me
        c.names = (names[0], names[1])
        c.rules = remote.rules
        c.opponent_id = f"online:{opponent}"
        self.player = RemotePlayer(opponent, 1 - remote.me, remote)
        self.table.hints_allowed = not remote.rated
        self.table.key_actions["hint"].setEnabled(not remote.rated)
        c.published.clear()
        c.start(remote, opponent=self.player, human_seat=remote.me)  # type: ignore[arg-type]
        remote.on_resync = self.resynced
        return remote

    def resynced(self) -> None:
        """The referee's position replaced ours (after a reconnect): show it from scratch."""
        if self.remote is not None:
            self.controller.start(self.remote, opponent=self.player,  # type: ignore[arg-type]
                                  human_seat=self.remote.me)

    def remember_commitment(self) -> None:
        if self.remote is not None:
            self.controller.published.setdefault(self.remote.hand_number,
                                                 self.remote.commitment)

    def deal(self, hand_number: int, commitment: str) -> None:
        self.controller.published.setdefault(hand_number, commitment)

    def ended(self) -> None:
        """A match ended before its last hand (resigned, on time, abandoned): the table shows
        the end as the engine's result of the referee's decision."""
        self.controller.stop()
        self.resynced()

    def summary(self, started_at: datetime, result: str) -> Any:
        from ginrummy_desktop.gui.cribbage.summary import game_summary
        assert self.remote is not None
        c = self.controller
        rules = f"{c.rules.describe()} (online, {'rated' if self.remote.rated else 'casual'})"
        return game_summary(self.remote, opponent_id=c.opponent_id,
                            opponent_name=c.names[1 - self.remote.me], rules=rules,
                            started_at=started_at, result=result, human=self.remote.me)

    def stop(self) -> None:
        self.controller.stop()
