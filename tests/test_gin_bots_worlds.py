"""The expert's hidden worlds: true to what its seat has seen; its model of the opponent."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.cards import cards_mask, parse_cards
from ginrummy_desktop.engine.gin.bots import PERSONAS
from ginrummy_desktop.engine.gin.bots import expert as expert_module
from ginrummy_desktop.engine.gin.bots import worlds as worlds_module
from ginrummy_desktop.engine.gin.bots.evaluate import iter_bits
from ginrummy_desktop.engine.gin.bots.expert import ExpertBot
from ginrummy_desktop.engine.gin.bots.fastmelds import (
    POINTS,
    after_each_discard,
    best_arrangements,
    deadwood,
)
from ginrummy_desktop.engine.gin.bots.knock_model import (
    INPUT_NAMES,
    KnockWeighing,
    knock_inputs,
    predicted_advantage,
)
from ginrummy_desktop.engine.gin.bots.knowledge import FULL_MASK, Knowledge, read_knowledge
from ginrummy_desktop.engine.gin.bots.styles import improves_by_taking, melded_in_best_spread
from ginrummy_desktop.engine.gin.bots.worlds import (
    fits_throw,
    history_weight,
    knock_worlds_for,
    last_discard_weight,
    passed_knock_weight,
    rule_weights,
    sample_worlds,
    wants_upcard,
    worlds_for,
)
from ginrummy_desktop.engine.gin.match import GinMatch
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS
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


def test_racing_the_expert_imagines_itself_going_out_as_readily_as_its_opponent(
    monkeypatch,
) -> None:
    expert = ExpertBot(seed=1)
    assert expert.own_go_out_playing() == 0  # as shipped: the imagined self waits for gin
    expert.own_go_out_racing = 5
    expert._hands_watched, expert._opponent_knocks = 5, 5  # knocked every hand: a race
    assert expert.own_go_out_playing() == 5
    expert._hands_watched, expert._opponent_knocks = 5, 0  # never knocked: wait for gin
    assert expert.own_go_out_playing() == 0
    # The close-discard play-outs are handed that go-out, the opponent's beside it.
    expert._hands_watched, expert._opponent_knocks = 5, 5
    seen: list[tuple[int, int]] = []

    def recording_play_out(hands, stock, pile, to_move, go_out_at, rules, max_turns=80):
        seen.append(go_out_at)
        return 0

    monkeypatch.setattr(expert_module, "play_out", recording_play_out)
    match = GinMatch(GIN_PRESETS["tournament"], seed=5)
    while match.observation(match.to_move()).legal_actions[0].kind not in ("discard", "knock"):
        seat = match.to_move()
        match.apply(seat, PERSONAS["simple"].create(seed=seat).choose(match.observation(seat)))
    observation = match.observation(match.to_move())
    knowledge = read_knowledge(observation)
    expert.compare_discards(observation, knowledge, list(iter_bits(knowledge.hand))[:2])
    assert seen and all(go_out == (5, 10) for go_out in seen)


def test_knowledge_logs_each_turn_of_the_opponent_take_or_pass_and_throw() -> None:
    match = GinMatch(GIN_PRESETS["tournament"], seed=11)
    bots = [PERSONAS["simple"].create(seed=1), PERSONAS["simple"].create(seed=2)]
    logs: dict[int, list[tuple[int, int, int]]] = {0: [], 1: []}  # each seat's turns, as played
    drawn: dict[int, tuple[int, int]] = {}
    checked = 0
    hand_number = None
    while not match.over:
        seat = match.to_move()
        observation = match.observation(seat)
        if observation.hand_number != hand_number:
            if observation.hand_number > 2:
                break
            hand_number, logs, drawn = observation.hand_number, {0: [], 1: []}, {}
        knowledge = read_knowledge(observation)
        assert knowledge.opponent_turn_log == tuple(logs[1 - seat])
        checked += 1
        action = bots[seat].choose(observation)
        top = observation.discard_pile[-1].index if observation.discard_pile else None
        if action.kind == "draw_discard":
            drawn[seat] = (1 << top, 0)
        elif action.kind == "draw_stock":
            drawn[seat] = (0, 1 << top if top is not None else 0)
        elif action.kind in ("discard", "knock", "gin") and seat in drawn:
            logs[seat].append((*drawn.pop(seat), action.card.index))
        match.apply(seat, action)
    kinds = [entry for log in logs.values() for entry in log]
    assert checked > 20 and any(entry[0] for entry in kinds) and any(entry[1] for entry in kinds)


def with_last_throw(thrown: str, taken: str | None = None) -> Knowledge:
    knowledge = mid_hand(1)
    taken_mask = cards_mask(parse_cards(taken)) if taken else 0
    knowledge.opponent_turn_log = ((taken_mask, 0, parse_cards(thrown)[0].index),)
    return knowledge


def test_a_world_in_which_the_last_throw_broke_a_run_weighs_less_than_a_loose_card_throw() -> None:
    knowledge = with_last_throw("9H")
    broke_a_run = cards_mask(parse_cards("7H 8H 6C 6D 6S 2C 3C 4C 5D 5S"))  # 9H ran with 7-8
    loose = cards_mask(parse_cards("2H 3H 6C 6D 6S 2C 3C 4C 5D 5S"))  # 9H was the top loose card
    assert last_discard_weight(loose, knowledge) == 1.0
    assert last_discard_weight(broke_a_run, knowledge) < 0.01


def test_the_last_throw_is_judged_without_the_upcard_the_opponent_had_just_taken() -> None:
    holding_a_king = cards_mask(parse_cards("2H 3H 6C 6D 6S 2C 3C 4C 5D KS"))
    assert last_discard_weight(holding_a_king, with_last_throw("9H")) < 1.0  # KS was higher
    assert last_discard_weight(holding_a_king, with_last_throw("9H", taken="KS")) == 1.0


class TenCardObservation:
    opponent_hand_size = 10


def assert_true_to(knowledge: Knowledge, worlds: list) -> None:
    """Each world: ten cards for the opponent, every card it is known to hold among them, and
    with the stock exactly the unseen cards."""
    for world in worlds:
        stock = sum(1 << i for i in world.stock)
        assert bin(world.opponent).count("1") == 10
        assert world.opponent & knowledge.opponent_known == knowledge.opponent_known
        assert (world.opponent & ~knowledge.opponent_known) | stock == knowledge.unseen


def test_worlds_drawn_by_the_last_throw_are_still_true_to_what_the_seat_has_seen() -> None:
    knowledge = mid_hand(2)
    knowledge.opponent_turn_log = ((0, 0, next(iter_bits(knowledge.opponent_discarded))),)

    worlds = worlds_for(TenCardObservation(), knowledge, 24, StableRandom(3))
    assert len(worlds) == 24
    assert_true_to(knowledge, worlds)
    mean = sum(last_discard_weight(w.opponent, knowledge) for w in worlds) / len(worlds)
    uniform = sample_worlds(knowledge, 72, StableRandom(3))
    mean_uniform = sum(last_discard_weight(w.opponent, knowledge) for w in uniform) / len(uniform)
    assert mean >= mean_uniform  # the kept worlds lean to the ones where the throw made sense


def with_turns(*turns: tuple[str | None, str | None, str]) -> Knowledge:
    """``mid_hand`` with the opponent's turns (taken upcard, declined upcard, throw), oldest
    first."""
    knowledge = mid_hand(1)
    knowledge.opponent_turn_log = tuple(
        (cards_mask(parse_cards(taken)) if taken else 0,
         cards_mask(parse_cards(declined)) if declined else 0,
         parse_cards(thrown)[0].index)
        for taken, declined, thrown in turns
    )
    return knowledge


def test_replaying_an_earlier_throw_finds_the_world_in_which_it_broke_a_set() -> None:
    # Last turn it took 9D and threw KS; the turn before it took 2D and threw KC. Holding KD
    # and KS back then, KC made three kings: throwing it was a blunder in that world only.
    knowledge = with_turns(("2D", None, "KC"), ("9D", None, "KS"))
    held_a_king = cards_mask(parse_cards("9S 9H 9D 4C 5C 6C 2D 3H KD QH"))
    no_king = cards_mask(parse_cards("9S 9H 9D 4C 5C 6C 2D 3H QD QH"))
    for world in (held_a_king, no_king):
        assert history_weight(world, knowledge, StableRandom(1), depth=1) == 1.0
    assert history_weight(no_king, knowledge, StableRandom(1), depth=2) == 1.0
    assert history_weight(held_a_king, knowledge, StableRandom(1), depth=2) < 0.01


def hand_of(text: str) -> int:
    return cards_mask(parse_cards(text))


def index_of(text: str) -> int:
    return parse_cards(text)[0].index


def test_a_careful_player_takes_an_upcard_that_melds_and_lowers_its_count_and_no_other() -> None:
    hand = hand_of("6H 8H 2C 3C 4C KD QS 9S 5D JC")
    assert wants_upcard(hand, index_of("7H"))  # 6-7-8 of hearts
    assert not wants_upcard(hand, index_of("7S"))  # nothing to meld with
    assert not wants_upcard(hand_of("6H 2C 3C 4C KD QS 9S 5D JC TD"), index_of("7H"))


def test_a_careful_player_throws_one_of_its_highest_loose_cards() -> None:
    eleven = hand_of("2H 3H 4H 6C 6D 6S 2C 3D 5S KS 9D")  # loose: 2C 3D 5S KS 9D
    assert fits_throw(eleven, index_of("KS"), 0)
    assert fits_throw(eleven, index_of("9D"), 0)  # within five pips of the king
    assert not fits_throw(eleven, index_of("3D"), 0)  # a low card while a king is loose
    assert not fits_throw(eleven, index_of("6C"), 0)  # breaks a set
    assert fits_throw(eleven, index_of("9D"), hand_of("KS"))  # the king was just taken


def always_melded(eleven: int) -> int:
    melded = eleven
    for option in best_arrangements(eleven):
        union = 0
        for meld in option:
            union |= meld
        melded &= union
    return melded


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 25), min_size=11, max_size=11, unique=True),
       st.integers(0, 10), st.integers(0, 10))
def test_the_quick_rules_agree_with_their_definitions_on_any_hand(cards, throw, take) -> None:
    # Cards from two suits only, so that melds are common.
    eleven = sum(1 << card for card in cards)
    thrown, taken = cards[throw], (1 << cards[take] if take != throw else 0)
    loose = eleven & ~always_melded(eleven) & ~taken
    values = dict(after_each_discard(eleven))
    if not loose:
        expected = True
    elif not loose >> thrown & 1:
        expected = False
    else:
        top = max(POINTS[i] for i in iter_bits(loose))
        least = min(values[i] for i in iter_bits(loose))
        expected = POINTS[thrown] >= top - 5 and values[thrown] <= least + 5
    assert fits_throw(eleven, thrown, taken) == expected
    hand = eleven & ~(1 << thrown)
    assert wants_upcard(hand, thrown) == (
        melded_in_best_spread(eleven, 1 << thrown) and improves_by_taking(hand, 1 << thrown)
    )


def test_a_world_in_which_the_opponent_passed_a_card_it_wanted_weighs_less() -> None:
    # It drew from the stock instead of taking 7H, then threw KC.
    knowledge = with_turns((None, "7H", "KC"))
    wanted_it = hand_of("6H 8H 2C 3C 4C QD QS 9S 5D JC")
    did_not = hand_of("6H 9H 2C 3C 4C QD QS 9S 5D JC")
    weights = rule_weights([wanted_it, did_not], knowledge, StableRandom(4))
    assert weights[1] == 1.0
    assert weights[0] < weights[1]


def test_a_world_that_misfits_again_and_again_is_dropped() -> None:
    # Three throws of low cards while the world held a loose king each time.
    knowledge = with_turns((None, None, "2C"), (None, None, "3D"), (None, None, "2S"))
    kings = hand_of("KC KD 5H 6H 7H 8S 9S TS JH QC")  # loose court cards beside each low throw
    tidy = hand_of("4C 5C 6C 8D 8H 8S 9S TS JS AH")
    weights = rule_weights([kings, tidy], knowledge, StableRandom(5))
    assert weights[1] > 0
    assert weights[0] == 0.0


def test_knock_worlds_are_true_to_what_the_seat_has_seen(monkeypatch) -> None:
    knowledge = mid_hand(3)
    thrown = list(iter_bits(knowledge.opponent_discarded))
    knowledge.opponent_turn_log = tuple((0, 0, index) for index in thrown)
    monkeypatch.setattr(worlds_module, "KNOCK_OVERSAMPLE", 4)

    worlds = knock_worlds_for(TenCardObservation(), knowledge, 16, StableRandom(6))
    assert len(worlds) == 16
    assert_true_to(knowledge, worlds)


def test_the_knock_line_leans_to_knocking_early_and_away_once_cards_are_known() -> None:
    expert = ExpertBot(seed=1)
    expert.use_knock_correction = 1  # the learned line (the expert of run V)
    early = mid_hand(1)
    early.opponent_known, early.opponent_turns, early.opponent_turn_log = 0, 1, ()
    late = mid_hand(1)  # eight turns in, two cards known in the opponent's hand
    late.opponent_turn_log = ((1 << next(iter_bits(late.opponent_known)), 0, 0),)
    close = KnockWeighing(0.50, 0.51)  # knocking looks a shade worse than playing on
    # Corrected, knock early, not late; three players and no correction keep the plain values.
    assert expert.knock_advantage(close, early) > 0
    assert expert.knock_advantage(close, late) < 0
    assert expert.knock_advantage(close, early, players=3) == pytest.approx(-0.01)
    expert.knock_correction = None
    assert expert.knock_advantage(close, early) == pytest.approx(-0.01)


def test_the_knock_trees_read_the_worlds_forecast_and_only_public_facts() -> None:
    expert = ExpertBot(seed=1)
    assert expert.use_knock_correction == 2
    knowledge = mid_hand(1)
    # The same search values, but worlds that foresee an undercut every time or never.
    feared = KnockWeighing(0.50, 0.50, undercut_share=1.0, mean_knock_points=-30.0,
                           mean_opponent_deadwood=3.0, near_knock_share=1.0)
    hoped = KnockWeighing(0.50, 0.50, undercut_share=0.0, mean_knock_points=20.0,
                          mean_opponent_deadwood=30.0, near_knock_share=0.0)
    scores = (40, 40, 100)
    assert (expert.knock_advantage(hoped, knowledge, 2, 8, scores)
            != expert.knock_advantage(feared, knowledge, 2, 8, scores))
    # A clear verdict of the search is not overturned.
    assert expert.knock_advantage(KnockWeighing(0.9, 0.3), knowledge, 2, 2, scores) > 0
    assert expert.knock_advantage(KnockWeighing(0.2, 0.8), knowledge, 2, 9, scores) < 0
    assert expert.knock_advantage(feared, knowledge, 3, 8, scores) == 0.0
    inputs = knock_inputs(knowledge, feared, 8, scores, 0.75, 4)
    assert len(inputs) == len(INPUT_NAMES)
    assert inputs[INPUT_NAMES.index("my_need")] == pytest.approx(0.6)
    assert inputs[INPUT_NAMES.index("opponent_eagerness")] == 0.75
    assert inputs[INPUT_NAMES.index("hands_watched")] == 4
    with pytest.raises(ValueError, match="other inputs"):
        predicted_advantage({"inputs": ["x"], "base": 0.0, "rate": 1.0, "trees": []}, inputs)


def test_an_eager_knocker_that_played_on_is_imagined_holding_no_knock_and_no_gin() -> None:
    # Eight turns into this deal most developed hands could knock; a player who knocks whenever
    # it may and still threw without going out holds none of those, nor gin.
    knowledge = mid_hand(1)
    knowledge.opponent_turn_log = ((0, 0, next(iter_bits(knowledge.opponent_discarded))),)
    plain = worlds_for(TenCardObservation(), knowledge, 96, StableRandom(3))
    read = worlds_for(TenCardObservation(), knowledge, 96, StableRandom(3),
                      knock_chance=1.0, knock_limit=10)
    assert_true_to(knowledge, read)

    def knockable(worlds: list) -> int:
        return sum(1 for world in worlds if deadwood(world.opponent) <= 10)

    assert knockable(plain) >= 48  # the reading has something to remove
    assert knockable(read) <= knockable(plain) // 4
    gins = sum(1 for world in plain if deadwood(world.opponent) == 0)
    assert gins >= 10 and sum(1 for world in read if deadwood(world.opponent) == 0) <= gins // 4


def test_a_player_who_rarely_knocks_may_still_hold_a_knock_but_never_gin() -> None:
    gin = cards_mask(parse_cards("AS 2S 3S 4S 5H 5D 5C 9H 9D 9C"))
    knock = cards_mask(parse_cards("AS 2S 3S 5H 5D 5C 9H 9D 9C 4C"))
    loose = cards_mask(parse_cards("AS 3S 5S 7S 9H JD KC QH 8D 6C"))
    assert passed_knock_weight(gin, 0.0, 10) < 0.05
    assert passed_knock_weight(knock, 0.0, 10) == 1.0
    assert passed_knock_weight(knock, 1.0, 10) < 0.05
    assert passed_knock_weight(knock, 1.0, 0) == 1.0  # straight gin: a knock is no way out
    assert passed_knock_weight(loose, 1.0, 10) == 1.0


def test_the_expert_reads_a_passed_knock_by_how_often_the_opponent_has_knocked() -> None:
    bot = ExpertBot(seed=1)
    bot._hands_watched, bot._opponent_knocks = 10, 6  # knocks most hands: eager
    eager = bot.opponent_eagerness()
    bot._hands_watched, bot._opponent_knocks = 10, 0  # waits for gin
    assert eager == 1.0 and bot.opponent_eagerness() == 0.0
