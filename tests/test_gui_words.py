"""Words at the table: no card code (JC, TH, 10H) in anything a person reads, and sentences that
name people read right with a profile name.

Two checks for card codes: a scan of the GUI's sources for strings built from a card's code,
and both tables driven through hands by bots while every status line, panel, label, button,
tooltip and scene text is collected and searched.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QGraphicsView,
    QLabel,
)

import ginrummy_desktop
from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cribbage import CribbageMatch
from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
from ginrummy_desktop.gui.cribbage.table import CribbageTable
from ginrummy_desktop.gui.gin.controller import HUMAN, MatchSetup
from ginrummy_desktop.gui.table.status import StatusLine
from tests.gui_helpers import open_gin_window, settle
from tests.test_engine_wording import CARD_CODE

GUI = Path(ginrummy_desktop.__file__).parent / "gui"
# Names that hold a card (or cards, or an action naming one) in the GUI's code.
CARDISH = re.compile(r"^(card|cards|c|top|upcard|starter|drawn|locked|keep|toss|action|"
                     r"\w+_card|\w+_cards)$")


def _last_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript):
        return _last_name(node.value)
    return None


def card_code_leaks(source: str) -> list[tuple[int, str]]:
    """Places where text is built from a card's code: ``f"...{card}"``, ``f"{card!s}"``,
    ``"..." + str(card)``, ``" ".join(str(c) ...)`` and any ``format_cards`` (the records'
    format). ``card_text`` / ``cards_text`` are how the GUI writes cards."""
    leaks: list[tuple[int, str]] = []
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.FormattedValue):
            name = _last_name(node.value)
            if name and CARDISH.search(name):
                leaks.append((node.lineno, f"{{{ast.unparse(node.value)}}} in an f-string"))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            for side in (node.left, node.right):
                if isinstance(side, ast.Call) and _last_name(side.func) in ("str", "repr") and \
                        side.args and CARDISH.search(_last_name(side.args[0]) or ""):
                    leaks.append((node.lineno, f"{ast.unparse(side)} joined to text"))
        elif isinstance(node, ast.Call) and _last_name(node.func) == "join" and node.args and \
                isinstance(node.args[0], ast.GeneratorExp | ast.ListComp):
            element = node.args[0].elt
            if isinstance(element, ast.Call) and _last_name(element.func) in ("str", "repr"):
                leaks.append((node.lineno, f"{ast.unparse(node)} joins card codes"))
        elif isinstance(node, ast.Name) and node.id == "format_cards":
            leaks.append((node.lineno, "format_cards writes the records' codes"))
    return leaks


def test_the_scanner_finds_each_way_of_writing_a_card_code():
    bad = '''
f"You cannot discard {card}"
f"Take {action.card!s} now"
"Keep " + str(card)
" ".join(str(c) for c in cards)
format_cards(hand)
'''
    assert len(card_code_leaks(bad)) == 5
    good = 'f"Take {card_text(card)}: {count} outs"\n{"order": [str(c) for c in hand]}\n'
    assert card_code_leaks(good) == []


def test_no_gui_source_writes_a_card_code_into_words():
    found = [f"{path.relative_to(GUI)}:{line}: {what}"
             for path in sorted(GUI.rglob("*.py"))
             for line, what in card_code_leaks(path.read_text(encoding="utf-8"))]
    assert found == []


# ----------------------------------------------------------------------------- at run time
@pytest.fixture
def said(monkeypatch):
    """Every status-line message of the test (patched before any table connects to it)."""
    messages: list[str] = []
    original = StatusLine.show_message

    def recording(self, text, kind="info"):
        messages.append(text)
        original(self, text, kind)

    monkeypatch.setattr(StatusLine, "show_message", recording)
    return messages


def readable_texts(root) -> list[str]:
    """Every text a person can read in ``root``: labels, buttons, actions, tooltips, accessible
    names and descriptions, window titles, and the text and tooltips of scene items."""
    texts: list[str] = []
    widgets = [root, *root.findChildren(QLabel), *root.findChildren(QAbstractButton)]
    for widget in widgets:
        texts += [widget.toolTip(), widget.accessibleName(), widget.accessibleDescription(),
                  widget.windowTitle()]
        if isinstance(widget, QLabel | QAbstractButton):
            texts.append(widget.text())
    for action in root.findChildren(QAction):
        texts += [action.text(), action.toolTip(), action.statusTip()]
    for view in root.findChildren(QGraphicsView):
        for item in view.scene().items() if view.scene() is not None else ():
            texts.append(item.toolTip())
            if isinstance(item, QGraphicsSimpleTextItem):
                texts.append(item.text())
            elif isinstance(item, QGraphicsTextItem):
                texts.append(item.toPlainText())
    return [text for text in texts if text]


def assert_no_card_codes(texts: list[str]) -> None:
    leaks = sorted({text for text in texts if CARD_CODE.search(text)})
    assert leaks == []


@pytest.fixture
def window(qtbot, said):
    yield from open_gin_window(qtbot)


def play_gin_to_the_panel(qtbot, window, seen: list[str], said: list[str] | None = None):
    """A greedy stand-in plays the person's seat until the end-of-hand panel shows; with
    ``said`` it first tries to discard each card it took from the pile (a refusal)."""
    screen = window.gin_screen
    controller = screen.controller
    stand_in = BUILTIN_BOTS["greedy"]()
    for _ in range(400):
        assert controller.settle()  # the opponent thinks off the GUI thread
        if screen.panel.isVisible():
            return screen
        view = controller.view()
        if said is not None and controller.locked is not None and view.to_move == HUMAN:
            # The card just taken from the pile may not go straight back: the refusal names it.
            assert controller.play(Action("discard", controller.locked)) is False
            assert "cannot discard" in said[-1]
        action = stand_in.choose(controller.session.observation(HUMAN))
        assert controller.play(action)
        seen += readable_texts(window)
    raise AssertionError("the hand did not end")


def test_gin_table_words_show_cards_as_people_write_them(qtbot, window, said):
    screen = window.gin_screen
    seen: list[str] = []
    for hand in range(3):
        if hand == 0:
            screen.new_match(MatchSetup(preset="classic", opponent="greedy", seed=5))
            assert screen.controller.settle()
            # Ask for a hint with the H key: the expert's reason names cards and outs.
            qtbot.keyClick(window, Qt.Key.Key_H)
            qtbot.waitUntil(lambda: screen.controller.last_hint is not None, timeout=60_000)
            assert not re.search(r"\b1 outs\b", said[-1])
        play_gin_to_the_panel(qtbot, window, seen, said)
        seen += readable_texts(window)
        qtbot.mouseClick(screen.panel.findChild(QAbstractButton, None), Qt.MouseButton.LeftButton)
        if screen.controller.session.over:
            break
    assert any("♣" in text or "♦" in text or "♥" in text or "♠" in text for text in said)
    assert any("cannot discard" in text for text in said)
    assert_no_card_codes(seen + said)


def test_cribbage_table_words_show_cards_as_people_write_them(qtbot, said):
    match = CribbageMatch(seed=9, first_dealer=1)
    table = CribbageTable(match=match, speed="instant")
    qtbot.addWidget(table)
    table.resize(1180, 760)
    table.show()
    qtbot.waitExposed(table)
    controller = table.controller
    seen: list[str] = []
    settle(qtbot, table)
    qtbot.mouseClick(table.hint_button, Qt.MouseButton.LeftButton)  # the discard advisor
    settle(qtbot, table)
    seen += readable_texts(table)
    for _ in range(600):
        settle(qtbot, table)  # the opponent, hints and the advisor think off the GUI thread
        if match.over or match.hand_number > 3:
            break
        if controller.stage == "show" or controller.display.continue_label:
            controller.skip_animations()
            controller.continue_game()
        elif match.to_move() == controller.human:
            legal = match.legal_actions(controller.human)
            if legal[0].kind == "discard":
                for card in legal[0].cards:
                    controller.toggle_discard(card)
                qtbot.mouseClick(table.send_button, Qt.MouseButton.LeftButton)
            elif legal[0].kind == "play":
                hand = match.observation(controller.human).hand
                playable = {a.card for a in legal if a.kind == "play"}
                refused = [card for card in hand if card not in playable]
                if refused:  # a card over 31: the refusal names it
                    controller.play_card(refused[0])
                if controller.stage == "play" and not refused:
                    qtbot.mouseClick(table.hint_button, Qt.MouseButton.LeftButton)
                    settle(qtbot, table)
                controller.play_card(legal[0].card)
            else:
                controller._apply(controller.human, legal[0])
        else:
            controller.skip_animations()
        seen += readable_texts(table) + [table.announcement_text]
    assert match.hand_number > 1
    assert_no_card_codes(seen + said)


def test_end_of_hand_panel_reads_right_with_a_profile_name(qtbot, window):
    window.set_player_name("Ann")
    screen = window.gin_screen
    screen.new_match(MatchSetup(preset="classic", opponent="greedy", seed=3))
    play_gin_to_the_panel(qtbot, window, [])
    panel = screen.panel
    title, rows, score = panel.title.text(), panel.rows, panel.score.text()
    result = screen.controller.session.last_result
    # The person is "you" in the sentence, with second-person verbs; the rows name the seats.
    you_scored = result.winner == HUMAN
    assert re.search(r": you score \d+$" if you_scored else r": Greedy\S* scores \d+$", title)
    assert "Ann score" not in title and "You scores" not in title and "you scores" not in title
    if result.knocker == HUMAN:
        assert title.startswith("You ")
        assert "were undercut" in title if result.kind == "undercut" else True
    assert any(row[0].startswith("Ann: deadwood") for row in rows)
    assert score.startswith("Ann ")
