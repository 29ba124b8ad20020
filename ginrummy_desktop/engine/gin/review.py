"""Review one seat's decisions in a Gin Rummy hand record, from what that seat could see.

The record is replayed through the engine; before each of the seat's actions its observation
(never the deck) is read into the bots' ``Knowledge``, and ``WORLDS`` opponent hands and stock
orders are sampled from it the way the expert samples them (``worlds.worlds_for``: the cards it
took, passed and threw shape the hands). Every option is then played out to the end of the hand
in those same worlds (``rollout.play_out``: both sides draw and throw greedily and go out as soon
as they may), and its value is the mean of the points it brings, from this seat's side. The
sampling generator is seeded from the observation alone, so two deals that look the same to the
seat get the same review, whatever the hidden cards are.

Lay-offs need no review: the engine lays off for the defender the best way there is.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card, card_text
from ginrummy_desktop.engine.gin.bots.evaluate import (
    iter_bits,
    neighbours,
    outs,
    published_danger,
)
from ginrummy_desktop.engine.gin.bots.fastmelds import (
    POINTS,
    after_each_discard,
    deadwood,
    melded_in_any,
)
from ginrummy_desktop.engine.gin.bots.knowledge import Knowledge, read_knowledge
from ginrummy_desktop.engine.gin.bots.rollout import SimRules, knock_points, play_out
from ginrummy_desktop.engine.gin.bots.worlds import World, worlds_for
from ginrummy_desktop.engine.gin.hand import GinHand
from ginrummy_desktop.engine.gin.match import GinMatch
from ginrummy_desktop.engine.gin.observation import GinObservation
from ginrummy_desktop.engine.gin.replay import gin_replay_frames
from ginrummy_desktop.engine.gin.rules import GinRules
from ginrummy_desktop.engine.gin.spec import GinSpec
from ginrummy_desktop.engine.review.grades import (
    Decision,
    HandReview,
    Option,
    decision,
    summarise,
)
from ginrummy_desktop.engine.rng import StableRandom
from ginrummy_desktop.engine.translation import localized, tr, tr_ctx, tr_n

WORLDS = 24  # sampled opponent hands per decision, shared by every option of that decision
# A decision that looks like it lost points is valued again on this many times the worlds, so
# the noise of 24 play-outs does not call a good move a mistake: with 24 alone the expert's own
# hands had 6.9% of their decisions graded mistake or worse, with 96 for all 2.6%.
CONFIRM_FACTOR = 4
CONFIRM_OPTIONS = 3  # the best options valued again (besides the chosen one)
DISCARD_OPTIONS = 6  # discards valued besides the one chosen: those leaving the least deadwood
UPCARD_PHASES = ("first_upcard", "dealer_upcard", "last_discard")
GOING_OUT = ("knock", "gin", "big_gin")
THRESHOLDS = GinSpec.review_thresholds  # (inaccuracy, mistake, blunder) in points lost


def gin_hand_review(record: dict[str, Any], seat: int, worlds: int = WORLDS) -> HandReview:
    """Every decision ``seat`` made in the hand ``record``, valued and graded.

    Raises ``ValueError`` with the reason for a record that does not replay, a seat that did
    not play the hand, or a hand of more than two players.
    """
    gin_replay_frames(record)  # the same checks and messages as the replay viewer
    rules = GinRules.from_dict(record["rules"])
    if rules.players != 2:
        raise ValueError(tr("the review covers two-player hands only"))
    seats = tuple(record["seats"])
    if seat not in seats:
        raise ValueError(tr("seat {seat} did not play this hand (seats {seats})").format(
            seat=seat, seats=list(seats)))
    deck = [Card.parse(text) for text in record["deck"]]
    match = GinMatch(rules, seed=0)
    hand_number = int(record.get("hand_number", 0))
    match.hand = GinHand.deal(rules, deck, str(record.get("salt", "")), seats, hand_number)
    decisions: list[Decision] = []
    for step, (actor, kind, code) in enumerate(record["actions"], start=1):
        action = Action(kind, None if code is None else Card.parse(code))
        if actor == seat and len(match.legal_actions(seat)) > 1:
            observation = match.observation(seat)
            decisions.append(review_decision(observation, action, step, worlds))
        match.apply(actor, action)
    hand_decisions = tuple(decisions)
    return HandReview(GinSpec.name, seat, hand_number, hand_decisions,
                      summarise([(hand_number, hand_decisions)]))


def decision_seed(observation: GinObservation) -> int:
    """A seed fixed by what the seat sees (its cards, the pile, its view of the history)."""
    seen = "|".join((
        " ".join(str(card) for card in observation.hand),
        " ".join(str(card) for card in observation.discard_pile),
        " ".join(f"{e.seat}{e.kind}{e.card}" for e in observation.history),
        str(observation.stock_size), observation.phase,
    ))
    return int.from_bytes(hashlib.sha256(seen.encode()).digest()[:8], "big")


@dataclass(slots=True)
class _Position:
    """One decision's fixed inputs for the play-outs."""

    observation: GinObservation
    knowledge: Knowledge
    rules: SimRules
    go_out: tuple[int, int]
    pile: list[int]
    worlds: list[World]


def review_decision(observation: GinObservation, chosen: Action, step: int = 0,
                    worlds: int = WORLDS) -> Decision:
    """Value every sensible legal option of ``observation`` over common sampled worlds and
    grade ``chosen`` against the best of them."""
    knowledge = read_knowledge(observation)
    rules = SimRules.from_observation(observation)
    upcard = observation.upcard
    if observation.rules.oklahoma and upcard is not None and upcard.suit == "S":
        rules = SimRules(rules.knock_limit, rules.gin_bonus, rules.undercut_bonus,
                         rules.dead_stock, rules.rediscard_taken, multiplier=2)
    limit = observation.knock_limit
    rng = StableRandom(decision_seed(observation))
    position = _Position(observation, knowledge, rules, (limit, limit),
                         [card.index for card in observation.discard_pile],
                         worlds_for(observation, knowledge, worlds, rng))
    legal = observation.legal_actions
    phase = observation.phase
    if phase in UPCARD_PHASES or phase == "draw":
        kind = "upcard" if phase in UPCARD_PHASES else "draw"
        actions = list(legal)
    else:
        kind = "knock" if any(a.kind in GOING_OUT for a in legal) else "discard"
        actions = _discards_worth_valuing(knowledge.hand, legal, chosen)

    def graded(valued: list[Action]) -> Decision:
        value = _draw_option if kind in ("upcard", "draw") else _discard_option
        return decision(THRESHOLDS, step, observation.seat, kind,
                        [value(position, action) for action in valued], _key(chosen),
                        lambda best, made, loss: gin_reason(position, kind, best, made, loss))
    verdict = graded(actions)
    if verdict.loss >= THRESHOLDS[0] and CONFIRM_FACTOR > 1:
        # Only the leading options and the one chosen are worth the larger sample.
        leading = [option.action for option in verdict.options[:CONFIRM_OPTIONS]]
        contenders = [a for a in actions if _key(a) in leading or a == chosen]
        position.worlds = worlds_for(observation, knowledge, worlds * CONFIRM_FACTOR, rng)
        verdict = graded(contenders)
    return verdict


def _key(action: Action) -> list[Any]:
    return [action.kind, None if action.card is None else str(action.card)]


def _discards_worth_valuing(hand: int, legal: tuple[Action, ...], chosen: Action
                            ) -> list[Action]:
    """Every way to go out, the chosen action, and the plain discards leaving least deadwood."""
    after = dict(after_each_discard(hand))
    cards = sorted((a.card.index for a in legal if a.kind == "discard" and a.card is not None),
                   key=lambda index: (after[index], -POINTS[index]))
    plain = [Action("discard", Card.from_index(index)) for index in cards]
    keep = [a for a in legal if a.kind in GOING_OUT] + plain[:DISCARD_OPTIONS]
    if chosen not in keep:
        keep.append(chosen)
    return keep


def _mean(position: _Position, value: Callable[[World], float]) -> float:
    return sum(value(world) for world in position.worlds) / len(position.worlds)


def _draw_option(position: _Position, action: Action) -> Option:
    observation = position.observation
    hand = position.knowledge.hand
    pile = position.pile
    rules = position.rules
    if action.kind == "draw_discard":
        assert action.card is not None
        top = action.card.index
        forbidden = 0 if rules.rediscard_taken else 1 << top
        must_knock = observation.phase == "last_discard"

        def value(world: World) -> float:
            return _after_draw(position, hand | 1 << top, forbidden, world.opponent,
                               list(world.stock), pile[:-1], must_knock)
        label = tr("Take {card}").format(card=card_text(action.card))
    elif action.kind == "draw_stock":
        def value(world: World) -> float:
            stock = list(world.stock)
            drawn = stock.pop()
            return _after_draw(position, hand | 1 << drawn, 0, world.opponent, stock, pile,
                               False)
        label = tr("Draw from the stock")
    else:  # pass
        # After passing the last upcard the hand is dead; after the dealer passes, the
        # non-dealer must draw from the stock (the upcard is out of reach from then on).
        reachable = pile[:-1] if observation.phase == "dealer_upcard" else pile

        def value(world: World) -> float:
            if observation.phase == "last_discard":
                return 0.0
            return play_out([hand, world.opponent], list(world.stock), list(reachable), 1,
                            position.go_out, rules)
        label = tr_ctx("review option", "Pass")
    return Option(label, _mean(position, value), _key(action))


def _greedy_discard(eleven: int, forbidden: int) -> tuple[int, int]:
    """(card, deadwood left): least deadwood, then the highest card (the play-outs' own rule)."""
    best = (-1, 1 << 30, -1)
    for index, left in after_each_discard(eleven):
        if not forbidden >> index & 1 and (left, -POINTS[index]) < (best[1], -best[2]):
            best = (index, left, POINTS[index])
    return best[0], best[1]


def _after_draw(position: _Position, eleven: int, forbidden: int, opponent: int,
                stock: list[int], pile: list[int], must_knock: bool) -> float:
    """Points after drawing to ``eleven``: throw greedily, go out when allowed, else play on."""
    rules = position.rules
    index, left = _greedy_discard(eleven, forbidden)
    kept = eleven & ~(1 << index)
    if must_knock or left == 0 or left <= min(rules.knock_limit, position.go_out[0]):
        return float(knock_points(kept, opponent, rules))
    if len(stock) <= rules.dead_stock:
        return 0.0
    return float(play_out([kept, opponent], stock, pile + [index], 1, position.go_out, rules))


def _discard_option(position: _Position, action: Action) -> Option:
    hand = position.knowledge.hand
    rules = position.rules
    if action.kind == "big_gin":
        bonus = position.observation.rules.big_gin_bonus or rules.gin_bonus

        def value(world: World) -> float:
            return float((bonus + deadwood(world.opponent)) * rules.multiplier)
        return Option(tr("Big gin"), _mean(position, value), _key(action))
    assert action.card is not None
    index = action.card.index
    kept = hand & ~(1 << index)
    text = card_text(action.card)
    if action.kind in ("knock", "gin"):
        def value(world: World) -> float:
            return float(knock_points(kept, world.opponent, rules))
        label = (tr("Knock, discarding {card}") if action.kind == "knock"
                 else tr("Gin, discarding {card}")).format(card=text)
        return Option(label, _mean(position, value), _key(action))
    pile = position.pile + [index]

    def play_on(world: World) -> float:
        if len(world.stock) <= rules.dead_stock:
            return 0.0
        return float(play_out([kept, world.opponent], list(world.stock), list(pile), 1,
                              position.go_out, rules))
    return Option(tr("Discard {card}").format(card=text), _mean(position, play_on),
                  _key(action))


# ---------------------------------------------------------------- reasons in plain words
def gin_reason(position: _Position, kind: str, best: Option, made: Option, loss: float) -> str:
    """One line saying why the best option is best, or why the chosen one was fine."""
    knowledge = position.knowledge
    if kind in ("upcard", "draw"):
        return _draw_reason(position, best, made)
    best_kind, best_card = best.action
    made_kind, made_card = made.action
    if made_kind in GOING_OUT and best_kind not in GOING_OUT:
        share = _undercut_share(position, made_card)
        return tr("Playing on was worth {points:.1f} points more: the opponent could undercut "
                  "or out-score you in about {share:.0%} of the hands it may hold").format(
                      points=localized(best.value - made.value), share=localized(share))
    if best_kind in GOING_OUT and made_kind not in GOING_OUT:
        if best_kind == "gin":
            return tr("Go out: gin was worth {points:+.1f} points; playing on gave the opponent "
                      "time to improve").format(points=localized(best.value))
        left = deadwood(knowledge.hand & ~Card.parse(best_card).mask)
        # Translators: {deadwood} is the deadwood count knocked with.
        return tr("Go out: a knock with {deadwood} was worth {points:+.1f} points; playing on "
                  "gave the opponent time to improve").format(deadwood=left,
                                                               points=localized(best.value))
    if best_card is None or made_card is None:
        return tr("{option} was worth {points:+.1f} points").format(
            option=best.label, points=localized(best.value))
    return _discard_reason(knowledge, Card.parse(best_card), Card.parse(made_card), loss)


def _draw_reason(position: _Position, best: Option, made: Option) -> str:
    knowledge = position.knowledge
    top = knowledge.top
    if not top:
        return tr("Draw from the stock")
    top_card = Card.from_index(top.bit_length() - 1)
    text = card_text(top_card)
    before = deadwood(knowledge.hand)
    after = _greedy_discard(knowledge.hand | top, 0 if position.rules.rediscard_taken
                            else top)[1]
    melds = bool(melded_in_any(knowledge.hand | top) & top)
    took = best.action[0] == "draw_discard"
    if took:
        if melds:
            return tr("Take {card}: it makes a meld (deadwood {before} -> {after})").format(
                card=text, before=before, after=after)
        if after < before:
            return tr("Take {card}: it lowers your deadwood from {before} to {after}").format(
                card=text, before=before, after=after)
        return tr("Take {card}: it sits next to your cards and gives more ways to make a meld"
                  ).format(card=text)
    if melds:
        return tr("{card} would meld, but it saves too little and shows the opponent your plan"
                  ).format(card=text)
    if best.action[0] == "pass":
        return tr("{card} fits none of your melds: passing keeps your options").format(card=text)
    return tr("{card} fits none of your melds: the stock offers more").format(card=text)


def _discard_reason(knowledge: Knowledge, best: Card, made: Card, loss: float) -> str:
    hand = knowledge.hand
    if best == made:
        kept = hand & ~best.mask
        count = outs(kept, knowledge.unseen)
        return tr_n("{card} was the right throw: it leaves {deadwood} deadwood and {count} "
                    "card that would make a meld",
                    "{card} was the right throw: it leaves {deadwood} deadwood and {count} "
                    "cards that would make a meld", count).format(
                        card=card_text(best), deadwood=deadwood(kept), count=count)
    live = _picked_up_neighbour(made, knowledge)
    if live is not None and loss > 0:
        return tr("{card} is live: the opponent picked up the {other}").format(
            card=card_text(made), other=card_text(live))
    if melded_in_any(hand) & made.mask and not melded_in_any(hand) & best.mask:
        return tr("{card} broke up a meld; {other} was loose").format(
            card=card_text(made), other=card_text(best))
    kept_best, kept_made = hand & ~best.mask, hand & ~made.mask
    outs_best = outs(kept_best, knowledge.unseen)
    outs_made = outs(kept_made, knowledge.unseen)
    if outs_best > outs_made:
        return tr_n("Throwing {best} leaves {count} card that would make a meld; throwing "
                    "{made} leaves {other}",
                    "Throwing {best} leaves {count} cards that would make a meld; throwing "
                    "{made} leaves {other}", outs_best).format(
                        best=card_text(best), count=outs_best, made=card_text(made),
                        other=outs_made)
    left_best, left_made = deadwood(kept_best), deadwood(kept_made)
    if left_best < left_made:
        return tr("Throwing {best} leaves {deadwood} deadwood, {made} leaves {other}").format(
            best=card_text(best), deadwood=left_best, made=card_text(made), other=left_made)
    if published_danger(best.index, knowledge) < published_danger(made.index, knowledge):
        return tr("{card} was the safer throw: the opponent is less likely to use it than "
                  "{other}").format(card=card_text(best), other=card_text(made))
    return tr("{card} kept more chances for the rest of the hand ({points:.1f} points in the "
              "play-outs)").format(card=card_text(best), points=localized(loss))


def _picked_up_neighbour(card: Card, knowledge: Knowledge) -> Card | None:
    """A card the opponent took from the pile that ``card`` would meld with, if any."""
    same_rank, adjacent, near = neighbours(card.index)
    for index in iter_bits((same_rank | adjacent | near) & knowledge.opponent_known):
        return Card.from_index(index)
    return None


def _undercut_share(position: _Position, card_code: str | None) -> float:
    """Share of the sampled worlds where going out with ``card_code`` scores nothing or less."""
    if card_code is None:
        return 0.0
    kept = position.knowledge.hand & ~Card.parse(card_code).mask
    losing = sum(1 for world in position.worlds
                 if knock_points(kept, world.opponent, position.rules) <= 0)
    return losing / len(position.worlds)
