"""The common frame of the persona bots: read the observation, decide, answer a legal action.

A persona only answers two questions: "take the upcard?" and "which card goes, and do I go
out?". ``PersonaBot.choose`` turns those answers into an element of ``legal_actions`` and never
returns anything else, whatever the rules preset offers (wall rules, gin-only hands, big gin).
"""

from __future__ import annotations

from typing import Any

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.gin.bots.fastmelds import after_each_discard
from ginrummy_desktop.engine.gin.bots.knowledge import Knowledge, legal_by_kind, read_knowledge
from ginrummy_desktop.engine.rng import StableRandom

DRAW_PHASE_KINDS = {"draw_stock", "draw_discard", "pass"}
GO_OUT_KINDS = {"knock", "gin"}


class PersonaBot:
    """Base class: subclasses implement ``wants_upcard`` and ``pick_discard``."""

    persona_id = "persona"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = StableRandom(seed if seed is not None else 0x5EED)
        self._hand_key: tuple[Any, ...] | None = None
        self._previous_hand = 0
        self._pairs: set[int] = set()

    # -- decisions a persona makes ------------------------------------------------------------
    def wants_upcard(self, observation: Any, knowledge: Knowledge) -> bool:
        raise NotImplementedError

    def pick_discard(
        self, observation: Any, knowledge: Knowledge, allowed: int
    ) -> tuple[int, bool]:
        """Return (card index to discard, whether to go out with it if the rules allow)."""
        raise NotImplementedError

    def choose_other(self, observation: Any, legal: list[Action]) -> Action:
        """Decisions outside draw/discard (an engine's extra phases): the first legal one."""
        return legal[0]

    # -- the frame ----------------------------------------------------------------------------
    def choose(self, observation: Any) -> Action:
        legal = list(observation.legal_actions)
        if not legal:
            raise ValueError("no legal action offered: the match is not waiting for this seat")
        grouped = legal_by_kind(legal)
        if "big_gin" in grouped:
            return grouped["big_gin"][0]
        knowledge = read_knowledge(observation)
        self._track_hand(observation, knowledge)
        if set(grouped) <= DRAW_PHASE_KINDS:
            return self._draw_action(observation, knowledge, grouped)
        if "discard" in grouped or GO_OUT_KINDS & set(grouped):
            return self._discard_action(observation, knowledge, grouped)
        return self.choose_other(observation, legal)

    def _draw_action(
        self, observation: Any, knowledge: Knowledge, grouped: dict[str, list[Action]]
    ) -> Action:
        take = "draw_discard" in grouped and self.wants_upcard(observation, knowledge)
        if take:
            return grouped["draw_discard"][0]
        for kind in ("draw_stock", "pass", "draw_discard"):
            if kind in grouped:
                return grouped[kind][0]
        raise AssertionError("unreachable: draw phase without a draw action")

    def _discard_action(
        self, observation: Any, knowledge: Knowledge, grouped: dict[str, list[Action]]
    ) -> Action:
        by_card: dict[tuple[str, int], Action] = {}
        allowed = 0
        for kind in ("discard", "knock", "gin"):
            for action in grouped.get(kind, ()):
                if action.card is not None:
                    by_card[(kind, action.card.index)] = action
                    allowed |= 1 << action.card.index
        if not allowed:
            return next(iter(grouped.values()))[0]
        self._learn_drawn_card(knowledge)
        index, go_out = self.pick_discard(observation, knowledge, allowed)
        if not allowed >> index & 1:
            index = (allowed & -allowed).bit_length() - 1
        if knowledge.just_drew:
            self._pairs.add(knowledge.just_drew | 1 << index)
        self._previous_hand = knowledge.hand & ~(1 << index)
        kinds = ("gin", "knock", "discard") if go_out else ("discard", "knock", "gin")
        for kind in kinds:
            chosen = by_card.get((kind, index))
            if chosen is not None:
                return chosen
        raise AssertionError("unreachable: allowed card without an action")

    def _track_hand(self, observation: Any, knowledge: Knowledge) -> None:
        """Forget per-hand memory when a new hand starts (history restarts)."""
        key = (
            getattr(observation, "hand_number", None),
            getattr(observation, "dealer", None),
            tuple(getattr(observation, "scores", ()) or ()),
        )
        history_length = len(getattr(observation, "history", ()) or ())
        if key != self._hand_key or history_length <= 1:
            self._hand_key = key
            self._pairs = set()
            self._previous_hand = 0
        self._pairs |= knowledge.my_draw_discard_pairs

    def _learn_drawn_card(self, knowledge: Knowledge) -> None:
        """If the history hides my own stock draw, recover it from the hand I kept last turn."""
        if knowledge.just_drew or not self._previous_hand:
            return
        new = knowledge.hand & ~self._previous_hand
        if new and new & (new - 1) == 0 and self._previous_hand & ~knowledge.hand == 0:
            knowledge.just_drew = new

    # -- helpers shared by personas -----------------------------------------------------------
    @staticmethod
    def knock_limit(observation: Any) -> int:
        """This hand's knock limit (0: gin only), as the engine set it."""
        return int(observation.knock_limit)

    def repeat_forbidden(self, knowledge: Knowledge) -> int:
        """Cards whose discard would repeat a (drawn, discarded) pair of this hand."""
        forbidden = 0
        if knowledge.just_drew:
            for pair in self._pairs:
                if pair & knowledge.just_drew:
                    rest = pair & ~knowledge.just_drew
                    forbidden |= rest if rest else knowledge.just_drew
        return forbidden


def residuals(hand: int, allowed: int) -> list[tuple[int, int]]:
    """(card index, deadwood after discarding it) for the allowed cards of an 11-card hand."""
    return [(index, value) for index, value in after_each_discard(hand) if allowed >> index & 1]

