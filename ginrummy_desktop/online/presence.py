"""Which sessions of each account are present. An account is away only when its last session
has gone (players sign in twice: a phone and a desktop)."""

from __future__ import annotations


class Sessions:
    def __init__(self) -> None:
        # account -> its sessions (full JIDs) present now, the most recently seen last.
        self.sessions: dict[str, dict[str, None]] = {}
        # account -> how many times a session of it ended: a request handled across an await
        # compares it to tell whether its sender left meanwhile.
        self.endings: dict[str, int] = {}

    def seen(self, user: str, full_jid: str) -> None:
        sessions = self.sessions.setdefault(user, {})
        sessions.pop(full_jid, None)
        sessions[full_jid] = None  # the most recently seen last

    def ended(self, user: str) -> int:
        """How many times a session of ``user`` has ended so far."""
        return self.endings.get(user, 0)

    def live(self, user: str, full_jid: str) -> bool:
        return full_jid in self.sessions.get(user, {})

    def of(self, user: str) -> list[str]:
        return list(self.sessions.get(user, ()))

    def drop(self, user: str, full_jid: str) -> None:
        """A session that no longer answers (it is not the last word on the account)."""
        self.sessions.get(user, {}).pop(full_jid, None)

    def end(self, user: str, full_jid: str | None) -> bool:
        """One session ended (``None``: all of them); True when none is left."""
        self.endings[user] = self.endings.get(user, 0) + 1
        sessions = self.sessions.get(user, {})
        if full_jid is None:
            sessions.clear()
        else:
            sessions.pop(full_jid, None)
        if sessions:
            return False
        self.sessions.pop(user, None)
        return True
