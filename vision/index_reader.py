"""Reading a corner index (rank letters above a suit pip) from a small upright patch.

The patch is a corner of a card warped so that the card's corner is at the patch's
top-left and the card's short edge runs along x: ``INDEX_W`` x ``INDEX_H`` pixels in
canonical card units (a 250-pixel-wide card). The ink is cut into a rank glyph and a suit
pip here; the learned reader (vision/glyph_net.py) names them, or, with a taught deck
profile, the rank is matched against the glyphs cut from the user's own cards.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

import cv2
import numpy as np

from engine.cards import Card, Rank, Suit
from vision.faces import INDEX_H, INDEX_W, STYLES
from vision.glyph_net import BLACK_SUITS, reader_nets
from vision.glyphs import normalise_glyph, topology

# Every letter that can stand in an index, and the ranks it may mean in each style.
LETTER_RANKS: Final[dict[str, dict[str, Rank]]] = {}
for _n in range(2, 10):
    LETTER_RANKS[str(_n)] = {s: Rank(_n) for s in STYLES}
LETTER_RANKS["10"] = {s: Rank.TEN for s in STYLES}
for _style, _letters in STYLES.items():
    for _rank, _letter in _letters.items():
        LETTER_RANKS.setdefault(_letter, {})[_style] = _rank
# With no style given, V is read as the Dutch vrouw (queen): the piquet games this device
# referees are mostly Dutch; a French deck needs style "fr" (or a taught profile).
AUTO_PREFERENCE: Final = ("en", "nl", "de", "fr")


def letter_to_rank(letter: str, style: str) -> Rank | None:
    meanings = LETTER_RANKS.get(letter, {})
    if style != "auto":
        return meanings.get(style)
    for s in AUTO_PREFERENCE:
        if s in meanings:
            return meanings[s]
    return None


def letters_for(style: str, deck: int) -> list[str]:
    """The index letters a deck of ``deck`` cards in ``style`` can show."""
    low = 7 if deck == 32 else 2
    out = []
    for letter, meanings in LETTER_RANKS.items():
        ranks = list(meanings.values()) if style == "auto" else [meanings[style]] if style in meanings else []
        if any(r >= low for r in ranks):
            out.append(letter)
    return out


@dataclass
class GlyphTemplates:
    """A taught deck's rank glyphs, keyed by the engine's rank letter, as feature vectors."""

    ranks: dict[str, list[np.ndarray]] = field(default_factory=dict)
    rank_aspects: dict[str, list[float]] = field(default_factory=dict)
    rank_topology: dict[str, list[tuple[int, float]]] = field(default_factory=dict)
    _bank: tuple[list[str], np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = None

    def bank(self) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """All rank templates stacked for one matrix product: letters per row, vectors,
        aspects, hole counts, hole heights, and row -> letter index."""
        if self._bank is None:
            letters = list(self.ranks)
            rows, aspects, holes, hole_ys, owner = [], [], [], [], []
            for li, letter in enumerate(letters):
                for v, a, (nh, hy) in zip(self.ranks[letter], self.rank_aspects[letter], self.rank_topology[letter]):
                    rows.append(v.ravel())
                    aspects.append(a)
                    holes.append(nh)
                    hole_ys.append(hy)
                    owner.append(li)
            self._bank = (letters, np.array(rows, np.float32), np.array(aspects, np.float32),
                          np.array(holes, np.float32), np.array(hole_ys, np.float32), np.array(owner, np.int32))
        return self._bank


@dataclass
class IndexReading:
    card: Card
    confidence: float
    # The share of ``confidence`` that is the suit's: how sure the pip names one suit of
    # its colour (at a few pixels a club and a spade blur into one blob).
    suit_confidence: float = 1.0

    @property
    def rank_confidence(self) -> float:
        """The share of ``confidence`` that is the rank's. (A suit's probability is the
        larger of two, so never below a half.)"""
        return self.confidence / self.suit_confidence


@dataclass
class IndexGlyphs:
    """The rank and suit ink found in a patch, before classification."""

    rank_mask: np.ndarray
    suit_mask: np.ndarray
    red: bool
    parts: int  # connected pieces in the rank: only "10" has two side by side
    # How dark the ink is around the pip (0 = paper), a pixel beyond its box on each side:
    # a small pip's shape (a spade's point, a club's lobes) shows in its shading before
    # any cut into ink and paper.
    suit_darkness: np.ndarray
    # The pip's box in the patch (x, y, w, h), and the patch cut into ink: its level, for
    # ``suit_window``, and its paper's colour, for cutting it again (``_pale_court_letters``).
    suit_box: tuple[int, int, int, int]
    ink: PatchInk
    # A court card's frame beside the index: its lines were taken out of the ink, or the
    # pip was cut off ink that runs on down out of the patch (``_pip_cut_at_neck``). Only
    # a court card prints one there.
    framed: bool = False
    # The pip was cut off other ink at a neck: a frame, or on a small card the centre pip
    # beside it (a number card then counts only when its rank reads clearly).
    neck_cut: bool = False

    @functools.cached_property
    def suit_window(self) -> np.ndarray:
        """The ink level in a square about the pip, at a fixed scale (``pip_window``): what
        the black-pip network reads a club or a spade from. Cut only when a black pip is
        named: most glyphs are read for their rank alone, or are no index."""
        return pip_window(self.ink.level, *self.suit_box)


def _sorted_value(cum: np.ndarray, k: int) -> int:
    """The ``k``-th smallest (0-based) of integer values whose cumulative histogram is ``cum``."""
    return int(np.searchsorted(cum, k, side="right"))


def _lerp_sorted(cum: np.ndarray, position: float) -> float:
    """``np.percentile``'s linear interpolation at a fractional sorted ``position``, from a
    cumulative histogram (index = value): the same figure, without sorting the pixels."""
    i = int(position)
    t = position - i
    a = _sorted_value(cum, i)
    if t == 0.0:
        return float(a)
    b = _sorted_value(cum, i + 1)
    diff = float(b - a)
    return b - diff * (1.0 - t) if t >= 0.5 else a + diff * t


# The paper of real cards under warm light measured up to 0.37 (edje train), wood 0.6.
PAPER_MAX_SATURATION: Final = 0.45


# Ink contrast bounds, as a fraction of the paper's brightness in the ink's darkest channel.
INK_THRESHOLD_MAX: Final = 0.38  # never stricter than this: strong print is cut here, as it always was
INK_CONTRAST_MIN: Final = 0.10  # never looser: a blank or shaded patch must stay blank
TINTED_PAPER: Final = 0.25  # paper more saturated than this needs stronger ink
# The least contrast of an index's ink, in noise widths of the paper around it: printed
# ink measured 12 and more (edje train, pale webcam frames included), mottled tablecloth
# read as an index 4 to 5.
INK_OVER_NOISE: Final = 8.0
# Where the rank lies in a patch (canonical pixels): the ink level is measured there, clear
# of the table past the corner and of court-card art on the right.
_INDEX_AREA: Final = (slice(4, 52), slice(4, 50))
PRINT_PIECES: Final = 13  # ink pieces in an index patch from which it is print, not an index


@dataclass
class PatchInk:
    """A patch cut into ink and paper, and the paper's colour (to tell red ink from black)."""

    mask: np.ndarray  # uint8 0/1
    paper_bgr: tuple[float, float, float]
    level: np.ndarray  # uint8 darkness of the darkest channel, in 1/256 of the paper's


def _cum_percentile(cum: np.ndarray, q: float) -> int:
    """The value at fraction ``q`` of a cumulative histogram (index = value)."""
    return _sorted_value(cum, int(q * (int(cum[-1]) - 1)))


_LEVELS: Final = np.arange(256, dtype=np.float32)


def _cum_histogram(image: np.ndarray) -> np.ndarray:
    """Cumulative histogram of an 8-bit image (index = value), as integers: OpenCV's
    histogram (exact counts in float32 below 2**24 pixels) costs less than np.bincount,
    which first copies the pixels to 64-bit integers."""
    return cv2.calcHist([image], [0], None, [256], [0, 256]).ravel().astype(np.int64).cumsum()


def ink_mask(patch: np.ndarray) -> PatchInk:
    """Ink relative to the patch's own paper: what is dark in any colour channel.

    Each channel is divided by the paper's own value of it (so a yellow lamp or a shadow
    does not matter), and a pixel's darkness is that of its darkest channel: black ink is
    dark in all three, red ink in green and blue, however pale it prints. The cut is
    adapted to the patch: about half the ink's own contrast, so pale or washed-out print
    is cut near its middle as strong print is, but never stricter than
    ``INK_THRESHOLD_MAX`` and never looser than ``INK_CONTRAST_MIN`` or the paper's noise."""
    # The channels split once: for the grey level and, as 8-bit, for the darkness lookup.
    channels = cv2.split(patch)[:3]
    b, g, r = (c.astype(np.int16) for c in channels)
    gray = (b + g + g + r) >> 2
    # The paper's brightness (85th percentile), read off a histogram: sorting a patch's
    # pixels (np.percentile) cost more than the rest of the reader.
    cum = _cum_histogram(gray.astype(np.uint8))
    paper = _lerp_sorted(cum, 0.85 * (gray.size - 1))
    on_paper = (gray >= math.ceil(paper - 12)).view(np.uint8)
    pb, pg, pr, _ = cv2.mean(patch[..., :3], mask=on_paper)
    # Darkness in 1/256 steps of each channel's paper value, by lookup table (cheaper than
    # float images), then the darkest channel's.
    # One table per channel, built in one float32 expression (the same values as three),
    # applied to the channels already split: a 3-channel LUT and a second split cost more.
    papers = np.array([max(pb, 8.0), max(pg, 8.0), max(pr, 8.0)], np.float32)
    lut = np.clip(256.0 * (1.0 - _LEVELS[None, :] / papers[:, None]), 0, 255).astype(np.uint8)
    dark_b, dark_g, dark_r = (cv2.LUT(c, t) for c, t in zip(channels, lut))
    level = cv2.max(cv2.max(dark_b, dark_g), dark_r)
    # The paper's own darkness and noise, from the pixels near its brightness: four noise
    # widths above it is no ink however pale the print.
    mean, sd = cv2.meanStdDev(level, mask=on_paper)
    paper_level, noise = float(mean.ravel()[0]), float(sd.ravel()[0])
    # On coloured "paper" (light wood is as saturated as card stock under a warm lamp, and
    # its grain is as faint as pale print) faint ink is not believed: the floor rises
    # towards the strong-print cut as the paper's colour nears PAPER_MAX_SATURATION.
    saturation = (max(pb, pg, pr) - min(pb, pg, pr)) / max(pb, pg, pr, 1.0)
    tint = min(max((saturation - TINTED_PAPER) / (PAPER_MAX_SATURATION - TINTED_PAPER), 0.0), 1.0)
    contrast_min = INK_CONTRAST_MIN + tint * (INK_THRESHOLD_MAX - INK_CONTRAST_MIN)
    floor = max(contrast_min * 256.0, paper_level + 4.0 * max(noise, 1.0))
    # The ink's own level: near the darkest of where the rank lies (ink is a tenth of it).
    # Thin blurred strokes never reach the full ink contrast, hence a cut below half.
    cum_area = _cum_histogram(level[_INDEX_AREA])
    ink_level = _cum_percentile(cum_area, 0.97)
    if ink_level - paper_level < INK_OVER_NOISE * max(noise, 1.0):
        # Print stands far above the paper's own grain. A mottled cloth or wood whose
        # darkest spots barely rise above its noise holds no index, whatever its blotches
        # happen to look like.
        return PatchInk(np.zeros(level.shape, np.uint8), (pb, pg, pr), level)
    cut = min(max(paper_level + 0.45 * (ink_level - paper_level), floor), INK_THRESHOLD_MAX * 256.0)
    ink = (level >= math.ceil(cut)).view(np.uint8)
    return PatchInk(ink, (pb, pg, pr), level)


def extract_glyphs(patch: np.ndarray) -> IndexGlyphs | None:
    """Find the rank (topmost ink, a "10" is two parts) and the suit pip under it.

    Where none is found, a court card's picture frame may be joined to them: its line
    runs down beside the index, close enough on a bridge-size deck to touch the letter and
    the pip (and join the pip to the picture's own). The frame's lines taken out of the
    ink, the index is looked for once more."""
    patch_ink = ink_mask(patch)
    found = _glyphs_in(patch, patch_ink, patch_ink.mask)
    if found is not None:
        return found
    unframed = _without_frame_lines(patch_ink.mask)
    if unframed is None:
        return None
    found = _glyphs_in(patch, patch_ink, unframed)
    if found is not None:
        found.framed = True
    return found


# A court card's frame line beside the index, in the upright patch (canonical pixels): a
# vertical line this long at least (index letters stand under 63 tall, their strokes
# shorter still) and this thin at most, with a horizontal arm at its top at least
# FRAME_ARM long.
FRAME_LINE: Final = 50
FRAME_THIN: Final = 4
FRAME_ARM: Final = 10


def _without_frame_lines(ink: np.ndarray) -> np.ndarray | None:
    """``ink`` less the long thin vertical lines in it and the horizontal arms at their
    tops, each grown by a pixel (a letter touching the line is cut free of it); None when
    there is no such line."""
    ph, pw = ink.shape
    sx, sy = pw / INDEX_W, ph / INDEX_H
    length = int(FRAME_LINE * sy)
    if length >= ph:
        return None
    runs = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((length, 1), np.uint8))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(runs, connectivity=8, ltype=cv2.CV_16U)
    lines = np.zeros_like(ink)
    arms = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((1, max(3, int(FRAME_ARM * sx))), np.uint8))
    for i in range(1, n):
        x, y, w, h, _ = stats[i].tolist()
        if w > FRAME_THIN * sx:
            continue
        lines[labels == i] = 1
        # Its arm: horizontal ink at its top, running on from it to either side.
        top = slice(max(y - 2, 0), min(y + int(FRAME_THIN * sy) + 1, ph))
        arm_n, arm_labels, arm_stats, _ = cv2.connectedComponentsWithStats(arms[top], connectivity=8)
        for j in range(1, arm_n):
            ax, _, aw, ah, _ = arm_stats[j].tolist()
            if ah <= FRAME_THIN * sy and (ax <= x + w + 1 and ax + aw >= x - 1):
                lines[top][arm_labels == j] = 1
    if not lines.any():
        return None
    return cv2.bitwise_and(ink, cv2.bitwise_not(cv2.dilate(lines, np.ones((3, 3), np.uint8))) // 255)


def _glyphs_in(patch: np.ndarray, patch_ink: PatchInk, ink: np.ndarray) -> IndexGlyphs | None:
    """``extract_glyphs`` with the ink cut already made."""
    ph, pw = patch.shape[:2]
    # An index corner is mostly paper; a card back or court-card art is mostly ink.
    ink_fraction = cv2.countNonZero(ink) / ink.size
    if ink_fraction > 0.4:
        return None
    # Card stock is white, or cream under a warm lamp; wood grain and felt have light and
    # dark stripes too, but their "paper" is coloured.
    b, g, r, _ = cv2.mean(patch[..., :3], mask=(ink == 0).view(np.uint8))
    if max(b, g, r) - min(b, g, r) > PAPER_MAX_SATURATION * max(b, g, r, 1.0):
        return None
    # 16-bit labels (a patch has far fewer than 65536 pieces): the same labels, three times faster.
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8, ltype=cv2.CV_16U)
    sx, sy = pw / INDEX_W, ph / INDEX_H
    # Noise and wood grain give dozens of specks: they go in one array test, by area; the
    # few pieces left are tested one by one (a dozen array tests cost more than that).
    sizeable = np.nonzero(stats[1:, cv2.CC_STAT_AREA] >= 10 * sx * sy)[0] + 1
    # An index is a rank, a pip and little else (a centre pip, a neighbour's corner): ink
    # in a dozen pieces or more is print, a page of a book or a label's small type, whose
    # letters over letters read as a rank over a pip (the most on 600 development
    # readings of cards was 11; on the edje train split 12 or more were never a card).
    if int((stats[sizeable, cv2.CC_STAT_HEIGHT] >= 4 * sy).sum()) >= PRINT_PIECES:
        return None
    comps = []
    for i in sizeable.tolist():
        x, y, w, h, _ = stats[i].tolist()
        if (6 * sy <= h <= 62 * sy and w <= 52 * sx  # frame lines and court-card art, not index ink
                and x + w / 2 <= 50 * sx and y <= 100 * sy
                and not (x == 0 and w > 30 * sx)  # the table seen past the card edge
                and not (x == 0 and w < 6 * sx) and not (y == 0 and h < 6 * sy)):  # a sliver of table at the edge
            comps.append((y, x, w, h, i))
    if not comps:
        return None
    comps.sort()
    # Rank: the topmost component of letter height, plus its neighbours at the same height.
    rank_parts = []
    # Ink touching the patch's top or left edge is mostly the table or the card's own edge
    # seen past a corner found a pixel off: a letter clear of the edges is the rank first.
    for clear_of_edges in (True, False):
        for y, x, w, h, i in comps:
            if h >= 12 * sy and y < 45 * sy and (not clear_of_edges or (x > 0 and y > 0)):
                rank_parts = [(y, x, w, h, i)]
                break
        if rank_parts:
            break
    if not rank_parts:
        return None
    ry, rx, rw, rh, _ = rank_parts[0]
    for c in comps:
        y, x, w, h, i = c
        if c is rank_parts[0] or c in rank_parts:
            continue
        overlap = min(ry + rh, y + h) - max(ry, y)
        if overlap > 0.6 * min(rh, h) and h > 0.5 * rh and (x > rx + rw - 2 * sx and x - (rx + rw) < 9 * sx or
                                                             x + w < rx + 2 * sx and rx - (x + w) < 9 * sx):
            rank_parts.append(c)
    x0 = min(c[1] for c in rank_parts)
    x1 = max(c[1] + c[2] for c in rank_parts)
    y0 = min(c[0] for c in rank_parts)
    y1 = max(c[0] + c[3] for c in rank_parts)
    rank_ids = {c[4] for c in rank_parts}
    rank_labels = labels[y0:y1, x0:x1]
    rank_mask = functools.reduce(np.logical_or, (rank_labels == i for i in rank_ids)).view(np.uint8)
    # Suit: the next sizeable component below the rank whose centre lies under it.
    suit = None
    framed = neck_cut = False
    for c in comps:
        y, x, w, h, i = c
        if i in rank_ids or y < y1 - 3 * sy or y > y1 + 30 * sy:
            continue
        if h < 7 * sy or w < 7 * sx:
            continue
        cx = x + w / 2
        if x0 - 10 * sx <= cx <= x1 + 10 * sx:
            suit = c
            break
    if suit is None:
        found = _pip_cut_free(ink, (x0, y0, x1, y1), sx, sy)
        if found is None:
            found = _pip_cut_at_neck(ink, (x0, y0, x1, y1), sx, sy)
            neck_cut = found is not None
        if found is None:
            return None
        (y, x, w, h), suit_mask = found
        if neck_cut:
            # What the pip was cut from is a frame when it runs on down out of the patch, as
            # a frame's line does; on a card a few dozen pixels wide a blurred index pip runs
            # into the centre pip beside it (a 10C 71 pixels wide on light wood), which ends.
            joined = np.bincount(labels[y:y + h, x:x + w][suit_mask > 0]).argmax()
            framed = bool(stats[joined, cv2.CC_STAT_TOP] + stats[joined, cv2.CC_STAT_HEIGHT] >= ph - 1)
    else:
        y, x, w, h, i = suit
        suit_mask = (labels[y:y + h, x:x + w] == i).astype(np.uint8)
    suit_px = patch[y:y + h, x:x + w][suit_mask > 0]
    rank_px = patch[y0:y1, x0:x1][rank_mask > 0]
    red = _red_share(np.concatenate([suit_px, rank_px])[:, :3], patch_ink.paper_bgr) > RED_SHARE
    darkness = patch_ink.level[max(y - 1, 0):y + h + 1, max(x - 1, 0):x + w + 1]
    return IndexGlyphs(rank_mask, suit_mask, red, len(rank_parts), darkness, (x, y, w, h), patch_ink, framed,
                       neck_cut)


PIP_WINDOW: Final = 20  # pixels a side


def pip_window(level: np.ndarray, x: int, y: int, w: int, h: int) -> np.ndarray:
    """The ink level about a pip whose box is ``x, y, w, h``: a square 1.5 times its
    larger side, centred on it, sampled to ``PIP_WINDOW`` pixels a side and scaled to its
    darkest. Unlike the pip's own box this keeps its proportions and its place, so a spade's
    point and a club's top lobe stand where they are."""
    # Canonical pixels either side of the centre: the whole window of a pip up to 26 pixels
    # (nearly every one); a larger one's window reaches past the crop, which its edge fills
    # (as the network learned it).
    reach = 20
    around = cv2.copyMakeBorder(level, reach, reach, reach, reach, cv2.BORDER_REPLICATE)
    cx, cy = int(x + w / 2), int(y + h / 2)
    crop = around[cy:cy + 2 * reach, cx:cx + 2 * reach].astype(np.float32)
    side = 1.5 * max(w, h)
    k = PIP_WINDOW / side
    at = reach - side / 2
    m = np.array([[k, 0, -at * k], [0, k, -at * k]], np.float32)
    window: np.ndarray = cv2.warpAffine(crop, m, (PIP_WINDOW, PIP_WINDOW), flags=cv2.INTER_LINEAR,
                                        borderMode=cv2.BORDER_REPLICATE)
    # Its darkest: the 97th percentile (as np.percentile takes it, at a twentieth of its cost).
    at_97 = 0.97 * (window.size - 1)
    low = int(at_97)
    ranked = np.partition(window.ravel(), [low, low + 1])
    darkest = float(ranked[low] + (at_97 - low) * (ranked[low + 1] - ranked[low]))
    scaled: np.ndarray = window / max(darkest, 1.0)
    return scaled


PIP_BRIDGE: Final = 5  # canonical pixels: ink this thin joining a pip to its neighbour is cut


def _pip_cut_free(ink: np.ndarray, rank_box: tuple[int, int, int, int], sx: float, sy: float
                  ) -> tuple[tuple[int, int, int, int], np.ndarray] | None:
    """The suit pip under the rank when its ink runs into other ink: a court card's frame
    line or a nine's centre pip touches a small or blurred index pip by a thin bridge.
    Opening the ink cuts such bridges (and thin lines) and leaves the solid pip; the pip's
    own ink is then what lies within a bridge's width of what is left. Returns the pip's
    box (y, x, w, h) and its mask in that box, or None."""
    y1 = rank_box[3]
    k = max(3, round(PIP_BRIDGE * (sx + sy) / 2)) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    opened = cv2.morphologyEx(ink, cv2.MORPH_OPEN, kernel)
    opened[:y1] = 0  # the rank and whatever lies beside it
    labels, best = _pip_under(opened, rank_box, sx, sy)
    if best is None:
        return None
    y, x, w, h, i = best
    grown = cv2.dilate((labels == i).view(np.uint8), kernel)
    pip = cv2.bitwise_and(ink, grown)
    ys, xs = np.nonzero(pip)
    y, x = int(ys.min()), int(xs.min())
    h, w = int(ys.max()) + 1 - y, int(xs.max()) + 1 - x
    return (y, x, w, h), pip[y:y + h, x:x + w].copy()


def _pip_cut_at_neck(ink: np.ndarray, rank_box: tuple[int, int, int, int], sx: float, sy: float
                     ) -> tuple[tuple[int, int, int, int], np.ndarray] | None:
    """The suit pip under the rank when its ink runs into other ink beside it by a neck
    too wide for an opening to cut: a court card's picture frame, its line and its own
    big pip, printed close to the index. Below the rank, the ink's columns thin out
    where the pip ends; the pip is cut off at the thinnest column right of the rank's
    middle, where that holds under half the ink of the middle's column."""
    x0, _, x1, y1 = rank_box
    band = ink[y1:min(ink.shape[0], y1 + round(30 * sy))]
    if not band.size:
        return None
    cols = band.sum(axis=0, dtype=np.int32)
    middle = (x0 + x1) // 2
    lo, hi = middle + round(4 * sx), min(ink.shape[1], middle + round(NECK_REACH * sx))
    if hi <= lo or cols[middle] == 0:
        return None
    cut = lo + int(np.argmin(cols[lo:hi]))
    if cols[cut] >= 0.5 * cols[middle]:
        return None
    left = ink.copy()
    left[:y1] = 0
    left[:, cut:] = 0
    labels, best = _pip_under(left, rank_box, sx, sy)
    if best is None:
        return None
    y, x, w, h, i = best
    return (y, x, w, h), (labels[y:y + h, x:x + w] == i).astype(np.uint8)


def _pip_under(ink: np.ndarray, rank_box: tuple[int, int, int, int], sx: float, sy: float
               ) -> tuple[np.ndarray, tuple[int, int, int, int, int] | None]:
    """The pieces of ``ink`` (its labels), and the topmost of pip size below the rank
    whose middle lies under it: (y, x, w, h, label), or None."""
    x0, _, x1, y1 = rank_box
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8, ltype=cv2.CV_16U)
    best = None
    for i in range(1, n):
        x, y, w, h, _ = stats[i].tolist()
        if y > y1 + 30 * sy or h < 7 * sy or w < 7 * sx or w > 40 * sx or h > 40 * sy:
            continue
        if not x0 - 10 * sx <= x + w / 2 <= x1 + 10 * sx:
            continue
        if best is None or y < best[0]:
            best = (y, x, w, h, i)
    return labels, best


NECK_CUT_RANK: Final = 0.999  # see classify_all
NECK_REACH: Final = 22  # canonical pixels right of the rank's middle where a pip's neck is looked for


# Red ink keeps much of its red while it loses green, black ink loses both alike; the share
# is the same however pale or blurred the print (mixing with paper scales both alike).
RED_SHARE: Final = 0.3  # printed red: 1.7% below it (old rule: 7%), printed black: none above 0.24


def _red_share(pixels: np.ndarray, paper_bgr: tuple[float, float, float]) -> float:
    """How much of the ink's fall in green (below the paper's) red does not share: near 0
    for black ink, near 1 for red."""
    px = pixels.astype(np.float32)
    green = px[:, 1] / max(paper_bgr[1], 8.0)
    red = px[:, 2] / max(paper_bgr[2], 8.0)
    return float((red - green).sum() / max(float((1.0 - green).sum()), 1e-6))


def classify(glyphs: IndexGlyphs, letters: list[str], style: str,
             profile: GlyphTemplates | None = None) -> IndexReading | None:
    """Name the rank and the suit with the learned reader; with a taught deck's
    ``profile``, the rank is matched against that deck's own glyphs instead."""
    return classify_all([glyphs], letters, style, profile)[0]


def classify_all(glyphs: Sequence[IndexGlyphs], letters: list[str], style: str,
                 profile: GlyphTemplates | None = None) -> list[IndexReading | None]:
    """``classify`` of several indexes, each network run once for all of them (see
    ``ReaderNets.rank_probabilities_of``)."""
    nets = reader_nets()
    # The rank first: when it is no index the suit network's answer would be thrown away.
    ranks: list[tuple[Rank, float] | None] = []
    if profile is not None:
        ranks = [_rank_by_templates(g, profile, letters) for g in glyphs]
    else:
        for g, (probabilities, not_index) in zip(glyphs, nets.rank_probabilities_of(
                [(g.rank_mask, g.parts) for g in glyphs], letters)):
            letter = max(probabilities, key=probabilities.__getitem__)
            found = letter_to_rank(letter, style)
            # Below the no-index output: a centre pip, court-card art, an index seen
            # sideways; no index here.
            ranks.append(None if not_index >= probabilities[letter] or found is None
                         else (found, probabilities[letter]))
    # A frame beside a number's index: print of some other kind. A number's pip cut off
    # other ink counts only when the rank reads clearly (a book's title, cut so, read 6S).
    named = {i: r for i, (g, r) in enumerate(zip(glyphs, ranks)) if r is not None and (_court(r[0]) or not g.framed and (
        not g.neck_cut or r[1] >= NECK_CUT_RANK))}
    suits = nets.suit_probabilities_of([
        (glyphs[i].suit_mask, glyphs[i].suit_darkness, _SUITS_OF_COLOUR[glyphs[i].red],
         None if glyphs[i].red else glyphs[i].suit_window) for i in named])
    out: list[IndexReading | None] = [None] * len(glyphs)
    for (i, (rank, rank_confidence)), suit_probabilities in zip(named.items(), suits):
        suit = max(suit_probabilities, key=suit_probabilities.__getitem__)
        # Both must be clear: a probability is how sure the network is among what this deck can show.
        out[i] = IndexReading(Card(rank, suit), rank_confidence * suit_probabilities[suit], suit_probabilities[suit])
    return out


_SUITS_OF_COLOUR: Final = {True: (Suit.HEARTS, Suit.DIAMONDS), False: BLACK_SUITS}


def _rank_by_templates(glyphs: IndexGlyphs, templates: GlyphTemplates, letters: list[str]) -> tuple[Rank, float] | None:
    """The taught letter that fits the glyph best, and how clearly (0..1)."""
    rank_vec = normalise_glyph(glyphs.rank_mask)
    aspect = glyphs.rank_mask.shape[1] / max(glyphs.rank_mask.shape[0], 1)
    holes, hole_y = topology(glyphs.rank_mask)
    scores: dict[str, float] = {}
    names, vecs, aspects, t_holes, t_ys, owner = templates.bank()
    s = vecs @ rank_vec.ravel() - 0.25 * np.abs(np.log((aspect + 0.05) / (aspects + 0.05)))
    s -= 0.12 * np.abs(holes - t_holes)
    if holes == 1:
        s -= np.where(t_holes == 1, 0.5 * np.abs(hole_y - t_ys), 0.0)
    allowed = set(letters)
    for li, letter in enumerate(names):
        if letter not in allowed:
            continue
        best = _top_mean(s[owner == li])
        # Two glyphs side by side are a "10"; one glyph is anything else.
        if letter == "T" and glyphs.parts < 2:
            best -= TEN_IN_ONE_PIECE
        elif letter != "T" and glyphs.parts >= 2:
            best -= 0.3
        scores[letter] = best
    if not scores:
        return None
    ranked = sorted(scores.items(), key=lambda kv: -kv[1])
    letter, rank_score = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else -1.0
    # The best letter must fit well and beat the next.
    fit = float(np.clip((rank_score - 0.2) / 0.35, 0.0, 1.0))
    clear = float(np.clip((rank_score - runner_up) / 0.1, 0.0, 1.0))
    return Rank.parse(letter), fit * (0.5 + 0.5 * clear)


TEN_IN_ONE_PIECE: Final = 0.15  # blur can join the 1 and the 0, but two pieces are the rule


def _top_mean(scores: np.ndarray, k: int = 3) -> float:
    """Mean of the best ``k`` matches: one lucky noisy sample should not decide."""
    if scores.size == 0:
        return -9.0
    if scores.size <= k:
        return float(scores.max())
    return float(np.partition(scores, -k)[-k:].mean())


@functools.lru_cache(maxsize=16)
def _letters_for(style: str, deck: int) -> tuple[str, ...]:
    # Every read asks again for the same few (style, deck) pairs.
    return tuple(letters_for(style, deck))


def read_index(patch: np.ndarray, templates: GlyphTemplates | None = None, deck: int = 52,
               style: str = "auto", courts_only: bool = False) -> IndexReading | None:
    """Read the index in an upright corner patch, or None when it shows no index. With
    ``courts_only``, the index is read as a jack, queen or king (the card shows a picture)."""
    return read_indexes([patch], templates, deck, style, courts_only)[0]


def read_indexes(patches: Sequence[np.ndarray], templates: GlyphTemplates | None = None, deck: int = 52,
                 style: str = "auto", courts_only: bool = False) -> list[IndexReading | None]:
    """``read_index`` of several patches, classified together (``classify_all``)."""
    found = [extract_glyphs(patch) for patch in patches]
    at = [i for i, g in enumerate(found) if g is not None]
    glyphs = [g for g in found if g is not None]
    if templates is None:
        letters = list(_letters_for(style, deck))
        if courts_only:
            letters = [letter for letter in letters if _a_court_letter(letter, style)]
    else:
        # A taught deck's templates are keyed by the engine's rank letters (2-9 T J Q K A).
        letters = [letter for letter in templates.ranks if (deck == 52 or Rank.parse(letter) >= Rank.SEVEN) and (
            not courts_only or _court(Rank.parse(letter)))]
    out: list[IndexReading | None] = [None] * len(patches)
    for i, reading in zip(at, classify_all(glyphs, letters, style, profile=templates)):
        out[i] = reading
    pale = [(i, g) for i, (g, r) in enumerate(zip(found, out)) if g is not None and r is not None and g.red
            and Rank.TWO <= r.card.rank <= Rank.TEN and r.confidence < PALE_LOOK_BELOW]
    if pale and not courts_only:
        _pale_court_letters(patches, out, pale, letters, style, templates)
    return out


# A red index read as a number less surely than this is cut again at PALE_CUTS: levels
# of the ink (in 1/256 of the paper's value) far under the usual cut, at which a thin
# letter's strokes show.
PALE_LOOK_BELOW: Final = 0.999
PALE_CUTS: Final = (16, 20)
PALE_COURT_SURE: Final = 0.95  # each low cut must read the court card this surely


def _pale_court_letters(patches: Sequence[np.ndarray], out: list[IndexReading | None],
                        pale: list[tuple[int, IndexGlyphs]], letters: list[str], style: str,
                        templates: GlyphTemplates | None) -> None:
    """A red court card's letter printed thin beside its solid pip (a webcam's KH and JH):
    the usual cut, half the pip's contrast, keeps only the letter's thickest stroke, which
    reads as a number (a K's arm, a J's hook: 7H, up to 0.99). Cut again at fixed low
    contrasts the thin strokes show: where every such cut reads one court card surely,
    that card it is (in place in ``out``). Red only: black print is dark enough. A number
    printed as a number stays one at those cuts, or reads as nothing there. (``pale``:
    each such patch's place in ``out``, and the glyphs first found in it, its ink cut.)"""
    looks: list[IndexGlyphs] = []
    owner: list[int] = []
    for i, found in pale:
        ink = found.ink
        for cut in PALE_CUTS:
            mask = (ink.level >= cut).view(np.uint8)
            g = _glyphs_in(patches[i], PatchInk(mask, ink.paper_bgr, ink.level), mask)
            if g is not None and g.red:
                looks.append(g)
                owner.append(i)
    readings: dict[int, list[IndexReading | None]] = {i: [] for i, _ in pale}
    for i, reading in zip(owner, classify_all(looks, letters, style, profile=templates)):
        readings[i].append(reading)
    for i, rs in readings.items():
        court = [r for r in rs if r is not None and _court(r.card.rank) and r.confidence >= PALE_COURT_SURE]
        if len(court) == len(PALE_CUTS) and len({r.card for r in court}) == 1:
            out[i] = min(court, key=lambda r: r.confidence)


def _a_court_letter(letter: str, style: str) -> bool:
    rank = letter_to_rank(letter, style)
    return rank is not None and _court(rank)


def _court(rank: Rank) -> bool:
    """A jack, queen or king: a card with a picture and no centre pips."""
    return Rank.JACK <= rank <= Rank.KING
