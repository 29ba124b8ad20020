"""Checking a whole Gin Rummy match from its hand records: scores, hand numbers, dealers, end.

``replay_record`` (in ``match.py``) checks one hand alone. ``GinMatchChain`` takes the hands of
one match in order and plays them through a real ``GinMatch`` on the recorded decks, so every
figure the match decides (the running ``scores``, who deals next, ``hand_number``, ``table``,
``match_over``, ``winners``, the ``final`` breakdown) must come out exactly as recorded.
"""

from __future__ import annotations

from typing import Any

from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.cards import FULL_DECK, Card
from ginrummy_desktop.engine.gin.hand import GinHand
from ginrummy_desktop.engine.gin.match import GinMatch
from ginrummy_desktop.engine.gin.rules import GinRules


class GinMatchChain:
    """The hands of one match, fed in order with ``add``; each raises ``ValueError`` on the
    first figure that does not follow from the previous hands and the rules."""

    def __init__(self) -> None:
        self._match: GinMatch | None = None
        self.hands = 0

    @staticmethod
    def starts_match(record: dict[str, Any]) -> bool:
        return record.get("hand_number") == 0

    @property
    def over(self) -> bool:
        return self._match is not None and self._match.finished

    @property
    def winners(self) -> tuple[int, ...]:
        return () if self._match is None else self._match.winners

    @property
    def match(self) -> GinMatch | None:
        """The match as replayed so far (for reading its scores; ``add`` alone feeds it)."""
        return self._match

    @property
    def num_seats(self) -> int | None:
        return None if self._match is None else self._match.rules.players

    def add(self, record: dict[str, Any]) -> None:
        """Play the recorded hand as the next hand of the match (the record replays alone)."""
        rules = GinRules.from_dict(record["rules"])
        deck = [Card.parse(text) for text in record["deck"]]
        if self._match is None:
            self._match = self._first_hand(rules, record)
        match = self._match
        if match.finished:
            raise ValueError("the match was already over before this hand")
        if rules != match.rules:
            raise ValueError("the rules changed within the match")
        if record["hand_number"] != match.hand.hand_number:
            raise ValueError(f"hand number {record['hand_number']!r} should be "
                             f"{match.hand.hand_number} (hands are numbered from 0)")
        if list(record["seats"]) != list(match.hand.seats):
            raise ValueError(f"seats {record['seats']!r} should be {list(match.hand.seats)} "
                             f"(the rules say who deals this hand)")
        match.hand = GinHand.deal(rules, deck, record["salt"], match.hand.seats,
                                  match.hand.hand_number)
        for number, (seat, kind, card) in enumerate(record["actions"], start=1):
            try:
                match.apply(seat, Action(kind, None if card is None else Card.parse(card)))
            except IllegalActionError as error:
                raise ValueError(f"action {number} does not replay: {error}") from None
        expected = match.records[-1] if match.records else None
        if expected is None or len(match.records) != self.hands + 1:
            raise ValueError("the recorded actions do not finish the hand")
        self.hands += 1
        _compare(expected, record)

    def _first_hand(self, rules: GinRules, record: dict[str, Any]) -> GinMatch:
        """A match whose first dealer is the recorded one (the cut itself is not recorded)."""
        match = GinMatch(rules, seed=0, deals=lambda _number: FULL_DECK)
        seats = tuple(record["seats"])
        for dealer in range(2 if rules.players == 4 else rules.players):
            match.dealer = dealer
            if match._seats_for_next_hand() == seats:  # noqa: SLF001 - the same package
                match.hand = GinHand.deal(rules, list(FULL_DECK), "", seats, 0)  # re-dealt
                return match
        raise ValueError(f"seats {record['seats']!r} cannot open a match under these rules")


def _compare(expected: dict[str, Any], record: dict[str, Any]) -> None:
    """Every field the match writes must be as recorded (fields others add are left alone)."""
    for key in expected:
        if expected[key] != record.get(key):
            shown = repr(record.get(key))
            shown = shown if len(shown) <= 120 else shown[:120] + "..."
            raise ValueError(f"{key} differ from the match: recorded {shown}, "
                             f"the rules give {expected[key]!r}")
