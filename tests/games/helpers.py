"""Checks every engine's tests share (docs/engines.md, "The tests every engine has")."""

from __future__ import annotations

import copy
import functools
import json
import pathlib
import random
import re
import types
import typing
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import pytest
from hypothesis import strategies as st

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
        before = state["phase"]
        state, events = game.apply(state, seat, action)
        declared = getattr(game, "transitions", None)
        if declared is not None:
            assert state["phase"] in declared[before], (
                f"{action['type']} led from {before} to {state['phase']}, not declared"
            )
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


def _part_matches(part: str, key: str | int, seat: int | None) -> bool:
    """Whether one part of a visible pattern (a key, ``*`` for any key or index, ``@`` for
    the viewing seat's index) names ``key``."""
    if part == "*":
        return True
    if part == "@":
        return seat is not None and str(key) == str(seat)
    return part == str(key)


def hidden_leaves(state: State, visible: Sequence[str], seat: int | None) -> list[Path]:
    """Every scalar of the state that no ``visible`` pattern (dot-separated parts, see
    :func:`_part_matches`) covers, for this seat: a pattern covers the path it names and
    everything below it."""
    found: list[Path] = []

    def walk(value: object, path: Path, patterns: list[tuple[str, ...]]) -> None:
        if any(not rest for rest in patterns):
            return
        if isinstance(value, dict):
            items: Iterable[tuple[str | int, object]] = value.items()
        elif isinstance(value, list):
            items = enumerate(value)
        else:
            if value is not None:
                found.append(path)
            return
        for key, item in items:
            alive = [rest[1:] for rest in patterns if _part_matches(rest[0], key, seat)]
            walk(item, (*path, key), alive)

    walk(state, (), [tuple(p.split(".")) for p in visible])
    return found


def _get(state: State, path: Path) -> object:
    for key in path:
        state = state[key]
    return state


def _put(state: State, path: Path, value: object) -> None:
    for key in path[:-1]:
        state = state[key]
    state[path[-1]] = value


def disguise(
    game: Game, state: State, seat: int | None, rng: random.Random, hidden: list[Path] | None = None
) -> State:
    """The same game with every part hidden from ``seat`` changed: hidden strings (card ids,
    and any text nobody declared visible) are shuffled among the hidden places that show the
    same card back, numbers are moved and flags flipped. Lengths of lists never change, so
    what the seat may count (deck sizes, hand sizes) stays the same. ``hidden``: the
    :func:`hidden_leaves` for this seat, when the caller has them."""
    other = copy.deepcopy(state)
    by_back: dict[str, list[Path]] = {}
    if hidden is None:
        hidden = hidden_leaves(state, game.visible_paths(state, seat), seat)
    for path in hidden:
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


def hidden_cards(
    game: Game,
    state: State,
    seat: int | None,
    hidden: list[Path] | None = None,
    everything: set[str] | None = None,
) -> set[str]:
    """The cards (strings with a card back) that lie only where ``seat`` cannot see them.
    ``hidden`` and ``everything``: the seat's :func:`hidden_leaves` and every string of the
    state, when the caller has them."""
    if hidden is None:
        hidden = hidden_leaves(state, game.visible_paths(state, seat), seat)
    strings = {value for path in hidden if isinstance(value := _get(state, path), str)}
    everything = _strings(state) if everything is None else everything
    shown = (everything - strings) | _strings(game.view(state, seat))
    return {value for value in strings - shown if game.card_back(value) != "text"}


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
    strings = _strings(state)
    strings_after = _strings(after[0]) if after is not None else set()
    for seat in [None, *range(len(state["players"]))]:
        hidden = hidden_leaves(state, game.visible_paths(state, seat), seat)
        twin = disguise(game, state, seat, rng, hidden)
        assert game.view(twin, seat) == game.view(state, seat), ("view leaks", seat)
        if after is None:
            continue
        secret = hidden_cards(game, state, seat, hidden, strings) & hidden_cards(
            game, after[0], seat, everything=strings_after
        )
        for event in after[1]:
            if event.visible_to(seat):
                named = _strings(dict(event.data)) & secret
                assert not named, ("event leaks", seat, event.type, sorted(named))


# --- the property harness: the contract's invariants at every step -----------------------

Filler = Callable[[State, int, dict, random.Random], "dict | None"]


def nothing_to_fill(state: State, seat: int, action: dict, rng: random.Random) -> dict | None:
    raise AssertionError(f"the engine's Box says nothing of how to fill in {action}")


@dataclass(frozen=True)
class Box:
    """What the property harness must be told of an engine: every component in its box,
    counted by name (card ids, "orbs", a seat's tokens...), so that the harness can see one
    created or lost, and how to fill in an action its legal actions describe with ``needs``
    (None when none can be filled in here)."""

    game: Game
    components: Callable[[State], Counter[str]]
    fill: Filler = nothing_to_fill


def odd_actions(
    types: Sequence[object], fields: Sequence[str], values: st.SearchStrategy[object]
) -> st.SearchStrategy[list[dict]]:
    """A few actions of these types with some of these fields, for :func:`checked_playout`
    to try at every step."""
    action = st.builds(
        lambda kind, chosen: {"type": kind, **chosen},
        st.sampled_from(types),
        st.dictionaries(st.sampled_from(fields), values, max_size=3),
    )
    return st.lists(action, max_size=2)


def random_legal(box: Box) -> Chooser:
    """A chooser uniform over the listed legal actions, those with ``needs`` filled in."""

    def choose(game: Game, state: State, seat: int, rng: random.Random) -> dict:
        legal = game.legal_actions(state, seat)
        rng.shuffle(legal)
        for action in legal:
            filled = box.fill(state, seat, action, rng) if "needs" in action else action
            if filled is not None:
                return filled
        raise AssertionError(f"seat {seat} has no action it can take: {legal}")

    return choose


def checked_playout(
    box: Box,
    options: dict,
    seed: int,
    choose: Chooser | None = None,
    odd: Sequence[object] = (),
    steps: int | None = None,
) -> State:
    """A seeded playout in which every state passes :func:`assert_sound_state` (the ``odd``
    actions tried there too) and every move the leak check. With ``steps``, only the first
    ``steps`` moves are played (the playout tests play whole games); else the game must end."""
    chooser = choose or random_legal(box)
    types: set[str] = set()
    played = [0]

    def checked(game: Game, state: State, seat: int, rng: random.Random) -> dict:
        if steps is not None and played[0] == steps:
            raise _Enough(state)
        assert_sound_state(box, state, rng, odd, sorted(types))
        action = chooser(game, state, seat, rng)
        types.add(action["type"])
        assert_no_leaks(game, state, rng, (seat, action))
        played[0] += 1
        return action

    try:
        state, _ = playout(box.game, options, seed, checked)
    except _Enough as enough:
        return enough.state
    return state


class _Enough(Exception):
    """Raised out of a playout cut short after its number of steps."""

    def __init__(self, state: State) -> None:
        super().__init__()
        self.state = state


def assert_sound_state(
    box: Box,
    state: State,
    rng: random.Random,
    odd: Sequence[object] = (),
    types: Sequence[str] = (),
) -> None:
    """The contract at one state of a game that goes on: seats that ``to_act`` does not name
    are offered nothing and refused (``not_your_turn``); every seat it names is offered
    something, and every listed action (one with ``needs`` filled in) is accepted. A few
    listed actions are refused with an unknown field, or sent as no object; their
    :func:`mutants` (their type changed to one of ``types``, among others), a bare action of
    each of ``types`` and each ``odd`` action are refused leaving the state as it was, or
    accepted (see :func:`assert_sound_step`) and then listed."""
    game = box.game
    snapshot = copy.deepcopy(state)
    acting = game.to_act(state)
    seats = range(len(state["players"]))
    assert acting, "a game that goes on names who acts"
    assert len(set(acting)) == len(acting), acting
    assert set(acting) <= set(seats), acting
    offered = {seat: game.legal_actions(state, seat) for seat in seats}
    for seat in seats:
        if seat in acting:
            assert offered[seat], f"seat {seat} is to act but has no legal action"
        else:
            assert offered[seat] == [], f"seat {seat} is not to act but is offered actions"
    before = (snapshot, box.components(state))
    tried: list[tuple[int, dict]] = []
    for seat in acting:
        for action in offered[seat]:
            filled = box.fill(state, seat, action, rng) if "needs" in action else action
            if filled is None:
                continue
            applied = assert_sound_step(box, state, seat, filled, before)
            assert applied is not None, f"seat {seat}'s listed {filled} is refused"
            tried.append((seat, filled))
            for other in (s for s in seats if s not in acting):
                assert_refused_quickly(game, state, other, filled, "not_your_turn")
    for seat, action in rng.sample(tried, min(len(tried), MUTATED_PER_STATE)):
        for refused in ({**action, "unheard_of": 1}, [action["type"]]):
            applied = assert_sound_step(box, state, seat, refused, before)
            assert applied is None, f"{refused} (an unknown field, or no object) is accepted"
        for mutant in mutants(state, seat, action, rng, types):
            if assert_sound_step(box, state, seat, mutant, before) is not None:
                assert_listed(offered[seat], mutant)  # type: ignore[arg-type]
    for seat in acting:
        for action in [*({"type": kind} for kind in types), *odd]:
            if assert_sound_step(box, state, seat, action, before) is not None:
                assert_listed(offered[seat], action)  # type: ignore[arg-type]
    assert state == snapshot, "looking at the state or trying actions changed it"


def assert_refused_quickly(game: Game, state: State, seat: int, action: dict, code: str) -> None:
    """The refusal :func:`assert_refused` asserts, but for the state left as it was: the
    caller checks that once for many actions."""
    refusal = _refusal(game, state, seat, action)
    assert refusal is not None, f"seat {seat} may {action}: {code} expected"
    assert refusal.code == code, (seat, action, refusal.code, refusal.message)


def _refusal(game: Game, state: State, seat: int, action: object) -> RuleError | None:
    try:
        game.apply(state, seat, action)  # type: ignore[arg-type]
    except RuleError as refusal:
        return refusal
    return None


def assert_sound_step(
    box: Box,
    state: State,
    seat: int,
    action: object,
    before: tuple[State, Counter[str]] | None = None,
) -> State | None:
    """Apply ``action``. A refusal is a :class:`RuleError` with a code and a message, and the
    state is deep-equal to a copy taken before. An accepted action leaves the caller's state
    alone too, and the new state holds the same components and no negative number. Returns
    the new state, or None when refused. ``before``: the state's copy and components, when
    the caller tries several actions on one state."""
    copied, had = before or (copy.deepcopy(state), box.components(state))
    try:
        new, events = box.game.apply(state, seat, action)  # type: ignore[arg-type]
    except RuleError as error:
        refusal: RuleError | None = error
    else:
        refusal = None
    if refusal is not None:
        assert isinstance(refusal.code, str), refusal
        assert refusal.code, refusal
        assert refusal.message, f"the refusal {refusal.code} gives no message"
        assert state == copied, f"the refused {action} ({refusal.code}) changed the state"
        return None
    assert state == copied, f"applying {action} changed the caller's state"
    has = box.components(new)
    assert has == had, f"{action} created {has - had} and lost {had - has}"
    negative = [path for path, value in _numbers(new) if value < 0]
    assert not negative, f"{action} left negative numbers at {negative}"
    assert all(isinstance(e.type, str) and e.type for e in events)
    return new


def assert_sound_action(
    box: Box, state: State, seat: int, action: object, rng: random.Random
) -> State | None:
    """One action on a position a test built: refused leaving the state as it was, or
    accepted soundly (:func:`assert_sound_step`), listed among the legal actions, and
    leaking nothing. Returns the new state, or None when refused."""
    applied = assert_sound_step(box, state, seat, action)
    if applied is not None:
        assert isinstance(action, dict)
        assert_listed(box.game.legal_actions(state, seat), action)
        assert_no_leaks(box.game, state, rng, (seat, action))
    return applied


def assert_listed(legal: Sequence[dict], action: dict) -> None:
    """An accepted action is of a type the legal actions describe (``needs``), or one of
    those they list, but for fields it leaves out (an optional ``cost``, say) or sends as
    null or an empty list (an optional field's default: ``"mushrooms": []`` pays with none)."""
    described = {a["type"] for a in legal if "needs" in a}
    assert action.get("type") in described or any(
        all(
            _same(listed[key], value) if key in listed else value in (None, [])
            for key, value in action.items()
        )
        for listed in legal
    ), f"{action} is accepted but not among the legal actions"


def _same(one: object, other: object) -> bool:
    """Equal as JSON: ``True`` is not ``1``, nor ``1.0`` ``1``."""
    return json.dumps(one, sort_keys=True) == json.dumps(other, sort_keys=True)


#: How many of a state's listed actions :func:`assert_sound_state` mutates (a playout meets
#: every kind of action many times over; mutating them all would only make it slower).
MUTATED_PER_STATE = 3
#: What a field of a mutated action is replaced with, besides values taken from the state.
ODD_VALUES: tuple[object, ...] = (None, True, -1, 10**20, 1.5, "", "no-such-thing", [], {})


def mutants(
    state: State, seat: int, action: dict, rng: random.Random, types: Sequence[str] = ()
) -> list[object]:
    """Actions near ``action`` that the rules may well refuse: another type (one of
    ``types``), each field missing or replaced by an odd value, by a string of the seat's own
    (a card in its hand, say), by one from anywhere in the state (another seat's card) or by
    a list of itself."""
    everywhere = sorted(_strings(state))
    own = sorted(_strings(state["players"][seat])) or everywhere
    others = [t for t in types if t != action.get("type")] or ["no-such-type"]
    found: list[object] = [{**action, "type": rng.choice(others)}]
    for key, value in action.items():
        if key == "type":
            continue
        found.append({k: v for k, v in action.items() if k != key})
        for odd in (rng.choice(ODD_VALUES), rng.choice(own), rng.choice(everywhere), [value]):
            if odd != value:
                found.append({**action, key: odd})
    return found


def _numbers(value: object, path: Path = ()) -> list[tuple[Path, float]]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int | float):
        return [(path, value)]
    if isinstance(value, dict):
        return [n for key, item in value.items() for n in _numbers(item, (*path, key))]
    if isinstance(value, list):
        return [n for index, item in enumerate(value) for n in _numbers(item, (*path, index))]
    return []


@functools.cache
def _hints(typed_dict: type) -> dict[str, object]:
    """A TypedDict's declared keys and types (resolving them is slow: once each)."""
    return typing.get_type_hints(typed_dict)


@functools.cache
def _shape(hint: object) -> tuple[object, tuple[object, ...], bool]:
    """A type hint's origin, arguments and whether it is a TypedDict, once each."""
    return typing.get_origin(hint), typing.get_args(hint), typing.is_typeddict(hint)


def assert_typed(value: object, hint: object, path: str = "state") -> None:
    """``value`` has the shape ``hint`` declares: a TypedDict's required keys all there,
    no key it does not declare, and each value, in lists, dicts and unions, checked in turn
    (what a game's ``state.py`` promises of every state). Literals are checked by value,
    the plain types by their class; ``Any`` and ``object`` take anything."""
    found = _mismatch(value, hint)
    assert found is None, f"{path}{found}"


class SampledShape:
    """:func:`assert_typed` on every ``every``-th state a playout passes, the first
    included: a game meets each shape many times over, and checking every state doubled
    the playouts' time."""

    def __init__(self, hint: object, every: int = 8) -> None:
        self.hint, self.every, self.seen = hint, every, 0

    def __call__(self, state: object) -> None:
        if self.seen % self.every == 0:
            assert_typed(state, self.hint)
        self.seen += 1


def _mismatch(value: object, hint: object) -> str | None:
    """Where and how ``value`` departs from ``hint`` (the path built only on a failure, as
    every state of every playout is read), or None."""
    origin, args, typed_dict = _shape(hint)
    if typed_dict:
        if not isinstance(value, dict):
            return f": {value!r} is no {getattr(hint, '__name__', hint)}"
        declared = _hints(hint)
        missing = hint.__required_keys__ - value.keys()  # type: ignore[attr-defined]
        extra = value.keys() - declared.keys()
        if missing or extra:
            return f": missing {set(missing)}, undeclared {set(extra)}"
        for key, item in value.items():
            found = _mismatch(item, declared[key])
            if found is not None:
                return f".{key}{found}"
        return None
    if origin is typing.Literal:
        return None if value in args else f": {value!r} is none of {args}"
    if origin in (typing.Union, types.UnionType):
        failures = [_mismatch(value, option) for option in args]
        return None if None in failures else f": {value!r} matches no part of {hint}: {failures}"
    if origin is list:
        if not isinstance(value, list):
            return f": {value!r} is no list"
        for i, item in enumerate(value):
            found = _mismatch(item, args[0])
            if found is not None:
                return f"[{i}]{found}"
        return None
    if origin is dict:
        if not isinstance(value, dict):
            return f": {value!r} is no dict"
        for key, item in value.items():
            found = _mismatch(key, args[0]) or _mismatch(item, args[1])
            if found is not None:
                return f"[{key!r}]{found}"
        return None
    if hint is type(None):
        return None if value is None else f": {value!r} is not None"
    if hint in (typing.Any, object):
        return None
    if isinstance(hint, type):
        if not isinstance(value, hint) or (hint is not bool and isinstance(value, bool)):
            return f": {value!r} is no {hint.__name__}"
        return None
    return f": no check for {hint!r}"
