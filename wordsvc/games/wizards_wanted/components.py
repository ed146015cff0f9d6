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

import re
import tomllib
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from wordsvc.games.data_files import data_error as _fail
from wordsvc.games.wizards_wanted.magic import ICONS, TERRAINS

DATA_DIR = Path(__file__).resolve().parent / "data"
JOBS_FILE = "jobs.toml"
LICENCES_FILE = "licences.toml"
COMPONENTS_FILE = "components.toml"

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

_KEBAB = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_JOB_FIELDS = frozenset({"id", "name", "cost", "fame", "coins", "icons", "mushroom_space"})
_INSPECTOR_FIELDS = frozenset({"name", "mushroom_space"})
_LICENCE_FIELDS = frozenset({"id", "text_en", "requires"})
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


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise _fail(path, "unreadable", f"cannot read the data file: {exc}") from exc


def _fields(
    path: Path,
    where: str,
    raw: Mapping[str, Any],
    required: frozenset[str],
    optional: frozenset[str] = frozenset(),
) -> None:
    """``raw`` has every required field and no other than the optional ones."""
    missing = required - set(raw)
    if missing:
        raise _fail(
            path,
            "missing_field",
            f"{where} needs {sorted(missing)}",
            where=where,
            fields=sorted(missing),
        )
    extra = set(raw) - required - optional
    if extra:
        raise _fail(
            path,
            "unknown_field",
            f"{where} has no {sorted(extra)}",
            where=where,
            fields=sorted(extra),
        )


def _int(path: Path, where: str, raw: Mapping[str, Any], key: str, low: int, high: int) -> int:
    """An integer field within bounds (a bool is not an integer here)."""
    value = raw[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(
            path,
            "bad_value",
            f"{where}: {key} must be an integer from {low} to {high}",
            where=where,
            field=key,
            value=value,
        )
    return value


def _str(path: Path, where: str, raw: Mapping[str, Any], key: str) -> str:
    value = raw[key]
    if not isinstance(value, str) or not value.strip():
        raise _fail(
            path,
            "bad_value",
            f"{where}: {key} must be a non-empty string",
            where=where,
            field=key,
            value=value,
        )
    return value


def _icon(path: Path, where: str, value: object) -> str:
    if value not in ICONS:
        raise _fail(
            path,
            "unknown_icon",
            f"{where}: {value!r} is not a type of magic ({', '.join(ICONS)})",
            where=where,
            icon=value,
        )
    return str(value)


def _tables(path: Path, data: Mapping[str, Any], key: str) -> list[dict[str, Any]]:
    """The ``[[key]]`` array of tables of a file."""
    raw = data.get(key)
    if not isinstance(raw, list) or not all(isinstance(item, dict) for item in raw):
        raise _fail(path, "bad_value", f"the file needs a list of [[{key}]] tables", field=key)
    return raw


def _top(path: Path, data: Mapping[str, Any], keys: frozenset[str]) -> None:
    _fields(path, "the file", data, keys)


def _counted(path: Path, what: str, found: int, expected: int) -> None:
    if found != expected:
        raise _fail(
            path,
            "counts",
            f"there are {found} {what}, not {expected}",
            what=what,
            found=found,
            expected=expected,
        )


def _back(path: Path, where: str, raw: Mapping[str, Any]) -> Back:
    space = raw["mushroom_space"]
    if space not in MUSHROOM_SPACES:
        raise _fail(
            path,
            "unknown_space",
            f"{where}: mushroom_space {space!r} is not one of the 12 mushroom spaces",
            where=where,
            space=space,
        )
    pixie = raw.get("pixie")
    if pixie is not None and pixie not in PIXIES:
        raise _fail(
            path,
            "bad_value",
            f"{where}: pixie is one of {', '.join(PIXIES)}, or absent",
            where=where,
            field="pixie",
            value=pixie,
        )
    return Back(str(space), pixie)


def _job(path: Path, raw: Mapping[str, Any]) -> Job:
    job_id = raw.get("id")
    where = f"job {job_id!r}"
    _fields(path, where, raw, _JOB_FIELDS, frozenset({"pixie"}))
    if not isinstance(job_id, str) or not _KEBAB.fullmatch(job_id):
        raise _fail(path, "bad_value", f"job id {job_id!r} is not kebab-case", field="id")
    icons = raw["icons"]
    if not isinstance(icons, list) or len(icons) > 2:
        raise _fail(
            path,
            "bad_value",
            f"{where}: icons is a list of 0 to 2 icons",
            where=where,
            field="icons",
            value=icons,
        )
    checked = tuple(_icon(path, where, icon) for icon in icons)
    if len(set(checked)) != len(checked):
        raise _fail(
            path,
            "bad_value",
            f"{where}: a job's two icons are different",
            where=where,
            field="icons",
            value=icons,
        )
    return Job(
        id=job_id,
        name=_str(path, where, raw, "name"),
        cost=_int(path, where, raw, "cost", 1, DUST_CAP),
        fame=_int(path, where, raw, "fame", 0, 20),
        coins=_int(path, where, raw, "coins", 0, 20),
        icons=checked,
        back=_back(path, where, raw),
    )


def load_jobs(path: Path) -> tuple[dict[str, Job], Back]:
    """The 34 jobs of ``path`` in file order, and the Inspector's back.

    Besides each field, the deck as a whole: 34 jobs with different ids (none the Inspector's);
    every mushroom space named by some back (``unnamed_space``); the Inspector's back without a
    pixie and the same as some job's (``inspector_back``); and no back shown by one card alone
    (``telling_back``), so that the back on top of the deck never names the card for certain.
    """
    data = _read(path)
    _top(path, data, frozenset({"inspector", "job"}))
    inspector = data["inspector"]
    if not isinstance(inspector, dict):
        raise _fail(path, "bad_value", "[inspector] is a table", field="inspector")
    if "pixie" in inspector:
        raise _fail(
            path,
            "inspector_back",
            "the Inspector's back shows no pixie, as most jobs' backs, or it would stand out",
            pixie=inspector["pixie"],
        )
    _fields(path, "the inspector", inspector, _INSPECTOR_FIELDS)
    _str(path, "the inspector", inspector, "name")
    inspector_back = _back(path, "the inspector", inspector)
    jobs: dict[str, Job] = {}
    for raw in _tables(path, data, "job"):
        job = _job(path, raw)
        if job.id in jobs or job.id == INSPECTOR_ID:
            raise _fail(path, "duplicate_card", f"card {job.id!r} appears twice", card=job.id)
        jobs[job.id] = job
    _counted(path, "spell jobs", len(jobs), JOB_COUNT)
    backs = Counter(job.back for job in jobs.values())
    unnamed = [s for s in MUSHROOM_SPACES if all(b.mushroom_space != s for b in backs)]
    if unnamed:
        raise _fail(
            path,
            "unnamed_space",
            f"no job's back names {', '.join(unnamed)}: no mushroom ever grows there",
            spaces=unnamed,
        )
    if inspector_back not in backs:
        raise _fail(
            path,
            "inspector_back",
            "the Inspector's back must be the same as some job's back, or it would stand out",
            back=str(inspector_back),
        )
    backs[inspector_back] += 1
    telling = sorted(f"{b.mushroom_space}/{b.pixie}" for b, n in backs.items() if n < 2)
    if telling:
        raise _fail(
            path,
            "telling_back",
            f"backs shown by one card only ({', '.join(telling)}) name the next card",
            backs=telling,
        )
    return jobs, inspector_back


def _by_type(path: Path, where: str, key: str, value: object, high: int) -> Mapping[str, int]:
    if not isinstance(value, dict) or not value:
        raise _fail(
            path,
            "bad_value",
            f"{where}: {key} is a table of counts by type",
            where=where,
            field=key,
        )
    counts = {_icon(path, where, kind): _int(path, where, value, kind, 1, high) for kind in value}
    return MappingProxyType(counts)


def _requirements(path: Path, where: str, raw: object) -> Requirements:
    if not isinstance(raw, dict) or not raw:
        raise _fail(
            path,
            "bad_value",
            f"{where}: requires is a non-empty table",
            where=where,
            field="requires",
        )
    unknown = set(raw) - REQUIREMENT_KEYS
    if unknown:
        raise _fail(
            path,
            "unknown_requirement",
            f"{where}: no requirement is called {sorted(unknown)}; "
            f"the vocabulary is {', '.join(sorted(REQUIREMENT_KEYS))}",
            where=where,
            requirements=sorted(unknown),
        )
    counted = {
        key: _int(path, where, raw, key, 1, high) for key, high in _COUNTED.items() if key in raw
    }
    for flag in _FLAGS & set(raw):
        if raw[flag] is not True:
            raise _fail(
                path,
                "bad_value",
                f"{where}: {flag} is true, or absent",
                where=where,
                field=flag,
                value=raw[flag],
            )
    sets = raw.get("icon_sets")
    if sets is not None:
        ok = (
            isinstance(sets, list)
            and len(sets) == 2
            and all(isinstance(n, int) and not isinstance(n, bool) for n in sets)
            and sets[0] >= sets[1] >= 1
        )
        if not ok:
            raise _fail(
                path,
                "bad_value",
                f"{where}: icon_sets is [a, b] with a >= b >= 1",
                where=where,
                field="icon_sets",
                value=sets,
            )
    return Requirements(
        mushrooms=counted.get("mushrooms", 0),
        dust=counted.get("dust", 0),
        coins=counted.get("coins", 0),
        jobs=counted.get("jobs", 0),
        same_type_icons=counted.get("same_type_icons", 0),
        charm_tokens=counted.get("charm_tokens", 0),
        icons=_by_type(path, where, "icons", raw["icons"], 20) if "icons" in raw else _no_counts(),
        icon_sets=(sets[0], sets[1]) if sets is not None else None,
        each_icon_type="each_icon_type" in raw,
        each_charm_type="each_charm_type" in raw,
        charm_tokens_of=_by_type(
            path, where, "charm_tokens_of", raw["charm_tokens_of"], CHARM_COUNT // len(ICONS)
        )
        if "charm_tokens_of" in raw
        else _no_counts(),
    )


def load_licences(path: Path) -> dict[str, Licence]:
    """The 19 licences of ``path``, in file order, each requirement in the vocabulary."""
    data = _read(path)
    _top(path, data, frozenset({"licence"}))
    licences: dict[str, Licence] = {}
    for raw in _tables(path, data, "licence"):
        licence_id = raw.get("id")
        where = f"licence {licence_id!r}"
        _fields(path, where, raw, _LICENCE_FIELDS)
        if not isinstance(licence_id, str) or not _KEBAB.fullmatch(licence_id):
            raise _fail(
                path, "bad_value", f"licence id {licence_id!r} is not kebab-case", field="id"
            )
        if licence_id in licences:
            raise _fail(
                path, "duplicate_card", f"card {licence_id!r} appears twice", card=licence_id
            )
        licences[licence_id] = Licence(
            licence_id,
            _str(path, where, raw, "text_en"),
            _requirements(path, where, raw["requires"]),
        )
    _counted(path, "spell licences", len(licences), LICENCE_COUNT)
    return licences


def _mushrooms(path: Path, data: Mapping[str, Any]) -> dict[str, Mushroom]:
    mushrooms: dict[str, Mushroom] = {}
    for raw in _tables(path, data, "mushroom"):
        kind = raw.get("type")
        if kind not in MUSHROOM_TYPES:
            raise _fail(
                path,
                "bad_value",
                f"mushroom type {kind!r} is not one of {', '.join(MUSHROOM_TYPES)}",
                field="type",
                value=kind,
            )
        where = f"a {kind} mushroom"
        wants = {"value"} if kind in MUSHROOM_VALUES else {"icon"} if kind == "magic" else set()
        _fields(path, where, raw, _MUSHROOM_FIELDS | wants)
        value = icon = None
        if kind in MUSHROOM_VALUES:
            value = _int(path, where, raw, "value", *MUSHROOM_VALUES[kind])
        if kind == "magic":
            icon = _icon(path, where, raw["icon"])
        count = _int(path, where, raw, "count", 1, len(_LETTERS))
        design = "-".join(str(part) for part in (kind, value, icon) if part is not None)
        for letter in _LETTERS[:count]:
            token = Mushroom(f"{design}-{letter}", kind, value, icon)
            if token.id in mushrooms:
                raise _fail(
                    path, "duplicate_card", f"mushroom {design!r} appears twice", card=design
                )
            mushrooms[token.id] = token
    _counted(path, "mushroom tokens", len(mushrooms), MUSHROOM_COUNT)
    return mushrooms


def _seals(path: Path, data: Mapping[str, Any]) -> dict[str, int]:
    raw = data["seals"]
    if not isinstance(raw, dict):
        raise _fail(path, "bad_value", "[seals] is a table of seal id -> penalty", field="seals")
    seals: dict[str, int] = {}
    for seal_id in raw:
        if not _KEBAB.fullmatch(seal_id):
            raise _fail(path, "bad_value", f"seal id {seal_id!r} is not kebab-case", field="id")
        seals[seal_id] = _int(path, f"seal {seal_id!r}", raw, seal_id, 1, 20)
    _counted(path, "royal seal tokens", len(seals), SEAL_COUNT)
    return seals


def _toadstools(path: Path, data: Mapping[str, Any]) -> tuple[Toadstool, ...]:
    ring: list[Toadstool] = []
    for n, raw in enumerate(_tables(path, data, "toadstool")):
        where = f"toadstool {n}"
        _fields(path, where, raw, _TOADSTOOL_FIELDS)
        coins = _int(path, where, raw, "coins", 1, 10)
        dust = _int(path, where, raw, "dust", 1, DUST_CAP)
        most = _int(path, where, raw, "max", dust, DUST_CAP)
        if most % dust:
            raise _fail(
                path,
                "bad_value",
                f"{where}: max {most} is not a whole number of lots of {dust}",
                where=where,
                field="max",
                value=most,
            )
        ring.append(Toadstool(coins, dust, most))
    if len(ring) < 2:
        raise _fail(
            path,
            "counts",
            "the price ring needs at least 2 toadstools",
            what="toadstools",
            found=len(ring),
            expected=2,
        )
    return tuple(ring)


def _charms(path: Path, data: Mapping[str, Any]) -> dict[str, int]:
    raw = data["charms"]
    if not isinstance(raw, dict):
        raise _fail(path, "bad_value", "[charms] is a table of type -> count", field="charms")
    charms = {_icon(path, "the charms", kind): raw[kind] for kind in raw}
    if list(charms) != list(ICONS) or any(n != CHARMS_PER_CORNER for n in charms.values()):
        raise _fail(
            path,
            "counts",
            f"the charms are {CHARMS_PER_CORNER} of each type, in the order {', '.join(ICONS)}",
            what="charm tokens",
            found=charms,
        )
    return charms


def load_components(
    path: Path,
) -> tuple[dict[str, Mushroom], dict[str, int], tuple[Toadstool, ...], dict[str, int]]:
    """The mushrooms, seals, price ring and charms of ``path``."""
    data = _read(path)
    _top(path, data, frozenset({"mushroom", "seals", "toadstool", "charms"}))
    return _mushrooms(path, data), _seals(path, data), _toadstools(path, data), _charms(path, data)


def load(directory: Path = DATA_DIR) -> Catalogue:
    """The three data files of ``directory``, each checked; raises :class:`ConfigurationError`
    with a ``code`` naming the rule broken."""
    jobs, inspector_back = load_jobs(directory / JOBS_FILE)
    licences = load_licences(directory / LICENCES_FILE)
    mushrooms, seals, toadstools, charms = load_components(directory / COMPONENTS_FILE)
    return Catalogue(
        jobs=MappingProxyType(jobs),
        inspector_back=inspector_back,
        licences=MappingProxyType(licences),
        mushrooms=MappingProxyType(mushrooms),
        seals=MappingProxyType(seals),
        toadstools=toadstools,
        charms=MappingProxyType(charms),
    )


CATALOGUE = load()
JOBS: Mapping[str, Job] = CATALOGUE.jobs  # exactly 34, file order
INSPECTOR_BACK: Back = CATALOGUE.inspector_back
LICENCES: Mapping[str, Licence] = CATALOGUE.licences  # the rulebook's 19, in its order
MUSHROOMS: Mapping[str, Mushroom] = CATALOGUE.mushrooms  # 28 physical tokens
SEALS: Mapping[str, int] = CATALOGUE.seals  # 5 tokens, id -> penalty in fame
TOADSTOOLS: tuple[Toadstool, ...] = CATALOGUE.toadstools  # clockwise from the entrance's
CHARMS: Mapping[str, int] = CATALOGUE.charms  # charm tokens by type, 4 of each


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
