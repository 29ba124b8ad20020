"""What the window offers at start instead of dealing silently: an unfinished match is offered
for resuming ("Resume" / "New match"); after a finished match the table stays calm and offers
"New match" / "Rematch". The question waits until the window is on screen. Behind the resume
question the window shows plain felt (``WAITING_OBJECT``), not a table with no cards whose
buttons look ready to play; either answer puts the game's table back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from shiboken6 import isValid

from ginrummy_desktop.engine.translation import mark, tr
from ginrummy_desktop.gui.game_registry import find_gui_game
from ginrummy_desktop.gui.table.palette import TablePalette, fill_with

if TYPE_CHECKING:
    from ginrummy_desktop.gui.shell.main_window import MainWindow

RESUME_OBJECT, AFTER_MATCH_OBJECT = "resumeOffer", "afterMatchOffer"
WAITING_OBJECT = "resumeWaiting"
# Words that differ with what one contest of the game is called (its registration's
# ``contest``: a gin "match", a cribbage "game"); any other word reads as "game". Marked here,
# shown with tr().
RESUME_TEXT = {
    "match": mark("Resume your match against {names} (score {score}, hand {hand})?"),
    "game": mark("Resume your game against {names} (score {score}, hand {hand})?"),
}
RESUME_TITLE = {"match": mark("Match in progress"), "game": mark("Game in progress")}
AFTER_TEXT = {
    ("match", "win"): mark("You won your last match against {name}, {score}. Play again?"),
    ("match", "loss"): mark("You lost your last match against {name}, {score}. Play again?"),
    ("match", "other"): mark("Your last match against {name} ended {score}. Play again?"),
    ("game", "win"): mark("You won your last game against {name}, {score}. Play again?"),
    ("game", "loss"): mark("You lost your last game against {name}, {score}. Play again?"),
    ("game", "other"): mark("Your last game against {name} ended {score}. Play again?"),
}
AFTER_TITLE = {"match": mark("Match over"), "game": mark("Game over")}
NEW_CONTEST = {"match": mark("New match"), "game": mark("New game")}


def contest_word(game: str) -> str:
    """"match" or "game": what one contest of ``game`` is called."""
    entry = find_gui_game(game)
    return "match" if entry is not None and entry.contest == "match" else "game"


def opponent_name(game: str, bot_id: str) -> str:
    """The name the table shows for ``bot_id`` (the game's opponents' own name)."""
    entry = find_gui_game(game)
    if entry is not None and entry.opponents is not None:
        names = {o.bot_id: o.name for o in entry.opponents()[0]}
        if bot_id in names:
            return str(names[bot_id])
    return bot_id.title()


def resume_question(game: str, session: Any, bot_id: str, others: tuple[str, ...] = ()
                    ) -> str:
    """"Resume your match against Ada (score 25–10, hand 3)?" (the person's side first;
    three-player gin names both opponents and all three scores)."""
    from ginrummy_desktop.engine.wording import names_together

    score = "–".join(f"{points}" for points in session.scores)
    hand = len(session.hand_records()) + 1
    names = [opponent_name(game, bot) for bot in (bot_id, *others)]
    if len(names) == 3:  # a partnership: the partner is named apart
        return tr("Resume your match against {names} with {partner} as your partner (score "
                  "{score}, hand {hand})?").format(names=names_together(names[::2]),
                                                   partner=names[1], score=score, hand=hand)
    text = tr(RESUME_TEXT[contest_word(game)])  # a cribbage game is not a match
    return text.format(names=names_together(names), score=score, hand=hand)


def _ask(window: MainWindow, name: str, title: str, text: str,
         choices: list[tuple[str, Any]]) -> QMessageBox:
    """A window-modal question whose buttons run ``choices``; shown once the window is."""
    box = QMessageBox(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.NoButton,
                      window)
    box.setObjectName(name)
    actions = {}
    for label, action in choices:
        actions[box.addButton(label, QMessageBox.ButtonRole.AcceptRole)] = action
    box.setDefaultButton(next(iter(actions)))
    box.buttonClicked.connect(lambda button: actions[button]())
    window.start_offer = box  # tests and the next start read it

    def show_when_window_is() -> None:
        if not (isValid(box) and isValid(window)) or box.parent() is None:
            return  # the window (and so the question) closed before it was shown
        other = QApplication.activeModalWidget()
        if window.isVisible() and (other is None or other is box):
            box.open()
        else:  # a window not shown yet (tests, scenes), or the start-up problems dialog app.main
            # shows over the window first: the question comes once it is answered
            QTimer.singleShot(50, show_when_window_is)
    QTimer.singleShot(0, show_when_window_is)
    return box


def offer_resume(window: MainWindow, restored: tuple[str, Any, Any]) -> QMessageBox:
    """Ask before continuing ``restored``; "New match" records it as abandoned, as the New
    match command does, and deals a new game of the same kind."""
    persistence = window.persistence
    assert persistence is not None
    game, session, start = restored
    take_away_felt = _show_felt(window)

    def resume() -> None:
        take_away_felt()
        if persistence.resume(restored):
            window._show_game(game)  # noqa: SLF001 - a restored gin match does not switch
        else:  # the save could not be continued after all: a table to play on, not felt
            _new_game(window, game)

    def new_match() -> None:
        take_away_felt()
        try:
            start(window)  # on screen for a moment, so the new game records it as abandoned
        except Exception as error:  # noqa: BLE001 - a new game must start all the same
            window.notify(tr("The game in progress could not be recorded as abandoned: "
                             "{problem}").format(problem=error))
        _new_game(window, game)
    text = resume_question(game, session, getattr(start, "opponent", ""),
                           tuple(getattr(start, "others", ())))
    title = tr(RESUME_TITLE[contest_word(game)])
    return _ask(window, RESUME_OBJECT, title, text,
                [(tr("Resume"), resume), (tr("New match"), new_match)])


def _new_game(window: MainWindow, game: str) -> None:
    window.start_new(game)


def _show_felt(window: MainWindow) -> Any:
    """Plain felt in the table's colour over the window's tables; returns how to remove it."""
    felt = QWidget(window.stack)
    felt.setObjectName(WAITING_OBJECT)
    fill_with(felt, TablePalette.for_felt(window.table_colour).felt)
    window.stack.addWidget(felt)
    window.stack.setCurrentWidget(felt)

    def take_away() -> None:
        if isValid(felt):
            window.stack.removeWidget(felt)
            felt.deleteLater()
    return take_away


def offer_after_match(window: MainWindow, last: Any) -> QMessageBox:
    """The last match ended: a calm table offering a new match or a rematch of ``last`` (a
    stored ``HistoryRow``)."""
    name = last.opponent_name or opponent_name(last.game, last.opponent_id)
    score = f"{last.player_score}–{last.opponent_score}"
    word = contest_word(last.game)  # a cribbage game is not a match
    outcome = last.result if last.result in ("win", "loss") else "other"
    text = tr(AFTER_TEXT[word, outcome]).format(name=name, score=score)

    def rematch() -> None:
        table = window.tables.get(last.game)
        if table is None:  # a game the window has no table for
            window.start_default_match()
        else:
            table.start_again(last.opponent_id, last.rules)

    def new_contest() -> None:  # the finished game's own New game dialog
        entry = find_gui_game(last.game)
        if entry is None:
            window.new_match_dialog()
        else:
            entry.new_game_dialog(window)
    return _ask(window, AFTER_MATCH_OBJECT, tr(AFTER_TITLE[word]), text,
                [(tr("Rematch"), rematch), (tr(NEW_CONTEST[word]), new_contest)])
