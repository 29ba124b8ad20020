"""What the cribbage table shows at one moment: a plain value the controller hands the table.

The controller derives it from the engine's view of the human seat plus where the presentation
is (a show being counted, a count just reset); the table only draws it. Nothing here decides a
rule: ``playable`` and ``can_send`` come from the engine's legal actions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.cribbage.scoring import ScoreItem

STAGE_DISCARD = "discard"
STAGE_PLAY = "play"
STAGE_SHOW = "show"
STAGE_OVER = "over"


@dataclass(frozen=True)
class ShowStep:
    """One hand or the crib counted in the show, with the engine's itemization and words."""

    seat: int
    what: str  # "hand" or "crib"
    cards: tuple[Card, ...]
    items: tuple[ScoreItem, ...]
    total: int
    spoken: str


@dataclass(frozen=True)
class GameResult:
    winner: int
    outcome: str  # "win", "skunk" or "double skunk"
    scores: tuple[int, int]
    game_points: int


@dataclass(frozen=True)
class CribbageDisplay:
    """Everything the table draws; card tuples are in the order they are laid out."""

    stage: str = STAGE_DISCARD
    names: tuple[str, str] = ("You", "Computer")
    dealer: int = 0
    hand: tuple[Card, ...] = ()
    pending: tuple[Card, ...] = ()  # chosen for the crib, not yet sent
    opponent_hidden: int = 0
    opponent_shown: tuple[Card, ...] = ()
    crib_hidden: int = 0
    crib_shown: tuple[Card, ...] = ()
    starter: Card | None = None
    deck_visible: bool = True
    play: tuple[tuple[int, Card], ...] = ()
    count: int = 0
    count_note: str = ""
    piles: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    show_cards: tuple[Card, ...] = ()  # the group being counted, starter last
    show_title: str = ""
    spoken: str = ""
    highlighted: frozenset[Card] = field(default_factory=frozenset)
    your_turn: bool = False
    playable: frozenset[Card] = field(default_factory=frozenset)
    can_send: bool = False
    continue_label: str = ""  # empty hides the Continue button
    ask_count: bool = False  # manual counting: the person enters the show's points
    result: GameResult | None = None
    hint_title: str = ""
    hint_lines: tuple[tuple[str, str, bool], ...] = ()
    hint_cards: frozenset[Card] = field(default_factory=frozenset)
    focus: Card | None = None  # the hand card the arrow keys point at
    verifiable: bool = False  # a finished deal is on show: "Verify deal" can check it
