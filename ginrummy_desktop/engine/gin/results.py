"""What a finished hand revealed and scored, itemized for the end-of-hand panel and records."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ginrummy_desktop.engine import translation
from ginrummy_desktop.engine.cards import Card, parse_cards
from ginrummy_desktop.engine.translation import mark, tr
from ginrummy_desktop.engine.wording import is_you, names_together, person

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
            return tr("Dead hand: the stock ran out, no score")
        items = tr(", ").join(score_item_text(item) for item in self.items)
        return tr("Seat {seat} scores {points} ({items})").format(
            seat=self.winner, points=self.points, items=items)

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


#: Shown with ``tr(ARCADE_SCORE_MEANING)``; the figure is ``ARCADE_POINT_VALUE``.
ARCADE_SCORE_MEANING = mark(
    "The arcade score measures how big your win was: your match points minus your nearest "
    "rival's, times 200. Statistics keeps your best one as \"Best score\".")
assert str(ARCADE_POINT_VALUE) in ARCADE_SCORE_MEANING


def number_text(number: int) -> str:
    """``77800`` as the chosen language writes it: "77,800" (German "77.800")."""
    return translation.number(number)


def arcade_score_text(winner_points: int, loser_points: int, loser_name: str) -> str:
    """The arcade score of a match the person won and, on a second line, what it counts in a
    card player's words: "Arcade score: 77,800" / "(your 412 points − Ada's 23) × 200".
    ``loser_name`` is the nearest rival (a seat's or a team's name). Non-breaking spaces keep
    "23) × 200" together when a narrow panel wraps the line."""
    score = arcade_score(winner_points, loser_points)
    first = tr("Arcade score: {score}").format(score=number_text(score))
    second = tr("(your {points} points \u2212 {rival}'s {rival_points})\u00a0\u00d7\u00a0{value}"
                ).format(points=winner_points, rival=loser_name, rival_points=loser_points,
                         value=ARCADE_POINT_VALUE)
    return f"{first}\n{second}"


#: Shown with ``tr(DEAD_HAND_TEXT)``.
DEAD_HAND_TEXT = mark("Dead hand: the stock ran out. No score; the same dealer deals again.")

# How a hand ended, by the person who ended it: (the person at the table, anyone else).
_ENDINGS = {
    "gin": (mark("You went gin"), mark("{name} went gin")),
    "big_gin": (mark("You went big gin"), mark("{name} went big gin")),
    "knock": (mark("You knocked"), mark("{name} knocked")),
}
_KNOCKED_WITH = (mark("You knocked with {points}"), mark("{name} knocked with {points}"))
_UNDERCUT = (mark("You knocked and were undercut"), mark("{name} knocked and was undercut"))
_UNDERCUT_WITH = (mark("You knocked with {points} and were undercut"),
                  mark("{name} knocked with {points} and was undercut"))

#: Score lines as the engine writes them into results and records (English, the stored form);
#: shown with ``score_label_text``.
SCORE_LABELS = (
    mark("Big gin bonus"), mark("Gin bonus"), mark("Opponent's deadwood"),
    mark("Deadwood difference"), mark("Undercut bonus"), mark("Spade upcard doubles the hand"),
    mark("Hand points"), mark("Boxes"), mark("Game bonus"),
    mark("Game bonus, doubled for a shutout"), mark("Shutout doubles the total"), mark("Total"),
)
_GAME_PREFIX = re.compile(r"^Game (\d+): (.*)$", re.DOTALL)
_TEAM_PREFIX = re.compile(r"^Team (\d+)\+(\d+): (.*)$", re.DOTALL)
_BOXES = re.compile(r"^Boxes \((\d+) x (\d+)\)$")


def score_label_text(label: str) -> str:
    """A stored score line's label (``ScoreItem.label``, a final breakdown's label, e.g.
    ``"Game 2: Boxes (3 x 20)"``) in the chosen language; the stored English stays the key."""
    game = _GAME_PREFIX.match(label)
    if game:
        return tr("Game {number}: {label}").format(number=game.group(1),
                                                  label=score_label_text(game.group(2)))
    team = _TEAM_PREFIX.match(label)
    if team:
        return tr("Team {first}+{second}: {label}").format(
            first=team.group(1), second=team.group(2), label=score_label_text(team.group(3)))
    boxes = _BOXES.match(label)
    if boxes:
        return tr("Boxes ({boxes} x {bonus})").format(boxes=boxes.group(1), bonus=boxes.group(2))
    return tr(label) if label else label


def score_item_text(item: ScoreItem) -> str:
    """"Undercut bonus 25" in the chosen language (``str(item)`` stays the English)."""
    return tr("{label} {points}").format(label=score_label_text(item.label), points=item.points)


def ending_text(kind: str | None, knocker: str | None, defender: str | None = None,
                knocked_with: int | None = None) -> str:
    """How a hand ended, naming people: "You knocked with 6", "Ann went gin",
    "Ada the Expert knocked and was undercut" (``defender`` named: "Ann undercut you").
    Names follow ``engine.wording``: "You" is the person at the table."""
    if kind == "draw" or kind is None or knocker is None:
        return tr("Dead hand")
    if kind == "undercut":
        if defender is not None:
            if is_you(defender):
                return tr("You undercut {knocker}").format(knocker=knocker)
            if is_you(knocker):
                return tr("{name} undercut you").format(name=defender)
            return tr("{name} undercut {knocker}").format(name=defender, knocker=knocker)
        you, other = _UNDERCUT if knocked_with is None else _UNDERCUT_WITH
        return person(knocker, tr(you), tr(other), points=knocked_with)
    if kind == "knock" and knocked_with is not None:
        you, other = _KNOCKED_WITH
        return person(knocker, tr(you), tr(other), points=knocked_with)
    if kind in _ENDINGS:
        you, other = _ENDINGS[kind]
        return person(knocker, tr(you), tr(other))
    return f"{tr('You') if is_you(knocker) else knocker} {kind}"  # not a gin ending


def describe_hand(result: HandResult, names: Mapping[int, str]) -> str:
    """One sentence for the end-of-hand panel, status line, match-over panel and History:
    "You knocked with 6: you score 9", "Ada the Expert knocked with 8 and was undercut: you
    score 27", "Ann went gin: Ann scores 31". ``names`` maps seats to display names."""
    if result.kind == "draw" or result.winner is None:
        return tr(DEAD_HAND_TEXT)
    knocker = names.get(result.knocker, "?") if result.knocker is not None else "?"
    winner = names.get(result.winner, "?")
    deadwood = next((hand.deadwood_points for hand in result.hands
                     if hand.seat == result.knocker), None)
    ending = ending_text(result.kind, knocker, knocked_with=deadwood)
    return person(winner, tr("{ending}: you score {points}"),
                  tr("{ending}: {name} scores {points}"), ending=ending, points=result.points)


def _you_and_other(players: Sequence[str]) -> str | None:
    """The other player of a pair that includes the person (None: the person is not in it)."""
    others = [name for name in players if not is_you(name)]
    return others[0] if len(players) == 2 and len(others) == 1 else None


def sits_out_text(sitter: str, players: Sequence[str]) -> str:
    """Three-player gin: the dealer's seat is out of the hand. "You sit out this hand: Ada
    and Bo play", "Ann sits out this hand: you and Bo play"."""
    partner = _you_and_other(players)
    if partner is not None and not is_you(sitter):
        return tr("{name} sits out this hand: you and {other} play").format(
            name=sitter, other=partner)
    return person(sitter, tr("You sit out this hand: {players} play"),
                  tr("{name} sits out this hand: {players} play"),
                  players=names_together(list(players)))


def partner_table_text(players: Sequence[str]) -> str:
    """Partnership deals have two tables: what the other one is doing."""
    partner = _you_and_other(players)
    if partner is not None:
        return tr("The other table: you and {other} play").format(other=partner)
    return tr("The other table: {players} play").format(players=names_together(list(players)))


def team_name(members: Sequence[str], start: bool = True) -> str:
    """A partnership's name from its players: "You and Bo", "Ada and Cy" (``start=False``:
    "you and Bo", inside a sentence)."""
    partner = _you_and_other(members)
    if partner is not None and not start:
        return tr("you and {other}").format(other=partner)
    return names_together(list(members))


def match_over_text(winner: str, team: bool = False,
                    members: Sequence[str] | None = None) -> str:
    """The match-over panel's title: "You win the match!", "Ann wins the match!"; a team
    (``team``, named by ``team_name``) agrees in the plural: "Ada and Cy win the match!";
    with its ``members`` given, a team with the person in it has its own sentence ("You and
    Bo win the match!": French says "Vous et Bo gagnez", not "gagnent")."""
    partner = _you_and_other(members) if members is not None else None
    if partner is not None:
        return tr("You and {partner} win the match!").format(partner=partner)
    if team:
        return tr("{team} win the match!").format(team=winner)
    return person(winner, tr("You win the match!"), tr("{name} wins the match!"))
