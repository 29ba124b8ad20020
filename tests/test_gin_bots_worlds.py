"""The expert's hidden worlds: true to what its seat has seen; its model of the opponent."""

from __future__ import annotations

from ginrummy_desktop.engine.gin.bots.expert import ExpertBot
from ginrummy_desktop.engine.gin.bots.knowledge import FULL_MASK, Knowledge
from ginrummy_desktop.engine.gin.bots.worlds import sample_worlds
from ginrummy_desktop.engine.rng import StableRandom


def mid_hand(seed: int) -> Knowledge:
    """Eight turns in: my ten cards, a pile of 14, two cards the opponent took from it, and the
    rest unseen."""
    deck = list(range(52))
    StableRandom(seed).shuffle(deck)
    hand = sum(1 << i for i in deck[:10])
    pile = sum(1 << i for i in deck[10:24])
    known = sum(1 << i for i in deck[24:26])
    return Knowledge(
        seat=0, hand=hand, top=1 << deck[23], pile=pile, opponent_known=known,
        opponent_passed=0, opponent_discarded=sum(1 << i for i in deck[10:17]),
        unseen=FULL_MASK & ~hand & ~pile & ~known, stock_size=16, my_turns=8,
        opponent_turns=8, taken_upcard=0, just_drew=0,
    )


def test_worlds_deal_exactly_the_unseen_cards_around_what_the_opponent_is_known_to_hold() -> None:
    knowledge = mid_hand(1)
    for world in sample_worlds(knowledge, 30, StableRandom(2)):
        stock = sum(1 << i for i in world.stock)
        assert bin(world.opponent).count("1") == 10
        assert world.opponent & knowledge.opponent_known == knowledge.opponent_known
        assert world.opponent & stock == 0
        assert (world.opponent & ~knowledge.opponent_known) | stock == knowledge.unseen
        assert len(world.stock) == bin(knowledge.unseen).count("1") - 8


def test_the_expert_learns_the_opponents_style_from_the_match_so_far() -> None:
    class Watched:
        knock_limit = 10

    expert = ExpertBot(seed=1)
    expert._hands_watched, expert._opponent_knocks = 5, 5  # knocked every hand
    assert expert.opponent_go_out(Watched()) == 10
    expert._hands_watched, expert._opponent_knocks = 5, 0  # never knocked: plays for gin
    assert expert.opponent_go_out(Watched()) == 0
