"""Issue 41: the rules pages name every preset and option the app offers, with the engine's
values (a new preset or option without a rules entry fails here)."""

from __future__ import annotations

from html import escape

from ginrummy_desktop.engine.cribbage.rules import GAME_LENGTHS, CribbageRules
from ginrummy_desktop.engine.cribbage.rules import OPTION_LABELS as CRIBBAGE_OPTION_LABELS
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS, OPTION_LABELS, preset_description
from ginrummy_desktop.gui.shell.help_pages import CRIBBAGE_RULES_HTML, GIN_RULES_HTML


def test_every_gin_preset_is_described_with_its_engine_values() -> None:
    for name in GIN_PRESETS:
        assert escape(preset_description(name)) in GIN_RULES_HTML, name


def test_every_gin_option_is_named() -> None:
    for label in OPTION_LABELS.values():
        assert escape(label) in GIN_RULES_HTML, label


def test_classic_values_come_from_the_engine() -> None:
    classic = GIN_PRESETS["classic"]
    assert f"undercut bonus ({classic.undercut_bonus})" in GIN_RULES_HTML
    assert f"Gin: {classic.gin_bonus} plus" in GIN_RULES_HTML


def test_every_cribbage_length_and_house_rule_is_named() -> None:
    for target in GAME_LENGTHS:
        assert escape(CribbageRules.for_target(target).describe()) in CRIBBAGE_RULES_HTML
    for label in CRIBBAGE_OPTION_LABELS.values():
        assert escape(label) in CRIBBAGE_RULES_HTML, label
    assert f"race to {CribbageRules().target} points" in CRIBBAGE_RULES_HTML


def test_every_picture_the_pages_reference_renders(qapp) -> None:
    from ginrummy_desktop.gui.shell.help_pages import page_picture, picture_sources

    sources = picture_sources(GIN_RULES_HTML) + picture_sources(CRIBBAGE_RULES_HTML)
    assert len(sources) >= 7  # a meld, a knock, a layoff, an undercut, a fifteen, his nobs...
    for source in sources:
        image = page_picture(source)
        assert not image.isNull() and image.width() > 40 and image.height() > 40, source
        # something was painted: the middle row is not all transparent
        row = image.height() // 2
        assert any(image.pixelColor(x, row).alpha() for x in range(image.width())), source


def test_the_rules_window_shows_the_pictures(qtbot) -> None:
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QTextDocument

    from ginrummy_desktop.gui.shell.help_pages import HelpDialog, picture_sources

    dialog = HelpDialog("Gin Rummy rules", GIN_RULES_HTML)
    qtbot.addWidget(dialog)
    document = dialog.browser.document()
    for source in picture_sources(GIN_RULES_HTML):
        assert document.resource(QTextDocument.ResourceType.ImageResource, QUrl(source)) is not None


def test_every_option_is_explained_in_plain_words() -> None:
    from ginrummy_desktop.gui.shell.help_pages import CRIBBAGE_OPTION_MEANINGS, GIN_OPTION_MEANINGS

    assert set(GIN_OPTION_MEANINGS) == set(OPTION_LABELS)
    assert set(CRIBBAGE_OPTION_MEANINGS) == set(CRIBBAGE_OPTION_LABELS)
    for key, meaning in GIN_OPTION_MEANINGS.items():
        assert escape(meaning) in GIN_RULES_HTML, key
    for key, meaning in CRIBBAGE_OPTION_MEANINGS.items():
        assert escape(meaning) in CRIBBAGE_RULES_HTML, key


def test_the_stinkhole_is_pictured_on_the_tables_own_peg_board(qtbot, monkeypatch) -> None:
    """The house rule's entry shows the board the table draws, a peg standing in the
    stinkhole (the hole before the game hole)."""
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QImage, QTextDocument

    from ginrummy_desktop.gui.cribbage.pegboard import PLAYER_COLOURS, CribbagePegboard
    from ginrummy_desktop.gui.shell.help_pages import HelpDialog, picture_sources

    boards = [s for s in picture_sources(CRIBBAGE_RULES_HTML) if s.startswith("board:")]
    assert len(boards) == 1, "the stinkhole has no picture of the peg board"
    [source] = boards
    stinkhole = CribbageRules(stinkhole=True).target - 1
    assert int(source.removeprefix("board:").split()[0]) == stinkhole
    # After the house rules, with the stinkhole named in its caption.
    page = CRIBBAGE_RULES_HTML
    assert page.index("House rules") < page.index(source)
    caption = page[page.index(source):].split("</i>")[0]
    assert "stinkhole" in caption and str(stinkhole) in caption

    painted: list[tuple[int, int]] = []
    paint = CribbagePegboard.paint

    def recording(board, painter, option, widget=None):
        painted.append((board.peg_hole(0, 0), board.peg_hole(0, 1)))
        paint(board, painter, option, widget)

    monkeypatch.setattr(CribbagePegboard, "paint", recording)
    dialog = HelpDialog("Cribbage rules", CRIBBAGE_RULES_HTML)
    qtbot.addWidget(dialog)
    assert painted and stinkhole in painted[0]  # the table's board, the peg in the stinkhole
    image = dialog.browser.document().resource(QTextDocument.ResourceType.ImageResource,
                                               QUrl(source))
    assert isinstance(image, QImage) and image.width() > 150 and image.height() > 150
    # The person's blue peg is in the picture.
    blue = PLAYER_COLOURS[0]

    def bluish(x: int, y: int) -> bool:
        c = image.pixelColor(x, y)
        return c.alpha() > 200 and c.blue() > 140 and c.blue() > c.red() + 60 \
            and abs(c.hue() - blue.hue()) < 20

    assert any(bluish(x, y) for x in range(image.width()) for y in range(image.height()))
