"""A player's resources for one word: hand cards, joker tokens, Familiar cards, character.

The solver takes typed values. :func:`hand_of` builds a hand from the card names people type
(the CLI and the HTTP route use it after checking their own input), and refuses an unknown
name with a stable code, so that a front end learns exactly which card was wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from wordsvc.alphabet import LETTER_SET, fold_case
from wordsvc.errors import InternalError, InvalidValue
from wordsvc.rules.words_of_magic import components
from wordsvc.rules.words_of_magic.components import CardKind, Character

#: Largest hand accepted (the game has no hand limit; late hands reach 20 and more).
MAX_HAND_CARDS = 60
#: Joker tokens a player has in the game.
MAX_TOKENS = components.TOKENS
#: Familiar letter cards on the table.
FAMILIAR_CARDS = components.FAMILIAR_IN_PLAY
JOKER = "*"


@dataclass(frozen=True, slots=True)
class HandCard:
    """A card as the solver sees it: its face, and ``index``, its place in the hand, so that
    layouts can name it. (:class:`~wordsvc.rules.words_of_magic.components.Card` is a
    physical card of the game by its id; a hand typed by a player has no ids.)"""

    index: int
    kind: CardKind
    letter: str | None = None  # for letter cards
    magic: str | None = None  # magic card id

    @property
    def face_letter(self) -> str:
        """The letter of a letter card (no other kind has one)."""
        if self.letter is None:
            raise InternalError(f"card {self.index} is a {self.kind.value} card, no letter")
        return self.letter


@dataclass(frozen=True, slots=True)
class FamiliarCard:
    position: int  # 0, 1, 2 from left; the planshet property above it depends on it
    letter: str
    available: bool  # False while the Familiar figure stands on it


@dataclass(frozen=True)
class Hand:
    cards: tuple[HandCard, ...]
    tokens: int = 0
    familiar: tuple[FamiliarCard, ...] = ()
    character: Character | None = None


def hand_of(
    cards: Sequence[str],
    *,
    tokens: int = 0,
    familiar: Sequence[tuple[str, bool]] = (),
    character: str | None = None,
) -> Hand:
    """A hand from the names people type: ``cards`` are letters (any case), ``*`` for a joker
    card, or a magic card's name or id; ``familiar`` is the Familiar's letter cards left to
    right as ``(letter, available)``; ``character`` a character's id. Raises
    :class:`InvalidValue` with a code naming the problem."""
    if len(cards) > MAX_HAND_CARDS:
        raise InvalidValue(
            "too_many_cards",
            f"A hand has at most {MAX_HAND_CARDS} cards; this one has {len(cards)}.",
            {"max": MAX_HAND_CARDS, "count": len(cards)},
        )
    if not 0 <= tokens <= MAX_TOKENS:
        raise InvalidValue(
            "invalid_tokens",
            f"`tokens` is the number of unused joker tokens, 0 to {MAX_TOKENS}.",
            {"tokens": tokens, "max": MAX_TOKENS},
        )
    return Hand(
        cards=tuple(parse_card(i, name) for i, name in enumerate(cards)),
        tokens=tokens,
        familiar=parse_familiar(familiar),
        character=parse_character(character),
    )


def parse_card(index: int, name: str) -> HandCard:
    """The card a player calls ``name``: a letter (any case), ``*`` or a magic card's name."""
    text = name.strip()
    if not text:
        raise InvalidValue(
            "invalid_card", f"Card {index} must be a letter, * or a magic card's name.",
            {"index": index},
        )  # fmt: skip
    if text == JOKER:
        return HandCard(index, CardKind.JOKER)
    letter = fold_case(text)
    if len(letter) == 1 and letter in LETTER_SET:
        return HandCard(index, CardKind.LETTER, letter=letter)
    magic = magic_card_ids().get(fold_case(text))
    if magic is not None:
        return HandCard(index, CardKind.MAGIC, magic=magic)
    raise InvalidValue(
        "unknown_card",
        f"Card {index} ({text!r}) is not a Ukrainian letter, * or a magic card.",
        {"index": index, "card": text, "magic_cards": sorted(set(magic_card_ids().values()))},
    )


def parse_familiar(cards: Sequence[tuple[str, bool]]) -> tuple[FamiliarCard, ...]:
    """The Familiar's letter cards, left to right, from ``(letter, available)`` pairs."""
    if len(cards) > FAMILIAR_CARDS:
        raise InvalidValue(
            "invalid_familiar",
            f"The Familiar has at most {FAMILIAR_CARDS} letter cards.",
            {"max": FAMILIAR_CARDS, "count": len(cards)},
        )
    parsed = []
    for position, (name, available) in enumerate(cards):
        letter = fold_case(name.strip())
        if len(letter) != 1 or letter not in LETTER_SET:
            raise InvalidValue(
                "invalid_familiar", f"Familiar card {position} must be one letter.",
                {"position": position},
            )  # fmt: skip
        parsed.append(FamiliarCard(position, letter, available))
    return tuple(parsed)


def parse_character(name: str | None) -> Character | None:
    """The character called ``name`` (its id); None for none."""
    if name is None:
        return None
    try:
        return Character(name)
    except ValueError:
        raise InvalidValue(
            "unknown_character",
            f"Unknown character {name!r} for the solver.",
            {"known": [c.value for c in Character]},
        ) from None


@cache
def magic_card_ids() -> dict[str, str]:
    """Every accepted spelling (id, Ukrainian and English name, lower case) -> card id."""
    names = {}
    for card in components.MAGIC_EFFECTS.values():
        for spelling in (card.id, card.name_uk, card.name_en):
            names[fold_case(spelling)] = card.id
    return names
