from __future__ import annotations

import socket
from pathlib import Path

from device.clock import ManualClock
from device.notify import Notifier


def test_ready_and_watchdog_reach_systemds_socket(tmp_path: Path) -> None:
    path = str(tmp_path / "notify.sock")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(path)
    server.settimeout(1)
    clock = ManualClock()
    notifier = Notifier(clock, {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "2000000"})
    notifier.ready("referee running")
    assert server.recv(100) == b"READY=1\nSTATUS=referee running"
    fed = 0
    server.setblocking(False)
    for _ in range(50):  # 5 s of loop at 10 Hz: fed every second (half the watchdog time)
        notifier.watchdog()
        clock.advance(0.1)
        try:
            while server.recv(100) == b"WATCHDOG=1":
                fed += 1
        except BlockingIOError:
            pass
    assert 4 <= fed <= 6
    notifier.stopping()
    server.setblocking(True)
    assert server.recv(100) == b"STOPPING=1"
    server.close()


def test_outside_systemd_nothing_is_sent() -> None:
    notifier = Notifier(ManualClock(), {})
    assert notifier.send("READY=1") is False
    notifier.watchdog()
