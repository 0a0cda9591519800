"""The serial link with pyserial's loop:// and a real pty pair."""

from __future__ import annotations

import json
import os
import select
from typing import Any

import serial

from device.clock import ManualClock
from device.inputs import InputQueue, SerialCommand
from device.serial_link import REOPEN_EVERY_S, SerialLink


def read_lines(fd: int, want: int, timeout: float = 2.0) -> list[dict[str, Any]]:
    data = b""
    while data.count(b"\n") < want:
        ready, _, _ = select.select([fd], [], [], timeout)
        if not ready:
            break
        data += os.read(fd, 4096)
    return [json.loads(line) for line in data.splitlines() if line.strip()]


def test_commands_come_in_as_events_on_loop() -> None:
    inputs, clock = InputQueue(), ManualClock()
    link = SerialLink("loop://", 115200, inputs, clock)
    link.port.write(b"undo\nNEXT\r\nstat")  # the club computer types; the last line is not finished yet
    link.poll()
    assert inputs.drain() == [SerialCommand("undo"), SerialCommand("next")]
    link.port.write(b"us\n")
    link.poll()
    assert inputs.drain() == [SerialCommand("status")]
    link.close()


def test_unknown_commands_are_answered_not_posted() -> None:
    inputs, clock = InputQueue(), ManualClock()
    link = SerialLink("loop://", 115200, inputs, clock)
    link.port.write(b"shuffle\n")
    link.poll()  # reads "shuffle", writes an error line, which loop:// echoes back
    assert inputs.drain() == []
    echoed = link.port.read(link.port.in_waiting)
    assert b"unknown command 'shuffle'" in echoed
    link.close()


def test_json_lines_out_through_a_pty() -> None:
    master, slave = os.openpty()
    try:
        link = SerialLink(os.ttyname(slave), 115200, InputQueue(), ManualClock())
        assert link.send({"type": "play", "seat": "E", "card": "JH"})
        assert link.send({"type": "score", "totals": {"NS": 0, "EW": 162}})
        assert read_lines(master, 2) == [
            {"type": "play", "seat": "E", "card": "JH"},
            {"type": "score", "totals": {"NS": 0, "EW": 162}},
        ]
        os.write(master, b"status\n")
        got: list[object] = []
        for _ in range(100):  # the kernel hands the bytes over within milliseconds
            link.poll()
            got += link.inputs.drain()
            if got:
                break
            select.select([], [], [], 0.01)
        assert got == [SerialCommand("status")]
        link.close()
    finally:
        os.close(master)
        os.close(slave)


class StalledPort:
    """A device that never takes bytes: every write times out."""

    in_waiting = 0

    def write(self, data: bytes) -> int:
        raise serial.SerialTimeoutException("Write timeout")

    def read(self, n: int) -> bytes:
        return b""

    def close(self) -> None:
        pass


def test_a_stalled_device_drops_lines_and_does_not_hang() -> None:
    link = SerialLink("stalled", 9600, InputQueue(), ManualClock(), opener=lambda url, baud: StalledPort())
    assert link.send({"type": "play"}) is False
    assert link.send({"type": "play"}) is False
    assert link.dropped == 2 and link.connected and link.problem is None


class Unpluggable:
    """Opens a loop:// port while 'plugged'; reading a port that was unplugged fails."""

    def __init__(self) -> None:
        self.plugged = True
        self.opened: list[Any] = []

    def __call__(self, url: str, baud: int) -> Any:
        if not self.plugged:
            raise serial.SerialException(f"[Errno 2] could not open port {url}: No such file or directory")
        port = serial.serial_for_url("loop://", timeout=0)
        self.opened.append(port)
        return port


def test_unplug_is_reported_and_the_port_reopens_when_it_returns() -> None:
    clock, device = ManualClock(), Unpluggable()
    link = SerialLink("/dev/ttyUSB0", 115200, InputQueue(), clock, opener=device,
                      on_reconnect=lambda: {"type": "status", "totals": {"NS": 10, "EW": 0}})
    assert link.connected
    device.plugged = False
    device.opened[-1].close()  # the USB adapter is pulled out
    link.poll()
    assert not link.connected and link.problem is not None and "unplugged" in link.problem
    clock.advance(REOPEN_EVERY_S + 0.1)
    link.poll()  # still gone: tries again later
    assert not link.connected and "could not open" in (link.problem or "")
    device.plugged = True
    link.poll()  # not due yet
    assert not link.connected
    clock.advance(REOPEN_EVERY_S + 0.1)
    link.poll()
    assert link.connected and link.problem is None
    # the scoreboard is brought up to date at once
    assert json.loads(device.opened[-1].read(1000)) == {"type": "status", "totals": {"NS": 10, "EW": 0}}
