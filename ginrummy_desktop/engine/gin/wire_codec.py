"""Gin Rummy observations on the wire (the format is engine/wire.py's; docs/bots.md lists the
fields). ``GinSpec`` hands these to the shared codec."""

from __future__ import annotations

from typing import Any

from ginrummy_desktop.engine.gin.observation import GinObservation, HistoryEvent
from ginrummy_desktop.engine.gin.rules import GinRules
from ginrummy_desktop.engine.wire import (
    ObservationFields,
    action_to_wire,
    cards_to_wire,
    decoded_rules,
    events_to_wire,
    optional_card_to_wire,
)


def gin_to_wire(o: GinObservation) -> dict[str, Any]:
    return {
        "game": "gin",
        "seat": o.seat,
        "dealer": o.dealer,
        "phase": o.phase,
        "hand": cards_to_wire(o.hand),
        "discard_pile": cards_to_wire(o.discard_pile),
        "stock_size": o.stock_size,
        "knock_limit": o.knock_limit,
        "scores": list(o.scores),
        "rules": o.rules.to_dict(),
        "legal_actions": [action_to_wire(a) for a in o.legal_actions],
        "history": events_to_wire(o.history),
        "opponent": o.opponent,
        "hand_number": o.hand_number,
        "turn": o.turn,
        "known_opponent_cards": cards_to_wire(o.known_opponent_cards),
        "opponent_hand_size": o.opponent_hand_size,
        "num_players": o.num_players,
        "partner": o.partner,
        "upcard": optional_card_to_wire(o.upcard),
    }


def gin_from_wire(data: dict[str, Any]) -> GinObservation:
    fields = ObservationFields(data, "gin observation")
    rules = decoded_rules(GinRules.from_dict, fields.object("rules"), "gin observation")
    observation = GinObservation(
        seat=fields.integer("seat"),
        dealer=fields.integer("dealer"),
        phase=fields.word("phase"),
        hand=fields.cards("hand"),
        discard_pile=fields.cards("discard_pile"),
        stock_size=fields.integer("stock_size"),
        knock_limit=fields.integer("knock_limit"),
        scores=tuple(fields.integers("scores")),
        rules=rules,
        legal_actions=fields.actions("legal_actions"),
        history=tuple(
            HistoryEvent(seat, kind, card) for seat, kind, card in fields.events("history")
        ),
        opponent=fields.integer("opponent"),
        hand_number=fields.integer("hand_number"),
        turn=fields.integer("turn"),
        known_opponent_cards=fields.cards("known_opponent_cards"),
        opponent_hand_size=fields.integer("opponent_hand_size"),
        num_players=fields.integer("num_players"),
        partner=fields.integer("partner", optional=True),
        upcard=fields.card("upcard", optional=True),
    )
    fields.finish()
    return observation
