"""No bot reads hidden information: shuffling the unseen cards never changes a decision.

At a decision point of seat ``s`` the cards ``s`` cannot see are the opponent's cards it has
not publicly taken and the stock. A twin deal permutes exactly those cards among their deck
positions and replays the same actions: every bot, with the same seed, must decide the same.
"""

from __future__ import annotations

import pytest

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS, PERSONAS
from ginrummy_desktop.engine.gin.bots.expert import ExpertBot
from ginrummy_desktop.engine.gin.hand import GinHand
from ginrummy_desktop.engine.gin.match import GinMatch
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS
from ginrummy_desktop.engine.rng import StableRandom


def make(bot_id: str, seed: int):
    if bot_id == "expert":
        return ExpertBot(seed=seed, samples=12)
    return BUILTIN_BOTS[bot_id](seed=seed)


def decision_points(preset: str, seed: int, steps: int):
    """Yield (match, seat) at successive decisions of the first hand, moves made by Simple."""
    match = GinMatch(GIN_PRESETS[preset], seed=seed)
    players = [BUILTIN_BOTS["simple"](seed=seed + n) for n in range(match.num_seats)]
    first_hand = match.hand
    for _ in range(steps):
        if match.over or match.hand is not first_hand:
            return
        seat = match.to_move()
        yield match, seat
        match.apply(seat, players[seat].choose(match.observation(seat)))


def twin_observation(match: GinMatch, seat: int, rng: StableRandom):
    """The observation of ``seat`` in a deal whose hidden cards were shuffled among themselves."""
    hand = match.hand
    me = hand.seats.index(seat)
    other = 1 - me
    hidden = [c for c in hand.hands[other] if c not in hand.known[other]]
    hidden += hand.deck[hand.stock_pos:]
    positions = [hand.deck.index(card) for card in hidden]
    shuffled = list(hidden)
    rng.shuffle(shuffled)
    deck = list(hand.deck)
    for position, card in zip(positions, shuffled, strict=True):
        deck[position] = card
    twin = GinHand.deal(hand.rules, deck, hand.salt, hand.seats, hand.hand_number)
    for actor, kind, card in hand.actions:
        twin.apply(actor, Action(kind, card))
    original_hidden = sorted(hand.hands[other]), hand.deck[hand.stock_pos:]
    match.hand = twin
    try:
        observation = match.observation(seat)
        changed = (sorted(twin.hands[other]), twin.deck[twin.stock_pos:]) != original_hidden
    finally:
        match.hand = hand
    return observation, changed


@pytest.mark.parametrize("bot_id", list(PERSONAS))
def test_decisions_ignore_the_order_and_owner_of_unseen_cards(bot_id: str) -> None:
    rng = StableRandom(99)
    checked = changed_worlds = 0
    for preset, seed in (("tournament", 1), ("classic", 2), ("oklahoma", 3), ("tournament", 4)):
        for match, seat in decision_points(preset, seed, 24):
            real = match.observation(seat)
            twin, changed = twin_observation(match, seat, rng)
            changed_worlds += changed
            assert make(bot_id, 7).choose(real) == make(bot_id, 7).choose(twin)
            checked += 1
    assert checked >= 40 and changed_worlds >= checked // 2
