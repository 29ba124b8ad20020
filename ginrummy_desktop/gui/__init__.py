"""The Qt user interface: shared card-table machinery and the game tables built on it.

Importing this package applies ``qt_compat.protect_none_refcount()`` (see there: a workaround for
a PySide6 build that under-counts references to ``None`` on Python 3.11).
"""

from ginrummy_desktop.gui.qt_compat import protect_none_refcount

protect_none_refcount()
