"""A bot seated online: it answers every ``state`` in which it is to move, thinking off the
event loop (in a worker thread) so the connection stays responsive."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from ginrummy_desktop.engine.registry import get_game
from ginrummy_desktop.engine.runner import load_agent_factory, make_agent
from ginrummy_desktop.engine.wire import action_to_wire, observation_from_wire
from ginrummy_desktop.online.client import OnlineClient, RequestRefused

log = logging.getLogger("ginrummy.bot_player")


class BotPlayer:
    """Plays every table ``client`` sits at with a fresh agent per table."""

    def __init__(self, client: OnlineClient, bots: dict[str, str], seed: int = 0) -> None:
        self.client = client
        self.bots = bots  # game -> bot id or package.module:Class
        self.seed = seed
        self.agents: dict[str, Any] = {}
        self.finished: dict[str, dict] = {}
        self.hand_records: dict[str, list[dict]] = {}
        self.refusals: list[str] = []
        self._thinking: set[tuple[str, int]] = set()
        client.on("state", self._on_state)
        client.on("hand_end", self._on_hand_end)
        client.on("match_end", self._on_match_end)

    def _agent(self, table: str, game: str) -> Any:
        if table not in self.agents:
            spec = get_game(game)
            self.agents[table] = make_agent(load_agent_factory(spec, self.bots[game]), self.seed)
        return self.agents[table]

    def _on_hand_end(self, data: dict) -> None:
        self.hand_records.setdefault(data["table"], []).append(data["record"])

    def _on_match_end(self, data: dict) -> None:
        self.finished[data["table"]] = data

    async def _on_state(self, data: dict) -> None:
        try:
            await self._answer(data)
        except Exception:  # noqa: BLE001 - a broken bot is logged; the clock will end its game
            log.exception("the bot failed to answer at table %s", data.get("table"))

    async def _answer(self, data: dict) -> None:
        table, seq = data["table"], data["seq"]
        log.debug("%s: state %s seq %d to_move %s seat %s", self.client.username, table, seq,
                  data["to_move"], data.get("seat"))
        if data["status"] != "playing" or data["to_move"] != data["seat"]:
            return
        if (table, seq) in self._thinking or not data["observation"]["legal_actions"]:
            return
        self._thinking.add((table, seq))
        observation = observation_from_wire(data["observation"])
        agent = self._agent(table, data["game"])
        action = await asyncio.get_running_loop().run_in_executor(None, agent.choose, observation)
        if self.client.last_seq.get(table) != seq:
            log.info("%s: table %s moved on from %d to %s while thinking", self.client.username,
                     table, seq, self.client.last_seq.get(table))
            return  # the table moved on meanwhile (a resync will bring the new state)
        try:
            await self.client.move(table, action_to_wire(action), seq=seq)
        except RequestRefused as error:
            self.refusals.append(error.reason)
            log.info("%s: move refused at %s: %s", self.client.username, table, error.reason)
            self._thinking.discard((table, seq))
            await self._resync(table)  # the referee sends the table as it is; we answer that
        finally:
            self._thinking.discard((table, seq))

    async def _resync(self, table: str) -> None:
        for _attempt in range(20):
            try:
                await self.client.resync(table)
                return
            except RequestRefused as error:  # e.g. the referee is restarting: try again
                log.info("resync of %s refused: %s", table, error.reason)
                await asyncio.sleep(0.5)

    async def wait_finished(self, table: str, timeout: float) -> dict:
        """The table's match_end payload, waiting up to ``timeout`` seconds."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while table not in self.finished:
            if loop.time() > end:
                raise TimeoutError(f"table {table} did not finish in {timeout} s")
            await asyncio.sleep(0.05)
        return self.finished[table]
