"""Messages for the user about their files, collected by the storage layer and shown once.

Storage opens before the app chooses its language (the choice is one of the settings), so a
message is kept as a ``Phrase``: the words in the language in use when it was written, plus
their English template and values, so ``Notice.message`` says them again in the language in
use when the message is shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ginrummy_desktop.engine.translation import tr


class Phrase(str):
    """Words for a person (a ``str`` in the language in use now) that can be said again later
    in another language: ``Phrase(mark("the disk is full"))``,
    ``Phrase(mark("it is damaged ({detail})"), detail=...)``. Values may be phrases too, or
    lists of words (joined with commas)."""

    template: str
    values: dict[str, Any]

    def __new__(cls, template: str, **values: Any) -> Phrase:
        self = super().__new__(cls, _fill(template, values))
        self.template = template
        self.values = values
        return self

    def said(self) -> str:
        """The words in the language in use now."""
        return _fill(self.template, self.values)


def _fill(template: str, values: dict[str, Any]) -> str:
    text = tr(template)
    return text.format(**{key: said(value) for key, value in values.items()}) if values else text


def said(text: Any) -> str:
    """``text`` in the language in use now: a ``Phrase`` said again, a list of words joined
    with commas, anything else as it is."""
    if isinstance(text, Phrase):
        return text.said()
    if isinstance(text, (list, tuple)):
        return tr(", ").join(said(item) for item in text)
    return str(text)


def reason(error: BaseException) -> str:
    """Why ``error`` happened, in words: the ``Phrase`` it was raised with when it has one
    (so it can still be said in another language), else its text."""
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, Phrase) else str(error)


@dataclass(frozen=True, slots=True)
class Notice:
    """One plain-words message. ``kind``: ``corrupt``, ``newer_version``, ``locked`` or ``io``;
    ``text``: the message as written (a ``Phrase`` when it can be said in another language)."""

    kind: str
    text: str

    @property
    def message(self) -> str:
        """The message in the language in use now."""
        return said(self.text)


@dataclass
class Notices:
    """A queue of notices; the app drains it with ``take()`` and shows each message once."""

    _pending: list[Notice] = field(default_factory=list)

    def add(self, kind: str, message: str) -> None:
        self._pending.append(Notice(kind, message))

    def take(self) -> list[Notice]:
        pending, self._pending = self._pending, []
        return pending

    def peek(self) -> list[Notice]:
        return list(self._pending)
