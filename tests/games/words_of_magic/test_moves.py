"""The moves' legal actions against what apply accepts: every listed action is accepted, and
every action accepted is listed (or described, with ``needs``)."""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from tests.games.words_of_magic.test_engine import new_table, take
from wordsvc.games.contract import RuleError
from wordsvc.rules.words_of_magic import components as parts
from wordsvc.rules.words_of_magic.components import Character

RENEWAL = "renewal-of-strength"


def accepted(game, state, seat, action) -> bool:
    try:
        game.apply(state, seat, action)
    except RuleError:
        return False
    return True


def probes(state: dict, seat: int) -> list[dict]:
    """Actions worth trying at this step, found without the engine's candidates: every hand
    card with every action that names one, every choice of every window."""
    player, pending = state["players"][seat], state["pending"]
    phase = state["phase"]
    if phase == "choose_character":
        return [{"type": "choose_character", "character": c} for c in parts.CHARACTER_CARDS]
    if phase == "turn":
        found = [{"type": "pass"}, {"type": "end_turn"}]
        for card in player["hand"]:
            found += [{"type": "pass", "under_deck": card}, {"type": "play_magic", "card": card}]
        return found
    if phase == "mage_repeat":
        return [{"type": "repeat_magic"}, {"type": "decline"}]
    if phase == "gnome":
        return [{"type": "gnome_take"}, {"type": "decline"}]
    if phase == "elf_draw":
        return [{"type": "elf_draw", "count": n} for n in range(pending["most"] + 2)]
    if phase == "order_balance":
        colours = pending["seats"][str(seat)]
        return [{"type": "order_balance", "order": list(o)} for o in permutations(colours)]
    if phase == "choose_fate":
        cards = pending["cards"]
        return [
            {"type": "choose_card", "card": card, "under": list(order)}
            for card in cards
            for order in permutations([c for c in cards if c != card])
        ]
    return []


def filled(state: dict, seat: int, action: dict) -> dict:
    """A described Renewal of Strength (play or repeat) with one other hand card named."""
    done = {k: v for k, v in action.items() if k != "needs"}
    other = next(c for c in state["players"][seat]["hand"] if c != action.get("card"))
    return {**done, "cards": [other]}


def assert_legal_matches_apply(game, state: dict, seat: int) -> None:
    legal = game.legal_actions(state, seat)
    for action in legal:
        if "needs" not in action:
            assert accepted(game, state, seat, action), ("listed but refused", action)
        elif action["type"] != "form_word":  # a word to choose: tested in test_engine
            assert accepted(game, state, seat, filled(state, seat, action)), action
    listed = [a for a in legal if "needs" not in a]
    described = [{k: v for k, v in a.items() if k != "needs"} for a in legal if "needs" in a]
    for probe in probes(state, seat):
        if probe in listed:
            continue
        renewal = probe.get("type") in ("play_magic", "repeat_magic") and (
            parts.CATALOGUE[probe["card"]].magic == RENEWAL
            if "card" in probe
            else state["pending"].get("magic") == RENEWAL
        )
        if renewal and len(state["players"][seat]["hand"]) > ("card" in probe):
            named = filled(state, seat, probe)
            assert accepted(game, state, seat, named) == (probe in described), probe
        else:
            assert not accepted(game, state, seat, probe), ("accepted but not listed", probe)


def test_the_librarian_may_pass_putting_any_hand_card_under_her_deck():
    """The Librarian's passes are legal actions, one per hand card; nobody else's are."""
    game, state = new_table(players=3)
    state["players"][0]["character"] = "librarian"
    hand = state["players"][0]["hand"]
    legal = game.legal_actions(state, 0)
    for card in hand:
        assert {"type": "pass", "under_deck": card} in legal
    state["players"][0]["character"] = "amazon"
    assert not [a for a in game.legal_actions(state, 0) if "under_deck" in a]


def test_after_a_word_only_magic_and_the_end_of_the_turn_are_legal():
    game, state = new_table(["кіт"], mode="magic")
    player = state["players"][0]
    player["character"] = "librarian"
    k, i, t, portion = player["hand"] = take(state, "к і т extra-portion")
    slots = [{"source": "letter_card", "card": c} for c in (k, i, t)]
    state, _ = game.apply(state, 0, {"type": "form_word", "word": "кіт", "slots": slots})
    legal = game.legal_actions(state, 0)
    assert legal == [{"type": "play_magic", "card": portion}, {"type": "end_turn"}]
    assert_legal_matches_apply(game, state, 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_legal_actions_are_what_apply_accepts(game, chooser, players):
    """At every step of seeded games, every character seated, each step's legal actions are
    exactly the actions apply accepts, for every seat that may act."""
    characters = list(Character)
    for seed in range(12):
        rng = random.Random(seed)
        mode = ("magic", "classic")[seed % 2]
        state = game.new({"players": players, "characters": False, "mode": mode}, seed)
        for seat, player in enumerate(state["players"]):
            player["character"] = characters[(seed * players + seat) % len(characters)]
        for _ in range(40):
            if game.result(state) is not None:
                break
            for seat in game.to_act(state):
                assert_legal_matches_apply(game, state, seat)
            seat = rng.choice(game.to_act(state))
            state, _ = game.apply(state, seat, chooser(game, state, seat, rng))
