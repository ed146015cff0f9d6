"""The Wizards Wanted board: the spaces and links of ``data/board.toml``, loaded and checked at
import, so that a broken board stops the service at start instead of a game half-way.

The rulebook shows a board but does not describe it, so the board is designed, as data: every
choice is in ``docs/rules/wizards-wanted.md`` ("The board"). A space has a stable kebab-case id
(``village-3``, ``stone-1``, ``forest-2``, ``path-17``); the engine keeps ids only, and
:data:`BOARD` says where each is, what it is and what it touches. Distances are precomputed for
every pair at load (about 70 spaces), since a wizard's walk, the planner and the bots ask often.
"""

from __future__ import annotations

import re
import tomllib
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from math import hypot
from pathlib import Path
from types import MappingProxyType
from typing import Any

from wordsvc.games.data_files import data_error as _fail
from wordsvc.games.wizards_wanted.magic import ICONS, TERRAINS

BOARD_FILE = Path(__file__).resolve().parent / "data" / "board.toml"

SPACE_KINDS = (
    "village",
    "castle",
    "marketplace",
    "merchant",
    "teleport",
    "stone",
    "mushroom",
    "path",
)

#: What the board must hold: the rulebook's 8 villages, 4 corner stones (one per charm type)
#: and 7 pixie stones; a castle, a marketplace and the two merchants; 4 mushroom spaces per
#: landscape (designed: the job backs name them).
VILLAGES = 8
MERCHANTS = 2
STONES = 7
MUSHROOMS_PER_TERRAIN = 4
#: A taxi route needs somewhere to fly to.
MIN_TAXI_STOPS = 2
#: Two spaces drawn closer than this (in board units) would overlap in the drawing.
MIN_GAP = 3.0
#: Where the drawing's own features (the price ring, the courtyard, taxi waypoints) may lie,
#: in board units: the spaces' 0..100 and the drawing's margin round them.
DRAWING_BOUNDS = (-8.0, 112.0)
#: The Fame Track's length: spaces shared evenly by the four edges, and a track that fits.
FAME_TRACK_SPACES = (8, 200)

_FIELDS = frozenset(
    {"id", "kind", "terrain", "x", "y", "label", "charm", "number", "taxi", "links"}
)
_REQUIRED = frozenset({"id", "kind", "terrain", "x", "y"})
#: Fields a kind must have besides the common ones.
_KIND_REQUIRED: Mapping[str, frozenset[str]] = {
    "village": frozenset({"label"}),
    "teleport": frozenset({"charm"}),
    "stone": frozenset({"number"}),
    "mushroom": frozenset({"number"}),
}
_KEBAB = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_NUMBERED = re.compile(r"(village|merchant|path)-([1-9][0-9]*)")


@dataclass(frozen=True, slots=True)
class Space:
    """A space a wizard can stand on, where it is drawn, and what it is."""

    id: str
    kind: str  # one of SPACE_KINDS
    terrain: str  # one of TERRAINS
    x: float  # drawing position, 0..100, left to right
    y: float  # 0..100, top to bottom
    label: str | None = None  # display name; every village has one
    charm: str | None = None  # teleport corners only: their charm type (one of ICONS)
    number: int | None = None  # stones: 1..7; mushroom spaces: their number in the terrain
    taxi: int | None = None  # a Royal Bird Taxi stop's place on the route, 1..n


Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Drawing:
    """What the rulebook's Board Reference names besides the spaces, placed for the drawing
    (``[drawing]`` in the board file): none of it is a space a wizard stands on."""

    fame_track: int  # the Fame Track's spaces, 0 (the Zero Space) top left, clockwise
    price_ring: Point  # the centre of the Forest Pixie's ring of toadstools
    price_ring_radius: float
    courtyard: Point  # the castle courtyard, where the licences lie
    seals: Point  # the royal seal stack at the castle
    title: Point  # where the game's name is written (its centre)
    fame_note: Point  # where the note on the Fame Track's laps starts
    landscape_names: Mapping[str, Point]  # where each landscape's name ends, by terrain
    labels_above: frozenset[str]  # spaces whose name is written above them, not below
    taxi_hops: tuple[tuple[Point, ...], ...]  # waypoints flown from stop n to n + 1, [n - 1]
    taxi_badges: tuple[Point, ...]  # where stop n's badge sits, from the stop, [n - 1]


@dataclass(frozen=True, slots=True)
class Board:
    """The whole board: spaces by id, links both ways, and the places the rules name.

    Built by :func:`load`; distances between every pair and the taxi's next stops are worked
    out once, when it is made.
    """

    spaces: Mapping[str, Space]
    neighbours: Mapping[str, tuple[str, ...]]  # undirected, sorted
    villages: tuple[str, ...]  # the 8 village ids
    corners: Mapping[str, str]  # charm type -> teleport corner space id
    stones: tuple[str, ...]  # stone ids in number order: stones[0] is stone 1
    taxi_route: tuple[str, ...]  # taxi stops in route order; after the last comes the first
    castle: str  # the castle entrance
    marketplace: str  # the Pixie Dust Marketplace entrance
    merchants: tuple[str, str]
    mushroom_spaces: tuple[str, ...]  # every mushroom space id, sorted
    drawing: Drawing
    _distances: Mapping[str, Mapping[str, int]] = field(init=False, repr=False, compare=False)
    _next_taxi: Mapping[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        distances = {start: _bfs(self.neighbours, start) for start in self.spaces}
        route = self.taxi_route
        hops = {stop: route[(n + 1) % len(route)] for n, stop in enumerate(route)}
        object.__setattr__(self, "_distances", MappingProxyType(distances))
        object.__setattr__(self, "_next_taxi", MappingProxyType(hops))

    def next_taxi(self, space: str) -> str | None:
        """The next stop along the taxi route from ``space``; None if it is not a stop."""
        return self._next_taxi.get(space)

    def distance(self, a: str, b: str) -> int:
        """The fewest links between two spaces; KeyError names an unknown space."""
        for space in (a, b):
            if space not in self.spaces:
                raise KeyError(f"no space {space!r} on the board")
        return self._distances[a][b]

    def is_adjacent(self, a: str, b: str) -> bool:
        """Whether one step joins ``a`` and ``b`` (False for unknown spaces)."""
        return b in self.neighbours.get(a, ())


def _bfs(neighbours: Mapping[str, tuple[str, ...]], start: str) -> dict[str, int]:
    """Links from ``start`` to every space it reaches."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in neighbours[here]:
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def _number(path: Path, space: str, raw: Mapping[str, Any], key: str) -> float:
    """A drawing coordinate, 0..100 (a bool is not a number here)."""
    value = raw[key]
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 100:
        raise _fail(
            path,
            "bad_value",
            f"space {space!r}: {key} must be a number from 0 to 100",
            space=space,
            field=key,
            value=value,
        )
    return float(value)


def _positive(path: Path, space: str, raw: Mapping[str, Any], key: str) -> int | None:
    """An optional whole number from 1 up."""
    if key not in raw:
        return None
    value = raw[key]
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise _fail(
            path,
            "bad_value",
            f"space {space!r}: {key} must be a whole number from 1",
            space=space,
            field=key,
            value=value,
        )
    return value


def _choice(
    path: Path, space: str, raw: Mapping[str, Any], key: str, allowed: tuple[str, ...]
) -> str:
    value = raw[key]
    if value not in allowed:
        raise _fail(
            path,
            "bad_value",
            f"space {space!r}: {key} {value!r} is not one of {', '.join(allowed)}",
            space=space,
            field=key,
            value=value,
        )
    return str(value)


def _expected_id(kind: str, terrain: str, charm: str | None, number: int | None) -> str | None:
    """The one id a space of this kind may have, or None where the kind numbers its own
    (villages, merchants, paths: ``<kind>-<n>``)."""
    if kind in ("castle", "marketplace"):
        return kind
    if kind == "teleport":
        return f"teleport-{charm}"
    if kind == "stone":
        return f"stone-{number}"
    if kind == "mushroom":
        return f"{terrain}-{number}"
    return None


def _space(path: Path, raw: Mapping[str, Any]) -> tuple[Space, tuple[str, ...]]:
    """One space and the links written on it, every field checked against its kind."""
    space_id = raw.get("id")
    if space_id is None:
        raise _fail(path, "missing_field", "a space needs an id", fields=["id"])
    if not isinstance(space_id, str) or not _KEBAB.fullmatch(space_id):
        raise _fail(path, "bad_value", f"space id {space_id!r} is not kebab-case", space=space_id)
    missing = _REQUIRED - set(raw)
    if missing:
        raise _fail(
            path,
            "missing_field",
            f"space {space_id!r} needs {sorted(missing)}",
            space=space_id,
            fields=sorted(missing),
        )
    extra = set(raw) - _FIELDS
    if extra:
        raise _fail(
            path,
            "unknown_field",
            f"space {space_id!r}: no space has {sorted(extra)}",
            space=space_id,
            fields=sorted(extra),
        )
    kind = _choice(path, space_id, raw, "kind", SPACE_KINDS)
    terrain = _choice(path, space_id, raw, "terrain", TERRAINS)
    missing = _KIND_REQUIRED.get(kind, frozenset()) - set(raw)
    if missing:
        raise _fail(
            path,
            "missing_field",
            f"space {space_id!r}: a {kind} needs {sorted(missing)}",
            space=space_id,
            kind=kind,
            fields=sorted(missing),
        )
    x = _number(path, space_id, raw, "x")
    y = _number(path, space_id, raw, "y")
    label = raw.get("label")
    if label is not None and (not isinstance(label, str) or not label.strip()):
        raise _fail(
            path,
            "bad_value",
            f"space {space_id!r}: label must be a non-empty string",
            space=space_id,
            field="label",
            value=label,
        )
    charm: str | None = None
    if "charm" in raw:
        if kind != "teleport":
            raise _fail(
                path,
                "bad_value",
                f"space {space_id!r}: only a teleport corner has a charm, not a {kind}",
                space=space_id,
                field="charm",
            )
        charm = _choice(path, space_id, raw, "charm", ICONS)
    number = _positive(path, space_id, raw, "number")
    if number is not None and kind not in ("stone", "mushroom"):
        raise _fail(
            path,
            "bad_value",
            f"space {space_id!r}: only stones and mushroom spaces are numbered, not a {kind}",
            space=space_id,
            field="number",
        )
    expected = _expected_id(kind, terrain, charm, number)
    numbered = _NUMBERED.fullmatch(space_id)
    if (expected is not None and space_id != expected) or (
        expected is None and (numbered is None or numbered.group(1) != kind)
    ):
        raise _fail(
            path,
            "bad_value",
            f"space {space_id!r}: a {kind} here must be called {expected or kind + '-<n>'!r}",
            space=space_id,
            field="id",
            expected=expected or f"{kind}-<n>",
        )
    links = raw.get("links", [])
    if not isinstance(links, list) or not all(isinstance(link, str) for link in links):
        raise _fail(
            path,
            "bad_value",
            f"space {space_id!r}: links must be a list of space ids",
            space=space_id,
            field="links",
        )
    if space_id in links or len(set(links)) != len(links):
        raise _fail(
            path,
            "bad_value",
            f"space {space_id!r}: links name a space twice or the space itself",
            space=space_id,
            field="links",
            value=links,
        )
    space = Space(
        id=space_id,
        kind=kind,
        terrain=terrain,
        x=x,
        y=y,
        label=label,
        charm=charm,
        number=number,
        taxi=_positive(path, space_id, raw, "taxi"),
    )
    return space, tuple(links)


def _check_counts(path: Path, spaces: Mapping[str, Space]) -> None:
    """The rulebook's pieces, each exactly once: 8 villages, a castle, a marketplace, two
    merchants, one corner per charm type, stones 1..7, mushroom spaces 1..4 in each terrain."""
    by_kind: dict[str, list[Space]] = {kind: [] for kind in SPACE_KINDS}
    for space in spaces.values():
        by_kind[space.kind].append(space)
    wanted: dict[str, tuple[Sequence[object], Sequence[object]]] = {
        "villages": (
            sorted(s.id for s in by_kind["village"]),
            sorted(f"village-{n}" for n in range(1, VILLAGES + 1)),
        ),
        "castle": ([s.id for s in by_kind["castle"]], ["castle"]),
        "marketplace": ([s.id for s in by_kind["marketplace"]], ["marketplace"]),
        "merchants": (
            sorted(s.id for s in by_kind["merchant"]),
            [f"merchant-{n}" for n in range(1, MERCHANTS + 1)],
        ),
        "corners": (sorted(str(s.charm) for s in by_kind["teleport"]), sorted(ICONS)),
        "stones": (
            sorted(s.number or 0 for s in by_kind["stone"]),
            list(range(1, STONES + 1)),
        ),
    }
    for terrain in TERRAINS:
        wanted[f"{terrain} mushroom spaces"] = (
            sorted(s.number or 0 for s in by_kind["mushroom"] if s.terrain == terrain),
            list(range(1, MUSHROOMS_PER_TERRAIN + 1)),
        )
    for what, (found, expected) in wanted.items():
        if found != expected:
            raise _fail(
                path,
                "counts",
                f"the board must have {what} {expected}, not {found}",
                what=what,
                found=found,
                expected=expected,
            )


def _check_layout(path: Path, spaces: Mapping[str, Space]) -> None:
    """The landscapes lie in bands, mountains above forest above plains, so that the drawing
    can shade them; and no two spaces are drawn on top of each other."""
    for upper, lower in pairwise(TERRAINS):
        low = max(s.y for s in spaces.values() if s.terrain == upper)
        high = min(s.y for s in spaces.values() if s.terrain == lower)
        if low >= high:
            raise _fail(
                path,
                "layout",
                f"every {upper} space must be drawn above every {lower} space",
                terrains=[upper, lower],
            )
    placed = sorted(spaces.values(), key=lambda s: (s.x, s.y))
    for n, a in enumerate(placed):
        for b in placed[n + 1 :]:
            if b.x - a.x >= MIN_GAP:
                break
            if hypot(a.x - b.x, a.y - b.y) < MIN_GAP:
                raise _fail(
                    path,
                    "layout",
                    f"spaces {a.id!r} and {b.id!r} are drawn on top of each other",
                    spaces=[a.id, b.id],
                )


def _taxi_route(path: Path, spaces: Mapping[str, Space]) -> tuple[str, ...]:
    """The taxi stops in route order; their places must be 1..n, each once."""
    stops = sorted((s.taxi, s.id) for s in spaces.values() if s.taxi is not None)
    places = [place for place, _ in stops]
    if places != list(range(1, len(stops) + 1)) or len(stops) < MIN_TAXI_STOPS:
        raise _fail(
            path,
            "taxi_route",
            f"the taxi stops must be numbered 1 to n (n at least {MIN_TAXI_STOPS}), "
            f"each once, not {places}",
            found=places,
        )
    return tuple(space for _, space in stops)


def _keys(path: Path, where: str, raw: object, keys: frozenset[str]) -> Mapping[str, Any]:
    """A table with exactly ``keys``: ``bad_value`` if not a table, else ``missing_field`` or
    ``unknown_field``."""
    if raw is None:
        raise _fail(path, "missing_field", f"the board file needs {where}", where=where)
    if not isinstance(raw, dict):
        raise _fail(path, "bad_value", f"{where} must be a table", where=where)
    missing, extra = keys - set(raw), set(raw) - keys
    if missing:
        raise _fail(
            path,
            "missing_field",
            f"{where} needs {sorted(missing)}",
            where=where,
            fields=sorted(missing),
        )
    if extra:
        raise _fail(
            path,
            "unknown_field",
            f"{where} has no {sorted(extra)}",
            where=where,
            fields=sorted(extra),
        )
    return raw


def _point(path: Path, where: str, raw: object) -> Point:
    """An ``[x, y]`` pair within the drawing's bounds."""
    low, high = DRAWING_BOUNDS
    if (
        not isinstance(raw, list)
        or len(raw) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in raw)
        or not all(low <= v <= high for v in raw)
    ):
        raise _fail(
            path,
            "bad_value",
            f"{where} must be a point [x, y], each from {low:g} to {high:g}",
            where=where,
            value=raw,
        )
    return float(raw[0]), float(raw[1])


_DRAWING_POINTS = ("courtyard", "seals", "title", "fame_note")
_DRAWING_KEYS = frozenset(
    {*_DRAWING_POINTS, "fame_track", "price_ring", "landscape_names", "labels_above", "taxi_hop"}
)


def _drawing(path: Path, raw: object, stops: int, spaces: Mapping[str, Space]) -> Drawing:
    """The ``[drawing]`` table: the Fame Track's length, where the price ring, the courtyard,
    the seals and the texts are drawn, and the taxi's flight, one hop from each stop."""
    table = _keys(path, "[drawing]", raw, _DRAWING_KEYS)
    ring = _keys(path, "[drawing.price_ring]", table["price_ring"], frozenset({"at", "radius"}))
    names = _keys(path, "[drawing.landscape_names]", table["landscape_names"], frozenset(TERRAINS))
    points = {key: _point(path, key, table[key]) for key in _DRAWING_POINTS}
    hops, badges = _taxi_hops(path, table["taxi_hop"], stops)
    return Drawing(
        fame_track=_fame_track(path, table["fame_track"]),
        price_ring=_point(path, "the price ring's centre", ring["at"]),
        price_ring_radius=_radius(path, ring["radius"]),
        courtyard=points["courtyard"],
        seals=points["seals"],
        title=points["title"],
        fame_note=points["fame_note"],
        landscape_names=MappingProxyType(
            {terrain: _point(path, terrain, names[terrain]) for terrain in TERRAINS}
        ),
        labels_above=_labels_above(path, table["labels_above"], spaces),
        taxi_hops=hops,
        taxi_badges=badges,
    )


def _fame_track(path: Path, track: object) -> int:
    """The Fame Track's length: a multiple of 4 (the edges share it evenly) within bounds."""
    low, high = FAME_TRACK_SPACES
    if isinstance(track, bool) or not isinstance(track, int) or not low <= track <= high:
        track = None
    if track is None or track % 4:
        raise _fail(
            path,
            "bad_value",
            f"fame_track must be a multiple of 4 from {low} to {high}",
            where="fame_track",
        )
    return track


def _radius(path: Path, radius: object) -> float:
    if isinstance(radius, bool) or not isinstance(radius, int | float) or not 0 < radius <= 20:
        raise _fail(
            path,
            "bad_value",
            "the price ring's radius must be above 0 and at most 20",
            where="price_ring",
            value=radius,
        )
    return float(radius)


def _taxi_hops(
    path: Path, raw: object, stops: int
) -> tuple[tuple[tuple[Point, ...], ...], tuple[Point, ...]]:
    """Each stop's hop to the next: its waypoints and its badge, in stop order; one hop from
    each stop 1..n, or ``taxi_route``."""
    if not isinstance(raw, list):
        raise _fail(path, "bad_value", "[[drawing.taxi_hop]] must be tables", where="taxi_hop")
    hops: dict[object, tuple[tuple[Point, ...], Point]] = {}
    for hop in raw:
        found = _keys(path, "[[drawing.taxi_hop]]", hop, frozenset({"from", "via", "badge"}))
        via = found["via"]
        if not isinstance(via, list):
            raise _fail(path, "bad_value", "a taxi hop's via is a list of points", where="via")
        waypoints = tuple(_point(path, "a taxi waypoint", p) for p in via)
        hops[found["from"]] = (waypoints, _point(path, "a taxi badge", found["badge"]))
    wanted = list(range(1, stops + 1))
    if len(raw) != stops or any(type(k) is not int for k in hops) or set(hops) != set(wanted):
        raise _fail(
            path,
            "taxi_route",
            f"[[drawing.taxi_hop]] needs one hop from each stop 1 to {stops}",
            found=[str(k) for k in hops],
        )
    return tuple(hops[n][0] for n in wanted), tuple(hops[n][1] for n in wanted)


def _labels_above(path: Path, raw: object, spaces: Mapping[str, Space]) -> frozenset[str]:
    if not isinstance(raw, list) or not all(isinstance(s, str) for s in raw):
        raise _fail(path, "bad_value", "labels_above is a list of space ids", where="labels_above")
    for space in raw:
        if space not in spaces:
            raise _fail(
                path, "unknown_space", f"labels_above names {space!r}, not a space", space=space
            )
    return frozenset(raw)


def load(path: Path = BOARD_FILE) -> Board:
    """The board of ``path``, each space checked, then the board as a whole; raises
    :class:`ConfigurationError` with a ``code`` naming the rule broken."""
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise _fail(path, "unreadable", f"cannot read the board: {exc}") from exc
    extra = set(data) - {"space", "drawing"}
    if extra:
        raise _fail(
            path,
            "unknown_field",
            f"the board file has only [[space]] tables and [drawing], not {sorted(extra)}",
        )
    if "space" not in data:
        raise _fail(path, "missing_field", "the board file has no [[space]] tables")
    raw_spaces = data["space"]
    if not isinstance(raw_spaces, list) or not all(isinstance(s, dict) for s in raw_spaces):
        raise _fail(path, "bad_value", "the board is a list of [[space]] tables")
    spaces: dict[str, Space] = {}
    written: dict[str, tuple[str, ...]] = {}
    for raw in raw_spaces:
        space, links = _space(path, raw)
        if space.id in spaces:
            raise _fail(
                path, "duplicate_space", f"space {space.id!r} appears twice", space=space.id
            )
        spaces[space.id] = space
        written[space.id] = links
    linked: dict[str, set[str]] = {space_id: set() for space_id in spaces}
    for here, links in written.items():
        for other in links:
            if other not in spaces:
                raise _fail(
                    path,
                    "unknown_space",
                    f"space {here!r} links to {other!r}, which is not on the board",
                    space=here,
                    link=other,
                )
            linked[here].add(other)
            linked[other].add(here)
    _check_counts(path, spaces)
    _check_layout(path, spaces)
    route = _taxi_route(path, spaces)
    neighbours = {here: tuple(sorted(links)) for here, links in linked.items()}
    first = next(iter(spaces))
    reached = _bfs(neighbours, first)
    if len(reached) != len(spaces):
        cut_off = sorted(set(spaces) - set(reached))
        raise _fail(
            path,
            "disconnected",
            f"{len(cut_off)} spaces cannot be reached from {first!r}: "
            f"{', '.join(cut_off[:10])}{', ...' if len(cut_off) > 10 else ''}",
            unreached=cut_off,
        )
    merchants = sorted(s.id for s in spaces.values() if s.kind == "merchant")
    drawing = _drawing(path, data.get("drawing"), len(route), spaces)
    return Board(
        spaces=MappingProxyType(spaces),
        neighbours=MappingProxyType(neighbours),
        villages=tuple(sorted((s.id for s in spaces.values() if s.kind == "village"), key=_n)),
        corners=MappingProxyType(
            {charm: next(s.id for s in spaces.values() if s.charm == charm) for charm in ICONS}
        ),
        stones=tuple(f"stone-{n}" for n in range(1, STONES + 1)),
        taxi_route=route,
        castle="castle",
        marketplace="marketplace",
        merchants=(merchants[0], merchants[1]),
        mushroom_spaces=tuple(sorted(s.id for s in spaces.values() if s.kind == "mushroom")),
        drawing=drawing,
    )


def _n(space_id: str) -> int:
    """The number at the end of a numbered id, for ordering village-2 before village-10."""
    return int(space_id.rpartition("-")[2])


BOARD: Board = load()
