"""Train the phantom check (vision/phantoms.py) on the project's synthetic tables.

    make train-phantoms      # installs torch 2.13.0 (CPU) in .venv, then runs this:
    .venv/bin/python tools/train_phantoms.py   # ~30 min here (2 cores; estimated) -> vision/data/phantom_net.npz

Every synthetic scene knows its truth, so every reading the recogniser makes of it can be
labelled: a card (read right, or right of a card whose index truth calls hidden) or a
phantom (where no card is, or a second reading of a card read right: since the
forty-second session, before which such a reading counted as a card; the committed
weights learned so). The readings the check looks at (face up, of a partly
hidden card) are collected from development seeds (``--seeds``, far below the held-out
ones) with the check itself turned off, and a small convolutional network learns to
tell the two apart from the index patch and the reading's place among the others
(``phantoms.relation_features``). A reading at a true card with the wrong value is left
out: dropping it neither gains nor loses a card. Phantoms are rare (about one reading in
a hundred), so they are repeated in training. The real photos of the edje-tf-cards train
split (the development set; never its test split) go in too, those readings that are
surely a card or surely none (see ``collect_edje``), repeated: trained on synthetic
scenes alone, the check dropped four real cards there. The last part of the synthetic
seeds is kept apart; what the check drops there at a few cuts, ``recognize.PHANTOM_CUT``
among them, is printed.

This is a development tool (it needs torch; ``make train-phantoms`` installs it); the
product only loads the weights it writes, and runs the network in numpy.
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any, cast

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision import phantoms  # noqa: E402
from vision.bench import shared_dir  # noqa: E402
from vision.evaluate import label_readings  # noqa: E402
from engine.cards import Card  # noqa: E402
from vision.recognize import PHANTOM_CUT, Detection, _check_patch, identify_cards  # noqa: E402
from vision.synth import random_scene  # noqa: E402

CONV_CHANNELS = (8, 16, 16)
DENSE = 32


def collect(seeds: range) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Index patches, relation features, labels (1: phantom) and seeds of the checked
    readings of these scenes."""
    patches: list[np.ndarray] = []
    relations: list[np.ndarray] = []
    labels: list[int] = []
    where: list[int] = []
    for seed in seeds:
        scene = random_scene(seed)
        found = identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style, check_phantoms=False)
        for i, label in enumerate(label_readings(found, scene.truth)):
            if label == "wrong" or not phantoms.checked(i, found):
                continue
            patches.append(_check_patch(scene.frame, found[i]))
            relations.append(phantoms.relation_features(i, found))
            labels.append(int(label == "phantom"))
            where.append(seed)
    return _arrays(patches, relations, labels, where)


def _arrays(patches: list[np.ndarray], relations: list[np.ndarray], labels: list[int],
            where: list[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    w, h = phantoms.PATCH_SIZE
    # (A few scenes may hold no checked reading: their relations still have their width.)
    blank = Detection(Card.parse("AS"), 0.5, np.array([[0, 0], [25, 0], [25, 35], [0, 35]], np.float32), partial=True)
    width = len(phantoms.relation_features(0, [blank]))
    return (np.array(patches, np.uint8).reshape(-1, h, w, 3), np.array(relations, np.float32).reshape(-1, width),
            np.array(labels, np.int64), np.array(where, np.int64))


# The edje-tf-cards deck holds only these ranks: any other read there is no card.
EDJE_DECK = frozenset("9TJQKA")


def collect_edje(root: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The checked readings of the real photos in ``root`` (the edje-tf-cards *train*
    split, the development set; never the test split) that are surely a card or surely
    none: a card where the reading's box matches a labelled card of its rank (IoU >= 0.5,
    as the benchmark counts), none where it names a rank that deck lacks or overlaps no
    labelled card at all. Seeds are -1 - the photo's number."""
    from vision.evaluate import box_iou, detection_box, read_edje_labels

    patches: list[np.ndarray] = []
    relations: list[np.ndarray] = []
    labels: list[int] = []
    where: list[int] = []
    for n, (name, boxes) in enumerate(sorted(read_edje_labels(str(root.parent / f"{root.name}_labels.csv")).items())):
        frame = cv2.imread(str(root / name))
        if frame is None:
            continue
        found = identify_cards(frame, deck=52, check_phantoms=False)
        for i, d in enumerate(found):
            if d.card is None or not phantoms.checked(i, found):
                continue
            box = detection_box(d, frame.shape[1], frame.shape[0])
            overlaps = [(box_iou(box, b.box), b.rank) for b in boxes]
            if d.card.rank.letter not in EDJE_DECK or max((o for o, _ in overlaps), default=0.0) < 0.05:
                label = 1
            elif any(o >= 0.5 and r == d.card.rank.letter for o, r in overlaps):
                label = 0
            else:
                continue
            patches.append(_check_patch(frame, d))
            relations.append(phantoms.relation_features(i, found))
            labels.append(label)
            where.append(-1 - n)
    return _arrays(patches, relations, labels, where)


def build(torch: Any, relations: int) -> Any:
    nn = torch.nn

    class Net(nn.Module):  # type: ignore[misc, name-defined]
        def __init__(self) -> None:
            super().__init__()
            layers: list[Any] = []
            before = 3
            for c in CONV_CHANNELS:
                layers += [nn.Conv2d(before, c, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2)]
                before = c
            self.convs = nn.Sequential(*layers)
            w, h = phantoms.PATCH_SIZE
            for _ in CONV_CHANNELS:
                w, h = w // 2, h // 2
            self.dense = nn.Sequential(nn.Linear(before * w * h + relations, DENSE), nn.ReLU(), nn.Linear(DENSE, 2))

        def forward(self, x: Any, r: Any) -> Any:
            return self.dense(torch.cat([self.convs(x).flatten(1), r], 1))

    return Net()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, nargs=2, default=(20000, 40000), metavar=("FIRST", "END"),
                        help="synthetic scenes to learn from (development seeds)")
    parser.add_argument("--apart", type=float, default=0.15, help="share of the seeds kept apart to check on")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=20, help="times each phantom is shown per epoch")
    parser.add_argument("--edje", type=Path, default=shared_dir() / "datasets" / "edje-tf-cards" / "train",
                        help="real photos to learn from too: the edje-tf-cards train split (skipped if missing)")
    parser.add_argument("--real-repeat", type=int, default=10, help="times each real photo's reading is shown per epoch")
    parser.add_argument("--cache", type=Path, help="keep the collected readings in this .npz (and reuse them)")
    parser.add_argument("--out", type=Path, default=phantoms.WEIGHTS_PATH)
    args = parser.parse_args(argv)
    try:
        import torch
    except ImportError:
        print("train_phantoms: torch is needed for training (.venv/bin/pip install torch==2.13.0)", file=sys.stderr)
        return 2
    t0 = time.time()
    if args.cache and args.cache.is_file():
        with np.load(args.cache) as f:
            patches, relations, y, where = f["patches"], f["relations"], f["labels"], f["seeds"]
    else:
        first, end = args.seeds
        chunk = max(1, (end - first) // (8 * args.jobs))
        parts = [range(a, min(a + chunk, end)) for a in range(first, end, chunk)]
        with Pool(args.jobs) as pool:
            got = pool.map(collect, parts)
        if args.edje.is_dir():
            got.append(collect_edje(args.edje))
        else:
            print(f"train_phantoms: no real photos at {args.edje}; synthetic scenes only", file=sys.stderr)
        patches, relations, y, where = (np.concatenate([g[k] for g in got]) for k in range(4))
        if args.cache:
            np.savez_compressed(args.cache, patches=patches, relations=relations, labels=y, seeds=where)
    real = where < 0
    print(f"{len(y)} checked readings, {int(y.sum())} phantoms; of them from real photos {int(real.sum())}, "
          f"{int(y[real].sum())} ({time.time() - t0:.0f} s)")
    torch.manual_seed(0)
    torch.set_num_threads(args.jobs)
    rng = np.random.default_rng(0)
    x = torch.tensor(np.stack([phantoms.patch_input(p) for p in patches]))
    r_mean = relations.mean(axis=0)
    r_scale = relations.std(axis=0) + 1e-2
    r = torch.tensor((relations - r_mean) / r_scale, dtype=torch.float32)
    labels = torch.tensor(y)
    cut_seed = np.quantile(where[~real], 1 - args.apart)
    train, apart = where < cut_seed, where >= cut_seed  # the real photos are all learned from
    net = build(torch, relations.shape[1])
    opt = torch.optim.Adam(net.parameters(), 2e-3, weight_decay=1e-4)
    rows = np.concatenate([np.nonzero(train)[0]] + [np.nonzero(train & (y == 1))[0]] * args.repeat
                          + [np.nonzero(real)[0]] * args.real_repeat)
    for _ in range(args.epochs):
        order = rng.permutation(rows)
        for b in range(0, len(order), 256):
            i = torch.tensor(order[b:b + 256])
            xb = x[i] + 0.03 * torch.randn_like(x[i])  # a little sensor noise: no two photos alike
            loss = torch.nn.functional.cross_entropy(net(xb, r[i]), labels[i])
            opt.zero_grad()
            loss.backward()
            opt.step()
    arrays: dict[str, np.ndarray] = {"relation_mean": r_mean.astype(np.float32),
                                     "relation_scale": r_scale.astype(np.float32)}
    convs = [m for m in net.convs if isinstance(m, torch.nn.Conv2d)]
    denses = [m for m in net.dense if isinstance(m, torch.nn.Linear)]
    for kind, mods in (("conv", convs), ("dense", denses)):
        for k, m in enumerate(mods):
            arrays[f"{kind}_w{k}"] = m.weight.detach().numpy().astype(np.float32)
            arrays[f"{kind}_b{k}"] = m.bias.detach().numpy().astype(np.float32)
    np.savez_compressed(args.out, **cast(dict[str, Any], arrays))
    print(f"wrote {args.out} ({time.time() - t0:.0f} s)")
    # What the product will do: the numpy network read back from the file.
    check = phantoms.PhantomNet.from_arrays(dict(np.load(args.out)))
    ai = np.nonzero(apart)[0]
    p = check.phantom_probabilities(np.stack([phantoms.patch_input(patches[i]) for i in ai]), relations[ai])
    ya = y[ai]
    print(f"kept apart: {len(ai)} readings, {int(ya.sum())} of them phantoms")
    for cut in sorted({0.9, 0.97, 0.99, 0.995, 0.998, PHANTOM_CUT}):
        drop = p > cut
        print(f"  cut {cut}{' (used)' if cut == PHANTOM_CUT else ''}: drops {int((drop & (ya == 1)).sum())} "
              f"phantoms and {int((drop & (ya == 0)).sum())} cards")
    with torch.no_grad():
        q = torch.softmax(net(x[ai], r[ai]), 1)[:, 1].numpy()
    print(f"numpy and torch agree within {float(np.abs(q - p).max()):.1e}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
