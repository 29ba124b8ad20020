"""The show: each hand and the crib counted item by item, and with muggins the counts.

Without muggins the show is laid out from the engine's record of the hand just played. With the
muggins option the show is part of the game: the engine waits for each count. The person enters
theirs (the engine refuses an over-count), the opponent agent counts its own (through the turn
loop), and whoever did not count may take the points missed ("Muggins!"), which are pegged to
them. Methods of ``CribbageController`` (``controller.py`` binds them to the class).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer

from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.cards import Card, parse_cards
from ginrummy_desktop.engine.cribbage import words as crib_words
from ginrummy_desktop.engine.cribbage.observation import (
    COUNT,
    MUGGINS,
)
from ginrummy_desktop.engine.cribbage.scoring import ScoreItem, ShowScore
from ginrummy_desktop.engine.translation import tr, tr_n
from ginrummy_desktop.gui.cribbage.display import (
    STAGE_SHOW,
    ShowStep,
)

if TYPE_CHECKING:
    from ginrummy_desktop.gui.cribbage.controller import CribbageController

# Pauses of the show (ms at "normal" speed, scaled by the animation speed).
SHOW_ITEM_MS = 750
SHOW_STEP_PAUSE_MS = 900


def _items_from_json(items: list[dict]) -> tuple[ScoreItem, ...]:
    return tuple(
        ScoreItem(item["kind"], tuple(parse_cards(item["cards"])), item["points"])
        for item in items
    )


def _begin_show(self: CribbageController) -> None:
    record = self.match.hand_records()[-1]
    self._show_steps = [
        ShowStep(
            seat=show["seat"],
            what=show["what"],
            cards=tuple(parse_cards(show["cards"])),
            items=_items_from_json(show["items"]),
            total=show["total"],
            # The record keeps the count in English; the table says it in the chosen
            # language from the same items.
            spoken=ShowScore(_items_from_json(show["items"])).spoken,
        )
        for show in record["shows"]
    ]
    self._show_starter = Card.parse(record["starter"])
    self._show_dealer = record["dealer"]
    dealt = [parse_cards(cards) for cards in record["dealt"]]
    discards = [parse_cards(cards) if cards else [] for cards in record["discards"]]
    self._show_kept = {
        seat: tuple(sorted(c for c in dealt[seat] if c not in discards[seat]))
        for seat in (0, 1)
    }
    self._show_crib = tuple(sorted(discards[0] + discards[1]))
    self._show_index = 0
    self._show_items = 0
    self._rush = False
    self._awaiting_count = False
    self._counted_by_person = None
    self._stage = STAGE_SHOW
    self._hand_seen = self.match.hand_number
    self._events_seen = 0 if not self.match.over else self._events_seen
    self._count_bounds = []
    self._refresh()
    self._later(self._show_next_item, SHOW_STEP_PAUSE_MS)


def _begin_live_show(self: CribbageController) -> None:
    """Muggins: lay out the show from the table while the engine waits for the counts."""
    match = self.match
    assert match.starter is not None
    self._show_steps = [ShowStep(part.seat, part.what, part.cards, part.score.items,
                                 part.score.total, part.score.spoken)
                        for part in match.show_parts() if part.score is not None]
    self._show_starter = match.starter
    self._show_dealer = match.dealer
    self._show_kept = {seat: tuple(sorted(match.kept[seat])) for seat in (0, 1)}
    self._show_crib = tuple(sorted(match.crib))
    counted = len(match.counted_shows)
    # In the muggins phase the step on show is counted already; the claim is pending.
    self._show_index = counted - 1 if match.phase == MUGGINS else counted
    self._show_items = 0
    self._rush = False
    self._awaiting_count = False
    self._counted_by_person = None
    self._step_claim = None
    self._live_show = True
    self._stage = STAGE_SHOW
    self._hand_seen = match.hand_number
    self._count_bounds = []
    self._refresh()
    self._later(self._show_next_item, SHOW_STEP_PAUSE_MS)


def _live_count(self: CribbageController) -> bool:
    """Muggins: make sure the engine has counted the step on show (and settled any claim).

    Returns False while it waits for the person's count."""
    match = self.match
    if match.hand_number == self._hand_seen and match.phase == COUNT and \
            len(match.counted_shows) == self._show_index:
        if match.to_move() == self.human:
            self._awaiting_count = True
            self._refresh()
            crib = self._show_steps[self._show_index].what == "crib"
            self._say(tr("Count your crib with the starter: type or pick the points and "
                         "press Count (Enter). Points you miss go to your opponent.") if crib
                      else tr("Count your hand with the starter: type or pick the points "
                              "and press Count (Enter). Points you miss go to your "
                              "opponent."), "turn")
            return False
        return self._ask_opponent_count()
    if match.phase == MUGGINS and match.hand_number == self._hand_seen:
        seat = match.to_move()
        if seat == self.bot_seat:
            return self._ask_opponent_count()
        if seat is not None:  # muggins always waits on a seat
            self._engine_apply(seat, Action("muggins"))  # the app always claims for the person
    shows = (match.counted_shows if match.hand_number == self._hand_seen
             else match.hand_records()[-1]["shows"])
    show = shows[self._show_index]
    self._step_claim = (show.get("claimed", show["total"]), show.get("muggins", 0))
    if match.over:  # nothing after the winning count is shown
        self._show_steps = self._show_steps[: self._show_index + 1]
    return True


def _ask_opponent_count(self: CribbageController) -> bool:
    """The turn loop asks the opponent for its count or claim; the show goes on when it
    is applied (``_present_move``)."""
    self._bot_counting = True
    self.loop.kick()
    return False


def _engine_apply(self: CribbageController, seat: int, action: Action) -> None:
    self.loop.play(seat, action)
    self.action_applied.emit(seat, action)  # autosave


def _show_next_item(self: CribbageController) -> None:
    """Highlight the next combination of the current show step, then peg its total."""
    if self._stage != STAGE_SHOW or self._show_index >= len(self._show_steps):
        return
    step = self._show_steps[self._show_index]
    if self._live_show and self._step_claim is None and not self._live_count():
        return
    if self.manual_count and not self._live_show and step.seat == self.human and \
            self._counted_by_person is None:
        self._awaiting_count = True  # the person counts first; see submit_count
        self._refresh()
        self._say(tr("Count your crib with the starter, enter the points and press Count.")
                  if step.what == "crib" else
                  tr("Count your hand with the starter, enter the points and press Count."),
                  "turn")
        return
    animator = self.table.animator
    if animator.instant or self._rush:
        self._show_items = len(step.items)
    elif self._show_items < len(step.items):
        self._show_items += 1
        self._refresh()
        QTimer.singleShot(animator.scaled(SHOW_ITEM_MS), self._guarded(self._show_next_item))
        return
    self._refresh()
    what = "crib" if step.what == "crib" else "hand"
    claimed, mugged = self._step_claim or (step.total, 0)
    if claimed:
        note = step.spoken if claimed == step.total else tr(
            "counted {claimed} of {total}").format(claimed=claimed, total=step.total)
        self.table.board.peg(step.seat, claimed, (
            tr("crib: {note}") if what == "crib" else tr("hand: {note}")).format(note=note))
    verdict = self._count_verdict(step)
    text = verdict + crib_words.show_text(self.speaker(step.seat), what, step.spoken,
                                          step.total)
    if mugged:
        text += " " + self._announce_muggins(step, mugged)
    elif claimed < step.total:
        missed = step.total - claimed
        # Translators: {count} points of a short count; English says "them" for one too.
        text += " " + tr_n("{count} missed; nobody took them.",
                           "{count} missed; nobody took them.", missed).format(count=missed)
    # A short count is not a refused move: no "Not allowed" sign, the words say it all.
    self._say(text, "info")
    self._log(text.strip())
    self._show_index += 1
    self._show_items = 0
    self._counted_by_person = None
    self._step_claim = None
    pause = 0 if self._rush else SHOW_STEP_PAUSE_MS
    if self._show_index < len(self._show_steps):
        self._later(self._show_next_item, pause)
    else:
        self._later(self._show_finished, 0)


def _announce_muggins(self: CribbageController, step: ShowStep, points: int) -> str:
    """Flash and peg a muggins claim; returns the words for the status line."""
    taker = 1 - step.seat
    text = crib_words.muggins_text(self.speaker(taker), self.speaker(step.seat), points)
    self.table.announce(text, taker)
    self.table.board.peg(taker, points, text)
    return text + "."


def submit_count(self: CribbageController, points: int) -> None:
    """The person's own count of the hand or crib on show (manual counting, or muggins,
    where the engine takes the count: an over-count is refused and asked again)."""
    if not self._awaiting_count:
        return
    if self._live_show:
        try:
            self._engine_apply(self.human, Action("count", points=int(points)))
        except IllegalActionError as error:
            self._say(tr("{problem} Count again.").format(problem=error), "warning")
            return
    self._awaiting_count = False
    self._counted_by_person = int(points)
    self._show_next_item()


def _count_verdict(self: CribbageController, step: ShowStep) -> str:
    claimed = self._counted_by_person
    if claimed is None:
        return ""
    # Without muggins pegging follows the engine's exact count; a wrong count is only
    # pointed out.
    return crib_words.count_verdict(claimed, step.total, muggins=self._live_show)


def _show_finished(self: CribbageController) -> None:
    if self.match.over:
        self._finish_game()
    else:
        self._refresh()


def _hand_done(self: CribbageController) -> bool:
    record = self.match.hand_records()[-1] if self.match.hand_records() else None
    return bool(record and record.get("shows"))
