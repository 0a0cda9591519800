"""The table screen: the trick with each card at its seat, and the column beside it with
trump (or the Rikken contract), the running scores and the last trick. While trump is
chosen (klaverjassen) or bids are made (Rikken) the middle of the table shows that."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from display import theme
from display.canvas import Canvas, Rich
from display.common import SIDEBAR, Places, buttons, name_of, places, plate, seat_tag, who
from display.status import Status
from engine.cards import Card, Suit
from engine.klaverjassen import Klaverjassen, KlaverjasHand, Phase, roem_marks
from engine.rikken import MISERIE_KINDS, ContractKind, Rikken, RikkenHand
from engine.rikken import Phase as RikkenPhase
from engine.rikken_bids import Call, Kind
from engine.tricks import Trick, team_of

# -- shared pieces -------------------------------------------------------------------------


def _shown_trick(tricks: Sequence[Trick], current: Trick | None) -> tuple[Trick | None, bool]:
    """The trick on the table: the one being played, else the one just finished (it stays
    in view, with its winner, until the next card is led)."""
    if current is not None:
        return current, False
    if tricks:
        return tricks[-1], True
    return None, False


def _card_of(trick: Trick | None, seat: str) -> Card | None:
    if trick is None or seat not in trick.seats:
        return None
    return trick.cards[trick.seats.index(seat)]


def _draw_trick(c: Canvas, pl: Places, seats: Sequence[str], trick: Trick | None, complete: bool,
                to_move: str | None) -> None:
    for seat in seats:
        card = _card_of(trick, seat)
        rect = pl.card[seat]
        won = complete and trick is not None and trick.winner == seat
        c.card(card, rect, seat, edge=theme.GOOD if won else None)
        if won:
            c.outline(rect.inflate(c.px(10), c.px(10)), theme.GOOD, 5, 14)
        elif card is None and seat == to_move:
            c.outline(rect, theme.ACCENT, 6, 10)
        if trick is not None and trick.leader == seat and card is not None and not complete:
            _lead_mark(c, rect)


def _lead_mark(c: Canvas, rect: pygame.Rect) -> None:
    """A small amber "1" on the led card's corner: who led this trick."""
    r = c.px(17)
    centre = (rect.right - c.px(4), rect.top + c.px(4))
    pygame.draw.circle(c.surface, theme.ACCENT, centre, r)
    pygame.draw.circle(c.surface, theme.ON_ACCENT, centre, r, max(1, c.px(2)))
    c.text("1", pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r), 26, theme.ON_ACCENT, "center")


def _seat_note(seat: str, trick: Trick | None, complete: bool, to_move: str | None, extra: str = "") -> str:
    if complete and trick is not None and trick.winner == seat:
        note = "wins, leads next" if to_move == seat else "wins the trick"
    elif seat == to_move:
        note = "leads" if trick is None or complete else "to play"
    elif trick is not None and trick.leader == seat and not complete:
        note = "led"
    else:
        note = ""
    return " · ".join(x for x in (note, extra) if x)


def _centre_text(c: Canvas, box: pygame.Rect, lines: Sequence[tuple[str | Sequence[Rich], float, theme.Colour]]) -> None:
    """A few centred lines in the free middle of the table."""
    total = sum(size for _, size, _ in lines) * 1.25
    y = box.centery - c.px(total) // 2
    for content, size, colour in lines:
        h = c.px(size * 1.25)
        c.text(content, pygame.Rect(box.x, y, box.w, h), size, colour, "center", min_size=size * 0.6)
        y += h


def _roem_badge(c: Canvas, box: pygame.Rect, roem: int) -> None:
    rect = pygame.Rect(0, 0, min(box.w - c.px(24), c.px(240)), c.px(64))
    rect.midtop = (box.centerx, box.y)
    c.panel(rect, theme.ACCENT, theme.TEXT, radius=14, width=3, label="roem")
    c.text(f"ROEM {roem}  {roem_marks(roem)}", rect.inflate(-c.px(16), -c.px(6)), 40, theme.ON_ACCENT, "center")


def _sidebar_panel(c: Canvas, y: float, h: float) -> pygame.Rect:
    rect = c.r(c.w - SIDEBAR + 4, y, SIDEBAR - 14, h)
    c.panel(rect)
    return rect


def _label(c: Canvas, rect: pygame.Rect, left: str, right: str = "") -> pygame.Rect:
    """The small caption line at the top of a sidebar panel; returns the space under it."""
    row = pygame.Rect(rect.x + c.px(12), rect.y + c.px(6), rect.w - c.px(24), c.px(24))
    c.text(left, row, 19, theme.MUTED, min_size=14)
    if right:
        c.text(right, row, 19, theme.MUTED, "right", min_size=14)
    return pygame.Rect(row.x, row.bottom, row.w, rect.bottom - row.bottom - c.px(6))


def _last_trick_panel(c: Canvas, trick: Trick | None, seats: Sequence[str], y: float, h: float,
                      caption: str, extra: str = "") -> None:
    rect = _sidebar_panel(c, y, h)
    if trick is None or trick.winner is None:
        inner = _label(c, rect, "LAST TRICK")
        c.text("none yet", inner, 24, theme.MUTED, "center")
        return
    inner = _label(c, rect, "LAST TRICK", f"trick {trick.number}")
    gap = c.px(6)
    w = (inner.w - 3 * gap) // 4
    card_h = min(round(w * 0.78), inner.h // 2)
    for i, seat in enumerate(seats):
        x = inner.x + i * (w + gap)
        card = _card_of(trick, seat)
        crect = pygame.Rect(x, inner.y + c.px(4), w, card_h)
        c.card(card, crect, f"last:{seat}", edge=theme.GOOD if trick.winner == seat else None)
        c.text(seat, pygame.Rect(x, crect.bottom + c.px(2), w, c.px(22)),
               20, theme.GOOD if trick.winner == seat else theme.MUTED, "center")
    below = inner.y + c.px(4) + card_h + c.px(26)
    c.text(caption, pygame.Rect(inner.x, below, inner.w, c.px(26)), 22, theme.TEXT, min_size=14)
    if extra:
        c.text(extra, pygame.Rect(inner.x, below + c.px(27), inner.w, c.px(26)), 22, theme.ACCENT, min_size=14)


# -- klaverjassen --------------------------------------------------------------------------


def klaverjas_table(surface: pygame.Surface, game: Klaverjassen, status: Status) -> None:
    """The klaverjas table: the trick (or the trump choice), trump, scores, last trick."""
    c = Canvas(surface)
    c.fill(theme.BACKGROUND)
    seats = game.seats
    pl = places(c, seats, c.w - SIDEBAR)
    hand = game.hand
    if hand is None:
        for seat in seats:
            c.card(None, pl.card[seat], seat)
            plate(c, pl.plate[seat], name_of(seat, game, status), seat_tag(seat, game, status))
        _centre_text(c, pl.centre, [("Deal the cards", 36, theme.TEXT), ("hand 1 of %d" % game.rules.hands, 24, theme.MUTED)])
    elif hand.phase is Phase.TRUMP:
        _trump_choice(c, game, hand, status, pl)
    else:
        _klaverjas_trick(c, game, hand, status, pl)
    _klaverjas_sidebar(c, game, hand, status)


def _klaverjas_trick(c: Canvas, game: Klaverjassen, hand: KlaverjasHand, status: Status, pl: Places) -> None:
    trick, complete = _shown_trick(hand.tricks, hand.current_trick)
    to_move = hand.to_move()
    _draw_trick(c, pl, game.seats, trick, complete, to_move)
    for seat in game.seats:
        note = _seat_note(seat, trick, complete, to_move)
        plate(c, pl.plate[seat], name_of(seat, game, status), note or seat_tag(seat, game, status),
              turn=seat == to_move)
    if trick is None:
        _centre_text(c, pl.centre, [("Trick 1 of 8", 30, theme.MUTED)])
    elif complete and trick.winner is not None:
        roem = hand.trick_roem(trick)
        lines: list[tuple[str | Sequence[Rich], float, theme.Colour]] = [
            (f"{name_of(trick.winner, game, status)} wins", 32, theme.TEXT),
            (f"trick {trick.number}: {hand.trick_points(trick)} points", 24, theme.MUTED),
        ]
        if roem:
            _roem_badge(c, pl.centre, roem)
            box = pygame.Rect(pl.centre.x, pl.centre.y + c.px(64), pl.centre.w, pl.centre.h - c.px(64))
            _centre_text(c, box, lines)
        else:
            _centre_text(c, pl.centre, lines)
    else:
        _centre_text(c, pl.centre, [(f"Trick {trick.number} of 8", 30, theme.MUTED)])


def _trump_choice(c: Canvas, game: Klaverjassen, hand: KlaverjasHand, status: Status, pl: Places) -> None:
    """Klassiek: the die face and who said play or pass. Verplicht (or everyone passed):
    who names trump, and the suit the buttons offer."""
    to_move = hand.to_move()
    klassiek = game.rules.trump_choice == "klassiek" and not hand.forced
    for seat in game.seats:
        c.card(None, pl.card[seat], seat)
        if seat in hand.passes:
            note = "passed"
        elif seat == to_move:
            note = "play or pass?" if klassiek else "names trump"
        elif seat == hand.dealer:
            note = "deals"
        else:
            note = seat_tag(seat, game, status)
        plate(c, pl.plate[seat], name_of(seat, game, status), note, turn=seat == to_move)
        if seat == to_move:
            c.outline(pl.card[seat], theme.ACCENT, 6, 10)
    box = pl.centre
    if klassiek and hand.proposal is not None:
        side = min(box.h - c.px(10), c.px(118))
        die = pygame.Rect(box.x + c.px(8), box.centery - side // 2, side, side)
        _die(c, die, hand.proposal)
        text_box = pygame.Rect(die.right + c.px(12), box.y, box.right - die.right - c.px(12), box.h)
        _centre_text(c, text_box, [("the die:", 24, theme.MUTED), (hand.proposal.dutch, 36, theme.TEXT),
                                   (f"{name_of(to_move, game, status)}?" if to_move else "", 26, theme.ACCENT)])
    elif klassiek:
        _centre_text(c, box, [("Roll the die", 34, theme.TEXT)])
    else:
        namer = to_move or hand.left_of_dealer
        lines: list[tuple[str | Sequence[Rich], float, theme.Colour]] = []
        if hand.forced:
            lines.append(("everyone passed", 22, theme.MUTED))
        lines.append((f"{name_of(namer, game, status)} names trump", 30, theme.TEXT))
        if status.trump_pick is not None:
            lines.append(([status.trump_pick, f" {status.trump_pick.dutch}?"], 40, theme.ACCENT))
        _centre_text(c, box, lines)


def _die(c: Canvas, rect: pygame.Rect, suit: Suit) -> None:
    """The klassiek trump die: a white cube face showing the suit."""
    shadow = rect.move(c.px(5), c.px(5))
    pygame.draw.rect(c.surface, (5, 25, 18), shadow, border_radius=rect.w // 6)
    pygame.draw.rect(c.surface, theme.CARD_FACE, rect, border_radius=rect.w // 6)
    pygame.draw.rect(c.surface, theme.ACCENT, rect, max(2, c.px(4)), border_radius=rect.w // 6)
    c.pip(suit, rect.center, round(rect.w * 0.62))


def _hand_so_far(hand: KlaverjasHand, seats: Sequence[str]) -> tuple[dict[str, int], dict[str, int]]:
    """Card points and roem each team has taken in this hand so far."""
    points: dict[str, int] = {}
    roem: dict[str, int] = {}
    for trick in hand.tricks:
        if trick.winner is None:
            continue
        team = team_of(trick.winner, seats)
        points[team] = points.get(team, 0) + hand.trick_points(trick)
        roem[team] = roem.get(team, 0) + hand.trick_roem(trick)
    return points, roem


def _klaverjas_sidebar(c: Canvas, game: Klaverjassen, hand: KlaverjasHand | None, status: Status) -> None:
    seats = game.seats
    number = hand.number if hand is not None else 1
    # Trump and who plays.
    rect = _sidebar_panel(c, 10, 118)
    inner = _label(c, rect, "TRUMP", f"hand {number} of {game.rules.hands}")
    row = pygame.Rect(inner.x, inner.y, inner.w, c.px(48))
    under = pygame.Rect(inner.x, row.bottom + c.px(2), inner.w, inner.bottom - row.bottom - c.px(2))
    if hand is not None and hand.trump is not None and hand.maker is not None:
        c.text([hand.trump, f" {hand.trump.dutch}"], row, 44, theme.ACCENT, min_size=28)
        c.text(f"{name_of(hand.maker, game, status)} plays · {team_of(hand.maker, seats)}", under, 24, theme.TEXT,
               min_size=15)
    else:
        c.text("choosing" if hand is not None else "not dealt", row, 40, theme.MUTED, min_size=26)
        if hand is not None and hand.rolled:
            c.text(["rolled: ", *hand.rolled], under, 24, theme.TEXT, min_size=15)
        elif hand is not None:
            c.text(f"{name_of(hand.dealer, game, status)} deals", under, 24, theme.TEXT, min_size=15)
    # Running scores: the match so far, and this hand's points as they come.
    rect = _sidebar_panel(c, 136, 160)
    inner = _label(c, rect, "SCORE", "this hand")
    totals = game.totals()
    points, roem = _hand_so_far(hand, seats) if hand is not None and hand.trump is not None else ({}, {})
    makers = team_of(hand.maker, seats) if hand is not None and hand.maker is not None else None
    row_h = inner.h // 2
    for i, team in enumerate(game.teams):
        row = pygame.Rect(inner.x, inner.y + i * row_h, inner.w, row_h)
        top = pygame.Rect(row.x, row.y, row.w, row.h * 3 // 5)
        bottom = pygame.Rect(row.x, top.bottom, row.w, row.h - top.h)
        members = [name_of(s, game, status) for s in seats if team_of(s, seats) == team]
        c.text(team, pygame.Rect(top.x, top.y, top.w // 3, top.h), 34, theme.ACCENT if team == makers else theme.TEXT)
        c.text(str(totals[team]), pygame.Rect(top.x + top.w // 3, top.y, top.w * 2 // 3, top.h), 42, theme.TEXT, "right")
        hand_text = str(points.get(team, 0)) + (f" +{roem[team]}" if roem.get(team) else "") if points or roem else ""
        c.text(" & ".join(members), pygame.Rect(bottom.x, bottom.y, bottom.w * 5 // 8, bottom.h), 19, theme.MUTED,
               min_size=13)
        if hand_text:
            c.text(hand_text, pygame.Rect(bottom.x + bottom.w * 5 // 8, bottom.y, bottom.w * 3 // 8, bottom.h), 22,
                   theme.MUTED, "right", min_size=14)
    # The last finished trick (the one before the trick in view).
    last = None
    if hand is not None:
        finished = [t for t in hand.tricks if t.winner is not None]
        if hand.current_trick is None and finished:
            finished = finished[:-1]  # the one just finished is still in the middle of the table
        last = finished[-1] if finished else None
    caption, extra = "", ""
    if last is not None and hand is not None and last.winner is not None:
        caption = f"{name_of(last.winner, game, status)} · {hand.trick_points(last)} points"
        roem_value = hand.trick_roem(last)
        extra = f"roem {roem_value} {roem_marks(roem_value)}" if roem_value else ""
    if hand is not None and hand.phase is Phase.TRUMP:
        _trump_buttons(c, game, hand, status, 304, c.h - 314)
    else:
        _last_trick_panel(c, last, seats, 304, c.h - 314, caption, extra)


def _trump_buttons(c: Canvas, game: Klaverjassen, hand: KlaverjasHand, status: Status, y: float, h: float) -> None:
    """While trump is chosen the buttons mean play/pass or choose/other suit: say which."""
    rect = _sidebar_panel(c, y, h)
    inner = _label(c, rect, "BUTTONS")
    if status.trump_pick is not None:
        hints = [("OK", f"choose {status.trump_pick.dutch}"), ("NEXT", "other suit")]
    elif game.rules.trump_choice == "klassiek" and not hand.forced and hand.proposal is not None:
        hints = [("OK", f"play {hand.proposal.dutch}"), ("NEXT", "pass")]
    else:
        c.text("waiting", inner, 24, theme.MUTED, "center")
        return
    row_h = min(inner.h // len(hints), c.px(52))
    for i, hint in enumerate(hints):
        buttons(c, pygame.Rect(inner.x, inner.y + i * row_h + c.px(4), inner.w, row_h - c.px(8)), [hint], 22)


# -- rikken ----------------------------------------------------------------------------------


def call_rich(call: Call) -> list[Rich]:
    """A bid as said at the table, with its suit drawn: ``abondance 9 ♠``, ``solo, no trump``."""
    if call.kind is Kind.ABONDANCE and call.suit is not None:
        return [f"abondance {call.tricks} ", call.suit]
    if call.kind is Kind.SOLO:
        return ["solo ", call.suit] if call.suit is not None else ["solo, no trump"]
    return [str(call)]


def contract_rich(hand: RikkenHand) -> list[Rich]:
    c = hand.contract
    if c is None:
        return ["no contract"]
    if c.kind is ContractKind.VRAAG_MEE:
        return ["vraag + mee"]
    if c.kind in (ContractKind.TROEL, ContractKind.TROELA, ContractKind.ALLEEN, ContractKind.SOLO_SLIM) \
            or c.kind in MISERIE_KINDS:
        return [c.kind.value.replace("-", " ")]
    return call_rich(c.bid)


def rikken_table(surface: pygame.Surface, game: Rikken, status: Status) -> None:
    """The Rikken table: the bidding while it runs, then the trick, contract and scores."""
    c = Canvas(surface)
    c.fill(theme.BACKGROUND)
    hand = game.hand
    if hand is not None and hand.phase in (RikkenPhase.TURN, RikkenPhase.AUCTION):
        _rikken_bidding(c, game, hand, status)
    else:
        _rikken_trick(c, game, hand, status)
    _rikken_sidebar(c, game, hand, status)


def _rikken_trick(c: Canvas, game: Rikken, hand: RikkenHand | None, status: Status) -> None:
    seats = game.seats
    pl = places(c, seats, c.w - SIDEBAR)
    if hand is None:
        for seat in seats:
            c.card(None, pl.card[seat], seat)
            plate(c, pl.plate[seat], name_of(seat, game, status), seat_tag(seat, game, status))
        _centre_text(c, pl.centre, [("Deal the cards", 36, theme.TEXT)])
        return
    trick, complete = _shown_trick(hand.tricks, hand.current_trick)
    to_move = hand.to_move()
    _draw_trick(c, pl, seats, trick, complete, to_move)
    won = hand.tricks_won()
    side = hand.contract.side if hand.contract is not None else ()
    for seat in seats:
        tricks = f"{won[seat]} trick{'s' if won[seat] != 1 else ''}"
        note = _seat_note(seat, trick, complete, to_move, tricks)
        plate(c, pl.plate[seat], name_of(seat, game, status), note, turn=seat == to_move, marked=seat in side)
    if trick is None:
        c_ = hand.contract
        first = "the partner leads the called card" if c_ is not None and c_.leader is None else "Trick 1 of 13"
        _centre_text(c, pl.centre, [(first, 26, theme.MUTED)])
    elif complete and trick.winner is not None:
        _centre_text(c, pl.centre, [(f"{name_of(trick.winner, game, status)} wins", 32, theme.TEXT),
                                    (f"trick {trick.number} of 13", 24, theme.MUTED)])
    else:
        _centre_text(c, pl.centre, [(f"Trick {trick.number} of 13", 30, theme.MUTED)])


def _rikken_bidding(c: Canvas, game: Rikken, hand: RikkenHand, status: Status) -> None:
    """Every seat's calls at its place, the turned card in the middle, the highest bid."""
    seats = game.seats
    tw = c.w - SIDEBAR
    auction = hand.auction
    boxes = [
        c.r(tw / 2 - 135, 10, 270, 118),
        c.r(tw - 200, c.h / 2 - 59, 190, 118),
        c.r(tw / 2 - 135, c.h - 128, 270, 118),
        c.r(10, c.h / 2 - 59, 190, 118),
    ]
    to_speak = auction.to_speak if auction is not None else None
    for i, seat in enumerate(seats):
        box = boxes[i]
        calls = [call for s, call in auction.calls if s == seat] if auction is not None else []
        holds = auction is not None and seat in auction.holders
        out = auction is not None and seat in auction.out
        turn = seat == to_speak
        fill = theme.ACCENT if turn else theme.PANEL
        ink = theme.ON_ACCENT if turn else theme.TEXT
        c.panel(box, fill, theme.GOOD if holds and not turn else (theme.ACCENT if turn else theme.PANEL_EDGE),
                width=5 if holds else 2, label=f"bids:{seat}")
        inner = box.inflate(-c.px(16), -c.px(10))
        name_row = pygame.Rect(inner.x, inner.y, inner.w, inner.h * 3 // 10)
        call_row = pygame.Rect(inner.x, name_row.bottom, inner.w, inner.h * 4 // 10)
        past_row = pygame.Rect(inner.x, call_row.bottom, inner.w, inner.h - name_row.h - call_row.h)
        title = name_of(seat, game, status) + (" · to bid" if turn and calls else " · deals" if seat == hand.dealer else "")
        c.text(title, name_row, 26, ink, min_size=16)
        if turn and status.bid_pick:
            c.text(f"{status.bid_pick}?", call_row, 34, ink, min_size=20)
            c.text("OK: bid · NEXT: other", past_row, 19, ink, min_size=13)
        elif calls:
            colour = ink if not out else (theme.ON_ACCENT if turn else theme.MUTED)
            c.text(call_rich(calls[-1]), call_row, 36, colour, min_size=20)
            if len(calls) > 1:
                c.text("before: " + ", ".join(str(x) for x in calls[:-1]), past_row, 19,
                       theme.ON_ACCENT if turn else theme.MUTED, min_size=13)
        elif turn:
            c.text("to bid", call_row, 34, ink, min_size=20)
        else:
            c.text("-", call_row, 34, theme.MUTED)
    # The turned card: its suit is trump for vraag, mee and alleen.
    centre_w, centre_h = 86.0, 122.0
    card_rect = c.r(tw / 2 - centre_w / 2, c.h / 2 - centre_h / 2 - 8, centre_w, centre_h)
    c.card(hand.turned, card_rect, "turned")
    c.text("turned" if hand.turned is not None else "turn a card", c.r(tw / 2 - 70, c.h / 2 + centre_h / 2 - 6, 140, 26),
           20, theme.MUTED, "center")


def _rikken_sidebar(c: Canvas, game: Rikken, hand: RikkenHand | None, status: Status) -> None:
    seats = game.seats
    number = hand.number if hand is not None else 1
    of = f" of {game.rules.hands}" if game.rules.hands else ""
    rect = _sidebar_panel(c, 10, 150)
    bidding = hand is not None and hand.phase in (RikkenPhase.TURN, RikkenPhase.AUCTION)
    inner = _label(c, rect, "BIDDING" if bidding else "CONTRACT", f"hand {number}{of}")
    rows = [pygame.Rect(inner.x, inner.y + i * inner.h // 3, inner.w, inner.h // 3) for i in range(3)]
    if hand is None:
        c.text("waiting for the deal", rows[0], 26, theme.MUTED)
    elif bidding:
        auction = hand.auction
        if auction is not None and auction.standing is not None:
            c.text("highest bid", rows[0], 20, theme.MUTED)
            c.text(call_rich(auction.standing), rows[1], 34, theme.ACCENT, min_size=20)
            c.text("by " + " & ".join(name_of(s, game, status) for s in auction.holders), rows[2], 24, theme.TEXT,
                   min_size=14)
        else:
            c.text("no bid yet", rows[0], 26, theme.MUTED)
            if hand.turned is not None:
                c.text(["vraag plays ", hand.turned.suit], rows[1], 26, theme.TEXT, min_size=16)
    elif hand.contract is None:
        c.text("everyone passed" if hand.misdeal is None else hand.misdeal.reason, rows[0], 28, theme.TEXT)
    else:
        k = hand.contract
        trump: list[Rich] = [" ", k.trump] if k.trump is not None and k.bid.suit is None else []
        c.text(contract_rich(hand) + trump, rows[0], 36, theme.ACCENT, min_size=20)
        names = " & ".join(name_of(s, game, status) for s in k.side)
        c.text(f"by {names}", rows[1], 24, theme.TEXT, min_size=14)
        if k.kind in MISERIE_KINDS:
            c.text("no trump, take no trick", rows[2], 24, theme.TEXT, min_size=14)
        else:
            have = hand.side_tricks() or 0
            c.text(f"tricks: {have} of {k.target}", rows[2], 28, theme.TEXT, min_size=16)
    # Scores per seat: Rikken is scored per player.
    rect = _sidebar_panel(c, 168, 150)
    inner = _label(c, rect, "SCORE")
    totals = game.totals()
    row_h = inner.h // len(seats)
    for i, seat in enumerate(seats):
        row = pygame.Rect(inner.x, inner.y + i * row_h, inner.w, row_h)
        c.text(name_of(seat, game, status), pygame.Rect(row.x, row.y, row.w * 2 // 3, row.h), 26, theme.TEXT, min_size=15)
        c.text(f"{totals[seat]:+d}", pygame.Rect(row.x + row.w * 2 // 3, row.y, row.w // 3, row.h), 28,
               theme.TEXT, "right", min_size=16)
    last = None
    if hand is not None:
        finished = [t for t in hand.tricks if t.winner is not None]
        if hand.current_trick is None and finished:
            finished = finished[:-1]
        last = finished[-1] if finished else None
    if bidding and hand is not None:
        _calls_panel(c, game, hand, status, 326, c.h - 336)
        return
    caption = f"{name_of(last.winner, game, status)} won it" if last is not None and last.winner else ""
    _last_trick_panel(c, last, seats, 326, c.h - 336, caption)


def _calls_panel(c: Canvas, game: Rikken, hand: RikkenHand, status: Status, y: float, h: float) -> None:
    """The calls in the order they were made, newest first: for whoever looked away."""
    rect = _sidebar_panel(c, y, h)
    inner = _label(c, rect, "CALLS", "newest first")
    calls = list(hand.auction.calls) if hand.auction is not None else []
    if not calls:
        c.text("none yet", inner, 24, theme.MUTED, "center")
        return
    row_h = c.px(27)
    fit = max(1, inner.h // row_h)
    for i, (seat, call) in enumerate(reversed(calls[-fit:])):
        row = pygame.Rect(inner.x, inner.y + i * row_h, inner.w, row_h)
        c.text(name_of(seat, game, status), pygame.Rect(row.x, row.y, row.w * 2 // 5, row.h), 22,
               theme.MUTED, min_size=14)
        c.text(call_rich(call), pygame.Rect(row.x + row.w * 2 // 5, row.y, row.w * 3 // 5, row.h), 24,
               theme.TEXT if i else theme.ACCENT, "right", min_size=14)


__all__ = ["klaverjas_table", "rikken_table", "call_rich", "contract_rich", "who"]
