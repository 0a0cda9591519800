"""Synthetic card-table scenes: the test data of the vision package and the camera of
the simulated table.

A scene is described in table coordinates (millimetres, origin at the table centre,
+y towards seat 0 "south", the player nearest the camera's bottom edge) and rendered
to a BGR frame together with its ground truth. Rendering is deterministic for a given
``seed``.

    frame, truth = render_table(
        [PlacedCard(Card.parse("QS"), x=0, y=120, angle=8)], seed=7, table="beige")

``random_scene(seed)`` builds a whole random scene (tables, index styles, decks,
overlaps, face-down cards, hands, light, glare, blur, noise, JPEG) for benchmarks.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Final, cast

import cv2
import numpy as np

from engine.cards import FULL_DECK, PIQUET_DECK, Card
from vision.faces import (CARD_H, CARD_W, HERSHEY_FONTS, INDEX_H, INDEX_W, STYLES, DeckDesign, card_alpha,
                          card_back, card_face, card_height)

CARD_MM: Final = (63.0, 88.0)  # width, height of a poker-size card
TABLES: Final = ("light_wood", "beige", "green_felt", "dark_wood", "cloth")
# The light tables of ``table_photo_scene``: "white" (a white laminate, as pale as card
# stock) is not among the random scenes' ``TABLES``, so that their seeds render as before.
LIGHT_TABLES: Final = ("light_wood", "beige", "white")
SEAT_NAMES_4: Final = ("south", "west", "north", "east")


@dataclass(frozen=True)
class PlacedCard:
    """A card on the table: ``card`` None means a card whose value is unknown (a back)."""

    card: Card | None
    x: float  # mm, table centre = 0
    y: float  # mm, +y towards seat 0 (bottom of the image)
    angle: float = 0.0  # degrees, counter-clockwise as seen from above
    face_up: bool = True


@dataclass(frozen=True)
class HandPose:
    """A hand reaching in over the table from an edge: fingertip position in mm."""

    x: float
    y: float
    from_edge: str = "bottom"  # bottom, top, left, right
    width: float = 95.0  # mm across the palm


@dataclass(frozen=True)
class Effects:
    """Camera and light imperfections; all zero is a perfect camera."""

    tilt: float = 0.0  # 0..1, fraction of the allowed perspective tilt
    tilt_seed: int = 0
    light_gradient: float = 0.0  # 0..1 darkening across the frame
    glare: float = 0.0  # 0..1 strength of a specular blob
    blur: float = 0.0  # Gaussian sigma in pixels
    noise: float = 0.0  # sensor noise sigma in grey levels
    jpeg_quality: int = 0  # 0 = no JPEG round trip
    glare_seed: int = 0
    # 0..1 depth of a cast shadow (a player, or the phone taking the photo, between the
    # lamp and the table): a soft-edged dark patch over part of the frame.
    shadow: float = 0.0
    shadow_seed: int = 0


@dataclass
class CardTruth:
    card: Card | None  # None when face down
    face_up: bool
    corners: np.ndarray  # 4x2 float32 image points: the card's TL, TR, BR, BL
    center: tuple[float, float]  # image pixels
    table_xy: tuple[float, float]  # mm
    index_visible: bool  # at least one corner index is free of cards and hands
    visible_fraction: float


@dataclass
class SceneTruth:
    cards: list[CardTruth]
    table_to_image: np.ndarray  # 3x3 homography, mm -> pixels
    hand_mask: np.ndarray  # uint8, 255 where a hand is
    table: str
    style: str
    size: tuple[int, int]

    def readable(self) -> list[CardTruth]:
        """Cards a reader should report: face up with an index showing, or face down whole."""
        return [c for c in self.cards if (c.face_up and c.index_visible) or
                (not c.face_up and c.visible_fraction > 0.9)]


@dataclass(frozen=True)
class Camera:
    """Where the camera looks: ``px_per_mm`` at the table centre, plus tilt and turn."""

    size: tuple[int, int] = (1280, 720)
    px_per_mm: float = 1.35
    rotation: float = 0.0  # degrees the table appears turned in the image
    tilt: float = 0.0  # 0..1
    tilt_seed: int = 0

    def table_to_image(self) -> np.ndarray:
        w, h = self.size
        a = math.radians(self.rotation)
        s = self.px_per_mm
        ca, sa = math.cos(a) * s, math.sin(a) * s
        affine = np.array([[ca, -sa, w / 2], [sa, ca, h / 2], [0, 0, 1]], np.float64)
        if self.tilt <= 0:
            return affine
        # A moderate tilt: move the frame corners by up to 9% of the frame (keystone).
        rng = np.random.default_rng(self.tilt_seed)
        src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
        jitter = rng.uniform(-1, 1, (4, 2)) * np.array([w, h]) * 0.09 * self.tilt
        persp = cv2.getPerspectiveTransform(src, (src + jitter).astype(np.float32))
        return persp @ affine


def card_mm(design: DeckDesign = DeckDesign()) -> tuple[float, float]:
    """Width and height in mm of ``design``'s cards: poker-size, or as long as a
    poker-size card and as narrow as its photos show (a bridge-size photo deck)."""
    if not design.photos:
        return CARD_MM
    return CARD_MM[1] * CARD_W / card_height(design), CARD_MM[1]


def card_corners_mm(pc: PlacedCard, size: tuple[float, float] = CARD_MM) -> np.ndarray:
    """TL, TR, BR, BL of a placed card in table mm (``size``: the card's width and height)."""
    w, h = size
    a = math.radians(pc.angle)
    c, s = math.cos(a), math.sin(a)
    local = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    rot = np.array([[c, s], [-s, c]])
    corners: np.ndarray = local @ rot.T + np.array([pc.x, pc.y])
    return corners


def project(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(np.asarray(pts, np.float64).reshape(-1, 1, 2), h).reshape(-1, 2)


@functools.lru_cache(maxsize=32)
def _table_texture(kind: str, w: int, h: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind in ("light_wood", "dark_wood"):
        base = np.array((125, 172, 208) if kind == "light_wood" else (35, 58, 95), np.float32)
        wobble = cv2.resize(rng.normal(0, 1, (8, 12)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
        period = rng.uniform(14, 30)
        grain = np.sin((yy + 25 * wobble) / period * 2 * np.pi) * 0.5 + 0.5
        fine = cv2.resize(rng.normal(0, 1, (h // 2, w // 8)).astype(np.float32), (w, h))
        shade = 1.0 + 0.16 * (grain - 0.5) + 0.05 * fine
        img: np.ndarray = base[None, None, :] * shade[..., None]
        if kind == "dark_wood":
            img *= 1.0 + 0.35 * (grain[..., None] - 0.5)
    elif kind == "white":
        # Laminate: nearly as light as card stock, a faint mottle and a cooler tint.
        base = np.array((222, 224, 226), np.float32)
        mottle = cv2.resize(rng.normal(0, 1, (h // 24 + 1, w // 24 + 1)).astype(np.float32), (w, h),
                            interpolation=cv2.INTER_CUBIC)
        fine = rng.normal(0, 1, (h, w)).astype(np.float32)
        img = base[None, None, :] * (1.0 + 0.015 * mottle[..., None] + 0.01 * fine[..., None])
    elif kind == "beige":
        base = np.array((178, 206, 224), np.float32)
        fine = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 1.5)
        img = base[None, None, :] * (1.0 + 0.03 * fine[..., None])
    elif kind == "green_felt":
        base = np.array((60, 115, 28), np.float32)
        fine = rng.normal(0, 1, (h, w)).astype(np.float32)
        img = base[None, None, :] * (1.0 + 0.08 * fine[..., None])
    elif kind == "cloth":
        # A woven check: two colours in stripes both ways, with a thin light thread.
        c1 = np.array((70, 60, 150), np.float32)
        c2 = np.array((200, 215, 225), np.float32)
        period = rng.uniform(40, 70)
        sx = (np.sin(xx / period * 2 * np.pi) > 0).astype(np.float32)
        sy = (np.sin(yy / period * 2 * np.pi) > 0).astype(np.float32)
        mix = (sx + sy) / 2
        img = c1[None, None, :] * (1 - mix[..., None]) + c2[None, None, :] * mix[..., None]
        thread = (np.abs(np.sin(xx / period * 4 * np.pi)) < 0.08) | (np.abs(np.sin(yy / period * 4 * np.pi)) < 0.08)
        img[thread] = (235, 235, 235)
        img = cv2.GaussianBlur(img, (0, 0), 1.0)
    else:
        raise ValueError(f"unknown table {kind!r} (expected one of {', '.join(TABLES)})")
    out: np.ndarray = np.clip(img, 0, 255).astype(np.uint8)
    out.setflags(write=False)
    return out


def _hand_polygon(hand: HandPose, t2i: np.ndarray, size: tuple[int, int]) -> list[np.ndarray]:
    """Arm, palm and fingers of a reaching hand, as image polygons."""
    tip = project(t2i, np.array([[hand.x, hand.y]]))[0]
    w, h = size
    edge_point = {"bottom": (tip[0], h + 200), "top": (tip[0], -200),
                  "left": (-200, tip[1]), "right": (w + 200, tip[1])}[hand.from_edge]
    direction = np.array(tip) - np.array(edge_point)
    direction /= np.linalg.norm(direction) + 1e-9
    normal = np.array([-direction[1], direction[0]])
    px = hand.width * float(np.linalg.norm(project(t2i, np.array([[1.0, 0.0]]))[0] - project(t2i, np.zeros((1, 2)))[0]))
    palm_centre = np.array(tip) - direction * px * 0.9
    polys = []
    arm = np.array([edge_point + normal * px * 0.45, palm_centre + normal * px * 0.5,
                    palm_centre - normal * px * 0.5, edge_point - normal * px * 0.45])
    polys.append(arm)
    palm = cv2.ellipse2Poly((int(palm_centre[0]), int(palm_centre[1])), (int(px * 0.55), int(px * 0.5)),
                            int(math.degrees(math.atan2(direction[1], direction[0]))), 0, 360, 10)
    polys.append(np.asarray(palm).astype(np.float64))
    for k, length in zip(np.linspace(-0.36, 0.36, 4), (0.6, 0.8, 0.75, 0.55)):
        base = palm_centre + normal * px * k + direction * px * 0.3
        end = base + direction * px * length
        half = normal * px * 0.08
        polys.append(np.array([base + half, end + half, end - half, base - half]))
    return [p.astype(np.int32) for p in polys]


def render_table(cards: Sequence[PlacedCard], *, seed: int = 0, table: str = "green_felt",
                 design: DeckDesign = DeckDesign(), camera: Camera = Camera(),
                 hands: Sequence[HandPose] = (), effects: Effects = Effects(),
                 table_seed: int | None = None) -> tuple[np.ndarray, SceneTruth]:
    """Render ``cards`` (later ones lie on top) on ``table``; return the BGR frame and its truth.
    The table's texture is one of four, ``seed % 4``, or ``table_seed``'s (one table seen
    all evening, whatever ``seed`` gives the hands and the camera's noise)."""
    w, h = camera.size
    cam = Camera(camera.size, camera.px_per_mm, camera.rotation, max(camera.tilt, effects.tilt),
                 camera.tilt_seed or effects.tilt_seed)
    t2i = cam.table_to_image()
    frame = _table_texture(table, w, h, (seed if table_seed is None else table_seed) % 4).astype(np.float32)
    owner = np.full((h, w), -1, np.int16)
    face_h = card_height(design)
    size_mm = card_mm(design)
    alpha = card_alpha(face_h)
    src = np.array([[0, 0], [CARD_W, 0], [CARD_W, face_h], [0, face_h]], np.float32)
    quads: list[np.ndarray] = []
    for i, pc in enumerate(cards):
        quad = project(t2i, card_corners_mm(pc, size_mm)).astype(np.float32)
        quads.append(quad)
        x0, y0 = np.floor(quad.min(axis=0)).astype(int) - 6
        x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 6
        xa, ya, xb, yb = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
        if xb <= xa or yb <= ya:
            continue
        m = cv2.getPerspectiveTransform(src, quad - np.array([xa, ya], np.float32))
        face = (card_face(pc.card, design) if pc.face_up and pc.card is not None
                else card_back(design.back_color, design.back_pattern))
        if face.shape[0] != face_h:  # a back for a photographed deck of another shape
            face = cv2.resize(face, (CARD_W, face_h), interpolation=cv2.INTER_AREA)
        warped = cv2.warpPerspective(face, m, (xb - xa, yb - ya), flags=cv2.INTER_AREA).astype(np.float32)
        a = cv2.warpPerspective(alpha, m, (xb - xa, yb - ya), flags=cv2.INTER_LINEAR)
        # A soft contact shadow, offset a little: it is what separates white on white.
        shadow = cv2.GaussianBlur(np.roll(a, (2, 2), (0, 1)), (0, 0), 2.0)
        region = frame[ya:yb, xa:xb]
        region *= (1 - 0.35 * shadow)[..., None]
        region[:] = region * (1 - a[..., None]) + warped * a[..., None]
        owner[ya:yb, xa:xb][a > 0.5] = i
    hand_mask: np.ndarray = np.zeros((h, w), np.uint8)
    rng = np.random.default_rng(seed)
    for hand in hands:
        polys = _hand_polygon(hand, t2i, (w, h))
        m = np.zeros((h, w), np.uint8)
        for p in polys:
            cv2.fillPoly(m, [p], 255)
        skin = np.array((120, 150, 205), np.float32) * rng.uniform(0.6, 1.1)
        soft = cv2.GaussianBlur(m, (0, 0), 1.5).astype(np.float32)[..., None] / 255.0
        shade: np.ndarray = 1.0 + 0.15 * cv2.GaussianBlur(
            rng.normal(0, 1, (h // 16, w // 16)).astype(np.float32), (3, 3), 0)
        shade = cv2.resize(shade, (w, h))[..., None]
        frame = frame * (1 - soft) + skin * shade * soft
        hand_mask |= m
    owner[hand_mask > 0] = -2
    frame = _camera_effects(frame, effects, seed)
    truth_cards = []
    for i, (pc, quad) in enumerate(zip(cards, quads)):
        truth_cards.append(_card_truth(i, pc, quad, owner, design, t2i, face_h))
    truth = SceneTruth(truth_cards, t2i, hand_mask, table, design.style, (w, h))
    return frame, truth


def _card_truth(i: int, pc: PlacedCard, quad: np.ndarray, owner: np.ndarray, design: DeckDesign,
                t2i: np.ndarray, face_h: int = CARD_H) -> CardTruth:
    h, w = owner.shape
    full = np.zeros((h, w), np.uint8)
    cv2.fillPoly(full, [np.round(quad).astype(np.int32)], 1)
    area = int(full.sum())
    mine = int(((owner == i) & (full > 0)).sum())
    src = np.array([[0, 0], [CARD_W, 0], [CARD_W, face_h], [0, face_h]], np.float32)
    m = cv2.getPerspectiveTransform(src, quad)
    corners = [(0, 0), (CARD_W - INDEX_W, face_h - INDEX_H)]
    if design.four_indices:
        corners += [(CARD_W - INDEX_W, 0), (0, face_h - INDEX_H)]
    visible = False
    for cx, cy in corners:
        box = np.array([[cx + 4, cy + 6], [cx + INDEX_W - 8, cy + 6], [cx + INDEX_W - 8, cy + INDEX_H - 20],
                        [cx + 4, cy + INDEX_H - 20]], np.float32)
        poly = project(m, box)
        mask = np.zeros((h, w), np.uint8)
        cv2.fillPoly(mask, [np.round(poly).astype(np.int32)], 1)
        n = int(mask.sum())
        if n == 0 or poly.min() < 0 or poly[:, 0].max() >= w or poly[:, 1].max() >= h:
            continue
        if ((owner == i) & (mask > 0)).sum() >= 0.97 * n:
            visible = True
    centre = project(t2i, np.array([[pc.x, pc.y]]))[0]
    return CardTruth(pc.card if pc.face_up else None, pc.face_up, quad, (float(centre[0]), float(centre[1])),
                     (pc.x, pc.y), visible and pc.face_up, mine / max(area, 1))


@functools.lru_cache(maxsize=8)
def _light_ramp(w: int, h: int, angle: float, strength: float) -> np.ndarray:
    xs = np.linspace(-1, 1, w, dtype=np.float32)
    ys = np.linspace(-1, 1, h, dtype=np.float32)
    ramp = (np.cos(angle) * xs[None, :] + np.sin(angle) * ys[:, None]) * 0.5 + 0.5
    gain = (1.0 - 0.55 * strength * ramp).astype(np.float32)
    out: np.ndarray = cv2.merge([gain, gain, gain])
    out.setflags(write=False)
    return out


def _cast_shadow(w: int, h: int, depth: float, seed: int) -> np.ndarray:
    """The light left under a cast shadow, per pixel (h x w x 3, float32): 1 in full
    light, down to 1 - 0.7 ``depth`` in the shadow, whose edge (blurred by 0.5% to 3% of
    the frame's width) runs through the frame's middle part. Half the shadows are a body's
    or an arm's (one side of a wavy line), half a head's or a phone's (an ellipse)."""
    rng = np.random.default_rng(seed)
    mask: np.ndarray = np.zeros((h, w), np.float32)
    cx, cy = float(rng.uniform(0.2, 0.8)) * w, float(rng.uniform(0.2, 0.8)) * h
    if rng.random() < 0.5:
        ang = float(rng.uniform(0, 2 * np.pi))
        xs, ys = np.meshgrid(np.arange(w, dtype=np.float32) - cx, np.arange(h, dtype=np.float32) - cy)
        along = -np.sin(ang) * xs + np.cos(ang) * ys
        wave = 0.04 * w * np.sin(along / (float(rng.uniform(0.1, 0.3)) * w) + float(rng.uniform(0, 2 * np.pi)))
        mask = ((np.cos(ang) * xs + np.sin(ang) * ys) > wave).astype(np.float32)
    else:
        axes = (int(rng.uniform(0.12, 0.3) * w), int(rng.uniform(0.12, 0.3) * w))
        cv2.ellipse(mask, (int(cx), int(cy)), axes, float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
    soft = cv2.GaussianBlur(mask, (0, 0), float(rng.uniform(0.005, 0.03)) * w)
    gain = (1.0 - 0.7 * depth * soft).astype(np.float32)
    out: np.ndarray = cv2.merge([gain, gain, gain])
    return out


def _camera_effects(frame: np.ndarray, fx: Effects, seed: int) -> np.ndarray:
    h, w = frame.shape[:2]
    rng = np.random.default_rng(seed ^ 0x5EED)
    if fx.light_gradient > 0:
        ang = float(rng.uniform(0, 2 * np.pi))
        frame = cv2.multiply(frame, _light_ramp(w, h, round(ang, 4), round(fx.light_gradient, 4)))
    if fx.shadow > 0:
        frame = cv2.multiply(frame, _cast_shadow(w, h, fx.shadow, fx.shadow_seed))
    if fx.glare > 0:
        grng = np.random.default_rng(fx.glare_seed or seed)
        gx, gy = grng.uniform(0.2, 0.8) * w, grng.uniform(0.2, 0.8) * h
        sigma = grng.uniform(0.05, 0.12) * w
        xs = np.arange(w, dtype=np.float32) - gx
        ys = np.arange(h, dtype=np.float32) - gy
        blob = np.exp(-(ys[:, None] ** 2 + xs[None, :] ** 2) / (2 * sigma ** 2))
        frame = frame + (255 - frame) * (0.6 * fx.glare * blob)[..., None]
    out = cv2.convertScaleAbs(frame)  # saturating float -> uint8, much faster than np.clip
    if fx.blur > 0:
        out = cv2.GaussianBlur(out, (0, 0), fx.blur)
    if fx.noise > 0:
        # numpy's seeded generator, not cv2.randn: a scene must be the same for its seed.
        noise = np.asarray(rng.normal(0.0, fx.noise, out.shape)).astype(np.float32)
        out = np.clip(out.astype(np.float32) + noise, 0, 255).astype(np.uint8)
    if fx.jpeg_quality > 0:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, fx.jpeg_quality])
        # imdecode is typed as Optional; it cannot fail on what imencode just wrote.
        out = cast(np.ndarray, cv2.imdecode(buf, cv2.IMREAD_COLOR))
    return out


# -- random scenes for tests and benchmarks -------------------------------------------------


def _bgr(v: np.ndarray) -> tuple[int, int, int]:
    b, g, r = (int(c) for c in v)
    return b, g, r


def random_design(rng: np.random.Generator, style: str | None = None) -> DeckDesign:
    return DeckDesign(
        style=style or str(rng.choice(list(STYLES))),
        font=int(rng.choice(HERSHEY_FONTS)),
        thickness=int(rng.integers(2, 5)),
        index_height=int(rng.integers(34, 46)),
        back_color=_bgr(rng.choice([(150, 40, 30), (40, 40, 160), (60, 110, 40)])),
        four_indices=bool(rng.random() < 0.25),
    )


def with_cast_shadow(effects: Effects, seed: int, shadow: bool) -> Effects:
    """``effects`` with a cast shadow, when ``shadow``: drawn from the scene's seed apart
    from everything else, so that the scene is the same but for the shadow."""
    if not shadow:
        return effects
    rng = np.random.default_rng((seed, 0x5AAD))
    return replace(effects, shadow=float(rng.uniform(0.4, 0.9)), shadow_seed=int(rng.integers(1, 1 << 30)))


def random_effects(rng: np.random.Generator) -> Effects:
    return Effects(
        tilt=float(rng.uniform(0, 1)), tilt_seed=int(rng.integers(1, 1 << 30)),
        light_gradient=float(rng.uniform(0, 0.6)),
        glare=float(rng.uniform(0, 0.5)) if rng.random() < 0.4 else 0.0,
        glare_seed=int(rng.integers(1, 1 << 30)),
        blur=float(rng.uniform(0, 1.0)), noise=float(rng.uniform(1, 5)),
        jpeg_quality=int(rng.integers(55, 95)),
    )


@dataclass
class Scene:
    frame: np.ndarray
    truth: SceneTruth
    deck: int
    placed: list[PlacedCard] = field(default_factory=list)


def random_scene(seed: int, size: tuple[int, int] = (1280, 720), n_cards: tuple[int, int] = (2, 8),
                 table: str | None = None, style: str | None = None, hands: bool = True,
                 back_pattern: str = "lattice", shadow: bool = False) -> Scene:
    """A random table: loose cards, overlapping pairs and rows, some face down, maybe a hand.
    ``back_pattern`` (one of ``faces.BACK_PATTERNS``) changes only what the backs show;
    ``shadow`` adds only a cast shadow (``Effects.shadow``)."""
    rng = np.random.default_rng(seed)
    deck = 32 if rng.random() < 0.5 else 52
    pool = list(PIQUET_DECK if deck == 32 else FULL_DECK)
    rng.shuffle(pool)
    table = table or str(rng.choice(TABLES))
    design = replace(random_design(rng, style), back_pattern=back_pattern)
    scale = size[0] / 1280 * float(rng.uniform(1.2, 1.6))
    half_w, half_h = size[0] / scale / 2 - 60, size[1] / scale / 2 - 60
    n = int(rng.integers(n_cards[0], n_cards[1] + 1))
    placed: list[PlacedCard] = []
    occupied: list[tuple[float, float]] = []
    while len(placed) < n:
        layout = rng.choice(["single", "single", "pair", "row"])
        cx, cy = float(rng.uniform(-half_w, half_w)), float(rng.uniform(-half_h, half_h))
        if any(math.hypot(cx - ox, cy - oy) < 150 for ox, oy in occupied):
            if rng.random() < 0.97:
                continue
        occupied.append((cx, cy))
        angle = float(rng.uniform(-180, 180))
        count = {"single": 1, "pair": 2, "row": int(rng.integers(3, 5))}[str(layout)]
        for k in range(min(count, n - len(placed))):
            # Fanned like a hand on the table: each next card shifted along the row, on top.
            a = math.radians(angle)
            step = float(rng.uniform(24, 34))
            dx, dy = math.cos(a) * step * k, -math.sin(a) * step * k
            if layout == "pair":
                dx, dy = dx + float(rng.uniform(-5, 5)), dy + float(rng.uniform(10, 25)) * (k > 0)
            face_up = bool(rng.random() > 0.12)
            placed.append(PlacedCard(pool.pop(), cx + dx, cy + dy, angle + float(rng.uniform(-6, 6)), face_up))
    hand_list: list[HandPose] = []
    if hands and rng.random() < 0.35:
        hand_list.append(HandPose(float(rng.uniform(-half_w, half_w)), float(rng.uniform(-half_h, half_h)),
                                  str(rng.choice(["bottom", "top", "left", "right"]))))
    camera = Camera(size, scale, float(rng.uniform(-10, 10)))
    frame, truth = render_table(placed, seed=seed, table=table, design=design, camera=camera,
                                hands=hand_list, effects=with_cast_shadow(random_effects(rng), seed, shadow))
    return Scene(frame, truth, deck, placed)


def played_row_scene(seed: int, size: tuple[int, int] = (1280, 720)) -> Scene:
    """Four cards laid in a row as they are played: side by side, a little overlapping or
    apart (52 to 80 mm from one to the next), each turned its own way (up to 35 degrees,
    some half round), each later one on top. ``random_scene``'s rows are fanned like a
    hand (cards 24 to 34 mm apart, lying one way); a trick laid out reads otherwise."""
    rng = np.random.default_rng(seed)
    deck = 32 if rng.random() < 0.5 else 52
    pool = list(PIQUET_DECK if deck == 32 else FULL_DECK)
    rng.shuffle(pool)
    table = TABLES[seed % len(TABLES)]
    design = random_design(rng)
    gap = float(rng.uniform(52, 80))
    placed = [PlacedCard(pool[k], (k - 1.5) * gap + float(rng.normal(0, 4)), float(rng.normal(0, 8)),
                         float(rng.uniform(-35, 35)) + (180.0 if rng.random() < 0.3 else 0.0)) for k in range(4)]
    camera = Camera(size, size[0] / 1280 * float(rng.uniform(1.1, 2.2)), float(rng.uniform(-20, 20)))
    frame, truth = render_table(placed, seed=seed, table=table, design=design, camera=camera,
                                effects=random_effects(rng))
    return Scene(frame, truth, deck, placed)


def table_photo_scene(seed: int, design: DeckDesign, size: tuple[int, int] = (2016, 1512),
                      shadow: bool = False) -> Scene:
    """An overhead photo of a light table, as a player takes one to settle a dispute: a
    trick laid in a row (side by side, a little apart or overlapping, each card turned
    its own way), overlapping pairs, lone cards, some face down; on light wood, beige or
    white, from a phone (``size`` larger than the camera's frame, so the recogniser
    reads it reduced). Meant for a photographed deck (``design.photos``): real print on
    a rendered table. The deck is the 32-card one when the design has no card below 7.
    ``shadow`` adds only a cast shadow (``Effects.shadow``), as of the player taking it."""
    rng = np.random.default_rng(seed)
    if design.photos:
        from vision.photo_deck import photo_deck

        pool = sorted(photo_deck(design.photos).faces, key=str)
    else:
        pool = list(FULL_DECK)
    deck = 32 if all(int(c.rank) >= 7 for c in pool) else 52
    rng.shuffle(pool)
    table = LIGHT_TABLES[int(rng.integers(len(LIGHT_TABLES)))]
    scale = size[0] / 2016 * float(rng.uniform(2.0, 3.6))
    half_w, half_h = size[0] / scale / 2 - 70, size[1] / scale / 2 - 70
    w_mm = card_mm(design)[0]
    placed: list[PlacedCard] = []
    groups: list[tuple[float, float, float]] = []  # centre and radius (mm) of what is laid

    def free_place(radius: float) -> tuple[float, float] | None:
        for _ in range(200):
            cx = float(rng.uniform(-half_w + radius / 2, half_w - radius / 2))
            cy = float(rng.uniform(-half_h + 30, half_h - 30))
            if all(math.hypot(cx - gx, cy - gy) > radius + gr for gx, gy, gr in groups):
                return cx, cy
        return None

    layouts = ["row"] + [str(rng.choice(["pair", "pair", "single"])) for _ in range(int(rng.integers(1, 4)))]
    for layout in layouts:
        if not pool:
            break
        if layout == "row":
            gap = float(rng.uniform(0.8, 1.3)) * w_mm
            spot = free_place(2.2 * gap + 50)
            if spot is None:
                continue
            groups.append((spot[0], spot[1], 2.2 * gap + 50))
            turn = float(rng.uniform(-30, 30))
            a = math.radians(turn)
            for k in range(min(4, len(pool))):
                along = (k - 1.5) * gap + float(rng.normal(0, 4))
                across = float(rng.normal(0, 8))
                placed.append(PlacedCard(pool.pop(), spot[0] + along * math.cos(a) + across * math.sin(a),
                                         spot[1] - along * math.sin(a) + across * math.cos(a),
                                         turn + float(rng.uniform(-30, 30)) + (180.0 if rng.random() < 0.3 else 0.0)))
        else:
            count = 2 if layout == "pair" else 1
            spot = free_place(75.0)
            if spot is None:
                continue
            groups.append((spot[0], spot[1], 75.0))
            angle = float(rng.uniform(-180, 180))
            a = math.radians(angle)
            for k in range(min(count, len(pool))):
                # The second of a pair lies on the first, shifted so that the first's
                # index corner still shows.
                along, down = (float(rng.uniform(12, 28)), float(rng.uniform(18, 40))) if k else (0.0, 0.0)
                placed.append(PlacedCard(pool.pop(), spot[0] + along * math.cos(a) + down * math.sin(a),
                                         spot[1] - along * math.sin(a) + down * math.cos(a),
                                         angle + float(rng.uniform(-15, 15)) * (k > 0),
                                         face_up=bool(rng.random() > 0.15)))
    camera = Camera(size, scale, float(rng.uniform(-20, 20)))
    frame, truth = render_table(placed, seed=seed, table=table, design=design, camera=camera,
                                effects=with_cast_shadow(random_effects(rng), seed, shadow))
    return Scene(frame, truth, deck, placed)
