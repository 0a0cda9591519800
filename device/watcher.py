"""The watcher: vision's card tracker, speaking the table loop's language.

Vision numbers seats from the bottom of the image, clockwise on screen (south, west,
north, east); the engine names them N E S W. The calibration says which part of the
image is whose; without one the watcher reports nothing and asks for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from device.calibrating import VISION_SEATS
from device.table import CardCorrected, CardPlaced, TableEvent, TrickGathered, TurnSeen
from engine.cards import Card

__all__ = ["VISION_SEATS", "VisionWatcher"]


class VisionWatcher:
    def __init__(self, calibration: object | None, deck: int = 32, save_to: Path | None = None,
                 style: str = "auto", templates: object | None = None) -> None:
        self.deck = deck
        self.style = style
        self.templates = templates
        self.save_to = save_to
        self.tracker: object | None = None
        self.problem: str | None = None
        # The cards laid out for the calibration (their values; None: face down). The new
        # tracker sees them before the players take them away: their first reports are
        # not plays (nor the turned card).
        self._laid_out: list[str | None] = []
        if calibration is not None:
            self._track(calibration)
        else:
            self.problem = "camera not calibrated: hold NEXT, choose 'Calibrate the camera'"

    def _track(self, calibration: object) -> None:
        from vision.tracker import CardTracker

        self.tracker = CardTracker(calibration, deck=self.deck, style=self.style,  # type: ignore[arg-type]
                                   templates=self.templates)  # type: ignore[arg-type]
        self.problem = None

    @classmethod
    def from_calibration(cls, path: Path | None, deck: int = 32, style: str = "auto",
                         templates: object | None = None) -> VisionWatcher:
        """The table's saved calibration, if there is one yet."""
        from vision.calibration import CalibrationError, TableCalibration

        if path is None or not path.exists():
            return cls(None, deck, save_to=path, style=style, templates=templates)
        try:
            return cls(TableCalibration.load(path), deck, save_to=path, style=style, templates=templates)
        except (OSError, ValueError, CalibrationError) as exc:
            watcher = cls(None, deck, save_to=path, style=style, templates=templates)
            watcher.problem = f"calibration {path}: {exc}; calibrate again"
            return watcher

    def calibrate(self, frame: np.ndarray) -> str:
        """One card laid in front of each seat (and perhaps one where the trump card is
        turned): find them and learn the table from them."""
        calibrated, message = self.calibrate_with(self.find_cards(frame), frame.shape)
        return message if calibrated else f"{message}; lay one card in front of each seat and try again"

    def find_cards(self, frame: np.ndarray) -> list[Any]:
        """The cards vision finds in a frame (calibration looks at them before the tracker can)."""
        from vision.recognize import identify_cards

        return identify_cards(frame, deck=self.deck, style=self.style, templates=self.templates)  # type: ignore[arg-type]

    def calibrate_with(self, cards: Sequence[Any], frame_shape: Sequence[int] | None = None) -> tuple[bool, str]:
        """Calibrate from the cards found (in a frame of ``frame_shape``): one per seat and
        perhaps the trump card between them. (False, why) leaves the calibration as it
        was; a new one is saved and tracked, and the message says so, and also when the
        cards look too small to be read surely (the camera is too far from the table)."""
        from vision.calibration import CalibrationError, TableCalibration, seats_and_trump, shape_read, too_narrow

        try:
            seats, trump = seats_and_trump(cards, len(VISION_SEATS))
            calibration = TableCalibration.from_seat_cards(seats, trump_point=trump)
        except CalibrationError as exc:
            return False, f"calibration: {exc}"
        if frame_shape is not None:
            calibration.frame_size = (int(frame_shape[1]), int(frame_shape[0]))
        self._track(calibration)
        self._laid_out = [None if c.card is None else str(c.card) for c in cards]
        known = "the seats and the trump card's place" if trump is not None else "the seats"
        if self.save_to is not None:
            try:
                self.save_to.parent.mkdir(parents=True, exist_ok=True)
                calibration.save(self.save_to)
            except OSError as exc:
                return True, f"calibrated, but cannot save {self.save_to}: {exc.strerror or exc}"
        # As the tracker will read them: in the play area of a frame larger than vision reads whole.
        narrow = None if frame_shape is None else too_narrow(cards, shape_read(calibration, frame_shape))
        if narrow is not None:
            return True, (f"calibrated, but the cards look small ({narrow:.0f} px): "
                          "bring the camera nearer, calibrate again")
        return True, f"calibrated: {known} are known; take the cards away"

    def new_deal(self) -> None:
        self._laid_out = []  # long gone: a card of the deal may have the same value
        if self.tracker is not None:
            self.tracker.new_deal()  # type: ignore[attr-defined]

    def lead_entered(self, seat: str, card: str) -> None:
        """The players entered ``card``, ``seat``'s lead of a new trick, on the buttons: the
        tracker closes the trick it may still think lies on the table (see
        ``CardTracker.lead_entered``)."""
        if self.tracker is not None and seat in VISION_SEATS:
            self.tracker.lead_entered(VISION_SEATS.index(seat), Card.parse(card))  # type: ignore[attr-defined]

    def watch(self, frame: np.ndarray, now: float) -> list[TableEvent]:
        if self.tracker is None:
            return []
        made_for = getattr(getattr(self.tracker, "calibration", None), "frame_size", None)
        size = (int(frame.shape[1]), int(frame.shape[0]))
        if made_for is not None and made_for != size:
            # The calibration's pixels are another frame's: the camera's size was changed
            # ([camera] size) since. Its seats would be wrong: nothing is reported.
            self.problem = (f"camera calibrated at {made_for[0]}x{made_for[1]}, it now gives {size[0]}x{size[1]}: "
                            "calibrate again")
            return []
        events: list[TableEvent] = []
        for e in self.tracker.process(frame, now):  # type: ignore[attr-defined]
            if e.kind in ("card_placed", "trump_turned") and self._laid_out_card(e.card):
                continue
            if e.kind == "card_placed" and e.seat is not None:
                events.append(CardPlaced(VISION_SEATS[e.seat], str(e.card) if e.card else None, float(e.confidence),
                                         tuple(str(c) for c in e.alternatives)))
            elif e.kind == "trump_turned" and e.card is not None:
                events.append(TurnSeen(str(e.card), float(e.confidence)))
            elif e.kind == "trick_gathered":
                self._laid_out = []  # whatever still lay out for the calibration went with it
                events.append(TrickGathered())
            elif e.kind == "card_corrected" and e.seat is not None:
                # A card reported earlier was misread (another card reads more clearly as
                # it), or one reported with no value reads as one now.
                events.append(CardCorrected(VISION_SEATS[e.seat], str(e.cards[0]) if e.cards else None,
                                            str(e.card) if e.card else None, float(e.confidence)))
        return events

    def _laid_out_card(self, card: object) -> bool:
        """A calibration card's report (each is reported once), which is then forgotten. A
        card reported with no value is none of them: the tracker reports no face-down card."""
        if card is None or str(card) not in self._laid_out:
            return False
        self._laid_out.remove(str(card))
        return True
