"""What each request (docs/online-protocol.md) does, in terms of the table service, the lobby
and the store; the referee has already checked who sent it, its rate and its payload.

A handler returns the reply's data or raises ``MoveRefused`` with the reason; the referee sends
the reply once every write the request made is stored.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from ginrummy_desktop.engine.registry import get_game
from ginrummy_desktop.online import protocol
from ginrummy_desktop.online.lobby import Lobby
from ginrummy_desktop.online.table import LiveTable, MoveRefused, rules_for
from ginrummy_desktop.online.table_service import TableService

log = logging.getLogger("ginrummy.referee")
RECORDS_PAGE = 8  # hand records per reply (a cribbage record is up to ~6 KB)
Handler = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]]


class Requests:
    def __init__(self, service: TableService, lobby: Lobby,
                 invitee: Callable[[str, str], str]) -> None:
        """``invitee(host, address)``: the user name ``host`` may invite (the referee checks
        the address and the invitation limits), or ``MoveRefused``."""
        self.service = service
        self.store = service.store
        self.lobby = lobby
        self.invitee = invitee

    def handler(self, kind: str) -> Handler:
        handler: Handler = getattr(self, kind)
        return handler

    async def create(self, user: str, data: dict) -> dict:
        service = self.service
        if service.hosts_open_table(user):
            raise MoveRefused("you already host an open table")
        options = {"preset": data.get("preset") or next(iter(get_game(data["game"]).presets)),
                   "clock": data.get("clock", service.config.clock)}
        if "target" in data:
            options["target"] = data["target"]
        try:
            rules_for(data["game"], options)
        except ValueError as error:
            raise MoveRefused(str(error)) from None
        invitee = self.invitee(user, data["invite"]) if "invite" in data else None
        table = service.create_table(user, data["game"], options, data.get("rated", True))
        if invitee is not None:
            self._send_invitation(table, user, invitee)
        return {"table": table.id}

    async def invite(self, user: str, data: dict) -> dict:
        table, _seat = self.service.seated(user, data["table"])
        if table.match is not None:
            raise MoveRefused("the match has started")
        self._send_invitation(table, user, self.invitee(user, data["user"]))
        return {}

    def _send_invitation(self, table: LiveTable, host: str, invitee: str) -> None:
        """Tell ``invitee`` about an open table, unless they block ``host`` (then nothing is
        sent, and the host is not told: a block is not announced)."""
        if self.store.blocks(invitee, host):
            log.debug("not inviting %s: they block %s", invitee, host)
            return
        self.service.transport.send_event(invitee, "invite", {"table": table.id, "from": host,
                                                              "game": table.game})

    async def blocklist(self, user: str, data: dict) -> dict:
        self.service.writer.write(partial(self.store.set_blocks, user, data["users"]))
        return {}

    async def join(self, user: str, data: dict) -> dict:
        table = self.service.tables.get(data["table"])
        if table is None or table.match is not None:
            raise MoveRefused("that table is not open")
        if user in table.players:
            raise MoveRefused("you are already at that table")
        self.service.seat_guest(table, user)
        return {"table": table.id, "seat": 1}

    async def leave(self, user: str, data: dict) -> dict:
        table, _seat = self.service.seated(user, data["table"])
        self.service.leave(table)
        return {}

    async def move(self, user: str, data: dict) -> dict:
        table, seat = self.service.seated(user, data["table"])
        action = table.check_move(seat, data["seq"], data["action"])
        stored = self.service.play(table, seat, action)
        seq = table.seq
        await self.service.writer.settled()
        if stored.exception() is not None:
            raise MoveRefused("the service could not save the move; try again")
        return {"seq": seq}

    async def resync(self, user: str, data: dict) -> dict:
        await self.service.writer.settled()  # the moves listed include every one made
        table, seat = self.service.seated(user, data["table"])
        if table.match is None:
            return {"seq": 0, "status": "open"}
        self.service.resync(user, table, seat, data.get("since", 0))
        return {"seq": table.seq}

    async def claim(self, user: str, data: dict) -> dict:
        table, seat = self.service.seated(user, data["table"])
        self.service.claim(table, seat)
        return {}

    async def resign(self, user: str, data: dict) -> dict:
        """The asker gives the match up: the opponent wins (``resigned``). A resignation is a
        finished game, not an abandoned one: it is rated, and it does not count against the
        resigner's completion rate (leaving without a word, or running out of time, does)."""
        table = self.service.tables.get(data["table"])
        if table is None:
            await self.service.writer.settled()
            row = self.store.table(data["table"])
            if row is not None and user in (row.host, row.guest):
                raise MoveRefused("the match is over: there is nothing to resign")
            raise MoveRefused("you are not seated at this table")
        seat = table.seat_of(user)
        if seat is None:
            raise MoveRefused("you are not seated at this table")
        if table.match is None:
            raise MoveRefused("the match has not started: leave the table instead")
        if table.over:
            raise MoveRefused("the match is over: there is nothing to resign")
        self.service.finish(table, (1 - seat,), "resigned")
        return {}

    async def tables(self, user: str, data: dict) -> dict:
        self.lobby.watch(user, data.get("game"))
        return {"tables": self.service.open_tables(data.get("game"))}

    async def mytables(self, user: str, data: dict) -> dict:
        return {"tables": [{"table": t.id, "game": t.game, "seq": t.seq,
                            "status": "open" if t.match is None else "playing"}
                           for t in self.service.tables_of(user)]}

    async def quick(self, user: str, data: dict) -> dict:
        return self.lobby.quick_match(user, data["game"], cancel=data.get("cancel", False),
                                      computer=data.get("computer", False))

    async def profile(self, user: str, data: dict) -> dict:
        who = data.get("user", user)
        if "display" in data:
            if who != user:
                raise MoveRefused("you can only change your own profile")
            await self.service.writer.run(partial(self.store.set_display, user, data["display"]))
        else:
            await self.service.writer.settled()  # a result just stored shows
        games = {}
        for game in protocol.GAMES:
            row = self.store.rating(who, game)
            games[game] = {"rating": round(row.rating, 1), "rd": round(row.rd, 1),
                           "games": row.games, "wins": row.wins,
                           "completion_rate": round(row.completion_rate, 3)}
        return {"user": who, "display": self.store.display_name(who), "games": games}

    async def leaderboard(self, user: str, data: dict) -> dict:
        await self.service.writer.settled()
        rows = self.store.leaderboard(data["game"], 100)
        return {"game": data["game"], "rank": self.store.rank(user, data["game"]),
                "top": [{"user": r.username, "rating": round(r.rating, 1), "rd": round(r.rd, 1),
                         "games": r.games, "wins": r.wins} for r in rows]}

    async def history(self, user: str, data: dict) -> dict:
        await self.service.writer.settled()
        return {"history": self.store.rating_history(data.get("user", user), data["game"])}

    async def records(self, user: str, data: dict) -> dict:
        await self.service.writer.settled()
        row = self.store.table(data["table"])
        if row is None:
            raise MoveRefused(f"no table {data['table']}")
        start = data.get("start", 0)
        records = self.store.records(row.id)
        return {"records": records[start:start + RECORDS_PAGE],
                "more": len(records) > start + RECORDS_PAGE}
