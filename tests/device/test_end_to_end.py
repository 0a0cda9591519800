"""The simulated table, headless, for real: synth renders the table, vision reads it,
the tracker makes events, the engine judges, the journal keeps it, the screen shows it.
The score drawn on the screen must be the referee's score of the exported journal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from device.cli import main
from device.config import Config
from device.run import build, run_loop


def drawn_rows(drawn: list) -> dict[str, list[str]]:
    """The texts of each team's row on the summary screen, in drawing order."""
    rows: dict[str, list[str]] = {}
    current = None
    for d in drawn:
        if d.kind == "panel":
            current = d.label[4:] if d.label.startswith("row:") else None
            if current:
                rows[current] = []
        elif d.kind == "text" and current:
            rows[current].append(d.label)
    return rows


@pytest.mark.parametrize("seed", [11, 12])
def test_a_whole_hand_the_screen_shows_the_referees_score(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           seed: int) -> None:
    from display.canvas import recording

    journal = tmp_path / "journal.sqlite"
    running = build(Config(journal=journal), headless=True, seed=seed)
    try:
        run_loop(running, hands=1)
        table, sim = running.table, running.sim
        with recording() as drawn:
            table.step()  # the frame on the screen when the hand is over
        hand = table.game.hands[0]  # type: ignore[attr-defined]
        shown = [(s, c) for t in hand.tricks for s, c in zip(t.seats, t.cards)]
        assert shown == sim.plays[: len(shown)], "the device recorded the cards the players laid"
        assert hand.score() is not None
    finally:
        running.close()
    log = tmp_path / "match.jsonl"
    assert main(["export", "--journal", str(journal), "-o", str(log)]) == 0
    assert main(["referee", str(log), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    rows = drawn_rows(drawn)
    for team in ("NS", "EW"):
        # a team's row on the hand summary: team, players, points, roem, score, total
        assert rows[team][0] == team
        assert rows[team][4] == str(report["hands"][0]["score"][team]), f"{team} hand score on screen"
        assert rows[team][5] == str(report["totals"][team]), f"{team} total on screen"


def test_tafel_run_headless_writes_a_screenshot_and_a_journal(tmp_path: Path) -> None:
    shot, journal = tmp_path / "end.png", tmp_path / "journal.sqlite"
    code = main(["run", "--headless", "--hands", "1", "--seed", "4", "--journal", str(journal),
                 "--screenshot", str(shot)])
    assert code == 0 and shot.stat().st_size > 5000 and journal.exists()
    assert main(["export", "--journal", str(journal), "--list"]) == 0


def test_tafel_run_hands_0_checks_the_set_up_and_exits(tmp_path: Path) -> None:
    assert main(["run", "--headless", "--hands", "0", "--journal", str(tmp_path / "j.sqlite")]) == 0


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--camera", "webcam"], "'webcam' is not a camera"),
        (["--camera", "v4l2:/dev/video97"], "no such device"),
        (["--camera", "dir:/nonexistent"], "no such folder"),
        (["--game", "poker"], "game 'poker' is unknown"),
        (["--game", "sixty-six"], "not implemented yet"),
        (["--size", "big"], "not WIDTHxHEIGHT"),
        (["--config", "/nonexistent/tafel.toml"], "no such config file"),
    ],
)
def test_tafel_run_bad_input_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        argv: list[str], message: str) -> None:
    code = main(["run", "--headless", "--hands", "1", "--journal", str(tmp_path / "j.sqlite"), *argv])
    err = capsys.readouterr().err
    assert code == 2 and message in err and err.count("\n") == 1 and "Traceback" not in err


def test_tafel_run_without_the_learned_weights_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from vision import phantoms

    monkeypatch.setattr(phantoms, "WEIGHTS_PATH", tmp_path / "phantom_net.npz")
    phantoms.phantom_net.cache_clear()
    try:
        code = main(["run", "--headless", "--hands", "1", "--journal", str(tmp_path / "j.sqlite")])
    finally:
        phantoms.phantom_net.cache_clear()
    err = capsys.readouterr().err
    assert code == 2 and "phantom_net.npz" in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_simulated_run_cut_off_mid_hand_starts_a_new_match(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    journal = tmp_path / "journal.sqlite"
    running = build(Config(journal=journal), headless=True, seed=2)
    try:
        for _ in range(150):  # some cards into the first hand, then the power goes
            running.sim.act(running.table.game, running.table.status)
            running.table.step()
            running.clock.advance(1 / 30)  # type: ignore[attr-defined]
        first = running.table.match_id
        assert running.table.game.hand.score() is None  # type: ignore[attr-defined]
    finally:
        running.close()
    assert main(["run", "--headless", "--hands", "1", "--seed", "3", "--journal", str(journal)]) == 0
    assert f"match {first} stopped mid-hand" in capsys.readouterr().err


def test_rikken_at_the_simulated_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Turned card and plays from the camera, bids on the buttons, scores per seat."""
    journal = tmp_path / "journal.sqlite"
    running = build(Config(game="rikken", journal=journal), headless=True, seed=4)
    try:
        run_loop(running, hands=1)
        game, sim = running.table.game, running.sim
        [hand] = [h for h in game.hands if h.score() is not None]  # type: ignore[attr-defined]
        assert hand.contract is not None and hand.contract.kind.value == "alleen"  # bid on the buttons
        assert sum(game.totals().values()) == 0  # type: ignore[attr-defined]
        shown = [(s, c) for t in hand.tricks for s, c in zip(t.seats, t.cards)]
        assert shown == sim.plays[sim._hand_start : sim._hand_start + len(shown)]
        # The dealer laid the turned card where the calibration's trump card lay: the
        # camera read it, and the dealer played it later as itself (no card entered).
        assert hand.turned == sim.turned and sim.turn_presses == 0
        assert sim.turned in [c for t in hand.tricks for c in t.cards] and sim.entered == sim.play_presses == 0
        totals = game.totals()  # type: ignore[attr-defined]
    finally:
        running.close()
    log = tmp_path / "session.jsonl"
    assert main(["export", "--journal", str(journal), "-o", str(log)]) == 0
    assert main(["referee", str(log), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "rikken" and report["totals"] == totals


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts threads in /proc (Linux, as on the Pi)")
def test_the_running_device_reads_cards_on_one_blas_thread() -> None:
    # The device loads numpy before it first looks at a frame; BLAS worker threads would
    # then fight the camera loop for the Pi's cores (and, on a busy core, made a batch of
    # readings cost several times as much).
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS")}
    probe = ("import device.run, os, numpy as np\n"
             "np.ones((8, 600), np.float32) @ np.ones((600, 800), np.float32)\n"
             "print(len(os.listdir('/proc/self/task')))")
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "1"
