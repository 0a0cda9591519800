"""Rendered video of card play: deals of tricks, cards slid in by hands, tricks gathered.

``SimulatedDeal(seed)`` knows its true plays (card, seat, in order) and yields the frames
a camera above the table would see, so the tracker can be judged end to end.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field

import cv2
import numpy as np

from engine.cards import FULL_DECK, PIQUET_DECK, Card
from vision.calibration import TableCalibration, seat_anchors
from vision.faces import DeckDesign
from vision.synth import (TABLES, Camera, Effects, HandPose, PlacedCard, project, random_design, render_table,
                          with_cast_shadow)

SEAT_DISTANCE_MM = 105.0  # from the table centre to a played card
PILE_DISTANCE_MM = 230.0


@dataclass
class Play:
    card: Card
    seat: int


@dataclass
class SimulatedDeal:
    seed: int
    n_seats: int = 4
    deck: int = 32
    tricks: int = 8
    size: tuple[int, int] = (1280, 720)
    settle_frames: int = 4
    gone_frames: int = 6
    plays: list[Play] = field(default_factory=list)
    # The deck the cards are printed from (a photographed one: ``DeckDesign(photos=DIR)``);
    # None: the project's drawn faces in a random font. The deal is the same either way.
    deck_design: DeckDesign | None = None
    # A player's shadow lying still over part of the table all deal (``Effects.shadow``).
    shadow: bool = False

    def __post_init__(self) -> None:
        rng = np.random.default_rng(self.seed)
        cards = list(PIQUET_DECK if self.deck == 32 else FULL_DECK)
        rng.shuffle(cards)
        self._rng = rng
        self.table = str(rng.choice(TABLES[:4]))
        drawn = random_design(rng, "en")
        self.design = self.deck_design or drawn
        self.camera = Camera(self.size, self.size[0] / 1280 * float(rng.uniform(1.3, 1.5)),
                             float(rng.uniform(-6, 6)), float(rng.uniform(0, 0.6)), int(rng.integers(1, 1 << 30)))
        self.effects = with_cast_shadow(Effects(light_gradient=float(rng.uniform(0, 0.4)), blur=0.5), self.seed,
                                        self.shadow)
        self.tricks = min(self.tricks, len(cards) // self.n_seats)
        leader = 0
        for t in range(self.tricks):
            for k in range(self.n_seats):
                seat = (leader + k) % self.n_seats
                self.plays.append(Play(cards.pop(), seat))
            leader = int(rng.integers(self.n_seats))  # the trick's winner leads next

    def _seat_dir(self, seat: int) -> tuple[float, float]:
        ax, ay = seat_anchors(self.n_seats)[seat]
        n = math.hypot(ax, ay)
        return ax / n, ay / n

    def _spot(self, seat: int, distance: float) -> tuple[float, float, float]:
        dx, dy = self._seat_dir(seat)
        # A card lies turned towards its player, give or take a little.
        angle = math.degrees(math.atan2(dx, dy)) + float(self._rng.uniform(-8, 8))
        return (dx * distance + float(self._rng.uniform(-12, 12)),
                dy * distance + float(self._rng.uniform(-12, 12)), angle)

    def table_to_image(self) -> np.ndarray:
        return self.camera.table_to_image()

    def calibration(self) -> TableCalibration:
        """As the device would calibrate: one card laid in front of each seat."""
        h = self.table_to_image()
        pts = [project(h, np.array([[d[0] * SEAT_DISTANCE_MM, d[1] * SEAT_DISTANCE_MM]]))[0]
               for d in (self._seat_dir(s) for s in range(self.n_seats))]
        return TableCalibration.from_seat_cards([(float(p[0]), float(p[1])) for p in pts])

    def _render(self, placed: list[PlacedCard], hands: list[HandPose]) -> np.ndarray:
        frame, _ = render_table(placed, seed=self.seed, table=self.table, design=self.design, camera=self.camera,
                                hands=hands, effects=self.effects)
        return frame

    def frames(self) -> Iterator[np.ndarray]:
        """Every frame of the deal, with fresh sensor noise on each."""
        noise_rng = np.random.default_rng(self.seed + 17)  # sensor noise: every frame differs
        piles: list[PlacedCard] = []
        edge = {0: "bottom", 1: "left", 2: "top", 3: "right"} if self.n_seats == 4 else {}

        # A few noise fields, cycled: every frame differs as a real sensor's do, cheaply.
        fields = [(noise_rng.integers(0, 4, (self.size[1], self.size[0], 3), dtype=np.uint8),
                   noise_rng.integers(0, 4, (self.size[1], self.size[0], 3), dtype=np.uint8)) for _ in range(5)]
        counter = [0]

        def noisy(img: np.ndarray) -> np.ndarray:
            up, down = fields[counter[0] % len(fields)]
            counter[0] += 1
            return cv2.subtract(cv2.add(img, up), down)

        for t in range(self.tricks):
            trick = self.plays[t * self.n_seats:(t + 1) * self.n_seats]
            on_table: list[PlacedCard] = []
            for play in trick:
                x, y, angle = self._spot(play.seat, SEAT_DISTANCE_MM)
                dx, dy = self._seat_dir(play.seat)
                side = edge.get(play.seat, "bottom")
                # Slid in from the player's side under a hand: two moving frames.
                for frac in (0.55, 0.15):
                    cx, cy = x + dx * 120 * frac, y + dy * 120 * frac
                    moving = PlacedCard(play.card, cx, cy, angle + 20 * frac)
                    hand = HandPose(cx + dx * 30, cy + dy * 30, side)
                    yield noisy(self._render(piles + on_table + [moving], [hand]))
                on_table.append(PlacedCard(play.card, x, y, angle))
                still = self._render(piles + on_table, [])
                for _ in range(self.settle_frames):
                    yield noisy(still)
            # Gathered: a hand sweeps over the trick, then the cards are gone to a pile.
            winner = trick[int(self._rng.integers(len(trick)))].seat
            yield noisy(self._render(piles + on_table, [HandPose(0, 0, edge.get(winner, "bottom"))]))
            px, py, pa = self._spot(winner, PILE_DISTANCE_MM)
            piles.append(PlacedCard(None, px, py, pa, face_up=False))
            empty = self._render(piles, [])
            for _ in range(self.gone_frames):
                yield noisy(empty)
