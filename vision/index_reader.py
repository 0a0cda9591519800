"""Reading a corner index (rank letters above a suit pip) from a small upright patch.

The patch is a corner of a card warped so that the card's corner is at the patch's
top-left and the card's short edge runs along x: ``INDEX_W`` x ``INDEX_H`` pixels in
canonical card units (a 250-pixel-wide card). Glyphs are compared with templates that
the project renders itself (OpenCV's Hershey fonts, several weights) or, with a deck
profile, with the glyphs cut from the user's own cards.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

import cv2
import numpy as np

from engine.cards import Card, Rank, Suit
from vision.faces import HERSHEY_FONTS, INDEX_H, INDEX_W, STYLES, pip_mask

if TYPE_CHECKING:
    from vision.glyph_net import ReaderNets

GLYPH_W: Final = 20
GLYPH_H: Final = 28
SUIT_SIZE: Final = 14

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


# Printed shapes whose hole count differs by font: a Q whose tail closes a second hole,
# an open-topped 4, a 10 whose digits touch.
EXTRA_HOLES: Final[dict[str, set[int]]] = {"Q": {1, 2}, "10": {1, 2}}


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


def stroke_normalised(mask: np.ndarray, height: int = 56, stroke: float = 0.13) -> np.ndarray:
    """Re-draw a binary glyph at ``height`` pixels with strokes ``stroke * height`` wide:
    real decks print thin or bold letters, and correlation must not care which."""
    h, w = mask.shape[:2]
    nw = max(2, int(round(w * height / max(h, 1))))
    big = cv2.resize(mask.astype(np.uint8) * 255, (nw, height), interpolation=cv2.INTER_LINEAR)
    pad = 12
    big = cv2.copyMakeBorder((big > 127).astype(np.uint8), pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    if big.sum() == 0:
        return big
    # A stroke of width w and length L has area w*L and outline 2*L.
    contours, _ = cv2.findContours(big, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    outline = sum(cv2.arcLength(c, True) for c in contours)
    width = 2.0 * float(big.sum()) / max(outline, 1.0)
    delta = int(round((stroke * height - width) / 2))
    if delta > 0:
        big = cv2.dilate(big, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * delta + 1, 2 * delta + 1)))
    elif delta < 0:
        eroded = cv2.erode(big, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (-2 * delta + 1, -2 * delta + 1)))
        big = eroded if eroded.sum() > 0.2 * big.sum() else big
    ys, xs = np.nonzero(big)
    return big[ys.min(): ys.max() + 1, xs.min(): xs.max() + 1]


def _shape_vector(mask: np.ndarray, w: int, h: int) -> np.ndarray:
    g = cv2.resize(mask.astype(np.float32), (w, h), interpolation=cv2.INTER_AREA)
    g = cv2.GaussianBlur(g, (0, 0), 1.0)
    g -= g.mean()
    n = float(np.linalg.norm(g))
    return g / n if n > 1e-6 else g


def _gradient_histograms(g: np.ndarray, cells: tuple[int, int] = (6, 4), bins: int = 8) -> np.ndarray:
    """A small HOG: per cell, how much edge runs in each of ``bins`` directions."""
    gx = cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3)
    mag, ang = cv2.cartToPolar(gx, gy)
    idx = (ang / (2 * np.pi) * bins).astype(np.int32) % bins
    hh, ww = g.shape
    ch, cw = hh // cells[0], ww // cells[1]
    cell_id = (np.arange(hh)[:, None] // ch).clip(0, cells[0] - 1) * cells[1] + (np.arange(ww)[None, :] // cw).clip(0, cells[1] - 1)
    hist = np.bincount((cell_id * bins + idx).ravel(), mag.ravel(), cells[0] * cells[1] * bins).astype(np.float32)
    hist = np.sqrt(hist)
    hist -= hist.mean()
    return hist / (float(np.linalg.norm(hist)) + 1e-9)


def normalise_glyph(mask: np.ndarray, w: int = GLYPH_W, h: int = GLYPH_H, strokes: bool = True) -> np.ndarray:
    """Feature vector of a binary crop: for letters, edge-direction histograms of the
    glyph re-drawn at a fixed size and stroke weight; for suit pips, the soft shape."""
    if not strokes:
        return _shape_vector(mask, w, h)
    g = cv2.resize(stroke_normalised(mask).astype(np.float32), (24, 32), interpolation=cv2.INTER_AREA)
    g = cv2.copyMakeBorder(g, 2, 2, 2, 2, cv2.BORDER_CONSTANT, value=0)
    return _gradient_histograms(cv2.GaussianBlur(g, (0, 0), 1.0))


def topology(mask: np.ndarray) -> tuple[int, float]:
    """Number of holes in a glyph and the height (0 top .. 1 bottom) of the first:
    what tells 6, 8, 9 and 0 apart whatever the font."""
    m = cv2.copyMakeBorder(mask.astype(np.uint8), 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    contours, hierarchy = cv2.findContours(m, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    hh = m.shape[0]
    ys = []
    if hierarchy is not None:
        for c, rel in zip(contours, hierarchy[0]):
            if rel[3] >= 0 and cv2.contourArea(c) >= max(3.0, 0.004 * hh * hh):
                mo = cv2.moments(c)
                ys.append(mo["m01"] / max(mo["m00"], 1e-6) / hh)
    return len(ys), (float(np.mean(ys)) if ys else 0.5)


@dataclass
class GlyphTemplates:
    """Rank glyphs keyed by letter and suit shapes keyed by suit, as normalised vectors."""

    ranks: dict[str, list[np.ndarray]] = field(default_factory=dict)
    rank_aspects: dict[str, list[float]] = field(default_factory=dict)
    rank_topology: dict[str, list[tuple[int, float]]] = field(default_factory=dict)
    allowed_holes: dict[str, set[int]] = field(default_factory=dict)  # hole counts a letter may show
    suits: dict[Suit, list[np.ndarray]] = field(default_factory=dict)
    exact_style: bool = False  # profile templates: keyed by the engine's rank letters
    _bank: tuple[list[str], np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = None
    _suit_bank: dict[Suit, np.ndarray] | None = None

    def suit_bank(self) -> dict[Suit, np.ndarray]:
        if self._suit_bank is None:
            self._suit_bank = {s: np.array([v.ravel() for v in vecs], np.float32) for s, vecs in self.suits.items()}
        return self._suit_bank

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


def _render_letter(text: str, font: int, thickness: int) -> np.ndarray:
    scale = 2.0
    (tw, th), base = cv2.getTextSize(text, font, scale, thickness)
    img = np.zeros((th + base + 20, tw + 20), np.uint8)
    cv2.putText(img, text, (10, 10 + th), font, scale, 255, thickness, cv2.LINE_AA)
    ys, xs = np.nonzero(img > 100)
    return (img[ys.min(): ys.max() + 1, xs.min(): xs.max() + 1] > 100).astype(np.uint8)


@functools.lru_cache(maxsize=1)
def builtin_templates() -> GlyphTemplates:
    """Templates from the Hershey fonts in four weights and three widths: the fonts the
    project's own card faces use, and a spread of shapes that real decks fall within."""
    t = GlyphTemplates()
    for letter in LETTER_RANKS:
        for font in HERSHEY_FONTS + (cv2.FONT_HERSHEY_SIMPLEX | cv2.FONT_ITALIC,):
            for thickness in (2, 4, 6, 8):
                g = _render_letter(letter, font, thickness)
                for squeeze in (0.7, 1.0, 1.3):
                    gw = max(2, int(g.shape[1] * squeeze))
                    sq = cv2.resize(g, (gw, g.shape[0]), interpolation=cv2.INTER_NEAREST)
                    t.ranks.setdefault(letter, []).append(normalise_glyph(sq))
                    t.rank_aspects.setdefault(letter, []).append(gw / g.shape[0])
                    t.rank_topology.setdefault(letter, []).append(topology(sq))
    for suit in Suit:
        for size in (24, 40):
            m = (pip_mask(suit, size) > 110).astype(np.uint8)
            ys, xs = np.nonzero(m)
            m = m[ys.min(): ys.max() + 1, xs.min(): xs.max() + 1]
            for k in (0, 1, 2):
                variant = cv2.dilate(m, np.ones((3, 3), np.uint8)) if k == 1 else (
                    cv2.erode(m, np.ones((3, 3), np.uint8)) if k == 2 else m)
                t.suits.setdefault(suit, []).append(normalise_glyph(variant, SUIT_SIZE, SUIT_SIZE, strokes=False))
        # Seen from afar a pip is a few pixels across: its blurred, re-thresholded shape.
        for small in (7, 9, 12):
            m = pip_mask(suit, small)
            for level in (70, 110, 150):
                blob = cv2.resize(m, (40, 40), interpolation=cv2.INTER_LINEAR) > level
                ys, xs = np.nonzero(blob)
                blob = blob[ys.min(): ys.max() + 1, xs.min(): xs.max() + 1].astype(np.uint8)
                t.suits.setdefault(suit, []).append(normalise_glyph(blob, SUIT_SIZE, SUIT_SIZE, strokes=False))
    _add_bank(t)
    return t


def _add_bank(t: GlyphTemplates) -> None:
    """Glyphs as the camera sees them (see vision/train_glyphs.py), when the bank exists."""
    from pathlib import Path

    path = Path(__file__).resolve().parent / "data" / "glyph_bank.npz"
    if not path.is_file():
        return
    data = np.load(path)
    scale = 400.0
    rank_vecs = data["rank_vecs"].astype(np.float32) / scale
    suit_vecs = data["suit_vecs"].astype(np.float32) / scale
    # A blurred sample's holes may have closed up: judge topology by the letter's clean shape.
    canonical: dict[str, tuple[int, float]] = {}
    for letter, topos in t.rank_topology.items():
        counts = [h for h, _ in topos]
        mode = max(set(counts), key=counts.count)
        canonical[letter] = (mode, float(np.mean([y for h, y in topos if h == mode])))
        t.allowed_holes[letter] = set(counts) | EXTRA_HOLES.get(letter, set())
    for letter, vec, aspect in zip(data["letters"], rank_vecs, data["aspects"]):
        key = str(letter)
        t.ranks.setdefault(key, []).append(vec.reshape(-1))
        t.rank_aspects.setdefault(key, []).append(float(aspect))
        t.rank_topology.setdefault(key, []).append(canonical.get(key, (0, 0.5)))
    for suit_letter, vec in zip(data["suits"], suit_vecs):
        t.suits.setdefault(Suit.parse(str(suit_letter)), []).append(vec.reshape(SUIT_SIZE, SUIT_SIZE))


@dataclass
class IndexReading:
    card: Card
    confidence: float
    rank_score: float
    suit_score: float


@dataclass
class IndexGlyphs:
    """The rank and suit ink found in a patch, before classification."""

    rank_mask: np.ndarray
    suit_mask: np.ndarray
    red: bool
    ink_fraction: float
    parts: int  # connected pieces in the rank: only "10" has two side by side


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


def ink_mask(patch: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Ink (dark or strongly red) relative to the patch's own paper colour; also the redness."""
    b, g, r = (c.astype(np.int16) for c in cv2.split(patch)[:3])
    gray = (b + g + g + r) >> 2
    rg = r - g
    # The paper's brightness (85th percentile) and the red-green balance of the paper
    # (median), read off histograms: pixel values are small integers, and sorting a patch's
    # pixels (np.percentile, np.median) cost more than the rest of the reader.
    cum = np.bincount(gray.ravel(), minlength=256).cumsum()
    paper = _lerp_sorted(cum, 0.85 * (gray.size - 1))
    # gray and rg are integers: comparing them with whole-number bounds is exact and
    # makes no float arrays.
    rg_paper = rg[gray >= math.ceil(paper - 12)]
    n = rg_paper.size
    if n:
        cum_rg = np.bincount(rg_paper + 255, minlength=511).cumsum()
        lo = _sorted_value(cum_rg, (n - 1) // 2) - 255
        paper_rg = float(lo) if n % 2 else (lo + _sorted_value(cum_rg, n // 2) - 255) / 2.0
    else:
        paper_rg = 0.0
    ink = (gray < math.ceil(paper * 0.62)) | ((rg > math.floor(45 + paper_rg)) & (gray < math.ceil(paper * 0.88)))
    return ink.view(np.uint8), rg - paper_rg


def extract_glyphs(patch: np.ndarray) -> IndexGlyphs | None:
    """Find the rank (topmost ink, a "10" is two parts) and the suit pip under it."""
    ph, pw = patch.shape[:2]
    ink, redness = ink_mask(patch)
    # An index corner is mostly paper; a card back or court-card art is mostly ink.
    ink_fraction = cv2.countNonZero(ink) / ink.size
    if ink_fraction > 0.4:
        return None
    # 16-bit labels (a patch has far fewer than 65536 pieces): the same labels, three times faster.
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8, ltype=cv2.CV_16U)
    sx, sy = pw / INDEX_W, ph / INDEX_H
    # Filter the components all at once: noise and wood grain give dozens of specks.
    x, y, w, h, area = stats[1:].T
    keep = ((area >= 10 * sx * sy) & (h >= 6 * sy)
            & (h <= 62 * sy) & (w <= 52 * sx)  # frame lines and court-card art, not index ink
            & (x + w / 2 <= 50 * sx) & (y <= 100 * sy)
            & ~((x == 0) & (w > 30 * sx))  # the table seen past the card edge
            & ~((x == 0) & (w < 6 * sx)) & ~((y == 0) & (h < 6 * sy)))  # a sliver of table at the edge
    comps = [(int(stats[i, 1]), int(stats[i, 0]), int(stats[i, 2]), int(stats[i, 3]), int(i))
             for i in np.nonzero(keep)[0] + 1]
    if not comps:
        return None
    comps.sort()
    # Rank: the topmost component of letter height, plus its neighbours at the same height.
    rank_parts = []
    for y, x, w, h, i in comps:
        if h >= 12 * sy and y < 45 * sy:
            rank_parts = [(y, x, w, h, i)]
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
        return None
    y, x, w, h, i = suit
    suit_mask = (labels[y:y + h, x:x + w] == i).astype(np.uint8)
    suit_red = float(np.mean(redness[y:y + h, x:x + w][suit_mask > 0]))
    rank_red = float(np.mean(redness[y0:y1, x0:x1][rank_mask > 0]))
    red = (suit_red + rank_red) / 2 > 35
    return IndexGlyphs(rank_mask, suit_mask, red, ink_fraction, len(rank_parts))


def classify(glyphs: IndexGlyphs, templates: GlyphTemplates, letters: list[str], style: str) -> IndexReading | None:
    """Name the rank and suit: with the learned reader for any deck, or by the taught
    deck's own glyphs when a profile is selected."""
    if not templates.exact_style:
        from vision.glyph_net import reader_nets

        nets = reader_nets()
        if nets is not None:
            return _classify_learned(glyphs, nets, letters, style)
    return _classify_by_templates(glyphs, templates, letters, style)


def _classify_learned(glyphs: IndexGlyphs, nets: ReaderNets, letters: list[str], style: str) -> IndexReading | None:
    ranks = nets.rank_probabilities(glyphs.rank_mask, glyphs.parts, letters)
    if not ranks:
        return None
    letter = max(ranks, key=ranks.__getitem__)
    rank = letter_to_rank(letter, style)
    colour_suits = (Suit.HEARTS, Suit.DIAMONDS) if glyphs.red else (Suit.CLUBS, Suit.SPADES)
    suits = nets.suit_probabilities(glyphs.suit_mask, colour_suits)
    suit = max(suits, key=suits.__getitem__)
    if rank is None:
        return None
    # Both must be clear: a probability is how sure the network is among what this deck can show.
    return IndexReading(Card(rank, suit), ranks[letter] * suits[suit], ranks[letter], suits[suit])


def _classify_by_templates(glyphs: IndexGlyphs, templates: GlyphTemplates, letters: list[str],
                           style: str) -> IndexReading | None:
    rank_vec = normalise_glyph(glyphs.rank_mask)
    aspect = glyphs.rank_mask.shape[1] / max(glyphs.rank_mask.shape[0], 1)
    holes, hole_y = topology(glyphs.rank_mask)
    scores: dict[str, float] = {}
    names, vecs, aspects, t_holes, t_ys, owner = templates.bank()
    s = vecs @ rank_vec.ravel() - 0.25 * np.abs(np.log((aspect + 0.05) / (aspects + 0.05)))
    if templates.allowed_holes:
        # Letters whose every printed form has another number of holes lose a little.
        hole_cost = np.array([0.0 if holes in templates.allowed_holes.get(n, {holes}) else
                              0.12 * min(abs(holes - a) for a in templates.allowed_holes[n]) for n in names], np.float32)
        s -= hole_cost[owner]
    else:
        s -= 0.12 * np.abs(holes - t_holes)
    if holes == 1:
        s -= np.where(t_holes == 1, 0.5 * np.abs(hole_y - t_ys), 0.0)
    allowed = set(letters)
    for li, letter in enumerate(names):
        if letter not in allowed:
            continue
        best = _top_mean(s[owner == li])
        # Two glyphs side by side are a "10"; one glyph is anything else.
        if letter in ("10", "T") and glyphs.parts < 2:
            best -= TEN_IN_ONE_PIECE
        elif letter not in ("10", "T") and glyphs.parts >= 2:
            best -= 0.3
        scores[letter] = best
    ranked = sorted(scores.items(), key=lambda kv: -kv[1])
    letter, rank_score = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else -1.0
    suit_vec = normalise_glyph(glyphs.suit_mask, SUIT_SIZE, SUIT_SIZE, strokes=False)
    colour_suits = (Suit.HEARTS, Suit.DIAMONDS) if glyphs.red else (Suit.CLUBS, Suit.SPADES)
    suit_bank = templates.suit_bank()
    suit_scores = {st: _top_mean(suit_bank[st] @ suit_vec.ravel()) for st in colour_suits if st in suit_bank}
    if not suit_scores:
        return None
    suit_ranked = sorted(suit_scores.items(), key=lambda kv: -kv[1])
    suit, suit_score = suit_ranked[0]
    suit_margin = suit_score - (suit_ranked[1][1] if len(suit_ranked) > 1 else 0.0)
    # Profile templates are keyed by the engine's rank letter (2-9 T J Q K A) already.
    rank = Rank.parse(letter) if templates.exact_style else letter_to_rank(letter, style)
    if rank is None:
        return None
    margin = rank_score - runner_up
    # Confidence: the best letter must fit well and beat the next; so must the suit.
    fit = float(np.clip((rank_score - 0.2) / 0.35, 0.0, 1.0))
    clear = float(np.clip(margin / 0.1, 0.0, 1.0))
    suit_clear = float(np.clip(suit_margin / 0.1, 0.0, 1.0))
    conf = fit * (0.5 + 0.5 * clear) * (0.6 + 0.4 * suit_clear)
    return IndexReading(Card(rank, suit), conf, rank_score, suit_score)


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
               style: str = "auto") -> IndexReading | None:
    """Read the index in an upright corner patch, or None when it shows no index."""
    glyphs = extract_glyphs(patch)
    if glyphs is None:
        return None
    templates = templates or builtin_templates()
    letters = list(templates.ranks) if templates.exact_style else list(_letters_for(style, deck))
    if templates.exact_style and deck == 32:
        letters = [letter for letter in letters if Rank.parse(letter) >= Rank.SEVEN]
    return classify(glyphs, templates, letters, style)
