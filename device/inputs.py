"""What comes into the main loop: one queue of input events.

GPIO callbacks, the serial reader, the keyboard and vision's thread (on a live camera)
only *post* to this queue; the main loop alone takes from it, changes state and draws. Raw button edges are turned
into presses by :class:`device.buttons.ButtonLogic` in the main loop.
"""

from __future__ import annotations

import queue
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Union

if TYPE_CHECKING:
    import numpy as np

    from device.table import TableEvent

BUTTONS = ("ok", "undo", "next")


@dataclass(frozen=True)
class ButtonEdge:
    """A raw level change on a button pin (posted from gpiozero's thread)."""

    button: str
    pressed: bool
    at: float


@dataclass(frozen=True)
class Press:
    """A debounced press; ``long`` when held past the long-press time."""

    button: str
    long: bool = False


@dataclass(frozen=True)
class SerialCommand:
    """A command line from the serial link: ``undo``, ``next`` or ``status``."""

    command: str


@dataclass(frozen=True)
class Quit:
    reason: str = ""


@dataclass(frozen=True)
class Seen:
    """What vision saw in one frame, posted from its own thread (``device.watch_thread``):
    table events (``device.table.TableEvent``), in order."""

    events: tuple[TableEvent, ...]


@dataclass(frozen=True)
class Looked:
    """The cards vision found in ``frame`` for the calibration screen, posted from its
    own thread (``device.watch_thread``)."""

    frame: np.ndarray
    cards: tuple[Any, ...]


InputEvent = Union[ButtonEdge, Press, SerialCommand, Quit, Seen, Looked]


class InputQueue:
    """Thread-safe; every producer posts, only the main loop drains."""

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[InputEvent] = queue.SimpleQueue()

    def post(self, event: InputEvent) -> None:
        self._queue.put(event)

    def drain(self) -> list[InputEvent]:
        events: list[InputEvent] = []
        while True:
            try:
                events.append(self._queue.get_nowait())
            except queue.Empty:
                return events
