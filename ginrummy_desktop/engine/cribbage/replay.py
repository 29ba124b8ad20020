"""Replay a cribbage hand record through ``CribbageMatch`` (see ``engine.replay``).

The record's deck, dealer and scores before the deal set up a match; its actions are applied
one by one, each frame telling what was pegged. Then the show follows, one frame per counted
hand and the crib, each laid out (the starter in the middle) with every scoring item.
"""

from __future__ import annotations

from typing import Any

from ginrummy_desktop.engine.actions import IllegalActionError
from ginrummy_desktop.engine.cards import FULL_DECK, Card, card_text, cards_text, parse_cards
from ginrummy_desktop.engine.cribbage.match import (
    CribbageMatch,
    action_from_json,
    event_from_json,
)
from ginrummy_desktop.engine.cribbage.rules import CribbageRules
from ginrummy_desktop.engine.cribbage.scoring import ScoreItem
from ginrummy_desktop.engine.cribbage.words import hand_owner
from ginrummy_desktop.engine.replay import ReplayFrame, ShownHand, seat_names
from ginrummy_desktop.engine.translation import tr, tr_n
from ginrummy_desktop.engine.wording import person, shown_name


def cribbage_replay_frames(
    record: dict[str, Any], names: dict[int, str] | None = None
) -> list[ReplayFrame]:
    """A cribbage hand: the deal, each discard, card and go with its points, then the show."""
    if not isinstance(record, dict) or record.get("game") != "cribbage":
        raise ValueError("not a cribbage hand record")
    try:
        dealer = int(record["dealer"])
        if dealer not in (0, 1):
            raise ValueError("dealer must be seat 0 or 1")
        deck_field = record["deck"]
        deck = parse_cards(" ".join(deck_field) if isinstance(deck_field, list) else deck_field)
        before = record.get("scores_before", [0, 0])
        match = CribbageMatch(seed=0, rules=CribbageRules.from_json(record["rules"]),
                              first_dealer=dealer, decks=[deck, list(FULL_DECK)],
                              scores=(int(before[0]), int(before[1])))
        actions = [(int(e["seat"]), action_from_json(e["action"])) for e in record["actions"]]
        shows = [(int(s["seat"]), str(s["what"]), tuple(parse_cards(s["cards"])),
                  tuple(_item(i) for i in s.get("items", [])), s)
                 for s in record.get("shows", [])]
    except (KeyError, TypeError, IndexError, ValueError, AttributeError) as error:
        raise ValueError(f"damaged cribbage record ({error})") from None
    seats = (1 - dealer, dealer)
    named = seat_names(seats, names)
    frames = [ReplayFrame(0, seats, person(named[dealer], tr("You deal"), tr("{name} deals")),
                          (tuple(match.hands[seats[0]]), tuple(match.hands[seats[1]])), (), 0,
                          note=tr("Each player lays two cards away to the crib"))]
    seen = 0
    for step, (seat, action) in enumerate(actions, start=1):
        try:
            match.apply(seat, action)
        except IllegalActionError as error:
            raise ValueError(f"move {step} does not replay: {error}") from None
        finished = match.hand_records()
        events = finished[0]["events"] if finished else [e.to_json() for e in match.events]
        hand_events = [e for e in events[seen:] if e["kind"] not in ("hand", "crib")]
        seen = len(events)
        text = _told(named[seat], action, match.starter)
        for e in hand_events:
            text = tr("{move}; {name}: {words}").format(
                move=text, name=shown_name(named[e["seat"]]), words=event_from_json(e).text)
        if finished:  # the hand is over; keep the cards as they were before the next deal
            last_card = (action.card,) if action.card is not None else ()
            hands: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
            middle = frames[-1].discard_pile + last_card
            note = tr("The play is over")
        else:
            hands = (tuple(match.hands[seats[0]]), tuple(match.hands[seats[1]]))
            middle = tuple(card for _, card in match.current)
            if match.starter is not None:
                note = tr("Count {count} · starter {card}").format(
                    count=match.count, card=card_text(match.starter))
            else:
                note = tr("Count {count} · no starter").format(count=match.count)
        frames.append(ReplayFrame(step, seats, text, hands, middle, 0, seat,
                                  action.card, note))
    records = match.hand_records()
    show_events = {(e["seat"], e["kind"]): e for e in (records[0]["events"] if records else [])
                   if e["kind"] in ("hand", "crib")}
    kept = {seat: cards for seat, what, cards, _items, _show in shows if what == "hand"}
    starter_code = record.get("starter")
    starter = Card.parse(starter_code) if isinstance(starter_code, str) else None
    for seat, what, cards, items, show in shows:
        event = show_events.get((seat, what))
        words = event_from_json(event).text if event else tr("nineteen (no points)")
        owner = hand_owner(named[seat], what)
        hands = (kept.get(seats[0], ()), kept.get(seats[1], ()))
        total = int(show.get("claimed", show.get("total", 0)))
        if what == "crib":
            summary = tr_n("crib: {count} point", "crib: {count} points", total)
        else:
            summary = tr_n("hand: {count} point", "hand: {count} points", total)
        counted = ShownHand(seat=seat, melds=(cards,), summary=summary.format(count=total))
        shown = (counted, None) if seat == seats[0] else (None, counted)
        scoring = tuple(tr("{combination}: {cards}").format(combination=item.words,
                                                            cards=cards_text(item.cards))
                        for item in items) or (tr("No points"),)
        frames.append(ReplayFrame(len(frames), seats,
                                  tr("{whose}: {count}").format(whose=owner, count=words), hands,
                                  (starter,) if starter else (), 0, seat, None,
                                  tr("Starter {card}").format(card=card_text(starter))
                                  if starter else "",
                                  shown=shown, scoring=scoring))
    return frames


def _item(data: dict[str, Any]) -> ScoreItem:
    return ScoreItem(str(data["kind"]), tuple(parse_cards(data["cards"])), int(data["points"]))


def _told(name: str, action: Any, starter: Card | None = None) -> str:
    """What the player did, in words: "You lay 5♥ K♠ away", "Max plays 7♣", "Max cuts 17
    cards: the starter is 6♠"."""
    kind = action.kind
    if kind == "cut":
        if starter is not None:
            return person(name, tr_n("You cut {count} card: the starter is {card}",
                                     "You cut {count} cards: the starter is {card}",
                                     action.points),
                          tr_n("{name} cuts {count} card: the starter is {card}",
                               "{name} cuts {count} cards: the starter is {card}",
                               action.points),
                          count=action.points, card=card_text(starter))
        return person(name, tr_n("You cut {count} card", "You cut {count} cards", action.points),
                      tr_n("{name} cuts {count} card", "{name} cuts {count} cards",
                           action.points), count=action.points)
    if kind == "discard":
        return person(name, tr("You lay {cards} away"), tr("{name} lays {cards} away"),
                      cards=cards_text(action.cards))
    if kind == "play":
        return person(name, tr("You play {card}"), tr("{name} plays {card}"),
                      card=card_text(action.card))
    if kind == "go":
        return person(name, tr("You say go"), tr("{name} says go"))
    if kind == "count":
        return person(name, tr("You count {points}"), tr("{name} counts {points}"),
                      points=action.points)
    if kind == "muggins":
        return person(name, tr("You call muggins"), tr("{name} calls muggins"))
    if kind == "pass":
        return person(name, tr("You let it pass"), tr("{name} lets it pass"))
    return f"{name} {kind}"
