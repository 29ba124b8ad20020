"""The Cribbage ``GameSpec`` the game-agnostic runner and ``ginrummy-sim cribbage`` use."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields, replace
from typing import TYPE_CHECKING, Any

from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS
from ginrummy_desktop.engine.cribbage.match import CribbageMatch
from ginrummy_desktop.engine.cribbage.observation import CribbageObservation
from ginrummy_desktop.engine.cribbage.records import CribbageMatchChain, replay_record
from ginrummy_desktop.engine.cribbage.rules import CribbageRules
from ginrummy_desktop.engine.cribbage.wire_codec import cribbage_from_wire, cribbage_to_wire
from ginrummy_desktop.engine.protocol import MatchSession
from ginrummy_desktop.engine.translation import mark

if TYPE_CHECKING:
    from ginrummy_desktop.engine.review.grades import HandReview

CRIBBAGE_PRESETS: dict[str, CribbageRules] = {
    "acc": CribbageRules(),
    "short": CribbageRules.short_game(),
    "stinkhole": CribbageRules(stinkhole=True),
    "muggins": CribbageRules(muggins=True),
}
# The presets' names as a player reads them (``tr(PRESET_TITLES[name])``); the ids stay.
# Translators: names of cribbage rule sets (ACC: the American Cribbage Congress's rules).
PRESET_TITLES = {"acc": mark("Acc"), "short": mark("Short"), "stinkhole": mark("Stinkhole"),
                 "muggins": mark("Muggins")}


def parse_rules(preset: str, overrides: Mapping[str, str]) -> CribbageRules:
    """A preset plus ``name=value`` texts, e.g. ``target=61``; bad input raises ValueError."""
    if preset not in CRIBBAGE_PRESETS:
        known = ", ".join(CRIBBAGE_PRESETS)
        raise ValueError(f"unknown cribbage preset {preset!r} (known: {known})")
    types = {f.name: f.type for f in fields(CribbageRules)}
    changes: dict[str, object] = {}
    for name, text in overrides.items():
        if name not in types:
            raise ValueError(f"unknown cribbage rule {name!r} (known: {', '.join(types)})")
        if types[name] in (bool, "bool"):
            lowered = str(text).strip().lower()
            if lowered not in ("true", "false", "yes", "no", "1", "0", "on", "off"):
                raise ValueError(f"{name} must be true or false, not {text!r}")
            changes[name] = lowered in ("true", "yes", "1", "on")
        else:
            try:
                changes[name] = int(text)
            except ValueError:
                raise ValueError(f"{name} must be a whole number, not {text!r}") from None
    own_lines = not {"skunk_line", "double_skunk_line"} & changes.keys()
    if changes.get("target") == 61 and own_lines:  # the short game's skunk lines go with it
        short = CribbageRules.short_game()
        changes = {"skunk_line": short.skunk_line,
                   "double_skunk_line": short.double_skunk_line, **changes}
    try:
        return replace(CRIBBAGE_PRESETS[preset], **changes)  # type: ignore[arg-type]
    except ValueError as error:  # name what the user typed, not options left as they were
        if "target" in changes and own_lines and "skunk" in str(error):
            base = CRIBBAGE_PRESETS[preset]
            raise ValueError(
                f"target={changes['target']} needs skunk lines below it (these rules skunk "
                f"at {base.skunk_line} and {base.double_skunk_line}): add --rule skunk_line=N "
                "--rule double_skunk_line=M") from None
        raise


class CribbageSpec:
    """Cribbage as the runner, wire codec, replays and online tables see it (see
    docs/engine.md, "Adding a game")."""

    name = "cribbage"
    title = mark("Cribbage")  # English; shown with tr()
    presets: Mapping[str, CribbageRules] = CRIBBAGE_PRESETS
    preset_titles: Mapping[str, str] = PRESET_TITLES
    builtin_bots = BUILTIN_BOTS
    observation_type = CribbageObservation

    def parse_rules(self, preset: str, overrides: Mapping[str, str]) -> CribbageRules:
        return parse_rules(preset, overrides)

    def rules_from_dict(self, data: Mapping[str, Any]) -> CribbageRules:
        """The rules a record or snapshot stored (its ``rules`` field); bad data raises
        ``ValueError``."""
        return CribbageRules.from_json(dict(data))

    def num_seats(self, rules: CribbageRules) -> int:
        return 2

    def new_match(self, rules: CribbageRules, seed: int | None = None) -> CribbageMatch:
        return CribbageMatch(seed=seed, rules=rules)

    def restore(self, snapshot: dict[str, Any]) -> CribbageMatch:
        return CribbageMatch.restore(snapshot)

    def hand_number(self, session: MatchSession) -> int:
        assert isinstance(session, CribbageMatch)
        return session.hand_number

    def dealt_deck(self, session: MatchSession) -> tuple[list[str], str, str] | None:
        assert isinstance(session, CribbageMatch)
        snapshot = session.snapshot()
        return snapshot["deck"].split(), snapshot["salt"], snapshot["commitment"]

    def public_view(self, session: MatchSession, seat: int) -> dict[str, Any]:
        """The pegs, the calls made in this hand so far, its shows counted and the result."""
        assert isinstance(session, CribbageMatch)
        view = session.view(seat)
        return {"pegs": [[p.front, p.back] for p in view.pegs],
                "events": [event.to_json() for event in session.events],
                "shows": [dict(show) for show in session.counted_shows],
                "winner": view.winner, "outcome": session.outcome(),
                "game_points": session.game_points()}

    def observation_to_wire(self, observation: CribbageObservation) -> dict[str, Any]:
        return cribbage_to_wire(observation)

    def observation_from_wire(self, data: dict[str, Any]) -> CribbageObservation:
        return cribbage_from_wire(data)

    def replay_frames(self, record: dict[str, Any],
                      names: dict[int, str] | None = None) -> list[Any]:
        from ginrummy_desktop.engine.cribbage.replay import cribbage_replay_frames

        return cribbage_replay_frames(record, names)

    def match_winners(self, session: MatchSession) -> tuple[int, ...]:
        assert isinstance(session, CribbageMatch)
        return () if session.winner is None else (session.winner,)

    def player_stats(self, records: Sequence[dict], seat: int) -> dict[str, int]:
        """Points by source, cribs owned, skunks given and game points (see ``derived_stats``)."""
        stats = {
            "cribs": 0,
            "hand_points": 0,
            "crib_points": 0,
            "pegging_points": 0,
            "heels_points": 0,
            "muggins_points": 0,
            "game_points": 0,
            "skunks": 0,
            "double_skunks": 0,
        }
        for record in records:
            stats["cribs"] += record["dealer"] == seat
            for event in record["events"]:
                if event["seat"] != seat:
                    continue
                kind = event["kind"]
                key = {
                    "hand": "hand_points",
                    "crib": "crib_points",
                    "heels": "heels_points",
                    "muggins": "muggins_points",
                }
                stats[key.get(kind, "pegging_points")] += event["points"]
            result = record.get("result", {})
            if result.get("winner") == seat:
                stats["game_points"] += result.get("game_points", 0)
                if result.get("kind") == "skunk":
                    stats["skunks"] += 1
                elif result.get("kind") == "double skunk":
                    stats["double_skunks"] += 1
        return stats

    def derived_stats(self, counters: Mapping[str, int], hands: int) -> dict[str, float]:
        """Average hand and pegging points per deal, and crib points per crib owned."""
        def per(total: str, count: int) -> float:
            return round(counters.get(total, 0) / count, 3) if count else 0.0

        return {
            "average_hand_points": per("hand_points", hands),
            "average_crib_points": per("crib_points", counters.get("cribs", 0)),
            "average_pegging_points": per("pegging_points", hands),
        }

    #: The guided game (gui/lessons/window.py), loaded on first use.
    lesson = "ginrummy_desktop.engine.lessons.cribbage:CRIBBAGE_LESSON"
    #: The review's (inaccuracy, mistake, blunder) thresholds in points lost (docs/review.md).
    review_thresholds: tuple[float, float, float] = (0.5, 1.5, 3.0)

    def review(self, record: dict[str, Any], seat: int) -> HandReview:
        """``seat``'s decisions in one hand record, valued and graded (``engine.review``)."""
        from ginrummy_desktop.engine.cribbage.review import cribbage_hand_review

        return cribbage_hand_review(record, seat)

    def practice(self, record: dict[str, Any], seat: int, step: int) -> CribbageMatch:
        """The match just before action ``step`` of ``record``, to play on (the person
        keeps ``seat``)."""
        from ginrummy_desktop.engine.cribbage.practice import cribbage_practice

        return cribbage_practice(record, step)

    def game_lengths(self) -> dict[int, str]:
        """The game lengths people pick by name (target -> words, longest first): 121 plays
        the preset chosen, 61 is the "short" preset of its own."""
        from ginrummy_desktop.engine.cribbage.rules import GAME_LENGTHS

        return {target: CribbageRules.for_target(target).describe() for target in GAME_LENGTHS}

    def replay_record(self, record: dict) -> None:
        replay_record(record)

    def match_chain(self) -> CribbageMatchChain:
        return CribbageMatchChain()


CRIBBAGE = CribbageSpec()
