"""Checks every engine's tests share (shared/engine-contract.md, "Tests every engine has")."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from wordsvc.games.contract import Game, RuleError, State, canonical, replay

Chooser = Callable[[Game, State, int, random.Random], dict]


def playout(
    game: Game,
    options: dict,
    seed: int,
    choose: Chooser,
    check: Callable[[State], None] = lambda state: None,
    max_steps: int = 5000,
) -> tuple[State, list[tuple[int, dict]]]:
    """Play a seeded game to the end; ``check`` runs on every state. Only seats named by
    ``to_act`` act, and the game must end within ``max_steps``."""
    rng = random.Random(seed)
    state = game.new(options, seed)
    log: list[tuple[int, dict]] = []
    check(state)
    for _ in range(max_steps):
        if game.result(state) is not None:
            return state, log
        seats = game.to_act(state)
        assert seats, "a game that is not over must name who acts"
        seat = rng.choice(seats)
        action = choose(game, state, seat, rng)
        state, events = game.apply(state, seat, action)
        assert all(isinstance(e.type, str) for e in events)
        log.append((seat, action))
        check(state)
    raise AssertionError(f"the game did not end in {max_steps} steps")


def assert_deterministic(game: Game, options: dict, seed: int, log) -> None:
    """Replaying twice, with the global random disturbed in between, gives equal states; the
    state survives a JSON round trip."""
    first = replay(game, options, seed, log)
    random.seed(12345)
    random.random()
    second = replay(game, options, seed, log)
    assert canonical(first) == canonical(second)
    assert json.loads(json.dumps(first)) == first


def assert_refused(game: Game, state: State, seat: int, action: dict, code: str) -> None:
    before = canonical(state)
    with pytest.raises(RuleError) as refused:
        game.apply(state, seat, action)
    assert refused.value.code == code, (refused.value.code, refused.value.message)
    assert refused.value.message
    assert canonical(state) == before, "a refused action must not touch the state"
