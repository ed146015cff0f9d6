"""How many verdicts differ between two built lexicons: per category, the forms one admits and
the other does not, with examples. Use it to report what a change to the build or its sources
does to the verdicts over the whole lexicon.

    python scripts/lexicon_diff.py OLD_DATA_DIR NEW_DATA_DIR [--examples 8] [--only-in FILE]

``--only-in`` limits the comparison to the forms of a third lexicon's ``any:all`` set (for
example, the dictionary's forms when comparing a build with Debian's list to one without).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from wordsvc.lexicon.store import StoredLexicon


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--examples", type=int, default=8)
    parser.add_argument("--only-in", type=Path, default=None, help="a third lexicon's data dir")
    args = parser.parse_args(argv)
    old, new = StoredLexicon(args.old), StoredLexicon(args.new)
    within = set(StoredLexicon(args.only_in).word_set("any:all").keys()) if args.only_in else None
    categories = [
        c for c in new.manifest["counts"]["categories"] if c in old.manifest["counts"]["categories"]
    ]
    print("| category | admitted before | now | no longer admitted | newly admitted |")
    print("|---|---:|---:|---:|---:|")
    notes = []
    for category in categories:
        before = set(old.word_set(category).keys())
        after = set(new.word_set(category).keys())
        if within is not None:
            before &= within
            after &= within
        lost, gained = sorted(before - after), sorted(after - before)
        print(
            f"| {category} | {len(before):,} | {len(after):,} | {len(lost):,} | {len(gained):,} |"
        )
        if lost or gained:
            notes.append(
                f"{category}: no longer {', '.join(lost[: args.examples]) or '-'}; "
                f"newly {', '.join(gained[: args.examples]) or '-'}"
            )
    print()
    print("\n".join(notes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
