"""Where the app keeps its files.

Settings live in the config dir; the statistics database, records and autosaves in the data dir;
logs in the log dir. ``GINRUMMY_DESKTOP_HOME`` points everything at another root (tests, portable
installs): the three dirs become ``config/``, ``data/`` and ``logs/`` under it.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import platformdirs

HOME_ENV_VAR = "GINRUMMY_DESKTOP_HOME"
APP_NAME = "ginrummy-desktop"


@dataclass(frozen=True, slots=True)
class AppPaths:
    """The app's folders and the file names inside them.

    File names are distinct per kind because on macOS the config and data dirs are one folder.
    Lock files sit next to what they guard (never in the runtime dir, which may fall back to /tmp).
    """

    config_dir: Path
    data_dir: Path
    log_dir: Path

    @property
    def settings_file(self) -> Path:
        return self.config_dir / "settings.json"

    @property
    def database_file(self) -> Path:
        return self.data_dir / "statistics.sqlite3"

    def autosave_file(self, profile_id: str) -> Path:
        return self.data_dir / f"autosave-{_safe_name(profile_id)}.json"

    def autosave_lock_file(self, profile_id: str) -> Path:
        return self.data_dir / f"autosave-{_safe_name(profile_id)}.lock"

    @staticmethod
    def is_autosave_name(name: str) -> bool:
        """Whether ``name`` is the file name of an autosave (of any profile)."""
        return re.fullmatch(r"autosave-[A-Za-z0-9_-]+\.json", name) is not None

    @property
    def log_file(self) -> Path:
        return self.log_dir / "ginrummy-desktop.log"

    def ensure(self) -> AppPaths:
        """Create the folders (idempotent) and return self."""
        for folder in (self.config_dir, self.data_dir, self.log_dir):
            folder.mkdir(parents=True, exist_ok=True)
        return self


def app_paths(root: str | os.PathLike[str] | None = None) -> AppPaths:
    """Paths under ``root``, else under ``$GINRUMMY_DESKTOP_HOME``, else the platform's dirs."""
    if root is None:
        root = os.environ.get(HOME_ENV_VAR) or None
    if root is not None:
        base = Path(root).expanduser()
        return AppPaths(base / "config", base / "data", base / "logs")
    return AppPaths(
        Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)),
    )


def _safe_name(text: str) -> str:
    """A profile id as a file-name fragment (ids are already slugs; this is belt and braces)."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", text) or "_"
