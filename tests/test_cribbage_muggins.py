"""The muggins option: players count their own hands and crib; the other takes what they miss."""

from __future__ import annotations

import json

import pytest

from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.cards import Card, parse_cards
from ginrummy_desktop.engine.cribbage import CribbageMatch, CribbageRules, score_show, stacked_deck
from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS
from ginrummy_desktop.engine.cribbage.records import replay_record
from ginrummy_desktop.engine.cribbage.spec import CRIBBAGE, parse_rules

DEALER, PONE = 0, 1
PONE_CARDS, DEALER_CARDS, STARTER = "4C 4D 6H 6S KC QD", "7C 8D 9H 9S 2S AS", "5C"
MUGGINS = CribbageRules(muggins=True)


def at_the_show(scores=(0, 0), rules: CribbageRules = MUGGINS) -> CribbageMatch:
    """A hand dealt, laid away (each keeps its first four) and played out, lowest card first."""
    deck = stacked_deck(PONE_CARDS, DEALER_CARDS, STARTER)
    match = CribbageMatch(seed=3, first_dealer=DEALER, decks=[deck] * 2, scores=scores,
                          rules=rules)
    match.apply(PONE, Action("discard", cards=tuple(parse_cards(PONE_CARDS)[4:])))
    match.apply(DEALER, Action("discard", cards=tuple(parse_cards(DEALER_CARDS)[4:])))
    while match.phase == "play":
        seat = match.to_move()
        match.apply(seat, match.observation(seat).legal_actions[0])
    return match


def worth(cards: str, is_crib: bool = False) -> int:
    return score_show(parse_cards(cards), Card.parse(STARTER), is_crib=is_crib).total


def test_the_pone_counts_first_and_may_claim_any_count_up_to_the_true_value() -> None:
    match = at_the_show()
    assert match.phase == "count" and match.to_move() == PONE
    observation = match.observation(PONE)
    assert observation.show_seat == PONE and not observation.show_is_crib
    assert observation.show_cards == tuple(sorted(parse_cards("4C 4D 6H 6S")))
    assert [a.points for a in observation.legal_actions] == list(range(worth("4C 4D 6H 6S") + 1))
    assert match.observation(DEALER).legal_actions == ()
    assert str(Action("count", points=24)) == "count 24"


def test_an_over_count_is_refused_and_changes_nothing() -> None:
    match = at_the_show()
    before = match.snapshot()
    with pytest.raises(IllegalActionError, match="You claimed 25 but the hand is worth 24"):
        match.apply(PONE, Action("count", points=25))
    with pytest.raises(IllegalActionError, match="Count your hand"):
        match.apply(PONE, Action("go"))
    assert match.snapshot() == before


def test_an_exact_count_is_pegged_item_by_item_and_the_dealer_counts_next() -> None:
    match = at_the_show()
    pegging = match.scores[PONE]
    match.apply(PONE, Action("count", points=24))
    event = match.events[-1]
    assert (event.seat, event.kind, event.points) == (PONE, "hand", 24)
    assert event.words == score_show(parse_cards("4C 4D 6H 6S"), Card.parse(STARTER)).spoken
    assert match.scores[PONE] == pegging + 24
    assert match.phase == "count" and match.to_move() == DEALER  # no muggins decision


def test_muggins_takes_the_points_a_player_missed() -> None:
    match = at_the_show()
    match.apply(PONE, Action("count", points=24))
    true = worth("7C 8D 9H 9S")
    dealer_before, pone_before = match.scores
    match.apply(DEALER, Action("count", points=true - 2))
    assert match.phase == "muggins" and match.to_move() == PONE
    observation = match.observation(PONE)
    assert observation.claimed == true - 2 and observation.show_seat == DEALER
    assert set(observation.legal_actions) == {Action("muggins"), Action("pass")}
    match.apply(PONE, Action("muggins"))
    counted, mugged = match.events[-2:]
    assert (counted.seat, counted.kind, counted.points) == (DEALER, "hand", true - 2)
    assert (mugged.seat, mugged.kind, mugged.points) == (PONE, "muggins", 2)
    assert mugged.words == "Muggins! 2 missed points taken"
    assert match.scores == [dealer_before + true - 2, pone_before + 2]
    assert match.phase == "count" and match.observation(DEALER).show_is_crib


def test_passing_leaves_the_missed_points_unscored() -> None:
    match = at_the_show()
    match.apply(PONE, Action("count", points=0))
    match.apply(DEALER, Action("pass"))
    assert match.scores[DEALER] == at_the_show().scores[DEALER]
    assert match.phase == "count" and match.to_move() == DEALER
    with pytest.raises(IllegalActionError, match="not your turn"):
        match.apply(PONE, Action("muggins"))


def test_a_count_can_win_the_game_and_muggins_can_too() -> None:
    match = at_the_show(scores=(0, 100))
    match.apply(PONE, Action("count", points=24))
    assert match.over and match.winner == PONE
    mugged = at_the_show(scores=(119, 0))
    mugged.apply(PONE, Action("count", points=20))
    mugged.apply(DEALER, Action("muggins"))
    assert mugged.over and mugged.winner == DEALER
    assert mugged.hand_records()[-1]["shows"][0]["muggins"] == 4


def test_the_whole_show_is_recorded_and_replays() -> None:
    match = at_the_show()
    match.apply(PONE, Action("count", points=20))
    match.apply(DEALER, Action("muggins"))
    match.apply(DEALER, Action("count", points=worth("7C 8D 9H 9S")))
    match.apply(DEALER, Action("count", points=0))
    match.apply(PONE, Action("pass"))
    assert match.hand_number == 2 and match.phase == "discard"
    record = json.loads(json.dumps(match.hand_records()[0]))
    assert [(s["claimed"], s["muggins"]) for s in record["shows"]] == [
        (20, 4), (worth("7C 8D 9H 9S"), 0), (0, 0)]
    assert {"seat": PONE, "action": {"kind": "count", "points": 20}} in record["actions"]
    replay_record(record)
    record["actions"][-1]["action"] = {"kind": "muggins"}
    with pytest.raises(ValueError, match="differ"):
        replay_record(record)


@pytest.mark.parametrize("steps", [0, 1, 2])
def test_snapshots_restore_in_the_middle_of_the_show(steps: int) -> None:
    match = at_the_show()
    for action in [Action("count", points=20), Action("muggins")][:steps]:
        match.apply(match.to_move(), action)
    copy = CribbageMatch.restore(json.loads(json.dumps(match.snapshot())))
    for seat in (0, 1):
        assert copy.observation(seat) == match.observation(seat)
    bots = [BUILTIN_BOTS["greedy"](seed=1), BUILTIN_BOTS["careful"](seed=2)]
    while match.hand_number == 1:
        seat = match.to_move()
        action = bots[seat].choose(match.observation(seat))
        match.apply(seat, action)
        copy.apply(seat, action)
    assert copy.hand_records() == match.hand_records()


@pytest.mark.parametrize("name", sorted(BUILTIN_BOTS))
def test_bots_count_exactly_and_always_claim_muggins(name: str) -> None:
    bot = BUILTIN_BOTS[name](seed=4)
    match = at_the_show()
    assert bot.choose(match.observation(PONE)) == Action("count", points=24)
    match.apply(PONE, Action("count", points=24))
    match.apply(DEALER, Action("count", points=1))
    assert bot.choose(match.observation(PONE)) == Action("muggins")


def test_bot_games_with_muggins_score_every_hand_exactly() -> None:
    bots = [BUILTIN_BOTS["expert"](seed=1), BUILTIN_BOTS["beginner"](seed=2)]
    match = CribbageMatch(seed=11, rules=MUGGINS)
    while not match.over:
        seat = match.to_move()
        observation = match.observation(seat)
        action = bots[seat].choose(observation)
        assert action in observation.legal_actions
        assert action.kind != "pass"  # bots never under-count, so muggins is never offered
        match.apply(seat, action)
    for record in match.hand_records():
        assert all(show["claimed"] == show["total"] for show in record["shows"])
        assert not any(event["kind"] == "muggins" for event in record["events"])


def test_runner_preset_override_and_stats() -> None:
    assert parse_rules("muggins", {}).muggins
    assert parse_rules("acc", {"muggins": "on"}) == MUGGINS
    assert not CribbageRules().muggins  # ACC default: the engine counts
    match = at_the_show()
    match.apply(PONE, Action("count", points=20))
    match.apply(DEALER, Action("muggins"))
    match.apply(DEALER, Action("count", points=0))
    match.apply(PONE, Action("pass"))
    match.apply(DEALER, Action("count", points=0))
    match.apply(PONE, Action("pass"))
    stats = CRIBBAGE.player_stats(match.hand_records(), DEALER)
    assert stats["muggins_points"] == 4 and stats["hand_points"] == 0


def hidden_variants() -> list[list[Card]]:
    """Two deals that differ only in cards the pone cannot see until the crib is shown."""
    first = stacked_deck("5C 6D 7H 8S KC QD", "4D 9C TS JH 2S 3S", "AH")
    second = list(first)
    for a, b in (("2S", "2D"), ("3S", "3C")):
        i, j = second.index(Card.parse(a)), second.index(Card.parse(b))
        second[i], second[j] = second[j], second[i]
    return [first, second]


@pytest.mark.parametrize("name", sorted(BUILTIN_BOTS))
def test_show_decisions_depend_only_on_the_information_set(name: str) -> None:
    matches = [CribbageMatch(seed=5, first_dealer=DEALER, decks=[d] * 2, rules=MUGGINS)
               for d in hidden_variants()]
    bots = [BUILTIN_BOTS[name](seed=9) for _ in matches]
    while matches[0].hand_number == 1 and not matches[0].observation(PONE).show_is_crib:
        seat = matches[0].to_move()
        if seat == PONE:
            observations = [m.observation(PONE) for m in matches]
            assert observations[0] == observations[1]
            actions = [bot.choose(obs) for bot, obs in zip(bots, observations, strict=True)]
            assert actions[0] == actions[1]
        for match in matches:
            obs = match.observation(seat)
            action = obs.legal_actions[0]  # the dealer tosses its two lowest and counts 0
            if seat == PONE:
                action = actions[0]
            elif obs.phase == "discard":
                action = Action("discard", cards=tuple(sorted(obs.hand)[:2]))
            match.apply(seat, action)
    assert matches[0].phase == "count"  # reached the crib: the hidden cards are now shown
