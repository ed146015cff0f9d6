"""Derive ``dictionaries/words/wordlist-forms.txt``: the frequent forms of Debian's word list
that pymorphy3-dicts-uk lacks, so that a fresh install judges them as one with the list does.

With Debian's wukrainian installed, the build adds every lower-case form of it the dictionary
lacks, and ``any`` accepts them; without it, they were unknown. The forms people actually
write (those wordfreq lists) are shipped here, so the verdicts on them are the same on every
install; the rarer ones still come only with the list. The uninflected words among them are
in ``words/uninflected.txt`` with their part of speech (scripts/derive_uninflected.py) and
are left out here. Like ``lemmas/capitalised.txt``, a list of facts about the sources,
derived, not chosen: regenerate it when either changes.

    python scripts/derive_wordlist_forms.py [--wordlist /usr/share/dict/ukrainian] [--check]
"""

from __future__ import annotations

import sys
from pathlib import Path

from _derived import derived_list_main
from derive_uninflected import OUT as UNINFLECTED
from derive_uninflected import candidates, dictionary_forms, read_reviewed

from wordsvc.alphabet import sort_key
from wordsvc.lexicon import sources

OUT = Path(__file__).resolve().parent.parent / "dictionaries/words/wordlist-forms.txt"
HEADER = (
    "# id: wordlist-forms\n"
    "# name_uk: Форми зі словника Debian\n"
    "# name_en: Forms from Debian's word list\n"
    "# description: The lower-case forms of Debian's word list that pymorphy3-dicts-uk "
    "lacks and wordfreq lists: shipped so that a fresh install accepts them as an install "
    "with the list does.\n"
    "# source: Derived by scripts/derive_wordlist_forms.py from Debian's wukrainian {debian} "
    "(ispell-uk / dict_uk, GPL-2+ or LGPL-2+), pymorphy3-dicts-uk {dicts} and wordfreq "
    "{wordfreq}; the uninflected words are in uninflected.txt. Regenerate when a source "
    "changes.\n"
)


def derive(wordlist: Path) -> list[str]:
    """The forms, in Ukrainian alphabetical order."""
    known = dictionary_forms()
    found = candidates(known, wordlist, ulif=False)
    uninflected, _ = read_reviewed(UNINFLECTED)
    return sorted((w for w in found if w not in uninflected), key=sort_key)


def render(forms: list[str]) -> str:
    import importlib.metadata

    header = HEADER.format(
        debian=sources.debian_package_version("wukrainian") or "unknown",
        dicts=importlib.metadata.version("pymorphy3-dicts-uk"),
        wordfreq=importlib.metadata.version("wordfreq"),
    )
    return header + "".join(f"{form}\n" for form in forms)


def main(argv: list[str] | None = None) -> int:
    return derived_list_main(
        __doc__.splitlines()[0], OUT, lambda wordlist: render(derive(wordlist)), argv
    )


if __name__ == "__main__":
    sys.exit(main())
