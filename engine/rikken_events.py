"""Table-log events of rikken beyond the shared ones (documented in docs/rikken.md).

- ``exchange``: the dealer, playing miserie, asks another player for a card and gives
  the turned card for it; ``refused`` when a fellow miserie player keeps it.
- ``reveal``: an open-miserie player lays the hand open before the first card.
- ``penalty``: a misdeal or forgotten turned card (the dealer), or a troel that was
  not called (the offender).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from engine.cards import Card
from engine.errors import LogSyntaxError
from engine.events import Event, _card, _require, _str, event_type

PENALTY_REASONS: Final = ("misdeal", "no-turn-card", "troel-not-called")


@event_type("exchange")
@dataclass(frozen=True)
class Exchange(Event):
    """The dealer (``seat``) in miserie asks ``giver`` for ``card``, giving the turned card."""

    seat: str
    card: Card
    giver: str
    refused: bool = False

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> Exchange:
        refused = obj.get("refused", False)
        if not isinstance(refused, bool):
            raise LogSyntaxError(f"'refused' must be true or false, got {refused!r}")
        return cls(seat=_str(obj, "seat"), card=_card(_require(obj, "card")), giver=_str(obj, "from"),
                   refused=refused)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "seat": self.seat, "card": str(self.card), "from": self.giver}
        if self.refused:
            out["refused"] = True
        return out


@event_type("reveal")
@dataclass(frozen=True)
class Reveal(Event):
    """A hand laid open on the table (open miserie), before the first card."""

    seat: str
    cards: tuple[Card, ...]

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> Reveal:
        raw = _require(obj, "cards")
        if not isinstance(raw, list):
            raise LogSyntaxError(f"'cards' must be a list of cards, got {raw!r}")
        return cls(seat=_str(obj, "seat"), cards=tuple(_card(c, "cards") for c in raw))

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "cards": [str(c) for c in self.cards]}


@event_type("penalty")
@dataclass(frozen=True)
class Penalty(Event):
    """A penalty the table gave: ``misdeal`` / ``no-turn-card`` (the dealer deals again),
    ``troel-not-called`` (the offender)."""

    seat: str
    reason: str

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> Penalty:
        reason = _str(obj, "reason")
        if reason not in PENALTY_REASONS:
            raise LogSyntaxError(f"penalty reason {reason!r} is not one of {', '.join(PENALTY_REASONS)}")
        return cls(seat=_str(obj, "seat"), reason=reason)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "reason": self.reason}
