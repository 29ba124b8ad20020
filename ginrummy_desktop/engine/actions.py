"""Actions and errors shared by both games' engines and by every agent, and how legality is checked.

An agent returns one element of ``observation.legal_actions`` (or an equal ``Action`` it built).
Gin Rummy uses ``kind`` and ``card``; Cribbage's ``discard`` uses ``cards`` (the two cards laid
in the crib) and, with the muggins option, ``count`` uses ``points`` (the points a player claims
for a hand or crib); ``cut`` uses ``points`` for the cut's depth (how many cards are lifted
off the top of the pack).

Legality is decided by value, never by asking the submitted object: ``action_key`` first checks
that the action's class is exactly ``Action`` and every field has exactly the type a legal action
has (a ``str`` kind among ``ACTION_KINDS``, a ``Card`` or None, a ``tuple`` of ``Card``, an
``int`` or None), then reduces it to a key of plain ints and strings. The engine compares that key
as the engine's own ``Action`` for that key with its own legal actions (``legal_action``), so
no ``__eq__``, ``__hash__`` or ``__str__`` of the submitted object (or of a subclass) ever runs,
and the engine applies its own legal action, never the object it was given.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ginrummy_desktop.engine.cards import SUITS, Card
from ginrummy_desktop.engine.translation import tr

#: Every kind either game uses: Gin Rummy first, then Cribbage's own.
ACTION_KINDS = frozenset({
    "draw_stock", "draw_discard", "pass", "discard", "knock", "gin", "big_gin",
    "play", "go", "count", "muggins", "cut",
})

#: A verified action as plain values: (kind, card index or None, sorted card indexes, points).
ActionKey = tuple[str, "int | None", tuple[int, ...], "int | None"]

_SUIT_OFFSET = {suit: 13 * position for position, suit in enumerate(SUITS)}
_MAX_POINTS = 10**6


class IllegalActionError(ValueError):
    """An action the rules do not allow now. The message is meant for a person to read.

    The engine raises it before changing anything, so the game state is exactly as it was.
    """


class _ActionFields(NamedTuple):
    kind: str
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    points: int | None = None


class Action(_ActionFields):
    """One player action: ``kind`` plus the card (or cards) or the points it concerns.

    Immutable for real: a tuple underneath, so not even ``object.__setattr__`` can rewrite a
    field, and its class cannot be swapped. That is why observations can hand the engine's
    legal actions out as they are.
    """

    __slots__ = ()
    # A data descriptor named __class__ blocks ``obj.__class__ = Other`` (type(obj) is unchanged).
    __class__ = property(type, doc="Always Action: the class cannot be reassigned.")

    def __str__(self) -> str:
        if self.points is not None:
            return f"{self.kind} {self.points}"
        if self.cards:
            return f"{self.kind} {' '.join(str(c) for c in self.cards)}"
        if self.card is not None:
            return f"{self.kind} {self.card}"
        return self.kind


def _type_name(value: object) -> str:
    # type.__dict__ access: a hostile metaclass cannot run code through ``__name__``.
    return type.__dict__["__name__"].__get__(type(value))


def _card_index(card: object, each: bool) -> int:
    """The card's index; ``each``: it is one of the action's cards, else the action's card."""
    if type(card) is not Card:
        text = (tr("each of the action's cards must be a Card, not {type}") if each
                else tr("the action's card must be a Card, not {type}"))
        raise IllegalActionError(text.format(type=_type_name(card)))
    if tuple.__len__(card) != 2:  # e.g. tuple.__new__(Card, ())
        raise IllegalActionError(
            tr("each of the action's cards is a Card that was never built") if each
            else tr("the action's card is a Card that was never built"))
    rank, suit = tuple.__iter__(card)
    if type(rank) is not int or not 1 <= rank <= 13:
        raise IllegalActionError(tr("each of the action's cards has no valid rank") if each
                                 else tr("the action's card has no valid rank"))
    offset = _SUIT_OFFSET.get(suit) if type(suit) is str else None
    if offset is None:
        raise IllegalActionError(tr("each of the action's cards has no valid suit") if each
                                 else tr("the action's card has no valid suit"))
    return offset + rank - 1


def action_key(action: object) -> ActionKey:
    """The canonical key of a genuine ``Action`` with well-typed fields.

    Anything else (another type, a subclass, a field of the wrong type, an unknown kind, a card
    that is not a real ``Card``) raises ``IllegalActionError`` naming the problem. The order of
    ``cards`` does not matter (a Cribbage discard is a set of two cards).
    """
    if type(action) is not Action:
        raise IllegalActionError(
            tr("an action must be an Action (one of observation.legal_actions), not {type}")
            .format(type=_type_name(action)))
    if tuple.__len__(action) != 4:  # e.g. tuple.__new__(Action, ())
        raise IllegalActionError(tr("that Action was never built (a field is missing)"))
    kind, card, cards, points = tuple.__iter__(action)
    if type(kind) is not str:
        raise IllegalActionError(
            tr("an action's kind must be a str, not {type}").format(type=_type_name(kind)))
    if kind not in ACTION_KINDS:
        raise IllegalActionError(tr("unknown action kind {kind}").format(kind=repr(kind[:40])))
    card_index = None if card is None else _card_index(card, each=False)
    if type(cards) is not tuple:
        raise IllegalActionError(
            tr("an action's cards must be a tuple of Card, not {type}")
            .format(type=_type_name(cards)))
    if len(cards) > 52:
        raise IllegalActionError(tr("an action names more cards than a deck holds"))
    indexes = (
        tuple(sorted(_card_index(c, each=True) for c in cards)) if cards else ()
    )
    if points is not None:
        if type(points) is not int:
            raise IllegalActionError(
                tr("an action's points must be an int or None, not {type}")
                .format(type=_type_name(points)))
        if not -_MAX_POINTS <= points <= _MAX_POINTS:
            raise IllegalActionError(tr("an action's points are out of range"))
    return (kind, card_index, indexes, points)


def legal_action(
    action: object, legal: Sequence[Action], explain: Callable[[Action], str]
) -> Action:
    """The engine's own action among ``legal`` that ``action`` stands for.

    ``action`` is verified (``action_key``) and rebuilt by the engine from its key; only that
    rebuilt copy is compared with ``legal``, and only it is passed to ``explain`` when it is
    not legal: ``IllegalActionError(explain(copy))``.
    """
    own = action_from_key(action_key(action))
    for candidate in legal:
        if candidate == own:
            return candidate
    raise IllegalActionError(explain(own))


def action_from_key(key: ActionKey) -> Action:
    """The engine's own ``Action`` for a key (its cards in card order, as legal actions are)."""
    kind, card_index, indexes, points = key
    card = None if card_index is None else Card.from_index(card_index)
    cards = tuple(sorted(Card.from_index(i) for i in indexes)) if indexes else ()
    return Action(kind, card, cards, points)
