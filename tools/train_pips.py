"""Train the centre pip reader (vision/pips.py) from printed fonts.

    .venv/bin/python tools/train_pips.py          # ~2 min on this machine -> vision/data/pip_net.npz

Each example is one pip printed on a card's middle, in a suit-bearing TrueType/OpenType
face under /usr/share/fonts (the faces tools/train_reader.py finds: Debian's
fonts-dejavu-core and fonts-urw-base35) or in the project's own pip shape, at a random
size (an ace's pip too), weight, width and tilt, upright or upside down, in black or red
ink on paper of some brightness; then photographed: shrunk to 55-230 camera pixels per
card width, blurred, noised, JPEG-compressed and warped back to canonical size, and cut
out by vision.pips.find_pips, the same code the reader runs. The network is a plain numpy
MLP with eight answers: each suit, upright or upside down (vision.pips.SUITS). No real
photo goes in.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from train_reader import (SUIT_CHARS, FontGlyphs, _weight, accuracy, find_fonts, jpeg_compressed,  # noqa: E402
                          train_mlp, write_weights)

from vision.faces import pip_mask, suit_is_red  # noqa: E402
from vision.glyph_net import Mlp  # noqa: E402
from vision.pips import MIDDLE, SUITS, WEIGHTS_PATH, _ink_level, find_pips, pip_features  # noqa: E402

SEED = 7


def photographed_pip(rng: np.random.Generator, glyphs: FontGlyphs, suit_fonts: list[int]
                     ) -> tuple[np.ndarray, int] | None:
    """One pip on a card's middle, as a camera sees it: its features and its class (suit
    times two, plus one when upside down), or None when find_pips does not find one pip."""
    x0, y0, x1, y1 = MIDDLE
    w, h = x1 - x0, y1 - y0
    si = int(rng.integers(len(SUITS)))
    suit = SUITS[si]
    alpha = pip_mask(suit, 128) if rng.random() < 0.25 or not suit_fonts else glyphs.glyph(
        int(rng.choice(suit_fonts)), SUIT_CHARS[suit])
    if alpha is None:
        return None
    if rng.random() < 0.5:
        alpha = _weight(alpha, rng)
    size = float(rng.uniform(28, 95) if rng.random() < 0.3 else rng.uniform(28, 55))
    ah, aw = alpha.shape
    s = size / max(ah, aw)
    pw, ph = max(4, int(aw * s * rng.uniform(0.85, 1.15))), max(4, int(ah * s))
    canvas: np.ndarray = np.zeros((h, w), np.uint8)
    cx = int(rng.integers(pw // 2 + 4, w - pw // 2 - 4))
    cy = int(rng.integers(ph // 2 + 4, h - ph // 2 - 4))
    canvas[cy - ph // 2: cy - ph // 2 + ph, cx - pw // 2: cx - pw // 2 + pw] = cv2.resize(
        alpha, (pw, ph), interpolation=cv2.INTER_AREA)
    canvas = cv2.warpAffine(canvas, cv2.getRotationMatrix2D((cx, cy), float(rng.uniform(-6, 6)), 1.0), (w, h))
    turned = bool(rng.random() < 0.5)
    if turned:
        canvas = canvas[::-1, ::-1]
    paper = rng.uniform(200, 255) * rng.uniform(0.9, 1.0, 3)
    ink = (np.array([rng.uniform(20, 60), rng.uniform(20, 60), rng.uniform(150, 220)]) if suit_is_red(suit)
           else np.full(3, rng.uniform(10, 70)))
    ink = ink * rng.uniform(0.7, 1.0) + paper * rng.uniform(0, 0.3)
    a = canvas[..., None].astype(np.float32) / 255.0
    image = paper * (1 - a) + ink * a
    f = float(rng.uniform(55, 230)) / 250.0
    small: np.ndarray = cv2.resize(image.astype(np.float32), (max(4, int(w * f)), max(4, int(h * f))),
                                   interpolation=cv2.INTER_AREA)
    sigma = float(rng.uniform(0, 1.1))
    if sigma > 0.2:
        small = cv2.GaussianBlur(small, (0, 0), sigma)
    small += rng.normal(0, rng.uniform(0.5, 6), small.shape)
    small8 = jpeg_compressed(rng, np.clip(small, 0, 255).astype(np.uint8))
    region = cv2.resize(small8, (w, h), interpolation=cv2.INTER_LINEAR)
    found = find_pips(_ink_level(region), np.ones((h, w), np.uint8))
    if len(found) != 1:
        return None
    mask, level, _ = found[0]
    return pip_features(mask, level), 2 * si + int(turned)


def examples(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    glyphs = FontGlyphs(find_fonts())
    suit_fonts = glyphs.suit_fonts()
    xs: list[np.ndarray] = []
    ys: list[int] = []
    while len(xs) < n:
        made = photographed_pip(rng, glyphs, suit_fonts)
        if made is not None:
            xs.append(made[0])
            ys.append(made[1])
    return np.array(xs), np.array(ys)


def suit_accuracy(net: Mlp, x: np.ndarray, y: np.ndarray) -> float:
    """How often the suit (either way up) is named right between the two of its colour."""
    z = net.logits(x)
    p = np.exp(z - z.max(axis=1, keepdims=True)).reshape(len(x), len(SUITS), 2).sum(axis=2)
    suit = y // 2
    other = np.array([3, 2, 1, 0])[suit]  # SUITS is clubs, diamonds, hearts, spades
    rows = np.arange(len(x))
    return float((p[rows, suit] > p[rows, other]).mean())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--samples", type=int, default=20000)
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--out", type=Path, default=WEIGHTS_PATH)
    args = parser.parse_args(argv)
    t0 = time.time()
    x, y = examples(args.samples, SEED)
    vx, vy = examples(max(args.samples // 7, 100), SEED + 1)
    print(f"{len(x)} examples, {len(vx)} held back, in {time.time() - t0:.0f} s", flush=True)
    net = train_mlp(x, y, 2 * len(SUITS), (64,), args.epochs, SEED)
    print(f"held back: class {accuracy(net, vx, vy):.3f}, suit within its colour {suit_accuracy(net, vx, vy):.4f}")
    write_weights(args.out, net.to_arrays("pip"), t0)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
