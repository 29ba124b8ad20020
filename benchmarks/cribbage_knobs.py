"""The cribbage expert's settings a benchmark may change, in one place for every benchmark.

Each knob is a setting of the expert's modules (or an attribute of its class). A benchmark reads
them from its command line into one frozen ``ExpertKnobs`` and hands it to each task; every
worker applies it before playing, since workers need not be forked from the main process and
so cannot inherit the main process's settings. ``cribbage_ladder.py`` and
``cribbage_pegging.py`` share the options and their checks through ``add_arguments`` and
``from_args``: the same flag means the same setting in both.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, fields
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ginrummy_desktop.engine.cribbage.bots import (  # noqa: E402
    expert,
    opponent_model,
    opponent_reading,
)

# Each knob's home: (field, the module or class that holds it, its name there).
_HOMES: tuple[tuple[str, ModuleType | type, str], ...] = (
    ("play_model", opponent_model, "PLAY_MODEL"),
    ("discard_model", opponent_model, "DISCARD_MODEL"),
    ("discard_sharpness", opponent_model, "SHARPNESS"),
    ("play_sharpness", opponent_model, "PLAY_SHARPNESS"),
    ("safe_sharpness", opponent_model, "SAFE_SHARPNESS"),
    ("safe_share", opponent_model, "SAFE_SHARE"),
    ("greedy_share", opponent_model, "GREEDY_SHARE"),
    ("reply_sharpness", expert, "OPPONENT_SHARPNESS"),
    ("opponent_policy", expert, "OPPONENT_POLICY"),
    ("policy_sharpness", expert, "POLICY_SHARPNESS"),
    ("own_best_share", expert, "OWN_BEST_SHARE"),
    ("joint_worlds", expert, "JOINT_WORLDS"),
    ("positional_need", expert, "POSITIONAL_NEED"),
    ("leaf_win_chance", expert, "LEAF_WIN_CHANCE"),
    ("endgame_margin", expert, "ENDGAME_MARGIN"),
    ("exact_crib", expert, "EXACT_CRIB"),
    ("read_hand_before", expert, "READ_HAND_BEFORE"),
    ("opponent_reading", expert.ExpertBot, "opponent_reading"),
    ("rule_policy_at", opponent_reading, "RULE_POLICY_AT"),
    ("safe_policy_at", opponent_reading, "SAFE_POLICY_AT"),
    ("worlds", expert.ExpertBot, "worlds"),
    ("candidates", expert.ExpertBot, "candidate_worlds"),
)


@dataclass(frozen=True)
class ExpertKnobs:
    """Every setting of the expert that a benchmark may change (see ``_HOMES``)."""

    play_model: str
    discard_model: str
    discard_sharpness: float
    play_sharpness: float
    safe_sharpness: float
    safe_share: float
    greedy_share: float
    reply_sharpness: float
    opponent_policy: str
    policy_sharpness: float
    own_best_share: float
    joint_worlds: bool
    positional_need: int
    leaf_win_chance: bool
    endgame_margin: int
    exact_crib: bool
    read_hand_before: bool
    opponent_reading: bool
    rule_policy_at: float
    safe_policy_at: float
    worlds: int
    candidates: int

    @classmethod
    def shipped(cls) -> ExpertKnobs:
        """The settings as the modules hold them now (in a fresh process: as shipped)."""
        return cls(**{name: getattr(home, attribute) for name, home, attribute in _HOMES})

    def apply(self) -> None:
        """Set every knob in this process's modules (each worker calls it before playing)."""
        for name, home, attribute in _HOMES:
            setattr(home, attribute, getattr(self, name))


_SHIPPED = ExpertKnobs.shipped()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The knobs as options, each defaulting to the shipped setting."""
    add = parser.add_argument
    toggle = argparse.BooleanOptionalAction
    add("--worlds", type=int, default=_SHIPPED.worlds,
        help="the worlds the expert searches, drawn from its candidates by weight "
             "(ExpertBot.worlds)")
    add("--candidates", type=int, default=_SHIPPED.candidates,
        help="the expert's weighted candidate holdings per pegging decision "
             "(ExpertBot.candidate_worlds)")
    add("--play-model", choices=("points", "safe", "mixed"), default=_SHIPPED.play_model,
        help="how the expert's opponent model reads the opponent's plays "
             "(opponent_model.PLAY_MODEL)")
    add("--discard-model", choices=("sensible", "random", "hand"),
        default=_SHIPPED.discard_model,
        help="which crib averages the model believes the opponent discards by "
             "(opponent_model.DISCARD_MODEL)")
    add("--discard-sharpness", type=float, default=_SHIPPED.discard_sharpness,
        help="how strongly the model believes the opponent discarded sensibly "
             "(opponent_model.SHARPNESS)")
    add("--play-sharpness", type=float, default=_SHIPPED.play_sharpness,
        help="how strongly it believes the opponent's plays took the points on offer "
             "(opponent_model.PLAY_SHARPNESS)")
    add("--safe-sharpness", type=float, default=_SHIPPED.safe_sharpness,
        help="how sharply it believes a safe pegger follows the safety rules, per point "
             "(opponent_model.SAFE_SHARPNESS)")
    add("--safe-share", type=float, default=_SHIPPED.safe_share,
        help="in the mixed model, the belief in a safe pegger (opponent_model.SAFE_SHARE)")
    add("--greedy-share", type=float, default=_SHIPPED.greedy_share,
        help="in the mixed model, the belief that the opponent plays the plain greedy rule "
             "(opponent_model.GREEDY_SHARE)")
    add("--reply-sharpness", type=float, default=_SHIPPED.reply_sharpness,
        help="how much of the opponent's reply the search values as its worst for us, the "
             "rest as the policy's average (expert.OPPONENT_SHARPNESS)")
    add("--opponent-policy", choices=("uniform", "safe", "mixed", "greedy", "seen"),
        default=_SHIPPED.opponent_policy,
        help="how the search averages the opponent's replies (expert.OPPONENT_POLICY)")
    add("--policy-sharpness", type=float, default=_SHIPPED.policy_sharpness,
        help="per point, for a reply policy other than uniform (expert.POLICY_SHARPNESS)")
    add("--own-best-share", type=float, default=_SHIPPED.own_best_share,
        help="how much of its own later choices the search values as the best "
             "(expert.OWN_BEST_SHARE)")
    add("--joint-worlds", action=toggle, default=_SHIPPED.joint_worlds,
        help="search the sampled worlds as one tree, choosing each of its own later cards "
             "once for the worlds it cannot tell apart (expert.JOINT_WORLDS)")
    add("--positional-need", type=int, default=_SHIPPED.positional_need,
        help="the expert discards for the chance of winning once either player needs at "
             "most this many points (expert.POSITIONAL_NEED; 0: never)")
    add("--leaf-win-chance", action=toggle, default=_SHIPPED.leaf_win_chance,
        help="near the end the expert's search values a leaf nobody has won by the chance "
             "of winning from there (expert.LEAF_WIN_CHANCE)")
    add("--endgame-margin", type=int, default=_SHIPPED.endgame_margin,
        help="the search plays for the game, not the points, once either player could reach "
             "the target with this many pegging points and a best show "
             "(expert.ENDGAME_MARGIN; far below 0: never)")
    add("--exact-crib", action=toggle, default=_SHIPPED.exact_crib,
        help="near the end the search scores each world's crib exactly, with the cards the "
             "opponent is imagined to have laid away in it (expert.EXACT_CRIB)")
    add("--opponent-reading", action=toggle, default=_SHIPPED.opponent_reading,
        help="the expert reads what kind of pegger the opponent is from hand to hand "
             "(expert.ExpertBot.opponent_reading)")
    add("--rule-policy-at", type=float, default=_SHIPPED.rule_policy_at,
        help="with the reading, the share of the greedy rule from which the search expects "
             "greedy replies (opponent_reading.RULE_POLICY_AT)")
    add("--safe-policy-at", type=float, default=_SHIPPED.safe_policy_at,
        help="with the reading, the share of safe pegging from which the search expects the "
             "safety rules' replies with what the opponent has seen "
             "(opponent_reading.SAFE_POLICY_AT; 0: never)")
    add("--read-hand-before", action=toggle, default=_SHIPPED.read_hand_before,
        help="with the reading, the hand before is read once played out, from every card "
             "the opponent played (expert.READ_HAND_BEFORE)")


def from_args(parser: argparse.ArgumentParser, args: argparse.Namespace) -> ExpertKnobs:
    """The knobs named on the command line, or a clear error naming the bad option."""
    knobs = ExpertKnobs(**{field.name: getattr(args, field.name) for field in fields(ExpertKnobs)})
    for option, value in (("--worlds", knobs.worlds), ("--candidates", knobs.candidates)):
        if value < 1:
            parser.error(f"{option} must be at least 1")
    for option, value in (("--discard-sharpness", knobs.discard_sharpness),
                          ("--play-sharpness", knobs.play_sharpness),
                          ("--safe-sharpness", knobs.safe_sharpness),
                          ("--policy-sharpness", knobs.policy_sharpness),
                          ("--positional-need", knobs.positional_need)):
        if value < 0:
            parser.error(f"{option} must not be negative")
    for option, value in (("--reply-sharpness", knobs.reply_sharpness),
                          ("--own-best-share", knobs.own_best_share),
                          ("--safe-share", knobs.safe_share),
                          ("--greedy-share", knobs.greedy_share),
                          ("--rule-policy-at", knobs.rule_policy_at),
                          ("--safe-policy-at", knobs.safe_policy_at)):
        if not 0 <= value <= 1:
            parser.error(f"{option} is a share between 0 and 1")
    if knobs.safe_share + knobs.greedy_share > 1:
        parser.error("--safe-share and --greedy-share are shares of one belief: together at "
                     "most 1")
    return knobs
