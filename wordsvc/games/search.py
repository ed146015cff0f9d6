"""A bot that thinks: information-set Monte Carlo tree search (single-observer ISMCTS, as in
Cowling, Powley and Whitehouse, 2012, and OpenSpiel's ``ismcts``), behind the contract's
:class:`~wordsvc.games.contract.Bot` interface, for any game that says what its seats cannot
see (:class:`Hidden`).

Each iteration deals what the seat cannot see afresh, consistently with its view
(:meth:`Hidden.determinise`: the other hands, the piles' order), then walks one tree that
every deal shares. At a node it counts each child whose action is legal in this deal as
available, and takes the available child of highest UCB1, where a child's exploration term
counts its availability rather than its parent's visits; the first action not yet tried is
added and played. From there a policy (a bot of the game, or uniform over the listed
actions) plays on for at most :attr:`SearchBot.rollout_depth` moves, and the end is scored
for every seat: by the game's result when it is over, otherwise by :meth:`Hidden.evaluate`.
Each node on the path gains the score of the seat that chose its action. The root's most
visited action is the move, unless the policy's own choice scored within
:attr:`SearchBot.margin` of it, or the most visited was tried fewer than
:attr:`SearchBot.min_visits` times. Where a seat lists more actions than its iterations can
tell apart, a game narrows the root to its :attr:`SearchBot.candidates` (the policy's
choice always among them); where a seat's actions are described rather than listed (Words of
Magic's words), a game lists the root's own (:attr:`SearchBot.root_actions`).

A flat search (one move deep) may instead be :attr:`SearchBot.paired`: each deal tries every
root action, each played on from the same seed (common random numbers), and the action of
best mean is the move, under the same margin. Two actions are then compared on the same
luck, so a difference between their means is theirs rather than their deals'.

The bot reads nothing but the view: two states that differ only in what the seat cannot see
give it the same choice (tests/games/test_search.py). It stops at its budget's time or
iterations, whichever comes first; a move with a single choice costs nothing.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Protocol

from wordsvc.games.contract import Action, Bot, Game, Seat, State, legal_actions_in

View = Mapping[str, object]


class Hidden(Protocol):
    """What a game's search needs beyond the contract: the unseen part of a state drawn
    afresh, and a quick score of a state that is not over."""

    def determinise(self, view: View, seat: Seat, rng: random.Random) -> State:
        """A whole state whose view for ``seat`` is ``view``: what the seat cannot see
        (others' hands, the piles' order) drawn at random among what it could be."""
        ...

    def evaluate(self, state: State) -> Sequence[float]:
        """Each seat's share of a win, in [0, 1], as the state stands (not over)."""
        ...

    def complete(self, state: State, seat: Seat, action: Action, rng: random.Random) -> Action:
        """A described action (with ``needs``) completed at random, as the state allows."""
        ...


@dataclass(frozen=True)
class Budget:
    """How long a move may think: ``seconds`` of the clock or ``iterations``, whichever
    ends first."""

    seconds: float = 1.0
    iterations: int = 1_000_000


#: A second of thought a move.
DEFAULT_BUDGET = Budget()


@dataclass
class _Node:
    """An action taken from the parent's information set, by ``actor``: its visits, how
    often it was available, and the actor's total score through it."""

    actor: Seat
    visits: int = 0
    available: int = 0
    score: float = 0.0
    children: dict[str, _Node] = field(default_factory=dict)
    action: Action = field(default_factory=dict)

    @property
    def mean(self) -> float:
        """The actor's average score through this node (visited at least once: a node is
        backed up in the iteration that adds it)."""
        return self.score / self.visits


def take_last(cards: list[str], count: int) -> list[str]:
    """The last ``count`` of ``cards``, taken from it: how a ``Hidden.determinise`` deals
    the shuffled unseen cards into hands and piles."""
    taken = cards[len(cards) - count :] if count else []
    del cards[len(cards) - count :]
    return taken


def action_key(action: Action) -> str:
    """One string per action, whatever the order of its fields."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


class SearchBot:
    """ISMCTS over ``game``'s rules, dealing the unseen with ``hidden``; ``fallback`` moves
    when the seat's legal actions are all described (too many to search among)."""

    name = "search"
    #: A move takes its budget: the sessions make it off the request thread.
    thinks = True

    def __init__(
        self,
        hidden: Hidden,
        fallback: Bot,
        budget: Budget = DEFAULT_BUDGET,
        *,
        policy: Bot | None = None,
        exploration: float = 0.7,
        rollout_depth: int = 24,
        margin: float = 0.0,
        tree_depth: int = 1_000,
        candidates: Callable[[View, list[Action]], list[Action]] | None = None,
        root_actions: Callable[[Game, View, Seat, random.Random], list[Action]] | None = None,
        evaluate_ends: bool = False,
        min_visits: int = 1,
        paired: bool = False,
        first_deal_limit: float | None = None,
        rollout_view: Callable[[Game, State, Seat], View] | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.hidden = hidden
        self.fallback = fallback
        self.policy = policy
        self.budget = budget
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.margin = margin
        self.tree_depth = tree_depth
        #: Narrows the root's actions to those worth its iterations (the policy's own choice
        #: is always among them); None: every listed action.
        self.candidates = candidates
        #: The root's actions, for a game whose seat's actions are described rather than
        #: listed (each legal in every deal of the unseen), the policy's own choice first;
        #: none: the fallback moves. None: the view's listed actions.
        self.root_actions = root_actions
        #: A rollout that reaches the game's end is scored by ``Hidden.evaluate`` too (by how
        #: much each seat won or lost, not only who won): fewer rollouts tell actions apart.
        self.evaluate_ends = evaluate_ends
        #: The visits an action needs at the root before it may replace the policy's choice.
        self.min_visits = min_visits
        #: Flat search with common random numbers: each deal tries every root action, each
        #: played on from the same seed, and the best mean wins (``tree_depth`` is 1 then).
        self.paired = paired
        #: A paired search's first deal tries every root action, however long it takes
        #: (None), or stops this many seconds into the move: a game whose rollouts are long
        #: keeps a move within its limit, the policy's own choice tried first.
        self.first_deal_limit = first_deal_limit
        #: What the policy reads in a rollout: the game's view (None), or a cheaper one that
        #: holds all the policy reads (a game's view may carry what only a page needs).
        self.rollout_view = rollout_view
        self.clock = clock
        #: The iterations the last move took (benchmarks read it).
        self.last_iterations = 0
        #: The visits of each action the last move tried at its root, by :func:`action_key`.
        self.last_visits: dict[str, int] = {}

    def choose(self, game: Game, view: View, seat: Seat, rng: random.Random) -> Action:
        self.last_iterations, self.last_visits = 0, {}
        started = self.clock()
        deadline = started + self.budget.seconds  # the whole move, the root's listing too
        own: str | None = None  # the policy's choice, asked before the search when it narrows
        if self.root_actions is not None:
            listed = self.root_actions(game, view, seat, rng)
            if listed and self.policy is not None:
                own = action_key(listed[0])  # a game lists the policy's own choice first
        else:
            listed = [a for a in legal_actions_in(view) if "needs" not in a]
        if not listed:
            return self.fallback.choose(game, view, seat, rng)
        if len(listed) == 1:
            return dict(listed[0])
        keys = {action_key(a): a for a in listed}
        allowed: set[str] | None = None
        if self.candidates is not None:
            allowed = {action_key(a) for a in self.candidates(view, listed)}
            if self.policy is not None:
                own = action_key(self.policy.choose(game, view, seat, rng))
                allowed.add(own)
            allowed &= keys.keys()
            if len(allowed) == 1:
                return dict(keys[allowed.pop()])
        root = _Node(actor=seat)
        # The root's actions, each once, the policy's own choice first (a deal cut short by
        # the clock has tried it).
        actions = sorted(keys.values(), key=lambda a: action_key(a) != own)
        # The first deal tries every action (up to its limit, where there is one).
        first = math.inf if self.first_deal_limit is None else started + self.first_deal_limit
        done = 0
        while done < self.budget.iterations and (done == 0 or self.clock() < deadline):
            state = self.hidden.determinise(view, seat, rng)
            if self.paired:
                late = deadline if done else first
                done += self._compare(game, state, seat, root, rng, actions, allowed, late)
            else:
                self._iterate(game, state, seat, root, rng, actions, allowed)
                done += 1
        self.last_iterations = done
        self.last_visits = {key: node.visits for key, node in root.children.items()}
        tried = {key: node for key, node in root.children.items() if key in keys}
        if not tried:
            return dict(rng.choice(listed))
        if self.paired:
            best = max(tried, key=lambda key: (tried[key].mean, tried[key].visits))
        else:
            best = max(tried, key=lambda key: (tried[key].visits, tried[key].score))
        if self.policy is not None and (self.margin > 0 or own is not None):
            # The policy's own choice stands unless the search found one clearly better,
            # tried often enough to tell.
            if own is None:
                own = action_key(self.policy.choose(game, view, seat, rng))
            weak = tried[best].visits < self.min_visits
            close = own in tried and tried[best].mean < tried[own].mean + self.margin
            if own in keys and (weak or close):
                best = own
        return dict(keys[best])

    def _iterate(
        self,
        game: Game,
        state: State,
        seat: Seat,
        root: _Node,
        rng: random.Random,
        listed: list[Action],
        allowed: set[str] | None = None,
    ) -> None:
        """One deal: select and expand in the tree, play on, score, back up. The root's
        actions are ``seat``'s ``listed`` ones (those ``allowed``, when given), even where a
        window asks others too; below it the first seat asked moves."""
        node, path = root, list[_Node]()
        while game.result(state) is None and len(path) < self.tree_depth:
            actor = game.to_act(state)[0] if path else seat
            legal = self._actions(game, state, actor, rng) if path else listed
            narrowed = allowed if not path else None
            available = []
            untried = []
            for action in legal:
                key = action_key(action)
                if narrowed is not None and key not in narrowed:
                    continue
                child = node.children.get(key)
                if child is None:
                    untried.append((key, action))
                else:
                    child.available += 1
                    available.append(child)
            if untried:
                key, action = rng.choice(untried)
                child = node.children[key] = _Node(actor=actor, available=1, action=action)
                state, _ = game.apply(state, actor, action)
                path.append(child)
                break
            if not available:
                break  # nothing to play (or nothing the root allows)
            node = max(available, key=self._ucb)
            state, _ = game.apply(state, actor, node.action)
            path.append(node)
        scores = self._play_on(game, state, rng)
        for child in path:
            child.visits += 1
            child.score += scores[child.actor]

    def _compare(
        self,
        game: Game,
        state: State,
        seat: Seat,
        root: _Node,
        rng: random.Random,
        listed: list[Action],
        allowed: set[str] | None = None,
        deadline: float = math.inf,
    ) -> int:
        """One deal for every root action (those ``allowed``, when given), each played on
        from the same seed, so that a difference between two actions' means is theirs
        rather than the luck of their deals, until the ``deadline``: the rollouts it made."""
        seed = rng.getrandbits(64)
        made = 0
        for action in listed:
            key = action_key(action)
            if allowed is not None and key not in allowed:
                continue
            if self.clock() >= deadline:
                break
            child = root.children.setdefault(key, _Node(actor=seat, action=action))
            child.available += 1
            after, _ = game.apply(state, seat, action)
            scores = self._play_on(game, after, random.Random(seed))
            child.visits += 1
            child.score += scores[seat]
            made += 1
        return max(made, 1)

    def _ucb(self, node: _Node) -> float:
        return node.mean + self.exploration * math.sqrt(math.log(node.available) / node.visits)

    def _play_on(self, game: Game, state: State, rng: random.Random) -> Sequence[float]:
        """The policy's moves (uniform ones without a policy) until the game ends or the
        depth is reached: each seat's score."""
        view = game.view if self.rollout_view is None else partial(self.rollout_view, game)
        for _ in range(self.rollout_depth):
            if game.result(state) is not None:
                break
            actor = game.to_act(state)[0]
            if self.policy is not None:
                action = self.policy.choose(game, view(state, actor), actor, rng)
            else:
                legal = self._actions(game, state, actor, rng)
                if not legal:
                    break
                action = rng.choice(legal)
            state, _ = game.apply(state, actor, action)
        result = game.result(state)
        if result is None or self.evaluate_ends:
            return self.hidden.evaluate(state)
        winners = set(result.winners)
        share = 1.0 / len(winners) if winners else 0.0
        return [share if s in winners else 0.0 for s in range(len(result.places))]

    def _actions(self, game: Game, state: State, actor: Seat, rng: random.Random) -> list[Action]:
        """The actor's listed actions, or its described ones completed at random."""
        legal = game.legal_actions(state, actor)
        listed = [a for a in legal if "needs" not in a]
        if listed:
            return listed
        return [self.hidden.complete(state, actor, a, rng) for a in legal]
