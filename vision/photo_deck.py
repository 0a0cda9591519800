"""A deck printed from photographs of real cards, for synthetic scenes.

The project's own faces (``faces.card_face``) are drawn in Hershey fonts; real decks
print other fonts, court pictures and paper, and many are bridge-size (narrower than
poker-size). A photo deck lays real print on the rendered tables: one photo per card,
cut out and straightened, named by its card (``Qh.jpg``, ``10c.jpg``: the folder
``tafel vision teach`` takes, such as ``bidly-single-cards`` in the shared datasets).

    design = DeckDesign(photos="/path/to/bidly-single-cards")
    frame, truth = render_table(cards, design=design, table="beige")
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import cv2
import numpy as np

from engine.cards import Card
from vision.faces import CARD_W
from vision.imagefile import IMAGE_SUFFIXES, read_image
from vision.profile import card_from_filename

# Pixels cut from each side of a photo: a cut-out card photo keeps a pixel or two of
# whatever it lay on along its edges (the bidly photos: their blue cloth).
RIM: Final = 2


class PhotoDeckError(ValueError):
    """A folder that holds no usable deck of card photos; the message says which and why."""


@dataclass(frozen=True)
class PhotoDeck:
    """The faces of a photographed deck, each ``CARD_W`` x ``height`` canonical pixels."""

    directory: str
    faces: dict[Card, np.ndarray]
    height: int

    @property
    def aspect(self) -> float:
        """Long side over short side, as the photos show the cards."""
        return self.height / CARD_W

    def face(self, card: Card) -> np.ndarray:
        try:
            return self.faces[card]
        except KeyError:
            raise PhotoDeckError(f"{self.directory}: no photo of {card}") from None


@functools.lru_cache(maxsize=4)
def photo_deck(directory: str) -> PhotoDeck:
    """The deck photographed in ``directory`` (read once per process)."""
    folder = Path(directory)
    if not folder.is_dir():
        raise PhotoDeckError(f"{directory}: not a folder of card photos")
    photos: dict[Card, np.ndarray] = {}
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() not in IMAGE_SUFFIXES:
            continue
        card = card_from_filename(path)
        image = read_image(str(path)) if card is not None else None
        if card is None or image is None or min(image.shape[:2]) <= 4 * RIM:
            continue
        photos[card] = image[RIM:-RIM, RIM:-RIM]
    if not photos:
        raise PhotoDeckError(f"{directory}: no photo named by its card (such as Qh.jpg or 10c.jpg)")
    # One shape for the whole deck: the photos' median long-to-short ratio.
    aspect = float(np.median([max(p.shape[:2]) / min(p.shape[:2]) for p in photos.values()]))
    height = int(round(CARD_W * aspect))
    faces: dict[Card, np.ndarray] = {}
    for card, photo in photos.items():
        if photo.shape[1] > photo.shape[0]:
            photo = cv2.rotate(photo, cv2.ROTATE_90_CLOCKWISE)
        face = cv2.resize(photo, (CARD_W, height), interpolation=cv2.INTER_AREA)
        face.setflags(write=False)
        faces[card] = face
    return PhotoDeck(directory, faces, height)
