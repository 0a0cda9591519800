"""The device configuration: ``/etc/tafel/tafel.toml`` or ``--config FILE``.

Every key is checked; an error names the file, the key and what is wrong, in one
line. A missing default file is not an error (the defaults run a simulated table).

    [game]
    name = "klaverjassen"
    [game.rules]            # the game's named rule options (tafel rules)
    variant = "amsterdam"
    [seats]                 # player names
    N = "Anna"
    [pins]                  # BCM GPIO numbers
    ok = 17
    undo = 27
    next = 22
    led = 5
    buzzer = 6
    [serial]
    port = "/dev/ttyUSB0"   # or a pyserial URL, e.g. "loop://"
    baud = 115200
    [camera]
    source = "picamera2"    # picamera2 | v4l2:/dev/video0 | file:clip.mp4 | dir:frames/ | sim
    style = "nl"            # index letters: auto | en (J Q K A) | nl (B V H A) | fr (V D R A) | de (B D K A)
    profile = "club-deck"   # optional: a deck taught with `tafel vision teach`
    size = [1920, 1080]     # optional: the frames asked of a picamera2 or v4l2 camera (default 1280x720)
    mains_hz = 50           # optional: the lights' mains frequency, 50 or 60 (picamera2 exposes in
                            # whole flicker periods: no drifting bands); 0 leaves it to the camera
    [calibration]
    file = "/var/lib/tafel/calibration.json"
    [journal]
    path = "/var/lib/tafel/journal.sqlite"
    [display]
    size = [800, 480]
    fullscreen = false
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from device.panel import PanelPins
from device.sources import DEFAULT_MAINS_HZ, MAINS_HZ

DEFAULT_CONFIG = Path("/etc/tafel/tafel.toml")
SEATS = ("N", "E", "S", "W")
STYLES = ("auto", "en", "nl", "fr", "de")


class ConfigError(ValueError):
    """A configuration file that cannot be used; the message is one line."""


def default_state_dir() -> Path:
    # systemd's StateDirectory= sets STATE_DIRECTORY; by hand it is the user's data dir.
    env = os.environ.get("STATE_DIRECTORY")
    if env:
        return Path(env.split(":")[0])
    return Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "tafel"


@dataclass(frozen=True)
class SerialConfig:
    port: str
    baud: int = 115200


@dataclass(frozen=True)
class Config:
    game: str = "klaverjassen"
    rules: dict[str, Any] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    pins: PanelPins = PanelPins()
    gpio: bool = False  # use the GPIO panel (on a Pi); off means keyboard only
    serial: SerialConfig | None = None
    camera: str = "sim"
    style: str = "auto"  # the deck's index letters: en (J Q K A), nl (B V H A), fr (V D R A), de (B D K A)
    profile: str | None = None  # a deck taught with `tafel vision teach`
    # The frames asked of a real camera: larger than 1280 wide, the tracker reads only the
    # play area of each, at that resolution (vision.calibration.read_region).
    camera_size: tuple[int, int] = (1280, 720)
    mains_hz: int = DEFAULT_MAINS_HZ  # the room lights' mains frequency; 0: none
    calibration: Path | None = None
    journal: Path = field(default_factory=lambda: default_state_dir() / "journal.sqlite")
    size: tuple[int, int] = (800, 480)
    fullscreen: bool = False
    source: str = "defaults"


_SECTIONS = {
    "game": {"name", "rules"},
    "seats": set(SEATS),
    "pins": {"ok", "undo", "next", "led", "buzzer", "enabled"},
    "serial": {"port", "baud"},
    "camera": {"source", "style", "profile", "size", "mains_hz"},
    "calibration": {"file"},
    "journal": {"path"},
    "display": {"size", "fullscreen"},
}


def load_config(path: str | Path | None) -> Config:
    """Read and check a config file; ``None`` reads the default file if it exists."""
    if path is None:
        if not DEFAULT_CONFIG.exists():
            return Config()
        path = DEFAULT_CONFIG
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such config file") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    return parse_config(data, str(path))


def parse_config(data: dict[str, Any], source: str = "<config>") -> Config:
    def fail(key: str, why: str) -> ConfigError:
        return ConfigError(f"{source}: {key}: {why}")

    for section, value in data.items():
        if section not in _SECTIONS:
            raise fail(f"[{section}]", f"unknown section (known: {', '.join(_SECTIONS)})")
        if not isinstance(value, dict):
            raise fail(section, "must be a [section] of keys")
        for key in value:
            if key not in _SECTIONS[section]:
                raise fail(f"[{section}] {key}", f"unknown key (known: {', '.join(sorted(_SECTIONS[section]))})")

    game = data.get("game", {})
    name = game.get("name", "klaverjassen")
    rules = game.get("rules", {})
    if not isinstance(name, str):
        raise fail("[game] name", f"must be a game name, got {name!r}")
    if not isinstance(rules, dict):
        raise fail("[game.rules]", "must be a table of rule options")
    _check_game(name, rules, fail)

    names = data.get("seats", {})
    for seat, player in names.items():
        if not isinstance(player, str) or not player.strip():
            raise fail(f"[seats] {seat}", f"must be a player's name, got {player!r}")

    pins_data = data.get("pins", {})
    pins = {}
    for key in ("ok", "undo", "next", "led", "buzzer"):
        if key in pins_data:
            value = pins_data[key]
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 27:
                raise fail(f"[pins] {key}", f"must be a BCM GPIO number 0-27, got {value!r}")
            pins[key] = value
    if len(set(PanelPins(**pins).__dict__.values())) != 5:
        raise fail("[pins]", f"two functions share a pin: {PanelPins(**pins)}")
    gpio = pins_data.get("enabled", bool(pins_data))
    if not isinstance(gpio, bool):
        raise fail("[pins] enabled", f"must be true or false, got {gpio!r}")

    serial = None
    if "serial" in data:
        port = data["serial"].get("port")
        baud = data["serial"].get("baud", 115200)
        if not isinstance(port, str) or not port:
            raise fail("[serial] port", f"must be a device path or pyserial URL, got {port!r}")
        if isinstance(baud, bool) or not isinstance(baud, int) or baud <= 0:
            raise fail("[serial] baud", f"must be a positive whole number, got {baud!r}")
        serial = SerialConfig(port, baud)

    camera = data.get("camera", {}).get("source", "sim")
    from device.sources import check_source_spec

    why = check_source_spec(camera) if isinstance(camera, str) else f"must be text, got {camera!r}"
    if why:
        raise fail("[camera] source", why)

    style = data.get("camera", {}).get("style", "auto")
    if style not in STYLES:
        raise fail("[camera] style", f"must be one of {', '.join(STYLES)}, got {style!r}")
    profile = data.get("camera", {}).get("profile")
    if profile is not None and (not isinstance(profile, str) or not profile):
        raise fail("[camera] profile", f"must be the name or folder of a taught deck, got {profile!r}")

    camera_size = data.get("camera", {}).get("size", [1280, 720])
    if (not isinstance(camera_size, list) or len(camera_size) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and 160 <= v <= 4608 for v in camera_size)):
        raise fail("[camera] size", f"must be [width, height] in pixels, at most 4608, got {camera_size!r}")

    mains_hz = data.get("camera", {}).get("mains_hz", DEFAULT_MAINS_HZ)
    if isinstance(mains_hz, bool) or mains_hz not in MAINS_HZ:
        raise fail("[camera] mains_hz", f"must be 50, 60 or 0 (leave flicker to the camera), got {mains_hz!r}")

    calibration = data.get("calibration", {}).get("file")
    if calibration is not None and not isinstance(calibration, str):
        raise fail("[calibration] file", f"must be a path, got {calibration!r}")

    journal = data.get("journal", {}).get("path")
    if journal is not None and not isinstance(journal, str):
        raise fail("[journal] path", f"must be a path, got {journal!r}")

    display = data.get("display", {})
    size = display.get("size", [800, 480])
    if (not isinstance(size, list) or len(size) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and 160 <= v <= 7680 for v in size)):
        raise fail("[display] size", f"must be [width, height] in pixels, got {size!r}")
    fullscreen = display.get("fullscreen", False)
    if not isinstance(fullscreen, bool):
        raise fail("[display] fullscreen", f"must be true or false, got {fullscreen!r}")

    return Config(
        game=name,
        rules=dict(rules),
        names=dict(names),
        pins=PanelPins(**pins),
        gpio=gpio,
        serial=serial,
        camera=camera,
        style=style,
        profile=profile,
        camera_size=(camera_size[0], camera_size[1]),
        mains_hz=mains_hz,
        calibration=Path(calibration) if calibration else None,
        journal=Path(journal) if journal else default_state_dir() / "journal.sqlite",
        size=(size[0], size[1]),
        fullscreen=fullscreen,
        source=source,
    )


def _check_game(name: str, rules: dict[str, Any], fail: Any) -> None:
    import engine.referee  # noqa: F401  (registers the games)
    from engine.game import GAMES, KNOWN_GAMES
    from engine.rules import parse_options

    cls = GAMES.get(name)
    if cls is None:
        state = "not implemented yet" if name in KNOWN_GAMES else "unknown"
        raise fail("[game] name", f"game {name!r} is {state} (implemented: {', '.join(sorted(GAMES))})")
    options = getattr(cls, "options_class", None)
    if options is not None:
        try:
            parse_options(options, rules, name)
        except ValueError as exc:
            raise fail("[game.rules]", str(exc)) from None
