"""From a stream of frames to stable card events.

``CardTracker.process(frame)`` returns the events a frame completes:

* ``card_placed``: a face-up card has lain still, read the same way, for
  ``stable_frames`` frames; it is attributed to the seat in front of which it lies
  (or reported as ``trump_turned`` in the trump zone). Each card is reported once per
  deal, however often it is hidden and seen again.
* ``trick_gathered``: every card of the current trick has been gone for
  ``gone_frames`` frames.

A hand over the table hides cards for a while: that is not a removal until it lasts
``gone_frames``. A card being slid into place moves, so it is not stable. Glare that
spoils a reading for a frame or two breaks no stability but the misread card's own.
A frame that differs from the last examined one by less than sensor noise is not
examined again (it costs a thumbnail comparison, well under 2 ms).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from engine.cards import Card
from vision.calibration import TableCalibration
from vision.index_reader import GlyphTemplates
from vision.recognize import Detection, identify_cards


@dataclass(frozen=True)
class CardEvent:
    kind: str  # "card_placed", "trump_turned", "trick_gathered"
    frame: int
    card: Card | None = None
    seat: int | None = None
    confidence: float = 0.0
    cards: tuple[Card, ...] = ()  # for trick_gathered: the trick in play order

    def to_json(self) -> dict[str, object]:
        return {"event": self.kind, "frame": self.frame, "card": None if self.card is None else str(self.card),
                "seat": self.seat, "confidence": round(self.confidence, 3),
                "cards": [str(c) for c in self.cards]}


@dataclass
class _Track:
    card: Card
    center: tuple[float, float]  # table units
    stable: int = 1
    missing: int = 0
    confidences: list[float] = field(default_factory=list)


class FrameChange:
    """Cheap "did anything change?" on a small grey thumbnail."""

    def __init__(self, threshold: float = 6.0, size: tuple[int, int] = (80, 45)) -> None:
        self.threshold = threshold
        self.size = size
        self._last: np.ndarray | None = None

    def changed(self, frame: np.ndarray) -> bool:
        # INTER_AREA averages away sensor noise; a moving hand or card still shows.
        thumb = cv2.resize(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), self.size, interpolation=cv2.INTER_AREA)
        if self._last is None:
            self._last = thumb
            return True
        diff = cv2.absdiff(thumb, self._last)
        if float(diff.max()) < self.threshold:
            return False
        self._last = thumb
        return True


class CardTracker:
    def __init__(self, calibration: TableCalibration, *, deck: int = 52, style: str = "auto",
                 templates: GlyphTemplates | None = None, stable_frames: int = 3, gone_frames: int = 4,
                 move_tolerance: float = 0.03, min_confidence: float = 0.35) -> None:
        self.calibration = calibration
        self.deck = deck
        self.style = style
        self.templates = templates
        self.stable_frames = stable_frames
        self.gone_frames = gone_frames
        self.move_tolerance = move_tolerance
        self.min_confidence = min_confidence
        self.frame_index = -1
        self.examined = 0  # frames that were run through the detector
        self._change = FrameChange()
        self._last: list[Detection] = []
        self._tracks: dict[Card, _Track] = {}
        self._reported: set[Card] = set()
        self._trick: list[Card] = []
        self._trick_missing = 0

    def new_deal(self) -> None:
        """Forget which cards were played: the next deal may show them again."""
        self._reported.clear()
        self._trick.clear()
        self._tracks.clear()

    def process(self, frame: np.ndarray) -> list[CardEvent]:
        if self._change.changed(frame):
            self._last = identify_cards(frame, deck=self.deck, style=self.style, templates=self.templates)
            self.examined += 1
        return self.observe(self._last)

    def observe(self, detections: list[Detection]) -> list[CardEvent]:
        """Advance one frame given its detections (``process`` without the detector)."""
        self.frame_index += 1
        events: list[CardEvent] = []
        seen: set[Card] = set()
        for d in detections:
            if d.card is None or d.confidence < self.min_confidence or d.card in seen:
                continue
            seen.add(d.card)
            center = self.calibration.to_table(d.center)
            track = self._tracks.get(d.card)
            if track is None:
                self._tracks[d.card] = _Track(d.card, center, confidences=[d.confidence])
                track = self._tracks[d.card]
            else:
                moved = np.hypot(center[0] - track.center[0], center[1] - track.center[1])
                track.stable = track.stable + 1 if moved <= self.move_tolerance else 1
                track.center = center
                track.missing = 0
                track.confidences = (track.confidences + [d.confidence])[-self.stable_frames:]
            if track.stable >= self.stable_frames and d.card not in self._reported:
                self._reported.add(d.card)
                conf = float(np.mean(track.confidences))
                if self.calibration.in_trump_zone(d.center):
                    events.append(CardEvent("trump_turned", self.frame_index, d.card, None, conf))
                else:
                    seat = self.calibration.seat_of(d.center)
                    events.append(CardEvent("card_placed", self.frame_index, d.card, seat, conf))
                    self._trick.append(d.card)
        for card, track in list(self._tracks.items()):
            if card not in seen:
                track.missing += 1
                track.stable = 0 if track.missing > 1 else track.stable
                if track.missing > self.gone_frames:
                    del self._tracks[card]
        if self._trick:
            if any(c in seen for c in self._trick):
                self._trick_missing = 0
            else:
                self._trick_missing += 1
                if self._trick_missing >= self.gone_frames:
                    events.append(CardEvent("trick_gathered", self.frame_index, cards=tuple(self._trick),
                                            confidence=1.0))
                    self._trick = []
                    self._trick_missing = 0
        return events
