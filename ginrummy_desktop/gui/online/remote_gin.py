"""The online gin table drives the offline table's controller: the referee holds the match.

``RemoteGinMatch`` stands where the controller expects a ``GinMatch``: it answers ``view``,
``to_move``, ``hand_records`` and ``over`` from the referee's latest ``state`` for this seat,
renumbered so the person is always seat 0 (the controller's ``HUMAN``) and the opponent seat 1.
``OnlineGinController`` sends the person's moves to the referee instead of applying them, and
plays both seats' moves on the table as the referee's states arrive; no rule is decided here,
the referee's engine decides and its observation's ``legal_actions`` are what may be played.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.gin.hand import GinHand
from ginrummy_desktop.engine.gin.observation import GinObservation, GinView
from ginrummy_desktop.engine.gin.results import HandResult
from ginrummy_desktop.engine.gin.rules import GinRules
from ginrummy_desktop.engine.wire import action_to_wire, observation_from_wire
from ginrummy_desktop.gui.gin.controller import BOT, HUMAN, GinController

MoveSender = Callable[[dict[str, Any], int], None]  # (action JSON, table version)


def local_result(record: dict[str, Any], me: int) -> HandResult:
    """The hand's result with seats renumbered for this person (me -> 0): the record's deck
    and actions are played through the engine again, so the reveal comes from the rules."""
    def seat(s: int) -> int:
        return (s - me) % 2

    rules = GinRules.from_dict(record["rules"])
    deck = [Card.parse(text) for text in record["deck"]]
    seats = tuple(seat(s) for s in record["seats"])
    hand = GinHand.deal(rules, deck, record["salt"], seats, record["hand_number"])  # type: ignore[arg-type]
    for who, kind, card in record.get("actions", []):
        hand.apply(seat(who), Action(kind, None if card is None else Card.parse(card)))
    if hand.result is None:
        raise ValueError("the hand record does not finish the hand")
    return hand.result


class RemoteGinMatch:
    """What the controller reads of a match the referee plays (see the module docstring)."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.me = int(state["seat"])
        self.records: list[dict[str, Any]] = []
        self.last_result: HandResult | None = None
        self.winners: tuple[int, ...] = ()
        self.final_breakdown: tuple[tuple[str, int, int], ...] = ()
        self.finished = False
        self.update(state)

    def _local(self, seat: int | None) -> int | None:
        return None if seat is None else (seat - self.me) % 2

    def update(self, state: dict[str, Any]) -> None:
        observation = observation_from_wire(state["observation"])
        assert isinstance(observation, GinObservation)
        self.observation_now = observation
        self.state = state
        self.seq = int(state["seq"])
        self.commitment = str(state.get("commitment", ""))
        self.finished = self.finished or state.get("status") == "over"

    def add_record(self, record: dict[str, Any]) -> None:
        self.records.append(record)
        self.last_result = local_result(record, self.me)
        if "winners" in record:
            self.winners = tuple(self._local(s) for s in record["winners"])  # type: ignore[misc]
            # As the records number seats (statistics read it with the person's seat).
            self.final_breakdown = tuple((label, s, points)
                                         for label, s, points in record.get("final", []))

    def end(self, winners: list[int]) -> None:
        self.finished = True
        self.winners = tuple(self._local(s) for s in winners)  # type: ignore[misc]

    # -- what GinController reads ---------------------------------------------------------
    @property
    def rules(self) -> GinRules:
        return self.observation_now.rules

    @property
    def over(self) -> bool:
        return self.finished

    def to_move(self) -> int | None:
        return None if self.finished else self._local(self.state.get("to_move"))

    def hand_records(self) -> list[dict[str, Any]]:
        return list(self.records)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        return self.observation_now.legal_actions if seat == HUMAN and not self.finished else ()

    def seat_scores(self) -> tuple[int, ...]:
        """Match scores as the records number seats."""
        return tuple(self.observation_now.scores)

    def snapshot(self) -> dict[str, Any]:
        return {"table": self.state.get("table"), "seq": self.seq}

    def view(self, seat: int = HUMAN) -> GinView:
        o = self.observation_now
        scores = tuple(o.scores[(s + self.me) % 2] for s in (HUMAN, BOT))
        return GinView(
            seat=HUMAN, opponent=BOT, hand=o.hand, opponent_hand_size=o.opponent_hand_size,
            known_opponent_cards=o.known_opponent_cards, discard_pile=o.discard_pile,
            stock_size=o.stock_size, to_move=self.to_move(),
            phase="match_over" if self.finished else o.phase, scores=scores,
            dealer=self._local(o.dealer) or 0, knock_limit=o.knock_limit,
            hand_number=o.hand_number, commitment=self.commitment,
            legal_actions=self.legal_actions(HUMAN), last_result=self.last_result,
            match_over=self.finished, winners=self.winners,
            final_breakdown=tuple((label, self._local(s), points)  # type: ignore[misc]
                                  for label, s, points in self.final_breakdown))


class OnlineGinController(GinController):
    """The offline controller with the referee as the match: see the module docstring."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.send_move: MoveSender | None = None
        self.pending: tuple[Action, set[Card]] | None = None
        self.hints_allowed = True

    def start_remote(self, state: dict[str, Any], opponent_name: str,
                     send_move: MoveSender, rated: bool) -> None:
        self.loop.reset()  # no local seats: the referee plays the match
        self.session = RemoteGinMatch(state)  # type: ignore[assignment]
        self.send_move = send_move
        self.opponent_name = opponent_name
        self.hints_allowed = not rated
        self.setup.practice = False  # no undo online: the referee's moves are final
        rules = self.remote.rules
        self.setup.preset = f"{rules.preset} (online, {'rated' if rated else 'casual'})"
        self.setup.opponent = f"online:{opponent_name}"
        self.undo_used = False
        self._records_seen = 0
        self.reveal = None
        self.pending = None
        self.hand_order = []
        self.drawn = self.locked = self.selected = None
        self._begin_hand(deal=True)

    @property
    def remote(self) -> RemoteGinMatch:
        assert isinstance(self.session, RemoteGinMatch)
        return self.session

    # -- the person's moves go to the referee ---------------------------------------------
    def play(self, action: Action) -> bool:
        if self.session is None or self.reveal is not None:
            return False
        if self.session.over:
            self._refuse("the match is over")
            return False
        if self.pending is not None:
            self._refuse("your last move is on its way to the server: a moment")
            return False
        if self.session.to_move() != HUMAN:
            self._refuse(f"it is not your turn: {self.opponent_name} is to move")
            return False
        if action not in self.view().legal_actions:
            # The referee would refuse it too (same engine): say so without a round trip.
            self._refuse(f"{action.kind.replace('_', ' ')} is not allowed now")
            return False
        assert self.send_move is not None
        self.pending = (action, set(self.view().hand))
        self.send_move(action_to_wire(action), self.remote.seq)
        self.changed.emit()
        return True

    def move_refused(self, reason: str) -> None:
        """The referee refused the move (stale, lost, …): nothing was played."""
        self.pending = None
        self._refuse(reason)
        self.changed.emit()

    def request_hint(self) -> None:
        if not self.hints_allowed:
            self.message.emit("Hints are off in rated games", "warning")
            return
        super().request_hint()

    def _schedule_bot(self) -> None:
        return  # the opponent is a person (or the server's computer) at the referee

    # -- the referee's events -------------------------------------------------------------
    def apply_state(self, state: dict[str, Any]) -> None:
        if self.session is None:
            return
        remote = self.remote
        previous_hand = remote.observation_now.hand_number
        remote.update(state)
        last = state.get("last")
        if self.reveal is not None:
            return  # the next hand is shown when the person closes the end-of-hand panel
        if last is None:
            self.pending = None
            if remote.observation_now.hand_number != previous_hand:
                self._begin_hand(deal=True)
            else:
                self._refresh(animate=False)
            return
        if last["seat"] == remote.me and self.pending is not None:
            action, old_hand = self.pending
            self.pending = None
            self._after_move(HUMAN, action, old_hand)
        elif last["seat"] == remote.me:  # our own move, seen after a reconnect
            self._refresh(animate=False)
        else:
            self._after_move(BOT, Action(last["kind"]), set())
        self.action_applied.emit(HUMAN if last["seat"] == remote.me else BOT,
                                 Action(last["kind"]))

    def apply_hand_end(self, record: dict[str, Any]) -> None:
        if self.session is not None:
            self.remote.add_record(record)

    def apply_match_end(self, payload: dict[str, Any]) -> None:
        if self.session is None:
            return
        self.remote.end(list(payload.get("winners", [])))
        if self.reveal is None and payload.get("reason") != "finished":
            self.changed.emit()
