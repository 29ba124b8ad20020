"""Gin hints say why, and the figures they state are the engine's own.

The reasons are recomputed here with the meld solver (``engine.gin.melds``, not the bots' fast
bit-mask solver the hint uses), over many seeded positions.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.cards import card_text
from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
from ginrummy_desktop.engine.gin.bots.hint import hint
from ginrummy_desktop.engine.gin.match import GinMatch
from ginrummy_desktop.engine.gin.melds import min_deadwood
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS

PERSON = 0


def position(seed: int, moves: int):
    """A classic match dealt with ``seed``, both seats played by Greedy for ``moves`` moves
    (or until the hand ends): the observation of seat 0 when it is next to move."""
    match = GinMatch(GIN_PRESETS["classic"], seed=seed)
    bots = {seat: BUILTIN_BOTS["greedy"](seed=seed + seat) for seat in (0, 1)}
    played = 0
    while True:
        seat = match.to_move()
        if seat == PERSON and played >= moves:
            return match.observation(PERSON)
        if match.hand_records():
            return None
        match.apply(seat, bots[seat].choose(match.observation(seat)))
        played += 1


def legal_discards(observation):
    return [a.card for a in observation.legal_actions if a.kind in ("discard", "knock")]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 24))
def test_every_gin_hint_states_the_engines_figures(seed, moves):
    observation = position(seed, moves)
    if observation is None or not observation.legal_actions:
        return
    action, reason = hint(observation, samples=6)
    assert reason and "outs" not in reason and "->" not in reason
    hand = list(observation.hand)
    kinds = {a.kind for a in observation.legal_actions}
    if action.kind == "discard":
        kept = [c for c in hand if c != action.card]
        left = min_deadwood(kept)
        assert f"Discard {card_text(action.card)}: it leaves {left} deadwood" in reason
        least = min(min_deadwood([c for c in hand if c != card])
                    for card in legal_discards(observation))
        more = re.search(r", (\d+) more than discarding (\S+) \((\d+)\), because \S", reason)
        if left == least:
            assert more is None and "the least you can leave" in reason
        else:
            # The cheaper discard is named, with the figures, and a reason follows.
            assert more is not None, reason
            assert int(more.group(1)) == left - least and int(more.group(3)) == least
            named = next(c for c in hand if card_text(c) == more.group(2))
            assert min_deadwood([c for c in hand if c != named]) == least
        if "knock" in kinds:
            assert "You could knock now" in reason
            assert f"deadwood {least}, knock limit {observation.knock_limit}" in reason
        else:
            assert "knock" not in reason.lower()
    elif action.kind == "knock":
        left = min_deadwood([c for c in hand if c != action.card])
        assert f"your deadwood is {left}, within the knock limit of " \
               f"{observation.knock_limit}" in reason
    elif action.kind in ("draw_stock", "pass", "draw_discard"):
        top = observation.discard_pile[-1]
        before = min_deadwood(hand)
        after = min(min_deadwood([c for c in hand + [top] if c != out])
                    for out in hand)
        figures = re.search(r"from (\d+) to (\d+)|\((\d+) now, (\d+) after", reason)
        assert figures is not None, reason
        said = [int(g) for g in figures.groups() if g is not None]
        assert said == [before, after]
