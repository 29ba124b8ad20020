"""Shared set-up for the online tests: a referee in the test's event loop, and clients."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from ginrummy_desktop.online.client import OnlineClient
from ginrummy_desktop.online.config import ServerConfig
from ginrummy_desktop.online.referee import Referee
from ginrummy_desktop.online.service_store import ServiceStore

PASSWORD = "correct horse battery"


def referee_config(server: Any, directory: Path, database_url: str | None = None,
                   **changes: Any) -> ServerConfig:
    config = ServerConfig(
        domain=server.domain, component=server.component_name,
        secret=server.component_secret, host=server.host, port=server.component_port,
        muc_domain=server.muc_domain,
        database_url=database_url or f"sqlite:///{directory / 'service.db'}",
        records_dir=str(directory / "records"), clock_tick=1.0)
    for key, value in changes.items():
        setattr(config, key, value)
    return config


@asynccontextmanager
async def running_referee(config: ServerConfig) -> AsyncIterator[Referee]:
    store = ServiceStore(config.database_url)
    referee = Referee(config, store)
    referee.connect()
    try:
        await asyncio.wait_for(referee.ready.wait(), 30)
        yield referee
    finally:
        referee.disconnect(wait=1.0)
        await asyncio.sleep(0.2)
        store.close()


def new_client(server: Any, user: str, port: int | None = None) -> OnlineClient:
    return OnlineClient(f"{user}@{server.domain}", PASSWORD, host=server.host,
                        port=port or server.c2s_port, referee=server.component_name,
                        muc_domain=server.muc_domain, verify_tls=False,
                        resource=f"r{secrets.token_hex(2)}")


async def wait_until(condition: Callable[[], bool], timeout: float, what: str) -> None:
    """Poll ``condition`` on the event loop until true; fail naming ``what`` after timeout."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)
