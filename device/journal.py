"""The journal: every table event, durable, before the screen shows it.

SQLite in WAL mode with ``synchronous=FULL``: an event is on disk when
:meth:`Journal.append` returns, so a power cut loses nothing the players saw. The
journal *is* the table log of shared/spec/table-log.md: :meth:`Journal.export` writes
a match as JSON Lines that ``tafel referee`` replays. Undo does not delete: the row is
marked undone and left out of the log, so the journal keeps what happened at the table.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from engine.events import Event, MatchStart, event_from_dict

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    started REAL NOT NULL,
    finished REAL
);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches(id),
    written REAL NOT NULL,
    line TEXT NOT NULL,
    undone INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS events_by_match ON events(match_id, id);
"""


class JournalError(Exception):
    """The journal file cannot be opened or is not a Tafel journal."""


@dataclass(frozen=True)
class MatchInfo:
    id: int
    started: float
    finished: float | None
    events: int
    game: str


class Journal:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.executescript(SCHEMA)
        except (sqlite3.Error, OSError) as exc:
            raise JournalError(f"{self.path}: cannot open the journal: {exc}") from None

    def close(self) -> None:
        self.db.close()

    # -- writing

    def start_match(self, match: MatchStart) -> int:
        with self.db:
            cur = self.db.execute("INSERT INTO matches(started) VALUES (?)", (time.time(),))
            match_id = int(cur.lastrowid or 0)
            self._insert(match_id, match)
        return match_id

    def append(self, match_id: int, event: Event) -> None:
        """Write one event; it is on disk when this returns."""
        with self.db:
            self._insert(match_id, event)

    def _insert(self, match_id: int, event: Event) -> None:
        self.db.execute(
            "INSERT INTO events(match_id, written, line) VALUES (?, ?, ?)",
            (match_id, time.time(), event.to_json()),
        )

    def undo_last(self, match_id: int) -> None:
        """Mark the match's last live event undone (never the match event itself)."""
        with self.db:
            row = self.db.execute(
                "SELECT id FROM events WHERE match_id = ? AND undone = 0 ORDER BY id DESC LIMIT 1 OFFSET 0",
                (match_id,),
            ).fetchone()
            first = self.db.execute(
                "SELECT MIN(id) FROM events WHERE match_id = ?", (match_id,)
            ).fetchone()
            if row is not None and row[0] != first[0]:
                self.db.execute("UPDATE events SET undone = 1 WHERE id = ?", (row[0],))

    def finish(self, match_id: int) -> None:
        with self.db:
            self.db.execute("UPDATE matches SET finished = ? WHERE id = ?", (time.time(), match_id))

    # -- reading

    def events(self, match_id: int) -> list[Event]:
        rows = self.db.execute(
            "SELECT line FROM events WHERE match_id = ? AND undone = 0 ORDER BY id", (match_id,)
        ).fetchall()
        return [event_from_dict(json.loads(line)) for (line,) in rows]

    def unfinished(self) -> int | None:
        """The most recent match not finished, to resume after a restart."""
        row = self.db.execute("SELECT id FROM matches WHERE finished IS NULL ORDER BY id DESC LIMIT 1").fetchone()
        return int(row[0]) if row else None

    def matches(self) -> list[MatchInfo]:
        out = []
        for mid, started, finished in self.db.execute("SELECT id, started, finished FROM matches ORDER BY id"):
            events = self.events(mid)
            game = events[0].game if events and isinstance(events[0], MatchStart) else "?"
            out.append(MatchInfo(mid, started, finished, len(events), game))
        return out

    def latest(self) -> int | None:
        row = self.db.execute("SELECT MAX(id) FROM matches").fetchone()
        return int(row[0]) if row and row[0] is not None else None

    def export(self, match_id: int) -> str:
        """The match as a table log (JSON Lines)."""
        if not self.db.execute("SELECT 1 FROM matches WHERE id = ?", (match_id,)).fetchone():
            raise JournalError(f"{self.path}: no match {match_id} in the journal")
        return "".join(e.to_json() + "\n" for e in self.events(match_id))
