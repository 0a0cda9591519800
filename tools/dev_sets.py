"""Score the working tree on the development sets the vision sessions compare, and say
what changed against an earlier run, scene by scene.

    .venv/bin/python tools/dev_sets.py OUT                       # every set, into OUT/
    .venv/bin/python tools/dev_sets.py OUT --sets r13000 edje    # some of them
    .venv/bin/python tools/dev_sets.py OUT --against BASE        # ... then compare with BASE/
    .venv/bin/python tools/dev_sets.py OUT --against BASE --no-run

Each set is scored by ``tools/probe_vision.py`` (two processes); OUT/SET.sum holds its
summary line and OUT/SET.txt every miss, misreading, phantom and count of backs, by
scene. A change that should not move any reading (a speed step, a refactor) is checked
by running the starting commit into BASE (``git worktree add``, or an archive of it)
and the change into OUT: every set should then say "same, scene by scene". All sets
take about 17 minutes on this 2-core machine (the two sets with a cast shadow, added in the
forty-first session, about 4 of them).
"""

from __future__ import annotations

import argparse
import difflib
import subprocess
import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parent

# name -> probe_vision arguments. The ranges the thirtieth to thirty-fifth sessions
# compared: none of them is a benchmark's held-out seed.
SETS: dict[str, list[str]] = {
    "r13000": ["random", "13000:13600"],
    "r12000": ["random", "12000:13000"],
    "r7000000": ["random", "7000000:7000300"],
    "rows": ["rows", "0:300"],
    "photo0": ["photo", "0:100"],
    "photo100": ["photo", "100:250"],
    "photo250": ["photo", "250:400"],
    "scroll": ["photo", "4000:4300", "--back", "scrollwork"],
    "edje": ["edje", "train"],
    # With a cast shadow (the forty-first session's sets): a player's or a phone's.
    "shadow": ["random", "13000:13300", "--shadow"],
    "photoshadow": ["photo", "0:150", "--shadow"],
}


def run_set(name: str, out: Path) -> str:
    """Score one set into ``out``; its summary line."""
    cmd = [sys.executable, str(TOOLS / "probe_vision.py"), *SETS[name], "--details", str(out / f"{name}.txt")]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        why = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else f"exit {done.returncode}"
        raise SystemExit(f"dev_sets: {name}: {why}")
    summary = done.stdout.strip()
    (out / f"{name}.sum").write_text(summary + "\n")
    return summary


def compare(name: str, out: Path, base: Path) -> list[str]:
    """What changed in set ``name`` from ``base`` to ``out``: the two summary lines, and
    the detail lines gone (-) and new (+), or that nothing changed."""
    files = [d / f"{name}.{ext}" for d in (base, out) for ext in ("sum", "txt")]
    missing = [str(f) for f in files if not f.is_file()]
    if missing:
        return [f"{name}: not scored ({', '.join(missing)} missing)"]
    before, after = ((d / f"{name}.txt").read_text().splitlines() for d in (base, out))
    lines = [f"{name}:", f"  before {(base / f'{name}.sum').read_text().strip()}",
             f"  after  {(out / f'{name}.sum').read_text().strip()}"]
    changed = [line for line in difflib.unified_diff(before, after, lineterm="", n=0)
               if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    lines += [f"  {line}" for line in changed] if changed else ["  same, scene by scene"]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path, help="folder for this run's results")
    parser.add_argument("--sets", nargs="+", choices=sorted(SETS), default=list(SETS))
    parser.add_argument("--against", type=Path, help="an earlier run's folder to compare with")
    parser.add_argument("--no-run", action="store_true", help="only compare results already in OUT")
    args = parser.parse_args(argv)
    if args.no_run and args.against is None:
        parser.error("--no-run compares: give --against BASE")
    args.out.mkdir(parents=True, exist_ok=True)
    if not args.no_run:
        for name in args.sets:
            print(run_set(name, args.out), flush=True)
    if args.against is not None:
        for name in args.sets:
            print("\n".join(compare(name, args.out, args.against)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
