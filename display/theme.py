"""Colours and seat words for the screen.

Chosen for players 1.5 m away under room light: a dark felt background with white
text (high contrast, no glare), amber for "look here" (whose turn, trump), and a red
that is used for one thing only, a verzaking. Suit colours are a four-colour deck in
the Okabe-Ito palette (safe for red-green colour blindness), and every suit is also
drawn as its shape, so colour is never the only cue.
"""

from __future__ import annotations

from typing import Final

from engine.cards import Suit

Colour = tuple[int, int, int]

BACKGROUND: Final[Colour] = (14, 46, 36)  # dark felt green
PANEL: Final[Colour] = (26, 70, 55)
PANEL_EDGE: Final[Colour] = (60, 110, 92)
TEXT: Final[Colour] = (248, 248, 242)
MUTED: Final[Colour] = (180, 205, 195)
ACCENT: Final[Colour] = (255, 196, 40)  # amber: whose turn, trump, the selected item
ON_ACCENT: Final[Colour] = (20, 20, 20)
GOOD: Final[Colour] = (90, 200, 140)  # made, won
BAD: Final[Colour] = (255, 120, 100)  # nat, lost (on the dark background)
ALARM: Final[Colour] = (190, 20, 30)  # the verzaking takeover
ALARM_DARK: Final[Colour] = (120, 0, 10)
PROBLEM: Final[Colour] = (200, 40, 40)  # camera lost, serial unplugged strip
MESSAGE: Final[Colour] = (40, 40, 40)

CARD_FACE: Final[Colour] = (252, 252, 248)
CARD_EDGE: Final[Colour] = (30, 30, 30)
SLOT: Final[Colour] = (70, 120, 100)  # an empty place where a card will come

# Okabe-Ito: vermillion, blue, bluish green, black; darkened a little for contrast on white.
SUIT_COLOURS: Final[dict[Suit, Colour]] = {
    Suit.HEARTS: (205, 60, 10),
    Suit.DIAMONDS: (0, 100, 178),
    Suit.CLUBS: (0, 122, 88),
    Suit.SPADES: (20, 20, 20),
}

# Lines in the score chart: Okabe-Ito sky blue, orange, bluish green, reddish purple.
SERIES_COLOURS: Final[tuple[Colour, ...]] = ((86, 180, 233), (230, 159, 0), (0, 200, 150), (204, 121, 167))

SEAT_WORDS: Final[dict[str, str]] = {"N": "North", "E": "East", "S": "South", "W": "West"}
