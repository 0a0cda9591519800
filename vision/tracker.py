"""From a stream of frames to stable card events.

``CardTracker.process(frame)`` returns the events a frame completes:

* ``card_placed``: a face-up card has lain still for ``stable_frames`` frames and most
  of its recent readings agree on its value; it is attributed to the seat in front of which it lies
  (or reported as ``trump_turned`` in the trump zone). Each card is reported once per
  deal, however often it is hidden and seen again.
* ``trick_gathered``: every card of the current trick has been gone for
  ``gone_frames`` frames.

Only the play area counts (``play_radius`` table units from the centre; seat cards lie
at 0.6): won tricks and hands held low stay out of it. A hand over the table hides cards for a while: that is not a removal until it lasts
``gone_frames``. A card being slid into place moves, so it is not stable. Glare that
spoils a reading for a frame or two breaks no stability but the misread card's own.
A frame that differs from the last examined one by less than sensor noise is not
examined again (it costs a thumbnail comparison, well under 2 ms), except for the first
``settle_examinations`` frames after a change, so that one unlucky reading of a card that
just came to rest does not stand while the table stays still.
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
    frame: int  # for a placed card: the frame since which it lay still (its value may be read later)
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
    """One physical card, followed by where it lies; its value is what most frames read."""

    center: tuple[float, float]  # table units
    stable: int = 1  # consecutive frames seen without moving
    still_since: int = 0  # the frame it came to rest (a hand hiding it does not change this)
    missing: int = 0
    readings: list[tuple[Card, float]] = field(default_factory=list)  # recent (value, confidence)
    reported: Card | None = None

    def vote(self, window: int) -> tuple[Card | None, float, float]:
        """The leading value over the last ``window`` readings, its share and mean confidence."""
        recent = self.readings[-window:]
        if not recent:
            return None, 0.0, 0.0
        weight: dict[Card, float] = {}
        for card, conf in recent:
            weight[card] = weight.get(card, 0.0) + conf
        card = max(weight, key=lambda c: weight[c])
        total = sum(weight.values())
        confs = [c for v, c in recent if v == card]
        return card, weight[card] / total, sum(confs) / len(confs)


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
                 move_tolerance: float = 0.03, match_radius: float = 0.25, min_confidence: float = 0.45,
                 play_radius: float = 1.0, settle_examinations: int = 3) -> None:
        self.calibration = calibration
        self.deck = deck
        self.style = style
        self.templates = templates
        self.stable_frames = stable_frames
        self.gone_frames = gone_frames
        self.move_tolerance = move_tolerance
        self.match_radius = match_radius
        self.play_radius = play_radius
        self.min_confidence = min_confidence
        self.frame_index = -1
        self.examined = 0  # frames that were run through the detector
        self._change = FrameChange()
        self._since_change = 0
        self.settle_examinations = settle_examinations
        self._last: list[Detection] = []
        self._tracks: list[_Track] = []
        self._reported: set[Card] = set()
        self._trick: list[Card] = []
        self._trick_places: list[tuple[tuple[float, float], Card]] = []
        self._trick_missing = 0

    def new_deal(self) -> None:
        """Forget which cards were played: the next deal may show them again."""
        self._reported.clear()
        self._trick.clear()
        self._trick_places.clear()
        self._tracks.clear()

    def process(self, frame: np.ndarray) -> list[CardEvent]:
        if self._change.changed(frame):
            self._since_change = 0
        else:
            self._since_change += 1
        # The first frames after a change are all examined: one unlucky reading of a card
        # that just came to rest must not stand for as long as the table stays still.
        fresh = self._since_change <= self.settle_examinations
        if fresh:
            self._last = identify_cards(frame, deck=self.deck, style=self.style, templates=self.templates)
            self.examined += 1
        return self.observe(self._last, fresh=fresh)

    def observe(self, detections: list[Detection], fresh: bool = True) -> list[CardEvent]:
        """Advance one frame given its detections (``process`` without the detector).
        ``fresh=False`` says they are the last frame's again (nothing changed): they keep
        cards in place but are no new evidence of what a card is, so they cast no vote."""
        self.frame_index += 1
        events: list[CardEvent] = []
        matched: set[int] = set()
        window = 2 * self.stable_frames
        for d in sorted(detections, key=lambda d: -d.confidence):
            # Every reading places a track (a card read unclearly still came to rest then);
            # only clear readings may decide its value (see the vote below).
            if d.card is None:
                continue
            center = self.calibration.to_table(d.center)
            # Won tricks and players' hands lie beyond the play area: they are not plays.
            if np.hypot(center[0], center[1]) > self.play_radius and not self.calibration.in_trump_zone(d.center):
                continue
            best, best_dist = -1, self.match_radius
            for i, track in enumerate(self._tracks):
                dist = float(np.hypot(center[0] - track.center[0], center[1] - track.center[1]))
                if i not in matched and dist < best_dist:
                    best, best_dist = i, dist
            if best < 0:
                new = _Track(center, readings=[(d.card, d.confidence)], still_since=self.frame_index)
                # Seen again after a hand hid it: the same physical card, already reported.
                for place, card in self._trick_places:
                    if float(np.hypot(center[0] - place[0], center[1] - place[1])) < self.match_radius:
                        new.reported = card
                self._tracks.append(new)
                matched.add(len(self._tracks) - 1)
                continue
            track = self._tracks[best]
            matched.add(best)
            # A card slid into place moves: it is not placed until it has lain still.
            if best_dist <= self.move_tolerance:
                track.stable += 1
            else:
                track.stable = 1
                track.still_since = self.frame_index
                track.readings = []  # what it looked like while moving (under a hand) does not count
            track.center = center
            track.missing = 0
            if fresh:
                track.readings = (track.readings + [(d.card, d.confidence)])[-window:]
        for i, track in enumerate(self._tracks):
            if i in matched:
                continue
            track.missing += 1
            if track.missing > 1:
                track.stable = 0
        for i in sorted(matched):
            track = self._tracks[i]
            if track.reported is not None or track.stable < self.stable_frames:
                continue
            voted, share, conf = track.vote(window)
            # A misreading that flickers in is outvoted; one physical card is reported once,
            # and a value once per deal.
            # An unclear value read the same in every recent frame (each with its own sensor
            # noise) is as good as a clear one.
            steady = share == 1.0 and len(track.readings) >= window
            if voted is None or share < 0.6 or voted in self._reported or (
                    conf < self.min_confidence and not steady):
                continue
            card = voted
            track.reported = card
            self._reported.add(card)
            if self.calibration.in_trump_zone(self.calibration_point(track)):
                events.append(CardEvent("trump_turned", track.still_since, card, None,
                                        conf * share))
            else:
                seat = self.calibration.seat_of(self.calibration_point(track))
                events.append(CardEvent("card_placed", track.still_since, card, seat,
                                        conf * share))
                self._trick.append(card)
                self._trick_places.append((track.center, card))
        self._tracks = [t for t in self._tracks if t.missing <= self.gone_frames]
        if self._trick:
            on_table = {t.reported for t in self._tracks if t.reported is not None and t.missing == 0}
            if on_table & set(self._trick):
                self._trick_missing = 0
            else:
                self._trick_missing += 1
                if self._trick_missing >= self.gone_frames:
                    events.append(CardEvent("trick_gathered", self.frame_index, cards=tuple(self._trick),
                                            confidence=1.0))
                    self._trick = []
                    self._trick_places = []
                    self._trick_missing = 0
        return events

    def calibration_point(self, track: _Track) -> tuple[float, float]:
        """A track's place back in image pixels, for the calibration's seat and zone tests."""
        inv = np.linalg.inv(self.calibration.image_to_table)
        p = inv @ np.array([track.center[0], track.center[1], 1.0])
        return float(p[0] / p[2]), float(p[1] / p[2])
