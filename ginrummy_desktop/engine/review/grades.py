"""What a review says about one decision, one hand and one match, and the grading thresholds.

Every decision is valued in points of the hand from the reviewed seat's side (positive: that
seat scores), as the expert values it from what the seat could see then. ``loss`` is the best
option's value less the chosen one's, never negative, and the grade follows from it by the
game's own thresholds (its spec's ``review_thresholds``: inaccuracy, mistake, blunder):

========  ==================  ===================
game      inaccuracy from     mistake / blunder
========  ==================  ===================
gin       2 points            5 / 10 points
cribbage  0.5 points          1.5 / 3 points
========  ==================  ===================

Below the first threshold a decision is "fine". Cribbage points are smaller money than gin's
(a whole hand's discard table spans a few points), hence the smaller steps.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ginrummy_desktop.engine import registry
from ginrummy_desktop.engine.translation import tr, tr_ctx, tr_n

FINE, INACCURACY, MISTAKE, BLUNDER = "fine", "inaccuracy", "mistake", "blunder"
GRADES = (FINE, INACCURACY, MISTAKE, BLUNDER)
Thresholds = tuple[float, float, float]  # (inaccuracy, mistake, blunder) in points lost


class _Thresholds(Mapping[str, Thresholds]):
    """Game name -> its spec's ``review_thresholds``, for every registered game that has a
    review; read from the registry at each use."""

    def __getitem__(self, game: str) -> Thresholds:
        try:
            spec = registry.get_game(game)
        except ValueError:
            raise KeyError(game) from None
        thresholds: Thresholds | None = getattr(spec, "review_thresholds", None)
        if thresholds is None:
            raise KeyError(game)
        return thresholds

    def __iter__(self) -> Iterator[str]:
        return iter([name for name in registry.game_names() if name in self])

    def __contains__(self, game: object) -> bool:
        try:
            return isinstance(game, str) and self[game] is not None
        except (KeyError, ImportError):
            return False

    def __len__(self) -> int:
        return len(list(iter(self)))


#: Game name -> (inaccuracy, mistake, blunder) thresholds in points lost.
THRESHOLDS: Mapping[str, Thresholds] = _Thresholds()


def grade_name(grade: str, title: bool = False) -> str:
    """A grade in the chosen language: ``"mistake"`` (``title``: ``"Mistake"``, as a heading).
    The grades themselves (``FINE`` ...) stay English: they are keys in JSON and settings."""
    if title:
        names = {FINE: tr_ctx("review grade", "Fine"),
                 INACCURACY: tr_ctx("review grade", "Inaccuracy"),
                 MISTAKE: tr_ctx("review grade", "Mistake"),
                 BLUNDER: tr_ctx("review grade", "Blunder")}
    else:
        names = {FINE: tr_ctx("review grade", "fine"),
                 INACCURACY: tr_ctx("review grade", "inaccuracy"),
                 MISTAKE: tr_ctx("review grade", "mistake"),
                 BLUNDER: tr_ctx("review grade", "blunder")}
    return names.get(grade, grade)


def grade_count(grade: str, count: int) -> str:
    """``"3 mistakes"``, ``"1 blunder"``, ``"5 fine"``: how many decisions got ``grade``."""
    if grade == FINE:
        # Translators: decisions graded fine ("5 fine" in a summary of grades).
        text = tr_n("{count} fine", "{count} fine", count)
    elif grade == INACCURACY:
        text = tr_n("{count} inaccuracy", "{count} inaccuracies", count)
    elif grade == MISTAKE:
        text = tr_n("{count} mistake", "{count} mistakes", count)
    elif grade == BLUNDER:
        text = tr_n("{count} blunder", "{count} blunders", count)
    else:
        return f"{count} {grade}"
    return text.format(count=count)


def grade(game: str | Thresholds, loss: float) -> str:
    """The label for ``loss`` points lost against the best choice in ``game`` (a game's name,
    or its thresholds themselves)."""
    inaccuracy, mistake, blunder = THRESHOLDS[game] if isinstance(game, str) else game
    if loss >= blunder:
        return BLUNDER
    if loss >= mistake:
        return MISTAKE
    if loss >= inaccuracy:
        return INACCURACY
    return FINE


@dataclass(frozen=True, slots=True)
class Option:
    """One choice the seat had: ``label`` in words ("Discard 7♥"), its ``value`` in points,
    ``action`` as recorded (``[kind, card]`` for gin, the action JSON for cribbage) and, for a
    cribbage discard, the table's ``hand``, ``crib`` and ``net`` figures in ``details``."""

    label: str
    value: float
    action: Any
    details: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Decision:
    """One reviewed decision: the record's action at ``step`` (1-based, as the replay numbers
    them), what kind it was, every option valued (best first), the one chosen, and the verdict."""

    step: int
    seat: int
    kind: str  # gin: upcard, draw, discard, knock; cribbage: discard, play, show
    options: tuple[Option, ...]
    chosen: int  # index into options
    loss: float
    grade: str
    reason: str

    @property
    def best(self) -> Option:
        return self.options[0]

    @property
    def chosen_option(self) -> Option:
        return self.options[self.chosen]

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step, "seat": self.seat, "kind": self.kind,
            "chosen": self.chosen_option.label, "chosen_value": round(self.chosen_option.value, 2),
            "best": self.best.label, "best_value": round(self.best.value, 2),
            "loss": round(self.loss, 2), "grade": self.grade, "reason": self.reason,
            "options": [_option_json(option) for option in self.options],
        }


def _option_json(option: Option) -> dict[str, Any]:
    data = asdict(option)
    data["value"] = round(option.value, 2)
    data["details"] = {key: round(value, 2) for key, value in option.details.items()}
    return data


def decision(game: str | Thresholds, step: int, seat: int, kind: str, options: Iterable[Option],
             chosen_action: Any, reason_for: Any) -> Decision:
    """Rank ``options`` (best first; ties keep the given order), find the chosen one and grade
    it by ``game``'s thresholds (see ``grade``). ``reason_for(best, chosen, loss)`` writes the
    one-line reason."""
    ranked = sorted(options, key=lambda option: -option.value)
    chosen = next(i for i, option in enumerate(ranked) if option.action == chosen_action)
    loss = max(0.0, ranked[0].value - ranked[chosen].value)
    verdict = grade(game, loss)
    return Decision(step, seat, kind, tuple(ranked), chosen, loss, verdict,
                    reason_for(ranked[0], ranked[chosen], loss))


@dataclass(frozen=True, slots=True)
class HandReview:
    """Every reviewed decision of one seat in one hand record, and the hand's summary."""

    game: str
    seat: int
    hand_number: int
    decisions: tuple[Decision, ...]
    summary: Summary

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seat": self.seat, "hand_number": self.hand_number,
                "decisions": [d.to_json() for d in self.decisions],
                "summary": self.summary.to_json()}


@dataclass(frozen=True, slots=True)
class Costly:
    """One of the costliest moments: which hand, which step, what it cost."""

    hand_number: int
    step: int
    kind: str
    loss: float
    grade: str
    text: str


@dataclass(frozen=True, slots=True)
class Summary:
    """``lost_by_kind``: points lost per kind of decision; ``accuracy``: the share of decisions
    graded fine, 0-100 (100 when there was nothing to decide); ``grades``: how many of each;
    ``costliest``: the three decisions that lost most (fine ones are never listed)."""

    decisions: int
    lost: float
    lost_by_kind: dict[str, float]
    accuracy: float
    grades: dict[str, int]
    costliest: tuple[Costly, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "decisions": self.decisions, "points_lost": round(self.lost, 2),
            "lost_by_kind": {k: round(v, 2) for k, v in self.lost_by_kind.items()},
            "accuracy": round(self.accuracy, 1), "grades": dict(self.grades),
            "costliest": [{**asdict(c), "loss": round(c.loss, 2)} for c in self.costliest],
        }


def summarise(hands: Sequence[tuple[int, Sequence[Decision]]]) -> Summary:
    """The summary of decisions grouped by hand number (one hand, or every hand of a match)."""
    every = [(number, d) for number, decisions in hands for d in decisions]
    lost_by_kind: dict[str, float] = {}
    grades = dict.fromkeys(GRADES, 0)
    for _, d in every:
        lost_by_kind[d.kind] = lost_by_kind.get(d.kind, 0.0) + d.loss
        grades[d.grade] += 1
    accuracy = 100.0 * grades[FINE] / len(every) if every else 100.0
    costly = sorted((pair for pair in every if pair[1].grade != FINE),
                    key=lambda pair: -pair[1].loss)[:3]
    costliest = tuple(
        Costly(number, d.step, d.kind, d.loss, d.grade,
               tr("{chosen} (best: {best}): {reason}").format(
                   chosen=d.chosen_option.label, best=d.best.label, reason=d.reason))
        for number, d in costly)
    return Summary(len(every), sum(d.loss for _, d in every), lost_by_kind, accuracy, grades,
                   costliest)
