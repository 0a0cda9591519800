"""Train the 3-or-5 network (``vision/data/three_five_net.npz``).

Many real decks print a 3 whose top is a flat bar with a diagonal under it, as a 5's top
is a flat bar with an upright under it. At camera size the rank networks
(``tools/train_reader.py``) read such a 3 as a 5: in the development photos of the
real-deck probe (the bidly deck on rendered tables) 17 of them were read as 5s and 12
more missed, read too unsure. This network sees the same rank features and tells only
the two apart; the reader asks it where the rank networks name a 3 or a 5 (see
``ReaderNets._three_or_five``).

Its examples are the reader's own: 3s and 5s printed in the system's fonts (half the 3s
with a flat top, ``train_reader.flat_top_three``, in its shapes from a diagonal that ends
mid-height to one that meets the bowl at its top left), photographed at camera distance,
and the 3s and 5s of the project's own rendered cards in every index style. No real
photo goes in. About a minute on this machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from train_reader import (FontGlyphs, accuracy, find_fonts, font_index, synth_patches, train_mlp,  # noqa: E402
                          write_weights)

from engine.cards import FULL_DECK, Rank  # noqa: E402
from vision.glyph_net import SUITS, THREE_FIVE, THREE_FIVE_PATH, Ensemble, rank_features  # noqa: E402
from vision.index_reader import extract_glyphs  # noqa: E402

SEED = 47_000  # nothing else uses these seeds
FLAT_TOPPED = 0.5  # of the font 3s


def examples(n_font: int, n_synth: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Rank features and labels (0 for a 3, 1 for a 5) of ``n_font`` font-printed corners
    and ``n_synth`` corners of the project's own cards (both of each card)."""
    rng = np.random.default_rng(seed)
    glyphs = FontGlyphs(find_fonts())
    suit_fonts = glyphs.suit_fonts()
    corners: list[tuple[np.ndarray, str]] = []
    while len(corners) < n_font:
        letter = THREE_FIVE[int(rng.integers(2))]
        patch = font_index(rng, glyphs, suit_fonts, letter, SUITS[int(rng.integers(4))], FLAT_TOPPED)
        if patch is not None:
            corners.append((patch, letter))
    threes_and_fives = [c for c in FULL_DECK if c.rank in (Rank.THREE, Rank.FIVE)]
    corners += [(patch, letter) for patch, letter, _ in synth_patches(rng, n_synth, threes_and_fives)]
    x, y = [], []
    for patch, letter in corners:
        g = extract_glyphs(patch)
        if g is not None:
            x.append(rank_features(g.rank_mask, g.parts))
            y.append(THREE_FIVE.index(letter))
    print(f"{len(corners)} corners printed, {len(x)} read by extract_glyphs", flush=True)
    return np.array(x), np.array(y)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--font-samples", type=int, default=12000)
    parser.add_argument("--synth-samples", type=int, default=1500, help="corners of the project's own cards (both of each card)")
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--members", type=int, default=3, help="networks trained apart whose votes are averaged")
    parser.add_argument("--out", type=Path, default=THREE_FIVE_PATH)
    args = parser.parse_args(argv)
    t0 = time.time()
    x, y = examples(args.font_samples, args.synth_samples, SEED)
    val = np.random.default_rng(SEED + 1).random(len(x)) < 0.1
    arrays: dict[str, np.ndarray] = {}
    members = []
    for k in range(args.members):
        rng = np.random.default_rng(SEED + 10 * k)
        pick = ~val & (rng.random(len(x)) < 0.75)
        members.append(train_mlp(x[pick], y[pick], len(THREE_FIVE), (64,), args.epochs, SEED + 10 * k))
        arrays |= members[-1].to_arrays(f"pair{k if k else ''}")
        print(f"member {k}: validation {accuracy(members[-1], x[val], y[val]):.3f}", flush=True)
    print(f"together: validation {accuracy(Ensemble(tuple(members)), x[val], y[val]):.3f} "
          f"({int(val.sum())} held back)", flush=True)
    write_weights(args.out, arrays, t0)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
