"""The Gin Rummy ``GameSpec`` the game-agnostic runner and ``ginrummy-sim gin`` use."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
from ginrummy_desktop.engine.gin.match import GinMatch, replay_record
from ginrummy_desktop.engine.gin.observation import GinObservation
from ginrummy_desktop.engine.gin.records import GinMatchChain
from ginrummy_desktop.engine.gin.results import arcade_score
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS, PRESET_TITLES, GinRules, parse_rules
from ginrummy_desktop.engine.gin.wire_codec import gin_from_wire, gin_to_wire
from ginrummy_desktop.engine.protocol import MatchSession
from ginrummy_desktop.engine.translation import mark

if TYPE_CHECKING:
    from ginrummy_desktop.engine.review.grades import HandReview


class GinSpec:
    """Gin Rummy as the runner, wire codec, replays and online tables see it (see
    docs/engine.md, "Adding a game")."""

    name = "gin"
    title = mark("Gin Rummy")  # shown with tr(title)
    presets: Mapping[str, GinRules] = GIN_PRESETS
    preset_titles: Mapping[str, str] = PRESET_TITLES
    observation_type = GinObservation
    #: How the table and its records read (docs/engine.md, "Adding a game"): the records
    #: number hands from 0; a face-down stock lies beside the discard pile; a hand shown at
    #: the end of a deal is its melds, deadwood and cards laid off; the match totals add
    #: boxes and bonuses to the hands' points.
    hands_numbered_from = 0
    has_stock = True
    shows_melds = True
    match_bonuses = True

    @property
    def builtin_bots(self):  # read each time: persona modules may register later
        return BUILTIN_BOTS

    def parse_rules(self, preset: str, overrides: Mapping[str, str]) -> GinRules:
        return parse_rules(preset, overrides)

    def rules_from_dict(self, data: Mapping[str, Any]) -> GinRules:
        """The rules a record or snapshot stored (its ``rules`` field); bad data raises
        ``ValueError``."""
        return GinRules.from_dict(data)

    def num_seats(self, rules: GinRules) -> int:
        return rules.players

    def new_match(self, rules: GinRules, seed: int | None = None) -> GinMatch:
        return GinMatch(rules, seed)

    def restore(self, snapshot: dict[str, Any]) -> GinMatch:
        return GinMatch.restore(snapshot)

    def hand_number(self, session: MatchSession) -> int:
        assert isinstance(session, GinMatch)
        return session.hand.hand_number

    def dealt_deck(self, session: MatchSession) -> tuple[list[str], str, str] | None:
        assert isinstance(session, GinMatch)
        hand = session.hand
        return [str(card) for card in hand.deck], hand.salt, hand.commitment

    def public_view(self, session: MatchSession, seat: int) -> None:
        return None  # a gin observation already holds everything its table shows

    def observation_to_wire(self, observation: GinObservation) -> dict[str, Any]:
        return gin_to_wire(observation)

    def observation_from_wire(self, data: dict[str, Any]) -> GinObservation:
        return gin_from_wire(data)

    def replay_frames(self, record: dict[str, Any],
                      names: dict[int, str] | None = None) -> list[Any]:
        from ginrummy_desktop.engine.gin.replay import gin_replay_frames

        return gin_replay_frames(record, names)

    def match_winners(self, session: MatchSession) -> tuple[int, ...]:
        assert isinstance(session, GinMatch)
        return session.winners

    def player_stats(self, records: Sequence[dict], seat: int) -> dict[str, int]:
        stats = {"hand_wins": 0, "points": 0, "gins": 0, "undercuts": 0, "knocks": 0}
        for record in records:
            result = record["result"]
            if result["winner"] == seat:
                stats["hand_wins"] += 1
                stats["points"] += result["points"]
                if result["kind"] in ("gin", "big_gin"):
                    stats["gins"] += 1
                elif result["kind"] == "undercut":
                    stats["undercuts"] += 1
            if result["knocker"] == seat and result["kind"] in ("knock", "undercut"):
                stats["knocks"] += 1
        return stats

    #: The guided game (gui/lessons/window.py), loaded on first use.
    lesson = "ginrummy_desktop.engine.lessons.gin:GIN_LESSON"
    #: The review's (inaccuracy, mistake, blunder) thresholds in points lost (docs/review.md).
    review_thresholds: tuple[float, float, float] = (2.0, 5.0, 10.0)

    def review(self, record: dict[str, Any], seat: int) -> HandReview:
        """``seat``'s decisions in one hand record, valued and graded (``engine.review``)."""
        from ginrummy_desktop.engine.gin.review import gin_hand_review

        return gin_hand_review(record, seat)

    def practice(self, record: dict[str, Any], seat: int, step: int) -> GinMatch:
        """The match just before action ``step`` of ``record``, to play on (the reviewed
        seat moved to seat 0)."""
        from ginrummy_desktop.engine.gin.practice import gin_practice

        return gin_practice(record, seat, step)

    def match_score(self, mine: int, theirs: int) -> int:
        """The arcade score of a won match (the Statistics window keeps the best)."""
        return arcade_score(mine, theirs)

    def replay_record(self, record: dict) -> None:
        replay_record(record)

    def match_chain(self) -> GinMatchChain:
        return GinMatchChain()


GIN = GinSpec()
