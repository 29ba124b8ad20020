"""The cribbage engine's words in German, French and Spanish (issue 42): the spoken show in each
language's numbers, pegging words, muggins, illegal moves and sentences about a person; records
and snapshots keep English whatever the language."""

from __future__ import annotations

import random
import re

import pytest

from ginrummy_desktop.engine import translation
from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.cards import Card, parse_cards
from ginrummy_desktop.engine.cribbage import CribbageMatch, CribbageRules, score_show, words
from ginrummy_desktop.engine.cribbage.observation import event_words
from ginrummy_desktop.engine.cribbage.scoring import ENGLISH, ScoreItem, play_items
from ginrummy_desktop.engine.translation import tr, tr_ctx, tr_n

LANGUAGES = ("de", "fr", "es")
LEFT_OVER = re.compile(r"\{[A-Za-z_]+\}")

# A hand with every kind of show item: fifteens, a pair, two runs and his nobs (17).
HAND, STARTER = "5C 5D JH 4S", "6H"
SPOKEN = {
    "de": ("fünfzehn zwei, fünfzehn vier", "Nobs macht siebzehn"),
    "fr": ("quinze deux, quinze quatre", "le valet d'atout fait dix-sept"),
    "es": ("quince dos, quince cuatro", "la jota del palo son diecisiete"),
}


@pytest.fixture
def language():
    yield translation.set_language
    translation.set_language("en")


def _random_game(seed: int, rules: CribbageRules) -> CribbageMatch:
    """A whole game of random legal moves (with muggins: any count, any claim)."""
    chooser = random.Random(seed)
    match = CribbageMatch(seed=seed, rules=rules)
    while match.to_move() is not None:
        seat = match.to_move()
        match.apply(seat, chooser.choice(match.legal_actions(seat)))
    return match


def _all_events(match: CribbageMatch) -> list:
    from ginrummy_desktop.engine.cribbage.match import event_from_json

    return [event_from_json(e) for record in match.hand_records() for e in record["events"]]


@pytest.mark.parametrize("rules", [CribbageRules.short_game(), CribbageRules.short_game(
    muggins=True, stinkhole=True, player_cuts=True)])
def test_in_english_an_events_text_is_its_recorded_words(rules) -> None:
    for seed in range(4):
        for event in _all_events(_random_game(seed, rules)):
            assert event.text == event.words


def test_records_keep_english_words_in_every_language(language) -> None:
    rules = CribbageRules.short_game(muggins=True, stinkhole=True)
    def said(match: CribbageMatch) -> list:  # the words a record keeps (salts differ by run)
        return [(record["events"], record["shows"]) for record in match.hand_records()]

    english = said(_random_game(7, rules))
    assert any(e["kind"] == "muggins" for events, _ in english for e in events)
    for code in LANGUAGES:
        language(code)
        assert said(_random_game(7, rules)) == english


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_show_is_spoken_in_the_languages_numbers(language, code) -> None:
    language(code)
    score = score_show(parse_cards(HAND), Card.parse(STARTER))
    start, end = SPOKEN[code]
    assert score.spoken.startswith(start) and score.spoken.endswith(end), score.spoken
    assert score.spoken_after(2) == start
    assert tr_ctx("spoken number", "fifteen") in score.spoken
    assert "fifteen" not in score.spoken and "nobs" not in score.spoken
    nothing = score_show(parse_cards("AD KD 3C QD"), Card.parse("6S")).spoken
    assert nothing == tr("nothing (nineteen)") != "nothing (nineteen)"
    # English records of the same score stay English.
    from ginrummy_desktop.engine.cribbage.scoring import spoken
    assert spoken(score.items, ENGLISH).startswith("fifteen two, fifteen four")


@pytest.mark.parametrize("code", LANGUAGES)
def test_pegging_words_and_events(language, code) -> None:
    language(code)
    said = [item.words for item in play_items(parse_cards("5S 5D 5H"))]  # 15 and a pair royal
    assert said == [tr("Fifteen for {points}").format(points=2),
                    tr("Pair royal for {points}").format(points=6)]
    assert said[1] != "Pair royal for 6"
    heels = ScoreItem("heels", (Card.parse("JS"),), 2)
    void = event_words("heels", 0, (heels,))
    assert void == tr("{words} (void: no pegging out from the stinkhole this way)").format(
        words=tr("His heels for {points}").format(points=2))
    missed = event_words("muggins", 3, (ScoreItem("muggins", (), 3),))
    assert missed == tr_n("Muggins! {count} missed point taken",
                          "Muggins! {count} missed points taken", 3).format(count=3)
    assert "Muggins" in missed and "missed" not in missed
    for text in (void, missed, event_words("hand", 0, (), counted=True)):
        assert not LEFT_OVER.search(text), text


@pytest.mark.parametrize("code", LANGUAGES)
def test_an_illegal_move_is_explained_in_the_language(language, code) -> None:
    language(code)
    match = CribbageMatch(seed=1)
    seat = match.to_move()
    with pytest.raises(IllegalActionError) as refused:
        match.apply(seat, Action("go"))
    assert str(refused.value) == tr("Lay two cards away to the crib first.")
    assert str(refused.value) != "Lay two cards away to the crib first."
    with pytest.raises(IllegalActionError) as wrong_turn:
        match.apply(1 - seat, Action("go"))
    assert str(wrong_turn.value) == tr("It is not your turn: player {number} is to move.").format(
        number=seat + 1)


@pytest.mark.parametrize("code", LANGUAGES)
def test_sentences_about_a_person(language, code) -> None:
    language(code)
    texts = [
        words.muggins_text("You", "Ann", 2), words.muggins_text("Ann", "You", 1),
        words.muggins_text("Ann", "Bo", 3), words.game_over_text("You", "skunk", (121, 80), 121),
        words.game_over_text("Ann", "double skunk", (50, 121), 121), words.winner_title("Ann"),
        words.deal_text(3, "You"), words.starter_text("Ann", "You", Card.parse("5H")),
        words.show_title("Ann", "crib", None), words.show_text("You", "hand", "x", 0),
        words.count_verdict(8, 10, True), words.crib_owner("Ann", start=False),
        words.move_text("Ann", Action("play", card=Card.parse("5C"))),
        words.cut_prompt(True), words.pack_tooltip("abc"), words.low_card_deals("You"),
        CribbageRules().describe(), CribbageRules().outcome_note("skunk", "Ann"),
        CribbageRules.short_game().describe(),
    ]
    for text in texts:
        assert not LEFT_OVER.search(text), text
    assert texts[0] == tr_n("Muggins! You take the {count} point {name} missed",
                            "Muggins! You take the {count} points {name} missed", 2).format(
        count=2, name="Ann")
    assert "Ann" in texts[0] and "You" not in texts[0]
    assert texts[5] == tr("{name} wins!").format(name="Ann") != "Ann wins!"
    assert texts[15].endswith(tr("You")) and tr("You") != "You"
    from ginrummy_desktop.engine.cribbage.rules import option_label
    assert option_label("muggins").startswith("Muggins (") and "you count" not in option_label(
        "muggins")
