"""The play (pegging) state machine, driven through the public MatchSession interface."""

from __future__ import annotations

import pytest

from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.cards import Card, parse_cards
from ginrummy_desktop.engine.cribbage import CribbageMatch, stacked_deck

DEALER, PONE = 0, 1


def game(pone: str, dealer: str, starter: str, scores=(0, 0), **kwargs) -> CribbageMatch:
    """Seat 0 deals; pone's and dealer's six cards with the last two of each tossed."""
    deck = stacked_deck(pone, dealer, starter)
    match = CribbageMatch(seed=1, first_dealer=DEALER, decks=[deck] * 3, scores=scores, **kwargs)
    match.apply(PONE, Action("discard", cards=tuple(parse_cards(pone)[4:])))
    match.apply(DEALER, Action("discard", cards=tuple(parse_cards(dealer)[4:])))
    return match


def play(match: CribbageMatch, seat: int, card: str) -> None:
    assert match.to_move() == seat
    match.apply(seat, Action("play", card=Card.parse(card)))


def go(match: CribbageMatch, seat: int) -> None:
    assert match.to_move() == seat
    assert match.observation(seat).legal_actions == (Action("go"),)
    match.apply(seat, Action("go"))


def pegged(match: CribbageMatch) -> list[tuple[int, str, int]]:
    return [(e.seat, e.words, e.points) for e in match.events if e.kind not in ("hand", "crib")]


def finished_pegs(match: CribbageMatch) -> list[tuple[int, str, int]]:
    events = match.hand_records()[-1]["events"]
    return [(e["seat"], e["words"], e["points"]) for e in events if e["kind"] not in SHOWS]


SHOWS = ("hand", "crib")


def test_pone_leads_and_fifteen_pegs_two() -> None:
    match = game("TH JH QH 9C 2D 3D", "5S 4S 2S AS KC KD", "8C")
    assert match.phase == "play" and match.to_move() == PONE
    play(match, PONE, "TH")
    play(match, DEALER, "5S")
    assert pegged(match) == [(DEALER, "Fifteen for 2", 2)]
    assert match.scores == [2, 0]


def test_go_then_the_other_plays_on_and_31_scores_two_without_a_go_point() -> None:
    match = game("TH JH QH 9C 2D 3D", "5S 4S 2S AS KC KD", "8C")
    play(match, PONE, "TH")
    play(match, DEALER, "5S")  # 15
    play(match, PONE, "JH")  # 25
    play(match, DEALER, "4S")  # 29
    go(match, PONE)  # QH, 9C do not fit
    play(match, DEALER, "2S")  # 31
    assert pegged(match)[-1] == (DEALER, "31 for 2", 2)
    assert match.count == 0
    # The next count is led by the player who did not play the last card.
    assert match.to_move() == PONE


def test_player_out_of_cards_is_skipped_and_last_card_scores_one() -> None:
    match = game("TH JH QH 9C 2D 3D", "5S 4S 2S AS KC KD", "8C")
    for seat, card in [(PONE, "TH"), (DEALER, "5S"), (PONE, "JH"), (DEALER, "4S")]:
        play(match, seat, card)
    go(match, PONE)
    play(match, DEALER, "2S")
    play(match, PONE, "QH")
    play(match, DEALER, "AS")  # 11; the dealer is now out of cards
    play(match, PONE, "9C")  # 20: the pone plays on alone
    assert finished_pegs(match)[-1] == (PONE, "Last card for 1", 1)
    # The play is over: the show ran and the next hand is being dealt.
    assert match.hand_number == 2


def test_go_point_when_neither_can_play_and_next_count_led_by_the_other() -> None:
    match = game("KH QH JD TC 2D 3D", "9S 8S 7S 6S 4C 4D", "AC")
    play(match, PONE, "KH")
    play(match, DEALER, "9S")  # 19
    play(match, PONE, "QH")  # 29
    go(match, DEALER)  # 8, 7, 6 do not fit
    # Neither do the pone's J and T: it played the last card and takes the go at once.
    assert pegged(match) == [(PONE, "Go for 1", 1)]
    assert match.count == 0 and match.to_move() == DEALER
    play(match, DEALER, "8S")
    play(match, PONE, "JD")  # 18
    play(match, DEALER, "7S")  # 25
    go(match, PONE)
    play(match, DEALER, "6S")  # 31 after the pone's go: 2, and no extra point
    assert pegged(match)[-1] == (DEALER, "31 for 2", 2)
    assert match.to_move() == PONE  # the dealer is out; the pone leads its last card
    play(match, PONE, "TC")
    assert finished_pegs(match)[-2:] == [(DEALER, "31 for 2", 2), (PONE, "Last card for 1", 1)]


def test_after_a_go_the_other_must_play_every_card_that_fits() -> None:
    match = game("KH 9D AH AC 2D 3D", "TS 4S 3C QS 4C 4D", "7H")
    play(match, PONE, "KH")
    play(match, DEALER, "TS")  # 20: king and ten are no pair
    play(match, PONE, "9D")  # 29
    go(match, DEALER)
    play(match, PONE, "AH")  # 30: the pone keeps playing while cards fit
    assert match.to_move() == PONE
    assert [a.card for a in match.observation(PONE).legal_actions] == [Card.parse("AC")]
    play(match, PONE, "AC")  # 31 and a pair: no go point on top
    assert pegged(match) == [(PONE, "31 for 2 and Pair for 2", 4)]
    play(match, DEALER, "4S")  # the dealer leads the next count and plays out alone
    play(match, DEALER, "3C")
    play(match, DEALER, "QS")
    assert finished_pegs(match)[-1] == (DEALER, "Last card for 1", 1)


def test_go_is_never_offered_while_a_card_fits_and_illegal_moves_change_nothing() -> None:
    match = game("TH JH QH 9C 2D 3D", "5S 4S 2S AS KC KD", "8C")
    before = match.snapshot()
    assert Action("go") not in match.observation(PONE).legal_actions
    with pytest.raises(IllegalActionError, match="cannot say go"):
        match.apply(PONE, Action("go"))
    with pytest.raises(IllegalActionError, match="not your turn"):
        match.apply(DEALER, Action("play", card=Card.parse("5S")))
    with pytest.raises(IllegalActionError, match="do not hold"):
        match.apply(PONE, Action("play", card=Card.parse("5S")))
    with pytest.raises(IllegalActionError, match="Play a card"):
        match.apply(PONE, Action("discard", cards=tuple(parse_cards("TH JH"))))
    assert match.snapshot() == before
    for seat, card in [(PONE, "TH"), (DEALER, "5S"), (PONE, "JH"), (DEALER, "4S")]:
        play(match, seat, card)
    with pytest.raises(IllegalActionError, match="31"):
        match.apply(PONE, Action("play", card=Card.parse("QH")))


def test_runs_in_play_across_players_and_no_carry_over_after_reset() -> None:
    match = game("3S 6D 7C KH 2D 2C", "5H 4D 8S QS AS AD", "JC")
    # His heels first: the jack starter pegs 2 for the dealer.
    assert pegged(match) == [(DEALER, "His heels for 2", 2)]
    play(match, PONE, "3S")
    play(match, DEALER, "5H")  # 8
    play(match, PONE, "6D")  # 14
    play(match, DEALER, "4D")  # 18: 3-5-6-4 is a run of four
    assert pegged(match)[-1] == (DEALER, "Run of 4 for 4", 4)
    play(match, PONE, "7C")  # 25: 3-5-6-4-7 is a run of five
    assert pegged(match)[-1] == (PONE, "Run of 5 for 5", 5)
    go(match, DEALER)  # 8S and QS do not fit 25; nor does the pone's KH: it takes the go
    play(match, DEALER, "8S")  # a new count: 8 alone makes no run with the old 7
    assert pegged(match)[-1] == (PONE, "Go for 1", 1)


def test_pairs_in_play_are_by_rank_and_pair_royal_scores_six() -> None:
    match = game("9C 9D KH QH 2D 3D", "9H 9S KS QC 4C 4D", "AC")
    play(match, PONE, "9C")
    play(match, DEALER, "9H")
    play(match, PONE, "9D")
    assert pegged(match) == [(DEALER, "Pair for 2", 2), (PONE, "Pair royal for 6", 6)]
    go(match, DEALER)  # 9S would make 36; KS, QC do not fit either
    assert pegged(match)[-1] == (PONE, "Go for 1", 1)
    play(match, DEALER, "9S")  # a new count: no pair with the old nines
    play(match, PONE, "KH")  # 19
    play(match, DEALER, "QC")  # 29: a queen on a king is no pair
    assert pegged(match)[-1] == (PONE, "Go for 1", 1)
