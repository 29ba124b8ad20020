"""The lobby: one MUC room per game (``gin@``/``cribbage@`` the MUC domain) with chat, the list
of open tables pushed to the room, chat rate limits, and quick match.

The referee joins each room as its owner (nick ``referee``) and unlocks it (a new MUC room is
locked until configured). If someone holds the nick (after an XMPP server restart a player can
join first), it joins under a stand-in nick, removes the impostor as the room's owner and takes
the nick; a room it cannot set up is tried again every ``ROOM_RETRY`` seconds. The list of open
tables never travels through the room, where any occupant could forge it: every account that
asked for a game's tables (the ``tables`` request) is sent the list from the referee's own JID
whenever it changes, at most once a ``TABLES_PUSH_DELAY``, until its last session ends. A member
who chats faster than the ``chat`` limit is barred from the room for a minute.

Quick match pairs waiting players of one game whose ratings differ by at most a window that
starts at ``quick_match_window`` and widens by that much every 10 s of waiting. A player still
unpaired after ``quick_match_computer_after`` seconds is offered a computer opponent (an
unrated table whose second seat is ``computer.<bot>``), taken by asking ``quick`` again with
``computer: true``.

The lobby knows the tables only through the table service: it asks it for the open tables and
to open and seat quick-match tables, and it follows changes on the service's event bus
(online/events.py) instead of being called by it. The referee is its transport: the MUC plugin,
the clock, the chat limit and sending events.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from slixmpp import JID
from slixmpp.exceptions import PresenceError

from ginrummy_desktop.online import protocol
from ginrummy_desktop.online.events import (
    MatchEnded,
    PlayerGone,
    PlayerSeated,
    TableClosed,
    TableOpened,
)
from ginrummy_desktop.online.table import COMPUTER_PREFIX, MoveRefused

if TYPE_CHECKING:
    from ginrummy_desktop.online.referee import Referee
    from ginrummy_desktop.online.table_service import TableService

log = logging.getLogger("ginrummy.lobby")
ROOM_NICK = "referee"
WIDEN_EVERY = 10.0
CHAT_MUTE_SECONDS = 60.0
ROOM_RETRY = 30.0  # seconds between attempts to set up a lobby room that failed
TABLES_PUSH_DELAY = 0.5  # changes within this many seconds go out as one list


def _is_conflict(error: PresenceError) -> bool:
    """The room refused the nick as taken (read from the XML: slixmpp looks for the error
    element in the stream's namespace and misses it in a component's stanzas)."""
    return any(element.tag.endswith("}conflict") for element in error.presence.xml.iter())


@dataclass
class Waiting:
    user: str
    rating: float
    since: float
    offered: bool = False


class Lobby:
    def __init__(self, referee: Referee, service: TableService) -> None:
        self.referee = referee
        self.service = service
        self.queue: dict[str, list[Waiting]] = {game: [] for game in protocol.GAMES}
        self.rooms_ready = False
        self.rooms_joined: set[str] = set()
        self._next_room_try = 0.0
        self.watchers: dict[str, set[str]] = {game: set() for game in protocol.GAMES}
        self._push_due: dict[str, asyncio.TimerHandle] = {}
        self._muted: dict[tuple[str, str], Any] = {}  # muted -> the timer giving voice back
        self._muting: set[tuple[str, str]] = set()
        bus = service.bus
        bus.subscribe(TableOpened, lambda event: self.tables_changed(event.game))
        bus.subscribe(TableClosed, lambda event: self.tables_changed(event.game))
        bus.subscribe(PlayerSeated, lambda event: self.tables_changed(event.game))
        bus.subscribe(MatchEnded, lambda event: self.tables_changed(event.game))
        bus.subscribe(PlayerGone, lambda event: self.forget(event.user))

    # ------------------------------------------------------------------ rooms
    def room(self, game: str) -> str:
        return f"{game}@{self.referee.config.muc_domain}"

    @property
    def _occupant_from(self) -> str:
        return f"{self.referee.boundjid.bare}/{ROOM_NICK}"

    async def start(self) -> None:
        self.rooms_ready = True
        await self.join_rooms()

    async def join_rooms(self) -> None:
        """Join and configure every lobby room not yet set up (tables work without them)."""
        self._next_room_try = self.referee.loop.time() + ROOM_RETRY
        if not self.referee.config.muc_domain:
            return
        for game in protocol.GAMES:
            if game in self.rooms_joined:
                continue
            try:
                await self._join_room(game)
            except Exception as error:  # noqa: BLE001 - tried again in ROOM_RETRY seconds
                log.warning("cannot set up lobby room %s (trying again in %.0f s): %s",
                            self.room(game), ROOM_RETRY, str(error) or repr(error))
            else:
                self.rooms_joined.add(game)

    async def _join_room(self, game: str) -> None:
        muc, room = self.referee.plugin["xep_0045"], JID(self.room(game))
        # slixmpp types these options as a TypedDict it does not export.
        options: Any = {"pfrom": self._occupant_from}
        try:
            await muc.join_muc_wait(room, ROOM_NICK, maxstanzas=0, timeout=10,
                                    presence_options=options)
        except (PresenceError, TimeoutError) as error:
            # Prosody's refusal carries no MUC element, so slixmpp never hands it over: the
            # join just times out. Either way, try as below; a real failure fails there too.
            if isinstance(error, PresenceError) and not _is_conflict(error):
                raise
            # Someone took the referee's nick: come in under another, remove them (the
            # referee owns the room), then take the nick back.
            log.warning("lobby room %s: the nick %r is taken; removing the impostor", room,
                        ROOM_NICK)
            await muc.join_muc_wait(room, f"{ROOM_NICK}-{secrets.token_hex(3)}", maxstanzas=0,
                                    timeout=10, presence_options=options)
            await muc.set_role(room, ROOM_NICK, "none", ifrom=self._occupant_from,
                               reason="this nick belongs to the game service")
            await muc.set_self_nick(room, ROOM_NICK, timeout=10, presence_options=options)
        form = self.referee.plugin["xep_0004"].make_form(ftype="submit")
        form.add_field(var="FORM_TYPE", value="http://jabber.org/protocol/muc#roomconfig")
        form.add_field(var="muc#roomconfig_persistentroom", value="1")
        form.add_field(var="muc#roomconfig_whois", value="moderators")
        await muc.set_room_config(room, form, ifrom=JID(self._occupant_from))

    def open_tables(self, game: str | None = None) -> list[dict[str, Any]]:
        return self.service.open_tables(game)

    def watch(self, user: str, game: str | None) -> None:
        """``user`` is shown ``game``'s open tables (both games: None) as they change."""
        for one in (game,) if game else protocol.GAMES:
            self.watchers[one].add(user)

    def tables_changed(self, game: str) -> None:
        if not self.rooms_ready or not self.watchers[game] or game in self._push_due:
            return
        self._push_due[game] = self.referee.loop.call_later(
            TABLES_PUSH_DELAY, self._push_tables, game)

    def _push_tables(self, game: str) -> None:
        self._push_due.pop(game, None)
        self.referee.send_event_to(sorted(self.watchers[game]), "tables",
                                   {"game": game, "tables": self.open_tables(game)})

    def on_groupchat(self, message: Any) -> None:
        """Chat rate limit: the room's real JIDs are visible to the referee as its owner."""
        room, nick = message["from"].bare, message["from"].resource
        if nick == ROOM_NICK or not message["body"]:
            return
        real = self.referee.plugin["xep_0045"].get_jid_property(room, nick, "jid")
        if not real:
            return
        account = JID(real).bare
        if self.referee.limiter.allow(JID(account).user, "chat") or \
                (room, account) in self._muting:
            return
        self._muting.add((room, account))
        asyncio.ensure_future(self._mute(room, account))

    async def _mute(self, room: str, account: str) -> None:
        """Bar a flooder from the room for a minute (an outcast is removed at once and cannot
        rejoin; this works the same on every MUC server, moderated room or not)."""
        muc = self.referee.plugin["xep_0045"]
        try:
            await muc.set_affiliation(room, "outcast", jid=account, ifrom=self._occupant_from,
                                      reason="too many messages; back in a minute")
        except Exception as error:  # noqa: BLE001 - the room may be gone
            log.warning("could not bar %s from %s: %s", account, room, error)
            self._muting.discard((room, account))
            return
        log.info("barred %s from %s for a minute (chat rate)", account, room)
        self._muted[(room, account)] = self.referee.loop.call_later(
            CHAT_MUTE_SECONDS, lambda: asyncio.ensure_future(self._unmute(room, account)))

    async def _unmute(self, room: str, account: str) -> None:
        self._muted.pop((room, account), None)
        self._muting.discard((room, account))
        try:
            await self.referee.plugin["xep_0045"].set_affiliation(
                room, "none", jid=account, ifrom=self._occupant_from)
        except Exception as error:  # noqa: BLE001
            log.info("could not lift the bar on %s: %s", account, error)

    # ------------------------------------------------------------------ quick match
    def quick_match(self, user: str, game: str, cancel: bool = False,
                    computer: bool = False) -> dict[str, Any]:
        waiting = self.queue[game]
        waiting[:] = [w for w in waiting if w.user != user]
        if cancel:
            return {"queued": False}
        if computer:
            bot = self.referee.config.computer_bot.get(game, "greedy")
            table = self.service.create_table(user, game, {"clock": self.referee.config.clock},
                                              rated=False)
            self.service.seat_guest(table, COMPUTER_PREFIX + bot)
            self.referee.send_event(user, "matched",
                                    {"table": table.id, "game": game, "computer": True})
            return {"table": table.id, "computer": True}
        if any(not t.over for t in self.service.tables_of(user)):
            raise MoveRefused("finish or leave your current table first")
        now = self.referee.loop.time()
        me = Waiting(user, self.service.store.rating(user, game).rating, now)
        waiting.append(me)
        self.pair(game)
        return {"queued": any(w.user == user for w in waiting)}

    def window(self, entry: Waiting, now: float) -> float:
        base = self.referee.config.quick_match_window
        return base * (1 + int((now - entry.since) // WIDEN_EVERY))

    def pair(self, game: str) -> None:
        waiting, now = self.queue[game], self.referee.loop.time()
        for first in list(waiting):
            if first not in waiting:
                continue
            candidates = [w for w in waiting if w is not first and abs(w.rating - first.rating)
                          <= min(self.window(first, now), self.window(w, now))]
            if not candidates:
                continue
            second = min(candidates, key=lambda w: abs(w.rating - first.rating))
            waiting.remove(first)
            waiting.remove(second)
            table = self.service.create_table(first.user, game,
                                              {"clock": self.referee.config.clock}, rated=True)
            self.service.seat_guest(table, second.user)
            for entry in (first, second):
                self.referee.send_event(entry.user, "matched", {"table": table.id, "game": game})

    def tick(self) -> None:
        now = self.referee.loop.time()
        if self.rooms_ready and now >= self._next_room_try and \
                len(self.rooms_joined) < len(protocol.GAMES):
            asyncio.ensure_future(self.join_rooms())
        for game, waiting in self.queue.items():
            self.pair(game)
            for entry in waiting:
                if not entry.offered and now - entry.since >= \
                        self.referee.config.quick_match_computer_after:
                    entry.offered = True
                    self.referee.send_event(entry.user, "offer", {"game": game,
                                                                  "computer": True})

    def forget(self, user: str) -> None:
        for watching in self.watchers.values():
            watching.discard(user)
        for waiting in self.queue.values():
            waiting[:] = [w for w in waiting if w.user != user]
