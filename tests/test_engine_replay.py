"""Replaying a hand record through the engine: gin and cribbage, move by move, to the score."""

from __future__ import annotations

import contextlib
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.cards import Card, card_text, cards_text
from ginrummy_desktop.engine.gin.replay import gin_replay_frames
from ginrummy_desktop.engine.replay import replay_frames
from ginrummy_desktop.engine.rng import StableRandom
from tests.storage_fixtures import gin_record


def test_card_text_is_how_a_person_writes_a_card():
    assert card_text(Card.parse("QD")) == "Q♦"
    assert card_text(Card.parse("TH")) == "10♥"
    assert card_text(Card.parse("AS")) == "A♠"
    assert cards_text([Card.parse("JC"), Card.parse("2C")]) == "J♣ 2♣"
    # What a person reads parses back to the same card.
    assert all(Card.parse(card_text(card)) == card for card in map(Card.from_index, range(52)))
def test_replay_steps_through_a_hand_with_both_hands_visible():
    frames = gin_replay_frames(gin_record(), names={0: "Ann", 1: "Bot"})
    assert len(frames) == 6
    deal = frames[0]
    assert deal.description == "Bot deals"
    assert [str(c) for c in deal.hands[0]][:3] == ["AC", "3C", "5C"]
    assert deal.discard_pile == (Card.parse("8D"),) and deal.stock_count == 31
    took = frames[2]
    assert took.description == "Bot takes 8♦ from the discard pile"
    assert Card.parse("8D") in took.hands[1] and took.discard_pile == ()
    last = frames[-1]
    assert last.description == "Ann discards 9♦"
    assert last.stock_count == 30 and last.discard_pile[-1] == Card.parse("9D")
    assert all(len(f.hands[0]) + len(f.hands[1]) in (20, 21) for f in frames)


def test_replay_rejects_a_move_that_does_not_fit_the_cards():
    record = gin_record(actions=[[0, "pass", None], [1, "pass", None], [0, "draw_stock", None],
                                 [0, "discard", "2C"]])  # 2C is in the dealer's hand
    with pytest.raises(ValueError, match="move 4 does not replay: .*2♣"):
        gin_replay_frames(record)


def test_replay_matches_the_gin_engine_move_for_move():
    hand_module = pytest.importorskip("ginrummy_desktop.engine.gin.hand")
    from ginrummy_desktop.engine.deck import shuffled_deck
    from ginrummy_desktop.engine.gin.rules import GIN_PRESETS

    for seed in range(5):
        rng = StableRandom(seed)
        hand = hand_module.GinHand.deal(GIN_PRESETS["classic"], shuffled_deck(rng), "ab" * 16,
                                        (1, 0))
        positions = []
        while not hand.over:
            seat = hand.to_move_seat
            hand.apply(seat, rng.choice(hand.legal_actions()))
            positions.append((tuple(hand.hands[0]), tuple(hand.hands[1])))
        record = {**hand.to_dict(), "game": "gin", "result": {"kind": hand.result.kind}}
        frames = gin_replay_frames(record)
        assert [(f.hands[0], f.hands[1]) for f in frames[1:]] == positions


def _cribbage_hand(rules=None, short_counter: int | None = None) -> dict:
    """One bot-played cribbage hand; ``short_counter`` counts each of its shows one short."""
    from ginrummy_desktop.engine.actions import Action
    from ginrummy_desktop.engine.cribbage import CribbageMatch
    from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS

    match = CribbageMatch(seed=3, rules=rules) if rules is not None else CribbageMatch(seed=3)
    bots = [BUILTIN_BOTS["greedy"](seed=1), BUILTIN_BOTS["careful"](seed=2)]
    while not match.hand_records():
        seat = match.to_move()
        action = bots[seat].choose(match.observation(seat))
        if seat == short_counter and action.kind == "count" and action.points:
            action = Action("count", points=action.points - 1)
        match.apply(seat, action)
    return match.hand_records()[0]


def test_cribbage_muggins_replay_tells_each_count_and_claim():
    from ginrummy_desktop.engine.cribbage import CribbageRules

    record = _cribbage_hand(CribbageRules(muggins=True), short_counter=0)
    told = [frame.description for frame in replay_frames(record, {0: "You", 1: "Max"})]
    counts = [e["action"]["points"] for e in record["actions"]
              if e["action"]["kind"] == "count" and e["seat"] == 0]
    assert counts, "seat 0 counted at least its hand"
    for points in counts:
        assert f"You count {points}" in told
    claims = [text for text in told if text.startswith("Max calls muggins")]
    assert len(claims) == len(counts)
    assert all(text.count("Muggins!") == 1 for text in claims)  # each claim told once, in place


def test_cribbage_replay_follows_the_engine_to_the_show():

    record = _cribbage_hand()
    frames = replay_frames(record, {0: "You", 1: "Max"})
    assert frames[0].hands[0] and len(frames[0].hands[0]) == 6
    moves = frames[1:len(record["actions"]) + 1]
    assert len(moves) == len(record["actions"])
    for frame, entry in zip(moves, record["actions"], strict=True):
        assert frame.actor == entry["seat"]
    # Every point of the play is told, with who pegged it.
    told = " ".join(frame.description for frame in moves)
    for event in record["events"]:
        if event["kind"] not in ("hand", "crib", "heels"):
            assert event["words"] in told
    shows = frames[len(record["actions"]) + 1:]
    assert [frame.description.split(":")[0] for frame in shows][-1] in ("Your crib", "Max's crib")
    assert len(shows) == len(record["shows"])
    kept = {s["seat"]: s["cards"] for s in record["shows"] if s["what"] == "hand"}
    dealer = record["dealer"]
    assert " ".join(map(str, shows[0].hands[1])) == kept[dealer]


def test_cribbage_replay_refuses_a_tampered_action():

    record = _cribbage_hand()
    plays = [i for i, e in enumerate(record["actions"]) if e["action"].get("kind") == "play"]
    first, second = plays[0], plays[1]
    actions = list(record["actions"])
    actions[first], actions[second] = actions[second], actions[first]
    with pytest.raises(ValueError, match="does not replay|damaged"):
        replay_frames({**record, "actions": actions}, {0: "You", 1: "Max"})


def _played_gin_hand(seed: int, preset: str = "classic") -> dict:
    from ginrummy_desktop.engine.gin import GIN_PRESETS, GinMatch
    from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS

    match = GinMatch(GIN_PRESETS[preset], seed=seed)
    bots = [BUILTIN_BOTS["simple"](seed=seed), BUILTIN_BOTS["knocker"](seed=seed + 1)]
    while not match.hand_records():
        seat = match.to_move()
        match.apply(seat, bots[seat].choose(match.observation(seat)))
    return match.hand_records()[0]


@pytest.mark.parametrize("seed", range(6))
def test_gin_replay_ends_with_both_hands_laid_out_as_scored(seed):
    record = _played_gin_hand(seed)
    result = record["result"]
    last = gin_replay_frames(record, {0: "You", 1: "Max"})[-1]
    by_seat = {hand["seat"]: hand for hand in result["hands"]}
    for shown in last.shown:
        assert shown is not None
        stored = by_seat[shown.seat]
        assert [[str(c) for c in meld] for meld in shown.melds] == stored["melds"]
        assert [str(c) for c in shown.deadwood] == stored["deadwood"]
        assert [str(c) for c in shown.laid_off] == [card for card, _ in stored["layoffs"]]
        assert shown.summary == f"Deadwood {stored['deadwood_points']}"
    if result["kind"] == "draw":
        assert last.scoring == ("Dead hand: the stock ran out, no score",)
    else:
        items = [f"{label} {points}" for label, points in result["items"]]
        assert list(last.scoring[:-1]) == items
        winner = "You" if result["winner"] == 0 else "Max"
        assert last.scoring[-1].startswith(winner)
        assert last.scoring[-1].endswith(f"score{'s' if winner == 'Max' else ''} "
                                         f"{result['points']}")
    # Only the last frame lays the hands out; the others show each hand's deadwood.
    frames = gin_replay_frames(record)
    assert all(frame.shown == (None, None) for frame in frames[:-1])
    assert all(None not in frame.deadwood for frame in frames)


def test_gin_replay_words_read_right_for_you_and_for_a_name():
    names = {0: "You", 1: "Ada the Expert"}
    told = [frame.description for frame in gin_replay_frames(gin_record(), names)]
    assert told[:3] == ["Ada the Expert deals", "You pass",
                        "Ada the Expert takes 8♦ from the discard pile"]
    assert told[-1] == "You discard 9♦"


def test_a_tampered_gin_deck_is_refused():
    record = gin_record()
    deck = list(record["deck"])
    deck[0], deck[1] = deck[1], deck[0]
    with pytest.raises(ValueError, match="commitment"):
        replay_frames({**record, "deck": deck})


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(["game", "deck", "actions", "dealer", "seats", "rules",
                                        "salt", "shows", "scores_before"]),
                       st.one_of(st.none(), st.integers(), st.text(max_size=8),
                                 st.lists(st.text(max_size=3), max_size=4),
                                 st.sampled_from(["gin", "cribbage"]))))
def test_hostile_records_raise_value_error_only(record):
    with contextlib.suppress(ValueError):  # any other exception fails the test
        replay_frames(record)


def test_cribbage_show_frames_lay_out_each_counted_hand_with_its_items():
    record = _cribbage_hand()
    frames = replay_frames(record, {0: "You", 1: "Max"})
    shows = frames[len(record["actions"]) + 1:]
    starter = Card.parse(record["starter"])
    for frame, show in zip(shows, record["shows"], strict=True):
        [counted] = [hand for hand in frame.shown if hand is not None]
        assert counted.seat == show["seat"]
        assert set(counted.melds[0]) == set(map(Card.parse, show["cards"].split()))
        assert frame.discard_pile == (starter,)  # counted with the starter, in the middle
        assert counted.summary == f"{show['what']}: {show['total']} point" + (
            "" if show["total"] == 1 else "s")
        if show["items"]:
            assert len(frame.scoring) == len(show["items"])
            assert all("♣" in line or "♦" in line or "♥" in line or "♠" in line
                       for line in frame.scoring)
        else:
            assert frame.scoring == ("No points",)



BARE_CODE = re.compile(r"\b(?:10|[A2-9TJQK])[CDHS]\b")


@pytest.mark.parametrize("game", ["gin", "cribbage"])
def test_every_word_of_a_replay_writes_cards_as_people_do(game):
    records = [_played_gin_hand(seed) for seed in range(3)] if game == "gin" else [
        _cribbage_hand()]
    for record in records:
        for frame in replay_frames(record, {0: "You", 1: "Max"}):
            for text in (frame.description, frame.note, *frame.scoring):
                assert not BARE_CODE.search(text), text
