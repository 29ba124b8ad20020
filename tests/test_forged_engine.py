"""Issue 45, item 7: one error type for every illegal call, and no seat that only looks like one.

Both engines must refuse anything but a legal action by a real seat with ``IllegalActionError``
(never ``ValueError``, ``TypeError`` or anything else) and leave the game exactly as it was.
``True``, ``False`` and ``1.0`` compare equal to seats 1 and 0, but are not seats.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.cards import FULL_DECK
from ginrummy_desktop.engine.cribbage import CribbageMatch
from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS as CRIBBAGE_BOTS
from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS as GIN_BOTS
from ginrummy_desktop.engine.gin.match import GinMatch
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS


def position(game: str, moves: int) -> Any:
    session: Any = (CribbageMatch(seed=moves) if game == "cribbage"
                    else GinMatch(GIN_PRESETS["classic"], seed=moves))
    bots = (CRIBBAGE_BOTS if game == "cribbage" else GIN_BOTS)
    players = [bots["greedy"](seed=seat) for seat in range(2)]
    for _ in range(moves):
        if session.over:
            break
        seat = session.to_move()
        session.apply(seat, players[seat].choose(session.observation(seat)))
    return session


cards = st.sampled_from(FULL_DECK)
hostile_actions = st.one_of(
    st.builds(Action, st.sampled_from(["discard", "play", "count", "cut", "draw_stock",
                                       "draw_discard", "knock", "gin", "pass", "go", "x"]),
              card=st.none() | cards,
              cards=st.lists(cards, max_size=3).map(tuple),
              points=st.none() | st.integers(-5, 200)),
    st.none(), st.integers(), st.text(max_size=5), st.just(object()),
)
fake_seats = st.sampled_from([True, False, 1.0, 0.0, -1, 2, 5, None, "0", (0,)])


@settings(max_examples=300, deadline=None)
@given(game=st.sampled_from(["gin", "cribbage"]), moves=st.integers(0, 60),
       action=hostile_actions, seat=st.none() | fake_seats)
def test_every_illegal_call_raises_illegal_action_error_and_changes_nothing(
        game: str, moves: int, action: Any, seat: Any) -> None:
    session = position(game, moves)
    if session.over:
        return
    due = session.to_move()
    seat = due if seat is None else seat
    legal = session.observation(due).legal_actions
    if type(seat) is int and seat == due and type(action) is Action and action in legal:
        return  # a legal move
    before = session.snapshot()
    with pytest.raises(IllegalActionError):
        session.apply(seat, action)
    assert session.snapshot() == before


@pytest.mark.parametrize("game", ["gin", "cribbage"])
@pytest.mark.parametrize("look_alike", [True, 1.0])
def test_a_bool_or_float_is_not_a_seat_even_with_a_legal_action(game: str, look_alike) -> None:
    session = position(game, 3)
    due = session.to_move()
    legal = session.observation(due).legal_actions[0]
    look_alike = type(look_alike)(due)  # the seat to move as a bool or a float
    assert look_alike == due and type(look_alike) is not int
    before = session.snapshot()
    with pytest.raises(IllegalActionError, match="seat"):
        session.apply(look_alike, legal)
    assert session.snapshot() == before
    session.apply(due, legal)  # the real seat plays it
