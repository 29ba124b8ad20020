"""Builders shared by the storage tests (kept out of conftest.py, which the GUI engineer owns)."""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from ginrummy_desktop.engine.cards import FULL_DECK, format_cards
from ginrummy_desktop.engine.deck import commitment
from ginrummy_desktop.storage import HandSummary, MatchSummary

EPOCH = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def gin_hand(
    winner: str | None, player: int, opponent: int, ending: str, knocker: str | None,
    deadwood: int | None = None, turns: int = 10, record: dict | None = None,
) -> HandSummary:
    return HandSummary(
        winner=winner, player_points=player, opponent_points=opponent, ending=ending,
        knocker=knocker, player_deadwood=deadwood, turns=turns, record=record,
    )


def crib_hand(player: int, opponent: int, hand: int, crib: int | None, pegging: int
              ) -> HandSummary:
    winner = "player" if player > opponent else "opponent" if opponent > player else None
    return HandSummary(
        winner=winner, player_points=player, opponent_points=opponent, hand_points=hand,
        crib_points=crib, pegging_points=pegging,
    )


def match(
    game: str, result: str, player_score: int, opponent_score: int, hands: list[HandSummary],
    day: int = 0, opponent: str = "expert", skunk: int = 0, minutes: int = 20,
) -> MatchSummary:
    start = EPOCH + timedelta(days=day)
    return MatchSummary(
        game=game, opponent_id=opponent, opponent_name=opponent.title(), rules="classic",
        started_at=start, ended_at=start + timedelta(minutes=minutes),
        player_score=player_score, opponent_score=opponent_score, result=result,
        hands=tuple(hands), skunk=skunk,
    )


def gin_record(salt: str = "00" * 16, actions: list | None = None) -> dict:
    """A structurally valid gin record over the unshuffled deck (dealer seat 1)."""
    deck = list(FULL_DECK)
    return {
        "game": "gin", "rules": {"preset": "classic"}, "dealer": 1, "seats": [0, 1],
        "deck": [str(c) for c in deck], "salt": salt,
        "commitment": commitment(deck, salt),
        # non-dealer holds AC 3C 5C ...; upcard is 8D (deck[20]); stock starts at 9D.
        "actions": actions if actions is not None else [
            [0, "pass", None], [1, "draw_discard", "8D"], [1, "discard", "2C"],
            [0, "draw_stock", None], [0, "discard", "9D"],
        ],
        "result": {"kind": "draw", "knocker": None, "winner": None, "points": 0},
        "deck_text": format_cards(deck),
    }


# Scripted matches whose figures are computed by hand in test_storage_database.py.
GIN_MATCHES = [
    match("gin", "win", 120, 45, day=0, hands=[
        gin_hand("player", 35, 0, "gin", "player", deadwood=0, turns=8),
        gin_hand("opponent", 0, 9, "knock", "opponent", deadwood=12, turns=12),
        gin_hand("player", 30, 0, "undercut", "opponent", deadwood=2, turns=10),
        gin_hand("player", 55, 0, "big_gin", "player", deadwood=0, turns=6),
    ]),
    match("gin", "loss", 60, 130, day=1, hands=[
        gin_hand("opponent", 0, 28, "undercut", "player", deadwood=5, turns=14),
        gin_hand("opponent", 0, 40, "gin", "opponent", deadwood=20, turns=9),
        gin_hand(None, 0, 0, "draw", None, deadwood=30, turns=20),
    ]),
    match("gin", "win", 110, 20, day=2, opponent="novice", hands=[
        gin_hand("player", 15, 0, "knock", "player", deadwood=4, turns=11),
    ]),
    match("gin", "abandoned", 10, 0, day=3, hands=[
        gin_hand("player", 10, 0, "knock", "player", deadwood=3, turns=7),
    ]),
]
CRIBBAGE_MATCHES = [
    match("cribbage", "win", 121, 80, day=4, skunk=1, hands=[
        crib_hand(20, 10, hand=12, crib=4, pegging=4),
        crib_hand(8, 15, hand=6, crib=None, pegging=2),
    ]),
    match("cribbage", "loss", 50, 121, day=5, skunk=2, hands=[
        crib_hand(35, 5, hand=29, crib=None, pegging=6),
        crib_hand(5, 30, hand=2, crib=0, pegging=3),
    ]),
]


# ----- hostile file-system states -------------------------------------------------------------
@contextlib.contextmanager
def frozen_folder(folder: Path) -> Iterator[None]:
    """Nothing in ``folder`` can be renamed, created or removed while this lasts (files in it
    stay writable). Root ignores permissions, so as root the folder is made immutable."""
    if os.geteuid() != 0:
        mode = folder.stat().st_mode
        folder.chmod(0o555)
        try:
            yield
        finally:
            folder.chmod(mode)
        return
    done = subprocess.run(["chattr", "+i", str(folder)], capture_output=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"cannot make a folder unwritable here: {done.stderr.decode().strip()}")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(folder)], check=True)


def played_gin_records(seed: int = 1, count: int = 2) -> list[dict]:
    """Real hand records of a gin match between two built-in bots (they replay)."""
    from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
    from ginrummy_desktop.engine.gin.match import GinMatch
    from ginrummy_desktop.engine.gin.rules import GIN_PRESETS

    session = GinMatch(GIN_PRESETS["classic"], seed)
    bots = [BUILTIN_BOTS["greedy"](seed=seed), BUILTIN_BOTS["greedy"](seed=seed + 1)]
    while len(session.hand_records()) < count and not session.over:
        seat = session.to_move()
        session.apply(seat, bots[seat].choose(session.observation(seat)))
    return session.hand_records()[:count]
