from __future__ import annotations

from pathlib import Path

import pytest

from device.config import Config, ConfigError, load_config
from device.panel import PanelPins

GOOD = """
[game]
name = "klaverjassen"
[game.rules]
variant = "amsterdam"
[seats]
N = "Anna"
E = "Bram"
[pins]
ok = 23
undo = 24
next = 25
led = 12
buzzer = 13
[serial]
port = "loop://"
[camera]
source = "v4l2:/dev/video0"
size = [1920, 1080]
[journal]
path = "/tmp/x.sqlite"
[display]
size = [1920, 1080]
fullscreen = true
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "tafel.toml"
    path.write_text(text)
    return path


def test_a_full_config(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, GOOD))
    assert config.rules == {"variant": "amsterdam"} and config.names["E"] == "Bram"
    assert config.pins == PanelPins(ok=23, undo=24, next=25, led=12, buzzer=13) and config.gpio
    assert config.serial is not None and config.serial.port == "loop://" and config.serial.baud == 115200
    assert config.camera == "v4l2:/dev/video0" and config.size == (1920, 1080) and config.fullscreen
    assert config.camera_size == (1920, 1080)
    assert config.journal == Path("/tmp/x.sqlite")


def test_defaults_run_the_simulated_table() -> None:
    config = Config()
    assert config.camera == "sim" and config.game == "klaverjassen" and not config.gpio and config.serial is None
    assert config.camera_size == (1280, 720)
    assert config.mains_hz == 50  # the lights of the countries these games are played in


def test_the_lights_mains_frequency(tmp_path: Path) -> None:
    assert load_config(write(tmp_path, "[camera]\nmains_hz = 60\n")).mains_hz == 60
    assert load_config(write(tmp_path, "[camera]\nmains_hz = 0\n")).mains_hz == 0
    assert load_config(write(tmp_path, "[camera]\n")).mains_hz == 50


@pytest.mark.parametrize(
    "text, message",
    [
        ("[game\n", "not valid TOML"),
        ("[gpio]\nok = 1\n", "[gpio]: unknown section"),
        ("[pins]\nok = 40\n", "[pins] ok: must be a BCM GPIO number 0-27, got 40"),
        ("[pins]\nok = 22\n", "two functions share a pin"),
        ("[pins]\nbeeper = 3\n", "[pins] beeper: unknown key"),
        ('[game]\nname = "poker"\n', "game 'poker' is unknown"),
        ('[game]\nname = "sixty-six"\n', "not implemented yet"),
        ('[game.rules]\nvariant = "utrecht"\n', "cannot be 'utrecht'"),
        ('[camera]\nsource = "webcam"\n', "'webcam' is not a camera"),
        ('[serial]\nbaud = 9600\n', "[serial] port: must be"),
        ("[display]\nsize = [800]\n", "[display] size"),
        ("[camera]\nsize = [1920, 1080.5]\n", "[camera] size: must be [width, height]"),
        ("[camera]\nmains_hz = 55\n", "[camera] mains_hz: must be 50, 60 or 0"),
        ("[seats]\nN = 3\n", "[seats] N: must be a player's name"),
    ],
)
def test_bad_configs_say_what_and_where_in_one_line(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert str(info.value).startswith(f"{path}: ") and message in str(info.value)
    assert "\n" not in str(info.value)


def test_a_missing_config_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such config file"):
        load_config(tmp_path / "nope.toml")


def test_the_decks_index_style_and_profile(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, '[camera]\nsource = "sim"\nstyle = "nl"\nprofile = "club"\n'))
    assert (config.style, config.profile) == ("nl", "club")
    with pytest.raises(ConfigError, match=r"\[camera\] style: must be one of auto, en, nl, fr, de, got 'dutch'"):
        load_config(write(tmp_path, '[camera]\nstyle = "dutch"\n'))
