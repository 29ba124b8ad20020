"""benchmarks/gin_knock_regret.py: its regret arithmetic and its refusal of bad arguments."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import gin_knock_regret  # noqa: E402


def test_regret_is_what_the_oracle_loses_by_the_choice_made() -> None:
    # Columns: (knock, play, knocked) as the setting saw them, then as the oracle did.
    rows = [
        [(0.6, 0.5, True), (0.3, 0.7, False)],  # knocked; the oracle plays on: 0.4 lost
        [(0.4, 0.5, False), (0.3, 0.7, False)],  # both play on: nothing lost
        [(0.4, 0.5, False), (0.9, 0.7, True)],  # played on; the oracle knocks: 0.2 lost
    ]
    assert gin_knock_regret.regrets(rows, 0, 1) == pytest.approx([0.4, 0.0, 0.2])
    assert gin_knock_regret.regrets(rows, 1, 1) == [0.0, 0.0, 0.0]


def test_least_squares_recovers_the_weights_of_exact_data() -> None:
    xs = [[1.0, a, b] for a in range(4) for b in range(3)]
    ys = [0.5 - 2.0 * a + 0.25 * b for _, a, b in xs]
    assert gin_knock_regret.least_squares(xs, ys) == pytest.approx([0.5, -2.0, 0.25])


def test_a_fitted_correction_that_knows_better_lowers_the_cross_validated_regret() -> None:
    # The search's own values say "play on" by a little; the oracle says knock whenever the
    # opponent has taken nothing (the last feature column): a correction can learn that.
    rows, deals = [], []
    for deal in range(40):
        for taken in (0.0, 1.0):
            oracle_knocks = taken == 0.0
            oracle = (0.6, 0.5, True) if oracle_knocks else (0.3, 0.5, False)
            rows.append([(0.48, 0.5, False), oracle, (5.0, taken, 0.0)])
            deals.append(deal)
    weights, paired = gin_knock_regret.fit(rows, deals)
    uncorrected = sum(a for a, _ in paired) / len(paired)
    corrected = sum(b for _, b in paired) / len(paired)
    assert uncorrected == pytest.approx(0.05)
    assert corrected == pytest.approx(0.0)
    assert weights[3] < 0  # taken cards argue against knocking


@pytest.mark.parametrize("argv", [["--deals", "0"], ["--opponent", "nobody"],
                                  ["--opponent", "marjj=x"], ["--opponent", "marjj=0"],
                                  ["--variant", "knock_oversample=x"]])
def test_bad_arguments_get_a_message_not_a_run(argv, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        gin_knock_regret.main(argv)
    assert stopped.value.code == 2
    assert "error:" in capsys.readouterr().err


def test_one_deal_scores_the_shipped_worlds_against_the_oracle(capsys) -> None:
    assert gin_knock_regret.main(["--deals", "1", "--seed", "500"]) == 0
    table = capsys.readouterr().out
    assert "| shipped |" in table and "| oracle |" in table
