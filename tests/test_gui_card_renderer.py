"""Card art: cached per (card, size, pixel ratio, style), distinct faces, backs and colours."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QImage

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.gui.table.card_renderer import BACKS, CardRenderer, CardStyle, rank_label


@pytest.fixture
def renderer(qapp):
    return CardRenderer()


def image(renderer: CardRenderer, card: Card | None, width: int = 80, **kw) -> QImage:
    return renderer.pixmap(card, width, **kw).toImage()


def colours(img: QImage) -> set[int]:
    return {img.pixel(x, y) for x in range(0, img.width(), 3) for y in range(0, img.height(), 3)}


def test_pixmaps_are_cached_and_sized(renderer):
    first = renderer.pixmap(Card.parse("7H"), 80)
    assert renderer.pixmap(Card.parse("7H"), 80).cacheKey() == first.cacheKey()
    assert (first.width(), first.height()) == (80, 112)
    hidpi = renderer.pixmap(Card.parse("7H"), 80, dpr=2.0)
    assert (hidpi.width(), hidpi.height()) == (160, 224)
    assert hidpi.devicePixelRatio() == 2.0
    assert renderer.cache_size() == 1  # one size at a time: the 1x pixmap went


def test_every_face_is_distinct(renderer):
    faces = [image(renderer, Card(rank, suit)) for suit in "CDHS" for rank in range(1, 14)]
    assert len({f.bits().tobytes() if hasattr(f.bits(), "tobytes") else bytes(f.constBits())
                for f in faces}) == 52


def test_courts_look_different_from_each_other(renderer):
    jack, queen, king = (image(renderer, Card(rank, "S"), 120) for rank in (11, 12, 13))
    def diff(a, b):
        return sum(a.pixel(x, y) != b.pixel(x, y) for x in range(0, 120, 2)
                   for y in range(0, 168, 2))
    assert diff(jack, queen) > 400 and diff(queen, king) > 400 and diff(jack, king) > 400


def test_four_colour_deck_recolours_clubs_and_diamonds(renderer):
    plain = image(renderer, Card.parse("5C"))
    renderer.set_style(CardStyle(four_colour=True))
    assert renderer.cache_size() == 0  # a style change re-renders
    four = image(renderer, Card.parse("5C"))
    greens = [c for c in colours(four) if QColor(c).green() > QColor(c).red() + 40]
    assert greens and not [c for c in colours(plain) if QColor(c).green() > QColor(c).red() + 40]


def test_backs_differ_and_faces_are_not_blank(renderer):
    backs = []
    for back in BACKS:
        renderer.set_style(CardStyle(back=back))
        backs.append(image(renderer, None))
    assert len({tuple(sorted(colours(b)))[:50] for b in backs}) == len(BACKS)
    assert len(colours(image(renderer, Card.parse("QH")))) > 20


def test_face_down_ignores_the_card(renderer):
    assert renderer.pixmap(Card.parse("AS"), 60, face_up=False).cacheKey() == \
        renderer.pixmap(None, 60).cacheKey()


def test_rank_labels():
    assert [rank_label(r) for r in (1, 9, 10, 11, 13)] == ["A", "9", "10", "J", "K"]


def test_sixty_resizes_never_hold_more_than_about_ten_megabytes(renderer):
    """A window dragged to 60 sizes: only the current size's pixmaps stay (widths rounded)."""
    highest = 0
    for step in range(60):
        width = 60 + step * 2.7  # continuous widths, as a resize produces them
        for card in [Card(rank, suit) for suit in "CDHS" for rank in range(1, 14)]:
            renderer.pixmap(card, width, dpr=1.0)
        renderer.pixmap(None, width)
        highest = max(highest, renderer.cache_bytes())
        assert renderer.cache_size() <= 53
    assert highest <= 10 * 1024 * 1024
    last = renderer.pixmap(Card.parse("AS"), width)
    assert last.width() == round(width / 2) * 2


def test_cache_stays_within_its_byte_bound_on_a_big_hidpi_table(renderer):
    for card in [Card(rank, suit) for suit in "CDHS" for rank in range(1, 14)]:
        renderer.pixmap(card, 240, dpr=2.0)  # 53 pixmaps of 480 x 672 would be 68 MB
    assert renderer.cache_bytes() <= 8 * 1024 * 1024
    assert renderer.cache_size() >= 1


def test_large_index_faces_draw_bigger_corner_indices(renderer):
    standard = image(renderer, Card.parse("8D"), 100)
    renderer.set_style(CardStyle(face="large-index"))
    assert renderer.cache_size() == 0
    large = image(renderer, Card.parse("8D"), 100)

    def ink_in_corner(img: QImage) -> int:  # coloured pixels in the top-left index corner
        return sum(QColor(img.pixel(x, y)).red() > 150 and QColor(img.pixel(x, y)).green() < 90
                   for x in range(0, 21) for y in range(0, 60))  # left of the pips

    assert ink_in_corner(large) > ink_in_corner(standard) * 1.3
