"""Rikken, per shared/rules/README.md and seeds/rikken.nl.txt (club rules Evonik).

52 cards, 13 each; the dealer's last card is turned (the trump for vraag, mee, alleen
and solo slim) and stays in the dealer's hand. Troel and troela are called before the
bidding; the auction is :mod:`engine.rikken_bids`; scoring is :mod:`engine.rikken_scoring`.
Play: follow suit if you can, otherwise any card; not following when able is verzaken,
found at once when the hand is known (deal, or an open-miserie hand laid open) and
proven later by a card the player shows when it is not.

The rules of play are pure functions of the cards: :func:`legal_plays` is the one
generator of legal plays, :func:`breach` the verzaken test, :func:`called_card` the
card a troel partner leads, and :func:`score_contract` settles a hand.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards import FULL_DECK, Card, Rank, Suit
from engine.errors import (
    BadDealError,
    CardNotInHandError,
    DuplicateCardError,
    IllegalEventError,
    OutOfTurnError,
    WrongPhaseError,
)
from engine.events import Bid, Deal, Event, MatchStart, Play, TurnedCard
from engine.game import HandGame, register_game
from engine.rikken_bids import Auction, Call, Kind, parse_call
from engine.rikken_events import Exchange, Penalty, Reveal
from engine import rikken_scoring as points
from engine.rules import choice, number, options_to_dict, parse_options
from engine.tricks import ACE_HIGH, Trick, check_deal, next_seat, trick_winner
from engine.verzaken import PlayRecord, VerzaakTracker, Violation

TRICKS_PER_HAND = points.TRICKS
HAND_SIZE = 13
HEART_CALL_ORDER = tuple(Card(r, Suit.HEARTS) for r in sorted(Rank, reverse=True) if r is not Rank.ACE)
_DECK = frozenset(FULL_DECK)


@dataclass(frozen=True)
class RikkenRules:
    """The named options of rikken (docs/rikken.md)."""

    verzaken: str = choice(
        "lose", ("lose", "report"),
        "the first verzaking decides the hand against the offender's side (lose), or is only reported",
    )
    troel_not_called: str = choice(
        "void", ("void", "added"),
        "a troel/troela not called: the penalty replaces the hand's score, or is added to it",
    )
    miserie_exchange: str = choice(
        "allowed", ("allowed", "never"),
        "the dealer playing (closed) miserie may exchange the turned card (seed 4), or never (seed 2)",
    )
    hands: int = number(0, 0, 10000, "hands in a session (0: open-ended); misdeals do not count")


# -- contracts --------------------------------------------------------------------------


class ContractKind(enum.Enum):
    VRAAG_MEE = "vraag-mee"
    ALLEEN = "alleen"
    ABONDANCE = "abondance"
    MISERIE = "miserie"
    OPEN_MISERIE = "open-miserie"
    TROEL = "troel"
    TROELA = "troela"
    SOLO = "solo"
    SOLO_SLIM = "solo-slim"


MISERIE_KINDS = frozenset({ContractKind.MISERIE, ContractKind.OPEN_MISERIE})
PAIR_KINDS = frozenset({ContractKind.VRAAG_MEE, ContractKind.TROEL, ContractKind.TROELA})
TARGETS: dict[ContractKind, int] = {
    ContractKind.VRAAG_MEE: 8, ContractKind.ALLEEN: 5, ContractKind.TROEL: 8, ContractKind.TROELA: 9,
    ContractKind.SOLO: 13, ContractKind.SOLO_SLIM: 13, ContractKind.MISERIE: 0, ContractKind.OPEN_MISERIE: 0,
}


@dataclass
class Contract:
    """What is played: the declarers (asker and joiner, the alone/abondance/solo player,
    every miserie player, the troel caller), the troel partner once known, the trump,
    the tricks the declaring side needs (miserie: none at all) and who leads first."""

    kind: ContractKind
    bid: Call
    declarers: tuple[str, ...]
    trump: Suit | None
    target: int
    leader: str | None
    partner: str | None = None
    called: Card | None = None  # troel/troela: the card the partner leads (when known)

    @property
    def side(self) -> tuple[str, ...]:
        """The declaring side (with the troel partner once known)."""
        return self.declarers + ((self.partner,) if self.partner else ())

    def describe(self) -> str:
        k = self.kind
        who = " and ".join(self.declarers)
        if k is ContractKind.VRAAG_MEE:
            return f"vraag + mee by {self.declarers[0]} and {self.declarers[1]}"
        if k in (ContractKind.TROEL, ContractKind.TROELA):
            partner = f" with {self.partner}" if self.partner else ""
            called = f" (partner leads {self.called})" if self.called else ""
            return f"{k.value} by {who}{partner}{called}"
        return f"{self.bid} by {who}"


def contract_from_auction(auction: Auction) -> Contract | None:
    """The contract the finished auction gives, or None when everyone passed."""
    call = auction.standing
    if call is None:
        return None
    holders = tuple(auction.holders)
    turned = auction.turned
    left = next_seat(auction.dealer, auction.seats)
    kind = call.kind
    if kind is Kind.VRAAG:
        assert auction.asker is not None and auction.joiner is not None
        return Contract(ContractKind.VRAAG_MEE, call, (auction.asker, auction.joiner), turned, 8, left)
    if kind is Kind.ALLEEN:
        return Contract(ContractKind.ALLEEN, call, holders, turned, 5, left)
    if kind is Kind.ABONDANCE:
        assert call.tricks is not None
        return Contract(ContractKind.ABONDANCE, call, holders, call.suit, call.tricks, holders[0])
    if kind is Kind.MISERIE:
        return Contract(ContractKind.MISERIE, call, _in_seat_order(holders, auction.seats), None, 0, left)
    if kind is Kind.OPEN_MISERIE:
        return Contract(ContractKind.OPEN_MISERIE, call, _in_seat_order(holders, auction.seats), None, 0, left)
    if kind is Kind.SOLO:
        return Contract(ContractKind.SOLO, call, holders, call.suit, 13, holders[0])
    if kind is Kind.SOLO_SLIM:
        return Contract(ContractKind.SOLO_SLIM, call, holders, turned, 13, holders[0])
    if kind is Kind.TROEL:
        return Contract(ContractKind.TROEL, call, holders, None, 8, None)
    if kind is Kind.TROELA:
        return Contract(ContractKind.TROELA, call, holders, Suit.HEARTS, 9, None)
    raise AssertionError(f"no contract for {call}")


def _in_seat_order(holders: Sequence[str], seats: Sequence[str]) -> tuple[str, ...]:
    return tuple(s for s in seats if s in holders)


# -- the rules of play: pure functions of the cards --------------------------------------


def legal_plays(hand: Sequence[Card], led: Suit | None) -> list[Card]:
    """The one generator of legal plays: follow suit if you can, else any card."""
    if led is None:
        return list(hand)
    follow = [c for c in hand if c.suit is led]
    return follow or list(hand)


def breach(played: Card, held: Card, led: Suit | None) -> str | None:
    """``"follow-suit"`` when ``played`` did not follow ``led`` while ``held`` would have."""
    if led is None or held is played or played.suit is led:
        return None
    return "follow-suit" if held.suit is led else None


RULE_TEXT = {"follow-suit": "did not follow suit"}


def aces_in(cards: Sequence[Card] | frozenset[Card]) -> int:
    return sum(1 for c in cards if c.rank is Rank.ACE)


def called_card(caller_hand: Sequence[Card] | frozenset[Card], kind: ContractKind) -> Card:
    """The card the troel partner leads: the ace the caller lacks (troel), or the
    highest heart the caller lacks, from the king down (troela)."""
    hand = frozenset(caller_hand)
    if kind is ContractKind.TROEL:
        missing = [c for c in FULL_DECK if c.rank is Rank.ACE and c not in hand]
        if len(missing) != 1:
            raise IllegalEventError(f"troel needs exactly three aces, the caller holds {4 - len(missing)}")
        return missing[0]
    for card in HEART_CALL_ORDER:
        if card not in hand:
            return card
    raise AssertionError("a hand of 13 cards cannot hold every heart and four aces")


# -- scoring -----------------------------------------------------------------------------


@dataclass(frozen=True)
class HandScore:
    score: dict[str, int]
    result: str  # made, lost, all-pass, misdeal, no-turn-card, troel-not-called, verzaakt
    side_tricks: int | None = None  # the declaring side's tricks as scored
    miserie: dict[str, bool] = field(default_factory=dict)  # miserie player -> won


def score_contract(seats: Sequence[str], contract: Contract, side_tricks: int,
                   miserie_won: Mapping[str, bool]) -> dict[str, int]:
    """Seat scores for a contract played to its end: pure function of the tricks."""
    kind = contract.kind
    if kind in MISERIE_KINDS:
        unit = points.OPEN_MISERIE if kind is ContractKind.OPEN_MISERIE else points.MISERIE
        return points.miserie_score(seats, miserie_won, unit)
    if kind in PAIR_KINDS:
        table = points.VRAAG_MEE if kind is ContractKind.VRAAG_MEE else points.TROEL
        return points.pair_score(seats, contract.side, table.points(side_tricks, contract.target))
    declarer = contract.declarers[0]
    made = side_tricks >= contract.target
    if kind is ContractKind.ALLEEN:
        return points.single_score(seats, declarer, points.ALLEEN.points(side_tricks, contract.target))
    if kind is ContractKind.ABONDANCE:
        value = points.ABONDANCE[contract.target]
    elif kind is ContractKind.SOLO:
        value = points.SOLO
    else:
        value = points.SOLO_SLIM
    return points.single_score(seats, declarer, value if made else -value)


def _add(a: Mapping[str, int], b: Mapping[str, int]) -> dict[str, int]:
    return {s: a[s] + b[s] for s in a}


# -- a hand ------------------------------------------------------------------------------


class Phase(enum.Enum):
    TURN = "turn"  # dealt, the card is still to be turned
    AUCTION = "auction"
    PLAY = "play"  # from the end of the auction (exchange, open hands) to the last trick
    DONE = "done"  # 13 tricks played, everyone passed, or a misdeal


@dataclass(frozen=True)
class PenaltyFinding:
    seat: str
    reason: str  # misdeal, no-turn-card, troel-not-called
    found: str  # "log" (a penalty event), "deal" (the known deal), "play" (the cards played)

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "reason": self.reason, "found": self.found}


@dataclass(frozen=True)
class ExchangeAsk:
    card: Card
    giver: str
    refused: bool


class RikkenHand:
    """One hand: the turned card, troel, the auction, thirteen tricks, and its score."""

    def __init__(self, number: int, dealer: str, seats: tuple[str, ...], rules: RikkenRules,
                 hands: dict[str, list[Card]] | None) -> None:
        self.number = number
        self.dealer = dealer
        self.seats = seats
        self.rules = rules
        self.dealt: dict[str, frozenset[Card]] | None = (
            {s: frozenset(h) for s, h in hands.items()} if hands is not None else None
        )
        # The cards each seat still holds, where known (the deal, or an open hand).
        self.held: dict[str, list[Card] | None] = {
            s: (list(hands[s]) if hands is not None else None) for s in seats
        }
        # Known owner of each card not yet played (all of them with a known deal).
        self.owner: dict[Card, str] = (
            {c: s for s, h in hands.items() for c in h} if hands is not None else {}
        )
        self.phase = Phase.TURN
        self.turned: Card | None = None
        self.auction: Auction | None = None
        self.contract: Contract | None = None
        self.tricks: list[Trick] = []
        self.seen: set[Card] = set()
        self.played: dict[str, list[Card]] = {s: [] for s in seats}
        self.plays = 0
        self.verzaken: VerzaakTracker[Suit | None] = VerzaakTracker(breach)
        self.penalties: list[PenaltyFinding] = []
        self.misdeal: PenaltyFinding | None = None
        self.asks: list[ExchangeAsk] = []
        self.exchanged: ExchangeAsk | None = None
        self.revealed: dict[str, tuple[Card, ...]] = {}
        self._play_turn: str | None = None

    # -- state

    @property
    def deal_known(self) -> bool:
        return self.dealt is not None

    @property
    def left_of_dealer(self) -> str:
        return next_seat(self.dealer, self.seats)

    @property
    def current_trick(self) -> Trick | None:
        if self.tricks and len(self.tricks[-1].cards) < len(self.seats):
            return self.tricks[-1]
        return None

    def trick_number(self) -> int:
        return len(self.tricks) if self.current_trick else len(self.tricks) + 1

    def to_move(self) -> str | None:
        """Whose turn it is to bid or play; None when nobody's (hand over, or the troel
        partner is not known yet and will lead)."""
        if self.phase is Phase.AUCTION and self.auction is not None:
            return self.auction.to_speak
        if self.phase is Phase.PLAY:
            return self._play_turn
        return None

    def led_suit(self) -> Suit | None:
        trick = self.current_trick
        return trick.led_suit if trick else None

    def legal_plays(self) -> list[Card]:
        """The cards the seat to move may play; needs that seat's hand."""
        seat = self.to_move()
        if self.phase is not Phase.PLAY or seat is None:
            raise WrongPhaseError(f"no card is to be played now (phase {self.phase.value})")
        hand = self.held[seat]
        if hand is None:
            raise WrongPhaseError(f"legal plays need {seat}'s hand, which is not known")
        if not self.tricks and self.contract is not None and self.contract.called is not None:
            return [self.contract.called]  # the troel partner leads the called card
        return legal_plays(hand, self.led_suit())

    def is_legal(self, card: Card) -> bool:
        return card in self.legal_plays()

    @property
    def violations(self) -> list[Violation]:
        return self.verzaken.violations

    def first_violation(self) -> Violation | None:
        return self.verzaken.first()

    def troel_penalties(self) -> list[PenaltyFinding]:
        return [p for p in self.penalties if p.reason == "troel-not-called"]

    # -- the turned card and penalties

    def turn(self, card: Card) -> None:
        if self.phase is not Phase.TURN:
            raise WrongPhaseError(f"turned card {card}: the card for this hand was already turned ({self.turned})")
        if self.dealt is not None and card not in self.dealt[self.dealer]:
            raise CardNotInHandError(
                f"turned card {card} is not in the dealer {self.dealer}'s hand "
                f"({' '.join(map(str, sorted_cards(self.dealt[self.dealer])))})"
            )
        self.turned = card
        self.owner[card] = self.dealer
        self.phase = Phase.AUCTION
        self.auction = Auction(self.seats, self.dealer, card.suit)

    def penalty(self, seat: str, reason: str) -> None:
        if self.misdeal is not None:
            raise WrongPhaseError(f"penalty {reason!r} for {seat}: the hand was already thrown in ({self.misdeal.reason})")
        if reason in ("misdeal", "no-turn-card"):
            if seat != self.dealer:
                raise IllegalEventError(f"penalty {reason!r} for {seat}: a {reason} is the dealer's ({self.dealer})")
            if reason == "no-turn-card" and self.phase is not Phase.TURN:
                raise WrongPhaseError(
                    f"penalty 'no-turn-card' for {seat}: the turned card is known ({self.turned})"
                )
            if self.phase is Phase.DONE:
                raise WrongPhaseError(f"penalty {reason!r} for {seat}: hand {self.number} is already over")
            self.misdeal = PenaltyFinding(seat, reason, "log")
            self.phase = Phase.DONE
            self._play_turn = None
            return
        # troel-not-called
        if self.phase is Phase.TURN or (self.auction is not None and self.auction.troel_window):
            raise WrongPhaseError(
                f"penalty 'troel-not-called' for {seat}: troel may still be called (the bidding has not begun)"
            )
        if self.auction is not None and self.auction.troel_caller == seat:
            raise IllegalEventError(f"penalty 'troel-not-called' for {seat}: {seat} called {self.auction.standing}")
        if self.dealt is not None and aces_in(self.dealt[seat]) < 3:
            raise IllegalEventError(
                f"penalty 'troel-not-called' for {seat}: {seat} was dealt {aces_in(self.dealt[seat])} aces, troel needs three"
            )
        if any(p.seat == seat for p in self.troel_penalties()):
            return  # already found from the deal
        self.penalties.append(PenaltyFinding(seat, reason, "log"))

    # -- the auction

    def bid(self, seat: str, text: str) -> None:
        if self.phase is Phase.TURN:
            raise WrongPhaseError(
                f"bid {text!r} by {seat} before the card was turned: log a 'turn' event "
                f"(or a 'penalty' with reason 'no-turn-card' when the dealer forgot it)"
            )
        if self.phase is not Phase.AUCTION or self.auction is None:
            raise WrongPhaseError(f"bid {text!r} by {seat}: the bidding is over ({self._state_text()})")
        call = parse_call(text)
        auction = self.auction
        if call.kind in (Kind.TROEL, Kind.TROELA):
            auction.check(seat, call)
            self._check_troel_call(seat, call)
        elif auction.troel_window:
            auction.check(seat, call)
            self._troel_window_closes()
        auction.bid(seat, call)
        if auction.over:
            self._end_auction()

    def _check_troel_call(self, seat: str, call: Call) -> None:
        need = 3 if call.kind is Kind.TROEL else 4
        if self.dealt is not None:
            have = aces_in(self.dealt[seat])
            if have != need:
                advice = " (four aces: call troela)" if have == 4 else ""
                raise IllegalEventError(f"bid {str(call)!r} by {seat}: {seat} holds {have} aces, {call} needs {need}{advice}")
            return
        turned = self.turned
        if turned is not None and turned.rank is Rank.ACE and self.dealer != seat and need == 4:
            raise IllegalEventError(
                f"bid 'troela' by {seat}: the turned {turned} is the dealer {self.dealer}'s, so {seat} cannot hold four aces"
            )

    def _troel_window_closes(self) -> None:
        """The first ordinary bid: with a known deal, a troel that was not called is found now."""
        if self.dealt is None:
            return
        for seat in self.seats:
            if aces_in(self.dealt[seat]) >= 3 and not any(p.seat == seat for p in self.troel_penalties()):
                self.penalties.append(PenaltyFinding(seat, "troel-not-called", "deal"))

    def _end_auction(self) -> None:
        assert self.auction is not None
        contract = contract_from_auction(self.auction)
        self.contract = contract
        if contract is None:
            self.phase = Phase.DONE  # everyone passed: the hand is thrown in
            return
        if contract.kind in (ContractKind.TROEL, ContractKind.TROELA) and self.dealt is not None:
            caller = contract.declarers[0]
            contract.called = called_card(self.dealt[caller], contract.kind)
            contract.partner = self.owner[contract.called]
            contract.leader = contract.partner
            contract.trump = contract.called.suit
        self.phase = Phase.PLAY
        self._play_turn = contract.leader

    # -- between the auction and the first card

    def exchange(self, event: Exchange) -> None:
        c = self.contract
        dealer = self.dealer
        asked = f"exchange: {event.seat} asks {event.giver} for {event.card}"
        if self.phase is not Phase.PLAY or c is None or self.plays:
            raise WrongPhaseError(f"{asked}: the dealer exchanges after the bidding, before the first card")
        if c.kind is not ContractKind.MISERIE or dealer not in c.declarers:
            raise IllegalEventError(f"{asked}: only the dealer ({dealer}) playing miserie (not open) may exchange the turned card")
        if self.rules.miserie_exchange == "never":
            raise IllegalEventError(f"{asked}: the turned card may not be exchanged (miserie_exchange = never)")
        if event.seat != dealer:
            raise IllegalEventError(f"{asked}: only the dealer {dealer} exchanges the turned card")
        if event.giver == dealer or event.giver not in self.seats:
            raise IllegalEventError(f"{asked}: the card must come from another player")
        if self.exchanged is not None:
            raise IllegalEventError(f"{asked}: the dealer already exchanged ({self.exchanged.card} from {self.exchanged.giver})")
        assert self.turned is not None
        if event.card is self.turned:
            raise IllegalEventError(f"{asked}: {event.card} is the turned card itself")
        known = self.owner.get(event.card)
        if known is not None and known != event.giver:
            raise CardNotInHandError(f"{asked}: {event.card} is {known}'s, not {event.giver}'s")
        if event.refused:
            if event.giver not in c.declarers:
                raise IllegalEventError(
                    f"{asked}: only a player who also plays miserie may refuse ({event.giver} does not)"
                )
            self.asks.append(ExchangeAsk(event.card, event.giver, True))
            return
        ask = ExchangeAsk(event.card, event.giver, False)
        self.asks.append(ask)
        self.exchanged = ask
        self._move(self.turned, dealer, event.giver)
        self._move(event.card, event.giver, dealer)

    def _move(self, card: Card, source: str, target: str) -> None:
        self.owner[card] = target
        src, dst = self.held[source], self.held[target]
        if src is not None:
            src.remove(card)
        if dst is not None:
            dst.append(card)

    def reveal(self, seat: str, cards: tuple[Card, ...]) -> None:
        c = self.contract
        if self.phase is not Phase.PLAY or c is None or self.plays:
            raise WrongPhaseError(f"hand of {seat} laid open: open miserie hands are laid open after the bidding, before the first card")
        if c.kind is not ContractKind.OPEN_MISERIE or seat not in c.declarers:
            raise IllegalEventError(f"hand of {seat} laid open: only open-miserie players lay their hand open ({c.describe()})")
        if seat in self.revealed:
            raise IllegalEventError(f"hand of {seat} laid open twice")
        if len(cards) != HAND_SIZE or len(set(cards)) != HAND_SIZE:
            raise BadDealError(f"hand of {seat} laid open with {len(set(cards))} different cards, not {HAND_SIZE}")
        held = self.held[seat]
        if held is not None:
            if set(cards) != set(held):
                extra = sorted_cards(set(cards) - set(held))
                raise CardNotInHandError(
                    f"hand of {seat} laid open with {' '.join(map(str, extra))}, which {seat} was not dealt"
                )
        else:
            for card in cards:
                known = self.owner.get(card)
                if known is not None and known != seat:
                    raise CardNotInHandError(f"hand of {seat} laid open with {card}, which is {known}'s")
            if self.turned is not None and seat == self.dealer and self.turned not in cards:
                raise CardNotInHandError(f"hand of {seat} laid open without the turned card {self.turned}")
            self.held[seat] = list(cards)
            for card in cards:
                self.owner[card] = seat
        self.revealed[seat] = cards

    # -- play

    def play(self, seat: str, card: Card) -> Violation | None:
        """Record a play; return the verzaking it was found to be (hand known), if any."""
        if self.phase in (Phase.TURN, Phase.AUCTION):
            raise WrongPhaseError(f"play {card} by {seat} during the {self.phase.value} ({self._state_text()})")
        if self.phase is Phase.DONE or self.contract is None:
            raise WrongPhaseError(f"play {card} by {seat}: hand {self.number} is over ({self._state_text()})")
        c = self.contract
        if not self.tricks:
            self._first_card(seat, card, c)
        expected = self._play_turn
        if seat != expected:
            raise OutOfTurnError(f"play {card} by {seat} out of turn: it is {expected}'s turn (trick {self.trick_number()})")
        if card in self.seen:
            raise DuplicateCardError(f"play {card} by {seat}: {card} was already played this hand")
        known = self.owner.get(card)
        if known is not None and known != seat:
            why = " (the turned card stays with the dealer)" if card is self.turned and known == self.dealer else ""
            raise CardNotInHandError(f"play {card} by {seat}: {card} is in {known}'s hand{why}")
        hand = self.held[seat]
        if hand is not None and card not in hand:
            raise CardNotInHandError(f"play {card} by {seat}: not in {seat}'s hand ({' '.join(map(str, sorted_cards(hand)))})")
        if c.kind in (ContractKind.TROEL, ContractKind.TROELA):
            self._check_troel_consistency(seat, card, c)
        trick = self.current_trick
        if trick is None:
            trick = Trick(len(self.tricks) + 1, seat)
            self.tricks.append(trick)
        led = trick.led_suit
        record = PlayRecord(seat, trick.number, len(trick.cards), card, led)
        if hand is not None:
            found = self.verzaken.play(record, hand, legal_plays(hand, led))
            hand.remove(card)
        else:
            found = self.verzaken.play(record, None, None)
        self.owner.pop(card, None)
        self.plays += 1
        self.seen.add(card)
        self.played[seat].append(card)
        trick.add(seat, card)
        if len(trick.cards) == len(self.seats):
            trick.winner = trick.seats[trick_winner(trick.cards, c.trump, ACE_HIGH)]
            self._play_turn = trick.winner
            if len(self.tricks) == TRICKS_PER_HAND:
                self.phase = Phase.DONE
                self._play_turn = None
                self._hand_complete()
        else:
            self._play_turn = next_seat(seat, self.seats)
        return found

    def _first_card(self, seat: str, card: Card, c: Contract) -> None:
        if c.kind is ContractKind.OPEN_MISERIE:
            closed = [s for s in c.declarers if self.held[s] is None]
            if closed:
                raise WrongPhaseError(
                    f"play {card} by {seat}: the open-miserie hand of {', '.join(closed)} is not laid open "
                    f"(log a 'reveal' event before the first card)"
                )
        if c.kind not in (ContractKind.TROEL, ContractKind.TROELA):
            return
        caller = c.declarers[0]
        if c.partner is not None:  # known deal
            if seat != c.partner:
                raise OutOfTurnError(
                    f"play {card} by {seat} out of turn: in {c.kind.value} the partner {c.partner} leads {c.called} (trick 1)"
                )
            if card is not c.called:
                raise IllegalEventError(f"play {card} by {seat}: in {c.kind.value} the partner leads the called card {c.called}")
            return
        # Unknown deal: the partner makes itself known by leading the called card.
        if seat == caller:
            raise OutOfTurnError(f"play {card} by {seat} out of turn: in {c.kind.value} the partner leads, not the caller {caller}")
        if c.kind is ContractKind.TROEL:
            if card.rank is not Rank.ACE:
                raise IllegalEventError(f"play {card} by {seat}: in troel the partner leads the fourth ace, not {card}")
            others = [a for a, s in self.owner.items() if a.rank is Rank.ACE and s != caller and a is not card]
            if others:
                raise IllegalEventError(
                    f"play {card} by {seat}: {others[0]} is {self.owner[others[0]]}'s, so that is the fourth ace and is led"
                )
        else:
            if card.suit is not Suit.HEARTS or card.rank is Rank.ACE:
                raise IllegalEventError(f"play {card} by {seat}: in troela the partner leads a heart below the ace, not {card}")
            higher = [h for h, s in self.owner.items() if h.suit is Suit.HEARTS and h.rank is not Rank.ACE
                      and h.rank > card.rank and s != caller]
            if higher:
                raise IllegalEventError(
                    f"play {card} by {seat}: {higher[0]} is {self.owner[higher[0]]}'s, so the troela partner leads {higher[0]}"
                )
        c.partner, c.called, c.trump, c.leader = seat, card, card.suit, seat
        self._play_turn = seat

    def _check_troel_consistency(self, seat: str, card: Card, c: Contract) -> None:
        """With the deal unknown, a later card can show that a troel call or lead was wrong."""
        caller = c.declarers[0]
        if seat == caller or card is c.called:
            return
        if card.rank is Rank.ACE:
            raise IllegalEventError(
                f"play {card} by {seat}: {caller} called {c.kind.value}, so {caller} held "
                f"{'the other three aces' if c.kind is ContractKind.TROEL else 'all four aces'}"
            )
        if (c.kind is ContractKind.TROELA and c.called is not None and card.suit is Suit.HEARTS
                and card.rank > c.called.rank):
            raise IllegalEventError(
                f"play {card} by {seat}: then {seat} held a higher heart than {c.called} and was the troela partner, "
                f"who leads the highest heart the caller lacks"
            )

    def _hand_complete(self) -> None:
        """All 52 cards are seen: with the deal unknown, a troel not called shows now."""
        if self.dealt is not None:
            return
        for seat in self.seats:
            cards = set(self.played[seat])
            if self.exchanged is not None and self.turned is not None:
                if seat == self.dealer:
                    cards = (cards - {self.exchanged.card}) | {self.turned}
                elif seat == self.exchanged.giver:
                    cards = (cards - {self.turned}) | {self.exchanged.card}
            caller = self.auction.troel_caller if self.auction else None
            if aces_in(frozenset(cards)) >= 3 and seat != caller and not any(p.seat == seat for p in self.troel_penalties()):
                self.penalties.append(PenaltyFinding(seat, "troel-not-called", "play"))

    # -- results

    def tricks_won(self) -> dict[str, int]:
        won = {s: 0 for s in self.seats}
        for t in self.tricks:
            if t.winner is not None:
                won[t.winner] += 1
        return won

    def side_tricks(self) -> int | None:
        c = self.contract
        if c is None or c.kind in MISERIE_KINDS:
            return None
        won = self.tricks_won()
        return sum(won[s] for s in c.side)

    def decided(self) -> bool:
        """The score no longer depends on the cards still to come."""
        c = self.contract
        if self.phase is Phase.DONE or self.misdeal is not None:
            return True
        if self.troel_penalties() and self.rules.troel_not_called == "void":
            return True
        if self.phase is not Phase.PLAY or c is None:
            return False
        if self.rules.verzaken == "lose" and self.first_violation() is not None:
            return True
        won = self.tricks_won()
        if c.kind in MISERIE_KINDS:
            return all(won[s] > 0 for s in c.declarers)
        if c.kind in (ContractKind.ABONDANCE, ContractKind.SOLO, ContractKind.SOLO_SLIM):
            mine = won[c.declarers[0]]
            theirs = sum(won.values()) - mine
            return mine >= c.target or theirs > TRICKS_PER_HAND - c.target
        return False

    def score(self) -> HandScore | None:
        """The hand's score once it is decided; None while it is not."""
        seats = self.seats
        if self.misdeal is not None:
            return HandScore(points.penalty_score(seats, self.dealer, points.MISDEAL_DEALER, points.MISDEAL_OTHERS),
                             self.misdeal.reason)
        if not self.decided():
            return None
        troel = self._troel_penalty_score()
        c = self.contract
        if c is None:
            return HandScore(troel or {s: 0 for s in seats}, "troel-not-called" if troel else "all-pass")
        if troel is not None and self.rules.troel_not_called == "void":
            return HandScore(troel, "troel-not-called")
        played = self._contract_score(c)
        if troel is not None:
            return HandScore(_add(played.score, troel), played.result, played.side_tricks, played.miserie)
        return played

    def _troel_penalty_score(self) -> dict[str, int] | None:
        found = self.troel_penalties()
        if not found:
            return None
        total = {s: 0 for s in self.seats}
        for p in found:
            total = _add(total, points.penalty_score(self.seats, p.seat, points.TROEL_NOT_CALLED_OFFENDER,
                                                     points.TROEL_NOT_CALLED_OTHERS))
        return total

    def _contract_score(self, c: Contract) -> HandScore:
        seats = self.seats
        won = self.tricks_won()
        first = self.first_violation() if self.rules.verzaken == "lose" else None
        if c.kind in MISERIE_KINDS:
            if first is not None:
                before = {s: 0 for s in seats}
                for t in self.tricks:
                    if t.winner is not None and t.number < first.trick:
                        before[t.winner] += 1
                result = {s: s != first.seat and before[s] == 0 for s in c.declarers}
            else:
                result = {s: won[s] == 0 for s in c.declarers}
            label = "verzaakt" if first else ("made" if all(result.values()) else "lost" if not any(result.values()) else "split")
            return HandScore(score_contract(seats, c, 0, result), label, None, result)
        tricks = sum(won[s] for s in c.side)
        if first is not None:
            tricks = c.target - 1 if first.seat in c.side else c.target
            return HandScore(score_contract(seats, c, tricks, {}), "verzaakt", tricks)
        return HandScore(score_contract(seats, c, tricks, {}), "made" if tricks >= c.target else "lost", tricks)

    def _state_text(self) -> str:
        if self.misdeal is not None:
            return f"thrown in: {self.misdeal.reason}"
        if self.phase is Phase.TURN:
            return "the card is not turned yet"
        if self.phase is Phase.AUCTION and self.auction is not None:
            return f"bids so far: {self.auction.summary()}; {self.auction.to_speak} to bid"
        if self.contract is None:
            return "everyone passed"
        return f"{self.contract.describe()}, {len([t for t in self.tricks if t.winner])} tricks played"


def sorted_cards(cards: Sequence[Card] | frozenset[Card] | set[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (c.suit.value, c.rank))


# -- the session -------------------------------------------------------------------------


@register_game
class Rikken(HandGame[RikkenHand]):
    """A rikken session: a series of hands with running totals per seat."""

    name = "rikken"
    options_class = RikkenRules

    def __init__(self, match: MatchStart, rng: random.Random | None = None) -> None:
        super().__init__(match, rng)
        self.rules = parse_options(RikkenRules, match.rules, self.name)
        self.hands: list[RikkenHand] = []


    def counted_hands(self) -> int:
        return sum(1 for h in self.hands if h.misdeal is None)

    @property
    def is_over(self) -> bool:
        hand = self.hand
        return (self.rules.hands > 0 and hand is not None and self.counted_hands() == self.rules.hands
                and hand.score() is not None)

    def totals(self) -> dict[str, int]:
        totals = {s: 0 for s in self.seats}
        for hand in self.hands:
            score = hand.score()
            if score is not None:
                totals = _add(totals, score.score)
        return totals

    def next_dealer(self) -> str | None:
        """Who deals next: the same dealer after a misdeal, else the next seat."""
        hand = self.hand
        if hand is None:
            return None
        return hand.dealer if hand.misdeal is not None else next_seat(hand.dealer, self.seats)

    def _apply_to_hand(self, hand: RikkenHand, event: Event) -> None:
        if isinstance(event, Play):
            self._check_seat(event.seat)
            hand.play(event.seat, event.card)
        elif isinstance(event, Bid):
            self._check_seat(event.seat)
            hand.bid(event.seat, event.bid)
        elif isinstance(event, TurnedCard):
            hand.turn(event.card)
        elif isinstance(event, Exchange):
            self._check_seat(event.seat)
            self._check_seat(event.giver)
            hand.exchange(event)
        elif isinstance(event, Reveal):
            self._check_seat(event.seat)
            hand.reveal(event.seat, event.cards)
        elif isinstance(event, Penalty):
            self._check_seat(event.seat)
            hand.penalty(event.seat, event.reason)
        else:
            raise WrongPhaseError(
                f"rikken has no {event.type!r} events (rikken uses deal, turn, bid, exchange, reveal, play, penalty)"
            )

    def _deal(self, event: Deal) -> None:
        self._check_seat(event.dealer)
        previous = self.hand
        if previous is not None:
            if previous.score() is None:
                done = len([t for t in previous.tricks if t.winner])
                raise WrongPhaseError(
                    f"a new deal while hand {previous.number} is unfinished ({previous._state_text()}; "
                    f"{done} of {TRICKS_PER_HAND} tricks and the score still depends on the rest)"
                )
            expected = self.next_dealer()
            if event.dealer != expected:
                why = f"{previous.dealer} deals again after the {previous.misdeal.reason}" if previous.misdeal else \
                    f"the deal passes from {previous.dealer} to the left"
                raise OutOfTurnError(f"deal by {event.dealer}: {why}, so {expected} deals")
            if self.rules.hands and self.counted_hands() == self.rules.hands:
                raise WrongPhaseError(f"a deal after the session's last hand (hands = {self.rules.hands})")
        hands = (check_deal(event.hands, self.seats, HAND_SIZE, _DECK, self.name)
                 if event.hands is not None else None)
        self.hands.append(RikkenHand(len(self.hands) + 1, event.dealer, self.seats, self.rules, hands))

    # -- reports

    def report(self) -> dict[str, Any]:
        return {
            "game": self.name,
            "rules": options_to_dict(self.rules),
            "seats": list(self.seats),
            "names": dict(self.match.names),
            "hands": [self._hand_report(h) for h in self.hands],
            "totals": self.totals(),
            "complete": self.is_over,
        }

    def _hand_report(self, hand: RikkenHand) -> dict[str, Any]:
        score = hand.score()
        c = hand.contract
        contract: dict[str, Any] | None = None
        if c is not None:
            contract = {
                "kind": c.kind.value,
                "bid": str(c.bid),
                "declarers": list(c.declarers),
                "partner": c.partner,
                "called": str(c.called) if c.called else None,
                "trump": str(c.trump) if c.trump else None,
                "target": c.target,
                "leader": c.leader,
                "tricks": hand.side_tricks(),  # the declaring side's tricks (None in miserie)
                "scored_tricks": score.side_tricks if score else None,  # as scored (verzaken may change it)
                "result": score.result if score else None,
            }
            if c.kind in MISERIE_KINDS:
                won = hand.tricks_won()
                contract["miserie"] = {
                    s: ("won" if score.miserie[s] else "lost") if score and s in score.miserie
                    else ("lost" if won[s] else None)
                    for s in c.declarers
                }
        return {
            "number": hand.number,
            "dealer": hand.dealer,
            "turn": str(hand.turned) if hand.turned else None,
            "auction": [{"seat": s, "bid": str(b)} for s, b in hand.auction.calls] if hand.auction else [],
            "contract": contract,
            "exchange": [
                {"seat": hand.dealer, "card": str(a.card), "from": a.giver, "refused": a.refused} for a in hand.asks
            ],
            "open_hands": {s: [str(x) for x in cards] for s, cards in hand.revealed.items()},
            "tricks": [
                {
                    "number": t.number,
                    "leader": t.leader,
                    "cards": [str(x) for x in t.cards],
                    "seats": list(t.seats),
                    "winner": t.winner,
                }
                for t in hand.tricks
            ],
            "tricks_won": hand.tricks_won(),
            "violations": [v.to_dict() for v in hand.verzaken.in_play_order()],
            "penalties": [p.to_dict() for p in ([hand.misdeal] if hand.misdeal else []) + hand.penalties],
            "result": score.result if score else None,
            "score": score.score if score else None,
            "complete": hand.phase is Phase.DONE,
        }

    def report_text(self) -> str:
        r = self.rules
        lines = [
            f"Rikken · verzaken {r.verzaken} · troel not called: {r.troel_not_called}"
            f" · miserie exchange {r.miserie_exchange} · "
            + (f"{r.hands} hand{'s' if r.hands > 1 else ''}" if r.hands else "open session"),
            "Seats: " + "  ".join(self._who(s) for s in self.seats),
        ]
        running = {s: 0 for s in self.seats}
        for hand in self.hands:
            lines.append("")
            lines.extend(self._hand_text(hand, running))
        lines.append("")
        state = "session complete" if self.is_over else f"after {len(self.hands)} hand{'s' if len(self.hands) != 1 else ''}"
        lines.append(f"Totals ({state}): " + "  ".join(f"{s} {v:+d}" for s, v in self.totals().items()))
        return "\n".join(lines) + "\n"

    def _hand_text(self, hand: RikkenHand, running: dict[str, int]) -> list[str]:
        head = f"Hand {hand.number} · dealer {self._who(hand.dealer)}"
        if hand.turned is not None:
            head += f" · turned {hand.turned} ({hand.turned.suit.symbol} {hand.turned.suit.dutch})"
        out = [head]
        if hand.auction is not None and hand.auction.calls:
            out.append("  Bidding: " + " · ".join(f"{s} {b}" for s, b in hand.auction.calls))
        c = hand.contract
        if c is not None:
            trump = f"trump {c.trump.symbol} {c.trump.dutch}" if c.trump else (
                "trump from the partner's lead" if c.kind in (ContractKind.TROEL, ContractKind.TROELA) else "no trump")
            need = "no trick" if c.kind in MISERIE_KINDS else f"{c.target} tricks"
            out.append(f"  Contract: {c.describe()} · {trump} · {need} to make")
        for a in hand.asks:
            out.append(f"  Exchange: {hand.dealer} asks {a.giver} for {a.card}"
                       + (" (refused)" if a.refused else f", gives the turned {hand.turned}"))
        for s, open_hand in hand.revealed.items():
            out.append(f"  Open hand {s}: {' '.join(map(str, sorted_cards(open_hand)))}")
        for t in hand.tricks:
            cards = " ".join(f"{x!s:>2}" for x in t.cards)
            text = f"  {t.number:>2}  {t.leader} leads  {cards:<11}"
            out.append(text + (f"  won by {t.winner}" if t.winner else "  (unfinished)"))
        first = hand.first_violation()
        for v in hand.verzaken.in_play_order():
            shown = f"showed {v.proof_card} in trick {v.proof_trick}" if v.proof_trick else f"holds {v.proof_card}"
            mark = "  (decides the hand)" if v is first and hand.rules.verzaken == "lose" else ""
            out.append(f"  Verzaakt: {self._who(v.seat)} in trick {v.trick} {RULE_TEXT[v.rule]} "
                       f"[{v.rule}]: played {v.card}, {shown}{mark}")
        for p in ([hand.misdeal] if hand.misdeal else []) + hand.penalties:
            how = {"log": "", "deal": " (seen in the deal)", "play": " (seen in the cards played)"}[p.found]
            out.append(f"  Penalty: {self._who(p.seat)} {p.reason}{how}")
        if hand.tricks:
            won = hand.tricks_won()
            text = "  Tricks: " + "  ".join(f"{s} {won[s]}" for s in self.seats)
            side = hand.side_tricks()
            score = hand.score()
            if c is not None and side is not None:
                text += f" · {'+'.join(c.side)} {side} of {c.target}"
                if score is not None and score.side_tricks is not None and score.side_tricks != side:
                    text += f" (scored as {score.side_tricks}: verzaken)"
            out.append(text)
        score = hand.score()
        if score is None:
            out.append("  Hand unfinished: no score")
            return out
        running.update(_add(running, score.score))
        verdict = {
            "made": "made", "lost": "lost", "split": "some made it", "verzaakt": "decided by verzaken",
            "all-pass": "everyone passed, thrown in", "misdeal": "misdeal, the dealer deals again",
            "no-turn-card": "card not turned, the dealer deals again",
            "troel-not-called": "troel not called",
        }[score.result]
        if score.miserie:
            verdict += " (" + ", ".join(f"{s} {'won' if w else 'lost'}" for s, w in score.miserie.items()) + ")"
        out.append(f"  Result: {verdict} · score " + "  ".join(f"{s} {score.score[s]:+d}" for s in self.seats)
                   + " · running " + "  ".join(f"{s} {running[s]:+d}" for s in self.seats))
        return out
