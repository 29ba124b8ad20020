"""The cribbage benchmarks' expert settings: one frozen record, applied in each worker."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import cribbage_knobs  # noqa: E402

from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS, expert, opponent_reading  # noqa: E402


@pytest.fixture
def restore_shipped():
    shipped = cribbage_knobs.ExpertKnobs.shipped()
    yield shipped
    shipped.apply()


def _parse(argv: list[str]) -> cribbage_knobs.ExpertKnobs:
    parser = argparse.ArgumentParser()
    cribbage_knobs.add_arguments(parser)
    return cribbage_knobs.from_args(parser, parser.parse_args(argv))


def test_no_options_means_the_shipped_expert() -> None:
    assert _parse([]) == cribbage_knobs.ExpertKnobs.shipped()


def test_applied_knobs_reach_the_modules_and_a_new_expert(restore_shipped) -> None:
    knobs = _parse(["--candidates", "768", "--safe-policy-at", "0.75", "--no-opponent-reading",
                    "--leaf-win-chance", "--reply-sharpness", "0.25"])
    knobs.apply()
    bot = BUILTIN_BOTS["expert"](seed=1)
    assert bot.candidate_worlds == 768 and bot.opponent_reading is False
    assert opponent_reading.SAFE_POLICY_AT == 0.75
    assert expert.LEAF_WIN_CHANCE is True and expert.OPPONENT_SHARPNESS == 0.25
    assert cribbage_knobs.ExpertKnobs.shipped() == knobs
    restore_shipped.apply()
    assert BUILTIN_BOTS["expert"](seed=1).candidate_worlds == restore_shipped.candidates


def test_every_field_has_a_home_and_the_record_is_frozen() -> None:
    homes = {name for name, _, _ in cribbage_knobs._HOMES}
    assert homes == {field.name for field in dataclasses.fields(cribbage_knobs.ExpertKnobs)}
    with pytest.raises(dataclasses.FrozenInstanceError):
        cribbage_knobs.ExpertKnobs.shipped().worlds = 3  # type: ignore[misc]


@pytest.mark.parametrize("argv", [["--safe-share", "0.7", "--greedy-share", "0.5"],
                                  ["--positional-need", "-1"], ["--rule-policy-at", "1.2"]])
def test_bad_knobs_are_refused_with_a_message(argv: list[str], capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        _parse(argv)
    assert stopped.value.code == 2
    assert argv[-2] in capsys.readouterr().err
