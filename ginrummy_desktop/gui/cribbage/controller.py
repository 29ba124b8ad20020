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
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QObject, QPointF, QTimer, Signal

from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.cards import Card, card_text, cards_text, parse_cards
from ginrummy_desktop.engine.cribbage import CribbageMatch, CribbageRules, ScoreEvent
from ginrummy_desktop.engine.cribbage import words as crib_words
from ginrummy_desktop.engine.cribbage.cuts import cut_depths
from ginrummy_desktop.engine.cribbage.observation import (
    COUNT,
    CUT_PHASES,
    DEAL_CUT,
    DISCARD,
    MUGGINS,
    OVER,
)
from ginrummy_desktop.engine.cribbage.scoring import ScoreItem, ShowScore
from ginrummy_desktop.engine.translation import tr, tr_ctx, tr_n
from ginrummy_desktop.engine.wording import YOU
from ginrummy_desktop.gui.cribbage.display import (
    STAGE_CUT,
    STAGE_DISCARD,
    STAGE_OVER,
    STAGE_PLAY,
    STAGE_SHOW,
    CribbageDisplay,
    GameResult,
    ShowStep,
)
from ginrummy_desktop.gui.table.background import Background
from ginrummy_desktop.gui.table.card_item import CardItem
from ginrummy_desktop.gui.table.seats import BotPlayer, LocalPerson, Player
from ginrummy_desktop.gui.table.turn_loop import TurnLoop

ZONE_CRIB = "crib"
ZONE_PLAY = "play"
# Pauses of the show and the person's automatic go (ms at "normal" speed, scaled by the
# animation speed); the pause before the opponent's moves is the turn loop's.
AUTO_GO_PAUSE_MS = 700
SHOW_ITEM_MS = 750
SHOW_STEP_PAUSE_MS = 900
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


def _items_from_json(items: list[dict]) -> tuple[ScoreItem, ...]:
    return tuple(
        ScoreItem(item["kind"], tuple(parse_cards(item["cards"])), item["points"])
        for item in items
    )


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
        self._stage = STAGE_OVER if match.over else self._engine_stage()
        board = self.table.board
        board.reset(match.rules)
        board.set_names(self.names)
        view = match.view(self.human)
        speed = board.speed
        board.set_speed("instant")
        for seat in (0, 1):
            board.set_pegs(seat, view.pegs[seat].front, view.pegs[seat].back, "")
        board.set_speed(speed)
        self.table.clear_announcement()
        self._refresh()
        if match.over:
            self._finish_game()
        elif match.phase in (COUNT, MUGGINS):
            self._begin_live_show()  # restored in the middle of a muggins show
        else:
            self._greet_hand()
            self._next_turn()

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

    def snapshot(self) -> dict[str, Any]:
        """JSON-ready autosave state: the match plus what the table shows beyond it."""
        return {"game": "cribbage", "match": self.match.snapshot(), "opponent": self.opponent_id,
                "table": self._table_state()}

    def _table_state(self) -> dict[str, Any]:
        """The person's marks at the table: cards chosen for the crib but not sent, the
        keyboard focus (card or cut depth), the hint on show, the cut for the deal on show
        before Deal, and the fair-deal commitments published before each hand. (Cribbage
        offers no undo, so there is none to keep.)"""
        hint = None
        if self._hint is not None:
            title, lines, cards = self._hint
            hint = {"title": title, "lines": [list(line) for line in lines],
                    "cards": sorted(str(card) for card in cards)}
        return {
            "pending": [str(card) for card in self._pending],
            "focus": None if self._focus is None else str(self._focus),
            "cut_focus": self._cut_focus,
            "cut_result": [[seat, depth, str(card)] for seat, depth, card in self._cut_result],
            "hint": hint,
            "published": {str(hand): text for hand, text in self.published.items()},
        }

    def restore_table(self, state: dict[str, Any] | None) -> None:
        """Put back ``_table_state()`` after ``start`` of a restored match. Anything that no
        longer fits the match (a card not in hand, a damaged entry) is dropped; the match
        itself has resumed either way (an autosave from before the marks has none)."""
        if not state or self.match.over:
            return
        try:
            hand = set(self.match.observation(self.human).hand)
            pending = [c for c in parse_cards(state.get("pending") or []) if c in hand][:2]
            focus_text = state.get("focus")
            focus = Card.parse(focus_text) if focus_text else None
            cut_focus = state.get("cut_focus")
            shown = tuple((int(seat), int(depth), Card.parse(card))
                          for seat, depth, card in state.get("cut_result") or [])
            hint = state.get("hint")
            restored_hint = None
            if hint:
                lines = tuple((str(a), str(b), bool(best)) for a, b, best in hint["lines"])
                restored_hint = (str(hint["title"]), lines,
                                 frozenset(parse_cards(hint["cards"])))
            published = {int(hand_number): str(text)
                         for hand_number, text in (state.get("published") or {}).items()}
        except (KeyError, TypeError, ValueError, AttributeError):
            return
        self.published.update(published)
        yours = self.match.to_move() == self.human
        if self._stage == STAGE_DISCARD and yours:
            self._pending = pending
        self._focus = focus if focus in hand else None
        if self._stage == STAGE_CUT and yours and type(cut_focus) is int:
            low, high = self._cut_bounds()
            self._cut_focus = cut_focus if low <= cut_focus <= high else None
        if shown and self.match.hand_number == 1 and self.match.phase == DISCARD and \
                not self.match.counted_shows and len(self.match.observation(
                    self.human).hand) == 6 and tuple(c for *_, c in shown) == \
                (self.match.cuts[-1] if self.match.cuts else ()):
            # Quit with the cut for the deal on show: it comes back, waiting for Deal.
            self.loop.reset()
            self._cut_result = shown
            self._stage = STAGE_CUT
            self._hand_seen = 0
        if restored_hint is not None and yours and self._stage in (STAGE_DISCARD, STAGE_PLAY) \
                and restored_hint[2] <= hand:
            self._hint = restored_hint
        self._refresh()

    def summary(self, started_at: Any, result: str) -> Any:
        """The storage ``MatchSummary`` of this match ("win", "loss" or "abandoned")."""
        from ginrummy_desktop.gui.cribbage.game_dialog import CribbageSetup
        from ginrummy_desktop.gui.cribbage.summary import game_summary

        rules_text = CribbageSetup.from_rules(self.opponent_id, self.rules).rules_text()
        return game_summary(self.match, opponent_id=self.opponent_id,
                            opponent_name=self.names[self.bot_seat], rules=rules_text,
                            started_at=started_at, result=result, human=self.human)

    def person_won(self) -> bool:
        return not self.resigned and self.match.winner == self.human

    def resign(self) -> bool:
        """End the match now as the person's loss (``match_over`` records it)."""
        if self.match.over or self.resigned:
            return False
        self.stop()
        self.resigned = True
        self._stage = STAGE_OVER
        self._show_steps = []
        self._hint = None
        self._refresh()
        self.table.status.clear_prompt()  # nothing more to do at this table
        self._say(tr("You resigned: {name} wins the game. Press Rematch to play again.").format(
            name=self.names[self.bot_seat]), "info")
        self.match_over.emit()
        return True

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

    # -- the cuts --------------------------------------------------------------------------
    def cut(self, depth: int) -> bool:
        """The person cuts the spread pack at ``depth`` (the engine refuses a depth that
        leaves fewer than four cards in a packet, and says so)."""
        if self._stage != STAGE_CUT or self._cut_result or self.match.to_move() != self.human:
            return False
        return self._apply(self.human, Action("cut", points=int(depth)))

    def _cut_bounds(self) -> tuple[int, int]:
        """The depths the engine allows for the pack spread now (first, last)."""
        legal = [a.points for a in self.match.legal_actions(self.match.to_move() or 0)
                 if a.kind == "cut" and a.points is not None]
        if not legal:
            depths = cut_depths(self.match.pack_size)
            return (depths.start, depths.stop - 1) if len(depths) else (0, -1)
        return min(legal), max(legal)

    def _move_cut_focus(self, step: int) -> None:
        low, high = self._cut_bounds()
        if high < low:
            return
        if self._cut_focus is None:
            self._cut_focus = (low + high) // 2
        else:
            span = high - low + 1
            self._cut_focus = low + (self._cut_focus - low + step) % span
        self._refresh()

    def _cut_at_focus(self) -> None:
        if self._cut_result:
            self.continue_game()
            return
        low, high = self._cut_bounds()
        depth = self._cut_focus if self._cut_focus is not None else (low + high) // 2
        self.cut(depth)

    def _absorb_cut(self) -> bool:
        """Present a cut; True when it is fully handled (False: the starter is up, the play
        goes on as after any move)."""
        match = self.match
        seat, depth = self._last_cut or (self.human, 0)
        self._last_cut = None
        self._cut_focus = None
        if match.phase == DEAL_CUT or match.hand_number == 1 and not self._hand_seen:
            cuts = match.view(self.human).deal_cuts
            if match.phase == DEAL_CUT and len(match.observation(self.human).deal_cuts) == 1:
                card = match.observation(self.human).deal_cuts[0][1]
                self._round_log = [(seat, depth, card)]
                self._tie = ()
                self._say(crib_words.cuts_text(self.speaker(seat), card), "info")
            else:
                first, second = cuts[-1]
                assert second is not None
                prior = self._round_log[0] if self._round_log else (0, 0, first)
                finished = (prior, (seat, depth, second))
                self._round_log = []
                if match.phase == DEAL_CUT:  # equal cards: the prompt says so (_next_turn)
                    self._tie = finished
                else:
                    self._cut_result = finished
                    self._tie = ()
                    self.table.clear_announcement()  # "Cut for the deal" is done
                    dealer = self.speaker(match.dealer)
                    text = crib_words.low_card_deals(dealer)
                    # Translators: {cuts} are the two cut sentences, {dealer} "Low card deals: Ann".
                    self._say(tr("{cuts} {dealer}. Press Deal (Enter).").format(
                        cuts=tr("{first} {second}").format(
                            first=crib_words.cuts_text(self.speaker(0), first),
                            second=crib_words.cuts_text(self.speaker(1), second)),
                        dealer=text), "turn")
            self._refresh()
            self._next_turn()
            return True
        # The starter cut: it flies from the cut to the deck, then the play begins.
        self._starter_from = depth
        if match.starter is not None:
            starter = crib_words.starter_text(self.speaker(seat), self.speaker(match.dealer),
                                              match.starter)
            self._say(starter, "info")
            self._log(starter.removesuffix("."))
        return False

    # -- the person's actions --------------------------------------------------------------
    def toggle_discard(self, card: Card) -> None:
        """Choose ``card`` for the crib, or take it back; a third choice replaces the first."""
        if self._stage != STAGE_DISCARD or self.match.to_move() != self.human:
            return
        if card in self._pending:
            self._pending.remove(card)
        elif card in self.match.observation(self.human).hand:
            self._pending.append(card)
            if len(self._pending) > 2:
                self._pending.pop(0)
        self._cancel_hint()
        self._refresh()
        self._say(self._discard_prompt(), "turn")

    def send_discard(self) -> None:
        if self._stage != STAGE_DISCARD:
            return
        action = Action("discard", cards=tuple(self._pending))
        if self._apply(self.human, action):
            self._pending = []

    def play_card(self, card: Card) -> bool:
        """Play ``card`` (a refused card springs back with the engine's reason)."""
        if self._stage != STAGE_PLAY:
            self._refresh()
            return False
        return self._apply(self.human, Action("play", card=card))

    def continue_game(self) -> None:
        """After the show: deal the next hand (after the cut for the deal: the first)."""
        if self._stage == STAGE_CUT and self._cut_result:
            self._cut_result = ()
            self._hand_seen = self.match.hand_number
            self._events_seen = len(self.match.events)
            self._stage = self._engine_stage()
            self._refresh()
            self._greet_hand()
            self._next_turn()
            return
        if self._stage == STAGE_SHOW and self._show_index >= len(self._show_steps):
            self._stage = self._engine_stage() if not self.match.over else STAGE_OVER
            if self.match.over:
                self._finish_game()
                return
            if self._live_show:  # the engine dealt the next hand when the crib was counted
                self._live_show = False
                self._hand_seen = self.match.hand_number
                self._events_seen = len(self.match.events)
            self._show_steps = []
            self._sync_board()
            self._refresh()
            self._greet_hand()
            self._next_turn()
        elif self._stage == STAGE_SHOW:
            self.skip_animations()

    # -- the keyboard (keys.py) -------------------------------------------------------------
    @property
    def focus(self) -> Card | None:
        """The hand card the arrow keys point at (None until an arrow is pressed)."""
        return self._focus if self._focus in self.display.hand else None

    def move_focus(self, step: int) -> None:
        """Left (-1) or Right (+1) along the person's hand, wrapping at the ends (during a
        cut: along the spread pack)."""
        if self._stage == STAGE_CUT:
            self._move_cut_focus(step)
            return
        cards = list(self.display.hand)
        if not cards:
            return
        current = self.focus
        if current is None:
            index = 0 if step > 0 else len(cards) - 1
        else:
            index = (cards.index(current) + step) % len(cards)
        self._focus = cards[index]
        self._refresh()

    def choose_focused(self) -> None:
        """Space: the focused card into the crib or back; in the show, hurry the counting."""
        if self._stage == STAGE_SHOW:
            self.skip_animations()
        elif self._stage == STAGE_CUT:
            self._cut_at_focus()
        elif self._stage == STAGE_DISCARD:
            card = self.focus
            if card is not None:  # it stays in its place (raised), so the focus stays on it
                self.toggle_discard(card)
            elif self._pending:  # the focus went with a chosen card: take the last one back
                self.toggle_discard(self._pending[-1])

    def confirm(self) -> None:
        """Enter: cut, send the chosen pair, play the focused card or go on after the show."""
        if self._stage == STAGE_CUT:
            self._cut_at_focus()
        elif self._stage == STAGE_DISCARD:
            if len(self._pending) == 2:
                self.send_discard()
            else:
                self.choose_focused()
        elif self._stage == STAGE_PLAY:
            card = self.focus
            if card is None:
                self._say(tr("Choose a card with the arrow keys, then press Enter to play it."),
                          "info")
                return
            self._focus_after_leaving(card)
            if not self.play_card(card):
                self._focus = card
        elif self._stage == STAGE_SHOW:
            self.continue_game()

    def clear_choice(self) -> None:
        """Escape: hide the hint, or take back the cards chosen for the crib."""
        if self._hint is not None:
            self.toggle_hint()
        elif self._stage == STAGE_DISCARD and self._pending:
            self._pending = []
            self._refresh()

    def _focus_after_leaving(self, card: Card) -> None:
        """The card leaves the hand: the focus moves to its right-hand neighbour."""
        cards = list(self.display.hand)
        rest = [c for c in cards if c != card]
        index = cards.index(card) if card in cards else 0
        self._focus = rest[min(index, len(rest) - 1)] if rest else None

    def skip_animations(self) -> None:
        """A click on the table: finish card and peg movements (and the show's counting)."""
        if self._stage == STAGE_SHOW:
            self._rush = True
        self.table.animator.skip()
        self.table.board.finish_animations()

    def toggle_hint(self) -> None:
        """Show or hide the hint: the discard advisor's table, or the expert's play."""
        if self._hint is not None:
            self._hint = None
            self._refresh()
            return
        if self.match.to_move() != self.human or self._stage not in (STAGE_DISCARD, STAGE_PLAY):
            self._say(tr("A hint is available when it is your move."), "info")
            return
        if self._hint_op is not None:
            return  # already thinking about one
        observation = self.match.observation(self.human)
        if self._stage == STAGE_DISCARD:
            from ginrummy_desktop.engine.cribbage.advisor import discard_table

            hand, is_dealer = observation.hand, observation.is_dealer
            self._hint_op = self.background.run(lambda: discard_table(hand, is_dealer),
                                                self._discard_hint_ready, self._hint_failed)
        else:
            self._hint_op = self.background.run(lambda: suggested_play(observation),
                                                self._play_hint_ready, self._hint_failed)
        self._say(tr("Thinking about a hint…"), "info")

    def use_hint(self) -> None:
        """"Use this hint": the advisor's toss becomes the person's choice for the crib (they
        still confirm with Send), or the expert's play gets the keyboard focus (Enter plays)."""
        if self._hint is None or self.match.to_move() != self.human:
            self._say(tr("Ask for a hint first (H)."), "info")
            return
        cards = [c for c in self._hint[2] if c in self.display.hand]
        if self._stage == STAGE_DISCARD and len(cards) == 2:
            self._pending = sorted(cards)
            self._hint = None
            self._refresh()
            self._say(self._discard_prompt(), "turn")
        elif self._stage == STAGE_PLAY and cards:
            self._focus = cards[0]
            self._hint = None
            self._refresh()
            self._say(tr("{card} is ready: press Enter (or double-click it) to play it.").format(
                card=card_text(cards[0])), "info")

    def _cancel_hint(self) -> None:
        """The position changed: a hint still being worked out would be stale."""
        if self._hint_op is not None:
            self.background.forget(self._hint_op)
            self._hint_op = None
        self._hint = None

    def _hint_failed(self, reason: str) -> None:
        self._hint_op = None
        self._say(tr("No suggestion is available right now ({reason}).").format(reason=reason),
                  "info")

    def _play_hint_ready(self, card: Card | None) -> None:
        self._hint_op = None
        if card is None:
            self._say(tr("No suggestion is available right now."), "info")
            return
        self._hint = ("", (), frozenset({card}))
        self._say(tr("The expert would play {card}.").format(card=card_text(card)), "hint")
        self._refresh()

    def _discard_hint_ready(self, options: Any) -> None:
        self._hint_op = None
        self._hint = self._discard_hint(options)
        self._refresh()

    def _discard_hint(self, options: Any) -> tuple[str, tuple, frozenset[Card]]:
        is_dealer = self.match.dealer == self.human
        title = tr("Discard advisor: expected points (your crib)") if is_dealer \
            else tr("Discard advisor: expected points (the opponent's crib)")
        # Translators: the advisor table's column heads; spaces line the columns up.
        lines = [(tr("Keep   |   toss"), tr("hand   crib    net"), True)]
        for option in options:
            lines.append(
                (
                    f"{cards_text(option.keep)}  |  {cards_text(option.toss)}",
                    f"{option.hand:5.2f}  {option.crib:5.2f}  {option.net:6.2f}",
                    option is options[0],
                )
            )
        self._say(
            tr("Best: keep {keep} and toss {toss} ({points} expected).").format(
                keep=cards_text(options[0].keep), toss=cards_text(options[0].toss),
                points=f"{options[0].net:.2f}"),
            "hint",
        )
        return title, tuple(lines), frozenset(options[0].toss)

    # -- scene events --------------------------------------------------------------------------
    def _on_card_clicked(self, item: CardItem) -> None:
        key = item.key
        if isinstance(key, tuple) and len(key) == 2 and key[0] == "pack":
            if self.match.to_move() == self.human:
                self.cut(key[1])
            return
        card = item.key if isinstance(item.key, Card) else None
        if card is None:
            return
        if self._stage == STAGE_DISCARD:
            self.toggle_discard(card)
        elif self._stage == STAGE_PLAY and card in self.display.hand:
            self._say(tr("Double-click a card or drag it to the play area to play it."), "info")

    def _on_card_double_clicked(self, item: CardItem) -> None:
        card = item.key if isinstance(item.key, Card) else None
        if card is not None and self._stage == STAGE_PLAY and card in self.display.hand:
            self.play_card(card)

    def accepts(self, zone: str, item: CardItem) -> bool:
        """May this dragged card go to ``zone`` now? (asked per card while dragging)"""
        card = item.key if isinstance(item.key, Card) else None
        if card is None or self.match.to_move() != self.human:
            return False
        if zone == ZONE_CRIB:
            return self._stage == STAGE_DISCARD and card in self.display.hand
        if zone == ZONE_PLAY:
            return self._stage == STAGE_PLAY and \
                Action("play", card=card) in self.match.legal_actions(self.human)
        return False

    def _on_card_dropped(self, item: CardItem, zone: str, centre: QPointF) -> None:
        key = item.key
        if isinstance(key, tuple) and len(key) == 2 and key[0] == "pack":
            # Dragging a card off the spread pack cuts there too (as a click does).
            if not (self.match.to_move() == self.human and self.cut(key[1])):
                self._refresh()  # refused or not the person's cut: the card goes back
            return
        card = item.key if isinstance(item.key, Card) else None
        if card is None:
            self._refresh()
            return
        if self._stage == STAGE_DISCARD:
            onto_crib = zone == ZONE_CRIB
            if onto_crib != (card in self._pending):  # into the crib, or dragged back out
                self.toggle_discard(card)
            else:
                self._refresh()
        elif self._stage == STAGE_PLAY and zone == ZONE_PLAY:
            self.play_card(card)
        else:
            self._refresh()  # dropped elsewhere: back where it came from

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

    def _hand_done(self) -> bool:
        record = self.match.hand_records()[-1] if self.match.hand_records() else None
        return bool(record and record.get("shows"))

    def _track_counts(self) -> None:
        """Remember where each count ended, so a finished count stays in view until the next
        card and then turns over in front of the players who played it."""
        if self.match.hand_number != self._hand_seen:
            return
        observation = self.match.observation(self.human)
        completed = len(observation.played) - len(observation.current)
        if completed > (self._count_bounds[-1] if self._count_bounds else 0):
            self._count_bounds.append(completed)

    def speaker(self, seat: int) -> str:
        """How sentences name ``seat``: "You" for the person, the display name otherwise."""
        return YOU if seat == self.human else self.names[seat]

    def _announce_when_landed(self, event: ScoreEvent) -> None:
        """Flash and peg a call of the play once the card is in place (instant: at once)."""
        animator = self.table.animator
        if animator.instant and not animator.busy:
            self._announce_event(event)
        else:
            animator.when_idle(self._guarded(lambda: self._announce_event(event)))

    def _announce_event(self, event: ScoreEvent) -> None:
        who = self.speaker(event.seat)
        if event.points:
            words = event.text  # the engine's words in the chosen language (records: English)
            self.table.announce(words, event.seat)
            self.table.board.peg(event.seat, event.points, words)
            self._say(crib_words.scored_text(who, words),
                      "success" if event.seat == self.human else "info")
            self._log(crib_words.scored_text(who, words).removesuffix("."))

    def _next_turn(self) -> None:
        """Ask the opponent to move, say go for the person, or wait for the person."""
        match = self.match
        if match.over or self._stage not in (STAGE_DISCARD, STAGE_PLAY, STAGE_CUT) or \
                self._cut_result:
            return
        seat = match.to_move()
        if seat == self.bot_seat:
            self.table.status.clear_prompt()  # the person has nothing to do meanwhile
            self.loop.kick()
        elif seat == self.human and self._stage == STAGE_CUT:
            if self._tie and not self._round_log:  # equal cards: say so with the prompt
                text = crib_words.cut_again_prompt(self._tie[0][2], self._tie[1][2])
            else:
                text = crib_words.cut_prompt(match.phase == DEAL_CUT)
            self._say(text, "turn")
        elif seat == self.human:
            legal = match.legal_actions(self.human)
            if len(legal) == 1 and legal[0].kind == "go":
                self._say(
                    tr("None of your cards fits under 31 (the count is {count}): Go.").format(
                        count=match.count),
                    "info",
                )
                self.table.announce(tr_ctx("cribbage call", "Go"), self.human)
                self._later(self._auto_go, AUTO_GO_PAUSE_MS)
            elif self._stage == STAGE_DISCARD:
                self._say(self._discard_prompt(), "turn")
            else:
                self._say(
                    tr("Your turn (count {count}): double-click a card or drag it to the play "
                       "area (keys: arrows, Enter).").format(count=match.count),
                    "turn",
                )

    def _discard_prompt(self) -> str:
        """What to do next in the discard: choose two cards, then confirm them."""
        whose = crib_words.crib_owner(self.speaker(self.match.dealer), start=False)
        if len(self._pending) == 2:
            return tr("Send {cards} to {whose}: press Send to crib (Enter), or click a raised "
                      "card to change your mind.").format(cards=cards_text(self._pending),
                                                           whose=whose)
        if len(self._pending) == 1:
            return tr("{card} is chosen for {whose}: choose one more card (click it, or arrows "
                      "and Space).").format(card=card_text(self._pending[0]), whose=whose)
        return tr("Choose two cards for {whose} (click them, or arrows and Space), then press "
                  "Send to crib (Enter).").format(whose=whose)

    def _auto_go(self) -> None:
        legal = self.match.legal_actions(self.human)
        if len(legal) == 1 and legal[0].kind == "go":
            self._apply(self.human, legal[0])

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

    # -- the show --------------------------------------------------------------------------------
    def _begin_show(self) -> None:
        record = self.match.hand_records()[-1]
        self._show_steps = [
            ShowStep(
                seat=show["seat"],
                what=show["what"],
                cards=tuple(parse_cards(show["cards"])),
                items=_items_from_json(show["items"]),
                total=show["total"],
                # The record keeps the count in English; the table says it in the chosen
                # language from the same items.
                spoken=ShowScore(_items_from_json(show["items"])).spoken,
            )
            for show in record["shows"]
        ]
        self._show_starter = Card.parse(record["starter"])
        self._show_dealer = record["dealer"]
        dealt = [parse_cards(cards) for cards in record["dealt"]]
        discards = [parse_cards(cards) if cards else [] for cards in record["discards"]]
        self._show_kept = {
            seat: tuple(sorted(c for c in dealt[seat] if c not in discards[seat]))
            for seat in (0, 1)
        }
        self._show_crib = tuple(sorted(discards[0] + discards[1]))
        self._show_index = 0
        self._show_items = 0
        self._rush = False
        self._awaiting_count = False
        self._counted_by_person = None
        self._stage = STAGE_SHOW
        self._hand_seen = self.match.hand_number
        self._events_seen = 0 if not self.match.over else self._events_seen
        self._count_bounds = []
        self._refresh()
        self._later(self._show_next_item, SHOW_STEP_PAUSE_MS)

    def _begin_live_show(self) -> None:
        """Muggins: lay out the show from the table while the engine waits for the counts."""
        match = self.match
        assert match.starter is not None
        self._show_steps = [ShowStep(part.seat, part.what, part.cards, part.score.items,
                                     part.score.total, part.score.spoken)
                            for part in match.show_parts() if part.score is not None]
        self._show_starter = match.starter
        self._show_dealer = match.dealer
        self._show_kept = {seat: tuple(sorted(match.kept[seat])) for seat in (0, 1)}
        self._show_crib = tuple(sorted(match.crib))
        counted = len(match.counted_shows)
        # In the muggins phase the step on show is counted already; the claim is pending.
        self._show_index = counted - 1 if match.phase == MUGGINS else counted
        self._show_items = 0
        self._rush = False
        self._awaiting_count = False
        self._counted_by_person = None
        self._step_claim = None
        self._live_show = True
        self._stage = STAGE_SHOW
        self._hand_seen = match.hand_number
        self._count_bounds = []
        self._refresh()
        self._later(self._show_next_item, SHOW_STEP_PAUSE_MS)

    def _live_count(self) -> bool:
        """Muggins: make sure the engine has counted the step on show (and settled any claim).

        Returns False while it waits for the person's count."""
        match = self.match
        if match.hand_number == self._hand_seen and match.phase == COUNT and \
                len(match.counted_shows) == self._show_index:
            if match.to_move() == self.human:
                self._awaiting_count = True
                self._refresh()
                crib = self._show_steps[self._show_index].what == "crib"
                self._say(tr("Count your crib with the starter: type or pick the points and "
                             "press Count (Enter). Points you miss go to your opponent.") if crib
                          else tr("Count your hand with the starter: type or pick the points "
                                  "and press Count (Enter). Points you miss go to your "
                                  "opponent."), "turn")
                return False
            return self._ask_opponent_count()
        if match.phase == MUGGINS and match.hand_number == self._hand_seen:
            seat = match.to_move()
            if seat == self.bot_seat:
                return self._ask_opponent_count()
            if seat is not None:  # muggins always waits on a seat
                self._engine_apply(seat, Action("muggins"))  # the app always claims for the person
        shows = (match.counted_shows if match.hand_number == self._hand_seen
                 else match.hand_records()[-1]["shows"])
        show = shows[self._show_index]
        self._step_claim = (show.get("claimed", show["total"]), show.get("muggins", 0))
        if match.over:  # nothing after the winning count is shown
            self._show_steps = self._show_steps[: self._show_index + 1]
        return True

    def _ask_opponent_count(self) -> bool:
        """The turn loop asks the opponent for its count or claim; the show goes on when it
        is applied (``_present_move``)."""
        self._bot_counting = True
        self.loop.kick()
        return False

    def _engine_apply(self, seat: int, action: Action) -> None:
        self.loop.play(seat, action)
        self.action_applied.emit(seat, action)  # autosave

    def _show_next_item(self) -> None:
        """Highlight the next combination of the current show step, then peg its total."""
        if self._stage != STAGE_SHOW or self._show_index >= len(self._show_steps):
            return
        step = self._show_steps[self._show_index]
        if self._live_show and self._step_claim is None and not self._live_count():
            return
        if self.manual_count and not self._live_show and step.seat == self.human and \
                self._counted_by_person is None:
            self._awaiting_count = True  # the person counts first; see submit_count
            self._refresh()
            self._say(tr("Count your crib with the starter, enter the points and press Count.")
                      if step.what == "crib" else
                      tr("Count your hand with the starter, enter the points and press Count."),
                      "turn")
            return
        animator = self.table.animator
        if animator.instant or self._rush:
            self._show_items = len(step.items)
        elif self._show_items < len(step.items):
            self._show_items += 1
            self._refresh()
            QTimer.singleShot(animator.scaled(SHOW_ITEM_MS), self._guarded(self._show_next_item))
            return
        self._refresh()
        what = "crib" if step.what == "crib" else "hand"
        claimed, mugged = self._step_claim or (step.total, 0)
        if claimed:
            note = step.spoken if claimed == step.total else tr(
                "counted {claimed} of {total}").format(claimed=claimed, total=step.total)
            self.table.board.peg(step.seat, claimed, (
                tr("crib: {note}") if what == "crib" else tr("hand: {note}")).format(note=note))
        verdict = self._count_verdict(step)
        text = verdict + crib_words.show_text(self.speaker(step.seat), what, step.spoken,
                                              step.total)
        if mugged:
            text += " " + self._announce_muggins(step, mugged)
        elif claimed < step.total:
            missed = step.total - claimed
            # Translators: {count} points of a short count; English says "them" for one too.
            text += " " + tr_n("{count} missed; nobody took them.",
                               "{count} missed; nobody took them.", missed).format(count=missed)
        # A short count is not a refused move: no "Not allowed" sign, the words say it all.
        self._say(text, "info")
        self._log(text.strip())
        self._show_index += 1
        self._show_items = 0
        self._counted_by_person = None
        self._step_claim = None
        pause = 0 if self._rush else SHOW_STEP_PAUSE_MS
        if self._show_index < len(self._show_steps):
            self._later(self._show_next_item, pause)
        else:
            self._later(self._show_finished, 0)

    def _announce_muggins(self, step: ShowStep, points: int) -> str:
        """Flash and peg a muggins claim; returns the words for the status line."""
        taker = 1 - step.seat
        text = crib_words.muggins_text(self.speaker(taker), self.speaker(step.seat), points)
        self.table.announce(text, taker)
        self.table.board.peg(taker, points, text)
        return text + "."

    def submit_count(self, points: int) -> None:
        """The person's own count of the hand or crib on show (manual counting, or muggins,
        where the engine takes the count: an over-count is refused and asked again)."""
        if not self._awaiting_count:
            return
        if self._live_show:
            try:
                self._engine_apply(self.human, Action("count", points=int(points)))
            except IllegalActionError as error:
                self._say(tr("{problem} Count again.").format(problem=error), "warning")
                return
        self._awaiting_count = False
        self._counted_by_person = int(points)
        self._show_next_item()

    def _count_verdict(self, step: ShowStep) -> str:
        claimed = self._counted_by_person
        if claimed is None:
            return ""
        # Without muggins pegging follows the engine's exact count; a wrong count is only
        # pointed out.
        return crib_words.count_verdict(claimed, step.total, muggins=self._live_show)

    def _guarded(self, callback: Callable[[], None]) -> Callable[[], None]:
        generation = self._generation
        return lambda: callback() if generation == self._generation else None

    def _show_finished(self) -> None:
        if self.match.over:
            self._finish_game()
        else:
            self._refresh()

    # -- end of game -----------------------------------------------------------------------------
    def _finish_game(self) -> None:
        match = self.match
        if match.winner is None or self._stage == STAGE_OVER and self._result_sent:
            return
        self._stage = STAGE_OVER
        self.table.status.clear_prompt()
        self._sync_board()
        outcome = match.outcome() or "win"
        text = crib_words.game_over_text(self.speaker(match.winner), outcome,
                                    (match.scores[0], match.scores[1]), self.rules.target)
        # Online there is no Rematch at the table (a new game is a new table in the lobby).
        again = tr("Press Rematch to play again.") if getattr(self.table, "rematch_allowed", True) \
            else tr("Open or join a new table in the lobby to play again.")
        self._say(text + " " + again, "success")
        self._refresh()
        self._result_sent = True
        self.match_over.emit()

    def _sync_board(self) -> None:
        """Make sure the pegs show the engine's positions (e.g. after skipping ahead)."""
        view = self.match.view(self.human)
        board = self.table.board
        if board.is_animating():
            return
        for seat in (0, 1):
            board.set_pegs(seat, view.pegs[seat].front, view.pegs[seat].back, "")

    def dealt_record(self) -> dict | None:
        """The engine's record of the deal just shown (None before a deal has been shown)."""
        if self._stage not in (STAGE_SHOW, STAGE_OVER) or not self.match.hand_records():
            return None
        if self._stage == STAGE_SHOW and self._show_index < len(self._show_steps):
            return None  # still counting: a muggins deal is not recorded until the crib
        return self.match.hand_records()[-1]

    def verify_deal(self) -> tuple[bool, str] | None:
        """Check the deal just shown against the commitment published before it was played:
        (ok, explanation as HTML), or None when no finished deal is on show."""
        from ginrummy_desktop.engine.cribbage.cuts import check_cuts
        from ginrummy_desktop.gui.table.result_panel import verify_deal_text

        record = self.dealt_record()
        if record is None:
            return None
        ok, text = verify_deal_text(record, self.published.get(record.get("hand", -1)))
        cuts_ok, lines = check_cuts(record)  # the players' cuts chose cards from that deck
        if lines:
            mark = "✔" if cuts_ok else "✘"
            text += "<br><br>" + "<br>".join(f"{mark} {line}" for line in lines)
        return ok and cuts_ok, text

    def _log(self, line: str) -> None:
        self.moves.append(line)
        self.moves_changed.emit()

    def _greet_hand(self) -> None:
        self.moves = []  # a new hand (or the cut for the deal): a fresh log
        self.moves_changed.emit()
        if self.match.phase == DEAL_CUT:
            self.table.announce(crib_words.CUT_FOR_DEAL, self.human, quiet=True)
            return
        self.published.setdefault(self.match.hand_number, self.match.commitment)
        dealer = self.match.dealer
        text = crib_words.deal_text(self.match.hand_number, self.speaker(dealer))
        self.table.announce(text, dealer, quiet=True)

    # -- display -------------------------------------------------------------------------------
    def _move_refused(self, _seat: int, text: str) -> None:
        self._say(text, "warning")
        self._refresh()

    def _say(self, text: str, kind: str) -> None:
        """A "turn" message is the standing prompt (what to do now); every other message is
        a notice shown beside it, so "Computer plays 5" never hides what to do next."""
        if kind == "turn":
            self.table.status.show_prompt(text, kind)
        else:
            self.table.status.show_message(text, kind)

    def _refresh(self) -> None:
        self.display = replace(self._build_display(), verifiable=self.dealt_record() is not None,
                               starter_from=self._starter_from)
        self._starter_from = None  # the starter flies from the cut once
        self.table.show_display(self.display)

    def _build_display(self) -> CribbageDisplay:
        if self._stage == STAGE_SHOW or (
            self._stage == STAGE_OVER and self._show_steps
        ):
            return self._show_display()
        if self._stage == STAGE_CUT:
            return self._cut_display()
        match = self.match
        view = match.view(self.human)
        observation = match.observation(self.human)
        hint_title, hint_lines, hint_cards = self._hint or ("", (), frozenset())
        result = self.result()
        if self._stage == STAGE_DISCARD:
            # Chosen cards stay in their places, raised, until they are sent: nothing moves
            # under the mouse between the first and the second click.
            hand = tuple(view.hand)
            return CribbageDisplay(
                stage=STAGE_DISCARD,
                names=self.names,
                dealer=view.dealer,
                hand=hand,
                pending=tuple(self._pending),
                opponent_hidden=view.opponent_hand_size,
                crib_hidden=view.crib_size,
                starter=None,
                your_turn=view.to_move == self.human,
                can_send=len(self._pending) == 2 and view.to_move == self.human,
                result=result,
                hint_title=hint_title,
                hint_lines=hint_lines,
                hint_cards=hint_cards,
                focus=self._focus if self._focus in hand else None,
            )
        played = observation.played
        bounds = self._count_bounds
        current = tuple(observation.current)
        if not current and bounds and (bounds[-2] if len(bounds) > 1 else 0) < bounds[-1]:
            start = bounds[-2] if len(bounds) > 1 else 0
            play = tuple(played[start:bounds[-1]])
            pile_end = start
            # The finished count stays in view until the next card, but the number is the
            # engine's live count (0), as the status line says; the note names the old total.
            total = sum(card.points for _, card in play)
            note = tr("after {total}").format(total=total)
            count = view.count
        else:
            play = current
            pile_end = bounds[-1] if bounds else 0
            note = ""
            count = view.count
        piles = tuple(
            tuple(card for who, card in played[:pile_end] if who == seat) for seat in (0, 1)
        )
        legal_cards = frozenset(a.card for a in view.legal_actions
                                if a.kind == "play" and a.card is not None)
        return CribbageDisplay(
            stage=self._stage,
            names=self.names,
            dealer=view.dealer,
            hand=view.hand,
            opponent_hidden=view.opponent_hand_size,
            crib_hidden=view.crib_size,
            starter=view.starter,
            play=play,
            count=count,
            count_note=note,
            piles=piles,  # type: ignore[arg-type]
            your_turn=view.to_move == self.human,
            playable=legal_cards,
            result=result,
            hint_cards=hint_cards,
            focus=self._focus if self._focus in view.hand else None,
        )

    def _cut_display(self) -> CribbageDisplay:
        """The spread pack (or, after the cut for the deal, the two cards cut)."""
        match = self.match
        view = match.view(self.human)
        for_deal = bool(self._cut_result) or match.phase == DEAL_CUT
        your_cut = match.to_move() == self.human and not self._cut_result
        if for_deal:
            cards = self._cut_result or tuple(self._round_log) or self._tie
            title, spoken = crib_words.CUT_FOR_DEAL, crib_words.CUT_RULE
            if self._cut_result:
                title = crib_words.low_card_deals(self.speaker(match.dealer))
                spoken = " ".join(crib_words.cuts_text(self.speaker(seat), card)
                                  for seat, _depth, card in self._cut_result)
            return CribbageDisplay(
                stage=STAGE_CUT,
                names=self.names,
                dealer=view.dealer,
                deck_visible=False,
                show_title=title,
                spoken=spoken,
                your_turn=your_cut,
                continue_label=tr_ctx("button", "Deal") if self._cut_result else "",
                cut_pack=0 if self._cut_result else view.pack_size,
                cut_for_deal=True,
                cut_depths=self._cut_bounds() if your_cut else (0, view.pack_size),
                cut_focus=self._cut_focus if your_cut else None,
                cut_cards=cards,
                cut_commitment=view.cut_commitment,
            )
        return CribbageDisplay(
            stage=STAGE_CUT,
            names=self.names,
            dealer=view.dealer,
            hand=view.hand,
            opponent_hidden=view.opponent_hand_size,
            crib_hidden=view.crib_size,
            deck_visible=False,
            your_turn=your_cut,
            cut_pack=view.pack_size,
            cut_depths=self._cut_bounds() if your_cut else (0, view.pack_size),
            cut_focus=self._cut_focus if your_cut else None,
            cut_commitment=view.commitment,
        )

    def _show_display(self) -> CribbageDisplay:
        index = min(self._show_index, len(self._show_steps) - 1)
        step = self._show_steps[index] if self._show_steps else None
        done = self._show_index >= len(self._show_steps)
        starter = self._show_starter
        kept = self._show_kept
        crib = self._show_crib
        show_cards: tuple[Card, ...] = ()
        spoken = ""
        title = ""
        highlighted: frozenset[Card] = frozenset()
        if step is not None:
            show_cards = tuple(step.cards) + ((starter,) if starter else ())
            counted = len(step.items) if done else self._show_items
            shown_items = step.items[:counted]
            spoken = ShowScore(step.items).spoken_after(counted)
            if self._awaiting_count:
                spoken = ""
            if counted and shown_items:
                highlighted = frozenset(shown_items[-1].cards)
            title = crib_words.show_title(self.speaker(step.seat), step.what,
                                     None if self._awaiting_count else step.total)
        in_middle = set(show_cards)
        hand = tuple(c for c in kept.get(self.human, ()) if c not in in_middle)
        opponent = tuple(c for c in kept.get(self.bot_seat, ()) if c not in in_middle)
        crib_cards = tuple(c for c in crib if c not in in_middle)
        over = self.match.over and done
        label = "" if over or not done else tr("Next hand")
        return CribbageDisplay(
            stage=STAGE_OVER if over and self._stage == STAGE_OVER else STAGE_SHOW,
            names=self.names,
            dealer=self._show_dealer,
            hand=hand,
            opponent_shown=opponent,
            crib_shown=crib_cards,
            starter=None,
            show_cards=show_cards,
            show_title=title,
            spoken=spoken,
            highlighted=highlighted,
            continue_label=label,
            ask_count=self._awaiting_count,
            result=self.result() if self._stage == STAGE_OVER else None,
        )

    def result(self) -> GameResult | None:
        """How the finished match ended (None until it is over and shown)."""
        match = self.match
        if match.phase != OVER or match.winner is None or self._stage != STAGE_OVER:
            return None
        return GameResult(
            winner=match.winner,
            outcome=match.outcome() or "win",
            scores=(match.scores[0], match.scores[1]),
            game_points=match.game_points(),
        )
