"""Rikken scoring (seeds/rikken.nl.txt section 6) as data and pure functions.

Every result is zero-sum. Pair contracts (vraag + mee, troel, troela) pay each of the
two declarers and charge each of the two defenders the same amount; single contracts
(alleen, abondance, solo, solo slim) settle with each of the three opponents; miserie
is a settlement of ±7 (open: ±14) between each miserie player and each other player.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

TRICKS: Final = 13


@dataclass(frozen=True)
class TrickTable:
    """Points of a contract scored by tricks: per declarer (pair contracts) or per
    opponent (alleen). ``made`` for exactly the target, ``over`` per overtrick, ``rond``
    instead for all 13 tricks (None: no rond bonus); ``down`` for failing and ``under``
    per trick short."""

    made: int
    over: int
    rond: int | None
    down: int
    under: int

    def points(self, tricks: int, target: int) -> int:
        """Signed points for taking ``tricks`` with ``target`` to make."""
        if tricks >= target:
            if tricks == TRICKS and self.rond is not None:
                return self.rond
            return self.made + self.over * (tricks - target)
        return -(self.down + self.under * (target - tricks))


# Vraag + mee: 2 for "ne juste", 1 per overtrick, rond 14; failing counts double:
# (2 + 1 per trick short) x 2.
VRAAG_MEE: Final = TrickTable(made=2, over=1, rond=14, down=4, under=2)
# Troel and troela: double points, but a failure is not doubled again:
# 7 tricks in troel: (2 + 1) x 2 = -6 each. Rond: double the ask + join rond.
TROEL: Final = TrickTable(made=4, over=2, rond=28, down=4, under=2)
# Alleen, per opponent: 2 for playing, 1 per overtrick; failing 2 (not doubled) and
# 2 per trick short (doubled).
ALLEEN: Final = TrickTable(made=2, over=1, rond=None, down=2, under=2)

# Fixed games, per opponent, won or lost.
ABONDANCE: Final[Mapping[int, int]] = {9: 5, 10: 6, 11: 8, 12: 9}
SOLO: Final = 25
SOLO_SLIM: Final = 30
MISERIE: Final = 7
OPEN_MISERIE: Final = 14

MISDEAL_DEALER: Final = -3
MISDEAL_OTHERS: Final = 1
TROEL_NOT_CALLED_OFFENDER: Final = -15
TROEL_NOT_CALLED_OTHERS: Final = 5


def pair_score(seats: Sequence[str], declarers: Sequence[str], each: int) -> dict[str, int]:
    """Each declarer ``each``, each defender ``-each``."""
    return {s: each if s in declarers else -each for s in seats}


def single_score(seats: Sequence[str], declarer: str, per_opponent: int) -> dict[str, int]:
    """The declarer ``per_opponent`` from each of the others."""
    others = len(seats) - 1
    return {s: per_opponent * others if s == declarer else -per_opponent for s in seats}


def miserie_score(seats: Sequence[str], won: Mapping[str, bool], unit: int) -> dict[str, int]:
    """Each miserie player settles ``unit`` with every other player: the others pay a
    winner, a loser pays the others. ``won`` maps each miserie player to its result."""
    score = {s: 0 for s in seats}
    for player, success in won.items():
        sign = 1 if success else -1
        for other in seats:
            if other != player:
                score[player] += sign * unit
                score[other] -= sign * unit
    return score


def penalty_score(seats: Sequence[str], offender: str, offender_points: int, others_points: int) -> dict[str, int]:
    return {s: offender_points if s == offender else others_points for s in seats}
