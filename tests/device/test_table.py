"""The table loop with simulated players; the watcher is a test double that reads the
simulated table directly (the real one, vision's tracker, is tested end to end)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from device.clock import ManualClock
from device.inputs import InputQueue, Press, SerialCommand
from device.journal import Journal
from device.simtable import SimTable
from device.table import CardCorrected, CardPlaced, Question, Table, TableEvent, TrickGathered, start_or_resume
from engine.cards import Card
from engine.events import MatchStart, parse_log
from engine.referee import replay


class TruthWatcher:
    """Reports what lies on the simulated table, as a perfect tracker would."""

    def __init__(self, sim: SimTable, unsure: set[int] = frozenset(), wrong: set[int] = frozenset(),
                 missed: set[int] = frozenset()) -> None:
        self.sim, self.seen, self.unsure, self.wrong, self.missed = sim, 0, unsure, wrong, missed
        self.reported = 0

    def watch(self, frame: np.ndarray, now: float) -> list[TableEvent]:
        events: list[TableEvent] = []
        if not self.sim.on_table and self.seen:
            self.seen = 0
            events.append(TrickGathered())
        for placed in self.sim.on_table[self.seen:]:
            n = self.reported
            card = str(placed.card)
            if n in self.missed:  # taken away before the camera read it
                pass
            elif n in self.wrong:  # the reader's best guess is another card
                events.append(CardPlaced(placed.seat, "7C" if card != "7C" else "8C", 0.5, (card,)))
            else:
                events.append(CardPlaced(placed.seat, card, 0.6 if n in self.unsure else 0.99))
            self.reported += 1
        self.seen = len(self.sim.on_table)
        return events


class RecordingPanel:
    def __init__(self) -> None:
        self.buzzes = 0
        self.led = None

    def verzaakt(self) -> None:
        self.buzzes += 1

    def beep(self) -> None:
        pass

    def status(self, pattern: object) -> None:
        self.led = pattern

    def tick(self) -> None:
        pass


class FrameCamera:
    def read(self) -> np.ndarray:
        return np.zeros((4, 4, 3), np.uint8)


def build(tmp_path: Path, seed: int = 1, verzaak_rate: float = 0.0, rules: dict | None = None,
          unsure: set[int] = frozenset(), wrong: set[int] = frozenset()) -> tuple[Table, SimTable, ManualClock, RecordingPanel]:
    clock, inputs = ManualClock(), InputQueue()
    journal = Journal(tmp_path / "journal.sqlite")
    match = MatchStart("klaverjassen", rules or {})
    rng = random.Random(seed)
    game, match_id, _ = start_or_resume(journal, match, rng)
    sim = SimTable(random.Random(seed + 1), inputs, clock, verzaak_rate=verzaak_rate, pace=0.2)
    panel = RecordingPanel()
    table = Table(game, journal, match_id, clock, inputs, watcher=TruthWatcher(sim, unsure, wrong),
                  camera=FrameCamera(), panel=panel, dealer="W")
    return table, sim, clock, panel


def play_until(table: Table, sim: SimTable, clock: ManualClock, cards: int) -> None:
    """Step the players and the table until ``cards`` cards were laid."""
    while len(sim.plays) < cards:
        sim.act(table.game, table.status)
        table.step()
        clock.advance(0.05)


def run_hands(table: Table, sim: SimTable, clock: ManualClock, hands: int, max_steps: int = 20000) -> None:
    for _ in range(max_steps):
        sim.act(table.game, table.status)
        table.step()
        clock.advance(0.05)
        game = table.game
        if len(game.hands) >= hands and game.hands[hands - 1].score() is not None and not sim.on_table:  # type: ignore[attr-defined]
            return
    raise AssertionError("the simulated players did not finish")


def test_a_whole_hand_by_simulated_players_matches_the_referee(tmp_path: Path) -> None:
    table, sim, clock, _ = build(tmp_path)
    run_hands(table, sim, clock, 2)
    game = table.game
    device_plays = [(s, c) for h in game.hands for t in h.tricks for s, c in zip(t.seats, t.cards)]  # type: ignore[attr-defined]
    assert len(device_plays) == 64 and device_plays == sim.plays[:64]
    exported = table.journal.export(table.match_id)
    refereed = replay(parse_log(exported.splitlines()))
    assert refereed.totals() == game.totals()  # type: ignore[attr-defined]
    assert refereed.report() == game.report()


def test_players_who_take_a_trick_before_its_last_card_is_read_enter_it(tmp_path: Path) -> None:
    # Real players take the trick as soon as they have seen it; on a slow camera its last
    # card may go unread. They enter it when the screen lacks it, and the hand goes on.
    table, sim, clock, _ = build(tmp_path)
    sim.take_after = 0.1
    table.watcher = TruthWatcher(sim, missed={3, 7})
    run_hands(table, sim, clock, 1)
    game = table.game
    device_plays = [(s, c) for t in game.hands[0].tricks for s, c in zip(t.seats, t.cards)]  # type: ignore[attr-defined]
    assert device_plays == sim.plays[:32] and sim.entered == 2


def test_a_simulated_player_leans_over_a_complete_trick_before_it_is_taken(tmp_path: Path) -> None:
    # tafel bench table --lean: the whole trick is out of the camera's view for a while,
    # then in view again, and only then taken in.
    from vision.recognize import identify_cards

    table, sim, clock, _ = build(tmp_path)
    sim.lean = 1.0
    play_until(table, sim, clock, 4)
    seen: list[tuple[float, int]] = []  # (time, cards of the trick read) while it lies complete
    frame = None
    while len(sim.on_table) == 4:
        if sim.frame() is not frame:
            frame = sim.frame()
            seen.append((clock.now(), len(identify_cards(frame, deck=32, face_down=False))))
        sim.act(table.game, table.status)
        table.step()
        clock.advance(0.05)
    counts = [n for _, n in seen]
    hidden = counts.index(0)
    assert counts[hidden - 1] == 4 and counts[hidden + 1:] and set(counts[hidden + 1:]) == {4}
    assert seen[hidden + 1][0] - seen[hidden][0] >= 1.0 - 1e-9 and clock.now() > seen[hidden + 1][0]


def test_simulated_players_at_the_cameras_sides_move_their_held_hands_beyond_the_play_area(
        tmp_path: Path) -> None:
    # tafel bench table --fidget: the frame changes every so often with nothing laid, and
    # only beyond the play area the calibration finds.
    from vision.calibration import TableCalibration, seats_and_trump
    from vision.recognize import identify_cards

    table, sim, clock, _ = build(tmp_path)
    seats, _ = seats_and_trump(identify_cards(sim.calibration_frame()), 4)
    x0, y0, x1, y1 = TableCalibration.from_seat_cards(seats).play_region((720, 1280, 3)) or (0, 0, 0, 0)
    still = sim.frame()
    assert sim.frame() is still
    clock.advance(2.0)
    assert sim.frame() is still  # held still: the same frame
    sim.fidget = 0.5
    frames = []
    for _ in range(4):
        frames.append(sim.frame())
        clock.advance(0.5)
    for a, b in zip(frames, frames[1:]):
        changed = np.abs(a.astype(int) - b.astype(int)).max(axis=2) > 30
        assert changed.any() and not changed[y0:y1, x0:x1].any()


def test_simulated_players_sort_their_cards_on_a_bare_still_table_after_each_deal(tmp_path: Path) -> None:
    # Vision's tracker learns the table bare then (vision.tracker.BareTable): nothing is
    # chosen, bid or laid for sort_seconds after the deal, and the frame does not change.
    table, sim, clock, _ = build(tmp_path)
    sim.sort_seconds = 4.0
    while sim.hands_dealt == 0:
        sim.act(table.game, table.status)
        table.step()
        clock.advance(0.05)
    dealt, frame = clock.now(), sim.frame()
    while not sim.plays:
        sim.act(table.game, table.status)
        table.step()
        clock.advance(0.05)
        if clock.now() < dealt + 4.0:
            assert sim.frame() is frame and table.game.hand.trump is None  # type: ignore[attr-defined]
    assert clock.now() >= dealt + 4.0


def test_simulated_players_may_deal_the_next_hand_before_taking_in_the_last_trick(tmp_path: Path) -> None:
    # tafel bench table --last-trick-left: OK is pressed with the last trick still lying;
    # the dealer reaches in for it (a changed frame, read again) and collects it to deal.
    table, sim, clock, _ = build(tmp_path)
    sim.last_trick_left = True
    play_until(table, sim, clock, 32)
    while len(table.game.hands) < 2:  # type: ignore[attr-defined]
        sim.act(table.game, table.status)
        table.step()
        clock.advance(0.05)
    assert [p.card for p in sim.on_table] == [c for _, c in sim.plays[-4:]]  # dealt over the last trick
    reached = False
    while sim.hands_dealt < 2:
        sim.act(table.game, table.status)
        table.step()
        clock.advance(0.05)
        dealer = table.game.hand.dealer  # type: ignore[attr-defined]
        reaching = sim.reaching
        reached = reached or (sim.on_table != [] and reaching is not None and reaching[0] == dealer
                              and reaching[1] > clock.now())
    assert reached and sim.on_table == []


def test_simulated_winners_may_lead_on_their_own_card_before_the_trick_is_taken_in(tmp_path: Path) -> None:
    # tafel bench table --lead-on-trick: the device closed the first trick, and its winner
    # lays the lead on the card they played, the rest of the trick still lying; the old
    # trick is taken in once the device has the lead.
    table, sim, clock, _ = build(tmp_path)
    sim.lead_on_trick = True
    play_until(table, sim, clock, 5)
    winner, lead = sim.plays[4]
    own = next(p for p in sim._under if p.seat == winner)
    laid = sim.on_table[-1]
    assert [p.card for p in sim._under] == [c for _, c in sim.plays[:4]] and laid.card == lead
    assert abs(laid.x - own.x) <= 4 and abs(laid.y - own.y) <= 4
    assert table.game.hand.tricks[0].winner == winner  # type: ignore[attr-defined]
    while sim._under:
        sim.act(table.game, table.status)
        table.step()
        clock.advance(0.05)
    hand = table.game.hand  # type: ignore[attr-defined]
    assert hand.current_trick is not None and list(hand.current_trick.cards) == [lead]
    assert [p.card for p in sim.on_table] == [lead]
    run_hands(table, sim, clock, 1)
    device_plays = [(s, c) for t in table.game.hand.tricks for s, c in zip(t.seats, t.cards)]  # type: ignore[attr-defined]
    assert device_plays == sim.plays[:32]


def test_unsure_cards_are_asked_and_confirmed(tmp_path: Path) -> None:
    table, sim, clock, panel = build(tmp_path, unsure={0, 5}, wrong={2})
    asked = []
    for _ in range(3000):
        sim.act(table.game, table.status)
        table.step()
        if table.status.question is not None:
            asked.append((table.status.question.seat, table.status.question.card))
        clock.advance(0.05)
        if len(sim.plays) >= 8 and not table.status.question:
            break
    device_plays = [(s, c) for h in table.game.hands for t in h.tricks for s, c in zip(t.seats, t.cards)]  # type: ignore[attr-defined]
    assert device_plays == sim.plays[: len(device_plays)] and len(device_plays) >= 6
    assert len({q for q in asked}) >= 3  # three cards were asked about, one with a wrong first guess


def _table_stepped_until(tmp_path: Path, ready: Callable[[Table], bool]) -> Table:
    """A simulated table, its players acting, stepped until ``ready``."""
    table, sim, clock, _ = build(tmp_path)
    while not ready(table):
        sim.act(table.game, table.status)
        table.step()
        clock.advance(0.05)
    return table


def _table_in_play(tmp_path: Path) -> Table:
    """A simulated table stepped until its first hand is dealt and bid (the first play is next)."""
    return _table_stepped_until(tmp_path, lambda t: getattr(t.game, "hand", None) is not None)


def test_an_unsure_card_offers_its_rank_in_the_other_suit_of_its_colour_next(tmp_path: Path) -> None:
    # The reader's commonest doubt: a club or a spade (a heart or a diamond) whose index
    # pip is a few pixels across. One NEXT press reaches that card.
    table = _table_in_play(tmp_path)
    seat = table.game.hand.to_move()  # type: ignore[attr-defined]
    table.table_event(CardPlaced(seat, "KS", 0.6))
    assert table.status.question is not None and table.status.question.guesses[:2] == ["KS", "KC"]
    table.status.question = None
    table.table_event(CardPlaced(seat, "9D", 0.6, alternatives=("9C",)))
    assert table.status.question is not None and table.status.question.guesses[:3] == ["9D", "9C", "9H"]


def test_a_correction_of_a_card_being_asked_offers_the_likelier_card_first(tmp_path: Path) -> None:
    table, _, _, _ = build(tmp_path)
    table.status.question = Question("S", ["7C", "8C", "AS", "KH"], 0.5)
    table.table_event(CardCorrected("S", "7C", "AS", 0.4))
    assert table.status.question.guesses == ["AS", "8C", "KH", "7C"] and table.status.question.card == "AS"


def test_a_correction_of_a_recorded_card_tells_the_players(tmp_path: Path) -> None:
    table, _, _, _ = build(tmp_path)
    table.table_event(CardCorrected("W", "QS", None, 0.0))
    assert table.status.message is not None and "W's card was not QS" in table.status.message
    assert table.status.question is None


def _first_trick_closed(tmp_path: Path) -> tuple[Table, SimTable, ManualClock, Any]:
    """A simulated table stepped until the device has closed the first trick, which
    still lies on the table, nobody having led to the next; and the hand."""
    table, sim, clock, _ = build(tmp_path)
    play_until(table, sim, clock, 4)
    hand = table.game.hand  # type: ignore[attr-defined]
    while hand.current_trick is not None:
        table.step()
        clock.advance(0.05)
    return table, sim, clock, hand


def test_a_correction_of_the_winners_card_before_the_next_lead_asks_for_the_lead(tmp_path: Path) -> None:
    # The winner of the trick just closed laid the lead on the card they played, and
    # vision took it for a misreading of that card: the players are asked for the
    # winner's card, the lead first; OK records it as the lead.
    table, sim, _, hand = _first_trick_closed(tmp_path)
    trick = hand.tricks[-1]
    winner = trick.winner
    own = trick.cards[trick.seats.index(winner)]
    lead = sim.held[winner][0]
    loser = next(s for s in trick.seats if s != winner)
    lost = trick.cards[trick.seats.index(loser)]
    table.table_event(CardCorrected(loser, str(lost), str(lead), 1.0))  # not the winner: told
    assert table.status.question is None and f"{loser}'s card was not {lost}" in (table.status.message or "")
    played = next(c for c in trick.cards if c != own)
    table.table_event(CardCorrected(winner, str(own), str(played), 1.0))
    assert table.status.question is None  # a card played already: no lead
    table.table_event(CardCorrected(winner, str(own), str(lead), 1.0))
    assert table.status.question is not None and table.status.question.seat == winner
    assert table.status.question.card == str(lead)
    told: list[tuple[str, str]] = []
    table.watcher.lead_entered = lambda seat, card: told.append((seat, card))  # type: ignore[attr-defined]
    table.inputs.post(Press("ok"))
    table.step()
    assert hand.current_trick is not None and list(hand.current_trick.cards) == [lead]
    assert told == [(winner, str(lead))]  # vision's tracker closes the trick it still had


def test_simulated_players_asked_for_a_lead_not_laid_yet_say_so(tmp_path: Path) -> None:
    # The same question when vision misread the winner's card after the trick closed: the
    # winner has laid nothing new. The simulated players pressed NEXT for ever, looking
    # among the guesses for the card they played to the old trick (a `tafel bench table`
    # run on the checked cloth stood still twenty minutes); they press UNDO, as players
    # would, and the hand goes on.
    table, sim, clock, hand = _first_trick_closed(tmp_path)
    trick = hand.tricks[-1]
    own = trick.cards[trick.seats.index(trick.winner)]
    table.table_event(CardCorrected(trick.winner, str(own), str(sim.held[trick.winner][0]), 1.0))
    assert table.status.question is not None
    presses = sim.play_presses
    run_hands(table, sim, clock, 1)
    assert sim.play_presses == presses + 1
    device_plays = [(s, c) for t in table.game.hand.tricks for s, c in zip(t.seats, t.cards)]  # type: ignore[attr-defined]
    assert device_plays == sim.plays[:32]


def _table_at_first_play(tmp_path: Path) -> Table:
    """A simulated table stepped until trump is chosen, before the first card is played."""
    table = _table_stepped_until(
        tmp_path, lambda t: getattr(getattr(getattr(t.game, "hand", None), "phase", None), "value", None) == "play")
    assert not table.game.hand.tricks  # type: ignore[attr-defined]
    return table


def test_a_card_vision_could_not_read_and_reads_clearly_later_is_played(tmp_path: Path) -> None:
    # Asked of the players (it read only as cards already played), it then reads clearly
    # as a card not played: that is the card, recorded with no press.
    table = _table_at_first_play(tmp_path)
    hand = table.game.hand  # type: ignore[attr-defined]
    seat = hand.to_move()
    card, other = table._guesses(seat, None)[5:7]  # no card is played yet: any of them
    table.table_event(CardPlaced(seat, None, 0.0, alternatives=("JS",)))
    assert table.status.question is not None
    table.table_event(CardCorrected(seat, None, card, 0.97))
    assert table.status.question is None
    assert (hand.tricks[-1].seats[-1], str(hand.tricks[-1].cards[-1])) == (seat, card)
    # Read again so, nothing more happens; read as another card, the players are told.
    played = len(table.game.events)
    table.table_event(CardCorrected(seat, None, card, 0.97))
    assert len(table.game.events) == played and table.status.message is None
    table.table_event(CardCorrected(seat, None, other, 0.97))
    assert table.status.message == f"{seat}'s card reads as {other}, not {card}: check it (UNDO to fix)"
    assert len(table.game.events) == played


def _table_after_first_trick(tmp_path: Path) -> Table:
    """A simulated table whose first trick the camera read surely, card by card (not yet
    gathered)."""
    table = _table_at_first_play(tmp_path)
    hand = table.game.hand  # type: ignore[attr-defined]
    for _ in range(4):
        seat = hand.to_move()
        table.table_event(CardPlaced(seat, table._guesses(seat, None)[3], 0.97))
    assert len(hand.tricks) == 1 and len(hand.tricks[0].cards) == 4
    return table


def test_a_lead_vision_could_not_read_is_played_when_read_though_its_seat_played_last_trick(
        tmp_path: Path) -> None:
    # The winner of the first trick leads a card vision cannot name; read clearly later, it
    # is the lead of the second trick, not a correction of the winner's card in the first.
    table = _table_after_first_trick(tmp_path)
    hand = table.game.hand  # type: ignore[attr-defined]
    leader = hand.to_move()
    assert leader in hand.tricks[0].seats
    card = table._guesses(leader, None)[3]
    table.table_event(CardPlaced(leader, None, 0.0))
    table.table_event(CardCorrected(leader, None, card, 0.97))
    assert table.status.question is None and table.status.message is None
    assert len(hand.tricks) == 2 and (hand.tricks[1].seats, [str(c) for c in hand.tricks[1].cards]) == ([leader], [card])


def test_a_card_read_at_last_is_compared_with_the_trick_that_lies_on_the_table(tmp_path: Path) -> None:
    # A card named late in a closed trick still on the table is checked against what the
    # players named for it; once the trick is gathered, a card laid out of turn with no
    # value and named later is a new card, not that seat's card of the gathered trick.
    table = _table_after_first_trick(tmp_path)
    hand = table.game.hand  # type: ignore[attr-defined]
    leader = hand.to_move()
    other = next(s for s in hand.tricks[0].seats if s != leader)
    named = str(hand.tricks[0].cards[hand.tricks[0].seats.index(other)])
    card = table._guesses(other, None)[3]
    table.table_event(CardCorrected(other, None, card, 0.97))
    assert table.status.message == f"{other}'s card reads as {card}, not {named}: check it (UNDO to fix)"
    table.status.message = None
    table.table_event(TrickGathered())
    table.table_event(CardPlaced(other, None, 0.0))
    assert table.status.message == f"{other}'s card could not be read"
    played = len(table.game.events)
    table.table_event(CardCorrected(other, None, card, 0.97))
    assert table.status.message is not None and table.status.message.startswith(f"{other} played {card} out of turn")
    assert len(table.game.events) == played


def test_a_trick_reopened_by_undo_lies_on_the_table_again(tmp_path: Path) -> None:
    # Gathered, then its last card taken back and played again: the trick lies on the
    # table, and a card of it named late is checked against it.
    table = _table_after_first_trick(tmp_path)
    hand = table.game.hand  # type: ignore[attr-defined]
    table.table_event(TrickGathered())
    last = table.game.events[-1]
    table.undo()
    table.record(last)
    hand = table.game.hand  # type: ignore[attr-defined]
    first, named = hand.tricks[0].seats[0], str(hand.tricks[0].cards[0])
    card = table._guesses(first, None)[3]
    table.table_event(CardCorrected(first, None, card, 0.97))
    assert table.status.message == f"{first}'s card reads as {card}, not {named}: check it (UNDO to fix)"


def test_a_card_vision_could_not_read_and_reads_unsurely_later_is_offered_first(tmp_path: Path) -> None:
    table = _table_at_first_play(tmp_path)
    hand = table.game.hand  # type: ignore[attr-defined]
    seat = hand.to_move()
    card = table._guesses(seat, None)[-1]
    table.table_event(CardPlaced(seat, None, 0.0, alternatives=("JS",)))
    played = len(table.game.events)
    table.table_event(CardCorrected(seat, None, card, 0.6))
    question = table.status.question
    assert question is not None and question.seat == seat and question.card == card
    assert len(table.game.events) == played


def test_a_verzaking_buzzes_and_takes_over_the_screen_until_ok(tmp_path: Path) -> None:
    table, sim, clock, panel = build(tmp_path, seed=3, verzaak_rate=0.2)
    alerts = 0
    for _ in range(20000):
        sim.act(table.game, table.status)
        before = table.status.alert
        table.step()
        if table.status.alert is not None and before is None:
            alerts += 1
        clock.advance(0.05)
        if alerts and table.status.alert is None and panel.buzzes:
            break
    assert alerts >= 1 and panel.buzzes == alerts
    hand = table.game.hands[0]  # type: ignore[attr-defined]
    assert hand.violations and hand.score().result == "verzaakt"


def test_undo_button_and_serial_undo_step_back_in_game_and_journal(tmp_path: Path) -> None:
    table, sim, clock, _ = build(tmp_path)
    play_until(table, sim, clock, 3)
    table.step()
    events = len(table.game.events)
    table.inputs.post(Press("undo"))
    table.step()
    assert len(table.game.events) == events - 1
    assert len(table.journal.events(table.match_id)) == events  # + the match event
    table.inputs.post(SerialCommand("undo"))
    table.step()
    assert len(table.game.events) == events - 2


def test_a_card_the_engine_refuses_is_not_recorded(tmp_path: Path) -> None:
    table, sim, clock, _ = build(tmp_path)
    play_until(table, sim, clock, 1)
    table.step()
    seat, card = sim.plays[0]
    before = len(table.game.events)
    table.table_event(CardPlaced("N" if seat != "N" else "E", str(card), 0.99))  # seen twice
    assert len(table.game.events) == before and "already played" in (table.status.message or "")


def test_an_unfinished_match_is_resumed(tmp_path: Path) -> None:
    table, sim, clock, _ = build(tmp_path)
    play_until(table, sim, clock, 5)
    report = table.game.report()
    table.journal.close()
    journal = Journal(tmp_path / "journal.sqlite")
    game, match_id, resumed = start_or_resume(journal, MatchStart("klaverjassen", {}), random.Random(0))
    assert resumed and match_id == table.match_id and game.report() == report


class LostCamera:
    def read(self) -> np.ndarray:
        from device.sources import CameraError

        raise CameraError("camera v4l2:/dev/video0: no frames from the camera")


def test_a_lost_camera_is_shown_and_the_table_goes_on(tmp_path: Path) -> None:
    table, _, _, panel = build(tmp_path)
    table.camera = LostCamera()
    table.step()
    assert any("camera lost" in p for p in table.status.problems)
    from device.panel import LED_ERROR

    assert panel.led == LED_ERROR


def test_hold_next_for_the_menu_and_start_a_new_match(tmp_path: Path) -> None:
    table, sim, clock, _ = build(tmp_path)
    first = table.match_id
    table.inputs.post(Press("next", long=True))
    table.step()
    assert table.status.menu is not None and table.status.menu.title == "Menu"
    for button in ("next", "ok"):  # Rule options
        table.inputs.post(Press(button))
    table.inputs.post(Press("ok"))  # variant -> amsterdam
    table.inputs.post(Press("undo"))  # back to the main page
    for button in ("next", "next", "next", "ok"):  # New match
        table.inputs.post(Press(button))
    table.step()
    assert table.status.menu is None and table.match_id != first
    assert table.game.match.rules == {"variant": "amsterdam"}
    assert table.journal.unfinished() == table.match_id
    exported = table.journal.export(table.match_id)
    assert '"variant": "amsterdam"' in exported.splitlines()[0]


def test_rikken_bids_on_the_buttons_without_open_miserie(tmp_path: Path) -> None:
    clock, inputs = ManualClock(), InputQueue()
    journal = Journal(tmp_path / "journal.sqlite")
    game, match_id, _ = start_or_resume(journal, MatchStart("rikken", {}), random.Random(1))
    table = Table(game, journal, match_id, clock, inputs, dealer="W")
    inputs.post(Press("ok"))  # deal
    table.step()
    question = table.status.question
    assert question is not None and question.kind == "turn" and question.seat == "W"
    while table.status.question is not None and table.status.question.card != "9H":
        inputs.post(Press("next", long=table.status.question.card[-1] != "H"))
        table.step()
    inputs.post(Press("ok"))
    table.step()
    assert table.game.hand.turned == Card.parse("9H")  # type: ignore[attr-defined]
    bid = table.status.bid
    assert bid is not None and bid.current == ("N", "pas")
    offered = [call for _, call in bid.options]
    assert "vraag" in offered and "miserie" in offered and "open miserie" not in offered
    assert ("E", "troel") in bid.options
    inputs.post(Press("next"))  # vraag
    inputs.post(Press("ok"))
    table.step()
    assert [(s, str(c)) for s, c in table.game.hand.auction.calls] == [("N", "vraag")]  # type: ignore[attr-defined]
    assert table.status.bid is not None and table.status.bid.current[0] == "E"


def test_the_watcher_passes_a_tracker_correction_on() -> None:
    from device.watcher import VisionWatcher
    from vision.tracker import CardEvent

    class Tracker:
        def process(self, frame: np.ndarray, now: float | None = None) -> list[CardEvent]:
            return [CardEvent("card_corrected", 12, Card.parse("AS"), 1, 0.4, cards=(Card.parse("7S"),))]

    watcher = VisionWatcher(None)
    watcher.tracker = Tracker()
    assert watcher.watch(np.zeros((4, 4, 3), np.uint8), 0.0) == [CardCorrected("W", "7S", "AS", 0.4)]


def test_the_watcher_passes_on_a_card_read_at_last() -> None:
    from device.watcher import VisionWatcher
    from vision.tracker import CardEvent

    class Tracker:
        def process(self, frame: np.ndarray, now: float | None = None) -> list[CardEvent]:
            return [CardEvent("card_corrected", 12, Card.parse("JD"), 3, 0.95)]

    watcher = VisionWatcher(None)
    watcher.tracker = Tracker()
    assert watcher.watch(np.zeros((4, 4, 3), np.uint8), 0.0) == [CardCorrected("E", None, "JD", 0.95)]


def test_a_trick_out_of_the_cameras_view_or_left_for_the_next_deal_is_not_played_again() -> None:
    # Vision keeping up with a 30 fps camera: the whole trick hidden for 0.4 s (an arm
    # reaching over the middle) is not gathered, and seen again, not played again.
    from device.simtable import SEAT_SPOTS
    from device.watcher import VisionWatcher
    from vision.synth import PlacedCard, render_table

    def table_with(*cards: tuple[str, str]) -> np.ndarray:
        placed = [PlacedCard(Card.parse(c), *SEAT_SPOTS[seat]) for seat, c in cards]
        return render_table(placed, seed=5)[0]

    watcher = VisionWatcher(None, 32)
    assert watcher.calibrate(table_with(("N", "AS"), ("E", "KH"), ("S", "QD"), ("W", "JC"))).startswith("calibrated")
    watcher.new_deal()  # the calibration cards are taken away
    clock = iter(k / 30 for k in range(1000))

    def watched(frames: int, frame: np.ndarray) -> list[TableEvent]:
        return [e for _ in range(frames) for e in watcher.watch(frame, next(clock))]

    trick = [("E", "7H"), ("S", "AH"), ("W", "8H"), ("N", "TS")]
    events = [e for i in range(4) for e in watched(8, table_with(*trick[: i + 1]))]
    assert [(e.seat, e.card) for e in events if isinstance(e, CardPlaced)] == trick
    empty, whole = table_with(), table_with(*trick)
    assert watched(12, empty) == []
    assert watched(8, whole) == []
    assert watched(30, empty) == [TrickGathered()]
    # Hidden longer (an arm resting there a second) it counted as gathered; seen again it
    # is the same trick, not four cards to name, and it is not gathered twice.
    assert watched(8, whole) == []
    assert watched(30, empty) == []
    # The next hand dealt (OK pressed) before the players took in the last trick: its
    # cards are no plays of the new deal, before or after they are taken in.
    assert watched(8, whole) == []
    watcher.new_deal()
    # (A frame that changed is read again: the dealer takes the trick in card by card.)
    assert watched(8, whole) == [] and watched(8, table_with(*trick[1:])) == [] and watched(30, empty) == []
    assert watched(8, table_with(("E", "8H"))) == [CardPlaced("E", "8H", pytest.approx(1.0, abs=0.01))]


def test_a_card_vision_could_not_read_is_asked_of_the_players(tmp_path: Path) -> None:
    # The tracker saw a card come to rest that read only as cards already played (a JD
    # read as the JS gathered tricks before): the players name it, as with NEXT.
    table = _table_in_play(tmp_path)
    seat = table.game.hand.to_move()  # type: ignore[attr-defined]
    played = len(table.game.events)
    table.table_event(CardPlaced(seat, None, 0.0, alternatives=("JS",)))
    question = table.status.question
    assert question is not None and question.seat == seat and question.kind == "play"
    assert len(table.game.events) == played  # nothing recorded until the players say
    # What vision read first (no card is played yet), then every other card once.
    assert question.guesses[0] == "JS" and len(set(question.guesses)) == len(question.guesses) == 32
    other = next(s for s in ("N", "E", "S", "W") if s != seat)
    table.status.question = None
    table.table_event(CardPlaced(other, None, 0.0))
    assert table.status.question is None and table.status.message == f"{other}'s card could not be read"
