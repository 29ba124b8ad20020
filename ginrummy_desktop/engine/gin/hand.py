"""One hand of Gin Rummy between two players: dealing, turns, knocking and the hand's score.

Players are kept by position: 0 is the first player (the non-dealer), 1 the dealer. ``seats``
maps positions to match seats so the same hand serves two, three and four-player matches.
Every ``apply`` validates first and mutates afterwards, so an illegal action changes nothing.
Legality is checked by value (``engine.actions.legal_action``): the move is applied from the
engine's own cards, never from the object an agent submitted.
"""

from __future__ import annotations

from typing import Any

from ginrummy_desktop.engine.actions import Action, IllegalActionError, legal_action
from ginrummy_desktop.engine.cards import Card, card_text, cards_mask, parse_cards
from ginrummy_desktop.engine.deck import commitment
from ginrummy_desktop.engine.gin import layoffs, melds
from ginrummy_desktop.engine.gin.observation import HistoryEvent
from ginrummy_desktop.engine.gin.results import HandResult, RevealedHand, ScoreItem
from ginrummy_desktop.engine.gin.rules import GinRules
from ginrummy_desktop.engine.translation import mark, tr
from ginrummy_desktop.engine.wording import action_text

FIRST_UPCARD = "first_upcard"
DEALER_UPCARD = "dealer_upcard"
DRAW = "draw"
DISCARD = "discard"
LAST_DISCARD = "last_discard"
OVER = "over"

DRAW_STOCK = Action("draw_stock")
PASS = Action("pass")
BIG_GIN = Action("big_gin")


def oklahoma_knock_limit(upcard: Card, rules: GinRules) -> int:
    """Oklahoma: the upcard's count (courts 10) is the knock limit; an ace may mean gin only."""
    if upcard.rank == 1 and rules.oklahoma_ace_gin_only:
        return 0
    return upcard.points


class GinHand:
    """A single hand. Build with ``GinHand.deal(...)``; drive with ``legal_actions``/``apply``."""

    __slots__ = (
        "rules", "deck", "salt", "seats", "hand_number", "hands", "discard_pile", "stock_pos",
        "phase", "turn", "taken", "retake_ban", "known", "events", "actions", "result",
        "knock_limit", "multiplier", "turns_taken", "upcard", "wall_take", "_legal_cache",
        "_seen_events",
    )
    # The slots' types (set in ``deal``).
    rules: GinRules
    deck: list[Card]
    salt: str
    seats: tuple[int, ...]  # (first player's seat, dealer's seat)
    hand_number: int
    hands: list[list[Card]]  # by position
    discard_pile: list[Card]  # top card last
    stock_pos: int  # index in ``deck`` of the next stock card
    phase: str
    turn: int  # the position to move
    taken: Card | None  # the card just taken from the pile
    retake_ban: tuple[Card, int] | None
    known: list[list[Card]]  # by position: taken from the pile, not discarded since
    events: list[tuple[int, str, Card | None]]
    actions: list[tuple[int, str, Card | None]]
    result: HandResult | None
    knock_limit: int
    multiplier: int
    turns_taken: list[int]
    upcard: Card | None
    wall_take: bool
    _legal_cache: tuple[Action, ...] | None
    _seen_events: tuple[list[HistoryEvent], list[HistoryEvent]]

    def __init__(self) -> None:
        # This state's legal actions (immutable, so they are handed out as they are).
        self._legal_cache: tuple[Action, ...] | None = None

    # ----------------------------------------------------------------- construction
    @classmethod
    def deal(
        cls, rules: GinRules, deck: list[Card], salt: str, seats: tuple[int, ...],
        hand_number: int = 0,
    ) -> GinHand:
        """Deal ``deck`` (first card to the non-dealer ``seats[0]``, alternating)."""
        if len(deck) != 52 or len(set(deck)) != 52:
            raise ValueError("a gin hand needs the 52 distinct cards of a full deck")
        hand = cls()
        hand.rules = rules
        hand.deck = list(deck)
        hand.salt = salt
        hand.seats = tuple(seats)
        hand.hand_number = hand_number
        hand.hands = [list(deck[0:20:2]), list(deck[1:20:2])]
        hand.discard_pile = []
        hand.stock_pos = 21
        hand.taken = None
        hand.retake_ban = None
        hand.wall_take = False
        hand.known = [[], []]
        hand.events = []
        hand._seen_events = ([], [])  # each position's view of ``events``, built as they happen
        hand.actions = []
        hand.result = None
        hand.multiplier = 1
        hand.turns_taken = [0, 0]
        hand.turn = 0
        if rules.deal_eleven:
            hand.hands[0].append(deck[20])
            hand.upcard = None
            hand.knock_limit = rules.knock_limit
            hand.phase = DISCARD
        else:
            hand.upcard = deck[20]
            hand.discard_pile.append(deck[20])
            hand._record_event(1, "upcard", deck[20])
            hand.knock_limit = (
                oklahoma_knock_limit(deck[20], rules) if rules.oklahoma else rules.knock_limit
            )
            if rules.oklahoma and deck[20].suit == "S":
                hand.multiplier = 2
            hand.phase = FIRST_UPCARD
        hand.turns_taken[0] = 1
        return hand

    @property
    def commitment(self) -> str:
        return commitment(self.deck, self.salt)

    @property
    def stock_size(self) -> int:
        return 52 - self.stock_pos

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def to_move_seat(self) -> int | None:
        return None if self.phase == OVER else self.seats[self.turn]

    def position_of(self, seat: int) -> int:
        try:
            return self.seats.index(seat)
        except ValueError:
            raise IllegalActionError(
                tr("seat {seat} is not playing this hand").format(seat=seat)) from None

    # ----------------------------------------------------------------- legality
    def legal_actions(self) -> tuple[Action, ...]:
        return self._legal()

    def _legal(self) -> tuple[Action, ...]:
        if self._legal_cache is None:
            self._legal_cache = tuple(self._compute_legal())
        return self._legal_cache

    def _can_knock_with(self, cards: list[Card]) -> bool:
        """Whether an 11-card hand can knock or go gin by discarding some card."""
        return melds.best_discard_deadwood_mask(cards_mask(cards)) <= self.knock_limit

    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        if phase == OVER:
            return []
        me = self.turn
        top = self.discard_pile[-1] if self.discard_pile else None
        if phase in (FIRST_UPCARD, DEALER_UPCARD):
            return [Action("draw_discard", top), PASS]
        if phase == LAST_DISCARD:
            actions = []
            if top is not None and self._can_knock_with(self.hands[me] + [top]):
                actions.append(Action("draw_discard", top))
            return actions + [PASS]
        if phase == DRAW:
            actions = []
            if self.stock_size > self.rules.dead_stock:
                actions.append(DRAW_STOCK)
            upcard_refused = self.actions[-1][1] == "pass" if self.actions else False
            if top is not None and not upcard_refused:
                banned = self.retake_ban is not None and self.retake_ban == (top, me)
                if not banned or self._can_knock_with(self.hands[me] + [top]):
                    actions.append(Action("draw_discard", top))
            return actions
        # DISCARD
        hand = self.hands[me]
        must_knock = self._must_knock()
        discardable = [
            c for c in hand
            if c != self.taken or self.rules.rediscard_taken or self.wall_take
        ]
        actions = [] if must_knock else [Action("discard", c) for c in discardable]
        if self._can_knock_with(hand):
            after = melds.deadwood_after_each_discard_mask(cards_mask(hand))
            for card in discardable:
                deadwood = after[card.index]
                if deadwood == 0:
                    actions.append(Action("gin", card))
                elif deadwood <= self.knock_limit:
                    actions.append(Action("knock", card))
        if (
            self.rules.big_gin_bonus is not None
            and melds.min_deadwood_mask(cards_mask(hand)) == 0
        ):
            actions.append(BIG_GIN)
        return actions

    def _must_knock(self) -> bool:
        me = self.turn
        if self.wall_take:
            return True
        return (
            self.retake_ban is not None and self.taken is not None
            and self.retake_ban == (self.taken, me)
        )

    # ----------------------------------------------------------------- playing
    def apply(self, seat: int, action: Action) -> None:
        """Play ``action`` for ``seat``; an illegal one raises ``IllegalActionError``, unchanged."""
        if self.phase == OVER:
            raise IllegalActionError(tr("this hand is over"))
        if seat != self.seats[self.turn]:
            due = self.seats[self.turn]
            raise IllegalActionError(
                tr("it is seat {due}'s turn, not seat {seat}'s").format(due=due, seat=seat))
        legal = self._legal()
        own = legal_action(action, legal, lambda copy: self._explain_illegal(copy, legal))
        # From here on only the engine's own legal action: the submitted object is done with.
        self._legal_cache = None
        me = self.turn
        kind, card = own.kind, own.card
        self.actions.append((seat, kind, card))
        self._record_event(me, kind, card if kind != "draw_stock" else self.deck[self.stock_pos])
        if kind == "pass":
            self._after_pass()
        elif kind == "draw_stock":
            self.hands[me].append(self.deck[self.stock_pos])
            self.stock_pos += 1
            self.taken = None
            self.phase = DISCARD
        elif kind == "draw_discard":
            assert card is not None  # the legal draw_discard names the pile's top card
            self.discard_pile.pop()
            self.hands[me].append(card)
            self.known[me].append(card)
            self.taken = card
            self.wall_take = self.phase == LAST_DISCARD
            self.phase = DISCARD
        elif kind == "discard":
            assert card is not None
            self._discard(me, card)
        else:  # knock, gin, big_gin
            if card is not None:
                self.hands[me].remove(card)
                self.discard_pile.append(card)
            self._finish(me, kind, card)

    def _after_pass(self) -> None:
        if self.phase == FIRST_UPCARD:
            self.phase = DEALER_UPCARD
            self.turn = 1
            self.turns_taken[1] += 1
        elif self.phase == DEALER_UPCARD:
            self.phase = DRAW  # both refused: the non-dealer must draw from the stock
            self.turn = 0
        else:  # LAST_DISCARD refused: dead hand
            self._finish(None, "draw", None)

    def _discard(self, me: int, card: Card) -> None:
        self.hands[me].remove(card)
        if card in self.known[me]:
            self.known[me].remove(card)
        self.discard_pile.append(card)
        if self.rules.rediscard_taken and card == self.taken:
            # GRA: the original discarder may not take it back except to knock.
            self.retake_ban = (card, 1 - me)
        else:
            self.retake_ban = None
        self.taken = None
        if self.stock_size <= self.rules.dead_stock:
            if self.rules.last_discard_to_knock:
                self.phase = LAST_DISCARD
                self._next_turn()
            else:
                self._finish(None, "draw", None)
            return
        self.phase = DRAW
        self._next_turn()

    def _next_turn(self) -> None:
        self.turn = 1 - self.turn
        self.turns_taken[self.turn] += 1

    # ----------------------------------------------------------------- ending
    def _finish(self, knocker: int | None, kind: str, discard: Card | None) -> None:
        self.phase = OVER
        self.taken = None
        if knocker is None:
            self.result = HandResult(
                kind="draw", knocker=None, winner=None, points=0, items=(),
                hands=tuple(self._reveal_plain(p) for p in (0, 1)), knock_limit=self.knock_limit,
            )
            return
        self.result = self._score(knocker, kind, discard)

    def _reveal_plain(self, position: int) -> RevealedHand:
        cards = self.hands[position]
        arrangement = melds.best_arrangement(cards)
        return RevealedHand(
            seat=self.seats[position], cards=tuple(cards),
            melds=tuple(tuple(m) for m in arrangement.melds),
            deadwood=tuple(arrangement.deadwood), deadwood_points=arrangement.deadwood_points,
        )

    def _knocker_spread(self, knocker_cards: list[Card], defender_cards: list[Card]):
        """Among the least-deadwood spreads, the one that leaves the defender the most deadwood."""
        best = None
        for arrangement in melds.all_best_arrangements(knocker_cards):
            defence = layoffs.defender_result(tuple(defender_cards), arrangement.melds)
            if best is None or defence.deadwood_points > best[1].deadwood_points:
                best = (arrangement, defence)
        return best

    def _score(self, knocker: int, kind: str, discard: Card | None) -> HandResult:
        defender = 1 - knocker
        rules = self.rules
        if kind == "knock":
            arrangement, defence = self._knocker_spread(self.hands[knocker], self.hands[defender])
            defender_reveal = RevealedHand(
                seat=self.seats[defender], cards=tuple(self.hands[defender]),
                melds=tuple(tuple(m) for m in defence.melds),
                deadwood=tuple(defence.deadwood), deadwood_points=defence.deadwood_points,
                layoffs=tuple((c, i) for c, i in defence.layoffs),
            )
            knocker_reveal = RevealedHand(
                seat=self.seats[knocker], cards=tuple(self.hands[knocker]),
                melds=tuple(tuple(m) for m in arrangement.melds),
                deadwood=tuple(arrangement.deadwood),
                deadwood_points=arrangement.deadwood_points,
            )
        else:
            knocker_reveal = self._reveal_plain(knocker)
            defender_reveal = self._reveal_plain(defender)
        ours, theirs = knocker_reveal.deadwood_points, defender_reveal.deadwood_points
        items: list[ScoreItem] = []
        if kind == "big_gin":
            winner, result_kind = knocker, "big_gin"
            items.append(ScoreItem(mark("Big gin bonus"), rules.big_gin_bonus or 0))
            items.append(ScoreItem(mark("Opponent's deadwood"), theirs))
        elif kind == "gin":
            winner, result_kind = knocker, "gin"
            items.append(ScoreItem(mark("Gin bonus"), rules.gin_bonus))
            items.append(ScoreItem(mark("Opponent's deadwood"), theirs))
        elif theirs <= ours:
            winner, result_kind = defender, "undercut"
            items.append(ScoreItem(mark("Deadwood difference"), ours - theirs))
            items.append(ScoreItem(mark("Undercut bonus"), rules.undercut_bonus))
        else:
            winner, result_kind = knocker, "knock"
            items.append(ScoreItem(mark("Deadwood difference"), theirs - ours))
        if self.multiplier != 1:
            subtotal = sum(item.points for item in items)
            extra = subtotal * (self.multiplier - 1)
            items.append(ScoreItem(mark("Spade upcard doubles the hand"), extra))
        reveals: list[Any] = [None, None]
        reveals[knocker], reveals[defender] = knocker_reveal, defender_reveal
        return HandResult(
            kind=result_kind, knocker=self.seats[knocker], winner=self.seats[winner],
            points=sum(item.points for item in items), items=tuple(items),
            hands=tuple(reveals), discard=discard, knock_limit=self.knock_limit,
        )

    # ----------------------------------------------------------------- errors
    def _explain_illegal(self, action: Action, legal: tuple[Action, ...]) -> str:
        kind, card = action.kind, action.card
        me = self.turn
        kinds = {a.kind for a in legal}
        if kind not in kinds:
            if self.phase in (FIRST_UPCARD, DEALER_UPCARD):
                return tr("on the first turn you may only take the upcard or pass")
            if self.phase == DRAW and kind in ("discard", "knock", "gin", "big_gin"):
                return tr("draw a card first (from the stock or the discard pile)")
            if self.phase == DRAW and kind == "draw_discard":
                if self.actions and self.actions[-1][1] == "pass":
                    return tr("both players passed the upcard, so you must draw from the stock")
                return tr("you may take that card back only if you knock with it this turn")
            if self.phase == DRAW and kind == "draw_stock":
                return tr("the stock is down to its last cards; it cannot be drawn from")
            if self.phase == DISCARD and kind.startswith("draw"):
                return tr("you have already drawn this turn; now discard")
            if kind == "knock":
                return tr("you cannot knock: your deadwood would be over {limit}").format(
                    limit=self.knock_limit)
            if kind == "gin":
                return tr("you cannot go gin: not all ten remaining cards would be melded")
            if kind == "big_gin":
                return tr("big gin needs all eleven cards melded (and the rules must allow it)")
            if kind == "discard" and self._must_knock():
                return tr("you took that card only to knock, so you must knock or go gin")
            return tr("{action} is not possible now").format(action=action_text(Action(kind)))
        if card is not None and card not in self.hands[me] and kind != "draw_discard":
            return tr("you do not hold {card}").format(card=card_text(card))
        if kind == "draw_discard":
            return tr("that is not the top card of the discard pile")
        if card is not None and card == self.taken:
            return tr("you cannot discard {card}: you just took it from the discard pile").format(
                card=card_text(card))
        if kind == "knock" and card is not None:
            return tr("discarding {card} leaves more than {limit} deadwood").format(
                card=card_text(card), limit=self.knock_limit)
        if kind == "gin" and card is not None:
            return tr("discarding {card} does not leave all ten cards melded").format(
                card=card_text(card))
        return tr("{action} is not legal now").format(action=action_text(action))

    # ----------------------------------------------------------------- views
    def _record_event(self, who: int, kind: str, card: Card | None) -> None:
        self.events.append((who, kind, card))
        seat = self.seats[who]
        public = HistoryEvent(seat, kind, None if kind == "draw_stock" else card)
        for position in (0, 1):
            seen = HistoryEvent(seat, kind, card) if position == who else public
            self._seen_events[position].append(seen)

    def history_for(self, position: int) -> tuple[HistoryEvent, ...]:
        """The hand's events as ``position`` saw them: others' stock draws are hidden."""
        return tuple(self._seen_events[position])

    # ----------------------------------------------------------------- persistence
    def to_dict(self) -> dict[str, Any]:
        return {
            "deck": [str(c) for c in self.deck],
            "salt": self.salt,
            "seats": list(self.seats),
            "hand_number": self.hand_number,
            "actions": [[s, k, None if c is None else str(c)] for s, k, c in self.actions],
        }

    @classmethod
    def from_dict(cls, rules: GinRules, data: dict[str, Any]) -> GinHand:
        """Rebuild by replaying the recorded actions (a hand is at most a few dozen)."""
        hand = cls.deal(
            rules, parse_cards(data["deck"]), data["salt"], tuple(data["seats"]),
            data["hand_number"],
        )
        for seat, kind, card in data["actions"]:
            hand.apply(seat, Action(kind, None if card is None else Card.parse(card)))
        return hand
