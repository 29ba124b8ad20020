"""The settings file: profiles, the last profile, and live change notifications.

File layout (JSON, written atomically)::

    {"format": "ginrummy-desktop-settings", "version": 1, "last_profile": "player",
     "profiles": {"player": {<Settings fields>}, "ann": {...}}}

A corrupt file is moved aside and defaults are used; a file written by a newer app version is
left untouched and this session runs on defaults without saving (``read_only``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ginrummy_desktop.storage.files import atomic_write_text, move_aside
from ginrummy_desktop.storage.notices import Notices
from ginrummy_desktop.storage.settings import Settings

SETTINGS_FORMAT = "ginrummy-desktop-settings"
SETTINGS_VERSION = 1
DEFAULT_PROFILE_ID = "player"

SettingsListener = Callable[[Settings, frozenset[str]], None]


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
        self._profiles: dict[str, Settings] = {DEFAULT_PROFILE_ID: Settings()}
        self._current = DEFAULT_PROFILE_ID
        self._listeners: list[SettingsListener] = []
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
        self._profiles[self._current] = new
        self.save()
        self._emit(changed)
        return new

    def reset_to_defaults(self) -> Settings:
        """Defaults for everything except the player's name and saved window positions."""
        old = self.settings
        fresh = Settings(player_name=old.player_name, window_geometry=dict(old.window_geometry))
        changed = frozenset(
            n for n in fresh.to_json() if getattr(old, n) != getattr(fresh, n)
        )
        self._profiles[self._current] = fresh
        self.save()
        if changed:
            self._emit(changed)
        return fresh

    def add_profile(self, player_name: str) -> str:
        """Create a profile with default settings and return its id (it does not switch)."""
        settings = Settings().with_changes(player_name=player_name.strip())
        existing = {s.player_name.casefold() for s in self._profiles.values()}
        if settings.player_name.casefold() in existing:
            raise ValueError(f"a profile called {settings.player_name!r} already exists")
        profile_id = _unique_id(_slug(settings.player_name), self._profiles)
        self._profiles[profile_id] = settings
        self.save()
        return profile_id

    def remove_profile(self, profile_id: str) -> None:
        """Forget a profile's settings (its statistics stay in the database)."""
        if profile_id not in self._profiles:
            raise ValueError(f"no profile {profile_id!r}")
        if len(self._profiles) == 1:
            raise ValueError("the last profile cannot be removed")
        del self._profiles[profile_id]
        if self._current == profile_id:
            self._current = next(iter(self._profiles))
            self._emit(frozenset(self.settings.to_json()))
        self.save()

    def switch_profile(self, profile_id: str) -> Settings:
        """Make ``profile_id`` current (and the one opened next time)."""
        if profile_id not in self._profiles:
            raise ValueError(f"no profile {profile_id!r}")
        if profile_id != self._current:
            self._current = profile_id
            self.save()
            self._emit(frozenset(self.settings.to_json()))
        return self.settings

    def save(self) -> None:
        if self.read_only:
            return
        document = {
            "format": SETTINGS_FORMAT,
            "version": SETTINGS_VERSION,
            "last_profile": self._current,
            "profiles": {pid: s.to_json() for pid, s in self._profiles.items()},
        }
        try:
            atomic_write_text(self.path, json.dumps(document, indent=2, sort_keys=True) + "\n")
        except OSError as error:
            self.notices.add("io", f"Your settings could not be saved ({error.strerror}).")

    # ----- internals -----------------------------------------------------------------------
    def _emit(self, changed: frozenset[str]) -> None:
        for listener in list(self._listeners):
            listener(self.settings, changed)

    def _load(self) -> None:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        except (OSError, UnicodeDecodeError) as error:
            self._set_aside(f"it could not be read ({error})")
            return
        try:
            document = json.loads(text)
        except ValueError:
            self._set_aside("it is damaged")
            return
        if not isinstance(document, dict) or document.get("format") != SETTINGS_FORMAT:
            self._set_aside("it is not a settings file of this app")
            return
        version = document.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            self._set_aside("its version number is missing or wrong")
            return
        if version > SETTINGS_VERSION:
            self.read_only = True
            self.notices.add(
                "newer_version",
                "Your settings were saved by a newer version of Gin Rummy Desktop. They were left "
                "as they are; this version uses default settings and will not save changes.",
            )
            return
        self._read_profiles(document)

    def _read_profiles(self, document: dict[str, Any]) -> None:
        raw_profiles = document.get("profiles")
        if not isinstance(raw_profiles, dict) or not raw_profiles:
            self._set_aside("it lists no profiles")
            return
        profiles: dict[str, Settings] = {}
        repaired: list[str] = []
        for pid, raw in raw_profiles.items():
            if not isinstance(pid, str) or not re.fullmatch(r"[a-z0-9_-]{1,40}", pid):
                repaired.append(f"profile {pid!r}")
                continue
            settings, rejected = Settings.from_json(raw)
            profiles[pid] = settings
            repaired.extend(f"{pid}: {name}" for name in rejected)
        if not profiles:
            self._set_aside("none of its profiles could be read")
            return
        self._profiles = profiles
        last = document.get("last_profile")
        self._current = last if last in profiles else next(iter(profiles))
        if repaired:
            self.notices.add(
                "corrupt",
                "Some settings had values this version does not understand and were reset to "
                f"their defaults: {', '.join(repaired)}.",
            )

    def _set_aside(self, why: str) -> None:
        try:
            moved = move_aside(self.path)
        except OSError:
            self.read_only = True  # cannot move it: do not overwrite it either
            self.notices.add(
                "corrupt",
                f"Your settings file {self.path} could not be used because {why}. "
                "Default settings are in use for now.",
            )
            return
        self.notices.add(
            "corrupt",
            f"Your settings file could not be used because {why}. It was kept as {moved.name} "
            "and default settings are in use.",
        )


def _slug(name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")
    return slug[:32] or "player"


def _unique_id(base: str, taken: dict[str, Settings]) -> str:
    candidate, counter = base, 1
    while candidate in taken:
        counter += 1
        candidate = f"{base}-{counter}"
    return candidate
