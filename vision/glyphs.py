"""Features of a cut-out glyph: its edge directions at one stroke weight, and its holes.

Shared by the learned reader (vision/glyph_net.py) and by taught deck profiles.
"""

from __future__ import annotations

import functools

import cv2
import numpy as np


def stroke_normalised(mask: np.ndarray, height: int = 56, stroke: float = 0.13) -> np.ndarray:
    """Re-draw a binary glyph at ``height`` pixels with strokes ``stroke * height`` wide:
    real decks print thin or bold letters, and correlation must not care which."""
    h, w = mask.shape[:2]
    nw = max(2, int(round(w * height / max(h, 1))))
    big = cv2.resize(mask.astype(np.uint8) * 255, (nw, height), interpolation=cv2.INTER_LINEAR)
    pad = 12
    # The image is 0/1 throughout, so pixel sums are OpenCV's (cheaper) non-zero counts.
    big = cv2.copyMakeBorder(cv2.threshold(big, 127, 1, cv2.THRESH_BINARY)[1], pad, pad, pad, pad,
                             cv2.BORDER_CONSTANT, value=0)
    area = cv2.countNonZero(big)
    if area == 0:
        return big
    # A stroke of width w and length L has area w*L and outline 2*L.
    contours, _ = cv2.findContours(big, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    outline = sum(cv2.arcLength(c, True) for c in contours)
    width = 2.0 * float(area) / max(outline, 1.0)
    delta = int(round((stroke * height - width) / 2))
    if delta > 0:
        big = cv2.dilate(big, _disc(delta))
    elif delta < 0:
        eroded = cv2.erode(big, _disc(-delta))
        big = eroded if cv2.countNonZero(eroded) > 0.2 * area else big
    x, y, w, h = cv2.boundingRect(big)  # of the non-zero pixels
    return big[y: y + h, x: x + w]


@functools.lru_cache(maxsize=32)
def _disc(radius: int) -> np.ndarray:
    # The same few sizes for every glyph: built once (OpenCV only reads it).
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1, 2 * radius + 1))


def _gradient_histograms(g: np.ndarray, cells: tuple[int, int] = (6, 4), bins: int = 8) -> np.ndarray:
    """A small HOG: per cell, how much edge runs in each of ``bins`` directions."""
    gx = cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3)
    mag, ang = cv2.cartToPolar(gx, gy)
    idx = (ang / (2 * np.pi) * bins).astype(np.int32) % bins
    cell_id = _cell_ids(g.shape[0], g.shape[1], cells, bins)
    hist = np.bincount((cell_id + idx).ravel(), mag.ravel(), cells[0] * cells[1] * bins).astype(np.float32)
    hist = np.sqrt(hist)
    hist -= hist.mean()
    return hist / (float(np.linalg.norm(hist)) + 1e-9)


@functools.lru_cache(maxsize=8)
def _cell_ids(hh: int, ww: int, cells: tuple[int, int], bins: int) -> np.ndarray:
    """Each pixel's cell, times ``bins`` (the first histogram bin of its cell): every
    glyph has the same size here, so this is made once."""
    ch, cw = hh // cells[0], ww // cells[1]
    cell_id = (np.arange(hh)[:, None] // ch).clip(0, cells[0] - 1) * cells[1] + (np.arange(ww)[None, :] // cw).clip(0, cells[1] - 1)
    ids: np.ndarray = cell_id * bins
    ids.flags.writeable = False  # shared between calls
    return ids


def normalise_glyph(mask: np.ndarray) -> np.ndarray:
    """Feature vector of a binary glyph crop: edge-direction histograms of the glyph
    re-drawn at a fixed size and stroke weight."""
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
