"""The expert: MARJJ's hand sense plus Monte Carlo over hidden hands, valued in match wins.

- Inference: every public event (cards the opponent took, passed and threw) shapes which
  opponent hands are sampled (``worlds.sample_worlds``), and later in a deal the sampled hands
  are as developed as a real opponent's would be.
- Upcard and discard: MARJJ-style scores (residual deadwood, fading future outs, danger), then
  the leading candidates are compared on common sampled worlds by playing the hand out.
- Going out: whenever a knock is legal, "knock now" is compared with "keep playing" on the same
  worlds; every imagined result is turned into a probability of winning the match from the
  current scores (``winprob``), so the expert banks a lead and gambles when far behind.
"""

from __future__ import annotations

from typing import Any

from ginrummy_desktop.engine.gin.bots.fastmelds import best_discards
from ginrummy_desktop.engine.gin.bots.knowledge import Knowledge
from ginrummy_desktop.engine.gin.bots.rollout import SimRules, knock_points, play_out
from ginrummy_desktop.engine.gin.bots.styles import MarjjBot
from ginrummy_desktop.engine.gin.bots.winprob import value_of_points
from ginrummy_desktop.engine.gin.bots.worlds import sample_worlds


class ExpertBot(MarjjBot):
    """Strongest persona. ``samples`` sets how many hidden worlds each close decision uses."""

    persona_id = "expert"
    samples = 96
    own_rollout_go_out = 0  # my future self waits for gin in the imagined hands
    opponent_rollout_go_out = 10  # the imagined opponent knocks as soon as it may

    def __init__(self, seed: int | None = None, samples: int | None = None) -> None:
        super().__init__(seed=seed)
        if samples is not None:
            if samples < 1:
                raise ValueError("samples must be at least 1")
            self.samples = samples
        self.last_reason = ""

    # -- context ------------------------------------------------------------------------------
    def _scores(self, observation: Any) -> tuple[int, int, int]:
        scores = tuple(getattr(observation, "scores", ()) or ())
        seat = observation.seat
        opponent = getattr(observation, "opponent", 1 - seat if seat in (0, 1) else 0)
        mine = scores[seat] if seat < len(scores) else 0
        theirs = scores[opponent] if opponent is not None and opponent < len(scores) else 0
        target = int(getattr(getattr(observation, "rules", None), "target", 100) or 100)
        return mine, theirs, target

    @staticmethod
    def _sim_rules(observation: Any) -> SimRules:
        base = SimRules.from_observation(observation)
        rules = getattr(observation, "rules", None)
        upcard = getattr(observation, "upcard", None)
        if getattr(rules, "oklahoma", False) and upcard is not None and upcard.suit == "S":
            return SimRules(
                base.knock_limit, base.gin_bonus, base.undercut_bonus, base.dead_stock,
                base.rediscard_taken, multiplier=2,
            )
        return base

    # -- decisions ----------------------------------------------------------------------------
    def pick_discard(
        self, observation: Any, knowledge: Knowledge, allowed: int
    ) -> tuple[int, bool]:
        self.last_reason = ""
        hand = knowledge.hand
        playable = allowed & ~knowledge.taken_upcard or allowed
        least, lowest_cards = best_discards(hand, ~playable)
        if least == 0:
            self.last_reason = "Gin: every card melded"
            return lowest_cards[0], True
        ranked = self.ranked_discards(knowledge, allowed)
        _, keep_playing_with, _ = ranked[0]
        limit = self.knock_limit(observation)
        if least <= limit:
            knock_with = max(lowest_cards, key=lambda i: (i == keep_playing_with, -i))
            knock_value, play_value = self.compare_knock(
                observation, knowledge, knock_with, keep_playing_with
            )
            if knock_value >= play_value:
                self.last_reason = (
                    f"Knock with {least}: about {knock_value:.0%} to win the match "
                    f"(playing on: {play_value:.0%})"
                )
                return knock_with, True
            self.last_reason = (
                f"Don't knock yet: playing on wins about {play_value:.0%} "
                f"(knocking: {knock_value:.0%})"
            )
        return keep_playing_with, False

    def compare_knock(
        self, observation: Any, knowledge: Knowledge, knock_with: int, keep_playing_with: int
    ) -> tuple[float, float]:
        """Mean match-win probability of knocking now and of discarding and playing on."""
        rules = self._sim_rules(observation)
        mine, theirs, target = self._scores(observation)
        size = int(getattr(observation, "opponent_hand_size", 10) or 10)
        worlds = sample_worlds(knowledge, self.samples, self.rng, opponent_size=size)
        knock_hand = knowledge.hand & ~(1 << knock_with)
        play_hand = knowledge.hand & ~(1 << keep_playing_with)
        pile = [card.index for card in observation.discard_pile] + [keep_playing_with]
        go_out = (self.own_rollout_go_out, self.opponent_rollout_go_out)
        knock_total = play_total = 0.0
        for world in worlds:
            points = knock_points(knock_hand, world.opponent, rules)
            knock_total += value_of_points(points, mine, theirs, target)
            points = play_out(
                [play_hand, world.opponent], list(world.stock), list(pile), 1, go_out, rules
            )
            play_total += value_of_points(points, mine, theirs, target)
        return knock_total / len(worlds), play_total / len(worlds)
