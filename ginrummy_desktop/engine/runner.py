"""The headless match runner shared by every game (``ginrummy-sim`` and the benchmarks).

``prepare_run`` checks every argument and starts the plug-in bots (each in a process of its own,
``engine.bot_process``); ``Run.play`` (or ``run_matches``, both at once) plays matches between
agents through the game's ``MatchSession``, times every decision, turns a misbehaving bot into
a recorded forfeit (never a crash), optionally writes hand records as JSON lines and returns a
``RunReport``.

Deals are secret by default: each match is dealt from a fresh seed drawn from the OS
(``rng.entropy_seed``), held only in this process and committed hand by hand, so a plug-in bot
that knows the dealing method and reads the runner's command line still cannot rebuild a deal.
An explicit ``seed`` is the "reproducible, not secret" mode: every deal follows from it (anyone
who knows it knows every hand), and its records and report say so (``deals: "reproducible"``).
With a seed, everything in the report except the timing figures is a pure function of (game,
rules, players, seed, matches).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import queue
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from ginrummy_desktop.engine import wire
from ginrummy_desktop.engine.actions import Action, IllegalActionError
from ginrummy_desktop.engine.bot_host import describe_failure, printable
from ginrummy_desktop.engine.bot_process import (
    COMMAND_PREFIX,
    BotFailure,
    BotMissing,
    BotProcess,
    bot_command,
)
from ginrummy_desktop.engine.protocol import Agent, GameSpec
from ginrummy_desktop.engine.records_check import MATCH_SUMMARY, forfeit_winners
from ginrummy_desktop.engine.registry import get_game, load_object
from ginrummy_desktop.engine.rng import entropy_seed
from ginrummy_desktop.engine.translation import tr

#: The ``deals`` mark of a run, its report and its records: who could know the cards.
SECRET_DEALS = "secret"  # a fresh OS seed per match, known only to the runner
REPRODUCIBLE_DEALS = "reproducible"  # derived from the run's seed: reproducible, not secret


def deals_mode(seed: int | None) -> str:
    """``"secret"`` for a run without a seed, ``"reproducible"`` for a seeded one."""
    return SECRET_DEALS if seed is None else REPRODUCIBLE_DEALS


# ----------------------------------------------------------------------------- agents
def load_agent_factory(spec: GameSpec, text: str) -> Callable[..., Agent]:
    """A built-in bot id, or ``package.module:Class`` imported into this process.

    Only for built-in bots and trusted plug-ins (``in_process=True``): importing runs the
    module's code here. Plug-ins run in their own process otherwise (``engine.bot_process``).
    """
    if text in spec.builtin_bots:
        return spec.builtin_bots[text]
    if ":" not in text or text.startswith(COMMAND_PREFIX):
        raise ValueError(_unknown_bot(spec, text))
    if os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        factory = load_object(text)
    except ImportError as error:
        raise ValueError(f"cannot import bot {text!r}: {error}") from None
    if not callable(factory):
        raise ValueError(f"bot {text!r} is not a class or factory")
    return factory


def _unknown_bot(spec: GameSpec, text: str) -> str:
    known = ", ".join(sorted(spec.builtin_bots))
    # Translators: {game} is a game's id (gin, cribbage); package.module:Class and
    # cmd:PROGRAM ARGS are what to type, kept as they are.
    return tr("unknown {game} bot {bot} (built-in: {known}; or package.module:Class, or "
              "cmd:PROGRAM ARGS)").format(game=spec.name, bot=repr(text), known=known)


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
        if not callable(getattr(agent, "choose", None)):
            return _BrokenAgent(tr("has no choose(observation) method"))
    except BaseException as error:  # noqa: BLE001 - the bot's own fault, reported as a forfeit
        return _BrokenAgent(tr("could not be constructed: {error}").format(
            error=describe_failure(error)))
    return agent


class _BrokenAgent:
    def __init__(self, problem: str) -> None:
        self.problem = problem

    def choose(self, observation: Any) -> Any:
        raise _AgentUnusable(self.problem)


class _AgentUnusable(Exception):
    """Raised in place of a decision by a bot that could not be built."""


class _ProcessAgent:
    """One match's agent for a bot in its own process (it enforces the time limit itself)."""

    def __init__(self, player: _ProcessPlayer) -> None:
        self.player = player

    def choose(self, observation: Any) -> Action:
        try:
            return self.player.process.choose(observation)
        except BotFailure as failure:
            raise _AgentUnusable(failure.reason) from None


class _ProcessPlayer:
    """A plug-in bot's process, kept for the whole run and restarted after it fails."""

    def __init__(self, process: BotProcess) -> None:
        self.process = process

    def agent_for_match(self, match: int, seat: int, seed: int) -> Agent:
        try:
            if not self.process.running:
                self.process.start()
            self.process.new_match(match, seat, seed)
        except BotMissing as missing:  # it vanished mid-run (deleted file): a forfeit now
            return _BrokenAgent(str(missing))
        except BotFailure as failure:
            return _BrokenAgent(failure.reason)
        except OSError as error:  # its log cannot be written (disk full): not a crash either
            return _BrokenAgent(tr("could not be started: {error}").format(error=error))
        return _ProcessAgent(self)

    def match_over(self, outcome: MatchOutcome, seat: int) -> None:
        if not self.process.running:
            return
        forfeit = None if outcome.forfeit is None else {
            "seat": outcome.forfeit[0], "reason": outcome.forfeit[1]}
        with contextlib.suppress(BotFailure):  # it is restarted for its next match
            self.process.match_over(outcome.index, outcome.winners, forfeit)


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
            raise _BotRaised(value)
        return value


class _BotRaised(Exception):
    """What a bot's ``choose`` raised (kept apart from a Ctrl-C aimed at the runner)."""

    def __init__(self, error: BaseException) -> None:
        super().__init__()
        self.error = error


class Forfeit(Exception):
    """A bot broke the rules of the runner; ``seat`` loses the match for ``reason``."""

    def __init__(self, seat: int, reason: str) -> None:
        reason = printable(reason)  # it reaches terminals, logs and the other bots
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
            answer = _decide(agents[seat], observation, seat, worker, time_limit, times)
            _apply(session, seat, observation, answer)
        outcome.winners = tuple(spec.match_winners(session))
    except Forfeit as forfeit:
        outcome.forfeit = (forfeit.seat, forfeit.reason)
        outcome.winners = forfeit_winners(len(agents), forfeit.seat)
    outcome.records = session.hand_records()
    return outcome


def _apply(session: Any, seat: int, observation: Any, answer: Any) -> None:
    """Play the bot's answer, or turn whatever is wrong with it into that bot's forfeit.

    The answer is first rebuilt through the wire codec: only a genuine ``Action`` with plain
    field values survives, so no method of the bot's object is ever called from here on.
    """
    try:
        action = wire.action_from_wire(wire.action_to_wire(answer))
    except wire.WireError as error:
        raise Forfeit(seat, tr("returned something that is not a legal action ({error})")
                      .format(error=error)) from None
    try:
        legal = action in observation.legal_actions
    except Exception as error:  # noqa: BLE001 - an in-process bot tampered with its observation
        raise Forfeit(seat, tr("tampered with its observation ({error})").format(
            error=describe_failure(error))) from None
    if not legal:
        shown = ", ".join(_safe_str(a) for a in observation.legal_actions)
        # Translators: {action} and {legal} are action codes (discard TH), kept as they are.
        raise Forfeit(seat, tr("returned an illegal action {action} (legal: {legal})").format(
            action=action, legal=shown))
    try:
        session.apply(seat, action)
    except IllegalActionError as error:  # legal in its (tampered) observation only
        raise Forfeit(seat, tr("returned an action the rules refuse: {error}").format(
            error=_safe_str(error))) from None
    except Exception as error:  # noqa: BLE001 - only an in-process bot tampering gets here
        raise Forfeit(seat, tr("its action could not be played ({error}); did it tamper with "
                               "its observation?").format(error=describe_failure(error))) from None


def _safe_str(value: Any) -> str:
    try:
        text = str(value)
    except Exception:  # noqa: BLE001 - an object a bot tampered with
        return "?"
    return text if type(text) is str else "?"


def _decide(
    agent: Agent, observation: Any, seat: int, worker: _DecisionWorker | None,
    time_limit: float | None, times: list[list[float]],
) -> Any:
    start = time.perf_counter()
    try:
        if isinstance(agent, _ProcessAgent | _BrokenAgent):
            action = agent.choose(observation)  # a process bot is timed from outside
        elif worker is None or time_limit is None:
            try:
                action = agent.choose(observation)
            except BaseException as error:  # noqa: BLE001 - even KeyboardInterrupt from a bot
                raise _BotRaised(error) from None
        else:
            action = worker.call(agent.choose, observation, time_limit)
    except TimeoutError:
        raise Forfeit(seat, tr("took longer than {limit:g} s to decide").format(
            limit=time_limit)) from None
    except _AgentUnusable as problem:
        raise Forfeit(seat, str(problem)) from None
    except _BotRaised as raised:
        raise Forfeit(seat, tr("raised {error}").format(
            error=describe_failure(raised.error))) from None
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
    log: str | None = None  # a plug-in bot process's stderr log file

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
        if self.log is not None:
            data["log"] = self.log
        return data


@dataclass
class RunReport:
    """Totals of a run, by player (in the order given), ready for ``--json``."""

    game: str
    rules: dict[str, Any]
    seed: int | None  # None: secret deals
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
            "deals": deals_mode(self.seed),
            "matches": self.matches,
            "hands": self.hands,
            "draws": self.draws,
            "players": [player.to_json(get_game(self.game)) for player in self.players],
            "forfeits": self.forfeits,
        }


#: The longest per-decision time limit accepted (an hour): anything longer is a typo.
MAX_TIME_LIMIT = 3600.0


def check_time_limit(value: Any) -> float | None:
    """``value`` if it is a sane per-decision limit in seconds (or None), else ``ValueError``."""
    if value is None:
        return None
    if type(value) not in (int, float) or not math.isfinite(value) or value <= 0:
        raise ValueError(f"the time limit must be a positive number of seconds, not {value!r}")
    if value > MAX_TIME_LIMIT:
        raise ValueError(f"the time limit must be at most {MAX_TIME_LIMIT:g} seconds, "
                         f"not {value:g}")
    return float(value)


class Run:
    """A validated run, ready to play: every argument checked, every bot found and started.

    Built by ``prepare_run``; nothing is written anywhere until ``play``. Use it as a context
    manager (or call ``close``) so plug-in bot processes are always stopped.
    """

    def __init__(
        self, spec: GameSpec, rules: Any, players: Sequence[str], matches: int,
        seed: int | None, mirror: bool, first_match: int, time_limit: float | None,
        factories: list[Callable[..., Agent] | None], processes: list[_ProcessPlayer | None],
    ) -> None:
        self.spec, self.rules, self.players = spec, rules, list(players)
        self.matches, self.seed, self.mirror, self.first_match = matches, seed, mirror, first_match
        self.time_limit = time_limit
        self._factories, self._processes = factories, processes

    def __enter__(self) -> Run:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        for player in self._processes:
            if player is not None:
                player.process.close()

    def log_paths(self) -> list[str | None]:
        """Each player's stderr log file (None for bots run in this process)."""
        return [None if p is None else str(p.process.log_path) for p in self._processes]

    def play(
        self, records: IO[str] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> RunReport:
        spec = self.spec
        seats_needed = len(self.players)
        rules_json = (self.rules.to_dict() if hasattr(self.rules, "to_dict")
                      else {"repr": repr(self.rules)})
        report = RunReport(spec.name, rules_json, self.seed,
                           players=[PlayerReport(text) for text in self.players])
        for player, log in zip(report.players, self.log_paths(), strict=True):
            player.log = log
        orders: list[tuple[int, ...]] = [tuple(range(seats_needed))]
        if self.mirror:
            orders.append(tuple(reversed(range(seats_needed))))
        total = self.matches * len(orders)
        done = 0
        for index in range(self.first_match, self.first_match + self.matches):
            match_seed = self._match_seed(index)
            for order in orders:
                agents = [
                    self._agent(p, index, seat, derive_seed(match_seed, f"agent {p}"))
                    for seat, p in enumerate(order)
                ]
                outcome = play_match(spec, self.rules, agents, match_seed, self.time_limit,
                                     index, order)
                for seat, p in enumerate(order):
                    process = self._processes[p]
                    if process is not None:
                        process.match_over(outcome, seat)
                report.add(spec, outcome)
                if records is not None:
                    _write_records(records, spec, outcome, [self.players[p] for p in order],
                                   deals_mode(self.seed))
                done += 1
                if progress is not None:
                    progress(done, total)
        return report

    def _match_seed(self, index: int) -> int:
        """Match ``index``'s deal seed: from the run's seed when one was given (reproducible),
        else fresh from the OS and never shown to a bot (its own seed is a one-way hash of it).
        Records reach the file only after their match, so a bot reading it learns nothing
        about a match still being played."""
        if self.seed is None:
            return entropy_seed() >> 1
        return derive_seed(self.seed, f"match {index}")

    def _agent(self, player: int, match: int, seat: int, seed: int) -> Agent:
        process = self._processes[player]
        if process is not None:
            return process.agent_for_match(match, seat, seed)
        factory = self._factories[player]
        assert factory is not None
        return make_agent(factory, seed)


def prepare_run(
    game: str | GameSpec,
    players: Sequence[str],
    matches: int,
    seed: int | None = None,
    preset: str | None = None,
    overrides: Mapping[str, str] | None = None,
    *,
    mirror: bool = False,
    first_match: int = 0,
    time_limit: float | None = 10.0,
    in_process: bool = False,
    bot_log_dir: str | os.PathLike[str] | None = None,
) -> Run:
    """Check every argument and start the plug-in bots; bad arguments raise ``ValueError``.

    Built-in bots run in this process. ``package.module:Class`` and ``cmd:PROGRAM ARGS`` bots
    run in a child process each (``engine.bot_process``), unless ``in_process`` loads the
    ``module:Class`` ones here (trusted code only: an in-process bot can read the whole game).
    Their stderr goes to ``bot_log_dir`` (default: a new folder per run under the temp
    folder's ``ginrummy-sim-logs``, the newest ``KEEP_LOG_RUNS`` kept).
    """
    spec = get_game(game) if isinstance(game, str) else game
    if type(matches) is not int or matches < 0:
        raise ValueError("the number of matches must be a whole number, not negative")
    if seed is not None and (type(seed) is not int or seed < 0):
        raise ValueError(f"seed must be a non-negative integer or None, not {seed!r}")
    if type(first_match) is not int or first_match < 0:
        raise ValueError(f"first_match must be a non-negative integer, not {first_match!r}")
    time_limit = check_time_limit(time_limit)
    rules = spec.parse_rules(preset or next(iter(spec.presets)), overrides or {})
    seats_needed = spec.num_seats(rules)
    if len(players) != seats_needed:
        raise ValueError(f"{spec.name} with these rules needs {seats_needed} players, "
                         f"got {len(players)}")
    factories: list[Callable[..., Agent] | None] = []
    for text in players:
        if type(text) is not str:
            raise ValueError(f"a player must be given as text, not {type(text).__name__}")
        if text in spec.builtin_bots or (in_process and not text.startswith(COMMAND_PREFIX)):
            factories.append(load_agent_factory(spec, text))
        elif ":" in text:
            bot_command(text)  # the spec's syntax and the program's existence, checked now
            factories.append(None)
        else:
            raise ValueError(_unknown_bot(spec, text))
    processes: list[_ProcessPlayer | None] = []
    run = Run(spec, rules, players, matches, seed, mirror, first_match, time_limit,
              factories, processes)
    if any(factory is None for factory in factories):
        log_dir = Path(bot_log_dir) if bot_log_dir is not None else _new_log_folder()
    try:
        for index, (text, factory) in enumerate(zip(players, factories, strict=True)):
            if factory is not None:
                processes.append(None)
                continue
            log = log_dir / f"player-{index}-{_file_safe(text)}.log"
            player = _ProcessPlayer(BotProcess(text, spec.name, log, time_limit))
            processes.append(player)
            try:
                player.process.start()  # finds a typo now; other failures forfeit later
            except BotFailure:
                pass
            except BotMissing as missing:
                raise ValueError(str(missing)) from None
            except OSError as error:
                raise ValueError(f"cannot write the log of bot {text!r}: {error}") from None
    except BaseException:
        run.close()
        raise
    return run


#: Default bot logs: one folder per run under the temp folder, the newest ones kept.
LOG_ROOT_NAME = "ginrummy-sim-logs"
KEEP_LOG_RUNS = 20


def _new_log_folder() -> Path:
    """A fresh folder for this run's bot logs; older runs' folders beyond the newest
    ``KEEP_LOG_RUNS`` are removed so the temp folder does not fill up."""
    root = Path(tempfile.gettempdir()) / LOG_ROOT_NAME
    try:
        root.mkdir(exist_ok=True)
        folder = Path(tempfile.mkdtemp(prefix=time.strftime("%Y%m%d-%H%M%S-"), dir=root))
    except OSError as error:
        raise ValueError(f"cannot create a folder for bot logs in {root}: {error}") from None
    with contextlib.suppress(OSError):  # another run may be pruning at the same time
        runs = sorted((p for p in root.iterdir() if p.is_dir()), key=lambda p: p.name)
        for old in runs[:-KEEP_LOG_RUNS]:
            if old != folder:
                shutil.rmtree(old, ignore_errors=True)
    return folder


def _file_safe(text: str) -> str:
    cleaned = "".join(c if c.isalnum() or c in "._-" else "_" for c in text)
    return cleaned[:60] or "bot"


def run_matches(
    game: str | GameSpec,
    players: Sequence[str],
    matches: int,
    seed: int | None = None,
    preset: str | None = None,
    overrides: Mapping[str, str] | None = None,
    *,
    mirror: bool = False,
    first_match: int = 0,
    time_limit: float | None = 10.0,
    records: IO[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    in_process: bool = False,
    bot_log_dir: str | os.PathLike[str] | None = None,
) -> RunReport:
    """Play ``matches`` matches of ``game`` between ``players`` (one spec per seat).

    Without ``seed`` every match is dealt from a fresh secret OS seed (see the module
    docstring). With one, match *i* uses a seed derived from (``seed``, *i*), so splitting a
    run over worker processes with ``first_match`` and merging the reports gives the same
    totals. With ``mirror`` every match is played twice on the same deals, the second time
    with the seat order reversed, counting as two matches (a bot that remembers the first
    deal knows the second: mirror is for comparing bots you trust). Bad arguments raise ValueError
    (before anything is written to ``records``); see ``prepare_run`` for the bots.
    """
    with prepare_run(game, players, matches, seed, preset, overrides, mirror=mirror,
                     first_match=first_match, time_limit=time_limit, in_process=in_process,
                     bot_log_dir=bot_log_dir) as run:
        return run.play(records, progress)


def _write_records(
    out: IO[str], spec: GameSpec, outcome: MatchOutcome, seat_specs: list[str], deals: str,
) -> None:
    for record in outcome.records:
        line = dict(record)
        line["match"] = outcome.index
        line["deals"] = deals
        out.write(json.dumps(line, separators=(",", ":")) + "\n")
    summary = {
        "game": spec.name, "kind": MATCH_SUMMARY, "match": outcome.index, "deals": deals,
        "players": seat_specs, "winners": list(outcome.winners),
        "forfeit": None if outcome.forfeit is None else {
            "seat": outcome.forfeit[0], "player": seat_specs[outcome.forfeit[0]],
            "reason": outcome.forfeit[1],
        },
    }
    out.write(json.dumps(summary, separators=(",", ":")) + "\n")
