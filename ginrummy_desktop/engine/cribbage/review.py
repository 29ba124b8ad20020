"""Review one seat's decisions in a cribbage hand record, from what that seat could see.

- **Discard**: the advisor's full table of the 15 keeps (``advisor.discard_table``: the kept
  hand's exact average over the 46 starters, the crib average for the dealer or the pone, and
  the net), graded by the net given up.
- **Pegging**: each play with a real choice (cards of two ranks or more that fit) is valued as
  the expert values it: ``WORLDS`` opponent holdings drawn the way the expert draws them (its
  discard and its plays make some holdings likelier, every go rules cards out), and in each
  the rest of the play solved exactly (``PlaySearch``). A value is the point difference from
  there to the end of the play, for points only: the review does not switch to chances of
  winning near the end of the game, as the expert does.
- **Show** (muggins rules): points left uncounted in one's own hand or crib, and missed points
  of the opponent's count not claimed.

The sampling generator is seeded from the observation alone (as the bots seed theirs), so the
review never depends on a card the seat could not see.
"""

from __future__ import annotations

from typing import Any

from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.cards import FULL_DECK, Card, card_text, cards_text, parse_cards
from ginrummy_desktop.engine.cribbage.advisor import discard_table
from ginrummy_desktop.engine.cribbage.bots.base import information_key
from ginrummy_desktop.engine.cribbage.bots.expert import PlaySearch
from ginrummy_desktop.engine.cribbage.bots.opponent_model import (
    resample_candidates,
    weighted_candidates,
)
from ginrummy_desktop.engine.cribbage.match import CribbageMatch, action_from_json
from ginrummy_desktop.engine.cribbage.observation import (
    COUNT,
    DISCARD,
    MUGGINS,
    PLAY,
    CribbageObservation,
)
from ginrummy_desktop.engine.cribbage.rules import CribbageRules
from ginrummy_desktop.engine.cribbage.scoring import play_points_for_ranks, show_points
from ginrummy_desktop.engine.cribbage.spec import CribbageSpec
from ginrummy_desktop.engine.review.grades import Decision, HandReview, Option, decision, summarise
from ginrummy_desktop.engine.rng import StableRandom
from ginrummy_desktop.engine.translation import localized, tr, tr_n

WORLDS = 24  # opponent holdings per pegging decision (the expert's own number)
CANDIDATES = 384  # weighted candidate holdings they are drawn from (the expert's own number)
REVIEW_SEED = 41
THRESHOLDS = CribbageSpec.review_thresholds  # (inaccuracy, mistake, blunder) in points lost


def cribbage_hand_review(record: dict[str, Any], seat: int) -> HandReview:
    """Every decision ``seat`` made in the cribbage hand ``record``, valued and graded.

    Raises ``ValueError`` with the reason for a record that does not replay or a bad seat.
    """
    if not isinstance(record, dict) or record.get("game") != CribbageSpec.name:
        raise ValueError(tr("not a cribbage hand record"))
    if seat not in (0, 1):
        raise ValueError(f"seat must be 0 or 1 in cribbage, not {seat!r}")
    try:
        deck_field = record["deck"]
        deck = parse_cards(" ".join(deck_field) if isinstance(deck_field, list) else deck_field)
        before = record.get("scores_before", [0, 0])
        match = CribbageMatch(seed=0, rules=CribbageRules.from_json(record["rules"]),
                              first_dealer=int(record["dealer"]),
                              decks=[deck, list(FULL_DECK)],
                              scores=(int(before[0]), int(before[1])))
        actions = [(int(e["seat"]), action_from_json(e["action"])) for e in record["actions"]]
    except (KeyError, TypeError, IndexError, ValueError, AttributeError) as error:
        raise ValueError(tr("damaged cribbage record ({error})").format(error=error)) from None
    hand_number = int(record.get("hand", 1))
    decisions: list[Decision] = []
    for step, (actor, action) in enumerate(actions, start=1):
        if match.winner is not None or match.hand_records():
            break  # the game ended (or the hand was over) before this action
        if actor == seat:
            observation = match.observation(seat)
            reviewed = review_decision(observation, action, step)
            if reviewed is not None:
                decisions.append(reviewed)
        try:
            match.apply(actor, action)
        except IllegalActionError as error:
            raise ValueError(tr("move {step} does not replay: {error}").format(
                step=step, error=error)) from None
    hand_decisions = tuple(decisions)
    return HandReview(CribbageSpec.name, seat, hand_number, hand_decisions,
                      summarise([(hand_number, hand_decisions)]))


def review_decision(observation: CribbageObservation, chosen: Action, step: int = 0
                    ) -> Decision | None:
    """The graded decision, or None where there was nothing to choose (a go, a cut, one rank
    that fits)."""
    if observation.phase == DISCARD:
        return _discard(observation, chosen, step)
    if observation.phase == PLAY and chosen.kind == "play":
        return _play(observation, chosen, step)
    if observation.phase in (COUNT, MUGGINS):
        return _show(observation, chosen, step)
    return None


def _toss_key(cards: tuple[Card, ...]) -> list[str]:
    return sorted(str(card) for card in cards)


def _discard(observation: CribbageObservation, chosen: Action, step: int) -> Decision:
    table = discard_table(observation.hand, observation.is_dealer)
    options = [Option(tr("Keep {kept}, lay away {tossed}").format(
                          kept=cards_text(keep.keep), tossed=cards_text(keep.toss)),
                      keep.net, _toss_key(keep.toss),
                      {"hand": keep.hand, "crib": keep.crib, "net": keep.net})
               for keep in table]
    kept_for = {tuple(_toss_key(keep.toss)): keep.keep for keep in table}

    def reason(best: Option, made: Option, loss: float) -> str:
        if best is made:
            if observation.is_dealer:
                return tr("The best keep: its hand averages {hand:.1f} and the toss is worth "
                          "{crib:.1f} to your crib").format(hand=localized(best.details["hand"]),
                                                            crib=localized(best.details["crib"]))
            return tr("The best keep: its hand averages {hand:.1f} and the toss is worth "
                      "{crib:.1f} to the opponent's crib").format(
                          hand=localized(best.details["hand"]),
                          crib=localized(best.details["crib"]))
        hand_gap = best.details["hand"] - made.details["hand"]
        crib_gap = made.details["crib"] - best.details["crib"]
        if not observation.is_dealer and crib_gap > hand_gap:
            return tr("Your toss gives the dealer's crib {points:.1f} points more on average "
                      "than {cards} would").format(points=localized(crib_gap),
                                                   cards=cards_text(_cards(best.action)))
        if observation.is_dealer and -crib_gap > hand_gap:
            return tr("{cards} in your own crib averages {points:.1f} points more").format(
                cards=cards_text(_cards(best.action)), points=localized(-crib_gap))
        return tr("Keep {kept} averages {points:.1f} points more in the show (net {net:.1f} "
                  "over the 46 starters)").format(
                      kept=cards_text(kept_for[tuple(best.action)]), points=localized(hand_gap),
                      net=localized(loss))
    return decision(THRESHOLDS, step, observation.seat, "discard", options,
                    _toss_key(chosen.cards), reason)


def _cards(codes: list[str]) -> list[Card]:
    return [Card.parse(code) for code in codes]


def _play(observation: CribbageObservation, chosen: Action, step: int) -> Decision | None:
    fitting = [a.card for a in observation.legal_actions if a.kind == "play" and a.card]
    by_rank: dict[int, Card] = {}
    for card in sorted(fitting):
        by_rank.setdefault(card.rank, card)
    if len(by_rank) < 2 or chosen.card is None:
        return None
    key = REVIEW_SEED
    for value in information_key(observation):
        key = (key * 1_000_003 + value) % (1 << 63)
    rng = StableRandom(key)
    worlds = resample_candidates(weighted_candidates(observation, rng, CANDIDATES), WORLDS,
                                 rng)
    search = PlaySearch(observation)
    search.near_end = False  # points only: see the module docstring
    totals = dict.fromkeys(by_rank, 0.0)
    for world in worlds:
        for rank in by_rank:
            totals[rank] += search.value_of_play(rank, world.holding, world.tossed) / len(worlds)
    ranks_now = [card.rank for _, card in observation.current]
    options = [Option(tr("Play {card}").format(card=card_text(card)), totals[rank], card.rank)
               for rank, card in by_rank.items()]

    def now(rank: int) -> int:
        return play_points_for_ranks(ranks_now + [rank], observation.count + min(rank, 10))

    def reason(best: Option, made: Option, loss: float) -> str:
        best_card, made_card = by_rank[best.action], by_rank[made.action]
        if best is made:
            pegged = now(best.action)
            if pegged:
                return tr("{card} was the best play: it pegs {points} now").format(
                    card=card_text(best_card), points=pegged)
            return tr("{card} was the best play, keeping the count safe").format(
                card=card_text(best_card))
        gained, made_now = now(best.action), now(made.action)
        if gained > made_now:
            return tr("{card} pegged {points} now").format(card=card_text(best_card),
                                                          points=gained)
        total = observation.count + min(made.action, 10)
        if total in (5, 21):
            return tr("{card} left the count on {count}: any ten-card makes 15 or 31 for the "
                      "opponent").format(card=card_text(made_card), count=total)
        if made_now and made_now >= gained:
            return tr("{card} pegged {points}, but it leaves the opponent an easy reply; "
                      "{other} pegs more over the rest of the play").format(
                          card=card_text(made_card), points=made_now, other=card_text(best_card))
        return tr("{card} holds up better over the rest of the play (about {points:.1f} points)"
                  ).format(card=card_text(best_card), points=localized(loss))
    return decision(THRESHOLDS, step, observation.seat, "play", options, chosen.card.rank, reason)


def _show(observation: CribbageObservation, chosen: Action, step: int) -> Decision | None:
    starter = observation.starter
    if starter is None:
        return None
    true = show_points(observation.show_cards, starter, observation.show_is_crib)
    crib = observation.show_is_crib
    if observation.phase == COUNT:
        claimed = chosen.points or 0
        missed = true - claimed
        # Missed points may be taken by the opponent: the swing is up to twice the points.
        options = [Option(tr("Count {points}").format(points=true), 0.0, true),
                   Option(tr("Count {points}").format(points=claimed), -float(missed), claimed)]
        if missed == 0:
            options = options[:1]

        def reason(best: Option, made: Option, loss: float) -> str:
            cards = cards_text(observation.show_cards)
            if not missed:
                text = (tr("Counted right: your crib {cards} with {starter} is {points}") if crib
                        else tr("Counted right: your hand {cards} with {starter} is {points}"))
            elif crib:
                text = tr_n("Your crib {cards} with {starter} is worth {points}: {count} point "
                            "left uncounted",
                            "Your crib {cards} with {starter} is worth {points}: {count} points "
                            "left uncounted", missed)
            else:
                text = tr_n("Your hand {cards} with {starter} is worth {points}: {count} point "
                            "left uncounted",
                            "Your hand {cards} with {starter} is worth {points}: {count} points "
                            "left uncounted", missed)
            return text.format(cards=cards, starter=card_text(starter), points=true,
                               count=missed)
        return decision(THRESHOLDS, step, observation.seat, "show", options, chosen.points,
                        reason)
    claimed = observation.claimed or 0
    missed = true - claimed
    options = [Option(tr("Call muggins"), float(missed), "muggins"),
               Option(tr("Let it pass"), 0.0, "pass")]

    def muggins_reason(best: Option, made: Option, loss: float) -> str:
        if made is best:
            return tr("Muggins: the opponent counted {claimed} of {points}").format(
                claimed=claimed, points=true)
        return tr_n("The opponent counted {claimed} of {points}: {count} point was yours to take",
                    "The opponent counted {claimed} of {points}: {count} points were yours to "
                    "take", missed).format(claimed=claimed, points=true, count=missed)
    return decision(THRESHOLDS, step, observation.seat, "show", options, chosen.kind,
                    muggins_reason)
