"""The personas' parameters really change play: their measured styles differ as described."""

from __future__ import annotations

from collections import Counter

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card, cards_mask
from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS, PERSONAS
from ginrummy_desktop.engine.gin.bots.evaluate import published_danger
from ginrummy_desktop.engine.gin.bots.knowledge import FULL_MASK, Knowledge
from ginrummy_desktop.engine.gin.bots.styles import KnockerBot
from ginrummy_desktop.engine.gin.match import GinMatch
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS
from tests.test_gin_bots_simple import discard_observation, draw_observation


def style_of(bot_id: str, deals: int = 40) -> Counter:
    """Single-hand matches against the baseline: how ``bot_id``'s hands ended."""
    rules = GIN_PRESETS["tournament"].replace(target=1)
    tally: Counter = Counter()
    for seed in range(deals):
        match = GinMatch(rules, seed=seed)
        seat_of_bot = seed % 2
        bots = {seat_of_bot: BUILTIN_BOTS[bot_id](seed=seed),
                1 - seat_of_bot: BUILTIN_BOTS["simple"](seed=seed)}
        turns = 0
        while not match.over:
            seat = match.to_move()
            turns += seat == seat_of_bot
            match.apply(seat, bots[seat].choose(match.observation(seat)))
        result = match.hand_records()[-1]["result"]
        tally["hands"] += 1
        if result["knocker"] == seat_of_bot:
            tally[result["kind"] if result["kind"] != "undercut" else "undercut_against"] += 1
            if result["kind"] in ("knock", "undercut"):
                mine = [h for h in result["hands"] if h["seat"] == seat_of_bot][0]
                tally["knock_deadwood"] += mine["deadwood_points"]
    return tally


def test_aggressive_knocker_and_patient_gin_hunter_play_clearly_differently() -> None:
    knocker, hunter = style_of("knocker"), style_of("gin_hunter")
    knocker_knocks = knocker["knock"] + knocker["undercut_against"]
    hunter_knocks = hunter["knock"] + hunter["undercut_against"]
    assert knocker_knocks >= 10 and knocker_knocks >= 4 * max(1, hunter_knocks)
    assert hunter["knock_deadwood"] <= 2 * hunter_knocks  # it knocks only at 2 or less
    assert knocker["knock_deadwood"] / knocker_knocks > 3


def test_marjj_knocks_far_less_often_than_the_beginner() -> None:
    beginner = style_of("beginner")
    marjj = style_of("marjj")
    # MARJJ knocks voluntarily only on its first three turns, then waits for gin
    beginner_knocks = beginner["knock"] + beginner["undercut_against"]
    assert beginner_knocks >= 2 * (marjj["knock"] + marjj["undercut_against"])


def test_knocker_grabs_an_upcard_that_pairs_a_loose_card_where_simple_draws() -> None:
    # KH makes no meld and saves no deadwood, but it pairs the loose KC: "a set is coming"
    observation = draw_observation("AS 2S 3S 4D 5D 6D 7H 8H 9C KC", "KH")
    assert KnockerBot(seed=1).choose(observation).kind == "draw_discard"
    assert BUILTIN_BOTS["simple"](seed=1).choose(observation).kind == "draw_stock"
    assert BUILTIN_BOTS["marjj"](seed=1).choose(observation).kind == "draw_stock"


def test_knocker_knocks_with_her_biggest_knockable_card_not_the_lowest_deadwood() -> None:
    # throwing 3D would knock with 4; she sees she can knock by dumping 7H and knocks with 7
    observation = discard_observation("9S TS JS 4H 5H 6H 7H AC AD 2C 3D", "3D")
    assert KnockerBot(seed=1).choose(observation) == Action("knock", Card.parse("7H"))
    assert BUILTIN_BOTS["simple"](seed=1).choose(observation) == Action("knock", Card.parse("3D"))


def test_knocker_never_misses_a_gin() -> None:
    # dumping 7H would still knock (with 1), but AD goes out with no deadwood at all
    observation = discard_observation("9S TS JS 4H 5H 6H 7H AC AD 2C 3C", "3C")
    observation.legal_actions = observation.legal_actions + (Action("gin", Card.parse("AD")),)
    assert KnockerBot(seed=1).choose(observation) == Action("gin", Card.parse("AD"))


def knowledge_of(hand: str, pile: str = "", opponent_holds: str = "") -> Knowledge:
    def mask(text: str) -> int:
        return cards_mask([Card.parse(token) for token in text.split()])

    mine, seen, held = mask(hand), mask(pile), mask(opponent_holds)
    return Knowledge(seat=0, hand=mine, top=0, pile=seen, opponent_known=held,
                     opponent_passed=0, opponent_discarded=0,
                     unseen=FULL_MASK & ~(mine | seen | held), stock_size=20, my_turns=4,
                     opponent_turns=4, taken_upcard=0, just_drew=0)


def test_published_danger_rewards_dead_neighbours_and_punishes_the_opponents_runs() -> None:
    seven = Card.parse("7H").index
    # nothing known about 6H, 8H, 5H, 9H or the other sevens: only the rank penalty (+4)
    assert published_danger(seven, knowledge_of("7H KS")) == 4
    # 6H and 8H both gone: no run can use 7H (-10); no other seven gone either (+4)
    assert published_danger(seven, knowledge_of("7H KS", pile="6H 8H")) == -6
    # the opponent took 6H and 8H: throwing 7H fills its run (+20)
    assert published_danger(seven, knowledge_of("7H KS", opponent_holds="6H 8H")) == 24
    # it holds 7C and 7D: a set (+20); 7S gone besides earns the rank bonus (-4)
    assert published_danger(seven, knowledge_of("7H KS", pile="7S", opponent_holds="7C 7D")) == 16
    # two other sevens gone (-10), one suit neighbour held (+5), one two away in my hand (-3)
    assert published_danger(seven, knowledge_of("7H 9H", pile="7S 7C", opponent_holds="6H")) == -8


def test_faithful_marjj_keeps_published_constants_and_lite_keeps_the_old_ones() -> None:
    faithful, lite = PERSONAS["marjj"], PERSONAS["marjj_lite"]
    assert faithful.parameters["future_weight"] == 18 and lite.parameters["future_weight"] == 1
    assert faithful.parameters["voluntary_knock_turns"] == 3
    # an ace has no lower neighbour: off the end of the suit counts as out of reach, so with
    # 2H in the pile the run side is closed (-10) as published
    assert published_danger(Card.parse("AH").index, knowledge_of("AH KS", pile="2H")) == -6
