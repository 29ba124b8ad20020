"""The one guarded way to read JSON the app did not just write itself.

Every loader (settings, autosave, database rows, records import) goes through here, so each
gets the same protection: only regular files (a FIFO or device in place of a file is refused
without blocking), a size cap, UTF-8 only, no NaN/Infinity, a nesting cap, and no text that
cannot be written back (lone surrogates). Failures are ``JsonProblem`` (a ``ValueError``) with
words for a person; nothing else escapes.
"""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any

from ginrummy_desktop.engine.translation import mark
from ginrummy_desktop.storage.notices import Phrase

MAX_DEPTH = 64  # our files nest a dozen levels; anything deeper is not ours


class JsonProblem(ValueError):
    """What is wrong with a file or a line, in plain words."""


class NotAFile(JsonProblem):
    """Something other than a regular file (folder, FIFO, device) sits where a file belongs."""


class Missing(JsonProblem):
    """No file at all (not an error for a loader: nothing was saved yet)."""


def _refuse_constant(name: str) -> Any:
    raise JsonProblem(Phrase(mark("it holds {name}, which is not a number JSON allows"), name=name))


def parse_json(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """``text`` parsed as strict JSON; ``JsonProblem`` for anything hostile or damaged."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise JsonProblem(Phrase(mark("it is not UTF-8 text"))) from None
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except JsonProblem:
        raise
    except RecursionError:
        raise JsonProblem(Phrase(mark("it is nested more than {depth} levels deep"),
                                 depth=max_depth)) from None
    except json.JSONDecodeError as error:
        raise JsonProblem(Phrase(
            mark("it is incomplete or damaged (not valid JSON at line {line}, column {column}: "
                 "{detail})"), line=error.lineno, column=error.colno, detail=error.msg,
        )) from None
    except ValueError:  # an integer of thousands of digits
        raise JsonProblem(Phrase(mark("it holds a number too long to read"))) from None
    check_tree(value, max_depth)
    return value


def check_tree(value: Any, max_depth: int = MAX_DEPTH) -> None:
    """Refuse trees deeper than ``max_depth`` and text that cannot be encoded (iteratively, so
    a hostile tree cannot exhaust the stack here or in later recursive code)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, str):
            _check_text(node)
        elif isinstance(node, float) and not math.isfinite(node):  # "1e999" parses to inf
            raise JsonProblem(Phrase(mark("it holds a number that is not finite")))
        elif isinstance(node, (dict, list)):
            if depth > max_depth:
                raise JsonProblem(Phrase(mark("it is nested more than {depth} levels deep"),
                                         depth=max_depth))
            if isinstance(node, dict):
                for key, item in node.items():
                    _check_text(key)
                    stack.append((item, depth + 1))
            else:
                stack.extend((item, depth + 1) for item in node)


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise JsonProblem(Phrase(mark("it holds text that is not valid Unicode"))) from None


def read_file_bytes(path: Path, max_bytes: int) -> bytes:
    """The bytes of the regular file ``path`` (at most ``max_bytes``), never blocking.

    ``O_NONBLOCK`` so opening a FIFO returns at once; ``fstat`` on the opened descriptor (not the
    name, which could change in between) decides that it is a regular file.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise Missing(Phrase(mark("there is no such file"))) from None
    except IsADirectoryError:
        raise NotAFile(Phrase(mark("a folder is in its place"))) from None
    except OSError as error:
        raise JsonProblem(Phrase(mark("it could not be opened ({detail})"),
                                 detail=error.strerror or error)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotAFile(Phrase(mark("it is not a regular file")))
        if info.st_size > max_bytes:
            raise JsonProblem(_too_large(max_bytes))
        chunks, total = [], 0
        while total <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > max_bytes:  # it grew while we read
            raise JsonProblem(_too_large(max_bytes))
        return b"".join(chunks)
    except OSError as error:
        raise JsonProblem(Phrase(mark("it could not be read ({detail})"),
                                 detail=error.strerror or error)) from None
    finally:
        os.close(fd)


def _too_large(max_bytes: int) -> Phrase:
    return Phrase(mark("it is larger than {size} MB"), size=max_bytes // 1_000_000 or 1)


def read_json_file(path: Path, max_bytes: int, max_depth: int = MAX_DEPTH) -> Any:
    """The parsed JSON of ``path``; ``Missing`` when there is none, ``JsonProblem`` otherwise."""
    return parse_json(read_file_bytes(path, max_bytes), max_depth)


def dumps_strict(value: Any, **options: Any) -> str:
    """``json.dumps`` that never writes NaN/Infinity (a ``ValueError`` instead)."""
    return json.dumps(value, allow_nan=False, **options)
