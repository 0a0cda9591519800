"""``python -m vision identify|teach|bench ...`` until ``tafel`` wires these commands."""

from __future__ import annotations

import sys

from vision.cli import bench, identify, teach


def main(argv: list[str]) -> int:
    commands = {"identify": identify, "teach": teach, "bench": bench}
    if not argv or argv[0] not in commands:
        print("usage: python -m vision identify|teach|bench ...", file=sys.stderr)
        return 2
    return commands[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
