"""The screen: pure rendering of engine state (and the device's :class:`Status`) with pygame.

``render(surface, game, status)`` draws one frame; nothing here changes the game, and
nothing here imports ``device`` or ``vision``. See docs/display.md.
"""

import os

# pygame prints a greeting on import; a kiosk's log and `tafel ... --json` want none.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from display.render import choose_screen, render, table_screen  # noqa: E402
from display.status import Calibration, Menu, Question, Screen, Status  # noqa: E402

__all__ = ["render", "choose_screen", "table_screen", "Status", "Screen", "Question", "Menu", "Calibration"]
