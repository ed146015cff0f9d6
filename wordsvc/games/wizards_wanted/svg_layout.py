"""Where the board drawing puts things, and the few SVG pieces every part of it writes.

The spaces' units (0..100, ``board.toml``) map to SVG units inside the board's area; the Fame
Track runs round that area as a frame. Numbers are written short and always the same way, so
that the committed drawing changes only when the board does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape

from wordsvc.games.wizards_wanted.board import Board, Point

INK = "#3d3327"
HALO = "#fffdf5"
#: SVG units per board unit, and the margin round the spaces inside the board's area.
SCALE = 9.0
MARGIN = 50.0
#: The board's area is this wide (the spaces' 0..100 and the margins); the Fame Track frame
#: round it is TRACK thick.
AREA_WIDTH = 2 * MARGIN + 100 * SCALE
TRACK = 56.0
#: Room kept below the lowest drawn feature, in board units.
_BOTTOM_ROOM = 3.0


@dataclass(frozen=True, slots=True)
class Layout:
    """The drawing's frame: the board's area (``area_height`` tall, taller than wide when the
    price ring or the taxi's flight need room below the spaces) inside the Fame Track."""

    area_height: float

    @property
    def width(self) -> float:
        return AREA_WIDTH + 2 * TRACK

    @property
    def height(self) -> float:
        return self.area_height + 2 * TRACK

    def at(self, x: float, y: float) -> Point:
        """Board units to SVG units."""
        return TRACK + MARGIN + x * SCALE, TRACK + MARGIN + y * SCALE

    def length(self, units: float) -> float:
        return units * SCALE


def layout_of(board: Board, lowest: float) -> Layout:
    """The frame for ``board``, whose lowest drawn feature reaches ``lowest`` (board units)."""
    bottom = max(100.0, lowest + _BOTTOM_ROOM)
    return Layout(area_height=2 * MARGIN + bottom * SCALE)


def n(value: float) -> str:
    """A number written short and the same way every time (the drawing is committed)."""
    text = f"{value:.1f}"
    text = text[:-2] if text.endswith(".0") else text
    return "0" if text == "-0" else text


def text(
    x: float,
    y: float,
    content: str,
    size: float,
    *,
    fill: str = INK,
    anchor: str = "middle",
    style: str = "",
) -> str:
    """Text with a pale halo, so that it reads over lines and landscapes; always escaped."""
    return (
        f'<text x="{n(x)}" y="{n(y)}" font-size="{n(size)}" text-anchor="{anchor}" '
        f'fill="{fill}" stroke="{HALO}" stroke-width="3" paint-order="stroke"'
        f"{' ' + style if style else ''}>{escape(content)}</text>"
    )


def plain_text(x: float, y: float, content: str, size: float, fill: str = "#ffffff") -> str:
    """Bold text without a halo, for numbers on a coloured shape."""
    return (
        f'<text x="{n(x)}" y="{n(y)}" font-size="{n(size)}" text-anchor="middle" '
        f'fill="{fill}" font-weight="bold">{escape(content)}</text>'
    )


def polygon(x: float, y: float, radius: float, corners: int, turn: float = 0.0) -> str:
    """The points of a regular polygon around (x, y)."""
    points = []
    for k in range(corners):
        angle = math.radians(turn + 360 * k / corners)
        points.append(f"{n(x + radius * math.cos(angle))},{n(y + radius * math.sin(angle))}")
    return " ".join(points)


def mushroom_glyph(x: float, y: float, scale: float = 1.0, css: str = "") -> str:
    """A red-capped mushroom centred on (x, y): a face-down mushroom token."""
    s = scale
    attrs = f' class="{css}"' if css else ""
    dots = "".join(
        f'<circle cx="{n(x + dx * s)}" cy="{n(y + dy * s)}" r="{n(2.2 * s)}" fill="#ffffff"/>'
        for dx, dy in ((-7, -6), (2, -10), (8, -4))
    )
    return (
        f"<g{attrs}>"
        f'<rect x="{n(x - 5 * s)}" y="{n(y - 1 * s)}" width="{n(10 * s)}" height="{n(12 * s)}" '
        f'rx="2" fill="#f5ecd7" stroke="{INK}" stroke-width="1.5"/>'
        f'<path d="M{n(x - 16 * s)},{n(y + 1 * s)} A{n(16 * s)},{n(14 * s)} 0 0 1 '
        f'{n(x + 16 * s)},{n(y + 1 * s)} Z" fill="#d64545" stroke="{INK}" stroke-width="1.5"/>'
        f"{dots}</g>"
    )
