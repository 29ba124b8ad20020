"""Which kind of pegger the opponent is, learned over the hands of a game.

Within one hand the "mixed" belief (``opponent_model``) already lets whichever kind of player
explains the opponent's plays carry the weight, but every hand starts again from the same
shares. A person at the table remembers: after a few hands of an opponent who always leads its
highest card, they expect it again. ``OpponentReading`` keeps that memory. At each of the
expert's plays it is handed how well each kind explains the opponent's discard and plays so far
this hand (``opponent_model.kind_evidence``); when a new hand starts, the last such reading of
the hand before is added to the game's total, and the shares for this hand are the posterior.
With ``expert.READ_HAND_BEFORE`` (a screening setting, off: it gained nothing, docs/ai.md) the
hand before is instead read once played out, exactly, from every card the opponent played
(``opponent_model.finished_hand_evidence``).

Only what the seat saw is used: the opponent's plays and goes, never its hidden cards.
"""

from __future__ import annotations

from math import exp, log

from ginrummy_desktop.engine.cribbage.bots.opponent_model import KINDS, default_shares

# Before any evidence a plain greedy pegger is thought rare; the rest as the mixture has it.
RULE_PRIOR = 0.05
# Every kind keeps at least this share: a person may change how they play.
SHARE_FLOOR = 0.02
# Once the opponent is this surely a greedy-rule player, the search expects its replies to
# follow that rule (``expert._opponent_policy`` "greedy") instead of averaging over them.
RULE_POLICY_AT = 0.9
# Once the opponent is this surely a safe pegger, the search expects its replies to follow the
# safety rules with every card it has seen (``expert`` policy "seen", valued as its choice, not
# half the worst for us); 0 or more than 1: never. Against careful the share passes 0.75 by
# the second or third hand; against greedy it did in none of 137 hands (a scratch probe). Off:
# with 768 candidates it pegged better in single hands, but measured in whole games on fresh
# deals it won no more (run AB, docs/ai.md).
SAFE_POLICY_AT = 0.0


def prior_shares() -> tuple[float, ...]:
    safe, points, _ = default_shares()
    scale = (1.0 - RULE_PRIOR) / (safe + points)
    return (safe * scale, points * scale, RULE_PRIOR)


class OpponentReading:
    """The posterior over ``KINDS`` from the hands finished so far."""

    def __init__(self) -> None:
        # Totals whose shares (after the floor) are exactly the prior.
        spread = 1.0 - SHARE_FLOOR * len(KINDS)
        self._totals = [log((share - SHARE_FLOOR) / spread) for share in prior_shares()]
        self._hand: tuple | None = None
        self._pending: tuple[float, ...] = ()
        self.hands_read = 0

    def shares(self, hand: tuple) -> tuple[float, ...]:
        """The shares of KINDS to believe in ``hand``: the evidence of earlier hands only
        (this hand's own plays are weighed by the candidates themselves)."""
        self._start(hand)
        top = max(self._totals)
        raw = [exp(total - top) for total in self._totals]
        mass = sum(raw)
        spread = 1.0 - SHARE_FLOOR * len(raw)
        return tuple(SHARE_FLOOR + spread * value / mass for value in raw)

    def record(self, hand: tuple, evidence: tuple[float, ...]) -> None:
        """How well each kind explains what the opponent has done so far in ``hand``."""
        self._start(hand)
        if len(evidence) == len(KINDS):
            self._pending = evidence

    def see_hand_before(self, hand: tuple, evidence: tuple[float, ...]) -> None:
        """At a look at ``hand``: the evidence of the hand before it worked out once it was
        played out (``opponent_model.finished_hand_evidence``). It replaces the reading made
        during that hand, which had to guess the cards the opponent had not played yet."""
        if hand == self._hand or len(evidence) != len(KINDS):
            return
        if self._hand is None or self._hand[0] != hand[0] - 1:
            self._commit()  # the reading of an older hand stands: the new evidence is not its
        self._pending = evidence
        self._start(hand)

    def _start(self, hand: tuple) -> None:
        if hand == self._hand:
            return
        self._commit()
        self._hand = hand

    def _commit(self) -> None:
        if self._pending:
            # The evidence is known up to a constant shared by the kinds: subtract the best so
            # the totals stay small however long the game.
            top = max(self._pending)
            self._totals = [total + value - top
                            for total, value in zip(self._totals, self._pending, strict=True)]
            self.hands_read += 1
        self._pending = ()

    def expects_rule(self, shares: tuple[float, ...]) -> bool:
        return shares[KINDS.index("rule")] >= RULE_POLICY_AT

    def expects_safe(self, shares: tuple[float, ...]) -> bool:
        return 0 < SAFE_POLICY_AT <= shares[KINDS.index("safe")]
