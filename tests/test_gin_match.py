"""Gin Rummy matches: bonuses, dealers, formats, records, snapshots and what seats may see."""

from __future__ import annotations

import dataclasses
import json

import pytest

from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.deck import commitment
from ginrummy_desktop.engine.gin import GIN_PRESETS, GinMatch, replay_record
from ginrummy_desktop.engine.gin.spec import GIN
from tests.test_gin_rules import DEFENDER, GIN_DEFENDER, GIN_HAND, KNOCKER, play, rigged_deck

CLASSIC = GIN_PRESETS["classic"]
KNOCK_DEAL = rigged_deck(KNOCKER, DEFENDER, "AD")  # non-dealer takes AD, knocks QD: 45 points
UNDERCUT_DEAL = rigged_deck("5H 6H 7H KC KD KS 2C 3C 4C 5D", "AS AH AC 2D 3D 4D 6C 7C 8C 5S",
                            "9D", "8D")  # non-dealer knocks and is undercut: dealer scores 25
GIN_DEAL = rigged_deck(GIN_HAND, GIN_DEFENDER, "AD", "QC")  # non-dealer gins: 92 points


def knock_hand(match: GinMatch) -> None:
    play(match, "draw_discard AD", "knock QD")


def undercut_hand(match: GinMatch) -> None:
    play(match, "pass", "pass", "draw_stock", "knock 8D")


def dead_hand(match: GinMatch) -> None:
    number = match.hand.hand_number
    while match.hand.hand_number == number:
        seat = match.to_move()
        obs = match.observation(seat)
        if obs.phase in ("first_upcard", "dealer_upcard"):
            match.apply(seat, Action("pass"))
        elif obs.phase == "draw":
            match.apply(seat, Action("draw_stock"))
        else:
            drawn = match.hand.hands[match.hand.turn][-1]
            match.apply(seat, Action("discard", drawn))


def test_game_ends_at_target_with_boxes_and_a_doubled_game_bonus_for_a_shutout() -> None:
    match = GinMatch(CLASSIC, seed=3, deals=lambda n: KNOCK_DEAL)
    knocker = 1 - match.view(0).dealer
    for _ in range(3):
        assert match.view(0).dealer == 1 - knocker  # the loser keeps dealing
        knock_hand(match)
    assert match.over and match.winners == (knocker,)
    assert match.view(0).boxes[knocker] == 3 and match.view(0).boxes[1 - knocker] == 0
    lines = {(label, seat): points for label, seat, points in match.final_breakdown}
    assert lines[("Hand points", knocker)] == 135
    assert lines[("Boxes (3 x 20)", knocker)] == 60
    assert lines[("Game bonus, doubled for a shutout", knocker)] == 200
    assert lines[("Total", knocker)] == 395 and lines[("Total", 1 - knocker)] == 0
    assert match.to_move() is None
    with pytest.raises(IllegalActionError, match="over"):
        match.apply(0, Action("pass"))


def test_shutout_variant_doubling_the_whole_score() -> None:
    rules = CLASSIC.replace(shutout="double_total")
    match = GinMatch(rules, seed=3, deals=lambda n: KNOCK_DEAL)
    knocker = 1 - match.view(0).dealer
    for _ in range(3):
        knock_hand(match)
    lines = {(label, seat): points for label, seat, points in match.final_breakdown}
    assert lines[("Shutout doubles the total", knocker)] == 135 + 60 + 100
    assert lines[("Total", knocker)] == 2 * 295


def test_undercut_crossing_the_target_gives_the_game_to_the_defender() -> None:
    rules = CLASSIC.replace(target=60)
    deals = {0: KNOCK_DEAL, 1: UNDERCUT_DEAL, 2: UNDERCUT_DEAL, 3: UNDERCUT_DEAL}
    match = GinMatch(rules, seed=3, deals=lambda n: deals.get(n, KNOCK_DEAL))
    first = 1 - match.view(0).dealer
    knock_hand(match)  # first knocks: 45, the other player keeps dealing
    undercut_hand(match)  # first knocks again and is undercut: the dealer scores 25
    assert match.seat_scores()[first] == 45 and match.seat_scores()[1 - first] == 25
    # The undercut winner's opponent (first) deals now, so first is the dealer...
    assert match.view(0).dealer == first
    undercut_hand(match)  # ...and the other player, now non-dealer, knocks and is undercut
    assert match.seat_scores()[first] == 70 and match.over and match.winners == (first,)
    lines = {(label, seat): points for label, seat, points in match.final_breakdown}
    assert lines[("Game bonus", first)] == 100  # not a shutout: the loser scored 25
    assert lines[("Boxes (1 x 20)", 1 - first)] == 20


@pytest.mark.parametrize("policy", ["loser", "winner", "alternate"])
def test_next_dealer_policies_and_a_dead_hand_keeps_the_dealer(policy: str) -> None:
    match = GinMatch(CLASSIC.replace(next_dealer=policy), seed=8, deals=lambda n: KNOCK_DEAL)
    dealer = match.view(0).dealer
    dead_hand(match)
    assert match.view(0).dealer == dealer and match.view(0).last_result.kind == "draw"
    assert match.seat_scores() == (0, 0)
    knock_hand(match)  # the non-dealer wins
    expected = {"loser": dealer, "winner": 1 - dealer, "alternate": 1 - dealer}[policy]
    assert match.view(0).dealer == expected


def test_three_players_dealer_sits_out_and_the_loser_deals_next() -> None:
    match = GinMatch(GIN_PRESETS["three-player"], seed=4, deals=lambda n: KNOCK_DEAL)
    out = match.dealer
    assert match.view(0).sitting_out == (out,)  # the player who dealt does not play this hand
    with pytest.raises(ValueError, match="sits out"):
        match.observation(out)
    winner = match.hand.seats[0]
    knock_hand(match)
    loser = next(s for s in range(3) if s not in (winner, out))
    assert match.dealer == loser and match.view(0).sitting_out == (loser,)
    assert set(match.hand.seats) == {winner, out}
    assert match.seat_scores()[winner] == 45


def test_partnership_tables_and_team_scoring() -> None:
    deals = {0: KNOCK_DEAL, 1: KNOCK_DEAL, 2: KNOCK_DEAL, 3: UNDERCUT_DEAL}
    match = GinMatch(GIN_PRESETS["partnership"], seed=1, deals=lambda n: deals.get(n, KNOCK_DEAL))
    assert match.num_seats == 4
    tables = []
    for _ in range(2):
        tables.append(match.hand.seats)
        knock_hand(match)
    assert {frozenset(t) for t in tables} in ({frozenset({0, 1}), frozenset({2, 3})},)
    winners = [t[0] for t in tables]
    if winners[0] % 2 == winners[1] % 2:
        assert match.seat_scores()[winners[0]] == 90  # both won: the team adds them up
    else:
        assert match.seat_scores() == (0, 0, 0, 0)  # equal points: the difference is nothing
    # Opponents alternate: the next deal pairs 0 with 3 and 2 with 1.
    assert frozenset(match.hand.seats) == frozenset({0, 3})
    observation = match.observation(match.to_move())
    assert observation.partner == (observation.seat + 2) % 4


def test_partnership_split_deal_scores_the_difference() -> None:
    deals = {0: KNOCK_DEAL, 1: UNDERCUT_DEAL}
    match = GinMatch(GIN_PRESETS["partnership"], seed=1, deals=lambda n: deals.get(n, KNOCK_DEAL))
    first_winner = match.hand.seats[0]
    knock_hand(match)  # 45 to the first table's non-dealer
    second_dealer = match.hand.seats[1]
    undercut_hand(match)  # 25 to the second table's dealer
    if first_winner % 2 == second_dealer % 2:
        assert match.seat_scores()[first_winner] == 70
    else:
        assert match.seat_scores()[first_winner] == 20
        assert match.seat_scores()[second_dealer] == 0


def test_hollywood_credits_later_wins_to_more_games() -> None:
    match = GinMatch(GIN_PRESETS["hollywood"], seed=2, deals=lambda n: KNOCK_DEAL)
    knocker = 1 - match.view(0).dealer
    for _ in range(3):
        knock_hand(match)
    # Wins 1, 2, 3 go to games {1}, {1, 2}, {1, 2, 3}; game 1 closes at 135 >= 100.
    assert match.view(0).hollywood_scores == tuple(
        tuple(points if seat == knocker else 0 for seat in range(2))
        for points in (135, 90, 45))
    assert not match.over
    for _ in range(2):
        knock_hand(match)
    assert match.over and match.winners == (knocker,)
    labels = [label for label, _, _ in match.final_breakdown]
    assert any(label.startswith("Game 3: ") for label in labels)


def test_records_hold_the_deal_actions_result_and_replay() -> None:
    match = GinMatch(CLASSIC, seed=5, deals=lambda n: KNOCK_DEAL)
    published = match.commitment
    knock_hand(match)
    record = json.loads(json.dumps(match.hand_records()[0]))
    assert record["game"] == "gin" and record["deck"] == [str(c) for c in KNOCK_DEAL]
    assert record["commitment"] == published == commitment(KNOCK_DEAL, record["salt"])
    assert record["actions"][0][1:] == ["draw_discard", "AD"]
    assert record["result"]["kind"] == "knock" and record["result"]["points"] == 45
    assert [h["seat"] for h in record["result"]["hands"]] == record["seats"]
    assert record["scores"][record["result"]["winner"]] == 45
    assert replay_record(record).points == 45
    GIN.replay_record(record)


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda r: r["actions"].__setitem__(1, [r["actions"][1][0], "knock", "5H"]),
         "does not replay"),
        (lambda r: r["result"].__setitem__("points", 99), "different result"),
        (lambda r: r["deck"].reverse(), "commitment"),
        (lambda r: r["actions"].pop(), "do not finish"),
        (lambda r: r.pop("salt"), "missing"),
    ],
)
def test_a_record_that_does_not_replay_is_rejected_with_the_reason(damage, reason) -> None:
    match = GinMatch(CLASSIC, seed=5, deals=lambda n: KNOCK_DEAL)
    knock_hand(match)
    record = json.loads(json.dumps(match.hand_records()[0]))
    damage(record)
    with pytest.raises(ValueError, match=reason):
        replay_record(record)


def test_deal_depends_only_on_seed_and_hand_number() -> None:
    a, b = GinMatch(CLASSIC, seed=11), GinMatch(CLASSIC, seed=11)
    assert a.hand.deck == b.hand.deck and a.hand.salt == b.hand.salt
    assert GinMatch(CLASSIC, seed=12).hand.deck != a.hand.deck
    dead_hand(a)  # a different course of play...
    while b.hand.hand_number == 0:  # ...than b, which plays greedily to some end
        seat = b.to_move()
        b.apply(seat, GIN.builtin_bots["greedy"](seed=1).choose(b.observation(seat)))
    assert a.hand.deck == b.hand.deck  # hand 1 is dealt the same either way


def test_unseeded_matches_use_fresh_deals() -> None:
    assert GinMatch(CLASSIC).hand.deck != GinMatch(CLASSIC).hand.deck


def test_snapshot_restores_exactly_mid_hand_and_is_json() -> None:
    match = GinMatch(CLASSIC, seed=21)
    bots = [GIN.builtin_bots["greedy"](seed=s) for s in (1, 2)]
    for _ in range(37):
        seat = match.to_move()
        match.apply(seat, bots[seat].choose(match.observation(seat)))
    saved = json.loads(json.dumps(match.snapshot()))
    copy = GinMatch.restore(saved)
    assert copy.view(0) == match.view(0) and copy.view(1) == match.view(1)
    seat = match.to_move()
    assert copy.observation(seat) == match.observation(seat)
    while not match.over:
        seat = match.to_move()
        action = bots[seat].choose(match.observation(seat))
        match.apply(seat, action)
        copy.apply(seat, action)
    assert copy.hand_records() == match.hand_records()
    assert copy.final_breakdown == match.final_breakdown


def test_damaged_snapshot_is_a_clear_error() -> None:
    saved = GinMatch(CLASSIC, seed=1).snapshot()
    del saved["hand"]
    with pytest.raises(ValueError, match="not a valid gin match snapshot"):
        GinMatch.restore(saved)


def test_observation_hides_the_opponents_stock_draws_and_cards() -> None:
    match = GinMatch(CLASSIC, seed=5, deals=lambda n: GIN_DEAL)
    first = 1 - match.view(0).dealer
    play(match, "pass", "pass", "draw_stock")
    mine, theirs = match.observation(first), match.observation(1 - first)
    assert mine.history[-1] .card == Card.parse("QC")
    assert theirs.history[-1].card is None and theirs.history[-1].kind == "draw_stock"
    assert theirs.history[0].kind == "upcard" and theirs.history[0].card == Card.parse("AD")
    assert theirs.opponent_hand_size == 11 and theirs.legal_actions == ()
    field_names = {f.name for f in dataclasses.fields(theirs)}
    assert not field_names & {"deck", "stock", "opponent_hand"}
    assert Card.parse("QC") not in theirs.hand and not theirs.known_opponent_cards
    with pytest.raises(dataclasses.FrozenInstanceError):
        theirs.hand = ()  # type: ignore[misc]


def test_known_opponent_cards_are_those_taken_from_the_pile() -> None:
    match = GinMatch(CLASSIC, seed=5, deals=lambda n: KNOCK_DEAL)
    first = 1 - match.view(0).dealer
    play(match, "draw_discard AD")
    assert match.observation(1 - first).known_opponent_cards == (Card.parse("AD"),)
    assert match.view(1 - first).known_opponent_cards == (Card.parse("AD"),)
    observation = match.observation(first)
    assert observation.turn == 1 and observation.hand_number == 0 and observation.num_players == 2


def test_view_shows_the_table_and_the_itemized_last_result() -> None:
    match = GinMatch(CLASSIC, seed=5, deals=lambda n: KNOCK_DEAL)
    first = 1 - match.view(0).dealer
    view = match.view(first)
    assert view.to_move == first and view.stock_size == 31 and view.knock_limit == 10
    assert view.discard_pile == (Card.parse("AD"),) and len(view.hand) == 10
    assert view.opponent_hand_size == 10 and view.commitment == match.commitment
    knock_hand(match)
    result = match.view(1 - first).last_result
    assert result.winner == first and [str(i) for i in result.items] == [
        "Deadwood difference 45"]
