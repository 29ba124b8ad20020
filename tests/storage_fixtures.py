"""Builders shared by the storage tests (kept out of conftest.py, which the GUI engineer owns)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

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
