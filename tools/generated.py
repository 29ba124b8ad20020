"""The command line every table generator in tools/ shares: write the table, or check it."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path


def write_or_check(path: Path, build_text: Callable[[], str], generator: str,
                   argv: list[str] | None = None) -> int:
    """Rewrite ``path`` with ``build_text()``, or with ``--check`` exit 1 if it differs."""
    args = sys.argv[1:] if argv is None else argv
    text = build_text()
    if "--check" in args:
        if path.read_text(encoding="utf-8") != text:
            print(f"{path} differs from what {generator} builds", file=sys.stderr)
            return 1
        print(f"{path} is up to date")
        return 0
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}")
    return 0
