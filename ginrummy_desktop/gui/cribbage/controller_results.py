"""The end of the game: the result announced, resigning, the storage summary, and verifying the
deal just shown against its fair-deal commitment. Methods of ``CribbageController``
(``controller.py`` binds them to the class).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ginrummy_desktop.engine.cribbage import words as crib_words
from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.gui.cribbage.display import (
    STAGE_OVER,
    STAGE_SHOW,
)

if TYPE_CHECKING:
    from ginrummy_desktop.gui.cribbage.controller import CribbageController


def _finish_game(self: CribbageController) -> None:
    match = self.match
    if match.winner is None or self._stage == STAGE_OVER and self._result_sent:
        return
    self._stage = STAGE_OVER
    self.table.status.clear_prompt()
    self._sync_board()
    outcome = match.outcome() or "win"
    text = crib_words.game_over_text(self.speaker(match.winner), outcome,
                                (match.scores[0], match.scores[1]), self.rules.target)
    # Online there is no Rematch at the table (a new game is a new table in the lobby).
    again = tr("Press Rematch to play again.") if getattr(self.table, "rematch_allowed", True) \
        else tr("Open or join a new table in the lobby to play again.")
    self._say(text + " " + again, "success")
    self._refresh()
    self._result_sent = True
    self.match_over.emit()


def _sync_board(self: CribbageController) -> None:
    """Make sure the pegs show the engine's positions (e.g. after skipping ahead)."""
    view = self.match.view(self.human)
    board = self.table.board
    if board.is_animating():
        return
    for seat in (0, 1):
        board.set_pegs(seat, view.pegs[seat].front, view.pegs[seat].back, "")


def dealt_record(self: CribbageController) -> dict | None:
    """The engine's record of the deal just shown (None before a deal has been shown)."""
    if self._stage not in (STAGE_SHOW, STAGE_OVER) or not self.match.hand_records():
        return None
    if self._stage == STAGE_SHOW and self._show_index < len(self._show_steps):
        return None  # still counting: a muggins deal is not recorded until the crib
    return self.match.hand_records()[-1]


def verify_deal(self: CribbageController) -> tuple[bool, str] | None:
    """Check the deal just shown against the commitment published before it was played:
    (ok, explanation as HTML), or None when no finished deal is on show."""
    from ginrummy_desktop.engine.cribbage.cuts import check_cuts
    from ginrummy_desktop.gui.table.result_panel import verify_deal_text

    record = self.dealt_record()
    if record is None:
        return None
    ok, text = verify_deal_text(record, self.published.get(record.get("hand", -1)))
    cuts_ok, lines = check_cuts(record)  # the players' cuts chose cards from that deck
    if lines:
        mark = "✔" if cuts_ok else "✘"
        text += "<br><br>" + "<br>".join(f"{mark} {line}" for line in lines)
    return ok and cuts_ok, text


def summary(self: CribbageController, started_at: Any, result: str) -> Any:
    """The storage ``MatchSummary`` of this match ("win", "loss" or "abandoned")."""
    from ginrummy_desktop.gui.cribbage.new_game_dialog import CribbageSetup
    from ginrummy_desktop.gui.cribbage.summary import game_summary

    rules_text = CribbageSetup.from_rules(self.opponent_id, self.rules).rules_text()
    return game_summary(self.match, opponent_id=self.opponent_id,
                        opponent_name=self.names[self.bot_seat], rules=rules_text,
                        started_at=started_at, result=result, human=self.human)


def person_won(self: CribbageController) -> bool:
    return not self.resigned and self.match.winner == self.human


def resign(self: CribbageController) -> bool:
    """End the match now as the person's loss (``match_over`` records it)."""
    if self.match.over or self.resigned:
        return False
    self.stop()
    self.resigned = True
    self._stage = STAGE_OVER
    self._show_steps = []
    self._hint = None
    self._refresh()
    self.table.status.clear_prompt()  # nothing more to do at this table
    self._say(tr("You resigned: {name} wins the game. Press Rematch to play again.").format(
        name=self.names[self.bot_seat]), "info")
    self.match_over.emit()
    return True
