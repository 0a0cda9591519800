from __future__ import annotations

from device.menu import Menu, MenuAction


def presses(menu: Menu, *buttons: str) -> MenuAction | None:
    action = None
    for b in buttons:
        action = menu.press(b)
    return action


def test_choose_rikken_and_start_a_new_match() -> None:
    menu = Menu("klaverjassen", {})
    assert menu.view().items[0] == "Game: klaverjassen"
    presses(menu, "ok")  # into "which game?"
    assert "rikken" in menu.view().items
    menu.selected = menu.view().items.index("rikken")
    presses(menu, "ok")
    assert menu.view().items[0] == "Game: rikken" and menu.page == "main"
    action = presses(menu, "next", "next", "next", "ok")  # New match
    assert action == MenuAction("new_match", "rikken", {})


def test_rule_options_cycle_through_their_values_and_defaults_stay_implied() -> None:
    menu = Menu("klaverjassen", {})
    presses(menu, "next", "ok")  # Rule options
    assert menu.view().items[0] == "variant = rotterdam"
    presses(menu, "ok")
    assert menu.view().items[0] == "variant = amsterdam" and menu.rules == {"variant": "amsterdam"}
    presses(menu, "ok")
    assert menu.rules == {}  # back to the default
    hands = menu.view().items.index("hands = 16")
    menu.selected = hands
    presses(menu, "ok")
    assert menu.rules == {"hands": 32}
    presses(menu, "ok")
    assert menu.rules == {"hands": 1}
    flag = [i for i, t in enumerate(menu.view().items) if t.startswith("roem_must_be_claimed")][0]
    menu.selected = flag
    presses(menu, "ok")
    assert menu.rules["roem_must_be_claimed"] is True
    presses(menu, "undo")
    assert menu.page == "main"
    assert presses(menu, "next", "next", "next", "ok") == MenuAction(
        "new_match", "klaverjassen", {"hands": 1, "roem_must_be_claimed": True})


def test_undo_on_the_main_page_closes_and_calibrate_is_an_action() -> None:
    menu = Menu("klaverjassen", {})
    assert presses(menu, "undo") == MenuAction("close")
    assert presses(menu, "next", "next", "ok") == MenuAction("calibrate")
