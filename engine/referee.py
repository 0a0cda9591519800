"""The referee: replay a table log through the rules and report.

:func:`replay` folds the events into a :class:`~engine.game.Game`; a log that cannot
be replayed raises :class:`~engine.events.LogError` naming the line. Rules broken
at the table (verzaken) are findings in the report, not errors.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import engine.klaverjassen  # noqa: F401  (registers the game)
import engine.rikken  # noqa: F401  (registers the game)
from engine.events import LoggedEvent, LogError, MatchStart, read_log
from engine.game import Game, new_game


def replay(events: Iterable[LoggedEvent], source: str = "<log>") -> Game:
    """The state a log leads to; raise :class:`LogError` at the first event that cannot happen."""
    game: Game | None = None
    last_line = 0
    for logged in events:
        last_line = logged.line
        event = logged.event
        try:
            if game is None:
                if not isinstance(event, MatchStart):
                    raise ValueError(f"the log must start with a 'match' event, not {event.type!r}")
                game = new_game(event)
            else:
                game.apply(event)
        except ValueError as exc:
            raise LogError(source, logged.line, str(exc)) from None
    if game is None:
        raise LogError(source, last_line, "the log has no events (it must start with a 'match' event)")
    return game


def referee_file(path: str | Path) -> Game:
    return replay(read_log(path), str(path))
