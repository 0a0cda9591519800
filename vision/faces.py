"""Card faces drawn by the project: index letters in four styles, suit pips, backs.

Everything is drawn with OpenCV's built-in Hershey fonts and polygons, so no font
file or image is needed at run time and the same drawing code makes both the
synthetic scenes and the reader's templates.

Canonical card images are ``CARD_W`` x ``CARD_H`` pixels, portrait, index in the
top-left and (rotated) bottom-right corner.
"""

from __future__ import annotations

import functools
import zlib
from dataclasses import dataclass
from typing import Final

import cv2
import numpy as np

from engine.cards import Card, Rank, Suit

CARD_W: Final = 250
CARD_H: Final = 350
# The index (rank letter above suit pip) lies inside this top-left box of a canonical card.
INDEX_W: Final = 62
INDEX_H: Final = 118

# Index letters per style: what is printed on the J, Q, K and A.
STYLES: Final[dict[str, dict[Rank, str]]] = {
    "en": {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"},
    "nl": {Rank.JACK: "B", Rank.QUEEN: "V", Rank.KING: "H", Rank.ACE: "A"},
    "fr": {Rank.JACK: "V", Rank.QUEEN: "D", Rank.KING: "R", Rank.ACE: "A"},
    "de": {Rank.JACK: "B", Rank.QUEEN: "D", Rank.KING: "K", Rank.ACE: "A"},
}

HERSHEY_FONTS: Final = (
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
)

RED_INK: Final = (40, 30, 200)  # BGR
BLACK_INK: Final = (30, 25, 25)


def rank_text(rank: Rank, style: str) -> str:
    """The letters printed in the index for ``rank`` in ``style`` (``"10"`` for ten)."""
    if rank == Rank.TEN:
        return "10"
    if rank >= Rank.JACK:
        return STYLES[style][rank]
    return str(int(rank))


def suit_is_red(suit: Suit) -> bool:
    return suit in (Suit.HEARTS, Suit.DIAMONDS)


@dataclass(frozen=True)
class DeckDesign:
    """How one deck looks: its index font, stroke weight and size, and its back."""

    style: str = "en"
    font: int = cv2.FONT_HERSHEY_COMPLEX
    thickness: int = 3
    index_height: int = 40  # rank letter height in canonical pixels
    back_color: tuple[int, int, int] = (150, 40, 30)  # BGR
    four_indices: bool = False
    back_pattern: str = "lattice"  # one of BACK_PATTERNS
    # A directory of one photo per card (what ``tafel vision teach`` takes: ``Qh.jpg``,
    # ``10c.jpg``, each a cut-out, straightened card): the deck prints those photos, at
    # their own shape (a bridge-size card is narrower than a poker-size one), instead of
    # the drawn faces; the fields above then only choose the back.
    photos: str = ""


def draw_text_fit(canvas: np.ndarray, text: str, box: tuple[int, int, int, int], font: int,
                  thickness: int, color: tuple[int, int, int]) -> None:
    """Draw ``text`` so that its ink fills ``box`` (x, y, w, h) exactly."""
    x, y, w, h = box
    scale = 2.0
    (tw, th), base = cv2.getTextSize(text, font, scale, thickness * 2)
    pad = thickness * 2 + 4
    tmp = np.zeros((th + base + 2 * pad, tw + 2 * pad), np.uint8)
    cv2.putText(tmp, text, (pad, pad + th), font, scale, 255, thickness * 2, cv2.LINE_AA)
    ys, xs = np.nonzero(tmp > 60)
    if len(xs) == 0:
        return
    tmp = tmp[ys.min(): ys.max() + 1, xs.min(): xs.max() + 1]
    glyph = cv2.resize(tmp, (max(w, 1), max(h, 1)), interpolation=cv2.INTER_AREA).astype(np.float32) / 255.0
    region = canvas[y: y + h, x: x + w]
    gh, gw = region.shape[:2]
    glyph = glyph[:gh, :gw, None]
    region[:] = (region * (1 - glyph) + np.array(color, np.float32) * glyph).astype(canvas.dtype)


def pip_mask(suit: Suit, size: int) -> np.ndarray:
    """A ``size`` x ``size`` uint8 mask (255 = ink) of the suit symbol, point/stem down."""
    s = size * 4  # draw large then shrink: smooth edges
    m = np.zeros((s, s), np.uint8)
    c = s // 2
    if suit == Suit.DIAMONDS:
        pts = np.array([[c, 0], [int(s * 0.9), c], [c, s - 1], [int(s * 0.1), c]], np.int32)
        cv2.fillPoly(m, [pts], 255)
    elif suit == Suit.HEARTS:
        r = int(s * 0.25)
        cv2.circle(m, (int(s * 0.27), int(s * 0.3)), r, 255, -1)
        cv2.circle(m, (int(s * 0.73), int(s * 0.3)), r, 255, -1)
        pts = np.array([[int(s * 0.04), int(s * 0.38)], [int(s * 0.96), int(s * 0.38)], [c, s - 1]], np.int32)
        cv2.fillPoly(m, [pts], 255)
    elif suit == Suit.SPADES:
        r = int(s * 0.24)
        cv2.circle(m, (int(s * 0.28), int(s * 0.58)), r, 255, -1)
        cv2.circle(m, (int(s * 0.72), int(s * 0.58)), r, 255, -1)
        pts = np.array([[int(s * 0.06), int(s * 0.52)], [int(s * 0.94), int(s * 0.52)], [c, 0]], np.int32)
        cv2.fillPoly(m, [pts], 255)
        stem = np.array([[c, int(s * 0.6)], [int(s * 0.68), s - 1], [int(s * 0.32), s - 1]], np.int32)
        cv2.fillPoly(m, [stem], 255)
    else:  # clubs
        r = int(s * 0.21)
        cv2.circle(m, (c, int(s * 0.24)), r, 255, -1)
        cv2.circle(m, (int(s * 0.25), int(s * 0.57)), r, 255, -1)
        cv2.circle(m, (int(s * 0.75), int(s * 0.57)), r, 255, -1)
        cv2.rectangle(m, (int(s * 0.4), int(s * 0.3)), (int(s * 0.6), int(s * 0.6)), 255, -1)
        stem = np.array([[c, int(s * 0.45)], [int(s * 0.68), s - 1], [int(s * 0.32), s - 1]], np.int32)
        cv2.fillPoly(m, [stem], 255)
    return cv2.resize(m, (size, size), interpolation=cv2.INTER_AREA)


def draw_pip(canvas: np.ndarray, suit: Suit, center: tuple[int, int], size: int, upside_down: bool = False) -> None:
    mask = pip_mask(suit, size)
    if upside_down:
        mask = mask[::-1, ::-1]
    x0, y0 = center[0] - size // 2, center[1] - size // 2
    h, w = canvas.shape[:2]
    xa, ya, xb, yb = max(x0, 0), max(y0, 0), min(x0 + size, w), min(y0 + size, h)
    if xb <= xa or yb <= ya:
        return
    alpha = mask[ya - y0: yb - y0, xa - x0: xb - x0, None].astype(np.float32) / 255.0
    color = np.array(RED_INK if suit_is_red(suit) else BLACK_INK, np.float32)
    region = canvas[ya:yb, xa:xb]
    region[:] = (region * (1 - alpha) + color * alpha).astype(canvas.dtype)


def _draw_index(face: np.ndarray, card: Card, design: DeckDesign) -> None:
    """Rank letters above a small pip, in the top-left corner."""
    text = rank_text(card.rank, design.style)
    h = design.index_height
    w = int(h * (1.05 if len(text) == 2 else 0.62))
    x = 8 + max(0, (44 - w) // 2)
    color = RED_INK if suit_is_red(card.suit) else BLACK_INK
    draw_text_fit(face, text, (x, 12, w, h), design.font, design.thickness, color)
    pip = int(h * 0.62)
    draw_pip(face, card.suit, (30, 12 + h + 8 + pip // 2), pip)


# Standard pip layouts on a (0..1, 0..1) grid of the card centre area.
_PIP_LAYOUT: Final[dict[int, list[tuple[float, float]]]] = {
    2: [(0.5, 0.0), (0.5, 1.0)],
    3: [(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)],
    5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    8: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    9: [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)],
    10: [(0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6), (0, 1), (1, 1)],
}


def _draw_centre(face: np.ndarray, card: Card, seed: int) -> None:
    rng = np.random.default_rng(seed)
    color = RED_INK if suit_is_red(card.suit) else BLACK_INK
    if card.rank == Rank.ACE:
        draw_pip(face, card.suit, (CARD_W // 2, CARD_H // 2), 90)
    elif card.rank >= Rank.JACK:
        # A framed "portrait": coloured blocks and strokes, like the busy art of court cards.
        x0, y0, x1, y1 = 64, 52, CARD_W - 64, CARD_H - 52
        cv2.rectangle(face, (x0, y0), (x1, y1), (160, 80, 40), 2)
        palette = [(40, 170, 230), (40, 40, 200), (160, 80, 40), (30, 30, 30), (60, 150, 60)]
        for _ in range(14):
            c = palette[int(rng.integers(len(palette)))]
            px, py = int(rng.integers(x0 + 6, x1 - 20)), int(rng.integers(y0 + 6, (y0 + y1) // 2))
            pw, ph = int(rng.integers(8, 40)), int(rng.integers(8, 30))
            cv2.rectangle(face, (px, py), (min(px + pw, x1 - 4), py + ph), c, -1)
            # point-symmetric copy, as on real court cards
            cv2.rectangle(face, (CARD_W - 1 - min(px + pw, x1 - 4), CARD_H - 1 - py - ph),
                          (CARD_W - 1 - px, CARD_H - 1 - py), c, -1)
        draw_pip(face, card.suit, (x0 + 22, y0 + 24), 30)
        draw_pip(face, card.suit, (x1 - 22, y1 - 24), 30, upside_down=True)
        cv2.line(face, (x0, (y0 + y1) // 2), (x1, (y0 + y1) // 2), color, 1)
    else:
        n = int(card.rank)
        gx0, gx1, gy0, gy1 = 82, CARD_W - 82, 62, CARD_H - 62
        for u, v in _PIP_LAYOUT[n]:
            cx, cy = int(gx0 + u * (gx1 - gx0)), int(gy0 + v * (gy1 - gy0))
            draw_pip(face, card.suit, (cx, cy), 44, upside_down=v > 0.55)


@functools.lru_cache(maxsize=512)
def card_face(card: Card, design: DeckDesign = DeckDesign()) -> np.ndarray:
    """The face of ``card`` as a canonical BGR image (read-only, cached): ``CARD_W`` x
    ``card_height(design)`` pixels."""
    if design.photos:
        from vision.photo_deck import photo_deck

        return photo_deck(design.photos).face(card)
    face = np.full((CARD_H, CARD_W, 3), (246, 248, 250), np.uint8)
    # crc32, not hash(): a str's hash changes per process, and a seed must render the same scene.
    _draw_centre(face, card, seed=zlib.crc32(str(card).encode()) & 0xFFFF)
    _draw_index(face, card, design)
    rotated = face[::-1, ::-1].copy()
    # The bottom-right index is the top-left one turned half round.
    face[CARD_H - INDEX_H:, CARD_W - INDEX_W:] = rotated[CARD_H - INDEX_H:, CARD_W - INDEX_W:]
    if design.four_indices:
        index = _index_only(card, design)
        face[:INDEX_H, CARD_W - INDEX_W:] = index
        face[CARD_H - INDEX_H:, :INDEX_W] = index[::-1, ::-1]
    face.setflags(write=False)
    return face


def _index_only(card: Card, design: DeckDesign) -> np.ndarray:
    patch = np.full((INDEX_H, INDEX_W, 3), (246, 248, 250), np.uint8)
    _draw_index(patch, card, design)
    return patch


# The back patterns the synthetic decks can print. Scenes use the lattice (as most real
# decks do, and as every figure was measured on); the others are a probe of backs the
# back test was not built from: scrollwork that does not repeat (a "rider" back's
# curls, mirrored four ways) and a marbled picture.
BACK_PATTERNS: Final = ("lattice", "scrollwork", "marbled")
_PAPER: Final = (246, 248, 250)


@functools.lru_cache(maxsize=16)
def card_back(color: tuple[int, int, int] = (150, 40, 30), pattern: str = "lattice") -> np.ndarray:
    """A card back: a white margin around a coloured middle printed with ``pattern``
    (one of ``BACK_PATTERNS``), in a lighter tint of ``color``."""
    if pattern not in BACK_PATTERNS:
        raise ValueError(f"unknown back pattern {pattern!r}: expected one of {', '.join(BACK_PATTERNS)}")
    back = np.full((CARD_H, CARD_W, 3), _PAPER, np.uint8)
    inner = (14, 14, CARD_W - 15, CARD_H - 15)
    cv2.rectangle(back, inner[:2], inner[2:], color, -1)
    if pattern == "lattice":
        light = tuple(min(255, int(c) + 70) for c in color)
        for d in range(-CARD_H, CARD_W + CARD_H, 16):
            cv2.line(back, (inner[0] + d, inner[1]), (inner[0] + d + CARD_H, inner[1] + CARD_H), light, 2)
            cv2.line(back, (inner[0] + d, inner[1]), (inner[0] + d - CARD_H, inner[1] + CARD_H), light, 2)
    else:
        # A fixed picture per colour (the same deck prints the same back on every card).
        rng = np.random.default_rng(sum(color) + len(pattern))
        light_tint = np.array([min(255, int(c) + 90) for c in color], np.float32)
        if pattern == "scrollwork":
            quarter = np.full((CARD_H // 2, CARD_W // 2, 3), color, np.uint8)
            light = tuple(int(c) for c in light_tint)
            for _ in range(60):
                centre = (int(rng.integers(0, CARD_W // 2)), int(rng.integers(0, CARD_H // 2)))
                r = int(rng.integers(4, 30))
                cv2.ellipse(quarter, centre, (r, int(r * rng.uniform(0.5, 1.0))), float(rng.uniform(0, 180)), 0,
                            float(rng.uniform(180, 330)), light, 2)
            whole = np.vstack([np.hstack([quarter, quarter[:, ::-1]]), np.hstack([quarter[::-1], quarter[::-1, ::-1]])])
            back[:whole.shape[0], :whole.shape[1]] = whole
            cv2.circle(back, (CARD_W // 2, CARD_H // 2), 40, light, 3)
        else:  # marbled
            veins = cv2.GaussianBlur(rng.normal(0, 1, (CARD_H, CARD_W)).astype(np.float32), (0, 0), 3)
            veins = (veins - veins.min()) / max(float(veins.max() - veins.min()), 1e-6)
            tone = np.array(color, np.float32) * (1 - veins[..., None]) + light_tint * veins[..., None]
            back[:] = tone.astype(np.uint8)
    back[:14] = _PAPER
    back[-14:] = _PAPER
    back[:, :14] = _PAPER
    back[:, -14:] = _PAPER
    if pattern == "lattice":
        cv2.rectangle(back, inner[:2], inner[2:], color, 2)
    back.setflags(write=False)
    return back


def card_height(design: DeckDesign = DeckDesign()) -> int:
    """The canonical height of ``design``'s cards: ``CARD_H``, or a photographed deck's
    own (its photos' shape at ``CARD_W`` wide)."""
    if design.photos:
        from vision.photo_deck import photo_deck

        return photo_deck(design.photos).height
    return CARD_H


@functools.lru_cache(maxsize=4)
def card_alpha(height: int = CARD_H) -> np.ndarray:
    """Rounded-corner coverage mask (float32 0..1) of a canonical card ``height`` tall."""
    m = np.zeros((height * 2, CARD_W * 2), np.uint8)
    r = 24
    cv2.rectangle(m, (r, 0), (CARD_W * 2 - 1 - r, height * 2 - 1), 255, -1)
    cv2.rectangle(m, (0, r), (CARD_W * 2 - 1, height * 2 - 1 - r), 255, -1)
    for cx, cy in ((r, r), (CARD_W * 2 - 1 - r, r), (r, height * 2 - 1 - r), (CARD_W * 2 - 1 - r, height * 2 - 1 - r)):
        cv2.circle(m, (cx, cy), r, 255, -1)
    alpha = cv2.resize(m, (CARD_W, height), interpolation=cv2.INTER_AREA).astype(np.float32) / 255.0
    alpha.setflags(write=False)
    return alpha
