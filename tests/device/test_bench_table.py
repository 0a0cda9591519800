from __future__ import annotations

import time

import numpy as np
import pytest

from device.bench_table import SlowedWatcher, TableFigures, _delays
from device.cli import main
from device.table import CardPlaced, TrickGathered
from engine.cards import Card


def test_a_card_counts_as_reported_at_its_own_seat_and_value_after_it_was_laid() -> None:
    plays = [("N", Card.parse("QC")), ("E", Card.parse("KC")), ("S", Card.parse("QH"))]
    laid_at = [10.0, 11.0, 12.0]
    reports: list[tuple[float, str, str | None]] = [
        (9.5, "E", "KC"),  # before it was laid: another deal's
        (10.4, "N", "QC"),
        (11.9, "E", "KS"),  # misread: the players correct it
        (12.3, "W", "QH"),  # at the wrong seat
        (12.8, "E", "KC"),
    ]
    assert _delays(plays, laid_at, reports) == pytest.approx([0.4, 1.8])
    # The next deal: S holds the QH again and lays it; the camera reports only that one.
    # It is no report, 50 seconds late, of the QH of the first deal.
    plays.append(("S", Card.parse("QH")))
    laid_at.append(60.0)
    reports.append((62.0, "S", "QH"))
    assert _delays(plays, laid_at, reports) == pytest.approx([0.4, 1.8, 2.0])


def test_a_slowed_watcher_takes_longer_and_notes_its_reports() -> None:
    class Tracker:
        examined = 0

    class Busy:
        problem = "none"
        tracker = Tracker()

        def watch(self, frame: np.ndarray, now: float) -> list[object]:
            end = time.thread_time() + 0.02
            while time.thread_time() < end:
                pass
            self.tracker.examined += 1
            return [CardPlaced("N", "QC", 0.99), TrickGathered()]

    clock = iter([5.0])
    slowed = SlowedWatcher(Busy(), 3.0, lambda: next(clock))
    started = time.monotonic()
    events = slowed.watch(np.zeros((4, 4, 3), np.uint8), 0.0)
    assert time.monotonic() - started >= 0.055  # 0.02 s of work, then twice that asleep
    assert len(events) == 2 and slowed.reports == [(5.0, "N", "QC")]
    assert slowed.problem == "none"  # the rest of the watcher as it is
    assert slowed.examined == 1 and 0.059 < slowed.busy < 0.2  # its work, three times over


def test_the_figures_say_what_share_the_camera_reported() -> None:
    figures = TableFigures("klaverjassen", 3.5, 2, 61.0, 64, 63, 1, 0, [0.5, 0.7, 2.0], 900, 400, [3.0, 4.0])
    text = "\n".join(figures.lines())
    assert "vision 3.5 times slower" in text and "reported by the camera: 63 of 64 (98.4%)" in text
    assert "entered on the buttons: 1" in text and "median 0.70 s" in text
    assert "buttons pressed answering questions: 0" in text
    leaned = TableFigures("klaverjassen", 1.0, 2, 70.0, 64, 64, 0, 0, [0.4], 900, 400, [3.0], lean=1.0)
    assert "each complete trick hidden 1 s by a player leaning over it" in leaned.lines()[0]
    fidgety = TableFigures("klaverjassen", 3.5, 2, 80.0, 64, 64, 0, 0, [0.4], 900, 400, [3.0], fidget=0.5,
                           examined=300, busy=40.0)
    text = "\n".join(fidgety.lines())
    assert "the players at the sides moving their held hands every 0.5 s" in text
    assert "frames read by vision: 900 (300 of them changed in the play area and examined)" in text
    assert "vision busy 40 s of the 80 (50.0%)" in text
    leading = TableFigures("klaverjassen", 1.0, 2, 70.0, 64, 64, 0, 0, [0.4], 900, 400, [3.0], lead_on_trick=True)
    assert "each winner leading at once, on their own card, before the trick was taken in" in leading.lines()[0]
    dark = TableFigures("klaverjassen", 1.0, 1, 30.0, 32, 32, 0, 0, [0.4], 400, 100, [3.0], surface="dark_wood")
    assert dark.lines()[0].startswith("table: the simulated table on dark wood in real time")


def test_bad_bench_table_arguments_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "table", "--slow", "0.5"]) == 2
    err = capsys.readouterr().err
    assert err == "tafel bench table: --slow must be 1 or more, not 0.5\n"
    assert main(["bench", "table", "--lean", "-1"]) == 2
    assert "--lean must be 0 or more, not -1" in capsys.readouterr().err
    assert main(["bench", "table", "--fidget", "-0.5"]) == 2
    assert "--fidget must be 0 or more, not -0.5" in capsys.readouterr().err
