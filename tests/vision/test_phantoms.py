from __future__ import annotations

import cv2
import numpy as np

from engine.cards import Card
from vision import phantoms
from vision.recognize import Detection


def test_the_numpy_convolution_is_a_zero_padded_correlation_with_relu() -> None:
    rng = np.random.default_rng(3)
    x = rng.normal(size=(2, 9, 7)).astype(np.float32)
    w = rng.normal(size=(3, 2, 3, 3)).astype(np.float32)
    b = rng.normal(size=3).astype(np.float32)
    out = phantoms._conv3x3(x[None], w, b)[0]
    for k in range(3):
        want = sum(cv2.filter2D(x[c], -1, w[k, c], borderType=cv2.BORDER_CONSTANT) for c in range(2)) + b[k]
        np.testing.assert_allclose(out[k], np.maximum(want, 0), atol=1e-4)


def test_pooling_takes_the_largest_of_each_two_by_two_and_drops_an_odd_edge() -> None:
    x = np.arange(2 * 5 * 3, dtype=np.float32).reshape(2, 5, 3)
    pooled = phantoms._pool2(x[None])[0]
    assert pooled.shape == (2, 2, 1)
    assert pooled[0, 0, 0] == x[0, 1, 1] and pooled[1, 1, 0] == x[1, 3, 1]


def _reading(card: str, x: float, y: float, confidence: float = 0.9) -> Detection:
    corners = np.array([[x, y], [x + 50, y], [x + 50, y + 70], [x, y + 70]], np.float32)
    return Detection(Card.parse(card), confidence, corners, partial=True)


def test_the_same_rank_read_nearby_is_told_to_the_check() -> None:
    # A deck holds each card once: 7H read just beside 7D is likely one index read twice.
    near = phantoms.relation_features(0, [_reading("7H", 100, 100), _reading("7D", 105, 102)])
    apart = phantoms.relation_features(0, [_reading("7H", 100, 100), _reading("KD", 105, 102)])
    rank_gap, same_colour = 8, 9
    assert near[rank_gap] < 0.2 and near[same_colour] == 1.0
    assert apart[rank_gap] == 3.0

