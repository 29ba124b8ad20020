"""Checking cribbage hand records: one hand alone (``replay_record``: the same deck and actions
must give the same points) and the hands of one game in order (``CribbageMatchChain``)."""

from __future__ import annotations

from collections.abc import Sequence

from ginrummy_desktop.engine.actions import IllegalActionError
from ginrummy_desktop.engine.cards import FULL_DECK, parse_cards
from ginrummy_desktop.engine.cribbage.cuts import deal_cut_errors
from ginrummy_desktop.engine.cribbage.match import CribbageMatch, action_from_json
from ginrummy_desktop.engine.cribbage.rules import CribbageRules
from ginrummy_desktop.engine.deck import verify_commitment


def replay_record(record: dict) -> None:
    """Replay one hand from its revealed deck and recorded actions.

    Raises ``ValueError`` naming the first difference (a forged deck, an illegal action, or
    points that the rules do not give). With player cuts the recorded cuts are checked too:
    the starter cut replays as an action (its depth must turn up the recorded starter from the
    committed deck) and hand 1's ``deal_cut`` rounds must check out (``deal_cut_errors``).
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
    _compare("events", _points(record.get("events", [])), _points(replayed["events"]))
    _compare("scores", record.get("scores_after"), replayed["scores_after"])
    _compare("winner", record.get("winner"), replayed["winner"])
    _compare("starter", record.get("starter"), replayed["starter"])
    _compare("starter_cut", record.get("starter_cut"), replayed["starter_cut"])
    if "deal_cut" in record:
        problem = deal_cut_errors(record["deal_cut"], record["dealer"])
        if problem:
            raise ValueError(problem)


def _points(events: Sequence[dict]) -> list[tuple]:
    return [(e["seat"], e["kind"], e["points"]) for e in events]


def _compare(what: str, recorded: object, expected: object) -> None:
    if expected != recorded:
        shown = repr(recorded)
        shown = shown if len(shown) <= 120 else shown[:120] + "..."
        raise ValueError(f"{what} differ: recorded {shown}, the rules give {expected!r}")


class CribbageMatchChain:
    """The hands of one game, fed in order with ``add`` (each already replays alone): the
    scores carry over, the deal alternates, hands count from 1, nothing follows the end."""

    def __init__(self) -> None:
        self._last: dict | None = None
        self.hands = 0

    num_seats = 2

    @staticmethod
    def starts_match(record: dict) -> bool:
        return record.get("hand") == 1

    @property
    def over(self) -> bool:
        return self._last is not None and self._last.get("winner") is not None

    @property
    def winners(self) -> tuple[int, ...]:
        return (self._last["winner"],) if self.over and self._last is not None else ()

    def add(self, record: dict) -> None:
        last = self._last
        if last is None:
            _compare("scores_before", record.get("scores_before"), [0, 0])
            _check_first_dealer(record)
        else:
            if self.over:
                raise ValueError("the game was already over before this hand")
            if record.get("rules") != last.get("rules"):
                raise ValueError("the rules changed within the game")
            _compare("hand number", record.get("hand"), last["hand"] + 1)
            _compare("dealer", record.get("dealer"), 1 - last["dealer"])
            _compare("scores_before", record.get("scores_before"), last["scores_after"])
        self._last = record
        self.hands += 1


def _check_first_dealer(record: dict) -> None:
    """With player cuts the first hand shows the cut for the deal, unless the app named the
    first dealer (``"first_dealer": "given"``, a rematch); the runner always cuts, so its
    records (which carry ``match``) must show the cut."""
    rules = record.get("rules")
    if not isinstance(rules, dict) or not rules.get("player_cuts") or "deal_cut" in record:
        return
    if record.get("first_dealer") != "given" or "match" in record:
        raise ValueError("the players cut for the deal under these rules, but the first hand "
                         "records no cut for the deal")
