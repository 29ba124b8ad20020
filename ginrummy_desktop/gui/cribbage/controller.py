"""The cribbage table's controller: turns clicks and drops into engine actions and paces the game.

Every rule lives in the engine (``CribbageMatch``). The controller sends the person's actions,
shows refusals (``IllegalActionError`` messages) in the status line and lets the card spring
back, asks the opponent agent for its moves, says "Go" for the person when the engine offers
nothing else, and presents what happened: each pegging announcement flashes and moves a peg,
the show counts each hand and the crib item by item, and the end of the game is announced.

With player cuts (the table's games) the pack is spread for each cut: the person clicks a card
of it (or picks one with the arrow keys and Enter) and the engine takes that depth; the
opponent's cut comes through the turn loop. The cut for the deal ends on both cards face up
with "Low card deals: …" and a Deal button; the starter flies from the cut to the deck.

With the muggins option the show is part of the game: the engine waits for each count. The
person enters theirs (the engine refuses an over-count), the opponent agent counts its own, and
whoever did not count may take the points missed ("Muggins!"), which are pegged to them.

Whose turn it is, asking the opponent (always off the GUI thread, also for its counts and
muggins claims), pacing and what happens when the opponent fails are the shared ``TurnLoop``'s
job (``gui/table/turn_loop.py``). The discard advisor and the play hint run through the same
``Background`` helper. The "instant" speed removes pauses; it never changes threads.

This module keeps the public class, the game's start and its pacing (an action applied and
presented, the turn loop's hooks, the pauses); ``CribbageController``'s other jobs are plain
functions of the controller, one module each, bound in the class body (docs/gui.md, "A game's
GUI package"): ``controller_cuts``, ``controller_input`` (the person's moves, clicks and drops),
``controller_keys``, ``controller_hints``, ``controller_log`` (the move log, the prompts and
the calls of the play), ``controller_show`` (the show and muggins), ``controller_table`` (what
the table shows), ``controller_results`` (the end of the game) and ``controller_saved`` (the
table state autosave keeps).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.cribbage import CribbageMatch, CribbageRules
from ginrummy_desktop.engine.cribbage import words as crib_words
from ginrummy_desktop.engine.cribbage.observation import COUNT, CUT_PHASES, DISCARD, MUGGINS
from ginrummy_desktop.engine.translation import tr, tr_ctx
from ginrummy_desktop.engine.wording import YOU
from ginrummy_desktop.gui.cribbage import (
    controller_cuts,
    controller_hints,
    controller_input,
    controller_keys,
    controller_log,
    controller_results,
    controller_saved,
    controller_show,
    controller_table,
)
from ginrummy_desktop.gui.cribbage.controller_input import ZONE_CRIB, ZONE_PLAY  # noqa: F401
from ginrummy_desktop.gui.cribbage.controller_log import AUTO_GO_PAUSE_MS  # noqa: F401
from ginrummy_desktop.gui.cribbage.controller_show import (  # noqa: F401 - public names
    SHOW_ITEM_MS,
    SHOW_STEP_PAUSE_MS,
)
from ginrummy_desktop.gui.cribbage.display import (
    STAGE_CUT,
    STAGE_DISCARD,
    STAGE_OVER,
    STAGE_PLAY,
    STAGE_SHOW,
    CribbageDisplay,
    ShowStep,
)
from ginrummy_desktop.gui.table.background import Background
from ginrummy_desktop.gui.table.seats import BotPlayer, LocalPerson, Player
from ginrummy_desktop.gui.table.turn_loop import TurnLoop

PLAY_EVENT_KINDS = ("heels", "play", "go", "last card")


def default_opponent(seed: int | None = None, persona: str = "expert") -> Any:
    """A cribbage bot from the engine by persona id ("beginner" ... "expert")."""
    from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS

    if persona not in BUILTIN_BOTS:
        raise ValueError(
            f"unknown cribbage opponent {persona!r}; choose one of {', '.join(BUILTIN_BOTS)}"
        )
    return BUILTIN_BOTS[persona](seed=seed)


def suggested_play(observation: Any) -> Card | None:
    """The expert's choice for a hint during the play (None when it is not a card to play).

    Slow (tenths of a second): call it through ``Background``, never on the GUI thread."""
    action = default_opponent(seed=7, persona="expert").choose(observation)
    return action.card if action.kind == "play" else None


class CribbageController(QObject):
    """Drives one game at a ``CribbageTable`` for the person in ``human_seat``.

    The signals are the gin controller's: ``action_applied(seat, action)`` after every
    accepted action (autosave ``snapshot()`` then) and ``match_over()`` once per match
    (statistics: ``summary()``; the result is ``result()``). ``before_new_match`` is called
    before a rematch or new match replaces this one (the window records it as abandoned).
    """

    action_applied = Signal(int, object)
    match_over = Signal()
    moves_changed = Signal()  # the move log of the hand in play changed (``moves``)

    def __init__(
        self,
        table: Any,
        *,
        opponent: Any = None,
        rules: CribbageRules | None = None,
        seed: int | None = None,
        match: CribbageMatch | None = None,
        human_seat: int = 0,
        names: tuple[str, str] | None = None,
        manual_count: bool = False,
    ) -> None:
        super().__init__(table)
        # The move log: each move and score of the hand in play as a sentence, cleared when
        # a hand is dealt.
        self.moves: list[str] = []
        self.manual_count = manual_count  # the person counts their own hand and crib
        self.table = table
        self.human = human_seat
        self.bot_seat = 1 - human_seat
        if opponent is None or isinstance(opponent, str):
            opponent = default_opponent(seed, opponent or "expert")
        self.opponent = opponent
        self.opponent_id = str(getattr(opponent, "persona_id", "") or type(opponent).__name__)
        self.before_new_match: Callable[[], None] | None = None
        self.background = Background(self)
        self.loop = TurnLoop(ready=self._loop_ready, present=self._present_move,
                             wait_still=self._when_still, scaled=table.animator.scaled,
                             parent=self)
        self.loop.failed.connect(lambda _seat, text: self._say(text, "warning"))
        self.loop.refused.connect(self._move_refused)
        self._bot_counting = False  # muggins: the opponent's count or claim is awaited
        self._hint_op: int | None = None
        self.rules = match.rules if match is not None else (rules or CribbageRules())
        self.names = names or (YOU, tr("Computer"))
        self.match: CribbageMatch = match or CribbageMatch(seed=seed, rules=self.rules)
        self.display = CribbageDisplay()
        self.published: dict[int, str] = {}  # hand number -> fair-deal commitment before play
        self._generation = 0
        scene = table.scene
        scene.accepts = self.accepts
        scene.card_clicked.connect(self._on_card_clicked)
        scene.card_double_clicked.connect(self._on_card_double_clicked)
        scene.card_dropped.connect(self._on_card_dropped)
        scene.background_clicked.connect(self.skip_animations)
        table.send_button.clicked.connect(self.send_discard)
        table.continue_button.clicked.connect(self.continue_game)
        table.rematch_button.clicked.connect(self.rematch)
        table.hint_button.clicked.connect(self.toggle_hint)
        self.start(self.match)

    # -- game lifecycle --------------------------------------------------------------------
    def start(self, match: CribbageMatch, opponent: Player | None = None,
              human_seat: int | None = None) -> None:
        """Show ``match`` from where it stands (a new game or a restored one). Online, the
        match is the referee's and ``opponent`` a remote person; ``human_seat`` is the
        person's seat there."""
        if human_seat is not None:
            self.human, self.bot_seat = human_seat, 1 - human_seat
        self._generation += 1
        self._result_sent = match.over  # a finished game restored is not reported again
        self.resigned = False
        self.background.cancel()
        self._hint_op = None
        self._bot_counting = False
        self.match = match
        self.loop.attach(match, {self.human: LocalPerson(self.names[self.human]),
                                 self.bot_seat: opponent or BotPlayer(
                                     self.names[self.bot_seat], self.opponent,
                                     self.background)})
        self._reset_marks(match)
        self._stage = STAGE_OVER if match.over else self._engine_stage()
        self._place_pegs(match)
        self.table.clear_announcement()
        self._refresh()
        if match.over:
            self._finish_game()
        elif match.phase in (COUNT, MUGGINS):
            self._begin_live_show()  # restored in the middle of a muggins show
        else:
            self._greet_hand()
            self._next_turn()

    def _reset_marks(self, match: CribbageMatch) -> None:
        """Forget what the table showed of the last match: the choices, the focus, the
        show on the felt, the hint and the cuts."""
        self._pending: list[Card] = []
        self._focus: Card | None = None  # the card the arrow keys point at
        self._hand_seen = match.hand_number
        self._events_seen = len(match.events)
        # Counts finished before this point (a restored game) all lie turned over already.
        observation = match.observation(self.human)
        finished = len(observation.played) - len(observation.current)
        self._count_bounds: list[int] = [finished, finished] if finished else []
        self._show_steps: list[ShowStep] = []
        self._show_index = 0
        self._show_items = 0
        self._rush = False
        self._awaiting_count = False
        self._counted_by_person: int | None = None
        self._live_show = False  # muggins: the engine is still counting this show
        self._step_claim: tuple[int, int] | None = None  # (claimed, taken by muggins)
        self._show_starter: Card | None = None
        self._show_kept: dict[int, tuple[Card, ...]] = {}
        self._show_crib: tuple[Card, ...] = ()
        self._show_dealer = 0
        self._hint: tuple[str, tuple[tuple[str, str, bool], ...], frozenset[Card]] | None = None
        # The cuts: the arrow keys' depth, the cuts of this round of the cut for the deal as
        # (seat, depth, card), the last round when it was a tie, the finished cut on show
        # (until Deal), and the depth the starter was just cut at (for its flight).
        self._cut_focus: int | None = None
        self._last_cut: tuple[int, int] | None = None
        self._round_log: list[tuple[int, int, Card]] = [
            (seat, 0, card) for seat, card in match.observation(self.human).deal_cuts]
        self._tie: tuple[tuple[int, int, Card], ...] = ()
        self._cut_result: tuple[tuple[int, int, Card], ...] = ()
        self._starter_from: int | None = None

    def _place_pegs(self, match: CribbageMatch) -> None:
        """The board for ``match``'s rules with the pegs where the engine has them (at once)."""
        board = self.table.board
        board.reset(match.rules)
        board.set_names(self.names)
        view = match.view(self.human)
        speed = board.speed
        board.set_speed("instant")
        for seat in (0, 1):
            board.set_pegs(seat, view.pegs[seat].front, view.pegs[seat].back, "")
        board.set_speed(speed)

    def stop(self) -> None:
        """Forget the opponent's pending decision and every paced step (the table goes away)."""
        self._generation += 1
        self.loop.reset()
        self.background.cancel()

    def settle(self, timeout_ms: int = 20_000) -> bool:
        """Let the opponent move until the person's decision is due (screenshots, scripts)."""
        return self.loop.settle(timeout_ms)

    def new_match(self, seed: int | None = None, first_dealer: int | None = None) -> None:
        if self.before_new_match is not None:
            self.before_new_match()
        self.start(CribbageMatch(seed=seed, rules=self.rules, first_dealer=first_dealer))

    @property
    def session(self) -> CribbageMatch:
        """The engine session (the same name as the gin controller's)."""
        return self.match

    def rematch(self) -> None:
        """A new game with the same rules; the loser of the last one deals first."""
        winner = self.match.winner
        self.new_match(first_dealer=None if winner is None else 1 - winner)

    @property
    def stage(self) -> str:
        return self._stage

    @property
    def waiting_for_human(self) -> bool:
        """True when nothing is pending and the next step is the person's."""
        if self._awaiting_count or self._stage == STAGE_CUT and self._cut_result:
            return True
        if self._stage in (STAGE_SHOW, STAGE_OVER):
            return bool(self.display.continue_label) or self._stage == STAGE_OVER
        return self.match.to_move() == self.human

    def _engine_stage(self) -> str:
        if self.match.phase in CUT_PHASES:
            return STAGE_CUT
        return STAGE_DISCARD if self.match.phase == DISCARD else STAGE_PLAY

    # -- the keyboard's focus (controller_keys.py moves it) ---------------------------------
    @property
    def focus(self) -> Card | None:
        """The hand card the arrow keys point at (None until an arrow is pressed)."""
        return self._focus if self._focus in self.display.hand else None

    # -- the controller's other jobs, one module each (their functions take the controller) --

    # The cuts (controller_cuts.py).
    cut = controller_cuts.cut
    _cut_bounds = controller_cuts._cut_bounds
    _move_cut_focus = controller_cuts._move_cut_focus
    _cut_at_focus = controller_cuts._cut_at_focus
    _absorb_cut = controller_cuts._absorb_cut

    # The person's moves, clicks and drops (controller_input.py).
    toggle_discard = controller_input.toggle_discard
    send_discard = controller_input.send_discard
    play_card = controller_input.play_card
    continue_game = controller_input.continue_game
    skip_animations = controller_input.skip_animations
    _on_card_clicked = controller_input._on_card_clicked
    _on_card_double_clicked = controller_input._on_card_double_clicked
    accepts = controller_input.accepts
    _on_card_dropped = controller_input._on_card_dropped

    # The keyboard (controller_keys.py).
    move_focus = controller_keys.move_focus
    choose_focused = controller_keys.choose_focused
    confirm = controller_keys.confirm
    clear_choice = controller_keys.clear_choice
    _focus_after_leaving = controller_keys._focus_after_leaving

    # Hints (controller_hints.py).
    toggle_hint = controller_hints.toggle_hint
    use_hint = controller_hints.use_hint
    _cancel_hint = controller_hints._cancel_hint
    _hint_failed = controller_hints._hint_failed
    _play_hint_ready = controller_hints._play_hint_ready
    _discard_hint_ready = controller_hints._discard_hint_ready
    _discard_hint = controller_hints._discard_hint

    # The move log, the prompts and the calls of the play (controller_log.py).
    _log = controller_log._log
    _greet_hand = controller_log._greet_hand
    _next_turn = controller_log._next_turn
    _discard_prompt = controller_log._discard_prompt
    _auto_go = controller_log._auto_go
    _announce_when_landed = controller_log._announce_when_landed
    _announce_event = controller_log._announce_event

    # The show and muggins (controller_show.py).
    _begin_show = controller_show._begin_show
    _begin_live_show = controller_show._begin_live_show
    _live_count = controller_show._live_count
    _ask_opponent_count = controller_show._ask_opponent_count
    _engine_apply = controller_show._engine_apply
    _show_next_item = controller_show._show_next_item
    _announce_muggins = controller_show._announce_muggins
    submit_count = controller_show.submit_count
    _count_verdict = controller_show._count_verdict
    _show_finished = controller_show._show_finished
    _hand_done = controller_show._hand_done

    # What the table shows and the status line's messages (controller_table.py).
    _move_refused = controller_table._move_refused
    _say = controller_table._say
    _refresh = controller_table._refresh
    _build_display = controller_table._build_display
    _discard_display = controller_table._discard_display
    _play_display = controller_table._play_display
    _cut_display = controller_table._cut_display
    _show_display = controller_table._show_display
    result = controller_table.result
    _track_counts = controller_table._track_counts

    # The end of the game (controller_results.py).
    _finish_game = controller_results._finish_game
    _sync_board = controller_results._sync_board
    dealt_record = controller_results.dealt_record
    verify_deal = controller_results.verify_deal
    summary = controller_results.summary
    person_won = controller_results.person_won
    resign = controller_results.resign

    # The table state autosave keeps (controller_saved.py).
    snapshot = controller_saved.snapshot
    _table_state = controller_saved._table_state
    restore_table = controller_saved.restore_table

    # -- engine ----------------------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> bool:
        """The person's action (the opponent's come through the turn loop)."""
        def played() -> None:  # at once offline; online when the referee confirms it
            self.table.status.clear_prompt()  # done: the next step says what comes next
            self._log(crib_words.move_text(self.speaker(seat), action,
                                           you_see_cards=seat == self.human))
            if action.kind == "cut" and action.points is not None:
                self._last_cut = (seat, action.points)
            self._cancel_hint()
            self.action_applied.emit(seat, action)
            self._absorb()
        try:
            self.loop.play(seat, action, then=played)
        except IllegalActionError as error:
            self._say(str(error), "warning")
            self._refresh()  # the refused card springs back
            return False
        return True

    def _absorb(self) -> None:
        """Present what the last action caused, then hand the turn on."""
        match = self.match
        if self._stage == STAGE_CUT and self._absorb_cut():
            return
        hand_ended = match.hand_number != self._hand_seen or match.over and self._hand_done()
        if match.hand_number != self._hand_seen:
            events = list(match.view(self.human).last_events)
        else:
            events = list(match.events)
        fresh = events[self._events_seen:]
        self._events_seen = len(events)
        self._track_counts()
        calls = [event for event in fresh if event.kind in PLAY_EVENT_KINDS]
        if hand_ended or match.phase in (COUNT, MUGGINS):
            for event in calls:  # the last card goes to the show, not the play: say it now
                self._announce_event(event)
            if hand_ended:
                self._begin_show()
            else:
                self._begin_live_show()
            return
        if not match.over:
            self._stage = self._engine_stage()
        self._refresh()  # the card starts moving; its call comes when it lands
        for event in calls:
            self._announce_when_landed(event)
        if match.over:
            self._later(self._finish_game, 0)
            return
        self._next_turn()

    def speaker(self, seat: int) -> str:
        """How sentences name ``seat``: "You" for the person, the display name otherwise."""
        return YOU if seat == self.human else self.names[seat]

    # -- the turn loop's hooks ---------------------------------------------------------------
    def _loop_ready(self) -> bool:
        """The opponent may be asked during the discard and the play, and in a muggins show
        when its count or claim is due."""
        return self._stage in (STAGE_DISCARD, STAGE_PLAY) or self._bot_counting or \
            self._stage == STAGE_CUT and not self._cut_result

    def _when_still(self, callback: Callable[[], None]) -> None:
        self._later(callback, 0)

    def _present_move(self, seat: int, action: Action) -> None:
        """Show an action of the opponent's that the turn loop applied."""
        if self._stage == STAGE_SHOW:  # muggins: its count or claim; go on with the show
            self._bot_counting = False
            self.action_applied.emit(seat, action)
            self._show_next_item()
            return
        if action.kind == "go":
            self.table.announce(tr_ctx("cribbage call", "Go"), seat)
            self._say(crib_words.says_go(self.speaker(seat)), "info")
        elif action.kind == "discard":
            self._say(crib_words.lays_away(self.speaker(seat)), "info")
        elif action.kind == "cut" and action.points is not None:
            self._last_cut = (seat, action.points)
        self._log(crib_words.move_text(self.speaker(seat), action))
        self._cancel_hint()
        self.action_applied.emit(seat, action)
        self._absorb()

    def _later(self, callback: Callable[[], None], pause_ms: int) -> None:
        """Run ``callback`` once cards and pegs are still (at once when speed is instant)."""
        generation = self._generation

        def run() -> None:
            if generation == self._generation:
                callback()

        animator = self.table.animator
        board = self.table.board
        if animator.instant and not animator.busy and not board.is_animating():
            run()
            return

        def after_cards() -> None:
            if board.is_animating():
                board.pegging_finished.connect(after_pegs)
            else:
                QTimer.singleShot(animator.scaled(pause_ms), run)

        def after_pegs() -> None:
            board.pegging_finished.disconnect(after_pegs)
            QTimer.singleShot(animator.scaled(pause_ms), run)

        animator.when_idle(after_cards)

    def _guarded(self, callback: Callable[[], None]) -> Callable[[], None]:
        generation = self._generation
        return lambda: callback() if generation == self._generation else None
