"""Builds ``engine/cribbage/_hand_points.py``: what one hand of Cribbage scores, measured.

Two careful players (``CarefulBot``) play ``CHUNKS`` x ``HANDS_PER_CHUNK`` single hands from
0-0. Hand ``n`` is the first hand of a fresh game seeded ``BASE_SEED + n`` with the first deal
alternating, and the bots are seeded from ``n``: the whole measurement is deterministic. The file
keeps, per chunk, how often each outcome happened: the pegging points of pone and dealer
together (the dealer's include his heels), the pone's show, the crib, and the dealer's hand and
crib together.
``engine/cribbage/winchance.py`` builds the game-win chances from them.

    python3 -m tools.cribbage_hand_points           # rewrite the file (about 2 CPU-minutes)
    python3 -m tools.cribbage_hand_points --check   # exit 1 if the committed file differs
"""

from __future__ import annotations

import base64
import sys
from array import array
from collections import Counter
from pathlib import Path

from ginrummy_desktop.engine.cribbage import CribbageMatch
from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS
from ginrummy_desktop.engine.cribbage.winchance import BOTH_PEG_OUT, MAX_NEED, normalised
from tools.generated import write_or_check

BASE_SEED = 7_000_000
CHUNKS = 40
HANDS_PER_CHUNK = 1000
TABLE_PATH = (Path(__file__).resolve().parents[1] / "ginrummy_desktop" / "engine" / "cribbage"
              / "_hand_points.py")
PARTS = ("pegging", "pone_show", "crib", "dealer_show")

Outcome = tuple[tuple[int, int], int, int, int]


def hand_outcome(number: int) -> Outcome:
    """((pone pegging, dealer pegging), pone's show, crib, dealer's hand and crib) of measured
    hand ``number``."""
    seed = BASE_SEED + number
    match = CribbageMatch(seed=seed, first_dealer=number % 2)
    careful = BUILTIN_BOTS["careful"]
    bots = (careful(seed=2 * seed), careful(seed=2 * seed + 1))
    while not match.hand_records():
        seat = match.to_move()
        assert seat is not None
        match.apply(seat, bots[seat].choose(match.observation(seat)))
    record = match.hand_records()[0]
    dealer = number % 2
    pegging, shows, crib = [0, 0], [0, 0], 0
    for event in record["events"]:
        if event["kind"] == "hand":
            shows[event["seat"]] += event["points"]
        elif event["kind"] == "crib":
            crib += event["points"]
        else:
            pegging[event["seat"]] += event["points"]
    pone = 1 - dealer
    return (pegging[pone], pegging[dealer]), shows[pone], crib, shows[dealer] + crib


def chunk_histograms(chunk: int) -> dict[str, dict]:
    """How often each outcome of every part happened in chunk ``chunk``."""
    start = chunk * HANDS_PER_CHUNK
    outcomes = [hand_outcome(n) for n in range(start, start + HANDS_PER_CHUNK)]
    histograms: dict[str, dict] = {}
    for index, part in enumerate(PARTS):
        counts = Counter(outcome[index] for outcome in outcomes)
        histograms[part] = dict(sorted(counts.items()))
    return histograms


def build() -> tuple[dict[str, dict], ...]:
    return tuple(chunk_histograms(chunk) for chunk in range(CHUNKS))


def merged(chunks: tuple[dict[str, dict], ...]) -> dict[str, dict]:
    """The chunks' histograms added up, per part."""
    total: dict[str, Counter] = {part: Counter() for part in PARTS}
    for chunk in chunks:
        for part in PARTS:
            total[part].update(chunk[part])
    return {part: dict(sorted(total[part].items())) for part in PARTS}


def solve_pone_chances(histograms: dict[str, dict]) -> list[float]:
    """The pone's chance of winning at the start of a hand, for every pair of needs: entry
    ``(pone_need - 1) * MAX_NEED + dealer_need - 1``. Every hand's pegging scores at least the
    point for the last card, so a position depends only on positions with fewer points to go,
    and the needs are solved in order of their sum."""
    pegging = [(p, d, c) for (p, d), c in normalised(histograms["pegging"])]  # type: ignore[misc]
    if any(p + d < 1 for p, d, _ in pegging):
        raise ValueError("a hand's pegging always scores the last card")
    pone_show = normalised(histograms["pone_show"])
    dealer_show = normalised(histograms["dealer_show"])
    chances = [0.0] * (MAX_NEED * MAX_NEED)
    after_show: dict[int, float] = {}  # pone has shown, needs (m, b): the pone's chance
    after_pegging: dict[int, float] = {}

    def pone_after_show(mine: int, dealer: int) -> float:
        key = mine * 256 + dealer
        value = after_show.get(key)
        if value is None:
            value = 0.0
            for points, chance in dealer_show:
                if points < dealer:  # the dealer falls short; he is pone next hand
                    value += chance * (1.0 - chances[(dealer - points - 1) * MAX_NEED + mine - 1])
            after_show[key] = value
        return value

    def pone_after_pegging(mine: int, dealer: int) -> float:
        key = mine * 256 + dealer
        value = after_pegging.get(key)
        if value is None:
            value = 0.0
            for points, chance in pone_show:
                value += chance * (1.0 if points >= mine else
                                   pone_after_show(mine - points, dealer))  # type: ignore[operator]
            after_pegging[key] = value
        return value

    for total in range(2, 2 * MAX_NEED + 1):
        for pone in range(max(1, total - MAX_NEED), min(MAX_NEED, total - 1) + 1):
            dealer = total - pone
            value = 0.0
            for pp, pd, chance in pegging:
                if pp >= pone:
                    value += chance * (BOTH_PEG_OUT if pd >= dealer else 1.0)
                elif pd < dealer:
                    value += chance * pone_after_pegging(pone - pp, dealer - pd)
            chances[(pone - 1) * MAX_NEED + dealer - 1] = value
    return chances


def encode_chances(chances: list[float]) -> str:
    """The table as base64 of little-endian 16-bit fractions (resolution 1/65535), the form
    ``winchance.decode_chances`` reads."""
    packed = array("H", (round(value * 65535) for value in chances))
    if sys.byteorder != "little":
        packed.byteswap()
    return base64.b64encode(packed.tobytes()).decode("ascii")


def render(chunks: tuple[dict[str, dict], ...]) -> str:
    lines = [
        '"""Hand-point histograms generated by ``tools/cribbage_hand_points.py``; do not edit by',
        "hand.",
        "",
        f"HISTOGRAMS[part] maps each outcome to how many of {CHUNKS * HANDS_PER_CHUNK} hands",
        "between careful players ended so: ``pegging`` (pone's points, dealer's points),",
        "``pone_show``, ``crib`` and ``dealer_show`` (the dealer's hand and crib).",
        "",
        "PONE_CHANCES: the pone's chance of winning at the start of a hand, entry",
        "``(pone_need - 1) * 121 + dealer_need - 1``, solved from these histograms",
        "(``tools/cribbage_hand_points.solve_pone_chances``), as base64 16-bit fractions.",
        '"""',
        "",
        f"HANDS = {CHUNKS * HANDS_PER_CHUNK}",
        "",
        "HISTOGRAMS: dict[str, dict] = {",
    ]
    for part, histogram in merged(chunks).items():
        lines.append(f"    {part!r}: {{")
        row = "       "
        for outcome, count in histogram.items():
            cell = f" {outcome!r}: {count},"
            if len(row) + len(cell) > 99:
                lines.append(row)
                row = "       "
            row += cell
        lines.append(row)
        lines.append("    },")
    lines.append("}")
    lines.append("")
    encoded = encode_chances(solve_pone_chances(merged(chunks)))
    lines.append("PONE_CHANCES = (")
    for start in range(0, len(encoded), 88):
        lines.append(f'    "{encoded[start:start + 88]}"')
    lines.append(")")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    return write_or_check(TABLE_PATH, lambda: render(build()), "tools/cribbage_hand_points.py",
                          argv)


if __name__ == "__main__":
    raise SystemExit(main())
