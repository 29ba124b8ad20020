"""The one way to check hand records: ``ginrummy-sim verify`` and records import both use it.

A records file is JSON lines: hand records of any game (docs/engine.md, "Hand records") and the
runner's ``{"kind": "match_summary"}`` lines. ``RecordsChecker.check_line`` judges one line at a
time and says why a line fails, so a caller can refuse just that line and go on:

- the line itself: UTF-8, at most ``wire.MAX_LINE_BYTES``, strict JSON (no NaN/Infinity, no deep
  nesting), an object;
- a hand record alone: a known ``game``, a 52-card ``deck`` matching its ``salt`` and
  ``commitment`` (64 hex digits), and the game's ``replay_record`` reproducing it;
- the chain of a match: hands in order with the right numbers, the running scores (gin
  ``scores`` by replaying the match; cribbage ``scores_before`` = the previous ``scores_after``),
  the dealer the rules name, nothing after the end;
- a match summary: well formed, and its ``winners``/``forfeit`` agree with the match's hands.

Records from the app carry no ``match`` field and no summaries; their chain is checked from each
match's first hand on. A match is checked whole or not at all: a hand with no earlier hand of its
match before it (a fragment cut from a longer file) fails, and so does every hand after one of
its match that failed. ``finish()`` reports what only the end of the file reveals (a runner match
without its summary line). A file with no records at all is not a success.
"""

from __future__ import annotations

import math
import os
import re
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ginrummy_desktop.engine import wire
from ginrummy_desktop.engine.bot_host import printable
from ginrummy_desktop.engine.deck import verify_commitment
from ginrummy_desktop.engine.registry import get_game
from ginrummy_desktop.engine.translation import mark, tr

MATCH_SUMMARY = "match_summary"  # the ``kind`` of the runner's per-match lines
NO_RECORDS = mark("the file holds no records (nothing to verify)")  # shown with tr()
_HEX64 = re.compile(r"[0-9a-f]{64}")
_SALT = re.compile(r"[ -~]{1,128}")  # printable ASCII


def forfeit_winners(num_seats: int, seat: int) -> tuple[int, ...]:
    """Who wins when ``seat`` forfeits: everyone else, or the other team with four seats."""
    if num_seats == 4:
        return tuple(s for s in range(num_seats) if s % 2 != seat % 2)
    return tuple(s for s in range(num_seats) if s != seat)


@dataclass
class LineVerdict:
    """One line's verdict: ``kind`` is ``blank``, ``hand``, ``summary`` or ``bad``; ``record``
    the parsed object (None when it is not one); ``problem`` None when the line is fine."""

    number: int
    kind: str
    record: dict[str, Any] | None = None
    problem: str | None = None


@dataclass
class RecordsReport:
    hands: int = 0
    summaries: int = 0
    problems: list[str] = field(default_factory=list)  # "line N: reason"

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass
class _OpenMatch:
    line: int  # where its first hand is
    game: str
    key: Any  # the runner's "match" field, or None (app records)
    chain: Any  # the game's match chain, or None once a hand of it failed


class RecordsChecker:
    """Checks lines in order (``check_line``), then ``finish``. See the module docstring."""

    def __init__(self, whole_matches: bool = True) -> None:
        """``whole_matches=False`` judges hands alone (no fragment is refused for lacking the
        hands before it): for asking whether one record replays, never for a file."""
        self._open: _OpenMatch | None = None
        self._whole_matches = whole_matches

    def check_line(self, number: int, line: str | bytes) -> LineVerdict:
        self._line = number
        if not line.strip():
            return LineVerdict(number, "blank")
        try:
            record = wire.loads_line(
                line.rstrip(b"\r\n") if isinstance(line, bytes) else line.rstrip("\r\n"))
        except wire.WireError as error:
            return LineVerdict(number, "bad", None, str(error))
        if type(record) is not dict:
            return LineVerdict(number, "bad", None, tr("not a JSON object"))
        unstorable = _unstorable(record)
        if unstorable:
            return LineVerdict(number, "bad", None, unstorable)
        if record.get("kind") == MATCH_SUMMARY:
            return LineVerdict(number, "summary", record, self._summary(record))
        return LineVerdict(number, "hand", record, self._hand(record))

    def finish(self) -> list[tuple[int, str]]:
        """Problems found only at the end of the input, as ``(line, reason)``."""
        problems = []
        unsummarized = self._unsummarized()
        if unsummarized:
            problems.append(unsummarized)
        self._open = None
        return problems

    # ------------------------------------------------------------------ hands
    def _hand(self, record: dict[str, Any]) -> str | None:
        try:
            game = record.get("game")
            spec = get_game(game if isinstance(game, str) else "")
        except ValueError:
            # Translators: cribbage and gin are the games' ids in a record, kept as they are.
            return tr("unknown game {game} (known: cribbage, gin)").format(
                game=_short(record.get("game")))
        problem = _check_alone(spec, record)
        chain_problem = self._follow(spec, record, failed=problem is not None)
        return problem or chain_problem

    def _follow(self, spec: Any, record: dict[str, Any], failed: bool) -> str | None:
        """Put the hand in its match's chain; the reason if it does not follow."""
        make_chain = getattr(spec, "match_chain", None)
        if make_chain is None:
            return None
        key = record.get("match")
        chain = make_chain()
        pending = None
        if chain.starts_match(record):
            unsummarized = self._unsummarized()
            if unsummarized:
                pending = tr("{problem} (line {line})").format(problem=unsummarized[1],
                                                              line=unsummarized[0])
            self._open = _OpenMatch(self._line, spec.name, key, None if failed else chain)
        elif self._open is None:  # nothing before it to check it against: a fragment
            if not self._whole_matches:
                return None
            return tr("this hand is not the first of its match and no earlier hand of the "
                      "match comes before it; a match is checked from its first hand")
        elif self._open.key != key or self._open.game != spec.name:
            self._open.chain = None
            return tr("this hand of match {match} is inside match {other} (begun on line "
                      "{line})").format(match=_short(key), other=_short(self._open.key),
                                        line=self._open.line)
        if failed:
            self._open.chain = None
            return pending
        if self._open.chain is None:  # its scores cannot be checked without the hand before
            return pending or tr("follows a hand of the match begun on line {line} that "
                                 "failed").format(line=self._open.line)
        try:
            self._open.chain.add(record)
        except (ValueError, KeyError, TypeError, IndexError) as error:
            self._open.chain = None
            return pending or tr("does not follow the match begun on line {line}: {problem}"
                                 ).format(line=self._open.line, problem=_first_line(error))
        return pending

    # ------------------------------------------------------------------ summaries
    def _summary(self, summary: dict[str, Any]) -> str | None:
        problem = _summary_shape(summary)
        current, self._open = self._open, None
        if problem:
            return problem
        key, winners, forfeit = summary["match"], summary["winners"], summary["forfeit"]
        seats = len(summary["players"])
        if current is not None and (current.key != key or current.game != summary["game"]):
            return tr("summary of match {match} follows the hands of match {other} (begun on "
                      "line {line})").format(match=_short(key), other=_short(current.key),
                                             line=current.line)
        if forfeit is not None:
            if not 0 <= forfeit["seat"] < seats:
                return tr("forfeit seat {seat} is not one of {seats} seats").format(
                    seat=forfeit["seat"], seats=seats)
            if winners != list(forfeit_winners(seats, forfeit["seat"])):
                return tr("winners {winners} are not the seats that gain from the forfeit"
                          ).format(winners=winners)
            if summary["players"][forfeit["seat"]] != forfeit["player"]:
                return tr("the forfeit names a different player than the one in that seat")
        chain = None if current is None else current.chain
        if chain is None:
            if current is None and forfeit is None:
                return tr("a match summary with no hands and no forfeit")
            return None  # its hands failed already (reported there)
        if chain.num_seats is not None and chain.num_seats != seats:
            return tr("{players} players for a match of {seats} seats").format(
                players=seats, seats=chain.num_seats)
        if chain.over and forfeit is not None:
            return tr("the match was played to its end, yet the summary records a forfeit")
        if chain.over and winners != list(chain.winners):
            return tr("winners {winners} differ from the match's own {own}").format(
                winners=winners, own=list(chain.winners))
        if not chain.over and forfeit is None:
            return tr("the match's hands stop before its end and no forfeit is recorded")
        return None

    def _unsummarized(self) -> tuple[int, str] | None:
        current = self._open
        if current is None or current.key is None:
            return None
        # Translators: match_summary is the name of a line's kind in the file, kept as it is.
        return (current.line, tr("match {match} has no match_summary line after its hands")
                .format(match=_short(current.key)))

    _line = 0

    def check(self, lines: Iterable[str | bytes], first: int = 1) -> Iterator[LineVerdict]:
        """``check_line`` for every line (numbered from ``first``)."""
        for number, line in enumerate(lines, start=first):
            yield self.check_line(number, line)


def _check_alone(spec: Any, record: dict[str, Any]) -> str | None:
    deck, salt, expected = record.get("deck"), record.get("salt"), record.get("commitment")
    if type(deck) is not list or len(deck) != 52 or not all(type(c) is str for c in deck):
        return tr("the deck must list 52 cards")
    if type(salt) is not str or not _SALT.fullmatch(salt):
        return tr("the salt must be printable text (at most 128 characters)")
    if type(expected) is not str or not _HEX64.fullmatch(expected):
        return tr("the commitment must be 64 hexadecimal digits")
    try:
        if not verify_commitment(" ".join(deck), salt, expected):
            return tr("the deck was not dealt as committed (commitment mismatch)")
        spec.replay_record(record)
    except ValueError as error:
        return _first_line(error)
    except Exception as error:  # noqa: BLE001 - a damaged record must not stop the check
        return tr("could not replay: {error}: {problem}").format(
            error=type(error).__name__, problem=_first_line(error))
    return None


def _unstorable(value: Any) -> str | None:
    """Why a parsed line could not be kept as it is: a number JSON reads as infinite
    (``1e400``) or text that is not valid Unicode (a lone surrogate escape). Iterative: the
    nesting is already bounded, but no recursion is needed."""
    stack = [value]
    while stack:
        node = stack.pop()
        if type(node) is float and not math.isfinite(node):
            return tr("it holds a number too large to be a real figure")
        if type(node) is str and not _encodable(node):
            return tr("it holds text that is not valid Unicode (a lone surrogate)")
        if type(node) is dict:
            stack.extend(node.keys())
            stack.extend(node.values())
        elif type(node) is list:
            stack.extend(node)
    return None


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _summary_shape(summary: dict[str, Any]) -> str | None:
    game, key, players = summary.get("game"), summary.get("match"), summary.get("players")
    winners, forfeit = summary.get("winners"), summary.get("forfeit")
    try:
        get_game(game if isinstance(game, str) else "")
    except ValueError:
        return tr("match summary of unknown game {game}").format(game=_short(game))
    if type(key) is not int or key < 0:
        return tr("a match summary needs its match number")
    if type(players) is not list or not 2 <= len(players) <= 8 or not all(
            type(p) is str for p in players):
        return tr("a match summary needs the list of players")
    if type(winners) is not list or not all(
            type(w) is int and 0 <= w < len(players) for w in winners):
        return tr("a match summary's winners must be seat numbers")
    if forfeit is not None and not (
        type(forfeit) is dict and type(forfeit.get("seat")) is int
        and type(forfeit.get("player")) is str and type(forfeit.get("reason")) is str
    ):
        # Translators: null, seat, player and reason are field names in the file.
        return tr("a match summary's forfeit must be null or have seat, player and reason")
    return None


def check_records(lines: Iterable[str | bytes]) -> RecordsReport:
    """Check every line; the report counts hands and lists ``"line N: reason"`` problems."""
    report = RecordsReport()
    checker = RecordsChecker()
    for verdict in checker.check(lines):
        if verdict.kind == "hand":
            report.hands += 1
        elif verdict.kind == "summary":
            report.summaries += 1
        if verdict.problem:
            report.problems.append(tr("line {line}: {problem}").format(
                line=verdict.number, problem=verdict.problem))
    report.problems.extend(tr("line {line}: {problem}").format(line=number, problem=why)
                           for number, why in checker.finish())
    if report.hands == 0 and report.summaries == 0:
        report.problems.append(tr(NO_RECORDS))
    return report


def check_records_file(path: str | os.PathLike[str]) -> RecordsReport:
    """``check_records`` on a file, read line by line in bytes (a line too long is reported and
    skipped, never held whole); a folder, FIFO or device raises ``OSError`` without blocking."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(tr("{path}: not a regular file").format(path=os.fspath(path)))
        os.set_blocking(fd, True)
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with handle:
        return check_records(_bounded_lines(handle))


def _bounded_lines(handle: Any, limit: int = wire.MAX_LINE_BYTES) -> Iterator[bytes]:
    """Lines of a binary file; a line longer than ``limit`` comes out as its first ``limit + 1``
    bytes (so the check says it is too long) while the rest of it is skipped."""
    while True:
        line = handle.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith(b"\n"):
            while True:  # skip the rest of the long line
                rest = handle.readline(1 << 16)
                if not rest or rest.endswith(b"\n"):
                    break
        yield line


def _first_line(error: BaseException) -> str:
    text = str(error).split("\n")[0]
    return printable(text if len(text) <= 300 else text[:300] + "...")


def _short(value: Any) -> str:
    text = repr(value)
    return printable(text if len(text) <= 40 else text[:40] + "...")
