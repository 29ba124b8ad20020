"""Cribbage opponents: legal play, information-set invariance, published discards, the advisor."""

from __future__ import annotations

import gc
import math
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card, format_cards, parse_cards
from ginrummy_desktop.engine.cribbage import CribbageMatch, stacked_deck
from ginrummy_desktop.engine.cribbage.advisor import discard_table
from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS, opponent_model, opponent_reading
from ginrummy_desktop.engine.cribbage.bots import expert as expert_bot
from ginrummy_desktop.engine.cribbage.bots.opponent_model import (
    greedy_rule_log_likelihood,
    keep_regrets,
    likely_holdings,
    missed_play_points,
    opponent_play_contexts,
    plausible_holdings,
    safe_play_contexts,
    safe_play_log_likelihood,
)
from ginrummy_desktop.engine.cribbage.bots.opponent_reading import (
    KINDS,
    SHARE_FLOOR,
    OpponentReading,
    prior_shares,
)
from ginrummy_desktop.engine.cribbage.bots.safe_play import reply_points
from ginrummy_desktop.engine.cribbage.bots.simple import CarefulBot, GreedyBot
from ginrummy_desktop.engine.cribbage.evaluation import crib_value
from ginrummy_desktop.engine.cribbage.winchance import pone_win_chance
from ginrummy_desktop.engine.rng import StableRandom

BOT_NAMES = sorted(BUILTIN_BOTS)
DEALER, PONE = 0, 1


def test_every_bot_plays_whole_games_legally() -> None:
    for index, name in enumerate(BOT_NAMES):
        other = BOT_NAMES[(index + 1) % len(BOT_NAMES)]
        bots = [BUILTIN_BOTS[name](seed=1), BUILTIN_BOTS[other](seed=2)]
        match = CribbageMatch(seed=index)
        while not match.over:
            seat = match.to_move()
            observation = match.observation(seat)
            action = bots[seat].choose(observation)
            assert action in observation.legal_actions
            match.apply(seat, action)


def hidden_variants() -> list[list[Card]]:
    """Two deals that differ only in cards seat 1 (the pone) cannot see: the dealer's two
    tossed cards and the undealt deck, while everything the dealer plays is the same."""
    pone, dealer = "5C 6D 7H 8S KC QD", "4D 9C TS JH 2S 3S"
    first = stacked_deck(pone, dealer, "AH")
    second = list(first)
    # Swap the dealer's two tossed cards (2S 3S) with two undealt cards (2D 3C).
    for a, b in (("2S", "2D"), ("3S", "3C")):
        i, j = second.index(Card.parse(a)), second.index(Card.parse(b))
        second[i], second[j] = second[j], second[i]
    return [first, second]


@pytest.mark.parametrize("name", BOT_NAMES)
def test_decisions_depend_only_on_the_information_set(name: str) -> None:
    assert_same_decisions_in_hidden_variants(name)


def test_the_expert_reading_its_opponent_still_sees_only_its_information_set(monkeypatch):
    monkeypatch.setattr(expert_bot.ExpertBot, "opponent_reading", True)
    assert_same_decisions_in_hidden_variants("expert")


def test_the_expert_reading_the_hand_before_still_sees_only_its_information_set(monkeypatch):
    """Hand 1 is dealt alike; in hand 2 seat 1 deals, and the deals differ only in what it
    cannot see then: the pone's two tossed cards and the undealt pack. What it saw of hand 1
    (the whole play and the crib) is the same in both."""
    monkeypatch.setattr(expert_bot.ExpertBot, "opponent_reading", True)
    monkeypatch.setattr(expert_bot, "READ_HAND_BEFORE", True)
    hand_one = hidden_variants()[0]
    # Seat 0 is the pone in hand 2: it gets hand 1's dealer cards, hidden ones included.
    hand_two = [stacked_deck(format_cards(deck[1:12:2]), format_cards(deck[0:12:2]), deck[12])
                for deck in hidden_variants()]
    assert_same_decisions_in_hidden_variants(
        "expert", [[hand_one, deck, hand_one] for deck in hand_two], 2)


def assert_same_decisions_in_hidden_variants(
    name: str, decks: list[list[list[Card]]] | None = None, last_hand: int = 1,
    scores: tuple[int, int] = (0, 0),
) -> None:
    """The bot in seat 1 against a scripted seat 0 over deals that differ only in what seat 1
    cannot see (``hidden_variants``, both hands alike unless ``decks`` says otherwise), from
    ``scores``."""
    decks = decks or [[d] * 2 for d in hidden_variants()]
    matches = [CribbageMatch(seed=5, first_dealer=DEALER, decks=d, scores=scores)
               for d in decks]
    bots = [BUILTIN_BOTS[name](seed=9) for _ in matches]
    while matches[0].hand_number <= last_hand and not matches[0].over:
        seat = matches[0].to_move()
        assert matches[1].to_move() == seat
        if seat == PONE:
            observations = [m.observation(PONE) for m in matches]
            assert observations[0] == observations[1]
            actions = [bot.choose(obs) for bot, obs in zip(bots, observations, strict=True)]
            assert actions[0] == actions[1]
            for match in matches:
                match.apply(PONE, actions[0])
        else:
            for match in matches:
                obs = match.observation(DEALER)
                # Seat 0 lays away its two lowest cards (the hidden ones) and then plays its
                # lowest legal card, the same in both deals.
                action = obs.legal_actions[0]
                if obs.phase == "discard":
                    action = Action("discard", cards=tuple(sorted(obs.hand)[:2]))
                match.apply(DEALER, action)
    assert matches[0].hand_number > last_hand or matches[0].over


def observation_for(six: str, is_dealer: bool, scores=(0, 0)):
    other = "7D 8D 9D TD QH KS"
    if is_dealer:
        match = CribbageMatch(
            first_dealer=DEALER, decks=[stacked_deck(other, six, "KH")], scores=scores
        )
        match.apply(PONE, Action("discard", cards=tuple(parse_cards("7D 8D"))))
        return match.observation(DEALER)
    deck = stacked_deck(six, other, "KH")
    match = CribbageMatch(first_dealer=DEALER, decks=[deck], scores=scores)
    return match.observation(PONE)


def kept_after(bot, observation) -> str:
    action = bot.choose(observation)
    return format_cards(sorted(set(observation.hand) - set(action.cards)))


def test_expert_reproduces_published_discards() -> None:
    expert = BUILTIN_BOTS["expert"](seed=1)
    as_dealer = observation_for("AS 2D 7C 9H JS QD", is_dealer=True)
    assert {str(c) for c in expert.choose(as_dealer).cards} == {"JS", "QD"}
    as_pone = observation_for("AS 2D 3C 4H 5S 6D", is_dealer=False)
    assert kept_after(expert, as_pone) == "3C 4H 5S 6D"


def test_expert_pone_near_the_end_keeps_the_hand_that_can_count_out(monkeypatch) -> None:
    # The pone needs 12 and counts first; the dealer needs 14. A-2-3-6 has the best average
    # (hand less crib) but reaches 9 or more with 6 starters; A-2-3-T with 12. Peg ~2, show 10:
    # the game-win chance prefers the keep that gets there more often.
    monkeypatch.setattr(expert_bot, "POSITIONAL_NEED", 60)  # the positional discard, screened
    scores = {PONE: 109, DEALER: 107}
    observation = observation_for("6D 2C AH TH 3S 7C", is_dealer=False,
                                  scores=(scores[0], scores[1]))
    assert kept_after(BUILTIN_BOTS["expert"](seed=1), observation) == "AH 2C 3S TH"
    by_points = discard_table(observation.hand, is_dealer=False)[0]
    assert format_cards(by_points.keep) == "AH 2C 3S 6D"


def test_expert_dealer_near_the_end_can_play_for_the_game_not_the_points(monkeypatch) -> None:
    # The dealer needs 10, the pone 14. By points 3-3-4-4 (toss 7-Q) is best, and the shipped
    # expert keeps it; the positional discard keeps 4-4-7-Q and lays the threes in its own
    # crib: about the same points, spread so that they reach 10 more often.
    observation = observation_for("3D QC 3S 7S 4C 4S", is_dealer=True, scores=(111, 107))
    assert kept_after(BUILTIN_BOTS["expert"](seed=1), observation) == "3D 3S 4C 4S"
    monkeypatch.setattr(expert_bot, "POSITIONAL_NEED", 60)
    assert kept_after(BUILTIN_BOTS["expert"](seed=1), observation) == "4C 4S 7S QC"


def test_advisor_table_has_exact_expected_hands() -> None:
    table = discard_table(parse_cards("AS 2D 7C 9H JS QD"), is_dealer=True)
    assert len(table) == 15
    assert [o.net for o in table] == sorted((o.net for o in table), reverse=True)
    by_keep = {format_cards(o.keep): o for o in table}
    assert by_keep["AS 2D 7C 9H"].hand == pytest.approx(2.3913, abs=1e-4)
    assert by_keep["AS 2D JS QD"].hand == pytest.approx(2.8478, abs=1e-4)
    for option in table:
        assert option.net == pytest.approx(option.hand + option.crib)
    pone = discard_table(parse_cards("AS 2D 3C 4H 5S 6D"), is_dealer=False)
    assert format_cards(pone[0].keep) == "3C 4H 5S 6D"
    assert pone[0].hand == pytest.approx(9.8478, abs=1e-4)
    assert pone[0].net == pytest.approx(pone[0].hand - pone[0].crib)


def test_advisor_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="six"):
        discard_table(parse_cards("AS 2D 3C 4H 5S"), is_dealer=True)
    with pytest.raises(ValueError, match="twice"):
        discard_table(parse_cards("AS AS 3C 4H 5S 6D"), is_dealer=True)
    with pytest.raises(ValueError, match="crib_model"):
        discard_table(parse_cards("AS 2D 3C 4H 5S 6D"), is_dealer=True, crib_model="psychic")


def stacked_position(
    pone: str, dealer: str, starter: str, tosses: tuple[str, str],
    plays: list[tuple[int, str]], scores: tuple[int, int] = (0, 0),
) -> CribbageMatch:
    """A hand dealt from a stacked deck: each lays away its toss (pone's first), then
    ``plays`` are made in order (a card, or "go")."""
    match = CribbageMatch(
        first_dealer=DEALER, decks=[stacked_deck(pone, dealer, starter)] * 2, scores=scores
    )
    match.apply(PONE, Action("discard", cards=tuple(parse_cards(tosses[0]))))
    match.apply(DEALER, Action("discard", cards=tuple(parse_cards(tosses[1]))))
    for seat, card in plays:
        action = Action("go") if card == "go" else Action("play", card=Card.parse(card))
        match.apply(seat, action)
    return match


def a_six_led(*plays: tuple[int, str]) -> CribbageMatch:
    """The pone (keeping 6 3 2 A) has led the six to the dealer's 7 8 3 6; then ``plays``."""
    return stacked_position(
        "6C 3D 2H AS KD QD", "7C 8H 3S 6S AD AH", "5D", ("KD QD", "AD AH"),
        [(PONE, "6C"), *plays],
    )


def play_position(pone_keep: str, dealer_keep: str, plays: list[tuple[int, str]]):
    return stacked_position(
        pone_keep + " 2D 3D", dealer_keep + " 4C 4D", "AC", ("2D 3D", "4C 4D"), plays
    )


def test_careful_never_leads_a_five_and_leads_low() -> None:
    match = play_position("5S TC 3H KD", "9C 8D 7S 6H", [])
    lead = CarefulBot(seed=1).choose(match.observation(PONE))
    assert lead.card == Card.parse("3H")


def test_greedy_takes_immediate_points() -> None:
    match = play_position("TS TC 3H KD", "5S 8D 7S 6H", [(PONE, "TS")])
    assert GreedyBot(seed=1).choose(match.observation(DEALER)).card == Card.parse("5S")


def test_expert_takes_a_winning_peg_at_the_end_of_the_game() -> None:
    # The dealer needs 2 to win: pairing the six pegs out; nothing else scores now.
    match = stacked_position(
        "6C TC 3H KD 2D 3D", "6S 2H 8S 7H 4C 4D", "AC", ("2D 3D", "4C 4D"), [(PONE, "6C")],
        scores=(119, 118),
    )
    action = BUILTIN_BOTS["expert"](seed=2).choose(match.observation(DEALER))
    assert action.card == Card.parse("6S")


def test_expert_search_can_score_an_unfinished_game_by_its_chance_of_winning(monkeypatch):
    # Near the end, a leaf where nobody reaches the target is a draw (0) without
    # LEAF_WIN_CHANCE; with it (shipped) it is the chance of winning from the scores after the
    # show, where this dealer will be the pone of the next hand.
    match = stacked_position(
        "6C TC 3H KD 2D 3D", "6S 2H 8S 7H 4C 4D", "AC", ("2D 3D", "4C 4D"), [(PONE, "6C")],
        scores=(100, 100),
    )
    search = expert_bot.PlaySearch(match.observation(DEALER))
    search.endgame, search._show = True, (2, 2, 1.0)  # hand 2, theirs 2, crib 1
    monkeypatch.setattr(expert_bot, "LEAF_WIN_CHANCE", False)
    assert search._end_of_play((0, 0)) == 0.0
    monkeypatch.setattr(expert_bot, "LEAF_WIN_CHANCE", True)
    chance = pone_win_chance(121 - 103, 121 - 102)
    assert search._end_of_play((0, 0)) == pytest.approx(expert_bot.WIN * (2 * chance - 1))
    assert search._end_of_play((0, 6)) < search._end_of_play((0, 0)) < search._end_of_play((4, 0))


def test_expert_search_can_score_each_worlds_crib_exactly_near_the_end(monkeypatch):
    # The dealer laid away 4C 4D; a world where the pone laid away 5H 6S makes a crib of
    # 4-4-5-6 with the ace: three fifteens 6, a pair 2 and two runs of three 6, 14 in all.
    match = stacked_position(
        "6C TC 3H KD 2D 3D", "6S 2H 8S 7H 4C 4D", "AC", ("2D 3D", "4C 4D"), [(PONE, "6C")],
        scores=(100, 100),
    )
    search = expert_bot.PlaySearch(match.observation(DEALER))
    held, tossed = parse_cards("TC 3H KD"), parse_cards("5H 6S")
    monkeypatch.setattr(expert_bot, "EXACT_CRIB", False)
    table_crib = search._show_scores(held, tossed)[2]
    assert table_crib == pytest.approx(crib_value(parse_cards("4C 4D"), own_crib=True))
    monkeypatch.setattr(expert_bot, "EXACT_CRIB", True)
    assert search._show_scores(held, tossed)[2] == 14.0
    assert search._show_scores(held)[2] == table_crib  # a world without a toss: the average


def test_the_expert_scoring_exact_cribs_near_the_end_still_sees_only_its_information_set(
        monkeypatch):
    # The deals differ in the dealer's toss, which is in the crib: the pone must score the
    # crib with the tosses it imagines, never with the true one.
    monkeypatch.setattr(expert_bot, "EXACT_CRIB", True)
    monkeypatch.setattr(expert_bot, "LEAF_WIN_CHANCE", True)
    assert_same_decisions_in_hidden_variants("expert", scores=(96, 96))


def test_expert_search_memory_is_never_walked_by_the_garbage_collector() -> None:
    """Bots think on a thread of the app: a memo the collector walks entry by entry pauses the
    whole process, the table's animations included, for a tenth of a second or more."""
    match = play_position("TS TC 3H KD", "5S 8D 7S 6H", [(PONE, "TS")])
    BUILTIN_BOTS["expert"](seed=1).choose(match.observation(DEALER))
    assert expert_bot._NEUTRAL_MEMO
    gc.collect()
    assert not gc.is_tracked(expert_bot._NEUTRAL_MEMO)


def test_expert_opponent_model_prefers_sensible_keeps() -> None:
    # As dealer, keeping 5-5-T-J from these six is the sensible choice; A-2-T-J throws points.
    regrets = keep_regrets((1, 2, 5, 5, 10, 11), True)
    assert min(regrets.values()) == 0.0
    assert regrets[(5, 5, 10, 11)] < 0.5 < regrets[(1, 2, 10, 11)]


def test_expert_opponent_worlds_hold_only_unseen_cards_that_fit_every_go() -> None:
    # The pone says go at 29: it holds nothing worth 2 or less (it holds J and Q).
    match = stacked_position(
        "TC JC QH 2D 3D 4D", "KS 8H 9C 5S 6S 7S", "AC", ("2D 3D", "6S 7S"),
        [(PONE, "TC"), (DEALER, "KS"), (PONE, "4D"), (DEALER, "5S"), (PONE, "go")],
    )
    observation = match.observation(DEALER)
    seen = set(observation.hand) | set(observation.own_discards) | {observation.starter}
    seen |= {card for _, card in observation.played}
    worlds = plausible_holdings(observation, StableRandom(3), 30)
    assert len(worlds) == 30
    for holding, weight in worlds:
        assert len(holding) == observation.opponent_cards_left == 2
        assert not seen & set(holding)
        assert 0.0 < weight <= 1.0
        assert all(card.points >= 3 for card in holding)


def test_expert_infers_that_an_opponent_who_did_not_pair_holds_no_such_rank() -> None:
    # The dealer leads a seven; the pone answers with a king instead of pairing for 2 points.
    match = stacked_position(
        "KC 9D 4H 2C QS JD", "7C 8H 3S 6S AD AH", "5D", ("QS JD", "AD AH"),
        [(PONE, "4H"), (DEALER, "7C"), (PONE, "KC")],
    )
    observation = match.observation(DEALER)
    contexts = opponent_play_contexts(observation)
    assert [(count, ranks, rank) for count, ranks, rank, _ in contexts] == [
        (0, (), 4), (11, (4, 7), 13)
    ]
    played = (4, 13)
    # Holding a seven when it played the king: it passed up a pair (2 points).
    assert missed_play_points(contexts, played, (4, 7, 9, 13)) == 2
    assert missed_play_points(contexts, played, (2, 4, 9, 13)) == 0
    holdings = likely_holdings(observation, StableRandom(5), 24, 96)
    assert len(holdings) == 24
    with_seven = sum(any(card.rank == 7 for card in held) for held in holdings)
    uniform = [held for held, _ in plausible_holdings(observation, StableRandom(5), 96)]
    uniform_with_seven = sum(any(card.rank == 7 for card in held) for held in uniform)
    assert with_seven / 24 < uniform_with_seven / 96


def test_expert_infers_that_a_careful_opponent_who_led_high_holds_no_low_card() -> None:
    # The pone leads a nine. A player who pegs by the safety rules leads a four or lower when
    # it has one, so a holding with a three explains that lead worse than one without.
    match = stacked_position(
        "9C KD KH QS 6D 7D", "7C 8H 3S 6S AD AH", "5D", ("6D 7D", "AD AH"),
        [(PONE, "9C")],
    )
    observation = match.observation(DEALER)
    contexts = safe_play_contexts(observation)
    assert contexts == [(0, (), 9, 0, ())]
    starter = observation.starter.rank
    without_low = safe_play_log_likelihood(
        contexts, (9,), (9, 12, 13, 13), (6, 7, 9, 12, 13, 13), starter
    )
    with_three = safe_play_log_likelihood(
        contexts, (9,), (3, 9, 12, 13), (3, 6, 7, 9, 12, 13), starter
    )
    assert with_three < without_low <= 0.0
    low_share = {}
    for model in ("points", "safe"):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(opponent_model, "PLAY_MODEL", model)
            holdings = likely_holdings(observation, StableRandom(5), 48, 384)
        low_share[model] = sum(
            any(card.rank <= 4 for card in held) for held in holdings
        ) / len(holdings)
    assert low_share["safe"] < low_share["points"]


def test_greedy_plays_by_the_rule_the_expert_can_believe_of_it() -> None:
    # Every card the greedy persona plays is one the greedy belief expects (no lapse): the
    # belief's log-likelihood of its plays, given the cards it kept, is log(1 - lapse) or 0
    # (one option) per play, shared out over equal choices.
    bots = [GreedyBot(seed=3), CarefulBot(seed=4)]
    match = CribbageMatch(seed=12)
    checked = 0
    lapse = opponent_model.GREEDY_LAPSE
    while not match.over and checked < 40:
        seat = match.to_move()
        observation = match.observation(seat)
        match.apply(seat, bots[seat].choose(observation))
        viewer = match.observation(1)
        contexts = safe_play_contexts(viewer)
        if contexts and match.observation(1).phase == "play":
            played = tuple(card.rank for card in viewer.opponent_played)
            keep = tuple(sorted(played + tuple(c.rank for c in match.observation(0).hand)))
            likelihood = greedy_rule_log_likelihood(contexts, played, keep)
            assert likelihood >= len(contexts) * math.log((1 - lapse) / 4) - 1e-9
            checked += 1
    assert checked >= 10


def test_expert_believing_a_greedy_player_reads_a_low_lead_as_nothing_higher() -> None:
    # The pone leads a six, which scores nothing. A greedy player sheds its highest card when
    # nothing scores, so under that belief it holds no card worth more than six.
    match = a_six_led()
    observation = match.observation(DEALER)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(opponent_model, "SAFE_SHARE", 0.0)
        patch.setattr(opponent_model, "GREEDY_SHARE", 1.0)
        holdings = likely_holdings(observation, StableRandom(5), 48, 384)
    higher = sum(any(card.points > 6 for card in held) for held in holdings)
    uniform = [held for held, _ in plausible_holdings(observation, StableRandom(5), 384)]
    uniform_higher = sum(any(card.points > 6 for card in held) for held in uniform)
    assert higher / len(holdings) < 0.25 < uniform_higher / len(uniform)


def test_careful_plays_by_the_safety_rules_the_expert_assumes() -> None:
    # The careful persona's play is the top of the safety-rule values its opponent model uses.
    bots = [CarefulBot(seed=1), GreedyBot(seed=2)]
    match = CribbageMatch(seed=11)
    checked = 0
    while not match.over and checked < 200:
        seat = match.to_move()
        observation = match.observation(seat)
        action = bots[seat].choose(observation)
        if seat == 0 and action.kind == "play":
            fitting = [a.card for a in observation.legal_actions if a.kind == "play"]
            values = {card.rank: bots[0].play_value(observation, card) for card in fitting}
            assert values[action.card.rank] == max(values.values())
            checked += 1
        match.apply(seat, action)
    assert checked > 20


def test_the_reply_after_four_of_a_rank_is_only_what_fits() -> None:
    """Four twos make 8: a seven makes fifteen, and no fifth two is imagined to pair them."""
    seen = [0] * 13
    seen[2 - 1] = 4
    chance_of_a_seven = 1 - comb(48 - 4, 4) / comb(48, 4)
    assert reply_points((2, 2, 2, 2), 8, tuple(seen), 4) == pytest.approx(2 * chance_of_a_seven)


def test_reading_weighs_each_finished_hand_once_by_its_last_evidence() -> None:
    reading = OpponentReading()
    assert reading.shares(("hand", 1)) == pytest.approx(prior_shares())
    rule = KINDS.index("rule")
    # Early in hand 1 the plays looked safe; by its last play they were plainly greedy.
    reading.record(("hand", 1), (0.0, -1.0, -6.0))
    reading.record(("hand", 1), (-6.0, -5.0, 0.0))
    assert reading.shares(("hand", 1)) == pytest.approx(prior_shares())  # not yet: same hand
    after_one = reading.shares(("hand", 2))
    assert reading.hands_read == 1
    assert after_one[rule] > prior_shares()[rule]
    for hand in range(3, 9):
        reading.record(("hand", hand - 1), (-6.0, -5.0, 0.0))
        shares = reading.shares(("hand", hand))
    assert reading.hands_read == 7
    assert shares[rule] > 0.9 and reading.expects_rule(shares)
    assert min(shares) >= SHARE_FLOOR - 1e-12  # nobody is ruled out for good
    assert sum(shares) == pytest.approx(1.0)


def test_a_hand_read_once_played_out_replaces_the_reading_made_during_it() -> None:
    rule = KINDS.index("rule")
    guessed, exact = OpponentReading(), OpponentReading()
    for reading in (guessed, exact):
        reading.record((1, DEALER, ()), (0.0, -1.0, -6.0))  # looked safe at our last play
    exact.see_hand_before((2, PONE, ()), (-6.0, -5.0, 0.0))  # the whole hand was greedy
    exact.see_hand_before((2, PONE, ()), (-6.0, -5.0, 0.0))  # seen again: counted once
    assert guessed.shares((2, PONE, ()))[rule] < prior_shares()[rule]
    after_one = exact.shares((2, PONE, ()))
    assert after_one[rule] > prior_shares()[rule]
    assert exact.hands_read == 1
    # What hand 2 itself shows is still read during it and counted when hand 3 starts.
    exact.record((2, PONE, ()), (0.0, 0.0, -3.0))
    assert exact.shares((3, DEALER, ()))[rule] < after_one[rule]
    assert exact.hands_read == 2
    # Evidence of a hand that is not the one before does not replace anything.
    skipped = OpponentReading()
    skipped.record((1, DEALER, ()), (0.0, -1.0, -6.0))
    skipped.see_hand_before((3, DEALER, ()), (-6.0, -5.0, 0.0))
    assert skipped.hands_read == 2


@pytest.mark.parametrize(("villain", "kind"), [(GreedyBot, "rule"), (CarefulBot, "safe")])
def test_each_played_out_hand_says_which_kind_of_pegger_played_it(villain, kind) -> None:
    bots = [GreedyBot(seed=1), villain(seed=2)]
    best, read = [], 0
    for game in range(3):
        match = CribbageMatch(seed=40 + game, first_dealer=game % 2)
        while not match.over:
            seat = match.to_move()
            observation = match.observation(seat)
            if seat == 0 and observation.phase == "discard":
                evidence = opponent_model.finished_hand_evidence(observation)
                if observation.hand_number == 1:
                    assert evidence == ()
                elif evidence:
                    read += 1
                    best.append(KINDS[max(range(len(KINDS)), key=evidence.__getitem__)])
            match.apply(seat, bots[seat].choose(observation))
    assert read >= 15
    assert best.count(kind) >= 0.7 * read


@pytest.mark.parametrize(("villain", "kind"), [(GreedyBot, "rule"), (CarefulBot, "safe")])
def test_expert_learns_over_a_game_which_kind_of_pegger_it_faces(monkeypatch, villain, kind):
    monkeypatch.setattr(expert_bot.ExpertBot, "opponent_reading", True)
    bots = [expert_bot.ExpertBot(seed=1), villain(seed=2)]
    match = CribbageMatch(seed=21, first_dealer=0)
    while not match.over:
        seat = match.to_move()
        match.apply(seat, bots[seat].choose(match.observation(seat)))
    reading = bots[0].reading
    shares = reading.shares(("after the game",))
    assert reading.hands_read >= 4
    assert max(KINDS, key=lambda k: shares[KINDS.index(k)]) == kind
    assert shares[KINDS.index(kind)] > 0.6


def test_a_search_expecting_another_reply_policy_keeps_its_own_memory() -> None:
    match = a_six_led()
    observation = match.observation(DEALER)
    opponent = tuple(parse_cards("3D 2H AS"))
    neutral_before = len(expert_bot._NEUTRAL_MEMO)
    greedy = expert_bot.PlaySearch(observation, "greedy")
    uniform = expert_bot.PlaySearch(observation, "uniform")
    values = {rank: (greedy.value_of_play(rank, opponent), uniform.value_of_play(rank, opponent))
              for rank in (3, 6, 7)}
    assert expert_bot._POLICY_MEMOS["greedy"]
    assert greedy.memo is not uniform.memo
    assert len(expert_bot._NEUTRAL_MEMO) >= neutral_before
    assert any(abs(a - b) > 1e-9 for a, b in values.values())


def test_the_seen_reply_policy_counts_what_the_opponent_has_truly_seen() -> None:
    """In a world holding the opponent's true cards and toss, the "seen" policy's count of what
    the opponent has seen after our play is the careful player's own count at its turn."""
    match = a_six_led()
    observation = match.observation(DEALER)
    search = expert_bot.PlaySearch(observation, "seen")
    pone_held = tuple(sorted(card.rank for card in match.observation(PONE).hand))
    search._seen_base = search._opponent_seen(pone_held, tuple(parse_cards("KD QD")))
    checked = 0
    for card in observation.hand:
        if observation.count + card.points > 31:
            continue
        after = a_six_led((DEALER, str(card))).observation(PONE)
        unseen = [0] * 13
        for other in opponent_model.unseen_by(after):
            unseen[other.rank - 1] += 1
        left = tuple(sorted(c.rank for c in observation.hand if c != card))
        seen = search._seen_now(left)
        assert seen == tuple(4 - n for n in unseen)
        # At a sharp setting the policy's likeliest reply is the careful player's own.
        options = tuple(sorted({c.rank for c in after.hand if after.count + c.points <= 31}))
        tail = expert_bot._scoring_tail(tuple(c.rank for _, c in after.current))
        chances = expert_bot._seen_policy(after.count, tail, pone_held, len(left), options,
                                          seen, 20.0)
        chosen = CarefulBot(seed=1).choose(after).card
        assert chosen is not None
        assert options[chances.index(max(chances))] == chosen.rank
        checked += 1
    assert checked >= 3


def test_the_joint_search_of_one_world_is_the_world_by_world_search() -> None:
    match = a_six_led()
    observation = match.observation(DEALER)
    opponent = tuple(parse_cards("3D 2H AS"))
    held = tuple(sorted(card.rank for card in opponent))
    for policy in ("uniform", "greedy", "mixed"):
        joint = expert_bot.JointPlaySearch(observation, policy)
        values = joint.values_of_plays((3, 6, 7, 8), {held: 1.0})
        world = expert_bot.PlaySearch(observation, policy)
        for rank, value in values.items():
            assert value == pytest.approx(world.value_of_play(rank, opponent))


def expert_play_decisions(seed: int, hands: int = 2):
    """The expert's pegging decisions with a real choice in a game against careful, each with
    the worlds it would search (sampled as it samples them)."""
    match = CribbageMatch(seed=seed, first_dealer=DEALER)
    bots = [BUILTIN_BOTS["expert"](seed=seed), CarefulBot(seed=seed + 1)]
    while match.hand_number <= hands and not match.over:
        seat = match.to_move()
        observation = match.observation(seat)
        if seat == DEALER and observation.phase == "play":
            options = sorted({card.rank for card in observation.hand
                              if observation.count + card.points <= 31})
            if len(options) > 1:
                rng = StableRandom(seed)
                candidates = opponent_model.weighted_candidates(observation, rng, 96)
                worlds = opponent_model.resample_candidates(candidates, 12, rng)
                yield observation, options, expert_bot.world_group(worlds)
        match.apply(seat, bots[seat].choose(observation))


def world_by_world_values(search, options, held) -> dict[int, float]:
    """Each option's value averaged over the worlds ``held``, each solved on its own."""
    mass = sum(held.values())
    return {rank: sum(weight * search._play((search.my_hand, hand), search.count, search.ranks,
                                            search.go, 0, rank, (0, 0))
                      for hand, weight in held.items()) / mass
            for rank in options}


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_joint_search_credits_the_bot_with_no_sight_of_the_opponents_cards(seed) -> None:
    """World by world the search plays its later cards knowing the opponent's; choosing each
    once for the worlds it cannot tell apart can only be worth as much or less, option by
    option, and with a single world left it is the same search."""
    for observation, options, held in expert_play_decisions(seed):
        joint = expert_bot.JointPlaySearch(observation)
        if joint.near_end:
            continue
        values = joint.values_of_plays(options, held)
        by_world = world_by_world_values(joint, options, held)
        for rank in options:
            assert values[rank] <= by_world[rank] + 1e-9


def test_the_joint_search_values_some_choices_below_what_sight_of_the_cards_would_give():
    lower = 0
    for seed in range(3):
        for observation, options, held in expert_play_decisions(seed):
            joint = expert_bot.JointPlaySearch(observation)
            values = joint.values_of_plays(options, held)
            by_world = world_by_world_values(joint, options, held)
            lower += sum(values[rank] < by_world[rank] - 1e-6 for rank in options)
    assert lower > 0


def test_the_expert_searching_worlds_jointly_still_sees_only_its_information_set(monkeypatch):
    monkeypatch.setattr(expert_bot, "JOINT_WORLDS", True)
    assert_same_decisions_in_hidden_variants("expert")


def test_a_reading_sure_of_a_safe_pegger_has_the_search_expect_its_own_replies(monkeypatch):
    monkeypatch.setattr(opponent_reading, "SAFE_POLICY_AT", 0.75)
    reading = OpponentReading()
    assert not reading.expects_safe(reading.shares((1, 0, ())))
    assert reading.expects_safe((0.8, 0.18, 0.02))
    monkeypatch.setattr(opponent_reading, "SAFE_POLICY_AT", 0.0)
    assert not reading.expects_safe((0.98, 0.0, 0.02))  # 0: never
    match = a_six_led()
    observation = match.observation(DEALER)
    assert expert_bot.PlaySearch(observation, "seen", 0.0).reply_sharpness == 0.0
    # A search sharing the memo of positions keeps the shared valuation whatever it is asked.
    shared = expert_bot.PlaySearch(observation, "uniform", 0.0)
    assert shared.reply_sharpness == expert_bot.OPPONENT_SHARPNESS


def test_the_expert_expecting_safe_replies_still_sees_only_its_information_set(monkeypatch):
    # Below the prior share of safe pegging, so the search expects safe replies from the start.
    monkeypatch.setattr(opponent_reading, "SAFE_POLICY_AT", 0.4)
    assert_same_decisions_in_hidden_variants("expert")
