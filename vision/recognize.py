"""From a BGR frame to the cards on it: ``identify_cards(frame) -> list[Detection]``.

Each whole card is read at both index corners; each square corner of a partly hidden
card is read as if it were an index corner. A card is reported once, from its most
confident reading; a whole card with no readable index and a patterned middle is
reported face down (``card`` None).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, replace
from typing import NamedTuple

import cv2
import numpy as np

from engine.cards import Card, Rank
from vision.detect import (CARD_ASPECT, CornerCandidate, Quad, WholeCards, _as_quad, _card_width, _inside, _iou_quads,
                           _offset_quad, card_outline, find_regions, find_rings, find_whole_cards, one_card)
from vision.corner_fit import fit_corner
from vision.indices import RANK_CENTRE, index_corners
from vision.faces import CARD_H, CARD_W, INDEX_H, INDEX_W, suit_is_red
from vision.glyph_net import reader_nets
from vision.index_reader import GlyphTemplates, IndexReading, extract_glyphs, ink_mask, read_index, read_indexes
from vision import phantoms, pictures, pips

MIN_CONFIDENCE = 0.45
MIN_FRAME_SIDE = 24  # pixels
LARGEST_FRAME = 1280  # pixels on the long side: the camera's frames; every real photo measured is smaller
# A photo read reduced whose cards come out narrower than CLOSER_BELOW (pixels, their
# median) is read again closer: the part of it where they lie, at a scale that makes them
# CLOSER_CARD_WIDTH wide, the part no longer than LARGEST_FRAME, or in overlapping
# tiles where they lie spread wider. Real-deck cards under 90 pixels are missed or
# misread four to seven times as often as from 90 (see ``calibration``). On the
# real-deck development photos (2016x1512, 0-399) 2609 cards of 2636 read right instead
# of 2592, phantoms 7 instead of 10; on drawn decks rendered sharp at 4032x2268
# (development scenes 1000-1299) 1358 of 1361 instead of 1359, phantoms 12 instead of
# 11. 105 to 135 pixels read the photos alike (2605-2608, one part only); wider gave
# drawn decks more phantoms.
CLOSER_BELOW = 100.0
CLOSER_CARD_WIDTH = 110.0
CLOSER_GAIN = 1.15  # ... when that reads them at least this much larger than the first look
CLOSER_TILES = 6  # cards spread over more than fits LARGEST_FRAME so: read in this many parts at most
TILE_EDGE = 3.0  # pixels as read: a card reaching this near a part's edge where another part lies is cut
# The part read again reaches this many card lengths beyond the cards found.
CLOSER_MARGIN = 0.75
# A cast shadow (a player's, the phone's that takes the photo) darkens cards below the
# paper level the index finder accepts, and their edges below the outline passes'. A
# frame's light is its table's: its median over SHADOW_WINDOW of the frame's long side
# (wider than a card), looked at SHADOW_SCALE times smaller, the cards read filled in
# from the table around. Where that is darker than SHADOW_LIGHT of the table's light
# (its SHADOW_TOP percentile), over SHADOW_PART of the frame, and the table there is the
# colour it is in the light (each share of blue, green and red within SHADOW_TINT), the
# frame is read again lifted to that light (at most MAX_LIFT times), and the cards found
# so in the shadow are added. On development scenes with a shadow, 1321 -> 1327 of 1348
# right (phantoms 8 -> 11), on the bidly photos 916 -> 950 of 982 (5 -> 5); every set
# without one reads as before. (See ``shadow_lift`` and docs/vision.md.) The 75th
# percentile took the light of a shadow over more than a quarter of the table for the
# table's: the 85th (forty-second session) reads 1327 of 1348 (phantoms 11 -> 9) and
# 955 of 982 (5 -> 5), every set without a shadow as before; the 90th read alike.
SHADOW_SCALE = 8
SHADOW_WINDOW = 0.1
SHADOW_TOP = 85
SHADOW_TINT = 0.02
SHADOW_LIGHT = 0.7
SHADOW_PART = 0.02
MAX_LIFT = 3.0
# Most frames have no shadow, and the test above costs each of them 0.4 ms (its wide
# median filter). A glance comes first: at half that resolution, a median over a smaller
# window (SHADOW_GLANCE_WINDOW of the long side), it lets through any frame with
# SHADOW_GLANCE_PART of it darker than SHADOW_GLANCE_LIGHT of its light. Looser on each
# count, it changes no reading: of the 1455 frames the development sets' shadow looks
# saw (random, rows and photo scenes with and without a shadow, edje train and test),
# it passed every one the test passes, the weakest with three times its share (with
# SHADOW_TOP at 75 and at 85). It costs about 0.1 ms.
SHADOW_GLANCE_WINDOW = 0.06
SHADOW_GLANCE_LIGHT = 0.8
SHADOW_GLANCE_PART = 0.01
SURE_READING = 0.98
# A corner read as nothing, then fitted to its card's edges, counts read this sure: a
# court index found by its ink a little off (a bidly QC fitted read 0.9985).
FITTED_CLEAR = 0.995
CLEAR_INDEX = 0.999  # a whole card's index read this sure outweighs unsure readings of another value
RANK_GLYPH_HEIGHT = 39  # canonical pixels: a rank's height on the project's faces (40) and on real decks (38-39)
# A corner fitted to its card's edges (``corner_fit``) this far from where it was found
# (card widths), or turned this much (degrees), is read again there.
FIT_MOVES = 0.02
FIT_TURNS = 2.0
RANK_RESIZE = 0.05  # a corner whose rank says its card is this much off in width is read again
# A whole card read unsure whose rank is this much off its outline's size is looked at
# again (the full search): on development frames a card read whole had a rank 0.87-1.21
# of the usual height (synthetic, 5th to 99th percentile), 0.64-1.14 (real-deck photos).
OUTLINE_RANK_SPREAD = 0.3
GUESS_RESIZE = 0.15  # ... and one whose width was guessed from its own sides
# A reading that overrides the back test: a back's lattice cut into ink has read as a
# letter at up to 0.995 on the development scenes.
BACK_OVERRIDE = 0.9999
# A corner of a partly covered card is a guess at a place (art and pips offer many):
# it must read more clearly than a whole card's index to count.
PARTIAL_MIN_CONFIDENCE = 0.7
# Another card's index read this clearly on a "whole" card: the outline was several cards
# (the "no index" answer of the reader keeps art and pips from reaching it).
CLEAR_READING = 0.75
# A corner reading's "paper" more saturated than the least saturated one read in the
# frame by this much is no card stock (under one lamp card stock is alike: the edje
# train cards measured up to 0.37, but never far from each other): a hand's skin
# (0.40 beside cards at 0.02) read as a red index.
PAPER_TINT_SPREAD = 0.2
# The widths a corner reading's card may have, as fractions of the frame's usual card width.
SIZE_SPREAD = (0.5, 2.0)
# The first look's plain cards: card stock they leave unexplained, in card areas, that
# may be a card (a strip of a card under another shows about a fifth of it); and how far
# one may stray from a card's proportions and from the others' size (a few percent are
# an outline found a pixel off).
UNEXPLAINED_STOCK = 0.08
# Of the paper's whiteness on the cards found (their median), the least that stock left
# unexplained must show to be a card's: a light wood's grain beside a dark back passes
# the stock mask (whiter than its darkened surroundings) at about half the paper's.
PAPER_WHITENESS = 0.7
SHAPE_TOLERANCE = 0.06
# The proportions (long side over short) of the decks in use: poker-size (63 x 88 mm, the
# project's own faces) and bridge-size (57 x 89; a Skat deck's 59 x 91 and the bidly
# photos' are within SHAPE_TOLERANCE of it). Only cards of one of these are read by the
# first look; any other outline takes the full search.
CARD_SHAPES = (CARD_ASPECT, 1.55)
# Card shapes (long over short side, as seen) a fitted corner read as nothing is read
# at too (see ``_fitted_again``): a bridge-size card, and one seen from a tilted camera.
LONGER_SHAPES = (1.55, 1.7)
PILE_OUTLINE = 1.2  # an unread outline this much wider than the cards read is several cards
HALF_ROUND_NEAR = 0.6  # card widths: see _half_round_twins
DIAGONAL_INDEX_NEAR = 0.1  # card widths: see _deduplicate
NEAR_INDEX = 0.33  # card widths: see _near_index
TURNED_INDEX_NEAR = 0.28  # ... for a clear reading with no card edge beside it
TIGHT_ROW_NEAR = 0.15  # card widths: see _deduplicate
# A card's own far index, read as a card's index, implies a card lying beside it (sharing
# a strip, measured 0.09-0.16 of their union); one lying mostly on it, of the same rank,
# is a fanned row's next card (0.25).
FAR_INDEX_OVERLAP = 0.2
# A face-down guess by colour alone must be this close to the read cards' width.
BACK_SIZE_SPREAD = 0.25
SMALL_BACK = 0.5  # see _identify: a face-down outline shorter than this against the cards' width
# A face-down guess by colour that is the very card a corner reading implies (their
# outlines overlapping this much) is that card, its picture pale at its index corners.
GUESS_IS_THE_CARD = 0.6
RINGED_BACK_EVEN = 0.05  # see _ringed_back
ON_TOP_AREA = (0.55, 0.92)  # see _back_ringed_on: a back's share of the quad it lies in with the card under it
# The phantom check's cut: a reading of a partly hidden card that the check thinks more
# likely than this to be no card is dropped (see vision/phantoms.py). At 0.9 it dropped
# real cards and no more phantoms.
PHANTOM_CUT = 0.99
# A ring that another card's outline overlaps less than this is still read (a JS whose
# corner a 4C's lies on).
RING_OVERLAP = 0.05
# The outlines guessed around a court card's picture (``pictures.outlines``) that must
# read one court card sure for it to count, and how many times more of them than read
# any other value sure (a guess a few pixels off reads a JS as JC at 0.99 now and then).
PICTURE_VOTES = 2
PICTURE_MAJORITY = 2
PICTURE_CLEAR_VOTES = 6  # ... or that must read it clearly (CLEAR_READING), none sure
# Two corner readings of one value whose axes point this nearly opposite ways (cosine) are
# a card read at both its index corners; measured so, its proportions lie within these
# (a tilted camera stretches them), and a size within this share of the readings' own
# changes nothing.
TURNED_HALF_ROUND = 0.94
BOTH_INDICES_SHAPE = (1.25, 1.7)
BOTH_INDICES_SLACK = 0.08
# A whole card read less sure than this has its suit checked against its centre pips
# (vision/pips.py): an index's pip is a few pixels across, a centre pip several times
# that. The pips overrule the index's suit when they favour the other suit of its
# colour a thousand to one.
PIP_CHECK = 0.9995
PIP_OVERRULE = math.log(1000.0)
# A rank its centre pips counted (vision/pips.py) is as sure as a sure index: the count
# names no rank unless the pips are whole, alike and laid out as a card's.
PIP_COUNT_CONFIDENCE = 0.98
PIP_OUTLINES_OVERLAP = 0.7  # see _pips_between: another reading's outline of the same card
# A corner reading whose index pip names its suit less surely than this asks the pips
# beside the index too (see _suit_beside_index): a covered 8S's index pip, a few pixels
# across, read as a club at 0.99996 (the log odds of the two add: a plain pip beside it
# outweighs such a reading, a faint one does not).
SUIT_UNSURE = 0.99999
# A reading whose index lies this near (in card widths) one of a card's own indices is
# that card read again, not another card lying on it (also: two readings at one index).
# A court card's picture pip, just beside its index, is read as an index pip further off
# (photo scene 23: a QS's read as a JS's 0.31 of a width below its own).
OWN_INDEX_NEAR = 0.2
OWN_COURT_INDEX_NEAR = 0.35
TURNED_AWAY = math.cos(math.radians(45.0))  # cosine of a turn: see the pips beside an index in _identify
COURT_COLOURS = 0.09  # the share of a card's middle in a picture's colours that makes it a court card
# On such a card, with no pips that count, a number read less than clearly yields to its
# index read as a court card's at least this sure (see _court_by_its_colours).
COURT_OVER_NUMBER = CLEAR_READING
UNCOVERED_OVERLAP = 0.1  # IoU with another card's visible part that still leaves a card uncovered
# A corner reading's whole card, nothing found on it, is no card when less than this share
# of it (away from its indices) has its index's paper colour, within this many grey levels
# in each channel: next to none. (A card's own art and pips leave a third of it or more;
# bare table next to nothing, 0.008 at a pile of backs. A hand or a book on a card leaves
# a sliver: 0.05 to 0.09 on development scenes and edje train, dropped at 0.1.)
BARE_PAPER_SHARE = 0.02
BARE_PAPER_LEVELS = 30
LOOSE_OUTLINE = 0.9  # an unread card's outline shrunk to this, about its centre, is read again
SAME_TURN = math.cos(math.radians(20))  # two corners found at one place turned less than this apart are one


@dataclass
class Detection:
    card: Card | None  # None: face down
    confidence: float
    corners: np.ndarray  # 4x2 float32 image pixels: the card's TL, TR, BR, BL as it reads
    partial: bool = False  # read from a corner of a partly hidden card
    # A partly hidden card: the whole card its corner implies (``corners`` outline the part
    # that shows). None when ``corners`` are the whole card.
    implied: np.ndarray | None = None
    # Read whole, then found to be several cards (another value read clearly on it).
    split: bool = False

    @property
    def center(self) -> tuple[float, float]:
        """Where the card lies: the middle of the whole card, also of one partly hidden
        (the part that shows changes with every card laid on it; the card does not)."""
        c = phantoms.whole(self).mean(axis=0)
        return float(c[0]), float(c[1])

    def in_frame(self, origin: tuple[float, float], scale: float = 1.0) -> Detection:
        """This detection, made in a part of a frame that starts at ``origin`` (x, y,
        frame pixels) and was reduced by ``scale``, in the frame's own pixels."""
        shift = np.array(origin, np.float32)

        def back(c: np.ndarray) -> np.ndarray:
            out: np.ndarray = (c / scale + shift).astype(np.float32)
            return out

        return replace(self, corners=back(self.corners), implied=None if self.implied is None else back(self.implied))

    def to_json(self) -> dict[str, object]:
        return {"card": None if self.card is None else str(self.card),
                "confidence": round(float(self.confidence), 3),
                "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in self.corners]}


_CANON = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float32)


def _patch_from_quad(frame: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The top-left index patch of a card whose TL, TR, BR, BL are ``corners``."""
    m = cv2.getPerspectiveTransform(_CANON, corners.astype(np.float32))
    return cv2.warpPerspective(frame, m, (INDEX_W, INDEX_H), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)


def _oriented(corners: np.ndarray, start: int) -> np.ndarray:
    return np.roll(corners, -start, axis=0)


def _index_corner(corners: np.ndarray) -> int:
    """Where an outline (clockwise) is read from: 0 or 1, whichever corner is followed
    clockwise by a short side (a card's TL, or BR turned half round)."""
    return 0 if float(np.linalg.norm(corners[1] - corners[0])) <= float(np.linalg.norm(corners[2] - corners[1])) else 1


class QuadReading(NamedTuple):
    """What a whole card's quad reads as."""

    reading: IndexReading | None
    corners: np.ndarray  # the quad's corners, from the index corner read
    # Both index corners read, as one card: the quad is not several cards lying on each
    # other (their outline's two index corners are two cards' corners).
    both_corners: bool


def _read_quad(frame: np.ndarray, quad: Quad, templates: GlyphTemplates | None, deck: int,
               style: str) -> QuadReading:
    return _read_quads(frame, [quad], templates, deck, style)[0]


def _read_quads(frame: np.ndarray, quads: list[Quad], templates: GlyphTemplates | None, deck: int,
                style: str) -> list[QuadReading]:
    """What each whole card's quad reads as. The first index corner of every quad is read
    in one batch (``read_indexes``): most cards need no more, and the networks' weights
    are then fetched once a frame rather than once a card."""
    firsts = [_index_corner(q.corners) for q in quads]
    oriented = [_oriented(q.corners, first) for q, first in zip(quads, firsts)]
    at_first = read_indexes([_patch_from_quad(frame, o) for o in oriented], templates, deck, style)
    return [_read_quad_on(frame, q, first, (reading, o), templates, deck, style)
            for q, first, reading, o in zip(quads, firsts, at_first, oriented)]


def _read_quad_on(frame: np.ndarray, quad: Quad, first: int, at_first: tuple[IndexReading | None, np.ndarray],
                  templates: GlyphTemplates | None, deck: int, style: str) -> QuadReading:
    """``_read_quads`` of one quad, given the reading at its first index corner (``first``)
    and that corner's orientation of the quad."""
    c = quad.corners
    first_reading, first_corners = at_first
    readings: list[tuple[IndexReading, np.ndarray]] = []
    if first_reading is not None:
        readings.append((first_reading, first_corners))
    # One clear index is enough; the other corner costs time.
    if first_reading is None or first_reading.confidence < SURE_READING:
        oriented = _oriented(c, (first + 2) % 4)
        reading = read_index(_patch_from_quad(frame, oriented), templates, deck, style)
        if reading is not None:
            readings.append((reading, oriented))
    if len(readings) == 2 and readings[0][0].card != readings[1][0].card:
        # The two index corners disagree: look again with the outline a little tighter and
        # looser (a corner found a pixel or two off shifts the glyphs), and let all vote.
        centre = c.mean(axis=0)
        looks = [(start % 4, grow) for start in (first, first + 2) for grow in (0.97, 1.03)]
        again = read_indexes([_patch_from_quad(frame, _oriented((c - centre) * grow + centre, start))
                              for start, grow in looks], templates, deck, style)
        readings += [(reading, _oriented(c, start)) for reading, (start, _) in zip(again, looks) if reading is not None]
    if not readings:
        # An outline found around the card's shadow or a blurred rim shifts the index out
        # of place: look again within a slightly smaller outline.
        centre = c.mean(axis=0)
        for start in (first, first + 2):
            oriented = _oriented((c - centre) * LOOSE_OUTLINE + centre, start % 4)
            reading = read_index(_patch_from_quad(frame, oriented), templates, deck, style)
            # Sure readings only: a back's pattern, shrunk, may resemble an index.
            if reading is not None and reading.confidence >= SURE_READING:
                readings.append((reading, _oriented(c, start % 4)))
                break
    if not readings:
        return QuadReading(None, _oriented(c, first), False)
    votes: dict[Card, float] = {}
    for reading, _ in readings:
        votes[reading.card] = votes.get(reading.card, 0.0) + reading.confidence
    winner = max(votes, key=lambda k: votes[k])
    # Readings at one blurred corner are not independent: three unsure ones there (QC at
    # 0.55-0.98) do not outvote a surely read index at the other corner (QS at 1.0).
    surest = max(readings, key=lambda ro: ro[0].confidence)[0]
    if surest.card != winner and surest.confidence >= CLEAR_INDEX and max(
            r.confidence for r, _ in readings if r.card == winner) < SURE_READING:
        winner = surest.card
    share = votes[winner] / sum(votes.values()) if sum(votes.values()) > 0 else 0.0
    best, best_corners = max(((r, o) for r, o in readings if r.card == winner), key=lambda ro: ro[0].confidence)
    best = IndexReading(best.card, best.confidence * share if share < 1.0 else best.confidence)
    # Corners that disagree on the value leave it in doubt however sure the vote: a Q
    # read as an 8 at one corner (0.93) and as itself at the other (0.91).
    disagree = any(r.card.rank != best.card.rank for r, _ in readings)
    if best.confidence < SURE_READING or disagree:
        best = _settled_by_the_middle(frame, best, best_corners, templates, deck, style)
    elif best.confidence < CLEAR_INDEX and Rank.TWO <= best.card.rank <= Rank.TEN:
        best = _court_by_its_colours(frame, best, best_corners, templates, deck, style)
    return QuadReading(best, best_corners, len(readings) == 2 and readings[0][0].card == readings[1][0].card)


def _settled_by_the_middle(frame: np.ndarray, reading: IndexReading, card: np.ndarray,
                           templates: GlyphTemplates | None, deck: int, style: str) -> IndexReading:
    """An unsure index on a card whose middle shows (``card``: its corners, TL, TR, BR,
    BL as read): its centre pips, counted, name a number card; a picture's colours and no
    pips, a court card (a Dutch B read as an 8, a pale J as a 7), which its index, read
    as a court card's, names (``_court_by_its_colours``). Otherwise the reading stands."""
    rank = pips.counted_rank(frame, card)
    if rank == reading.card.rank:
        return IndexReading(reading.card, PIP_COUNT_CONFIDENCE)
    if rank is not None and _in_deck(rank, deck):
        return IndexReading(Card(rank, reading.card.suit), PIP_COUNT_CONFIDENCE)
    if rank is None and Rank.TWO <= reading.card.rank <= Rank.TEN:
        return _court_by_its_colours(frame, reading, card, templates, deck, style, counted=True)
    return reading


def _court_by_its_colours(frame: np.ndarray, reading: IndexReading, card: np.ndarray,
                          templates: GlyphTemplates | None, deck: int, style: str,
                          counted: bool = False) -> IndexReading:
    """A number card read less than clearly on a whole card (``card``: its corners) whose
    middle shows a picture's colours and whose pips count to nothing (``counted``: known
    already): its index read as a court card's, when that reads at least
    ``COURT_OVER_NUMBER``. Otherwise the reading stands. A real KS at the simulated
    table read as an 8S at 0.97-0.99 in every frame it lay in, and as a court card KS
    at 0.97-0.99."""
    if not _court_colours(frame, card) or (not counted and pips.counted_rank(frame, card) is not None):
        return reading
    court = read_index(_patch_from_quad(frame, card), templates, deck, style, courts_only=True)
    return court if court is not None and court.confidence >= COURT_OVER_NUMBER else reading


def _in_deck(rank: Rank, deck: int) -> bool:
    """Whether a deck of ``deck`` cards holds ``rank``: a piquet deck (32) has no 2-6, so
    a count of fewer than seven pips on one is a miscount."""
    return deck != 32 or rank >= Rank.SEVEN


def _court_colours(frame: np.ndarray, corners: np.ndarray) -> bool:
    """Whether the card's middle shows a court picture's colours: a share of at least
    ``COURT_COLOURS`` of it strongly coloured in a hue other than red (pips print in red
    or black; pictures in yellow and blue too)."""
    if frame.ndim != 3:
        return False
    hsv = cv2.cvtColor(_card_at_a_fifth(frame, corners), cv2.COLOR_BGR2HSV).astype(np.int16)
    paper = float(np.percentile(hsv[..., 1], 20))
    mid = hsv[14:56, 10:40]
    coloured = (mid[..., 1] > paper + 60) & (mid[..., 2] > 60) & (mid[..., 0] >= 15) & (mid[..., 0] <= 160)
    return float(coloured.mean()) >= COURT_COLOURS


def _corner_card(c: CornerCandidate, card_w: float, aspect: float = CARD_ASPECT) -> np.ndarray:
    """The card a corner implies, ``card_w`` wide and ``aspect`` times as long."""
    return card_outline(c.point, c.a, c.b, card_w, card_w * aspect)


def _corner_patch(frame: np.ndarray, c: CornerCandidate, card_w: float, aspect: float = CARD_ASPECT
                  ) -> tuple[np.ndarray, np.ndarray]:
    """The index patch at a corner, for a card ``card_w`` wide (and ``aspect`` times as
    long), and that card's corners."""
    corners = _corner_card(c, card_w, aspect)
    src = np.array([[0, 0], [CARD_W, 0], [0, CARD_H]], np.float32)
    dst = np.array([corners[0], corners[1], corners[3]], np.float32)
    m = cv2.getAffineTransform(src, dst)
    patch = cv2.warpAffine(frame, m, (INDEX_W, INDEX_H), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                           borderMode=cv2.BORDER_REPLICATE)
    return patch, corners


def _paper_saturation(patch: np.ndarray) -> float:
    """The saturation of the "paper" of an index patch (0 for a grey frame's)."""
    if patch.ndim != 3:
        return 0.0
    paper = ink_mask(patch).paper_bgr
    return (max(paper) - min(paper)) / max(max(paper), 1.0)


def _sized_by_index(frame: np.ndarray, c: CornerCandidate, card_w: float, patch: np.ndarray, reading: IndexReading,
                    templates: GlyphTemplates | None, deck: int, style: str
                    ) -> tuple[IndexReading, np.ndarray, np.ndarray] | None:
    """A corner read (``patch``, its index patch, as ``reading``) at a width guessed from
    its own sides (an outline running on into the table or another card makes them far
    too long), read again at the width its rank's height gives: a rank stands
    ``RANK_GLYPH_HEIGHT`` canonical pixels tall. The new reading, card corners and patch;
    None when the width was about right, or the card reads otherwise at the new width
    (unless it reads sure there, and did not at the guess)."""
    resized = _rank_sized(frame, c, card_w, patch, templates, deck, style, GUESS_RESIZE)
    return resized if resized is not None and (resized[0].card == reading.card or (
        resized[0].confidence >= SURE_READING > reading.confidence)) else None


def _read_ring(frame: np.ndarray, quad: Quad, templates: GlyphTemplates | None, deck: int,
               style: str) -> Detection | None:
    """A court card's ring (``detect._ring_quads``) read at both index corners that lie in
    the frame: a card when one reads sure and no other sure reading disagrees, or when
    both read one value clearly. (A ring is weaker evidence than a solid outline:
    anything framed, a book or a tile, may show one.)"""
    return _read_rings(frame, [quad], templates, deck, style)[0]


def _read_rings(frame: np.ndarray, quads: list[Quad], templates: GlyphTemplates | None, deck: int,
                style: str) -> list[Detection | None]:
    """``_read_ring`` of each ring, their corners read in one batch (``read_indexes``)."""
    corners: list[tuple[int, np.ndarray]] = []  # (ring, its corners oriented at an index)
    for i, quad in enumerate(quads):
        first = _index_corner(quad.corners)
        for start in (first, first + 2):
            oriented = _oriented(quad.corners, start % 4)
            if _index_in_frame(oriented, frame.shape):
                corners.append((i, oriented))
    found = read_indexes([_patch_from_quad(frame, c) for _, c in corners], templates, deck, style)
    readings: list[list[Detection]] = [[] for _ in quads]
    for (i, oriented), reading in zip(corners, found):
        if reading is not None:
            readings[i].append(Detection(reading.card, reading.confidence, oriented))
    out: list[Detection | None] = []
    for read in readings:
        sure = [d for d in read if d.confidence >= SURE_READING]
        if not sure and len(read) == 2 and read[0].card == read[1].card and min(
                d.confidence for d in read) >= CLEAR_READING:
            sure = read
        out.append(None if not sure or any(d.card != sure[0].card for d in sure)
                   else max(sure, key=lambda d: d.confidence))
    return out


def _index_in_frame(corners: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Whether the top-left index patch of a card outlined TL, TR, BR, BL as read lies in
    the frame, give or take a tenth of a card width: beyond it the patch repeats the
    frame's edge pixels, whose stripes read as letters."""
    h, w = shape[:2]
    across, down = (corners[1] - corners[0]) * (INDEX_W / CARD_W), (corners[3] - corners[0]) * (INDEX_H / CARD_H)
    box = np.array([corners[0], corners[0] + across, corners[0] + across + down, corners[0] + down])
    slack = 0.1 * float(np.linalg.norm(corners[1] - corners[0]))
    return bool(box[:, 0].min() >= -slack and box[:, 1].min() >= -slack and box[:, 0].max() <= w - 1 + slack
                and box[:, 1].max() <= h - 1 + slack)


def _add_new_corners(found: list[CornerCandidate], more: list[CornerCandidate], card_w: float,
                     turned: set[int] | None = None, sized: bool = False) -> None:
    """Append to ``found`` each corner of ``more`` that lies a tenth of a card (``card_w``)
    or further from every corner found before it: one index, found again by another
    look, is read once. With ``turned``, a corner at a place found before but turned
    another way is appended too, and its place in ``found`` goes into ``turned``. With
    ``sized``, so is one whose card is a tenth wider or narrower (an index offered at
    the frame's card size and at its own: one of the two reads clearly)."""
    for c in more:
        near = [o for o in found if np.linalg.norm(c.point - o.point) < 0.1 * card_w and (
            not sized or abs(o.card_w - c.card_w) < 0.1 * c.card_w)]
        if not near:
            found.append(c)
        elif turned is not None and all(float(np.dot(c.a, o.a)) < SAME_TURN for o in near):
            turned.add(len(found))
            found.append(c)


def _fitted_again(frame: np.ndarray, gray: np.ndarray, todo: list[tuple[CornerCandidate, float, Detection | None]],
                  at: list[int], patches: list[tuple[np.ndarray, np.ndarray]], readings: list[IndexReading | None],
                  below: list[float], counts: list[float], read_unread: set[int], templates: GlyphTemplates | None,
                  deck: int, style: str) -> list[IndexReading | None]:
    """The readings of the corners ``todo[at[k]]`` (index patch and card ``patches[k]``,
    read as ``readings[k]``), each one read less surely than ``below[k]`` (as nothing:
    0) read again at the corner its card's edges give (``corner_fit``), where that reads
    surer; and clearly (``CLEAR_INDEX``) where the reading counted already (at
    ``counts[k]`` or above) or the fit squared the corner. A fitted corner read as
    nothing there is read at ``LONGER_SHAPES`` too, and taken when clear. ``todo`` and
    ``patches`` then hold the fitted corner (and the card's outline at the shape it was
    read at). Those read as nothing before and something now go into ``read_unread``."""
    again: list[tuple[int, CornerCandidate]] = []
    squared: set[int] = set()
    for k, (i, reading) in enumerate(zip(at, readings)):
        if (0.0 if reading is None else reading.confidence) >= below[k]:
            continue
        c, w, _ = todo[i]
        fitted = fit_corner(gray, c.point, c.a, c.b, w)
        if fitted is None or (np.hypot(*(fitted.point - c.point)) < FIT_MOVES * w and
                              float(np.dot(fitted.across, c.a)) > math.cos(math.radians(FIT_TURNS))):
            continue  # no edges, or the corner was about right
        again.append((k, CornerCandidate(fitted.point, fitted.across, fitted.down, w, w * CARD_ASPECT, -1, w)))
        if fitted.squared:
            squared.add(k)
    if not again:
        return readings
    out = list(readings)

    def take(k: int, c: CornerCandidate, patch: np.ndarray, corners: np.ndarray, reading: IndexReading) -> None:
        i = at[k]
        if out[k] is None:
            read_unread.add(i)
        todo[i] = (c, todo[i][1], todo[i][2])
        patches[k] = (patch, corners)
        out[k] = reading

    at_fit = [_corner_patch(frame, c, c.card_w) for _, c in again]
    unread: list[tuple[int, CornerCandidate]] = []  # fitted, and read there as nothing
    for (k, c), (patch, corners), reading in zip(again, at_fit, read_indexes([p for p, _ in at_fit], templates,
                                                                            deck, style)):
        old = out[k]
        # (A reading that counted already is taken only when clear: see ``_identify``. So
        # is one at a corner whose long edge the fit found square to its top, not near the
        # guessed one: such corners misread a 3S as a 5S and a 9C as a QC at 0.99.)
        clear_only = k in squared or (old is not None and old.confidence >= counts[k])
        if reading is None:
            unread.append((k, c))
        elif (old is None or reading.confidence > old.confidence) and (
                not clear_only or reading.confidence >= CLEAR_INDEX):
            take(k, c, patch, corners, reading)
    # A fitted corner read as nothing is read at longer card shapes too, and counts when
    # clear: a bridge-size card near a tilted camera's side, seen 1.69 times as long as
    # wide (a bidly JD lying on a JS), has its index cut a fifth too tall at a poker
    # card's shape.
    longer = [(k, c, shape) for k, c in unread for shape in LONGER_SHAPES]
    at_longer = [_corner_patch(frame, c, c.card_w, shape) for _, c, shape in longer]
    for (k, c, _), (patch, corners), reading in zip(longer, at_longer, read_indexes([p for p, _ in at_longer],
                                                                                   templates, deck, style)):
        old = out[k]
        if reading is not None and reading.confidence >= CLEAR_INDEX and (
                old is None or reading.confidence > old.confidence):
            take(k, c, patch, corners, reading)
    return out


def _rank_sized(frame: np.ndarray, c: CornerCandidate, card_w: float, patch: np.ndarray,
                templates: GlyphTemplates | None, deck: int, style: str, off: float = RANK_RESIZE
                ) -> tuple[IndexReading, np.ndarray, np.ndarray] | None:
    """A corner (``patch``, its index patch at width ``card_w``) read again at the width
    its rank's height gives, when that is ``off`` or more off: the reading, card corners
    and patch; None when there is no rank, no reading, or the width was about right."""
    scale = _rank_scale(patch)
    if scale is None or abs(scale - 1.0) < off:
        return None
    again_patch, corners = _corner_patch(frame, c, card_w * scale)
    again = read_index(again_patch, templates, deck, style)
    return None if again is None else (again, corners, again_patch)


def _whole_photo_quad(frame: np.ndarray) -> Quad | None:
    """A photo of card proportions may be one card, cut out and straightened (as a
    deck-teaching photo is): then the photo's own border is the card's. Its rim is then
    plain card stock: light, unsaturated and even, unlike a table."""
    h, w = frame.shape[:2]
    short, long_ = min(w, h), max(w, h)
    if not CARD_ASPECT * 0.85 <= long_ / short <= CARD_ASPECT * 1.15:
        return None
    m = max(2, short // 40)
    rim = np.concatenate([frame[:m].reshape(-1, 3), frame[-m:].reshape(-1, 3),
                          frame[:, :m].reshape(-1, 3), frame[:, -m:].reshape(-1, 3)])
    hsv = cv2.cvtColor(rim.reshape(-1, 1, 3), cv2.COLOR_BGR2HSV).reshape(-1, 3)
    gray = rim.mean(axis=1)
    spread = float(np.percentile(gray, 75) - np.percentile(gray, 25))  # rounded corners show the table
    if float(np.median(hsv[:, 1])) > 70 or float(np.median(gray)) < 110 or spread > 25:
        return None
    corners = np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float32)
    return Quad(corners, float(short), float(long_))


def _long_side(corners: np.ndarray) -> float:
    return float(max(np.linalg.norm(corners[1] - corners[0]), np.linalg.norm(corners[2] - corners[1])))


def _on_frame_border(corners: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Whether an outline runs along the frame's edge: two corners on it. Such a quad is
    a region the frame cuts off (the table beyond a hand, a card partly out of view): as
    a back it is a guess (dark wood closed off by the frame's edge looks as coloured as a
    back), so it is not reported as one."""
    h, w = shape[:2]
    on = (corners[:, 0] <= 2) | (corners[:, 0] >= w - 3) | (corners[:, 1] <= 2) | (corners[:, 1] >= h - 3)
    return int(on.sum()) >= 2


# In the card warped at a fifth (``_card_at_a_fifth``, 70 x 50): its top-left index, and
# the card away from both indices.
_BARE_INDEX = (slice(0, 14), slice(0, 12))
_BARE_BODY = np.ones((70, 50), bool)
_BARE_BODY[:14, :12] = False
_BARE_BODY[-14:, -12:] = False


def _card_at_a_fifth(frame: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The card warped upright at a fifth of canonical resolution (50 x 70): enough for
    its colours and pattern, not their detail."""
    m = cv2.getPerspectiveTransform(_CANON, corners.astype(np.float32))
    return cv2.warpPerspective(frame, m @ np.diag([5.0, 5.0, 1.0]), (50, 70),
                               flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP)


def _rank_disowns_outline(frame: np.ndarray, quad: QuadReading) -> bool:
    """Whether a quad read less than clearly shows, where it was read, a rank of quite
    another size than a card of its width prints (``OUTLINE_RANK_SPREAD``): the outline
    of several cards, read at some print inside it (three court cards lying lengthwise
    one on the next, their outline card-shaped but turned a quarter against them, read
    TC at 0.98 at a rank less than half an index's height)."""
    if quad.reading is None or quad.reading.confidence >= CLEAR_INDEX:
        return False
    scale = _rank_scale(_patch_from_quad(frame, quad.corners))
    return scale is not None and abs(scale - 1.0) > OUTLINE_RANK_SPREAD


def _rank_scale(patch: np.ndarray) -> float | None:
    """The card width an index patch's rank implies, as a share of the width the patch
    was cut for (the rank's height against ``RANK_GLYPH_HEIGHT``); None where no rank shows."""
    glyphs = extract_glyphs(patch)
    return None if glyphs is None else glyphs.rank_mask.shape[0] / RANK_GLYPH_HEIGHT


def _looks_face_down(frame: np.ndarray, corners: np.ndarray) -> bool:
    """A back: a coloured or densely patterned middle (a face shows mostly paper)."""
    small = _card_at_a_fifth(frame, corners)
    hsv = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)
    gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY).astype(np.float32)
    inner_gray = gray[12:58, 9:41]
    paper = float(np.percentile(gray, 95))
    paper_fraction = float((inner_gray > 0.8 * paper).mean())
    inner_saturation = float(hsv[12:58, 9:41, 1].mean())
    return paper_fraction < 0.25 or inner_saturation > 70


# The back test: the card warped to _BACK_W x _BACK_H pixels, its inside (past any
# border a back may print) looked at for a pattern that repeats.
_BACK_W, _BACK_H = 80, 112
_BACK_INNER = (slice(9, 103), slice(8, 72))  # 8% and 10% in from the rim
_BACK_REACH = 14  # the longest lattice step looked for: a sixth of the card's width
# The least ripple a lattice leaves after blurring (its fine detail's spread, as a share
# of the paper's grey): a red lattice lying on an 8D showed 0.024 (0.025 missed it). The
# rest of the test (a repeat in two directions, even over the card) keeps faces out.
BACK_RIPPLE = 0.02
_LATTICE_PEAK = 0.5  # autocorrelation a repeat must reach, in two directions
# A back's ornament that does not repeat: the least even its fine detail may be over a
# 3x4 grid of cells (min / max), the most its colour may stray cell by cell, and the
# most of its inside that may be as light as paper (PAPER_LEVEL of the card's lightest).
# Measured on card-sized scrollwork and marbled backs (faces.BACK_PATTERNS): 0.53-0.88,
# 0.01-0.065 and none. Faces (synthetic, and the edje train split's read whole) never
# pass all three: the synthetic ones show 63% paper or more; real ones under 10% paper
# (unevenly lit) are 0.17 uneven or more, or no more even than 0.39.
ORNAMENT_EVEN = 0.5
ORNAMENT_ONE_COLOUR = 0.08
ORNAMENT_PAPER = 0.1
PAPER_LEVEL = 0.8
# Rays from no shift (one a row, every 3 degrees of the half plane, out to the reach) in
# the shift window's pixels, where _lattice looks for stripes.
_RAY_ANGLES = np.radians(np.arange(0, 180, 3))[:, None]
_RAY_STEPS = np.arange(1.0, _BACK_REACH + 0.01, 0.5)[None, :]
_RAY_X = (_BACK_REACH + _RAY_STEPS * np.cos(_RAY_ANGLES)).astype(np.float32)
_RAY_Y = (_RAY_STEPS * np.sin(_RAY_ANGLES)).astype(np.float32)


@functools.lru_cache(maxsize=4)
def _shift_overlap(h: int, w: int, r: int) -> np.ndarray:
    """How many pixel pairs each shift (dy 0..r, dx -r..r) of an h x w pattern overlaps."""
    dy, dx = np.mgrid[0:r + 1, -r:r + 1]
    overlap: np.ndarray = ((h - dy) * (w - np.abs(dx))).astype(np.float32)
    return overlap


def _lattice(hp: np.ndarray) -> tuple[float, float]:
    """The two strongest repeats of a high-passed pattern, in directions at least 30
    degrees apart: autocorrelation (1 at no shift) at its best local peak 2.5 to
    _BACK_REACH pixels away, and the best one in another direction. A lattice repeats
    in two directions; wood grain, cloth weave and noise do not (grain repeats along
    itself only), and pips lie too far apart."""
    h, w = hp.shape
    size = (cv2.getOptimalDFTSize(h + _BACK_REACH), cv2.getOptimalDFTSize(w + _BACK_REACH))
    padded = np.zeros(size, np.float32)
    padded[:h, :w] = hp
    spec = cv2.dft(padded, flags=cv2.DFT_COMPLEX_OUTPUT)
    power = cv2.mulSpectrums(spec, spec, 0, conjB=True)
    ac = cv2.idft(power, flags=cv2.DFT_REAL_OUTPUT | cv2.DFT_SCALE)
    r = _BACK_REACH
    # Shifts (dy 0..r, dx -r..r): half the plane, the other half mirrors it.
    win = np.concatenate([ac[:r + 1, -r:], ac[:r + 1, :r + 1]], axis=1)
    win = win / _shift_overlap(h, w, r)
    win = win / (win[0, r] + 1e-9)
    # Stripes (straight wood grain, a striped cloth) repeat across themselves only, but
    # every shift along them matches too, so their peaks stand in every direction: the
    # match staying high all along one line from no shift out to the reach is no lattice
    # (a lattice's match falls between its points; backs measured at most 0.13 there,
    # straight grain 0.81).
    along = cv2.remap(win, _RAY_X, _RAY_Y, cv2.INTER_LINEAR)
    if float(along.min(axis=1).max()) >= _LATTICE_PEAK:
        return 0.0, 0.0
    dy, dx = np.mgrid[0:r + 1, -r:r + 1]
    dist = np.hypot(dy, dx)
    peaks = (win >= cv2.dilate(win, np.ones((3, 3), np.uint8))) & (dist >= 2.5) & (dist <= r) & (
        (dy > 0) | (dx > 0))
    ys, xs = np.nonzero(peaks)
    if len(ys) == 0:
        return 0.0, 0.0
    vals = win[ys, xs]
    angles = np.arctan2(dy[ys, xs], dx[ys, xs])
    best = int(np.argmax(vals))
    turn = np.abs((angles - angles[best] + np.pi / 2) % np.pi - np.pi / 2)
    other = vals[turn > np.radians(30)]
    return float(vals[best]), float(other.max()) if len(other) else 0.0


def _back_view(frame: np.ndarray, corners: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """A card warped upright to _BACK_W x _BACK_H, short side across; that in grey
    (float32); and its paper's grey level (the brightest there, plus one)."""
    c = corners.astype(np.float32)
    if np.linalg.norm(c[1] - c[0]) > np.linalg.norm(c[2] - c[1]):
        c = np.roll(c, -1, axis=0)  # the short side across
    m = cv2.getPerspectiveTransform(_CANON, c)
    card = cv2.warpPerspective(frame, m @ np.diag([CARD_W / _BACK_W, CARD_W / _BACK_W, 1.0]), (_BACK_W, _BACK_H),
                               flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE)
    gray = cv2.cvtColor(card, cv2.COLOR_BGR2GRAY).astype(np.float32) if card.ndim == 3 else card.astype(np.float32)
    return card, gray, float(np.percentile(gray, 98)) + 1.0


def _uneven(card: np.ndarray, paper: float) -> float:
    """How far the colour of a card's inside (past its border) strays from one colour,
    in a 3x4 grid of cells (a lattice evens out in each), as a share of the paper's level."""
    cells = cv2.resize(card[_BACK_INNER], (3, 4), interpolation=cv2.INTER_AREA).astype(np.float32)
    return float(np.abs(cells - np.median(cells.reshape(-1, cells.shape[-1] if cells.ndim == 3 else 1), axis=0)).max()
                 ) / paper


def _ringed_back(frame: np.ndarray, corners: np.ndarray) -> bool:
    """A back found by the white border round its middle alone (``Regions.backs``): a
    back by _surely_back, its middle one colour cell by cell. A checked cloth's thin
    white lines ring card-sized pieces of its pattern, which repeats too, in checks a
    third of such a piece across (measured 0.09 uneven; backs 0.004-0.024), and its light
    checks are paper: a back's scrollwork strays further (up to 0.065) with none inside."""
    card, gray, paper = _back_view(frame, corners)
    return (_uneven(card, paper) <= RINGED_BACK_EVEN or _paperless(gray, paper)) and _a_back(card, gray, paper)


def _back_ringed_on(frame: np.ndarray, quad: Quad, backs: list[np.ndarray]) -> np.ndarray | None:
    """A back lying on the card a quad was read as, the card's index peeking out past it:
    a back's white-ringed outline (``backs``) inside the quad, most of it but not all
    (``ON_TOP_AREA``), that is a back by ``_ringed_back``."""
    area = quad.short_side * quad.long_side
    return next((b for b in backs if _inside(b.mean(axis=0), quad.corners, 0.0) and
                 ON_TOP_AREA[0] * area <= cv2.contourArea(b.astype(np.float32)) <= ON_TOP_AREA[1] * area and
                 _ringed_back(frame, b)), None)


def _paperless(gray: np.ndarray, paper: float) -> bool:
    """Whether a card's inside (past any border) shows next to no paper (``_back_view``)."""
    inner = gray[_BACK_INNER]
    return float(np.count_nonzero(inner > PAPER_LEVEL * paper)) < ORNAMENT_PAPER * inner.size


def _surely_back(frame: np.ndarray, corners: np.ndarray) -> bool:
    """A card back, by what faces never show: one pattern repeating in two directions
    (a lattice) all over the card up to a narrow border, index corners included; an
    ornament as dense everywhere, near one colour and with no paper inside; or one even
    colour inside a lighter border. Unlike _looks_face_down (a coloured middle, which
    court cards and warm light give too), real face-up cards of the edje train split
    never pass it. (A picture on a plain ground, denser in its middle, is not recognised.)"""
    return _a_back(*_back_view(frame, corners))


def _a_back(card: np.ndarray, gray: np.ndarray, paper: float) -> bool:
    """_surely_back of a card's ``_back_view``."""
    inner = gray[_BACK_INNER]
    hp = inner - cv2.GaussianBlur(inner, (0, 0), 2.5)
    if float(hp.std()) >= BACK_RIPPLE * paper:
        # Patterned: the same texture in every cell of a 3x4 grid (a face's index
        # corners, pips and paper differ), repeating as a lattice.
        energy = cv2.resize(hp * hp, (3, 4), interpolation=cv2.INTER_AREA)
        if float(energy.min()) >= 0.2 * float(energy.max()):
            first, second = _lattice(hp)
            if first >= _LATTICE_PEAK and second >= _LATTICE_PEAK:
                return True
        # An ornament that does not repeat (scrollwork, a marbled picture): as dense in
        # every cell, near one colour all over, and no paper inside the border. Faces fail
        # one or more: a ten's pips are as even but leave the paper between them, court
        # pictures are dense but many-coloured, and a face lit unevenly (no paper as light
        # as its brightest) shows its index and pips as uneven ink.
        if (float(energy.min()) >= ORNAMENT_EVEN * float(energy.max()) and _uneven(card, paper) <= ORNAMENT_ONE_COLOUR
                and _paperless(gray, paper)):
            return True
    # Plain (or a lattice blurred away): one colour in every cell, index corners
    # included, clearly darker than an even light border on all four sides (a table
    # seen between cards has no such border).
    if _uneven(card, paper) > 0.08:
        return False
    inside = float(np.median(inner))
    sides = (gray[1:3, 8:72], gray[-3:-1, 8:72], gray[9:103, 1:3], gray[9:103, -3:-1])
    return all(float(np.median(side)) > inside / 0.7 and
               float(np.percentile(side, 90) - np.percentile(side, 10)) < 0.15 * float(np.median(side))
               for side in sides)

# Where _rank_ink looks: a grid over the index patch (canonical card pixels), and the
# rows where a rank's ink must show (the reader takes the rank from the top 45 pixels).
_GRID_X, _GRID_Y = np.meshgrid((np.arange(24) + 0.5) * INDEX_W / 24 / CARD_W,
                               (np.arange(24) + 0.5) * INDEX_H / 24 / CARD_H)
_RANK_ROWS = (np.arange(24) + 0.5) * INDEX_H / 24 < 53


def _rank_ink(frame: np.ndarray, todo: list[tuple[CornerCandidate, float]]) -> np.ndarray:
    """For each (corner, card width): whether ink shows where its index's rank would
    be, in two adjacent grid rows. A coarse look at all corners at once, with a looser
    ink threshold than the reader's: a corner with no dark or red pixel there cannot be
    read, and most corners a frame offers (card art, paper, table texture) have none.
    Saves one warp and glyph search per such corner (~0.2 ms each; wood grain and
    cloth offer hundreds)."""
    if not todo:
        return np.zeros(0, bool)
    p = np.array([c.point for c, _ in todo], np.float32)
    a = np.array([c.a * w for c, w in todo], np.float32)
    b = np.array([c.b * (w * CARD_ASPECT) for c, w in todo], np.float32)
    pts = (p[:, None, None, :] + _GRID_X[None, :, :, None] * a[:, None, None, :] +
           _GRID_Y[None, :, :, None] * b[:, None, None, :])
    h, w = frame.shape[:2]
    xi = np.clip(np.rint(pts[..., 0]).astype(np.intp), 0, w - 1)
    yi = np.clip(np.rint(pts[..., 1]).astype(np.intp), 0, h - 1)
    px = frame[yi, xi].astype(np.int16)  # n x 24 x 24 x 3
    gray = (px[..., 0] + 2 * px[..., 1] + px[..., 2]) >> 2
    paper = np.percentile(gray.reshape(len(todo), -1), 85, axis=1)[:, None, None]
    rows = slice(0, int(_RANK_ROWS.sum()))
    g, red = gray[:, rows], px[:, rows, :, 2] - px[:, rows, :, 1]
    ink = (g < 0.7 * paper) | ((red > 35) & (g < 0.92 * paper))
    # The reader's rank is at least 12 patch pixels tall, and grid rows lie 4.9 apart: its
    # ink shows in two grid rows in a row. A lone row of ink (a table's edge, a sliver of
    # grain) cannot be a rank: about a fifth of all reads saved, no output changed on
    # the development scenes.
    rows_with_ink = ink.any(axis=2)
    shows: np.ndarray = (rows_with_ink[:, :-1] & rows_with_ink[:, 1:]).any(axis=1)
    return shows


def _card_shaped(quads: list[Quad]) -> bool:
    """Whether every quad has the proportions of one of ``CARD_SHAPES`` (the same for
    all: one deck is in play) and the size of the others: the outline of two cards
    fanned askew may be four-sided and card-sized, but it is longer or wider than one
    card (and its card edges cross it askew, which the pile check does not see)."""
    if not any(all(abs(q.long_side / q.short_side / shape - 1.0) <= SHAPE_TOLERANCE for q in quads)
               for shape in CARD_SHAPES):
        return False
    short = float(np.median([q.short_side for q in quads]))
    long_ = float(np.median([q.long_side for q in quads]))
    return all(abs(q.short_side / short - 1.0) <= SHAPE_TOLERANCE and abs(q.long_side / long_ - 1.0) <= SHAPE_TOLERANCE
               for q in quads)


def _explained(first: WholeCards, frame: np.ndarray, quads: list[Quad], backs: list[Quad] | None = None) -> bool:
    """Whether the cards ``quads`` (frame pixels) explain all the card stock of the first
    look at a frame (no piece of it of card-ish size lies outside them), its card-shaped
    outlines and the backs the frame's edge cuts. ``backs``: surely-back outlines lying
    apart that the caller does not want reported: they explain what lies in them, and
    the backs the frame's edge cuts need no explaining."""
    everything = quads + (backs or [])
    corners = [q.corners * first.scale for q in everything]
    least = UNEXPLAINED_STOCK * float(np.median([cv2.contourArea(c) for c in corners]))
    covers = [np.round(_offset_quad(c, 2.0)).astype(np.int32) for c in corners]
    beside_backs = _beside(corners[len(quads):], [b.short_side * first.scale for b in backs or []])
    paper = _paper_whiteness(first, corners[:len(quads)]) if beside_backs else None
    # What is left of a piece of stock with the cards blanked out lies in that piece's
    # box, and is no larger than the box: only boxes that large are looked in (a light
    # table's stock mask holds hundreds of specks; labelling the whole mask cost 0.6 ms).
    boxes = first.stock_boxes
    for x0, y0, x1, y1 in boxes[(boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1]) >= least].tolist():
        piece = first.stock[y0:y1, x0:x1].copy()
        if paper is not None and any(x0 < bx1 and bx0 < x1 and y0 < by1 and by0 < y1
                                     for bx0, by0, bx1, by1 in beside_backs):
            # Beside a back, only stock about as white as the cards' paper: the stock
            # mask compares each pixel with its surroundings, which the dark back darkens
            # (a light wood's grain there passes, at half the paper's whiteness).
            piece &= cv2.threshold(first.working[1][y0:y1, x0:x1], math.ceil(PAPER_WHITENESS * paper) - 1, 255,
                                   cv2.THRESH_BINARY)[1]
        at = np.array([x0, y0], np.int32)
        for cover in covers:
            cv2.fillConvexPoly(piece, cover - at, 0)
        # 16-bit labels, three times faster: the stock mask is opened with a 3x3 square,
        # so each piece holds a 3x3 square of its own, and a working image (640 pixels a
        # side at most) has room for fewer than 65536 such pieces.
        n, _, stats, _ = cv2.connectedComponentsWithStats(piece, connectivity=8, ltype=cv2.CV_16U)
        if n >= 2 and int(stats[1:, cv2.CC_STAT_AREA].max()) >= least:
            return False
    # A back partly out of view (no whiteness, no card's shape) is none of the cards.
    h, w = frame.shape[:2]
    if backs is None and any(not any(_inside(c.probe.mean(axis=0), q.corners, 0.0) for q in quads) and
           _surely_back(frame, np.clip(c.probe, 0, [w - 1, h - 1]).astype(np.float32)) for c in first.cut):
        return False
    # Every card-shaped outline is one of the cards (or something on one).
    return all(any(_inside(o.mean(axis=0), q.corners, 0.0) for q in everything) for o in first.outlines)


def _beside(backs: list[np.ndarray], widths: list[float]) -> list[tuple[int, int, int, int]]:
    """The boxes (x0, y0, x1, y1) of the stock mask's neighbourhood of each back outlined
    by ``backs``, ``widths`` wide (working pixels): as far around it as the mask's local
    average reaches (``_white_regions``: a block of 2.2 card widths, half of it each way)."""
    out = []
    for c, width in zip(backs, widths):
        reach = 1.1 * width
        x0, y0 = np.floor(c.min(axis=0) - reach).astype(int)
        x1, y1 = np.ceil(c.max(axis=0) + reach).astype(int)
        out.append((int(x0), int(y0), int(x1), int(y1)))
    return out


def _paper_whiteness(first: WholeCards, corners: list[np.ndarray]) -> float | None:
    """The median whiteness of the card stock within the first look's cards outlined by
    ``corners`` (working pixels); None when there is none."""
    whiteness, stock = first.working[1], first.stock
    h, w = stock.shape
    values = []
    for c in corners:
        x0, y0 = np.clip(np.floor(c.min(axis=0)).astype(int), 0, [w, h])
        x1, y1 = np.clip(np.ceil(c.max(axis=0)).astype(int) + 1, 0, [w, h])
        inside = np.zeros((y1 - y0, x1 - x0), np.uint8)
        cv2.fillConvexPoly(inside, np.round(c - [x0, y0]).astype(np.int32), 255)
        values.append(whiteness[y0:y1, x0:x1][(inside & stock[y0:y1, x0:x1]) > 0])
    joined = np.concatenate(values) if values else np.zeros(0, np.uint8)
    return float(np.median(joined)) if joined.size else None


def load_networks() -> None:
    """Load the learned parts' weights now (they stay loaded). They ship with the package:
    an install without them is broken, and a program that calls this at its start says
    so there (FileNotFoundError names the file) rather than at the first frame with a
    card in it."""
    reader_nets()
    phantoms.phantom_net()
    pips.pip_net()


def identify_cards(frame: np.ndarray, deck: int = 52, style: str = "auto",
                   templates: GlyphTemplates | None = None, min_confidence: float = MIN_CONFIDENCE,
                   check_phantoms: bool = True, face_down: bool = True, cut_out: bool = True) -> list[Detection]:
    """All cards in a BGR frame, whole or partly hidden, face up or face down.

    A frame longer than ``LARGEST_FRAME`` on its long side (a phone's photo) is read
    reduced to that, and the corners given in its own pixels: every step was measured on
    camera frames and photos no larger (an index warped down from a card a thousand
    pixels wide aliases, and the ink, corner and outline sizes are tuned to camera-sized
    cards). Where its cards come out small that way, the part of it where they lie is
    read again, larger (``closer_look``), and that reading is the answer. With
    ``face_down`` off, face-down cards are left out (a tracker of plays has no use for
    them), and frames with backs lying apart are answered sooner. Last of all, a value
    read twice at one place is one card (``_each_value_once``). With ``cut_out`` off, the
    frame is not taken for one card cut out and straightened, whatever its shape and rim
    (``_whole_photo_quad``): a tracker's view of the table never is, and a play area of
    card proportions painted round the cards, its rim even, took the full search. See
    ``_identify`` for the rest."""
    return _each_value_once(_read_at_size(frame, deck, style, templates, min_confidence, check_phantoms, face_down,
                                          cut_out))


def _read_at_size(frame: np.ndarray, deck: int, style: str, templates: GlyphTemplates | None, min_confidence: float,
                  check_phantoms: bool, face_down: bool, cut_out: bool = True) -> list[Detection]:
    """``identify_cards`` before ``_each_value_once``: a camera-sized frame as it is, a
    larger one reduced and, where its cards come out small, read again closer."""
    h, w = frame.shape[:2]
    reduce = LARGEST_FRAME / max(h, w)
    if reduce >= 1.0:
        return _identify(frame, deck, style, templates, min_confidence, check_phantoms, face_down, cut_out)
    first = _identify_scaled(frame, (0, 0, w, h), reduce, deck, style, templates, min_confidence, check_phantoms,
                             face_down, cut_out)
    closer = closer_look(first, frame.shape, reduce)
    if closer is None:
        return first
    scale, tiles = closer
    found: list[Detection] = []
    for tile in tiles:
        found += [d for d in _identify_scaled(frame, tile.box, scale, deck, style, templates, min_confidence,
                                              check_phantoms, face_down, cut_out) if tile.owns(d)]
    return _backs_seen_before(found, first)


def _each_value_once(found: list[Detection]) -> list[Detection]:
    """``found`` less a second reading of a value at the place of a card read as it: one
    deck prints each value once, so that is one card reported twice. The card read whole
    is kept, else the surer reading. (Two parts of a photo read larger may both own one
    card, each placing it a little differently; the big pips may settle a card's suit to
    the value its own index was read as beside it.) Two readings of a value far apart are
    left: which of them is the misread one, nothing here says."""
    kept: list[Detection] = []
    for d in sorted(found, key=lambda d: (d.partial, -d.confidence)):
        if d.card is None or not any(k.card == d.card and _same_place(d, k) for k in kept):
            kept.append(d)
    return [d for d in found if any(d is k for k in kept)]


def _backs_seen_before(closer: list[Detection], first: list[Detection]) -> list[Detection]:
    """``closer``'s readings, less the face-down cards where the first reading found no
    card: read larger, a checked cloth's squares pass for a lattice back (drawn decks at
    4032x2268 on a checked cloth: four such backs in one photo), and a back needs no
    closer look to be found."""
    def seen(d: Detection) -> bool:
        x, y = d.center
        return any(math.hypot(x - f.center[0], y - f.center[1]) < _card_width(phantoms.whole(f)) / 2 for f in first)

    return [d for d in closer if d.card is not None or seen(d)]


class Tile(NamedTuple):
    """A part of a photo read on its own: ``box`` (x0, y0, x1, y1, pixels), its ``core``,
    where the cards it reports must lie (their middles: the cores of a photo's tiles
    share it out, and a card whose middle lies in a core lies whole in its tile), and
    ``inside``, which they must not reach beyond (the box, less a few pixels where
    another tile lies beyond: a card cut there is that tile's, and read cut, it passes
    for a back the frame's edge cuts)."""

    box: tuple[int, int, int, int]
    core: tuple[float, float, float, float]
    inside: tuple[float, float, float, float]

    def owns(self, d: Detection) -> bool:
        (cx0, cy0, cx1, cy1), (ix0, iy0, ix1, iy1) = self.core, self.inside
        whole = phantoms.whole(d)
        return (cx0 <= d.center[0] < cx1 and cy0 <= d.center[1] < cy1 and
                bool(np.all((whole >= [ix0, iy0]) & (whole <= [ix1, iy1]))))


EVERYWHERE = (-math.inf, -math.inf, math.inf, math.inf)


def closer_look(first: list[Detection], frame_shape: tuple[int, ...],
                reduce: float) -> tuple[float, list[Tile]] | None:
    """How large to read a photo again that was read reduced by ``reduce`` (``first``:
    what that found, in the photo's pixels), and the parts to read: the scale, and the
    part of the photo holding every card found with ``CLOSER_MARGIN`` about it, as one
    tile when that part fits ``LARGEST_FRAME`` at a scale ``CLOSER_GAIN`` larger than
    the first reading's, else as overlapping tiles read at the full ``CLOSER_CARD_WIDTH``
    (at most ``CLOSER_TILES``; neighbours overlap by two card lengths). None when the
    cards read wide enough already, or no closer reading is possible."""
    if not first:
        return None
    wholes = [phantoms.whole(d) for d in first]
    width = float(np.median([_card_width(c) for c in wholes]))  # the photo's pixels
    if width * reduce >= CLOSER_BELOW:
        return None
    h, w = int(frame_shape[0]), int(frame_shape[1])
    points = np.concatenate(wholes)
    reach = CLOSER_MARGIN * width * CARD_ASPECT
    x0, y0 = (max(0, int(v)) for v in np.floor(points.min(axis=0) - reach))
    x1, y1 = int(min(w, math.ceil(points[:, 0].max() + reach))), int(min(h, math.ceil(points[:, 1].max() + reach)))
    scale = min(1.0, CLOSER_CARD_WIDTH / max(width, 1.0))
    whole_part = min(scale, LARGEST_FRAME / max(x1 - x0, y1 - y0, 1))
    if whole_part >= CLOSER_GAIN * reduce:
        return whole_part, [Tile((x0, y0, x1, y1), EVERYWHERE, EVERYWHERE)]
    if scale < CLOSER_GAIN * reduce:
        return None
    side = LARGEST_FRAME / scale
    overlap = 2.0 * width * CARD_ASPECT
    if side < 2.0 * overlap:
        return None
    across, down = _spans(x0, x1, side, overlap), _spans(y0, y1, side, overlap)
    if len(across) * len(down) > CLOSER_TILES:
        return None
    edge = TILE_EDGE / scale  # the photo's pixels

    def inside(start: int, end: int, core_start: float, core_end: float) -> tuple[float, float]:
        return (-math.inf if core_start == -math.inf else start + edge,
                math.inf if core_end == math.inf else end - edge)

    tiles = []
    for a0, a1, ca0, ca1 in across:
        for b0, b1, cb0, cb1 in down:
            (ia0, ia1), (ib0, ib1) = inside(a0, a1, ca0, ca1), inside(b0, b1, cb0, cb1)
            tiles.append(Tile((a0, b0, a1, b1), (ca0, cb0, ca1, cb1), (ia0, ib0, ia1, ib1)))
    return scale, tiles


def _spans(lo: int, hi: int, side: float, overlap: float) -> list[tuple[int, int, float, float]]:
    """``lo``..``hi`` cut into the fewest spans no longer than ``side`` that overlap by
    ``overlap`` or more, evenly spaced: (start, end, core start, core end) each, the
    cores meeting halfway across each overlap."""
    if hi - lo <= side:
        return [(lo, hi, -math.inf, math.inf)]
    n = math.ceil((hi - lo - overlap) / (side - overlap))
    step = (hi - lo - side) / (n - 1)
    starts = [lo + round(i * step) for i in range(n)]
    ends = [min(hi, round(s + side)) for s in starts]
    cuts = [-math.inf] + [(starts[i] + ends[i - 1]) / 2 for i in range(1, n)] + [math.inf]
    return [(starts[i], ends[i], cuts[i], cuts[i + 1]) for i in range(n)]


def _identify_scaled(frame: np.ndarray, box: tuple[int, int, int, int], scale: float, deck: int, style: str,
                     templates: GlyphTemplates | None, min_confidence: float, check_phantoms: bool,
                     face_down: bool, cut_out: bool = True) -> list[Detection]:
    """``_identify`` of the part ``box`` (x0, y0, x1, y1) of ``frame`` reduced by
    ``scale`` (at most 1), the corners given back in the frame's pixels."""
    x0, y0, x1, y1 = box
    part = frame[y0:y1, x0:x1]
    if scale < 1.0:
        part = cv2.resize(part, (max(round((x1 - x0) * scale), 1), max(round((y1 - y0) * scale), 1)),
                          interpolation=cv2.INTER_AREA)
    return [d.in_frame((x0, y0), scale)
            for d in _identify(part, deck, style, templates, min_confidence, check_phantoms, face_down, cut_out)]


def _plain_cards(frame: np.ndarray, first: WholeCards, templates: GlyphTemplates | None, deck: int, style: str,
                 min_confidence: float, face_down: bool, cut_out: bool = True) -> list[Detection] | None:
    """The answer of the quick looks, or None when the frame needs the full search.

    The first look's whole cards (``find_whole_cards``) are the answer when they explain
    all the frame's card stock and outlines, and each reads as one card. Where they leave
    stock unexplained, a second look adds the card-shaped broken rings of card stock
    (``find_rings``): a real deck's court card or ten shows its white face in pieces, and
    four separate cards of such a deck took the full search, ten times dearer. A ring
    counts only read sure (``_read_ring``), as in the full search.

    Without ``face_down`` (the caller wants the face-up cards only), an outline of the
    strong edge pass that lies on no card and is surely a back (``_surely_back``)
    explains what lies in it, and a back the frame's edge cuts needs no full search: the
    gathered tricks lie face down all through a deal, and every frame of the simulated
    table's deals took the full search for them; beside such a back, stock counts only
    as white as the cards' paper (``_explained``). (Reported, a back needs its whole
    outline, where the strong edges often show only its coloured middle.)"""
    if cut_out and _whole_photo_quad(frame) is not None:
        return None
    quads: list[Quad] = list(first.quads)
    backs: list[Quad] = []
    if not face_down:
        backs = [b for b in (_outline_quad(o) for o in first.outlines
                             if not any(_inside(o.mean(axis=0), q.corners, 0.0) for q in quads)) if b is not None]
        if not all(_surely_back(frame, b.corners) for b in backs):
            return None
    rings: list[Quad] = []
    # The cheap tests first: a frame that fails them goes to the full search unread.
    known_backs = None if face_down else backs
    if not (quads + backs and (not quads or _card_shaped(quads)) and _explained(first, frame, quads, known_backs)):
        rings = find_rings(first)
        if not rings or not _card_shaped(quads + rings) or not _explained(first, frame, quads + rings, known_backs):
            return None
    plain = _read_quads(frame, quads, templates, deck, style) if quads else []
    # Each quad is a card read (a white quad read as none is a riddle), and not several
    # cards: by its size beside the others' (cards shifted far enough for the lower one's
    # index to show make a quad 6% larger, or more), by its two index corners, or
    # (dearer, for a lone quad) by no card's edge crossing it. An unsure reading may be a
    # back's lattice read as an index: the full search reports a back face down.
    if not all(p.reading is not None and p.reading.confidence >= min_confidence and (
            p.reading.confidence >= BACK_OVERRIDE or not _surely_back(frame, q.corners))
               for p, q in zip(plain, quads)):
        return None
    if len(quads) + len(rings) == 1 and not (plain and plain[0].both_corners) and not one_card(
            frame, (quads + rings)[0], first.scale):
        return None
    if any(_rank_disowns_outline(frame, p) for p in plain):
        return None
    ring_cards = _read_rings(frame, rings, templates, deck, style)
    if any(d is None for d in ring_cards):
        return None
    return _suit_by_big_pips(frame, _deduplicate([Detection(p.reading.card, p.reading.confidence, p.corners)
                                                     for p in plain if p.reading is not None] +
                                                    [d for d in ring_cards if d is not None]))


def _outline_quad(corners: np.ndarray) -> Quad | None:
    """A card-shaped outline (frame pixels) as a quad, None when it is none."""
    return _as_quad(corners.astype(np.float32), 0.0)


def _identify(frame: np.ndarray, deck: int, style: str, templates: GlyphTemplates | None, min_confidence: float,
              check_phantoms: bool, face_down: bool, cut_out: bool = True) -> list[Detection]:
    """All cards in a frame of camera size (see ``identify_cards``).

    A cascade: the plain whole cards are found and read first; only when they leave
    something unexplained (card stock or an outline outside them, a quad that reads as
    no card or may be several) does the frame get the full search (the faint edge pass,
    pile splitting, corners, index ink). Its readings of partly hidden cards then pass
    the learned phantom check (vision/phantoms.py), unless ``check_phantoms`` is off (to
    collect what the check learns from). Without ``face_down``, only face-up cards are
    reported, and backs lying apart need no full search (see ``_plain_cards``). Where a
    cast shadow lies on the table, the frame is read again lifted to the table's light,
    and the cards found in the shadow where none was are added (``shadow_lift``)."""
    if min(frame.shape[:2]) < MIN_FRAME_SIDE:
        return []  # no card's index fits (and a sliver of a frame scales to nothing)
    found = _identify_lit(frame, deck, style, templates, min_confidence, check_phantoms, face_down, cut_out)
    lift = shadow_lift(frame, found)
    if lift is None:
        return found
    lifted = _identify_lit(cv2.convertScaleAbs(cv2.multiply(frame.astype(np.float32), lift)), deck, style,
                           templates, min_confidence, check_phantoms, face_down, cut_out)
    shade = lift[..., 0] if lift.ndim == 3 else lift
    # One deck holds each value once: a value read already is that card, read again.
    values = {k.card for k in found if k.card is not None}
    return found + [d for d in lifted if _in_shadow(d, shade) and (d.card is None or d.card not in values)
                    and not any(_same_place(d, k) for k in found)]


def shadow_lift(frame: np.ndarray, cards: list[Detection] | None = None) -> np.ndarray | None:
    """The gain per pixel (float32, the frame's size and channels) that brings a cast
    shadow on the table up to the light around it (1 where the table is lit), or None when
    no part of the table is in shadow (see ``SHADOW_LIGHT``). ``cards``: the cards found
    already, whose paper is no table: their outlines are filled from the table around."""
    h, w = frame.shape[:2]
    # Sampled, not averaged (an INTER_AREA reduction cost a twelfth of reading four
    # cards): the medians below take out the table's grain.
    sw, sh = max(w // SHADOW_SCALE, 3), max(h // SHADOW_SCALE, 3)
    small = cv2.resize(frame, (sw, sh), interpolation=cv2.INTER_LINEAR)
    colour = small if small.ndim == 3 else None
    gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY) if small.ndim == 3 else small
    # Most frames end at the glance, most of the rest at the closer test.
    level = _dark_table(gray) if _may_be_shadowed(gray) else None
    if level is None:
        return None
    table = np.full((sh, sw), 255, np.uint8)
    for d in cards or []:
        cv2.fillConvexPoly(table, np.round(phantoms.whole(d) * (sw / w, sh / h)).astype(np.int32), 0)
    table = cv2.erode(table, np.ones((3, 3), np.uint8))
    if not table.any():
        return None
    if not table.all():
        level = cv2.medianBlur(cv2.inpaint(gray, 255 - table, 3, cv2.INPAINT_TELEA), _shadow_window(gray))
    level = level.astype(np.float32)
    light = float(np.percentile(level[table > 0], SHADOW_TOP))
    gain = light / np.maximum(level, 1.0)
    # Darker than MAX_LIFT lifts is no shadow on the table: the room beyond its edge, a
    # black border of a webcam's frame.
    gain[gain > MAX_LIFT] = 1.0
    shadow = (gain > 1.0 / SHADOW_LIGHT) & (table > 0)
    if shadow.mean() < SHADOW_PART:
        return None
    if colour is not None:
        # A shadow takes light, not colour: the table in it is the colour it is in the
        # light. (A darker thing beside a white one, a book on a counter, is not.)
        lit = (gain < 1.1) & (table > 0)
        if not lit.any():
            return None
        tint = colour.astype(np.float32) / np.maximum(colour.astype(np.float32).sum(axis=2, keepdims=True), 1.0)
        if float(np.abs(np.median(tint[shadow], axis=0) - np.median(tint[lit], axis=0)).max()) > SHADOW_TINT:
            return None
    lift: np.ndarray = cv2.resize(np.maximum(gain, 1.0), (w, h), interpolation=cv2.INTER_LINEAR)
    return cv2.merge([lift] * 3) if frame.ndim == 3 else lift


def _shadow_window(gray: np.ndarray) -> int:
    """The median filter's size that measures the table's light on ``gray``."""
    return max(3, int(SHADOW_WINDOW * max(gray.shape[:2])) | 1)


def _dark_table(gray: np.ndarray) -> np.ndarray | None:
    """The table's light on ``gray`` (the frame reduced SHADOW_SCALE times), when part of
    it is as dark as a shadow leaves (see ``SHADOW_LIGHT``); None for most frames, even
    against a light that the cards in it raise."""
    level = cv2.medianBlur(gray, _shadow_window(gray))
    light = float(np.percentile(level, SHADOW_TOP))
    dark = (level < SHADOW_LIGHT * light) & (level > light / MAX_LIFT)
    return level if np.count_nonzero(dark) >= SHADOW_PART * level.size else None


def _may_be_shadowed(gray: np.ndarray) -> bool:
    """Whether ``shadow_lift`` should look closer at a frame (its grey copy, reduced
    SHADOW_SCALE times): a glance for a part darker than the light of the rest that passes
    every frame ``_dark_table`` would (see ``SHADOW_GLANCE_LIGHT``)."""
    h, w = gray.shape[:2]
    half = cv2.resize(gray, (max(w // 2, 3), max(h // 2, 3)), interpolation=cv2.INTER_AREA)
    level = cv2.medianBlur(half, max(3, int(SHADOW_GLANCE_WINDOW * max(half.shape)) | 1)).ravel()
    top = int(SHADOW_TOP / 100 * (level.size - 1))
    light = float(np.partition(level, top)[top])
    dark = (level < SHADOW_GLANCE_LIGHT * light) & (level > light / (MAX_LIFT + 1))
    return bool(np.count_nonzero(dark) >= SHADOW_GLANCE_PART * level.size)


def _in_shadow(d: Detection, shade: np.ndarray) -> bool:
    """Whether a detection's middle lies where ``shade`` (``shadow_lift``'s gain, one
    channel) lifts the light."""
    x, y = d.center
    h, w = shade.shape[:2]
    return bool(shade[min(max(int(y), 0), h - 1), min(max(int(x), 0), w - 1)] > 1.0 / SHADOW_LIGHT)


def _same_place(d: Detection, k: Detection) -> bool:
    """Whether two detections are one card found twice: either's middle within the other.
    Not a corner reading of another value whose index shows beside ``k``, ``k``'s middle
    not on it: a card lying under ``k`` (a pair's lower card, its middle under the upper)."""
    if _inside(np.array(k.center, np.float32), d.corners, 0.0):
        return True
    if not _inside(np.array(d.center, np.float32), k.corners, 0.0):
        return False
    return not (d.card is not None and k.card is not None and d.card != k.card and d.partial
                and not _inside(_index_middle(phantoms.whole(d)), k.corners, 0.0))


def _identify_lit(frame: np.ndarray, deck: int, style: str, templates: GlyphTemplates | None, min_confidence: float,
                  check_phantoms: bool, face_down: bool, cut_out: bool = True) -> list[Detection]:
    """``_identify`` of a frame as its light is: the cascade, no shadow looked for."""
    first = find_whole_cards(frame)
    plain = _plain_cards(frame, first, templates, deck, style, min_confidence, face_down, cut_out)
    if plain is not None:
        return plain
    found = _full_search(frame, first, deck, style, templates, min_confidence, check_phantoms, cut_out)
    return found if face_down else [d for d in found if d.card is not None]


def _full_search(frame: np.ndarray, first: WholeCards, deck: int, style: str, templates: GlyphTemplates | None,
                 min_confidence: float, check_phantoms: bool, cut_out: bool = True) -> list[Detection]:
    """Steps 1 to 6 of docs/vision.md on a frame the quick looks did not answer."""
    regions = find_regions(frame, first=first)
    # Grey at full resolution: several steps look at it, converted once.
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    detections: list[Detection] = []
    quads = list(regions.quads)
    h, w = frame.shape[:2]
    photo_card = (_whole_photo_quad(frame) if cut_out and not any(q.short_side * q.long_side > 0.5 * w * h
                                                                  for q in quads) else None)
    if photo_card is not None:
        quads.append(photo_card)
    unread: list[int] = []  # quads (indices into regions.quads) read as no card, or guessed face down
    down_guess: dict[int, Detection] = {}  # of those, the ones guessed face down by their colour
    for qi, quad in enumerate(quads):
        reading, oriented, _ = _read_quad(frame, quad, templates, deck, style)
        sure = reading is not None and reading.confidence >= BACK_OVERRIDE
        # A surely-back quad is face down unless its index reads very sure (a back's
        # lattice, cut by the reader's ink threshold, may pass for a letter); also at the
        # frame's edge, where a coloured middle alone is no proof.
        back = not sure and quad is not photo_card and _surely_back(frame, quad.corners)
        if not back and reading is not None and reading.confidence >= min_confidence:
            # A card read by an index that peeks out from under a back lying nearly square
            # on it: the back's middle was taken for the card's picture frame. A picture is
            # no lattice: the back is reported, and the card as partly covered.
            on_top = None if sure else next(
                (f.corners for o, f in regions.frames if o is quad and _surely_back(frame, f.corners)), None)
            if on_top is None and quad is not photo_card:
                # Or a back ringed by its white border (``Regions.backs``) whose pattern ran
                # into the card's edge, so no outline parted the two: the quad is both.
                on_top = _back_ringed_on(frame, quad, regions.backs)
            detections.append(Detection(reading.card, reading.confidence, oriented, partial=on_top is not None))
            if on_top is not None:
                detections.append(_face_down(on_top))
        elif back or (quad is not photo_card and not _on_frame_border(quad.corners, frame.shape) and _looks_face_down(
                frame, quad.corners)):
            detections.append(_face_down(quad.corners))
            if not back:
                unread.append(qi)
                down_guess[qi] = detections[-1]
        elif quad is not photo_card:
            unread.append(qi)
    # A back lying partly out of view: its lattice (a coloured middle alone is no proof
    # at the frame's edge, where dark wood looks as coloured).
    for cut in regions.cut:
        inside = np.clip(cut.probe, 0, [w - 1, h - 1]).astype(np.float32)
        if not any(_inside(inside.mean(axis=0), k.corners, 0.0) for k in detections) and _surely_back(frame, inside):
            # Reported as the part in view: the probe is only as deep as the nearer of
            # its cut sides, and a card cut askew shows much more of itself than that.
            detections.append(_face_down(np.clip(cut.in_view, 0, [w - 1, h - 1]).astype(np.float32)))
    # A back on a table too dark to show its outline (its lattice cuts its inside up):
    # its middle ringed by its white border.
    # Where an outline was only guessed face down by its coloured middle, the ring's outline
    # replaces it: an outline found with a corner off (a back's shadow on felt, 25 pixels)
    # is sized wrong, and a guess of the wrong size goes below as something else lying there.
    for outline in regions.backs:
        there = [k for k in detections if _inside(outline.mean(axis=0), k.corners, 0.0)]
        guesses = {qi for qi, g in down_guess.items() if any(g is k for k in there)}
        if len(guesses) == len(there) and _ringed_back(frame, outline):
            detections = [d for d in detections if not any(d is k for k in there)]
            for qi in guesses:
                del down_guess[qi]
            detections.append(_face_down(outline))
    # The whole cards that _deduplicate keeps whatever the corners read: a corner reading
    # that lies on one of them is dropped there, so it need not be read at all.
    whole = _deduplicate(list(detections))
    # The size of the cards read whole (an outline of several cards, or one cut by a hand,
    # read as none does not count): when none was read, each index gives its own.
    read_w = [float(min(np.linalg.norm(k.corners[1] - k.corners[0]), np.linalg.norm(k.corners[2] - k.corners[1])))
              for k in whole if k.card is not None]
    # A corner's card takes that size too; the outlines' own sizes only when no card was
    # read (an outline read as no card may be a row's, a box's, or a back found too small).
    read_size = float(np.median(read_w)) if read_w else 0.0
    if read_size:
        # A back is a card: an outline guessed face down by its coloured middle alone, at
        # another size than the cards read, is something else lying there (a phone, a
        # box, a patch of tiles: on real photos, which have no backs, every such guess
        # was one, most under two thirds of a card wide).
        off = {id(g) for g in down_guess.values() if abs(_card_width(g.corners) / read_size - 1) > BACK_SIZE_SPREAD}
        if off:
            detections = [d for d in detections if id(d) not in off]
            whole = [k for k in whole if id(k) not in off]
            down_guess = {q: g for q, g in down_guess.items() if id(g) not in off}
    card_w = read_size or (float(np.median([q.short_side for q in regions.quads])) if regions.quads else 0.0)
    todo: list[tuple[CornerCandidate, float, Detection | None]] = []
    guessed: set[int] = set()  # todo entries whose card width is a guess from the corner's sides
    for c in regions.corners:
        if c.quad >= 0:
            continue
        w = c.card_w if c.card_w > 0 else card_w if card_w > 0 else max(c.len_a, c.len_b / CARD_ASPECT)
        probe = Detection(None, 0.0, _corner_card(c, w), partial=True)
        if any(_corner_inside(probe, k) or _index_inside(probe, k) for k in whole):
            continue
        if c.card_w <= 0 and card_w <= 0:
            guessed.add(len(todo))
        todo.append((c, w, None))
    # Indices found by their ink: cards under others whose outline shows no corner. One
    # may show on a "whole" card: then that outline was several cards (a pile split at
    # the wrong edge), and a clear reading there says so.
    edgeless: list[CornerCandidate] = []
    other_index: set[int] = set()  # todo entries at a whole card's other index corner
    own_index: set[int] = set()  # todo entries at the index a whole card read unsure was read at
    court_out: list[CornerCandidate] = []
    pale_out: list[CornerCandidate] = []
    lone_out: list[CornerCandidate] = []
    close_out: list[CornerCandidate] = []
    found_idx = index_corners(frame, read_size, gray, edgeless, court_out, pale_out, lone_out, close_out)
    # Looked for at no set size too: a tilted camera makes a card at the frame's near side
    # a fifth wider than one read whole at its far side (its letter is then too tall for
    # that size), and the paper level under an index, taken over a smaller window, may
    # leave its ink out. Found so only, an index counts when it reads sure.
    own_sized = len(found_idx)
    if read_size:
        _add_new_corners(found_idx, index_corners(frame, 0.0, gray, []), read_size)
    # And the corners a court card's picture frame hid from the pairs (its line joined
    # to the index pip): found so, an index counts when it reads sure.
    near = read_size or card_w or 60.0
    # (A court letter paired with a wrong pip, a piece of the picture, gave a corner at
    # its place turned wrong. Such a corner, turned another way, is read too, and counts
    # when it reads clearly: at a patterned carpet's specks it read 0.99.)
    turned_at: set[int] = set()
    _add_new_corners(found_idx, court_out, near, turned_at)
    # The corners from here on count only when they read clearly.
    clear_from = len(found_idx)
    # With no card read whole, such a letter gives its card's size alone (a book's title
    # turned sideways, found so, read 0.99).
    _add_new_corners(found_idx, lone_out, near, turned_at)
    # And in ink cut at a lower contrast (a light-weight rank broke into specks; a book's
    # print, found so, read 0.98).
    _add_new_corners(found_idx, pale_out, near)
    # And letters turned so far that their pip lies nearer than their upright box allows
    # (a cookbook's print, found so, read 0.98).
    _add_new_corners(found_idx, close_out, near, turned_at, sized=True)
    extra: set[int] = set()  # todo entries of indices found at their own size only
    # Of those, the ones that count only when read clearly: turned against a corner found
    # at their place, sized by their letter alone, or found in ink cut at a lower contrast.
    clear_only: set[int] = set()
    for place, c in enumerate(found_idx):
        probe = Detection(None, 0.0, _corner_card(c, c.card_w), partial=True)
        on = next((k for k in whole if not k.partial and k.card is not None and _index_inside(probe, k)), None)
        if on is not None and _same_index(probe, on):
            if _index_near(probe.corners, on.corners, (0,), OWN_INDEX_NEAR) or not _index_near(
                    probe.corners, on.corners, (2,), OWN_INDEX_NEAR):
                # The whole card's own index, the one it was read at: read again here only
                # when the card read unsure (its corner found a little off, or its two
                # indices read differently), where a surer reading of its value vouches for it.
                if on.confidence < SURE_READING:
                    own_index.add(len(todo))
                    todo.append((c, c.card_w, on))
                continue
            # Its other index, not read when the first was sure: a card prints one value at
            # both, so another rank read there says the outline is two cards (8D on 3D).
            other_index.add(len(todo))
        if place >= own_sized:
            extra.add(len(todo))
        if place in turned_at or place >= clear_from:
            clear_only.add(len(todo))
        todo.append((c, c.card_w, on))
    # An index with no card edge beside it counts only when it reads sure, off every whole
    # card but a fanned row's (below).
    sure_from = len(todo)
    on_face: set[int] = set()  # of those, the ones read on a whole card
    for c in edgeless:
        probe = Detection(None, 0.0, _corner_card(c, c.card_w), partial=True)
        on = next((k for k in whole if _index_inside(probe, k)), None)
        if on is None:
            todo.append((c, c.card_w, None))
        elif not on.partial and on.card is not None and _same_way(probe.corners, on.corners) and not _same_index(
                probe, on):
            # On a card read whole, away from its indices and lying its way: the next card
            # of a fanned row lying on it, its edges white on white (the whole card's
            # outline ran on under it). Turned against it, it is the card's own index seen
            # sideways, or its far index, or a card's peeking from under it.
            todo.append((c, c.card_w, on))
            on_face.add(len(todo) - 1)
    inked = _rank_ink(frame, [(c, w) for c, w, _ in todo])
    demoted: set[int] = set()
    revalued: dict[int, Detection] = {}
    unsupported: set[int] = set()
    refitted: set[int] = set()  # detections read at a corner fitted after it read as nothing
    doubted: set[int] = set()  # detections that count only for their sure rank (_suit_in_doubt)
    tint: dict[int, float] = {}  # the paper's saturation under each corner reading
    floor = max(min_confidence, PARTIAL_MIN_CONFIDENCE)
    read: dict[int, tuple[IndexReading, np.ndarray, np.ndarray]] = {}  # todo entry -> reading, card, patch
    # The patches are kept: resizing by the rank and the paper's colour look at them again.
    inked_at = [i for i, ink in enumerate(inked) if ink]
    patches = [_corner_patch(frame, todo[i][0], todo[i][1]) for i in inked_at]
    at_width = read_indexes([patch for patch, _ in patches], templates, deck, style)
    # A corner read unsure, fitted to its card's two edges where they show, is read
    # again there: an index found by its ink gives its corner a few pixels and degrees
    # off, and a bridge-size court index cut so reads as another card or none.
    # Only where the reading is less than sure. One that counts already (above the floor,
    # or sure for an index found at its own size only) takes the fitted reading only when
    # that reads clearly: a misread index, fitted, can read surer still; an index corner
    # found a few pixels off where its card touches another read 0.7-0.8 and went as a
    # phantom, fitted it reads 1.0 (real-deck development photos: 3 cards more). (Nor is
    # an index with no card edge beside it fitted: edges found near it are some other
    # card's; played rows gained a phantom.)
    # A corner read as nothing is fitted too (but one with no card edge beside it): a
    # court letter's turn, from its axis, may be a few degrees off and its size, from
    # the letter alone, a tenth; an outline's corner where two cards meet white on white
    # is found a little off (real-deck development photos: 6 court cards more). What it
    # then reads counts when it reads all but clearly (``FITTED_CLEAR``: a bidly QC
    # fitted so read 0.9985; at 0.99, readings of synthetic piles' pips got through).
    fit_below = [0.0 if i >= sure_from else SURE_READING for i in inked_at]
    fit_counts = [0.0 if i >= sure_from else SURE_READING if i in extra else floor for i in inked_at]
    fitted_unread: set[int] = set()
    at_width = _fitted_again(frame, gray, todo, inked_at, patches, at_width, fit_below, fit_counts, fitted_unread,
                             templates, deck, style)
    for i, (patch, corners), reading in zip(inked_at, patches, at_width):
        c, w, _ = todo[i]
        if reading is not None and reading.confidence < floor and i not in guessed:
            # The cards' width read whole is off by the camera's tilt elsewhere in the
            # frame: a corner read too unsure to count is read again at the width its
            # rank's height gives.
            again = _rank_sized(frame, c, w, patch, templates, deck, style)
            if again is not None and again[0].confidence >= floor:
                reading, corners, patch = again
        if reading is not None:
            read[i] = (reading, corners, patch)
    # A corner whose width was guessed from its own sides and read as nothing (a side
    # running on along a row of cards makes it far too wide): the cards in one frame are
    # one size, and the corners read sure at a known width say which. (Read so, a corner
    # counts when it reads sure: some other print's corner can also read at that size.)
    known = [_card_width(q) for j, (r, q, _) in read.items() if j not in guessed and r.confidence >= SURE_READING]
    if guessed and known:
        usual = float(np.median(known))
        # (Read as nothing, or fitted to its edges and read too unsure to count.)
        again_at = [i for i in sorted(guessed) if not (
            (i in read and read[i][0].confidence >= (CLEAR_INDEX if i in fitted_unread else floor)) or
            abs(todo[i][1] - usual) < GUESS_RESIZE * usual)]
        # At that width too, no ink where its rank would be is no index (most such corners:
        # the sides of wood grain and cloth patterns).
        again_at = [i for i, ink in zip(again_at, _rank_ink(frame, [(todo[i][0], usual) for i in again_at])) if ink]
        at_usual = [_corner_patch(frame, todo[i][0], usual) for i in again_at]
        for i, (patch, corners), reading in zip(again_at, at_usual, read_indexes([patch for patch, _ in at_usual],
                                                                               templates, deck, style)):
            if reading is not None and reading.confidence >= SURE_READING:
                read[i] = (reading, corners, patch)
                guessed.discard(i)
                fitted_unread.discard(i)
    # An index pip unsure of its suit: the pips beside the index say it too (a number
    # card's first pip, a black court card's picture pip), where no
    # other card lies (a card read whole, or one whose index shows on this card, away
    # from this card's own indices: a fanned row's next card, whose pips lie there too).
    # Beside a black index, a reading turned more than 45 degrees (``TURNED_AWAY``) from
    # this card hides nothing: were it a card, its clubs and spades would lie turned, and
    # only upright pips count (a TC's centre pips read as an 8S index, turned 136 degrees,
    # hid the TC's own pips from its index, read as a TS). Diamonds and hearts lie upright
    # however a card turns (a diamond) or nearly so: beside a red index every reading hides.
    for i, (reading, corners, patch) in list(read.items()):
        if reading.suit_confidence >= SUIT_UNSURE or reading.rank_confidence < floor or reading.card.rank == Rank.ACE:
            continue
        on = todo[i][2]
        red = suit_is_red(reading.card.suit)
        own = OWN_INDEX_NEAR if pips.has_centre_pips(reading.card.rank) else OWN_COURT_INDEX_NEAR
        covered = [k.corners for k in whole if k is not on] + [
            q for j, (r, q, _) in read.items() if j != i and r.rank_confidence >= floor and
            _inside(q[0], corners, 0.0) and not _index_near(q, corners, (0, 2), own) and (
                red or _turned_within(q, corners, TURNED_AWAY))]
        read[i] = (_suit_beside_index(frame, reading, corners, covered), corners, patch)

    def revalue(on: Detection, reading: IndexReading) -> None:
        """Card ``on`` takes the value ``reading`` names when that is surer than what it has."""
        if reading.confidence > revalued.get(id(on), on).confidence:
            revalued[id(on)] = Detection(reading.card, reading.confidence, on.corners)

    for i, (c, w, on) in enumerate(todo):
        if i not in read:
            continue
        reading, corners, patch = read[i]
        if reading.confidence < floor and not _suit_in_doubt(reading, min_confidence):
            continue
        if (i in own_index or i in other_index) and on is not None and reading.card == on.card:
            # The card's own index read again: its value, read surer, is the card's.
            revalue(on, reading)
            continue
        if i in own_index:
            # The card's own index read as another value: the card's reading stands, unless
            # this one reads clearly (a pile's outline, its corner a little off, read a
            # French R at its index as a TD at 0.81; its ink, placed by itself, read KD
            # at 1.0).
            if on is not None and reading.confidence >= CLEAR_INDEX:
                revalue(on, reading)
            continue
        if (i >= sure_from or i in extra) and reading.confidence < SURE_READING or (
                i in clear_only and reading.confidence < CLEAR_INDEX or
                i in fitted_unread and reading.confidence < FITTED_CLEAR):
            continue
        if i in guessed:
            resized = _sized_by_index(frame, c, w, patch, reading, templates, deck, style)
            if resized is not None:
                reading, corners, patch = resized
        # A whole card's other index: another rank there, read sure and no less sure than
        # the card itself (the index of a card under it, peeking past that corner, makes
        # it misread at 0.99), is a card of its own; so is one less sure where the card's
        # pips disown it (below); anything else is the card's own print.
        if i in other_index:
            if (on is not None and on.card is not None and reading.card.rank == on.card.rank and
                    reading.card != on.card and on.confidence < CLEAR_INDEX <= reading.confidence):
                # Its rank with another suit, read clearly where the card's first index was
                # not: that index's suit was misread (an 8D read 8S at 0.989, 8D at 1.0 here).
                revalue(on, reading)
            if (on is None or on.card is None or reading.card.rank == on.card.rank
                    or reading.confidence < SURE_READING):
                continue
            if reading.confidence < on.confidence:
                # Less sure than the card, it still is a card where the outline's middle
                # does not show the card's pips: an AD read at 1.0 whole, a QC lying on most
                # of it, its index at the outline's far corner read at 0.99, its picture in
                # the middle. Where the pips name this rank, the card's first index was the
                # one misread (a thin 3 read as a 5).
                counted = None if on.card.rank in _COURT_RANKS else pips.counted_rank(frame, on.corners)
                if counted == reading.card.rank and _same_colour(reading.card, on.card):
                    prior = revalued.get(id(on))
                    if prior is None or reading.confidence > prior.confidence:
                        revalued[id(on)] = Detection(reading.card, reading.confidence, on.corners)
                    continue
                if on.card.rank in _COURT_RANKS or counted == on.card.rank:
                    continue
        if i in on_face and on is not None and on.card is not None and reading.card.rank == on.card.rank and (
                reading.card.suit == on.card.suit or min(reading.suit_confidence, on.confidence) < CLEAR_INDEX):
            # The card's own print: its pips, or an index a four-index deck adds. (Its rank
            # with another suit, both read clearly, is the next card of a fanned row: a TH
            # on a TD.)
            continue
        if on is not None:
            if on.card is not None and reading.card.rank == on.card.rank and _at_far_index(corners, on.corners) and (
                    _iou_quads(corners, on.corners) < FAR_INDEX_OVERLAP) and _same_colour(reading.card, on.card) and (
                    _far_index_names(frame, on, corners, templates, deck, style)):
                # The card itself, read at an index a four-index deck prints at its other
                # side: the surer of the two readings names its suit. (Not in the other
                # colour, which the ink tells surely, nor where the card prints no index
                # of that rank: a fanned row's next card of that rank.)
                revalue(on, reading)
                continue
            if reading.confidence < CLEAR_READING:
                continue  # art or a pip on the card
            if reading.confidence < SURE_READING and _at_far_index(corners, on.corners) and _prints_far_index(
                    frame, on, corners, templates, deck, style):
                # A four-index deck's far index read unsure as another rank: that index
                # seen with the card's own turn (sideways to its print), not a card on it.
                # (Where the card shows no index of its own there, a fanned row's next
                # card lies on it, read there.)
                continue
            demoted.add(id(on))
            # The same card read whole at another outline (two outlines of one pile, only
            # one kept in ``whole``) holding this index was several cards too: left whole,
            # it would win over this reading again.
            mine = Detection(reading.card, reading.confidence, corners, partial=True)
            demoted.update(id(k) for k in detections
                           if not k.partial and k.card == on.card and _index_inside(mine, k))
        detections.append(Detection(reading.card, reading.confidence, corners, partial=True))
        tint[id(detections[-1])] = _paper_saturation(patch)
        if i >= sure_from:
            unsupported.add(id(detections[-1]))
        if i in fitted_unread:
            refitted.add(id(detections[-1]))
        if reading.confidence < floor:
            doubted.add(id(detections[-1]))
    # An outline read as no card (or guessed face down by its colour: a court card's art)
    # and larger than the cards read is several cards lying on each other, not parallel
    # enough to be split (a real pair, one card turned a little on the other): its
    # corners are the cards' corners, and at each a card of the size the others were read
    # at (by their indices) may show its index. Then it was no back.
    sizes = [_card_width(d.corners) for d in detections if d.card is not None]
    if unread and sizes:
        usual = float(np.median(sizes))
        for c in regions.corners:
            if c.quad not in unread or quads[c.quad].short_side < PILE_OUTLINE * usual:
                continue
            patch, corners = _corner_patch(frame, c, usual)
            probe = Detection(None, 0.0, corners, partial=True)
            if any(_index_inside(probe, k) or _same_index(probe, k) for k in detections if k.card is not None):
                continue
            reading = read_index(patch, templates, deck, style)
            if reading is not None and reading.confidence >= SURE_READING:
                detections.append(Detection(reading.card, reading.confidence, corners, partial=True))
                tint[id(detections[-1])] = _paper_saturation(patch)
                if c.quad in down_guess:
                    detections = [d for d in detections if d is not down_guess[c.quad]]
    # A reading in doubt of its suit, of the rank and colour of a surer card at one of
    # whose index places it lies, is that card's index (a four-index deck's far one, read
    # as a card lying across it), not a card of the colour's other suit.
    detections = [d for d in detections if id(d) not in doubted or not any(
        k is not d and k.card is not None and d.card is not None and k.card.rank == d.card.rank and
        _same_colour(k.card, d.card) and k.confidence > d.confidence and
        _index_near(d.corners, k.corners, (0, 1, 2, 3), NEAR_INDEX) for k in detections)]
    # Index ink read on paper far more coloured than the frame's other cards' is no card:
    # skin, or wood, taken for card stock.
    if tint:
        stock = min(tint.values())
        detections = [d for d in detections if tint.get(id(d), stock) <= stock + PAPER_TINT_SPREAD]
    # A corner reading where another reading has an index of its own, turned against it,
    # is that index seen turned (sideways it reads as some other card lying across): it
    # goes when the other reading is the surer, or when no card edge showed beside it and
    # the other reads sure too (a less sure reading or a face-down guess there is this
    # index misread turned, or a card's outline cut short by a hand or the frame).
    # Likewise a corner reading turned against a surer one whose card its index lies on:
    # that card's pips (a centre pip cut by another card's edge reads as a letter). Not
    # when both read clearly as two ranks: a bidly AD lying turned across a 2H, its index
    # on the 2H's face, both read at 1.0 (the 2H by a hair surer).
    # Between two sure readings the card edge decides, not the last digits of confidence:
    # an index with no edge beside it (a centre pip column read sideways) is not the
    # surer of the two.
    # Nor do they between two readings of different ranks read clearly (CLEAR_INDEX) that
    # both have an edge beside them (or neither): in a row of cards laid as played, a
    # card's index lies where its neighbour, turned a little, may print one, and both
    # read at 1.0. (Seen turned, an index mostly reads less clearly: 0.99 to 0.995 in
    # development scenes 10210-10532, against its card at 1.0.)
    # A reading at a corner that read as nothing until fitted to its edges is not the
    # surer of it and a sure reading, and drops no reading for lack of a card edge: a
    # misread there (a TC at 0.9998, development scene 6176) took a KS's sure indices for
    # itself seen turned.
    def surer(k: Detection, d: Detection) -> bool:
        if _two_clear_ranks(d, k) and (id(k) in unsupported) == (id(d) in unsupported):
            return False
        if id(k) in refitted and d.confidence >= SURE_READING:
            return False
        return k.confidence > d.confidence and not (
            id(k) in unsupported and id(d) not in unsupported and d.confidence >= SURE_READING)
    # Neither decides for a clear reading of another card at a place where the other card
    # could print only a four-index deck's far index (top right, bottom left): in a row
    # laid as played the next card's index lies just there, on the card before it. Only if
    # the other card shows its own value at that place (read there upright) is the reading
    # its far index seen turned.
    def far_neighbour(d: Detection, k: Detection) -> bool:
        return (_two_clear_cards(d, k) and _index_near(d.corners, k.corners, (1, 3), NEAR_INDEX) and
                not _index_near(d.corners, k.corners, (0, 2), NEAR_INDEX) and
                not _prints_far_index(frame, k, d.corners, templates, deck, style))
    # (Two readings of one card are left to ``_deduplicate``, which keeps the surer: a
    # card read at its index and again, turned, where its corner lies on another card lost
    # both, each taken for the other's index seen turned.)
    # (A clear reading with no edge beside it is that index seen turned only nearer its
    # place: a 5H under a QD at the frame's edge, read at 1.0, lay 0.30 card widths from
    # the QD's index.)
    detections = [d for d in detections if not d.partial or not any(
        k is not d and (d.card is None or k.card != d.card) and not _parallel(d.corners, k.corners) and (
            surer(k, d) and _near_index(d, k) or
            id(d) in unsupported and k.confidence >= SURE_READING and id(k) not in refitted and _near_index(
                d, k, TURNED_INDEX_NEAR if d.confidence >= CLEAR_INDEX else NEAR_INDEX) or
            k.partial and surer(k, d) and _index_inside(d, k) and not _two_clear_ranks(d, k))
        and not far_neighbour(d, k) for k in detections)]
    # That face-down guess goes too: a sure index lies at one of its index places.
    detections = [d for d in detections if d.card is not None or not any(
        id(k) in unsupported and not _parallel(d.corners, k.corners) and _near_index(k, d) for k in detections)]
    # A face-down guess by its coloured middle alone, lying on the card a sure corner
    # reading implies, is that card's picture (court art is as coloured as a back; a back
    # on that card, its index showing, would reach past the card's edge).
    detections = [d for d in detections if d.card is not None or d.partial or not any(
        k.partial and k.card is not None and (k.confidence >= SURE_READING and _within(d.corners, k.corners) or
                                              k.confidence >= floor and
                                              _iou_quads(d.corners, k.corners) >= GUESS_IS_THE_CARD)
        for k in detections) or _surely_back(frame, d.corners)]
    if demoted or revalued:
        # A card found to be a pile keeps the surest reading of its own value (at its far
        # index, or at its own index read again).
        detections = [replace(revalued.get(id(d), d), corners=d.corners, partial=True, split=True)
                      if id(d) in demoted else revalued.get(id(d), d) for d in detections]
    measured = _sized_by_both_indices(frame, detections, templates, deck, style)
    found = _deduplicate(_one_size(detections), frame, templates, deck, style)
    found = [replace(d, corners=measured[id(d)]) if id(d) in measured else d for d in found]
    # A court card's broken ring of card stock is a card when its index reads sure, where
    # nothing else was found: a ring is weaker evidence than an outline or a corner (the
    # visible part of a covered card can be one too). Where only unsure corner readings
    # lie, a ring that reads sure as their value is that card, whole: a corner found by
    # its ink a little off reads a court index unsure (a JD on light wood at 0.74, then
    # dropped as a phantom), the ring's corners read it at 1.0.
    for ring in regions.rings:
        over = [d for d in found if _iou_quads(ring.corners, d.corners) > RING_OVERLAP or
                _inside(d.corners[0], ring.corners, 0.0)]
        if any(not d.partial or d.card is None or d.confidence >= SURE_READING for d in over):
            continue
        ring_reading = _read_ring(frame, ring, templates, deck, style)
        if ring_reading is None or any(d.card != ring_reading.card for d in over):
            continue
        found = [d for d in found if not any(d is o for o in over)] + [ring_reading]
    found = _picture_cards(frame, gray, found, templates, deck, style)
    # A face-down outline in the frame whose long side is shorter than half the width of
    # the cards read (by their corners too) is no card: a scrap of coloured paper, a
    # button (edje train: five of its six face-down reports, a quarter of a card across;
    # the set has no backs). A back partly covered shows a strip a card long, at least.
    widths = [_card_width(d.corners) for d in found if d.card is not None]
    if widths:
        usual = float(np.median(widths))
        found = [d for d in found if d.card is not None or _long_side(d.corners) >= SMALL_BACK * usual or
                 _on_frame_border(d.corners, frame.shape)]
    seen = _visible_parts(found, gray)
    checked = _without_phantoms(frame, seen) if check_phantoms else seen
    if len(checked) < len(seen):
        # A reading dropped as a phantom covers nothing: what shows of the others is
        # looked at again without it. (The check itself looked at the parts as first cut.)
        kept = {id(d) for d in checked}
        left = [f for f, s in zip(found, seen) if id(s) in kept]
        # A card read whole and then split as several by a reading lying on it (another
        # value read clearly there), which the check then dropped as a partial reading,
        # is whole again when the check took that reading, and every other lying on it,
        # for no card: the big spade of a webcam frame's JS, with a piece of its picture,
        # read as a 5S at 0.99 (edje train cam_image43). (A split card the check kept
        # stays as it is: it is reported either way.)
        left += [replace(f, partial=False, split=False) for f, s in zip(found, seen) if (
            id(s) not in kept and f.split and f.card is not None and f.implied is None and not any(
                k.card is not None and _index_inside(k, f) for k in left))]
        checked = _visible_parts(left, gray)
    return _suit_by_big_pips(frame, _uncovered_settled(frame, _off_bare_table(frame, checked), templates, deck,
                                                          style))


def _picture_cards(frame: np.ndarray, gray: np.ndarray, found: list[Detection], templates: GlyphTemplates | None,
                   deck: int, style: str) -> list[Detection]:
    """``found`` with the court cards found by their picture (``vision.pictures``) where
    nothing else found them: on a table as light as card stock no outline, ring or index
    corner may show (a lone QS on a white table, its letter joined to its picture's frame
    line). A picture is read where no whole card and no court card read clearly
    (``CLEAR_INDEX``) lies on its middle (there it is that card's; a reading merely sure
    there may be of the picture's art). It is a card when ``PICTURE_VOTES`` of the outlines
    guessed around it read one court card sure, ``PICTURE_MAJORITY`` times as many as
    read any other value sure, and that value was read nowhere else in the frame. The
    card is the outline that read it surest, whole; it replaces the court readings on
    its middle that may be it, of its value or less than sure (a QC's index, found by
    its ink a little off, read QS at 0.84: its picture's outlines read QC). Some it does
    not overrule (below)."""
    widths = [_card_width(d.corners) for d in found if d.card is not None]
    usual = float(np.median(widths)) if widths else 0.0
    for picture in pictures.court_pictures(frame, usual):
        on = [d for d in found if _inside(picture.middle, d.corners, 0.0) and (
            not d.partial or d.card is None or d.card.rank in _COURT_RANKS)]
        # (A face-down report there that was only a guess by its coloured middle may be
        # this picture: court art is as coloured as a back.)
        if any(d.card is None and _surely_back(frame, d.corners) or d.card is not None and (
                not d.partial or d.confidence >= CLEAR_INDEX) for d in on):
            continue
        # Poker-size first; a bridge-size card's index lies further along (a twentieth
        # of a card further than the shifts reach).
        read = next((r for r in (_read_picture(frame, gray, picture, aspect, templates, deck, style)
                                 for aspect in CARD_SHAPES) if r is not None), None)
        if read is None:
            continue
        card, confidence, quad = read
        if any(d.card is not None and d.card != card and (
                d.confidence >= SURE_READING and (d.confidence >= confidence or d.card.suit == card.suit) or
                confidence < SURE_READING and d.card.rank != card.rank) for d in on):
            # Nor does it overrule another value read sure at the card's own index where
            # that is no less sure (a bidly QS at 0.998, its picture's outlines reading QC
            # at 0.99), or another court rank of its suit read sure: the outlines guessed
            # round a picture place its letter less well than its pip, and J, Q and K
            # are told apart by the letter alone (a bidly QD at 0.997, its picture's
            # outlines reading JD at 1.0). (A sure reading of a wholly other card there
            # may be of the art: an edje JC's picture read as a KS at 0.9965.) Read
            # clearly only, by many outlines, it overrules no other court rank read there
            # at all (an edje QH, its Q read as a K round its picture).
            continue
        # It replaces the readings on its middle but those of another value read sure: a
        # card of its own lying under it, its index in view (a bidly QD under a QS whose
        # picture lies on the QD's outline). (A sure reading of the art is for the
        # phantom check.)
        replaced = [o for o in on if o.card is None or o.card == card or o.confidence < SURE_READING]
        rest = [d for d in found if not any(d is o for o in replaced)]
        if any(d.card == card for d in rest):
            continue
        found = rest + [Detection(card, confidence, quad)]
    return found


def _read_picture(frame: np.ndarray, gray: np.ndarray, picture: pictures.Picture, aspect: float,
                  templates: GlyphTemplates | None, deck: int, style: str) -> tuple[Card, float, np.ndarray] | None:
    """The court card the outlines guessed round ``picture`` for a card ``aspect`` times as
    long as wide read (see ``_picture_cards``), its best reading's confidence and
    outline; None when they do not agree on one."""
    quads = pictures.outlines(picture, frame.shape, aspect)
    # At the outline's own size and place, its corner fitted to the card's edges too,
    # where they show at all.
    for share in pictures.PICTURE_SHARES:
        width = picture.short / share
        for sign in (1.0, -1.0):
            across, down = sign * picture.across, sign * picture.down
            corner = picture.middle - across * width / 2 - down * width * aspect / 2
            fitted = fit_corner(gray, corner, across, down, width)
            if fitted is not None:
                quads.append(card_outline(fitted.point, fitted.across, fitted.down, width, width * aspect))
    votes: dict[Card, list[tuple[float, np.ndarray]]] = {}  # sure readings of court cards
    clear: dict[Card, list[tuple[float, np.ndarray]]] = {}  # clear readings of any card
    for quad, reading in zip(quads, read_indexes([_patch_from_quad(frame, q) for q in quads], templates, deck,
                                                 style)):
        if reading is not None and reading.confidence >= CLEAR_READING:
            clear.setdefault(reading.card, []).append((reading.confidence, quad))
            if reading.card.rank in _COURT_RANKS and reading.confidence >= SURE_READING:
                votes.setdefault(reading.card, []).append((reading.confidence, quad))
    card = _outvoting(votes, PICTURE_VOTES)
    readings = votes
    if card is None:
        # Or many of them read it clearly, none sure: a bridge-size court index on a
        # small photo (a bidly QS read 12 times, at 0.5 to 0.97).
        card, readings = _outvoting(clear, PICTURE_CLEAR_VOTES), clear
        if card is None or card.rank not in _COURT_RANKS:
            return None
    confidence, quad = max(readings[card], key=lambda r: r[0])
    return card, confidence, quad


def _outvoting(readings: dict[Card, list[tuple[float, np.ndarray]]], least: int) -> Card | None:
    """The value read most often, when it was read at least ``least`` times and
    ``PICTURE_MAJORITY`` times as often as any other; else None."""
    ranked = sorted(readings, key=lambda card: -len(readings[card]))
    if not ranked or len(readings[ranked[0]]) < least or (
            len(ranked) > 1 and PICTURE_MAJORITY * len(readings[ranked[1]]) > len(readings[ranked[0]])):
        return None
    return ranked[0]


_COURT_RANKS = (Rank.JACK, Rank.QUEEN, Rank.KING)


def _sized_by_both_indices(frame: np.ndarray, detections: list[Detection], templates: GlyphTemplates | None,
                           deck: int, style: str) -> dict[int, np.ndarray]:
    """A card read sure at both its index corners (two corner readings of one value,
    turned half round against each other) measured by them: the way from one rank to the
    other is the card's size, whatever its letters' size. A card known by its indices
    alone (no outline of it found: a lone card on a checked cloth) takes its size from
    its letter and pip, which differ from deck to deck by a sixth and grow with blur: a
    KC so read as a card a third too wide was reported beside where it lies. Where its
    index reads sure at the size so measured too: the card's corners, by the id of each
    reading of it at any of its index places. (The readings themselves stay as they
    are until ``_deduplicate`` has chosen among all readings: they are what tells a
    misread index of this card from a card, as they always were.)"""
    sure = [d for d in detections if d.partial and d.card is not None and d.confidence >= SURE_READING]
    # Each reading's axes, width and rank middle, found once (every pair looks at them).
    placed = {id(d): _axes(d.corners) for d in sure}
    measured: dict[int, np.ndarray] = {}
    for d in sure:
        if id(d) in measured:
            continue
        a, b, w, rank_d = placed[id(d)]
        for k in sure:
            if k is d or id(k) in measured or k.card != d.card:
                continue
            ak, bk, wk, rank_k = placed[id(k)]
            if float(a @ ak) > -TURNED_HALF_ROUND or float(b @ bk) > -TURNED_HALF_ROUND:
                continue
            v = rank_k - rank_d
            width = float(v @ a) / (1.0 - 2.0 * RANK_CENTRE[0])
            height = float(v @ b) + 2.0 * RANK_CENTRE[1] * width
            if not (0.5 * w < width < 2.0 * w and BOTH_INDICES_SHAPE[0] < height / width < BOTH_INDICES_SHAPE[1]):
                continue
            if abs(width / w - 1.0) < BOTH_INDICES_SLACK and abs(width / wk - 1.0) < BOTH_INDICES_SLACK:
                break  # both already of that size
            card = card_outline(rank_d - width * (RANK_CENTRE[0] * a + RANK_CENTRE[1] * b), a, b, width, height)
            again = read_index(_patch_from_quad(frame, card), templates, deck, style)
            if again is None or again.card != d.card or again.confidence < SURE_READING:
                continue
            measured.update((id(r), card) for r in sure if r.card == d.card and (
                _index_near(r.corners, card, (0, 1, 2, 3), 0.25) or r is d or r is k))
            break
    return measured


def _axes(corners: np.ndarray) -> tuple[np.ndarray, np.ndarray, float, np.ndarray]:
    """A card outlined TL, TR, BR, BL as read: its unit "across" and "down", its width,
    and the middle of its rank where ``index_corners`` places it (``RANK_CENTRE``)."""
    across = corners[1] - corners[0]
    width = float(np.linalg.norm(across))
    a = across / max(width, 1e-6)
    down = corners[3] - corners[0]
    b = down / max(float(np.linalg.norm(down)), 1e-6)
    return a, b, width, corners[0] + width * (RANK_CENTRE[0] * a + RANK_CENTRE[1] * b)


def _suit_in_doubt(reading: IndexReading, min_confidence: float) -> bool:
    """A corner reading below the floor only for its suit: its rank reads sure, and only
    which of its colour's two suits is in doubt (the ink's colour picks the pair; a club
    and a spade a few pixels across are one blob). It is a card: reported with the doubt
    in its confidence, the players are asked which (missed, the game would wait for it)."""
    return reading.rank_confidence >= SURE_READING and reading.confidence >= min_confidence


def _uncovered_settled(frame: np.ndarray, detections: list[Detection], templates: GlyphTemplates | None,
                       deck: int, style: str) -> list[Detection]:
    """A card read unsure at a corner, its outline found by that corner alone, whose whole
    card lies in the frame with no other card on it (the part that shows of each other
    card, ``_visible_parts``, keeps off it but for a sliver): its middle shows, and says
    what it is as a whole card's does (``_settled_by_the_middle``). With another card
    on it or near, only its centre pips counted cleanly speak."""
    out: list[Detection] = []
    for d in detections:
        card = phantoms.whole(d)
        if (d.card is None or not d.partial or d.confidence >= SURE_READING or d.split
                or not _in_frame(card, frame.shape)):
            out.append(d)
            continue
        if _others_on(d, card, detections):
            # Another card may lie on it, or its outline on this one. Its centre pips still
            # count when they do so cleanly (as many and as large on both halves: cards
            # lying on some of them leave them lopsided): a real deck's flat-topped 3 at
            # camera size reads as a 5 (0.97), its three pips say 3.
            rank = pips.counted_rank(frame, card)
            if rank is not None and rank != d.card.rank and pips.has_centre_pips(d.card.rank) and _in_deck(rank, deck):
                out.append(replace(d, card=Card(rank, d.card.suit), confidence=PIP_COUNT_CONFIDENCE))
            else:
                out.append(d)
            continue
        settled = _settled_by_the_middle(frame, IndexReading(d.card, d.confidence), card, templates, deck, style)
        out.append(d if settled.card == d.card and settled.confidence <= d.confidence else
                   replace(d, card=settled.card, confidence=settled.confidence))
    return out


def _in_frame(card: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Whether the whole of ``card`` (corners) lies in a frame of ``shape``."""
    h, w = shape[:2]
    return bool(np.all((card >= 0) & (card <= [w - 1, h - 1])))


def _others_on(d: Detection, card: np.ndarray, detections: list[Detection]) -> bool:
    """Whether another of ``detections`` may lie on ``card`` (``d``'s whole card), or its
    outline on this one: the part of it that shows (``_visible_parts``) overlaps the card
    by more than a sliver (``UNCOVERED_OVERLAP``)."""
    return any(_iou_quads(card, k.corners) > UNCOVERED_OVERLAP for k in detections if k is not d)


def _off_bare_table(frame: np.ndarray, detections: list[Detection]) -> list[Detection]:
    """Drop the corner readings whose whole card lies in the frame with nothing found on
    it, yet shows next to none of the paper its index was read on (less than
    ``BARE_PAPER_SHARE`` of it away from its two index corners): no card lies there. The
    corner of a pile of won tricks lying face down, a real deck's backs, read as a 7S at
    1.0, its card reaching over bare table (simulated deal 2008): the tracker took it
    for the card played there in the trick before, which then never was gathered, and
    missed the next eight plays."""
    out: list[Detection] = []
    for d in detections:
        card = phantoms.whole(d)
        if (d.card is None or not d.partial or frame.ndim != 3 or not _in_frame(card, frame.shape)
                or _others_on(d, card, detections)):
            out.append(d)
            continue
        small = _card_at_a_fifth(frame, card).astype(np.float32)
        index = small[_BARE_INDEX].reshape(-1, 3)
        grey = index.mean(axis=1)
        paper = np.median(index[grey >= np.percentile(grey, 70)], axis=0)
        like = np.abs(small - paper).max(axis=2) < BARE_PAPER_LEVELS
        if float(like[_BARE_BODY].mean()) >= BARE_PAPER_SHARE:
            out.append(d)
    return out


def _suit_beside_index(frame: np.ndarray, reading: IndexReading, card: np.ndarray,
                       covered: list[np.ndarray]) -> IndexReading:
    """A partly hidden card's reading with the suit that its index pip and the pips
    beside its index say together (their evidence adds, in log odds): at a few pixels the
    index pip of a club and a spade are one blob, the pip beside it is three times its
    size. ``card``: the card the index implies; ``covered``: the cards that may lie on it."""
    court = not pips.has_centre_pips(reading.card.rank)
    votes, n = pips.suit_beside_index(frame, card, covered, suit_is_red(reading.card.suit), court=court)
    if not n:
        return reading
    other = next(s for s in votes if s != reading.card.suit)
    p = min(max(reading.suit_confidence, 1e-6), 1 - 1e-6)
    odds = math.log(p / (1 - p)) + votes[reading.card.suit] - votes[other]
    suit, odds = (reading.card.suit, odds) if odds >= 0 else (other, -odds)
    suit_confidence = 1.0 / (1.0 + math.exp(-min(odds, 50.0)))
    confidence = reading.rank_confidence * suit_confidence
    if court and suit != reading.card.suit:
        # A court card's picture pip beside an index that named the other suit: either the
        # small pip was misread, or the reading is no index of this card's (a JC's lower
        # corner read as a KS, and its club beside it; carpet read as a QS). The suit is the
        # picture's, but the reading counts no more than it did.
        confidence = min(confidence, reading.confidence)
    return IndexReading(Card(reading.card.rank, suit), confidence, suit_confidence)


def _suit_by_big_pips(frame: np.ndarray, detections: list[Detection]) -> list[Detection]:
    """Whole cards read less than quite sure, with the suit their centre pips (a number
    card's, an ace's) or their picture's pips at both ends (a black court card's) name
    when those clearly say the other suit of the index's colour (a small club and spade
    blur into one blob; a big pip shows its shape). A partly hidden card is left as read:
    what shows of it is a guess, and another card's pips may lie there."""
    out = []
    for d in detections:
        if d.card is not None and not d.partial and d.confidence < PIP_CHECK:
            red = suit_is_red(d.card.suit)
            if pips.has_centre_pips(d.card.rank):
                votes, n = pips.suit_votes(frame, d.corners, d.corners, red)
            else:
                ends = [pips.suit_beside_index(frame, np.roll(d.corners, -k, axis=0), [], red, court=True)
                        for k in (0, 2)]
                votes = {s: sum(v[s] for v, _ in ends) for s in ends[0][0]}
                n = sum(m for _, m in ends)
            other = next((s for s in votes if s != d.card.suit), None)
            if n and other is not None and votes[other] - votes[d.card.suit] > PIP_OVERRULE:
                d = replace(d, card=Card(d.card.rank, other))
                if any(k.card == d.card and _iou_quads(k.corners, d.corners) >= PIP_OUTLINES_OVERLAP
                       for k in detections):
                    continue  # that card, also read right at its corner: one card, not two
        out.append(d)
    return out


def _without_phantoms(frame: np.ndarray, detections: list[Detection]) -> list[Detection]:
    """Drop the corner readings that the learned phantom check takes for no card (a
    cloth's checks, a court card's picture, an index seen sideways, read as a value)."""
    looked = [i for i in range(len(detections)) if phantoms.checked(i, detections)]
    if not looked:
        return detections
    net = phantoms.phantom_net()
    drop = set()
    # One reading at a time: the batch's larger products went to OpenBLAS's threads,
    # which on a busy core cost eight times as much (33 ms for five readings, not 4).
    for i in looked:
        patch = phantoms.patch_input(_check_patch(frame, detections[i]))
        if net.phantom_probabilities(patch[None], phantoms.relation_features(i, detections)[None])[0] > PHANTOM_CUT:
            drop.add(i)
    return [d for i, d in enumerate(detections) if i not in drop]


def _check_patch(frame: np.ndarray, d: Detection) -> np.ndarray:
    """The index patch the phantom check looks at (and learns from): the whole card's
    that the reading implies, halved to ``phantoms.PATCH_SIZE``."""
    return cv2.resize(_patch_from_quad(frame, phantoms.whole(d)), phantoms.PATCH_SIZE, interpolation=cv2.INTER_AREA)


def _face_down(corners: np.ndarray) -> Detection:
    """A card lying face down with this outline, its first corner at a short side."""
    return Detection(None, 0.6, _oriented(corners, _index_corner(corners)))


def _one_size(detections: list[Detection]) -> list[Detection]:
    """Drop corner readings that imply a card of another size than the others: the cards
    on a table are one deck, and a tilted camera changes their size only a little. (A
    letter in court-card art or in a cloth's pattern, read as an index, implies a card of
    its own size.) Needs three readings of a value to know the size; the spread allows
    for cards held nearer a camera that looks at them from the side."""
    widths = [_card_width(d.corners) for d in detections]
    # Only cards read as a value say what a card's size is (a face-down guess can be a tile).
    read = [w for d, w in zip(detections, widths) if d.card is not None]
    if len(read) < 3:
        return detections
    # Where three values or more were read, each value counts once, at its surest reading:
    # one value read at several places is one card at most (a cloth's checks read as a
    # Dutch H three times, at one guessed size twice a card's, outvoted the two cards
    # really there). Two values say too little so: a webcam's JC, read three times, sizes
    # out a 7S read at less than half its size (edje train cam_image27), which counted
    # once would halve the usual size.
    surest: dict[Card, tuple[float, float]] = {}
    for d, w in zip(detections, widths):
        if d.card is not None and (d.card not in surest or d.confidence > surest[d.card][0]):
            surest[d.card] = (d.confidence, w)
    if len(surest) >= 3:
        read = [w for _, w in surest.values()]
    usual = float(np.median(read))
    low, high = SIZE_SPREAD[0] * usual, SIZE_SPREAD[1] * usual
    return [d for d, w in zip(detections, widths) if not d.partial or low <= w <= high]


def _prints_far_index(frame: np.ndarray, k: Detection, reading: np.ndarray, templates: GlyphTemplates | None,
                      deck: int, style: str) -> bool:
    """Whether card ``k`` (read whole or at a corner) shows its own value at the far index
    place (top right or bottom left, where a four-index deck prints one, upright) that the
    index of a corner reading (the card it implies: ``reading``) lies at."""
    there = _far_index_reading(frame, k, reading, templates, deck, style)
    return there is not None and there.card == k.card


def _far_index_names(frame: np.ndarray, k: Detection, reading: np.ndarray, templates: GlyphTemplates | None,
                     deck: int, style: str) -> bool:
    """Whether card ``k`` prints an index of its own at the far index place a corner
    reading lies at: read there upright, its value, or its rank in the other suit of its
    colour read no less surely than ``k`` itself (then one of the two is misread, club for
    spade, and the surer names the suit). A fanned row's next card of that rank and colour,
    its index lying just there and the same way, reads in its own suit and less surely
    than the card read whole."""
    there = _far_index_reading(frame, k, reading, templates, deck, style)
    if there is None or k.card is None:
        return False
    return there.card == k.card or (there.card.rank == k.card.rank and _same_colour(there.card, k.card) and
                                    there.confidence >= k.confidence)


def _far_index_reading(frame: np.ndarray, k: Detection, reading: np.ndarray, templates: GlyphTemplates | None,
                       deck: int, style: str) -> IndexReading | None:
    """What card ``k`` shows at the far index place that the index of a corner reading
    (the card it implies: ``reading``) lies at, read upright (see _prints_far_index)."""
    c = k.corners
    # The bottom-left index is the top-right one turned half round.
    mine = _index_middle(reading)
    o = c if np.linalg.norm(mine - _far_index_middle(c, 1)) <= np.linalg.norm(mine - _far_index_middle(c, 3)) else (
        np.roll(c, -2, axis=0))
    shifted = o + (o[1] - o[0]) * ((CARD_W - INDEX_W) / CARD_W)
    return read_index(_patch_from_quad(frame, shifted.astype(np.float32)), templates, deck, style)


def _deduplicate(detections: list[Detection], frame: np.ndarray | None = None, templates: GlyphTemplates | None = None,
                 deck: int = 52, style: str = "auto") -> list[Detection]:
    """One report per physical card: the same value read near the same place is one card;
    whole-card readings win over corner readings. With the ``frame`` (and the reader's
    ``templates``, ``deck`` and ``style``), a sure reading at another card's far index
    place is looked at there (``_prints_far_index``)."""
    detections.sort(key=lambda d: (d.partial, -d.confidence))
    kept: list[Detection] = []
    # Readings dropped as a kept card's value read again: the index each was read from is
    # that card's, so a less sure reading of another value there is the same index misread
    # (read from a corner a little off, or with the other handedness).
    claimed: list[Detection] = []
    misread: list[Detection] = []
    for d in detections:
        dup = False
        # One read at the claimed reading's diagonal index, whose own diagonal index is
        # where that one was read, outlines the same card: its other index, misread (and so
        # is the misread value read again there, a little shifted).
        if d.partial and (any(c.card != d.card and (_index_near(d.corners, c.corners, (0,), OWN_INDEX_NEAR) or (
                d.confidence < SURE_READING and _diagonal_twins(d.corners, c.corners))) for c in claimed) or any(
                m.card == d.card and _index_near(d.corners, m.corners, (0,), OWN_INDEX_NEAR) for m in misread)):
            misread.append(d)
            continue
        for k in kept:
            if d.card is not None and d.card == k.card:
                dup = True  # one deck: a value is on the table once
                if d.partial and not k.partial and d.confidence >= CLEAR_INDEX > k.confidence and not _index_inside(
                        d, k) and _iou_quads(d.corners, k.corners) < 0.5:
                    # Read clearly at a corner off an outline read less clearly as its
                    # value, the card lies at the corner: the outline is some other
                    # card's (a back's, taken with the edge of the card lying on it, read
                    # at a corner that saw this card's index).
                    kept[kept.index(k)] = d
                    break
                if d.partial:
                    claimed.append(d)
                break
            if not d.partial and not k.partial and d.card is not None and k.card is not None and _iou_quads(
                    d.corners, k.corners) > 0.5:
                dup = True  # one outline found twice: a card lying on most of another hides it
                break
            # A face-up index read sure on a "back" is a card lying on it, taken into the
            # back's outline (a pile's outline read as one card face down).
            on_back = k.card is None and d.confidence >= SURE_READING and _index_inside(d, k)
            if d.partial and not k.partial and k.card is not None and d.confidence < SURE_READING <= k.confidence and (
                    _parallel(d.corners, k.corners) and _index_near(d.corners, k.corners, (0, 2), 1 / 3)):
                # A card lying nearly square under one read sure whole shows a sliver at its
                # corner: read there, the whole card's index is misread (the one below shows
                # none). (When the whole card's reading is unsure too, either may be the misread.)
                dup = True
                break
            # (Only a card read whole vouches for the corners in it: a face-down guess, a
            # patch of wood beside a row, held the tip of a KC's corner read at 1.0. A corner
            # under its edge with the index beside it in view, read clearly as another
            # value, is a card lying under it: a row of cards laid as played.)
            if d.partial and not k.partial and not on_back and (
                    _index_inside(d, k) or _corner_inside(d, k) and k.card is not None and (
                        d.card == k.card or d.confidence < CLEAR_INDEX)):
                dup = True  # a second reading of a card already found whole
                break
            if frame is not None and d.partial and k.partial and _two_sure_ranks(d, k) and _same_colour(
                    d.card, k.card) and _diagonal_twins(d.corners, k.corners):
                # One card read at its two diagonal indices as two values, both sure (a real
                # deck's flat-topped 3 read right at one, as a 5 at the other): where its
                # middle shows its centre pips, counted, they say which (else both stay, as
                # below: a row's next card may lie just there).
                counted = _pips_between(frame, d, k, detections)
                if counted is not None:
                    if counted == d.card.rank:  # type: ignore[union-attr]
                        kept[kept.index(k)] = d
                    dup = True
                    break
            # (Another value read sure at the other card's far index is a card of its own
            # lying there, on top: a fanned row's next card hides that index. Nor is
            # another value read sure at one of the other's corners the same card: in a
            # pile shifted lengthwise a card's corner falls on the next card's index.)
            if d.partial and k.partial and (
                    _index_near(d.corners, k.corners, (0,) if d.confidence >= SURE_READING else (0, 2),
                                TIGHT_ROW_NEAR if _two_sure_ranks(d, k) else 0.2)
                    # (Not so two readings of different ranks read clearly: a card's other
                    # index is misread less sure (an 8H's as 3D at 0.98), or as its own rank;
                    # in a fanned row a card read at its far index put its bottom-right index
                    # on the next card's, read at 1.0. Nor two sure ones where an outline
                    # read whole was found to be two cards: a JD's and a TC's far index. Nor
                    # two sure ones in two colours: the ink's colour is not what is misread.)
                    or _diagonal_twins(d.corners, k.corners) and not (
                        _two_sure_ranks(d, k) and (min(d.confidence, k.confidence) >= CLEAR_INDEX or
                                                   d.split or k.split)
                        or min(d.confidence, k.confidence) >= SURE_READING and not _same_colour(d.card, k.card))
                    or (_shared_corner(d, k) and d.confidence < SURE_READING)):
                dup = True  # the same index read twice, a little shifted or turned
                break
            if d.partial and k.partial and d.confidence < SURE_READING and _same_colour(
                    d.card, k.card) and _half_round_twins(d.corners, k.corners) and not any(
                    c.card == k.card and _diagonal_twins(c.corners, k.corners) for c in claimed):
                # One card read at its two diagonal indices, one misread (its ink's colour
                # read right) at a card size a little off. (A card may lie so, half round
                # on another: then it is read sure, or in the other colour. Nor is it so
                # when that card's other index was read as its own value where it lies: in
                # a fanned row, a QC's two indices both read, the JC under it, its index a
                # third of a card from the QC's, read at 0.96.)
                dup = True
                break
            if d.partial and k.partial and d.confidence < SURE_READING and _same_colour(
                    d.card, k.card) and not _same_way(d.corners, k.corners) and _index_near(
                    d.corners, k.corners, (1, 3), 1 / 3):
                # The far index below, seen sideways, found a little further off (its outline
                # a card size off): misread, unsure, in its own colour.
                dup = True
                break
            if d.partial and k.partial and d.card is not None and k.card is not None and (
                    d.card.rank == k.card.rank and _parallel(d.corners, k.corners) and not _same_way(d.corners, k.corners)
                    and _index_near(d.corners, k.corners, (2,), DIAGONAL_INDEX_NEAR)):
                # Read right where the other card prints its diagonal index, turned half
                # round to it, of its rank: that index, its suit misread (another card
                # there would lie almost wholly on it, one of them hidden).
                dup = True
                break
            if d.partial and k.partial and _at_far_index(d.corners, k.corners) and not _same_way(d.corners, k.corners) and (
                    frame is None or not (_two_sure_ranks(d, k) or _two_clear_cards(d, k)) or
                    _prints_far_index(frame, k, d.corners, templates, deck, style)):
                # The index a four-index deck prints at the card's other side, seen
                # sideways, or read with the other handedness (its outline then runs back
                # across the card and off it: turned half round). (A card lying there the
                # same way as this one is a fanned row's next card, of the same rank or not.
                # Nor is another rank read sure there when the card prints no index of its
                # own there: a row's next card, turned a little, its corner at that place.)
                dup = True
                break
        if not dup:
            kept.append(d)
    return kept


# The grid a partly covered card is looked at on (card widths across, card heights down):
# fine enough for a box, and a few hundred cells cost nothing.
_VIS_W, _VIS_H = 40, 56
# The cells of the top-left index (a rank and its pip: a quarter of the card across, a
# third down, measured from the corner).
_INDEX_CELLS = (slice(0, round(0.3 * _VIS_H)), slice(0, round(0.25 * _VIS_W)))
# Narrower than this (cells down, across) is a sliver. Down, that is a sixth of the card:
# a card's rim showing past the far end of the card on it is no part of what a person
# outlines as the card that shows (boxed with it, a strip beside a card on top would be
# outlined as the whole card).
_SLIVER = np.ones((9, 5), np.uint8)
_VIS_CELL = np.stack(np.meshgrid((np.arange(_VIS_W) + 0.5) / _VIS_W, (np.arange(_VIS_H) + 0.5) / _VIS_H), axis=-1)


def _visible_parts(detections: list[Detection], gray: np.ndarray) -> list[Detection]:
    """Report a partly covered card by the part of it that shows, not by the whole card
    its corner implies: that is where the card is seen (a reader of ``--json`` or the
    annotated picture expects the outline of what is on the table, as a person would
    draw it). Whole cards lie on top of what they overlap; a partly covered card whose
    index corner lies on another one lies on top of that one. The visible part is the
    box, in the card's own axes, around the cells of the implied card that nothing on
    top of it covers; its first corner stays the index corner the value was read from.
    Two partly covered cards whose indices both lie off the other: the one that shows an
    even margin of card stock where its edge crosses the other lies on top. (``gray``:
    the frame in grey.)"""
    out: list[Detection] = []
    for d in detections:
        if not d.partial:
            out.append(d)
            continue
        c = d.corners
        u, v = c[1] - c[0], c[3] - c[0]
        to_card = np.linalg.inv(np.array([[u[0], v[0]], [u[1], v[1]]], np.float64))
        covered = np.zeros((_VIS_H, _VIS_W), bool)
        for k in detections:
            if k is d:
                continue
            if k.partial and not _inside(k.corners[0], c, 0.0):
                if _inside(c[0], k.corners, 0.0) or (
                        _margin_along(gray, k.corners, c) <= _margin_along(gray, c, k.corners)):
                    continue
            # The other card in this card's own coordinates (0..1 across and down).
            kq = ((k.corners.astype(np.float64) - c[0]) @ to_card.T)
            covered |= _in_convex(_VIS_CELL, kq)
        # The index it was read from shows, whatever the guesses at other cards' outlines say.
        covered[_INDEX_CELLS] = False
        if not covered.any():
            out.append(d)
            continue
        # Slivers along the edges are outlines found a pixel off, not card that shows:
        # the part that shows is the piece, wider than a sliver, nearest the index corner.
        # (Beyond the card counts as covered: a sliver along its rim is a sliver too.)
        shows = cv2.morphologyEx((~covered).view(np.uint8), cv2.MORPH_OPEN, _SLIVER,
                                 borderType=cv2.BORDER_CONSTANT, borderValue=0)
        n, labels, _, centroids = cv2.connectedComponentsWithStats(shows, connectivity=4)
        if n < 2:
            out.append(d)
            continue
        nearest = 1 + int(np.argmin(np.hypot(centroids[1:, 0], centroids[1:, 1])))
        ys, xs = np.nonzero(labels == nearest)
        if len(xs) < 0.2 * _VIS_W * _VIS_H:
            # Less than a fifth showing: some outline on top is a wrong guess (a card
            # that shows its index shows that much of itself, as a rule).
            out.append(d)
            continue
        u0, u1 = xs.min() / _VIS_W, (xs.max() + 1) / _VIS_W
        v0, v1 = ys.min() / _VIS_H, (ys.max() + 1) / _VIS_H
        box = np.array([c[0] + u0 * u + v0 * v, c[0] + u1 * u + v0 * v, c[0] + u1 * u + v1 * v,
                        c[0] + u0 * u + v1 * v], np.float32)
        out.append(Detection(d.card, d.confidence, box, partial=True, implied=c))
    return out


def _margin_along(gray: np.ndarray, quad: np.ndarray, other: np.ndarray) -> float:
    """How much ``quad`` looks like the card on top where its outline crosses ``other``:
    the smallest fraction, over its sides, of points just inside the side (over the
    stretch of it lying on ``other``) that are plain card stock. A card on top shows its
    white margin all along its edge; the hidden edge of a card below runs through the
    art and pips of the card above. (0 when no side crosses ``other``.)"""
    fractions: list[float] = []
    h, w = gray.shape[:2]
    width = _card_width(quad)
    off = max(2.0, 0.03 * width)
    t = np.linspace(0.05, 0.95, 32)[:, None]
    centre = quad.mean(axis=0).astype(np.float64)
    for i in range(4):
        p0, p1 = quad[i].astype(np.float64), quad[(i + 1) % 4].astype(np.float64)
        d = p1 - p0
        n = np.array([-d[1], d[0]]) / (float(np.hypot(d[0], d[1])) + 1e-9)
        if float(np.dot(centre - p0, n)) < 0:
            n = -n  # towards the card's inside
        pts = p0 + t * d + off * n
        on = _in_convex(p0 + t * d, other.astype(np.float64)) & (pts[:, 0] >= 0) & (pts[:, 0] < w - 1) & (
            pts[:, 1] >= 0) & (pts[:, 1] < h - 1)
        if on.sum() < 6:
            continue
        g = gray[pts[on, 1].astype(np.intp), pts[on, 0].astype(np.intp)].astype(np.float64)
        paper = float(np.percentile(g, 90))
        fractions.append(float((g > 0.85 * paper).mean()) if paper > 60 else 0.0)
    return min(fractions, default=0.0)


def _in_convex(points: np.ndarray, poly: np.ndarray) -> np.ndarray:
    """Which of ``points`` (..., 2) lie inside the convex polygon ``poly`` (either winding)."""
    d = np.roll(poly, -1, axis=0) - poly
    cross = (d[:, 0] * (points[..., None, 1] - poly[:, 1]) - d[:, 1] * (points[..., None, 0] - poly[:, 0]))
    inside: np.ndarray = (cross >= 0).all(axis=-1) | (cross <= 0).all(axis=-1)
    return inside


def _shared_corner(d: Detection, k: Detection) -> bool:
    """Two corner readings of one card whose outlines came out differently: one was read
    at a corner of the other's card, and the two cards overlap."""
    w = float(np.linalg.norm(k.corners[1] - k.corners[0]))
    near = (float(np.min(np.linalg.norm(k.corners - d.corners[0], axis=1))) < 0.12 * w or
            float(np.min(np.linalg.norm(d.corners - k.corners[0], axis=1))) < 0.12 * w)
    if not near:
        return False
    return _iou_quads(d.corners, k.corners) > 0.25


def _same_index(d: Detection, k: Detection) -> bool:
    """Two corner readings of one card: the index of one lies within a fifth of a card
    width of either index of the other (the one it was read from, or the one diagonally
    across). (A partly covered card's implied outline is a guess: another card's index
    may well lie inside it, on top of it, as in a fanned row.)"""
    return _index_near(d.corners, k.corners, (0, 2), OWN_INDEX_NEAR)


def _two_sure_ranks(d: Detection, k: Detection) -> bool:
    """Two readings of different ranks, both sure."""
    return (d.card is not None and k.card is not None and d.card.rank != k.card.rank and
            min(d.confidence, k.confidence) >= SURE_READING)


def _two_clear_ranks(d: Detection, k: Detection) -> bool:
    """Two readings of different ranks, both clear (``CLEAR_INDEX``)."""
    return _two_sure_ranks(d, k) and min(d.confidence, k.confidence) >= CLEAR_INDEX


def _two_clear_cards(d: Detection, k: Detection) -> bool:
    """Two readings of different cards, both clear (``CLEAR_INDEX``), not a club and a
    spade of one rank: hearts and diamonds are not misread so, but a small black pip is
    read as the other black suit even at 1.0."""
    return (d.card is not None and k.card is not None and d.card != k.card and
            min(d.confidence, k.confidence) >= CLEAR_INDEX and not (
                d.card.rank == k.card.rank and not suit_is_red(d.card.suit) and not suit_is_red(k.card.suit)))


def _pips_between(frame: np.ndarray, d: Detection, k: Detection, readings: list[Detection]) -> Rank | None:
    """Which of two readings' ranks the centre pips of the one card they outline say,
    counted (``pips.counted_rank``), or None. Each reading implies its card a little off
    (a count needs the middle outlined to a few pixels): the two outlines are tried, their
    mean, and those of the other readings of either value there."""
    assert d.card is not None and k.card is not None
    ranks = (d.card.rank, k.card.rank)
    of_k, of_d = phantoms.whole(k), phantoms.whole(d)
    others = [phantoms.whole(r) for r in readings if r is not d and r is not k and r.card in (d.card, k.card)]
    outlines = [of_k, of_d, (of_k + np.roll(of_d, 2, axis=0)) / 2]
    outlines += [o for o in others if _iou_quads(o, of_k) >= PIP_OUTLINES_OVERLAP]
    for outline in outlines:
        counted = pips.counted_rank(frame, outline.astype(np.float32))
        if counted is not None:
            return counted if counted in ranks else None
    return None


def _diagonal_twins(p: np.ndarray, q: np.ndarray) -> bool:
    """Whether two corner readings outline one card from its two diagonal corners: each
    was read where the other puts its bottom-right index. (Two cards so would lie one
    exactly on the other, turned half round: the lower one would show no index.)"""
    return _index_near(p, q, (2,), OWN_INDEX_NEAR) and _index_near(q, p, (2,), OWN_INDEX_NEAR)


def _same_colour(a: Card | None, b: Card | None) -> bool:
    """Whether two cards read are of one colour (both red or both black)."""
    return a is not None and b is not None and suit_is_red(a.suit) == suit_is_red(b.suit)


def _half_round_twins(p: np.ndarray, q: np.ndarray) -> bool:
    """Whether two corner readings turned half round against each other each put their
    index near the other's bottom-right index, within about half a card width: one card
    read at its two diagonal corners with two card sizes (the implied outlines then differ)."""
    return (_parallel(p, q) and not _same_way(p, q) and _index_near(p, q, (2,), HALF_ROUND_NEAR)
            and _index_near(q, p, (2,), HALF_ROUND_NEAR))


def _parallel(p: np.ndarray, q: np.ndarray) -> bool:
    """Whether two cards (TL, TR, BR, BL as read) lie the same way or turned half round,
    within about 25 degrees."""
    u, v = p[1] - p[0], q[1] - q[0]
    return abs(float(u @ v)) > 0.9 * float(np.linalg.norm(u) * np.linalg.norm(v))


def _turned_within(p: np.ndarray, q: np.ndarray, cos: float) -> bool:
    """Whether two cards (TL, TR, BR, BL as read) lie turned apart by less than the angle
    whose cosine is ``cos`` (the same way, not half round)."""
    u, v = p[1] - p[0], q[1] - q[0]
    return float(u @ v) > cos * float(np.linalg.norm(u) * np.linalg.norm(v))


def _same_way(p: np.ndarray, q: np.ndarray) -> bool:
    """Whether two cards (TL, TR, BR, BL as read) lie the same way, within about 25
    degrees (not turned half round)."""
    return _turned_within(p, q, 0.9)


def _near_index(d: Detection, k: Detection, fraction: float = NEAR_INDEX) -> bool:
    """Whether the index ``d`` was read from lies within ``fraction`` of a card width (a
    third) of any of the four places card ``k`` may print one, whichever way either lies."""
    return _index_near(d.corners, k.corners, (0, 1, 2, 3), fraction)


def _at_far_index(reading: np.ndarray, card: np.ndarray) -> bool:
    """Whether the index a corner reading (the card it implies: ``reading``) came from
    lies where a four-index deck prints one on ``card`` (TL, TR, BR, BL as read): at its
    top right, or its bottom left."""
    return _index_near(reading, card, (1, 3), 0.2)


def _index_near(reading: np.ndarray, card: np.ndarray, places: tuple[int, ...], fraction: float) -> bool:
    """Whether the index a corner reading (the card it implies: ``reading``) came from
    lies within ``fraction`` of a card width of one of ``card``'s index places: 0 and 2
    the top-left and bottom-right indices every deck prints, 1 and 3 the top-right and
    bottom-left ones of a four-index deck."""
    width = float(np.linalg.norm(card[1] - card[0]))
    mine = _index_middle(reading)
    return any(float(np.linalg.norm(mine - (_index_middle(card, at) if at % 2 == 0 else _far_index_middle(card, at))))
               < fraction * width for at in places)


def _far_index_middle(corners: np.ndarray, at: int) -> np.ndarray:
    """The middle of the index a four-index deck prints at corner ``at`` (1 or 3) of a
    card outlined TL, TR, BR, BL: the mirror image of where _index_middle puts one."""
    c = np.roll(corners, -at, axis=0)  # c[3]: along the short side, c[1]: along the long side
    m: np.ndarray = c[0] + 0.12 * (c[3] - c[0]) + 0.15 * (c[1] - c[0])
    return m


def _index_middle(corners: np.ndarray, at: int = 0) -> np.ndarray:
    """The middle of the index at corner ``at`` of a card outlined TL, TR, BR, BL as read."""
    c = np.roll(corners, -at, axis=0)
    m: np.ndarray = c[0] + 0.12 * (c[1] - c[0]) + 0.15 * (c[3] - c[0])
    return m


def _index_inside(d: Detection, k: Detection) -> bool:
    """The index a corner reading came from lies on card ``k``: a card cannot show its
    index through another, so the reading was of ``k`` itself."""
    return _inside(_index_middle(d.corners), k.corners, 0.0)


def _within(inner: np.ndarray, card: np.ndarray) -> bool:
    """Whether outline ``inner`` lies on card ``card`` (corners, image pixels), allowing
    for a card implied by a corner reading a few pixels off."""
    margin = -0.05 * _card_width(card)
    return all(_inside(p, card, margin) for p in inner)


def _corner_inside(d: Detection, k: Detection) -> bool:
    p = d.corners[0]
    return cv2.pointPolygonTest(k.corners.reshape(-1, 1, 2).astype(np.float32), (float(p[0]), float(p[1])),
                                True) > 3.0
