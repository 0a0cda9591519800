"""Table-log events (shared/spec/table-log.md) and the JSON Lines reader and writer.

The table log is the single source of truth: a game state is the fold of its events.
Each event is a small frozen dataclass; :func:`event_from_dict` validates one JSON
object, :meth:`Event.to_dict` writes it back in canonical form (cards as ``TH``).
Games with moves of their own register further event types with :func:`event_type`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from engine.cards import Card, Suit
from engine.errors import CardSyntaxError, LogSyntaxError

DEFAULT_SEATS: tuple[str, ...] = ("N", "E", "S", "W")

E = TypeVar("E", bound="Event")
_EVENT_TYPES: dict[str, type[Event]] = {}


def event_type(name: str) -> Callable[[type[E]], type[E]]:
    """Class decorator: register an event class under its log ``type``."""

    def register(cls: type[E]) -> type[E]:
        if name in _EVENT_TYPES:
            raise ValueError(f"event type {name!r} registered twice")
        cls.type = name
        _EVENT_TYPES[name] = cls
        return cls

    return register


class Event:
    """One line of the table log."""

    type: ClassVar[str]

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> Event:
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)


# -- field readers: each raises LogSyntaxError quoting the key and value ------------


def _require(obj: Mapping[str, Any], key: str) -> Any:
    if key not in obj:
        raise LogSyntaxError(f"{obj.get('type')!r} event needs a {key!r} key")
    return obj[key]


def _str(obj: Mapping[str, Any], key: str) -> str:
    value = _require(obj, key)
    if not isinstance(value, str) or not value:
        raise LogSyntaxError(f"{key!r} must be a non-empty string, got {value!r}")
    return value


def _card(value: Any, key: str = "card") -> Card:
    if not isinstance(value, str):
        raise LogSyntaxError(f"{key!r} must be a card like 'TH', got {value!r}")
    try:
        return Card.parse(value)
    except CardSyntaxError as exc:
        raise LogSyntaxError(str(exc)) from None


def _suit(value: Any, key: str = "suit") -> Suit:
    if not isinstance(value, str):
        raise LogSyntaxError(f"{key!r} must be a suit letter C D H S, got {value!r}")
    try:
        return Suit.parse(value)
    except CardSyntaxError as exc:
        raise LogSyntaxError(str(exc)) from None


# -- the events every game shares ----------------------------------------------------


@event_type("match")
@dataclass(frozen=True)
class MatchStart(Event):
    """Which game, with which rule options, seats and player names."""

    game: str
    rules: Mapping[str, Any] = field(default_factory=dict)
    seats: tuple[str, ...] = DEFAULT_SEATS
    names: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> MatchStart:
        game = _str(obj, "game")
        rules = obj.get("rules", {})
        if not isinstance(rules, dict):
            raise LogSyntaxError(f"'rules' must be an object of named options, got {rules!r}")
        seats = obj.get("seats", list(DEFAULT_SEATS))
        if (
            not isinstance(seats, list)
            or not all(isinstance(s, str) and s for s in seats)
            or len(set(seats)) != len(seats)
        ):
            raise LogSyntaxError(f"'seats' must be a list of distinct seat names, got {seats!r}")
        names = obj.get("names", {})
        if not isinstance(names, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in names.items()
        ):
            raise LogSyntaxError(f"'names' must map seats to player names, got {names!r}")
        unknown = [k for k in names if k not in seats]
        if unknown:
            raise LogSyntaxError(f"'names' has seat {unknown[0]!r}, not one of {seats}")
        return cls(game=game, rules=dict(rules), seats=tuple(seats), names=dict(names))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "game": self.game, "rules": dict(self.rules)}
        if self.seats != DEFAULT_SEATS:
            out["seats"] = list(self.seats)
        if self.names:
            out["names"] = dict(self.names)
        return out


@event_type("deal")
@dataclass(frozen=True)
class Deal(Event):
    """A new hand; ``hands`` gives the deal when it is known (seat -> cards)."""

    dealer: str
    hands: Mapping[str, tuple[Card, ...]] | None = None

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> Deal:
        dealer = _str(obj, "dealer")
        raw = obj.get("hands")
        if raw is None:
            return cls(dealer=dealer)
        if not isinstance(raw, dict):
            raise LogSyntaxError(f"'hands' must map seats to lists of cards, got {raw!r}")
        hands: dict[str, tuple[Card, ...]] = {}
        for seat, cards in raw.items():
            if not isinstance(cards, list):
                raise LogSyntaxError(f"hand of {seat!r} must be a list of cards, got {cards!r}")
            hands[seat] = tuple(_card(c, f"hands.{seat}") for c in cards)
        return cls(dealer=dealer, hands=hands)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "dealer": self.dealer}
        if self.hands is not None:
            out["hands"] = {seat: [str(c) for c in cards] for seat, cards in self.hands.items()}
        return out


@event_type("trump")
@dataclass(frozen=True)
class TrumpChosen(Event):
    """Klaverjassen: the chosen trump and the seat that chose it (the maker)."""

    suit: Suit
    maker: str

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> TrumpChosen:
        return cls(suit=_suit(_require(obj, "suit")), maker=_str(obj, "maker"))

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "suit": self.suit.value, "maker": self.maker}


@event_type("turn")
@dataclass(frozen=True)
class TurnedCard(Event):
    """The card turned for trump; it belongs to the dealer (sixty-six, rikken)."""

    card: Card

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> TurnedCard:
        return cls(card=_card(_require(obj, "card")))

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "card": str(self.card)}


@event_type("roll")
@dataclass(frozen=True)
class DieRoll(Event):
    """Klaverjassen klassiek: the suit the trump die showed."""

    suit: Suit

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> DieRoll:
        return cls(suit=_suit(_require(obj, "suit")))

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "suit": self.suit.value}


@event_type("bid")
@dataclass(frozen=True)
class Bid(Event):
    """A call in the auction: rikken's bids, klaverjassen klassiek's ``play``/``pass``."""

    seat: str
    bid: str

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> Bid:
        return cls(seat=_str(obj, "seat"), bid=" ".join(_str(obj, "bid").split()))

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "bid": self.bid}


@event_type("play")
@dataclass(frozen=True)
class Play(Event):
    """A card played by a seat, in the order played."""

    seat: str
    card: Card

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> Play:
        return cls(seat=_str(obj, "seat"), card=_card(_require(obj, "card")))

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "card": str(self.card)}


@event_type("claim")
@dataclass(frozen=True)
class Claim(Event):
    """A claim: ``"66"`` in sixty-six, ``"roem"`` in klaverjassen with claiming on."""

    seat: str
    what: str

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> Claim:
        return cls(seat=_str(obj, "seat"), what=_str(obj, "what"))

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "what": self.what}


def event_from_dict(obj: Any) -> Event:
    """Validate one decoded JSON value as an event; raise :class:`LogSyntaxError`."""
    if not isinstance(obj, dict):
        raise LogSyntaxError(f"an event must be a JSON object, got {json.dumps(obj)[:60]}")
    kind = obj.get("type")
    if not isinstance(kind, str):
        raise LogSyntaxError("event has no 'type'")
    cls = _EVENT_TYPES.get(kind)
    if cls is None:
        raise LogSyntaxError(f"unknown event type {kind!r} (known: {', '.join(sorted(_EVENT_TYPES))})")
    return cls.from_dict(obj)


# -- JSON Lines -----------------------------------------------------------------------


class LogError(ValueError):
    """A log that cannot be replayed, with the place it fails: ``LOG:LINE: what``."""

    def __init__(self, source: str, line: int, message: str) -> None:
        super().__init__(f"{source}:{line}: {message}")
        self.source = source
        self.line = line
        self.message = message


@dataclass(frozen=True)
class LoggedEvent:
    """An event with the line it came from, so errors can point at it."""

    line: int
    event: Event


def parse_log(lines: Iterable[str], source: str = "<log>") -> Iterator[LoggedEvent]:
    """Parse JSON Lines; blank lines and ``#`` comments are skipped."""
    for number, raw in enumerate(lines, start=1):
        text = raw.strip().lstrip("\ufeff")
        if not text or text.startswith("#"):
            continue
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as exc:
            raise LogError(source, number, f"not valid JSON ({exc.msg} at column {exc.colno})") from None
        try:
            yield LoggedEvent(number, event_from_dict(obj))
        except LogSyntaxError as exc:
            raise LogError(source, number, str(exc)) from None


def read_log(path: str | Path) -> list[LoggedEvent]:
    """Read a whole table log; raise :class:`LogError` (line 0 if the file cannot be read)."""
    source = str(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise LogError(source, 0, f"cannot read the log: {exc.strerror or exc}") from None
    lines: list[str] = []
    for number, raw in enumerate(data.split(b"\n"), start=1):
        try:
            lines.append(raw.decode("utf-8"))
        except UnicodeDecodeError as exc:
            raise LogError(source, number, f"not UTF-8 text ({exc.reason})") from None
    return list(parse_log(lines, source))


def write_log(events: Iterable[Event]) -> str:
    """The canonical JSON Lines text of some events."""
    return "".join(e.to_json() + "\n" for e in events)
