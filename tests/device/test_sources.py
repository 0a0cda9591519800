from __future__ import annotations

import time
from pathlib import Path

import cv2
import numpy as np
import pytest

from device.sources import REOPEN_S, CameraError, LatestFrameGrabber, SyntheticSource, _LiveSource, open_source


def frame(value: int) -> np.ndarray:
    return np.full((48, 64, 3), value, np.uint8)


def test_dir_source_reads_images_in_name_order(tmp_path: Path) -> None:
    for i, value in enumerate((10, 20, 30)):
        cv2.imwrite(str(tmp_path / f"f{i:03d}.png"), frame(value))
    (tmp_path / "notes.txt").write_text("not a frame")
    source = open_source(f"dir:{tmp_path}")
    got = []
    while not source.ended:
        f = source.read()
        assert f is not None and f.shape == (48, 64, 3)
        got.append(int(f[0, 0, 0]))
    assert got == [10, 20, 30] and source.read() is None


def test_file_source_reads_every_frame_of_a_video(tmp_path: Path) -> None:
    path = tmp_path / "clip.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (64, 48))
    for value in range(0, 250, 50):
        writer.write(frame(value))
    writer.release()
    source = open_source(f"file:{path}")
    count = 0
    while source.read() is not None:
        count += 1
    assert count == 5 and source.ended


def test_file_source_takes_a_single_photo(tmp_path: Path) -> None:
    path = tmp_path / "table.jpg"
    cv2.imwrite(str(path), frame(99))
    source = open_source(f"file:{path}")
    assert source.read() is not None and source.read() is None


def test_file_source_reads_a_float_tiff_as_identify_does(tmp_path: Path) -> None:
    # Scanners and raw converters write 32-bit float TIFFs (0..1), which OpenCV's colour
    # read refuses; `tafel vision identify` reads them, so a file camera must too.
    path = tmp_path / "table.tif"
    cv2.imwrite(str(path), np.full((48, 64, 3), 0.5, np.float32))
    still = open_source(f"file:{path}").read()
    assert still is not None and still.dtype == np.uint8 and abs(int(still[0, 0, 0]) - 128) <= 1


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("table.heic", b"\x00\x00\x00\x18ftypheic" + bytes(20), "HEIC"),
        ("table.jpg", b"", "an empty file"),
        ("table.png", b"this is no picture at all", "not a readable image"),
    ],
)
def test_a_still_that_cannot_be_read_says_what_it_is(tmp_path: Path, name: str, content: bytes, message: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(CameraError, match=message) as raised:
        open_source(f"file:{path}")
    assert str(path) in str(raised.value)


@pytest.mark.parametrize(
    "spec, message",
    [
        ("v4l2:/dev/video97", "no such device"),
        ("file:/nonexistent/clip.mp4", "no such file"),
        ("dir:/nonexistent", "no such folder"),
        ("webcam", "is not a camera"),
    ],
)
def test_missing_cameras_say_which_and_why(spec: str, message: str) -> None:
    with pytest.raises(CameraError, match=message):
        open_source(spec)


def test_picamera2_missing_is_one_clear_line() -> None:
    try:
        import picamera2  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        with pytest.raises(CameraError, match="apt install python3-picamera2"):
            open_source("picamera2")
    else:
        pytest.skip("picamera2 is installed here: this is a Pi")


class FakePicamera2:
    """Stands in for picamera2.Picamera2: records how the camera is set up."""

    made: list[FakePicamera2] = []
    controls_known: dict[str, tuple[int, int, int | None]] = {"AeFlickerMode": (0, 2, 0),
                                                               "AeFlickerPeriod": (100, 1000000, None)}

    def __init__(self) -> None:
        self.camera_controls = dict(self.controls_known)
        self.config: dict[str, object] | None = None
        self.started = self.closed = False
        FakePicamera2.made.append(self)

    def create_video_configuration(self, main: dict[str, object], controls: dict[str, int] | None = None
                                   ) -> dict[str, object]:
        return {"main": main, "controls": dict(controls or {})}

    def configure(self, config: dict[str, object]) -> None:
        self.config = config

    def start(self) -> None:
        self.started = True

    def capture_array(self, stream: str) -> np.ndarray:
        time.sleep(0.002)
        return frame(7)

    def stop(self) -> None:
        self.started = False

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def fake_picamera2(monkeypatch: pytest.MonkeyPatch) -> type[FakePicamera2]:
    import sys
    import types

    module = types.ModuleType("picamera2")
    module.Picamera2 = FakePicamera2  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "picamera2", module)
    FakePicamera2.made = []
    return FakePicamera2


@pytest.mark.parametrize("mains_hz, period", [(50, 10000), (60, 8333)])
def test_the_pi_camera_exposes_in_whole_periods_of_the_lights(fake_picamera2: type[FakePicamera2], mains_hz: int,
                                                               period: int) -> None:
    # Lights on the mains flicker at twice its frequency: exposed for part of a period, a
    # rolling shutter draws dark bands that drift over the cards from frame to frame.
    camera = open_source("picamera2", (1280, 720), mains_hz)
    try:
        made = fake_picamera2.made[0]
        assert made.started and made.config is not None
        assert made.config["main"] == {"size": (1280, 720), "format": "RGB888"}
        assert made.config["controls"] == {"AeFlickerMode": 1, "AeFlickerPeriod": period}
        assert isinstance(camera, _LiveSource) and _frame_within(camera) is not None
    finally:
        camera.close()
    assert made.closed


def test_flicker_is_left_to_the_camera_when_asked_or_unknown_to_it(fake_picamera2: type[FakePicamera2],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    open_source("picamera2", (1280, 720), 0).close()
    monkeypatch.setattr(fake_picamera2, "controls_known", {})  # an older libcamera
    open_source("picamera2", (1280, 720), 50).close()
    assert [m.config and m.config["controls"] for m in fake_picamera2.made] == [{}, {}]


def test_the_grabber_keeps_only_the_newest_frame() -> None:
    counter = iter(range(10**9))

    def grab() -> np.ndarray:
        time.sleep(0.002)
        return frame(next(counter) % 256)

    grabber = LatestFrameGrabber(grab, "fake")
    time.sleep(0.1)
    first = grabber.latest()
    assert first is not None
    again = grabber.latest()  # a frame is handed out once: next time only a newer one, or nothing
    assert again is None or int(again[0, 0, 0]) != int(first[0, 0, 0])
    time.sleep(0.05)
    newer = grabber.latest()
    grabber.stop()
    assert newer is not None and int(newer[0, 0, 0]) > int(first[0, 0, 0])


def test_synthetic_source_ends_when_the_simulation_does() -> None:
    frames = iter([frame(1), frame(2)])
    source = SyntheticSource(lambda: next(frames, None))
    assert source.read() is not None and source.read() is not None
    assert source.read() is None and source.ended


class FlakyCamera(_LiveSource):
    """A live camera whose grabs and openings the test decides."""

    def __init__(self) -> None:
        self.name = "v4l2:/dev/video7"
        self.now = 0.0
        self.clock = lambda: self.now  # type: ignore[method-assign, assignment]
        self.plugged = True
        self.opened = 0
        self._open()

    def _open(self) -> None:
        if not self.plugged:
            raise CameraError(f"camera {self.name}: no such device (is the camera plugged in?)")
        self.opened += 1
        self._grabber = LatestFrameGrabber(self._grab, self.name)

    def _grab(self) -> np.ndarray:
        if not self.plugged:
            raise OSError("device disconnected")
        time.sleep(0.002)
        return frame(self.opened)

    def _release(self) -> None:
        pass


def _frame_within(camera: _LiveSource, seconds: float = 2.0) -> np.ndarray | None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        got = camera.read()
        if got is not None:
            return got
        time.sleep(0.01)
    return None


def test_a_camera_that_went_away_is_opened_again_when_it_is_back() -> None:
    # A club's kiosk runs all evening: a pulled cable is said, and mended by itself.
    camera = FlakyCamera()
    try:
        assert _frame_within(camera) is not None
        camera.plugged = False
        with pytest.raises(CameraError, match="device disconnected .trying again every 5 s"):
            for _ in range(200):
                camera.read()
                time.sleep(0.01)
        camera.now += REOPEN_S  # still away at the next try: it says so
        with pytest.raises(CameraError, match="no such device"):
            camera.read()
        camera.plugged = True
        camera.now += REOPEN_S / 2  # tried only every REOPEN_S
        with pytest.raises(CameraError):
            camera.read()
        camera.now += REOPEN_S / 2
        got = _frame_within(camera)
        assert got is not None and int(got[0, 0, 0]) == 2 and camera.opened == 2
    finally:
        camera.close()
