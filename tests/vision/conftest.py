from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def shared_datasets() -> Path:
    env = os.environ.get("TAFEL_SHARED")
    root = (Path(env) if env else Path(__file__).resolve().parents[2].parent / "shared") / "datasets"
    if not root.is_dir():
        pytest.skip(f"shared datasets not found at {root}")
    return root


def write_card_photos(folder: Path, cards: list[str], size: tuple[int, int] = (228, 352)) -> Path:
    """Cut-out card photos as a user hands them to ``teach``: the project's faces printed
    bridge-size (``size``), named by their card (``Qh.jpg``, ``10c.jpg``), each with a rim
    of the blue cloth they were photographed on."""
    import cv2

    from engine.cards import Card
    from vision.faces import card_face

    folder.mkdir(parents=True, exist_ok=True)
    cloth = (120, 90, 70)
    for name in cards:
        photo = cv2.resize(card_face(Card.parse(name)), size, interpolation=cv2.INTER_AREA)
        photo[:2], photo[-2:], photo[:, :2], photo[:, -2:] = cloth, cloth, cloth, cloth
        label = name[:-1].replace("T", "10") + name[-1].lower()
        cv2.imwrite(str(folder / f"{label}.jpg"), photo)
    return folder


@pytest.fixture(scope="session")
def bridge_deck(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of 52 bridge-size card photos (see ``write_card_photos``)."""
    from engine.cards import FULL_DECK

    return write_card_photos(tmp_path_factory.mktemp("bridge") / "deck", [str(c) for c in FULL_DECK])
