"""The bots' fast solver and rollout simulator agree with the engine they imitate."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card, cards_mask, mask_cards, parse_cards
from ginrummy_desktop.engine.gin import melds
from ginrummy_desktop.engine.gin.bots import fastmelds
from ginrummy_desktop.engine.gin.bots.fastmelds import best_discards, deadwood
from ginrummy_desktop.engine.gin.bots.rollout import SimRules, knock_points, play_out
from ginrummy_desktop.engine.gin.hand import GinHand
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS
from ginrummy_desktop.engine.rng import StableRandom

hands = st.lists(st.integers(0, 51), min_size=1, max_size=11, unique=True).map(
    lambda indices: sum(1 << i for i in indices)
)


def test_known_hand() -> None:
    hand = cards_mask(parse_cards("AS 2S 3S 4S 4H 4D 7C 8C 9C KD"))
    assert deadwood(hand) == 10  # only the king is left over


def test_best_discards_skip_the_forbidden_card_and_list_every_tie() -> None:
    hand = cards_mask(parse_cards("AS 2S 3S 4S 4H 4D 7C 8C 9C KD QH"))
    best, cards = best_discards(hand)
    assert best == 10 and sorted(cards) == sorted(c.index for c in parse_cards("KD QH"))
    best, cards = best_discards(hand, forbidden=Card.parse("QH").mask)
    assert best == 10 and cards == [Card.parse("KD").index]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=11, max_size=11, unique=True))
def test_after_each_discard_lists_every_card_in_index_order(indices: list[int]) -> None:
    hand = sum(1 << i for i in indices)
    pairs = fastmelds.after_each_discard(hand)
    assert [index for index, _ in pairs] == sorted(indices)
    assert min(value for _, value in pairs) == melds.best_discard_deadwood_mask(hand)


class RolloutPolicyBot:
    """The rollout simulator's policy, played through real observations."""

    def __init__(self, go_out_at: int) -> None:
        self.go_out_at = go_out_at

    def choose(self, observation) -> Action:
        hand = cards_mask(observation.hand)
        legal = observation.legal_actions
        kinds = {action.kind: action for action in legal}
        if "discard" in kinds or "knock" in kinds or "gin" in kinds:
            taken = 0
            last = observation.history[-1]
            if last.kind == "draw_discard" and last.seat == observation.seat:
                taken = last.card.mask
            best_index, best_value, best_points = -1, 99, -1
            for index, value in fastmelds.after_each_discard(hand):
                if taken >> index & 1:
                    continue
                points = fastmelds.POINTS[index]
                if value < best_value or (value == best_value and points > best_points):
                    best_index, best_value, best_points = index, value, points
            card = Card.from_index(best_index)
            if best_value == 0:
                return Action("gin", card)
            if best_value <= min(self.go_out_at, observation.knock_limit):
                return Action("knock", card)
            return Action("discard", card)
        top = observation.discard_pile[-1].mask
        if "draw_stock" in kinds and "draw_discard" in kinds:
            if best_discards(hand | top, top)[0] < deadwood(hand):
                return kinds["draw_discard"]
            return kinds["draw_stock"]
        return kinds.get("draw_stock") or kinds["pass"]


def test_rollout_simulator_plays_hands_exactly_like_the_engine() -> None:
    rules = GIN_PRESETS["tournament"]
    rng = StableRandom(11)
    compared = 0
    for deal in range(60):
        deck = list(mask_cards((1 << 52) - 1))
        rng.shuffle(deck)
        hand = GinHand.deal(rules, deck, "salt", (0, 1), deal)
        thresholds = (deal % 11, 10 - deal % 7)
        bots = [RolloutPolicyBot(thresholds[0]), RolloutPolicyBot(thresholds[1])]
        # Both pass the opening upcard and the first player must draw from the stock; then the
        # simulator takes over from the same state.
        hand.apply(0, Action("pass"))
        hand.apply(1, Action("pass"))
        for _ in range(2):
            hand.apply(0, bots[0].choose(_observation(hand, 0)))
        if hand.over:
            continue
        stock = [c.index for c in reversed(deck[hand.stock_pos:])]
        pile = [c.index for c in hand.discard_pile]
        masks = [cards_mask(hand.hands[0]), cards_mask(hand.hands[1])]
        simulated = play_out(masks, stock, pile, 1, thresholds, SimRules())
        while not hand.over:
            seat = hand.to_move_seat
            observation = _observation(hand, seat)
            hand.apply(seat, bots[seat].choose(observation))
        result = hand.result
        engine_points = 0 if result.winner is None else (
            result.points if result.winner == 0 else -result.points
        )
        assert simulated == engine_points, f"deal {deal}"
        compared += result.winner is not None
    assert compared > 40


def _observation(hand: GinHand, seat: int):
    """A minimal observation of the engine hand for the policy bot above."""

    class View:
        pass

    view = View()
    view.seat = seat
    view.hand = tuple(hand.hands[seat])
    view.discard_pile = tuple(hand.discard_pile)
    view.legal_actions = hand.legal_actions()
    view.history = hand.history_for(seat)
    view.knock_limit = hand.knock_limit
    return view


def test_knock_points_scores_gin_undercut_and_knock() -> None:
    rules = SimRules()
    gin = cards_mask(parse_cards("AS 2S 3S 4H 4D 4C 7C 8C 9C TC"))
    loser = cards_mask(parse_cards("KH QD JS 9H 7D 5S 3H 2D 6C 8D"))
    assert knock_points(gin, loser, rules) == 25 + deadwood(loser)
    knocker = cards_mask(parse_cards("AS 2S 3S 4H 4D 4C 7C 8C 9C 5D"))  # 5 deadwood
    low = cards_mask(parse_cards("AH 2H 3H AD 2D 3D AC 2C 3C 5H"))  # 5 deadwood
    assert knock_points(knocker, low, rules) == -25  # a tie is an undercut
    # the defender lays the 10 of clubs off on the knocker's run 7-8-9 of clubs
    defender = cards_mask(parse_cards("TC KH KD KS 6H 6D 6S QH JD 2H"))
    assert knock_points(knocker, defender, rules) == (10 + 10 + 2) - 5


def _scanned_throws(hand: int, barred: int) -> tuple[int, tuple[int, int]]:
    """The two greedy throws by scanning ``after_each_discard``: the world sampler's (first
    least, -1 if none) and the play-outs' ((index, deadwood left): least, highest, first)."""
    first, least = -1, 1 << 30
    highest = (-1, 1 << 30, -1)
    for index, value in fastmelds.after_each_discard(hand):
        if barred >> index & 1:
            continue
        if value < least:
            first, least = index, value
        points = fastmelds.POINTS[index]
        if value < highest[1] or (value == highest[1] and points > highest[2]):
            highest = (index, value, points)
    return first, highest[:2]


def _shaped_hand(rng: StableRandom) -> list[int]:
    """Eleven cards with sets and runs in them, as developed hands have (many compete)."""
    cards: set[int] = set()
    for _ in range(rng.randbelow(4)):
        rank = rng.randbelow(13)
        suits = list(range(4))
        rng.shuffle(suits)
        cards |= {suit * 13 + rank for suit in suits[: 3 + rng.randbelow(2)]}
    for _ in range(rng.randbelow(3)):
        suit, start, length = rng.randbelow(4), rng.randbelow(11), 2 + rng.randbelow(4)
        cards |= {suit * 13 + rank for rank in range(start, min(13, start + length))}
    chosen = sorted(cards)
    rng.shuffle(chosen)
    chosen = chosen[:11]
    while len(chosen) < 11:
        card = rng.randbelow(52)
        if card not in chosen:
            chosen.append(card)
    return chosen


def test_suit_by_suit_throws_are_the_scanned_throws() -> None:
    """``greedy_throw`` and ``choose_throw`` (the per-suit look-ups) pick the card the scan of
    ``after_each_discard`` picks, by the same tie-breaks, with and without barred cards."""
    rng = StableRandom(43)
    for _ in range(20_000):
        cards = _shaped_hand(rng)
        hand = sum(1 << card for card in cards)
        rng.shuffle(cards)
        barred = sum(1 << card for card in cards[: rng.randbelow(4)])
        first, highest = _scanned_throws(hand, barred)
        assert fastmelds.greedy_throw(hand, barred) == first
        assert fastmelds.choose_throw(hand, barred) == highest
    hand = cards_mask(parse_cards("AS 2S 3S 4H 4D 4C 7C 8C 9C KD QH"))
    assert fastmelds.greedy_throw(hand, hand) == -1
    assert fastmelds.choose_throw(hand, hand) == (-1, 1 << 30)
