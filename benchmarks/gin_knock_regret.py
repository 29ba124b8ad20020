"""How well the gin expert decides whether to knock, scored against its own search given the
opponent's true hand.

Match screens of 200 games move by about 7 wins by chance, too much to see a change of two or
three points. This benchmark asks a sharper question at the decisions that matter most. It plays
mirrored matches of the shipped expert against an opponent and keeps every position where the
expert may knock (gin excluded). At each one, it weighs "knock now" against "keep playing"
(``ExpertBot.compare_knock``) twice: once on the expert's own worlds (``knock_worlds_for``),
and once as the oracle, with the opponent's true hand in every world and the stock order still
unknown. Only this driver reads the true hand, from the engine; the bot never sees it.

Each world setting's **regret** is the oracle's match-win chance for the oracle's choice less
the oracle's chance for the choice the setting made, averaged over the positions. A setting
whose choices matched the oracle everywhere would have no regret. ``--variant NAME=VALUE``
(repeatable; the names of ``ladder.py --expert-knob``) scores a second setting at the same
positions and prints the paired difference with its standard error. ``--floor`` scores a
second oracle on another random stream: the regret that the play-outs' own noise leaves.
``--fit`` fits the expert's learned knock line (``expert.KNOCK_CORRECTION``) to the
oracle, by least squares with 5-fold cross-validation by deal; it plays and scores the expert
without a correction, as ``--uncorrected`` does. ``--save-positions FILE`` (also uncorrected)
saves every position's knock-model inputs (``knock_model.knock_inputs``) with the oracle's two
values, for ``gin_knock_trees.py`` to fit the expert's knock trees to; with ``--as-shipped`` the
shipped expert plays instead, so the positions are the ones its own knock choices lead to.

The kept card for playing on is the expert's top-ranked discard, without the play-outs it
sometimes adds between close discards, so each position costs the same for every setting:

    python benchmarks/gin_knock_regret.py --deals 30 --seed 500 --variant knock_oversample=4
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gin_worlds import knock_positions  # noqa: E402  (the script's own folder is on the path)
from ladder import TWO_PLAYER_PRESETS, apply_knobs, parse_knobs  # noqa: E402

from ginrummy_desktop.engine.gin.bots import PERSONAS  # noqa: E402
from ginrummy_desktop.engine.gin.bots import expert as expert_module  # noqa: E402
from ginrummy_desktop.engine.gin.bots.evaluate import iter_bits  # noqa: E402
from ginrummy_desktop.engine.gin.bots.expert import ExpertBot  # noqa: E402
from ginrummy_desktop.engine.gin.bots.fastmelds import best_discards  # noqa: E402
from ginrummy_desktop.engine.gin.bots.knock_model import (  # noqa: E402
    knock_features,
    knock_inputs,
)
from ginrummy_desktop.engine.gin.bots.worlds import World, knock_worlds_for  # noqa: E402
from ginrummy_desktop.engine.rng import StableRandom  # noqa: E402


def true_hand_worlds(truth: int):
    """A ``knock_worlds_for`` stand-in whose every world holds ``truth``, the stock shuffled."""

    def worlds(observation, knowledge, count, rng, **reading):
        stock = list(iter_bits(knowledge.unseen & ~truth))
        found = []
        for _ in range(count):
            rng.shuffle(stock)
            found.append(World(truth, list(stock)))
        return found

    return worlds


def weigh(
    observation, knowledge, truth: int, seed: int, settings: list, player: ExpertBot
) -> list[tuple]:
    """(knock value, play value) for each setting: a knob tuple, or "oracle" with a seed.
    The imagined opponent knocks as ``player``, the expert at the table, has learned."""
    allowed = 0
    for action in observation.legal_actions:
        if action.kind in ("discard", "knock") and action.card is not None:
            allowed |= 1 << action.card.index
    bot = ExpertBot(seed=seed)
    bot._hands_watched, bot._opponent_knocks = player._hands_watched, player._opponent_knocks
    playable = allowed & ~knowledge.taken_upcard or allowed
    least, lowest = best_discards(knowledge.hand, ~playable)
    keep = bot.ranked_discards(knowledge, allowed)[0][1]
    knock_with = max(lowest, key=lambda index: (index == keep, -index))
    values: list = []
    inputs: tuple[float, ...] = ()
    for setting in settings:
        if setting and setting[0] == "oracle":
            expert_module.knock_worlds_for = true_hand_worlds(truth)  # type: ignore[assignment]
            rng_seed = setting[1]
        else:
            expert_module.knock_worlds_for = knock_worlds_for  # type: ignore[assignment]
            apply_knobs(setting)
            rng_seed = 1
        bot.rng = StableRandom(rng_seed * 1_000_003 + seed)
        try:
            weighing = bot.compare_knock(observation, knowledge, knock_with, keep)
        finally:
            expert_module.knock_worlds_for = knock_worlds_for  # type: ignore[assignment]
        knock, play = weighing.knock_value, weighing.play_value
        if rng_seed == 1:  # the expert's choice: its margin, and its learned correction if set
            scores = bot._scores(observation)
            knocks = bot.knock_advantage(weighing, knowledge, 2, least, scores) >= bot.knock_margin
            if not inputs:  # the shipped setting's: what the knock model reads
                inputs = knock_inputs(knowledge, weighing, least, scores,
                                      bot.opponent_eagerness(), bot._hands_watched)
        else:
            knocks = knock >= play
        values.append((knock, play, knocks))
    # the last column: what a correction may read
    values.append({"features": knock_features(knowledge), "inputs": inputs})
    return values


def score_deal(task: tuple) -> list[list[tuple]]:
    """Every knock position of one mirrored deal: the values of each setting at it."""
    opponent, deal, preset, settings = task
    shipped = settings[0]
    found = []
    for observation, knowledge, _, truth, expert in knock_positions(
        opponent, deal, preset, before_each_match=lambda: apply_knobs(shipped)
    ):
        found.append(weigh(observation, knowledge, truth, len(found) + deal * 997,
                           list(settings), expert))
        apply_knobs(shipped)  # play on as the shipped expert
    return found


def regrets(rows: list[list[tuple]], column: int, oracle: int) -> list[float]:
    """The oracle's value of its own choice less its value of the choice ``column`` made."""
    return [regret(row[oracle], row[column][2]) for row in rows]


def regret(oracle: tuple, knocks: bool) -> float:
    true_knock, true_play = oracle[0], oracle[1]
    return max(true_knock, true_play) - (true_knock if knocks else true_play)


def design(row: list[tuple]) -> list[float]:
    """The correction's inputs at one position: 1, the expert's knock less play-on value, and
    ``knock_features``."""
    knock, play, _ = row[0]
    return [1.0, knock - play, *row[-1]["features"]]


def least_squares(xs: list[list[float]], ys: list[float]) -> list[float]:
    """The weights minimising the squared error of ``x . w`` against ``y`` (normal equations,
    solved by Gaussian elimination with partial pivoting; a tiny ridge keeps them regular)."""
    size = len(xs[0])
    a = [[sum(x[i] * x[j] for x in xs) + (1e-9 if i == j else 0.0) for j in range(size)]
         + [sum(x[i] * y for x, y in zip(xs, ys, strict=True))] for i in range(size)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(size):
            if r != col:
                factor = a[r][col] / a[col][col]
                a[r] = [value - factor * lead for value, lead in zip(a[r], a[col], strict=True)]
    return [a[i][size] / a[i][i] for i in range(size)]


def fit(rows: list[list[tuple]], deals: list[int], folds: int = 5) -> tuple[list[float], list]:
    """The correction fitted to every position, and its cross-validated regrets: each fold's
    deals scored by weights fitted to the other folds' (uncorrected, corrected) per position."""
    target = [row[1][0] - row[1][1] for row in rows]
    paired = []
    for fold in range(folds):
        train = [i for i, deal in enumerate(deals) if deal % folds != fold]
        test = [i for i, deal in enumerate(deals) if deal % folds == fold]
        if not train or not test:
            continue
        weights = least_squares([design(rows[i]) for i in train], [target[i] for i in train])
        for i in test:
            knock, play, _ = rows[i][0]
            corrected = sum(w * x for w, x in zip(weights, design(rows[i]), strict=True)) >= 0
            paired.append((regret(rows[i][1], knock >= play), regret(rows[i][1], corrected)))
    return least_squares([design(row) for row in rows], target), paired


def save_positions(
    path: Path, rows: list[list], deals: list[int], opponents: list[str]
) -> None:
    """Each position's knock-model inputs and the oracle's (true hand's) two values, as JSON."""
    positions = [
        {"deal": deal, "opponent": opponent, "inputs": list(row[-1]["inputs"]),
         "knock": row[1][0], "play": row[1][1]}
        for row, deal, opponent in zip(rows, deals, opponents, strict=True)
    ]
    path.write_text(json.dumps(positions), encoding="utf-8")


def summary(label: str, rows: list[list[tuple]], column: int, oracle: int) -> str:
    values = regrets(rows, column, oracle)
    knocks = sum(row[column][2] for row in rows)
    agree = sum(row[column][2] == row[oracle][2] for row in rows)
    error = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return (f"| {label} | {len(rows)} | {knocks} | {agree / len(rows):.1%} "
            f"| {statistics.fmean(values):.4f} ± {error:.4f} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30, help="mirrored deal pairs")
    parser.add_argument("--seed", type=int, default=500, help="first deal (use screening deals)")
    parser.add_argument("--opponent", default="marjj", metavar="NAME[=DEALS],...",
                        help="opponents, each for --deals deal pairs or the number given")
    parser.add_argument("--preset", default="tournament", choices=TWO_PLAYER_PRESETS)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--variant", action="append", default=[], metavar="NAME=VALUE",
                        help="also score the expert with this setting changed (as in ladder.py)")
    parser.add_argument("--uncorrected", action="store_true",
                        help="play and score the expert without its learned knock correction")
    parser.add_argument("--fit", action="store_true",
                        help="fit the expert's knock correction (KNOCK_CORRECTION) to the oracle")
    parser.add_argument("--save-positions", type=Path, metavar="FILE",
                        help="save each position's knock-model inputs and the oracle's values "
                             "(JSON, for gin_knock_trees.py); plays the expert uncorrected")
    parser.add_argument("--as-shipped", action="store_true",
                        help="with --save-positions: play the shipped expert (its learned "
                             "knock choice), not the uncorrected one")
    parser.add_argument("--floor", action="store_true",
                        help="also score a second oracle on another random stream")
    args = parser.parse_args(argv)
    try:
        variant = parse_knobs(args.variant)
    except ValueError as error:
        parser.error(str(error))
    opponents = []
    for item in args.opponent.split(","):
        name, _, count = item.strip().partition("=")
        if name not in PERSONAS:
            parser.error(f"unknown opponent {name!r}")
        if count and not count.isdigit():
            parser.error(f"{item!r}: the deal count must be a whole number")
        opponents.append((name, int(count) if count else args.deals))
    if min(count for _, count in opponents) < 1 or args.deals < 1 or args.workers < 1:
        parser.error("--deals, each opponent's deal count and --workers must be at least 1")
    # The shipped expert first, with every knob the variant touches at its shipped value. A fit
    # plays and scores the expert without the correction: that is what the correction corrects.
    if args.as_shipped and not args.save_positions:
        parser.error("--as-shipped goes with --save-positions")
    uncorrected = args.fit or args.uncorrected or (args.save_positions and not args.as_shipped)
    plain = (("knock_correction", 0),) if uncorrected else ()
    shipped = plain + parse_knobs(
        [f"{name}={value}" for name, value in current_values(variant)]
    )
    settings: list = [shipped, ("oracle", 2)]
    if variant:
        settings.append(variant)
    if args.floor:
        settings.append(("oracle", 3))
    started = time.time()
    tasks = [(name, deal, args.preset, tuple(settings))
             for name, count in opponents for deal in range(args.seed, args.seed + count)]
    rows: list[list[tuple]] = []
    deals: list[int] = []
    opponent_names: list[str] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for task, found in zip(tasks, pool.map(score_deal, tasks), strict=True):
            rows.extend(found)
            deals.extend([task[1]] * len(found))
            opponent_names.extend([task[0]] * len(found))
    shown = " ".join(sys.argv[1:] if argv is None else argv)
    print(f"Command: `python benchmarks/gin_knock_regret.py {shown}`")
    print()
    if not rows:
        print("No position where the expert could knock.")
        return 0
    print("| worlds | positions | knocks | same choice as the oracle | regret (match-win chance) |")
    print("|---|---:|---:|---:|---:|")
    print(summary("uncorrected" if plain else "shipped", rows, 0, 1))
    print(summary("oracle", rows, 1, 1))
    column = 2
    if variant:
        print(summary(" ".join(args.variant), rows, column, 1))
        pairs = zip(regrets(rows, 0, 1), regrets(rows, column, 1), strict=True)
        difference = [variant_regret - shipped for shipped, variant_regret in pairs]
        error = statistics.stdev(difference) / len(difference) ** 0.5
        print()
        print(f"Variant less shipped: {statistics.fmean(difference):+.4f} ± {error:.4f} "
              "regret per position (negative: closer to the oracle).")
        column += 1
    if args.floor:
        print()
        floor = statistics.fmean(regrets(rows, column, 1))
        column += 1
        print(f"Noise floor: a second oracle's regret is {floor:.4f}.")
    if args.save_positions:
        try:
            save_positions(args.save_positions, rows, deals, opponent_names)
        except OSError as error:
            parser.error(f"cannot save the positions: {error}")
    if args.fit:
        weights, paired = fit(rows, deals)
        shown_weights = ", ".join(f"{weight:.4f}" for weight in weights)
        print()
        print(f"Fitted to {len(rows)} positions: KNOCK_CORRECTION = ({shown_weights})")
        if len(paired) > 1:
            before = statistics.fmean(a for a, _ in paired)
            after = statistics.fmean(b for _, b in paired)
            difference = [b - a for a, b in paired]
            error = statistics.stdev(difference) / len(difference) ** 0.5
            print(f"Cross-validated (5 folds by deal): regret {before:.4f} uncorrected, "
                  f"{after:.4f} corrected ({after - before:+.4f} ± {error:.4f}).")
    print()
    print(f"{time.time() - started:.0f} s")
    return 0


def current_values(knobs: tuple) -> list[tuple[str, object]]:
    """Each knob's value as shipped, read before any knob is applied in this process."""
    from ladder import EXPERT_KNOBS

    return [(name, getattr(EXPERT_KNOBS[name][0], EXPERT_KNOBS[name][1])) for name, _ in knobs]


if __name__ == "__main__":
    raise SystemExit(main())
