"""The translation catalogues: extract the app's words, merge them into each language, compile.

    python -m tools.translations update [AREA ...]   # new words into every language's .po
    python -m tools.translations compile [AREA ...]  # .po -> .mo (shipped in the package)
    python -m tools.translations check               # missing, fuzzy, stale or bad entries
    python -m tools.translations strings [AREA ...]  # words in the code not going through tr()

One catalogue per area of the code (``ginrummy_desktop/locale/<language>/LC_MESSAGES/<area>.po``)
so people translating different parts of the app never edit the same file; at run time every
area of a language is loaded together (``engine/translation.py``). Words are found by Babel in
calls to ``tr``, ``tr_n``, ``tr_ctx`` and ``mark`` (see that module for how to write them).
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "ginrummy_desktop"
LOCALE_DIR = PACKAGE / "locale"
TRANSLATED = ("de", "fr", "es")
KEYWORDS = {"tr": None, "tr_n": (1, 2), "tr_ctx": ((1, "c"), 2), "mark": None}

# Each area's folders and files (relative to the package); every module belongs to one area.
# The online service (referee, server) speaks to clients in protocol codes and English log
# lines for the operator, so it has no catalogue of its own.
AREAS: dict[str, tuple[str, ...]] = {
    "engine": ("engine/actions.py", "engine/bot_host.py", "engine/bot_process.py",
               "engine/cards.py", "engine/deck.py", "engine/hand_chain.py", "engine/protocol.py",
               "engine/records_check.py", "engine/registry.py", "engine/replay.py",
               "engine/rng.py", "engine/runner.py", "engine/wire.py", "engine/wording.py",
               "engine/translation.py", "engine/frozen.py", "engine/__init__.py", "engine/review"),
    "engine_gin": ("engine/gin",),
    "engine_cribbage": ("engine/cribbage",),
    "lessons": ("engine/lessons", "gui/lessons"),
    "storage": ("storage",),
    "app": ("app.py", "selftest.py", "display_check.py", "sound", "__main__.py"),
    "gin": ("gui/gin",),
    "cribbage": ("gui/cribbage",),
    "shell": ("gui/shell", "gui/game_registry.py", "gui/__init__.py"),
    "online": ("gui/online",),
    "table": ("gui/table", "gui/common"),
    "stats": ("gui/stats", "gui/review"),
}
_PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}(?!\})")


def area_files(area: str) -> list[Path]:
    files: list[Path] = []
    for part in AREAS[area]:
        path = PACKAGE / part
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return [file for file in files if file.exists()]


def catalogue_path(language: str, area: str, suffix: str = ".po") -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{area}{suffix}"


def extract(area: str):  # -> babel Catalog
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    template = Catalog(project="Gin Rummy Desktop", domain=area, fuzzy=False)
    for file in area_files(area):
        where = file.relative_to(ROOT).as_posix()
        for line, message, comments, context in extract_from_file(
                "python", str(file), keywords=KEYWORDS, comment_tags=("Translators:",)):
            template.add(message, locations=[(where, line)], auto_comments=comments,
                         context=context)
    return template


def _read(path: Path, language: str):
    from babel.messages.pofile import read_po

    with path.open("rb") as file:
        return read_po(file, locale=language, domain=path.stem)


def _write(path: Path, catalogue) -> None:
    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(buffer, catalogue, width=100, ignore_obsolete=True, sort_output=False,
             include_previous=False, include_lineno=False)  # line numbers: churn only
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def update(areas: list[str]) -> None:
    """Every language's catalogue of each area gains the new words and drops the gone ones."""
    from babel.messages.catalog import Catalog

    for area in areas:
        template = extract(area)
        for language in TRANSLATED:
            path = catalogue_path(language, area)
            catalogue = _read(path, language) if path.exists() else Catalog(
                locale=language, domain=area, project="Gin Rummy Desktop", fuzzy=False)
            catalogue.update(template, no_fuzzy_matching=True, update_header_comment=False,
                             update_creation_date=False)
            catalogue.fuzzy = False
            _write(path, catalogue)
            print(f"{path.relative_to(ROOT)}: {len(catalogue)} messages")


def compile_mo(areas: list[str]) -> None:
    from babel.messages.mofile import write_mo

    for area in areas:
        for language in TRANSLATED:
            path = catalogue_path(language, area)
            if not path.exists():
                continue
            buffer = io.BytesIO()
            write_mo(buffer, _read(path, language), use_fuzzy=False)
            catalogue_path(language, area, ".mo").write_bytes(buffer.getvalue())


@dataclass(frozen=True)
class Problem:
    language: str
    area: str
    message: str
    what: str

    def __str__(self) -> str:
        return f"{self.language}/{self.area}: {self.what}: {self.message!r}"


def placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def problems(areas: list[str] | None = None) -> Iterator[Problem]:
    """Everything wrong with the catalogues against the code as it is now."""
    from babel.messages.mofile import read_mo

    for area in areas or list(AREAS):
        wanted = {message.id: message for message in extract(area) if message.id}
        for language in TRANSLATED:
            path = catalogue_path(language, area)
            if not wanted and not path.exists():
                continue
            if not path.exists():
                yield Problem(language, area, str(path.relative_to(ROOT)), "no catalogue")
                continue
            catalogue = _read(path, language)
            have = {message.id: message for message in catalogue if message.id}
            for key, source in wanted.items():
                entry = have.get(key)
                text = _first(key)
                if entry is None or entry.context != source.context:
                    yield Problem(language, area, text, "missing")
                    continue
                strings = list(entry.string) if isinstance(entry.string, tuple) else [entry.string]
                if not all(strings):
                    yield Problem(language, area, text, "not translated")
                elif entry.fuzzy:
                    yield Problem(language, area, text, "fuzzy")
                else:
                    yield from _placeholder_problems(language, area, key, strings)
            for key in have.keys() - wanted.keys():
                yield Problem(language, area, _first(key), "no longer in the code")
            mo_path = catalogue_path(language, area, ".mo")
            if not mo_path.exists():
                yield Problem(language, area, str(mo_path.relative_to(ROOT)), "not compiled")
                continue
            with mo_path.open("rb") as file:
                compiled = {(m.context, _hashable(m.id)): _hashable(m.string)
                            for m in read_mo(file) if m.id}
            current = {(m.context, _hashable(m.id)): _hashable(m.string) for m in catalogue
                       if m.id and not m.fuzzy and all(_hashable(m.string)
                                                       if isinstance(m.string, (list, tuple))
                                                       else [m.string])}
            if compiled != current:
                yield Problem(language, area, str(mo_path.relative_to(ROOT)),
                              "compiled catalogue is older than its .po")
    yield from disagreements()


def disagreements(areas: list[str] | None = None) -> Iterator[Problem]:
    """One English text translated two ways in two areas of one language. Every area's
    catalogue is loaded together and the first found wins, so the other translation would
    never show; a text that means two things needs a context (``tr_ctx``)."""
    for language in TRANSLATED:
        seen: dict[tuple, tuple[str, object]] = {}
        for area in areas or list(AREAS):
            path = catalogue_path(language, area)
            if not path.exists():
                continue
            for message in _read(path, language):
                string = _hashable(message.string)
                if not message.id or not all(string if isinstance(string, tuple) else [string]):
                    continue
                key = (message.context, _hashable(message.id))
                first = seen.setdefault(key, (area, string))
                if first[1] != string:
                    yield Problem(language, area, _first(message.id),
                                  f"translated otherwise in {first[0]} ({first[1]!r} here "
                                  f"{string!r})")


def _hashable(value):
    """Plural ids and strings as tuples (Babel reads them from .mo files as lists)."""
    return tuple(value) if isinstance(value, list) else value


def _first(key) -> str:
    return key[0] if isinstance(key, tuple) else key


def _placeholder_problems(language: str, area: str, key, strings: list[str]) -> Iterator[Problem]:
    """A translation may only use the English text's placeholders ({name}); a singular text
    must keep them all. Plural forms may drop {count} (German "ein Punkt")."""
    allowed = set().union(*(placeholders(text) for text in
                            (key if isinstance(key, tuple) else (key,))))
    for string in strings:
        extra = placeholders(string) - allowed
        if extra:
            yield Problem(language, area, _first(key), f"unknown placeholder {sorted(extra)}")
    if not isinstance(key, tuple) and placeholders(strings[0]) != allowed:
        yield Problem(language, area, key, "placeholders differ from the English")


# -- words a player would read that do not go through tr() -------------------------------------

_SENTENCE = re.compile(r"[A-Za-z]{2,}[ \u00a0][A-Za-z]{2,}")
_TITLE_WORD = re.compile(r"^&?[A-Z][a-z]{2,}[.!?…:]?$")
_NOT_FOR_PLAYERS_CALLS = frozenset({
    # logging: the log file is for whoever reads a bug report, in English
    "debug", "info", "warning", "error", "exception", "critical", "log",
    # Qt names and styles, not words
    "setObjectName", "setStyleSheet", "setProperty", "findChild", "findChildren",
    "setApplicationName", "setOrganizationName", "setDesktopFileName",
    "getenv", "get_env",
})
_NOT_FOR_PLAYERS_KEYWORDS = frozenset({"help", "description", "epilog", "metavar", "prog",
                                       "doc", "usage"})
# Exceptions a player never sees: programming errors, caught and logged in English. A ValueError
# is a caller's mistake too; where its message does reach a player, it is written with tr().
_DEVELOPER_EXCEPTIONS = frozenset({
    "ValueError", "TypeError", "AssertionError", "NotImplementedError", "RuntimeError", "KeyError",
    "AttributeError", "IndexError", "SystemExit",
})


@dataclass(frozen=True)
class Literal:
    path: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text!r}"


# Not words though they look like some: style sheets, card codes ("KH 5H TH JS"), SQL (upper
# case keywords), font families, Qt's key names (for QKeySequence; Qt's own catalogue
# translates them where shown).
_STYLE_SHEET = re.compile(r"\d+px\b|^[\w-]+\s*:\s*[^;]*;|[{};]\s*$|^\s*[\w-]+:\s*[^ ]+\s*;")
_CARD_CODES = re.compile(r"^\s*(?:(?:10|[2-9TJQKA])[CDHS♣♦♥♠]\s*)+$")
_SQL = re.compile(r"^\s*(?:SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|WITH|PRAGMA|BEGIN|COMMIT|"
                  r"ROLLBACK)\b|\b(?:FROM|WHERE|JOIN|GROUP BY|ORDER BY|NOT NULL|PRIMARY KEY|"
                  r"INTEGER|VALUES|AND|OR|IS NULL|CASE WHEN|COALESCE|WHEN|THEN)\b")
_FONT_FAMILIES = frozenset({"DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono"})
_KEY_NAMES = frozenset({"Return", "Enter", "Left", "Right", "Up", "Down", "Space", "Escape",
                        "Tab", "Backspace", "Delete", "Home", "End", "Insert", "PgUp",
                        "PgDown"})


def looks_like_words(text: str) -> bool:
    """A sentence, a phrase or a capitalised word: what a label, button or message shows."""
    stripped = re.sub(r"<[^>]*>|&\w+;", " ", text).strip()  # markup: only its words count
    if (_STYLE_SHEET.search(stripped) or _CARD_CODES.match(stripped) or _SQL.search(stripped)
            or stripped in _KEY_NAMES or stripped in _FONT_FAMILIES):
        return False
    return bool(_SENTENCE.search(stripped) or _TITLE_WORD.match(stripped))


def untranslated(files: list[Path]) -> Iterator[Literal]:
    """String literals that read as words for a player and reach no ``tr`` call."""
    import ast

    for file in files:
        tree = ast.parse(file.read_text(encoding="utf-8"), str(file))
        skip: set[int] = set()
        for node in ast.walk(tree):
            _mark_skipped(node, skip)
        where = file.relative_to(ROOT).as_posix()
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.JoinedStr):
                text = "".join(part.value for part in node.values
                               if isinstance(part, ast.Constant) and isinstance(part.value, str))
                for part in node.values:
                    skip.add(id(part))
                if looks_like_words(text):
                    yield Literal(where, node.lineno, text)
            elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and looks_like_words(node.value)):
                yield Literal(where, node.lineno, node.value)


def _mark_skipped(node, skip: set[int]) -> None:
    import ast

    def skip_all(tree) -> None:
        for inner in ast.walk(tree):
            skip.add(id(inner))

    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
        skip.add(id(node.value))  # a docstring, of a module, class, function or attribute
    if isinstance(node, ast.Call):
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name in KEYWORDS or name in _NOT_FOR_PLAYERS_CALLS:
            skip_all(node)
        for keyword in node.keywords:
            if keyword.arg in _NOT_FOR_PLAYERS_KEYWORDS:
                skip_all(keyword.value)
    elif isinstance(node, ast.Raise) and node.exc is not None:
        exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
        name = exc.attr if isinstance(exc, ast.Attribute) else getattr(exc, "id", "")
        if name in _DEVELOPER_EXCEPTIONS:
            skip_all(node)
    elif isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets):
        skip_all(node)  # the names a module exports
    elif isinstance(node, (ast.Assert, ast.Compare, ast.Subscript)):
        skip_all(node)  # assert messages; comparisons and keys are values, not words
    elif isinstance(node, ast.Dict):
        for key in node.keys:
            if key is not None:
                skip_all(key)
    elif isinstance(node, (ast.AnnAssign, ast.arg)) and getattr(node, "annotation", None):
        skip_all(node.annotation)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.translations",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("update", "compile", "check", "strings"))
    parser.add_argument("areas", nargs="*", metavar="AREA", help=", ".join(AREAS))
    args = parser.parse_args(argv)
    unknown = [area for area in args.areas if area not in AREAS]
    if unknown:
        parser.error(f"unknown area(s): {', '.join(unknown)}; areas are {', '.join(AREAS)}")
    areas = args.areas or list(AREAS)
    if args.command == "update":
        update(areas)
    elif args.command == "compile":
        compile_mo(areas)
    elif args.command == "strings":
        left = [literal for area in areas for literal in untranslated(area_files(area))]
        for literal in left:
            print(literal)
        print(f"{len(left)} string(s) a player may read do not go through tr()")
        return 1 if left else 0
    else:
        found = list(problems(areas))
        for problem in found:
            print(problem)
        print(f"{len(found)} problem(s)")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
