from __future__ import annotations

import numpy as np
import pytest

from engine.cards import Card, Rank
from vision.faces import BACK_PATTERNS, INDEX_H, INDEX_W, DeckDesign, card_back, card_face
from vision.synth import TABLES, Effects, HandPose, PlacedCard, played_row_scene, random_scene, render_table


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
