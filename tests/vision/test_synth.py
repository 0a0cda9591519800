from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from engine.cards import Card, Rank
from vision.faces import BACK_PATTERNS, INDEX_H, INDEX_W, DeckDesign, card_back, card_face
from tests.vision.conftest import write_card_photos
from vision.photo_deck import PhotoDeckError, photo_deck
from vision.synth import (LIGHT_TABLES, TABLES, Camera, Effects, HandPose, PlacedCard, played_row_scene, random_scene,
                          render_table, table_photo_scene)


def test_same_seed_same_frame_and_other_seed_differs() -> None:
    a = random_scene(11)
    b = random_scene(11)
    c = random_scene(12)
    assert np.array_equal(a.frame, b.frame)
    assert not np.array_equal(a.frame, c.frame)
    assert [t.card for t in a.truth.cards] == [t.card for t in b.truth.cards]


def test_backs_print_the_pattern_asked_and_scenes_change_only_there() -> None:
    backs = [card_back((150, 40, 30), pattern) for pattern in BACK_PATTERNS]
    assert np.array_equal(backs[0], card_back())  # the lattice is what scenes print unless asked
    assert all(not np.array_equal(backs[0], b) for b in backs[1:])
    # A white border all round, whatever the pattern.
    assert all((b[:10] > 240).all() and (b[:, -10:] > 240).all() for b in backs)
    lattice, scrollwork = random_scene(1013), random_scene(1013, back_pattern="scrollwork")
    assert [t.card for t in lattice.truth.cards] == [t.card for t in scrollwork.truth.cards]
    changed = np.argwhere((lattice.frame != scrollwork.frame).any(axis=2))
    down = next(t for t in lattice.truth.cards if not t.face_up)
    assert len(changed) and (np.abs(changed[:, ::-1] - down.corners.mean(axis=0)).max(axis=1) < 100).all()
    with pytest.raises(ValueError, match="'paisley'"):
        card_back((150, 40, 30), "paisley")


@pytest.mark.parametrize("seed", [13001, 13078])
def test_a_cast_shadow_darkens_part_of_the_same_scene(seed: int) -> None:
    lit, shaded = random_scene(seed), random_scene(seed, shadow=True)
    assert [(t.card, t.corners.tolist()) for t in lit.truth.cards] == [
        (t.card, t.corners.tolist()) for t in shaded.truth.cards]
    # Block means (16 pixels): noise and JPEG aside, the light is kept or taken away.
    h, w = lit.frame.shape[:2]
    a, b = (f.astype(np.float32).mean(axis=2)[:h // 16 * 16, :w // 16 * 16].reshape(h // 16, 16, w // 16, 16)
            .mean(axis=(1, 3)) for f in (lit.frame, shaded.frame))
    ratio = b / np.maximum(a, 1.0)
    assert ratio.max() < 1.05
    assert ratio.min() < 0.75  # a shadow at least a quarter darker somewhere
    assert (ratio > 0.95).mean() > 0.2  # and light elsewhere


def test_a_played_row_is_four_cards_side_by_side_each_on_the_one_before() -> None:
    a, b = played_row_scene(21), played_row_scene(21)
    assert np.array_equal(a.frame, b.frame)
    assert len(a.placed) == 4 and len({p.card for p in a.placed}) == 4
    xs = [p.x for p in a.placed]
    gaps = np.diff(xs)
    # Laid left to right a card's width or so apart, not fanned (24-34 mm) like a hand.
    assert (gaps > 35).all() and (gaps < 100).all()
    assert all(t.face_up for t in a.truth.cards)
    assert not np.array_equal(a.frame, played_row_scene(22).frame)


def test_index_letters_follow_the_style() -> None:
    queen = Card.parse("QS")
    corners = {style: card_face(queen, DeckDesign(style=style))[:INDEX_H, :INDEX_W] for style in ("en", "nl", "fr", "de")}
    # Q (en), V (nl) and D (fr, de) are drawn differently; fr and de both print D.
    assert not np.array_equal(corners["en"], corners["nl"])
    assert not np.array_equal(corners["en"], corners["fr"])
    assert np.array_equal(corners["fr"], corners["de"])


@pytest.mark.parametrize("table", TABLES)
def test_truth_places_cards_where_they_are_drawn(table: str) -> None:
    cards = [PlacedCard(Card.parse("AH"), -120, 0, 15), PlacedCard(Card.parse("7C"), 120, 30, -40),
             PlacedCard(None, 0, -120, 90, face_up=False)]
    frame, truth = render_table(cards, seed=3, table=table, effects=Effects(noise=2))
    assert frame.shape == (720, 1280, 3) and frame.dtype == np.uint8
    assert [t.card for t in truth.cards] == [Card.parse("AH"), Card.parse("7C"), None]
    for t in truth.cards:
        assert t.visible_fraction > 0.95 and t.index_visible == t.face_up
        if t.face_up:
            # The white margin halfway down the card's left edge is where truth says it is.
            margin = (t.corners[0] + t.corners[3]) * 0.46 + t.corners[1] * 0.08
            assert frame[int(margin[1]), int(margin[0])].min() > 150


def test_hand_hides_what_it_covers() -> None:
    cards = [PlacedCard(Card.parse("KD"), 0, 0, 0)]
    _, clear = render_table(cards, seed=1)
    _, covered = render_table(cards, seed=1, hands=[HandPose(0, 10, "bottom")])
    assert clear.cards[0].index_visible
    assert covered.cards[0].visible_fraction < clear.cards[0].visible_fraction
    assert covered.hand_mask.any()


def test_piquet_scenes_hold_only_piquet_cards() -> None:
    for seed in range(20):
        scene = random_scene(seed)
        if scene.deck == 32:
            assert all(t.card is None or t.card.rank >= Rank.SEVEN for t in scene.truth.cards)


# -- a deck printed from photos ------------------------------------------------------------


def _photo_folder(tmp_path: Path, cards: list[str]) -> Path:
    folder = write_card_photos(tmp_path / "deck", cards)
    (folder / "LICENSE").write_text("not a photo")
    return folder


def test_a_photographed_deck_prints_its_photos_at_their_own_shape(tmp_path: Path) -> None:
    folder = _photo_folder(tmp_path, ["QS", "TH", "7C"])
    design = DeckDesign(photos=str(folder))
    deck = photo_deck(str(folder))
    assert sorted(map(str, deck.faces)) == ["7C", "QS", "TH"]
    assert abs(deck.aspect - 348 / 224) < 0.01  # the photos less their rim
    assert card_face(Card.parse("QS"), design).shape == (deck.height, 250, 3)
    # On the table the card is as long as a poker-size card and as narrow as its photo.
    frame, truth = render_table([PlacedCard(Card.parse("TH"), 0, 0, 0)], table="beige", design=design,
                                camera=Camera((640, 480), 2.0))
    corners = truth.cards[0].corners
    width, height = np.linalg.norm(corners[1] - corners[0]), np.linalg.norm(corners[3] - corners[0])
    assert abs(height - 88 * 2.0) < 1.5 and abs(height / width - deck.aspect) < 0.02
    assert truth.cards[0].index_visible
    # The photo's rim is not printed: the card's edge is its paper.
    middle_of_edge = frame[int(corners[0, 1]) + 1, int(corners[:2, 0].mean())]
    assert middle_of_edge.min() > 200


def test_a_folder_without_card_photos_is_named_in_the_error(tmp_path: Path) -> None:
    (tmp_path / "holiday.jpg").write_bytes(b"not a card")
    with pytest.raises(PhotoDeckError, match=f"{tmp_path}: no photo named by its card"):
        photo_deck(str(tmp_path))
    with pytest.raises(PhotoDeckError, match="not a folder"):
        photo_deck(str(tmp_path / "missing"))
    folder = _photo_folder(tmp_path, ["QS"])
    with pytest.raises(PhotoDeckError, match="no photo of 7C"):
        card_face(Card.parse("7C"), DeckDesign(photos=str(folder)))


def test_a_table_photo_lays_a_trick_in_a_row_on_a_light_table(tmp_path: Path) -> None:
    folder = _photo_folder(tmp_path, ["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC", "7H", "8H", "9H", "TH", "JH",
                                      "QH", "KH", "AH"])
    design = DeckDesign(photos=str(folder), back_pattern="scrollwork")
    a, b = table_photo_scene(5, design), table_photo_scene(5, design)
    assert np.array_equal(a.frame, b.frame) and a.frame.shape == (1512, 2016, 3)
    assert a.deck == 32  # no card below 7 in the folder
    assert a.truth.table in LIGHT_TABLES
    assert len(a.placed) >= 5 and all(p.card is not None for p in a.placed)
    row = a.placed[:4]  # the trick comes first, laid face up
    assert all(p.face_up for p in row)
    steps = [math.hypot(q.x - p.x, q.y - p.y) for p, q in zip(row, row[1:])]
    width = 88 * 224 / 348
    assert all(0.6 * width < s < 1.5 * width for s in steps)
    tables = {table_photo_scene(seed, design).truth.table for seed in range(12)}
    assert tables == set(LIGHT_TABLES)
