"""Derive ``dictionaries/lemmas/capitalised.txt``: the dictionary lemmas that are proper
nouns or abbreviations although pymorphy3-dicts-uk tags some of their nouns as common ones.

pymorphy3-dicts-uk tags most place names as plain nouns (Іркутськ), and gives some surnames a
second, common reading (шевченко, neuter: so Шевченка would pass as a common genitive), and
leaves the abbreviation mark off some abbreviations (ЄБРР). Debian's Ukrainian word list tells
them apart: it spells a proper noun only with a capital, an abbreviation only in capitals. This
script keeps each lemma that the list spells only so and the dictionary has as a common noun
(in at least one analysis), as the list spells it, so that the build marks those nouns
``Prop`` (a capital) or ``Abbr`` (capitals) whether or not the list is installed: a verdict on
a dictionary form never depends on an optional source.
Lemmas with a hyphen are left out (a hyphenated word is never playable).

    python scripts/derive_capitalised_lemmas.py [--wordlist /usr/share/dict/ukrainian] [--check]
"""

from __future__ import annotations

import sys
from pathlib import Path

from _derived import derived_list_main

from wordsvc.alphabet import HYPHEN
from wordsvc.lexicon import sources
from wordsvc.morphology import parse_tag

OUT = Path(__file__).resolve().parent.parent / "dictionaries/lemmas/capitalised.txt"
PROPER_MARKS = frozenset(sources.LEXEME_MARKS) - {"Abbr"}
HEADER = (
    "# id: capitalised-lemmas\n"
    "# description: Lemmas of pymorphy3-dicts-uk that are proper nouns or abbreviations "
    "although the dictionary tags some of their nouns as common ones: place names (Іркутськ), "
    "surnames with a second, common reading (Шевченко), abbreviations without their mark "
    "(ЄБРР). The build marks every noun of a capitalised lemma as a proper noun (Prop), of an "
    "all-capitals one as an abbreviation (Abbr).\n"
    "# source: Derived by scripts/derive_capitalised_lemmas.py from pymorphy3-dicts-uk "
    "{dicts} and Debian's wukrainian {debian} (ispell-uk / dict_uk, GPL-2+ or LGPL-2+): the "
    "lemmas that word list spells only with a capital or only in capitals. A list of facts "
    "about the dictionary; regenerate it when either source changes.\n"
)


def derive(wordlist: Path) -> list[str]:
    """The lemmas, as the word list spells them, sorted."""
    common: set[str] = set()
    for entry in sources.iter_pymorphy():
        pos, grammemes = parse_tag(entry.tag)
        if pos == "NOUN" and not grammemes & PROPER_MARKS:
            common.add(entry.lemma)
    capitalised, lowercase = sources.system_spellings(wordlist)
    spelled: dict[str, str] = {}
    with wordlist.open(encoding="utf-8", errors="replace") as fh:
        for line in fh:
            written = line.strip()
            key = sources.fold_case(written)
            if written[:1].isupper() and key in capitalised and key not in spelled:
                spelled[key] = written
    keep = (capitalised - lowercase) & common
    return sorted(spelled[key] for key in keep if HYPHEN not in key and key in spelled)


def render(lemmas: list[str]) -> str:
    import importlib.metadata

    header = HEADER.format(
        dicts=importlib.metadata.version("pymorphy3-dicts-uk"),
        debian=sources.debian_package_version("wukrainian") or "unknown",
    )
    return header + "".join(f"{lemma}\n" for lemma in lemmas)


def main(argv: list[str] | None = None) -> int:
    return derived_list_main(
        __doc__.splitlines()[0], OUT, lambda wordlist: render(derive(wordlist)), argv
    )


if __name__ == "__main__":
    sys.exit(main())
