"""The expert's learned knock correction: small boosted regression trees over public facts.

The expert weighs "knock now" against "keep playing" on imagined opponent hands. Those hands
are a blurred picture of the real one, and the blur is not random: the worlds rate a knock too
low early in a hand and too high once the opponent holds cards it took. The trees here say, from
what the seat can see at the position (the search's own values, what the worlds foresee, the
opponent's turns, takes, passes and throws, both players' needs), how much better knocking is
than playing on as the same search would judge it *given the opponent's true hand*. They were
fitted offline, where the true hand is known (``benchmarks/gin_knock_regret.py
--save-positions`` and ``benchmarks/gin_knock_trees.py``); at the table they read only the
inputs below, so the expert still never sees a hidden card.

A model is ``{"inputs": names, "base": float, "rate": float, "trees": [...]}``; a tree is a
leaf value or ``(input index, threshold, tree if input <= threshold, tree otherwise)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ginrummy_desktop.engine.gin.bots.fastmelds import POINTS, deadwood
from ginrummy_desktop.engine.gin.bots.knowledge import Knowledge

# Deadwood at or under this is a hand one good draw from knocking itself.
NEAR_KNOCK = 10

INPUT_NAMES = (
    "advantage",  # the search's knock value less its play-on value (match-win chances)
    "knock_value",
    "opponent_turns",
    "upcards_taken",
    "cards_known",  # cards the opponent is known to hold (taken and not thrown back)
    "upcards_passed",
    "stock_left",
    "my_turns",
    "last_throw_pips",
    "last_two_throws_pips",
    "high_cards_in_last_three_throws",
    "upcards_taken_in_last_three_turns",
    "my_knock_deadwood",
    "my_need",  # points to the target, as a share of the target
    "their_need",
    "worlds_undercut_share",
    "worlds_mean_knock_points",
    "worlds_mean_opponent_deadwood",
    "worlds_near_knock_share",  # imagined opponents at NEAR_KNOCK deadwood or less
    # How readily this opponent has knocked in the match so far (``opponent_eagerness``), and
    # over how many hands: an eager knocker that has not knocked yet holds more than it may
    # knock with, which the worlds do not read.
    "opponent_eagerness",
    "hands_watched",
)


@dataclass(frozen=True, slots=True)
class KnockWeighing:
    """What the search found for one knock decision: both values, and what its worlds foresee
    if it knocks."""

    knock_value: float
    play_value: float
    undercut_share: float = 0.0
    mean_knock_points: float = 0.0
    mean_opponent_deadwood: float = 0.0
    near_knock_share: float = 0.0

    @staticmethod
    def over_worlds(
        knock_value: float, play_value: float, knock_points: Sequence[int],
        opponents: Sequence[int],
    ) -> KnockWeighing:
        """The weighing, given each world's knock points and imagined opponent hand."""
        dead = [deadwood(opponent) for opponent in opponents]
        count = len(opponents) or 1
        return KnockWeighing(
            knock_value,
            play_value,
            undercut_share=sum(1 for p in knock_points if p < 0) / count,
            mean_knock_points=sum(knock_points) / count,
            mean_opponent_deadwood=sum(dead) / count,
            near_knock_share=sum(1 for d in dead if d <= NEAR_KNOCK) / count,
        )


def knock_features(knowledge: Knowledge) -> tuple[float, float, float]:
    """The opponent's turns drawn, the upcards it has taken and the cards it is known to hold:
    what the learned line reads besides the search's own values (the trees read them too)."""
    taken = sum(1 for upcard, _, _ in knowledge.opponent_turn_log if upcard)
    return (float(knowledge.opponent_turns), float(taken),
            float(bin(knowledge.opponent_known).count("1")))


def knock_inputs(
    knowledge: Knowledge, weighing: KnockWeighing, knock_deadwood: int,
    scores: tuple[int, int, int], eagerness: float, hands_watched: int,
) -> tuple[float, ...]:
    """The model's inputs at a knock position, in ``INPUT_NAMES`` order, all public.
    ``eagerness`` and ``hands_watched`` are the expert's reading of the opponent's knocking
    over the match (``ExpertBot.opponent_eagerness``)."""
    log = knowledge.opponent_turn_log
    throws = [POINTS[card] for _, _, card in log]
    mine, theirs, target = scores
    target = max(target, 1)
    return (
        weighing.knock_value - weighing.play_value,
        weighing.knock_value,
        *knock_features(knowledge),
        float(sum(1 for _, declined, _ in log if declined)),
        float(knowledge.stock_size),
        float(knowledge.my_turns),
        float(throws[-1] if throws else 0),
        float(sum(throws[-2:])),
        float(sum(1 for pips in throws[-3:] if pips >= 10)),
        float(sum(1 for taken, _, _ in log[-3:] if taken)),
        float(knock_deadwood),
        max(0, target - mine) / target,
        max(0, target - theirs) / target,
        weighing.undercut_share,
        weighing.mean_knock_points,
        weighing.mean_opponent_deadwood,
        weighing.near_knock_share,
        eagerness,
        float(hands_watched),
    )


def tree_value(tree: Any, inputs: Sequence[float]) -> float:
    while isinstance(tree, tuple):
        index, threshold, low, high = tree
        tree = low if inputs[index] <= threshold else high
    return float(tree)


def predicted_advantage(model: dict, inputs: Sequence[float]) -> float:
    """The model's knock-less-play value for these inputs (positive: knock)."""
    if tuple(model["inputs"]) != INPUT_NAMES[: len(model["inputs"])]:
        raise ValueError("the knock model was fitted on other inputs")
    return model["base"] + model["rate"] * sum(tree_value(tree, inputs) for tree in model["trees"])
