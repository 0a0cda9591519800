"""The serial link to a club computer or scoreboard (pyserial).

Out: JSON Lines, one object per table event and score update. In: a few commands,
one per line: ``undo``, ``next``, ``status``. The main loop calls :meth:`poll` each
tick; commands are posted to the input queue like button presses. A write timeout
keeps a stalled device from hanging the loop (the line is dropped and counted); when
the device is unplugged the link says so and reopens it every few seconds until it
returns, then sends a status line so the scoreboard catches up.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from device.clock import Clock
from device.inputs import InputQueue, SerialCommand

COMMANDS = ("undo", "next", "status")
REOPEN_EVERY_S = 2.0
WRITE_TIMEOUT_S = 0.2
MAX_LINE = 256


def _open_port(url: str, baud: int) -> Any:
    import serial

    return serial.serial_for_url(url, baudrate=baud, timeout=0, write_timeout=WRITE_TIMEOUT_S)


class SerialLink:
    def __init__(self, url: str, baud: int, inputs: InputQueue, clock: Clock,
                 opener: Callable[[str, int], Any] = _open_port,
                 on_reconnect: Callable[[], dict[str, Any]] | None = None) -> None:
        self.url, self.baud = url, baud
        self.inputs, self.clock = inputs, clock
        self.opener = opener
        self.on_reconnect = on_reconnect
        self.port: Any = None
        self.problem: str | None = None  # what the screen shows while the link is down
        self.dropped = 0  # lines dropped on write timeouts
        self._buffer = b""
        self._next_try = 0.0
        self._open(first=True)

    @property
    def connected(self) -> bool:
        return self.port is not None

    def _open(self, first: bool = False) -> None:
        self._next_try = self.clock.now() + REOPEN_EVERY_S
        try:
            self.port = self.opener(self.url, self.baud)
        except Exception as exc:  # pyserial raises SerialException, OSError, ValueError
            self.port = None
            self.problem = f"serial {self.url}: {_why(exc)}"
            return
        self.problem = None
        self._buffer = b""
        if not first and self.on_reconnect is not None:
            self.send(self.on_reconnect())

    def _lost(self, exc: BaseException) -> None:
        try:
            if self.port is not None:
                self.port.close()
        except Exception:
            pass
        self.port = None
        self.problem = f"serial {self.url}: unplugged ({_why(exc)})"
        self._next_try = self.clock.now() + REOPEN_EVERY_S

    def send(self, message: dict[str, Any]) -> bool:
        """Write one JSON line; False when it could not be written now."""
        if self.port is None:
            return False
        import serial

        data = (json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8")
        try:
            self.port.write(data)
            return True
        except serial.SerialTimeoutException:
            self.dropped += 1  # stalled device: drop the line, keep the table running
            return False
        except (serial.SerialException, OSError) as exc:
            self._lost(exc)
            return False

    def poll(self) -> None:
        """Read what has arrived and post its commands; reopen a lost port when due."""
        if self.port is None:
            if self.clock.now() >= self._next_try:
                self._open()
            return
        import serial

        try:
            waiting = self.port.in_waiting
            chunk = self.port.read(waiting) if waiting else b""
        except (serial.SerialException, OSError) as exc:
            self._lost(exc)
            return
        if not chunk:
            return
        self._buffer += chunk
        *lines, self._buffer = self._buffer.split(b"\n")
        if len(self._buffer) > MAX_LINE:
            self._buffer = b""  # noise without newlines: forget it
        for raw in lines:
            command = raw.decode("utf-8", "replace").strip().lower()
            if not command:
                continue
            if command in COMMANDS:
                self.inputs.post(SerialCommand(command))
            else:
                self.send({"type": "error", "message": f"unknown command {command!r} (known: {', '.join(COMMANDS)})"})

    def close(self) -> None:
        if self.port is not None:
            try:
                self.port.close()
            except Exception:
                pass
            self.port = None


def _why(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:120]
