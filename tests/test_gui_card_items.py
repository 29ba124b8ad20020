"""The shared card-item sync both tables use: create, move, turn over, remove."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.gui.table.animation import Animator
from ginrummy_desktop.gui.table.card_items import CardItems
from ginrummy_desktop.gui.table.card_renderer import CardRenderer
from ginrummy_desktop.gui.table.layout import Placement
from ginrummy_desktop.gui.table.scene import TableScene

DECK = QPointF(500, 300)
ACE = Card.parse("AS")


def make(speed: str) -> CardItems:
    scene = TableScene()
    return CardItems(scene, CardRenderer(), Animator(speed, scene))


def from_deck(placement: Placement, vanished: list[QPointF]) -> QPointF:
    return vanished.pop() if isinstance(placement.key, Card) and vanished else DECK


def test_new_card_starts_face_down_at_its_origin_and_arrives_face_up(qtbot):
    cards = make("normal")
    cards.sync([Placement(ACE, QPointF(10, 20), 1.0, True, ACE)], 80, True, from_deck)
    item = cards.items[ACE]
    assert item.pos() == DECK and not item.face_up
    cards.animator.skip()
    assert item.pos() == QPointF(10, 20) and item.face_up and item.card == ACE


def test_a_card_the_opponent_reveals_comes_from_its_hidden_card(qtbot):
    cards = make("instant")
    cards.sync([Placement(("opp", 0), QPointF(300, 5), 1.0, False)], 80, False, from_deck)
    cards.animator.set_speed("normal")
    cards.sync([Placement(ACE, QPointF(10, 20), 1.0, True, ACE)], 80, True, from_deck)
    assert ("opp", 0) not in cards.items
    assert cards.items[ACE].pos() == QPointF(300, 5)
    assert [item for item in cards.scene.items() if hasattr(item, "card")] == [cards.items[ACE]]


def test_instant_speed_places_and_decorates_without_animation(qtbot):
    cards = make("instant")
    placements = [Placement(ACE, QPointF(1, 2), 3.0, True, ACE, frozenset({"NEW"}), True)]
    cards.sync(placements, 90, True, from_deck,
               decorate=lambda item, p: item.set_selected(p.card == ACE))
    item = cards.items[ACE]
    assert item.pos() == QPointF(1, 2) and item.face_up and item.zValue() == 3.0
    assert item.selected and item.draggable and item.marks == frozenset({"NEW"})
    assert item.width == 90


def test_waiting_for_idle_survives_a_relayout_that_stops_the_moves(qtbot):
    # A window resize lays the table out again without animation, forgetting running moves;
    # the controller waiting for the cards to settle must still be called.
    cards = make("normal")
    cards.sync([Placement(ACE, QPointF(10, 20), 1.0, True, ACE)], 80, True, from_deck)
    called: list[bool] = []
    cards.animator.when_idle(lambda: called.append(True))
    assert cards.animator.busy and not called
    cards.sync([Placement(ACE, QPointF(30, 40), 1.0, True, ACE)], 80, False, from_deck)
    qtbot.waitUntil(lambda: called == [True], timeout=2000)


def test_a_badge_too_small_for_its_words_shows_its_short_form(qtbot):
    """The stock badge on a small card reads "31", never a clipped "Stock 3"."""
    from PySide6.QtCore import QRectF

    from ginrummy_desktop.gui.table.items import Badge

    badge = Badge()
    badge.set_text("Stock 31", short="31")
    badge.set_rect(QRectF(0, 0, 40, 14))
    assert badge.shown_text() == "31"
    badge.set_rect(QRectF(0, 0, 160, 30))
    assert badge.shown_text() == "Stock 31"
    badge.set_text("Dealer")  # no short form: the words stay
    badge.set_rect(QRectF(0, 0, 20, 14))
    assert badge.shown_text() == "Dealer"
