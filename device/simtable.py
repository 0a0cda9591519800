"""The simulated table: four simulated players and the cards on a rendered table.

The players look at what the device shows (its game state and status), as people
would, and act physically: they deal, press the buttons to choose trump, lay a card
in front of their seat (mostly legal, now and then a verzaking), answer the device's
questions truthfully and gather each trick. The camera is :func:`SimTable.frame`:
the table rendered by ``vision.synth``, so vision, tracker, engine and screen all run
for real on it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from device.clock import Clock
from device.inputs import InputQueue, Press
from device.table import Question, TableStatus
from engine.cards import FULL_DECK, PIQUET_DECK, Card, Rank, Suit
from engine.game import Game
from engine.klaverjassen import DEAL_PACKETS, Klaverjassen, Phase, legal_plays
from engine.rikken import Phase as RikkenPhase
from engine.rikken import ContractKind, Rikken, called_card
from engine.rikken import legal_plays as rikken_legal_plays

RIKKEN_PACKETS = (4, 4, 5)  # 13 each; the dealer's last card is the one turned
from engine.tricks import deal_in_packets

# Where a seat's card lands, in table millimetres (+x right, +y towards the camera's bottom
# edge): N at the top of the image, then clockwise E right, S bottom, W left.
SEAT_SPOTS: dict[str, tuple[float, float, float]] = {
    "N": (0.0, -105.0, 180.0),
    "E": (125.0, 0.0, 90.0),
    "S": (0.0, 105.0, 0.0),
    "W": (-125.0, 0.0, 270.0),
}


# The card a calibration lays where the trump card is turned: the middle of the table.
TRUMP_SPOT: tuple[str, float, float, float] = ("TH", 0.0, 0.0, 15.0)
# The table top's texture: one table all evening, when calibrating and in every hand (each
# hand's frames take their seed, for the players' hands and the camera's noise, from the
# hands dealt). Before, the texture followed that seed: another cloth each hand.
TABLE_SEED = 1


@dataclass
class Placed:
    seat: str
    card: Card
    x: float
    y: float
    angle: float


@dataclass
class SimTable:
    rng: random.Random
    inputs: InputQueue
    clock: Clock
    seats: Sequence[str] = ("N", "E", "S", "W")
    verzaak_rate: float = 0.008  # per card: a verzaking in about one hand of five
    pace: float = 0.5  # seconds between two actions of the players
    table: str = "light_wood"
    held: dict[str, list[Card]] = field(default_factory=dict)
    on_table: list[Placed] = field(default_factory=list)
    plays: list[tuple[str, Card]] = field(default_factory=list)  # the truth, for checking the device
    laid_at: list[float] = field(default_factory=list)  # when each of ``plays`` was laid (the clock's time)
    hands_dealt: int = 0
    reaching: tuple[str, float] | None = None  # a hand over the table: seat, until when
    patience: float = 3.0  # seconds a card may lie unseen before the players enter it
    # Seconds after a trick's last card that its winner takes it in, whether the device
    # has closed the trick or not (None: once it has; real players often do not wait).
    take_after: float | None = None
    # Seconds a player leans over the middle once a trick is complete, hiding all of it,
    # before it is taken in (0: nobody does).
    lean: float = 0.0
    # Rikken: the dealer lays the turned card face up where the calibration's trump card
    # lay until the auction begins, and the players give the camera ``patience`` seconds
    # to read it before they confirm it on the buttons (False: it stays in hand).
    turn_on_table: bool = False
    # The players press OK for the next deal before taking in the last trick; the dealer
    # reaches in and collects it when dealing.
    last_trick_left: bool = False
    # The winner leads at once, laying the lead on the card they played to the trick, and
    # the rest of the trick is taken in only once the device has the lead.
    lead_on_trick: bool = False
    # Seconds between moves of the hands the players at the camera's sides (E and W) hold
    # at the table's edge, arranging their cards, beyond the play area (0: held still).
    fidget: float = 0.0
    # Seconds the players take up and sort their cards after each deal, the table bare
    # and still, before anyone bids, chooses trump or plays (vision's tracker learns the
    # bare table then: see vision.tracker.BareTable).
    sort_seconds: float = 5.0
    turn_presses: int = 0  # buttons pressed to confirm the turned card
    play_presses: int = 0  # buttons pressed to answer a question about a card played
    corrections: int = 0  # wrong cards the players undid
    entered: int = 0  # cards the players entered by hand
    turned: Card | None = None  # rikken: the card the dealer turned
    _hand_start: int = 0
    _next_action: float = 0.0
    _sorted_at: float = 0.0  # the players have sorted the cards dealt
    _trump_wanted: Suit | None = None
    _frame_cache: tuple[tuple[int, bool, bool, int], Any] | None = None
    _last_trick: list[Placed] = field(default_factory=list)  # taken in, still known to its players
    _leaning_until: float | None = None  # the trick on the table was leaned over (see ``lean``)
    _turn_laid_at: float | None = None  # the turned card lies on the table since (``turn_on_table``)
    _collecting: bool = False  # the dealer reaches in for the last trick (``last_trick_left``)
    _under: list[Placed] = field(default_factory=list)  # the old trick, under the lead (``lead_on_trick``)
    _version: int = 0
    calibrating: bool = False  # the calibration cards lie out, the game's cards are set aside

    @property
    def _placed_at(self) -> float:
        """When the last card was laid (0 before any)."""
        return self.laid_at[-1] if self.laid_at else 0.0

    # -- the players

    def act(self, game: Game, status: TableStatus) -> None:
        """One action of the players, at most every ``pace`` seconds."""
        now = self.clock.now()
        if now < self._next_action:
            return
        if self._act(game, status):
            self._next_action = now + self.pace

    def _press(self, button: str, long: bool = False) -> bool:
        self.inputs.post(Press(button, long))
        return True

    def _act(self, game: Game, status: TableStatus) -> bool:
        if (status.calibration is not None) != self.calibrating:
            # The device asks for a card in front of each seat: they lie there until it is done.
            self.calibrating = status.calibration is not None
            self._version += 1
            return True
        if status.menu is not None:
            return False  # someone is in the menu: the table waits
        if self.calibrating:
            return False
        if not isinstance(game, (Klaverjassen, Rikken)):
            return False
        hand = game.hand
        if hand is not None and hand.number > self.hands_dealt:
            if self.on_table:
                if not self._collecting:
                    self._collecting = True  # the dealer reaches in to collect the last trick
                    self.reaching = (hand.dealer, self.clock.now() + self.pace)
                    self._version += 1
                    return True
                self._collecting = False
                self._gather()
            self._deal(hand.dealer, rikken=isinstance(game, Rikken))  # the device said: deal
            return True
        if self.clock.now() < self._sorted_at:
            return False  # sorting the cards dealt
        if status.alert is not None:
            return self._press("ok")  # seen: the verzaking is on the screen
        if self._turn_laid_at is not None:
            if isinstance(game, Rikken) and hand is not None and hand.phase is RikkenPhase.TURN:
                question = status.question
                if question is not None and question.kind == "turn" and (
                        self.clock.now() - self._turn_laid_at < self.patience):
                    return False  # the camera may read it
            else:
                self._turn_laid_at = None  # the auction is on: the dealer takes it into hand
                self._version += 1
                return True
        trick_complete = len(self.on_table) == len(self.seats)
        if self.lean and trick_complete:
            if self._leaning_until is None:
                self._leaning_until = self.clock.now() + self.lean  # the frame shows it (see frame)
                return True
            if self.clock.now() < self._leaning_until + self.pace:
                return False  # leaning, then sat back a moment with the trick in view again
        if (self.take_after is not None and trick_complete
                and self.clock.now() - self._placed_at >= self.take_after):
            return self._gather()  # the trick is complete: its winner takes it in
        if status.question is not None:
            return self._answer(status.question)
        if hand is None or hand.score() is not None:
            if self.on_table and (game.is_over or not self.last_trick_left):
                return self._gather()
            if game.is_over:
                return False
            return self._press("ok")  # deal the next hand
        if isinstance(game, Klaverjassen) and game.hand is not None and game.hand.phase is Phase.TRUMP:
            return self._choose_trump(game, status)
        if isinstance(game, Rikken) and hand.phase is not RikkenPhase.PLAY:
            return self._bid(game, status) if hand.phase is RikkenPhase.AUCTION else False
        checked = self._check_the_screen(hand)
        if checked is not None:
            return checked
        if hand.current_trick is None and self.on_table:
            if self.lead_on_trick and isinstance(game, Klaverjassen):
                return self._lead_on_the_trick(hand)
            return self._gather()  # the device closed the trick: take it in
        if self._under and hand.current_trick is not None and hand.current_trick.cards:
            self._under = []  # the device has the lead: the old trick is taken in from under it
            self.reaching = (hand.current_trick.seats[0], self.clock.now() + self.pace * 0.4)
            self._version += 1
            return True
        if isinstance(game, Rikken):
            return self._play_rikken(game)
        seat = hand.to_move()
        if seat is None or not self.held.get(seat):
            return False
        self._play(seat, legal_plays(self.held[seat], hand.obligation()))  # type: ignore[union-attr]
        return True

    def _check_the_screen(self, hand: Any) -> bool | None:
        """Correct the device as players would: UNDO a wrong card, enter a missed one.
        None when the screen shows exactly what was played."""
        shown = [(s, c) for t in hand.tricks for s, c in zip(t.seats, t.cards)]
        truth = self.plays[self._hand_start :]
        if shown != truth[: len(shown)]:
            self.corrections += 1
            return self._press("undo")  # the screen shows a card that was not played
        if len(shown) < len(truth):
            if self.clock.now() - self._placed_at > self.patience:
                self.entered += 1
                return self._press("next")  # the camera missed it: enter it by hand
            return False
        return None

    def _answer(self, question: Question) -> bool:
        """Answer the device's question truthfully: the card that seat laid in this trick,
        or the card the dealer turned."""
        truth = self.turned if question.kind == "turn" else self._last_card_of(question.seat)
        if question.kind == "turn":
            self.turn_presses += 1
        else:
            self.play_presses += 1
        if truth is None or str(truth) not in question.guesses:
            # That seat laid no card, or none the device has not recorded yet (asked for
            # the winner's lead, the trick just closed, when vision misread their card).
            return self._press("undo")
        if question.card == str(truth):
            return self._press("ok")
        return self._press("next", long=question.card[-1] != truth.suit.value)

    # -- rikken

    def _bid(self, game: Rikken, status: TableStatus) -> bool:
        if status.bid is None:
            return False
        want = self._rikken_call(game)
        if want not in status.bid.options:
            want = (status.bid.current[0], "pas")
        return self._press("ok" if status.bid.current == want else "next")

    def _rikken_call(self, game: Rikken) -> tuple[str, str]:
        """A plain club player's call: troel when it must be called, else ask, join or go
        alone on length in the turned suit, else pass."""
        hand = game.hand
        assert hand is not None and hand.auction is not None and self.turned is not None
        auction = hand.auction
        if auction.troel_window:
            for holder in game.seats:
                aces = sum(c.rank is Rank.ACE for c in self.held[holder])
                if aces >= 3:
                    return holder, "troela" if aces == 4 else "troel"
        seat = auction.to_speak
        assert seat is not None
        length = sum(c.suit is self.turned.suit for c in self.held[seat])
        standing = auction.standing
        if standing is None:
            return seat, "vraag" if length >= 4 else "pas"
        if str(standing) == "vraag" and auction.joiner is None:
            if seat == auction.asker:
                return seat, "alleen" if length >= 6 else "pas"
            return seat, "mee" if length >= 3 else "pas"
        return seat, "pas"

    def _play_rikken(self, game: Rikken) -> bool:
        hand = game.hand
        assert hand is not None
        contract = hand.contract
        if not hand.tricks and contract is not None and contract.kind in (ContractKind.TROEL, ContractKind.TROELA):
            # troel: whoever holds the called card leads it (the device learns the partner from it)
            called = contract.called or called_card(self.held[contract.declarers[0]], contract.kind)
            partner = next(s for s, cards in self.held.items() if called in cards)
            self._play(partner, [called])
            return True
        seat = hand.to_move()
        if seat is None or not self.held.get(seat):
            return False
        self._play(seat, rikken_legal_plays(self.held[seat], hand.led_suit()))
        return True

    def _deal(self, dealer: str, rikken: bool = False) -> None:
        self._hand_start = len(self.plays)
        deck = list(FULL_DECK if rikken else PIQUET_DECK)
        self.rng.shuffle(deck)
        self.held = deal_in_packets(deck, dealer, self.seats, RIKKEN_PACKETS if rikken else DEAL_PACKETS)
        # rikken: the dealer's last card is turned for trump and stays in the dealer's hand
        self.turned = self.held[dealer][-1] if rikken else None
        if rikken and self.turn_on_table:
            self._turn_laid_at = self.clock.now()
            self._version += 1
        self.hands_dealt += 1
        self._trump_wanted = None
        self._sorted_at = self.clock.now() + self.sort_seconds

    def _choose_trump(self, game: Klaverjassen, status: TableStatus) -> bool:
        hand = game.hand
        assert hand is not None
        forced = hand.forced and game.rules.all_pass == "forced_choice"
        if game.rules.trump_choice == "verplicht" or forced:
            seat = hand.to_move()
            if self._trump_wanted is None and seat is not None:
                # Name the suit you hold most of.
                counts = {s: sum(c.suit is s for c in self.held[seat]) for s in Suit}
                self._trump_wanted = max(counts, key=lambda s: (counts[s], s.value))
            # The screen offers a suit; NEXT offers the following one.
            return self._press("ok" if status.trump_pick == self._trump_wanted else "next")
        if hand.proposal is None:
            return False  # the device rolls the die
        return self._press("ok" if self.rng.random() < 0.35 else "next")

    def _play(self, seat: str, legal: list[Card], on: Placed | None = None) -> None:
        held = self.held[seat]
        card = self.rng.choice(legal)
        # verzaak_rate is per klaverjas card: rikken's 52 cards a hand get the same rate per hand
        rate = self.verzaak_rate * (32 / 52 if self.turned is not None else 1)
        if rate and self.rng.random() < rate:
            illegal = [c for c in held if c not in legal]
            if illegal:
                card = self.rng.choice(illegal)
        held.remove(card)
        if on is not None:  # laid (a little askew) on the card ``on``
            self.on_table.append(Placed(seat, card, on.x + self.rng.uniform(-4, 4), on.y + self.rng.uniform(-4, 4),
                                        on.angle + self.rng.uniform(-8, 8)))
        else:
            x, y, angle = SEAT_SPOTS[seat]
            self.on_table.append(Placed(seat, card, x + self.rng.uniform(-12, 12), y + self.rng.uniform(-10, 10),
                                        angle + self.rng.uniform(-20, 20)))
        self.plays.append((seat, card))
        self.laid_at.append(self.clock.now())
        self.reaching = (seat, self.clock.now() + self.pace * 0.4)
        self._version += 1

    def _lead_on_the_trick(self, hand: Any) -> bool:
        """The trick's winner leads at once, laying the lead on the card they played to it,
        which still lies there with the rest of the trick."""
        seat = hand.to_move()
        own = next((p for p in self.on_table if p.seat == seat), None)
        if seat is None or own is None or not self.held.get(seat):
            return self._gather()
        self._last_trick = self._under = self.on_table
        self.on_table = []
        self._play(seat, legal_plays(self.held[seat], hand.obligation()), on=own)
        return True

    def _gather(self) -> bool:
        self._last_trick = self.on_table
        self.on_table = []
        self._under = []
        self._leaning_until = None
        self._version += 1
        return True

    def _last_card_of(self, seat: str) -> Card | None:
        """The card ``seat`` laid in the trick on the table, or in the trick just taken in
        when none lies there (a question about a card the camera missed may come after)."""
        for placed in reversed(self.on_table or self._last_trick):
            if placed.seat == seat:
                return placed.card
        return None

    # -- the camera

    def calibration_frame(self, trump: bool = False) -> np.ndarray:
        """The one-time calibration: a card laid in front of each seat (and with ``trump``
        one more between them, where the trump card is turned)."""
        from vision.synth import PlacedCard, render_table

        cards = [PlacedCard(Card.parse(text), x, y, angle)
                 for text, (x, y, angle) in zip(("AS", "KH", "QD", "JC"), SEAT_SPOTS.values())]
        if trump:
            cards.append(PlacedCard(Card.parse(TRUMP_SPOT[0]), *TRUMP_SPOT[1:]))
        frame, _ = render_table(cards, seed=0, table=self.table, table_seed=TABLE_SEED)
        return frame

    def frame(self) -> np.ndarray:
        """The table as the camera sees it now (rendered again only when something moved)."""
        from vision.synth import HandPose, PlacedCard, render_table

        now = self.clock.now()
        reaching = self.reaching if self.reaching and now < self.reaching[1] else None
        leaning = self._leaning_until is not None and now < self._leaning_until
        moved = int(now / self.fidget) if self.fidget else 0
        key = (self._version, reaching is not None, leaning, moved)
        if self._frame_cache is not None and self._frame_cache[0] == key:
            return self._frame_cache[1]  # type: ignore[no-any-return]
        if self.calibrating:
            frame = self.calibration_frame()
            self._frame_cache = (key, frame)
            return frame
        cards = [PlacedCard(p.card, p.x, p.y, p.angle) for p in self._under + self.on_table]
        if self._turn_laid_at is not None and self.turned is not None:
            cards.append(PlacedCard(self.turned, *TRUMP_SPOT[1:]))
        hands = []
        if reaching is not None:
            x, y, _ = SEAT_SPOTS[reaching[0]]
            edge = {"N": "top", "E": "right", "S": "bottom", "W": "left"}[reaching[0]]
            hands.append(HandPose(x * 0.6, y * 0.6, from_edge=edge))
        if leaning:
            hands.append(HandPose(0.0, -190.0, from_edge="bottom", width=420.0))  # over the whole trick
        if self.fidget:
            # The camera shows 474 mm either side of the middle: a held hand's fingertips
            # 45-80 mm in from its sides, the play area reaching some 270 mm.
            at = random.Random(moved)
            hands += [HandPose(side * at.uniform(395.0, 430.0), at.uniform(-120.0, 120.0), from_edge=edge)
                      for side, edge in ((1, "right"), (-1, "left"))]
        frame, _ = render_table(cards, seed=self.hands_dealt, table=self.table, hands=hands, table_seed=TABLE_SEED)
        self._frame_cache = (key, frame)
        return frame
