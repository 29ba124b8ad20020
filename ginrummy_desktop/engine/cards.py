"""Playing cards shared by every game: ``Card``, the 52-card deck and card-list helpers.

A card is immutable and hashable. ``card.index`` (0..51, suit-major: clubs 0-12, diamonds
13-25, hearts 26-38, spades 39-51) lets fast code keep hands as integer bit masks.

Immutable for real: a card is a ``(rank, suit)`` tuple underneath with its class fixed, so not
even ``object.__setattr__`` can rewrite one. Agents are handed the engine's own cards; they
could not be trusted with them otherwise. Equality, hashing and order are the tuple's.

There is one object per card: ``Card(7, "H")``, ``Card.parse("7H")``, a copy or an unpickled
card are all the same object, so hot code turns a hand into a mask through ``id()`` (see
``BIT_BY_CARD_ID``) instead of asking each card for its index.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import NamedTuple

from ginrummy_desktop.engine.translation import tr_ctx

SUITS = "CDHS"
RANK_LETTERS = "A23456789TJQK"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
# English names (codes, logs, the command line); a person reads ``card_name``/``suit_name``.
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = {
    1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
    8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king",
}

_SYMBOL_TO_SUIT = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
# Outline symbols and emoji variants people paste from other apps.
_SYMBOL_TO_SUIT.update({"♧": "C", "♢": "D", "♡": "H", "♤": "S"})


_SUIT_OFFSET = {suit: 13 * position for position, suit in enumerate(SUITS)}


class _CardFields(NamedTuple):
    rank: int
    suit: str


class Card(_CardFields):
    """One card. ``rank`` is 1 (ace, always low) to 13 (king); ``suit`` is one of ``C D H S``."""

    __slots__ = ()
    # A data descriptor named __class__ blocks ``card.__class__ = Other`` (type() is unchanged).
    __class__ = property(type, doc="Always Card: the class cannot be reassigned.")

    def __new__(cls, rank: int, suit: str) -> Card:
        if not isinstance(rank, int) or not 1 <= rank <= 13:
            raise ValueError(f"card rank must be 1..13, not {rank!r}")
        if not isinstance(suit, str) or suit not in _SUIT_OFFSET:
            raise ValueError(f"card suit must be one of C D H S, not {suit!r}")
        if cls is Card:  # the one object for this card (subclasses make their own)
            return _CARDS_BY_INDEX[_SUIT_OFFSET[suit] + rank - 1]
        return tuple.__new__(cls, (int(rank), str(suit)))

    def __getnewargs__(self) -> tuple[int, str]:
        return (self[0], self[1])

    @property  # (replaces tuple.index on purpose: a card's index is its place in the deck)
    def index(self) -> int:  # type: ignore[override]
        """Position 0..51 in suit-major order; ``Card.from_index`` inverts it."""
        return _SUIT_OFFSET[self[1]] + self[0] - 1

    @property
    def mask(self) -> int:
        """This card's bit in a 52-bit hand mask."""
        return 1 << (_SUIT_OFFSET[self[1]] + self[0] - 1)

    @property
    def points(self) -> int:
        """Count value used by both games: ace 1, 2-9 face value, ten and courts 10."""
        rank = self[0]
        return rank if rank < 10 else 10

    @property
    def name(self) -> str:
        """Spoken name in the chosen language, e.g. ``"ten of hearts"`` (``card_name``)."""
        return card_name(self)

    def __str__(self) -> str:
        return RANK_LETTERS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @staticmethod
    def from_index(index: int) -> Card:
        return _CARDS_BY_INDEX[index]

    @staticmethod
    def parse(text: str) -> Card:
        """Read ``TH``, ``10H``, ``th``, ``10♥`` or ``A♠``; anything else raises ``ValueError``."""
        if not isinstance(text, str):
            raise ValueError(f"not a card: {text!r}")
        cleaned = text.strip()
        card = _parse_cached(cleaned.upper()) if cleaned else None
        if card is None:
            raise ValueError(f"not a card: {text!r} (expected e.g. 'TH', '10H', 'as' or '10♥')")
        return card


@cache
def _parse_cached(text: str) -> Card | None:
    if len(text) < 2:
        return None
    rank_text, suit_text = text[:-1], text[-1]
    suit = _SYMBOL_TO_SUIT.get(suit_text, suit_text)
    if suit not in SUITS:
        return None
    if rank_text == "10":
        rank = 10
    elif len(rank_text) == 1 and rank_text in RANK_LETTERS:
        rank = RANK_LETTERS.index(rank_text) + 1
    else:
        return None
    return Card(rank, suit)


_CARDS_BY_INDEX: tuple[Card, ...] = tuple(
    tuple.__new__(Card, (rank, suit)) for suit in SUITS for rank in range(1, 14)
)
FULL_DECK: tuple[Card, ...] = _CARDS_BY_INDEX

#: ``id(card)`` -> ``card.mask`` for the 52 cards. ``sum(map(BIT_BY_CARD_ID.__getitem__,
#: map(id, cards)))`` is the fastest way from a hand to its mask; a ``KeyError`` means something
#: that is not one of the 52 cards (a subclass instance, a plain tuple): fall back to a checked
#: loop. Every card is one of the 52 objects for the life of the process, so ids stay valid.
BIT_BY_CARD_ID: dict[int, int] = {id(card): 1 << card.index for card in FULL_DECK}

_SIZED_COLLECTIONS = (list, tuple, frozenset, set)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse ``"AS 2S 3S"`` (or an iterable of card strings) into cards, in order."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(token) for token in tokens]


def cards_mask(cards: Iterable[Card]) -> int:
    """The bit mask of a collection of cards (duplicates collapse)."""
    if type(cards) in _SIZED_COLLECTIONS:
        try:
            mask: int = sum(map(BIT_BY_CARD_ID.__getitem__, map(id, cards)))
        except KeyError:
            pass
        else:
            if mask.bit_count() == len(cards):  # type: ignore[arg-type]  # (a repeat carries)
                return mask
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def mask_cards(mask: int) -> list[Card]:
    """The cards of a bit mask in index order."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(_CARDS_BY_INDEX[low.bit_length() - 1])
        mask ^= low
    return cards


def _build_rank_major_tables() -> tuple[tuple[int, ...], tuple[tuple[tuple[Card, ...], ...], ...]]:
    """Tables for ``mask_cards_sorted``: a suit's 13 bits spread to every fourth bit, and the
    cards of each byte of a rank-major mask (bit ``4 * (rank - 1) + suit``)."""
    spread = [0] * (1 << 13)
    for pattern in range(1, 1 << 13):
        low = pattern & -pattern
        spread[pattern] = spread[pattern ^ low] | 1 << 4 * (low.bit_length() - 1)
    by_rank_major = [_CARDS_BY_INDEX[13 * (bit % 4) + bit // 4] for bit in range(52)]
    chunks = tuple(
        tuple(
            tuple(by_rank_major[bit] for bit in range(8 * k, min(8 * k + 8, 52))
                  if byte >> (bit - 8 * k) & 1)
            for byte in range(256)
        )
        for k in range(7)
    )
    return tuple(spread), chunks


_SPREAD, (_B0, _B1, _B2, _B3, _B4, _B5, _B6) = _build_rank_major_tables()


def mask_cards_sorted(mask: int) -> tuple[Card, ...]:
    """The cards of a bit mask in ``sorted()`` order (rank, then suit), without sorting.

    The suit-major mask is transposed to rank-major (four table look-ups), then read a byte at
    a time from tables of ready-made card tuples.

    >>> format_cards(mask_cards_sorted(cards_mask(parse_cards("KS 2H AD 2C"))))
    'AD 2C 2H KS'
    """
    spread = _SPREAD
    ranks = (spread[mask & 0x1FFF] | spread[mask >> 13 & 0x1FFF] << 1
             | spread[mask >> 26 & 0x1FFF] << 2 | spread[mask >> 39] << 3)
    return (_B0[ranks & 255] + _B1[ranks >> 8 & 255] + _B2[ranks >> 16 & 255]
            + _B3[ranks >> 24 & 255] + _B4[ranks >> 32 & 255] + _B5[ranks >> 40 & 255]
            + _B6[ranks >> 48])


def format_cards(cards: Iterable[Card]) -> str:
    """``"AS 2S 3S"``: the inverse of ``parse_cards``."""
    return " ".join(str(card) for card in cards)


def card_text(card: Card) -> str:
    """A card as a person writes it, ``"J♣"`` or ``"10♥"``: the one form for every text a
    person reads (``str(card)``, ``"JC"``, is the code for records and the command line)."""
    rank = "10" if card.rank == 10 else RANK_LETTERS[card.rank - 1]
    return rank + SUIT_SYMBOLS[card.suit]


def cards_text(cards: Iterable[Card]) -> str:
    """``"A♠ 2♠ 3♠"``: several cards for a person to read."""
    return " ".join(card_text(card) for card in cards)


# Compact card texts (``card_text``) keep J, Q, K, A in every language: the card faces the
# table draws carry those letters, so a hint's "Q♠" is the card the player sees.


def rank_name(rank: int) -> str:
    """The rank's spoken name in the chosen language, as it stands in a card's name
    (``"queen"``; German ``"Dame"``)."""
    names = (
        tr_ctx("card rank name", "ace"), tr_ctx("card rank name", "two"),
        tr_ctx("card rank name", "three"), tr_ctx("card rank name", "four"),
        tr_ctx("card rank name", "five"), tr_ctx("card rank name", "six"),
        tr_ctx("card rank name", "seven"), tr_ctx("card rank name", "eight"),
        tr_ctx("card rank name", "nine"), tr_ctx("card rank name", "ten"),
        tr_ctx("card rank name", "jack"), tr_ctx("card rank name", "queen"),
        tr_ctx("card rank name", "king"),
    )
    return names[rank - 1]


def suit_name(suit: str) -> str:
    """The suit's name in the chosen language as it follows a rank or a run ("A-3 of
    spades": ``"spades"``; German ``"Pik"``, French ``"pique"``)."""
    if suit == "C":
        return tr_ctx("suit", "clubs")
    if suit == "D":
        return tr_ctx("suit", "diamonds")
    if suit == "H":
        return tr_ctx("suit", "hearts")
    return tr_ctx("suit", "spades")


def card_name(card: Card) -> str:
    """A card's spoken name in the chosen language: ``"ten of hearts"``, German
    ``"Herz-Zehn"``, French ``"dix de cœur"`` (a screen reader's and a tooltip's words)."""
    if card.suit == "C":
        # Translators: {rank} is a rank's name ("queen", "ten"): the whole name of one card.
        pattern = tr_ctx("card name", "{rank} of clubs")
    elif card.suit == "D":
        # Translators: {rank} is a rank's name ("queen", "ten"): the whole name of one card.
        pattern = tr_ctx("card name", "{rank} of diamonds")
    elif card.suit == "H":
        # Translators: {rank} is a rank's name ("queen", "ten"): the whole name of one card.
        pattern = tr_ctx("card name", "{rank} of hearts")
    else:
        # Translators: {rank} is a rank's name ("queen", "ten"): the whole name of one card.
        pattern = tr_ctx("card name", "{rank} of spades")
    return pattern.format(rank=rank_name(card.rank))


def require_distinct(cards: Iterable[Card], what: str = "cards") -> list[Card]:
    """Return the cards as a list, raising ``ValueError`` naming any card given twice."""
    seen: set[Card] = set()
    result = []
    for card in cards:
        if not isinstance(card, Card):
            raise ValueError(f"{what}: {card!r} is not a Card")
        if card in seen:
            raise ValueError(f"{what}: {card} appears twice")
        seen.add(card)
        result.append(card)
    return result
