"""Rikken scoring: every worked example of the seed's section 6, and the miserie tables."""

from __future__ import annotations

import itertools

import pytest

from engine import rikken_scoring as points
from engine.cards import Suit
from engine.rikken import Contract, ContractKind, score_contract
from engine.rikken_bids import Call, Kind, parse_call

SEATS = ("N", "E", "S", "W")


def contract(kind: ContractKind, declarers: tuple[str, ...], target: int, bid: str = "pas",
             partner: str | None = None) -> Contract:
    return Contract(kind, parse_call(bid), declarers, Suit.HEARTS, target, declarers[0], partner=partner)


def pair(kind: ContractKind, tricks: int, target: int = 8) -> dict[str, int]:
    return score_contract(SEATS, contract(kind, ("N", "S"), target), tricks, {})


def alone(tricks: int) -> dict[str, int]:
    return score_contract(SEATS, contract(ContractKind.ALLEEN, ("E",), 5, "alleen"), tricks, {})


# -- vragen + meegaan -------------------------------------------------------------------


def test_ask_and_join_with_ten_tricks_four_each() -> None:
    assert pair(ContractKind.VRAAG_MEE, 10) == {"N": 4, "E": -4, "S": 4, "W": -4}


def test_ask_and_join_ne_juste_is_two() -> None:
    assert pair(ContractKind.VRAAG_MEE, 8) == {"N": 2, "E": -2, "S": 2, "W": -2}


def test_ask_and_join_rond_is_fourteen() -> None:
    assert pair(ContractKind.VRAAG_MEE, 13) == {"N": 14, "E": -14, "S": 14, "W": -14}
    assert pair(ContractKind.VRAAG_MEE, 12)["N"] == 6  # no rond: 2 + 4


def test_ask_and_join_with_six_tricks_minus_eight_each() -> None:
    assert pair(ContractKind.VRAAG_MEE, 6) == {"N": -8, "E": 8, "S": -8, "W": 8}
    assert pair(ContractKind.VRAAG_MEE, 7)["N"] == -6


# -- alleen -------------------------------------------------------------------------------


def test_alone_with_seven_tricks_plus_twelve_opponents_minus_four() -> None:
    assert alone(7) == {"N": -4, "E": 12, "S": -4, "W": -4}


def test_alone_with_three_tricks_minus_eighteen_opponents_plus_six() -> None:
    assert alone(3) == {"N": 6, "E": -18, "S": 6, "W": 6}


def test_alone_ne_juste_six_and_no_rond_bonus() -> None:
    assert alone(5)["E"] == 6
    assert alone(13)["E"] == 6 + 3 * 8
    assert alone(4)["E"] == -12


# -- troel and troela ---------------------------------------------------------------------


def test_troel_with_seven_tricks_minus_six_each_not_doubled_again() -> None:
    assert pair(ContractKind.TROEL, 7) == {"N": -6, "E": 6, "S": -6, "W": 6}


def test_troel_counts_double_when_made() -> None:
    assert pair(ContractKind.TROEL, 8)["N"] == 4
    assert pair(ContractKind.TROEL, 10)["N"] == 8  # double of ask + join's 4


def test_troel_and_troela_rond_are_double_the_ask_and_join_rond() -> None:
    assert pair(ContractKind.TROEL, 13)["N"] == 28
    assert pair(ContractKind.TROELA, 13, target=9)["N"] == 28


def test_troela_needs_nine() -> None:
    assert pair(ContractKind.TROELA, 9, target=9)["N"] == 4
    assert pair(ContractKind.TROELA, 8, target=9)["N"] == -6


# -- fixed games --------------------------------------------------------------------------


@pytest.mark.parametrize("level, value", [(9, 15), (10, 18), (11, 24), (12, 27)])
def test_abondance_won_or_lost(level: int, value: int) -> None:
    c = contract(ContractKind.ABONDANCE, ("W",), level, f"abondance {level} S")
    each = value // 3
    assert score_contract(SEATS, c, level, {}) == {"N": -each, "E": -each, "S": -each, "W": value}
    assert score_contract(SEATS, c, 13, {}) == {"N": -each, "E": -each, "S": -each, "W": value}  # no overtricks
    assert score_contract(SEATS, c, level - 1, {}) == {"N": each, "E": each, "S": each, "W": -value}


@pytest.mark.parametrize("kind, bid, value", [(ContractKind.SOLO, "solo -", 75), (ContractKind.SOLO_SLIM, "solo slim", 90)])
def test_solo_and_solo_slim(kind: ContractKind, bid: str, value: int) -> None:
    c = contract(kind, ("S",), 13, bid)
    assert score_contract(SEATS, c, 13, {}) == {"N": -value // 3, "E": -value // 3, "S": value, "W": -value // 3}
    assert score_contract(SEATS, c, 12, {}) == {"N": value // 3, "E": value // 3, "S": -value, "W": value // 3}


# -- miserie: the seed's tables -----------------------------------------------------------
# (players, winners) -> (each winner, each loser, each other player), closed miserie.
# The seed's row "3 players, 2 win" says +14 / -35 / -7, which does not sum to zero; the
# settlement it describes (every miserie player +-7 with every other player) and the
# README's zero-sum rule give +21 / -35 / -7 (the loser's +7 to each winner was left out).
MISERIE_TABLE = {
    (1, 1): (21, None, -7),
    (1, 0): (None, -21, 7),
    (2, 2): (14, None, -14),
    (2, 0): (None, -14, 14),
    (2, 1): (28, -28, 0),
    (3, 1): (35, -21, 7),
    (3, 2): (21, -35, -7),
    (3, 3): (7, None, -21),
    (3, 0): (None, -7, 21),
}


@pytest.mark.parametrize("open_", [False, True], ids=["miserie", "open-miserie"])
@pytest.mark.parametrize("players", [1, 2, 3])
def test_miserie_every_win_lose_combination_matches_the_table(players: int, open_: bool) -> None:
    kind = ContractKind.OPEN_MISERIE if open_ else ContractKind.MISERIE
    factor = 2 if open_ else 1
    for chosen in itertools.combinations(SEATS, players):
        for results in itertools.product([True, False], repeat=players):
            won = dict(zip(chosen, results))
            score = score_contract(SEATS, contract(kind, chosen, 0, str(kind.value).replace("-", " ")), 0, won)
            winner, loser, other = MISERIE_TABLE[(players, sum(results))]
            for seat in SEATS:
                expected = winner if won.get(seat) is True else loser if won.get(seat) is False else other
                assert expected is not None
                assert score[seat] == expected * factor, (chosen, won, seat)
            assert sum(score.values()) == 0


def test_seed_open_miserie_rows_as_written() -> None:
    won = {"N": True, "E": True}
    assert score_contract(SEATS, contract(ContractKind.OPEN_MISERIE, ("N", "E"), 0), 0, won) == {
        "N": 28, "E": 28, "S": -28, "W": -28}
    won = {"N": True, "E": False, "S": False}
    assert score_contract(SEATS, contract(ContractKind.OPEN_MISERIE, ("N", "E", "S"), 0), 0, won) == {
        "N": 70, "E": -42, "S": -42, "W": 14}


def test_the_seeds_three_players_two_win_row_is_not_zero_sum() -> None:
    # As printed: winners +14, loser -35, other -7 (closed); this is why the table above differs.
    assert 14 + 14 - 35 - 7 != 0
    assert 21 + 21 - 35 - 7 == 0


def test_four_miserie_players_settle_the_same_way() -> None:
    won = {"N": True, "E": True, "S": False, "W": False}
    score = points.miserie_score(SEATS, won, points.MISERIE)
    # N: +21 own, -7 to E, +7 from S and from W
    assert score == {"N": 28, "E": 28, "S": -28, "W": -28} and sum(score.values()) == 0


def test_penalties() -> None:
    assert points.penalty_score(SEATS, "E", points.MISDEAL_DEALER, points.MISDEAL_OTHERS) == {"N": 1, "E": -3, "S": 1, "W": 1}
    assert points.penalty_score(SEATS, "W", points.TROEL_NOT_CALLED_OFFENDER, points.TROEL_NOT_CALLED_OTHERS) == {
        "N": 5, "E": 5, "S": 5, "W": -15}


@pytest.mark.parametrize("table", [points.VRAAG_MEE, points.TROEL, points.ALLEEN])
def test_trick_tables_are_monotone_in_tricks(table: points.TrickTable) -> None:
    values = [table.points(t, 8) for t in range(14)]
    assert values == sorted(values)


def test_call_text_round_trips() -> None:
    for text in ("pas", "vraag", "mee", "alleen", "troel", "troela", "abondance 9 S", "abondance 12 H", "miserie",
                 "open miserie", "solo S", "solo -", "solo slim"):
        assert str(parse_call(text)) == text
    assert parse_call("Abondance  10 h") == Call(Kind.ABONDANCE, 10, Suit.HEARTS)
    assert parse_call("miserie op tafel") == parse_call("open miserie")
