"""Checks every engine's tests share (docs/engines.md, "The tests every engine has")."""

from __future__ import annotations

import copy
import json
import pathlib
import random
import re
from collections.abc import Callable, Sequence

import pytest

from wordsvc.games.contract import Game, RuleError, State, canonical, replay

#: Tests of the contract's own refusals (seats, options, seeds) that run for every engine.
SHARED_TESTS = [pathlib.Path(__file__).with_name(n) for n in ("test_views.py", "test_options.py")]
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


def assert_deterministic(
    game: Game, options: dict, seed: int, log, final: State | None = None
) -> None:
    """Replaying twice, with the global random disturbed in between, gives equal states,
    equal to the state the game ended in when ``final`` is given; the state survives a JSON
    round trip."""
    first = replay(game, options, seed, log)
    if final is not None:
        assert canonical(first) == canonical(final), "the replay differs from the game"
    random.seed(12345)
    random.random()
    second = replay(game, options, seed, log)
    assert canonical(first) == canonical(second)
    assert json.loads(json.dumps(first)) == first


def assert_every_refusal_code_tested(
    engine: pathlib.Path, test_file: str, *also: pathlib.Path
) -> None:
    """Every ``RuleError`` code the engine's modules (and ``also``) raise appears, quoted, in
    ``test_file`` or in the tests every engine shares (:data:`SHARED_TESTS`, parametrised over
    every game): the contract asks that each be raised by a test."""
    sources = [*sorted(engine.glob("*.py")), *also]
    codes = set(
        re.findall(r'RuleError\(\s*"([a-z_]+)"', "".join(p.read_text("utf-8") for p in sources))
    )
    tested = "".join(p.read_text("utf-8") for p in [pathlib.Path(test_file), *SHARED_TESTS])
    missing = sorted(c for c in codes if f'"{c}"' not in tested)
    assert not missing, f"no test raises {missing}"


def assert_refused(game: Game, state: State, seat: int, action: dict, code: str) -> None:
    before = canonical(state)
    with pytest.raises(RuleError) as refused:
        game.apply(state, seat, action)
    assert refused.value.code == code, (refused.value.code, refused.value.message)
    assert refused.value.message
    assert canonical(state) == before, "a refused action must not touch the state"


# --- the generic leak check --------------------------------------------------------------

Path = tuple[str | int, ...]


def _matches(pattern: str, path: Path, seat: int | None) -> bool:
    """Whether ``pattern`` (dot-separated: a key, ``*`` for any key or index, ``@`` for the
    viewing seat's index) names ``path`` or one of its ancestors."""
    parts = pattern.split(".")
    if len(parts) > len(path):
        return False
    for part, key in zip(parts, path, strict=False):
        if part == "*":
            continue
        if part == "@":
            if seat is None or str(key) != str(seat):
                return False
        elif part != str(key):
            return False
    return True


def hidden_leaves(state: State, visible: Sequence[str], seat: int | None) -> list[Path]:
    """Every scalar of the state that no ``visible`` pattern covers, for this seat."""
    found: list[Path] = []

    def walk(value: object, path: Path) -> None:
        if any(_matches(p, path, seat) for p in visible):
            return
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, (*path, key))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, (*path, index))
        elif value is not None:
            found.append(path)

    walk(state, ())
    return found


def _get(state: State, path: Path) -> object:
    for key in path:
        state = state[key]
    return state


def _put(state: State, path: Path, value: object) -> None:
    for key in path[:-1]:
        state = state[key]
    state[path[-1]] = value


def disguise(game: Game, state: State, seat: int | None, rng: random.Random) -> State:
    """The same game with every part hidden from ``seat`` changed: hidden strings (card ids,
    and any text nobody declared visible) are shuffled among the hidden places that show the
    same card back, numbers are moved and flags flipped. Lengths of lists never change, so
    what the seat may count (deck sizes, hand sizes) stays the same."""
    other = copy.deepcopy(state)
    by_back: dict[str, list[Path]] = {}
    for path in hidden_leaves(state, game.visible_paths(state, seat), seat):
        value = _get(state, path)
        if isinstance(value, str):
            by_back.setdefault(game.card_back(value), []).append(path)
        elif isinstance(value, bool):
            _put(other, path, not value)
        elif isinstance(value, int | float):
            _put(other, path, value + 1)
    for paths in by_back.values():
        values = [_get(state, path) for path in paths]
        rng.shuffle(values)
        for path, value in zip(paths, values, strict=True):
            _put(other, path, value)
    return other


def hidden_cards(game: Game, state: State, seat: int | None) -> set[str]:
    """The cards (strings with a card back) that lie only where ``seat`` cannot see them."""
    paths = hidden_leaves(state, game.visible_paths(state, seat), seat)
    hidden = {value for path in paths if isinstance(value := _get(state, path), str)}
    shown = (_strings(state) - hidden) | _strings(game.view(state, seat))
    return {value for value in hidden - shown if game.card_back(value) != "text"}


def _strings(value: object) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*map(_strings, value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*map(_strings, value)) if value else set()
    return set()


def assert_no_leaks(
    game: Game,
    state: State,
    rng: random.Random,
    move: tuple[int, dict] | None = None,
) -> None:
    """For every seat and the spectator, a state that differs only in what that viewer may
    not see gives an equal view. When ``move`` (a seat and its action) is given, the events
    each viewer is sent name no card that lies hidden from it both before and after the move
    (a card it draws, say, it may see; a card another seat draws, it may not)."""
    after = game.apply(state, *move) if move is not None else None
    for seat in [None, *range(len(state["players"]))]:
        twin = disguise(game, state, seat, rng)
        assert game.view(twin, seat) == game.view(state, seat), ("view leaks", seat)
        if after is None:
            continue
        secret = hidden_cards(game, state, seat) & hidden_cards(game, after[0], seat)
        for event in after[1]:
            if event.visible_to(seat):
                named = _strings(dict(event.data)) & secret
                assert not named, ("event leaks", seat, event.type, sorted(named))
