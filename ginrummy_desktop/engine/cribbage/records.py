"""Replaying a cribbage hand record: the same deck and actions must give the same points."""

from __future__ import annotations

from collections.abc import Sequence

from ginrummy_desktop.engine.actions import IllegalActionError
from ginrummy_desktop.engine.cards import FULL_DECK, parse_cards
from ginrummy_desktop.engine.cribbage.match import CribbageMatch, action_from_json
from ginrummy_desktop.engine.cribbage.rules import CribbageRules
from ginrummy_desktop.engine.deck import verify_commitment


def replay_record(record: dict) -> None:
    """Replay one hand from its revealed deck and recorded actions.

    Raises ``ValueError`` naming the first difference (a forged deck, an illegal action, or
    points that the rules do not give).
    """
    if record.get("game") != "cribbage":
        raise ValueError(f"not a cribbage record (game {record.get('game')!r})")
    try:
        deck_field = record["deck"]
        deck = parse_cards(" ".join(deck_field) if isinstance(deck_field, list) else deck_field)
        if not verify_commitment(deck, record["salt"], record["commitment"]):
            raise ValueError("the deck was not dealt as committed (commitment mismatch)")
        rules = CribbageRules.from_json(record["rules"])
        before = tuple(record["scores_before"])
        match = CribbageMatch(
            seed=0,
            rules=rules,
            first_dealer=record["dealer"],
            decks=[deck, list(FULL_DECK)],  # a spare deck: the next hand is dealt after the show
            scores=(before[0], before[1]),
        )
        for step, entry in enumerate(record["actions"], start=1):
            seat = entry["seat"]
            try:
                match.apply(seat, action_from_json(entry["action"]))
            except IllegalActionError as error:
                raise ValueError(f"action {step} is illegal on replay: {error}") from None
        finished = match.hand_records()
        if not finished:
            raise ValueError("the recorded actions do not finish the hand")
        replayed = finished[0]
    except (KeyError, TypeError, IndexError) as error:
        raise ValueError(f"damaged cribbage record ({error!r})") from None
    _compare("events", _points(replayed["events"]), _points(record.get("events", [])))
    _compare("scores", replayed["scores_after"], record.get("scores_after"))
    _compare("winner", replayed["winner"], record.get("winner"))
    _compare("starter", replayed["starter"], record.get("starter"))


def _points(events: Sequence[dict]) -> list[tuple]:
    return [(e["seat"], e["kind"], e["points"]) for e in events]


def _compare(what: str, replayed: object, recorded: object) -> None:
    if replayed != recorded:
        raise ValueError(f"{what} differ on replay: recorded {recorded!r}, rules give {replayed!r}")
