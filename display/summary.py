"""The hand summary (points, roem, result, score) and the match summary (totals and a
chart of the running totals over the hands)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from display import theme
from display.canvas import Canvas, Rich
from display.common import buttons, name_of, who
from display.status import Status
from display.table import contract_rich
from engine.game import Game
from engine.klaverjassen import HAND_POINTS, RULE_TEXT, Klaverjassen, KlaverjasHand, roem_marks
from engine.rikken import MISERIE_KINDS, Rikken, RikkenHand
from engine.tricks import team_of

_VERDICT_COLOUR = {"made": theme.GOOD, "pit": theme.GOOD, "nat": theme.BAD, "tegenpit": theme.BAD,
                   "verzaakt": theme.BAD, "lost": theme.BAD, "split": theme.ACCENT}


def _scored_hand(hands: Sequence[KlaverjasHand | RikkenHand]) -> KlaverjasHand | RikkenHand | None:
    """The latest hand with a score (the current one may be just dealt)."""
    for hand in reversed(hands):
        if hand.score() is not None:
            return hand
    return None


def _title(c: Canvas, content: str | Sequence[Rich], y: float = 12, size: float = 30) -> None:
    c.text(content, c.r(24, y, c.w - 48, size * 1.4), size, theme.MUTED, "center", min_size=18)


def hand_summary(surface: pygame.Surface, game: Game, status: Status) -> None:
    """The last scored hand: what was played, the verdict, and what goes on the sheet."""
    c = Canvas(surface)
    c.fill(theme.BACKGROUND)
    if isinstance(game, Klaverjassen):
        hand = _scored_hand(game.hands)
        if isinstance(hand, KlaverjasHand):
            _klaverjas_hand(c, game, hand, status)
            return
    elif isinstance(game, Rikken):
        hand = _scored_hand(game.hands)
        if isinstance(hand, RikkenHand):
            _rikken_hand(c, game, hand, status)
            return
    c.text("No hand scored yet", c.r(0, 0, c.w, c.h), 44, theme.MUTED, "center")


def _verdict_klaverjas(game: Klaverjassen, hand: KlaverjasHand, result: str) -> str:
    makers = team_of(hand.maker, game.seats) if hand.maker else "?"
    first = hand.first_violation()
    return {
        "made": f"{makers} made it",
        "nat": f"{makers} nat",
        "pit": f"{makers} pit!",
        "tegenpit": f"{makers} nat: tegenpit",
        "verzaakt": f"verzaakt by {team_of(first.seat, game.seats) if first else '?'}",
    }[result]


def _why_klaverjas(game: Klaverjassen, hand: KlaverjasHand, status: Status) -> str:
    """The verdict's reason in one line, so nobody has to do the sum at the table."""
    score = hand.score()
    assert score is not None and hand.maker is not None
    makers = team_of(hand.maker, game.seats)
    if score.result == "verzaakt":
        first = hand.first_violation()
        if first is None:
            return ""
        return f"{who(first.seat, game, status)} in trick {first.trick}: {RULE_TEXT[first.rule]}"
    if score.result == "pit":
        return f"{makers} took all 8 tricks: 100 roem for pit"
    if score.result == "tegenpit":
        return f"{makers} took no trick: the others get everything"
    all_roem = sum(score.roem.values())
    have = score.points[makers] + score.roem[makers]
    need = (HAND_POINTS + all_roem) // 2 + 1
    if score.roem[makers]:
        return f"{makers} had {score.points[makers]} + {score.roem[makers]} roem = {have}, needed {need}"
    return f"{makers} had {have}, needed {need}"


def _klaverjas_hand(c: Canvas, game: Klaverjassen, hand: KlaverjasHand, status: Status) -> None:
    score = hand.score()
    assert score is not None and hand.trump is not None and hand.maker is not None
    _title(c, [f"Hand {hand.number} of {game.rules.hands} · ", hand.trump,
               f" {hand.trump.dutch} · {name_of(hand.maker, game, status)} played"])
    c.text(_verdict_klaverjas(game, hand, score.result), c.r(20, 50, c.w - 40, 78), 72,
           _VERDICT_COLOUR[score.result], "center", min_size=40)
    c.text(_why_klaverjas(game, hand, status), c.r(20, 126, c.w - 40, 30), 26, theme.TEXT, "center", min_size=18)
    totals = game.totals()
    cols = [("", 0.0, 0.22), ("points", 0.22, 0.18), ("roem", 0.40, 0.22), ("score", 0.62, 0.18), ("total", 0.80, 0.20)]
    table = c.r(40, 160, c.w - 80, 230)
    header = pygame.Rect(table.x, table.y, table.w, c.px(36))
    for title, x, w in cols:
        c.text(title, pygame.Rect(table.x + int(x * table.w), header.y, int(w * table.w) - c.px(10), header.h), 24,
               theme.MUTED, "right" if title else "left")
    row_h = (table.h - header.h) // 2
    for i, team in enumerate(game.teams):
        y = header.bottom + i * row_h
        c.panel(pygame.Rect(table.x - c.px(12), y + c.px(4), table.w + c.px(24), row_h - c.px(8)), label=f"row:{team}")
        members = " & ".join(name_of(s, game, status) for s in game.seats if team_of(s, game.seats) == team)
        name_box = pygame.Rect(table.x, y + c.px(8), int(0.22 * table.w), row_h * 3 // 5)
        c.text(team, name_box, 46, theme.ACCENT if team == team_of(hand.maker, game.seats) else theme.TEXT)
        c.text(members, pygame.Rect(table.x, name_box.bottom, int(0.40 * table.w), row_h * 2 // 5 - c.px(12)), 20,
               theme.MUTED, min_size=13)
        roem = score.roem[team]
        values = [str(score.points[team]), f"{roem} {roem_marks(roem)}" if roem else "-", str(score.score[team]),
                  str(totals[team])]
        for (title, x, w), value in zip(cols[1:], values):
            box = pygame.Rect(table.x + int(x * table.w), y + c.px(8), int(w * table.w) - c.px(10), row_h * 3 // 5)
            c.text(value, box, 50 if title in ("score", "total") else 40,
                   theme.ACCENT if title == "score" else theme.TEXT, "right", min_size=22)
    buttons(c, c.r(40, c.h - 72, c.w - 80, 50), [("OK", "deal the next hand"), ("NEXT", "hold for the menu")], 24)


def _rikken_hand(c: Canvas, game: Rikken, hand: RikkenHand, status: Status) -> None:
    score = hand.score()
    assert score is not None
    k = hand.contract
    head: list[Rich] = [f"Hand {hand.number} · "]
    if k is not None:
        head += contract_rich(hand) + [" by " + " & ".join(name_of(s, game, status) for s in k.side)]
    else:
        head.append(f"{name_of(hand.dealer, game, status)} dealt")
    _title(c, head)
    verdict = {"made": "made", "lost": "lost", "split": "some made it", "verzaakt": "verzaakt",
               "all-pass": "everyone passed", "misdeal": "misdeal: deal again",
               "no-turn-card": "no card turned: deal again", "troel-not-called": "troel not called"}[score.result]
    first = hand.first_violation()
    if score.result == "verzaakt" and first is not None:
        verdict = f"verzaakt by {name_of(first.seat, game, status)}"
    elif k is not None and score.side_tricks is not None and k.kind not in MISERIE_KINDS:
        players = " & ".join(name_of(s, game, status) for s in k.side)
        verdict = f"{players} {verdict}: {score.side_tricks} tricks, {k.target} needed"
    c.text(verdict, c.r(20, 56, c.w - 40, 84), 64, _VERDICT_COLOUR.get(score.result, theme.TEXT), "center",
           min_size=30)
    totals = game.totals()
    won = hand.tricks_won()
    table = c.r(40, 150, c.w - 80, 248)
    cols = [("", 0.0, 0.40), ("tricks", 0.40, 0.18), ("score", 0.58, 0.20), ("total", 0.78, 0.22)]
    header = pygame.Rect(table.x, table.y, table.w, c.px(32))
    for title, x, w in cols:
        c.text(title, pygame.Rect(table.x + int(x * table.w), header.y, int(w * table.w) - c.px(10), header.h), 22,
               theme.MUTED, "right" if title else "left")
    row_h = (table.h - header.h) // len(game.seats)
    side = k.side if k is not None else ()
    for i, seat in enumerate(game.seats):
        y = header.bottom + i * row_h
        c.panel(pygame.Rect(table.x - c.px(12), y + c.px(2), table.w + c.px(24), row_h - c.px(4)), label=f"row:{seat}")
        note = ""
        if seat in side:
            note = " (plays)"
            if score.miserie and seat in score.miserie:
                note = " (won)" if score.miserie[seat] else " (lost)"
        box = pygame.Rect(table.x, y + c.px(4), int(0.40 * table.w), row_h - c.px(8))
        c.text(name_of(seat, game, status) + note, box, 32, theme.ACCENT if seat in side else theme.TEXT, min_size=18)
        values = [str(won[seat]), f"{score.score[seat]:+d}", f"{totals[seat]:+d}"]
        for (title, x, w), value in zip(cols[1:], values):
            c.text(value, pygame.Rect(table.x + int(x * table.w), y + c.px(4), int(w * table.w) - c.px(10), row_h - c.px(8)),
                   36, theme.ACCENT if title == "score" else theme.TEXT, "right", min_size=20)
    buttons(c, c.r(40, c.h - 72, c.w - 80, 50), [("OK", "deal the next hand"), ("NEXT", "hold for the menu")], 24)


# -- the match ---------------------------------------------------------------------------


def running_totals(game: Game) -> tuple[list[str], list[list[int]]]:
    """The series in the chart: per team (klaverjassen) or seat (Rikken), the running total
    after each scored hand, starting at 0."""
    if isinstance(game, Klaverjassen):
        keys = list(game.teams)
        hands: Sequence[KlaverjasHand] | Sequence[RikkenHand] = game.hands
    elif isinstance(game, Rikken):
        keys = list(game.seats)
        hands = game.hands
    else:
        return [], []
    series = [[0] for _ in keys]
    for hand in hands:
        score = hand.score()
        if score is None:
            continue
        for i, key in enumerate(keys):
            series[i].append(series[i][-1] + score.score[key])
    return keys, series


def match_summary(surface: pygame.Surface, game: Game, status: Status) -> None:
    """Who is ahead (or won), the totals, and a line chart of the totals over the hands."""
    c = Canvas(surface)
    c.fill(theme.BACKGROUND)
    keys, series = running_totals(game)
    if not keys:
        c.text(f"{game.name}: no summary", c.r(0, 0, c.w, c.h), 40, theme.MUTED, "center")
        return
    finals = [s[-1] for s in series]
    played = len(series[0]) - 1
    labels = [_series_label(game, key, status) for key in keys]
    best = max(finals)
    leaders = [labels[i] for i, v in enumerate(finals) if v == best]
    over = bool(getattr(game, "is_over", False))
    if isinstance(game, Klaverjassen):
        of = f"{played} of {game.rules.hands} hands"
    else:
        of = f"{played} hand{'s' if played != 1 else ''}"
    if played == 0:
        headline = "No hand scored yet"
    elif len(leaders) > 1:
        headline = "All square" if over else "Level"
    else:
        headline = f"{leaders[0]} {'win' if over else 'lead'}"
    _title(c, ("Match over · " if over else "Match so far · ") + of, 8, 26)
    c.text(headline, c.r(20, 40, c.w - 40, 64), 56, theme.ACCENT, "center", min_size=30)
    # Totals column on the left, chart on the right.
    left_w = 230.0
    col = c.r(16, 116, left_w, c.h - 116 - 70)
    row_h = min(col.h // len(keys), c.px(80))
    rikken = isinstance(game, Rikken)
    stats = _match_stats(game, keys)
    for i, key in enumerate(keys):
        row = pygame.Rect(col.x, col.y + i * row_h, col.w, row_h - c.px(6))
        c.panel(row, label=f"total:{key}")
        top = pygame.Rect(row.x, row.y + c.px(4), row.w, (row.h - c.px(8)) * 3 // 5)
        swatch = pygame.Rect(row.x + c.px(10), top.centery - c.px(4), c.px(30), c.px(8))
        _legend_mark(c, swatch, i)
        text_box = pygame.Rect(swatch.right + c.px(8), top.y, row.w - swatch.w - c.px(26), top.h)
        c.text(labels[i], pygame.Rect(text_box.x, text_box.y, text_box.w * 3 // 5, text_box.h), 26, theme.TEXT,
               min_size=14)
        c.text(f"{finals[i]:+d}" if rikken else str(finals[i]),
               pygame.Rect(text_box.x + text_box.w * 3 // 5, text_box.y, text_box.w * 2 // 5, text_box.h), 32,
               theme.TEXT, "right", min_size=18)
        c.text(stats[i], pygame.Rect(row.x + c.px(10), top.bottom, row.w - c.px(20), row.bottom - top.bottom - c.px(4)),
               19, theme.MUTED, min_size=12)
    chart = c.r(16 + left_w + 16, 116, c.w - left_w - 48, c.h - 116 - 70)
    score_chart(c, chart, series, labels)
    if over:
        buttons(c, c.r(40, c.h - 60, c.w - 80, 46), [("NEXT", "hold for the menu: a new match")], 22)


def _match_stats(game: Game, keys: Sequence[str]) -> list[str]:
    """One line per series: how its hands went (klaverjassen: as makers; Rikken: contracts)."""
    lines = []
    if isinstance(game, Klaverjassen):
        for team in keys:
            results: dict[str, int] = {}
            roem = 0
            for hand in game.hands:
                score = hand.score()
                if score is None or hand.maker is None:
                    continue
                roem += score.roem[team]
                if team_of(hand.maker, game.seats) == team:
                    results[score.result] = results.get(score.result, 0) + 1
            parts = [f"{n} {r}" for r, n in sorted(results.items(), key=lambda x: -x[1])]
            lines.append(" · ".join(parts + [f"roem {roem}"]))
    elif isinstance(game, Rikken):
        for seat in keys:
            played = made = 0
            for rhand in game.hands:
                rscore = rhand.score()
                if rscore is None or rhand.contract is None or seat not in rhand.contract.side:
                    continue
                played += 1
                made += rscore.score[seat] > 0
            lines.append(f"played {played} · won {made}")
    else:
        lines = ["" for _ in keys]
    return lines


def _series_label(game: Game, key: str, status: Status) -> str:
    if isinstance(game, Klaverjassen):
        return key
    return name_of(key, game, status)


# Line pattern per series (units on, units off): solid, dashed, dotted, dash-dot-like.
_DASHES: tuple[tuple[float, float] | None, ...] = (None, (26.0, 9.0), (6.0, 7.0), (40.0, 10.0))


def _legend_mark(c: Canvas, rect: pygame.Rect, i: int) -> None:
    colour = theme.SERIES_COLOURS[i % len(theme.SERIES_COLOURS)]
    _line(c, (rect.x, rect.centery), (rect.right, rect.centery), colour, i)
    _marker(c, rect.center, i, colour)


def _polyline(c: Canvas, points: Sequence[tuple[int, int]], colour: theme.Colour, i: int) -> None:
    """A line through the points in series i's pattern, the dashes running on across the
    corners (restarting them at each hand breaks the line into confetti)."""
    width = max(2, c.px(4))
    dash = _DASHES[i % len(_DASHES)]
    if dash is None:
        if len(points) > 1:
            pygame.draw.lines(c.surface, colour, False, points, width)
        return
    lengths = (float(c.px(dash[0])), float(c.px(dash[1])))
    on, left = True, lengths[0]
    for a, b in zip(points, points[1:]):
        va, vb = pygame.math.Vector2(a), pygame.math.Vector2(b)
        length = va.distance_to(vb)
        pos = 0.0
        while pos < length:
            end = min(length, pos + left)
            if on:
                pygame.draw.line(c.surface, colour, va.lerp(vb, pos / length), va.lerp(vb, end / length), width)
            left -= end - pos
            pos = end
            if left <= 0.5:  # (not 0: float crumbs would never finish the segment)
                on = not on
                left = lengths[0] if on else lengths[1]


def _line(c: Canvas, a: tuple[int, int], b: tuple[int, int], colour: theme.Colour, i: int) -> None:
    _polyline(c, [a, b], colour, i)


def _marker(c: Canvas, centre: tuple[int, int], i: int, colour: theme.Colour) -> None:
    r = max(3, c.px(5))
    x, y = centre
    kind = i % 4
    if kind == 0:
        pygame.draw.circle(c.surface, colour, centre, r)
    elif kind == 1:
        pygame.draw.rect(c.surface, colour, pygame.Rect(x - r, y - r, 2 * r, 2 * r))
    elif kind == 2:
        pygame.draw.polygon(c.surface, colour, [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)])
    else:
        pygame.draw.polygon(c.surface, colour, [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)])


def _nice_step(span: float) -> int:
    """A round grid step giving about four lines."""
    raw = max(1.0, span / 4)
    magnitude = 10 ** len(str(int(raw))) // 10
    for m in (1, 2, 5, 10):
        if m * magnitude >= raw:
            return int(m * magnitude)
    return int(10 * magnitude)


def score_chart(c: Canvas, rect: pygame.Rect, series: Sequence[Sequence[int]], labels: Sequence[str]) -> None:
    """Line chart of running totals: x = hands played, y = total; one line per series."""
    c.panel(rect, label="chart")
    pad_l, pad_b, pad_t, pad_r = c.px(64), c.px(40), c.px(14), c.px(18)
    plot = pygame.Rect(rect.x + pad_l, rect.y + pad_t, rect.w - pad_l - pad_r, rect.h - pad_t - pad_b)
    n = max(len(s) for s in series) - 1
    low = min(0, *(min(s) for s in series))
    high = max(1, *(max(s) for s in series))
    step = _nice_step(high - low)
    low = (low // step) * step
    high = -((-high) // step) * step

    def at(hand: int, value: float) -> tuple[int, int]:
        x = plot.x + (plot.w * hand // n if n else plot.w // 2)
        y = plot.bottom - round((value - low) / (high - low) * plot.h)
        return x, y

    grid = (70, 115, 98)
    value = low
    while value <= high:
        _, y = at(0, value)
        pygame.draw.line(c.surface, theme.TEXT if value == 0 else grid, (plot.x, y), (plot.right, y),
                         max(1, c.px(2 if value == 0 else 1)))
        c.text(str(value), pygame.Rect(rect.x + c.px(4), y - c.px(12), pad_l - c.px(10), c.px(24)), 19, theme.MUTED,
               "right", min_size=13)
        value += step
    # x axis: hand numbers (every one when they fit, else every few)
    every = max(1, (n * 34) // max(1, round(plot.w / c.unit)) + 1)
    for hand in range(0, n + 1):
        if hand % every and hand != n:
            continue
        x, _ = at(hand, low)
        c.text(str(hand), pygame.Rect(x - c.px(20), plot.bottom + c.px(6), c.px(40), c.px(24)), 19, theme.MUTED,
               "center", min_size=13)
    for i, values in enumerate(series):
        colour = theme.SERIES_COLOURS[i % len(theme.SERIES_COLOURS)]
        points = [at(h, v) for h, v in enumerate(values)]
        _polyline(c, points, colour, i)
        for p in points[1:]:
            _marker(c, p, i, colour)
