"""The tables the referee runs: opening, seating, moves, clocks, presence, the end of a match,
ratings and records, computer seats. No XMPP here: what goes to a player goes through the
``Transport`` it is given, and what others may want to know (the lobby, later tournaments) is
published on the ``EventBus`` (online/events.py).

Writes go to the store writer thread (online/store_writer.py) in order; the in-memory table
moves at once, and what tells anyone about a change is released only once it is stored.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from functools import partial
from typing import Any, Protocol

from ginrummy_desktop.engine.wire import action_to_wire
from ginrummy_desktop.online.clocks import MoveClocks, tenths_left
from ginrummy_desktop.online.computer_seats import ComputerSeats
from ginrummy_desktop.online.config import ServerConfig
from ginrummy_desktop.online.events import (
    EventBus,
    MatchEnded,
    PlayerGone,
    PlayerSeated,
    TableChanged,
    TableClosed,
    TableOpened,
)
from ginrummy_desktop.online.presence import Sessions
from ginrummy_desktop.online.records import RecordFiles
from ginrummy_desktop.online.results import MatchResult, store_result
from ginrummy_desktop.online.service_store import OPEN, PLAYING, ServiceStore
from ginrummy_desktop.online.store_writer import StoreWriter
from ginrummy_desktop.online.table import (
    Event,
    LiveTable,
    MoveRefused,
    is_computer,
    unfinished_deal,
    winners_of,
)

log = logging.getLogger("ginrummy.referee")


class Transport(Protocol):
    """What the service needs of the network (the referee component)."""

    def send_event(self, username: str | None, kind: str, data: dict[str, Any]) -> None: ...

    async def answers_ping(self, full_jid: str, timeout: float) -> bool: ...


class TableService:
    def __init__(self, config: ServerConfig, store: ServiceStore, transport: Transport,
                 now: Callable[[], float], bus: EventBus | None = None) -> None:
        self.config = config
        self.store = store
        self.transport = transport
        self.now = now
        self.bus = bus or EventBus()
        self.writer = StoreWriter()
        self.files = RecordFiles(config.records_dir)
        self.tables: dict[str, LiveTable] = {}
        self.clocks = MoveClocks(now, config.clock_tick)
        self.presence = Sessions()
        # Who may be away at some table: ``all_back`` runs on every request and every move, so
        # it must not look through every table when the sender is away nowhere (most of the
        # time). A name stays until ``all_back`` clears it (a table that ended meanwhile costs
        # one look).
        self.maybe_away: set[str] = set()
        self.computers = ComputerSeats(self.play, lambda table: table.id in self.tables)

    # ------------------------------------------------------------------ start and resume
    def load_tables(self) -> None:
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
                self.clocks.start(table)
                self.send_states(table)
                self.computers.maybe_move(table)

    # ------------------------------------------------------------------ telling the seats
    def send_events(self, table: LiveTable, events: Sequence[Event]) -> None:
        for event in events:
            seats = range(len(table.players)) if event.seat is None else (event.seat,)
            for seat in seats:
                data = event.data
                if event.kind == "state":
                    data = dict(data, **self.clocks.fields(table))
                self.transport.send_event(table.players[seat], event.kind, data)

    def send_states(self, table: LiveTable) -> None:
        for seat in range(len(table.players)):
            self.send_state(table, seat)

    def send_state(self, table: LiveTable, seat: int, **extra: Any) -> None:
        data = dict(table.state_for(seat), **extra, **self.clocks.fields(table))
        self.transport.send_event(table.players[seat], "state", data)

    # ------------------------------------------------------------------ opening and seating
    def seated(self, user: str, table_id: str) -> tuple[LiveTable, int]:
        table = self.tables.get(table_id)
        if table is None:
            raise MoveRefused(f"no table {table_id}")
        seat = table.seat_of(user)
        if seat is None:
            raise MoveRefused("you are not seated at this table")
        return table, seat

    def hosts_open_table(self, user: str) -> bool:
        return any(t.players[0] == user and t.match is None for t in self.tables.values())

    def create_table(self, host: str, game: str, options: dict, rated: bool) -> LiveTable:
        table_id = secrets.token_hex(6)
        component, store = self.config.component, self.store

        def create() -> None:
            store.ensure_player(host)
            store.create_table(table_id, game, options, host, rated, component)

        self.writer.write(create)
        table = LiveTable(table_id, game, options, [host, None], rated)
        self.tables[table_id] = table
        self.bus.publish(TableOpened(table_id, game, host))
        return table

    def seat_guest(self, table: LiveTable, guest: str) -> None:
        table.players[1] = guest
        events = table.start()
        table.stored = table.snapshot()
        store, snapshot = self.store, table.stored

        def start() -> None:
            if not is_computer(guest):
                store.ensure_player(guest)
            store.start_table(table.id, guest, snapshot)

        self.writer.write(start)
        self.clocks.start(table)
        self.send_events(table, events)
        self.bus.publish(PlayerSeated(table.id, table.game, guest, 1))
        self.computers.maybe_move(table)

    def leave(self, table: LiveTable) -> None:
        """The host leaves a table nobody has joined: it is gone."""
        if table.match is not None:
            raise MoveRefused("the match has started; it can only be finished or abandoned")
        self.writer.write(partial(self.store.delete_table, table.id))
        del self.tables[table.id]
        self.bus.publish(TableClosed(table.id, table.game))

    def open_tables(self, game: str | None = None) -> list[dict[str, Any]]:
        """The open tables (of ``game``, or all), as the ``tables`` reply and event list them."""
        listing = []
        for table in self.tables.values():
            if table.match is not None or (game is not None and table.game != game):
                continue
            host = table.players[0]
            assert host is not None
            options = table.options
            listing.append({
                "table": table.id, "host": host, "game": table.game,
                "preset": options.get("preset"), "target": options.get("target"),
                "rated": table.rated, "clock": options["clock"],
                "host_rating": round(self.store.rating(host, table.game).rating, 1)})
        return listing

    def tables_of(self, user: str) -> list[LiveTable]:
        return [t for t in self.tables.values() if user in t.players]

    # ------------------------------------------------------------------ moves
    def play(self, table: LiveTable, seat: int, action: Any) -> Future[None]:
        """Apply a checked move now; store it (move, snapshot and records at once), then tell
        both seats. If it cannot be stored, the table goes back to what is stored and both
        seats are sent that; the returned write says which happened."""
        first_record = table.records_sent
        records, events = table.apply(seat, action)
        after, seq, over = table.snapshot(), table.seq, table.over
        self.clocks.start(table)
        write = partial(self.store.apply_move, table.id, seq, seat, action_to_wire(action),
                        table.snapshot_text.encode(after), records, first_record)

        def stored(_: None) -> None:
            table.stored = after
            if records:
                self.writer.write(partial(self.files.append_hands, table.id, records))
            self.send_events(table, events)
            if over:
                self.finish(table, winners_of(table.game, table.match), "finished")
            elif table.seq == seq:
                self.computers.maybe_move(table)

        return self.writer.write(write, then=stored,
                                 failed=lambda error: self._not_stored(table, seq, error))

    def _not_stored(self, table: LiveTable, seq: int, error: BaseException) -> None:
        """Move ``seq`` could not be stored: back to the table as stored (later moves, made
        on top of it before the failure was known, are gone with it)."""
        log.error("could not store move %d of table %s", seq, table.id, exc_info=error)
        row = self.store.table(table.id)
        if row is None or row.snapshot is None or table.id not in self.tables:
            return
        if table.seq >= seq:
            table.restore(row.snapshot, row.seq, len(self.store.records(table.id)))
            self.clocks.start(table)
            self.send_states(table)

    def resync(self, user: str, table: LiveTable, seat: int, since: int) -> None:
        """Send ``user`` the table's state with the moves made after ``since``."""
        moves = [{"seq": s, "seat": who, "kind": action["kind"]}
                 for s, who, action in self.store.moves(table.id) if s > since]
        data = dict(table.state_for(seat), events=moves[-200:], **self.clocks.fields(table))
        self.transport.send_event(user, "state", data)

    # ------------------------------------------------------------------ the end of a match
    def claim(self, table: LiveTable, seat: int) -> None:
        """``seat`` claims the win over an opponent whose grace period ran out."""
        deadline = table.away.get(1 - seat)
        if table.match is None or table.over or deadline is None:
            raise MoveRefused("your opponent is not away")
        if self.now() < deadline:
            raise MoveRefused(f"the grace period has {deadline - self.now():.0f} s left")
        self.finish(table, (seat,), "abandoned")

    def finish(self, table: LiveTable, winners: tuple[int, ...], reason: str) -> None:
        """End the match once: store the outcome, rate it (if rated), then tell both seats."""
        if table.id not in self.tables:
            return
        del self.tables[table.id]
        self.clocks.stop(table.id)
        result = MatchResult(table.id, table.game, tuple(table.players), winners, reason,
                             table.rated)

        def ended(ratings: dict[str, float]) -> None:
            data: dict[str, Any] = {"table": table.id, "seq": table.seq,
                                    "winners": list(winners), "reason": reason}
            if ratings:
                data["ratings"] = ratings
            reveal = (unfinished_deal(table.game, table.match)
                      if table.match is not None else None)
            if reveal is not None:  # cut short: the deck of the hand in play, to check the deal
                data["reveal"] = reveal
            for player in table.players:
                self.transport.send_event(player, "match_end", data)
            self.bus.publish(MatchEnded(table.id, table.game, result.players, winners, reason,
                                        ratings))

        def not_stored(error: BaseException) -> None:
            # Still playing as far as the store knows: keep it in play (a claim or a
            # resignation can be tried again; a restart resumes it).
            log.error("could not store the end of table %s", table.id, exc_info=error)
            self.tables.setdefault(table.id, table)
            self.clocks.start(table)

        self.writer.write(partial(store_result, self.store, self.files, result), then=ended,
                          failed=not_stored)

    # ------------------------------------------------------------------ clocks
    def tick(self) -> None:
        """Run out the clocks that ran out, ping overdue movers, tell players the time."""
        now = self.now()
        for table in list(self.tables.values()):
            if table.match is None or table.over:
                continue
            deadline = self.clocks.deadlines.get(table.id)
            seat = table.to_move()
            if deadline is not None and seat is not None and now >= deadline:
                log.info("table %s: seat %d (%s) ran out of time at event %d", table.id, seat,
                         table.players[seat], table.seq)
                self.finish(table, (1 - seat,), "timeout")
                continue
            if (deadline is not None and seat is not None and deadline - now < table.clock / 2
                    and self.clocks.pinged.get(table.id) != table.seq):
                self.clocks.pinged[table.id] = table.seq
                asyncio.ensure_future(self._check_alive(table, seat, table.seq))
            if self.clocks.tick_due(table.id, now):
                data: dict[str, Any] = {"table": table.id, "seq": table.seq}
                if deadline is not None and seat is not None:
                    data.update(seat=seat, seconds_left=tenths_left(deadline, now))
                for away_seat, grace_deadline in table.away.items():
                    data.update(away=away_seat, grace_left=tenths_left(grace_deadline, now))
                for player in table.players:
                    self.transport.send_event(player, "clock", data)

    # ------------------------------------------------------------------ presence
    def present(self, user: str, full_jid: str) -> None:
        """``full_jid`` is a live session of ``user``: the player is not away anywhere."""
        self.presence.seen(user, full_jid)
        self.all_back(user)

    def session_gone(self, user: str, full_jid: str | None) -> None:
        """One session of ``user`` ended (``None``: all of them); away once none is left."""
        if not self.presence.end(user, full_jid):
            return
        self.bus.publish(PlayerGone(user))
        for table in list(self.tables.values()):
            seat = table.seat_of(user)
            if seat is not None:
                self.mark_away(table, seat)

    def all_back(self, user: str) -> None:
        """``user`` shows signs of life (presence, or any request): not away anywhere."""
        if user not in self.maybe_away:
            return
        self.maybe_away.discard(user)
        for table in list(self.tables.values()):
            seat = table.seat_of(user)
            if seat is None or seat not in table.away or table.match is None:
                continue
            del table.away[seat]
            self._bump(table)
            for player in table.players:
                self.transport.send_event(player, "back", {"table": table.id, "seq": table.seq,
                                                           "seat": seat})
            self.send_states(table)  # the version moved: moves must name the new one

    def mark_away(self, table: LiveTable, seat: int) -> None:
        """Start the grace countdown for ``seat``: after it the opponent may claim the win.
        The move clock keeps running meanwhile (an absent player to move can also lose on
        time)."""
        if table.match is None or table.over or seat in table.away:
            return
        table.away[seat] = self.now() + self.config.grace
        player = table.players[seat]
        if player is not None:
            self.maybe_away.add(player)
        self._bump(table)
        self.transport.send_event(table.players[1 - seat], "away", {
            "table": table.id, "seq": table.seq, "seat": seat,
            "grace": int(self.config.grace)})
        self.send_states(table)

    def _bump(self, table: LiveTable) -> None:
        table.seq += 1
        self.writer.write(partial(self.store.bump_seq, table.id, table.seq))
        self.bus.publish(TableChanged(table.id, table.game, table.seq))

    async def _check_alive(self, table: LiveTable, seat: int, seq: int) -> None:
        """Ping every session of the player whose move is overdue by half its clock: one the
        server holds for stream resumption answers nothing and is dropped; with none left
        answering, the player is away (the opponent may claim after the grace) until they
        come back."""
        user = table.players[seat] or ""
        targets = self.presence.of(user)
        if not targets:
            return
        answers = await asyncio.gather(*(self.transport.answers_ping(target, table.clock / 4)
                                         for target in targets))
        for target, answered in zip(targets, answers, strict=True):
            if not answered:
                self.presence.drop(user, target)
        if any(answers) or table.id not in self.tables or table.seq != seq \
                or table.to_move() != seat:
            return
        log.info("table %s: %s does not answer; away", table.id, user)
        self.session_gone(user, None)
