"""A player's resources for one word: hand cards, joker tokens, Familiar cards, character.

Parsed from plain data (the same shape for Python, HTTP and the CLI) and validated with
stable codes, so that a front end learns exactly what was wrong with a hand it sent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from wordsvc.alphabet import LETTER_SET, fold_case
from wordsvc.errors import InvalidRequest, InvalidValue
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
        assert self.letter is not None, f"card {self.index} is a {self.kind.value} card"
        return self.letter

    def to_dict(self) -> dict[str, object]:
        return {"index": self.index, "kind": self.kind.value, "letter": self.letter,
                "magic": self.magic}  # fmt: skip


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

    @classmethod
    def from_data(cls, data: Mapping[str, object]) -> Hand:
        """Build a hand from ``{"cards": [...], "tokens": n, "familiar": [...],
        "character": ...}``; cards are letters (any case), ``*`` for a joker card, or a magic
        card's name or id. Raises :class:`InvalidRequest` with a code naming the problem."""
        if not isinstance(data, Mapping):
            raise InvalidRequest("invalid_hand", "A hand must be a JSON object.")
        raw_cards = data.get("cards", [])
        if not isinstance(raw_cards, Sequence) or isinstance(raw_cards, str):
            raise InvalidRequest("invalid_cards", "`cards` must be a list of card names.")
        if len(raw_cards) > MAX_HAND_CARDS:
            raise InvalidRequest(
                "too_many_cards",
                f"A hand has at most {MAX_HAND_CARDS} cards; this one has {len(raw_cards)}.",
                {"max": MAX_HAND_CARDS, "count": len(raw_cards)},
            )
        cards = tuple(parse_card(i, name) for i, name in enumerate(raw_cards))
        tokens = data.get("tokens", 0)
        if not isinstance(tokens, int) or isinstance(tokens, bool) or not 0 <= tokens <= MAX_TOKENS:
            raise InvalidRequest(
                "invalid_tokens",
                f"`tokens` is the number of unused joker tokens, 0 to {MAX_TOKENS}.",
                {"tokens": tokens, "max": MAX_TOKENS},
            )
        familiar = parse_familiar(data.get("familiar", []))
        character = parse_character(data.get("character"))
        return cls(cards=cards, tokens=tokens, familiar=familiar, character=character)


def parse_card(index: int, name: object) -> HandCard:
    if not isinstance(name, str) or not name.strip():
        raise InvalidValue(
            "invalid_card", f"Card {index} must be a letter, * or a magic card's name.",
            {"index": index},
        )  # fmt: skip
    text = name.strip()
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


def parse_familiar(raw: object) -> tuple[FamiliarCard, ...]:
    if not isinstance(raw, Sequence) or isinstance(raw, str) or len(raw) > FAMILIAR_CARDS:
        raise InvalidValue(
            "invalid_familiar",
            f"`familiar` lists at most {FAMILIAR_CARDS} cards as {{letter, available}}.",
        )
    cards = []
    for position, item in enumerate(raw):
        if not isinstance(item, Mapping) or not isinstance(item.get("letter"), str):
            raise InvalidValue(
                "invalid_familiar", f"Familiar card {position} needs a `letter`.",
                {"position": position},
            )  # fmt: skip
        letter = fold_case(item["letter"].strip())
        available = item.get("available", True)
        if letter not in LETTER_SET or len(letter) != 1 or not isinstance(available, bool):
            raise InvalidValue(
                "invalid_familiar",
                f"Familiar card {position} must be one letter with `available` true or false.",
                {"position": position},
            )
        cards.append(FamiliarCard(position, letter, available))
    return tuple(cards)


def parse_character(raw: object) -> Character | None:
    if raw is None:
        return None
    try:
        if not isinstance(raw, str):
            raise ValueError(raw)
        return Character(raw)
    except ValueError:
        raise InvalidValue(
            "unknown_character",
            f"Unknown character {raw!r} for the solver.",
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
