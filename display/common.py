"""Pieces several screens share: names, seat places, button hints, the status strips."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from display import theme
from display.canvas import Canvas
from display.status import Status
from engine.game import Game

SIDEBAR = 262  # units: the right-hand column of trump, scores and last trick
STRIP = 40  # units: height of the problem / message strips


def name_of(seat: str, game: Game | None, status: Status) -> str:
    """The player's name: the device's override, the match's, else the seat in words."""
    name = status.names.get(seat) or (game.match.names.get(seat) if game is not None else None)
    return name or theme.SEAT_WORDS.get(seat, seat)


def seat_tag(seat: str, game: Game | None, status: Status) -> str:
    """The seat letter under a player's name; nothing when the plate already says "North"."""
    named = status.names.get(seat) or (game.match.names.get(seat) if game is not None else None)
    return seat if named else ""


def who(seat: str, game: Game | None, status: Status) -> str:
    """``Anna (N)``, or ``North`` when there is no name."""
    name = status.names.get(seat) or (game.match.names.get(seat) if game is not None else None)
    return f"{name} ({seat})" if name else theme.SEAT_WORDS.get(seat, seat)


@dataclass(frozen=True)
class Places:
    """Where each seat's card and name plate go around the table area."""

    card: dict[str, pygame.Rect]
    plate: dict[str, pygame.Rect]
    centre: pygame.Rect  # the free middle of the table, between the four cards


def places(c: Canvas, seats: Sequence[str], table_w: float) -> Places:
    """First seat at the top, then clockwise: right, bottom, left (N E S W)."""
    cw, ch = 104.0, 148.0
    h = c.h
    top, bottom = 10.0, h - 10.0 - ch
    mid_y = (h - ch) / 2
    left_x, right_x = 14.0, table_w - 14.0 - cw
    mid_x = (table_w - cw) / 2
    spots = [(mid_x, top), (right_x, mid_y), (mid_x, bottom), (left_x, mid_y)]
    plate_w = table_w - 14.0 - (mid_x + cw + 12)
    side_w = min(185.0, mid_x - left_x - 8)  # the side plates reach in under the table, short of the bottom card
    plates = [
        (mid_x + cw + 12, top, plate_w, 74.0),
        (right_x + cw - side_w, mid_y + ch + 6, side_w, 74.0),
        (mid_x + cw + 12, bottom + ch - 74.0, plate_w, 74.0),
        (left_x, mid_y + ch + 6, side_w, 74.0),
    ]
    card = {s: c.r(*spots[i], cw, ch) for i, s in enumerate(seats[:4])}
    plate = {s: c.r(*plates[i]) for i, s in enumerate(seats[:4])}
    centre = c.r(left_x + cw + 10, top + ch + 6, right_x - left_x - cw - 20, bottom - top - ch - 12)
    return Places(card, plate, centre)


def plate(c: Canvas, rect: pygame.Rect, name: str, note: str, *, turn: bool = False,
          note_colour: theme.Colour = theme.MUTED, marked: bool = False) -> None:
    """A seat's name plate: the name big, a short note under it. Amber when it is their
    turn; ``marked`` (the Rikken declaring side) puts a bar down its left edge."""
    fill = theme.ACCENT if turn else theme.PANEL
    ink = theme.ON_ACCENT if turn else theme.TEXT
    c.panel(rect, fill, theme.ACCENT if turn else theme.PANEL_EDGE, label=f"plate:{name}")
    inner = rect.inflate(-c.px(14), -c.px(8))
    if marked:
        bar = pygame.Rect(rect.x + c.px(5), rect.y + c.px(8), c.px(7), rect.h - c.px(16))
        pygame.draw.rect(c.surface, theme.ON_ACCENT if turn else theme.ACCENT, bar, border_radius=c.px(3))
        inner = pygame.Rect(bar.right + c.px(7), inner.y, rect.right - bar.right - c.px(14), inner.h)
    if not note:
        c.text(name, inner, 32, ink, min_size=20)  # alone: in the middle, not over an empty line
        return
    top = pygame.Rect(inner.x, inner.y, inner.w, inner.h * 11 // 20)
    bottom = pygame.Rect(inner.x, top.bottom, inner.w, inner.h - top.h)
    c.text(name, top, 32, ink, min_size=20)
    c.text(note, bottom, 22, theme.ON_ACCENT if turn else note_colour, min_size=18)


def buttons(c: Canvas, rect: pygame.Rect, hints: Sequence[tuple[str, str]], size: float = 24,
            dark: bool = True) -> None:
    """Button hints side by side: a key cap with the button's name, then what it does."""
    hints = [(b, t) for b, t in hints if t]
    if not hints:
        return
    slot_w = rect.w // len(hints)
    for i, (button, words) in enumerate(hints):
        slot = pygame.Rect(rect.x + i * slot_w, rect.y, slot_w, rect.h)
        cap_w = c.px(size * 2.9)
        cap = pygame.Rect(slot.x, slot.y + slot.h // 8, cap_w, slot.h - slot.h // 4)
        pygame.draw.rect(c.surface, theme.TEXT if dark else theme.MESSAGE, cap, border_radius=c.px(6))
        c.text(button, cap.inflate(-c.px(6), 0), size * 0.85, theme.MESSAGE if dark else theme.TEXT, "center",
               min_size=size * 0.6)
        words_box = pygame.Rect(cap.right + c.px(8), slot.y, slot.w - cap_w - c.px(18), slot.h)
        c.text(words, words_box, size, theme.TEXT if dark else theme.MESSAGE, min_size=size * 0.65)


def hint_line(c: Canvas, rect: pygame.Rect, hint: str, size: float = 22) -> None:
    """A hint like "NEXT: move · OK: choose" as key caps; any other text as plain words."""
    parts = [p.split(": ", 1) for p in hint.split(" · ")]
    if parts and all(len(p) == 2 and p[0].isupper() for p in parts):
        buttons(c, rect, [(p[0], p[1]) for p in parts], size)
    elif hint:
        c.text(hint, rect, size + 4, theme.MUTED, "center", min_size=18)


def strips_height(c: Canvas, status: Status) -> int:
    """Pixels the strips take at the bottom of the screen."""
    return c.px(STRIP) * (bool(status.problems) + bool(status.message))


def strips(c: Canvas, status: Status) -> None:
    """Problems (red) and the transient message (dark, amber edge) along the bottom, over
    any screen: the players must see at once that the camera is gone."""
    y = c.bounds.h
    if status.problems:
        y -= c.px(STRIP)
        rect = pygame.Rect(0, y, c.bounds.w, c.px(STRIP))
        pygame.draw.rect(c.surface, theme.PROBLEM, rect)
        pygame.draw.rect(c.surface, theme.TEXT, rect, max(1, c.px(2)))
        c.text("  ·  ".join(p.upper() for p in status.problems), rect.inflate(-c.px(20), -c.px(4)), 28,
               theme.TEXT, "center", min_size=16)
    if status.message:
        y -= c.px(STRIP)
        rect = pygame.Rect(0, y, c.bounds.w, c.px(STRIP))
        pygame.draw.rect(c.surface, theme.MESSAGE, rect)
        pygame.draw.rect(c.surface, theme.ACCENT, rect, max(1, c.px(3)))
        c.text(status.message, rect.inflate(-c.px(20), -c.px(4)), 26, theme.TEXT, "center", min_size=15)


def triangle(c: Canvas, centre: tuple[int, int], size: int, colour: theme.Colour, pointing: str = "right") -> None:
    """A pointer (the built-in font has no arrow glyphs)."""
    x, y = centre
    h = size // 2
    points = {
        "right": [(x - h, y - h), (x + h, y), (x - h, y + h)],
        "up": [(x - h, y + h), (x, y - h), (x + h, y + h)],
        "down": [(x - h, y - h), (x, y + h), (x + h, y - h)],
    }[pointing]
    pygame.draw.polygon(c.surface, colour, points)


def tick(c: Canvas, rect: pygame.Rect, colour: theme.Colour) -> None:
    """A check mark drawn with lines."""
    w = max(2, rect.h // 7)
    pts = [(rect.x + rect.w * 0.15, rect.y + rect.h * 0.55), (rect.x + rect.w * 0.42, rect.y + rect.h * 0.8),
           (rect.x + rect.w * 0.87, rect.y + rect.h * 0.2)]
    pygame.draw.lines(c.surface, colour, False, pts, w)
