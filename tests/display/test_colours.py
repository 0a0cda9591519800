"""The colours hold up for players at 1.5 m and for colour-blind players."""

from __future__ import annotations

import itertools

import pytest

from display import theme
from display.theme import Colour

# Pairs of (ink, ground) the screens actually draw text or suits with.
USED = {
    "text on felt": (theme.TEXT, theme.BACKGROUND),
    "text on panel": (theme.TEXT, theme.PANEL),
    "captions on panel": (theme.MUTED, theme.PANEL),
    "captions on felt": (theme.MUTED, theme.BACKGROUND),
    "trump / selected on panel": (theme.ACCENT, theme.PANEL),
    "text on amber (whose turn)": (theme.ON_ACCENT, theme.ACCENT),
    "verzaking text": (theme.TEXT, theme.ALARM),
    "verzaking rule": ((255, 225, 120), theme.ALARM),
    "problem strip": (theme.TEXT, theme.PROBLEM),
    "made": (theme.GOOD, theme.BACKGROUND),
    "nat": (theme.BAD, theme.BACKGROUND),
    "text on message strip": (theme.TEXT, theme.MESSAGE),
    **{f"{suit.dutch} on a card": (colour, theme.CARD_FACE) for suit, colour in theme.SUIT_COLOURS.items()},
}


def _linear(v: float) -> float:
    v /= 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _gamma(v: float) -> float:
    v = min(1.0, max(0.0, v))
    return 255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)


def contrast(a: Colour, b: Colour) -> float:
    """WCAG contrast ratio."""
    def lum(c: Colour) -> float:
        r, g, bl = (_linear(x) for x in c)
        return 0.2126 * r + 0.7152 * g + 0.0722 * bl

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("what", list(USED))
def test_text_contrast_is_at_least_wcag_aa(what: str) -> None:
    ink, ground = USED[what]
    assert contrast(ink, ground) >= 4.5, what


# Machado et al. (2009), full severity, on linear RGB.
DEFICIENCIES = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
}


def seen_by(colour: Colour, deficiency: str | None) -> tuple[float, float, float]:
    if deficiency is None:
        return (float(colour[0]), float(colour[1]), float(colour[2]))
    m = DEFICIENCIES[deficiency]
    lin = [_linear(x) for x in colour]
    r, g, b = (_gamma(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))
    return (r, g, b)


def distance(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    return float(sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5)


@pytest.mark.parametrize("deficiency", [None, "protanopia", "deuteranopia"])
def test_suit_colours_stay_apart_for_red_green_colour_blindness(deficiency: str | None) -> None:
    """Colour is a second cue (every suit is also drawn as its shape), but a good one."""
    seen = {s: seen_by(c, deficiency) for s, c in theme.SUIT_COLOURS.items()}
    for a, b in itertools.combinations(seen, 2):
        assert distance(seen[a], seen[b]) >= 60, (deficiency, a, b)


@pytest.mark.parametrize("deficiency", [None, "protanopia", "deuteranopia"])
def test_the_two_team_lines_in_the_chart_stay_apart(deficiency: str | None) -> None:
    ns, ew = (seen_by(c, deficiency) for c in theme.SERIES_COLOURS[:2])
    assert distance(ns, ew) >= 60
