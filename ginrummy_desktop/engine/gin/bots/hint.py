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
from ginrummy_desktop.engine.cards import SUIT_NAMES, Card, card_text, cards_text
from ginrummy_desktop.engine.gin.bots.evaluate import iter_bits, neighbours, outs
from ginrummy_desktop.engine.gin.bots.expert import ExpertBot
from ginrummy_desktop.engine.gin.bots.fastmelds import (
    best_discards,
    deadwood,
    melded_in_any,
)
from ginrummy_desktop.engine.gin.bots.knowledge import Knowledge, read_knowledge
from ginrummy_desktop.engine.wording import action_text, count_of

HINT_SEED = 20_21


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
        return f"the pair {card_text(a)} {card_text(b)}"
    return f"{card_text(a)[:-1]}-{card_text(b)[:-1]} of {SUIT_NAMES[a.suit]}"


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
    return f"{count_of(count, 'unseen card')} would make a new meld"


def _why_not_least(card: Card, kept: int, alternative: Card, knowledge: Knowledge,
                   bot: ExpertBot) -> str:
    """Why the expert throws ``card`` although ``alternative`` leaves less deadwood."""
    hand = knowledge.hand
    other_kept = hand & ~alternative.mask
    mine, theirs = (unseen_that_meld(kept, knowledge.unseen),
                    unseen_that_meld(other_kept, knowledge.unseen))
    helps = fits_opponent(alternative, knowledge)
    reasons = []
    if helps and not fits_opponent(card, knowledge):
        reasons.append(f"{card_text(alternative)} would help your opponent, who took "
                       f"{cards_text(helps)} from the pile")
    if mine > theirs:
        reasons.append(f"keeping {card_text(alternative)} gives you more chances: "
                       f"{_chances(mine)}, against {theirs} after throwing "
                       f"{card_text(alternative)}")
    if not reasons and bot.danger(alternative.index, knowledge) > bot.danger(card.index,
                                                                           knowledge):
        reasons.append(f"{card_text(alternative)} is the riskier throw: from the cards your "
                       "opponent picked up and threw away, it is likelier to help them")
    if not reasons:
        reasons.append(f"{card_text(alternative)} is more likely to help your opponent or "
                       "to be needed later: the expert played the rest of the hand out many "
                       "times and this discard won more often")
    return "; ".join(reasons)


def _discard_reason(card: Card, knowledge: Knowledge, allowed: int, bot: ExpertBot,
                    knock_limit: int, could_knock: bool) -> str:
    hand = knowledge.hand
    kept = hand & ~card.mask
    left = deadwood(kept)
    least, least_cards = best_discards(hand, ~allowed)
    reason = f"Discard {card_text(card)}: it leaves {left} deadwood"
    if left > least:
        alternative = Card.from_index(least_cards[0])
        reason += (f", {left - least} more than discarding {card_text(alternative)} "
                   f"({least}), because {_why_not_least(card, kept, alternative, knowledge, bot)}")
    else:
        reason += ", the least you can leave"
        draw = _best_draw(kept, knowledge.unseen)
        if draw is not None:
            pair, count = draw
            reason += f"; keep {_describe_pair(pair)}: {_chances(count)} with it"
    if could_knock and bot.last_reason.startswith("Don't knock"):
        why = bot.last_reason.removeprefix("Don't knock yet: ")
        reason += (f". You could knock now (deadwood {least}, knock limit {knock_limit}), "
                   f"but playing on looks better: {why}")
    return reason


def explain(action: Action, observation: Any, bot: ExpertBot) -> str:
    """One line a person can act on, from the expert's own reasoning where it has one."""
    knowledge = read_knowledge(observation)
    hand = knowledge.hand
    limit = int(observation.knock_limit)
    if action.kind == "big_gin":
        return "Big gin: all eleven cards are melded"
    if action.kind == "gin" and action.card is not None:
        return f"Go gin by discarding {card_text(action.card)}: every other card is melded"
    if action.kind == "knock" and action.card is not None:
        left = deadwood(hand & ~action.card.mask)
        why = bot.last_reason.removeprefix(f"Knock with {left}: ") or "it is your best chance"
        return (f"Knock by discarding {card_text(action.card)}: your deadwood is {left}, "
                f"within the knock limit of {limit}; {why}")
    if action.kind == "draw_discard" and action.card is not None:
        bit = action.card.mask
        before = deadwood(hand)
        after = best_discards(hand | bit, bit)[0]
        if melded_in_any(hand | bit) & bit:
            return (f"Take {card_text(action.card)}: it makes a meld, and your deadwood goes "
                    f"from {before} to {after} after your discard")
        return (f"Take {card_text(action.card)}: your deadwood goes from {before} to {after} "
                "after your discard")
    if action.kind in ("draw_stock", "pass"):
        top = observation.discard_pile[-1] if observation.discard_pile else None
        verb = "Pass" if action.kind == "pass" else "Draw from the stock"
        if top is None:
            return f"{verb}: there is no card to take"
        before = deadwood(hand)
        after = best_discards(hand | top.mask, top.mask)[0]
        if after >= before:
            return (f"{verb}: taking {card_text(top)} would not lower your deadwood "
                    f"({before} now, {after} after taking it and discarding)")
        return (f"{verb}: taking {card_text(top)} would lower your deadwood only from "
                f"{before} to {after}, and shows your opponent what you collect; a card from "
                "the stock may do better")
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
