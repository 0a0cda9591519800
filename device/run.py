"""``tafel run``: wire camera, vision, engine, journal, screen, panel and serial, and loop.

With no arguments it runs the simulated table: simulated players deal and play a
match on a table rendered by ``vision.synth``; vision reads the frames, the tracker
makes events, the engine judges and the screen shows it, exactly as with a camera.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from collections.abc import Callable
from typing import Any

from device.clock import Clock, ManualClock, SystemClock
from device.config import Config, ConfigError, load_config
from device.inputs import InputQueue
from device.journal import Journal, JournalError
from device.notify import Notifier
from device.sources import CameraError, FrameSource, SyntheticSource, open_source
from device.table import Table, start_or_resume
from engine.events import MatchStart

FPS = 30


class RunError(Exception):
    """Something the user can fix: one line, exit status 2."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--config", help="TOML config (default /etc/tafel/tafel.toml if it exists)")
    p.add_argument("--game", help="the game to play (default from the config: klaverjassen)")
    p.add_argument("--camera", help="picamera2 | v4l2:/dev/video0 | file:clip.mp4 | dir:frames/ | sim (default)")
    p.add_argument("--headless", action="store_true", help="no window: SDL's dummy video driver")
    p.add_argument("--fullscreen", action="store_true", help="fill the screen (kiosk; kmsdrm on a console Pi)")
    p.add_argument("--size", help="window size WxH, e.g. 1920x1080 (default from the config: 800x480)")
    p.add_argument("--screenshot", metavar="PATH", help="save the screen as PNG when the run ends")
    p.add_argument("--hands", type=int, help="stop after N hands (0: check the set-up and exit)")
    p.add_argument("--journal", help="journal file (default from the config, in the state directory)")
    p.add_argument("--new", action="store_true", help="start a new match even if one is unfinished")
    p.add_argument("--seed", type=int, default=None, help="seed of the simulated table and the die")
    p.add_argument("--realtime", action="store_true",
                   help="simulated table: run at the speed of a real table even when headless")


def _settings(args: argparse.Namespace) -> Config:
    config = load_config(args.config)
    changes: dict[str, Any] = {}
    if args.game:
        changes["game"] = args.game
        if args.game != config.game:
            changes["rules"] = {}
    if args.camera:
        from device.sources import check_source_spec

        why = check_source_spec(args.camera)
        if why:
            raise RunError(f"tafel run: --camera: {why}")
        changes["camera"] = args.camera
    if args.fullscreen:
        changes["fullscreen"] = True
    if args.size:
        try:
            w, h = (int(v) for v in args.size.lower().split("x"))
        except ValueError:
            raise RunError(f"tafel run: --size: {args.size!r} is not WIDTHxHEIGHT, e.g. 800x480") from None
        changes["size"] = (w, h)
    if args.journal:
        changes["journal"] = Path(args.journal)
    config = replace(config, **changes)
    if args.game:
        from device.config import parse_config

        # check the game name the same way the config file's is checked
        parse_config({"game": {"name": config.game}}, "--game")
    return config


@dataclass
class Running:
    """Everything ``tafel run`` set up: the table loop and what it must close."""

    table: Table
    sim: Any
    clock: Clock
    notifier: Notifier
    resources: list[Any]
    resumed: bool

    def close(self) -> None:
        _close(self.resources)


def build(config: Config, *, headless: bool, seed: int, new: bool = False, realtime: bool = False) -> Running:
    """Open journal, camera, watcher, panel, serial and screen; raise RunError (one line)."""
    simulated = config.camera == "sim"
    # Headless simulation runs on a manual clock: as fast as the machine goes, and repeatable.
    clock: Clock = ManualClock() if simulated and headless and not realtime else SystemClock()
    inputs = InputQueue()
    resources: list[Any] = []
    try:
        journal = Journal(config.journal)
        resources.append(journal)
        match = MatchStart(config.game, dict(config.rules), names=dict(config.names))
        unfinished = journal.unfinished()
        if new and unfinished is not None:
            journal.finish(unfinished)
        game, match_id, resumed = start_or_resume(journal, match, random.Random(seed))
        hand = getattr(game, "hand", None)
        if simulated and resumed and hand is not None and hand.score() is None:
            # Simulated players cannot pick up a hand cut off halfway: they never saw its cards.
            journal.finish(match_id)
            stopped = match_id
            game, match_id, resumed = start_or_resume(journal, match, random.Random(seed))
            print(f"tafel run: match {stopped} stopped mid-hand; the simulated table starts a new match",
                  file=sys.stderr)
        camera, sim = _camera(config, simulated, random.Random(seed + 1), inputs, clock)
        resources.append(camera)
        watcher = _watcher(config, sim, deck=52 if config.game == "rikken" else 32)
        if getattr(camera, "live", False):
            # A live camera's frames come whether vision keeps up or not: vision reads them
            # on its own thread, and the buttons and the screen never wait for it.
            from device.watch_thread import WatcherThread

            watcher = WatcherThread(watcher, inputs, clock)
            resources.append(watcher)
        panel = _panel(config, inputs, clock)
        if panel is not None:
            resources.append(panel)
        serial = _serial(config, inputs, clock)
        if serial is not None:
            resources.append(serial)
        screen = _screen(config, headless)
        resources.append(screen)
    except (JournalError, CameraError) as exc:
        _close(resources)
        raise RunError(str(exc)) from None
    except RunError:
        _close(resources)
        raise
    table = Table(game, journal, match_id, clock, inputs, watcher=watcher, camera=camera, screen=screen,
                  panel=panel, serial=serial, names=config.names)
    if serial is not None:
        serial.on_reconnect = table.score_line
    if resumed:
        table.say(f"resumed match {match_id} where it was")
    return Running(table, sim, clock, Notifier(clock), resources, resumed)


def run(args: argparse.Namespace) -> int:
    try:
        config = _settings(args)
        if args.hands is not None and args.hands < 0:
            raise RunError("tafel run: --hands must be 0 or more")
        seed = args.seed if args.seed is not None else random.randrange(1 << 30)
        headless = args.headless
        if not headless and not config.fullscreen and not _has_screen():
            headless = True
            print("tafel run: no screen here (no DISPLAY, WAYLAND_DISPLAY or SDL_VIDEODRIVER): running headless",
                  file=sys.stderr)
        running = build(config, headless=headless, seed=seed, new=args.new, realtime=args.realtime)
    except (ConfigError, RunError) as exc:
        print(str(exc), file=sys.stderr)
        return 2
    table = running.table
    running.notifier.ready(f"{config.game}, camera {config.camera}")
    progress = None
    if headless and args.hands != 0:
        progress = _say
        place = "the simulated table" if config.camera == "sim" else config.camera
        _say(f"tafel: {config.game} on {place}, no window; each hand's result follows (Ctrl-C stops)")
    try:
        run_loop(running, args.hands, progress)
    except KeyboardInterrupt:
        pass
    finally:
        running.notifier.stopping()
        if args.screenshot:
            table.screen.save(args.screenshot)  # type: ignore[union-attr]
        if getattr(table.game, "is_over", False):
            table.journal.finish(table.match_id)
        running.close()
    if progress is not None:
        totals = "  ".join(f"{t} {v}" for t, v in table.game.totals().items())  # type: ignore[attr-defined]
        _say(f"totals: {totals} · journal {table.journal.path} (tafel export --journal ...)")
    return 0


def _say(line: str) -> None:
    print(line, flush=True)


def run_loop(running: Running, hands: int | None, progress: Callable[[str], None] | None = None) -> None:
    """Step the table until it is told to stop, ``hands`` hands are decided, the match is
    over (simulated table) or a recorded camera source ends. ``progress`` hears of each
    decided hand (for a run with no screen to look at)."""
    table, sim, clock = running.table, running.sim, running.clock

    def decided_hands() -> list[Any]:
        # A new deal needs the hand before it decided: only the last hand can still be open.
        played = list(getattr(table.game, "hands", []))
        return played if played and played[-1].score() is not None else played[:-1]

    start = told = len(decided_hands())  # a resumed match: count the hands of this run
    logged: set[str] = set()
    while table.running and hands != 0:
        started = clock.now()
        game = table.game  # the menu may start a new match
        if sim is not None:
            sim.act(game, table.status)
        table.step()
        running.notifier.watchdog()
        problems = set(table.status.problems)
        for problem in sorted(problems - logged):
            print(f"tafel: {problem}", file=sys.stderr, flush=True)  # for journalctl, and headless runs
        logged = problems
        decided = decided_hands()
        if game is not table.game:  # the menu started a new match
            start = told = 0
            continue
        if progress is not None:
            for hand in decided[told:]:
                progress(_hand_line(game, hand))
        told = len(decided)
        settled = sim is None or not sim.on_table  # the players have taken the cards in
        if hands is not None and len(decided) - start >= hands and settled:
            break
        if getattr(game, "is_over", False) and sim is not None and settled:
            break
        if sim is None and getattr(table.camera, "ended", False):
            break
        if isinstance(clock, ManualClock):
            clock.advance(1 / FPS)
        else:
            clock.sleep(1 / FPS - (clock.now() - started))
    table.step()  # the last picture: the score


def _has_screen() -> bool:
    return any(os.environ.get(v) for v in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"))


def _hand_line(game: Any, hand: Any) -> str:
    score = hand.score()
    contract = getattr(hand, "contract", None)
    if contract is not None:
        trump = contract.describe()  # rikken
    elif getattr(hand, "trump", None):
        trump = f"trump {hand.trump} by {hand.maker}"
    else:
        trump = "no contract"
    totals = game.totals()
    shown = "  ".join(f"{t} {score.score[t]}" for t in totals)  # teams in the same order every line
    totals = "  ".join(f"{t} {v}" for t, v in totals.items())
    return f"hand {hand.number}: {trump} · {score.result} · {shown} · totals {totals}"


def _camera(config: Config, simulated: bool, rng: random.Random, inputs: InputQueue,
            clock: Clock) -> tuple[FrameSource, Any]:
    if simulated:
        from device.simtable import SimTable

        sim = SimTable(rng, inputs, clock, table=rng.choice(["light_wood", "beige", "green_felt", "dark_wood"]))
        # Rikken's dealer lays the turned card where the calibration's trump card lay.
        sim.turn_on_table = config.game == "rikken"
        return SyntheticSource(sim.frame), sim
    return open_source(config.camera, config.camera_size, config.mains_hz), None


def _watcher(config: Config, sim: Any, deck: int) -> Any:
    from device.watcher import VisionWatcher
    from vision.recognize import load_networks

    try:
        load_networks()  # a broken install stops here, not mid-game at the first card seen
    except FileNotFoundError as exc:
        raise RunError(f"tafel run: {exc}") from None
    if sim is None:
        templates = None
        if config.profile is not None:
            from vision.profile import ProfileError, load_profile

            try:
                templates = load_profile(config.profile)
            except ProfileError as exc:
                raise RunError(f"{config.source}: [camera] profile: {exc}") from None
        path = config.calibration or config.journal.with_name("calibration.json")
        return VisionWatcher.from_calibration(path, deck, config.style, templates)
    # The simulated table is calibrated the way a real one is: a card in front of each seat,
    # and for a game that turns a trump card one more where it is turned.
    watcher = VisionWatcher(None, deck)
    message = watcher.calibrate(sim.calibration_frame(trump=sim.turn_on_table))
    if watcher.tracker is None:
        raise RunError(f"tafel run: the simulated table could not be calibrated: {message}")
    return watcher


def _panel(config: Config, inputs: InputQueue, clock: Clock) -> Any:
    if not config.gpio:
        return None
    from device.panel import Panel

    try:
        return Panel(config.pins, inputs, clock)
    except Exception as exc:  # gpiozero: no pin factory, pin in use, not a Pi
        raise RunError(f"{config.source}: [pins]: cannot use the GPIO pins: {exc}") from None


def _serial(config: Config, inputs: InputQueue, clock: Clock) -> Any:
    if config.serial is None:
        return None
    from device.serial_link import SerialLink

    return SerialLink(config.serial.port, config.serial.baud, inputs, clock)


def _screen(config: Config, headless: bool) -> Any:
    from device.screen import PygameScreen

    try:
        return PygameScreen(config.size, fullscreen=config.fullscreen, headless=headless)
    except Exception as exc:  # SDL: no display, no kmsdrm device, no permission
        raise RunError(f"tafel run: cannot open the screen: {exc} (try --headless)") from None


def _close(resources: list[Any]) -> None:
    for r in reversed(resources):
        try:
            r.close()
        except Exception:
            pass
