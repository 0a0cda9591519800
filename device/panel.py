"""The control panel on GPIO: OK, undo and next buttons, a status LED and a buzzer.

gpiozero drives the pins (its ``MockFactory`` in tests). Button callbacks run in
gpiozero's thread and only post raw edges to the input queue; :class:`ButtonLogic`,
in the main loop, debounces them and tells short from long presses with the
injectable clock. The LED and buzzer patterns are stepped by the main loop's tick, so
they too follow the clock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from device.clock import Clock
from device.inputs import BUTTONS, ButtonEdge, InputQueue, Press

DEBOUNCE_S = 0.03
LONG_PRESS_S = 0.8


@dataclass
class _ButtonState:
    level: bool = False  # raw level, last edge
    changed_at: float = 0.0
    stable: bool = False  # debounced level
    pressed_at: float = 0.0
    long_sent: bool = False


@dataclass
class ButtonLogic:
    """Debounce and long-press, as a pure state machine over edges and time."""

    debounce: float = DEBOUNCE_S
    long_press: float = LONG_PRESS_S
    _states: dict[str, _ButtonState] = field(default_factory=dict)

    _pending: list[Press] = field(default_factory=list)

    def edge(self, edge: ButtonEdge) -> None:
        state = self._states.setdefault(edge.button, _ButtonState())
        if edge.pressed != state.level:
            # A level held long enough before this edge counts even if nobody polled meanwhile.
            self._settle(edge.button, state, edge.at)
            state.level = edge.pressed
            state.changed_at = edge.at

    def poll(self, now: float) -> list[Press]:
        """Presses decided by ``now``: a level counts once it held for ``debounce``."""
        for name, state in self._states.items():
            self._settle(name, state, now)
            if state.stable and not state.long_sent and now - state.pressed_at >= self.long_press:
                state.long_sent = True
                self._pending.append(Press(name, long=True))
        presses, self._pending = self._pending, []
        return presses

    def _settle(self, name: str, s: _ButtonState, now: float) -> None:
        if s.level == s.stable or now - s.changed_at < self.debounce:
            return
        s.stable = s.level
        if s.stable:
            s.pressed_at = s.changed_at
            s.long_sent = False
        elif not s.long_sent:
            self._pending.append(Press(name))


# -- patterns for the LED and buzzer: (on?, seconds) steps ------------------------------

Pattern = Sequence[tuple[bool, float]]
VERZAAK_BUZZ: Pattern = ((True, 0.15), (False, 0.1), (True, 0.15), (False, 0.1), (True, 0.6), (False, 0.0))
CONFIRM_BUZZ: Pattern = ((True, 0.05), (False, 0.0))
LED_STEADY: Pattern = ((True, 1.0),)
LED_ATTENTION: Pattern = ((True, 0.5), (False, 0.5))  # a question waits for the players
LED_ERROR: Pattern = ((True, 0.15), (False, 0.15))  # camera or serial lost


class PatternPlayer:
    """Steps an output through a pattern by the clock; ``repeat`` loops it."""

    def __init__(self, output: Any) -> None:
        self.output = output
        self.pattern: Pattern = ()
        self.started = 0.0
        self.repeat = False

    def play(self, pattern: Pattern, now: float, repeat: bool = False) -> None:
        if repeat and self.repeat and pattern == self.pattern:
            return  # already looping this one
        self.pattern, self.started, self.repeat = pattern, now, repeat
        self.tick(now)

    def stop(self) -> None:
        self.pattern = ()
        self._set(False)

    def tick(self, now: float) -> None:
        if not self.pattern:
            return
        total = sum(seconds for _, seconds in self.pattern)
        elapsed = now - self.started
        if self.repeat and total > 0:
            elapsed %= total
        for on, seconds in self.pattern:
            if elapsed < seconds:
                self._set(on)
                return
            elapsed -= seconds
        self._set(self.pattern[-1][0])
        if not self.repeat:
            self.pattern = ()

    def _set(self, on: bool) -> None:
        if bool(self.output.value) != on:
            self.output.value = on


@dataclass(frozen=True)
class PanelPins:
    ok: int = 17
    undo: int = 27
    next: int = 22
    led: int = 5
    buzzer: int = 6


class Panel:
    """Buttons, LED and buzzer on GPIO. ``pin_factory`` is gpiozero's (a MockFactory in tests)."""

    def __init__(self, pins: PanelPins, inputs: InputQueue, clock: Clock, pin_factory: Any = None) -> None:
        from gpiozero import LED, Button, Buzzer  # imported here: only the device needs GPIO

        self.clock = clock
        self.buttons: dict[str, Any] = {}
        for name in BUTTONS:
            button = Button(getattr(pins, name), pull_up=True, bounce_time=None, pin_factory=pin_factory)
            # Callbacks only post: the main loop debounces and acts.
            button.when_pressed = self._poster(inputs, name, True)
            button.when_released = self._poster(inputs, name, False)
            self.buttons[name] = button
        self.led = PatternPlayer(LED(pins.led, pin_factory=pin_factory))
        self.buzzer = PatternPlayer(Buzzer(pins.buzzer, pin_factory=pin_factory))

    def _poster(self, inputs: InputQueue, name: str, pressed: bool) -> Any:
        clock = self.clock

        def post() -> None:
            inputs.post(ButtonEdge(name, pressed, clock.now()))

        return post

    def verzaakt(self) -> None:
        self.buzzer.play(VERZAAK_BUZZ, self.clock.now())

    def beep(self) -> None:
        self.buzzer.play(CONFIRM_BUZZ, self.clock.now())

    def status(self, pattern: Pattern) -> None:
        self.led.play(pattern, self.clock.now(), repeat=True)

    def tick(self) -> None:
        now = self.clock.now()
        self.led.tick(now)
        self.buzzer.tick(now)

    def close(self) -> None:
        self.led.stop()
        self.buzzer.stop()
        for device in (*self.buttons.values(), self.led.output, self.buzzer.output):
            device.close()
