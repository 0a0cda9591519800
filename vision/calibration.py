"""Table calibration: which part of the image is whose.

Table coordinates are a square from -1 to 1 each way, seat 0 at the bottom (y = +1),
the seats following clockwise as seen on screen (4 seats: south, west, north, east).
A card belongs to the seat whose direction from the table centre is nearest; a card in
the trump zone belongs to no seat.

Two one-time ways to calibrate, both from points the device asks the user to show:

* ``TableCalibration.from_corners(points)``: the four corners of the play area, in
  order, starting with the corner at seat 0's left hand and going clockwise on screen;
* ``TableCalibration.from_seat_cards(points)``: the centre of one card laid in front
  of each seat, in seat order (the detector finds them: see ``seat_points``, or
  ``seats_and_trump`` when one more card shows where the trump card is turned).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import cv2
import numpy as np

if TYPE_CHECKING:
    from vision.phantoms import Reading

SEAT_NAMES = {2: ("south", "north"), 3: ("south", "west", "east"), 4: ("south", "west", "north", "east")}
_SEAT_RADIUS = 0.6  # where a seat's played card lies, in table units
# How far from the middle (table units, either way) the play area reaches: a seat's card
# lies at 0.6 and a card is about 0.36 by 0.5, so a card laid a card's length beyond the
# calibration card's place is still in it.
PLAY_AREA_REACH = 1.3
# Table units beyond the trump zone's edge that a card whose middle lies in it reaches:
# half its diagonal (a card is about 0.36 by 0.5), and a little more.
TRUMP_CARD_ROOM = 0.35
MIN_REGION = 64  # pixels: a play area narrower than this is a calibration gone wrong


def seat_anchors(n_seats: int) -> list[tuple[float, float]]:
    """Table-coordinate spot in front of each seat, seat 0 at the bottom, clockwise on screen."""
    out = []
    for k in range(n_seats):
        a = math.pi / 2 + 2 * math.pi * k / n_seats
        out.append((round(_SEAT_RADIUS * math.cos(a), 9), round(_SEAT_RADIUS * math.sin(a), 9)))
    return out


class CalibrationError(ValueError):
    """Points that do not describe a table (too few, repeated, or in a line)."""


@dataclass
class TableCalibration:
    image_to_table: np.ndarray  # 3x3 homography
    n_seats: int = 4
    trump_zone: tuple[float, float, float] | None = None  # centre x, y and radius, table units
    seat_names: tuple[str, ...] = field(default=())
    # The width and height of the frames it was made from: its pixels are theirs (None:
    # not known, a calibration saved before this was kept).
    frame_size: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if not self.seat_names:
            self.seat_names = SEAT_NAMES.get(self.n_seats, tuple(f"seat {i}" for i in range(self.n_seats)))

    @classmethod
    def from_corners(cls, image_points: Sequence[Sequence[float]], n_seats: int = 4,
                     trump_point: Sequence[float] | None = None) -> TableCalibration:
        pts = _points(image_points, 4)
        table = np.array([[-1, 1], [-1, -1], [1, -1], [1, 1]], np.float32)
        # Start at seat 0's left hand (bottom-left on screen) and go clockwise: BL, TL, TR, BR.
        h = cv2.getPerspectiveTransform(pts, table)
        cal = cls(h, n_seats)
        if trump_point is not None:
            cal.trump_zone = (*cal.to_table(trump_point), 0.18)
        return cal

    @classmethod
    def from_seat_cards(cls, image_points: Sequence[Sequence[float]],
                        trump_point: Sequence[float] | None = None) -> TableCalibration:
        n = len(image_points)
        if n < 2:
            raise CalibrationError(f"need a card in front of at least 2 seats, got {n}")
        pts = _points(image_points, n)
        anchors = np.array(seat_anchors(n), np.float32)
        if n == 4:
            h = cv2.getPerspectiveTransform(pts, anchors)
        elif n == 2:
            # Two points fix a similarity: scale, turn and shift.
            m, _ = cv2.estimateAffinePartial2D(pts, anchors)
            if m is None:
                raise CalibrationError("the two seat cards lie on top of each other")
            h = np.vstack([m, [0, 0, 1]])
        else:
            m, _ = cv2.estimateAffine2D(pts, anchors)
            if m is None:
                raise CalibrationError("the seat cards lie in a line")
            h = np.vstack([m, [0, 0, 1]])
        cal = cls(h.astype(np.float64), n)
        if trump_point is not None:
            cal.trump_zone = (*cal.to_table(trump_point), 0.18)
        return cal

    def to_table(self, point: Sequence[float]) -> tuple[float, float]:
        p = cv2.perspectiveTransform(np.array([[point]], np.float64), self.image_to_table)[0, 0]
        return float(p[0]), float(p[1])

    def in_trump_zone(self, point: Sequence[float]) -> bool:
        if self.trump_zone is None:
            return False
        x, y = self.to_table(point)
        cx, cy, r = self.trump_zone
        return math.hypot(x - cx, y - cy) <= r

    def seat_of(self, point: Sequence[float]) -> int | None:
        """The seat in front of which an image point lies; None in the trump zone."""
        if self.in_trump_zone(point):
            return None
        x, y = self.to_table(point)
        angle = math.atan2(y, x)
        best, best_d = 0, 10.0
        for k, (ax, ay) in enumerate(seat_anchors(self.n_seats)):
            d = abs(math.remainder(angle - math.atan2(ay, ax), 2 * math.pi))
            if d < best_d:
                best, best_d = k, d
        return best

    def play_region(self, frame_shape: Sequence[int]) -> tuple[int, int, int, int] | None:
        """The play area's box in a frame (x0, y0, x1, y1, pixels): the table square out to
        ``PLAY_AREA_REACH``, and the trump zone with a card's room round it wherever it was
        laid. Nothing beyond it is a play; there players hold their hands, arrange them and
        reach for their won tricks. None when it (nearly) fills the frame."""
        h, w = int(frame_shape[0]), int(frame_shape[1])
        r = PLAY_AREA_REACH
        square = [(-r, -r), (r, -r), (r, r), (-r, r)]
        if self.trump_zone is not None:
            cx, cy, zone = self.trump_zone
            room = zone + TRUMP_CARD_ROOM
            square += [(cx - room, cy - room), (cx + room, cy - room), (cx + room, cy + room), (cx - room, cy + room)]
        try:
            corners = cv2.perspectiveTransform(np.array([square], np.float64),
                                               np.linalg.inv(self.image_to_table)).reshape(-1, 2)
        except np.linalg.LinAlgError:
            return None
        if not np.isfinite(corners).all():
            return None
        x0, y0 = (max(0, int(math.floor(v))) for v in corners.min(axis=0))
        x1, y1 = min(w, int(math.ceil(corners[:, 0].max()))), min(h, int(math.ceil(corners[:, 1].max())))
        if x1 - x0 < MIN_REGION or y1 - y0 < MIN_REGION or (x1 - x0) * (y1 - y0) >= 0.9 * w * h:
            return None
        return x0, y0, x1, y1

    def read_region(self, frame_shape: Sequence[int]) -> tuple[int, int, int, int] | None:
        """The part of a frame (x0, y0, x1, y1, pixels) the tracker reads when the frame is
        larger than vision reads whole (``recognize.LARGEST_FRAME``): the play area
        (``play_region``), so that its cards are read at the camera's full resolution
        rather than reduced with the rest of the frame. None when the frame is read
        whole: it is no larger, or the play area fills it. (A smaller frame is read whole:
        vision's first look works at a scale set by the frame's size, and its play area
        alone, looked at larger, sent light wood's grain to the full search.)"""
        from vision.recognize import LARGEST_FRAME

        if max(int(frame_shape[0]), int(frame_shape[1])) <= LARGEST_FRAME:
            return None
        return self.play_region(frame_shape)

    def to_json(self) -> dict[str, object]:
        return {"image_to_table": self.image_to_table.tolist(), "n_seats": self.n_seats,
                "trump_zone": list(self.trump_zone) if self.trump_zone else None,
                "seat_names": list(self.seat_names),
                "frame_size": list(self.frame_size) if self.frame_size else None}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> TableCalibration:
        try:
            h = np.array(data["image_to_table"], np.float64)
            if h.shape != (3, 3):
                raise CalibrationError("image_to_table must be 3x3")
            fields: dict[str, Any] = data  # parsed JSON: the conversions below check it
            tz = fields.get("trump_zone")
            n_seats = int(fields.get("n_seats", 4))
            # The zone's length is not checked here (nor was it before typing).
            zone = cast("tuple[float, float, float]", tuple(float(v) for v in tz)) if tz else None
            fs = fields.get("frame_size")
            if fs is not None and (len(fs) != 2 or not all(isinstance(v, int) and v > 0 for v in fs)):
                raise CalibrationError(f"frame_size must be [width, height] in pixels, got {fs!r}")
            size = (int(fs[0]), int(fs[1])) if fs else None
            return cls(h, n_seats, zone, tuple(fields.get("seat_names") or ()), size)
        except (KeyError, TypeError, ValueError) as exc:
            raise CalibrationError(f"not a table calibration: {exc}") from exc

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_json()) + "\n")

    @classmethod
    def load(cls, path: Path) -> TableCalibration:
        return cls.from_json(json.loads(path.read_text()))


# The narrowest card, in pixels as the reader sees it, that is read about as surely as
# wider ones. The index pip shrinks with the card, and under this a club and a spade blur
# into one blob. On synthetic tables (cards 60 to 120 pixels wide) 1.6% of the cards
# under 80 pixels were misread or missed, against 0.7% of the wider ones and 0.5% from
# 90 pixels (2737 cards of scenes 9,100,000-9,100,599, looked at once; development scenes:
# 1.1% against 0.24%).
READABLE_CARD_WIDTH = 80.0


def card_width_as_read(corners: np.ndarray, frame_shape: Sequence[int]) -> float:
    """A card's width (its shorter side) in pixels as the reader sees it in an image of
    ``frame_shape`` (a frame, or the part of it the tracker reads: ``read_region``): one
    longer than ``recognize.LARGEST_FRAME`` is read reduced. ``corners``: the card's
    four corners in pixels, in order round it."""
    from vision.recognize import LARGEST_FRAME

    c = np.asarray(corners, np.float64).reshape(4, 2)
    width = min(float(np.linalg.norm(c[1] - c[0])), float(np.linalg.norm(c[2] - c[1])))
    return width * min(1.0, LARGEST_FRAME / max(int(frame_shape[0]), int(frame_shape[1]), 1))


def shape_read(calibration: TableCalibration | None, frame_shape: Sequence[int]) -> tuple[int, int]:
    """The height and width of what the tracker reads of a frame of ``frame_shape``: the
    calibration's play area (``read_region``), or the whole frame."""
    region = None if calibration is None else calibration.read_region(frame_shape)
    if region is None:
        return int(frame_shape[0]), int(frame_shape[1])
    x0, y0, x1, y1 = region
    return y1 - y0, x1 - x0


def too_narrow(detections: Sequence[Reading], frame_shape: Sequence[int]) -> float | None:
    """The median width of the cards ``detections`` (vision's) as read in an image of
    ``frame_shape`` (see ``shape_read``), when it is under ``READABLE_CARD_WIDTH``: the
    camera is too far from the table for the cards to be read surely. None when they
    are wide enough, or there are none. A card partly hidden counts at the width of the
    whole card its corner implies."""
    from vision.phantoms import whole

    widths = [card_width_as_read(whole(d), frame_shape) for d in detections]
    if not widths:
        return None
    width = float(np.median(widths))
    return width if width < READABLE_CARD_WIDTH else None


def _points(image_points: Sequence[Sequence[float]], n: int) -> np.ndarray:
    pts = np.array(image_points, np.float32).reshape(-1, 2)
    if len(pts) != n:
        raise CalibrationError(f"need {n} points, got {len(pts)}")
    if n >= 3 and abs(cv2.contourArea(pts)) < 1.0:
        raise CalibrationError("the calibration points lie in a line or on top of each other")
    return pts


def seat_points(detections: Sequence[object], n_seats: int) -> list[tuple[float, float]]:
    """From a frame with one card in front of each seat: the card centres in seat order
    (seat 0 the lowest on screen, then clockwise on screen)."""
    centres = [d.center for d in detections]  # type: ignore[attr-defined]
    if len(centres) != n_seats:
        raise CalibrationError(f"expected one card in front of each of {n_seats} seats, found {len(centres)}")
    return _clockwise_from_bottom(centres)


def seats_and_trump(detections: Sequence[object],
                    n_seats: int) -> tuple[list[tuple[float, float]], tuple[float, float] | None]:
    """From a frame with one card in front of each seat and, optionally, one more where
    the trump card is turned: the seat cards' centres in seat order (as ``seat_points``)
    and the trump card's centre (None when there is no extra card).

    The trump card is the one nearest the middle of the others, and it must lie inside
    them: a fifth card beside the seats is a mistake, not a trump place."""
    centres = [d.center for d in detections]  # type: ignore[attr-defined]
    if len(centres) == n_seats:
        seats = _clockwise_from_bottom(centres)
        for i, c in enumerate(seats):
            others = np.array(seats[:i] + seats[i + 1:], np.float32)
            if n_seats >= 4 and cv2.pointPolygonTest(others, c, False) > 0:
                # a seat's card missing and the trump card laid: these are not the seats
                raise CalibrationError(f"found {n_seats} cards, but one lies between the others: "
                                       "lay one in front of each seat")
        return seats, None
    if len(centres) != n_seats + 1:
        raise CalibrationError(f"expected one card in front of each of {n_seats} seats (and perhaps one "
                               f"where trump is turned), found {len(centres)}")

    def off_middle(i: int) -> float:
        others = [c for j, c in enumerate(centres) if j != i]
        mx = sum(c[0] for c in others) / n_seats
        my = sum(c[1] for c in others) / n_seats
        return math.hypot(centres[i][0] - mx, centres[i][1] - my)

    trump = min(range(len(centres)), key=off_middle)
    seats = _clockwise_from_bottom([c for j, c in enumerate(centres) if j != trump])
    if n_seats >= 3 and cv2.pointPolygonTest(np.array(seats, np.float32), centres[trump], False) <= 0:
        raise CalibrationError(f"found {n_seats + 1} cards, but none lies between the others: "
                               "lay the trump card's between the seats' cards")
    return seats, centres[trump]


def _clockwise_from_bottom(centres: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    n = len(centres)
    cx = sum(c[0] for c in centres) / n
    cy = sum(c[1] for c in centres) / n

    # Clockwise on screen (y down): increasing atan2. Then the lowest card first: cutting
    # the circle straight down instead would put a bottom card a hair right of the
    # centre last.
    ring = sorted(centres, key=lambda c: math.atan2(c[1] - cy, c[0] - cx))
    lowest = max(range(n), key=lambda i: ring[i][1])
    return ring[lowest:] + ring[:lowest]
