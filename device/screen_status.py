"""From the table loop's status to what ``display`` draws: the one place they meet."""

from __future__ import annotations

from typing import Any

from device.table import TableStatus
from engine.cards import Card


def to_display(status: TableStatus) -> Any:
    from display.status import Menu, Question, Status

    question = None
    if status.question is not None:
        q = status.question
        rest = q.guesses[q.index + 1 :] + q.guesses[: q.index]
        question = Question(q.seat, Card.parse(q.card), q.confidence, tuple(Card.parse(g) for g in rest[:3]),
                            next="next guess (hold: next suit)")
    menu = None
    if status.menu is not None:
        m = status.menu
        menu = Menu(m.title, m.items, m.selected, m.hint)
    return Status(
        names=dict(status.names),
        problems=list(status.problems),
        message=status.message,
        question=question,
        verzaking=status.alert,
        trump_pick=status.trump_pick,
        menu=menu,
    )


def render_table(surface: Any, game: Any, status: TableStatus) -> None:
    from display.render import render

    render(surface, game, to_display(status))
