"""``tafel bench table``: the simulated table in real time, read as a live camera is.

The players lay their cards at their own pace (``SimTable.pace``), whether the camera
keeps up or not; vision reads the frames on its own thread (:class:`WatcherThread`),
letting go of those that come while it reads one, as on the device. ``--slow`` makes
each frame vision reads take that many times its processor time (it sleeps the rest, not
holding the interpreter's lock, as a slower core would take it): a Raspberry Pi 4's core
is about 3-4 times slower than this project's development machine.

It prints how many of the cards laid the camera reported (at the seat that laid them and
with their value), how long after they were laid, how many the players had to enter or
undo with the buttons, how many buttons they pressed answering the device's questions,
and how long the screen took to draw meanwhile. The players can be made to take tricks
at once (``--take-after``), lean over a complete trick (``--lean``) or deal the next
hand before taking in the last trick (``--last-trick-left``). There is no
target: the figures are for comparing, and for seeing what a slower machine costs.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from device.table import CardPlaced, TableEvent

__all__ = ["SlowedWatcher", "TableFigures", "bench_table", "main"]


class SlowedWatcher:
    """A watcher whose ``watch`` takes ``slow`` times its processor time, and which notes
    when it reported each card (``reports``: time, seat, card)."""

    def __init__(self, watcher: Any, slow: float, now: Any = time.monotonic) -> None:
        self.watcher = watcher
        self.slow = slow
        self.now = now
        self.reports: list[tuple[float, str, str | None]] = []
        self.examined = 0  # frames the tracker read again (the others were unchanged)
        self.busy = 0.0  # seconds vision worked, slowed as ``slow`` says

    def watch(self, frame: np.ndarray, now: float) -> list[TableEvent]:
        started = time.thread_time()
        tracker = getattr(self.watcher, "tracker", None)
        examined = getattr(tracker, "examined", 0)
        events = self.watcher.watch(frame, now)
        if getattr(self.watcher, "tracker", None) is tracker:  # (a calibration makes a new one: not counted)
            self.examined += getattr(tracker, "examined", 0) - examined
        spent = time.thread_time() - started
        if self.slow > 1.0:
            time.sleep((self.slow - 1.0) * spent)
        self.busy += self.slow * spent
        at = self.now()
        self.reports += [(at, e.seat, e.card) for e in events if isinstance(e, CardPlaced)]
        return events  # type: ignore[no-any-return]

    def __getattr__(self, name: str) -> Any:  # the rest of the watcher, as it is
        return getattr(self.watcher, name)


@dataclass(frozen=True)
class TableFigures:
    game: str
    slow: float
    hands: int
    seconds: float
    laid: int
    reported: int  # by the camera, at the right seat, with the right value
    entered: int  # by the players on the buttons: the camera had not reported it in time
    undone: int  # cards shown that were not played, undone by the players
    delays: list[float]  # seconds from a card laid to its report, of those reported
    frames_read: int
    frames_let_go: int
    drawing_ms: list[float]  # the screen's drawing, each step
    take_after: float | None = None  # the players took each trick this long after its last card
    lean: float = 0.0  # a player leaned over each complete trick this long before it was taken
    answer_presses: int = 0  # buttons pressed answering the device's questions (a card played, the turned card)
    last_trick_left: bool = False  # the next hand was dealt before the last trick was taken in
    fidget: float = 0.0  # the players at the camera's sides moved their held hands this often (seconds)
    lead_on_trick: bool = False  # each winner led at once, on the card they played, before the trick was taken in
    examined: int = 0  # frames vision read again (the others' play area had not changed)
    busy: float = 0.0  # seconds vision worked (slowed), of ``seconds``
    surface: str = ""  # the simulated table's top (vision.synth.TABLES)

    def lines(self) -> list[str]:
        pace = "vision at this machine's pace" if self.slow == 1.0 else f"vision {self.slow:g} times slower"
        taken = ("tricks taken once the device closed them" if self.take_after is None
                 else f"tricks taken {self.take_after:g} s after their last card")
        if self.lean:
            taken += f"; each complete trick hidden {self.lean:g} s by a player leaning over it"
        if self.last_trick_left:
            taken += "; each next hand dealt before the last trick was taken in"
        if self.lead_on_trick:
            taken += "; each winner leading at once, on their own card, before the trick was taken in"
        if self.fidget:
            taken += f"; the players at the sides moving their held hands every {self.fidget:g} s"
        top = f" on {self.surface.replace('_', ' ')}" if self.surface else ""
        out = [f"table: the simulated table{top} in real time, {self.game}, {pace}, on its own thread; {taken}",
               f"  {self.hands} hand{'s' if self.hands != 1 else ''}, {self.laid} cards laid, in {self.seconds:.0f} s",
               f"  reported by the camera: {self.reported} of {self.laid} ({_share(self.reported, self.laid)}); "
               f"entered on the buttons: {self.entered}; undone: {self.undone}; "
               f"buttons pressed answering questions: {self.answer_presses}"]
        if self.delays:
            d = sorted(self.delays)
            out.append(f"  from a card laid to its report: median {statistics.median(d):.2f} s, "
                       f"90th percentile {d[int(0.9 * (len(d) - 1))]:.2f} s, slowest {d[-1]:.2f} s")
        out.append(f"  frames read by vision: {self.frames_read} ({self.examined} of them changed in the play area "
                   f"and examined), let go while it read: {self.frames_let_go}")
        out.append(f"  vision busy {self.busy:.0f} s of the {self.seconds:.0f} ({_share(round(self.busy), round(self.seconds))})")
        if self.drawing_ms:
            ms = sorted(self.drawing_ms)
            out.append(f"  the screen drawn in {statistics.median(ms):.1f} ms (median), "
                       f"{ms[int(0.99 * (len(ms) - 1))]:.1f} ms (99th percentile)")
        return out


def _share(part: int, whole: int) -> str:
    return f"{100.0 * part / whole:.1f}%" if whole else "-"


def bench_table(game: str = "klaverjassen", hands: int = 2, slow: float = 1.0, seed: int = 7,
                pace: float | None = None, take_after: float | None = None, lean: float = 0.0,
                last_trick_left: bool = False, fidget: float = 0.0, surface: str | None = None,
                lead_on_trick: bool = False) -> TableFigures:
    from device.config import Config
    from device.run import build, run_loop
    from device.watch_thread import WatcherThread

    with tempfile.TemporaryDirectory() as tmp:
        config = Config(game=game, camera="sim", journal=Path(tmp) / "journal.sqlite")
        running = build(config, headless=True, seed=seed, realtime=True)
        table, sim = running.table, running.sim
        if pace is not None:
            sim.pace = pace
        sim.take_after = take_after
        sim.lean = lean
        sim.last_trick_left = last_trick_left
        sim.fidget = fidget
        sim.lead_on_trick = lead_on_trick
        if surface is not None:
            sim.table = surface  # (calibrated on the seed's table: the same view, the same places)
        slowed = SlowedWatcher(table.watcher, slow, running.clock.now)
        thread = WatcherThread(slowed, table.inputs, running.clock)  # type: ignore[arg-type]
        table.watcher = thread
        running.resources.append(thread)
        drawing: list[float] = []
        screen = table.screen
        assert screen is not None  # headless runs draw on SDL's dummy screen
        show = screen.show

        def timed_show(*args: Any) -> None:
            started = time.perf_counter()
            show(*args)
            drawing.append(1000 * (time.perf_counter() - started))

        screen.show = timed_show  # type: ignore[method-assign, assignment]
        started = time.monotonic()
        try:
            run_loop(running, hands)
        finally:
            running.close()
        seconds = time.monotonic() - started
        delays = _delays(sim.plays, sim.laid_at, slowed.reports)
        return TableFigures(game, slow, hands, seconds, len(sim.plays), len(delays), sim.entered, sim.corrections,
                            delays, thread.frames_read, thread.frames_let_go, drawing, take_after, lean,
                            sim.play_presses + sim.turn_presses, last_trick_left, fidget, lead_on_trick,
                            slowed.examined, slowed.busy, sim.table)


def _delays(plays: Sequence[tuple[str, Any]], laid_at: Sequence[float],
            reports: Sequence[tuple[float, str, str | None]]) -> list[float]:
    """Seconds from each card laid to the camera's first report of it (that seat, that
    value, at or after it was laid, and before that seat laid that card again in a later
    deal: a report then is of the later one); cards never reported so are left out."""
    delays = []
    for i, ((seat, card), at) in enumerate(zip(plays, laid_at)):
        again = next((laid_at[j] for j in range(i + 1, len(plays)) if plays[j] == (seat, card)), math.inf)
        times = [t for t, s, c in reports if s == seat and c == str(card) and at <= t < again]
        if times:
            delays.append(min(times) - at)
    return delays


def main(argv: Sequence[str]) -> int:
    from vision.synth import TABLES

    p = argparse.ArgumentParser(prog="tafel bench table", description=(
        "The simulated table in real time, vision reading on its own thread as with a live camera: "
        "how many of the cards laid the camera reported, and how soon."))
    p.add_argument("--game", choices=["klaverjassen", "rikken"], default="klaverjassen")
    p.add_argument("--hands", type=int, default=2, help="hands to play (default 2)")
    p.add_argument("--slow", type=float, default=1.0,
                   help="vision takes this many times as long (default 1; a Raspberry Pi 4: 3.5)")
    p.add_argument("--pace", type=float, help="seconds between two actions of the players (default 0.5)")
    p.add_argument("--take-after", type=float, metavar="S",
                   help="the winner takes the trick S seconds after its last card, whether the device "
                        "has closed it or not (default: once it has)")
    p.add_argument("--lean", type=float, default=0.0, metavar="S",
                   help="once a trick is complete, a player leans over it for S seconds, hiding all of it, "
                        "before it is taken in (default 0)")
    p.add_argument("--last-trick-left", action="store_true",
                   help="the players press OK for the next hand before taking in the last trick")
    p.add_argument("--lead-on-trick", action="store_true",
                   help="each trick's winner leads at once, laying the lead on the card they played, "
                        "before the trick is taken in")
    p.add_argument("--fidget", type=float, default=0.0, metavar="S",
                   help="the players at the camera's sides move the hands they hold, beyond the play area, "
                        "every S seconds (default 0: they hold them still)")
    p.add_argument("--table", choices=list(TABLES), help="the table's top (default: the seed's, light wood)")
    p.add_argument("--seed", type=int, default=7)
    args = p.parse_args(list(argv))
    wrong = next((f"{name} must be {rule}, not {value:g}" for name, value, bad, rule in (
        ("--hands", args.hands, args.hands < 1, "1 or more"),
        ("--slow", args.slow, args.slow < 1.0, "1 or more"),
        ("--pace", args.pace, args.pace is not None and args.pace <= 0, "above 0"),
        ("--take-after", args.take_after, args.take_after is not None and args.take_after < 0, "0 or more"),
        ("--lean", args.lean, args.lean < 0, "0 or more"),
        ("--fidget", args.fidget, args.fidget < 0, "0 or more")) if bad), None)
    if wrong is not None:
        print(f"tafel bench table: {wrong}", file=sys.stderr)
        return 2
    figures = bench_table(args.game, args.hands, args.slow, args.seed, args.pace, args.take_after, args.lean,
                          args.last_trick_left, args.fidget, args.table, args.lead_on_trick)
    for line in figures.lines():
        print(line, flush=True)
    return 0
