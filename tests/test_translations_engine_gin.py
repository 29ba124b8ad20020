"""Gin's engine words in German, French and Spanish: hints, illegal moves, hand endings, the
score sheet, replays and the rules read from the catalogues, every placeholder filled."""

from __future__ import annotations

import re

import pytest

from ginrummy_desktop.engine import translation
from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.gin.bots import BASELINES, BUILTIN_BOTS, PERSONAS
from ginrummy_desktop.engine.gin.bots.hint import hint
from ginrummy_desktop.engine.gin.hand import GinHand
from ginrummy_desktop.engine.gin.match import GinMatch
from ginrummy_desktop.engine.gin.replay import gin_replay_frames
from ginrummy_desktop.engine.gin.results import (
    arcade_score_text,
    describe_hand,
    match_over_text,
    score_label_text,
    sits_out_text,
)
from ginrummy_desktop.engine.gin.rules import (
    GIN_PRESETS,
    format_text,
    option_label,
    preset_description,
    preset_title,
)
from ginrummy_desktop.engine.gin.score_sheet import build_score_sheet, row_words
from ginrummy_desktop.engine.translation import tr
from tests.test_gin_rules import DEFENDER, KNOCKER, play, rigged_deck
from tests.test_gui_tables_hints import position
from tests.translation_support import filled

# A word each language's sentence must have, to show the catalogue (not English) was read.
KNOCKED = {"de": "geklopft", "fr": "frappé", "es": "cerrado"}


def knocked_hand() -> GinHand:
    hand = GinHand.deal(GIN_PRESETS["classic"], rigged_deck(KNOCKER, DEFENDER, "AS", "4S"),
                        "salt", (0, 1))
    play(hand, "pass", "pass", "draw_stock", "knock QD")
    return hand


def test_hints_are_whole_sentences_in_the_language(language):
    seen = 0
    for seed in range(6):
        observation = position(seed, 4)
        if observation is None or not observation.legal_actions:
            continue
        action, reason = hint(observation, samples=4)
        filled(reason)
        if action.kind == "discard":
            assert not reason.startswith("Discard"), reason
            first = tr("Discard {card}: it leaves {deadwood} deadwood, the least you can leave")
            assert reason.split(" ")[0] == first.split(" ")[0], reason
        seen += 1
    assert seen


def test_an_illegal_move_is_explained_in_the_language(language):
    hand = knocked_hand()
    fresh = GinHand.deal(GIN_PRESETS["classic"], rigged_deck(KNOCKER, DEFENDER, "AS", "4S"),
                         "salt", (0, 1))
    with pytest.raises(IllegalActionError) as first_turn:
        fresh.apply(fresh.to_move_seat, Action("draw_stock"))
    assert str(first_turn.value) == tr("on the first turn you may only take the upcard or pass")
    assert str(first_turn.value) != "on the first turn you may only take the upcard or pass"
    with pytest.raises(IllegalActionError) as over:
        hand.apply(0, Action("draw_stock"))
    assert str(over.value) == tr("this hand is over") != "this hand is over"


def test_a_hand_ending_names_people_in_the_language(language):
    result = knocked_hand().result
    assert result is not None
    mine = filled(describe_hand(result, {0: "You", 1: "Ada the Expert"}))
    theirs = filled(describe_hand(result, {0: "Ann", 1: "You"}))
    assert KNOCKED[language] in mine and KNOCKED[language] in theirs
    assert theirs.startswith("Ann ") and not mine.startswith("You ")
    for item in result.items:
        assert score_label_text(item.label) == tr(item.label) != item.label
    assert filled(score_label_text("Game 2: Boxes (3 x 20)")) != "Game 2: Boxes (3 x 20)"
    assert filled(sits_out_text("Ann", ["You", "Bo"])).startswith("Ann ")
    assert filled(match_over_text("You")) == tr("You win the match!")
    assert "\u00d7" in filled(arcade_score_text(412, 23, "Ada the Expert"))


def first_record(seed: int) -> dict:
    """The record of the first hand of a classic match Greedy plays against itself."""
    match = GinMatch(GIN_PRESETS["classic"], seed=seed)
    bots = {seat: BUILTIN_BOTS["greedy"](seed=seed + seat) for seat in (0, 1)}
    while not match.hand_records():
        seat = match.to_move()
        match.apply(seat, bots[seat].choose(match.observation(seat)))
    return match.hand_records()[0]


@pytest.mark.parametrize("seed", range(3))
def test_the_score_sheet_and_replay_speak_the_language(language, seed):
    record = first_record(seed)
    names = {0: "You", 1: "Ada the Expert"}
    sheet = build_score_sheet(GIN_PRESETS["classic"], [record])
    words = filled(row_words(sheet, sheet.rows[0], names))
    assert not re.search(r"\b(knocked|went gin|scores?|Dead hand)\b", words), words
    frames = gin_replay_frames(record, names)
    dealer = "You" if record["dealer"] == 0 else "Ada the Expert"
    assert frames[0].description in (tr("You deal"),
                                      tr("{name} deals").format(name=dealer))
    assert frames[0].description not in ("You deal", f"{dealer} deals")
    for frame in frames:
        filled(frame.description)
        for line in frame.scoring:
            filled(line)
    for shown in frames[-1].shown:
        assert shown is not None and not filled(shown.summary).startswith("Deadwood")


def test_rules_presets_and_personas_read_in_the_language(language):
    for name in GIN_PRESETS:
        filled(preset_description(name))
        filled(preset_title(name))
    assert preset_title("classic") != "Classic"
    assert option_label("knock_limit") != "Knock limit (0 = gin only)"
    assert filled(format_text(GIN_PRESETS["three-player"])) != ""
    assert GIN_PRESETS["classic"].describe() != "gin 25, big gin 31, undercut 25, box 20, " \
        "game 100; knock at 10 or less; to 100"
    expert = PERSONAS["expert"]
    assert expert.name == "Ada the Expert"  # names stay in every language
    assert expert.style_text == tr(expert.style) != expert.style
    assert BASELINES["greedy"].strength_text != "Elo about 1480"


def test_english_is_unchanged():
    translation.set_language("en")
    assert preset_title("three-player") == "Three-Player"
    assert match_over_text("Ann") == "Ann wins the match!"
    assert score_label_text("Team 0+2: Game bonus") == "Team 0+2: Game bonus"
    assert tr("you do not hold {card}") == "you do not hold {card}"


def test_a_team_with_the_person_in_it_wins_in_the_you_form(english_after):
    from ginrummy_desktop.engine.gin.results import match_over_text

    assert match_over_text("You and Bo", team=True, members=["You", "Bo"]) == \
        "You and Bo win the match!"
    translation.set_language("fr")
    assert match_over_text("Vous et Bo", team=True, members=["You", "Bo"]) == \
        "Bo et vous gagnez le match\u00a0!"
    assert match_over_text("Ada et Cy", team=True, members=["Ada", "Cy"]) == \
        "Ada et Cy gagnent le match\u00a0!"
