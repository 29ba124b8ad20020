"""The one JSON codec for what crosses a process or network boundary: observations and actions.

Both games' observations and every action are turned into plain JSON values here, and read back
from them with strict validation. The process-bot protocol (docs/bots.md, "Bots in their own
process") and the online protocol carry exactly these objects, so a bot or client in any language
sees the same thing.

Wire format, version ``WIRE_VERSION`` (1):

- A **card** is two characters, rank then suit: ``"AS" "2C" ... "TH" "JD" "QS" "KC"`` (``T`` is
  ten; suits ``C D H S``). Nothing else is accepted (no ``"10H"``, no lower case, no symbols).
- An **action** is an object with ``kind`` (text) and only the fields it uses: ``card`` (a card),
  ``cards`` (a list of cards, Cribbage's two-card discard), ``points`` (a whole number, Cribbage's
  muggins count). Examples: ``{"kind": "draw_stock"}``, ``{"kind": "discard", "card": "TH"}``,
  ``{"kind": "discard", "cards": ["5H", "JC"]}``, ``{"kind": "count", "points": 8}``. Unknown
  fields, wrong types, ``null`` where a value is required, or a ``kind`` that is not one of
  ``engine.actions.ACTION_KINDS`` are refused.
- An **observation** is an object with ``"game"`` (a registered game's name, ``"gin"`` or
  ``"cribbage"`` built in) plus one key per field of that game's observation
  (``GinObservation`` / ``CribbageObservation``, described in docs/bots.md and
  docs/cribbage-engine.md): numbers stay numbers, ``null`` stays ``null``, cards are card
  texts, tuples are lists, ``rules`` is the rules object's JSON (``GinRules.to_dict`` /
  ``CribbageRules.to_json``), ``legal_actions`` is a list of actions. Events are objects:
  Gin ``history`` items are ``{"seat", "kind", "card"}`` (``card`` null where hidden); Cribbage
  ``current``/``played`` items are ``{"seat", "card"}`` and ``history`` items are
  ``{"seat", "kind", "card"}`` (``kind`` ``play`` or ``go``). With player cuts a Cribbage
  observation in the ``deal_cut``/``starter_cut`` phase offers ``{"kind": "cut", "points": d}``
  actions (``d`` the depth); ``pack_size`` and ``deal_cuts`` (``{"seat", "card"}`` items) were
  added then and may be absent from an older sender's observation (read as 0 and empty).

An observation holds only what its seat may know, so its encoding does too: the codec reads the
observation's public fields and nothing else (never the engine state behind it).

Each game's observation codec lives in its own package (``engine/gin/wire_codec.py``,
``engine/cribbage/wire_codec.py``) and is reached through its ``GameSpec``
(``observation_to_wire``/``observation_from_wire``): this module picks the game by the
observation's type or the object's ``"game"`` key and holds the shared parts (cards, actions,
events, strict field reads).

``observation_from_wire`` rebuilds the observation object (the Python bot host uses it, so a
``module:Class`` bot in a child process receives the very same type as one run in-process), and
``observation_from_wire(observation_to_wire(o)) == o`` for every observation either game makes.
Every decoding error is a ``WireError`` (a ``ValueError``) whose message names the field.
Changing any of this is a new ``WIRE_VERSION``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from ginrummy_desktop.engine.actions import ACTION_KINDS, Action
from ginrummy_desktop.engine.cards import RANK_LETTERS, SUITS, Card
from ginrummy_desktop.engine.protocol import GameSpec
from ginrummy_desktop.engine.registry import GAMES, game_names, get_game
from ginrummy_desktop.engine.translation import tr, tr_ctx

WIRE_VERSION = 1

#: Longest JSON line (in bytes) ``loads_line`` reads; an observation is a few kilobytes.
MAX_LINE_BYTES = 1 << 20
#: Deepest nesting ``loads_line`` accepts (observations nest four levels).
MAX_DEPTH = 32

_KIND = re.compile(r"[a-z][a-z_]{0,31}")
_ACTION_KEYS = frozenset({"kind", "card", "cards", "points"})
_MAX_POINTS = 10_000


class WireError(ValueError):
    """Data that is not a valid wire object; the message says which field and why (in the
    chosen language; field paths such as ``observation.hand[3]`` stay as they are)."""


# ----------------------------------------------------------------------------- JSON lines
def dumps_line(value: Any) -> str:
    """One compact JSON line (no newline) for a wire object; NaN and infinities are refused."""
    return json.dumps(value, separators=(",", ":"), allow_nan=False, ensure_ascii=False)


def loads_line(line: str | bytes, max_bytes: int = MAX_LINE_BYTES) -> Any:
    """Parse one JSON line strictly: UTF-8, at most ``max_bytes``, no NaN/Infinity, nesting at
    most ``MAX_DEPTH``, no absurdly long numbers. Anything else raises ``WireError``."""
    if isinstance(line, bytes):
        if len(line) > max_bytes:
            raise WireError(tr("line is longer than {limit} bytes").format(limit=max_bytes))
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as error:
            raise WireError(tr("not UTF-8 (byte {position})").format(position=error.start)
                            ) from None
    elif len(line) > max_bytes:
        raise WireError(tr("line is longer than {limit} characters").format(limit=max_bytes))
    try:
        value = json.loads(line, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        # Translators: {error} is Python's own English description ("Expecting value").
        raise WireError(tr("not JSON ({error} at column {column})").format(
            error=error.msg, column=error.colno)) from None
    except WireError:
        raise
    except RecursionError:
        raise WireError(tr("JSON nested too deeply (at most {limit} levels)").format(
            limit=MAX_DEPTH)) from None
    except ValueError as error:  # e.g. a 5,000-digit integer
        raise WireError(tr("not acceptable JSON ({error})").format(error=error)) from None
    if type(value) is dict or type(value) is list:
        depth = _nesting_depth(value)
        if depth > MAX_DEPTH:
            raise WireError(tr("JSON nested {depth} levels deep (at most {limit})").format(
                depth=depth, limit=MAX_DEPTH))
    return value


def _refuse_constant(name: str) -> Any:
    # Translators: {name} is NaN, Infinity or -Infinity.
    raise WireError(tr("{name} is not a JSON number").format(name=name))


def _nesting_depth(value: Any) -> int:
    """The deepest list/object nesting of a parsed value (walked without recursion)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > deepest:
            deepest = depth
            if deepest > MAX_DEPTH:
                return deepest
        children = item.values() if type(item) is dict else item
        for child in children:
            if type(child) is dict or type(child) is list:
                stack.append((child, depth + 1))
    return deepest if type(value) in (dict, list) else 0


# ----------------------------------------------------------------------------- cards
_CARDS_BY_TEXT = {
    rank + suit: Card(RANK_LETTERS.index(rank) + 1, suit) for suit in SUITS for rank in RANK_LETTERS
}


def card_to_wire(card: Card) -> str:
    """``"TH"`` for a genuine ``Card`` (its fields read as plain values, no method called)."""
    if type(card) is not Card:
        raise WireError(tr("not a card: {type}").format(type=type(card).__name__))
    rank, suit = card.rank, card.suit
    if type(rank) is not int or type(suit) is not str or not 1 <= rank <= 13 or suit not in SUITS:
        raise WireError(tr("not a card"))
    return RANK_LETTERS[rank - 1] + suit


def card_from_wire(value: Any, where: str = "card") -> Card:
    if type(value) is not str:
        # Translators: {where} is a field's path (observation.hand[2]), kept as it is.
        raise WireError(tr("{where}: expected a card text like 'TH', got {value}").format(
            where=where, value=_describe(value)))
    card = _CARDS_BY_TEXT.get(value)
    if card is None:
        raise WireError(tr("{where}: {value} is not a card (rank A23456789TJQK, suit CDHS)")
                        .format(where=where, value=repr(value[:12])))
    return card


def cards_to_wire(cards: Any) -> list[str]:
    return [card_to_wire(card) for card in cards]


def _cards_from_wire(value: Any, where: str, limit: int = 52) -> tuple[Card, ...]:
    items = _list(value, where, limit)
    try:
        return tuple([_CARDS_BY_TEXT[item] for item in items])  # the common, valid case
    except (KeyError, TypeError):
        return tuple(card_from_wire(item, f"{where}[{i}]") for i, item in enumerate(items))


def optional_card_to_wire(card: Card | None) -> str | None:
    return None if card is None else card_to_wire(card)


def events_to_wire(events: Any) -> list[dict[str, Any]]:
    """History events, ``(seat, kind, card or None)`` in any game, as wire objects."""
    return [{"seat": seat, "kind": kind, "card": optional_card_to_wire(card)}
            for seat, kind, card in events]


def seat_cards_to_wire(items: Any) -> list[dict[str, Any]]:
    """``(seat, card)`` pairs (cards played, cuts) as wire objects."""
    return [{"seat": seat, "card": card_to_wire(card)} for seat, card in items]


def _optional_card_from_wire(value: Any, where: str) -> Card | None:
    return None if value is None else card_from_wire(value, where)


# ----------------------------------------------------------------------------- actions
def action_to_wire(action: Action) -> dict[str, Any]:
    """The action as a JSON object. Only a genuine ``Action`` with plain field values encodes:
    this never calls a method of a look-alike object (so it also vets a bot's return value)."""
    if type(action) is not Action:
        raise WireError(tr("not an Action: {type}").format(type=type(action).__name__))
    kind, card, cards, points = action.kind, action.card, action.cards, action.points
    if type(kind) is not str or kind not in ACTION_KINDS:
        raise WireError(tr("the action's kind is not one of the games' action kinds"))
    data: dict[str, Any] = {"kind": kind}
    if card is not None:
        data["card"] = card_to_wire(card)
    if type(cards) is not tuple:
        raise WireError(tr("the action's cards are not a tuple"))
    if cards:
        data["cards"] = cards_to_wire(cards)
    if points is not None:
        if type(points) is not int or abs(points) > _MAX_POINTS:
            raise WireError(tr("the action's points are not a whole number"))
        data["points"] = points
    return data


def action_from_wire(data: Any, where: str = "action") -> Action:
    """A fresh ``Action`` from its JSON object; anything malformed raises ``WireError``."""
    if type(data) is dict and len(data) <= 2:  # the common shapes, checked quickly
        kind = data.get("kind")
        if type(kind) is str and kind in ACTION_KINDS:
            if len(data) == 1:
                return Action(kind)
            card = data.get("card")
            if type(card) is str and card in _CARDS_BY_TEXT:
                return Action(kind, _CARDS_BY_TEXT[card])
    return _action_from_wire_checked(data, where)


# History kinds seen valid so far (each game's few), so later events skip the pattern check.
_EVENT_KINDS: set[str] = set(ACTION_KINDS)
_MAX_EVENT_KINDS = 256


def _action_from_wire_checked(data: Any, where: str) -> Action:
    if type(data) is not dict:
        raise WireError(tr("{where}: expected an object, got {value}").format(
            where=where, value=_describe(data)))
    unknown = set(data) - _ACTION_KEYS
    if unknown:
        names = ", ".join(sorted(repr(key)[:20] for key in unknown)[:5])
        raise WireError(tr("{where}: unknown field(s) {names} (known: kind, card, cards, "
                           "points)").format(where=where, names=names))
    kind = data.get("kind")
    if type(kind) is not str or kind not in ACTION_KINDS:
        known = ", ".join(sorted(ACTION_KINDS))
        raise WireError(tr("{where}.kind: expected one of {known}, got {value}").format(
            where=where, known=known, value=_describe(kind)))
    card = _optional_card_from_wire(data.get("card"), f"{where}.card")
    cards = _cards_from_wire(data["cards"], f"{where}.cards") if "cards" in data else ()
    points = data.get("points")
    if points is not None and (type(points) is not int or abs(points) > _MAX_POINTS):
        raise WireError(tr("{where}.points: expected a whole number, got {value}").format(
            where=where, value=_describe(points)))
    return Action(kind, card=card, cards=cards, points=points)


# ----------------------------------------------------------------------------- observations
def observation_to_wire(observation: Any) -> dict[str, Any]:
    """The observation as a JSON object (``"game"`` says which game's fields follow)."""
    return _game_of(observation).observation_to_wire(observation)


def observation_from_wire(data: Any) -> Any:
    """Rebuild a game's observation from its JSON object (strictly validated)."""
    if type(data) is not dict:
        raise WireError(tr("observation: expected an object, got {value}").format(
            value=_describe(data)))
    game = data.get("game")
    if type(game) is not str or game not in GAMES:
        known = " or ".join(repr(name) for name in game_names())
        raise WireError(tr("observation.game: expected {known}, got {value}").format(
            known=known, value=_describe(game)))
    try:
        spec = get_game(game)
    except ValueError as error:  # registered but its package does not import
        raise WireError(f"observation.game: {error}") from None
    return spec.observation_from_wire(data)


_GAME_BY_TYPE: dict[type, GameSpec] = {}


def _game_of(observation: Any) -> GameSpec:
    """The game whose observation class ``observation`` is exactly (no look-alikes)."""
    kind = type(observation)
    spec = _GAME_BY_TYPE.get(kind)
    if spec is not None and GAMES.get(spec.name) is not None:
        return spec
    for name in game_names():
        try:
            candidate = get_game(name)
        except ValueError:
            continue
        if candidate.observation_type is kind:
            _GAME_BY_TYPE[kind] = candidate
            return candidate
    raise WireError(tr("not an observation: {type}").format(type=kind.__name__))


def decoded_rules(decode: Callable[[dict[str, Any]], Any], data: dict[str, Any],
                  what: str) -> Any:
    """Rules decoded by ``decode`` (a rules class's ``from_dict``/``from_json``), cached: every
    observation of a match carries the same rules. Bad rules raise ``WireError``."""
    try:
        key = (decode, tuple((k, type(v), v) for k, v in data.items()))
        hash(key)
    except TypeError:
        key = None
    cached = _RULES_CACHE.get(key) if key is not None else None
    if cached is not None:
        return cached
    try:
        rules = decode(data)
    except (TypeError, ValueError) as error:
        raise WireError(f"{what}.rules: {error}") from None
    if key is not None:
        if len(_RULES_CACHE) > 64:
            _RULES_CACHE.clear()
        _RULES_CACHE[key] = rules
    return rules


_RULES_CACHE: dict[Any, Any] = {}


class ObservationFields:
    """Typed reads of one observation object for a game's decoder; ``finish`` refuses keys
    nobody read. ``what`` names the object in error messages ("gin observation")."""

    def __init__(self, data: dict[str, Any], what: str) -> None:
        self.data, self.what = data, what
        self.read = {"game"}

    def _get(self, name: str) -> Any:
        if name not in self.data:
            raise WireError(tr("{where}: missing field {name}").format(where=self.what,
                                                                      name=repr(name)))
        self.read.add(name)
        return self.data[name]

    def _where(self, name: str) -> str:
        return f"{self.what}.{name}"

    def integer(self, name: str, optional: bool = False) -> Any:
        value = self._get(name)
        if value is None and optional:
            return None
        if type(value) is not int or abs(value) > 1_000_000:
            raise WireError(tr("{where}: expected a whole number, got {value}").format(
                where=self._where(name), value=_describe(value)))
        return value

    def integers(self, name: str) -> list[int]:
        values = _list(self._get(name), self._where(name), 8)
        for i, value in enumerate(values):
            if type(value) is not int or abs(value) > 1_000_000:
                raise WireError(tr("{where}[{index}]: expected a whole number").format(
                    where=self._where(name), index=i))
        return values

    def boolean(self, name: str) -> bool:
        value = self._get(name)
        if type(value) is not bool:
            raise WireError(tr("{where}: expected true or false, got {value}").format(
                where=self._where(name), value=_describe(value)))
        return value

    def word(self, name: str) -> str:
        value = self._get(name)
        if type(value) is not str or not _KIND.fullmatch(value):
            raise WireError(tr("{where}: expected a short word, got {value}").format(
                where=self._where(name), value=_describe(value)))
        return value

    def object(self, name: str) -> dict[str, Any]:
        value = self._get(name)
        if type(value) is not dict:
            raise WireError(tr("{where}: expected an object, got {value}").format(
                where=self._where(name), value=_describe(value)))
        return value

    def card(self, name: str, optional: bool = False) -> Card | None:
        value = self._get(name)
        if value is None and optional:
            return None
        return card_from_wire(value, self._where(name))

    def cards(self, name: str) -> tuple[Card, ...]:
        return _cards_from_wire(self._get(name), self._where(name))

    def actions(self, name: str) -> tuple[Action, ...]:
        items = _list(self._get(name), self._where(name), 400)
        where = self._where(name)
        return tuple([action_from_wire(item, where) for item in items])

    def seat_cards(self, name: str) -> tuple[tuple[int, Card], ...]:
        items = _list(self._get(name), self._where(name), 52)
        result = []
        for item in items:  # the valid case quickly; any doubt goes to the checked path
            if type(item) is dict and len(item) == 2:
                seat, card = item.get("seat"), item.get("card")
                if type(seat) is int and 0 <= seat < 8 and type(card) is str:
                    found = _CARDS_BY_TEXT.get(card)
                    if found is not None:
                        result.append((seat, found))
                        continue
            return self._seat_cards_checked(name, items)
        return tuple(result)

    def _seat_cards_checked(self, name: str, items: list[Any]) -> tuple[tuple[int, Card], ...]:
        result = []
        for i, item in enumerate(items):
            where = f"{self._where(name)}[{i}]"
            seat, card = _event(item, where, ("seat", "card"))
            result.append((seat, card_from_wire(card, f"{where}.card")))
        return tuple(result)

    def events(self, name: str) -> tuple[tuple[int, str, Card | None], ...]:
        items = _list(self._get(name), self._where(name), 400)
        result: list[tuple[int, str, Card | None]] = []
        for item in items:  # the valid case quickly; any doubt goes to the checked path
            if type(item) is dict and len(item) == 3:
                seat, kind, card = item.get("seat"), item.get("kind"), item.get("card", 0)
                if (type(seat) is int and 0 <= seat < 8 and type(kind) is str
                        and kind in _EVENT_KINDS):
                    if card is None:
                        result.append((seat, kind, None))
                        continue
                    found = _CARDS_BY_TEXT.get(card) if type(card) is str else None
                    if found is not None:
                        result.append((seat, kind, found))
                        continue
            return self._events_checked(name, items)
        return tuple(result)

    def _events_checked(
        self, name: str, items: list[Any]
    ) -> tuple[tuple[int, str, Card | None], ...]:
        result = []
        for i, item in enumerate(items):
            where = f"{self._where(name)}[{i}]"
            seat, kind, card = _event(item, where, ("seat", "kind", "card"))
            if type(kind) is not str or not _KIND.fullmatch(kind):
                raise WireError(tr("{where}.kind: expected a short word, got {value}").format(
                    where=where, value=_describe(kind)))
            if len(_EVENT_KINDS) < _MAX_EVENT_KINDS:
                _EVENT_KINDS.add(kind)
            result.append((seat, kind, _optional_card_from_wire(card, f"{where}.card")))
        return tuple(result)

    def finish(self) -> None:
        unknown = set(self.data) - self.read
        if unknown:
            names = ", ".join(sorted(repr(key)[:20] for key in unknown)[:5])
            raise WireError(tr("{where}: unknown field(s) {names}").format(where=self.what,
                                                                          names=names))


def _event(item: Any, where: str, keys: tuple[str, ...]) -> tuple[Any, ...]:
    if type(item) is not dict or set(item) != set(keys):
        raise WireError(tr("{where}: expected an object with exactly {fields}").format(
            where=where, fields=", ".join(keys)))
    seat = item["seat"]
    if type(seat) is not int or not 0 <= seat < 8:
        raise WireError(tr("{where}.seat: expected a seat number, got {value}").format(
            where=where, value=_describe(seat)))
    return tuple(item[key] for key in keys)


def _list(value: Any, where: str, limit: int) -> list[Any]:
    if type(value) is not list:
        raise WireError(tr("{where}: expected a list, got {value}").format(
            where=where, value=_describe(value)))
    if len(value) > limit:
        raise WireError(tr("{where}: more than {limit} items").format(where=where, limit=limit))
    return value


def _describe(value: Any) -> str:
    """A short, safe description of a JSON value for error messages."""
    if value is None:
        return "null"
    if type(value) is int and abs(value) >= 10**12:
        return tr_ctx("JSON value", "a huge number")
    if type(value) in (bool, int, float):
        return json.dumps(value)
    if type(value) is str:
        return repr(value[:20]) + ("..." if len(value) > 20 else "")
    if type(value) is list:
        return tr_ctx("JSON value", "a list")
    if type(value) is dict:
        return tr_ctx("JSON value", "an object")
    return type(value).__name__
