"""From the table loop's status to what ``display`` draws: the one place they meet."""

from __future__ import annotations

from typing import Any

from device.table import TableStatus
from engine.cards import Card


def to_display(status: TableStatus, game: Any = None) -> Any:
    from display.status import Calibration, Menu, Question, Status

    question = None
    if status.question is not None:
        q = status.question
        rest = q.guesses[q.index + 1 :] + q.guesses[: q.index]
        alternatives = tuple(Card.parse(g) for g in rest[:3])
        if q.kind == "turn":
            question = Question(q.seat, Card.parse(q.card), q.confidence, alternatives, ok="that card",
                                next="next (hold: suit)", undo="take back the deal",
                                title="Which card did the dealer turn?")
        else:
            question = Question(q.seat, Card.parse(q.card), q.confidence, alternatives,
                                next="next (hold: suit)")
    bid_pick = None
    if status.bid is not None:
        seat, call = status.bid.current
        auction = getattr(getattr(game, "hand", None), "auction", None)
        to_speak = getattr(auction, "to_speak", None)
        name = status.names.get(seat, seat)
        bid_pick = call if seat == to_speak else f"{call} by {name}"
    menu = None
    if status.menu is not None:
        m = status.menu
        menu = Menu(m.title, m.items, m.selected, m.hint)
    calibration = None
    if status.calibration is not None:
        c = status.calibration
        calibration = Calibration(c.instruction, c.seats_done, c.seats, _surface(c.preview), c.hint, c.note)
    return Status(
        names=dict(status.names),
        problems=list(status.problems),
        message=status.message,
        question=question,
        verzaking=status.alert,
        trump_pick=status.trump_pick,
        bid_pick=bid_pick,
        menu=menu,
        calibration=calibration,
    )


def _surface(image: Any) -> Any:
    """A BGR camera image as a pygame surface (None stays None)."""
    if image is None:
        return None
    import numpy as np
    import pygame

    rgb = np.ascontiguousarray(image[:, :, ::-1])
    return pygame.image.frombytes(rgb.tobytes(), (rgb.shape[1], rgb.shape[0]), "RGB")


def render_table(surface: Any, game: Any, status: TableStatus) -> None:
    from display.render import render

    render(surface, game, to_display(status, game))
