from __future__ import annotations

import numpy as np
import pytest

from engine.cards import Card
from vision.recognize import identify_cards
from vision.synth import Camera, Effects, PlacedCard, render_table

LAYOUT = [("QS", -250, -60, 0), ("7H", -80, 70, 35), ("AD", 90, -40, -80), ("TC", 260, 60, 170)]


def _centre_error(det_corners: np.ndarray, truth_corners: np.ndarray) -> float:
    return float(np.linalg.norm(det_corners.mean(axis=0) - truth_corners.mean(axis=0)))


@pytest.mark.parametrize("table", ["beige", "light_wood", "green_felt", "dark_wood"])
def test_finds_and_reads_loose_cards_on_light_and_dark_tables(table: str) -> None:
    placed = [PlacedCard(Card.parse(c), x, y, a) for c, x, y, a in LAYOUT]
    frame, truth = render_table(placed, seed=5, table=table, camera=Camera(px_per_mm=1.4),
                                effects=Effects(tilt=0.5, tilt_seed=9, light_gradient=0.4, noise=3, jpeg_quality=80))
    found = {d.card: d for d in identify_cards(frame, style="en")}
    for t in truth.cards:
        assert t.card in found, f"{t.card} not found on {table}: {list(found)}"
        assert _centre_error(found[t.card].corners, t.corners) < 15
        assert found[t.card].confidence > 0.3
    assert len(found) == 4


def test_face_down_card_is_reported_without_a_value() -> None:
    placed = [PlacedCard(Card.parse("KH"), -120, 0, 10), PlacedCard(None, 120, 0, -20, face_up=False)]
    frame, truth = render_table(placed, seed=2, table="green_felt", camera=Camera(px_per_mm=1.4))
    dets = identify_cards(frame, style="en")
    assert sorted(str(d.card) for d in dets) == ["KH", "None"]
    down = next(d for d in dets if d.card is None)
    assert _centre_error(down.corners, truth.cards[1].corners) < 15


def test_card_partly_under_another_is_read_from_its_visible_corner() -> None:
    # Two cards as in a trick pile: the second covers most of the first but not its top-left index.
    placed = [PlacedCard(Card.parse("9D"), 0, 0, 0), PlacedCard(Card.parse("JS"), 30, 30, 0)]
    frame, _ = render_table(placed, seed=4, table="green_felt", camera=Camera(px_per_mm=1.5))
    cards = {str(d.card) for d in identify_cards(frame, style="en")}
    assert cards == {"9D", "JS"}


def test_piquet_deck_never_reports_low_cards() -> None:
    placed = [PlacedCard(Card.parse(c), x, y, a) for c, x, y, a in LAYOUT]
    frame, _ = render_table(placed, seed=5, table="green_felt")
    assert all(d.card is None or d.card.rank >= 7 for d in identify_cards(frame, deck=32))


def test_a_face_down_cards_coloured_middle_does_not_set_the_card_size() -> None:
    # On felt, a back's coloured middle (narrower than a card) once counted as a card
    # face, and every face-up card was then taken for a pile of overlapping cards.
    from vision.detect import Quad, _oversized

    whiteness = np.zeros((360, 640), np.uint8)  # felt: saturated, so not white at all

    def quad(x: int, y: int, w: int, h: int, value: int) -> Quad:
        whiteness[y:y + h, x:x + w] = value
        return Quad(np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32), float(w), float(h))

    cards = [quad(100, 50, 47, 65, 200), quad(300, 60, 45, 68, 190), quad(200, 200, 49, 64, 195)]
    back_middle = quad(400, 250, 34, 43, 30)
    kept = _oversized(cards + [back_middle], [], whiteness)
    assert all(any(k is c for k in kept) for c in cards)


def test_card_partly_under_another_is_outlined_by_the_part_that_shows() -> None:
    # A pair as in a fanned row: the JS lies on the 9D, shifted 28 mm along its width, so
    # about half of the 9D shows. Its outline is that half (as a person labels it), its
    # first corner still the index corner it was read from.
    placed = [PlacedCard(Card.parse("9D"), 0, 0, -15), PlacedCard(Card.parse("JS"), 28, 0, -15)]
    frame, truth = render_table(placed, seed=4, table="beige", camera=Camera(px_per_mm=1.5))
    found = {str(d.card): d for d in identify_cards(frame, style="en")}
    assert set(found) == {"9D", "JS"}
    under, whole = found["9D"], truth.cards[0].corners
    assert under.partial
    width = float(np.linalg.norm(whole[1] - whole[0]))
    across = (whole[1] - whole[0]) / width  # along the card's short side
    extent = under.corners @ across
    assert 0.35 * width < float(extent.max() - extent.min()) < 0.7 * width
    assert float(np.min(np.linalg.norm(whole - under.corners[0], axis=1))) < 0.15 * width


@pytest.mark.parametrize("angle", [0, 25, -60])
def test_every_card_of_a_fanned_row_is_read_from_its_index(angle: float) -> None:
    # Four cards laid in a row, each 30 mm further along and on top of the last, all at
    # one angle: white meets white, so no outline shows the middle cards' corners; their
    # indices still show.
    import math

    a = math.radians(angle)
    placed = [PlacedCard(Card.parse(c), 30 * k * math.cos(a), -30 * k * math.sin(a), angle)
              for k, c in enumerate(["9D", "QS", "7H", "AC"])]
    frame, _ = render_table(placed, seed=3, table="dark_wood", camera=Camera(px_per_mm=1.4),
                            effects=Effects(noise=2, jpeg_quality=85))
    assert sorted(str(d.card) for d in identify_cards(frame, style="en")) == ["7H", "9D", "AC", "QS"]


def test_overlapping_pair_on_dark_wood_is_split_into_its_cards() -> None:
    # Two cards shifted along their short side: their joint outline is square (no card's
    # shape) and wood grain breaks the edge regions, so only the whiteness blob and the
    # contact edge across it tell the cards apart. Both were missed.
    from vision.evaluate import score_scene
    from vision.synth import random_scene

    scene = random_scene(1002)
    dets = identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style)
    assert "9H" in {str(d.card) for d in dets}  # the covered card, from its visible index corner
    assert score_scene(dets, scene.truth).phantoms == 0



@pytest.mark.parametrize("card, angle", [("KD", 0), ("JH", 30), ("KC", 5)])
def test_a_lone_court_card_is_one_whole_card_not_a_pile(card: str, angle: float) -> None:
    # The frame around a court card's picture runs parallel to its sides like the edge
    # of a card lying on it; no split explains those lines, so they are the card's own.
    placed = [PlacedCard(Card.parse(card), 0, 0, angle)]
    frame, truth = render_table(placed, seed=2, table="green_felt", camera=Camera(px_per_mm=1.2))
    dets = identify_cards(frame, style="en")
    assert [(str(d.card), d.partial) for d in dets] == [(card, False)]
    assert _centre_error(dets[0].corners, truth.cards[0].corners) < 10


def test_a_finely_speckled_table_is_no_error() -> None:
    # Tens of thousands of dark specks on light paper: more pieces of ink than 16-bit
    # labels can count. The frame is looked at all the same (no card on it).
    frame = np.full((720, 1280, 3), 235, np.uint8)
    frame[::3, ::3] = 20
    assert identify_cards(frame) == []


def test_separate_cards_are_answered_by_the_first_look(monkeypatch: pytest.MonkeyPatch) -> None:
    # Four cards apart on wood: the plain whole cards explain all the card stock, so the
    # full search (faint edges, piles, corners, index ink) is not needed.
    import vision.recognize

    def no_full_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("the full search ran")

    monkeypatch.setattr(vision.recognize, "find_regions", no_full_search)
    # The speed benchmark's frame (vision/bench.py).
    placed = [PlacedCard(Card.parse(c), x, y, a) for c, x, y, a in
              (("QS", -150, 60, 10), ("7H", 0, 110, -5), ("AD", 150, 40, 30), ("TC", 20, -100, 170))]
    frame, truth = render_table(placed, seed=1, table="light_wood", camera=Camera((1280, 720), 1.4),
                                effects=Effects(noise=3, jpeg_quality=85, light_gradient=0.3))
    found = {d.card: d for d in identify_cards(frame)}
    assert set(found) == {t.card for t in truth.cards}
    for t in truth.cards:
        assert _centre_error(found[t.card].corners, t.corners) < 10


def test_a_pair_lying_lengthwise_on_each_other_gets_the_full_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # Two cards, one shifted along the other's length: their outline is four-sided and
    # reads as the top card, but it is too long for one card, so the frame is searched
    # in full and the card under it is read from its visible index.
    import vision.recognize

    searched = []
    full_search = vision.recognize.find_regions
    monkeypatch.setattr(vision.recognize, "find_regions", lambda *a, **k: searched.append(1) or full_search(*a, **k))
    placed = [PlacedCard(Card.parse("8C"), 0, 0, 10), PlacedCard(Card.parse("KH"), 0, 22, 10)]
    frame, _ = render_table(placed, seed=3, table="dark_wood", camera=Camera(px_per_mm=1.4))
    assert {str(d.card) for d in identify_cards(frame, style="en")} == {"8C", "KH"}
    assert searched
