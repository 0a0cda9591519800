from __future__ import annotations

import pytest

from vision.calibration import (READABLE_CARD_WIDTH, CalibrationError, TableCalibration, card_width_as_read,
                                seat_points, seats_and_trump, shape_read, too_narrow)
from vision.recognize import Detection

import numpy as np

# A tilted view of the play area: bottom-left, top-left, top-right, bottom-right on screen.
CORNERS = [(200, 700), (300, 80), (1000, 90), (1100, 690)]


def test_corner_calibration_assigns_each_side_to_its_seat() -> None:
    cal = TableCalibration.from_corners(CORNERS)
    assert cal.seat_of((650, 600)) == 0  # near the bottom edge: south
    assert cal.seat_of((320, 400)) == 1  # left: west
    assert cal.seat_of((650, 150)) == 2  # top: north
    assert cal.seat_of((1000, 400)) == 3  # right: east
    assert cal.seat_names == ("south", "west", "north", "east")


def test_seat_cards_calibration_and_trump_zone() -> None:
    seat_cards = [(640, 560), (380, 360), (640, 160), (900, 360)]
    cal = TableCalibration.from_seat_cards(seat_cards, trump_point=(1150, 650))
    for k, p in enumerate(seat_cards):
        assert cal.seat_of(p) == k
    assert cal.in_trump_zone((1150, 650)) and cal.seat_of((1150, 650)) is None
    assert not cal.in_trump_zone((640, 560))


def test_three_players() -> None:
    cal = TableCalibration.from_seat_cards([(640, 600), (300, 250), (980, 250)])
    assert cal.seat_of((640, 650)) == 0 and cal.seat_of((250, 200)) == 1 and cal.seat_of((1000, 200)) == 2


def test_round_trip_through_json(tmp_path) -> None:  # type: ignore[no-untyped-def]
    cal = TableCalibration.from_corners(CORNERS, trump_point=(1050, 650))
    cal.save(tmp_path / "cal.json")
    back = TableCalibration.load(tmp_path / "cal.json")
    assert back.seat_of((320, 400)) == 1 and back.in_trump_zone((1050, 650))


@pytest.mark.parametrize("points", [[(0, 0), (10, 10), (20, 20), (30, 30)], [(5, 5), (5, 5), (5, 5)]])
def test_points_in_a_line_are_refused(points: list[tuple[int, int]]) -> None:
    with pytest.raises(CalibrationError):
        if len(points) == 4:
            TableCalibration.from_corners(points)
        else:
            TableCalibration.from_seat_cards(points)


def test_seat_points_orders_detected_cards_from_the_bottom_clockwise() -> None:
    def det(x: float, y: float) -> Detection:
        return Detection(None, 1.0, np.array([[x - 30, y - 40], [x + 30, y - 40], [x + 30, y + 40], [x - 30, y + 40]],
                                             np.float32))
    found = [det(900, 360), det(640, 160), det(640, 560), det(380, 360)]
    assert seat_points(found, 4) == [(640, 560), (380, 360), (640, 160), (900, 360)]
    with pytest.raises(CalibrationError):
        seat_points(found[:3], 4)


def _card_at(x: float, y: float) -> Detection:
    return Detection(None, 1.0, np.array([[x - 30, y - 40], [x + 30, y - 40], [x + 30, y + 40], [x - 30, y + 40]],
                                         np.float32))


def test_seats_and_trump_finds_the_card_between_the_seats_as_the_trump_place() -> None:
    seats = [(640, 560), (380, 360), (640, 160), (900, 360)]
    found = [_card_at(900, 360), _card_at(655, 370), _card_at(640, 160), _card_at(640, 560), _card_at(380, 360)]
    ordered, trump = seats_and_trump(found, 4)
    assert ordered == seats and trump == (655, 370)
    cal = TableCalibration.from_seat_cards(ordered, trump_point=trump)
    assert cal.in_trump_zone((655, 370)) and cal.seat_of((655, 370)) is None
    # Without the fifth card: the seats alone, no trump place.
    assert seats_and_trump([d for d in found if d.center != (655, 370)], 4) == (seats, None)


@pytest.mark.parametrize("points", [
    [(640, 560), (380, 360), (640, 160)],  # a seat is missing
    [(640, 560), (380, 360), (640, 160), (620, 350)],  # a seat is missing, the trump card is there
    [(640, 560), (380, 360), (640, 160), (900, 360), (1200, 700)],  # the fifth lies outside the others
    [(640, 560), (380, 360), (640, 160), (900, 360), (640, 360), (600, 300)],  # one too many
])
def test_seats_and_trump_refuses_cards_that_are_not_seats_and_a_trump_place(points: list[tuple[int, int]]) -> None:
    with pytest.raises(CalibrationError):
        seats_and_trump([_card_at(x, y) for x, y in points], 4)


def test_a_bottom_card_a_hair_right_of_the_middle_is_still_seat_0() -> None:
    # The simulated table's calibration cards as vision finds them: the bottom card lies
    # a hair (0.125 px) right of the middle of the four, where "straight down" cut the circle.
    found = [_card_at(639.25, 219.0), _card_at(807.5, 360.0), _card_at(639.0, 501.0), _card_at(469.75, 360.0)]
    assert seat_points(found, 4)[0] == (639.0, 501.0)
    assert seats_and_trump(found, 4)[0] == [(639.0, 501.0), (469.75, 360.0), (639.25, 219.0), (807.5, 360.0)]


def _card(x: float, y: float, width: float, implied: np.ndarray | None = None) -> Detection:
    corners = np.array([[x, y], [x + width, y], [x + width, y + 1.4 * width], [x, y + 1.4 * width]], np.float32)
    return Detection(None, 0.6, corners, partial=implied is not None, implied=implied)


def test_a_cards_width_is_measured_as_the_reader_sees_it() -> None:
    # A card lying crosswise is as wide as its shorter side.
    crosswise = np.array([[0, 0], [0, 70], [98, 70], [98, 0]], np.float32)
    assert card_width_as_read(crosswise, (720, 1280, 3)) == pytest.approx(70)
    # A 1920x1080 frame is read reduced to 1280 pixels: its 105-pixel card reads as 70.
    assert card_width_as_read(crosswise * 1.5, (1080, 1920, 3)) == pytest.approx(70)


def test_calibration_cards_too_small_to_read_surely_are_told() -> None:
    wide = [_card(100 + 200 * k, 300, 90) for k in range(4)]
    assert too_narrow(wide, (720, 1280, 3)) is None
    narrow = [_card(100 + 200 * k, 300, 70) for k in range(4)]
    assert too_narrow(narrow, (720, 1280, 3)) == pytest.approx(70)
    # The same cards in a frame twice as large are read at half the size.
    assert too_narrow(wide, (1440, 2560, 3)) == pytest.approx(45)
    assert READABLE_CARD_WIDTH == 80 and too_narrow([], (720, 1280, 3)) is None
    # A card partly hidden counts at its whole card's width, not the part that shows.
    whole = _card(100, 300, 90).corners
    assert too_narrow([_card(100, 300, 30, implied=whole)] * 3, (720, 1280, 3)) is None


def test_a_frame_larger_than_vision_reads_whole_is_read_in_its_play_area() -> None:
    # A 1920x1080 camera: the seats' cards lie about 200 pixels from the middle.
    seats = [(960, 740), (760, 540), (960, 340), (1160, 540)]
    cal = TableCalibration.from_seat_cards(seats)
    region = cal.read_region((1080, 1920, 3))
    assert region is not None and region == cal.play_region((1080, 1920, 3))
    x0, y0, x1, y1 = region
    # The table square out to 1.3 (seat cards at 0.6): every seat's card with room around it.
    assert all(x0 + 150 < x < x1 - 150 and y0 + 150 < y < y1 - 150 for x, y in seats)
    assert (x1 - x0, y1 - y0) == (868, 868) and shape_read(cal, (1080, 1920, 3)) == (868, 868)
    # A frame vision reads whole anyway is not cut.
    assert cal.read_region((720, 1280, 3)) is None and shape_read(cal, (720, 1280, 3)) == (720, 1280)
    assert shape_read(None, (1080, 1920, 3)) == (1080, 1920)


def test_the_play_area_takes_in_the_trump_card_wherever_it_was_laid() -> None:
    # A 1280x720 camera over a table wider than the play area: the players' hands at its
    # sides are beyond it.
    cal = TableCalibration.from_seat_cards([(640, 530), (500, 360), (640, 190), (780, 360)])
    assert cal.play_region((720, 1280, 3)) == (336, 0, 944, 720)  # 1.3 / 0.6 * 140 = 303 px either way
    cal.trump_zone = (*cal.to_table((640, 180)), 0.18)  # on a seat's card: in it anyway
    assert cal.play_region((720, 1280, 3)) == (336, 0, 944, 720)
    cal.trump_zone = (*cal.to_table((980, 360)), 0.18)  # off to one side
    x0, y0, x1, y1 = cal.play_region((720, 1280, 3)) or (0, 0, 0, 0)
    assert (x0, y0) == (336, 0) and abs(x1 - (980 + 0.53 / 0.6 * 140)) < 2
    big = TableCalibration.from_seat_cards([(960, 740), (760, 540), (960, 340), (1160, 540)])
    big.trump_zone = (*big.to_table((1500, 540)), 0.18)
    region = big.read_region((1080, 1920, 3))
    assert region is not None and region[2] > 1500 + 0.53 / 0.6 * 200 - 2


    # A play area that fills the frame: the whole frame (clipped to it, the region would be all of it).
    wide = TableCalibration.from_seat_cards([(960, 1000), (100, 540), (960, 80), (1820, 540)])
    assert wide.read_region((1080, 1920, 3)) is None


def test_a_calibration_keeps_the_frame_size_it_was_made_at() -> None:
    cal = TableCalibration.from_seat_cards([(640, 560), (380, 360), (640, 160), (900, 360)])
    cal.frame_size = (1280, 720)
    assert TableCalibration.from_json(cal.to_json()).frame_size == (1280, 720)
    # One saved before the size was kept: not known.
    old = cal.to_json()
    del old["frame_size"]
    assert TableCalibration.from_json(old).frame_size is None
    with pytest.raises(CalibrationError, match=r"frame_size must be \[width, height\]"):
        TableCalibration.from_json({**cal.to_json(), "frame_size": [1280]})
