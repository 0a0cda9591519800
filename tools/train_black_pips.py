"""Train the black-pip network (``vision/data/black_pip_net.npz``): club against spade.

At camera distance an index pip is 6 to 10 pixels across, and a club and a spade blur
into one blob on a stem; the four-suit network (``tools/train_reader.py``) was unsure
(below 0.99) of one black pip in eleven at the true corners of development scenes and
wrong about one in a hundred. This network sees what that one sees and the pip's
surroundings at one scale with its proportions kept (``index_reader.pip_window``).

Its examples are the black index pips at the true corners of whole synthetic tables
(``vision.synth.random_scene``, seeds ``--seeds``: apart from the development seeds below
100000 and the held-out seeds from 7340000), cut by the reader's own ``extract_glyphs``,
where the rank reads right (so the index shows: a corner under another card or a hand
teaches nothing). The last tenth of the seeds is kept apart to check on. No real photo
goes in. About 15 minutes on two cores, most of it rendering.
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from train_reader import train_mlp, write_weights  # noqa: E402
from vision.glyph_net import BLACK_PIP_PATH, BLACK_SUITS, Ensemble, black_pip_features, reader_nets  # noqa: E402
from vision.index_reader import _letters_for, classify, extract_glyphs  # noqa: E402
from vision.recognize import _oriented, _patch_from_quad  # noqa: E402
from vision.synth import random_scene  # noqa: E402

def scene_pips(seed: int) -> list[tuple[np.ndarray, int, float, bool]]:
    """Features, label (0 club, 1 spade), the four-suit network's probability of the true
    suit, and whether the corner is the true one, for each black index pip read in scene
    ``seed``: at the card's true corner, and at ``OFF_CORNERS`` corners guessed as the
    search guesses them (a card found by its index alone has its width guessed, often a
    fifth off or more, and a pip read there is stretched or squeezed)."""
    cv2.setNumThreads(1)
    scene = random_scene(seed)
    rng = np.random.default_rng(seed)
    letters = list(_letters_for(scene.truth.style, scene.deck))
    out = []
    for t in scene.truth.cards:
        if not t.face_up or t.card is None or t.card.suit not in BLACK_SUITS:
            continue
        for start in (0, 2):
            true = _oriented(t.corners, start)
            for k in range(1 + OFF_CORNERS):
                corners = true if k == 0 else _guessed(true, rng)
                g = extract_glyphs(_patch_from_quad(scene.frame, corners))
                if g is None or g.red:
                    continue
                reading = classify(g, letters, scene.truth.style)
                if reading is None or reading.card.rank != t.card.rank:
                    continue
                # The four-suit network's view, as the reader asked it before (no window).
                old = reader_nets().suit_probabilities(g.suit_mask, g.suit_darkness, BLACK_SUITS)
                out.append((black_pip_features(g.suit_mask, g.suit_darkness, g.suit_window),
                            BLACK_SUITS.index(t.card.suit), old[t.card.suit], k == 0))
    return out


OFF_CORNERS = 2


def _guessed(corners: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A card's outline as a search might guess it from its index corner (``corners[0]``):
    its width 0.45 to 1.25 of the truth, its length 0.85 to 1.15, a few degrees and a
    few hundredths of a card off."""
    o = corners[0]
    across, along = corners[1] - o, corners[3] - o
    a = np.radians(rng.uniform(-4, 4))
    turn = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]], np.float32)
    across = turn @ (across * rng.uniform(0.45, 1.25))
    along = turn @ (along * rng.uniform(0.85, 1.15))
    o = o + rng.normal(0, 0.02, 2).astype(np.float32) * float(np.linalg.norm(corners[1] - corners[0]))
    return np.array([o, o + across, o + across + along, o + along], np.float32)


def collect(seeds: range) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    x, y, old, true, where = [], [], [], [], []
    with Pool(2) as pool:
        for seed, pips in zip(seeds, pool.imap(scene_pips, seeds, chunksize=8)):
            for f, label, p, at_true in pips:
                x.append(f)
                y.append(label)
                old.append(p)
                true.append(at_true)
                where.append(seed)
    return np.array(x, np.float32), np.array(y, np.int64), np.array(old), np.array(true), np.array(where)


def report(name: str, p_true: np.ndarray) -> None:
    print(f"{name}: wrong {int((p_true < 0.5).sum())} of {len(p_true)}, "
          f"unsure (below 0.99) {int((p_true < 0.99).sum())}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, nargs=2, default=(500_000, 506_000), metavar=("FIRST", "END"))
    parser.add_argument("--members", type=int, default=3, help="networks trained apart whose votes are averaged")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--out", type=Path, default=BLACK_PIP_PATH)
    parser.add_argument("--cache", type=Path, help="keep the examples here, and read them from here if present")
    args = parser.parse_args(argv)
    t0 = time.time()
    first, end = args.seeds
    if args.cache is not None and args.cache.is_file():
        with np.load(args.cache) as f:
            x, y, old, true, where = f["x"], f["y"], f["old"], f["true"], f["where"]
    else:
        x, y, old, true, where = collect(range(first, end))
        if args.cache is not None:
            np.savez_compressed(args.cache, x=x, y=y, old=old, true=true, where=where)
    apart = where >= first + 0.9 * (end - first)
    print(f"{len(x)} black pips from {end - first} scenes in {time.time() - t0:.0f} s "
          f"({int(apart.sum())} kept apart)", flush=True)
    members = [train_mlp(x[~apart], y[~apart], len(BLACK_SUITS), (args.hidden,), args.epochs, 7 + k)
               for k in range(args.members)]
    logp = Ensemble(tuple(members)).logits(x[apart])
    p_true = np.exp(logp[np.arange(len(logp)), y[apart]])
    for name, at in (("true corners", true[apart]), ("guessed corners", ~true[apart])):
        report(f"four-suit network, kept apart, {name}", old[apart][at])
        report(f"black-pip network, kept apart, {name}", p_true[at])
    # The committed network learns from every seed.
    members = [train_mlp(x, y, len(BLACK_SUITS), (args.hidden,), args.epochs, 7 + k) for k in range(args.members)]
    arrays: dict[str, np.ndarray] = {}
    for k, m in enumerate(members):
        arrays |= m.to_arrays(f"black{k}")
    write_weights(args.out, arrays, t0)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
