"""Deck profiles: the index glyphs of a user's own deck, taught from one photo per card.

A profile is a directory holding ``profile.json`` (what was taught) and ``glyphs.npz``
(the rank and suit shapes cut from each card's corners). Profiles live in
``$TAFEL_PROFILES`` or ``~/.local/share/tafel/profiles/NAME/``; anywhere a profile is
asked for, a path to such a directory works too.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from engine.cards import Card
from engine.errors import CardSyntaxError
from vision.detect import find_regions
from vision.faces import CARD_H, CARD_W, INDEX_H, INDEX_W
from vision.glyphs import normalise_glyph, topology
from vision.imagefile import IMAGE_SUFFIXES, read_image, why_unreadable
from vision.index_reader import GlyphTemplates, extract_glyphs

# The longest card straightened at its own shape (long side over short): a bridge-size
# card is 1.55.
LONGEST_CARD = 1.6


class ProfileError(Exception):
    """A profile that cannot be found, read or taught; the message names what and where."""


def profiles_dir() -> Path:
    env = os.environ.get("TAFEL_PROFILES")
    return Path(env) if env else Path.home() / ".local" / "share" / "tafel" / "profiles"


def profile_path(name_or_path: str) -> Path:
    """A NAME under the profiles directory, or a path (anything with a slash or that exists)."""
    p = Path(name_or_path).expanduser()
    if "/" in name_or_path or os.sep in name_or_path or p.exists():
        return p
    return profiles_dir() / name_or_path


def card_from_filename(path: Path) -> Card | None:
    """``Qh.jpg`` -> QH, ``10c.jpg`` -> TC, ``queen_of_hearts`` is not understood (None)."""
    stem = re.sub(r"[^0-9A-Za-z]", "", path.stem)
    try:
        return Card.parse(stem)
    except CardSyntaxError:
        return None


def card_image(photo: np.ndarray) -> np.ndarray:
    """The card in a photo, straightened to canonical size: the largest card quad found,
    or the whole photo when it is already a cut-out card."""
    regions = find_regions(photo)
    h, w = photo.shape[:2]
    best = max(regions.quads, key=lambda q: q.short_side * q.long_side, default=None)
    if best is not None and best.short_side * best.long_side > 0.3 * h * w:
        c = best.corners
        if np.linalg.norm(c[1] - c[0]) > np.linalg.norm(c[2] - c[1]):
            c = np.roll(c, -1, axis=0)
        # Of the two upright readings keep the one whose top-left is nearest the photo's.
        if np.linalg.norm(c[2]) < np.linalg.norm(c[0]):
            c = np.roll(c, -2, axis=0)
        height = _canonical_height(float(np.linalg.norm(c[3] - c[0]) + np.linalg.norm(c[2] - c[1])) /
                                   float(np.linalg.norm(c[1] - c[0]) + np.linalg.norm(c[2] - c[3])))
        src = np.array([[0, 0], [CARD_W, 0], [CARD_W, height], [0, height]], np.float32)
        m = cv2.getPerspectiveTransform(c.astype(np.float32), src)
        return cv2.warpPerspective(photo, m, (CARD_W, height))
    if w > h:
        photo = cv2.rotate(photo, cv2.ROTATE_90_CLOCKWISE)
    return cv2.resize(photo, (CARD_W, _canonical_height(max(h, w) / min(h, w))), interpolation=cv2.INTER_AREA)


def _canonical_height(aspect: float) -> int:
    """A straightened card ``CARD_W`` wide keeps its own proportions (a bridge-size card
    is longer than a poker-size one; its index is printed as on a poker-size card of its
    width, and is read so at a corner), within poker-size and LONGEST_CARD."""
    return int(round(CARD_W * min(max(aspect, CARD_H / CARD_W), LONGEST_CARD)))


@dataclass
class TaughtDeck:
    name: str
    path: Path
    cards: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # "file: why"


def teach(directory: Path, name_or_path: str) -> TaughtDeck:
    """Build and save a profile from ``directory`` (one photo per card, named by card)."""
    if not directory.is_dir():
        raise ProfileError(f"{directory}: not a directory of card photos")
    ranks: list[tuple[str, np.ndarray]] = []
    suits: list[tuple[str, np.ndarray]] = []
    taught = TaughtDeck(name_or_path, profile_path(name_or_path))
    for path in sorted(directory.iterdir()):
        if path.suffix.lower() not in IMAGE_SUFFIXES:
            continue
        card = card_from_filename(path)
        if card is None:
            taught.skipped.append(f"{path.name}: file name is not a card (expected e.g. Qh.jpg, 10c.jpg)")
            continue
        photo = read_image(str(path))
        if photo is None:
            taught.skipped.append(f"{path.name}: {why_unreadable(str(path))}")
            continue
        face = card_image(photo)
        got = 0
        for corner in (face, face[::-1, ::-1]):
            glyphs = extract_glyphs(np.ascontiguousarray(corner[:INDEX_H, :INDEX_W]))
            if glyphs is None:
                continue
            ranks.append((card.rank.letter, glyphs.rank_mask))
            suits.append((card.suit.letter, glyphs.suit_mask))
            got += 1
        if got:
            taught.cards.append(str(card))
        else:
            taught.skipped.append(f"{path.name}: no corner index found")
    if not ranks:
        # The first file's reason, in the one line: a folder of a phone's HEIC photos
        # fails for a reason the user can act on.
        why = "" if not taught.skipped else f" ({taught.skipped[0]}" + (
            f"; {len(taught.skipped) - 1} more skipped)" if len(taught.skipped) > 1 else ")")
        raise ProfileError(f"{directory}: no card photos with a readable corner index{why}")
    out = taught.path
    try:
        out.mkdir(parents=True, exist_ok=True)
        arrays: dict[str, np.ndarray] = {}
        for i, (letter, mask) in enumerate(ranks):
            arrays[f"rank_{i}_{letter}"] = mask.astype(np.uint8)
        for i, (letter, mask) in enumerate(suits):
            arrays[f"suit_{i}_{letter}"] = mask.astype(np.uint8)
        np.savez_compressed(out / "glyphs.npz", **arrays)  # type: ignore[arg-type]
        meta = {"format": 1, "source": str(directory), "cards": taught.cards, "skipped": taught.skipped}
        (out / "profile.json").write_text(json.dumps(meta, indent=1) + "\n")
    except OSError as exc:
        raise ProfileError(f"{out}: cannot write profile ({exc.strerror or exc})") from exc
    return taught


def load_profile(name_or_path: str) -> GlyphTemplates:
    """Templates for recognition with a taught deck; ProfileError names what is wrong."""
    path = profile_path(name_or_path)
    meta_path, glyph_path = path / "profile.json", path / "glyphs.npz"
    if not meta_path.is_file() or not glyph_path.is_file():
        raise ProfileError(f"profile {name_or_path!r}: not found at {path} (teach one with 'tafel vision teach DIR')")
    try:
        json.loads(meta_path.read_text())
        data = np.load(glyph_path)
        t = GlyphTemplates()
        for key in data.files:
            kind, _, letter = key.split("_", 2)
            if kind != "rank":
                continue  # suit pips are named by the learned reader, whatever the deck
            mask = data[key].astype(np.uint8)
            for squeeze in (0.9, 1.0, 1.1):
                sq = cv2.resize(mask, (max(2, int(mask.shape[1] * squeeze)), mask.shape[0]),
                                interpolation=cv2.INTER_NEAREST)
                t.ranks.setdefault(letter, []).append(normalise_glyph(sq))
                t.rank_aspects.setdefault(letter, []).append(sq.shape[1] / sq.shape[0])
                t.rank_topology.setdefault(letter, []).append(topology(sq))
    except (OSError, ValueError, KeyError) as exc:
        raise ProfileError(f"profile {name_or_path!r}: unreadable files in {path} ({exc})") from exc
    if not t.ranks:
        raise ProfileError(f"profile {name_or_path!r}: holds no glyphs ({path})")
    return t
