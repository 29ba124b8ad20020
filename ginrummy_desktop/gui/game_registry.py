"""The GUI's one list of games: what the app shows and opens for each game in the engine's
registry (engine/registry.py).

Each game registers a ``GuiGame`` from its own package (``gui/<game>/registration.py``, found by
that name on first use, or ``register_gui_game`` for a game kept elsewhere): its title, the
Game menu's "New …" entry and dialog, how its autosaved state resumes, its figures in the
Statistics window and its seat at an online table. The main window, the autosave, the
Statistics window and the online window read every game from here, so none of them names a game;
see docs/gui.md ("Adding a game").

Registrations import only what naming a game needs: each callable loads the game's modules when
it is called, so start-up does not pay for a game nobody plays.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from ginrummy_desktop.engine import registry, translation

#: Where a game's registration is looked for when none was registered: ``GAME`` in this module.
REGISTRATION_MODULE = "ginrummy_desktop.gui.{name}.registration"

_V = TypeVar("_V")

#: A saved game checked and ready: (game name, engine session, start(main window)).
Restored = tuple[str, Any, Callable[[Any], None]]


@dataclass(frozen=True)
class StatFigure:
    """One line of a game's box in the Statistics window: ``value`` turns the storage's
    ``Figures`` into the text shown beside ``label``."""

    key: str
    label: str
    value: Callable[[Any], str]
    tooltip: str = ""


@dataclass(frozen=True)
class PracticeTable:
    """What a game's ``practice_table`` builds its table from: the ``session`` set up at the
    reviewed moment (``engine.review.practice``), the ``record`` and ``seat`` reviewed, the
    bot ``opponent`` (None: the game's usual one), the card ``renderer``, the seats'
    ``names`` (the person "You"), the window it sits in (``parent``) and ``end``, to call
    when the table offers a rematch or a new opponent (nothing follows a practice moment)."""

    session: Any
    record: dict[str, Any]
    seat: int
    opponent: str | None
    renderer: Any
    names: tuple[str, str]
    parent: Any
    end: Callable[[], None]


@dataclass(frozen=True)
class GuiGame:
    """One game as the app's windows see it.

    ``new_game_dialog(window)`` opens the game's New game dialog over the main window (after
    asking to abandon a game in progress) and returns it, or None when nothing opened.
    ``restore(state)`` checks the game's autosaved state (its controller's ``snapshot()``) and
    returns how to continue it, raising ``ValueError`` if it cannot. ``online_seat(me, speed,
    parent)`` builds the game's side of an online table (gui/online/table_pane.py's seat game);
    None: this version cannot play the game online. ``rules_html()`` is the Help menu's rules
    page (entry ``rules_label``); ``lesson_label`` names the Help menu's guided game, opened
    with ``gui/lessons/launch.open_lesson(window, name)`` (empty: the game has none). The
    welcome page offers the game when it has ``opponents()`` (the opponents to pick from and
    the one offered first) and starts it with ``start_against(window, bot_id)``.

    The review (gui/review/): ``review_source(controller)`` gives (session, seat names, the
    person's seat, opponent id) of the match on the main window's table, whose finished hands
    the review reads; ``practice_table(PracticeTable)`` builds the table that plays on a
    reviewed moment ("Try again"), a widget with a ``controller`` (``stop()`` ends it). The
    Statistics window's words for this game's records and hands (gui/stats/window.py's
    defaults when None): ``record_result(line, name_of)`` who won a listed record and what it
    scored (``name_of(seat)`` names a seat), ``record_ending(line)`` how it ended,
    ``hand_outcome(hand, opponent, players)`` how a hand of a match ended (None: the default
    words), ``hand_players(record, names)`` (the names a hand's outcome puts first and second,
    read from its record in a match of more than two players).

    The main window: ``window_table(window)`` makes the game's table there, a
    ``gui/common/window_table.WindowTable`` (its widget, status line, keys, undo, and the
    window's commands as the game does them); None: the window cannot show the game.
    ``opponent_label`` names Preferences' box of the game's default opponent (empty: the
    title).
    """

    name: str
    title: str
    new_game_label: str
    new_game_dialog: Callable[[Any], Any]
    new_game_shortcut: Any = None  # a key text ("Ctrl+Shift+N") or a QKeySequence.StandardKey
    contest: str = "game"  # what one contest is called: a gin "match", a cribbage "game"
    restore: Callable[[dict[str, Any]], Restored] | None = None
    statistics_figures: tuple[StatFigure, ...] = ()
    online_seat: Callable[[str, str | None, Any], Any] | None = None
    rules_label: str = ""
    rules_html: Callable[[], str] | None = None
    lesson_label: str = ""
    opponents: Callable[[], tuple[list[Any], str]] | None = None
    start_against: Callable[[Any, str], None] | None = None
    review_source: Callable[[Any], tuple[Any, dict[int, str], int, str | None]] | None = None
    practice_table: Callable[[PracticeTable], Any] | None = None
    record_result: Callable[[Any, Callable[[int], str]], str] | None = None
    record_ending: Callable[[Any], str] | None = None
    hand_outcome: Callable[[Any, str, tuple[str, str] | None], str | None] | None = None
    hand_players: Callable[[dict[str, Any] | None, dict[int, str]],
                           tuple[str, str] | None] | None = None
    window_table: Callable[[Any], Any] | None = None
    opponent_label: str = ""


_REGISTERED: dict[str, GuiGame] = {}
_MISSING: set[str] = set()  # engine games without a GUI registration (looked for once)


def register_gui_game(game: GuiGame) -> None:
    """Register ``game``'s GUI; the engine registry must know the game already."""
    if game.name not in registry.GAMES:
        raise ValueError(f"register game {game.name!r} with the engine registry first")
    if game.name in _REGISTERED:
        raise ValueError(f"game {game.name!r} already has a GUI registration")
    _REGISTERED[game.name] = game
    _MISSING.discard(game.name)


def unregister_gui_game(name: str) -> None:
    """Forget a registration made with ``register_gui_game`` (tests)."""
    _REGISTERED.pop(name, None)
    _MISSING.discard(name)


@contextmanager
def registered_gui_game(game: GuiGame) -> Iterator[GuiGame]:
    """``game`` registered for the ``with`` block only (tests of a made-up game)."""
    register_gui_game(game)
    try:
        yield game
    finally:
        unregister_gui_game(game.name)


def find_gui_game(name: str) -> GuiGame | None:
    """The GUI registration of engine game ``name``, or None when it has none."""
    if name not in registry.GAMES:
        return None
    game = _REGISTERED.get(name)
    if game is not None or name in _MISSING:
        return game
    module_name = REGISTRATION_MODULE.format(name=name)
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name is None or not module_name.startswith(error.name):
            raise  # the registration is there but something it imports is not
        _MISSING.add(name)
        return None
    game = module.GAME
    _REGISTERED[name] = game
    return game


def gui_game(name: str) -> GuiGame:
    """The GUI registration of game ``name``; ``ValueError`` for a game the app cannot show."""
    game = find_gui_game(name)
    if game is None:
        raise ValueError(f"unknown game {name!r}")
    return game


def online_seat(name: str) -> Callable[[str, str | None, Any], Any]:
    """How game ``name`` builds its side of an online table; ``ValueError`` if it has none."""
    seat = gui_game(name).online_seat
    if seat is None:
        raise ValueError(f"{gui_game(name).title} cannot be played online yet")
    return seat


def gui_games() -> tuple[GuiGame, ...]:
    """Every game the app can show, in the engine registry's order."""
    found = (find_gui_game(name) for name in registry.game_names())
    return tuple(game for game in found if game is not None)


def number_text(value: float | None, digits: int = 1) -> str:
    """A figure for the Statistics window as the chosen language writes it ("9.4", German
    "9,4"): "–" when there is none yet."""
    return "–" if value is None else translation.number(value, digits)


def unfinished(session: Any, opponent: str, bots: Mapping[str, Any]) -> Any:
    """``session`` if a restored game is worth resuming, else ``ValueError`` saying why (the
    autosave then sets it aside)."""
    if session.over:
        raise ValueError("the saved game is already over")
    if opponent not in bots:
        raise ValueError(f"unknown opponent {opponent!r}")
    return session


class GameMapping(Mapping[str, _V]):
    """Game name -> one thing of each game's registration (``read(game)``; None leaves the game
    out), read from the registry at each use, so it never holds a stale copy of the list."""

    def __init__(self, read: Callable[[GuiGame], _V | None]) -> None:
        self._read = read

    def __getitem__(self, name: str) -> _V:
        game = find_gui_game(name) if isinstance(name, str) else None
        value = None if game is None else self._read(game)
        if value is None:
            raise KeyError(name)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter([game.name for game in gui_games() if self._read(game) is not None])

    def __len__(self) -> int:
        return len(list(iter(self)))


#: Game name -> title ("gin" -> "Gin Rummy") for every game the app shows.
GAME_TITLES: Mapping[str, str] = GameMapping(lambda game: game.title)
