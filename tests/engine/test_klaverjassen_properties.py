"""Invariants over thousands of random hands (OpenSpiel style)."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.cards import PIQUET_DECK, Suit
from engine.events import Deal, MatchStart, Play, TrumpChosen
from engine.klaverjassen import Klaverjassen, KlaverjassenRules, breach, legal_plays, obligation_for
from engine.simulate import klaverjas_deal, klaverjas_match
from engine.tricks import Trick

SEATS = ("N", "E", "S", "W")
VARIANTS = [
    {},
    {"variant": "amsterdam"},
    {"variant": "amsterdam", "partner_winning": "no_trump"},
    {"variant": "amsterdam", "trump_choice": "klassiek", "all_pass": "reroll"},
]


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: ",".join(f"{k}={v}" for k, v in r.items()) or "rotterdam")
def test_random_legal_hands_162_points_and_nothing_reported(rules: dict[str, str]) -> None:
    rng = random.Random(1234)
    hands = 0
    while hands < 1000:
        game, _ = klaverjas_match(rng, dict(rules), hands=16)
        for hand in game.hands:
            score = hand.score()
            assert score is not None
            assert sum(score.points.values()) == 162
            assert sum(hand.trick_points(t) for t in hand.tricks) == 162
            assert hand.violations == []
            # roem is with the trick winners; the score always holds at least the card points of a made hand
            assert sum(score.roem.values()) >= sum(hand.trick_roem(t) for t in hand.tricks)
            if score.result == "made":
                assert score.score == {t: score.points[t] + score.roem[t] for t in score.points}
            hands += 1
        assert game.totals() == {t: sum(h.score().score[t] for h in game.hands) for t in game.teams}  # type: ignore[union-attr]


@settings(max_examples=300, deadline=None)
@example(seed=14916, table=3, variant="amsterdam", partner="free", trump=Suit.DIAMONDS, hand_size=2)
@given(
    seed=st.integers(0, 10**9),
    table=st.integers(0, 3),
    variant=st.sampled_from(["rotterdam", "amsterdam"]),
    partner=st.sampled_from(["free", "no_trump"]),
    trump=st.sampled_from(list(Suit)),
    hand_size=st.integers(1, 8),
)
def test_legal_plays_are_exactly_the_cards_no_held_card_breaches(
    seed: int, table: int, variant: str, partner: str, trump: Suit, hand_size: int
) -> None:
    rng = random.Random(seed)
    deck = list(PIQUET_DECK)
    rng.shuffle(deck)
    trick = Trick(1, "N")
    for seat, card in zip(SEATS, deck[:table]):
        trick.add(seat, card)
    seat = SEATS[table]
    hand = deck[table : table + hand_size]
    ob = obligation_for(trick, seat, trump, KlaverjassenRules(variant=variant, partner_winning=partner), SEATS)
    legal = legal_plays(hand, ob)
    assert legal, "there is always a legal play"
    by_breach = [c for c in hand if not any(breach(c, other, ob) for other in hand)]
    assert legal == by_breach


def random_hand_with_one_verzaking(seed: int, rules: dict[str, str]) -> tuple[list[object], int, str] | None:
    """A hand of legal play but for one illegal card; returns events, its trick and seat."""
    rng = random.Random(seed)
    match = MatchStart("klaverjassen", rules)
    game = Klaverjassen(match, rng)
    dealer = rng.choice(SEATS)
    deal = klaverjas_deal(rng, dealer, SEATS)
    events: list[object] = [match, deal, TrumpChosen(rng.choice(list(Suit)), SEATS[(SEATS.index(dealer) + 1) % 4])]
    for e in events[1:]:
        game.apply(e)  # type: ignore[arg-type]
    hand = game.hand
    assert hand is not None and hand.held is not None
    inject_at = rng.randrange(32)
    injected: tuple[int, str] | None = None
    for n in range(32):
        seat = hand.to_move()
        assert seat is not None
        legal = hand.legal_plays()
        illegal = [c for c in hand.held[seat] if c not in legal]
        if injected is None and n >= inject_at and illegal:
            card = rng.choice(illegal)
            injected = (len(hand.tricks) if hand.current_trick else len(hand.tricks) + 1, seat)
        else:
            card = rng.choice(legal)
        play = Play(seat, card)
        game.apply(play)
        events.append(play)
    if injected is None:
        return None
    return events, injected[0], injected[1]


@pytest.mark.parametrize("rules", VARIANTS[:3], ids=["rotterdam", "amsterdam", "amsterdam-no_trump"])
def test_every_injected_verzaking_is_found_at_its_trick_known_or_unknown_deal(rules: dict[str, str]) -> None:
    checked = 0
    for seed in range(400):
        made = random_hand_with_one_verzaking(seed, rules)
        if made is None:
            continue
        events, trick, seat = made
        reports = []
        for known in (True, False):
            game = Klaverjassen(events[0])  # type: ignore[arg-type]
            for e in events[1:]:
                if isinstance(e, Deal) and not known:
                    e = Deal(e.dealer)
                game.apply(e)  # type: ignore[arg-type]
            hand = game.hand
            assert hand is not None
            [v] = hand.violations
            assert (v.trick, v.seat) == (trick, seat)
            assert v.proof_trick is not None and v.proof_trick > v.trick
            assert breach(v.card, v.proof_card, hand.verzaken._records[(v.trick, v.position)].obligation) == v.rule
            score = hand.score()
            assert score is not None and score.result == "verzaakt"
            reports.append(game.report())
        assert reports[0] == reports[1], "the deal known or not, the verdict is the same"
        checked += 1
    assert checked > 300


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), cut=st.integers(1, 40))
def test_undo_then_redo_gives_the_same_state(seed: int, cut: int) -> None:
    _, events = klaverjas_match(random.Random(seed), hands=1)
    match, rest = events[0], events[1:]
    game = Klaverjassen(match)  # type: ignore[arg-type]
    for e in rest[:cut]:
        game.apply(e)
    before = game.report()
    if cut < len(rest):
        game.apply(rest[cut])
        game.undo()
    assert game.report() == before
