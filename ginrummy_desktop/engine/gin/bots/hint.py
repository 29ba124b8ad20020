"""``hint(observation)``: the expert's move for this seat with a one-line reason for a person."""

from __future__ import annotations

from typing import Any

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import SUIT_NAMES, Card, card_text
from ginrummy_desktop.engine.gin.bots.evaluate import iter_bits, neighbours, outs
from ginrummy_desktop.engine.gin.bots.expert import ExpertBot
from ginrummy_desktop.engine.gin.bots.fastmelds import (
    best_discards,
    deadwood,
    melded_in_any,
)
from ginrummy_desktop.engine.gin.bots.knowledge import read_knowledge
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


def explain(action: Action, observation: Any, bot: ExpertBot) -> str:
    """One line a person can act on, from the expert's own reasoning where it has one."""
    knowledge = read_knowledge(observation)
    hand = knowledge.hand
    if action.kind == "big_gin":
        return "Big gin: all eleven cards are melded"
    if action.kind in ("knock", "gin") and bot.last_reason:
        return bot.last_reason
    if action.kind == "draw_discard" and action.card is not None:
        bit = action.card.mask
        before = deadwood(hand)
        after = best_discards(hand | bit, bit)[0]
        if melded_in_any(hand | bit) & bit:
            return f"Take {card_text(action.card)}: it makes a meld (deadwood {before} -> {after})"
        return f"Take {card_text(action.card)}: deadwood {before} -> {after}"
    if action.kind in ("draw_stock", "pass"):
        top = observation.discard_pile[-1] if observation.discard_pile else None
        if top is None:
            return "Draw from the stock"
        verb = "Pass" if action.kind == "pass" else "Draw from the stock"
        if melded_in_any(hand | top.mask) & top.mask:
            return f"{verb}: {card_text(top)} would meld but costs more than it saves"
        return f"{verb}: {card_text(top)} fits none of your melds"
    if action.kind == "discard" and action.card is not None:
        kept = hand & ~action.card.mask
        left = deadwood(kept)
        draw = _best_draw(kept, knowledge.unseen)
        reason = f"Discard {card_text(action.card)}: leaves {left} deadwood"
        if bot.last_reason.startswith("Don't knock"):
            return f"{reason}. {bot.last_reason}"
        if draw is not None:
            pair, count = draw
            return f"{reason}; keep {_describe_pair(pair)}: {count_of(count, 'out')}"
        return reason
    return action_text(action)


def hint(observation: Any, samples: int | None = None) -> tuple[Action, str]:
    """The expert's choice for ``observation`` and why (same observation, same hint)."""
    bot = ExpertBot(seed=HINT_SEED, samples=samples)
    action = bot.choose(observation)
    return action, explain(action, observation, bot)
