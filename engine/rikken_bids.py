"""Rikken bids and the auction (seeds/rikken.nl.txt sections 2-5).

A bid is a :class:`Call` parsed from the log's free text (``"abondance 9 S"``,
``"solo -"``, ``"open miserie"``); :data:`BID_RANK` is the seed's ranking (section 5)
as data. :class:`Auction` is the state machine of one hand's bidding: whose turn it
is, which calls are legal (:meth:`Auction.legal_calls` is the one generator;
:meth:`Auction.check` explains a refusal) and, when it is over, the winning bid and
its holders.

The auction as the seed describes it:

- troel / troela are called before the bidding (by any seat, out of turn); after a
  call every other seat may still pass or bid higher (open miserie, solo, solo slim);
- the bidding goes clockwise from left of the dealer; a seat that passes is out;
- ``vraag`` only when nothing was bid yet (there is no "vraagske"); after it the next
  seats may ``mee`` (the first to join), pass or bid a special game; once someone
  joined only special games remain;
- when everyone else passed after a lone ``vraag``, the asker says ``alleen`` or
  ``pas`` (or bids a special game);
- a special game must outrank the standing bid; abondance in the turned trump beats
  the same abondance in another suit, otherwise the first bidder keeps it; miserie
  and open miserie may be joined by several players at once;
- a seat whose bid was overbid speaks again and may bid a special game or pass;
- the auction ends when every seat that has not passed holds the standing bid.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.cards import Suit
from engine.errors import CardSyntaxError, IllegalEventError, OutOfTurnError, WrongPhaseError
from engine.tricks import seat_after


class Kind(enum.Enum):
    """The kinds of bid, named as they are said at the table."""

    PAS = "pas"
    VRAAG = "vraag"
    MEE = "mee"
    ALLEEN = "alleen"
    TROEL = "troel"
    TROELA = "troela"
    ABONDANCE = "abondance"
    MISERIE = "miserie"
    OPEN_MISERIE = "open miserie"
    SOLO = "solo"
    SOLO_SLIM = "solo slim"


ABONDANCE_LEVELS: Final = (9, 10, 11, 12)
SPECIAL: Final = frozenset({Kind.ABONDANCE, Kind.MISERIE, Kind.OPEN_MISERIE, Kind.SOLO, Kind.SOLO_SLIM})
SHARED: Final = frozenset({Kind.MISERIE, Kind.OPEN_MISERIE})  # several players may play it at once


@dataclass(frozen=True)
class Call:
    """One bid. ``tricks`` is the abondance level; ``suit`` the abondance or solo trump
    (None for solo without trump)."""

    kind: Kind
    tricks: int | None = None
    suit: Suit | None = None

    def __str__(self) -> str:
        if self.kind is Kind.ABONDANCE:
            return f"abondance {self.tricks} {self.suit}"
        if self.kind is Kind.SOLO:
            return f"solo {self.suit if self.suit is not None else '-'}"
        return str(self.kind.value)

    @property
    def is_special(self) -> bool:
        return self.kind in SPECIAL


PAS: Final = Call(Kind.PAS)
VRAAG: Final = Call(Kind.VRAAG)
MEE: Final = Call(Kind.MEE)
ALLEEN: Final = Call(Kind.ALLEEN)
TROEL: Final = Call(Kind.TROEL)
TROELA: Final = Call(Kind.TROELA)
MISERIE: Final = Call(Kind.MISERIE)
OPEN_MISERIE: Final = Call(Kind.OPEN_MISERIE)
SOLO_SLIM: Final = Call(Kind.SOLO_SLIM)

BID_TEXTS: Final = (
    "pas, vraag, mee, alleen, troel, troela, abondance 9..12 SUIT, miserie, open miserie, "
    "solo SUIT, solo - (no trump), solo slim"
)
_PLAIN: Final = {k.value: Call(k) for k in Kind if k not in (Kind.ABONDANCE, Kind.SOLO)}
_PLAIN["pass"] = PAS
_PLAIN["miserie op tafel"] = OPEN_MISERIE
_PLAIN["solo-slim"] = SOLO_SLIM


def parse_call(text: str) -> Call:
    """``"abondance 9 s"`` -> ``Call(ABONDANCE, 9, SPADES)``; raise IllegalEventError."""
    words = text.lower().split()
    plain = _PLAIN.get(" ".join(words))
    if plain is not None:
        return plain
    try:
        if len(words) == 3 and words[0] in ("abondance", "abundance") and words[1].isdigit():
            level = int(words[1])
            if level in ABONDANCE_LEVELS:
                return Call(Kind.ABONDANCE, level, Suit.parse(words[2]))
        if len(words) == 2 and words[0] == "solo":
            return Call(Kind.SOLO, None, None if words[1] in ("-", "sans", "zt") else Suit.parse(words[1]))
    except CardSyntaxError:
        pass
    raise IllegalEventError(f"unknown rikken bid {text!r} (bids: {BID_TEXTS})")


# -- the ranking (seed section 5), low to high, as data ---------------------------------

BID_RANK: Final[dict[tuple[Kind, int | None], int]] = {
    (Kind.VRAAG, None): 1,
    (Kind.MEE, None): 1,
    (Kind.ALLEEN, None): 1,
    (Kind.ABONDANCE, 9): 2,
    (Kind.ABONDANCE, 10): 3,
    (Kind.MISERIE, None): 4,
    (Kind.ABONDANCE, 11): 5,
    (Kind.ABONDANCE, 12): 6,
    (Kind.TROEL, None): 7,
    (Kind.TROELA, None): 7,
    (Kind.OPEN_MISERIE, None): 8,
    (Kind.SOLO, None): 9,
    (Kind.SOLO_SLIM, None): 10,
}


def rank_of(call: Call, turned: Suit | None) -> tuple[int, int]:
    """Comparable rank of a bid; abondance in the turned trump beats the same level elsewhere."""
    level = call.tricks if call.kind is Kind.ABONDANCE else None
    sub = 1 if call.kind is Kind.ABONDANCE and call.suit is turned else 0
    return (BID_RANK[(call.kind, level)], sub)


def outranks(new: Call, standing: Call | None, turned: Suit | None) -> bool:
    """May ``new`` be bid over ``standing``? Miserie and open miserie may be joined."""
    if standing is None:
        return True
    if new.kind in SHARED and new.kind is standing.kind:
        return True
    return rank_of(new, turned) > rank_of(standing, turned)


def all_specials() -> list[Call]:
    calls = [Call(Kind.ABONDANCE, level, suit) for level in ABONDANCE_LEVELS for suit in Suit]
    calls += [MISERIE, OPEN_MISERIE]
    calls += [Call(Kind.SOLO, None, suit) for suit in Suit] + [Call(Kind.SOLO, None, None), SOLO_SLIM]
    return calls


_SPECIALS: Final = tuple(all_specials())


# -- the auction ---------------------------------------------------------------------------


class Auction:
    """The bidding of one hand. ``turned`` is the suit of the turned card."""

    def __init__(self, seats: Sequence[str], dealer: str, turned: Suit) -> None:
        self.seats = tuple(seats)
        self.dealer = dealer
        self.turned = turned
        self.calls: list[tuple[str, Call]] = []
        self.out: set[str] = set()
        self.standing: Call | None = None  # the highest bid so far
        self.holders: list[str] = []  # who holds it (the asker and joiner; all miserie players)
        self.asker: str | None = None
        self.joiner: str | None = None
        self.troel_caller: str | None = None
        self.to_speak: str | None = seat_after(dealer, 1, self.seats)
        self.over = False

    @property
    def troel_window(self) -> bool:
        """Troel/troela may still be called: no other bid has been made yet."""
        return not self.over and all(c.kind in (Kind.TROEL, Kind.TROELA) for _, c in self.calls) and self.troel_caller is None

    def _lone_vraag(self) -> bool:
        return self.standing is not None and self.standing.kind is Kind.VRAAG and self.joiner is None

    def legal_calls(self) -> list[Call]:
        """Every call the seat to speak may make now (troel calls aside: they depend on the hand)."""
        seat = self.to_speak
        if self.over or seat is None:
            return []
        calls = [PAS]
        standing = self.standing
        if standing is None:
            calls.append(VRAAG)
        elif self._lone_vraag():
            calls.append(ALLEEN if seat == self.asker else MEE)
        calls.extend(c for c in _SPECIALS if outranks(c, standing, self.turned))
        return calls

    def check(self, seat: str, call: Call) -> None:
        """Raise a specific error when ``seat`` may not make ``call`` now."""
        said = f"bid {str(call)!r} by {seat}"
        if self.over:
            raise WrongPhaseError(f"{said}: the bidding is over ({self.summary()})")
        if call.kind in (Kind.TROEL, Kind.TROELA):
            if not self.troel_window:
                if self.troel_caller is not None:
                    raise IllegalEventError(f"{said}: {self.troel_caller} already called {self.standing}")
                raise WrongPhaseError(
                    f"{said}: troel and troela are called right after the card is turned, before the first bid "
                    f"(bids so far: {self.summary()})"
                )
            return
        if seat != self.to_speak:
            raise OutOfTurnError(f"{said} out of turn: it is {self.to_speak}'s turn to bid")
        if call in self.legal_calls():
            return
        standing = self.standing
        if call.kind is Kind.VRAAG:
            if self.asker is not None:
                raise IllegalEventError(f"{said}: {self.asker} already asked (there is no 'vraagske'); say 'mee', 'pas' or bid a special game")
            raise IllegalEventError(f"{said}: {self._standing_text()} is higher than vraag")
        if call.kind is Kind.MEE:
            if self.asker is None:
                raise IllegalEventError(f"{said}: nobody asked")
            if seat == self.asker:
                raise IllegalEventError(f"{said}: {seat} asked and cannot join its own ask (say 'alleen' or 'pas')")
            if self.joiner is not None:
                raise IllegalEventError(f"{said}: {self.joiner} already joined {self.asker}")
            raise IllegalEventError(f"{said}: {self._standing_text()} is higher than vraag")
        if call.kind is Kind.ALLEEN:
            if seat != self.asker:
                raise IllegalEventError(f"{said}: only the player who asked goes alone, when nobody joined")
            if self.joiner is not None:
                raise IllegalEventError(f"{said}: {self.joiner} joined the ask")
            raise IllegalEventError(f"{said}: {self._standing_text()} is higher than alleen")
        raise IllegalEventError(f"{said}: not higher than {self._standing_text()}")

    def _standing_text(self) -> str:
        if self.standing is None:
            return "nothing"
        if self.standing.kind is Kind.VRAAG and self.joiner is not None:
            return f"vraag by {self.asker} with mee by {self.joiner}"
        return f"{self.standing} by {', '.join(self.holders)}"

    def bid(self, seat: str, call: Call) -> None:
        """Apply a call (after :meth:`check`)."""
        self.check(seat, call)
        self.calls.append((seat, call))
        if call.kind in (Kind.TROEL, Kind.TROELA):
            self.troel_caller = seat
            self.standing = call
            self.holders = [seat]
            self.to_speak = self._next_speaker(seat_after(self.dealer, 1, self.seats), include_first=True)
            return
        if call.kind is Kind.PAS:
            self.out.add(seat)
            if seat in self.holders:  # the lone asker passes after all others did
                self.holders.remove(seat)
                self.standing = None
        elif call.kind is Kind.VRAAG:
            self.standing, self.holders, self.asker = call, [seat], seat
        elif call.kind is Kind.MEE:
            self.joiner = seat
            self.holders.append(seat)
        elif call.kind is Kind.ALLEEN:
            self.standing = call
        elif call.kind in SHARED and self.standing is not None and self.standing.kind is call.kind:
            self.holders.append(seat)
        else:
            self.standing, self.holders = call, [seat]
        self.to_speak = self._next_speaker(seat)

    def _next_speaker(self, start: str, include_first: bool = False) -> str | None:
        n = len(self.seats)
        for step in range(0 if include_first else 1, n + 1):
            seat = seat_after(start, step, self.seats)
            if seat in self.out:
                continue
            if seat in self.holders:
                others_out = all(s in self.out for s in self.seats if s != seat)
                if self._lone_vraag() and seat == self.asker and others_out:
                    return seat
                continue
            return seat
        self.over = True
        return None

    def summary(self) -> str:
        return ", ".join(f"{seat} {call}" for seat, call in self.calls) or "none"
