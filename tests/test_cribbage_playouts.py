"""Random legal games (hypothesis): the rules' invariants hold at every step of every game."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.cards import FULL_DECK
from ginrummy_desktop.engine.cribbage import CribbageMatch, CribbageRules, score_show
from ginrummy_desktop.engine.rng import StableRandom

RULES = [
    CribbageRules(),
    CribbageRules.short_game(),
    CribbageRules(stinkhole=True),
    CribbageRules(muggins=True),
    CribbageRules.short_game(muggins=True, stinkhole=True),
]


def check_step(match: CribbageMatch) -> None:
    seat = match.to_move()
    assert seat in (0, 1)
    legal = match.observation(seat).legal_actions
    assert legal, "the seat to move always has a legal action"
    assert match.observation(1 - seat).legal_actions == ()
    kinds = {action.kind for action in legal}
    if match.phase == "discard":
        assert kinds == {"discard"} and len(legal) == 15
    elif match.phase == "count":
        # Every count from 0 up to the true value of the hand or crib on show, never more.
        observation = match.observation(seat)
        true = score_show(observation.show_cards, observation.starter,
                          is_crib=observation.show_is_crib).total
        assert [action.points for action in legal] == list(range(true + 1))
    elif match.phase == "muggins":
        observation = match.observation(seat)
        assert kinds == {"muggins", "pass"} and observation.claimed is not None
        assert observation.show_seat == 1 - seat
    else:
        # go is offered only, and alone, when no held card fits the count
        fits = [c for c in match.hands[seat] if match.count + c.points <= 31]
        assert (kinds == {"go"}) == (not fits)
        assert kinds <= {"play"} or len(legal) == 1
    assert 0 <= match.count <= 31
    # All 52 cards: hands, crib, played and the undealt deck are disjoint and complete.
    in_hands = match.hands[0] + match.hands[1]
    played = [card for _, card in match.played]
    dealt = in_hands + played + match.crib
    assert len(dealt) == len(set(dealt)) == 12
    assert set(dealt) <= set(FULL_DECK)
    if match.starter is not None:
        assert match.starter not in dealt


def play_random_game(seed: int, rules: CribbageRules) -> CribbageMatch:
    match = CribbageMatch(seed=seed, rules=rules)
    rng = StableRandom(seed ^ 0xABCDEF)
    steps = 0
    while not match.over:
        check_step(match)
        seat = match.to_move()
        match.apply(seat, rng.choice(match.observation(seat).legal_actions))
        steps += 1
        assert steps < 2000
    return match


@settings(max_examples=1000, deadline=None)
@given(st.integers(0, 2**40), st.sampled_from(RULES))
def test_random_games_keep_every_invariant(seed: int, rules: CribbageRules) -> None:
    match = play_random_game(seed, rules)
    records = match.hand_records()
    winner, loser = match.winner, 1 - match.winner
    assert match.scores[winner] >= rules.target > match.scores[loser]
    # The scores are exactly the sum of the itemized events.
    for seat in (0, 1):
        total = sum(e["points"] for r in records for e in r["events"] if e["seat"] == seat)
        assert total == match.scores[seat]
    for record in records:
        for event in record["events"]:
            assert event["points"] == sum(item["points"] for item in event["items"]) or (
                rules.stinkhole and event["points"] == 0
            )
        deck = record["deck"]
        assert sorted(deck) == sorted(str(card) for card in FULL_DECK)
        for show in record["shows"]:
            # Muggins: what was counted plus what the other took never exceeds the true value.
            claimed = show.get("claimed", show["total"])
            assert 0 <= claimed + show.get("muggins", 0) <= show["total"]
    # The game ends the instant the target is reached: no event after the winning one.
    events = [e for r in records for e in r["events"]]
    reached = [i for i, e in enumerate(events) if e["score_after"] >= rules.target]
    assert reached == [len(events) - 1]
    assert records[-1]["result"]["kind"] == rules.outcome(match.scores[loser])
