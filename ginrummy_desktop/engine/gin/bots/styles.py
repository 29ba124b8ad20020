"""Heuristic personas: the beginner, the aggressive knocker, the patient gin hunter and MARJJ.

``MarjjBot`` is published MARJJ (EAAI 2021) with every published constant; ``MarjjLiteBot`` is
the lighter MARJJ-style player that came first (future outs weighted 1, this project's own
danger table), kept as a rung of the ladder and as the expert's heuristic base.

Each differs in what it takes, what it keeps and when it goes out; the docstrings say how.
"""

from __future__ import annotations

from typing import Any

from ginrummy_desktop.engine.gin.bots.base import PersonaBot, residuals
from ginrummy_desktop.engine.gin.bots.evaluate import (
    discard_danger,
    future_deadwood,
    iter_bits,
    neighbours,
    published_danger,
)
from ginrummy_desktop.engine.gin.bots.fastmelds import (
    POINTS,
    RANKS,
    best_arrangements,
    best_discards,
    deadwood,
    melded_in_any,
)
from ginrummy_desktop.engine.gin.bots.knowledge import Knowledge
from ginrummy_desktop.engine.gin.bots.worlds import wants_upcard as careful_takes


def improves_by_taking(hand: int, upcard: int) -> bool:
    """Would taking the upcard (and discarding something else well) lower the deadwood?"""
    return best_discards(hand | upcard, upcard)[0] < deadwood(hand)


def melded_in_best_spread(hand: int, card: int) -> bool:
    return any(any(meld & card for meld in option) for option in best_arrangements(hand))


class BeginnerBot(PersonaBot):
    """Keeps pairs too long, grabs discards that only look useful, sometimes slips; legal always."""

    persona_id = "beginner"
    slip_rate = 0.2
    pair_attachment = 7

    def wants_upcard(self, observation: Any, knowledge: Knowledge) -> bool:
        upcard = knowledge.top
        if not upcard:
            return False
        if melded_in_any(knowledge.hand | upcard) & upcard:
            return True
        index = upcard.bit_length() - 1
        same_rank, adjacent, _ = neighbours(index)
        looks_useful = (same_rank | adjacent) & knowledge.hand
        return bool(looks_useful) and self.rng.random() < 0.6

    def pick_discard(
        self, observation: Any, knowledge: Knowledge, allowed: int
    ) -> tuple[int, bool]:
        hand = knowledge.hand
        melded = melded_in_any(hand)
        scored = []
        for index, residual in residuals(hand, allowed & ~knowledge.taken_upcard or allowed):
            same_rank, _, _ = neighbours(index)
            in_pair = bool(same_rank & hand & ~melded)
            scored.append((residual + (self.pair_attachment if in_pair else 0), index, residual))
        scored.sort()
        pick = scored[0]
        if len(scored) > 2 and self.rng.random() < self.slip_rate:
            pick = scored[1 + self.rng.randbelow(2)]
        return pick[1], pick[2] <= self.knock_limit(observation)


class KnockerBot(PersonaBot):
    """Aggressive and careless: grabs cards for sets, dumps high cards, knocks the moment she can.

    Her mistakes are the eager player's: she takes an upcard that pairs a loose card of its rank
    ("a set is coming") as well as any that lowers her count, she never looks at what the
    opponent picks up, and when she sees a knock she throws the biggest card that still allows
    it rather than the one leaving the least deadwood, so she knocks high and gets undercut.
    """

    persona_id = "knocker"
    grabs_pairs = True  # take an upcard that pairs an unmelded card of the same rank
    careless_knock = True  # knock by throwing the highest card that still allows it

    def wants_upcard(self, observation: Any, knowledge: Knowledge) -> bool:
        upcard = knowledge.top
        if not upcard:
            return False
        if improves_by_taking(knowledge.hand, upcard):
            return True
        if not self.grabs_pairs:
            return False
        same_rank, _, _ = neighbours(upcard.bit_length() - 1)
        return bool(same_rank & knowledge.hand & ~melded_in_any(knowledge.hand))

    def pick_discard(
        self, observation: Any, knowledge: Knowledge, allowed: int
    ) -> tuple[int, bool]:
        options = residuals(knowledge.hand, allowed & ~knowledge.taken_upcard or allowed)
        limit = self.knock_limit(observation)
        if self.careless_knock:
            knocking = [(POINTS[index], index, residual) for index, residual in options
                        if residual <= limit]
            if knocking:
                gin = [entry for entry in knocking if entry[2] == 0]  # gin she does not miss
                _, index, residual = max(gin or knocking)
                return index, True
        residual, _, index = min((residual, -POINTS[index], index) for index, residual in options)
        return index, residual <= limit


class FutureAwareBot(PersonaBot):
    """Shared discard rule: residual deadwood + fading future-outs term + danger term."""

    future_weight = 1.0
    future_fade = 0.9
    danger_weight = 1.0
    residual_window = 5

    def discard_scores(
        self, knowledge: Knowledge, allowed: int
    ) -> list[tuple[float, int, int]]:
        """(score, card index, residual deadwood) for each candidate, best (lowest) first."""
        hand = knowledge.hand
        options = residuals(hand, allowed & ~knowledge.taken_upcard or allowed)
        best_residual = min(residual for _, residual in options)
        fade = self.future_fade ** max(0, knowledge.my_turns - 1)
        scored = []
        for index, residual in options:
            if residual > best_residual + self.residual_window:
                continue
            kept = hand & ~(1 << index)
            future = future_deadwood(kept, knowledge.unseen) if self.future_weight else 0.0
            score = (
                residual
                + self.future_weight * fade * future
                + self.danger_weight * self.danger(index, knowledge)
            )
            scored.append((score, index, residual))
        scored.sort()
        return scored

    def danger(self, index: int, knowledge: Knowledge) -> float:
        return discard_danger(index, knowledge)


class GinHunterBot(FutureAwareBot):
    """Patient: keeps the hand flexible, waits for gin, lets eager knockers walk into undercuts."""

    persona_id = "gin_hunter"
    future_weight = 1.0
    future_fade = 1.0
    danger_weight = 0.5

    def wants_upcard(self, observation: Any, knowledge: Knowledge) -> bool:
        upcard = knowledge.top
        return bool(upcard) and bool(melded_in_any(knowledge.hand | upcard) & upcard) and (
            improves_by_taking(knowledge.hand, upcard)
        )

    def pick_discard(
        self, observation: Any, knowledge: Knowledge, allowed: int
    ) -> tuple[int, bool]:
        _, index, residual = self.discard_scores(knowledge, allowed)[0]
        late = knowledge.stock_size <= 6
        return index, residual == 0 or (late and residual <= min(2, self.knock_limit(observation)))


class MarjjLiteBot(FutureAwareBot):
    """MARJJ-style, lighter than published: future outs weighted 1, this project's danger table.

    Careful upcards, outs, danger; knocks early or waits for gin.
    """

    persona_id = "marjj_lite"
    future_weight = 1.0
    future_fade = 0.9
    danger_weight = 1.0
    voluntary_knock_turns = 3

    def wants_upcard(self, observation: Any, knowledge: Knowledge) -> bool:
        upcard = knowledge.top
        if not upcard:
            return False
        # Melded in a least-deadwood spread and lowering the count (melded_in_best_spread and
        # improves_by_taking), answered by the one quick rule the knock worlds also replay.
        return careful_takes(knowledge.hand, upcard.bit_length() - 1)

    def ranked_discards(
        self, knowledge: Knowledge, allowed: int
    ) -> list[tuple[float, int, int]]:
        """MARJJ's candidates (deadwood in some best arrangement, pips near the largest), scored."""
        hand = knowledge.hand
        always_melded = hand
        for option in best_arrangements(hand):
            union = 0
            for meld in option:
                union |= meld
            always_melded &= union
        candidates = allowed & ~always_melded & ~knowledge.taken_upcard
        if candidates:
            top_pips = max(POINTS[i] for i in iter_bits(candidates))
            for index in iter_bits(candidates):
                if POINTS[index] < top_pips - 5:
                    candidates &= ~(1 << index)
        return self.discard_scores(knowledge, candidates or allowed)

    def pick_discard(
        self, observation: Any, knowledge: Knowledge, allowed: int
    ) -> tuple[int, bool]:
        _, index, residual = self.ranked_discards(knowledge, allowed)[0]
        go_out = residual == 0 or (
            knowledge.my_turns <= self.voluntary_knock_turns
            and residual <= self.knock_limit(observation)
        )
        return index, go_out


def fewest_layoffs_spread(hand: int, knowledge: Knowledge) -> tuple[int, ...]:
    """Of the least-deadwood arrangements, the one the opponent could likely lay off least on.

    A card could be laid off when the opponent holds it or nobody has seen it: the suit
    neighbours just outside each run, the missing suit of each set. Ties: the first found.
    """
    options = best_arrangements(hand)
    if len(options) == 1:
        return options[0]
    reachable = knowledge.opponent_known | knowledge.unseen

    def layoff_points(option: tuple[int, ...]) -> int:
        points = 0
        for meld in option:
            cards = list(iter_bits(meld))
            if len({index // RANKS for index in cards}) == 1:  # a run
                for end, step in ((cards[0], -1), (cards[-1], 1)):
                    rank = end % RANKS + step
                    if 0 <= rank < RANKS and reachable >> (end + step) & 1:
                        points += POINTS[end]
            else:
                for index in cards:
                    if reachable >> ((index + RANKS) % 52) & 1:
                        points += POINTS[index]
        return points

    return min(options, key=layoff_points)


class MarjjBot(MarjjLiteBot):
    """Published MARJJ, the EAAI 2021 winner, with every published constant.

    - Upcard: only if it is melded in the spread MARJJ would choose (the least-deadwood
      arrangement with the fewest likely lay-offs) and an optimal discard then leaves less
      deadwood than now.
    - Discard: MARJJ's candidates; score = residual deadwood + 18 x the future-outs term
      x 0.9^(turn-1) + the published danger table; equal best scores are broken at random.
    - Going out: gin always; a knock only on its first three turns.
    """

    persona_id = "marjj"
    future_weight = 18.0

    def danger(self, index: int, knowledge: Knowledge) -> float:
        return published_danger(index, knowledge)

    def wants_upcard(self, observation: Any, knowledge: Knowledge) -> bool:
        upcard = knowledge.top
        if not upcard:
            return False
        eleven = knowledge.hand | upcard
        spread = fewest_layoffs_spread(eleven, knowledge)
        return any(meld & upcard for meld in spread) and improves_by_taking(knowledge.hand, upcard)

    def pick_discard(
        self, observation: Any, knowledge: Knowledge, allowed: int
    ) -> tuple[int, bool]:
        playable = allowed & ~knowledge.taken_upcard or allowed
        least, gin_cards = best_discards(knowledge.hand, ~playable)
        if least == 0:
            return gin_cards[0], True
        ranked = self.ranked_discards(knowledge, allowed)
        tied = [entry for entry in ranked if entry[0] == ranked[0][0]]
        _, index, residual = tied[self.rng.randbelow(len(tied))] if len(tied) > 1 else tied[0]
        go_out = (knowledge.my_turns <= self.voluntary_knock_turns
                  and residual <= self.knock_limit(observation))
        return index, go_out
