"""Write a PNG of every main screen: ``python -m display.screenshots OUTDIR [WxH ...]``.

Renders the scenarios of :mod:`display.scenarios` with the SDL dummy driver (no window)
at 800x480 and 1920x1080 unless sizes are given, as ``OUTDIR/<screen>-<W>x<H>.png``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

SIZES = ((800, 480), (1920, 1080))


def write_screenshots(outdir: Path, sizes: tuple[tuple[int, int], ...] = SIZES,
                      only: set[str] | None = None) -> list[Path]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from display.render import render
    from display.scenarios import scenarios

    pygame.font.init()
    outdir.mkdir(parents=True, exist_ok=True)
    written = []
    for scenario in scenarios():
        if only and scenario.name not in only:
            continue
        for w, h in sizes:
            surface = pygame.Surface((w, h))
            render(surface, scenario.game, scenario.status)
            path = outdir / f"{scenario.name}-{w}x{h}.png"
            pygame.image.save(surface, str(path))
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if args else 2
    sizes = tuple(tuple(int(v) for v in a.lower().split("x")) for a in args[1:]) or SIZES
    for path in write_screenshots(Path(args[0]), sizes):  # type: ignore[arg-type]
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
