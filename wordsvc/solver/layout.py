"""Exact layouts: which card, token, Familiar card or free letter spells each letter of a word.

Rules (rulebook, "1. Form a Word" and the character cards):

- a letter card plays its own letter; a joker card plays any letter;
- a joker token turns any one hand card, of any kind, into any letter;
- at most one Familiar card per word, and only an available one (the Druid may use an
  occupied one);
- the Amazon has one extra letter А, which costs no card and counts in the length.

For each way of using the free letters (which Familiar card, if any; the Amazon's А or not)
:func:`layouts` gives the layout that uses the fewest tokens: letter cards first, then joker
cards, then tokens. Which of these layouts is best is the solver's ranking, not decided here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from wordsvc.alphabet import letters_of  # the apostrophe is always at hand (rulebook)
from wordsvc.errors import InternalError
from wordsvc.rules.words_of_magic.components import CardKind, Character
from wordsvc.rules.words_of_magic.turn import AMAZON_LETTER, may_use_familiar_card
from wordsvc.solver.hand import FamiliarCard, Hand


class Source(Enum):
    LETTER_CARD = "letter_card"
    JOKER_CARD = "joker_card"
    TOKEN = "token"  # a joker token on a hand card
    FAMILIAR = "familiar"
    AMAZON = "amazon"


_SOURCE_VALUES = {source: source.value for source in Source}


class Slot(NamedTuple):
    """One letter of the word and what lies there on the table (a named tuple: the solver
    builds one per letter of every play it returns)."""

    letter: str
    source: Source
    card: int | None = None  # hand index, for the three card sources
    familiar: int | None = None  # Familiar card position

    @property
    def hand_card(self) -> int:
        """The hand index of the card lying here, for the three card sources."""
        if self.card is None:
            raise InternalError(f"a {self.source.value} slot lies on no hand card")
        return self.card


@dataclass(frozen=True)
class Layout:
    """A word's slots, with the summaries scoring reads many times worked out once."""

    word: str
    slots: tuple[Slot, ...]
    tokens_used: int = field(init=False, compare=False)
    cards_spent: tuple[int, ...] = field(init=False, compare=False)
    familiar_used: int | None = field(init=False, compare=False)
    #: The slots as plain values: the last tie-break of the solver's ranking.
    slot_key: tuple[tuple[str, int | None], ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        tokens, familiar = 0, None
        cards: list[int] = []
        key = []
        for _, source, card, position in self.slots:
            if card is not None:
                cards.append(card)
                tokens += source is Source.TOKEN
            elif position is not None:
                familiar = position
            key.append((_SOURCE_VALUES[source], card))
        self._summarise(tokens, tuple(sorted(cards)), familiar, tuple(key))

    def _summarise(
        self,
        tokens: int,
        cards: tuple[int, ...],
        familiar: int | None,
        key: tuple[tuple[str, int | None], ...],
    ) -> None:
        set_field = object.__setattr__
        set_field(self, "tokens_used", tokens)
        set_field(self, "cards_spent", cards)
        set_field(self, "familiar_used", familiar)
        set_field(self, "slot_key", key)

    @classmethod
    def _summarised(
        cls,
        word: str,
        slots: tuple[Slot, ...],
        tokens: int,
        cards: tuple[int, ...],
        familiar: int | None,
        key: tuple[tuple[str, int | None], ...],
    ) -> Layout:
        """A layout whose summaries its maker counted while laying it out (the solver lays
        out thousands of words a second; :meth:`__post_init__` would count them again)."""
        layout = cls.__new__(cls)
        set_field = object.__setattr__
        set_field(layout, "word", word)
        set_field(layout, "slots", slots)
        layout._summarise(tokens, cards, familiar, key)
        return layout

    @property
    def length(self) -> int:
        return len(self.slots)


#: A slot with its part of :attr:`Layout.slot_key`, built once per hand and reused.
_Piece = tuple[Slot, tuple[str, int | None]]


def usable_familiar(hand: Hand) -> list[FamiliarCard]:
    return [f for f in hand.familiar if may_use_familiar_card(f.available, hand.character)]


class FreeLetters(NamedTuple):
    """One way to use the letters a word takes besides the hand's cards: one usable Familiar
    card or none, the Amazon's А or not."""

    familiar: FamiliarCard | None
    amazon: bool
    #: The letters it plays: the Amazon's А first, then the Familiar card's.
    letters: tuple[str, ...]

    @property
    def position(self) -> int | None:
        """The Familiar card's position, None when it uses none."""
        return None if self.familiar is None else self.familiar.position


def free_letter_uses(hand: Hand) -> list[FreeLetters]:
    """Every use of the free letters open to the hand (rulebook: at most one available
    Familiar card, the Druid's occupied ones too; the Amazon's one А), the Familiar card
    outermost: no card first, then each usable card left to right."""
    amazon = [False, True] if hand.character is Character.AMAZON else [False]
    familiar: list[FamiliarCard | None] = [None, *usable_familiar(hand)]
    return [
        FreeLetters(f, a, (AMAZON_LETTER,) * a + (() if f is None else (f.letter,)))
        for f in familiar
        for a in amazon
    ]


def layouts(word: str, hand: Hand) -> list[Layout]:
    """The fewest-token layout for each use of the free letters; empty if none is legal."""
    return Layouter(hand).layouts(word)


class Layouter:
    """Lays words out for one hand; what depends on the hand alone is worked out once."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.free_letter_uses = free_letter_uses(hand)
        by_letter: dict[str, list[int]] = {}
        for card in hand.cards:
            if card.kind is CardKind.LETTER:
                by_letter.setdefault(card.face_letter, []).append(card.index)
        self.by_letter = {letter: tuple(cards) for letter, cards in by_letter.items()}
        self.jokers = tuple(c.index for c in hand.cards if c.kind is CardKind.JOKER)
        self.letter_cards = tuple(c.index for c in hand.cards if c.kind is CardKind.LETTER)
        self.magic = tuple(c.index for c in hand.cards if c.kind is CardKind.MAGIC)
        #: The cards a token may turn, in the order they are taken.
        self.spare_order = self.letter_cards + self.magic
        self._pieces: dict[Source, dict[tuple[str, int | None], _Piece]] = {s: {} for s in Source}
        self._letter_pieces = {
            letter: [self._piece(letter, Source.LETTER_CARD, card) for card in cards]
            for letter, cards in self.by_letter.items()
        }

    def layouts(self, word: str) -> list[Layout]:
        letters = letters_of(word)
        found = []
        for use in self.free_letter_uses:
            layout = self.layout(word, use.familiar, use.amazon, letters)
            if layout is not None:
                found.append(layout)
        return found

    def layout(
        self, word: str, familiar: FamiliarCard | None, amazon: bool, letters: str | None = None
    ) -> Layout | None:
        """The fewest-token layout with this use of the free letters, or None."""
        if letters is None:
            letters = letters_of(word)
        pieces: list[_Piece | None] = [None] * len(letters)
        if familiar is not None:
            position = letters.find(familiar.letter)
            if position < 0:
                return None
            pieces[position] = self._piece(familiar.letter, Source.FAMILIAR, familiar.position)
        if amazon:
            position = next(
                (i for i, ch in enumerate(letters) if ch == AMAZON_LETTER and pieces[i] is None),
                -1,
            )
            if position < 0:
                return None
            pieces[position] = self._piece(AMAZON_LETTER, Source.AMAZON, None)
        taken: dict[str, int] = {}
        used: list[int] = []
        missing = []
        by_letter = self.by_letter
        for i, ch in enumerate(letters):
            if pieces[i] is not None:
                continue
            cards = by_letter.get(ch)
            k = taken.get(ch, 0)
            if cards is not None and k < len(cards):
                taken[ch] = k + 1
                used.append(cards[k])
                pieces[i] = self._letter_pieces[ch][k]
            else:
                missing.append(i)
        jokers = self.jokers
        to_cover = len(missing) - len(jokers)
        tokens = 0
        if to_cover > 0:
            # Tokens cover the cards the word cannot use: leftover letter cards, then magic.
            spare = [c for c in self.spare_order if c not in used]
            if to_cover > min(self.hand.tokens, len(spare)):
                return None
            for i, card in zip(missing[len(jokers) :], spare, strict=False):
                pieces[i] = self._piece(letters[i], Source.TOKEN, card)
                used.append(card)
            tokens = to_cover
        for i, joker in zip(missing, jokers, strict=False):
            pieces[i] = self._piece(letters[i], Source.JOKER_CARD, joker)
            used.append(joker)
        laid = [piece for piece in pieces if piece is not None]
        slots, keys = zip(*laid, strict=True) if laid else ((), ())
        return Layout._summarised(
            word,
            slots,
            tokens,
            tuple(sorted(used)),
            None if familiar is None else familiar.position,
            keys,
        )

    def _piece(self, letter: str, source: Source, number: int | None) -> _Piece:
        """The slot playing ``letter`` from ``source`` (a hand card's index, or the Familiar
        card's position), made the first time it is needed."""
        cache = self._pieces[source]
        piece = cache.get((letter, number))
        if piece is None:
            if source is Source.FAMILIAR:
                slot = Slot(letter, source, familiar=number)
            else:
                slot = Slot(letter, source, card=number)
            piece = cache[letter, number] = (slot, (source.value, slot.card))
        return piece


def is_legal(layout: Layout, hand: Hand) -> bool:
    """An independent check of every rule a layout must keep (used by the tests)."""
    letters = letters_of(layout.word)
    if len(layout.slots) != len(letters):
        return False
    cards = {c.index: c for c in hand.cards}
    usable = {f.position: f for f in usable_familiar(hand)}
    spent = [s.card for s in layout.slots if s.card is not None]
    if len(spent) != len(set(spent)) or any(i not in cards for i in spent):
        return False
    if layout.tokens_used > hand.tokens:
        return False
    counts = Counter(s.source for s in layout.slots)
    if counts[Source.FAMILIAR] > 1 or counts[Source.AMAZON] > (
        1 if hand.character is Character.AMAZON else 0
    ):
        return False
    for slot, letter in zip(layout.slots, letters, strict=True):
        if slot.letter != letter:
            return False
        if slot.source is Source.LETTER_CARD and cards[slot.hand_card].letter != letter:
            return False
        if slot.source is Source.JOKER_CARD and cards[slot.hand_card].kind is not CardKind.JOKER:
            return False
        if slot.source is Source.FAMILIAR and (
            slot.familiar not in usable or usable[slot.familiar].letter != letter
        ):
            return False
        if slot.source is Source.AMAZON and letter != AMAZON_LETTER:
            return False
    return True
