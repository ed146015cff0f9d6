"""Fixtures: the engine with permissive word rules, and a fast random player for playouts."""

from __future__ import annotations

import random

import pytest

from wordsvc.alphabet import LETTERS
from wordsvc.games.words_of_magic.engine import WordsOfMagic
from wordsvc.rules.words_of_magic import components as parts


class AnyWord:
    """Every string of letters is a word: playouts test the rules of play, not the lexicon."""

    def validate_categories(self, categories):
        return None

    def is_playable(self, word, categories):
        return True


class WordList:
    def __init__(self, *words):
        self.words = set(words)

    def validate_categories(self, categories):
        return None

    def is_playable(self, word, categories):
        return word in self.words


@pytest.fixture(scope="session")
def game() -> WordsOfMagic:
    return WordsOfMagic(AnyWord())


def chaos(game: WordsOfMagic, state: dict, seat: int, rng: random.Random) -> dict:
    """A random legal-looking action: enumerable actions uniformly, or a random word laid out
    from random hand cards, tokens, a Familiar card and the Amazon's А."""
    actions = game.legal_actions(state, seat)
    if state["phase"] not in ("turn", "mage_repeat"):
        return rng.choice(actions)
    player = state["players"][seat]
    choice = dict(rng.choice(actions))
    if choice.pop("needs", None) == ["cards"]:  # Renewal of Strength: some other hand cards
        others = [c for c in player["hand"] if c != choice.get("card")]
        choice["cards"] = rng.sample(others, rng.randint(1, len(others)))
        return choice
    if choice["type"] == "play_magic":
        return choice
    if choice["type"] != "form_word":
        return choice
    return random_word(state, seat, rng)


def random_word(state: dict, seat: int, rng: random.Random) -> dict:
    player = state["players"][seat]
    hand = list(player["hand"])
    rng.shuffle(hand)
    tokens = player["tokens"]
    slots = []
    for card_id in hand[: rng.randint(0, len(hand))]:
        card = parts.CATALOGUE[card_id]
        if card.kind == "letter" and (not tokens or rng.random() < 0.8):
            slots.append({"source": "letter_card", "card": card_id, "letter": card.letter})
        elif card.kind == "joker":
            slots.append({"source": "joker_card", "card": card_id, "letter": rng.choice(LETTERS)})
        elif tokens:
            tokens -= 1
            slots.append({"source": "token", "card": card_id, "letter": rng.choice(LETTERS)})
    familiar = state["familiar"]
    usable = [i for i in range(3) if i != familiar["figure"] or player["character"] == "druid"]
    position = None
    if usable and rng.random() < 0.5:
        position = rng.choice(usable)
        slots.insert(
            rng.randint(0, len(slots)),
            {"source": "familiar", "position": position, "letter": familiar["letters"][position]},
        )
    if player["character"] == "amazon" and rng.random() < 0.5:
        slots.insert(rng.randint(0, len(slots)), {"source": "amazon", "letter": "а"})
    if len(slots) < 3:
        return {"type": "pass"}
    action = {"type": "form_word", "word": "".join(s["letter"] for s in slots), "slots": slots}
    if position is not None and state["options"]["mode"] == "magic" and rng.random() < 0.7:
        prop = state["options"]["familiar_properties"][position]
        if prop == "length":
            action["property"] = rng.choice(["length-", "length+"])
            if len(slots) == 3 and action["property"] == "length-":
                action["property"] = "length+"
        else:
            action["property"] = prop
            spent = {s.get("card") for s in slots}
            left = [c for c in player["hand"] if c not in spent]
            if prop == "discard-hand" and left:
                action["discard"] = rng.choice(left)
    # A curse needs a yellow card left once the word's own (at most one per neighbour) are dealt.
    if player["character"] == "witch" and not player["witch_used"]:
        action["witch"] = len(state["balance"]["yellow"]) > 2 and rng.random() < 0.5
    return action


@pytest.fixture
def chooser():
    return chaos
