"""The unit file and the example config are what docs/pi.md installs: check them."""

from __future__ import annotations

from pathlib import Path

from device.config import load_config

ROOT = Path(__file__).resolve().parents[2]


def unit() -> dict[str, list[str]]:
    keys: dict[str, list[str]] = {}
    for line in (ROOT / "systemd" / "tafel.service").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            keys.setdefault(key, []).append(value)
    return keys


def test_the_service_is_notify_with_a_watchdog_and_restarts() -> None:
    keys = unit()
    assert keys["Type"] == ["notify"] and int(keys["WatchdogSec"][0]) > 0
    assert keys["Restart"] == ["on-failure"]
    assert keys["User"] == ["tafel"] and keys["StateDirectory"] == ["tafel"]
    assert set(keys["SupplementaryGroups"][0].split()) == {"video", "render", "input", "gpio", "dialout"}
    env = dict(v.split("=", 1) for v in keys["Environment"])
    assert env["GPIOZERO_PIN_FACTORY"] == "lgpio" and env["SDL_VIDEODRIVER"] == "kmsdrm"
    assert keys["ExecStart"][0].split()[1:3] == ["run", "--config"]


def test_hardening_still_allows_the_devices() -> None:
    keys = unit()
    assert keys["ProtectSystem"] == ["strict"] and keys["NoNewPrivileges"] == ["yes"]
    allowed = " ".join(keys["DeviceAllow"])
    for device in ("char-drm", "char-video4linux", "char-input", "char-gpiochip", "char-ttyUSB", "char-dma_heap"):
        assert device in allowed


def test_the_example_config_is_valid() -> None:
    config = load_config(ROOT / "systemd" / "tafel.toml")
    assert config.gpio and config.camera == "picamera2" and config.fullscreen
