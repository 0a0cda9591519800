"""Rikken invariants over thousands of random auctions and hands (OpenSpiel style)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import FULL_DECK
from engine.events import Event, MatchStart, Play
from engine.rikken import Phase, Rikken
from engine.simulate import hide_deal, play_rikken_hand, rikken_session

RULES = [{}, {"verzaken": "report", "troel_not_called": "added", "miserie_exchange": "never"}]


def replay(events: list[Event]) -> Rikken:
    match = events[0]
    assert isinstance(match, MatchStart)
    game = Rikken(match)
    for event in events[1:]:
        game.apply(event)
    return game


@pytest.mark.parametrize("rules", RULES, ids=["defaults", "report,added,never"])
def test_scores_sum_to_zero_over_thousands_of_random_hands(rules: dict[str, str]) -> None:
    rng = random.Random(2026)
    kinds: set[str] = set()
    hands = 0
    while hands < 2000:
        game, _ = rikken_session(rng, 10, rules, verzaak_rate=0.02, forget_troel_rate=0.2, misdeal_rate=0.03)
        for hand in game.hands:
            score = hand.score()
            assert score is not None
            assert sum(score.score.values()) == 0, (hand.number, score)
            kinds.add(hand.contract.kind.value if hand.contract else score.result)
            hands += 1
        assert sum(game.totals().values()) == 0
    # the random auctions reach every kind of contract
    assert kinds >= {"vraag-mee", "alleen", "abondance", "miserie", "open-miserie", "troel", "troela", "solo",
                     "solo-slim", "all-pass", "misdeal"}


def test_legal_play_is_never_reported() -> None:
    rng = random.Random(7)
    for _ in range(100):
        game, _ = rikken_session(rng, 5)
        for hand in game.hands:
            assert hand.violations == []
            assert hand.penalties == []
            assert hand.phase is Phase.DONE


def test_known_and_unknown_deal_reach_the_same_verdict() -> None:
    """The camera's log (no hands) gives the same contract, tricks, verzakingen and
    scores as the known deal once all cards are played."""
    rng = random.Random(99)
    compared = 0
    for _ in range(150):
        known, events = rikken_session(rng, 4, verzaak_rate=0.03, forget_troel_rate=0.3, misdeal_rate=0.05)
        blind = replay(hide_deal(events))
        for a, b in zip(known.hands, blind.hands):
            if a.contract is None and a.misdeal is None:
                continue  # everyone passed: a troel not called shows only in a known deal
            assert a.score() == b.score()
            assert [v.to_dict() for v in a.verzaken.in_play_order()] == [v.to_dict() for v in b.verzaken.in_play_order()]
            ra, rb = known._hand_report(a), blind._hand_report(b)
            assert ra["contract"] == rb["contract"] and ra["tricks"] == rb["tricks"]
            compared += 1
    assert compared > 300


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), at=st.integers(1, 40))
def test_an_injected_illegal_play_is_found_at_its_trick(seed: int, at: int) -> None:
    """Known deal: found at once. Unknown deal: proven by the end of the hand, at the same trick."""
    rng = random.Random(seed)
    game = Rikken(MatchStart("rikken", {"verzaken": "report"}))
    events: list[Event] = [game.match]
    for event in play_rikken_hand(game, rng, "N"):
        events.append(event)
        if isinstance(event, Play):
            break  # the first card is played: from here on, this test plays
    hand = game.hand
    assert hand is not None
    if hand.phase is not Phase.PLAY:
        return  # everyone passed, or a misdeal
    injected: tuple[int, str] | None = None
    while hand.phase is Phase.PLAY:
        seat = hand.to_move()
        assert seat is not None
        legal = hand.legal_plays()
        held = hand.held[seat] or []
        illegal = [c for c in held if c not in legal]
        card = rng.choice(legal)
        if injected is None and illegal and hand.plays >= at:
            card = rng.choice(illegal)
            assert not hand.is_legal(card)
            injected = (hand.trick_number(), seat)
            game.apply(Play(seat, card))
            events.append(Play(seat, card))
            found = hand.first_violation()
            assert found is not None and (found.trick, found.seat) == injected  # at once
            continue
        game.apply(Play(seat, card))
        events.append(Play(seat, card))
    if injected is None:
        return
    blind = replay(hide_deal(events))
    first = blind.hands[0].first_violation()
    assert first is not None and (first.trick, first.seat) == injected
    assert first.proof_trick is not None and first.proof_trick > first.trick


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_is_legal_and_legal_plays_always_agree(seed: int) -> None:
    rng = random.Random(seed)
    game = Rikken(MatchStart("rikken", {}))
    for event in play_rikken_hand(game, rng, rng.choice(game.seats)):
        hand = game.hand
        assert hand is not None
        if hand.phase is Phase.PLAY and hand.to_move() is not None:
            legal = set(hand.legal_plays())
            assert {c for c in FULL_DECK if hand.is_legal(c)} == legal
            assert legal <= set(hand.held[hand.to_move()] or [])  # type: ignore[index]


def test_undo_after_every_event_returns_the_previous_report() -> None:
    rng = random.Random(5)
    _, events = rikken_session(rng, 2, verzaak_rate=0.05)
    game = Rikken(events[0])  # type: ignore[arg-type]
    reports = [game.report()]
    for event in events[1:]:
        game.apply(event)
        reports.append(game.report())
    for expected in reversed(reports[:-1]):
        game.undo()
        assert game.report() == expected


def test_played_miserie_hands_score_as_the_seeds_tables() -> None:
    """End to end: each miserie hand's seat scores are the table's, from who took a trick."""
    from tests.engine.test_rikken_scoring import MISERIE_TABLE

    rng = random.Random(31)
    seen: set[tuple[int, int, bool]] = set()
    for _ in range(400):
        game, _ = rikken_session(rng, 8)
        for hand in game.hands:
            c = hand.contract
            if c is None or c.kind.value not in ("miserie", "open-miserie") or len(c.declarers) > 3:
                continue
            won = {s: n == 0 for s, n in hand.tricks_won().items() if s in c.declarers}
            factor = 2 if c.kind.value == "open-miserie" else 1
            winner, loser, other = MISERIE_TABLE[(len(won), sum(won.values()))]
            score = hand.score()
            assert score is not None
            for seat, value in score.score.items():
                expected = winner if won.get(seat) is True else loser if won.get(seat) is False else other
                assert expected is not None and value == expected * factor
            seen.add((len(won), sum(won.values()), factor == 2))
    assert len(seen) >= 4


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_a_bid_is_accepted_exactly_when_legal_calls_lists_it(seed: int) -> None:
    from engine.errors import IllegalEventError
    from engine.rikken_bids import ALLEEN, MEE, PAS, VRAAG, all_specials

    rng = random.Random(seed)
    game = Rikken(MatchStart("rikken", {}))
    every = [PAS, VRAAG, MEE, ALLEEN, *all_specials()]
    for _ in play_rikken_hand(game, rng, "N"):
        hand = game.hand
        assert hand is not None
        a = hand.auction
        if a is None or a.over or a.troel_window:
            continue
        legal = a.legal_calls()
        for seat in game.seats:
            for call in every:
                try:
                    a.check(seat, call)
                    accepted = True
                except IllegalEventError as exc:
                    accepted = False
                    assert str(call) in str(exc) and seat in str(exc)
                assert accepted == (seat == a.to_speak and call in legal), (seat, call, a.summary())
