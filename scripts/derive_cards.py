"""Derive the letters on the Words of Magic cards from the lexicon's letter frequencies.

The rulebook fixes how many cards each deck has but not their letters. This script writes
``wordsvc/rules/words_of_magic/data/cards.toml`` from the built lexicon's letter counts:

- a player deck's 28 letter cards: the 33 letters apportioned by frequency (largest
  remainder), so a deck spells like the language;
- the Balance of Power decks: letters ranked by frequency and cut into three tiers of 11.
  Green (easy to use) takes the 11 most frequent letters, 22 cards by frequency, plus the
  2 joker cards; yellow the next 11, 30 cards by frequency; red the 11 rarest, 16 cards with
  at least one of each. So green helps a neighbour little, red burdens them most;
- the Familiar's 6 vowel cards: the 6 most frequent vowels.

    python scripts/derive_cards.py [--check]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from wordsvc.config import Settings
from wordsvc.lexicon.store import StoredLexicon

CARDS_FILE = Path(__file__).resolve().parent.parent / "wordsvc/rules/words_of_magic/data/cards.toml"
VOWELS = "аеєиіїоуюя"
PLAYER_LETTERS = 28
TIERS = (("green", 22, 0), ("yellow", 30, 0), ("red", 16, 1))  # colour, cards, minimum each
BALANCE_JOKERS = {"green": 2, "yellow": 0, "red": 0}


def apportion(weights: dict[str, int], total: int, minimum: int = 0) -> dict[str, int]:
    """Largest-remainder apportionment of ``total`` cards by ``weights``."""
    counts = dict.fromkeys(weights, minimum)
    left = total - minimum * len(weights)
    whole = sum(weights.values())
    quotas = {k: left * w / whole for k, w in weights.items()}
    for key, quota in quotas.items():
        counts[key] += int(quota)
    remaining = total - sum(counts.values())
    for key in sorted(quotas, key=lambda k: (-(quotas[k] - int(quotas[k])), k))[:remaining]:
        counts[key] += 1
    return {k: n for k, n in counts.items() if n}


def table(counts: dict[str, int]) -> str:
    return "{ " + ", ".join(f'"{k}" = {n}' for k, n in counts.items()) + " }"


def derive(frequency: dict[str, int]) -> str:
    ranked = sorted(frequency, key=lambda k: (-frequency[k], k))
    lines = [
        "# Letters on the Words of Magic cards, derived from the lexicon's letter frequencies by",
        "# scripts/derive_cards.py (docs/rules/words-of-magic.md explains the derivation).",
        "",
        "[player_deck]",
        f"letters = {table(apportion(frequency, PLAYER_LETTERS))}",
        "jokers = 2",
        'magic = ["revival", "renewal-of-strength", "search-for-fate", "extra-portion"]',
        "",
    ]
    for i, (colour, cards, minimum) in enumerate(TIERS):
        tier = {k: frequency[k] for k in ranked[i * 11 : (i + 1) * 11]}
        lines += [
            f"[balance.{colour}]",
            f"letters = {table(apportion(tier, cards, minimum))}",
            f"jokers = {BALANCE_JOKERS[colour]}",
            "",
        ]
    vowels = [k for k in ranked if k in VOWELS][:6]
    lines += ["[familiar]", "letters = [" + ", ".join(f'"{v}"' for v in vowels) + "]", ""]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="Exit 1 if the file differs.")
    args = parser.parse_args()
    frequency = StoredLexicon(Settings.from_env().data_dir).manifest["letter_counts"]
    text = derive(frequency)
    if args.check:
        sys.exit(0 if CARDS_FILE.read_text(encoding="utf-8") == text else 1)
    CARDS_FILE.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
