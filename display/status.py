"""What the screen shows that is not engine state: the device's side of the picture.

The device (table loop) builds a :class:`Status` every frame, or keeps one and changes
its fields; the display only reads it, like it only reads the game.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

import pygame

from engine.cards import Card, Suit
from engine.verzaken import Violation


class Screen(enum.Enum):
    """Which screen the device wants. ``AUTO`` lets the game's state decide."""

    AUTO = "auto"
    TABLE = "table"  # the trick, trump, scores (or the trump choice / bidding while that runs)
    HAND_SUMMARY = "hand-summary"  # the last scored hand
    MATCH_SUMMARY = "match-summary"  # totals and the chart over the hands
    VERZAKING = "verzaking"  # Status.verzaking, else the current hand's first one
    MENU = "menu"  # Status.menu
    CALIBRATION = "calibration"  # Status.calibration


@dataclass(frozen=True)
class Question:
    """The camera is unsure of a card: ask the players.

    ``card`` is the best guess, ``confidence`` 0..1, ``alternatives`` the next guesses
    (shown small, in order). The three button texts say what each button does now.
    """

    seat: str
    card: Card
    confidence: float
    alternatives: tuple[Card, ...] = ()
    ok: str = "yes, that card"
    next: str = "next guess"
    undo: str = "not a card"
    title: str | None = None  # instead of "Is this <player>'s card?", e.g. "Which card was turned?"


@dataclass(frozen=True)
class Menu:
    """An open menu: the device's ``MenuView`` has the same fields
    (``Menu(view.title, view.items, view.selected, view.hint)``)."""

    title: str
    items: tuple[str, ...]
    selected: int = 0
    hint: str = "NEXT: move · OK: choose · UNDO: back"


@dataclass(frozen=True)
class Calibration:
    """Camera calibration in progress.

    ``instruction`` says what to do now; ``seats_done`` the seats whose card (or table
    corner) the camera has found; ``preview`` an optional camera image (any size, it is
    scaled to fit) with the found regions already drawn on it by the device; ``note`` a
    warning about the camera's view (the cards look too small), shown under the preview.
    """

    instruction: str
    seats_done: tuple[str, ...] = ()
    seats: tuple[str, ...] = ("N", "E", "S", "W")
    preview: pygame.Surface | None = None
    hint: str = "OK: calibrate · UNDO: back to the menu · NEXT: skip"
    note: str | None = None


@dataclass
class Status:
    """The device's state for the screen.

    - ``names``: player names by seat; override the names in the match event.
    - ``problems``: short texts like "camera lost", "serial unplugged": a red strip.
    - ``message``: a transient line (e.g. the engine refusing an event): an amber strip.
    - ``question``: an unsure card; drawn over the table until answered.
    - ``verzaking``: the verzaking to take over the screen with (the device sets it when
      one is found and clears it on OK).
    - ``trump_pick``: the suit the buttons currently offer when a player names trump.
    - ``bid_pick``: the rikken call the buttons currently offer (OK bids it, NEXT offers another).
    - ``menu`` / ``calibration``: shown when open (menu first), whatever ``screen`` says.
    - ``screen``: which screen; ``AUTO`` follows the game (see ``display.render``).
    """

    names: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    message: str | None = None
    question: Question | None = None
    verzaking: Violation | None = None
    trump_pick: Suit | None = None
    bid_pick: str | None = None  # rikken: the call the buttons offer the seat to bid (or "troel by E")
    menu: Menu | None = None
    calibration: Calibration | None = None
    screen: Screen = Screen.AUTO
