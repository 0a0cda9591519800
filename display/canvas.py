"""Drawing primitives in screen-independent units.

Every screen is laid out on a virtual table at least 800 units wide and 480 high: one
unit is ``min(width / 800, height / 480)`` pixels, so the official 800x480 touchscreen
and a 1920x1080 TV show the same picture, scaled. Text is fitted into a box (shrunk,
then cut with "..."), never left to run off the screen.

Suit symbols are drawn as shapes, not font glyphs: pygame's built-in font
(freesansbold) has no ♣♦♥♠, and on the Pi nothing else is guaranteed to be installed.

While :func:`recording` is active every text, card and panel drawn is logged as a
:class:`Drawn`; the tests use that to check that nothing was cut or drawn off screen
and that the four trick cards sit in four different places.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

import pygame

from display import theme
from display.theme import Colour
from engine.cards import Card, Rank, Suit

Rich = str | Suit  # a run of text, or a suit drawn as its shape
Align = Literal["left", "center", "right"]

FONT_FLOOR = 12  # px: below this the built-in font is unreadable on the Pi screen
# Units: no text is asked for smaller than TEXT_MIN, nor shrunk below TEXT_FLOOR to fit
# (the built-in font's letters are about 0.45 of its size: 18 units is a 5 mm capital
# on the 7" screen). What does not fit at the floor is cut, and the tests fail on that.
TEXT_MIN = 20.0
TEXT_FLOOR = 18.0


@dataclass(frozen=True)
class Drawn:
    """One thing drawn: its kind ("text", "card", "panel"), where, what, and whether
    text had to be cut to fit its box."""

    kind: str
    rect: pygame.Rect
    label: str
    box: pygame.Rect | None = None
    clipped: bool = False


_log: list[Drawn] | None = None


@contextlib.contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Log what is drawn inside the ``with`` block (for tests and the screenshot check)."""
    global _log
    saved = _log
    _log = []
    try:
        yield _log
    finally:
        _log = saved


def _record(kind: str, rect: pygame.Rect, label: str, box: pygame.Rect | None = None, clipped: bool = False) -> None:
    if _log is not None:
        _log.append(Drawn(kind, pygame.Rect(rect), label, None if box is None else pygame.Rect(box), clipped))


_fonts: dict[int, pygame.font.Font] = {}


def font(px: int) -> pygame.font.Font:
    """pygame's built-in bold sans at ``px`` pixels (cached: fonts are slow to open)."""
    px = max(FONT_FLOOR, px)
    if not pygame.font.get_init():
        # Fonts opened before a pygame.quit() are dead: start the cache again.
        pygame.font.init()
        _fonts.clear()
    f = _fonts.get(px)
    if f is None:
        f = pygame.font.Font(None, px)
        _fonts[px] = f
    return f


# -- suit shapes -------------------------------------------------------------------------

_SUPERSAMPLE = 4
_pips: dict[tuple[Suit, int, Colour], pygame.Surface] = {}


def _pip_shapes(s: pygame.Surface, suit: Suit, size: int, colour: Colour) -> None:
    """The suit in a ``size`` square, from circles and polygons."""

    def p(x: float, y: float) -> tuple[int, int]:
        return round(x * size), round(y * size)

    def circle(x: float, y: float, r: float) -> None:
        pygame.draw.circle(s, colour, p(x, y), round(r * size))

    if suit is Suit.DIAMONDS:
        pygame.draw.polygon(s, colour, [p(0.5, 0.0), p(0.88, 0.5), p(0.5, 1.0), p(0.12, 0.5)])
    elif suit is Suit.HEARTS:
        circle(0.275, 0.31, 0.245)
        circle(0.725, 0.31, 0.245)
        pygame.draw.polygon(s, colour, [p(0.04, 0.40), p(0.5, 0.22), p(0.96, 0.40), p(0.5, 0.97)])
    elif suit is Suit.SPADES:
        circle(0.28, 0.58, 0.225)
        circle(0.72, 0.58, 0.225)
        pygame.draw.polygon(s, colour, [p(0.06, 0.50), p(0.5, 0.02), p(0.94, 0.50), p(0.5, 0.7)])
        pygame.draw.polygon(s, colour, [p(0.5, 0.62), p(0.32, 1.0), p(0.68, 1.0)])
    else:  # clubs
        # Three separate leaves with clear notches between them: at a glance a club must
        # not look like a spade (both are dark round-topped shapes on a stem).
        circle(0.5, 0.25, 0.205)
        circle(0.24, 0.57, 0.205)
        circle(0.76, 0.57, 0.205)
        circle(0.5, 0.5, 0.1)
        pygame.draw.polygon(s, colour, [p(0.5, 0.5), p(0.32, 1.0), p(0.68, 1.0)])


def pip_surface(suit: Suit, size: int, colour: Colour | None = None) -> pygame.Surface:
    """The suit's shape, ``size`` pixels square, anti-aliased by drawing it 4x and scaling down."""
    size = max(4, size)
    col = colour if colour is not None else theme.SUIT_COLOURS[suit]
    key = (suit, size, col)
    surf = _pips.get(key)
    if surf is None:
        big = pygame.Surface((size * _SUPERSAMPLE, size * _SUPERSAMPLE), pygame.SRCALPHA)
        _pip_shapes(big, suit, size * _SUPERSAMPLE, col)
        surf = pygame.transform.smoothscale(big, (size, size))
        _pips[key] = surf
    return surf


def rank_text(rank: Rank) -> str:
    """``10`` rather than ``T``: a ten is printed as 10 on the cards players hold."""
    return "10" if rank is Rank.TEN else rank.letter


# -- the canvas --------------------------------------------------------------------------


class Canvas:
    """A surface with its unit: ``r(x, y, w, h)`` turns units into a pixel Rect."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        width, height = surface.get_size()
        self.unit = min(width / 800, height / 480)
        self.w = width / self.unit  # >= 800 units
        self.h = height / self.unit  # >= 480 units
        self.bounds = surface.get_rect()

    def px(self, units: float) -> int:
        return max(1, round(units * self.unit))

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        u = self.unit
        left, top = round(x * u), round(y * u)
        return pygame.Rect(left, top, round((x + w) * u) - left, round((y + h) * u) - top)

    # -- shapes

    def fill(self, colour: Colour) -> None:
        self.surface.fill(colour)

    def panel(self, rect: pygame.Rect, colour: Colour = theme.PANEL, edge: Colour | None = theme.PANEL_EDGE,
              radius: float = 8, width: float = 2, label: str = "panel") -> None:
        pygame.draw.rect(self.surface, colour, rect, border_radius=self.px(radius))
        if edge is not None:
            pygame.draw.rect(self.surface, edge, rect, max(1, self.px(width)), border_radius=self.px(radius))
        _record("panel", rect, label)

    def outline(self, rect: pygame.Rect, colour: Colour, width: float = 3, radius: float = 8) -> None:
        pygame.draw.rect(self.surface, colour, rect, max(1, self.px(width)), border_radius=self.px(radius))

    def pip(self, suit: Suit, center: tuple[int, int], size_px: int, colour: Colour | None = None) -> pygame.Rect:
        surf = pip_surface(suit, size_px, colour)
        rect = surf.get_rect(center=center)
        self.surface.blit(surf, rect)
        return rect

    def chip(self, suit: Suit, rect: pygame.Rect) -> None:
        """A suit on a small white tile: readable on any background, dark or red."""
        pygame.draw.rect(self.surface, theme.CARD_FACE, rect, border_radius=max(2, rect.h // 6))
        self.pip(suit, rect.center, round(rect.h * 0.72))

    # -- text

    def _measure(self, parts: Sequence[Rich], f: pygame.font.Font) -> int:
        height = f.get_height()
        total = 0
        for part in parts:
            total += self._chip_w(height) if isinstance(part, Suit) else f.size(part)[0]
        return total

    @staticmethod
    def _chip_w(line_h: int) -> int:
        return round(line_h * 1.12)

    def text(self, content: str | Sequence[Rich], box: pygame.Rect, size: float, colour: Colour = theme.TEXT,
             align: Align = "left", valign: Literal["top", "center", "bottom"] = "center",
             min_size: float | None = None) -> pygame.Rect:
        """Draw one line fitted into ``box``: shrink down to ``min_size`` units, then cut with
        "...". Suits in ``content`` are drawn as chips. Returns the rect actually drawn."""
        parts: list[Rich] = [content] if isinstance(content, str) else list(content)
        label = "".join(p.symbol if isinstance(p, Suit) else p for p in parts)
        size = max(size, TEXT_MIN)
        px = self.px(size)
        floor = max(FONT_FLOOR, self.px(max(TEXT_FLOOR, min_size if min_size is not None else size * 0.7)))
        f = font(px)
        # Shrink until it fits the width, and the line is not taller than the box.
        while px > floor and (self._measure(parts, f) > box.w or f.get_height() > box.h * 1.15):
            px = max(floor, int(px * 0.92))
            f = font(px)
        clipped = False
        if self._measure(parts, f) > box.w:
            clipped = True
            parts = self._cut(parts, f, box.w)
        width = self._measure(parts, f)
        height = f.get_height()
        if align == "left":
            x = box.x
        elif align == "right":
            x = box.right - width
        else:
            x = box.centerx - width // 2
        if valign == "top":
            y = box.y
        elif valign == "bottom":
            y = box.bottom - height
        else:
            y = box.centery - height // 2
        start = x
        for part in parts:
            if isinstance(part, Suit):
                # A little taller than the capitals: it is an icon, and must read from afar.
                w = self._chip_w(height)
                side = round(height * 0.92)
                self.chip(part, pygame.Rect(x + (w - side) // 2, y + (height - side) // 2, side, side))
                x += w
            else:
                img = f.render(part, True, colour)
                self.surface.blit(img, (x, y))
                x += img.get_width()
        drawn = pygame.Rect(start, y, width, height)
        _record("text", drawn, label, box, clipped)
        return drawn

    def _cut(self, parts: list[Rich], f: pygame.font.Font, width: int) -> list[Rich]:
        out = list(parts)
        while out:
            last = out[-1]
            if isinstance(last, Suit) or len(last) <= 1:
                out.pop()
            else:
                out[-1] = last[:-1]
            trial = out + ["..."]
            if self._measure(trial, f) <= width:
                return trial
        return ["..."]

    def paragraph(self, content: str, box: pygame.Rect, size: float, colour: Colour = theme.TEXT,
                  align: Align = "left", min_size: float | None = None, spacing: float = 1.05) -> pygame.Rect:
        """Word-wrapped text in ``box``, shrunk until every line fits."""
        size = max(size, TEXT_MIN)
        px = self.px(size)
        floor = max(FONT_FLOOR, self.px(max(TEXT_FLOOR, min_size if min_size is not None else size * 0.6)))
        while True:
            f = font(px)
            lines = _wrap(content, f, box.w)
            line_h = round(f.get_height() * spacing)
            fits = line_h * len(lines) <= box.h and all(f.size(line)[0] <= box.w for line in lines)
            if fits or px <= floor:
                break
            px = max(floor, int(px * 0.92))
        drawn = pygame.Rect(box.x, box.y, 0, 0)
        y = box.y
        for line in lines:
            if y + f.get_height() > box.bottom:
                _record("text", pygame.Rect(box.x, y, box.w, f.get_height()), line, box, clipped=True)
                break
            r = self.text(line, pygame.Rect(box.x, y, box.w, line_h), px / self.unit, colour, align,
                          min_size=px / self.unit)
            drawn.union_ip(r)
            y += line_h
        return drawn

    # -- cards

    def card(self, card: Card | None, rect: pygame.Rect, label: str = "", *, dim: bool = False,
             edge: Colour | None = None) -> None:
        """A card face (rank and suit shape), or for None an empty place where one will come."""
        radius = max(3, rect.w // 10)
        if card is None:
            pygame.draw.rect(self.surface, theme.SLOT, rect, max(2, rect.w // 40), border_radius=radius)
            _record("card", rect, f"{label}:empty")
            return
        pygame.draw.rect(self.surface, theme.CARD_FACE, rect, border_radius=radius)
        border = max(1, rect.w // (14 if edge else 50))
        colour = theme.SUIT_COLOURS[card.suit]
        rank = rank_text(card.rank)
        if rect.w >= rect.h:
            # A mini card (last trick, summaries) is drawn landscape: rank and suit side by side.
            f = font(round(rect.h * 0.55))
            img = f.render(rank, True, colour)
            side = round(rect.h * 0.5)
            total = img.get_width() + side + rect.w // 20
            x = rect.centerx - total // 2
            self.surface.blit(img, (x, rect.centery - img.get_height() // 2))
            self.pip(card.suit, (x + total - side // 2, rect.centery), side)
        else:
            # Table size: big rank top left, suit under it, and a large suit in the middle.
            f = font(round(rect.h * 0.36))
            img = f.render(rank, True, colour)
            pad = max(round(rect.w * 0.09), border + round(rect.w * 0.05))
            if img.get_width() > rect.w - 2 * pad:  # "10" on a narrow card
                f = font(round(rect.h * 0.36 * (rect.w - 2 * pad) / img.get_width()))
                img = f.render(rank, True, colour)
            self.surface.blit(img, (rect.x + pad, rect.y + pad))
            small = round(rect.h * 0.17)
            self.pip(card.suit, (rect.x + pad + small // 2 + 1, rect.y + pad + img.get_height() + small // 2), small)
            big = round(min(rect.w * 0.62, rect.h * 0.42))
            self.pip(card.suit, (rect.right - pad - big // 2, rect.bottom - pad - big // 2), big)
        # The edge goes on last, so a large suit never covers it.
        pygame.draw.rect(self.surface, edge or theme.CARD_EDGE, rect, border, border_radius=radius)
        if dim:
            shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 110))
            self.surface.blit(shade, rect)
        _record("card", rect, f"{label}:{card}")


def _wrap(content: str, f: pygame.font.Font, width: int) -> list[str]:
    lines: list[str] = []
    for para in content.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
