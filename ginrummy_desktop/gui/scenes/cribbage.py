"""Cribbage scenes for the screenshot registry: the cuts, discard, hint, play, show, game over.

Importing this module adds ``cribbage-*`` builders to ``gui.scenes.SCENES``. Each builds a
``CribbageTable`` at instant speed and lets a stand-in bot make the person's moves through the
controller (the same calls the mouse handlers make) until the table is in the wanted state.
``python -m ginrummy_desktop.gui.scenes.cribbage docs/screenshots`` writes the PNGs.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QDeadlineTimer
from PySide6.QtWidgets import QWidget

from ginrummy_desktop.engine.cribbage import CribbageMatch, CribbageRules
from ginrummy_desktop.engine.cribbage.rules import SHORT_TARGET
from ginrummy_desktop.gui.cribbage.controller import default_opponent
from ginrummy_desktop.gui.cribbage.table import CribbageTable
from ginrummy_desktop.gui.scenes import register_scene, render_scene

SEED = 20240611
SIZE = (1280, 800)


def _table(seed: int, rules: CribbageRules | None = None) -> CribbageTable:
    match = CribbageMatch(seed=seed, rules=rules)
    opponent = default_opponent(seed + 1, "careful")  # quick and good enough for pictures
    return CribbageTable(match=match, opponent=opponent, speed="instant")


def _step(table: CribbageTable, stand_in: object) -> None:
    """One decision for the person, chosen by ``stand_in``, made through the controller."""
    controller = table.controller
    if controller.stage == "show":
        controller.continue_game()
        return
    if controller.match.to_move() != controller.human:
        controller.settle()  # the opponent thinks off the GUI thread
        QCoreApplication.processEvents()  # a paced step is still pending
        return
    action = stand_in.choose(controller.match.observation(controller.human))  # type: ignore
    if action.kind == "discard":
        for card in action.cards:
            controller.toggle_discard(card)
        controller.send_discard()
    elif action.kind == "play":
        controller.play_card(action.card)


def _play_until(condition: Callable[[CribbageTable], bool], skip_hands: int = 0,
                seeds: int = 40, rules: CribbageRules | None = None,
                person: str = "careful") -> CribbageTable:
    """Play seeded games until ``condition`` holds (after ``skip_hands`` complete hands); the
    person's moves are the ``person`` bot's."""
    table: CribbageTable | None = None
    for seed in range(SEED, SEED + seeds):
        if table is not None:
            table.deleteLater()
        table = _table(seed, rules)
        stand_in = default_opponent(seed + 2, person)
        for _ in range(2000):
            controller = table.controller
            if controller.match.hand_number > skip_hands and condition(table):
                return table
            if controller.stage == "over":
                break
            _step(table, stand_in)
    assert table is not None
    return table


CUTS = CribbageRules(player_cuts=True)


@register_scene("cribbage-cut")
def cut_scene() -> QWidget:
    """The cut for the deal just made: both cards face up, "Low card deals: …", Deal ready."""
    table = _table(SEED, CUTS)
    controller = table.controller
    controller.cut(23)  # the person's cut, then the opponent's (off the GUI thread)
    deadline = QDeadlineTimer(20_000)
    while not controller.waiting_for_human and not deadline.hasExpired():
        controller.settle()
        QCoreApplication.processEvents()
        if controller.stage == "cut" and not controller.display.cut_pack and \
                controller.display.continue_label:
            break
        if controller.match.to_move() == controller.human and controller.stage == "cut":
            controller.cut(30)  # equal cards: cut again
    return table


@register_scene("cribbage-cut-starter")
def starter_cut_scene() -> QWidget:
    """The pack spread for the person's starter cut, the arrow keys' card raised."""
    match = CribbageMatch(seed=SEED, rules=CUTS, first_dealer=1)
    opponent = default_opponent(SEED + 1, "careful")
    table = CribbageTable(match=match, opponent=opponent, speed="instant")
    controller = table.controller
    advice = default_opponent(SEED, "careful").choose(match.observation(controller.human))
    for card in advice.cards:
        controller.toggle_discard(card)
    controller.send_discard()
    controller.settle()
    QCoreApplication.processEvents()
    for _ in range(3):
        controller.move_focus(1)
    return table


@register_scene("cribbage-discard")
def discard_scene() -> QWidget:
    """Hand 1: two cards chosen for the crib, Send ready."""
    table = _table(SEED)
    controller = table.controller
    controller.settle()  # the opponent may lay away first, off the GUI thread
    if controller.match.to_move() != controller.human:
        controller.new_match(seed=SEED, first_dealer=0)
        controller.settle()
    observation = controller.match.observation(controller.human)
    advice = default_opponent(SEED, "careful").choose(observation)
    for card in advice.cards:
        controller.toggle_discard(card)
    return table


@register_scene("cribbage-hint")
def hint_scene() -> QWidget:
    """The discard advisor's table of keeps with expected values."""
    table = _table(SEED)
    table.controller.settle()
    if table.controller.match.to_move() != table.controller.human:
        table.controller.new_match(seed=SEED, first_dealer=0)
        table.controller.settle()
    table.controller.toggle_hint()
    deadline = QDeadlineTimer(20_000)
    while table.controller.background.busy and not deadline.hasExpired():
        QCoreApplication.processEvents()  # the advisor works off the GUI thread
    return table


def _mid_play(table: CribbageTable) -> bool:
    d = table.display
    events = table.controller.match.events
    last = events[-1] if events else None  # the call just flashed is the last points pegged
    return (table.controller.stage == "play" and d.your_turn and len(d.play) >= 3
            and last is not None and last.points > 0
            and table.announcement_text == last.text)


@register_scene("cribbage-play")
def play_scene() -> QWidget:
    """Mid-game, mid-count: cards overlapping in the play area, a call just flashed."""
    return _play_until(_mid_play, skip_hands=3)


def _good_show(table: CribbageTable) -> bool:
    controller = table.controller
    if controller.stage != "show" or not controller._show_steps:
        return False
    return controller._show_steps[-1].total >= 6


@register_scene("cribbage-show")
def show_scene() -> QWidget:
    """The show: the crib laid out with the starter, its count spoken, combinations lit."""
    return _play_until(_good_show, skip_hands=2)


def _skunked(table: CribbageTable) -> bool:
    result = table.display.result
    return result is not None and result.outcome != "win"


@register_scene("cribbage-over")
def over_scene() -> QWidget:
    """End of game: the winner announced, with a skunk when the loser stayed below 91."""
    table = _play_until(_skunked, seeds=60)
    if table.display.result is None:  # no skunk in these seeds: show a plain win instead
        table = _play_until(lambda t: t.display.result is not None)
    return table


def short_game_skunk(seeds: int = 40) -> CribbageTable:
    """A 61-point game played to a skunk (the person, playing like a beginner, stays at or below
    the short game's 30 line)."""
    return _play_until(_skunked, seeds=seeds, rules=CribbageRules.for_target(SHORT_TARGET),
                       person="beginner")


@register_scene("cribbage-over-61")
def short_over_scene() -> QWidget:
    """End of a 61-point game with a skunk: the two-street board, its 30 line and game hole."""
    return short_game_skunk()


@register_scene("cribbage-61-statistics")
def short_statistics_scene() -> QWidget:
    """That 61-point game opened in the statistics history: its chart marks 61 and 30."""
    from datetime import UTC, datetime

    from ginrummy_desktop.gui.cribbage.summary import game_summary
    from ginrummy_desktop.gui.scenes.stats import statistics_scene

    match = short_game_skunk().controller.match
    return statistics_scene(lambda storage: storage.record_match(game_summary(
        match, opponent_id="careful", opponent_name="Careful", rules="61 points",
        started_at=datetime.now(UTC), result="win" if match.winner == 0 else "loss")),
        "History")


def main(argv: list[str] | None = None) -> int:
    """Write every cribbage scene as ``cribbage-<name>.png`` into the given folder."""
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0] if args else "docs/screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("cribbage-cut", "cribbage-cut-starter", "cribbage-discard", "cribbage-hint",
                 "cribbage-play", "cribbage-show", "cribbage-over", "cribbage-over-61",
                 "cribbage-61-statistics"):
        image = render_scene(name, *SIZE)
        path = folder / f"{name}.png"
        if not image.save(str(path)):
            print(f"could not write {path}", file=sys.stderr)
            return 1
        print(path)
    return 0


if __name__ == "__main__":
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    raise SystemExit(main())
