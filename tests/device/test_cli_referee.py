"""`tafel referee` as a user runs it: the example logs, the JSON contract, bad logs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from device.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def referee_json(capsys: pytest.CaptureFixture[str], log: Path) -> dict:
    code, out, err = run(capsys, "referee", str(log), "--json")
    assert code == 0, err
    return json.loads(out)


def test_normal_hand(capsys: pytest.CaptureFixture[str]) -> None:
    report = referee_json(capsys, EXAMPLES / "klaverjassen-normal.jsonl")
    [hand] = report["hands"]
    assert (hand["dealer"], hand["trump"], hand["maker"], hand["result"]) == ("E", "D", "S", "made")
    assert hand["points"] == {"NS": 90, "EW": 72} and hand["roem"] == {"NS": 20, "EW": 20}
    assert hand["score"] == {"NS": 110, "EW": 92} == report["totals"]
    assert [t["roem"] for t in hand["tricks"]] == [20, 0, 0, 0, 0, 0, 20, 0]
    assert sum(t["points"] for t in hand["tricks"]) == 162


def test_nat_is_the_seeds_worked_example(capsys: pytest.CaptureFixture[str]) -> None:
    report = referee_json(capsys, EXAMPLES / "klaverjassen-nat.jsonl")
    [hand] = report["hands"]
    assert hand["makers"] == "EW" and hand["points"] == {"NS": 92, "EW": 70}
    assert hand["roem"] == {"NS": 20, "EW": 20}
    assert (hand["result"], hand["score"]) == ("nat", {"NS": 162 + 40, "EW": 0})


def test_pit(capsys: pytest.CaptureFixture[str]) -> None:
    [hand] = referee_json(capsys, EXAMPLES / "klaverjassen-pit.jsonl")["hands"]
    assert all(t["winner"] == "N" for t in hand["tricks"])
    assert (hand["result"], hand["score"]) == ("pit", {"NS": 262, "EW": 0})


def test_verzaking_proven_three_tricks_later(capsys: pytest.CaptureFixture[str]) -> None:
    [hand] = referee_json(capsys, EXAMPLES / "klaverjassen-verzaakt.jsonl")["hands"]
    assert hand["violations"] == [
        {"seat": "N", "trick": 3, "rule": "follow-suit", "card": "7D", "proof": {"trick": 6, "card": "TH"}}
    ]
    assert (hand["result"], hand["score"]) == ("verzaakt", {"NS": 0, "EW": 262})


def test_whole_match(capsys: pytest.CaptureFixture[str]) -> None:
    report = referee_json(capsys, EXAMPLES / "klaverjassen-match.jsonl")
    assert len(report["hands"]) == 16 and report["complete"] is True
    assert report["totals"] == {t: sum(h["score"][t] for h in report["hands"]) for t in ("NS", "EW")}


def test_json_keeps_the_spec_keys(capsys: pytest.CaptureFixture[str]) -> None:
    report = referee_json(capsys, EXAMPLES / "klaverjassen-verzaakt.jsonl")
    assert {"game", "hands", "totals"} <= set(report)
    hand = report["hands"][0]
    assert {"dealer", "tricks", "violations", "score"} <= set(hand)
    assert {"leader", "cards", "winner", "points", "roem"} <= set(hand["tricks"][0])
    assert {"seat", "trick", "rule", "proof"} <= set(hand["violations"][0])


def test_readable_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "referee", str(EXAMPLES / "klaverjassen-verzaakt.jsonl"))
    assert code == 0
    assert "Verzaakt: N (Anna) in trick 3 did not follow suit" in out
    assert "showed TH in trick 6" in out
    assert "Totals (match complete): NS 0  EW 262" in out
    code, out, _ = run(capsys, "referee", str(EXAMPLES / "klaverjassen-normal.jsonl"))
    assert "roem 20 I" in out


BAD_LOGS = [
    ('{"type": "deal", "dealer": "N"}\n', 1, "must start with a 'match' event"),
    ('{"type": "match", "game": "klaverjassen"}\n{oops\n', 2, "not valid JSON"),
    ('{"type": "match", "game": "poker"}\n', 1, "unknown game 'poker'"),
    ('{"type": "match", "game": "sixty-six"}\n', 1, "not implemented yet"),
    ('{"type": "match", "game": "klaverjassen", "rules": {"variant": "x"}}\n', 1, "cannot be 'x'"),
    ('{"type": "match", "game": "klaverjassen"}\n{"type": "deal", "dealer": "N"}\n'
     '{"type": "trump", "suit": "H", "maker": "E"}\n{"type": "play", "seat": "E", "card": "ZZ"}\n', 4, "unknown card 'ZZ'"),
    ('{"type": "match", "game": "klaverjassen"}\n{"type": "deal", "dealer": "N"}\n'
     '{"type": "trump", "suit": "H", "maker": "E"}\n{"type": "play", "seat": "E", "card": "JH"}\n'
     '{"type": "play", "seat": "S", "card": "JH"}\n', 5, "already played"),
    ('{"type": "match", "game": "klaverjassen"}\n{"type": "deal", "dealer": "N"}\n'
     '{"type": "trump", "suit": "H", "maker": "E"}\n{"type": "play", "seat": "W", "card": "JH"}\n', 4, "out of turn"),
    ('{"type": "match", "game": "klaverjassen"}\n'
     '{"type": "deal", "dealer": "N", "hands": {"N": ["7H","8H","9H","TH","JH","QH","KH","AH","7S"], '
     '"E": [], "S": [], "W": []}}\n', 2, "N was dealt 9 cards"),
]


@pytest.mark.parametrize("text, line, message", BAD_LOGS)
def test_logs_that_cannot_be_replayed_exit_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, line: int, message: str
) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text(text)
    code, out, err = run(capsys, "referee", str(log))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"{log}:{line}: ") and message in err


def test_missing_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "referee", str(tmp_path / "nope.jsonl"))
    assert code == 2 and "nope.jsonl: cannot read the log: No such file or directory" in err


def test_not_utf8(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "latin.jsonl"
    log.write_bytes(b'{"type": "match", "game": "klaverjassen"}\n{"type": "deal", "dealer": "\xe9"}\n')
    code, _, err = run(capsys, "referee", str(log))
    assert code == 2 and err.startswith(f"{log}:2: not UTF-8")


def test_unfinished_hand_is_reported_without_a_score(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = (EXAMPLES / "klaverjassen-normal.jsonl").read_text().splitlines()[:-5]
    log = tmp_path / "cut.jsonl"
    log.write_text("\n".join(lines) + "\n")
    report = referee_json(capsys, log)
    hand = report["hands"][0]
    assert hand["complete"] is False and hand["score"] is None and report["totals"] == {"NS": 0, "EW": 0}


EVENT_LINES = st.sampled_from([
    '{"type": "match", "game": "klaverjassen"}',
    '{"type": "deal", "dealer": "N"}',
    '{"type": "deal", "dealer": "Q"}',
    '{"type": "trump", "suit": "H", "maker": "E"}',
    '{"type": "roll", "suit": "S"}',
    '{"type": "bid", "seat": "E", "bid": "pass"}',
    '{"type": "claim", "seat": "E", "what": "roem"}',
    '{"type": "claim", "seat": "E", "what": "66"}',
    '{"type": "play", "seat": "E", "card": "JH"}',
    '{"type": "play", "seat": "S", "card": "7H"}',
    '{"type": "play", "seat": "X", "card": "7H"}',
    '{"type": "play", "seat": "W", "card": "2C"}',
    '{"type": "turn", "card": "9H"}',
    '{"type": "match", "game": "klaverjassen", "seats": ["A"]}',
    '{"type": "match", "game": "klaverjassen", "rules": {"hands": "x"}}',
    '{"type": "deal", "dealer": "N", "hands": {"N": ["7H"]}}',
    "null", "{}", "[]", '"text"', "{", "# comment", "",
])


@settings(max_examples=300, deadline=None)
@given(st.lists(EVENT_LINES, max_size=12))
def test_no_input_gives_a_traceback(tmp_path_factory: pytest.TempPathFactory, lines: list[str]) -> None:
    log = tmp_path_factory.mktemp("fuzz") / "log.jsonl"
    log.write_text("\n".join(lines))
    code = main(["referee", str(log), "--json"])
    assert code in (0, 2)


def test_the_installed_command(tmp_path: Path) -> None:
    """The console script a user types, in a real process."""
    exe = Path(sys.executable).with_name("tafel")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "device.cli"]
    done = subprocess.run([*cmd, "referee", str(EXAMPLES / "klaverjassen-pit.jsonl")],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0 and "NS pit" in done.stdout
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{")
    done = subprocess.run([*cmd, "referee", str(bad)], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr and done.stderr.count("\n") == 1


def test_rules_lists_the_named_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "klaverjassen")
    assert code == 0
    for option in ("variant", "partner_winning", "trump_choice", "all_pass", "roem_must_be_claimed", "penalty", "hands"):
        assert option in out
    code, _, err = run(capsys, "rules", "poker")
    assert code == 2 and "unknown" in err


def test_bench_engine_prints_hands_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", "engine", "--seconds", "0.2")
    assert code == 0 and out.count("hands/s") >= 3
