"""The settings file: profiles, the last profile, and live change notifications.

File layout (JSON, written atomically)::

    {"format": "ginrummy-desktop-settings", "version": 1, "last_profile": "player",
     "profiles": {"player": {<Settings fields>}, "ann": {...}},
     "retired_profiles": ["zo"]}

``retired_profiles`` lists the ids of removed profiles: an id is never given to another profile
(statistics and autosaves are kept by id, so a new "Zo" must not inherit removed "Zoë"'s), and a
copy of the app that still had the profile open cannot bring it back. Two names that look alike
(``name_key``: NFKC, casefold, invisible characters dropped) cannot both be profiles.

A corrupt file is moved aside and defaults are used; a file written by a newer app version is
left untouched and this session runs on defaults without saving (``read_only``).

Two copies of the app may share the file: every write takes ``settings.json.lock``, re-reads
the file and applies only this copy's change to what it finds, so a profile added in one copy
survives a setting changed in the other; the check that a new name is free happens under the
lock too. A file that would be larger than this app reads back (``MAX_FILE_BYTES``) is never
written.
"""

from __future__ import annotations

import dataclasses
import json
import re
import time
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ginrummy_desktop.engine.translation import mark, tr, tr_n
from ginrummy_desktop.storage.files import atomic_write_text, move_aside, plain_os_error
from ginrummy_desktop.storage.jsonfile import JsonProblem, Missing, read_json_file
from ginrummy_desktop.storage.lock import FileLock
from ginrummy_desktop.storage.notices import Notices, Phrase, reason
from ginrummy_desktop.storage.settings import Settings, clean_name

SETTINGS_FORMAT = "ginrummy-desktop-settings"
SETTINGS_VERSION = 1
DEFAULT_PROFILE_ID = "player"

MAX_FILE_BYTES = 4_000_000
MAX_PROFILES = 200  # far beyond a family's; keeps the file well under MAX_FILE_BYTES
LOCK_WAIT_SECONDS = 2.0  # another copy holds the lock only while it writes one small file

SettingsListener = Callable[[Settings, frozenset[str]], None]
Profiles = dict[str, Settings]
Change = Callable[[Profiles], None]


class _Unusable(Exception):
    """The file cannot be used; the message says why (for the notice)."""


class _Newer(Exception):
    """The file was written by a newer version of the app."""


def name_key(name: str) -> str:
    """What two profile names must not share: "Zoë", "ZOË", "Zoe\u0308", "Ｚｏë" and "Zo\u200bë"
    are one name (compatibility forms, case and invisible characters do not count)."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cf", "Cc", "Mn")
                   or ch.isspace())
    return " ".join(unicodedata.normalize("NFKC", text.casefold()).split())


def _retired(document: dict[str, Any]) -> set[str]:
    ids = document.get("retired_profiles", [])
    if not isinstance(ids, list):
        return set()
    return {pid for pid in ids if isinstance(pid, str) and _ID.fullmatch(pid)}


_ID = re.compile(r"[a-z0-9_-]{1,40}")


def _parse_document(document: Any) -> tuple[Profiles, Any, list[str], set[str]]:
    """Profiles, the stored ``last_profile``, the names of values that fell back and the
    retired profile ids."""
    if not isinstance(document, dict) or document.get("format") != SETTINGS_FORMAT:
        raise _Unusable(Phrase(mark("it is not a settings file of this app")))
    version = document.get("version")
    if type(version) is not int or version < 1:
        raise _Unusable(Phrase(mark("its version number is missing or wrong")))
    if version > SETTINGS_VERSION:
        raise _Newer
    raw_profiles = document.get("profiles")
    if not isinstance(raw_profiles, dict) or not raw_profiles:
        raise _Unusable(Phrase(mark("it lists no profiles")))
    profiles: Profiles = {}
    repaired: list[str] = []
    retired = _retired(document)
    for pid, raw in raw_profiles.items():
        if not _ID.fullmatch(pid):
            repaired.append(Phrase(mark("profile {id}"), id=repr(pid[:40])))
            continue
        if pid in retired:  # removed, then written back by an older copy of the app
            continue
        settings, rejected = Settings.from_json(raw)
        profiles[pid] = settings
        repaired.extend(Phrase(mark("{profile}: {setting}"), profile=pid, setting=name)
                        for name in rejected)
    if not profiles:
        raise _Unusable(Phrase(mark("none of its profiles could be read")))
    return profiles, document.get("last_profile"), repaired, retired


class SettingsStore:
    """Loads, validates, saves and broadcasts the settings of every local profile.

    ``subscribe(callback)`` registers ``callback(settings, changed_names)``; it is called after
    every successful ``update``, ``reset_to_defaults`` and ``switch_profile`` so windows apply
    changes live. Nothing here imports Qt.
    """

    def __init__(self, path: Path, notices: Notices | None = None) -> None:
        self.path = path
        self.notices = notices if notices is not None else Notices()
        self.read_only = False
        self._profiles: Profiles = {DEFAULT_PROFILE_ID: Settings()}
        self._retired: set[str] = set()
        self._current = DEFAULT_PROFILE_ID
        self._listeners: list[SettingsListener] = []
        self._lock = FileLock(path.with_name(path.name + ".lock"))
        self._load()

    # ----- reading -------------------------------------------------------------------------
    @property
    def settings(self) -> Settings:
        """The current profile's settings."""
        return self._profiles[self._current]

    @property
    def current_profile(self) -> str:
        return self._current

    def profiles(self) -> list[tuple[str, str]]:
        """``(profile_id, player_name)`` of every profile, sorted by name (for menus)."""
        pairs = [(pid, s.player_name) for pid, s in self._profiles.items()]
        return sorted(pairs, key=lambda pair: (pair[1].casefold(), pair[0]))

    # ----- changing ------------------------------------------------------------------------
    def subscribe(self, listener: SettingsListener) -> Callable[[], None]:
        """Call ``listener`` on every change; returns a function that unsubscribes it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def update(self, **changes: Any) -> Settings:
        """Apply and save changes to the current profile; ``ValueError`` for a bad value."""
        old = self.settings
        new = old.with_changes(**changes)
        changed = frozenset(n for n in changes if getattr(old, n) != getattr(new, n))
        if not changed:
            return new
        pid = self._current
        values = {name: getattr(new, name) for name in changed}

        def change(profiles: Profiles) -> None:  # only the fields changed here
            merged = dataclasses.replace(profiles.get(pid, new), **values)
            try:
                merged.gin_rules()
            except ValueError:  # the other copy chose rules our change does not fit
                merged = new
            profiles[pid] = merged

        self._commit(change)
        self._emit(changed)
        return self.settings

    def reset_to_defaults(self) -> Settings:
        """Defaults for everything except the player's name and saved window positions."""
        old = self.settings
        fresh = Settings(player_name=old.player_name, window_geometry=dict(old.window_geometry))
        changed = frozenset(
            n for n in fresh.to_json() if getattr(old, n) != getattr(fresh, n)
        )
        pid = self._current
        self._commit(lambda profiles: profiles.__setitem__(pid, fresh))
        if changed:
            self._emit(changed)
        return fresh

    def add_profile(self, player_name: str) -> str:
        """Create a profile with default settings and return its id (it does not switch).

        ``ValueError`` when a profile's name already looks the same (``name_key``), checked
        under the file's lock against what every copy has written; the id is one no profile
        ever had."""
        settings = Settings().with_changes(player_name=clean_name(player_name))
        key = name_key(settings.player_name)
        chosen: list[str] = []

        def change(profiles: Profiles) -> None:
            for other in profiles.values():
                if name_key(other.player_name) == key:
                    raise ValueError(tr("a profile called {name} already exists").format(
                        name=repr(other.player_name)))
            if len(profiles) >= MAX_PROFILES:
                raise ValueError(tr_n("there can be at most {count} profile",
                                      "there can be at most {count} profiles",
                                      MAX_PROFILES).format(count=MAX_PROFILES))
            profile_id = _unique_id(_slug(settings.player_name), profiles.keys() | self._retired)
            profiles[profile_id] = settings
            chosen.append(profile_id)

        self._commit(change, guarded=True)
        return chosen[-1]

    def remove_profile(self, profile_id: str) -> None:
        """Forget a profile's settings (its statistics stay in the database)."""
        if profile_id not in self._profiles:
            raise ValueError(f"no profile {profile_id!r}")
        if len(self._profiles) == 1:
            raise ValueError(tr("the last profile cannot be removed"))
        was_current = self._current == profile_id
        if was_current:
            self._current = next(pid for pid in self._profiles if pid != profile_id)

        def change(profiles: Profiles) -> None:
            if len(profiles) > 1 or profile_id not in profiles:
                profiles.pop(profile_id, None)
                self._retired.add(profile_id)

        self._commit(change, guarded=True)
        if was_current:
            self._emit(frozenset(self.settings.to_json()))

    def switch_profile(self, profile_id: str) -> Settings:
        """Make ``profile_id`` current (and the one opened next time)."""
        if profile_id not in self._profiles:
            self._refresh()
        if profile_id not in self._profiles:
            raise ValueError(f"no profile {profile_id!r}")
        if profile_id != self._current:
            self._current = profile_id
            self._commit(lambda profiles: None)
            self._emit(frozenset(self.settings.to_json()))
        return self.settings

    def save(self) -> None:
        """Write this copy's settings, merged with what another copy may have written."""
        self._commit(lambda profiles: None)

    # ----- internals -----------------------------------------------------------------------
    def _emit(self, changed: frozenset[str]) -> None:
        for listener in list(self._listeners):
            listener(self.settings, changed)

    def _commit(self, change: Change, guarded: bool = False) -> None:
        """Under the lock: re-read the file, apply ``change`` to it and to memory, write it.

        ``guarded``: the change decides from what every copy wrote (adding and removing
        profiles), so without the lock it is refused rather than made unguarded. A ``change``
        that raises changes nothing."""
        if self.read_only:
            profiles = dict(self._profiles)
            change(profiles)
            self._profiles = self._without_retired(profiles)
            self._settle_current()
            return
        locked = self._take_lock()
        if guarded and locked is None:
            raise ValueError(tr("another copy of the app is busy with the settings; try again"))
        try:
            on_disk = self._read_for_merge()
            profiles = on_disk if on_disk is not None else dict(self._profiles)
            change(profiles)
            profiles = self._without_retired(profiles)
            if not profiles:
                raise ValueError(tr("the last profile cannot be removed"))
            self._profiles = profiles
            self._settle_current()
            if not self.read_only:
                self._write()
        finally:
            if locked:
                self._lock.release()

    def _without_retired(self, profiles: Profiles) -> Profiles:
        """``profiles`` less any another copy removed (which this copy may have had open)."""
        return {pid: s for pid, s in profiles.items() if pid not in self._retired}

    def _settle_current(self) -> None:
        if self._current not in self._profiles:  # removed by the other copy meanwhile
            self._current = next(iter(self._profiles))

    def _take_lock(self) -> bool | None:
        """True when held; False when no lock is possible here (a read-only folder, a link:
        the write goes ahead unguarded); None when another copy held it for the whole wait."""
        deadline = time.monotonic() + LOCK_WAIT_SECONDS
        while True:
            try:
                if self._lock.try_acquire():
                    return True
            except OSError:
                return False
            if time.monotonic() > deadline:
                return None
            time.sleep(0.01)

    def _refresh(self) -> None:
        """Pick up profiles another copy wrote (no write)."""
        if self.read_only:
            return
        on_disk = self._read_for_merge(set_aside=False)
        if on_disk is not None:
            self._profiles = on_disk
            self._settle_current()

    def _read_for_merge(self, set_aside: bool = True) -> Profiles | None:
        """The profiles now on disk, or None when there is nothing usable to merge with."""
        try:
            profiles, _last, _repaired, retired = _parse_document(
                read_json_file(self.path, MAX_FILE_BYTES))
        except Missing:
            return None
        except _Newer:
            self.read_only = True
            self.notices.add("newer_version", Phrase(mark(
                "Another copy of a newer version of Gin Rummy Desktop rewrote your settings; "
                "this copy will not save changes any more.")))
            return None
        except (JsonProblem, _Unusable) as problem:
            if set_aside:
                self._set_aside(reason(problem))
            return None
        self._retired |= retired
        return profiles

    def _write(self) -> None:
        document = {
            "format": SETTINGS_FORMAT,
            "version": SETTINGS_VERSION,
            "last_profile": self._current,
            "profiles": {pid: s.to_json() for pid, s in self._profiles.items()},
            "retired_profiles": sorted(self._retired),
        }
        try:
            text = json.dumps(document, indent=2, sort_keys=True, allow_nan=False) + "\n"
            if len(text.encode("utf-8")) > MAX_FILE_BYTES:  # the next start could not read it
                raise ValueError(Phrase(mark("they would be larger than {size} MB"),
                                        size=MAX_FILE_BYTES // 1_000_000))
            atomic_write_text(self.path, text)
        except (OSError, ValueError) as error:
            why = reason(error) if isinstance(error, ValueError) else plain_os_error(error)
            self.notices.add("io", Phrase(mark("Your settings could not be saved ({why})."),
                                          why=why))

    def _load(self) -> None:
        try:
            document = read_json_file(self.path, MAX_FILE_BYTES)
            profiles, last, repaired, self._retired = _parse_document(document)
        except Missing:
            return
        except _Newer:
            self.read_only = True
            self.notices.add("newer_version", Phrase(mark(
                "Your settings were saved by a newer version of Gin Rummy Desktop. They were left "
                "as they are; this version uses default settings and will not save changes.")))
            return
        except (JsonProblem, _Unusable) as problem:
            self._set_aside(reason(problem))
            return
        self._profiles = profiles
        self._current = last if isinstance(last, str) and last in profiles else next(iter(profiles))
        if repaired:
            self.notices.add("corrupt", Phrase(
                mark("Some settings had values this version does not understand and were reset "
                     "to their defaults: {names}."), names=repaired))

    def _set_aside(self, why: str) -> None:
        try:
            moved = move_aside(self.path)
        except OSError as error:
            self.read_only = True  # cannot move it: do not overwrite it either
            self.notices.add("corrupt", Phrase(
                mark("Your settings file {path} could not be used because {why}. It could not be "
                     "moved aside ({problem}), so it was left as it is and ignored; default "
                     "settings are in use for now and changes are not saved."),
                path=self.path, why=why, problem=plain_os_error(error)))
            return
        self.notices.add("corrupt", Phrase(
            mark("Your settings file could not be used because {why}. It was set aside as {path} "
                 "and default settings are in use."), why=why, path=moved))


def _slug(name: str) -> str:
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.casefold()).strip("-")
    return slug[:32] or "player"


def _unique_id(base: str, taken: set[str]) -> str:
    candidate, counter = base, 1
    while candidate in taken:
        counter += 1
        candidate = f"{base}-{counter}"
    return candidate
