"""Every refusal the service can send is one the desktop client knows and shows translated.

The referee refuses a request with an English sentence (the protocol names no code), and
gui/online/refusals.py shows each known sentence in the player's language. A sentence changed
or added in online/ without the client knowing it would reach a German player in English: this
test reads every ``MoveRefused(...)`` the service raises and checks the client translates it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from ginrummy_desktop.engine import translation
from ginrummy_desktop.gui.online.refusals import refusal_text
from ginrummy_desktop.online.referee import REQUEST_LIMITS

SERVICE = Path(__file__).resolve().parents[1] / "ginrummy_desktop" / "online"


def sample(node: ast.expr) -> str | None:
    """The sentence a ``MoveRefused`` argument sends, with sample values in its gaps; None
    when it passes on another error's text (``str(error)``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for part in node.values:
            if isinstance(part, ast.Constant):
                parts.append(str(part.value))
            elif isinstance(part, ast.FormattedValue):
                parts.append("'ann'" if part.conversion == ord("r") else "7")
        return "".join(parts)
    return None


def service_refusals() -> Iterator[tuple[str, str]]:
    for module in sorted(SERVICE.glob("*.py")):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "MoveRefused"
                    and node.args):
                sentence = sample(node.args[0])
                if sentence is not None:
                    yield f"{module.name}:{node.lineno}", sentence
    for kind, sentence in REQUEST_LIMITS.items():
        yield f"REQUEST_LIMITS[{kind!r}]", sentence


@pytest.fixture
def german() -> Iterator[None]:
    translation.set_language("de")
    yield
    translation.set_language("en")


def test_the_scan_finds_the_services_refusals() -> None:
    sentences = {sentence for _, sentence in service_refusals()}
    assert "it is not your turn" in sentences
    assert "the name 'ann' is reserved for the game service" in sentences
    assert len(sentences) >= 25


def test_every_refusal_the_service_sends_is_shown_translated(german: None) -> None:
    unknown = [f"{where}: {sentence!r}" for where, sentence in service_refusals()
               if refusal_text(sentence) == sentence[:1].upper() + sentence[1:]]
    assert unknown == []
