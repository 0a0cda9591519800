import pytest

from engine.cards import Card, Suit
from engine.events import Deal, LogError, Play, TrumpChosen, event_from_dict, parse_log, write_log


def test_events_round_trip_in_canonical_form() -> None:
    lines = [
        '{"type": "match", "game": "klaverjassen", "rules": {"variant": "amsterdam"}}',
        '{"type": "deal", "dealer": "N"}',
        '{"type": "trump", "suit": "h", "maker": "E"}',
        '{"type": "play", "seat": "E", "card": "10h"}',
    ]
    events = [e.event for e in parse_log(lines)]
    assert events[2] == TrumpChosen(Suit.HEARTS, "E")
    assert events[3] == Play("E", Card.parse("TH"))
    text = write_log(events)
    assert '"card": "TH"' in text and '"suit": "H"' in text
    assert [e.event for e in parse_log(text.splitlines())] == events


def test_blank_lines_and_comments_are_skipped_and_lines_are_counted() -> None:
    logged = list(parse_log(["# a comment", "", '{"type": "deal", "dealer": "S"}']))
    assert logged[0].line == 3 and logged[0].event == Deal("S")


@pytest.mark.parametrize(
    "line, message",
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"dealer": "N"}', "no 'type'"),
        ('{"type": "shuffle"}', "unknown event type 'shuffle'"),
        ('{"type": "play", "seat": "N"}', "needs a 'card'"),
        ('{"type": "play", "seat": "N", "card": "1H"}', "unknown card '1H'"),
        ('{"type": "play", "seat": "N", "card": 7}', "must be a card"),
        ('{"type": "trump", "suit": "X", "maker": "N"}', "unknown suit 'X'"),
        ('{"type": "deal", "dealer": "N", "hands": {"N": "7H 8H"}}', "must be a list of cards"),
        ('{"type": "match", "game": "klaverjassen", "seats": ["N", "N", "S", "W"]}', "distinct seat names"),
    ],
)
def test_bad_lines_name_the_line_and_the_problem(line: str, message: str) -> None:
    with pytest.raises(LogError) as info:
        list(parse_log(['{"type": "deal", "dealer": "N"}', line], "game.jsonl"))
    assert str(info.value).startswith("game.jsonl:2: ")
    assert message in str(info.value)


def test_event_from_dict_accepts_play_dicts() -> None:
    assert event_from_dict({"type": "play", "seat": "W", "card": "as"}) == Play("W", Card.parse("AS"))
