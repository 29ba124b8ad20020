"""Todd Neller's SimpleGinRummyPlayer (EAAI Gin Rummy challenge), ported faithfully.

- Upcard: take it when it would belong to *any* meld of the 11 cards (no deadwood test).
- Discard: among the 11 cards, leaving out the upcard just taken and any card that would repeat
  a (drawn, discarded) pair already played this hand, keep those whose removal leaves the least
  deadwood and pick one uniformly at random.
- Go out as soon as the remaining ten cards have deadwood <= the knock limit (gin at 0).
- It ignores everything the opponent does.
"""

from __future__ import annotations

from typing import Any

from ginrummy_desktop.engine.gin.bots.base import PersonaBot
from ginrummy_desktop.engine.gin.bots.fastmelds import best_discards, melded_in_any
from ginrummy_desktop.engine.gin.bots.knowledge import Knowledge


class SimpleBot(PersonaBot):
    """The published research baseline."""

    persona_id = "simple"

    def wants_upcard(self, observation: Any, knowledge: Knowledge) -> bool:
        upcard = knowledge.top
        return bool(upcard and melded_in_any(knowledge.hand | upcard) & upcard)

    def pick_discard(
        self, observation: Any, knowledge: Knowledge, allowed: int
    ) -> tuple[int, bool]:
        forbidden = knowledge.taken_upcard | self.repeat_forbidden(knowledge) | ~allowed
        least, candidates = best_discards(knowledge.hand, forbidden)
        if not candidates:  # everything excluded: the legal set decides
            least, candidates = best_discards(knowledge.hand, ~allowed)
        index = candidates[self.rng.randbelow(len(candidates))]
        return index, least <= self.knock_limit(observation)
