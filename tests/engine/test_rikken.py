"""Rikken rules, each from the seed's statements (seeds/rikken.nl.txt) and the README."""

from __future__ import annotations

import random

import pytest

from engine.cards import Card, Suit, parse_cards
from engine.errors import (
    CardNotInHandError,
    DuplicateCardError,
    IllegalEventError,
    OutOfTurnError,
    RuleOptionError,
    WrongPhaseError,
)
from engine.events import Bid, Deal, MatchStart, Play, TurnedCard
from engine.rikken import ContractKind, Phase, Rikken, aces_in, breach, called_card, legal_plays
from engine.rikken_bids import BID_RANK, Auction, Kind, outranks, parse_call
from engine.rikken_events import Exchange, Penalty, Reveal
from engine.rikken_scoring import VRAAG_MEE
from engine.simulate import rikken_deal
from tests.engine.rikken_helpers import bids, full_deal, new_game, play_out, plays, start


def cards(text: str) -> list[Card]:
    return parse_cards(text.split())


# -- the ranking (section 5) ---------------------------------------------------------------


def test_ranking_from_high_to_low_as_the_seed_lists_it() -> None:
    seed_order = ["solo slim", "solo S", "open miserie", "troel", "abondance 12 S", "abondance 11 S", "miserie",
                  "abondance 10 S", "abondance 9 S", "vraag"]
    ranks = [BID_RANK[(parse_call(b).kind, parse_call(b).tricks if parse_call(b).kind is Kind.ABONDANCE else None)]
             for b in seed_order]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == len(ranks)
    assert BID_RANK[(Kind.TROEL, None)] == BID_RANK[(Kind.TROELA, None)]


def test_abondance_in_the_turned_trump_beats_the_same_abondance_elsewhere() -> None:
    h = Suit.HEARTS
    assert outranks(parse_call("abondance 9 H"), parse_call("abondance 9 S"), h)
    assert not outranks(parse_call("abondance 9 S"), parse_call("abondance 9 H"), h)
    assert not outranks(parse_call("abondance 9 C"), parse_call("abondance 9 S"), h)  # the first keeps it
    assert outranks(parse_call("abondance 10 C"), parse_call("abondance 9 H"), h)  # higher beats lower
    assert outranks(parse_call("abondance 11 C"), parse_call("miserie"), h)  # abondance 11 gaat boven miserie
    assert outranks(parse_call("miserie"), parse_call("abondance 10 H"), h)


def test_miserie_may_be_joined_but_solo_may_not() -> None:
    assert outranks(parse_call("miserie"), parse_call("miserie"), None)
    assert outranks(parse_call("open miserie"), parse_call("open miserie"), None)
    assert not outranks(parse_call("solo S"), parse_call("solo H"), None)
    assert not outranks(parse_call("solo slim"), parse_call("solo slim"), None)


def test_unknown_bid_names_the_bids() -> None:
    with pytest.raises(IllegalEventError, match="unknown rikken bid 'abondance 8 S'"):
        parse_call("abondance 8 S")


# -- the auction ---------------------------------------------------------------------------


def auction(text: str, dealer: str = "N", turned: Suit = Suit.HEARTS) -> Auction:
    a = Auction(("N", "E", "S", "W"), dealer, turned)
    for item in filter(None, (i.strip() for i in text.split(";"))):
        seat, call = item.split(" ", 1)
        a.bid(seat, parse_call(call))
    return a


def test_ask_and_join_left_of_the_dealer_speaks_first() -> None:
    a = auction("E vraag; S pas; W mee; N pas")
    assert a.over and a.standing == parse_call("vraag") and (a.asker, a.joiner) == ("E", "W")


def test_join_when_nobody_asked_is_refused() -> None:
    a = auction("E pas")
    with pytest.raises(IllegalEventError, match="bid 'mee' by S: nobody asked"):
        a.bid("S", parse_call("mee"))


def test_out_of_turn() -> None:
    a = auction("E pas")
    with pytest.raises(OutOfTurnError, match="bid 'vraag' by W out of turn: it is S's turn"):
        a.bid("W", parse_call("vraag"))


def test_no_vraagske_a_second_ask_is_refused() -> None:
    a = auction("E vraag")
    with pytest.raises(IllegalEventError, match="E already asked"):
        a.bid("S", parse_call("vraag"))


def test_after_a_join_the_others_can_only_bid_a_special_game() -> None:
    a = auction("E vraag; S mee")
    assert {c.kind for c in a.legal_calls()} == {Kind.PAS, Kind.ABONDANCE, Kind.MISERIE, Kind.OPEN_MISERIE,
                                                  Kind.SOLO, Kind.SOLO_SLIM}
    with pytest.raises(IllegalEventError, match="S already joined E"):
        a.bid("W", parse_call("mee"))


def test_alone_when_nobody_joins_after_all_passed() -> None:
    a = auction("E vraag; S pas; W pas; N pas")
    assert a.to_speak == "E" and not a.over
    assert [str(c) for c in a.legal_calls()][:2] == ["pas", "alleen"]
    a.bid("E", parse_call("alleen"))
    assert a.over and a.standing == parse_call("alleen") and a.holders == ["E"]


def test_alone_without_asking_is_refused() -> None:
    with pytest.raises(IllegalEventError, match="only the player who asked goes alone"):
        auction("E alleen")


def test_the_asker_may_pass_too_and_then_all_passed() -> None:
    a = auction("E vraag; S pas; W pas; N pas; E pas")
    assert a.over and a.standing is None


def test_an_overbid_asker_may_still_bid_a_special_game() -> None:
    a = auction("E vraag; S mee; W abondance 9 C; N pas")
    assert a.to_speak == "E"
    a.bid("E", parse_call("miserie"))
    assert a.to_speak == "S"  # the overbid joiner too
    a.bid("S", parse_call("pas"))
    assert a.to_speak == "W"  # W was overbid in turn
    a.bid("W", parse_call("pas"))
    assert a.over and a.holders == ["E"] and a.standing == parse_call("miserie")


def test_several_players_in_miserie_at_once() -> None:
    a = auction("E miserie; S pas; W miserie; N miserie")
    assert a.over and sorted(a.holders) == ["E", "N", "W"]


def test_abondance_preference_for_the_turned_trump_and_raising() -> None:
    a = auction("E abondance 9 S; S abondance 9 H; W pas; N pas", turned=Suit.HEARTS)
    assert a.to_speak == "E" and a.holders == ["S"]
    with pytest.raises(IllegalEventError, match="not higher than abondance 9 H by S"):
        a.bid("E", parse_call("abondance 9 C"))
    a.bid("E", parse_call("abondance 10 S"))
    a.bid("S", parse_call("pas"))
    assert a.over and a.holders == ["E"] and str(a.standing) == "abondance 10 S"


def test_the_first_of_two_equal_abondances_keeps_it() -> None:
    a = auction("E abondance 9 S", turned=Suit.HEARTS)
    with pytest.raises(IllegalEventError, match="not higher"):
        a.bid("S", parse_call("abondance 9 C"))


def test_troel_before_the_bidding_then_only_higher_games() -> None:
    a = auction("W troel")
    assert a.to_speak == "E"
    assert {c.kind for c in a.legal_calls()} == {Kind.PAS, Kind.OPEN_MISERIE, Kind.SOLO, Kind.SOLO_SLIM}
    a.bid("E", parse_call("pas"))
    a.bid("S", parse_call("pas"))
    a.bid("N", parse_call("pas"))
    assert a.over and a.holders == ["W"] and a.standing == parse_call("troel")


def test_troel_after_the_bidding_began_is_refused() -> None:
    a = auction("E pas")
    with pytest.raises(WrongPhaseError, match="troel and troela are called right after the card is turned"):
        a.bid("S", parse_call("troel"))


def test_troel_can_be_overbid_by_solo_and_the_caller_speaks_again() -> None:
    a = auction("S troel; E solo C")
    assert a.to_speak == "S"  # overbid, S speaks in turn again
    a.bid("S", parse_call("solo slim"))
    for seat in ("W", "N", "E"):
        a.bid(seat, parse_call("pas"))
    assert a.over and a.holders == ["S"]


# -- a hand: the turned card, the contract and who leads ---------------------------------


def test_bid_before_the_card_is_turned_is_refused() -> None:
    g = new_game()
    g.apply(Deal("N"))
    with pytest.raises(WrongPhaseError, match="before the card was turned"):
        g.apply(Bid("E", "vraag"))


def test_the_turned_card_must_be_the_dealers() -> None:
    g = new_game()
    hands = full_deal({"E": "2C"})
    g.apply(Deal("N", {s: tuple(h) for s, h in hands.items()}))
    with pytest.raises(CardNotInHandError, match="turned card 2C is not in the dealer N's hand"):
        g.apply(TurnedCard(Card.parse("2C")))


def test_ask_and_join_trump_is_the_turned_suit_left_of_dealer_leads() -> None:
    g = new_game()
    hand = start(g, "N", "7D")
    bids(g, "E vraag; S pas; W mee; N pas")
    c = hand.contract
    assert c is not None and c.kind is ContractKind.VRAAG_MEE and c.trump is Suit.DIAMONDS and c.target == 8
    assert c.side == ("E", "W") and hand.to_move() == "E"


@pytest.mark.parametrize("bid, trump", [("abondance 10 C", Suit.CLUBS), ("solo S", Suit.SPADES), ("solo -", None),
                                        ("solo slim", Suit.DIAMONDS)])
def test_abondance_and_solo_the_declarer_leads_in_the_named_trump(bid: str, trump: Suit | None) -> None:
    g = new_game()
    hand = start(g, "N", "7D")
    bids(g, f"E pas; S {bid}; W pas; N pas")
    c = hand.contract
    assert c is not None and c.trump is trump and hand.to_move() == "S"


def test_miserie_is_played_without_trump_left_of_the_dealer_leads() -> None:
    g = new_game()
    hand = start(g, "N", "7D")
    bids(g, "E pas; S miserie; W pas; N pas")
    assert hand.contract is not None and hand.contract.trump is None and hand.to_move() == "E"
    plays(g, "E:2C S:3C W:4C N:7D")  # the turned suit is no trump in miserie
    assert hand.tricks[0].winner == "W"


def test_all_pass_the_hand_is_thrown_in_and_the_next_dealer_deals() -> None:
    g = new_game()
    hand = start(g, "N", "7D")
    bids(g, "E pas; S pas; W pas; N pas")
    assert hand.phase is Phase.DONE and hand.score() is not None and hand.score().score == dict.fromkeys("NESW", 0)  # type: ignore[union-attr]
    with pytest.raises(OutOfTurnError, match="the deal passes from N to the left, so E deals"):
        g.apply(Deal("S"))
    g.apply(Deal("E"))


# -- troel and troela ----------------------------------------------------------------------


def test_called_card_is_the_fourth_ace_or_the_highest_heart_lacking() -> None:
    assert called_card(cards("AS AH AD 2C"), ContractKind.TROEL) == Card.parse("AC")
    assert called_card(cards("AS AH AD AC"), ContractKind.TROELA) == Card.parse("KH")
    assert called_card(cards("AS AH AD AC KH QH"), ContractKind.TROELA) == Card.parse("JH")


def troel_game(caller_cards: str, partner: str, partner_cards: str, **rules: object) -> Rikken:
    """E holds ``caller_cards``, ``partner`` holds ``partner_cards``; N deals, the deal is known."""
    hands = full_deal({"E": caller_cards, partner: partner_cards})
    g = Rikken(MatchStart("rikken", dict(rules)))
    start(g, "N", str(hands["N"][0]), hands)
    return g


def test_troel_partner_holds_the_fourth_ace_leads_it_and_it_is_trump() -> None:
    g = troel_game("AS AH AD", "W", "AC")
    bids(g, "E troel; S pas; W pas; N pas")
    hand = g.hand
    assert hand is not None and hand.contract is not None
    c = hand.contract
    assert (c.partner, str(c.called), c.trump, c.target) == ("W", "AC", Suit.CLUBS, 8)
    assert hand.to_move() == "W" and hand.legal_plays() == [Card.parse("AC")]
    with pytest.raises(OutOfTurnError, match="the partner W leads AC"):
        g.apply(Play("E", Card.parse("AS")))
    with pytest.raises(IllegalEventError, match="the partner leads the called card AC"):
        g.apply(Play("W", hand.held["W"][-1]))  # type: ignore[index]
    g.apply(Play("W", Card.parse("AC")))


def test_troela_partner_holds_the_king_of_hearts_and_hearts_are_trump() -> None:
    g = troel_game("AS AH AD AC KH", "S", "QH")
    bids(g, "E troela; S pas; W pas; N pas")
    c = g.hand.contract  # type: ignore[union-attr]
    assert c is not None and (c.partner, str(c.called), c.trump, c.target) == ("S", "QH", Suit.HEARTS, 9)


def test_troel_needs_three_aces_and_four_aces_is_troela() -> None:
    g = troel_game("AS AH AD AC", "W", "")
    with pytest.raises(IllegalEventError, match="E holds 4 aces, troel needs 3 \\(four aces: call troela\\)"):
        g.apply(Bid("E", "troel"))
    with pytest.raises(IllegalEventError, match="W holds 0 aces"):
        g.apply(Bid("W", "troela"))


@pytest.mark.parametrize("option, expected", [("void", {"N": 5, "E": -15, "S": 5, "W": 5}), ("added", None)])
def test_troel_not_called_found_in_the_deal(option: str, expected: dict[str, int] | None) -> None:
    g = troel_game("AS AH AD", "W", "AC", troel_not_called=option)
    bids(g, "E vraag; S mee; W pas; N pas")
    hand = g.hand
    assert hand is not None and [p.reason for p in hand.penalties] == ["troel-not-called"]
    if option == "void":
        assert hand.score() is not None and hand.score().score == expected  # type: ignore[union-attr]
        assert hand.decided()
    else:
        assert hand.score() is None  # played on, the penalty is added to the hand's score
        play_out(g, random.Random(3))
        score = hand.score()
        assert score is not None and score.result in ("made", "lost") and sum(score.score.values()) == 0
        tricks = hand.side_tricks()
        assert tricks is not None
        each = VRAAG_MEE.points(tricks, 8)
        assert score.score == {"N": -each + 5, "E": each - 15, "S": each + 5, "W": -each + 5}


def test_troel_not_called_shown_by_the_cards_played_when_the_deal_is_unknown() -> None:
    known = new_game()
    hands = full_deal({"E": "AS AH AD", "W": "AC"})
    start(known, "N", str(hands["N"][0]), hands)
    bids(known, "E pas; S pas; W vraag; N mee")
    events = play_out(known, random.Random(5))
    blind = new_game()
    start(blind, "N", str(hands["N"][0]))
    bids(blind, "E pas; S pas; W vraag; N mee")
    for e in events[:-1]:
        blind.apply(e)
    assert blind.hand is not None and blind.hand.penalties == []
    blind.apply(events[-1])  # the last card: all 52 are seen
    assert [(p.seat, p.found) for p in blind.hand.penalties] == [("E", "play")]
    assert blind.hand.score() == known.hand.score()  # type: ignore[union-attr]


def test_troel_with_the_deal_unknown_the_partner_shows_itself_by_leading_the_ace() -> None:
    g = new_game()
    hand = start(g, "N", "7D")
    bids(g, "E troel; S pas; W pas; N pas")
    assert hand.to_move() is None and hand.contract is not None and hand.contract.trump is None
    with pytest.raises(OutOfTurnError, match="the partner leads, not the caller E"):
        g.apply(Play("E", Card.parse("AS")))
    with pytest.raises(IllegalEventError, match="the partner leads the fourth ace, not KS"):
        g.apply(Play("S", Card.parse("KS")))
    g.apply(Play("S", Card.parse("AC")))
    hand = g.hand  # a refused event rebuilds the state from the log
    assert hand is not None and hand.contract is not None
    assert (hand.contract.partner, hand.contract.trump) == ("S", Suit.CLUBS)
    plays(g, "W:2C N:3C E:4C")
    with pytest.raises(IllegalEventError, match="E called troel, so E held the other three aces"):
        g.apply(Play("S", Card.parse("AH")))


def test_troela_with_the_deal_unknown_a_higher_heart_elsewhere_is_refused() -> None:
    g = new_game()
    start(g, "N", "7D")
    bids(g, "E troela; S pas; W pas; N pas")
    g.apply(Play("S", Card.parse("QH")))
    plays(g, "W:2H N:3H E:AH")
    plays(g, "E:2C S:3C W:4C")
    with pytest.raises(IllegalEventError, match="N held a higher heart than QH"):
        g.apply(Play("N", Card.parse("KH")))


# -- play: follow suit, verzaken -----------------------------------------------------------


def test_follow_suit_or_play_anything() -> None:
    hand = cards("2S 9S KH 3C")
    assert legal_plays(hand, Suit.SPADES) == cards("2S 9S")
    assert legal_plays(hand, Suit.DIAMONDS) == hand  # no duty to trump
    assert legal_plays(hand, None) == hand
    assert breach(Card.parse("KH"), Card.parse("2S"), Suit.SPADES) == "follow-suit"
    assert breach(Card.parse("KH"), Card.parse("3C"), Suit.SPADES) is None
    assert breach(Card.parse("KH"), Card.parse("3C"), Suit.DIAMONDS) is None


def known_vraag_mee(seed: int = 1, **rules: object) -> Rikken:
    g = Rikken(MatchStart("rikken", dict(rules)))
    rng = random.Random(seed)
    while True:
        deal, turned = rikken_deal(rng, "N", ("N", "E", "S", "W"))
        assert deal.hands is not None
        if all(aces_in(h) < 3 for h in deal.hands.values()):
            break
    g.apply(deal)
    g.apply(turned)
    bids(g, "E vraag; S pas; W mee; N pas")
    return g


def first_illegal(g: Rikken, rng: random.Random) -> tuple[str, Card, int]:
    """Play legally until someone could verzaken; return that play (not applied)."""
    hand = g.hand
    assert hand is not None
    while True:
        seat = hand.to_move()
        assert seat is not None
        legal = hand.legal_plays()
        illegal = [c for c in hand.held[seat] or [] if c not in legal]
        if illegal and hand.current_trick is not None:
            return seat, illegal[0], hand.trick_number()
        g.apply(Play(seat, rng.choice(legal)))


def test_verzaken_found_at_once_when_the_deal_is_known() -> None:
    g = known_vraag_mee()
    seat, card, number = first_illegal(g, random.Random(2))
    hand = g.hand
    assert hand is not None and not hand.is_legal(card)
    g.apply(Play(seat, card))
    v = hand.first_violation()
    assert v is not None and (v.seat, v.trick, v.rule, v.card, v.proof_trick) == (seat, number, "follow-suit", card, None)
    assert hand.decided() and hand.score() is not None


@pytest.mark.parametrize("offender_side, expected_tricks", [(True, 7), (False, 8)])
def test_verzaken_lose_the_offenders_side_loses(offender_side: bool, expected_tricks: int) -> None:
    for seed in range(40):
        g = known_vraag_mee(seed)
        seat, card, _ = first_illegal(g, random.Random(seed))
        if (seat in ("E", "W")) == offender_side:
            break
    else:
        raise AssertionError("no seed gives such a verzaking")
    g.apply(Play(seat, card))
    score = g.hand.score()  # type: ignore[union-attr]
    assert score is not None and score.result == "verzaakt" and score.side_tricks == expected_tricks
    each = 2 if expected_tricks == 8 else -6
    assert score.score == {"N": -each, "E": each, "S": -each, "W": each}


def test_verzaken_report_only_scores_as_played() -> None:
    g = known_vraag_mee(verzaken="report")
    seat, card, _ = first_illegal(g, random.Random(2))
    g.apply(Play(seat, card))
    hand = g.hand
    assert hand is not None and hand.violations and not hand.decided()
    play_out(g, random.Random(9))
    score = hand.score()
    assert score is not None and score.result in ("made", "lost") and score.side_tricks == hand.side_tricks()


def test_miserie_verzaken_by_a_miserie_player_loses_only_that_player() -> None:
    g = new_game()
    hands = full_deal({"E": "2S 3S", "W": "4S"})
    start(g, "N", str(hands["N"][0]), hands)
    bids(g, "E miserie; S pas; W miserie; N pas")
    hand = g.hand
    assert hand is not None
    # E leads a spade... make W not follow spades while holding 4S
    e_lead = Card.parse("2S")
    g.apply(Play("E", e_lead))
    s_card = hand.legal_plays()[0]
    g.apply(Play("S", s_card))
    w_other = next(c for c in hand.held["W"] or [] if c.suit is not Suit.SPADES)
    g.apply(Play("W", w_other))
    score = hand.score()
    assert score is not None and score.result == "verzaakt" and score.miserie == {"E": True, "W": False}
    assert score.score == {"N": 0, "E": 28, "S": 0, "W": -28}


def test_play_out_of_turn_names_whose_turn_it_is() -> None:
    g = known_vraag_mee()
    hand = g.hand
    assert hand is not None
    with pytest.raises(OutOfTurnError, match=r"play .. by S out of turn: it is E's turn \(trick 1\)"):
        g.apply(Play("S", (hand.held["S"] or [])[0]))


def test_a_card_not_in_the_hand_or_seen_twice() -> None:
    g = new_game()
    start(g, "N", "7D")
    bids(g, "E vraag; S pas; W mee; N pas")
    with pytest.raises(CardNotInHandError, match="7D is in N's hand \\(the turned card stays with the dealer\\)"):
        g.apply(Play("E", Card.parse("7D")))
    plays(g, "E:2C S:3C W:4C N:5C")
    with pytest.raises(DuplicateCardError, match="2C was already played"):
        g.apply(Play("N", Card.parse("2C")))


# -- open miserie and the dealer's exchange -------------------------------------------------


def test_open_miserie_with_the_deal_unknown_needs_the_hand_laid_open() -> None:
    g = new_game()
    hand = start(g, "N", "7D")
    bids(g, "E open miserie; S pas; W pas; N pas")
    with pytest.raises(WrongPhaseError, match="the open-miserie hand of E is not laid open"):
        g.apply(Play("E", Card.parse("2C")))
    g.apply(Reveal("E", tuple(cards("2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 2H 3H 4H"))))
    with pytest.raises(CardNotInHandError, match="not in E's hand"):
        g.apply(Play("E", Card.parse("2S")))
    plays(g, "E:2C S:AC W:KC N:QC")
    g.apply(Play("S", Card.parse("AD")))
    g.apply(Play("W", Card.parse("KD")))
    g.apply(Play("N", Card.parse("QD")))
    g.apply(Play("E", Card.parse("2H")))  # holds 2D: found at once, the hand is open
    hand = g.hand  # a refused event rebuilds the state from the log
    assert hand is not None
    v = hand.first_violation()
    assert v is not None and (v.seat, v.trick, v.proof_card, v.proof_trick) == ("E", 2, Card.parse("2D"), None)


def test_open_miserie_reveal_must_match_a_known_deal() -> None:
    g = new_game()
    hands = full_deal()
    start(g, "N", str(hands["N"][0]), hands)
    bids(g, "E open miserie; S pas; W pas; N pas")
    with pytest.raises(CardNotInHandError, match="which E was not dealt"):
        g.apply(Reveal("E", tuple(hands["S"])))
    g.apply(Reveal("E", tuple(hands["E"])))


def miserie_with_dealer(rules: dict[str, object] | None = None) -> tuple[Rikken, dict[str, list[Card]]]:
    g = Rikken(MatchStart("rikken", dict(rules or {})))
    hands = full_deal()
    start(g, "N", str(hands["N"][-1]), hands)
    bids(g, "E miserie; S pas; W pas; N miserie")
    return g, hands


def test_the_dealer_in_miserie_exchanges_the_turned_card() -> None:
    g, hands = miserie_with_dealer()
    hand = g.hand
    assert hand is not None and hand.turned is not None
    turned = hand.turned
    e_card, s_card = hands["E"][0], hands["S"][0]
    g.apply(Exchange("N", e_card, "E", refused=True))  # E plays miserie too: may refuse
    with pytest.raises(IllegalEventError, match="only a player who also plays miserie may refuse"):
        g.apply(Exchange("N", s_card, "S", refused=True))
    g.apply(Exchange("N", s_card, "S"))
    hand = g.hand  # a refused event rebuilds the state from the log
    assert hand is not None
    assert turned in (hand.held["S"] or []) and s_card in (hand.held["N"] or [])
    with pytest.raises(IllegalEventError, match="already exchanged"):
        g.apply(Exchange("N", hands["W"][0], "W"))


def test_exchange_only_by_the_dealer_in_closed_miserie() -> None:
    g = new_game()
    hands = full_deal()
    start(g, "N", str(hands["N"][-1]), hands)
    bids(g, "E miserie; S pas; W pas; N pas")
    with pytest.raises(IllegalEventError, match="only the dealer \\(N\\) playing miserie"):
        g.apply(Exchange("N", hands["S"][0], "S"))
    g2, hands2 = miserie_with_dealer({"miserie_exchange": "never"})
    with pytest.raises(IllegalEventError, match="miserie_exchange = never"):
        g2.apply(Exchange("N", hands2["S"][0], "S"))


def test_exchange_with_the_deal_unknown_moves_the_turned_card() -> None:
    g = new_game()
    start(g, "N", "7D")
    bids(g, "E miserie; S pas; W pas; N miserie")
    g.apply(Exchange("N", Card.parse("2S"), "W"))
    plays(g, "E:2C S:3C W:7D N:2S")  # W now holds the turned card, N the 2S
    hand = g.hand
    assert hand is not None and hand.tricks[0].winner == "S"


# -- penalties, dealers, the session ---------------------------------------------------------


def test_misdeal_dealer_minus_three_others_plus_one_and_deals_again() -> None:
    g = new_game()
    start(g, "N", "7D")
    g.apply(Penalty("N", "misdeal"))
    assert g.totals() == {"N": -3, "E": 1, "S": 1, "W": 1}
    with pytest.raises(OutOfTurnError, match="N deals again after the misdeal"):
        g.apply(Deal("E"))
    g.apply(Deal("N"))
    with pytest.raises(IllegalEventError, match="a misdeal is the dealer's \\(N\\)"):
        g.apply(Penalty("E", "misdeal"))


def test_forgotten_turned_card() -> None:
    g = new_game()
    g.apply(Deal("W"))
    g.apply(Penalty("W", "no-turn-card"))
    assert g.totals() == {"N": 1, "E": 1, "S": 1, "W": -3}
    g.apply(Deal("W"))
    g.apply(TurnedCard(Card.parse("2H")))
    with pytest.raises(WrongPhaseError, match="the turned card is known"):
        g.apply(Penalty("W", "no-turn-card"))


def test_a_new_deal_only_when_the_hand_is_decided() -> None:
    g = new_game()
    start(g, "N", "7D")
    bids(g, "E solo S; S pas; W pas; N pas")
    plays(g, "E:AS S:2S W:3S N:4S")
    with pytest.raises(WrongPhaseError, match="a new deal while hand 1 is unfinished"):
        g.apply(Deal("E"))
    plays(g, "E:KS S:5S W:6S N:AC")  # N trumps? no trump is spades: N discards, E wins
    plays(g, "E:2H S:AH W:3H N:4H")  # S wins a trick: the solo is lost
    assert g.hand is not None and g.hand.decided()
    assert g.totals() == {"N": 25, "E": -75, "S": 25, "W": 25}
    g.apply(Deal("E"))


def test_session_running_totals_and_hands_option() -> None:
    g = Rikken(MatchStart("rikken", {"hands": 2}))
    for dealer in ("N", "E"):
        start(g, dealer, "7D")
        bids(g, "; ".join(f"{s} pas" for s in ("E", "S", "W", "N", "E")[("N", "E").index(dealer):][:4]))
    assert g.is_over and g.totals() == dict.fromkeys("NESW", 0)
    with pytest.raises(WrongPhaseError, match="after the session's last hand"):
        g.apply(Deal("S"))


def test_unknown_option_and_events_of_other_games() -> None:
    with pytest.raises(RuleOptionError, match="unknown rule option 'variant' for rikken"):
        Rikken(MatchStart("rikken", {"variant": "x"}))
    g = new_game()
    start(g, "N", "7D")
    from engine.events import TrumpChosen
    with pytest.raises(WrongPhaseError, match="rikken has no 'trump' events"):
        g.apply(TrumpChosen(Suit.HEARTS, "E"))


def test_undo_replays_the_log() -> None:
    g = known_vraag_mee()
    before = g.report()
    hand = g.hand
    assert hand is not None
    seat = hand.to_move()
    assert seat is not None
    g.apply(Play(seat, hand.legal_plays()[0]))
    g.undo()
    assert g.report() == before
    g.undo()  # the last bid
    assert g.hand is not None and g.hand.phase is Phase.AUCTION and g.hand.to_move() == "N"


def test_a_refused_event_leaves_the_state_unchanged() -> None:
    g = known_vraag_mee()
    before = g.report()
    with pytest.raises(OutOfTurnError):
        g.apply(Play("N", Card.parse("2C")))
    assert g.report() == before


def test_troela_the_ace_of_hearts_stays_the_highest_card() -> None:
    from engine.tricks import ACE_HIGH, trick_winner
    assert trick_winner(cards("KH QH AH 2S"), Suit.HEARTS, ACE_HIGH) == 2


def test_troel_deal_unknown_a_turned_ace_is_the_fourth_ace() -> None:
    g = new_game()
    start(g, "N", "AD")
    bids(g, "E troel; S pas; W pas; N pas")
    with pytest.raises(IllegalEventError, match="AD is N's, so that is the fourth ace and is led"):
        g.apply(Play("S", Card.parse("AC")))
    g.apply(Play("N", Card.parse("AD")))
    assert g.hand is not None and g.hand.contract is not None and g.hand.contract.trump is Suit.DIAMONDS
    g2 = new_game()
    start(g2, "N", "AD")
    with pytest.raises(IllegalEventError, match="the turned AD is the dealer N's, so E cannot hold four aces"):
        g2.apply(Bid("E", "troela"))


def test_after_the_exchange_the_dealer_no_longer_holds_the_turned_card() -> None:
    g = new_game()
    start(g, "N", "7D")
    bids(g, "E miserie; S pas; W pas; N miserie")
    g.apply(Exchange("N", Card.parse("2S"), "W"))
    plays(g, "E:2D S:3D W:4D")
    with pytest.raises(CardNotInHandError, match="7D is in W's hand"):
        g.apply(Play("N", Card.parse("7D")))
