"""``hint(observation)``: the expert's move for this seat, with the reason in a card player's words.

Every hint says *why*, from figures a test can recompute: deadwood left (the meld solver),
cards still unseen that would make a meld (``outs``), and the opponent's cards a discard would
fit (cards it took from the pile). When the expert's discard leaves more deadwood than the
least possible, the hint names the discard that would leave the least and says what the
expert's choice gains over it; when knocking is possible but the expert plays on, the hint
says that knocking was possible and why playing on is better.
"""

from __future__ import annotations

from typing import Any

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card, card_text, cards_text
from ginrummy_desktop.engine.gin.bots.evaluate import iter_bits, neighbours, outs
from ginrummy_desktop.engine.gin.bots.expert import ExpertBot
from ginrummy_desktop.engine.gin.bots.fastmelds import (
    best_discards,
    deadwood,
    melded_in_any,
)
from ginrummy_desktop.engine.gin.bots.knowledge import Knowledge, read_knowledge
from ginrummy_desktop.engine.translation import mark, tr, tr_n
from ginrummy_desktop.engine.wording import action_text

HINT_SEED = 20_21

# A run in the making, "7-8 of hearts", by suit.
_SUIT_RUNS = {
    "C": mark("{low}-{high} of clubs"), "D": mark("{low}-{high} of diamonds"),
    "H": mark("{low}-{high} of hearts"), "S": mark("{low}-{high} of spades"),
}

# Why drawing from the stock (or passing) beats taking the top card, per move.
_NOTHING_TO_TAKE = {"pass": mark("Pass: there is no card to take"),
                    "draw_stock": mark("Draw from the stock: there is no card to take")}
_TAKING_DOES_NOT_HELP = {
    "pass": mark("Pass: taking {card} would not lower your deadwood ({before} now, {after} after "
                 "taking it and discarding)"),
    "draw_stock": mark("Draw from the stock: taking {card} would not lower your deadwood "
                       "({before} now, {after} after taking it and discarding)"),
}
_TAKING_HELPS_LITTLE = {
    "pass": mark("Pass: taking {card} would lower your deadwood only from {before} to {after}, "
                 "and shows your opponent what you collect; a card from the stock may do "
                 "better"),
    "draw_stock": mark("Draw from the stock: taking {card} would lower your deadwood only from "
                       "{before} to {after}, and shows your opponent what you collect; a card "
                       "from the stock may do better"),
}


def _best_draw(kept: int, unseen: int) -> tuple[int, int] | None:
    """The unmelded pair or gapped pair with the most outs: (mask of the two cards, outs)."""
    melded = melded_in_any(kept)
    loose = kept & ~melded
    best: tuple[int, int] | None = None
    for index in iter_bits(loose):
        same_rank, adjacent, near = neighbours(index)
        for partner in iter_bits((same_rank | adjacent | near) & loose):
            if partner < index:
                continue
            pair = 1 << index | 1 << partner
            count = outs(pair, unseen)
            if count and (best is None or count > best[1]):
                best = (pair, count)
    return best


def _describe_pair(pair: int) -> str:
    first, second = list(iter_bits(pair))
    a, b = Card.from_index(first), Card.from_index(second)
    if a.rank == b.rank:
        return tr("the pair {first} {second}").format(first=card_text(a), second=card_text(b))
    return tr(_SUIT_RUNS[a.suit]).format(low=card_text(a)[:-1], high=card_text(b)[:-1])


def unseen_that_meld(kept: int, unseen: int) -> int:
    """How many cards you have not seen would make a new meld with ``kept`` (the engine's
    ``outs``: not in your hand, not in the pile, not known to be in an opponent's hand)."""
    return outs(kept, unseen)


def fits_opponent(card: Card, knowledge: Knowledge) -> tuple[Card, ...]:
    """The cards an opponent took from the pile (and still holds) that ``card`` would meld
    with: same rank, or the next card of the same suit."""
    same_rank, adjacent, _near = neighbours(card.index)
    held = (same_rank | adjacent) & knowledge.opponent_known
    return tuple(Card.from_index(index) for index in iter_bits(held))


def _chances(count: int) -> str:
    """"5 unseen cards would make a new meld" (the plain words for "5 outs")."""
    return tr_n("{count} unseen card would make a new meld",
                "{count} unseen cards would make a new meld", count).format(count=count)


def _why_not_least(card: Card, kept: int, alternative: Card, knowledge: Knowledge,
                   bot: ExpertBot) -> str:
    """Why the expert throws ``card`` although ``alternative`` leaves less deadwood."""
    hand = knowledge.hand
    other_kept = hand & ~alternative.mask
    mine, theirs = (unseen_that_meld(kept, knowledge.unseen),
                    unseen_that_meld(other_kept, knowledge.unseen))
    helps = fits_opponent(alternative, knowledge)
    other = card_text(alternative)
    reasons = []
    if helps and not fits_opponent(card, knowledge):
        reasons.append(tr("{card} would help your opponent, who took {cards} from the pile")
                       .format(card=other, cards=cards_text(helps)))
    if mine > theirs:
        reasons.append(tr("keeping {card} gives you more chances: {chances}, against {fewer} "
                          "after throwing {card}")
                       .format(card=other, chances=_chances(mine), fewer=theirs))
    if not reasons and bot.danger(alternative.index, knowledge) > bot.danger(card.index,
                                                                           knowledge):
        reasons.append(tr("{card} is the riskier throw: from the cards your opponent picked up "
                          "and threw away, it is likelier to help them").format(card=other))
    if not reasons:
        reasons.append(tr("{card} is more likely to help your opponent or to be needed later: "
                          "the expert played the rest of the hand out many times and this "
                          "discard won more often").format(card=other))
    why = reasons[0]
    for more in reasons[1:]:
        why = tr("{reason}; {another}").format(reason=why, another=more)
    return why


def _discard_reason(card: Card, knowledge: Knowledge, allowed: int, bot: ExpertBot,
                    knock_limit: int, could_knock: bool) -> str:
    hand = knowledge.hand
    kept = hand & ~card.mask
    left = deadwood(kept)
    least, least_cards = best_discards(hand, ~allowed)
    if left > least:
        alternative = Card.from_index(least_cards[0])
        reason = tr("Discard {card}: it leaves {deadwood} deadwood, {more} more than discarding "
                    "{other} ({least}), because {why}").format(
            card=card_text(card), deadwood=left, more=left - least,
            other=card_text(alternative), least=least,
            why=_why_not_least(card, kept, alternative, knowledge, bot))
    else:
        draw = _best_draw(kept, knowledge.unseen)
        if draw is None:
            reason = tr("Discard {card}: it leaves {deadwood} deadwood, the least you can leave"
                        ).format(card=card_text(card), deadwood=left)
        else:
            pair, count = draw
            reason = tr("Discard {card}: it leaves {deadwood} deadwood, the least you can leave; "
                        "keep {cards}: {chances} with it").format(
                card=card_text(card), deadwood=left, cards=_describe_pair(pair),
                chances=_chances(count))
    verdict = bot.last_knock
    if could_knock and verdict is not None and not verdict.knocks:
        reason = tr("{reason}. You could knock now (deadwood {least}, knock limit {limit}), but "
                    "playing on looks better: {why}").format(
            reason=reason, least=least, limit=knock_limit, why=verdict.why())
    return reason


def explain(action: Action, observation: Any, bot: ExpertBot) -> str:
    """One line a person can act on, from the expert's own reasoning where it has one."""
    knowledge = read_knowledge(observation)
    hand = knowledge.hand
    limit = int(observation.knock_limit)
    if action.kind == "big_gin":
        return tr("Big gin: all eleven cards are melded")
    if action.kind == "gin" and action.card is not None:
        return tr("Go gin by discarding {card}: every other card is melded").format(
            card=card_text(action.card))
    if action.kind == "knock" and action.card is not None:
        left = deadwood(hand & ~action.card.mask)
        verdict = bot.last_knock
        if verdict is not None and verdict.knocks and verdict.deadwood == left:
            why = verdict.why()
        else:
            why = bot.last_reason or tr("it is your best chance")
        return tr("Knock by discarding {card}: your deadwood is {deadwood}, within the knock "
                  "limit of {limit}; {why}").format(card=card_text(action.card), deadwood=left,
                                                    limit=limit, why=why)
    if action.kind == "draw_discard" and action.card is not None:
        bit = action.card.mask
        before = deadwood(hand)
        after = best_discards(hand | bit, bit)[0]
        if melded_in_any(hand | bit) & bit:
            text = tr("Take {card}: it makes a meld, and your deadwood goes from {before} to "
                      "{after} after your discard")
        else:
            text = tr("Take {card}: your deadwood goes from {before} to {after} after your "
                      "discard")
        return text.format(card=card_text(action.card), before=before, after=after)
    if action.kind in ("draw_stock", "pass"):
        top = observation.discard_pile[-1] if observation.discard_pile else None
        if top is None:
            return tr(_NOTHING_TO_TAKE[action.kind])
        before = deadwood(hand)
        after = best_discards(hand | top.mask, top.mask)[0]
        words = _TAKING_DOES_NOT_HELP if after >= before else _TAKING_HELPS_LITTLE
        return tr(words[action.kind]).format(card=card_text(top), before=before, after=after)
    if action.kind == "discard" and action.card is not None:
        allowed = 0
        for legal in observation.legal_actions:
            if legal.kind == "discard" and legal.card is not None:
                allowed |= legal.card.mask
        could_knock = any(legal.kind == "knock" for legal in observation.legal_actions)
        return _discard_reason(action.card, knowledge, allowed or hand, bot, limit,
                               could_knock)
    return action_text(action)


def hint(observation: Any, samples: int | None = None) -> tuple[Action, str]:
    """The expert's choice for ``observation`` and why (same observation, same hint)."""
    bot = ExpertBot(seed=HINT_SEED, samples=samples)
    action = bot.choose(observation)
    return action, explain(action, observation, bot)
