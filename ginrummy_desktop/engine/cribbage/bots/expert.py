"""The expert: exact discard values plus determinized pegging search, aware of the board.

Discard: for each of the 15 keeps, the exact expected hand over the 46 unseen starters, plus
(dealer) or minus (pone) the crib value with the opponent's toss modelled as a sensible
player's (``tools/crib_tables.py``), plus a small pegging value of the kept ranks. Near the end
a pone also values the chance that the hand alone counts out (the pone counts first).

Pegging: sample the opponent's unseen cards consistent with everything seen (cards played, and
every "go": a player who said go held nothing that fit), weighted by how sensible its discard
and its plays were with those cards (``opponent_model.py``), then solve the rest of the play
exactly in each sampled world (at most eight cards remain; suits never matter while pegging, so the
search runs over ranks and shares one memo across worlds). Near the end, the search scores
leaves by who reaches the target first, including the show that follows (pone counts first,
each world's crib scored exactly), and a leaf where nobody has by the chance of winning the game
from its scores (``winchance``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations
from math import exp

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.cribbage.advisor import KeepOption, discard_table
from ginrummy_desktop.engine.cribbage.bots.base import CribbageBot
from ginrummy_desktop.engine.cribbage.bots.opponent_model import (
    GREEDY_LAPSE,
    Candidate,
    finished_hand_evidence,
    greedy_rule_log,
    kind_evidence,
    resample_candidates,
    softmax_log,
    weighted_candidates,
)
from ginrummy_desktop.engine.cribbage.bots.opponent_reading import OpponentReading
from ginrummy_desktop.engine.cribbage.bots.pegging_rollout import keep_pegging
from ginrummy_desktop.engine.cribbage.bots.safe_play import play_points, safe_play_value
from ginrummy_desktop.engine.cribbage.evaluation import (
    crib_value,
    hand_scores,
    unseen_cards,
)
from ginrummy_desktop.engine.cribbage.observation import CribbageObservation
from ginrummy_desktop.engine.cribbage.scoring import play_points_for_ranks, show_points
from ginrummy_desktop.engine.cribbage.winchance import MEAN_CRIB, keep_win_chance, pone_win_chance
from ginrummy_desktop.engine.rng import StableRandom
from ginrummy_desktop.engine.translation import mark

WIN = 1000.0
OPPONENT_SHARPNESS = 0.5
# How the rest of the opponent's reply value is averaged: "uniform" over its options, or by a
# model of its choice, "safe" (a softmax over the safety rules, POLICY_SHARPNESS per point),
# "mixed" (half that, half a softmax over the points on offer) or "greedy" (the greedy rule of
# ``opponent_model.greedy_rule_log``: a measurement of how much knowing that rule is worth) or
# "seen" (the safety rules with every card the opponent has seen in each world, as the careful
# persona counts them: screened, no gain, docs/ai.md).
OPPONENT_POLICY = "uniform"
POLICY_SHARPNESS = 3.0
# How much of the bot's own later choice the search values as its best in the world (1: all).
OWN_BEST_SHARE = 1.0
# Once the reading is sure the opponent pegs safely (``opponent_reading.SAFE_POLICY_AT``), the
# search values its replies this much as the worst for us and the rest as its choice by the
# safety rules with what it has seen (policy "seen").
SAFE_REPLY_SHARPNESS = 0.0
# Away from the end, search all the sampled worlds as one tree (``JointPlaySearch``): each of
# the bot's later choices is made once for every world it cannot yet tell apart, as at the
# table, instead of separately in each world with the opponent's cards in sight.
JOINT_WORLDS = False
VALUE = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)  # count value by rank
# Pegging in one hand's play rarely reaches 24 points; with a 29 hand on top, a player further
# than this from the target cannot win this hand, so the search maximises the point difference.
ENDGAME_MARGIN = 24
# The discard plays for the chance of winning the game (``winchance``) once either player needs
# at most this many points; further from the end it plays for points. Off (0): screened in
# endgames at 60 it did no better (docs/ai.md).
POSITIONAL_NEED = 0
# Near the end the search scores a leaf where nobody has reached the target by the chance of
# winning the game from there (``winchance``; off, such a leaf is a draw, 0), and every world of
# a decision is then scored so once any is: one currency for all of them. On since 2026-12-05:
# over 5,700 endgames paired with the expert without it, it won about half a point more
# (docs/ai.md).
LEAF_WIN_CHANCE = True
# Near the end each world's crib is scored exactly (our two, the two the opponent is imagined to
# have laid away in that world, and the starter, which is known by then) instead of as the
# average crib of our toss over every starter.
EXACT_CRIB = True
# With the reading on, the hand before is read once it is played out, from every card the
# opponent played (``opponent_model.finished_hand_evidence``), instead of by the guess made at
# our last play in it. Off: screened against greedy it gained nothing (docs/ai.md).
READ_HAND_BEFORE = False
# With ``ExpertBot.discard_playouts`` on, the discard's near-equal keeps (within PLAYOUT_MARGIN
# of the best, at most PLAYOUT_KEEPS) are told apart by how they peg in that many play-outs
# (``pegging_rollout``), the lead found there weighed by PLAYOUT_SHARE in place of the small
# pegging credit.
PLAYOUT_MARGIN = 1.0
PLAYOUT_KEEPS = 5
PLAYOUT_SHARE = 1.0


def pegging_value(keep: Sequence[Card], is_dealer: bool) -> float:
    """Small heuristic credit for kept ranks that peg well (pairs, low leads, magic eleven)."""
    value = 0.0
    for a, b in combinations(keep, 2):
        if a.rank == b.rank:
            value += 0.15
        elif a.points + b.points == 11:
            value += 0.05
    if not is_dealer:
        value += 0.08 * min(2, sum(1 for card in keep if card.rank <= 4))
    return value


def _by_playouts(ranked: list[KeepOption], value: Callable[[KeepOption], float],
                 six: Sequence[Card], is_dealer: bool, deals: int,
                 rng: StableRandom) -> list[KeepOption]:
    """The near-equal best keeps of ``ranked`` reordered by value with the pegging lead their
    play-outs find in place of the pegging credit (the rest follow as they were)."""
    top = value(ranked[0])
    close = [option for option in ranked[:PLAYOUT_KEEPS] if value(option) >= top - PLAYOUT_MARGIN]
    if len(close) < 2:
        return ranked
    leads = keep_pegging(sorted(card.rank for card in six),
                         [sorted(card.rank for card in option.keep) for option in close],
                         is_dealer, deals, rng)
    worth = {id(option): value(option) - pegging_value(option.keep, is_dealer)
             + PLAYOUT_SHARE * lead for option, lead in zip(close, leads, strict=True)}
    close.sort(key=lambda option: -worth[id(option)])  # stable: ties keep their order
    return close + ranked[len(close):]


def _point_worth(is_dealer: bool, need: int, their_need: int) -> float:
    """What one more point is worth in chances of winning the game, about here: the pegging
    credit is in points, the positional discard in chances."""
    need = max(need, 2)
    if is_dealer:
        return pone_win_chance(their_need, need) - pone_win_chance(their_need, need - 1)
    return pone_win_chance(need - 1, their_need) - pone_win_chance(need, their_need)


class ExpertBot(CribbageBot):
    """Exact discard EV with a sensible-opponent crib, determinized exact pegging search."""

    persona_id = "expert"
    display_name = "Max the Expert"
    style = mark("Works out the best two cards to lay away, crib included, and pegs by guessing "
                 "your cards from how you play")
    # 24 worlds resampled from 384 weighted candidates: uniform holdings pegged no better than
    # the careful persona's rules (docs/ai.md); inferring the holding is where the points are,
    # and more candidates (a sharper posterior) gained more than more worlds. 768 with the
    # safe replies (``opponent_reading.SAFE_POLICY_AT``) pegged better in single hands but won
    # no more whole games (run AB, docs/ai.md).
    worlds = 24
    candidate_worlds = 384
    # Carry what kind of pegger the opponent is from hand to hand (``opponent_reading``) and,
    # once it is surely a greedy-rule player, expect its replies to follow that rule: on since
    # the screen in whole games gained against greedy and lost nothing against careful
    # (docs/ai.md). Only what the seat saw is read, so it is memory, not peeking.
    opponent_reading = True
    # Play-outs per near-equal keep at the discard (``_by_playouts``; 0: off).
    discard_playouts = 0

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.reading = OpponentReading()

    def pick_discard(
        self, observation: CribbageObservation, rng: StableRandom
    ) -> tuple[Card, Card]:
        six = list(observation.hand)
        is_dealer = observation.is_dealer
        me = observation.seat
        need = observation.target - observation.scores[me]
        their_need = observation.target - observation.scores[1 - me]
        table = discard_table(six, is_dealer)
        starters = unseen_cards(six)
        if min(need, their_need) <= POSITIONAL_NEED:
            point = _point_worth(is_dealer, need, their_need)

            def chance(option: KeepOption) -> float:
                scores = hand_scores(option.keep, starters)
                return keep_win_chance(scores, is_dealer, need, their_need,
                                       option.crib - MEAN_CRIB) \
                    + point * pegging_value(option.keep, is_dealer)

            best = max(table, key=lambda option: (chance(option), option.net,
                                                  [-c.index for c in option.keep]))
            return best.toss[0], best.toss[1]

        def value(option: KeepOption) -> float:
            total = option.net + pegging_value(option.keep, is_dealer)
            if not is_dealer and need <= 30:
                # Offence: the pone counts first, so the hand may win outright (peg ~2 first).
                scores = hand_scores(option.keep, starters)
                total += 4.0 * sum(1 for s in scores if s + 2 >= need) / len(scores)
            return total

        ranked = sorted(table, key=lambda option: (-value(option),
                                                   [c.index for c in option.keep]))
        if self.discard_playouts > 0:
            ranked = _by_playouts(ranked, value, six, is_dealer, self.discard_playouts, rng)
        best = ranked[0]
        return best.toss[0], best.toss[1]

    def pick_play(
        self, observation: CribbageObservation, fitting: list[Card], rng: StableRandom
    ) -> Card:
        by_rank: dict[int, Card] = {}
        for card in sorted(fitting):
            by_rank.setdefault(card.rank, card)
        if len(by_rank) == 1:
            return next(iter(by_rank.values()))
        candidates = weighted_candidates(observation, rng, self.candidate_worlds,
                                         every_kind=self.opponent_reading)
        shares = None
        policy = OPPONENT_POLICY
        reply_sharpness = None
        if self.opponent_reading:
            hand = (observation.hand_number, observation.dealer, tuple(observation.own_discards))
            if READ_HAND_BEFORE:
                self.reading.see_hand_before(hand, finished_hand_evidence(observation))
            self.reading.record(hand, kind_evidence(candidates))
            shares = self.reading.shares(hand)
            if self.reading.expects_rule(shares):
                policy = "greedy"
            elif self.reading.expects_safe(shares):
                policy, reply_sharpness = "seen", SAFE_REPLY_SHARPNESS
        worlds = resample_candidates(candidates, self.worlds, rng, shares)
        if JOINT_WORLDS and policy != "seen":
            joint = JointPlaySearch(observation, policy)
            if not joint.near_end:
                totals = joint.values_of_plays(tuple(by_rank), world_group(worlds))
                return by_rank[max(by_rank, key=lambda rank: (totals[rank], rank))]
        search = PlaySearch(observation, policy, reply_sharpness)
        if LEAF_WIN_CHANCE:
            search.one_currency([(world.holding, world.tossed) for world in worlds])
        totals = dict.fromkeys(by_rank, 0.0)
        # Worlds alike in everything the search looks at are solved once, weighted.
        distinct: dict[tuple, tuple[Candidate, float]] = {}
        for world in worlds:
            key = search.world_key(world.holding, world.tossed)
            held, total = distinct.get(key, (world, 0.0))
            distinct[key] = (held, total + 1.0)
        mass = sum(weight for _, weight in distinct.values()) or 1.0
        for world, weight in distinct.values():
            for rank in by_rank:
                totals[rank] += weight / mass * search.value_of_play(rank, world.holding,
                                                                     world.tossed)
        best_rank = max(by_rank, key=lambda rank: (totals[rank], rank))
        return by_rank[best_rank]


# Away from the end of the game a position's value (the point difference from here on) depends
# only on the ranks held and the count, never on the scores, so it is shared by every search.
# It is kept in two generations: when the newer fills, it becomes the older and the older is
# dropped, so the positions still in use survive (clearing it all made the next search cold).
_NEUTRAL_MEMO: dict[bytes, float] = {}
_OLDER_NEUTRAL_MEMO: dict[bytes, float] = {}
_NEUTRAL_GENERATION_LIMIT = 500_000
_NO_OLDER_MEMO: dict[bytes, float] = {}
# A search that models the opponent's replies otherwise than OPPONENT_POLICY values positions
# otherwise too: one memo per such policy, emptied whole when it fills (rarely used).
_POLICY_MEMOS: dict[str, dict[bytes, float]] = {}


class PlaySearch:
    """Exact search of the rest of the play once both holdings are known (by rank)."""

    def __init__(self, observation: CribbageObservation, policy: str | None = None,
                 reply_sharpness: float | None = None) -> None:
        self.obs = observation
        policy = policy or OPPONENT_POLICY  # read when called: benchmarks set the module's
        self.policy = policy
        # How much of each reply is valued as the worst for us (the rest as the policy's
        # average). Only the "seen" policy, whose memos are its own, may differ from the
        # module's setting: the shared memos hold values at OPPONENT_SHARPNESS.
        self.reply_sharpness = OPPONENT_SHARPNESS
        if reply_sharpness is not None and policy == "seen":
            self.reply_sharpness = reply_sharpness
        self.me = observation.seat
        self.my_hand = tuple(sorted(card.rank for card in observation.hand))
        self.ranks = tuple(card.rank for _, card in observation.current)
        self.count = observation.count
        go = observation.go_seat
        self.go = None if go is None else (0 if go == self.me else 1)
        my_score, their_score = observation.scores[self.me], observation.scores[1 - self.me]
        self.scores = (my_score, their_score)
        self.target = observation.target
        # Could anyone reach the target this hand at all? (pegging bound + the best show)
        self.near_end = max(self.scores) >= self.target - ENDGAME_MARGIN - 29 - 29
        self.endgame = False
        self.all_endgame = False  # score every world as near the end (``one_currency``)
        if len(_NEUTRAL_MEMO) > _NEUTRAL_GENERATION_LIMIT:
            _OLDER_NEUTRAL_MEMO.clear()
            _OLDER_NEUTRAL_MEMO.update(_NEUTRAL_MEMO)
            _NEUTRAL_MEMO.clear()
        self.shared_memo = _NEUTRAL_MEMO
        if policy != OPPONENT_POLICY:
            self.shared_memo = _POLICY_MEMOS.setdefault(policy, {})
            if len(self.shared_memo) > _NEUTRAL_GENERATION_LIMIT:
                self.shared_memo.clear()
        self.memo = self.shared_memo
        self.shared_older_memo = (_OLDER_NEUTRAL_MEMO if policy == OPPONENT_POLICY
                                  else _NO_OLDER_MEMO)
        self.older_memo = self.shared_older_memo
        self._show: tuple[int, int, float] | None = None
        # Policy "seen": one memo per world's cards seen by the opponent (its replies differ).
        self._seen_memos: dict[tuple, dict[bytes, float]] = {}
        self._seen_base: tuple[int, ...] = ()

    # Players inside the search: 0 = this bot, 1 = the opponent.

    def world_key(self, opponent: Sequence[Card], tossed: Sequence[Card] = ()) -> tuple:
        ranks = tuple(sorted(card.rank for card in opponent))
        if self.policy == "seen":  # its replies then depend on the cards it laid away too
            ranks += (0, *sorted(card.rank for card in tossed))
        return (ranks, self._show_scores(opponent, tossed)) if self.near_end else (ranks,)

    def one_currency(self, worlds: Sequence[tuple[Sequence[Card], Sequence[Card]]]) -> None:
        """Score every world (holding, tossed) as near the end once any is
        (``LEAF_WIN_CHANCE``): a world scored by points and one scored by chances of winning
        would not add up."""
        self.all_endgame = self.near_end and any(
            self._world_is_endgame(self._show_scores(held, tossed)) for held, tossed in worlds
        )

    def _world_is_endgame(self, show: tuple[int, int, float]) -> bool:
        mine, theirs, crib = show
        crib_bound = crib + 8  # the crib is unknown; allow a good one
        mine_best = mine + (crib_bound if self.obs.is_dealer else 0)
        theirs_best = theirs + (0 if self.obs.is_dealer else crib_bound)
        return (
            self.scores[0] + ENDGAME_MARGIN + mine_best >= self.target
            or self.scores[1] + ENDGAME_MARGIN + theirs_best >= self.target
        )

    def value_of_play(self, rank: int, opponent: Sequence[Card],
                      tossed: Sequence[Card] = ()) -> float:
        opp_hand = tuple(sorted(card.rank for card in opponent))
        self.endgame = False
        self.memo = self.shared_memo
        self.older_memo = self.shared_older_memo
        if self.policy == "seen":
            self._seen_base = self._opponent_seen(opp_hand, tossed)
            self.memo = self._seen_memos.setdefault(self._seen_base, {})
            self.older_memo = _NO_OLDER_MEMO
        if self.near_end:
            show = self._show_scores(opponent, tossed)
            if self.all_endgame or self._world_is_endgame(show):
                self.endgame = True
                if show != self._show:
                    self._show = show
                    self.endgame_memo: dict[bytes, float] = {}
                if self.policy == "seen":
                    self.endgame_memo = self._seen_memos.setdefault((show, self._seen_base), {})
                self.memo = self.endgame_memo  # leaves depend on this world's show
                self.older_memo = _NO_OLDER_MEMO
        hands = (self.my_hand, opp_hand)
        return self._play(hands, self.count, self.ranks, self.go, 0, rank, (0, 0))

    def _opponent_seen(self, held: tuple[int, ...], tossed: Sequence[Card]) -> tuple[int, ...]:
        """What the opponent has seen by this decision in this world, counted by rank (index
        0-12): its six cards, the starter and every card we have played."""
        seen = [0] * 13
        obs = self.obs
        ranks = list(held) + [card.rank for card in obs.opponent_played]
        ranks += [card.rank for card in tossed]
        ranks += [card.rank for who, card in obs.played if who == self.me]
        if obs.starter is not None:
            ranks.append(obs.starter.rank)
        for rank in ranks:
            seen[rank - 1] += 1
        return tuple(seen)

    def _show_scores(self, opponent: Sequence[Card],
                     tossed: Sequence[Card] = ()) -> tuple[int, int, float]:
        obs = self.obs
        starter = obs.starter
        assert starter is not None
        mine = show_points(obs.kept, starter)
        theirs_cards = list(obs.opponent_played) + list(opponent)
        theirs = show_points(theirs_cards, starter) if len(theirs_cards) == 4 else 0
        if EXACT_CRIB and len(obs.own_discards) == 2 and len(tossed) == 2:
            crib = float(show_points([*obs.own_discards, *tossed], starter, is_crib=True))
        else:
            crib = (crib_value(obs.own_discards, own_crib=obs.is_dealer)
                    if obs.own_discards else 0.0)
        return mine, theirs, crib

    def _play(self, hands, count, ranks, go, mover, rank, gained) -> float:
        if mover == 0:
            hands = (_without(hands[0], rank), hands[1])
        else:
            hands = (hands[0], _without(hands[1], rank))
        count += VALUE[rank]
        ranks = _scoring_tail(ranks) + (rank,)
        points = _play_points(ranks, count)
        sign = 1.0 if mover == 0 else -1.0
        if points:
            gained = _add(gained, mover, points)
            if self.endgame and self.scores[mover] + gained[mover] >= self.target:
                return sign * WIN
        if count == 31:
            return sign * points + self._new_count(hands, 1 - mover, gained)
        return sign * points + self._after_card(hands, count, ranks, go, mover, gained)

    def _after_card(self, hands, count, ranks, go, last, gained) -> float:
        other = 1 - last
        if go != other and hands[other]:
            return self._turn(hands, count, ranks, go, other, gained)
        if any(count + VALUE[r] <= 31 for r in hands[last]):
            return self._turn(hands, count, ranks, go, last, gained)
        sign = 1.0 if last == 0 else -1.0
        gained = _add(gained, last, 1)
        if self.endgame and self.scores[last] + gained[last] >= self.target:
            return sign * WIN
        return sign + self._new_count(hands, other, gained)

    def _new_count(self, hands, leader, gained) -> float:
        if not hands[0] and not hands[1]:
            return self._end_of_play(gained)
        if not hands[leader]:
            leader = 1 - leader
        return self._turn(hands, 0, (), None, leader, gained)

    def _turn(self, hands, count, ranks, go, mover, gained) -> float:
        tail = _scoring_tail(ranks)
        key = _memo_key(hands, count, tail, go, mover, gained, self.endgame)
        cached = self.memo.get(key)
        if cached is None:
            cached = self.older_memo.get(key)
            if cached is not None:
                self.memo[key] = cached
        if cached is not None:
            return cached
        options = {r for r in hands[mover] if count + VALUE[r] <= 31}
        if not options:
            result = self._after_card(hands, count, ranks, mover, 1 - mover, gained)
        else:
            values = [self._play(hands, count, ranks, go, mover, r, gained) for r in options]
            if mover == 0:
                # In each world the search sees the opponent's cards; a share of the average
                # below the root stands for not seeing them at the table ("strategy fusion").
                best = max(values)
                if OWN_BEST_SHARE < 1.0:
                    best = OWN_BEST_SHARE * best + (1 - OWN_BEST_SHARE) * sum(values) / len(values)
                result = best
            else:
                # The opponent is modelled as playing the worst reply for us only part of the
                # time (pure minimax would credit it with sight of our hand).
                worst = min(values)
                if self.policy == "uniform":
                    expected = sum(values) / len(values)
                elif self.policy == "seen":
                    chances = _seen_policy(count, tail, hands[1], len(hands[0]), tuple(options),
                                           self._seen_now(hands[0]), POLICY_SHARPNESS)
                    expected = sum(p * v for p, v in zip(chances, values, strict=True))
                else:
                    chances = _opponent_policy(count, tail, hands[1], len(hands[0]),
                                               tuple(options), self.policy, POLICY_SHARPNESS)
                    expected = sum(p * v for p, v in zip(chances, values, strict=True))
                result = self.reply_sharpness * worst + (1 - self.reply_sharpness) * expected
        self.memo[key] = result
        return result

    def _seen_now(self, my_left: tuple[int, ...]) -> tuple[int, ...]:
        """The opponent's seen cards once we have played down to ``my_left`` in the search."""
        seen = list(self._seen_base)
        left = list(my_left)
        for rank in self.my_hand:
            if rank in left:
                left.remove(rank)
            else:
                seen[rank - 1] += 1
        return tuple(seen)

    def _end_of_play(self, gained) -> float:
        if not self.endgame or self._show is None:
            return 0.0
        mine, theirs, crib = self._show
        me_dealer = self.obs.is_dealer
        scores = [self.scores[0] + gained[0], self.scores[1] + gained[1]]
        # Show order: pone's hand, dealer's hand, dealer's crib.
        order = [(1, theirs), (0, mine + crib)] if me_dealer else [(0, mine), (1, theirs + crib)]
        for player, points in order:
            scores[player] += points
            if scores[player] >= self.target:
                return WIN if player == 0 else -WIN
        if not LEAF_WIN_CHANCE:
            return 0.0
        mine, theirs = (max(1, round(self.target - score)) for score in scores)
        # Next hand the deal passes: the dealer now is the pone then.
        chance = (pone_win_chance(mine, theirs) if me_dealer
                  else 1.0 - pone_win_chance(theirs, mine))
        return WIN * (2.0 * chance - 1.0)


@lru_cache(maxsize=1 << 13)
def _opponent_policy(
    count: int,
    tail: tuple[int, ...],
    held: tuple[int, ...],
    our_cards_left: int,
    options: tuple[int, ...],
    policy: str,
    sharpness: float,
) -> tuple[float, ...]:
    """How likely the opponent plays each of ``options`` here, if it pegs by the safety rules
    (``policy`` "safe") or half the time so and half by the points on offer ("mixed"), with
    ``sharpness`` per point (arguments, so the cache never serves another setting). The cards
    it has seen are taken to be its own and the count's: the search does not carry the rest."""
    if policy == "greedy":
        return tuple(exp(greedy_rule_log(count, tail, r, tuple(sorted(set(options))),
                                          GREEDY_LAPSE)) for r in options)
    seen = [0] * 13
    for rank in held + tail:
        seen[rank - 1] += 1
    chances = list(_seen_policy(count, tail, held, our_cards_left, options, tuple(seen),
                                sharpness))
    if policy == "mixed":
        points: dict[int, float] = {r: play_points(tail, r, count) for r in options}
        greedy = [exp(softmax_log(points, r, sharpness)) for r in options]
        chances = [0.5 * a + 0.5 * b for a, b in zip(chances, greedy, strict=True)]
    return tuple(chances)


@lru_cache(maxsize=1 << 14)
def _seen_policy(
    count: int,
    tail: tuple[int, ...],
    held: tuple[int, ...],
    our_cards_left: int,
    options: tuple[int, ...],
    seen: tuple[int, ...],
    sharpness: float,
) -> tuple[float, ...]:
    """How likely the opponent plays each of ``options`` if it pegs by the safety rules having
    seen ``seen`` (by rank). The "seen" policy passes what it has truly seen in this world (its
    six, the starter, our plays), as the careful persona counts: a screening setting
    (docs/ai.md)."""
    safe = {r: safe_play_value(count, tail, r, held, seen, our_cards_left) for r in options}
    return tuple(exp(softmax_log(safe, r, sharpness)) for r in options)


# Bounded: an unbounded cache grew by thousands of counts a game, and every cache keyed by
# tuples is walked by each full garbage collection.
@lru_cache(maxsize=1 << 13)
def _play_points(ranks: tuple[int, ...], count: int) -> int:
    return play_points_for_ranks(ranks, count)


@lru_cache(maxsize=1 << 13)
def _scoring_tail(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """The part of the count's ranks that can still score: cards before a repeated rank can
    join no future run, and a pair needs only the trailing equal ranks, which this keeps."""
    seen = 0
    for i in range(len(ranks) - 1, -1, -1):
        bit = 1 << ranks[i]
        if seen & bit:
            if i == len(ranks) - 2:
                # trailing pair (or more): keep the equal ranks at the end
                j = i
                while j > 0 and ranks[j - 1] == ranks[-1]:
                    j -= 1
                return ranks[j:]
            return ranks[i + 1 :]
        seen |= bit
    return ranks


def _memo_key(
    hands: tuple[tuple[int, ...], tuple[int, ...]],
    count: int,
    tail: tuple[int, ...],
    go: int | None,
    mover: int,
    gained: tuple[int, int],
    endgame: bool,
) -> bytes:
    """A position as bytes. A memo keyed by tuples is a container the garbage collector walks
    entry by entry at every full collection (pauses of 100-300 ms on any thread, the GUI's
    included, once it held a few hundred thousand positions); one keyed by bytes and holding
    floats is never walked. Ranks are 1-13, so 0 ends each list."""
    go_code = 2 if go is None else go
    points = gained if endgame else ()
    return bytes((count, go_code, mover, *hands[0], 0, *hands[1], 0, *tail, 0, *points))


def _add(gained: tuple[int, int], player: int, points: int) -> tuple[int, int]:
    return (gained[0] + points, gained[1]) if player == 0 else (gained[0], gained[1] + points)


# The opponent's ranks left in each world the joint search still holds possible, with how
# likely that world is to have come this way (its sampled weight times the chance of the plays).
WorldGroup = dict[tuple[int, ...], float]


def world_group(worlds: Sequence[Candidate]) -> WorldGroup:
    """The sampled worlds by the ranks the opponent holds in them, each counted once."""
    group: WorldGroup = {}
    for world in worlds:
        ranks = tuple(sorted(card.rank for card in world.holding))
        group[ranks] = group.get(ranks, 0.0) + 1.0
    return group


class JointPlaySearch(PlaySearch):
    """The rest of the play searched over every sampled world at once, away from the end.

    World by world, the search plays its own later cards as if it could see the opponent's
    ("strategy fusion", the known flaw of searching sampled worlds). Here each of its later
    cards is chosen once for all the worlds that agree with what the opponent has played by
    then, each weighed by how likely it is to have come that way; the opponent still answers in
    each world as ``PlaySearch`` models it. Once the worlds left all hold the same ranks, the
    world-by-world search, and its shared memo, takes over."""

    def values_of_plays(self, options: Sequence[int], held: WorldGroup) -> dict[int, float]:
        """The value of each of our ``options`` now, averaged over the worlds ``held``."""
        mass = sum(held.values()) or 1.0
        values = {}
        for rank in options:
            after = self._joint_play(self.my_hand, self.count, self.ranks, self.go, 0, rank, held)
            values[rank] = sum(weight * after[hand] for hand, weight in held.items()) / mass
        return values

    def _joint_play(self, mine, count, ranks, go, mover, rank, group: WorldGroup):
        """As ``_play``; the opponent's ``rank`` is already out of ``group``'s hands."""
        if mover == 0:
            mine = _without(mine, rank)
        count += VALUE[rank]
        ranks = _scoring_tail(ranks) + (rank,)
        points = _play_points(ranks, count)
        if count == 31:
            values = self._joint_new_count(mine, 1 - mover, group)
        else:
            values = self._joint_after_card(mine, count, ranks, go, mover, group)
        if points:
            gain = points if mover == 0 else -points
            values = {hand: value + gain for hand, value in values.items()}
        return values

    def _joint_after_card(self, mine, count, ranks, go, last, group: WorldGroup):
        other = 1 - last
        other_holds = bool(mine) if other == 0 else bool(_cards_left(group))
        if go != other and other_holds:
            return self._joint_turn(mine, count, ranks, go, other, group)
        if last == 0:
            if _fits(mine, count):
                return self._joint_turn(mine, count, ranks, go, 0, group)
            after = self._joint_new_count(mine, other, group)
            return {hand: value + 1.0 for hand, value in after.items()}
        # The opponent played last: in some worlds it plays on, in the rest it takes the go.
        values: dict[tuple[int, ...], float] = {}
        plays_on = {hand: w for hand, w in group.items() if _fits(hand, count)}
        if plays_on:
            values.update(self._joint_turn(mine, count, ranks, go, 1, plays_on))
        stops = {hand: w for hand, w in group.items() if hand not in plays_on}
        if stops:
            after = self._joint_new_count(mine, other, stops)
            values.update({hand: value - 1.0 for hand, value in after.items()})
        return values

    def _joint_new_count(self, mine, leader, group: WorldGroup):
        theirs = _cards_left(group)
        if not mine and not theirs:
            return dict.fromkeys(group, 0.0)
        if not (mine if leader == 0 else theirs):
            leader = 1 - leader
        return self._joint_turn(mine, 0, (), None, leader, group)

    def _joint_turn(self, mine, count, ranks, go, mover, group: WorldGroup):
        if len(group) == 1:
            (held,) = group
            return {held: self._turn((mine, held), count, ranks, go, mover, (0, 0))}
        if mover == 0:
            ours = sorted({r for r in mine if count + VALUE[r] <= 31})
            if not ours:
                return self._joint_after_card(mine, count, ranks, 0, 1, group)
            best: dict[tuple[int, ...], float] = {}
            best_total = 0.0
            for rank in ours:  # one card for every world we cannot tell apart
                values = self._joint_play(mine, count, ranks, go, 0, rank, group)
                total = sum(weight * values[hand] for hand, weight in group.items())
                if not best or total > best_total:
                    best, best_total = values, total
            return best
        values = {}
        stuck = {hand: w for hand, w in group.items() if not _fits(hand, count)}
        if stuck:
            values.update(self._joint_after_card(mine, count, ranks, 1, 0, stuck))
        tail = _scoring_tail(ranks)
        choices: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[float, ...]]] = {}
        by_card: dict[int, WorldGroup] = {}
        for hand, weight in group.items():
            if hand in stuck:
                continue
            options = tuple(sorted({r for r in hand if count + VALUE[r] <= 31}))
            if self.policy == "uniform":
                chances = (1.0 / len(options),) * len(options)
            else:
                chances = _opponent_policy(count, tail, hand, len(mine), options, self.policy,
                                           POLICY_SHARPNESS)
            choices[hand] = (options, chances)
            for rank, chance in zip(options, chances, strict=True):
                by_card.setdefault(rank, {})[_without(hand, rank)] = weight * chance
        after = {rank: self._joint_play(mine, count, ranks, go, 1, rank, worlds)
                 for rank, worlds in by_card.items()}
        for hand, (options, chances) in choices.items():
            replies = [after[rank][_without(hand, rank)] for rank in options]
            expected = sum(p * v for p, v in zip(chances, replies, strict=True))
            values[hand] = (self.reply_sharpness * min(replies)
                            + (1 - self.reply_sharpness) * expected)
        return values


def _without(hand: tuple[int, ...], rank: int) -> tuple[int, ...]:
    i = hand.index(rank)
    return hand[:i] + hand[i + 1:]


def _fits(hand: tuple[int, ...], count: int) -> bool:
    return any(count + VALUE[r] <= 31 for r in hand)


def _cards_left(group: WorldGroup) -> int:
    """How many cards the opponent holds: the same in every world (it played the same cards)."""
    return len(next(iter(group)))
