"""A card's suit from its centre pips.

At camera distance an index's pip is a few pixels across: a club and a spade blur into
the same blob, and the index reader can name the wrong one of the two, surely (a 2C read
as 2S at 0.995). The same card's centre pips are two to four times larger and show their
shape plainly. A small network names each centre pip that shows whole; their votes
decide the suit when they clearly disagree with an unsure index.

The network learned pips printed in every suit-bearing font under ``/usr/share/fonts``
and the project's own pip shape, at random sizes, weights and tilts, upright and upside
down, "photographed" at 55-230 camera pixels per card width (``tools/train_pips.py``; no
real photo goes in). Its weights are ``vision/data/pip_net.npz`` (package data,
committed). On the bidly photos (a real deck it never saw) every one of the 30 cards
whose centre pips it found was named right, by a wide margin.

Pure array-in, array-out: the card's corners come from the reader.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Final

import cv2
import numpy as np

from engine.cards import Rank, Suit
from vision.faces import CARD_H, CARD_W
from vision.glyph_net import Mlp, load_weights

WEIGHTS_PATH: Final = Path(__file__).resolve().parent / "data" / "pip_net.npz"

# The network's classes: each suit upright, then upside down (the lower half of a card
# prints its pips turned; a pip on the middle line may lie either way).
SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)

# The part of a canonical card (250x350) looked at: its middle, clear of every index.
MIDDLE: Final = (56, 36, CARD_W - 56, CARD_H - 36)  # x0, y0, x1, y1
FEATURE_SIDE: Final = 20
# A centre pip, in canonical pixels: 44 on the project's faces, about 35-50 on real decks,
# 90 for an ace's.
PIP_SIZE: Final = (22, 110)
# Counting pips: the part of a canonical card whose ink is summed (all its pips, clear of
# its edge), the box of each index left out of it (from the card's corner), and how far
# from a whole number of pips a count may be (the edje train deck's 9s read sure whole
# measured 8.9-9.6 pips, its 10s 9.9-10.1, its aces 1.0).
COUNTED: Final = (30, 20, CARD_W - 30, CARD_H - 20)
INDEX_BOX: Final = (48, 110)
PIP_COUNT_SLACK: Final = 0.3
SPECKS: Final = 0.1  # the most of a number card's ink in pieces under half a pip
# The least share of a number card's pip ink that its pips turned half round cover (a 7's
# odd pip leaves 0.6-0.85 on the project's faces; cards half hidden measured under 0.05).
PIP_SYMMETRY: Final = 0.5
# Beside a card's top-left index (canonical pixels, x0, y0, x1, y1): a number card's first
# pip (centred at 82, 62 on the project's faces, 44 across), a 2's or 3's top one (125,
# 62); the index itself (to x 48) left out.
BESIDE_INDEX: Final = (48, 20, 170, 150)
# Within this fraction of the card's height of its middle line a pip may lie either way.
MIDDLE_LINE: Final = 0.06
# A black court card's picture pip. The English pattern (the bidly deck, the edje photos'
# Bicycle deck) prints a big pip in the picture's corner beside each index, about a fifth
# of the card wide: 44-48 canonical pixels on bidly, its centre at about (66, 66). At the
# true corners of 456 black court ends in the bidly scenes, one was found at 456 and
# named right at every one. The project's drawn court art prints a pip half that size
# among black blocks: the network names it wrongly as often as not (twenty-first
# session), so a pip that small is not looked at. Black print is ink dark in every
# colour (the art's yellow and red are not), which keeps the pip apart from the picture.
COURT_PIP_BOX: Final = (20, 5, 150, 150)  # x0, y0, x1, y1: the part of the card looked at
COURT_PIP_CENTRE: Final = (50, 45, 90, 90)  # x0, y0, x1, y1: where the pip's centre lies
COURT_PIP_SIZE: Final = (36, 70)


def _ink_level(region: np.ndarray, black: bool = False) -> np.ndarray:
    """How dark each pixel is in its darkest colour channel, in 1/256 of the paper's value
    of that channel (the brightest part of the region), as float32; with ``black``, in its
    lightest channel (only black print is dark there)."""
    channels = [c.astype(np.float32) for c in cv2.split(region)[:3]]
    b, g, r = channels
    gray = (b + 2 * g + r) / 4
    paper_grey = float(np.percentile(gray, 85))
    on_paper = gray >= paper_grey - 12
    levels = [np.clip(256.0 * (1.0 - c / max(float(c[on_paper].mean()), 8.0)), 0, 255) for c in channels]
    level: np.ndarray = (np.min if black else np.max)(levels, axis=0).astype(np.float32)
    return level


def pip_features(mask: np.ndarray, level: np.ndarray) -> np.ndarray:
    """What the network sees of one pip: its ink and its shading, stretched to a square,
    and its proportions."""
    side = (FEATURE_SIDE, FEATURE_SIDE)
    m = cv2.resize(mask.astype(np.float32), side, interpolation=cv2.INTER_AREA).ravel()
    shade = cv2.resize(level / max(float(level.max()), 1.0), side, interpolation=cv2.INTER_AREA).ravel()
    h, w = mask.shape
    return np.concatenate([m, shade, [np.log(w / h), float(mask.mean())]]).astype(np.float32)


def find_pips(level: np.ndarray, visible: np.ndarray, size: tuple[int, int] = PIP_SIZE
              ) -> list[tuple[np.ndarray, np.ndarray, tuple[float, float]]]:
    """The pip-shaped pieces of ink, ``size`` (least, most) pixels wide and high, that lie
    wholly on the visible part of a card's middle (``level`` from ``_ink_level``,
    ``visible`` a 0/1 mask): each one's mask and level in its box, and its centre (x, y,
    region pixels)."""
    shown = level[visible > 0]
    if shown.size == 0:
        return []
    top = float(np.percentile(shown, 99))
    if top < 60:
        return []  # no print: blank card stock
    ink = ((level >= 0.5 * top) & (visible > 0)).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    lo, hi = size
    grow = np.ones((5, 5), np.uint8)
    out = []
    for i in range(1, n):
        x, y, w, h, area = (int(v) for v in stats[i])
        if not (lo <= w <= hi and lo <= h <= hi and 0.6 <= w / h <= 1.6 and 0.35 <= area / (w * h) <= 0.92):
            continue
        if x <= 0 or y <= 0 or x + w >= ink.shape[1] or y + h >= ink.shape[0]:
            continue  # cut by the region's edge: only part of it shows
        ya, xa = max(y - 2, 0), max(x - 2, 0)
        around = cv2.dilate((labels[ya:y + h + 2, xa:x + w + 2] == i).view(np.uint8), grow)
        if (visible[ya:y + h + 2, xa:x + w + 2][around > 0] == 0).any():
            continue  # runs to the edge of what shows: another card may hide the rest
        own = labels[y:y + h, x:x + w]
        mask = (own == i).astype(np.float32)
        pip_level = level[y:y + h, x:x + w] * ((own == i) | (own == 0))
        out.append((mask, pip_level, (x + w / 2, y + h / 2)))
    return out


def _card_region(frame: np.ndarray, card: np.ndarray, box: tuple[int, int, int, int]
                 ) -> tuple[np.ndarray, np.ndarray]:
    """The part ``box`` (x0, y0, x1, y1, canonical pixels) of a card whose corners are
    ``card`` (TL, TR, BR, BL as read, frame pixels), warped upright to canonical size;
    and the transform from that region's pixels to the frame's."""
    x0, y0, x1, y1 = box
    canon = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float32)
    to_frame = cv2.getPerspectiveTransform(canon, card.astype(np.float32)) @ np.array(
        [[1, 0, x0], [0, 1, y0], [0, 0, 1]], np.float64)
    region = cv2.warpPerspective(frame, to_frame, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                 borderMode=cv2.BORDER_REPLICATE)
    return region, to_frame


def pip_count(frame: np.ndarray, card: np.ndarray) -> float | None:
    """How many centre pips a whole card's face holds: its ink, the two indices left out,
    in units of one centre pip's (the median of those ``find_pips`` finds whole in its
    middle). Pips that blur into each other still count by their ink. None when no pip
    shows whole, or the ink is not laid out as a number card's pips (the checks below).
    ``card``: the card's corners (TL, TR, BR, BL as read, frame pixels)."""
    middle, _ = _card_region(frame, card, MIDDLE)
    if middle.ndim != 3:
        return None
    inner = np.ones(middle.shape[:2], np.uint8)
    inner[:2], inner[-2:], inner[:, :2], inner[:, -2:] = 0, 0, 0, 0
    found = find_pips(_ink_level(middle), inner)
    if not found:
        return None
    one = float(np.median([m.sum() for m, _, _ in found]))
    x0, y0, x1, y1 = COUNTED
    level = _ink_level(_card_region(frame, card, COUNTED)[0])
    ink = (level >= 0.5 * float(np.percentile(level, 99))).view(np.uint8)
    n, labels, stats, centres = cv2.connectedComponentsWithStats(ink, connectivity=8)
    # The indices' pieces go: those centred in an index's box, from either index corner.
    ix, iy = INDEX_BOX
    cx, cy = centres[:, 0] + x0, centres[:, 1] + y0
    kept = ~(((cx < ix) & (cy < iy)) | ((cx > CARD_W - ix) & (cy > CARD_H - iy)))
    kept[0] = False  # the paper
    pieces = stats[kept]
    if not len(pieces):
        return None
    # Pips are laid out alike when the card is turned half round (a 7's odd pip aside):
    # pips all to one side are part of a card, the rest hidden under another.
    mine = kept[labels].view(np.uint8)
    near = cv2.dilate(mine, np.ones((7, 7), np.uint8))
    turned, turned_near = mine[::-1, ::-1], near[::-1, ::-1]
    matched = int(np.count_nonzero(mine & turned_near)) + int(np.count_nonzero(turned & near))
    if matched < PIP_SYMMETRY * 2 * int(np.count_nonzero(mine)):
        return None
    # A number card's ink is its pips (some blurred together): a court card's picture
    # frame spans half the card, and its art cuts into many pieces smaller than a pip.
    if pieces[:, cv2.CC_STAT_WIDTH].max() > 0.5 * (x1 - x0) or pieces[:, cv2.CC_STAT_HEIGHT].max() > 0.5 * (y1 - y0):
        return None
    area = pieces[:, cv2.CC_STAT_AREA] / max(one, 1.0)
    if area[area < 0.5].sum() > SPECKS * area.sum():
        return None
    # On a card outlined right its pips are all one size, or a few blurred into one: on
    # an outline squeezed or cut short they are not, and would count wrong.
    whole = area >= 0.5
    if np.abs(area[whole] - np.round(area[whole])).max(initial=0.0) > PIP_COUNT_SLACK:
        return None
    return float(area.sum())


def counted_rank(frame: np.ndarray, card: np.ndarray) -> Rank | None:
    """The number card (or ace) a whole card's centre pips say it is: when their ink is
    within PIP_COUNT_SLACK of a whole number of pips, 1 (an ace) or 2-10. None for a
    count between numbers (court art, a pile, a card partly hidden) or none at all."""
    count = pip_count(frame, card)
    if count is None:
        return None
    n = round(count)
    if abs(count - n) > PIP_COUNT_SLACK or not 1 <= n <= 10:
        return None
    return Rank.ACE if n == 1 else Rank(n)


@functools.lru_cache(maxsize=1)
def pip_net() -> Mlp:
    """The committed network (FileNotFoundError names the file if the install lacks it)."""
    return Mlp.from_arrays(load_weights(WEIGHTS_PATH, "the centre pip reader"), "pip")


def _pip_probabilities(pips: list[tuple[np.ndarray, np.ndarray, tuple[float, float]]]) -> np.ndarray:
    """The network's answers (each suit upright, then upside down) for pips ``find_pips``
    found, one row each, as probabilities."""
    z = pip_net().logits(np.stack([pip_features(m, lv) for m, lv, _ in pips]))
    p: np.ndarray = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return p


def suit_votes(frame: np.ndarray, card: np.ndarray, shows: np.ndarray, red: bool) -> tuple[dict[Suit, float], int]:
    """The log-probability of each suit of one colour that the centre pips showing give,
    summed over them, and how many there were. ``card``: the whole card's corners (TL, TR,
    BR, BL as read, frame pixels); ``shows``: the outline of the part that shows."""
    region, to_frame = _card_region(frame, card, MIDDLE)
    if region.ndim != 3:
        return {}, 0  # a grey frame: the colour, and so the two suits to choose from, is unknown
    outline = cv2.perspectiveTransform(shows.reshape(-1, 1, 2).astype(np.float64), np.linalg.inv(to_frame))
    visible: np.ndarray = np.zeros(region.shape[:2], np.uint8)
    cv2.fillConvexPoly(visible, np.round(outline.reshape(-1, 2)).astype(np.int32), 1)
    visible = cv2.erode(visible, np.ones((5, 5), np.uint8))
    pips = find_pips(_ink_level(region), visible)
    suits = (Suit.HEARTS, Suit.DIAMONDS) if red else (Suit.CLUBS, Suit.SPADES)
    if not pips:
        return {s: 0.0 for s in suits}, 0
    p = _pip_probabilities(pips)
    totals = dict.fromkeys(suits, 0.0)
    upright = [2 * SUITS.index(s) for s in suits]  # each suit's upright answer; the turned one follows it
    for row, (_, _, (_, centre)) in zip(p, pips):
        height = (centre + MIDDLE[1]) / CARD_H
        either = abs(height - 0.5) < MIDDLE_LINE
        turned = int(height > 0.5)
        own = [float(row[u] + row[u + 1]) if either else float(row[u + turned]) for u in upright]
        total = max(sum(own), 1e-12)
        for s, q in zip(suits, own):
            totals[s] += float(np.log(max(q / total, 1e-9)))
    return totals, len(pips)


def _visible_part(frame: np.ndarray, region: np.ndarray, to_frame: np.ndarray, covered: list[np.ndarray]
                  ) -> np.ndarray:
    """Where ``region`` (from ``_card_region``, warped by ``to_frame``) shows the card: in
    the frame and under none of the outlines ``covered`` (frame pixels), less a margin;
    a 0/1 mask."""
    h, w = frame.shape[:2]
    from_frame = np.linalg.inv(to_frame)
    visible: np.ndarray = np.zeros(region.shape[:2], np.uint8)
    in_view = np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float64)
    for outline, value in [(in_view, 1)] + [(q.astype(np.float64), 0) for q in covered]:
        mapped = cv2.perspectiveTransform(outline.reshape(-1, 1, 2), from_frame).reshape(-1, 2)
        cv2.fillConvexPoly(visible, np.round(mapped).astype(np.int32), value)
    eroded: np.ndarray = cv2.erode(visible, np.ones((5, 5), np.uint8))
    return eroded


def suit_beside_index(frame: np.ndarray, card: np.ndarray, covered: list[np.ndarray], red: bool,
                      court: bool = False) -> tuple[dict[Suit, float], int]:
    """Like ``suit_votes``, from the pips beside a partly hidden card's index: a number
    card's first pip (a 2's or 3's top one); with ``court``, a black court card's picture
    pip (``COURT_PIP_BOX``: none for a red one, whose suits the index tells apart).
    ``card``: the card its index implies (TL at that index); ``covered``: the outlines of
    the cards that may lie on it (frame pixels), where no pip of its own shows. Only an
    upright pip counts: one turned against the index is another card's."""
    suits = (Suit.HEARTS, Suit.DIAMONDS) if red else (Suit.CLUBS, Suit.SPADES)
    if court and red:
        return {s: 0.0 for s in suits}, 0
    box = COURT_PIP_BOX if court else BESIDE_INDEX
    region, to_frame = _card_region(frame, card, box)
    if region.ndim != 3:
        return {s: 0.0 for s in suits}, 0
    visible = _visible_part(frame, region, to_frame, covered)
    if court:
        x0, y0, x1, y1 = COURT_PIP_CENTRE
        pips = [p for p in find_pips(_ink_level(region, black=True), visible, COURT_PIP_SIZE)
                if x0 <= p[2][0] + box[0] <= x1 and y0 <= p[2][1] + box[1] <= y1]
    else:
        pips = find_pips(_ink_level(region), visible)
    if not pips:
        return {s: 0.0 for s in suits}, 0
    totals = dict.fromkeys(suits, 0.0)
    upright = [2 * SUITS.index(s) for s in suits]
    n = 0
    for row in _pip_probabilities(pips):
        own = [float(row[u]) for u in upright]
        if sum(own) < 0.5:
            continue  # turned, or in the other colour: no pip of this card's
        n += 1
        for s, q in zip(suits, own):
            totals[s] += float(np.log(max(q / sum(own), 1e-9)))
    return totals, n


def has_centre_pips(rank: Rank) -> bool:
    """Number cards and aces print their suit in the middle; court cards a picture."""
    return rank <= Rank.TEN or rank == Rank.ACE
