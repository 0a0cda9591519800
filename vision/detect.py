"""Finding cards on a table: whole-card quadrilaterals and the visible corners of
cards that others partly cover.

Two independent cues give candidate regions, so that neither a light table nor a
busy one defeats detection:

* edges: the outline of every card (white on beige is a weak edge but still an edge,
  and the contact shadow between overlapping cards is one too), closed into regions;
* whiteness: card stock is brighter and less coloured than its local surroundings.

Every region's outline is simplified to a polygon. A four-cornered polygon of card
proportions is a whole card; every roughly square corner of any polygon is a place
where a card's index may show.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

import cv2
import numpy as np

CARD_ASPECT: Final = 88.0 / 63.0  # long / short side
MIN_CARD_FRAC: Final = 0.045  # the narrowest card, as a fraction of the frame's shorter side
MAX_REGION_SHARE: Final = 0.6  # of the image: the largest region that may be a card, or a part of one
EDGE_BAND: Final = (1.5, -1.0)  # working pixels to grow quads of (interior, hole) regions
# A card the frame's edge cuts (``_cut_by_frame``): how far (card widths) the second end
# of the side along the edge may fall short of it, and the shortest far side.
CUT_ASKEW: Final = 0.25
CUT_FAR_SIDE: Final = 0.55
LATTICE_WHITE: Final = 0.85  # a white piece this little white inside its outline is a ring and a lattice
WHITE_MARGIN: Final = 12  # grey levels whiter than the neighbourhood
FRAME_MIRROR: Final = 0.04  # a court card's two frame lines lie this near mirrored about its middle (of its width)
PILE_RATIO: Final = 1.28  # a quad this much wider than the narrowest card face is several cards
PILE_CANNY: Final = (8, 20)  # edge thresholds inside a card-shaped quad: a card's edge on another
ROW_RATIO: Final = 4.0  # straight outlines up to this long are split like piles (a fanned row)
ROW_MIN_RATIO: Final = 1.0  # ... and from this short (a pair shifted sideways is squarish)
PILE_COVER: Final = 0.6  # share of the way across that a card's edge in a pile must show
PILE_SAME_LINE: Final = 5.0  # frame pixels apart: pieces of one wobbly line
RING_BAND: Final = 2  # edge band of the pass that finds court cards' thin rings of card stock
RING_SOLIDITY: Final = 0.75  # a region filling more of its hull is solid, no ring
RING_INSET: Final = 3.0  # working pixels inside the hull where a ring's pixels are looked for
RING_COVER: Final = 0.8  # share of the way round that the ring must run
RING_MAX_SHARE: Final = 0.3  # of the image, the most a ring's box may take (the table is no ring)
RING_PIECE_SPAN: Final = 0.4  # of two pieces' joint box, the least each piece's own box spans
BACK_SOLIDITY: Final = 0.9  # a back's middle, inside its border, fills its hull
# A back's outline holds at most this much of its middle's area: a clean ring's hull held
# 1.17-1.21 of it (synthetic development scenes); one joined to a white card under the
# back 1.36 and more, and outlined the back worse than its middle grown by its border.
BACK_RING_AREA: Final = 1.3
PILE_MAX_EDGES: Final = 0.22  # edge pixel fraction above which a quad is patterned (a back), not a pile


@dataclass
class Quad:
    """A whole card: corners in image pixels, clockwise from any corner."""

    corners: np.ndarray  # 4x2 float32
    short_side: float
    long_side: float


@dataclass
class CornerCandidate:
    """A square corner of some region: where a card's corner (and maybe index) lies.

    ``a`` and ``b`` are unit vectors along the two edges leaving the corner, ordered so
    that turning from ``a`` to ``b`` is clockwise on screen (the handedness of a
    card's index corner when ``a`` runs along its short edge).
    """

    point: np.ndarray  # (2,) float32
    a: np.ndarray
    b: np.ndarray
    len_a: float
    len_b: float
    quad: int  # index into the frame's quads, or -1 for a partial region
    card_w: float = 0.0  # the card width this corner implies (frame pixels), 0 when unknown


@dataclass(frozen=True)
class CutCard:
    """A card the frame's edge may cut across (``_cut_by_frame``): ``probe``, a rectangle
    of it wholly in view to look at (a pattern warped from a skewed shape shears), and
    ``in_view``, the outline of its part in view (the card as reported). Either in
    working or in frame pixels, as its holder says."""

    probe: np.ndarray
    in_view: np.ndarray

    def scaled(self, factor: float) -> CutCard:
        return CutCard(self.probe * factor, self.in_view * factor)


@dataclass
class Regions:
    quads: list[Quad]
    corners: list[CornerCandidate]
    scale: float  # working image pixels per frame pixel
    # Card-shaped outlines of broken rings of card stock (see ``_ring_quads``): a card only
    # if its index reads sure, so they are kept apart from ``quads``.
    rings: list[Quad] = field(default_factory=list)
    # Concentric quads taken for a whole card's picture frame: (the card, the frame). A
    # back lying nearly square on a card shows its coloured middle there.
    frames: list[tuple[Quad, Quad]] = field(default_factory=list)
    # Outlines the frame's edge cuts across, a card's width or length along their far
    # side: maybe a card lying partly out of view (its visible part, any proportions).
    cut: list[CutCard] = field(default_factory=list)
    # Outlines of coloured middles ringed by a thin white border: maybe backs (see
    # ``_back_outlines``); a back only if its middle shows a lattice.
    backs: list[np.ndarray] = field(default_factory=list)


def working_gray(frame: np.ndarray, max_side: int = 640) -> tuple[np.ndarray, np.ndarray, float]:
    """Downscaled grey and whiteness images: cards are found at low resolution, read at full."""
    h, w = frame.shape[:2]
    scale = min(1.0, max_side / max(h, w))
    small = cv2.resize(frame, (int(round(w * scale)), int(round(h * scale))), interpolation=cv2.INTER_AREA) \
        if scale < 1.0 else frame
    hsv = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)
    gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    _, sat, val = cv2.split(hsv)
    whiteness = cv2.subtract(val, sat)  # bright minus saturated
    return gray, whiteness, scale


def _median_u8(img: np.ndarray) -> float:
    """``np.median`` of an 8-bit image from its histogram (no sort)."""
    cum = np.cumsum(cv2.calcHist([img], [0], None, [256], [0, 256]).ravel())
    n = img.size
    lo = int(np.searchsorted(cum, (n - 1) // 2, side="right"))
    hi = int(np.searchsorted(cum, n // 2, side="right"))
    return (lo + hi) / 2.0


def _percentiles_u8(img: np.ndarray, qs: Sequence[float]) -> list[float]:
    """``np.percentile`` (linear) of an 8-bit image at each of ``qs``, from one histogram
    (no sort)."""
    cum = np.cumsum(cv2.calcHist([img], [0], None, [256], [0, 256]).ravel())
    out = []
    for q in qs:
        pos = q / 100.0 * (img.size - 1)
        lo = int(np.floor(pos))
        t = pos - lo
        a = int(np.searchsorted(cum, lo, side="right"))
        b = int(np.searchsorted(cum, min(lo + 1, img.size - 1), side="right"))
        out.append(b - (b - a) * (1.0 - t) if t >= 0.5 else a + (b - a) * t)
    return out


def _edge_regions(gray: np.ndarray, sensitivity: float = 1.0, thickness: int = 3,
                  edges_out: list[np.ndarray] | None = None,
                  blurred: tuple[np.ndarray, float] | None = None,
                  gradients: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """Regions enclosed by edges (255 inside), edges found at a threshold set by the image
    itself; a higher ``sensitivity`` closes the faint outline of a card on a light table.
    The thin edges themselves are appended to ``edges_out`` when given. ``blurred``: the
    image already blurred and its median, ``gradients`` the blurred image's (see
    ``_gradients``), when several passes share them."""
    blur, median = blurred if blurred is not None else _blurred(gray)
    lo, hi = max(6.0, 0.25 * median / sensitivity), max(16.0, 0.6 * median / sensitivity)
    edges = cv2.Canny(*gradients, lo, hi) if gradients is not None else cv2.Canny(blur, lo, hi)
    if edges_out is not None:
        edges_out.append(edges)
    edges = cv2.dilate(edges, np.ones((thickness, thickness), np.uint8))
    return cv2.bitwise_not(edges)


def _gradients(blur: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The Sobel derivatives Canny takes of an image itself (3x3, 16-bit, replicated
    border): Canny given these finds exactly the edges it finds in the image, so passes
    at several thresholds compute them once."""
    return (cv2.Sobel(blur, cv2.CV_16S, 1, 0, ksize=3, borderType=cv2.BORDER_REPLICATE),
            cv2.Sobel(blur, cv2.CV_16S, 0, 1, ksize=3, borderType=cv2.BORDER_REPLICATE))


def _blurred(gray: np.ndarray) -> tuple[np.ndarray, float]:
    blur = cv2.GaussianBlur(gray, (5, 5), 0)
    return blur, _median_u8(blur)


def _white_regions(whiteness: np.ndarray, card_px: float, unopened: list[np.ndarray] | None = None) -> np.ndarray:
    """Pixels whiter than their neighbourhood (one to two card sizes around) and than
    the image's own split between paper and table; opened, so that thin white lines
    (a pattern's, a table's) go. ``unopened``: gets the mask before opening (a back's
    white border is such a line)."""
    block = int(card_px * 2.2) | 1
    local = cv2.blur(whiteness, (block, block))
    otsu, _ = cv2.threshold(whiteness, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    # In 8-bit OpenCV steps (numpy's 16-bit ones cost twice as much): the difference
    # saturates at 0 where the neighbourhood is whiter, which is no excess either; and an
    # integer exceeds otsu * 0.6 exactly when it exceeds its floor.
    white = cv2.bitwise_and(cv2.threshold(cv2.subtract(whiteness, local), WHITE_MARGIN, 255, cv2.THRESH_BINARY)[1],
                            cv2.threshold(whiteness, math.floor(otsu * 0.6), 255, cv2.THRESH_BINARY)[1])
    if unopened is not None:
        unopened.append(white)
    return np.asarray(cv2.morphologyEx(white, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)))


def _back_outlines(white: np.ndarray, min_short: float, min_area: float, max_area: float) -> list[np.ndarray]:
    """Outlines (working pixels) of the cards whose coloured middle a thin white border
    rings (``white``: ``_white_regions``' mask before opening): a back, most often. On a
    dark table a back shows no outline of its own: its lattice cuts its inside into
    pieces, the table's grain joins them to the table, and its border, a pixel or two
    wide at working size, is opened away with the table's pattern. The card is the
    ring's outer outline when that is card-shaped and hugs the middle; else the middle
    grown by a back's usual border (a sixteenth of its width). A back whose lattice
    lines are light too shows no middle: its white piece is the card."""
    contours, hierarchy = cv2.findContours(white, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return []
    rels = hierarchy[0]
    areas = _contour_areas(contours)
    out = []
    for i in np.flatnonzero((rels[:, 3] >= 0) & (areas >= min_area) & (areas <= max_area)).tolist():
        middle = _solid_quad(contours[i], float(areas[i]), 0.8 * min_short)
        if middle is None:
            continue
        parent = contours[int(rels[i, 3])]
        phull = cv2.convexHull(parent)
        pq = _hull_quad(phull)
        card = _as_quad(pq, min_short) if pq is not None else None
        if card is not None and cv2.contourArea(phull) <= BACK_RING_AREA * areas[i] and _inside(
                middle.corners.mean(axis=0), card.corners, 0.0):
            out.append(card.corners)
        else:
            out.append(_offset_quad(middle.corners, middle.short_side / 16))
    # A back whose lattice is drawn in light lines: they join its border into one white
    # piece, card-shaped and solid in outline but mostly not white inside, and the middle
    # shows no hole of its own (one that does was found by it above).
    for i in np.flatnonzero((rels[:, 3] < 0) & (areas >= min_short * min_short * CARD_ASPECT)
                            & (areas <= max_area)).tolist():
        card = _solid_quad(contours[i], float(areas[i]), min_short)
        if card is None or any(_inside(card.corners.mean(axis=0), o, 0.0) for o in out):
            continue
        x, y, bw, bh = cv2.boundingRect(contours[i])
        inside = np.zeros((bh, bw), np.uint8)
        cv2.drawContours(inside, contours, i, 1, -1, offset=(-x, -y))
        if cv2.countNonZero(cv2.bitwise_and(white[y:y + bh, x:x + bw], white[y:y + bh, x:x + bw], mask=inside)
                            ) < LATTICE_WHITE * areas[i]:
            out.append(card.corners)
    return out


def _solid_quad(contour: np.ndarray, area: float, min_short: float) -> Quad | None:
    """The card-shaped quad of a region as solid as a back's middle (``area``: the
    contour's), or None."""
    hull = cv2.convexHull(contour)
    if area < BACK_SOLIDITY * cv2.contourArea(hull):
        return None
    hq = _hull_quad(hull)
    return _as_quad(hq, min_short) if hq is not None else None


def _polygons(mask: np.ndarray, min_area: float, max_area: float, with_holes: bool = False,
              grow: tuple[float, float] = (0.0, 0.0), boxes_out: list[np.ndarray] | None = None
              ) -> list[tuple[np.ndarray, np.ndarray | None, bool]]:
    """Outline polygons of regions; with each, its hull's quadrilateral when the region
    is solid enough to be one card (index letters and pips bite notches out of a card's
    white area; the hull closes them). With ``with_holes``, the boundaries of holes count
    too: in an edge map the hole that a card's outline cuts in the table region is the
    card's exact outline. ``boxes_out`` gets the bounding boxes of all the regions, of
    any size (``_region_boxes``)."""
    contours, hierarchy = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    out: list[tuple[np.ndarray, np.ndarray | None, bool]] = []
    if hierarchy is None:
        if boxes_out is not None:
            boxes_out.append(np.zeros((0, 4), np.int64))
        return out
    rels = hierarchy[0]
    joined = _joined(contours)
    if boxes_out is not None:
        boxes_out.append(_region_boxes(joined, rels))
    areas = _contour_areas(contours, joined)
    keep = (areas >= min_area) & (areas <= max_area)
    if not with_holes:
        keep &= rels[:, 3] < 0
    for i in np.flatnonzero(keep).tolist():
        c, rel, area = np.asarray(contours[i]), rels[i], float(areas[i])
        hull = cv2.convexHull(c)
        hull_area = cv2.contourArea(hull)
        if hull_area <= 0:
            continue
        poly = cv2.approxPolyDP(c, 0.02 * cv2.arcLength(c, True), True).reshape(-1, 2).astype(np.float32)
        interior = rel[3] < 0
        quad = _hull_quad(hull) if area / hull_area > (0.75 if interior else 0.9) else None
        if quad is not None:
            # A region inside an outline stops short of the card's edge by the edge band's
            # width; a hole in the table region starts just beyond it.
            quad = _offset_quad(quad, grow[0] if interior else grow[1])
        if len(poly) >= 3:
            out.append((poly, quad, interior))
    return out


def _joined(contours: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """The points of all ``contours`` (at least one) in one array, and each one's length."""
    return np.concatenate(contours).reshape(-1, 2), np.fromiter(map(len, contours), np.int64, len(contours))


def _region_boxes(joined: tuple[np.ndarray, np.ndarray], rels: np.ndarray) -> np.ndarray:
    """Bounding boxes (x0, y0, x1, y1, ends exclusive) of the regions whose outer
    boundaries are the top-level contours of a ``cv2.RETR_CCOMP`` hierarchy (every
    region's outer boundary is one, islands in holes included), computed at once from
    the contours ``_joined``."""
    pts, lengths = joined
    starts = np.cumsum(lengths) - lengths
    lo, hi = np.minimum.reduceat(pts, starts, axis=0), np.maximum.reduceat(pts, starts, axis=0)
    boxes: np.ndarray = np.concatenate([lo, hi + 1], axis=1)[rels[:, 3] < 0].astype(np.int64)
    return boxes


def _contour_areas(contours: Sequence[np.ndarray], joined: tuple[np.ndarray, np.ndarray] | None = None
                   ) -> np.ndarray:
    """``cv2.contourArea`` of every contour at once (a busy edge map closes thousands of
    specks, nearly all too small to matter: one call each would cost milliseconds).
    Shoelace sums over the concatenated points (``joined``, when made already); each
    contour closes on its first point."""
    if not len(contours):
        return np.zeros(0)
    pts, lengths = joined if joined is not None else _joined(contours)
    pts = pts.astype(np.int64) if pts.dtype.kind in "iu" else pts.astype(np.float64)
    x, y = pts[:, 0], pts[:, 1]
    step = np.zeros(len(pts), pts.dtype)
    np.cumsum(x[:-1] * y[1:] - x[1:] * y[:-1], out=step[1:])
    ends = np.cumsum(lengths) - 1
    starts = ends - lengths + 1
    shoelace = step[ends] - step[starts] + x[ends] * y[starts] - x[starts] * y[ends]
    areas: np.ndarray = np.abs(shoelace) * 0.5
    return areas


def _nxt(a: np.ndarray) -> np.ndarray:
    """Rows shifted so that row i holds row i+1 (cyclic): ``np.roll(a, -1, 0)``, cheaper."""
    return np.concatenate((a[1:], a[:1]))


def _prv(a: np.ndarray) -> np.ndarray:
    """Rows shifted so that row i holds row i-1 (cyclic): ``np.roll(a, 1, 0)``, cheaper."""
    return np.concatenate((a[-1:], a[:-1]))


def card_outline(top_left: np.ndarray, across: np.ndarray, down: np.ndarray, width: float,
                 length: float) -> np.ndarray:
    """A card's outline, TL, TR, BR, BL as read (float32, 4x2), from its top-left corner,
    the unit vectors along its top and its long side, and its width and length."""
    return np.array([top_left, top_left + across * width, top_left + across * width + down * length,
                     top_left + down * length], np.float32)


def _offset_quad(quad: np.ndarray, distance: float) -> np.ndarray:
    """Move each side of a convex quad outward (or inward, negative) by ``distance`` pixels.
    (Plain floats: numpy's per-call cost dominates on four points, and every outline in
    a frame passes here.)"""
    if distance == 0.0:
        return quad
    q = quad.tolist()
    n = len(q)
    cx, cy = sum(p[0] for p in q) / n, sum(p[1] for p in q) / n
    lines = []
    for i in range(n):
        (x0, y0), (x1, y1) = q[i], q[(i + 1) % n]
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy) + 1e-9
        nx, ny = -dy / length, dx / length
        if nx * ((x0 + x1) / 2 - cx) + ny * ((y0 + y1) / 2 - cy) < 0:
            nx, ny = -nx, -ny
        lines.append((x0 + nx * distance, y0 + ny * distance, dx, dy))
    out = []
    for i in range(n):
        x = _meet(lines[i - 1], lines[i])
        out.append(q[i] if x is None else x)
    return np.array(out, np.float32)


def _meet(p: tuple[float, float, float, float], r: tuple[float, float, float, float]) -> tuple[float, float] | None:
    """Where line (x, y, dx, dy) ``p`` meets line ``r``; None when parallel."""
    px, py, dpx, dpy = p
    rx, ry, drx, dry = r
    den = dpx * dry - dpy * drx
    if abs(den) < 1e-6:
        return None
    t = ((rx - px) * dry - (ry - py) * drx) / den
    return px + t * dpx, py + t * dpy


def _hull_quad(hull: np.ndarray) -> np.ndarray | None:
    """The card quadrilateral of a convex hull: lines through its four longest sides,
    intersected, so a corner that an index letter or a rounded corner cut off returns."""
    perimeter = cv2.arcLength(hull, True)
    approx = cv2.approxPolyDP(hull, 0.015 * perimeter, True).reshape(-1, 2).tolist()
    n = len(approx)
    if n < 4 or n > 8:
        return None
    sides = [(x, y, approx[(i + 1) % n][0] - x, approx[(i + 1) % n][1] - y) for i, (x, y) in enumerate(approx)]
    lengths = [math.hypot(s[2], s[3]) for s in sides]
    longest = sorted(sorted(range(n), key=lambda i: -lengths[i])[:4])
    if sum(lengths[i] for i in longest) < 0.8 * perimeter:
        return None
    corners = []
    for k in range(4):
        p = _meet(sides[longest[k]], sides[longest[(k + 1) % 4]])
        if p is None:
            return None
        corners.append(p)
    quad = np.array(corners, np.float32)
    # Intersections far outside the hull mean the sides were not a card's.
    if cv2.contourArea(quad) > 1.15 * cv2.contourArea(hull):
        return None
    return quad


def _as_quad(poly: np.ndarray, min_short: float, max_ratio: float = CARD_ASPECT * 1.3,
             min_ratio: float = CARD_ASPECT * 0.78) -> Quad | None:
    if len(poly) != 4 or not cv2.isContourConvex(poly.reshape(-1, 1, 2)):
        return None
    q = poly.tolist()
    u = [(q[(i + 1) % 4][0] - q[i][0], q[(i + 1) % 4][1] - q[i][1]) for i in range(4)]
    sides = [math.hypot(x, y) for x, y in u]
    short = (sides[0] + sides[2]) / 2
    long_ = (sides[1] + sides[3]) / 2
    if short > long_:
        short, long_ = long_, short
    if short < min_short:
        return None
    ratio = long_ / short
    # Card proportions, allowing a moderate camera tilt; and a back's coloured middle
    # inside its white border (the border's even width lengthens it further: tilted,
    # such a middle measured 1.27 times a card's proportions).
    if not (min_ratio <= ratio <= max_ratio):
        return None
    for i in range(4):
        (ux, uy), (vx, vy) = u[i], u[i - 1]  # v: back along the previous side
        if abs(-(ux * vx + uy * vy) / (sides[i] * sides[i - 1] + 1e-9)) > 0.35:
            return None
    return Quad(_clockwise(poly), short, long_)


def _clockwise(poly: np.ndarray) -> np.ndarray:
    # Image y points down, so a positive shoelace sum is clockwise on screen.
    nxt = _nxt(poly)
    s = float((poly[:, 0] * nxt[:, 1] - nxt[:, 0] * poly[:, 1]).sum())
    return poly if s > 0 else poly[::-1].copy()


def _iou_quads(p: np.ndarray, q: np.ndarray) -> float:
    inter, _ = cv2.intersectConvexConvex(p.astype(np.float32), q.astype(np.float32))
    union = cv2.contourArea(p.astype(np.float32)) + cv2.contourArea(q.astype(np.float32)) - inter
    return float(inter / union) if union > 0 else 0.0


def _card_width(corners: np.ndarray) -> float:
    """A card's width from its outline (TL, TR, BR, BL as read): the shorter of the two
    sides at its first corner."""
    return float(min(np.linalg.norm(corners[1] - corners[0]), np.linalg.norm(corners[3] - corners[0])))


def _inside(point: np.ndarray, quad: np.ndarray, margin: float) -> bool:
    return cv2.pointPolygonTest(quad.reshape(-1, 1, 2).astype(np.float32),
                                (float(point[0]), float(point[1])), True) > margin


@dataclass
class WholeCards:
    """The first look of ``identify_cards``: the plain whole cards, and what they must
    explain for nothing else to be on the table."""

    quads: list[Quad]  # frame pixels
    stock: np.ndarray  # working pixels: 255 where card stock lies (whiter than around it)
    stock_boxes: np.ndarray  # working pixels: each piece of stock's box (x0, y0, x1, y1, ends exclusive)
    outlines: list[np.ndarray]  # frame pixels: card-shaped outlines of the strong edge pass
    working: tuple[np.ndarray, np.ndarray, float]  # ``working_gray`` of the frame
    strong: list[tuple[np.ndarray, np.ndarray | None, bool]]  # the strong edge pass's ``_polygons``
    strong_regions: np.ndarray  # working pixels: that pass's regions (255 inside)
    # Frame pixels: outlines of the strong edge pass that the frame's edge cuts across
    # (``_cut_by_frame``): maybe a back partly out of view, which shows no whiteness.
    cut: list[CutCard] = field(default_factory=list)
    # Working pixels: the rings of card stock (``_rings``), once ``find_rings`` has looked.
    rings: list[Quad] | None = None
    # The working image blurred and its median (``_blurred``), which the strong edge pass
    # took, and its ``_gradients`` once a later look has made them: the second look and
    # the full search take them rather than making them again.
    blurred: tuple[np.ndarray, float] | None = None
    gradients: tuple[np.ndarray, np.ndarray] | None = None

    def blur_and_gradients(self) -> tuple[tuple[np.ndarray, float], tuple[np.ndarray, np.ndarray]]:
        """``blurred`` and ``gradients``, each made (and kept) if not there yet."""
        if self.blurred is None:
            self.blurred = _blurred(self.working[0])
        if self.gradients is None:
            self.gradients = _gradients(self.blurred[0])
        return self.blurred, self.gradients

    @property
    def scale(self) -> float:
        """Working image pixels per frame pixel."""
        return self.working[2]


def find_whole_cards(frame: np.ndarray) -> WholeCards:
    """The plain whole cards of a BGR frame: card-shaped blobs of whiteness, none inside
    another or wider than the rest (``one_card`` tells whether a card's edge crosses
    one); and the card-shaped outlines of the strong edge pass (a back shows one, and
    no whiteness; its outlines are looked for, not read). Cheap (no faint edge pass, no
    corners): when these cards, read, explain all the card stock and outlines of the
    frame, nothing more is there to find; when they do not, the full search
    (``find_regions``, with its defaults) looks again."""
    working = working_gray(frame)
    gray, whiteness, scale = working
    h, w = gray.shape
    min_short, min_area, max_area = _card_bounds(h, w, MIN_CARD_FRAC)
    blurred = _blurred(gray)
    strong_regions = _edge_regions(gray, blurred=blurred)
    edge_polys = _polygons(strong_regions, min_area, max_area, True, EDGE_BAND)
    outlines = [q for q in (_as_quad(hq, min_short) for _, hq, _ in edge_polys if hq is not None) if q is not None]
    sure = _sure_quads(edge_polys, min_short, (h, w))
    card_px = _card_px(sure, h, w)
    stock = _white_regions(whiteness, card_px)
    stock_boxes: list[np.ndarray] = []
    quads, partial, _ = _card_quads(_tagged([], _polygons(stock, min_area, max_area, boxes_out=stock_boxes)),
                                    min_short, card_px, 0.0)
    # The outlines take part in sorting out nested quads (and are no cards themselves):
    # a white quad holding the outline of a card that shares two of its corners, or
    # several, is a row of cards side by side.
    sorted_out = _nested(quads + outlines, partial, gray.shape)
    kept = _oversized([q for q in sorted_out if any(q is o for o in quads)], partial, whiteness)
    inv = 1.0 / scale
    return WholeCards([Quad(q.corners * inv, q.short_side * inv, q.long_side * inv) for q in kept], stock,
                      stock_boxes[0],
                      [q.corners * inv for q in outlines], working, edge_polys, strong_regions,
                      [c.scaled(inv) for c in _cut_by_frame(edge_polys, card_px, h, w)], blurred=blurred)


def one_card(frame: np.ndarray, quad: Quad, scale: float) -> bool:
    """Whether pile splitting keeps a quad (frame pixels; ``scale``: working pixels per
    frame pixel) as it is: no card's edge crosses it, or only its own (a court card's frame)."""
    working = Quad(quad.corners * scale, quad.short_side * scale, quad.long_side * scale)
    kept = _split_piles([working], [], frame, scale, [])
    return len(kept) == 1 and kept[0] is working


def _card_bounds(h: int, w: int, min_card_frac: float) -> tuple[float, float, float]:
    """For a working image of ``h`` x ``w``: the shortest side a card may have, and the
    least and largest area of a region that may be a card or a visible part of one."""
    min_short = min_card_frac * min(h, w)
    return min_short, min_short * min_short * CARD_ASPECT * 0.25, MAX_REGION_SHARE * h * w


def _card_px(sure: list[Quad], h: int, w: int) -> float:
    """The cards' short side in working pixels: the sure quads', or a guess from the image."""
    return float(np.median([q.short_side for q in sure])) if sure else min(h, w) * 0.12


def _sure_quads(edge_polys: list[tuple[np.ndarray, np.ndarray | None, bool]], min_short: float,
                shape: tuple[int, int]) -> list[Quad]:
    """The white area inside one card's outline is one card for sure; outlines and white
    blobs may be several overlapping cards whose hull happens to look card-shaped. An
    area the frame's edge closes off is no card's outline (a wall or a box cut by the
    frame can be card-shaped): it would set the cards' size wrong."""
    h, w = shape
    return [q for q in (_as_quad(hq, min_short) for _, hq, interior in edge_polys if hq is not None and interior)
            if q is not None and not _at_border(q.corners, h, w)]


def _at_border(corners: np.ndarray, h: int, w: int) -> bool:
    """Whether a quad (working pixels) reaches the image's edge."""
    return bool(corners[:, 0].min() < 1 or corners[:, 1].min() < 1 or corners[:, 0].max() > w - 2
                or corners[:, 1].max() > h - 2)


def _tagged(edge_polys: list[tuple[np.ndarray, np.ndarray | None, bool]],
            white_polys: list[tuple[np.ndarray, np.ndarray | None, bool]]
            ) -> list[tuple[np.ndarray, np.ndarray | None, bool, bool]]:
    """Edge and whiteness polygons in one list: (polygon, hull quad, interior, white)."""
    return [(p, hq, interior, False) for p, hq, interior in edge_polys] + \
        [(p, hq, True, True) for p, hq, _ in white_polys]


def _card_quads(polys: list[tuple[np.ndarray, np.ndarray | None, bool, bool]], min_short: float, card_px: float,
                ref_long: float) -> tuple[list[Quad], list[np.ndarray], list[Quad]]:
    """Card-shaped quads among the polygons (one per card: near copies go); the polygons
    that are no card (``partial``: they may show a covered card's corners), and the
    straight outlines too long for one card (``rows``: maybe a fanned row)."""
    quads: list[Quad] = []
    partial: list[np.ndarray] = []
    rows: list[Quad] = []
    for poly, hull_quad, interior, white in polys:
        q = _as_quad(hull_quad, min_short) if hull_quad is not None else None
        if q is None and hull_quad is not None and (white or not interior):
            # A pair shifted along the cards' short side has a square outline: from 1.0.
            r = _as_quad(hull_quad, min_short, ROW_RATIO, ROW_MIN_RATIO)
            if r is not None and not any(_iou_quads(r.corners, o.corners) > 0.7 for o in rows):
                rows.append(r)
        if q is not None and not interior and ref_long > 0 and (
                q.long_side > 1.18 * ref_long or q.short_side > 1.18 * card_px):
            q = None
        if q is None:
            partial.append(poly)
            if white and len(poly) > 4:
                # Index letters bite notches into a card's white area right at its index
                # corner, leaving one side of that corner too short to count: the convex
                # outline has the corner whole.
                partial.append(cv2.convexHull(poly).reshape(-1, 2))
            continue
        if any(_iou_quads(q.corners, o.corners) > 0.7 for o in quads):
            continue
        quads.append(q)
    return quads, partial, rows


def find_regions(frame: np.ndarray, min_card_frac: float = MIN_CARD_FRAC, max_side: int = 640,
                 first: WholeCards | None = None) -> Regions:
    """Whole cards and square corners in a BGR frame; coordinates in frame pixels.
    ``first``: the first look at the frame (``find_whole_cards``, with these defaults),
    when the caller has it: its working images and strong edge pass are not made again."""
    gray, whiteness, scale = first.working if first is not None else working_gray(frame, max_side)
    h, w = gray.shape
    min_short, min_area, max_area = _card_bounds(h, w, min_card_frac)
    if first is not None:
        blurred, grads = first.blur_and_gradients()
    else:
        blurred = _blurred(gray)
        grads = _gradients(blurred[0])
    # Canny finds the same edges in the gradients as in the blurred image they come from.
    strong_regions = first.strong_regions if first is not None else _edge_regions(
        gray, blurred=blurred, gradients=grads)
    strong = first.strong if first is not None else _polygons(strong_regions, min_area, max_area, True, EDGE_BAND)
    edge_polys = strong + _polygons(_edge_regions(gray, 2.5, blurred=blurred, gradients=grads), min_area, max_area,
                                    True, EDGE_BAND)
    sure = _sure_quads(edge_polys, min_short, (h, w))
    card_px = _card_px(sure, h, w)
    unopened: list[np.ndarray] = []
    white_polys = _polygons(_white_regions(whiteness, card_px, unopened), min_area, max_area)
    quads, partial, rows = _card_quads(_tagged(edge_polys, white_polys), min_short, card_px,
                                       float(np.median([q.long_side for q in sure])) if sure else 0.0)
    split: list[CornerCandidate] = []
    quads = _split_piles(quads, partial, frame, scale, split)
    quads += _split_piles(rows, [], frame, scale, split, keep_unsplit=False)
    frames: list[tuple[Quad, Quad]] = []
    kept = _oversized(_nested(quads, partial, gray.shape, frames), partial, whiteness)
    frames = [(o, f) for o, f in frames if any(o is q for q in kept)]
    rings = _rings_off(first.rings if first is not None and first.rings is not None else _rings(
        gray, blurred, grads, strong_regions, min_short, min_area, max_area), kept)

    ref_short = float(np.median([q.short_side for q in kept])) if kept else min_short * 2
    corners: list[CornerCandidate] = []
    for qi, q in enumerate(kept):
        corners.extend(_square_corners(q.corners, qi, 0.0))
    card_area = ref_short * ref_short * CARD_ASPECT
    for c in split:
        if any(_inside(c.point, q.corners, 0.12 * q.short_side) for q in kept):
            continue
        if any(np.linalg.norm(c.point - o.point) < 0.08 * ref_short for o in corners):
            continue
        corners.append(c)
    corners += _partial_corners(partial, kept, corners, ref_short, card_area)
    inv = 1.0 / scale
    for q in kept + rings:
        q.corners = q.corners * inv
        q.short_side *= inv
        q.long_side *= inv
    for c in corners:
        c.point = c.point * inv
        c.len_a *= inv
        c.len_b *= inv
        c.card_w *= inv
    frames = [(o, Quad(f.corners * inv, f.short_side * inv, f.long_side * inv)) for o, f in frames]
    backs = [c * inv for c in _back_outlines(unopened[0], min_short, min_area, max_area)]
    return Regions(kept, corners, scale, frames=frames,
                   cut=[c.scaled(inv) for c in _cut_by_frame(edge_polys, card_px, h, w)], rings=rings, backs=backs)


def find_rings(first: WholeCards) -> list[Quad]:
    """The card-shaped broken rings of card stock (``_ring_quads``) in the frame of a
    first look (``find_whole_cards``), none on its quads; frame pixels. The
    second look of ``identify_cards``: a real deck's court card, or a ten whose pips all
    but touch, shows its white face in pieces, which the first look does not take for a
    card."""
    gray, _, scale = first.working
    h, w = gray.shape
    min_short, min_area, max_area = _card_bounds(h, w, MIN_CARD_FRAC)
    blurred, grads = first.blur_and_gradients()
    kept = [Quad(q.corners * scale, q.short_side * scale, q.long_side * scale) for q in first.quads]
    # Kept with the first look: a frame that the second look does not answer either
    # takes the full search, which looks for the same rings.
    first.rings = _rings(gray, blurred, grads, first.strong_regions, min_short, min_area, max_area)
    rings = _rings_off(first.rings, kept)
    inv = 1.0 / scale
    return [Quad(r.corners * inv, r.short_side * inv, r.long_side * inv) for r in rings]


def _rings(gray: np.ndarray, blurred: tuple[np.ndarray, float], grads: tuple[np.ndarray, np.ndarray],
           strong_regions: np.ndarray, min_short: float, min_area: float, max_area: float) -> list[Quad]:
    """``_ring_quads`` of a working image (``blurred``, ``grads``: its ``_blurred`` and
    ``_gradients``; ``strong_regions``: its strong edge pass)."""
    # The ring pass's thin edge band keeps most rings open; the strong pass's wider one
    # closes off pieces that the index letters broke a ring into there: its pairs only.
    rings = _ring_quads(_edge_regions(gray, 1.0, RING_BAND, blurred=blurred, gradients=grads),
                        min_short, min_area, max_area)
    return rings + [r for r in _ring_quads(strong_regions, min_short, min_area, max_area, singles=False)
                    if not any(_iou_quads(r.corners, o.corners) > 0.7 for o in rings)]


def _rings_off(rings: list[Quad], kept: list[Quad]) -> list[Quad]:
    """Copies of the ``rings`` that are none of the quads ``kept``, nor the ring of a
    court card's picture frame inside one of them."""
    return [Quad(r.corners.copy(), r.short_side, r.long_side) for r in rings
            if not any(_iou_quads(r.corners, q.corners) > 0.3 or (
                _inside(r.corners.mean(axis=0), q.corners, 0.0) and q.short_side < 1.6 * r.short_side)
                for q in kept)]  # (the latter: the ring of a court card's picture frame, inside its card)


def _ring_quads(regions: np.ndarray, min_short: float, min_area: float, max_area: float,
                singles: bool = True) -> list[Quad]:
    """Card-shaped outlines of the thin rings of card stock that a court card's picture
    frame leaves inside its edge. On a small photo the ring is a few pixels wide and the
    index letters, close to the edge, break it: the region is a "C", far from solid, and
    its outline is no quad; its convex hull still is the card. It counts when the ring
    runs along the hull's inside nearly all the way round (a broken ring, not some
    concave blob whose hull happens to be card-shaped). Letters at both index corners
    break it in two: two "L"s, each spanning most of the card's box, are tried together.
    ``regions``: an edge pass's regions (255 inside), with a thin edge band so that the
    ring stays open. Without ``singles``, only pairs are tried."""
    # Pieces of table or card stock touching only at a corner are apart here (a ring
    # that an edge breaks diagonally is open, not joined to the table around it).
    n, labels, stats, _ = cv2.connectedComponentsWithStats(regions, connectivity=4)
    out: list[Quad] = []
    bw_, bh_ = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]
    # (A busy edge map has thousands of pieces: the few of a card's size are picked at once.)
    pick = (np.minimum(bw_, bh_) >= min_short) & (bw_ * bh_ >= min_area) & (bw_ * bh_ <= RING_MAX_SHARE * regions.size) & (
        stats[:, cv2.CC_STAT_AREA] <= RING_SOLIDITY * bw_ * bh_)
    pick[0] = False
    unringed = []
    for i in np.flatnonzero(pick).tolist():
        if not singles:
            unringed.append(i)
            continue
        x, y, bw, bh, pixels = (int(v) for v in stats[i])
        q = _ring_quad((labels[y:y + bh, x:x + bw] == i).view(np.uint8), x, y, pixels, min_short, min_area, max_area)
        if q is not None:
            out.append(q)
        else:
            unringed.append(i)
    # Pairs whose joint box each piece's own box spans enough of, all at once (a busy
    # edge map leaves a hundred pieces: thousands of pairs).
    u = np.array(unringed, np.intp)
    x0, y0 = stats[u, 0].astype(np.int64), stats[u, 1].astype(np.int64)
    x1, y1 = x0 + bw_[u], y0 + bh_[u]
    own = bw_[u].astype(np.int64) * bh_[u]
    jw = np.maximum(x1[:, None], x1[None, :]) - np.minimum(x0[:, None], x0[None, :])
    jh = np.maximum(y1[:, None], y1[None, :]) - np.minimum(y0[:, None], y0[None, :])
    joint = jw * jh
    # (A card's box, however it lies, is no more elongated than the card.)
    fits = (np.minimum(own[:, None], own[None, :]) >= RING_PIECE_SPAN * joint) & (
        joint <= RING_MAX_SHARE * regions.size) & (np.maximum(jw, jh) <= CARD_ASPECT * 1.15 * np.minimum(jw, jh))
    for a, b in zip(*np.nonzero(np.triu(fits, 1))):
        i, j = int(u[a]), int(u[b])
        x, y = int(min(x0[a], x0[b])), int(min(y0[a], y0[b]))
        both = labels[y:int(max(y1[a], y1[b])), x:int(max(x1[a], x1[b]))]
        q = _ring_quad(((both == i) | (both == j)).view(np.uint8), x, y,
                       int(stats[i, cv2.CC_STAT_AREA] + stats[j, cv2.CC_STAT_AREA]), min_short, min_area, max_area)
        if q is not None:
            out.append(q)
    return out


def _ring_quad(piece: np.ndarray, x: int, y: int, pixels: int, min_short: float, min_area: float,
               max_area: float) -> Quad | None:
    """The card that a ring of card stock (``piece``: 1 on it, its box's top left at
    ``x``, ``y`` in working pixels; ``pixels`` of it) outlines, if it is one."""
    bh, bw = piece.shape
    outline, _ = cv2.findContours(piece, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hull = cv2.convexHull(np.concatenate(outline) + np.array([x, y], np.int32))
    hull_area = float(cv2.contourArea(hull))
    if not min_area <= hull_area <= max_area or pixels > RING_SOLIDITY * hull_area:
        return None  # a solid region is the ordinary passes' to judge
    corners = _hull_quad(hull)
    q = _as_quad(corners, min_short, CARD_ASPECT * 1.15, CARD_ASPECT * 0.85) if corners is not None else None
    if q is None:
        # Where the ring is broken, at the index, the hull cuts the card's corner off;
        # the smallest rectangle around the hull still has it.
        rect = cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float32)
        q = _as_quad(rect, min_short, CARD_ASPECT * 1.15, CARD_ASPECT * 0.85)
        if q is None or hull_area < 0.9 * q.short_side * q.long_side:
            return None
    # The ring's own pixels, just inside the hull's sides, all the way round.
    mask = cv2.copyMakeBorder(piece, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    t = np.linspace(0.0, 1.0, 24, endpoint=False)[:, None]
    inset = _offset_quad(q.corners, -RING_INSET)
    pts = np.concatenate([inset[k] + t * (inset[(k + 1) % 4] - inset[k]) for k in range(4)])
    px = np.clip(np.round(pts[:, 0] - x + 1).astype(np.intp), 0, bw + 1)
    py = np.clip(np.round(pts[:, 1] - y + 1).astype(np.intp), 0, bh + 1)
    if float((cv2.dilate(mask, np.ones((3, 3), np.uint8))[py, px] > 0).mean()) < RING_COVER:
        return None
    q.corners = _offset_quad(q.corners, EDGE_BAND[0])
    return q


def _cut_by_frame(edge_polys: list[tuple[np.ndarray, np.ndarray | None, bool]], card_px: float, h: int,
                  w: int) -> list[CutCard]:
    """Regions inside an outline whose hull is four-sided with one side along the image's
    edge, its two other corners square, and the side facing that edge half a card's width
    to a card's length long (working pixels; ``card_px``: the cards' short side: a tilted
    camera shows the cards at the frame's far side smaller), reaching a third of a card's
    width into the frame: maybe the part in view of a card the frame's edge cuts across.
    Each is probed by the rectangle on its far side (see below)."""
    out = []
    for _, hq, interior in edge_polys:
        if hq is None or not interior or not _at_border(hq, h, w):
            continue
        i = _side_along_border(hq, h, w, CUT_ASKEW * card_px)
        if i is None:
            continue
        a, b, c, d = (hq[(i + k) % 4] for k in range(4))  # a, b along the edge
        far = float(np.linalg.norm(d - c))
        depth = min(float(np.linalg.norm(c - b)), float(np.linalg.norm(d - a)))
        square = all(abs(float(np.dot(u, v))) < 0.35 * float(np.linalg.norm(u) * np.linalg.norm(v)) + 1e-9
                     for u, v in ((b - c, d - c), (c - d, a - d)))
        if square and CUT_FAR_SIDE * card_px <= far <= 1.3 * CARD_ASPECT * card_px and depth >= card_px / 3:
            # The rectangle on the far side, as deep as the nearer of the cut sides: the
            # frame's edge cuts a tilted card askew, and a pattern warped from such a
            # trapezoid is sheared unevenly.
            n = np.array([d[1] - c[1], c[0] - d[0]], np.float32) / far
            if float(np.dot(n, a - d)) < 0:
                n = -n
            out.append(CutCard(np.array([d + n * depth, c + n * depth, c, d], np.float32), hq.astype(np.float32)))
    return out


def _side_along_border(quad: np.ndarray, h: int, w: int, askew: float) -> int | None:
    """The side ``quad[i]``-``quad[i + 1]`` that runs along one edge of a ``h`` x ``w``
    image: one end on it, the other at most ``askew`` pixels from it (a hull's four
    corners stand for the five of a card cut askew, so the second end may fall short
    of the edge); the nearest such side, or None."""
    x, y = quad[:, 0], quad[:, 1]
    gaps = np.stack([x, y, w - 1 - x, h - 1 - y])  # each corner's distance to each image edge
    best, best_gap = None, askew
    for i in range(4):
        j = (i + 1) % 4
        for edge in gaps:
            near, far = sorted((float(edge[i]), float(edge[j])))
            if near <= 1.0 and far <= best_gap:
                best, best_gap = i, far
    return best


def _nested(quads: list[Quad], partial: list[np.ndarray], shape: tuple[int, ...] | None = None,
            frames_out: list[tuple[Quad, Quad]] | None = None) -> list[Quad]:
    """Sort out card-shaped quads that lie inside bigger ones.

    A court card's picture frame, a pip or a piece of art is card-shaped too and lies
    inside its card: the inner quad goes. But the outline of a few cards overlapping in
    a row is often card-shaped as well, with the top card inside it sharing two of its
    corners; and a sheet of paper or a tray under the cards is a big quad with whole
    cards inside. Those outer quads are not cards: they go (their outline still offers
    its square corners), and the cards inside stay. An outline that the image's edge
    (``shape``) closes off is no card seen whole: what lies inside it is no pip (a back's
    middle inside the table's region that the frame's edge and a hand close off)."""
    quads = sorted(quads, key=lambda q: -q.short_side * q.long_side)
    dropped = [False] * len(quads)
    for i, o in enumerate(quads):
        area_o = o.short_side * o.long_side
        inner: list[int] = []
        cut = shape is not None and _at_border(o.corners, shape[0], shape[1])
        for j in range(i + 1, len(quads)):
            q = quads[j]
            if dropped[j] or not _inside(q.corners.mean(axis=0), o.corners, 0):
                continue
            ratio = q.short_side * q.long_side / area_o
            if ratio >= 0.8:
                continue  # the same card found twice, a little bigger or smaller
            if ratio < 0.12 and not cut:
                dropped[j] = True  # a pip or a piece of art
                continue
            inner.append(j)
        if not inner:
            continue
        tol = 0.1 * o.short_side
        shared = [j for j in inner
                  if sum(float(np.min(np.linalg.norm(o.corners - c, axis=1))) < tol for c in quads[j].corners) >= 2]
        centre_o = o.corners.mean(axis=0)
        frames = [j for j in inner if j not in shared and float(
            np.linalg.norm(quads[j].corners.mean(axis=0) - centre_o)) < 0.15 * o.short_side and
            quads[j].short_side * quads[j].long_side >= 0.4 * area_o]
        if shared or len(inner) - len(frames) >= 2 or (not frames and inner):
            # Several cards, or the top card of an overlapping row, or a card on a sheet:
            # the outer quad is no card.
            dropped[i] = True
            partial.append(o.corners.copy())
        else:
            for j in inner:
                dropped[j] = True  # a court card's picture frame
                if frames_out is not None:
                    frames_out.append((o, quads[j]))
    return [q for q, d in zip(quads, dropped) if not d]


def _oversized(quads: list[Quad], partial: list[np.ndarray], whiteness: np.ndarray) -> list[Quad]:
    """Drop quads much wider than the narrowest card face in the frame: two or three
    cards overlapping side by side make a card-shaped outline whose short side is a
    card's long side (and with no shadow between them, nothing inside it tells them
    apart). Their outline's corners are still the outer cards' corners. Only white quads
    set the size: card faces, not keys, tiles, boxes or the coloured middle of a card's
    back (which is narrower than a card and would make every card look like a pile)."""
    if len(quads) < 2:
        return quads
    gray = whiteness
    # Lighter than most of the table, and near the whitest thing in the frame (card stock).
    p75, p995 = _percentiles_u8(gray, (75, 99.5))
    light = max(p75, 0.4 * p995)
    faces = []
    for q in quads:
        x, y, w, h = cv2.boundingRect(q.corners.astype(np.int32))
        x0, y0 = max(x, 0), max(y, 0)
        roi = gray[y0:y + h, x0:x + w]
        if roi.size == 0:
            continue
        mask = np.zeros(roi.shape, np.uint8)
        cv2.fillConvexPoly(mask, np.round(q.corners - (x0, y0)).astype(np.int32), 255)
        # A face the frame's edge cuts shows narrower than a card: it sets no size.
        if cv2.mean(roi, mask)[0] > light and not _at_border(q.corners, *gray.shape[:2]):
            faces.append(q.short_side)
    if len(faces) < 2:
        return quads
    median = float(np.median(faces))
    ref = min(f for f in faces if f >= 0.7 * median)
    out = []
    for q in quads:
        if q.short_side > PILE_RATIO * ref:
            partial.append(q.corners.copy())
        else:
            out.append(q)
    return out


def _square_corners(poly: np.ndarray, quad_index: int, min_edge: float) -> list[CornerCandidate]:
    """Convex corners of a clockwise polygon that are roughly square (vectorised: wood
    grain and cloth give hundreds of polygons a frame)."""
    u = _nxt(poly) - poly
    v = _prv(poly) - poly
    lu = np.hypot(u[:, 0], u[:, 1])
    lv = np.hypot(v[:, 0], v[:, 1])
    ok = (lu >= max(min_edge, 1e-6)) & (lv >= max(min_edge, 1e-6))
    if not ok.any():
        return []
    cosang = (u * v).sum(axis=1) / np.maximum(lu * lv, 1e-9)
    cross = u[:, 0] * v[:, 1] - u[:, 1] * v[:, 0]
    # Clockwise polygon: a convex corner turns the same way at every vertex.
    ok &= (np.abs(cosang) <= 0.4) & (cross > 0)
    out = []
    for i in np.nonzero(ok)[0]:
        a, b = u[i] / lu[i], v[i] / lv[i]
        la, lb = float(lu[i]), float(lv[i])
        if a[0] * b[1] - a[1] * b[0] < 0:
            a, b, la, lb = b, a, lb, la
        out.append(CornerCandidate(poly[i].astype(np.float32), a.astype(np.float32), b.astype(np.float32),
                                   la, lb, quad_index))
    return out


def _partial_corners(partial: list[np.ndarray], kept: list[Quad], taken: list[CornerCandidate],
                     ref_short: float, card_area: float) -> list[CornerCandidate]:
    """Square corners of the partial polygons, in polygon order, that lie clear of the
    whole cards and of every corner already taken (``taken``, then each other). All
    polygons at once: a cloth or wood grain table leaves hundreds of them, with a
    thousand square corners between them."""
    polys = [p.reshape(-1, 2) for p in partial if len(p) >= 3]
    if not polys:
        return []
    areas = _contour_areas(polys)
    # Bits of table texture are far smaller or larger than what a card can leave showing.
    use = (areas >= 0.1 * card_area) & (areas <= 4.0 * card_area) if kept else np.ones(len(polys), bool)
    cw = []
    for p, u in zip(polys, use):
        if u:
            nxt = _nxt(p)
            clockwise = float((p[:, 0] * nxt[:, 1] - nxt[:, 0] * p[:, 1]).sum()) > 0
            cw.append(p if clockwise else p[::-1])
    if not cw:
        return []
    lengths = np.fromiter(map(len, cw), np.int64, len(cw))
    pts = np.concatenate(cw).astype(np.float32)
    starts = np.zeros(len(cw), np.int64)
    np.cumsum(lengths[:-1], out=starts[1:])
    ends = starts + lengths - 1
    nxt = np.arange(1, len(pts) + 1)
    nxt[ends] = starts
    prv = np.arange(-1, len(pts) - 1)
    prv[starts] = ends
    u, v = pts[nxt] - pts, pts[prv] - pts
    lu, lv = np.hypot(u[:, 0], u[:, 1]), np.hypot(v[:, 0], v[:, 1])
    min_edge = max(0.22 * ref_short, 1e-6)
    cosang = (u * v).sum(axis=1) / np.maximum(lu * lv, 1e-9)
    cross = u[:, 0] * v[:, 1] - u[:, 1] * v[:, 0]
    # Clockwise polygons: a convex corner turns the same way at every vertex.
    ok = (lu >= min_edge) & (lv >= min_edge) & (np.abs(cosang) <= 0.4) & (cross > 0)
    idx = np.flatnonzero(ok)
    if len(idx) == 0:
        return []
    p, a, b = pts[idx], u[idx] / lu[idx, None], v[idx] / lv[idx, None]
    # Corners on or near a whole card are its own corners or its art, not another card.
    clear = np.ones(len(idx), bool)
    for q in kept:
        clear &= ~_near_convex(p, q.corners, 0.12 * q.short_side)
    r2 = (0.12 * ref_short) ** 2
    prior = np.array([c.point for c in taken], np.float64).reshape(-1, 2)
    p64 = p.astype(np.float64)
    for o in prior:
        clear &= ((p64 - o) ** 2).sum(axis=1) >= r2
    out = []
    for k in np.flatnonzero(clear):
        if not clear[k]:
            continue
        # Taken: later corners this close to it are the same corner.
        later = slice(k + 1, None)
        clear[later] &= ((p64[later] - p64[k]) ** 2).sum(axis=1) >= r2
        ak, bk = a[k], b[k]
        la, lb = float(lu[idx[k]]), float(lv[idx[k]])
        if ak[0] * bk[1] - ak[1] * bk[0] < 0:
            ak, bk, la, lb = bk, ak, lb, la
        out.append(CornerCandidate(p[k].copy(), ak.copy(), bk.copy(), la, lb, -1))
    return out


def _near_convex(points: np.ndarray, quad: np.ndarray, margin: float) -> np.ndarray:
    """Which points lie inside a convex polygon or less than ``margin`` outside it."""
    q = quad.astype(np.float64)
    pts = points.astype(np.float64)
    inside = np.ones(len(pts), bool)
    side = np.zeros(len(pts), bool)
    dist2 = np.full(len(pts), np.inf)
    for i in range(len(q)):
        s, e = q[i], q[(i + 1) % len(q)]
        d = e - s
        w = pts - s
        cr = d[0] * w[:, 1] - d[1] * w[:, 0]
        if i == 0:
            side = cr > 0
        inside &= (cr > 0) == side
        t = np.clip((w @ d) / max(float(d @ d), 1e-12), 0.0, 1.0)
        dist2 = np.minimum(dist2, ((w - t[:, None] * d) ** 2).sum(axis=1))
    return inside | (dist2 < margin * margin)


def _pile_lines(quad: Quad, frame: np.ndarray, scale: float) -> list[tuple[int, float, np.ndarray, np.ndarray]]:
    """Straight edges inside a card-shaped quad that run from one side right across to the
    opposite one, parallel to the other two sides: the edge (and contact shadow) of a card
    lying on another. A card's own art stops short of its outline (a court card's frame),
    and a back's border runs along the outline itself. Returns (side pair, position): pair
    0 means lines parallel to sides 1-2 and 3-0, at ``position`` (0..1) of the way from
    side 3-0 to side 1-2; pair 1 means lines parallel to sides 0-1 and 2-3, from 0-1.
    With each, where the line meets the two sides it crosses (0-1 and 3-2, or 3-0 and 2-1).
    Quad in working pixels; the edges are looked for in the full-resolution frame, where
    the contact shadow of white on white is still a step of a few grey levels."""
    c = quad.corners
    inv = 1.0 / scale
    x, y, w, h = cv2.boundingRect(np.round(c * inv).astype(np.int32))
    x0, y0 = max(x - 1, 0), max(y - 1, 0)
    x1, y1 = min(x + w + 1, frame.shape[1]), min(y + h + 1, frame.shape[0])
    if x1 - x0 < 8 or y1 - y0 < 8:
        return []
    g = cv2.cvtColor(frame[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY)
    roi = cv2.Canny(cv2.GaussianBlur(g, (5, 5), 0), PILE_CANNY[0], PILE_CANNY[1])
    mask = np.zeros(roi.shape, np.uint8)
    inner = _offset_quad(c, -2.0) * inv - (x0, y0)
    cv2.fillConvexPoly(mask, np.round(inner).astype(np.int32), 255)
    roi = cv2.bitwise_and(roi, mask)
    # A back's lattice (or a patterned box) lines up edges in every direction: no pile.
    if cv2.countNonZero(roi) > PILE_MAX_EDGES * cv2.countNonZero(mask):
        return []
    # A contact shadow is faint and wobbles by a pixel: Canny breaks it into pieces that
    # no single Hough segment spans. Pieces on the same line are pooled, and a line counts
    # when together they cover most of the way across.
    piece = 0.2 * quad.short_side * inv
    segs = cv2.HoughLinesP(roi, 1, np.pi / 180, max(8, int(0.8 * piece)), minLineLength=piece, maxLineGap=8)
    if segs is None:
        return []
    # (pair, pos, width, span, u, v, covered intervals along u->v as fractions)
    found: list[tuple[int, float, float, float, np.ndarray, np.ndarray, list[tuple[float, float]]]] = []
    c64 = c.astype(np.float64)
    ends = (segs.reshape(-1, 2, 2).astype(np.float64) + (x0, y0)) * scale
    seg_dir = ends[:, 1] - ends[:, 0]
    seg_len = np.hypot(seg_dir[:, 0], seg_dir[:, 1]) + 1e-9
    # Each test for all segments at once, per pair of sides (one numpy call per segment
    # was most of this function's time on a court card, whose frame lines are many).
    # (segment, pair, pos, width, span, u, v, t0, t1)
    passed: list[tuple[int, int, float, float, float, np.ndarray, np.ndarray, float, float]] = []
    for pair in (0, 1):
        # pair 0: lines parallel to side 1-2 (running from side 0-1 to side 2-3)
        a0, a1 = (c64[1], c64[2]) if pair == 0 else (c64[0], c64[1])
        b0, b1 = (c64[0], c64[3]) if pair == 0 else (c64[3], c64[2])
        e0, e1 = (c64[0], c64[1]) if pair == 0 else (c64[3], c64[0])
        f0, f1 = (c64[3], c64[2]) if pair == 0 else (c64[2], c64[1])
        side = (a1 - a0) / (math.hypot(*(a1 - a0)) + 1e-9)
        # Within 12 degrees (cards of a row lie askew): most segments (wood grain, art) are not.
        idx = np.flatnonzero(np.abs(seg_dir @ side) / seg_len >= 0.978)
        if len(idx) == 0:
            continue
        p, q = ends[idx, 0], ends[idx, 1]
        d = q - p
        # Ends of the line on the two sides it crosses (none when it runs along them).
        ok = (np.abs(_cross(d, e1 - e0)) >= 1e-6) & (np.abs(_cross(d, f1 - f0)) >= 1e-6)
        with np.errstate(all="ignore"):
            u, v = _crossings(ends[idx], e0, e1), _crossings(ends[idx], f0, f1)
            span = np.hypot(*(v - u).T)
            # Position across: distance from side b (3-0 or 0-1) over the width.
            mid = (u + v) / 2
            pos_a, pos_b = _line_distance(mid, a0, a1), _line_distance(mid, b0, b1)
            width = pos_a + pos_b
            pos = pos_b / (width + 1e-9)
            axis = (v - u) / span[:, None]
            t_p, t_q = ((p - u) * axis).sum(axis=1) / span, ((q - u) * axis).sum(axis=1) / span
            ok &= (span > 0) & (pos_a >= 0.12 * width) & (pos_b >= 0.12 * width)
        for k in np.flatnonzero(ok).tolist():
            t0, t1 = sorted((float(t_p[k]), float(t_q[k])))
            passed.append((int(idx[k]), pair, float(pos[k]), float(width[k]), float(span[k]),
                           u[k].astype(np.float32), v[k].astype(np.float32), t0, t1))
    # Pooled in segment order, as found.
    for _, pair, pos, width, span, u, v, t0, t1 in sorted(passed, key=lambda x: (x[0], x[1])):
        for k, o in enumerate(found):
            if o[0] == pair and abs(o[1] - pos) * width < PILE_SAME_LINE:
                o[6].append((t0, t1))
                if t1 - t0 > max(b - a for a, b in o[6][:-1]):
                    found[k] = (pair, pos, width, span, u, v, o[6])  # the longest piece sets the line
                break
        else:
            found.append((pair, pos, width, span, u, v, [(t0, t1)]))
    out: list[tuple[int, float, np.ndarray, np.ndarray]] = []
    for pair, pos, width, span, u, v, pieces in found:
        covered, reach = 0.0, 0.0
        for a, b in sorted(pieces):
            a, b = max(a, reach, 0.0), min(b, 1.0)
            if b > a:
                covered += b - a
                reach = b
        if covered >= PILE_COVER and not any(o[0] == pair and abs(o[1] - pos) * width < 3.0 for o in out):
            out.append((pair, pos, u.astype(np.float32), v.astype(np.float32)))
    # More lines one way is a pattern, not a pile (a row's court cards add their frames).
    return out if max(sum(1 for o in out if o[0] == k) for k in (0, 1)) <= 6 else []


def _crossings(ends: np.ndarray, e0: np.ndarray, e1: np.ndarray) -> np.ndarray:
    """Where the lines through segments ``ends`` (n x 2 x 2) meet the line e0-e1 (nan or
    inf where parallel)."""
    p, d1 = ends[:, 0], ends[:, 1] - ends[:, 0]
    d2 = e1 - e0
    den = d1[:, 0] * d2[1] - d1[:, 1] * d2[0]
    t = ((e0[0] - p[:, 0]) * d2[1] - (e0[1] - p[:, 1]) * d2[0]) / den
    out: np.ndarray = p + t[:, None] * d1
    return out


def _cross(d: np.ndarray, e: np.ndarray) -> np.ndarray:
    """The cross products of vectors ``d`` (n x 2) with the vector ``e``."""
    out: np.ndarray = d[:, 0] * e[1] - d[:, 1] * e[0]
    return out


def _line_distance(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Distances of points ``p`` (n x 2) from the line through a and b."""
    d = b - a
    dist: np.ndarray = np.abs((p[:, 0] - a[0]) * d[1] - (p[:, 1] - a[1]) * d[0]) / (math.hypot(d[0], d[1]) + 1e-12)
    return dist


def _split_piles(quads: list[Quad], partial: list[np.ndarray], frame: np.ndarray, scale: float,
                 out: list[CornerCandidate], keep_unsplit: bool = True) -> list[Quad]:
    """Card-shaped quads crossed by a card's edge are overlapping cards (a pair, a fanned
    row) and not one card. The quad goes (its outline still offers its corners); the card at
    the end whose strip is a whole card's size is kept as a card, and where each line
    meets the outline a covered card's corner lies: offered with the card width that
    the pile implies."""
    kept: list[Quad] = []
    for q in quads:
        lines = _pile_lines(q, frame, scale)
        if not lines:
            if keep_unsplit:
                kept.append(q)
            continue
        pair = max((0, 1), key=lambda k: sum(1 for ln in lines if ln[0] == k))
        mine = sorted((ln for ln in lines if ln[0] == pair), key=lambda ln: ln[1])
        pos = [ln[1] for ln in mine]
        c = q.corners
        # Sides the lines cross: s0 (from corner i to j) and s1 (the opposite), and the
        # direction across the lines (from side b to side a).
        if pair == 0:
            s0, s1 = (c[0], c[1]), (c[3], c[2])
        else:
            s0, s1 = (c[3], c[0]), (c[2], c[1])
        across = float(np.linalg.norm(s0[1] - s0[0]))  # extent across the lines
        along = float(np.linalg.norm(c[1] - c[2])) if pair == 0 else float(np.linalg.norm(c[1] - c[0]))
        # The lines are a card's long edges (cards shifted sideways, a fanned row) or its
        # short edges (shifted lengthwise): the card's width follows, and the end strip
        # that is a whole card tells which end lies on top.
        # The top card's inner edge is the line a card's width from one end; lines beyond
        # it lie on the top card (a court card's frame) and are no card's edge.
        # A court card's frame is centred on it: two lines along its long sides, as far
        # from either edge. A pair of lines so placed inside an outline of one card's shape
        # is its own (the edges of cards lying on each other are not mirrored so).
        # (The mean sides: a tilted camera makes the two sides of a pair unequal.)
        if keep_unsplit and along > across and abs(q.short_side * CARD_ASPECT / q.long_side - 1.0) < 0.08:
            own = {i for i in range(len(pos)) for j in range(len(pos))
                   if i != j and abs(pos[i] + pos[j] - 1.0) < FRAME_MIRROR}
            mine = [ln for i, ln in enumerate(mine) if i not in own]
            pos = [ln[1] for ln in mine]
            if not mine:
                kept.append(q)
                continue
        best = None
        for card_w, lines_long in ((along / CARD_ASPECT, True), (along, False)):
            card_across = card_w if lines_long else card_w * CARD_ASPECT
            if card_across > across * 1.02:
                continue
            for end in (0, 1):
                target = 1.0 - card_across / across if end == 1 else card_across / across
                k = min(range(len(pos)), key=lambda i: abs(pos[i] - target))
                err = abs(pos[k] - target) * across / card_across
                if best is None or err < best[0]:
                    best = (err, card_w, lines_long, end, k)
        if (best is None or best[0] > 0.2) and keep_unsplit and abs(across * CARD_ASPECT / along - 1.0) < 0.08:
            # No split explains the lines, and the outline is one card's shape: they are
            # its own (a court card's frame), not the edges of cards lying on it.
            kept.append(q)
            continue
        partial.append(c.copy())
        if best is None or best[0] > 0.2:
            continue
        _, card_w, lines_long, end, k_top = best
        mine = mine[:k_top + 1] if end == 1 else mine[k_top:]
        # The whole card on top.
        _, _, cut0, cut1 = mine[-1] if end == 1 else mine[0]
        top = (np.array([cut0, s0[1], s1[1], cut1], np.float32) if end == 1
               else np.array([s0[0], cut0, cut1, s1[0]], np.float32))
        tq = _as_quad(top, 0.0)
        if tq is not None:
            kept.append(tq)
        # Covered cards' corners where each line meets the outline, on the side towards the top card.
        toward = (s0[1] - s0[0]) / (across + 1e-9) * (1.0 if end == 1 else -1.0)
        for k, (_, _, m0, m1) in enumerate(mine):
            if k == (len(mine) - 1 if end == 1 else 0):
                continue  # the top card's own edge: its corners are the top quad's
            for pt, other in ((m0, m1), (m1, m0)):
                down = (other - pt) / (float(np.linalg.norm(other - pt)) + 1e-9)
                e1, e2 = toward.astype(np.float32), down.astype(np.float32)
                l1, l2 = card_w if lines_long else card_w * CARD_ASPECT, along
                if float(e1[0] * e2[1] - e1[1] * e2[0]) < 0:
                    e1, e2, l1, l2 = e2, e1, l2, l1
                # Keep the corner only if its first edge runs along the card's short side.
                if lines_long != bool(abs(float(np.dot(e1, toward))) > 0.7):
                    continue
                out.append(CornerCandidate(pt.astype(np.float32), e1, e2, l1, l2, -1, card_w))
    return kept
