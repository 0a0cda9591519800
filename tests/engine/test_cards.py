import pickle

import pytest

from engine.cards import FULL_DECK, PIQUET_DECK, Card, Rank, Suit, decks, parse_cards
from engine.errors import CardSyntaxError


@pytest.mark.parametrize("card", FULL_DECK, ids=str)
def test_text_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert eval(repr(card)) is card
    assert pickle.loads(pickle.dumps(card)) is card


@pytest.mark.parametrize("text", ["10H", "th", "Th", "10h", " TH ", "T♥", "10♡"])
def test_accepts_ten_lower_case_and_symbols(text: str) -> None:
    assert str(Card.parse(text)) == "TH"


@pytest.mark.parametrize("text", ["1H", "ZZ", "", "T", "HT", "11H", "TX", "10"])
def test_rejects_non_cards_quoting_the_input(text: str) -> None:
    with pytest.raises(CardSyntaxError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("suit", list(Suit), ids=str)
def test_a_suits_twin_is_the_other_suit_of_its_colour(suit: Suit) -> None:
    red = {Suit.HEARTS, Suit.DIAMONDS}
    assert suit.twin is not suit and (suit.twin in red) == (suit in red)
    assert suit.twin.twin is suit


def test_cards_are_immutable_values() -> None:
    card = Card.parse("QS")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]
    assert card == Card(Rank.QUEEN, Suit.SPADES)
    assert len({Card.parse("QS"), Card.parse("qs")}) == 1


def test_decks() -> None:
    assert len(FULL_DECK) == len(set(FULL_DECK)) == 52
    assert len(PIQUET_DECK) == 32
    assert {c.rank for c in PIQUET_DECK} == {Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN,
                                              Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE}
    three = decks(3)
    assert len(three) == 156 and three.count(Card.parse("AS")) == 3
    with pytest.raises(ValueError):
        decks(0)


def test_parse_cards_names_the_bad_one() -> None:
    with pytest.raises(CardSyntaxError, match="'XX'"):
        parse_cards(["7C", "XX", "8C"])


def test_suit_and_rank_text() -> None:
    assert Suit.parse("♠") is Suit.SPADES and str(Suit.HEARTS) == "H"
    assert Rank.parse("10") is Rank.TEN and str(Rank.TEN) == "T"
    assert Card.parse("TH").symbol == "T♥"
