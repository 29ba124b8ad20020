"""The one translation layer for every word a player reads, engine and GUI alike.

gettext catalogues (``ginrummy_desktop/locale/<language>/LC_MESSAGES/<area>.po``, compiled to
``.mo`` by ``python -m tools.translations compile``) because the engine must not import Qt, the
standard library reads ``.mo`` files with plural rules per language, and translators know the
``.po`` format. Qt's own dialogs (Yes/No, Cancel) use Qt's shipped ``qtbase_*.qm``.

How to write a translatable string:

- ``tr("Your turn")``: translated when called. Placeholders are named and filled after
  translation: ``tr("{name} knocks with {points}").format(name=..., points=...)``; never an
  f-string inside ``tr`` (the catalogue could not hold it).
- ``tr_n("{count} point", "{count} points", count).format(count=count)``: plurals.
- ``tr_ctx("card rank", "J")``: the same English word meaning different things.
- ``mark("Classic")``: a module-level constant, evaluated at import before the language is
  chosen; returns the English text unchanged and is translated where shown with ``tr(value)``.

The language is chosen once at start (Preferences change it for the next start), so every
window is built in one language; nothing keeps a translated sentence across a change.
"""

from __future__ import annotations

import gettext
import os
import struct
from pathlib import Path

# The languages the app ships, each named in itself (what a language picker shows).
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}
SOURCE_LANGUAGE = "en"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE
# Catalogues set_language could not read (damaged files), for the log and the self-test.
unreadable_catalogues: list[Path] = []


def tr(message: str) -> str:
    """``message`` in the chosen language (English when no translation exists)."""
    return _translations.gettext(message)


def tr_n(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for ``count`` under the chosen language's plural rule."""
    return _translations.ngettext(singular, plural, count)


def tr_ctx(context: str, message: str) -> str:
    """``message`` in ``context`` (``"card rank"``, ``"verb"``) in the chosen language."""
    return _translations.pgettext(context, message)


def number(value: float, digits: int = 0, sign: bool = False) -> str:
    """``value`` as the chosen language writes numbers: "77,800" and "9.4" in English,
    "77.800" and "9,4" in German, "77 800" and "9,4" in French; ``sign``: "+2.5"."""
    return format(Localized(value), f"{'+' if sign else ''},.{digits}f")


class Localized(float):
    """A number that formats with the chosen language's marks under any format spec, so a
    sentence can keep ``{points:.1f}`` in its catalogue entry: "2.5" in English, "2,5" in
    German."""

    def __format__(self, spec: str) -> str:
        text = format(float(self), spec)
        if language() == SOURCE_LANGUAGE:
            return text
        # Translators: the mark between whole and decimal part ("9.4"): German, French, Spanish ",".
        decimal = tr_ctx("decimal mark", ".")
        # Translators: the mark between groups of thousands ("77,800").
        thousands = tr_ctx("thousands separator", ",")
        return text.replace(",", "\0").replace(".", decimal).replace("\0", thousands)


def localized(value: float) -> Localized:
    """``value`` to fill a ``{name:.1f}`` placeholder in the chosen language's style."""
    return Localized(value)


def percent(value: float, digits: int = 0) -> str:
    """``value`` per cent as the chosen language writes it: "38%" (German and French "38 %")."""
    # Translators: a percentage ("67%"); German, French and Spanish put a no-break space before %.
    return tr("{percent}%").format(percent=number(value, digits))


def mark(message: str) -> str:
    """Marks a constant for the catalogue; it is translated where it is shown, with ``tr``."""
    return message


def language() -> str:
    """The language code in use (``"en"``, ``"de"``, ``"fr"``, ``"es"``)."""
    return _language


def supported(candidates: list[str] | tuple[str, ...]) -> str:
    """The first shipped language among ``candidates`` (``"de_AT"``, ``"fr-CA"``, ``"es"``),
    English when none is shipped."""
    for candidate in candidates:
        code = candidate.replace("-", "_").split("_")[0].split(".")[0].lower()
        if code in LANGUAGES:
            return code
    return SOURCE_LANGUAGE


def system_language() -> str:
    """The system's language as gettext finds it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return supported(value.split(":"))
    return SOURCE_LANGUAGE


def set_language(code: str, locale_dir: Path | None = None) -> str:
    """Use ``code`` from now on (``""``: the system's); returns the code in use.

    Every ``.mo`` file of the language is loaded, one per area of the app, chained so a
    message is found in whichever area holds it. A missing catalogue means English; a damaged
    one is skipped (its words stay English) and named in ``unreadable_catalogues``, so a bad
    install never stops the app."""
    global _translations, _language
    chosen = supported([code]) if code else system_language()
    folder = (locale_dir or LOCALE_DIR) / chosen / "LC_MESSAGES"
    translations: gettext.NullTranslations = gettext.NullTranslations()
    if chosen != SOURCE_LANGUAGE and folder.is_dir():
        for catalogue in sorted(folder.glob("*.mo")):
            try:
                with catalogue.open("rb") as file:
                    area = gettext.GNUTranslations(file)
            except (OSError, ValueError, UnicodeDecodeError, IndexError, struct.error):
                unreadable_catalogues.append(catalogue)
                continue
            if isinstance(translations, gettext.GNUTranslations):
                translations.add_fallback(area)
            else:
                translations = area
    _translations = translations
    _language = chosen
    return chosen
