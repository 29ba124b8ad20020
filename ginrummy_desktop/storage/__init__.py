"""Persistence: settings and profiles, statistics and hand records (SQLite), autosave, export.

Pure Python (no Qt), so it is tested headless. The app creates one ``Storage``; see
docs/storage.md for the API and an example.
"""

from ginrummy_desktop.storage.autosave import Autosave
from ginrummy_desktop.storage.database import HistoryRow, StatsDatabase, StoredHand
from ginrummy_desktop.storage.notices import Notice, Notices
from ginrummy_desktop.storage.paths import HOME_ENV_VAR, AppPaths, app_paths
from ginrummy_desktop.storage.settings import Settings
from ginrummy_desktop.storage.settings_store import SettingsStore
from ginrummy_desktop.storage.stats import Figures, breakdown, figures
from ginrummy_desktop.storage.storage import Storage, open_storage
from ginrummy_desktop.storage.summaries import HandSummary, MatchSummary

__all__ = [
    "HOME_ENV_VAR", "AppPaths", "Autosave", "Figures", "HandSummary", "HistoryRow",
    "MatchSummary", "Notice", "Notices", "Settings", "SettingsStore", "StatsDatabase", "Storage",
    "StoredHand", "app_paths", "breakdown", "figures", "open_storage",
]
