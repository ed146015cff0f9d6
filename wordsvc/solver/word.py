"""Can I make this word? The word's cheapest layout, or what the hand lacks.

:func:`shortfall` explains a word the hand cannot lay out by counting letters, for every use
of the free letters (the Amazon's А, one Familiar card), and keeps the use that comes
closest: the letters on no card, what can stand in for them (joker cards, and tokens on hand
cards the word does not use), and how many more joker cards or tokens it would take.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from wordsvc.alphabet import LETTERS, letters_of
from wordsvc.rules.words_of_magic.components import CardKind, Character
from wordsvc.rules.words_of_magic.turn import AMAZON_LETTER
from wordsvc.solver.hand import MAX_TOKENS, Hand
from wordsvc.solver.layout import usable_familiar

_ORDER = {letter: i for i, letter in enumerate(LETTERS)}


@dataclass(frozen=True)
class Shortfall:
    """Why a hand cannot lay a word out, for the use of free letters that comes closest."""

    word: str
    missing: tuple[str, ...]  # letters on no letter card and no free letter, in order
    free_letters: tuple[str, ...]  # the free letters this count uses (Familiar, Amazon)
    joker_cards: int  # joker cards in the hand
    tokens_usable: int  # tokens that have a card to lie on: min(tokens, spare cards)
    more_needed: int  # more joker cards (or tokens, when there are cards for them) needed
    #: Whether that many more tokens would do: each needs a hand card the word does not
    #: use, and a player has at most three.
    tokens_would_do: bool

    @property
    def message(self) -> str:
        missing = ", ".join(m.upper() for m in self.missing)
        cover = f"{self.joker_cards} joker card(s) and {self.tokens_usable} usable token(s)"
        more = f"{self.more_needed} more joker card(s)"
        if self.tokens_would_do:
            more += " or token(s)"
        return (
            f"This hand cannot make {self.word.upper()}: {missing} "
            f"{'is' if len(self.missing) == 1 else 'are'} on no card, {cover} can stand in "
            f"for {len(self.missing) - self.more_needed}; it needs {more}."
        )

    def details(self) -> dict[str, object]:
        return {
            "word": self.word,
            "missing": list(self.missing),
            "free_letters": list(self.free_letters),
            "joker_cards": self.joker_cards,
            "tokens_usable": self.tokens_usable,
            "more_needed": self.more_needed,
            "tokens_would_do": self.tokens_would_do,
        }


def shortfall(word: str, hand: Hand) -> Shortfall | None:
    """What the hand lacks to lay out ``word``; None when it can."""
    need = Counter(letters_of(word))
    cards = Counter(c.face_letter for c in hand.cards if c.kind is CardKind.LETTER)
    jokers = sum(c.kind is CardKind.JOKER for c in hand.cards)
    magic = sum(c.kind is CardKind.MAGIC for c in hand.cards)
    familiar: list[str | None] = [None, *sorted({f.letter for f in usable_familiar(hand)})]
    amazon = [False, True] if hand.character is Character.AMAZON else [False]
    closest: Shortfall | None = None
    for letter in familiar:
        for with_a in amazon:
            free = tuple(x for x in (letter, AMAZON_LETTER if with_a else None) if x)
            left = need - Counter(free)
            if sum(left.values()) != sum(need.values()) - len(free):
                continue  # a free letter the word does not have
            missing = left - cards
            matched = sum(left.values()) - sum(missing.values())
            spare = sum(cards.values()) - matched + magic
            usable = min(hand.tokens, spare)
            more = max(0, sum(missing.values()) - jokers - usable)
            if more == 0:
                return None
            found = Shortfall(
                word=word,
                missing=tuple(sorted(missing.elements(), key=_ORDER.__getitem__)),
                free_letters=free,
                joker_cards=jokers,
                tokens_usable=usable,
                more_needed=more,
                tokens_would_do=hand.tokens + more <= min(spare, MAX_TOKENS),
            )
            if closest is None or (found.more_needed, len(found.missing)) < (
                closest.more_needed,
                len(closest.missing),
            ):
                closest = found
    return closest
