"""Observations and actions as JSON for the online wire.

This is the shape ``engine/wire.py`` (helper ``proc-bots``, the process-bot codec) is to define;
while that module is not on this branch the online service uses these functions, and once it is
they should be replaced by imports from it (one codec for both). Cards travel as ``"TH"``;
actions as ``{"kind", "card"?, "cards"?, "points"?}``; observation dataclasses field by field.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card, parse_cards


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Action):
        return action_to_json(value)
    if hasattr(value, "to_dict"):  # rules objects
        return value.to_dict()
    if dataclasses.is_dataclass(value):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


def observation_to_json(observation: Any) -> dict[str, Any]:
    """Every field of a game's observation, cards as text (no field is added or dropped)."""
    return {f.name: _plain(getattr(observation, f.name)) for f in dataclasses.fields(observation)}


def action_to_json(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": action.kind}
    if action.card is not None:
        data["card"] = str(action.card)
    if action.cards:
        data["cards"] = [str(c) for c in action.cards]
    if action.points is not None:
        data["points"] = action.points
    return data


def action_from_json(data: dict[str, Any]) -> Action:
    """An ``Action`` from its JSON; bad cards raise ``ValueError``."""
    card = Card.parse(data["card"]) if data.get("card") else None
    return Action(str(data["kind"]), card=card, cards=tuple(parse_cards(data.get("cards") or [])),
                  points=data.get("points"))


def _card(text: str | None) -> Card | None:
    return None if text is None else Card.parse(text)


def _cards(items: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(text) for text in items)


def observation_from_json(game: str, data: dict[str, Any]) -> Any:
    """Rebuild the game's observation dataclass (for bots playing online)."""
    actions = tuple(action_from_json(a) for a in data["legal_actions"])
    if game == "gin":
        from ginrummy_desktop.engine.gin.observation import GinObservation, HistoryEvent
        from ginrummy_desktop.engine.gin.rules import GinRules
        return GinObservation(
            **{**data,
               "hand": _cards(data["hand"]), "discard_pile": _cards(data["discard_pile"]),
               "scores": tuple(data["scores"]), "rules": GinRules.from_dict(data["rules"]),
               "legal_actions": actions,
               "history": tuple(HistoryEvent(e["seat"], e["kind"], _card(e["card"]))
                                for e in data["history"]),
               "known_opponent_cards": _cards(data["known_opponent_cards"]),
               "upcard": _card(data.get("upcard"))})
    if game == "cribbage":
        from ginrummy_desktop.engine.cribbage.observation import CribbageObservation
        from ginrummy_desktop.engine.cribbage.rules import CribbageRules
        pairs = lambda items: tuple((seat, Card.parse(card)) for seat, card in items)  # noqa: E731
        return CribbageObservation(
            **{**data,
               "legal_actions": actions, "hand": _cards(data["hand"]),
               "scores": tuple(data["scores"]), "starter": _card(data.get("starter")),
               "current": pairs(data["current"]), "played": pairs(data["played"]),
               "own_discards": _cards(data["own_discards"]),
               "rules": CribbageRules.from_json(data["rules"]),
               "history": tuple((s, k, _card(c)) for s, k, c in data["history"]),
               "show_cards": _cards(data.get("show_cards", []))})
    raise ValueError(f"unknown game {game!r}")
