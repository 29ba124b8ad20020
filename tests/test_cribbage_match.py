"""The deal, the show, the end of the game, options, views, snapshots and records."""

from __future__ import annotations

import json

import pytest

from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.cards import Card, parse_cards
from ginrummy_desktop.engine.cribbage import CribbageMatch, CribbageRules, stacked_deck
from ginrummy_desktop.engine.cribbage.match import cut_for_deal
from ginrummy_desktop.engine.cribbage.records import replay_record
from ginrummy_desktop.engine.cribbage.spec import CRIBBAGE, parse_rules
from ginrummy_desktop.engine.deck import verify_commitment
from ginrummy_desktop.engine.rng import StableRandom

DEALER, PONE = 0, 1


def dealt(pone: str, dealer: str, starter: str, scores=(0, 0), **kwargs) -> CribbageMatch:
    deck = stacked_deck(pone, dealer, starter)
    return CribbageMatch(seed=3, first_dealer=DEALER, decks=[deck] * 4, scores=scores, **kwargs)


def discard_last_two(match: CribbageMatch, pone: str, dealer: str) -> None:
    match.apply(PONE, Action("discard", cards=tuple(parse_cards(pone)[4:])))
    match.apply(DEALER, Action("discard", cards=tuple(parse_cards(dealer)[4:])))


def play_out(match: CribbageMatch) -> None:
    """Play the current hand's cards lowest first (legal, simple)."""
    hand = match.hand_number
    while not match.over and match.hand_number == hand:
        seat = match.to_move()
        match.apply(seat, match.observation(seat).legal_actions[0])


def test_cut_for_deal_low_card_deals_and_ties_cut_again() -> None:
    for seed in range(40):
        dealer, cuts = cut_for_deal(StableRandom(seed))
        *ties, final = cuts
        assert all(a.rank == b.rank for a, b in ties)
        assert final[0].rank != final[1].rank
        assert dealer == (0 if final[0].rank < final[1].rank else 1)


def test_deal_six_each_discard_two_to_the_dealers_crib_and_alternate_dealers() -> None:
    match = CribbageMatch(seed=11, first_dealer=1)
    assert match.dealer == 1 and match.to_move() == 0  # the pone discards first
    assert len(match.observation(0).legal_actions) == 15  # all ways to lay two of six away
    assert match.observation(1).legal_actions == ()  # the dealer lays away second
    assert all(len(match.observation(seat).hand) == 6 for seat in (0, 1))
    play_out(match)
    assert match.dealer == 0 and match.hand_number == 2


def test_discard_errors_are_clear_and_change_nothing() -> None:
    match = CribbageMatch(seed=2, first_dealer=0)
    hand = match.observation(1).hand
    before = match.snapshot()
    with pytest.raises(IllegalActionError, match="exactly two"):
        match.apply(1, Action("discard", cards=hand[:1]))
    with pytest.raises(IllegalActionError, match="do not hold"):
        other = match.observation(0).hand
        match.apply(1, Action("discard", cards=(hand[0], other[0])))
    with pytest.raises(IllegalActionError, match="Lay two cards"):
        match.apply(1, Action("play", card=hand[0]))
    assert match.snapshot() == before


def test_his_heels_pegs_two_at_once_and_can_end_the_game() -> None:
    pone, dealer = "2C 3C 4C 5C 6C 7C", "8D 9D TD QD KD AD"
    match = dealt(pone, dealer, "JS", scores=(119, 100))
    discard_last_two(match, pone, dealer)
    assert match.over and match.winner == DEALER and match.scores == [121, 100]
    assert match.to_move() is None
    assert [e["kind"] for e in match.hand_records()[-1]["events"]] == ["heels"]
    with pytest.raises(IllegalActionError, match="over"):
        match.apply(PONE, Action("go"))


def test_show_order_pone_first_and_the_game_ends_the_instant_121_is_reached() -> None:
    # The pone's hand reaches 121 first even though the dealer's hand and crib are bigger.
    pone, dealer = "AC 2D 3H KS QC JC", "5C 5D 5H TS 9C 8C"
    match = dealt(pone, dealer, "4D", scores=(110, 115))
    discard_last_two(match, pone, dealer)
    play_out(match)
    assert match.over and match.winner == PONE
    record = match.hand_records()[-1]
    shows = [(e["kind"], e["seat"]) for e in record["events"] if e["kind"] in ("hand", "crib")]
    assert shows[0] == ("hand", PONE)
    assert ("hand", DEALER) not in shows  # never counted: the game was already over
    assert record["result"]["kind"] == "win"


def test_full_show_order_and_itemized_words() -> None:
    pone, dealer = "AC 2D 3H KS QC JC", "5C 5D 5H TS 9C 8C"
    match = dealt(pone, dealer, "4D")
    discard_last_two(match, pone, dealer)
    play_out(match)
    shows = match.view(PONE).shows
    assert [(s["what"], s["seat"]) for s in shows] == [
        ("hand", PONE),
        ("hand", DEALER),
        ("crib", DEALER),
    ]
    pone_show = shows[0]
    assert pone_show["cards"] == "AC 2D 3H KS"
    assert pone_show["total"] == 8
    assert pone_show["spoken"] == "fifteen two, fifteen four and a run of four is eight"


@pytest.mark.parametrize(
    ("loser", "outcome", "games"),
    [(91, "win", 1), (90, "skunk", 2), (61, "skunk", 2), (60, "double skunk", 3)],
)
def test_skunk_lines_and_game_values(loser: int, outcome: str, games: int) -> None:
    rules = CribbageRules()
    assert rules.outcome(loser) == outcome
    assert rules.game_points(loser) == games
    custom = CribbageRules(skunk_value=3, double_skunk_value=5)
    assert custom.game_points(loser) == {"win": 1, "skunk": 3, "double skunk": 5}[outcome]


def test_short_game_and_option_errors() -> None:
    short = CribbageRules.short_game()
    assert short.target == 61 and short.outcome(30) == "skunk" and short.outcome(31) == "win"
    assert parse_rules("short", {}).target == 61
    assert parse_rules("acc", {"stinkhole": "yes", "skunk_value": "4"}).stinkhole
    with pytest.raises(ValueError, match="unknown cribbage rule"):
        parse_rules("acc", {"muggles": "1"})
    with pytest.raises(ValueError, match="whole number"):
        parse_rules("acc", {"target": "lots"})
    with pytest.raises(ValueError, match="preset"):
        parse_rules("tournament", {})
    with pytest.raises(ValueError, match="target"):
        CribbageRules(target=5)


def test_stinkhole_voids_heels_at_120() -> None:
    pone, dealer = "2C 3C 4C 5C 6C 7C", "8D 9D TD QD KD AD"
    match = dealt(pone, dealer, "JS", scores=(120, 100), rules=CribbageRules(stinkhole=True))
    discard_last_two(match, pone, dealer)
    assert not match.over and match.scores == [120, 100]
    assert "stinkhole" in match.events[0].words


def test_view_shows_pegs_play_area_and_never_the_opponents_cards() -> None:
    pone, dealer = "TH JH QH 9C 2D 3D", "5S 4S 2S AS KC KD"
    match = dealt(pone, dealer, "8C", scores=(40, 30))
    discard_last_two(match, pone, dealer)
    match.apply(PONE, Action("play", card=Card.parse("TH")))
    match.apply(DEALER, Action("play", card=Card.parse("5S")))  # fifteen two
    view = match.view(PONE)
    assert view.hand == tuple(sorted(parse_cards("JH QH 9C")))
    assert view.opponent_hand_size == 3 and view.crib_owner == DEALER and view.crib_size == 4
    assert view.play_area == ((PONE, Card.parse("TH")), (DEALER, Card.parse("5S")))
    assert view.count == 15 and view.starter == Card.parse("8C")
    assert view.pegs[DEALER].front == 42 and view.pegs[DEALER].back == 40
    assert view.last_events[-1].words == "Fifteen for 2"
    hidden = set(parse_cards("4S 2S AS"))
    assert not hidden & set(view.hand)
    assert not any(card in hidden for _, card in view.play_area)


def test_snapshot_round_trips_through_json_and_play_continues_identically() -> None:
    match = CribbageMatch(seed=99)
    rng = StableRandom(4)
    for _ in range(30):
        seat = match.to_move()
        match.apply(seat, rng.choice(match.observation(seat).legal_actions))
    copy = CribbageMatch.restore(json.loads(json.dumps(match.snapshot())))
    for _ in range(200):
        if match.over:
            break
        seat = match.to_move()
        assert copy.to_move() == seat
        assert copy.observation(seat) == match.observation(seat)
        action = rng.choice(match.observation(seat).legal_actions)
        match.apply(seat, action)
        copy.apply(seat, action)
    assert copy.hand_records() == match.hand_records()
    assert copy.scores == match.scores


def test_damaged_snapshot_raises_value_error() -> None:
    snapshot = CribbageMatch(seed=1).snapshot()
    with pytest.raises(ValueError):
        CribbageMatch.restore({**snapshot, "version": 99})
    with pytest.raises(ValueError, match="commitment"):
        CribbageMatch.restore({**snapshot, "salt": "00"})
    with pytest.raises(ValueError):
        CribbageMatch.restore({"version": 1})
    with pytest.raises(ValueError, match="last_discards"):
        CribbageMatch.restore({**snapshot, "last_discards": ["AS 2S"]})


def finished_game(seed: int) -> CribbageMatch:
    match = CribbageMatch(seed=seed)
    rng = StableRandom(seed)
    while not match.over:
        seat = match.to_move()
        match.apply(seat, rng.choice(match.observation(seat).legal_actions))
    return match


def test_records_commit_to_the_deck_and_replay() -> None:
    match = finished_game(8)
    records = match.hand_records()
    assert records[-1]["winner"] == match.winner
    for record in records:
        json.dumps(record)
        assert verify_commitment(" ".join(record["deck"]), record["salt"], record["commitment"])
        CRIBBAGE.replay_record(record)


def test_replay_rejects_forged_points_and_decks() -> None:
    record = finished_game(9).hand_records()[0]
    forged = json.loads(json.dumps(record))
    scoring = next(e for e in forged["events"] if e["points"])
    scoring["points"] += 1
    with pytest.raises(ValueError, match="differ"):
        replay_record(forged)
    swapped = json.loads(json.dumps(record))
    swapped["deck"][0], swapped["deck"][1] = swapped["deck"][1], swapped["deck"][0]
    with pytest.raises(ValueError, match="commit"):
        replay_record(swapped)
    with pytest.raises(ValueError):
        replay_record({"game": "cribbage"})


def test_same_seed_deals_the_same_cards_for_every_hand_number() -> None:
    a, b = CribbageMatch(seed=21), CribbageMatch(seed=21)
    assert a.commitment == b.commitment
    assert a.observation(0).hand == b.observation(0).hand
    play_out(a)
    rng = StableRandom(1)
    hand = b.hand_number
    while b.hand_number == hand:
        seat = b.to_move()
        b.apply(seat, rng.choice(b.observation(seat).legal_actions))
    assert a.commitment == b.commitment  # hand 2 is dealt alike whatever was played in hand 1


def test_the_next_hand_shows_each_seat_the_hand_before_as_the_table_saw_it() -> None:
    pone, dealer = "5C 6D 7H 8S KC QD", "4D 9C TS JH 2S 3S"
    match = dealt(pone, dealer, "AH")
    first = match.observation(PONE)
    assert (first.last_history, first.last_starter, first.last_crib,
            first.last_own_discards) == ((), None, (), ())
    discard_last_two(match, pone, dealer)
    hand_one_history = None
    while match.hand_number == 1:
        hand_one_history = match.observation(PONE).history
        seat = match.to_move()
        match.apply(seat, match.observation(seat).legal_actions[0])
    crib = tuple(sorted(parse_cards("KC QD 2S 3S")))
    for seat, own in ((PONE, "KC QD"), (DEALER, "2S 3S")):
        seen = match.observation(seat)
        assert seen.hand_number == 2
        # Every card of hand 1 was played: its history is the whole play, both seats' four.
        assert seen.last_history[:len(hand_one_history)] == hand_one_history
        played = [card for _, kind, card in seen.last_history if kind == "play"]
        assert sorted(played) == sorted(parse_cards(pone)[:4] + parse_cards(dealer)[:4])
        assert seen.last_starter == Card.parse("AH")
        assert seen.last_crib == crib
        assert seen.last_own_discards == tuple(sorted(parse_cards(own)))
    copy = CribbageMatch.restore(json.loads(json.dumps(match.snapshot())))
    assert copy.observation(PONE) == match.observation(PONE)
