"""How far the judge's ``any`` category agrees with Debian's Hunspell dictionary (hunspell-uk)
on the most frequent Ukrainian word forms, and why they disagree.

Hunspell is an independent check here, never a source of words: a form it accepts that the
judge refuses as ``unknown_word`` is a lead for a person to review (a gap in the lexicon's
sources), not something to copy. The sample is wordfreq's most frequent Ukrainian forms of
3+ letters spelled only with Ukrainian letters and the apostrophe, normalised as the judge
normalises input. Hunspell judges each form as written in lower case (so it refuses "львів"
for "Львів"), with the ASCII apostrophe and with the typographic one, either passing
(hunspell-uk 7.5 spells its entries with ' and reads ’ and ʼ as ' through its ICONV table).

    python scripts/agreement.py [--data-dir DIR] [--top 60000] [--json PATH] [--list-unknown]

Installs hunspell and hunspell-uk with apt-get when missing (as root, like .ci/run); exits
with code 2 when it cannot. ``--list-unknown`` adds every form Hunspell accepts and the judge
refuses as unknown_word, with its wordfreq rank, one a line.
"""

import argparse
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from wordsvc.alphabet import (
    APOSTROPHE,
    APOSTROPHE_VARIANTS,
    LETTER_SET,
    MIN_WORD_LENGTH,
    normalise,
    word_length,
)
from wordsvc.errors import InvalidWord, LexiconError

CATEGORY = "any"
DEFAULT_TOP = 60_000
EXAMPLES = 15
HUNSPELL_DIC = Path("/usr/share/hunspell/uk_UA.dic")
HUNSPELL_PACKAGES = ("hunspell", "hunspell-uk")
#: The typographic apostrophe, the other spelling Hunspell is asked about.
TYPOGRAPHIC_APOSTROPHE = "’"
#: The characters a sample form may be made of, before normalisation.
_SAMPLE_CHARS = LETTER_SET | APOSTROPHE_VARIANTS
#: The dictionary's source id in the judge's analyses (wordsvc.lexicon.sources).
DICTIONARY_SOURCE = "pymorphy3-dicts-uk"
#: The four ways a form can fall, in the report's order.
OUTCOMES = ("both accept", "both refuse", "judge only", "hunspell only")


class CannotRun(Exception):
    """What the script needs is missing and cannot be installed; the message says what."""


# --- what is needed -------------------------------------------------------------------------


def hunspell_missing() -> list[str]:
    """What of Hunspell and its Ukrainian dictionary is missing (nothing: an empty list)."""
    missing = [] if shutil.which("hunspell") else ["the hunspell command"]
    return missing + ([] if HUNSPELL_DIC.exists() else [str(HUNSPELL_DIC)])


def ensure_hunspell() -> None:
    """Install hunspell and hunspell-uk with apt-get when missing, or raise :class:`CannotRun`."""
    missing = hunspell_missing()
    if not missing:
        return
    what = " and ".join(missing)
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        raise CannotRun(
            f"{what} missing; installing needs root and apt-get: "
            f"apt-get install {' '.join(HUNSPELL_PACKAGES)}"
        )
    progress(f"{what} missing: installing {' '.join(HUNSPELL_PACKAGES)} with apt-get")
    env = os.environ | {"DEBIAN_FRONTEND": "noninteractive"}
    for command in (
        ["apt-get", "update", "-qq"],
        ["apt-get", "install", "-y", "-qq", *HUNSPELL_PACKAGES],
    ):
        done = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, check=False)
        if done.returncode != 0:
            raise CannotRun(f"{' '.join(command)} failed (exit {done.returncode})")
    if hunspell_missing():
        raise CannotRun(f"{' and '.join(hunspell_missing())} still missing after apt-get")


def package_version(package: str) -> str | None:
    """A Debian package's installed version, or None."""
    done = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", package],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.strip() or None if done.returncode == 0 else None


# --- the sample -----------------------------------------------------------------------------


def sample_form(form: str) -> str | None:
    """``form`` as the judge reads it when it is a sample word (Ukrainian letters and the
    apostrophe only, 3+ letters), else None."""
    if not form or not _SAMPLE_CHARS.issuperset(form):
        return None
    try:
        word = normalise(form).word
    except InvalidWord:  # an apostrophe at an end, for one
        return None
    return word if word_length(word) >= MIN_WORD_LENGTH else None


def sample(forms: Iterable[str]) -> dict[str, int]:
    """The sample words with their rank in ``forms`` (1: the first), in that order; a word
    met twice (two apostrophes) keeps its first rank."""
    ranks: dict[str, int] = {}
    for rank, form in enumerate(forms, 1):
        word = sample_form(form)
        if word is not None:
            ranks.setdefault(word, rank)
    return ranks


def wordfreq_sample(top: int) -> dict[str, int]:
    import wordfreq

    return sample(wordfreq.top_n_list("uk", top))


# --- Hunspell's verdicts --------------------------------------------------------------------


def hunspell_spellings(word: str) -> tuple[str, ...]:
    """How Hunspell is asked about a normalised word: as written, and with the typographic
    apostrophe when it has one."""
    if APOSTROPHE not in word:
        return (word,)
    return word, word.replace(APOSTROPHE, TYPOGRAPHIC_APOSTROPHE)


def run_hunspell(lines: Iterable[str], *options: str) -> list[str]:
    """Hunspell's output lines for ``lines`` (one word each) read from stdin, in UTF-8."""
    done = subprocess.run(
        ["hunspell", "-d", "uk_UA", "-i", "utf-8", *options],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=True,
    )
    return done.stdout.splitlines()


def hunspell_accepts(words: Iterable[str]) -> tuple[set[str], dict[str, int]]:
    """The words Hunspell accepts in one spelling or another (``-G``: the correct words of
    the input), and how many spellings of each kind it accepted."""
    spellings = {s: word for word in words for s in hunspell_spellings(word)}
    passed = set(run_hunspell(spellings, "-G")) & spellings.keys()
    by_apostrophe = {
        "ascii": sum(1 for s in passed if APOSTROPHE in s),
        "typographic": sum(1 for s in passed if TYPOGRAPHIC_APOSTROPHE in s),
    }
    return {spellings[s] for s in passed}, by_apostrophe


def hunspell_stems(words: Iterable[str]) -> dict[str, list[str]]:
    """Hunspell's stems of each word (``-s``: a line "word stem" per stem), its own spelling
    left out."""
    stems: dict[str, list[str]] = {}
    for line in run_hunspell(words, "-s"):
        parts = line.split()
        if len(parts) == 2 and parts[1] != parts[0]:
            stems.setdefault(parts[0], []).append(parts[1])
    return stems


# --- the judge's verdicts -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Judged:
    """What the judge said of one word: accepted or not, the reason, and which source
    accepted it (``pymorphy3-dicts-uk NOUN``, ``words:uninflected``...)."""

    accepted: bool
    reason: str | None
    accepted_by: str | None


def open_judge(data_dir: Path | None):
    from wordsvc.config import Settings
    from wordsvc.judge import Judge

    settings = Settings.from_env()
    if data_dir is not None:
        settings = replace(settings, data_dir=data_dir)
    try:
        return Judge.open(settings)
    except LexiconError as exc:  # not built, or built from other sources
        raise CannotRun(f"no lexicon to judge with in {settings.data_dir}: {exc}") from exc


#: The marks that set a dictionary reading apart, in the order one is named for it.
MARKS = (
    (("Name", "Surn", "Patr", "Prop"), "proper noun"),
    (("Abbr",), "abbreviation"),
    (("Slng",), "slang"),
    (("Infr",), "colloquial"),
    (("Arch",), "archaic"),
    (("alt",), "alternative spelling"),
)
#: Which of several accepting readings a word is counted under: the common words first (a
#: real disagreement), the proper nouns and abbreviations last (Hunspell wants them written
#: with capitals, a convention rather than a disagreement).
PRECEDENCE = (
    None, "alternative spelling", "archaic", "colloquial", "slang", "abbreviation", "proper noun"
)  # fmt: skip


def mark_of(grammemes: Iterable[str]) -> str | None:
    """What sets a dictionary reading apart (a proper noun, slang...), or None."""
    present = set(grammemes)
    return next((name for tags, name in MARKS if present.intersection(tags)), None)


def reading_label(source: str, pos: str | None, grammemes: Iterable[str]) -> tuple[int, str]:
    """A group of accepting readings, with its precedence: the plainest reading first (a
    common word of the dictionary), then the dictionary's marked ones, the word lists, and
    the rest (Debian's word list)."""
    if source == DICTIONARY_SOURCE:
        mark = mark_of(grammemes)
        label = f"{source} {pos or '(no part of speech)'}" + (f", {mark}" if mark else "")
        return PRECEDENCE.index(mark), label
    if source.startswith(("words:", "list:")):
        return len(PRECEDENCE), source
    return len(PRECEDENCE) + 1, source


def accepted_by(readings: Iterable[tuple[int, str]]) -> str | None:
    """The one group an accepted word is counted in, when several readings accept it."""
    return min(readings, default=(0, None))[1]


def judged(category, verdict) -> Judged:
    """The judge's verdict on one word in ``category``, reduced to what the report needs."""
    readings = [
        reading_label(a.source, a.pos, a.grammemes)
        for a in verdict.analyses
        if category.judge(a.source, a.tag).accepted
    ]
    of_category = verdict.categories[0]
    return Judged(of_category.accepted, of_category.reason, accepted_by(readings))


def judge_all(judge, words: list[str], chunk: int = 5_000) -> dict[str, Judged]:
    """The judge's verdicts on ``words``, a chunk at a time to show progress."""
    category = judge.registry.resolve([CATEGORY])[0]
    results: dict[str, Judged] = {}
    started = time.perf_counter()
    for start in range(0, len(words), chunk):
        part = words[start : start + chunk]
        verdicts = judge.check_many(part, [CATEGORY], suggest=False)
        for word, verdict in zip(part, verdicts, strict=True):
            if isinstance(verdict, InvalidWord):  # the sample holds words only
                raise verdict
            results[word] = judged(category, verdict)
        progress(f"  judged {len(results):,} of {len(words):,}", started)
    return results


# --- the comparison -------------------------------------------------------------------------


def outcome(judge_accepts: bool, hunspell_accepts: bool) -> str:
    if judge_accepts:
        return "both accept" if hunspell_accepts else "judge only"
    return "hunspell only" if hunspell_accepts else "both refuse"


def group(words: Iterable[str], key: Callable[[str], str]) -> dict[str, list[str]]:
    """``words`` by ``key``, each group in the words' order, the biggest group first (ties
    by name)."""
    groups: dict[str, list[str]] = {}
    for word in words:
        groups.setdefault(key(word), []).append(word)
    return dict(sorted(groups.items(), key=lambda item: (-len(item[1]), item[0])))


#: The vowel letters: a form without one is a sound (ммм, кхм), not a word to inflect.
VOWELS = frozenset("аеєиіїоуюя")
_REPEATED = re.compile(r"(.)\1\1|^(.{2,4})\2+$")  # a letter thrice, or a syllable repeated


def unknown_group(word: str, stems: Mapping[str, list[str]], known: Callable[[str], bool]) -> str:
    """A cheap guess at why the judge does not know a form Hunspell accepts: Hunspell's stems
    say whether it is a form of a word the judge knows; the form's shape, whether it is a
    sound; the rest needs a person (an interjection, a particle, a piece of a foreign name?)."""
    other_stems = stems.get(word, [])
    if any(known(stem) for stem in other_stems):
        return "a form of a word the judge accepts (Hunspell's stem)"
    if not VOWELS.intersection(word):
        return "no vowel: a sound or an interjection"
    if _REPEATED.search(word):
        return "repeated letters or syllables: an interjection"
    if other_stems:
        return "a form of a word the judge lacks too (Hunspell's stem)"
    return "a word of one form in Hunspell: to review"


@dataclass
class Comparison:
    ranks: dict[str, int]
    outcomes: dict[str, list[str]]
    hunspell_only: dict[str, list[str]]  # by the judge's reason
    unknown: dict[str, list[str]]  # hunspell only, unknown_word: by unknown_group
    judge_only: dict[str, list[str]]  # by the accepting source

    @property
    def unknown_words(self) -> list[str]:
        """The words Hunspell accepts and the judge refuses as unknown, most frequent first."""
        return self.hunspell_only.get("unknown_word", [])

    def as_json(self, examples: int, meta: dict[str, object]) -> dict[str, object]:
        def groups(by: dict[str, list[str]]) -> dict[str, object]:
            return {k: {"count": len(v), "examples": v[:examples]} for k, v in by.items()}

        return meta | {
            "sample": len(self.ranks),
            "counts": {name: len(self.outcomes[name]) for name in OUTCOMES},
            "hunspell_only_by_reason": groups(self.hunspell_only),
            "unknown_word_by_guess": groups(self.unknown),
            "judge_only_by_source": groups(self.judge_only),
            "unknown_word": [[w, self.ranks[w]] for w in self.unknown_words],
        }


def compare(
    ranks: dict[str, int],
    judge: Mapping[str, Judged],
    hunspell: set[str],
    guess: Callable[[str], str],
) -> Comparison:
    """The sample's words by outcome; the disagreements by cause (``guess``: the finer group
    of a word the judge refuses as unknown)."""
    outcomes = group(ranks, lambda w: outcome(judge[w].accepted, w in hunspell))
    outcomes = {name: outcomes.get(name, []) for name in OUTCOMES}
    by_reason = group(outcomes["hunspell only"], lambda w: judge[w].reason or "-")
    unknown = group(by_reason.get("unknown_word", []), guess)
    by_source = group(outcomes["judge only"], lambda w: judge[w].accepted_by or "-")
    return Comparison(ranks, outcomes, by_reason, unknown, by_source)


# --- the report -----------------------------------------------------------------------------


def report_lines(comparison: Comparison, examples: int, meta: dict[str, object]) -> list[str]:
    c = comparison
    total = len(c.ranks)
    lines = [f"{key}: {value}" for key, value in meta.items()]
    lines += ["", f"Sample: {total:,} forms", ""]
    for name in OUTCOMES:
        count = len(c.outcomes[name])
        lines.append(f"  {name:<14} {count:>7,}  {100 * count / max(total, 1):5.1f} %")
    accepted = len(c.outcomes["both accept"]) + len(c.outcomes["hunspell only"])
    lines += [
        "",
        f"Of the {accepted:,} forms Hunspell accepts, the judge refuses "
        f"{len(c.outcomes['hunspell only']):,}, {len(c.unknown_words):,} of them as unknown_word.",
    ]
    lines += [
        "",
        f"Hunspell accepts, the judge refuses ({len(c.outcomes['hunspell only']):,}), "
        "by the judge's reason:",
    ]
    lines += group_lines(c.hunspell_only, c.ranks, examples)
    if c.unknown:
        lines += ["", "  ... unknown_word, by a guess from Hunspell's stems and the form's shape:"]
        lines += group_lines(c.unknown, c.ranks, examples, indent="    ")
    lines += [
        "",
        f"The judge accepts, Hunspell refuses ({len(c.outcomes['judge only']):,}), "
        "by the source that accepts:",
    ]
    lines += group_lines(c.judge_only, c.ranks, examples)
    return lines


def group_lines(
    groups: dict[str, list[str]], ranks: Mapping[str, int], examples: int, indent: str = "  "
) -> list[str]:
    lines = []
    for key, words in groups.items():
        lines.append(f"{indent}{key}: {len(words):,}")
        shown = ", ".join(f"{w} ({ranks[w]})" for w in words[:examples])
        lines.append(f"{indent}    {shown}{', ...' if len(words) > examples else ''}")
    return lines or [f"{indent}(none)"]


# --- running --------------------------------------------------------------------------------

_START = time.perf_counter()


def progress(message: str, since: float | None = None) -> None:
    took = f" ({time.perf_counter() - since:.1f} s)" if since is not None else ""
    print(f"[{time.perf_counter() - _START:5.1f} s] {message}{took}", file=sys.stderr)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=None, help="default: WORDSVC_DATA_DIR")
    parser.add_argument("--top", type=int, default=DEFAULT_TOP, help="wordfreq forms to take")
    parser.add_argument("--examples", type=int, default=EXAMPLES, help="examples per group")
    parser.add_argument("--json", type=Path, default=None, help="also write the numbers here")
    parser.add_argument(
        "--list-unknown",
        action="store_true",
        help="also list every form Hunspell accepts that the judge refuses as unknown_word",
    )
    return parser.parse_args(argv)


def guesser(judge, stems: Mapping[str, list[str]]) -> Callable[[str], str]:
    """:func:`unknown_group` for this judge and these stems."""

    def known(stem: str) -> bool:
        try:
            return judge.check(stem, [CATEGORY], suggest=False).valid
        except InvalidWord:
            return False

    return lambda word: unknown_group(word, stems, known)


def describe(judge, args: argparse.Namespace, ranks: Mapping[str, int], apostrophes) -> dict:
    """What the figures were computed from, for the report's head and the JSON."""
    with_apostrophe = sum(1 for w in ranks if APOSTROPHE in w)
    return {
        "lexicon": str(judge.lexicon.path),
        "hunspell-uk": package_version("hunspell-uk"),
        "wordfreq": importlib.metadata.version("wordfreq"),
        "top": args.top,
        "apostrophe": f"of the {with_apostrophe:,} sample forms with one, Hunspell accepts "
        f"{apostrophes['ascii']:,} spelled with ' and {apostrophes['typographic']:,} with ’",
    }


def run(args: argparse.Namespace) -> int:
    ensure_hunspell()
    judge = open_judge(args.data_dir)
    clock = time.perf_counter()
    ranks = wordfreq_sample(args.top)
    progress(f"sample: {len(ranks):,} of wordfreq's top {args.top:,} forms", clock)
    clock = time.perf_counter()
    hunspell, apostrophes = hunspell_accepts(ranks)
    progress(f"Hunspell accepts {len(hunspell):,}", clock)
    progress(f"judging {len(ranks):,} forms with {judge.lexicon.path}")
    verdicts = judge_all(judge, list(ranks))
    unknown = [w for w in ranks if w in hunspell and verdicts[w].reason == "unknown_word"]
    stems = hunspell_stems(unknown) if unknown else {}
    comparison = compare(ranks, verdicts, hunspell, guesser(judge, stems))
    meta = describe(judge, args, ranks, apostrophes)
    print("\n".join(report_lines(comparison, args.examples, meta)))
    if args.list_unknown:
        print("\nEvery form Hunspell accepts that the judge refuses as unknown_word (rank, form):")
        print("\n".join(f"{comparison.ranks[w]}\t{w}" for w in comparison.unknown_words))
    if args.json is not None:
        data = comparison.as_json(args.examples, meta)
        args.json.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        progress(f"wrote {args.json}")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        return run(args)
    except CannotRun as exc:
        print(f"agreement: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
