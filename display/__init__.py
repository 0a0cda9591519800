"""The screen: pure rendering of engine state (and the device's :class:`Status`) with pygame.

``render(surface, game, status)`` draws one frame; nothing here changes the game, and
nothing here imports ``device`` or ``vision``. See docs/display.md.
"""

from display.render import choose_screen, render, table_screen
from display.status import Calibration, Menu, Question, Screen, Status

__all__ = ["render", "choose_screen", "table_screen", "Status", "Screen", "Question", "Menu", "Calibration"]
