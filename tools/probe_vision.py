"""Score the recogniser on ranges of development scenes: the measurement behind each
vision change (``tafel bench vision`` keeps to the held-out seeds; this is for the rest).

    .venv/bin/python tools/probe_vision.py random 1000:1200            # random_scene seeds
    .venv/bin/python tools/probe_vision.py rows 0:300                  # played_row_scene
    .venv/bin/python tools/probe_vision.py photo 0:200 --photos DIR    # table_photo_scene, a photographed deck
    .venv/bin/python tools/probe_vision.py edje train                  # a split of edje-tf-cards
    ... --details out.txt    # one line per miss, misreading and phantom, by scene

It prints right / expected, phantoms, misread and missed (for edje: labelled cards found
with the right rank at IoU >= 0.5, and detections matching no label). Scenes are read in
``--jobs`` processes (2 by default: this machine's cores).
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.bench import shared_dir  # noqa: E402
from vision.evaluate import BoxLabel  # noqa: E402
from vision.synth import Scene  # noqa: E402


def draw_scene(kind: str, seed: int, photos: str = "", back: str = "", shadow: bool = False) -> Scene:
    """Development scene ``seed`` of ``kind`` (random, rows or photo) as this probe draws
    it: ``photos``, the deck's photo folder for photo scenes (the bidly photos when
    empty); ``back``, the back pattern (when empty: scrollwork for photo scenes, else the
    lattice); ``shadow``, with a cast shadow (random and photo scenes)."""
    from vision.faces import DeckDesign
    from vision.synth import played_row_scene, random_scene, table_photo_scene

    back = back or ("scrollwork" if kind == "photo" else "lattice")
    if kind == "random":
        return random_scene(seed, back_pattern=back, shadow=shadow)
    if kind == "rows":
        return played_row_scene(seed)
    if kind == "photo":
        photos = photos or str(shared_dir() / "datasets" / "bidly-single-cards")
        return table_photo_scene(seed, DeckDesign(photos=photos, back_pattern=back), shadow=shadow)
    raise ValueError(f"unknown scene kind {kind!r}: expected random, rows or photo")


def _scene_score(job: tuple[str, int, str, str, str, bool]) -> tuple[int, int, int, int, int, int, list[str]]:
    from vision.evaluate import score_scene
    from vision.recognize import identify_cards

    kind, seed, photos, back, profile, shadow = job
    scene = draw_scene(kind, seed, photos, back, shadow)
    templates = None
    if profile:
        from vision.profile import load_profile

        templates = load_profile(profile)
    dets = identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style, templates=templates)
    s = score_scene(dets, scene.truth)
    backs = sum(t.card is None for t in scene.truth.readable())
    backs_found = backs - sum(d.startswith("None ") for d in s.details)
    return (s.expected, s.correct, s.wrong, s.missed, s.phantoms, len(dets),
            [f"{seed}: {d}" for d in s.details] + ([f"{seed}: backs {backs_found}/{backs}"] if backs else []))


def _edje_score(job: tuple[str, str, list[BoxLabel]]) -> tuple[int, int, int, list[str]]:
    from vision.evaluate import box_iou, detection_box, score_boxes
    from vision.recognize import identify_cards

    split, name, labels = job
    frame = cv2.imread(str(shared_dir() / "datasets" / "edje-tf-cards" / split / name))
    if frame is None:
        return 0, len(labels), 0, [f"{name}: unreadable"]
    dets = identify_cards(frame, deck=52)
    found, total, extra = score_boxes(dets, labels, frame.shape[1], frame.shape[0])
    details = []
    if found < total or extra:
        got = [(str(d.card), round(d.confidence, 2),
                round(max((box_iou(detection_box(d, frame.shape[1], frame.shape[0]), lab.box) for lab in labels),
                          default=0.0), 2)) for d in dets]
        details.append(f"{name}: {found}/{total} found, {extra} extra; read {got}; "
                       f"labels {[lab.rank for lab in labels]}")
    return found, total, extra, details


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("kind", choices=["random", "rows", "photo", "edje"])
    parser.add_argument("range", help="seeds FROM:TO (end exclusive); for edje, the split: train or test")
    parser.add_argument("--photos", default=str(shared_dir() / "datasets" / "bidly-single-cards"),
                        help="the photographed deck of 'photo' scenes (default: bidly-single-cards)")
    parser.add_argument("--back", default="", help="back pattern: lattice (random scenes), scrollwork (photo scenes)")
    parser.add_argument("--profile", default="", help="read with this taught deck profile")
    parser.add_argument("--shadow", action="store_true", help="random and photo scenes with a cast shadow")
    parser.add_argument("--details", help="write every miss, misreading and phantom here")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.kind == "photo" and not Path(args.photos).is_dir():
        print(f"probe_vision: {args.photos}: no such folder of card photos (--photos, or set TAFEL_SHARED)",
              file=sys.stderr)
        return 2
    if args.kind == "edje" and not (shared_dir() / "datasets" / "edje-tf-cards").is_dir():
        print(f"probe_vision: {shared_dir() / 'datasets' / 'edje-tf-cards'}: not found (set TAFEL_SHARED)",
              file=sys.stderr)
        return 2
    t0 = time.time()
    details: list[str] = []
    with Pool(args.jobs) as pool:
        if args.kind == "edje":
            from vision.evaluate import read_edje_labels

            root = shared_dir() / "datasets" / "edje-tf-cards"
            labels = read_edje_labels(str(root / f"{args.range}_labels.csv"))
            found = total = extra = 0
            for f, t, x, d in pool.imap(_edje_score, [(args.range, n, labels[n]) for n in sorted(labels)]):
                found, total, extra = found + f, total + t, extra + x
                details += d
            print(f"edje {args.range}: {found}/{total} found with the right rank, {extra} matching no label "
                  f"({time.time() - t0:.0f} s)")
        else:
            lo, hi = (int(v) for v in args.range.split(":"))
            jobs = [(args.kind, seed, args.photos, args.back, args.profile, args.shadow) for seed in range(lo, hi)]
            e = c = w = m = p = n = 0
            for ee, cc, ww, mm, pp, nn, d in pool.imap(_scene_score, jobs, chunksize=4):
                e, c, w, m, p, n = e + ee, c + cc, w + ww, m + mm, p + pp, n + nn
                details += d
            backs = [line.split("backs ")[1] for line in details if ": backs " in line]
            bf, bt = (sum(int(b.split("/")[i]) for b in backs) for i in (0, 1))
            print(f"{args.kind} {args.range}: right {c}/{e} = {c / max(e, 1):.2%}, phantoms {p}/{n}, "
                  f"misread {w}, missed {m}, face down found {bf}/{bt} ({time.time() - t0:.0f} s)")
    if args.details:
        Path(args.details).write_text("\n".join(details) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
