"""Choosing the app's language at start: our catalogues and Qt's own dialog words together."""

from __future__ import annotations

from PySide6.QtCore import QLibraryInfo, QLocale, QTranslator
from PySide6.QtWidgets import QApplication

from ginrummy_desktop.engine import translation


def system_language() -> str:
    """The shipped language closest to the system's (Qt reads Windows', macOS' and Linux'
    preferred languages; LANGUAGE first on Linux, as gettext does)."""
    return translation.supported(QLocale.system().uiLanguages())


def apply_language(app: QApplication, choice: str) -> str:
    """Use ``choice`` (``""``: the system's) for every window built from now on; returns the
    language code in use."""
    code = translation.set_language(choice or system_language())
    QLocale.setDefault(QLocale(code))
    if code != translation.SOURCE_LANGUAGE:
        qt_words = QTranslator(app)  # parented to the app: lives as long as it
        folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        if qt_words.load(f"qtbase_{code}", folder):
            app.installTranslator(qt_words)
    return code
