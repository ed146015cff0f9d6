"""Keep ``dictionaries/words/uninflected.txt``: the common uninflected words (interjections,
predicatives, adverbs, particles) that pymorphy3-dicts-uk leaves out.

pymorphy3-dicts-uk has no interjections or predicatives at all and lacks some adverbs (вже,
теж), so without Debian's word list a fresh install refused some of the most frequent words
of Ukrainian. This script finds the candidates, and a person reviews them: a candidate is a
lower-case word of 3+ letters, without a hyphen, that the dictionary lacks (or has only as a
proper noun's form: дедалі only as the locative of Дедал, алло as the vocative of Алла) and
wordfreq lists (Zipf above 0), attested by

- Debian's wukrainian (ispell-uk / dict_uk, GPL-2+ or LGPL-2+), when installed; or
- the ULIF stress dictionary shipped by the PyPI package ukrainian-word-stress (MIT), among
  wordfreq's 60,000 most frequent forms (it also holds Russian forms, so only the top).

Each reviewed candidate is either an entry of the file, with its part of speech as its
comment (``вже  # ADVB``: the build reads it as the entry's tag, see the header's
``# tags: comment``), or named in the header's ``# rejected:`` line (inflected forms, parts
of compounds, Russian words). Hunspell is never a source: scripts/agreement.py uses it as a
check only.

    python scripts/derive_uninflected.py            # the candidates still to review
    python scripts/derive_uninflected.py --write    # re-sort, refresh the header's versions
    python scripts/derive_uninflected.py --check    # exit 1 if unreviewed or stale
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import sys
from pathlib import Path

from wordsvc.alphabet import HYPHEN, MIN_WORD_LENGTH, sort_key, word_length
from wordsvc.lexicon import sources
from wordsvc.lexicon.frequency import read_wordfreq

OUT = Path(__file__).resolve().parent.parent / "dictionaries/words/uninflected.txt"
#: How far down wordfreq's list the ULIF dictionary's candidates are taken.
ULIF_TOP = 60_000
#: The parts of speech an entry may have: words with one form only.
UNINFLECTED = frozenset({"ADVB", "PRCL", "CONJ", "PREP", "INTJ", "PRED"})
HEADER = (
    "# id: uninflected\n"
    "# name_uk: Незмінні слова\n"
    "# name_en: Uninflected words\n"
    "# description: Common uninflected words that pymorphy3-dicts-uk leaves out: "
    "interjections (ура, агов), predicatives (немає, нема), adverbs and particles (вже, теж). "
    "Each entry's comment is its part of speech.\n"
    "# tags: comment\n"
    "# source: Candidates found by scripts/derive_uninflected.py in Debian's wukrainian "
    "{debian} (ispell-uk / dict_uk, GPL-2+ or LGPL-2+) and the ULIF stress dictionary of "
    "ukrainian-word-stress {ulif} (MIT), among the words wordfreq {wordfreq} lists and "
    "pymorphy3-dicts-uk {dicts} lacks; each reviewed by hand, its part of speech written by "
    "hand. Added by hand on reviewing scripts/agreement.py's report: interjections of speech "
    "as people write them (альо, чао, вуаля, хех, хмм, ммм, кхм, пфф); its other leads were "
    "left out (ггг, хаха for ха-ха, факто, моторс). Regenerate when a source changes.\n"
    "# rejected: {rejected}\n"
)


def read_reviewed(path: Path) -> tuple[dict[str, str], set[str]]:
    """The file's entries with their tags, and the candidates its header rejects."""
    word_list = sources.read_word_list(path)
    entries = dict(zip(word_list.keys, word_list.notes, strict=True))
    return entries, set(word_list.meta.get("rejected", "").split())


#: The marks of a proper noun's reading: a form with no other reading is no common word.
PROPER = frozenset({"Name", "Surn", "Patr", "Geox"})


def dictionary_forms(common_only: bool = False) -> set[str]:
    """Every form of the dictionary; with ``common_only``, those with a reading that is not
    a proper noun's (дедалі, the locative of Дедал only, is then missing: the adverb is)."""
    return {
        entry.word
        for entry in sources.iter_pymorphy()
        if not common_only or not PROPER & set(entry.tag.replace(" ", ",").split(","))
    }


def candidates(known: set[str], wordlist: Path | None, ulif: bool) -> dict[str, str]:
    """Candidate -> where it was found, most frequent first."""
    import wordfreq

    zipf = read_wordfreq().zipf
    found: dict[str, str] = {}
    if wordlist is not None:
        for entry in sources.iter_system_wordlist(wordlist):
            if entry.lemma == entry.word and zipf.get(entry.word, 0) > 0:
                found[entry.word] = "wukrainian"
    if ulif:
        top = [w.replace("’", "'") for w in wordfreq.top_n_list("uk", ULIF_TOP)]
        stress = _ulif_forms()
        for word in top:
            if word in stress:
                found.setdefault(word, "ULIF")
    wanted = {w: s for w, s in found.items() if _playable(w) and w not in known}
    return dict(sorted(wanted.items(), key=lambda item: -zipf[item[0]]))


def _ulif_forms() -> set[str]:
    import marisa_trie
    import ukrainian_word_stress

    trie = marisa_trie.BytesTrie()
    trie.load(str(Path(ukrainian_word_stress.__file__).parent / "data" / "stress.trie"))
    return {key for key in trie.iterkeys() if key == key.lower()}


def _playable(word: str) -> bool:
    try:
        return HYPHEN not in word and word_length(word) >= MIN_WORD_LENGTH
    except ValueError:
        return False


def render(entries: dict[str, str], rejected: set[str]) -> str:
    header = HEADER.format(
        debian=sources.debian_package_version("wukrainian") or "(not installed)",
        ulif=_version("ukrainian-word-stress"),
        wordfreq=_version("wordfreq"),
        dicts=_version("pymorphy3-dicts-uk"),
        rejected=" ".join(sorted(rejected, key=sort_key)),
    )
    lines = [f"{word}  # {entries[word]}\n" for word in sorted(entries, key=sort_key)]
    return header + "".join(lines)


def _version(package: str) -> str:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return "(not installed)"


def problems(entries: dict[str, str], known: set[str]) -> list[str]:
    """What is wrong with the reviewed entries themselves."""
    found = []
    for word, tag in entries.items():
        if word in known:
            found.append(f"{word}: pymorphy3-dicts-uk has it now; remove the entry")
        if tag.split(",")[0] not in UNINFLECTED:
            found.append(f"{word}: {tag!r} is not an uninflected part of speech")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordlist", type=Path, default=sources.SYSTEM_WORDLIST)
    parser.add_argument("--check", action="store_true", help="exit 1 if unreviewed or stale")
    parser.add_argument("--write", action="store_true", help="re-sort and refresh the header")
    args = parser.parse_args(argv)
    wordlist = args.wordlist if args.wordlist.is_file() else None
    ulif = importlib.util.find_spec("ukrainian_word_stress") is not None
    if wordlist is None and not ulif:
        print(
            "No source to find candidates in: install Debian's wukrainian (apt-get install "
            "wukrainian) or `pip install --no-deps ukrainian-word-stress`.",
            file=sys.stderr,
        )
        return 2
    entries, rejected = read_reviewed(OUT)
    print("reading pymorphy3-dicts-uk ...", file=sys.stderr)
    known = dictionary_forms(common_only=True)
    found = candidates(known, wordlist, ulif)
    unreviewed = {w: s for w, s in found.items() if w not in entries and w not in rejected}
    wrong = problems(entries, known)
    for line in wrong:
        print(line)
    for word, source in unreviewed.items():
        print(f"to review: {word} ({source})")
    if args.write:
        OUT.write_text(render(entries, rejected), encoding="utf-8")
        print(f"wrote {len(entries)} entries to {OUT}")
    if args.check:
        stale = bool(wrong or unreviewed)
        print(f"{OUT} is {'stale' if stale else 'up to date'}")
        return 1 if stale else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
