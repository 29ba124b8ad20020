"""The engine's own words in German, French and Spanish (issue 42): card names, action words,
refusals of malformed actions, damaged records, bad bots' forfeits and the hand review's
labels, reasons and grades come out of the catalogues, every placeholder filled."""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from ginrummy_desktop.engine import translation
from ginrummy_desktop.engine.actions import Action, IllegalActionError, action_key
from ginrummy_desktop.engine.cards import Card, card_name
from ginrummy_desktop.engine.cribbage import CribbageMatch, CribbageRules
from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS as CRIBBAGE_BOTS
from ginrummy_desktop.engine.cribbage.review import cribbage_hand_review
from ginrummy_desktop.engine.gin import GIN_PRESETS, GinMatch
from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS as GIN_BOTS
from ginrummy_desktop.engine.gin.review import gin_hand_review
from ginrummy_desktop.engine.records_check import NO_RECORDS, check_records
from ginrummy_desktop.engine.registry import get_game
from ginrummy_desktop.engine.replay import seat_names
from ginrummy_desktop.engine.review.grades import BLUNDER, FINE, MISTAKE, grade_count, grade_name
from ginrummy_desktop.engine.runner import make_agent, play_match, prepare_run
from ginrummy_desktop.engine.translation import tr, tr_ctx, tr_n
from ginrummy_desktop.engine.wire import WireError, loads_line
from ginrummy_desktop.engine.wording import action_text

LANGUAGES = ("de", "fr", "es")
_UNFILLED = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(:[^{}]*)?\}")


def filled(text: str) -> str:
    assert not _UNFILLED.search(text), text
    return text


def shaped(pattern: str, text: str) -> bool:
    """True when ``text`` is ``pattern`` with its placeholders filled."""
    parts = [re.escape(part) for part in _UNFILLED.split(pattern)[::2]]
    return re.fullmatch(".+".join(parts), text) is not None


@cache
def gin_record() -> dict[str, Any]:
    match = GinMatch(GIN_PRESETS["tournament"], seed=7)
    bots = [GIN_BOTS[name](seed=7 + i) for i, name in enumerate(("expert", "simple"))]
    while not match.hand_records():
        seat = match.to_move()
        assert seat is not None
        match.apply(seat, bots[seat].choose(match.observation(seat)))
    return match.hand_records()[0]


@cache
def cribbage_record() -> dict[str, Any]:
    match = CribbageMatch(seed=7, rules=CribbageRules(muggins=True))
    bots = [CRIBBAGE_BOTS[name](seed=7 + i) for i, name in enumerate(("expert", "careful"))]
    while not match.hand_records():
        seat = match.to_move()
        assert seat is not None
        match.apply(seat, bots[seat].choose(match.observation(seat)))
    return match.hand_records()[0]


def test_card_names_are_whole_names_in_each_language(english_after: None) -> None:
    queen, ten = Card.parse("QH"), Card.parse("TS")
    assert (queen.name, ten.name) == ("queen of hearts", "ten of spades")
    expected = {"de": ("Herz-Dame", "Pik-Zehn"), "fr": ("dame de cœur", "dix de pique"),
                "es": ("reina de corazones", "diez de picas")}
    for language in LANGUAGES:
        translation.set_language(language)
        assert (card_name(queen), ten.name) == expected[language]
        assert str(queen) == "QH"  # the code for records never changes


@pytest.mark.parametrize("language", LANGUAGES)
def test_actions_and_refusals_read_in_the_language(language: str, english_after: None) -> None:
    translation.set_language(language)
    discard = action_text(Action("discard", Card.parse("TH")))
    assert discard == tr_ctx("action", "discard {card}").format(card="10♥") != "discard 10♥"
    assert "10♥" in discard
    assert filled(action_text(Action("count", points=8))) == \
        tr_ctx("action", "count {points}").format(points=8)
    for action in (Action("draw_stock"), Action("go"), Action("cut", points=12),
                   Action("discard", cards=(Card.parse("5H"), Card.parse("JC"))),
                   Action("play", points=3)):
        filled(action_text(action))
    with pytest.raises(IllegalActionError) as refused:
        action_key(Action("fly"))
    assert str(refused.value) == tr("unknown action kind {kind}").format(kind="'fly'")
    assert str(refused.value) != "unknown action kind 'fly'"


@pytest.mark.parametrize("language", LANGUAGES)
def test_damaged_records_and_bad_lines_are_told_in_the_language(
        language: str, english_after: None) -> None:
    translation.set_language(language)
    report = check_records([b"\xff\xfe", b"[1, 2]", b'{"game": "chess"}'])
    assert report.problems[0] == filled(tr("line {line}: {problem}").format(
        line=1, problem=tr("not UTF-8 (byte {position})").format(position=0)))
    assert report.problems[1] == tr("line {line}: {problem}").format(
        line=2, problem=tr("not a JSON object"))
    assert tr("unknown game {game} (known: cribbage, gin)").format(game="'chess'") in \
        report.problems[2]
    assert check_records([]).problems == [tr(NO_RECORDS)] != [NO_RECORDS]
    with pytest.raises(WireError) as bad:
        loads_line('{"a": NaN}')
    assert str(bad.value) == filled(tr("{name} is not a JSON number").format(name="NaN"))
    assert seat_names((0, 1), {0: "You"}) == {
        0: "You", 1: tr("Seat {number}").format(number=1)}
    assert seat_names((0, 1), {})[1] != "Seat 1"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bad_bots_forfeit_is_told_in_the_language(language: str, english_after: None) -> None:
    translation.set_language(language)
    spec = get_game("gin")
    rules = spec.parse_rules(next(iter(spec.presets)), {})

    class NoChoose:
        def __init__(self, seed: int | None = None) -> None:
            self.seed = seed

    broken = make_agent(NoChoose, 1)
    fine = make_agent(GIN_BOTS["simple"], 2)
    outcome = play_match(spec, rules, [broken, fine], seed=3)
    assert outcome.forfeit is not None
    assert outcome.forfeit[1] == tr("has no choose(observation) method")
    assert outcome.forfeit[1] != "has no choose(observation) method"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_review_speaks_the_language(language: str, english_after: None) -> None:
    english_gin = gin_hand_review(gin_record(), 0, worlds=4)
    english_cribbage = cribbage_hand_review(cribbage_record(), 0)
    translation.set_language(language)
    gin = gin_hand_review(gin_record(), 0, worlds=4)
    cribbage = cribbage_hand_review(cribbage_record(), 0)
    for english, translated in ((english_gin, gin), (english_cribbage, cribbage)):
        assert translated.decisions
        for before, after in zip(english.decisions, translated.decisions, strict=True):
            assert after.grade == before.grade  # the key stays English
            assert filled(after.reason) != before.reason
            for option in after.options:
                filled(option.label)
        assert [d.best.label for d in translated.decisions] != \
            [d.best.label for d in english.decisions]
        for costly in translated.summary.costliest:
            filled(costly.text)
    labels = [option.label for decision in cribbage.decisions for option in decision.options]
    assert any(shaped(tr("Keep {kept}, lay away {tossed}"), label) for label in labels)
    labels = [option.label for decision in gin.decisions for option in decision.options]
    assert any(shaped(tr("Discard {card}"), label) for label in labels)
    assert grade_name(MISTAKE, title=True) == tr_ctx("review grade", "Mistake") != "Mistake"
    assert grade_count(BLUNDER, 2) == tr_n("{count} blunder", "{count} blunders", 2).format(
        count=2)
    assert filled(grade_count(FINE, 1)).startswith("1 ")


@pytest.mark.skipif(os.name != "posix", reason="bots in their own process need Linux or macOS")
def test_a_process_bots_host_speaks_the_runners_language(english_after: None,
                                                         tmp_path: Path) -> None:
    translation.set_language("de")
    with pytest.raises(ValueError) as missing:
        prepare_run("gin", ["no_such_module_for_words:Bot", "simple"], 1, seed=1,
                    bot_log_dir=tmp_path)
    assert str(missing.value) == tr("cannot import bot {bot}: no module named {module}").format(
        bot="'no_such_module_for_words:Bot'", module="'no_such_module_for_words'")
    assert str(missing.value).startswith("Bot ")
