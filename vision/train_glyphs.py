"""Build the glyph bank: index glyphs as a camera really sees them.

Clean font templates do not look like a 9-pixel pip or a 14-pixel letter after blur,
noise and JPEG. This script renders single cards with the project's own faces (every
index style, the Hershey fonts, several weights) at camera distances, blurs, noises and
compresses them, cuts the corner index out exactly as the reader does, and stores the
resulting feature vectors. It uses only synthetic images (no real photo), so every real
photo set stays held out.

    python -m vision.train_glyphs            # writes vision/data/glyph_bank.npz (~1 min)
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import cv2
import numpy as np

from engine.cards import FULL_DECK
from vision.faces import STYLES, rank_text
from vision.index_reader import SUIT_SIZE, extract_glyphs, normalise_glyph, topology
from vision.recognize import _patch_from_quad
from vision.synth import TABLES, Camera, Effects, PlacedCard, random_design, render_table

BANK_PATH = Path(__file__).resolve().parent / "data" / "glyph_bank.npz"
TRAIN_SEED = 20_000  # scenes for the bank; benchmarks use other seeds


def build_bank(samples: int, seed: int = TRAIN_SEED) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    letters: list[str] = []
    rank_vecs, aspects, holes, hole_ys, parts = [], [], [], [], []
    suits: list[str] = []
    suit_vecs = []
    styles = list(STYLES)
    made = 0
    while made < samples:
        card = FULL_DECK[int(rng.integers(len(FULL_DECK)))]
        style = styles[int(rng.integers(len(styles)))]
        design = random_design(rng, style)
        px_per_mm = float(rng.uniform(1.0, 2.4))
        size = (int(110 * px_per_mm) + 20, int(110 * px_per_mm) + 20)
        placed = [PlacedCard(card, 0.0, 0.0, float(rng.uniform(-180, 180)))]
        effects = Effects(tilt=float(rng.uniform(0, 1)), tilt_seed=int(rng.integers(1, 1 << 30)),
                          light_gradient=float(rng.uniform(0, 0.5)), blur=float(rng.uniform(0, 1.2)),
                          noise=float(rng.uniform(1, 6)), jpeg_quality=int(rng.integers(45, 95)))
        frame, truth = render_table(placed, seed=int(rng.integers(1 << 30)), table=TABLES[int(rng.integers(4))],
                                    design=design, camera=Camera(size, px_per_mm), effects=effects)
        corners = truth.cards[0].corners
        # Where the detector puts a corner is off by a pixel or two: so is the bank's.
        jitter = rng.normal(0, 0.8, corners.shape).astype(np.float32)
        for start in (0, 2):
            patch = _patch_from_quad(frame, np.roll(corners + jitter, -start, axis=0))
            glyphs = extract_glyphs(patch)
            if glyphs is None:
                continue
            letters.append(rank_text(card.rank, style))
            rank_vecs.append(normalise_glyph(glyphs.rank_mask).ravel())
            aspects.append(glyphs.rank_mask.shape[1] / max(glyphs.rank_mask.shape[0], 1))
            n_holes, hole_y = topology(glyphs.rank_mask)
            holes.append(n_holes)
            hole_ys.append(hole_y)
            parts.append(glyphs.parts)
            suits.append(card.suit.letter)
            suit_vecs.append(normalise_glyph(glyphs.suit_mask, SUIT_SIZE, SUIT_SIZE, strokes=False).ravel())
            made += 1
    return {
        "letters": np.array(letters), "rank_vecs": quantise(np.array(rank_vecs)),
        "aspects": np.array(aspects, np.float32), "holes": np.array(holes, np.int8),
        "hole_ys": np.array(hole_ys, np.float16), "parts": np.array(parts, np.int8),
        "suits": np.array(suits), "suit_vecs": quantise(np.array(suit_vecs)),
    }


QUANT_SCALE = 400.0  # unit vectors of a few hundred values: entries stay well inside +-0.3


def quantise(vecs: np.ndarray) -> np.ndarray:
    """int8 storage keeps the committed bank small; correlation barely notices."""
    return np.clip(np.round(vecs * QUANT_SCALE), -127, 127).astype(np.int8)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.train_glyphs", description=__doc__.split("\n")[0])
    parser.add_argument("--samples", type=int, default=3000)
    parser.add_argument("--out", type=Path, default=BANK_PATH)
    args = parser.parse_args(argv)
    t = time.time()
    bank = build_bank(args.samples)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, **bank)  # type: ignore[arg-type]
    print(f"{len(bank['letters'])} glyphs in {time.time() - t:.0f} s -> {args.out} "
          f"({args.out.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
