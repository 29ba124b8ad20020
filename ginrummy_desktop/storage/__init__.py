"""Persistence: settings and profiles, statistics and hand records (SQLite), autosave, export.

Pure Python (no Qt), so it is tested headless. The app creates one ``Storage``; see
docs/storage.md for the API and an example.

The names below load with their module when first used (PEP 562): ``storage.paths`` alone (the
single-instance check's data folder) does not bring in the database, statistics or settings.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ginrummy_desktop.storage.autosave import Autosave
    from ginrummy_desktop.storage.database import HistoryRow, StatsDatabase, StoredHand
    from ginrummy_desktop.storage.notices import Notice, Notices
    from ginrummy_desktop.storage.paths import HOME_ENV_VAR, AppPaths, app_paths
    from ginrummy_desktop.storage.settings import Settings
    from ginrummy_desktop.storage.settings_store import SettingsStore
    from ginrummy_desktop.storage.stats import Figures, breakdown, figures
    from ginrummy_desktop.storage.storage import Storage, open_storage
    from ginrummy_desktop.storage.summaries import HandSummary, MatchSummary

# Each public name and the module of this package it comes from.
_MODULE_OF = {
    "Autosave": "autosave",
    "HistoryRow": "database", "StatsDatabase": "database", "StoredHand": "database",
    "Notice": "notices", "Notices": "notices",
    "HOME_ENV_VAR": "paths", "AppPaths": "paths", "app_paths": "paths",
    "Settings": "settings",
    "SettingsStore": "settings_store",
    "Figures": "stats", "breakdown": "stats", "figures": "stats",
    "Storage": "storage", "open_storage": "storage",
    "HandSummary": "summaries", "MatchSummary": "summaries",
}


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_MODULE_OF))


__all__ = [
    "HOME_ENV_VAR", "AppPaths", "Autosave", "Figures", "HandSummary", "HistoryRow",
    "MatchSummary", "Notice", "Notices", "Settings", "SettingsStore", "StatsDatabase", "Storage",
    "StoredHand", "app_paths", "breakdown", "figures", "open_storage",
]
