"""Temporary re-export (issue 42): ``StorageJobs`` moved to ``gui/common/storage_jobs.py``.

Kept only while ``gui/shell/persistence.py``, ``gui/stats/window.py`` and
``tests/test_gui_storage_statistics.py`` (other work in progress) still import this path.
"""

from ginrummy_desktop.gui.common.storage_jobs import StorageJobs

__all__ = ["StorageJobs"]
