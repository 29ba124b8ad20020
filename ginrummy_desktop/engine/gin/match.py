"""A Gin Rummy match: hands in sequence to the target, bonuses, records and snapshots.

``GinMatch`` implements ``engine.protocol.MatchSession`` for two players, three players (the
dealer sits out, the loser deals) and four players in two partnerships (two tables per deal).
The deal of hand *n* depends only on (match seed, *n*), so mirrored runs see the same cards.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any

from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.deck import new_salt, shuffled_deck
from ginrummy_desktop.engine.frozen import detached_copy
from ginrummy_desktop.engine.gin.hand import GinHand
from ginrummy_desktop.engine.gin.observation import GinObservation, GinView
from ginrummy_desktop.engine.gin.results import HandResult
from ginrummy_desktop.engine.gin.rules import GinRules
from ginrummy_desktop.engine.hand_chain import replay_hands
from ginrummy_desktop.engine.rng import StableRandom, entropy_seed
from ginrummy_desktop.engine.translation import mark, tr

RECORD_VERSION = 1


def derived_rng(seed: int, purpose: str) -> StableRandom:
    """A generator for one purpose of one match (``"hand 3"``, ``"cut"``), stable forever."""
    digest = hashlib.sha256(f"gin:{seed}:{purpose}".encode()).digest()
    return StableRandom(int.from_bytes(digest[:8], "big"))


def cut_for_deal(seed: int, contenders: int) -> int:
    """Each contender cuts a card in turn; the lowest rank deals (ties cut again)."""
    deck = shuffled_deck(derived_rng(seed, "cut"))
    position = 0
    alive = list(range(contenders))
    while True:
        ranks = {who: deck[position + i].rank for i, who in enumerate(alive)}
        position += len(alive)
        low = min(ranks.values())
        alive = [who for who in alive if ranks[who] == low]
        if len(alive) == 1 or position + len(alive) > 52:
            return alive[0]


def game_breakdown(
    rules: GinRules, scores: Sequence[int], boxes: Sequence[int], winner: int, prefix: str = ""
) -> tuple[list[tuple[str, int, int]], list[int]]:
    """One finished game's lines ``(label, side, points)`` and each side's total: hand points,
    boxes, the game bonus and the shutout, as ``rules`` score them (the match's final
    breakdown and the score sheet's end both come from here). Labels are English, the form
    snapshots and records keep; ``results.score_label_text`` shows them translated."""
    lines: list[tuple[str, int, int]] = []
    totals = []
    shutout = all(scores[s] == 0 for s in range(len(scores)) if s != winner)
    for side in range(len(scores)):
        lines.append((prefix + mark("Hand points"), side, scores[side]))
        box_points = boxes[side] * rules.box_bonus
        if box_points:
            label = prefix + mark("Boxes ({boxes} x {bonus})").format(boxes=boxes[side],
                                                                       bonus=rules.box_bonus)
            lines.append((label, side, box_points))
        total = scores[side] + box_points
        if side == winner and rules.game_bonus:
            bonus = rules.game_bonus
            if shutout and rules.shutout == "double_game_bonus":
                bonus *= 2
                lines.append((prefix + mark("Game bonus, doubled for a shutout"), side, bonus))
            else:
                lines.append((prefix + mark("Game bonus"), side, bonus))
            total += bonus
        if side == winner and shutout and rules.shutout == "double_total":
            lines.append((prefix + mark("Shutout doubles the total"), side, total))
            total *= 2
        totals.append(total)
    return lines, totals


class GinMatch:
    """A match in progress. Drive it with ``to_move``/``observation``/``apply``."""

    def __init__(
        self, rules: GinRules, seed: int | None = None,
        deals: Callable[[int], Sequence[Card]] | None = None,
    ) -> None:
        """``deals`` (hand number -> deck order) rigs the cards for tests and lessons;
        a snapshot does not keep it, so a restored match deals from the seed again."""
        self.rules = rules
        self._deals = deals
        self.seeded = seed is not None
        self.seed = entropy_seed() if seed is None else seed
        if not isinstance(self.seed, int) or self.seed < 0:
            raise ValueError(f"seed must be a non-negative integer, not {seed!r}")
        sides = 2 if rules.players == 4 else rules.players
        self.scores = [0] * sides  # per seat, or per team (seat % 2) in partnerships
        self.boxes = [0] * sides
        # Per game: [scores, boxes, winner or None].
        self.hollywood: list[list[Any]] = [[[0, 0], [0, 0], None] for _ in range(3)]
        self.hollywood_wins = [0, 0]
        self.records: list[dict] = []
        self.hands_dealt = 0
        self.deals_scored = 0  # partnership deals completed (each deal = two tables)
        self.table_results: list[HandResult] = []
        self.last_result: HandResult | None = None
        self.winners: tuple[int, ...] = ()
        self.final_breakdown: tuple[tuple[str, int, int], ...] = ()
        self.finished = False
        first = cut_for_deal(self.seed, 2 if rules.players == 4 else rules.players)
        self.dealer = first  # two/three players: the dealer; four: the dealing team
        self.hand = self._deal(self._seats_for_next_hand())

    # ----------------------------------------------------------------- dealing
    def _seats_for_next_hand(self) -> tuple[int, int]:
        players = self.rules.players
        if players == 2:
            return (1 - self.dealer, self.dealer)
        if players == 3:
            return ((self.dealer + 1) % 3, (self.dealer + 2) % 3)
        # Partnerships: seats 0 and 2 against 1 and 3, opponents alternating every deal.
        table = len(self.table_results)
        pairs = [(0, 1), (2, 3)] if self.deals_scored % 2 == 0 else [(0, 3), (2, 1)]
        a, b = pairs[table]
        dealer = a if a % 2 == self.dealer else b
        return (b if dealer == a else a, dealer)

    def _deal(self, seats: tuple[int, int]) -> GinHand:
        rng = derived_rng(self.seed, f"hand {self.hands_dealt}")
        deck = shuffled_deck(rng)
        if self._deals is not None:
            deck = list(self._deals(self.hands_dealt))
        salt = new_salt(rng if self.seeded else None)
        hand = GinHand.deal(self.rules, deck, salt, seats, self.hands_dealt)
        self.hands_dealt += 1
        return hand

    # ----------------------------------------------------------------- MatchSession
    @property
    def num_seats(self) -> int:
        return self.rules.players

    @property
    def over(self) -> bool:
        return self.finished

    def to_move(self) -> int | None:
        return None if self.finished else self.hand.to_move_seat

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """``seat``'s legal actions (empty when it is not its turn)."""
        if self.finished or self.hand.to_move_seat != seat:
            return ()
        return self.hand.legal_actions()

    def observation(self, seat: int) -> GinObservation:
        """What ``seat`` may know, as immutable values (tuples, cards, actions, events) and a
        copy of the rules: nothing in it is an object the engine reads and an agent could
        rewrite."""
        _check_seat(seat, self.rules.players)
        hand = self.hand
        if seat not in hand.seats:
            raise ValueError(f"seat {seat} sits out this hand")
        me = hand.seats.index(seat)
        other = 1 - me
        return GinObservation(
            seat=seat,
            dealer=hand.seats[1],
            phase=hand.phase,
            hand=tuple(hand.hands[me]),
            discard_pile=tuple(hand.discard_pile),
            stock_size=hand.stock_size,
            knock_limit=hand.knock_limit,
            scores=self.seat_scores(),
            rules=detached_copy(self.rules),
            legal_actions=self.legal_actions(seat),
            history=hand.history_for(me),
            opponent=hand.seats[other],
            hand_number=hand.hand_number,
            turn=hand.turns_taken[me],
            known_opponent_cards=tuple(hand.known[other]),
            opponent_hand_size=len(hand.hands[other]),
            num_players=self.rules.players,
            partner=(seat + 2) % 4 if self.rules.players == 4 else None,
            upcard=hand.upcard,
        )

    def apply(self, seat: int, action: Action) -> None:
        _check_seat(seat, self.rules.players)
        if self.finished:
            raise IllegalActionError(tr("the match is over"))
        self.hand.apply(seat, action)
        if self.hand.over:
            self._hand_finished()

    def hand_records(self) -> list[dict]:
        return list(self.records)

    # ----------------------------------------------------------------- scoring
    def seat_scores(self) -> tuple[int, ...]:
        if self.rules.hollywood:
            return tuple(sum(game[0][s] for game in self.hollywood) for s in range(2))
        if self.rules.players == 4:
            return tuple(self.scores[s % 2] for s in range(4))
        return tuple(self.scores)

    def _hand_finished(self) -> None:
        hand, result = self.hand, self.hand.result
        assert result is not None
        self.last_result = result
        table = len(self.table_results) if self.rules.players == 4 else None
        if result.kind != "draw":
            self._score_hand(result)
        self.records.append(self._record(hand, result, table))
        if self.finished:
            return
        if result.kind != "draw":
            self._choose_next_dealer(result)
        self.hand = self._deal(self._seats_for_next_hand())

    def _score_hand(self, result: HandResult) -> None:
        rules, winner = self.rules, result.winner
        assert winner is not None
        if rules.players == 4:
            self.table_results.append(result)
            if len(self.table_results) == 2:
                self._score_partnership_deal()
            return
        if rules.hollywood:
            self._score_hollywood(winner, result.points)
            return
        self.scores[winner] += result.points
        self.boxes[winner] += 1
        if self.scores[winner] >= rules.target:
            self._finish_single_game(winner)

    def _score_partnership_deal(self) -> None:
        first, second = self.table_results
        assert first.winner is not None and second.winner is not None  # draws are dealt again
        team_a, team_b = first.winner % 2, second.winner % 2
        if team_a == team_b:
            team, points = team_a, first.points + second.points
        elif first.points != second.points:
            bigger = first if first.points > second.points else second
            team = team_a if bigger is first else team_b
            points = abs(first.points - second.points)
        else:
            team, points = None, 0
        self.table_results = []
        self.deals_scored += 1
        self.dealer = 1 - self.dealer  # the dealing team alternates every deal
        if team is None:
            return
        self.scores[team] += points
        self.boxes[team] += 1
        if self.scores[team] >= self.rules.target:
            self._finish_single_game(team)

    def _score_hollywood(self, winner: int, points: int) -> None:
        self.hollywood_wins[winner] += 1
        for index in range(min(self.hollywood_wins[winner], 3)):
            game = self.hollywood[index]
            if game[2] is not None:
                continue
            game[0][winner] += points
            game[1][winner] += 1
            if game[0][winner] >= self.rules.target:
                game[2] = winner
        if all(game[2] is not None for game in self.hollywood):
            self._finish_hollywood()

    def _finish_single_game(self, winner_side: int) -> None:
        lines, totals = game_breakdown(
            self.rules, self.scores, self.boxes, winner_side)
        if self.rules.players == 4:
            self.winners = tuple(s for s in range(4) if s % 2 == winner_side)
            lines = [(mark("Team {first}+{second}: {label}").format(
                first=side, second=side + 2, label=label), side, pts) for label, side, pts in lines]
        else:
            self.winners = (winner_side,)
        self.final_breakdown = tuple(lines) + tuple(
            (mark("Total"), side, total) for side, total in enumerate(totals)
        )
        self.finished = True

    def _finish_hollywood(self) -> None:
        all_lines: list[tuple[str, int, int]] = []
        grand = [0, 0]
        for index, (scores, boxes, winner) in enumerate(self.hollywood):
            lines, totals = game_breakdown(
                self.rules, scores, boxes, winner,
                mark("Game {number}: {label}").format(number=index + 1, label=""))
            all_lines.extend(lines)
            grand = [g + t for g, t in zip(grand, totals, strict=True)]
        self.final_breakdown = tuple(all_lines) + tuple(
            (mark("Total"), side, total) for side, total in enumerate(grand)
        )
        self.winners = () if grand[0] == grand[1] else (0 if grand[0] > grand[1] else 1,)
        self.finished = True

    def _choose_next_dealer(self, result: HandResult) -> None:
        players, winner = self.rules.players, result.winner
        assert winner is not None
        if players == 3:
            self.dealer = next(s for s in self.hand.seats if s != winner)  # the loser deals
        elif players == 2:
            if self.rules.next_dealer == "loser":
                self.dealer = 1 - winner
            elif self.rules.next_dealer == "winner":
                self.dealer = winner
            else:
                self.dealer = 1 - self.dealer

    # ----------------------------------------------------------------- records
    def _record(self, hand: GinHand, result: HandResult, table: int | None) -> dict[str, Any]:
        record: dict[str, Any] = {
            "game": "gin",
            "version": RECORD_VERSION,
            "rules": self.rules.to_dict(),
            "hand_number": hand.hand_number,
            "dealer": hand.seats[1],
            "seats": list(hand.seats),
            "deck": [str(c) for c in hand.deck],
            "salt": hand.salt,
            "commitment": hand.commitment,
            "actions": [[s, k, None if c is None else str(c)] for s, k, c in hand.actions],
            "result": result.to_dict(),
            "scores": list(self.seat_scores()),
        }
        if table is not None:
            record["table"] = table
        if self.finished:
            record["match_over"] = True
            record["winners"] = list(self.winners)
            record["final"] = [list(line) for line in self.final_breakdown]
        return record

    # ----------------------------------------------------------------- GUI support
    @property
    def commitment(self) -> str:
        """The current hand's fair-deal commitment (published before it is played)."""
        return self.hand.commitment

    def view(self, seat: int) -> GinView:
        hand = self.hand
        playing = seat in hand.seats
        me = hand.seats.index(seat) if playing else None
        other = None if me is None else 1 - me
        to_move = self.to_move()
        return GinView(
            seat=seat,
            opponent=None if other is None else hand.seats[other],
            hand=tuple(hand.hands[me]) if me is not None else (),
            opponent_hand_size=len(hand.hands[other]) if other is not None else 0,
            known_opponent_cards=tuple(hand.known[other]) if other is not None else (),
            discard_pile=tuple(hand.discard_pile),
            stock_size=hand.stock_size,
            to_move=to_move,
            phase="match_over" if self.finished else hand.phase,
            scores=self.seat_scores(),
            dealer=hand.seats[1],
            knock_limit=hand.knock_limit,
            hand_number=hand.hand_number,
            commitment=hand.commitment,
            legal_actions=self.legal_actions(seat),
            last_result=self.last_result,
            match_over=self.finished,
            winners=self.winners,
            final_breakdown=self.final_breakdown,
            hollywood_scores=tuple(tuple(g[0]) for g in self.hollywood)
            if self.rules.hollywood else (),
            sitting_out=tuple(s for s in range(self.rules.players) if s not in hand.seats),
            boxes=self.seat_boxes(),
            in_hand=tuple(hand.seats),
            hand_sizes=tuple(len(cards) for cards in hand.hands),
            known_cards=tuple(tuple(known) for known in hand.known),
        )

    def side_of(self, seat: int) -> int:
        """The scoring side of ``seat``: its team (``seat % 2``) in partnerships, else itself
        (the index of ``scores``, ``boxes`` and the sides of ``final_breakdown``)."""
        return seat % 2 if self.rules.players == 4 else seat

    def partner_of(self, seat: int) -> int | None:
        """``seat``'s partner in a partnership match (None in every other format)."""
        return (seat + 2) % 4 if self.rules.players == 4 else None

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each scoring side, in side order: ``((0, 2), (1, 3))`` for
        partnerships, one seat per side otherwise."""
        if self.rules.players == 4:
            return ((0, 2), (1, 3))
        return tuple((seat,) for seat in range(self.rules.players))

    def table_of_hand(self) -> int | None:
        """Which of a partnership deal's two tables the current hand is (0 or 1; None in
        other formats). Table 0 seats seat 0, so the person always plays the first table."""
        return len(self.table_results) if self.rules.players == 4 else None

    def seat_boxes(self) -> tuple[int, ...]:
        if self.rules.hollywood:
            return tuple(self.hollywood_wins)
        if self.rules.players == 4:
            return tuple(self.boxes[s % 2] for s in range(4))
        return tuple(self.boxes)

    def snapshot(self) -> dict[str, Any]:
        """The whole match as JSON-ready data; ``GinMatch.restore`` rebuilds it exactly."""
        return {
            "game": "gin",
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "seeded": self.seeded,
            "scores": list(self.scores),
            "boxes": list(self.boxes),
            "hollywood": [[list(g[0]), list(g[1]), g[2]] for g in self.hollywood],
            "hollywood_wins": list(self.hollywood_wins),
            "records": list(self.records),
            "hands_dealt": self.hands_dealt,
            "deals_scored": self.deals_scored,
            "table_results": [r.to_dict() for r in self.table_results],
            "last_result": None if self.last_result is None else self.last_result.to_dict(),
            "winners": list(self.winners),
            "final_breakdown": [list(line) for line in self.final_breakdown],
            "finished": self.finished,
            "dealer": self.dealer,
            "hand": self.hand.to_dict(),
        }

    @classmethod
    def restore(cls, data: dict[str, Any]) -> GinMatch:
        """Rebuild a match from ``snapshot()`` data (raises ``ValueError`` if it is damaged)."""
        try:
            match = cls.__new__(cls)
            match._deals = None
            match.rules = GinRules.from_dict(data["rules"])
            match.seed = data["seed"]
            match.seeded = data["seeded"]
            match.scores = list(data["scores"])
            match.boxes = list(data["boxes"])
            match.hollywood = [[list(g[0]), list(g[1]), g[2]] for g in data["hollywood"]]
            match.hollywood_wins = list(data["hollywood_wins"])
            match.records = list(data["records"])
            match.hands_dealt = data["hands_dealt"]
            match.deals_scored = data["deals_scored"]
            match.table_results = [HandResult.from_dict(r) for r in data["table_results"]]
            last = data["last_result"]
            match.last_result = None if last is None else HandResult.from_dict(last)
            match.winners = tuple(data["winners"])
            match.final_breakdown = tuple(tuple(line) for line in data["final_breakdown"])
            match.finished = data["finished"]
            match.dealer = data["dealer"]
            match.hand = GinHand.from_dict(match.rules, data["hand"])
            _check_by_replay(match)
        except (KeyError, TypeError, IndexError, AttributeError, IllegalActionError) as error:
            raise ValueError(f"not a valid gin match snapshot: {error}") from None
        return match


def _check_seat(seat: Any, players: int) -> None:
    """Exactly an int among the seats: True and 1.0 equal 1 but are not seats."""
    if type(seat) is not int or not 0 <= seat < players:
        raise IllegalActionError(tr("seat must be a whole number from 0 to {last}, not {seat}")
                                 .format(last=players - 1, seat=repr(seat)))


def _check_by_replay(restored: GinMatch) -> None:
    """Play ``restored``'s hands again from their committed decks and recorded actions and
    raise ``ValueError`` unless every figure it holds (scores, boxes, games, dealer, results,
    the end) comes out the same: a hand-edited save cannot hold a state no match reaches."""
    from ginrummy_desktop.engine.gin.records import GinMatchChain  # it builds on this module

    if type(restored.seed) is not int or restored.seed < 0 or type(restored.seeded) is not bool:
        raise ValueError("its seed must be a non-negative integer")
    chain = GinMatchChain()
    replay_hands(restored.records, chain, replay_record)
    hand = restored.hand
    replayed = chain.match
    if replayed is None:  # the first hand is being played
        replayed = chain._first_hand(  # noqa: SLF001 - the same package
            restored.rules, {"seats": list(hand.seats)})
    if replayed.finished:
        if hand.to_dict() != replayed.hand.to_dict():
            raise ValueError("a hand follows the end of the match")
    else:
        if (hand.seats, hand.hand_number) != (replayed.hand.seats, replayed.hand.hand_number):
            raise ValueError(f"hand {hand.hand_number} with seats {list(hand.seats)} is not the "
                             f"match's next hand ({replayed.hand.hand_number}, seats "
                             f"{list(replayed.hand.seats)})")
        replayed.hand = GinHand.deal(restored.rules, list(hand.deck), hand.salt, hand.seats,
                                     hand.hand_number)
        for seat, kind, card in hand.actions:
            replayed.apply(seat, Action(kind, card))
        if replayed.hand.hand_number != hand.hand_number:
            raise ValueError("the hand in progress was already over")
    replayed.seed, replayed.seeded = restored.seed, restored.seeded
    mine, theirs = restored.snapshot(), replayed.snapshot()
    for key, value in theirs.items():
        if mine.get(key) != value:
            raise ValueError(f"its {key.replace('_', ' ')} do not follow from its hands")


def replay_record(record: dict[str, Any]) -> HandResult:
    """Replay one hand record; raise ``ValueError`` naming the reason if it does not match."""
    try:
        rules = GinRules.from_dict(record["rules"])
        deck = [Card.parse(text) for text in record["deck"]]
        seats = tuple(record["seats"])
        hand = GinHand.deal(rules, deck, record["salt"], seats, record["hand_number"])
    except (KeyError, TypeError) as error:
        raise ValueError(f"hand record is missing or has a bad field: {error}") from None
    if record.get("commitment") != hand.commitment:
        raise ValueError("the deck and salt do not match the published commitment")
    if record.get("dealer") != seats[1]:
        raise ValueError("the recorded dealer is not the dealer of the recorded seats")
    for number, entry in enumerate(record.get("actions", []), start=1):
        try:
            seat, kind, card = entry
            hand.apply(seat, Action(kind, None if card is None else Card.parse(card)))
        except (IllegalActionError, ValueError, TypeError) as error:
            raise ValueError(f"action {number} ({entry!r}) does not replay: {error}") from None
        if hand.over and number != len(record["actions"]):
            raise ValueError(f"the hand ended at action {number} but the record goes on")
    if not hand.over:
        raise ValueError("the recorded actions do not finish the hand")
    assert hand.result is not None
    if hand.result.to_dict() != record.get("result"):
        raise ValueError("replaying the actions gives a different result than recorded")
    return hand.result
