"""High Card: a made-up third game, small enough to read at once, for the registry tests.

Each hand deals three cards to each of two players from a shuffled, committed deck; the players
take turns laying one card (the leader alternates by hand), and the higher card (rank, then suit
C < D < H < S) wins the hand. First to ``target`` hands wins the match. Everything the app needs
is here, in this one "package", registered with the engine and the GUI registries: no shared file
names the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.cards import SUITS, Card, card_text, parse_cards
from ginrummy_desktop.engine.deck import commitment, shuffled_deck, verify_commitment
from ginrummy_desktop.engine.replay import ReplayFrame, seat_names
from ginrummy_desktop.engine.rng import StableRandom
from ginrummy_desktop.engine.wire import (
    ObservationFields,
    action_to_wire,
    cards_to_wire,
    decoded_rules,
    seat_cards_to_wire,
)
from ginrummy_desktop.engine.wording import person

NAME = "highcard"
HAND_SIZE = 3


@dataclass(frozen=True)
class HighCardRules:
    target: int = 2  # hands to win the match

    def __post_init__(self) -> None:
        if type(self.target) is not int or not 1 <= self.target <= 9:
            raise ValueError("target must be a whole number from 1 to 9")

    def to_dict(self) -> dict[str, Any]:
        return {"target": self.target}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HighCardRules:
        if set(data) != {"target"}:
            raise ValueError("high card rules hold only a target")
        return cls(data["target"])


@dataclass(frozen=True)
class HighCardObservation:
    seat: int
    legal_actions: tuple[Action, ...]
    hand: tuple[Card, ...]
    played: tuple[tuple[int, Card], ...]
    scores: tuple[int, ...]
    hand_number: int
    rules: HighCardRules


def beats(card: Card, other: Card) -> bool:
    return (card.rank, SUITS.index(card.suit)) > (other.rank, SUITS.index(other.suit))


class HighCardMatch:
    num_seats = 2

    def __init__(self, rules: HighCardRules, seed: int | None = None) -> None:
        self.rules, self.seed = rules, seed or 0
        self.scores = [0, 0]
        self.records: list[dict[str, Any]] = []
        self.hand_number = -1
        self._deal()

    def _deal(self) -> None:
        self.hand_number += 1
        self.deck = shuffled_deck(StableRandom(self.seed * 1000 + self.hand_number))
        self.salt = f"{self.seed:08x}{self.hand_number:08x}"
        self.commitment = commitment(self.deck, self.salt)
        self.hands = [list(self.deck[:HAND_SIZE]), list(self.deck[HAND_SIZE:2 * HAND_SIZE])]
        self.plays: list[tuple[int, Card]] = []

    @property
    def leader(self) -> int:
        return self.hand_number % 2

    @property
    def over(self) -> bool:
        return max(self.scores) >= self.rules.target

    def to_move(self) -> int | None:
        if self.over:
            return None
        return self.leader if not self.plays else 1 - self.leader

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if self.to_move() != seat:
            return ()
        return tuple(Action("discard", card) for card in self.hands[seat])

    def observation(self, seat: int) -> HighCardObservation:
        return HighCardObservation(seat, self.legal_actions(seat), tuple(self.hands[seat]),
                                   tuple(self.plays), tuple(self.scores), self.hand_number,
                                   self.rules)

    def apply(self, seat: int, action: Action) -> None:
        if action not in self.legal_actions(seat):
            raise IllegalActionError(f"{action} is not a legal move for seat {seat}")
        assert action.card is not None  # every legal move lays a card
        self.hands[seat].remove(action.card)
        self.plays.append((seat, action.card))
        if len(self.plays) == 2:
            self._score()

    def _score(self) -> None:
        (first, first_card), (second, second_card) = self.plays
        winner = second if beats(second_card, first_card) else first
        self.scores[winner] += 1
        self.records.append({
            "game": NAME, "hand_number": self.hand_number, "rules": self.rules.to_dict(),
            "seats": [self.leader, 1 - self.leader], "dealer": 1 - self.leader,
            "deck": " ".join(map(str, self.deck)), "salt": self.salt,
            "commitment": self.commitment,
            "plays": [[seat, str(card)] for seat, card in self.plays],
            "result": {"winner": winner, "points": 1}, "scores": list(self.scores)})
        if not self.over:
            self._deal()

    def hand_records(self) -> list[dict[str, Any]]:
        return list(self.records)

    def snapshot(self) -> dict[str, Any]:
        moves = [play for record in self.records for play in record["plays"]]
        moves += [[seat, str(card)] for seat, card in self.plays]
        return {"game": NAME, "rules": self.rules.to_dict(), "seed": self.seed,
                "moves": moves, "deck": " ".join(map(str, self.deck)), "salt": self.salt,
                "commitment": self.commitment}

    @classmethod
    def restore(cls, data: dict[str, Any]) -> HighCardMatch:
        match = cls(HighCardRules.from_dict(data["rules"]), data["seed"])
        for seat, text in data["moves"]:
            match.apply(seat, Action("discard", Card.parse(text)))
        return match


class FirstCardBot:
    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, observation: HighCardObservation) -> Action:
        return observation.legal_actions[0]


def _replay(record: dict[str, Any]) -> list[tuple[int, Card]]:
    """The record's plays, checked against its committed deck; ``ValueError`` if they differ."""
    deck = parse_cards(record["deck"])
    if not verify_commitment(deck, record["salt"], record["commitment"]):
        raise ValueError("the deck does not match its commitment")
    leader, other = record["seats"]
    hands = {0: deck[:HAND_SIZE], 1: deck[HAND_SIZE:2 * HAND_SIZE]}  # by seat, as dealt
    plays = [(seat, Card.parse(text)) for seat, text in record["plays"]]
    if [seat for seat, _ in plays] != [leader, other]:
        raise ValueError("the players did not lay their cards in turn")
    for seat, card in plays:
        if card not in hands[seat]:
            raise ValueError(f"{card} was not in seat {seat}'s hand")
    return plays


class HighCardSpec:
    name = NAME
    title = "High Card"
    presets: Mapping[str, HighCardRules] = {"standard": HighCardRules(),
                                            "long": HighCardRules(target=5)}
    preset_titles = {"standard": "Best of three", "long": "Best of nine"}

    def game_lengths(self) -> dict[int, str]:  # picked by name, the long game a preset
        return {5: "five hands", 2: "two hands"}
    builtin_bots = {"first": FirstCardBot}
    observation_type = HighCardObservation

    def parse_rules(self, preset: str, overrides: Mapping[str, str]) -> HighCardRules:
        target = int(overrides.get("target", self.presets[preset].target))
        return HighCardRules(target)

    def num_seats(self, rules: HighCardRules) -> int:
        return 2

    def new_match(self, rules: HighCardRules, seed: int | None = None) -> HighCardMatch:
        return HighCardMatch(rules, seed)

    def restore(self, snapshot: dict[str, Any]) -> HighCardMatch:
        return HighCardMatch.restore(snapshot)

    def hand_number(self, session: Any) -> int:
        return session.hand_number

    def dealt_deck(self, session: Any) -> tuple[list[str], str, str] | None:
        return [str(card) for card in session.deck], session.salt, session.commitment

    def public_view(self, session: Any, seat: int) -> dict[str, Any]:
        return {"hands_won": list(session.scores)}

    def observation_to_wire(self, o: HighCardObservation) -> dict[str, Any]:
        return {"game": NAME, "seat": o.seat,
                "legal_actions": [action_to_wire(a) for a in o.legal_actions],
                "hand": cards_to_wire(o.hand), "played": seat_cards_to_wire(o.played),
                "scores": list(o.scores), "hand_number": o.hand_number,
                "rules": o.rules.to_dict()}

    def observation_from_wire(self, data: dict[str, Any]) -> HighCardObservation:
        fields = ObservationFields(data, "high card observation")
        observation = HighCardObservation(
            seat=fields.integer("seat"), legal_actions=fields.actions("legal_actions"),
            hand=fields.cards("hand"), played=fields.seat_cards("played"),
            scores=tuple(fields.integers("scores")), hand_number=fields.integer("hand_number"),
            rules=decoded_rules(HighCardRules.from_dict, fields.object("rules"),
                                "high card observation"))
        fields.finish()
        return observation

    def replay_frames(self, record: dict[str, Any],
                      names: dict[int, str] | None = None) -> list[ReplayFrame]:
        plays = _replay(record)
        leader, other = record["seats"]
        named = seat_names((leader, other), names)
        deck = parse_cards(record["deck"])
        hands = {0: list(deck[:HAND_SIZE]), 1: list(deck[HAND_SIZE:2 * HAND_SIZE])}
        laid: list[Card] = []

        def frame(step: int, text: str, actor: int | None = None,
                  card: Card | None = None) -> ReplayFrame:
            return ReplayFrame(step=step, seats=(leader, other), description=text,
                               hands=(tuple(hands[leader]), tuple(hands[other])),
                               discard_pile=tuple(laid), stock_count=52 - 2 * HAND_SIZE,
                               actor=actor, card=card)

        frames = [frame(0, f"Hand {record['hand_number'] + 1} is dealt")]
        for step, (seat, card) in enumerate(plays, start=1):
            hands[seat].remove(card)
            laid.append(card)
            frames.append(frame(step, person(named[seat], "You lay {card}", "{name} lays {card}",
                                             card=card_text(card)), seat, card))
        return frames

    def match_winners(self, session: Any) -> tuple[int, ...]:
        return tuple(seat for seat in (0, 1) if session.scores[seat] >= session.rules.target)

    def player_stats(self, records: Sequence[dict], seat: int) -> dict[str, int]:
        return {"hand_wins": sum(r["result"]["winner"] == seat for r in records)}

    def replay_record(self, record: dict) -> None:
        _replay(record)

    def match_score(self, mine: int, theirs: int) -> int:
        return 100 * (mine - theirs)  # storage keeps the best of the won matches

    review_thresholds = (0.5, 1.0, 1.0)  # a hand is won or lost: a wrong card is a blunder
    hands_numbered_from = 0  # records number hands from 0, as gin's do (shown from 1)
    has_stock = True  # the undealt cards lie face down beside the laid ones

    def review(self, record: dict[str, Any], seat: int) -> Any:
        """Each card ``seat`` laid, against the others it held: worth 1 if it wins the hand."""
        from ginrummy_desktop.engine.review.grades import HandReview, Option, decision, summarise

        plays = _replay(record)
        if seat not in record["seats"]:
            raise ValueError(f"seat {seat} did not play this hand")
        leader, other = record["seats"]
        deck = parse_cards(record["deck"])
        held = deck[HAND_SIZE * seat:HAND_SIZE * (seat + 1)]
        step, laid = next((i, card) for i, (s, card) in enumerate(plays, start=1) if s == seat)
        rival = plays[1 - (step - 1)][1]

        def wins(card: Card) -> float:
            return float(beats(card, rival) if seat == other else not beats(rival, card))

        options = [Option(card_text(card), wins(card), str(card)) for card in held]
        decisions = (decision(self.review_thresholds, step, seat, "lay", options, str(laid),
                              lambda best, chosen, loss: "a higher card wins" if loss else ""),)
        number = record["hand_number"]
        return HandReview(NAME, seat, number, decisions, summarise([(number, decisions)]))

    def practice(self, record: dict[str, Any], seat: int, step: int) -> HighCardMatch:
        """The match dealt afresh and played up to just before ``step`` of the hand."""
        match = HighCardMatch(HighCardRules.from_dict(record["rules"]), 0)
        match.hand_number, match.scores = record["hand_number"] - 1, [0, 0]
        match._deal()
        match.deck = parse_cards(record["deck"])
        match.hands = [list(match.deck[:HAND_SIZE]), list(match.deck[HAND_SIZE:2 * HAND_SIZE])]
        for played_by, text in record["plays"][: step - 1]:
            match.apply(played_by, Action("discard", Card.parse(text)))
        return match


SPEC = HighCardSpec()


class PracticeController:
    """The practice table's controller: holds the session; ``stop()`` ends it."""

    def __init__(self, session: HighCardMatch, seat: int) -> None:
        self.session, self.seat, self.stopped = session, seat, False

    def stop(self) -> None:
        self.stopped = True

    def hand_records(self) -> list[dict[str, Any]]:
        return self.session.hand_records()


class HighCardOpponent:
    """What the pickers and Preferences show of High Card's one bot."""

    bot_id, name = "first", "First Card"


def window_table(window: Any) -> Any:
    """High Card's table in the main window: a label with a status line and one key, built
    afresh for each game (gui/common/window_table.py's hooks)."""
    from PySide6.QtCore import QObject, Signal
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QLabel

    from ginrummy_desktop.gui.common.window_table import WindowTable

    class Status:
        def __init__(self) -> None:
            self.message = ""

        def show_message(self, text: str, _kind: str = "info") -> None:
            self.message = text

    class Controller(QObject):
        action_applied = Signal(int, object)
        match_over = Signal()

        def __init__(self, session: HighCardMatch) -> None:
            super().__init__()
            self.session, self.resigned, self.stopped = session, False, False

        def resign(self) -> bool:
            self.resigned = True
            return True

        def stop(self) -> None:
            self.stopped = True

    class Table(WindowTable):
        def __init__(self, window: Any) -> None:
            super().__init__(window)
            self.games = 0
            self.lay = QAction("&Lay the first card", window)

        def key_actions(self) -> list[QAction]:
            return [self.lay]

        def shortcuts(self) -> tuple[str, list[tuple[str, str, str]]]:
            return "Keyboard shortcuts: High Card", [("L", "Lay", "Lay your first card")]

        def no_undo(self) -> str:
            return "High Card has no undo: a card laid stays laid"

        def replay_source(self) -> tuple[Any, dict[int, str]]:
            return self.controller.session, {0: "You", 1: "First Card"}

        def start_default(self) -> None:
            self.start_again("first", None)

        def start_again(self, opponent: str, rules: str | None) -> None:
            window.new_match_started()
            self.games += 1
            label = QLabel(f"High Card game {self.games} against {opponent}", window)
            label.status = Status()  # type: ignore[attr-defined]
            label.controller = Controller(HighCardMatch(HighCardRules(), self.games))  # type: ignore[attr-defined]
            old, self.widget = self.widget, label
            window.install_table(NAME, label, old)

        def rematch(self) -> None:
            self.start_default()

    return Table(window)


def gui_registration() -> Any:
    """High Card's GUI: a New game dialog, one statistics figure, its review's source and
    practice table, its words in the Statistics window, its table in the main window and its
    opponent in Preferences (no online seat)."""
    from PySide6.QtWidgets import QDialog, QLabel

    from ginrummy_desktop.gui.game_registry import GuiGame, StatFigure, number_text

    def new_game_dialog(window: Any) -> QDialog:
        dialog = QDialog(window)
        dialog.setWindowTitle("New High Card game")
        window.dialogs.append(dialog)
        dialog.open()
        return dialog

    def hands_per_match(f: Any) -> str:
        return number_text(f.hands_played / f.matches_played if f.matches_played else None)

    def practice_table(table: Any) -> QLabel:
        label = QLabel(f"High Card from step {len(table.session.plays) + 1}", table.parent)
        label.controller = PracticeController(table.session, table.seat)  # type: ignore[attr-defined]
        return label

    def review_source(controller: Any) -> tuple[Any, dict[int, str], int, str | None]:
        return controller.session, {controller.seat: "You", 1 - controller.seat: "First"}, \
            controller.seat, "first"

    def record_result(line: Any, name_of: Any) -> str:
        return f"{name_of(line.winner_seat)} took the hand"

    def hand_outcome(hand: Any, opponent: str, players: Any) -> str | None:
        return "You laid the higher card" if hand.winner == "player" else None

    return GuiGame(name=NAME, title="High Card", new_game_label="New &High Card Game…",
                   new_game_dialog=new_game_dialog,
                   statistics_figures=(StatFigure("highcard_hands", "Hands per match",
                                                  hands_per_match),),
                   review_source=review_source, practice_table=practice_table,
                   record_result=record_result,
                   record_ending=lambda line: "Higher card",
                   hand_outcome=hand_outcome,
                   window_table=window_table, opponent_label="High Card opponent",
                   opponents=lambda: ([HighCardOpponent()], "first"),
                   start_against=lambda window, bot_id: window.tables[NAME].start_again(
                       bot_id, None))
