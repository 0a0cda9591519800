"""The learned index reader: small neural networks that name a rank glyph and a suit pip.

Nearest-template matching confuses letters whose printed shapes differ from every
template (a real deck's 3 looked like the templates' 5). These networks learned the
letters from many fonts instead: the system's TrueType and OpenType faces and the
Hershey fonts, printed at camera distance with blur, noise, JPEG and tilt, and cut out
by the same ``extract_glyphs`` the reader uses (``tools/train_reader.py`` makes the
weights; no real photo goes in). At run time they are a few matrix products in numpy.

The weights live in ``vision/data/reader_net.npz`` (package data, committed).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import cv2
import numpy as np

from engine.cards import Suit
from vision.glyphs import normalise_glyph, topology

WEIGHTS_PATH: Final = Path(__file__).resolve().parent / "data" / "reader_net.npz"
BLACK_PIP_PATH: Final = Path(__file__).resolve().parent / "data" / "black_pip_net.npz"
THREE_FIVE_PATH: Final = Path(__file__).resolve().parent / "data" / "three_five_net.npz"
THREE_FIVE: Final = ("3", "5")  # the two ranks the pair network tells apart
PAIR_SURE: Final = 0.9  # how sure the pair network must be to have its say
# Where both name one letter, the pair network makes a reading surer only below this: a
# sure 3 made surer still (0.998 -> 0.999, an 8C's index half hidden) passes rules that
# weigh clear readings, and a reading already sure gains nothing.
PAIR_LIFTS_BELOW: Final = 0.98

# Every letter an index can show, in any style (what the rank network names).
RANK_LETTERS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10",
                       "J", "Q", "K", "A", "B", "V", "H", "D", "R")
# The rank network's last output, after the letters: ink that is no index at all (a centre
# pip, court-card art, an index seen sideways or upside down), which it learned from such
# corners of the project's own card faces. Without it every such corner read as some card.
NOT_INDEX: Final = len(RANK_LETTERS)
SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
BLACK_SUITS: Final = (Suit.CLUBS, Suit.SPADES)  # the black-pip network's outputs, in this order

_RANK_SHAPE: Final = (16, 24)  # w, h of the stretched glyph
_SUIT_SHAPE: Final = (16, 16)


def rank_features(mask: np.ndarray, parts: int) -> np.ndarray:
    """What the rank network sees: the glyph stretched to a fixed box, its edge
    directions re-drawn at one stroke weight, its proportions and its holes."""
    m = mask.astype(np.float32)
    stretched = cv2.resize(m, _RANK_SHAPE, interpolation=cv2.INTER_AREA).ravel()
    holes, hole_y = topology(mask)
    aspect = mask.shape[1] / max(mask.shape[0], 1)
    extra = np.array([np.log(aspect + 0.05), min(holes, 3) == 0, holes == 1, holes == 2, holes >= 3,
                      hole_y if holes else 0.0, parts >= 2, float(m.mean())], np.float32)
    return np.concatenate([stretched, normalise_glyph(mask).ravel(), extra]).astype(np.float32)


def suit_features(mask: np.ndarray, darkness: np.ndarray) -> np.ndarray:
    """What the suit network sees: the pip's ink stretched to a fixed box, its shading
    (darkness around it, scaled to its darkest) likewise, and its proportions. At a few
    pixels a club and a spade cut into ink are one blob; their shading still differs."""
    m = mask.astype(np.float32)
    stretched = cv2.resize(m, _SUIT_SHAPE, interpolation=cv2.INTER_AREA).ravel()
    shade = darkness.astype(np.float32) / max(float(darkness.max()), 1.0)
    shading = cv2.resize(shade, _SUIT_SHAPE, interpolation=cv2.INTER_AREA).ravel()
    aspect = mask.shape[1] / max(mask.shape[0], 1)
    extra = np.array([np.log(aspect + 0.05), float(m.mean())], np.float32)
    return np.concatenate([stretched, shading, extra]).astype(np.float32)


def black_pip_features(mask: np.ndarray, darkness: np.ndarray, window: np.ndarray,
                       suit: np.ndarray | None = None) -> np.ndarray:
    """What the black-pip network sees: the suit network's view (``suit``, when made
    already), and the pip's surroundings at one scale with its proportions kept
    (``index_reader.pip_window``)."""
    h, w = mask.shape
    extra = np.array([np.log(w / max(h, 1)), w / 25.0], np.float32)
    view = suit_features(mask, darkness) if suit is None else suit
    return np.concatenate([view, window.ravel(), extra]).astype(np.float32)


@dataclass(frozen=True)
class Mlp:
    """Standardise, then dense layers with ReLU between them; logits out."""

    mean: np.ndarray
    scale: np.ndarray
    weights: tuple[np.ndarray, ...]
    biases: tuple[np.ndarray, ...]

    def logits(self, x: np.ndarray) -> np.ndarray:
        h: np.ndarray = (x - self.mean) * self.scale
        for i, (w, b) in enumerate(zip(self.weights, self.biases)):
            h = h @ w + b
            if i < len(self.weights) - 1:
                h = np.maximum(h, 0.0)
        return h

    def to_arrays(self, prefix: str) -> dict[str, np.ndarray]:
        out = {f"{prefix}_mean": self.mean, f"{prefix}_scale": self.scale}
        for i, (w, b) in enumerate(zip(self.weights, self.biases)):
            out[f"{prefix}_w{i}"] = w.astype(np.float16)
            out[f"{prefix}_b{i}"] = b.astype(np.float32)
        return out

    @classmethod
    def from_arrays(cls, data: dict[str, np.ndarray], prefix: str) -> Mlp:
        ws: list[np.ndarray] = []
        bs: list[np.ndarray] = []
        while f"{prefix}_w{len(ws)}" in data:
            ws.append(data[f"{prefix}_w{len(ws)}"].astype(np.float32))
            bs.append(data[f"{prefix}_b{len(bs)}"].astype(np.float32))
        return cls(data[f"{prefix}_mean"].astype(np.float32), data[f"{prefix}_scale"].astype(np.float32),
                   tuple(ws), tuple(bs))


_BLOCK: Final = 768  # columns of the stacked first layer per product (three rank members)


@dataclass(frozen=True)
class Ensemble:
    """Several networks trained apart; their mean log-probability is steadier than any one."""

    members: tuple[Mlp, ...]

    @functools.cached_property
    def _stacked(self) -> tuple[tuple[np.ndarray, ...], np.ndarray, tuple[tuple[np.ndarray, np.ndarray], ...]] | None:
        """All members as one network, built once: each member's standardisation folded
        into its first layer, whose weights sit side by side, and the later layers stacked
        for one batched product. Six small products per glyph cost more in call overhead
        and weight traffic than a few wide ones. None when the members' shapes differ."""
        shapes = {tuple(w.shape for w in m.weights) for m in self.members}
        if len(shapes) != 1 or len(self.members[0].weights) < 2:
            return None
        # (x - mean) * scale @ w + b  ==  x @ (scale * w) + (b - (mean * scale) @ w)
        w0 = np.concatenate([m.scale[:, None] * m.weights[0] for m in self.members], axis=1)
        b0 = np.concatenate([m.biases[0] - (m.mean * m.scale) @ m.weights[0] for m in self.members])
        rest = tuple((np.stack([m.weights[i] for m in self.members]),
                      np.stack([m.biases[i] for m in self.members])[:, None, :])
                     for i in range(1, len(self.members[0].weights)))
        # In column blocks of at most _BLOCK: OpenBLAS runs a wider vector product on
        # several threads, which on a busy core took twice as long (46 -> 88 us).
        blocks = tuple(np.ascontiguousarray(w0[:, i:i + _BLOCK], np.float32) for i in range(0, w0.shape[1], _BLOCK))
        return (blocks, b0.astype(np.float32),
                tuple((w.astype(np.float32), b.astype(np.float32)) for w, b in rest))

    def logits(self, x: np.ndarray) -> np.ndarray:
        stacked = self._stacked
        if stacked is not None:
            blocks, b0, rest = stacked
            k = len(self.members)
            first = x @ blocks[0] if len(blocks) == 1 else np.concatenate([x @ w for w in blocks], axis=1)
            # (n, k * hidden) -> (k, n, hidden): member-major for the batched products.
            h = np.maximum(first + b0, 0.0).reshape(x.shape[0], k, -1).transpose(1, 0, 2)
            for i, (w, b) in enumerate(rest):
                h = h @ w + b
                if i < len(rest) - 1:
                    h = np.maximum(h, 0.0)
            z = h - h.max(axis=-1, keepdims=True)
            logp = z - np.log(np.exp(z).sum(axis=-1, keepdims=True))
            stacked_mean: np.ndarray = logp.mean(axis=0)
            return stacked_mean
        out = []
        for m in self.members:
            z = m.logits(x)
            z = z - z.max(axis=-1, keepdims=True)
            out.append(z - np.log(np.exp(z).sum(axis=-1, keepdims=True)))
        mean: np.ndarray = np.mean(out, axis=0)
        return mean


@dataclass(frozen=True)
class ReaderNets:
    rank: Ensemble
    suit: Ensemble
    # Club against spade only, learned from the pips of whole synthetic tables at camera
    # distance (``tools/train_black_pips.py``): at a few pixels the two blur into one blob,
    # and the four-suit network was unsure of one black pip in eleven there.
    black: Ensemble
    # 3 against 5, learned from the same fonts and faces with many more flat-topped 3s
    # (``tools/train_three_five.py``): a real deck's 3 whose top bar is flat, as a 5's, read
    # as a 5 at camera size (bidly: 17 of 400 development photos' 3s, 12 more missed).
    three_five: Ensemble

    def rank_probabilities(self, mask: np.ndarray, parts: int, allowed: list[str]) -> tuple[dict[str, float], float]:
        """Probability of each allowed letter (the others are ruled out before softmax), and
        that the glyph is no index at all (0 for networks without that output)."""
        return self.rank_probabilities_of([(mask, parts)], allowed)[0]

    def rank_probabilities_of(self, glyphs: Sequence[tuple[np.ndarray, int]], allowed: list[str]
                              ) -> list[tuple[dict[str, float], float]]:
        """``rank_probabilities`` of several glyphs (mask, parts) at once. One product for
        all: the weights (megabytes, out of the cache again after each frame's image work)
        are fetched once, not once a glyph."""
        if not glyphs:
            return []
        features = np.stack([rank_features(mask, parts) for mask, parts in glyphs])
        z = self.rank.logits(features)
        keep = [i for i, letter in enumerate(RANK_LETTERS) if letter in allowed]
        letters = [RANK_LETTERS[i] for i in keep]
        if z.shape[1] > NOT_INDEX:
            out = [(dict(zip(letters, p[:-1])), p[-1]) for p in (_softmax(row[keep + [NOT_INDEX]]) for row in z)]
        else:
            out = [(dict(zip(letters, _softmax(row[keep]))), 0.0) for row in z]
        if all(letter in allowed for letter in THREE_FIVE):
            self._three_or_five(features, out)
        return out

    def _three_or_five(self, features: np.ndarray, out: list[tuple[dict[str, float], float]]) -> None:
        """Where the rank networks name a 3 or a 5, the pair network's letter when it is
        sure (``PAIR_SURE``), as sure as it is but no surer than the rank networks are of
        the two together (in place); where both name one letter, only a reading less than
        sure is made surer (``PAIR_LIFTS_BELOW``). The rank networks were unsure of a
        flat-topped 3 they named right (0.7-0.9), and read one as a 5; the pair network
        knows the shape."""
        first = {i: max(p, key=p.__getitem__) for i, (p, _) in enumerate(out)}
        named = [i for i, letter in first.items() if letter in THREE_FIVE]
        if not named:
            return
        pair = self.three_five.logits(features[named])
        for i, z in zip(named, pair):
            p, not_index = out[i]
            q = _softmax(z)
            letter = THREE_FIVE[int(q[1] > q[0])]
            together = p["3"] + p["5"]
            sure = min(max(q), together)
            if max(q) < PAIR_SURE or sure <= p[letter] or (letter == first[i] and p[letter] >= PAIR_LIFTS_BELOW):
                continue
            p = dict(p)
            p[letter], p[THREE_FIVE[1 - THREE_FIVE.index(letter)]] = sure, together - sure
            out[i] = (p, not_index)

    def suit_probabilities(self, mask: np.ndarray, darkness: np.ndarray,
                           allowed: tuple[Suit, ...], window: np.ndarray | None = None) -> dict[Suit, float]:
        """Probability of each allowed suit. A black pip with its ``window``: the suit the
        black-pip network names, no surer than both networks are."""
        return self.suit_probabilities_of([(mask, darkness, allowed, window)])[0]

    def suit_probabilities_of(self, pips: Sequence[tuple[np.ndarray, np.ndarray, tuple[Suit, ...], np.ndarray | None]]
                              ) -> list[dict[Suit, float]]:
        """``suit_probabilities`` of several pips (mask, darkness, allowed, window) at once,
        for the reason ``rank_probabilities_of`` gives."""
        if not pips:
            return []
        features = [suit_features(mask, darkness) for mask, darkness, _, _ in pips]
        z = self.suit.logits(np.stack(features))
        # Row in the black-pip network's batch of each pip it names.
        black_row: dict[int, int] = {}
        views: list[np.ndarray] = []
        for i, (mask, darkness, allowed, window) in enumerate(pips):
            if window is not None and set(allowed) == set(BLACK_SUITS):
                black_row[i] = len(views)
                views.append(black_pip_features(mask, darkness, window, features[i]))
        black_z = self.black.logits(np.stack(views)) if views else None
        out: list[dict[Suit, float]] = []
        for i, (_, _, allowed, _) in enumerate(pips):
            if black_z is not None and i in black_row:
                black = _softmax(black_z[black_row[i]])
                four = _softmax(z[i][[SUITS.index(s) for s in BLACK_SUITS]])
                # The four-suit network's doubt stays: it also learned real decks' pips from
                # fonts, the black-pip network only the project's own cards. Deciding alone,
                # that one named print on real photos surely (edje train: 6 more detections
                # matching no label); held to the less sure of the two, it removes some (4 fewer).
                sure = min(max(black), max(four))
                named = BLACK_SUITS[int(black[1] > black[0])]
                out.append({s: sure if s == named else 1.0 - sure for s in BLACK_SUITS})
                continue
            keep = [k for k, s in enumerate(SUITS) if s in allowed]
            out.append(dict(zip((SUITS[k] for k in keep), _softmax(z[i][keep]))))
        return out


def _softmax(z: np.ndarray) -> list[float]:
    e = np.exp(z - z.max())
    return [float(v) for v in e / e.sum()]


def load_weights(path: Path, what: str) -> dict[str, np.ndarray]:
    """The arrays of a committed weights file; FileNotFoundError names the file and
    ``what`` it is for when the install lacks it."""
    if not path.is_file():
        raise FileNotFoundError(f"{path}: {what}'s weights are missing from this install")
    with np.load(path) as f:
        return {k: f[k] for k in f.files}


@functools.lru_cache(maxsize=1)
def reader_nets() -> ReaderNets:
    """The committed networks (FileNotFoundError names the file if the install lacks it)."""
    data = load_weights(WEIGHTS_PATH, "the index reader")
    black = load_weights(BLACK_PIP_PATH, "the black-pip reader")
    three_five = load_weights(THREE_FIVE_PATH, "the 3-or-5 reader")
    return ReaderNets(_members(data, "rank"), _members(data, "suit"), _members(black, "black"),
                      _members(three_five, "pair"))


def _members(data: dict[str, np.ndarray], kind: str) -> Ensemble:
    prefixes = sorted({k.split("_", 1)[0] for k in data if k.startswith(kind)})
    return Ensemble(tuple(Mlp.from_arrays(data, p) for p in prefixes))
