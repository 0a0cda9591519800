"""The menus, driven by three buttons: NEXT moves, OK chooses, UNDO goes back.

Hold NEXT to open the main menu. Choices of game and rule options apply to the next
match, which "New match" starts; the running match is left finished in the journal.
The model is pure: the table loop feeds it presses and the display draws ``view()``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

import engine.referee  # noqa: F401  (registers the games)
from engine.game import GAMES
from engine.rules import parse_options

HAND_COUNTS = (1, 4, 8, 16, 32)


@dataclass(frozen=True)
class MenuView:
    """What the screen shows: a title, the lines, the highlighted one."""

    title: str
    items: tuple[str, ...]
    selected: int
    hint: str = "NEXT: move · OK: choose · UNDO: back"


@dataclass
class MenuAction:
    """What the table must do after a choice: ``new_match`` or ``calibrate``."""

    kind: str
    game: str = ""
    rules: dict[str, Any] = field(default_factory=dict)


class Menu:
    def __init__(self, game: str, rules: dict[str, Any]) -> None:
        self.game = game
        self.rules = dict(rules)
        self.page = "main"
        self.selected = 0

    # -- pages

    def _items(self) -> list[tuple[str, str]]:
        """(label, key) for the current page."""
        if self.page == "main":
            return [
                (f"Game: {self.game}", "game"),
                ("Rule options", "options"),
                ("Calibrate the camera", "calibrate"),
                ("New match", "new"),
                ("Back to the table", "close"),
            ]
        if self.page == "game":
            return [(name, name) for name in sorted(GAMES)]
        return [(f"{name} = {value}", name) for name, value in self._options().items()] + [("Done", "done")]

    def _options(self) -> dict[str, Any]:
        cls = getattr(GAMES[self.game], "options_class", None)
        if cls is None:
            return {}
        current = parse_options(cls, self.rules, self.game)
        return {f.name: getattr(current, f.name) for f in dataclasses.fields(current)}

    def view(self) -> MenuView:
        titles = {"main": "Menu", "game": "Which game?", "options": f"Rule options: {self.game}"}
        return MenuView(titles[self.page], tuple(label for label, _ in self._items()), self.selected)

    # -- buttons

    def press(self, button: str) -> MenuAction | None:
        """Handle a press; an action when the table must act, ``close`` when the menu shuts."""
        items = self._items()
        if button == "next":
            self.selected = (self.selected + 1) % len(items)
            return None
        if button == "undo":
            if self.page == "main":
                return MenuAction("close")
            self._go("main")
            return None
        if button != "ok":
            return None
        key = items[self.selected][1]
        if self.page == "main":
            if key == "game":
                self._go("game")
            elif key == "options":
                self._go("options")
            elif key == "calibrate":
                return MenuAction("calibrate")
            elif key == "new":
                return MenuAction("new_match", self.game, dict(self.rules))
            elif key == "close":
                return MenuAction("close")
            return None
        if self.page == "game":
            if key != self.game:
                self.game, self.rules = key, {}
            self._go("main")
            return None
        if key == "done":
            self._go("main")
            return None
        self._cycle_option(key)
        return None

    def select(self, key: str) -> None:
        """Highlight the item ``key`` of the current page (coming back to where one left)."""
        keys = [k for _, k in self._items()]
        if key in keys:
            self.selected = keys.index(key)

    def _go(self, page: str) -> None:
        self.page, self.selected = page, 0

    def _cycle_option(self, name: str) -> None:
        cls = GAMES[self.game].options_class  # type: ignore[attr-defined]
        spec = next(f for f in dataclasses.fields(cls) if f.name == name)
        value = self._options()[name]
        if "choices" in spec.metadata:
            choices = spec.metadata["choices"]
            self.rules[name] = choices[(choices.index(value) + 1) % len(choices)]
        elif isinstance(spec.default, bool):
            self.rules[name] = not value
        else:
            low, high = spec.metadata["range"]
            counts = [n for n in HAND_COUNTS if low <= n <= high] or [int(spec.default)]  # type: ignore[arg-type]
            later = [n for n in counts if n > value]
            self.rules[name] = later[0] if later else counts[0]
        if self.rules[name] == spec.default:
            del self.rules[name]  # keep the match event short: defaults are implied
