"""Real game states to render: seeded simulated matches replayed up to a moment worth
showing (a trick half played, roem just made, the die on the table, a verzaking...).

Used by the screenshot script and the display tests, so the pictures in the docs are
the ones the tests check.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pygame

from display.status import Calibration, Menu, Question, Status
from engine.cards import Card, Suit
from engine.events import Event, MatchStart
from engine.game import Game, new_game
import engine.referee  # noqa: F401  (registers the games)
from engine.klaverjassen import Klaverjassen, Phase
from engine.rikken import Phase as RikkenPhase
from engine.rikken import Rikken
from engine.rikken_bids import Kind
from engine.simulate import klaverjas_match, rikken_session

NAMES = {"N": "Anna", "E": "Bram", "S": "Cor", "W": "Daan"}
RIKKEN_NAMES = {"N": "Joke", "E": "Kees", "S": "Lotte", "W": "Mehmet"}


@dataclass
class Scenario:
    """One picture: a game at some moment and the device's status."""

    name: str
    game: Game | None
    status: Status = field(default_factory=Status)
    description: str = ""


def _replay(events: list[Event], names: dict[str, str]) -> Iterator[Game]:
    """The game after each event of a simulated log (with player names added)."""
    first = events[0]
    assert isinstance(first, MatchStart)
    game = new_game(MatchStart(first.game, dict(first.rules), first.seats, names))
    for event in events[1:]:
        game.apply(event)
        yield game


def _first(events: list[Event], names: dict[str, str], when: Callable[[Any], bool]) -> Game:
    for game in _replay(events, names):
        if when(game):
            return game
    raise LookupError("no moment in this simulated match matches")


def _search(make: Callable[[int], list[Event]], names: dict[str, str], when: Callable[[Any], bool]) -> Game:
    """The first seed (from 1) whose simulated match reaches the moment."""
    for seed in range(1, 200):
        try:
            return _first(make(seed), names, when)
        except LookupError:
            continue
    raise LookupError("no seed reaches this moment")


def _klaverjas(rules: dict[str, object], hands: int, rate: float = 0.0) -> Callable[[int], list[Event]]:
    def make(seed: int) -> list[Event]:
        return klaverjas_match(random.Random(seed), rules, hands=hands, verzaak_rate=rate)[1]
    return make


def _rikken(hands: int, rate: float = 0.0) -> Callable[[int], list[Event]]:
    def make(seed: int) -> list[Event]:
        return rikken_session(random.Random(seed), hands, {"hands": hands}, verzaak_rate=rate)[1]
    return make


# -- the moments ---------------------------------------------------------------------------


def mid_trick(g: Klaverjassen) -> bool:
    h = g.hand
    return (h is not None and h.number == 3 and h.current_trick is not None and len(h.current_trick.cards) == 3
            and len(h.tricks) == 4 and not h.violations)


def roem_just_made(g: Klaverjassen) -> bool:
    h = g.hand
    if h is None or h.number < 2 or h.current_trick is not None or not h.tricks or h.phase is not Phase.PLAY:
        return False
    return h.trick_roem(h.tricks[-1]) >= 50 and not h.violations


def die_on_table(g: Klaverjassen) -> bool:
    h = g.hand
    return h is not None and h.number >= 2 and h.phase is Phase.TRUMP and h.proposal is not None and len(h.passes) == 2


def verzaakt(g: Klaverjassen) -> bool:
    h = g.hand
    return h is not None and h.number >= 2 and len(h.violations) == 1 and h.violations[0].proof_trick is None


def hand_done(g: Klaverjassen) -> bool:
    h = g.hand
    score = h.score() if h is not None else None
    return h is not None and h.number >= 4 and h.phase is Phase.DONE and score is not None and bool(score.roem[g.teams[0]] or score.roem[g.teams[1]]) and score.result == "made"


def rikken_bidding(g: Rikken) -> bool:
    h = g.hand
    a = h.auction if h is not None else None
    return (h is not None and h.phase is RikkenPhase.AUCTION and a is not None and len(a.calls) >= 4
            and a.standing is not None and a.standing.kind is Kind.ABONDANCE)


def rikken_mid_trick(g: Rikken) -> bool:
    h = g.hand
    return (h is not None and h.number >= 3 and h.contract is not None and h.contract.trump is not None
            and h.current_trick is not None and len(h.current_trick.cards) == 2 and len(h.tricks) == 6
            and not h.violations)


def rikken_done(g: Rikken) -> bool:
    h = g.hand
    s = h.score() if h is not None else None
    return (h is not None and h.number >= 3 and h.phase is RikkenPhase.DONE and s is not None and s.result == "made"
            and h.contract is not None and len(h.contract.side) == 2)


# -- the scenarios -------------------------------------------------------------------------


def scenarios() -> list[Scenario]:
    """Every main screen, from real simulated games."""
    verplicht = _klaverjas({"trump_choice": "verplicht"}, 6)
    klassiek = _klaverjas({"trump_choice": "klassiek", "all_pass": "reroll"}, 6)
    out: list[Scenario] = []
    out.append(Scenario("table", _search(verplicht, NAMES, mid_trick), Status(),
                        "Klaverjassen: the trick at the seats, trump and who plays, scores, last trick"))
    out.append(Scenario("roem", _search(verplicht, NAMES, roem_just_made), Status(),
                        "A trick just won with roem: the roem badge"))
    out.append(Scenario("die", _search(klassiek, NAMES, die_on_table), Status(),
                        "Klassiek: the die proposes trump, who passed, who is to say play or pass"))
    pick = _search(verplicht, NAMES, lambda g: g.hand is not None and g.hand.number == 2 and g.hand.phase is Phase.TRUMP)
    out.append(Scenario("name-trump", pick, Status(trump_pick=Suit.DIAMONDS),
                        "Verplicht: left of the dealer names trump with the buttons"))
    game = _search(_klaverjas({"trump_choice": "verplicht"}, 6, rate=0.08), NAMES, verzaakt)
    assert isinstance(game, Klaverjassen)
    hand = game.hand
    assert hand is not None
    out.append(Scenario("verzaking", game, Status(verzaking=hand.violations[0]),
                        "A verzaking takes over: who, which trick, which rule, the card and the proof"))
    q_game = _search(verplicht, NAMES, mid_trick)
    out.append(Scenario("question", q_game, Status(question=Question(
        "W", Card.parse("QH"), 0.62, (Card.parse("KH"), Card.parse("QD"), Card.parse("JH")))),
        "The camera is unsure of a card: confirm or correct with the buttons"))
    out.append(Scenario("hand-summary", _search(verplicht, NAMES, hand_done), Status(),
                        "After the eighth trick: points, roem, result, score"))
    full, _ = klaverjas_match(random.Random(7), {"hands": 16}, hands=16)
    final = new_game(MatchStart("klaverjassen", {"hands": 16}, full.seats, NAMES))
    for event in full.events:
        final.apply(event)
    out.append(Scenario("match-summary", final, Status(), "The match: totals and the chart over the hands"))
    out.append(Scenario("rikken-bidding", _search(_rikken(8), RIKKEN_NAMES, rikken_bidding), Status(),
                        "Rikken: every seat's bids, the turned card, the highest bid"))
    out.append(Scenario("rikken-table", _search(_rikken(8), RIKKEN_NAMES, rikken_mid_trick), Status(),
                        "Rikken: the trick, the contract and tricks so far, scores per player"))
    out.append(Scenario("rikken-hand-summary", _search(_rikken(8), RIKKEN_NAMES, rikken_done), Status(),
                        "Rikken: the hand's result and scores per player"))
    out.append(Scenario("menu", q_game, Status(menu=Menu("Menu", (
        "Game: klaverjassen", "Rule options", "Calibrate the camera", "New match", "Back to the table"), 1)),
        "The menu on three buttons"))
    out.append(Scenario("options", q_game, Status(menu=Menu("Rule options: klaverjassen", (
        "variant = rotterdam", "partner_winning = free", "trump_choice = verplicht", "all_pass = forced_choice",
        "roem_must_be_claimed = False", "penalty = 162+100", "hands = 16", "Done"), 5)),
        "Options: a long menu scrolls to keep the chosen line in view"))
    out.append(Scenario("calibration", None, Status(calibration=Calibration(
        "Lay one card face up in front of each seat. If your game turns a trump card, "
        "lay one more between them where it is turned. Then press OK.", ("N", "E"), preview=_preview())),
        "Calibration: what to do, seats found, the camera's view"))
    out.append(Scenario("calibration-far", None, Status(calibration=Calibration(
        "Every seat's card is found: press OK. If your game turns a trump card, "
        "first lay one more between them where it is turned.", ("N", "E", "S", "W"), preview=_preview(),
        note="The cards look 72 pixels wide, under 80: clubs and spades will be confused more often. "
             "Bring the camera nearer the table.")),
        "Calibration with the camera too far away: the cards look too small to read surely"))
    out.append(Scenario("problems", q_game, Status(problems=["camera lost", "serial unplugged"],
                                                 message="E played out of turn: it is S's turn"),
                        "Camera and serial trouble, and a refused event, along the bottom"))
    return out


def _preview() -> pygame.Surface:
    """A stand-in camera frame: felt, four card places, two found (green) - what the
    device would pass with its own regions drawn on it."""
    s = pygame.Surface((320, 240))
    s.fill((30, 90, 60))
    spots = {"N": (140, 20), "E": (260, 95), "S": (140, 170), "W": (20, 95)}
    for seat, (x, y) in spots.items():
        rect = pygame.Rect(x, y, 40, 56)
        pygame.draw.rect(s, (235, 235, 230), rect, border_radius=4)
        colour = (80, 220, 120) if seat in ("N", "E") else (200, 200, 200)
        pygame.draw.rect(s, colour, rect.inflate(8, 8), 3, border_radius=6)
    return s


__all__ = ["Scenario", "scenarios", "NAMES", "RIKKEN_NAMES"]
