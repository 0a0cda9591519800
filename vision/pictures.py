"""Court cards found by their picture: where neither outline nor index finds them.

On a light table (white, beige, pale wood) a card's edge barely shows: card stock on a
surface nearly as light. A number card is still found by its index, a letter with a pip
under it. A court card's index often is not: its letter and pip lie against the
picture's frame line, and the ink cut joins them to it (or a thin red letter breaks into
specks). Its picture, though, is the largest piece of print on the table: a framed block
of ink, card-shaped, centred on the card (where its ink runs into a neighbour's print
by a thin edge, the block is cut free of it by opening). Its box gives the card's
middle and turn; the card's size follows from the picture's, within what decks differ
by (the picture fills 0.74 to 0.95 of the card's width, counting the index pips the
closing joins to it).

The outlines offered here are guesses to read at (``outlines``): a few sizes and shifts
around the picture's box, each at both index corners. The caller reads them and keeps a
card only when several of them read it sure and they agree (``recognize``).
"""

from __future__ import annotations

import math
from typing import Final, NamedTuple

import cv2
import numpy as np

from vision.detect import CARD_ASPECT, card_outline
from vision.indices import ink_on_paper

# The picture's short side over its card's width, tried: the bidly deck's frame alone is
# about 0.75 of the card, its frame with the index pips joined to it about 0.9.
PICTURE_SHARES: Final = (0.95, 0.88, 0.81, 0.74)
# Card widths the guessed middle is moved by, along and across the card: the box of the
# picture's ink is off by a few pixels (an index joined at one end only), and the reader
# needs its index placed to about a twentieth of a card.
SHIFTS: Final = (0.0, 0.05, -0.05)
PICTURE_ASPECT: Final = (1.2, 1.9)  # long over short side of a picture's box (with its pips: the longer)
PICTURE_FILL: Final = 0.5  # the least share of its box a picture's closed ink fills (a row of pips: less)
MIN_PICTURE: Final = 24.0  # pixels: the shortest side a picture is looked for at (a card about 30 wide)
PICTURE_OF_CARD: Final = (0.6, 1.05)  # a picture's short side against the width of the cards read
MAX_PICTURE_SHARE: Final = 0.1  # of the frame, the most a picture's box may take (a book, a poster)
PAPER_WINDOW: Final = 0.06  # of the frame's short side: the ``hi`` the paper level is found with
# Pixels: the gap closed between strokes of a picture's art (the cards measured here are
# 40 to 110 pixels wide in the frame read; a gap between two cards' print stays open).
CLOSING: Final = 5
# Pixels: the closed ink is opened by this much too, and the blocks it leaves looked at
# as well: where cards lie in a row or a pair, a picture's closed ink runs into its
# neighbours' print by their edges and contact shadows, lines a few pixels wide (a bidly
# QH between a 5H and a JC: one block 151 by 181 pixels, the card 98 wide).
OPENING: Final = 7
SAME_PICTURE: Final = 0.03  # of a picture's short side: blocks whose middles and sizes differ less are one
TABLE_DISTANCE: Final = 80.0  # grey levels, the three channels summed: ink nearer the table's colour is the table
TABLE_SAMPLE: Final = 8  # every this many pixels across and down give the table's colour
MAX_PICTURES: Final = 12  # the largest pictures looked at, at most (each read costs 80 readings a card length)


class Picture(NamedTuple):
    """A court card's picture as found: its box's middle, the unit vectors along the
    card's long side (``down``) and short side (``across``, turned from ``down`` as a
    card lying face up turns), and the box's short side, in frame pixels."""

    middle: np.ndarray
    down: np.ndarray
    across: np.ndarray
    short: float


def court_pictures(frame: np.ndarray, card_w: float = 0.0) -> list[Picture]:
    """The card-shaped blocks of print in a BGR frame, largest first: ink on card stock
    (``indices.ink_on_paper``) closed over the gaps of a picture's art. ``card_w``: the
    width of the cards read elsewhere in the frame (0 when unknown); blocks whose size
    does not fit it are passed over."""
    h, w = frame.shape[:2]
    # The paper level is taken over a window larger than a picture (as ``index_corners``
    # does when it knows no card size): within a smaller one, a picture's own light
    # parts pass for paper and its art breaks up.
    ink, _, _ = ink_on_paper(frame, PAPER_WINDOW * min(h, w))
    if frame.ndim == 3:
        # Light wood is darker than card stock in its blue, so beside a card it passes
        # for ink, and a picture whose index letters touch the card's edge joins the
        # table: ink the table's own colour (the frame's median) is left out.
        table = np.median(frame[::TABLE_SAMPLE, ::TABLE_SAMPLE, :3].reshape(-1, 3), axis=0)
        # (The sum of the three channels' differences, saturated at 255: only its side
        # of TABLE_DISTANCE matters.)
        scalar = np.array([*table.tolist(), 0.0], np.float64)  # (a 4-vector is an OpenCV scalar)
        off = cv2.transform(cv2.absdiff(np.ascontiguousarray(frame[..., :3]), scalar), np.ones((1, 3), np.float32))
        _, far = cv2.threshold(off, TABLE_DISTANCE, 255, cv2.THRESH_BINARY)
        ink = cv2.bitwise_and(ink, far)
    closed = cv2.morphologyEx(ink, cv2.MORPH_CLOSE, np.ones((CLOSING, CLOSING), np.uint8))
    contours, _ = cv2.findContours(closed, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    opened = cv2.morphologyEx(closed, cv2.MORPH_OPEN, np.ones((OPENING, OPENING), np.uint8))
    more, _ = cv2.findContours(opened, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    contours = list(contours) + list(more)
    found: list[tuple[float, Picture]] = []
    for contour in contours:
        area = float(cv2.contourArea(contour))
        if area < MIN_PICTURE * MIN_PICTURE * PICTURE_ASPECT[0] * PICTURE_FILL:
            continue
        (cx, cy), (bw, bh), angle = cv2.minAreaRect(contour)
        short, long = min(bw, bh), max(bw, bh)
        if (short < MIN_PICTURE or not PICTURE_ASPECT[0] <= long / short <= PICTURE_ASPECT[1]
                or area < PICTURE_FILL * bw * bh or bw * bh > MAX_PICTURE_SHARE * w * h):
            continue
        if card_w > 0 and not PICTURE_OF_CARD[0] * card_w <= short <= PICTURE_OF_CARD[1] * card_w:
            continue
        a = math.radians(angle)
        side = np.array([math.cos(a), math.sin(a)], np.float32)  # along the box's first side (bw)
        down = side if bw >= bh else np.array([-side[1], side[0]], np.float32)
        # Face up, a card's short side runs from its top left to its top right: "across"
        # is "down" turned a quarter the other way round (x right, y down).
        across = np.array([down[1], -down[0]], np.float32)
        found.append((area, Picture(np.array([cx, cy], np.float32), down, across, float(short))))
    found.sort(key=lambda f: -f[0])
    # A block the opening left as it was is one picture, read once. One it changed, even
    # a little, is another guess at the card (a bidly JH's picture, opened, 8% smaller,
    # read JH at 1.0 where the block as closed read as nothing).
    kept: list[Picture] = []
    for _, p in found:
        if not any(float(np.linalg.norm(p.middle - k.middle)) < SAME_PICTURE * k.short and
                   abs(p.short - k.short) < SAME_PICTURE * k.short for k in kept):
            kept.append(p)
    return kept[:MAX_PICTURES]


def outlines(picture: Picture, frame_shape: tuple[int, ...] | None = None,
             aspect: float = CARD_ASPECT) -> list[np.ndarray]:
    """The card outlines (TL, TR, BR, BL as read: float32, 4x2) to read a picture's card
    at: each share of ``PICTURE_SHARES`` and shift of ``SHIFTS``, at both index corners
    (the card lies either way up), for a card ``aspect`` times as long as wide. With
    ``frame_shape``, outlines whose index corner lies outside the frame are left out."""
    out = []
    for share in PICTURE_SHARES:
        width = picture.short / share
        length = width * aspect
        for along in SHIFTS:
            for over in SHIFTS:
                middle = picture.middle + width * (over * picture.across + along * picture.down)
                for sign in (1.0, -1.0):
                    across, down = sign * picture.across, sign * picture.down
                    quad = card_outline(middle - across * width / 2 - down * length / 2, across, down, width, length)
                    if frame_shape is None or _in_frame(quad[0], frame_shape):
                        out.append(quad)
    return out


def _in_frame(point: np.ndarray, shape: tuple[int, ...]) -> bool:
    return 0 <= float(point[0]) < shape[1] and 0 <= float(point[1]) < shape[0]
