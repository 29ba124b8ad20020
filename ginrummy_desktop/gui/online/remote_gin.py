"""The online gin match as the gin controller reads a session: ``RemoteGinMatch`` answers
``view``, ``to_move``, ``hand_records`` and ``over`` from the referee's states for this seat,
renumbered so the person is always seat 0 (the controller's ``HUMAN``) and the opponent seat 1.
The ordering of moves and the person's submissions are ``RemoteMatch``'s (remote_match.py);
the same ``GinController`` and ``TurnLoop`` as offline drive it, with a ``RemotePlayer`` in the
opponent's seat. No rule is decided here: the referee's engine decides, and its observation's
``legal_actions`` are what may be played.
"""

from __future__ import annotations

from typing import Any

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.gin.hand import GinHand
from ginrummy_desktop.engine.gin.observation import GinObservation, GinView
from ginrummy_desktop.engine.gin.results import HandResult
from ginrummy_desktop.engine.gin.rules import GinRules
from ginrummy_desktop.gui.gin.controller import BOT, HUMAN
from ginrummy_desktop.gui.online.remote_match import MoveSender, RemoteMatch

__all__ = ["MoveSender", "RemoteGinMatch", "local_result"]


def local_result(record: dict[str, Any], me: int) -> HandResult:
    """The hand's result with seats renumbered for this person (me -> 0): the record's deck
    and actions are played through the engine again, so the reveal comes from the rules."""
    def seat(s: int) -> int:
        return (s - me) % 2

    rules = GinRules.from_dict(record["rules"])
    deck = [Card.parse(text) for text in record["deck"]]
    seats = tuple(seat(s) for s in record["seats"])
    hand = GinHand.deal(rules, deck, record["salt"], seats, record["hand_number"])
    for who, kind, card in record.get("actions", []):
        hand.apply(seat(who), Action(kind, None if card is None else Card.parse(card)))
    if hand.result is None:
        raise ValueError("the hand record does not finish the hand")
    return hand.result


class RemoteGinMatch(RemoteMatch):
    """What the gin controller reads of a match the referee plays (see the module docstring)."""

    observation_now: GinObservation  # a gin table's states hold gin observations (checked below)

    def __init__(self, state: dict[str, Any], send: MoveSender) -> None:
        self.last_result: HandResult | None = None
        self.record_winners: tuple[int, ...] = ()
        self.final_breakdown: tuple[tuple[str, int, int], ...] = ()
        super().__init__(state, send)

    def local(self, seat: int | None) -> int | None:
        return None if seat is None else (seat - self.me) % 2

    def referee_seat(self, local: int) -> int:
        return (local + self.me) % 2

    def position_changed(self) -> None:
        assert isinstance(self.observation_now, GinObservation)

    def record_added(self, record: dict[str, Any]) -> None:
        self.last_result = local_result(record, self.me)
        if "winners" in record:
            self.record_winners = tuple(self.local(s) for s in record["winners"])  # type: ignore[misc]
            # As the records number seats (statistics read it with the person's seat).
            self.final_breakdown = tuple((label, s, points)
                                         for label, s, points in record.get("final", []))

    def public_action(self, kind: str, after: Any) -> Action:
        if kind == "discard" and after.discard_pile:
            return Action(kind, after.discard_pile[-1])
        return Action(kind)

    # -- what GinController reads ---------------------------------------------------------
    @property
    def winners(self) -> tuple[int, ...]:
        if self.end_reason not in (None, "finished"):
            return tuple(self.local(s) for s in self.referee_winners)  # type: ignore[misc]
        return self.record_winners if self.over else ()

    @property
    def rules(self) -> GinRules:
        return self.observation_now.rules

    def seat_scores(self) -> tuple[int, ...]:
        """Match scores as the records number seats."""
        return tuple(self.observation_now.scores)

    def view(self, seat: int = HUMAN) -> GinView:
        o = self.observation_now
        scores = tuple(o.scores[(s + self.me) % 2] for s in (HUMAN, BOT))
        over = self.over
        return GinView(
            seat=HUMAN, opponent=BOT, hand=o.hand, opponent_hand_size=o.opponent_hand_size,
            known_opponent_cards=o.known_opponent_cards, discard_pile=o.discard_pile,
            stock_size=o.stock_size, to_move=self.to_move(),
            phase="match_over" if over else o.phase, scores=scores,
            dealer=self.local(o.dealer) or 0, knock_limit=o.knock_limit,
            hand_number=o.hand_number, commitment=self.commitment,
            legal_actions=self.legal_actions(HUMAN), last_result=self.last_result,
            match_over=over, winners=self.winners,
            final_breakdown=tuple((label, self.local(s), points)  # type: ignore[misc]
                                  for label, s, points in self.final_breakdown))
