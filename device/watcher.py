"""The watcher: vision's card tracker, speaking the table loop's language.

Vision numbers seats from the bottom of the image, clockwise on screen (south, west,
north, east); the engine names them N E S W. The calibration says which part of the
image is whose; without one the watcher reports nothing and asks for it.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from device.table import CardCorrected, CardPlaced, TableEvent, TrickGathered, TurnSeen

# vision's seat 0 is the player at the bottom edge of the image; then clockwise on screen.
VISION_SEATS = ("S", "W", "N", "E")


class VisionWatcher:
    def __init__(self, calibration: object | None, deck: int = 32, save_to: Path | None = None,
                 style: str = "auto", templates: object | None = None) -> None:
        self.deck = deck
        self.style = style
        self.templates = templates
        self.save_to = save_to
        self.tracker: object | None = None
        self.problem: str | None = None
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
        """One card laid in front of each seat: find them and learn the table from them."""
        from vision.calibration import CalibrationError, TableCalibration, seat_points
        from vision.recognize import identify_cards

        cards = identify_cards(frame, deck=self.deck, style=self.style, templates=self.templates)  # type: ignore[arg-type]
        try:
            calibration = TableCalibration.from_seat_cards(seat_points(cards, len(VISION_SEATS)))
        except CalibrationError as exc:
            return f"calibration: {exc}; lay one card in front of each seat and try again"
        self._track(calibration)
        if self.save_to is not None:
            try:
                self.save_to.parent.mkdir(parents=True, exist_ok=True)
                calibration.save(self.save_to)
            except OSError as exc:
                return f"calibrated, but cannot save {self.save_to}: {exc.strerror or exc}"
        return "calibrated: the seats are known"

    def new_deal(self) -> None:
        if self.tracker is not None:
            self.tracker.new_deal()  # type: ignore[attr-defined]

    def watch(self, frame: np.ndarray, now: float) -> list[TableEvent]:
        if self.tracker is None:
            return []
        events: list[TableEvent] = []
        for e in self.tracker.process(frame):  # type: ignore[attr-defined]
            if e.kind == "card_placed" and e.seat is not None:
                events.append(CardPlaced(VISION_SEATS[e.seat], str(e.card) if e.card else None, float(e.confidence)))
            elif e.kind == "trump_turned" and e.card is not None:
                events.append(TurnSeen(str(e.card), float(e.confidence)))
            elif e.kind == "trick_gathered":
                events.append(TrickGathered())
            elif e.kind == "card_corrected" and e.seat is not None and e.cards:
                # A card reported earlier was misread: another card reads more clearly as it.
                events.append(CardCorrected(VISION_SEATS[e.seat], str(e.cards[0]),
                                            str(e.card) if e.card else None, float(e.confidence)))
        return events
