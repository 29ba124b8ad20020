"""Cribbage scoring: published vectors, the fast scorer against a brute force, and bad input."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.cards import FULL_DECK, Card, parse_cards
from ginrummy_desktop.engine.cribbage import play_items, score_play, score_show, show_points
from ginrummy_desktop.engine.rng import StableRandom

SHOW_VECTORS = [
    # hand, starter, hand-rules score, crib-rules score
    ("5C 5D 5H JS", "5S", 29, 29),
    ("5C 5D 5H 5S", "JH", 28, 28),
    ("4C 4D 6H 6S", "5C", 24, 24),
    ("5S 5H 5D JS", "KS", 21, 21),
    ("2H 6H 7H 8H", "7S", 20, 16),
    ("AS AH 2D 3C", "2C", 16, 16),
    ("KS QD JD TC", "9S", 5, 5),
    ("9S 8S 7S 6S", "5H", 13, 9),
    ("AD KD 3C QD", "6D", 0, 0),
]


@pytest.mark.parametrize(("hand", "starter", "as_hand", "as_crib"), SHOW_VECTORS)
def test_published_show_vectors(hand: str, starter: str, as_hand: int, as_crib: int) -> None:
    cards, cut = parse_cards(hand), Card.parse(starter)
    assert score_show(cards, cut).total == as_hand
    assert score_show(cards, cut, is_crib=True).total == as_crib
    assert show_points(cards, cut) == as_hand
    assert show_points(cards, cut, is_crib=True) == as_crib


def test_flush_rules() -> None:
    # Four in the hand: 4 in a hand, nothing in the crib; with the starter: 5 in both.
    four = parse_cards("2H 6H TH QH")
    assert score_show(four, Card.parse("8S")).total == 4
    assert score_show(four, Card.parse("8S"), is_crib=True).total == 0
    assert score_show(four, Card.parse("8H"), is_crib=True).total == 5
    # Three held cards plus a matching starter never count.
    assert score_show(parse_cards("2H 6H TH QS"), Card.parse("8H")).total == 0


def test_nobs_and_starter_jack() -> None:
    assert score_show(parse_cards("JH AC 3D 8S"), Card.parse("KH")).total == 1
    # A jack starter is his heels for the dealer, never nobs.
    assert score_show(parse_cards("2C 4D 6S 8H"), Card.parse("JH")).total == 0


def test_itemized_show_speaks_like_a_player() -> None:
    score = score_show(parse_cards("7C 8D 9H 9S"), Card.parse("KD"))
    kinds = [item.kind for item in score.items]
    assert kinds == ["fifteen", "pair", "run", "run"]
    assert score.spoken == (
        "fifteen two, a pair is four, a run of three is seven and a run of three is ten"
    )
    assert score.total == sum(item.points for item in score.items) == 10
    assert score_show(parse_cards("AD KD 3C QD"), Card.parse("6D")).spoken == "nothing (nineteen)"


def test_pair_royal_and_double_pair_royal_items() -> None:
    royal = score_show(parse_cards("8C 8D 8H 2S"), Card.parse("KD"))
    assert [(i.kind, i.points) for i in royal.items] == [("pair royal", 6)]
    double = score_show(parse_cards("3C 3D 3H 3S"), Card.parse("KD"))
    assert [(i.kind, i.points) for i in double.items] == [("double pair royal", 12)]


@pytest.mark.parametrize(
    ("hand", "starter", "message"),
    [
        ("AS AS 2D 3C", "4C", "appears twice"),
        ("AS 2D 3C", "4C", "4 cards"),
        ("AS 2D 3C 4C 5C", "6C", "4 cards"),
        ("AS 2D 3C 4C", "AS", "starter"),
    ],
)
def test_bad_show_input_raises_value_error(hand: str, starter: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        score_show(parse_cards(hand), Card.parse(starter))


PLAY_VECTORS = [
    ("3S 5D 4H", 3),
    ("3S 5D 4H 2C", 4),
    ("7S 9D 6H 8C", 4),
    ("6S 7D 8H 6C", 3),
    ("7S 6D 8H 6C", 0),
    ("2S 3D 5H 6C AS 7D 4H", 7),
    ("3S 2D AH AC", 2),
    ("4S 8D 7H 6C 5S AD", 2),
    ("TS TD 2H 2C 4S 3D", 5),
    ("3S 5D 6H 7C", 3),
    ("3S 5D 6H 7C 4D", 5),
    ("KS QD", 0),  # pairs are by rank, not by value
    ("9S 9D 9H", 6),
    ("2S 2D 2H 2C", 12),
    ("5S TD", 2),
    ("7S 8D", 2),
    ("7S 7D AH", 2),  # the ace makes fifteen; the sevens no longer pair the last card
    ("AS KD QH", 0),  # ace is low: K-A-Q is no run
]


@pytest.mark.parametrize(("cards", "points"), PLAY_VECTORS)
def test_pegging_points_of_the_last_card(cards: str, points: int) -> None:
    assert score_play(parse_cards(cards)) == points


def test_play_items_words() -> None:
    words = [item.words for item in play_items(parse_cards("5S 5D 5H"))]
    assert words == ["Fifteen for 2", "Pair royal for 6"]
    assert [i.words for i in play_items(parse_cards("TS TD 2H 2C 4S 3D"))] == [
        "31 for 2",
        "Run of 3 for 3",
    ]


def test_bad_play_input_raises_value_error() -> None:
    with pytest.raises(ValueError, match="31"):
        score_play(parse_cards("KS QS JS 5D"))
    with pytest.raises(ValueError, match="twice"):
        score_play(parse_cards("5S 5S"))
    with pytest.raises(ValueError, match="no cards"):
        score_play([])


def brute_force_show(hand: list[Card], starter: Card, is_crib: bool) -> int:
    """Scoring written independently, straight from the rule book."""
    five = [*hand, starter]
    total = 0
    for size in range(2, 6):
        total += 2 * sum(
            1 for combo in combinations(five, size) if sum(min(c.rank, 10) for c in combo) == 15
        )
    total += 2 * sum(1 for a, b in combinations(five, 2) if a.rank == b.rank)
    for size in (5, 4, 3):
        runs = 0
        for combo in combinations(five, size):
            ranks = sorted(c.rank for c in combo)
            if ranks == list(range(ranks[0], ranks[0] + size)):
                runs += 1
        if runs:
            total += runs * size
            break
    if len({c.suit for c in hand}) == 1:
        if starter.suit == hand[0].suit:
            total += 5
        elif not is_crib:
            total += 4
    total += sum(1 for c in hand if c.rank == 11 and c.suit == starter.suit)
    return total


five_cards = st.permutations(range(52)).map(lambda order: [FULL_DECK[i] for i in order[:5]])


@settings(max_examples=400, deadline=None)
@given(five_cards, st.booleans())
def test_fast_and_itemized_scorers_agree_with_brute_force(cards: list[Card], crib: bool) -> None:
    hand, starter = cards[:4], cards[4]
    expected = brute_force_show(hand, starter, crib)
    assert score_show(hand, starter, crib).total == expected
    assert show_points(hand, starter, crib) == expected


def test_sampled_enumeration_has_no_impossible_scores_and_matches_brute_force() -> None:
    # The full 12,994,800-combination check is benchmarks/cribbage_enumeration.py; here a fixed
    # sample of hands with every starter each.
    rng = StableRandom(5)
    seen_scores = set()
    for _ in range(60):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        hand = deck[:4]
        for starter in deck[4:]:
            score = show_points(hand, starter)
            assert score == brute_force_show(hand, starter, False)
            seen_scores.add(score)
    assert not seen_scores & {19, 25, 26, 27}
    assert max(seen_scores) <= 29


def brute_force_play(cards: list[Card]) -> int:
    count = sum(min(c.rank, 10) for c in cards)
    points = 2 if count in (15, 31) else 0
    same = 1
    while same < len(cards) and cards[-same - 1].rank == cards[-1].rank:
        same += 1
    points += {1: 0, 2: 2, 3: 6, 4: 12}[same]
    best = 0
    for size in range(3, len(cards) + 1):
        ranks = sorted(c.rank for c in cards[-size:])
        if ranks == list(range(ranks[0], ranks[0] + size)):
            best = size
    return points + best


@settings(max_examples=300, deadline=None)
@given(st.permutations(range(52)), st.integers(1, 8))
def test_play_scoring_agrees_with_brute_force(order: list[int], length: int) -> None:
    cards = []
    for index in order:
        card = FULL_DECK[index]
        if sum(min(c.rank, 10) for c in cards) + min(card.rank, 10) > 31:
            continue
        cards.append(card)
        if len(cards) == length:
            break
    assert score_play(cards) == brute_force_play(cards)


# ---------------------------------------------------------------------------------------------
# The itemized show (issue 43 made it several times faster): every item, in order, as before.


def reference_show_items(hand: list[Card], starter: Card, is_crib: bool) -> list[tuple]:
    """The itemizer before issue 43: combinations of the five cards sorted by rank then suit."""
    five = sorted([*hand, starter], key=lambda c: (c.rank, c.suit))
    items = [("fifteen", combo, 2) for size in range(2, 6) for combo in combinations(five, size)
             if sum(card.points for card in combo) == 15]
    names = {2: ("pair", 2), 3: ("pair royal", 6), 4: ("double pair royal", 12)}
    for rank in sorted({card.rank for card in five}):
        same = tuple(card for card in five if card.rank == rank)
        if len(same) >= 2:
            items.append((names[len(same)][0], same, names[len(same)][1]))
    for size in (5, 4, 3):
        runs = [("run", combo, size) for combo in combinations(five, size)
                if [c.rank for c in combo] == list(range(combo[0].rank, combo[0].rank + size))]
        if runs:
            items += runs
            break
    if len({card.suit for card in hand}) == 1:
        if starter.suit == hand[0].suit:
            items.append(("flush", tuple(five), 5))
        elif not is_crib:
            items.append(("flush", tuple(hand), 4))
    items += [("nobs", (card,), 1) for card in hand
              if card.rank == 11 and card.suit == starter.suit]
    return items


# Biased towards few ranks and one suit: runs, pairs, flushes and nobs all show up often.
rich_five = st.one_of(
    five_cards,
    st.sets(st.integers(1, 13), min_size=2, max_size=4).flatmap(
        lambda ranks: st.permutations([c for c in FULL_DECK if c.rank in ranks or c.suit == "H"])
    ).map(lambda cards: list(cards[:5])),
)


@settings(max_examples=800, deadline=None)
@given(rich_five, st.booleans())
def test_itemized_show_lists_the_same_items_in_the_same_order(cards: list[Card],
                                                               crib: bool) -> None:
    hand, starter = cards[:4], cards[4]
    items = [(item.kind, item.cards, item.points)
             for item in score_show(hand, starter, crib).items]
    assert items == reference_show_items(hand, starter, crib)
    assert score_show(iter(hand), starter, crib).items == score_show(tuple(hand), starter,
                                                                     crib).items


class _MarkedCard(Card):
    __slots__ = ()


def test_show_takes_any_cards_and_still_refuses_look_alikes() -> None:
    hand, starter = parse_cards("5C 5D 5H JS"), Card.parse("5S")
    marked = [_MarkedCard(card.rank, card.suit) for card in hand]
    assert score_show(marked, _MarkedCard(5, "S")).total == score_show(hand, starter).total == 29
    with pytest.raises(ValueError, match="starter"):
        score_show(hand, (5, "S"))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a Card"):
        score_show([(5, "C"), *hand[1:]], starter)  # type: ignore[list-item]
