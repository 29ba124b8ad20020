"""Drives a Gin Rummy match for the table: the player's input, the opponent's turns, undo, hints.

The controller is the only place that talks to the engine. Every move, the player's or the
bot's, goes through ``GinMatch.apply``; a refused move shows the engine's own message and the
table springs the card back. What the table shows is rebuilt from the engine's view after each
step. Whose turn it is, asking the computer players (off the GUI thread) and pacing their moves
are the shared ``TurnLoop``'s job; this module keeps gin's presentation: the table model, what
each zone accepts, the prompts.

Every format of ``GIN_PRESETS`` is played here. The person is always seat 0; the computer
players hold the other seats (two-player: seat 1; three-player: seats 1 and 2; partnership:
the partner at seat 2, the opponents at 1 and 3). Which seats play a hand, who sits out and the
team totals come from the engine (``GinView.in_hand``, ``GinMatch.sides``). A hand the person
does not play (sitting out with three players, or the partner's table of a partnership deal)
is *watched*: the same turn loop plays it, the hands face down; ``skip_ahead`` stops pacing it.

This module keeps the public class, the match's start and the game's pacing (a hand dealt, a
move applied, the computer players' turns); ``GinController``'s other jobs are mixins, one
module each: ``controller_table`` (what the table shows), ``controller_input`` (the person's
moves, selection, sorting, clicks and drops), ``controller_undo`` (undo and the table state
saved with the match), ``controller_hints``, ``controller_log`` (the move log and the prompt)
and ``controller_results`` (hand results, partnership deals, resigning).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, Signal

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.gin.match import GinMatch
from ginrummy_desktop.engine.gin.observation import GinView
from ginrummy_desktop.engine.gin.results import HandResult, team_name
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS, GinRules
from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.engine.wording import YOU
from ginrummy_desktop.gui.gin import (
    controller_hints,
    controller_input,
    controller_log,
    controller_results,
    controller_table,
    controller_undo,
)
from ginrummy_desktop.gui.gin import opponents as gin_opponents
from ginrummy_desktop.gui.gin.controller_input import (  # noqa: F401 - public names
    SORTED_TEXT,
    SORTS,
    auto_sorted,
    keep_melds_together,
    sort_cards,
)
from ginrummy_desktop.gui.gin.controller_undo import _Undo
from ginrummy_desktop.gui.gin.display import (  # noqa: F401 - public names
    BOT,
    DRAW_KINDS,
    HUMAN,
    OUT_KINDS,
    card_text,
    shown_name,
)
from ginrummy_desktop.gui.gin.table import GinTable
from ginrummy_desktop.gui.table.animation import Animator
from ginrummy_desktop.gui.table.background import Background
from ginrummy_desktop.gui.table.seats import BotPlayer, LocalPerson, Player
from ginrummy_desktop.gui.table.turn_loop import TurnLoop


@dataclass
class MatchSetup:
    """How a match was started (kept for Rematch)."""

    preset: str = "classic"
    opponent: str = "greedy"
    practice: bool = False
    seed: int | None = None
    hints: bool = True  # False: a rated online game
    overrides: dict[str, Any] = field(default_factory=dict)
    # The computer players after ``opponent`` (seat 1): seat 2 with three players; the
    # partner (seat 2) and the second opponent (seat 3) in partnerships. Missing ones are
    # filled by ``seat_bots``.
    others: tuple[str, ...] = ()

    def seat_bots(self, players: int) -> dict[int, str]:
        """The bot id for every computer seat (1 .. players-1)."""
        chosen = [self.opponent, *self.others]
        fallback = gin_opponents.companions(self.opponent, players - 1)
        return {seat: chosen[seat - 1] if seat - 1 < len(chosen) else fallback[seat - 1]
                for seat in range(1, players)}


class GinController(QObject):
    """One match: the person at seat 0, computer players at the other seats."""

    changed = Signal()  # anything the buttons/menus depend on changed
    message = Signal(str, str)  # text, kind (info/turn/warning/success/hint): a notice
    prompt = Signal(str, str)  # the standing prompt (whose turn, what to do); notices fall back
    hand_over = Signal(object)  # HandResult, when the end-of-hand display starts
    match_over = Signal()
    action_applied = Signal(int, object)  # seat, Action (autosave hooks in here)
    moves_changed = Signal()  # the move log of the hand on the felt changed (``moves``)

    def __init__(self, table: GinTable, animator: Animator,
                 player_name: str = YOU, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.table = table
        self.animator = animator
        self.player_name = player_name
        self.opponent_name = tr("Opponent")  # seat 1's name (the online table sets it)
        self.names: dict[int, str] = {}  # computer seats' display names (seat 1 and up)
        self.session: GinMatch | None = None
        self.setup = MatchSetup()
        self.bot: Any = None  # seat 1's agent
        self.bots: dict[int, Any] = {}
        # A watched hand (the person sits out, or the partner's table) plays unpaced once the
        # person skips ahead; the partner's table always does (it is not on the felt).
        self.fast_forward = False
        # Partnerships: the person's table's result, on show while the other table plays.
        self.my_table: HandResult | None = None
        self.deal_results: tuple[HandResult, ...] = ()  # both tables of the deal just scored
        self.deal_start_scores: tuple[int, ...] = ()
        self.background = Background(self)
        self.loop = TurnLoop(ready=self._loop_ready, present=self._present_bot_move,
                             wait_still=animator.when_idle, scaled=self._pace, parent=self)
        self.loop.failed.connect(lambda _seat, text: self.message.emit(text, "warning"))
        self.loop.refused.connect(lambda _seat, text: self._refuse(text))
        self.loop.thinking_changed.connect(lambda _on: self.changed.emit())
        self.hand_order: list[Card] = []
        self.drawn: Card | None = None
        self.locked: Card | None = None
        self.selected: Card | None = None
        self.fan_discard = False
        self.undo_used = False
        self._undo: list[_Undo] = []
        self._records_seen = 0
        self.reveal: HandResult | None = None
        self._reveal_view: GinView | None = None
        self._hint_op: int | None = None
        self.last_hint: tuple[Action, str] | None = None
        # "Sort my hand automatically": the dealt hand and every draw are sorted the way the
        # person last chose (melds first to begin with); off, cards stay where they are put.
        self.auto_sort = True
        self.sort_how = "melds"
        # Asked before the person knocks from the table (drop on the knock area, K, the Knock
        # button): the "Ask for confirmation: before knocking" setting. False cancels.
        self.confirm_knock: Callable[[Action], bool] | None = None
        self.resigned = False
        # The move log: each move of the hand on the felt as a sentence ("Ada took 7♥ from
        # the discard pile"), cleared when a hand is dealt.
        self.moves: list[str] = []
        # Preferences' "Allow undo against the computer": undo in any match against bots, not
        # only practice games (never at an online table: it has no bots).
        self.undo_allowed = False

    # -- match lifecycle -----------------------------------------------------------------

    def new_match(self, setup: MatchSetup) -> None:
        rules = GIN_PRESETS[setup.preset]
        if setup.overrides:
            rules = rules.replace(**setup.overrides)
        self.start(GinMatch(rules, seed=setup.seed), setup)

    def start(self, session: GinMatch, setup: MatchSetup, hand_order: list[Card] | None = None,
              opponent: Player | None = None) -> None:
        """Play ``session`` (new or restored) against ``setup.opponent``, or against the
        ``opponent`` player given (online: a remote person, with the referee's match)."""
        self.background.cancel()
        self.session = session
        self.setup = setup
        seats: dict[int, Any] = {HUMAN: LocalPerson(self.player_name)}
        if opponent is None:
            bot_ids = setup.seat_bots(session.rules.players)
            self.bots = {seat: gin_opponents.make_bot(
                bot_id, seed=None if setup.seed is None else setup.seed + seat - 1)
                for seat, bot_id in bot_ids.items()}
            self.bot = self.bots[BOT]
            self.names = gin_opponents.seat_names(bot_ids)
            seats.update({seat: BotPlayer(self.names[seat], agent, self.background)
                          for seat, agent in self.bots.items()})
        else:  # online: a remote person in the other seat, the referee's match
            self.bots, self.bot = {}, None
            self.names = {BOT: opponent.name}
            seats[BOT] = opponent
        self.opponent_name = self.names[BOT]
        self.loop.attach(session, seats)
        self.my_table = None
        self.deal_results = ()
        self.fast_forward = False
        self.undo_used = False
        self._undo.clear()
        self._records_seen = len(session.hand_records())
        self.reveal = None
        self._reveal_view = None
        self.hand_order = list(hand_order or [])
        self.drawn = self.locked = self.selected = None
        self.fan_discard = False
        self.resigned = False
        self._begin_hand(deal=True)

    def stop(self) -> None:
        """Forget every pending decision and hint (the window closes or another game starts)."""
        self.loop.reset()
        self.background.cancel()

    @property
    def thinking(self) -> bool:
        """True while the opponent's move is awaited."""
        return self.loop.thinking

    @property
    def rules(self) -> GinRules:
        assert self.session is not None
        return self.session.rules

    def view(self) -> GinView:
        assert self.session is not None
        return self.session.view(HUMAN)

    # -- who is who ------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.rules.players

    def name_of(self, seat: int | None, you: bool = False) -> str:
        """A seat's display name; ``you``: the person is "You" (sentences), else their name
        (labels and scores)."""
        if seat == HUMAN:
            return YOU if you else self.player_name
        if seat == BOT:
            return self.opponent_name
        return self.names.get(seat, "?") if seat is not None else "?"

    def seat_names(self, you: bool = False) -> dict[int, str]:
        """Every seat's name, by seat (for result sentences and replays)."""
        return {seat: self.name_of(seat, you) for seat in range(self.players)}

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The scoring sides' seats (the engine's; the online match has one seat per side)."""
        sides = getattr(self.session, "sides", None)
        return sides() if sides else ((HUMAN,), (BOT,))

    def side_name(self, side: int, you: bool = False, start: bool = True) -> str:
        """A side's name: the seat's, or the team's ("You and Bo"; ``you``: the person is
        "You", the name sentences take (``wording.person``); else the name a label shows, in
        the chosen language; ``start=False``: "you and Bo" inside a sentence)."""
        members = self.sides()[side]
        if len(members) == 1:
            name = self.name_of(members[0], you)
            if you:
                return name if start or name != YOU else "you"
            return shown_name(name)
        return team_name([self.name_of(seat, you) for seat in members], start)

    def person_side(self) -> int:
        side_of = getattr(self.session, "side_of", None)
        return side_of(HUMAN) if side_of else HUMAN

    def _hand_is_others(self) -> bool:
        """The engine's current hand is not the person's (sitting out, the other table)."""
        if self.session is None or self.session.over:
            return False
        in_hand = self.view().in_hand
        return bool(in_hand) and HUMAN not in in_hand

    @property
    def partner_table_running(self) -> bool:
        """Partnerships: the person's table is done and the other table is being played."""
        table_of_hand = getattr(self.session, "table_of_hand", None)
        return table_of_hand is not None and table_of_hand() == 1 and self._hand_is_others()

    @property
    def watching(self) -> bool:
        """True while a hand that is not the person's is played (they sit out, or it is the
        partner's table); not while the last hand's result is on show."""
        return self._hand_is_others() and (self.reveal is None or self.partner_table_running)

    def skip_ahead(self) -> bool:
        """Play the watched hand to its end without pauses (Space, the Skip ahead button)."""
        if not self.watching or self.fast_forward:
            return False
        self.fast_forward = True
        self.animator.skip()
        self.message.emit(tr("Skipping ahead to the end of the hand…"), "info")
        self.changed.emit()
        return True

    @property
    def silent(self) -> bool:
        """True while moves are played out of sight (a skipped or other-table hand): the
        table's sounds stay quiet."""
        return self.fast_forward and self.watching

    def _pace(self, ms: int) -> int:
        return 0 if self.fast_forward and self.watching else self.animator.scaled(ms)

    def summary(self, started_at: Any, result: str) -> Any:
        """The storage ``MatchSummary`` of this match ("win", "loss" or "abandoned")."""
        from ginrummy_desktop.gui.gin.summary import match_summary

        return match_summary(self, started_at, result)

    def person_won(self) -> bool:
        return self.session is not None and not self.resigned \
            and HUMAN in self.session.winners

    def _begin_hand(self, deal: bool) -> None:
        self.fast_forward = False
        view = self.view()
        if set(self.hand_order) != set(view.hand):
            self.hand_order = auto_sorted(view.hand, self.sort_how) if self.auto_sort \
                else list(view.hand)
        self.drawn = self.locked = self.selected = None
        self._undo.clear()
        self.moves = []
        self.moves_changed.emit()
        if self.partner_table_running:  # resumed while the other table plays
            self._watch_partner_table()
            return
        self._refresh(deal=deal)
        self._announce()
        self._schedule_bot()

    # -- undo ------------------------------------------------------------------------------

    @property
    def undo_on(self) -> bool:
        """Whether this match may take moves back (practice, or the Preferences option
        against the computer)."""
        return self.setup.practice or (self.undo_allowed and bool(self.bots))

    @property
    def can_undo(self) -> bool:
        return self.undo_on and bool(self._undo) and self.reveal is None

    # -- the controller's other jobs, one module each (their functions take the controller) --

    # What the table shows (controller_table.py).
    _refresh = controller_table._refresh
    build_model = controller_table.build_model
    _score_title = controller_table._score_title
    _score_lines = controller_table._score_lines
    knock_label = controller_table.knock_label
    _reveal_model = controller_table._reveal_model
    # The person's moves, selection, sorting, clicks and drops (controller_input.py).
    play = controller_input.play
    _refuse = controller_input._refuse
    _by_kind = controller_input._by_kind
    draw_stock = controller_input.draw_stock
    draw_discard = controller_input.draw_discard
    pass_upcard = controller_input.pass_upcard
    discard = controller_input.discard
    knock = controller_input.knock
    _knock_if_confirmed = controller_input._knock_if_confirmed
    select = controller_input.select
    move_selection = controller_input.move_selection
    shift_selected = controller_input.shift_selected
    discard_selected = controller_input.discard_selected
    reorder = controller_input.reorder
    sort_hand = controller_input.sort_hand
    toggle_fan = controller_input.toggle_fan
    drop = controller_input.drop
    accepts = controller_input.accepts
    click = controller_input.click
    double_click = controller_input.double_click
    # Undo and the table state saved with the match (controller_undo.py).
    undo = controller_undo.undo
    snapshot = controller_undo.snapshot
    _table_state = controller_undo._table_state
    restore_table = controller_undo.restore_table
    # Hints (controller_hints.py).
    request_hint = controller_hints.request_hint
    _hint_ready = controller_hints._hint_ready
    use_hint = controller_hints.use_hint
    _hint_failed = controller_hints._hint_failed
    # The move log and the prompt (controller_log.py).
    _describe = controller_log._describe
    _announce = controller_log._announce
    _log = controller_log._log
    _watch_text = controller_log._watch_text
    # Hand results, partnership deals, continuing and resigning (controller_results.py).
    _hand_ended = controller_results._hand_ended
    deal_outcome_text = controller_results.deal_outcome_text
    _watch_partner_table = controller_results._watch_partner_table
    _show_hand_result = controller_results._show_hand_result
    continue_after_hand = controller_results.continue_after_hand
    resign = controller_results.resign
    resign_text = controller_results.resign_text

    # -- after every move ------------------------------------------------------------------

    def _after_move(self, seat: int, action: Action, old_hand: set[Card]) -> None:
        assert self.session is not None
        records = self.session.hand_records()
        if len(records) > self._records_seen:
            self._records_seen = len(records)
            if records[-1].get("table", 0) == 0:  # not the partners' table (not on the felt)
                self._log(self._describe(seat, action))  # the move that ended the hand
            self._hand_ended(records[-1])
            return
        if self.partner_table_running:
            self.changed.emit()  # nothing of the other table is on the felt
            return
        view = self.view()
        if seat == HUMAN:
            new_cards = [c for c in view.hand if c not in old_hand]
            for card in new_cards:
                if card not in self.hand_order:
                    self.hand_order.append(card)
            self.hand_order = [c for c in self.hand_order if c in view.hand]
            if new_cards and self.auto_sort:
                self.hand_order = auto_sorted(self.hand_order, self.sort_how)
            if action.kind in DRAW_KINDS and new_cards:
                self.drawn = new_cards[0]
                discards = {a.card for a in view.legal_actions if a.kind == "discard"}
                self.locked = new_cards[0] if discards and new_cards[0] not in discards else None
            elif action.kind == "discard":
                self.drawn = self.locked = None
        self._refresh()
        self._announce(seat, action)
        self._schedule_bot()

    # -- the opponent (the shared turn loop asks it) -------------------------------------

    def _schedule_bot(self) -> None:
        self.loop.kick()

    def _loop_ready(self) -> bool:
        return self.session is not None and not self.resigned and (
            self.reveal is None or self.partner_table_running)

    def _present_bot_move(self, seat: int, action: Action) -> None:
        self._after_move(seat, action, set())
        self.action_applied.emit(seat, action)

    def settle(self, timeout_ms: int = 20_000) -> bool:
        """Let the opponent move until it is the person's turn (screenshots, scripts)."""
        return self.loop.settle(timeout_ms)
