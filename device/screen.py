"""The pygame window or console screen the table companion draws on.

Opens SDL with the right driver (dummy when headless, kmsdrm from the environment on a
console Pi, a desktop window otherwise), turns key presses into the same button edges
the GPIO panel sends (Enter = OK, Backspace = undo, Space = next; hold for a long
press; Escape quits), and hands the drawing to ``display``, which only reads state.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from device.inputs import ButtonEdge, InputQueue, Quit

KEYS = {"return": "ok", "enter": "ok", "backspace": "undo", "u": "undo", "space": "next", "n": "next", "tab": "next"}


class PygameScreen:
    def __init__(self, size: tuple[int, int], fullscreen: bool = False, headless: bool = False) -> None:
        if headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        self.pygame = pygame
        pygame.display.init()
        pygame.font.init()
        flags = pygame.FULLSCREEN if fullscreen and not headless else 0
        if fullscreen and not headless:
            size = (0, 0)  # the screen's own resolution
        self.surface = pygame.display.set_mode(size, flags)
        pygame.display.set_caption("Tafel")
        if fullscreen:
            pygame.mouse.set_visible(False)
        self.headless = headless

    def show(self, game: Any, status: Any) -> None:
        from device.screen_status import render_table

        render_table(self.surface, game, status)
        self.pygame.display.flip()

    def poll_keys(self, inputs: InputQueue, now: float) -> None:
        pygame = self.pygame
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                inputs.post(Quit("window closed"))
            elif event.type in (pygame.KEYDOWN, pygame.KEYUP):
                name = pygame.key.name(event.key)
                if event.type == pygame.KEYDOWN and name == "escape":
                    inputs.post(Quit("escape"))
                button = KEYS.get(name)
                if button is not None:
                    inputs.post(ButtonEdge(button, event.type == pygame.KEYDOWN, now))

    def save(self, path: str | Path) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.pygame.image.save(self.surface, str(path))

    def close(self) -> None:
        self.pygame.display.quit()
