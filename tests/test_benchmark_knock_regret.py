"""benchmarks/gin_knock_regret.py and gin_knock_trees.py: the regret arithmetic, the saved
positions, the fitted trees and the refusal of bad arguments."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import gin_knock_regret  # noqa: E402
import gin_knock_trees  # noqa: E402

from ginrummy_desktop.engine.gin.bots.knock_model import (  # noqa: E402
    INPUT_NAMES,
    predicted_advantage,
)


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
            features = {"features": (5.0, taken, 0.0), "inputs": ()}
            rows.append([(0.48, 0.5, False), oracle, features])
            deals.append(deal)
    weights, paired = gin_knock_regret.fit(rows, deals)
    uncorrected = sum(a for a, _ in paired) / len(paired)
    corrected = sum(b for _, b in paired) / len(paired)
    assert uncorrected == pytest.approx(0.05)
    assert corrected == pytest.approx(0.0)
    assert weights[3] < 0  # taken cards argue against knocking


@pytest.mark.parametrize("argv", [["--deals", "0"], ["--opponent", "nobody"],
                                  ["--opponent", "marjj=x"], ["--opponent", "marjj=0"],
                                  ["--variant", "knock_oversample=x"], ["--as-shipped"]])
def test_bad_arguments_get_a_message_not_a_run(argv, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        gin_knock_regret.main(argv)
    assert stopped.value.code == 2
    assert "error:" in capsys.readouterr().err


def test_one_deal_scores_the_shipped_worlds_against_the_oracle(capsys, tmp_path) -> None:
    saved = tmp_path / "positions.json"
    argv = ["--deals", "1", "--seed", "500", "--save-positions", str(saved)]
    assert gin_knock_regret.main(argv) == 0
    table = capsys.readouterr().out
    assert "| uncorrected |" in table and "| oracle |" in table
    positions = json.loads(saved.read_text())
    positions_in_table = int(table.split("| uncorrected | ")[1].split(" |")[0])
    assert len(positions) == positions_in_table > 0
    assert {position["deal"] for position in positions} == {500}
    assert all(len(position["inputs"]) == len(INPUT_NAMES) for position in positions)
    assert all(0.0 <= position["knock"] <= 1.0 for position in positions)


def test_the_trees_learn_a_rule_the_search_misses_and_are_stored_for_the_expert(
    tmp_path, capsys, monkeypatch
) -> None:
    # The search always says "play on" by a little; the truth says knock whenever the opponent
    # has drawn fewer than five times. Trees can learn that step; the plain search cannot.
    rng = random.Random(3)
    positions = []
    for deal in range(60):
        for _ in range(6):
            inputs = [rng.random() for _ in INPUT_NAMES]
            inputs[0] = -0.01
            inputs[INPUT_NAMES.index("opponent_turns")] = turns = float(rng.randrange(10))
            knock = 0.7 if turns < 5 else 0.3
            positions.append({"deal": deal, "opponent": "marjj", "inputs": inputs,
                              "knock": knock, "play": 0.5})
    saved = tmp_path / "positions.json"
    saved.write_text(json.dumps(positions))
    written = tmp_path / "_knock_trees.py"
    monkeypatch.setattr(gin_knock_trees, "OUTPUT", written)
    monkeypatch.setattr(gin_knock_trees, "TREES", 30)
    assert gin_knock_trees.main([str(saved), "--without", "opponent_turns", "--write"]) == 0
    report = capsys.readouterr().out

    def regret_of(label: str) -> float:
        return float(report.split(f"| {label} | ")[1].split(" |")[0])

    # Playing on wherever the truth knocks (about half the positions) loses 0.2 each.
    assert regret_of("the search alone") == pytest.approx(0.1, abs=0.01)
    assert regret_of("the trees, cross-validated by deal (5 folds)") < 0.01
    # Trees that may not read the opponent's turns cannot learn the rule.
    assert regret_of("the same without opponent_turns") > 0.05
    assert float(report.split("Trees less the trees without opponent_turns: ")[1].split(" ")[0]) < 0
    namespace: dict = {}
    exec(written.read_text(), namespace)
    model = namespace["MODEL"]
    early, late = [0.0] * len(INPUT_NAMES), [0.0] * len(INPUT_NAMES)
    late[INPUT_NAMES.index("opponent_turns")] = 8.0
    assert predicted_advantage(model, early) > 0 > predicted_advantage(model, late)


def test_positions_that_cannot_be_read_get_a_message(tmp_path, capsys) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("[{\"deal\": 1}]")
    for argv in ([str(broken)], [str(tmp_path / "missing.json")]):
        with pytest.raises(SystemExit) as stopped:
            gin_knock_trees.main(argv)
        assert stopped.value.code == 2
        assert "cannot read the positions" in capsys.readouterr().err
