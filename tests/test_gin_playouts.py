"""Hypothesis playouts of random legal Gin Rummy games, checking the invariants after each move."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.cards import FULL_DECK
from ginrummy_desktop.engine.gin import GIN_PRESETS, GinMatch, replay_record
from ginrummy_desktop.engine.gin.bots import GreedyBot, RandomBot
from ginrummy_desktop.engine.gin.melds import min_deadwood

VARIANTS = {
    **GIN_PRESETS,
    "gra": GIN_PRESETS["classic"].replace(rediscard_taken=True, last_discard_to_knock=True),
    "eleven": GIN_PRESETS["traditional"].replace(deal_eleven=True),
}
PLAYOUT = settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_table(match: GinMatch) -> None:
    hand = match.hand
    stock = hand.deck[hand.stock_pos:]
    everything = hand.hands[0] + hand.hands[1] + hand.discard_pile + stock
    assert len(everything) == 52 and len(set(everything)) == 52  # every card, exactly once
    if hand.over:
        return
    mover, other = hand.turn, 1 - hand.turn
    expected = 11 if hand.phase == "discard" else 10
    assert len(hand.hands[mover]) == expected and len(hand.hands[other]) == 10
    assert hand.stock_size >= match.rules.dead_stock
    assert hand.legal_actions(), "a player to move always has a legal action"


def check_result(record: dict, rules) -> None:
    result = record["result"]
    assert result["points"] == sum(points for _, points in result["items"])
    if result["kind"] == "draw":
        assert result["winner"] is None and result["points"] == 0
        return
    by_seat = {hand["seat"]: hand for hand in result["hands"]}
    knocker = by_seat[result["knocker"]]
    defender = by_seat[next(s for s in by_seat if s != result["knocker"])]
    assert knocker["deadwood_points"] <= result["knock_limit"] <= rules.knock_limit
    assert knocker["layoffs"] == []  # the knocker never lays off
    if result["kind"] in ("gin", "big_gin"):
        assert knocker["deadwood_points"] == 0 and defender["layoffs"] == []
        assert result["winner"] == result["knocker"]
    elif result["kind"] == "undercut":
        assert defender["deadwood_points"] <= knocker["deadwood_points"]
        assert result["winner"] == defender["seat"]
    else:
        assert defender["deadwood_points"] > knocker["deadwood_points"]
        assert result["winner"] == result["knocker"]
    laid_off = [card for card, _ in defender["layoffs"]]
    assert sorted(defender["deadwood"] + laid_off + sum(defender["melds"], [])) == sorted(
        defender["cards"])


def play_out(match: GinMatch, bots, max_hands: int, probe_seed: int) -> None:
    probe = probe_seed
    while not match.over and match.hands_dealt <= max_hands:
        seat = match.to_move()
        observation = match.observation(seat)
        assert observation.legal_actions == match.hand.legal_actions()
        probe = (probe * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        if probe % 17 == 0:  # now and then, an illegal move must change nothing
            before = match.snapshot()
            bogus = Action("discard", FULL_DECK[probe % 52])
            if bogus not in observation.legal_actions:
                try:
                    match.apply(seat, bogus)
                except IllegalActionError as error:
                    assert str(error)
                else:
                    raise AssertionError(f"{bogus} was accepted")
                assert match.snapshot() == before
        match.apply(seat, bots[seat].choose(observation))
        check_table(match)


@PLAYOUT
@given(
    variant=st.sampled_from(sorted(VARIANTS)),
    seed=st.integers(0, 2**32),
    greedy=st.lists(st.booleans(), min_size=4, max_size=4),
)
def test_random_legal_games_keep_every_invariant(variant, seed, greedy) -> None:
    rules = VARIANTS[variant]
    match = GinMatch(rules, seed)
    bots = [
        (GreedyBot if greedy[s] else RandomBot)(seed=seed + s) for s in range(rules.players)
    ]
    play_out(match, bots, max_hands=2, probe_seed=seed)
    records = match.hand_records()
    for record in records:
        check_result(record, rules)
        assert replay_record(json.loads(json.dumps(record))).to_dict() == record["result"]
    if rules.players == 2 and not rules.hollywood:
        totals = [0, 0]
        for record in records:
            if record["result"]["winner"] is not None:
                totals[record["result"]["winner"]] += record["result"]["points"]
        assert list(match.seat_scores()) == totals
    restored = GinMatch.restore(json.loads(json.dumps(match.snapshot())))
    assert restored.snapshot() == match.snapshot()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), preset=st.sampled_from(["classic", "tournament", "oklahoma"]))
def test_greedy_matches_finish_with_a_consistent_final_breakdown(seed, preset) -> None:
    rules = GIN_PRESETS[preset]
    match = GinMatch(rules, seed)
    bots = [GreedyBot(seed=seed), GreedyBot(seed=seed + 1)]
    play_out(match, bots, max_hands=200, probe_seed=seed)
    assert match.over and len(match.winners) == 1
    winner = match.winners[0]
    assert match.seat_scores()[winner] >= rules.target
    totals = {seat: points for label, seat, points in match.final_breakdown if label == "Total"}
    parts = {0: 0, 1: 0}
    for label, seat, points in match.final_breakdown:
        if label != "Total" and not label.startswith("Shutout"):
            parts[seat] += points
    if rules.shutout != "double_total":
        assert totals == parts
    assert match.hand_records()[-1]["match_over"] is True


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(FULL_DECK), min_size=11, max_size=11, unique=True))
def test_knock_and_gin_are_offered_exactly_when_the_deadwood_allows(cards) -> None:
    from ginrummy_desktop.engine.gin.hand import GinHand

    rest = [c for c in FULL_DECK if c not in cards]
    deck = [None] * 52
    deck[0:20:2] = cards[:10]
    deck[1:20:2] = rest[:10]
    deck[20] = cards[10]
    deck[21:] = rest[10:]
    hand = GinHand.deal(GIN_PRESETS["tournament"], deck, "salt", (0, 1))
    hand.apply(0, Action("draw_discard", cards[10]))
    offered = {(a.kind, a.card) for a in hand.legal_actions() if a.kind in ("knock", "gin")}
    for card in cards[:10]:
        left = min_deadwood([c for c in cards if c != card])
        if left == 0:
            assert ("gin", card) in offered
        elif left <= 10:
            assert ("knock", card) in offered
        else:
            assert ("knock", card) not in offered and ("gin", card) not in offered
    assert ("knock", cards[10]) not in offered and ("gin", cards[10]) not in offered
