"""Card art: cached per (card, size, pixel ratio, style), distinct faces, backs and colours,
an index that keeps clear of the art, and solid pips."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.gui.table.card_renderer import (
    BACKS,
    CardRenderer,
    CardStyle,
    card_height,
    face_layout,
    fit_path,
    index_text_path,
    rank_label,
    suit_path,
)


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


# -- the art itself: every card in every style, layout that keeps the index clear, clean pips --

STYLES = [CardStyle(), CardStyle(four_colour=True), CardStyle(large_index=True),
          CardStyle(four_colour=True, large_index=True, back="midnight")]
ALL_CARDS = [Card(rank, suit) for suit in "CDHS" for rank in range(1, 14)]


def ink_fraction(img: QImage) -> float:
    """Share of sampled pixels that are neither transparent nor the card's near-white paper."""
    inked = total = 0
    step_x, step_y = max(1, img.width() // 40), max(1, img.height() // 56)
    for x in range(0, img.width(), step_x):
        for y in range(0, img.height(), step_y):
            c = QColor.fromRgba(img.pixel(x, y))
            total += 1
            inked += c.alpha() > 0 and min(c.red(), c.green(), c.blue()) < 200
    return inked / total


@pytest.mark.parametrize("style", STYLES, ids=["plain", "four", "large", "four-large"])
def test_every_card_renders_with_ink_in_every_style_and_size(qapp, style):
    renderer = CardRenderer(style)
    for width in (40, 120, 400):
        for dpr in (1.0, 2.0) if width == 120 else (1.0,):
            for card in [*ALL_CARDS, None]:
                img = renderer.pixmap(card, width, dpr=dpr).toImage()
                assert img.width() == round(width * dpr)
                assert ink_fraction(img) > 0.01, (card, width, dpr)


def clearance(a: QRectF, b: QRectF) -> float:
    """The space between two boxes along the axis that separates them (negative: overlap)."""
    return max(b.left() - a.right(), a.left() - b.right(), b.top() - a.bottom(),
               a.top() - b.bottom())


@pytest.mark.parametrize("large_index", [False, True])
@pytest.mark.parametrize("width", [40, 60, 120, 240, 400])
def test_index_never_overlaps_the_pips_or_court_frame(qapp, large_index, width):
    rect = QRectF(0.5, 0.5, width - 1.0, card_height(width) - 1.0)
    for rank in range(1, 14):
        layout = face_layout(rect, rank, large_index)
        for index in layout.index_boxes():
            assert rect.contains(index)
            for art in layout.art_boxes():
                # Not only apart: a visible space (3 px at least) between index and art.
                assert clearance(index, art) >= 2.99, (rank, index, art)
        for pip in layout.pips:
            assert rect.contains(pip)


@pytest.mark.parametrize("width", [40, 120, 400])
def test_ten_index_is_fitted_inside_its_box(qapp, width):
    rect = QRectF(0, 0, width, card_height(width))
    layout = face_layout(rect, 10)
    fitted = fit_path(index_text_path(10), layout.rank_box, max_squeeze=0.72)
    bounds = fitted.boundingRect()
    assert layout.rank_box.adjusted(-0.01, -0.01, 0.01, 0.01).contains(bounds)
    assert min(p.left() for p in layout.pips) > bounds.right()


def test_large_index_is_bigger():
    rect = QRectF(0, 0, 100, 140)
    small, large = face_layout(rect, 7), face_layout(rect, 7, large_index=True)
    assert large.rank_box.height() > 1.4 * small.rank_box.height()
    assert large.suit_box.height() > 1.3 * small.suit_box.height()


def test_large_index_style_renders_a_different_face(renderer):
    plain = image(renderer, Card.parse("7S"), 100)
    renderer.set_style(CardStyle(large_index=True))
    assert image(renderer, Card.parse("7S"), 100) != plain


def test_club_pip_is_solid_where_the_leaves_meet(qapp):
    club = suit_path("C", QPointF(0, 0), 100)
    bounds = club.boundingRect()
    centre = bounds.center()
    # The middle of the club and a ring of points around the junction of the three leaves.
    probes = [centre] + [QPointF(centre.x() + dx, centre.y() + dy)
                         for dx in (-8, 0, 8) for dy in (-8, 0, 8)]
    assert all(club.contains(p) for p in probes)
    # One outline, so no fill rule can punch a hole: painting it leaves no paper inside.
    img = QImage(100, 100, QImage.Format.Format_ARGB32)
    img.fill(QColor("white"))
    painter = QPainter(img)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.fillPath(suit_path("C", QPointF(50, 50), 100), QColor("black"))
    painter.end()
    assert all(QColor(img.pixel(x, y)).lightness() < 40
               for x in range(40, 61) for y in range(38, 58))


@pytest.mark.parametrize("suit", "CDHS")
def test_suit_paths_fill_the_size_they_are_asked_for(qapp, suit):
    bounds = suit_path(suit, QPointF(10, 20), 50).boundingRect()
    assert abs(max(bounds.height(), bounds.width()) - 50) < 0.5
    assert abs(bounds.center().x() - 10) < 0.5 and abs(bounds.center().y() - 20) < 0.5


def test_card_sheet_shows_all_faces_and_backs(qapp, tmp_path):
    from ginrummy_desktop.gui.table.card_sheet import main

    out = tmp_path / "cards.png"
    assert main([str(out), "--width", "40"]) == 0
    sheet = QImage(str(out))
    assert sheet.width() > 13 * 40 and sheet.height() > 5 * 56

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
    renderer.set_style(CardStyle(large_index=True))
    assert renderer.cache_size() == 0
    large = image(renderer, Card.parse("8D"), 100)

    def ink_in_corner(img: QImage) -> int:  # coloured pixels in the top-left index corner
        return sum(QColor(img.pixel(x, y)).red() > 150 and QColor(img.pixel(x, y)).green() < 90
                   for x in range(0, 21) for y in range(0, 60))  # left of the pips

    assert ink_in_corner(large) > ink_in_corner(standard) * 1.3
