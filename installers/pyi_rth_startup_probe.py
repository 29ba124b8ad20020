"""Start-up probe used by benchmarks/startup.py; does nothing unless GINRUMMY_STARTUP_PROBE is set.

It runs before the app (as a PyInstaller runtime hook in the bundle, or via runpy from source).
When the variable is set it wraps ``QApplication.exec`` so that, once the event loop runs, the
first paint of any window is reported on stderr as one line:

    GINRUMMY_STARTUP_PROBE first_paint rss_kb=<resident KiB>

and, if the variable's value is ``exit``, the event loop then ends so the process exits. The
benchmark times the launch until that line arrives. Kept free of app imports on purpose: it must
not change what the app loads or when.
"""

import os


def _install_probe(mode: str) -> None:
    import sys

    from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication, QWidget

    def resident_kib() -> int:
        try:
            with open("/proc/self/status", encoding="ascii") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return -1

    class FirstPaintReporter(QObject):
        def __init__(self) -> None:
            super().__init__()
            self.reported = False

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
            if (not self.reported and event.type() == QEvent.Type.Paint
                    and isinstance(watched, QWidget) and watched.window().isVisible()):
                self.reported = True
                # Report after this paint pass has finished and been flushed to the window.
                QTimer.singleShot(0, self.report)
            return False

        def report(self) -> None:
            sys.stderr.write(f"GINRUMMY_STARTUP_PROBE first_paint rss_kb={resident_kib()}\n")
            sys.stderr.flush()
            if mode == "exit":
                QCoreApplication.exit(0)

    original_exec = QApplication.exec
    reporter = FirstPaintReporter()

    def exec_with_probe(*_self: object) -> int:  # called as app.exec() or QApplication.exec()
        application = QCoreApplication.instance()
        if application is not None:
            application.installEventFilter(reporter)
        return original_exec()

    QApplication.exec = exec_with_probe
    QApplication.exec_ = exec_with_probe  # older spelling some code still uses


_mode = os.environ.get("GINRUMMY_STARTUP_PROBE", "")
if _mode:
    _install_probe(_mode)
