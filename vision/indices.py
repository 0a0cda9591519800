"""Finding index corners by their ink: a rank letter with its suit pip under it.

Outlines fail where cards meet white on white (a fanned row, a trick pile): the card
under another one shows its index, but no corner of any outline lies there. An index
is found without its outline: a letter-sized piece of ink on card stock, with a
smaller piece (the pip) right under it. The line from the letter to the pip is the
card's "down", so the index gives the card's turn as well as its place; the card
corner and width follow from the letter's size (the index proportions of real and
drawn decks: a rank about 0.15 card widths tall, its middle about 0.11 card widths
from the card's long edge and 0.15 from its short one, the pip about one rank height
under it). The reader decides whether the place holds an index at all.
"""

from __future__ import annotations

import math
from typing import Final, cast

import cv2
import numpy as np

from vision.detect import CARD_ASPECT, CornerCandidate

RANK_HEIGHT: Final = 0.15  # card widths
RANK_CENTRE: Final = (0.11, 0.15)  # card widths from the long edge and from the short edge
PIP_DISTANCE: Final = 0.155  # card widths from the rank's middle to the pip's
MIN_CONTRAST: Final = 28  # grey levels of ink below the paper around it
MIN_PAPER: Final = 110  # darkest channel of card stock (wood and felt are darker)
MAX_CANDIDATES: Final = 160
# A turned letter's upright box is larger than the letter: up to 1.45 times for a "10"
# (as wide as tall) at 45 degrees. Pieces are let in by their box at that much; the
# letter's own height, along the card's "down", is checked once the pip gives "down".
TURNED_BOX: Final = 1.45
# The smallest pip beside a letter, against the letter's box: a pip is over 0.35 of the
# letter's height, and a turned letter's box is up to TURNED_BOX times its height.
PIP_MIN: Final = 0.35 / TURNED_BOX
# The largest pip beside a letter, against the letter's box: centre pips are all one
# size, so a pip clearly smaller than its neighbour is an index's. On small phone photos
# a narrow 9, 10 or A stands barely taller than its pip: a 9S's pip was 0.8 of its box.
PIP_SMALLER: Final = 0.85
# The most ink a pip beside a letter may hold, against the letter's: a thin J's is less
# than its solid club's, and a real deck's thin red 7 at camera size holds about half
# its solid heart's (a bidly 7H: 19 to 22 pixels of ink against 41 to 44).
PIP_AREA: Final = 2.5
ROUND_PIECE: Final = 0.25  # a piece's elongation (moments' spread / trace) below which it has no long axis
MAX_MERGED: Final = 24  # letters offered with a pip joined to a picture (see _merged_pips)
# The least ink of the piece a letter's pip is joined to, against the letter's: a pip
# holds at most PIP_AREA times a letter's ink, a picture far more (kept at 8 times, its value
# before PIP_AREA went from 2 to 2.5).
MERGED_PIECE: Final = 8.0
_MERGED_TURNS: Final = tuple(math.radians(a) for a in (0, 6, -6, 12, -12, 18, -18))
MAX_JOINED: Final = 80  # long pieces looked at for a rank and pip joined
WAIST_BINS: Final = 10  # slices along a long piece, to find where it is pinched
# Per paper level (the darkest channel's local maximum): the contrast ink must exceed.
_INK_THRESHOLD = np.array([max(MIN_CONTRAST, 3 * p // 10) if p > MIN_PAPER else 255 for p in range(256)], np.uint8)
# The same for pale print, at PALE_INK of the paper instead of 0.3.
PALE_INK: Final = 0.22
# A piece of such ink is a letter the usual cut broke when that cut kept a share of it
# between these (a bidly 5: three specks, about half its ink; wood grain or a cloth's
# weave just over the lower cut keeps next to none).
BROKEN: Final = (0.25, 0.6)
_PALE_THRESHOLD = np.array([max(MIN_CONTRAST, int(PALE_INK * p)) if p > MIN_PAPER else 255 for p in range(256)],
                           np.uint8)


def index_corners(frame: np.ndarray, card_w: float = 0.0, gray: np.ndarray | None = None,
                  edgeless: list[CornerCandidate] | None = None,
                  court_out: list[CornerCandidate] | None = None,
                  pale_out: list[CornerCandidate] | None = None,
                  lone_out: list[CornerCandidate] | None = None,
                  close_out: list[CornerCandidate] | None = None) -> list[CornerCandidate]:
    """Card corners implied by rank-and-pip pairs of ink in a BGR frame (frame pixels).

    ``card_w``: the card width found elsewhere in the frame (0 when unknown); letters
    whose size does not fit it are passed over. ``gray``: the frame in grey, when the
    caller has it already. ``edgeless``: when given, the pairs where no card edge shows
    beside them go there (a card on a table as pale as itself, or cut by the frame's
    border, shows none; nor does ink in a card's middle). ``court_out``: when
    given, two kinds of corners (with a card edge beside them) that a court card's
    picture frame hides from the pairs go there, for the caller to count only when read
    sure: the pairs found in the same ink once lines a pixel wide are opened out of it
    (a frame line that wide joins the index pip to the picture's; opened by a 2x2 square
    the line goes and the letter and pip stay), and, when ``card_w`` is known, letters
    whose pip is joined to the picture by a wider line (``_merged_pips``). ``pale_out``:
    when given, the pairs (with a card edge beside them) found in ink cut at a lower
    contrast (``PALE_INK``) go there: a light-weight rank (the bidly deck's thin red 5)
    breaks into specks at the usual cut. ``lone_out``: when given and ``card_w`` is not
    known, the letters whose pip is joined to the picture (``_merged_pips``) go there,
    sized by the letter alone: for the caller to count only when read clearly.
    ``close_out``: when given, the pairs (with a card edge beside them) whose pip lies
    nearer the letter than the letter's upright box allows, but not nearer than its
    height along the line to the pip (see ``_pairs_in``), go there: for the caller to
    count only when read clearly."""
    h, w = frame.shape[:2]
    if card_w > 0:
        lo, hi = 0.55 * RANK_HEIGHT * card_w, 1.5 * RANK_HEIGHT * card_w
    else:
        lo, hi = 6.0, 0.06 * min(h, w)
    if hi < 6:
        return []
    ink, contrast, paper = ink_on_paper(frame, hi)
    if gray is None:
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    if court_out is not None:
        opened = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
        court_out.extend(_pairs_in(opened, card_w, lo, hi, gray, None))
    if pale_out is not None:
        pale = cv2.compare(contrast, cv2.LUT(paper, _PALE_THRESHOLD), cv2.CMP_GT)
        pale_out.extend(_pairs_in(pale, card_w, lo, hi, gray, None, broken_in=ink))
    return _pairs_in(ink, card_w, lo, hi, gray, edgeless, court_out if card_w > 0 else lone_out, close_out=close_out)


def ink_on_paper(frame: np.ndarray, hi: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Print on card stock in a BGR frame: the ink mask (255 where print is), the contrast
    of each pixel below the paper around it, and that paper level, all in the darkest
    colour channel. ``hi``: the tallest letter looked for (the paper level is the local
    maximum over a window about that size)."""
    h, w = frame.shape[:2]
    # Ink relative to the paper around it, in the darkest colour channel: red ink is dark
    # in green and blue, and a lamp's colour or a shadow shifts paper and ink alike.
    if frame.ndim == 3:
        b, g, r = cv2.split(frame)[:3]
        dark = cv2.min(cv2.min(b, g), r)
    else:
        dark = frame
    if max(h, w) >= 1000:
        # The paper level varies slowly: in a camera-sized frame a local maximum at half
        # resolution is enough (and four times cheaper); small photos keep every pixel.
        half = cv2.resize(dark, (w // 2, h // 2), interpolation=cv2.INTER_AREA)
        k = int(0.8 * hi) | 1
        paper = cv2.resize(cv2.dilate(half, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))), (w, h),
                           interpolation=cv2.INTER_LINEAR)
    else:
        k = int(1.6 * hi) | 1
        paper = cv2.dilate(dark, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    contrast = cv2.subtract(paper, dark)
    # Ink: contrast above MIN_CONTRAST and above 0.3 of the paper, on paper above
    # MIN_PAPER; one threshold per paper level (a table lookup: whole-frame numpy
    # comparisons cost milliseconds). For integers, 10 c > 3 p is c > floor(3 p / 10).
    return cv2.compare(contrast, cv2.LUT(paper, _INK_THRESHOLD), cv2.CMP_GT), contrast, paper


def _pairs_in(ink: np.ndarray, card_w: float, lo: float, hi: float, gray: np.ndarray,
              edgeless: list[CornerCandidate] | None,
              merged_out: list[CornerCandidate] | None = None,
              broken_in: np.ndarray | None = None,
              close_out: list[CornerCandidate] | None = None) -> list[CornerCandidate]:
    """``index_corners`` of an ink mask already made (``lo``, ``hi``: the letter sizes
    looked for). ``merged_out``: when given, the corners of letters whose pip is part of
    a far larger piece go there (see ``_merged_pips``). ``broken_in``: when given (the
    ink at the usual cut, for a mask cut lower), only pieces that it holds a ``BROKEN``
    share of are letters: the others gave their pairs there already, or are no print.
    ``close_out``: when given, the pairs whose pip lies nearer than 0.7 of the letter's
    box go there (with a card edge beside them), when it lies beyond 0.7 of the letter's
    height along the line to it: a letter turned 35-45 degrees has a box a third larger
    than the letter (a "10" whose "1" the blur joined to the table, its "0" alone, or
    one blurred into one piece), and its pip, as near as ever, was passed over."""
    try:
        n, labels, stats, centroids = cv2.connectedComponentsWithStats(ink, connectivity=8, ltype=cv2.CV_16U)
    except cv2.error:
        # More than 65535 pieces (a fine-patterned cloth): 16-bit labels overflow.
        n, labels, stats, centroids = cv2.connectedComponentsWithStats(ink, connectivity=8, ltype=cv2.CV_32S)
    if n < 3:
        return []
    x, y, bw, bh, area = (stats[1:, i].astype(np.float64) for i in range(5))
    size = np.maximum(bw, bh)
    fill = area / np.maximum(bw * bh, 1)
    ok = (size >= 0.4 * lo) & (size <= TURNED_BOX * hi) & (fill > 0.12) & (area >= 12)
    idx = np.flatnonzero(ok)
    if len(idx) < 2:
        return []
    cen = centroids[1:][idx]
    sz = size[idx]
    ar = area[idx]
    letter_ok = np.ones(len(size), bool)  # per piece (label less one)
    if broken_in is not None:
        kept = np.bincount(labels[broken_in > 0], minlength=n)[1:]
        letter_ok = (kept < BROKEN[1] * area) & (kept > BROKEN[0] * area)
    out: list[CornerCandidate] = []
    for i in _with_pip(cen, sz, ar, np.flatnonzero((sz >= lo) & letter_ok[idx])):
        d = cen - cen[i]
        dist = np.hypot(d[:, 0], d[:, 1])
        # The pip: clearly smaller than the letter (centre pips are all one size), about
        # one letter height away; the nearest three such pieces are enough (specks, of art
        # or of a card's edge, may lie nearer than the pip). A turned piece
        # about as wide as tall (a joined "10") has a box up to TURNED_BOX times its
        # height, and a turned pip's box may be smaller (a diamond at 45 degrees): beside
        # such a piece a pip under 0.35 of its box counts when it is over 0.35 of its
        # height along the line to it (joined "10"s at 40 degrees, boxes 16 and 20
        # pixels, had their 5 and 7 pixel pips passed over, and a centre pip set the
        # card's "down"). A narrow letter's box outgrows its height little: beside one,
        # such small pieces were turned indices' specks, and gave phantoms.
        axis = _long_axis(labels, stats, int(idx[i]) + 1)
        # Pieces nearer than 0.7 of the letter's box pair only for ``close_out``.
        in_box = dist <= 0.7 * sz[i]
        nearest = 0.7 * sz[i] / TURNED_BOX if close_out is not None else 0.7 * sz[i]
        pip = (dist > nearest) & (dist < 1.6 * sz[i]) & (sz < PIP_SMALLER * sz[i]) & (sz > PIP_MIN * sz[i]) & (
            ar < PIP_AREA * ar[i])
        def fits(j: int) -> bool:
            if in_box[j] and dist[j] <= 0.7 * _extent(labels, stats, int(idx[i]) + 1, d[j] / dist[j]):
                return False  # nearer than the letter's own height: a piece of it, or a speck
            if sz[j] > 0.35 * sz[i]:
                return True
            return axis is None and sz[j] > 0.35 * _extent(labels, stats, int(idx[i]) + 1, d[j] / dist[j])

        near = sorted((j for j in np.flatnonzero(pip).tolist() if fits(j)), key=lambda j: float(dist[j]))
        # (The usual pairs' nearest three are chosen among themselves: pieces within the
        # box do not push a letter's own pip out of them.)
        pips = [j for j in near if not in_box[j]][:3] + [j for j in near if in_box[j]][:3]
        if not pips:
            continue
        for j in pips:
            into, beside = (out, edgeless) if not in_box[j] else (cast(list[CornerCandidate], close_out), None)
            alone = d[j] / dist[j]
            readings = [(cen[i], alone)]
            # A "10" is two pieces side by side: its middle lies between them. (Or a letter
            # beside a piece of another card's ink: a row's card lying on the one before,
            # that card's index cut by its edge. Then the letter alone is offered too.)
            side = (np.abs(d @ alone) < 0.3 * sz[i]) & (np.abs(d @ np.array([alone[1], -alone[0]])) > 0.3 * sz[i]) & (
                dist < 1.0 * sz[i]) & (sz > 0.6 * sz[i]) & (sz < 1.4 * sz[i])
            if side.any():
                k = int(np.flatnonzero(side)[np.argmin(dist[side])])
                ten = (cen[i] + cen[k]) / 2
                down = cen[j] - ten
                down = down / (float(np.hypot(down[0], down[1])) + 1e-9)
                # The letter alone only where its own long axis runs nearer its line to
                # the pip than the "10"'s: a 10's "0" alone, its pip off to the side, reads
                # as a Q. A round piece has no such axis: a "10" the blur joined into one,
                # which another card's ink beside it would make half of a "10".
                letter_too = axis is None or abs(float(axis @ alone)) > abs(float(axis @ down))
                readings = [(ten, down)] + (readings if letter_too else [])
            for rank_centre, down in readings:
                # Letters stand upright on the card: a letter's long axis runs towards the
                # pip, a joined "10"'s across; an oblique one is a wrong pairing.
                if axis is not None and 0.35 < abs(float(axis @ down)) < 0.85:
                    continue
                letter = float(sz[i])
                if letter > hi:
                    # A turned letter's size is its height along the card's "down".
                    letter = _extent(labels, stats, int(idx[i]) + 1, down)
                    if letter > hi:
                        continue  # too tall a letter also along the card's "down"
                _offer(rank_centre, down, letter, cen[j], card_w, gray, into, beside)
                if len(out) >= MAX_CANDIDATES:
                    return out
    if merged_out is not None:
        letters = np.flatnonzero((sz >= lo) & (sz <= hi) & letter_ok[idx]).tolist()
        _merged_pips(labels, stats, idx, letters, card_w, gray, merged_out)
    if broken_in is not None:
        return out  # (a letter broken at the usual cut is no blur-joined rank and pip)
    # A rank and its pip that blur joined into one piece (a J over its pip on a small
    # photo): long, narrow and pinched where they meet. Either end may be the rank.
    joined = np.flatnonzero((size >= 1.5 * lo) & (size <= 2.0 * hi) & (fill > 0.2) & (area >= 20))
    for label in (joined[:MAX_JOINED] + 1).tolist():
        parts = _split_at_waist(labels, stats, label)
        if parts is None:
            continue
        for (rank_centre, rank_size), (pip_centre, _) in (parts, parts[::-1]):
            down = pip_centre - rank_centre
            down = down / (float(np.hypot(down[0], down[1])) + 1e-9)
            _offer(rank_centre, down, rank_size, pip_centre, card_w, gray, out, edgeless)
        if len(out) >= MAX_CANDIDATES:
            return out
    return out


def _merged_pips(labels: np.ndarray, stats: np.ndarray, idx: np.ndarray, letters: list[int], card_w: float,
                 gray: np.ndarray, out: list[CornerCandidate]) -> None:
    """Corners of upright letters (``letters``: indices into ``idx``, the pieces' labels
    less one) with no pip of their own beside them, where one end of the letter's long
    axis, a pip's distance on, holds ink of a piece far larger than a pip and the other
    end paper: a court card whose picture frame runs so close to its index that the ink
    joins the index pip to the picture (a bridge-size deck at camera size). For a known
    card width ``card_w``, only letters of the deck's size; for none (0), each letter
    gives its own (a lone letter says little: the caller asks more of its reading).
    Letters that paired with some other piece are looked at too: a court card's letter
    beside its picture pairs with pieces of the art, turned wrong."""
    h, w = labels.shape
    found = 0
    for i in letters:
        label = int(idx[i]) + 1
        axis = _long_axis(labels, stats, label)
        if axis is None:
            continue
        letter = _extent(labels, stats, label, axis)
        x, y, bw, bh, area = (int(v) for v in stats[label])
        centre = np.array([x + bw / 2, y + bh / 2])
        card = letter / RANK_HEIGHT
        if card_w > 0 and not 0.8 * card_w < card < 1.25 * card_w:
            continue  # not this deck's letter
        size = card_w if card_w > 0 else card
        reach = PIP_DISTANCE * size
        ends = []
        for sign in (1.0, -1.0):
            px, py = (centre + sign * reach * axis).round().astype(int)
            if not (0 <= px < w and 0 <= py < h):
                ends.append(-1)
                continue
            other = int(labels[py, px])
            ends.append(0 if other == 0 else (int(stats[other, 4]) if other != label else -1))
        for sign, here, there in ((1.0, ends[0], ends[1]), (-1.0, ends[1], ends[0])):
            if there == 0 and here > MERGED_PIECE * area:
                # A letter's long axis is no sure "down" (a J's hook tilts it): the
                # nearest turn about it with a card edge beside the corner it implies.
                for turn in _MERGED_TURNS:
                    cos, sin = math.cos(turn), math.sin(turn)
                    down = sign * np.array([cos * axis[0] - sin * axis[1], sin * axis[0] + cos * axis[1]])
                    if _offer(centre, down, letter, centre + reach * down, size, gray, out, None):
                        found += 1
                        break
        if found >= MAX_MERGED:
            return


def _offer(rank_centre: np.ndarray, down: np.ndarray, letter: float, pip_centre: np.ndarray, card_w: float,
           gray: np.ndarray, out: list[CornerCandidate], edgeless: list[CornerCandidate] | None) -> bool:
    """The card corners a rank at ``rank_centre``, ``letter`` pixels tall, with its pip
    at ``pip_centre`` (``down`` from it), implies: in ``out`` when a card edge runs
    beside, else in ``edgeless`` (when given). Whether any corner went to either."""
    right = np.array([down[1], -down[0]])  # the card's "across", clockwise from down
    # The letter's size and its distance to the pip each give the card's width; the
    # size of the whole cards in the frame is surer when it is near that, but may
    # come from a wrong outline: when the two differ, both are offered.
    own = 0.5 * (letter / RANK_HEIGHT + float(np.hypot(*(pip_centre - rank_centre))) / PIP_DISTANCE)
    sizes = [own]
    if card_w > 0:
        if not 0.67 * card_w < own < 1.5 * card_w:
            return False  # a letter in art, or a pattern: no card of this deck's size
        sizes = [card_w] if abs(own - card_w) < 0.06 * card_w else [card_w, own]
    offered = False
    for card in sizes:
        corner = rank_centre - RANK_CENTRE[0] * card * right - RANK_CENTRE[1] * card * down
        candidate = CornerCandidate(corner.astype(np.float32), right.astype(np.float32),
                                    down.astype(np.float32), float(card), float(card * CARD_ASPECT), -1,
                                    float(card))
        if _edge_beside(gray, corner, right, down, card):
            out.append(candidate)
        elif edgeless is not None:
            edgeless.append(candidate)
        else:
            continue
        offered = True
    return offered


def _split_at_waist(labels: np.ndarray, stats: np.ndarray, label: int
                    ) -> tuple[tuple[np.ndarray, float], tuple[np.ndarray, float]] | None:
    """The two parts of a long narrow piece pinched in its middle: each part's centre
    and length along the piece's axis. None for a piece not two to four times as long
    as it is wide, or with no pinch (a waist under half the width on both sides of it)."""
    x, y, w, h = (int(v) for v in stats[label, :4])
    ys, xs = np.nonzero(labels[y:y + h, x:x + w] == label)
    pts = np.stack([xs + x, ys + y], axis=1).astype(np.float64)
    centre = pts.mean(axis=0)
    d = pts - centre
    evals, evecs = np.linalg.eigh(d.T @ d / len(d))
    if not 4.0 * evals[0] <= evals[1] <= 16.0 * max(evals[0], 1e-6):
        return None  # not twice as long as wide; or over four times: a hairline, an edge
    t = d @ evecs[:, 1]
    lo, hi = float(t.min()), float(t.max())
    bins = np.minimum(((t - lo) / max(hi - lo, 1e-6) * WAIST_BINS).astype(np.intp), WAIST_BINS - 1)
    counts = np.bincount(bins, minlength=WAIST_BINS)
    middle = range(WAIST_BINS * 3 // 10, WAIST_BINS * 7 // 10 + 1)
    waist = min(middle, key=lambda b: int(counts[b]))
    if counts[waist] >= 0.5 * min(int(counts[:waist].max()), int(counts[waist + 1:].max())):
        return None
    cut = lo + (waist + 0.5) * (hi - lo) / WAIST_BINS
    first, second = t < cut, t >= cut
    return ((pts[first].mean(axis=0), cut - lo), (pts[second].mean(axis=0), hi - cut))


def _with_pip(cen: np.ndarray, sz: np.ndarray, ar: np.ndarray, letters: np.ndarray) -> list[int]:
    """Those of ``letters`` with at least one piece where their pip could be (the test in
    ``index_corners``, elementwise the same, for many letters at once: most letter-sized
    pieces have none, and one numpy pass per piece cost more than all the rest)."""
    out: list[int] = []
    for start in range(0, len(letters), 128):
        li = letters[start:start + 128]
        d = cen[None, :, :] - cen[li][:, None, :]
        dist = np.hypot(d[..., 0], d[..., 1])
        s = sz[li][:, None]
        pip = (dist > 0.7 * s) & (dist < 1.6 * s) & (sz < PIP_SMALLER * s) & (sz > PIP_MIN * s) & (ar < PIP_AREA * ar[li][:, None])
        out += li[pip.any(axis=1)].tolist()
    return out


EDGE_STEP: Final = 10  # grey levels between a card's margin and what lies beyond its edge
MARGIN_SPREAD: Final = 40  # grey levels: the most a card's plain margin varies along an edge
# Where the edges are looked at (card widths from the corner): beside the index, not
# past its letters, where a court card's picture does not reach yet.
_ACROSS_TOP = np.linspace(0.2, 0.55, 12)[:, None]
_DOWN_SIDE = np.linspace(0.45, 0.9, 12)[:, None]


def _edge_beside(gray: np.ndarray, corner: np.ndarray, right: np.ndarray, down: np.ndarray, card: float) -> bool:
    """Whether a card's edge runs where an index at ``corner`` says it does: along the
    top (from the corner across) or the side (from the corner down), the card's margin
    just inside differs steadily from what lies just beyond (the table, or the card
    below with the contact shadow between). Ink in the middle of a card has paper on
    both sides of such lines."""
    h, w = gray.shape[:2]
    off = max(2.0, 0.04 * card)
    for along, across, span in ((right, down, _ACROSS_TOP), (down, right, _DOWN_SIDE)):
        pts = corner + span * card * along
        inside, outside = pts + off * across, pts - off * across
        both = np.concatenate([inside, outside])
        if both.min() < 0 or (both[:, 0] > w - 1).any() or (both[:, 1] > h - 1).any():
            continue
        # Twelve samples each side, in one gather; their percentiles and median from a
        # sorted list (np.percentile's per-call cost was most of this test).
        ix = both.astype(np.intp)
        g = gray[ix[:, 1], ix[:, 0]].astype(np.int16)
        gi, go = g[:len(pts)], g[len(pts):]
        si = sorted(gi.tolist())
        # The margin just inside is plain card stock: even, unlike art or pips.
        even = _percentile(si, 90) - _percentile(si, 10) < MARGIN_SPREAD
        if even and _median(sorted(np.abs(gi - go).tolist())) >= EDGE_STEP:
            return True
    return False


def _percentile(s: list[int], q: float) -> float:
    """``np.percentile(s, q)`` (linear) of a sorted list, with numpy's own arithmetic."""
    pos = (len(s) - 1) * (q / 100)
    i = int(pos)
    t = pos - i
    a, b = s[i], s[min(i + 1, len(s) - 1)]
    d = b - a
    return b - d * (1 - t) if t >= 0.5 else a + d * t


def _median(s: list[int]) -> float:
    """``np.median`` of a sorted list."""
    n = len(s)
    return float(s[n // 2]) if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def _extent(labels: np.ndarray, stats: np.ndarray, label: int, direction: np.ndarray) -> float:
    """How far a piece reaches along ``direction`` (a unit vector), in pixels: a letter's
    height however the card lies (its upright box grows as it turns)."""
    x, y, w, h = (int(v) for v in stats[label, :4])
    ys, xs = np.nonzero(labels[y:y + h, x:x + w] == label)
    if len(xs) == 0:
        return 0.0
    along = xs * float(direction[0]) + ys * float(direction[1])
    return float(along.max() - along.min()) + 1.0


def _long_axis(labels: np.ndarray, stats: np.ndarray, label: int) -> np.ndarray | None:
    """The unit direction of a piece's long axis (from its second moments), None for a
    piece too round to have one (an O, a pip, a "10" blurred into one piece: about as
    wide as tall, its axis came out up to 30 degrees off the letters' row, measured
    elongation 0.20-0.23, and its index was taken for a wrong pairing)."""
    x, y, w, h = (int(v) for v in stats[label, :4])
    m = cv2.moments((labels[y:y + h, x:x + w] == label).view(np.uint8), binaryImage=True)
    if m["m00"] <= 0:
        return None
    a, b, c = m["mu20"] / m["m00"], m["mu11"] / m["m00"], m["mu02"] / m["m00"]
    spread = math.hypot(a - c, 2 * b)
    if spread < ROUND_PIECE * (a + c):
        return None
    theta = 0.5 * math.atan2(2 * b, a - c)
    return np.array([math.cos(theta), math.sin(theta)])
