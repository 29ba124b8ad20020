"""A bot in its own process, driven over the ``ginrummy-bot`` JSON-lines protocol (runner side).

The child reads one JSON object per line on its stdin and answers one per line on its stdout;
whatever it writes to stderr goes to a log file (at most ``LOG_LIMIT_BYTES``). The protocol is
documented, with a transcript, in docs/bots.md ("Bots in their own process"); observations and
actions are encoded by ``engine.wire``. Every limit is enforced from this side: a reply that does
not come in time, a process that dies, a line that is not a protocol message or is too long ends
in ``BotFailure`` and the process is killed (its whole process group). Nothing the child does can
raise anything else here, block the runner, or reach the runner's memory.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import select
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO, Any

from ginrummy_desktop.engine import wire
from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.bot_host import LANGUAGE_VARIABLE, printable
from ginrummy_desktop.engine.translation import language, tr

PROTOCOL = "ginrummy-bot"
PROTOCOL_VERSION = 1
#: How long a bot may take to start (hello) and to get ready for a match (``new_match``) when
#: the per-decision limit is shorter: importing a module and building tables takes a while.
STARTUP_SECONDS = 30.0
#: A bot's stderr kept in its log file, per process; the rest is read and dropped.
LOG_LIMIT_BYTES = 1 << 20
#: How long a bot may take to leave after ``bye`` before it is killed.
BYE_SECONDS = 2.0
COMMAND_PREFIX = "cmd:"
HOST_MODULE = "ginrummy_desktop.engine.bot_host"


class BotFailure(Exception):
    """The bot did not hold up its end; ``reason`` is what the forfeit says (in the chosen
    language, following the bot's name: "took longer than 5 s to decide").

    ``fatal`` means the process can no longer be trusted (it was killed); otherwise the bot
    only reported that its own code failed and may play the next match.
    """

    def __init__(self, reason: str, fatal: bool = True) -> None:
        super().__init__(reason)
        self.reason = reason
        self.fatal = fatal


class BotMissing(ValueError):
    """The bot named on the command line does not exist (a typo, not a misbehaving bot)."""


def bot_command(text: str) -> list[str]:
    """The command line that runs player spec ``text``: ``cmd:PROGRAM ARGS`` (split like a
    shell, never run through one) or ``package.module:Class`` (run by the Python bot host)."""
    if os.name != "posix":  # non-blocking pipes, select on pipes and process groups
        raise ValueError(f"bot {text!r}: bots in their own process need Linux or macOS; "
                         "on this system use --in-process (trusted Python bots only)")
    if text.startswith(COMMAND_PREFIX):
        try:
            argv = shlex.split(text[len(COMMAND_PREFIX):])
        except ValueError as error:
            raise ValueError(f"cannot read bot command {text!r}: {error}") from None
        if not argv:
            raise ValueError(f"bot command {text!r} is empty (expected e.g. 'cmd:node bot.js')")
        if shutil.which(argv[0]) is None:
            raise ValueError(f"bot command {text!r}: program {argv[0]!r} not found")
        return argv
    module, sep, name = text.partition(":")
    if not sep or not module or not name or not all(
        part.isidentifier() for part in [*module.split("."), name]
    ):
        raise ValueError(f"expected 'package.module:Class' or 'cmd:PROGRAM ARGS', got {text!r}")
    return [sys.executable, "-u", "-m", HOST_MODULE, text]


#: Set in every bot's environment to a value of its own, which the processes it starts inherit.
TAG_VARIABLE = "GINRUMMY_BOT_TAG"


def _child_environment(tag: str) -> dict[str, str]:
    """The runner's environment, with the current folder and this package importable."""
    env = dict(os.environ)
    env[TAG_VARIABLE] = tag
    package_root = str(Path(__file__).resolve().parents[2])
    paths = [os.getcwd(), package_root, *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    env["PYTHONIOENCODING"] = "utf-8"
    env[LANGUAGE_VARIABLE] = language()  # the host's own messages in the runner's language
    return env


class BotProcess:
    """One bot process. ``start`` it, then ``new_match``/``choose``/``match_over``; ``close``.

    After a fatal ``BotFailure`` the process is gone; ``start`` makes a fresh one.
    """

    def __init__(self, spec: str, game: str, log_path: Path, time_limit: float | None) -> None:
        self.spec = spec
        self.argv = bot_command(spec)
        self.game = game
        self.log_path = log_path
        self.time_limit = time_limit
        self.name: str | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._buffer = bytearray()
        self._drain: threading.Thread | None = None
        self._tag = ""  # this start's TAG_VARIABLE value

    # ------------------------------------------------------------------ life cycle
    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start(self) -> None:
        """Spawn the process and shake hands; ``BotMissing`` if the bot does not exist."""
        self.close()
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        log = open(self.log_path, "ab")  # noqa: SIM115 - the drain thread closes it
        log.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} start: {self.spec}\n".encode())
        log.flush()
        try:
            self._tag = secrets.token_hex(16)
            self._process = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                env=_child_environment(self._tag), start_new_session=True, bufsize=0,
            )
        except OSError as error:
            log.close()
            raise BotFailure(tr("could not be started: {error}").format(error=error)) from None
        assert self._process.stdout is not None and self._process.stderr is not None
        assert self._process.stdin is not None
        os.set_blocking(self._process.stdout.fileno(), False)
        os.set_blocking(self._process.stdin.fileno(), False)
        self._buffer.clear()
        self._drain = threading.Thread(
            target=_keep_log, args=(self._process.stderr, log), daemon=True, name="bot-log"
        )
        self._drain.start()
        self._send({"type": "hello", "protocol": PROTOCOL, "version": PROTOCOL_VERSION,
                    "game": self.game})
        reply = self._receive(self._startup_limit(), "hello")
        if reply.get("type") == "error":
            message = _text(reply.get("message"))
            self.close()
            if reply.get("missing") is True:
                raise BotMissing(message)
            raise BotFailure(message or tr("could not be loaded"))
        if reply.get("type") != "hello" or reply.get("protocol") != PROTOCOL:
            self._violation(tr("answered hello with something else"))
        if reply.get("version") != PROTOCOL_VERSION:
            self._violation(tr("speaks protocol version {version}, the runner speaks {ours}")
                            .format(version=_text(reply.get("version")), ours=PROTOCOL_VERSION))
        self.name = _text(reply.get("name")) or None

    def close(self) -> None:
        """Say bye, give the process ``BYE_SECONDS`` to leave, then kill whatever is left."""
        process = self._process
        if process is not None and process.poll() is None and process.stdin is not None:
            with contextlib.suppress(OSError, subprocess.TimeoutExpired):
                os.write(process.stdin.fileno(), b'{"type":"bye"}\n')
                process.stdin.close()
                process.wait(BYE_SECONDS)
        self.kill()

    def kill(self) -> None:
        """Kill the process and its group now, and let its log be finished."""
        process, self._process = self._process, None
        if process is not None:
            _kill_group(process)
            _kill_tagged(self._tag)
            for stream in (process.stdin, process.stdout):
                if stream is not None:
                    with contextlib.suppress(OSError):
                        stream.close()
        if self._drain is not None:
            self._drain.join(BYE_SECONDS)
            self._drain = None

    # ------------------------------------------------------------------ the conversation
    def new_match(self, match: int, seat: int, seed: int) -> None:
        self._send({"type": "new_match", "match": match, "seat": seat, "seed": seed})
        reply = self._receive(self._startup_limit(), "new_match")
        if reply.get("type") == "error":
            raise BotFailure(_text(reply.get("message")) or tr("could not start a match"), False)
        if reply.get("type") != "ready":
            self._violation(tr("answered new_match with something other than ready"))

    def choose(self, observation: Any) -> Action:
        """Send the observation, return the bot's action (decoded, not yet checked legal)."""
        self._send({"type": "observation", "observation": wire.observation_to_wire(observation)})
        reply = self._receive(self.time_limit, "observation")
        kind = reply.get("type")
        if kind == "error":
            raise BotFailure(_text(reply.get("message")) or tr("reported an error"), False)
        if kind != "action":
            self._violation(tr("answered an observation with something other than an action"))
        try:
            return wire.action_from_wire(reply.get("action"))
        except wire.WireError as error:
            self._violation(tr("sent an invalid action: {error}").format(error=error))
            raise  # unreachable: _violation raises

    def match_over(self, match: int, winners: tuple[int, ...], forfeit: dict | None) -> None:
        """Tell the bot how the match ended (no reply expected)."""
        self._send({"type": "match_over", "match": match, "winners": list(winners),
                    "forfeit": forfeit})

    # ------------------------------------------------------------------ lines
    def _startup_limit(self) -> float | None:
        return None if self.time_limit is None else max(self.time_limit, STARTUP_SECONDS)

    def _send(self, message: dict[str, Any]) -> None:
        process = self._process
        if process is None:
            raise BotFailure(tr("its process is not running"))
        data = memoryview((wire.dumps_line(message) + "\n").encode("utf-8"))
        assert process.stdin is not None
        fd = process.stdin.fileno()
        deadline = time.monotonic() + (self._startup_limit() or STARTUP_SECONDS)
        while data:
            try:
                written = os.write(fd, data)
            except BlockingIOError:
                written = 0
            except OSError:
                self._died("")
            data = data[written:]
            if data:  # the pipe is full: the bot is not reading its input
                wait = deadline - time.monotonic()
                if wait <= 0:
                    self.kill()
                    raise BotFailure(tr("stopped reading its input"))
                select.select([], [fd], [], wait)

    def _receive(self, limit: float | None, answering: str) -> dict[str, Any]:
        process = self._process
        if process is None:
            raise BotFailure(tr("its process is not running"))
        assert process.stdout is not None
        fd = process.stdout.fileno()
        deadline = None if limit is None else time.monotonic() + limit
        while True:
            end = self._buffer.find(b"\n")
            if end >= 0:
                break
            if len(self._buffer) > wire.MAX_LINE_BYTES:
                self._violation(tr("wrote more than {limit} bytes without a newline on stdout")
                                .format(limit=wire.MAX_LINE_BYTES))
            wait = None if deadline is None else deadline - time.monotonic()
            if wait is not None and wait <= 0:
                self.kill()
                raise BotFailure(_too_slow(answering, limit))
            ready, _, _ = select.select([fd], [], [], wait)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 1 << 16)
            except BlockingIOError:
                continue
            except OSError:
                chunk = b""
            if not chunk:
                self._died(answering)
            self._buffer += chunk
        line = bytes(self._buffer[:end])
        del self._buffer[: end + 1]
        try:
            message = wire.loads_line(line)
        except wire.WireError as error:
            self._violation(tr("wrote a line that is not a protocol message ({error}): {line} "
                               "(print to stderr instead)").format(error=error,
                                                                   line=_preview(line)))
        if type(message) is not dict:
            self._violation(tr("wrote a line that is not a protocol message: {line}").format(
                line=_preview(line)))
        if self._buffer.strip():
            self._violation(tr("sent more than one reply"))
        return message

    def _died(self, answering: str) -> None:
        """The process is gone: before reading its input (``answering`` empty) or instead of
        answering that message."""
        process = self._process
        status = None
        if process is not None:
            try:
                status = process.wait(BYE_SECONDS)
            except subprocess.TimeoutExpired:
                status = None
        self.kill()
        signal_name = None
        if status is not None and status < 0:
            try:
                signal_name = signal.Signals(-status).name
            except ValueError:
                signal_name = None
        log = str(self.log_path)
        raise BotFailure(_death(status, signal_name, answering).format(
            status=status, signal=signal_name if signal_name is not None else -(status or 0),
            message=answering, log=log))

    def _violation(self, what: str) -> None:
        self.kill()
        raise BotFailure(tr("broke the bot protocol: {problem}").format(problem=what))


def _death(status: int | None, signal_name: str | None, answering: str) -> str:
    """How the process ended and when, as one sentence (its placeholders: ``{status}``,
    ``{signal}``, ``{message}`` the protocol message it did not answer, ``{log}``)."""
    if not answering:
        if status is None:
            return tr("its process closed its output before reading its input (log: {log})")
        if status < 0 and signal_name is not None:
            return tr("its process was killed by {signal} before reading its input (log: {log})")
        if status < 0:
            return tr("its process was killed by signal {signal} before reading its input "
                      "(log: {log})")
        return tr("its process exited with status {status} before reading its input "
                  "(log: {log})")
    # Translators: {message} is a protocol word (hello, new_match, observation): kept as it is.
    if status is None:
        return tr("its process closed its output instead of answering {message} (log: {log})")
    if status < 0 and signal_name is not None:
        # Translators: {message} is a protocol word (hello, new_match, observation).
        return tr("its process was killed by {signal} instead of answering {message} "
                  "(log: {log})")
    if status < 0:
        # Translators: {message} is a protocol word (hello, new_match, observation).
        return tr("its process was killed by signal {signal} instead of answering {message} "
                  "(log: {log})")
    # Translators: {message} is a protocol word (hello, new_match, observation).
    return tr("its process exited with status {status} instead of answering {message} "
              "(log: {log})")


def _too_slow(answering: str, limit: float | None) -> str:
    if answering == "observation":
        return tr("took longer than {limit:g} s to decide").format(limit=limit)
    # Translators: {message} is a protocol word (hello, new_match): kept as it is.
    return tr("did not answer {message} within {limit:g} s").format(message=answering,
                                                                     limit=limit)


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    """Kill the bot and anything it started (it leads its own session)."""
    with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        process.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(BYE_SECONDS)


def _kill_tagged(tag: str) -> None:
    """Kill what the bot started that left its process group (``setsid()``, a daemon): on
    Linux every process of ours whose environment still carries the bot's tag. Best effort: a
    process that clears its environment escapes (docs/bots.md, "not a sandbox")."""
    proc = Path("/proc")
    if not proc.is_dir():
        return
    marker = f"{TAG_VARIABLE}={tag}".encode()
    me = os.getpid()
    with contextlib.suppress(OSError):
        for entry in proc.iterdir():
            if not entry.name.isdigit() or int(entry.name) == me:
                continue
            try:
                environment = (entry / "environ").read_bytes()
            except OSError:  # gone already, or another user's
                continue
            if marker in environment.split(b"\0"):
                with contextlib.suppress(OSError):
                    os.kill(int(entry.name), signal.SIGKILL)


def _keep_log(stream: IO[bytes], log: IO[bytes]) -> None:
    """Copy the bot's stderr into its log up to the limit; read and drop the rest."""
    kept = 0
    try:
        while chunk := stream.read(1 << 16):
            if kept < LOG_LIMIT_BYTES:
                part = chunk[: LOG_LIMIT_BYTES - kept]
                log.write(part)
                kept += len(part)
                if kept >= LOG_LIMIT_BYTES:
                    log.write(b"\n--- log limit reached; further output is discarded\n")
                log.flush()
    except (OSError, ValueError):
        pass
    finally:
        try:
            stream.close()
            log.close()
        except OSError:
            pass


def _text(value: Any, limit: int = 300) -> str:
    """A bot-provided value as bounded text for a report."""
    if value is None:
        return ""
    if type(value) is str:
        text = value
    elif type(value) in (int, bool):
        text = str(value)[:40]
    else:
        text = type(value).__name__
    return printable(text if len(text) <= limit else text[:limit] + "...")


def _preview(line: bytes) -> str:
    return repr(line[:60].decode("utf-8", "replace")) + ("..." if len(line) > 60 else "")
