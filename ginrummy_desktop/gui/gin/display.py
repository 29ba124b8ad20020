"""What the gin table shows at one moment: a plain value the controller hands the table.

The controller builds a ``GinTableModel`` from the engine's view of the person's seat (or, at
the end of a hand, from the hand result: ``RevealedRow``); the table only lays it out and draws
it. The words the table writes from it (the stock's tooltip, a meld's label, a card, a name)
are here too, and the seats as the table places them: the person (``HUMAN``, seat 0 in every
format) at the bottom, the first computer player (``BOT``) at the top.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ginrummy_desktop.engine import cards
from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.translation import mark, tr, tr_ctx, tr_n
from ginrummy_desktop.engine.wording import shown_name  # noqa: F401 - the table's name labels

HUMAN = 0  # the person's seat, in every format
BOT = 1  # the first computer seat (the only one in two-player gin)
DRAW_KINDS = ("draw_stock", "draw_discard")
OUT_KINDS = ("knock", "gin", "big_gin")


@dataclass(frozen=True)
class RevealedRow:
    """One player's cards at the end of a hand, grouped for display."""

    groups: tuple[tuple[Card, ...], ...]  # melds (knocker: with lay-offs appended), then deadwood
    meld_count: int  # the first ``meld_count`` groups are melds
    laid_off: frozenset[Card] = frozenset()
    labels: tuple[str, ...] = ()


@dataclass(frozen=True)
class GinTableModel:
    """Everything the table shows; built by the controller from the engine's view."""

    hand_order: tuple[Card, ...] = ()
    melds: tuple[tuple[Card, ...], ...] = ()
    deadwood_points: int = 0
    opponent_hidden: int = 0
    opponent_known: tuple[Card, ...] = ()
    # A hand the person watches (they sit out): the bottom row is a player's, face down.
    bottom_hidden: int = 0
    bottom_known: tuple[Card, ...] = ()
    # Who each row is, when more than one opponent may sit there (three and four players).
    top_name: str = ""
    bottom_name: str = ""
    discard_pile: tuple[Card, ...] = ()
    stock_size: int = 0
    drawn: Card | None = None
    locked: Card | None = None
    selected: Card | None = None
    accepting: frozenset[str] = frozenset()
    stock_draggable: bool = False
    discard_draggable: bool = False
    hand_draggable: bool = True
    fan_discard: bool = False
    knock_label: str = mark("Knock")  # shown with ``tr`` (the controller's are translated)
    score_title: str = ""
    score_lines: tuple[tuple[str, str, bool], ...] = ()
    reveal_top: RevealedRow | None = None
    reveal_bottom: RevealedRow | None = None
    show_piles: bool = True
    commitment: str = ""  # the hand's fair-deal SHA-256, published before it is played
    extra: dict = field(default_factory=dict)

    @property
    def revealing(self) -> bool:
        return self.reveal_top is not None and self.reveal_bottom is not None


def stock_tooltip(model: GinTableModel) -> str:
    """What the stock is, what it does now, and the deal's published commitment."""
    count = model.stock_size
    text = tr_n("Stock: {count} card left", "Stock: {count} cards left", count).format(
        count=count)
    if model.stock_draggable:
        text = tr("{stock} — click or drag to draw").format(stock=text)
    if model.commitment:
        text += "\n" + tr("Fair deal: this hand's deck was committed before play, SHA-256 "
                          "{commitment}… (Game ▸ Deal commitment… shows all of it)").format(
            commitment=model.commitment[:16])
    return text


def meld_kind(meld: Sequence[Card]) -> str:
    """"Set" (one rank) or "Run", in the chosen language."""
    return tr_ctx("meld", "Set") if len({c.rank for c in meld}) == 1 else tr_ctx("meld", "Run")


def meld_label(meld: Sequence[Card]) -> str:
    points = sum(c.points for c in meld)
    # Translators: a meld's label on the table: "Run · 12" (its deadwood points).
    return tr("{meld} · {points}").format(meld=meld_kind(meld), points=points)


def card_text(card: Card | None) -> str:
    """The engine's ``J♣`` for a card; "a card" for one the person may not see."""
    return tr("a card") if card is None else cards.card_text(card)

