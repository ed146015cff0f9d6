"""The shape of a Words of Magic view: what ``engine.view(state, seat)`` shows a seat (or a
spectator), to every value. The engine builds it as :class:`WordsOfMagicView`, so that mypy
checks each key it sets; the bots read the contract's plain view as this at their door
(:func:`typed_view`), every value typed."""

# No ``from __future__ import annotations`` here: Python 3.11 sees ``NotRequired`` only in
# annotations it evaluates, and the tests read the optional keys at run time.
from collections.abc import Mapping
from typing import Literal, NotRequired, TypedDict, cast

from wordsvc.games.contract import Action, Seat
from wordsvc.games.words_of_magic.state import End, Familiar, Options, Phase, Word, WordFormed

#: A card's kind (``components.CardKind``'s values).
CardKindName = Literal["letter", "joker", "magic"]


class CardFace(TypedDict):
    """A card face up (``components.Card.face``): its id and kind, the letter of a letter
    card, the magic of a magic card, the colour of a Balance of Power card."""

    id: str
    kind: CardKindName
    letter: NotRequired[str]
    magic: NotRequired[str]
    colour: NotRequired[str]


class PlayerView(TypedDict):
    """A player. Hands are open; the discard pile's cards are shown to its owner only (None
    for the others) unless the option ``open_discards`` is set, its top card to all; the
    Balance of Power cards taken face down (``held``) by their colours only. ``character``
    is None while characters are chosen blind (its own seat's aside), ``offered`` for the
    other seats."""

    hand: list[CardFace]
    deck_size: int
    pass_draws: int
    discard_size: int
    discard_top: CardFace | None
    discard: list[CardFace] | None
    tokens: int
    used_tokens: int
    witch_used: bool
    held: list[str]
    character: str | None
    offered: list[str] | None
    turns: int
    words: list[Word]


class PendingView(TypedDict, total=False):
    """The state's ``pending`` (``state.Pending``), but for Search for Fate's cards
    (``choose_fate`` only): faces for the player searching, None for the others, and
    ``count``, how many, for all."""

    seats: dict[str, list[str]] | dict[str, bool]
    cards: list[CardFace] | None
    count: int
    then_repeat: str
    magic: str
    card: str
    most: int


class WordsOfMagicView(TypedDict):
    """The whole view: the Balance of Power decks by how many cards each holds."""

    game: str
    options: Options
    phase: Phase
    turn: int
    active: int
    first: int
    to_act: list[Seat]
    players: list[PlayerView]
    balance: dict[str, int]
    familiar: Familiar
    pending: PendingView
    word_formed: WordFormed | None
    end: End | None
    seat: Seat | None
    legal_actions: list[Action]


def card_face(face: Mapping[str, object]) -> CardFace:
    """A card's ``Card.face()`` (a plain dict: the components know nothing of the view) as
    the view's; the playout tests check its shape."""
    return cast(CardFace, face)


def typed_view(view: Mapping[str, object]) -> WordsOfMagicView:
    """The contract's plain view as this game's. The engine builds exactly this shape:
    ``engine.view`` is checked against it by mypy, and the playout tests check the views
    they meet at run time."""
    return cast(WordsOfMagicView, view)
