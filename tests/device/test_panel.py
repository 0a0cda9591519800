"""Buttons, LED and buzzer on mock GPIO pins, with a manual clock."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from device.clock import ManualClock
from device.inputs import ButtonEdge, InputQueue, Press
from device.panel import VERZAAK_BUZZ, ButtonLogic, Panel, PanelPins


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    f = MockFactory()
    yield f
    f.reset()


def presses(logic: ButtonLogic, inputs: InputQueue, clock: ManualClock) -> list[Press]:
    for e in inputs.drain():
        assert isinstance(e, ButtonEdge)
        logic.edge(e)
    return logic.poll(clock.now())


def test_a_short_press_on_the_pin_becomes_one_press(factory: MockFactory) -> None:
    clock, inputs, logic = ManualClock(), InputQueue(), ButtonLogic()
    panel = Panel(PanelPins(), inputs, clock, factory)
    pin = factory.pin(17)
    pin.drive_low()  # pull-up: low is pressed
    clock.advance(0.1)
    assert presses(logic, inputs, clock) == []  # nothing until it is released (could be a long press)
    pin.drive_high()
    clock.advance(0.05)
    assert presses(logic, inputs, clock) == [Press("ok")]
    panel.close()


def test_contact_bounce_is_one_press() -> None:
    logic = ButtonLogic(debounce=0.03)
    for t, level in [(0.0, True), (0.005, False), (0.01, True), (0.012, False), (0.015, True)]:
        logic.edge(ButtonEdge("next", level, t))
    assert logic.poll(0.02) == []  # still bouncing
    logic.edge(ButtonEdge("next", False, 0.2))
    logic.edge(ButtonEdge("next", True, 0.201))
    logic.edge(ButtonEdge("next", False, 0.203))
    assert logic.poll(0.1) == []
    assert logic.poll(0.3) == [Press("next")]
    assert logic.poll(1.0) == []


def test_a_glitch_shorter_than_the_debounce_is_ignored() -> None:
    logic = ButtonLogic(debounce=0.03)
    logic.edge(ButtonEdge("ok", True, 1.0))
    logic.edge(ButtonEdge("ok", False, 1.01))
    assert logic.poll(1.5) == []


def test_holding_gives_one_long_press_and_no_short_one(factory: MockFactory) -> None:
    clock, inputs, logic = ManualClock(), InputQueue(), ButtonLogic(long_press=0.8)
    panel = Panel(PanelPins(), inputs, clock, factory)
    factory.pin(22).drive_low()
    got: list[Press] = []
    for _ in range(20):
        clock.advance(0.1)
        got += presses(logic, inputs, clock)
    factory.pin(22).drive_high()
    clock.advance(0.1)
    got += presses(logic, inputs, clock)
    assert got == [Press("next", long=True)]
    panel.close()


def test_the_buzzer_sounds_the_verzaak_pattern(factory: MockFactory) -> None:
    clock = ManualClock()
    panel = Panel(PanelPins(buzzer=6), InputQueue(), clock, factory)
    pin = factory.pin(6)
    pin.clear_states()
    panel.verzaakt()
    seen = []
    for _ in range(200):
        panel.tick()
        seen.append((round(clock.now(), 2), pin.state))
        clock.advance(0.01)
    # the pin's own record: on, off, on, off, long on, off
    assert [s.state for s in pin.states[1:]] == [True, False, True, False, True, False]
    on_times = [t for t, state in seen if state]
    assert 0.58 < len(on_times) * 0.01 < 0.92  # 0.15 + 0.15 + 0.6 s of sound
    assert sum(seconds for on, seconds in VERZAAK_BUZZ if on) == pytest.approx(0.9)
    panel.close()


def test_the_status_led_blinks_while_a_question_waits(factory: MockFactory) -> None:
    from device.panel import LED_ATTENTION, LED_STEADY

    clock = ManualClock()
    panel = Panel(PanelPins(led=5), InputQueue(), clock, factory)
    pin = factory.pin(5)
    panel.status(LED_STEADY)
    for _ in range(30):
        clock.advance(0.1)
        panel.tick()
    assert pin.state is True
    pin.clear_states()
    panel.status(LED_ATTENTION)
    for _ in range(30):
        clock.advance(0.1)
        panel.tick()
    assert 5 <= len(pin.states[1:]) <= 7  # on and off about every half second, for 3 s
    panel.close()
