"""Fitting a card corner to the card's own edges.

An index found by its ink gives its card's corner only roughly: the letter's size sets
the card's width, and the line from letter to pip sets its turn, each a few percent off
(a J's hook tilts its axis; a pip joined to a court card's picture has no centre of its
own). On bridge-size real decks a corner a twentieth of a card off already cuts the
index patch so that the reader misreads it. Where the two edges that meet at the corner
show (the index corner of the top card of a pile, of a card lying alone), the lines
that follow them put the corner right: the place the edges cross, and their directions.
"""

from __future__ import annotations

import math
from typing import Final, NamedTuple

import cv2
import numpy as np

from vision.indices import MARGIN_SPREAD  # the most a card's plain margin varies along an edge

TURNS: Final = np.radians(np.arange(-10.0, 10.01, 2.0))  # turns of the long edge tried
SQUARE_TURNS: Final = np.radians(np.arange(-4.0, 4.01, 1.0))  # ... and of the top edge, from square to it
SHIFT: Final = 0.08  # card widths: how far each edge may lie from where it was guessed
TOP_SPAN: Final = (0.1, 0.6)  # card widths along the top edge from the corner (the index's side)
SIDE_SPAN: Final = (0.1, 0.8)  # ... and along the long edge
SAMPLES: Final = 16  # points along each edge
MIN_STEP: Final = 24.0  # Sobel units (about 6 grey levels): the least mean step across an edge
STEADY: Final = 0.8  # the share of an edge's points whose step has the sign of the mean
SKEWED: Final = math.sin(math.radians(8.0))  # a guessed corner this far from square is fitted square too
MARGIN: Final = 0.04  # card widths inside an edge where its plain margin is looked at


class FittedCorner(NamedTuple):
    point: np.ndarray  # (2,) float32: where the edges cross
    across: np.ndarray  # unit vector along the top (short) edge
    down: np.ndarray  # unit vector along the long edge
    squared: bool = False  # the long edge found square to the top, not near the guessed one


def fit_corner(gray: np.ndarray, point: np.ndarray, across: np.ndarray, down: np.ndarray,
               card_w: float) -> FittedCorner | None:
    """The corner of a card whose index corner was guessed at ``point`` (frame pixels),
    its top edge running along ``across`` and its long edge along ``down``, for a card
    ``card_w`` pixels wide: each edge the straight line near the guess (turned up to 10
    degrees, shifted up to ``SHIFT`` card widths) across which the grey level steps most
    steadily. None where either edge shows no such step (covered, or white on white), or
    where the two lines cross far from the guess. When ``across`` and ``down`` are more
    than ``SKEWED`` off square, the long edge is sought square to ``across`` too, and the
    steadier of the two taken (``squared`` says which)."""
    if card_w < 8:
        return None
    point = np.asarray(point, np.float64)
    across = np.asarray(across, np.float64)
    down = np.asarray(down, np.float64)
    # The part of the frame the lines may run through: the card's top from the corner
    # across and down, with room for the turns and shifts.
    corners = np.array([point + card_w * (i * across + j * down) for i in (-0.25, 0.8) for j in (-0.25, 1.0)])
    x0, y0 = np.floor(corners.min(axis=0)).astype(int) - 2
    x1, y1 = np.ceil(corners.max(axis=0)).astype(int) + 2
    h, w = gray.shape[:2]
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    crop = cv2.GaussianBlur(gray[y0:y1, x0:x1], (3, 3), 0).astype(np.float32)
    gx = cv2.Sobel(crop, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(crop, cv2.CV_32F, 0, 1, ksize=3)
    origin = np.array([x0, y0], np.float64)
    # The long edge first (the longer line, further from the index's ink), then the top
    # edge square to it: a card's corner is square, and a camera from above keeps it
    # within a few degrees of square.
    side = _best_line(crop, gx, gy, point - origin, down, across, card_w, SIDE_SPAN, TURNS)
    squared = False
    if abs(float(np.dot(across, down))) > SKEWED:
        # A corner whose two sides were guessed far from square (an outline's corner where
        # a card touches another): its long edge may lie square to its top instead.
        square_down = np.array([-across[1], across[0]])
        if float(np.dot(square_down, down)) < 0:
            square_down = -square_down
        other = _best_line(crop, gx, gy, point - origin, square_down, across, card_w, SIDE_SPAN, TURNS)
        if other is not None and (side is None or other[2] > side[2]):
            side, squared = other, True
    if side is None:
        return None
    square = np.array([-side[1][1], side[1][0]])
    if float(np.dot(square, across)) <= 0:
        square = -square
    top = _best_line(crop, gx, gy, point - origin, square, side[1], card_w, TOP_SPAN, SQUARE_TURNS)
    if top is None:
        return None
    (p1, d1, _), (p2, d2, _) = top, side
    # Where the two lines cross: p1 + s d1 = p2 + u d2.
    m = np.array([[d1[0], -d2[0]], [d1[1], -d2[1]]])
    if abs(np.linalg.det(m)) < 0.9:  # not within about 25 degrees of square
        return None
    s, _ = np.linalg.solve(m, p2 - p1)
    crossing = p1 + s * d1 + origin
    if np.hypot(*(crossing - point)) > 1.5 * SHIFT * card_w:
        return None
    return FittedCorner(crossing.astype(np.float32), d1.astype(np.float32), d2.astype(np.float32), squared)


def _best_line(gray: np.ndarray, gx: np.ndarray, gy: np.ndarray, point: np.ndarray, along: np.ndarray,
               inward: np.ndarray, card_w: float, span: tuple[float, float], turns: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray, float] | None:
    """The line (a point on it, its unit direction, the mean step across it) near the one
    through ``point`` along ``along``, turned by one of ``turns``, across which the image
    steps most steadily with plain card stock just inside (towards ``inward``), or None."""
    cos, sin = np.cos(turns)[:, None], np.sin(turns)[:, None]
    dirs = np.stack([cos * along[0] - sin * along[1], sin * along[0] + cos * along[1]], axis=-1)[:, 0]  # (T, 2)
    norms = np.stack([cos * inward[0] - sin * inward[1], sin * inward[0] + cos * inward[1]], axis=-1)[:, 0]
    step = max(0.5, 0.01 * card_w)
    shifts = np.arange(-SHIFT * card_w, SHIFT * card_w + 1e-6, step)  # (S,)
    t = np.linspace(span[0], span[1], SAMPLES) * card_w  # (N,)
    # Points (T, S, N, 2): the corner shifted along the edge's normal, then along the edge.
    pts = (point[None, None, None, :] + shifts[None, :, None, None] * norms[:, None, None, :]
           + t[None, None, :, None] * dirs[:, None, None, :])
    h, w = gx.shape
    xs = np.clip(pts[..., 0], 0, w - 1).astype(np.float32)
    ys = np.clip(pts[..., 1], 0, h - 1).astype(np.float32)
    inside = (pts[..., 0] >= 0) & (pts[..., 0] <= w - 1) & (pts[..., 1] >= 0) & (pts[..., 1] <= h - 1)
    flat_x, flat_y = xs.reshape(1, -1), ys.reshape(1, -1)
    sx = cv2.remap(gx, flat_x, flat_y, cv2.INTER_LINEAR).reshape(xs.shape)
    sy = cv2.remap(gy, flat_x, flat_y, cv2.INTER_LINEAR).reshape(xs.shape)
    across = sx * norms[:, None, None, 0] + sy * norms[:, None, None, 1]  # step into the card, (T, S, N)
    across = np.where(inside, across, 0.0)
    mean = across.mean(axis=-1)
    steady = (np.sign(across) == np.sign(mean)[..., None]).mean(axis=-1)
    # Just inside a card's edge lies its margin: plain stock, even along the edge (the
    # lines of a picture, an index or a cloth's pattern have print or weave beside them).
    margin = pts + MARGIN * card_w * norms[:, None, None, :]
    mx = np.clip(margin[..., 0], 0, w - 1).astype(np.float32).reshape(1, -1)
    my = np.clip(margin[..., 1], 0, h - 1).astype(np.float32).reshape(1, -1)
    stock = cv2.remap(gray, mx, my, cv2.INTER_LINEAR).reshape(xs.shape)
    even = _spread(stock) < MARGIN_SPREAD
    score = np.where((steady >= STEADY) & even, np.abs(mean), 0.0)
    k = int(np.argmax(score))
    ti, si = divmod(k, len(shifts))
    if score[ti, si] < MIN_STEP:
        return None
    return point + shifts[si] * norms[ti], dirs[ti], float(score[ti, si])


def _spread(samples: np.ndarray) -> np.ndarray:
    """The 10th to 90th percentile range along the last axis, as ``np.percentile`` (its
    linear method) computes it, bit for bit, from one sort: the percentile call cost
    eight times as much, and a full search fits hundreds of lines."""
    n = samples.shape[-1]
    ranked = np.sort(samples, axis=-1)

    def at(q: float) -> np.ndarray:
        virtual = q * (n - 1)
        below = min(int(np.floor(virtual)), n - 1)
        above = min(below + 1, n - 1)
        t = np.float64(virtual - below)  # float64, as numpy weighs: a float32 product would round
        low, high = ranked[..., below], ranked[..., above]
        step = high - low
        # numpy's _lerp: from the nearer end, so that t = 1 gives ``high`` exactly.
        out: np.ndarray = high - step * (1.0 - t) if t >= 0.5 else low + step * t
        return out

    spread: np.ndarray = at(0.9) - at(0.1)
    return spread
