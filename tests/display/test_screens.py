"""Every screen renders at 800x480 and 1920x1080 from real simulated games, and shows
what a player at the table would look for."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pygame
import pytest

from display import Menu, Question, Screen, Status, choose_screen, render
from display import theme
from display.canvas import TEXT_FLOOR, Canvas, Drawn, font, pip_surface, recording
from display.common import STRIP
from display.scenarios import Scenario, scenarios
from display.summary import running_totals
from engine.cards import Card, Suit
from engine.klaverjassen import Klaverjassen, Phase
from engine.rikken import Rikken
from engine.simulate import klaverjas_match

from tests.display.conftest import SIZES

NAMES = [s.name for s in scenarios()]


def draw(scenario: Scenario, size: tuple[int, int]) -> tuple[pygame.Surface, list[Drawn]]:
    surface = pygame.Surface(size)
    surface.fill((255, 0, 255))  # a colour no screen uses: any pixel left in it was never drawn
    with recording() as log:
        render(surface, scenario.game, scenario.status)
    return surface, log


def fraction(surface: pygame.Surface, test: object, step: int = 7) -> float:
    """Share of sampled pixels for which ``test(r, g, b)`` holds."""
    w, h = surface.get_size()
    hits = total = 0
    for y in range(0, h, step):
        for x in range(0, w, step):
            r, g, b, _ = surface.get_at((x, y))
            total += 1
            hits += bool(test(r, g, b))  # type: ignore[operator]
    return hits / total


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", NAMES)
def test_every_screen_fills_the_surface_and_fits_its_text(all_scenarios: dict[str, Scenario], name: str,
                                                           size: tuple[int, int]) -> None:
    scenario = all_scenarios[name]
    surface, log = draw(scenario, size)
    bounds = surface.get_rect()
    # The problem and message strips take their height off the screen, which then scales down.
    unit = min(size[0] / 800, size[1] / 480)
    strip = round(STRIP * unit) * (bool(scenario.status.problems) + bool(scenario.status.message))
    floor = font(round(TEXT_FLOOR * min(size[0] / 800, (size[1] - strip) / 480))).get_height() - 1
    # Nothing left undrawn, and not a blank screen.
    assert fraction(surface, lambda r, g, b: (r, g, b) == (255, 0, 255)) == 0
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(0, size[0], 13) for y in range(0, size[1], 13)}
    assert len(colours) > 20
    texts = [d for d in log if d.kind == "text"]
    assert len(texts) >= 3
    for d in log:
        assert bounds.contains(d.rect), f"{d.kind} {d.label!r} at {d.rect} runs off the {size} screen"
    for d in texts:
        assert not d.clipped, f"{d.label!r} had to be cut to fit {d.box} at {size}"
        assert d.box is not None
        assert d.box.left - 1 <= d.rect.left and d.rect.right <= d.box.right + 1, \
            f"{d.label!r} ({d.rect}) wider than its box {d.box}"
        # Readable from 1.5 m: nothing below the floor (18 units: a 12 px line on the 7" screen).
        assert d.rect.h >= floor, f"{d.label!r} is too small ({d.rect.h} px, floor {floor:.1f})"


@pytest.mark.parametrize("name", [n for n in NAMES if n not in ("question",)])
def test_texts_do_not_overlap(all_scenarios: dict[str, Scenario], name: str) -> None:
    """Two texts drawn over each other are unreadable (the question overlay is meant to
    cover the table, so it is left out)."""
    _, log = draw(all_scenarios[name], (800, 480))
    texts = [d for d in log if d.kind == "text" and d.label.strip()]
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            overlap = a.rect.clip(b.rect)
            # Line boxes include the font's leading: allow a sliver where lines touch.
            assert overlap.w * overlap.h <= 0.15 * min(a.rect.w * a.rect.h, b.rect.w * b.rect.h), \
                f"{a.label!r} {a.rect} overlaps {b.label!r} {b.rect}"


def test_rendering_does_not_change_the_game(all_scenarios: dict[str, Scenario]) -> None:
    for scenario in all_scenarios.values():
        game = scenario.game
        if game is None:
            continue
        before = json.dumps(game.report(), sort_keys=True)
        events = list(game.events)
        status = copy.deepcopy(scenario.status) if scenario.status.calibration is None else scenario.status
        for size in SIZES:
            for screen in Screen:
                draw(Scenario(scenario.name, game, _with_screen(scenario.status, screen)), size)
        assert json.dumps(game.report(), sort_keys=True) == before, scenario.name
        assert game.events == events
        assert scenario.status == status


def _with_screen(status: Status, screen: Screen) -> Status:
    return Status(names=status.names, problems=status.problems, message=status.message, question=status.question,
                  verzaking=status.verzaking, trump_pick=status.trump_pick, screen=screen)


def test_every_screen_choice_renders_for_every_state(all_scenarios: dict[str, Scenario]) -> None:
    """Asking for a screen that does not fit the moment (a hand summary before any hand is
    scored, a verzaking when there is none) still draws something sensible."""
    surface = pygame.Surface((800, 480))
    for scenario in all_scenarios.values():
        for screen in Screen:
            with recording() as log:
                render(surface, scenario.game, _with_screen(Status(), screen))
            assert [d for d in log if d.kind == "text"], (scenario.name, screen)


# -- the table --------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_trick_cards_sit_at_their_seats(all_scenarios: dict[str, Scenario], size: tuple[int, int]) -> None:
    scenario = all_scenarios["table"]
    game = scenario.game
    assert isinstance(game, Klaverjassen) and game.hand is not None
    trick = game.hand.current_trick
    assert trick is not None and len(trick.cards) == 3
    _, log = draw(scenario, size)
    cards = {d.label.split(":")[0]: d for d in log if d.kind == "card" and not d.label.startswith("last:")}
    assert set(cards) == {"N", "E", "S", "W"}
    for seat, card in zip(trick.seats, trick.cards):
        assert cards[seat].label == f"{seat}:{card}"
    to_move = game.hand.to_move()
    assert to_move is not None and cards[to_move].label.endswith(":empty")
    n, e, s, w = (cards[x].rect for x in "NESW")
    assert n.bottom < s.top and w.right < e.left
    assert n.bottom <= w.centery <= s.top and n.bottom <= e.centery <= s.top
    assert w.right <= n.centerx <= e.left and w.right <= s.centerx <= e.left
    rects = [n, e, s, w]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


def test_names_turn_and_trump_are_shown(all_scenarios: dict[str, Scenario]) -> None:
    scenario = all_scenarios["table"]
    game = scenario.game
    assert isinstance(game, Klaverjassen) and game.hand is not None and game.hand.trump is not None
    surface, log = draw(scenario, (800, 480))
    labels = [d.label for d in log if d.kind == "text"]
    for name in ("Anna", "Bram", "Cor", "Daan"):
        assert name in labels
    assert f"{game.hand.trump.symbol} {game.hand.trump.dutch}" in labels
    assert "to play" in labels
    totals = game.totals()
    assert str(totals["NS"]) in labels and str(totals["EW"]) in labels
    # Whose turn is amber: the plate of the seat to move.
    to_move = game.hand.to_move()
    plate = next(d for d in log if d.kind == "panel" and d.label == f"plate:{scenario.game.match.names[to_move]}")  # type: ignore[union-attr,index]
    assert tuple(surface.get_at((plate.rect.x + plate.rect.w // 2, plate.rect.bottom - 4)))[:3] == theme.ACCENT


def test_roem_badge_when_a_trick_brings_roem(all_scenarios: dict[str, Scenario]) -> None:
    scenario = all_scenarios["roem"]
    game = scenario.game
    assert isinstance(game, Klaverjassen) and game.hand is not None
    roem = game.hand.trick_roem(game.hand.tricks[-1])
    _, log = draw(scenario, (800, 480))
    assert any(d.kind == "panel" and d.label == "roem" for d in log)
    assert any(d.kind == "text" and d.label.startswith(f"ROEM {roem}") for d in log)
    # No badge while a trick without roem is in play.
    _, log = draw(all_scenarios["table"], (800, 480))
    assert not any(d.label == "roem" for d in log)


def test_klassiek_die_shows_the_proposed_suit_and_passes(all_scenarios: dict[str, Scenario]) -> None:
    scenario = all_scenarios["die"]
    game = scenario.game
    assert isinstance(game, Klaverjassen) and game.hand is not None and game.hand.proposal is not None
    assert game.hand.phase is Phase.TRUMP
    surface, log = draw(scenario, (800, 480))
    labels = [d.label for d in log if d.kind == "text"]
    assert game.hand.proposal.dutch in labels
    assert labels.count("passed") == len(game.hand.passes)
    assert "play or pass?" in labels
    assert f"play {game.hand.proposal.dutch}" in labels  # what OK does now


def test_suits_are_shapes_not_missing_glyphs() -> None:
    """The built-in font has no suit glyphs; our shapes must differ from each other."""
    masks = {s: pygame.mask.from_surface(pip_surface(s, 40)) for s in Suit}
    for suit, mask in masks.items():
        assert 0.3 < mask.count() / (40 * 40) < 0.8, suit
    suits = list(Suit)
    for i, a in enumerate(suits):
        for b in suits[i + 1:]:
            both = masks[a].overlap_area(masks[b], (0, 0))
            differ = masks[a].count() + masks[b].count() - 2 * both
            assert differ > 0.15 * max(masks[a].count(), masks[b].count()), (a, b)
    # Hearts point down, spades up: more ink in the top half of a heart than a spade.
    top = pygame.Rect(0, 0, 40, 20)

    def ink(suit: Suit) -> int:
        return sum(1 for x in range(top.w) for y in range(top.h) if masks[suit].get_at((x, y)))

    assert ink(Suit.HEARTS) > ink(Suit.SPADES)


def test_suit_colours_are_four_and_never_alone() -> None:
    assert len(set(theme.SUIT_COLOURS.values())) == 4
    surface = pygame.Surface((200, 120))
    surface.fill(theme.BACKGROUND)
    c = Canvas(surface)
    with recording() as log:
        c.card(Card.parse("TH"), pygame.Rect(10, 10, 60, 90), "x")
    assert log[-1].label == "x:TH"
    # The suit's shape is on the card in its colour.
    assert fraction(surface, lambda r, g, b: (r, g, b) == theme.SUIT_COLOURS[Suit.HEARTS], step=1) > 0.02


# -- takeovers --------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_verzaking_takes_over_in_red(all_scenarios: dict[str, Scenario], size: tuple[int, int]) -> None:
    scenario = all_scenarios["verzaking"]
    v = scenario.status.verzaking
    assert v is not None
    surface, log = draw(scenario, size)
    red = fraction(surface, lambda r, g, b: r > 100 and g < 40 and b < 50)
    assert red > 0.6
    labels = [d.label for d in log if d.kind == "text"]
    assert "VERZAAKT" in labels
    assert f"Anna ({v.seat}) · trick {v.trick}" in labels or any(f"trick {v.trick}" in x for x in labels)
    from engine.klaverjassen import RULE_TEXT
    assert RULE_TEXT[v.rule] in labels
    cards = {d.label for d in log if d.kind == "card"}
    assert {f"played:{v.card}", f"proof:{v.proof_card}"} <= cards


def test_auto_shows_a_verzaking_the_device_raised_and_menu_comes_first(all_scenarios: dict[str, Scenario]) -> None:
    scenario = all_scenarios["verzaking"]
    assert choose_screen(scenario.game, scenario.status) is Screen.VERZAKING
    assert choose_screen(scenario.game, Status()) is Screen.TABLE  # acknowledged: back to the table
    menu = Menu("Menu", ("a", "b"), 0)
    assert choose_screen(scenario.game, Status(verzaking=scenario.status.verzaking, menu=menu)) is Screen.MENU
    # The verzaking screen on request shows the hand's first verzaking, from the engine.
    with recording() as log:
        render(pygame.Surface((800, 480)), scenario.game, Status(screen=Screen.VERZAKING))
    assert "VERZAAKT" in [d.label for d in log]


def test_auto_follows_the_game() -> None:
    game, _ = klaverjas_match(random.Random(3), {"hands": 2}, hands=1)
    assert game.hand is not None and game.hand.phase is Phase.DONE
    assert choose_screen(game, Status()) is Screen.HAND_SUMMARY
    done, _ = klaverjas_match(random.Random(3), {"hands": 2}, hands=2)
    assert done.is_over and choose_screen(done, Status()) is Screen.MATCH_SUMMARY
    assert choose_screen(done, Status(screen=Screen.TABLE)) is Screen.TABLE
    assert choose_screen(None, Status()) is Screen.TABLE


def test_question_shows_guess_alternatives_and_buttons(all_scenarios: dict[str, Scenario]) -> None:
    scenario = all_scenarios["question"]
    q = scenario.status.question
    assert q is not None
    _, log = draw(scenario, (800, 480))
    cards = [d.label for d in log if d.kind == "card"]
    assert f"guess:{q.seat}:{q.card}" in cards
    assert all(f"alt{i}:{alt}" in cards for i, alt in enumerate(q.alternatives))
    labels = [d.label for d in log if d.kind == "text"]
    assert f"{round(q.confidence * 100)}% sure" in labels
    for words in (q.ok, q.next, q.undo):
        assert words in labels


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_problem_strip_does_not_hide_the_table(all_scenarios: dict[str, Scenario], size: tuple[int, int]) -> None:
    scenario = all_scenarios["problems"]
    surface, log = draw(scenario, size)
    labels = [d.label for d in log if d.kind == "text"]
    assert "CAMERA LOST  ·  SERIAL UNPLUGGED" in labels
    strip_top = min(d.rect.top for d in log if d.kind == "text" and d.label.startswith(("CAMERA", "E played")))
    for d in log:
        if d.kind == "card":
            assert d.rect.bottom <= strip_top, f"{d.label} hidden under the strip"
    # The problem strip is red.
    assert tuple(surface.get_at((4, size[1] - 6)))[:3] == theme.PROBLEM


def test_long_menu_scrolls_to_the_chosen_item(all_scenarios: dict[str, Scenario]) -> None:
    scenario = all_scenarios["options"]
    menu = scenario.status.menu
    assert menu is not None
    for selected in range(len(menu.items)):
        chosen = Menu(menu.title, menu.items, selected)
        surface = pygame.Surface((800, 480))
        with recording() as log:
            render(surface, scenario.game, Status(menu=chosen))
        rows = {d.label: d.rect for d in log if d.kind == "panel" and d.label.startswith("item:")}
        assert f"item:{selected}" in rows
        row = rows[f"item:{selected}"]
        assert tuple(surface.get_at((row.right - 12, row.centery)))[:3] == theme.ACCENT
        assert menu.items[selected] in [d.label for d in log]


# -- summaries ---------------------------------------------------------------------------------


def test_hand_summary_shows_the_engine_score(all_scenarios: dict[str, Scenario]) -> None:
    scenario = all_scenarios["hand-summary"]
    game = scenario.game
    assert isinstance(game, Klaverjassen) and game.hand is not None
    score = game.hand.score()
    assert score is not None
    _, log = draw(scenario, (800, 480))
    labels = [d.label for d in log if d.kind == "text"]
    for team in game.teams:
        assert str(score.points[team]) in labels
        assert str(score.score[team]) in labels
        assert str(game.totals()[team]) in labels
    assert any(score.result.replace("made", "made it") in x for x in labels)


def test_match_chart_ends_at_the_totals(all_scenarios: dict[str, Scenario]) -> None:
    for name in ("match-summary", "rikken-hand-summary"):
        game = all_scenarios[name].game
        assert isinstance(game, (Klaverjassen, Rikken))
        keys, series = running_totals(game)
        totals = game.totals()
        assert [s[-1] for s in series] == [totals[k] for k in keys]
        assert all(s[0] == 0 for s in series)
    _, log = draw(all_scenarios["match-summary"], (800, 480))
    assert any(d.label == "chart" for d in log)
    game = all_scenarios["match-summary"].game
    assert isinstance(game, Klaverjassen) and game.is_over
    winner = max(game.teams, key=lambda t: game.totals()[t])
    assert f"{winner} win" in [d.label for d in log]


def test_rikken_bidding_shows_every_call(all_scenarios: dict[str, Scenario]) -> None:
    scenario = all_scenarios["rikken-bidding"]
    game = scenario.game
    assert isinstance(game, Rikken) and game.hand is not None and game.hand.auction is not None
    _, log = draw(scenario, (800, 480))
    labels = " | ".join(d.label for d in log if d.kind == "text")
    for _, call in game.hand.auction.calls:
        text = str(call)
        if call.suit is not None:
            text = text[: -len(call.suit.value)] + call.suit.symbol
        assert text in labels
    assert any(d.label == "turned:" + str(game.hand.turned) for d in log)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (640, 480)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_other_screen_sizes_still_fit(all_scenarios: dict[str, Scenario], size: tuple[int, int]) -> None:
    for name in ("table", "rikken-table", "verzaking", "hand-summary"):
        surface, log = draw(all_scenarios[name], size)
        for d in log:
            assert surface.get_rect().contains(d.rect), (name, d)
            assert not d.clipped, (name, d.label)


def test_screenshot_script_writes_small_pngs(tmp_path: Path) -> None:
    from display.screenshots import write_screenshots

    written = write_screenshots(tmp_path, ((800, 480),), only={"table", "verzaking"})
    assert sorted(p.name for p in written) == ["table-800x480.png", "verzaking-800x480.png"]
    for path in written:
        assert 0 < path.stat().st_size < 200_000
        assert pygame.image.load(str(path)).get_size() == (800, 480)


def test_committed_screenshots_are_named_after_scenarios() -> None:
    """The README links these files: each must still be a screen the script makes."""
    folder = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
    names = set(NAMES)
    for png in folder.glob("*.png"):
        stem, _, size = png.stem.rpartition("-")
        assert stem in names and size in ("800x480", "1920x1080"), png.name
        assert png.stat().st_size < 200_000, png.name


# -- every moment of whole matches ----------------------------------------------------------------




@pytest.mark.parametrize("seed", [5, 6])
@pytest.mark.parametrize("kind", ["verplicht", "klassiek", "rikken"])
def test_every_moment_of_a_match_renders_cleanly(kind: str, seed: int) -> None:
    """Replay whole simulated matches (with verzakingen, misdeals, forgotten troels) event
    by event and draw the automatic screen and the table after each: nothing is cut,
    nothing runs off the screen, and the screen never crashes on a state it has not seen."""
    from engine.events import MatchStart
    from engine.game import new_game
    from engine.simulate import rikken_session

    if kind == "rikken":
        _, events = rikken_session(random.Random(seed), 8, {"hands": 8}, verzaak_rate=0.05, forget_troel_rate=0.3,
                                   misdeal_rate=0.1)
    else:
        rules = {"trump_choice": kind, "hands": 3} | ({"all_pass": "forced_choice"} if kind == "klassiek" else {})
        _, events = klaverjas_match(random.Random(seed), rules, hands=3, verzaak_rate=0.04)
    first = events[0]
    assert isinstance(first, MatchStart)
    game = new_game(MatchStart(first.game, dict(first.rules), first.seats, {"N": "Wilhelmina", "E": "Bo"}))
    surface = pygame.Surface((800, 480))
    for event in [None, *events[1:]]:
        if event is not None:
            game.apply(event)
        for screen in (Screen.AUTO, Screen.TABLE, Screen.HAND_SUMMARY, Screen.MATCH_SUMMARY, Screen.VERZAKING):
            with recording() as log:
                render(surface, game, Status(screen=screen))
            for d in log:
                assert surface.get_rect().contains(d.rect), (event, d)
                assert not d.clipped, (event, screen, d.label, d.box)


def test_rendering_survives_pygame_being_restarted(all_scenarios: dict[str, Scenario]) -> None:
    """The device may quit and restart pygame (a new window); cached fonts must not be stale."""
    surface = pygame.Surface((800, 480))
    render(surface, all_scenarios["table"].game, Status())
    pygame.font.quit()
    render(surface, all_scenarios["table"].game, Status())
    assert pygame.font.get_init()


def test_hand_summary_says_why_in_the_engine_numbers() -> None:
    """'NS had 70 + 20 roem = 90, needed 92' must be the engine's points and the rule's bar."""
    from engine.klaverjassen import HAND_POINTS
    from engine.tricks import team_of

    seen = set()
    for seed in range(1, 30):
        game, _ = klaverjas_match(random.Random(seed), {"hands": 1}, hands=1)
        hand = game.hand
        assert hand is not None and hand.maker is not None
        score = hand.score()
        assert score is not None
        if score.result not in ("made", "nat") or score.result in seen:
            continue
        seen.add(score.result)
        with recording() as log:
            render(pygame.Surface((800, 480)), game, Status(screen=Screen.HAND_SUMMARY))
        makers = team_of(hand.maker, game.seats)
        have = score.points[makers] + score.roem[makers]
        need = (HAND_POINTS + sum(score.roem.values())) // 2 + 1
        line = next(d.label for d in log if d.label.startswith(f"{makers} had "))
        assert line.endswith(f"{have}, needed {need}")
        assert (have >= need) == (score.result == "made")
    assert seen == {"made", "nat"}


@pytest.mark.parametrize("size", [(320, 192), (200, 100), (1, 1)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_tiny_surfaces_do_not_crash(all_scenarios: dict[str, Scenario], size: tuple[int, int]) -> None:
    """A wrong [display] size in the config must not take the referee down with it."""
    for scenario in all_scenarios.values():
        render(pygame.Surface(size), scenario.game, scenario.status)
