"""The ``tafel`` command: one entry point that dispatches to subcommands.

    tafel run [--camera ...]         the table companion (default: the simulated table)
    tafel referee LOG [--json]       replay a table log and report
    tafel export [--journal F]       a match from the journal, as a table log
    tafel rules [GAME]               the named rule options and their defaults
    tafel bench engine               rules-engine speed
    tafel bench vision               vision accuracy and speed
    tafel bench table [--slow 3.5]   the simulated table in real time, vision on its own thread
    tafel vision identify|teach ...  card recognition

Every error a user can cause is one line on stderr and a non-zero exit, never a
traceback.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

EXIT_USAGE = 2
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 70


def _err(message: str) -> None:
    print(message, file=sys.stderr)


# -- referee ----------------------------------------------------------------------------


def cmd_referee(args: argparse.Namespace) -> int:
    from engine.events import LogError
    from engine.referee import referee_file

    try:
        game = referee_file(args.log)
    except LogError as exc:
        _err(f"{exc.source}: {exc.message}" if exc.line == 0 else str(exc))
        return EXIT_BAD_INPUT
    if args.json:
        print(json.dumps(game.report(), ensure_ascii=False))
    else:
        sys.stdout.write(game.report_text())
    return 0


# -- run -------------------------------------------------------------------------------


def cmd_run(args: argparse.Namespace) -> int:
    from device.run import run

    return run(args)


# -- export ----------------------------------------------------------------------------


def cmd_export(args: argparse.Namespace) -> int:
    from device.config import default_state_dir
    from device.journal import Journal, JournalError

    path = Path(args.journal) if args.journal else default_state_dir() / "journal.sqlite"
    if not path.exists():
        _err(f"tafel export: {path}: no journal here (give one with --journal)")
        return EXIT_BAD_INPUT
    try:
        journal = Journal(path)
        if args.list:
            for m in journal.matches():
                state = "finished" if m.finished else "unfinished"
                started = time.strftime("%Y-%m-%d %H:%M", time.localtime(m.started))
                print(f"{m.id:>4}  {started}  {m.game:<14} {m.events:>5} events  {state}")
            return 0
        match_id = args.match if args.match is not None else journal.latest()
        if match_id is None:
            _err(f"tafel export: {path}: the journal holds no match yet")
            return EXIT_BAD_INPUT
        text = journal.export(match_id)
    except JournalError as exc:
        _err(f"tafel export: {exc}")
        return EXIT_BAD_INPUT
    if args.output:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as exc:
            _err(f"tafel export: {args.output}: cannot write: {exc.strerror or exc}")
            return EXIT_BAD_INPUT
    else:
        sys.stdout.write(text)
    return 0


# -- rules ---------------------------------------------------------------------------------


def cmd_rules(args: argparse.Namespace) -> int:
    import engine.referee  # noqa: F401  (registers the games)
    from engine.game import GAMES, KNOWN_GAMES
    from engine.rules import describe_options

    names = [args.game] if args.game else sorted(GAMES)
    for name in names:
        cls = GAMES.get(name)
        if cls is None:
            state = "not implemented yet" if name in KNOWN_GAMES else "unknown"
            _err(f"tafel rules: game {name!r} is {state} (implemented: {', '.join(sorted(GAMES))})")
            return EXIT_USAGE
        options_cls = getattr(cls, "options_class", None)
        print(f"{name}:")
        if options_cls is None:
            print("  (no options)")
            continue
        for option, default, allowed, doc in describe_options(options_cls):
            shown = json.dumps(default)
            print(f"  {option:<22} default {shown:<16} {allowed}")
            if doc:
                print(f"  {'':<22} {doc}")
    return 0


# -- bench ---------------------------------------------------------------------------------


def bench_engine(seconds: float, seed: int) -> list[tuple[str, float]]:
    """Random full hands per second, every play checked, per game and variant."""
    from engine.simulate import klaverjas_match, rikken_session

    figures = []
    for label, rules in (
        ("klaverjassen rotterdam", {}),
        ("klaverjassen amsterdam", {"variant": "amsterdam", "trump_choice": "klassiek"}),
    ):
        rng = random.Random(seed)
        hands = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            klaverjas_match(rng, rules, hands=16)
            hands += 16
        figures.append((label, hands / (time.perf_counter() - start)))
    rng = random.Random(seed)
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rikken_session(rng, 8)
        hands += 8
    figures.append(("rikken (52 cards)", hands / (time.perf_counter() - start)))
    return figures


def cmd_bench(args: argparse.Namespace) -> int:
    if args.what == "engine":
        print("engine: random full hands (deal, trump or auction, every play checked for legality), one core")
        figures = bench_engine(args.seconds, args.seed)
        for label, rate in figures:
            print(f"  {label:<24} {rate:8.0f} hands/s")
        worst = min(rate for label, rate in figures if label.startswith("klaverjassen"))
        verdict = "met" if worst >= 3000 else "MISSED"
        print(f"  klaverjassen target >= 3000 hands/s: {verdict} (slowest variant {worst:.0f} hands/s)")
        return 0
    if args.what == "table":
        from device.bench_table import main as bench_table_main

        return bench_table_main(args.rest)
    return _vision_entry("bench")(args.rest)


# -- vision ---------------------------------------------------------------------------------


def _vision_entry(name: str) -> Callable[[list[str]], int]:
    try:
        import vision.cli as vision_cli
    except ImportError as exc:
        missing = exc.name or "vision"

        def unavailable(argv: list[str]) -> int:
            _err(f"tafel: the vision package is not available ({missing} cannot be imported)")
            return EXIT_BAD_INPUT

        return unavailable
    entry: Callable[[list[str]], int] = getattr(vision_cli, name)
    return entry


def cmd_vision(args: argparse.Namespace) -> int:
    return _vision_entry(args.action)(args.rest)


# -- main ---------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tafel", description="Tafel: a card-table referee.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    p = sub.add_parser("referee", help="replay a table log and report tricks, verzakingen and scores")
    p.add_argument("log", metavar="LOG", help="table log (JSON Lines, shared/spec/table-log.md)")
    p.add_argument("--json", action="store_true", help="one JSON object instead of the readable report")
    p.set_defaults(func=cmd_referee)

    from device.run import add_arguments

    p = sub.add_parser("run", help="run the table: camera, referee, screen, buttons (default: the simulated table)")
    add_arguments(p)
    p.set_defaults(func=cmd_run)

    p = sub.add_parser("export", help="write a match from the journal as a table log")
    p.add_argument("--journal", help="the journal file (default: the state directory's journal.sqlite)")
    p.add_argument("--match", type=int, help="which match (default: the latest); see --list")
    p.add_argument("--list", action="store_true", help="list the matches in the journal")
    p.add_argument("-o", "--output", help="write to this file instead of standard output")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("rules", help="list each game's named rule options and defaults")
    p.add_argument("game", nargs="?", help="one game, e.g. klaverjassen")
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("bench", help="print speed and accuracy figures")
    p.add_argument("what", choices=["engine", "vision", "table"])
    p.add_argument("--seconds", type=float, default=3.0, help="engine: seconds per variant (default 3)")
    p.add_argument("--seed", type=int, default=2026, help="engine: random seed")
    p.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("vision", help="recognise cards in images; teach a deck")
    p.add_argument("action", choices=["identify", "teach"])
    p.add_argument("rest", nargs=argparse.REMAINDER, help="arguments of the action (see --help)")
    p.set_defaults(func=cmd_vision)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
        return code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # last resort: one line, never a traceback
        _err(f"tafel {args.command}: internal error: {type(exc).__name__}: {exc} (please report this with the input)")
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
