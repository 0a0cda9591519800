"""Screens that take over: the verzaking, the unsure-card question, menus, calibration,
and the welcome screen before a match."""

from __future__ import annotations

import pygame

from display import theme
from display.canvas import Canvas
from display.common import buttons, hint_line, name_of, tick, triangle, who
from display.status import Calibration, Menu, Question, Status
from engine import klaverjassen, rikken
from engine.game import Game
from engine.tricks import team_of
from engine.verzaken import Violation


def current_violation(game: Game | None) -> Violation | None:
    """The current hand's verzaking that decides it (the first in play), if any."""
    hand = getattr(game, "hand", None)
    if hand is None:
        return None
    first = hand.first_violation()
    return first if isinstance(first, Violation) else None


def rule_words(game: Game | None, rule: str) -> str:
    """The broken rule in words, from the game's own table."""
    table = rikken.RULE_TEXT if isinstance(game, rikken.Rikken) else klaverjassen.RULE_TEXT
    return table.get(rule, rule)


def verzaking_screen(surface: pygame.Surface, game: Game | None, status: Status, violation: Violation) -> None:
    """Red, whole screen: who, which trick, which rule, the card played and the proof."""
    c = Canvas(surface)
    c.fill(theme.ALARM)
    pygame.draw.rect(c.surface, theme.ALARM_DARK, c.r(0, 0, c.w, 96))
    c.text("VERZAAKT", c.r(20, 4, c.w - 40, 90), 84, theme.TEXT, "center")
    offender = who(violation.seat, game, status)
    c.text(f"{offender} · trick {violation.trick}", c.r(24, 104, c.w - 48, 54), 46, theme.TEXT, "center",
           min_size=26)
    c.text(rule_words(game, violation.rule), c.r(24, 160, c.w - 48, 50), 40, (255, 225, 120), "center", min_size=22)
    # The argument, left to right: the card played, an arrow, the card that proves it.
    cw, ch = 108.0, 154.0
    gap = 130.0
    left_x = c.w / 2 - gap / 2 - cw
    right_x = c.w / 2 + gap / 2
    top = 218.0
    c.card(violation.card, c.r(left_x, top, cw, ch), "played", edge=theme.CARD_EDGE)
    c.card(violation.proof_card, c.r(right_x, top, cw, ch), "proof", edge=theme.CARD_EDGE)
    c.text("played", c.r(left_x - 160, top + ch / 2 - 20, 150, 40), 30, theme.TEXT, "right")
    c.text("but had", c.r(right_x + cw + 10, top + ch / 2 - 38, 200, 40), 30, theme.TEXT)
    shown = f"shown in trick {violation.proof_trick}" if violation.proof_trick is not None else "still in the hand"
    c.text(shown, c.r(right_x + cw + 10, top + ch / 2 + 2, c.w - right_x - cw - 24, 32), 24, (255, 225, 120),
           min_size=14)
    triangle(c, c.r(c.w / 2, top + ch / 2, 0, 0).topleft, c.px(44), theme.TEXT)
    bottom = c.r(0, c.h - 84, c.w, 84)
    pygame.draw.rect(c.surface, theme.ALARM_DARK, bottom)
    consequence = _consequence(game, violation)
    if consequence:
        c.text(consequence, c.r(24, c.h - 78, c.w / 2 + 40, 72), 40, theme.TEXT, min_size=20)
    buttons(c, c.r(c.w / 2 + 90, c.h - 64, c.w / 2 - 110, 44), [("OK", "seen, go on")], 26)


def _consequence(game: Game | None, v: Violation) -> str:
    """What the verzaking costs, in the game's words."""
    if isinstance(game, klaverjassen.Klaverjassen):
        hand = game.hand
        score = hand.score() if hand is not None else None
        other = [t for t in game.teams if t != team_of(v.seat, game.seats)][0]
        if score is not None and score.result == "verzaakt":
            return f"{other} get {score.score[other]}"
        return f"{other} get the hand"
    if isinstance(game, rikken.Rikken):
        return "decides the hand" if game.rules.verzaken == "lose" else "reported, the hand counts"
    return ""


def question_overlay(surface: pygame.Surface, game: Game | None, status: Status, question: Question) -> None:
    """Over whatever is on screen: the camera's best guess, how sure, the next guesses."""
    c = Canvas(surface)
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 170))
    surface.blit(shade, (0, 0))
    box = c.r(40, 22, c.w - 80, c.h - 44)
    c.panel(box, theme.PANEL, theme.ACCENT, radius=16, width=5, label="question")
    title = question.title or f"Is this {name_of(question.seat, game, status)}'s card?"
    c.text(title, c.r(60, 30, c.w - 120, 56), 44, theme.TEXT, "center", min_size=26)
    cw, ch = 150.0, 214.0
    card = c.r(80, 96, cw, ch)
    c.card(question.card, card, f"guess:{question.seat}", edge=theme.ACCENT)
    right = 80 + cw + 36
    if question.confidence > 0:
        sure = max(0, min(100, round(question.confidence * 100)))
        c.text(f"{sure}% sure", c.r(right, 100, c.w - right - 70, 50), 40, theme.ACCENT, min_size=24)
        bar = c.r(right, 152, c.w - right - 70, 16)
        pygame.draw.rect(c.surface, theme.SLOT, bar, border_radius=c.px(8))
        filled = pygame.Rect(bar.x, bar.y, bar.w * sure // 100, bar.h)
        pygame.draw.rect(c.surface, theme.ACCENT, filled, border_radius=c.px(8))
    else:  # nothing read: the players pick the card themselves
        c.text("pick it with NEXT", c.r(right, 100, c.w - right - 70, 50), 40, theme.ACCENT, min_size=24)
    if question.alternatives:
        c.text("or perhaps", c.r(right, 184, 200, 30), 24, theme.MUTED)
        mini_w, mini_h, gap = 84.0, 58.0, 12.0
        fit = max(1, int((c.w - right - 70 + gap) // (mini_w + gap)))
        for i, alt in enumerate(question.alternatives[:fit]):
            c.card(alt, c.r(right + i * (mini_w + gap), 218, mini_w, mini_h), f"alt{i}")
    buttons(c, c.r(70, c.h - 118, c.w - 140, 56),
            [("OK", question.ok), ("NEXT", question.next), ("UNDO", question.undo)], 22)


def menu_screen(surface: pygame.Surface, menu: Menu) -> None:
    """A menu on three buttons: big rows, the chosen one amber, scrolled to keep it in view."""
    c = Canvas(surface)
    c.fill(theme.BACKGROUND)
    c.text(menu.title, c.r(30, 10, c.w - 60, 62), 50, theme.TEXT, min_size=28)
    pygame.draw.line(c.surface, theme.PANEL_EDGE, c.r(30, 76, 0, 0).topleft, c.r(c.w - 30, 76, 0, 0).topleft,
                     max(1, c.px(2)))
    top, bottom = 88.0, c.h - 62
    row_h = 60.0
    visible = max(1, int((bottom - top) // row_h))
    count = len(menu.items)
    selected = min(max(0, menu.selected), count - 1) if count else 0
    first = min(max(0, selected - visible // 2), max(0, count - visible))
    for i in range(first, min(count, first + visible)):
        y = top + (i - first) * row_h
        row = c.r(30, y, c.w - 60, row_h - 8)
        chosen = i == selected
        c.panel(row, theme.ACCENT if chosen else theme.PANEL, theme.TEXT if chosen else theme.PANEL_EDGE,
                label=f"item:{i}")
        if chosen:
            triangle(c, (row.x + c.px(24), row.centery), c.px(22), theme.ON_ACCENT)
        c.text(menu.items[i], pygame.Rect(row.x + c.px(46), row.y, row.w - c.px(60), row.h), 36,
               theme.ON_ACCENT if chosen else theme.TEXT, min_size=20)
    if first > 0:
        triangle(c, c.r(c.w - 50, 76 - 12, 0, 0).topleft, c.px(18), theme.ACCENT, "up")
    if first + visible < count:
        triangle(c, c.r(c.w - 50, bottom - 4, 0, 0).topleft, c.px(18), theme.ACCENT, "down")
    hint_line(c, c.r(30, c.h - 52, c.w - 60, 44), menu.hint)


def calibration_screen(surface: pygame.Surface, calibration: Calibration) -> None:
    """What to do, the seats found so far (a cross like the table), and the camera's view."""
    c = Canvas(surface)
    c.fill(theme.BACKGROUND)
    c.text("Calibrate the camera", c.r(24, 10, c.w - 48, 56), 46, theme.TEXT, min_size=26)
    has_preview = calibration.preview is not None
    text_w = (c.w - 72) / 2 if has_preview else c.w - 48
    c.paragraph(calibration.instruction, c.r(24, 76, text_w, 140), 34, theme.ACCENT, min_size=20)
    # The seats as a small table: found ones green with a tick.
    cross_w = min(text_w, 340.0)
    ox, oy = 24 + (text_w - cross_w) / 2, 226.0
    cell_w, cell_h = cross_w / 3, 62.0
    spots = [(1, 0), (2, 1), (1, 2), (0, 1)]
    for i, seat in enumerate(calibration.seats[:4]):
        col, row = spots[i]
        rect = c.r(ox + col * cell_w + 4, oy + row * cell_h + 2, cell_w - 8, cell_h - 6)
        done = seat in calibration.seats_done
        c.panel(rect, theme.GOOD if done else theme.PANEL, theme.TEXT if done else theme.PANEL_EDGE,
                label=f"seat:{seat}")
        label_box = pygame.Rect(rect.x + c.px(8), rect.y, rect.w - c.px(44 if done else 16), rect.h)
        c.text(seat, label_box, 34, theme.ON_ACCENT if done else theme.TEXT, "center")
        if done:
            tick(c, pygame.Rect(rect.right - c.px(38), rect.y + c.px(12), c.px(30), rect.h - c.px(24)), theme.ON_ACCENT)
    found = len([s for s in calibration.seats if s in calibration.seats_done])
    c.text(f"{found} of {len(calibration.seats)} found", c.r(ox + cell_w, oy + cell_h + 8, cell_w, cell_h - 16), 20,
           theme.MUTED, "center", min_size=12)
    note_h = 84.0 if calibration.note else 0.0
    if calibration.note:
        # Under the preview (or the instruction's column when there is none): the players
        # move the camera while they watch the view.
        x = 24 + text_w + 24 if has_preview else 24.0
        c.paragraph(calibration.note, c.r(x, c.h - 70 - note_h + 12, text_w, note_h - 14), 24, theme.BAD, min_size=14)
    if calibration.preview is not None:
        area = c.r(24 + text_w + 24, 76, text_w, c.h - 76 - 70 - note_h)
        pw, ph = calibration.preview.get_size()
        scale = min(area.w / pw, area.h / ph)
        size = (max(1, int(pw * scale)), max(1, int(ph * scale)))
        image = pygame.transform.smoothscale(calibration.preview, size)
        rect = image.get_rect(center=area.center)
        surface.blit(image, rect)
        c.outline(rect.inflate(c.px(6), c.px(6)), theme.PANEL_EDGE, 3, 4)
    hint_line(c, c.r(24, c.h - 56, c.w - 48, 44), calibration.hint)


def welcome_screen(surface: pygame.Surface, game: Game | None, status: Status) -> None:
    """Before a match (or for a game this screen cannot draw yet): what to do next."""
    c = Canvas(surface)
    c.fill(theme.BACKGROUND)
    c.text("Tafel", c.r(0, 110, c.w, 120), 110, theme.ACCENT, "center")
    line = "Hold NEXT for the menu" if game is None else f"{game.name}: no table screen for this game yet"
    c.text(line, c.r(20, 250, c.w - 40, 60), 40, theme.TEXT, "center", min_size=22)
