"""The headless match runner shared by every game (``ginrummy-sim`` and the benchmarks).

``run_matches`` plays matches between agents through the game's ``MatchSession``, times every
decision, turns a misbehaving bot into a recorded forfeit (never a crash), optionally writes
hand records as JSON lines and returns a ``RunReport``. Everything in the report except the
timing figures is a pure function of (game, rules, players, seed, matches).
"""

from __future__ import annotations

import hashlib
import json
import os
import queue
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from ginrummy_desktop.engine.actions import IllegalActionError
from ginrummy_desktop.engine.deck import verify_commitment
from ginrummy_desktop.engine.protocol import Agent, GameSpec
from ginrummy_desktop.engine.registry import get_game, load_object

MATCH_SUMMARY = "match_summary"  # the ``kind`` of the per-match lines in a records file


# ----------------------------------------------------------------------------- agents
def load_agent_factory(spec: GameSpec, text: str) -> Callable[..., Agent]:
    """A built-in bot id, or ``package.module:Class`` importable from the current directory."""
    if text in spec.builtin_bots:
        return spec.builtin_bots[text]
    if ":" not in text:
        known = ", ".join(sorted(spec.builtin_bots))
        raise ValueError(
            f"unknown {spec.name} bot {text!r} (built-in: {known}; or package.module:Class)"
        )
    if os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        factory = load_object(text)
    except ImportError as error:
        raise ValueError(f"cannot import bot {text!r}: {error}") from None
    if not callable(factory):
        raise ValueError(f"bot {text!r} is not a class or factory")
    return factory  # type: ignore[return-value]


def make_agent(factory: Callable[..., Agent], seed: int) -> Agent:
    """Construct with ``seed=`` when the bot accepts it, else with no arguments.

    A bot that cannot be built is not a crash: it becomes an agent that forfeits at its
    first decision, with the construction error as the reason.
    """
    try:
        try:
            agent = factory(seed=seed)
        except TypeError:
            agent = factory()
    except (Exception, SystemExit) as error:  # the bot's own fault, reported as a forfeit
        return _BrokenAgent(f"could not be constructed: {type(error).__name__}: {error}")
    if not callable(getattr(agent, "choose", None)):
        return _BrokenAgent("has no choose(observation) method")
    return agent


class _BrokenAgent:
    def __init__(self, problem: str) -> None:
        self.problem = problem

    def choose(self, observation: Any) -> Any:
        raise _AgentUnusable(self.problem)


class _AgentUnusable(Exception):
    """Raised in place of a decision by a bot that could not be built."""


def derive_seed(seed: int, purpose: str) -> int:
    """A stable 63-bit seed for one purpose of a run (``"match 7"``, ``"agent 1"``)."""
    digest = hashlib.sha256(f"{seed}:{purpose}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


class _DecisionWorker:
    """Runs ``choose`` on a daemon thread so a bot that hangs can be abandoned, not waited for."""

    def __init__(self) -> None:
        self._requests: queue.SimpleQueue = queue.SimpleQueue()
        self._answers: queue.SimpleQueue = queue.SimpleQueue()
        threading.Thread(target=self._serve, daemon=True, name="bot-decision").start()

    def _serve(self) -> None:
        while True:
            function, argument = self._requests.get()
            try:
                self._answers.put((True, function(argument)))
            except BaseException as error:  # noqa: BLE001 - reported as the bot's forfeit
                self._answers.put((False, error))

    def call(self, function: Callable[[Any], Any], argument: Any, limit: float) -> Any:
        self._requests.put((function, argument))
        try:
            ok, value = self._answers.get(timeout=limit)
        except queue.Empty:
            raise TimeoutError from None
        if not ok:
            raise value
        return value


class Forfeit(Exception):
    """A bot broke the rules of the runner; ``seat`` loses the match for ``reason``."""

    def __init__(self, seat: int, reason: str) -> None:
        super().__init__(reason)
        self.seat = seat
        self.reason = reason


# ----------------------------------------------------------------------------- one match
@dataclass
class MatchOutcome:
    """One finished (or forfeited) match. ``seats`` are indexes into the run's player list."""

    index: int
    seed: int
    seats: tuple[int, ...]
    winners: tuple[int, ...]  # seats
    records: list[dict]
    forfeit: tuple[int, str] | None = None  # (seat, reason)
    times: list[list[float]] = field(default_factory=list)  # per seat, seconds


def play_match(
    spec: GameSpec, rules: Any, agents: Sequence[Agent], seed: int,
    time_limit: float | None = None, index: int = 0, seats: Sequence[int] | None = None,
    max_decisions: int = 1_000_000,
) -> MatchOutcome:
    """Play one match; a bot that raises, stalls or answers illegally forfeits it."""
    session = spec.new_match(rules, seed)
    times: list[list[float]] = [[] for _ in agents]
    worker = _DecisionWorker() if time_limit is not None else None
    seat_players = tuple(seats) if seats is not None else tuple(range(len(agents)))
    outcome = MatchOutcome(index, seed, seat_players, (), [], None, times)
    decisions = 0
    try:
        while not session.over:
            seat = session.to_move()
            if seat is None:
                break
            decisions += 1
            if decisions > max_decisions:
                raise RuntimeError(f"match {index} did not finish in {max_decisions} decisions")
            observation = session.observation(seat)
            action = _decide(agents[seat], observation, seat, worker, time_limit, times)
            try:  # the engine checks legality by value, never calling the bot's object
                session.apply(seat, action)
            except IllegalActionError as error:  # (a fresh observation: the bot had the other)
                legal = ", ".join(str(a) for a in session.observation(seat).legal_actions)
                reason = f"returned an illegal action: {error} (legal: {legal})"
                raise Forfeit(seat, reason) from None
        outcome.winners = tuple(spec.match_winners(session))
    except Forfeit as forfeit:
        outcome.forfeit = (forfeit.seat, forfeit.reason)
        num = len(agents)
        if num == 4:  # partnerships: the other team wins
            outcome.winners = tuple(s for s in range(num) if s % 2 != forfeit.seat % 2)
        else:
            outcome.winners = tuple(s for s in range(num) if s != forfeit.seat)
    outcome.records = session.hand_records()
    return outcome


def _decide(
    agent: Agent, observation: Any, seat: int, worker: _DecisionWorker | None,
    time_limit: float | None, times: list[list[float]],
) -> Any:
    start = time.perf_counter()
    try:
        if worker is None:
            action = agent.choose(observation)
        else:
            action = worker.call(agent.choose, observation, time_limit)
    except TimeoutError:
        raise Forfeit(seat, f"took longer than {time_limit:g} s to decide") from None
    except _AgentUnusable as problem:
        raise Forfeit(seat, str(problem)) from None
    except (Exception, SystemExit) as error:  # any bot failure is that bot's forfeit
        raise Forfeit(seat, f"raised {type(error).__name__}: {error}") from None
    times[seat].append(time.perf_counter() - start)
    return action


# ----------------------------------------------------------------------------- many matches
@dataclass
class PlayerReport:
    spec: str
    match_wins: int = 0
    forfeits: int = 0
    hands: int = 0
    counters: dict[str, int] = field(default_factory=dict)
    times: list[float] = field(default_factory=list)

    def to_json(self, game: GameSpec | None = None) -> dict[str, Any]:
        ordered = sorted(self.times)
        count = len(ordered)
        mean = sum(ordered) / count if count else 0.0
        p95 = ordered[min(count - 1, int(0.95 * count))] if count else 0.0
        data: dict[str, Any] = {"spec": self.spec, "match_wins": self.match_wins}
        data.update(self.counters)
        derive = getattr(game, "derived_stats", None)
        if derive is not None:
            data.update(derive(self.counters, self.hands))
        data["forfeits"] = self.forfeits
        data["decisions"] = count
        data["decision_ms_mean"] = round(mean * 1000, 4)
        data["decision_ms_p95"] = round(p95 * 1000, 4)
        data["decision_ms_max"] = round((ordered[-1] if count else 0.0) * 1000, 4)
        return data


@dataclass
class RunReport:
    """Totals of a run, by player (in the order given), ready for ``--json``."""

    game: str
    rules: dict[str, Any]
    seed: int
    matches: int = 0
    hands: int = 0
    draws: int = 0
    players: list[PlayerReport] = field(default_factory=list)
    forfeits: list[dict[str, Any]] = field(default_factory=list)

    def add(self, spec: GameSpec, outcome: MatchOutcome) -> None:
        self.matches += 1
        self.hands += len(outcome.records)
        self.draws += sum(1 for r in outcome.records if r["result"]["kind"] == "draw")
        for seat, player_index in enumerate(outcome.seats):
            player = self.players[player_index]
            player.hands += len(outcome.records)
            for name, value in spec.player_stats(outcome.records, seat).items():
                player.counters[name] = player.counters.get(name, 0) + value
            if seat in outcome.winners:
                player.match_wins += 1
            player.times.extend(outcome.times[seat])
        if outcome.forfeit is not None:
            seat, reason = outcome.forfeit
            player_index = outcome.seats[seat]
            self.players[player_index].forfeits += 1
            self.forfeits.append({
                "match": outcome.index, "seat": seat,
                "player": self.players[player_index].spec, "reason": reason,
            })

    def merge(self, other: RunReport) -> RunReport:
        """Combine with a report of other matches of the same run (e.g. from a worker)."""
        self.matches += other.matches
        self.hands += other.hands
        self.draws += other.draws
        for mine, theirs in zip(self.players, other.players, strict=True):
            mine.match_wins += theirs.match_wins
            mine.forfeits += theirs.forfeits
            mine.hands += theirs.hands
            for name, value in theirs.counters.items():
                mine.counters[name] = mine.counters.get(name, 0) + value
            mine.times.extend(theirs.times)
        self.forfeits.extend(other.forfeits)
        return self

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules": self.rules,
            "seed": self.seed,
            "matches": self.matches,
            "hands": self.hands,
            "draws": self.draws,
            "players": [player.to_json(get_game(self.game)) for player in self.players],
            "forfeits": self.forfeits,
        }


def run_matches(
    game: str | GameSpec,
    players: Sequence[str],
    matches: int,
    seed: int = 0,
    preset: str | None = None,
    overrides: Mapping[str, str] | None = None,
    *,
    mirror: bool = False,
    first_match: int = 0,
    time_limit: float | None = 10.0,
    records: IO[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> RunReport:
    """Play ``matches`` matches of ``game`` between ``players`` (one spec per seat).

    Match *i* uses a seed derived from (``seed``, *i*), so splitting a run over worker
    processes with ``first_match`` and merging the reports gives the same totals. With
    ``mirror`` every match is played twice on the same seed, the second time with the seat
    order reversed (mirrored deals), counting as two matches. Bad arguments raise ValueError.
    """
    spec = get_game(game) if isinstance(game, str) else game
    if matches < 0:
        raise ValueError("the number of matches must not be negative")
    if not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, not {seed!r}")
    if time_limit is not None and time_limit <= 0:
        raise ValueError("the time limit must be positive")
    rules = spec.parse_rules(preset or next(iter(spec.presets)), overrides or {})
    seats_needed = spec.num_seats(rules)
    if len(players) != seats_needed:
        raise ValueError(f"{spec.name} with these rules needs {seats_needed} players, "
                         f"got {len(players)}")
    factories = [load_agent_factory(spec, text) for text in players]
    rules_json = rules.to_dict() if hasattr(rules, "to_dict") else {"repr": repr(rules)}
    report = RunReport(spec.name, rules_json, seed,
                       players=[PlayerReport(text) for text in players])
    orders: list[tuple[int, ...]] = [tuple(range(seats_needed))]
    if mirror:
        orders.append(tuple(reversed(range(seats_needed))))
    total = matches * len(orders)
    done = 0
    for index in range(first_match, first_match + matches):
        match_seed = derive_seed(seed, f"match {index}")
        for order in orders:
            agents = [
                make_agent(factories[p], derive_seed(match_seed, f"agent {p}")) for p in order
            ]
            outcome = play_match(spec, rules, agents, match_seed, time_limit, index, order)
            report.add(spec, outcome)
            if records is not None:
                _write_records(records, spec, outcome, [players[p] for p in order])
            done += 1
            if progress is not None:
                progress(done, total)
    return report


def _write_records(
    out: IO[str], spec: GameSpec, outcome: MatchOutcome, seat_specs: list[str]
) -> None:
    for record in outcome.records:
        line = dict(record)
        line["match"] = outcome.index
        out.write(json.dumps(line, separators=(",", ":")) + "\n")
    summary = {
        "game": spec.name, "kind": MATCH_SUMMARY, "match": outcome.index,
        "players": seat_specs, "winners": list(outcome.winners),
        "forfeit": None if outcome.forfeit is None else {
            "seat": outcome.forfeit[0], "player": seat_specs[outcome.forfeit[0]],
            "reason": outcome.forfeit[1],
        },
    }
    out.write(json.dumps(summary, separators=(",", ":")) + "\n")


# ----------------------------------------------------------------------------- verify
@dataclass
class VerifyReport:
    hands: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def verify_records(lines: Iterable[str]) -> VerifyReport:
    """Check every hand record's fair-deal commitment, then replay it with its game's rules."""
    report = VerifyReport()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            report.problems.append(f"line {number}: not JSON ({error.msg})")
            continue
        if not isinstance(record, dict):
            report.problems.append(f"line {number}: not a JSON object")
            continue
        if record.get("kind") == MATCH_SUMMARY:
            continue
        report.hands += 1
        problem = _verify_one(record)
        if problem:
            report.problems.append(f"line {number}: {problem}")
    return report


def _verify_one(record: dict[str, Any]) -> str | None:
    try:
        spec = get_game(str(record.get("game")))
    except ValueError as error:
        return str(error)
    deck, salt, expected = record.get("deck"), record.get("salt"), record.get("commitment")
    if not isinstance(deck, list) or not isinstance(salt, str) or not isinstance(expected, str):
        return "missing deck, salt or commitment"
    try:
        if not verify_commitment(" ".join(map(str, deck)), salt, expected):
            return "the deck was not dealt as committed (commitment mismatch)"
        spec.replay_record(record)
    except ValueError as error:
        return str(error)
    except Exception as error:  # noqa: BLE001 - a damaged record must not crash verify
        return f"could not replay: {type(error).__name__}: {error}"
    return None
