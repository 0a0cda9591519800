from __future__ import annotations

import numpy as np

from engine.cards import Card
from vision.evaluate import label_readings, score_scene
from vision.recognize import Detection
from vision.synth import CardTruth, SceneTruth


def _card(text: str, x: float, y: float) -> CardTruth:
    corners = np.array([[x, y], [x + 60, y], [x + 60, y + 90], [x, y + 90]], np.float32)
    return CardTruth(Card.parse(text), True, corners, (x + 30, y + 45), (0.0, 0.0), True, 1.0)


def _truth(*cards: CardTruth) -> SceneTruth:
    return SceneTruth(list(cards), np.eye(3), np.zeros((10, 10), np.uint8), "beige", "en", (640, 480))


def test_a_reading_near_two_overlapping_cards_counts_for_the_card_it_names() -> None:
    # KD lies listed first; the only reading is of 8D, which lies half over it: KD is
    # missed, 8D is right (not "KD read as 8D" and "8D missed").
    kd, ed = _card("KD", 100, 100), _card("8D", 110, 106)
    reading = Detection(Card.parse("8D"), 0.9, ed.corners.copy())
    score = score_scene([reading], _truth(kd, ed))
    assert (score.correct, score.wrong, score.missed, score.phantoms) == (1, 0, 1, 0)
    assert score.details == ["KD missed"]


def test_a_card_reported_twice_counts_a_phantom() -> None:
    # One deck holds each value once: the same card read again beside itself is a
    # reading too many, as a user of identify sees it.
    kd = _card("KD", 100, 100)
    twice = [Detection(Card.parse("KD"), 0.9, kd.corners.copy()), Detection(Card.parse("KD"), 0.8, kd.corners + 6)]
    score = score_scene(twice, _truth(kd))
    assert (score.correct, score.wrong, score.missed, score.phantoms) == (1, 0, 0, 1)
    assert label_readings(twice, _truth(kd)) == ["right", "phantom"]


def test_a_wrong_reading_still_counts_as_wrong() -> None:
    kd = _card("KD", 100, 100)
    score = score_scene([Detection(Card.parse("QD"), 0.9, kd.corners.copy())], _truth(kd))
    assert (score.correct, score.wrong, score.missed, score.phantoms) == (0, 1, 0, 0)


def test_each_reading_is_labelled_right_wrong_or_phantom() -> None:
    # What the phantom check learns from: one label per reading, as score_scene counts them.
    kd, ts = _card("KD", 100, 100), _card("TS", 300, 100)
    readings = [Detection(Card.parse("QD"), 0.9, kd.corners.copy()),
                Detection(Card.parse("TS"), 0.99, ts.corners.copy()),
                Detection(Card.parse("7H"), 0.8, kd.corners.copy() + 400)]
    assert label_readings(readings, _truth(kd, ts)) == ["wrong", "right", "phantom"]
    score = score_scene(readings, _truth(kd, ts))
    assert (score.correct, score.wrong, score.missed, score.phantoms) == (1, 1, 0, 1)


def test_a_back_the_frame_cuts_counts_where_its_part_in_view_was_outlined() -> None:
    # A face-down card hangs 40 pixels over the frame's left edge (the frame is 640 wide):
    # a detection outlines the 20 x 90 in view, whose middle lies 20 pixels from the
    # card's, over the 0.3 card widths allowed. It is that card, not a miss and a phantom.
    corners = np.array([[-40, 100], [20, 100], [20, 190], [-40, 190]], np.float32)
    back = CardTruth(None, False, corners, (-10, 145), (0.0, 0.0), False, 1.0)
    seen = Detection(None, 0.6, np.array([[0, 100], [20, 100], [20, 190], [0, 190]], np.float32))
    score = score_scene([seen], _truth(back))
    assert (score.correct, score.missed, score.phantoms) == (1, 0, 0)
    # One lying wholly in view is matched by its own middle, as before.
    far = Detection(None, 0.6, corners + np.array([400, 0], np.float32) + 25)
    assert score_scene([far], _truth(CardTruth(None, False, corners + 400, (390, 145), (0.0, 0.0), False,
                                               1.0))).phantoms == 1


def test_cards_too_small_for_the_calibration_are_counted_apart() -> None:
    # 60-pixel cards are narrower than calibration asks for; one 100 wide is not.
    kd, ts = _card("KD", 100, 100), _card("TS", 300, 100)
    wide = CardTruth(Card.parse("AH"), True, kd.corners * np.float32(100 / 60) + 200, (0, 0), (0.0, 0.0), True, 1.0)
    score = score_scene([Detection(Card.parse("KD"), 0.9, kd.corners.copy()),
                         Detection(Card.parse("AH"), 0.9, wide.corners.copy())], _truth(kd, ts, wide))
    assert (score.expected, score.correct) == (3, 2)
    assert (score.narrow_expected, score.narrow_correct) == (2, 1)
