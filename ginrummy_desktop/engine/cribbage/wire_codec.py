"""Cribbage observations on the wire (the format is engine/wire.py's; docs/cribbage-engine.md
lists the fields). ``CribbageSpec`` hands these to the shared codec."""

from __future__ import annotations

from typing import Any

from ginrummy_desktop.engine.cribbage.observation import CribbageObservation
from ginrummy_desktop.engine.cribbage.rules import CribbageRules
from ginrummy_desktop.engine.wire import (
    ObservationFields,
    WireError,
    action_to_wire,
    cards_to_wire,
    decoded_rules,
    events_to_wire,
    optional_card_to_wire,
    seat_cards_to_wire,
)


def cribbage_to_wire(o: CribbageObservation) -> dict[str, Any]:
    return {
        "game": "cribbage",
        "seat": o.seat,
        "legal_actions": [action_to_wire(a) for a in o.legal_actions],
        "phase": o.phase,
        "hand": cards_to_wire(o.hand),
        "dealer": o.dealer,
        "scores": list(o.scores),
        "target": o.target,
        "starter": optional_card_to_wire(o.starter),
        "count": o.count,
        "current": seat_cards_to_wire(o.current),
        "played": seat_cards_to_wire(o.played),
        "go_seat": o.go_seat,
        "own_discards": cards_to_wire(o.own_discards),
        "opponent_cards_left": o.opponent_cards_left,
        "crib_size": o.crib_size,
        "hand_number": o.hand_number,
        "rules": o.rules.to_json(),
        "history": events_to_wire(o.history),
        "show_seat": o.show_seat,
        "show_cards": cards_to_wire(o.show_cards),
        "show_is_crib": o.show_is_crib,
        "claimed": o.claimed,
        "pack_size": o.pack_size,
        "deal_cuts": seat_cards_to_wire(o.deal_cuts),
        "last_history": events_to_wire(o.last_history),
        "last_starter": optional_card_to_wire(o.last_starter),
        "last_crib": cards_to_wire(o.last_crib),
        "last_own_discards": cards_to_wire(o.last_own_discards),
    }


def cribbage_from_wire(data: dict[str, Any]) -> CribbageObservation:
    fields = ObservationFields(data, "cribbage observation")
    rules = decoded_rules(CribbageRules.from_json, fields.object("rules"), "cribbage observation")
    scores = fields.integers("scores")
    if len(scores) != 2:
        raise WireError("cribbage observation.scores: expected two scores")
    observation = CribbageObservation(
        seat=fields.integer("seat"),
        legal_actions=fields.actions("legal_actions"),
        phase=fields.word("phase"),
        hand=fields.cards("hand"),
        dealer=fields.integer("dealer"),
        scores=(scores[0], scores[1]),
        target=fields.integer("target"),
        starter=fields.card("starter", optional=True),
        count=fields.integer("count"),
        current=fields.seat_cards("current"),
        played=fields.seat_cards("played"),
        go_seat=fields.integer("go_seat", optional=True),
        own_discards=fields.cards("own_discards"),
        opponent_cards_left=fields.integer("opponent_cards_left"),
        crib_size=fields.integer("crib_size"),
        hand_number=fields.integer("hand_number"),
        rules=rules,
        history=fields.events("history"),
        show_seat=fields.integer("show_seat", optional=True),
        show_cards=fields.cards("show_cards"),
        show_is_crib=fields.boolean("show_is_crib"),
        claimed=fields.integer("claimed", optional=True),
        # The cut fields came with player cuts; a sender from before them leaves them out.
        pack_size=fields.integer("pack_size") if "pack_size" in data else 0,
        deal_cuts=fields.seat_cards("deal_cuts") if "deal_cuts" in data else (),
        # The hand before came with the expert's reading of it; older senders leave it out.
        last_history=fields.events("last_history") if "last_history" in data else (),
        last_starter=fields.card("last_starter", optional=True) if "last_starter" in data
        else None,
        last_crib=fields.cards("last_crib") if "last_crib" in data else (),
        last_own_discards=fields.cards("last_own_discards") if "last_own_discards" in data
        else (),
    )
    fields.finish()
    return observation
