"""Hints: the discard advisor's table while discarding, the expert's play after (both worked out
off the GUI thread through ``Background``), and "Use this hint". Methods of
``CribbageController`` (``controller.py`` binds them to the class).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ginrummy_desktop.engine.cards import Card, card_text, cards_text
from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.gui.cribbage.display import (
    STAGE_DISCARD,
    STAGE_PLAY,
)

if TYPE_CHECKING:
    from ginrummy_desktop.gui.cribbage.controller import CribbageController


def toggle_hint(self: CribbageController) -> None:
    """Show or hide the hint: the discard advisor's table, or the expert's play."""
    if self._hint is not None:
        self._hint = None
        self._refresh()
        return
    if self.match.to_move() != self.human or self._stage not in (STAGE_DISCARD, STAGE_PLAY):
        self._say(tr("A hint is available when it is your move."), "info")
        return
    if self._hint_op is not None:
        return  # already thinking about one
    observation = self.match.observation(self.human)
    if self._stage == STAGE_DISCARD:
        from ginrummy_desktop.engine.cribbage.advisor import discard_table

        hand, is_dealer = observation.hand, observation.is_dealer
        self._hint_op = self.background.run(lambda: discard_table(hand, is_dealer),
                                            self._discard_hint_ready, self._hint_failed)
    else:
        # Looked up in controller.py when asked (where it lives, and where tests replace it).
        from ginrummy_desktop.gui.cribbage.controller import suggested_play

        self._hint_op = self.background.run(lambda: suggested_play(observation),
                                            self._play_hint_ready, self._hint_failed)
    self._say(tr("Thinking about a hint…"), "info")


def use_hint(self: CribbageController) -> None:
    """"Use this hint": the advisor's toss becomes the person's choice for the crib (they
    still confirm with Send), or the expert's play gets the keyboard focus (Enter plays)."""
    if self._hint is None or self.match.to_move() != self.human:
        self._say(tr("Ask for a hint first (H)."), "info")
        return
    cards = [c for c in self._hint[2] if c in self.display.hand]
    if self._stage == STAGE_DISCARD and len(cards) == 2:
        self._pending = sorted(cards)
        self._hint = None
        self._refresh()
        self._say(self._discard_prompt(), "turn")
    elif self._stage == STAGE_PLAY and cards:
        self._focus = cards[0]
        self._hint = None
        self._refresh()
        self._say(tr("{card} is ready: press Enter (or double-click it) to play it.").format(
            card=card_text(cards[0])), "info")


def _cancel_hint(self: CribbageController) -> None:
    """The position changed: a hint still being worked out would be stale."""
    if self._hint_op is not None:
        self.background.forget(self._hint_op)
        self._hint_op = None
    self._hint = None


def _hint_failed(self: CribbageController, reason: str) -> None:
    self._hint_op = None
    self._say(tr("No suggestion is available right now ({reason}).").format(reason=reason),
              "info")


def _play_hint_ready(self: CribbageController, card: Card | None) -> None:
    self._hint_op = None
    if card is None:
        self._say(tr("No suggestion is available right now."), "info")
        return
    self._hint = ("", (), frozenset({card}))
    self._say(tr("The expert would play {card}.").format(card=card_text(card)), "hint")
    self._refresh()


def _discard_hint_ready(self: CribbageController, options: Any) -> None:
    self._hint_op = None
    self._hint = self._discard_hint(options)
    self._refresh()


def _discard_hint(self: CribbageController, options: Any) -> tuple[str, tuple, frozenset[Card]]:
    is_dealer = self.match.dealer == self.human
    title = tr("Discard advisor: expected points (your crib)") if is_dealer \
        else tr("Discard advisor: expected points (the opponent's crib)")
    # Translators: the advisor table's column heads; spaces line the columns up.
    lines = [(tr("Keep   |   toss"), tr("hand   crib    net"), True)]
    for option in options:
        lines.append(
            (
                f"{cards_text(option.keep)}  |  {cards_text(option.toss)}",
                f"{option.hand:5.2f}  {option.crib:5.2f}  {option.net:6.2f}",
                option is options[0],
            )
        )
    self._say(
        tr("Best: keep {keep} and toss {toss} ({points} expected).").format(
            keep=cards_text(options[0].keep), toss=cards_text(options[0].toss),
            points=f"{options[0].net:.2f}"),
        "hint",
    )
    return title, tuple(lines), frozenset(options[0].toss)
