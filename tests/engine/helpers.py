"""Small builders for engine tests: cards and plays from compact text."""

from __future__ import annotations

import json
from typing import Any

from engine.cards import Card, Suit, parse_cards
from engine.events import Event, MatchStart, event_from_dict
from engine.klaverjassen import Klaverjassen, KlaverjassenRules, Obligation, breach, legal_plays, obligation_for
from engine.tricks import Trick

SEATS = ("N", "E", "S", "W")


def cards(text: str) -> list[Card]:
    return parse_cards(text.split())


def trick(text: str, number: int = 1) -> Trick:
    """``"E:AS S:7S"``: a trick in progress, leader first."""
    plays = [p.split(":") for p in text.split()]
    t = Trick(number, plays[0][0] if plays else "N")
    for seat, card in plays:
        t.add(seat, Card.parse(card))
    return t


def obligation(played_so_far: str, seat: str, trump: str, **rules: Any) -> Obligation:
    return obligation_for(trick(played_so_far), seat, Suit.parse(trump), KlaverjassenRules(**rules), SEATS)


def legal(hand: str, played_so_far: str, seat: str, trump: str, **rules: Any) -> str:
    """The legal plays of ``seat`` holding ``hand``, as sorted text."""
    ob = obligation(played_so_far, seat, trump, **rules)
    return " ".join(sorted(str(c) for c in legal_plays(cards(hand), ob)))


def broken(played: str, held: str, played_so_far: str, seat: str, trump: str, **rules: Any) -> str | None:
    ob = obligation(played_so_far, seat, trump, **rules)
    return breach(Card.parse(played), Card.parse(held), ob)


def new_match(**rules: Any) -> Klaverjassen:
    return Klaverjassen(MatchStart("klaverjassen", rules))


def ev(obj: dict[str, Any] | str) -> Event:
    return event_from_dict(json.loads(obj) if isinstance(obj, str) else obj)


def deal(dealer: str, hands: dict[str, str] | None = None) -> Event:
    body: dict[str, Any] = {"type": "deal", "dealer": dealer}
    if hands is not None:
        body["hands"] = {s: h.split() for s, h in hands.items()}
    return ev(body)


def plays(game: Klaverjassen, text: str) -> None:
    """Apply ``"E:JH S:7H ..."`` as play events."""
    for item in text.split():
        seat, card = item.split(":")
        game.apply(ev({"type": "play", "seat": seat, "card": card}))


def trump(suit: str, maker: str) -> Event:
    return ev({"type": "trump", "suit": suit, "maker": maker})
