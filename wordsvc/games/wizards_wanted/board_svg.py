"""The Wizards Wanted board drawn as one self-contained SVG, from the board data alone.

No fonts, images or scripts from outside: front ends can serve it as it is, and the drawing
cannot drift from the board the engine plays on. Each space is one ``<g id="space-<id>">``
with a shape by kind, so that a front end can find it and colour it. An optional ``overlay``
draws state on top: wizards, the Traveling Mountain Pixie, face-down mushrooms.

``python -m wordsvc.games.wizards_wanted.board_svg > docs/wizards-wanted-board.svg`` writes the
committed drawing; a test checks that it is current.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterator, Mapping, Sequence
from html import escape
from itertools import pairwise

from wordsvc.games.wizards_wanted.board import BOARD, Board, Space
from wordsvc.games.wizards_wanted.magic import TERRAINS

SIZE = 1000  # the drawing's width and height, in SVG units
_MARGIN = 50.0
_SCALE = (SIZE - 2 * _MARGIN) / 100

#: Background colours of the landscapes, and the colours their names are written in.
LANDSCAPE_COLOURS = {"mountains": "#d9dee6", "forest": "#cfe6c0", "plains": "#f4ebc3"}
_LANDSCAPE_INK = {"mountains": "#5b6475", "forest": "#3f6b35", "plains": "#8a7433"}
#: Each charm type's colour: its corner stone and the stone's label.
CHARM_COLOURS = {
    "animal": "#c0692b",
    "energy": "#d4a200",
    "nature": "#2e8b3e",
    "illusion": "#8e44ad",
}
#: Wizard pawns' colours by seat number, cycling past the fourth.
SEAT_COLOURS = ("#d62828", "#1d4ed8", "#f59e0b", "#059669")
_TAXI = "#3b2f8f"
_PIXIE = "#5b3fa0"
_INK = "#3d3327"
#: Where a taxi stop's badge sits, from the space's centre, clear of the bigger shapes.
_BADGE = {
    "village": (30.0, -22.0),
    "castle": (46.0, -22.0),
    "marketplace": (46.0, -14.0),
    "merchant": (30.0, -22.0),
    "teleport": (34.0, -26.0),
}
#: How far above a space wizards stand, by kind (bigger shapes lift them higher).
_PAWN_LIFT = {"village": 40.0, "castle": 44.0, "marketplace": 46.0, "teleport": 40.0}
_HALO = "#fffdf5"


def _n(value: float) -> str:
    """A number written short and the same way every time (the drawing is committed)."""
    text = f"{value:.1f}"
    text = text[:-2] if text.endswith(".0") else text
    return "0" if text == "-0" else text


def _at(space: Space) -> tuple[float, float]:
    """Where a space is drawn, in SVG units."""
    return _MARGIN + space.x * _SCALE, _MARGIN + space.y * _SCALE


def _text(
    x: float,
    y: float,
    text: str,
    size: float,
    *,
    fill: str = _INK,
    anchor: str = "middle",
    style: str = "",
) -> str:
    """Text with a pale halo, so that it reads over lines and landscapes; always escaped."""
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" text-anchor="{anchor}" '
        f'fill="{fill}" stroke="{_HALO}" stroke-width="3" paint-order="stroke"'
        f"{' ' + style if style else ''}>{escape(text)}</text>"
    )


def _polygon(x: float, y: float, radius: float, corners: int, turn: float = 0.0) -> str:
    """The points of a regular polygon around (x, y)."""
    points = []
    for k in range(corners):
        angle = math.radians(turn + 360 * k / corners)
        points.append(f"{_n(x + radius * math.cos(angle))},{_n(y + radius * math.sin(angle))}")
    return " ".join(points)


def _wave(y: float) -> str:
    """A wavy edge across the drawing at height ``y``, left to right."""
    step = SIZE / 10
    parts = [f"M0,{_n(y)}"]
    for k in range(1, 11):
        bump = 9 if k % 2 else -9
        parts.append(f"Q{_n((k - 0.5) * step)},{_n(y + bump)} {_n(k * step)},{_n(y)}")
    return " ".join(parts)


def _landscapes(board: Board) -> Iterator[str]:
    """The three landscapes as bands, top to bottom; each edge lies halfway between the lowest
    space of one landscape and the highest of the next (the load checks they do not mix)."""
    tops = [0.0]
    for upper, lower in pairwise(TERRAINS):
        low = max(_at(s)[1] for s in board.spaces.values() if s.terrain == upper)
        high = min(_at(s)[1] for s in board.spaces.values() if s.terrain == lower)
        tops.append((low + high) / 2)
    yield '<g id="landscapes">'
    for terrain, top in zip(TERRAINS, tops, strict=True):
        edge = f"M0,0 L{SIZE},0" if top == 0 else _wave(top)
        yield (
            f'<path id="landscape-{terrain}" d="{edge} L{SIZE},{SIZE} L0,{SIZE} Z" '
            f'fill="{LANDSCAPE_COLOURS[terrain]}"/>'
        )
    for terrain, top in zip(TERRAINS, tops, strict=True):
        yield _text(
            SIZE - 14,
            top + 30,
            terrain.capitalize(),
            22,
            fill=_LANDSCAPE_INK[terrain],
            anchor="end",
            style='font-style="italic"',
        )
    yield "</g>"


def _links(board: Board) -> Iterator[str]:
    """Every link once, as a line between its two spaces."""
    yield '<g id="links" stroke="#8b7355" stroke-width="5" stroke-linecap="round">'
    for a, others in board.neighbours.items():
        for b in others:
            if a < b:
                (x1, y1), (x2, y2) = _at(board.spaces[a]), _at(board.spaces[b])
                yield (
                    f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
                    f'data-link="{escape(a)} {escape(b)}"/>'
                )
    yield "</g>"


def _taxi_route(board: Board) -> Iterator[str]:
    """The Royal Bird Taxi's loop, dashed, each hop bowed away from the middle of the route
    (as far as the ring road's corners on the shipped board)."""
    stops = [_at(board.spaces[stop]) for stop in board.taxi_route]
    cx = sum(x for x, _ in stops) / len(stops)
    cy = sum(y for _, y in stops) / len(stops)
    d = [f"M{_n(stops[0][0])},{_n(stops[0][1])}"]
    for (x1, y1), (x2, y2) in pairwise([*stops, stops[0]]):
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        qx, qy = mx + (mx - cx), my + (my - cy)
        d.append(f"Q{_n(qx)},{_n(qy)} {_n(x2)},{_n(y2)}")
    yield (
        f'<path id="taxi-route" d="{" ".join(d)}" fill="none" stroke="{_TAXI}" '
        'stroke-width="4" stroke-dasharray="14 10" stroke-linecap="round" opacity="0.8"/>'
    )


def _bird(space: Space, place: int) -> str:
    """A taxi stop's mark: a badge with its place on the route, and a bird beside it."""
    x, y = _at(space)
    dx, dy = _BADGE.get(space.kind, (20.0, -20.0))
    bx, by = x + dx, y + dy
    return (
        f'<g class="taxi-stop"><circle cx="{_n(bx)}" cy="{_n(by)}" r="11" fill="{_TAXI}"/>'
        f'<path d="M{_n(bx + 13)},{_n(by - 2)} Q{_n(bx + 17)},{_n(by - 9)} {_n(bx + 21)},'
        f'{_n(by - 2)} Q{_n(bx + 25)},{_n(by - 9)} {_n(bx + 29)},{_n(by - 2)}" fill="none" '
        f'stroke="{_TAXI}" stroke-width="2.5" stroke-linecap="round"/>'
        f'<text x="{_n(bx)}" y="{_n(by + 4)}" font-size="12" text-anchor="middle" '
        f'fill="#ffffff" font-weight="bold">{place}</text></g>'
    )


def _name(space: Space) -> str:
    """What a space is called in its tooltip and under it."""
    if space.label:
        return space.label
    if space.kind == "teleport":
        return f"{space.charm} charms"
    if space.kind == "stone":
        return f"stone {space.number}"
    if space.kind == "mushroom":
        return f"{space.terrain} {space.number}"
    return space.id


def _shape(space: Space) -> Iterator[str]:
    """A space's shape by its kind, and its label where it has one worth showing."""
    x, y = _at(space)
    kind = space.kind
    if kind == "village":
        yield (
            f'<polygon points="{_polygon(x, y, 24, 6)}" fill="#f2c14e" stroke="#7a4f0b" '
            'stroke-width="3"/>'
        )
        yield _text(x, y + 5, space.id.rpartition("-")[2], 14, style='font-weight="bold"')
        yield _text(x, y + 42, _name(space), 15, style='font-weight="bold"')
    elif kind == "castle":
        wall = f"M{_n(x - 34)},{_n(y + 20)} V{_n(y - 18)}"
        for k in range(7):
            left = x - 34 + k * 68 / 7
            if k % 2 == 0:
                wall += f" V{_n(y - 28)} H{_n(left + 68 / 7)} V{_n(y - 18)}"
            else:
                wall += f" H{_n(left + 68 / 7)}"
        wall += f" V{_n(y + 20)} Z"
        yield f'<path d="{wall}" fill="#b8b0c8" stroke="#4a4458" stroke-width="3"/>'
        yield (
            f'<path d="M{_n(x - 9)},{_n(y + 20)} V{_n(y + 4)} A9,9 0 0 1 {_n(x + 9)},{_n(y + 4)} '
            f'V{_n(y + 20)} Z" fill="#4a4458"/>'
        )
        yield _text(x, y + 44, _name(space), 16, style='font-weight="bold"')
    elif kind == "marketplace":
        yield (
            f'<rect x="{_n(x - 30)}" y="{_n(y - 10)}" width="60" height="28" fill="#f4a261" '
            'stroke="#7a3e12" stroke-width="3"/>'
        )
        yield (
            f'<polygon points="{_n(x - 38)},{_n(y - 10)} {_n(x)},{_n(y - 34)} '
            f'{_n(x + 38)},{_n(y - 10)}" fill="#e76f51" stroke="#7a3e12" stroke-width="3"/>'
        )
        yield _text(x, y + 50, _name(space), 15, style='font-weight="bold"')
    elif kind == "merchant":
        yield (
            f'<rect x="{_n(x - 20)}" y="{_n(y - 16)}" width="40" height="24" rx="5" '
            'fill="#e07a5f" stroke="#6b2d1c" stroke-width="3"/>'
        )
        for dx in (-11, 11):
            yield (
                f'<circle cx="{_n(x + dx)}" cy="{_n(y + 11)}" r="6" fill="#6b2d1c" '
                f'stroke="{_HALO}" stroke-width="1.5"/>'
            )
        yield _text(x - 22, y + 36, _name(space), 13, anchor="start")
    elif kind == "teleport":
        colour = CHARM_COLOURS.get(space.charm or "", _INK)
        yield f'<circle cx="{_n(x)}" cy="{_n(y)}" r="27" fill="{colour}" stroke="{_INK}"/>'
        yield (
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="17" fill="{_HALO}" stroke="{colour}" '
            'stroke-width="3"/>'
        )
        yield (
            f'<rect x="{_n(x - 6)}" y="{_n(y - 11)}" width="12" height="22" rx="5" '
            'fill="#8d939b" stroke="#50555c" stroke-width="2"/>'
        )
        yield _text(x, y + 46, _name(space), 15, fill=colour, style='font-weight="bold"')
    elif kind == "stone":
        yield (
            f'<polygon points="{_polygon(x, y, 17, 8, 22.5)}" fill="#9aa0a6" stroke="#50555c" '
            'stroke-width="3"/>'
        )
        yield (
            f'<text x="{_n(x)}" y="{_n(y + 6)}" font-size="17" text-anchor="middle" '
            f'fill="#ffffff" font-weight="bold">{space.number}</text>'
        )
    elif kind == "mushroom":
        yield (
            f'<rect x="{_n(x - 5)}" y="{_n(y)}" width="10" height="12" rx="2" fill="#f5ecd7" '
            f'stroke="{_INK}" stroke-width="1.5"/>'
        )
        yield (
            f'<path d="M{_n(x - 16)},{_n(y + 2)} A16,14 0 0 1 {_n(x + 16)},{_n(y + 2)} Z" '
            f'fill="#d64545" stroke="{_INK}" stroke-width="1.5"/>'
        )
        for dx, dy in ((-7, -5), (2, -9), (8, -3)):
            yield f'<circle cx="{_n(x + dx)}" cy="{_n(y + dy)}" r="2.2" fill="#ffffff"/>'
        yield _text(x, y + 30, _name(space), 12)
    else:
        yield (
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="10" fill="#fbf6e9" stroke="{_INK}" '
            'stroke-width="2"/>'
        )
    if space.taxi is not None:
        yield _bird(space, space.taxi)


def _spaces(board: Board) -> Iterator[str]:
    """One group per space, ``id="space-<id>"``, with a tooltip naming it."""
    yield '<g id="spaces">'
    for space in board.spaces.values():
        what = space.kind
        if space.taxi is not None:
            what += f", Royal Bird Taxi stop {space.taxi}"
        yield (
            f'<g id="space-{escape(space.id)}" class="space {escape(space.kind)}">'
            f"<title>{escape(_name(space))} ({escape(what)})</title>"
        )
        yield from _shape(space)
        yield "</g>"
    yield "</g>"


def _space_ids(board: Board, value: object, key: str) -> list[str]:
    """A list of board space ids from an overlay, or ValueError saying what is wrong."""
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise ValueError(f"overlay {key!r} must be a list of space ids")
    for space in value:
        if not isinstance(space, str) or space not in board.spaces:
            raise ValueError(f"overlay {key!r}: {space!r} is not a space on the board")
    return [str(space) for space in value]


def _overlay(board: Board, overlay: Mapping[str, object]) -> Iterator[str]:
    """State drawn over the board: face-down mushrooms, the mountain pixie, wizards. Unknown
    keys are ignored; a known key with a bad value is a ValueError (a caller's bug)."""
    yield '<g id="overlay">'
    if "mushrooms" in overlay:
        yield '<g id="overlay-mushrooms">'
        for space in _space_ids(board, overlay["mushrooms"], "mushrooms"):
            x, y = _at(board.spaces[space])
            yield (
                f'<g class="face-down-mushroom" data-space="{escape(space)}">'
                f'<circle cx="{_n(x - 18)}" cy="{_n(y - 18)}" r="9" fill="#7a4e2d" '
                f'stroke="{_HALO}" stroke-width="2"/>'
                f'<text x="{_n(x - 18)}" y="{_n(y - 14)}" font-size="11" text-anchor="middle" '
                'fill="#ffffff" font-weight="bold">?</text></g>'
            )
        yield "</g>"
    if "mountain_pixie" in overlay:
        number = overlay["mountain_pixie"]
        if isinstance(number, bool) or not isinstance(number, int):
            raise ValueError("overlay 'mountain_pixie' must be a stone number")
        if not 1 <= number <= len(board.stones):
            raise ValueError(f"overlay 'mountain_pixie': there is no stone {number}")
        x, y = _at(board.spaces[board.stones[number - 1]])
        yield (
            f'<g id="overlay-mountain-pixie" data-stone="{number}">'
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="24" fill="none" stroke="{_PIXIE}" '
            'stroke-width="3" stroke-dasharray="5 4"/>'
            f'<polygon points="{_n(x - 9)},{_n(y - 14)} {_n(x + 9)},{_n(y - 14)} '
            f'{_n(x + 2)},{_n(y - 40)}" fill="{_PIXIE}" stroke="{_HALO}" stroke-width="1.5"/>'
            "</g>"
        )
    if "wizards" in overlay:
        wizards = overlay["wizards"]
        if not isinstance(wizards, Mapping):
            raise ValueError("overlay 'wizards' must map space ids to lists of seats")
        yield '<g id="overlay-wizards">'
        for space, seats in wizards.items():
            if not isinstance(space, str) or space not in board.spaces:
                raise ValueError(f"overlay 'wizards': {space!r} is not a space on the board")
            if isinstance(seats, str) or not isinstance(seats, Sequence):
                raise ValueError(f"overlay 'wizards': {space!r} needs a list of seats")
            x, y = _at(board.spaces[space])
            y -= _PAWN_LIFT.get(board.spaces[space].kind, 30.0) - 34
            for k, seat in enumerate(seats):
                if isinstance(seat, bool) or not isinstance(seat, int):
                    raise ValueError(f"overlay 'wizards': seat {seat!r} is not a seat number")
                px = x + (k - (len(seats) - 1) / 2) * 20
                yield (
                    f'<g class="wizard" data-seat="{seat}" data-space="{escape(space)}">'
                    f'<circle cx="{_n(px)}" cy="{_n(y - 34)}" r="10" '
                    f'fill="{SEAT_COLOURS[seat % len(SEAT_COLOURS)]}" stroke="{_HALO}" '
                    'stroke-width="2"/>'
                    f'<text x="{_n(px)}" y="{_n(y - 30)}" font-size="11" text-anchor="middle" '
                    f'fill="#ffffff" font-weight="bold">{seat}</text></g>'
                )
        yield "</g>"
    yield "</g>"


def render_svg(board: Board, overlay: Mapping[str, object] | None = None) -> str:
    """The board as a self-contained SVG document, with ``overlay`` state drawn on top."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}" width="{SIZE}" '
        f'height="{SIZE}" font-family="sans-serif" role="img" aria-labelledby="board-title">',
        '<title id="board-title">Wizards Wanted: the board</title>',
        f"<desc>{len(board.spaces)} spaces in three landscapes: mountains, forest, plains. "
        "Villages are hexagons, teleport stones sit in the corners, the numbered stones are "
        "the Traveling Mountain Pixie's tour, the dashed loop is the Royal Bird Taxi.</desc>",
        f'<rect width="{SIZE}" height="{SIZE}" fill="{LANDSCAPE_COLOURS[TERRAINS[0]]}"/>',
        *_landscapes(board),
        *_links(board),
        *_taxi_route(board),
        *_spaces(board),
        _text(SIZE / 2, 32, "Wizards Wanted", 26, style='font-weight="bold"'),
    ]
    if overlay:
        parts.extend(_overlay(board, overlay))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> None:
    """Write the shipped board's drawing to standard output."""
    sys.stdout.write(render_svg(BOARD))


if __name__ == "__main__":
    main()
