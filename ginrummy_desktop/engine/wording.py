"""Sentences that name people: one place for "You knocked" / "Ann knocks" grammar.

Sentences use ``person``: the caller gives the whole sentence twice, once for the person at
the table and once for anyone else, both through ``tr`` so each language words them its own way
(German "Du klopfst" / "Ann klopft"); counts use ``tr_n`` (engine/translation.py).

Every message that names a seat takes the seat's display name. The name "You" (any case) is the
person at the table, addressed in the second person ("You score 9", "your crib"); every other
name — a profile name like "Ann" or a bot's "Ada the Expert" — is named ("Ann scores 9",
"Ada the Expert's crib").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import card_text, cards_text
from ginrummy_desktop.engine.translation import tr, tr_ctx

YOU = "You"

def person(name: str, you: str, other: str, **values: Any) -> str:
    """``you`` or ``other`` (already translated, with ``{name}`` and ``values`` placeholders)
    filled in: ``person(n, tr("You knock"), tr("{name} knocks"))``."""
    return (you if is_you(name) else other).format(name=name, **values)


def names_together(names: list[str] | tuple[str, ...]) -> str:
    """Names joined for a team or a pair in the chosen language, the person first:
    ``"You and Bo"``, ``"Ann, Bo and Cy"``."""
    ordered = sorted(names, key=lambda name: not is_you(name))
    shown = [tr("You") if is_you(name) else name for name in ordered]
    if len(shown) <= 1:
        return "".join(shown)
    return tr("{names} and {last}").format(names=tr(", ").join(shown[:-1]), last=shown[-1])


def is_you(name: str) -> bool:
    """True for the person at the table (the name ``"You"``)."""
    return name.strip().casefold() == "you"


def shown_name(name: str) -> str:
    """A seat's name as a label shows it: the person at the table is "You" in the chosen
    language (the stored name stays "You"), anyone else as named."""
    return tr("You") if is_you(name) else name


# An action in words, by (kind, what it names): whole phrases so each language orders them.
_ACTION_WORDS: dict[tuple[str, str], Callable[[], str]] = {
    ("draw_stock", ""): lambda: tr_ctx("action", "draw stock"),
    ("draw_discard", ""): lambda: tr_ctx("action", "draw discard"),
    ("draw_discard", "card"): lambda: tr_ctx("action", "draw discard {card}"),
    ("pass", ""): lambda: tr_ctx("action", "pass"),
    ("discard", ""): lambda: tr_ctx("action", "discard"),
    ("discard", "card"): lambda: tr_ctx("action", "discard {card}"),
    # Translators: cribbage: the two cards laid away into the crib.
    ("discard", "cards"): lambda: tr_ctx("action", "discard {cards}"),
    ("knock", ""): lambda: tr_ctx("action", "knock"),
    # Translators: knock, discarding {card} face down.
    ("knock", "card"): lambda: tr_ctx("action", "knock {card}"),
    ("gin", ""): lambda: tr_ctx("action", "gin"),
    # Translators: go gin, discarding {card} face down.
    ("gin", "card"): lambda: tr_ctx("action", "gin {card}"),
    ("big_gin", ""): lambda: tr_ctx("action", "big gin"),
    ("play", ""): lambda: tr_ctx("action", "play"),
    ("play", "card"): lambda: tr_ctx("action", "play {card}"),
    # Translators: cribbage: say "go" (no card fits under 31).
    ("go", ""): lambda: tr_ctx("action", "go"),
    ("count", ""): lambda: tr_ctx("action", "count"),
    # Translators: cribbage with muggins: claim {points} points for a hand or crib.
    ("count", "points"): lambda: tr_ctx("action", "count {points}"),
    # Translators: cribbage: claim the points the opponent missed in their count.
    ("muggins", ""): lambda: tr_ctx("action", "muggins"),
    ("cut", ""): lambda: tr_ctx("action", "cut"),
    # Translators: cut the pack, lifting {points} cards off the top.
    ("cut", "points"): lambda: tr_ctx("action", "cut {points}"),
}


def action_text(action: Any) -> str:
    """An action as a person reads it, in the chosen language: ``"discard 10♥"``,
    ``"play J♣"``, ``"count 8"`` (``str(action)``, ``"discard TH"``, stays the code for logs
    and the command line)."""
    if not isinstance(action, Action):  # a bot's stray answer: say what it was
        return str(action)
    if action.points is not None:
        shape, value = "points", str(action.points)
    elif action.cards:
        shape, value = "cards", cards_text(action.cards)
    elif action.card is not None:
        shape, value = "card", card_text(action.card)
    else:
        shape, value = "", ""
    words = _ACTION_WORDS.get((action.kind, shape))
    if words is not None:
        return words().format(**{shape: value} if shape else {})
    bare = _ACTION_WORDS.get((action.kind, ""))
    kind = bare() if bare is not None else str(action.kind).replace("_", " ")
    # Translators: an action with what it names, when no phrase above fits ("play 8").
    return tr("{action} {value}").format(action=kind, value=value) if value else kind
