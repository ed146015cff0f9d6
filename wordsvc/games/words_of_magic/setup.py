"""Setting up a Words of Magic game (rulebook, "Setup"): each player's deck shuffled, five
cards face up in hand and three tokens; the Balance of Power decks shuffled; three of the six
Familiar cards, the figure on the middle one; two characters dealt to each player to keep
one; and the first player."""

from __future__ import annotations

from wordsvc.games import rng as random_
from wordsvc.games.words_of_magic import components as parts
from wordsvc.games.words_of_magic.state import Options, Player, WordsOfMagicState
from wordsvc.games.words_of_magic.table import NAME
from wordsvc.rules.words_of_magic.codex import COLOURS
from wordsvc.rules.words_of_magic.turn import DEFAULT_FAMILIAR_PROPERTIES

#: The Familiar's layout is drawn from a generator of its own, so that the cards a seed deals
#: are the same whichever layout the table chose.
FAMILIAR_LAYOUT_SALT = 0x46414D49


#: How often each property is drawn to lie under the figure at the start (the middle card),
#: out of their sum. Whoever moves first may use the other two; the card they use takes the
#: figure, which then blocks it for the next player. Discard-the-deck is the property worth
#: a lock: with it free the first mover won 0.72 of 2-player games, with it under the figure
#: 0.31; drawn under the figure half the time, the first mover wins about half.
FIGURE_START_WEIGHTS = {"discard-deck": 2, "length": 1, "discard-hand": 1}


def drawn_layout(seed: int) -> list[str]:
    """The Familiar's properties left to right, drawn for a table that chose none: the
    middle one (under the figure) by :data:`FIGURE_START_WEIGHTS`, the others in a random
    order, from a generator of their own (the cards a seed deals do not change)."""
    rng = random_.new_rng(seed ^ FAMILIAR_LAYOUT_SALT)
    pool = [name for name, weight in FIGURE_START_WEIGHTS.items() for _ in range(weight)]
    middle = pool[random_.below(rng, len(pool))]
    sides = [p.value for p in DEFAULT_FAMILIAR_PROPERTIES if p.value != middle]
    random_.shuffle(rng, sides)
    return [sides[0], middle, sides[1]]


def deal(opts: Options, seed: int) -> WordsOfMagicState:
    """The state at the first turn, or at the characters' choice; ``opts`` are normalised
    options. Every key of the state is here from the start."""
    rng = random_.new_rng(seed)
    players: list[Player] = []
    for seat in range(opts["players"]):
        deck = parts.player_deck(seat, with_magic=opts["mode"] == "magic")
        deck = [c for c in deck if parts.CATALOGUE[c].magic not in opts["magic_left_out"]]
        random_.shuffle(rng, deck)
        players.append(
            {
                "hand": deck[: parts.HAND_AT_START],
                "deck": deck[parts.HAND_AT_START :],
                "discard": [],
                "held": [],  # Balance of Power cards taken face down, until ordered
                "tokens": parts.TOKENS,
                "used_tokens": 0,
                "character": None,
                "offered": [],
                "witch_used": False,
                "turns": 0,
                "words": [],
            }
        )
    balance = {}
    for colour in COLOURS:
        cards = list(parts.BALANCE_CARDS[colour])
        random_.shuffle(rng, cards)
        balance[colour] = cards
    familiar = list(parts.FAMILIAR_LETTERS)
    random_.shuffle(rng, familiar)
    first = opts["first_player"]
    if first is None:
        first = random_.below(rng, opts["players"])
    layout = opts["familiar_properties"]
    if layout is None:  # drawn, and shown to everyone (docs/rules/words-of-magic.md: Fairness)
        layout = drawn_layout(seed)
    state: WordsOfMagicState = {
        "game": NAME,
        "options": Options(**{**opts, "familiar_properties": layout}),
        "rng": rng,
        "players": players,
        "balance": balance,
        "familiar": {"letters": familiar[: parts.FAMILIAR_IN_PLAY], "figure": 1},
        "first": first,
        "active": first,
        "turn": 1,
        "phase": "turn",
        "pending": {},
        "word_formed": None,  # after a word: {word, draw_up_to} until the draw step
        "end": None,
        "over": False,
    }
    if opts["characters"]:
        pool = [c for c in parts.CHARACTER_CARDS if c not in opts["characters_left_out"]]
        random_.shuffle(rng, pool)
        for seat, player in enumerate(players):
            player["offered"] = pool[2 * seat : 2 * seat + 2]
        state["phase"] = "choose_character"
    return state
