"""The event-sourced game: a match is the fold of its table-log events.

Every game subclasses :class:`Game`. ``apply(event)`` either changes the state or
raises an :class:`~engine.errors.IllegalEventError` and leaves the state as it was;
``undo()`` steps back one event by replaying the rest, so the log stays the single
source of truth.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, TypeVar

from engine.errors import IllegalEventError, LogSyntaxError, WrongPhaseError
from engine.events import Deal, Event, MatchStart

GAMES: dict[str, type[Game]] = {}
KNOWN_GAMES = (
    "klaverjassen",
    "rikken",
    "sixty-six",
    "trumpf-quartett",
    "klassisch-quartett",
    "russisch-kwartet",
)


def register_game(cls: type[Game]) -> type[Game]:
    GAMES[cls.name] = cls
    return cls


class Game(ABC):
    """A match of one game. Subclasses implement :meth:`_apply` and :meth:`report`."""

    name: ClassVar[str]
    seat_count: ClassVar[int] = 4

    def __init__(self, match: MatchStart, rng: random.Random | None = None) -> None:
        if len(match.seats) != self.seat_count:
            raise IllegalEventError(
                f"{self.name} is played by {self.seat_count} seats, the match names {len(match.seats)}: {list(match.seats)}"
            )
        self.match = match
        self.seats: tuple[str, ...] = match.seats
        # The seeded random source for what the device decides (the klassiek die);
        # replays never draw from it: the log records every result.
        self.rng = rng if rng is not None else random.Random()
        self.events: list[Event] = []

    def apply(self, event: Event) -> None:
        """Apply one event, or raise and leave the state unchanged."""
        if isinstance(event, MatchStart):
            raise IllegalEventError("a second 'match' event: one log holds one match")
        try:
            self._apply(event)
        except IllegalEventError:
            self._rebuild(self.events)
            raise
        self.events.append(event)

    def undo(self) -> Event:
        """Step back one event (the undo button); return the event taken back."""
        if not self.events:
            raise IllegalEventError("nothing to undo: the match has no events yet")
        last = self.events[-1]
        self._rebuild(self.events[:-1])
        return last

    def _rebuild(self, events: list[Event]) -> None:
        fresh = type(self)(self.match, self.rng)
        for event in events:
            fresh._apply(event)
            fresh.events.append(event)
        self.__dict__.update(fresh.__dict__)

    def _who(self, seat: str) -> str:
        """A seat as the reports write it: ``N (Anna)``, or ``N`` without a name."""
        name = self.match.names.get(seat)
        return f"{seat} ({name})" if name else seat

    def _check_seat(self, seat: str) -> None:
        if seat not in self.seats:
            raise IllegalEventError(f"unknown seat {seat!r} (seats are {', '.join(self.seats)})")

    @abstractmethod
    def _apply(self, event: Event) -> None: ...

    @abstractmethod
    def report(self) -> dict[str, Any]:
        """The referee's JSON report (shared/spec/table-log.md)."""

    @abstractmethod
    def report_text(self) -> str:
        """The referee's readable report."""


H = TypeVar("H")


class HandGame(Game, Generic[H]):
    """A game played in hands: a ``deal`` starts one, every other event belongs to it."""

    hands: list[H]

    @property
    def hand(self) -> H | None:
        """The hand being played (or the last one), None before the first deal."""
        return self.hands[-1] if self.hands else None

    def _apply(self, event: Event) -> None:
        if isinstance(event, Deal):
            self._deal(event)
            return
        hand = self.hand
        if hand is None:
            raise WrongPhaseError(f"a {event.type!r} event before the first 'deal'")
        self._apply_to_hand(hand, event)

    @abstractmethod
    def _deal(self, event: Deal) -> None: ...

    @abstractmethod
    def _apply_to_hand(self, hand: H, event: Event) -> None: ...


def new_game(match: MatchStart, rng: random.Random | None = None) -> Game:
    """The game a ``match`` event names, with its rule options checked."""
    cls = GAMES.get(match.game)
    if cls is None:
        if match.game in KNOWN_GAMES:
            raise LogSyntaxError(
                f"game {match.game!r} is not implemented yet (implemented: {', '.join(sorted(GAMES))})"
            )
        raise LogSyntaxError(f"unknown game {match.game!r} (one of: {', '.join(KNOWN_GAMES)})")
    return cls(match, rng)
