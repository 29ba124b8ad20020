"""What the cribbage table shows at one moment: a plain value the controller hands the table.

The controller derives it from the engine's view of the human seat plus where the presentation
is (a show being counted, a count just reset); the table only draws it. Nothing here decides a
rule: ``playable`` and ``can_send`` come from the engine's legal actions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.cribbage.scoring import ScoreItem
from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.engine.wording import YOU

STAGE_DISCARD = "discard"
STAGE_PLAY = "play"
STAGE_SHOW = "show"
STAGE_OVER = "over"
STAGE_CUT = "cut"  # the pack is spread for a cut (the deal's or the starter's)


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
    names: tuple[str, str] = field(default_factory=lambda: (YOU, tr("Computer")))
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
    # The cuts: the spread pack's size (0: none spread), whether it is the cut for the deal,
    # the depths the engine allows (first, last; the others are dimmed), the depth the arrow
    # keys point at, the cards cut for the deal as (seat, depth, card), and the depth the
    # starter was just cut at (it flies from there to the deck).
    cut_pack: int = 0
    cut_for_deal: bool = False
    cut_depths: tuple[int, int] = (0, -1)
    cut_focus: int | None = None
    cut_cards: tuple[tuple[int, int, Card], ...] = ()
    starter_from: int | None = None
    cut_commitment: str = ""  # the fair-deal commitment of the pack being cut (its tooltip)
