"""The table companion's main loop: one thread, one queue.

camera -> watcher (vision + tracker) -> table events -> engine -> journal -> screen,
LED, buzzer, serial. Buttons, keyboard and serial commands come back in through the
:class:`~device.inputs.InputQueue`; only :meth:`Table.step` changes state or draws. (On
a live camera vision reads on a thread of its own, ``device.watch_thread``, and posts
what it saw to that queue too.)

The engine decides what is legal; this module decides what the players are asked:
which trump, whether an unsure card is right, and when the next hand is dealt.
Every engine event is written to the journal before anything shows it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from device.calibrating import Calibrating, CalibrationView
from device.clock import Clock
from device.inputs import ButtonEdge, InputQueue, Looked, Press, Quit, Seen, SerialCommand
from device.journal import Journal
from device.menu import Menu, MenuAction, MenuView
from device.panel import LED_ATTENTION, LED_ERROR, LED_STEADY, ButtonLogic
from engine.cards import FULL_DECK, PIQUET_DECK, Card, Suit
from engine.events import Bid, Deal, Event, MatchStart, Play, TrumpChosen, TurnedCard
from engine.game import Game, new_game
from engine.klaverjassen import Klaverjassen, Phase
from engine.rikken import Phase as RikkenPhase
from engine.rikken import Rikken
from engine.tricks import Trick, next_seat
from engine.verzaken import Violation

CONFIDENT = 0.9  # below this, the players are asked to confirm the card
MESSAGE_S = 4.0


# -- what the watcher (vision + tracker) reports ------------------------------------------


@dataclass(frozen=True)
class CardPlaced:
    """A card has come to rest in front of ``seat``; ``card`` None when it could not be
    read (it reads only as cards already played)."""

    seat: str
    card: str | None
    confidence: float
    alternatives: tuple[str, ...] = ()


@dataclass(frozen=True)
class TrickGathered:
    """The cards of the trick were taken off the table."""


@dataclass(frozen=True)
class TurnSeen:
    """The card turned for trump (rikken), seen in the trump zone."""

    card: str
    confidence: float


@dataclass(frozen=True)
class CardCorrected:
    """The card reported in front of ``seat`` as ``was`` is not that card: another card,
    read more clearly, is. ``card`` is what it likely is instead (None: not known).
    ``was`` None: the card was reported with no value, and now reads as ``card``."""

    seat: str
    was: str | None
    card: str | None
    confidence: float


TableEvent = CardPlaced | TrickGathered | TurnSeen | CardCorrected


class Watcher(Protocol):
    """Turns frames into table events (vision's recogniser and tracker)."""

    def watch(self, frame: np.ndarray, now: float) -> list[TableEvent]: ...


class Screen(Protocol):
    def show(self, game: Game, status: TableStatus) -> None: ...

    def poll_keys(self, inputs: InputQueue, now: float) -> None:
        """Post key presses as button edges (desktop window); nothing on a headless screen."""

    def close(self) -> None: ...


class Outputs(Protocol):
    """The panel (LED, buzzer) as the loop uses it."""

    def verzaakt(self) -> None: ...

    def beep(self) -> None: ...

    def status(self, pattern: Any) -> None: ...

    def tick(self) -> None: ...


# -- what the loop knows beyond the engine --------------------------------------------------


@dataclass
class Question:
    """An unsure card waiting for the players: OK accepts, NEXT shows the next guess."""

    seat: str
    guesses: list[str]
    confidence: float
    index: int = 0
    kind: str = "play"  # "play": a card laid by seat; "turn": the card the dealer turned (rikken)

    @property
    def card(self) -> str:
        return self.guesses[self.index]

    def next_suit(self) -> int:
        """Long NEXT: the first following guess of another suit (the guesses go suit by suit)."""
        suit = self.card[-1]
        for step in range(1, len(self.guesses)):
            i = (self.index + step) % len(self.guesses)
            if self.guesses[i][-1] != suit:
                return i
        return self.index


@dataclass
class BidChoice:
    """Rikken: the calls the buttons offer, (seat, call); NEXT offers the next, OK bids it."""

    options: list[tuple[str, str]]
    index: int = 0

    @property
    def current(self) -> tuple[str, str]:
        return self.options[self.index]


@dataclass
class TableStatus:
    """Device state the screen shows next to the engine's: read by the display only."""

    names: dict[str, str] = field(default_factory=dict)
    question: Question | None = None
    alert: Violation | None = None  # a verzaking takes over the screen until OK
    trump_pick: Suit | None = None  # the suit offered for trump (verplicht, forced choice)
    message: str | None = None
    problems: list[str] = field(default_factory=list)  # camera lost, serial unplugged, ...
    hands_played: int = 0
    menu: MenuView | None = None  # an open menu covers the table
    bid: BidChoice | None = None  # rikken: the call on offer to the buttons
    calibration: CalibrationView | None = None  # calibrating the camera covers the table


class Table:
    def __init__(
        self,
        game: Game,
        journal: Journal,
        match_id: int,
        clock: Clock,
        inputs: InputQueue,
        *,
        watcher: Watcher | None = None,
        camera: Any = None,
        screen: Screen | None = None,
        panel: Outputs | None = None,
        serial: Any = None,
        names: dict[str, str] | None = None,
        dealer: str | None = None,
        rng: random.Random | None = None,
        on_event: Callable[[Event], None] | None = None,
    ) -> None:
        self.game = game
        self.journal, self.match_id = journal, match_id
        self.clock, self.inputs = clock, inputs
        self.watcher, self.camera = watcher, camera
        self.screen, self.panel, self.serial = screen, panel, serial
        self.rng = rng or random.Random()
        self.on_event = on_event
        self.buttons = ButtonLogic()
        self.status = TableStatus(names=dict(names or game.match.names))
        self._message_until = 0.0
        self.running = True
        self.first_dealer = dealer or game.seats[-1]
        self.menu: Menu | None = None
        self.calibrating: Calibrating | None = None
        self._problems: dict[str, str] = {}
        self.sightings_ignored = 0  # second sightings of a card already in the trick
        # Where play stood when the camera last saw a trick gathered (``_play_position``):
        # a trick closed since then still lies on the table.
        self._gathered_at = (0, 0)
        self._announced = len(self._violations())
        if self.panel is not None:
            self.panel.status(LED_STEADY)

    # -- the engine, through the journal

    def record(self, event: Event) -> bool:
        """Apply an event, journal it, then tell the world; False if the engine refuses it."""
        try:
            self.game.apply(event)
        except ValueError as exc:
            self.say(str(exc))
            return False
        try:
            self.journal.append(self.match_id, event)
        except Exception as exc:  # disk full, card removed: do not show what is not saved
            self.game.undo()
            self.say(f"journal: cannot write ({exc}); the event was not recorded")
            return False
        if self.serial is not None:
            self.serial.send(event.to_dict())
            self.serial.send(self.score_line())
        if self.on_event is not None:
            self.on_event(event)
        if isinstance(event, Deal):
            new_deal = getattr(self.watcher, "new_deal", None)
            if new_deal is not None:
                new_deal()  # the same cards come back in this deal
        self._after_event()
        return True

    def undo(self) -> None:
        if not self.game.events:
            self.say("nothing to undo")
            return
        event = self.game.undo()
        self.journal.undo_last(self.match_id)
        # A trick reopened by the undo was not gathered, whatever the camera saw.
        self._gathered_at = min(self._gathered_at, self._play_position())
        self.status.question = None
        self._announced = len(self._violations())
        self.say(f"undone: {event.to_json()}")
        if self.serial is not None:
            self.serial.send({"type": "undo", "event": event.to_dict()})
            self.serial.send(self.score_line())

    def _violations(self) -> list[Violation]:
        hand = getattr(self.game, "hand", None)
        return list(getattr(hand, "violations", []) or [])

    def _after_event(self) -> None:
        violations = self._violations()
        if len(violations) > self._announced:
            self.status.alert = min(violations[self._announced:], key=lambda v: (v.trick, v.position))
            if self.panel is not None:
                self.panel.verzaakt()
        self._announced = len(violations)
        if isinstance(self.game, Rikken):
            self._prepare_rikken()
        else:
            self._prepare_trump()

    def _prepare_trump(self) -> None:
        """Offer a trump suit, or roll the die, when a hand waits for trump."""
        game = self.game
        if not isinstance(game, Klaverjassen) or game.hand is None or game.hand.phase is not Phase.TRUMP:
            self.status.trump_pick = None
            return
        hand = game.hand
        if game.rules.trump_choice == "verplicht" or (hand.forced and game.rules.all_pass == "forced_choice"):
            if self.status.trump_pick is None:
                self.status.trump_pick = Suit.CLUBS
        elif hand.proposal is None or len(hand.passes) == len(game.seats):
            self.record(game.roll_die())  # the device's die, from the engine's seeded source

    # -- inputs

    def say(self, message: str) -> None:
        self.status.message = message
        self._message_until = self.clock.now() + MESSAGE_S

    def press(self, press: Press) -> None:
        """What a button means depends on what the screen asks."""
        if self.calibrating is not None:
            self._calibration_press(press)
            return
        if self.menu is not None:
            self._menu_press(press)
            return
        q = self.status.question
        if press.button == "next" and press.long and q is None:
            self.menu = Menu(self.game.name, dict(self.game.match.rules))
            self.status.menu = self.menu.view()
            return
        if press.long and press.button != "next":
            return  # a long OK or UNDO means nothing: a slow finger is not a second press
        if press.button == "undo":
            if q is not None and q.kind == "turn":
                self.status.question = None
                self._undo_press()  # no card turned yet: take back the deal
            elif q is not None:
                self.status.question = None  # not a card: ignore that sighting
                self.say("card ignored")
            else:
                self._undo_press()
            return
        if self.status.alert is not None:
            if press.button == "ok":
                self.status.alert = None
            return
        if q is not None:
            if press.button == "next":
                q.index = q.next_suit() if press.long else (q.index + 1) % len(q.guesses)
            elif press.button == "ok":
                self.status.question = None
                card = Card.parse(q.card)
                if self.record(TurnedCard(card) if q.kind == "turn" else Play(q.seat, card)) and q.kind == "play":
                    self._told_of_lead(q.seat, q.card)
            return
        self._press_for_game(press)

    def _told_of_lead(self, seat: str, card: str) -> None:
        """After the players entered ``seat``'s ``card``: if it led a new trick, vision's
        tracker is told (the lead may lie on the seat's card of the trick before, which
        the tracker may still count as on the table)."""
        trick = getattr(getattr(self.game, "hand", None), "current_trick", None)
        lead_entered = getattr(self.watcher, "lead_entered", None)
        if trick is not None and list(trick.seats) == [seat] and lead_entered is not None:
            lead_entered(seat, card)

    def _undo_press(self) -> None:
        """UNDO takes back the last event; a card taken back is asked again, since it still
        lies on the table: the players pick the right one (or UNDO once more: no card)."""
        last = self.game.events[-1] if self.game.events else None
        self.undo()
        if isinstance(last, Play) and self.game.events and self.game.events[-1] is not last:
            guesses = self._guesses(last.seat, last.card)
            guesses.append(guesses.pop(0))  # it was wrong: offer the others first
            self.status.question = Question(last.seat, guesses, 0.0)

    def ask_for_card(self) -> None:
        """NEXT during play: the camera missed a card, so the players enter it."""
        hand = getattr(self.game, "hand", None)
        if hand is None or getattr(hand.phase, "value", None) != "play":
            return
        seat = hand.to_move()
        if seat is None:
            return
        self._ask_card(seat)

    def _ask_card(self, seat: str, alternatives: Sequence[str] = ()) -> None:
        """Ask the players which card ``seat`` played: the led card's suit first (what
        ``alternatives`` name first, where not played yet)."""
        hand = getattr(self.game, "hand", None)
        trick = getattr(hand, "current_trick", None)
        led = trick.cards[0] if trick is not None else None
        self.status.question = Question(seat, self._guesses(seat, led, alternatives), 0.0)

    def _press_for_game(self, press: Press) -> None:
        if isinstance(self.game, Rikken):
            self._press_rikken(self.game, press)
            return
        game = self.game
        if not isinstance(game, Klaverjassen):
            return
        hand = game.hand
        if hand is None or hand.score() is not None:
            # Between hands (or a hand decided by a verzaking): OK deals the next one.
            if press.button == "ok":
                self.deal_next()
            return
        if hand.phase is Phase.TRUMP:
            seat = hand.to_move()
            if self.status.trump_pick is not None:
                suits = list(Suit)
                if press.button == "next":
                    self.status.trump_pick = suits[(suits.index(self.status.trump_pick) + 1) % len(suits)]
                elif press.button == "ok" and seat is not None:
                    pick, self.status.trump_pick = self.status.trump_pick, None
                    self.record(TrumpChosen(pick, seat))
            elif seat is not None:
                self.record(Bid(seat, "play" if press.button == "ok" else "pass"))
        elif hand.phase is Phase.PLAY and press.button == "next":
            self.ask_for_card()

    def _press_rikken(self, game: Rikken, press: Press) -> None:
        hand = game.hand
        if hand is None or hand.score() is not None:
            if press.button == "ok":
                self.deal_next()  # between hands, or a hand whose score can no longer change
            return
        if hand.phase is RikkenPhase.TURN:
            if press.button in ("ok", "next"):
                self._ask_turned_card(None)
        elif hand.phase is RikkenPhase.AUCTION and self.status.bid is not None:
            bid = self.status.bid
            if press.button == "next":
                bid.index = (bid.index + 1) % len(bid.options)
            elif press.button == "ok":
                seat, call = bid.current
                self.status.bid = None
                self.record(Bid(seat, call))
        elif hand.phase is RikkenPhase.PLAY and press.button == "next":
            self.ask_for_card()

    def _prepare_rikken(self) -> None:
        """Ask for the turned card, or offer the calls of the seat to bid."""
        game = self.game
        assert isinstance(game, Rikken)
        hand = game.hand
        self.status.bid = None
        if hand is None or hand.score() is not None:
            return
        if hand.phase is RikkenPhase.TURN and self.status.question is None:
            self._ask_turned_card(None)
        elif hand.phase is RikkenPhase.AUCTION and hand.auction is not None:
            auction = hand.auction
            seat = auction.to_speak
            # Open miserie needs the laid-open hand in the log before the first card, which
            # the device cannot read yet: it is not offered.
            calls = [c for c in auction.legal_calls() if str(c) != "open miserie"] if seat is not None else []
            options = [(seat, str(call)) for call in calls if seat is not None]
            if auction.troel_window:
                # Whoever holds three or four aces calls it, in turn or not.
                options += [(s, call) for call in ("troel", "troela") for s in game.seats]
            if options:
                self.status.bid = BidChoice(options)

    def _ask_turned_card(self, guess: Card | None, confidence: float = 0.0) -> None:
        hand = getattr(self.game, "hand", None)
        if hand is None:
            return
        guesses = self._guesses(hand.dealer, guess)
        self.status.question = Question(hand.dealer, guesses, confidence, kind="turn")

    def _menu_press(self, press: Press) -> None:
        assert self.menu is not None
        if press.long:
            return
        action = self.menu.press(press.button)
        self.status.menu = self.menu.view()
        if action is None:
            return
        self.menu = None
        self.status.menu = None
        if action.kind == "new_match":
            self.new_match(action)
        elif action.kind == "calibrate":
            self.start_calibrating()

    def new_match(self, action: MenuAction) -> None:
        """Leave the running match finished in the journal and start another."""
        match = MatchStart(action.game, action.rules, seats=self.game.seats, names=dict(self.game.match.names))
        try:
            game = new_game(match, self.rng)
        except ValueError as exc:
            self.say(str(exc))
            return
        self.journal.finish(self.match_id)
        self.match_id = self.journal.start_match(match)
        self.game = game
        self.status.alert = self.status.question = None
        self.status.trump_pick = None
        self.status.hands_played = 0
        self._announced = 0
        self.say(f"new match: {action.game}")

    def start_calibrating(self) -> None:
        """Show the calibration screen: the camera's view and the seats whose card is found,
        live, until OK calibrates (or UNDO / NEXT leave). The tracker rests meanwhile: the
        cards laid out for it are not plays."""
        if self.camera is None or getattr(self.watcher, "calibrate_with", None) is None:
            self.say("calibration needs a camera")
            return
        self.calibrating = Calibrating()
        self.status.calibration = self.calibrating.view()

    def _calibration_press(self, press: Press) -> None:
        calibrating = self.calibrating
        assert calibrating is not None
        if press.long:
            return  # a held button is not a choice here
        if press.button == "ok":
            if not calibrating.up_to_date():
                self._look(calibrating, self.clock.now())  # decide on the table as it is now
            done, message = self.watcher.calibrate_with(  # type: ignore[union-attr]
                calibrating.cards, None if calibrating.frame is None else calibrating.frame.shape)
            self.say(message)
            if done:
                self._stop_calibrating()
            return
        self._stop_calibrating()
        if press.button == "undo":
            self.menu = Menu(self.game.name, dict(self.game.match.rules))
            self.menu.select("calibrate")
            self.status.menu = self.menu.view()
        else:
            self.say("calibration skipped: nothing changed")

    def _stop_calibrating(self) -> None:
        self.calibrating = None
        self.status.calibration = None

    def _look(self, calibrating: Calibrating, now: float) -> None:
        """Find the cards in the newest frame, now (OK decides on the table as it is)."""
        frame = calibrating.frame
        if frame is not None:
            calibrating.looked(frame, self.watcher.find_cards(frame), now)  # type: ignore[union-attr]

    def _look_soon(self, calibrating: Calibrating, now: float) -> None:
        """Have the cards in the newest frame found: on vision's own thread where there is
        one (the answer comes back through the queue), else now."""
        frame = calibrating.frame
        look = getattr(self.watcher, "look", None)
        if frame is None or look is None:
            self._look(calibrating, now)
        elif look(frame):
            calibrating.asked(frame, now)

    def deal_next(self) -> None:
        game = self.game
        if isinstance(game, Klaverjassen) and game.is_over:
            self.say("the match is over")
            return
        if isinstance(game, Rikken) and game.is_over:
            self.say("the session is over")
            return
        hand = getattr(game, "hand", None)
        if hand is None:
            dealer = self.first_dealer
        elif isinstance(game, Rikken):
            dealer = game.next_dealer() or next_seat(hand.dealer, game.seats)  # the same after a misdeal
        else:
            dealer = next_seat(hand.dealer, game.seats)
        if self.record(Deal(dealer)):
            self.status.hands_played = len(getattr(game, "hands", []))

    def command(self, command: SerialCommand) -> None:
        if command.command == "undo":
            self.undo()
        elif command.command == "next":
            self.press(Press("ok"))
        elif command.command == "status" and self.serial is not None:
            self.serial.send(self.score_line())

    def score_line(self) -> dict[str, Any]:
        totals = self.game.totals() if hasattr(self.game, "totals") else {}
        return {"type": "score", "game": self.game.name, "totals": totals}

    def table_event(self, event: TableEvent) -> None:
        if isinstance(event, TrickGathered):
            # The engine closed the trick when its fourth card came; the camera says it
            # has left the table.
            self._gathered_at = self._play_position()
            return
        if isinstance(event, CardCorrected):
            self._corrected(event)
            return
        if isinstance(event, TurnSeen):
            hand = getattr(self.game, "hand", None)
            if isinstance(self.game, Rikken) and hand is not None and hand.phase is RikkenPhase.TURN:
                if event.confidence >= CONFIDENT:
                    self.status.question = None
                    self.record(TurnedCard(Card.parse(event.card)))
                else:
                    self._ask_turned_card(Card.parse(event.card), event.confidence)
            return
        hand = getattr(self.game, "hand", None)
        trick = getattr(hand, "current_trick", None)
        if trick is not None and event.seat in trick.seats:
            # That seat's card of this trick is already in: the same card seen again.
            self.sightings_ignored += 1
            return
        to_move = hand.to_move() if hand is not None else None
        if event.card is None:
            # A card came to rest there that reads only as cards already played: a
            # misreading. The players name it.
            if event.seat == to_move:
                self._ask_card(event.seat, event.alternatives)
                if self.panel is not None:
                    self.panel.status(LED_ATTENTION)
            else:
                self.say(f"{event.seat}'s card could not be read")
            return
        if event.confidence < CONFIDENT and event.seat == to_move:
            guesses = self._guesses(event.seat, Card.parse(event.card), event.alternatives)
            self.status.question = Question(event.seat, guesses, event.confidence)
            if self.panel is not None:
                self.panel.status(LED_ATTENTION)
            return
        self.record(Play(event.seat, Card.parse(event.card)))

    def _corrected(self, event: CardCorrected) -> None:
        """A card reported earlier was misread. Still being asked about: the question now
        offers the likelier card first. Already recorded (perhaps tricks ago): the players
        are told, and decide (UNDO takes plays back)."""
        if event.was is None:
            self._read_at_last(event)
            return
        q = self.status.question
        if q is not None and q.kind == "play" and q.seat == event.seat and q.card == event.was:
            first = [event.card] if event.card is not None and event.card in q.guesses else []
            q.guesses = first + [g for g in q.guesses if g not in first and g != event.was] + [event.was]
            q.index = 0
            return
        if self._lead_on_own_card(event):
            return
        likely = f", more likely {event.card}" if event.card is not None else ""
        self.say(f"{event.seat}'s card was not {event.was}{likely}: check it (UNDO to fix)")

    def _lead_on_own_card(self, event: CardCorrected) -> bool:
        """Whether ``event`` corrects the card the winner of the trick just closed played
        to it, before anyone has led to the next, to a card not played yet: then it is
        most likely the winner's lead, laid on that card before the trick was taken in.
        Vision takes such a lead for a misreading of the card under it when that card was
        read only a few times (the trick's last card, on a slow machine). The players are
        asked for the winner's card with that one first: OK records it as the lead, UNDO
        ignores it."""
        hand = getattr(self.game, "hand", None)
        if hand is None or event.card is None or getattr(getattr(hand, "phase", None), "value", None) != "play":
            return False
        current: Trick | None = getattr(hand, "current_trick", None)
        if current is not None and current.cards:
            return False
        closed = [t for t in getattr(hand, "tricks", []) if t is not current]
        last = closed[-1] if closed else None
        if last is None or last.winner != event.seat or hand.to_move() != event.seat or event.seat not in last.seats:
            return False
        lead = Card.parse(event.card)
        if str(last.cards[last.seats.index(event.seat)]) != event.was or any(lead in t.cards for t in closed):
            return False
        self.status.question = Question(event.seat, self._guesses(event.seat, lead), 0.0)
        if self.panel is not None:
            self.panel.status(LED_ATTENTION)
        return True

    def _read_at_last(self, event: CardCorrected) -> None:
        """A card vision could not read when it came to rest (the players were asked to
        name it, or told) now reads as ``event.card``: a hand's shadow or glare has gone.
        Named already by the players: told only if they named another card. Else it is
        that seat's card as if just seen, and a question about it gives way."""
        if event.card is None:
            return
        q = self.status.question
        if q is not None and q.kind == "play" and q.seat == event.seat:
            # Asked about (a seat plays one card a trick, so it is this one): answered.
            # First, since the seat may also have played to the last trick.
            self.status.question = None
            self.table_event(CardPlaced(event.seat, event.card, event.confidence))
            return
        trick = self._trick_on_table()
        if trick is not None and event.seat in trick.seats:
            named = trick.cards[trick.seats.index(event.seat)]
            if str(named) != event.card:
                self.say(f"{event.seat}'s card reads as {event.card}, not {named}: check it (UNDO to fix)")
            return
        self.table_event(CardPlaced(event.seat, event.card, event.confidence))

    def _play_position(self) -> tuple[int, int]:
        """Where play stands, in numbers an undo keeps: (hands dealt, tricks closed in the
        last of them)."""
        hand = getattr(self.game, "hand", None)
        tricks = getattr(hand, "tricks", [])
        closed = len(tricks) - (getattr(hand, "current_trick", None) is not None)
        return len(getattr(self.game, "hands", [])), closed

    def _trick_on_table(self) -> Trick | None:
        """The engine's trick whose cards lie on the table: the one being played, else the
        one just closed until the camera sees it gathered. None between a gathered trick
        and the next lead: a card laid then is new, not one of a trick (a lead out of turn
        is not the leader's card of the trick before)."""
        hand = getattr(self.game, "hand", None)
        current: Trick | None = getattr(hand, "current_trick", None)
        if current is not None:
            return current
        tricks: list[Trick] = getattr(hand, "tricks", [])
        return tricks[-1] if tricks and self._play_position() > self._gathered_at else None

    def _guesses(self, seat: str, guess: Card | None, alternatives: Sequence[str] = ()) -> list[str]:
        """The reader's guess first, then every card not yet played this hand, the likeliest
        first (what else the reader saw, the guess's rank in the other suit of its colour,
        then the guess's suit): the players can always reach the right one."""
        hand = getattr(self.game, "hand", None)
        played = {c for t in getattr(hand, "tricks", []) for c in t.cards}
        deck = FULL_DECK if self.game.name == "rikken" else PIQUET_DECK
        first = [guess] if guess is not None and guess not in played else []
        likely = list(map(Card.parse, alternatives))
        if guess is not None:
            # A club's and a spade's index pip a few pixels across are one blob (a heart's
            # and a diamond's nearly): the reader's commonest doubt is between those two.
            likely.append(Card(guess.rank, guess.suit.twin))
        first += [c for c in likely if c not in first and c not in played]
        rest = [c for c in deck if c not in played and c not in first]
        if guess is not None:
            # The guess's suit first, then suit by suit (long NEXT jumps to the next suit).
            rest.sort(key=lambda c: (c.suit is not guess.suit, c.suit.value, -c.rank))
        return [str(c) for c in first + rest]

    # -- the loop

    def step(self) -> None:
        now = self.clock.now()
        if self.screen is not None:
            self.screen.poll_keys(self.inputs, now)
        for item in self.inputs.drain():
            if isinstance(item, ButtonEdge):
                self.buttons.edge(item)
            elif isinstance(item, Press):
                self.press(item)
            elif isinstance(item, SerialCommand):
                self.command(item)
            elif isinstance(item, Quit):
                self.running = False
            elif isinstance(item, Seen):
                for event in item.events:
                    self.table_event(event)
            elif isinstance(item, Looked) and self.calibrating is not None:
                self.calibrating.answered(item.frame, item.cards, now)
        for press in self.buttons.poll(now):
            self.press(press)
        if self.serial is not None:
            self.serial.poll()
        self._watch(now)
        self._refresh_status(now)
        if self.panel is not None:
            self.panel.tick()
        if self.screen is not None:
            self.screen.show(self.game, self.status)

    def _watch(self, now: float) -> None:
        if self.camera is None or self.watcher is None:
            return
        try:
            frame = self.camera.read()
        except Exception as exc:  # a camera that went away: say so, keep the table running
            self._problem("camera", f"camera lost: {exc}")
            return
        self._problem("camera", None)
        if self.calibrating is not None:
            # Calibrating: every frame for the preview, vision a few times a second.
            self.calibrating.seen(frame)
            if self.calibrating.wants_look(now):
                self._look_soon(self.calibrating, now)
            self.status.calibration = self.calibrating.view()
            return
        if frame is None:
            return
        for event in self.watcher.watch(frame, now):
            self.table_event(event)

    def _problem(self, key: str, text: str | None) -> None:
        """Set or clear one kind of problem (camera, calibration, serial) on the screen."""
        if text is None:
            self._problems.pop(key, None)
        else:
            self._problems[key] = text
        self.status.problems = list(self._problems.values())

    def _refresh_status(self, now: float) -> None:
        if self.status.message is not None and now >= self._message_until:
            self.status.message = None
        serial_problem = getattr(self.serial, "problem", None) if self.serial is not None else None
        self._problem("serial", serial_problem)
        # "not calibrated: choose Calibrate the camera" is no news on the calibration screen
        uncalibrated = None if self.calibrating is not None else getattr(self.watcher, "problem", None)
        self._problem("calibration", uncalibrated)
        if self.panel is not None:
            if self.status.problems:
                self.panel.status(LED_ERROR)
            elif self.status.question is not None or self.status.alert is not None:
                self.panel.status(LED_ATTENTION)
            else:
                self.panel.status(LED_STEADY)


def start_or_resume(journal: Journal, match: MatchStart, rng: random.Random) -> tuple[Game, int, bool]:
    """The unfinished match in the journal (resumed where it was), or a new one."""
    live = journal.unfinished()
    if live is not None:
        events = journal.events(live)
        if events and isinstance(events[0], MatchStart) and events[0].game == match.game:
            game = new_game(events[0], rng)
            for event in events[1:]:
                game.apply(event)
            return game, live, True
        journal.finish(live)
    game = new_game(match, rng)
    return game, journal.start_match(match), False
