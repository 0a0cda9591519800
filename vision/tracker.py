"""From a stream of frames to stable card events.

``CardTracker.process(frame, now)`` returns the events a frame completes:

* ``card_placed``: a face-up card has lain still for ``stable_frames`` frames and most
  of its recent readings agree on its value; it is attributed to the seat in front of
  which it lies (or reported as ``trump_turned`` in the trump zone: no play, it claims no
  value). Each physical card is reported once per deal, however often it is hidden and
  seen again. ``card`` is None (confidence
  0) for a card that reads only as values other cards were reported as: a seat played
  it, the players name it.
* ``card_corrected``: a card reported earlier as a value (in ``cards``) is not that
  card, because another card reads more clearly as that value (``card`` is then its best
  other reading that no other card was reported as; None: unknown), or because, still
  lying in the trick, it now reads steadily and more strongly as ``card``. A card played
  with no value (``cards`` then empty) is corrected once, still in the trick, it reads
  steadily and clearly as a value no card was reported as. ``frame`` and ``seat`` are
  those of the earlier report. ``plays_of(events)`` applies the corrections.
* ``trick_gathered``: every card of the current trick has been gone for
  ``gone_frames`` frames and, when the frames carry their time (``process(frame, now)``),
  for ``gone_seconds`` too. Each trick is reported gathered once: one seen again where
  it lay, before a card of the next trick came, was hidden (an arm over it a while), and
  is the trick on the table again, with no event. A lead laid on a card of a complete
  trick before it is taken in (a card that read steadily as its value now reads
  steadily as another) closes it at once (see ``_led_on_the_trick``).

Cards are followed as physical cards, not as values: the readings of one frame within
``same_card`` of each other are one card (an index corner, a pip corner read as some
other index, alternative outlines), and that card's best reading is its vote.

Only the play area counts (``play_radius`` table units from the centre; seat cards lie
at 0.6): won tricks and hands held low stay out of it. A frame larger than vision reads
whole is read in the play area only, at the camera's full resolution
(``TableCalibration.read_region``); a smaller one is read whole, painted over beyond a
box round the play area (``beyond_hidden``, ``kept_box``). Once the table was seen
bare and still, what still looks as it did is painted over too (``BareTable``,
``bare_table_hidden``): a checked cloth's white checks no longer join the cards in
vision's first look. A hand over the table hides
cards for a while: that is not a removal until it lasts ``gone_frames`` (and
``gone_seconds``: a camera read 30 times a second sees an arm over the whole trick for
more than four frames). A card being
slid into place moves, so it is not stable; one lying still but read at alternating
outlines does not move. Glare that spoils a reading for a frame or two breaks no
stability but the misread card's own.
A frame whose play area differs from the last examined one's by less than sensor noise
is not examined again (it costs a thumbnail comparison, well under 2 ms; players moving
at the table's sides, beyond the play area, change nothing), except for the first
``settle_examinations`` frames after a change, so that one unlucky reading of a card that
just came to rest does not stand while the table stays still, and a few more while a
card in view has not yet been read ``2 * stable_frames`` times.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from engine.cards import Card
from vision.calibration import TableCalibration
from vision.detect import MAX_REGION_SHARE
from vision.index_reader import GlyphTemplates
from vision.recognize import CLEAR_READING, Detection, identify_cards


@dataclass(frozen=True)
class CardEvent:
    kind: str  # "card_placed", "trump_turned", "card_corrected", "trick_gathered"
    frame: int  # for a placed card: the frame since which it lay still (its value may be read later)
    card: Card | None = None
    seat: int | None = None
    confidence: float = 0.0
    # trick_gathered: the trick in play order; card_corrected: the value it was reported as
    # (empty: it was reported with no value)
    cards: tuple[Card, ...] = ()
    # card_placed: the other values its recent readings gave, the likeliest first (what
    # the players are offered next when they are asked)
    alternatives: tuple[Card, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {"event": self.kind, "frame": self.frame, "card": None if self.card is None else str(self.card),
                "seat": self.seat, "confidence": round(self.confidence, 3),
                "cards": [str(c) for c in self.cards], "alternatives": [str(c) for c in self.alternatives]}


def _summed(readings: list[tuple[Card, float]]) -> dict[Card, float]:
    """The summed confidence of ``readings`` (value, confidence) per value."""
    weight: dict[Card, float] = {}
    for card, conf in readings:
        weight[card] = weight.get(card, 0.0) + conf
    return weight


@dataclass
class _Track:
    """One physical card, followed by where it lies; its value is what most frames read."""

    center: tuple[float, float]  # table units
    stable: int = 1  # consecutive frames seen without moving
    still_since: int = 0  # the frame it came to rest (a hand hiding it does not change this)
    missing: int = 0
    readings: list[tuple[Card, float]] = field(default_factory=list)  # recent (value, confidence)
    # Every place a reading put it in recent frames, with the frame: one card read at
    # different corners or outlines is placed a little differently each time, which is
    # not a move (kept across a move, so that alternating outlines settle).
    rest: list[tuple[tuple[float, float], int]] = field(default_factory=list)
    # Total confidence of every fresh reading since it came to rest, per value, and how many
    # there were: how sure we are of it, to weigh against another card read as the same value.
    evidence: dict[Card, float] = field(default_factory=dict)
    fresh_readings: int = 0
    reported: Card | None = None  # the value it was reported as (None after a correction found none)
    last_seen: int = 0  # the last frame a reading put it here
    placed: bool = False  # an event was sent for it
    placed_at: int = 0  # the frame that event named (a correction names it too)
    seat: int | None = None
    # A card of the last deal still lying there when the new one began (its value, as it
    # read then): followed until it goes, never reported (see CardTracker.new_deal); or
    # of the last trick, when a lead was laid on one of its cards (see _led_on_the_trick).
    leftover: Card | None = None
    # Reported, and read as that value in a whole window of readings since; and whether
    # it was out of view or moved since then (a hand over it: see _led_on_the_trick).
    settled: bool = False
    covered: bool = False

    def vote(self, window: int, exclude: set[Card] | frozenset[Card] = frozenset()) -> tuple[Card | None, float, float]:
        """The leading value over the last ``window`` readings (values in ``exclude`` left
        out: other cards are surely those), its share and mean confidence."""
        recent = [(card, conf) for card, conf in self.readings[-window:] if card not in exclude]
        if not recent:
            return None, 0.0, 0.0
        weight = _summed(recent)
        card = max(weight, key=lambda c: weight[c])
        total = sum(weight.values())
        confs = [c for v, c in recent if v == card]
        return card, weight[card] / total, sum(confs) / len(confs)

    def others(self, card: Card | None, most: int = 3) -> tuple[Card, ...]:
        """The values other than ``card`` that its recent readings gave, by their summed
        confidence, the likeliest first (``card`` None: every value they gave)."""
        weight = _summed([(value, conf) for value, conf in self.readings if value != card])
        return tuple(sorted(weight, key=lambda v: -weight[v]))[:most]

    def strength(self, card: Card) -> float:
        """How clearly and consistently this card reads as ``card``: the mean confidence of
        its readings since it came to rest, a reading of another value counting 0. Not their
        sum: a misread card that lay longer must not outweigh a clear card played after it."""
        return self.evidence.get(card, 0.0) / self.fresh_readings if self.fresh_readings else 0.0

    def seen_at(self, points: list[tuple[float, float]], tolerance: float) -> int | None:
        """The first recent frame a reading put this card where one of ``points`` is, if any."""
        frames = [k for q, k in self.rest for p in points
                  if float(np.hypot(p[0] - q[0], p[1] - q[1])) <= tolerance]
        return min(frames) if frames else None


@dataclass
class _Sighting:
    """All readings of one physical card in one frame: the corners and outlines the
    detector found on it (an index corner, a pip corner read as some index, a tighter
    outline) lie within half a card of each other."""

    best: Detection
    center: tuple[float, float]  # table units, of ``best``
    centers: list[tuple[float, float]]  # of every reading
    readings: list[Detection]  # every reading, ``best`` first


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


_Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in frame pixels

# The least share of a frame that ``beyond_hidden`` leaves as it is: more than any region
# vision takes for a card or a part of one. Painted round a smaller part, the paint's
# inner edge was a card-shaped outline with every card in it (a patterned table's grain
# ends there), and each frame took the full search.
KEPT_SHARE: float = MAX_REGION_SHARE + 0.05


def kept_box(box: _Box, shape: tuple[int, ...]) -> _Box:
    """``box`` (x0, y0, x1, y1) grown by one margin on every side, within a frame of
    ``shape``, until it holds at least ``KEPT_SHARE`` of the frame."""
    h, w = int(shape[0]), int(shape[1])
    x0, y0, x1, y1 = box

    def grown(m: int) -> _Box:
        return max(0, x0 - m), max(0, y0 - m), min(w, x1 + m), min(h, y1 + m)

    def share(b: _Box) -> float:
        return (b[2] - b[0]) * (b[3] - b[1]) / (h * w)

    lo, hi = 0, max(h, w)
    while lo < hi:  # the least margin that is enough
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if share(grown(mid)) >= KEPT_SHARE else (mid + 1, hi)
    return grown(lo)


def beyond_hidden(frame: np.ndarray, box: _Box) -> np.ndarray:
    """``frame`` with everything outside ``box`` (x0, y0, x1, y1) painted over in one
    colour, the median of the box's own edge (the table there): a flat colour holds no
    outline, no card stock and no shadow for vision to look into. (The box should hold
    ``KEPT_SHARE`` of the frame: see ``kept_box``.)"""
    x0, y0, x1, y1 = box
    h, w = frame.shape[:2]
    inside = frame[y0:y1, x0:x1]
    channels = 1 if frame.ndim == 2 else frame.shape[2]
    edge = [part.reshape(-1, channels) for part in (inside[:4], inside[-4:], inside[:, :4], inside[:, -4:])]
    fill = tuple(float(v) for v in np.median(np.concatenate(edge)[::3], axis=0))
    return cv2.copyMakeBorder(inside, y0, h - y1, x0, w - x1, cv2.BORDER_CONSTANT, value=fill)


# A pixel reading within this of the bare table (the largest difference of its three
# colours, each averaged over 5x5 pixels) may be table. A card on a cloth's white check
# differs from it by 25-40, a hand or a card on anything else by far more; a camera's
# noise, averaged so, by a few.
BARE_TOLERANCE: int = 24
# The side of the square (a share of the play area's width, about a quarter of a card's)
# a patch of bare table must fill to be painted: a card's stock where it lies on a white
# check of the same shade is smaller than that, and stays the card's.
BARE_GRAIN: float = 0.03
# Seconds the table must lie still, with no card face up, to be learned bare (frames with
# a time): a hand laying a card or taking a trick in rests a few tenths of a second.
BARE_STILL_SECONDS: float = 1.0


# How far the whole part may have brightened or darkened since the table was learned bare
# and still be compared with it, brightened or darkened alike (``bare_table_painted``).
BARE_GAINS: tuple[float, float] = (0.7, 1.4)


def _gains(now: np.ndarray, then: np.ndarray) -> np.ndarray | None:
    """Per colour, the median ratio of ``now`` to ``then`` (on every eighth pixel either
    way, where ``then`` is not dark); None when all within 2% of 1, or any beyond
    ``BARE_GAINS`` (a changed light, no exposure's)."""
    a = now[::8, ::8].reshape(-1, 1 if now.ndim == 2 else now.shape[2]).astype(np.float32)
    b = then[::8, ::8].reshape(a.shape).astype(np.float32)
    lit = (b > 40).all(axis=1)
    if lit.sum() < 100:
        return None
    gains: np.ndarray = np.median(a[lit] / b[lit], axis=0).astype(np.float64)
    lo, hi = BARE_GAINS
    if (np.abs(gains - 1.0) < 0.02).all() or (gains < lo).any() or (gains > hi).any():
        return None
    return gains


@dataclass(frozen=True)
class BareTable:
    """What the table looks like, in a box of the frame (x0, y0, x1, y1), with no card
    face up on it: a still frame in which the tracker read no card. A frame read later
    has what still looks so painted over in one colour (``bare_table_hidden``). A
    patterned cloth's white checks joined the cards in vision's first look, and every
    frame with a card took the full search (over a second here, several on a Pi)."""

    box: _Box
    blurred: np.ndarray  # the box's part of that frame, each colour averaged over 5x5 pixels
    fill: tuple[float, ...]  # the median colour of the table there
    grain: int  # pixels: the side of the square a patch of bare table must fill
    filled: np.ndarray  # the box all in that colour (what is painted, copied from)

    @classmethod
    def of(cls, frame: np.ndarray, box: _Box, play_width: int) -> BareTable:
        x0, y0, x1, y1 = box
        part = frame[y0:y1, x0:x1]
        channels = 1 if frame.ndim == 2 else frame.shape[2]
        fill = tuple(float(v) for v in np.median(part.reshape(-1, channels)[::7], axis=0))
        grain = max(5, int(round(BARE_GRAIN * play_width)) | 1)
        filled = np.empty_like(part)
        filled[:] = fill if part.ndim == 3 else fill[0]
        return cls(box, cv2.blur(part, (5, 5)), fill, grain, filled)


def bare_table_hidden(frame: np.ndarray, bare: BareTable) -> np.ndarray:
    """``frame`` with everything outside ``bare.box`` painted over in the table's colour,
    and inside it the table where it still looks bare (``bare_table_painted``)."""
    x0, y0, x1, y1 = bare.box
    h, w = frame.shape[:2]
    painted = bare_table_painted(frame[y0:y1, x0:x1], bare)
    return cv2.copyMakeBorder(painted, y0, h - y1, x0, w - x1, cv2.BORDER_CONSTANT, value=bare.fill)


def bare_table_painted(part: np.ndarray, bare: BareTable) -> np.ndarray:
    """``part``, the box ``bare.box`` of a frame, with every patch that still looks as
    the bare table did (within ``BARE_TOLERANCE``, filling a square of ``bare.grain``
    pixels or more) painted over in the table's colour: cards, hands and shadows keep
    their pixels, and vision's first look sees them on a plain table. A camera's exposure
    and white balance follow what it sees (a dark sleeve in view brightens the rest): the
    bare table is compared brightened or darkened as the part is overall, each colour by
    the median of its ratios (within ``BARE_GAINS``). Where the light has changed
    otherwise, nothing matches and the part is read as it is."""
    now = cv2.blur(part, (5, 5))
    then = bare.blurred
    gains = _gains(now, then)
    if gains is not None:
        then = cv2.transform(then, np.diag(gains))
    diff = cv2.absdiff(now, then)
    if diff.ndim == 3:
        diff = cv2.max(cv2.max(diff[..., 0], diff[..., 1]), diff[..., 2])
    _, same = cv2.threshold(diff, BARE_TOLERANCE - 1, 255, cv2.THRESH_BINARY_INV)
    same = cv2.morphologyEx(same, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (bare.grain, bare.grain)))
    painted = part.copy()
    cv2.copyTo(bare.filled, same, painted)
    return painted


class CardTracker:
    def __init__(self, calibration: TableCalibration, *, deck: int = 52, style: str = "auto",
                 templates: GlyphTemplates | None = None, stable_frames: int = 3, gone_frames: int = 4,
                 gone_seconds: float = 0.6, move_tolerance: float = 0.06, match_radius: float = 0.25,
                 min_confidence: float = 0.45, play_radius: float = 1.0, settle_examinations: int = 3,
                 same_card: float = 0.25, own_card: float = 0.4, bare_table: bool = True) -> None:
        self.calibration = calibration
        self.deck = deck
        self.style = style
        self.templates = templates
        self.stable_frames = stable_frames
        self.gone_frames = gone_frames
        self.gone_seconds = gone_seconds
        self.move_tolerance = move_tolerance
        self.match_radius = match_radius
        self.play_radius = play_radius
        self.same_card = same_card  # table units: half a card's length (a card is 0.36 by 0.5)
        # Table units: a card coming to rest this near the card its seat played to the trick,
        # which still lies there, is that card's own print read as another (see _on_own_card).
        self.own_card = own_card
        self.min_confidence = min_confidence
        # Whether the table is learned bare (``BareTable``) and painted over where it
        # still looks so before a frame is read.
        self.bare_table = bare_table
        self._bare: BareTable | None = None
        self._bare_wanted = False  # the table changed since it was last learned
        self._empty_reads = 0  # examinations in a row, since the last change, finding no card
        self._changed_at: float | None = None  # the time of the last change (frames with a time)
        self.frame_index = -1
        self.examined = 0  # frames that were run through the detector
        self._change = FrameChange()
        self._region_cache: tuple[tuple[int, ...], _Box | None, _Box | None, _Box | None] | None = None
        self._since_change = 0
        self.settle_examinations = settle_examinations
        self._last: list[Detection] = []
        self._tracks: list[_Track] = []
        # The physical card each value was reported for this deal (kept after the trick is
        # gathered): a value is another card's only if its readings say so more strongly.
        self._claims: dict[Card, _Track] = {}
        self._trick: list[_Track] = []  # the cards of the trick on the table, in play order
        self._trick_missing = 0
        self._trick_seen_at: float | None = None  # the time a card of the trick was last in view
        # The trick last gathered, until a card of the next is placed (it may come back:
        # see _seen_again), and whether the trick on the table is one that came back.
        self._gathered: list[_Track] = []
        self._came_back = False
        # Cards gone from view before they were reported, this trick: the last card of a
        # trick may be gathered before it lay still long enough (see _gathered_unreported).
        self._unreported: list[_Track] = []

    def new_deal(self) -> None:
        """Forget which cards were played: the next deal may show them again. Cards still
        lying in view (the last trick, not yet taken in when the next hand was dealt) are
        the last deal's: followed until they go, never reported, unless another value
        comes to rest where one lies (see ``_laid_on_leftover``)."""
        self._claims.clear()
        for t in self._tracks:
            t.leftover = t.reported or t.vote(2 * self.stable_frames)[0]
            t.placed, t.reported, t.seat = True, None, None
            t.settled = t.covered = False  # a card laid on one must read so a whole window
        self._tracks = [t for t in self._tracks if t.leftover is not None]
        self._new_trick()
        self._gathered, self._came_back = [], False

    def process(self, frame: np.ndarray, now: float | None = None) -> list[CardEvent]:
        """The events ``frame`` completes; ``now``, the time it was taken in seconds (any
        clock), makes a trick count as gathered only when gone ``gone_seconds`` too."""
        # A frame larger than vision reads whole (a camera set to 1920x1080) is looked at
        # in its play area only (``TableCalibration.read_region``), at the camera's own
        # resolution: reduced whole, its cards would be read smaller.
        region, watched, kept = self._regions(frame.shape)
        view = frame if region is None else frame[region[1]:region[3], region[0]:region[2]]
        # Only a change in the play area is a reason to read the frame again: players
        # arranging their hands, or reaching for their won tricks, at the table's sides
        # made every frame a changed one (on a Pi, the full search a few times a second).
        if self._change.changed(frame if watched is None else frame[watched[1]:watched[3], watched[0]:watched[2]]):
            self._since_change = 0
            self._bare_wanted = True
            self._empty_reads = 0
            self._changed_at = now
        else:
            self._since_change += 1
        # The first frames after a change are all examined: one unlucky reading of a card
        # that just came to rest must not stand for as long as the table stays still. So
        # are a few more while a card in view has been read fewer than a whole window of
        # times since it came to rest: a card read so is settled (_led_on_the_trick), and
        # a trick's winner may lead on their own card a quarter of a second after it.
        fresh = self._since_change <= self.settle_examinations or (
            self._since_change <= 2 * self.stable_frames and self._unsettled())
        bare_box = kept or region or (0, 0, frame.shape[1], frame.shape[0])
        if self._bare is not None and (self._bare.box != bare_box or self._bare.blurred.shape != (
                bare_box[3] - bare_box[1], bare_box[2] - bare_box[0], *frame.shape[2:])):
            self._bare = None  # another camera size
        if fresh:
            if self._bare is not None:
                # The table as it looked bare painted over: cards on a patterned cloth
                # are then plain cards on a plain table (see BareTable).
                view = (bare_table_hidden(frame, self._bare) if region is None
                        else bare_table_painted(view, self._bare))
            elif kept is not None:
                # Read whole (vision's first look works at a scale set by the frame's
                # size), but with what lies beyond the play area hidden: players' hands
                # held at the sides sent every frame to the full search.
                view = beyond_hidden(frame, kept)
            self._last = self._identify(view, (0, 0) if region is None else region[:2])
            self.examined += 1
            self._empty_reads = 0 if self._last else self._empty_reads + 1
        still = (self._empty_reads >= 2 if now is None or self._changed_at is None
                 else self._empty_reads >= 1 and now - self._changed_at >= BARE_STILL_SECONDS)
        if self.bare_table and self._bare_wanted and still:
            # Read with no card face up in it, and still a while (frames with no time:
            # read twice): the table is bare (won tricks lying face down are table too,
            # until they move). Learned again each time it is so, the evening's light
            # with it. A hand laying a card or taking a trick in rests a moment: learned
            # with it, the table where it lay looked unlike the bare table until the next
            # time, and sent frames to the full search. (A card missed on a still frame
            # is most likely missed again on the next: the same pixels.)
            play_width = (watched[2] - watched[0]) if watched is not None else frame.shape[1]
            self._bare = BareTable.of(frame, bare_box, play_width)
            self._bare_wanted = False
        return self.observe(self._last, fresh=fresh, now=now)

    def _unsettled(self) -> bool:
        """Whether a card in view (none of the last deal's) has been read fewer than
        ``2 * stable_frames`` times since it came to rest."""
        window = 2 * self.stable_frames
        return any(t.missing == 0 and t.leftover is None and len(t.readings) < window for t in self._tracks)

    def _regions(self, shape: tuple[int, ...]) -> tuple[_Box | None, _Box | None, _Box | None]:
        """For a frame of ``shape``: the calibration's read region, its play region, and
        the box ``beyond_hidden`` keeps when the frame is read whole with a play region
        (worked out once: each region is a perspective transform, a tenth of an unchanged
        frame's cost)."""
        if self._region_cache is None or self._region_cache[0] != shape:
            region, watched = self.calibration.read_region(shape), self.calibration.play_region(shape)
            kept = kept_box(watched, shape) if region is None and watched is not None else None
            self._region_cache = (shape, region, watched, kept)
        return self._region_cache[1:]

    def _identify(self, view: np.ndarray, origin: tuple[int, int]) -> list[Detection]:
        """The cards in ``view``, a frame or the part of it from ``origin`` (x, y), in the
        frame's pixels."""
        # Face-down cards are no plays (``_sightings`` passes them by): not asked for, the
        # gathered tricks lying face down do not send every frame to the full search. A
        # view of the table is never one card cut out (a teaching photo): a play area of a
        # card's proportions, painted round the cards, had an even rim like one's.
        found = identify_cards(view, deck=self.deck, style=self.style, templates=self.templates, face_down=False,
                               cut_out=False)
        return found if origin == (0, 0) else [d.in_frame(origin) for d in found]

    def observe(self, detections: list[Detection], fresh: bool = True, now: float | None = None) -> list[CardEvent]:
        """Advance one frame given its detections (``process`` without the detector).
        ``fresh=False`` says they are the last frame's again (nothing changed): they keep
        cards in place but are no new evidence of what a card is, so they cast no vote.
        ``now``: the frame's time, as for ``process``."""
        self.frame_index += 1
        events: list[CardEvent] = []
        matched: set[int] = set()
        window = 2 * self.stable_frames
        closed: list[_Track] = []  # the tracks of a trick gathered this frame
        trick_gone = self._trick_complete() and self._trick_missing >= 1

        def gathered_away(t: _Track, values: set[Card | None]) -> bool:
            # Every seat played and the whole trick went out of view: a card of another
            # value where one of it lay is the winner's lead, not that card.
            return trick_gone and t in self._trick and t.reported not in values

        for s in self._sightings(detections):
            best, best_dist = -1, self.match_radius
            values = {r.card for r in s.readings}
            for i, track in enumerate(self._tracks):
                if gathered_away(track, values):
                    continue
                dist = min(float(np.hypot(c[0] - track.center[0], c[1] - track.center[1])) for c in s.centers)
                if i not in matched and dist < best_dist:
                    best, best_dist = i, dist
            if best < 0:
                # Seen again after a hand hid it: the same physical card, already reported.
                again = [t for t in self._trick if t not in self._tracks and self._lay_at(t, s)
                         and not gathered_away(t, values)] or self._seen_again(s, values, now)
                if again:
                    again[0].missing = 0
                    again[0].last_seen = self.frame_index
                    self._tracks.append(again[0])
                else:
                    new = _Track(s.center, still_since=self.frame_index,
                                 rest=[(c, self.frame_index) for c in s.centers], last_seen=self.frame_index)
                    card, conf = self._vote_of(s, new)
                    if fresh:
                        new.readings = [(card, conf)]
                        new.evidence = {card: conf}
                        new.fresh_readings = 1
                    self._tracks.append(new)
                matched.add(len(self._tracks) - 1)
                continue
            track = self._tracks[best]
            matched.add(best)
            card, conf = self._vote_of(s, track)
            # A card slid into place moves: it is not placed until it has lain still. One
            # lying still is read at different corners and outlines from frame to frame:
            # any place it was put since it came to rest is still that place.
            seen = track.seen_at(s.centers, self.move_tolerance)
            if seen is not None:
                track.stable += 1
                # Outlines alternating from frame to frame: it lay still since it was first seen here.
                track.still_since = min(track.still_since, seen)
            else:
                track.stable = 1
                track.still_since = self.frame_index
                track.readings = []  # what it looked like while moving (under a hand) does not count
                track.evidence = {}
                track.fresh_readings = 0
                track.covered = track.settled
            track.rest = (track.rest + [(c, self.frame_index) for c in s.centers])[-24:]
            track.center = s.center
            track.missing = 0
            track.last_seen = self.frame_index
            if fresh:
                track.readings = (track.readings + [(card, conf)])[-window:]
                track.evidence[card] = track.evidence.get(card, 0.0) + conf
                track.fresh_readings += 1
        for i, track in enumerate(self._tracks):
            if i in matched:
                continue
            track.missing += 1
            track.covered = track.settled
            if track.missing > 1:
                track.stable = 0
        events += self._led_on_the_trick(matched, closed)
        for i in sorted(matched):
            track = self._tracks[i]
            if track.leftover is not None:
                self._laid_on_leftover(track)
            if track.placed or track.stable < self.stable_frames:
                continue
            # One physical card is reported once. A value another card was reported as is
            # left out of this card's vote while that card's readings of it are the stronger.
            voted, share, conf = track.vote(window, self._taken_from(track))
            if voted is None and track.stable >= window:
                # Still all this while, and read only as cards already reported: played,
                # its value unknown (see _unknown_play).
                events += self._unknown_play(track)
                continue
            # A misreading that flickers in is outvoted. An unclear value read the same in
            # every recent frame (each with its own sensor noise) is as good as a clear one.
            steady = share == 1.0 and len(track.readings) >= window
            if voted is None or share < 0.6 or (conf < self.min_confidence and not steady):
                continue
            card = voted
            point = self.calibration_point(track)
            trump = self.calibration.in_trump_zone(point)
            seat = None if trump else self.calibration.seat_of(point)
            earlier = self._claims.get(card)
            if (earlier is not None and earlier is not track and earlier in self._trick
                    and seat is not None and seat == earlier.seat):
                # The same value again in front of the same seat in the same trick (a seat
                # plays one card a trick): the card reported there, seen again a little off
                # its first place (read from another corner, or once while still sliding).
                # It was reported; it is not again, and nothing was wrong.
                track.reported, track.placed, track.seat = card, True, earlier.seat
                track.still_since, track.placed_at = earlier.still_since, earlier.placed_at
                self._claims[card] = track
                self._trick[self._trick.index(earlier)] = track
                earlier.reported = None
                continue
            if trump:
                # The turned card is no play: it claims no value (the dealer takes it into
                # hand and plays it later, where it must read as itself) and corrects none.
                track.reported, track.placed, track.placed_at = card, True, track.still_since
                events.append(CardEvent("trump_turned", track.still_since, card, None, conf * share))
                continue
            if seat is not None and self._on_own_card(track, seat):
                continue
            if earlier is not None and earlier is not track:
                # This card's readings of the value are the stronger: the earlier report was wrong.
                events.append(self._correct(earlier, card))
            if self._trick_complete() and all(t.missing >= 1 for t in self._trick if t in self._tracks):
                # The winner led before the gathered trick was gone ``gone_frames``
                # frames (a camera read a few times a second): it was gathered.
                events += self._trick_gathered(closed)
            events.append(self._place(track, card, seat, track.still_since, conf * share))
        events += self._read_again(matched)
        # A card gone unreported can still be played with the trick (_gathered_unreported),
        # if it left the table at most 2 * gone_frames frames before the trick was last
        # seen (not before now: a trick gathered after gone_seconds left long ago).
        trick_seen = max((t.last_seen for t in self._trick), default=self.frame_index)
        self._unreported = [t for t in self._unreported if t.last_seen >= trick_seen - 2 * self.gone_frames] + [
            t for t in self._tracks if t.missing > self.gone_frames and not t.placed and t.readings]
        self._tracks = [t for t in self._tracks if t.missing <= self.gone_frames]
        if self._trick:
            if any(t.missing == 0 for t in self._trick if t in self._tracks):
                self._trick_missing = 0
                self._trick_seen_at = now
            else:
                self._trick_missing += 1
                if self._trick_missing >= self.gone_frames and self._gone_long_enough(now):
                    events += self._trick_gathered(closed)
        # A gathered trick's cards are gone. Kept as tracks until they count as gone, the
        # first card laid where one of them lay (the winner leads at once, in front of
        # them) would be taken for it, and never played: a camera read a few times a
        # second sees that card in the very next frame.
        self._tracks = [t for t in self._tracks if t not in closed]
        return events

    def _led_on_the_trick(self, matched: set[int], closed: list[_Track]) -> list[CardEvent]:
        """A lead laid on a card of a trick every seat has played to, before the trick is
        taken in (the winner leads at once, on the card they played). A card does not
        change its value: one reported and read as it in a whole window of readings
        (``2 * stable_frames``) that now reads steadily as a value no card was reported
        as is a new card on the old one: for ``stable_frames`` clear readings
        (``CLEAR_READING``) once a hand was over it or it moved (a lead laid on it), or
        for a whole window else (a slow camera may see no hand; a reading spoiled for a
        few frames is no lead). The old trick is then done (gathered), its cards
        still in view are followed until they go and never reported (as a card of the
        last deal is: a card laid on one is a card like any other), and the new card is
        the next trick's first, placed as any card is. (Taken for a misreading before,
        the lead was a correction of the old card, and the players entered it.)"""
        if not self._trick_complete():
            return []
        window = 2 * self.stable_frames
        for i in sorted(matched):
            track = self._tracks[i]
            if track not in self._trick or track.reported is None:
                continue
            if not track.settled:
                recent = track.readings[-window:]
                track.settled = len(recent) == window and all(v == track.reported for v, _ in recent)
                continue
            value, share, conf = track.vote(self.stable_frames)
            streak = 0
            for v, _ in reversed(track.readings):
                if v != value:
                    break
                streak += 1
            need, least = self._new_value_bar(track.covered)
            if (value is None or value == track.reported or value in self._claims or share < 1.0
                    or conf < least or streak < need):
                continue
            old = list(self._trick)
            events = self._trick_gathered(closed)
            lead = _Track(track.center, stable=track.stable, still_since=self.frame_index - streak + 1,
                          rest=list(track.rest), last_seen=self.frame_index)
            lead.readings = track.readings[-streak:]
            lead.evidence = _summed(lead.readings)
            lead.fresh_readings = streak
            self._tracks[i] = lead
            self._left_lying(old)
            return events
        return []

    def _new_value_bar(self, covered: bool) -> tuple[int, float]:
        """How many readings in a row of a new value, and how clear on average, make a
        card laid where a settled card lay: after a hand was over it or it moved,
        ``stable_frames`` clear ones (``CLEAR_READING``: a hand's shadow spoils
        readings); else a whole window (``2 * stable_frames``) at ``min_confidence``."""
        if covered:
            return self.stable_frames, max(self.min_confidence, CLEAR_READING)
        return 2 * self.stable_frames, self.min_confidence

    def _left_lying(self, old: list[_Track], lead_seat: int | None = None) -> None:
        """The cards of ``old``, a trick done while they still lie in view, are followed
        from now on as leftovers (never reported; a card laid on one is a card like any
        other: see ``_laid_on_leftover``). Followed as copies: the claims keep naming the
        trick's cards as they were. The one of ``lead_seat``, which the players said a lead
        was laid on, counts as covered by a hand."""
        for k, t in enumerate(self._tracks):
            if t in old:
                self._tracks[k] = _Track(t.center, stable=t.stable, still_since=t.still_since, missing=t.missing,
                                         readings=list(t.readings), rest=list(t.rest), last_seen=t.last_seen,
                                         placed=True, leftover=t.reported, settled=True,
                                         covered=lead_seat is not None and t.seat == lead_seat)

    def lead_entered(self, seat: int, card: Card | None = None) -> None:
        """The players entered ``card``, the next trick's lead, for ``seat`` on the buttons
        (the camera did not report it, or it was taken for a misreading of the card it
        lies on: see ``_led_on_the_trick``). A trick every seat has played to, still on
        the table for the tracker, is then done (the device closed it already: no event).
        The seat's card of it that was corrected to ``card`` is that lead, the first card
        of the new trick; the others are followed as leftovers, and a lead read clearly a
        few times on the seat's old card is placed as that seat's card (the device knows
        it already). Else the tracker's trick stayed one behind the device's, and the next
        lead laid on it was taken for a misreading too."""
        if not self._trick_complete():
            return
        old = list(self._trick)
        self._trick_gathered([])
        lead = next((t for t in old if card is not None and t.seat == seat and t.reported == card
                     and t in self._tracks), None)
        self._left_lying([t for t in old if t is not lead], seat)
        if lead is not None:
            self._trick, self._gathered = [lead], []

    def _seen_again(self, s: _Sighting, values: set[Card | None], now: float | None) -> list[_Track]:
        """The card of the trick last gathered that ``s`` is, if it lies where that card
        lay and reads as its value, no card of the next trick having come since: that trick
        was hidden longer than ``gone_seconds`` (an arm resting over the middle), not
        gathered. It is the trick on the table again, its other cards too, as they are seen
        again; it is not reported gathered a second time."""
        back = [t for t in self._gathered if t.reported in values and self._lay_at(t, s)]
        if not back or self._trick:
            return []
        self._trick, self._gathered, self._came_back = self._gathered, [], True
        self._trick_missing, self._trick_seen_at = 0, now
        return back

    def _lay_at(self, track: _Track, s: _Sighting) -> bool:
        """``track``, out of view, lay where ``s`` is (within ``match_radius``)."""
        return float(np.hypot(s.center[0] - track.center[0], s.center[1] - track.center[1])) < self.match_radius

    def _laid_on_leftover(self, track: _Track) -> None:
        """A card of the last deal (``new_deal``) that now reads as another value in each
        of its last ``2 * stable_frames`` readings is a card of this deal laid where it
        lay, or on it: from then on it is a card like any other, at rest since the first
        of those readings. (Fewer would let a few misreadings under a hand's shadow play a
        card that lay there all along.) A card of the last trick left when a lead was laid
        on the trick (``_led_on_the_trick``), once a hand was over it or it moved, needs
        only ``stable_frames`` clear readings, as that lead did: the next seats lay their
        cards on the old ones while the trick is being taken in."""
        # A card of the last trick (see _led_on_the_trick) that a hand was over, or that
        # moved, need read as another value only as clearly as a lead laid on it must.
        need, least = self._new_value_bar(track.covered)
        recent = track.readings[-need:]
        if len(recent) < need or any(v == track.leftover for v, _ in recent):
            return
        if track.covered and sum(c for _, c in recent) / need < least:
            return
        track.leftover, track.placed = None, False
        track.readings = list(recent)
        track.evidence = _summed(recent)
        track.fresh_readings = len(recent)
        track.still_since = max(track.still_since, self.frame_index - need + 1)

    def _gone_long_enough(self, now: float | None) -> bool:
        """The trick on the table, out of view ``gone_frames`` frames, has been for
        ``gone_seconds`` too (frames with no time: it has). An arm reaching over the middle
        hides a whole trick for a few tenths of a second. Only a trick every seat has
        played to waits so: the winner's lead where their card lay closes it at once. One
        the camera saw a card of fewer seats of (the players entered the card it missed)
        has no such rule, and the lead, laid within ``gone_seconds``, would be taken for
        the winner's old card."""
        return (now is None or self._trick_seen_at is None or not self._trick_complete()
                or now - self._trick_seen_at >= self.gone_seconds)

    def _seats_played(self) -> set[int]:
        """The seats with a card in the trick on the table."""
        return {t.seat for t in self._trick if t.seat is not None}

    def _trick_complete(self) -> bool:
        """Every seat has a card in the trick on the table."""
        return len(self._seats_played()) >= self.calibration.n_seats

    def _trick_gathered(self, closed: list[_Track]) -> list[CardEvent]:
        """The trick on the table was taken in: its events, and a new trick begins. Its
        cards' tracks, the last ones played with it included, go into ``closed``."""
        events = self._gathered_unreported()
        closed += self._trick
        cards = tuple(t.reported for t in self._trick if t.reported is not None)
        if not self._came_back:
            events.append(CardEvent("trick_gathered", self.frame_index, cards=cards, confidence=1.0))
        self._gathered, self._came_back = list(self._trick), False
        self._new_trick()
        return events

    def _new_trick(self) -> None:
        """No trick on the table: the next card placed begins one."""
        self._trick = []
        self._trick_missing = 0
        self._trick_seen_at = None
        self._unreported = []

    def _vote_of(self, s: _Sighting, track: _Track) -> tuple[Card, float]:
        """The reading that is ``track``'s vote in sighting ``s``: its best, unless another
        card was reported as that value and reads as it at least as clearly, and another
        reading of the sighting names a value no card was reported as. A real 8D lying
        still read as a 7D at 0.98 whole, as an 8D at 1.0 at its corner; the 7D had been
        played, and the card was never reported (simulated deal 2008)."""
        d = s.best
        assert d.card is not None
        owner = self._claims.get(d.card)
        if owner is None or owner is track or owner.strength(d.card) < d.confidence:
            return d.card, d.confidence
        free = [(r.card, r.confidence) for r in s.readings if r.card is not None and r.card not in self._claims]
        return max(free, key=lambda r: r[1]) if free else (d.card, d.confidence)

    def _taken_from(self, track: _Track) -> set[Card]:
        """The values other cards were reported as and read as at least as clearly as
        ``track`` does: they are left out of its vote."""
        return {v for v, t in self._claims.items() if t is not track and t.strength(v) >= track.strength(v)}

    def _read_again(self, matched: set[int]) -> list[CardEvent]:
        """Cards of the trick on the table reported as one value that now read as another:
        every one of their last ``stable_frames`` readings, and more strongly since they
        came to rest than the value reported. A card reported while a hand still hid part
        of it (a real QS read as a JS, then QS at 1.0 lying whole) is corrected to what
        it reads; a card another was reported as, more strongly, it is not."""
        events: list[CardEvent] = []
        for i in sorted(matched):
            track = self._tracks[i]
            wrong = track.reported
            if track not in self._trick or len(track.readings) < self.stable_frames:
                continue
            if wrong is None:
                events += self._named_at_last(track)
                continue
            voted, share, conf = track.vote(self.stable_frames, self._taken_from(track))
            if voted is None or voted == wrong or share < 1.0 or track.strength(voted) <= track.strength(wrong):
                continue
            earlier = self._claims.get(voted)
            if earlier is not None and earlier is not track:
                events.append(self._correct(earlier, voted))
            if self._claims.get(wrong) is track:
                del self._claims[wrong]
            track.reported = voted
            self._claims[voted] = track
            events.append(CardEvent("card_corrected", track.placed_at, voted, track.seat, conf, cards=(wrong,)))
        return events

    def _named_at_last(self, track: _Track) -> list[CardEvent]:
        """A card of the trick played with no value (``_unknown_play``: it read only as
        cards reported before) that now reads as one value no card was reported as, in
        every one of its last ``stable_frames`` readings and clearly (``min_confidence``):
        a hand's shadow or glare that spoiled it has gone. It is that card, said in a
        ``card_corrected`` event whose ``cards`` is empty (it was reported as no value)."""
        value, share, conf = track.vote(self.stable_frames)
        if value is None or value in self._claims or share < 1.0 or conf < self.min_confidence:
            return []
        track.reported = value
        self._claims[value] = track
        return [CardEvent("card_corrected", track.placed_at, value, track.seat, conf)]

    def _gathered_unreported(self) -> list[CardEvent]:
        """Cards gathered with the trick before they lay still ``stable_frames`` frames in
        one place (the winner often picks the trick up as soon as the last card lands, and
        a card read from two corners may be placed at two spots): one that read as the
        same unreported value in at least ``stable_frames`` frames, at one spot or two,
        and left the table with the trick, in front of a seat that has not played to it,
        was played. Reported before the trick is gathered, in the order they came."""
        trick_seen = max(t.last_seen for t in self._trick)
        by_value: dict[Card, list[tuple[_Track, float]]] = {}
        unknown: list[_Track] = []  # read only as cards already reported
        for t in self._unreported + self._tracks:
            if t.placed or t.missing == 0 or t.last_seen < trick_seen - self.gone_frames:
                continue  # reported, still on the table, or gone well before the trick
            voted, share, conf = t.vote(2 * self.stable_frames, set(self._claims))
            if voted is not None and share >= 0.6 and conf >= self.min_confidence:
                by_value.setdefault(voted, []).append((t, conf * share))
            elif voted is None:
                unknown.append(t)
        events: list[CardEvent] = []
        played = self._seats_played()
        for card, voters in sorted(by_value.items(), key=lambda kv: min(t.still_since for t, _ in kv[1])):
            track, confidence = max(voters, key=lambda tc: len(tc[0].readings))
            point = self.calibration_point(track)
            seat = self.calibration.seat_of(point)
            if self.calibration.in_trump_zone(point) or seat is None or seat in played:
                continue
            # In front of the one seat yet to play, a card that went with the trick was its
            # card: one reading of its value will do (a camera read a few times a second
            # may have had no more before the winner took the trick). Else a glimpse under
            # a hand must not be a play.
            last_seat = len(played) == self.calibration.n_seats - 1
            if sum(sum(1 for v, _ in t.readings if v == card) for t, _ in voters) < (
                    1 if last_seat else self.stable_frames):
                continue
            played.add(seat)
            events.append(self._place(track, card, seat, min(t.still_since for t, _ in voters), confidence))
        for track in sorted(unknown, key=lambda t: t.still_since):
            events += self._unknown_play(track)  # each seat once: it checks the trick
        return sorted(events, key=lambda e: e.frame)

    def _unknown_play(self, track: _Track) -> list[CardEvent]:
        """``track``, lying still in front of a seat that has not played to this trick, read
        only as values other cards were reported as (a real JD read as JS at 0.9 in every
        frame, the JS gathered tricks before: simulated deal 2036). One deck holds each
        value once, so it is none of them; but a card came to rest there, and that seat
        played it. Reported as ``card_placed`` with ``card`` None and confidence 0 (the
        values it read as in ``alternatives``): the players name it. Nothing when it lies
        in the trump zone, before no seat, before one that has played (so never on a
        seat's own card: see _on_own_card), or read fewer than ``stable_frames`` times."""
        if len(track.readings) < self.stable_frames:
            return []
        point = self.calibration_point(track)
        seat = self.calibration.seat_of(point)
        if seat is None or self.calibration.in_trump_zone(point) or any(t.seat == seat for t in self._trick):
            return []
        track.reported, track.placed, track.seat, track.placed_at = None, True, seat, track.still_since
        self._trick.append(track)
        self._gathered = []
        return [CardEvent("card_placed", track.still_since, None, seat, 0.0, alternatives=track.others(None))]

    def _place(self, track: _Track, card: Card, seat: int | None, frame: int, confidence: float) -> CardEvent:
        """Report ``track`` as ``card`` played by ``seat`` to the current trick."""
        track.reported, track.placed, track.seat, track.placed_at = card, True, seat, frame
        self._claims[card] = track
        self._trick.append(track)
        self._gathered = []  # a card of the next trick: the last one is gone for good
        return CardEvent("card_placed", frame, card, seat, confidence, alternatives=track.others(card))

    def _correct(self, track: _Track, wrong: Card) -> CardEvent:
        """``track`` was reported as ``wrong``, but another card's readings of that value are
        stronger: its value becomes its best other reading that no other card was reported
        as. With none, it is ``wrong``'s rank in the other suit of its colour, if no card
        was reported as that, at confidence 0 (a guess: a court card's small black pip read
        as the other black suit in every frame is the commonest misreading of a real deck;
        its rank and colour read right); else None. Said in a ``card_corrected`` event."""
        others = {v: e for v, e in track.evidence.items() if v != wrong and v not in self._claims}
        new: Card | None
        if others:
            new = max(others, key=lambda v: others[v])
        else:
            twin = Card(wrong.rank, wrong.suit.twin)
            new = None if twin in self._claims else twin
        total = sum(track.evidence.values())
        track.reported = new
        if new is not None:
            self._claims[new] = track
        return CardEvent("card_corrected", track.placed_at, new, track.seat,
                         others[new] / total if new in others and total > 0 else 0.0, cards=(wrong,))

    def _sightings(self, detections: list[Detection]) -> list[_Sighting]:
        """The frame's face-up readings in the play area, grouped by physical card: readings
        within half a card of each other are one card (no two cards of a trick lie so
        close). Each card's vote is its best reading, a whole card's before a corner's:
        a pip corner read as an index is a corner too, and must not outvote the index."""
        found: list[_Sighting] = []
        for d in sorted(detections, key=lambda d: (d.partial, -d.confidence)):
            if d.card is None:
                continue
            center = self.calibration.to_table(d.center)
            # Won tricks and players' hands lie beyond the play area: they are not plays.
            if np.hypot(center[0], center[1]) > self.play_radius and not self.calibration.in_trump_zone(d.center):
                continue
            for s in found:
                # Linked through any of its readings: outlines of one card can differ by more
                # than half a card between them, but each lies near another.
                if any(float(np.hypot(center[0] - c[0], center[1] - c[1])) < self.same_card for c in s.centers):
                    s.centers.append(center)
                    s.readings.append(d)
                    break
            else:
                found.append(_Sighting(d, center, [center], [d]))
        return sorted(found, key=lambda s: -s.best.confidence)

    def _on_own_card(self, track: _Track, seat: int) -> bool:
        """Whether ``track`` lies on the card its seat played to this trick (within
        ``own_card``), which is still in view. A seat plays one card a trick, so it is that
        card's print read as another card's index: a real court card read 130 pixels wide
        had the top of its picture read as a TC at 0.9997 (simulated deals at 1920x1080),
        reported as a second card of that seat's. Not reported while that card lies there;
        a card laid on a seat's earlier card once that one is hidden is reported."""
        x, y = track.center
        return any(t is not track and t.seat == seat and t in self._tracks and t.missing == 0
                   and math.hypot(t.center[0] - x, t.center[1] - y) < self.own_card for t in self._trick)

    def calibration_point(self, track: _Track) -> tuple[float, float]:
        """A track's place back in image pixels, for the calibration's seat and zone tests."""
        inv = np.linalg.inv(self.calibration.image_to_table)
        p = inv @ np.array([track.center[0], track.center[1], 1.0])
        return float(p[0] / p[2]), float(p[1] / p[2])


def plays_of(events: list[CardEvent]) -> list[tuple[Card | None, int | None]]:
    """The cards placed, as corrected by later ``card_corrected`` events, in the order
    they came to rest (a value may be settled a frame or a correction later). A card
    whose value was corrected to unknown keeps its place as None: it was played."""
    placed = sorted((e for e in events if e.kind == "card_placed"), key=lambda e: e.frame)
    cards: list[Card | None] = [e.card for e in placed]
    for c in (e for e in events if e.kind == "card_corrected"):
        for i, p in enumerate(placed):
            # A correction with no earlier value names a card played with none.
            if p.frame == c.frame and p.seat == c.seat and (cards[i] in c.cards if c.cards else cards[i] is None):
                cards[i] = c.card
                break
    return [(card, p.seat) for card, p in zip(cards, placed)]
