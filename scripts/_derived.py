"""What the scripts that derive a shipped list from Debian's word list share: reading the
list's path, then writing the file or checking that it is up to date (``--check``)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from wordsvc.lexicon import sources


def derived_list_main(
    description: str,
    out: Path,
    make: Callable[[Path], str],
    argv: list[str] | None = None,
) -> int:
    """Write ``out`` as ``make(word list)`` gives it, or with ``--check`` exit 1 if it
    differs; the word list is Debian's unless ``--wordlist`` names another."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--wordlist", type=Path, default=sources.SYSTEM_WORDLIST)
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is stale")
    args = parser.parse_args(argv)
    if not args.wordlist.is_file():
        parser.error(f"no word list at {args.wordlist}: install Debian's wukrainian")
    text = make(args.wordlist)
    if args.check:
        stale = out.read_text(encoding="utf-8") != text
        print(f"{out} is {'stale' if stale else 'up to date'}")
        return 1 if stale else 0
    out.write_text(text, encoding="utf-8")
    entries = sum(1 for line in text.splitlines() if line and not line.startswith("#"))
    print(f"wrote {entries:,} entries to {out}")
    return 0
