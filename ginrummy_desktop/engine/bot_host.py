"""Runs one ``package.module:Class`` bot in a child process, speaking the ``ginrummy-bot`` protocol.

    python3 -m ginrummy_desktop.engine.bot_host package.module:Class

The runner starts this for every plug-in bot (see ``engine/bot_process.py`` and docs/bots.md).
The bot gets the same observation objects as in-process (decoded by ``engine.wire``) and its
``choose`` answer is encoded back. The protocol owns the real stdin/stdout; the bot's own
``print`` and anything written to file descriptor 1 go to stderr (the runner's log), and its
stdin reads nothing. Whatever the bot raises (``SystemExit`` and ``KeyboardInterrupt`` too) is
reported as an ``error`` message, never a crash of the host.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import re
import sys
from typing import IO, Any

from ginrummy_desktop.engine import translation, wire
from ginrummy_desktop.engine.translation import tr

PROTOCOL = "ginrummy-bot"
PROTOCOL_VERSION = 1  # engine.bot_process.PROTOCOL_VERSION (not imported: the host stays small)
#: The runner's language (engine.bot_process sets it): the host's messages end up in its report.
LANGUAGE_VARIABLE = "GINRUMMY_BOT_LANGUAGE"


class _Missing(Exception):
    """The named module or class does not exist."""


def _take_protocol_streams() -> tuple[IO[bytes], IO[bytes]]:
    """Keep private copies of stdin/stdout for the protocol; point 0 at /dev/null, 1 at 2."""
    protocol_in = os.fdopen(os.dup(0), "rb")
    protocol_out = os.fdopen(os.dup(1), "wb", buffering=0)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)
    sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - for the process's lifetime
    sys.stdout = sys.stderr
    return protocol_in, protocol_out


def _load(spec: str) -> Any:
    module_name, _, attribute = spec.partition(":")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        missing = error.name or ""
        if module_name == missing or module_name.startswith(missing + "."):
            raise _Missing(tr("cannot import bot {bot}: no module named {module}").format(
                bot=repr(spec), module=repr(missing))) from None
        raise
    if not hasattr(module, attribute):
        raise _Missing(tr("cannot import bot {bot}: {module} has no attribute {attribute}")
                       .format(bot=repr(spec), module=module_name, attribute=repr(attribute)))
    factory = getattr(module, attribute)
    if not callable(factory):
        raise _Missing(tr("bot {bot} is not a class or factory").format(bot=repr(spec)))
    return factory


def describe_failure(error: BaseException) -> str:
    """``Type: message`` (bounded) without trusting the exception's own ``__str__``."""
    name = type(error).__name__
    try:
        text = str(error)
    except BaseException:  # noqa: BLE001 - a hostile __str__
        text = tr("(its message could not be shown)")
    if type(name) is not str:
        name = "exception"
    if type(text) is not str:
        text = tr("(its message is not text)")
    text = printable(text if len(text) <= 300 else text[:300] + "...")
    return f"{printable(name)}: {text}" if text else printable(name)


#: Characters a terminal acts on rather than shows: C0 and C1 controls (ESC starts the
#: sequences that clear a screen or set a window title), DEL, and the invisible format
#: characters that reorder or hide text (bidi overrides, zero-width marks).
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")


def printable(text: str) -> str:
    """One line of text that any terminal and JSON encoder can show as it is: whitespace runs
    become one space, lone surrogates ``?``, and every control character its escape
    (``\\x1b``), so text from a bot or a record can never drive the operator's terminal."""
    line = " ".join(text.encode("utf-8", "replace").decode("utf-8").split())
    return _CONTROL.sub(_escape, line)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


class _Host:
    def __init__(self, spec: str, out: IO[bytes]) -> None:
        self.spec = spec
        self.out = out
        self.factory: Any = None
        self.agent: Any = None
        self.problem: str | None = None  # why the current match has no agent

    def send(self, message: dict[str, Any]) -> None:
        self.out.write((wire.dumps_line(message) + "\n").encode("utf-8"))

    def hello(self, message: dict[str, Any]) -> None:
        if message.get("version") != PROTOCOL_VERSION:
            self.send({"type": "error", "message": tr(
                "the host speaks protocol version {version}, not {other}").format(
                    version=PROTOCOL_VERSION, other=repr(message.get("version")))})
            return
        try:
            self.factory = _load(self.spec)
        except _Missing as error:
            self.send({"type": "error", "missing": True, "message": str(error)})
            return
        except BaseException as error:  # noqa: BLE001 - the module's fault, reported
            self.send({"type": "error", "message": tr("could not be loaded: {error}").format(
                error=describe_failure(error))})
            return
        self.send({"type": "hello", "protocol": PROTOCOL, "version": PROTOCOL_VERSION,
                   "name": self.spec})

    def new_match(self, message: dict[str, Any]) -> None:
        self.agent, self.problem = None, None
        seed = message.get("seed")
        try:
            try:
                agent = self.factory(seed=seed)
            except TypeError:
                agent = self.factory()
            if not callable(getattr(agent, "choose", None)):
                self.problem = tr("has no choose(observation) method")
            else:
                self.agent = agent
        except BaseException as error:  # noqa: BLE001 - reported as the bot's forfeit
            self.problem = tr("could not be constructed: {error}").format(
                error=describe_failure(error))
        self.send({"type": "ready"})

    def observation(self, message: dict[str, Any]) -> None:
        if self.agent is None:
            self.send({"type": "error", "message": self.problem or tr("no match was started")})
            return
        observation = wire.observation_from_wire(message.get("observation"))
        try:
            action = self.agent.choose(observation)
        except BaseException as error:  # noqa: BLE001 - reported as the bot's forfeit
            self.send({"type": "error", "message": tr("raised {error}").format(
                error=describe_failure(error))})
            return
        try:
            encoded = wire.action_to_wire(action)
        except wire.WireError as error:
            self.send({"type": "error", "message": tr(
                "returned something that is not a legal action ({error})").format(error=error)})
            return
        self.send({"type": "action", "action": encoded})

    def match_over(self, message: dict[str, Any]) -> None:
        notify = getattr(self.agent, "match_over", None)
        if callable(notify):
            with contextlib.suppress(BaseException):  # a notification; nothing to answer
                notify(message)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python3 -m ginrummy_desktop.engine.bot_host package.module:Class",
              file=sys.stderr)
        return 2
    translation.set_language(os.environ.get(LANGUAGE_VARIABLE) or "en")
    protocol_in, protocol_out = _take_protocol_streams()
    host = _Host(args[0], protocol_out)
    handlers = {"hello": host.hello, "new_match": host.new_match,
                "observation": host.observation, "match_over": host.match_over}
    try:
        for line in protocol_in:
            message = wire.loads_line(line)
            kind = message.get("type") if isinstance(message, dict) else None
            if kind == "bye":
                break
            handler = handlers.get(kind) if isinstance(kind, str) else None
            if handler is None:
                host.send({"type": "error", "message": tr("unknown message type {type}").format(
                    type=repr(kind))})
                continue
            handler(message)
    except (BrokenPipeError, KeyboardInterrupt):
        pass
    protocol_out.flush()
    os._exit(0)  # skip the bot's atexit handlers and non-daemon threads: the match is over


if __name__ == "__main__":
    sys.exit(main())
