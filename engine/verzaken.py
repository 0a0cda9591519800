"""Verzaken: finding plays that broke an obligation, with proof.

Each game gives a pure ``breach(played, held, obligation)`` test: the rule that
``played`` broke if the player also held ``held``, or None. A play is illegal exactly
when some card held with it gives a breach. With that one test:

- when the deal is known, an illegal play is found at once (the proof is a card still
  in the hand, until the player shows it);
- when it is not (the camera sees only played cards), every play is kept with its
  obligation, and is proven illegal the moment the same seat shows a card that would
  have kept it.

Both ways end with the same report: the proof is the first card the player later
showed that breaks the obligation, and the rule is the one that card proves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, TypeVar

from engine.cards import Card

O = TypeVar("O")


@dataclass(frozen=True)
class Violation:
    """A verzaking: ``seat`` broke ``rule`` with ``card`` in ``trick``.

    ``proof_card`` is a card that would have kept the obligation; ``proof_trick`` the
    trick in which the player showed it (None while it is still in the hand).
    ``position`` is the card's place in the trick (0 = led), for ordering.
    """

    seat: str
    trick: int
    position: int
    rule: str
    card: Card
    proof_card: Card
    proof_trick: int | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "trick": self.trick,
            "rule": self.rule,
            "card": str(self.card),
            "proof": {"trick": self.proof_trick, "card": str(self.proof_card)},
        }


class PlayRecord(NamedTuple, Generic[O]):
    seat: str
    trick: int
    position: int
    card: Card
    obligation: O


class VerzaakTracker(Generic[O]):
    """Keeps every play of a hand with its obligation, and the verzakingen proven so far."""

    def __init__(self, breach: Callable[[Card, Card, O], str | None]) -> None:
        self.breach = breach
        self.violations: list[Violation] = []
        self._records: dict[tuple[int, int], PlayRecord[O]] = {}
        self._unproven: list[PlayRecord[O]] = []

    def play(self, record: PlayRecord[O], hand: Sequence[Card] | None, legal: Sequence[Card] | None) -> Violation | None:
        """Record a play. ``hand`` and ``legal`` are given when the deal is known; then an
        illegal play is returned at once."""
        self._prove_with(record.seat, record.card, record.trick)
        self._records[(record.trick, record.position)] = record
        if hand is None or legal is None:
            self._unproven.append(record)
            return None
        if record.card in legal:
            return None
        for held in hand:
            rule = self.breach(record.card, held, record.obligation)
            if rule is not None:
                found = Violation(record.seat, record.trick, record.position, rule, record.card, held, None)
                self.violations.append(found)
                return found
        raise AssertionError(f"{record.card} is not legal but no held card proves it")

    def _prove_with(self, seat: str, card: Card, trick: int) -> None:
        if not self.violations and not self._unproven:
            return
        breach = self.breach
        # Known deal: the first card shown that breaks the obligation becomes the proof.
        for i, v in enumerate(self.violations):
            if v.seat == seat and v.proof_trick is None:
                rule = breach(v.card, card, self._records[(v.trick, v.position)].obligation)
                if rule is not None:
                    self.violations[i] = Violation(v.seat, v.trick, v.position, rule, v.card, card, trick)
        # Unknown deal: a later card proves an earlier play illegal.
        still: list[PlayRecord[O]] = []
        for r in self._unproven:
            rule = breach(r.card, card, r.obligation) if r.seat == seat else None
            if rule is None:
                still.append(r)
            else:
                self.violations.append(Violation(seat, r.trick, r.position, rule, r.card, card, trick))
        self._unproven = still

    def first(self) -> Violation | None:
        """The verzaking that came first in play (it decides the hand)."""
        return min(self.violations, key=lambda v: (v.trick, v.position), default=None)

    def in_play_order(self) -> list[Violation]:
        return sorted(self.violations, key=lambda v: (v.trick, v.position))
