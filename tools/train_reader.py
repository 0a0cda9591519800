"""Train the index reader's networks (vision/glyph_net.py) from printed fonts.

    .venv/bin/python tools/train_reader.py          # ~6 min on this machine -> vision/data/reader_net.npz

Where the examples come from (no real photo: every photo set stays held out):

* every upright TrueType/OpenType face under /usr/share/fonts (Debian's fonts-dejavu-core,
  fonts-urw-base35 give serif faces like the Century and Bookman of real decks, and sans
  faces), rendered with pygame's FreeType; suit pips from the DejaVu symbols and from the
  project's own pip shapes;
* the project's own synthetic cards (Hershey fonts, every index style) rendered at
  camera distance by vision.synth, and for the suit networks twice as many again (small
  black pips are their hard case), drawn from seeds of their own so that the rank
  examples do not change with their number;
* corners with no index, which the rank networks learn as one more answer (NOT_INDEX):
  pips printed in a column in the fonts, and corner-sized windows of the project's card
  faces away from their upright indices (centre pips, court-card art, indices sideways).

Each index is printed on a card corner at a random size, weight, spacing and place, with a
bit of the table and sometimes a court card's frame line beside it, then photographed:
tilted a little, shrunk to 55-230 camera pixels per card width, blurred, noised,
JPEG-compressed and warped back, and cut out by vision.index_reader.extract_glyphs, the
same code the reader runs. The networks are plain numpy MLPs trained with Adam; six of
each, trained on different draws of the examples, vote.

This script is a development tool: it needs pygame (a project dependency) and the fonts;
the product only loads the weights it writes.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.cards import FULL_DECK, Card, Suit  # noqa: E402
from vision.faces import INDEX_H, INDEX_W, STYLES, pip_mask, rank_text  # noqa: E402
from vision.glyph_net import (NOT_INDEX, RANK_LETTERS, SUITS, WEIGHTS_PATH, Ensemble, Mlp, rank_features,  # noqa: E402
                              suit_features)
from vision.index_reader import extract_glyphs  # noqa: E402

SEED = 31_000  # nothing else uses these seeds
FONT_DIRS = (Path("/usr/share/fonts"),)
SKIP_WORDS = ("ita", "oblique", "mono", "math", "symbol", "fallback", "d050000l", "z003", "extralight")
SUIT_CHARS = {Suit.SPADES: "\u2660", Suit.CLUBS: "\u2663", Suit.HEARTS: "\u2665", Suit.DIAMONDS: "\u2666"}


def find_fonts() -> list[Path]:
    fonts = []
    for d in FONT_DIRS:
        for p in sorted(d.rglob("*")):
            if p.suffix.lower() in (".ttf", ".otf") and not any(w in p.name.lower() for w in SKIP_WORDS):
                fonts.append(p)
    return fonts


class FontGlyphs:
    """Tight high-resolution alpha masks of text in each font, cached."""

    def __init__(self, fonts: list[Path]) -> None:
        import os

        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame.freetype as ft

        ft.init()
        self.fonts = [ft.Font(str(p), size=96) for p in fonts]
        self.names = [p.name for p in fonts]
        self.cache: dict[tuple[int, str], np.ndarray | None] = {}

    def glyph(self, font: int, text: str) -> np.ndarray | None:
        key = (font, text)
        if key not in self.cache:
            f = self.fonts[font]
            try:
                buf, (w, h) = f.render_raw(text, size=96)
            except Exception:  # a face without this character
                self.cache[key] = None
                return None
            a = np.frombuffer(buf, np.uint8).reshape(h, w) if w and h else np.zeros((0, 0), np.uint8)
            ys, xs = np.nonzero(a > 40)
            if len(xs) == 0 or (len(text) == 1 and f.get_metrics(text)[0] is None):
                self.cache[key] = None
            else:
                self.cache[key] = a[ys.min(): ys.max() + 1, xs.min(): xs.max() + 1]
        return self.cache[key]

    def suit_fonts(self) -> list[int]:
        out = []
        for i in range(len(self.fonts)):
            if all((g := self.glyph(i, ch)) is not None and g.shape[0] > 40 for ch in SUIT_CHARS.values()):
                out.append(i)
        return out


def _weight(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Bolder or lighter print of the same face."""
    k = int(rng.integers(-3, 4))
    if k == 0:
        return mask
    el = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * abs(k) + 1, 2 * abs(k) + 1))
    out = cv2.dilate(mask, el) if k > 0 else cv2.erode(mask, el)
    return out if (out > 100).sum() > 0.3 * (mask > 100).sum() else mask


def flat_top_three(rng: np.random.Generator) -> np.ndarray:
    """The 3 with a flat top bar and a diagonal (as in many typewriter and card faces),
    which none of the fonts here draws. The diagonal runs from the bar's right end down to
    where the bowl begins: near the middle, or (as on some real decks) at the bowl's top
    left, so that the bowl's top runs on across like a 5's."""
    w, h = 64, 96
    t = int(rng.integers(4, 13))
    img = np.zeros((h + 2 * t, w + 2 * t), np.uint8)
    o = t
    mid = int(h * rng.uniform(0.34, 0.46))
    ry = (h - mid) // 2
    rx = int(w * rng.uniform(0.4, 0.5))
    cx, cy = o + w - rx - 2, o + mid + ry
    start = float(rng.uniform(-170, -100))  # where the bowl begins (degrees, 0 = right, clockwise)
    a = math.radians(start)
    join = (int(round(cx + rx * math.cos(a))), int(round(cy + ry * math.sin(a))))
    bar_from = o + int(rng.integers(0, 8))
    cv2.line(img, (bar_from, o), (o + w - 6, o), 255, t, cv2.LINE_AA)
    cv2.line(img, (o + w - 6, o), join, 255, t, cv2.LINE_AA)
    cv2.ellipse(img, (cx, cy), (rx, ry), 0, start, float(rng.uniform(120, 165)), 255, t, cv2.LINE_AA)
    ys, xs = np.nonzero(img > 40)
    return img[ys.min(): ys.max() + 1, xs.min(): xs.max() + 1]


def _paste(canvas: np.ndarray, alpha: np.ndarray, x: int, y: int, colour: np.ndarray) -> None:
    h, w = alpha.shape
    H, W = canvas.shape[:2]
    if x >= W or y >= H or w == 0 or h == 0:
        return
    a = alpha[: H - y, : W - x, None].astype(np.float32) / 255.0
    region = canvas[y: y + a.shape[0], x: x + a.shape[1]]
    region[:] = region * (1 - a) + colour * a


def _resize(mask: np.ndarray, w: int, h: int) -> np.ndarray:
    return cv2.resize(mask, (max(1, w), max(1, h)), interpolation=cv2.INTER_AREA)


def font_index(rng: np.random.Generator, glyphs: FontGlyphs, suit_fonts: list[int], letter: str,
               suit: Suit, flat_threes: float = 0.3) -> np.ndarray | None:
    """A photographed index corner (INDEX_H x INDEX_W BGR), printed in a random font.
    ``letter`` "" prints a pip where the rank would be: pips in a column, no index.
    ``flat_threes``: the share of 3s printed flat-topped (``flat_top_three``)."""
    font = int(rng.integers(len(glyphs.fonts)))
    if letter == "":
        g = glyphs.glyph(int(rng.choice(suit_fonts)), SUIT_CHARS[suit]) if suit_fonts else None
        if g is None:
            return None
        text = _weight(g, rng)
        squeeze = float(rng.uniform(0.8, 1.2))
    elif letter == "10":
        one, zero = glyphs.glyph(font, "1"), glyphs.glyph(font, "0")
        if one is None or zero is None:
            return None
        one, zero = _weight(one, rng), _weight(zero, rng)
        gap = int(rng.integers(-2, 1)) if rng.random() < 0.05 else int(rng.integers(1, 14))
        h = max(one.shape[0], zero.shape[0])
        text = np.zeros((h, one.shape[1] + max(gap, 0) + zero.shape[1]), np.uint8)
        text[h - one.shape[0]:, : one.shape[1]] = one
        x0 = one.shape[1] + gap
        text[h - zero.shape[0]:, x0: x0 + zero.shape[1]] = np.maximum(
            text[h - zero.shape[0]:, x0: x0 + zero.shape[1]], zero[:, : text.shape[1] - x0])
        # A 10 is as wide as high or a little narrower; one squeezed into a narrow oval in
        # one piece taught the networks to read a narrow serif Q (bidly) as 10.
        squeeze = float(rng.uniform(0.85, 1.05) if gap <= 0 else rng.uniform(0.7, 1.05))
    else:
        g = flat_top_three(rng) if letter == "3" and rng.random() < flat_threes else glyphs.glyph(font, letter)
        if g is None:
            return None
        text = _weight(g, rng)
        squeeze = float(rng.uniform(0.65, 1.25))
    m = 12  # canvas margin: the table past the card's corner
    canvas_h, canvas_w = INDEX_H + 2 * m + 10, INDEX_W + 2 * m + 10
    table = rng.uniform(20, 235, 3).astype(np.float32)
    canvas = np.empty((canvas_h, canvas_w, 3), np.float32)
    canvas[:] = table
    canvas += rng.normal(0, rng.uniform(0, 18), (canvas_h, canvas_w, 1)).astype(np.float32)
    paper = np.array([rng.uniform(200, 255)] * 3, np.float32) - rng.uniform(0, 15, 3).astype(np.float32)
    card = np.zeros((canvas_h, canvas_w), np.uint8)
    r = int(rng.integers(5, 20))
    cv2.rectangle(card, (m + r, m), (canvas_w, canvas_h), 255, -1)
    cv2.rectangle(card, (m, m + r), (canvas_w, canvas_h), 255, -1)
    cv2.circle(card, (m + r, m + r), r, 255, -1, cv2.LINE_AA)
    a = card[..., None].astype(np.float32) / 255.0
    canvas = canvas * (1 - a) + paper * a
    red = suit in (Suit.HEARTS, Suit.DIAMONDS)
    ink = (np.array([rng.uniform(10, 80), rng.uniform(10, 60), rng.uniform(140, 235)], np.float32) if red
           else np.array([rng.uniform(10, 70)] * 3, np.float32) + rng.uniform(-8, 8, 3).astype(np.float32))
    if rng.random() < 0.25:  # pale print, or ink washed out by the lamp
        ink = ink + (paper - ink) * float(rng.uniform(0.2, 0.5))
    th = int(rng.integers(22, 46))
    tw = max(3, int(text.shape[1] * th / text.shape[0] * squeeze))
    tw = min(tw, 52 if letter == "10" else 46)
    tx, ty = m + int(rng.integers(2, max(3, 50 - tw))), m + int(rng.integers(4, 17))
    _paste(canvas, _resize(text, tw, th), tx, ty, ink)
    # The pip under the letter: a font's suit symbol or the project's own shape.
    ps = int(th * rng.uniform(0.45, 0.85))
    if suit_fonts and rng.random() < 0.6:
        pg = glyphs.glyph(int(rng.choice(suit_fonts)), SUIT_CHARS[suit])
        pip = _weight(pg, rng) if pg is not None else pip_mask(suit, 64)
    else:
        pip = pip_mask(suit, 64)
        ys, xs = np.nonzero(pip > 60)
        pip = pip[ys.min(): ys.max() + 1, xs.min(): xs.max() + 1]
    pw = max(3, int(pip.shape[1] * ps / pip.shape[0] * rng.uniform(0.85, 1.15)))
    px = tx + tw // 2 - pw // 2 + int(rng.integers(-4, 5))
    py = ty + th + int(rng.integers(2, 13))
    _paste(canvas, _resize(pip, pw, ps), max(m + 1, px), py, ink)
    if rng.random() < 0.3:  # a court card's frame or art beside the index
        fx = m + int(rng.integers(max(tx + tw - m + 4, 46), 62))
        colour = rng.uniform(0, 200, 3).astype(np.float32)
        cv2.line(canvas, (fx, m + int(rng.integers(8, 30))), (fx, canvas_h), colour.tolist(), int(rng.integers(1, 4)))
    # Light: a gradient and a colour cast.
    gx = np.linspace(0, 1, canvas_w, dtype=np.float32)[None, :, None]
    canvas *= 1 - rng.uniform(0, 0.35) * (gx if rng.random() < 0.5 else 1 - gx)
    canvas *= rng.uniform(0.9, 1.06, 3).astype(np.float32)
    # The detector's corner is off by a few pixels and degrees.
    ang = float(rng.normal(0, 2.5))
    scale = float(rng.uniform(0.85, 1.15))
    rot: np.ndarray = cv2.getRotationMatrix2D((float(m), float(m)), ang, scale)
    rot[:, 2] += np.array([-m, -m], np.float64) + rng.normal(0, 2.5, 2)
    patch = cv2.warpAffine(np.clip(canvas, 0, 255).astype(np.uint8), rot, (INDEX_W, INDEX_H),
                           flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return photograph(rng, patch)


def photograph(rng: np.random.Generator, patch: np.ndarray) -> np.ndarray:
    """The patch as a camera sees it from afar, warped back to canonical size."""
    f = float(rng.uniform(55, 230)) / 250.0
    sw, sh = max(4, int(round(INDEX_W * f))), max(6, int(round(INDEX_H * f)))
    small: np.ndarray = cv2.resize(patch, (sw, sh), interpolation=cv2.INTER_AREA).astype(np.float32)
    sigma = float(rng.uniform(0, 1.1))
    if sigma > 0.2:
        small = cv2.GaussianBlur(small, (0, 0), sigma)
    small += rng.normal(0, rng.uniform(0.5, 6), small.shape).astype(np.float32)
    small8 = jpeg_compressed(rng, np.clip(small, 0, 255).astype(np.uint8))
    return cv2.resize(small8, (INDEX_W, INDEX_H), interpolation=cv2.INTER_LINEAR)


def jpeg_compressed(rng: np.random.Generator, image: np.ndarray) -> np.ndarray:
    """An 8-bit image as a camera's JPEG gives it, four times in five (quality 40-94)."""
    if rng.random() < 0.8:
        _, enc = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(40, 95))])
        decoded = cv2.imdecode(enc, cv2.IMREAD_COLOR)
        if decoded is not None:  # (a JPEG just encoded always decodes)
            return decoded
    return image


def synth_patches(rng: np.random.Generator, n: int, deck: Sequence[Card] = FULL_DECK
                  ) -> list[tuple[np.ndarray, str, Suit]]:
    """Index corners of the project's own rendered cards (the simulated table's decks),
    drawn from ``deck``."""
    from vision.recognize import _patch_from_quad
    from vision.synth import TABLES, Camera, Effects, PlacedCard, random_design, render_table

    out: list[tuple[np.ndarray, str, Suit]] = []
    styles = list(STYLES)
    while len(out) < n:
        card = deck[int(rng.integers(len(deck)))]
        style = styles[int(rng.integers(len(styles)))]
        design = random_design(rng, style)
        px_per_mm = float(rng.uniform(0.9, 2.6))
        size = (int(110 * px_per_mm) + 20, int(110 * px_per_mm) + 20)
        effects = Effects(tilt=float(rng.uniform(0, 1)), tilt_seed=int(rng.integers(1, 1 << 30)),
                          light_gradient=float(rng.uniform(0, 0.6)), blur=float(rng.uniform(0, 1.2)),
                          noise=float(rng.uniform(1, 6)), jpeg_quality=int(rng.integers(45, 95)))
        frame, truth = render_table([PlacedCard(card, 0.0, 0.0, float(rng.uniform(-180, 180)))],
                                    seed=int(rng.integers(1 << 30)), table=TABLES[int(rng.integers(len(TABLES)))],
                                    design=design, camera=Camera(size, px_per_mm), effects=effects)
        corners = truth.cards[0].corners + rng.normal(0, 1.0, (4, 2)).astype(np.float32)
        for start in (0, 2):
            out.append((_patch_from_quad(frame, np.roll(corners, -start, axis=0)), rank_text(card.rank, style),
                        card.suit))
    return out


def face_windows(rng: np.random.Generator, n: int) -> list[np.ndarray]:
    """Corner-sized windows of the project's card faces that hold no upright index: centre
    pips, court-card frames and art, and indices seen sideways or upside down (a corner
    read with the wrong handedness, or the wrong end of a card). The rank network learns
    these as "no index" (NOT_INDEX), so such corners are not read as some card."""
    from vision.faces import CARD_W, HERSHEY_FONTS, DeckDesign, card_face

    out: list[np.ndarray] = []
    styles = list(STYLES)
    fonts = list(HERSHEY_FONTS)
    while len(out) < n:
        card = FULL_DECK[int(rng.integers(len(FULL_DECK)))]
        design = DeckDesign(style=styles[int(rng.integers(len(styles)))], font=fonts[int(rng.integers(len(fonts)))],
                            thickness=int(rng.integers(1, 5)), index_height=int(rng.integers(30, 46)))
        face = np.ascontiguousarray(np.rot90(card_face(card, design), int(rng.integers(4))))
        fh, fw = face.shape[:2]
        ox, oy = int(rng.integers(0, fw - INDEX_W + 1)), int(rng.integers(0, fh - INDEX_H + 1))
        if fw == CARD_W and (ox < 40 and oy < 60 or ox > fw - INDEX_W - 40 and oy > fh - INDEX_H - 60):
            continue  # an upright index (upright again after half a turn) or most of one
        patch = face[oy: oy + INDEX_H, ox: ox + INDEX_W].astype(np.float32)
        patch *= rng.uniform(0.75, 1.05, 3).astype(np.float32)
        if rng.random() < 0.25:  # pale print
            patch = patch + (np.float32(240) - patch) * float(rng.uniform(0.2, 0.5))
        out.append(photograph(rng, np.clip(patch, 0, 255).astype(np.uint8)))
    return out


def examples(n_font: int, n_synth: int, seed: int,
             n_negative: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    fonts = find_fonts()
    if not fonts:
        raise SystemExit("no fonts under /usr/share/fonts: apt install fonts-dejavu-core fonts-urw-base35")
    glyphs = FontGlyphs(fonts)
    suit_fonts = glyphs.suit_fonts()
    print(f"{len(fonts)} fonts, {len(suit_fonts)} with suit symbols", flush=True)
    patches: list[tuple[np.ndarray, str, Suit]] = []
    while len(patches) < n_font:
        letter = RANK_LETTERS[int(rng.integers(len(RANK_LETTERS)))]
        suit = SUITS[int(rng.integers(4))]
        p = font_index(rng, glyphs, suit_fonts, letter, suit)
        if p is not None:
            patches.append((p, letter, suit))
    patches += synth_patches(rng, n_synth)
    rx, ry, sx, sy = [], [], [], []
    for patch, letter, suit in patches:
        g = extract_glyphs(patch)
        if g is None:
            continue
        rx.append(rank_features(g.rank_mask, g.parts))
        ry.append(RANK_LETTERS.index(letter))
        sx.append(suit_features(g.suit_mask, g.suit_darkness))
        sy.append(SUITS.index(suit))
    print(f"{len(patches)} index corners printed, {len(rx)} read by extract_glyphs", flush=True)
    # No index: pips in a column printed in the fonts, and windows of the project's faces.
    negatives: list[np.ndarray] = []
    while len(negatives) < n_negative // 14:
        p = font_index(rng, glyphs, suit_fonts, "", SUITS[int(rng.integers(4))])
        if p is not None:
            negatives.append(p)
    negatives += face_windows(rng, n_negative - len(negatives))
    kept = 0
    for patch in negatives:
        g = extract_glyphs(patch)
        if g is None:
            continue
        rx.append(rank_features(g.rank_mask, g.parts))
        ry.append(NOT_INDEX)
        kept += 1
    print(f"{len(negatives)} corners with no index, {kept} taken for one by extract_glyphs", flush=True)
    return np.array(rx), np.array(ry), np.array(sx), np.array(sy)


def suit_examples(n_cards: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Suit features and labels of both index corners of ``n_cards`` of the project's own cards."""
    sx, sy = [], []
    for patch, _, suit in synth_patches(np.random.default_rng(seed), 2 * n_cards):
        g = extract_glyphs(patch)
        if g is not None:
            sx.append(suit_features(g.suit_mask, g.suit_darkness))
            sy.append(SUITS.index(suit))
    return np.array(sx), np.array(sy)


def train_mlp(x: np.ndarray, y: np.ndarray, classes: int, hidden: tuple[int, ...], epochs: int,
              seed: int, lr: float = 2e-3, decay: float = 1e-4) -> Mlp:
    rng = np.random.default_rng(seed)
    mean = x.mean(axis=0)
    scale = 1.0 / (x.std(axis=0) + 1e-2)
    xs = ((x - mean) * scale).astype(np.float32)
    sizes = (x.shape[1], *hidden, classes)
    ws = [rng.normal(0, np.sqrt(2.0 / a), (a, b)).astype(np.float32) for a, b in zip(sizes, sizes[1:])]
    bs = [np.zeros(b, np.float32) for b in sizes[1:]]
    params = ws + bs
    m1 = [np.zeros_like(p) for p in params]
    m2 = [np.zeros_like(p) for p in params]
    step = 0
    batch = 256
    steps_total = epochs * (len(xs) // batch + 1)
    for epoch in range(epochs):
        order = rng.permutation(len(xs))
        for i in range(0, len(xs), batch):
            idx = order[i: i + batch]
            xb = xs[idx] + rng.normal(0, 0.05, (len(idx), xs.shape[1])).astype(np.float32)
            acts = [xb]
            h = xb
            for k, (w, b) in enumerate(zip(ws, bs)):
                h = h @ w + b
                if k < len(ws) - 1:
                    h = np.maximum(h, 0)
                acts.append(h)
            z = acts[-1]
            p = np.exp(z - z.max(axis=1, keepdims=True))
            p /= p.sum(axis=1, keepdims=True)
            grad = p
            grad[np.arange(len(idx)), y[idx]] -= 1
            grad /= len(idx)
            gws, gbs = [], []
            for k in range(len(ws) - 1, -1, -1):
                gws.append(acts[k].T @ grad + decay * ws[k])
                gbs.append(grad.sum(axis=0))
                if k > 0:
                    grad = (grad @ ws[k].T) * (acts[k] > 0)
            grads = gws[::-1] + gbs[::-1]
            step += 1
            rate = lr * 0.5 * (1 + np.cos(np.pi * step / steps_total))
            for j, (prm, g) in enumerate(zip(params, grads)):
                m1[j] = 0.9 * m1[j] + 0.1 * g
                m2[j] = 0.999 * m2[j] + 0.001 * g * g
                prm -= rate * (m1[j] / (1 - 0.9 ** step)) / (np.sqrt(m2[j] / (1 - 0.999 ** step)) + 1e-8)
    return Mlp(mean.astype(np.float32), scale.astype(np.float32), tuple(ws), tuple(bs))


def write_weights(out: Path, arrays: dict[str, np.ndarray], t0: float) -> None:
    """Write a network's arrays to ``out`` (the committed weights file) and say so, with
    its size and the time since ``t0``."""
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(out, **cast(dict[str, Any], arrays))
    print(f"-> {out} ({out.stat().st_size / 1e3:.0f} kB) in {time.time() - t0:.0f} s")


def accuracy(net: Mlp | Ensemble, x: np.ndarray, y: np.ndarray) -> float:
    return float((net.logits(x).argmax(axis=1) == y).mean())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--font-samples", type=int, default=40000)
    parser.add_argument("--synth-samples", type=int, default=3000, help="cards (two corners each)")
    parser.add_argument("--negative-samples", type=int, default=40000,
                        help="corners with no index (most face windows are blank: extract_glyphs drops them)")
    parser.add_argument("--suit-synth-samples", type=int, default=6000,
                        help="more cards of the project's own decks for the suit networks only (two corners each)")
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--members", type=int, default=6, help="networks trained apart whose votes are averaged")
    parser.add_argument("--out", type=Path, default=WEIGHTS_PATH)
    args = parser.parse_args(argv)
    t0 = time.time()
    rx, ry, sx, sy = examples(args.font_samples, args.synth_samples, SEED, args.negative_samples)
    n = len(rx)
    val = np.random.default_rng(SEED + 1).random(n) < 0.1
    n_suit = len(sx)  # the suit examples are the first rank examples' (no-index corners have none)
    # Small black pips (club or spade at a few pixels) are the suits' hard case: more of the
    # project's own cards at camera distance, drawn apart so that the rank examples stay as they were.
    ex, ey = suit_examples(args.suit_synth_samples, SEED + 2)
    print(f"examples in {time.time() - t0:.0f} s ({len(ex)} more pips)", flush=True)
    extra_val = np.random.default_rng(SEED + 3).random(len(ex)) < 0.1
    arrays: dict[str, np.ndarray] = {}
    ranks, suits = [], []
    for k in range(args.members):
        # Members differ in their start and in the half of the examples they see.
        rng = np.random.default_rng(SEED + 10 * k)
        pick = ~val & (rng.random(n) < 0.75)
        ranks.append(train_mlp(rx[pick], ry[pick], NOT_INDEX + 1, (256, 128), args.epochs, SEED + 10 * k))
        extra = ~extra_val & (rng.random(len(ex)) < 0.75)
        suits.append(train_mlp(np.concatenate([sx[pick[:n_suit]], ex[extra]]),
                               np.concatenate([sy[pick[:n_suit]], ey[extra]]), len(SUITS), (128,), args.epochs,
                               SEED + 10 * k + 1))
        suffix = str(k) if k else ""
        arrays |= ranks[-1].to_arrays(f"rank{suffix}") | suits[-1].to_arrays(f"suit{suffix}")
        print(f"member {k}: validation rank {accuracy(ranks[-1], rx[val], ry[val]):.3f}, "
              f"suit {accuracy(suits[-1], sx[val[:n_suit]], sy[val[:n_suit]]):.3f}, "
              f"suit of own cards {accuracy(suits[-1], ex[extra_val], ey[extra_val]):.3f}", flush=True)
    together = Ensemble(tuple(ranks)), Ensemble(tuple(suits))
    print(f"together: validation rank {accuracy(together[0], rx[val], ry[val]):.3f}, "
          f"suit {accuracy(together[1], sx[val[:n_suit]], sy[val[:n_suit]]):.3f}, "
          f"suit of own cards {accuracy(together[1], ex[extra_val], ey[extra_val]):.3f} ({int(val.sum())} held back)",
          flush=True)
    write_weights(args.out, arrays, t0)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
