"""What the tests of each translated area share (a pytest plugin, loaded by conftest.py): the
languages shipped besides English, a fixture that speaks each of them in turn (English again
afterwards, for every other test), and a check that a sentence was filled in (no
``{placeholder}`` left)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from ginrummy_desktop.engine import translation

LANGUAGES = ("de", "fr", "es")
UNFILLED = re.compile(r"\{[A-Za-z_]\w*[^{}]*\}")


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each translated language in turn."""
    translation.set_language(request.param)
    yield request.param
    translation.set_language("en")


@pytest.fixture
def english_after() -> Iterator[None]:
    """A test that switches language itself: English again afterwards."""
    yield
    translation.set_language("en")


def filled(text: str) -> str:
    """``text``, checked to be a sentence with every placeholder filled."""
    assert text and not UNFILLED.search(text), text
    return text


@pytest.fixture(autouse=True)
def _every_test_starts_in_english() -> Iterator[None]:
    """The tests read English words: a test that chose another language and failed before its
    own clean-up must not leave the next test speaking it."""
    if translation.language() != translation.SOURCE_LANGUAGE:
        translation.set_language(translation.SOURCE_LANGUAGE)
    yield
