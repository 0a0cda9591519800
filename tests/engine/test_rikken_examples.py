"""The rikken example logs under examples/, with verdicts checked by hand against the seed.

Each verdict was worked out from the printed tricks: the trick winners by hand (highest
trump, else highest card of the suit led, ace high) and the score by section 6.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from device.cli import main
from engine.referee import referee_file

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def report(name: str) -> dict[str, Any]:
    game = referee_file(EXAMPLES / name)
    result: dict[str, Any] = game.report()
    json.dumps(result)  # the report is plain JSON
    return result


def test_vraag_mee_made_with_one_overtrick() -> None:
    r = report("rikken-vraag-mee.jsonl")
    (hand,) = r["hands"]
    c = hand["contract"]
    assert (c["kind"], c["declarers"], c["trump"], c["target"], c["leader"]) == ("vraag-mee", ["E", "W"], "D", 8, "E")
    assert hand["tricks_won"] == {"N": 3, "E": 6, "S": 1, "W": 3} and c["tricks"] == 9
    assert hand["score"] == {"N": -3, "E": 3, "S": -3, "W": 3}  # 2 for ne juste + 1 overtrick
    assert r["totals"] == hand["score"] and hand["violations"] == []


def test_alleen_with_six_tricks_deal_unknown() -> None:
    (hand,) = report("rikken-alleen.jsonl")["hands"]
    c = hand["contract"]
    assert [a["bid"] for a in hand["auction"]] == ["vraag", "pas", "pas", "pas", "alleen"]
    assert (c["kind"], c["declarers"], c["target"], c["tricks"]) == ("alleen", ["S"], 5, 6)
    assert hand["score"] == {"N": -3, "E": -3, "S": 9, "W": -3}  # 6 + 3 for one overtrick


def test_abondance_in_the_turned_suit_beats_clubs() -> None:
    (hand,) = report("rikken-abondance.jsonl")["hands"]
    c = hand["contract"]
    assert hand["turn"] == "KS"
    assert (c["kind"], c["bid"], c["declarers"], c["trump"], c["leader"]) == ("abondance", "abondance 9 S", ["N"], "S", "N")
    assert c["tricks"] == 10
    assert hand["score"] == {"N": 15, "E": -5, "S": -5, "W": -5}  # no overtricks in abondance


def test_miserie_two_players_one_wins_with_the_dealers_exchange() -> None:
    (hand,) = report("rikken-miserie.jsonl")["hands"]
    c = hand["contract"]
    assert (c["kind"], c["declarers"], c["trump"], c["leader"]) == ("miserie", ["E", "W"], None, "N")
    assert hand["exchange"] == [
        {"seat": "W", "card": "2D", "from": "E", "refused": True},
        {"seat": "W", "card": "2S", "from": "N", "refused": False},
    ]
    assert hand["tricks"][1]["cards"][0] == "TC" and hand["tricks"][1]["leader"] == "N"  # N got the turned TC
    assert c["miserie"] == {"E": "lost", "W": "won"}
    assert hand["score"] == {"N": 0, "E": -28, "S": 0, "W": 28}


def test_troel_deal_unknown_partner_from_the_lead() -> None:
    (hand,) = report("rikken-troel.jsonl")["hands"]
    c = hand["contract"]
    assert (c["kind"], c["declarers"], c["partner"], c["called"], c["trump"], c["target"]) == (
        "troel", ["E"], "N", "AS", "S", 8)
    assert hand["tricks"][0]["leader"] == "N" and hand["tricks"][0]["cards"][0] == "AS"
    assert c["tricks"] == 9  # N 2 + E 7
    assert hand["score"] == {"N": 6, "E": 6, "S": -6, "W": -6}  # (2 + 1) x 2


def test_verzaken_proven_later_defenders_lose() -> None:
    (hand,) = report("rikken-verzaakt.jsonl")["hands"]
    assert hand["violations"] == [
        {"seat": "N", "trick": 3, "rule": "follow-suit", "card": "3C", "proof": {"trick": 6, "card": "8D"}}
    ]
    c = hand["contract"]
    assert (c["tricks"], c["scored_tricks"], c["result"]) == (7, 8, "verzaakt")
    assert hand["score"] == {"N": -2, "E": -2, "S": 2, "W": 2}


def test_session_misdeal_all_pass_solo_stopped_open_miserie() -> None:
    r = report("rikken-session.jsonl")
    h1, h2, h3, h4 = r["hands"]
    assert h1["dealer"] == h2["dealer"] == "N" and h1["result"] == "misdeal"
    assert h1["score"] == {"N": -3, "E": 1, "S": 1, "W": 1}
    assert h2["result"] == "all-pass" and h2["score"] == dict.fromkeys("NESW", 0)
    assert h3["contract"]["bid"] == "solo -" and h3["contract"]["trump"] is None and len(h3["tricks"]) == 2
    assert h3["score"] == {"N": 25, "E": 25, "S": 25, "W": -75}
    assert sorted(h4["open_hands"]["W"]) == sorted("4C 3D 5D 9D JD 5H 4S 5S 7S 8S 9S JS QS".split())
    assert h4["score"] == {"N": -14, "E": -14, "S": -14, "W": 42}
    assert r["totals"] == {"N": 8, "E": 12, "S": 12, "W": -32}


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("rikken-*.jsonl")))
def test_every_example_is_zero_sum_and_prints(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    r = report(name)
    assert sum(r["totals"].values()) == 0
    assert main(["referee", str(EXAMPLES / name)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Rikken") and "Totals" in text


@pytest.mark.parametrize("line, message", [
    ('{"type": "bid", "seat": "E", "bid": "mee"}', "bid 'mee' by E: nobody asked"),
    ('{"type": "bid", "seat": "S", "bid": "vraag"}', "bid 'vraag' by S out of turn: it is E's turn to bid"),
    ('{"type": "bid", "seat": "E", "bid": "abondance 13 S"}', "unknown rikken bid 'abondance 13 S'"),
    ('{"type": "play", "seat": "E", "card": "2C"}', "play 2C by E during the auction"),
    ('{"type": "exchange", "seat": "N", "card": "2C", "from": "E"}', "the dealer exchanges after the bidding"),
])
def test_a_log_that_cannot_be_replayed_names_the_line(tmp_path: Path, line: str, message: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text('{"type": "match", "game": "rikken"}\n{"type": "deal", "dealer": "N"}\n'
                   '{"type": "turn", "card": "7D"}\n' + line + "\n")
    assert main(["referee", str(log)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{log}:4: ") and message in err, err
