"""``Storage``: the one object the app creates to reach settings, statistics and autosaves."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from ginrummy_desktop.engine.translation import mark
from ginrummy_desktop.storage.autosave import Autosave
from ginrummy_desktop.storage.database import StatsDatabase
from ginrummy_desktop.storage.files import remove_stale_temp_files
from ginrummy_desktop.storage.notices import Notices, Phrase
from ginrummy_desktop.storage.paths import AppPaths, app_paths
from ginrummy_desktop.storage.settings_store import SettingsStore
from ginrummy_desktop.storage.summaries import MatchSummary

if TYPE_CHECKING:  # the statistics load when first asked for, not when the app opens storage
    from ginrummy_desktop.storage.stats import Figures


class Storage:
    """Settings, statistics database and autosave for the app's data root.

    Opening never raises because of a damaged or newer file: problems become ``notices`` that
    the app shows once (``storage.notices.take()``).
    """

    def __init__(self, root: str | os.PathLike[str] | None = None) -> None:
        self.paths: AppPaths = app_paths(root)
        self.notices = Notices()
        try:
            self.paths.ensure()
        except OSError as error:  # each part below copes on its own and says what it lost
            self.notices.add("io", Phrase(mark("The app's folders could not be created ({error})."),
                                          error=error))
        self.removed_temp_files = self._sweep_temp_files()
        self.settings = SettingsStore(self.paths.settings_file, self.notices)
        self.database = StatsDatabase(self.paths.database_file, self.notices)
        self._autosaves: dict[str, Autosave] = {}

    def _sweep_temp_files(self) -> list[Path]:
        """Remove what interrupted atomic writes of settings and autosaves left behind."""
        settings_name = self.paths.settings_file.name
        return [
            *remove_stale_temp_files(self.paths.config_dir, lambda name: name == settings_name),
            *remove_stale_temp_files(self.paths.data_dir, self.paths.is_autosave_name),
        ]

    @property
    def profile(self) -> str:
        """The current profile's id (statistics and autosaves are kept per profile)."""
        return self.settings.current_profile

    def autosave(self, profile: str | None = None) -> Autosave:
        """The autosave of ``profile`` (default: current). Call ``acquire()`` before using it."""
        profile = profile or self.profile
        if profile not in self._autosaves:
            self._autosaves[profile] = Autosave(
                self.paths.autosave_file(profile),
                self.paths.autosave_lock_file(profile),
                self.notices,
            )
        return self._autosaves[profile]

    def record_match(self, summary: MatchSummary) -> int:
        """Store a finished (or abandoned) match for the current profile; returns its id."""
        return self.database.record_match(summary, self.profile)

    def figures(self, game: str | None = None, opponent_id: str | None = None) -> Figures:
        from ginrummy_desktop.storage.stats import figures

        return figures(self.database, self.profile, game, opponent_id)

    def close(self) -> None:
        for autosave in self._autosaves.values():
            autosave.release()
        self.database.close()


def open_storage(root: str | Path | None = None) -> Storage:
    """Open the app's storage under ``root`` / ``$GINRUMMY_DESKTOP_HOME`` / the user's dirs."""
    return Storage(root)
