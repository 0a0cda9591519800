"""Choosing the screen: ``render(surface, game, status)`` draws one frame.

Rendering only reads: the game and the status are never changed, so the device can
call this every frame. Which screen, in order:

1. an open menu (``status.menu``), then calibration (``status.calibration``);
2. ``status.screen`` when it is not ``AUTO``;
3. AUTO: a verzaking the device has raised (``status.verzaking``) takes over; the match
   summary once the match is over; the hand summary once a hand's last trick is played
   (or it was thrown in); else the table (with the trump choice or bidding while that runs).

The unsure-card question is drawn over the table, and the problem/message strips over
everything.
"""

from __future__ import annotations

import pygame

from display.common import strips, strips_height
from display.canvas import Canvas
from display.overlays import (
    calibration_screen,
    current_violation,
    menu_screen,
    question_overlay,
    verzaking_screen,
    welcome_screen,
)
from display.status import Screen, Status
from display.summary import hand_summary, match_summary
from display.table import klaverjas_table, rikken_table
from engine.game import Game
from engine.klaverjassen import Klaverjassen
from engine.klaverjassen import Phase as KlaverjasPhase
from engine.rikken import Phase as RikkenPhase
from engine.rikken import Rikken


def choose_screen(game: Game | None, status: Status) -> Screen:
    """The screen ``render`` will draw (never AUTO)."""
    if status.menu is not None:
        return Screen.MENU
    if status.calibration is not None:
        return Screen.CALIBRATION
    if status.screen is not Screen.AUTO:
        return status.screen
    if status.verzaking is not None:
        return Screen.VERZAKING
    if game is None:
        return Screen.TABLE
    if getattr(game, "is_over", False):
        return Screen.MATCH_SUMMARY
    hand = getattr(game, "hand", None)
    if isinstance(game, Klaverjassen) and hand is not None and hand.phase is KlaverjasPhase.DONE:
        return Screen.HAND_SUMMARY
    if isinstance(game, Rikken) and hand is not None and hand.phase is RikkenPhase.DONE:
        return Screen.HAND_SUMMARY
    return Screen.TABLE


def table_screen(surface: pygame.Surface, game: Game | None, status: Status) -> None:
    if isinstance(game, Klaverjassen):
        klaverjas_table(surface, game, status)
    elif isinstance(game, Rikken):
        rikken_table(surface, game, status)
    else:
        welcome_screen(surface, game, status)


def render(surface: pygame.Surface, game: Game | None, status: Status) -> None:
    """Draw the screen the game and status call for onto ``surface`` (any size; laid out
    for 800x480 and up).

    With problems or a message the screen is laid out in the space above their strips,
    so a lasting "camera lost" never hides a card.
    """
    strip_px = strips_height(Canvas(surface), status)
    if strip_px and strip_px <= surface.get_height() // 3:
        width, height = surface.get_size()
        _render_screen(surface.subsurface(pygame.Rect(0, 0, width, height - strip_px)), game, status)
    else:
        _render_screen(surface, game, status)
    strips(Canvas(surface), status)


def _render_screen(surface: pygame.Surface, game: Game | None, status: Status) -> None:
    screen = choose_screen(game, status)
    if screen is Screen.MENU and status.menu is not None:
        menu_screen(surface, status.menu)
    elif screen is Screen.CALIBRATION and status.calibration is not None:
        calibration_screen(surface, status.calibration)
    elif screen is Screen.VERZAKING and (status.verzaking or current_violation(game)) is not None:
        violation = status.verzaking or current_violation(game)
        assert violation is not None
        verzaking_screen(surface, game, status, violation)
    elif screen is Screen.HAND_SUMMARY and game is not None:
        hand_summary(surface, game, status)
    elif screen is Screen.MATCH_SUMMARY and game is not None:
        match_summary(surface, game, status)
    else:
        table_screen(surface, game, status)
        if status.question is not None:
            question_overlay(surface, game, status, status.question)
