"""Scoring recognition against ground truth: synthetic scenes and the real photo sets."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from vision.recognize import Detection
from vision.synth import SceneTruth


@dataclass
class SceneScore:
    expected: int = 0
    correct: int = 0
    wrong: int = 0  # found where a card is, with the wrong value
    missed: int = 0
    phantoms: int = 0  # reported where no card (or no readable card) is
    details: list[str] = field(default_factory=list)

    def add(self, other: SceneScore) -> None:
        self.expected += other.expected
        self.correct += other.correct
        self.wrong += other.wrong
        self.missed += other.missed
        self.phantoms += other.phantoms
        self.details += other.details


def _card_width(corners: np.ndarray) -> float:
    return float(min(np.linalg.norm(corners[1] - corners[0]), np.linalg.norm(corners[2] - corners[1])))


def _near(det: Detection, truth_corners: np.ndarray) -> bool:
    """The detection's reading corner lies at one of the true card's corners (a partly
    hidden card is only known by that corner), or the centres agree."""
    w = _card_width(truth_corners)
    if np.min(np.linalg.norm(truth_corners - det.corners[0], axis=1)) < 0.3 * w:
        return True
    return float(np.linalg.norm(truth_corners.mean(axis=0) - det.corners.mean(axis=0))) < 0.3 * w


def score_scene(detections: list[Detection], truth: SceneTruth) -> SceneScore:
    s = SceneScore()
    used: set[int] = set()
    for t in truth.readable():
        s.expected += 1
        match = None
        for i, d in enumerate(detections):
            if i in used or not _near(d, t.corners):
                continue
            if d.card == t.card:
                match = i
                break
        if match is not None:
            used.add(match)
            s.correct += 1
            continue
        near = [i for i, d in enumerate(detections) if i not in used and _near(d, t.corners)]
        if near:
            used.add(near[0])
            s.wrong += 1
            s.details.append(f"{t.card} read as {detections[near[0]].card}")
        else:
            s.missed += 1
            s.details.append(f"{t.card} missed")
    for i, d in enumerate(detections):
        if i in used:
            continue
        # A reading of a card whose index truth calls hidden is not a phantom if it is right.
        if any(d.card == t.card and _near(d, t.corners) for t in truth.cards):
            continue
        s.phantoms += 1
        s.details.append(f"phantom {d.card} at {tuple(round(v) for v in d.center)}")
    return s


# -- real photos --------------------------------------------------------------------------

EDJE_RANKS = {"nine": "9", "ten": "T", "jack": "J", "queen": "Q", "king": "K", "ace": "A"}


@dataclass
class BoxLabel:
    rank: str  # engine rank letter
    box: tuple[float, float, float, float]  # xmin, ymin, xmax, ymax


def read_edje_labels(csv_path: str) -> dict[str, list[BoxLabel]]:
    import csv

    out: dict[str, list[BoxLabel]] = {}
    with open(csv_path, newline="") as fh:
        for row in csv.DictReader(fh):
            out.setdefault(row["filename"], []).append(BoxLabel(
                EDJE_RANKS[row["class"]],
                (float(row["xmin"]), float(row["ymin"]), float(row["xmax"]), float(row["ymax"]))))
    return out


def box_iou(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def detection_box(d: Detection, width: int, height: int) -> tuple[float, float, float, float]:
    xs, ys = d.corners[:, 0], d.corners[:, 1]
    return (max(0.0, float(xs.min())), max(0.0, float(ys.min())), min(float(width), float(xs.max())),
            min(float(height), float(ys.max())))


def score_boxes(detections: list[Detection], labels: list[BoxLabel], width: int, height: int) -> tuple[int, int, int]:
    """(labelled cards found with the right rank at IoU >= 0.5, labelled cards, extra detections)."""
    used: set[int] = set()
    found = 0
    for lab in labels:
        best, best_iou = -1, 0.5
        for i, d in enumerate(detections):
            if i in used or d.card is None or d.card.rank.letter != lab.rank:
                continue
            iou = box_iou(detection_box(d, width, height), lab.box)
            if iou >= best_iou:
                best, best_iou = i, iou
        if best >= 0:
            used.add(best)
            found += 1
    return found, len(labels), len(detections) - len(used)
