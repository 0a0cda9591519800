"""Builders for the rikken tests (no tests here): deals from a few fixed cards, bids and plays from text."""

from __future__ import annotations

import random
from typing import Any

from engine.cards import FULL_DECK, Card, Rank, parse_cards
from engine.events import Bid, Deal, Event, MatchStart, Play, TurnedCard
from engine.rikken import Phase, Rikken, RikkenHand

SEATS = ("N", "E", "S", "W")


def full_deal(fixed: dict[str, str] | None = None) -> dict[str, list[Card]]:
    """Thirteen cards each: the ``fixed`` cards where given, the rest spread so that no
    seat gets a third ace unless the fixed cards say so."""
    hands: dict[str, list[Card]] = {s: parse_cards((fixed or {}).get(s, "").split()) for s in SEATS}
    taken = {c for h in hands.values() for c in h}
    rest = [c for c in FULL_DECK if c not in taken]
    rest.sort(key=lambda c: c.rank is not Rank.ACE)  # aces first, to the seats with fewest aces
    for card in rest:
        open_seats = [s for s in SEATS if len(hands[s]) < 13]
        if card.rank is Rank.ACE:
            seat = min(open_seats, key=lambda s: (sum(c.rank is Rank.ACE for c in hands[s]), len(hands[s])))
        else:
            seat = min(open_seats, key=lambda s: len(hands[s]))
        hands[seat].append(card)
    assert all(len(h) == 13 for h in hands.values()), {s: len(h) for s, h in hands.items()}
    return hands


def new_game(**rules: Any) -> Rikken:
    return Rikken(MatchStart("rikken", rules))


def start(game: Rikken, dealer: str, turned: str, hands: dict[str, list[Card]] | None = None) -> RikkenHand:
    """Deal (known when ``hands`` is given) and turn ``turned``."""
    game.apply(Deal(dealer, {s: tuple(h) for s, h in hands.items()} if hands is not None else None))
    game.apply(TurnedCard(Card.parse(turned)))
    hand = game.hand
    assert hand is not None
    return hand


def bids(game: Rikken, text: str) -> None:
    """``"E vraag; S pas; W abondance 9 S"``"""
    for item in text.split(";"):
        seat, call = item.strip().split(" ", 1)
        game.apply(Bid(seat, call))


def plays(game: Rikken, text: str) -> None:
    """``"E:AS S:7S ..."``"""
    for item in text.split():
        seat, card = item.split(":")
        game.apply(Play(seat, Card.parse(card)))


def play_out(game: Rikken, rng: random.Random) -> list[Event]:
    """Random legal cards until the hand ends (the deal must be known)."""
    hand = game.hand
    assert hand is not None
    out: list[Event] = []
    while hand.phase is Phase.PLAY:
        seat = hand.to_move()
        assert seat is not None
        event = Play(seat, rng.choice(hand.legal_plays()))
        game.apply(event)
        out.append(event)
    return out
