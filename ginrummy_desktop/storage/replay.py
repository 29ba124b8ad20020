"""Rebuild a hand move by move from its record (``deck`` + ``actions``).

``replay_frames`` picks the game. Cribbage hands are replayed by the cribbage engine itself
(the record's deck and actions applied to a ``CribbageMatch``), then the show item by item.

Gin Rummy:

Follows the engine's dealing convention: the non-dealer gets ``deck[0]``, ``deck[2]``, ...,
the dealer ``deck[1]``, ``deck[3]``, ...; ``deck[20]`` is the upcard (or the non-dealer's
eleventh card when the rules deal eleven) and the stock is drawn from ``deck[21]`` on.
Pure Python: the replay window only displays the frames.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.storage.records_io import validate_record

# (third person, for "You") wording of each action.
_ACTION_WORDS = {
    "draw_stock": ("draws {card} from the stock", "draw {card} from the stock"),
    "draw_discard": ("takes {card} from the discard pile", "take {card} from the discard pile"),
    "pass": ("passes", "pass"),
    "discard": ("discards {card}", "discard {card}"),
    "knock": ("knocks, discarding {card}", "knock, discarding {card}"),
    "gin": ("goes gin, discarding {card}", "go gin, discarding {card}"),
    "big_gin": ("goes big gin", "go big gin"),
}


@dataclass(frozen=True, slots=True)
class ReplayFrame:
    """The table after ``step`` actions (step 0 is the deal).

    ``hands`` is in ``seats`` order: the non-dealer's hand first, then the dealer's.
    """

    step: int
    seats: tuple[int, int]
    description: str
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    discard_pile: tuple[Card, ...]
    stock_count: int
    actor: int | None = None
    card: Card | None = None
    note: str = ""  # what the middle of the table says (cribbage: count, starter, crib)


def replay_frames(
    record: dict[str, Any], names: dict[int, str] | None = None
) -> list[ReplayFrame]:
    """Every position of a gin or cribbage hand; ``ValueError`` for a record that does not
    replay."""
    if isinstance(record, dict) and record.get("game") == "cribbage":
        return cribbage_replay_frames(record, names)
    return gin_replay_frames(record, names)


def cribbage_replay_frames(
    record: dict[str, Any], names: dict[int, str] | None = None
) -> list[ReplayFrame]:
    """A cribbage hand: the deal, each discard, card and go with its points, then the show."""
    from ginrummy_desktop.engine.actions import IllegalActionError
    from ginrummy_desktop.engine.cards import FULL_DECK, parse_cards
    from ginrummy_desktop.engine.cribbage.match import CribbageMatch, action_from_json
    from ginrummy_desktop.engine.cribbage.rules import CribbageRules

    validate_record(record)
    try:
        dealer = int(record["dealer"])
        deck_field = record["deck"]
        deck = parse_cards(" ".join(deck_field) if isinstance(deck_field, list) else deck_field)
        before = record.get("scores_before", [0, 0])
        match = CribbageMatch(seed=0, rules=CribbageRules.from_json(record["rules"]),
                              first_dealer=dealer, decks=[deck, list(FULL_DECK)],
                              scores=(int(before[0]), int(before[1])))
        actions = [(int(e["seat"]), action_from_json(e["action"])) for e in record["actions"]]
        shows = [(int(s["seat"]), str(s["what"]), tuple(parse_cards(s["cards"])))
                 for s in record.get("shows", [])]
    except (KeyError, TypeError, IndexError, ValueError) as error:
        raise ValueError(f"damaged cribbage record ({error})") from None
    seats = (1 - dealer, dealer)
    named = {seat: (names or {}).get(seat, f"Seat {seat}") for seat in seats}
    deals = "deal" if named[dealer] == "You" else "deals"
    frames = [ReplayFrame(0, seats, f"{named[dealer]} {deals}",
                          (tuple(match.hands[seats[0]]), tuple(match.hands[seats[1]])), (), 0,
                          note="Each player lays two cards away to the crib")]
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
        you = named[seat] == "You"
        verb = {"discard": f"lay{'' if you else 's'} {' '.join(map(str, action.cards))} away",
                "play": f"play{'' if you else 's'} {action.card}",
                "go": f"say{'' if you else 's'} go",
                "count": f"count{'' if you else 's'} {action.points}",
                "muggins": "call muggins" if you else "calls muggins",
                "pass": "let it pass" if you else "lets it pass"}.get(action.kind, action.kind)
        text = f"{named[seat]} {verb}" + "".join(
            f"; {named[e['seat']]}: {e['words']}" for e in hand_events)
        if finished:  # the hand is over; keep the cards as they were before the next deal
            last_card = (action.card,) if action.card is not None else ()
            hands: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
            middle = frames[-1].discard_pile + last_card
            note = "The play is over"
        else:
            hands = (tuple(match.hands[seats[0]]), tuple(match.hands[seats[1]]))
            middle = tuple(card for _, card in match.current)
            starter = f"starter {match.starter}" if match.starter is not None else "no starter"
            note = f"Count {match.count} · {starter}"
        frames.append(ReplayFrame(step, seats, text, hands, middle, 0, seat,
                                  action.card, note))
    show_events = {(e["seat"], e["kind"]): e for e in
                   (match.hand_records()[0]["events"] if match.hand_records() else [])
                   if e["kind"] in ("hand", "crib")}
    kept = {seat: cards for seat, what, cards in shows if what == "hand"}
    for seat, what, cards in shows:
        event = show_events.get((seat, what))
        words = event["words"] if event else "nineteen (no points)"
        whose = "Your" if named[seat] == "You" else f"{named[seat]}'s"
        owner = f"{whose} {'crib' if what == 'crib' else 'hand'}"
        hands = (kept.get(seats[0], ()), kept.get(seats[1], ()))
        frames.append(ReplayFrame(len(frames), seats, f"{owner}: {words}", hands,
                                  cards if what == "crib" else (), 0, seat, None,
                                  f"Starter {record.get('starter')}"))
    return frames


def gin_replay_frames(
    record: dict[str, Any], names: dict[int, str] | None = None
) -> list[ReplayFrame]:
    """Every position of the hand, from the deal to the last action, as the engine plays it.

    Raises ``ValueError`` when the record is malformed or an action does not replay (e.g.
    discarding a card the player does not hold).
    """
    from ginrummy_desktop.engine.actions import Action, IllegalActionError
    from ginrummy_desktop.engine.gin.hand import GinHand
    from ginrummy_desktop.engine.gin.rules import GinRules

    validate_record(record)
    if record["game"] != "gin":
        raise ValueError("only Gin Rummy hands can be replayed move by move")
    first, second = _positions(record)
    seats = (first, second)
    names = {seat: (names or {}).get(seat, f"Seat {seat}") for seat in seats}
    try:
        rules = record.get("rules")
        deck_field = record["deck"]
        deck = [Card.parse(text) for text in (
            deck_field.split() if isinstance(deck_field, str) else deck_field)]
        hand = GinHand.deal(GinRules.from_dict(rules if isinstance(rules, dict) else {}), deck,
                            str(record.get("salt", "")), seats)
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"damaged gin record ({error})") from None
    deals = "deal" if names[second] == "You" else "deals"
    frames = [_gin_frame(hand, 0, f"{names[second]} {deals}", None, None)]
    for step, entry in enumerate(record["actions"], start=1):
        try:
            seat, kind, card_text = entry
            action = Action(kind, None if card_text is None else Card.parse(card_text))
            drawn = {"draw_stock": hand.deck[hand.stock_pos] if hand.stock_pos < 52 else None,
                     "draw_discard": hand.discard_pile[-1] if hand.discard_pile else None}
            hand.apply(seat, action)
        except (IllegalActionError, ValueError, TypeError, KeyError) as error:
            raise ValueError(f"move {step} does not replay: {error}") from None
        card = drawn.get(kind, action.card)
        words = _ACTION_WORDS[kind][names[seat] == "You"].format(card=card)
        frames.append(_gin_frame(hand, step, f"{names[seat]} {words}", seat, card))
    return frames


def _positions(record: dict[str, Any]) -> tuple[int, int]:
    """(non-dealer seat, dealer seat)."""
    seats = record.get("seats")
    if isinstance(seats, list) and len(seats) == 2:
        if not all(isinstance(s, int) and s >= 0 for s in seats) or seats[0] == seats[1]:
            raise ValueError("seats must be two different seat numbers")
        return seats[0], seats[1]
    dealer = record.get("dealer", 1)
    if dealer not in (0, 1):
        raise ValueError("dealer must be seat 0 or 1")
    return 1 - dealer, dealer


def _gin_frame(hand: Any, step: int, text: str, actor: int | None, card: Card | None
               ) -> ReplayFrame:
    return ReplayFrame(step, hand.seats, text, (tuple(hand.hands[0]), tuple(hand.hands[1])),
                       tuple(hand.discard_pile), 52 - hand.stock_pos, actor, card)
