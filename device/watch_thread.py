"""Vision on its own thread, for a live camera.

On a Raspberry Pi a frame in which a card has just come to rest takes the full search: a
quarter to a third of a second, twice that where a shadow makes vision read it again.
Read on the main loop's thread, the buttons and the screen would wait that long each
time. :class:`WatcherThread` reads frames on a thread of its own and *posts* what it saw
to the input queue (a :class:`~device.inputs.Seen`), as the buttons' and the serial
link's threads post theirs; the main loop alone changes state and draws.

A frame that comes while the thread is still reading the one before is let go: the
camera's next frame is newer. That makes which frames are read depend on the machine's
speed, so recorded sources (a video file, a folder of frames) and the simulated table
are read on the main thread, frame by frame, and replay the same every time. The
calibration screen's looks at the cards laid out go to the thread the same way (a
:class:`~device.inputs.Looked` comes back).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from device.clock import Clock, SystemClock
from device.inputs import InputQueue, Looked, Seen
from device.table import TableEvent

if TYPE_CHECKING:
    from device.watcher import VisionWatcher

__all__ = ["STUCK_S", "WatcherThread"]

# A frame read this long says vision is stuck (a Pi reads the hardest frames in about a
# second): the screen says so, since the loop, and so the service's watchdog, go on.
STUCK_S = 10.0


class WatcherThread:
    """``watcher`` (a :class:`~device.watcher.VisionWatcher`) run on a thread: ``watch``
    hands it a frame and returns at once; the events come through ``inputs``.

    Everything else asked of the watcher (a new deal, calibration) waits for the frame
    being read, so the tracker never runs on two threads at once."""

    def __init__(self, watcher: VisionWatcher, inputs: InputQueue, clock: Clock | None = None) -> None:
        self.watcher = watcher
        self.inputs = inputs
        self.clock = clock or SystemClock()
        self._reading_since = 0.0
        self._lock = threading.Lock()  # held while the watcher works, on either thread
        self._wake = threading.Condition()
        # Handed over, not yet taken: ("watch", frame, time) or ("look", frame, time).
        self._job: tuple[str, np.ndarray, float] | None = None
        self._busy = False
        self._stopped = False
        self.frames_read = 0
        self.frames_let_go = 0
        self._error: str | None = None
        self._thread = threading.Thread(target=self._run, name="vision", daemon=True)
        self._thread.start()

    def watch(self, frame: np.ndarray, now: float) -> list[TableEvent]:
        """Hand ``frame`` to the tracker on the thread, unless it is still reading one; the
        events come as a :class:`~device.inputs.Seen`, none here."""
        self._hand_over(("watch", frame, now))
        return []

    def look(self, frame: np.ndarray) -> bool:
        """Hand ``frame`` to the thread to find its cards for the calibration screen (they
        come as a :class:`~device.inputs.Looked`); False if it is still reading one."""
        return self._hand_over(("look", frame, 0.0))

    def _hand_over(self, job: tuple[str, np.ndarray, float]) -> bool:
        with self._wake:
            if self._busy or self._job is not None:
                self.frames_let_go += 1
                return False
            self._job = job
            self._wake.notify()
            return True

    def _run(self) -> None:
        while True:
            with self._wake:
                while self._job is None and not self._stopped:
                    self._wake.wait()
                if self._stopped:
                    return
                job, self._job, self._busy = self._job, None, True
                self._reading_since = self.clock.now()
            assert job is not None
            kind, frame, now = job
            try:
                with self._lock:
                    if kind == "look":
                        self.inputs.post(Looked(frame, tuple(self.watcher.find_cards(frame))))
                    else:
                        events = self.watcher.watch(frame, now)
                        if events:
                            self.inputs.post(Seen(tuple(events)))
                self._error = None
            except Exception as exc:  # a fault in one frame: said on the screen, the next is read
                self._error = f"vision: {type(exc).__name__}: {exc}"
            self.frames_read += 1
            with self._wake:
                self._busy = False
                self._wake.notify_all()

    def idle(self, timeout: float | None = None) -> bool:
        """Wait until every frame handed over is read (and its events posted); False if
        ``timeout`` seconds pass first."""
        with self._wake:
            return self._wake.wait_for(lambda: not self._busy and self._job is None, timeout)

    def close(self) -> None:
        with self._wake:
            self._stopped = True
            self._wake.notify_all()
        self._thread.join(timeout=5)

    # -- the rest of the watcher, asked from the main loop

    @property
    def problem(self) -> str | None:
        taken = self.clock.now() - self._reading_since
        if self._busy and taken > STUCK_S:
            return f"vision: no answer for {taken:.0f} s (restart tafel if it stays)"
        return self._error or self.watcher.problem

    def new_deal(self) -> None:
        with self._lock:
            self.watcher.new_deal()

    def lead_entered(self, seat: str, card: str) -> None:
        with self._lock:
            self.watcher.lead_entered(seat, card)

    def find_cards(self, frame: np.ndarray) -> list[Any]:
        with self._lock:
            return self.watcher.find_cards(frame)

    def calibrate_with(self, cards: Sequence[Any], frame_shape: Sequence[int] | None = None) -> tuple[bool, str]:
        with self._lock:
            return self.watcher.calibrate_with(cards, frame_shape)
