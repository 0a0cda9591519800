"""Named rule options: every decision marked *option* in shared/rules/README.md.

A game declares its options as a frozen dataclass whose fields carry their allowed
values in ``metadata``; :func:`parse_options` builds one from the ``rules`` object of a
``match`` event, naming the option and value on any error.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from engine.errors import RuleOptionError

T = TypeVar("T")


def choice(default: str, choices: Sequence[str], doc: str) -> Any:
    """A string option that takes one of ``choices``."""
    return dataclasses.field(default=default, metadata={"choices": tuple(choices), "doc": doc})


def flag(default: bool, doc: str) -> Any:
    return dataclasses.field(default=default, metadata={"doc": doc})


def number(default: int, low: int, high: int, doc: str) -> Any:
    return dataclasses.field(default=default, metadata={"range": (low, high), "doc": doc})


def parse_options(cls: type[T], given: Mapping[str, Any], game: str) -> T:
    """Build the options ``cls`` from a mapping; unknown names and bad values are errors."""
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    values: dict[str, Any] = {}
    for name, value in given.items():
        spec = fields.get(name)
        if spec is None:
            raise RuleOptionError(
                f"unknown rule option {name!r} for {game} (known: {', '.join(sorted(fields))})"
            )
        meta = spec.metadata
        if "choices" in meta:
            if value not in meta["choices"]:
                raise RuleOptionError(
                    f"rule option {name!r} of {game} cannot be {value!r} "
                    f"(one of: {', '.join(meta['choices'])})"
                )
        elif "range" in meta:
            low, high = meta["range"]
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise RuleOptionError(
                    f"rule option {name!r} of {game} must be a whole number from {low} to {high}, got {value!r}"
                )
        elif isinstance(spec.default, bool) and not isinstance(value, bool):
            raise RuleOptionError(f"rule option {name!r} of {game} must be true or false, got {value!r}")
        values[name] = value
    return cls(**values)


def describe_options(cls: type[Any]) -> list[tuple[str, Any, str, str]]:
    """(name, default, allowed values, meaning) for documentation and menus."""
    rows = []
    for f in dataclasses.fields(cls):
        meta = f.metadata
        if "choices" in meta:
            allowed = " | ".join(meta["choices"])
        elif "range" in meta:
            allowed = f"{meta['range'][0]}..{meta['range'][1]}"
        else:
            allowed = "true | false"
        rows.append((f.name, f.default, allowed, meta.get("doc", "")))
    return rows


def options_to_dict(options: Any) -> dict[str, Any]:
    return dataclasses.asdict(options)
