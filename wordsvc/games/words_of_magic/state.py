"""The shape of a Words of Magic game's state: what ``setup.deal`` makes and every move keeps
(a JSON document the session store holds as it is). The engine reads the contract's plain
state as this at its door (:func:`typed`) and hands it back plain (:func:`plain`)."""

from __future__ import annotations

from typing import Literal, TypedDict, cast

from wordsvc.games.contract import State

#: The game's steps (``moves.TRANSITIONS`` says where each may lead).
Phase = Literal[
    "choose_character",
    "turn",
    "order_balance",
    "choose_fate",
    "mage_repeat",
    "gnome",
    "elf_draw",
    "over",
]


class Options(TypedDict):
    """The normalised options (``options.normalise_options``)."""

    players: int
    first_player: int | None
    mode: Literal["magic", "classic"]
    characters: bool
    categories: list[str]
    house_words: list[str]
    balance_order: Literal["choose", "dealt"]
    two_player_deals_twice: bool
    open_discards: bool
    #: left to right; None in the options a table chose: drawn at the deal, so a state's
    #: options always name them (:func:`familiar_layout`)
    familiar_properties: list[str] | None
    characters_left_out: list[str]
    magic_left_out: list[str]


def familiar_layout(options: Options) -> list[str]:
    """The planshet's properties above the Familiar cards, left to right, of a dealt game."""
    layout = options["familiar_properties"]
    if layout is None:
        raise ValueError("the deal draws the Familiar's layout: a state always names it")
    return layout


class Word(TypedDict):
    """A word a player formed: its letters, and the length the codex read."""

    word: str
    length: int
    counted: int


class Player(TypedDict):
    """A player's cards (hand, deck, discard pile, the Balance of Power cards taken face down
    until ordered), joker tokens, character (and the two offered), and the words formed."""

    hand: list[str]
    deck: list[str]
    discard: list[str]
    held: list[str]
    tokens: int
    used_tokens: int
    character: str | None
    offered: list[str]
    witch_used: bool
    turns: int
    words: list[Word]


class Familiar(TypedDict):
    """The Familiar cards' letters in play, and the card the figure stands on."""

    letters: list[str]
    figure: int


class Pending(TypedDict, total=False):
    """What a step in the middle of a turn waits on: the seats still to order their Balance
    of Power cards (each with the colours taken), or the Gnomes still to answer a pass
    (``seats``); Search for Fate's cards (``cards``) and the Mage's repeat after it
    (``then_repeat``); the magic card the Mage may repeat (``magic``, ``card``); the Elf's
    extra draw (``most``). Empty otherwise."""

    seats: dict[str, list[str]] | dict[str, bool]
    cards: list[str]
    then_repeat: str
    magic: str
    card: str
    most: int


class WordFormed(TypedDict):
    """After a word, until the draw step: the word and the codex's draw."""

    word: str
    draw_up_to: int


class End(TypedDict):
    """Who set off the end, why, and in which turn: the round then ends."""

    seat: int
    reason: str
    turn: int


class WordsOfMagicState(TypedDict):
    game: str
    options: Options
    rng: dict[str, int]
    players: list[Player]
    balance: dict[str, list[str]]
    familiar: Familiar
    first: int
    active: int
    turn: int
    phase: Phase
    pending: Pending
    word_formed: WordFormed | None
    end: End | None
    over: bool


def typed(state: State) -> WordsOfMagicState:
    """The contract's state as this game's (it is one: the engine made it)."""
    return cast(WordsOfMagicState, state)


def plain(state: WordsOfMagicState) -> State:
    """This game's state as the contract's."""
    return cast(State, state)
