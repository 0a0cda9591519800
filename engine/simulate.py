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


# -- Rikken ---------------------------------------------------------------------------------
# Seeded random rikken: troel calls, random auctions, the dealer's exchange in miserie,
# open hands, legal play (now and then a verzaking, a forgotten troel or a misdeal).

from engine.cards import FULL_DECK  # noqa: E402
from engine.rikken import ContractKind, Rikken, aces_in  # noqa: E402
from engine.rikken import Phase as RikkenPhase  # noqa: E402
from engine.rikken_bids import Kind  # noqa: E402
from engine.rikken_events import Exchange, Penalty, Reveal  # noqa: E402
from engine.events import TurnedCard  # noqa: E402

RIKKEN_PACKETS = (4, 4, 5)


def rikken_deal(rng: random.Random, dealer: str, seats: tuple[str, ...]) -> tuple[Deal, TurnedCard]:
    """A shuffled 4-4-5 deal and the dealer's last card, turned."""
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    hands = deal_in_packets(deck, dealer, seats, RIKKEN_PACKETS)
    return Deal(dealer, {s: tuple(h) for s, h in hands.items()}), TurnedCard(hands[dealer][-1])


def _rikken_call(game: Rikken, rng: random.Random) -> Bid:
    hand = game.hand
    assert hand is not None and hand.auction is not None
    seat = hand.auction.to_speak
    assert seat is not None
    legal = hand.auction.legal_calls()
    by_kind = {c.kind: c for c in legal}
    roll = rng.random()
    if Kind.MEE in by_kind and roll < 0.35:
        call = by_kind[Kind.MEE]
    elif Kind.ALLEEN in by_kind and roll < 0.6:
        call = by_kind[Kind.ALLEEN]
    elif Kind.VRAAG in by_kind and roll < 0.3:
        call = by_kind[Kind.VRAAG]
    elif roll > 0.85 and len(legal) > 1:
        specials = [c for c in legal if c.is_special]
        call = rng.choice(specials) if specials else legal[0]
    else:
        call = legal[0]  # pas
    return Bid(seat, str(call))


def play_rikken_hand(game: Rikken, rng: random.Random, dealer: str, verzaak_rate: float = 0.0,
                     forget_troel_rate: float = 0.0, misdeal_rate: float = 0.0) -> Iterator[Event]:
    """Deal, turn, troel, bid, exchange, lay open and play one hand on ``game``, yielding each event."""
    seats = game.seats
    deal, turn = rikken_deal(rng, dealer, seats)
    events: list[Event] = [deal, turn]
    if misdeal_rate and rng.random() < misdeal_rate:
        events.append(Penalty(dealer, "misdeal"))
    for event in events:
        game.apply(event)
        yield event
    hand = game.hand
    assert hand is not None and hand.dealt is not None
    if hand.misdeal is not None:
        return
    for seat in seats:
        aces = aces_in(hand.dealt[seat])
        if aces >= 3 and not (forget_troel_rate and rng.random() < forget_troel_rate):
            call = Bid(seat, "troel" if aces == 3 else "troela")
            game.apply(call)
            yield call
    while hand.phase is RikkenPhase.AUCTION:
        bid = _rikken_call(game, rng)
        game.apply(bid)
        yield bid
    c = hand.contract
    if c is None:
        return
    if (c.kind is ContractKind.MISERIE and dealer in c.declarers and game.rules.miserie_exchange == "allowed"
            and rng.random() < 0.6):
        while True:
            giver = rng.choice([s for s in seats if s != dealer])
            held = hand.held[giver]
            assert held is not None
            ask = Exchange(dealer, rng.choice(held), giver, refused=giver in c.declarers and rng.random() < 0.5)
            game.apply(ask)
            yield ask
            if not ask.refused or rng.random() < 0.3:
                break
    if c.kind is ContractKind.OPEN_MISERIE:
        for seat in c.declarers:
            held = hand.held[seat]
            assert held is not None
            reveal = Reveal(seat, tuple(held))
            game.apply(reveal)
            yield reveal
    while hand.phase is RikkenPhase.PLAY:
        mover = hand.to_move()
        assert mover is not None
        held = hand.held[mover]
        assert held is not None
        legal = hand.legal_plays()
        card = rng.choice(legal)
        if verzaak_rate and hand.tricks and rng.random() < verzaak_rate:
            illegal = [x for x in held if x not in legal]
            if illegal:
                card = rng.choice(illegal)
        play = Play(mover, card)
        game.apply(play)
        yield play


def rikken_session(rng: random.Random, hands: int, rules: Mapping[str, object] | None = None,
                   verzaak_rate: float = 0.0, forget_troel_rate: float = 0.0,
                   misdeal_rate: float = 0.0) -> tuple[Rikken, list[Event]]:
    """A simulated session of ``hands`` deals with known hands: the final state and its events."""
    match = MatchStart("rikken", dict(rules or {}))
    game = Rikken(match, rng)
    events: list[Event] = [match]
    dealer = rng.choice(game.seats)
    for _ in range(hands):
        events.extend(play_rikken_hand(game, rng, dealer, verzaak_rate, forget_troel_rate, misdeal_rate))
        following = game.next_dealer()
        assert following is not None
        dealer = following
    return game, events


def hide_deal(events: list[Event]) -> list[Event]:
    """The same log as the camera sees it: deals without hands (open hands stay laid open)."""
    return [Deal(e.dealer) if isinstance(e, Deal) else e for e in events]
