"""The parts of the board drawing that are not spaces, each from the board file's
``[drawing]`` table (and the toadstools' prices from ``components.toml``): the Fame Track round
the edge, the Forest Pixie's price ring, the castle courtyard and the seal stack, and the Royal
Bird Taxi's flight with its direction.

Each part is one ``<g>`` with a stable id (``fame-track``, ``price-ring``, ``courtyard``,
``seal-stack``, ``taxi``), and its pieces carry ``data-`` attributes saying what they stand
for, so that the tests check the drawing against the data and a front end can find them.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from itertools import pairwise

from wordsvc.games.wizards_wanted.board import Board, Point
from wordsvc.games.wizards_wanted.components import Toadstool
from wordsvc.games.wizards_wanted.svg_layout import (
    AREA_WIDTH,
    HALO,
    INK,
    TRACK,
    Layout,
    n,
    plain_text,
    text,
)

TAXI = "#3b2f8f"
_TRACK_FILLS = ("#f7f1e1", "#ece3cb")
_ZERO_FILL = "#f2c14e"
_TOADSTOOL = "#e9c46a"
#: The price ring's toadstools and the taxi's arrows, in SVG units.
TOADSTOOL_RADIUS = 20.0
_ARROW = 12.0
#: A stretch of the taxi's flight at least this long (board units) gets an arrow halfway.
ARROW_EVERY = 12.0
#: Most licences in the courtyard (4 players + 2) and seals at the castle (4 players).
COURTYARD_CARDS = 6
SEAL_SLOTS = 4


# --- the Fame Track --------------------------------------------------------------------------


def fame_cell(layout: Layout, spaces: int, score: int) -> tuple[float, float, float, float]:
    """The rectangle (x, y, width, height) of a score's space: 0 in the top-left corner, then
    clockwise; each edge holds a corner and ``spaces / 4 - 1`` spaces along the board's area."""
    per_edge = spaces // 4
    edge, k = divmod(score % spaces, per_edge)
    wide, tall = AREA_WIDTH / (per_edge - 1), layout.area_height / (per_edge - 1)
    right, bottom = TRACK + AREA_WIDTH, TRACK + layout.area_height
    corners = ((0.0, 0.0), (right, 0.0), (right, bottom), (0.0, bottom))
    if k == 0:
        return (*corners[edge], TRACK, TRACK)
    if edge == 0:  # left to right along the top
        return (TRACK + (k - 1) * wide, 0.0, wide, TRACK)
    if edge == 1:  # down the right
        return (right, TRACK + (k - 1) * tall, TRACK, tall)
    if edge == 2:  # right to left along the bottom
        return (right - k * wide, bottom, wide, TRACK)
    return (0.0, bottom - k * tall, TRACK, tall)  # up the left


def fame_track(layout: Layout, spaces: int, note: Point) -> Iterator[str]:
    """The Fame Track: every space numbered, the Zero Space marked with the laps (a score past
    the last space goes round again, so 0 is also 60, 120 ...)."""
    yield f'<g id="fame-track" data-spaces="{spaces}">'
    for score in range(spaces):
        x, y, w, h = fame_cell(layout, spaces, score)
        fill = _ZERO_FILL if score == 0 else _TRACK_FILLS[score % 2]
        yield (
            f'<g class="fame-space" data-fame="{score}"><rect x="{n(x)}" y="{n(y)}" '
            f'width="{n(w)}" height="{n(h)}" fill="{fill}" stroke="#8b7355" stroke-width="1.5"/>'
        )
        if score == 0:
            yield text(x + w / 2, y + h / 2 - 2, "0", 18, style='font-weight="bold"')
            yield text(x + w / 2, y + h / 2 + 14, f"{spaces}, {2 * spaces}", 10)
        else:
            yield text(x + w / 2, y + h / 2 + 5, str(score), 14)
        yield "</g>"
    x, y = layout.at(*note)
    for k, line in enumerate(
        (
            f"Fame Track 0–{spaces - 1} round the edge:",
            f"past {spaces - 1}, go round again (+{spaces} a lap)",
        )
    ):
        yield text(x, y + 16 * k, line, 13, anchor="start", style='font-style="italic"')
    yield "</g>"


def fame_markers(
    layout: Layout, spaces: int, scores: Sequence[int], colours: Sequence[str]
) -> Iterator[str]:
    """Each seat's score marker on its space, with the laps it has gone round; a score below
    0 waits on the Zero Space, marked with its value."""
    by_cell: dict[int, list[int]] = {}
    for seat, score in enumerate(scores):
        by_cell.setdefault(max(0, score) % spaces, []).append(seat)
    yield '<g id="overlay-fame">'
    for cell, seats in sorted(by_cell.items()):
        x, y, w, h = fame_cell(layout, spaces, cell)
        for k, seat in enumerate(seats):
            score = scores[seat]
            laps = max(0, score) // spaces
            cx = x + w / 2 + (k - (len(seats) - 1) / 2) * 13
            cy = y + h / 2 - 12
            note = f"+{laps * spaces}" if laps else ("<0" if score < 0 else "")
            yield (
                f'<g class="fame-marker" data-seat="{seat}" data-fame="{score}" data-lap="{laps}">'
                f'<circle cx="{n(cx)}" cy="{n(cy)}" r="8" fill="{colours[seat % len(colours)]}" '
                f'stroke="{HALO}" stroke-width="2"/>'
            )
            yield plain_text(cx, cy + 4, str(seat), 10)
            if note:
                yield text(cx, cy + 30, note, 10, style='font-weight="bold"')
            yield "</g>"
    yield "</g>"


# --- the price ring --------------------------------------------------------------------------


def toadstool_points(board: Board, layout: Layout, count: int) -> list[Point]:
    """Where each toadstool of the ring stands, clockwise, toadstool 0 facing the marketplace
    entrance (the Forest Pixie's starting place, "adjacent to" it)."""
    cx, cy = layout.at(*board.drawing.price_ring)
    mx, my = layout.at(board.spaces[board.marketplace].x, board.spaces[board.marketplace].y)
    start = math.atan2(my - cy, mx - cx)
    radius = layout.length(board.drawing.price_ring_radius)
    return [
        (cx + radius * math.cos(start + 2 * math.pi * k / count),
         cy + radius * math.sin(start + 2 * math.pi * k / count))
        for k in range(count)
    ]  # fmt: skip


def price_ring(board: Board, layout: Layout, toadstools: Sequence[Toadstool]) -> Iterator[str]:
    """The Forest Pixie's ring beside the marketplace: each toadstool with its price (coins for
    a lot of dust) and its most dust a purchase, an arrow for the clockwise way the pixie moves,
    and the pixie's starting toadstool marked."""
    cx, cy = layout.at(*board.drawing.price_ring)
    radius = layout.length(board.drawing.price_ring_radius)
    points = toadstool_points(board, layout, len(toadstools))
    yield f'<g id="price-ring" data-toadstools="{len(toadstools)}">'
    yield (
        f'<circle cx="{n(cx)}" cy="{n(cy)}" r="{n(radius)}" fill="none" stroke="#b5651d" '
        'stroke-width="3" stroke-dasharray="4 5"/>'
    )
    for index, ((x, y), toadstool) in enumerate(zip(points, toadstools, strict=True)):
        yield (
            f'<g class="toadstool" data-toadstool="{index}" data-coins="{toadstool.coins}" '
            f'data-dust="{toadstool.dust}" data-max="{toadstool.max}">'
            f"<title>toadstool {index}: {toadstool.coins} coin{'s' if toadstool.coins > 1 else ''}"
            f" buy {toadstool.dust} dust, at most {toadstool.max} a purchase</title>"
            f'<circle cx="{n(x)}" cy="{n(y)}" r="{n(TOADSTOOL_RADIUS)}" fill="{_TOADSTOOL}" '
            f'stroke="#7a3e12" stroke-width="{3 if index == 0 else 1.5}"/>'
        )
        yield plain_text(x, y - 3, f"{toadstool.coins}→{toadstool.dust}", 11, fill=INK)
        yield plain_text(x, y + 10, f"≤{toadstool.max}", 9, fill="#7a3e12")
        yield "</g>"
    yield text(cx, cy - 4, "coins → dust", 10)
    yield text(cx, cy + 9, "clockwise ↻", 10)
    yield "</g>"


def forest_pixie(board: Board, layout: Layout, index: int, count: int) -> str:
    """The Forest Pixie on its toadstool (an overlay)."""
    x, y = toadstool_points(board, layout, count)[index]
    return (
        f'<g id="overlay-forest-pixie" data-toadstool="{index}">'
        f'<circle cx="{n(x)}" cy="{n(y)}" r="{n(TOADSTOOL_RADIUS + 5)}" fill="none" '
        'stroke="#2e8b3e" stroke-width="3"/></g>'
    )


# --- the castle's courtyard and seals --------------------------------------------------------


def _cards(x: float, y: float, count: int, filled: bool) -> Iterator[str]:
    """Licence cards in rows of three, face down when ``filled``, empty places otherwise."""
    for k in range(count):
        cx = x - 21 + (k % 3) * 15
        cy = y - 16 + (k // 3) * 19
        style = (
            'fill="#5b3fa0" stroke="#fffdf5" stroke-width="1.5"'
            if filled
            else f'fill="none" stroke="{INK}" stroke-width="1" stroke-dasharray="2 2"'
        )
        yield f'<rect x="{n(cx)}" y="{n(cy)}" width="12" height="16" rx="2" {style}/>'


def castle_places(board: Board, layout: Layout) -> Iterator[str]:
    """The courtyard, where the licences lie face down, and the royal seal stack, both at the
    castle (drawn empty: how many there are depends on the players)."""
    x, y = layout.at(*board.drawing.courtyard)
    yield '<g id="courtyard"><title>Castle courtyard: the spell licences, face down</title>'
    yield (
        f'<rect x="{n(x - 27)}" y="{n(y - 21)}" width="54" height="44" rx="6" fill="#e7e2ee" '
        f'stroke="#4a4458" stroke-width="1.5"/>'
    )
    yield from _cards(x + 3, y + 1, COURTYARD_CARDS, filled=False)
    yield text(x, y + 36, "courtyard", 11)
    yield "</g>"
    x, y = layout.at(*board.drawing.seals)
    yield '<g id="seal-stack"><title>Royal seal tokens, face down at the castle</title>'
    for k in range(SEAL_SLOTS):
        yield (
            f'<ellipse cx="{n(x)}" cy="{n(y + 10 - 6 * k)}" rx="15" ry="6" fill="none" '
            f'stroke="#8b1e1e" stroke-width="1.2" stroke-dasharray="2 2"/>'
        )
    yield text(x, y + 36, "royal seals", 11)
    yield "</g>"


def castle_counts(board: Board, layout: Layout, licences: int, seals: int) -> Iterator[str]:
    """The face-down licences in the courtyard and the seals at the castle (an overlay)."""
    x, y = layout.at(*board.drawing.courtyard)
    yield f'<g id="overlay-courtyard" data-licences="{licences}">'
    yield from _cards(x + 3, y + 1, min(licences, COURTYARD_CARDS), filled=True)
    yield "</g>"
    x, y = layout.at(*board.drawing.seals)
    yield f'<g id="overlay-seals" data-seals="{seals}">'
    for k in range(min(seals, SEAL_SLOTS)):
        yield (
            f'<ellipse class="seal" cx="{n(x)}" cy="{n(y + 10 - 6 * k)}" rx="15" ry="6" '
            f'fill="#b22222" stroke="{HALO}" stroke-width="1.5"/>'
        )
    yield "</g>"


# --- the Royal Bird Taxi ---------------------------------------------------------------------


def taxi_hops(board: Board) -> list[list[Point]]:
    """Each hop's flight in board units: from its stop, through its waypoints, to the next."""
    stops = [(board.spaces[s].x, board.spaces[s].y) for s in board.taxi_route]
    return [
        [stops[k], *board.drawing.taxi_hops[k], stops[(k + 1) % len(stops)]]
        for k in range(len(stops))
    ]


def arrow_places(hop: Sequence[Point]) -> list[tuple[Point, float]]:
    """Where a hop's arrows go, and the way each points (radians): halfway along each stretch
    at least ``ARROW_EVERY`` long, or halfway along the longest when none is."""
    stretches = [(a, b) for a, b in pairwise(hop) if a != b]
    long = [(a, b) for a, b in stretches if math.dist(a, b) >= ARROW_EVERY]
    chosen = long or [max(stretches, key=lambda s: math.dist(*s))]
    return [
        (((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), math.atan2(b[1] - a[1], b[0] - a[0]))
        for a, b in chosen
    ]


def taxi_route(board: Board, layout: Layout) -> Iterator[str]:
    """The taxi's loop, stop to stop through its waypoints (clear of every other space), as
    bird tracks: a dashed line with arrows along each hop pointing to the next stop."""
    hops = taxi_hops(board)
    route = board.taxi_route
    start = layout.at(*hops[0][0])
    d = [f"M{n(start[0])},{n(start[1])}"]
    for hop in hops:
        d.extend("L{},{}".format(*map(n, layout.at(*p))) for p in hop[1:])
    yield '<g id="taxi">'
    yield (
        f'<path id="taxi-route" d="{" ".join(d)}" fill="none" stroke="{TAXI}" '
        'stroke-width="4" stroke-dasharray="10 8" stroke-linecap="round" '
        'stroke-linejoin="round" opacity="0.85"/>'
    )
    for k, hop in enumerate(hops):
        for (x, y), angle in arrow_places(hop):
            x, y = layout.at(x, y)
            tip = (x + _ARROW * math.cos(angle), y + _ARROW * math.sin(angle))
            wings = [
                (x + _ARROW * math.cos(angle + side), y + _ARROW * math.sin(angle + side))
                for side in (2.5, -2.5)
            ]
            points = " ".join(f"{n(px)},{n(py)}" for px, py in (tip, *wings))
            yield (
                f'<polygon class="taxi-arrow" data-from="{route[k]}" '
                f'data-to="{route[(k + 1) % len(route)]}" points="{points}" fill="{TAXI}" '
                f'stroke="{HALO}" stroke-width="1.5"/>'
            )
    yield "</g>"
