"""Every engine's options and seed, as JSON can carry them: a whole-number float is the whole
number (JSON Schema counts 2.0 as an integer), a bool or a fraction is refused with
``invalid_options``, a huge number is refused or played, never a crash; a seed that is not a
whole number is refused with ``invalid_seed``."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from wordsvc.games.contract import Game, RuleError, canonical
from wordsvc.games.registry import GAMES
from wordsvc.games.words_of_magic.engine import WordsOfMagic


class AnyWord:
    """Word rules that admit every word: these tests are about options, not the lexicon."""

    def validate_categories(self, categories: object) -> None:
        return None

    def is_playable(self, word: str, categories: object) -> bool:
        return True


def engine(name: str) -> Game:
    if name == "words-of-magic":
        return WordsOfMagic(AnyWord())  # type: ignore[arg-type]
    return GAMES[name].make(None)  # type: ignore[arg-type]


def integer_options(game: Game) -> Iterator[tuple[str, dict[str, Any]]]:
    """The options whose schema admits integers (an integer type, or an enum of numbers)."""
    for name, spec in game.options_schema()["properties"].items():  # type: ignore[attr-defined]
        kinds = spec.get("type", [])
        kinds = [kinds] if isinstance(kinds, str) else kinds
        numbers = [v for v in spec.get("enum", []) if type(v) is int]
        if "integer" in kinds or numbers:
            yield name, spec


def a_whole_number(name: str, spec: dict[str, Any]) -> int:
    """A valid value of an integer option other than its default, where one exists."""
    if name == "first_player":
        return 1
    if "enum" in spec:
        return [v for v in spec["enum"] if type(v) is int][-1]
    return int(spec.get("maximum", spec.get("minimum", 0) + 1))


GAME_NAMES = sorted(GAMES)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_has_integer_options_to_test(name):
    assert [option for option, _ in integer_options(engine(name))], name


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_whole_number_float_is_that_whole_number_and_the_game_plays(name):
    game = engine(name)
    for option, spec in integer_options(game):
        value = a_whole_number(option, spec)
        as_int = game.new({option: value}, seed=7)
        as_float = game.new({option: float(value)}, seed=7)
        assert canonical(as_float) == canonical(as_int), option
        state, rng = as_float, random.Random(1)
        for _ in range(5):  # the first actions index seats and counts with the option
            if game.result(state) is not None:
                break
            seat = game.to_act(state)[0]
            legal = [a for a in game.legal_actions(state, seat) if "needs" not in a]
            if not legal:
                break
            state, _ = game.apply(state, seat, rng.choice(legal))


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("value", [True, False, 2.5, "2", 10**30, -(10**30), 1e300])
def test_a_bool_fraction_string_or_huge_number_is_refused_never_a_crash(name, value):
    game = engine(name)
    for option, _ in integer_options(game):
        with pytest.raises(RuleError) as refused:
            game.new({option: value}, seed=1)
        assert refused.value.code == "invalid_options", (option, value)


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("seed", [True, 1.5, 2.0, None, "1"])
def test_a_seed_that_is_no_whole_number_is_refused(name, seed):
    with pytest.raises(RuleError) as refused:
        engine(name).new({}, seed)
    assert refused.value.code == "invalid_seed"
