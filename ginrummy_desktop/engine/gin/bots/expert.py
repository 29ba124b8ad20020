"""The expert: MARJJ's hand sense plus Monte Carlo over hidden hands, valued in match wins.

- Inference: every public event (cards the opponent took, passed and threw) shapes which
  opponent hands are sampled (``worlds.sample_worlds``), and later in a deal the sampled hands
  are as developed as a real opponent's would be.
- Upcard and discard: MARJJ-style scores (residual deadwood, fading future outs weighted 18,
  published MARJJ's danger table), then the leading candidates are compared on common sampled
  worlds by playing the hand out.
- Going out: whenever a knock is legal, "knock now" is compared with "keep playing" on the same
  worlds; every imagined result is turned into a probability of winning the match from the
  current scores (``winprob``, measured for the match's hand rules), so the expert banks a lead
  and gambles when far behind. Learned boosted trees (``knock_model``, fitted offline against
  the same search given the opponent's true hand) correct that comparison by what the worlds
  are known to get wrong: they undervalue a knock early in a hand and overvalue it once the
  opponent holds cards it took. An older learned line (``KNOCK_CORRECTION``) is a setting.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ginrummy_desktop.engine.gin.bots._knock_trees import MODEL as KNOCK_MODEL
from ginrummy_desktop.engine.gin.bots.evaluate import discard_danger, published_danger
from ginrummy_desktop.engine.gin.bots.fastmelds import best_discards
from ginrummy_desktop.engine.gin.bots.knock_model import (
    KnockWeighing,
    knock_features,
    knock_inputs,
    predicted_advantage,
)
from ginrummy_desktop.engine.gin.bots.knowledge import Knowledge
from ginrummy_desktop.engine.gin.bots.rollout import SimRules, knock_points, play_out
from ginrummy_desktop.engine.gin.bots.styles import MarjjLiteBot
from ginrummy_desktop.engine.gin.bots.winprob import value_of_points
from ginrummy_desktop.engine.gin.bots.worlds import knock_worlds_for, worlds_for
from ginrummy_desktop.engine.translation import tr

# Knock when b0 + b1 x (knock value - play-on value) + b2 x turns + b3 x taken + b4 x known
# (``knock_features``) is at least ``knock_margin``. Fitted by least squares to the knock-less-
# play value of the same search given the opponent's true hand, at the knock positions of
# screening deals (``benchmarks/gin_knock_regret.py --fit``; docs/ai.md): the worlds rate a
# knock too low early and too high once the opponent has taken cards. None: no correction.
KNOCK_CORRECTION: tuple[float, float, float, float, float] | None = (
    0.0485, 0.7952, -0.0052, 0.0011, -0.0257
)


def line_advantage(
    correction: tuple[float, ...], advantage: float, features: tuple[float, float, float]
) -> float:
    """The learned line's knock-less-play value from the search's ``advantage`` (knock value
    less play-on value) and ``knock_features``."""
    base, per_advantage, *per_feature = correction
    return base + per_advantage * advantage + sum(
        weight * value for weight, value in zip(per_feature, features, strict=True)
    )


def _percent(chance: float) -> str:
    """0.62 -> "62" (the sentence writes the per cent sign its language's way)."""
    return f"{chance * 100:.0f}"


@dataclass(frozen=True)
class KnockVerdict:
    """What the expert weighed when it could knock: its deadwood, the match-win chances of
    knocking and of playing on, whether it knocks, and whether the play-outs alone agree."""

    knocks: bool
    deadwood: int
    knock_value: float
    play_value: float
    plain: bool  # the play-outs alone favour knocking (before the learned correction)

    def why(self) -> str:
        """The chances in a card player's words: "about 62% to win the match (playing on:
        40%)" when it knocks, "playing on wins about 55% (knocking: 50%)" when it does not."""
        knock, play = _percent(self.knock_value), _percent(self.play_value)
        if self.knocks:
            if self.plain:
                text = tr("about {knock}% to win the match (playing on: {play}%)")
            else:
                text = tr("about {knock}% to win the match (playing on: {play}%); in hands like "
                          "this, knocking does better than that")
        elif self.plain:
            text = tr("playing on wins about {play}% (knocking: {knock}%); in hands like this, "
                      "an undercut is likelier")
        else:
            text = tr("playing on wins about {play}% (knocking: {knock}%)")
        return text.format(knock=knock, play=play)

    def reason(self) -> str:
        """"Knock with 6: about 62% ..." or "Don't knock yet: playing on wins about 55% ..."."""
        if self.knocks:
            return tr("Knock with {deadwood}: {why}").format(deadwood=self.deadwood,
                                                             why=self.why())
        return tr("Don't knock yet: {why}").format(why=self.why())


class ExpertBot(MarjjLiteBot):
    """Strongest persona. ``samples`` sets how many hidden worlds each close decision uses."""

    persona_id = "expert"
    # MARJJ's published weight on future outs (the MARJJ-style persona keeps 1): the expert's
    # heuristic ranks its discards by how much the next draw can improve the hand.
    future_weight = 18.0
    samples = 96
    own_rollout_go_out = 0  # my future self waits for gin in the imagined hands
    opponent_rollout_go_out: int | None = None  # None: learn it from the opponent's knocks
    discard_samples = 24  # worlds for close discard decisions (0: heuristic only)
    discard_candidates = 3
    close_call = 4.0  # heuristic score gap under which rollouts decide between discards
    own_rollout_go_out_playing = 0
    # When above 0, the close-discard play-outs' future self instead goes out at this many points
    # times how readily the opponent knocks (``opponent_eagerness``): against a player who
    # knocks as soon as it may the hand is a race, and waiting for gin in the imagined hands
    # values the keeps as a patient player would. Against a patient one it still waits. Off:
    # at 5 it won 24 matches of 2,000 fewer against Simple than the shipped expert on the same
    # fresh deals, and 17 more against MARJJ (docs/ai.md, run AF).
    own_go_out_racing = 0
    published_danger_table = True  # rank discards with published MARJJ's danger table
    knock_margin = 0.0  # knock only when it beats playing on by this much match-win chance
    knock_correction = KNOCK_CORRECTION
    knock_model = KNOCK_MODEL
    # How the search's knock comparison is corrected: 2 by the learned trees (``knock_model``),
    # 1 by the learned line (``knock_correction``, the expert of run V), 0 not at all.
    use_knock_correction = 2
    # The worlds read the opponent's last throw without going out (``passed_knock``): 1 on;
    # screened off (docs/ai.md, "The opponent played on").
    passed_knock_inference = 0

    def __init__(self, seed: int | None = None, samples: int | None = None) -> None:
        super().__init__(seed=seed)
        if samples is not None:
            if samples < 1:
                raise ValueError("samples must be at least 1")
            self.samples = samples
        self.last_reason = ""
        self.last_knock: KnockVerdict | None = None  # the last discard's knock weighing
        self._hand_seen: int | None = None
        self._scores_seen: tuple[int, int] = (0, 0)
        self._went_out = False
        self._hands_watched = 0
        self._opponent_knocks = 0

    # -- opponent model -----------------------------------------------------------------------
    def choose(self, observation: Any) -> Any:
        self._watch_scores(observation)
        action = super().choose(observation)
        self._went_out = action.kind in ("knock", "gin", "big_gin")
        return action

    def _watch_scores(self, observation: Any) -> None:
        """Count the hands the opponent ended by knocking, from score changes between hands.

        Only public facts are used: my own last move and both scores. A gain under the gin
        bonus for the opponent, or any gain for me when I did not go out (an undercut), means
        the opponent knocked.
        """
        hand_number = getattr(observation, "hand_number", None)
        mine, theirs, _ = self._scores(observation)
        if hand_number is None or hand_number == self._hand_seen:
            return
        if self._hand_seen is not None:
            gained_me = mine - self._scores_seen[0]
            gained_them = theirs - self._scores_seen[1]
            gin_bonus = observation.rules.gin_bonus
            self._hands_watched += 1
            if not self._went_out and (0 < gained_them < gin_bonus or gained_me > 0):
                self._opponent_knocks += 1
        self._hand_seen = hand_number
        self._scores_seen = (mine, theirs)
        self._went_out = False

    def opponent_eagerness(self) -> float:
        """How readily the opponent knocks, 0 to 1, from the share of hands it has ended by
        knocking so far this match (a player who waits for gin knocks in under a tenth)."""
        rate = (self._opponent_knocks + 0.6) / (self._hands_watched + 2)
        return min(1.0, max(0.0, (rate - 0.15) / 0.2))

    def opponent_go_out(self, observation: Any) -> int:
        """How eagerly the imagined opponent knocks: like what it has shown so far this match."""
        limit = self.knock_limit(observation)
        if self.opponent_rollout_go_out is not None:
            return self.opponent_rollout_go_out
        return round(limit * self.opponent_eagerness())

    def own_go_out_playing(self) -> int:
        """Where my imagined future self goes out in the close-discard play-outs."""
        if self.own_go_out_racing:
            return round(self.own_go_out_racing * self.opponent_eagerness())
        return self.own_rollout_go_out_playing

    def passed_knock(self, observation: Any) -> dict[str, Any]:
        """What the worlds may read from the opponent playing on after its last throw: it held
        no gin, and an eager knocker held nothing it could knock with (``passed_knock_weight``)."""
        if not self.passed_knock_inference:
            return {}
        return {"knock_chance": self.opponent_eagerness(),
                "knock_limit": self.knock_limit(observation)}

    def danger(self, index: int, knowledge: Knowledge) -> float:
        if self.published_danger_table:
            return published_danger(index, knowledge)
        return discard_danger(index, knowledge)

    # -- context ------------------------------------------------------------------------------
    def _scores(self, observation: Any) -> tuple[int, int, int]:
        scores = observation.scores
        return scores[observation.seat], scores[observation.opponent], observation.rules.target

    @staticmethod
    def _sim_rules(observation: Any) -> SimRules:
        base = SimRules.from_observation(observation)
        upcard = observation.upcard
        if observation.rules.oklahoma and upcard is not None and upcard.suit == "S":
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
        self.last_knock = None
        hand = knowledge.hand
        playable = allowed & ~knowledge.taken_upcard or allowed
        least, lowest_cards = best_discards(hand, ~playable)
        if least == 0:
            self.last_reason = tr("Gin: every card melded")
            return lowest_cards[0], True
        ranked = self.ranked_discards(knowledge, allowed)
        _, keep_playing_with, _ = ranked[0]
        close = [entry for entry in ranked[: self.discard_candidates]
                 if entry[0] - ranked[0][0] <= self.close_call]
        if len(close) > 1 and self.discard_samples:
            keep_playing_with = self.compare_discards(
                observation, knowledge, [index for _, index, _ in close]
            )
        limit = self.knock_limit(observation)
        if least <= limit:
            knock_with = max(lowest_cards, key=lambda i: (i == keep_playing_with, -i))
            weighing = self.compare_knock(observation, knowledge, knock_with, keep_playing_with)
            knock_value, play_value = weighing.knock_value, weighing.play_value
            players = getattr(observation.rules, "players", 2)
            advantage = self.knock_advantage(
                weighing, knowledge, players, least, self._scores(observation)
            )
            knocks = advantage >= self.knock_margin
            plain = knock_value >= play_value + self.knock_margin  # the play-outs' own verdict
            self.last_knock = KnockVerdict(knocks, least, knock_value, play_value, plain)
            self.last_reason = self.last_knock.reason()
            if knocks:
                return knock_with, True
        return keep_playing_with, False

    def knock_advantage(
        self, weighing: KnockWeighing, knowledge: Knowledge, players: int = 2,
        knock_deadwood: int = 0, scores: tuple[int, int, int] = (0, 0, 100),
    ) -> float:
        """How much better knocking looks than playing on, corrected as ``use_knock_correction``
        says. Only two-player hands are corrected: the corrections were fitted on them, and with
        more players the turn log mixes the opponents."""
        plain = weighing.knock_value - weighing.play_value
        if players != 2 or not self.use_knock_correction:
            return plain
        if self.use_knock_correction == 2 and self.knock_model is not None:
            inputs = knock_inputs(knowledge, weighing, knock_deadwood, scores,
                                  self.opponent_eagerness(), self._hands_watched)
            return predicted_advantage(self.knock_model, inputs)
        if self.knock_correction is None:
            return plain
        return line_advantage(self.knock_correction, plain, knock_features(knowledge))

    def compare_discards(
        self, observation: Any, knowledge: Knowledge, candidates: list[int]
    ) -> int:
        """The candidate discard with the best mean match-win chance over common worlds."""
        rules = self._sim_rules(observation)
        mine, theirs, target = self._scores(observation)
        worlds = worlds_for(observation, knowledge, self.discard_samples, self.rng,
                            **self.passed_knock(observation))
        pile = [card.index for card in observation.discard_pile]
        go_out = (self.own_go_out_playing(), self.opponent_go_out(observation))
        best_index, best_value = candidates[0], -1.0
        for index in candidates:
            kept = knowledge.hand & ~(1 << index)
            total = 0.0
            for world in worlds:
                points = play_out(
                    [kept, world.opponent], list(world.stock), pile + [index], 1, go_out, rules
                )
                total += value_of_points(points, mine, theirs, target, observation.rules)
            if total > best_value:
                best_index, best_value = index, total
        return best_index

    def compare_knock(
        self, observation: Any, knowledge: Knowledge, knock_with: int, keep_playing_with: int
    ) -> KnockWeighing:
        """Mean match-win probability of knocking now and of discarding and playing on, and what
        the worlds foresee of the knock."""
        rules = self._sim_rules(observation)
        mine, theirs, target = self._scores(observation)
        worlds = knock_worlds_for(observation, knowledge, self.samples, self.rng,
                                  **self.passed_knock(observation))
        knock_hand = knowledge.hand & ~(1 << knock_with)
        play_hand = knowledge.hand & ~(1 << keep_playing_with)
        pile = [card.index for card in observation.discard_pile] + [keep_playing_with]
        go_out = (self.own_rollout_go_out, self.opponent_go_out(observation))
        knock_total = play_total = 0.0
        knocked: list[int] = []
        for world in worlds:
            points = knock_points(knock_hand, world.opponent, rules)
            knocked.append(points)
            knock_total += value_of_points(points, mine, theirs, target, observation.rules)
            points = play_out(
                [play_hand, world.opponent], list(world.stock), list(pile), 1, go_out, rules
            )
            play_total += value_of_points(points, mine, theirs, target, observation.rules)
        return KnockWeighing.over_worlds(
            knock_total / len(worlds), play_total / len(worlds), knocked,
            [world.opponent for world in worlds],
        )
