"""What a Words of Magic seat cannot see (wordsvc/games/words_of_magic/hidden.py), and the
search bot built on it: a deal of the unseen shows the seat exactly its view and keeps every
card, deals differ where the seat cannot see, and the search reads nothing but the view."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.words_of_magic.conftest import AnyWord, chaos
from wordsvc.games.contract import BotError, RuleError, State
from wordsvc.games.search import Budget, action_key
from wordsvc.games.words_of_magic.bots import GreedyBot, search_bot
from wordsvc.games.words_of_magic.engine import WordsOfMagic
from wordsvc.games.words_of_magic.hidden import WordsOfMagicHidden
from wordsvc.games.words_of_magic.words import JudgeWords
from wordsvc.solver.solve import Solver

GAME = WordsOfMagic(AnyWord())
HIDDEN = WordsOfMagicHidden()


def played(seed: int, players: int, moves: int, open_discards: bool = False) -> State:
    """A game of random legal-looking moves (every step of a turn is met), ``moves`` tries
    in (or over), past the characters' blind choice."""
    rng = random.Random(seed)
    state = GAME.new({"players": players, "open_discards": open_discards}, seed)
    for _ in range(moves):
        if GAME.result(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        try:
            state, _ = GAME.apply(state, seat, chaos(GAME, state, seat, rng))
        except RuleError:
            continue  # chaos's word broke a rule: the next try
    while state["phase"] == "choose_character":
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return state


def cards(state: State) -> Counter[str]:
    """Every card of the game, wherever it lies."""
    found: Counter[str] = Counter(state["pending"].get("cards", []))
    for player in state["players"]:
        for pile in ("hand", "deck", "discard", "held"):
            found.update(player[pile])
    for deck in state["balance"].values():
        found.update(deck)
    return found


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 4),
    moves=st.integers(0, 250),
    open_discards=st.booleans(),
    deal=st.integers(0, 10**6),
)
def test_a_deal_of_the_unseen_shows_the_seat_exactly_its_view_and_keeps_every_card(
    seed, players, moves, open_discards, deal
):
    state = played(seed, players, moves, open_discards)
    for seat in range(players):
        view = GAME.view(state, seat)
        dealt = HIDDEN.determinise(view, seat, random.Random(deal))
        assert GAME.view(dealt, seat) == view
        assert cards(dealt) == cards(state)


def test_deals_differ_in_the_decks_order_and_the_blind_choice_is_not_dealt():
    view = GAME.view(played(3, 2, 40), 0)
    decks = {
        tuple(HIDDEN.determinise(view, 0, random.Random(n))["players"][1]["deck"])
        for n in range(20)
    }
    assert len(decks) > 10
    choosing = GAME.view(GAME.new({"players": 2}, 1), 0)
    assert choosing["phase"] == "choose_character"
    with pytest.raises(BotError):
        HIDDEN.determinise(choosing, 0, random.Random(0))


def test_fewer_cards_to_shed_score_above_half_a_win():
    state = played(5, 2, 20)
    for player in state["players"]:
        player["tokens"] = 0
    state["players"][1]["deck"] = state["players"][0]["deck"][:-4]  # seat 1 four cards ahead
    state["players"][1]["hand"] = list(state["players"][0]["hand"])
    low, high = HIDDEN.evaluate(state)
    assert 0 < low < 0.5 < high < 1
    state["players"][0]["tokens"] = 3  # a card and a half under way, a tie-break at the end
    state["players"][0]["deck"] = state["players"][0]["deck"][:-3]
    assert HIDDEN.evaluate(state)[0] > 0.5
    assert HIDDEN.evaluate({**state, "phase": "over"})[0] < 0.5


# --- the search bot, on the real lexicon -----------------------------------------------------


@pytest.fixture(scope="module")
def real(judge):
    return WordsOfMagic(JudgeWords(judge)), Solver(judge)


def greedy_game(game: WordsOfMagic, solver: Solver, seed: int, moves: int) -> State:
    state = game.new({"players": 2, "first_player": 0}, seed)
    bot = GreedyBot(solver)
    for number in range(moves):
        seat = game.to_act(state)[0]
        state, _ = game.apply(
            state, seat, bot.choose(game, game.view(state, seat), seat, random.Random(number))
        )
    return state


def test_the_search_tries_greedys_choice_and_the_solvers_words_at_the_start_of_a_turn(real):
    game, solver = real
    state = greedy_game(game, solver, 2, 2)  # both characters chosen: the first turn
    assert state["phase"] == "turn"
    seat = state["active"]
    view = game.view(state, seat)
    bot = search_bot(solver, Budget(seconds=60, iterations=40))
    choice = bot.choose(game, view, seat, random.Random(1))
    greedy = GreedyBot(solver).choose(game, view, seat, random.Random(1))
    tried = set(bot.last_visits)
    assert action_key(greedy) in tried
    assert sum('"form_word"' in key for key in tried) > 1
    assert action_key(choice) in tried
    game.apply(state, seat, choice)  # legal


def test_the_search_chooses_alike_when_only_the_decks_order_differs(real):
    game, solver = real
    state = greedy_game(game, solver, 4, 2)
    seat = state["active"]
    changed = {**state, "players": [dict(p) for p in state["players"]]}
    for player in changed["players"]:
        player["deck"] = player["deck"][::-1]
    view = game.view(state, seat)
    assert changed != state
    assert game.view(changed, seat) == view
    budget = Budget(seconds=60, iterations=30)
    choices = [
        search_bot(solver, budget).choose(game, game.view(each, seat), seat, random.Random(5))
        for each in (state, changed)
    ]
    assert choices[0] == choices[1]
