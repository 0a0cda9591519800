from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from engine.cards import Card, Rank, Suit
from vision import pips
from vision.synth import Camera, Effects, PlacedCard, render_table


def _card_on_table(card: str, angle: float = 20.0) -> tuple[np.ndarray, np.ndarray]:
    frame, truth = render_table([PlacedCard(Card.parse(card), 0, 0, angle)], seed=3, table="light_wood",
                                camera=Camera(px_per_mm=1.4), effects=Effects(noise=3, jpeg_quality=80))
    return frame, truth.cards[0].corners


@pytest.mark.parametrize("card, suit", [("7C", Suit.CLUBS), ("7S", Suit.SPADES), ("4H", Suit.HEARTS),
                                        ("4D", Suit.DIAMONDS), ("AC", Suit.CLUBS), ("AS", Suit.SPADES)])
def test_the_centre_pips_name_the_suit_at_camera_distance(card: str, suit: Suit) -> None:
    frame, corners = _card_on_table(card)
    votes, n = pips.suit_votes(frame, corners, corners, red=suit in (Suit.HEARTS, Suit.DIAMONDS))
    assert n >= 1
    other = next(s for s in votes if s != suit)
    assert votes[suit] - votes[other] > 5.0, votes


@pytest.mark.parametrize("card", ["3C", "5S", "AC"])
def test_pips_read_the_same_with_the_card_turned_half_round(card: str) -> None:
    # A pip on the middle line is printed upright; read from the card's other index it
    # is upside down, and a club upside down must not pass for a spade.
    frame, corners = _card_on_table(card)
    turned = np.roll(corners, 2, axis=0)
    votes, _ = pips.suit_votes(frame, turned, turned, red=False)
    suit = Card.parse(card).suit
    other = next(s for s in votes if s != suit)
    assert votes[suit] > votes[other]


def test_only_pips_wholly_in_the_part_that_shows_count() -> None:
    frame, corners = _card_on_table("8S")
    _, all_pips = pips.suit_votes(frame, corners, corners, red=False)
    # The top third of the card (TL, TR, then a third of the way down each long side).
    top = np.array([corners[0], corners[1], corners[1] + (corners[2] - corners[1]) / 3,
                    corners[0] + (corners[3] - corners[0]) / 3], np.float32)
    _, some = pips.suit_votes(frame, corners, top, red=False)
    assert 0 < some < all_pips


def test_a_grey_frame_gives_no_votes() -> None:
    frame, corners = _card_on_table("7C")
    votes, n = pips.suit_votes(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), corners, corners, red=False)
    assert n == 0 and votes == {}


def test_court_cards_have_no_centre_pips_and_aces_do() -> None:
    assert not any(pips.has_centre_pips(r) for r in (Rank.JACK, Rank.QUEEN, Rank.KING))
    assert all(pips.has_centre_pips(r) for r in (Rank.TWO, Rank.TEN, Rank.ACE))


@pytest.mark.parametrize("card", ["AS", "2H", "3C", "5D", "7S", "8H", "9C", "TD"])
def test_a_number_cards_pips_count_to_its_rank(card: str) -> None:
    frame, corners = _card_on_table(card)
    assert pips.counted_rank(frame, corners) == Card.parse(card).rank
    # From its other index, turned half round, the count is the same.
    assert pips.counted_rank(frame, np.roll(corners, 2, axis=0)) == Card.parse(card).rank


@pytest.mark.parametrize("card", ["JH", "QS", "KD"])
def test_a_court_cards_picture_counts_as_no_number(card: str) -> None:
    frame, corners = _card_on_table(card)
    assert pips.counted_rank(frame, corners) is None


@pytest.mark.parametrize("card", ["5C", "8S", "2C", "9H"])
def test_the_pip_beside_an_index_names_the_suit(card: str) -> None:
    frame, corners = _card_on_table(card)
    suit = Card.parse(card).suit
    votes, n = pips.suit_beside_index(frame, corners, [], red=suit in (Suit.HEARTS, Suit.DIAMONDS))
    assert n >= 1
    other = next(s for s in votes if s != suit)
    assert votes[suit] - votes[other] > 3.0, votes


def test_no_pip_beside_an_index_counts_where_another_card_lies() -> None:
    frame, corners = _card_on_table("5C")
    # Another card over the right half of this one's top: the first pip lies under it.
    u, v = corners[1] - corners[0], corners[3] - corners[0]
    over = np.array([corners[0] + 0.25 * u, corners[0] + 1.5 * u, corners[0] + 1.5 * u + 0.6 * v,
                     corners[0] + 0.25 * u + 0.6 * v], np.float32)
    assert pips.suit_beside_index(frame, corners, [over], red=False)[1] == 0


@pytest.mark.parametrize("card", ["5C", "5S", "8C"])
def test_a_pip_upside_down_to_the_index_is_no_pip_beside_it(card: str) -> None:
    # An outline guessed two thirds of a card further down: beside its "index" lie the
    # card's lower pips, upside down to it, as another card's pips may lie.
    frame, corners = _card_on_table(card)
    shifted = corners + 0.65 * (corners[3] - corners[0])
    assert pips.suit_beside_index(frame, shifted, [], red=False)[1] == 0


def _real_court_on_table(shared_datasets: Path, card: str, angle: float) -> tuple[np.ndarray, np.ndarray]:
    from vision.faces import DeckDesign

    design = DeckDesign(photos=str(shared_datasets / "bidly-single-cards"))
    frame, truth = render_table([PlacedCard(Card.parse(card), 0, 0, angle)], seed=5, table="light_wood",
                                design=design, camera=Camera(px_per_mm=1.3), effects=Effects(noise=3, jpeg_quality=80))
    return frame, truth.cards[0].corners


@pytest.mark.parametrize("card", ["QS", "QC", "KS", "KC", "JS", "JC"])
def test_a_real_black_court_cards_picture_pip_names_its_suit_at_both_ends(shared_datasets: Path, card: str) -> None:
    # The bidly deck prints the English pattern: a big pip in the picture's corner beside
    # each index, plain where the index pip is a few pixels across.
    frame, corners = _real_court_on_table(shared_datasets, card, angle=-25.0)
    suit = Card.parse(card).suit
    other = Suit.SPADES if suit == Suit.CLUBS else Suit.CLUBS
    for end in (0, 2):
        votes, n = pips.suit_beside_index(frame, np.roll(corners, -end, axis=0), [], red=False, court=True)
        assert n == 1
        assert votes[suit] - votes[other] > 5.0, votes


def test_a_real_court_cards_picture_pip_under_another_card_says_nothing(shared_datasets: Path) -> None:
    frame, corners = _real_court_on_table(shared_datasets, "QS", angle=10.0)
    # Another card over the top third of this one, from the index's side.
    u, v = corners[1] - corners[0], corners[3] - corners[0]
    over = np.array([corners[0] + 0.2 * u - 0.1 * v, corners[0] + 1.2 * u - 0.1 * v, corners[0] + 1.2 * u + 0.35 * v,
                     corners[0] + 0.2 * u + 0.35 * v], np.float32)
    assert pips.suit_beside_index(frame, corners, [over], red=False, court=True)[1] == 0


@pytest.mark.parametrize("card", ["QS", "KC", "JS", "QH"])
def test_the_drawn_decks_court_art_is_not_read_for_a_pip(card: str) -> None:
    # Its pip is half the English pattern's size, among black blocks: the network names
    # it wrongly as often as not, so it must give no vote (and a red court none at all).
    frame, corners = _card_on_table(card)
    red = Card.parse(card).suit == Suit.HEARTS
    for end in (0, 2):
        assert pips.suit_beside_index(frame, np.roll(corners, -end, axis=0), [], red=red, court=True)[1] == 0
