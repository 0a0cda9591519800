"""Calibrating the camera at the table: a live look at the cards laid out for it.

The players lay one card face up in front of each seat, and for a game that turns a
trump card one more between them where it is turned. The table loop hands this model
the camera's frames and, a few times a second, the cards vision found in them; the
model says which seats have their card, draws the preview the screen shows, and on OK
gives the cards to calibrate from. Like the menu it draws nothing on the screen and
runs on the loop's thread only (with a live camera, vision looks on its own thread and
the loop hands its answer in).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

# vision's seat 0 is the player at the bottom edge of the image; then clockwise on screen.
VISION_SEATS = ("S", "W", "N", "E")

LOOK_EVERY_S = 0.25  # vision takes ~50 ms a frame here (more on a Pi): a few looks a second keep the buttons quick
PREVIEW_WIDTH = 400  # pixels: the screen shows the preview in about half its width

ASK = ("Lay one card face up in front of each seat. If your game turns a trump card, "
       "lay one more between them where it is turned. Then press OK.")
SEATS_FOUND = ("Every seat's card is found: press OK. If your game turns a trump card, "
               "first lay one more between them where it is turned.")
TRUMP_FOUND = "Every seat's card and the trump card's place are found: press OK."
HINT = "OK: calibrate · UNDO: back to the menu · NEXT: skip"
# Shown while the cards found look too small to be read surely (vision.calibration).
NARROW = ("The cards look {width:.0f} pixels wide, under {least:.0f}: clubs and spades will be "
          "confused more often. Bring the camera nearer the table.")

# BGR: found seat cards green, the trump card's place amber, cards that do not fit grey.
_SEAT_COLOUR = (120, 220, 80)
_TRUMP_COLOUR = (40, 190, 255)
_OTHER_COLOUR = (200, 200, 200)


@dataclass(frozen=True)
class CalibrationView:
    """What the screen shows while calibrating; ``preview`` a small BGR image with the
    found cards outlined (None until the camera gave a frame)."""

    instruction: str
    seats_done: tuple[str, ...]
    seats: tuple[str, ...] = ("N", "E", "S", "W")
    preview: np.ndarray | None = None
    trump_found: bool = False
    hint: str = HINT
    note: str | None = None  # a warning about the camera's view (NARROW)


class Calibrating:
    def __init__(self) -> None:
        self.frame: np.ndarray | None = None  # the newest frame from the camera
        self.cards: list[Any] = []  # vision's detections in the frame last looked at
        self._looked_at: np.ndarray | None = None
        self._asked: np.ndarray | None = None  # handed to vision's thread, not looked at yet
        self._last_look = -math.inf
        self._preview: tuple[np.ndarray, list[Any], np.ndarray] | None = None  # (frame, cards, image)

    # -- fed by the loop

    def seen(self, frame: np.ndarray | None) -> None:
        """The camera's newest frame (None: nothing new since the last)."""
        if frame is not None:
            self.frame = frame

    def wants_look(self, now: float) -> bool:
        """Time to find the cards in the newest frame (not every frame: vision is slow)."""
        return (self.frame is not None and self.frame is not self._looked_at and self.frame is not self._asked
                and now - self._last_look >= LOOK_EVERY_S)

    def asked(self, frame: np.ndarray, now: float) -> None:
        """Vision's thread was handed ``frame`` to look at (``looked`` follows)."""
        self._asked, self._last_look = frame, now

    def up_to_date(self) -> bool:
        """The cards found are those of the newest frame."""
        return self.frame is None or self.frame is self._looked_at

    def looked(self, frame: np.ndarray, cards: Sequence[Any], now: float) -> None:
        self._looked_at, self.cards, self._last_look = frame, list(cards), now
        self._asked = None  # an answer still to come is older

    def answered(self, frame: np.ndarray, cards: Sequence[Any], now: float) -> None:
        """Vision's thread found ``cards`` in ``frame``: taken if that is the frame it was
        asked about last (OK may have looked at a newer one meanwhile)."""
        if frame is self._asked:
            self.looked(frame, cards, now)

    # -- what it makes of the cards

    def arrangement(self) -> tuple[list[tuple[float, float]], tuple[float, float] | None] | str:
        """The seat cards' centres in vision's seat order and the trump card's, or why
        the cards found are not one per seat (and perhaps the trump card)."""
        from vision.calibration import CalibrationError, seats_and_trump

        try:
            return seats_and_trump(self.cards, len(VISION_SEATS))
        except CalibrationError as exc:
            return str(exc)

    def _seat_of_card(self, arrangement: tuple[list[tuple[float, float]], tuple[float, float] | None] | str
                      ) -> dict[int, str]:
        """Each found card's seat ("T" for the trump card's place): by the ``arrangement``
        when it works, else by the card's direction from the middle of the frame, so the
        players see which seat still misses its card."""
        centres = [tuple(d.center) for d in self.cards]
        out: dict[int, str] = {}
        if not isinstance(arrangement, str):
            seats, trump = arrangement
            for i, c in enumerate(centres):
                out[i] = "T" if c == trump else VISION_SEATS[seats.index(c)]
            return out
        if self.frame is None:
            return out
        h, w = self.frame.shape[:2]
        for i, (x, y) in enumerate(centres):
            if math.hypot(x - w / 2, y - h / 2) < 0.08 * min(w, h):
                continue  # in the middle: no seat's direction
            turn = (math.atan2(y - h / 2, x - w / 2) - math.pi / 2) % (2 * math.pi)
            out[i] = VISION_SEATS[round(turn / (2 * math.pi / len(VISION_SEATS))) % len(VISION_SEATS)]
        return out

    def view(self) -> CalibrationView:
        arrangement = self.arrangement()
        seats_of = self._seat_of_card(arrangement)
        if isinstance(arrangement, str):
            instruction = ASK
        else:
            instruction = TRUMP_FOUND if arrangement[1] is not None else SEATS_FOUND
        done = tuple(s for s in ("N", "E", "S", "W") if s in seats_of.values())
        return CalibrationView(instruction, done, preview=self.preview(seats_of), trump_found="T" in seats_of.values(),
                               note=self.narrow_note(arrangement))

    def narrow_note(self, arrangement: tuple[list[tuple[float, float]], tuple[float, float] | None] | str
                    ) -> str | None:
        """``NARROW`` when the cards found look too small to be read surely, as the tracker
        will read them: in the play area of a frame larger than vision reads whole, once
        the cards laid out say where that is (``arrangement``)."""
        from vision.calibration import (READABLE_CARD_WIDTH, CalibrationError, TableCalibration, shape_read,
                                        too_narrow)

        if self.frame is None or not self.cards:
            return None
        calibration = None
        if not isinstance(arrangement, str):
            try:
                calibration = TableCalibration.from_seat_cards(arrangement[0])
            except CalibrationError:
                pass
        width = too_narrow(self.cards, shape_read(calibration, self.frame.shape))
        return None if width is None else NARROW.format(width=width, least=READABLE_CARD_WIDTH)

    def preview(self, seats_of: dict[int, str]) -> np.ndarray | None:
        """The newest frame, small, with the cards last found outlined and named by seat."""
        import cv2  # only here: the table module imports this one, and most commands never calibrate

        if self.frame is None:
            return None
        if self._preview is not None and self._preview[0] is self.frame and self._preview[1] is self.cards:
            return self._preview[2]  # nothing new: the screen redraws every frame, this need not
        h, w = self.frame.shape[:2]
        scale = PREVIEW_WIDTH / w
        image = cv2.resize(self.frame, (PREVIEW_WIDTH, max(1, round(h * scale))), interpolation=cv2.INTER_AREA)
        for i, card in enumerate(self.cards):
            seat = seats_of.get(i)
            colour = _OTHER_COLOUR if seat is None else _TRUMP_COLOUR if seat == "T" else _SEAT_COLOUR
            corners = np.round(np.asarray(card.corners, np.float32) * scale).astype(np.int32)
            cv2.polylines(image, [corners.reshape(-1, 1, 2)], True, colour, 2, cv2.LINE_AA)
            if seat is not None:
                cx, cy = (int(v * scale) for v in card.center)
                cv2.putText(image, seat, (cx - 7, cy + 7), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (0, 0, 0), 4, cv2.LINE_AA)
                cv2.putText(image, seat, (cx - 7, cy + 7), cv2.FONT_HERSHEY_SIMPLEX, 0.6, colour, 2, cv2.LINE_AA)
        self._preview = (self.frame, self.cards, image)
        return image
