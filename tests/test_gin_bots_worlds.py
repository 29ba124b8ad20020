"""The expert's hidden worlds: true to what its seat has seen, shaped by the opponent's style."""

from __future__ import annotations

from ginrummy_desktop.engine.gin.bots.expert import ExpertBot
from ginrummy_desktop.engine.gin.bots.fastmelds import deadwood
from ginrummy_desktop.engine.gin.bots.knowledge import FULL_MASK, Knowledge
from ginrummy_desktop.engine.gin.bots.worlds import sample_worlds
from ginrummy_desktop.engine.rng import StableRandom


def mid_hand(seed: int, opponent_turns: int = 8) -> Knowledge:
    """My ten cards, a pile of 14 (two of them taken back by the opponent), the rest unseen."""
    deck = list(range(52))
    StableRandom(seed).shuffle(deck)
    hand = sum(1 << i for i in deck[:10])
    pile = sum(1 << i for i in deck[10:24])
    known = sum(1 << i for i in deck[24:26])
    return Knowledge(
        seat=0, hand=hand, top=1 << deck[23], pile=pile, opponent_known=known,
        opponent_passed=0, opponent_discarded=sum(1 << i for i in deck[10:17]),
        unseen=FULL_MASK & ~hand & ~pile & ~known, stock_size=16, my_turns=opponent_turns,
        opponent_turns=opponent_turns, taken_upcard=0, just_drew=0,
    )


def test_worlds_deal_exactly_the_unseen_cards_around_what_the_opponent_is_known_to_hold() -> None:
    knowledge = mid_hand(1)
    for world in sample_worlds(knowledge, 30, StableRandom(2), looks_per_turn=2, goes_out_at=10):
        stock = sum(1 << i for i in world.stock)
        assert bin(world.opponent).count("1") == 10
        assert world.opponent & knowledge.opponent_known == knowledge.opponent_known
        assert world.opponent & stock == 0
        assert (world.opponent & ~knowledge.opponent_known) | stock == knowledge.unseen
        assert len(world.stock) == bin(knowledge.unseen).count("1") - 8


def _share(worlds, test) -> float:
    return sum(1 for world in worlds if test(deadwood(world.opponent))) / len(worlds)


def test_an_opponent_that_goes_out_at_ten_and_has_not_is_not_given_a_knocking_hand() -> None:
    plain, screened = [], []
    for seed in range(6):
        knowledge = mid_hand(seed, opponent_turns=12)
        plain += sample_worlds(knowledge, 40, StableRandom(seed))
        screened += sample_worlds(knowledge, 40, StableRandom(seed), goes_out_at=10)
    assert _share(plain, lambda d: d <= 10) > 0.15
    assert _share(screened, lambda d: d <= 10) < _share(plain, lambda d: d <= 10) / 3
    # Before its first turn nothing is known of its choices, so nothing is screened.
    opening = mid_hand(0, opponent_turns=0)
    first = sample_worlds(opening, 40, StableRandom(9), goes_out_at=10)
    assert first == sample_worlds(opening, 40, StableRandom(9))


def test_nobody_is_imagined_sitting_on_gin() -> None:
    worlds = []
    for seed in range(6):
        worlds += sample_worlds(mid_hand(seed, opponent_turns=14), 40, StableRandom(seed),
                                looks_per_turn=3)
    assert _share(worlds, lambda d: d == 0) == 0


def test_a_gin_hunter_is_imagined_with_a_better_developed_hand() -> None:
    one_look = two_looks = 0.0
    for seed in range(6):
        knowledge = mid_hand(seed)
        one_look += sum(
            deadwood(w.opponent) for w in sample_worlds(knowledge, 40, StableRandom(seed))
        )
        two_looks += sum(
            deadwood(w.opponent)
            for w in sample_worlds(knowledge, 40, StableRandom(seed), looks_per_turn=2)
        )
    assert two_looks < one_look * 0.9


def test_the_expert_learns_the_opponents_style_from_the_match_so_far() -> None:
    class Watched:
        knock_limit = 10

    expert = ExpertBot(seed=1)
    expert._hands_watched, expert._opponent_knocks = 5, 5  # knocked every hand
    assert expert.opponent_go_out(Watched()) == 10
    expert._hands_watched, expert._opponent_knocks = 5, 0  # never knocked: plays for gin
    assert expert.opponent_go_out(Watched()) == 0
