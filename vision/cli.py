"""Command-line entry points that ``device/cli.py`` calls: ``identify``, ``teach``, ``bench``.

Each takes its own argv (without the command words) and returns an exit code. Every
mistake a user can make is one line on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import NoReturn

import cv2
import numpy as np

from vision.imagefile import read_image, why_unreadable
from vision.recognize import Detection

EXIT_BAD_INPUT = 2
EXIT_SOME_FAILED = 1


class _OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line naming the problem."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message} (see --help)\n")


def _err(message: str) -> None:
    print(message, file=sys.stderr)


def _deck(text: str) -> int:
    if text not in ("32", "52"):
        raise argparse.ArgumentTypeError(f"bad --deck value {text!r} (expected 32 or 52)")
    return int(text)


def annotate(frame: np.ndarray, detections: list[Detection]) -> np.ndarray:
    """A copy of ``frame`` with each card outlined and labelled with what was read."""
    out = frame.copy()
    scale = max(out.shape[:2]) / 1000.0
    for d in detections:
        pts = np.round(d.corners).astype(np.int32)
        colour = (0, 200, 0) if d.card is not None else (200, 120, 0)
        if d.partial:
            colour = (0, 200, 255)
        cv2.polylines(out, [pts], True, colour, max(2, int(3 * scale)), cv2.LINE_AA)
        label = ("face down" if d.card is None else d.card.symbol.replace("♠", "S").replace("♥", "H")
                 .replace("♦", "D").replace("♣", "C")) + f" {d.confidence:.2f}"
        x, y = int(pts[0][0]), int(pts[0][1])
        fs = 0.6 * max(scale, 0.6)
        (tw, th), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, fs, 2)
        x = min(max(x, 0), out.shape[1] - tw - 4)
        y = min(max(y - 6, th + 4), out.shape[0] - 4)
        cv2.rectangle(out, (x - 2, y - th - 4), (x + tw + 2, y + 4), (255, 255, 255), -1)
        cv2.putText(out, label, (x, y), cv2.FONT_HERSHEY_SIMPLEX, fs, colour if d.card is None else (0, 0, 0), 2,
                    cv2.LINE_AA)
        cv2.circle(out, (int(pts[0][0]), int(pts[0][1])), max(3, int(4 * scale)), (0, 0, 255), -1)
    return out


def _annotate_path(out: Path, index: int, total: int) -> Path:
    if total == 1:
        return out
    return out.with_name(f"{out.stem}-{index + 1}{out.suffix or '.png'}")


def _without_colour(frame: np.ndarray) -> bool:
    """Whether a photo is grey (its three channels equal, as OpenCV loads a grey file)."""
    sample = frame[::4, ::4].astype(np.int16)
    return bool(np.abs(sample[..., 0] - sample[..., 1]).max() <= 2 and np.abs(sample[..., 1] - sample[..., 2]).max() <= 2)


def _cut_short(data: bytes) -> bool:
    """Whether a JPEG or PNG file's bytes stop before the format's end marker (a copy or
    a download cut off): the decoder then shows what came before and grey below it."""
    if data[:2] == b"\xff\xd8":
        return not data.rstrip(b"\x00").endswith(b"\xff\xd9")
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return b"IEND" not in data[-16:]
    return False


def identify(argv: list[str]) -> int:
    parser = _OneLineParser(prog="tafel vision identify",
                            description="Recognise the cards in photos of a card table.")
    parser.add_argument("images", nargs="+", metavar="IMAGE", help="photo(s) to read")
    parser.add_argument("--json", action="store_true", help="one JSON object per image and line")
    parser.add_argument("--deck", type=_deck, default=52, help="32 (piquet) or 52 cards (default 52)")
    parser.add_argument("--profile", metavar="NAME", help="a taught deck profile (name or directory)")
    parser.add_argument("--style", choices=["auto", "en", "nl", "fr", "de"], default="auto",
                        help="index letters: en J Q K A, nl B V H A, fr V D R A, de B D K A (default auto)")
    parser.add_argument("--annotate", metavar="OUT.png", type=Path,
                        help="write the image with what was recognised drawn on it (OUT-N.png for several)")
    args = parser.parse_args(argv)

    from vision.profile import ProfileError, load_profile
    from vision.recognize import identify_cards, load_networks

    templates = None
    if args.profile:
        try:
            templates = load_profile(args.profile)
        except ProfileError as exc:
            _err(f"tafel vision identify: {exc}")
            return EXIT_BAD_INPUT
    if args.annotate is not None and args.annotate.suffix.lower() not in (".png", ".jpg", ".jpeg", ".bmp"):
        _err(f"tafel vision identify: --annotate {args.annotate}: use a .png or .jpg file name")
        return EXIT_BAD_INPUT
    try:
        load_networks()
    except FileNotFoundError as exc:
        _err(f"tafel vision identify: {exc}")
        return EXIT_BAD_INPUT
    failed = 0
    for i, name in enumerate(args.images):
        try:
            data = Path(name).read_bytes()
        except OSError:
            data = b""
        # Decoded from the file, not from ``data``: cv2.imdecode gives nothing for a JPEG
        # cut short, where imread shows the part that arrived.
        frame = read_image(name) if data else None
        if frame is None:
            _err(f"tafel vision identify: {name}: {why_unreadable(name)}")
            failed += 1
            continue
        if _cut_short(data):
            # Still read: the part that arrived may show the cards; the rest is grey.
            _err(f"tafel vision identify: {name}: the file ends early (cut off?): only the part that "
                 "decodes is read")
        if _without_colour(frame):
            # Still read: the ranks are right; only the suits' colour cannot be seen.
            _err(f"tafel vision identify: {name}: a photo without colour: red suits cannot be told "
                 "from black, every suit is read as spades or clubs")
        detections = identify_cards(frame, deck=args.deck, style=args.style, templates=templates)
        if args.json:
            print(json.dumps({"image": name, "cards": [d.to_json() for d in detections]}), flush=True)
        else:
            found = ", ".join("face down" if d.card is None else f"{d.card} ({d.confidence:.2f})"
                              for d in detections)
            print(f"{name}: {found or 'no cards'}", flush=True)
        if args.annotate is not None:
            out = _annotate_path(args.annotate, i, len(args.images))
            try:
                out.parent.mkdir(parents=True, exist_ok=True)
                ok = cv2.imwrite(str(out), annotate(frame, detections))
            except (OSError, cv2.error):
                ok = False
            if not ok:
                _err(f"tafel vision identify: --annotate {out}: cannot write the image")
                failed += 1
    return EXIT_SOME_FAILED if failed else 0


def teach(argv: list[str]) -> int:
    parser = _OneLineParser(prog="tafel vision teach",
                            description="Build a deck profile from one photo per card (named like Qh.jpg, 10c.jpg).")
    parser.add_argument("directory", metavar="DIR", type=Path)
    parser.add_argument("--name", default=None,
                        help="profile name or directory (default: the folder's name)")
    args = parser.parse_args(argv)
    from vision.profile import ProfileError
    from vision.profile import teach as teach_profile

    name = args.name or args.directory.resolve().name
    try:
        taught = teach_profile(args.directory, name)
    except ProfileError as exc:
        _err(f"tafel vision teach: {exc}")
        return EXIT_BAD_INPUT
    for line in taught.skipped:
        _err(f"tafel vision teach: skipped {line}")
    print(f"profile {name!r}: {len(taught.cards)} cards taught, saved in {taught.path}")
    print(f"use it with: tafel vision identify --profile {name} IMAGE")
    return 0


def bench(argv: list[str]) -> int:
    from vision.bench import main as bench_main

    return bench_main(argv)
