"""The journal is the table log: durable, exportable, resumable."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from device.journal import Journal, JournalError
from engine.events import MatchStart, parse_log
from engine.referee import replay
from engine.simulate import klaverjas_match


def test_export_replays_to_the_same_score(tmp_path: Path) -> None:
    game, events = klaverjas_match(random.Random(4), hands=3)
    journal = Journal(tmp_path / "j.sqlite")
    assert isinstance(events[0], MatchStart)
    mid = journal.start_match(events[0])
    for e in events[1:]:
        journal.append(mid, e)
    text = journal.export(mid)
    again = replay(parse_log(text.splitlines()))
    assert again.report() == game.report()


def test_wal_and_full_sync(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite")
    assert journal.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert journal.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_an_event_is_on_disk_when_append_returns(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    _, events = klaverjas_match(random.Random(1), hands=1)
    journal = Journal(path)
    mid = journal.start_match(events[0])  # type: ignore[arg-type]
    journal.append(mid, events[1])
    # another connection (a restarted process) sees it without any close or commit by us
    other = sqlite3.connect(str(path))
    assert other.execute("SELECT COUNT(*) FROM events").fetchone()[0] == 2


def test_undo_leaves_the_row_but_not_the_log(tmp_path: Path) -> None:
    _, events = klaverjas_match(random.Random(2), hands=1)
    journal = Journal(tmp_path / "j.sqlite")
    mid = journal.start_match(events[0])  # type: ignore[arg-type]
    for e in events[1:5]:
        journal.append(mid, e)
    journal.undo_last(mid)
    assert journal.events(mid) == events[:4]
    assert journal.db.execute("SELECT COUNT(*) FROM events WHERE undone = 1").fetchone()[0] == 1
    for _ in range(10):
        journal.undo_last(mid)
    assert journal.events(mid) == events[:1]  # the match event stays


def test_resume_finds_the_unfinished_match(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    _, events = klaverjas_match(random.Random(3), hands=1)
    journal = Journal(path)
    done = journal.start_match(events[0])  # type: ignore[arg-type]
    journal.finish(done)
    live = journal.start_match(events[0])  # type: ignore[arg-type]
    journal.append(live, events[1])
    journal.close()
    assert Journal(path).unfinished() == live


def test_not_a_journal(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("shopping list\n" * 100)
    with pytest.raises(JournalError, match="cannot open the journal"):
        Journal(path)
    with pytest.raises(JournalError, match="no match 7"):
        Journal(tmp_path / "j.sqlite").export(7)


def test_tafel_export_writes_the_log_the_referee_reads(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from device.cli import main

    game, events = klaverjas_match(random.Random(8), hands=2)
    path = tmp_path / "j.sqlite"
    journal = Journal(path)
    mid = journal.start_match(events[0])  # type: ignore[arg-type]
    for e in events[1:]:
        journal.append(mid, e)
    out = tmp_path / "match.jsonl"
    assert main(["export", "--journal", str(path), "-o", str(out)]) == 0
    assert main(["referee", str(out), "--json"]) == 0
    import json

    report = json.loads(capsys.readouterr().out)
    assert report["totals"] == game.totals()
    assert main(["export", "--journal", str(path), "--list"]) == 0
    assert "klaverjassen" in capsys.readouterr().out
    assert main(["export", "--journal", str(tmp_path / "none.sqlite")]) == 2
    assert "no journal here" in capsys.readouterr().err
    assert main(["export", "--journal", str(path), "--match", "99"]) == 2
    assert "no match 99" in capsys.readouterr().err
