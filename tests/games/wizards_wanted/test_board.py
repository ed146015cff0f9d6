"""The Wizards Wanted board: the shipped data, the design it promises, its graph helpers, its
drawing, and every rule of the load broken in a copy of the data file, each refused with its
own code."""

from __future__ import annotations

import dataclasses
import math
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from types import MappingProxyType

import pytest

from tests.data_cases import Broken, assert_load_refused, removed
from wordsvc.games.wizards_wanted import board_svg
from wordsvc.games.wizards_wanted import board_svg_reference as reference
from wordsvc.games.wizards_wanted import components as parts
from wordsvc.games.wizards_wanted.board import BOARD, BOARD_FILE, SPACE_KINDS, Board, load
from wordsvc.games.wizards_wanted.board_svg import render_svg
from wordsvc.games.wizards_wanted.magic import ICONS, TERRAINS

ORIGINAL = BOARD_FILE.read_text(encoding="utf-8")
DRAWING = Path(__file__).resolve().parents[3] / "docs" / "wizards-wanted-board.svg"
SVG = "{http://www.w3.org/2000/svg}"


# -- the shipped board ------------------------------------------------------------------------


def test_the_shipped_board_loads_and_a_copy_loads_the_same(tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    path.write_text(ORIGINAL, encoding="utf-8")
    assert load(path) == BOARD
    assert isinstance(BOARD, Board)


def test_the_counts() -> None:
    kinds = Counter(space.kind for space in BOARD.spaces.values())
    assert set(kinds) == set(SPACE_KINDS)
    assert kinds["village"] == len(BOARD.villages) == 8
    assert kinds["castle"] == kinds["marketplace"] == 1
    assert kinds["merchant"] == len(BOARD.merchants) == 2
    assert kinds["teleport"] == len(BOARD.corners) == 4
    assert kinds["stone"] == len(BOARD.stones) == 7
    assert kinds["mushroom"] == len(BOARD.mushroom_spaces) == 12
    assert 60 <= len(BOARD.spaces) <= 80
    assert BOARD.villages == tuple(f"village-{n}" for n in range(1, 9))
    assert BOARD.stones == tuple(f"stone-{n}" for n in range(1, 8))
    assert [BOARD.spaces[s].number for s in BOARD.stones] == list(range(1, 8))
    assert BOARD.merchants == ("merchant-1", "merchant-2")
    assert (BOARD.castle, BOARD.marketplace) == ("castle", "marketplace")
    assert BOARD.mushroom_spaces == tuple(
        sorted(f"{terrain}-{n}" for terrain in TERRAINS for n in range(1, 5))
    )
    for space in BOARD.mushroom_spaces:
        terrain, _, number = space.rpartition("-")
        assert (BOARD.spaces[space].terrain, BOARD.spaces[space].number) == (terrain, int(number))


def test_every_named_space_has_its_name_in_ukrainian_too() -> None:
    named = [s for s in BOARD.spaces.values() if s.label]
    assert {s.kind for s in named} == {"village", "castle", "marketplace", "merchant"}
    for space in named:
        assert re.fullmatch(r"[А-ЯІЇЄҐа-яіїєґ' ]+", space.label_uk or ""), space.id
    assert len({s.label_uk for s in named}) == len(named)  # told apart by name
    assert all(s.label_uk is None for s in BOARD.spaces.values() if not s.label)


def test_the_corners_one_per_charm_type_in_the_board_corners() -> None:
    assert tuple(BOARD.corners) == ICONS
    at = {
        (BOARD.spaces[s].x < 50, BOARD.spaces[s].y < 50): charm
        for charm, s in BOARD.corners.items()
    }
    assert len(at) == 4  # one in each quarter
    for charm, space_id in BOARD.corners.items():
        space = BOARD.spaces[space_id]
        assert (space.id, space.kind, space.charm) == (f"teleport-{charm}", "teleport", charm)
        assert min(space.x, 100 - space.x) <= 10
        assert min(space.y, 100 - space.y) <= 10
    assert all(s.charm is None for s in BOARD.spaces.values() if s.kind != "teleport")


def test_the_layout_the_rulebook_and_reviews_describe() -> None:
    spaces = BOARD.spaces
    castle = spaces[BOARD.castle]
    assert (castle.terrain, castle.x, castle.y) == ("forest", 50, 50)
    assert spaces[BOARD.marketplace].terrain == "plains"
    assert all(spaces[m].x <= 10 for m in BOARD.merchants)  # the left side
    assert {spaces[v].terrain for v in BOARD.villages} == set(TERRAINS)
    stones = Counter(spaces[s].terrain for s in BOARD.stones)
    assert stones["mountains"] > len(BOARD.stones) / 2
    for upper, lower in pairwise(TERRAINS):  # mountains on top, plains at the bottom
        assert max(s.y for s in spaces.values() if s.terrain == upper) < min(
            s.y for s in spaces.values() if s.terrain == lower
        )
    assert all(0 <= s.x <= 100 and 0 <= s.y <= 100 for s in spaces.values())


def test_distances_that_make_a_turn_of_five_steps_sensible() -> None:
    castle = [BOARD.distance(BOARD.castle, v) for v in BOARD.villages]
    assert all(4 <= d <= 6 for d in castle), castle
    corners = [BOARD.distance(BOARD.castle, c) for c in BOARD.corners.values()]
    assert min(corners) > max(castle)  # the corners are farther: teleports reach them
    for village in BOARD.villages:
        assert min(BOARD.distance(village, v) for v in BOARD.villages if v != village) <= 5
    assert BOARD.distance(BOARD.castle, BOARD.marketplace) <= 5
    tour = [BOARD.distance(a, b) for a, b in pairwise([*BOARD.stones, BOARD.stones[0]])]
    assert max(tour) >= 7  # the pixie's next stone can be far: where it stands matters


def test_the_taxi_route_is_a_loop_of_four_to_six_stops_around_the_board() -> None:
    route = BOARD.taxi_route
    assert 4 <= len(route) <= 6
    assert [BOARD.spaces[s].taxi for s in route] == list(range(1, len(route) + 1))
    assert all(BOARD.spaces[s].taxi is None for s in BOARD.spaces if s not in route)
    sides = {
        ("left" if s.x < 30 else "right" if s.x > 70 else "", "top" if s.y < 30 else "")
        for s in (BOARD.spaces[stop] for stop in route)
    }
    assert len(sides) == len(route)  # no two stops on the same side


def test_next_taxi_cycles_round_the_route() -> None:
    route = BOARD.taxi_route
    for n, stop in enumerate(route):
        assert BOARD.next_taxi(stop) == route[(n + 1) % len(route)]
    here = route[0]
    for _ in route:
        next_stop = BOARD.next_taxi(here)
        assert next_stop is not None
        here = next_stop
    assert here == route[0]
    assert BOARD.next_taxi(BOARD.castle) is None
    assert BOARD.next_taxi("no-such-space") is None


def test_the_graph_is_undirected_sorted_and_connected() -> None:
    assert set(BOARD.neighbours) == set(BOARD.spaces)
    for space, others in BOARD.neighbours.items():
        assert list(others) == sorted(set(others))
        assert space not in others
        for other in others:
            assert space in BOARD.neighbours[other]
            assert BOARD.is_adjacent(space, other)
            assert BOARD.is_adjacent(other, space)
            assert BOARD.distance(space, other) == 1
    assert not BOARD.is_adjacent(BOARD.castle, BOARD.marketplace)
    assert not BOARD.is_adjacent(BOARD.castle, "no-such-space")
    assert not BOARD.is_adjacent("no-such-space", BOARD.castle)
    assert all(BOARD.distance(BOARD.castle, s) < len(BOARD.spaces) for s in BOARD.spaces)


def _oracle(a: str, b: str) -> int:
    """Fewest links by growing a frontier one step at a time: no queue, no precomputation."""
    reached, steps = {a}, 0
    while b not in reached:
        grown = reached | {n for s in reached for n in BOARD.neighbours[s]}
        assert grown != reached, (a, b)
        reached, steps = grown, steps + 1
    return steps


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("castle", "castle"),
        ("castle", "marketplace"),
        ("teleport-animal", "teleport-illusion"),
        ("merchant-1", "village-8"),
        ("stone-1", "stone-2"),
        ("village-5", "forest-2"),
        ("path-1", "plains-3"),
    ],
)
def test_distance_agrees_with_an_independent_oracle_and_is_symmetric(a: str, b: str) -> None:
    assert BOARD.distance(a, b) == BOARD.distance(b, a) == _oracle(a, b)


def test_every_distance_is_symmetric_and_a_metric() -> None:
    ids = list(BOARD.spaces)
    for a in ids:
        assert BOARD.distance(a, a) == 0
        for b in ids:
            d = BOARD.distance(a, b)
            assert d == BOARD.distance(b, a)
            assert d > 0 or a == b
            if d > 0:  # some neighbour of a is one step nearer to b
                assert min(BOARD.distance(n, b) for n in BOARD.neighbours[a]) == d - 1


def test_distance_names_an_unknown_space() -> None:
    with pytest.raises(KeyError, match="no-such-space"):
        BOARD.distance("castle", "no-such-space")
    with pytest.raises(KeyError, match="nowhere"):
        BOARD.distance("nowhere", "castle")


def test_spaces_and_the_board_are_frozen() -> None:
    space = BOARD.spaces["castle"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        space.x = 1.0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        BOARD.castle = "village-1"  # type: ignore[misc]
    assert not hasattr(space, "__dict__")
    assert not hasattr(BOARD, "__dict__")
    assert isinstance(BOARD.spaces, MappingProxyType)
    assert isinstance(BOARD.neighbours, MappingProxyType)
    with pytest.raises(TypeError):
        BOARD.spaces["castle"] = space  # type: ignore[index]


def test_ids_are_kebab_case_and_named_by_kind() -> None:
    for space_id, space in BOARD.spaces.items():
        assert space.id == space_id
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", space_id)
        assert space.kind in SPACE_KINDS
        assert space.terrain in TERRAINS
        if space.kind == "village":
            assert space.label
        if space.kind == "path":
            assert re.fullmatch(r"path-[1-9][0-9]*", space_id)


# -- every rule of the load, broken in a copy of the data file --------------------------------


def _block(space_id: str) -> str:
    """The [[space]] table of ``space_id`` in the original file, as written."""
    for block in ORIGINAL.split("[[space]]")[1:]:
        if block.startswith(f'\nid = "{space_id}"\n'):
            return "[[space]]" + block.split("\n\n")[0].rstrip("\n") + "\n"
    raise AssertionError(space_id)


def _edit(space_id: str, old: str, new: str, *more: str) -> Callable[[str], str]:
    """Replace ``old`` by ``new`` (and each further pair of ``more``) in one space's table."""
    pairs = [(old, new), *zip(more[::2], more[1::2], strict=True)]

    def edit(text: str) -> str:
        block = changed = _block(space_id)
        assert block in text, space_id
        for before, after in pairs:
            assert before in changed, (space_id, before)
            changed = changed.replace(before, after, 1)
        return text.replace(block, changed)

    return edit


def _rename(old: str, new: str, *pairs: str) -> Callable[[str], str]:
    """Rename a space everywhere it is named, then edit its table."""

    def edit(text: str) -> str:
        changed = _edit(old, *pairs)(text) if pairs else text
        return changed.replace(f'"{old}"', f'"{new}"')

    return edit


def _replace(text: str) -> Callable[[str], str]:
    return lambda _: text


def _text(old: str, new: str) -> Callable[[str], str]:
    """Replace ``old`` (written once, in the drawing's tables) by ``new``."""

    def edit(text: str) -> str:
        assert text.count(old) == 1, old
        return text.replace(old, new)

    return edit


BROKEN: dict[str, Broken] = {
    "not TOML": Broken("unreadable", lambda text: text + "\nthis is = = not toml\n"),
    "no [[space]] tables": Broken("missing_field", _replace("# nothing here\n")),
    "spaces not tables": Broken("bad_value", _replace("space = [1, 2]\n")),
    "a top-level key": Broken("unknown_field", lambda text: 'title = "board"\n' + text),
    "an id not in kebab-case": Broken(
        "bad_value",
        _rename("path-1", "Path_1"),
    ),
    "a space without an id": Broken("missing_field", _edit("path-1", 'id = "path-1"\n', "")),
    "a space without a terrain": Broken(
        "missing_field", _edit("path-1", 'terrain = "mountains"\n', "")
    ),
    "a village without a label": Broken(
        "missing_field",
        _edit("village-1", 'label = "Snorewhistle"\n', ""),
    ),
    "a name without its Ukrainian": Broken(
        "missing_field",
        _edit("castle", 'label_uk = "Замок Бруківна Корона"\n', ""),
        {"entry": "space 'castle'", "field": "label_uk"},
    ),
    "a Ukrainian name without the English": Broken(
        "missing_field",
        _edit("merchant-1", 'label = "Merchant Mumblesworth"\n', ""),
        {"entry": "space 'merchant-1'", "field": "label"},
    ),
    "an empty Ukrainian label": Broken(
        "bad_value", _edit("village-1", '"Хропосвист"', '" "'), {"field": "label_uk"}
    ),
    "a teleport corner without a charm": Broken(
        "missing_field",
        _edit("teleport-nature", 'charm = "nature"\n', ""),
    ),
    "a stone without a number": Broken("missing_field", _edit("stone-3", "number = 3\n", "")),
    "a field no space has": Broken(
        "unknown_field",
        _edit("path-1", "x = 14\n", 'x = 14\ncolour = "red"\n'),
        {"entry": "space 'path-1'", "fields": ["colour"]},
    ),
    "an unknown kind": Broken("bad_value", _edit("path-1", 'kind = "path"', 'kind = "bridge"')),
    "an unknown terrain": Broken(
        "bad_value",
        _edit("path-1", 'terrain = "mountains"', 'terrain = "swamp"'),
    ),
    "x beyond the drawing": Broken("bad_value", _edit("path-1", "x = 14", "x = 101")),
    "y negative": Broken("bad_value", _edit("path-1", "y = 14", "y = -1")),
    "y a boolean": Broken("bad_value", _edit("path-1", "y = 14", "y = true")),
    "an empty label": Broken("bad_value", _edit("village-1", '"Snorewhistle"', '" "')),
    "a charm on a stone": Broken(
        "bad_value",
        _edit("stone-3", "number = 3\n", 'number = 3\ncharm = "animal"\n'),
    ),
    "an unknown charm": Broken(
        "bad_value",
        _rename("teleport-nature", "teleport-fire", 'charm = "nature"', 'charm = "fire"'),
    ),
    "a number on a village": Broken(
        "bad_value",
        _edit("village-1", 'label = "Snorewhistle"\n', 'label = "Snorewhistle"\nnumber = 1\n'),
    ),
    "a stone numbered 0": Broken("bad_value", _edit("stone-3", "number = 3", "number = 0")),
    "a taxi stop at place 0": Broken("bad_value", _edit("marketplace", "taxi = 3", "taxi = 0")),
    "a mushroom id from another terrain": Broken(
        "bad_value",
        _edit("forest-4", 'terrain = "forest"', 'terrain = "plains"'),
    ),
    "a stone id not its number": Broken("bad_value", _edit("stone-3", "number = 3", "number = 8")),
    "a village named like a path": Broken(
        "bad_value",
        _rename("village-1", "path-99"),
    ),
    "links not a list": Broken(
        "bad_value",
        _edit("castle", 'links = ["path-18", "path-22"]', 'links = "path-18"'),
    ),
    "a link to itself": Broken(
        "bad_value", _edit("castle", '"path-18", ', '"path-18", "castle", ')
    ),
    "a link twice": Broken("bad_value", _edit("castle", '"path-18", ', '"path-18", "path-18", ')),
    "a space twice": Broken(
        "duplicate_space",
        lambda text: text + "\n" + _block("path-1").replace("x = 14", "x = 1"),
    ),
    "a link to a missing space": Broken(
        "unknown_space",
        _edit("castle", '"path-18", ', '"path-18", "path-999", '),
        {"entry": "space 'castle'", "field": "links", "value": "path-999"},
    ),
    "seven villages": Broken(
        "counts",
        _rename("village-8", "path-99", 'kind = "village"', 'kind = "path"'),
    ),
    "no castle": Broken("counts", _rename("castle", "path-99", 'kind = "castle"', 'kind = "path"')),
    "a third merchant numbered 3": Broken("counts", _rename("merchant-2", "merchant-3")),
    "three corners": Broken(
        "counts",
        _rename(
            "teleport-illusion",
            "path-99",
            'kind = "teleport"',
            'kind = "path"',
            'charm = "illusion"\n',
            "",
        ),
    ),
    "stone 7 numbered 8": Broken(
        "counts", _rename("stone-7", "stone-8", "number = 7", "number = 8")
    ),
    "a fifth forest mushroom space": Broken(
        "counts",
        _rename("forest-4", "forest-5", "number = 4", "number = 5"),
    ),
    "a mountain space below the forest": Broken("layout", _edit("path-1", "y = 14", "y = 90")),
    "two spaces on one spot": Broken("layout", _edit("path-2", "x = 23", "x = 14")),
    "a corner cut off": Broken(
        "disconnected", _edit("teleport-animal", 'links = ["path-1"]\n', "")
    ),
    "a gap in the taxi route": Broken("taxi_route", _edit("marketplace", "taxi = 3", "taxi = 5")),
    "a taxi place twice": Broken("taxi_route", _edit("marketplace", "taxi = 3", "taxi = 1")),
    "no drawing": Broken("missing_field", lambda text: text[: text.index("[drawing]")]),
    "a drawing key": Broken("unknown_field", _text("fame_track = 60", "fame_track = 60\nlogo = 1")),
    "a fame track of 62": Broken("bad_value", _text("fame_track = 60", "fame_track = 62")),
    "a price ring of radius 0": Broken("bad_value", _text("radius = 7.2", "radius = 0")),
    "a courtyard off the drawing": Broken(
        "bad_value", _text("courtyard = [59, 40]", "courtyard = [59]")
    ),
    "a waypoint off the drawing": Broken("bad_value", _text("[104, 46]", "[130, 46]")),
    "a taxi hop without a badge": Broken("missing_field", _text("badge = [2.5, 2.6]\n", "")),
    "a taxi hop from no stop": Broken("taxi_route", _text("from = 4", "from = 5")),
    "a taxi hop from a string": Broken("taxi_route", _text("from = 1", 'from = "1"')),
    "a label above no space": Broken("unknown_space", _text('["village-1"]', '["village-9"]')),
    "no name for the plains": Broken("missing_field", _text("plains = [101.5, 76]\n", "")),
    "no file": Broken("unreadable", removed),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_board_is_refused_with_its_code(tmp_path: Path, case: str) -> None:
    assert_load_refused(load, BOARD_FILE, BROKEN[case], tmp_path)


def test_links_written_on_both_sides_are_one_link(tmp_path: Path) -> None:
    """The castle lists path-18; path-18 listing the castle too changes nothing."""
    both = _edit("path-18", 'links = ["', 'links = ["castle", "')
    path = tmp_path / "board.toml"
    path.write_text(both(ORIGINAL), encoding="utf-8")
    assert load(path) == BOARD


# -- the drawing ------------------------------------------------------------------------------


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_the_drawing_is_well_formed_with_one_group_per_space() -> None:
    root = _parse(render_svg(BOARD))
    assert root.tag == f"{SVG}svg"
    groups = [g.get("id", "") for g in root.iter(f"{SVG}g")]
    spaces = [g for g in groups if g.startswith("space-")]
    assert sorted(spaces) == sorted(f"space-{s}" for s in BOARD.spaces)
    by_id = {g.get("id"): g for g in root.iter(f"{SVG}g")}
    for space in BOARD.spaces.values():
        assert space.kind in (by_id[f"space-{space.id}"].get("class") or "").split()
    lines = list(root.iter(f"{SVG}line"))
    assert len(lines) == sum(len(n) for n in BOARD.neighbours.values()) // 2
    assert root.find(f".//{SVG}path[@id='taxi-route']") is not None
    assert len([g for g in root.iter(f"{SVG}g") if g.get("class") == "taxi-stop"]) == len(
        BOARD.taxi_route
    )
    for terrain in TERRAINS:
        assert root.find(f".//{SVG}path[@id='landscape-{terrain}']") is not None


def test_the_drawing_is_self_contained() -> None:
    svg = render_svg(BOARD)
    for outside in ("href", "@import", "url(", "<image", "<script", "@font-face"):
        assert outside not in svg


def test_the_drawing_labels_what_the_rulebook_names() -> None:
    text = " ".join("".join(t.itertext()) for t in _parse(render_svg(BOARD)).iter(f"{SVG}text"))
    for space in BOARD.spaces.values():
        if space.label:
            assert space.label in text
    assert "forest 2" in text
    assert "animal charms" in text


def test_the_drawing_escapes_labels() -> None:
    tricky = '<Wizards & "Co"> </svg>'
    spaces = dict(BOARD.spaces)
    spaces["village-1"] = dataclasses.replace(spaces["village-1"], label=tricky)
    board = dataclasses.replace(BOARD, spaces=MappingProxyType(spaces))
    svg = render_svg(board)
    root = _parse(svg)
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert tricky in texts
    assert tricky not in svg  # only its escaped form is written


def test_the_committed_drawing_is_current() -> None:
    assert DRAWING.read_text(encoding="utf-8") == render_svg(BOARD), (
        "regenerate: python -m wordsvc.games.wizards_wanted.board_svg "
        "> docs/wizards-wanted-board.svg"
    )


def test_the_overlay_draws_wizards_the_pixie_and_mushrooms() -> None:
    overlay: dict[str, object] = {
        "wizards": {"village-1": [0, 1], "castle": [3]},
        "mountain_pixie": 4,
        "mushrooms": ["forest-2", "plains-1"],
        "something-new": {"ignored": True},
    }
    root = _parse(render_svg(BOARD, overlay))
    wizards = [g for g in root.iter(f"{SVG}g") if g.get("class") == "wizard"]
    assert [(g.get("data-space"), g.get("data-seat")) for g in wizards] == [
        ("village-1", "0"),
        ("village-1", "1"),
        ("castle", "3"),
    ]
    pixie = root.find(f".//{SVG}g[@id='overlay-mountain-pixie']")
    assert pixie is not None
    assert pixie.get("data-stone") == "4"
    mushrooms = [g for g in root.iter(f"{SVG}g") if g.get("class") == "face-down-mushroom"]
    assert [g.get("data-space") for g in mushrooms] == ["forest-2", "plains-1"]
    assert render_svg(BOARD, {"unknown": 1}).count("<g ") == render_svg(BOARD, {}).count("<g ") + 1
    assert render_svg(BOARD, None) == render_svg(BOARD, {}) == render_svg(BOARD)


@pytest.mark.parametrize(
    "overlay",
    [
        {"wizards": {"nowhere": [0]}},
        {"wizards": {"castle": [True]}},
        {"wizards": {"castle": "0"}},
        {"wizards": ["castle"]},
        {"mountain_pixie": 8},
        {"mountain_pixie": "1"},
        {"mushrooms": "forest-2"},
        {"mushrooms": ["forest-9"]},
    ],
)
def test_a_bad_overlay_is_a_value_error(overlay: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="overlay"):
        render_svg(BOARD, overlay)


# -- the drawing of what the Board Reference names, checked against the board data ----------

FRAME = board_svg.layout(BOARD)
#: How close the taxi's flight may come to a space it does not stop at (board units): the
#: space's shape and a margin.
CLEARANCE = {"village": 4.0, "castle": 5.0, "marketplace": 5.0, "merchant": 3.5,
             "teleport": 4.0, "stone": 3.0, "mushroom": 2.8, "path": 2.2}  # fmt: skip


def _classed(root: ET.Element, name: str) -> list[ET.Element]:
    return [g for g in root.iter() if name in (g.get("class") or "").split()]


def _by_id(root: ET.Element, name: str) -> ET.Element:
    found = root.find(f".//*[@id='{name}']")
    assert found is not None, name
    return found


def _units(x: float, y: float) -> tuple[float, float]:
    """SVG units back to board units."""
    (x0, y0), (x1, _) = FRAME.at(0, 0), FRAME.at(1, 0)
    return (x - x0) / (x1 - x0), (y - y0) / (x1 - x0)


def _segment_distance(
    p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]
) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def _angle(u: tuple[float, float], v: tuple[float, float]) -> float:
    """The angle between two lines (0 to 90 degrees)."""
    a = abs(math.degrees(math.atan2(u[0] * v[1] - u[1] * v[0], u[0] * v[0] + u[1] * v[1])))
    return min(a, 180 - a)


def test_the_fame_track_runs_clockwise_round_the_edge_from_the_zero_space() -> None:
    root = _parse(render_svg(BOARD))
    track = _by_id(root, "fame-track")
    spaces = BOARD.drawing.fame_track
    assert track.get("data-spaces") == str(spaces) == "60"
    cells = _classed(track, "fame-space")
    assert [int(g.get("data-fame", -1)) for g in cells] == list(range(spaces))
    centres = []
    for score, cell in enumerate(cells):
        rect = cell.find(f"{SVG}rect")
        assert rect is not None
        x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
        w, h = float(rect.get("width", 0)), float(rect.get("height", 0))
        inside = FRAME.at(-5.5, -5.5)[0] < x + w / 2 < FRAME.width - FRAME.at(-5.5, 0)[0]
        inside = inside and FRAME.at(0, -5.5)[1] < y + h / 2 < FRAME.height - FRAME.at(0, -5.5)[1]
        assert not inside, f"fame space {score} lies on the edge, round the board's area"
        centres.append((x + w / 2, y + h / 2))
        words = "".join("".join(t.itertext()) for t in cell.iter(f"{SVG}text"))
        assert words.startswith(str(score))
    assert centres[0] == (min(c[0] for c in centres), min(c[1] for c in centres)), "top left"
    turns = [math.atan2(y - FRAME.height / 2, x - FRAME.width / 2) for x, y in centres]
    steps = [(b - a) % (2 * math.pi) for a, b in pairwise([*turns, turns[0]])]
    assert all(0 < step < math.pi / 2 for step in steps), "clockwise, once round"
    zero = "".join("".join(t.itertext()) for t in cells[0].iter(f"{SVG}text"))
    assert "60, 120" in zero, "the Zero Space is also 60, 120: the laps"
    assert "go round again" in " ".join("".join(t.itertext()) for t in track.iter(f"{SVG}text"))


def test_scores_are_marked_on_the_track_with_their_laps() -> None:
    root = _parse(render_svg(BOARD, {"fame": [7, 61, 130, -3]}))
    markers = _classed(root, "fame-marker")
    found = [(m.get("data-seat"), m.get("data-fame"), m.get("data-lap")) for m in markers]
    assert sorted(found) == [("0", "7", "0"), ("1", "61", "1"), ("2", "130", "2"), ("3", "-3", "0")]
    cells = {g.get("data-fame"): g for g in _classed(root, "fame-space")}
    for marker in markers:
        score = max(0, int(marker.get("data-fame", 0))) % 60
        rect = cells[str(score)].find(f"{SVG}rect")
        circle = marker.find(f"{SVG}circle")
        assert rect is not None
        assert circle is not None
        assert float(rect.get("x", 0)) <= float(circle.get("cx", 0))
        assert float(circle.get("cx", 0)) <= float(rect.get("x", 0)) + float(rect.get("width", 0))


def test_the_price_ring_shows_the_toadstools_clockwise_from_the_marketplace() -> None:
    root = _parse(render_svg(BOARD))
    ring = _by_id(root, "price-ring")
    toadstools = _classed(ring, "toadstool")
    assert [
        (int(t.get("data-coins", 0)), int(t.get("data-dust", 0)), int(t.get("data-max", 0)))
        for t in toadstools
    ] == [(t.coins, t.dust, t.max) for t in parts.TOADSTOOLS]
    assert [t.get("data-toadstool") for t in toadstools] == [str(k) for k in range(8)]
    centres = []
    for toadstool in toadstools:
        circle = toadstool.find(f"{SVG}circle")
        assert circle is not None
        centres.append(_units(float(circle.get("cx", 0)), float(circle.get("cy", 0))))
    market = BOARD.spaces[BOARD.marketplace]
    near = [math.dist(c, (market.x, market.y)) for c in centres]
    assert near.index(min(near)) == 0, "the pixie starts on the toadstool by the entrance"
    assert min(near) < 10, "beside the entrance"
    cx, cy = BOARD.drawing.price_ring
    for centre in centres:
        assert math.dist(centre, (cx, cy)) == pytest.approx(BOARD.drawing.price_ring_radius, 0.01)
    turns = [math.atan2(y - cy, x - cx) for x, y in centres]
    steps = [(b - a) % (2 * math.pi) for a, b in pairwise(turns)]
    assert all(step == pytest.approx(2 * math.pi / 8) for step in steps), "evenly, clockwise"
    for toadstool, price in zip(toadstools, parts.TOADSTOOLS, strict=True):
        words = " ".join("".join(t.itertext()) for t in toadstool.iter(f"{SVG}text"))
        assert f"{price.coins}→{price.dust}" in words
        assert f"≤{price.max}" in words
    pixie = _by_id(_parse(render_svg(BOARD, {"forest_pixie": 3})), "overlay-forest-pixie")
    circle = pixie.find(f"{SVG}circle")
    assert circle is not None
    assert _units(float(circle.get("cx", 0)), float(circle.get("cy", 0))) == pytest.approx(
        centres[3]
    )


def test_the_courtyard_and_the_seals_are_drawn_at_the_castle_clear_of_the_spaces() -> None:
    root = _parse(render_svg(BOARD, {"courtyard": 5, "seals": 3}))
    castle = BOARD.spaces[BOARD.castle]
    for name, point in (
        ("courtyard", BOARD.drawing.courtyard),
        ("seal-stack", BOARD.drawing.seals),
    ):
        group = _by_id(root, name)
        assert math.dist(point, (castle.x, castle.y)) < 14, f"the {name} is at the castle"
        for space in BOARD.spaces.values():
            assert math.dist(point, (space.x, space.y)) > 6, (name, space.id)
        shapes = [*group.iter(f"{SVG}rect"), *group.iter(f"{SVG}ellipse")]
        x = float(shapes[0].get("x", shapes[0].get("cx", 0)))
        x += float(shapes[0].get("width", 0)) / 2
        assert _units(x, 0)[0] == pytest.approx(point[0], abs=0.5)
    assert len(list(_by_id(root, "overlay-courtyard").iter(f"{SVG}rect"))) == 5
    assert len(_classed(_by_id(root, "overlay-seals"), "seal")) == 3


def _route_points(root: ET.Element) -> list[tuple[float, float]]:
    d = _by_id(root, "taxi-route").get("d", "")
    return [_units(float(x), float(y)) for x, y in re.findall(r"[ML](-?[\d.]+),(-?[\d.]+)", d)]


def test_the_taxi_flies_from_stop_to_stop_through_its_waypoints() -> None:
    root = _parse(render_svg(BOARD))
    drawn = _route_points(root)
    expected = [(BOARD.spaces[BOARD.taxi_route[0]].x, BOARD.spaces[BOARD.taxi_route[0]].y)]
    for k, via in enumerate(BOARD.drawing.taxi_hops):
        stop = BOARD.spaces[BOARD.taxi_route[(k + 1) % len(BOARD.taxi_route)]]
        expected += [*via, (stop.x, stop.y)]
    assert drawn == [pytest.approx(p, abs=0.02) for p in expected]
    stops = [BOARD.spaces[s] for s in BOARD.taxi_route]
    visited = [j for p in drawn for j, s in enumerate(stops) if math.dist(p, (s.x, s.y)) < 0.05]
    assert visited == [*range(len(stops)), 0], "the stops in route order, round to the first"
    for stop in _classed(root, "taxi-stop"):
        space = BOARD.spaces[BOARD.taxi_route[int(stop.get("data-stop", 0)) - 1]]
        ring = stop.find(f"{SVG}circle")
        assert ring is not None
        assert _units(float(ring.get("cx", 0)), float(ring.get("cy", 0))) == pytest.approx(
            (space.x, space.y)
        )


def test_the_taxi_passes_no_space_but_its_stops_and_runs_along_no_link() -> None:
    hops = reference.taxi_hops(BOARD)
    links = [
        (BOARD.spaces[a], BOARD.spaces[b]) for a, o in BOARD.neighbours.items() for b in o if a < b
    ]
    for k, hop in enumerate(hops):
        ends = {BOARD.taxi_route[k], BOARD.taxi_route[(k + 1) % len(hops)]}
        for a, b in pairwise(hop):
            for space in BOARD.spaces.values():
                if space.id not in ends:
                    gap = _segment_distance((space.x, space.y), a, b)
                    assert gap >= CLEARANCE[space.kind], (k + 1, space.id, round(gap, 2))
            for p, q in links:
                shared = {(p.x, p.y), (q.x, q.y)} & {a, b}
                if shared:  # the hop leaves or reaches a stop the link leaves too
                    (stop,) = shared
                    out = b if a == stop else a
                    other = (q.x, q.y) if (p.x, p.y) == stop else (p.x, p.y)
                    way = (out[0] - stop[0], out[1] - stop[1])
                    link = (other[0] - stop[0], other[1] - stop[1])
                    cos = (way[0] * link[0] + way[1] * link[1]) / (
                        math.hypot(*way) * math.hypot(*link)
                    )
                    assert cos < math.cos(math.radians(30)), ("leaves along a link", k + 1, p.id)
                    continue
                u, v = (b[0] - a[0], b[1] - a[1]), (q.x - p.x, q.y - p.y)
                close = min(
                    _segment_distance(point, a, b)
                    for point in [(p.x + t / 20 * v[0], p.y + t / 20 * v[1]) for t in range(21)]
                )
                if close < 1.0:
                    assert _angle(u, v) >= 30, ("runs along a link", k + 1, p.id, q.id)


def test_the_taxi_arrows_point_along_each_hop_to_the_next_stop() -> None:
    root = _parse(render_svg(BOARD))
    arrows = _classed(root, "taxi-arrow")
    route = BOARD.taxi_route
    hops = reference.taxi_hops(BOARD)
    assert {(a.get("data-from"), a.get("data-to")) for a in arrows} == {
        (route[k], route[(k + 1) % len(route)]) for k in range(len(route))
    }
    for arrow in arrows:
        hop = hops[route.index(arrow.get("data-from", ""))]
        tip, *wings = [
            _units(float(x), float(y))
            for x, y in re.findall(r"(-?[\d.]+),(-?[\d.]+)", arrow.get("points", ""))
        ]
        base = ((wings[0][0] + wings[1][0]) / 2, (wings[0][1] + wings[1][1]) / 2)
        a, b = min(pairwise(hop), key=lambda s: _segment_distance(base, *s))
        assert _segment_distance(base, a, b) < 1.5, "on its hop"
        heading = (tip[0] - base[0], tip[1] - base[1])
        way = (b[0] - a[0], b[1] - a[1])
        cos = (heading[0] * way[0] + heading[1] * way[1]) / (
            math.hypot(*heading) * math.hypot(*way)
        )
        assert cos > 0.99, "pointing to the next stop"


def test_an_empty_mushroom_space_looks_unlike_one_holding_a_mushroom() -> None:
    static = _parse(render_svg(BOARD))
    assert not _classed(static, "face-down-mushroom")
    assert not _classed(static, "mushroom-token")
    for space_id in BOARD.mushroom_spaces:
        group = _by_id(static, f"space-{space_id}")
        spots = _classed(group, "mushroom-spot")
        assert len(spots) == 1
        space = BOARD.spaces[space_id]
        assert _units(float(spots[0].get("cx", 0)), float(spots[0].get("cy", 0))) == pytest.approx(
            (space.x, space.y)
        )
        assert "empty" in "".join(group.find(f"{SVG}title").itertext())  # type: ignore[union-attr]
    live = _parse(render_svg(BOARD, {"mushrooms": ["forest-2", "plains-1", "forest-2"]}))
    tokens = {g.get("data-space"): g for g in _classed(live, "face-down-mushroom")}
    assert sorted(tokens) == ["forest-2", "plains-1"]
    assert (tokens["forest-2"].get("data-count"), tokens["plains-1"].get("data-count")) == (
        "2",
        "1",
    )
    for space_id, token in tokens.items():
        assert _classed(token, "mushroom-token")
        rect = token.find(f".//{SVG}rect")
        assert rect is not None
        x = float(rect.get("x", 0)) + float(rect.get("width", 0)) / 2
        assert _units(x, 0)[0] == pytest.approx(BOARD.spaces[space_id].x), "drawn on its spot"


def test_the_overlay_of_a_view_draws_what_is_public_the_same_for_every_viewer() -> None:
    from tests.games.wizards_wanted.tables import game, table

    state = table(players=3)
    state["board_mushrooms"] = {
        "forest-2": [state["mushroom_pile"].pop(), state["mushroom_pile"].pop()]
    }
    state["players"][1]["fame"] = 64
    overlay = board_svg.overlay_of(game.view(state, None))
    assert overlay["mushrooms"] == ["forest-2", "forest-2"]
    assert overlay["wizards"] == {"village-1": [0, 1, 2]}
    assert overlay["fame"] == [0, 64, 0]
    assert (overlay["courtyard"], overlay["seals"]) == (5, 3)
    drawings = {
        render_svg(BOARD, board_svg.overlay_of(game.view(state, s))) for s in (None, 0, 1, 2)
    }
    assert len(drawings) == 1
