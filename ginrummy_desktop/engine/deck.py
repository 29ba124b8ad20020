"""Shuffled decks and the fair-deal commitment shared by both games.

Before a hand is played the engine publishes ``commitment(deck, salt)``, a SHA-256 digest of the
deck order and a random salt. The hand record later reveals both, so anyone can check that the
cards were dealt exactly as committed before play began.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence

from ginrummy_desktop.engine.cards import FULL_DECK, Card, format_cards, parse_cards
from ginrummy_desktop.engine.rng import StableRandom


def shuffled_deck(rng: StableRandom) -> list[Card]:
    """A full deck shuffled by ``rng`` (same generator state, same order, everywhere)."""
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    return deck


def new_salt(rng: StableRandom | None = None) -> str:
    """32 hex digits of salt: from ``rng`` in seeded (replayable) runs, else from the OS."""
    if rng is None:
        return secrets.token_hex(16)
    return f"{rng.next_u64():016x}{rng.next_u64():016x}"


def commitment(deck: Sequence[Card], salt: str) -> str:
    """SHA-256 hex digest of ``"<salt>:<cards separated by spaces>"``."""
    payload = f"{salt}:{format_cards(deck)}".encode()
    return hashlib.sha256(payload).hexdigest()


def verify_commitment(deck: Sequence[Card] | str, salt: str, expected: str) -> bool:
    """True when ``deck`` and ``salt`` hash to the published ``expected`` digest."""
    cards = parse_cards(deck) if isinstance(deck, str) else list(deck)
    if sorted(cards) != sorted(FULL_DECK):
        return False
    return secrets.compare_digest(commitment(cards, salt), expected)
