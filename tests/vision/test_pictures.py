from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from pathlib import Path

from engine.cards import Card
from vision.photo_deck import photo_deck
from vision.pictures import court_pictures, outlines


def _card_on_a_light_table(shared_datasets: Path, card: str, turn: float,
                           width: float = 80.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A frame of a pale grey table with a real deck's ``card`` (the bidly photos) lying
    on it, ``width`` pixels wide and turned ``turn`` degrees: the frame, the card's
    middle and its long axis."""
    face = photo_deck(str(shared_datasets / "bidly-single-cards")).face(Card.parse(card))
    fh, fw = face.shape[:2]
    scale = width / fw
    middle = np.array([400.0, 300.0])
    a = math.radians(turn)
    across = np.array([math.cos(a), math.sin(a)]) * scale
    down = np.array([-math.sin(a), math.cos(a)]) * scale
    m = np.array([[across[0], down[0], middle[0] - (across[0] * fw + down[0] * fh) / 2],
                  [across[1], down[1], middle[1] - (across[1] * fw + down[1] * fh) / 2]])
    frame = np.full((600, 800, 3), 205, np.uint8)
    cv2.warpAffine(face, m, (800, 600), frame, flags=cv2.INTER_AREA, borderMode=cv2.BORDER_TRANSPARENT)
    return frame, middle, down / np.linalg.norm(down)


@pytest.mark.parametrize("card,turn", [("KS", 0.0), ("QH", 30.0), ("JD", -75.0), ("KC", 140.0)])
def test_a_court_cards_picture_gives_its_middle_and_turn(shared_datasets: Path, card: str, turn: float) -> None:
    frame, middle, down = _card_on_a_light_table(shared_datasets, card, turn)
    found = court_pictures(frame)
    assert found, "no picture found"
    picture = min(found, key=lambda p: float(np.linalg.norm(p.middle - middle)))
    assert np.linalg.norm(picture.middle - middle) < 0.08 * 80
    # (To a few degrees: the photos are cut out of their backgrounds a little askew.)
    assert abs(float(picture.down @ down)) > math.cos(math.radians(7))
    # Across is down turned as a card lying face up turns: clockwise from across to down.
    assert float(picture.across[0] * picture.down[1] - picture.across[1] * picture.down[0]) > 0


def test_a_lone_court_cards_picture_is_offered_once(shared_datasets: Path) -> None:
    # The closed ink and the same ink opened both hold the picture: each picture the
    # caller reads costs it dozens of index readings, and the first 12 are all it reads.
    frame, _, _ = _card_on_a_light_table(shared_datasets, "JH", 15.0)
    assert len(court_pictures(frame)) == 1


def test_a_number_card_shows_no_picture(shared_datasets: Path) -> None:
    frame, _, _ = _card_on_a_light_table(shared_datasets, "2H", 20.0)
    assert court_pictures(frame) == []


def test_the_outlines_around_a_picture_hold_its_card(shared_datasets: Path) -> None:
    # Among the outlines guessed, one lies within a few pixels of the card itself.
    frame, middle, down = _card_on_a_light_table(shared_datasets, "QS", 25.0)
    picture = court_pictures(frame)[0]
    best = min(float(np.linalg.norm(q.mean(axis=0) - middle)) + abs(float(np.linalg.norm(q[1] - q[0])) - 80)
               for q in outlines(picture, frame.shape))
    assert best < 5
