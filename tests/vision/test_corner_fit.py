"""Fitting a card's index corner to its two edges (vision/corner_fit.py)."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from vision.corner_fit import fit_corner


def _card_on_table(angle: float, table: int, card: int, w: float = 80.0) -> tuple[np.ndarray, np.ndarray]:
    """A grey frame with one card (``w`` wide, poker-size) turned ``angle`` degrees, and
    its corners TL, TR, BR, BL."""
    a = math.radians(angle)
    across = np.array([math.cos(a), math.sin(a)])
    down = np.array([-math.sin(a), math.cos(a)])
    tl = np.array([140.0, 90.0])
    corners = np.array([tl, tl + w * across, tl + w * across + 1.4 * w * down, tl + 1.4 * w * down])
    frame = np.full((360, 400), table, np.uint8)
    cv2.fillPoly(frame, [np.round(corners * 16).astype(np.int32)], card, cv2.LINE_AA, shift=4)
    noise = np.random.default_rng(1).normal(0, 2, frame.shape)
    return np.clip(frame + noise, 0, 255).astype(np.uint8), corners


def _turned(v: np.ndarray, degrees: float) -> np.ndarray:
    a = math.radians(degrees)
    return np.array([math.cos(a) * v[0] - math.sin(a) * v[1], math.sin(a) * v[0] + math.cos(a) * v[1]])


@pytest.mark.parametrize("angle,table,card", [(0, 150, 235), (23, 180, 240), (-35, 60, 220), (70, 200, 245)])
@pytest.mark.parametrize("shift,turn", [((3.0, -2.0), 6.0), ((-4.0, 3.0), -8.0)])
def test_a_corner_guessed_off_is_put_where_the_cards_edges_cross(angle: float, table: int, card: int,
                                                                 shift: tuple[float, float], turn: float) -> None:
    # An index found by its ink gives the corner a few pixels and degrees off; a light
    # card on a lighter table (beige under white) still steps at its edges.
    frame, corners = _card_on_table(angle, table, card)
    across = (corners[1] - corners[0]) / 80.0
    down = (corners[3] - corners[0]) / 112.0
    fitted = fit_corner(frame, corners[0] + np.array(shift), _turned(across, turn), _turned(down, turn), 80.0)
    assert fitted is not None
    # Within two pixels (a fortieth of the card; the guess was 4-5 pixels off), and square
    # to the card's sides within a degree and a half (the guess was 6-8 degrees off).
    assert np.hypot(*(fitted.point - corners[0])) < 2.0
    assert math.degrees(math.acos(min(1.0, float(np.dot(fitted.across, across))))) < 1.5
    assert math.degrees(math.acos(min(1.0, float(np.dot(fitted.down, down))))) < 1.5


def test_no_corner_is_fitted_where_no_edge_shows() -> None:
    # White on white (a card on a card of the same paper, no shadow): nothing to follow.
    frame, corners = _card_on_table(10, 230, 230)
    assert fit_corner(frame, corners[0], (corners[1] - corners[0]) / 80.0, (corners[3] - corners[0]) / 112.0,
                      80.0) is None


def test_an_edge_far_from_the_guess_is_not_taken() -> None:
    # A guess a fifth of a card off: the edges there are another corner's business.
    frame, corners = _card_on_table(0, 150, 235)
    across = (corners[1] - corners[0]) / 80.0
    down = (corners[3] - corners[0]) / 112.0
    fitted = fit_corner(frame, corners[0] + 16.0 * (across + down), across, down, 80.0)
    assert fitted is None or np.hypot(*(fitted.point - corners[0])) > 8.0


def test_a_corner_at_the_frames_edge_is_fitted_from_what_shows() -> None:
    frame, corners = _card_on_table(0, 150, 235)
    cut = frame[60:, 120:]
    shifted = corners - np.array([120.0, 60.0])
    across = (corners[1] - corners[0]) / 80.0
    down = (corners[3] - corners[0]) / 112.0
    fitted = fit_corner(cut, shifted[0] + np.array([2.0, 2.0]), across, down, 80.0)
    assert fitted is not None and np.hypot(*(fitted.point - shifted[0])) < 2.0


@pytest.mark.parametrize("skew", [14.0, -15.0])
def test_a_corner_guessed_far_from_square_is_fitted_square(skew: float) -> None:
    # An outline's corner where a card touches another gives its two sides from the
    # outline: the top edge about right, the long edge turned well off it (a bidly 7H's
    # bottom corner, its long side guessed 14 degrees off). A card's corner is square.
    frame, corners = _card_on_table(23, 180, 240)
    across = (corners[1] - corners[0]) / 80.0
    down = (corners[3] - corners[0]) / 112.0
    fitted = fit_corner(frame, corners[0] + np.array([2.0, -3.0]), _turned(across, 2.0), _turned(down, skew), 80.0)
    assert fitted is not None
    assert np.hypot(*(fitted.point - corners[0])) < 2.0
    assert math.degrees(math.acos(min(1.0, float(np.dot(fitted.down, down))))) < 1.5
