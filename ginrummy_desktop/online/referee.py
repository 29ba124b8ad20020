"""The referee: an XEP-0114 external component that is the only authority over every table.

It deals (through the engine), sends each seat only its own observation, checks every move with
the engine, runs the move clocks and the reconnect grace, writes hand records and rates
finished matches. Clients talk to it with ``<iq type="set"><game type="..."/></iq>`` requests;
it pushes table events as ``<message type="headline">`` (headlines are never stored offline,
so a player who comes back is resynced, not flooded). See docs/online-protocol.md.
"""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from slixmpp import ComponentXMPP, Iq, Message
from slixmpp.xmlstream import register_stanza_plugin
from slixmpp.xmlstream.handler import CoroutineCallback
from slixmpp.xmlstream.matcher import StanzaPath

from ginrummy_desktop.engine.registry import get_game
from ginrummy_desktop.engine.wire import action_to_wire
from ginrummy_desktop.online import protocol
from ginrummy_desktop.online.config import ServerConfig
from ginrummy_desktop.online.limits import RateLimiter
from ginrummy_desktop.online.lobby import Lobby
from ginrummy_desktop.online.ratings import rate_match
from ginrummy_desktop.online.records import match_summary, write_hands, write_summary
from ginrummy_desktop.online.service_store import OPEN, PLAYING, ServiceStore
from ginrummy_desktop.online.table import (
    COMPUTER_PREFIX,
    LiveTable,
    MoveRefused,
    is_computer,
    rules_for,
    unfinished_deal,
    winners_of,
)

log = logging.getLogger("ginrummy.referee")
PING_TIMEOUT = 5.0  # seconds a player's client has to answer the referee's ping
# Results that count against the loser's completion rate: leaving (abandoned), and letting the
# clock run out, which is how an absent player to move loses now that the clock keeps running
# while they are away; counting it keeps walking away from a lost match from being free.
INCOMPLETE = ("abandoned", "timeout")
RECORDS_PAGE = 8  # hand records per reply (a cribbage record is up to ~6 KB)


def _tenths_left(deadline: float, now: float) -> float:
    """Seconds left, rounded up to a tenth: 0 is shown only once the time has really run out."""
    return max(0.0, math.ceil((deadline - now) * 10) / 10)


class Referee(ComponentXMPP):
    def __init__(self, config: ServerConfig, store: ServiceStore) -> None:
        super().__init__(config.component, config.secret, config.host, config.port)
        self.config = config
        self.store = store
        self.tables: dict[str, LiveTable] = {}
        self.deadlines: dict[str, float] = {}  # table -> monotonic deadline of the move due
        self.next_tick: dict[str, float] = {}
        self.pinged: dict[str, int] = {}  # table -> the version whose mover was pinged
        # account -> its sessions (full JIDs) present now, the most recently seen last: an
        # account is away only when its last session has gone (players sign in twice).
        self.sessions: dict[str, dict[str, None]] = {}
        self.limiter = RateLimiter(config.limits)
        self.lobby = Lobby(self)
        self.ready = asyncio.Event()
        self._ticker: asyncio.Task | None = None
        register_stanza_plugin(Iq, protocol.GamePayload)
        register_stanza_plugin(Message, protocol.GamePayload)
        self.register_plugin("xep_0030")
        self.register_plugin("xep_0045")
        self.register_plugin("xep_0004")
        self.register_plugin("xep_0199")
        self.register_handler(CoroutineCallback(
            "game request", StanzaPath("iq@type=set/game"), self._on_request))
        self.add_event_handler("session_start", self._on_session_start)
        self.add_event_handler("presence_available", self._on_available)
        self.add_event_handler("presence_unavailable", self._on_unavailable)
        self.add_event_handler("groupchat_message", self.lobby.on_groupchat)

    # ------------------------------------------------------------------ start and resume
    async def _on_session_start(self, _event: Any) -> None:
        self._load_tables()
        if self._ticker is None:
            self._ticker = asyncio.ensure_future(self._tick_forever())
        await self.lobby.start()
        self.ready.set()
        log.info("referee %s ready with %d tables", self.boundjid, len(self.tables))

    def _load_tables(self) -> None:
        """Resume every open and playing table from storage (after a restart or a crash)."""
        for row in self.store.tables(self.config.component, [OPEN, PLAYING]):
            if row.id in self.tables:
                continue
            table = LiveTable(row.id, row.game, row.options, [row.host, row.guest], row.rated)
            self.tables[row.id] = table
            if row.status == PLAYING and row.snapshot is not None:
                table.restore(row.snapshot, row.seq, len(self.store.records(row.id)))
                if table.over:  # stopped between the last move and the result: finish now
                    self.finish(table, winners_of(table.game, table.match), "finished")
                    continue
                self._start_clock(table)
                self._send_states(table)
                self._maybe_computer_move(table)

    # ------------------------------------------------------------------ sending
    def send_event(self, username: str | None, kind: str, data: dict[str, Any]) -> None:
        self.send_event_to([username], kind, data)

    def send_event_to(self, usernames: Sequence[str | None], kind: str,
                      data: dict[str, Any]) -> None:
        """One event to several accounts (encoded once). Written as XML text: building a
        stanza object and letting slixmpp escape its JSON character by character was half of
        the referee's CPU per move (docs/performance.md)."""
        recipients = [name for name in usernames if name is not None and not is_computer(name)]
        if not recipients:
            return
        payload = (f'<game xmlns="{protocol.NAMESPACE}" type={quoteattr(kind)}>'
                   f"{escape(protocol.encode(data))}</game>")
        sender = quoteattr(self.boundjid.full)
        for username in recipients:
            self.send_raw(f'<message to={quoteattr(f"{username}@{self.config.domain}")} '
                          f'from={sender} type="headline">{payload}</message>')

    def _send_events(self, table: LiveTable, events: list) -> None:
        for event in events:
            seats = (0, 1) if event.seat is None else (event.seat,)
            for seat in seats:
                data = event.data
                if event.kind == "state":
                    data = dict(data, **self._clock_fields(table))
                self.send_event(table.players[seat], event.kind, data)

    def _send_states(self, table: LiveTable) -> None:
        for seat in (0, 1):
            self._send_state(table, seat)

    def _send_state(self, table: LiveTable, seat: int) -> None:
        data = dict(table.state_for(seat), **self._clock_fields(table))
        self.send_event(table.players[seat], "state", data)

    def _clock_fields(self, table: LiveTable) -> dict[str, Any]:
        deadline = self.deadlines.get(table.id)
        seat = table.to_move()
        if deadline is None or seat is None:
            return {}
        return {"clock": {"seat": seat, "seconds_left": _tenths_left(deadline, self.loop.time())}}

    # ------------------------------------------------------------------ requests
    async def _on_request(self, iq: Iq) -> None:
        sender = iq["from"]
        try:
            if sender.domain != self.config.domain or not sender.user or \
                not protocol.USERNAME_PATTERN.match(sender.user):
                raise MoveRefused("only accounts of this server may use the referee")
            if protocol.reserved_name(sender.user):
                raise MoveRefused(f"the name {sender.user!r} is reserved for the game service")
            user = sender.user
            # Before the payload is even read: a malformed request costs its sender as much.
            if not self.limiter.allow(user, "request"):
                raise MoveRefused("too many requests; slow down")
            kind, data = protocol.decode(iq["game"], protocol.REQUESTS)
            if sender.full in self.sessions.get(user, {}):
                # A request from a live session is a sign of life (e.g. after resumption);
                # one sent just before the session ended, and handled after the server said
                # so, is not: it must not bring back a player who has gone.
                self._all_back(user)
            handler = getattr(self, f"_request_{kind}")
            reply_data = await handler(user, data)
            if kind == "move":
                # An accepted move proves its sender is there, whichever session sent it; a
                # session that has in fact gone fails the next ping and is dropped then.
                self._present(user, sender.full)
        except (protocol.ProtocolError, MoveRefused) as error:
            # DEBUG: a client can cause any number of these; they are answered, not news.
            log.debug("refused %s from %s: %s", iq["game"]["type"], sender, error)
            self._reply_error(iq, str(error))
            return
        except Exception:  # noqa: BLE001 - a bug must refuse the stanza, never kill the referee
            log.exception("request from %s failed", sender)
            self._reply_error(iq, "internal error; the table is unchanged")
            return
        # As XML text, like the events (see send_event_to): no stanza copy, no slow escaping.
        self.send_raw(f'<iq type="result" to={quoteattr(sender.full)} '
                      f'from={quoteattr(iq["to"].full)} id={quoteattr(iq["id"])}>'
                      f'<game xmlns="{protocol.NAMESPACE}" type="{protocol.REPLY}">'
                      f"{escape(protocol.encode(reply_data or {}))}</game></iq>")

    def _reply_error(self, iq: Iq, reason: str) -> None:
        # The request goes first: reply() copies the stanza, and a copy of XML nested a
        # thousand deep raises RecursionError (the refusal would never be sent).
        for child in list(iq.xml):
            iq.xml.remove(child)
        reply = iq.reply(clear=True)
        reply["type"] = "error"
        reply["error"]["type"] = "modify"
        reply["error"]["condition"] = "not-acceptable"
        reply["error"]["text"] = reason
        reply.send()

    def _seated(self, user: str, table_id: str) -> tuple[LiveTable, int]:
        table = self.tables.get(table_id)
        if table is None:
            raise MoveRefused(f"no table {table_id}")
        seat = table.seat_of(user)
        if seat is None:
            raise MoveRefused("you are not seated at this table")
        return table, seat

    async def _request_create(self, user: str, data: dict) -> dict:
        if not self.limiter.allow(user, "create"):
            raise MoveRefused("too many tables created; wait a minute")
        if any(t.players[0] == user and t.match is None for t in self.tables.values()):
            raise MoveRefused("you already host an open table")
        options = {"preset": data.get("preset") or next(iter(get_game(data["game"]).presets)),
                   "clock": data.get("clock", self.config.clock)}
        if "target" in data:
            options["target"] = data["target"]
        try:
            rules_for(data["game"], options)
        except ValueError as error:
            raise MoveRefused(str(error)) from None
        invitee = self._allowed_invitation(user, data["invite"]) if "invite" in data else None
        table = self.create_table(user, data["game"], options, data.get("rated", True))
        if invitee is not None:
            self._send_invitation(table, user, invitee)
        return {"table": table.id}

    async def _request_invite(self, user: str, data: dict) -> dict:
        table, seat = self._seated(user, data["table"])
        if table.match is not None:
            raise MoveRefused("the match has started")
        self._send_invitation(table, user, self._allowed_invitation(user, data["user"]))
        return {}

    async def _request_blocklist(self, user: str, data: dict) -> dict:
        self.store.set_blocks(user, data["users"])
        return {}

    def _allowed_invitation(self, host: str, invitee: str) -> str:
        """The user name ``invitee`` (a JID or user name of this domain) if ``host`` may invite
        them now; else ``MoveRefused`` (not an account here, or too many invitations)."""
        name, _, domain = invitee.partition("@")
        if domain.split("/")[0] not in ("", self.config.domain) or \
                not protocol.USERNAME_PATTERN.match(name) or is_computer(name):
            raise MoveRefused(f"cannot invite {invitee!r}: not an account of this server")
        if not self.limiter.allow(host, "invite"):
            raise MoveRefused("too many invitations; wait a minute")
        if not self.limiter.allow(name, "invited"):
            raise MoveRefused(f"{name} has had too many invitations; try again later")
        return name

    def _send_invitation(self, table: LiveTable, host: str, invitee: str) -> None:
        """Tell ``invitee`` about an open table, unless they block ``host`` (then nothing is
        sent, and the host is not told: a block is not announced)."""
        if self.store.blocks(invitee, host):
            log.debug("not inviting %s: they block %s", invitee, host)
            return
        self.send_event(invitee, "invite", {"table": table.id, "from": host, "game": table.game})

    def create_table(self, host: str, game: str, options: dict, rated: bool) -> LiveTable:
        table_id = secrets.token_hex(6)
        self.store.ensure_player(host)
        self.store.create_table(table_id, game, options, host, rated, self.config.component)
        table = LiveTable(table_id, game, options, [host, None], rated)
        self.tables[table_id] = table
        self.lobby.tables_changed(game)
        return table

    async def _request_join(self, user: str, data: dict) -> dict:
        table = self.tables.get(data["table"])
        if table is None or table.match is not None:
            raise MoveRefused("that table is not open")
        if user in table.players:
            raise MoveRefused("you are already at that table")
        self.seat_guest(table, user)
        return {"table": table.id, "seat": 1}

    def seat_guest(self, table: LiveTable, guest: str) -> None:
        if not is_computer(guest):
            self.store.ensure_player(guest)
        table.players[1] = guest
        events = table.start()
        table.stored = table.snapshot()
        self.store.start_table(table.id, guest, table.stored)
        self._start_clock(table)
        self._send_events(table, events)
        self.lobby.tables_changed(table.game)
        self._maybe_computer_move(table)

    async def _request_leave(self, user: str, data: dict) -> dict:
        table, seat = self._seated(user, data["table"])
        if table.match is not None:
            raise MoveRefused("the match has started; it can only be finished or abandoned")
        self.store.delete_table(table.id)
        del self.tables[table.id]
        self.lobby.tables_changed(table.game)
        return {}

    async def _request_move(self, user: str, data: dict) -> dict:
        table, seat = self._seated(user, data["table"])
        action = table.check_move(seat, data["seq"], data["action"])
        self.play(table, seat, action)
        return {"seq": table.seq}

    def play(self, table: LiveTable, seat: int, action: Any) -> None:
        """Apply a checked move, store it atomically, then tell both seats."""
        before = table.stored if table.stored is not None else table.snapshot()
        first_record = table.records_sent
        records, events = table.apply(seat, action)
        after = table.snapshot()
        try:
            self.store.apply_move(table.id, table.seq, seat, action_to_wire(action),
                                  after, records, first_record)
            table.stored = after
        except Exception:
            log.exception("could not store move %d of table %s", table.seq, table.id)
            table.restore(before, table.seq - 1, first_record)
            raise MoveRefused("the service could not save the move; try again") from None
        self._write_records(table, records)
        self._start_clock(table)
        self._send_events(table, events)
        if table.over:
            self.finish(table, winners_of(table.game, table.match), "finished")
        else:
            self._maybe_computer_move(table)

    async def _request_resync(self, user: str, data: dict) -> dict:
        table, seat = self._seated(user, data["table"])
        if table.match is None:
            return {"seq": 0, "status": "open"}
        moves = [{"seq": s, "seat": who, "kind": action["kind"]}
                 for s, who, action in self.store.moves(table.id) if s > data.get("since", 0)]
        state = dict(table.state_for(seat), events=moves[-200:], **self._clock_fields(table))
        self.send_event(user, "state", state)
        return {"seq": table.seq}

    async def _request_claim(self, user: str, data: dict) -> dict:
        table, seat = self._seated(user, data["table"])
        other = 1 - seat
        deadline = table.away.get(other)
        if table.match is None or table.over or deadline is None:
            raise MoveRefused("your opponent is not away")
        if self.loop.time() < deadline:
            raise MoveRefused(f"the grace period has {deadline - self.loop.time():.0f} s left")
        self.finish(table, (seat,), "abandoned")
        return {}

    async def _request_resign(self, user: str, data: dict) -> dict:
        """The asker gives the match up: the opponent wins (``resigned``). A resignation is a
        finished game, not an abandoned one: it is rated, and it does not count against the
        resigner's completion rate (leaving without a word, or running out of time, does:
        ``INCOMPLETE``)."""
        table = self.tables.get(data["table"])
        if table is None:
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
        self.finish(table, (1 - seat,), "resigned")
        return {}

    async def _request_tables(self, user: str, data: dict) -> dict:
        self.lobby.watch(user, data.get("game"))
        return {"tables": self.lobby.open_tables(data.get("game"))}

    async def _request_mytables(self, user: str, data: dict) -> dict:
        mine = [{"table": t.id, "game": t.game, "seq": t.seq,
                 "status": "open" if t.match is None else "playing"}
                for t in self.tables.values() if user in t.players]
        return {"tables": mine}

    async def _request_quick(self, user: str, data: dict) -> dict:
        if not self.limiter.allow(user, "quick"):
            raise MoveRefused("too many quick-match requests; wait a minute")
        return self.lobby.quick_match(user, data["game"], cancel=data.get("cancel", False),
                                      computer=data.get("computer", False))

    async def _request_profile(self, user: str, data: dict) -> dict:
        who = data.get("user", user)
        if "display" in data:
            if who != user:
                raise MoveRefused("you can only change your own profile")
            self.store.set_display(user, data["display"])
        games = {}
        for game in protocol.GAMES:
            row = self.store.rating(who, game)
            games[game] = {"rating": round(row.rating, 1), "rd": round(row.rd, 1),
                           "games": row.games, "wins": row.wins,
                           "completion_rate": round(row.completion_rate, 3)}
        return {"user": who, "display": self.store.display_name(who), "games": games}

    async def _request_leaderboard(self, user: str, data: dict) -> dict:
        rows = self.store.leaderboard(data["game"], 100)
        return {"game": data["game"], "rank": self.store.rank(user, data["game"]),
                "top": [{"user": r.username, "rating": round(r.rating, 1), "rd": round(r.rd, 1),
                         "games": r.games, "wins": r.wins} for r in rows]}

    async def _request_history(self, user: str, data: dict) -> dict:
        return {"history": self.store.rating_history(data.get("user", user), data["game"])}

    async def _request_records(self, user: str, data: dict) -> dict:
        row = self.store.table(data["table"])
        if row is None:
            raise MoveRefused(f"no table {data['table']}")
        start = data.get("start", 0)
        records = self.store.records(row.id)
        return {"records": records[start:start + RECORDS_PAGE],
                "more": len(records) > start + RECORDS_PAGE}

    # ------------------------------------------------------------------ the end of a match
    def finish(self, table: LiveTable, winners: tuple[int, ...], reason: str) -> None:
        """End the match once: store the outcome, rate it (if rated), tell both seats."""
        if table.id not in self.tables:
            return
        del self.tables[table.id]
        self.deadlines.pop(table.id, None)
        ratings: dict[str, Any] = {}
        humans = not any(is_computer(p) for p in table.players)
        if table.rated and humans and len(winners) == 1:
            winner, loser = table.players[winners[0]], table.players[1 - winners[0]]
            assert winner is not None and loser is not None
            new = rate_match(self.store.rating(winner, table.game),
                             self.store.rating(loser, table.game),
                             completed=reason not in INCOMPLETE)
            self.store.record_result(table.id, table.game, new, rated=True)
            ratings = {row.username: round(row.rating, 1) for row in new}
        outcome = {"winners": list(winners), "reason": reason, "players": table.players}
        self.store.finish_table(table.id, outcome)
        self._write_summary(table, winners, reason)
        data = {"table": table.id, "seq": table.seq, "winners": list(winners), "reason": reason}
        if ratings:
            data["ratings"] = ratings
        reveal = unfinished_deal(table.game, table.match) if table.match is not None else None
        if reveal is not None:  # cut short: the deck of the hand in play, to check the deal
            data["reveal"] = reveal
        for player in table.players:
            self.send_event(player, "match_end", data)
        self.lobby.tables_changed(table.game)

    def _records_path(self, table: LiveTable) -> Path | None:
        if not self.config.records_dir:
            return None
        path = Path(self.config.records_dir)
        path.mkdir(parents=True, exist_ok=True)
        return path / f"{table.id}.jsonl"

    def _write_records(self, table: LiveTable, records: list[dict]) -> None:
        path = self._records_path(table)
        if path is None or not records:
            return
        with path.open("a", encoding="utf-8") as out:
            write_hands(out, records, match=0)

    def _write_summary(self, table: LiveTable, winners: tuple[int, ...], reason: str) -> None:
        path = self._records_path(table)
        if path is None:
            return
        with path.open("a", encoding="utf-8") as out:
            write_summary(out, match_summary(table.game, 0, table.players, winners, reason))

    # ------------------------------------------------------------------ clocks and presence
    def _start_clock(self, table: LiveTable) -> None:
        """A new turn's full clock. Only a turn starts it: going away and coming back leave it
        running (a player must not win time by dropping their presence)."""
        seat = table.to_move()
        if seat is None or table.over or is_computer(table.players[seat]):
            self.deadlines.pop(table.id, None)
            return
        self.deadlines[table.id] = self.loop.time() + table.clock
        self.next_tick[table.id] = self.loop.time() + self.config.clock_tick

    async def _tick_forever(self) -> None:
        step = min(1.0, self.config.clock_tick, max(0.05, self.config.grace / 10 or 1.0))
        while True:
            await asyncio.sleep(step)
            try:
                self._tick()
            except Exception:  # noqa: BLE001 - the clock must keep running
                log.exception("clock tick failed")

    def _tick(self) -> None:
        self.lobby.tick()
        now = self.loop.time()
        for table in list(self.tables.values()):
            if table.match is None or table.over:
                continue
            deadline = self.deadlines.get(table.id)
            seat = table.to_move()
            if deadline is not None and seat is not None and now >= deadline:
                log.info("table %s: seat %d (%s) ran out of time at event %d", table.id, seat,
                         table.players[seat], table.seq)
                self.finish(table, (1 - seat,), "timeout")
                continue
            if (deadline is not None and seat is not None and deadline - now < table.clock / 2
                    and self.pinged.get(table.id) != table.seq):
                self.pinged[table.id] = table.seq
                asyncio.ensure_future(self._check_alive(table, seat, table.seq))
            if now >= self.next_tick.get(table.id, 0.0):
                self.next_tick[table.id] = now + self.config.clock_tick
                data: dict[str, Any] = {"table": table.id, "seq": table.seq}
                if deadline is not None and seat is not None:
                    data.update(seat=seat, seconds_left=_tenths_left(deadline, now))
                for away_seat, grace_deadline in table.away.items():
                    data.update(away=away_seat, grace_left=_tenths_left(grace_deadline, now))
                for player in table.players:
                    self.send_event(player, "clock", data)

    def _on_available(self, presence: Any) -> None:
        sender = presence["from"]
        if sender.domain != self.config.domain or not sender.user:
            return
        self._present(sender.user, sender.full)

    def _present(self, user: str, full_jid: str) -> None:
        """``full_jid`` is a live session of ``user``: the player is not away anywhere."""
        sessions = self.sessions.setdefault(user, {})
        sessions.pop(full_jid, None)
        sessions[full_jid] = None  # the most recently seen last
        self._all_back(user)

    def _on_unavailable(self, presence: Any) -> None:
        sender = presence["from"]
        if sender.domain != self.config.domain or not sender.user:
            return
        self._session_gone(sender.user, sender.full if sender.resource else None)

    def _session_gone(self, user: str, full_jid: str | None) -> None:
        """One session of ``user`` ended (``None``: all of them); away once none is left."""
        sessions = self.sessions.get(user, {})
        if full_jid is None:
            sessions.clear()
        else:
            sessions.pop(full_jid, None)
        if sessions:
            return
        self.sessions.pop(user, None)
        self.lobby.forget(user)
        for table in self.tables.values():
            seat = table.seat_of(user)
            if seat is not None:
                self._mark_away(table, seat)

    def _all_back(self, user: str) -> None:
        """``user`` shows signs of life (presence, or any request): not away anywhere."""
        for table in self.tables.values():
            seat = table.seat_of(user)
            if seat is None or seat not in table.away or table.match is None:
                continue
            del table.away[seat]
            table.seq += 1
            self.store.bump_seq(table.id, table.seq)
            for player in table.players:
                self.send_event(player, "back", {"table": table.id, "seq": table.seq,
                                                 "seat": seat})
            self._send_states(table)  # the version moved: moves must name the new one

    def _mark_away(self, table: LiveTable, seat: int) -> None:
        """Start the grace countdown for ``seat``: after it the opponent may claim the win.
        The move clock keeps running meanwhile (an absent player to move can also lose on
        time)."""
        if table.match is None or table.over or seat in table.away:
            return
        table.away[seat] = self.loop.time() + self.config.grace
        table.seq += 1
        self.store.bump_seq(table.id, table.seq)
        self.send_event(table.players[1 - seat], "away", {
            "table": table.id, "seq": table.seq, "seat": seat,
            "grace": int(self.config.grace)})
        self._send_states(table)

    async def _check_alive(self, table: LiveTable, seat: int, seq: int) -> None:
        """Ping every session of the player whose move is overdue by half its clock: one the
        server holds for stream resumption answers nothing and is dropped; with none left
        answering, the player is away (the opponent may claim after the grace) until they
        come back."""
        user = table.players[seat] or ""
        targets = list(self.sessions.get(user, ()))
        if not targets:
            return
        answers = await asyncio.gather(*(self._answers_ping(target, table.clock / 4)
                                         for target in targets))
        for target, answered in zip(targets, answers, strict=True):
            if not answered:
                self.sessions.get(user, {}).pop(target, None)
        if any(answers) or table.id not in self.tables or table.seq != seq \
                or table.to_move() != seat:
            return
        log.info("table %s: %s does not answer; away", table.id, user)
        self._session_gone(user, None)

    async def _answers_ping(self, target: str, timeout: float) -> bool:
        try:
            await self.plugin["xep_0199"].send_ping(
                target, timeout=min(PING_TIMEOUT, timeout), ifrom=self.boundjid.full)
        except Exception:  # noqa: BLE001 - IqTimeout or an error reply: no one answers
            return False
        return True

    # ------------------------------------------------------------------ computer seats
    def _maybe_computer_move(self, table: LiveTable) -> None:
        seat = table.to_move()
        if seat is None or table.over or not is_computer(table.players[seat]):
            return
        asyncio.ensure_future(self._computer_move(table, seat, table.seq))

    async def _computer_move(self, table: LiveTable, seat: int, seq: int) -> None:
        bot_id = table.players[seat][len(COMPUTER_PREFIX):]  # type: ignore[index]
        spec = get_game(table.game)
        observation = table.match.observation(seat)
        agent = spec.builtin_bots[bot_id]()
        action = await self.loop.run_in_executor(None, agent.choose, observation)
        if table.id in self.tables and table.seq == seq and not table.over:
            try:
                self.play(table, seat, table.check_move(seat, seq, action_to_wire(action)))
            except MoveRefused:
                log.exception("the computer's move was refused at table %s", table.id)
