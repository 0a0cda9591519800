from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Card, Rank
from vision.evaluate import SceneScore
from vision.recognize import Detection, identify_cards
from vision.synth import Camera, Effects, PlacedCard, render_table

LAYOUT = [("QS", -250, -60, 0), ("7H", -80, 70, 35), ("AD", 90, -40, -80), ("TC", 260, 60, 170)]


def _centre_error(det_corners: np.ndarray, truth_corners: np.ndarray) -> float:
    return float(np.linalg.norm(det_corners.mean(axis=0) - truth_corners.mean(axis=0)))


def _read_scene(seed: int) -> tuple[set[str], SceneScore]:
    """What ``identify_cards`` reads in development scene ``seed``, and its score against
    the scene's truth."""
    from vision.evaluate import score_scene
    from vision.synth import random_scene

    scene = random_scene(seed)
    found = identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style)
    return {str(d.card) for d in found}, score_scene(found, scene.truth)


def _scene_score(seed: int) -> SceneScore:
    return _read_scene(seed)[1]


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


@pytest.mark.parametrize("seed", [1021, 1071, 1083])
def test_a_phone_sized_photo_is_read_as_a_camera_frame_is(seed: int) -> None:
    # Development scenes rendered sharp at a phone's 4032 x 2268: read at that size, a JC
    # and an AH were missed and a 9S was read where no card is (an index warped down from
    # a card 300 pixels wide aliases). Reduced to the camera's size first, each reads
    # right, its corners in the photo's own pixels.
    from vision.evaluate import score_scene
    from vision.synth import random_scene

    scene = random_scene(seed, size=(4032, 2268))
    found = identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style)
    score = score_scene(found, scene.truth)
    assert score.correct == score.expected and score.phantoms == 0, score.details


@pytest.mark.parametrize("seed", [1018, 1087, 1195, 1232])
def test_a_backs_lattice_is_not_read_as_a_value(seed: int) -> None:
    # Scenes where the back's lattice, cut into ink, read as 7C, TS, TS (0.5-0.92) and,
    # in 1232, as 4C at 0.995: above the reader's "sure".
    from vision.synth import random_scene

    scene = random_scene(seed)
    found = identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style)
    backs = [t for t in scene.truth.cards if not t.face_up]
    assert backs
    for t in backs:
        near = [d for d in found if not d.partial and _centre_error(d.corners, t.corners) < 20]
        assert [d.card for d in near] == [None], f"back at {t.corners.mean(axis=0)} reported as {[d.card for d in near]}"


def test_a_back_cut_by_the_frames_edge_is_reported_face_down() -> None:
    # A back partly out of view: its outline runs along the frame's edge, where a
    # coloured middle alone is no proof (dark wood looks as coloured), but a lattice is.
    placed = [PlacedCard(Card.parse("KH"), -120, 0, 10), PlacedCard(None, 60, 222, 5, face_up=False)]
    frame, truth = render_table(placed, seed=4, table="green_felt", camera=Camera(px_per_mm=1.4))
    assert truth.cards[1].corners[:, 1].max() > frame.shape[0]  # partly out of view
    dets = identify_cards(frame, style="en")
    assert sorted(str(d.card) for d in dets) == ["KH", "None"]


@pytest.mark.parametrize("table", ["beige", "dark_wood", "cloth"])
def test_a_back_half_out_of_view_is_reported_face_down(table: str) -> None:
    # The part in view is twice as long as wide, no card's proportions: it was no quad
    # at all (check scene 6307 lost such a back at the end of a fanned row).
    placed = [PlacedCard(Card.parse("KH"), -120, 0, 10), PlacedCard(None, 455, 40, 0, face_up=False)]
    frame, truth = render_table(placed, seed=4, table=table, camera=Camera(px_per_mm=1.4))
    assert truth.cards[1].corners[:, 0].max() > frame.shape[1] + 30  # nearly half out of view
    dets = identify_cards(frame, style="en")
    assert sorted(str(d.card) for d in dets) == ["KH", "None"]


@pytest.mark.parametrize("table", ["beige", "cloth", "dark_wood"])
def test_a_back_the_frames_edge_cuts_askew_is_reported_face_down(table: str) -> None:
    # The part in view is a trapezoid: warped whole to a rectangle, its lattice was
    # sheared unevenly and no longer repeated (1188: such a back on a fanned row). On
    # dark wood its border shows no whiteness either, and the first look took the king
    # alone for all there was.
    placed = [PlacedCard(Card.parse("KH"), -120, 0, 10), PlacedCard(None, 60, -245, 35, face_up=False)]
    frame, truth = render_table(placed, seed=4, table=table, camera=Camera(px_per_mm=1.4))
    assert truth.cards[1].corners[:, 1].min() < -30  # partly out of view
    dets = identify_cards(frame, style="en")
    assert sorted(str(d.card) for d in dets) == ["KH", "None"]


@pytest.mark.parametrize("seed", [12214, 12512, 13013, 12385])
def test_a_back_the_frames_edge_cuts_is_reported_where_it_shows(seed: int) -> None:
    # Development scenes: a back at the far side of a tilted table, narrower than the
    # cards read (12214); cut so askew that the frame's edge meets only one corner of
    # its hull (12512, 13013); and one whose probe rectangle, as deep as its shorter cut
    # side, lay off the middle of what shows (12385: reported there, it was a phantom
    # beside a missed back).
    details = _scene_score(seed).details
    assert not any(d.startswith("None missed") or d.startswith("phantom None") for d in details), details


@pytest.mark.parametrize("seed", [5330, 5400])
def test_a_back_on_dark_wood_is_found_by_its_white_border(seed: int) -> None:
    # Development scenes: a red back lying alone on dark wood. Its lattice cuts its
    # inside into pieces that the grain joins to the table, so no outline of it closes;
    # its white border, a pixel or two wide at working size, rings its middle.
    assert _scene_score(seed).missed == 0


def test_a_back_whose_lattice_the_blur_has_faded_is_found() -> None:
    # Development scene 4285: a red back lying on an 8D, its white border ringing its
    # middle, its lattice blurred to a ripple a fortieth of the paper's grey (6.0 of 244).
    found, score = _read_scene(4285)
    assert "None" in found and score.missed == 0 and score.phantoms == 0


def test_a_white_ring_round_a_coloured_middle_is_a_backs_outline() -> None:
    from vision.detect import find_regions

    rows = np.arange(360, dtype=np.float32)[:, None, None]
    frame = np.clip(np.array([30, 50, 80], np.float32) + 20 * np.sin(rows / 3.0), 0, 255).astype(np.uint8)
    frame = np.repeat(frame, 640, axis=1)
    card = cv2.boxPoints(((320.0, 180.0), (90.0, 126.0), 30.0))
    cv2.fillConvexPoly(frame, np.round(card).astype(np.int32), (235, 238, 240))
    middle = cv2.boxPoints(((320.0, 180.0), (84.0, 120.0), 30.0))
    cv2.fillConvexPoly(frame, np.round(middle).astype(np.int32), (40, 40, 160))
    backs = find_regions(frame).backs
    assert len(backs) == 1
    assert np.linalg.norm(backs[0].mean(axis=0) - card.mean(axis=0)) < 4
    sides = sorted(float(np.linalg.norm(backs[0][i] - backs[0][i - 1])) for i in range(4))
    assert abs(sides[0] - 90) < 6 and abs(sides[-1] - 126) < 8


def test_a_checked_cloths_white_lines_ringing_its_checks_are_no_back() -> None:
    # Development scene 8150: on the checked cloth two thin white lines each way ring a
    # card-sized piece of its pattern, which repeats as a back's lattice does; its
    # checks, a third of the piece across, are no one colour.
    assert _scene_score(8150).phantoms == 0


def _drawn_card(inside: tuple[int, int, int], border: int) -> tuple[np.ndarray, np.ndarray]:
    """A card 100x140 on a brown table: white stock, ``inside`` coloured in from ``border`` pixels."""
    frame = np.full((240, 200, 3), (40, 70, 110), np.uint8)
    cv2.rectangle(frame, (50, 50), (149, 189), (235, 238, 240), -1)
    cv2.rectangle(frame, (50 + border, 50 + border), (149 - border, 189 - border), inside, -1)
    return frame, np.array([[50, 50], [149, 50], [149, 189], [50, 189]], np.float32)


def test_a_plain_back_in_a_white_border_is_surely_a_back() -> None:
    from vision.recognize import _surely_back

    frame, corners = _drawn_card((120, 30, 30), 5)
    assert _surely_back(frame, corners)
    # Card stock in warm light, with no print: no back (nothing lighter around it).
    assert not _surely_back(np.full((240, 200, 3), (150, 200, 230), np.uint8), corners)


@pytest.mark.parametrize("period", [5.0, 7.0, 11.0])
def test_straight_stripes_are_no_backs_lattice(period: float) -> None:
    # Straight wood grain at the frame's edge (check scene 6427) passed for a lattice:
    # stripes match themselves at every shift along them, so their autocorrelation
    # peaks in every direction.
    from vision.recognize import _surely_back

    rows = np.arange(240, dtype=np.float32)[:, None, None]
    wave = 0.5 + 0.5 * np.sin(2 * np.pi * (rows + 0.3 * np.arange(200)[None, :, None]) / period)
    frame = np.clip(np.array([30, 55, 90], np.float32) + wave * np.array([25, 35, 45], np.float32),
                    0, 255).astype(np.uint8)
    assert not _surely_back(frame, np.array([[50, 50], [149, 50], [149, 189], [50, 189]], np.float32))
    assert _scene_score(6427).details == []


@pytest.mark.parametrize("pattern", ["scrollwork", "marbled"])
def test_a_back_whose_pattern_does_not_repeat_is_surely_a_back(pattern: str) -> None:
    # Many decks print curls mirrored four ways (a "rider" back) or a picture: no lattice,
    # but as dense all over, near one colour, and no paper inside the border. Outlined by
    # its coloured middle (as on a dark table), no lighter border shows round it.
    from vision.faces import DeckDesign
    from vision.recognize import _surely_back

    placed = [PlacedCard(Card.parse("2C"), 0, 0, 15, face_up=False)]
    for table in ("dark_wood", "beige"):
        frame, truth = render_table(placed, seed=6, table=table, design=DeckDesign(back_pattern=pattern),
                                    camera=Camera(px_per_mm=1.3), effects=Effects(light_gradient=0.3, noise=3,
                                                                                 jpeg_quality=80))
        card = truth.cards[0].corners
        middle = (card - card.mean(axis=0)) * 0.94 + card.mean(axis=0)
        assert _surely_back(frame, middle.astype(np.float32))


@pytest.mark.parametrize("seed", [1013, 1064])
def test_a_back_printed_with_scrollwork_is_reported_face_down(seed: int) -> None:
    # Development scenes with their backs printed in scrollwork: 1013, one lying alone
    # on dark wood (found by its white border), 1064 one beside a row on light wood.
    from vision.evaluate import score_scene
    from vision.synth import random_scene

    scene = random_scene(seed, back_pattern="scrollwork")
    found = identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style)
    assert any(d.card is None for d in found)
    score = score_scene(found, scene.truth)
    assert score.missed == 0 and score.phantoms == 0, score.details


def test_a_scrollwork_back_on_a_card_whose_index_peeks_out_is_reported_with_the_card() -> None:
    # Development scene 1018 with scrollwork backs: a back lies on a 2D, whose index
    # peeks out past it. Its curls run into the card's edge, so no outline parts the two;
    # the quad round both read 2D, and the back's white border rings its middle inside.
    from vision.evaluate import score_scene
    from vision.synth import random_scene

    scene = random_scene(1018, back_pattern="scrollwork")
    found = identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style)
    back = next(t for t in scene.truth.cards if not t.face_up)
    down = [d for d in found if d.card is None]
    assert len(down) == 1 and np.linalg.norm(down[0].corners.mean(axis=0) - back.corners.mean(axis=0)) < 8
    # The 2D is still read; (a TS lying under the 2D and the back is missed with this
    # pattern, as it is not with the lattice).
    assert "2D" in {str(d.card) for d in found}
    assert [d for d in score_scene(found, scene.truth).details if "None" in d or "2D" in d] == []


@pytest.mark.parametrize("card", ["KH", "QS", "JD", "TC", "9H", "AS"])
def test_a_face_is_never_surely_a_back(card: str) -> None:
    # Court cards in warm light look as coloured as a back to _looks_face_down.
    from vision.recognize import _surely_back

    placed = [PlacedCard(Card.parse(card), 0, 0, 15)]
    frame, truth = render_table(placed, seed=6, table="dark_wood", camera=Camera(px_per_mm=1.3),
                                effects=Effects(light_gradient=0.3, noise=3, jpeg_quality=80))
    warm = np.clip(frame.astype(np.float32) * np.array([0.65, 0.85, 1.0], np.float32), 0, 255).astype(np.uint8)
    assert not _surely_back(frame, truth.cards[0].corners)
    assert not _surely_back(warm, truth.cards[0].corners)


def test_card_partly_under_another_is_read_from_its_visible_corner() -> None:
    # Two cards as in a trick pile: the second covers most of the first but not its top-left index.
    placed = [PlacedCard(Card.parse("9D"), 0, 0, 0), PlacedCard(Card.parse("JS"), 30, 30, 0)]
    frame, _ = render_table(placed, seed=4, table="green_felt", camera=Camera(px_per_mm=1.5))
    cards = {str(d.card) for d in identify_cards(frame, style="en")}
    assert cards == {"9D", "JS"}


@pytest.mark.parametrize("table, px_per_mm", [("light_wood", 1.4), ("green_felt", 1.4), ("dark_wood", 2.0)])
def test_a_card_whose_corner_lies_under_the_next_one_in_a_row_is_read_at_its_index(table: str,
                                                                                   px_per_mm: float) -> None:
    # Four cards laid in a row as they are played, a little overlapping: the AD's corner
    # lies under the 7H's edge, its index beside that edge in view (read at 1.0).
    placed = [PlacedCard(Card.parse(c), x, y, a) for c, x, y, a in
              (("QS", -70, 0, 10), ("7H", 0, 10, -5), ("AD", 70, -5, 30), ("TC", 140, 0, 170))]
    frame, _ = render_table(placed, seed=3, table=table, camera=Camera(px_per_mm=px_per_mm))
    assert sorted(str(d.card) for d in identify_cards(frame)) == ["7H", "AD", "QS", "TC"]


@pytest.mark.parametrize("seed, cards, table, px_per_mm, turn", [
    # The QH's index lies where the TS beside it, turned the other way, may print one;
    # both read at 1.0, and the last digits of the two readings decided.
    (15, [("TS", -98.8, -11.5, -24.8), ("QH", -25.6, 5.8, 33.3), ("TH", 34.9, 2.6, 210.9), ("KD", 108.6, 5.1, -18.8)],
     "light_wood", 2.1, -1.3),
    (57, [("2S", -96.1, 2.6, -24.0), ("TH", -34.8, 4.1, 168.6), ("QD", 32.8, 10.8, 32.3), ("8C", 98.7, -6.0, -17.4)],
     "dark_wood", 1.98, 18.4),
    # The AD's and the 8D's indices lie at the far index place (top right, bottom left)
    # of the card before them, which prints none there.
    (1, [("JH", -88.8, 2.9, -5.4), ("8D", -28.2, -5.9, -33.1), ("AD", 32.8, 0.3, 20.2), ("7S", 90.1, 0.1, 173.2)],
     "green_felt", 1.41, -0.6),
    (125, [("7H", -87.7, -7.8, 19.6), ("3D", -33.5, -10.6, -26.7), ("8D", 29.1, -1.4, 200.2), ("QH", 81.7, -0.3, -34.9)],
     "light_wood", 1.2, -19.0),
    # The 5D's and the 2D's indices lie on the card before them, a third of a card from
    # where it would print a far index: a card of the same rank read at 1.0, in the other
    # suit, is no far index misread (that card prints none there).
    (20, [("5H", -98.8, -8.0, 150.0), ("5D", -31.2, -5.1, -3.6), ("QS", 28.4, 4.8, 150.1), ("7S", 94.2, -11.4, -34.7)],
     "light_wood", 1.78, 2.0),
    (163, [("2H", -84.9, 0.4, 0.2), ("2D", -29.8, -5.0, 27.1), ("QC", 30.7, -7.4, -11.7), ("7D", 94.8, -10.4, 24.5)],
     "beige", 1.87, 18.7),
    # The TD's index, found by its ink alone, lies there on the 3C, whose corner has an edge.
    (42, [("7H", -83.2, -0.1, 33.3), ("3C", -24.2, 0.5, -3.5), ("TD", 23.9, 3.0, 22.6), ("JH", 81.8, -1.5, -30.5)],
     "dark_wood", 1.55, 18.8),
    # The QH is read at its index and again, turned, where its corner lies on the 2D; each
    # of the two readings, found by its ink alone, took the other for an index seen turned.
    # (Placed to the tenth of a micrometre: this row reads so only just; at 1.3985 pixels
    # a millimetre the turned reading is not made.)
    (5, [("TC", -83.4042, 5.99, -8.1642), ("2D", -31.6883, -7.6661, 34.9423), ("QH", 19.8265, -0.6696, 33.193),
         ("QC", 78.3131, -5.7065, -0.4884)], "light_wood", 1.3986, 15.186),
    # The 2H's and the 2S's indices, each on the card before it, found by their ink: a
    # piece of that card's index, cut by their edge, lies beside the 2 as a "10"'s 1
    # would, and only the "10" was offered (turned 30 degrees, it read as nothing).
    (291, [("4D", -97.8559, -5.3738, 148.9961), ("2H", -33.8449, 0.3406, 197.2951), ("8D", 31.6433, -8.0945, 166.3404),
           ("3H", 101.2293, 9.392, 5.036)], "green_felt", 1.3531, -14.8557),
    (297, [("TS", -84.1957, 2.0055, -32.964), ("2S", -33.5404, 6.6499, 201.8891), ("4D", 27.0965, 1.747, -28.3246),
           ("5H", 77.4432, 0.186, 169.9752)], "dark_wood", 1.9166, 1.7468),
    # The TH's "10", blurred into one round piece, has the 2C's index beside it, which
    # made a "10" of the two: turned 35 degrees, it read as a QH. The piece alone is
    # offered too.
    (53, [("TH", -77.29937, 10.8448, 11.65056), ("2C", -25.15581, 4.63559, 198.81538),
          ("JD", 26.75723, 2.12406, 189.06604), ("AS", 77.53474, 14.20533, 194.32116)], "beige", 1.18916, -19.18584),
])
def test_every_card_of_a_row_laid_as_played_is_read(seed: int, cards: list[tuple[str, float, float, float]],
                                                    table: str, px_per_mm: float, turn: float) -> None:
    placed = [PlacedCard(Card.parse(c), x, y, a) for c, x, y, a in cards]
    frame, _ = render_table(placed, seed=seed, table=table, camera=Camera(px_per_mm=px_per_mm, rotation=turn),
                            effects=Effects(noise=3, jpeg_quality=85, light_gradient=0.3))
    assert sorted(str(d.card) for d in identify_cards(frame)) == sorted(c for c, *_ in cards)


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


@pytest.mark.parametrize("seed", [1290, 1386])
def test_a_four_index_cards_far_index_read_the_other_way_round_is_no_second_card(seed: int) -> None:
    # Four-index decks print an index at the top right too. Read there with the other
    # handedness, its outline runs back over the card and off it, turned half round
    # against the card's own reading, and it read as some other card (3S on an AC,
    # AH on a TH) lying where none is.
    from vision.evaluate import score_scene
    from vision.synth import random_scene

    scene = random_scene(seed)
    found = identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style)
    score = score_scene(found, scene.truth)
    assert score.phantoms == 0 and score.wrong == 0, score.details


@pytest.mark.parametrize("seed", [1671, 1698, 1767])
def test_a_cards_second_index_misread_is_no_second_card(seed: int) -> None:
    # A card under others read at both its indices: surely at one (9S), as another suit
    # or rank at the other (9C, twice, a little shifted; an 8H's upside-down index as 3D).
    # The second outline is the same card seen from its other corner: no 9C lies there.
    from vision.evaluate import score_scene
    from vision.synth import random_scene

    scene = random_scene(seed)
    found = identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style)
    assert score_scene(found, scene.truth).phantoms == 0


def test_a_hands_skin_beside_white_cards_is_no_card() -> None:
    # A hand's edge on light wood: the skin (40% saturated, under the 45% the reader
    # allows card stock) read as the paper of a red 4H, the wood below as its ink.
    # The cards in the frame show what card stock looks like under this lamp: grey.
    from vision.evaluate import score_scene
    from vision.synth import random_scene

    scene = random_scene(1098)
    assert scene.truth.hand_mask.any()
    found = identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style)
    assert score_scene(found, scene.truth).phantoms == 0


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


@pytest.mark.parametrize("seed", [1097, 1222])
def test_a_turned_ten_takes_its_down_from_its_own_small_pip(seed: int) -> None:
    # A ten's index at about 40 degrees, its "1" and "0" joined into one piece: the box
    # of that piece is far larger than its height, and its own pip (a diamond, smaller
    # still when turned) was under 0.35 of it. Only a centre pip was taken for the pip,
    # and gave the card a wrong "down": the TD was missed.
    from vision.evaluate import score_scene
    from vision.synth import random_scene

    scene = random_scene(seed)
    dets = identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style)
    assert "TD" in {str(d.card) for d in dets}
    assert score_scene(dets, scene.truth).details == []


def test_a_card_lying_on_a_back_in_the_backs_outline_is_read() -> None:
    # A 7C lies on a face-down card, its index clear on top of the back: the two make one
    # outline of a card's shape, reported face down. The index, read sure on it, is a
    # card lying there (it was taken for a reading of the "back" itself, and dropped).
    read, score = _read_scene(1267)
    assert "7C" in read
    assert score.details == []


@pytest.mark.parametrize("seed, card", [(1072, "7D"), (1966, "JC")])
def test_a_sure_index_with_no_edge_beside_it_outlasts_an_unsure_turned_guess(seed: int, card: str) -> None:
    # A fanned row's last card on a check cloth (1072), a card cut by a hand (1966): the
    # index reads sure but no card edge stands out beside it, and the same ink read
    # turned shows up as a less sure reading (5D) or a face-down guess. The card was
    # dropped as that index seen sideways; now the guess goes.
    read, score = _read_scene(seed)
    assert card in read
    assert score.details == []


@pytest.mark.parametrize("seed, card", [(4158, "AH"), (4016, "KH"), (1120, "KD")])
def test_the_next_card_of_a_fanned_row_whose_edges_are_white_on_white_is_read(seed: int, card: str) -> None:
    # The next card of a row lies on a card read whole, the same way round: its index sits
    # on that card's face with no card edge beside it (white on white), and the whole
    # card's outline ran on under it. Such an index was taken for the card's own print.
    read, score = _read_scene(seed)
    assert card in read
    assert score.details == []


@pytest.mark.parametrize("seed, card", [(4236, "8S"), (9119, "6H")])
def test_a_fanned_rows_next_card_of_the_same_rank_in_the_other_colour_is_read(seed: int, card: str) -> None:
    # 8S lying on the row's 8H where a four-index deck prints the 8H's far index: read
    # there, it was taken for the 8H's own far index. The ink's colour tells them apart.
    read, score = _read_scene(seed)
    assert card in read
    assert score.details == []


def test_a_whole_cards_suit_blurred_at_its_index_is_read_from_its_centre_pips() -> None:
    # A 2C whose index pips, a few pixels across, blur into a blob read as a spade at both
    # corners (0.995); its two centre pips show a club plainly.
    read, score = _read_scene(4169)
    assert "2C" in read and "2S" not in read
    assert score.details == []


def test_a_covered_cards_suit_misread_surely_at_its_index_is_read_from_the_pip_beside_it() -> None:
    # Development scene 12538: an 8S half under other cards, its index pip read as a club
    # at 0.99996; the pip beside the index, three times its size, is a plain spade.
    read, score = _read_scene(12538)
    assert "8S" in read and "8C" not in read
    assert not any(d.startswith("8S") for d in score.details), score.details


def test_a_cards_diagonal_index_read_sure_with_its_suit_misread_is_no_second_card() -> None:
    # 4H read at its top-left index, and again (as 4D, 0.999) right at its bottom-right
    # one, turned half round: the second reading implied a card of its own.
    read, score = _read_scene(5371)
    assert "4H" in read and "4D" not in read
    assert score.details == []


def test_a_whole_cards_sure_index_outweighs_unsure_readings_at_its_blurred_one() -> None:
    # QS read at 1.0 at one index corner, and as QC at 0.55-0.98 three times at the other
    # (the outline grown and shrunk): the three unsure readings outvoted the sure one.
    read, score = _read_scene(4190)
    assert "QS" in read and "QC" not in read
    assert score.details == []


def test_a_card_peeking_from_under_one_turned_half_round_does_not_split_it() -> None:
    # KD lies under 8H turned half round, a sliver of its index showing at the 8H's corner:
    # read there, it is no fanned row's next card, and the 8H stays one card.
    read, score = _read_scene(1042)
    assert "8H" in read
    assert score.details == []


@pytest.mark.parametrize("seed, cards", [(1343, ["TH"]), (1807, ["TC", "TS"])])
def test_a_ten_under_another_card_turned_half_across_is_read(seed: int, cards: list[str]) -> None:
    # A "10" is as wide as it is tall: turned some 45 degrees (and blurred into one
    # piece), its upright box is larger than any letter of the cards' size, and its index
    # was never offered to the reader. The covered tens were missed.
    read, score = _read_scene(seed)
    assert set(cards) <= read
    assert score.details == []


@pytest.mark.parametrize("seed", [1209, 1927])
def test_a_turned_ten_nearer_the_camera_than_the_cards_read_whole_is_read(seed: int) -> None:
    # The tilted camera shows this covered TC larger than the cards read whole; turned, its
    # "10" is wider than a letter of their size, and its upright box implied a card too
    # large to be of the deck. Its height along the card's "down" gives its size.
    read, score = _read_scene(seed)
    assert "TC" in read
    assert score.details == []


@pytest.mark.parametrize("seed, card", [(1381, "TD"), (1759, "TH")])
def test_a_covered_ten_blurred_into_one_piece_is_read(seed: int, card: str) -> None:
    # A "10" whose two digits blur into one piece is about as round as it is long: its
    # long axis came out well off the letters' row, so its pairing with its pip was
    # taken for a wrong one, and the covered ten was missed.
    read, score = _read_scene(seed)
    assert card in read
    assert score.details == []


@pytest.mark.parametrize("seed", [13350, 13137, 7000015])
def test_a_ten_turned_so_its_pip_lies_within_its_upright_box_is_read(seed: int) -> None:
    # Development scenes: a TH at the end of a fanned row on a cloth, its "1" joined to
    # the cloth by the blur, its "0" alone (13350); a TH turned 35-45 degrees under a hand,
    # its "1" and "0" blurred into one piece (7000015); a TH in a pile (13137). The
    # letter's upright box is a third larger than the letter, and its own pip lies nearer
    # than 0.7 of that box: it was passed over, and the tens missed. (7000015 also has a
    # back under the hand, missed.)
    read, score = _read_scene(seed)
    assert "TH" in read
    assert not any(line.startswith("TH") for line in score.details), score.details


@pytest.mark.parametrize("seed", [6094, 6208])
def test_a_lone_back_is_found_beside_a_card_the_frame_cuts_or_in_the_tables_region(seed: int) -> None:
    # 6208: a face the frame's edge cuts (narrower than a card) set the width beyond which
    # a quad is taken for several cards, and the back's middle was dropped as a pile.
    # 6094: the back's middle lay inside the table's region that the frame's edge and a
    # hand's shadow close off, a card-shaped quad, and was dropped as its "pip".
    assert _scene_score(seed).details == []


def test_a_court_cards_picture_on_a_card_read_at_its_corner_is_no_back() -> None:
    # Check scene 6479: a king whose outline no cue closed (check cloth) was read at its
    # corner, and its picture's frame, a card-shaped outline as coloured as a back, was
    # reported face down as well.
    assert _scene_score(6479).details == []


def test_a_back_lying_nearly_square_on_a_card_whose_index_peeks_out_is_reported() -> None:
    # Check scene 6419: the back's middle lay concentric in the pair's outline and was
    # taken for the 9S's picture frame; the pair was read as the 9S alone.
    read, score = _read_scene(6419)
    assert "9S" in read and "None" in read
    assert "None missed" not in score.details


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


def test_a_card_the_frames_edge_cuts_does_not_make_whole_cards_look_like_piles() -> None:
    # Seed 5185: a 6D cut by the frame's edge is the narrowest white quad; taken as a
    # card's width, it made three plain whole cards beside it look several cards wide.
    read, score = _read_scene(5185)
    assert {"4S", "2C", "QD", "5H"} <= read
    assert score.missed == 0 and score.phantoms == 0


def test_a_court_cards_mirrored_frame_lines_do_not_split_it() -> None:
    # Seed 5074: a queen's frame lines, a quarter in from either long edge, were taken
    # for a card's edge; its outline, split, set a card width too small for the 2H and
    # QS beside it to be read.
    read, score = _read_scene(5074)
    assert {"QC", "2H", "QS"} <= read
    assert score.missed == 0 and score.phantoms == 0


def test_another_value_read_sure_at_a_corner_of_a_card_is_a_card_of_its_own() -> None:
    # Seed 5266: KC on QC on 8C, shifted lengthwise; the QC's index lies at a corner of
    # the KC's outline, and its sure reading was taken for the KC's corner read again.
    read, score = _read_scene(5266)
    assert {"KC", "QC", "8C"} <= read
    assert score.missed == 0 and score.phantoms == 0


def test_an_index_whose_pip_lies_beyond_specks_of_a_cards_edge_is_read() -> None:
    # Seed 5154: an AS's index in a pile; two specks of ink lay nearer its rank than its
    # pip, and only the nearest two pieces were tried as the pip.
    read, score = _read_scene(5154)
    assert "AS" in read
    assert score.missed == 0 and score.phantoms == 0


def test_a_corner_read_too_unsure_is_read_again_at_its_ranks_width() -> None:
    # Seed 5113: a KS under an 8D, where the camera's tilt makes cards a little smaller
    # than those read whole; at their width its index read KC at 0.55, at the width its
    # rank's height gives, KS surely.
    read, score = _read_scene(5113)
    assert "KS" in read
    assert score.missed == 0 and score.phantoms == 0


def test_a_cards_diagonal_index_misread_in_its_colour_is_no_second_card() -> None:
    # Scene 3425: 6S and QS, partly covered, were each read again at their diagonal
    # index, unsure, as 6C and QC (outlines half round on theirs, a card width off).
    found, score = _read_scene(3425)
    assert {"6S", "QS"} <= found and not {"6C", "QC"} & found
    assert score.phantoms == 0


def test_one_cards_outline_found_twice_and_read_twice_is_one_card() -> None:
    # Scene 3435: 9C's outline was found twice, the second time read 9S (0.58).
    assert _scene_score(3435).phantoms == 0


def test_a_fanned_rows_next_card_of_the_same_rank_does_not_rename_the_card() -> None:
    # Scene 3426: AH lies fanned on AS, its index where a four-index deck prints AS's
    # far one; taken for that index, it renamed one of AS's two outlines AH.
    found, score = _read_scene(3426)
    assert "AS" in found and score.phantoms == 0


@pytest.mark.parametrize("seed", [3305, 3336])
def test_a_sliver_of_a_card_lying_square_under_a_sure_whole_card_reads_as_no_card(seed: int) -> None:
    # 9D under 9S (read 8D at 0.81), 8S under TD (read JS at 0.83), each a few pixels off.
    assert _scene_score(seed).phantoms == 0


def test_a_far_index_seen_sideways_and_misread_in_its_colour_is_no_second_card() -> None:
    # Scene 3453: TC's far index, seen sideways a third of a card width off, read JC (0.95).
    assert _scene_score(3453).phantoms == 0


def test_another_value_read_on_a_pile_read_whole_twice_makes_both_outlines_several_cards() -> None:
    # Seed 8065: QC on TH, the pair found as two "whole" QC outlines; the TH's index,
    # read sure on them, made only the outline kept as the QC several cards, and the
    # other one, still whole, took the TH's reading as its art.
    read, score = _read_scene(8065)
    assert {"QC", "TH"} <= read
    assert score.missed == 0 and score.phantoms == 0


@pytest.mark.parametrize("seed", [4012])
def test_the_phantom_check_drops_an_unsure_corner_reading_of_no_card(seed: int) -> None:
    # Development scenes where the rules kept an unsure corner reading of no card beside
    # the real ones (4012: 8H at 0.976 beside a QS and a 9D). The learned check drops it
    # and keeps every card. (4287's 6S at 0.918 beside a JH was one; the black-pip
    # network's doubt now keeps it from being reported at all: see below. 4207's 8S at
    # 0.975 beside a KS was another, until a card read unsure whole was vouched for by
    # its own index read again: a 7S there, 0.859 before, now 1.0, and the rules drop
    # the 8S themselves.)
    from vision.evaluate import score_scene
    from vision.synth import random_scene

    scene = random_scene(seed)
    unchecked = identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style, check_phantoms=False)
    assert score_scene(unchecked, scene.truth).phantoms == 1
    score = _scene_score(seed)
    assert score.phantoms == 0 and score.correct == score.expected


def test_a_sure_index_with_an_edge_is_not_dropped_for_a_sideways_one_without() -> None:
    # Seed 8081: JH under 8H; the 8H's pip column read sideways as 9H at 1.0 (no card
    # edge beside it) and the JH's sure index (0.997, its edge showing) lay at one of
    # the 9H's index places: each dropped the other.
    read, score = _read_scene(8081)
    assert {"JH", "8H"} <= read
    assert score.missed == 0 and score.phantoms == 0


def test_another_rank_read_sure_at_a_whole_cards_other_index_makes_it_two_cards() -> None:
    # Seed 8238: 8D lying on 3D, the pair found as one outline read 3D at one index
    # corner; the 8D's index at its other corner was taken for the 3D's own and never read.
    read, score = _read_scene(8238)
    assert {"8D", "3D"} <= read
    assert score.missed == 0 and score.phantoms == 0


def test_two_ranks_read_sure_at_each_others_bottom_right_index_are_two_cards() -> None:
    # Seed 8419 (the check range): 4D and 3C lying nearly on each other, turned half
    # round, outlined as one card read 4D; the 3C read sure at its other index made it two
    # cards, and then each lay where the other puts its bottom-right index: one was taken
    # for the other's index misread. (Seed 1767's 8H read upside down as 3D, a card read
    # only at corners, must still go.)
    read, score = _read_scene(8419)
    assert {"4D", "3C"} <= read
    assert score.missed == 0 and score.phantoms == 0


def test_a_finely_speckled_table_is_no_error() -> None:
    # Tens of thousands of dark specks on light paper: more pieces of ink than 16-bit
    # labels can count. The frame is looked at all the same (no card on it).
    frame = np.full((720, 1280, 3), 235, np.uint8)
    frame[::3, ::3] = 20
    assert identify_cards(frame) == []


def _four_index_cards(seed: int, cards: tuple[str, str, str]) -> list[str]:
    """What ``identify_cards`` reads of three cards of a random four-index deck (English
    letters) laid 200 mm apart, each turned at random."""
    from vision.faces import DeckDesign
    from vision.synth import random_design

    rng = np.random.default_rng(seed)
    design = DeckDesign(**{**random_design(rng, "en").__dict__, "four_indices": True})
    placed = [PlacedCard(Card.parse(c), x, 0, float(rng.uniform(-180, 180))) for c, x in zip(cards, (-200, 0, 200))]
    frame, _ = render_table(placed, seed=seed, table=["light_wood", "beige", "cloth", "dark_wood"][seed % 4],
                            design=design, camera=Camera(px_per_mm=float(rng.uniform(1.1, 1.6))),
                            effects=Effects(noise=3, jpeg_quality=80, blur=float(rng.uniform(0, 1))))
    return sorted(str(d.card) for d in identify_cards(frame, style="en"))


@pytest.mark.parametrize("seed", [11, 23])
def test_a_four_index_decks_cards_are_each_reported_once(seed: int) -> None:
    # Such decks print an index at the top right too: read there, it implies a card
    # beside the real one, often with another suit (a small pip read again).
    found = _four_index_cards(seed, ("5C", "9S", "KD"))
    assert found == ["5C", "9S", "KD"]


# A covered card read at its index corner (top left), 60 x 84 pixels.
_COVERED = np.array([[100, 100], [160, 100], [160, 184], [100, 184]], np.float32)


def _what_shows(covered: str, over: np.ndarray, confidence: float) -> np.ndarray:
    """The outline ``_visible_parts`` reports for card ``covered`` lying at ``_COVERED``,
    partly under a whole card (a 2S) outlined by ``over``; both read at ``confidence``."""
    from vision.recognize import Detection, _visible_parts

    shown = _visible_parts([Detection(Card.parse(covered), confidence, _COVERED.copy(), partial=True),
                            Detection(Card.parse("2S"), confidence, over)], np.full((300, 300), 200, np.uint8))
    return next(d.corners for d in shown if str(d.card) == covered)


def test_the_part_of_a_covered_card_that_shows_holds_the_index_it_was_read_from() -> None:
    # An outline guessed over the card's top half, index corner included: the index was
    # read, so it shows, and the part that shows starts at it.
    over = np.array([[90, 60], [170, 60], [170, 140], [90, 140]], np.float32)
    assert np.allclose(_what_shows("5C", over, 0.9)[0], _COVERED[0], atol=1.0)


def test_a_rim_showing_past_the_card_on_top_is_not_part_of_what_shows() -> None:
    # A whole card lying on all of the covered one but a strip along its index side and
    # its rim at the far end, a tenth of its length: what shows of it, as a person
    # outlines it, is the strip (edje train IMG_2622: a KS beside a TC). Boxed with the
    # rim, the outline would be the whole card.
    over = np.array([[130, 50], [200, 50], [200, 176], [130, 176]], np.float32)
    king = _what_shows("KS", over, 1.0)
    xs, ys = king[:, 0], king[:, 1]
    assert abs(float(xs.min()) - 100) < 3 and abs(float(xs.max()) - 130) < 4
    assert float(ys.max() - ys.min()) > 70  # the strip runs the card's length


def test_a_corner_reading_implying_a_card_of_another_size_is_dropped() -> None:
    from vision.recognize import Detection, _one_size

    def card(x: float, w: float) -> np.ndarray:
        return np.array([[x, 100], [x + w, 100], [x + w, 100 + 1.4 * w], [x, 100 + 1.4 * w]], np.float32)

    readings = [Detection(Card.parse("JC"), 1.0, card(0, 75), partial=True),
                Detection(Card.parse("4S"), 1.0, card(100, 74), partial=True),
                Detection(Card.parse("9D"), 1.0, card(200, 76)),
                # A letter in court-card art, read as an index: it implies a card a third the size.
                Detection(Card.parse("AC"), 0.87, card(300, 24), partial=True),
                # Face-down guesses do not set the size, and are not dropped by it.
                Detection(None, 0.6, card(400, 18)), Detection(None, 0.6, card(500, 17))]
    kept = [str(d.card) for d in _one_size(readings)]
    assert kept == ["JC", "4S", "9D", "None", "None"]
    # Cards held nearer the camera are bigger: up to twice the usual size is a card.
    near = readings[:3] + [Detection(Card.parse("QS"), 1.0, card(300, 129), partial=True)]
    assert len(_one_size(near)) == 4


@pytest.mark.parametrize("seed", [1122, 1190])
def test_ink_implying_a_card_much_larger_than_those_read_whole_is_no_card(seed: int) -> None:
    # Development scenes where a letter-and-pip pair on a card implied a card 1.7 times
    # the size of the cards read whole in the same frame, and was reported.
    from vision.evaluate import score_scene
    from vision.synth import random_scene

    scene = random_scene(seed)
    found = identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style)
    assert score_scene(found, scene.truth).phantoms == 0


def test_a_four_index_decks_far_index_seen_sideways_is_not_another_card() -> None:
    from vision.recognize import Detection, _deduplicate, _far_index_middle, _index_middle

    # From a simulated deal: an 8H read at its index, and its bottom-left index (a deck
    # with four) read sideways as AH, implying a card lying across the table.
    eight = np.array([[676, 282], [592, 292], [579, 191], [661, 178]], np.float32)
    sideways = np.array([[619, 197], [630, 91], [779, 105], [768, 212]], np.float32)
    kept = _deduplicate([Detection(Card.parse("8H"), 1.0, eight, partial=True),
                         Detection(Card.parse("AH"), 0.86, sideways, partial=True)])
    assert [str(d.card) for d in kept] == ["8H"]
    # A card lying in line with it, its index right there, is a fanned row's next card.
    beside = eight + (_far_index_middle(eight, 3) - _index_middle(eight))
    kept = _deduplicate([Detection(Card.parse("8H"), 1.0, eight, partial=True),
                         Detection(Card.parse("9S"), 0.86, beside, partial=True)])
    assert len(kept) == 2


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


@pytest.mark.parametrize("seed", [1150, 1154])
def test_a_card_on_a_table_as_pale_as_itself_is_read_at_its_index(seed: int) -> None:
    # Development scenes on beige: a ten whose index shows but whose edge beside it does
    # not stand out from the table (or is hidden under a hand). It reads sure: it counts.
    from vision.evaluate import score_scene
    from vision.synth import random_scene

    scene = random_scene(seed)
    score = score_scene(identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style), scene.truth)
    assert (score.correct, score.phantoms) == (score.expected, 0), score.details


def test_a_corner_read_only_once_fitted_does_not_drop_a_sure_card_as_its_index_seen_turned() -> None:
    # Development scene 6176: a corner that read as nothing, fitted to the edges near it,
    # read TC at 0.9998 (a misread: no TC lies there), its index turned against a KS read
    # sure three times; the KS readings went as that TC's index seen turned.
    score = _scene_score(6176)
    assert not any(d.startswith("KS") for d in score.details), score.details


def test_a_card_whose_black_suit_is_in_doubt_is_reported_with_that_doubt() -> None:
    # Development scene 10172: a JS under a KH shows its index only; its rank reads sure,
    # its pip surely black, but club or spade only at 0.62. Missed, the game would wait
    # for the card; reported unsure, the table asks the players which it is.
    from vision.evaluate import score_scene
    from vision.synth import random_scene

    scene = random_scene(10172)
    found = identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style)
    jack = [d for d in found if d.card == Card.parse("JS")]
    assert len(jack) == 1 and jack[0].confidence < 0.9, [(str(d.card), d.confidence) for d in found]
    assert score_scene(found, scene.truth).phantoms == 0


def test_a_court_card_whose_two_indices_disagree_is_settled_by_its_picture() -> None:
    # Development scene 13465: a QH read as a Q at one index (0.91) and as an 8 at the
    # other (0.93); the vote said 8H at 0.99. Its middle shows a picture and no pips.
    assert not any(d.startswith("QH") for d in _scene_score(13465).details), _scene_score(13465).details


@pytest.mark.parametrize("seed, card", [(13169, "JC"), (13526, "6C")])
def test_a_fanned_rows_card_is_not_taken_for_the_next_cards_other_index(seed: int, card: str) -> None:
    # Development scenes: a card of a fanned row (13169: a JC under a QC) whose index lies
    # a third of a card from the next card's, read unsure (0.96). The next card, read at
    # its far index, implied an outline whose other index lay there: the JC was taken for
    # that index misread. But the QC's own index was read there too, as a QC.
    assert not any(d.startswith(card) for d in _scene_score(seed).details), _scene_score(seed).details


def test_a_card_lying_on_most_of_another_is_found_at_the_outlines_far_corner() -> None:
    # Development scene 12879: a QC lying on most of an AD, the two cards' outline read
    # at the AD's index (at 1.0) and the QC's index at its far corner (at 0.99, less
    # sure). The outline's middle shows the QC's picture, not an ace's pip.
    assert not any(d.startswith("QC") for d in _scene_score(12879).details), _scene_score(12879).details


def test_a_pile_whose_outline_is_card_shaped_is_not_read_as_one_card_at_some_print() -> None:
    # Development scene 13565: three court cards lying lengthwise one on the next, their
    # joint outline card-shaped (turned a quarter against them) and alone in the frame:
    # read TC at 0.98 at a rank less than half an index's height, it was taken as it
    # stood. The three were under it.
    assert _scene_score(13565).details == []


def test_a_card_whose_index_lies_beside_anothers_is_not_taken_for_that_index_seen_turned() -> None:
    # Development scene 13578: a 5H under a QD at the frame's top edge shows one index,
    # with no card edge beside it, read 5H at 1.0; it lay 0.30 card widths from the QD's
    # index, within the third of a card where a reading was taken for that index seen
    # turned. An index seen turned lies closer to its place.
    assert not any(d.startswith("5H") for d in _scene_score(13578).details), _scene_score(13578).details


def test_a_four_index_cards_far_index_read_in_doubt_of_its_suit_is_no_card() -> None:
    # Development scene 6255: a 9C of a four-index deck, read at 1.0; its far index read
    # 9 and black, club or spade at 0.65, as a 9S lying across it.
    assert _scene_score(6255).phantoms == 0


def test_the_next_card_of_a_fanned_row_of_one_rank_is_read() -> None:
    # Development scene 11625: a TH lies on a TD, its index on the TD's face; read there
    # at 1.0 as a T, it was taken for the TD's own print.
    score = _scene_score(11625)
    assert not any(d.startswith("TH") for d in score.details), score.details


def test_an_index_seen_turned_beside_another_reading_is_no_card() -> None:
    # Development scene 1035: with no card edge beside it, a 7H's index seen sideways
    # read as TD, a card lying across the table.
    assert _scene_score(1035).phantoms == 0


@pytest.mark.parametrize("seed", [1132, 1147])
def test_an_index_seen_turned_where_a_surer_reading_has_one_is_no_card(seed: int) -> None:
    # Development scenes: a card's index (or a four-index deck's far one) read a second
    # time sideways, as another card lying across the first.
    assert _scene_score(seed).phantoms == 0


@pytest.mark.parametrize("seed,card", [(7000172, "KC"), (7000023, "QH")])
def test_a_card_read_at_both_its_indices_is_measured_by_them(seed: int, card: str) -> None:
    # Development scenes (seeds from 7,000,000: below the held-out ones): 7000172's lone
    # KC on a checked cloth, no outline of it found, and 7000023's QH lying on a KH, were
    # read sure at their index corners, but sized by their letters a third too wide: the
    # KC was reported beside where it lies (and then dropped as a phantom), the QH as a
    # card half off it. The way from one index to the other measures the card.
    score = _scene_score(seed)
    assert not any(d.startswith(card) or d.startswith(f"phantom {card}") for d in score.details), score.details


def test_a_back_whose_outline_was_found_a_corner_off_is_found_by_its_white_ring() -> None:
    # Development scene 12473: a lone back on green felt; its outline was found with one
    # corner 25 pixels off, guessed face down by its colour, and then dropped for its size
    # (something else lying there). Its white-ringed middle, which outlines it right, was
    # not looked at, a guess lying there.
    from vision.synth import random_scene

    scene = random_scene(12473)
    found = identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style)
    assert any(d.card is None and abs(d.center[0] - 957) < 20 and abs(d.center[1] - 250) < 20 for d in found), [
        (str(d.card), d.center) for d in found]


def test_a_back_lying_on_a_card_is_outlined_by_its_middle_not_by_the_white_round_it() -> None:
    # Development scene 13077: a back lying on a TH. The TH's white joins the back's
    # white border, and the hull of both (half as large again as the back's middle) was
    # taken for the back's outline: neither its lattice nor its ring showed in it.
    from vision.synth import random_scene

    scene = random_scene(13077)
    found = identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style)
    assert any(d.card is None and abs(d.center[0] - 87) < 20 and abs(d.center[1] - 341) < 20 for d in found), [
        (str(d.card), d.center) for d in found]


def test_a_back_seen_tilted_is_outlined_by_its_coloured_middle() -> None:
    # Scene 3037: a lone back on dark wood under a tilted camera. Its thin white border
    # merges into the outline's edge, and its coloured middle is more elongated than a
    # card: no outline of card proportions was found, and the back was missed.
    read, score = _read_scene(3037)
    assert "None" in read
    assert score.details == []


def test_table_closed_off_by_the_frames_edge_is_not_a_face_down_card() -> None:
    # Scene 1212: dark wood between a hand and the frame's right edge made two card-sized
    # quads, as coloured as a back.
    from vision.evaluate import score_scene
    from vision.synth import random_scene

    scene = random_scene(1212)
    found = identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style)
    assert score_scene(found, scene.truth).phantoms == 0
    assert all(d.card is not None for d in found if d.center[0] > 1150)


@pytest.mark.parametrize("card", ["JC", "KD", "9S"])
def test_a_card_outlined_a_little_loose_is_still_read(card: str) -> None:
    # An outline found around a card's shadow or blurred rim: a tenth wider all round.
    from vision.detect import Quad
    from vision.recognize import _read_quad

    placed = [PlacedCard(Card.parse(card), 0, 0, 20)]
    frame, truth = render_table(placed, seed=3, table="dark_wood", camera=Camera(px_per_mm=1.2))
    corners = truth.cards[0].corners.astype(np.float32)
    centre = corners.mean(axis=0)
    loose = (corners - centre) * 1.12 + centre
    sides = np.linalg.norm(loose - np.roll(loose, -1, axis=0), axis=1)
    read = _read_quad(frame, Quad(loose, float(sides.min()), float(sides.max())), None, 52, "en")
    assert read.reading is not None and str(read.reading.card) == card
    assert _centre_error(read.corners, loose) < 1  # the outline reported is the one found


def test_an_area_the_frames_edge_closes_off_does_not_set_the_cards_size() -> None:
    # A pale box cut by the frame's corner is outlined like a card, three times a card's
    # size: taken for one, it set the size of the cards' whiteness test and lost a small
    # court card on dark wood (edje train IMG_2486).
    from vision.detect import EDGE_BAND, _card_bounds, _edge_regions, _polygons, _sure_quads, working_gray

    frame = np.full((504, 378, 3), (30, 50, 80), np.uint8)
    cv2.fillConvexPoly(frame, np.array([[240, 0], [377, 0], [377, 200], [240, 200]], np.int32), (200, 205, 210))
    cv2.fillConvexPoly(frame, np.array([[60, 300], [130, 300], [130, 398], [60, 398]], np.int32), (235, 235, 235))
    gray, _, _ = working_gray(frame)
    h, w = gray.shape
    min_short, min_area, max_area = _card_bounds(h, w, 0.045)
    polys = _polygons(_edge_regions(gray), min_area, max_area, True, EDGE_BAND)
    sure = _sure_quads(polys, min_short, (h, w))
    assert [round(q.short_side) for q in sure] == [pytest.approx(72, abs=4)]


def test_a_corner_takes_the_size_of_the_cards_read_whole() -> None:
    # Development scene 1183: a face-down card's outline, found a tenth too small, took
    # part in the corners' card size, and a corner read at that size was a card not there.
    assert _scene_score(1183).phantoms == 0


@pytest.mark.parametrize("seed", [1100, 1183])
def test_an_index_read_as_two_values_is_one_card(seed: int) -> None:
    # Development scenes: one card's index read from two corners a little apart, once as
    # the card (whose report came from its other index) and once, less surely, as another
    # value (8C and KC, QS and QC): the other value was reported as a card beside it.
    assert _scene_score(seed).phantoms == 0


@pytest.mark.parametrize("guess", [1.8, 0.7])
def test_a_corner_of_unknown_size_is_sized_by_its_index(guess: float) -> None:
    # A corner whose outline runs on into the table gives a width far off; the rank's
    # height says how big the card is (edje train IMG_2666: an ace outlined twice its size).
    from vision.detect import CornerCandidate
    from vision.index_reader import read_index
    from vision.recognize import _corner_patch, _sized_by_index

    placed = [PlacedCard(Card.parse("AC"), 0, 0, 15)]
    frame, truth = render_table(placed, seed=4, table="dark_wood", camera=Camera(px_per_mm=1.4))
    tl, tr, _, bl = truth.cards[0].corners.astype(np.float32)
    width = float(np.linalg.norm(tr - tl))
    across, down = (tr - tl) / width, (bl - tl) / float(np.linalg.norm(bl - tl))
    corner = CornerCandidate(tl, across, down, guess * width, guess * width * 1.4, -1)
    patch = _corner_patch(frame, corner, guess * width)[0]
    reading = read_index(patch, None, 52, "en")
    assert reading is not None and str(reading.card) == "AC"
    resized = _sized_by_index(frame, corner, guess * width, patch, reading, None, 52, "en")
    assert resized is not None and str(resized[0].card) == "AC"
    got = resized[1]
    assert abs(float(np.linalg.norm(got[1] - got[0])) - width) < 0.12 * width
    right = _corner_patch(frame, corner, width)[0]
    assert _sized_by_index(frame, corner, width, right, reading, None, 52, "en") is None  # right already


def _edje_train_found(shared_datasets: Path, name: str, rank: str, at: tuple[int, int] | None = None) -> float:
    """The best IoU of a card read with ``rank`` against an edje train label of that rank
    (the one whose box holds the point ``at``, when given)."""
    from vision.evaluate import box_iou, detection_box, read_edje_labels

    root = shared_datasets / "edje-tf-cards"
    photo = cv2.imread(str(root / "train" / name))
    labels = [lab for lab in read_edje_labels(str(root / "train_labels.csv"))[name] if lab.rank == rank and (
        at is None or lab.box[0] <= at[0] <= lab.box[2] and lab.box[1] <= at[1] <= lab.box[3])]
    assert labels, f"no {rank} labelled in {name} at {at}"
    h, w = photo.shape[:2]
    found = [d for d in identify_cards(photo) if d.card is not None and d.card.rank.letter == rank]
    return max((box_iou(detection_box(d, w, h), lab.box) for d in found for lab in labels), default=0.0)


def test_a_coloured_patch_smaller_than_the_cards_is_no_card_face_down(shared_datasets: Path) -> None:
    # edje train IMG_2498: a phone photo with the cards beside coloured things half their
    # size, each outline guessed face down by its coloured middle. The set has no backs.
    photo = cv2.imread(str(shared_datasets / "edje-tf-cards" / "train" / "IMG_2498.JPG"))
    found = identify_cards(photo)
    assert not [d for d in found if d.card is None]
    assert [d for d in found if d.card is not None]


def test_a_court_card_guessed_face_down_by_its_colour_is_the_card_its_corner_reads(shared_datasets: Path) -> None:
    # edje train IMG_2614: a QS lying alone on dark cloth, outlined whole; its pale index
    # reads nothing at the outline's corners, so its picture's colours made it a back,
    # while the corner search read the queen there (0.79). The set has no backs.
    photo = cv2.imread(str(shared_datasets / "edje-tf-cards" / "train" / "IMG_2614.JPG"))
    found = identify_cards(photo)
    assert not [d for d in found if d.card is None]
    assert _edje_train_found(shared_datasets, "IMG_2614.JPG", "Q", at=(130, 410)) >= 0.5


@pytest.mark.parametrize("name", ["IMG_2460.JPG", "IMG_2526.JPG"])
def test_a_coloured_scrap_a_quarter_of_a_card_wide_is_no_card_face_down(shared_datasets: Path, name: str) -> None:
    # edje train: a queen found by her corner only, and beside her a scrap of colour a
    # quarter of her width, guessed face down by its coloured middle.
    photo = cv2.imread(str(shared_datasets / "edje-tf-cards" / "train" / name))
    found = identify_cards(photo)
    assert [d.card.rank.letter for d in found if d.card is not None] == ["Q"]
    assert not [d for d in found if d.card is None]


def test_a_jack_whose_letter_blur_joined_to_its_pip_is_read(shared_datasets: Path) -> None:
    # edje train IMG_2501: a small phone photo of a JH on a white plate. No outline shows
    # the card, and its J and heart blur into one piece of ink, pinched where they meet.
    assert _edje_train_found(shared_datasets, "IMG_2501.JPG", "J") >= 0.5


def test_a_pale_thin_red_jack_beside_its_solid_pip_is_read_as_a_jack(shared_datasets: Path) -> None:
    # edje train cam_image47: a webcam frame of four cards. The JH's thin red letter is
    # far paler than its solid heart; cut at half the heart's contrast only the J's
    # hook was left, read as a 7 (7H at 0.85).
    photo = cv2.imread(str(shared_datasets / "edje-tf-cards" / "train" / "cam_image47.jpg"))
    assert "7H" not in [str(d.card) for d in identify_cards(photo)]
    assert _edje_train_found(shared_datasets, "cam_image47.jpg", "J", at=(600, 130)) >= 0.5


def test_a_whole_card_split_by_a_reading_taken_for_no_card_is_whole_again(shared_datasets: Path) -> None:
    # edje train cam_image43: two webcam jacks on carpet. The JS's big spade, with a
    # piece of its picture, read as a 5S at 0.99 and split the outlined JS as a pile;
    # the phantom check then took the 5S for no card, and the JS went with it.
    photo = cv2.imread(str(shared_datasets / "edje-tf-cards" / "train" / "cam_image43.jpg"))
    assert "5S" not in [str(d.card) for d in identify_cards(photo)]
    assert _edje_train_found(shared_datasets, "cam_image43.jpg", "J", at=(650, 330)) >= 0.5


def test_a_picture_is_read_where_only_a_reading_of_its_art_lies_on_it(shared_datasets: Path) -> None:
    # edje train IMG_2569: three jacks and an ace on floor tiles. The JC's picture read
    # as a KS at 0.9965, which the phantom check later drops; sure, it kept the picture
    # from being read, and the JC went with it. (Read there, the picture says JC at 1.0.)
    assert _edje_train_found(shared_datasets, "IMG_2569.JPG", "J", at=(230, 140)) >= 0.5


def test_a_picture_read_clearly_only_does_not_overrule_its_cards_court_rank(shared_datasets: Path) -> None:
    # edje train IMG_2614: a QH on dark cloth, its index read QH at 0.84. The outlines
    # round its picture read KH, clearly but never surely (the Q read as a K).
    photo = cv2.imread(str(shared_datasets / "edje-tf-cards" / "train" / "IMG_2614.JPG"))
    assert "KH" not in [str(d.card) for d in identify_cards(photo)]
    assert _edje_train_found(shared_datasets, "IMG_2614.JPG", "Q", at=(150, 170)) >= 0.5


def test_a_lone_king_on_light_tiles_is_found_by_the_ring_inside_its_edge(shared_datasets: Path) -> None:
    # edje train IMG_2572: a small phone photo of kings and a ten on beige floor tiles.
    # The KC's outline touches the grout lines and its thin margin, broken by the index,
    # is no solid region: only the ring's hull outlines the card.
    assert _edje_train_found(shared_datasets, "IMG_2572.JPG", "K") >= 0.5


def test_a_king_whose_ring_the_index_letters_break_in_two_is_found(shared_datasets: Path) -> None:
    # edje train IMG_2572 again: the KS at the bottom right, the frame's edge cutting its
    # corner off. Its thin margin is broken at both index corners into two "L"s, neither
    # a ring alone; together they run round the card.
    assert _edje_train_found(shared_datasets, "IMG_2572.JPG", "K", at=(320, 360)) >= 0.5


@pytest.mark.parametrize(("name", "at"), [("IMG_2569.JPG", (231, 137)), ("IMG_2566.JPG", (211, 326))])
def test_a_jack_whose_index_pip_runs_into_its_picture_frame_is_read(
        shared_datasets: Path, name: str, at: tuple[int, int]) -> None:
    # edje train: a lone JC on light tiles and one on grey carpet, small phone photos. This
    # deck prints its court cards' frame, and the big pip in it, right beside the index:
    # at this size the index's club runs into both by a neck too wide to open.
    assert _edje_train_found(shared_datasets, name, "J", at=at) >= 0.5


def test_print_beside_a_book_title_is_no_card(shared_datasets: Path) -> None:
    # edje train IMG_2506: a 9H beside cookbooks. Letters on a spine, cut apart at a
    # neck, read as a 6S at 0.96: only a court card prints a frame beside its index.
    photo = cv2.imread(str(shared_datasets / "edje-tf-cards" / "train" / "IMG_2506.JPG"))
    assert [str(d.card) for d in identify_cards(photo)] == ["9H"]


def test_a_corner_read_sure_at_its_ranks_size_is_believed_over_a_guess(shared_datasets: Path) -> None:
    # edje train IMG_2661: a 9C half under a QC on carpet, no card outlined whole. The
    # nine's corner, sized from its sides (one running on along the queen), read QC at
    # 0.83 at 2.6 times its width; at the width its rank's height gives it reads 9C sure.
    assert _edje_train_found(shared_datasets, "IMG_2661.JPG", "9") >= 0.5


@pytest.mark.parametrize(("name", "rank"), [("IMG_2619.JPG", "T"), ("IMG_2626.JPG", "A")])
def test_an_index_whose_pip_is_nearly_as_tall_as_its_letter_is_found(shared_datasets: Path, name: str,
                                                                     rank: str) -> None:
    # edje train: a TS under a QD, an AS under a TD, in rows on dark wood; each shows one
    # index only, whose pip, small photo as it is, stands nearly as tall as its letter's
    # box. A pip was looked for under 0.8 of that box, and neither card was found.
    assert _edje_train_found(shared_datasets, name, rank) >= 0.5


def test_a_reading_dropped_as_a_phantom_does_not_cover_a_card(shared_datasets: Path) -> None:
    # edje train IMG_2452: a 9S lying on a printed certificate, found by its index alone.
    # Letters of the print read as cards over it were dropped by the phantom check, but
    # only after they had cut the nine's outline down to a strip along its top.
    assert _edje_train_found(shared_datasets, "IMG_2452.JPG", "9") >= 0.5


def test_a_corner_on_a_row_is_read_at_the_other_cards_size(shared_datasets: Path) -> None:
    # edje train IMG_2671: K, Q, Q in a row on a rug. The king's top edge runs on along
    # the queens' (three card widths), so the width guessed from its corner's sides showed
    # no index; the queens, read sure, say how big the cards are.
    assert _edje_train_found(shared_datasets, "IMG_2671.JPG", "K") >= 0.5


def test_a_king_whose_margin_only_the_strong_edges_close_is_found(shared_datasets: Path) -> None:
    # edje train IMG_2507: a KH on a beige counter beside a cookbook. Its outline runs
    # into the counter's edge; in the ring pass its margin is broken at both index
    # corners, in the strong edge pass (a wider edge band) it is two "L"s that ring it.
    assert _edje_train_found(shared_datasets, "IMG_2507.JPG", "K") >= 0.5


def test_the_lower_card_of_a_real_pair_turned_a_little_is_read(shared_datasets: Path) -> None:
    # edje train IMG_2674: an AD lying on a TH, turned a little against it. Their joint
    # outline is too skew to split, and read as a card it is none; the ten's index, at
    # its corner, reads at the size of the ace.
    assert _edje_train_found(shared_datasets, "IMG_2674.JPG", "T") >= 0.5


def test_a_real_pair_whose_outline_looks_like_a_back_is_read(shared_datasets: Path) -> None:
    # edje train IMG_2633: a JC half under a 9H. Their joint outline reads as no card, and
    # the jack's colourful art made it pass for a back; the jack's index is at its corner.
    assert _edje_train_found(shared_datasets, "IMG_2633.JPG", "J") >= 0.5


def test_a_real_card_beside_the_card_on_it_is_outlined_by_its_strip(shared_datasets: Path) -> None:
    # edje train IMG_2622: a KS under a TC, its rim showing above the ten.
    assert _edje_train_found(shared_datasets, "IMG_2622.JPG", "K") >= 0.5


@pytest.mark.parametrize("name", ["IMG_2565.JPG", "cam_image48.jpg"])
def test_a_nine_whose_index_reads_unsure_is_counted_by_its_pips(shared_datasets: Path, name: str) -> None:
    # edje train: a lone 9H on grey carpet (a phone photo) and on a pale table (a webcam's),
    # whole, each index's thin "9" sharpened into its own outline and read as a 7 or an 8
    # at 0.4-0.7. Its nine centre pips say what it is.
    assert _edje_train_found(shared_datasets, name, "9") >= 0.5


def test_a_back_whose_lattice_is_drawn_in_light_lines_is_found() -> None:
    # Development scene 5490: a red back alone on dark wood. Its lattice's light lines
    # join its thin white border into one white piece, so its middle shows no hole, and
    # the lattice cuts its inside up for the edge passes; the piece's outline is
    # card-shaped and solid.
    assert _scene_score(5490).missed == 0


def test_a_court_card_whose_letter_reads_as_a_number_is_read_as_a_court_card(shared_datasets: Path) -> None:
    # Development scene 5311: a lone JS of a Dutch deck on green felt, its B read as an 8
    # at 0.85. Its middle shows a picture, no pips: it is a court card, and its index says
    # which. (edje train cam_image23: a webcam's pale QD on wood, its Q read as a 9 at 0.7.)
    found, score = _read_scene(5311)
    assert "JS" in found and "8S" not in found and score.wrong == 0
    assert _edje_train_found(shared_datasets, "cam_image23.jpg", "Q") >= 0.5


def test_a_card_read_at_a_corner_with_nothing_on_it_is_settled_by_its_middle(shared_datasets: Path) -> None:
    # edje train cam_image32: a webcam's lone 9H on wood, outlined by a corner only and
    # read 6H at 0.96; its nine centre pips show. Development scene 10201: a JD lying on a
    # KH, read 8D at 0.79 at its corner; its middle shows a picture and no pips, and its
    # index, read as a court card's, says J.
    assert _edje_train_found(shared_datasets, "cam_image32.jpg", "9") >= 0.5
    found, score = _read_scene(10201)
    assert "JD" in found and "8D" not in found and score.wrong == 0


@pytest.mark.parametrize(("name", "court"), [("Kh", True), ("Qs", True), ("Jd", True), ("Jc", True),
                                             ("10s", False), ("9h", False), ("8d", False), ("As", False)])
def test_a_court_picture_is_told_from_pips_by_its_colours(shared_datasets: Path, name: str, court: bool) -> None:
    from vision.recognize import _court_colours

    photo = cv2.imread(str(shared_datasets / "bidly-single-cards" / f"{name}.jpg"))
    h, w = photo.shape[:2]
    assert _court_colours(photo, np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)) == court


def test_pips_of_two_sizes_under_one_outline_count_as_no_number() -> None:
    # Development scene 1144: a 4H outlined with one corner off squeezes its lower pips to
    # two thirds of the upper ones' size; counted, its ink made 3.3 pips, and a 3H.
    assert _scene_score(1144).phantoms == 0


@pytest.mark.parametrize("seed", [5106, 5407])
def test_pips_all_to_one_side_count_as_no_number(seed: int) -> None:
    # Development scenes: an outline around the visible part of a card under another one,
    # its index read unsure; the pips that show (all on one side of the card) counted as
    # a 3S and a 4S that were not there.
    assert _scene_score(seed).phantoms == 0


@pytest.mark.parametrize("seed", [5219, 6548, 8592])
def test_a_covered_club_or_spade_is_named_by_the_pip_beside_its_index(seed: int) -> None:
    # Development scenes: a 5C, an 8C, a 7C and a 7S under other cards, each index's pip
    # a few pixels across and read as either suit at 0.5-0.85; the first pip beside the
    # index, three times larger, shows which.
    score = _scene_score(seed)
    assert (score.missed, score.wrong) == (0, 0), score.details


def test_a_thin_jack_over_a_solid_club_is_an_index(shared_datasets: Path) -> None:
    # edje train IMG_2658: a JC half under a 9D on a carpet. The J's thin stroke holds
    # less ink than the club under it (68 pixels against 120): a pip was let hold at most
    # 1.3 times its letter's ink, and the index was no index.
    assert _edje_train_found(shared_datasets, "IMG_2658.JPG", "J") >= 0.5


@pytest.mark.parametrize("seed", [5421, 5512, 8227])
def test_an_index_of_another_size_than_the_cards_read_whole_is_looked_for_too(seed: int) -> None:
    # Development scenes: an AS whose camera tilt makes it a fifth wider than the 9S read
    # whole at the frame's far side (its letter was too tall for that card size), and a
    # 2C and an 8C under other cards whose index ink showed only when looked for at no
    # set card size. Found at their own size, such indices count when they read sure.
    assert _scene_score(seed).missed == 0


@pytest.mark.parametrize("seed", [5522, 5574, 8170])
def test_two_sure_indices_of_different_ranks_a_fifth_of_a_card_apart_are_two_cards(seed: int) -> None:
    # Development scenes: rows stepped tight (a TC's "10" beside the 9C lying on it, a 3D's
    # index beside a 7D's), each index read sure, taken for one index read twice.
    assert _scene_score(seed).missed == 0


def test_the_printed_heading_of_a_notepad_beside_a_card_is_no_card(shared_datasets: Path) -> None:
    # edje train IMG_2499: a QS beside a notepad (a score sheet's place at a card table).
    # The pad's printed heading, letters over letters, was read as an 8C at a corner.
    photo = cv2.imread(str(shared_datasets / "edje-tf-cards" / "train" / "IMG_2499.JPG"))
    assert [str(d.card) for d in identify_cards(photo)] == ["QS"]


def test_a_ring_is_read_only_at_an_index_inside_the_frame() -> None:
    from vision.recognize import _index_in_frame

    card = np.array([[100, 100], [163, 100], [163, 188], [100, 188]], np.float32)
    assert _index_in_frame(card, (480, 640, 3))
    # The same card with its top-left index beyond the frame's left edge: the patch there
    # would repeat the frame's edge pixels.
    assert not _index_in_frame(card - np.float32([130, 0]), (480, 640, 3))
    assert _index_in_frame(card - np.float32([103, 0]), (480, 640, 3))  # a few pixels out: still seen


def test_a_real_ace_outlined_by_a_runaway_corner_is_boxed_at_its_size(shared_datasets: Path) -> None:
    # edje train IMG_2666: an ace lying beside a queen on a striped rug, both read at a
    # corner; the ace's corner ran on into the rug's stripes.
    assert _edje_train_found(shared_datasets, "IMG_2666.JPG", "A") >= 0.5


@pytest.mark.parametrize("seed", [1072, 1146])
def test_a_pip_on_a_covered_card_read_askew_as_an_index_is_no_card(seed: int) -> None:
    # Development scenes: a centre pip of a partly covered card (cut by the edge of the
    # card lying on it) read as a letter with a pip, as a card lying askew across it.
    assert _scene_score(seed).phantoms == 0


def test_a_card_whose_index_lies_on_its_neighbours_hidden_corner_is_read() -> None:
    # Development scene 1053: in a fanned pair the jack's index lies where the two's
    # bottom-right index would be (hidden under the jack); read sure as another value,
    # it is the jack, not the two's other index.
    from vision.synth import random_scene

    scene = random_scene(1053)
    found = {str(d.card) for d in identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style)}
    assert {"JH", "2C"} <= found


@pytest.mark.parametrize("seed", [10110, 8466])
def test_two_cards_read_clearly_as_different_ranks_are_not_one_card_read_twice(seed: int) -> None:
    # Development scenes: a fanned row's card (a 7C, a KC) read at 1.0 where another
    # card, read at 1.0 as another rank at its far index, puts its bottom-right index.
    # Taken for one card read at its two diagonal indices, the first was dropped; a card's
    # other index is misread less sure (1767: an 8H's as 3D at 0.98), or as its own rank.
    assert _scene_score(seed).missed == 0


def test_two_sure_readings_of_one_rank_in_two_colours_are_not_one_card_read_twice() -> None:
    # Development scene 10585: a JH lies on a JS, shifted a third of an index along, so
    # the JH read at its bottom-right index (0.993) puts its other index where the JS was
    # read (0.99): one card's two diagonal indices, it seemed. But one card's two indices
    # are not read sure in two colours: the ink's colour is not what the reader misses.
    found, score = _read_scene(10585)
    assert {"JH", "JS"} <= found and score.missed == 0 and score.phantoms == 0


def test_two_sure_readings_of_a_split_pile_are_not_one_card_read_twice() -> None:
    # Development scene 8066: a JD almost wholly under a TC, an outline read whole and
    # then found to be two cards. The ten read at its far index (1.0) and the jack's
    # index beside the ten's corner (0.995) lie as one card's two diagonal indices.
    found, score = _read_scene(8066)
    assert {"TC", "JD"} <= found and score.phantoms == 0


def test_a_corner_under_a_face_down_guess_is_still_a_card() -> None:
    # Development scene 10327: a KC at the end of a row, read at 1.0; a patch of light
    # wood beside the row, guessed face down, holds the tip of its corner. Only a card
    # read whole holds a reading's corner: a back holds its index, or nothing of it.
    found, score = _read_scene(10327)
    assert "KC" in found and score.missed == 0


def test_an_ace_of_clubs_with_a_small_pip_is_not_taken_for_the_ace_of_spades() -> None:
    # Development scene 1058: an AC whose index pip, 7 pixels across, the four-suit
    # network read as a spade.
    score = _scene_score(1058)
    assert (score.correct, score.phantoms) == (score.expected, 0), score.details


@pytest.mark.parametrize("seed", [4287, 6375, 6558])
def test_a_black_reading_both_suit_networks_doubt_is_no_card(seed: int) -> None:
    # Development scenes: a 6S beside a JH (4287), a 6C reported where a 2S lies on a 6S
    # (6375) and an AS in the middle of an AC (6558): black readings the black-pip
    # network doubts, which the four-suit network alone had named surely enough to report.
    score = _scene_score(seed)
    assert (score.correct, score.phantoms) == (score.expected, 0), score.details


def test_a_four_index_cards_far_index_read_its_own_way_does_not_make_it_a_pile() -> None:
    # A lone TH of a four-index deck, read whole: its top-right index, read with the
    # card's own turn (its print then lies sideways), read as a 4H at 0.975. Taken for a
    # card lying on the TH, it made the TH a pile of two cards and the 4H a phantom.
    assert _four_index_cards(4, ("TD", "TS", "TH")) == ["TD", "TH", "TS"]
    # Development scene 6430: a 9D so made a pile, then read only at a corner, its
    # reading was dropped by the phantom check and the card missed.
    assert _scene_score(6430).missed == 0


def test_a_card_of_one_rank_and_colour_at_a_cards_far_index_place_is_a_card_of_its_own() -> None:
    # Development scene 4208: a QS lies under a QC, its index just where a four-index
    # deck prints the QC's top-right index, the same way up. Taken for that index, it was
    # missed. Read upright there, it names its own suit, less surely than the QC.
    assert _scene_score(4208).missed == 0
    # Scene 4169 (a four-index deck): a 2C read whole as 2S at 0.993 whose far index
    # reads 2C at 0.997 is still one card, named by the surer reading.
    score = _scene_score(4169)
    assert (score.correct, score.phantoms) == (score.expected, 0), score.details


def test_a_card_found_to_be_a_pile_keeps_its_value_read_at_its_far_index() -> None:
    # Development scene 10514: a TD read whole at 0.504, read again at 1.0 at its far
    # index place, and a QC's index on it made it a pile. The surer reading was dropped
    # with the whole card's outline, the unsure one then lost to the QC: the TD missed.
    score = _scene_score(10514)
    assert (score.correct, score.phantoms) == (score.expected, 0), score.details


def test_a_card_read_unsure_whole_is_vouched_for_by_its_own_index_read_again() -> None:
    # Development scene 6529: an AS read whole at 0.759 (its two indices read apart),
    # then taken for a pile by its own index misread turned (a 7S at 0.996). Its index,
    # found by its ink and read at 1.0, was passed over as the card's own.
    score = _scene_score(6529)
    assert (score.correct, score.wrong, score.phantoms) == (score.expected, 0, 0), score.details


def test_a_card_read_unsure_whole_takes_its_own_index_read_clearly_as_another_value() -> None:
    # Development scene 13292: a pile's outline, its corner a little off, read a French
    # R (KD) at its index as a TD at 0.81; the index, placed by its own ink, read KD at
    # 1.0, and was passed over as the card's own.
    score = _scene_score(13292)
    assert (score.correct, score.wrong) == (score.expected, 0), score.details


def test_a_card_takes_the_suit_its_other_index_reads_clearly() -> None:
    # Development scene 12623: an 8D read whole as an 8S at 0.989, its other index read
    # 8D at 1.0, which was passed over as the card's own print.
    score = _scene_score(12623)
    assert (score.correct, score.wrong) == (score.expected, 0), score.details


@pytest.mark.parametrize("seed", [10483, 8085])
def test_a_ten_blurred_into_one_piece_beside_other_ink_is_read(seed: int) -> None:
    # Development scenes: a TH (10483) and a TS (8085) whose "10" the blur joined into
    # one round piece, with a piece of other ink beside it (another card's print) that
    # made a "10" of the two: the card was offered only turned, and read as nothing.
    assert _scene_score(seed).missed == 0


@pytest.mark.parametrize("seed", [2, 23])
def test_a_tens_zero_alone_is_not_read_as_a_queen(seed: int) -> None:
    # A letter beside another piece of ink is offered alone too (a row's card on the
    # index of the card before it), but not where that piece makes a "10": the "0"
    # alone, its pip off to the side, read as a QH at 0.98.
    assert _four_index_cards(seed, ("TD", "TS", "TH")) == ["TD", "TH", "TS"]


def _real_deck_photo(shared_datasets: Path, seed: int, style: str = "auto", shadow: bool = False
                     ) -> tuple[set[str], SceneScore]:
    """Development photo ``seed`` of the real-deck probe (the bidly photos printed on a
    rendered light table, ``tools/probe_vision.py photo``, with ``--shadow`` when
    ``shadow``): its readable cards, and how ``identify_cards`` scored on it."""
    from vision.evaluate import score_scene
    from vision.faces import DeckDesign
    from vision.synth import table_photo_scene

    scene = table_photo_scene(seed, DeckDesign(photos=str(shared_datasets / "bidly-single-cards"),
                                                back_pattern="scrollwork"), shadow=shadow)
    score = score_scene(identify_cards(scene.frame, deck=scene.deck, style=style), scene.truth)
    return {str(t.card) for t in scene.truth.readable()}, score


@pytest.mark.parametrize("seed", [75, 97])
def test_a_real_bridge_size_decks_court_cards_are_read_on_a_light_table(shared_datasets: Path, seed: int) -> None:
    # The bidly photos laid on rendered light tables (development scenes of the photo
    # probe): seed 75 has a KH lying alone on light wood, seed 97 a KC, KD and QD. Their
    # pictures' frames touch the index letters and pips, and were read as no card (or
    # the KD, by its picture's colours, as face down).
    from vision.evaluate import score_scene
    from vision.faces import DeckDesign
    from vision.synth import table_photo_scene

    design = DeckDesign(photos=str(shared_datasets / "bidly-single-cards"), back_pattern="scrollwork")
    scene = table_photo_scene(seed, design)
    score = score_scene(identify_cards(scene.frame, deck=scene.deck), scene.truth)
    courts = [t for t in scene.truth.readable() if t.card is not None and t.card.rank >= 11]
    assert courts and not any(d[:1] in "JQK" for d in score.details), score.details
    assert score.phantoms == 0


def test_a_court_card_whose_picture_runs_into_its_neighbours_print_is_found_by_it(shared_datasets: Path) -> None:
    # Development photo 38: a QH lying whole between a 5H and a JC on a pale cloth. Its
    # heart pip is joined to the JC's edge, so no index pair finds it, and its picture's
    # ink, closed, runs into both neighbours' print: one block of ink far larger than a
    # picture. Opened, the thin edges between go and the picture stands alone.
    _, score = _real_deck_photo(shared_datasets, 38)
    assert not [d for d in score.details if d.startswith("QH")], score.details


@pytest.mark.parametrize("seed", [82, 245])
def test_a_thin_red_seven_beside_its_solid_pip_is_found_by_its_index(shared_datasets: Path, seed: int) -> None:
    # Development photos 82 and 245: a bidly 7H lying whole on light wood. At camera size
    # its thin red 7 holds 19-22 pixels of ink, its solid heart 41-44: more than twice
    # the letter's, so the heart was passed over as the letter's pip.
    _, score = _real_deck_photo(shared_datasets, seed)
    assert not [d for d in score.details if d.startswith("7H")], score.details


@pytest.mark.parametrize("seed, card", [(23, "QS"), (163, "KS"), (316, "QS")])
def test_a_real_black_court_cards_suit_is_told_by_its_pictures_pip(shared_datasets: Path, seed: int,
                                                                   card: str) -> None:
    # Development photos: 23, a QS lying alone, its index pip read as a club (QC, 0.984);
    # 163, a KS under a 2S, its index read KS at 0.898, too unsure to count; 316, a QS
    # under a KC, read QS at one index and QC whole. The picture's big spade beside each
    # index names the suit plainly, and the card is reported once.
    _, score = _real_deck_photo(shared_datasets, seed)
    assert not [d for d in score.details if d.startswith(card)], score.details
    assert score.phantoms == 0, score.details


def test_a_court_reading_whose_picture_pip_names_the_other_suit_counts_no_more(shared_datasets: Path) -> None:
    # Development photo 4172 (scrollwork backs): a JC's lower corner, read as a KS at 0.88
    # (too unsure to count), its implied card turned against the JC. The JC's big club
    # lay where a KS's picture pip would, and made it a KC at 0.998: a phantom.
    _, score = _real_deck_photo(shared_datasets, 4172)
    assert score.phantoms == 0, score.details


def test_a_court_pip_on_carpet_makes_no_card(shared_datasets: Path) -> None:
    # edje train cam_image42: a KH and two aces on carpet. A patch of carpet beside them
    # reads as a QS at 0.73; a dark tuft where its picture pip would lie named clubs, and
    # made it a QC at 0.99.
    photo = cv2.imread(str(shared_datasets / "edje-tf-cards" / "train" / "cam_image42.jpg"))
    assert not [d for d in identify_cards(photo) if d.card is not None and d.card.rank == Rank.QUEEN]


def test_a_court_index_fitted_to_its_card_edges_counts_when_read_sure(shared_datasets: Path) -> None:
    # Development photo 15: a QC under a 2H, its index found by its ink a little off and
    # read as nothing; fitted to the card's edges it reads QC at 0.9985, which did not
    # count (only 0.999 did; FITTED_CLEAR is 0.995).
    _, score = _real_deck_photo(shared_datasets, 15)
    assert not [d for d in score.details if d.startswith("QC")], score.details


def test_a_card_under_a_court_cards_picture_stays_when_the_picture_is_read(shared_datasets: Path) -> None:
    # Development photo 4167: a QD read at 0.998 by its index, which
    # shows beside a QS lying on it; the QS's picture lies on the QD's outline. Read as
    # the QS, the picture replaced every reading on its middle, the QD's too.
    _, score = _real_deck_photo(shared_datasets, 4167)
    assert not [d for d in score.details if d.startswith("QD")], score.details


def test_separate_bridge_size_cards_are_read_by_the_first_look(bridge_deck: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # A bridge-size deck (1.55 long for 1 wide) is as common at a Dutch or German table
    # as a poker-size one: its plain frames must not all take the full search (ten
    # times dearer), which runs only when the first look leaves something unexplained.
    import vision.recognize
    from vision.faces import DeckDesign

    def no_full_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("the full search ran")

    monkeypatch.setattr(vision.recognize, "find_regions", no_full_search)
    cards = [PlacedCard(Card.parse(c), x, y, a) for c, x, y, a in LAYOUT]
    frame, _ = render_table(cards, seed=1, table="light_wood", camera=Camera((1280, 720), 2.2),
                            design=DeckDesign(photos=str(bridge_deck)), effects=Effects(noise=2, jpeg_quality=90))
    assert sorted(str(d.card) for d in identify_cards(frame)) == sorted(c for c, *_ in LAYOUT)


@pytest.mark.parametrize("seed,card", [(26, "JH"), (190, "QS")])
def test_a_played_rows_card_is_found_by_its_index_with_thin_lines_opened_out(seed: int, card: str) -> None:
    # Development rows laid as played: a card's index shows beside the next card, but
    # the ink finder pairs its letter and pip only once lines a pixel wide (a picture's
    # frame, a card's edge) are opened out of the ink.
    from vision.evaluate import score_scene
    from vision.synth import played_row_scene

    scene = played_row_scene(seed)
    found = identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style)
    assert card in {str(d.card) for d in found}
    assert score_scene(found, scene.truth).phantoms == 0


def test_a_real_court_card_in_a_pair_is_found_by_its_index(shared_datasets: Path) -> None:
    # Development photo 39 of the real-deck probe: a bidly QC whose index pip the frame
    # line joins to the picture's pip.
    cards_there, score = _real_deck_photo(shared_datasets, 39, "en")
    assert not any(d.startswith("QC") for d in score.details) and score.phantoms == 0, score.details


def _read_with_no_phantom(shared_datasets: Path, seed: int, card: str) -> None:
    """Development photo ``seed`` of the real-deck probe holds ``card``, and it is read
    right there with no phantom anywhere in the photo."""
    cards_there, score = _real_deck_photo(shared_datasets, seed, "en")
    assert card in cards_there
    assert not any(d.startswith(card) for d in score.details) and score.phantoms == 0, score.details


@pytest.mark.parametrize("seed,card", [(22, "KH"), (51, "JH")])
def test_a_real_court_card_whose_index_pip_the_picture_joins_is_found_by_its_letter(
        shared_datasets: Path, seed: int, card: str) -> None:
    # Development photos of the real-deck probe: a bidly KH and JH in rows. The frame line
    # is as wide as the ink of the letters, so even with thin lines opened out the index
    # pip is part of the picture: the letter alone, with the picture's ink where its pip
    # belongs and paper the other way, gives the corner.
    _read_with_no_phantom(shared_datasets, seed, card)


def test_a_lone_real_jack_with_no_outline_of_its_own_is_read_at_its_fitted_corner(shared_datasets: Path) -> None:
    # Development photo 3: a bidly JC lying alone on beige, its white joined to the next
    # card's by a sliver (no outline of its own). Its letter gives the corner (above), 9
    # degrees off, read JC at 0.68; fitted to the card's edges it reads at 1.0.
    cards_there, score = _real_deck_photo(shared_datasets, 3, "en")
    assert score.details == [] and score.correct == score.expected


@pytest.mark.parametrize("seed,card", [(37, "QD"), (95, "QC")])
def test_a_real_court_card_read_unsure_at_its_index_is_read_again_at_its_edges_corner(
        shared_datasets: Path, seed: int, card: str) -> None:
    # Development photos of the real-deck probe: the corner the index gave lay a few
    # pixels and degrees off, and the bridge-size court index cut so read as nothing
    # sure enough to count (the QC as a QC at 0.62); at the corner where the card's two
    # edges cross it reads sure.
    cards_there, score = _real_deck_photo(shared_datasets, seed, "en")
    assert card in cards_there
    assert not any(d.startswith(card) or d.startswith(f"phantom {card}") for d in score.details), score.details


@pytest.mark.parametrize("seed,card", [(13, "KD"), (68, "KH")])
def test_a_real_court_card_is_found_by_its_letter_when_no_card_is_read_whole(
        shared_datasets: Path, seed: int, card: str) -> None:
    # Development photos 13 and 68 of the real-deck probe: a bidly KD and KH partly under
    # other cards, no card in the frame read whole, and the index pip joined to the
    # picture. The letter alone gives the card's size and corner (13's KD reads there
    # once the corner is fitted to the card's edges).
    _read_with_no_phantom(shared_datasets, seed, card)


@pytest.mark.parametrize("seed,card", [(44, "JD"), (91, "JH")])
def test_a_real_court_cards_corner_read_as_nothing_is_read_at_its_edges_corner(
        shared_datasets: Path, seed: int, card: str) -> None:
    # Development photos 44 and 91 of the real-deck probe: a bidly JD and JH partly
    # under other cards. The corner the outline gave lay a few pixels and degrees off
    # (91's with its width guessed), and the court index cut there read as nothing; fitted
    # to the card's two edges it reads the card clearly.
    _read_with_no_phantom(shared_datasets, seed, card)


def test_a_court_cards_ring_read_sure_replaces_an_unsure_reading_of_its_value(shared_datasets: Path) -> None:
    # Development photo 104 of the real-deck probe: a bidly JD lying alone on light wood,
    # no outline of it found. Its index, found by the ink a little off, read JD at 0.74 and
    # went as a phantom; its ring of card stock reads JD at 1.0 at its own corner.
    _read_with_no_phantom(shared_datasets, 104, "JD")


def test_a_court_cards_ring_read_clearly_at_both_corners_is_the_card(shared_datasets: Path) -> None:
    # Development photo 361 of the real-deck probe: a bidly JS alone on light wood, a 4C's
    # corner lying on its edge. Its ring of card stock reads JS at 0.90 and 0.94 at its
    # two index corners (the black pip not named surely): neither sure alone, both one
    # value. The 4C's outline, overlapping the ring a little, had kept it from being read.
    _read_with_no_phantom(shared_datasets, 361, "JS")


@pytest.mark.parametrize("seed,card", [(87, "KH"), (96, "JC")])
def test_a_real_court_card_on_a_light_table_is_found_by_its_picture(
        shared_datasets: Path, seed: int, card: str) -> None:
    # Development photos 87 and 96 of the real-deck probe: a bidly KH and JC on beige,
    # lying beside and on other cards. No outline, ring or index corner of either is
    # found (the table is nearly as light as the card, and the index letter and pip
    # touch the picture's frame line). The picture, a card-shaped block of print, gives
    # each card's middle and turn, and the outlines guessed around it read it sure.
    _read_with_no_phantom(shared_datasets, seed, card)


@pytest.mark.parametrize("seed,card", [(49, "QC"), (70, "JS")])
def test_a_real_court_cards_picture_read_sure_replaces_an_unsure_reading_on_it(
        shared_datasets: Path, seed: int, card: str) -> None:
    # Development photos 49 and 70 of the real-deck probe: a bidly QC on white and a JS
    # on beige. Each index, found by its ink a little off, read in the other black suit
    # unsure (QS at 0.84, JC at 0.90); the outlines guessed around the picture read the
    # card itself sure.
    _read_with_no_phantom(shared_datasets, seed, card)


@pytest.mark.parametrize("seed,card", [(121, "QC"), (236, "QH"), (139, "JH"), (141, "JS")])
def test_a_real_court_card_on_light_wood_is_found_by_its_picture(shared_datasets: Path, seed: int, card: str) -> None:
    # Development photos 121, 236, 139 and 141 of the real-deck probe: a bidly QC, QH,
    # JH and JS on light wood. Beside a card the wood is darker than card stock in its
    # blue and passes for ink; the index letters touching the card's edge joined the
    # picture to the table. Ink of the table's own colour is left out (the JH and JS:
    # within 80 grey levels, not 60), and the picture stands alone.
    if seed != 236:
        _read_with_no_phantom(shared_datasets, seed, card)
        return
    # Photo 236's cards read 86 pixels wide reduced, so it is read again in two parts.
    # There every card reads right, but a JH under a QS also reads as an AD at 0.994: a
    # phantom the closer look brought (the development photos as a whole: 10 -> 7).
    cards_there, score = _real_deck_photo(shared_datasets, seed, "en")
    assert card in cards_there and score.correct == score.expected and score.phantoms <= 1, score.details


def test_a_real_court_card_read_clearly_by_many_outlines_round_its_picture_is_the_card(
        shared_datasets: Path) -> None:
    # Development photo 124 of the real-deck probe: a bidly QS on beige whose index,
    # bridge-size on a small photo, reads QS at 0.5 to 0.97 at the outlines guessed round
    # its picture, never sure: twelve readings agreeing make it the card.
    _read_with_no_phantom(shared_datasets, 124, "QS")


@pytest.mark.parametrize("seed,card", [(232, "QC"), (339, "QH")])
def test_a_real_court_card_guessed_face_down_by_its_colours_is_read_at_its_picture(
        shared_datasets: Path, seed: int, card: str) -> None:
    # Development photos 232 and 339 of the real-deck probe: a bidly QC on beige and a QH
    # whose outline was found, read as nothing at its corners, and guessed face down by
    # its coloured middle (court art is as coloured as a back). The outlines guessed
    # round its picture read it.
    _read_with_no_phantom(shared_datasets, seed, card)


@pytest.mark.parametrize("seed,card", [(83, "KS"), (222, "KS")])
def test_a_real_bridge_size_court_card_is_read_round_its_picture_at_its_own_length(
        shared_datasets: Path, seed: int, card: str) -> None:
    # Development photos 83 and 222 of the real-deck probe: a bidly KS alone on white
    # (222's outline guessed face down by its colours). The bidly deck is bridge-size,
    # 1.55 times as long as wide: outlines guessed at a poker-size card's length put its
    # index corner a twentieth of a card off, where the KS reads as nothing.
    _read_with_no_phantom(shared_datasets, seed, card)


def test_a_real_card_misread_at_one_index_is_read_by_the_other_where_its_pips_agree(shared_datasets: Path) -> None:
    # Development photo 201 of the real-deck probe: a bidly 3D read whole as a 5D at 1.0
    # (its thin 3); its other index read 3D, less sure. Its middle shows three pips.
    _read_with_no_phantom(shared_datasets, 201, "3D")


def test_a_book_title_turned_sideways_is_no_court_card(shared_datasets: Path) -> None:
    # edje train IMG_2536: a KS half under a book whose title runs sideways. A title
    # letter with a larger letter a pip's distance one way and paper the other looks like
    # a court letter whose pip the picture joins; sized by itself (no card is read whole)
    # it read KS at 0.99. Found so, an index counts only when it reads clearly.
    from vision.evaluate import box_iou, detection_box, read_edje_labels

    root = shared_datasets / "edje-tf-cards"
    photo = cv2.imread(str(root / "train" / "IMG_2536.JPG"))
    (label,) = read_edje_labels(str(root / "train_labels.csv"))["IMG_2536.JPG"]
    h, w = photo.shape[:2]
    assert all(box_iou(detection_box(d, w, h), label.box) > 0 for d in identify_cards(photo))


@pytest.mark.parametrize("seed,cards", [(1, ["5D", "6H"]), (4, ["5H", "2H"])])
def test_a_real_decks_thin_pale_rank_is_found_by_its_ink(shared_datasets: Path, seed: int, cards: list[str]) -> None:
    # Development photos 1 and 4 of the real-deck probe: bidly number cards (a 5D and 6H,
    # a 5H at the start of a row and a 2H on a 3H) whose thin red rank breaks into specks
    # at the ink finder's usual cut; cut lower, the letter is whole and pairs with its pip.
    cards_there, score = _real_deck_photo(shared_datasets, seed, "en")
    assert set(cards) <= cards_there
    assert not any(d.split(" ")[0] in cards or d.startswith("phantom") for d in score.details), score.details


@pytest.mark.parametrize("seed,card", [(161, "3H"), (202, "3C")])
def test_a_real_flat_topped_three_read_as_a_five_is_counted_by_its_pips_though_a_card_lies_near(
        shared_datasets: Path, seed: int, card: str) -> None:
    # Development photos 161 and 202 of the real-deck probe: a bidly 3 (its top bar flat,
    # as a 5's) read at its corner as a 5 at 0.97, its outline overlapping another card's.
    # Its three centre pips, counted cleanly, say what it is.
    _read_with_no_phantom(shared_datasets, seed, card)


def _edje_train(shared_datasets: Path, name: str) -> tuple[list[tuple[str, float]], list[str]]:
    """What ``identify_cards`` reads in an edje train photo (each card with its box's
    IoU against the best label of its rank), and the photo's labelled ranks."""
    from vision.evaluate import box_iou, detection_box, read_edje_labels

    root = shared_datasets / "edje-tf-cards"
    photo = cv2.imread(str(root / "train" / name))
    labels = read_edje_labels(str(root / "train_labels.csv"))[name]
    h, w = photo.shape[:2]
    read = [(str(d.card), max((box_iou(detection_box(d, w, h), lab.box) for lab in labels
                               if d.card is not None and lab.rank == d.card.rank.letter), default=0.0))
            for d in identify_cards(photo)]
    return read, [lab.rank for lab in labels]


@pytest.mark.parametrize("name", ["cam_image1.jpg", "IMG_2614.JPG"])
def test_a_small_tens_index_pip_blurred_into_the_centre_pip_beside_it_is_read(shared_datasets: Path,
                                                                              name: str) -> None:
    # edje train: a 10C 71 pixels wide on a light table (webcam), and one cut by the
    # photo's edge. Its pale "10" reads clearly, but its pip has run into the centre pip
    # beside it; cut off that at the neck, it was taken for a court card's frame beside
    # a number's index, and the reading thrown away.
    read, _ = _edje_train(shared_datasets, name)
    assert any(card == "TC" and iou >= 0.5 for card, iou in read), read


def test_a_book_titles_letters_whose_pip_is_cut_off_a_word_are_no_card(shared_datasets: Path) -> None:
    # edje train IMG_2506: a 9H beside a row of cookbooks. A spine's letters, a rank over
    # a "pip" cut off the next letter at a neck, read 6S at 0.96: a number's pip cut off
    # other ink counts only when its rank reads clearly.
    read, labels = _edje_train(shared_datasets, "IMG_2506.JPG")
    assert labels == ["9"] and [card for card, _ in read] == ["9H"], read


def test_a_half_hidden_eights_index_read_as_a_sure_three_is_made_no_surer() -> None:
    # Development row 128 laid as played: the 8C's index, its left half under the JD,
    # reads 3C at 0.998. The 3-or-5 network agreed, at 0.9996; made that sure, the reading
    # passed the rules that weigh clear readings and stayed, a phantom. It only makes
    # surer what the rank networks read less than sure.
    from vision.evaluate import score_scene
    from vision.synth import played_row_scene

    scene = played_row_scene(128)
    found = identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style)
    score = score_scene(found, scene.truth)
    assert score.correct == 4 and score.phantoms == 0, score.details


@pytest.mark.parametrize("seed,card", [(194, "3C"), (265, "3H")])
def test_a_real_three_read_right_at_one_index_and_as_a_five_at_the_other_is_one_card(
        shared_datasets: Path, seed: int, card: str) -> None:
    # Development photos 194 and 265 of the real-deck probe: a bidly 3 read sure at one
    # index and as a 5 at the other (both 0.999 and more), each implying the same card
    # turned half round. Its centre pips, counted, say which: one card, no phantom 5.
    _read_with_no_phantom(shared_datasets, seed, card)


@pytest.mark.parametrize("seed,card", [(196, "KC"), (286, "7H"), (292, "TC")])
def test_a_corner_read_unsure_is_read_again_where_its_cards_edges_cross(
        shared_datasets: Path, seed: int, card: str) -> None:
    # Development photos of the real-deck probe: bidly cards in piles and rows, each with
    # an index corner in view found a few pixels and degrees off where the card touches
    # another. Read there, the index read 0.7-0.8: enough to count, too little to survive
    # the phantom check. Fitted to the card's two edges, it reads clearly.
    _read_with_no_phantom(shared_datasets, seed, card)


def test_a_corner_whose_sides_were_guessed_far_from_square_is_fitted_square(shared_datasets: Path) -> None:
    # Development photo 170 of the real-deck probe: a bidly 7H lying on a TD in a row,
    # its top-left corner white on white. Its bottom-right corner, where the outline of
    # the row turns, was found with its long side 14 degrees off square: read there at
    # 0.74, it went as a phantom; the fit, its long edge sought near that side, ran into
    # the card. Sought square to the card's top, the edge puts the corner right: 1.0.
    _read_with_no_phantom(shared_datasets, 170, "7H")


def test_a_fitted_corner_read_as_nothing_is_read_at_a_longer_cards_shape(shared_datasets: Path) -> None:
    # Development photo 301 of the real-deck probe: a bidly JD lying on a JS near the
    # tilted camera's side, seen 1.69 times as long as wide. Its corner, fitted to its
    # edges, is right, but its index cut at a poker card's shape is a fifth too tall and
    # read as nothing; at a longer shape it reads JD at 1.0.
    _read_with_no_phantom(shared_datasets, 301, "JD")


def test_a_card_read_clearly_on_another_read_clearly_is_not_taken_for_its_print(shared_datasets: Path) -> None:
    # Development photo 227 of the real-deck probe: a bidly AD lying turned across a 2H,
    # its index on the 2H's face, no card edge beside it (white on white). Both read at
    # 1.0, the 2H by a hair surer, and a reading turned against a surer one whose card
    # its index lies on was taken for that card's print (a centre pip cut by an edge
    # reads as a letter). Two different ranks read clearly are two cards.
    _read_with_no_phantom(shared_datasets, 227, "AD")


def test_a_black_index_asks_its_own_pips_past_a_reading_turned_against_it() -> None:
    # Development scene 13097: a TC half under a JD on a cloth, its index read TS at 0.76
    # (a club and a spade a few pixels across are one blob). The pips beside its index
    # say club plainly, but two of its centre pips, read as an 8S index turned 136
    # degrees from the TC, were taken for a card lying there and hid them; that 8S then
    # dropped the TS as its own print. A card turned so far would show its clubs and
    # spades turned, and only upright pips count: the TC is read right, and no 8S.
    found, score = _read_scene(13097)
    assert "TC" in found and "8S" not in found
    assert score.details == []


def test_print_whose_speck_lies_within_a_letters_box_is_no_card(shared_datasets: Path) -> None:
    # edje train IMG_2507: a KH beside a cookbook. A letter of the book's print with a
    # speck nearer than its upright box allows (as a turned ten's pip lies) read 2S at
    # 0.98. Such pairs count only when they read clearly: the KH is all there is.
    read, _ = _edje_train(shared_datasets, "IMG_2507.JPG")
    assert [card for card, _ in read] == ["KH"]


def test_a_card_read_clearly_at_its_corner_outlasts_a_wrong_outline_read_as_it() -> None:
    # Development scene 12130: an 8C lying on a back on a cloth. The back's outline, taken
    # with the 8C's edge, was read 8C at 0.994 at a corner that saw the 8C's index; the
    # 8C's own corner read it at 1.0 and was dropped as that card read again. The 8C was
    # reported where the back lies, a phantom, and missed where it lies.
    read, score = _read_scene(12130)
    assert "8C" in read
    assert not any(line.startswith("8C") for line in score.details), score.details


def test_one_value_read_at_several_places_sizes_the_cards_once() -> None:
    # Development scene 12906: a KS and a JD of a Dutch deck on a check cloth. The cloth's
    # checks read as a Dutch H (a KH) at three places, each at one guessed size twice a
    # card's; those three set the cards' usual size, and the KS, read at 0.998 at its own
    # size, was dropped as a card of another size. One value is one card at most.
    read, score = _read_scene(12906)
    assert "KS" in read and "KH" not in read
    assert not any(line.startswith("KS") or "KH" in line for line in score.details), score.details


def _no_full_search(*args: object, **kwargs: object) -> None:
    """``find_regions`` for a test that the quick looks answer a frame."""
    raise AssertionError("the full search ran")


def test_a_real_decks_separate_cards_are_read_without_the_full_search(
        shared_datasets: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The speed benchmark's four cards printed from the bidly photos at its camera's 1.4
    # px/mm: the QS's picture and the TC's pips, all but touching, break their white
    # faces into pieces, which the first look takes for no card (the full search took
    # 130 ms); the second look reads their broken rings of card stock.
    from vision import recognize
    from vision.faces import DeckDesign

    cards = [PlacedCard(Card.parse(c), x, y, a) for c, x, y, a in
             (("QS", -150, 60, 10), ("7H", 0, 110, -5), ("AD", 150, 40, 30), ("TC", 20, -100, 170))]
    frame, _ = render_table(cards, seed=1, table="light_wood", camera=Camera((1280, 720), 1.4),
                            design=DeckDesign(photos=str(shared_datasets / "bidly-single-cards")),
                            effects=Effects(noise=3, jpeg_quality=85, light_gradient=0.3))

    monkeypatch.setattr(recognize, "find_regions", _no_full_search)
    assert sorted(str(d.card) for d in identify_cards(frame)) == ["7H", "AD", "QS", "TC"]


@pytest.mark.parametrize("table", ["green_felt", "dark_wood", "light_wood"])
def test_face_up_cards_only_beside_backs_lying_apart_take_no_full_search(
        table: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Gathered tricks lie face down all through a deal: every frame of the simulated
    # table's deals took the full search for them. The tracker asks for face-up cards only.
    # (On light wood the grain beside a dark back passed for card stock, at half the
    # whiteness of the cards' paper.)
    from vision import recognize

    cards = [PlacedCard(Card.parse("QS"), -100, 40, 10), PlacedCard(Card.parse("7H"), 30, 60, -5),
             PlacedCard(None, 160, -80, 80, face_up=False), PlacedCard(None, -150, -90, 3, face_up=False)]
    frame, _ = render_table(cards, seed=1, table=table, camera=Camera((1280, 720), 1.4),
                            effects=Effects(noise=3, jpeg_quality=85, light_gradient=0.3))
    assert sorted(str(d.card) for d in identify_cards(frame)) == ["7H", "None", "None", "QS"]

    monkeypatch.setattr(recognize, "find_regions", _no_full_search)
    assert sorted(str(d.card) for d in identify_cards(frame, face_down=False)) == ["7H", "QS"]


def test_a_corner_reading_whose_card_lies_on_bare_table_is_no_card(shared_datasets: Path) -> None:
    # Simulated deal 2008 printed from the bidly photos, frame 121: the trick just
    # gathered, only backs on the table. The corner of the won tricks' pile read as a 7S
    # at 1.0, its card reaching over bare table; the tracker took it for the card played
    # there before, never saw that trick gathered, and missed the next eight plays.
    from itertools import islice

    from vision.faces import DeckDesign
    from vision.simulate import SimulatedDeal

    sim = SimulatedDeal(2008, deck_design=DeckDesign(photos=str(shared_datasets / "bidly-single-cards")))
    frame = next(islice(sim.frames(), 121, None))
    found = identify_cards(frame, deck=sim.deck, style=sim.design.style, face_down=False)
    assert [str(d.card) for d in found if d.card is not None] == []


@pytest.mark.parametrize("seed, at, card", [(2004, 140, "KS"), (2004, 142, "KS")])
def test_a_real_king_read_as_a_number_on_a_picture_is_read_as_a_court_card(shared_datasets: Path, seed: int,
                                                                          at: int, card: str) -> None:
    # Simulated deal 2004 printed from the bidly photos: a KS lies whole in front of
    # seat 3, 70 pixels wide. Its index read as an 8S at 0.97-0.99 in every frame, on a
    # card showing a picture's colours and no pips; read as a court card's, KS at
    # 0.97-0.99. The tracker reported an 8S, and later, the real 8S played, "unknown".
    from itertools import islice

    from vision.faces import DeckDesign
    from vision.simulate import SimulatedDeal

    sim = SimulatedDeal(seed, deck_design=DeckDesign(photos=str(shared_datasets / "bidly-single-cards")))
    frame = next(islice(sim.frames(), at, None))
    found = [str(d.card) for d in identify_cards(frame, deck=sim.deck, style=sim.design.style, face_down=False)]
    assert card in found and "8S" not in found, found


def _small_cards(centres: list[tuple[float, float]], width: float) -> list[Detection]:
    """Detections of upright cards ``width`` pixels wide at ``centres`` (photo pixels)."""
    half = np.array([width / 2, width * 1.4 / 2], np.float32)
    return [Detection(Card.parse("QS"), 1.0, np.array([c - half, c + [half[0], -half[1]], c + half,
                                                         c + [-half[0], half[1]]], np.float32))
            for c in (np.array(p, np.float32) for p in centres)]


def test_a_photo_whose_cards_read_small_is_read_again_where_they_lie() -> None:
    # A phone's 4032x3024 photo of a trick in the middle of the table: reduced to 1280
    # pixels its 240-pixel cards read 76 wide, where misses are several times as common
    # as at 90. The part where they lie is read again, its cards 110 pixels wide.
    from vision.recognize import CLOSER_CARD_WIDTH, closer_look

    first = _small_cards([(1700.0, 1400.0), (2300.0, 1600.0)], 240.0)
    reduce = 1280 / 4032
    look = closer_look(first, (3024, 4032, 3), reduce)
    assert look is not None and len(look[1]) == 1
    scale, (x0, y0, x1, y1) = look[0], look[1][0].box
    assert scale * 240.0 == pytest.approx(CLOSER_CARD_WIDTH)
    # Every card lies inside the part, with room round it for a card beside them.
    assert x0 < 1700 - 120 - 200 and x1 > 2300 + 120 + 200 and y0 < 1400 - 168 - 200 and y1 > 1600 + 168 + 200
    assert max(x1 - x0, y1 - y0) * scale <= 1280


def test_a_photo_is_read_once_when_its_cards_read_wide() -> None:
    from vision.recognize import closer_look

    reduce = 1280 / 4032
    assert closer_look(_small_cards([(2000.0, 1500.0)], 400.0), (3024, 4032, 3), reduce) is None  # 127 wide
    assert closer_look([], (3024, 4032, 3), reduce) is None


def test_small_cards_spread_over_a_photo_are_read_again_in_overlapping_parts() -> None:
    # Cards 240 pixels wide all over a 4032x3024 photo: at 110 pixels the photo is 1848
    # wide, more than vision reads at once. Each card lies whole in the one part whose
    # core holds its middle, and each part reads at most 1280 pixels.
    from vision.recognize import CLOSER_CARD_WIDTH, closer_look

    centres = [(300.0, 300.0), (2016.0, 1512.0), (3700.0, 2700.0), (2100.0, 400.0), (1900.0, 2650.0)]
    look = closer_look(_small_cards(centres, 240.0), (3024, 4032, 3), 1280 / 4032)
    assert look is not None
    scale, tiles = look
    assert scale * 240.0 == pytest.approx(CLOSER_CARD_WIDTH) and 1 < len(tiles) <= 6
    for x, y in centres:
        owners = [t for t in tiles if t.core[0] <= x < t.core[2] and t.core[1] <= y < t.core[3]]
        assert len(owners) == 1
        x0, y0, x1, y1 = owners[0].box
        assert x0 <= x - 170 and x1 >= x + 170 and y0 <= y - 170 and y1 >= y + 170  # the whole card
    assert all(max(t.box[2] - t.box[0], t.box[3] - t.box[1]) * scale <= 1280.5 for t in tiles)


@pytest.mark.parametrize("seed", [114, 143, 262])
def test_a_phone_photo_of_small_real_cards_reads_them_all(shared_datasets: Path, seed: int) -> None:
    # Development photos of the real-deck probe (2016x1512, the bidly deck on light
    # tables) whose cards read 80-95 pixels wide reduced to 1280: 114 lost a 5H, 3C, KD
    # and a KC (read face down), 143 read a QC as 9S, 262 lost a QH. Read again where the
    # cards lie, 110 pixels wide, every card reads right.
    readable, score = _real_deck_photo(shared_datasets, seed)
    assert readable and score.correct == score.expected and score.phantoms == 0, score.details


@pytest.mark.parametrize("seed", [298, 317])
def test_a_card_read_twice_at_its_place_is_reported_once(shared_datasets: Path, seed: int) -> None:
    # Development photos of the real-deck probe. 298: a QH lying across the line where two
    # parts of the photo read larger meet; each part placed it a little differently, on
    # its own side of that line, and both reported it. 317: a 5S read whole as a 5C and
    # at its index beside that as a 5S; the big pips then settled the whole card's suit
    # to spades, and the 5S was reported twice.
    readable, score = _real_deck_photo(shared_datasets, seed)
    assert readable and score.correct == score.expected and score.phantoms == 0, score.details


def test_one_value_read_twice_at_one_place_is_one_card_and_far_apart_two() -> None:
    from vision.recognize import _each_value_once

    def kept(*found: Detection) -> list[int]:
        return [i for d in _each_value_once(list(found)) for i, f in enumerate(found) if f is d]

    whole, corner, far = _small_cards([(500.0, 400.0), (520.0, 430.0), (1500.0, 400.0)], 150.0)
    corner = Detection(corner.card, 1.0, corner.corners, partial=True)
    whole = Detection(whole.card, 0.98, whole.corners)
    assert kept(corner, whole) == [1]  # the card read whole, though less sure
    assert kept(Detection(corner.card, 0.9, corner.corners, partial=True), corner) == [1]
    # Far apart, one of them is misread, and nothing says which; another value at the
    # place is another card (one lying under it).
    other = Detection(Card.parse("QH"), 0.99, corner.corners, partial=True)
    assert kept(whole, far, other) == [0, 1, 2]


def test_a_cast_shadow_is_lifted_to_the_light_around_it() -> None:
    # Development scene 13134 (random), with and without a player's shadow across it.
    from vision.recognize import shadow_lift
    from vision.synth import _cast_shadow, random_scene, with_cast_shadow

    assert shadow_lift(random_scene(13134).frame) is None
    shaded = random_scene(13134, shadow=True)
    fx = with_cast_shadow(Effects(), 13134, True)
    h, w = shaded.frame.shape[:2]
    light = _cast_shadow(w, h, fx.shadow, fx.shadow_seed)[..., 0]
    lift = shadow_lift(shaded.frame)
    assert lift is not None
    deep = light < 0.6
    assert deep.mean() > 0.05
    # In the shadow's depth the lift gives back the light taken, give or take a fifth;
    # in full light it leaves the frame as it is.
    assert abs(float(np.median(lift[..., 0][deep] * light[deep])) - 1.0) < 0.2
    assert float(np.median(lift[..., 0][light > 0.98])) < 1.1


@given(st.integers(40, 250), st.integers(0, 2 ** 31 - 1))
@settings(max_examples=25, deadline=None)
def test_a_shadow_lift_only_lifts_and_never_past_its_limit(tint: int, seed: int) -> None:
    # Any frame: lit evenly it is no shadow; with a dark patch, the lift is 1 or more,
    # at most MAX_LIFT.
    from vision.recognize import MAX_LIFT, shadow_lift

    rng = np.random.default_rng(seed)
    frame = np.clip(rng.normal(tint, 4, (180, 320, 3)), 0, 255).astype(np.uint8)
    assert shadow_lift(frame) is None
    x, y = int(rng.integers(0, 200)), int(rng.integers(0, 100))
    frame[y:y + 80, x:x + 120] = (frame[y:y + 80, x:x + 120] * rng.uniform(0.2, 1.0)).astype(np.uint8)
    lift = shadow_lift(frame)
    assert lift is None or (lift.min() >= 1.0 and lift.max() <= MAX_LIFT + 1e-4)


@given(st.integers(40, 250), st.integers(0, 2 ** 31 - 1), st.booleans())
@settings(max_examples=40, deadline=None)
def test_the_glance_for_a_shadow_lets_through_every_shadow_the_closer_test_sees(
        tint: int, seed: int, cards: bool) -> None:
    # The glance only spares frames with no shadow the closer test's cost: any frame the
    # closer test finds a dark part in passes it (here a table's grey reduced as the look
    # reduces a frame, a soft dark patch on it, and perhaps white cards with dark ink).
    from vision.recognize import _dark_table, _may_be_shadowed

    rng = np.random.default_rng(seed)
    gray = np.clip(rng.normal(tint, 4, (90, 160)), 0, 255).astype(np.float32)
    for _ in range(int(cards) * int(rng.integers(1, 5))):
        x, y = int(rng.integers(0, 150)), int(rng.integers(0, 75))
        gray[y:y + 15, x:x + 10] = 240
        gray[y + 2:y + 5, x + 1:x + 3] = 30
    x, y = int(rng.integers(-40, 150)), int(rng.integers(-20, 80))
    shade = np.ones((90, 160), np.float32)
    shade[max(y, 0):y + int(rng.integers(5, 90)), max(x, 0):x + int(rng.integers(5, 160))] = rng.uniform(0.2, 0.95)
    gray = (gray * cv2.GaussianBlur(shade, (0, 0), float(rng.uniform(0.5, 4)))).astype(np.uint8)
    assert _dark_table(gray) is None or _may_be_shadowed(gray)


def test_cards_in_a_players_shadow_are_read() -> None:
    # Development scene 13134 with a cast shadow: a TD and an AC lie on beige in its
    # depth, their card stock at 0.39 of its light (darker than the paper the index
    # finder takes). Read again lifted to the light around, they are found.
    from vision.evaluate import score_scene
    from vision.synth import random_scene

    scene = random_scene(13134, shadow=True)
    found = identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style)
    assert {"TD", "AC"} <= {str(d.card) for d in found}
    assert score_scene(found, scene.truth).phantoms == 0


def test_cards_under_a_shadow_over_most_of_the_table_are_read(shared_datasets: Path) -> None:
    # Development photo 54 of the real-deck probe with a body's shadow over most of the
    # table: its 6H lay in it, its JS across its edge. Measured against the 75th
    # percentile of the table's light, the shadow's own light, no part was lifted.
    cards, score = _real_deck_photo(shared_datasets, 54, shadow=True)
    assert {"6H", "JS"} <= cards
    assert (score.correct, score.phantoms) == (len(cards), 0), score.details


def test_a_card_read_before_the_frame_is_lifted_is_not_reported_again_from_the_shadow() -> None:
    # Development scene 13221 with a cast shadow: its 9H and QC, read in the frame as it
    # is, were read again in it lifted a little off their places and reported twice.
    from vision.synth import random_scene

    scene = random_scene(13221, shadow=True)
    values = [str(d.card) for d in identify_cards(scene.frame, deck=scene.deck, style=scene.truth.style)
              if d.card is not None]
    assert {"9H", "QC"} <= set(values)
    assert len(values) == len(set(values))


def test_a_pairs_lower_card_in_a_shadow_is_read(shared_datasets: Path) -> None:
    # Development photo 98 of the real-deck probe with a cast shadow: a 5S lies over the
    # lower half of a 4C, both deep in it. Read again lifted, the 4C's index reads at
    # 1.0, but its middle lay under the 5S read before, and it was taken for that card.
    cards, score = _real_deck_photo(shared_datasets, 98, shadow=True)
    assert {"4C", "5S"} <= cards
    assert "4C missed" not in score.details and score.phantoms == 0


def test_a_darker_thing_beside_a_white_one_is_no_shadow(shared_datasets: Path) -> None:
    # edje train IMG_2507: a KH on a beige counter beside a cookbook's white page. The
    # counter is darker than the page by more than a shadow's share, but another colour:
    # read lifted, the page's print gave a KC at 1.0.
    from vision.recognize import shadow_lift

    photo = cv2.imread(str(shared_datasets / "edje-tf-cards" / "train" / "IMG_2507.JPG"))
    assert shadow_lift(photo, identify_cards(photo)) is None
    assert [str(d.card) for d in identify_cards(photo)] == ["KH"]


def test_a_trick_in_the_shadow_of_the_player_taking_the_photo_is_read(shared_datasets: Path) -> None:
    # Development photo 32 of the real-deck probe with a cast shadow: a head's shadow
    # over part of a trick laid in a row (a 6S, a 9D, an 8C, a JH on it) on light grey.
    # The 6S, 8C and JH lay in its depth, unread, before the frame was read again lifted.
    cards, score = _real_deck_photo(shared_datasets, 32, shadow=True)
    assert len(cards) == 10
    assert (score.correct, score.phantoms) == (10, 0)
