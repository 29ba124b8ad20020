"""Keeps one ``CardItem`` per placement key in a scene: both tables' cards go through here.

``CardItems.sync(placements, ...)`` removes the items no placement wants, creates the new ones
face down at an origin the table chooses (the stock or deck top, or where an opponent's hidden
card just vanished), and then moves every item to its place, turning it over on the way when
its face or card changed. A table only says where new cards come from, how moves are staggered
and how items are decorated (selection, highlights).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QPointF

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.gui.table.animation import Animator
from ginrummy_desktop.gui.table.card_item import CardItem
from ginrummy_desktop.gui.table.card_renderer import CardRenderer
from ginrummy_desktop.gui.table.layout import Placement
from ginrummy_desktop.gui.table.scene import TableScene

HIDDEN_OPPONENT = "opp"  # keys ("opp", i) are the opponent's face-down cards

# origin(placement, vanished) -> where a new item starts; ``vanished`` holds the positions of
# the opponent's hidden cards removed in this sync (pop one for a card the opponent shows).
Origin = Callable[[Placement, list[QPointF]], QPointF]


class CardItems:
    """The card items of one table, by placement key (``items`` is the live mapping)."""

    def __init__(self, scene: TableScene, renderer: CardRenderer, animator: Animator) -> None:
        self.scene = scene
        self.renderer = renderer
        self.animator = animator
        self.items: dict[object, CardItem] = {}

    def sync(
        self,
        placements: Sequence[Placement],
        card_width: float,
        animate: bool,
        origin: Origin,
        delay_ms: Callable[[int, Placement], int] | None = None,
        decorate: Callable[[CardItem, Placement], None] | None = None,
        at_once: Callable[[Placement], bool] | None = None,
    ) -> None:
        """Show ``placements``; ``at_once`` names placements that jump without animation."""
        animate = animate and not self.animator.instant
        wanted = {placement.key for placement in placements}
        vanished = [item.pos() for key, item in self.items.items()
                    if key not in wanted and isinstance(key, tuple)
                    and key[:1] == (HIDDEN_OPPONENT,)]
        for key in [key for key in self.items if key not in wanted]:
            gone = self.items.pop(key)
            self.animator.forget(gone)
            self.scene.removeItem(gone)
        for index, placement in enumerate(placements):
            card = placement.card if isinstance(placement.card, Card) else None
            item = self.items.get(placement.key)
            if item is None:
                # New cards start face down at their origin and turn over on the way.
                item = CardItem(placement.key, self.renderer, card_width, card, face_up=False)
                item.setPos(origin(placement, vanished) if animate else placement.pos)
                self.scene.addItem(item)
                self.items[placement.key] = item
            item.set_width(card_width)
            item.setZValue(placement.z)
            item.set_marks(placement.marks)
            item.draggable = placement.draggable
            if decorate is not None:
                decorate(item, placement)
            flips = placement.face_up != item.face_up or card != item.card
            reveal = (lambda it=item, c=card, up=placement.face_up: it.set_face(c, up)) \
                if flips else None
            if animate and not (at_once is not None and at_once(placement)):
                delay = delay_ms(index, placement) if delay_ms is not None else 0
                self.animator.move(item, placement.pos, delay_ms=delay, reveal=reveal)
            else:
                self.animator.forget(item)
                item.setPos(placement.pos)
                if reveal is not None:
                    reveal()
