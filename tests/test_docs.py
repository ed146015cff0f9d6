"""The checkout explains itself: its docs and docstrings cite only files inside it, and every
relative link in its Markdown resolves."""

import re
from pathlib import Path

import pytest

from wordsvc.config import ENVIRONMENT

ROOT = Path(__file__).resolve().parents[1]
MARKDOWN = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
SOURCES = [*sorted((ROOT / "wordsvc").rglob("*.py")), *sorted((ROOT / "tests").rglob("*.py"))]
#: Files of the folder the project's briefs came from, outside the checkout.
OUTSIDE = re.compile(r"\bshared/(?:engine-contract|rulebooks)\b")


def test_nothing_cites_a_file_outside_the_checkout():
    citing = [
        str(path.relative_to(ROOT))
        for path in MARKDOWN + SOURCES
        if OUTSIDE.search(path.read_text(encoding="utf-8"))
    ]
    assert citing == []


def test_every_relative_link_resolves():
    missing = [
        (str(path.relative_to(ROOT)), target)
        for path in MARKDOWN
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", path.read_text(encoding="utf-8"))
        if "://" not in target and not (path.parent / target).exists()
    ]
    assert missing == []


def test_every_rules_page_names_its_rulebook():
    pages = sorted((ROOT / "docs" / "rules").glob("*.md"))
    assert pages
    for page in pages:
        head = page.read_text(encoding="utf-8")[:800]
        assert re.search(r"Rulebook: .*\*.+ Rulebook\*", head, re.S), page.name


#: The documents with blocks generated from the code (cog): the settings table, the commands.
GENERATED = ["README.md", "docs/deploy.md", "docs/api.md"]


@pytest.mark.parametrize("document", GENERATED)
def test_generated_blocks_match_the_code(document):
    """As sqlite-utils checks its docs: `cog -r README.md docs/deploy.md` rewrites them."""
    from cogapp import Cog

    status = Cog().main(["cog", "--check", "--diff", str(ROOT / document)])
    assert status == 0, f"{document} is out of date: run `.venv/bin/cog -r {document}`"


def test_every_setting_the_package_reads_is_declared():
    read = {
        name
        for path in (ROOT / "wordsvc").rglob("*.py")
        for name in re.findall(r"\bWORDSVC_[A-Z_]+\b", path.read_text(encoding="utf-8"))
    }
    assert read == {s.name for s in ENVIRONMENT if s.name.startswith("WORDSVC_")}
