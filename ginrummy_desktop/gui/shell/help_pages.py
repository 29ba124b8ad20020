"""Help menu pages: the rules of each game as readable pages, keyboard shortcuts, About."""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape

from PySide6.QtCore import QPointF, QUrl
from PySide6.QtGui import QColor, QImage, QPainter, QTextDocument
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.cribbage.rules import GAME_LENGTHS, CribbageRules
from ginrummy_desktop.engine.cribbage.rules import OPTION_LABELS as CRIBBAGE_OPTION_LABELS
from ginrummy_desktop.engine.gin.rules import (
    GIN_PRESETS,
    OPTION_LABELS,
    preset_description,
    preset_title,
)
from ginrummy_desktop.engine.translation import mark, tr
from ginrummy_desktop.engine.wording import YOU

#: A picture on a rules page: cards, ``<img src="cards:7S 7H 7D">`` (``|`` leaves a gap), or
#: the peg board, ``<img src="board:120 116 104 98">`` (each player's front and back peg).
CARD_PICTURE = re.compile(r'<img src="((?:cards|board):[^"]*)"')
PICTURE_CARD_WIDTH = 44
PICTURE_BOARD_WIDTH = 240  # the board's width; the picture shows the stretch round the blue peg
_BOARD_CROP_HOLES = 14  # hole pitches of board in view, around that peg


def _pic(picture_codes: str, caption: str) -> str:
    """A card picture for a page: the codes name the image to draw, never words to read."""
    return (f'<p><img src="cards:{picture_codes}"><br><i>{escape(caption)}</i></p>')


def _board_pic(pegs: str, caption: str) -> str:
    """A picture of the table's peg board with the pegs standing in the holes ``pegs`` names."""
    return (f'<p><img src="board:{pegs}"><br><i>{escape(caption)}</i></p>')


def picture_sources(html: str) -> list[str]:
    """Every picture (cards or the peg board) a page references."""
    return CARD_PICTURE.findall(html)


def page_picture(source: str) -> QImage:
    """Draw a page's picture: ``cards:`` with the card renderer, ``board:`` with the peg board."""
    if source.startswith("board:"):
        return board_picture(source)
    return card_picture(source)


def board_picture(source: str, width: int = PICTURE_BOARD_WIDTH) -> QImage:
    """Draw a ``board:`` picture with the cribbage table's own peg board (``CribbagePegboard``)
    set as the source says, cut to the stretch around the first player's front peg, which is
    ringed. Raises ``ValueError`` for holes the board does not have."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QPen
    from PySide6.QtWidgets import QGraphicsScene

    from ginrummy_desktop.gui.cribbage.pegboard import CribbagePegboard
    from ginrummy_desktop.gui.cribbage.pegboard_layout import (
        HEIGHT_UNITS,
        streets_for,
        width_units,
    )

    holes = [int(hole) for hole in source.removeprefix("board:").split()]
    if len(holes) != 4:
        raise ValueError(f"a board picture names four holes, not {source!r}")
    rules = CribbageRules(stinkhole=True)
    across = width_units(streets_for(rules.target))
    unit = width / across
    board = CribbagePegboard(names=(YOU, tr("Computer")), width=width,
                             height=unit * HEIGHT_UNITS, rules=rules)
    scene = QGraphicsScene()
    scene.addItem(board)
    board.set_speed("instant")
    for player in (0, 1):
        board.set_pegs(player, holes[2 * player], holes[2 * player + 1])
    board.finish_animations()
    bounds = board.boundingRect()
    front = board.pegs[0][0] if board.peg_hole(0, 0) >= board.peg_hole(0, 1) \
        else board.pegs[0][1]
    centre = front.pos()
    tall = unit * _BOARD_CROP_HOLES
    top = min(max(bounds.top(), centre.y() - tall / 2), bounds.bottom() - tall)
    view = QRectF(bounds.left(), top, bounds.width(), tall)
    image = QImage(int(view.width()) + 1, int(view.height()) + 1, QImage.Format.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(0, 0, view.width(), view.height()), view)
    # A ring round that peg, in the table's gold, so the eye finds the hole the caption names.
    ring = centre - view.topLeft()
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(QColor(20, 10, 0, 200), unit * 0.26))
    painter.drawEllipse(ring, unit * 0.82, unit * 0.82)
    painter.setPen(QPen(QColor("#ffd55c"), unit * 0.14))
    painter.drawEllipse(ring, unit * 0.82, unit * 0.82)
    painter.end()
    scene.removeItem(board)
    return image


def card_picture(source: str, width: int = PICTURE_CARD_WIDTH) -> QImage:
    """Draw a ``cards:`` picture with the table's own card renderer; raises ``ValueError`` for
    a card it cannot read."""
    from ginrummy_desktop.gui.table.card_renderer import CardRenderer, card_height

    groups = [[Card.parse(t) for t in g.split()] for g in source.removeprefix("cards:").split("|")]
    step, gap = width * 0.62, width * 0.5
    count = sum(len(g) for g in groups)
    total = int(step * (count - len(groups)) + width * len(groups) + gap * (len(groups) - 1)) + 2
    height = int(card_height(width)) + 2
    image = QImage(total, height, QImage.Format.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    renderer = CardRenderer()
    painter = QPainter(image)
    x = 1.0
    for group in groups:
        for i, card in enumerate(group):
            painter.drawPixmap(QPointF(x, 1), renderer.pixmap(card, width))
            x += step if i < len(group) - 1 else width + gap
    painter.end()
    return image


_CLASSIC = GIN_PRESETS["classic"]
_CRIB = CribbageRules()


def _items(rows: Sequence[tuple[str, str]]) -> str:
    return "<ul>" + "".join(f"<li><b>{escape(a)}</b>: {escape(b)}.</li>" for a, b in rows) + "</ul>"


#: What each gin option means at the table, by the engine's field name (its label and default
#: value come from the engine; a new option without an entry here fails the rules-page test).
#: Marked here, shown with tr().
GIN_OPTION_MEANINGS: dict[str, str] = {
    "knock_limit": mark("the most deadwood you may hold when you knock; 0 means you must go gin"),
    "gin_bonus": mark("added to the defender's deadwood when you go gin"),
    "big_gin_bonus": mark("added when all eleven cards meld after the draw"),
    "undercut_bonus": mark("what the defender adds when the knocker is undercut"),
    "box_bonus": mark("scored at the end for every hand a player won"),
    "game_bonus": mark("scored at the end by the match winner"),
    "target": mark("the score that ends the match"),
    "shutout": mark("what happens to the game bonus when the loser scored nothing"),
    "next_dealer": mark("who deals the next hand: the winner, the loser or in turn"),
    "oklahoma": mark("the first upcard's value is the knock limit for the hand"),
    "deal_eleven": mark("the first player gets eleven cards and starts by discarding; no upcard"),
    "rediscard_taken": mark("the card you took from the pile may go straight back"),
    "last_discard_to_knock": mark("when the stock is down to its last cards, the final discard "
                                  "may be picked up only to knock or go gin"),
}

#: What each cribbage house rule means at the table, by the engine's field name.
CRIBBAGE_OPTION_MEANINGS: dict[str, str] = {
    "stinkhole": mark("the stinkhole is the hole just before the winning one; a player pegged "
                      "there cannot go out with a go, the last card or his heels, only with "
                      "real points"),
    "muggins": mark("you count your own hand and crib; if you count short, your opponent may "
                    "say \"muggins\" and take the points you missed"),
}


def _gin_options_html() -> str:
    """Every gin preset and option the app offers, in the engine's own words and values."""
    presets = _items([(preset_title(name), preset_description(name)) for name in GIN_PRESETS])
    options = "<ul>" + "".join(
        f"<li><b>{escape(tr(label))}</b>: {escape(tr(GIN_OPTION_MEANINGS.get(key, '')))}.</li>"
        for key, label in OPTION_LABELS.items())
    return ("<h3>" + tr("Presets") + "</h3><p>"
            + tr("The New match dialog offers these rule sets:") + "</p>" + presets
            + "<h3>" + tr("Options") + "</h3><p>"
            + tr("Any preset's values can be changed one by one:") + "</p>"
            + options + "</ul>")


def _cribbage_options_html() -> str:
    """Every cribbage game length and house rule the app offers, in the engine's words."""
    lengths = "<ul>" + "".join(
        f"<li>{escape(CribbageRules.for_target(t).describe())}</li>" for t in GAME_LENGTHS)
    options = "<ul>" + "".join(
        f"<li><b>{escape(tr(label))}</b>: "
        f"{escape(tr(CRIBBAGE_OPTION_MEANINGS.get(key, '')))}.</li>"
        for key, label in CRIBBAGE_OPTION_LABELS.items())
    stinkhole = _CRIB.target - 1
    picture = _board_pic(
        f"{stinkhole} {stinkhole - 4} {stinkhole - 3} {stinkhole - 6}",
        tr("The stinkhole: your blue peg stands on {hole}, one short of the game hole; with "
           "this rule a go, the last card or his heels cannot take it out, only real "
           "points").format(hole=stinkhole))
    return ("<h3>" + tr("Game lengths") + "</h3>" + lengths + "</ul><h3>" + tr("House rules")
            + "</h3>" + options + "</ul>" + picture)


def _h(level: int, text: str) -> str:
    return f"<h{level}>{text}</h{level}>\n"


def _p(text: str) -> str:
    return f"<p>{text}</p>\n"


def _ul(*items: str) -> str:
    return "<ul>\n" + "".join(f"<li>{item}</li>\n" for item in items) + "</ul>\n"


def gin_rules_html() -> str:
    """The Gin Rummy rules page in the chosen language, its values read from the engine.

    Each paragraph or list item is one message (with its own <b>/<i> marks) so a translator
    words it whole."""
    c = _CLASSIC
    return "\n".join([
        _h(2, tr("Gin Rummy")),
        _p(tr("<b>Aim.</b> Form your ten cards into <i>melds</i> and catch your opponent with "
              "more unmatched points (<i>deadwood</i>) than you. The first to the target score "
              "({target} in the Classic preset) wins the match.").format(target=c.target)),
        _h(3, tr("Cards and melds")),
        _ul(tr("A <b>set</b> is three or four cards of one rank (7♠ 7♥ 7♦)."),
            tr("A <b>run</b> is three or more cards of one suit in sequence (4♥ 5♥ 6♥). Aces "
               "are low: A-2-3 is a run, Q-K-A is not."),
            tr("A card belongs to one meld only. Cards in no meld are deadwood: aces count 1, "
               "two to nine their value, tens and court cards 10. The table always shows your "
               "best arrangement.")),
        _pic("7S 7H 7D | 4H 5H 6H", tr("A set and a run: two melds")),
        _h(3, tr("The deal and the first turn")),
        _p(tr("Each player gets ten cards; the next card is turned face up as the "
              "<i>upcard</i> to start the discard pile, and the rest is the stock. The "
              "non-dealer may take the upcard or pass; if they pass, the dealer may take it or "
              "pass; if both pass, the non-dealer draws from the stock.")),
        _h(3, tr("A turn")),
        _p(tr("Draw one card, from the stock or the top of the discard pile, then discard one "
              "card face up. A card just taken from the discard pile may not be discarded in "
              "the same turn (it is marked <b>KEEP</b> on the table).")),
        _h(3, tr("Knocking and gin")),
        _ul(tr("After drawing, if your deadwood (after your discard) is no more than the "
               "<b>knock limit</b> ({limit} in most rules), you may <b>knock</b>: discard face "
               "down and lay out your melds.").format(limit=c.knock_limit),
            tr("With no deadwood at all you go <b>gin</b>; with all eleven cards melded, "
               "<b>big gin</b> (no discard)."),
            tr("The defender lays out melds and may <b>lay off</b> deadwood on the knocker's "
               "melds (extending runs, completing sets) — except after gin.")),
        _pic("7S 7H 7D | 4H 5H 6H | 2C 3D", tr("A knock: two melds and 5 deadwood")),
        _pic("4H 5H 6H | 7H", tr("A layoff: the defender adds 7♥ to the knocker's run")),
        _h(3, tr("Scoring (Classic preset)")),
        _ul(tr("Knock: the knocker scores the difference in deadwood."),
            tr("<b>Undercut</b>: if the defender's deadwood is equal or lower, the defender "
               "scores the difference plus an undercut bonus ({bonus}).").format(
                bonus=c.undercut_bonus)),
        _pic("2C 3D | AS 2H", tr("An undercut: the knocker has 5 deadwood, the defender 4")),
        _ul(tr("Gin: {gin} plus the defender's deadwood; big gin: {big_gin} plus the "
               "defender's deadwood.").format(gin=c.gin_bonus, big_gin=c.big_gin_bonus),
            tr("If the stock is down to two cards and nobody has knocked, the hand is dead: no "
               "score."),
            tr("At the end: a <b>box</b> bonus for every hand won, a <b>game bonus</b> for the "
               "winner, doubled for a <b>shutout</b> (the loser scored nothing).")),
        _gin_options_html(),
        _h(3, tr("Fair deal")),
        _p(tr("Before each hand the app publishes a fingerprint (SHA-256 commitment) of the "
              "shuffled deck. After the hand, <b>Verify deal</b> reveals the deck and checks "
              "that it matches: the computer cannot change the cards once play has begun.")),
    ])


def cribbage_rules_html() -> str:
    """The Cribbage rules page in the chosen language, its values read from the engine."""
    c = _CRIB
    return "\n".join([
        _h(2, tr("Cribbage")),
        _p(tr("Two players race to {target} points, pegged on a board. Each is dealt six cards "
              "and lays two away into the <i>crib</i>, which belongs to the dealer. The "
              "non-dealer cuts; the turned <i>starter</i> card counts with every hand (a jack "
              "turned gives the dealer 2, \"his heels\").").format(target=c.target)),
        _h(3, tr("The play (pegging)")),
        _p(tr("Players alternately lay cards, announcing the running total, which may not pass "
              "31. Score for making 15 (2), 31 (2), pairs (2, 6, 12 for three or four of a "
              "kind), runs of three or more (one per card), and the last card (1, \"go\"). "
              "When neither can play, the count restarts.")),
        _pic("7H 8C", tr("A fifteen: 7 and 8 make 15, 2 points")),
        _pic("4S 5D 6C", tr("A run of three: 3 points")),
        _h(3, tr("The show")),
        _p(tr("Hands are counted with the starter: fifteens (2 each), pairs (2), runs (1 per "
              "card), flush (4, or 5 with the starter; the crib needs 5) and the jack of the "
              "starter's suit (1, \"his nobs\"). The non-dealer counts first, then the "
              "dealer's hand, then the crib.")),
        _pic("JD 5C 5S 9H | 2D",
             tr("His nobs: the jack of the starter's suit (2♦ turned), 1 point")),
        _p(tr("A player who wins while the loser has {skunk} or fewer wins a <b>skunk</b> "
              "({skunk_games} games); at {double_skunk} or fewer, a <b>double skunk</b> "
              "({double_skunk_games} games).").format(
            skunk=c.skunk_line, skunk_games=c.skunk_value, double_skunk=c.double_skunk_line,
            double_skunk_games=c.double_skunk_value)),
        _cribbage_options_html(),
    ])


def __getattr__(name: str) -> str:
    """``GIN_RULES_HTML`` and ``CRIBBAGE_RULES_HTML``: the pages in the language chosen at the
    time they are read (built on each use: the language is chosen after import)."""
    pages = {"GIN_RULES_HTML": gin_rules_html, "CRIBBAGE_RULES_HTML": cribbage_rules_html}
    if name in pages:
        return pages[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _shortcut_table(rows: Sequence[tuple[str, str, str]]) -> str:
    body = "".join(f"<tr><td><b>{keys}</b></td><td>{name}</td><td>{text}</td></tr>"
                   for keys, name, text in rows)
    heads = "".join(f"<th align='left'>{head}</th>"
                    for head in (tr("Keys"), tr("Action"), tr("What it does")))
    return f"<table cellpadding='4'><tr>{heads}</tr>{body}</table>"


def shortcuts_html(gin_rows: Sequence[tuple[str, str, str]],
                   cribbage_rows: Sequence[tuple[str, str, str]] | None = None) -> str:
    """The keyboard page: gin's keys, then cribbage's (``gui/cribbage/keys.py`` by default)."""
    if cribbage_rows is None:
        from ginrummy_desktop.gui.cribbage.keys import shortcut_rows as cribbage_shortcut_rows

        cribbage_rows = cribbage_shortcut_rows()
    return (_h(2, tr("Keyboard and mouse")) + _h(3, tr("Gin Rummy")) + _shortcut_table(gin_rows)
            + _h(3, tr("Cribbage")) + _shortcut_table(cribbage_rows))


class HelpDialog(QDialog):
    """A scrollable page of help text."""

    def __init__(self, title: str, html: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        layout = QVBoxLayout(self)
        self.browser = QTextBrowser(self)
        self.browser.setAccessibleName(title)
        for source in picture_sources(html):
            self.browser.document().addResource(
                QTextDocument.ResourceType.ImageResource, QUrl(source), page_picture(source))
        self.browser.setHtml(html)
        self.browser.setOpenExternalLinks(False)
        layout.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(640, 560)
