"""Vision on its own thread (a live camera): the buttons and the screen never wait for it."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from device.clock import ManualClock
from device.config import Config
from device.inputs import Press
from device.table import CardPlaced, Table, TableEvent
from device.watch_thread import STUCK_S, WatcherThread
from tests.device.test_table import _table_at_first_play


class SlowWatcher:
    """A watcher that reads each frame until the test lets it go, then reports ``events``."""

    problem: str | None = None

    def __init__(self) -> None:
        self.reading = threading.Event()
        self.release = threading.Event()
        self.events: list[TableEvent] = []
        self.log: list[str] = []
        self.fail: Exception | None = None

    def watch(self, frame: np.ndarray, now: float) -> list[TableEvent]:
        self._read("watch")
        events, self.events = self.events, []
        return events

    def _read(self, what: str) -> None:
        self.log.append(what)
        self.reading.set()
        assert self.release.wait(10)
        self.release.clear()
        self.reading.clear()
        if self.fail is not None:
            fail, self.fail = self.fail, None
            raise fail

    def new_deal(self) -> None:
        self.log.append("new_deal")

    def find_cards(self, frame: np.ndarray) -> list[Any]:
        self._read("look")
        return []

    def calibrate_with(self, cards: Any, frame_shape: Any = None) -> tuple[bool, str]:
        return False, "calibration: no cards"


@pytest.fixture
def slow_table(tmp_path: Path) -> Any:
    table = _table_at_first_play(tmp_path)
    slow = SlowWatcher()
    thread = WatcherThread(slow, table.inputs)  # type: ignore[arg-type]
    table.watcher = thread
    yield table, slow, thread
    slow.release.set()
    thread.close()


def test_a_button_is_answered_while_vision_reads_a_frame(slow_table: tuple[Table, SlowWatcher, WatcherThread]
                                                         ) -> None:
    table, slow, thread = slow_table
    hand = table.game.hand  # type: ignore[attr-defined]
    seat = hand.to_move()
    table.step()  # the frame goes to vision's thread, which takes its time
    assert slow.reading.wait(5)
    table.inputs.post(Press("next"))  # the camera missed a card: the players enter it
    table.step()
    assert slow.reading.is_set()  # still reading
    assert table.status.question is not None and table.status.question.seat == seat
    table.status.question = None
    # What vision then saw comes in through the queue, and is played at the next step.
    card = table._guesses(seat, None)[3]
    slow.events = [CardPlaced(seat, card, 0.99)]
    slow.release.set()
    assert thread.idle(5)
    table.step()
    assert (hand.tricks[-1].seats, [str(c) for c in hand.tricks[-1].cards]) == ([seat], [card])


def test_frames_that_come_while_vision_reads_are_let_go(slow_table: tuple[Table, SlowWatcher, WatcherThread]
                                                        ) -> None:
    table, slow, thread = slow_table
    table.step()
    assert slow.reading.wait(5)
    for _ in range(3):
        table.step()
    assert (thread.frames_read, thread.frames_let_go) == (0, 3)
    slow.release.set()
    assert thread.idle(5) and thread.frames_read == 1
    table.step()  # the camera's newest frame is read next
    assert slow.reading.wait(5)
    slow.release.set()
    assert thread.idle(5) and thread.frames_read == 2


def test_a_new_deal_waits_for_the_frame_being_read(slow_table: tuple[Table, SlowWatcher, WatcherThread]) -> None:
    # The tracker is never used on two threads at once.
    table, slow, thread = slow_table
    table.step()
    assert slow.reading.wait(5)
    dealing = threading.Thread(target=thread.new_deal)
    dealing.start()
    dealing.join(0.2)
    assert dealing.is_alive()
    slow.release.set()
    dealing.join(5)
    assert slow.log == ["watch", "new_deal"]


def test_a_fault_in_one_frame_is_shown_and_the_next_frame_is_read(
        slow_table: tuple[Table, SlowWatcher, WatcherThread]) -> None:
    table, slow, thread = slow_table
    slow.fail = ValueError("bad frame")
    table.step()
    assert slow.reading.wait(5)
    slow.release.set()
    assert thread.idle(5)
    table.step()
    assert "vision: ValueError: bad frame" in table.status.problems
    assert slow.reading.wait(5)
    slow.release.set()
    assert thread.idle(5)
    table.step()
    assert not any(p.startswith("vision:") for p in table.status.problems)


def test_vision_stuck_on_a_frame_is_shown(slow_table: tuple[Table, SlowWatcher, WatcherThread]) -> None:
    # The loop, and so the service's watchdog, go on without vision: the screen says so.
    table, slow, thread = slow_table
    clock = ManualClock()
    thread.clock = clock
    table.step()
    assert slow.reading.wait(5)
    clock.advance(STUCK_S - 1)
    table.step()
    assert not any(p.startswith("vision:") for p in table.status.problems)
    clock.advance(2)
    table.step()
    assert any(p.startswith("vision: no answer for 11 s") for p in table.status.problems)
    slow.release.set()
    assert thread.idle(5)
    table.step()
    assert not any(p.startswith("vision:") for p in table.status.problems)


def test_the_calibration_screen_looks_at_the_cards_on_visions_thread(
        slow_table: tuple[Table, SlowWatcher, WatcherThread]) -> None:
    table, slow, thread = slow_table
    table.start_calibrating()
    table.step()
    assert slow.reading.wait(5) and slow.log == ["look"]
    table.inputs.post(Press("undo"))  # back to the menu, while vision still looks
    table.step()
    assert table.calibrating is None and table.status.menu is not None
    slow.release.set()
    assert thread.idle(5)
    table.step()  # the answer comes for a screen that is gone: nothing happens
    assert table.calibrating is None and table.status.menu is not None


def test_the_table_is_calibrated_through_visions_thread(tmp_path: Path) -> None:
    # The real vision, on its own thread: the cards laid out are found, OK calibrates.
    from device.watcher import VisionWatcher
    from tests.device.test_calibrate import StillCamera, sim_table
    from tests.device.test_calibrate import build as build_calibrating

    sim, clock, inputs = sim_table(tmp_path)
    watcher = VisionWatcher(None, 32, save_to=tmp_path / "calibration.json")
    thread = WatcherThread(watcher, inputs, clock)
    try:
        table = build_calibrating(tmp_path, StillCamera(sim.calibration_frame()), clock, inputs, thread)  # type: ignore[arg-type]
        table.start_calibrating()
        for _ in range(20):
            table.step()
            assert thread.idle(30)
            clock.advance(0.3)
            view = table.status.calibration
            if view is not None and len(view.seats_done) == 4:
                break
        assert view is not None and sorted(view.seats_done) == ["E", "N", "S", "W"]
        assert thread.frames_read >= 1
        table.inputs.post(Press("ok"))
        table.step()
        assert table.status.message == "calibrated: the seats are known; take the cards away"
        assert watcher.tracker is not None
    finally:
        thread.close()


def test_a_live_camera_is_read_on_its_own_thread_and_a_recorded_one_is_not(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import device.run as run

    class LiveCamera:
        name, live, ended = "v4l2:/dev/video9", True, False

        def read(self) -> None:
            return None

        def close(self) -> None:
            pass

    monkeypatch.setattr(run, "open_source", lambda spec, size, mains_hz: LiveCamera())
    running = run.build(Config(journal=tmp_path / "j.sqlite", camera="v4l2:/dev/video9"), headless=True, seed=1)
    try:
        assert isinstance(running.table.watcher, WatcherThread)
        assert running.table.watcher in running.resources  # stopped when the table closes
    finally:
        running.close()
    frames = tmp_path / "frames"
    frames.mkdir()
    cv2.imwrite(str(frames / "0001.png"), np.zeros((72, 128, 3), np.uint8))
    monkeypatch.undo()
    running = run.build(Config(journal=tmp_path / "k.sqlite", camera=f"dir:{frames}"), headless=True, seed=1)
    try:
        assert not isinstance(running.table.watcher, WatcherThread)
    finally:
        running.close()


def test_a_whole_hand_at_the_simulated_table_through_visions_thread(tmp_path: Path) -> None:
    # The real vision and tracker on their own thread, the loop waiting for each frame
    # to be read (so that no frame is let go, and the run is the same every time).
    from device.run import FPS, build

    running = build(Config(journal=tmp_path / "j.sqlite"), headless=True, seed=11)
    table, sim, clock = running.table, running.sim, running.clock
    thread = WatcherThread(table.watcher, table.inputs, clock)  # type: ignore[arg-type]
    table.watcher = thread
    running.resources.append(thread)
    try:
        for _ in range(20000):
            sim.act(table.game, table.status)
            table.step()
            assert thread.idle(30)
            clock.advance(1 / FPS)  # type: ignore[attr-defined]
            hands = table.game.hands  # type: ignore[attr-defined]
            if hands and hands[0].score() is not None and not sim.on_table:
                break
        assert hands[0].score() is not None
        played = [(s, c) for t in hands[0].tricks for s, c in zip(t.seats, t.cards)]
        assert played == sim.plays[:len(played)] and len(played) >= 8
        assert thread.frames_read > 100 and thread.frames_let_go == 0
    finally:
        running.close()
