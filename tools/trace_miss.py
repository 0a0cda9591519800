"""Where the full search loses a card that a development scene misses: a tracer.

    .venv/bin/python tools/trace_miss.py photo:38:QH random:12746:JD rows:89:KC
    .venv/bin/python tools/trace_miss.py photo:4167:QD

Each argument names a development scene, drawn as ``tools/probe_vision.py`` draws it
(``draw_scene``: ``random``, ``rows``, or ``photo``, the bidly photos on a rendered
table; dev_sets.py's photo and scroll sets are both photo scenes), and the card it
misses or misreads, as ``dev_sets.py`` lists them. For that card it prints, one line
each:

* the index corners the search read within an eighth of a card of its true index
  corners: distance in pixels, the card width read at, and the reading;
* the stage it was lost at: ``reported`` (then it is placed too far off to count, or
  counted right), ``never made`` (no reading of it was kept as a detection: no corner
  near, or read as nothing, or under the confidence its kind of corner needs),
  ``dropped before the duplicates`` (by the rules that follow the corner readings: an
  index seen turned, paper tint, a guess face down), ``lost settling duplicates`` (or
  at the rings and pictures that follow), ``dropped by the phantom check``, or ``lost
  after the phantom check``;
* what is reported near it instead.

It patches the recogniser's private steps (``_corner_patch``, ``Detection``,
``_one_size``, ``_without_phantoms``) to watch them, and so follows their names: a
development aid, not part of the product. Frames are read at the size
``identify_cards`` reads them (a photo reduced to ``LARGEST_FRAME``).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from probe_vision import draw_scene  # noqa: E402  (this folder: a script's own, first on the path)


def trace(kind: str, seed: int, want: str, shadow: bool = False) -> list[str]:
    """The lines printed for one missed card (see the module's docstring)."""
    from vision import recognize as R
    from vision.detect import CARD_ASPECT
    from vision.index_reader import read_index

    try:
        scene = draw_scene(kind, seed, shadow=shadow)
    except ValueError as e:
        raise SystemExit(f"trace_miss: {e}") from None
    truths = [t for t in scene.truth.cards if t.card is not None and str(t.card) == want]
    if not truths:
        return [f"{kind}:{seed}: no {want} in the scene"]
    h, w = scene.frame.shape[:2]
    reduce = min(1.0, R.LARGEST_FRAME / max(h, w))
    corners = truths[0].corners * reduce
    width = float(np.linalg.norm(corners[1] - corners[0]))

    def near_index(point: np.ndarray) -> float:
        return float(min(np.linalg.norm(point - corners[i]) for i in (0, 2)))

    def is_it(d: Any) -> bool:
        return d.card is not None and str(d.card) == want and float(
            min(np.linalg.norm(d.corners[0] - corners[i]) for i in range(4))) < 0.3 * width

    readings: set[tuple[float, int, str]] = set()
    made: list[float] = []
    best: dict[str, float | None] = {}
    saved: dict[str, Callable[..., Any]] = {}

    def corner_patch(frame: np.ndarray, c: Any, card_w: float, aspect: float = CARD_ASPECT) -> Any:
        patch, quad = saved["_corner_patch"](frame, c, card_w, aspect)
        if near_index(c.point) < 0.125 * width:
            r = read_index(patch, deck=scene.deck, style=scene.truth.style)
            readings.add((round(near_index(c.point), 1), round(card_w),
                          "nothing" if r is None else f"{r.card} {r.confidence:.3f}"))
        return patch, quad

    def detection(*args: Any, **kwargs: Any) -> Any:
        d = saved["Detection"](*args, **kwargs)
        if is_it(d):
            made.append(d.confidence)
        return d

    def watched(name: str) -> Callable[..., Any]:
        def step(*args: Any, **kwargs: Any) -> Any:
            given = next(a for a in args if isinstance(a, list))
            out = saved[name](*args, **kwargs)
            best.setdefault(name + " in", max((d.confidence for d in given if is_it(d)), default=None))
            best[name + " out"] = max((d.confidence for d in out if is_it(d)), default=None)
            return out
        return step

    for name, stand_in in (("_corner_patch", corner_patch), ("Detection", detection),
                           ("_one_size", watched("_one_size")), ("_without_phantoms", watched("_without_phantoms"))):
        saved[name] = getattr(R, name)
        setattr(R, name, stand_in)
    try:
        found = R.identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style)
    finally:
        for name, original in saved.items():
            setattr(R, name, original)
    if any(is_it(replace(d, corners=d.corners * reduce)) for d in found):
        stage = "reported"
    elif not made:
        stage = "never made"
    elif best.get("_one_size in") is None:
        stage = "dropped before the duplicates"
    elif best.get("_without_phantoms in") is None:
        stage = "lost settling duplicates (or at the rings and pictures)"
    elif best.get("_without_phantoms out") is None:
        stage = "dropped by the phantom check"
    else:
        stage = "lost after the phantom check"
    there = [f"{d.card} {d.confidence:.3f}" for d in found
             if float(min(np.linalg.norm(d.corners[0] * reduce - corners[i]) for i in range(4))) < 0.3 * width]
    return [f"{kind}:{seed}:{want} (card {width:.0f} px wide as read)",
            "  read near its index corners: " + (", ".join(f"{d} px, width {cw}: {r}" for d, cw, r in
                                                       sorted(readings)) or "none"),
            f"  {stage}" + (f" (made at {', '.join(f'{c:.3f}' for c in sorted(made, reverse=True)[:5])})"
                            if made else ""),
            "  reported near it: " + (", ".join(there) or "nothing")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("missed", nargs="+", help="KIND:SEED:CARD, e.g. photo:38:QH (KIND: random, rows or photo)")
    parser.add_argument("--shadow", action="store_true", help="the scenes with a cast shadow (dev_sets' shadow sets)")
    args = parser.parse_args()
    for arg in args.missed:
        parts = arg.split(":")
        if len(parts) != 3 or not parts[1].isdigit():
            print(f"trace_miss: {arg!r}: expected KIND:SEED:CARD, e.g. photo:38:QH", file=sys.stderr)
            return 2
        print("\n".join(trace(parts[0], int(parts[1]), parts[2].upper(), args.shadow)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
