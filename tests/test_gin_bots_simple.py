"""The research baseline behaves exactly as Neller's SimpleGinRummyPlayer; style and score sense.

Observations here are built by hand so each rule of the port is pinned to a concrete position.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card, parse_cards
from ginrummy_desktop.engine.gin.bots.fastmelds import deadwood
from ginrummy_desktop.engine.gin.bots.simple import SimpleBot
from ginrummy_desktop.engine.gin.bots.winprob import win_probability
from ginrummy_desktop.engine.gin.observation import HistoryEvent
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS


@dataclass
class FakeObservation:
    seat: int
    hand: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    legal_actions: tuple[Action, ...]
    history: tuple[HistoryEvent, ...] = ()
    knock_limit: int = 10
    stock_size: int = 20
    dealer: int = 1
    hand_number: int = 0
    scores: tuple[int, ...] = (0, 0)
    opponent: int = 1
    rules: object = field(default_factory=lambda: GIN_PRESETS["tournament"])


def draw_observation(hand: str, upcard: str) -> FakeObservation:
    top = Card.parse(upcard)
    return FakeObservation(
        seat=0, hand=tuple(parse_cards(hand)), discard_pile=(top,),
        legal_actions=(Action("draw_stock"), Action("draw_discard", top)),
        history=(HistoryEvent(1, "upcard", top), HistoryEvent(0, "pass", top),
                 HistoryEvent(1, "pass", top)),
    )


def discard_observation(
    hand: str, drawn: str, source: str = "draw_stock", earlier: tuple[HistoryEvent, ...] = ()
) -> FakeObservation:
    cards = tuple(parse_cards(hand))
    card = Card.parse(drawn)
    legal = tuple(Action("discard", c) for c in cards if source == "draw_stock" or c != card)
    legal += tuple(Action("knock", c) for c in cards
                   if deadwood(sum(x.mask for x in cards if x != c)) <= 10
                   and (source == "draw_stock" or c != card))
    return FakeObservation(
        seat=0, hand=cards, discard_pile=(Card.parse("KD"),), legal_actions=legal,
        history=earlier + (HistoryEvent(0, source, card),),
    )


def test_takes_the_upcard_when_it_is_in_any_meld_even_without_saving_deadwood() -> None:
    # 5H would form 5H-5S-5C, although the best arrangement might not use it
    observation = draw_observation("5S 5C 3H 4H 9D TD JD KS QC 2C", "5H")
    assert SimpleBot(seed=1).choose(observation).kind == "draw_discard"


def test_draws_from_the_stock_when_the_upcard_fits_no_meld() -> None:
    observation = draw_observation("5S 5C 3H 4H 9D TD JD KS QC 2C", "7C")
    assert SimpleBot(seed=1).choose(observation).kind == "draw_stock"


def test_discards_uniformly_among_the_least_deadwood_cards() -> None:
    # KS, KC and QH are all deadwood 10; removing any leaves the same least deadwood
    observation = discard_observation("AS 2S 3S 4D 5D 6D 7H 8H KS KC QH", "QH")
    picks = {SimpleBot(seed=seed).choose(observation).card for seed in range(60)}
    assert picks == set(parse_cards("KS KC QH"))


def test_never_discards_the_upcard_it_just_took() -> None:
    observation = discard_observation(
        "AS 2S 3S 4D 5D 6D 7H 8H KS KC QH", "QH", source="draw_discard"
    )
    picks = {SimpleBot(seed=seed).choose(observation).card for seed in range(40)}
    assert picks == set(parse_cards("KS KC"))


def test_never_repeats_a_drawn_and_discarded_pair_within_a_hand() -> None:
    earlier = (
        HistoryEvent(0, "draw_stock", Card.parse("QH")),
        HistoryEvent(0, "discard", Card.parse("KS")),
        HistoryEvent(1, "draw_stock", None),
        HistoryEvent(1, "discard", Card.parse("2D")),
    )
    observation = discard_observation("AS 2S 3S 4D 5D 6D 7H 8H KS KC QH", "QH", earlier=earlier)
    picks = {SimpleBot(seed=seed).choose(observation).card for seed in range(40)}
    assert picks == set(parse_cards("KC QH"))


def test_knocks_as_soon_as_deadwood_reaches_the_limit() -> None:
    observation = discard_observation("AS 2S 3S 4D 5D 6D 7H 8H 9H 9C KC", "KC")
    action = SimpleBot(seed=2).choose(observation)
    assert action == Action("knock", Card.parse("KC"))  # 9 deadwood left
    tight = FakeObservation(**{**observation.__dict__, "knock_limit": 5})
    tight.legal_actions = tuple(a for a in observation.legal_actions if a.kind == "discard")
    assert SimpleBot(seed=2).choose(tight) == Action("discard", Card.parse("KC"))


def test_win_probability_is_even_at_the_start_and_favours_the_leader() -> None:
    assert abs(win_probability(0, 0) - 0.5) < 1e-9
    assert win_probability(80, 20) > 0.8 > win_probability(60, 20)
    assert win_probability(100, 99) == 1.0 and win_probability(0, 100) == 0.0


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 99), st.integers(0, 99), st.integers(1, 20))
def test_win_probability_is_symmetric_and_monotone(mine: int, theirs: int, gain: int) -> None:
    assert abs(win_probability(mine, theirs) + win_probability(theirs, mine) - 1) < 1e-9
    assert win_probability(mine + gain, theirs) >= win_probability(mine, theirs)
    assert win_probability(mine, theirs + gain) <= win_probability(mine, theirs)
