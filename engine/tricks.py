"""The trick-taking core shared by klaverjassen, rikken and sixty-six.

Seats sit clockwise; play goes clockwise. The winner of a trick is a pure function of
its cards, the led suit and trump (:func:`trick_winner`); each game supplies its
:class:`Ranking` (the order of ranks in trump and in plain suits) as data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engine.cards import Card, Rank, Suit
from engine.errors import BadDealError, DuplicateCardError

# -- seats --------------------------------------------------------------------------


def next_seat(seat: str, seats: Sequence[str]) -> str:
    """The seat to the left (clockwise) of ``seat``."""
    return seats[(seats.index(seat) + 1) % len(seats)]


def seat_after(seat: str, steps: int, seats: Sequence[str]) -> str:
    return seats[(seats.index(seat) + steps) % len(seats)]


def partner_of(seat: str, seats: Sequence[str]) -> str:
    """Across the table (four-seat team games)."""
    return seat_after(seat, 2, seats)


def teams_of(seats: Sequence[str]) -> tuple[str, str]:
    """Team names for a four-seat game: ``("NS", "EW")`` by default."""
    return (seats[0] + seats[2], seats[1] + seats[3])


def team_of(seat: str, seats: Sequence[str]) -> str:
    first, second = teams_of(seats)
    return first if seats.index(seat) % 2 == 0 else second


def order_from(first: str, seats: Sequence[str]) -> list[str]:
    """All seats in playing order starting at ``first``."""
    start = seats.index(first)
    return [seats[(start + i) % len(seats)] for i in range(len(seats))]


# -- ranking and the trick winner ------------------------------------------------------


@dataclass(frozen=True)
class Ranking:
    """How cards rank in a trick: plain-suit order and trump order, low to high."""

    plain: tuple[Rank, ...]
    trump: tuple[Rank, ...]
    _plain_index: Mapping[Rank, int] = field(init=False, repr=False, compare=False)
    _trump_index: Mapping[Rank, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_plain_index", {r: i for i, r in enumerate(self.plain)})
        object.__setattr__(self, "_trump_index", {r: i for i, r in enumerate(self.trump)})

    def strength(self, card: Card, led: Suit, trump: Suit | None) -> int:
        """Comparable strength in a trick: any trump beats the led suit; other suits lose."""
        if card.suit is trump:
            return 100 + self._trump_index[card.rank]
        if card.suit is led:
            return self._plain_index[card.rank]
        return -1

    def trump_strength(self, card: Card) -> int:
        return self._trump_index[card.rank]

    def plain_strength(self, card: Card) -> int:
        return self._plain_index[card.rank]


def _ranks(text: str) -> tuple[Rank, ...]:
    return tuple(Rank.parse(ch) for ch in text)


# Data tables, low to high.
ACE_HIGH = Ranking(plain=_ranks("23456789TJQKA"), trump=_ranks("23456789TJQKA"))
KLAVERJAS = Ranking(plain=_ranks("789JQKTA"), trump=_ranks("78QKTA9J"))
SIXTY_SIX = Ranking(plain=_ranks("789JQKTA"), trump=_ranks("789JQKTA"))


def trick_winner(cards: Sequence[Card], trump: Suit | None, ranking: Ranking) -> int:
    """Index (in playing order) of the card that wins: highest trump, else highest of the led suit."""
    if not cards:
        raise ValueError("an empty trick has no winner")
    led = cards[0].suit
    best = 0
    best_strength = ranking.strength(cards[0], led, trump)
    for i in range(1, len(cards)):
        s = ranking.strength(cards[i], led, trump)
        if s > best_strength:
            best, best_strength = i, s
    return best


@dataclass
class Trick:
    """One trick in progress or complete: who led, and the cards in playing order."""

    number: int
    leader: str
    seats: list[str] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    winner: str | None = None

    @property
    def led_suit(self) -> Suit | None:
        return self.cards[0].suit if self.cards else None

    def add(self, seat: str, card: Card) -> None:
        self.seats.append(seat)
        self.cards.append(card)

    def seat_of(self, card: Card) -> str:
        return self.seats[self.cards.index(card)]


def deal_in_packets(deck: Sequence[Card], dealer: str, seats: Sequence[str], packets: Sequence[int]) -> dict[str, list[Card]]:
    """Deal clockwise from left of the dealer in packets (klaverjassen 3-2-3)."""
    hands: dict[str, list[Card]] = {s: [] for s in seats}
    order = order_from(next_seat(dealer, seats), seats)
    position = 0
    for size in packets:
        for seat in order:
            hands[seat].extend(deck[position : position + size])
            position += size
    return hands


def check_deal(hands: Mapping[str, Sequence[Card]], seats: Sequence[str], hand_size: int,
               deck: frozenset[Card], game: str) -> dict[str, list[Card]]:
    """A known deal gives every seat ``hand_size`` different cards of ``deck``."""
    unknown = [s for s in hands if s not in seats]
    if unknown:
        raise BadDealError(f"deal names seat {unknown[0]!r} (seats are {', '.join(seats)})")
    missing = [s for s in seats if s not in hands]
    if missing:
        raise BadDealError(f"deal gives no hand to {', '.join(missing)}: give all four hands or none")
    seen: dict[Card, str] = {}
    for seat in seats:
        cards = hands[seat]
        if len(cards) != hand_size:
            raise BadDealError(f"{seat} was dealt {len(cards)} cards; {game} deals {hand_size} each")
        for card in cards:
            if card not in deck:
                raise BadDealError(f"{seat} was dealt {card}: not in the {len(deck)}-card deck")
            if card in seen:
                raise DuplicateCardError(f"{card} was dealt twice (to {seen[card]} and {seat})")
            seen[card] = seat
    return {s: list(hands[s]) for s in seats}
