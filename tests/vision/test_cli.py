from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from engine.cards import Card
from vision.cli import identify, teach
from vision.faces import DeckDesign, card_face
from vision.synth import Camera, PlacedCard, render_table


@pytest.fixture()
def table_photo(tmp_path: Path) -> Path:
    placed = [PlacedCard(Card.parse("QS"), -150, 0, 5), PlacedCard(Card.parse("8H"), 150, 20, -25)]
    frame, _ = render_table(placed, seed=8, table="light_wood", camera=Camera(px_per_mm=1.4))
    path = tmp_path / "table.jpg"
    cv2.imwrite(str(path), frame)
    return path


def test_identify_json_one_object_per_image(table_photo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert identify([str(table_photo), str(table_photo), "--json", "--style", "en"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 2
    obj = json.loads(lines[0])
    assert obj["image"] == str(table_photo)
    assert sorted(c["card"] for c in obj["cards"]) == ["8H", "QS"]
    for c in obj["cards"]:
        assert 0.0 <= c["confidence"] <= 1.0
        assert len(c["corners"]) == 4 and all(len(p) == 2 for p in c["corners"])


def test_unreadable_files_get_one_line_each_and_the_rest_still_run(
        table_photo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "notes.jpg"
    junk.write_text("not a picture")
    code = identify([str(tmp_path / "missing.png"), str(junk), str(table_photo), "--json"])
    out, err = capsys.readouterr()
    assert code != 0
    assert len(out.strip().splitlines()) == 1 and json.loads(out)["image"] == str(table_photo)
    err_lines = err.strip().splitlines()
    assert len(err_lines) == 2
    assert "missing.png" in err_lines[0] and "no such file" in err_lines[0]
    assert "notes.jpg" in err_lines[1] and "not a readable image" in err_lines[1]


def test_a_float_tiff_is_read_like_the_same_photo_in_eight_bits(
        table_photo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Scanners and raw converters write 32-bit float TIFFs (0..1), which OpenCV's plain
    # colour read refuses.
    frame = cv2.imread(str(table_photo))
    tiff = tmp_path / "table.tiff"
    assert cv2.imwrite(str(tiff), frame.astype(np.float32) / 255.0)
    assert cv2.imread(str(tiff), cv2.IMREAD_COLOR) is None
    assert identify([str(tiff), str(table_photo), "--json", "--style", "en"]) == 0
    out, err = capsys.readouterr()
    first, second = (json.loads(line) for line in out.strip().splitlines())
    assert err == ""
    assert sorted(c["card"] for c in first["cards"]) == sorted(c["card"] for c in second["cards"]) == ["8H", "QS"]


@pytest.mark.parametrize("name,data,needle", [
    ("empty.jpg", b"", "an empty file"),
    # An iPhone's photo: an ISO box of type "ftyp", brand "heic".
    ("IMG_0001.HEIC", b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(64), "HEIC"),
    ("photo.avif", b"\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1miaf" + bytes(64), "AVIF"),
], ids=["empty", "heic", "avif"])
def test_an_unreadable_file_says_what_it_is(name: str, data: bytes, needle: str, table_photo: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / name
    bad.write_bytes(data)
    code = identify([str(bad), str(table_photo), "--json"])
    out, err = capsys.readouterr()
    assert code != 0
    assert json.loads(out)["image"] == str(table_photo)
    (line,) = err.strip().splitlines()
    assert name in line and needle in line.split(name, 1)[1]


def test_a_photo_cut_short_is_read_with_one_line_saying_so(
        table_photo: Path, tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    cut = tmp_path / "cut.jpg"
    data = table_photo.read_bytes()
    cut.write_bytes(data[: len(data) * 2 // 3])  # a copy stopped two thirds of the way
    code = identify([str(cut), "--json"])
    out, err = capfd.readouterr()
    assert code == 0 and json.loads(out)["image"] == str(cut)
    err_lines = err.strip().splitlines()
    # Ours alone: libjpeg's own "Premature end of JPEG file" stays off the screen.
    assert len(err_lines) == 1 and "cut.jpg" in err_lines[0] and "ends early" in err_lines[0]
    assert identify([str(table_photo), "--json"]) == 0 and capfd.readouterr().err == ""


@pytest.mark.parametrize("argv,needle", [
    (["--deck", "40"], "--deck"),
    (["--profile", "no-such-deck"], "no-such-deck"),
])
def test_bad_options_are_one_line_and_fail(table_photo: Path, argv: list[str], needle: str,
                                           capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    monkeypatch.setenv("TAFEL_PROFILES", str(tmp_path / "profiles"))
    with pytest.raises(SystemExit) if argv[0] == "--deck" else _no_raise():
        code = identify([str(table_photo), *argv])
        assert code != 0
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and needle in err and "Traceback" not in err


class _no_raise:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return False


@pytest.mark.parametrize("part, loader, file", [("phantoms", "phantom_net", "phantom_net.npz"),
                                                ("pips", "pip_net", "pip_net.npz")])
def test_an_install_without_the_learned_weights_fails_in_one_line(
        part: str, loader: str, file: str, table_photo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import importlib

    module = importlib.import_module(f"vision.{part}")
    monkeypatch.setattr(module, "WEIGHTS_PATH", tmp_path / file)
    getattr(module, loader).cache_clear()
    try:
        assert identify([str(table_photo)]) == 2
    finally:
        getattr(module, loader).cache_clear()
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and file in err[0] and "missing" in err[0]


def test_annotate_writes_a_picture(table_photo: Path, tmp_path: Path) -> None:
    out = tmp_path / "seen.png"
    assert identify([str(table_photo), "--annotate", str(out)]) == 0
    img = cv2.imread(str(out))
    assert img is not None and img.shape == cv2.imread(str(table_photo)).shape


def test_teach_then_identify_with_the_profile(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAFEL_PROFILES", str(tmp_path / "profiles"))
    deck_dir = tmp_path / "mydeck"
    deck_dir.mkdir()
    # A French deck: V for the jack, D for the queen, R for the king.
    design = DeckDesign(style="fr", font=cv2.FONT_HERSHEY_TRIPLEX)
    for name in ("Js", "Qh", "Kc", "Ad", "10s", "7h", "8c", "9d"):
        cv2.imwrite(str(deck_dir / f"{name}.png"), card_face(Card.parse(name), design))
    (deck_dir / "README.txt").write_text("not a card")
    assert teach([str(deck_dir), "--name", "french"]) == 0
    assert "8 cards taught" in capsys.readouterr().out
    assert (tmp_path / "profiles" / "french" / "profile.json").is_file()

    placed = [PlacedCard(Card.parse("JS"), -150, 0, 5), PlacedCard(Card.parse("KC"), 150, 20, -25)]
    frame, _ = render_table(placed, seed=8, table="green_felt", design=design, camera=Camera(px_per_mm=1.4))
    photo = tmp_path / "game.png"
    cv2.imwrite(str(photo), frame)
    assert identify([str(photo), "--json", "--profile", "french", "--deck", "32"]) == 0
    cards = sorted(c["card"] for c in json.loads(capsys.readouterr().out)["cards"])
    assert cards == ["JS", "KC"]


def test_teach_says_which_photos_it_could_not_read_and_why(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAFEL_PROFILES", str(tmp_path / "profiles"))
    deck_dir = tmp_path / "phone"
    deck_dir.mkdir()
    for name in ("Js", "Qh"):
        cv2.imwrite(str(deck_dir / f"{name}.png"), card_face(Card.parse(name)))
    # One photo left as the phone saved it, one as a scanner did (32-bit float TIFF).
    (deck_dir / "Kc.HEIC").write_bytes(b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(64))
    assert cv2.imwrite(str(deck_dir / "Ad.tiff"), card_face(Card.parse("AD")).astype(np.float32) / 255.0)
    assert teach([str(deck_dir), "--name", "phone"]) == 0
    out, err = capsys.readouterr()
    assert "3 cards taught" in out
    (line,) = err.strip().splitlines()
    assert "Kc.HEIC" in line and "HEIC/HEIF photo" in line and "JPEG" in line


def test_teach_a_folder_without_cards_fails_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert teach([str(tmp_path / "nowhere")]) != 0
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "nowhere" in err


def test_teach_a_folder_of_phone_photos_only_says_why_in_its_one_line(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    deck_dir = tmp_path / "phone"
    deck_dir.mkdir()
    for name in ("Kc", "Qh"):
        (deck_dir / f"{name}.HEIC").write_bytes(b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(64))
    assert teach([str(deck_dir)]) != 0
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "Kc.HEIC" in line and "HEIC/HEIF photo" in line and "1 more skipped" in line


def test_teaching_a_real_deck_fixes_what_its_font_gets_wrong(shared_datasets: Path, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # This deck's flat-topped 3 reads as a 5 with the built-in glyphs; its own glyphs fix that.
    monkeypatch.setenv("TAFEL_PROFILES", str(tmp_path / "profiles"))
    deck = shared_datasets / "bidly-single-cards"
    assert teach([str(deck), "--name", "bidly"]) == 0
    assert "52 cards taught" in capsys.readouterr().out
    assert identify([str(deck / "3c.jpg"), "--json", "--profile", "bidly"]) == 0
    cards = [c["card"] for c in json.loads(capsys.readouterr().out)["cards"]]
    assert cards and cards[0] == "3C"


def test_identify_a_sliver_of_an_image_finds_nothing_and_no_error(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    import numpy as np

    path = tmp_path / "sliver.png"
    cv2.imwrite(str(path), np.zeros((2, 5000, 3), np.uint8))
    assert identify([str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"image": str(path), "cards": []}


def test_a_grey_photo_is_read_with_a_warning_about_its_suits(table_photo: Path, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    grey = tmp_path / "grey.png"
    cv2.imwrite(str(grey), cv2.cvtColor(cv2.imread(str(table_photo)), cv2.COLOR_BGR2GRAY))
    assert identify([str(grey), str(table_photo), "--json", "--style", "en"]) == 0
    out, err = capsys.readouterr()
    ranks = [sorted(c["card"][0] for c in json.loads(line)["cards"]) for line in out.strip().splitlines()]
    assert ranks == [["8", "Q"], ["8", "Q"]]  # the ranks read all the same
    assert len(err.strip().splitlines()) == 1
    assert "grey.png" in err and "without colour" in err


def test_teaching_a_bridge_size_deck_keeps_its_index_letters_shape(tmp_path: Path) -> None:
    # A bridge-size card is longer than a poker-size one, its index printed the same: the
    # letters taught from its photos must be the letters a corner reading sees, not
    # squashed into a poker-size card's length.
    from vision.profile import card_image, teach as teach_profile

    poker, bridge = tmp_path / "poker", tmp_path / "bridge"
    poker.mkdir()
    bridge.mkdir()
    for name in ("KS", "QH", "7D", "AC"):
        face = card_face(Card.parse(name))
        middle = face.shape[0] // 2
        longer = np.vstack([face[:middle], np.repeat(face[middle:middle + 1], 40, axis=0), face[middle:]])
        label = name[0] + name[1].lower()
        cv2.imwrite(str(poker / f"{label}.png"), cv2.resize(face, (200, 280), interpolation=cv2.INTER_AREA))
        cv2.imwrite(str(bridge / f"{label}.png"), cv2.resize(longer, (200, 312), interpolation=cv2.INTER_AREA))
    assert card_image(cv2.imread(str(bridge / "Ks.png"))).shape[0] > 1.5 * 250

    def letter_shapes(deck: Path) -> list[float]:
        taught = teach_profile(deck, str(tmp_path / "profiles" / deck.name))
        data = np.load(taught.path / "glyphs.npz")
        return [data[k].shape[0] / data[k].shape[1] for k in sorted(data.files) if k.startswith("rank_")]

    for tall_poker, tall_bridge in zip(letter_shapes(poker), letter_shapes(bridge)):
        assert abs(tall_bridge / tall_poker - 1.0) < 0.05


def test_bench_speed_judges_the_quietest_round_and_prints_them_all(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from vision import bench

    monkeypatch.setenv("TAFEL_SHARED", str(tmp_path))  # no datasets: the real-deck lines are left out
    assert bench.main(["--only", "speed", "--quick"]) == 0
    out = capsys.readouterr().out
    target = next(line for line in out.splitlines() if line.startswith("speed: identify"))
    rounds = next(line for line in out.splitlines() if "5 rounds of 10 frames, the quietest judged" in line)
    judged = float(target.split("median ")[1].split(" ms")[0])
    medians = [float(m) for m in rounds.split("medians ")[1].split(" ms")[0].split()]
    assert len(medians) == 5 and judged == min(medians)
    assert "real bridge-size deck" not in out and "speed: tracker on an unchanged" in out


def test_bench_names_a_missing_dataset_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from vision import bench

    monkeypatch.setenv("TAFEL_SHARED", str(tmp_path))
    assert bench.main(["--only", "bidly"]) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"bidly-single-cards: not found under {tmp_path / 'datasets'} (set TAFEL_SHARED)"]
