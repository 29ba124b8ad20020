"""What a Gin Rummy seat may know: the bot observation and the GUI's table view.

Both are built afresh for each call from immutable values (tuples, cards, actions, events) and
a copy of the rules, so an agent that rewrites what it was given changes nothing the engine uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.gin.results import HandResult
from ginrummy_desktop.engine.gin.rules import GinRules


class _HistoryFields(NamedTuple):
    seat: int
    kind: str  # upcard, pass, draw_stock, draw_discard, discard, knock, gin, big_gin
    card: Card | None


class HistoryEvent(_HistoryFields):
    """One public event of the hand. ``card`` is None where it is hidden from this seat.

    Immutable for real (a tuple underneath, its class fixed): the engine keeps these to build
    later observations, so no agent may rewrite one.
    """

    __slots__ = ()
    __class__ = property(type, doc="Always HistoryEvent.")


@dataclass(frozen=True, slots=True)
class GinObservation:
    """Everything one seat may know when it must decide. Never holds hidden information."""

    seat: int
    dealer: int  # the seat dealing this hand (with three players: the one playing second)
    phase: str  # first_upcard, dealer_upcard, draw, discard, last_discard
    hand: tuple[Card, ...]
    discard_pile: tuple[Card, ...]  # top card last
    stock_size: int
    knock_limit: int
    scores: tuple[int, ...]  # match scores by seat (partners share their team's score)
    rules: GinRules
    legal_actions: tuple[Action, ...]
    history: tuple[HistoryEvent, ...]
    opponent: int  # the seat playing against this one in this hand
    hand_number: int  # 0-based count of hands dealt in the match (dead hands included)
    turn: int  # 1-based turn count of this seat in this hand
    known_opponent_cards: tuple[Card, ...]  # taken from the pile and not discarded since
    opponent_hand_size: int
    num_players: int
    partner: int | None = None  # partnership games only
    upcard: Card | None = None  # the hand's original upcard (None when dealing eleven)


@dataclass(frozen=True, slots=True)
class GinView:
    """The public table as ``seat`` sees it, for drawing. Hidden cards appear only as counts."""

    seat: int
    opponent: int | None  # None when this seat sits out the hand (three players)
    hand: tuple[Card, ...]
    opponent_hand_size: int
    known_opponent_cards: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    stock_size: int
    to_move: int | None
    phase: str
    scores: tuple[int, ...]
    dealer: int
    knock_limit: int
    hand_number: int
    commitment: str
    legal_actions: tuple[Action, ...]  # this seat's, empty when it is not its turn
    last_result: HandResult | None
    match_over: bool
    winners: tuple[int, ...]
    final_breakdown: tuple[tuple[str, int, int], ...]  # (label, seat, points) when over
    hollywood_scores: tuple[tuple[int, ...], ...] = ()  # per game, per seat (hollywood)
    sitting_out: tuple[int, ...] = ()  # seats not in this hand (the dealer with three players)
    boxes: tuple[int, ...] = ()  # hands won so far by seat (partners share their team's boxes)
    # The two seats playing this hand (first player, then the dealer), how many cards each
    # holds and the cards each took from the pile (public): what a seat sitting out watches.
    in_hand: tuple[int, ...] = ()
    hand_sizes: tuple[int, ...] = ()
    known_cards: tuple[tuple[Card, ...], ...] = ()
