"""Klaverjassen rules, each from the seed's statements and shared/rules/README.md."""

from __future__ import annotations

import random

import pytest

from engine.cards import PIQUET_DECK, Suit
from engine.errors import (
    BadDealError,
    CardNotInHandError,
    DuplicateCardError,
    IllegalEventError,
    OutOfTurnError,
    RuleOptionError,
    WrongPhaseError,
)
from engine.events import MatchStart
from engine.klaverjassen import (
    HAND_POINTS,
    Klaverjassen,
    Phase,
    card_points,
    roem_marks,
    roem_of,
    score_hand,
)
from tests.engine.helpers import broken, cards, deal, ev, legal, new_match, plays, trump

# -- points and roem ------------------------------------------------------------------


@pytest.mark.parametrize("suit", list(Suit))
def test_card_points_sum_to_152_plus_last_trick_is_162(suit: Suit) -> None:
    assert sum(card_points(c, suit) for c in PIQUET_DECK) + 10 == HAND_POINTS == 162


def test_trump_and_plain_points_as_the_seed_lists_them() -> None:
    assert [card_points(c, Suit.HEARTS) for c in cards("JH 9H AH TH KH QH 8H 7H")] == [20, 14, 11, 10, 4, 3, 0, 0]
    assert [card_points(c, Suit.HEARTS) for c in cards("AS TS KS QS JS 9S 8S 7S")] == [11, 10, 4, 3, 2, 0, 0, 0]


@pytest.mark.parametrize(
    "trick, trump, roem",
    [
        ("7S 8S 9S AD", "H", 20),  # run of three
        ("9C TC JC QC", "H", 50),  # run of four, natural order 9 T J Q
        ("TD JD QD KD", "H", 50),
        ("QD KD AD 7C", "H", 20),  # Q K A is a run in the natural order
        ("7S 8S TS JS", "H", 0),  # a gap is no run
        ("7S 8S 9H TH", "H", 0),  # a run is one suit
        ("AS AH AD AC", "H", 100),
        ("KS KH KD KC", "S", 100),
        ("QS QH QD QC", "D", 100),
        ("TS TH TD TC", "C", 100),
        ("JS JH JD JC", "H", 200),
        ("9S 9H 9D 9C", "H", 0),  # four nines, eights or sevens count nothing
        ("8S 8H 8D 8C", "H", 0),
        ("7S 7H 7D 7C", "H", 0),
        ("KH QH 7S 8D", "H", 20),  # stuk: K + Q of trump
        ("KS QS 7H 8D", "H", 0),  # K + Q of a plain suit is no stuk
        ("KH QH JH 7S", "H", 40),  # K-Q-J of trump: run 20 + stuk 20
        ("TH JH QH KH", "H", 70),  # T-J-Q-K of trump: run 50 + stuk 20
        ("JH QH KH AH", "H", 70),
        ("JS QS KS AS", "H", 50),  # the same run in a plain suit
    ],
)
def test_roem_of_a_trick(trick: str, trump: str, roem: int) -> None:
    assert roem_of(cards(trick), Suit.parse(trump)) == roem


@pytest.mark.parametrize("roem, marks", [(20, "I"), (40, "II"), (50, "V"), (70, "VI"), (100, "X"), (200, "XX"), (170, "XVI")])
def test_roem_is_written_with_i_v_x_like_scorers_do(roem: int, marks: str) -> None:
    assert roem_marks(roem) == marks


# -- the score -----------------------------------------------------------------------

TEAMS = ("NS", "EW")


def settle(makers: str, points: dict[str, int], roem: dict[str, int], won: dict[str, int] | None = None,
           offender: str | None = None, penalty: str = "162+100") -> tuple[str, dict[str, int]]:
    score = score_hand(TEAMS, makers, points, roem, won or {"NS": 4, "EW": 4}, offender, penalty)
    return score.result, score.score


def test_worked_example_makers_with_70_plus_20_against_92_plus_20_are_nat() -> None:
    # Team A (makers) 70 + 20 = 90, team B 92 + 20 = 112: 90 is not more than half of 202.
    assert settle("NS", {"NS": 70, "EW": 92}, {"NS": 20, "EW": 20}) == ("nat", {"NS": 0, "EW": 162 + 40})


def test_worked_example_when_the_other_team_made_trump_both_keep_their_points() -> None:
    assert settle("EW", {"NS": 70, "EW": 92}, {"NS": 20, "EW": 20}) == ("made", {"NS": 90, "EW": 112})


def test_a_tie_is_nat() -> None:
    assert settle("NS", {"NS": 81, "EW": 81}, {"NS": 0, "EW": 0}) == ("nat", {"NS": 0, "EW": 162})
    assert settle("NS", {"NS": 82, "EW": 80}, {"NS": 0, "EW": 0}) == ("made", {"NS": 82, "EW": 80})


def test_roem_counts_toward_more_than_half() -> None:
    # 72 + 50 = 122 against 90: more than half of 212.
    assert settle("NS", {"NS": 72, "EW": 90}, {"NS": 50, "EW": 0}) == ("made", {"NS": 122, "EW": 90})


def test_pit_gives_the_makers_100_roem_more() -> None:
    result = settle("NS", {"NS": 162, "EW": 0}, {"NS": 40, "EW": 0}, {"NS": 8, "EW": 0})
    assert result == ("pit", {"NS": 162 + 40 + 100, "EW": 0})


def test_tegenpit_makers_nat_and_opponents_get_162_all_roem_and_100() -> None:
    result = settle("NS", {"NS": 0, "EW": 162}, {"NS": 0, "EW": 20}, {"NS": 0, "EW": 8})
    assert result == ("tegenpit", {"NS": 0, "EW": 162 + 20 + 100})


@pytest.mark.parametrize("penalty, award", [("162+100", 262), ("162+100+roem", 262 + 70), ("162", 162)])
def test_verzaking_decides_the_hand_by_the_penalty_option(penalty: str, award: int) -> None:
    result = settle("NS", {"NS": 100, "EW": 62}, {"NS": 50, "EW": 20}, offender="NS", penalty=penalty)
    assert result == ("verzaakt", {"NS": 0, "EW": award})


# -- obligations -----------------------------------------------------------------------


def test_leading_anything_goes() -> None:
    assert legal("7H AS KD", "", "N", "H") == "7H AS KD"


def test_follow_suit() -> None:
    assert legal("7S AS 9H KD", "N:TS", "E", "H") == "7S AS"
    assert broken("KD", "7S", "N:TS", "E", "H") == "follow-suit"


def test_trump_led_play_higher_trump_even_over_partner() -> None:
    # W is N's partner... no: N and S are partners. N leads 9H, E, then S must go over it.
    assert legal("JH 7H AS", "N:9H E:8H", "S", "H") == "JH"
    assert broken("7H", "JH", "N:9H E:8H", "S", "H") == "overtrump"


def test_trump_led_without_a_higher_trump_any_trump_and_following_outweighs_undertrump_ban() -> None:
    assert legal("7H 8H AS", "N:9H", "E", "H") == "7H 8H"
    assert broken("AS", "7H", "N:9H", "E", "H") == "follow-suit"


def test_void_must_trump() -> None:
    assert legal("7H AC KD", "N:AS", "E", "H") == "7H"
    assert broken("AC", "7H", "N:AS", "E", "H") == "must-trump"


def test_void_must_overtrump_a_trumped_trick() -> None:
    # The nine of trump (the nel) is above the ace.
    assert legal("7H 9H KD", "N:AS E:AH", "S", "H") == "9H"
    assert broken("KD", "9H", "N:AS E:AH", "S", "H") == "overtrump"


def test_rotterdam_must_overtrump_partner_too() -> None:
    # S's partner N trumped; Rotterdam still obliges S to overtrump.
    assert legal("JH KD", "W:AS N:9H E:7S", "S", "H") == "JH"


def test_cannot_overtrump_play_another_suit_not_an_undertrump() -> None:
    assert legal("7H KD", "N:AS E:9H", "S", "H") == "KD"
    assert broken("7H", "KD", "N:AS E:9H", "S", "H") == "undertrump"


def test_undertrump_only_with_nothing_but_lower_trumps() -> None:
    assert legal("7H 8H", "N:AS E:9H", "S", "H") == "7H 8H"


def test_amsterdam_partner_winning_any_card_but_an_undertrump() -> None:
    # N (S's partner) wins with AS; S is void in spades.
    assert legal("7H JH KD", "N:AS E:7S", "S", "H", variant="amsterdam") == "7H JH KD"
    # N trumped and wins: S may discard or overtrump, not undertrump.
    assert legal("7H JH KD", "W:AS N:9H E:7S", "S", "H", variant="amsterdam") == "JH KD"
    assert broken("7H", "KD", "W:AS N:9H E:7S", "S", "H", variant="amsterdam") == "undertrump"


def test_amsterdam_opponent_winning_is_as_rotterdam() -> None:
    assert legal("7H JH KD", "N:AS E:9H", "S", "H", variant="amsterdam") == "JH"


def test_amsterdam_partner_winning_no_trump_option_must_discard() -> None:
    rules = {"variant": "amsterdam", "partner_winning": "no_trump"}
    assert legal("7H JH KD", "N:AS E:7S", "S", "H", **rules) == "KD"
    assert broken("JH", "KD", "N:AS E:7S", "S", "H", **rules) == "trumped-partner"
    assert legal("7H JH", "N:AS E:7S", "S", "H", **rules) == "7H JH"


def test_amsterdam_trump_led_still_overtrump_partner() -> None:
    assert legal("JH 7H", "N:9H E:8H", "S", "H", variant="amsterdam") == "JH"


# -- a hand through the game -----------------------------------------------------------

DEAL = {
    "N": "AH TH KH QH AS TS KS QS",
    "E": "JH 9H 8H 7H AC TC KC QC",
    "S": "AD TD KD QD JS 9S 8S 7S",
    "W": "JD 9D 8D 7D JC 9C 8C 7C",
}


def started(known: bool = True, **rules: object) -> Klaverjassen:
    game = new_match(**rules)
    game.apply(deal("W", DEAL if known else None))
    game.apply(trump("H", "N"))
    return game


def test_left_of_dealer_names_trump_in_verplicht() -> None:
    game = new_match()
    game.apply(deal("W", DEAL))
    with pytest.raises(OutOfTurnError, match="left of the dealer"):
        game.apply(trump("H", "E"))
    with pytest.raises(WrongPhaseError, match="before trump"):
        plays(game, "N:AS")


def test_legal_plays_and_is_legal_agree_in_play() -> None:
    game = started()
    plays(game, "N:AS")
    hand = game.hand
    assert hand is not None and hand.to_move() == "E"
    assert sorted(map(str, hand.legal_plays())) == ["7H", "8H", "9H", "JH"]
    assert all(hand.is_legal(c) == (c in hand.legal_plays()) for c in hand.held["E"])  # type: ignore[index]


def test_known_deal_verzaking_is_found_at_once_and_proven_when_shown() -> None:
    game = started()
    plays(game, "N:AS E:AC")  # E holds trumps and must trump
    hand = game.hand
    assert hand is not None
    [v] = hand.violations
    assert (v.seat, v.trick, v.rule, str(v.card), v.proof_trick) == ("E", 1, "must-trump", "AC", None)
    assert hand.score() is not None and hand.score().result == "verzaakt"  # decided at once
    plays(game, "S:7S W:JC")  # trick 1 to N
    plays(game, "N:TS E:7H")  # E shows a trump in trick 2: the proof
    [v] = hand.violations
    assert (str(v.proof_card), v.proof_trick) == ("7H", 2)


def test_unknown_deal_verzaking_is_proven_by_a_later_card() -> None:
    game = started(known=False)
    plays(game, "N:AS E:AC S:7S W:JC")
    hand = game.hand
    assert hand is not None and hand.violations == []  # nothing is proven yet
    plays(game, "N:TS E:7H")
    [v] = hand.violations
    assert (v.seat, v.trick, v.rule, str(v.card), str(v.proof_card), v.proof_trick) == ("E", 1, "must-trump", "AC", "7H", 2)


def test_out_of_turn_duplicate_and_foreign_cards_are_refused() -> None:
    game = started(known=False)
    with pytest.raises(OutOfTurnError, match="it is N's turn"):
        plays(game, "E:AC")
    plays(game, "N:AS")
    with pytest.raises(DuplicateCardError, match="AS was already played"):
        plays(game, "E:AS")
    with pytest.raises(BadDealError, match="not in the 32-card deck"):
        plays(game, "E:2C")
    known = started()
    with pytest.raises(CardNotInHandError, match="not in N's hand"):
        plays(known, "N:JD")


def test_refused_event_leaves_the_state_unchanged() -> None:
    game = started()
    plays(game, "N:AS")
    before = game.report()
    with pytest.raises(IllegalEventError):
        plays(game, "S:7S")
    assert game.report() == before


def test_a_bad_deal_is_refused() -> None:
    game = new_match()
    too_many = dict(DEAL, N=DEAL["N"] + " 7S")
    with pytest.raises(BadDealError, match="N was dealt 9 cards"):
        game.apply(deal("W", too_many))
    twice = dict(DEAL, N="AH TH KH QH AS TS KS JD")
    with pytest.raises(DuplicateCardError, match="JD was dealt twice"):
        game.apply(deal("W", twice))


def test_left_of_dealer_leads_the_first_trick_whoever_made_trump() -> None:
    game = new_match(trump_choice="klassiek")
    game.apply(deal("N", DEAL))  # first hand: clubs proposed; E is left of the dealer
    game.apply(ev('{"type": "bid", "seat": "E", "bid": "pass"}'))
    game.apply(ev('{"type": "bid", "seat": "S", "bid": "play"}'))
    hand = game.hand
    assert hand is not None and (hand.trump, hand.maker) == (Suit.CLUBS, "S")
    assert hand.to_move() == "E"


def test_whole_hand_with_winner_leading_and_last_trick_ten() -> None:
    game = started()
    plays(game, "N:AS E:7H S:7S W:7C")  # E is void in spades and trumps; the winner leads next
    hand = game.hand
    assert hand is not None and hand.tricks[0].winner == "E" and hand.to_move() == "E"
    plays(game, "E:JH S:JS W:JD N:QH")  # trump led, N cannot go over JH: any trump
    plays(game, "E:9H S:8S W:9D N:KH")
    plays(game, "E:8H S:9S W:8D N:TH")  # N must go over 8H: TH wins
    assert hand.to_move() == "N"
    plays(game, "N:TS E:AC S:AD W:7D")
    plays(game, "N:KS E:KC S:KD W:8C")
    plays(game, "N:QS E:QC S:QD W:9C")
    plays(game, "N:AH E:TC S:TD W:JC")
    assert hand.phase is Phase.DONE and hand.violations == [] and hand.to_move() is None
    assert hand.trick_points(hand.tricks[-1]) == 11 + 10 + 10 + 2 + 10
    score = hand.score()
    assert score is not None
    assert score.points == {"NS": 106, "EW": 56} and score.result == "made"
    assert score.score == {"NS": 106, "EW": 56}
    with pytest.raises(WrongPhaseError, match="the hand is over"):
        plays(game, "N:7S")


ROEM_DEAL = {
    "N": "7S TS KS 7D 8D 9D TD JD",
    "E": "8S JS AS QD KD AD 7C 8C",
    "S": "9S QS 9C TC JC QC KC AC",
    "W": "7H 8H 9H TH JH QH KH AH",
}
ROEM_PLAYS = [
    "N:7S E:8S S:9S W:7H",  # a run of three spades, won by W's trump: 20 roem for EW
    "W:8H N:7D E:QD S:9C", "W:9H N:8D E:KD S:TC", "W:TH N:9D E:AD S:JC", "W:JH N:TD E:JS S:QC",
    "W:QH N:JD E:AS S:KC", "W:KH N:TS E:7C S:AC", "W:AH N:KS E:8C S:QS",
]


@pytest.mark.parametrize("claimer, counted", [("E", True), ("W", True), ("N", False), (None, False)])
def test_roem_must_be_claimed_by_the_winners_before_the_next_trick(claimer: str | None, counted: bool) -> None:
    game = new_match(roem_must_be_claimed=True)
    game.apply(deal("W", ROEM_DEAL))
    game.apply(trump("H", "N"))
    plays(game, ROEM_PLAYS[0])
    if claimer:
        game.apply(ev({"type": "claim", "seat": claimer, "what": "roem"}))
    for trick_plays in ROEM_PLAYS[1:]:
        plays(game, trick_plays)
    hand = game.hand
    assert hand is not None
    score = hand.score()
    assert score is not None and score.result == "tegenpit"
    assert score.score == {"NS": 0, "EW": 162 + (20 if counted else 0) + 100}


def test_roem_counts_by_itself_without_the_option() -> None:
    game = new_match()
    game.apply(deal("W", ROEM_DEAL))
    game.apply(trump("H", "N"))
    for trick_plays in ROEM_PLAYS:
        plays(game, trick_plays)
    assert game.totals() == {"NS": 0, "EW": 282}


def test_a_roem_claim_during_a_trick_is_refused() -> None:
    game = new_match(roem_must_be_claimed=True)
    game.apply(deal("W", ROEM_DEAL))
    game.apply(trump("H", "N"))
    plays(game, "N:7S E:8S")
    with pytest.raises(WrongPhaseError, match="during a trick"):
        game.apply(ev({"type": "claim", "seat": "E", "what": "roem"}))


def test_undo_steps_back_one_event() -> None:
    game = started()
    plays(game, "N:AS E:7H")
    before = game.report()
    plays(game, "S:7S")
    undone = game.undo()
    assert str(undone.to_dict()["card"]) == "7S"
    assert game.report() == before
    hand = game.hand
    assert hand is not None and hand.to_move() == "S"
    game.undo()
    game.undo()
    game.undo()  # the trump choice
    assert game.hand is not None and game.hand.phase is Phase.TRUMP
    game.apply(trump("S", "N"))
    assert game.hand.trump is Suit.SPADES


def test_undo_with_nothing_to_undo() -> None:
    with pytest.raises(IllegalEventError, match="nothing to undo"):
        new_match().undo()


def test_rule_options_are_checked() -> None:
    with pytest.raises(RuleOptionError, match="unknown rule option 'varient'"):
        new_match(varient="amsterdam")
    with pytest.raises(RuleOptionError, match="'variant' of klaverjassen cannot be 'utrecht'"):
        new_match(variant="utrecht")
    with pytest.raises(RuleOptionError, match="'hands'"):
        new_match(hands=0)
    with pytest.raises(RuleOptionError, match="true or false"):
        new_match(roem_must_be_claimed="yes")


# -- klassiek: the die -----------------------------------------------------------------


def klassiek_second_hand(all_pass: str) -> Klaverjassen:
    """A klassiek match whose first hand is played out, dealing the second."""
    from engine.simulate import play_klaverjas_hand

    game = new_match(trump_choice="klassiek", all_pass=all_pass)
    rng = random.Random(3)
    for _ in play_klaverjas_hand(game, rng, "N"):
        pass
    game.apply(deal("E"))
    return game


def all_pass(game: Klaverjassen, first: str = "S") -> None:
    seat = first
    for _ in range(4):
        game.apply(ev({"type": "bid", "seat": seat, "bid": "pass"}))
        seat = {"N": "E", "E": "S", "S": "W", "W": "N"}[seat]


def test_first_hand_of_a_match_is_always_clubs() -> None:
    game = new_match(trump_choice="klassiek")
    game.apply(deal("N"))
    hand = game.hand
    assert hand is not None and hand.proposal is Suit.CLUBS
    with pytest.raises(WrongPhaseError, match="while C is proposed"):
        game.apply(ev('{"type": "roll", "suit": "H"}'))


def test_later_hands_roll_the_die_then_each_says_play_or_pass() -> None:
    game = klassiek_second_hand("forced_choice")
    with pytest.raises(WrongPhaseError, match="before the die was rolled"):
        game.apply(ev('{"type": "bid", "seat": "S", "bid": "play"}'))
    game.apply(ev('{"type": "roll", "suit": "D"}'))
    with pytest.raises(OutOfTurnError, match="S's turn"):
        game.apply(ev('{"type": "bid", "seat": "W", "bid": "play"}'))
    game.apply(ev('{"type": "bid", "seat": "S", "bid": "pass"}'))
    game.apply(ev('{"type": "bid", "seat": "W", "bid": "play"}'))
    hand = game.hand
    assert hand is not None and (hand.trump, hand.maker, hand.to_move()) == (Suit.DIAMONDS, "W", "S")


def test_all_pass_forced_choice_left_of_dealer_names_any_suit() -> None:
    game = klassiek_second_hand("forced_choice")
    game.apply(ev('{"type": "roll", "suit": "D"}'))
    all_pass(game)
    with pytest.raises(WrongPhaseError, match="forced_choice"):
        game.apply(ev('{"type": "roll", "suit": "H"}'))
    with pytest.raises(OutOfTurnError):
        game.apply(trump("S", "W"))
    game.apply(trump("S", "S"))
    assert game.hand is not None and (game.hand.trump, game.hand.maker) == (Suit.SPADES, "S")


def test_all_pass_reroll_until_a_new_suit_then_the_fourth_is_forced() -> None:
    game = klassiek_second_hand("reroll")
    game.apply(ev('{"type": "roll", "suit": "D"}'))
    all_pass(game)
    with pytest.raises(IllegalEventError, match="again"):
        game.apply(ev('{"type": "roll", "suit": "D"}'))
    for suit in "HCS":
        game.apply(ev({"type": "roll", "suit": suit}))
        all_pass(game)
    hand = game.hand
    assert hand is not None and (hand.trump, hand.maker) == (Suit.SPADES, "S")


def test_all_pass_forced_roll_left_of_dealer_plays_the_new_roll() -> None:
    game = klassiek_second_hand("forced_roll")
    game.apply(ev('{"type": "roll", "suit": "D"}'))
    all_pass(game)
    game.apply(ev('{"type": "roll", "suit": "D"}'))  # any suit, even the same
    hand = game.hand
    assert hand is not None and (hand.trump, hand.maker) == (Suit.DIAMONDS, "S")


def test_the_device_die_draws_from_the_injected_seeded_source() -> None:
    rolls = []
    for _ in range(2):
        game = Klaverjassen(MatchStart("klaverjassen", {"trump_choice": "klassiek"}), random.Random(42))
        rolls.append([game.roll_die().suit for _ in range(10)])
    assert rolls[0] == rolls[1] and len(set(rolls[0])) > 1


# -- the match -------------------------------------------------------------------------


def test_a_match_has_16_hands_with_running_totals() -> None:
    from engine.simulate import klaverjas_match

    game, _ = klaverjas_match(random.Random(9))
    assert len(game.hands) == 16 and game.is_over
    totals = game.totals()
    assert totals == {t: sum(h.score().score[t] for h in game.hands) for t in ("NS", "EW")}  # type: ignore[union-attr]
    with pytest.raises(WrongPhaseError, match="after the match's last hand"):
        game.apply(deal("N"))


def test_a_new_deal_needs_the_hand_finished() -> None:
    game = started(known=False)
    plays(game, "N:AS E:7H S:7S W:7C")
    with pytest.raises(WrongPhaseError, match="hand 1 is unfinished"):
        game.apply(deal("N"))
