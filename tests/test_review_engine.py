"""The hand review (engine.review): it reads only what the seat saw, the best option is never
worth less than the chosen one, the expert's own play is graded clean, bad input is refused."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.cribbage import CribbageMatch, CribbageRules
from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS as CRIBBAGE_BOTS
from ginrummy_desktop.engine.cribbage.review import cribbage_hand_review
from ginrummy_desktop.engine.gin import GIN_PRESETS, GinMatch
from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS as GIN_BOTS
from ginrummy_desktop.engine.gin.hand import GinHand
from ginrummy_desktop.engine.gin.review import gin_hand_review
from ginrummy_desktop.engine.gin.rules import GinRules
from ginrummy_desktop.engine.review import (
    BLUNDER,
    FINE,
    MISTAKE,
    THRESHOLDS,
    clear_cache,
    grade,
    review_hand,
    review_match,
)
from ginrummy_desktop.engine.rng import StableRandom


@cache
def gin_records(players: tuple[str, str] = ("expert", "simple"), seed: int = 7,
                hands: int = 3) -> tuple[dict[str, Any], ...]:
    """The first ``hands`` hand records of a tournament match between two built-in bots."""
    match = GinMatch(GIN_PRESETS["tournament"], seed=seed)
    bots = [GIN_BOTS[name](seed=seed + i) for i, name in enumerate(players)]
    while len(match.hand_records()) < hands and not match.over:
        seat = match.to_move()
        assert seat is not None
        match.apply(seat, bots[seat].choose(match.observation(seat)))
    return tuple(match.hand_records())


@cache
def cribbage_records(players: tuple[str, str] = ("expert", "careful"), seed: int = 7,
                     hands: int = 3, muggins: bool = False) -> tuple[dict[str, Any], ...]:
    match = CribbageMatch(seed=seed, rules=CribbageRules(muggins=muggins))
    bots = [CRIBBAGE_BOTS[name](seed=seed + i) for i, name in enumerate(players)]
    while len(match.hand_records()) < hands and match.winner is None:
        seat = match.to_move()
        assert seat is not None
        match.apply(seat, bots[seat].choose(match.observation(seat)))
    return tuple(match.hand_records())


# ------------------------------------------------------------ never reads a hidden card
def _gin_hidden_at(record: dict[str, Any], seat: int, actions: int) -> list[Card]:
    """The cards ``seat`` cannot see after ``actions`` actions: the stock and the opponent's
    cards it did not take from the pile."""
    rules = GinRules.from_dict(record["rules"])
    hand = GinHand.deal(rules, [Card.parse(c) for c in record["deck"]], record["salt"],
                        tuple(record["seats"]), record["hand_number"])
    for actor, kind, code in record["actions"][:actions]:
        hand.apply(actor, Action(kind, None if code is None else Card.parse(code)))
    other = 1 - hand.position_of(seat)
    held = [c for c in hand.hands[other] if c not in hand.known[other]]
    return held + list(hand.deck[hand.stock_pos:])


def _permuted(record: dict[str, Any], hidden: list[Card], seed: int,
              cards_in_actions: Any = None) -> dict[str, Any]:
    """``record`` with the ``hidden`` cards shuffled among their places in the deck."""
    shuffled = list(hidden)
    StableRandom(seed).shuffle(shuffled)
    mapping = {str(a): str(b) for a, b in zip(hidden, shuffled, strict=True)}
    changed = copy.deepcopy(record)
    changed["deck"] = [mapping.get(code, code) for code in record["deck"]]
    changed.pop("commitment", None)
    if cards_in_actions is not None:
        cards_in_actions(changed, mapping)
    return changed


def _verdicts(review: Any) -> list[tuple[Any, ...]]:
    return [(d.step, d.kind, d.grade, round(d.loss, 9),
             tuple((o.label, round(o.value, 9)) for o in d.options)) for d in review.decisions]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=st.integers(0, 2), fraction=st.floats(0.05, 1.0), seed=st.integers(0, 10**6),
       seat_choice=st.integers(0, 1))
def test_gin_review_is_the_same_whatever_the_hidden_cards(hand, fraction, seed, seat_choice):
    record = gin_records()[hand]
    seat = record["seats"][seat_choice]
    mine = [i for i, (actor, _, _) in enumerate(record["actions"]) if actor == seat]
    cut = mine[min(len(mine) - 1, int(fraction * len(mine)))] + 1  # through one of its moves
    prefix = dict(record, actions=record["actions"][:cut])
    hidden = _gin_hidden_at(record, seat, cut - 1)
    changed = _permuted(prefix, hidden, seed)
    assert changed["deck"] != prefix["deck"] or len(hidden) < 2
    assert _verdicts(gin_hand_review(changed, seat)) == _verdicts(gin_hand_review(prefix, seat))


def _cribbage_hidden_at(record: dict[str, Any], seat: int, actions: int) -> list[Card]:
    """The opponent's unplayed and laid-away cards and the undealt deck (not the starter)."""
    dealt = [c for hand in record["dealt"] for c in hand.split()]
    other = record["dealt"][1 - seat].split()
    played = {e["action"].get("card") for e in record["actions"][:actions]
              if e["seat"] != seat and e["action"]["kind"] == "play"}
    undealt = [c for c in record["deck"] if c not in dealt and c != record["starter"]]
    return [Card.parse(c) for c in other if c not in played] + [Card.parse(c) for c in undealt]


def _remap_opponent_discard(seat: int) -> Any:
    def remap(changed: dict[str, Any], mapping: dict[str, str]) -> None:
        for entry in changed["actions"]:
            action = entry["action"]
            if entry["seat"] != seat and action["kind"] == "discard":
                action["cards"] = " ".join(mapping.get(c, c) for c in action["cards"].split())
    return remap


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=st.integers(0, 2), fraction=st.floats(0.0, 1.0), seed=st.integers(0, 10**6),
       seat=st.integers(0, 1))
def test_cribbage_review_is_the_same_whatever_the_hidden_cards(hand, fraction, seed, seat):
    record = cribbage_records()[hand]
    mine = [i for i, e in enumerate(record["actions"])
            if e["seat"] == seat and e["action"]["kind"] in ("discard", "play")]
    cut = mine[min(len(mine) - 1, int(fraction * len(mine)))] + 1
    prefix = dict(record, actions=record["actions"][:cut])
    hidden = _cribbage_hidden_at(record, seat, cut - 1)
    changed = _permuted(prefix, hidden, seed, _remap_opponent_discard(seat))
    try:
        reviewed = cribbage_hand_review(changed, seat)
    except ValueError:
        # The seat saw the opponent say go: a deal that gives it a card that fits then is
        # not one the seat could be in, so it does not count.
        assume(False)
    assert _verdicts(reviewed) == _verdicts(cribbage_hand_review(prefix, seat))


# ------------------------------------------------------------ the best is never worse
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**4), players=st.sampled_from(
    [("beginner", "simple"), ("knocker", "beginner"), ("simple", "gin_hunter")]))
def test_gin_best_choice_is_never_worth_less_than_the_chosen_one(seed, players):
    for record in gin_records(players, seed, 1):
        for seat in record["seats"]:
            review = review_hand(record, seat)
            for decision in review.decisions:
                assert decision.best.value >= decision.chosen_option.value
                assert decision.loss == pytest.approx(
                    decision.best.value - decision.chosen_option.value)
                assert decision.grade == grade("gin", decision.loss)
                assert decision.reason


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**4), muggins=st.booleans())
def test_cribbage_best_choice_is_never_worth_less_than_the_chosen_one(seed, muggins):
    for record in cribbage_records(("beginner", "greedy"), seed, 1, muggins):
        for seat in (0, 1):
            for decision in review_hand(record, seat).decisions:
                assert decision.best.value >= decision.chosen_option.value
                assert decision.loss >= 0
                assert decision.grade == grade("cribbage", decision.loss)


def test_the_discard_table_lists_all_fifteen_keeps_with_hand_crib_and_net():
    record = cribbage_records()[0]
    discard = next(d for d in review_hand(record, record["dealer"]).decisions
                   if d.kind == "discard")
    assert len(discard.options) == 15
    for option in discard.options:  # the dealer's own crib adds to the hand
        assert option.value == pytest.approx(option.details["hand"] + option.details["crib"])
    values = [option.value for option in discard.options]
    assert values == sorted(values, reverse=True)


# ------------------------------------------------------------ the expert's play is clean
def _clean_share(reviews: list[Any]) -> tuple[int, int]:
    decisions = [d for review in reviews for d in review.decisions]
    clean = sum(1 for d in decisions if d.grade not in (MISTAKE, BLUNDER))
    return clean, len(decisions)


def test_the_experts_own_gin_hands_get_no_mistake_on_95_percent_of_decisions():
    records = [r for seed in (11, 12, 13) for r in gin_records(("expert", "simple"), seed, 3)]
    clean, total = _clean_share([review_hand(r, 0) for r in records])
    assert total >= 30
    assert clean / total >= 0.95, f"{clean} of {total}"


def test_the_experts_own_cribbage_hands_get_no_mistake_on_95_percent_of_decisions():
    records = cribbage_records(("expert", "careful"), 11, 6)
    clean, total = _clean_share([review_hand(r, 0) for r in records])
    assert total >= 20
    assert clean / total >= 0.95, f"{clean} of {total}"


# ------------------------------------------------------------ what a person sees
def test_an_uncounted_hand_under_muggins_is_a_show_decision_that_lost_the_missed_points():
    record = next(r for r in cribbage_records(("expert", "careful"), 3, 4, True)
                  if any(s["total"] >= 4 for s in r["shows"] if s["what"] == "hand"))
    show = next(s for s in record["shows"] if s["what"] == "hand" and s["total"] >= 4)
    seat = show["seat"]
    changed = copy.deepcopy(record)
    actions = changed["actions"]
    at = next(i for i, e in enumerate(actions)
              if e["seat"] == seat and e["action"]["kind"] == "count")
    actions[at]["action"]["points"] = show["total"] - 2  # two points short
    actions.insert(at + 1, {"seat": 1 - seat, "action": {"kind": "pass"}})
    passed = next(d for d in review_hand(changed, 1 - seat).decisions if d.kind == "show"
                  and d.chosen_option.label == "Let it pass")
    assert passed.loss == 2 and "2 points were yours to take" in passed.reason
    counted = next(d for d in review_hand(changed, seat).decisions if d.kind == "show")
    assert counted.loss == 2
    assert counted.grade == grade("cribbage", 2) == "mistake"
    assert "2 points left uncounted" in counted.reason


def test_summary_counts_grades_and_names_the_costliest_moments():
    match = review_match(list(gin_records(("simple", "expert"), 5, 3)), 0)
    summary = match.summary
    assert summary.decisions == sum(len(h.decisions) for h in match.hands)
    assert sum(summary.grades.values()) == summary.decisions
    assert summary.lost == pytest.approx(sum(summary.lost_by_kind.values()))
    assert summary.accuracy == pytest.approx(100 * summary.grades[FINE] / summary.decisions)
    losses = sorted((d.loss for h in match.hands for d in h.decisions if d.grade != FINE),
                    reverse=True)[:3]
    assert [c.loss for c in summary.costliest] == losses


def test_review_is_cached_per_record():
    record = gin_records()[0]
    clear_cache()
    first = review_hand(record, 0)
    assert review_hand(copy.deepcopy(record), 0) is first
    assert review_hand(record, 1) is not first


def test_grades_follow_the_documented_thresholds():
    assert [grade("gin", x) for x in (0, 1.99, 2, 4.99, 5, 9.99, 10)] == [
        "fine", "fine", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder"]
    assert THRESHOLDS["cribbage"] == (0.5, 1.5, 3.0)


@pytest.mark.parametrize("bad, words", [
    ("not a record", "JSON object"),
    ({"game": "chess"}, "unknown game"),
    ({"game": "gin"}, "gin"),
    ({"game": "cribbage", "deck": "AS"}, "damaged cribbage record"),
])
def test_bad_records_are_refused_with_a_reason(bad, words):
    with pytest.raises(ValueError, match=words):
        review_hand(bad, 0)


def test_a_seat_that_did_not_play_is_refused():
    with pytest.raises(ValueError, match="did not play"):
        review_hand(gin_records()[0], 5)


@settings(max_examples=30, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=4),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=12),
       st.sampled_from(["gin", "cribbage"]))
def test_hostile_records_raise_value_error_only(junk, game):
    record = dict(junk) if isinstance(junk, dict) else {"actions": junk}
    record["game"] = game
    with pytest.raises(ValueError):
        review_hand(record, 0)


def test_a_tampered_action_is_refused():
    record = copy.deepcopy(gin_records()[0])
    record["actions"][3][2] = "XX"
    with pytest.raises(ValueError):
        review_hand(record, 0)
    crib = copy.deepcopy(cribbage_records()[0])
    crib["actions"][0]["action"]["cards"] = "AS AS"
    with pytest.raises(ValueError):
        review_hand(crib, 0)
