from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from engine.cards import Card
from vision.calibration import TableCalibration
from vision.recognize import Detection
from vision.simulate import SimulatedDeal
from vision.synth import Camera, PlacedCard
from vision.tracker import CardEvent, CardTracker, FrameChange, plays_of

CAL = TableCalibration.from_seat_cards([(640, 560), (380, 360), (640, 160), (900, 360)], trump_point=(1150, 650))


def det(card: str, x: float, y: float, conf: float = 0.9) -> Detection:
    return Detection(Card.parse(card), conf, np.array([[x - 30, y - 40], [x + 30, y - 40], [x + 30, y + 40],
                                                       [x - 30, y + 40]], np.float32))


def seen(tr: CardTracker, frames: int, *cards: Detection) -> list[CardEvent]:
    """The events of ``frames`` frames in a row showing ``cards`` (none: an empty table)."""
    return [e for _ in range(frames) for e in tr.observe(list(cards))]


def test_a_card_is_placed_once_it_lies_still_and_only_once() -> None:
    tr = CardTracker(CAL, stable_frames=3, gone_frames=4)
    assert tr.observe([det("QS", 640, 560)]) == []
    assert tr.observe([det("QS", 640, 560)]) == []
    events = tr.observe([det("QS", 641, 561)])
    assert [(e.kind, str(e.card), e.seat) for e in events] == [("card_placed", "QS", 0)]
    # Hidden by a hand for two frames and seen again: no second report.
    tr.observe([])
    tr.observe([])
    for _ in range(5):
        assert tr.observe([det("QS", 640, 560)]) == []


def test_a_card_being_slid_is_not_placed_until_it_stops() -> None:
    tr = CardTracker(CAL, stable_frames=3)
    for y in (700, 660, 620, 580):
        assert tr.observe([det("7H", 640, y)]) == []
    tr.observe([det("7H", 640, 560)])
    assert tr.observe([det("7H", 640, 560)]) == []
    events = tr.observe([det("7H", 640, 560)])
    assert [str(e.card) for e in events] == ["7H"]


def test_a_misreading_flicker_reports_nothing() -> None:
    tr = CardTracker(CAL, stable_frames=3)
    frames = [[det("8C", 380, 360)], [det("6C", 380, 360)], [det("8C", 380, 360)], [det("8C", 380, 360)],
              [det("8C", 380, 360)]]
    events = [e for f in frames for e in tr.observe(f)]
    assert [str(e.card) for e in events] == ["8C"]


def test_a_placed_card_carries_the_other_values_it_was_read_as() -> None:
    # Read KS mostly and KC once: KS is placed, and KC offered next when the players are asked.
    tr = CardTracker(CAL, stable_frames=3)
    frames = [[det("KS", 380, 360, 0.6)], [det("KC", 380, 360, 0.5)], [det("KS", 380, 360, 0.6)],
              [det("KS", 380, 360, 0.6)], [det("KS", 380, 360, 0.6)]]
    events = [e for f in frames for e in tr.observe(f)]
    assert [(str(e.card), [str(c) for c in e.alternatives]) for e in events] == [("KS", ["KC"])]
    assert events[0].to_json()["alternatives"] == ["KC"]


def test_trick_gathered_after_the_cards_are_gone_and_trump_zone() -> None:
    tr = CardTracker(CAL, stable_frames=2, gone_frames=3)
    events = []
    table = [det("JD", 1150, 650)]
    for card, (x, y) in zip(("AS", "KS", "TS", "9S"), ((640, 560), (380, 360), (640, 160), (900, 360))):
        table.append(det(card, x, y))
        for _ in range(2):
            events += tr.observe(table)
    events += seen(tr, 3, table[0])
    kinds = [(e.kind, str(e.card), e.seat) for e in events]
    assert kinds[0] == ("trump_turned", "JD", None)
    assert kinds[1:5] == [("card_placed", "AS", 0), ("card_placed", "KS", 1), ("card_placed", "TS", 2),
                          ("card_placed", "9S", 3)]
    gathered = [e for e in events if e.kind == "trick_gathered"]
    assert len(gathered) == 1 and [str(c) for c in gathered[0].cards] == ["AS", "KS", "TS", "9S"]


def test_the_turned_card_taken_into_hand_and_played_later_is_played_as_itself() -> None:
    # Rikken: the dealer turns the 9H in the trump zone, takes it into hand, and plays it
    # in a later trick, where it reads a little less surely than it did turned.
    tr = CardTracker(CAL, stable_frames=3, gone_frames=4)
    events = seen(tr, 5, det("9H", 1150, 650, 0.999)) + seen(tr, 6)
    events += seen(tr, 3, det("AS", 640, 560, 0.99))
    events += seen(tr, 8, det("AS", 640, 560, 0.99), det("9H", 380, 360, 0.98))
    assert [(e.kind, str(e.card), e.seat) for e in events] == [
        ("trump_turned", "9H", None), ("card_placed", "AS", 0), ("card_placed", "9H", 1)]


def test_a_card_in_the_trump_zone_reading_as_a_played_card_corrects_nothing() -> None:
    tr = CardTracker(CAL, stable_frames=3, gone_frames=4)
    events = seen(tr, 4, det("AS", 640, 560, 0.9))
    events += seen(tr, 8, det("AS", 640, 560, 0.9), det("AS", 1150, 650, 0.999))
    assert [(e.kind, str(e.card), e.seat) for e in events] == [("card_placed", "AS", 0),
                                                               ("trump_turned", "AS", None)]


TRICK = [det(card, x, y) for card, (x, y) in zip(("QC", "KC", "QH", "TC"),
                                                   ((640, 560), (380, 360), (640, 160), (900, 360)))]


def a_whole_trick_played() -> tuple[CardTracker, list[CardEvent]]:
    """A tracker that saw S, W, N and E lay ``TRICK``'s cards in turn (TC last, at E)."""
    tr = CardTracker(CAL, stable_frames=3, gone_frames=4)
    events = [e for i in range(4) for e in seen(tr, 3, *TRICK[: i + 1])]
    assert [str(e.card) for e in events] == ["QC", "KC", "QH", "TC"]
    return tr, events


def test_a_lead_laid_where_the_winners_card_lay_right_after_the_gather_is_played() -> None:
    # The winner takes the trick and leads at once, where their last card lay. A camera
    # that reads few frames (a Pi, with frames let go meanwhile) sees the new card in the
    # first frame after the trick is gathered: it is a new card, not the gathered one.
    tr, _ = a_whole_trick_played()
    events = seen(tr, 4)
    assert [e.kind for e in events][-1] == "trick_gathered"
    events = seen(tr, 3, det("KS", 905, 362))
    assert [(e.kind, str(e.card), e.seat) for e in events] == [("card_placed", "KS", 3)]


def test_a_lead_laid_before_the_gathered_trick_counts_as_gone_is_played_in_a_new_trick() -> None:
    # A slow camera sees the table empty for fewer frames than a hand over it may last
    # before the winner's lead lies there: the whole trick gone, and a card of another
    # value where the winner's card lay, is a new trick's first card.
    tr, _ = a_whole_trick_played()
    assert seen(tr, 1) == []
    events = seen(tr, 3, det("KS", 905, 362))
    assert [(e.kind, str(e.card), e.seat) for e in events] == [("trick_gathered", "None", None),
                                                               ("card_placed", "KS", 3)]
    assert [str(c) for c in events[0].cards] == ["QC", "KC", "QH", "TC"]
    # The new trick goes on, and is gathered in its turn.
    events = seen(tr, 3, det("KS", 905, 362), det("AS", 640, 560))
    events += seen(tr, 4)
    assert [(e.kind, str(e.card)) for e in events] == [("card_placed", "AS"), ("trick_gathered", "None")]
    assert [str(c) for c in events[-1].cards] == ["KS", "AS"]


def test_a_lead_laid_on_the_winners_card_before_the_trick_is_taken_in_is_played() -> None:
    # S won and leads at once, laying the AS on the QC it played, while the rest of the
    # trick still lies there: that is a new card on the old one (a card does not change
    # its value), the old trick is done, and S has led the next.
    tr, _ = a_whole_trick_played()
    assert seen(tr, 3, *TRICK) == []
    assert seen(tr, 1, *TRICK[1:]) == []  # S's hand over its card
    events = seen(tr, 4, det("AS", 645, 556), *TRICK[1:])
    assert [(e.kind, str(e.card), e.seat) for e in events] == [("trick_gathered", "None", None),
                                                               ("card_placed", "AS", 0)]
    assert [str(c) for c in events[0].cards] == ["QC", "KC", "QH", "TC"]
    assert not [e for e in events if e.kind == "card_corrected"]
    # The old trick's other cards, taken in later, are no plays, and the trick goes on.
    events = seen(tr, 8, det("AS", 645, 556), *TRICK[1:]) + seen(tr, 6, det("AS", 645, 556))
    events += seen(tr, 3, det("AS", 645, 556), det("9S", 380, 360))
    assert [(e.kind, str(e.card), e.seat) for e in events] == [("card_placed", "9S", 1)]


def test_the_next_card_laid_on_the_old_trick_before_it_is_taken_in_is_played() -> None:
    # W follows the lead at once, laying its card on the one it played to the old trick,
    # which nobody has taken in yet: a card on it (its hand was over it), not that card.
    tr, _ = a_whole_trick_played()
    seen(tr, 3, *TRICK)
    seen(tr, 1, *TRICK[1:])
    assert [e.kind for e in seen(tr, 4, det("AS", 645, 556), *TRICK[1:])] == ["trick_gathered", "card_placed"]
    assert seen(tr, 1, det("AS", 645, 556), *TRICK[2:]) == []  # W's hand over its old KC
    events = seen(tr, 3, det("AS", 645, 556), det("9S", 384, 363), *TRICK[2:])
    assert [(e.kind, str(e.card), e.seat) for e in events] == [("card_placed", "9S", 1)]
    # It lies still since the first frame it read so, not since before the hand came
    # (``plays_of`` orders plays by that frame).
    assert events[0].frame == tr.frame_index - 2
    # Not so a card of the old trick read as another value a few times, with no hand over it.
    assert seen(tr, 4, det("AS", 645, 556), det("9S", 384, 363), det("8D", 640, 160), TRICK[3]) == []


def test_a_lead_laid_on_the_winners_card_with_no_frame_between_is_played() -> None:
    # A Pi reads a frame or two a second: it may never see the hand that laid the lead.
    # Laid just where the old card lay, the new value must then read steadily a while
    # longer (a card's reading spoiled for three frames is no lead).
    tr, _ = a_whole_trick_played()
    assert seen(tr, 3, *TRICK) == []
    assert seen(tr, 5, *TRICK[1:], det("AS", 641, 561)) == []
    events = seen(tr, 1, *TRICK[1:], det("AS", 641, 561))
    assert [(e.kind, str(e.card), e.seat) for e in events] == [("trick_gathered", "None", None),
                                                               ("card_placed", "AS", 0)]


def test_a_lead_the_players_entered_closes_the_trick_the_tracker_still_has() -> None:
    # S played the trick's last card, won, and led on it at once: read twice only, the
    # QC under the lead was no settled card, and the AS no lead. The players entered the
    # AS on the buttons: the old trick is done for the tracker too, with no event, and
    # the next cards laid on the old ones are S's lead (known already) and W's card.
    tr = CardTracker(CAL, stable_frames=3, gone_frames=4)
    order = [1, 2, 3, 0]  # W, N, E, then S
    for k in range(4):
        seen(tr, 3, *[TRICK[i] for i in order[:k + 1]])
    assert seen(tr, 2, det("AS", 641, 561), *TRICK[1:]) == []
    tr.lead_entered(0)
    events = seen(tr, 2, det("AS", 641, 561), *TRICK[1:])
    assert [(e.kind, str(e.card), e.seat) for e in events] == [("card_placed", "AS", 0)]
    events = seen(tr, 1, det("AS", 641, 561), *TRICK[2:])  # W's hand over its old KC
    events += seen(tr, 3, det("AS", 641, 561), det("9S", 384, 363), *TRICK[2:])
    assert [(e.kind, str(e.card), e.seat) for e in events] == [("card_placed", "9S", 1)]
    # With no complete trick on the table, an entered lead changes nothing.
    assert tr.lead_entered(1) is None and [(e.kind, str(e.card)) for e in seen(tr, 6)] == [("trick_gathered", "None")]


def test_a_lead_taken_for_a_correction_and_entered_is_the_new_tricks_first_card() -> None:
    # The same lead, read long enough to be taken for a misreading of the QC under it (a
    # correction to AS), and confirmed by the players: it is the new trick's first card,
    # and W's card laid next completes no old trick.
    tr = CardTracker(CAL, stable_frames=3, gone_frames=4)
    order = [1, 2, 3, 0]
    for k in range(4):
        seen(tr, 3, *[TRICK[i] for i in order[:k + 1]])
    events = seen(tr, 6, det("AS", 641, 561), *TRICK[1:])
    assert [(e.kind, str(e.card), e.seat) for e in events] == [("card_corrected", "AS", 0)]
    tr.lead_entered(0, Card.parse("AS"))
    events = seen(tr, 2, det("AS", 641, 561))  # the old trick taken in from under it
    events += seen(tr, 4, det("AS", 641, 561), det("9S", 380, 360))
    events += seen(tr, 4, det("AS", 641, 561), det("9S", 380, 360), det("8S", 640, 160))
    assert [(e.kind, str(e.card), e.seat) for e in events] == [("card_placed", "9S", 1), ("card_placed", "8S", 2)]
    events = seen(tr, 6)
    assert [[str(c) for c in e.cards] for e in events if e.kind == "trick_gathered"] == [["AS", "9S", "8S"]]


def test_a_trick_card_reported_while_a_hand_hid_it_is_still_corrected_in_a_whole_trick() -> None:
    # The trick's last card, reported as a JS while the hand still hid part of it, then
    # read QS lying whole: a misreading put right, not a lead.
    tr = CardTracker(CAL, stable_frames=3, gone_frames=4)
    events = [e for i in range(3) for e in seen(tr, 3, *TRICK[: i + 1])]
    events += seen(tr, 3, *TRICK[:3], det("JS", 900, 360, 0.99))
    events += seen(tr, 3, *TRICK[:3], det("QS", 900, 360, 1.0))
    assert [(e.kind, str(e.card), e.seat) for e in events][3:] == [("card_placed", "JS", 3),
                                                                    ("card_corrected", "QS", 3)]


def test_a_whole_trick_hidden_by_a_hand_and_seen_again_is_neither_gathered_nor_played_again() -> None:
    tr, _ = a_whole_trick_played()
    assert seen(tr, 2) == []
    # Seen again, the TC read as a 7C (the hand's shadow still on it) for a few frames.
    assert seen(tr, 3, *TRICK[:3], det("7C", 900, 360, 0.7)) == []
    assert seen(tr, 3, *TRICK) == []


def test_an_arm_over_the_whole_trick_for_a_moment_of_a_fast_camera_is_no_gather() -> None:
    # Vision keeping up with a 30 fps camera: an arm reaching over the middle hides the
    # whole trick for 12 frames (0.4 s). The trick is not gathered, and its cards, seen
    # again, are not played again; taken away for good, it is gathered.
    tr, _ = a_whole_trick_played()
    clock = iter(k / 30 for k in range(1000))

    def timed(frames: int, *cards: Detection) -> list[CardEvent]:
        return [e for _ in range(frames) for e in tr.observe(list(cards), now=next(clock))]

    assert timed(3, *TRICK) == []
    assert timed(12) == []
    assert timed(6, *TRICK) == []
    events = timed(30)
    assert [e.kind for e in events] == ["trick_gathered"]
    assert [str(c) for c in events[0].cards] == ["QC", "KC", "QH", "TC"]
    # Gone 0.6 s (gone_seconds), not sooner.
    assert events[0].frame - (tr.frame_index - 29) == round(0.6 * 30) - 1


def test_a_trick_the_camera_missed_a_card_of_counts_frames_only_so_a_quick_lead_is_played() -> None:
    # E's card was never seen (the players entered it). S wins, takes the trick and leads
    # 0.2 s after it left the view, where S's card lay: a play, not S's old card.
    tr = CardTracker(CAL, stable_frames=3, gone_frames=4)
    clock = iter(k / 30 for k in range(1000))

    def timed(frames: int, *cards: Detection) -> list[CardEvent]:
        return [e for _ in range(frames) for e in tr.observe(list(cards), now=next(clock))]

    events = [e for i in range(3) for e in timed(3, *TRICK[: i + 1])] + timed(6)
    events += timed(8, det("AS", 645, 555))
    assert [(e.kind, str(e.card), e.seat) for e in events][3:] == [("trick_gathered", "None", None),
                                                                    ("card_placed", "AS", 0)]


def test_a_trick_counted_gathered_and_seen_again_where_it_lay_is_not_played_again() -> None:
    # An arm rested over the whole trick long enough for it to count as gathered. Seen
    # again, its cards are the trick on the table, not four cards played with no value;
    # taken in for good, it is not reported gathered twice, and the next lead is played.
    tr, _ = a_whole_trick_played()
    assert [e.kind for e in seen(tr, 5)] == ["trick_gathered"]
    assert seen(tr, 2, *TRICK[1:]) == []
    assert seen(tr, 6, *TRICK) == []
    assert seen(tr, 8) == []
    events = seen(tr, 3, det("KS", 905, 362))
    assert [(e.kind, str(e.card), e.seat) for e in events] == [("card_placed", "KS", 3)]


def test_a_card_of_the_last_trick_read_after_the_next_lead_is_no_trick_come_back() -> None:
    # Once the next trick has begun, the gathered one is gone for good: its value read
    # at its place is not taken for it.
    tr, _ = a_whole_trick_played()
    seen(tr, 5)
    assert [str(e.card) for e in seen(tr, 3, det("KS", 905, 362))] == ["KS"]
    events = seen(tr, 8, det("KS", 905, 362), det("QC", 640, 560))
    assert [(e.kind, e.card, e.seat) for e in events] == [("card_placed", None, 0)]


def test_the_last_trick_still_lying_when_the_next_hand_is_dealt_is_not_played_again() -> None:
    # The players pressed OK for the next deal before taking in the last trick: its cards
    # are the last deal's, not four plays of the new one, and when one of their values is
    # played in the new deal, it is that card, with nothing corrected.
    tr, _ = a_whole_trick_played()
    tr.new_deal()
    assert seen(tr, 8, *TRICK) == [] and seen(tr, 6) == []
    events = seen(tr, 4, det("QC", 380, 360, 0.95))
    assert [(e.kind, str(e.card), e.seat) for e in events] == [("card_placed", "QC", 1)]


def test_a_card_laid_on_a_card_left_from_the_last_deal_is_played() -> None:
    tr, _ = a_whole_trick_played()
    tr.new_deal()
    events = seen(tr, 5, *TRICK) + seen(tr, 2, *TRICK[1:])
    events += seen(tr, 10, det("9S", 645, 565), *TRICK[1:])
    assert [(e.kind, str(e.card), e.seat) for e in events] == [("card_placed", "9S", 0)]


def test_a_card_left_from_the_last_deal_misread_a_few_times_is_not_played() -> None:
    tr, _ = a_whole_trick_played()
    tr.new_deal()
    events = seen(tr, 5, *TRICK) + seen(tr, 3, det("QS", 640, 560, 0.6), *TRICK[1:]) + seen(tr, 5, *TRICK)
    assert events == []


def test_unchanged_frames_are_not_examined_again() -> None:
    frame = np.full((720, 1280, 3), 90, np.uint8)
    change = FrameChange()
    assert change.changed(frame)
    rng = np.random.default_rng(1)
    noisy = np.clip(frame + rng.integers(-3, 4, frame.shape), 0, 255).astype(np.uint8)
    assert not change.changed(noisy)
    moved = frame.copy()
    moved[300:420, 600:690] = 240  # a card appears
    assert change.changed(moved)


def test_rendered_deal_is_followed_play_by_play() -> None:
    sim = SimulatedDeal(seed=424242, tricks=2)
    tracker = CardTracker(sim.calibration(), deck=32, style="en")
    events = [e for f in sim.frames() for e in tracker.process(f)]
    placed = [(e.card, e.seat) for e in events if e.kind == "card_placed"]
    assert placed == [(p.card, p.seat) for p in sim.plays]
    assert sum(e.kind == "trick_gathered" for e in events) == 2
    assert tracker.examined < sum(1 for _ in SimulatedDeal(seed=424242, tricks=2).frames())


def test_a_deal_under_a_players_still_shadow_is_followed_play_by_play() -> None:
    # The same deal with a player's shadow lying over part of the table all along.
    lit, shaded = SimulatedDeal(seed=2000, tricks=2), SimulatedDeal(seed=2000, tricks=2, shadow=True)
    assert [(p.card, p.seat) for p in shaded.plays] == [(p.card, p.seat) for p in lit.plays]
    first_lit, first_shaded = next(lit.frames()), next(shaded.frames())
    ratio = cv2.blur(first_shaded.astype(np.float32), (31, 31)) / np.maximum(
        cv2.blur(first_lit.astype(np.float32), (31, 31)), 1.0)
    assert float(ratio.min()) < 0.7
    tracker = CardTracker(shaded.calibration(), deck=32, style=shaded.design.style)
    events = [e for f in shaded.frames() for e in tracker.process(f)]
    assert plays_of(events) == [(p.card, p.seat) for p in shaded.plays]


def test_a_frame_seen_again_unchanged_does_not_vote_again() -> None:
    # Two clear readings of AS, one bad reading as 7S, then that same (stale) detection
    # handed on for frames where nothing changed: it must not outvote the fresh ones.
    tr = CardTracker(CAL, stable_frames=3)
    events = tr.observe([det("AS", 640, 560)]) + tr.observe([det("AS", 640, 560)])
    stale = [det("7S", 640, 560)]
    events += tr.observe(stale)
    for _ in range(6):
        events += tr.observe(stale, fresh=False)
    assert [str(e.card) for e in events if e.kind == "card_placed"] == ["AS"]


def test_a_pip_corner_read_as_another_value_is_not_a_second_card() -> None:
    # One card read at its index (TH) and, half a card away, at a pip corner (KH, weaker):
    # one play. The real KH, played later elsewhere, is still reported.
    tr = CardTracker(CAL, stable_frames=3)
    events = seen(tr, 5, det("TH", 640, 560, 1.0), det("KH", 640, 530, 0.9))
    events += seen(tr, 4, det("TH", 640, 560, 1.0), det("KH", 640, 530, 0.9), det("KH", 900, 360, 0.99))
    assert [(str(e.card), e.seat) for e in events if e.kind == "card_placed"] == [("TH", 0), ("KH", 3)]


def test_a_card_misread_then_its_value_played_is_corrected_to_its_suits_twin() -> None:
    # QS read as QC every time (its small black pip): reported QC. Later the real QC is
    # played and read clearly for longer: it is reported, and the earlier report is
    # corrected, never the same card twice. Nothing else was read there: it is the
    # queen of the other black suit, a guess (confidence 0).
    tr = CardTracker(CAL, stable_frames=3, gone_frames=3)
    events = seen(tr, 4, det("QC", 640, 560, 0.8))
    events += seen(tr, 3)  # gathered
    events += seen(tr, 8, det("QC", 380, 360, 1.0))
    placed = [(str(e.card), e.seat) for e in events if e.kind == "card_placed"]
    assert placed == [("QC", 0), ("QC", 1)]
    corrected = [e for e in events if e.kind == "card_corrected"]
    assert len(corrected) == 1 and str(corrected[0].card) == "QS" and corrected[0].seat == 0
    assert corrected[0].confidence == 0.0 and [str(c) for c in corrected[0].cards] == ["QC"]
    assert plays_of(events) == [(Card.parse("QS"), 0), (Card.parse("QC"), 1)]


def test_a_misread_card_is_corrected_to_unknown_when_its_suits_twin_was_played_too() -> None:
    # AS read as 7S every time, after the 7C was played: when the real 7S is played, the
    # earlier report is corrected to "unknown" (the 7C is another card's).
    tr = CardTracker(CAL, stable_frames=3, gone_frames=3)
    events = seen(tr, 4, det("7C", 900, 360, 1.0))
    events += seen(tr, 4, det("7C", 900, 360, 1.0), det("7S", 640, 560, 0.8))
    events += seen(tr, 3)  # gathered
    events += seen(tr, 8, det("7S", 380, 360, 1.0))
    placed = [(str(e.card), e.seat) for e in events if e.kind == "card_placed"]
    assert placed == [("7C", 3), ("7S", 0), ("7S", 1)]
    corrected = [e for e in events if e.kind == "card_corrected"]
    assert len(corrected) == 1 and corrected[0].card is None and corrected[0].seat == 0
    assert plays_of(events) == [(Card.parse("7C"), 3), (None, 0), (Card.parse("7S"), 1)]


def test_a_card_misread_as_an_already_played_value_is_reported_as_its_other_reading() -> None:
    # KS played and read clearly; later KC is read as KS most of the time, KC now and then:
    # it is KC (the KS is another card's), not a second KS.
    tr = CardTracker(CAL, stable_frames=3, gone_frames=3)
    events = seen(tr, 8, det("KS", 640, 560, 1.0))
    events += seen(tr, 3)
    for card in ("KS", "KC", "KS", "KS", "KC", "KS"):
        events += tr.observe([det(card, 380, 360, 0.8)])
    assert [(str(e.card), e.seat) for e in events if e.kind == "card_placed"] == [("KS", 0), ("KC", 1)]
    assert not [e for e in events if e.kind == "card_corrected"]


def test_a_card_reported_then_read_steadily_as_another_value_is_corrected() -> None:
    # A real QS reported as a JS while a hand still hid part of it (deal 2022 printed from
    # the bidly photos), then read QS at 1.0 lying whole: the report is corrected.
    tr = CardTracker(CAL, stable_frames=3, gone_frames=3)
    events = seen(tr, 3, det("JS", 640, 160, 0.99))
    events += seen(tr, 3, det("QS", 640, 160, 1.0))
    assert [(e.kind, str(e.card), e.seat) for e in events] == [("card_placed", "JS", 2), ("card_corrected", "QS", 2)]
    assert [str(c) for c in events[1].cards] == ["JS"]
    events += seen(tr, 3, det("QS", 640, 160, 1.0))
    assert len(events) == 2
    assert plays_of(events) == [(Card.parse("QS"), 2)]


def test_a_reported_card_read_as_another_value_now_and_then_stays_as_reported() -> None:
    tr = CardTracker(CAL, stable_frames=3, gone_frames=3)
    events = []
    for card in ("QS", "QS", "QS", "QC", "QC", "QS", "QC", "QC", "QS"):
        events += tr.observe([det(card, 640, 560, 0.9 if card == "QS" else 1.0)])
    assert [(e.kind, str(e.card)) for e in events] == [("card_placed", "QS")]


def corner(card: str, x: float, y: float, conf: float) -> Detection:
    return Detection(Card.parse(card), conf, det(card, x, y).corners, partial=True)


def test_a_card_read_whole_as_a_played_value_votes_with_its_corner_reading() -> None:
    # Deal 2008 printed from the bidly photos: the 7D was played and read clearly. A later
    # 8D lying still read as a 7D at 0.98 whole, and as an 8D at 1.0 at its corner; its
    # vote went to the whole card's 7D, which is another card's, and it was never reported.
    tr = CardTracker(CAL, stable_frames=3, gone_frames=3)
    events = seen(tr, 4, det("7D", 900, 360, 1.0))
    events += seen(tr, 3)  # gathered
    events += seen(tr, 4, det("7D", 380, 360, 0.98), corner("8D", 385, 355, 1.0))
    assert [(str(e.card), e.seat) for e in events if e.kind == "card_placed"] == [("7D", 3), ("8D", 1)]
    assert not [e for e in events if e.kind == "card_corrected"]


def test_a_card_read_whole_as_a_played_value_more_clearly_takes_it() -> None:
    # The same, but the first 7D was read less clearly than the new card's whole reading:
    # the new card is the 7D, and the first report is corrected.
    tr = CardTracker(CAL, stable_frames=3, gone_frames=3)
    events = seen(tr, 4, det("7D", 900, 360, 0.7))
    events += seen(tr, 3)
    events += seen(tr, 4, det("7D", 380, 360, 1.0), corner("4D", 385, 355, 0.9))
    assert [(str(e.card), e.seat) for e in events if e.kind == "card_placed"] == [("7D", 3), ("7D", 1)]
    assert [str(e.cards[0]) for e in events if e.kind == "card_corrected"] == ["7D"]


def test_a_card_read_at_alternating_outlines_is_placed_in_its_turn() -> None:
    # The detector puts a still card's outline at one of two places in turn (0.05 table
    # units apart): it lies still, and is placed before the card played after it.
    tr = CardTracker(CAL, stable_frames=3)
    events = []
    for k in range(8):
        qs = [det("QS", 640, 160)] if k >= 2 else []  # the next card, played two frames later
        events += tr.observe([det("TC", 380 + (20 if k % 2 else 0), 360)] + qs)
    assert [(str(c), s) for c, s in plays_of(events)] == [("TC", 1), ("QS", 2)]


def test_a_card_seen_again_a_little_off_its_place_is_not_a_second_card() -> None:
    # A card read once from one corner and then from the other lands a few millimetres
    # away each time: the same card in front of the same seat, reported once, and no
    # correction to "unknown" for its first place.
    tr = CardTracker(CAL, stable_frames=2, match_radius=0.05, same_card=0.05)
    events = seen(tr, 2, det("KD", 640, 560))
    events += seen(tr, 3, det("KD", 640, 500, conf=0.99))
    assert [(e.kind, str(e.card), e.seat) for e in events] == [("card_placed", "KD", 0)]
    assert plays_of(events) == [(Card.parse("KD"), 0)]


def test_the_last_card_gathered_before_it_lay_still_long_enough_is_still_played() -> None:
    tr = CardTracker(CAL, stable_frames=3, gone_frames=4)
    events = []
    table = []
    for card, (x, y) in zip(("AS", "KS", "TS"), ((640, 560), (380, 360), (640, 160))):
        table.append(det(card, x, y))
        for _ in range(3):
            events += tr.observe(table)
    # The last card is read at two places (its outline one frame, a corner the next, a
    # card's width apart), then the winner picks the trick up.
    for x in (900, 900, 1020, 1020):
        events += tr.observe(table + [det("9S", x, 360)])
    events += seen(tr, 5)
    kinds = [(e.kind, str(e.card), e.seat) for e in events]
    assert kinds[:4] == [("card_placed", "AS", 0), ("card_placed", "KS", 1), ("card_placed", "TS", 2),
                         ("card_placed", "9S", 3)]
    gathered = [e for e in events if e.kind == "trick_gathered"]
    assert len(gathered) == 1 and [str(c) for c in gathered[0].cards] == ["AS", "KS", "TS", "9S"]


def test_the_last_card_seen_once_before_the_winner_took_the_trick_is_played() -> None:
    # The winner took the trick half a second after the last card landed: a camera read
    # a few times a second (a Pi) read it in one frame. Three seats had played: the card
    # in front of the fourth, the trick then gone, was its card.
    tr, events = a_whole_trick_played_but_one()
    events = tr.observe(TRICK)
    events += seen(tr, 4)
    assert [(e.kind, str(e.card), e.seat) for e in events] == [("card_placed", "TC", 3),
                                                               ("trick_gathered", "None", None)]
    assert [str(c) for c in events[-1].cards] == ["QC", "KC", "QH", "TC"]
    # E won, and leads at once where the TC lay.
    events = seen(tr, 3, det("KS", 905, 362))
    assert [(e.kind, str(e.card), e.seat) for e in events] == [("card_placed", "KS", 3)]


def test_a_glimpse_in_front_of_one_of_two_seats_yet_to_play_is_not_played() -> None:
    tr = CardTracker(CAL, stable_frames=3, gone_frames=4)
    events = [e for i in range(2) for e in seen(tr, 3, *TRICK[: i + 1])]
    events += tr.observe(TRICK[:2] + [TRICK[3]])
    events += seen(tr, 4)
    assert [str(e.card) for e in events if e.kind == "card_placed"] == ["QC", "KC"]


def a_whole_trick_played_but_one() -> tuple[CardTracker, list[CardEvent]]:
    """A tracker that saw S, W and N lay ``TRICK``'s first three cards in turn."""
    tr = CardTracker(CAL, stable_frames=3, gone_frames=4)
    events = [e for i in range(3) for e in seen(tr, 3, *TRICK[: i + 1])]
    assert [str(e.card) for e in events] == ["QC", "KC", "QH"]
    return tr, events


def test_a_card_glimpsed_under_a_hand_long_before_the_trick_is_gathered_is_not_played() -> None:
    tr = CardTracker(CAL, stable_frames=3, gone_frames=4)
    events = []
    table = [det("AS", 640, 560)]
    for _ in range(3):
        events += tr.observe(table)
    # A card read for a few frames while moving across the table, long before the trick goes.
    for x in (700, 760, 820, 880):
        events += tr.observe(table + [det("QH", x, 300)])
    for _ in range(12):
        events += tr.observe(table)
    events += seen(tr, 5)
    assert [str(e.card) for e in events if e.kind == "card_placed"] == ["AS"]


def test_a_deal_printed_from_a_photographed_deck_is_the_same_deal(bridge_deck: Path) -> None:
    from vision.faces import DeckDesign
    from vision.simulate import SimulatedDeal

    drawn, photographed = SimulatedDeal(2001), SimulatedDeal(2001, deck_design=DeckDesign(photos=str(bridge_deck)))
    assert [(p.card, p.seat) for p in drawn.plays] == [(p.card, p.seat) for p in photographed.plays]
    assert photographed.design.photos == str(bridge_deck) and not drawn.design.photos
    assert (drawn.table, drawn.camera) == (photographed.table, photographed.camera)


def test_a_camera_larger_than_vision_reads_whole_has_its_play_area_read_at_full_size(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A 1920x1080 camera: reduced whole to 1280 pixels its cards would be read 67 pixels
    wide; the tracker reads the play area alone, where they are 100, and reports them
    where they lie in the frame."""
    import cv2

    from vision.calibration import card_width_as_read, shape_read
    from vision.synth import Camera, PlacedCard, render_table

    camera = Camera((1920, 1080), 1.6)
    spots = {0: (0.0, 105.0), 1: (-125.0, 0.0), 2: (0.0, -105.0), 3: (125.0, 0.0)}  # mm from the middle: S W N E
    t2i = camera.table_to_image()
    seats = [tuple(cv2.perspectiveTransform(np.array([[p]], np.float64), t2i)[0, 0]) for p in spots.values()]
    cal = TableCalibration.from_seat_cards(seats)
    laid = [PlacedCard(Card.parse("KC"), *spots[1], 90.0), PlacedCard(Card.parse("7S"), *spots[0], 0.0)]
    frame, truth = render_table(laid, seed=3, table="light_wood", camera=camera)
    width = card_width_as_read(truth.cards[0].corners, frame.shape)
    assert 60 < width < 70 and card_width_as_read(truth.cards[0].corners, shape_read(cal, frame.shape)) > 95
    import vision.tracker

    read: list[tuple[int, ...]] = []
    identify = vision.tracker.identify_cards
    monkeypatch.setattr(vision.tracker, "identify_cards",
                        lambda image, **kw: read.append(image.shape) or identify(image, **kw))
    tr = CardTracker(cal, deck=32, stable_frames=3)
    events = [e for _ in range(4) for e in tr.process(frame)]
    assert read and all(shape[:2] == shape_read(cal, frame.shape) and max(shape) < 1280 for shape in read)
    assert sorted((e.kind, str(e.card), e.seat) for e in events) == [("card_placed", "7S", 0), ("card_placed", "KC", 1)]
    # The cards are reported where they lie in the whole frame, not in the part read.
    for d in tr._last:
        true = next(t for t in truth.cards if t.card == d.card)
        assert np.linalg.norm(np.mean(d.corners, axis=0) - np.mean(true.corners, axis=0)) < 10
    # Someone moving beyond the play area (the frame's corner) sends no frame to vision again.
    for _ in range(4):
        tr.process(frame)
    examined = tr.examined
    moving = frame.copy()
    moving[:200, :200] = 255 - moving[:200, :200]
    for f in (moving, frame, moving):
        assert tr.process(f) == []
    assert tr.examined == examined


def test_players_hands_at_the_sides_of_a_camera_sized_frame_are_not_looked_into(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A 1280x720 camera over the table: the play area is the middle half of the frame, and
    # the players at its sides hold their hands there. The frame is read whole (vision
    # works at the scale its size sets) with what lies beyond the play area painted over,
    # and hands moving there send no frame to vision again.
    import cv2

    from vision.synth import Camera, HandPose, PlacedCard, render_table
    from vision.tracker import kept_box

    camera = Camera((1280, 720), 1.35)
    spots = {0: (0.0, 105.0), 1: (-125.0, 0.0), 2: (0.0, -105.0), 3: (125.0, 0.0)}  # mm from the middle: S W N E
    t2i = camera.table_to_image()
    seats = [tuple(cv2.perspectiveTransform(np.array([[p]], np.float64), t2i)[0, 0]) for p in spots.values()]
    cal = TableCalibration.from_seat_cards(seats)
    box = cal.play_region((720, 1280, 3))
    assert box is not None and box[0] > 250 and box[2] < 1030
    laid = [PlacedCard(Card.parse("KC"), *spots[1], 90.0), PlacedCard(Card.parse("7S"), *spots[0], 0.0)]

    def held_at(y: float) -> np.ndarray:
        hands = [HandPose(410.0, y, from_edge="right"), HandPose(-410.0, -y, from_edge="left")]
        return render_table(laid, seed=3, table="light_wood", camera=camera, hands=hands)[0]

    import vision.tracker

    read: list[np.ndarray] = []
    identify = vision.tracker.identify_cards
    monkeypatch.setattr(vision.tracker, "identify_cards", lambda image, **kw: read.append(image) or identify(image, **kw))
    tr = CardTracker(cal, deck=32, stable_frames=3)
    frame = held_at(0.0)
    # (Read until both cards are settled: a whole window of readings each.)
    events = [e for _ in range(7) for e in tr.process(frame)]
    assert tr.examined == 6  # the first frame and the five after it
    assert sorted((e.kind, str(e.card), e.seat) for e in events) == [("card_placed", "7S", 0), ("card_placed", "KC", 1)]
    assert read and all(image.shape == frame.shape for image in read)
    # Painted over beyond a box round the play area that holds 65% of the frame (more than
    # vision takes for a card), the hands with it.
    x0, y0, x1, y1 = kept_box(box, frame.shape)
    assert (x1 - x0) * (y1 - y0) >= 0.65 * 1280 * 720 and x0 <= box[0] and x1 >= box[2]
    beyond = np.concatenate([read[0][:, :x0].reshape(-1, 3), read[0][:, x1:].reshape(-1, 3)])
    assert (beyond == beyond[0]).all() and (read[0][y0:y1, x0:x1] == frame[y0:y1, x0:x1]).all()
    # The hands at the sides move: nothing is read again.
    examined = tr.examined
    for y in (-60.0, 40.0, 90.0):
        moved = held_at(y)
        assert np.abs(moved.astype(int) - frame.astype(int)).max() > 100
        assert tr.process(moved) == []
    assert tr.examined == examined


def test_plain_cards_on_a_patterned_table_with_hands_at_its_sides_need_no_full_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # What the tracker reads of a camera-sized frame: the play area and some table round
    # it, one colour beyond. Painted right round the play area, dark wood's grain ending
    # there outlined the whole play area, an outline with every card in it, and each
    # frame took the full search (ten times the quick looks' cost: a Pi then reads a frame
    # or two a second).
    import cv2

    import vision.recognize
    from vision.synth import Camera, HandPose, PlacedCard, render_table
    from vision.tracker import beyond_hidden, kept_box

    camera = Camera((1280, 720), 1.35)
    spots = [(0.0, 105.0, 7.0), (-125.0, 0.0, 277.0), (0.0, -105.0, 187.0), (125.0, 0.0, 97.0)]
    t2i = camera.table_to_image()
    seats = [tuple(cv2.perspectiveTransform(np.array([[p[:2]]], np.float64), t2i)[0, 0]) for p in spots]
    box = TableCalibration.from_seat_cards(seats).play_region((720, 1280, 3))
    assert box is not None
    laid = [PlacedCard(Card.parse(c), *spot) for c, spot in zip(("7H", "KS", "TD", "QC"), spots)]
    hands = [HandPose(410.0, 30.0, from_edge="right"), HandPose(-410.0, -50.0, from_edge="left")]
    frame, _ = render_table(laid, seed=1, table="dark_wood", camera=camera, hands=hands)

    def full_search(*args: object, **kw: object) -> None:
        raise AssertionError("the full search")

    monkeypatch.setattr(vision.recognize, "_full_search", full_search)
    found = vision.recognize.identify_cards(beyond_hidden(frame, kept_box(box, frame.shape)), deck=32,
                                            face_down=False)
    assert sorted(str(d.card) for d in found) == ["7H", "KS", "QC", "TD"]
    with pytest.raises(AssertionError, match="the full search"):  # the frame as it is: hands and all
        vision.recognize.identify_cards(frame, deck=32, face_down=False)


def test_a_reading_on_the_card_a_seat_played_is_not_a_second_card_of_that_seat() -> None:
    """A seat plays one card a trick: a value read on its card (a real king's picture read
    as a TC's index, 130 pixels wide) is that card's own print while the card lies there.
    Once it is covered, a card laid on it is a card."""
    tr = CardTracker(CAL, stable_frames=3, gone_frames=4)
    events = [e for _ in range(3) for e in tr.observe([det("KC", 640, 560)])]
    assert [(str(e.card), e.seat) for e in events] == [("KC", 0)]
    # The phantom's card lies 0.3 table units from the king's middle (as at the simulated
    # table): too far to be the same card's reading, on it, in front of S too.
    for _ in range(6):
        assert tr.observe([det("KC", 640, 560), det("TC", 640, 460)]) == []
    # Another seat's card near its own place is reported as ever.
    events = [e for _ in range(5) for e in tr.observe([det("KC", 640, 560), det("9C", 380, 360)])]
    assert [(str(e.card), e.seat) for e in events] == [("9C", 1)]
    # A card laid over most of the king, which no longer shows, is a card of its own.
    events = [e for _ in range(3) for e in tr.observe([det("9C", 380, 360), det("8D", 640, 470)])]
    assert [(str(e.card), e.seat) for e in events] == [("8D", 0)]


def _js_gathered(tr: CardTracker) -> list:
    """Trick one: S plays the JS, read clearly, then the trick is gathered."""
    events = [e for _ in range(4) for e in tr.observe([det("JS", 640, 560, 1.0)])]
    return events + [e for _ in range(5) for e in tr.observe([])]


def test_a_card_read_only_as_a_card_already_played_is_played_its_value_unknown() -> None:
    # A real JD read as JS at 0.9 in every frame, the JS gathered tricks before (simulated
    # deal 2036 printed from the bidly photos): it is no JS, but W played a card. It is
    # reported with no value, so that the players name it, and the trick keeps its order.
    tr = CardTracker(CAL, stable_frames=3, gone_frames=4)
    events = _js_gathered(tr)
    events += seen(tr, 6, det("JS", 380, 360, 0.9))
    unknown = [e for e in events if e.kind == "card_placed" and e.card is None]
    assert [(e.seat, e.confidence, [str(c) for c in e.alternatives]) for e in unknown] == [(1, 0.0, ["JS"])]
    events += seen(tr, 4, det("JS", 380, 360, 0.9), det("8S", 640, 160, 1.0))
    assert plays_of(events) == [(Card.parse("JS"), 0), (None, 1), (Card.parse("8S"), 2)]
    assert not [e for e in events if e.kind == "card_corrected"]


def test_a_card_played_with_no_value_is_named_once_it_reads_steadily_as_a_card_not_played() -> None:
    # The same JD, read as the gathered JS while a sleeve's shadow lay on it, then read
    # JD clearly once the arm went: the unknown play is corrected to the JD, once.
    tr = CardTracker(CAL, stable_frames=3, gone_frames=4)
    events = _js_gathered(tr)
    events += seen(tr, 6, det("JS", 380, 360, 0.9))
    for reading in ("JD", "JS", "JD", "JD"):
        events += tr.observe([det(reading, 380, 360, 0.95)])
    corrected = [e for e in events if e.kind == "card_corrected"]
    assert corrected == []  # not steadily: a JS among the last three
    events += seen(tr, 6, det("JD", 380, 360, 0.95))
    corrected = [e for e in events if e.kind == "card_corrected"]
    assert [(str(e.card), e.seat, e.cards) for e in corrected] == [("JD", 1, ())]
    assert plays_of(events) == [(Card.parse("JS"), 0), (Card.parse("JD"), 1)]


def test_a_card_corrected_to_unknown_in_its_trick_is_named_when_it_reads_clearly() -> None:
    # S's AS read as 7S while a hand hid its corner, after E's 7C; W's real 7S then reads
    # clearer, so S's report becomes unknown. The hand gone, S's card reads AS.
    tr = CardTracker(CAL, stable_frames=3, gone_frames=3)
    events = seen(tr, 4, det("7C", 900, 360, 1.0))
    events += seen(tr, 4, det("7C", 900, 360, 1.0), det("7S", 640, 560, 0.8))
    events += seen(tr, 5, det("7C", 900, 360, 1.0), det("7S", 640, 560, 0.8), det("7S", 380, 360, 1.0))
    assert plays_of(events) == [(Card.parse("7C"), 3), (None, 0), (Card.parse("7S"), 1)]
    events += seen(tr, 3, det("7C", 900, 360, 1.0), det("AS", 640, 560, 0.95), det("7S", 380, 360, 1.0))
    assert plays_of(events) == [(Card.parse("7C"), 3), (Card.parse("AS"), 0), (Card.parse("7S"), 1)]


def test_a_card_played_with_no_value_is_not_named_as_a_card_another_seat_played() -> None:
    # W's unknown card, then reading steadily as the 8S N played to this trick: still unknown.
    tr = CardTracker(CAL, stable_frames=3, gone_frames=4)
    events = _js_gathered(tr)
    events += seen(tr, 6, det("JS", 380, 360, 0.9), det("8S", 640, 160, 1.0))
    events += seen(tr, 6, det("8S", 380, 360, 0.9), det("8S", 640, 160, 1.0))
    assert [e for e in events if e.kind == "card_corrected"] == []
    assert (None, 1) in plays_of(events)


def test_a_card_read_only_as_a_played_card_and_gathered_soon_is_still_played() -> None:
    # The same JD, read 4 times before the winner took the trick up: played, value unknown.
    tr = CardTracker(CAL, stable_frames=3, gone_frames=4)
    events = _js_gathered(tr)
    table = [det("9D", 640, 560, 1.0)]
    for _ in range(4):
        events += tr.observe(table)
    for _ in range(4):
        events += tr.observe(table + [det("JS", 380, 360, 0.9)])
    events += seen(tr, 6)
    assert plays_of(events) == [(Card.parse("JS"), 0), (Card.parse("9D"), 0), (None, 1)]
    gathered = [e for e in events if e.kind == "trick_gathered"]
    assert [[str(c) for c in e.cards] for e in gathered] == [["JS"], ["9D"]]


def test_a_played_cards_value_read_before_a_seat_that_has_played_is_no_card() -> None:
    # A seat plays one card a trick: beside S's 9D, in front of S, a reading of the
    # gathered JS is that card's own print, not a card of S's value unknown.
    tr = CardTracker(CAL, stable_frames=3, gone_frames=4)
    events = _js_gathered(tr)
    events += seen(tr, 4, det("9D", 640, 560, 1.0))
    events += seen(tr, 8, det("9D", 640, 560, 1.0), det("JS", 640, 430, 0.9))
    assert plays_of(events) == [(Card.parse("JS"), 0), (Card.parse("9D"), 0)]



_CLOTH_CAMERA = Camera((1280, 720), 1.35)
_CLOTH_SPOTS = [(0.0, 105.0, 7.0), (-125.0, 0.0, 277.0), (0.0, -105.0, 187.0), (125.0, 0.0, 97.0)]  # S W N E


def _cloth_cards() -> list[PlacedCard]:
    return [PlacedCard(Card.parse(c), *spot) for c, spot in zip(("7H", "KS", "TD", "QC"), _CLOTH_SPOTS)]


def _cloth_scene(camera: Camera = _CLOTH_CAMERA, cards: int = 4
                 ) -> tuple[TableCalibration, np.ndarray, np.ndarray, list[np.ndarray]]:
    """A camera (1280x720) over a checked cloth: the calibration, the bare table, the first
    ``cards`` of four cards lying on it in front of the seats (S W N E: 7H KS TD QC), and
    those cards' outlines."""
    from vision.synth import render_table

    t2i = camera.table_to_image()
    seats = [tuple(cv2.perspectiveTransform(np.array([[p[:2]]], np.float64), t2i)[0, 0]) for p in _CLOTH_SPOTS]
    bare, _ = render_table([], seed=1, table="cloth", camera=camera)
    frame, truth = render_table(_cloth_cards()[:cards], seed=1, table="cloth", camera=camera)
    return TableCalibration.from_seat_cards(seats), bare, frame, [c.corners for c in truth.cards]


@pytest.fixture
def full_searches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A 1 for each frame vision gives the full search (it still does it)."""
    import vision.recognize

    searched: list[int] = []
    full_search = vision.recognize._full_search
    monkeypatch.setattr(vision.recognize, "_full_search",
                        lambda *args, **kw: searched.append(1) or full_search(*args, **kw))
    return searched


def test_cards_on_a_checked_cloth_are_read_on_the_table_learned_bare(full_searches: list[int]) -> None:
    # A checked cloth's white checks are as light as card stock: vision's first look joins
    # each card to the checks it touches, and every frame with a card took the full search
    # (over a second here, several on a Pi). Shown the table still and bare, the tracker
    # paints over what still looks so before it reads a frame.
    cal, bare, frame, _ = _cloth_scene()
    tr = CardTracker(cal, deck=32, stable_frames=3)
    for _ in range(5):  # read twice, nothing found (frames with no time): learned bare
        assert tr.process(bare) == []
    full_searches.clear()
    examined = tr.examined
    events = [e for _ in range(8) for e in tr.process(frame)]
    assert sorted((str(e.card), e.seat) for e in events) == [("7H", 0), ("KS", 1), ("QC", 3), ("TD", 2)]
    assert tr.examined - examined >= 6 and full_searches == []  # (read a whole window of times)
    # Not learned so, the same frames take the full search each time.
    tr = CardTracker(cal, deck=32, stable_frames=3, bare_table=False)
    for _ in range(5):
        tr.process(bare)
    full_searches.clear()
    events = [e for _ in range(8) for e in tr.process(frame)]
    assert len(events) == 4 and len(full_searches) == 6


def test_a_larger_cameras_play_area_is_read_on_the_table_learned_bare(full_searches: list[int]) -> None:
    # At 1920x1080 the tracker reads the play area alone (see above): the bare table is
    # learned and painted there.
    cal, bare, frame, _ = _cloth_scene(Camera((1920, 1080), 1.6), cards=2)
    assert cal.read_region((1080, 1920, 3)) is not None
    tr = CardTracker(cal, deck=32, stable_frames=3)
    for _ in range(5):
        assert tr.process(bare) == []
    full_searches.clear()
    events = [e for _ in range(8) for e in tr.process(frame)]
    assert sorted((str(e.card), e.seat) for e in events) == [("7H", 0), ("KS", 1)] and full_searches == []


def test_a_table_with_cards_face_up_on_it_is_not_learned_bare() -> None:
    # Else they would be table, painted over and never read again while they lay there:
    # the trick would count as gathered.
    cal, _, two, _ = _cloth_scene(cards=2)
    three = _cloth_scene(cards=3)[2]
    tr = CardTracker(cal, deck=32, stable_frames=3)
    events = [e for _ in range(10) for e in tr.process(two)]
    events += [e for _ in range(10) for e in tr.process(three)]
    assert [(e.kind, str(e.card), e.seat) for e in events] == [
        ("card_placed", "7H", 0), ("card_placed", "KS", 1), ("card_placed", "TD", 2)]


def test_the_table_learned_bare_is_painted_over_as_the_exposure_changes_but_not_cards_or_a_lamps_light() -> None:
    from vision.tracker import BareTable, bare_table_hidden

    _, bare, frame, outlines = _cloth_scene()
    box = (150, 40, 1130, 680)
    learned = BareTable.of(bare, box, 733)
    seen = bare_table_hidden(frame, learned)
    x0, y0, x1, y1 = box
    cards = np.zeros(frame.shape[:2], np.uint8)
    for quad in outlines:
        cv2.fillPoly(cards, [np.round(quad).astype(np.int32)], 255)
    # Every card keeps its pixels (but a hair at its edges, where it blends into the cloth).
    kept = (seen == frame).all(axis=2)
    assert kept[cv2.erode(cards, np.ones((5, 5), np.uint8)) > 0].all()
    # The cloth round them is one colour: all of it but a rim beside the cards.
    table = np.zeros_like(cards)
    table[y0:y1, x0:x1] = 255
    table[cv2.dilate(cards, np.ones((31, 31), np.uint8)) > 0] = 0
    painted = (seen == np.array(learned.fill, np.uint8)).all(axis=2)
    assert painted[table > 0].mean() > 0.99
    assert painted[:y0].all() and painted[:, x1:].all()  # beyond the box as beyond_hidden does
    # The camera's exposure brightens everything by an eighth (a dark sleeve came into
    # view): the bare table, compared brightened alike, is still painted over.
    brighter = cv2.convertScaleAbs(frame, alpha=1.12)
    seen = bare_table_hidden(brighter, learned)
    assert (seen == brighter).all(axis=2)[cv2.erode(cards, np.ones((9, 9), np.uint8)) > 0].all()
    assert (seen == np.array(learned.fill, np.uint8)).all(axis=2)[table > 0].mean() > 0.99
    # A lamp lighting one side only: where the table no longer looks as it did, the box is
    # read as it is.
    ramp = np.linspace(0.6, 1.6, frame.shape[1], dtype=np.float32)[None, :, None]
    lamp = cv2.convertScaleAbs(frame.astype(np.float32) * ramp)
    same = (bare_table_hidden(lamp, learned)[y0:y1, x0:x1] == lamp[y0:y1, x0:x1]).all(axis=2)
    assert same[:, :200].mean() > 0.9 and same[:, -200:].mean() > 0.9
