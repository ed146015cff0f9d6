"""What the property harness must know of Words of Magic: every card (the players' piles,
the face-down Balance of Power cards waiting to be ordered, Search for Fate's revealed
cards, the Balance of Power decks) and each seat's three joker tokens, used or not; and how
to fill in a word or a Renewal of Strength, which the legal actions describe with ``needs``.
Written against the contract and the state's data only."""

from __future__ import annotations

import random
from collections import Counter

from tests.games.helpers import Box
from tests.games.words_of_magic.conftest import AnyWord, random_word
from wordsvc.games.contract import State
from wordsvc.games.words_of_magic.engine import WordsOfMagic
from wordsvc.rules.words_of_magic import components as parts
from wordsvc.rules.words_of_magic.codex import COLOURS

#: How many random layouts :func:`fill` tries for a word before it gives up (a hand of
#: fewer than three usable letters forms none).
WORD_TRIES = 20


def every_card(state: State) -> Counter[str]:
    cards: Counter[str] = Counter()
    for player in state["players"]:
        for pile in ("hand", "deck", "discard", "held"):
            cards.update(player.get(pile, []))
    for colour in COLOURS:
        cards.update(state["balance"][colour])
    if state["phase"] == "choose_fate":
        cards.update(state["pending"]["cards"])
    return cards


def components(state: State) -> Counter[str]:
    counted = every_card(state)
    for seat, player in enumerate(state["players"]):
        counted[f"tokens of seat {seat}"] = player["tokens"] + player["used_tokens"]
    return counted


def expected_cards(options: dict) -> Counter[str]:
    """The cards a game with these options deals (every player's deck, the Balance of Power
    decks), magic cards left out by the options excepted."""
    ids = []
    for seat in range(options["players"]):
        ids += parts.player_deck(seat, with_magic=options["mode"] == "magic")
    ids = [c for c in ids if parts.CATALOGUE[c].magic not in options.get("magic_left_out", [])]
    for colour in COLOURS:
        ids += parts.BALANCE_CARDS[colour]
    return Counter(ids)


def fill(state: State, seat: int, action: dict, rng: random.Random) -> dict | None:
    """A word laid out at random from the hand, tokens, a free Familiar card and the
    Amazon's А; or Renewal of Strength's other hand cards. None when there are none."""
    if action["type"] == "form_word":
        for _ in range(WORD_TRIES):
            word = random_word(state, seat, rng)
            if word["type"] == "form_word":
                return word
        return None
    assert action["needs"] == ["cards"], action
    others = [c for c in state["players"][seat]["hand"] if c != action.get("card")]
    if not others:
        return None
    chosen = rng.sample(others, rng.randint(1, len(others)))
    return {k: v for k, v in action.items() if k != "needs"} | {"cards": chosen}


BOX = Box(WordsOfMagic(AnyWord()), components, fill)
