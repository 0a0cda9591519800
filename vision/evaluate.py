"""Scoring recognition against ground truth: synthetic scenes and the real photo sets."""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.calibration import READABLE_CARD_WIDTH, card_width_as_read
from vision.detect import CARD_ASPECT, Regions
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
    # Of ``expected`` and ``correct``: the cards narrower, as read, than calibration asks
    # for (``calibration.READABLE_CARD_WIDTH``): a camera too far from the table.
    narrow_expected: int = 0
    narrow_correct: int = 0

    def add(self, other: SceneScore) -> None:
        self.expected += other.expected
        self.correct += other.correct
        self.wrong += other.wrong
        self.missed += other.missed
        self.phantoms += other.phantoms
        self.details += other.details
        self.narrow_expected += other.narrow_expected
        self.narrow_correct += other.narrow_correct


def _card_width(corners: np.ndarray) -> float:
    return float(min(np.linalg.norm(corners[1] - corners[0]), np.linalg.norm(corners[2] - corners[1])))


def _near(det: Detection, truth_corners: np.ndarray, size: tuple[int, int] | None = None) -> bool:
    """The detection's reading corner lies at one of the true card's corners (a partly
    hidden card is only known by that corner), or the centres agree: the card's, or,
    for a card the frame's edge cuts (``size``: the frame's width and height), the
    centre of the part of it in view, which is what a detection outlines."""
    w = _card_width(truth_corners)
    if np.min(np.linalg.norm(truth_corners - det.corners[0], axis=1)) < 0.3 * w:
        return True
    centre = det.corners.mean(axis=0)
    if float(np.linalg.norm(truth_corners.mean(axis=0) - centre)) < 0.3 * w:
        return True
    if size is None:
        return False
    frame = np.array([[0, 0], [size[0], 0], [size[0], size[1]], [0, size[1]]], np.float32)
    area, in_view = cv2.intersectConvexConvex(truth_corners.astype(np.float32), frame)
    if in_view is None or area <= 0 or area >= 0.99 * cv2.contourArea(truth_corners.astype(np.float32)):
        return False
    return float(np.linalg.norm(in_view.reshape(-1, 2).mean(axis=0) - centre)) < 0.3 * w


def _match(detections: list[Detection], truth: SceneTruth) -> tuple[dict[int, int], dict[int, int], list[str]]:
    """Which detection is which readable true card: read right (true card -> detection),
    read wrong (likewise), and each detection's label: "right", "wrong", "hidden" (right,
    of a card whose index truth calls hidden) or "phantom" (where no card, or no readable
    card, is; or a second reading of a card read right). Each true card takes a
    detection of its own value first: where cards overlap, one reading can lie near
    several of them, and the card it names must not be counted wrong on its neighbour."""
    readable = truth.readable()
    right: dict[int, int] = {}
    for k, t in enumerate(readable):
        match = next((i for i, d in enumerate(detections)
                      if i not in right.values() and d.card == t.card and _near(d, t.corners, truth.size)), None)
        if match is not None:
            right[k] = match
    used = set(right.values())
    wrong: dict[int, int] = {}
    for k, t in enumerate(readable):
        if k in right:
            continue
        near = [i for i, d in enumerate(detections) if i not in used and _near(d, t.corners, truth.size)]
        if near:
            used.add(near[0])
            wrong[k] = near[0]
    labels = ["phantom"] * len(detections)
    # A second reading of a readable card read right is a phantom too: the card is
    # reported twice (one deck holds each value once).
    unreadable = [t for t in truth.cards if not any(t is r for r in readable)]
    for i, d in enumerate(detections):
        if i in right.values():
            labels[i] = "right"
        elif i in used:
            labels[i] = "wrong"
        elif any(d.card == t.card and _near(d, t.corners, truth.size) for t in unreadable):
            labels[i] = "hidden"
    return right, wrong, labels


def label_readings(detections: list[Detection], truth: SceneTruth) -> list[str]:
    """What each detection is: "right", "wrong", "hidden" or "phantom" (see ``_match``)."""
    return _match(detections, truth)[2]


def score_scene(detections: list[Detection], truth: SceneTruth) -> SceneScore:
    """Right, wrong, missed and phantom readings of a scene."""
    s = SceneScore()
    right, wrong, labels = _match(detections, truth)
    frame_shape = (truth.size[1], truth.size[0])
    for k, t in enumerate(truth.readable()):
        s.expected += 1
        narrow = card_width_as_read(t.corners, frame_shape) < READABLE_CARD_WIDTH
        s.narrow_expected += narrow
        if k in right:
            s.correct += 1
            s.narrow_correct += narrow
        elif k in wrong:
            s.wrong += 1
            s.details.append(f"{t.card} read as {detections[wrong[k]].card}")
        else:
            s.missed += 1
            s.details.append(f"{t.card} missed")
    for d, label in zip(detections, labels):
        if label == "phantom":
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


# -- detection alone (before any reading) -------------------------------------------------


@dataclass
class DetectionScore:
    """How many cards the detector offers the reader a place for, whatever the reading.

    A card counts as found *whole* when a found quad overlaps it (IoU >= 0.75: the outline
    of two or three cards overlapping in a row is often card-shaped and overlaps each of
    them by more than half), and as found *by a corner* when the card a square corner
    implies (as ``identify_cards`` builds it: that corner, its handedness, the frame's
    card width) overlaps it (IoU >= 0.6). Real photos only have upright boxes, and the
    thresholds there are the benchmark's 0.5. Quads
    that overlap no card are counted apart: they cost reading time and risk phantoms.
    """

    expected: int = 0
    whole: int = 0
    corner_only: int = 0
    quads: int = 0
    stray_quads: int = 0
    corners: int = 0  # corner candidates outside whole cards (each is one reading)
    details: list[str] = field(default_factory=list)

    @property
    def found(self) -> int:
        return self.whole + self.corner_only

    def add(self, other: DetectionScore) -> None:
        self.expected += other.expected
        self.whole += other.whole
        self.corner_only += other.corner_only
        self.quads += other.quads
        self.stray_quads += other.stray_quads
        self.corners += other.corners
        self.details += other.details

    def summary(self) -> str:
        e = max(self.expected, 1)
        return (f"found {self.found}/{self.expected} = {self.found / e:.1%} (whole {self.whole}, corner only "
                f"{self.corner_only}); quads {self.quads} of which stray {self.stray_quads}; "
                f"free corners {self.corners}")


def _implied_cards(regions: Regions) -> tuple[list[np.ndarray], list[np.ndarray]]:
    from vision.recognize import _corner_card

    quads = [q.corners for q in regions.quads]
    card_w = float(np.median([q.short_side for q in regions.quads])) if regions.quads else 0.0
    implied = []
    for c in regions.corners:
        if c.quad >= 0:
            continue
        w = c.card_w if c.card_w > 0 else card_w if card_w > 0 else max(c.len_a, c.len_b / CARD_ASPECT)
        implied.append(_corner_card(c, w))
    return quads, implied


def _poly_iou(p: np.ndarray, q: np.ndarray) -> float:
    import cv2

    p32, q32 = p.astype(np.float32), q.astype(np.float32)
    inter, _ = cv2.intersectConvexConvex(p32, q32)
    union = cv2.contourArea(p32) + cv2.contourArea(q32) - inter
    return float(inter / union) if union > 0 else 0.0


def score_regions_scene(regions: Regions, truth: SceneTruth) -> DetectionScore:
    """Detection against a synthetic scene's readable cards (true card outlines)."""
    quads, implied = _implied_cards(regions)
    s = DetectionScore(quads=len(quads), corners=len(implied))
    hit_quads: set[int] = set()
    for t in truth.readable():
        s.expected += 1
        wq = [i for i, q in enumerate(quads) if _poly_iou(q, t.corners) >= 0.75]
        hit_quads.update(wq)
        if wq:
            s.whole += 1
        elif any(_poly_iou(c, t.corners) >= 0.6 for c in implied):
            s.corner_only += 1
        else:
            s.details.append(f"missed {t.card} at {tuple(round(v) for v in t.center)} "
                             f"(visible {t.visible_fraction:.2f})")
    for i, q in enumerate(quads):
        if i not in hit_quads and not any(_poly_iou(q, t.corners) >= 0.75 for t in truth.cards):
            s.stray_quads += 1
    return s


def score_regions_boxes(regions: Regions, labels: list[BoxLabel], width: int, height: int) -> DetectionScore:
    """Detection against whole-card boxes (any rank): boxes of quads and implied cards."""
    quads, implied = _implied_cards(regions)

    def box(c: np.ndarray) -> tuple[float, float, float, float]:
        xs, ys = c[:, 0], c[:, 1]
        return (max(0.0, float(xs.min())), max(0.0, float(ys.min())), min(float(width), float(xs.max())),
                min(float(height), float(ys.max())))

    qb, cb = [box(q) for q in quads], [box(c) for c in implied]
    s = DetectionScore(expected=len(labels), quads=len(quads), corners=len(implied))
    for lab in labels:
        if any(box_iou(b, lab.box) >= 0.5 for b in qb):
            s.whole += 1
        elif any(box_iou(b, lab.box) >= 0.5 for b in cb):
            s.corner_only += 1
        else:
            s.details.append(f"missed {lab.rank} at {tuple(round(v) for v in lab.box)}")
    s.stray_quads = sum(1 for b in qb if not any(box_iou(b, lab.box) >= 0.5 for lab in labels))
    return s
