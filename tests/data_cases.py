"""Broken data files, for every game's load tests: a copy of the shipped data with one file
edited (or removed), and the code and details its load must refuse it with.

Each loader's tests keep a table of :class:`Broken` cases (``BROKEN``) and run it through
:func:`assert_load_refused`; ``tests/test_data_files.py`` checks that the tables of every
loader cover each code it declares.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from wordsvc.errors import ConfigurationError

#: A change to a data file's text; None removes the file.
Edit = Callable[[str], str | None]


@dataclass(frozen=True)
class Broken:
    """One way to break a loader's data: the edit, the code the load must raise and details
    the error must carry (besides ``file``); ``file`` names the file broken when the loader
    reads a directory."""

    code: str
    edit: Edit
    details: Mapping[str, object] = field(default_factory=dict)
    file: str | None = None


def replace(old: str, new: str, count: int = 1) -> Edit:
    """Replace ``old`` (which must be there) with ``new``, ``count`` times."""

    def edit(text: str) -> str:
        assert old in text, old
        return text.replace(old, new, count)

    return edit


def append(extra: str) -> Edit:
    return lambda text: text + "\n" + extra + "\n"


def removed(text: str) -> None:
    """The file is not there at all."""
    return


def assert_load_refused(
    load: Callable[[Path], object], shipped: Path, case: Broken, tmp_path: Path
) -> ConfigurationError:
    """Load a copy of ``shipped`` (a data file, or a directory of them) broken by ``case``,
    and check the error: its code, the file named in its message and details, and the
    details the case expects."""
    if shipped.is_dir():
        assert case.file is not None, "a case of a directory's loader names its file"
        loaded = tmp_path / shipped.name
        shutil.copytree(shipped, loaded)
        target = loaded / case.file
    else:
        assert case.file in (None, shipped.name)
        loaded = target = tmp_path / shipped.name
        shutil.copyfile(shipped, target)
    original = target.read_text(encoding="utf-8")
    broken = case.edit(original)
    assert broken != original, "the edit changes nothing"
    if broken is None:
        target.unlink()
    else:
        target.write_text(broken, encoding="utf-8")
    with pytest.raises(ConfigurationError) as caught:
        load(loaded)
    error = caught.value
    assert error.code == case.code, error.message
    assert error.details["file"] == str(target)
    assert str(target) in error.message
    for key, value in case.details.items():
        assert error.details.get(key) == value, (key, error.details)
    return error
