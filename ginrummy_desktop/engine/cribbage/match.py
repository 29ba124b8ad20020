"""One two-player game of Cribbage as a ``MatchSession``: deal, discard, the play, the show.

The engine decides every rule: it offers only legal actions (``go`` only when no card fits),
accepts only those (checked by value, ``engine.actions.legal_action``, before anything changes),
pegs every point as an itemized ``ScoreEvent`` and ends the game the instant a player reaches
the target. A seat that holds no cards is skipped automatically; there is no decision to make.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any

from ginrummy_desktop.engine.actions import Action, IllegalActionError, legal_action
from ginrummy_desktop.engine.cards import (
    FULL_DECK,
    Card,
    card_text,
    cards_text,
    format_cards,
    parse_cards,
)
from ginrummy_desktop.engine.cribbage.cuts import (
    DEAL_PACK,
    UNDEALT_FROM,
    cut_actions,
    lower_cut_deals,
    second_pack,
    starter_at,
    why_not_cut,
)
from ginrummy_desktop.engine.cribbage.observation import (
    COUNT,
    CUT_PHASES,
    DEAL_CUT,
    DISCARD,
    MUGGINS,
    OVER,
    PLAY,
    STARTER_CUT,
    CribbageObservation,
    Pegs,
    ScoreEvent,
    TableView,
    event_words,
)
from ginrummy_desktop.engine.cribbage.rules import CribbageRules
from ginrummy_desktop.engine.cribbage.scoring import (
    ENGLISH,
    ScoreItem,
    ShowPart,
    ShowScore,
    _play_items_unchecked,
    show_parts,
    show_points,
    spoken,
)
from ginrummy_desktop.engine.deck import commitment, new_salt, shuffled_deck
from ginrummy_desktop.engine.frozen import detached_copy
from ginrummy_desktop.engine.hand_chain import replay_hands
from ginrummy_desktop.engine.rng import StableRandom
from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.engine.wording import action_text

SNAPSHOT_VERSION = 1
STARTER_POSITION = UNDEALT_FROM  # without player cuts the engine turns up the 13th card


def cut_for_deal(rng: StableRandom) -> tuple[int, list[tuple[Card, Card]]]:
    """Each seat cuts a card; the lower rank deals; equal ranks cut again.

    Returns the dealer and every pair of cut cards (seat 0's card first).
    """
    cuts = []
    while True:
        deck = shuffled_deck(rng)
        pair = (deck[0], deck[1])
        cuts.append(pair)
        if pair[0].rank != pair[1].rank:
            return (0 if pair[0].rank < pair[1].rank else 1), cuts


def stacked_deck(
    pone: Sequence[Card] | str, dealer: Sequence[Card] | str, starter: Card | str
) -> list[Card]:
    """A deck that deals ``pone`` and ``dealer`` their six cards and turns up ``starter``
    (for tests, tutorials and replays); the other cards follow in deck order."""
    pone_cards = parse_cards(pone) if isinstance(pone, str) else list(pone)
    dealer_cards = parse_cards(dealer) if isinstance(dealer, str) else list(dealer)
    starter_card = Card.parse(starter) if isinstance(starter, str) else starter
    if len(pone_cards) != 6 or len(dealer_cards) != 6:
        raise ValueError("each player is dealt exactly six cards")
    chosen = [*pone_cards, *dealer_cards, starter_card]
    if len(set(chosen)) != 13:
        raise ValueError("a card appears twice in the stacked deal")
    deck: list[Card] = []
    for pone_card, dealer_card in zip(pone_cards, dealer_cards, strict=True):
        deck += [pone_card, dealer_card]
    deck.append(starter_card)
    deck += [card for card in FULL_DECK if card not in set(chosen)]
    return deck


class CribbageMatch:
    """A game of Cribbage to ``rules.target`` between seats 0 and 1.

    ``decks`` (tests, replays) stacks the deal of each hand instead of shuffling;
    ``first_dealer`` skips the cut for deal (e.g. the loser of the last game deals first).
    With ``rules.player_cuts`` the players cut (``cut`` actions, see ``cribbage.cuts``): the
    game opens in the ``deal_cut`` phase unless ``first_dealer`` is given, and every hand has a
    ``starter_cut`` phase between the discards and the play.
    """

    num_seats = 2

    def __init__(
        self,
        seed: int | None = None,
        rules: CribbageRules | None = None,
        first_dealer: int | None = None,
        decks: Iterable[Sequence[Card]] | None = None,
        scores: tuple[int, int] = (0, 0),
    ) -> None:
        self.rules = rules or CribbageRules()
        self._rng = StableRandom(seed)
        # Unseeded (the app, online tables): every pack and salt fresh from the OS. Drawn
        # from one generator, a revealed salt (or deck) would give it away: SplitMix64 runs
        # backwards from one output to the game's generator, and so to every deal to come.
        self._seeded = seed is not None
        self._stacked = [list(deck) for deck in decks] if decks is not None else None
        self.cuts: list[tuple[Card, Card]] = []
        self._deal_rounds: list[dict] = []  # the finished rounds of the cut for the deal
        self._round_cuts: list[tuple[int, int, Card]] = []  # (seat, depth, card) this round
        self._cut_pack: list[Card] = []
        self._cut_salt = ""
        self._cut_commitment = ""
        self._starter_cut: int | None = None  # the pone's cut depth this hand
        self._to_move: int | None = None
        cutting = first_dealer is None and self.rules.player_cuts
        if first_dealer is None and not cutting:
            first_dealer, self.cuts = cut_for_deal(self._rng)
        if first_dealer not in (0, 1) and not cutting:
            raise ValueError(f"first_dealer must be 0 or 1, not {first_dealer!r}")
        self.first_dealer = first_dealer
        self.dealer = 1 - first_dealer if first_dealer is not None else 0  # flipped by a deal
        self.scores = list(scores)
        self._backs = list(scores)
        self.hand_number = 0
        self.winner: int | None = None
        self._records: list[dict] = []
        self._last_events: list[ScoreEvent] = []
        self._last_shows: list[dict] = []
        # The hand before this one as the table saw it (see ``CribbageObservation.last_history``).
        self._last_history: list[tuple[int, str, Card | None]] = []
        self._last_starter: Card | None = None
        self._last_crib: list[Card] = []
        self._last_discards: list[tuple[Card, ...]] = [(), ()]
        self._legal_cache: tuple[Action, ...] | None = None
        if cutting:
            self._clear_hand()
            self._deck: list[Card] = []
            self._salt, self._commitment = "", ""
            self._new_cut_pack()
            self.phase = DEAL_CUT
            self._to_move = 0
        else:
            self._start_hand()

    # ------------------------------------------------------------------ MatchSession

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def to_move(self) -> int | None:
        return self._to_move

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """``seat``'s legal actions (empty when it is not its turn)."""
        if seat != self._to_move:
            return ()
        return self._legal()

    def _legal(self) -> tuple[Action, ...]:
        """The legal actions of the seat to move (immutable, so they are handed out as is)."""
        if self._legal_cache is None:
            self._legal_cache = self._compute_legal(self._to_move)
        return self._legal_cache

    def _compute_legal(self, seat: int | None) -> tuple[Action, ...]:
        if seat is None:
            return ()
        if self.phase == DISCARD:
            hand = sorted(self.hands[seat])
            return tuple(Action("discard", cards=pair) for pair in combinations(hand, 2))
        if self.phase == COUNT:
            # Any count up to the true value (an under-count risks muggins); never more.
            true = self._show_total()
            return tuple(Action("count", points=points) for points in range(true + 1))
        if self.phase == MUGGINS:
            return (Action("muggins"), Action("pass"))
        if self.phase in CUT_PHASES:
            return cut_actions(self.pack_size)
        fitting = [card for card in self.hands[seat] if self.count + card.points <= 31]
        if fitting:
            return tuple(Action("play", card=card) for card in sorted(fitting))
        return (Action("go"),)

    def observation(self, seat: int) -> CribbageObservation:
        """What ``seat`` may know, as immutable values and a copy of the rules: nothing in it
        is an object the engine reads and an agent could rewrite."""
        self._check_seat(seat)
        return CribbageObservation(
            seat=seat,
            legal_actions=self.legal_actions(seat),
            phase=self.phase,
            hand=tuple(sorted(self.hands[seat])),
            dealer=self.dealer,
            scores=(self.scores[0], self.scores[1]),
            target=self.rules.target,
            starter=self.starter,
            count=self.count,
            current=tuple(self.current),
            played=tuple(self.played),
            go_seat=self.go_seat,
            own_discards=tuple(self.discards[seat] or ()),
            opponent_cards_left=len(self.hands[1 - seat]),
            crib_size=len(self.crib),
            hand_number=self.hand_number,
            rules=detached_copy(self.rules),
            history=tuple(self.history),
            pack_size=self.pack_size,
            deal_cuts=tuple((seat, card) for seat, _, card in self._round_cuts),
            last_history=tuple(self._last_history),
            last_starter=self._last_starter,
            last_crib=tuple(sorted(self._last_crib)),
            last_own_discards=tuple(self._last_discards[seat]),
            **self._show_fields(),
        )

    def _show_fields(self) -> dict[str, Any]:
        """The observation's show fields: set only while a hand or crib is being counted."""
        if self.phase not in (COUNT, MUGGINS):
            return {}
        part = self.show_parts()[self._show_step]
        return {
            "show_seat": part.seat,
            "show_cards": part.cards,
            "show_is_crib": part.is_crib,
            "claimed": self._claimed if self.phase == MUGGINS else None,
        }

    @property
    def pack_size(self) -> int:
        """The cards in the pack to cut now (0 outside the cut phases)."""
        if self.phase == STARTER_CUT:
            return DEAL_PACK - UNDEALT_FROM
        if self.phase == DEAL_CUT:
            return DEAL_PACK - len(self._round_cuts)
        return 0

    def apply(self, seat: int, action: Action) -> None:
        self._check_seat(seat)
        if self.phase == OVER:
            raise IllegalActionError(tr("The game is over; no more moves can be made."))
        if seat != self._to_move:
            assert self._to_move is not None  # None only once the game is over
            raise IllegalActionError(tr("It is not your turn: player {number} is to move.").format(
                number=self._to_move + 1))
        own = legal_action(action, self._legal(), lambda copy: self._explain_illegal(seat, copy))
        # From here on only the engine's own legal action: the submitted object is done with.
        self._legal_cache = None
        self._actions.append({"seat": seat, "action": _action_json(own)})
        if self.phase == DISCARD:
            self._discard(seat, own)
        elif self.phase == COUNT:
            self._count(seat, own)
        elif self.phase == MUGGINS:
            self._muggins(seat, own)
        elif self.phase in CUT_PHASES:
            self._cut(seat, own)
        else:
            self._play(seat, own)

    def _explain_illegal(self, seat: int, action: Action) -> str:
        """Why a well-formed ``action`` (the engine's copy of what was submitted) is illegal."""
        if self.phase == DISCARD:
            reason = self._why_not_discard(seat, action)
        elif self.phase in CUT_PHASES:
            reason = why_not_cut(action, self.pack_size)
        elif self.phase in (COUNT, MUGGINS):
            reason = self._why_not_show(action)
        else:
            reason = self._why_not_play(seat, action)
        return reason or tr("'{action}' is not a legal move now (a legal action has only its "
                            "fields).").format(action=action_text(action))

    def _why_not_discard(self, seat: int, action: Action) -> str | None:
        if action.kind != "discard":
            return tr("Lay two cards away to the crib first.")
        if len(action.cards) != 2 or len(set(action.cards)) != 2:
            return tr("Lay exactly two different cards away to the crib.")
        for card in action.cards:
            if card not in self.hands[seat]:
                return tr("You do not hold {card}.").format(card=card_text(card))
        return None

    def _why_not_show(self, action: Action) -> str | None:
        what = self.show_parts()[self._show_step].what
        if self.phase == MUGGINS:
            if action.kind not in ("muggins", "pass"):
                return tr("Claim the points your opponent missed (muggins) or pass.")
            return None
        if action.kind != "count" or action.points is None:
            if what == "crib":
                return tr("Count your crib: say how many points it makes.")
            return tr("Count your hand: say how many points it makes.")
        if action.points < 0:
            return tr("A count cannot be below zero.")
        total = self._show_total()
        if action.points > total:
            # The simplest clear rule: an over-count is refused and the seat counts again.
            if what == "crib":
                return tr("You claimed {claimed} but the crib is worth {total}.").format(
                    claimed=action.points, total=total)
            return tr("You claimed {claimed} but the hand is worth {total}.").format(
                claimed=action.points, total=total)
        return None

    def _why_not_play(self, seat: int, action: Action) -> str | None:
        fitting = [card for card in self.hands[seat] if self.count + card.points <= 31]
        card = action.card
        if action.kind == "go":
            if fitting:
                return tr("You cannot say go while a card fits: {cards}.").format(
                    cards=cards_text(sorted(fitting)))
            return None
        if action.kind != "play" or card is None:
            return tr("Play a card (or say go when none fits).")
        if card not in self.hands[seat]:
            return tr("You do not hold {card}.").format(card=card_text(card))
        if card not in fitting:
            return tr("{card} would take the count to {count}; the count may never pass "
                      "31.").format(card=card_text(card), count=self.count + card.points)
        return None

    def hand_records(self) -> list[dict]:
        return [dict(record) for record in self._records]

    # ------------------------------------------------------------------ public extras

    @property
    def commitment(self) -> str:
        """The fair-deal commitment of the current hand, published before any decision."""
        return self._commitment

    @property
    def counted_shows(self) -> tuple[dict, ...]:
        """The current hand's shows counted so far (each as in the hand record's ``shows``)."""
        return tuple(dict(show) for show in self._shows)

    @property
    def events(self) -> tuple[ScoreEvent, ...]:
        """Scoring events of the current hand so far."""
        return tuple(self._events)

    def game_points(self) -> int:
        """Games the winner earns (skunks count more); 0 while the game is on."""
        if self.winner is None:
            return 0
        return self.rules.game_points(self.scores[1 - self.winner])

    def outcome(self) -> str | None:
        if self.winner is None:
            return None
        return self.rules.outcome(self.scores[1 - self.winner])

    def view(self, seat: int) -> TableView:
        """The table as ``seat`` sees it (see ``TableView``)."""
        self._check_seat(seat)
        target = self.rules.target
        pegs = tuple(
            Pegs(front=min(self.scores[s], target), back=min(self._backs[s], target))
            for s in (0, 1)
        )
        return TableView(
            seat=seat,
            phase=self.phase,
            hand=tuple(sorted(self.hands[seat])),
            opponent_hand_size=len(self.hands[1 - seat]),
            dealer=self.dealer,
            crib_owner=self.dealer,
            crib_size=len(self.crib),
            starter=self.starter,
            play_area=tuple(self.current),
            count=self.count,
            go_seat=self.go_seat,
            scores=(self.scores[0], self.scores[1]),
            pegs=pegs,  # type: ignore[arg-type]
            target=target,
            to_move=self._to_move,
            legal_actions=self.legal_actions(seat),
            last_events=tuple(self._events or self._last_events),
            shows=tuple(self._shows or self._last_shows),
            winner=self.winner,
            commitment=self._commitment,
            hand_number=self.hand_number,
            pack_size=self.pack_size,
            deal_cuts=self._deal_cut_pairs(),
            starter_cut=self._starter_cut,
            cut_commitment=self._cut_commitment,
        )

    def _deal_cut_pairs(self) -> tuple[tuple[Card, Card | None], ...]:
        pairs: list[tuple[Card, Card | None]] = [(a, b) for a, b in self.cuts]
        if self._round_cuts:
            pairs.append((self._round_cuts[0][2], None))
        return tuple(pairs)

    # ------------------------------------------------------------------ the cuts

    def _new_cut_pack(self) -> None:
        """A freshly shuffled, committed pack for (another round of) the cut for the deal."""
        cut_rng = self._spawn()
        self._cut_pack = shuffled_deck(cut_rng)
        self._cut_salt = new_salt(cut_rng if self._seeded else None)
        self._cut_commitment = commitment(self._cut_pack, self._cut_salt)
        self._round_cuts = []

    def _cut(self, seat: int, action: Action) -> None:
        depth = action.points
        assert depth is not None  # a legal cut has its depth
        if self.phase == STARTER_CUT:
            self._starter_cut = depth
            self._turn_starter(starter_at(self._deck, depth))
            return
        pack = self._cut_pack if seat == 0 else second_pack(self._cut_pack,
                                                            self._round_cuts[0][2])
        self._round_cuts.append((seat, depth, pack[depth]))
        if seat == 0:
            self._to_move = 1
            return
        first, second = self._round_cuts[0][2], self._round_cuts[1][2]
        self.cuts.append((first, second))
        self._deal_rounds.append({
            "commitment": self._cut_commitment,
            "salt": self._cut_salt,
            "deck": [str(card) for card in self._cut_pack],
            "cuts": [{"seat": s, "depth": d, "card": str(c)} for s, d, c in self._round_cuts],
        })
        winner = lower_cut_deals(first, second)
        if winner is None:  # equal ranks: cut again from a new pack
            self._new_cut_pack()
            self._to_move = 0
            return
        self._round_cuts = []
        self.first_dealer = winner
        self.dealer = 1 - winner
        self._start_hand()

    # ------------------------------------------------------------------ the deal

    def _spawn(self) -> StableRandom:
        """The generator for one pack: from the seed's stream in a seeded game (reproducible),
        else fresh from the OS, so no revealed deck or salt says anything about the next."""
        return self._rng.spawn() if self._seeded else StableRandom()

    def _start_hand(self) -> None:
        self.hand_number += 1
        self.dealer = 1 - self.dealer
        hand_rng = self._spawn()
        if self._stacked is not None:
            if not self._stacked:
                raise ValueError("the stacked decks ran out before the game ended")
            deck = self._stacked.pop(0)
            if sorted(deck) != sorted(FULL_DECK):
                raise ValueError("a stacked deck must hold each of the 52 cards once")
        else:
            deck = shuffled_deck(hand_rng)
        self._deck = deck
        self._salt = new_salt(hand_rng if self._seeded else None)
        self._commitment = commitment(deck, self._salt)
        pone = 1 - self.dealer
        self._clear_hand()
        # Dealt one at a time, pone first.
        for i in range(12):
            self.hands[pone if i % 2 == 0 else self.dealer].append(deck[i])
        self._dealt = [list(self.hands[0]), list(self.hands[1])]
        self.phase = DISCARD
        self._to_move = pone

    def _clear_hand(self) -> None:
        """Empty hands, crib, play and show: the state before (or without) a deal."""
        self.hands: list[list[Card]] = [[], []]
        self._dealt = [[], []]
        self.kept: list[list[Card]] = [[], []]
        self.discards: list[tuple[Card, ...] | None] = [None, None]
        self.crib: list[Card] = []
        self.starter: Card | None = None
        self.count = 0
        self.current: list[tuple[int, Card]] = []
        self.played: list[tuple[int, Card]] = []
        self.go_seat: int | None = None
        self.history: list[tuple[int, str, Card | None]] = []
        self._events: list[ScoreEvent] = []
        self._shows: list[dict] = []
        self._show_step = 0  # which of pone's hand, dealer's hand, crib is being counted
        self._claimed: int | None = None
        self._actions: list[dict] = []
        self._scores_before = (self.scores[0], self.scores[1])
        self._starter_cut = None

    def _discard(self, seat: int, action: Action) -> None:
        cards = action.cards
        self.discards[seat] = tuple(sorted(cards))
        self.hands[seat] = [card for card in self.hands[seat] if card not in cards]
        self.kept[seat] = list(self.hands[seat])
        self.crib.extend(sorted(cards))
        if self.discards[1 - seat] is None:
            self._to_move = 1 - seat
            return
        if self.rules.player_cuts:  # the pone cuts, then the dealer turns the starter up
            self.phase = STARTER_CUT
            self._to_move = 1 - self.dealer
            return
        self._turn_starter(self._deck[STARTER_POSITION])

    def _turn_starter(self, starter: Card) -> None:
        """The dealer turns up the starter; the play begins (his heels pegs 2 first)."""
        self.starter = starter
        self.phase = PLAY
        self._to_move = 1 - self.dealer
        if self.starter.rank == 11:
            item = ScoreItem("heels", (self.starter,), 2)
            if self._peg(self.dealer, "heels", (item,)):
                return

    # ------------------------------------------------------------------ the play

    def _play(self, seat: int, action: Action) -> None:
        if action.kind == "go":
            self.history.append((seat, "go", None))
            self._said_go(seat)
            return
        card = action.card
        assert card is not None
        self.hands[seat].remove(card)
        self.current.append((seat, card))
        self.played.append((seat, card))
        self.history.append((seat, "play", card))
        self.count += card.points
        items = _play_items_unchecked([c for _, c in self.current])
        if items and self._peg(seat, "play", tuple(items)):
            return
        if self.count == 31:
            self._new_count(leader=1 - seat)
            return
        self._after_card(seat)

    def _said_go(self, seat: int) -> None:
        """``seat`` cannot play: the last player to play a card continues or takes the go."""
        self.go_seat = seat
        self._after_card(1 - seat)

    def _after_card(self, last: int) -> None:
        """Decide who moves after ``last`` played a card (or the other seat said go)."""
        other = 1 - last
        if self.go_seat != other and self.hands[other]:
            self._to_move = other
            return
        if any(self.count + card.points <= 31 for card in self.hands[last]):
            self._to_move = last
            return
        kind = "go" if self.hands[0] or self.hands[1] else "last card"
        item = ScoreItem(kind, tuple(c for s, c in self.current if s == last)[-1:], 1)
        if self._peg(last, kind, (item,)):
            return
        self._new_count(leader=other)

    def _new_count(self, leader: int) -> None:
        self.count = 0
        self.current = []
        self.go_seat = None
        if not self.hands[0] and not self.hands[1]:
            self._show()
            return
        self._to_move = leader if self.hands[leader] else 1 - leader

    # ------------------------------------------------------------------ the show

    def show_parts(self) -> tuple[ShowPart, ...]:
        """The current hand's show in counting order (the pone's hand, the dealer's hand, the
        crib), each scored by the engine once the starter is up: the one place that knows it."""
        return show_parts(self.dealer, self.kept, self.crib, self.starter)

    def _show(self) -> None:
        assert self.starter is not None
        if self.rules.muggins:
            self._show_step = 0
            self._begin_count()
            return
        for part in self.show_parts():
            score = part.score
            assert score is not None
            self._shows.append(_show_record(part.seat, part.what, part.cards, score))
            if self._peg(part.seat, part.what, score.items,
                         words=spoken(score.items, ENGLISH)):
                return
        self._finish_hand()
        self._start_hand()

    # ------------------------------------------------------------------ muggins: counting

    def _begin_count(self) -> None:
        self.phase = COUNT
        self._claimed = None
        self._to_move = self.show_parts()[self._show_step].seat

    def _show_total(self) -> int:
        part = self.show_parts()[self._show_step]
        assert self.starter is not None
        return show_points(part.cards, self.starter, is_crib=part.is_crib)

    def _count(self, seat: int, action: Action) -> None:
        part = self.show_parts()[self._show_step]
        what, cards = part.what, part.cards
        claimed = action.points  # its range was checked (_why_not_show) before anything moved
        score = part.score
        assert claimed is not None and score is not None
        show = {**_show_record(seat, what, cards, score), "claimed": claimed, "muggins": 0}
        self._shows.append(show)
        if claimed == score.total:
            items = score.items
        else:
            items = (ScoreItem("claimed", tuple(sorted(cards)), claimed),) if claimed else ()
        # The words records keep are English (a ScoreEvent's ``text`` is the chosen language's).
        words = event_words(what, claimed, items, ENGLISH, counted=claimed != score.total)
        if self._peg(seat, what, items, words=words):
            return
        if claimed < score.total:
            self._claimed = claimed
            self.phase = MUGGINS
            self._to_move = 1 - seat
            return
        self._next_show_step()

    def _muggins(self, seat: int, action: Action) -> None:
        assert self._claimed is not None
        missed = self._show_total() - self._claimed
        if action.kind == "muggins":
            show = self._shows[-1]
            show["muggins"] = missed
            cards = tuple(parse_cards(show["cards"]))
            item = ScoreItem("muggins", cards, missed)
            if self._peg(seat, "muggins", (item,)):
                return
        self._next_show_step()

    def _next_show_step(self) -> None:
        self._show_step += 1
        if self._show_step < len(self.show_parts()):
            self._begin_count()
            return
        self._finish_hand()
        self._start_hand()

    # ------------------------------------------------------------------ scoring

    def _peg(
        self, seat: int, kind: str, items: tuple[ScoreItem, ...], words: str | None = None
    ) -> bool:
        """Peg the items for ``seat``; returns True when this ends the game."""
        points = sum(item.points for item in items)
        target = self.rules.target
        if self.rules.stinkhole and self.scores[seat] == target - 1 and kind in (
            "heels", "go", "last card"
        ):
            points = 0  # void: the words say so
        if words is None:  # English, as records keep them (``ScoreEvent.text`` translates)
            words = event_words(kind, points, items, ENGLISH)
        if points:
            self._backs[seat] = self.scores[seat]
            self.scores[seat] += points
        self._events.append(ScoreEvent(seat, kind, points, items, words, self.scores[seat]))
        if self.scores[seat] >= target:
            self.winner = seat
            self.phase = OVER
            self._to_move = None
            self._finish_hand()
            return True
        return False

    def _finish_hand(self) -> None:
        self._records.append(
            {
                "game": "cribbage",
                "hand": self.hand_number,
                "rules": self.rules.to_json(),
                "dealer": self.dealer,
                "commitment": self._commitment,
                "salt": self._salt,
                "deck": [str(card) for card in self._deck],
                "dealt": [format_cards(self._dealt[0]), format_cards(self._dealt[1])],
                "discards": [format_cards(d) if d else "" for d in self.discards],
                "starter": str(self.starter) if self.starter else None,
                "starter_cut": self._starter_cut,
                **({"deal_cut": list(self._deal_rounds)}
                   if self.hand_number == 1 and self._deal_rounds else {}),
                # No cut for the deal although the players cut: the caller named the first
                # dealer (the app's rematch: the loser of the last game deals).
                **({"first_dealer": "given"} if self.hand_number == 1 and self.rules.player_cuts
                   and not self._deal_rounds else {}),
                "actions": list(self._actions),
                "events": [event.to_json() for event in self._events],
                "shows": list(self._shows),
                "scores_before": list(self._scores_before),
                "scores_after": list(self.scores),
                "winner": self.winner,
                "game_points": self.game_points(),
                "result": {
                    "kind": self.outcome() or "continue",
                    "winner": self.winner,
                    "game_points": self.game_points(),
                },
            }
        )
        self._last_events = list(self._events)
        self._last_shows = list(self._shows)
        self._last_history = list(self.history)
        self._last_starter = self.starter
        # The crib is shown to both at the show; a game won before it keeps it hidden.
        self._last_crib = list(self.crib) if self.winner is None else []
        self._last_discards = [tuple(d or ()) for d in self.discards]

    def _check_seat(self, seat: int) -> None:
        # Exactly an int: True and 1.0 equal 1 but are not seats (the same as gin).
        if type(seat) is not int or seat not in (0, 1):
            raise IllegalActionError(f"seat must be 0 or 1, not {seat!r}")

    # ------------------------------------------------------------------ snapshot

    def snapshot(self) -> dict[str, Any]:
        """A JSON-serializable copy of the whole game (autosave); ``restore`` inverts it."""
        return {
            "version": SNAPSHOT_VERSION,
            "rules": self.rules.to_json(),
            "rng": self._rng._state,  # the generator's whole state is this one integer
            "seeded": self._seeded,
            "stacked": None if self._stacked is None else [format_cards(d) for d in self._stacked],
            "cuts": [format_cards(pair) for pair in self.cuts],
            "first_dealer": self.first_dealer,
            "dealer": self.dealer,
            "scores": list(self.scores),
            "backs": list(self._backs),
            "hand_number": self.hand_number,
            "winner": self.winner,
            "records": self._records,
            "last_events": [e.to_json() for e in self._last_events],
            "last_shows": self._last_shows,
            "last_history": [[s, kind, str(c) if c else None] for s, kind, c in self._last_history],
            "last_starter": str(self._last_starter) if self._last_starter else None,
            "last_crib": format_cards(self._last_crib),
            "last_discards": [format_cards(d) for d in self._last_discards],
            "deck": format_cards(self._deck),
            "salt": self._salt,
            "commitment": self._commitment,
            "hands": [format_cards(h) for h in self.hands],
            "dealt": [format_cards(h) for h in self._dealt],
            "kept": [format_cards(h) for h in self.kept],
            "discards": [None if d is None else format_cards(d) for d in self.discards],
            "crib": format_cards(self.crib),
            "starter": str(self.starter) if self.starter else None,
            "count": self.count,
            "current": [[s, str(c)] for s, c in self.current],
            "played": [[s, str(c)] for s, c in self.played],
            "go_seat": self.go_seat,
            "history": [[s, kind, str(c) if c else None] for s, kind, c in self.history],
            "events": [e.to_json() for e in self._events],
            "shows": self._shows,
            "actions": self._actions,
            "scores_before": list(self._scores_before),
            "phase": self.phase,
            "to_move": self._to_move,
            "show_step": self._show_step,
            "claimed": self._claimed,
            "cut_pack": format_cards(self._cut_pack),
            "cut_salt": self._cut_salt,
            "cut_commitment": self._cut_commitment,
            "round_cuts": [[s, d, str(c)] for s, d, c in self._round_cuts],
            "deal_rounds": self._deal_rounds,
            "starter_cut": self._starter_cut,
        }

    @classmethod
    def restore(cls, data: dict[str, Any]) -> CribbageMatch:
        """Rebuild a game from ``snapshot()``; a damaged snapshot raises ``ValueError``."""
        try:
            return cls._restore(data)
        except (KeyError, TypeError, IndexError, AttributeError) as error:
            raise ValueError(f"not a valid cribbage snapshot ({error!r})") from error

    @classmethod
    def _restore(cls, data: dict[str, Any]) -> CribbageMatch:
        if data.get("version") != SNAPSHOT_VERSION:
            raise ValueError(f"unsupported cribbage snapshot version {data.get('version')!r}")
        game = cls.__new__(cls)
        game._legal_cache = None
        game.rules = CribbageRules.from_json(data["rules"])
        game._rng = StableRandom(int(data["rng"]))
        game._seeded = data.get("seeded", False) is True  # older saves: salts from the OS
        stacked = data["stacked"]
        game._stacked = None if stacked is None else [parse_cards(d) for d in stacked]
        game.cuts = [tuple(parse_cards(pair)) for pair in data["cuts"]]  # type: ignore[misc]
        game.first_dealer = data["first_dealer"]
        game.dealer = data["dealer"]
        game.scores = list(data["scores"])
        game._backs = list(data["backs"])
        game.hand_number = data["hand_number"]
        game.winner = data["winner"]
        game._records = list(data["records"])
        game._last_events = [event_from_json(e) for e in data["last_events"]]
        game._last_shows = list(data["last_shows"])
        # The hand before (absent in snapshots from before the bots read it).
        game._last_history = [(s, kind, Card.parse(c) if c else None)
                              for s, kind, c in data.get("last_history", [])]
        game._last_starter = Card.parse(data["last_starter"]) if data.get("last_starter") \
            else None
        game._last_crib = parse_cards(data.get("last_crib", ""))
        game._last_discards = [tuple(parse_cards(d)) for d in data.get("last_discards", ["", ""])]
        if len(game._last_discards) != 2:
            raise ValueError("the snapshot's last_discards must hold both seats' discards")
        game._deck = parse_cards(data["deck"])
        game._salt = data["salt"]
        game._commitment = data["commitment"]
        if game._deck and commitment(game._deck, game._salt) != game._commitment:
            raise ValueError("the snapshot's deck does not match its fair-deal commitment")
        # The cuts (absent in snapshots from before player cuts).
        game._cut_pack = parse_cards(data.get("cut_pack", ""))
        game._cut_salt = data.get("cut_salt", "")
        game._cut_commitment = data.get("cut_commitment", "")
        if game._cut_pack and commitment(game._cut_pack, game._cut_salt) != \
                game._cut_commitment:
            raise ValueError("the snapshot's cut pack does not match its commitment")
        game._round_cuts = [(int(s), int(d), Card.parse(c))
                            for s, d, c in data.get("round_cuts", [])]
        game._deal_rounds = list(data.get("deal_rounds", []))
        game._starter_cut = data.get("starter_cut")
        game.hands = [parse_cards(h) for h in data["hands"]]
        game._dealt = [parse_cards(h) for h in data["dealt"]]
        game.kept = [parse_cards(h) for h in data["kept"]]
        game.discards = [None if d is None else tuple(parse_cards(d)) for d in data["discards"]]
        game.crib = parse_cards(data["crib"])
        game.starter = Card.parse(data["starter"]) if data["starter"] else None
        game.count = data["count"]
        game.current = [(s, Card.parse(c)) for s, c in data["current"]]
        game.played = [(s, Card.parse(c)) for s, c in data["played"]]
        game.go_seat = data["go_seat"]
        game.history = [
            (s, kind, Card.parse(c) if c else None) for s, kind, c in data["history"]
        ]
        game._events = [event_from_json(e) for e in data["events"]]
        game._shows = list(data["shows"])
        game._actions = list(data["actions"])
        game._scores_before = tuple(data["scores_before"])
        game.phase = data["phase"]
        game._to_move = data["to_move"]
        game._show_step = int(data.get("show_step", 0))  # absent in snapshots before muggins
        game._claimed = data.get("claimed")
        if game.phase not in (DISCARD, PLAY, COUNT, MUGGINS, OVER, *CUT_PHASES):
            raise ValueError(f"unknown phase {game.phase!r} in snapshot")
        _check_by_replay(game)
        return game


#: Snapshot fields the hand in progress decides, compared after replaying it.
_REPLAYED_FIELDS = (
    "dealer", "scores", "winner", "deck", "hands", "dealt", "kept",  # salt: checked by restore
    "discards", "crib", "starter", "count", "current", "played", "go_seat", "history",
    "events", "shows", "actions", "scores_before", "phase", "to_move", "show_step", "claimed",
    "starter_cut",
)


def _check_by_replay(game: CribbageMatch) -> None:
    """Play ``game``'s finished hands and the hand in progress again from their committed
    decks and recorded actions; ``ValueError`` unless the restored state is what they give
    (a hand-edited save cannot hold a state no game reaches: a dealer 5, a show step 9, six
    copies of a card, scores the hands never scored)."""
    from ginrummy_desktop.engine.cribbage.records import (  # they build on this module
        CribbageMatchChain,
        replay_record,
    )

    chain = CribbageMatchChain()
    replay_hands(game._records, chain, replay_record)
    last = game._records[-1] if game._records else None
    if game.phase == DEAL_CUT:
        _check_deal_cut(game)
        return
    if game.phase == OVER:
        if last is None or not chain.over or game.winner != last.get("winner") \
                or game.scores != last.get("scores_after"):
            raise ValueError("it says the game is over, but its hands do not end it")
        return
    if chain.over:
        raise ValueError("a hand follows the end of the game")
    if game.hand_number != len(game._records) + 1:
        raise ValueError(f"hand {game.hand_number!r} follows {len(game._records)} hands")
    if last is not None and (game.dealer != 1 - last["dealer"]
                             or list(game._scores_before) != last["scores_after"]):
        raise ValueError("the hand in progress does not follow the last hand")
    replayed = CribbageMatch(seed=0, rules=game.rules, first_dealer=game.dealer,
                             decks=[game._deck, list(FULL_DECK)],
                             scores=(game._scores_before[0], game._scores_before[1]))
    try:
        for entry in game._actions:
            replayed.apply(entry["seat"], action_from_json(entry["action"]))
    except IllegalActionError as error:
        raise ValueError(f"its hand in progress does not replay: {error}") from None
    if replayed.hand_number != 1:
        raise ValueError("the hand in progress was already over")
    mine, theirs = game.snapshot(), replayed.snapshot()
    for key in _REPLAYED_FIELDS:
        if mine[key] != theirs[key]:
            raise ValueError(f"its {key.replace('_', ' ')} do not follow from its hand")
    backs = game._backs
    if len(backs) != 2 or not all(type(b) is int and 0 <= b <= p for b, p in
                                   zip(backs, game.scores, strict=False)):
        raise ValueError("its back pegs are not behind its scores")


def _check_deal_cut(game: CribbageMatch) -> None:
    """Before the first deal: nothing scored or dealt, a full committed pack being cut."""
    if game._records or game.hand_number != 0 or game.scores != [0, 0] \
            or game.winner is not None or not game.rules.player_cuts:
        raise ValueError("the cut for the deal comes before anything is dealt or scored")
    if sorted(game._cut_pack) != sorted(FULL_DECK):
        raise ValueError("the pack being cut is not a full pack")
    if len(game._round_cuts) > 1 or game._to_move != len(game._round_cuts) \
            or any(seat != index for index, (seat, _, _) in enumerate(game._round_cuts)):
        raise ValueError("the cuts made so far do not match whose cut is due")


def _action_json(action: Action) -> dict:
    data: dict[str, Any] = {"kind": action.kind}
    if action.card is not None:
        data["card"] = str(action.card)
    if action.cards:
        data["cards"] = format_cards(action.cards)
    if action.points is not None:
        data["points"] = action.points
    return data


def action_from_json(data: dict) -> Action:
    """Inverse of the action entries in hand records."""
    card = Card.parse(data["card"]) if data.get("card") else None
    cards = tuple(parse_cards(data["cards"])) if data.get("cards") else ()
    return Action(data["kind"], card=card, cards=cards, points=data.get("points"))


def event_from_json(data: dict) -> ScoreEvent:
    """A score event from its JSON form (snapshots, and the referee's public cribbage state)."""
    items = tuple(
        ScoreItem(item["kind"], tuple(parse_cards(item["cards"])), item["points"])
        for item in data["items"]
    )
    return ScoreEvent(
        data["seat"], data["kind"], data["points"], items, data["words"], data["score_after"]
    )


def _show_record(seat: int, what: str, cards: Sequence[Card], score: ShowScore
                 ) -> dict[str, Any]:
    """A counted hand or crib as the hand record keeps it."""
    return {
        "seat": seat,
        "what": what,
        "cards": format_cards(sorted(cards)),
        "items": [item.to_json() for item in score.items],
        "total": score.total,
        "spoken": spoken(score.items, ENGLISH),  # English, as records keep words
    }
