"""SDL must be told before pygame starts: no window, no sound card (CI and the Pi's tests)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from display.scenarios import Scenario, scenarios  # noqa: E402

SIZES = ((800, 480), (1920, 1080))


@pytest.fixture(scope="session", autouse=True)
def pygame_fonts() -> None:
    pygame.font.init()


@pytest.fixture(scope="session")
def all_scenarios() -> dict[str, Scenario]:
    return {s.name: s for s in scenarios()}
