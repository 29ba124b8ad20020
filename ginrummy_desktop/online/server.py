"""``ginrummy-server --config FILE.toml``: run the referee until SIGTERM (or Ctrl+C).

``ginrummy-server init`` and ``ginrummy-server up`` set up and run a whole server
(ejabberd and the referee): see ``setup_cli.py``.

It says why it cannot start (unreadable config, database missing, server unreachable, secret
refused) in one line and exits with status 1; a clean stop exits 0.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Sequence
from typing import Any

from ginrummy_desktop.online.config import ConfigError, ServerConfig, load_config
from ginrummy_desktop.online.service_store import ServiceStore, StoreError

START_TIMEOUT = 20.0


async def serve(config: ServerConfig, stop: asyncio.Event | None = None) -> int:
    from ginrummy_desktop.online.referee import Referee

    store = ServiceStore(config.database_url)
    referee = Referee(config, store)
    problem: list[str] = []
    closed = asyncio.Event()

    def connection_failed(error: Any) -> None:
        problem.append(f"cannot reach the XMPP server at {config.host}:{config.port}: {error}")
        closed.set()

    def stream_error(error: Any) -> None:
        problem.append(
            f"the XMPP server refused the component {config.component}: {error['condition']}"
            + (" (wrong secret?)" if error["condition"] == "not-authorized" else ""))

    referee.add_event_handler("connection_failed", connection_failed)
    referee.add_event_handler("stream_error", stream_error)
    referee.add_event_handler("disconnected", lambda e: closed.set())
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    logging.getLogger("ginrummy.referee").info(
        "connecting to %s:%d as %s", config.host, config.port, config.component)
    referee.connect()
    ready = asyncio.ensure_future(referee.ready.wait())
    closing = asyncio.ensure_future(closed.wait())
    stopping = asyncio.ensure_future(stop.wait())  # SIGTERM while starting stops the start
    await asyncio.wait([ready, closing, stopping], timeout=START_TIMEOUT,
                       return_when=asyncio.FIRST_COMPLETED)
    if stop.is_set() and not referee.ready.is_set():
        referee.abort()
        store.close()
        return 0
    if not referee.ready.is_set():
        referee.abort()
        store.close()
        reason = problem[0] if problem else "the XMPP server did not accept the component in time"
        print(f"ginrummy-server: error: {reason}", file=sys.stderr)
        return 1
    logging.getLogger("ginrummy.referee").info("serving as %s", config.component)
    await asyncio.wait([stopping, asyncio.ensure_future(closed.wait())],
                       return_when=asyncio.FIRST_COMPLETED)
    referee.disconnect(wait=2.0)
    await asyncio.sleep(0.1)
    referee.flush_writes()  # nothing queued is lost on a clean stop
    store.close()
    if not stop.is_set():
        print("ginrummy-server: error: lost the connection to the XMPP server", file=sys.stderr)
        return 1
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] in ("init", "up"):  # set up / run a whole server (setup_cli.py)
        from ginrummy_desktop.online import setup_cli

        return setup_cli.main(argv)
    parser = argparse.ArgumentParser(prog="ginrummy-server", description=__doc__.split("\n")[0])
    parser.add_argument("--config", required=True, metavar="FILE.toml")
    parser.add_argument("--log-level", default="INFO")
    args = parser.parse_args(argv)
    logging.basicConfig(level=args.log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        config = load_config(args.config)
        return asyncio.run(serve(config))
    except (ConfigError, StoreError) as error:
        print(f"ginrummy-server: error: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
