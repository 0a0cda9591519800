from engine.cards import Suit, parse_cards
from engine.tricks import ACE_HIGH, KLAVERJAS, deal_in_packets, next_seat, order_from, team_of, teams_of, trick_winner
from engine.cards import PIQUET_DECK

H, S = Suit.HEARTS, Suit.SPADES


def winner(cards: str, trump: Suit | None, ranking=KLAVERJAS) -> str:
    played = parse_cards(cards.split())
    return str(played[trick_winner(played, trump, ranking)])


def test_trump_order_jack_nine_ace_ten_king_queen_eight_seven() -> None:
    assert winner("AH 9H JH TH", H) == "JH"
    assert winner("AH 9H TH", H) == "9H"
    assert winner("TH KH QH 8H", H) == "TH"
    assert winner("8H 7H", H) == "8H"


def test_plain_order_ace_ten_king_queen_jack_nine() -> None:
    assert winner("JS 9S TS KS", H) == "TS"
    assert winner("9S JS", H) == "JS"


def test_any_trump_beats_the_led_suit_and_other_suits_never_win() -> None:
    assert winner("AS TS 7H KS", H) == "7H"
    assert winner("7S AC AD AH", None, ACE_HIGH) == "7S"  # no trump: only the led suit can win
    assert winner("7S AC AD KC", S) == "7S"


def test_ace_high_without_trump() -> None:
    assert winner("2C AC KD", None, ACE_HIGH) == "AC"


def test_seats_go_clockwise() -> None:
    seats = ("N", "E", "S", "W")
    assert next_seat("W", seats) == "N"
    assert order_from("S", seats) == ["S", "W", "N", "E"]
    assert teams_of(seats) == ("NS", "EW") and team_of("W", seats) == "EW"


def test_deal_three_two_three_from_left_of_dealer() -> None:
    hands = deal_in_packets(list(PIQUET_DECK), "N", ("N", "E", "S", "W"), (3, 2, 3))
    assert [len(h) for h in hands.values()] == [8, 8, 8, 8]
    assert hands["E"][:3] == list(PIQUET_DECK[:3])  # E is left of the dealer
    assert hands["E"][3:5] == list(PIQUET_DECK[12:14])
