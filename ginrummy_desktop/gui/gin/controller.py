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
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, Signal

from ginrummy_desktop.engine import cards
from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.cards import SUITS, Card, parse_cards
from ginrummy_desktop.engine.gin.match import GinMatch
from ginrummy_desktop.engine.gin.melds import best_arrangement, min_deadwood
from ginrummy_desktop.engine.gin.observation import GinView
from ginrummy_desktop.engine.gin.results import (
    HandResult,
    describe_hand,
    ending_text,
    partner_table_text,
    sits_out_text,
    team_name,
)
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS, GinRules, preset_title
from ginrummy_desktop.engine.translation import mark, tr, tr_ctx
from ginrummy_desktop.engine.wording import YOU, is_you, names_together, person
from ginrummy_desktop.gui.gin import opponents as gin_opponents
from ginrummy_desktop.gui.gin.display import GinTableModel, RevealedRow, meld_kind
from ginrummy_desktop.gui.gin.table import GinTable
from ginrummy_desktop.gui.gin.table_layout import ZONE_DISCARD, ZONE_HAND, ZONE_KNOCK
from ginrummy_desktop.gui.table.animation import Animator
from ginrummy_desktop.gui.table.background import Background
from ginrummy_desktop.gui.table.layout import insertion_index
from ginrummy_desktop.gui.table.seats import BotPlayer, LocalPerson, Player
from ginrummy_desktop.gui.table.turn_loop import TurnLoop

HUMAN = 0  # the person's seat, in every format
BOT = 1  # the first computer seat (the only one in two-player gin)
DRAW_KINDS = ("draw_stock", "draw_discard")
OUT_KINDS = ("knock", "gin", "big_gin")
SORTS = ("rank", "suit", "melds")
# What the status line says after a sort, by sort (``tr`` where shown).
SORTED_TEXT = {"rank": mark("Sorted by rank"), "suit": mark("Sorted by suit"),
               "melds": mark("Sorted by melds")}


def sort_cards(cards: list[Card] | tuple[Card, ...], how: str) -> list[Card]:
    """Order a hand by rank, by suit, or melds first (grouped) and deadwood last, highest last."""
    if how == "rank":
        return sorted(cards, key=lambda c: (c.rank, SUITS.index(c.suit)))
    if how == "suit":
        return sorted(cards, key=lambda c: (SUITS.index(c.suit), c.rank))
    if how == "melds":
        arrangement = best_arrangement(list(cards))
        ordered: list[Card] = []
        for meld in sorted(arrangement.melds, key=lambda m: (SUITS.index(m[0].suit), m[0].rank)):
            ordered.extend(sorted(meld, key=lambda c: (c.rank, SUITS.index(c.suit))))
        ordered.extend(sorted(arrangement.deadwood,
                              key=lambda c: (c.points, c.rank, SUITS.index(c.suit))))
        return ordered
    raise ValueError(f"unknown sort {how!r}; choose rank, suit or melds")


def keep_melds_together(order: list[Card], melds: tuple[tuple[Card, ...], ...] | list
                        ) -> list[Card]:
    """``order`` with each meld's cards pulled together where its first card stands (in the
    meld's own order), so an automatically sorted hand shows every meld as one group."""
    meld_of = {card: i for i, meld in enumerate(melds) for card in meld}
    placed: set[int] = set()
    grouped: list[Card] = []
    for card in order:
        index = meld_of.get(card)
        if index is None:
            grouped.append(card)
        elif index not in placed:
            placed.add(index)
            members = set(melds[index])
            grouped.extend(c for c in order if c in members)
    return grouped


def auto_sorted(cards: list[Card] | tuple[Card, ...], how: str) -> list[Card]:
    """The automatic sort: ``sort_cards`` with the best arrangement's melds kept together."""
    ordered = sort_cards(cards, how)
    if how == "melds" or not ordered:
        return ordered
    return keep_melds_together(ordered, best_arrangement(list(ordered)).melds)


def card_text(card: Card | None) -> str:
    """The engine's ``J♣`` for a card; "a card" for one the person may not see."""
    return tr("a card") if card is None else cards.card_text(card)


def shown_name(name: str) -> str:
    """A name as a label shows it: the person without a profile name (``"You"``, the name
    kept in records) in the chosen language, anyone else as named."""
    return tr("You") if is_you(name) else name


@dataclass
class _Undo:
    snapshot: dict[str, Any]
    hand_order: list[Card]
    drawn: Card | None
    locked: Card | None
    log_length: int = 0  # how many moves the move log held before the move


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

    def snapshot(self) -> dict[str, Any]:
        """Match plus table state (hand order), JSON-ready, for autosave."""
        assert self.session is not None
        return {"game": "gin", "match": self.session.snapshot(),
                "hand_order": [str(c) for c in self.hand_order],
                "opponent": self.setup.opponent, "preset": self.setup.preset,
                "others": list(self.setup.seat_bots(self.players).values())[1:],
                "practice": self.setup.practice, "undo_used": self.undo_used,
                "table": self._table_state()}

    def _table_state(self) -> dict[str, Any]:
        """What the table shows beyond the match: the NEW/KEEP marks and, in practice games,
        the undo history (SEEN comes from the match itself)."""
        def card(value: Card | None) -> str | None:
            return None if value is None else str(value)
        return {"drawn": card(self.drawn), "locked": card(self.locked),
                "undo": [{"match": entry.snapshot, "hand_order": [str(c) for c in entry.hand_order],
                          "drawn": card(entry.drawn), "locked": card(entry.locked)}
                         for entry in self._undo]}

    def restore_table(self, state: dict[str, Any] | None) -> None:
        """Put back ``_table_state()`` after ``start`` of a restored match (an autosave from
        before the marks were kept has none: the table starts unmarked, as it did)."""
        if not state:
            return
        hand = set(self.view().hand)

        def card(text: Any) -> Card | None:
            if text is None:
                return None
            (value,) = parse_cards([text])
            return value
        try:
            drawn, locked = card(state.get("drawn")), card(state.get("locked"))
            undo = [_Undo(entry["match"], parse_cards(entry["hand_order"]),
                          card(entry["drawn"]), card(entry["locked"]))
                    for entry in (state.get("undo", []) if self.undo_on else [])]
            for entry in undo:
                GinMatch.restore(entry.snapshot)  # refuse a damaged entry now, not at undo
        except (KeyError, TypeError, ValueError, AttributeError):
            return  # the match itself resumed; only its marks and undo are dropped
        self.drawn = drawn if drawn in hand else None
        self.locked = locked if locked in hand else None
        self._undo = undo
        self._refresh()

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

    # -- what the table shows --------------------------------------------------------------

    def _refresh(self, deal: bool = False, animate: bool = True) -> None:
        if self.fast_forward and self.watching:
            animate = deal = False  # skipping ahead: the cards jump to where they go
        self.table.show(self.build_model(), animate=animate, deal=deal)
        self.changed.emit()

    def build_model(self) -> GinTableModel:
        view = self.view()
        if self.reveal is not None:
            return self._reveal_model(self.reveal)
        legal = view.legal_actions
        kinds = {a.kind for a in legal}
        hand = list(view.hand)
        arrangement = best_arrangement(hand) if hand else None
        accepting = set()
        if "discard" in kinds or kinds & set(OUT_KINDS):
            accepting.add(ZONE_DISCARD)
        if kinds & set(OUT_KINDS):
            accepting.add(ZONE_KNOCK)
        if kinds & set(DRAW_KINDS):
            accepting.add(ZONE_HAND)
        accepting.add(ZONE_HAND)  # reordering is always allowed
        top_hidden = view.opponent_hand_size - len(view.known_opponent_cards)
        top_known = view.known_opponent_cards
        bottom_hidden = 0
        bottom_known: tuple[Card, ...] = ()
        top_name, bottom_name = shown_name(self.name_of(view.opponent)), ""
        if self.watching:  # both players' hands face down, their pile cards face up
            top_known, bottom_known = view.known_cards
            top_hidden = view.hand_sizes[0] - len(top_known)
            bottom_hidden = view.hand_sizes[1] - len(bottom_known)
            top_name, bottom_name = (shown_name(self.name_of(s)) for s in view.in_hand)
        if self.players == 2:
            top_name = bottom_name = ""  # one opponent: the score panel names them
        return GinTableModel(
            hand_order=tuple(self.hand_order),
            melds=arrangement.melds if arrangement else (),
            deadwood_points=arrangement.deadwood_points if arrangement else 0,
            opponent_hidden=top_hidden,
            opponent_known=top_known,
            bottom_hidden=bottom_hidden,
            bottom_known=bottom_known,
            top_name=top_name,
            bottom_name=bottom_name,
            discard_pile=view.discard_pile,
            stock_size=view.stock_size,
            drawn=self.drawn,
            locked=self.locked,
            selected=self.selected,
            accepting=frozenset(accepting),
            stock_draggable="draw_stock" in kinds,
            discard_draggable="draw_discard" in kinds,
            fan_discard=self.fan_discard,
            # After resigning, the panel over the middle says the score: the piles and the
            # score panel would only show around (or through) its edges.
            show_piles=not self.resigned,
            knock_label=self.knock_label(),
            score_title=self._score_title(),
            score_lines=tuple(self._score_lines(view, arrangement)),
            commitment=view.commitment,
        )

    def _score_title(self) -> str:
        rules = self.rules
        # Translators: the score panel's title: the rules preset and the match target.
        return tr("{preset} · to {target}").format(preset=preset_title(rules.preset),
                                                    target=rules.target)

    def _score_lines(self, view: GinView, arrangement: Any) -> list[tuple[str, str, bool]]:
        dealer = view.dealer
        lines: list[tuple[str, str, bool]] = []
        if self.players == 4:  # team scores; the person's table is named below
            for side, members in enumerate(self.sides()):
                moving = view.to_move in members
                lines.append((("● " if moving else "") + self.side_name(side),
                              str(view.scores[members[0]]), True))
            if view.opponent is not None:
                lines.append((tr("Your table"), tr("vs {name}").format(
                    name=shown_name(self.name_of(view.opponent))), False))
        else:
            for seat in range(self.players):
                name = shown_name(self.name_of(seat))
                if seat in view.sitting_out:
                    # Translators: the score panel: a player who sits out this hand.
                    name = tr("{name}  (out)").format(name=name)
                elif dealer == seat and self.players == 2:
                    name = tr("{name}  (dealer)").format(name=name)
                lines.append((("● " if view.to_move == seat else "") + name,
                              str(view.scores[seat]), True))
        lines.append((tr("Knock limit"), tr("gin only") if view.knock_limit == 0
                      else str(view.knock_limit), False))
        if arrangement is not None:
            if len(view.hand) == 11:
                lines.append((tr("Deadwood after discard"), str(min_deadwood(list(view.hand))),
                              False))
            else:
                lines.append((tr("Your deadwood"), str(arrangement.deadwood_points), False))
        deals = getattr(self.session, "deals_scored", None)
        if self.players == 4 and deals is not None:  # a deal is two tables' hands
            # Translators: the score panel: the number of the deal in play.
            lines.append((tr_ctx("score panel", "Deal"), str(deals + 1), False))
        else:
            # Translators: the score panel: the number of the hand in play.
            lines.append((tr_ctx("score panel", "Hand"), str(view.hand_number + 1), False))
        if self.setup.practice:  # undo is allowed and the match is not counted as rated
            lines.append((tr("Practice game"), tr("undo on"), True))
        return lines

    def knock_label(self) -> str:
        kinds = {a.kind for a in self.view().legal_actions} if self.session else set()
        if "big_gin" in kinds:
            return tr("Big Gin!")
        if "gin" in kinds:
            return tr("Gin! Drop a card here")
        if "knock" in kinds:
            return tr("Knock: drop your discard here")
        return tr("Knock area")

    def _reveal_model(self, result: HandResult) -> GinTableModel:
        hands = {h.seat: h for h in result.hands}
        # The person's cards at the bottom; a hand they watched shows its dealer there.
        bottom_seat = HUMAN if HUMAN in hands else result.hands[-1].seat
        top_seat = next((h.seat for h in result.hands if h.seat != bottom_seat), bottom_seat)
        mine, theirs = hands.get(bottom_seat), hands.get(top_seat)

        def row(hand: Any, knocker_hand: Any | None) -> RevealedRow:
            if hand is None:
                return RevealedRow((), 0)
            groups = [list(m) for m in hand.melds]
            laid: set[Card] = set()
            if knocker_hand is None:  # this is the knocker: append the defender's lay-offs
                other = theirs if hand is mine else mine
                for card, index in (other.layoffs if other else ()):
                    if 0 <= index < len(groups):
                        groups[index].append(card)
                        laid.add(card)
                groups = [sorted(g, key=lambda c: (c.rank, SUITS.index(c.suit))) for g in groups]
            laid_off = {c for c, _ in hand.layoffs}
            deadwood = [c for c in hand.deadwood if c not in laid_off]
            # Translators: a meld's label at the end of a hand when the defender laid off on it.
            labels = tuple(tr("{meld} + lay-off").format(meld=meld_kind(g)) if laid & set(g)
                           else meld_kind(g) for g in groups)
            return RevealedRow(tuple(tuple(g) for g in groups) + (tuple(deadwood),),
                               len(groups), frozenset(laid), labels)

        knocker = result.knocker
        knocker_hand = None if knocker is None else hands.get(knocker)
        top = row(theirs, None if knocker == top_seat else knocker_hand)
        bottom = row(mine, None if knocker == bottom_seat else knocker_hand)
        if result.kind == "draw":
            top = RevealedRow((tuple(theirs.cards),) if theirs else (), 0)
            bottom = RevealedRow((tuple(mine.cards),) if mine else (), 0)
        several = self.players > 2
        return GinTableModel(reveal_top=top, reveal_bottom=bottom, show_piles=False,
                             score_title=self._score_title(),
                             top_name=shown_name(self.name_of(top_seat)) if several else "",
                             bottom_name=shown_name(self.name_of(bottom_seat)) if several
                             else "")

    # -- player input ----------------------------------------------------------------------

    def play(self, action: Action) -> bool:
        """Apply the player's action; on refusal show why and spring the table back."""
        if self.session is None or self.reveal is not None:
            return False
        if self.session.over or self.resigned:
            self._refuse(tr("the match is over: start a rematch or a new match from the Game "
                            "menu"))
            return False
        if self.session.to_move() != HUMAN:
            if self.watching:
                self._refuse(tr("{watching} (Space skips ahead)").format(
                    watching=self._watch_text()))
            else:
                self._refuse(tr("it is {name}'s turn: wait for their move").format(
                    name=self.name_of(self.session.to_move())))
            return False
        before = self.session.snapshot() if self.undo_on else None
        old_hand = set(self.view().hand)
        undo = _Undo(before, list(self.hand_order), self.drawn, self.locked,
                     len(self.moves)) if before else None

        def played() -> None:  # at once offline; online when the referee confirms the move
            if undo is not None:
                self._undo.append(undo)
            self.selected = None
            self.last_hint = None
            self._after_move(HUMAN, action, old_hand)
            self.action_applied.emit(HUMAN, action)
        try:
            self.loop.play(HUMAN, action, then=played)
        except IllegalActionError as error:
            self._refuse(str(error))
            return False
        self.changed.emit()
        return True

    def _refuse(self, reason: str) -> None:
        text = reason[:1].upper() + reason[1:]
        self.message.emit(text, "warning")
        self.table.refresh()

    def _by_kind(self, kind: str) -> Action:
        """The legal action of ``kind`` (the engine may name the card, e.g. the pile's top);
        when there is none, a bare action that the engine will refuse with its reason."""
        if self.session is not None:
            for action in self.view().legal_actions:
                if action.kind == kind:
                    return action
        return Action(kind)

    def draw_stock(self) -> bool:
        return self.play(self._by_kind("draw_stock"))

    def draw_discard(self) -> bool:
        return self.play(self._by_kind("draw_discard"))

    def pass_upcard(self) -> bool:
        return self.play(self._by_kind("pass"))

    def discard(self, card: Card) -> bool:
        return self.play(Action("discard", card))

    def knock(self, card: Card | None = None) -> bool:
        """Knock (or gin / big gin, whichever is legal) discarding ``card``.

        Without a card, the discard that leaves the least deadwood is chosen among the legal
        knocks, using the meld solver.
        """
        if self.session is None:
            return False
        legal = self.view().legal_actions
        if any(a.kind == "big_gin" for a in legal) and card is None:
            return self.play(self._by_kind("big_gin"))
        outs = [a for a in legal if a.kind in ("gin", "knock")]
        if card is None:
            if not outs:
                reason = tr("you can knock only after drawing, with deadwood at or under the "
                            "knock limit ({limit})").format(limit=self.view().knock_limit)
                self._refuse(reason)
                return False
            hand = list(self.view().hand)
            best = min(outs, key=lambda a: (a.kind != "gin", min_deadwood(
                [c for c in hand if c != a.card])))
            return self._knock_if_confirmed(best)
        for kind in ("gin", "knock"):
            if Action(kind, card) in legal:
                return self._knock_if_confirmed(Action(kind, card))
        return self.play(Action("knock", card))  # the engine explains why not

    def _knock_if_confirmed(self, action: Action) -> bool:
        if action.kind == "knock" and self.confirm_knock is not None \
                and not self.confirm_knock(action):
            self.message.emit(tr("You did not knock: play on"), "info")
            self.table.refresh()
            return False
        return self.play(action)

    def select(self, card: Card | None) -> None:
        self.selected = None if card == self.selected else card
        self._refresh()

    def move_selection(self, step: int) -> None:
        if not self.hand_order:
            return
        if self.selected not in self.hand_order:
            index = 0 if step > 0 else len(self.hand_order) - 1
        else:
            index = (self.hand_order.index(self.selected) + step) % len(self.hand_order)
        self.selected = self.hand_order[index]
        self._refresh()

    def shift_selected(self, step: int) -> None:
        """Move the selected card left or right within the hand (keyboard reordering)."""
        if self.selected not in self.hand_order:
            return
        index = self.hand_order.index(self.selected)
        target = max(0, min(len(self.hand_order) - 1, index + step))
        self.reorder(self.selected, target)

    def discard_selected(self) -> bool:
        if self.selected is None:
            self.message.emit(tr("Select a card first: use the arrow keys or click a card"),
                              "info")
            return False
        return self.discard(self.selected)

    def reorder(self, card: Card, index: int) -> None:
        if card not in self.hand_order:
            return
        self.hand_order.remove(card)
        self.hand_order.insert(max(0, min(index, len(self.hand_order))), card)
        self._refresh()

    def sort_hand(self, how: str) -> None:
        # With auto-sort on, a chosen sort keeps melds together too (it is the sort to come).
        self.hand_order = (auto_sorted if self.auto_sort else sort_cards)(self.hand_order, how)
        self.sort_how = how
        self._refresh()
        self.message.emit(tr(SORTED_TEXT[how]), "info")

    def toggle_fan(self) -> None:
        self.fan_discard = not self.fan_discard
        self._refresh()

    def drop(self, item: Any, zone: str, centre_x: float) -> None:
        """A card was dragged and released over ``zone`` (or nowhere)."""
        key = item.key
        if self.reveal is not None:
            self.table.refresh()
            return
        in_hand = isinstance(key, Card) and key in self.hand_order
        from_stock = isinstance(key, tuple) and key[:1] == ("stock",)
        from_pile = isinstance(key, Card) and key in self.view().discard_pile
        if in_hand and zone == ZONE_DISCARD:
            self.discard(key)
        elif in_hand and zone == ZONE_KNOCK:
            self.knock(key)
        elif in_hand and zone == ZONE_HAND:
            centres = [x for c, x in zip(self.hand_order, self.table.hand_centres(),
                                         strict=False) if c != key]
            self.reorder(key, insertion_index(centres, centre_x))
        elif from_stock and zone == ZONE_HAND:
            self.draw_stock()
        elif from_pile and zone == ZONE_HAND:
            self.draw_discard()
        else:
            self.message.emit(tr("Drop cards on the discard pile, the knock area or your hand"),
                              "info")
            self.table.refresh()

    def accepts(self, zone: str, item: Any) -> bool:
        """May this dragged card go to ``zone`` now? Asked of the engine's legal actions, per
        card, while dragging (the zone lights up only then)."""
        if self.session is None:
            return False
        key = item.key
        in_hand = isinstance(key, Card) and key in self.hand_order
        if zone == ZONE_HAND and in_hand:
            return True  # reordering is always allowed
        if self.reveal is not None or self.resigned:
            return False
        legal = self.view().legal_actions
        if in_hand and zone == ZONE_DISCARD:
            return Action("discard", key) in legal
        if in_hand and zone == ZONE_KNOCK:
            return Action("knock", key) in legal or Action("gin", key) in legal
        if zone == ZONE_HAND and isinstance(key, tuple) and key[:1] == ("stock",):
            return any(a.kind == "draw_stock" for a in legal)
        if zone == ZONE_HAND and isinstance(key, Card) and key in self.view().discard_pile:
            return any(a.kind == "draw_discard" for a in legal)
        return False

    def click(self, item: Any) -> None:
        key = item.key
        if self.reveal is not None:
            return
        view = self.view()
        if isinstance(key, tuple) and key[:1] == ("stock",):
            self.draw_stock()
        elif isinstance(key, Card) and view.discard_pile and key == view.discard_pile[-1] \
                and key not in self.hand_order:
            if self.fan_discard:
                self.toggle_fan()
            else:
                self.draw_discard()
        elif isinstance(key, Card) and key in view.discard_pile:
            self.toggle_fan()
        elif isinstance(key, Card) and key in self.hand_order:
            self.select(key)

    def double_click(self, item: Any) -> None:
        if isinstance(item.key, Card) and item.key in self.hand_order:
            self.discard(item.key)

    def resign(self) -> bool:
        """End the match now as the person's loss (``match_over`` records it)."""
        if self.session is None or self.session.over or self.resigned:
            return False
        self.stop()
        self.resigned = True
        self.reveal = None
        self.selected = None
        self._refresh()
        self.prompt.emit(self.resign_text(), "info")
        self.match_over.emit()
        return True

    def resign_text(self) -> str:
        """"You resigned: Ada wins the match" (partnerships: the other team wins; three
        players: nobody else is named the winner)."""
        if self.players == 3:
            return tr("You resigned the match")
        other = 1 - self.person_side()
        if len(self.sides()[other]) > 1:
            return tr("You resigned: {team} win the match").format(team=self.side_name(other))
        return tr("You resigned: {name} wins the match").format(name=self.side_name(other))

    # -- undo and hints ------------------------------------------------------------------

    @property
    def undo_on(self) -> bool:
        """Whether this match may take moves back (practice, or the Preferences option
        against the computer)."""
        return self.setup.practice or (self.undo_allowed and bool(self.bots))

    @property
    def can_undo(self) -> bool:
        return self.undo_on and bool(self._undo) and self.reveal is None

    def undo(self) -> bool:
        if not self.undo_on:
            self.message.emit(tr("Undo is available in practice games only"), "warning")
            return False
        if not self._undo or self.reveal is not None:
            self.message.emit(tr("Nothing to undo in this hand"), "warning")
            return False
        entry = self._undo.pop()
        self.background.cancel()
        self.session = GinMatch.restore(entry.snapshot)
        self.loop.attach(self.session, self.loop.seats)
        self.hand_order, self.drawn, self.locked = entry.hand_order, entry.drawn, entry.locked
        self.selected = None
        del self.moves[entry.log_length:]  # the moves taken back leave the log too
        self.moves_changed.emit()
        self.last_hint = None
        self.undo_used = True
        self._refresh()
        self.message.emit(tr("Took back your last move (this match is marked as played with "
                             "undo)"), "info")
        self._schedule_bot()
        return True

    def request_hint(self) -> None:
        if not self.setup.hints:
            self.message.emit(tr("Hints are off in rated games"), "warning")
            return
        if self.session is None or self.view().to_move != HUMAN or self.reveal is not None:
            self.message.emit(tr("A hint is available when it is your turn"), "info")
            return
        observation = self.session.observation(HUMAN)
        if self._hint_op is not None:
            self.background.forget(self._hint_op)
        self._hint_op = self.background.run(lambda: gin_opponents.hint(observation),
                                            self._hint_ready, self._hint_failed)
        self.message.emit(tr("Thinking about a hint…"), "info")

    def _hint_ready(self, hint: tuple[Action, str]) -> None:
        self._hint_op = None
        action, reason = hint
        self.last_hint = (action, reason)
        self.message.emit(reason, "hint")
        self.changed.emit()  # "Use this hint" is offered

    def use_hint(self) -> bool:
        """"Use this hint": the hinted card is selected (Enter discards it, K knocks with it),
        or the hinted draw or pass is made. The person still makes every discard."""
        hint = self.last_hint
        if hint is None or self.session is None or self.view().to_move != HUMAN \
                or self.reveal is not None:
            self.message.emit(tr("Ask for a hint first (H)"), "info")
            return False
        action = hint[0]
        if action.card is not None and action.card in self.hand_order \
                and action.kind in ("discard", *OUT_KINDS):
            self.selected = action.card
            self._refresh()
            text = tr("{card} is selected: press K to knock") if action.kind in OUT_KINDS \
                else tr("{card} is selected: press Enter to discard it")
            self.message.emit(text.format(card=card_text(action.card)), "info")
            return True
        return self.play(action)

    def _hint_failed(self, reason: str) -> None:
        self._hint_op = None
        self.message.emit(tr("No hint this time ({reason})").format(reason=reason), "info")

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

    def _describe(self, seat: int, action: Action) -> str:
        who = self.name_of(seat, you=True)
        if action.kind == "draw_stock":
            if seat == HUMAN and self.drawn is not None:
                return tr("You drew {card} from the stock").format(card=card_text(self.drawn))
            return person(who, tr("You drew from the stock"), tr("{name} drew from the stock"))
        if action.kind == "draw_discard":
            view = self.view()
            known = view.known_opponent_cards
            if seat in view.in_hand and view.known_cards:
                known = view.known_cards[view.in_hand.index(seat)]
            pile_card = self.drawn if seat == HUMAN else next(iter(known[-1:]), None)
            return person(who, tr("You took {card} from the discard pile"),
                          tr("{name} took {card} from the discard pile"),
                          card=card_text(pile_card))
        if action.kind == "pass":
            return person(who, tr("You passed on the upcard"), tr("{name} passed on the upcard"))
        if action.kind == "discard":
            return person(who, tr("You discarded {card}"), tr("{name} discarded {card}"),
                          card=card_text(action.card))
        return ending_text(action.kind, who)  # knock, gin, big gin: "Ada knocked"

    def _announce(self, seat: int | None = None, action: Action | None = None) -> None:
        if self.session is None:
            return
        view = self.view()
        described = ""
        if action is not None and seat is not None:
            described = self._describe(seat, action)
            self._log(described)

        def after_move(text: str) -> str:  # "Ada discarded 7♥. Your turn: ..."
            # Translators: the move just made, then what happens now.
            return tr("{move}. {now}").format(move=described, now=text) if described else text
        if view.match_over:
            return
        if self.watching:
            watching = self._watch_text()
            if not self.fast_forward:
                watching = tr("{watching} (Space skips ahead)").format(watching=watching)
            self.prompt.emit(after_move(watching), "info")
            return
        if view.to_move != HUMAN:
            self.prompt.emit(after_move(tr("{name} is thinking…").format(
                name=self.name_of(view.to_move))), "info")
            return
        kinds = {a.kind for a in view.legal_actions}
        upcard = card_text(view.discard_pile[-1] if view.discard_pile else None)
        if "pass" in kinds:
            text = tr("Take the upcard {card} (D) or pass (P)?").format(card=upcard)
        elif kinds & set(DRAW_KINDS):
            text = tr("Your turn: draw from the stock (S) or take {card} from the discard pile "
                      "(D)").format(card=upcard)
        elif "big_gin" in kinds:
            text = tr("Big gin is yours: press K")
        elif "gin" in kinds:
            text = tr("You can go gin: drop your discard on the knock area (K)")
        elif "knock" in kinds:
            text = tr("You may knock (K), or discard to play on")
        else:
            text = tr("Discard: drag a card to the pile, double-click it, or select it and Enter")
        self.prompt.emit(after_move(text), "turn")

    def _log(self, line: str) -> None:
        self.moves.append(line)
        self.moves_changed.emit()

    def _watch_text(self) -> str:
        """What the person watches: "You sit out this hand: Ada and Bo play"."""
        players = [self.name_of(seat, you=True) for seat in self.view().in_hand]
        if self.players == 4:
            return partner_table_text(players)
        return sits_out_text(YOU, players)

    def _hand_ended(self, record: dict[str, Any]) -> None:
        """A hand record arrived: show the result, or (a partnership's first table) keep the
        person's result on the felt while the other table is played."""
        assert self.session is not None
        result = self.session.last_result
        if self.partner_table_running:
            if record.get("table") == 0:
                self._watch_partner_table()
            return  # the other table's dead hand: it is dealt again and played on
        if self.players == 4 and record.get("table") == 1 and self.my_table is not None:
            self.deal_results = (self.my_table, result) if result is not None else ()
            self.reveal = None
            self._show_hand_result(self.my_table)
            return
        self.deal_results = (result,) if result is not None else ()
        self._show_hand_result(result)

    def deal_outcome_text(self, last: bool = False) -> str:
        """What the partnership deal just shown scored, from the engine's team scores:
        "This deal: you and Bo score 12", or "This deal: no score, the tables cancel out"
        (``last``: "Last deal: ...", under the match-over panel)."""
        scores = self.view().scores
        for members in self.sides():
            before = self.deal_start_scores[members[0]] if self.deal_start_scores else 0
            gained = scores[members[0]] - before
            if not gained:
                continue
            if HUMAN in members:
                partner = next((self.name_of(seat) for seat in members if seat != HUMAN), "?")
                text = tr("Last deal: you and {partner} score {points}") if last \
                    else tr("This deal: you and {partner} score {points}")
                return text.format(partner=partner, points=gained)
            team = names_together([self.name_of(seat, you=True) for seat in members])
            text = tr("Last deal: {team} score {points}") if last \
                else tr("This deal: {team} score {points}")
            return text.format(team=team, points=gained)
        return tr("Last deal: no score, the two tables cancel out") if last \
            else tr("This deal: no score, the two tables cancel out")

    def _watch_partner_table(self) -> None:
        """Show the person's table result while the loop plays the other table unpaced."""
        assert self.session is not None
        self.my_table = self.session.table_results[0]
        self.deal_start_scores = self.view().scores  # the deal is scored after both tables
        self.reveal = self.my_table
        self.fast_forward = True
        self.drawn = self.locked = self.selected = None
        self._refresh()
        mine = describe_hand(self.my_table, self.seat_names(you=True))
        self.prompt.emit(tr("Your table: {result}. {others}…").format(
            result=mine, others=self._watch_text()), "info")
        self._schedule_bot()

    def _show_hand_result(self, result: HandResult | None) -> None:
        if result is None:
            return
        self.reveal = result
        self.drawn = self.locked = self.selected = None
        self.fan_discard = False
        self._refresh()
        self.hand_over.emit(result)
        if self.session is not None and self.session.over:
            self.match_over.emit()

    def continue_after_hand(self) -> None:
        """The player dismissed the end-of-hand panel: deal the next hand."""
        if self.reveal is None or self.session is None or self.session.over:
            return
        self.reveal = None
        self.my_table = None
        self.deal_results = ()
        self.hand_order = []
        self._begin_hand(deal=True)

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
