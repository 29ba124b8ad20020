"""Hand review: where a seat lost points, decision by decision, from what it could see then.

``review_hand(record, seat)`` reviews one hand record of any game whose spec has a ``review``
hook (gin's and cribbage's are ``engine/<game>/review.py``): a ``HandReview``, every decision
valued and graded fine / inaccuracy / mistake / blunder, with a reason in words;
``review_match(records, seat)`` reviews each hand and sums them up (``MatchReview``). Reviews
are cached per record for the session (``review_hand`` returns the same object for the same
record and seat). Thresholds and what the review never reads: docs/review.md.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ginrummy_desktop.engine import registry
from ginrummy_desktop.engine.review.grades import (
    BLUNDER,
    FINE,
    GRADES,
    INACCURACY,
    MISTAKE,
    THRESHOLDS,
    Decision,
    HandReview,
    Option,
    Summary,
    grade,
    grade_count,
    grade_name,
    summarise,
)
from ginrummy_desktop.engine.translation import tr

__all__ = [
    "BLUNDER", "FINE", "GRADES", "INACCURACY", "MISTAKE", "THRESHOLDS", "Decision",
    "HandReview", "MatchReview", "Option", "Summary", "can_review", "clear_cache", "grade",
    "grade_count", "grade_name", "record_key", "review_hand", "review_match",
]

# Bump when the analysis changes, so no cached review from an older one is reused.
ANALYSIS_VERSION = 1
_CACHE_SIZE = 512
_cache: OrderedDict[tuple[str, int], HandReview] = OrderedDict()


def record_key(record: dict[str, Any]) -> str:
    """A fingerprint of a record's content (the cache key; equal records share it)."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(f"{ANALYSIS_VERSION}:{text}".encode()).hexdigest()


def clear_cache() -> None:
    _cache.clear()


def review_hand(record: dict[str, Any], seat: int) -> HandReview:
    """The review of ``seat``'s decisions in one hand record (cached per record and seat).

    Raises ``ValueError`` with a reason a person can read for anything that cannot be
    reviewed: not a record, an unknown game, a record that does not replay, a wrong seat.
    """
    if not isinstance(record, dict):
        raise ValueError(tr("a hand record must be a JSON object"))
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise ValueError(f"seat must be a whole number, not {seat!r}")  # a caller's mistake
    key = (record_key(record), seat)
    cached = _cache.get(key)
    if cached is not None:
        _cache.move_to_end(key)
        return cached
    game = record.get("game")
    review_of = _reviewer(game)
    if review_of is None:
        # Translators: {games} lists the games' ids as a record stores them (gin, cribbage),
        # kept as they are.
        raise ValueError(tr("unknown game {game} (expected one of: {games})").format(
            game=repr(game), games=", ".join(_reviewed_games())))
    try:
        review = review_of(record, seat)
    except (KeyError, TypeError, IndexError, AttributeError) as error:
        # Translators: {game} is the game's id in the record (gin, cribbage).
        raise ValueError(tr("damaged {game} record ({error})").format(
            game=game, error=repr(error))) from None
    _cache[key] = review
    if len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return review


def _reviewer(game: Any) -> Callable[[dict[str, Any], int], HandReview] | None:
    """The ``review`` hook of registered game ``game``'s spec, None when there is none."""
    if not isinstance(game, str) or game not in registry.GAMES:
        return None
    return getattr(registry.get_game(game), "review", None)


def can_review(game: Any) -> bool:
    """Whether hands of ``game`` (a record's ``game`` field) can be reviewed."""
    return _reviewer(game) is not None


def _reviewed_games() -> list[str]:
    return [name for name in registry.game_names() if _reviewer(name) is not None]


@dataclass(frozen=True, slots=True)
class MatchReview:
    """Each hand's review, in order, and the whole match's summary."""

    seat: int
    hands: tuple[HandReview, ...]
    summary: Summary

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "hands": [hand.to_json() for hand in self.hands],
                "summary": self.summary.to_json()}


def review_match(records: Sequence[dict[str, Any]], seat: int,
                 progress: Callable[[int, int], bool | None] | None = None) -> MatchReview:
    """Review every hand of ``records`` for ``seat``. ``progress(done, total)`` is called
    after each hand; returning False stops early (the hands reviewed so far are returned)."""
    hands: list[HandReview] = []
    for done, record in enumerate(records, start=1):
        hands.append(review_hand(record, seat))
        if progress is not None and progress(done, len(records)) is False:
            break
    summary = summarise([(hand.hand_number, hand.decisions) for hand in hands])
    return MatchReview(seat, tuple(hands), summary)
