"""Cards, suits, ranks and decks.

A :class:`Card` is a small immutable value whose text form round-trips:
``Card.parse("TH")``, ``str(card) == "TH"``, ``repr(card) == "Card.parse('TH')"``.
On input ``10H``, lower case and the suit symbols (♣ ♦ ♥ ♠) are accepted too.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Final

from engine.errors import CardSyntaxError

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "PIQUET_DECK",
    "FULL_DECK",
    "piquet_deck",
    "full_deck",
    "decks",
    "parse_cards",
]


class Suit(enum.Enum):
    """The four suits, with their letter in the table log."""

    CLUBS = "C"  # klaveren
    DIAMONDS = "D"  # ruiten
    HEARTS = "H"  # harten
    SPADES = "S"  # schoppen

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def dutch(self) -> str:
        return _SUIT_DUTCH[self]

    @property
    def twin(self) -> Suit:
        """The other suit of its colour: clubs and spades, hearts and diamonds (the suit a
        small printed pip is most easily taken for)."""
        return _SUIT_TWINS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """``"H"``, ``"h"``, ``"♥"`` -> ``Suit.HEARTS``."""
        suit = _SUIT_INPUT.get(text.strip().upper()) if isinstance(text, str) else None
        if suit is None:
            raise CardSyntaxError(f"unknown suit {text!r} (expected one of C D H S)")
        return suit

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SUIT_SYMBOLS: Final = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_DUTCH: Final = {
    Suit.CLUBS: "klaveren",
    Suit.DIAMONDS: "ruiten",
    Suit.HEARTS: "harten",
    Suit.SPADES: "schoppen",
}
_SUIT_TWINS: Final = {Suit.CLUBS: Suit.SPADES, Suit.SPADES: Suit.CLUBS, Suit.HEARTS: Suit.DIAMONDS,
                     Suit.DIAMONDS: Suit.HEARTS}
_SUIT_INPUT: Final[dict[str, Suit]] = {s.value: s for s in Suit} | {
    "♣": Suit.CLUBS, "♧": Suit.CLUBS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "♠": Suit.SPADES, "♤": Suit.SPADES,
}


class Rank(enum.IntEnum):
    """Ranks 2..A; the integer value is the natural order (ace high)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self.value - 2]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """``"T"``, ``"10"``, ``"q"`` -> a rank."""
        rank = _RANK_INPUT.get(text.strip().upper()) if isinstance(text, str) else None
        if rank is None:
            raise CardSyntaxError(f"unknown rank {text!r} (expected one of 2-9 T J Q K A)")
        return rank

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_LETTERS: Final = "23456789TJQKA"
_RANK_INPUT: Final[dict[str, Rank]] = {letter: Rank(i + 2) for i, letter in enumerate(_RANK_LETTERS)}
_RANK_INPUT["10"] = Rank.TEN


class Card:
    """One playing card: a rank and a suit. Immutable and interned.

    ``Card(Rank.TEN, Suit.HEARTS) is Card.parse("10h")``: there is exactly one object
    per card, so cards are cheap to compare, hash and keep in sets.
    """

    __slots__ = ("rank", "suit", "_text", "_hash")
    _interned: dict[tuple[Rank, Suit], Card] = {}

    rank: Rank
    suit: Suit
    _text: str
    _hash: int

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        key = (rank, suit)
        card = cls._interned.get(key)
        if card is None:
            if not isinstance(rank, Rank) or not isinstance(suit, Suit):
                raise TypeError(f"Card needs a Rank and a Suit, got {rank!r}, {suit!r}")
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "_text", rank.letter + suit.value)
            object.__setattr__(card, "_hash", hash(card._text))
            cls._interned[key] = card
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``"TH"``, ``"10H"``, ``"th"``, ``"10♥"``; raise :class:`CardSyntaxError`."""
        if isinstance(text, str):
            card = _PARSE_CACHE.get(text)
            if card is not None:
                return card
            cleaned = text.strip().upper()
            if 2 <= len(cleaned) <= 3:
                rank = _RANK_INPUT.get(cleaned[:-1])
                suit = _SUIT_INPUT.get(cleaned[-1])
                if rank is not None and suit is not None:
                    return cls(rank, suit)
        raise CardSyntaxError(f"unknown card {text!r} (expected rank 2-9 T J Q K A and suit C D H S, e.g. 'TH')")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return self is other

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))

    @property
    def symbol(self) -> str:
        """Human form with the suit symbol: ``T♥``."""
        return self.rank.letter + self.suit.symbol


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Parse several cards; the error names the first one that is not a card."""
    return [Card.parse(t) for t in texts]


FULL_DECK: Final[tuple[Card, ...]] = tuple(Card(r, s) for s in Suit for r in Rank)
PIQUET_DECK: Final[tuple[Card, ...]] = tuple(c for c in FULL_DECK if c.rank >= Rank.SEVEN)

_PARSE_CACHE: Final[dict[str, Card]] = {}
for _card in FULL_DECK:
    _PARSE_CACHE[_card._text] = _card
    _PARSE_CACHE[_card._text.lower()] = _card
    if _card.rank == Rank.TEN:
        _PARSE_CACHE["10" + _card.suit.value] = _card
        _PARSE_CACHE["10" + _card.suit.value.lower()] = _card


def piquet_deck() -> list[Card]:
    """The 32-card deck (7..A in four suits), used by klaverjassen and sixty-six."""
    return list(PIQUET_DECK)


def full_deck() -> list[Card]:
    """The 52-card deck, used by rikken."""
    return list(FULL_DECK)


def decks(n: int, base: Iterable[Card] = FULL_DECK) -> list[Card]:
    """``n`` decks shuffled together (Russisch Kwartet plays with 2 or 3): cards repeat."""
    if n < 1:
        raise ValueError(f"need at least one deck, got {n}")
    one = list(base)
    return [card for _ in range(n) for card in one]
