"""systemd's notify protocol (Type=notify, WatchdogSec=): READY, WATCHDOG, STOPPING.

A datagram to $NOTIFY_SOCKET, written here rather than pulling in a library. Outside
systemd there is no socket and every call does nothing.
"""

from __future__ import annotations

import os
import socket

from device.clock import Clock


class Notifier:
    def __init__(self, clock: Clock, environ: dict[str, str] | None = None) -> None:
        env = environ if environ is not None else dict(os.environ)
        self.clock = clock
        self.address = env.get("NOTIFY_SOCKET") or None
        usec = env.get("WATCHDOG_USEC", "")
        # Feed the watchdog at twice the rate systemd wants it, as sd_watchdog_enabled advises.
        self.interval = int(usec) / 2e6 if usec.isdigit() and int(usec) > 0 else None
        self._last_feed = float("-inf")

    def send(self, message: str) -> bool:
        if self.address is None:
            return False
        address = "\0" + self.address[1:] if self.address.startswith("@") else self.address
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
                sock.connect(address)
                sock.sendall(message.encode("utf-8"))
            return True
        except OSError:
            return False

    def ready(self, status: str = "") -> None:
        self.send("READY=1" + (f"\nSTATUS={status}" if status else ""))

    def watchdog(self) -> None:
        """Call every loop; sends WATCHDOG=1 when due, so a hung loop gets restarted."""
        if self.interval is None:
            return
        now = self.clock.now()
        if now - self._last_feed >= self.interval:
            self._last_feed = now
            self.send("WATCHDOG=1")

    def stopping(self) -> None:
        self.send("STOPPING=1")
