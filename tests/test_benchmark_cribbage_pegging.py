"""The pegging benchmark: deal-by-deal leads saved, and two settings compared pair by pair."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import cribbage_pegging  # noqa: E402


def test_the_paired_difference_is_the_mean_of_deal_by_deal_differences() -> None:
    difference, spread = cribbage_pegging.paired_difference([1.0, 2.0, 4.0], [0.0, 1.0, 2.0])
    assert difference == pytest.approx(4 / 3)
    assert spread > 0
    with pytest.raises(ValueError, match="same deals"):
        cribbage_pegging.paired_difference([1.0, 2.0], [1.0])


def test_a_run_saves_its_leads_and_compares_with_another(tmp_path: Path, capsys) -> None:
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    assert cribbage_pegging.main(["--deals", "2", "--hero", "greedy", "--leads", str(first)]) == 0
    leads = json.loads(first.read_text())
    assert len(leads) == 2
    argv = ["--deals", "2", "--hero", "greedy", "--leads", str(second), "--against", str(first)]
    assert cribbage_pegging.main(argv) == 0
    # The same setting on the same deals plays the same cards: no difference at all.
    assert "Paired with first.json: +0.000 ± 0.000 per hand" in capsys.readouterr().out


@pytest.mark.parametrize(
    "extra, message",
    [
        (["--against", "x.json"], "give both"),
        (["--leads", "y.json", "--against", "missing.json"], "cannot read --against"),
    ],
)
def test_bad_comparisons_get_a_message_not_a_run(extra, message, tmp_path, capsys) -> None:
    argv = ["--deals", "2", *[str(tmp_path / a) if a.endswith(".json") else a for a in extra]]
    with pytest.raises(SystemExit) as stopped:
        cribbage_pegging.main(argv)
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err


def test_the_discard_duel_pairs_a_playing_out_expert_with_the_shipped_one(
        tmp_path: Path, capsys) -> None:
    import cribbage_discards

    shipped, playing_out = tmp_path / "shipped.json", tmp_path / "playouts.json"
    common = ["--deals", "2", "--first-seed", "5", "--pegging", "own", "--opponent", "greedy"]
    assert cribbage_discards.main([*common, "--leads", str(shipped)]) == 0
    assert cribbage_discards.main([*common, "--discard-playouts", "4", "--leads",
                                   str(playing_out), "--against", str(shipped)]) == 0
    out = capsys.readouterr().out
    assert "(pegging each its own)" in out and "Paired with shipped.json:" in out
    assert len(json.loads(playing_out.read_text())) == 2
    with pytest.raises(SystemExit):
        cribbage_discards.main([*common, "--discard-playouts", "-1"])


def test_a_warm_up_teaches_the_expert_the_opponent_before_the_measured_hand() -> None:
    from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS
    from ginrummy_desktop.engine.cribbage.bots.opponent_model import KINDS

    expert, greedy = BUILTIN_BOTS["expert"](seed=1), BUILTIN_BOTS["greedy"](seed=2)
    prior = expert.reading.shares(("no hand yet",))
    cribbage_pegging.warm_up([expert, greedy], seed=11, hands=4)
    warm = expert.reading.shares(("the measured hand",))
    assert expert.reading.hands_read >= 3
    # It has seen a greedy-rule pegger and believes in that kind more than it did.
    assert warm[KINDS.index("rule")] > prior[KINDS.index("rule")]


@pytest.mark.parametrize("extra", [["--warm-hands", "-1"], ["--safe-policy-at", "1.5"],
                                   ["--reply-sharpness", "2"], ["--candidates", "0"]])
def test_bad_settings_get_a_message_naming_the_option(extra, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        cribbage_pegging.main(["--deals", "2", *extra])
    assert stopped.value.code == 2
    assert extra[0] in capsys.readouterr().err
