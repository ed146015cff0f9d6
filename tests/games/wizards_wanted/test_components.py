"""Wizards Wanted components: the shipped data (counts, balance, backs, economy), the 19
licences met and not met against an independent reading of the rulebook, and every rule the
load checks, each broken in a copy of the data files that must be refused with its own code."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from collections.abc import Callable, Mapping
from itertools import combinations, pairwise, permutations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.data_cases import Broken, assert_load_refused, removed
from wordsvc.games.wizards_wanted import components as parts
from wordsvc.games.wizards_wanted.components import Holdings, Requirements
from wordsvc.games.wizards_wanted.magic import ICONS, TERRAINS

SPACES = [f"{terrain}-{n}" for terrain in TERRAINS for n in range(1, 5)]


# ---------------------------------------------------------------------------------------------
# The shipped data.


def test_the_shipped_data_loads_with_the_rulebook_counts() -> None:
    assert len(parts.JOBS) == 34
    assert len(parts.LICENCES) == 19
    assert len(parts.MUSHROOMS) == 28
    assert len(parts.SEALS) == 5
    assert sum(parts.CHARMS.values()) == 16
    assert dict.fromkeys(ICONS, parts.CHARMS_PER_CORNER) == parts.CHARMS
    assert parts.deck() == list(parts.JOBS)
    assert parts.deck() is not parts.deck()  # a fresh list: the engine shuffles it


def test_the_rulebook_constants() -> None:
    assert (parts.STARTING_DUST, parts.DUST_CAP, parts.WALK_LIMIT) == (30, 100, 5)
    assert dict(parts.WALK_COST) == {0: 0, 1: -5, 2: 0, 3: 3, 4: 6, 5: 10}
    assert (parts.TAXI_FARE, parts.TELEPORT_COST, parts.LICENCE_FAME) == (2, 10, 3)
    assert (parts.MERCHANT_FEE, parts.TWO_PLAYER_REMOVED, parts.INSPECTOR_DEPTH) == (1, 7, 4)
    assert (parts.REFRESH_AT, parts.CHARMS_PER_CORNER, parts.WEALTH_COINS_PER_FAME) == (3, 4, 2)
    assert parts.STARTING_CHARMS == ICONS
    assert parts.INSPECTOR_ID == "royal-inspector"


@pytest.mark.parametrize(("count", "fame"), [(0, 0), (1, 0), (2, 1), (3, 3), (4, 6), (9, 6)])
def test_the_experience_bonus_table(count: int, fame: int) -> None:
    assert parts.experience(count) == fame


def test_a_negative_icon_count_is_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        parts.experience(-1)


def test_the_mushroom_spaces_are_the_boards_twelve() -> None:
    assert list(parts.MUSHROOM_SPACES) == SPACES
    assert SPACES[0] == "mountains-1"
    assert SPACES[-1] == "plains-4"


def test_every_mushroom_space_is_named_by_some_back() -> None:
    named = Counter(job.back.mushroom_space for job in parts.JOBS.values())
    assert set(named) == set(SPACES)
    assert max(named.values()) <= 4  # spread, none a hot spot
    by_terrain = Counter(space.rpartition("-")[0] for space in named.elements())
    assert all(10 <= by_terrain[t] <= 13 for t in TERRAINS)


def test_about_a_third_of_the_backs_move_a_pixie() -> None:
    pixies = Counter(job.back.pixie for job in parts.JOBS.values())
    assert pixies == {None: 22, "forest": 6, "mountain": 6}


def test_the_inspector_looks_like_a_job_from_behind() -> None:
    back = parts.INSPECTOR_BACK
    assert back.pixie is None
    assert back.mushroom_space in SPACES
    assert sum(job.back == back for job in parts.JOBS.values()) >= 2
    assert parts.back_of(parts.INSPECTOR_ID) == back


def test_no_back_names_its_card() -> None:
    backs = Counter([job.back for job in parts.JOBS.values()] + [parts.INSPECTOR_BACK])
    assert min(backs.values()) >= 2


def test_back_of_a_job_and_of_no_card() -> None:
    job = parts.JOBS["soothe-the-grumpy-troll"]
    assert parts.back_of(job.id) == job.back
    with pytest.raises(KeyError, match="no spell job"):
        parts.back_of("slay-the-dragon")


def test_the_icons_are_balanced() -> None:
    icons = Counter(icon for job in parts.JOBS.values() for icon in job.icons)
    assert icons == dict.fromkeys(ICONS, 9)
    by_count = Counter(len(job.icons) for job in parts.JOBS.values())
    assert by_count == {0: 4, 1: 24, 2: 6}
    pairs = {frozenset(job.icons) for job in parts.JOBS.values() if len(job.icons) == 2}
    assert pairs == {frozenset(pair) for pair in combinations(ICONS, 2)}  # each pair once
    magic = Counter(m.icon for m in parts.MUSHROOMS.values() if m.type == "magic")
    assert magic == dict.fromkeys(ICONS, 2)


def test_the_jobs_have_stable_kebab_ids_and_names() -> None:
    for job_id, job in parts.JOBS.items():
        assert job.id == job_id
        assert re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", job_id)
        assert job.name[0].isupper()
    assert len({job.name for job in parts.JOBS.values()}) == 34


def test_fame_and_coins_rise_with_cost() -> None:
    costs = [job.cost for job in parts.JOBS.values()]
    assert min(costs) == 10
    assert max(costs) == 60
    assert all(cost % 5 == 0 for cost in costs)
    for size in (0, 1, 2):
        jobs = sorted(
            (j for j in parts.JOBS.values() if len(j.icons) == size), key=lambda j: j.cost
        )
        for cheap, dear in pairwise(jobs):
            assert cheap.fame <= dear.fame, (cheap.id, dear.id)
            assert cheap.coins <= dear.coins, (cheap.id, dear.id)


def test_the_rulebook_charm_example_card_exists() -> None:
    """ "a spell job card worth 2 fame and 2 coins that has an animal icon and an illusion icon"."""
    assert any(
        (job.fame, job.coins, set(job.icons)) == (2, 2, {"animal", "illusion"})
        for job in parts.JOBS.values()
    )


def test_the_economy_is_sane() -> None:
    jobs = list(parts.JOBS.values())
    mean_cost = sum(j.cost for j in jobs) / len(jobs)
    mean_coins = sum(j.coins for j in jobs) / len(jobs)
    ring = parts.TOADSTOOLS
    dust_per_coin = sum(t.dust / t.coins for t in ring) / len(ring)
    assert 30 <= mean_cost <= 36
    # a job's coins buy back about half its dust at the average price
    assert 0.4 <= mean_coins * dust_per_coin / mean_cost <= 0.6
    # a wizard's 30 starting dust pays for any of the cheaper half of the jobs
    assert sum(j.cost <= parts.STARTING_DUST for j in jobs) >= 10
    assert all(0.05 <= j.fame / j.cost <= 0.2 for j in jobs)


def test_the_mushroom_mix() -> None:
    kinds = Counter(
        (m.type, m.value if m.value is not None else m.icon) for m in parts.MUSHROOMS.values()
    )
    expected: dict[tuple[str, int | str | None], int] = {
        ("speed", 2): 3,
        ("speed", 3): 3,
        ("teleport", None): 4,
        ("dust", 10): 4,
        ("dust", 20): 2,
        ("coin", 2): 2,
        ("coin", 3): 2,
        **{("magic", icon): 2 for icon in ICONS},
    }
    assert kinds == expected
    for token_id, token in parts.MUSHROOMS.items():
        assert token.id == token_id
        design = "-".join(str(p) for p in (token.type, token.value, token.icon) if p is not None)
        assert re.fullmatch(rf"{design}-[a-z]", token_id)
    assert "speed-2-a" in parts.MUSHROOMS
    assert "magic-nature-b" in parts.MUSHROOMS


def test_the_seals_include_the_rulebook_example() -> None:
    values = sorted(parts.SEALS.values())
    assert values == [2, 3, 4, 5, 6]
    assert {2, 5} <= set(values)  # "show a -2 and a -5"
    assert min(values) >= 1  # penalties are positive numbers


def test_the_price_ring() -> None:
    ring = parts.TOADSTOOLS
    assert len(ring) == 8
    assert ring[0] == parts.Toadstool(coins=1, dust=5, max=30)  # by the entrance
    rates = [t.dust / t.coins for t in ring]
    mean = sum(rates) / len(rates)
    cheap = [rate > mean for rate in rates]
    assert cheap[1::2] == [False] * 4
    assert cheap[2::2] == [True] * 3
    for toadstool in ring:
        assert 20 <= toadstool.max <= 50
        assert toadstool.max % toadstool.dust == 0  # the maximum is a whole number of lots


def test_the_data_is_read_only() -> None:
    with pytest.raises(TypeError):
        parts.JOBS["x"] = parts.JOBS["soothe-the-grumpy-troll"]  # type: ignore[index]
    with pytest.raises(AttributeError):
        parts.JOBS["soothe-the-grumpy-troll"].cost = 1  # type: ignore[misc]


# ---------------------------------------------------------------------------------------------
# The licences.


def H(
    *,
    dust: int = 0,
    coins: int = 0,
    jobs: int = 0,
    mushrooms: int = 0,
    icons: Mapping[str, int] | None = None,
    charms: Mapping[str, int] | None = None,
) -> Holdings:
    return Holdings(dust, coins, jobs, mushrooms, dict(icons or {}), dict(charms or {}))


EACH = dict.fromkeys(ICONS, 1)

#: Each licence, the rulebook's order, with its requirement written out independently.
EXPECTED: dict[str, Requirements] = {
    "mushrooms-3": Requirements(mushrooms=3),
    "nature-icons-2-mushrooms-2": Requirements(icons={"nature": 2}, mushrooms=2),
    "dust-70": Requirements(dust=70),
    "dust-100": Requirements(dust=100),
    "coins-10": Requirements(coins=10),
    "coins-7": Requirements(coins=7),
    "same-type-icons-4": Requirements(same_type_icons=4),
    "same-type-icons-5": Requirements(same_type_icons=5),
    "icon-sets-3-2": Requirements(icon_sets=(3, 2)),
    "icon-sets-3-3": Requirements(icon_sets=(3, 3)),
    "jobs-5": Requirements(jobs=5),
    "jobs-7": Requirements(jobs=7),
    "animal-icons-2-dust-50": Requirements(icons={"animal": 2}, dust=50),
    "illusion-icons-2-coins-5": Requirements(icons={"illusion": 2}, coins=5),
    "each-icon-type": Requirements(each_icon_type=True),
    "each-charm-type": Requirements(each_charm_type=True),
    "charm-tokens-4": Requirements(charm_tokens=4),
    "energy-icons-2-energy-charms-2": Requirements(
        icons={"energy": 2}, charm_tokens_of={"energy": 2}
    ),
    "a-little-of-everything": Requirements(jobs=2, charm_tokens=2, coins=2, dust=50, mushrooms=2),
}


def _pair(h: Holdings, a: int, b: int) -> bool:
    return any(h.icons.get(x, 0) >= a and h.icons.get(y, 0) >= b for x, y in permutations(ICONS, 2))


#: A naive reference, licence by licence, straight from the rulebook's sentences.
REFERENCE: dict[str, Callable[[Holdings], bool]] = {
    "mushrooms-3": lambda h: h.mushrooms >= 3,
    "nature-icons-2-mushrooms-2": lambda h: h.icons.get("nature", 0) >= 2 and h.mushrooms >= 2,
    "dust-70": lambda h: h.dust >= 70,
    "dust-100": lambda h: h.dust >= 100,
    "coins-10": lambda h: h.coins >= 10,
    "coins-7": lambda h: h.coins >= 7,
    "same-type-icons-4": lambda h: any(h.icons.get(t, 0) >= 4 for t in ICONS),
    "same-type-icons-5": lambda h: any(h.icons.get(t, 0) >= 5 for t in ICONS),
    "icon-sets-3-2": lambda h: _pair(h, 3, 2),
    "icon-sets-3-3": lambda h: _pair(h, 3, 3),
    "jobs-5": lambda h: h.jobs >= 5,
    "jobs-7": lambda h: h.jobs >= 7,
    "animal-icons-2-dust-50": lambda h: h.icons.get("animal", 0) >= 2 and h.dust >= 50,
    "illusion-icons-2-coins-5": lambda h: h.icons.get("illusion", 0) >= 2 and h.coins >= 5,
    "each-icon-type": lambda h: all(h.icons.get(t, 0) >= 1 for t in ICONS),
    "each-charm-type": lambda h: all(h.charm_tokens.get(t, 0) >= 1 for t in ICONS),
    "charm-tokens-4": lambda h: sum(h.charm_tokens.values()) >= 4,
    "energy-icons-2-energy-charms-2": lambda h: (
        h.icons.get("energy", 0) >= 2 and h.charm_tokens.get("energy", 0) >= 2
    ),
    "a-little-of-everything": lambda h: (
        h.jobs >= 2
        and sum(h.charm_tokens.values()) >= 2
        and h.coins >= 2
        and h.dust >= 50
        and h.mushrooms >= 2
    ),
}

#: Each licence: holdings that just meet it, and holdings just short in each requirement.
CASES: dict[str, tuple[Holdings, list[Holdings]]] = {
    "mushrooms-3": (H(mushrooms=3), [H(mushrooms=2)]),
    "nature-icons-2-mushrooms-2": (
        H(mushrooms=2, icons={"nature": 2}),  # two nature mushrooms count for both
        [H(mushrooms=1, icons={"nature": 2}), H(mushrooms=2, icons={"nature": 1, "animal": 5})],
    ),
    "dust-70": (H(dust=70), [H(dust=69, coins=99)]),
    "dust-100": (H(dust=100), [H(dust=99)]),
    "coins-10": (H(coins=10), [H(coins=9, dust=100)]),
    "coins-7": (H(coins=7), [H(coins=6)]),
    "same-type-icons-4": (
        H(icons={"illusion": 4}),
        [H(icons={"illusion": 3, "animal": 3, "energy": 3, "nature": 3})],
    ),
    "same-type-icons-5": (H(icons={"animal": 5, "energy": 1}), [H(icons={"animal": 4})]),
    "icon-sets-3-2": (
        H(icons={"energy": 2, "nature": 3}),
        [H(icons={"energy": 2, "nature": 2, "animal": 2}), H(icons={"nature": 9, "energy": 1})],
    ),
    "icon-sets-3-3": (
        H(icons={"animal": 3, "illusion": 3}),
        [H(icons={"animal": 3, "illusion": 2, "energy": 2}), H(icons={"animal": 6})],
    ),
    "jobs-5": (H(jobs=5), [H(jobs=4)]),
    "jobs-7": (H(jobs=7), [H(jobs=6)]),
    "animal-icons-2-dust-50": (
        H(icons={"animal": 2}, dust=50),
        [H(icons={"animal": 1, "energy": 4}, dust=50), H(icons={"animal": 2}, dust=49)],
    ),
    "illusion-icons-2-coins-5": (
        H(icons={"illusion": 2}, coins=5),
        [H(icons={"illusion": 1}, coins=5), H(icons={"illusion": 2}, coins=4)],
    ),
    "each-icon-type": (H(icons=EACH), [H(icons={**EACH, "energy": 0, "animal": 4})]),
    "each-charm-type": (
        H(charms=EACH),
        [H(charms={"animal": 3, "energy": 1, "nature": 1}, icons=EACH)],
    ),
    "charm-tokens-4": (H(charms={"nature": 3, "animal": 1}), [H(charms={"nature": 3})]),
    "energy-icons-2-energy-charms-2": (
        H(icons={"energy": 2}, charms={"energy": 2}),
        [
            H(icons={"energy": 1}, charms={"energy": 2}),
            H(icons={"energy": 2}, charms={"energy": 1, "animal": 3}),
        ],
    ),
    "a-little-of-everything": (
        H(jobs=2, charms={"animal": 1, "energy": 1}, coins=2, dust=50, mushrooms=2),
        [
            H(jobs=1, charms={"animal": 1, "energy": 1}, coins=2, dust=50, mushrooms=2),
            H(jobs=2, charms={"animal": 1}, coins=2, dust=50, mushrooms=2),
            H(jobs=2, charms={"animal": 1, "energy": 1}, coins=1, dust=50, mushrooms=2),
            H(jobs=2, charms={"animal": 1, "energy": 1}, coins=2, dust=49, mushrooms=2),
            H(jobs=2, charms={"animal": 1, "energy": 1}, coins=2, dust=50, mushrooms=1),
        ],
    ),
}


def test_the_licences_are_the_rulebooks_nineteen_in_order() -> None:
    assert list(parts.LICENCES) == list(EXPECTED) == list(REFERENCE) == list(CASES)
    for licence_id, licence in parts.LICENCES.items():
        assert licence.id == licence_id
        assert licence.requires == EXPECTED[licence_id]
        assert licence.text_en.startswith("You must ")


def test_each_licence_text_carries_its_numbers() -> None:
    for licence in parts.LICENCES.values():
        req = licence.requires
        numbers = [req.mushrooms, req.dust, req.coins, req.jobs, req.same_type_icons]
        numbers += [req.charm_tokens, *req.icons.values(), *req.charm_tokens_of.values()]
        numbers += list(req.icon_sets or ())
        for n in numbers:
            if n:
                assert re.search(rf"\b{n}\b", licence.text_en), (licence.id, n)
        for kind in [*req.icons, *req.charm_tokens_of]:
            assert kind in licence.text_en
        if "starting charm" in licence.text_en:
            assert req.charm_tokens or req.each_charm_type or req.charm_tokens_of


@pytest.mark.parametrize("licence_id", list(CASES))
def test_each_licence_met_and_just_short(licence_id: str) -> None:
    licence = parts.LICENCES[licence_id]
    meeting, shorts = CASES[licence_id]
    assert parts.meets(licence, meeting)
    assert parts.shortfall(licence, meeting) == []
    assert REFERENCE[licence_id](meeting)
    for short in shorts:
        assert not parts.meets(licence, short), short
        assert not REFERENCE[licence_id](short), short
        assert len(parts.shortfall(licence, short)) == 1, short  # just one thing missing


def test_the_shortfall_says_what_is_missing() -> None:
    everything = parts.LICENCES["a-little-of-everything"]
    assert parts.shortfall(everything, H(jobs=2, coins=1, dust=50, mushrooms=2)) == [
        "1 more coin (2 needed, 1 held)",
        "2 more charm tokens (2 needed, 0 held); the starting charm is not a token",
    ]
    each = parts.LICENCES["each-icon-type"]
    assert parts.shortfall(each, H(icons={"animal": 2, "nature": 1})) == [
        "an icon of each type (none held of energy, illusion)"
    ]
    sets = parts.LICENCES["icon-sets-3-2"]
    assert parts.shortfall(sets, H(icons={"animal": 5, "nature": 1})) == [
        "a set of 3 icons of one type and another of 2 of a different type "
        "(the two largest held: 5 and 1)"
    ]


def test_nobody_meets_a_licence_with_nothing() -> None:
    nothing = H()
    assert not any(parts.meets(licence, nothing) for licence in parts.LICENCES.values())


def test_only_known_icons_count_for_one_type() -> None:
    same = parts.LICENCES["same-type-icons-4"]
    assert not parts.meets(same, H(icons={"fire": 9}))


_counts = st.integers(min_value=0, max_value=6)
_by_type = st.dictionaries(st.sampled_from(ICONS), _counts)
_holdings = st.builds(
    Holdings,
    dust=st.integers(min_value=0, max_value=120),
    coins=st.integers(min_value=0, max_value=14),
    jobs=st.integers(min_value=0, max_value=9),
    mushrooms=st.integers(min_value=0, max_value=5),
    icons=_by_type,
    charm_tokens=st.dictionaries(st.sampled_from(ICONS), st.integers(min_value=0, max_value=3)),
)


@settings(max_examples=400, deadline=None)
@given(holdings=_holdings)
def test_meets_agrees_with_shortfall_and_the_reference(holdings: Holdings) -> None:
    for licence_id, licence in parts.LICENCES.items():
        met = parts.meets(licence, holdings)
        assert met == (parts.shortfall(licence, holdings) == [])
        assert met == REFERENCE[licence_id](holdings)


# ---------------------------------------------------------------------------------------------
# The load checks.

FILES = (parts.JOBS_FILE, parts.LICENCES_FILE, parts.COMPONENTS_FILE)
ORIGINAL = {name: (parts.DATA_DIR / name).read_text(encoding="utf-8") for name in FILES}
Edit = Callable[[str], str]


def _replace(old: str, new: str, count: int = 1) -> Edit:
    def edit(text: str) -> str:
        assert old in text, old
        return text.replace(old, new, count)

    return edit


def _in_block(marker: str, old: str, new: str) -> Edit:
    """Replace ``old`` with ``new`` in the first block (between blank lines) holding ``marker``."""

    def edit(text: str) -> str:
        blocks = text.split("\n\n")
        n = next(i for i, block in enumerate(blocks) if marker in block)
        assert old in blocks[n], (marker, old)
        blocks[n] = blocks[n].replace(old, new, 1)
        return "\n\n".join(blocks)

    return edit


def _drop_block(marker: str) -> Edit:
    def edit(text: str) -> str:
        blocks = text.split("\n\n")
        return "\n\n".join(b for b in blocks if marker not in b)

    return edit


def _append(extra: str) -> Edit:
    return lambda text: text + "\n" + extra + "\n"


TROLL = 'id = "soothe-the-grumpy-troll"'
INSPECTOR = (
    '[inspector]\nname = "The Royal Inspector"\nname_uk = "Королівський інспектор"\n'
    'mushroom_space = "forest-4"'
)
SWEEP = 'id = "sweep-the-tower-chimney"'  # mountains-4, mountain pixie
ANIMAL_MAGIC = 'icon = "animal"'

BROKEN: dict[str, Broken] = {
    "jobs not TOML": Broken("unreadable", _append("[[job]"), file="jobs.toml"),
    "components not TOML": Broken("unreadable", _append("seals = 1 = 2"), file="components.toml"),
    "licences not TOML": Broken("unreadable", lambda _: "\0", file="licences.toml"),
    "job cost 0": Broken(
        "bad_value",
        _in_block(TROLL, "cost = 25", "cost = 0"),
        {"entry": "job 'soothe-the-grumpy-troll'", "field": "cost", "value": 0},
        file="jobs.toml",
    ),
    "job cost a string": Broken(
        "bad_value", _in_block(TROLL, "cost = 25", 'cost = "25"'), file="jobs.toml"
    ),
    "job fame a bool": Broken(
        "bad_value", _in_block(TROLL, "fame = 3", "fame = true"), file="jobs.toml"
    ),
    "job id not kebab": Broken(
        "bad_value", _replace(TROLL, 'id = "Soothe the Troll"'), file="jobs.toml"
    ),
    "job name empty": Broken(
        "bad_value",
        _in_block(TROLL, 'name = "Soothe the Grumpy Troll"', 'name = " "'),
        file="jobs.toml",
    ),
    "job three icons": Broken(
        "bad_value",
        _in_block(TROLL, 'icons = ["animal"]', 'icons = ["animal", "energy", "nature"]'),
        file="jobs.toml",
    ),
    "job icon twice": Broken(
        "bad_value",
        _in_block(TROLL, 'icons = ["animal"]', 'icons = ["animal", "animal"]'),
        file="jobs.toml",
    ),
    "job pixie unknown": Broken(
        "bad_value", _in_block(SWEEP, 'pixie = "mountain"', 'pixie = "giant"'), file="jobs.toml"
    ),
    "jobs not a list": Broken(
        "bad_value", lambda t: "job = 3\n" + t.split("[[job]]")[0], file="jobs.toml"
    ),
    "inspector not a table": Broken(
        "bad_value",
        _replace(
            INSPECTOR,
            'inspector = "yes"',
        ),
        file="jobs.toml",
    ),
    "job without fame": Broken(
        "missing_field", _in_block(TROLL, "fame = 3\n", ""), file="jobs.toml"
    ),
    "no inspector": Broken(
        "missing_field",
        _replace(INSPECTOR, ""),
        file="jobs.toml",
    ),
    "inspector without name": Broken(
        "missing_field", _replace('name = "The Royal Inspector"\n', ""), file="jobs.toml"
    ),
    "job with a colour": Broken(
        "unknown_field",
        _in_block(TROLL, "fame = 3", 'fame = 3\ncolour = "green"'),
        {"entry": "job 'soothe-the-grumpy-troll'", "fields": ["colour"]},
        file="jobs.toml",
    ),
    "job twice": Broken(
        "duplicate_card", _replace('id = "wake-the-sleepy-oak"', TROLL), file="jobs.toml"
    ),
    "job named as the inspector": Broken(
        "duplicate_card", _replace(TROLL, 'id = "royal-inspector"'), file="jobs.toml"
    ),
    "33 jobs": Broken("counts", _drop_block(TROLL), file="jobs.toml"),
    "job icon unknown": Broken(
        "unknown_icon", _in_block(TROLL, 'icons = ["animal"]', 'icons = ["fire"]'), file="jobs.toml"
    ),
    "back names a swamp": Broken(
        "unknown_space", _in_block(SWEEP, '"mountains-4"', '"swamp-1"'), file="jobs.toml"
    ),
    "inspector in forest 5": Broken(
        "unknown_space",
        _replace('mushroom_space = "forest-4"', 'mushroom_space = "forest-5"'),
        file="jobs.toml",
    ),
    "inspector with a pixie": Broken(
        "inspector_back",
        _replace('mushroom_space = "forest-4"', 'mushroom_space = "forest-4"\npixie = "forest"'),
        file="jobs.toml",
    ),
    "inspector back like no job": Broken(
        "inspector_back",
        _replace('mushroom_space = "forest-4"', 'mushroom_space = "plains-4"'),
        file="jobs.toml",
    ),
    "no back names plains-1": Broken(
        "unnamed_space",
        _replace('mushroom_space = "plains-1"', 'mushroom_space = "plains-3"', 99),
        file="jobs.toml",
    ),
    "a back only one card shows": Broken(
        "telling_back", _in_block(SWEEP, '"mountains-4"', '"mountains-2"'), file="jobs.toml"
    ),
    "licence each_icon_type false": Broken(
        "bad_value",
        _replace("requires = { each_icon_type = true }", "requires = { each_icon_type = false }"),
        file="licences.toml",
    ),
    "licence icon_sets backwards": Broken(
        "bad_value", _replace("icon_sets = [3, 2]", "icon_sets = [2, 3]"), file="licences.toml"
    ),
    "licence icon_sets of three": Broken(
        "bad_value", _replace("icon_sets = [3, 2]", "icon_sets = [3, 2, 1]"), file="licences.toml"
    ),
    "licence requires nothing": Broken(
        "bad_value", _replace("requires = { mushrooms = 3 }", "requires = {}"), file="licences.toml"
    ),
    "licence icons not a table": Broken(
        "bad_value", _replace("icons = { nature = 2 }", "icons = 2"), file="licences.toml"
    ),
    "licence dust 0": Broken("bad_value", _replace("dust = 70", "dust = 0"), file="licences.toml"),
    "licence id not kebab": Broken(
        "bad_value", _replace('id = "dust-70"', 'id = "Dust 70"'), file="licences.toml"
    ),
    "licence without text": Broken(
        "missing_field",
        _in_block('id = "dust-70"', 'text_en = "You must have at least 70 pixie dust."\n', ""),
        file="licences.toml",
    ),
    "licence with a picture": Broken(
        "unknown_field",
        _in_block('id = "dust-70"', 'id = "dust-70"', 'id = "dust-70"\npicture = "x.png"'),
        file="licences.toml",
    ),
    "licence twice": Broken(
        "duplicate_card", _replace('id = "coins-7"', 'id = "coins-10"'), file="licences.toml"
    ),
    "18 licences": Broken("counts", _drop_block('id = "coins-7"'), file="licences.toml"),
    "licence icon unknown": Broken(
        "unknown_icon",
        _replace("icons = { nature = 2 }", "icons = { fire = 2 }"),
        file="licences.toml",
    ),
    "licence charm type unknown": Broken(
        "unknown_icon",
        _replace("charm_tokens_of = { energy = 2 }", "charm_tokens_of = { gold = 2 }"),
        file="licences.toml",
    ),
    "licence asks for gold": Broken(
        "unknown_requirement",
        _replace("requires = { mushrooms = 3 }", "requires = { gold = 3 }"),
        {"field": "requires", "fields": ["gold"]},
        file="licences.toml",
    ),
    "mushroom type unknown": Broken(
        "bad_value", _replace('type = "teleport"', 'type = "poison"'), file="components.toml"
    ),
    "speed mushroom of 9": Broken(
        "bad_value",
        _replace("value = 3\ncount = 3", "value = 9\ncount = 3"),
        file="components.toml",
    ),
    "seal of 0": Broken("bad_value", _replace("seal-a = 2", "seal-a = 0"), file="components.toml"),
    "seal id not kebab": Broken(
        "bad_value", _replace("seal-a = 2", '"Seal A" = 2'), file="components.toml"
    ),
    "seals not a table": Broken(
        "bad_value", lambda t: "seals = 2\n" + _drop_block("[seals]")(t), file="components.toml"
    ),
    "toadstool max not whole lots": Broken(
        "bad_value",
        _replace("coins = 1\ndust = 5\nmax = 30", "coins = 1\ndust = 5\nmax = 33"),
        file="components.toml",
    ),
    "toadstool max below a lot": Broken(
        "bad_value",
        _replace("coins = 1\ndust = 5\nmax = 30", "coins = 1\ndust = 5\nmax = 4"),
        file="components.toml",
    ),
    "charms not a table": Broken(
        "bad_value", lambda t: "charms = 16\n" + _drop_block("[charms]")(t), file="components.toml"
    ),
    "mushroom without count": Broken(
        "missing_field",
        _replace('type = "teleport"\ncount = 4', 'type = "teleport"'),
        file="components.toml",
    ),
    "speed mushroom without value": Broken(
        "missing_field",
        _replace('type = "speed"\nvalue = 2\n', 'type = "speed"\n'),
        file="components.toml",
    ),
    "no seals": Broken("missing_field", _drop_block("[seals]"), file="components.toml"),
    "teleport mushroom with a value": Broken(
        "unknown_field",
        _replace('type = "teleport"', 'type = "teleport"\nvalue = 3'),
        file="components.toml",
    ),
    "mushroom design twice": Broken(
        "duplicate_card",
        _replace("value = 3\ncount = 3", "value = 2\ncount = 3"),
        file="components.toml",
    ),
    "27 mushrooms": Broken("counts", _replace("count = 4", "count = 3"), file="components.toml"),
    "4 seals": Broken("counts", _replace("seal-e = 6\n", ""), file="components.toml"),
    "3 animal charms": Broken(
        "counts", _replace("animal = 4", "animal = 3"), file="components.toml"
    ),
    "a ring of one toadstool": Broken(
        "counts",
        lambda t: (
            _drop_block("[[toadstool]]")(t) + "\n[[toadstool]]\ncoins = 1\ndust = 5\nmax = 30\n"
        ),
        file="components.toml",
    ),
    "magic mushroom icon unknown": Broken(
        "unknown_icon", _replace(ANIMAL_MAGIC, 'icon = "fire"'), file="components.toml"
    ),
    "charm type unknown": Broken(
        "unknown_icon",
        _replace("illusion = 4", "fire = 4"),
        {"entry": "[charms]", "value": "fire"},
        file="components.toml",
    ),
    "licences missing": Broken("unreadable", removed, file="licences.toml"),
    "job without its Ukrainian name": Broken(
        "missing_field",
        _in_block(TROLL, 'name_uk = "Заспокоїти буркотливого троля"\n', ""),
        {"fields": ["name_uk"]},
        file="jobs.toml",
    ),
    "inspector without its Ukrainian name": Broken(
        "missing_field",
        _replace('name_uk = "Королівський інспектор"\n', ""),
        {"entry": "the inspector"},
        file="jobs.toml",
    ),
    "licence without its Ukrainian text": Broken(
        "missing_field",
        _in_block('id = "dust-70"', 'text_uk = "Ви маєте мати щонайменше 70 пилу фей."\n', ""),
        {"fields": ["text_uk"]},
        file="licences.toml",
    ),
    "licence with an empty short title": Broken(
        "bad_value",
        _replace('short_en = "70 dust"', 'short_en = ""'),
        {"field": "short_en"},
        file="licences.toml",
    ),
    "magic named twice": Broken(
        "duplicate_card",
        _replace('type = "energy"\nname_en', 'type = "animal"\nname_en'),
        file="components.toml",
    ),
    "magic of an unknown type": Broken(
        "unknown_icon",
        _replace('type = "energy"\nname_en', 'type = "fire"\nname_en'),
        file="components.toml",
    ),
    "three types of magic named": Broken(
        "counts", _drop_block('type = "illusion"\nname_en'), file="components.toml"
    ),
    "magic without its charm's name": Broken(
        "missing_field",
        _replace('charm_uk = "оберіг природи"\n', ""),
        {"entry": "magic 'nature'", "fields": ["charm_uk"]},
        file="components.toml",
    ),
}


def _write(directory: Path, name: str | None = None, edit: Edit | None = None) -> None:
    for file_name, text in ORIGINAL.items():
        if file_name == name and edit is not None:
            text = edit(text)
        (directory / file_name).write_text(text, encoding="utf-8")


def test_the_unbroken_files_load_through_load(tmp_path: Path) -> None:
    _write(tmp_path)
    assert parts.load(tmp_path) == parts.CATALOGUE


@pytest.mark.parametrize("case", list(BROKEN))
def test_broken_data_is_refused_with_its_code(tmp_path: Path, case: str) -> None:
    assert_load_refused(parts.load, parts.DATA_DIR, BROKEN[case], tmp_path)


def test_every_job_licence_and_type_of_magic_has_its_ukrainian_text() -> None:
    cyrillic = re.compile(r"[А-ЯІЇЄҐа-яіїєґ]")
    latin = re.compile(r"[A-Za-z]")
    ukrainian = [job.name_uk for job in parts.JOBS.values()]
    ukrainian += [text for c in parts.LICENCES.values() for text in (c.text_uk, c.short_uk)]
    ukrainian += [t for m in parts.MAGIC_NAMES.values() for t in (m.name_uk, m.charm_uk)]
    ukrainian.append(parts.CATALOGUE.inspector_names[1])
    assert all(cyrillic.search(text) and not latin.search(text) for text in ukrainian)
    english = [c.short_en for c in parts.LICENCES.values()]
    english += [t for m in parts.MAGIC_NAMES.values() for t in (m.name_en, m.charm_en)]
    assert all(latin.search(text) and not cyrillic.search(text) for text in english)
    assert len({job.name_uk for job in parts.JOBS.values()}) == len(parts.JOBS)
    assert len({c.short_uk for c in parts.LICENCES.values()}) == len(parts.LICENCES)
    assert list(parts.MAGIC_NAMES) == list(ICONS)


def test_the_shipped_files_are_the_ones_loaded(tmp_path: Path) -> None:
    shutil.copytree(parts.DATA_DIR, tmp_path / "data")
    assert parts.load(tmp_path / "data").jobs == parts.JOBS
