"""Klaverjassen, per shared/rules/README.md and seeds/klaverjassen.nl.txt.

Rotterdam and Amsterdam, trump by ``verplicht`` or ``klassiek`` (the die), roem, last
trick, nat, pit and tegenpit, verzaken (found at once when the deal is known, proven
by a later card when it is not), and a match of ``hands`` hands with running totals.

The rules of play are pure functions of the cards: :func:`legal_plays` is the one
generator of legal plays, :func:`breach` says which obligation a play broke given one
card the player held, :func:`roem_of` and :func:`card_points` count, and
:func:`score_hand` settles a hand.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.cards import PIQUET_DECK, Card, Rank, Suit
from engine.errors import (
    BadDealError,
    CardNotInHandError,
    DuplicateCardError,
    IllegalEventError,
    OutOfTurnError,
    WrongPhaseError,
)
from engine.events import Bid, Claim, Deal, DieRoll, Event, MatchStart, Play, TrumpChosen
from engine.game import HandGame, register_game
from engine.rules import choice, flag, number, options_to_dict, parse_options
from engine.verzaken import PlayRecord, VerzaakTracker, Violation
from engine.tricks import KLAVERJAS, Trick, check_deal, next_seat, partner_of, team_of, teams_of, trick_winner

TRICKS_PER_HAND = 8
CARD_POINTS_TOTAL = 152
LAST_TRICK_BONUS = 10
HAND_POINTS = CARD_POINTS_TOTAL + LAST_TRICK_BONUS  # 162
PIT_BONUS = 100
DEAL_PACKETS = (3, 2, 3)


@dataclass(frozen=True)
class KlaverjassenRules:
    """The named options of klaverjassen (shared/rules/README.md)."""

    variant: str = choice("rotterdam", ("rotterdam", "amsterdam"), "obligations when void in the suit led")
    partner_winning: str = choice(
        "free", ("free", "no_trump"),
        "amsterdam, void while partner wins: any card but an undertrump, or must discard",
    )
    trump_choice: str = choice("verplicht", ("verplicht", "klassiek"), "left of dealer names trump, or the die")
    all_pass: str = choice(
        "forced_choice", ("reroll", "forced_choice", "forced_roll"),
        "klassiek, everyone passed: roll a new suit, left of dealer names one, or must play a new roll",
    )
    roem_must_be_claimed: bool = flag(False, "roem counts only when claimed before the next trick")
    penalty: str = choice(
        "162+100", ("162+100", "162+100+roem", "162"),
        "what the other team gets for the first verzaking of a hand",
    )
    hands: int = number(16, 1, 1000, "hands in a match")


# -- points and roem: data tables ---------------------------------------------------

TRUMP_POINTS: dict[Rank, int] = {
    Rank.JACK: 20, Rank.NINE: 14, Rank.ACE: 11, Rank.TEN: 10,
    Rank.KING: 4, Rank.QUEEN: 3, Rank.EIGHT: 0, Rank.SEVEN: 0,
}
PLAIN_POINTS: dict[Rank, int] = {
    Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3,
    Rank.JACK: 2, Rank.NINE: 0, Rank.EIGHT: 0, Rank.SEVEN: 0,
}
# Runs use the natural order 7 8 9 T J Q K A, whatever the trump.
RUN_ORDER: dict[Rank, int] = {r: i for i, r in enumerate(
    (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE))}
RUN_ROEM = {3: 20, 4: 50}
FOUR_OF_A_KIND_ROEM: dict[Rank, int] = {
    Rank.JACK: 200, Rank.ACE: 100, Rank.KING: 100, Rank.QUEEN: 100, Rank.TEN: 100,
    Rank.NINE: 0, Rank.EIGHT: 0, Rank.SEVEN: 0,
}
STUK_ROEM = 20

_TRUMP_STRENGTH = {r: i for i, r in enumerate(KLAVERJAS.trump)}


def card_points(card: Card, trump: Suit) -> int:
    return (TRUMP_POINTS if card.suit is trump else PLAIN_POINTS)[card.rank]


def roem_of(cards: Sequence[Card], trump: Suit) -> int:
    """Roem in the cards of one trick: a run, four of a kind, and stuk (K+Q of trump)."""
    roem = 0
    if len(cards) == 4 and len({c.rank for c in cards}) == 1:
        roem += FOUR_OF_A_KIND_ROEM[cards[0].rank]
    by_suit: dict[Suit, list[int]] = {}
    for c in cards:
        by_suit.setdefault(c.suit, []).append(RUN_ORDER[c.rank])
    longest = 0
    for positions in by_suit.values():
        ordered = sorted(set(positions))
        run = 1
        for a, b in zip(ordered, ordered[1:]):
            run = run + 1 if b == a + 1 else 1
            longest = max(longest, run)
    roem += RUN_ROEM.get(longest, 0)
    trump_ranks = {c.rank for c in cards if c.suit is trump}
    if Rank.KING in trump_ranks and Rank.QUEEN in trump_ranks:
        roem += STUK_ROEM
    return roem


def roem_marks(roem: int) -> str:
    """Roem as scorers write it: X for 100, V for 50, I for 20 (70 -> ``VI``)."""
    marks = ""
    for value, mark in ((100, "X"), (50, "V"), (20, "I")):
        count, roem = divmod(roem, value)
        marks += mark * count
    return marks + (f"+{roem}" if roem else "")


# -- obligations ---------------------------------------------------------------------


class Obligation(NamedTuple):
    """What a play was bound by: everything but the player's own hand.

    ``table_high`` is the trump strength of the highest trump already in the trick
    (None when there is none); ``leeway`` is the Amsterdam option in force when the
    player's partner is winning the trick (None otherwise, and always in Rotterdam).
    """

    led: Suit | None
    trump: Suit
    table_high: int | None
    leeway: str | None


def obligation_for(trick: Trick, seat: str, trump: Suit, rules: KlaverjassenRules, seats: Sequence[str]) -> Obligation:
    if not trick.cards:
        return Obligation(None, trump, None, None)
    led = trick.cards[0].suit
    highs = [_TRUMP_STRENGTH[c.rank] for c in trick.cards if c.suit is trump]
    table_high = max(highs) if highs else None
    leeway = None
    if rules.variant == "amsterdam" and led is not trump:
        winner = trick.seats[trick_winner(trick.cards, trump, KLAVERJAS)]
        if winner == partner_of(seat, seats):
            leeway = rules.partner_winning
    return Obligation(led, trump, table_high, leeway)


def legal_plays(hand: Sequence[Card], ob: Obligation) -> list[Card]:
    """The one generator of legal plays for a hand under an obligation."""
    led, trump, high = ob.led, ob.trump, ob.table_high
    if led is None:
        return list(hand)
    follow = [c for c in hand if c.suit is led]
    if led is trump:
        if not follow:
            return list(hand)
        higher = [c for c in follow if high is None or _TRUMP_STRENGTH[c.rank] > high]
        return higher or follow
    if follow:
        return follow
    trumps = [c for c in hand if c.suit is trump]
    if not trumps:
        return list(hand)
    others = [c for c in hand if c.suit is not trump]
    higher = [c for c in trumps if high is None or _TRUMP_STRENGTH[c.rank] > high]
    if ob.leeway == "free":
        # Partner is winning: anything but an undertrump.
        allowed = [c for c in hand if c.suit is not trump or high is None or _TRUMP_STRENGTH[c.rank] > high]
        return allowed or list(hand)
    if ob.leeway == "no_trump":
        # Partner is winning: discard; only a hand of nothing but trumps may trump.
        return others or higher or list(hand)
    if higher:
        return higher
    # Cannot overtrump: play another suit; undertrump only with nothing but trumps.
    return others or list(hand)


def breach(played: Card, held: Card, ob: Obligation) -> str | None:
    """The rule ``played`` broke if the player also held ``held``, or None.

    ``played`` is illegal exactly when some card held with it gives a breach; this is
    how a play is proven illegal later, when the camera sees only played cards.
    """
    led, trump, high = ob.led, ob.trump, ob.table_high
    if led is None or held is played:
        return None
    if played.suit is led:
        if led is trump and high is not None and _TRUMP_STRENGTH[played.rank] < high:
            if held.suit is trump and _TRUMP_STRENGTH[held.rank] > high:
                return "overtrump"
        return None
    if held.suit is led:
        return "follow-suit"
    if led is trump:
        return None
    # Void in the suit led (as far as this held card tells).
    if played.suit is not trump:
        if held.suit is not trump or ob.leeway is not None:
            return None
        if high is None:
            return "must-trump"
        return "overtrump" if _TRUMP_STRENGTH[held.rank] > high else None
    # A trump was played.
    if ob.leeway == "no_trump" and held.suit is not trump:
        return "trumped-partner"
    if high is None or _TRUMP_STRENGTH[played.rank] > high:
        return None
    # An undertrump: allowed only with nothing but lower trumps in hand.
    if held.suit is not trump or _TRUMP_STRENGTH[held.rank] > high:
        return "undertrump"
    return None


RULE_TEXT = {
    "follow-suit": "did not follow suit",
    "overtrump": "did not play a higher trump",
    "must-trump": "did not trump",
    "undertrump": "undertrumped",
    "trumped-partner": "trumped the partner's trick (partner_winning = no_trump)",
}


# -- a hand --------------------------------------------------------------------------


class Phase(enum.Enum):
    TRUMP = "trump"  # choosing trump
    PLAY = "play"
    DONE = "done"  # all 8 tricks played


@dataclass(frozen=True)
class HandScore:
    points: dict[str, int]  # card points incl. last trick, per team
    roem: dict[str, int]  # roem counted, incl. pit bonus
    score: dict[str, int]  # what goes on the score sheet
    result: str  # "made", "nat", "pit", "tegenpit", "verzaakt"


def score_hand(
    teams: tuple[str, str],
    makers: str,
    points: dict[str, int],
    roem: dict[str, int],
    tricks_won: dict[str, int],
    offender: str | None,
    penalty: str,
) -> HandScore:
    """Settle a hand: pure function of what each team took."""
    other = {teams[0]: teams[1], teams[1]: teams[0]}
    opponents = other[makers]
    roem = dict(roem)
    if offender is not None:
        award = HAND_POINTS
        if penalty in ("162+100", "162+100+roem"):
            award += PIT_BONUS
        if penalty == "162+100+roem":
            award += roem[teams[0]] + roem[teams[1]]
        return HandScore(points, roem, {offender: 0, other[offender]: award}, "verzaakt")
    for team in teams:
        if tricks_won[team] == TRICKS_PER_HAND:
            roem[team] += PIT_BONUS
    all_roem = roem[teams[0]] + roem[teams[1]]
    if tricks_won[makers] == TRICKS_PER_HAND:
        return HandScore(points, roem, {makers: HAND_POINTS + roem[makers], opponents: 0}, "pit")
    if tricks_won[opponents] == TRICKS_PER_HAND:
        return HandScore(points, roem, {makers: 0, opponents: HAND_POINTS + all_roem}, "tegenpit")
    makers_total = points[makers] + roem[makers]
    if 2 * makers_total > HAND_POINTS + all_roem:
        return HandScore(points, roem, {t: points[t] + roem[t] for t in teams}, "made")
    return HandScore(points, roem, {makers: 0, opponents: HAND_POINTS + all_roem}, "nat")


class KlaverjasHand:
    """One hand: trump choice, eight tricks, verzakingen, and its score."""

    def __init__(self, number: int, dealer: str, seats: tuple[str, ...], rules: KlaverjassenRules,
                 hands: dict[str, list[Card]] | None) -> None:
        self.number = number
        self.dealer = dealer
        self.seats = seats
        self.rules = rules
        self.dealt = {s: tuple(h) for s, h in hands.items()} if hands is not None else None
        self.held: dict[str, list[Card]] | None = (
            {s: list(h) for s, h in hands.items()} if hands is not None else None
        )
        self.phase = Phase.TRUMP
        self.trump: Suit | None = None
        self.maker: str | None = None
        # klassiek: the die's proposal, suits rolled this hand, and who is to say play/pass
        self.proposal: Suit | None = None
        self.rolled: list[Suit] = []
        self.bidder: str | None = None
        self.passes: list[str] = []
        self.forced = False  # all passed: left of dealer must play
        self.tricks: list[Trick] = []
        self.seen: set[Card] = set()
        self.plays = 0
        self.verzaken: VerzaakTracker[Obligation] = VerzaakTracker(breach)
        self.claimed: set[int] = set()
        self._seat_index = {seat: i for i, seat in enumerate(seats)}
        self._play_turn: str | None = None  # whose card is next once play has begun
        # Per-position cache of the obligation and legal plays, keyed by plays so far:
        # the device asks for them every frame, and play() needs them again.
        self._obligation_at: int = -1
        self._obligation: Obligation | None = None
        self._legal_at: int = -1
        self._legal: list[Card] = []

    # -- turn and obligations

    @property
    def left_of_dealer(self) -> str:
        return next_seat(self.dealer, self.seats)

    @property
    def current_trick(self) -> Trick | None:
        tricks = self.tricks
        if tricks and len(tricks[-1].cards) < len(self.seats):
            return tricks[-1]
        return None

    def to_move(self) -> str | None:
        """The seat whose turn it is (to bid, name trump or play), None when the hand is over."""
        if self.phase is Phase.PLAY:
            return self._play_turn
        if self.phase is Phase.TRUMP:
            if self.rules.trump_choice == "klassiek" and not self.forced:
                return self.bidder
            return self.left_of_dealer
        return None

    def obligation(self) -> Obligation:
        """What the seat to move is bound by now (the same for any hand it holds)."""
        if self._obligation_at == self.plays and self._obligation is not None:
            return self._obligation
        seat = self.to_move()
        if self.phase is not Phase.PLAY or seat is None or self.trump is None:
            raise WrongPhaseError(f"no card is to be played now (phase {self.phase.value})")
        trick = self.current_trick or Trick(len(self.tricks) + 1, seat)
        ob = obligation_for(trick, seat, self.trump, self.rules, self.seats)
        self._obligation_at, self._obligation = self.plays, ob
        return ob

    def legal_plays(self) -> list[Card]:
        """The cards the seat to move may play; needs the deal."""
        if self._legal_at == self.plays:
            return list(self._legal)
        seat = self.to_move()
        if self.held is None or seat is None:
            raise WrongPhaseError("legal plays need a known deal and a seat to move")
        legal = legal_plays(self.held[seat], self.obligation())
        self._legal_at, self._legal = self.plays, legal
        return list(legal)

    def is_legal(self, card: Card) -> bool:
        return card in self.legal_plays()

    # -- trump choice

    def roll(self, suit: Suit) -> None:
        if self.phase is not Phase.TRUMP or self.rules.trump_choice != "klassiek":
            raise WrongPhaseError(f"a die roll ({suit}) only comes while choosing trump in klassiek")
        if self.proposal is not None:
            if not self._rolling_after_all_pass():
                raise WrongPhaseError(
                    f"a die roll ({suit}) while {self.proposal} is proposed and {self.bidder} is to say play or pass"
                )
            if self.rules.all_pass == "forced_choice":
                raise WrongPhaseError(
                    f"a die roll ({suit}) after all passed: with all_pass = forced_choice "
                    f"{self.left_of_dealer} names trump with a 'trump' event"
                )
        if self.rules.all_pass == "reroll" and suit in self.rolled:
            raise IllegalEventError(f"the die showed {suit} again: reroll until a suit not yet rolled ({self._rolled_text()})")
        self.proposal = suit
        self.rolled.append(suit)
        self.passes = []
        if self.forced:  # forced_roll: left of dealer must play the new suit
            self._set_trump(suit, self.left_of_dealer)
        else:
            self.bidder = self.left_of_dealer

    def _rolled_text(self) -> str:
        return " ".join(str(s) for s in self.rolled)

    def _rolling_after_all_pass(self) -> bool:
        return len(self.passes) == len(self.seats)

    def bid(self, seat: str, call: str) -> None:
        if self.phase is not Phase.TRUMP or self.rules.trump_choice != "klassiek" or self.forced:
            raise WrongPhaseError(f"bid {call!r} by {seat}: play/pass is only said while choosing trump in klassiek")
        if self.proposal is None:
            raise WrongPhaseError(f"bid {call!r} by {seat} before the die was rolled")
        if self._rolling_after_all_pass():
            raise WrongPhaseError(f"bid {call!r} by {seat}: everyone passed on {self.proposal}, the die comes next")
        if seat != self.bidder:
            raise OutOfTurnError(f"bid {call!r} by {seat}: it is {self.bidder}'s turn to say play or pass")
        if call in ("play", "speel"):
            self._set_trump(self.proposal, seat)
            return
        if call not in ("pass", "pas"):
            raise IllegalEventError(f"bid {call!r} by {seat}: in klassiek say 'play' or 'pass'")
        self.passes.append(seat)
        if not self._rolling_after_all_pass():
            self.bidder = next_seat(seat, self.seats)
            return
        self.bidder = None
        if self.rules.all_pass == "forced_choice":
            self.forced = True  # left of dealer names any suit with a 'trump' event
        elif self.rules.all_pass == "forced_roll":
            self.forced = True  # the next roll is played by left of dealer
        elif len(self.rolled) == len(Suit):
            # reroll: all four suits passed; the player left of the dealer plays the last one.
            self._set_trump(self.proposal, self.left_of_dealer)

    def choose_trump(self, suit: Suit, maker: str) -> None:
        if self.phase is not Phase.TRUMP:
            if self.trump is suit and self.maker == maker and not self.tricks:
                return  # the device confirms a klassiek choice: same trump, nothing changes
            raise WrongPhaseError(f"trump {suit} by {maker}: trump is already {self.trump} by {self.maker}")
        if self.rules.trump_choice == "klassiek":
            if not (self.forced and self.rules.all_pass == "forced_choice"):
                raise WrongPhaseError(
                    f"trump {suit} by {maker}: in klassiek the die proposes trump and players say play or pass"
                )
        if maker != self.left_of_dealer:
            raise OutOfTurnError(f"trump {suit} by {maker}: the player left of the dealer ({self.left_of_dealer}) names trump")
        self._set_trump(suit, maker)

    def _set_trump(self, suit: Suit, maker: str) -> None:
        self.trump = suit
        self.maker = maker
        self.phase = Phase.PLAY
        self.bidder = None
        self._play_turn = self.left_of_dealer  # left of dealer always leads the first trick

    # -- play

    def play(self, seat: str, card: Card) -> Violation | None:
        """Record a play; return the verzaking it was found to be (known deal), if any."""
        if self.phase is Phase.TRUMP:
            raise WrongPhaseError(f"{seat} played {card} before trump was chosen")
        if self.phase is Phase.DONE:
            raise WrongPhaseError(f"{seat} played {card} after the 8th trick: the hand is over")
        expected = self._play_turn
        if seat != expected:
            raise OutOfTurnError(f"{seat} played {card} out of turn: it is {expected}'s turn (trick {self._trick_number()})")
        if card not in _PIQUET:
            raise BadDealError(f"{seat} played {card}: not in the 32-card deck (7 to A)")
        if card in self.seen:
            raise DuplicateCardError(f"{seat} played {card}, but {card} was already played this hand")
        if self.held is not None and card not in self.held[seat]:
            raise CardNotInHandError(f"{seat} played {card}, which is not in {seat}'s hand ({' '.join(map(str, self.held[seat]))})")
        assert self.trump is not None
        ob = self.obligation()
        trick = self.current_trick
        if trick is None:
            trick = Trick(len(self.tricks) + 1, seat)
            self.tricks.append(trick)
        record = PlayRecord(seat, trick.number, len(trick.cards), card, ob)
        if self.held is not None:
            hand = self.held[seat]
            legal = self._legal if self._legal_at == self.plays else self.legal_plays()
            found = self.verzaken.play(record, hand, legal)
            hand.remove(card)
        else:
            found = self.verzaken.play(record, None, None)
        self.plays += 1
        self.seen.add(card)
        trick.add(seat, card)
        if len(trick.cards) == len(self.seats):
            trick.winner = trick.seats[trick_winner(trick.cards, self.trump, KLAVERJAS)]
            self._play_turn = trick.winner  # the winner leads the next trick
            if len(self.tricks) == TRICKS_PER_HAND:
                self.phase = Phase.DONE
                self._play_turn = None
        else:
            self._play_turn = self.seats[(self._seat_index[seat] + 1) % len(self.seats)]
        return found

    def _trick_number(self) -> int:
        return len(self.tricks) if self.current_trick else len(self.tricks) + 1

    def claim_roem(self, seat: str) -> bool:
        """A roem claim after a trick; True when it counts (the claimer's team won the trick)."""
        if self.current_trick is not None or not self.tricks:
            raise WrongPhaseError(f"roem claimed by {seat} during a trick: claim after the trick, before the next lead")
        last = self.tricks[-1]
        assert last.winner is not None and self.trump is not None
        if team_of(seat, self.seats) != team_of(last.winner, self.seats):
            return False
        if roem_of(last.cards, self.trump) == 0:
            return False
        self.claimed.add(last.number)
        return True

    # -- results

    @property
    def violations(self) -> list[Violation]:
        return self.verzaken.violations

    def first_violation(self) -> Violation | None:
        return self.verzaken.first()

    def trick_roem(self, trick: Trick) -> int:
        """Roem of a complete trick as it counts (claimed, when claiming is on)."""
        assert self.trump is not None
        if self.rules.roem_must_be_claimed and trick.number not in self.claimed:
            return 0
        return roem_of(trick.cards, self.trump)

    def trick_points(self, trick: Trick) -> int:
        assert self.trump is not None
        points = sum(card_points(c, self.trump) for c in trick.cards)
        if trick.number == TRICKS_PER_HAND:
            points += LAST_TRICK_BONUS
        return points

    def score(self) -> HandScore | None:
        """The hand's score once it is over (all tricks played, or decided by a verzaking)."""
        teams = teams_of(self.seats)
        offender_violation = self.first_violation()
        if self.phase is not Phase.DONE and offender_violation is None:
            return None
        if self.maker is None:
            return None
        points = {t: 0 for t in teams}
        roem = {t: 0 for t in teams}
        won = {t: 0 for t in teams}
        for trick in self.tricks:
            if trick.winner is None:
                continue
            team = team_of(trick.winner, self.seats)
            points[team] += self.trick_points(trick)
            roem[team] += self.trick_roem(trick)
            won[team] += 1
        offender = team_of(offender_violation.seat, self.seats) if offender_violation else None
        return score_hand(teams, team_of(self.maker, self.seats), points, roem, won, offender, self.rules.penalty)


_PIQUET = frozenset(PIQUET_DECK)


# -- the match -------------------------------------------------------------------------


@register_game
class Klaverjassen(HandGame[KlaverjasHand]):
    """A klaverjas match: ``rules.hands`` hands, teams NS and EW, running totals."""

    name = "klaverjassen"
    options_class = KlaverjassenRules

    def __init__(self, match: MatchStart, rng: random.Random | None = None) -> None:
        super().__init__(match, rng)
        self.rules = parse_options(KlaverjassenRules, match.rules, self.name)
        self.teams = teams_of(self.seats)
        self.hands: list[KlaverjasHand] = []


    @property
    def is_over(self) -> bool:
        return len(self.hands) == self.rules.hands and self.hands[-1].score() is not None

    def totals(self) -> dict[str, int]:
        totals = {t: 0 for t in self.teams}
        for hand in self.hands:
            score = hand.score()
            if score is not None:
                for team, value in score.score.items():
                    totals[team] += value
        return totals

    def roll_die(self) -> DieRoll:
        """The device's die for klassiek: a new suit from the seeded source (not yet applied)."""
        hand = self.hand
        choices = list(Suit)
        if hand is not None and self.rules.all_pass == "reroll":
            choices = [s for s in Suit if s not in hand.rolled] or choices
        return DieRoll(self.rng.choice(choices))

    def _apply_to_hand(self, hand: KlaverjasHand, event: Event) -> None:
        if isinstance(event, Play):
            self._check_seat(event.seat)
            hand.play(event.seat, event.card)
        elif isinstance(event, TrumpChosen):
            self._check_seat(event.maker)
            hand.choose_trump(event.suit, event.maker)
        elif isinstance(event, DieRoll):
            hand.roll(event.suit)
        elif isinstance(event, Bid):
            self._check_seat(event.seat)
            hand.bid(event.seat, event.bid)
        elif isinstance(event, Claim):
            self._check_seat(event.seat)
            if event.what != "roem":
                raise IllegalEventError(f"claim {event.what!r} by {event.seat}: klaverjassen claims only 'roem'")
            if not self.rules.roem_must_be_claimed:
                return  # roem counts by itself; a claim changes nothing
            hand.claim_roem(event.seat)
        else:
            raise WrongPhaseError(f"klaverjassen has no {event.type!r} events")

    def _deal(self, event: Deal) -> None:
        self._check_seat(event.dealer)
        previous = self.hand
        if previous is not None and previous.score() is None:
            done = len([t for t in previous.tricks if t.winner])
            raise WrongPhaseError(
                f"a new deal while hand {previous.number} is unfinished ({done} of {TRICKS_PER_HAND} tricks, no verzaking proven)"
            )
        if len(self.hands) == self.rules.hands:
            raise WrongPhaseError(f"a deal after the match's last hand (hands = {self.rules.hands})")
        hands = (check_deal(event.hands, self.seats, TRICKS_PER_HAND, _PIQUET, self.name)
                 if event.hands is not None else None)
        hand = KlaverjasHand(len(self.hands) + 1, event.dealer, self.seats, self.rules, hands)
        if self.rules.trump_choice == "klassiek" and hand.number == 1:
            hand.roll(Suit.CLUBS)  # the first hand of a match is always played in clubs
        self.hands.append(hand)

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

    def _hand_report(self, hand: KlaverjasHand) -> dict[str, Any]:
        score = hand.score()
        return {
            "number": hand.number,
            "dealer": hand.dealer,
            "trump": str(hand.trump) if hand.trump else None,
            "maker": hand.maker,
            "makers": team_of(hand.maker, self.seats) if hand.maker else None,
            "tricks": [
                {
                    "number": t.number,
                    "leader": t.leader,
                    "cards": [str(c) for c in t.cards],
                    "seats": list(t.seats),
                    "winner": t.winner,
                    "points": hand.trick_points(t) if t.winner else None,
                    "roem": hand.trick_roem(t) if t.winner else None,
                }
                for t in hand.tricks
            ],
            "violations": [v.to_dict() for v in hand.verzaken.in_play_order()],
            "points": score.points if score else None,
            "roem": score.roem if score else None,
            "result": score.result if score else None,
            "score": score.score if score else None,
            "complete": hand.phase is Phase.DONE,
        }

    def report_text(self) -> str:
        r = self.rules
        lines = [
            f"Klaverjassen · {r.variant}"
            + (f" (partner winning: {r.partner_winning})" if r.variant == "amsterdam" else "")
            + f" · trump {r.trump_choice}"
            + (f" (all pass: {r.all_pass})" if r.trump_choice == "klassiek" else "")
            + f" · penalty {r.penalty} · {r.hands} hands"
            + (" · roem must be claimed" if r.roem_must_be_claimed else ""),
            "Seats: " + "  ".join(self._who(s) for s in self.seats)
            + f" · teams {self.teams[0]} and {self.teams[1]}",
        ]
        running = {t: 0 for t in self.teams}
        for hand in self.hands:
            lines.append("")
            lines.extend(self._hand_text(hand, running))
        lines.append("")
        state = "match complete" if self.is_over else f"after {len(self.hands)} of {r.hands} hands"
        lines.append(f"Totals ({state}): " + "  ".join(f"{t} {v}" for t, v in self.totals().items()))
        return "\n".join(lines) + "\n"

    def _hand_text(self, hand: KlaverjasHand, running: dict[str, int]) -> list[str]:
        head = f"Hand {hand.number} · dealer {self._who(hand.dealer)}"
        if hand.trump is not None and hand.maker is not None:
            head += (f" · trump {hand.trump.symbol} {hand.trump.dutch}, made by {self._who(hand.maker)}"
                     f" ({team_of(hand.maker, self.seats)} play)")
        else:
            head += " · trump not chosen"
        out = [head]
        for t in hand.tricks:
            cards = " ".join(f"{c!s:>2}" for c in t.cards)
            text = f"  {t.number:>2}  {t.leader} leads  {cards:<11}"
            if t.winner is None:
                out.append(text + "  (unfinished)")
                continue
            points = hand.trick_points(t)
            text += f"  won by {t.winner}  {points:>3}"
            roem = hand.trick_roem(t)
            if roem:
                text += f"  roem {roem} {roem_marks(roem)}"
            elif hand.trump and roem_of(t.cards, hand.trump):
                text += "  (roem not claimed)"
            if t.number == TRICKS_PER_HAND:
                text += "  (incl. last trick 10)"
            out.append(text)
        first = hand.first_violation()
        for v in hand.verzaken.in_play_order():
            shown = f"showed {v.proof_card} in trick {v.proof_trick}" if v.proof_trick else f"holds {v.proof_card}"
            mark = "  (decides the hand)" if v is first else ""
            out.append(f"  Verzaakt: {self._who(v.seat)} in trick {v.trick} {RULE_TEXT[v.rule]} "
                       f"[{v.rule}]: played {v.card}, {shown}{mark}")
        score = hand.score()
        if score is None:
            out.append("  Hand unfinished: no score")
            return out
        parts = []
        for team in self.teams:
            roem = score.roem[team]
            parts.append(f"{team} {score.points[team]}" + (f" + roem {roem} ({roem_marks(roem)})" if roem else ""))
        out.append("  Points: " + " · ".join(parts))
        makers = team_of(hand.maker, self.seats) if hand.maker else "?"
        verdict = {
            "made": f"{makers} made it",
            "nat": f"{makers} nat",
            "pit": f"{makers} pit",
            "tegenpit": f"{makers} nat, tegenpit",
            "verzaakt": f"verzaakt by {team_of(first.seat, self.seats) if first else '?'}",
        }[score.result]
        for team, value in score.score.items():
            running[team] += value
        out.append(f"  Result: {verdict} · score " + "  ".join(f"{t} {score.score[t]}" for t in self.teams)
                   + " · running " + "  ".join(f"{t} {running[t]}" for t in self.teams))
        return out
