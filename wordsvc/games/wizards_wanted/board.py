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
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from math import hypot
from pathlib import Path
from types import MappingProxyType

from wordsvc.data_files import KEBAB, DataFile, Raw, codes
from wordsvc.games.wizards_wanted.magic import ICONS, TERRAINS

BOARD_FILE = Path(__file__).resolve().parent / "data" / "board.toml"
#: The codes :func:`load` raises: the field codes, and one per rule of the board.
DATA_ERRORS = codes(
    "duplicate_space", "unknown_space", "counts", "layout", "taxi_route", "disconnected"
)

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
    {"id", "kind", "terrain", "x", "y", "label", "label_uk", "charm", "number", "taxi", "links"}
)
_REQUIRED = frozenset({"id", "kind", "terrain", "x", "y"})
#: Fields a kind must have besides the common ones.
_KIND_REQUIRED: Mapping[str, frozenset[str]] = {
    "village": frozenset({"label"}),
    "teleport": frozenset({"charm"}),
    "stone": frozenset({"number"}),
    "mushroom": frozenset({"number"}),
}
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
    label_uk: str | None = None  # the display name in Ukrainian: with a label, always
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


def _space(file: DataFile, raw: Raw) -> tuple[Space, tuple[str, ...]]:
    """One space and the links written on it, every field checked against its kind."""
    space_id = file.text("a space", raw, "id", KEBAB)
    entry = f"space {space_id!r}"
    file.keys(entry, raw, _REQUIRED, _FIELDS)
    kind = file.choice(entry, raw, "kind", SPACE_KINDS)
    terrain = file.choice(entry, raw, "terrain", TERRAINS)
    file.keys(f"{entry} (a {kind})", raw, _REQUIRED | _KIND_REQUIRED.get(kind, set()), _FIELDS)
    x = file.number(entry, raw, "x", 0, 100)
    y = file.number(entry, raw, "y", 0, 100)
    label = file.text(entry, raw, "label") if "label" in raw else None
    if ("label" in raw) != ("label_uk" in raw):
        missing = "label_uk" if "label" in raw else "label"
        raise file.fail(
            "missing_field",
            f"{entry}: a name needs both languages, `label` and `label_uk`",
            entry=entry,
            field=missing,
            fields=[missing],
        )
    label_uk = file.text(entry, raw, "label_uk") if "label_uk" in raw else None
    charm: str | None = None
    if "charm" in raw:
        if kind != "teleport":
            raise file.bad_value(entry, "charm", raw["charm"], f"absent: a {kind} has no charm")
        charm = file.choice(entry, raw, "charm", ICONS)
    number = file.integer(entry, raw, "number", 1) if "number" in raw else None
    if number is not None and kind not in ("stone", "mushroom"):
        raise file.bad_value(entry, "number", number, f"absent: a {kind} is not numbered")
    expected = _expected_id(kind, terrain, charm, number)
    numbered = _NUMBERED.fullmatch(space_id)
    if (expected is not None and space_id != expected) or (
        expected is None and (numbered is None or numbered.group(1) != kind)
    ):
        raise file.bad_value(entry, "id", space_id, f"{expected or kind + '-<n>'!r} for a {kind}")
    links = file.array(entry, raw, "links") if "links" in raw else []
    if not all(isinstance(link, str) for link in links):
        raise file.bad_value(entry, "links", links, "a list of space ids")
    if space_id in links or len(set(links)) != len(links):
        raise file.bad_value(entry, "links", links, "other spaces, each named once")
    space = Space(
        id=space_id,
        kind=kind,
        terrain=terrain,
        x=x,
        y=y,
        label=label,
        label_uk=label_uk,
        charm=charm,
        number=number,
        taxi=file.integer(entry, raw, "taxi", 1) if "taxi" in raw else None,
    )
    return space, tuple(links)


def _check_counts(file: DataFile, spaces: Mapping[str, Space]) -> None:
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
            raise file.fail(
                "counts",
                f"the board must have {what} {expected}, not {found}",
                what=what,
                found=found,
                expected=expected,
            )


def _check_layout(file: DataFile, spaces: Mapping[str, Space]) -> None:
    """The landscapes lie in bands, mountains above forest above plains, so that the drawing
    can shade them; and no two spaces are drawn on top of each other."""
    for upper, lower in pairwise(TERRAINS):
        low = max(s.y for s in spaces.values() if s.terrain == upper)
        high = min(s.y for s in spaces.values() if s.terrain == lower)
        if low >= high:
            raise file.fail(
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
                raise file.fail(
                    "layout",
                    f"spaces {a.id!r} and {b.id!r} are drawn on top of each other",
                    spaces=[a.id, b.id],
                )


def _taxi_route(file: DataFile, spaces: Mapping[str, Space]) -> tuple[str, ...]:
    """The taxi stops in route order; their places must be 1..n, each once."""
    stops = sorted((s.taxi, s.id) for s in spaces.values() if s.taxi is not None)
    places = [place for place, _ in stops]
    if places != list(range(1, len(stops) + 1)) or len(stops) < MIN_TAXI_STOPS:
        raise file.fail(
            "taxi_route",
            f"the taxi stops must be numbered 1 to n (n at least {MIN_TAXI_STOPS}), "
            f"each once, not {places}",
            found=places,
        )
    return tuple(space for _, space in stops)


def _point(file: DataFile, entry: str, key: str, raw: object) -> Point:
    """An ``[x, y]`` pair within the drawing's bounds (``raw``, read from field ``key``)."""
    low, high = DRAWING_BOUNDS
    if (
        not isinstance(raw, list)
        or len(raw) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in raw)
        or not all(low <= v <= high for v in raw)
    ):
        raise file.bad_value(entry, key, raw, f"a point [x, y], each from {low:g} to {high:g}")
    return float(raw[0]), float(raw[1])


_DRAWING_POINTS = ("courtyard", "seals", "title", "fame_note")
_DRAWING_KEYS = frozenset(
    {*_DRAWING_POINTS, "fame_track", "price_ring", "landscape_names", "labels_above", "taxi_hop"}
)


def _drawing(file: DataFile, data: Raw, stops: int, spaces: Mapping[str, Space]) -> Drawing:
    """The ``[drawing]`` table: the Fame Track's length, where the price ring, the courtyard,
    the seals and the texts are drawn, and the taxi's flight, one hop from each stop."""
    table = file.keys("[drawing]", file.table("the file", data, "drawing"), _DRAWING_KEYS)
    ring_entry, names_entry = "[drawing.price_ring]", "[drawing.landscape_names]"
    ring = file.keys(ring_entry, file.table("[drawing]", table, "price_ring"), {"at", "radius"})
    names = file.keys(names_entry, file.table("[drawing]", table, "landscape_names"), TERRAINS)
    points = {key: _point(file, "[drawing]", key, table[key]) for key in _DRAWING_POINTS}
    hops, badges = _taxi_hops(file, table, stops)
    return Drawing(
        fame_track=_fame_track(file, table),
        price_ring=_point(file, ring_entry, "at", ring["at"]),
        price_ring_radius=_radius(file, ring_entry, ring),
        courtyard=points["courtyard"],
        seals=points["seals"],
        title=points["title"],
        fame_note=points["fame_note"],
        landscape_names=MappingProxyType(
            {terrain: _point(file, names_entry, terrain, names[terrain]) for terrain in TERRAINS}
        ),
        labels_above=_labels_above(file, table, spaces),
        taxi_hops=hops,
        taxi_badges=badges,
    )


def _fame_track(file: DataFile, drawing: Raw) -> int:
    """The Fame Track's length: a multiple of 4 (the edges share it evenly) within bounds."""
    track = file.integer("[drawing]", drawing, "fame_track", *FAME_TRACK_SPACES)
    if track % 4:
        raise file.bad_value("[drawing]", "fame_track", track, "a multiple of 4")
    return track


def _radius(file: DataFile, entry: str, ring: Raw) -> float:
    radius = file.number(entry, ring, "radius", 0, 20)
    if radius <= 0:
        raise file.bad_value(entry, "radius", ring["radius"], "above 0 and at most 20")
    return radius


def _taxi_hops(
    file: DataFile, drawing: Raw, stops: int
) -> tuple[tuple[tuple[Point, ...], ...], tuple[Point, ...]]:
    """Each stop's hop to the next: its waypoints and its badge, in stop order; one hop from
    each stop 1..n, or ``taxi_route``."""
    entry = "[[drawing.taxi_hop]]"
    raw = file.tables("[drawing]", drawing, "taxi_hop")
    hops: dict[object, tuple[tuple[Point, ...], Point]] = {}
    for hop in raw:
        file.keys(entry, hop, {"from", "via", "badge"})
        waypoints = tuple(_point(file, entry, "via", p) for p in file.array(entry, hop, "via"))
        hops[hop["from"]] = (waypoints, _point(file, entry, "badge", hop["badge"]))
    wanted = list(range(1, stops + 1))
    if len(raw) != stops or any(type(k) is not int for k in hops) or set(hops) != set(wanted):
        raise file.fail(
            "taxi_route",
            f"{entry} needs one hop from each stop 1 to {stops}",
            entry=entry,
            found=[str(k) for k in hops],
        )
    return tuple(hops[n][0] for n in wanted), tuple(hops[n][1] for n in wanted)


def _labels_above(file: DataFile, drawing: Raw, spaces: Mapping[str, Space]) -> frozenset[str]:
    labels = file.array("[drawing]", drawing, "labels_above")
    for space in labels:
        file.member("[drawing]", "labels_above", space, spaces, "unknown_space")
    return frozenset(labels)


def load(path: Path = BOARD_FILE) -> Board:
    """The board of ``path``, each space checked, then the board as a whole; raises
    :class:`ConfigurationError` with a code of :data:`DATA_ERRORS` naming the rule broken."""
    file = DataFile(path, DATA_ERRORS)
    data = file.keys("the file", file.read(), {"space"}, {"drawing"})  # [drawing] read last
    spaces: dict[str, Space] = {}
    written: dict[str, tuple[str, ...]] = {}
    for raw in file.tables("the file", data, "space"):
        space, links = _space(file, raw)
        if space.id in spaces:
            raise file.fail(
                "duplicate_space",
                f"space {space.id!r} appears twice",
                entry=f"space {space.id!r}",
                value=space.id,
            )
        spaces[space.id] = space
        written[space.id] = links
    linked: dict[str, set[str]] = {space_id: set() for space_id in spaces}
    for here, links in written.items():
        for other in links:
            file.member(f"space {here!r}", "links", other, spaces, "unknown_space")
            linked[here].add(other)
            linked[other].add(here)
    _check_counts(file, spaces)
    _check_layout(file, spaces)
    route = _taxi_route(file, spaces)
    neighbours = {here: tuple(sorted(links)) for here, links in linked.items()}
    first = next(iter(spaces))
    reached = _bfs(neighbours, first)
    if len(reached) != len(spaces):
        cut_off = sorted(set(spaces) - set(reached))
        raise file.fail(
            "disconnected",
            f"{len(cut_off)} spaces cannot be reached from {first!r}: "
            f"{', '.join(cut_off[:10])}{', ...' if len(cut_off) > 10 else ''}",
            unreached=cut_off,
        )
    merchants = sorted(s.id for s in spaces.values() if s.kind == "merchant")
    drawing = _drawing(file, data, len(route), spaces)
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
