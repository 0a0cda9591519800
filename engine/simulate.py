"""Simulated players: random but legal play (now and then a verzaking), as events.

Used by the property tests, the engine benchmark and the simulated table. Everything
draws from the ``random.Random`` it is given, so a seed replays the same hands.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

from engine.cards import PIQUET_DECK, Card, Suit
from engine.events import Bid, Deal, DieRoll, Event, MatchStart, Play, TrumpChosen
from engine.klaverjassen import DEAL_PACKETS, Klaverjassen, Phase
from engine.tricks import deal_in_packets, next_seat


def klaverjas_deal(rng: random.Random, dealer: str, seats: tuple[str, ...]) -> Deal:
    deck = list(PIQUET_DECK)
    rng.shuffle(deck)
    hands = deal_in_packets(deck, dealer, seats, DEAL_PACKETS)
    return Deal(dealer, {s: tuple(h) for s, h in hands.items()})


def choose_play(game: Klaverjassen, rng: random.Random, verzaak_rate: float = 0.0) -> Card:
    """A random legal card for the seat to move; with ``verzaak_rate``, sometimes an illegal one."""
    hand = game.hand
    assert hand is not None and hand.held is not None
    seat = hand.to_move()
    assert seat is not None
    held = hand.held[seat]
    legal = hand.legal_plays()
    if verzaak_rate and rng.random() < verzaak_rate:
        illegal = [c for c in held if c not in legal]
        if illegal:
            return rng.choice(illegal)
    return rng.choice(legal)


def play_klaverjas_hand(game: Klaverjassen, rng: random.Random, dealer: str, verzaak_rate: float = 0.0) -> Iterator[Event]:
    """Deal, choose trump and play one whole hand on ``game``, yielding each event applied."""
    seats = game.seats
    deal = klaverjas_deal(rng, dealer, seats)
    game.apply(deal)
    yield deal
    hand = game.hand
    assert hand is not None
    while hand.phase is Phase.TRUMP:
        event: Event
        if game.rules.trump_choice == "verplicht" or (hand.forced and game.rules.all_pass == "forced_choice"):
            event = TrumpChosen(rng.choice(list(Suit)), next_seat(dealer, seats))
        elif hand.proposal is None or len(hand.passes) == len(seats):
            event = game.roll_die()
        else:
            seat = hand.to_move()
            assert seat is not None
            event = Bid(seat, "play" if rng.random() < 0.4 else "pass")
        game.apply(event)
        yield event
    while hand.phase is Phase.PLAY:
        seat = hand.to_move()
        assert seat is not None
        play = Play(seat, choose_play(game, rng, verzaak_rate))
        game.apply(play)
        yield play


def klaverjas_match(rng: random.Random, rules: Mapping[str, object] | None = None, hands: int | None = None,
                    verzaak_rate: float = 0.0) -> tuple[Klaverjassen, list[Event]]:
    """A whole simulated match (or its first ``hands`` hands): the final state and its events."""
    match = MatchStart("klaverjassen", dict(rules or {}))
    game = Klaverjassen(match, rng)
    events: list[Event] = [match]
    dealer = rng.choice(game.seats)
    for _ in range(hands if hands is not None else game.rules.hands):
        events.extend(play_klaverjas_hand(game, rng, dealer, verzaak_rate))
        dealer = next_seat(dealer, game.seats)
    return game, events


__all__ = ["klaverjas_deal", "choose_play", "play_klaverjas_hand", "klaverjas_match", "DieRoll"]
