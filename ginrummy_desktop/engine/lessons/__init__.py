"""Guided first games: scripted deals that teach a game one idea at a time.

A ``Lesson`` is a list of ``Chapter``s; each chapter deals a stacked deck (the cards that
matter placed by hand, the rest shuffled by the chapter's documented seed, docs/lessons.md)
and walks through ``Step``s:

- ``Do``: the person must move; ``check(action, state)`` returns None for a move that teaches
  the point (it is played) or a short explanation (nothing is played: try again). ``wanted``
  lists the actions the table highlights.
- ``Play``: the opponent's scripted move, played at once.
- ``Say``: a text to read (what just happened), then Continue.

``LessonRun`` plays a lesson through the engine (``GinHand`` or ``CribbageMatch``): only legal
moves are ever applied, so a lesson can only show what the rules allow.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.cards import FULL_DECK, Card, parse_cards
from ginrummy_desktop.engine.rng import StableRandom
from ginrummy_desktop.engine.translation import tr

Check = Callable[[Action, Any], str | None]


@dataclass(frozen=True)
class Do:
    """The person's move: ``say`` what to do (English, marked; shown with ``tr``), ``check``
    each try (its answer in the chosen language), ``wanted`` to highlight."""

    say: str
    check: Check
    wanted: Callable[[Any], Sequence[Action]] = lambda _state: ()


@dataclass(frozen=True)
class Play:
    """The opponent's scripted move (or a function of the state giving it: a count)."""

    action: Action | Callable[[Any], Action]


@dataclass(frozen=True)
class Say:
    """Text to read before going on (English, marked; shown with ``tr``); ``text`` may be
    worked out from the state (then in the chosen language)."""

    text: str | Callable[[Any], str]


Step = Do | Play | Say


@dataclass(frozen=True)
class Chapter:
    """One idea taught on one deal: ``deal()`` builds the state the steps play on; ``title``
    is English (marked), shown with ``tr``."""

    title: str
    seed: int
    deal: Callable[[], Any]
    steps: tuple[Step, ...]
    person: int = 0  # the person's seat


@dataclass(frozen=True)
class LessonTable:
    """What the lesson window shows of a state, for the person's seat: their cards in the order
    shown, how many the opponent holds (face down), the cards in the middle (the discard pile's
    top, or the cards of the count), the stock (``None``: face down) or the starter, and the
    words beside them."""

    mine: tuple[Card, ...]
    others: int
    pile: tuple[Card, ...]
    stock: tuple[Card | None, ...]
    middle: str


@dataclass(frozen=True)
class Lesson:
    """A guided game. Its game's lesson module says how its table looks and plays in the lesson
    window (gui/lessons/window.py), so the window names no game: ``table(state, person)``,
    ``legal(state, person)`` (the person's moves now), ``draws`` (cards are drawn from the stock
    and the pile by a click and thrown by a double-click or an armed Knock or Gin, as in gin;
    otherwise two are laid away with a button and cards played by a click, as in cribbage) and
    ``hand_overlap`` (how much the person's cards overlap)."""

    lesson_id: str
    title: str
    chapters: tuple[Chapter, ...]
    table: Callable[[Any, int], LessonTable] | None = None
    legal: Callable[[Any, int], tuple[Action, ...]] | None = None
    draws: bool = False
    hand_overlap: float = 0.15


def stacked(placed: dict[int, str], seed: int) -> list[Card]:
    """A deck with the cards ``placed`` at their positions, the rest shuffled by ``seed``."""
    deck: list[Card | None] = [None] * 52
    used: set[Card] = set()
    for position, code in placed.items():
        card = Card.parse(code)
        if card in used:
            raise ValueError(f"{code} placed twice")
        deck[position] = card
        used.add(card)
    rest = [card for card in FULL_DECK if card not in used]
    StableRandom(seed).shuffle(rest)
    filler = iter(rest)
    return [card if card is not None else next(filler) for card in deck]


def cards_at(start: int, step: int, text: str) -> dict[int, str]:
    """Positions ``start``, ``start + step``, ... for the cards of ``text``."""
    return {start + step * i: str(card) for i, card in enumerate(parse_cards(text))}


@dataclass
class LessonRun:
    """A lesson in progress: the chapter, its state and the step waiting."""

    lesson: Lesson
    chapter_index: int = 0
    state: Any = None
    step_index: int = 0
    feedback: str = ""  # the explanation of the last wrong try, or praise after a right one
    log: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.start_chapter(self.chapter_index)

    @property
    def finished(self) -> bool:
        return self.chapter_index >= len(self.lesson.chapters)

    @property
    def chapter(self) -> Chapter:
        return self.lesson.chapters[self.chapter_index]

    @property
    def step(self) -> Step | None:
        if self.finished or self.step_index >= len(self.chapter.steps):
            return None
        return self.chapter.steps[self.step_index]

    def start_chapter(self, index: int) -> None:
        """Deal chapter ``index`` afresh (also how a left lesson resumes)."""
        self.chapter_index = max(0, min(index, len(self.lesson.chapters)))
        self.step_index = 0
        self.feedback = ""
        if not self.finished:
            self.state = self.chapter.deal()
            self._run_scripted()

    def text(self) -> str:
        step = self.step
        if isinstance(step, Do):
            return tr(step.say) if step.say else ""
        if isinstance(step, Say):
            return step.text(self.state) if callable(step.text) else tr(step.text)
        return ""

    def wanted(self) -> tuple[Action, ...]:
        step = self.step
        return tuple(step.wanted(self.state)) if isinstance(step, Do) else ()

    def try_move(self, action: Action) -> str | None:
        """Play the person's ``action`` if it is the move being taught; else say why not (the
        table is left as it was). Returns the explanation, or None when it was played."""
        step = self.step
        if not isinstance(step, Do):
            return tr("Press Continue to go on")
        problem = step.check(action, self.state)
        if problem is None:
            try:
                self._apply(self.chapter.person, action)
            except IllegalActionError as error:
                problem = str(error)
        if problem is not None:
            self.feedback = problem
            return problem
        self.feedback = ""
        self.step_index += 1
        self._run_scripted()
        return None

    def go_on(self) -> None:
        """Past a ``Say`` step (or to the next chapter when this one is done)."""
        if isinstance(self.step, Say):
            self.step_index += 1
            self._run_scripted()
        if self.step is None and not self.finished:
            self.start_chapter(self.chapter_index + 1)

    def _run_scripted(self) -> None:
        while isinstance(self.step, Play):
            step = self.step
            assert isinstance(step, Play)
            seat = 1 - self.chapter.person
            action = step.action(self.state) if callable(step.action) else step.action
            self._apply(seat, action)
            self.step_index += 1

    def _apply(self, seat: int, action: Action) -> None:
        self.state.apply(seat, action)
