"""The Wizards Wanted board drawn as one self-contained SVG, from the board data alone (and
the toadstools' prices from the components).

No fonts, images or scripts from outside: front ends can serve it as it is, and the drawing
cannot drift from the board the engine plays on. Each space is one ``<g id="space-<id>">``
with a shape by kind, so that a front end can find it and colour it; the Fame Track, the price
ring, the courtyard, the seals and the taxi's flight are drawn by ``board_svg_reference``. An
empty mushroom space is a pale spot; an optional ``overlay`` draws state on top: wizards, the
pixies, the mushrooms lying face down, the scores, the licences and seals at the castle
(:func:`overlay_of` builds it from a view).

``python -m wordsvc.games.wizards_wanted.board_svg > docs/wizards-wanted-board.svg`` writes the
committed drawing; a test checks that it is current.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from html import escape
from itertools import pairwise

from wordsvc.games.wizards_wanted import board_svg_reference as reference
from wordsvc.games.wizards_wanted import components as parts
from wordsvc.games.wizards_wanted.board import BOARD, Board, Space
from wordsvc.games.wizards_wanted.magic import TERRAINS
from wordsvc.games.wizards_wanted.svg_layout import (
    HALO,
    INK,
    TRACK,
    Layout,
    layout_of,
    mushroom_glyph,
    n,
    plain_text,
    polygon,
    text,
)

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
_TAXI = reference.TAXI
_PIXIE = "#5b3fa0"
#: The radius of the ring marking a taxi stop, by kind (round the space's shape).
_STOP_RING = {"village": 31.0, "castle": 42.0, "marketplace": 42.0, "teleport": 33.0}
#: How far above a space wizards stand, by kind (bigger shapes lift them higher).
_PAWN_LIFT = {"village": 40.0, "castle": 44.0, "marketplace": 46.0, "teleport": 40.0}
#: An empty mushroom space's spot, in SVG units.
SPOT_RADIUS = 15.0


def _wave(layout: Layout, y: float) -> str:
    """A wavy edge across the board's area at height ``y``, left to right."""
    left, width = TRACK, layout.width - 2 * TRACK
    step = width / 10
    d = [f"M{n(left)},{n(y)}"]
    for k in range(1, 11):
        bump = 9 if k % 2 else -9
        d.append(f"Q{n(left + (k - 0.5) * step)},{n(y + bump)} {n(left + k * step)},{n(y)}")
    return " ".join(d)


def _landscapes(board: Board, layout: Layout) -> Iterator[str]:
    """The three landscapes as bands, top to bottom; each edge lies halfway between the lowest
    space of one landscape and the highest of the next (the load checks they do not mix)."""
    tops = [TRACK]
    for upper, lower in pairwise(TERRAINS):
        low = max(s.y for s in board.spaces.values() if s.terrain == upper)
        high = min(s.y for s in board.spaces.values() if s.terrain == lower)
        tops.append(layout.at(0, (low + high) / 2)[1])
    right, bottom = layout.width - TRACK, layout.height - TRACK
    yield '<g id="landscapes">'
    for terrain, top in zip(TERRAINS, tops, strict=True):
        edge = f"M{n(TRACK)},{n(top)} L{n(right)},{n(top)}" if top == TRACK else _wave(layout, top)
        yield (
            f'<path id="landscape-{terrain}" d="{edge} L{n(right)},{n(bottom)} '
            f'L{n(TRACK)},{n(bottom)} Z" fill="{LANDSCAPE_COLOURS[terrain]}"/>'
        )
    for terrain in TERRAINS:
        x, y = layout.at(*board.drawing.landscape_names[terrain])
        yield text(
            x,
            y,
            terrain.capitalize(),
            22,
            fill=_LANDSCAPE_INK[terrain],
            anchor="end",
            style='font-style="italic"',
        )
    yield "</g>"


def _links(board: Board, layout: Layout) -> Iterator[str]:
    """Every link once, as a line between its two spaces."""
    yield '<g id="links" stroke="#8b7355" stroke-width="5" stroke-linecap="round">'
    for a, others in board.neighbours.items():
        for b in others:
            if a < b:
                (x1, y1), (x2, y2) = _at(layout, board.spaces[a]), _at(layout, board.spaces[b])
                yield (
                    f'<line x1="{n(x1)}" y1="{n(y1)}" x2="{n(x2)}" y2="{n(y2)}" '
                    f'data-link="{escape(a)} {escape(b)}"/>'
                )
    yield "</g>"


def _at(layout: Layout, space: Space) -> tuple[float, float]:
    """Where a space is drawn, in SVG units."""
    return layout.at(space.x, space.y)


def _stop(board: Board, layout: Layout, space: Space, place: int) -> str:
    """A taxi stop's marks: a ring round the space, a badge with its place on the route where
    the drawing data puts it, and a bird beside the badge, on its far side."""
    x, y = _at(layout, space)
    dx, dy = board.drawing.taxi_badges[place - 1]
    bx, by = x + layout.length(dx), y + layout.length(dy)
    side = 1 if dx >= 0 else -1
    ring = _STOP_RING.get(space.kind, 16.0)
    wing = [bx + side * k for k in (13, 17, 21, 25, 29)]
    return (
        f'<g class="taxi-stop" data-stop="{place}">'
        f'<circle cx="{n(x)}" cy="{n(y)}" r="{n(ring)}" fill="none" stroke="{_TAXI}" '
        'stroke-width="3"/>'
        f'<circle cx="{n(bx)}" cy="{n(by)}" r="11" fill="{_TAXI}"/>'
        f'<path d="M{n(wing[0])},{n(by - 2)} Q{n(wing[1])},{n(by - 9)} {n(wing[2])},'
        f'{n(by - 2)} Q{n(wing[3])},{n(by - 9)} {n(wing[4])},{n(by - 2)}" fill="none" '
        f'stroke="{_TAXI}" stroke-width="2.5" stroke-linecap="round"/>'
        f"{plain_text(bx, by + 4, str(place), 12)}</g>"
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


def _shape(board: Board, layout: Layout, space: Space) -> Iterator[str]:
    """A space's shape by its kind, and its label where it has one worth showing (below it,
    or above for the spaces the drawing data names)."""
    x, y = _at(layout, space)
    above = space.id in board.drawing.labels_above
    kind = space.kind
    if kind == "village":
        yield (
            f'<polygon points="{polygon(x, y, 24, 6)}" fill="#f2c14e" stroke="#7a4f0b" '
            'stroke-width="3"/>'
        )
        yield text(x, y + 5, space.id.rpartition("-")[2], 14, style='font-weight="bold"')
        yield text(x, y - 32 if above else y + 42, _name(space), 15, style='font-weight="bold"')
    elif kind == "castle":
        wall = f"M{n(x - 34)},{n(y + 20)} V{n(y - 18)}"
        for k in range(7):
            left = x - 34 + k * 68 / 7
            if k % 2 == 0:
                wall += f" V{n(y - 28)} H{n(left + 68 / 7)} V{n(y - 18)}"
            else:
                wall += f" H{n(left + 68 / 7)}"
        wall += f" V{n(y + 20)} Z"
        yield f'<path d="{wall}" fill="#b8b0c8" stroke="#4a4458" stroke-width="3"/>'
        yield (
            f'<path d="M{n(x - 9)},{n(y + 20)} V{n(y + 4)} A9,9 0 0 1 {n(x + 9)},{n(y + 4)} '
            f'V{n(y + 20)} Z" fill="#4a4458"/>'
        )
        yield text(x, y + 44, _name(space), 16, style='font-weight="bold"')
    elif kind == "marketplace":
        yield (
            f'<rect x="{n(x - 30)}" y="{n(y - 10)}" width="60" height="28" fill="#f4a261" '
            'stroke="#7a3e12" stroke-width="3"/>'
        )
        yield (
            f'<polygon points="{n(x - 38)},{n(y - 10)} {n(x)},{n(y - 34)} '
            f'{n(x + 38)},{n(y - 10)}" fill="#e76f51" stroke="#7a3e12" stroke-width="3"/>'
        )
        ring_x, ring_y = layout.at(*board.drawing.price_ring)
        below = ring_y + layout.length(board.drawing.price_ring_radius) + 40
        yield text(ring_x, below, _name(space), 15, style='font-weight="bold"')
    elif kind == "merchant":
        yield (
            f'<rect x="{n(x - 20)}" y="{n(y - 16)}" width="40" height="24" rx="5" '
            'fill="#e07a5f" stroke="#6b2d1c" stroke-width="3"/>'
        )
        for dx in (-11, 11):
            yield (
                f'<circle cx="{n(x + dx)}" cy="{n(y + 11)}" r="6" fill="#6b2d1c" '
                f'stroke="{HALO}" stroke-width="1.5"/>'
            )
        yield text(x - 22, y + 36, _name(space), 13, anchor="start")
    elif kind == "teleport":
        colour = CHARM_COLOURS.get(space.charm or "", INK)
        yield f'<circle cx="{n(x)}" cy="{n(y)}" r="27" fill="{colour}" stroke="{INK}"/>'
        yield (
            f'<circle cx="{n(x)}" cy="{n(y)}" r="17" fill="{HALO}" stroke="{colour}" '
            'stroke-width="3"/>'
        )
        yield (
            f'<rect x="{n(x - 6)}" y="{n(y - 11)}" width="12" height="22" rx="5" '
            'fill="#8d939b" stroke="#50555c" stroke-width="2"/>'
        )
        yield text(x, y + 46, _name(space), 15, fill=colour, style='font-weight="bold"')
    elif kind == "stone":
        yield (
            f'<polygon points="{polygon(x, y, 17, 8, 22.5)}" fill="#9aa0a6" stroke="#50555c" '
            'stroke-width="3"/>'
        )
        yield plain_text(x, y + 6, str(space.number), 17)
    elif kind == "mushroom":
        yield (
            f'<circle class="mushroom-spot" cx="{n(x)}" cy="{n(y)}" r="{n(SPOT_RADIUS)}" '
            f'fill="#efe4cc" stroke="#8a6d4b" stroke-width="2" stroke-dasharray="4 3"/>'
        )
        yield (
            f'<path d="M{n(x - 8)},{n(y + 1)} A8,7 0 0 1 {n(x + 8)},{n(y + 1)} Z '
            f'M{n(x - 2.5)},{n(y + 1)} V{n(y + 7)} H{n(x + 2.5)} V{n(y + 1)}" fill="none" '
            'stroke="#b59f7e" stroke-width="1.5"/>'
        )
        yield text(x, y + 30, _name(space), 12)
    else:
        yield (
            f'<circle cx="{n(x)}" cy="{n(y)}" r="10" fill="#fbf6e9" stroke="{INK}" '
            'stroke-width="2"/>'
        )
    if space.taxi is not None:
        yield _stop(board, layout, space, space.taxi)


def _spaces(board: Board, layout: Layout) -> Iterator[str]:
    """One group per space, ``id="space-<id>"``, with a tooltip naming it."""
    yield '<g id="spaces">'
    for space in board.spaces.values():
        what = space.kind
        if space.kind == "mushroom":
            what = "mushroom space, empty until a mushroom is placed"
        if space.taxi is not None:
            what += f", Royal Bird Taxi stop {space.taxi}"
        yield (
            f'<g id="space-{escape(space.id)}" class="space {escape(space.kind)}">'
            f"<title>{escape(_name(space))} ({escape(what)})</title>"
        )
        yield from _shape(board, layout, space)
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


def _count(overlay: Mapping[str, object], key: str, most: int | None = None) -> int:
    """A whole number from an overlay, from 0 (to ``most``), or ValueError."""
    value = overlay[key]
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"overlay {key!r} must be a whole number from 0")
    if most is not None and value > most:
        raise ValueError(f"overlay {key!r}: there is no {value}; at most {most}")
    return value


def _overlay_mushrooms(board: Board, layout: Layout, spaces: list[str]) -> Iterator[str]:
    """A face-down mushroom token on each space listed (a space listed twice holds two)."""
    yield '<g id="overlay-mushrooms">'
    for space, count in Counter(spaces).items():
        x, y = _at(layout, board.spaces[space])
        yield f'<g class="face-down-mushroom" data-space="{escape(space)}" data-count="{count}">'
        yield mushroom_glyph(x, y - 1, css="mushroom-token")
        if count > 1:
            yield (
                f'<circle cx="{n(x + 15)}" cy="{n(y - 13)}" r="8" fill="{INK}" '
                f'stroke="{HALO}" stroke-width="1.5"/>'
            )
            yield plain_text(x + 15, y - 9.5, str(count), 10)
        yield "</g>"
    yield "</g>"


def _overlay_wizards(board: Board, layout: Layout, wizards: object) -> Iterator[str]:
    if not isinstance(wizards, Mapping):
        raise ValueError("overlay 'wizards' must map space ids to lists of seats")
    yield '<g id="overlay-wizards">'
    for space, seats in wizards.items():
        if not isinstance(space, str) or space not in board.spaces:
            raise ValueError(f"overlay 'wizards': {space!r} is not a space on the board")
        if isinstance(seats, str) or not isinstance(seats, Sequence):
            raise ValueError(f"overlay 'wizards': {space!r} needs a list of seats")
        x, y = _at(layout, board.spaces[space])
        y -= _PAWN_LIFT.get(board.spaces[space].kind, 30.0) - 34
        for k, seat in enumerate(seats):
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise ValueError(f"overlay 'wizards': seat {seat!r} is not a seat number")
            px = x + (k - (len(seats) - 1) / 2) * 20
            yield (
                f'<g class="wizard" data-seat="{seat}" data-space="{escape(space)}">'
                f'<circle cx="{n(px)}" cy="{n(y - 34)}" r="10" '
                f'fill="{SEAT_COLOURS[seat % len(SEAT_COLOURS)]}" stroke="{HALO}" '
                'stroke-width="2"/>'
                f"{plain_text(px, y - 30, str(seat), 11)}</g>"
            )
    yield "</g>"


def _overlay(
    board: Board, layout: Layout, overlay: Mapping[str, object], toadstools: int
) -> Iterator[str]:
    """State drawn over the board: face-down mushrooms, the pixies, the licences and seals at
    the castle, the scores, wizards. Unknown keys are ignored; a known key with a bad value is
    a ValueError (a caller's bug)."""
    yield '<g id="overlay">'
    if "mushrooms" in overlay:
        yield from _overlay_mushrooms(
            board, layout, _space_ids(board, overlay["mushrooms"], "mushrooms")
        )
    if "mountain_pixie" in overlay:
        number = overlay["mountain_pixie"]
        if isinstance(number, bool) or not isinstance(number, int):
            raise ValueError("overlay 'mountain_pixie' must be a stone number")
        if not 1 <= number <= len(board.stones):
            raise ValueError(f"overlay 'mountain_pixie': there is no stone {number}")
        x, y = _at(layout, board.spaces[board.stones[number - 1]])
        yield (
            f'<g id="overlay-mountain-pixie" data-stone="{number}">'
            f'<circle cx="{n(x)}" cy="{n(y)}" r="24" fill="none" stroke="{_PIXIE}" '
            'stroke-width="3" stroke-dasharray="5 4"/>'
            f'<polygon points="{n(x - 9)},{n(y - 14)} {n(x + 9)},{n(y - 14)} '
            f'{n(x + 2)},{n(y - 40)}" fill="{_PIXIE}" stroke="{HALO}" stroke-width="1.5"/>'
            "</g>"
        )
    if "forest_pixie" in overlay:
        index = _count(overlay, "forest_pixie", toadstools - 1)
        yield reference.forest_pixie(board, layout, index, toadstools)
    if "courtyard" in overlay or "seals" in overlay:
        licences = _count(overlay, "courtyard") if "courtyard" in overlay else 0
        seals = _count(overlay, "seals") if "seals" in overlay else 0
        yield from reference.castle_counts(board, layout, licences, seals)
    if "fame" in overlay:
        scores = overlay["fame"]
        if isinstance(scores, str) or not isinstance(scores, Sequence):
            raise ValueError("overlay 'fame' must be a list of scores by seat")
        for score in scores:
            if isinstance(score, bool) or not isinstance(score, int):
                raise ValueError(f"overlay 'fame': {score!r} is not a score")
        yield from reference.fame_markers(
            layout, board.drawing.fame_track, list(scores), SEAT_COLOURS
        )
    if "wizards" in overlay:
        yield from _overlay_wizards(board, layout, overlay["wizards"])
    yield "</g>"


def overlay_of(view: Mapping[str, object]) -> dict[str, object]:
    """The overlay that draws a game's view (``WizardsWanted.view``) on the board: what is
    public, so any seat's view (or a spectator's) gives the same drawing."""
    players = view["players"]
    assert isinstance(players, list)
    wizards: dict[str, list[int]] = {}
    for seat, me in enumerate(players):
        if me["position"] is not None:
            wizards.setdefault(me["position"], []).append(seat)
    mushrooms = view["mushrooms_on_board"]
    assert isinstance(mushrooms, Mapping)
    return {
        "wizards": wizards,
        "mountain_pixie": view["mountain_pixie"],
        "forest_pixie": view["forest_pixie"],
        "mushrooms": [space for space, count in sorted(mushrooms.items()) for _ in range(count)],
        "fame": [me["fame"] for me in players],
        "courtyard": view["courtyard_size"],
        "seals": view["seals_at_castle"],
    }


def _lowest(board: Board) -> float:
    """How far down (board units) the drawing reaches below the spaces: the price ring with
    its toadstools, the taxi's waypoints."""
    ring = (
        board.drawing.price_ring[1]
        + board.drawing.price_ring_radius
        + reference.TOADSTOOL_RADIUS / 9
    )
    return max([ring, *(p[1] for hop in board.drawing.taxi_hops for p in hop)])


def layout(board: Board) -> Layout:
    """Where ``board`` is drawn: its spaces' units to SVG units, and the frame's size."""
    return layout_of(board, _lowest(board))


def render_svg(
    board: Board,
    overlay: Mapping[str, object] | None = None,
    toadstools: Sequence[parts.Toadstool] = parts.TOADSTOOLS,
) -> str:
    """The board as a self-contained SVG document, with ``overlay`` state drawn on top."""
    frame = layout(board)
    width, height = frame.width, frame.height
    document = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {n(width)} {n(height)}" '
        f'width="{n(width)}" height="{n(height)}" font-family="sans-serif" role="img" '
        'aria-labelledby="board-title">',
        '<title id="board-title">Wizards Wanted: the board</title>',
        f"<desc>{len(board.spaces)} spaces in three landscapes: mountains, forest, plains, "
        f"inside the Fame Track (0 to {board.drawing.fame_track - 1}). Villages are hexagons, "
        "teleport stones sit in the corners, the numbered stones are the Traveling Mountain "
        "Pixie's tour, dashed spots are the mushroom spaces, the dashed loop with arrows is "
        "the Royal Bird Taxi's route. The Forest Pixie's price ring is beside the Pixie Dust "
        "Marketplace; the courtyard and the royal seals are at the castle.</desc>",
        f'<rect width="{n(width)}" height="{n(height)}" fill="{LANDSCAPE_COLOURS[TERRAINS[0]]}"/>',
        *_landscapes(board, frame),
        *reference.fame_track(frame, board.drawing.fame_track, board.drawing.fame_note),
        *_links(board, frame),
        *reference.price_ring(board, frame, toadstools),
        *reference.castle_places(board, frame),
        *reference.taxi_route(board, frame),
        *_spaces(board, frame),
        text(*frame.at(*board.drawing.title), "Wizards Wanted", 26, style='font-weight="bold"'),
    ]
    if overlay:
        document.extend(_overlay(board, frame, overlay, len(toadstools)))
    document.append("</svg>")
    return "\n".join(document) + "\n"


def main() -> None:
    """Write the shipped board's drawing to standard output."""
    sys.stdout.write(render_svg(BOARD))


if __name__ == "__main__":
    main()
