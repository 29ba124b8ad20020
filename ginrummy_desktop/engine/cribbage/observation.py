"""What one seat may see: the agents' observation, scoring events and the GUI's table view."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card, format_cards
from ginrummy_desktop.engine.cribbage.rules import CribbageRules
from ginrummy_desktop.engine.cribbage.scoring import (
    CHOSEN,
    ENGLISH,
    ScoreItem,
    item_words,
    spoken,
)

DISCARD, PLAY, OVER = "discard", "play", "over"
# With the muggins option the show is played too: a seat counts, then the other may claim.
COUNT, MUGGINS = "count", "muggins"
# With the player_cuts option the players cut the pack: both for the deal (before the first
# hand of a game), the pone for the starter (after the discards). See ``cribbage.cuts``.
DEAL_CUT, STARTER_CUT = "deal_cut", "starter_cut"
CUT_PHASES = (DEAL_CUT, STARTER_CUT)


@dataclass(frozen=True, slots=True)
class ScoreEvent:
    """Points pegged at one moment: ``kind`` is ``heels``, ``play`` (a card's points), ``go``,
    ``last card``, ``hand``, ``crib`` or ``muggins`` (points the other player missed in the
    show); ``items`` itemize them; ``words`` is what is said, in English as records keep it
    (``text`` says it in the chosen language)."""

    seat: int
    kind: str
    points: int
    items: tuple[ScoreItem, ...]
    words: str
    score_after: int

    @property
    def text(self) -> str:
        """``words`` in the chosen language (the same words in English), for the table."""
        return event_words(self.kind, self.points, self.items,
                           counted=self.words == COUNTED_NOTHING)

    def to_json(self) -> dict:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "points": self.points,
            "items": [item.to_json() for item in self.items],
            "words": self.words,
            "score_after": self.score_after,
        }


#: What a player who counted none of a scoring hand's points is said to have done (muggins).
COUNTED_NOTHING = ENGLISH.tr("counted nothing")
# Points a player on the stinkhole cannot peg out with (they are void).
_VOIDABLE = ("heels", "go", "last card")


def event_words(kind: str, points: int, items: tuple[ScoreItem, ...], lang: Any = CHOSEN,
                counted: bool = False) -> str:
    """What is said when ``items`` are pegged as a ``ScoreEvent`` of ``kind`` worth ``points``
    (0 for points made void on the stinkhole): ``"Fifteen for 2 and Pair for 2"``, a show's
    count, ``"counted 6"``, ``"Muggins! 2 missed points taken"``. ``counted``: a player counted
    a hand or crib as nothing (in the muggins show). ``lang`` is the chosen language, or
    ``ENGLISH`` for the words records keep."""
    if kind == "muggins":
        missed = sum(item.points for item in items)
        return lang.tr_n("Muggins! {count} missed point taken",
                         "Muggins! {count} missed points taken", missed).format(count=missed)
    if kind in ("hand", "crib"):
        if items and items[0].kind == "claimed":
            return lang.tr("counted {points}").format(points=items[0].points)
        if counted and not items:
            return lang.tr("counted nothing")
        return spoken(items, lang)
    words = ""
    for item in items:
        said = item_words(item, lang)
        words = said if not words else lang.tr("{first} and {then}").format(first=words,
                                                                           then=said)
    if kind in _VOIDABLE and points == 0 and any(item.points for item in items):
        words = lang.tr("{words} (void: no pegging out from the stinkhole this way)").format(
            words=words)
    return words


@dataclass(frozen=True, slots=True)
class CribbageObservation:
    """Everything ``seat`` may know when it must decide, and nothing else.

    ``hand`` is the seat's cards not yet played (six before the discard). ``played`` lists every
    card played this hand as ``(seat, card)``; ``current`` only those on the current count.
    ``go_seat`` is the seat that said go on this count (or None). ``history`` is the public
    sequence of the play as ``(seat, "play" or "go", card or None)``.

    With the muggins option, in the ``count`` and ``muggins`` phases ``show_seat`` is the seat
    whose hand (or crib, ``show_is_crib``) is on show, ``show_cards`` its four cards (the
    starter is ``starter``) and, in the ``muggins`` phase, ``claimed`` what that seat counted.

    With the player_cuts option, in the ``deal_cut`` and ``starter_cut`` phases ``pack_size``
    is the number of cards in the pack to cut (the legal actions are its ``cut`` depths) and
    ``deal_cuts`` the cards already cut face up in this round of the cut for the deal, as
    ``(seat, card)``.

    The hand before this one, as the table saw it (empty in the first hand): ``last_history``
    its play as ``history`` gives it (every kept card is played, so the opponent's four are in
    it), ``last_starter`` its starter, ``last_crib`` its crib (shown to both at the show; empty
    when the game ended before) and ``last_own_discards`` the two cards this seat laid away.
    """

    seat: int
    legal_actions: tuple[Action, ...]
    phase: str
    hand: tuple[Card, ...]
    dealer: int
    scores: tuple[int, int]
    target: int
    starter: Card | None
    count: int
    current: tuple[tuple[int, Card], ...]
    played: tuple[tuple[int, Card], ...]
    go_seat: int | None
    own_discards: tuple[Card, ...]
    opponent_cards_left: int
    crib_size: int
    hand_number: int
    rules: CribbageRules
    history: tuple[tuple[int, str, Card | None], ...] = ()
    show_seat: int | None = None
    show_cards: tuple[Card, ...] = ()
    show_is_crib: bool = False
    claimed: int | None = None
    pack_size: int = 0
    deal_cuts: tuple[tuple[int, Card], ...] = ()
    last_history: tuple[tuple[int, str, Card | None], ...] = ()
    last_starter: Card | None = None
    last_crib: tuple[Card, ...] = ()
    last_own_discards: tuple[Card, ...] = ()

    @property
    def is_dealer(self) -> bool:
        return self.seat == self.dealer

    @property
    def kept(self) -> tuple[Card, ...]:
        """The seat's four kept cards (played or not) once it has discarded."""
        mine = tuple(card for who, card in self.played if who == self.seat)
        return mine + self.hand

    @property
    def opponent_played(self) -> tuple[Card, ...]:
        return tuple(card for who, card in self.played if who != self.seat)


@dataclass(frozen=True, slots=True)
class Pegs:
    """Leapfrog pegging: the front peg is the score, the back peg the score before the last peg."""

    front: int
    back: int


@dataclass(frozen=True, slots=True)
class TableView:
    """The table as ``seat`` sees it, for the GUI (never contains hidden cards)."""

    seat: int
    phase: str
    hand: tuple[Card, ...]
    opponent_hand_size: int
    dealer: int
    crib_owner: int
    crib_size: int
    starter: Card | None
    play_area: tuple[tuple[int, Card], ...]
    count: int
    go_seat: int | None
    scores: tuple[int, int]
    pegs: tuple[Pegs, Pegs]
    target: int
    to_move: int | None
    legal_actions: tuple[Action, ...]
    last_events: tuple[ScoreEvent, ...]
    shows: tuple[dict, ...]
    winner: int | None
    commitment: str
    hand_number: int
    # The cuts (player_cuts option): the pack being cut now (0 when none), every round of the
    # cut for the deal so far as (seat 0's card, seat 1's card or None), the pone's starter cut
    # depth this hand (None before it or without the option), and the cut pack's commitment.
    pack_size: int = 0
    deal_cuts: tuple[tuple[Card, Card | None], ...] = ()
    starter_cut: int | None = None
    cut_commitment: str = ""

    def describe(self) -> str:
        """One line for logs and debugging."""
        area = " ".join(f"{card}" for _, card in self.play_area)
        return (
            f"hand {self.hand_number} {self.phase}: you {format_cards(self.hand)} | "
            f"count {self.count} [{area}] | scores {self.scores[0]}-{self.scores[1]}"
        )


__all__ = [
    "COUNT",
    "CUT_PHASES",
    "DEAL_CUT",
    "DISCARD",
    "MUGGINS",
    "OVER",
    "PLAY",
    "STARTER_CUT",
    "CribbageObservation",
    "CribbageRules",
    "Pegs",
    "ScoreEvent",
    "TableView",
]
