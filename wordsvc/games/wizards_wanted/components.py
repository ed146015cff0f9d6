"""Wizards Wanted components other than the board: the 34 spell jobs and the Royal Inspector
(``data/jobs.toml``), the rulebook's 19 spell licences with a requirement checker
(``data/licences.toml``), and the mushrooms, seals, price ring and charms
(``data/components.toml``), loaded and checked at import, so that a broken data file stops
the service at start instead of a game half-way.

The rulebook's numbers are module constants; everything it leaves out is designed, as data,
and explained in ``docs/rules/wizards-wanted.md`` ("The components"). A licence's requirement
is a :class:`Requirements` from a small closed vocabulary, so that :func:`meets` and
:func:`shortfall` read data and never a licence by its name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from wordsvc.data_files import KEBAB, DataFile, Raw, codes
from wordsvc.errors import ConfigurationError
from wordsvc.games.wizards_wanted.magic import ICONS, TERRAINS

DATA_DIR = Path(__file__).resolve().parent / "data"
JOBS_FILE = "jobs.toml"
LICENCES_FILE = "licences.toml"
COMPONENTS_FILE = "components.toml"
#: The codes :func:`load` raises: the field codes, and one per rule of the three files.
DATA_ERRORS = codes(
    "duplicate_card",
    "counts",
    "unknown_icon",
    "unknown_space",
    "unknown_requirement",
    "inspector_back",
    "unnamed_space",
    "telling_back",
)

# ---------------------------------------------------------------------------------------------
# The rulebook's numbers ("Setup", "Movement", "Actions", "Ending the Game").

STARTING_DUST = 30
DUST_CAP = 100  # a wizard never holds more (dust mushrooms aside)
WALK_LIMIT = 5  # spaces walked in a turn
#: Dust paid for n spaces walked in a turn (negative: gained).
WALK_COST: Mapping[int, int] = MappingProxyType({0: 0, 1: -5, 2: 0, 3: 3, 4: 6, 5: 10})
TAXI_FARE = 2  # coins per Royal Bird Taxi hop
TELEPORT_COST = 10  # dust per teleport
LICENCE_FAME = 3
MERCHANT_FEE = 1  # coins a Pixie Dust Merchant adds to the marketplace price
TWO_PLAYER_REMOVED = 7  # jobs removed unseen in a two-player game
INSPECTOR_DEPTH = 4  # the Inspector is shuffled into the bottom 4 cards
REFRESH_AT = 3  # when only 3 jobs are face up at the start of a turn
CHARMS_PER_CORNER = 4
#: Icons of a type -> experience fame; 4 or more -> EXPERIENCE_MAX.
EXPERIENCE_BONUS: Mapping[int, int] = MappingProxyType({0: 0, 1: 0, 2: 1, 3: 3})
EXPERIENCE_MAX = 6
WEALTH_COINS_PER_FAME = 2
STARTING_CHARMS: tuple[str, ...] = ICONS  # seat i's player board shows ICONS[i]

#: The rulebook's counts of the components ("Contents").
JOB_COUNT = 34
LICENCE_COUNT = 19
MUSHROOM_COUNT = 28
SEAL_COUNT = 5
CHARM_COUNT = 16

#: The 12 mushroom spaces a job's back can name ("mountains-1" ... "plains-4"), as the board
#: names them.
MUSHROOM_SPACES: tuple[str, ...] = tuple(f"{t}-{n}" for t in TERRAINS for n in range(1, 5))
PIXIES = ("forest", "mountain")
MUSHROOM_TYPES = ("speed", "teleport", "dust", "coin", "magic")
#: The bounds of a valued mushroom's value, by type; the others carry no value.
MUSHROOM_VALUES: Mapping[str, tuple[int, int]] = MappingProxyType(
    {"speed": (1, WALK_LIMIT), "dust": (1, 50), "coin": (1, 10)}
)

INSPECTOR_ID = "royal-inspector"


def experience(count: int) -> int:
    """The experience bonus, in fame, for ``count`` icons of one type."""
    if count < 0:
        raise ValueError(f"an icon count is never negative, not {count}")
    return EXPERIENCE_BONUS.get(count, EXPERIENCE_MAX)


# ---------------------------------------------------------------------------------------------
# The model.


@dataclass(frozen=True, slots=True)
class Back:
    """What a card's back shows: the mushroom space it names and, maybe, a pixie mark."""

    mushroom_space: str  # one of MUSHROOM_SPACES
    pixie: str | None  # None, "forest" (move the Forest Pixie) or "mountain" (the Mountain Pixie)


@dataclass(frozen=True, slots=True)
class Job:
    """A spell job card."""

    id: str
    name: str
    name_uk: str  # the name in Ukrainian (the pages show it; the engine never reads it)
    cost: int  # pixie dust to complete it
    fame: int
    coins: int
    icons: tuple[str, ...]  # 0-2 different icons from ICONS
    back: Back


@dataclass(frozen=True, slots=True)
class Mushroom:
    """A physical mushroom token."""

    id: str
    type: str  # one of MUSHROOM_TYPES
    value: int | None  # speed: spaces; dust: pixie dust; coin: coins; else None
    icon: str | None  # magic: its icon; else None


@dataclass(frozen=True, slots=True)
class Toadstool:
    """A price on the marketplace ring: ``coins`` buy ``dust``, whole lots, at most ``max``."""

    coins: int
    dust: int
    max: int


@dataclass(frozen=True, slots=True)
class Holdings:
    """What a player has, for licence requirements (the engine computes it)."""

    dust: int  # pixie dust, dust mushrooms' values included
    coins: int  # coins, coin mushrooms' values included
    jobs: int  # spell jobs completed
    mushrooms: int  # mushroom tokens held (any type)
    icons: Mapping[str, int]  # icons by type, from completed jobs and magic mushrooms held
    charm_tokens: Mapping[str, int]  # charm tokens by type, the starting charm NOT included


def _no_counts() -> Mapping[str, int]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Requirements:
    """A licence's requirements; a zero, empty or false field asks for nothing."""

    mushrooms: int = 0  # at least n mushroom tokens
    dust: int = 0  # at least n pixie dust
    coins: int = 0  # at least n coins
    jobs: int = 0  # at least n jobs completed
    icons: Mapping[str, int] = field(default_factory=_no_counts)  # at least n of each type named
    same_type_icons: int = 0  # at least n icons of one type
    icon_sets: tuple[int, int] | None = None  # (a, b): a of one type, b of another; a >= b
    each_icon_type: bool = False  # at least 1 icon of each type
    charm_tokens: int = 0  # at least n charm tokens, any types
    each_charm_type: bool = False  # at least 1 charm token of each type
    charm_tokens_of: Mapping[str, int] = field(default_factory=_no_counts)  # n of each named


@dataclass(frozen=True, slots=True)
class Licence:
    """A spell licence card: the rulebook's sentence and its requirements."""

    id: str
    text_en: str
    requires: Requirements
    #: The sentence in Ukrainian, and in short as the card's title (for the pages).
    text_uk: str
    short_en: str
    short_uk: str


@dataclass(frozen=True, slots=True)
class MagicNames:
    """A type of magic as the pages name it: the type and its charm, in both languages."""

    name_en: str
    name_uk: str
    charm_en: str
    charm_uk: str


@dataclass(frozen=True, slots=True)
class Catalogue:
    """Everything the three data files give, checked."""

    jobs: Mapping[str, Job]
    inspector_back: Back
    licences: Mapping[str, Licence]
    mushrooms: Mapping[str, Mushroom]
    seals: Mapping[str, int]
    toadstools: tuple[Toadstool, ...]
    charms: Mapping[str, int]
    magic_names: Mapping[str, MagicNames]
    inspector_names: tuple[str, str]  # the Royal Inspector's name in English and Ukrainian


# ---------------------------------------------------------------------------------------------
# The requirement checker.


def _count(counts: Mapping[str, int], kind: str) -> int:
    return counts.get(kind, 0)


def _two_best(counts: Mapping[str, int]) -> tuple[int, int]:
    """The largest and second-largest counts over the four types (different types)."""
    best = sorted((_count(counts, kind) for kind in ICONS), reverse=True)
    return best[0], best[1]


def meets(licence: Licence, holdings: Holdings) -> bool:
    """Whether ``holdings`` meet every requirement of ``licence``."""
    req, h = licence.requires, holdings
    first, second = _two_best(h.icons)
    return (
        h.mushrooms >= req.mushrooms
        and h.dust >= req.dust
        and h.coins >= req.coins
        and h.jobs >= req.jobs
        and all(_count(h.icons, kind) >= n for kind, n in req.icons.items())
        and first >= req.same_type_icons
        and (req.icon_sets is None or (first >= req.icon_sets[0] and second >= req.icon_sets[1]))
        and (not req.each_icon_type or all(_count(h.icons, kind) >= 1 for kind in ICONS))
        and sum(_count(h.charm_tokens, kind) for kind in ICONS) >= req.charm_tokens
        and (not req.each_charm_type or all(_count(h.charm_tokens, k) >= 1 for k in ICONS))
        and all(_count(h.charm_tokens, kind) >= n for kind, n in req.charm_tokens_of.items())
    )


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def _more(need: int, have: int, one: str, many: str | None = None) -> str:
    """ "2 more coins (7 needed, 5 held)"."""
    lacking = _plural(need - have, f"more {one}", f"more {many or one + 's'}")
    return f"{lacking} ({need} needed, {have} held)"


def _missing(req: Requirements, h: Holdings) -> Iterator[str]:
    if h.mushrooms < req.mushrooms:
        yield _more(req.mushrooms, h.mushrooms, "mushroom token")
    if h.dust < req.dust:
        yield _more(req.dust, h.dust, "pixie dust", "pixie dust")
    if h.coins < req.coins:
        yield _more(req.coins, h.coins, "coin")
    if h.jobs < req.jobs:
        yield _more(req.jobs, h.jobs, "completed spell job")
    for kind, n in req.icons.items():
        if _count(h.icons, kind) < n:
            yield _more(n, _count(h.icons, kind), f"{kind} icon")
    first, second = _two_best(h.icons)
    if first < req.same_type_icons:
        yield f"{req.same_type_icons} icons of one type (at most {first} of a type held)"
    if req.icon_sets is not None and not (first >= req.icon_sets[0] and second >= req.icon_sets[1]):
        a, b = req.icon_sets
        yield (
            f"a set of {a} icons of one type and another of {b} of a different type "
            f"(the two largest held: {first} and {second})"
        )
    if req.each_icon_type:
        lacking = [kind for kind in ICONS if _count(h.icons, kind) < 1]
        if lacking:
            yield f"an icon of each type (none held of {', '.join(lacking)})"
    tokens = sum(_count(h.charm_tokens, kind) for kind in ICONS)
    if tokens < req.charm_tokens:
        yield (
            f"{_more(req.charm_tokens, tokens, 'charm token')}; the starting charm is not a token"
        )
    if req.each_charm_type:
        lacking = [kind for kind in ICONS if _count(h.charm_tokens, kind) < 1]
        if lacking:
            yield (
                f"a charm token of each type (none held of {', '.join(lacking)}); "
                "the starting charm is not a token"
            )
    for kind, n in req.charm_tokens_of.items():
        if _count(h.charm_tokens, kind) < n:
            yield (
                f"{_more(n, _count(h.charm_tokens, kind), f'{kind} charm token')}; "
                "the starting charm is not a token"
            )


def shortfall(licence: Licence, holdings: Holdings) -> list[str]:
    """What ``holdings`` lack for ``licence``, one line per requirement not met; [] when met."""
    return list(_missing(licence.requires, holdings))


# ---------------------------------------------------------------------------------------------
# Loading and checking.

_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_JOB_FIELDS = frozenset(
    {"id", "name", "name_uk", "cost", "fame", "coins", "icons", "mushroom_space"}
)
_INSPECTOR_FIELDS = frozenset({"name", "name_uk", "mushroom_space"})
_LICENCE_FIELDS = frozenset({"id", "text_en", "text_uk", "short_en", "short_uk", "requires"})
_MAGIC_FIELDS = frozenset({"type", "name_en", "name_uk", "charm_en", "charm_uk"})
_MUSHROOM_FIELDS = frozenset({"type", "count"})
_TOADSTOOL_FIELDS = frozenset({"coins", "dust", "max"})
#: The counted requirements and the most each may ask for.
_COUNTED: Mapping[str, int] = MappingProxyType(
    {
        "mushrooms": MUSHROOM_COUNT,
        "dust": 2 * DUST_CAP,
        "coins": 100,
        "jobs": JOB_COUNT,
        "same_type_icons": 20,
        "charm_tokens": CHARM_COUNT,
    }
)
_BY_TYPE = frozenset({"icons", "charm_tokens_of"})
_FLAGS = frozenset({"each_icon_type", "each_charm_type"})
REQUIREMENT_KEYS = frozenset(_COUNTED) | _BY_TYPE | _FLAGS | {"icon_sets"}


def _duplicate(file: DataFile, card: str, what: str = "card") -> ConfigurationError:
    return file.fail(
        "duplicate_card", f"{what} {card!r} appears twice", entry=f"{what} {card!r}", value=card
    )


def _back(file: DataFile, where: str, raw: Raw) -> Back:
    space = file.choice(where, raw, "mushroom_space", MUSHROOM_SPACES, "unknown_space")
    pixie = file.choice(where, raw, "pixie", PIXIES) if "pixie" in raw else None
    return Back(space, pixie)


def _job(file: DataFile, raw: Raw) -> Job:
    where = f"job {raw.get('id')!r}"
    file.keys(where, raw, _JOB_FIELDS, {"pixie"})
    job_id = file.text(where, raw, "id", KEBAB)
    icons = file.array(where, raw, "icons", 0, 2)
    checked = tuple(file.member(where, "icons", icon, ICONS, "unknown_icon") for icon in icons)
    if len(set(checked)) != len(checked):
        raise file.bad_value(where, "icons", icons, "two different icons")
    return Job(
        id=job_id,
        name=file.text(where, raw, "name"),
        name_uk=file.text(where, raw, "name_uk"),
        cost=file.integer(where, raw, "cost", 1, DUST_CAP),
        fame=file.integer(where, raw, "fame", 0, 20),
        coins=file.integer(where, raw, "coins", 0, 20),
        icons=checked,
        back=_back(file, where, raw),
    )


def load_jobs(path: Path) -> tuple[dict[str, Job], Back, tuple[str, str]]:
    """The 34 jobs of ``path`` in file order, the Inspector's back and its names (English,
    Ukrainian).

    Besides each field, the deck as a whole: 34 jobs with different ids (none the Inspector's);
    every mushroom space named by some back (``unnamed_space``); the Inspector's back without a
    pixie and the same as some job's (``inspector_back``); and no back shown by one card alone
    (``telling_back``), so that the back on top of the deck never names the card for certain.
    """
    file = DataFile(path, DATA_ERRORS)
    data = file.keys("the file", file.read(), {"inspector", "job"})
    inspector = file.table("the file", data, "inspector")
    if "pixie" in inspector:
        raise file.fail(
            "inspector_back",
            "the Inspector's back shows no pixie, as most jobs' backs, or it would stand out",
            entry="the inspector",
            field="pixie",
            value=inspector["pixie"],
        )
    file.keys("the inspector", inspector, _INSPECTOR_FIELDS)
    names = (
        file.text("the inspector", inspector, "name"),
        file.text("the inspector", inspector, "name_uk"),
    )
    inspector_back = _back(file, "the inspector", inspector)
    jobs: dict[str, Job] = {}
    for raw in file.tables("the file", data, "job"):
        job = _job(file, raw)
        if job.id in jobs or job.id == INSPECTOR_ID:
            raise _duplicate(file, job.id)
        jobs[job.id] = job
    file.expect_count("spell jobs", len(jobs), JOB_COUNT)
    backs = Counter(job.back for job in jobs.values())
    unnamed = [s for s in MUSHROOM_SPACES if all(b.mushroom_space != s for b in backs)]
    if unnamed:
        raise file.fail(
            "unnamed_space",
            f"no job's back names {', '.join(unnamed)}: no mushroom ever grows there",
            spaces=unnamed,
        )
    if inspector_back not in backs:
        raise file.fail(
            "inspector_back",
            "the Inspector's back must be the same as some job's back, or it would stand out",
            entry="the inspector",
            back=str(inspector_back),
        )
    backs[inspector_back] += 1
    telling = sorted(f"{b.mushroom_space}/{b.pixie}" for b, n in backs.items() if n < 2)
    if telling:
        raise file.fail(
            "telling_back",
            f"backs shown by one card only ({', '.join(telling)}) name the next card",
            backs=telling,
        )
    return jobs, inspector_back, names


def _by_type(file: DataFile, where: str, raw: Raw, key: str, high: int) -> Mapping[str, int]:
    """A table of counts by type of magic, each from 1 to ``high``."""
    value = file.table(where, raw, key)
    if not value:
        raise file.bad_value(where, key, value, "a table of counts by type")
    entry = f"{where} {key}"
    counts = {
        file.member(where, key, kind, ICONS, "unknown_icon"): file.integer(
            entry, value, kind, 1, high
        )
        for kind in value
    }
    return MappingProxyType(counts)


def _requirements(file: DataFile, where: str, licence: Raw) -> Requirements:
    raw = file.table(where, licence, "requires")
    if not raw:
        raise file.bad_value(where, "requires", raw, "a non-empty table")
    unknown = sorted(set(raw) - REQUIREMENT_KEYS)
    if unknown:
        raise file.fail(
            "unknown_requirement",
            f"{where}: no requirement is called {unknown}; "
            f"the vocabulary is {', '.join(sorted(REQUIREMENT_KEYS))}",
            entry=where,
            field="requires",
            fields=unknown,
        )
    counted = {
        key: file.integer(where, raw, key, 1, high) for key, high in _COUNTED.items() if key in raw
    }
    for flag in sorted(_FLAGS & set(raw)):
        if file.flag(where, raw, flag) is not True:
            raise file.bad_value(where, flag, raw[flag], "true, or absent")
    sets = None
    if "icon_sets" in raw:
        sets = file.array(where, raw, "icon_sets", 2, 2)
        whole = all(isinstance(n, int) and not isinstance(n, bool) for n in sets)
        if not whole or not sets[0] >= sets[1] >= 1:
            raise file.bad_value(where, "icon_sets", sets, "[a, b] with a >= b >= 1")
    return Requirements(
        mushrooms=counted.get("mushrooms", 0),
        dust=counted.get("dust", 0),
        coins=counted.get("coins", 0),
        jobs=counted.get("jobs", 0),
        same_type_icons=counted.get("same_type_icons", 0),
        charm_tokens=counted.get("charm_tokens", 0),
        icons=_by_type(file, where, raw, "icons", 20) if "icons" in raw else _no_counts(),
        icon_sets=(sets[0], sets[1]) if sets is not None else None,
        each_icon_type="each_icon_type" in raw,
        each_charm_type="each_charm_type" in raw,
        charm_tokens_of=_by_type(file, where, raw, "charm_tokens_of", CHARM_COUNT // len(ICONS))
        if "charm_tokens_of" in raw
        else _no_counts(),
    )


def load_licences(path: Path) -> dict[str, Licence]:
    """The 19 licences of ``path``, in file order, each requirement in the vocabulary."""
    file = DataFile(path, DATA_ERRORS)
    data = file.keys("the file", file.read(), {"licence"})
    licences: dict[str, Licence] = {}
    for raw in file.tables("the file", data, "licence"):
        where = f"licence {raw.get('id')!r}"
        file.keys(where, raw, _LICENCE_FIELDS)
        licence_id = file.text(where, raw, "id", KEBAB)
        if licence_id in licences:
            raise _duplicate(file, licence_id)
        licences[licence_id] = Licence(
            licence_id,
            file.text(where, raw, "text_en"),
            _requirements(file, where, raw),
            text_uk=file.text(where, raw, "text_uk"),
            short_en=file.text(where, raw, "short_en"),
            short_uk=file.text(where, raw, "short_uk"),
        )
    file.expect_count("spell licences", len(licences), LICENCE_COUNT)
    return licences


def _mushrooms(file: DataFile, data: Raw) -> dict[str, Mushroom]:
    mushrooms: dict[str, Mushroom] = {}
    for raw in file.tables("the file", data, "mushroom"):
        kind = file.choice("a mushroom", raw, "type", MUSHROOM_TYPES)
        where = f"a {kind} mushroom"
        wants = {"value"} if kind in MUSHROOM_VALUES else {"icon"} if kind == "magic" else set()
        file.keys(where, raw, _MUSHROOM_FIELDS | wants)
        value = icon = None
        if kind in MUSHROOM_VALUES:
            value = file.integer(where, raw, "value", *MUSHROOM_VALUES[kind])
        if kind == "magic":
            icon = file.choice(where, raw, "icon", ICONS, "unknown_icon")
        count = file.integer(where, raw, "count", 1, len(_LETTERS))
        design = "-".join(str(part) for part in (kind, value, icon) if part is not None)
        for letter in _LETTERS[:count]:
            token = Mushroom(f"{design}-{letter}", kind, value, icon)
            if token.id in mushrooms:
                raise _duplicate(file, design, "mushroom")
            mushrooms[token.id] = token
    file.expect_count("mushroom tokens", len(mushrooms), MUSHROOM_COUNT)
    return mushrooms


def _seals(file: DataFile, data: Raw) -> dict[str, int]:
    raw = file.table("the file", data, "seals")
    seals: dict[str, int] = {}
    for seal_id in raw:
        if not KEBAB.fullmatch(seal_id):
            raise file.bad_value("[seals]", "id", seal_id, "a kebab-case id")
        seals[seal_id] = file.integer("[seals]", raw, seal_id, 1, 20)
    file.expect_count("royal seal tokens", len(seals), SEAL_COUNT)
    return seals


def _toadstools(file: DataFile, data: Raw) -> tuple[Toadstool, ...]:
    ring: list[Toadstool] = []
    for n, raw in enumerate(file.tables("the file", data, "toadstool")):
        where = f"toadstool {n}"
        file.keys(where, raw, _TOADSTOOL_FIELDS)
        coins = file.integer(where, raw, "coins", 1, 10)
        dust = file.integer(where, raw, "dust", 1, DUST_CAP)
        most = file.integer(where, raw, "max", dust, DUST_CAP)
        if most % dust:
            raise file.bad_value(where, "max", most, f"a whole number of lots of {dust}")
        ring.append(Toadstool(coins, dust, most))
    if len(ring) < 2:
        raise file.fail(
            "counts",
            "the price ring needs at least 2 toadstools",
            what="toadstools",
            found=len(ring),
            expected=2,
        )
    return tuple(ring)


def _charms(file: DataFile, data: Raw) -> dict[str, int]:
    raw = file.table("the file", data, "charms")
    charms = {
        file.member("[charms]", "type", kind, ICONS, "unknown_icon"): raw[kind] for kind in raw
    }
    if list(charms) != list(ICONS) or any(n != CHARMS_PER_CORNER for n in charms.values()):
        raise file.fail(
            "counts",
            f"the charms are {CHARMS_PER_CORNER} of each type, in the order {', '.join(ICONS)}",
            what="charm tokens",
            found=charms,
        )
    return charms


def _magic_names(file: DataFile, data: Raw) -> dict[str, MagicNames]:
    """The four types' names, each type once, in the order of ``ICONS``."""
    names: dict[str, MagicNames] = {}
    for raw in file.tables("the file", data, "magic"):
        kind = file.choice("a type of magic", raw, "type", ICONS, "unknown_icon")
        where = f"magic {kind!r}"
        file.keys(where, raw, _MAGIC_FIELDS)
        if kind in names:
            raise _duplicate(file, kind, "magic")
        names[kind] = MagicNames(
            *(file.text(where, raw, key) for key in ("name_en", "name_uk", "charm_en", "charm_uk"))
        )
    file.expect_count("types of magic", list(names), list(ICONS))
    return names


def load_components(
    path: Path,
) -> tuple[
    dict[str, Mushroom],
    dict[str, int],
    tuple[Toadstool, ...],
    dict[str, int],
    dict[str, MagicNames],
]:
    """The mushrooms, seals, price ring, charms and the types of magic's names of ``path``."""
    file = DataFile(path, DATA_ERRORS)
    data = file.keys("the file", file.read(), {"mushroom", "seals", "toadstool", "charms", "magic"})
    return (
        _mushrooms(file, data),
        _seals(file, data),
        _toadstools(file, data),
        _charms(file, data),
        _magic_names(file, data),
    )


def load(directory: Path = DATA_DIR) -> Catalogue:
    """The three data files of ``directory``, each checked; raises :class:`ConfigurationError`
    with a code of :data:`DATA_ERRORS` naming the rule broken."""
    jobs, inspector_back, inspector_names = load_jobs(directory / JOBS_FILE)
    licences = load_licences(directory / LICENCES_FILE)
    mushrooms, seals, toadstools, charms, magic = load_components(directory / COMPONENTS_FILE)
    return Catalogue(
        jobs=MappingProxyType(jobs),
        inspector_back=inspector_back,
        licences=MappingProxyType(licences),
        mushrooms=MappingProxyType(mushrooms),
        seals=MappingProxyType(seals),
        toadstools=toadstools,
        charms=MappingProxyType(charms),
        magic_names=MappingProxyType(magic),
        inspector_names=inspector_names,
    )


CATALOGUE = load()
JOBS: Mapping[str, Job] = CATALOGUE.jobs  # exactly 34, file order
INSPECTOR_BACK: Back = CATALOGUE.inspector_back
LICENCES: Mapping[str, Licence] = CATALOGUE.licences  # the rulebook's 19, in its order
MUSHROOMS: Mapping[str, Mushroom] = CATALOGUE.mushrooms  # 28 physical tokens
SEALS: Mapping[str, int] = CATALOGUE.seals  # 5 tokens, id -> penalty in fame
TOADSTOOLS: tuple[Toadstool, ...] = CATALOGUE.toadstools  # clockwise from the entrance's
CHARMS: Mapping[str, int] = CATALOGUE.charms  # charm tokens by type, 4 of each
MAGIC_NAMES: Mapping[str, MagicNames] = CATALOGUE.magic_names  # by type, in ICONS order


def back_of(card: str) -> Back:
    """The back of a job or of the Royal Inspector."""
    if card == INSPECTOR_ID:
        return INSPECTOR_BACK
    try:
        return JOBS[card].back
    except KeyError:
        raise KeyError(f"no spell job or Inspector card is called {card!r}") from None


def deck() -> list[str]:
    """The 34 job ids in file order, a fresh list: the engine shuffles it itself."""
    return list(JOBS)
