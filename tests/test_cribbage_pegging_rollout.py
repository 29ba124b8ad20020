"""The discard's pegging play-outs (``bots/pegging_rollout``): the rules of the play as the
engine keeps them, the careful player's choices, and an expert that uses them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.cribbage import CribbageMatch, stacked_deck
from ginrummy_desktop.engine.cribbage.bots import expert as expert_bot
from ginrummy_desktop.engine.cribbage.bots.pegging_rollout import keep_pegging, play_out
from ginrummy_desktop.engine.cribbage.bots.simple import CarefulBot
from ginrummy_desktop.engine.cribbage.observation import DISCARD
from ginrummy_desktop.engine.rng import StableRandom

DEALER, PONE = 0, 1
PEGGING_KINDS = ("play", "go", "last card")


def seen(six: list[int], starter: int) -> list[int]:
    counts = [0] * 13
    for rank in [*six, starter]:
        counts[rank - 1] += 1
    return counts


def test_a_play_out_scores_fifteens_goes_pairs_and_the_last_card() -> None:
    # Tens against fives: every five the dealer lays on a ten makes fifteen, each count ends
    # in a go for the dealer: 2 + 1 + 2 + 1.
    assert play_out([10] * 4, [5] * 4, seen([10] * 4 + [2, 3], 13),
                    seen([5] * 4 + [2, 3], 13)) == (0, 6)
    # Tens against aces: 10 A 10 A, the pone cannot go on at 22, the dealer's aces make a
    # pair and a pair royal (2 + 6) and the go; the pone's last two tens pair and take the
    # last card (2 + 1).
    assert play_out([10] * 4, [1] * 4, seen([10] * 4 + [2, 3], 13),
                    seen([1] * 4 + [2, 3], 13)) == (3, 9)


SIX_RANKS = st.lists(st.integers(1, 13), min_size=6, max_size=6, unique=True)


@settings(max_examples=40, deadline=None)
@given(pone=SIX_RANKS, dealer=SIX_RANKS, starter=st.integers(1, 13))
def test_a_play_out_pegs_what_two_careful_players_peg_in_the_engine(pone, dealer, starter):
    """Each player's six in one suit, so the careful player's tie-break (lowest card) is the
    play-out's (lowest rank); the engine's pegging points are the play-out's."""
    pone_cards = [Card(rank, "S") for rank in pone]
    dealer_cards = [Card(rank, "H") for rank in dealer]
    deck = stacked_deck(pone_cards, dealer_cards, Card(starter, "C"))
    match = CribbageMatch(seed=1, first_dealer=DEALER, decks=[deck, deck])
    bots = [CarefulBot(seed=1), CarefulBot(seed=2)]
    kept: dict[int, list[int]] = {}
    while match.hand_number == 1 and not match.over:
        seat = match.to_move()
        observation = match.observation(seat)
        if observation.phase != DISCARD and seat not in kept:
            kept[seat] = sorted(card.rank for card in observation.hand)
        match.apply(seat, bots[seat].choose(observation))
    events = match.events() if match.over else match.view(0).last_events
    pegged = [0, 0]
    for event in events:
        if event.kind in PEGGING_KINDS:
            pegged[event.seat] += event.points
    expected = play_out(kept[PONE], kept[DEALER], seen(pone, starter), seen(dealer, starter))
    assert expected == (pegged[PONE], pegged[DEALER])


def test_the_same_drawn_deals_serve_every_keep_and_replay_from_the_seed() -> None:
    six = [1, 2, 3, 4, 5, 6]
    keeps = [[1, 2, 3, 4], [3, 4, 5, 6], [1, 2, 5, 6]]
    first = keep_pegging(six, keeps, True, 40, StableRandom(7))
    assert first == keep_pegging(six, keeps, True, 40, StableRandom(7))
    # A keep listed twice is played out against the same deals: the same lead.
    twice = keep_pegging(six, [keeps[0], keeps[0]], True, 40, StableRandom(7))
    assert twice[0] == twice[1] == first[0]
    assert len(first) == 3 and len(set(first)) > 1


def test_an_expert_playing_out_its_close_keeps_still_sees_only_its_information_set(
        monkeypatch) -> None:
    from tests.test_cribbage_bots import assert_same_decisions_in_hidden_variants

    monkeypatch.setattr(expert_bot.ExpertBot, "discard_playouts", 30)
    assert_same_decisions_in_hidden_variants("expert")


@pytest.mark.parametrize("is_dealer", [True, False])
def test_play_outs_only_reorder_the_keeps_within_the_margin(monkeypatch, is_dealer) -> None:
    from ginrummy_desktop.engine.cards import parse_cards
    from ginrummy_desktop.engine.cribbage.advisor import discard_table

    six = parse_cards("AS 2D 7C 9H JS QD")
    table = discard_table(six, is_dealer)

    def value(option):  # the net alone: the margin is easy to read
        return option.net

    monkeypatch.setattr(expert_bot, "PLAYOUT_SHARE", 100.0)  # pegging decides among the close
    ranked = expert_bot._by_playouts(table, value, six, is_dealer, 60, StableRandom(3))
    close = [o for o in table[:expert_bot.PLAYOUT_KEEPS]
             if o.net >= table[0].net - expert_bot.PLAYOUT_MARGIN]
    assert sorted(map(id, ranked[:len(close)])) == sorted(map(id, close))
    assert ranked[len(close):] == table[len(close):]
