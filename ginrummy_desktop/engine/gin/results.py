"""What a finished hand revealed and scored, itemized for the end-of-hand panel and records."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ginrummy_desktop.engine.cards import Card, parse_cards
from ginrummy_desktop.engine.wording import mention, possessive, says, together, verb

#: How a hand can end (a ``HandResult``'s and a hand record's ``result.kind``); storage checks
#: stored records against it.
RESULT_KINDS = ("knock", "gin", "big_gin", "undercut", "draw")


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One line of a score breakdown, e.g. ``ScoreItem("Undercut bonus", 25)``."""

    label: str
    points: int

    def __str__(self) -> str:
        return f"{self.label} {self.points}"


@dataclass(frozen=True, slots=True)
class RevealedHand:
    """One player's cards when the hand ended, arranged by the engine."""

    seat: int
    cards: tuple[Card, ...]
    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    deadwood_points: int
    layoffs: tuple[tuple[Card, int], ...] = ()  # (card, index into the knocker's melds)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "cards": [str(c) for c in self.cards],
            "melds": [[str(c) for c in meld] for meld in self.melds],
            "deadwood": [str(c) for c in self.deadwood],
            "deadwood_points": self.deadwood_points,
            "layoffs": [[str(card), index] for card, index in self.layoffs],
        }

    @staticmethod
    def from_dict(data: dict[str, Any]) -> RevealedHand:
        return RevealedHand(
            seat=data["seat"],
            cards=tuple(parse_cards(data["cards"])),
            melds=tuple(tuple(parse_cards(meld)) for meld in data["melds"]),
            deadwood=tuple(parse_cards(data["deadwood"])),
            deadwood_points=data["deadwood_points"],
            layoffs=tuple((Card.parse(c), i) for c, i in data["layoffs"]),
        )


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended. ``points`` go to ``winner``; ``items`` add up to ``points``."""

    kind: str  # knock, gin, big_gin, undercut or draw
    knocker: int | None
    winner: int | None
    points: int
    items: tuple[ScoreItem, ...]
    hands: tuple[RevealedHand, ...]  # both players, first player (non-dealer) first
    discard: Card | None = None  # the knocker's face-down discard
    knock_limit: int = 10

    @property
    def summary(self) -> str:
        if self.kind == "draw":
            return "Dead hand: the stock ran out, no score"
        who = f"Seat {self.winner}"
        return f"{who} scores {self.points} ({', '.join(str(i) for i in self.items)})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "knocker": self.knocker,
            "winner": self.winner,
            "points": self.points,
            "items": [[item.label, item.points] for item in self.items],
            "hands": [hand.to_dict() for hand in self.hands],
            "discard": None if self.discard is None else str(self.discard),
            "knock_limit": self.knock_limit,
        }

    @staticmethod
    def from_dict(data: dict[str, Any]) -> HandResult:
        return HandResult(
            kind=data["kind"],
            knocker=data["knocker"],
            winner=data["winner"],
            points=data["points"],
            items=tuple(ScoreItem(label, points) for label, points in data["items"]),
            hands=tuple(RevealedHand.from_dict(h) for h in data["hands"]),
            discard=None if data["discard"] is None else Card.parse(data["discard"]),
            knock_limit=data["knock_limit"],
        )


def match_totals(
    final_breakdown: Sequence[Sequence[Any]], seat_scores: Sequence[int]
) -> tuple[int, ...]:
    """Each seat's match total as the match-over panel shows it: the ``Total`` lines of a
    finished match's breakdown (hand points, boxes, game and shutout bonuses; a partnership's
    team total for both partners), or the running ``seat_scores`` while no breakdown exists."""
    totals = {int(side): int(points) for label, side, points in final_breakdown
              if label == "Total"}
    if not totals:
        return tuple(seat_scores)
    if len(seat_scores) == 4:  # partnerships: the breakdown is per team (seat % 2)
        return tuple(totals.get(seat % 2, seat_scores[seat]) for seat in range(4))
    return tuple(totals.get(seat, seat_scores[seat]) for seat in range(len(seat_scores)))


ARCADE_POINT_VALUE = 200


def arcade_score(winner_points: int, loser_points: int) -> int:
    """The arcade high score of a won match: (the winner's points - the loser's points) x 200,
    from the match totals; never below 0. Statistics keeps the best; the match-over panel
    shows it."""
    return max(0, winner_points - loser_points) * ARCADE_POINT_VALUE


ARCADE_SCORE_MEANING = (
    "The arcade score measures how big your win was: your match points minus your nearest "
    f"rival's, times {ARCADE_POINT_VALUE}. Statistics keeps your best one as \"Best score\".")


def arcade_score_text(winner_points: int, loser_points: int, loser_name: str) -> str:
    """The arcade score of a match the person won and, on a second line, what it counts in a
    card player's words: "Arcade score: 77,800" / "(your 412 points − Ada's 23) × 200".
    ``loser_name`` is the nearest rival (a seat's or a team's name). Non-breaking spaces keep
    "23) × 200" together when a narrow panel wraps the line."""
    score = arcade_score(winner_points, loser_points)
    return (f"Arcade score: {score:,}\n(your {winner_points} points \u2212 "
            f"{possessive(loser_name)} {loser_points})\u00a0\u00d7\u00a0{ARCADE_POINT_VALUE}")


DEAD_HAND_TEXT = "Dead hand: the stock ran out. No score; the same dealer deals again."


def ending_text(kind: str | None, knocker: str | None, defender: str | None = None,
                knocked_with: int | None = None) -> str:
    """How a hand ended, naming people: "You knocked with 6", "Ann went gin",
    "Ada the Expert knocked and was undercut" (``defender`` named: "Ann undercut you").
    Names follow ``engine.wording``: "You" is the person at the table."""
    if kind == "draw" or kind is None or knocker is None:
        return "Dead hand"
    with_points = "" if knocked_with is None else f" with {knocked_with}"
    if kind == "undercut":
        if defender is not None:
            return f"{says(defender, 'undercut')} {mention(knocker)}"
        return f"{says(knocker, 'knocked')}{with_points} and {verb(knocker, 'was')} undercut"
    did = {"gin": "went gin", "big_gin": "went big gin", "knock": f"knocked{with_points}"}
    return says(knocker, did.get(kind, kind))


def describe_hand(result: HandResult, names: Mapping[int, str]) -> str:
    """One sentence for the end-of-hand panel, status line, match-over panel and History:
    "You knocked with 6: you score 9", "Ada the Expert knocked with 8 and was undercut: you
    score 27", "Ann went gin: Ann scores 31". ``names`` maps seats to display names."""
    if result.kind == "draw" or result.winner is None:
        return DEAD_HAND_TEXT
    knocker = names.get(result.knocker, "?") if result.knocker is not None else "?"
    winner = names.get(result.winner, "?")
    deadwood = next((hand.deadwood_points for hand in result.hands
                     if hand.seat == result.knocker), None)
    ending = ending_text(result.kind, knocker, knocked_with=deadwood)
    return f"{ending}: {says(winner, 'scores', start=False)} {result.points}"


def sits_out_text(sitter: str, players: Sequence[str]) -> str:
    """Three-player gin: the dealer's seat is out of the hand. "You sit out this hand: Ada
    and Bo play", "Ann sits out this hand: you and Bo play"."""
    return f"{says(sitter, 'sits')} out this hand: {together(list(players), start=False)} play"


def partner_table_text(players: Sequence[str]) -> str:
    """Partnership deals have two tables: what the other one is doing."""
    return f"The other table: {together(list(players), start=False)} play"


def team_name(members: Sequence[str], start: bool = True) -> str:
    """A partnership's name from its players: "You and Bo", "Ada and Cy" (``start=False``:
    "you and Bo", inside a sentence)."""
    return together(list(members), start)


def match_over_text(winner: str, team: bool = False) -> str:
    """The match-over panel's title: "You win the match!", "Ann wins the match!"; a team
    (``team``, named by ``team_name``) agrees in the plural: "Ada and Cy win the match!"."""
    if team:
        return f"{winner} win the match!"
    return f"{says(winner, 'wins')} the match!"
