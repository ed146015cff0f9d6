"""The search bot (wordsvc/games/search.py): it finds what exhaustive minimax finds on a small
game of perfect information (the oracle), keeps to its budget, leaves single and described
choices alone, and reads nothing but the view: two Lost Words (or Magos y Tabernas) states
that differ only in cards the seat cannot see get the same choice."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.magos_y_tabernas.tables import give, table
from wordsvc.games.contract import Action, Result, Seat, State
from wordsvc.games.lost_words.bots import HeuristicBot, search_bot
from wordsvc.games.lost_words.engine import LostWords
from wordsvc.games.lost_words.hidden import LostWordsHidden
from wordsvc.games.magos_y_tabernas.bots import HeuristicBot as MytHeuristicBot
from wordsvc.games.magos_y_tabernas.bots import search_bot as myt_search_bot
from wordsvc.games.magos_y_tabernas.engine import MagosYTabernas
from wordsvc.games.magos_y_tabernas.hidden import MagosYTabernasHidden
from wordsvc.games.search import Budget, SearchBot, action_key

# --- an oracle: a two-seat game of perfect information, solved exhaustively --------------


class TakeAway:
    """Two seats take 1, 2 or 3 counters in turn from ``start``; whoever takes the last one
    wins. Perfect information, so its search may be checked against minimax."""

    def __init__(self, start: int) -> None:
        self.start = start

    def new(self, options: object, seed: int) -> State:
        return {"left": self.start, "active": 0, "winner": None}

    def to_act(self, state: State) -> list[Seat]:
        return [] if state["winner"] is not None else [state["active"]]

    def legal_actions(self, state: State, seat: Seat) -> list[Action]:
        if state["winner"] is not None or seat != state["active"]:
            return []
        return [{"type": "take", "count": n} for n in (1, 2, 3) if n <= state["left"]]

    def apply(self, state: State, seat: Seat, action: Action) -> tuple[State, list]:
        left = state["left"] - action["count"]
        winner = seat if left == 0 else None
        return {"left": left, "active": 1 - seat, "winner": winner}, []

    def view(self, state: State, seat: Seat | None) -> dict[str, object]:
        return {
            **state,
            "legal_actions": self.legal_actions(state, seat) if seat is not None else [],
        }

    def result(self, state: State) -> Result | None:
        if state["winner"] is None:
            return None
        places = [1 if s == state["winner"] else 2 for s in (0, 1)]
        return Result([0, 0], places, [state["winner"]])


class Open:
    """Nothing is hidden: the view is the state."""

    def determinise(self, view, seat, rng) -> State:
        return {k: v for k, v in view.items() if k != "legal_actions"}

    def evaluate(self, state: State) -> Sequence[float]:
        return [0.5, 0.5]

    def complete(self, state, seat, action, rng) -> Action:
        raise AssertionError("TakeAway lists every action")


def winning_takes(left: int) -> set[int]:
    """Minimax, by brute force: the takes that win against any reply."""

    def wins(counters: int) -> bool:  # the seat to move wins
        return any(n == counters or not wins(counters - n) for n in (1, 2, 3) if n <= counters)

    return {n for n in (1, 2, 3) if n <= left and (n == left or not wins(left - n))}


class Refuses:
    name = "refuses"

    def choose(self, game, view, seat, rng) -> Action:
        raise AssertionError("the search should have chosen")


@pytest.mark.parametrize("left", [5, 6, 7, 9, 10, 11])
def test_the_search_finds_the_winning_take_that_minimax_finds(left):
    game = TakeAway(left)
    bot = SearchBot(Open(), Refuses(), Budget(seconds=60, iterations=3000), rollout_depth=50)
    state = game.new({}, 0)
    chosen = bot.choose(game, game.view(state, 0), 0, random.Random(left))
    assert chosen["count"] in winning_takes(left)


class Perfect:
    """TakeAway's minimax play: a winning take when there is one, else a single counter."""

    name = "perfect"

    def choose(self, game, view, seat, rng) -> Action:
        takes = winning_takes(view["left"])
        return {"type": "take", "count": min(takes) if takes else 1}


def paired_search(left: int, budget: Budget, clock=None) -> SearchBot:
    """A paired search whose policy takes a single counter at the root (often losing) and
    plays perfectly below it."""
    first = {"type": "take", "count": 1}

    class Naive:
        name = "naive"

        def choose(self, game, view, seat, rng) -> Action:
            return first if view["left"] == left else Perfect().choose(game, view, seat, rng)

    timing = {} if clock is None else {"clock": clock}
    return SearchBot(
        Open(), Refuses(), budget, policy=Naive(), tree_depth=1, margin=0.03, paired=True, **timing
    )


@pytest.mark.parametrize("left", [6, 7, 9, 10])
def test_a_paired_search_tries_every_action_in_each_deal_and_takes_the_best_mean(left):
    game = TakeAway(left)
    bot = paired_search(left, Budget(seconds=60, iterations=30))
    chosen = bot.choose(game, game.view(game.new({}, 0), 0), 0, random.Random(left))
    assert chosen["count"] in winning_takes(left)
    assert set(bot.last_visits.values()) == {10}  # 30 rollouts: each of 3 takes in 10 deals
    assert bot.last_iterations == 30


def test_a_paired_search_ends_a_deal_at_its_deadline_but_never_the_first():
    """A move keeps to its time within a deal too, but the first deal tries every action,
    so that each has a mean."""
    game = TakeAway(9)
    view = game.view(game.new({}, 0), 0)
    ticks = itertools.count()
    slow = paired_search(9, Budget(seconds=1), clock=lambda: float(next(ticks)))
    slow.choose(game, view, 0, random.Random(1))
    assert slow.last_visits == dict.fromkeys(slow.last_visits, 1)  # one deal, whole
    assert len(slow.last_visits) == 3
    ticks = itertools.count()
    cut = paired_search(9, Budget(seconds=6), clock=lambda: float(next(ticks)))
    cut.choose(game, view, 0, random.Random(1))
    assert sorted(cut.last_visits.values()) == [1, 1, 2]  # the second deal ends at its deadline


def test_a_paired_search_with_a_first_deal_limit_keeps_to_it_the_policys_choice_first():
    """Where rollouts are long (Wizards Wanted's), the first deal too stops at its limit;
    the policy's own choice is tried first, so a deal cut short has tried it."""
    game = TakeAway(9)
    view = game.view(game.new({}, 0), 0)
    for limit, tried in ((2, 1), (3, 2)):
        ticks = itertools.count()  # one tick each time the search reads the clock
        bot = paired_search(9, Budget(seconds=1), clock=lambda t=ticks: float(next(t)))
        bot.candidates = lambda view, listed: listed  # the policy asked before the search
        bot.first_deal_limit = limit
        chosen = bot.choose(game, view, 0, random.Random(1))
        assert len(bot.last_visits) == tried
        assert action_key({"type": "take", "count": 1}) in bot.last_visits
        if tried == 1:
            assert chosen == {"type": "take", "count": 1}, "nothing else was tried"


class Scored(Open):
    """Scores every state, finished or not, as a narrow lead for seat 1."""

    def evaluate(self, state: State) -> Sequence[float]:
        return [0.4, 0.6]


def test_a_finished_rollout_is_scored_by_the_result_or_by_evaluate():
    game = TakeAway(3)
    over = {"left": 0, "active": 1, "winner": 0}
    by_result = SearchBot(Scored(), Refuses())
    assert list(by_result._play_on(game, over, random.Random(1))) == [1.0, 0.0]
    by_margin = SearchBot(Scored(), Refuses(), evaluate_ends=True)
    assert list(by_margin._play_on(game, over, random.Random(1))) == [0.4, 0.6]


def test_a_games_own_root_puts_the_policys_choice_first_and_it_stands_within_the_margin():
    game = TakeAway(5)  # taking 1 wins; the listed first choice, taking 2, loses
    view = game.view(game.new({}, 0), 0)

    def root(game, view, seat, rng) -> list[Action]:
        return [{"type": "take", "count": 2}, {"type": "take", "count": 1}]

    def bot(margin: float) -> SearchBot:
        budget = Budget(seconds=60, iterations=40)
        return SearchBot(
            Open(), Refuses(), budget, policy=Perfect(), tree_depth=1, margin=margin,
            paired=True, root_actions=root,
        )  # fmt: skip

    assert bot(0.03).choose(game, view, 0, random.Random(1)) == {"type": "take", "count": 1}
    kept = bot(1.5)
    assert kept.choose(game, view, 0, random.Random(1)) == {"type": "take", "count": 2}
    assert set(kept.last_visits) == {action_key(a) for a in root(game, view, 0, None)}


def test_a_budget_of_iterations_is_kept_exactly_and_a_budget_of_time_ends_the_search():
    game = TakeAway(9)
    view = game.view(game.new({}, 0), 0)
    counted = SearchBot(Open(), Refuses(), Budget(seconds=60, iterations=37))
    counted.choose(game, view, 0, random.Random(1))
    assert counted.last_iterations == 37
    ticks = itertools.count()
    timed = SearchBot(Open(), Refuses(), Budget(seconds=10), clock=lambda: float(next(ticks)))
    timed.choose(game, view, 0, random.Random(1))
    assert timed.last_iterations == 10  # one tick an iteration, after the deadline was set


def test_one_choice_costs_no_search_and_described_ones_go_to_the_fallback():
    game = TakeAway(1)
    bot = SearchBot(Open(), Refuses(), Budget(iterations=100))
    assert bot.choose(game, game.view(game.new({}, 0), 0), 0, random.Random(1)) == {
        "type": "take",
        "count": 1,
    }
    assert bot.last_iterations == 0

    class Fallback:
        name = "fallback"

        def choose(self, game, view, seat, rng) -> Action:
            return {"type": "discard", "cards": ["chosen"]}

    described = {"legal_actions": [{"type": "discard", "needs": ["cards"], "count": 1}]}
    assert SearchBot(Open(), Fallback()).choose(game, described, 0, random.Random(1)) == {
        "type": "discard",
        "cards": ["chosen"],
    }


class TakesOne:
    """A policy that always takes a single counter."""

    name = "takes-one"

    def choose(self, game, view, seat, rng) -> Action:
        return {"type": "take", "count": 1}


def test_the_candidates_narrow_the_root_and_keep_the_policys_choice():
    """From 7 the only winning take is 3; searched among 2 and the policy's 1, the search
    tries only those, and of them the policy's is no worse (both lose to perfect play)."""
    game = TakeAway(7)
    view = game.view(game.new({}, 0), 0)
    bot = SearchBot(
        Open(),
        Refuses(),
        Budget(seconds=60, iterations=400),
        policy=TakesOne(),
        rollout_depth=50,
        candidates=lambda view, listed: [a for a in listed if a["count"] == 2],
    )
    chosen = bot.choose(game, view, 0, random.Random(3))
    assert set(bot.last_visits) == {action_key({"type": "take", "count": n}) for n in (1, 2)}
    assert chosen["count"] in (1, 2)
    unnarrowed = SearchBot(Open(), Refuses(), Budget(seconds=60, iterations=400), rollout_depth=50)
    assert unnarrowed.choose(game, view, 0, random.Random(3))["count"] == 3  # the oracle's


def test_the_policy_reads_the_rollout_view_in_rollouts_and_the_root_reads_the_games():
    """``rollout_view`` (a game's cheaper view, with all its policy reads) is what the policy
    sees below the root; the root's own choice still reads the game's view."""
    game = TakeAway(9)
    seen: list[bool] = []

    class Recording:
        name = "recording"

        def choose(self, game, view, seat, rng) -> Action:
            seen.append(view.get("lean", False))
            return Perfect().choose(game, view, seat, rng)

    def lean(game, state, seat):
        return {**game.view(state, seat), "lean": True}

    bot = SearchBot(
        Open(), Refuses(), Budget(seconds=60, iterations=20), policy=Recording(),
        tree_depth=1, paired=True, margin=0.03, rollout_view=lean,
    )  # fmt: skip
    view = game.view(game.new({}, 0), 0)
    assert bot.choose(game, view, 0, random.Random(1))["count"] == 1  # 9 - 1 = 8 loses
    assert seen[-1] is False, "the policy's own choice at the root, from the game's view"
    assert seen.count(False) == 1
    assert seen.count(True) > 20, "every rollout move read the lean view"


def test_an_action_tried_too_few_times_does_not_replace_the_policys_choice():
    """From 6 only taking 2 wins; the policy takes 1. With 3 iterations, each action is
    tried once: below ``min_visits``, the policy's choice stands whatever the scores."""
    game = TakeAway(6)
    view = game.view(game.new({}, 0), 0)

    def bot(min_visits: int) -> SearchBot:
        return SearchBot(
            Open(),
            Refuses(),
            Budget(seconds=60, iterations=3),
            policy=TakesOne(),
            margin=0.01,
            rollout_depth=50,
            candidates=lambda view, listed: listed,
            min_visits=min_visits,
        )

    floored = bot(2)
    choices = {floored.choose(game, view, 0, random.Random(n))["count"] for n in range(30)}
    assert choices == {1}
    assert sorted(floored.last_visits.values()) == [1, 1, 1]
    loose = {bot(1).choose(game, view, 0, random.Random(n))["count"] for n in range(30)}
    assert loose != {1}  # one lucky rollout is enough without the floor


# --- The Lost Words: what a seat cannot see ------------------------------------------------

GAME = LostWords()
HIDDEN = LostWordsHidden()


def played_by(game, bot, options: dict[str, object], seed: int, moves: int) -> State:
    """A game of ``bot`` in every seat, ``moves`` moves in (or over)."""
    state = game.new(options, seed)
    for number in range(moves):
        if game.result(state) is not None:
            break
        seat = game.to_act(state)[0]
        action = bot.choose(game, game.view(state, seat), seat, random.Random(number))
        state, _ = game.apply(state, seat, action)
    return state


def played(seed: int, players: int, moves: int) -> State:
    """A Lost Words game of heuristic bots, ``moves`` moves in (or over)."""
    return played_by(GAME, HeuristicBot(), {"players": players}, seed, moves)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 4),
    moves=st.integers(0, 150),
    deal=st.integers(0, 10**6),
)
def test_a_deal_of_the_unseen_shows_the_seat_exactly_its_view(seed, players, moves, deal):
    state = played(seed, players, moves)
    for seat in range(players):
        view = GAME.view(state, seat)
        dealt = HIDDEN.determinise(view, seat, random.Random(deal))
        assert GAME.view(dealt, seat) == view


def test_deals_differ_in_what_the_seat_cannot_see():
    view = GAME.view(played(3, 2, 20), 0)
    hands = {
        tuple(HIDDEN.determinise(view, 0, random.Random(n))["players"][1]["hand"])
        for n in range(20)
    }
    assert len(hands) > 10


def test_the_search_chooses_alike_in_states_that_differ_only_in_hidden_cards():
    state = played(11, 2, 30)
    seat = GAME.to_act(state)[0]
    other = 1 - seat
    changed = {**state, "players": [dict(p) for p in state["players"]], "draw": list(state["draw"])}
    hand = list(changed["players"][other]["hand"])
    hand[0], changed["draw"][0] = changed["draw"][0], hand[0]
    changed["players"][other]["hand"] = hand
    assert changed != state
    view = GAME.view(state, seat)
    assert GAME.view(changed, seat) == view
    assert len([a for a in view["legal_actions"] if "needs" not in a]) > 1  # a real choice
    budget = Budget(seconds=60, iterations=60)
    for make in (lambda: SearchBot(HIDDEN, HeuristicBot(), budget), lambda: search_bot(budget)):
        choices = [
            make().choose(GAME, GAME.view(each, seat), seat, random.Random(5))
            for each in (state, changed)
        ]
        assert choices[0] == choices[1]


# --- Magos y Tabernas: what a seat cannot see --------------------------------------------

MYT = MagosYTabernas()
MYT_HIDDEN = MagosYTabernasHidden()


def myt_played(seed: int, players: int, moves: int, teams: bool = False) -> State:
    """A Magos y Tabernas game of heuristic bots, ``moves`` moves in (or over)."""
    options = {"players": players, "teams": teams and players == 4}
    return played_by(MYT, MytHeuristicBot(), options, seed, moves)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 4),
    teams=st.booleans(),
    moves=st.integers(0, 300),
    deal=st.integers(0, 10**6),
)
def test_a_magos_y_tabernas_deal_shows_the_seat_exactly_its_view(seed, players, teams, moves, deal):
    state = myt_played(seed, players, moves, teams)
    for seat in range(players):
        view = MYT.view(state, seat)
        dealt = MYT_HIDDEN.determinise(view, seat, random.Random(deal))
        assert MYT.view(dealt, seat) == view


def test_a_magos_y_tabernas_deal_varies_the_unseen_and_scores_the_way_to_the_beer():
    state = myt_played(5, 2, 40)
    view = MYT.view(state, 0)
    hands = {
        tuple(MYT_HIDDEN.determinise(view, 0, random.Random(n))["players"][1]["hand"])
        for n in range(20)
    }
    assert len(hands) > 10
    ahead = {**state, "players": [dict(p) for p in state["players"]]}
    ahead["players"][0]["level"], ahead["players"][1]["level"] = 1, 0
    scores = MYT_HIDDEN.evaluate(ahead)
    assert scores[0] > 0.5 > scores[1]
    assert all(0 <= s <= 1 for s in scores)


def test_the_magos_y_tabernas_search_answers_as_its_seat_in_a_window_that_asks_others_first():
    """A window asks seats 1 and 0 at once; the search of seat 0 chooses among seat 0's own
    actions, not those of the seat asked first."""
    state = give(give(table(), 0, hand=["gema-1", "chispa-1"]), 1, hand=["escudo-1"])
    state, _ = MYT.apply(state, 0, {"type": "play", "card": "chispa-1"})
    assert MYT.to_act(state) == [1, 0]
    view = MYT.view(state, 0)
    bot = myt_search_bot(Budget(seconds=60, iterations=30))
    choice = bot.choose(MYT, view, 0, random.Random(2))
    assert choice in view["legal_actions"]
    assert set(bot.last_visits) == {action_key(a) for a in view["legal_actions"]}


def test_the_magos_y_tabernas_search_chooses_alike_in_states_that_differ_only_in_hidden_cards():
    state = myt_played(11, 2, 12)
    seat = MYT.to_act(state)[0]
    other = 1 - seat
    changed = {**state, "players": [dict(p) for p in state["players"]], "deck": list(state["deck"])}
    hand = list(changed["players"][other]["hand"])
    hand[0], changed["deck"][0] = changed["deck"][0], hand[0]
    changed["players"][other]["hand"] = hand
    assert changed != state
    view = MYT.view(state, seat)
    assert MYT.view(changed, seat) == view
    assert len(view["legal_actions"]) > 1  # a real choice
    budget = Budget(seconds=60, iterations=40)
    choices = [
        myt_search_bot(budget).choose(MYT, MYT.view(each, seat), seat, random.Random(5))
        for each in (state, changed)
    ]
    assert choices[0] == choices[1]
