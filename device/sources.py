"""Camera sources: everything that gives the main loop BGR frames.

``--camera picamera2 | v4l2:/dev/video0 | file:clip.mp4 | dir:frames/ | sim``

A live camera (Picamera2, V4L2) is read by a grabber thread that keeps only the newest
frame, so a slow frame never makes the table fall behind; one that goes away is opened
again every few seconds until it is back. Files and folders are read
in order, one frame per ``read()``, so a recorded session replays exactly. Picamera2
comes from apt on the Pi and is imported only when asked for.
"""

from __future__ import annotations

import abc
import contextlib
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import numpy as np

class CameraError(Exception):
    """A camera that cannot be opened or has gone; the message is one line."""


class FrameSource(Protocol):
    """Frames in BGR, newest first; ``read`` returns None when no new frame is there."""

    name: str

    def read(self) -> np.ndarray | None: ...

    @property
    def ended(self) -> bool:
        """True once a finite source (file, folder) has given its last frame."""

    def close(self) -> None: ...


class LatestFrameGrabber:
    """Runs ``grab`` in a thread and keeps only the newest frame."""

    def __init__(self, grab: Callable[[], np.ndarray | None], name: str) -> None:
        self._grab = grab
        self._lock = threading.Lock()
        self._frame: np.ndarray | None = None
        self._fresh = False
        self._stop = threading.Event()
        self.error: str | None = None
        self._thread = threading.Thread(target=self._run, name=f"grab-{name}", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        misses = 0
        while not self._stop.is_set():
            try:
                frame = self._grab()
            except Exception as exc:  # a driver error ends the grabber, the loop reports it
                self.error = str(exc) or type(exc).__name__
                return
            if frame is None:
                misses += 1
                if misses > 50:
                    self.error = "no frames from the camera"
                    return
                self._stop.wait(0.02)
                continue
            misses = 0
            with self._lock:
                self._frame, self._fresh = frame, True

    def latest(self) -> np.ndarray | None:
        with self._lock:
            if not self._fresh:
                return None
            self._fresh = False
            return self._frame

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2)


class ImageDirSource:
    """``dir:frames/``: the images of a folder in name order, one per read."""

    def __init__(self, folder: str | Path) -> None:
        # Stills are read as `tafel vision identify` reads them.
        from vision.imagefile import IMAGE_SUFFIXES, read_image

        self.name = f"dir:{folder}"
        path = Path(folder)
        if not path.is_dir():
            raise CameraError(f"camera {self.name}: no such folder")
        self._files = sorted(p for p in path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not self._files:
            raise CameraError(f"camera {self.name}: no images (.png, .jpg) in the folder")
        self._read_image = read_image
        self._next = 0

    def read(self) -> np.ndarray | None:
        while self._next < len(self._files):
            file = self._files[self._next]
            self._next += 1
            frame = self._read_image(str(file))
            if frame is not None:
                return frame
        return None

    @property
    def ended(self) -> bool:
        return self._next >= len(self._files)

    def close(self) -> None:
        self._next = len(self._files)


class VideoFileSource:
    """``file:clip.mp4`` (or a single image): every frame in order."""

    def __init__(self, file: str | Path) -> None:
        import cv2

        from vision.imagefile import IMAGE_SUFFIXES, read_image, why_unreadable

        self.name = f"file:{file}"
        path = Path(file)
        if not path.is_file():
            raise CameraError(f"camera {self.name}: no such file")
        self._still: np.ndarray | None = None
        self._capture: Any = None
        if path.suffix.lower() in IMAGE_SUFFIXES:
            self._still = read_image(str(path))
            if self._still is None:
                raise CameraError(f"camera {self.name}: {why_unreadable(str(path))}")
        else:
            self._capture = cv2.VideoCapture(str(path))
            if not self._capture.isOpened():
                raise CameraError(f"camera {self.name}: not a video OpenCV can read")
        self._ended = False

    def read(self) -> np.ndarray | None:
        if self._ended:
            return None
        if self._still is not None:
            self._ended = True
            return self._still
        ok, frame = self._capture.read()
        if not ok:
            self._ended = True
            return None
        return np.asarray(frame)

    @property
    def ended(self) -> bool:
        return self._ended

    def close(self) -> None:
        if self._capture is not None:
            self._capture.release()
        self._ended = True


# A live camera that went away is opened again this often, until it comes back.
REOPEN_S = 5.0

# The mains frequency of the room's lights, in Hz: 50 where the games are played (Europe;
# 60 in the Americas). 0 leaves flicker to the camera.
DEFAULT_MAINS_HZ = 50
MAINS_HZ = (0, 50, 60)
AE_FLICKER_MANUAL = 1  # libcamera's AeFlickerMode: 0 off, 1 manual (AeFlickerPeriod), 2 auto


class _LiveSource(abc.ABC):
    """A camera that never ends: its grabber thread keeps the newest frame.

    A camera that goes away (a USB cable pulled, a driver's error) is opened again every
    ``REOPEN_S`` seconds, and ``read`` says why meanwhile (the table shows it): a club's
    kiosk runs all evening, and nobody should have to restart it for a loose cable.
    Subclasses open the device and start ``_grabber`` in ``_open`` (raising
    ``CameraError``), and let it go in ``_release``."""

    name: str
    _grabber: LatestFrameGrabber
    live = True  # frames come at the camera's pace, not when read (device.watch_thread)
    clock: Callable[[], float] = staticmethod(time.monotonic)
    _lost: str | None = None  # why the camera is away; None while it gives frames
    _retry_at = 0.0

    @abc.abstractmethod
    def _open(self) -> None:
        """Open the device and start ``_grabber``; ``CameraError`` if it cannot."""

    @abc.abstractmethod
    def _release(self) -> None:
        """Let the device go (its grabber is stopped)."""

    def read(self) -> np.ndarray | None:
        if self._lost is None and self._grabber.error:
            self._lost = self._grabber.error
            self._let_go()
            self._retry_at = self.clock() + REOPEN_S
        if self._lost is not None:
            if self.clock() >= self._retry_at:
                try:
                    self._open()
                    self._lost = None
                except CameraError as exc:
                    self._lost = str(exc).removeprefix(f"camera {self.name}: ")
                    self._retry_at = self.clock() + REOPEN_S
            if self._lost is not None:
                raise CameraError(f"camera {self.name}: {self._lost} (trying again every {REOPEN_S:.0f} s)")
        return self._grabber.latest()

    def _let_go(self) -> None:
        self._grabber.stop()
        with contextlib.suppress(Exception):  # a device already gone may fail to close: let go either way
            self._release()

    @property
    def ended(self) -> bool:
        return False

    def close(self) -> None:
        if self._lost is None:
            self._let_go()


class V4L2Source(_LiveSource):
    """``v4l2:/dev/video0``: a USB camera, newest frame only."""

    def __init__(self, device: str, size: tuple[int, int] = (1280, 720)) -> None:
        self.name = f"v4l2:{device}"
        self.device, self.size = device, size
        self._open()

    def _open(self) -> None:
        import cv2

        if not Path(self.device).exists():
            raise CameraError(f"camera {self.name}: no such device (is the camera plugged in?)")
        self._capture = cv2.VideoCapture(self.device, cv2.CAP_V4L2)
        if not self._capture.isOpened():
            raise CameraError(f"camera {self.name}: cannot open (in use, or no permission: group 'video')")
        self._capture.set(cv2.CAP_PROP_FRAME_WIDTH, self.size[0])
        self._capture.set(cv2.CAP_PROP_FRAME_HEIGHT, self.size[1])
        self._grabber = LatestFrameGrabber(self._grab, self.name)

    def _grab(self) -> np.ndarray | None:
        ok, frame = self._capture.read()
        return np.asarray(frame) if ok else None

    def _release(self) -> None:
        self._capture.release()


class Picamera2Source(_LiveSource):
    """``picamera2``: the Pi camera. Picamera2 is imported here, only when asked for."""

    def __init__(self, size: tuple[int, int] = (1280, 720), mains_hz: int = DEFAULT_MAINS_HZ) -> None:
        self.name = "picamera2"
        self.size = size
        self.mains_hz = mains_hz
        try:
            from picamera2 import Picamera2
        except ImportError:
            raise CameraError(
                "camera picamera2: the picamera2 module is not installed "
                "(on Raspberry Pi OS: apt install python3-picamera2, and a venv with --system-site-packages)"
            ) from None
        self._picamera2 = Picamera2
        self._open()

    def _open(self) -> None:
        try:
            self._camera = self._picamera2()
        except Exception as exc:  # libcamera's errors have many types
            raise CameraError(f"camera picamera2: cannot start the camera: {exc}") from None
        try:
            # "RGB888" is stored B, G, R: what OpenCV calls BGR.
            config = self._camera.create_video_configuration(main={"size": self.size, "format": "RGB888"},
                                                             controls=self._flicker_controls())
            self._camera.configure(config)
            self._camera.start()
        except Exception as exc:
            with contextlib.suppress(Exception):  # held open, the next try would find it in use
                self._camera.close()
            raise CameraError(f"camera picamera2: cannot start the camera: {exc}") from None
        self._grabber = LatestFrameGrabber(lambda: np.asarray(self._camera.capture_array("main")), self.name)

    def _flicker_controls(self) -> dict[str, int]:
        """Exposures in whole periods of the room's lights, where the camera can: lights on
        the mains brighten and dim twice a cycle, and a rolling shutter exposed for part of
        a period draws dark bands that drift across the cards from frame to frame (each
        frame then looks changed, and the bands cut through the indices). Older libcamera
        releases have no such control: the camera then runs as it would."""
        known = getattr(self._camera, "camera_controls", {}) or {}
        if not self.mains_hz or "AeFlickerMode" not in known or "AeFlickerPeriod" not in known:
            return {}
        return {"AeFlickerMode": AE_FLICKER_MANUAL, "AeFlickerPeriod": round(1_000_000 / (2 * self.mains_hz))}

    def _release(self) -> None:
        try:
            self._camera.stop()
        finally:
            self._camera.close()


class SyntheticSource:
    """``sim``: frames rendered on demand by the simulated table."""

    def __init__(self, render: Callable[[], np.ndarray | None], name: str = "sim") -> None:
        self.name = name
        self._render = render
        self._ended = False

    def read(self) -> np.ndarray | None:
        frame = self._render()
        if frame is None:
            self._ended = True
        return frame

    @property
    def ended(self) -> bool:
        return self._ended

    def close(self) -> None:
        self._ended = True


def check_source_spec(spec: str) -> str | None:
    """Why ``spec`` is not a camera source, or None."""
    if spec in ("picamera2", "sim"):
        return None
    kind, _, rest = spec.partition(":")
    if kind in ("v4l2", "file", "dir") and rest:
        return None
    return f"{spec!r} is not a camera (picamera2 | v4l2:/dev/video0 | file:clip.mp4 | dir:frames/ | sim)"


def open_source(spec: str, size: tuple[int, int] = (1280, 720), mains_hz: int = DEFAULT_MAINS_HZ) -> FrameSource:
    """Open a real source; ``sim`` is built by the simulated table, not here. ``mains_hz``
    is the room lights' mains frequency (0: the camera's own flicker handling)."""
    why = check_source_spec(spec)
    if why:
        raise CameraError(f"camera {why}")
    kind, _, rest = spec.partition(":")
    if spec == "picamera2":
        return Picamera2Source(size, mains_hz)
    if kind == "v4l2":
        return V4L2Source(rest, size)
    if kind == "file":
        return VideoFileSource(rest)
    if kind == "dir":
        return ImageDirSource(rest)
    raise CameraError(f"camera {spec!r}: the simulated table makes its own frames")
