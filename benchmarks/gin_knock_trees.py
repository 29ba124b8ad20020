"""Fit the gin expert's knock model: boosted regression trees from saved knock positions.

``gin_knock_regret.py --save-positions FILE`` saves, at every position where the expert could
knock, the model's public inputs (``knock_model.knock_inputs``) and the knock and play-on
values of the same search given the opponent's true hand. This script fits trees to the
true hand's knock-less-play value (squared error, gradient boosting, numpy), reports the
knock regret of the fit cross-validated by deal beside the search's own choice and the learned
line, and with ``--write`` stores the model the expert plays by (``_knock_trees.py``).
``--without NAME`` (repeatable) also fits trees that may not read those inputs and prints the
paired difference, to tell whether an input earns its place:

    python benchmarks/gin_knock_trees.py POSITIONS.json... [--without NAME] [--write]

It needs numpy (in the test extras); the app does not: the expert reads the stored trees in
plain Python.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from pprint import pformat

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from ginrummy_desktop.engine.gin.bots import expert as expert_module  # noqa: E402
from ginrummy_desktop.engine.gin.bots.knock_model import INPUT_NAMES  # noqa: E402

OUTPUT = ROOT / "ginrummy_desktop" / "engine" / "gin" / "bots" / "_knock_trees.py"
TREES, DEPTH, RATE, MIN_LEAF = 100, 3, 0.05, 100
# The inputs that hold ``knock_features``, in its order (the line reads them).
FEATURE_INPUTS = ("opponent_turns", "upcards_taken", "cards_known")


def grow(x: np.ndarray, residual: np.ndarray, depth: int, min_leaf: int):
    """One regression tree: splits chosen for the largest fall in squared error."""
    if depth == 0 or len(residual) < 2 * min_leaf:
        return float(residual.mean())
    best = None
    for column in range(x.shape[1]):
        order = np.argsort(x[:, column], kind="stable")
        values, ordered = x[order, column], residual[order]
        sums = np.cumsum(ordered)
        cuts = np.arange(min_leaf, len(ordered) - min_leaf + 1)
        cuts = cuts[values[cuts] != values[cuts - 1]] if len(cuts) else cuts
        if not len(cuts):
            continue
        left = sums[cuts - 1]
        gain = left**2 / cuts + (sums[-1] - left) ** 2 / (len(ordered) - cuts)
        at = int(np.argmax(gain))
        if best is None or gain[at] > best[0]:
            cut = cuts[at]
            best = (gain[at], column, float((values[cut] + values[cut - 1]) / 2))
    if best is None:
        return float(residual.mean())
    _, column, threshold = best
    low = x[:, column] <= threshold
    return (column, threshold, grow(x[low], residual[low], depth - 1, min_leaf),
            grow(x[~low], residual[~low], depth - 1, min_leaf))


def tree_values(tree, x: np.ndarray) -> np.ndarray:
    if not isinstance(tree, tuple):
        return np.full(len(x), tree)
    column, threshold, low_tree, high_tree = tree
    low = x[:, column] <= threshold
    out = np.empty(len(x))
    out[low] = tree_values(low_tree, x[low])
    out[~low] = tree_values(high_tree, x[~low])
    return out


def fit(x: np.ndarray, y: np.ndarray, trees: int = TREES, depth: int = DEPTH,
        rate: float = RATE, min_leaf: int = MIN_LEAF) -> dict:
    """Gradient-boosted trees for ``y`` (the true hand's knock less play-on value)."""
    base = float(y.mean())
    predicted = np.full(len(y), base)
    grown = []
    for _ in range(trees):
        tree = grow(x, y - predicted, depth, min_leaf)
        predicted += rate * tree_values(tree, x)
        grown.append(tree)
    return {"inputs": list(INPUT_NAMES), "base": base, "rate": rate, "trees": grown}


def predict(model: dict, x: np.ndarray) -> np.ndarray:
    return model["base"] + model["rate"] * sum(tree_values(tree, x) for tree in model["trees"])


def regret(y: np.ndarray, knocks: np.ndarray) -> np.ndarray:
    """The true hand's value of its own choice less its value of the choice made."""
    return np.maximum(y, 0.0) - np.where(knocks, y, 0.0)


def line_knocks(x: np.ndarray) -> np.ndarray:
    """The learned line's choice (``expert.KNOCK_CORRECTION``) at these inputs."""
    correction = expert_module.KNOCK_CORRECTION
    assert correction is not None
    columns = [INPUT_NAMES.index(name) for name in FEATURE_INPUTS]
    return np.array([
        expert_module.line_advantage(correction, row[0], tuple(row[columns])) >= 0 for row in x
    ], dtype=bool)


def load(paths: list[Path]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    rows = []
    for path in paths:
        rows.extend(json.loads(path.read_text(encoding="utf-8")))
    if not rows:
        raise ValueError("no positions in the files given")
    for row in rows:
        if len(row["inputs"]) != len(INPUT_NAMES):
            raise ValueError("the positions were saved with other inputs; save them again")
    x = np.array([row["inputs"] for row in rows], dtype=float)
    y = np.array([row["knock"] - row["play"] for row in rows], dtype=float)
    deals = np.array([row["deal"] for row in rows])
    opponents = np.array([row["opponent"] for row in rows])
    return x, y, deals, opponents


def cross_validated(x: np.ndarray, y: np.ndarray, deals: np.ndarray, folds: int = 5,
                    **settings: float) -> np.ndarray:
    """Each position's choice by trees fitted to the other folds' deals."""
    knocks = np.zeros(len(y), dtype=bool)
    for fold in range(folds):
        test = deals % folds == fold
        if test.all() or not test.any():
            continue
        model = fit(x[~test], y[~test], **settings)  # type: ignore[arg-type]
        knocks[test] = predict(model, x[test]) >= 0
    return knocks


def without(x: np.ndarray, names: list[str]) -> np.ndarray:
    """``x`` with the named inputs held at 0, so no tree can split on them."""
    kept = x.copy()
    for name in names:
        kept[:, INPUT_NAMES.index(name)] = 0.0
    return kept


def report(x: np.ndarray, y: np.ndarray, deals: np.ndarray, opponents: np.ndarray,
           left_out: list[str] | None = None) -> None:
    search = x[:, 0] >= 0
    line = line_knocks(x)
    trees = cross_validated(x, y, deals)
    rows = [("the search alone", search), ("the learned line", line),
            ("the trees, cross-validated by deal (5 folds)", trees)]
    if left_out:
        rows.append((f"the same without {', '.join(left_out)}",
                     cross_validated(without(x, left_out), y, deals)))
    print("| the expert's knock choice | " + " | ".join(
        f"regret against {name} ({(opponents == name).sum()} positions)"
        for name in sorted(set(opponents))) + " |")
    print("|---|" + "---:|" * len(set(opponents)))
    for label, knocks in rows:
        cells = []
        for name in sorted(set(opponents)):
            mine = opponents == name
            cells.append(f"{regret(y[mine], knocks[mine]).mean():.4f}")
        print(f"| {label} | " + " | ".join(cells) + " |")
    difference = regret(y, trees) - regret(y, line)
    error = difference.std() / len(difference) ** 0.5
    print()
    print(f"Trees less the line, all positions: {difference.mean():+.4f} ± {error:.4f}")
    if left_out:
        difference = regret(y, trees) - regret(y, rows[-1][1])
        error = difference.std() / len(difference) ** 0.5
        print(f"Trees less the trees without {', '.join(left_out)}: "
              f"{difference.mean():+.4f} ± {error:.4f}")


def write(model: dict, sources: list[Path]) -> None:
    names = ", ".join(path.name for path in sources)
    OUTPUT.write_text(
        '"""Generated by benchmarks/gin_knock_trees.py: the gin expert\'s knock model\n'
        f"({TREES} trees of depth {DEPTH}, rate {RATE}, at least {MIN_LEAF} positions a leaf),\n"
        f'fitted to {names}. Do not edit by hand."""\n\n'
        f"MODEL = {pformat(model, width=99, compact=True)}\n",
        encoding="utf-8",
    )
    print(f"Wrote {OUTPUT}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("positions", nargs="+", type=Path)
    parser.add_argument("--without", action="append", default=[], metavar="NAME",
                        choices=INPUT_NAMES, help="also fit trees that do not read this input")
    parser.add_argument("--write", action="store_true",
                        help="store the trees fitted to every position as the expert's model")
    args = parser.parse_args(argv)
    try:
        x, y, deals, opponents = load(args.positions)
    except (OSError, ValueError, KeyError, TypeError) as error:
        parser.error(f"cannot read the positions: {error}")
    report(x, y, deals, opponents, args.without)
    if args.write:
        write(fit(x, y), args.positions)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
