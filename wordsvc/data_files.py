"""One loader toolkit for every game's data files (cards, boards, codex tables): reading a TOML
file, typed field readers and the checks every table needs, each refusing with a
:class:`ConfigurationError` under a stable code whose details name the file, the entry and the
field, so that a broken file stops the service at start instead of a game half-way. It sits
at the top of the package, below :mod:`wordsvc.games`, :mod:`wordsvc.rules` and
:mod:`wordsvc.solver` alike, since the rules may import neither engines nor solver.

A loader declares the codes its load raises (``DATA_ERRORS = codes(...)``: the field codes
below and those of its own rules, such as a deck's size) and reads through a
:class:`DataFile` made with them; :meth:`DataFile.fail` refuses a code the loader did not
declare, and ``tests/test_data_files.py`` checks that each declared code is raised by a
test with a broken data file.

Hand-written rather than pydantic models: most of what a loader checks is a rule of its game
(a deck's size, an op's targets, a back shown by one card only) that a model could hold only as
custom validators. The field checks left are a few lines each here, with the codes, messages
and details the games give; with pydantic every game would map its error list back to them
(``loc`` to entry and field, error types to codes), which is more code, not less.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from wordsvc.errors import ConfigurationError

UNREADABLE = "unreadable"  # the file is missing, cannot be read, or is not TOML
BAD_VALUE = "bad_value"  # a field of the wrong type, out of range, or malformed
MISSING_FIELD = "missing_field"  # a field or table the entry needs is absent
UNKNOWN_FIELD = "unknown_field"  # a field or table that no entry of its kind has
#: The codes every loader raises through :class:`DataFile`.
FIELD_CODES = frozenset({UNREADABLE, BAD_VALUE, MISSING_FIELD, UNKNOWN_FIELD})

#: A kebab-case id: ``atacar``, ``soothe-the-grumpy-troll``, ``village-3``.
KEBAB = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")

Raw = Mapping[str, Any]
#: The most allowed values a message lists.
_LISTED = 12


def codes(*rules: str) -> frozenset[str]:
    """The codes a loader declares: the field codes and those of its own ``rules``."""
    return FIELD_CODES | frozenset(rules)


def data_error(path: Path, code: str, message: str, **details: object) -> ConfigurationError:
    """The error for a data file that breaks a rule: the file first, then the rule's details."""
    return ConfigurationError(
        f"{path}: {message}", code=code, details={"file": str(path), **details}
    )


class DataFile:
    """One data file being loaded: its path, the codes its loader declares, and the readers.

    Readers take the ``entry`` being read (``"card 'atacar'"``, ``"[drawing]"``, ``"the
    file"``: the start of every message), the table and the field's key, and return the value
    checked; a field that is absent is ``missing_field``, one of the wrong type or out of range
    ``bad_value``, with ``entry``, ``field`` and ``value`` in the details.
    """

    __slots__ = ("codes", "path")

    def __init__(self, path: Path, declared: frozenset[str]) -> None:
        self.path = path
        self.codes = declared

    def read(self) -> dict[str, Any]:
        """The file's TOML document."""
        try:
            with self.path.open("rb") as fh:
                return tomllib.load(fh)
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise self.fail(UNREADABLE, f"cannot read the data file: {exc}") from exc

    def fail(self, code: str, message: str, **details: object) -> ConfigurationError:
        """The error for this file (to raise); a code the loader did not declare is a bug."""
        if code not in self.codes:
            raise ValueError(f"the loader of {self.path.name} does not declare the code {code!r}")
        return data_error(self.path, code, message, **details)

    def bad_value(self, entry: str, key: str, value: object, must: str) -> ConfigurationError:
        """``bad_value``: ``{entry}: {key} must be {must}``."""
        return self.fail(
            BAD_VALUE, f"{entry}: {key} must be {must}", entry=entry, field=key, value=value
        )

    def expect_count(self, what: str, found: object, expected: object) -> None:
        """``counts`` unless ``found`` is what the rulebook gives (a number, or the list or
        table of what there should be)."""
        if found != expected:
            raise self.fail(
                "counts",
                f"the rulebook's {what} are {expected}, not {found}",
                what=what,
                found=found,
                expected=expected,
            )

    # -- tables and their keys -------------------------------------------------------------

    def keys(
        self,
        entry: str,
        raw: Raw,
        required: Collection[str],
        optional: Collection[str] = frozenset(),
    ) -> Raw:
        """``raw`` itself, once it has every ``required`` key and no other than the
        ``optional`` ones: ``missing_field`` or ``unknown_field``, ``fields`` named."""
        missing = sorted(set(required) - set(raw))
        if missing:
            raise self.fail(MISSING_FIELD, f"{entry} needs {missing}", entry=entry, fields=missing)
        extra = sorted(set(raw) - set(required) - set(optional))
        if extra:
            raise self.fail(UNKNOWN_FIELD, f"{entry} has no {extra}", entry=entry, fields=extra)
        return raw

    def field(self, entry: str, raw: Raw, key: str) -> Any:
        """The value of ``key``, of any type; ``missing_field`` when absent."""
        if key not in raw:
            raise self.fail(
                MISSING_FIELD, f"{entry} needs {key}", entry=entry, field=key, fields=[key]
            )
        return raw[key]

    def table(self, entry: str, raw: Raw, key: str) -> dict[str, Any]:
        """A table (``[key]``, or an inline ``{...}``)."""
        value = self.field(entry, raw, key)
        if not isinstance(value, dict):
            raise self.bad_value(entry, key, value, "a table")
        return value

    def tables(self, entry: str, raw: Raw, key: str, least: int = 0) -> list[dict[str, Any]]:
        """A list of at least ``least`` tables (``[[key]]``)."""
        value = self.field(entry, raw, key)
        if (
            not isinstance(value, list)
            or len(value) < least
            or not all(isinstance(item, dict) for item in value)
        ):
            raise self.bad_value(entry, key, value, f"a list of at least {least} tables")
        return value

    # -- typed fields ----------------------------------------------------------------------

    def integer(self, entry: str, raw: Raw, key: str, low: int, high: int | None = None) -> int:
        """An integer from ``low`` to ``high`` (no upper bound when None); a bool is not an
        integer here."""
        value = self.field(entry, raw, key)
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or value < low
            or (high is not None and value > high)
        ):
            bounds = f"from {low} to {high}" if high is not None else f"from {low}"
            raise self.bad_value(entry, key, value, f"an integer {bounds}")
        return value

    def number(self, entry: str, raw: Raw, key: str, low: float, high: float) -> float:
        """A number (integer or float, not a bool) from ``low`` to ``high``, as a float."""
        value = self.field(entry, raw, key)
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not low <= value <= high
        ):
            raise self.bad_value(entry, key, value, f"a number from {low:g} to {high:g}")
        return float(value)

    def text(self, entry: str, raw: Raw, key: str, pattern: re.Pattern[str] | None = None) -> str:
        """A non-empty string; with ``pattern``, one that it matches whole (:data:`KEBAB`)."""
        value = self.field(entry, raw, key)
        if not isinstance(value, str) or not value.strip():
            raise self.bad_value(entry, key, value, "a non-empty string")
        if pattern is not None and not pattern.fullmatch(value):
            must = "a kebab-case id" if pattern is KEBAB else f"of the form {pattern.pattern}"
            raise self.bad_value(entry, key, value, must)
        return value

    def flag(self, entry: str, raw: Raw, key: str) -> bool:
        """``true`` or ``false``."""
        value = self.field(entry, raw, key)
        if not isinstance(value, bool):
            raise self.bad_value(entry, key, value, "true or false")
        return value

    def array(
        self, entry: str, raw: Raw, key: str, least: int = 0, most: int | None = None
    ) -> list[Any]:
        """A list of ``least`` to ``most`` items (no upper bound when None), items unchecked."""
        value = self.field(entry, raw, key)
        if (
            not isinstance(value, list)
            or len(value) < least
            or (most is not None and len(value) > most)
        ):
            size = f"{least} to {most}" if most is not None else f"at least {least}"
            raise self.bad_value(entry, key, value, f"a list of {size} items")
        return value

    def choice(
        self, entry: str, raw: Raw, key: str, allowed: Collection[str], code: str = BAD_VALUE
    ) -> str:
        """One of ``allowed``; ``code`` names what an unknown one is (``unknown_icon``...)."""
        return self.member(entry, key, self.field(entry, raw, key), allowed, code)

    def member(
        self, entry: str, key: str, value: object, allowed: Collection[str], code: str = BAD_VALUE
    ) -> str:
        """``value`` (read from field ``key``, or an item of it) as one of ``allowed``."""
        if not isinstance(value, str) or value not in allowed:
            known = ", ".join(allowed) if len(allowed) <= _LISTED else f"the {len(allowed)} known"
            raise self.fail(
                code,
                f"{entry}: {key} {value!r} is not one of {known}",
                entry=entry,
                field=key,
                value=value,
            )
        return value
