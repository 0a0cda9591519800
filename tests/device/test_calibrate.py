"""Calibrating the camera at the table: the menu item opens a live calibration screen,
the cards laid out are found in the simulated table's frames by vision, OK calibrates.
Buttons come in through the one input queue, as GPIO edges or presses."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # before pygame starts: no window
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402
from gpiozero.pins.mock import MockFactory  # noqa: E402

from device.clock import ManualClock  # noqa: E402
from device.inputs import InputQueue, Press  # noqa: E402
from device.journal import Journal  # noqa: E402
from device.panel import Panel, PanelPins  # noqa: E402
from device.screen_status import to_display  # noqa: E402
from device.simtable import SEAT_SPOTS, TRUMP_SPOT, SimTable  # noqa: E402
from device.sources import SyntheticSource  # noqa: E402
from device.table import Table, start_or_resume  # noqa: E402
from device.watcher import VisionWatcher  # noqa: E402
from engine.cards import Card  # noqa: E402
from engine.events import MatchStart  # noqa: E402
from vision.calibration import TableCalibration  # noqa: E402

# Where the simulated table's cards lie in its 1280x720 frame (vision's detections, rounded).
CENTRES = {"N": (640, 218), "E": (808, 360), "S": (640, 500), "W": (470, 360)}
MIDDLE = (640, 360)


class StillCamera:
    """A camera over a table where nothing moves: the same frame every time."""

    def __init__(self, frame: np.ndarray) -> None:
        self.frame = frame

    def read(self) -> np.ndarray:
        return self.frame


def three_cards() -> np.ndarray:
    """The calibration cards with S's missing."""
    from vision.synth import PlacedCard, render_table

    cards = [PlacedCard(Card.parse(text), x, y, angle)
             for text, (seat, (x, y, angle)) in zip(("AS", "KH", "JC"), [i for i in SEAT_SPOTS.items() if i[0] != "S"])]
    frame, _ = render_table(cards, seed=0)
    return frame


def sim_table(tmp_path: Path) -> tuple[SimTable, ManualClock, InputQueue]:
    clock, inputs = ManualClock(), InputQueue()
    return SimTable(random.Random(2), inputs, clock, pace=0.2), clock, inputs


def build(tmp_path: Path, camera: object, clock: ManualClock, inputs: InputQueue,
          watcher: VisionWatcher | None = None) -> Table:
    journal = Journal(tmp_path / "journal.sqlite")
    game, match_id, _ = start_or_resume(journal, MatchStart("klaverjassen", {}), random.Random(1))
    watcher = watcher or VisionWatcher(None, 32, save_to=tmp_path / "calibration.json")
    return Table(game, journal, match_id, clock, inputs, watcher=watcher, camera=camera, dealer="W")


def steps(table: Table, clock: ManualClock, n: int, sim: SimTable | None = None) -> None:
    for _ in range(n):
        if sim is not None:
            sim.act(table.game, table.status)
        table.step()
        clock.advance(0.05)


def press(table: Table, clock: ManualClock, button: str, long: bool = False) -> None:
    table.inputs.post(Press(button, long))
    steps(table, clock, 1)


def open_calibration(table: Table, clock: ManualClock) -> None:
    """Hold NEXT for the menu, NEXT twice to "Calibrate the camera", OK."""
    press(table, clock, "next", long=True)
    assert table.status.menu is not None
    press(table, clock, "next")
    press(table, clock, "next")
    assert table.status.menu.items[table.status.menu.selected] == "Calibrate the camera"
    press(table, clock, "ok")


def near(point: tuple[float, float], expected: tuple[float, float]) -> bool:
    return abs(point[0] - expected[0]) < 12 and abs(point[1] - expected[1]) < 12


def test_the_menu_item_opens_the_calibration_screen_with_a_live_preview(tmp_path: Path) -> None:
    sim, clock, inputs = sim_table(tmp_path)
    table = build(tmp_path, SyntheticSource(sim.frame), clock, inputs)
    open_calibration(table, clock)
    view = table.status.calibration
    assert table.status.menu is None and view is not None
    assert "in front of each seat" in view.instruction and "trump" in view.instruction
    assert view.hint == "OK: calibrate · UNDO: back to the menu · NEXT: skip"
    assert table.status.problems == []  # "not calibrated" is no news here
    # The simulated players lay a card in front of each seat; the screen follows the camera.
    steps(table, clock, 12, sim)
    view = table.status.calibration
    assert view is not None and sorted(view.seats_done) == ["E", "N", "S", "W"] and not view.trump_found
    assert view.instruction.startswith("Every seat's card is found: press OK")
    assert view.preview is not None and view.preview.shape[1] == 400
    # What the display gets: the calibration screen, the preview as a surface, drawn.
    shown = to_display(table.status, table.game)
    assert shown.calibration is not None and isinstance(shown.calibration.preview, pygame.Surface)
    assert shown.calibration.seats_done == view.seats_done
    from display.render import choose_screen, render
    from display.status import Screen

    assert choose_screen(table.game, shown) is Screen.CALIBRATION
    pygame.font.init()
    render(pygame.Surface((800, 480)), table.game, shown)


def test_ok_calibrates_saves_and_the_tracker_uses_it(tmp_path: Path) -> None:
    sim, clock, inputs = sim_table(tmp_path)
    table = build(tmp_path, SyntheticSource(sim.frame), clock, inputs)
    open_calibration(table, clock)
    steps(table, clock, 12, sim)
    events_before = list(table.game.events)
    press(table, clock, "ok")
    assert table.status.calibration is None and table.calibrating is None
    assert table.status.message == "calibrated: the seats are known; take the cards away"
    assert table.game.events == events_before  # the cards laid out were never plays
    tracker = table.watcher.tracker  # type: ignore[union-attr]
    assert tracker is not None and tracker.calibration.trump_zone is None
    saved = TableCalibration.load(tmp_path / "calibration.json")
    for k, seat in enumerate(("S", "W", "N", "E")):  # vision's seats: bottom, then clockwise on screen
        assert saved.seat_of(CENTRES[seat]) == k
    # The cards laid out still lie there a moment: the new tracker sees them, but they are
    # not cards played (nor refused as such, which would hide the message).
    steps(table, clock, 10)
    assert table.status.message == "calibrated: the seats are known; take the cards away"
    assert table.game.events == events_before
    # The players take them away, deal and play: the camera now follows the game.
    for _ in range(400):
        steps(table, clock, 1, sim)
        if len(sim.plays) >= 3:
            break
    steps(table, clock, 20)  # the camera catches up with the last card
    assert not sim.calibrating
    hands = table.game.hands  # type: ignore[attr-defined]
    played = [(s, c) for h in hands for t in h.tricks for s, c in zip(t.seats, t.cards)]
    assert len(played) >= 3 and played == sim.plays[:len(played)]


def test_a_fifth_card_between_the_seats_sets_the_trump_zone(tmp_path: Path) -> None:
    sim, clock, inputs = sim_table(tmp_path)
    table = build(tmp_path, StillCamera(sim.calibration_frame(trump=True)), clock, inputs)
    open_calibration(table, clock)
    steps(table, clock, 6)
    view = table.status.calibration
    assert view is not None and sorted(view.seats_done) == ["E", "N", "S", "W"] and view.trump_found
    assert view.instruction.startswith("Every seat's card and the trump card's place are found")
    press(table, clock, "ok")
    assert table.status.calibration is None
    assert table.status.message == "calibrated: the seats and the trump card's place are known; take the cards away"
    calibration = table.watcher.tracker.calibration  # type: ignore[union-attr]
    assert calibration.trump_zone is not None
    assert calibration.in_trump_zone(MIDDLE) and calibration.seat_of(MIDDLE) is None
    assert not any(calibration.in_trump_zone(c) for c in CENTRES.values())
    assert [calibration.seat_of(CENTRES[s]) for s in ("S", "W", "N", "E")] == [0, 1, 2, 3]
    assert TableCalibration.load(tmp_path / "calibration.json").trump_zone is not None
    assert TRUMP_SPOT[1:3] == (0.0, 0.0)  # the middle of the table, where MIDDLE is in the frame


def test_ok_with_a_seat_missing_says_so_in_one_line_and_changes_nothing(tmp_path: Path) -> None:
    sim, clock, inputs = sim_table(tmp_path)
    watcher = VisionWatcher(None, 32, save_to=tmp_path / "calibration.json")
    assert watcher.calibrate(sim.calibration_frame()).startswith("calibrated")
    tracker, saved = watcher.tracker, (tmp_path / "calibration.json").read_text()
    table = build(tmp_path, StillCamera(three_cards()), clock, inputs, watcher)
    open_calibration(table, clock)
    steps(table, clock, 6)
    view = table.status.calibration
    assert view is not None and sorted(view.seats_done) == ["E", "N", "W"]  # S's card is missing
    press(table, clock, "ok")
    message = table.status.message
    assert message is not None and "\n" not in message
    assert message.startswith("calibration: expected one card in front of each of 4 seats") and "found 3" in message
    assert table.status.calibration is not None  # still calibrating: lay the missing card
    assert watcher.tracker is tracker and (tmp_path / "calibration.json").read_text() == saved


def test_undo_goes_back_to_the_menu_and_next_skips_without_calibrating(tmp_path: Path) -> None:
    sim, clock, inputs = sim_table(tmp_path)
    table = build(tmp_path, StillCamera(sim.calibration_frame()), clock, inputs)
    open_calibration(table, clock)
    steps(table, clock, 6)
    assert table.status.calibration is not None and len(table.status.calibration.seats_done) == 4
    press(table, clock, "undo")
    menu = table.status.menu
    assert table.status.calibration is None and menu is not None
    assert menu.items[menu.selected] == "Calibrate the camera"  # OK again to come back
    press(table, clock, "ok")
    assert table.status.calibration is not None
    press(table, clock, "next", long=True)  # a held button chooses nothing here
    assert table.status.calibration is not None and table.status.menu is None
    press(table, clock, "next")
    assert table.status.calibration is None and table.status.menu is None
    assert table.status.message == "calibration skipped: nothing changed"
    assert table.watcher.tracker is None and not (tmp_path / "calibration.json").exists()  # type: ignore[union-attr]


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    f = MockFactory()
    yield f
    f.reset()


def test_the_gpio_buttons_calibrate_through_the_input_queue(tmp_path: Path, factory: MockFactory) -> None:
    sim, clock, inputs = sim_table(tmp_path)
    table = build(tmp_path, StillCamera(sim.calibration_frame(trump=True)), clock, inputs)
    panel = Panel(PanelPins(), inputs, clock, factory)
    pins = PanelPins()

    def push(pin: int, hold: float = 0.1) -> None:
        factory.pin(pin).drive_low()  # pull-up: low is pressed; gpiozero's thread only posts the edge
        steps(table, clock, max(1, round(hold / 0.05)))
        factory.pin(pin).drive_high()
        steps(table, clock, 2)

    try:
        push(pins.next, hold=1.0)  # held: the menu
        push(pins.next)
        push(pins.next)
        push(pins.ok)
        assert table.status.calibration is not None
        steps(table, clock, 6)
        push(pins.ok)
        assert table.status.calibration is None
        assert table.watcher.tracker.calibration.in_trump_zone(MIDDLE)  # type: ignore[union-attr]
    finally:
        panel.close()


@pytest.mark.parametrize("cloth", ["light_wood", "beige", "green_felt", "dark_wood"])
def test_the_simulated_table_is_calibrated_with_the_right_seats(cloth: str) -> None:
    # Its bottom card lies a hair right of the middle on most cloths, where the seats
    # once came out turned by one: every card the camera saw was then refused as out
    # of turn and the simulated players entered them all by hand.
    sim = SimTable(random.Random(2), InputQueue(), ManualClock(), table=cloth)
    watcher = VisionWatcher(None, 32)
    assert watcher.calibrate(sim.calibration_frame()).startswith("calibrated")
    calibration = watcher.tracker.calibration  # type: ignore[attr-defined]
    assert [calibration.seat_of(CENTRES[s]) for s in ("S", "W", "N", "E")] == [0, 1, 2, 3]


def test_the_watcher_passes_on_what_else_a_placed_card_was_read_as() -> None:
    # The tracker's other readings of a card become the question's next guesses.
    from vision.tracker import CardEvent

    class OneEvent:
        def process(self, frame: np.ndarray, now: float | None = None) -> list[CardEvent]:
            return [CardEvent("card_placed", 7, Card.parse("KS"), 0, 0.6, alternatives=(Card.parse("KC"),))]

    watcher = VisionWatcher(None, 32)
    watcher.tracker = OneEvent()
    (placed,) = watcher.watch(np.zeros((8, 8, 3), np.uint8), 0.0)
    assert (placed.card, placed.alternatives) == ("KS", ("KC",))  # type: ignore[union-attr]


def calibrating_with_camera(tmp_path: Path, size: tuple[int, int], px_per_mm: float) -> tuple[Table, ManualClock]:
    """The calibration screen open over the seats' calibration cards, seen by a camera of
    ``size`` from a height that makes ``px_per_mm``; every seat's card found."""
    from vision.synth import Camera, PlacedCard, render_table

    _, clock, inputs = sim_table(tmp_path)
    cards = [PlacedCard(Card.parse(text), x, y, angle)
             for text, (x, y, angle) in zip(("AS", "KH", "QD", "JC"), SEAT_SPOTS.values())]
    frame, _ = render_table(cards, seed=0, camera=Camera(size, px_per_mm))
    table = build(tmp_path, StillCamera(frame), clock, inputs)
    open_calibration(table, clock)
    steps(table, clock, 6)
    view = table.status.calibration
    assert view is not None and sorted(view.seats_done) == ["E", "N", "S", "W"]
    return table, clock


def test_a_camera_too_far_from_the_table_is_told_while_calibrating(tmp_path: Path) -> None:
    """Cards about 70 pixels wide are found and calibrate, but read less surely: the screen
    says so while the players can still move the camera, and OK says it again."""
    table, clock = calibrating_with_camera(tmp_path, (1280, 720), 1.1)
    view = table.status.calibration
    assert view is not None
    assert view.note is not None and view.note.startswith("The cards look 6") and "nearer" in view.note
    shown = to_display(table.status, table.game)
    assert shown.calibration is not None and shown.calibration.note == view.note
    press(table, clock, "ok")
    message = table.status.message
    assert table.status.calibration is None and message is not None and "\n" not in message
    assert message.startswith("calibrated, but the cards look small (6") and message.endswith(
        "bring the camera nearer, calibrate again")
    assert table.watcher.tracker is not None  # type: ignore[union-attr]


def test_a_camera_near_enough_gives_no_warning(tmp_path: Path) -> None:
    sim, clock, inputs = sim_table(tmp_path)
    table = build(tmp_path, StillCamera(sim.calibration_frame()), clock, inputs)
    open_calibration(table, clock)
    steps(table, clock, 6)
    view = table.status.calibration
    assert view is not None and sorted(view.seats_done) == ["E", "N", "S", "W"] and view.note is None


def test_a_larger_camera_frame_is_judged_as_the_tracker_will_read_it(tmp_path: Path) -> None:
    """A 1920x1080 camera: reduced whole, its cards would look 67 pixels wide, but the
    tracker reads the play area at full size, where they are 100: no warning."""
    from vision.calibration import too_narrow

    table, clock = calibrating_with_camera(tmp_path, (1920, 1080), 1.6)
    view, calibrating = table.status.calibration, table.calibrating
    assert view is not None and calibrating is not None and calibrating.frame is not None
    assert too_narrow(calibrating.cards, calibrating.frame.shape) is not None  # the whole frame, reduced
    assert view.note is None
    press(table, clock, "ok")
    assert table.status.message == "calibrated: the seats are known; take the cards away"


def test_a_calibration_of_another_frame_size_is_not_used(tmp_path: Path) -> None:
    """The camera's frame size changed since calibrating ([camera] size): the saved
    calibration's pixels are the old frames', so nothing is reported, and the screen asks
    for a new calibration, which then works."""
    from vision.synth import Camera, PlacedCard, render_table

    sim, _, _ = sim_table(tmp_path)
    path = tmp_path / "calibration.json"
    first = VisionWatcher(None, 32, save_to=path)
    assert first.calibrate(sim.calibration_frame()).startswith("calibrated")
    assert TableCalibration.load(path).frame_size == (1280, 720)
    watcher = VisionWatcher.from_calibration(path)
    assert watcher.problem is None and watcher.watch(sim.calibration_frame(), 0.0) == [] and watcher.problem is None
    cards = [PlacedCard(Card.parse(text), x, y, angle)
             for text, (x, y, angle) in zip(("AS", "KH", "QD", "JC"), SEAT_SPOTS.values())]
    large, _ = render_table(cards, seed=0, camera=Camera((1920, 1080), 1.6))
    assert watcher.watch(large, 0.1) == []
    assert watcher.problem == "camera calibrated at 1280x720, it now gives 1920x1080: calibrate again"
    assert watcher.calibrate(large).startswith("calibrated")
    assert watcher.problem is None and TableCalibration.load(path).frame_size == (1920, 1080)


def test_an_answer_older_than_the_cards_shown_is_dropped() -> None:
    # Vision's thread was asked about one frame; OK then looked at a newer one on the
    # spot. The thread's answer, coming after, must not put the older cards back.
    from device.calibrating import Calibrating

    calibrating = Calibrating()
    old, new = np.zeros((8, 8, 3), np.uint8), np.ones((8, 8, 3), np.uint8)
    calibrating.seen(old)
    assert calibrating.wants_look(0.0)
    calibrating.asked(old, 0.0)
    assert not calibrating.wants_look(1.0)  # asked already: the answer is awaited
    calibrating.seen(new)
    calibrating.looked(new, ["newer"], 1.0)
    calibrating.answered(old, ["older"], 1.1)
    assert calibrating.cards == ["newer"] and calibrating.up_to_date()
