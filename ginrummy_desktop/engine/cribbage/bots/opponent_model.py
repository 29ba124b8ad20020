"""What the opponent probably holds while pegging, given that it discarded and played sensibly.

Uniformly random holdings are a poor guess: a sensible player keeps fives, pairs, runs and
fifteens and lays away the rest, and takes the points on offer when it plays. Each candidate
world draws the opponent's unseen held cards (consistent with its plays and every go it said)
and two cards it might have laid away, then weights the world by

- how good that keep was among the 15 keeps of those six cards
  (``exp(-SHARPNESS * (best net - net(keep)))``, by ranks; suits barely change a keep's value);
- for each card the opponent played, how many points it passed up with the cards it held then
  (``exp(-PLAY_SHARPNESS * missed points)``): a player that did not pair our seven probably
  holds no seven.

``PLAY_MODEL`` can instead weigh each play by a softmax over the safety rules a good player pegs
by (``safe_play.py``, the careful persona's rules), or a mixture of the two beliefs; the mixture
can also hold a plain greedy player (``GREEDY_SHARE``, off: it gained against the greedy persona
and lost a little against the careful one, docs/ai.md).

``likely_holdings`` turns those weighted candidates into equally weighted worlds by systematic
resampling, so the search spends its time on the holdings that matter.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from math import exp, inf, log

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.cribbage import _crib_tables
from ginrummy_desktop.engine.cribbage.bots.safe_play import play_points, safe_play_value
from ginrummy_desktop.engine.cribbage.evaluation import unseen_by
from ginrummy_desktop.engine.cribbage.observation import CribbageObservation
from ginrummy_desktop.engine.cribbage.scoring import rank_points
from ginrummy_desktop.engine.rng import StableRandom, systematic_resample

# A keep one point worse than the best is about 1/e^2 as likely: players rarely throw a point.
SHARPNESS = 2.0
# Passing up one pegging point is about 1/e^1.5 as likely as taking it.
PLAY_SHARPNESS = 1.5
# How the opponent is believed to choose its plays: "points" (it takes the points on offer,
# PLAY_SHARPNESS), "safe" (a softmax over the safety rules a good player follows, the same
# rules the careful persona plays by, SAFE_SHARPNESS) or "mixed" (a safe player with
# probability SAFE_SHARE, else a softmax over the points on offer). The mixture pegged as well
# as "safe" against the careful persona and as well as "points" against the greedy one
# (docs/ai.md): whichever belief explains the plays carries the weight.
PLAY_MODEL = "mixed"
SAFE_SHARPNESS = 3.0
SAFE_SHARE = 0.5
# In "mixed", the share of the belief that the opponent plays a plain greedy rule: the card
# that scores most now, else its highest card (GREEDY_LAPSE of its plays break the rule). Such
# a player's every lead of a low card says it holds nothing higher.
GREEDY_SHARE = 0.0
GREEDY_LAPSE = 0.05
# Which crib averages the opponent is believed to weigh its discard with: "sensible" or
# "random" (the tables of ``tools/crib_tables.py``), or "hand" (it ignores the crib and keeps
# the best hand, as the greedy persona does).
DISCARD_MODEL = "sensible"


def keep_regrets(six: tuple[int, ...], is_dealer: bool) -> dict[tuple[int, ...], float]:
    """For six sorted ranks: each keep's (sorted ranks) shortfall from the best keep's net."""
    return {keep: keep_regret(six, keep, is_dealer) for keep in _keeps(six)}


def keep_regret(
    six: tuple[int, ...], keep: tuple[int, ...], is_dealer: bool, model: str = ""
) -> float:
    """How much worse keeping ``keep`` (sorted ranks) of ``six`` is than the best keep, by the
    crib averages of ``model`` (DISCARD_MODEL unless given)."""
    model = model or DISCARD_MODEL
    return _best_net(six, is_dealer, model) - _net(six, keep, is_dealer, model)


@lru_cache(maxsize=1 << 16)
def _best_net(six: tuple[int, ...], is_dealer: bool, model: str) -> float:
    """The best keep's net: ``_net(six, best_keep(six, is_dealer, model), ...)``, the same
    float, worked out in one pass over the 15 keeps by position (issue 43: this ran for every
    new six each candidate world drew)."""
    table = None if model == "hand" else \
        _crib_tables.TABLES[model]["dealer" if is_dealer else "pone"]
    best = -inf
    for a, b, c, d, t0, t1 in _KEEP_PICKS:
        keep = (six[a], six[b], six[c], six[d])
        with_starter = _points_with_each_starter(keep)
        hand = (4 * with_starter[0] - (with_starter[six[0]] + with_starter[six[1]]
                                       + with_starter[six[2]] + with_starter[six[3]]
                                       + with_starter[six[4]] + with_starter[six[5]])) / 46.0
        if table is None:
            net = hand
        else:
            crib = table[(six[t0] - 1) * 13 + (six[t1] - 1)]
            net = hand + crib if is_dealer else hand - crib
        if net > best:
            best = net
    return best


# Each keep of six cards by position: the four kept, then the two laid away (in order).
_KEEP_PICKS = tuple(
    (*picks, *(i for i in range(6) if i not in picks)) for picks in combinations(range(6), 4)
)


@lru_cache(maxsize=1 << 16)
def best_keep(six: tuple[int, ...], is_dealer: bool, model: str) -> tuple[int, ...]:
    """The keep (sorted ranks) of six sorted ranks with the best net by ``model``'s crib
    averages (the lowest ranks among equals)."""
    return max(sorted(_keeps(six)), key=lambda keep: _net(six, keep, is_dealer, model))


def _keeps(six: tuple[int, ...]) -> set[tuple[int, ...]]:
    return {tuple(six[i] for i in picks) for picks in combinations(range(6), 4)}


def _net(six: tuple[int, ...], keep: tuple[int, ...], is_dealer: bool, model: str) -> float:
    toss = list(six)
    for rank in keep:
        toss.remove(rank)
    with_starter = _points_with_each_starter(keep)
    # Four of each rank, less the six cards the player holds, can be the starter.
    hand = (4 * with_starter[0] - sum(with_starter[rank] for rank in six)) / 46.0
    if model == "hand":
        return hand
    table = _crib_tables.TABLES[model]["dealer" if is_dealer else "pone"]
    crib = table[(toss[0] - 1) * 13 + (toss[1] - 1)]
    return hand + crib if is_dealer else hand - crib


@cache
def _points_with_each_starter(keep: tuple[int, ...]) -> tuple[int, ...]:
    """Fifteens, pairs and runs of four kept ranks with each starter rank 1-13 (at that
    index); index 0 holds their sum."""
    points = [rank_points(tuple(sorted((*keep, rank)))) for rank in range(1, 14)]
    return (sum(points), *points)


# The kinds of player the "mixed" belief weighs, in the order of its shares: one who pegs by
# the safety rules, one who takes the points on offer (a softmax), one who plays the greedy rule.
KINDS = ("safe", "points", "rule")


@dataclass(frozen=True, slots=True)
class Candidate:
    """One imagined opponent holding and how well it explains the discard and the plays."""

    holding: tuple[Card, ...]
    keep_log: float  # log-weight of its keep among the 15 (``SHARPNESS``)
    play_log: float  # log-likelihood of its plays under PLAY_MODEL "safe" or "points"
    kind_logs: tuple[float, ...] = ()  # under "mixed": the plays' log-likelihood for each KIND
    tossed: tuple[Card, ...] = ()  # the two cards it is imagined to have laid away


def default_shares() -> tuple[float, float, float]:
    """The "mixed" belief's shares of KINDS when nothing is known about the opponent."""
    return (SAFE_SHARE, 1.0 - SAFE_SHARE - GREEDY_SHARE, GREEDY_SHARE)


def weighted_candidates(
    observation: CribbageObservation, rng: StableRandom, count: int, every_kind: bool = False
) -> list[Candidate]:
    """``count`` candidate opponent holdings (unplayed cards), each with what it explains.
    Under "mixed" the greedy rule's likelihood is worked out only if ``every_kind`` (for
    ``kind_evidence``) or GREEDY_SHARE weighs it; otherwise it is left impossible (-inf)."""
    held = observation.opponent_cards_left
    if held == 0:
        return [Candidate((), 0.0, 0.0, (0.0,) * len(KINDS) if PLAY_MODEL == "mixed" else ())]
    unseen = unseen_by(observation)
    minimum = go_minimum(observation)
    pool = [card for card in unseen if card.points >= minimum]
    if len(pool) < held:
        pool = list(unseen)
    played_ranks = tuple(card.rank for card in observation.opponent_played)
    opponent_deals = not observation.is_dealer
    plays = opponent_play_contexts(observation)
    safe_plays = safe_play_contexts(observation) if PLAY_MODEL != "points" else []
    starter = observation.starter.rank if observation.starter is not None else 0
    # Candidates alike by rank explain alike: each (keep, six) is weighed once per decision
    # (late in a hand most draws repeat one).
    explained: dict[tuple[tuple[int, ...], tuple[int, ...]],
                    tuple[float, float, tuple[float, ...]]] = {}
    candidates = []
    for _ in range(count):
        holding = tuple(_draw(pool, held, rng))
        tossed = _draw_two_others(unseen, holding, rng)
        keep = tuple(sorted(played_ranks + tuple(card.rank for card in holding)))
        six = tuple(sorted(keep + (tossed[0].rank, tossed[1].rank)))
        known = explained.get((keep, six))
        if known is None:
            keep_log = -SHARPNESS * keep_regret(six, keep, opponent_deals)
            play_log = 0.0
            kinds: tuple[float, ...] = ()
            if PLAY_MODEL == "mixed":
                kinds = (
                    safe_play_log_likelihood(safe_plays, played_ranks, keep, six, starter),
                    points_play_log_likelihood(safe_plays, played_ranks, keep),
                    greedy_rule_log_likelihood(safe_plays, played_ranks, keep)
                    if every_kind or GREEDY_SHARE else -inf,
                )
            elif PLAY_MODEL == "safe":
                play_log = safe_play_log_likelihood(safe_plays, played_ranks, keep, six, starter)
            else:
                play_log = -PLAY_SHARPNESS * missed_play_points(plays, played_ranks, keep)
            known = explained[(keep, six)] = (keep_log, play_log, kinds)
        candidates.append(Candidate(holding, known[0], known[1], known[2], tossed))
    return candidates


def candidate_weight(candidate: Candidate, shares: tuple[float, ...] | None = None) -> float:
    """How plausible a candidate is: its keep times its plays, under the "mixed" belief with
    ``shares`` of KINDS (``default_shares`` unless given)."""
    if not candidate.kind_logs:
        return exp(candidate.keep_log + candidate.play_log)
    shares = shares or default_shares()
    mixture = sum(share * exp(kind_log) for share, kind_log
                  in zip(shares, candidate.kind_logs, strict=True) if share)
    return exp(candidate.keep_log + log(mixture)) if mixture > 0 else 0.0


def kind_evidence(candidates: list[Candidate]) -> tuple[float, ...]:
    """The log-likelihood, up to one shared constant, of the opponent's discard and plays this
    hand for each of KINDS: the candidates' mean explanation under that kind alone."""
    if not candidates or not candidates[0].kind_logs:
        return ()
    evidence = []
    for kind in range(len(candidates[0].kind_logs)):
        logs = [c.keep_log + c.kind_logs[kind] for c in candidates]
        top = max(logs)
        evidence.append(top + log(sum(exp(x - top) for x in logs) / len(logs)))
    return tuple(evidence)


def finished_hand_evidence(observation: CribbageObservation) -> tuple[float, ...]:
    """The log-likelihood of the opponent's discard and plays in the hand before this one for
    each of KINDS (the greedy rule's player discarding for its hand alone, the others as a
    sensible player would), worked out exactly: by the end of a hand its four kept cards have
    all been played, and the crib, shown to both, less our own two gives the two it laid away.
    Empty when that hand was not played out (the first hand, or a record that does not add
    up)."""
    if not observation.last_history or observation.last_starter is None:
        return ()
    me = observation.seat
    played = tuple(card.rank for seat, kind, card in observation.last_history
                   if kind == "play" and seat != me and card is not None)
    if len(played) != 4:
        return ()
    keep = tuple(sorted(played))
    tossed = [card for card in observation.last_crib if card not in observation.last_own_discards]
    if len(tossed) != 2:
        return ()
    six = tuple(sorted(keep + (tossed[0].rank, tossed[1].rank)))
    contexts = _play_contexts(observation.last_history, me)
    # Its discard too: a greedy-rule player keeps the best hand and ignores the crib.
    opponent_dealt = observation.dealer == me  # the deal passes every hand
    sensible = -SHARPNESS * keep_regret(six, keep, opponent_dealt)
    hand_only = -SHARPNESS * keep_regret(six, keep, opponent_dealt, "hand")
    return (
        sensible + safe_play_log_likelihood(contexts, played, keep, six,
                                            observation.last_starter.rank),
        sensible + points_play_log_likelihood(contexts, played, keep),
        hand_only + greedy_rule_log_likelihood(contexts, played, keep),
    )


def plausible_holdings(
    observation: CribbageObservation, rng: StableRandom, count: int
) -> list[tuple[tuple[Card, ...], float]]:
    """``count`` candidate opponent holdings (unplayed cards) with plausibility weights."""
    return [(candidate.holding, candidate_weight(candidate))
            for candidate in weighted_candidates(observation, rng, count)]


def _draw(cards: list[Card], count: int, rng: StableRandom) -> list[Card]:
    """``count`` cards drawn uniformly without replacement (a partial Fisher-Yates shuffle)."""
    cards = list(cards)
    for i in range(count):
        j = i + rng.randbelow(len(cards) - i)
        cards[i], cards[j] = cards[j], cards[i]
    return cards[:count]


def _draw_two_others(
    cards: list[Card], excluded: tuple[Card, ...], rng: StableRandom
) -> tuple[Card, Card]:
    """Two distinct cards drawn uniformly from ``cards`` but not in ``excluded`` (rejection:
    the excluded few are rarely hit, and it avoids copying the list)."""
    taken = {card.index for card in excluded}
    picks: list[Card] = []
    while len(picks) < 2:
        card = cards[rng.randbelow(len(cards))]
        if card.index not in taken:
            taken.add(card.index)
            picks.append(card)
    return picks[0], picks[1]


def likely_holdings(
    observation: CribbageObservation, rng: StableRandom, count: int, candidates: int
) -> list[tuple[Card, ...]]:
    """``count`` opponent holdings drawn from ``candidates`` weighted ones (systematic
    resampling: a holding appears about ``count`` × its share of the weight times)."""
    return resample_holdings(weighted_candidates(observation, rng, candidates), count, rng)


def resample_holdings(
    candidates: list[Candidate], count: int, rng: StableRandom,
    shares: tuple[float, ...] | None = None,
) -> list[tuple[Card, ...]]:
    """``count`` holdings drawn from weighted ``candidates`` by systematic resampling."""
    return [candidate.holding
            for candidate in resample_candidates(candidates, count, rng, shares)]


def resample_candidates(
    candidates: list[Candidate], count: int, rng: StableRandom,
    shares: tuple[float, ...] | None = None,
) -> list[Candidate]:
    """``count`` of the weighted ``candidates`` by systematic resampling (holding and toss)."""
    weights = [candidate_weight(candidate, shares) for candidate in candidates]
    return systematic_resample(candidates, weights, count, rng)


def opponent_play_contexts(
    observation: CribbageObservation,
) -> list[tuple[int, tuple[int, ...], int, int]]:
    """Each card the opponent played this hand as (count before it, ranks on the count before
    it, its rank, how many cards the opponent had played before it)."""
    return [context[:4] for context in safe_play_contexts(observation)]


def _counted(
    history: tuple[tuple[int, str, Card | None], ...],
) -> Iterator[tuple[int, str, Card | None, int, tuple[int, ...]]]:
    """The public play history, each event with the count and the count's ranks just before
    it (a card that does not fit the count means a go was paid and a new count began)."""
    running = 0
    ranks: tuple[int, ...] = ()
    for seat, kind, card in history:
        if kind != "play":
            yield seat, kind, card, running, ranks
            continue
        assert card is not None
        if running + card.points > 31:
            running, ranks = 0, ()
        yield seat, kind, card, running, ranks
        running += card.points
        ranks += (card.rank,)
        if running == 31:
            running, ranks = 0, ()


def missed_play_points(
    contexts: list[tuple[int, tuple[int, ...], int, int]],
    played_ranks: tuple[int, ...],
    holding_ranks: tuple[int, ...],
) -> int:
    """Points the opponent passed up, summed over its plays, if it held ``holding_ranks``
    (its four kept ranks; ``played_ranks`` in the order it played them)."""
    missed = 0
    unplayed = _unplayed(holding_ranks, played_ranks)
    for count, ranks, rank, before in contexts:
        held_then = set(unplayed) | set(played_ranks[before:])
        best = max(
            play_points(ranks, rank_held, count)
            for rank_held in held_then
            if count + min(rank_held, 10) <= 31
        )
        missed += best - play_points(ranks, rank, count)
    return missed


def safe_play_contexts(
    observation: CribbageObservation,
) -> list[tuple[int, tuple[int, ...], int, int, tuple[int, ...]]]:
    """Each card the opponent played this hand as (count before it, ranks on the count before
    it, its rank, how many cards the opponent had played before it, the ranks we had played
    before it)."""
    return _play_contexts(observation.history, observation.seat)


def _play_contexts(
    history: tuple[tuple[int, str, Card | None], ...], me: int
) -> list[tuple[int, tuple[int, ...], int, int, tuple[int, ...]]]:
    contexts: list[tuple[int, tuple[int, ...], int, int, tuple[int, ...]]] = []
    mine: tuple[int, ...] = ()
    for seat, kind, card, running, ranks in _counted(history):
        if kind != "play":
            continue
        assert card is not None
        if seat == me:
            mine += (card.rank,)
        else:
            contexts.append((running, ranks, card.rank, len(contexts), mine))
    return contexts


def safe_play_log_likelihood(
    contexts: list[tuple[int, tuple[int, ...], int, int, tuple[int, ...]]],
    played_ranks: tuple[int, ...],
    keep: tuple[int, ...],
    six: tuple[int, ...],
    starter: int,
) -> float:
    """Log-probability of the opponent's plays so far if it kept ``keep`` of ``six`` and chose
    each card by a softmax over the safety rules of a good player."""
    total = 0.0
    unplayed = _unplayed(keep, played_ranks)
    # What the opponent had seen before any play: its six cards and the starter.
    seen_at_deal = [0] * 14
    for r in six:
        seen_at_deal[r] += 1
    seen_at_deal[starter] += 1
    for count, ranks, rank, before, mine in contexts:
        held_then = tuple(sorted(unplayed + list(played_ranks[before:])))
        seen = list(seen_at_deal)
        for r in mine:
            seen[r] += 1
        total += _safe_play_log(
            count, ranks, rank, held_then, tuple(seen[1:]), 4 - len(mine), SAFE_SHARPNESS
        )
    return total


def _unplayed(keep: tuple[int, ...], played_ranks: tuple[int, ...]) -> list[int]:
    """The kept ranks the opponent has not played yet."""
    unplayed = list(keep)
    for rank in played_ranks:
        unplayed.remove(rank)
    return unplayed


# Few plays repeat (the seen cards differ by candidate): a small cache, cheap for the collector.
@lru_cache(maxsize=1 << 12)
def _safe_play_log(
    count: int,
    ranks: tuple[int, ...],
    rank: int,
    held: tuple[int, ...],
    seen: tuple[int, ...],
    our_cards_left: int,
    sharpness: float,
) -> float:
    values = {
        r: safe_play_value(count, ranks, r, held, seen, our_cards_left)
        for r in set(held)
        if count + min(r, 10) <= 31
    }
    return softmax_log(values, rank, sharpness)


def points_play_log_likelihood(
    contexts: list[tuple[int, tuple[int, ...], int, int, tuple[int, ...]]],
    played_ranks: tuple[int, ...],
    keep: tuple[int, ...],
) -> float:
    """Log-probability of the opponent's plays so far if it kept ``keep`` and chose each card
    by a softmax over the points on offer (PLAY_SHARPNESS per point)."""
    return sum(_points_play_log(count, ranks, rank, held, PLAY_SHARPNESS)
               for count, ranks, rank, held in _plays_with_holdings(contexts, played_ranks, keep))


def _plays_with_holdings(
    contexts: list[tuple[int, tuple[int, ...], int, int, tuple[int, ...]]],
    played_ranks: tuple[int, ...],
    keep: tuple[int, ...],
) -> Iterator[tuple[int, tuple[int, ...], int, tuple[int, ...]]]:
    """Each of the opponent's plays (count, ranks, rank played) with the ranks it then held,
    had it kept ``keep``."""
    unplayed = _unplayed(keep, played_ranks)
    for count, ranks, rank, before, _ in contexts:
        yield count, ranks, rank, tuple(sorted(set(unplayed) | set(played_ranks[before:])))


@lru_cache(maxsize=1 << 13)
def _points_play_log(
    count: int, ranks: tuple[int, ...], rank: int, held: tuple[int, ...], sharpness: float
) -> float:
    points: dict[int, float] = {
        r: play_points(ranks, r, count) for r in held if count + min(r, 10) <= 31
    }
    return softmax_log(points, rank, sharpness)


def greedy_rule_log_likelihood(
    contexts: list[tuple[int, tuple[int, ...], int, int, tuple[int, ...]]],
    played_ranks: tuple[int, ...],
    keep: tuple[int, ...],
) -> float:
    """Log-probability of the opponent's plays so far if it kept ``keep`` and played by the
    greedy rule (most points now, then the highest count value), breaking it at random
    ``GREEDY_LAPSE`` of the time."""
    return sum(greedy_rule_log(count, ranks, rank, held, GREEDY_LAPSE)
               for count, ranks, rank, held in _plays_with_holdings(contexts, played_ranks, keep))


@lru_cache(maxsize=1 << 13)
def greedy_rule_log(
    count: int, ranks: tuple[int, ...], rank: int, held: tuple[int, ...], lapse: float
) -> float:
    options = {r: (play_points(ranks, r, count), min(r, 10)) for r in held
               if count + min(r, 10) <= 31}
    if rank not in options:
        return -30.0
    top = max(options.values())
    chosen = [r for r, value in options.items() if value == top]
    if len(chosen) == len(options):
        return 0.0
    if rank in chosen:
        return log((1 - lapse) / len(chosen))
    return log(lapse / (len(options) - len(chosen)))


def softmax_log(values: dict[int, float], rank: int, sharpness: float) -> float:
    """Log-probability of choosing ``rank`` by a softmax over ``values`` (a rank that could
    not have been played is all but impossible)."""
    if rank not in values:
        return -30.0
    top = max(values.values())
    norm = sum(exp(sharpness * (v - top)) for v in values.values())
    return sharpness * (values[rank] - top) - log(norm)


def go_minimum(observation: CribbageObservation) -> int:
    """Every go the opponent said means it held no card that fit the count then, and the cards
    it still holds were all in its hand at that moment: each is worth at least this many points."""
    minimum = 0
    for seat, kind, _, running, _ in _counted(observation.history):
        if kind != "play" and seat != observation.seat:
            minimum = max(minimum, 32 - running)
    return minimum
