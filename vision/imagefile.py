"""Reading a photo file for the vision commands, and saying in a few words why one
cannot be read."""

from __future__ import annotations

import os
from pathlib import Path

import cv2
import numpy as np

# The files taken for photos: what OpenCV decodes, and the phone formats it cannot, so
# that those are named (``why_unreadable``) rather than passed over.
IMAGE_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff", ".heic", ".heif", ".avif"})

# A float image whose brightest pixel is at most this holds 0..1 (with some highlights
# above 1); above it, 0..255.
FLOAT_UNIT_RANGE = 2.0

# ISO media files ("ftyp" box) OpenCV's wheels cannot decode, by their brand.
_HEIF_BRANDS = frozenset({b"heic", b"heix", b"heim", b"heis", b"hevc", b"hevx", b"hevm", b"hevs", b"mif1", b"msf1"})
_AVIF_BRANDS = frozenset({b"avif", b"avis"})


def read_image(name: str) -> np.ndarray | None:
    """An image file as 8-bit BGR, or None, with the C libraries' own complaints
    (libjpeg's "Premature end of JPEG file", libtiff's about float samples) kept off
    stderr: the commands say what is wrong in their own one line."""
    try:
        saved = os.dup(2)
    except OSError:
        return _decoded(name)
    try:
        with open(os.devnull, "wb") as devnull:
            os.dup2(devnull.fileno(), 2)
            try:
                return _decoded(name)
            finally:
                os.dup2(saved, 2)
    finally:
        os.close(saved)


def _decoded(name: str) -> np.ndarray | None:
    """``read_image``, out loud. OpenCV's colour read refuses 32-bit float TIFFs
    (scanners and raw converters write them, 0..1): those are read as they are and
    scaled to 8 bits."""
    frame = cv2.imread(name, cv2.IMREAD_COLOR)
    if frame is not None:
        return frame
    raw = cv2.imread(name, cv2.IMREAD_UNCHANGED)
    if raw is None or raw.dtype.kind != "f" or raw.size == 0:
        return None
    raw = np.nan_to_num(raw.astype(np.float32), nan=0.0, posinf=0.0, neginf=0.0)
    # 0..1 is the float convention; brighter highlights than 1 are clipped. A float image
    # holding 0..255 (some tools write that) is taken as it is.
    scaled = raw * 255.0 if float(raw.max()) <= FLOAT_UNIT_RANGE else raw
    eight = np.clip(scaled + 0.5, 0, 255).astype(np.uint8)
    if eight.ndim == 2:
        eight = np.asarray(cv2.cvtColor(eight, cv2.COLOR_GRAY2BGR))
    elif eight.shape[2] == 4:
        eight = np.asarray(cv2.cvtColor(eight, cv2.COLOR_BGRA2BGR))
    return eight if eight.ndim == 3 and eight.shape[2] == 3 else None


def why_unreadable(name: str) -> str:
    """What is wrong with a file no image could be read from, in a few words (its first
    bytes say which format it is, when OpenCV cannot decode it)."""
    path = Path(name)
    if not path.exists():
        return "no such file"
    try:
        with path.open("rb") as f:
            head = f.read(12)
    except OSError:
        return "cannot be read (a folder, or no permission)"
    if not head:
        return "an empty file"
    brand = head[8:12] if head[4:8] == b"ftyp" else b""
    if brand in _AVIF_BRANDS:
        return "an AVIF image, which OpenCV cannot decode: save it as JPEG or PNG"
    if brand in _HEIF_BRANDS:
        return "an HEIC/HEIF photo (as iPhones save them), which OpenCV cannot decode: export it as JPEG"
    return "not a readable image (OpenCV decodes JPEG, PNG, TIFF, BMP, WebP and a few more)"
