"""Gin Rummy rules, one test (or more) per rule of the rules text, on hand-built deals."""

from __future__ import annotations

import pytest

from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.cards import FULL_DECK, Card, parse_cards
from ginrummy_desktop.engine.deck import shuffled_deck
from ginrummy_desktop.engine.gin import GIN_PRESETS, GinMatch, parse_rules
from ginrummy_desktop.engine.gin.hand import GinHand
from ginrummy_desktop.engine.gin.match import cut_for_deal, derived_rng

CLASSIC = GIN_PRESETS["classic"]
SALT = "00" * 16


def rigged_deck(first: str, dealer: str, upcard: str = "", stock: str = "") -> list[Card]:
    """A deck dealing ``first`` to the non-dealer and ``dealer`` to the dealer, then the upcard
    and the top of the stock; the rest of the stock follows in a fixed order."""
    first_cards, dealer_cards = parse_cards(first), parse_cards(dealer)
    assert len(first_cards) in (10, 11) and len(dealer_cards) == 10
    deck: list[Card] = []
    for a, b in zip(first_cards, dealer_cards, strict=False):
        deck += [a, b]
    deck += parse_cards(upcard) + first_cards[10:] + parse_cards(stock)
    deck += [card for card in FULL_DECK if card not in deck]
    assert len(set(deck)) == 52
    return deck


def new_hand(first: str, dealer: str, upcard: str = "", stock: str = "", rules=CLASSIC):
    return GinHand.deal(rules, rigged_deck(first, dealer, upcard, stock), SALT, (0, 1))


def play(hand_or_match, *moves: str) -> None:
    """Apply moves like ``"draw_stock"`` or ``"discard QS"`` for whoever is to move."""
    for move in moves:
        kind, _, card = move.partition(" ")
        action = Action(kind, Card.parse(card) if card else None)
        seat = (
            hand_or_match.to_move_seat if isinstance(hand_or_match, GinHand)
            else hand_or_match.to_move()
        )
        hand_or_match.apply(seat, action)


def kinds(hand: GinHand) -> set[str]:
    return {action.kind for action in hand.legal_actions()}


# Non-dealer melds 5-6-7 of hearts, three kings and 2-3-4 of clubs; QD is deadwood.
KNOCKER = "5H 6H 7H KC KD KS 2C 3C 4C QD"
# Dealer: 8H 9H chain onto the hearts run, KH completes the kings; the rest is deadwood.
DEFENDER = "8H 9H KH 2D 3S 5S 7S 9S JS QS"


# ----------------------------------------------------------------------------- the deal
def test_deal_is_ten_each_alternating_from_non_dealer_with_upcard_and_stock() -> None:
    deck = shuffled_deck(derived_rng(5, "x"))
    hand = GinHand.deal(CLASSIC, deck, SALT, (0, 1))
    assert hand.hands[0] == deck[0:20:2] and hand.hands[1] == deck[1:20:2]
    assert hand.discard_pile == [deck[20]]
    assert hand.stock_size == 31
    assert hand.to_move_seat == 0  # the non-dealer decides first


def test_first_dealer_is_the_player_cutting_the_lower_card() -> None:
    for seed in range(200):
        deck = shuffled_deck(derived_rng(seed, "cut"))
        if deck[0].rank != deck[1].rank:
            expected = 0 if deck[0].rank < deck[1].rank else 1
            assert cut_for_deal(seed, 2) == expected
            assert GinMatch(CLASSIC, seed).view(0).dealer == expected


# ----------------------------------------------------------------------------- first turn
def test_first_turn_non_dealer_then_dealer_may_take_upcard_or_pass() -> None:
    hand = new_hand(KNOCKER, DEFENDER, "AD")
    assert kinds(hand) == {"draw_discard", "pass"}
    play(hand, "pass")
    assert hand.to_move_seat == 1 and kinds(hand) == {"draw_discard", "pass"}
    play(hand, "draw_discard AD")
    assert hand.hands[1][-1] == Card.parse("AD") and hand.phase == "discard"
    play(hand, "discard QS")
    assert hand.to_move_seat == 0 and kinds(hand) == {"draw_stock", "draw_discard"}


def test_when_both_pass_the_non_dealer_must_draw_from_the_stock() -> None:
    hand = new_hand(KNOCKER, DEFENDER, "AD", stock="JH")
    play(hand, "pass", "pass")
    assert hand.to_move_seat == 0
    assert hand.legal_actions() == (Action("draw_stock"),)
    with pytest.raises(IllegalActionError, match="must draw from the stock"):
        play(hand, "draw_discard AD")
    play(hand, "draw_stock")
    assert Card.parse("JH") in hand.hands[0]


# ----------------------------------------------------------------------------- turns
def test_a_card_taken_from_the_pile_cannot_be_discarded_that_turn() -> None:
    hand = new_hand(KNOCKER, DEFENDER, "AD")
    play(hand, "draw_discard AD")
    before = hand.to_dict()
    with pytest.raises(IllegalActionError, match="just took it"):
        play(hand, "discard AD")
    assert hand.to_dict() == before and hand.hands[0][-1] == Card.parse("AD")


def test_a_card_taken_in_an_earlier_turn_may_be_discarded() -> None:
    hand = new_hand(KNOCKER, DEFENDER, "JD", stock="QC 4D")
    play(hand, "draw_discard JD", "discard QD", "draw_stock", "discard QC")
    play(hand, "draw_stock")
    assert Action("discard", Card.parse("JD")) in hand.legal_actions()


def test_must_draw_before_discarding_and_cannot_draw_twice() -> None:
    hand = new_hand(KNOCKER, DEFENDER, "AD")
    play(hand, "pass", "pass")
    with pytest.raises(IllegalActionError, match="draw a card first"):
        play(hand, "discard QD")
    play(hand, "draw_stock")
    with pytest.raises(IllegalActionError, match="already drawn"):
        play(hand, "draw_stock")


def test_illegal_actions_name_the_problem_and_change_nothing() -> None:
    hand = new_hand(KNOCKER, DEFENDER, "AD")
    before = hand.to_dict()
    with pytest.raises(IllegalActionError, match="seat 0's turn"):
        hand.apply(1, Action("pass"))
    play(hand, "draw_discard AD")
    with pytest.raises(IllegalActionError, match="do not hold"):
        play(hand, "discard AS")
    assert hand.to_dict()["actions"] == before["actions"] + [[0, "draw_discard", "AD"]]


# ----------------------------------------------------------------------------- knocking
def test_knock_needs_deadwood_within_the_limit() -> None:
    hand = new_hand(KNOCKER, DEFENDER, "9D")
    play(hand, "draw_discard 9D")  # QD out would leave 9 deadwood: a knock is possible
    assert Action("knock", Card.parse("QD")) in hand.legal_actions()
    hand = new_hand(KNOCKER, DEFENDER, "9D", rules=CLASSIC.replace(knock_limit=8))
    play(hand, "draw_discard 9D")
    with pytest.raises(IllegalActionError, match="cannot knock"):
        play(hand, "knock QD")


def test_knock_scores_difference_after_chained_layoffs() -> None:
    hand = new_hand(KNOCKER, DEFENDER, "AD")
    play(hand, "draw_discard AD", "knock QD")
    result = hand.result
    assert result.kind == "knock" and result.knocker == 0 and result.winner == 0
    knocker, defender = result.hands
    assert knocker.deadwood_points == 1
    laid = {str(card): knocker.melds[index] for card, index in defender.layoffs}
    assert set(laid) == {"8H", "9H", "KH"}
    assert Card.parse("5H") in laid["8H"] and laid["8H"] == laid["9H"]
    assert defender.deadwood_points == 2 + 3 + 5 + 7 + 9 + 10 + 10
    assert result.points == 46 - 1
    assert [(i.label, i.points) for i in result.items] == [("Deadwood difference", 45)]
    assert result.discard == Card.parse("QD") and knocker.layoffs == ()  # knocker never lays off


def test_undercut_when_defender_deadwood_is_equal_scores_bonus_for_defender() -> None:
    # Knocker keeps 5D (5 deadwood); the defender ends with 5S only (5 deadwood): a tie.
    hand = new_hand("5H 6H 7H KC KD KS 2C 3C 4C 5D", "AS AH AC 2D 3D 4D 6C 7C 8C 5S",
                    "9D", stock="8D")
    play(hand, "pass", "pass", "draw_stock", "knock 8D")
    result = hand.result
    assert result.kind == "undercut" and result.knocker == 0 and result.winner == 1
    assert [(i.label, i.points) for i in result.items] == [
        ("Deadwood difference", 0), ("Undercut bonus", 25)]
    assert result.points == 25


GIN_HAND = "5H 6H 7H 8H KC KD KS 2C 3C 4C"  # already gin with ten cards
GIN_DEFENDER = "JH QH AS 2D 3S 5S 7S 9S JS QS"  # no melds at all


def test_gin_scores_bonus_plus_deadwood_and_forbids_layoffs() -> None:
    hand = new_hand(GIN_HAND, GIN_DEFENDER, "AD", stock="QC")
    play(hand, "pass", "pass", "draw_stock")
    assert Action("knock", Card.parse("QC")) not in hand.legal_actions()  # 0 deadwood is gin
    play(hand, "gin QC")
    result = hand.result
    defender = result.hands[1]
    assert result.kind == "gin" and result.winner == 0 and defender.layoffs == ()
    assert defender.deadwood_points == sum(c.points for c in parse_cards(GIN_DEFENDER)) == 67
    assert result.points == 25 + 67
    assert [(i.label, i.points) for i in result.items] == [
        ("Gin bonus", 25), ("Opponent's deadwood", 67)]


def test_big_gin_melds_all_eleven_without_discarding() -> None:
    hand = new_hand(GIN_HAND, GIN_DEFENDER, "AD", stock="4H")
    play(hand, "pass", "pass", "draw_stock")
    assert Action("big_gin") in hand.legal_actions()
    play(hand, "big_gin")
    result = hand.result
    assert result.kind == "big_gin" and result.discard is None
    assert [(i.label, i.points) for i in result.items] == [
        ("Big gin bonus", 31), ("Opponent's deadwood", 67)]
    assert len(result.hands[0].cards) == 11 and result.hands[0].deadwood == ()


def test_big_gin_is_not_offered_when_the_rules_have_none() -> None:
    rules = GIN_PRESETS["tournament"]
    hand = new_hand(GIN_HAND, GIN_DEFENDER, "AD", stock="4H", rules=rules)
    play(hand, "pass", "pass", "draw_stock")
    assert "big_gin" not in kinds(hand) and "gin" in kinds(hand)


# ----------------------------------------------------------------------------- the wall
def _draw_and_shed_until_over(hand: GinHand) -> None:
    while not hand.over:
        if hand.phase in ("first_upcard", "dealer_upcard", "last_discard"):
            play(hand, "pass")
        elif hand.phase == "draw":
            play(hand, "draw_stock")
        else:
            drawn = hand.hands[hand.turn][-1]
            hand.apply(hand.to_move_seat, Action("discard", drawn))


def test_stock_down_to_two_cards_is_a_dead_hand() -> None:
    hand = new_hand(KNOCKER, DEFENDER, "AD")
    _draw_and_shed_until_over(hand)
    assert hand.result.kind == "draw" and hand.result.points == 0
    assert hand.stock_size == 2


def stock_ending_with(last: str, *held: str) -> str:
    """29 stock cards: 28 that nobody holds, then ``last`` (the draw that leaves two)."""
    used = " ".join(held + (last,)).split()
    junk = [str(c) for c in FULL_DECK if str(c) not in used]
    return " ".join(junk[:28] + [last])


def _shed_to_the_wall(hand: GinHand) -> None:
    play(hand, "pass", "pass")
    while hand.stock_size > 2:
        play(hand, "draw_stock")
        if hand.stock_size == 2:
            return
        hand.apply(hand.to_move_seat, Action("discard", hand.hands[hand.turn][-1]))


def test_a_player_may_still_knock_on_the_turn_that_leaves_two_cards() -> None:
    hand = new_hand(KNOCKER, DEFENDER, "JC", stock_ending_with("AD", KNOCKER, DEFENDER, "JC"))
    _shed_to_the_wall(hand)
    assert hand.to_move_seat == 0 and hand.hands[0][-1] == Card.parse("AD")
    assert "draw_stock" not in kinds(hand)
    play(hand, "knock QD")
    assert hand.result.kind == "knock"


def test_last_discard_option_allows_taking_it_only_to_knock() -> None:
    rules = CLASSIC.replace(last_discard_to_knock=True)
    stock = stock_ending_with("AD", KNOCKER, DEFENDER, "JC")
    hand = new_hand(DEFENDER, KNOCKER, "JC", stock, rules=rules)  # the dealer can use AD
    _shed_to_the_wall(hand)
    play(hand, "discard AD")  # the non-dealer's discard leaves the stock at two cards
    assert hand.phase == "last_discard" and hand.to_move_seat == 1
    assert kinds(hand) == {"draw_discard", "pass"}
    play(hand, "draw_discard AD")
    assert kinds(hand) <= {"knock", "gin"}  # a plain discard is not allowed
    with pytest.raises(IllegalActionError, match="only to knock"):
        play(hand, "discard 9S")
    play(hand, "knock QD")
    assert hand.result.kind == "knock" and hand.result.winner == 1


def test_last_discard_that_does_not_help_cannot_be_taken_and_the_hand_is_dead() -> None:
    rules = CLASSIC.replace(last_discard_to_knock=True)
    hand = new_hand(KNOCKER, DEFENDER, "JC", stock_ending_with("TC", KNOCKER, DEFENDER, "JC"),
                    rules=rules)
    _shed_to_the_wall(hand)
    play(hand, "discard TC")
    assert hand.phase == "last_discard" and hand.legal_actions() == (Action("pass"),)
    play(hand, "pass")
    assert hand.result.kind == "draw"


# ----------------------------------------------------------------------------- variants
def test_oklahoma_upcard_sets_the_knock_limit_and_spade_doubles() -> None:
    rules = GIN_PRESETS["oklahoma"]
    hand = new_hand(KNOCKER, DEFENDER, "4S", stock="AD", rules=rules)
    assert hand.knock_limit == 4 and hand.multiplier == 2
    play(hand, "pass", "pass", "draw_stock", "knock QD")
    result = hand.result
    assert result.items[-1].label == "Spade upcard doubles the hand"
    assert result.points == 2 * 45


def test_oklahoma_ace_upcard_means_gin_only_and_courts_count_ten() -> None:
    rules = GIN_PRESETS["oklahoma"]
    assert new_hand(KNOCKER, DEFENDER, "AC", rules=rules).knock_limit == 0
    assert new_hand(KNOCKER, DEFENDER, "QC", rules=rules).knock_limit == 10
    lenient = rules.replace(oklahoma_ace_gin_only=False)
    assert new_hand(KNOCKER, DEFENDER, "AC", rules=lenient).knock_limit == 1


def test_straight_gin_allows_only_gin() -> None:
    hand = new_hand(KNOCKER, DEFENDER, "AD", rules=GIN_PRESETS["straight"])
    play(hand, "draw_discard AD")
    assert "knock" not in kinds(hand)


def test_deal_eleven_non_dealer_starts_by_discarding_without_upcard() -> None:
    rules = CLASSIC.replace(deal_eleven=True)
    hand = new_hand(KNOCKER + " AD", DEFENDER, rules=rules)
    assert len(hand.hands[0]) == 11 and hand.discard_pile == [] and hand.upcard is None
    assert hand.phase == "discard" and hand.stock_size == 31
    play(hand, "discard QD")
    assert hand.to_move_seat == 1 and kinds(hand) == {"draw_stock", "draw_discard"}


def test_gra_rediscard_rule_and_its_restriction_on_the_original_discarder() -> None:
    hand = new_hand(KNOCKER, DEFENDER, "JD")
    play(hand, "draw_discard JD")
    assert Action("discard", Card.parse("JD")) not in hand.legal_actions()
    rules = CLASSIC.replace(rediscard_taken=True, knock_limit=5)
    hand = new_hand(KNOCKER, DEFENDER, "JD", stock="JH", rules=rules)
    play(hand, "pass", "pass", "draw_stock", "discard QD")
    play(hand, "draw_discard QD", "discard QD")  # the dealer takes QD and throws it back
    # The non-dealer discarded QD first: it may retake it only to knock, which it cannot.
    assert kinds(hand) == {"draw_stock"}
    with pytest.raises(IllegalActionError, match="only if you knock"):
        play(hand, "draw_discard QD")


# ----------------------------------------------------------------------------- presets
def test_presets_carry_their_documented_values() -> None:
    classic, traditional = GIN_PRESETS["classic"], GIN_PRESETS["traditional"]
    assert (classic.gin_bonus, classic.undercut_bonus, classic.big_gin_bonus, classic.box_bonus,
            classic.game_bonus, classic.shutout, classic.target) == (
        25, 25, 31, 20, 100, "double_game_bonus", 100)
    assert (traditional.gin_bonus, traditional.undercut_bonus) == (20, 10)
    tournament = GIN_PRESETS["tournament"]
    assert (tournament.knock_limit, tournament.big_gin_bonus, tournament.box_bonus,
            tournament.game_bonus) == (10, None, 0, 0)
    assert GIN_PRESETS["oklahoma"].target == 150 and GIN_PRESETS["straight"].knock_limit == 0
    assert GIN_PRESETS["partnership"].target == 125 and GIN_PRESETS["three-player"].players == 3
    assert GIN_PRESETS["hollywood"].hollywood


def test_rule_overrides_are_parsed_and_bad_ones_explained() -> None:
    rules = parse_rules("classic", {"knock_limit": "7", "big_gin_bonus": "none",
                                    "rediscard-taken": "yes"})
    assert (rules.knock_limit, rules.big_gin_bonus, rules.rediscard_taken) == (7, None, True)
    with pytest.raises(ValueError, match="unknown gin rules preset"):
        parse_rules("nonsense")
    with pytest.raises(ValueError, match="unknown gin rule 'knok_limit'"):
        parse_rules("classic", {"knok_limit": "3"})
    with pytest.raises(ValueError, match="true or false"):
        parse_rules("classic", {"oklahoma": "maybe"})
    with pytest.raises(ValueError, match="players must be 2, 3 or 4"):
        parse_rules("classic", {"players": "5"})


# ----------------------------------------------------------------------------- the spread
# 4H 5H 6H 5C 5D ties: the run leaves 5C 5D, the set leaves 4H 6H (10 deadwood either way).
TIED_KNOCKER = "4H 5H 6H 5C 5D 9S TS JS QS KS"
DEFENCE_REST = "2C 3D 8C JD QC KD AH 9D 7C"


@pytest.mark.parametrize(("defender_extra", "spread"), [("5S", "4H 5H 6H"), ("7H", "5C 5D 5H")])
def test_knocker_spread_among_ties_leaves_the_defender_no_lay_off(
    defender_extra: str, spread: str
) -> None:
    hand = new_hand(TIED_KNOCKER, defender_extra + " " + DEFENCE_REST, "QD", stock="AC")
    play(hand, "pass", "pass", "draw_stock", "knock AC")
    knocker, defender = hand.result.hands
    assert spread in {" ".join(map(str, meld)) for meld in knocker.melds}
    assert knocker.deadwood_points == 10 and defender.layoffs == ()
