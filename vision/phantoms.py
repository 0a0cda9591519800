"""The phantom check: a small learned second look at each reading of a partly hidden
card.

A corner reading is made wherever the detector offers a square corner, and the rules of
``recognize`` keep one reading per index. What is left over that is no card at all is
mostly a corner offered in the wrong place: a tablecloth's checks, a court card's
picture, a centre pip, an index seen sideways or at the card's other end, read as some
value. Seen as a picture, such a corner looks nothing like an index at a card's corner
(a rank over its pip on white card stock, the card's edges along two sides), and its
place among the other readings is telling too (on another card's outline, at another
card's corner, a size off, beside an index of its own rank). A small convolutional
network learned both, from the project's synthetic tables, where every reading's truth
is known, and from the real photos of the edje train split (``tools/train_phantoms.py``
makes the weights; development seeds and the train split only).

Only face-up readings of a partly hidden card are looked at: whole cards and backs are
left as they are. The network runs in numpy; its weights live in
``vision/data/phantom_net.npz`` (package data, committed).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Protocol, Sequence

import cv2
import numpy as np

from engine.cards import Card
from vision.detect import _card_width
from vision.faces import suit_is_red
from vision.glyph_net import load_weights

WEIGHTS_PATH: Final = Path(__file__).resolve().parent / "data" / "phantom_net.npz"

# The index patch (62x118 canonical pixels), as the network sees it: halved.
PATCH_SIZE: Final = (31, 59)


class Reading(Protocol):
    """What the check needs of a detection (``recognize.Detection`` is one)."""

    card: Card | None
    confidence: float
    corners: np.ndarray
    implied: np.ndarray | None
    partial: bool
    split: bool


def whole(d: Reading) -> np.ndarray:
    """The whole card a reading implies (TL, TR, BR, BL as read)."""
    return d.corners if d.implied is None else d.implied


def patch_input(patch: np.ndarray) -> np.ndarray:
    """The index patch (BGR, ``PATCH_SIZE``) as the network sees it: each channel scaled
    to the paper's grey (the patch's brighter part), channels first."""
    p = patch.astype(np.float32)
    paper = float(np.percentile(p.mean(axis=2), 90)) + 1.0
    out: np.ndarray = (p / paper).transpose(2, 0, 1)
    return out


def _red(card: Card | None) -> float:
    return 0.5 if card is None else float(suit_is_red(card.suit))


def relation_features(i: int, readings: Sequence[Reading]) -> np.ndarray:
    """Where reading ``i`` lies among the others: its confidence, whether it split an
    outline, its size beside the face-up readings', how far its index lies from the
    nearest other index (and whether that one is of its colour and rank), how many other
    outlines hold its index, how near it lies to another card's corner, how near to an
    index of its own rank (in its colour or not) and how many indices lie within a card's
    width of it. (A deck holds each card once: its rank again nearby is often the same
    index read twice.)"""
    d = readings[i]
    corner = d.corners[0]
    w = max(_card_width(whole(d)), 1.0)
    sizes = [_card_width(whole(k)) for k in readings if k.card is not None]
    usual = float(np.median(sizes)) if sizes else w
    nearest, same_colour, same_rank, holding, at_corner = 3.0, 0.5, 0.0, 0.0, 3.0
    rank_gap, rank_colour, crowd = 3.0, 0.5, 0.0
    for j, k in enumerate(readings):
        if j == i:
            continue
        gap = float(np.linalg.norm(k.corners[0] - corner)) / w
        both = d.card is not None and k.card is not None
        rank_too = both and d.card is not None and k.card is not None and d.card.rank == k.card.rank
        if gap < nearest:
            nearest = gap
            same_colour = float(_red(d.card) == _red(k.card)) if both else 0.5
            same_rank = float(rank_too)
        crowd += float(gap < 1.0)
        ends = whole(k)
        at_corner = min(at_corner, float(np.min(np.linalg.norm(ends - corner, axis=1))) / w)
        if rank_too:
            far = min(gap, float(np.linalg.norm(ends[2] - corner)) / w)  # its index, or its far one
            if far < rank_gap:
                rank_gap, rank_colour = far, float(_red(d.card) == _red(k.card))
        if cv2.pointPolygonTest(k.corners.reshape(-1, 1, 2).astype(np.float32),
                                (float(corner[0]), float(corner[1])), False) >= 0:
            holding += 1.0
    return np.array([np.log(1.0 - min(d.confidence, 0.9999)), float(d.split), w / usual, nearest,
                     same_colour, same_rank, holding, at_corner, rank_gap, rank_colour, crowd], np.float32)


def checked(i: int, readings: Sequence[Reading]) -> bool:
    """Whether reading ``i`` is one the check looks at: face up, of a partly hidden card."""
    d = readings[i]
    return d.card is not None and d.partial


def _conv3x3(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    """A 3x3 convolution, zero-padded to keep its size, then ReLU, over a batch:
    (N, C, H, W) -> (N, K, H, W)."""
    n, c, h, wd = x.shape
    padded = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    windows = np.lib.stride_tricks.sliding_window_view(padded, (3, 3), axis=(2, 3))  # N, C, H, W, 3, 3
    cols = windows.transpose(0, 2, 3, 1, 4, 5).reshape(n * h * wd, c * 9)
    out: np.ndarray = np.maximum(cols @ w.reshape(w.shape[0], -1).T + b, 0.0)
    return out.reshape(n, h, wd, -1).transpose(0, 3, 1, 2)


def _pool2(x: np.ndarray) -> np.ndarray:
    """2x2 max pooling over a batch (an odd last row or column is dropped)."""
    n, k, h, w = x.shape
    out: np.ndarray = x[:, :, :h // 2 * 2, :w // 2 * 2].reshape(n, k, h // 2, 2, w // 2, 2).max(axis=(3, 5))
    return out


@dataclass(frozen=True)
class PhantomNet:
    """Three 3x3 convolutions (each with ReLU and 2x2 max pooling) over the index patch;
    their output beside the standardised relation features goes through a dense layer
    with ReLU to two logits: a card, no card."""

    convs: tuple[tuple[np.ndarray, np.ndarray], ...]
    relation_mean: np.ndarray
    relation_scale: np.ndarray
    dense: tuple[tuple[np.ndarray, np.ndarray], ...]  # (weights out x in, bias)

    def phantom_probabilities(self, patches: np.ndarray, relations: np.ndarray) -> np.ndarray:
        """For readings with these patches (``patch_input``, stacked) and these
        ``relation_features`` (one row each): the probability that each is no card."""
        h = patches
        for w, b in self.convs:
            h = _pool2(_conv3x3(h, w, b))
        z = np.concatenate([h.reshape(len(h), -1), (relations - self.relation_mean) / self.relation_scale], axis=1)
        for i, (w, b) in enumerate(self.dense):
            z = z @ w.T + b
            if i < len(self.dense) - 1:
                z = np.maximum(z, 0.0)
        out: np.ndarray = 1.0 / (1.0 + np.exp(z[:, 0] - z[:, 1]))
        return out

    @classmethod
    def from_arrays(cls, data: dict[str, np.ndarray]) -> PhantomNet:
        def layers(kind: str) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
            n = sum(1 for k in data if k.startswith(f"{kind}_w"))
            return tuple((data[f"{kind}_w{i}"].astype(np.float32), data[f"{kind}_b{i}"].astype(np.float32))
                         for i in range(n))
        return cls(layers("conv"), data["relation_mean"].astype(np.float32),
                   data["relation_scale"].astype(np.float32), layers("dense"))


@functools.lru_cache(maxsize=1)
def phantom_net() -> PhantomNet:
    """The committed network (FileNotFoundError names the file if the install lacks it)."""
    return PhantomNet.from_arrays(load_weights(WEIGHTS_PATH, "the phantom check"))
