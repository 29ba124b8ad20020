"""The words a person reads: cards written as people write them (J♣, 10♥) and sentences that
read right for "You", a profile name ("Ann") and a bot's name ("Ada the Expert")."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.cards import FULL_DECK, Card, card_text, parse_cards
from ginrummy_desktop.engine.cribbage import CribbageMatch
from ginrummy_desktop.engine.cribbage import words as crib_words
from ginrummy_desktop.engine.cribbage.advisor import discard_table
from ginrummy_desktop.engine.gin import GIN_PRESETS
from ginrummy_desktop.engine.gin.hand import GinHand
from ginrummy_desktop.engine.gin.results import (
    HandResult,
    RevealedHand,
    ScoreItem,
    describe_hand,
    ending_text,
    match_over_text,
)
from ginrummy_desktop.engine.wording import action_text, names_together, person, shown_name
from tests.test_gin_rules import DEFENDER, KNOCKER, play, rigged_deck

#: A card code as records and the command line write it ("JC", "TH", "10H").
CARD_CODE = re.compile(r"\b(10|[2-9TJQKA])[CDHS]\b")
BOT = "Ada the Expert"


def result(kind: str, knocker: int | None, winner: int | None, points: int,
           deadwood: tuple[int, int] = (6, 15)) -> HandResult:
    hands = tuple(RevealedHand(seat, (), (), (), points) for seat, points in enumerate(deadwood))
    return HandResult(kind=kind, knocker=knocker, winner=winner, points=points,
                      items=(ScoreItem("Deadwood difference", points),), hands=hands)


# ----------------------------------------------------------------------------- gin sentences
@pytest.mark.parametrize(("person", "knocked", "score", "undercut", "won"), [
    ("You", "You knocked with 6: you score 9",
     "Ada the Expert knocked with 8 and was undercut: you score 27",
     "You knocked with 6 and were undercut: Ada the Expert scores 27", "You win the match!"),
    ("Ann", "Ann knocked with 6: Ann scores 9",
     "Ada the Expert knocked with 8 and was undercut: Ann scores 27",
     "Ann knocked with 6 and was undercut: Ada the Expert scores 27", "Ann wins the match!"),
])
def test_gin_hand_sentences_agree_with_the_names(person, knocked, score, undercut, won):
    names = {0: person, 1: BOT}
    assert describe_hand(result("knock", 0, 0, 9), names) == knocked
    assert describe_hand(result("undercut", 1, 0, 27, (6, 8)), names) == score
    assert describe_hand(result("undercut", 0, 1, 27, (6, 8)), names) == undercut
    assert match_over_text(person) == won
    assert match_over_text(BOT) == "Ada the Expert wins the match!"


def test_gin_and_dead_hand_and_history_phrases():
    names = {0: "You", 1: BOT}
    assert describe_hand(result("gin", 1, 1, 31), names) == \
        "Ada the Expert went gin: Ada the Expert scores 31"
    assert describe_hand(result("big_gin", 0, 0, 50), names) == "You went big gin: you score 50"
    assert describe_hand(result("draw", None, None, 0), names).startswith("Dead hand")
    # History tells an undercut from the defender, who scores.
    assert ending_text("undercut", BOT, "You") == "You undercut Ada the Expert"
    assert ending_text("undercut", "You", BOT) == "Ada the Expert undercut you"
    assert ending_text("undercut", "Ann", BOT) == "Ada the Expert undercut Ann"
    assert ending_text("knock", "You") == "You knocked"
    assert ending_text("gin", "Ann") == "Ann went gin"


def test_a_sentence_about_a_person_is_chosen_whole_for_you_or_anyone_else():
    for you in ("You", "you", " YOU "):
        assert person(you, "You score {points}", "{name} scores {points}", points=9) == \
            "You score 9"
    assert person(BOT, "You score {points}", "{name} scores {points}", points=9) == \
        "Ada the Expert scores 9"
    assert names_together(["Bo", "You"]) == "You and Bo"
    assert names_together(["Ann", "Bo", "You"]) == "You, Ann and Bo"
    assert shown_name("You") == "You" and shown_name(BOT) == BOT


@given(st.text(min_size=1, max_size=30).filter(lambda n: n.strip().casefold() != "you"))
def test_any_other_name_keeps_its_spelling_and_third_person(name):
    assert person(name, "You win", "{name} wins") == f"{name} wins"
    assert describe_hand(result("knock", 1, 1, 9), {0: "You", 1: name}).endswith(
        f"{name} scores 9")


# ----------------------------------------------------------------------------- cribbage sentences
@pytest.mark.parametrize(("name", "deal", "crib", "go", "win", "title"), [
    ("You", "Hand 2: You deal", "Your crib", "You say go.", "You win with a skunk, 121 to 80.",
     "Your hand: 8"),
    ("Ann", "Hand 2: Ann deals", "Ann's crib", "Ann says go.", "Ann wins with a skunk, 121 to 80.",
     "Ann's hand: 8"),
    (BOT, "Hand 2: Ada the Expert deals", "Ada the Expert's crib", "Ada the Expert says go.",
     "Ada the Expert wins with a skunk, 121 to 80.", "Ada the Expert's hand: 8"),
])
def test_cribbage_sentences_agree_with_the_names(name, deal, crib, go, win, title):
    assert crib_words.deal_text(2, name) == deal
    assert crib_words.crib_owner(name) == crib
    assert crib_words.says_go(name) == go
    assert crib_words.game_over_text(name, "skunk", (125, 80), 121) == win
    assert crib_words.show_title(name, "hand", 8) == title
    assert crib_words.show_title(name, "crib", None).endswith("crib: your count?")
    assert crib_words.show_text(name, "crib", "fifteen two", 2) == \
        title.replace("hand: 8", "crib: fifteen two.")
    assert crib_words.show_text(name, "hand", "nothing", 0).endswith("hand: nothing — no points.")


def test_muggins_names_who_takes_and_who_missed():
    assert crib_words.muggins_text("You", BOT, 2) == \
        "Muggins! You take the 2 points Ada the Expert missed"
    assert crib_words.muggins_text("Ann", "You", 1) == "Muggins! Ann takes the 1 point you missed"
    assert crib_words.winner_title("You") == "You win!"
    assert crib_words.winner_title(BOT) == "Ada the Expert wins!"


# ----------------------------------------------------------------------------- cards in words
@given(st.sampled_from(FULL_DECK))
def test_card_text_is_never_a_card_code(card: Card):
    text = card_text(card)
    assert not CARD_CODE.search(text) and Card.parse(text) == card


def test_gin_refusals_write_cards_as_people_do():
    hand = GinHand.deal(GIN_PRESETS["classic"], rigged_deck(KNOCKER, DEFENDER, "JC"), "s", (0, 1))
    play(hand, "draw_discard JC")
    with pytest.raises(IllegalActionError) as refused:
        hand.apply(0, Action("discard", Card.parse("JC")))
    assert str(refused.value) == \
        "you cannot discard J♣: you just took it from the discard pile"
    with pytest.raises(IllegalActionError) as refused:
        hand.apply(0, Action("discard", Card.parse("TD")))
    assert str(refused.value) == "you do not hold 10♦"


def test_cribbage_refusals_write_cards_as_people_do():
    match = CribbageMatch(seed=2, first_dealer=0)
    other = match.observation(0).hand
    hand = match.observation(1).hand
    with pytest.raises(IllegalActionError) as refused:
        match.apply(1, Action("discard", cards=(hand[0], other[0])))
    assert str(refused.value) == f"You do not hold {card_text(other[0])}."
    assert not CARD_CODE.search(str(refused.value))


def test_advisor_and_actions_read_as_people_write_cards():
    best = discard_table(parse_cards("AS 2D 3C 4H 5S 6D"), is_dealer=False)[0]
    assert best.describe().startswith("keep 3♣ 4♥ 5♠ 6♦ toss A♠ 2♦:")
    assert action_text(Action("discard", Card.parse("TH"))) == "discard 10♥"
    assert action_text(Action("draw_stock")) == "draw stock"
    assert str(Action("discard", Card.parse("TH"))) == "discard TH"  # the code stays for logs


def test_the_arcade_score_says_what_it_counts():
    # Issue 39: "Arcade score: 77,800" alone meant nothing; the engine words say how it is made.
    # Looked up, not imported: an engine without these words (before issue 39) fails at the
    # assertions below, showing the bare "Arcade score: 77,800" its table wrote, not at an import.
    from ginrummy_desktop.engine.gin import results

    def bare_number(mine: int, theirs: int, _rival: str) -> str:
        return f"Arcade score: {results.arcade_score(mine, theirs):,}"  # the old table's line

    arcade_score_text = getattr(results, "arcade_score_text", bare_number)
    meaning = getattr(results, "ARCADE_SCORE_MEANING", "")

    assert arcade_score_text(412, 23, "Ada the Expert") == \
        "Arcade score: 77,800\n(your 412 points \u2212 Ada the Expert's 23)\u00a0\u00d7\u00a0200"
    assert arcade_score_text(130, 100, "Bo and Cy").endswith(
        "\n(your 130 points \u2212 Bo and Cy's 100)\u00a0\u00d7\u00a0200")
    assert "minus" in meaning and "200" in meaning
